"""AWAW routes, exactly (seed 004, chapter 21): the whole derivation a referee reads in ``why``, not only its value.

Straits (21.211, 21.212), islands without port access (21.37), legs (21.36C),
ranges (21.36), returns (21.33) and two-front ports (21.1324). Each test pins the
figures, labels and rule numbers of one result, so that a changed clause, term or
message is noticed.
"""

from __future__ import annotations

import pytest

from awaw_core_fixtures import base, tables, world
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.basing import front_of
from tui.rules.awaw.islands import island_base, island_check
from tui.rules.awaw.ranges import add_edge, box_edge, check_range, edge_note, read_legs
from tui.rules.awaw.returns import check_return, invasion_targets, targeted
from tui.rules.awaw.straits import check_route, find_strait, passage
from tui.rules.core.errors import RuleError


def test_21_211D_kattegat_passage_lists_each_hex_its_holder_and_need() -> None:
    """21.211D: Copenhagen (H32) friendly, H33 friendly or neutral; each hex is one term of the derivation."""
    w = world([], [], hex_control={"H32": "germany", "H33": "neutral"}, phase_control={"H32": "germany", "H33": "neutral"})
    assert passage(w, find_strait("D", tables()), "axis", tables()).to_dict() == {
        "name": "Passage of the Kattegat for axis", "value": "open", "rule": "21.211D",
        "terms": [{"label": "H32 held by germany (needs friendly)", "value": "yes", "rule": "21.211D"},
                  {"label": "H33 held by neutral (needs friendly-or-neutral)", "value": "yes", "rule": "21.211D"}],
        "notes": ["Copenhagen (H32) friendly; H33 friendly or neutral."]}


def test_21_211D_a_neutral_copenhagen_closes_the_kattegat_and_says_which_hex() -> None:
    """21.211D: H32 must be friendly; its term says no while H33 (friendly or neutral) says yes."""
    w = world([], [], phase_control={"H32": "neutral", "H33": "neutral"})
    got = passage(w, find_strait("Kattegat", tables()), "axis", tables())
    assert (got.value, [t.value for t in got.terms]) == ("closed", ["no", "yes"])
    assert passage(w, find_strait("Kattegat", tables()), "allies", tables()).value == "closed"


def test_21_211_without_a_phase_record_the_current_control_counts() -> None:
    """21.211: the control at the start of the phase; a hex the phase did not record is read from the board's control."""
    w = world([], [], hex_control={"AA7": "britain"})
    got = passage(w, find_strait("Gibraltar", tables()), "allies", tables())
    assert (got.value, got.terms[0].label, got.notes) == ("open", "AA7 held by britain (needs friendly)", ())
    unknown = passage(world([], []), find_strait("Gibraltar", tables()), "allies", tables())
    assert (unknown.value, unknown.terms[0].label) == ("closed", "AA7 held by unknown (needs friendly)")


def test_21_211A_crossing_arrows_without_hexes_are_closed_until_the_scenario_names_them() -> None:
    """21.211A: both land sides of a crossing arrow; the table lists no hexes, so passage is refused with the reason."""
    assert passage(world([], []), find_strait("A", tables()), "axis", tables()).to_dict() == {
        "name": "Passage of the Crossing arrow straits for axis", "value": "closed", "rule": "21.211A",
        "terms": [{"label": "no hexes listed: name the crossing arrow in the scenario", "value": "no", "rule": "21.211A"}],
        "notes": ["Both land sides of each crossing arrow must be friendly; the scenario lists the crossing arrows it "
                  "uses as their own straits."]}


def test_21_211B_a_closed_gibraltar_refusal_names_the_hex_and_its_holder() -> None:
    """21.211B: the refusal quotes the failing hex, its holder and the clause."""
    w = world([], [], phase_control={"AA7": "britain"})
    with pytest.raises(RuleError) as err:
        check_route(w, ["B"], "axis", tables())
    assert str(err.value) == "the Gibraltar is closed to axis this phase: AA7 held by britain (needs friendly) (21.211B)"
    assert [c.name for c in check_route(w, ["B"], "allies", tables())] == ["Passage of the Gibraltar for allies"]


def test_21_211_an_unknown_strait_is_refused_by_its_kind() -> None:
    """21.211 A-I: a strait is named by letter or name; another word is refused as a strait."""
    with pytest.raises(RuleError, match=r"^no strait called 'Panama'$"):
        find_strait("Panama", tables())


def test_21_37_islands_name_the_clause_that_lets_each_one_be_used() -> None:
    """21.37A one-hex islands and 21.37B beach hexes of Palawan, New Ireland and Halmahera, one term each."""
    assert island_check(["Palawan", "Wake"], ops_tables()).to_dict() == {
        "name": "islands without port access", "value": 2, "rule": "21.37",
        "terms": [{"label": "Palawan: Palawan's beach hexes, as though they were a port (21.37B)", "value": 1, "rule": "21.37"},
                  {"label": "Wake: a one-hex island without a port (21.37A)", "value": 1, "rule": "21.37"}],
        "notes": []}


def test_21_37_a_held_island_is_an_end_that_bases_no_ships_and_an_unconfirmed_one_is_refused() -> None:
    """21.37, 21.435D: controlled since the start of the player turn, confirmed by the referee."""
    b = island_base("Wake", "japan", "pacific", True, "transport", ops_tables())
    assert (b.kind, b.control, b.control_at_start, b.theater) == ("island", "japan", "japan", "pacific")
    assert b.note == "island without port access (21.37): a one-hex island without a port (21.37A)"
    with pytest.raises(RuleError) as err:
        island_base("new ireland", "japan", "pacific", False, "transport", ops_tables())
    assert str(err.value) == ("transport: new ireland is used as new ireland's beach hexes, as though they were a port "
                              "(21.37B) only while controlled since the start of the player turn; confirm with "
                              "--island-held (21.37, 21.435D)")


def test_21_36C_legs_are_the_hexes_between_touched_ports_in_order() -> None:
    """21.36C: ``12,15,7``, spaces and a trailing comma allowed; a leg of 0 hexes is a leg."""
    assert read_legs("12, 15,7,") == [12, 15, 7]
    assert read_legs("0") == [0]


@pytest.mark.parametrize("typed, message", [
    ("", "legs: hexes between the ports touched, e.g. 12,15,7 (21.36C)"),
    (" , ", "legs: hexes between the ports touched, e.g. 12,15,7 (21.36C)"),
    ("12,x", "a leg in hexes must be a whole number (from 0 to 999), not 'x'"),
    ("1000", "a leg in hexes must be from 0 to 999, not '1000'"),
])
def test_21_36C_legs_that_are_not_hex_counts_are_refused(typed: str, message: str) -> None:
    """21.36C: each leg a whole number of hexes."""
    with pytest.raises(RuleError) as err:
        read_legs(typed)
    assert str(err.value) == message


def test_21_33_units_from_a_sw_box_return_to_it() -> None:
    """21.33, 5.91: an operation from the Atlantic SW box returns there, nowhere else."""
    sw = base("Atlantic SW", kind="sw-box")
    assert check_return(sw, sw, in_combat=False, invaded=[], only=False) == []
    with pytest.raises(RuleError) as err:
        check_return(sw, base("Malta"), in_combat=False, invaded=[], only=False)
    assert str(err.value) == ("return: naval units carrying out an operation from the Atlantic SW box must return to the SW "
                              "box, not Malta (21.33, 5.91)")


def test_21_33_a_base_targeted_by_an_enemy_invasion_only_as_the_only_base_available() -> None:
    """21.33: in the combat phase, a targeted base is refused unless it is the only one; outside it, no restriction."""
    malta, naples = base("Malta"), base("Naples")
    with pytest.raises(RuleError) as err:
        check_return(malta, naples, in_combat=True, invaded=["naples"], only=False)
    assert str(err.value) == ("return: Naples is the target of an enemy seaborne invasion this combat phase; naval units may "
                              "not return there unless it is the only base available (say so with --only) (21.33)")
    assert check_return(malta, naples, in_combat=True, invaded=["Naples"], only=True) == [
        "Naples is the target of an enemy seaborne invasion: allowed as the only base available (21.33)"]
    assert check_return(malta, naples, in_combat=False, invaded=["Naples"], only=False) == []


def test_21_1324_a_two_front_port_is_on_the_front_the_activity_passes_through() -> None:
    """21.131, 21.1324: one front for an ordinary base; a two-front port needs the front named, one of its own."""
    gib = base("Gibraltar", fronts=("atlantic", "mediterranean"))
    assert front_of(gib, "atlantic") == "atlantic"
    with pytest.raises(RuleError) as err:
        front_of(gib)
    assert str(err.value) == ("Gibraltar is a two-front port (atlantic, mediterranean): name the front the activity passes "
                              "through (21.1324)")
    with pytest.raises(RuleError) as err:
        front_of(gib, "western")
    assert str(err.value) == "Gibraltar is on the atlantic and mediterranean fronts, not western (21.132)"
    assert front_of(base("Brest", fronts=("western",)), "mediterranean") == "western"
    assert front_of(base("Nowhere", fronts=())) == ""


OFFENSIVE = "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission)"
OFF_RULE = "21.3614, 21.412, 21.432, 21.512, 21.522"
TYPED = {"label": "distance by water, typed (RULINGS A1)", "rule": "21.36A, 21.36B"}


def test_21_3614_21_36C_an_offensive_mission_within_20_hexes_touching_a_port_every_10_in_the_pacific() -> None:
    """21.3614 and 21.36C: 20 hexes in two legs of 10 through Truk; every figure is a term."""
    got = check_range("offensive", "pacific", 20, tables(), legs=[10, 10], ports=["Truk"])
    assert got.to_dict() == {
        "name": f"{OFFENSIVE} range", "value": 20, "rule": OFF_RULE,
        "terms": [{**TYPED, "value": 20}, {"label": "limit in Pacific", "value": 20, "rule": OFF_RULE},
                  {"label": "a port touched at least every (Pacific)", "value": 10, "rule": f"21.36C, {OFF_RULE}"},
                  {"label": "leg 1", "value": 10, "rule": "21.36C"}, {"label": "leg 2", "value": 10, "rule": "21.36C"}],
        "notes": ["ports touched: Truk"]}


@pytest.mark.parametrize("kind, theater, distance, legs, message", [
    ("offensive", "pacific", 21, [10, 10], f"Offensive mission: 21 hexes is beyond the 20-hex limit in Pacific ({OFF_RULE})"),
    ("base-change", "europe", 41, None, "Base change: 41 hexes is beyond the 40-hex limit in Europe (21.223, 21.3613)"),
])
def test_21_361_a_distance_beyond_the_theater_limit_is_refused(kind: str, theater: str, distance: int,
                                                               legs: list[int] | None, message: str) -> None:
    """21.3613, 21.3614: one hex beyond the limit is refused; the limit itself is accepted."""
    with pytest.raises(RuleError) as err:
        check_range(kind, theater, distance, tables())
    assert str(err.value) == message
    assert check_range(kind, theater, distance - 1, tables(), legs=legs).value == distance - 1


def test_21_3613_a_base_change_has_a_limit_but_no_port_every_leg() -> None:
    """21.3613: 40 hexes in Europe in one stretch; no leg terms."""
    assert check_range("base-change", "europe", 40, tables()).to_dict() == {
        "name": "Base change range", "value": 40, "rule": "21.223, 21.3613",
        "terms": [{**TYPED, "value": 40}, {"label": "limit in Europe", "value": 40, "rule": "21.223, 21.3613"}], "notes": []}


def test_21_3612_sea_escort_has_no_overall_limit_only_a_port_every_20_hexes() -> None:
    """21.3612, 21.36C: 45 hexes in Europe in legs of 20, 20 and 5."""
    assert check_range("escort", "europe", 45, tables(), legs=[20, 20, 5]).to_dict() == {
        "name": "Sea supply, NR, sea escort range", "value": 45, "rule": "21.3612",
        "terms": [{**TYPED, "value": 45},
                  {"label": "a port touched at least every (Europe)", "value": 20, "rule": "21.36C, 21.3612"},
                  {"label": "leg 1", "value": 20, "rule": "21.36C"}, {"label": "leg 2", "value": 20, "rule": "21.36C"},
                  {"label": "leg 3", "value": 5, "rule": "21.36C"}], "notes": []}
    with pytest.raises(RuleError) as err:
        check_range("escort", "europe", 21, tables())
    assert str(err.value) == "Sea supply, NR, sea escort: leg 1 crosses 21 hexes without touching a port; the most is 20 (21.36C, 21.3612)"


def test_21_36C_legs_must_add_up_to_the_distance() -> None:
    """21.36C: the legs are the distance, port to port."""
    with pytest.raises(RuleError) as err:
        check_range("offensive", "pacific", 20, tables(), legs=[10, 9])
    assert str(err.value) == "the legs (10+9 = 19) must add up to the distance 20 (21.36C)"


def test_21_3617_a_leg_to_or_from_port_moresby_is_five_hexes_at_most() -> None:
    """21.3617: Port Moresby and Sandakan meet 21.36C for at most five hexes, on the legs that touch them."""
    got = check_range("offensive", "pacific", 15, tables(), legs=[10, 5], ports=["Rabaul", "Port Moresby"])
    assert got.notes == ("leg 2 touches Port Moresby: 5 hexes at most (21.3617)", "ports touched: Rabaul, Port Moresby")
    for legs, ports, leg in (([10, 6], ["Rabaul", "Port Moresby"], 2), ([6, 10], ["Sandakan", "Rabaul"], 1)):
        with pytest.raises(RuleError) as err:
            check_range("offensive", "pacific", 16, tables(), legs=legs, ports=ports)
        assert str(err.value) == (f"Offensive mission: leg {leg} crosses 6 hexes without touching a port; the most is 5 "
                                  f"(21.36C, {OFF_RULE})")


def test_21_3615A_the_hawaiian_exception_lengthens_the_first_leg_only() -> None:
    """21.3615A: a first leg of 15 hexes; 16 is refused under the exception's clause, a later leg keeps the 10 of 21.36C."""
    got = check_range("offensive", "pacific", 20, tables(), legs=[15, 5], exception="hawaii-15")
    assert ([t.value for t in got.terms][-2:], got.notes) == (
        [15, 5], ("exception: Hawaiian Islands, Midway and Johnston Island held and supplied (21.3615A)",))
    with pytest.raises(RuleError) as err:
        check_range("offensive", "pacific", 20, tables(), legs=[16, 4], exception="hawaii-15")
    assert str(err.value) == "Offensive mission: leg 1 crosses 16 hexes without touching a port; the most is 15 (21.36C, 21.3615A)"
    with pytest.raises(RuleError) as err:
        check_range("offensive", "pacific", 20, tables(), legs=[5, 15], exception="hawaii-15")
    assert str(err.value) == f"Offensive mission: leg 2 crosses 15 hexes without touching a port; the most is 10 (21.36C, {OFF_RULE})"


def test_21_3616D_an_unlimited_exception_checks_nothing_but_says_which() -> None:
    """21.3616D: the initial attack on Pearl Harbor has no range limit; an unknown exception is refused with the list."""
    assert check_range("offensive", "pacific", 60, tables(), exception="pearl-harbor").to_dict() == {
        "name": f"{OFFENSIVE} range", "value": 60, "rule": "21.3616D", "terms": [{**TYPED, "value": 60}],
        "notes": ["exception: The initial Japanese attack on Pearl Harbor (21.3616D)"]}
    with pytest.raises(RuleError) as err:
        check_range("offensive", "pacific", 6, tables(), exception="bogus")
    assert str(err.value) == ("no range exception 'bogus'; known: hawaii-15, hawaii-20, aleutians-allied, japan, "
                              "aleutians-japan, pearl-harbor, not-at-war (21.3615, 21.3616)")


def test_21_17_box_edge_hexes_are_added_to_the_first_leg() -> None:
    """21.16, 21.17, 21.413B (proposed ruling A13): the India box is 8 hexes from the board edge; other places none."""
    assert box_edge("India", tables()) == (8, "21.17, 21.413B")
    assert box_edge("Malta", tables()) == (0, "")
    assert add_edge(10, [4, 6], 8) == (18, [12, 6])
    assert add_edge(10, None, 8) == (18, None)
    assert add_edge(10, [4, 6], 0) == (10, [4, 6])
    assert edge_note("India", 8, "21.17") == ("8 hexes from the India box to the board edge added to the distance typed "
                                              "from the edge (21.17; proposed ruling A13)")


def test_21_33_the_hexes_the_enemy_invades_this_player_turn() -> None:
    """21.33: the enemy's announced invasions, less aborted ones and those defeated at sea; none in one's own turn."""
    ops = {"turn": "3:axis", "missions": {
        "a": {"kind": "invasion", "hex": "k12"}, "b": {"kind": "invasion", "hex": "L1", "result": "aborted"},
        "c": {"kind": "invasion", "hex": "L2", "result": "defeated-at-sea"}, "d": {"kind": "transport", "hex": "L3"},
        "e": {"kind": "invasion", "hex": "L4", "result": "won"}}}
    assert invasion_targets(ops, "allies") == ["K12", "L4"]
    assert invasion_targets(ops, "axis") == []
    assert invasion_targets({"turn": "axis", "missions": ops["missions"]}, "allies") == []
    assert invasion_targets({}, "allies") == []
    assert invasion_targets({"turn": "3:axis"}, "allies") == []


def test_21_33_a_base_is_targeted_by_its_hex_or_its_name() -> None:
    """21.33 (ruling A6: a base is its hex and its name alike)."""
    assert targeted(base("Malta", hex="K12"), ["k12"]) and targeted(base("Malta"), ["MALTA"])
    assert not targeted(base("Malta", hex="K12"), []) and not targeted(base("Malta"), ["K12"])
