"""AWAW routes, exactly (seed 004, chapter 21): the whole derivation a referee reads in ``why``, not only its value.

Straits (21.211, 21.212), islands without port access (21.37), legs (21.36C),
returns (21.33) and two-front ports (21.1324). Each test pins the
figures, labels and rule numbers of one result, so that a changed clause, term or
message is noticed.
"""

from __future__ import annotations

import pytest

from awaw_core_fixtures import base, tables, world
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.basing import front_of
from tui.rules.awaw.islands import island_base, island_check
from tui.rules.awaw.ranges import read_legs
from tui.rules.awaw.returns import check_return
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
    assert (got.value, got.terms[0].label) == ("open", "AA7 held by britain (needs friendly)")
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
