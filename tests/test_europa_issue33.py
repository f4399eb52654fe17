"""Issue 33: the outsider's cases for Europa (seeds 000 rule 31 and 003 rule 33), kept as tests.

The cases are docs/cases/issue33-outsider-cases.md, written from the rule text
and shared/RULINGS.md without reading the code. Each test names its case (C1.2,
X3, ...) and rule; expected figures are the outsider's, worked by hand from
the PORT SUMMARY (31.A.1 Table 1). Where a test departs from the outsider's
figure, its docstring says so and quotes the clause that decides.

Section 1 is the wrong reading of the issue: dedicated NTs above a damaged
port's new maximum still used up its capacity. One computed term,
``ports.nts_in_force``, is now read by the SLP cost, capacity used and left,
the markers and every refusal.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.europa import ports as P
from tests.test_europa_referee import game, ok, port, refused  # noqa: F401 (game is a fixture)
from tui.session import memory_game


def to(game, key: str) -> None:
    for _ in range(80):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")




def row(game, name: str) -> dict:
    return next(r for r in game.ruleset.views["ports"](game.state) if r["name"] == name)


def figures(game, name: str) -> dict:
    """The figures a referee reads, by the names the outsider's tables use."""
    p, t = port(game, name), game.ruleset.tables
    return {"cap": P.re_capacity(p, t).value, "max_nts": P.max_nt_res(p, t).value,
            "nts": P.nts_in_force(p, t).value, "used": P.capacity_used(p, t).value,
            "left": P.capacity_left(p, t).value, "acts_as": P.acts_as(p, t).value,
            "slp": P.slp_cost(p, t).value, "intrinsic": P.intrinsic_capacity(p, t).value}


def markers(game, name: str) -> list[tuple[str, str]]:
    return P.markers(port(game, name), game.ruleset.tables)


# --- 1. dedicated NTs never exceed the max REs of NTs, and count as capacity used ------------------------------


def test_issue33_repro_naples_dedicated_nts_above_the_damaged_max_do_not_use_capacity(game) -> None:
    """Table 1 note #, RULINGS E6, E8: Naples (major), dedicate 4, hit 6: a 3-RE port, max NTs 4 x 3/6 = 2.

    Failed before the fix: capacity left read the raw 4 (left 0, Port Used) while the SLP cost read 2.
    """
    ok(game, "dedicate Naples 4")
    ok(game, "hit Naples 6")
    shown = row(game, "Naples")  # what `why Naples` and the Ports mode show
    assert (shown["capacity_left"], shown["slp_cost"], shown["markers"]) == (1.0, 10.0, "Port Hit 6, Capacity Used 2")
    f = figures(game, "Naples")
    assert (f["cap"], f["max_nts"], f["nts"], f["used"], f["left"], f["slp"]) == (3.0, 2.0, 2.0, 2.0, 1.0, 10.0)
    assert markers(game, "Naples") == [("Port Hit", "6"), ("Capacity Used", "2")]
    shown = {e.name: e for e in ok(game, "why Naples").explanations}
    left = shown["capacity left"]
    assert left.value == 1.0
    assert [(t.label, t.value) for t in left.terms] == [("RE capacity", 3.0), ("cargo embarked/disembarked", 0.0),
                                                         ("REs of NTs dedicated (up to max)", 2.0)]
    force = shown["REs of NTs in force"]
    assert [(t.label, t.value) for t in force.terms] == [("REs of NTs dedicated", 4.0), ("max REs of NTs", 2.0)]
    assert "2 REs of the NTs dedicated do not count now" in force.notes
    # 1 RE is left: cargo of 1 RE goes through, a second is refused
    ok(game, "use Naples 1")
    refused(game, "use Naples 0.5", "exceed the 0 REs left")


def test_C1_1_baseline_alexandria_dedicate_4(game) -> None:
    """C1.1, Table 1 note #, E8: used 4, left 2, Capacity Used 4, SLP 20 - 40 -> 0 (never below 0), intrinsic 48."""
    ok(game, "dedicate Alexandria 4")
    assert figures(game, "Alexandria") == {"cap": 6.0, "max_nts": 4.0, "nts": 4.0, "used": 4.0, "left": 2.0,
                                           "acts_as": "major", "slp": 0.0, "intrinsic": 48.0}
    assert markers(game, "Alexandria") == [("Capacity Used", "4")]


@pytest.mark.parametrize("res", ["4.5", "5"])
def test_C1_1_dedicating_over_the_max_is_refused(game, res: str) -> None:
    """C1.1, Table 1 note # ("up to the maximum number of NTs allowed"): a major port takes at most 4."""
    refused(game, f"dedicate Alexandria {res}", "at most 4 REs of NTs")


# hits: (RE cap, max NTs, NTs in force = used, left, acts as, SLP, intrinsic) -- the outsider's C1.2 table
C1_2 = {
    0: (6.0, 4.0, 4.0, 2.0, "major", 0.0, 48.0),
    1: (5.5, 3.5, 3.5, 2.0, "major", 0.0, 44.0),
    2: (5.0, 3.0, 3.0, 2.0, "major", 0.0, 40.0),
    3: (4.5, 3.0, 3.0, 1.5, "major", 0.0, 36.0),
    4: (4.0, 2.5, 2.5, 1.5, "major", 0.0, 32.0),
    5: (3.5, 2.0, 2.0, 1.5, "major", 0.0, 28.0),
    6: (3.0, 2.0, 2.0, 1.0, "standard", 10.0, 24.0),
    7: (2.5, 1.5, 1.5, 1.0, "standard", 15.0, 20.0),
    8: (2.0, 1.0, 1.0, 1.0, "standard", 20.0, 16.0),
    9: (1.5, 1.0, 1.0, 0.5, "minor", 30.0, 12.0),
    10: (1.0, 0.5, 0.5, 0.5, "minor", 35.0, 8.0),
    11: (0.5, 0.0, 0.0, 0.5, "jetty", 50.0, 4.0),
    12: (0.0, 0.0, 0.0, 0.0, None, None, 0.0),
}


@pytest.mark.parametrize("hits", sorted(C1_2))
def test_C1_2_dedicate_4_then_hits(game, hits: int) -> None:
    """C1.2, Table 1 note # and note 2, 31.A.3, 31.A.7; RULINGS E3-E6, E8: every figure reads the NTs in force.

    ½ RE of NTs lowers the SLP cost by 5 (7 and 10 hits): "10 per each RE" pro rata, as the outsider flags (a).
    """
    ok(game, "dedicate Alexandria 4")
    if hits:
        ok(game, f"hit Alexandria {hits}")
    cap, top, nts, left, kind, slp, intrinsic = C1_2[hits]
    assert figures(game, "Alexandria") == {"cap": cap, "max_nts": top, "nts": nts, "used": nts, "left": left,
                                           "acts_as": kind, "slp": slp, "intrinsic": intrinsic}
    expected = [("Port Hit", str(hits))] if hits else []
    if nts:
        expected.append(("Capacity Used", P.fmt_number(nts)))
    assert markers(game, "Alexandria") == expected  # never a Port Used from NTs that do not count


def test_C1_3_dedicated_nts_plus_cargo_then_a_hit(game) -> None:
    """C1.3, 31.A.1: dedicate 4 + 2 REs of cargo = 6 of 6, Port Used; 2 hits: cap 5, NTs 3, used 5, still full.

    Departs from the outsider on one marker: 31.A.1 places "Capacity Used" when "part of the capacity" is used
    and "Port Used" when "the entire capacity" is; the app shows Port Used alone on a full port (RULINGS E11),
    not Capacity Used 5 beside it.
    """
    ok(game, "dedicate Alexandria 4")
    ok(game, "use Alexandria 2")
    f = figures(game, "Alexandria")
    assert (f["used"], f["left"]) == (6.0, 0.0) and markers(game, "Alexandria") == [("Port Used", "")]
    ok(game, "hit Alexandria 2")
    f = figures(game, "Alexandria")
    assert (f["cap"], f["max_nts"], f["nts"], f["used"], f["left"]) == (5.0, 3.0, 3.0, 5.0, 0.0)
    assert markers(game, "Alexandria") == [("Port Hit", "2"), ("Port Used", "")]


def test_C1_3b_a_hit_after_full_use_keeps_the_nts_up_to_the_max(game) -> None:
    """C1.3b (unclear in the text): a third hit, cap 4½, max NTs 3, 2 REs of cargo already moved.

    Departs from the outsider's proposal (NTs in force min(3, 4½ - 2) = 2½, used 4½): RULINGS E8 caps dedicated
    NTs only by "the port's max REs of NTs", so 3 stay in force, used 2 + 3 = 5 of 4½, left 0, Port Used, SLP 0.
    The outsider's reading is put to the referee as P2 in docs/rulings-proposed.md, not implemented.
    """
    ok(game, "dedicate Alexandria 4")
    ok(game, "use Alexandria 2")
    ok(game, "hit Alexandria 3")
    f = figures(game, "Alexandria")
    assert (f["cap"], f["max_nts"], f["nts"], f["used"], f["left"], f["slp"]) == (4.5, 3.0, 3.0, 5.0, 0.0, 0.0)
    assert markers(game, "Alexandria") == [("Port Hit", "3"), ("Port Used", "")]


def test_C1_4_hit_first_then_dedicate_ends_where_C1_2_does(game) -> None:
    """C1.4, Table 1 note #, E8: 6 hits first (max NTs 2): 4 and 3 refused, 2 accepted; same state as C1.2 at 6."""
    ok(game, "hit Alexandria 6")
    assert figures(game, "Alexandria")["slp"] == 30.0 and markers(game, "Alexandria") == [("Port Hit", "6")]
    refused(game, "dedicate Alexandria 4", "at most 2 REs of NTs")
    refused(game, "dedicate Alexandria 3", "at most 2 REs of NTs")
    ok(game, "dedicate Alexandria 2")
    cap, top, nts, left, kind, slp, intrinsic = C1_2[6]
    assert figures(game, "Alexandria") == {"cap": cap, "max_nts": top, "nts": nts, "used": nts, "left": left,
                                           "acts_as": kind, "slp": slp, "intrinsic": intrinsic}
    assert markers(game, "Alexandria") == [("Port Hit", "6"), ("Capacity Used", "2")]


def test_C1_5_dedication_is_limited_by_the_capacity_left(game) -> None:
    """C1.5, 31.A.1 note, E8: Haifa (standard 3): 2 REs used, dedicate 2 refused, 1 accepted: full, SLP 20."""
    ok(game, "use Haifa 2")
    refused(game, "dedicate Haifa 2", "dedicated NTs count as capacity used", "exceed the 1 left")
    ok(game, "dedicate Haifa 1")
    f = figures(game, "Haifa")
    assert (f["used"], f["left"], f["slp"]) == (3.0, 0.0, 20.0)
    assert markers(game, "Haifa") == [("Port Used", "")]  # see C1.3 on the Capacity Used marker


def test_C1_6a_collateral_damage_caps_the_nts_as_a_hit_does(game) -> None:
    """C1.6 (a), 31.A.4, note 2 ("Anything affecting the RE capacity"): acts as standard: cap 3, NTs 2, SLP 10."""
    ok(game, "dedicate Alexandria 4")
    ok(game, "collateral Alexandria on")
    assert figures(game, "Alexandria") == {"cap": 3.0, "max_nts": 2.0, "nts": 2.0, "used": 2.0, "left": 1.0,
                                           "acts_as": "standard", "slp": 10.0, "intrinsic": 24.0}


def test_C1_6b_a_reduced_port_takes_the_smaller_max(game) -> None:
    """C1.6 (b), 31.A.5: Benghazi (major, Reduced 1): 4 and 3 refused, 2 accepted: used 2, left 1, SLP 10."""
    refused(game, "dedicate Benghazi 4", "at most 2 REs of NTs")
    refused(game, "dedicate Benghazi 3", "at most 2 REs of NTs")
    ok(game, "dedicate Benghazi 2")
    f = figures(game, "Benghazi")
    assert (f["used"], f["left"], f["slp"]) == (2.0, 1.0, 10.0)


def test_C1_6c_the_dedication_counts_again_when_the_capacity_comes_back(game) -> None:
    """C1.6 (c) (unclear): the app keeps the dedication and caps the figure in force, so collateral off gives
    4/used 4/left 2 and SLP 0; the SLP cost and capacity used read the same figure either way."""
    ok(game, "dedicate Alexandria 4")
    ok(game, "collateral Alexandria on")
    ok(game, "collateral Alexandria off")
    f = figures(game, "Alexandria")
    assert (f["nts"], f["used"], f["left"], f["slp"]) == (4.0, 4.0, 2.0, 0.0)


@pytest.mark.parametrize("hqs, hits, slp, used", [(1, 0, 0.0, 4.0), (1, 6, 20.0, 2.0), (2, 6, 30.0, 2.0),
                                                  (2, 8, 30.0, 1.0)])
def test_C1_7_army_hqs_take_their_re_of_nts_first(game, hqs: int, hits: int, slp: float, used: float) -> None:
    """C1.7, Table 1 note 1: each Army HQ needs its RE of NTs before any lowers the SLP cost; NTs in force capped."""
    ok(game, f"dedicate Alexandria 4 --hqs {hqs}")
    if hits:
        ok(game, f"hit Alexandria {hits}")
    f = figures(game, "Alexandria")
    assert (f["slp"], f["used"]) == (slp, used)


def test_C1_8_mulberry_own_row_and_artificial_harbour(game) -> None:
    """C1.8, 31.A.9, 31.A.12, E6, E7, E15: dedicate 1: SLP 25; 1 hit = 2 effective: cap 2, max NTs ½, SLP 30."""
    ok(game, "port add Mul mulberry allied")
    ok(game, "dedicate Mul 1")
    f = figures(game, "Mul")
    assert (f["used"], f["left"], f["slp"]) == (1.0, 2.0, 25.0)
    ok(game, "hit Mul 1")
    f = figures(game, "Mul")
    assert f == {"cap": 2.0, "max_nts": 0.5, "nts": 0.5, "used": 0.5, "left": 1.5, "acts_as": "mulberry",
                 "slp": 30.0, "intrinsic": 16.0}
    assert P.he_capacity(port(game, "Mul"), game.ruleset.tables).value == 0.5
    refused(game, "dedicate Mul 1", "at most ½ REs of NTs")


def test_C1_9_great_port(game) -> None:
    """C1.9: great port, dedicate 8, 6 hits: cap 9, max NTs 8 x 9/12 = 6, used 6, left 3, SLP 0, intrinsic 72."""
    ok(game, "port add G great axis")
    refused(game, "dedicate G 9", "at most 8 REs of NTs")
    ok(game, "dedicate G 8")
    ok(game, "hit G 6")
    assert figures(game, "G") == {"cap": 9.0, "max_nts": 6.0, "nts": 6.0, "used": 6.0, "left": 3.0,
                                  "acts_as": "great", "slp": 0.0, "intrinsic": 72.0}


# --- 2. 31.A.2: intrinsic supply capacity and NT dedication, both orders (docs/rulings-proposed.md P1) ------------


def haifa_state(game) -> tuple:
    f = figures(game, "Haifa")
    return (port(game, "Haifa").intrinsic_used, f["intrinsic"], f["slp"], f["used"], f["left"], markers(game, "Haifa"))


HAIFA_BOTH = (True, 24.0, 20.0, 1.0, 2.0, [("Capacity Used", "1"), ("Port Used", "")])


def test_P1_C2_1_intrinsic_first_then_nts(game) -> None:
    """C2.1, 31.A.2 example: intrinsic, then dedicate 1 (allowed): intrinsic 24, SLP 20, used 1, left 2; combat
    units refused (31.A.2, Table 1 note 4), SPs accepted ("these are not combat units")."""
    ok(game, "intrinsic Haifa")
    assert markers(game, "Haifa") == [("Port Used", "")]
    ok(game, "dedicate Haifa 1")
    assert haifa_state(game) == HAIFA_BOTH
    refused(game, "use Haifa 1", "combat units may not embark or debark", "31.A.2")
    ok(game, "use Haifa 1 --supply")
    f = figures(game, "Haifa")
    assert (f["used"], f["left"]) == (2.0, 1.0)


def test_P1_C2_2_nts_first_then_intrinsic_ends_in_the_same_state(game) -> None:
    """C2.2, docs/rulings-proposed.md P1 (the outsider's proposed reading): dedicate 1, then intrinsic is accepted
    (it was refused before issue 33: the order decided the state); the state equals C2.1's."""
    ok(game, "dedicate Haifa 1")
    ok(game, "intrinsic Haifa")
    assert haifa_state(game) == HAIFA_BOTH
    other = memory_game(data_dir(), seed=1, clock=fixed_clock)
    ok(other, "intrinsic Haifa")
    ok(other, "dedicate Haifa 1")
    assert port(game, "Haifa") == port(other, "Haifa")


def test_P1_C2_3_combat_units_first_bar_intrinsic(game) -> None:
    """C2.3, 31.A.1 note ("as long as no port capacity of any kind is marked as being used previously")."""
    ok(game, "use Haifa 1")
    refused(game, "intrinsic Haifa", "capacity is already marked used", "RULINGS E11")


def test_P1_C2_4_sps_first_still_bar_intrinsic(game) -> None:
    """C2.4: the outsider flags it (accepted under their proposal). P1 leaves it as 31.A.1 says: cargo "of any
    kind ... previously" bars the declaration; only NTs for the SLP cost are freed by the 31.A.2 example."""
    ok(game, "use Haifa 1 --supply")
    refused(game, "intrinsic Haifa", "capacity is already marked used")


def test_P1_C2_5_either_players_turn_and_the_marker_goes_with_the_owner(game) -> None:
    """C2.5, 31.A.1: declared in the Axis turn for an Allied port; Port Used stays past the Axis reinforcement
    phase and goes at the end of the Allied (owning) one; a dedication in the Allied turn follows C2.1."""
    assert game.segment.key == "axis-turn/initial/initial-naval"
    ok(game, "intrinsic Haifa")
    to(game, "allied-turn/initial/initial-naval")
    assert port(game, "Haifa").intrinsic_used and markers(game, "Haifa") == [("Port Used", "")]
    ok(game, "dedicate Haifa 1")
    assert haifa_state(game) == HAIFA_BOTH
    to(game, "allied-turn/reinforcement")
    ok(game, "next --force")
    assert not port(game, "Haifa").intrinsic_used and markers(game, "Haifa") == []


def test_P1_C2_6_intrinsic_with_damage_and_mines(game) -> None:
    """C2.6, E5, E6, E10: 2 hits: cap 2, intrinsic 16, max NTs 1; 1 mine: intrinsic 12, cap and max NTs unchanged;
    intrinsic, then dedicate 2 refused (max 1), 1 accepted: SLP 30 - 10 = 20 (acts as standard at cap 2)."""
    ok(game, "hit Haifa 2")
    f = figures(game, "Haifa")
    assert (f["cap"], f["intrinsic"], f["max_nts"]) == (2.0, 16.0, 1.0)
    ok(game, "mines Haifa 1")
    f = figures(game, "Haifa")
    assert (f["cap"], f["intrinsic"], f["max_nts"]) == (2.0, 12.0, 1.0)
    ok(game, "intrinsic Haifa")
    refused(game, "dedicate Haifa 2", "at most 1 REs of NTs")
    ok(game, "dedicate Haifa 1")
    assert (figures(game, "Haifa")["slp"], figures(game, "Haifa")["acts_as"]) == (20.0, "standard")


# --- 3. 31.A.8 Krasnovodsk ---------------------------------------------------------------------------------------


def test_C3_1_krasnovodsk_is_a_minor_port(game) -> None:
    """C3.1, 31.A.8 ("Krasnovodsk is a minor port"), Table 1 Minor row, E7, 31.A.14: every figure of a minor port."""
    k, t = port(game, "Krasnovodsk"), game.ruleset.tables
    assert (k.type, k.owner, k.nation, k.sea_zone) == ("minor", "allied", "soviet", "Caspian Sea")
    assert "off-map" in k.hex and "Central Asian MD" in k.hex
    assert figures(game, "Krasnovodsk") == {"cap": 1.5, "max_nts": 1.0, "nts": 0.0, "used": 0.0, "left": 1.5,
                                            "acts_as": "minor", "slp": 40.0, "intrinsic": 12.0}
    assert (P.effective_level(k, t).value, P.he_capacity(k, t).value, P.naval_base(k, t).value) == (1, 0.75, False)
    assert t.port_summary["minor"].max_damage == 3


def test_C3_2_krasnovodsk_damage_and_nts(game) -> None:
    """C3.2: 1 hit: cap 1, HE ¼, intrinsic 8, max NTs ½; 3 hits: not functioning; the 4th adds nothing;
    dedicate 2 refused (max 1), 1 accepted: used 1, left ½, SLP 30."""
    other = memory_game(data_dir(), seed=1, clock=fixed_clock)
    refused(other, "dedicate Krasnovodsk 2", "at most 1 REs of NTs")
    ok(other, "dedicate Krasnovodsk 1")
    f = figures(other, "Krasnovodsk")
    assert (f["used"], f["left"], f["slp"]) == (1.0, 0.5, 30.0)
    ok(game, "hit Krasnovodsk 1")
    f, t = figures(game, "Krasnovodsk"), game.ruleset.tables
    assert (f["cap"], f["intrinsic"], f["max_nts"], f["acts_as"]) == (1.0, 8.0, 0.5, "minor")
    assert P.he_capacity(port(game, "Krasnovodsk"), t).value == 0.25
    ok(game, "hit Krasnovodsk 2")
    f = figures(game, "Krasnovodsk")
    assert (f["cap"], f["intrinsic"], f["acts_as"]) == (0.0, 0.0, None)
    assert port(game, "Krasnovodsk").hits == 3
    game.execute("hit Krasnovodsk 1")
    assert port(game, "Krasnovodsk").hits == 3


def test_C3_3_no_naval_group_moves_to_krasnovodsk_but_a_soviet_one(game) -> None:
    """C3.3, 31.A.8: "A naval group may not move to an enemy off map port". Failed before issue 33: Krasnovodsk is
    kept with the map's ports, not the off-map summary, and an Axis group to it was accepted. The Caspian Sea has
    no anti-shipping table in 33, so nothing there is checked."""
    refused(game, "transit add G1 axis Naples Krasnovodsk 2", "may not move to an enemy off-map port", "31.A.8")
    ok(game, "transit add S1 allied map Krasnovodsk 2")  # more than one step: the counter (31.A.8)
    assert game.state.world.sea.groups["S1"].steps == 2
    refused(game, "check Caspian allied unit@x", "no sea zone called")


# --- 4. 33.D: the contact check is the enemy player's roll -------------------------------------------------------


def roller_of(result) -> str:
    return next(e for e in result.explanations if e.name == "contact roll made by").value


def test_C4_1_axis_cargo_in_the_central_med_the_allied_player_rolls(game) -> None:
    """C4.1, 33.D ("the enemy player rolls two dice"), 33.B.1.a: Malta 8, NSN 8; 7 contacts, 6 does not."""
    ok(game, "malta 8")
    r = ok(game, "check central-med axis unit:2@a dice=3,4,1")
    assert roller_of(r) == "allied" and "NSN 8, 2d6 7 — CONTACT" in r.message
    assert "contact rolls made by the Allied player, the enemy of the shipping checked (33.D)" in r.details
    r = ok(game, "check central-med axis unit:2@b dice=3,3")
    assert roller_of(r) == "allied" and "NSN 8, 2d6 6 — not contacted" in r.message


def test_C4_2_short_route_minus_5(game) -> None:
    """C4.2, 33.B.1.a, E25: Palermo→Bizerte, Malta 8: NSN 3; 7 no effect, 10 contact; the Allied player rolls."""
    ok(game, "malta 8")
    r = ok(game, "check central-med axis unit@a --short dice=3,4")
    assert "NSN 3, 2d6 7 — not contacted" in r.message and roller_of(r) == "allied"
    r = ok(game, "check central-med axis unit@b --short dice=5,5,1")
    assert "NSN 3, 2d6 10 — CONTACT" in r.message


def test_C4_4_the_roller_is_not_the_phasing_player(game) -> None:
    """C4.4, 33.D: in the Allied player turn, Axis shipping is still checked by the Allied player; Allied shipping
    in the Axis turn by the Axis player. Empty NT alone (C4.5): NSN - 5, roller still the enemy."""
    ok(game, "malta 8")
    r = ok(game, "check central-med allied unit@tf dice=1,1")
    assert roller_of(r) == "axis"
    r = ok(game, "check central-med axis empty-nt@nt dice=1,1")
    assert roller_of(r) == "allied" and "NSN 3" in r.message
    to(game, "allied-turn/reaction/reaction-naval")
    r = ok(game, "check central-med axis unit@nt2 dice=1,1")
    assert roller_of(r) == "allied"


def test_33D_contact_roller_explained() -> None:
    """33.D: the roller is the enemy of the side whose cargo is checked, with the clause quoted."""
    from tui.rules.europa.antishipping import contact_roller

    axis, allied = contact_roller("axis"), contact_roller("allied")
    assert (axis.value, allied.value, axis.rule) == ("allied", "axis", "33.D")
    assert [(t.label, t.value) for t in axis.terms] == [("shipping checked", "Axis"), ("rolled by its enemy", "Allied")]
    assert "the enemy player rolls two dice" in axis.notes[0]


# --- 5. 33.E: the ½E result --------------------------------------------------------------------------------------


def breakdown(result) -> dict:
    half = next(e for e in result.explanations if e.name == "½E: Half Eliminated")
    return {t.label: t.value for t in half.terms} | {"notes": half.notes}


def test_C5_1_half_eliminated_outside_a_zone_and_no_further_movement(game) -> None:
    """C5.1, 33.E 3): 2 REs of units, 1d6 6 outside: 1 RE eliminated, 1 returned and disembarked, half the NTs
    sunk, other naval units 1 point; eliminated units generate RPs, involved too; no further movement during the
    player-turn: a later check of the same cargo, in any zone or phase of this player-turn, is refused; next
    player-turn it moves again."""
    ok(game, "malta 8")
    r = ok(game, "check central-med axis unit:2@div dice=4,3,6")
    b = breakdown(r)
    assert (b["REs of cargo"], b["REs eliminated (half)"], b["REs returned to the port of origin and disembarked"],
            b["share of the NTs carrying it sunk"], b["points of damage to other naval units"],
            b["further movement this player-turn"]) == (2.0, 1.0, 1.0, 0.5, 1, "none")
    assert "generate RPs" in b["notes"][0] and "may not move for the rest of the player-turn" in b["notes"][0]
    refused(game, "check western-med axis unit:2@div dice=1,1", "turned back (½E)", "no further movement", "33.E")
    to(game, "axis-turn/exploitation/exploitation-naval")
    refused(game, "check central-med axis unit:2@div dice=1,1", "turned back (½E)")
    ok(game, "check central-med axis unit:2@div --force dice=1,1")  # the referee may override, recorded
    to(game, "allied-turn/initial/initial-naval")
    to(game, "axis-turn/initial/initial-naval")  # the next Axis player-turn
    ok(game, "check central-med axis unit:2@div dice=1,1")


@pytest.mark.parametrize("die, code, held", [(5, "R", True), (4, "R", True), (3, "NE", False), (1, "NE", False)])
def test_C5_1_the_other_faces_outside(game, die: int, code: str, held: bool) -> None:
    """C5.1: 5 and 4 → R (returned, no further movement, 33.E 2), 1-3 → NE (moves on)."""
    ok(game, "malta 8")
    r = ok(game, f"check central-med axis unit:2@div dice=4,3,{die}")
    assert f"= {code}" in r.message
    again = game.execute("check western-med axis unit:2@div dice=1,1")
    assert again.ok is not held


def test_C5_3_the_1_and_a_half_of_3_res(game) -> None:
    """C5.3, 33.E 3): 3 REs of units, ½E: 1½ eliminated, 1½ returned, half of the NTs (1½ of 3 REs) sunk."""
    ok(game, "malta 8")
    r = ok(game, "check central-med axis unit:3@div dice=4,3,6")
    assert "1½ of the 3 REs of div eliminated" in r.message
    b = breakdown(r)
    assert (b["REs eliminated (half)"], b["REs returned to the port of origin and disembarked"]) == (1.5, 1.5)
    assert 3 * b["share of the NTs carrying it sunk"] == 1.5


@pytest.mark.parametrize("column, faces", [
    ("tight", {4: "½E", 5: "E", 2: "R", 1: "NE"}),   # C5.2
    ("loose", {5: "½E", 4: "R", 6: "E", 2: "NE"}),   # C5.2
    ("sp", {1: "R", 2: "1RE", 3: "2RE", 4: "E", 5: "E", 6: "E"}),  # C5.4: no ½E for SPs
])
def test_C5_2_C5_4_shipping_results_columns(game, column: str, faces: dict) -> None:
    """C5.2, C5.4, 33.E Table 6: the columns face by face; empty NTs use the SP column (note 1)."""
    from tui.rules.europa import antishipping as X

    st = sea_tables(game)
    assert {die: X.shipping_result(st, die, column).value for die in faces} == faces
    assert X.results_column(st, "empty-nt", "tight") == "sp" and X.results_column(st, "unit", "loose") == "loose"


def test_C5_5_eliminated_contrast(game) -> None:
    """C5.5, 33.E 4): E eliminates cargo and NTs; other naval units 2 points and back to their port; E is not held
    by the "no further movement" clause (that is 2) and 3) only), the cargo is gone."""
    ok(game, "malta 8")
    r = ok(game, "check central-med axis unit:2@div dice=6,6,1")
    assert "= NE" in r.message  # a 1 outside is No Effect: it moves on
    from tui.rules.europa import antishipping as X
    st = sea_tables(game)
    eff = st.shipping_results.effects["E"]
    assert (eff.fraction_lost, eff.naval_damage, eff.returned) == (1, 2, True) and not X.holds(st, "E")
    assert X.holds(st, "R") and X.holds(st, "½E") and not X.holds(st, "NE") and not X.holds(st, "1RE")


def sea_tables(game):
    from tui.rules.europa.ruleset import load_sea

    return load_sea(data_dir())


# --- 4 (continued). C4.3: the Axis player rolls for Allied shipping --------------------------------------------


def test_C4_3_partial_interference_allied_eastern_med_the_axis_player_rolls(game) -> None:
    """C4.3, 33.B.2.b (S: "partial interference"), Table 3 Eastern Med 6, 33.D: Allied cargo in the Eastern Med in
    the Allied player turn is checked by the Axis player; NSN 6: 2d6 8 contacts (row 8, C from NSN 6), 7 does not
    (row 7, C from NSN 7; RULINGS E20)."""
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "result interference:eastern S")
    r = ok(game, "check eastern-med allied unit:2@a dice=4,4,1")
    assert roller_of(r) == "axis" and "NSN 6, 2d6 8 — CONTACT" in r.message
    r = ok(game, "check eastern-med allied unit:2@b dice=3,4")
    assert roller_of(r) == "axis" and "NSN 6, 2d6 7 — not contacted" in r.message


# --- 9. Further cases: a figure capped in one rule, used raw elsewhere ------------------------------------------


def test_X1_slp_floor_then_the_naval_status_number(game) -> None:
    """X1, Table 1 note #, 33.F, RULINGS E8: Taranto (major, Central Med), Malta 8, dedicate 4: SLP max(0, 20 - 40)
    = 0, SLP count 0 + 8 = 8 (not -20 + 8); 6 hits: max NTs 2, SLP 30 - 20 = 10, count 18."""
    ok(game, "malta 8")
    ok(game, "dedicate Taranto 4")
    r = ok(game, "supply-line Taranto central-med")
    assert "SLP count 8 (33.F)" in r.message
    assert (row(game, "Taranto")["slp_cost"], row(game, "Taranto")["slp_count"]) == (0.0, 8.0)
    ok(game, "hit Taranto 6")
    f = figures(game, "Taranto")
    assert (f["max_nts"], f["nts"], f["slp"]) == (2.0, 2.0, 10.0)
    assert row(game, "Taranto")["slp_count"] == 18.0


def test_X2_max_damage_with_an_artificial_harbour(game) -> None:
    """X2, 31.A.3, 31.A.9, RULINGS E3: Mulberry, 4 hits = 8 effective, capped at its max 6: cap 0, intrinsic 0, not
    functioning; one repair: 5 hits, cap ½, functioning (a stored raw 8 would give 7 and still 0)."""
    ok(game, "port add Mul mulberry allied")
    ok(game, "hit Mul 4")
    f = figures(game, "Mul")
    assert (port(game, "Mul").hits, f["cap"], f["intrinsic"], f["acts_as"]) == (6.0, 0.0, 0.0, None)
    assert P.functioning(port(game, "Mul"), game.ruleset.tables).value is False
    ok(game, "repair Mul 1")
    f = figures(game, "Mul")
    assert (port(game, "Mul").hits, f["cap"]) == (5.0, 0.5)
    assert P.functioning(port(game, "Mul"), game.ruleset.tables).value is True


def test_X4_collateral_damage_beyond_the_smaller_types_max(game) -> None:
    """X4, 31.A.4, 31.A.7, RULINGS E1, E3: Alexandria, 7 hits (cap 2½, max NTs 1½), dedicate 1½; Collateral
    Damage: a standard port with 7 hits: cap max(0, 3 - 3½) = 0, not functioning, intrinsic 0, max NTs 0, NTs 0,
    used 0; Collateral off: cap 2½, max NTs 1½, intrinsic 20 (and the dedication counts again, C1.6c)."""
    ok(game, "hit Alexandria 7")
    f = figures(game, "Alexandria")
    assert (f["cap"], f["max_nts"]) == (2.5, 1.5)
    ok(game, "dedicate Alexandria 1.5")
    ok(game, "collateral Alexandria on")
    assert figures(game, "Alexandria") == {"cap": 0.0, "max_nts": 0.0, "nts": 0.0, "used": 0.0, "left": 0.0,
                                           "acts_as": None, "slp": None, "intrinsic": 0.0}
    assert P.functioning(port(game, "Alexandria"), game.ruleset.tables).value is False
    ok(game, "collateral Alexandria off")
    f = figures(game, "Alexandria")
    assert (f["cap"], f["max_nts"], f["intrinsic"], f["nts"]) == (2.5, 1.5, 20.0, 1.5)


def test_X6_mulberry_great_success_doubles_the_res_landed_not_its_other_figures(game) -> None:
    """X6, 31.A.12 Table 2 S* ("Double the normal REs may be landed in the current turn"): 6 REs may be landed this
    turn; max NTs stays 1 (E6 scales it from the RE capacity, 3, not from the doubled figure), intrinsic 24; Port
    Used only once all 6 are used; the next turn, 3."""
    ok(game, "answer sea-state calm")
    ok(game, "mulberry available 'Mulberry A'")
    ok(game, "beach add Anzio allied hex=Anzio zone=Tyrrhenian")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "mulberry arrive 'Mulberry A' Anzio mps=23")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer mulberry-emplacement clear")
    assert "S* Great Success" in ok(game, "answer emplace:mulberry-a 6").message
    f = figures(game, "Mulberry A")
    assert (f["left"], f["max_nts"], f["intrinsic"]) == (6.0, 1.0, 24.0)
    refused(game, "dedicate 'Mulberry A' 2", "at most 1 REs of NTs")
    ok(game, "use 'Mulberry A' 5")
    assert markers(game, "Mulberry A") == [("Capacity Used", "5")]
    ok(game, "use 'Mulberry A' 1")
    assert markers(game, "Mulberry A") == [("Port Used", "")]
    to(game, "allied-turn/reinforcement")
    ok(game, "next")  # the end of the Allied player turn
    assert figures(game, "Mulberry A")["left"] == 3.0


def test_X7_heavy_equipment_first_damaged_last_repaired(game) -> None:
    """X7, Table 1 **, RULINGS E7: Haifa (standard) HE 1½; 1 hit: cap 2½, HE 1; 3 hits: cap 1½, HE 0 and heavy
    equipment refused; repaired to 2 hits: HE ½. A major port takes heavy equipment on its whole capacity."""
    def he(name: str) -> float:
        return P.he_capacity(port(game, name), game.ruleset.tables).value

    assert he("Haifa") == 1.5
    ok(game, "hit Haifa 1")
    assert (figures(game, "Haifa")["cap"], he("Haifa")) == (2.5, 1.0)
    ok(game, "hit Haifa 2")
    assert (figures(game, "Haifa")["cap"], he("Haifa")) == (1.5, 0.0)
    refused(game, "use Haifa 1 --he", "heavy equipment exceed the 0 left", "RULINGS E7")
    ok(game, "repair Haifa 1")
    assert he("Haifa") == 0.5
    ok(game, "hit Taranto 3")
    assert he("Taranto") == figures(game, "Taranto")["cap"] == 4.5


def test_X8_the_intrinsic_capacity_floor(game) -> None:
    """X8, RULINGS E5, E10: Haifa, 7 mine points: intrinsic 24 - 28 -> 0 (never below); RE capacity 3 and max NTs 2
    unchanged (interdiction lowers intrinsic supply and nothing else)."""
    ok(game, "mines Haifa 7")
    f = figures(game, "Haifa")
    assert (f["intrinsic"], f["cap"], f["max_nts"]) == (0.0, 3.0, 2.0)
    assert markers(game, "Haifa") == [("Port Interdiction", "7")]


def test_X3_a_natural_harbour_halves_each_hit(game) -> None:
    """X3, 31.A.10 ("reduced to 1/2 hit (use fractional hit markers)"), RULINGS E3, E5, E6: Europa Tobruk (standard,
    natural harbour): 1 hit = ½: cap 2¾, intrinsic 22, max NTs 2 x 2¾/3 -> 1½; one repair removes the ½ marker:
    0 hits, cap 3 (not 3¼); 13 hits on a fresh port = 6½, capped at 6: cap 0, intrinsic 0 (not -2).

    Failed before issue 33: `repair Tobruk 1` (and `repair Tobruk`, its default 1) was refused on a port whose only
    marker was ½ ("can repair ... up to ½"); a repair now removes at most the hits there are, as a hit adds at most
    up to the max damage."""
    ok(game, "hit Tobruk 1")
    f = figures(game, "Tobruk")
    assert (port(game, "Tobruk").hits, f["cap"], f["intrinsic"], f["max_nts"]) == (0.5, 2.75, 22.0, 1.5)
    r = ok(game, "repair Tobruk 1")
    assert "½ Port Hit(s) repaired, 0 left" in r.message
    assert (port(game, "Tobruk").hits, figures(game, "Tobruk")["cap"]) == (0.0, 3.0)
    refused(game, "repair Tobruk 1", "has no Port Hits to repair")
    other = memory_game(data_dir(), seed=1, clock=fixed_clock)
    ok(other, "hit Tobruk 13")
    f = figures(other, "Tobruk")
    assert (port(other, "Tobruk").hits, f["cap"], f["intrinsic"]) == (6.0, 0.0, 0.0)


def test_X11_beach_capacity_without_the_landing_table(game) -> None:
    """X11, 31.B.2 ("3 REs" is the older scale) vs Table 1 "1½ (non-amph)", RULINGS E9: 1½ REs a movement phase;
    after 1 RE a second is refused; heavy-equipment cargo (SRPs) uses double: ¾ RE of SRPs takes the whole 1½.

    Failed before issue 33: ¾ RE was refused ("steps of 0.5"), so at most ½ RE of SRPs could land where the beach
    takes ¾; heavy equipment is now read in ¼ REs, the beach capacity it takes staying in ½ REs."""
    ok(game, "beach add Anzio axis hex=Anzio zone=Tyrrhenian")
    r = ok(game, "land Anzio 1")
    assert "½ REs of beach capacity left this phase" in r.message
    refused(game, "land Anzio 1", "1 REs of beach capacity exceed the ½ left", "RULINGS E9")
    to(game, "axis-turn/exploitation/exploitation-naval")  # a new movement phase: 1½ again
    r = ok(game, "land Anzio 0.75 --he")
    assert "¾ REs landed (heavy equipment, double); 0 REs of beach capacity left" in r.message
    taken = next(e for e in r.explanations if e.name == "beach capacity taken")
    assert taken.value == 1.5
    refused(game, "land Anzio 0.5", "exceed the 0 left")
    refused(game, "land Anzio 0.25", "REs must be")  # only heavy equipment comes in ¼ REs


def test_X5_P3_a_destroyed_port_upgraded_is_repaired_from_its_printed_max(game) -> None:
    """X5 (unclear in the text), 31.A.6, RULINGS E2, E3, E12; docs/rulings-proposed.md P3 (the outsider's proposal):
    Athens (major) destroyed: Reduced 3, 12 Port Hits, cap 0. Upgraded once: Reduced 2, a minor port's level (full
    capacity 1½) with its 12 hits: cap 0. Repaired "normally up to its operational capacity": the hits above the
    minor level's max damage (3) are not ignored; 9 repairs leave 3 hits and cap 0, the 10th gives cap ½ and a
    functioning port (acting as a jetty, E4), 12 give 1½, and no more. The capture's Collateral Damage is taken off first (the
    outsider's case has none)."""
    ok(game, "capture Athens allied")
    ok(game, "answer destroy:Athens 1")
    ok(game, "collateral Athens off")
    a = port(game, "Athens")
    assert (a.reduced, a.hits, figures(game, "Athens")["cap"]) == (3, 12.0, 0.0)
    ok(game, "upgrade Athens")
    assert (port(game, "Athens").reduced, figures(game, "Athens")["cap"]) == (2, 0.0)
    cap = next(e for e in ok(game, "why Athens").explanations if e.name == "RE capacity")
    assert any("P3" in n for n in cap.notes)
    ok(game, "repair Athens 9")
    f = figures(game, "Athens")
    assert (port(game, "Athens").hits, f["cap"], f["acts_as"]) == (3.0, 0.0, None)
    ok(game, "repair Athens 1")
    f = figures(game, "Athens")
    assert (port(game, "Athens").hits, f["cap"], f["acts_as"]) == (2.0, 0.5, "jetty")  # E4: ½ RE acts as a jetty
    ok(game, "repair Athens 2")
    assert (port(game, "Athens").hits, figures(game, "Athens")["cap"]) == (0.0, 1.5)
    refused(game, "repair Athens 1", "has no Port Hits to repair")
    assert not any("P3" in n for n in P.re_capacity(port(game, "Athens"), game.ruleset.tables).notes)


def test_X10_P4_transports_as_jetties_supply_res_of_units_one_jetty_each(game) -> None:
    """X10 (unclear in the text), 31.A.13 and its example ("if 3 NTS did not move ... they could provide intrinsic
    supply for up to 9 REs of units"), Table 1 Jetty row (intrinsic SP cap. 3); docs/rulings-proposed.md P4: each NT,
    LC or LB counter that spent no MPs is one jetty whatever its size, and gives the jetty row's 3 as REs of units:
    3 transports supply 9 REs, 1 supplies 3. The explanation names the reading."""
    ok(game, "beach add Anzio allied hex=Anzio zone=Tyrrhenian")
    r = ok(game, "jetty Anzio 3")
    assert "3 NT/LC/LB that did not move act as jetties: intrinsic supply for 9 REs of units (31.A.13)" in r.message
    fig = next(e for e in r.explanations if e.name == "intrinsic supply (REs of units)")
    assert [(t.label, t.value) for t in fig.terms] == [
        ("NTs/LCs/LBs that spent no MPs in the previous movement phase", 3),
        ("intrinsic supply of a Jetty", 3)]
    assert "P4" in fig.notes[0] and "whatever its size" in fig.notes[0]
    assert game.state.world.sea.beaches["Anzio"].jetties == 3
    assert "9 REs" not in ok(game, "jetty Anzio 1").message
    assert "each counter is one jetty whatever its size" in ok(game, "help jetty").details[0]
