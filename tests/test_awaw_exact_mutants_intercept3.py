"""Exact tests of the defender's ``intercept`` (``tui/rules/awaw/verbs_intercept.py``; seed 004, 21.1324, 21.14E, 21.2111,
21.3611, 21.4171, 21.4192-21.4193) and of the sea escort (``tui/rules/awaw/ops_cargo.py``; 21.6x, 21.315), called
directly on small worlds: each refusal word for word, each figure whole."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from awaw_core_fixtures import base, tables, unit, world
from test_awaw_exact_ops_verbs import ctx, env, ops, refused, with_missions
from test_awaw_exact_ops_verbs_cargo import _escort, _world
from tui.rules.awaw import ops_cargo as C
from tui.rules.awaw import verbs_intercept as VI
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

SAID = ("{units} intercept in {hex}, {n} hexes: resolve the Naval Interception Table and any naval combat, then type the "
        "result (RULINGS A2; 21.3611)")


def _intercept(w: AwawWorld, *args: str, seg: str = "naval-movement", phasing: str = "axis", with_ops: bool = True,
               pending: tuple = (), **opts: Any) -> Outcome:
    """``intercept ARGS`` in ``seg`` of the ``phasing`` side's player turn (the other side intercepts)."""
    c = ctx(w, seg, side=phasing, pending=pending)
    c.segment.path = ("first-turn", "movement", seg)
    return VI._intercept(tables(), lambda _c: phasing, ops() if with_ops else None, c, list(args), opts)


def _figures(out: Outcome) -> list[tuple]:
    return [(e.name, e.value, e.rule, e.notes) for e in out.explanations]


def _malta(*more: Any, **kw: Any) -> AwawWorld:
    """Malta (Y22) and Liverpool (western front, K5) held by Britain, the Atlantic SW box; British units in each."""
    return world([base("Malta", hex="Y22"), base("Liverpool", "port", ("western",), hex="K5"),
                  base("Atlantic SW", "sw-box", ())],
                 [unit("HMS-A"), unit("HMS-B"), unit("HMS-L1", base="Liverpool"), unit("HMS-L2", base="Liverpool"),
                  *more], **kw)


# --- 21.1324: the front -------------------------------------------------------------------------------------------


def test_21_1324_a_bare_front_flag_names_no_front_and_every_unit_off_the_front_is_named() -> None:
    """21.1324: ``--front`` without a value names no front: the interception goes ahead; units in port off the front
    typed are all named, commas between."""
    w = _malta()
    assert VI._check_front(tables(), w, [w.units["HMS-A"]], {"front": True}) is None
    out = _intercept(w, "Y23", "HMS-A", distance="3", front=True)
    assert out.summary == SAID.format(units="HMS-A", hex="Y23", n=3)
    assert refused(_intercept, w, "Y23", "HMS-L1", "HMS-L2", distance="3", front="Mediterranean") == (
        "intercept: HMS-L1, HMS-L2 are not based on the mediterranean front; an activity is intercepted only on the front "
        "in which it occurs, a two-front port counting on that front (21.1324)")


# --- 21.4192-21.4193: every unit of the force is checked --------------------------------------------------------


def test_21_4193_units_after_a_defensive_patrol_or_a_submarine_on_patrol_are_still_checked() -> None:
    """21.4192-21.4193: a defensive patrol or a submarine on patrol named first does not spare the units named after
    it their checks (21.31: an inverted unit may not act)."""
    dp = unit("HMS-DP", at_sea="defensive-patrol", sea_hex="Y21", intercepts=1)
    sub = unit("HMS-SS", 1, type="submarine", at_sea="patrol", sea_hex="Y21")
    w = _malta(dp, sub, unit("HMS-INV", inverted=True))
    inverted = "intercept: HMS-INV is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)"
    assert refused(_intercept, w, "Y21", "HMS-DP", "HMS-INV", seg="sea-transport", distance="2") == inverted
    assert refused(_intercept, w, "Y21", "HMS-SS", "HMS-INV", distance="2") == inverted


def test_21_4193_a_submarine_on_patrol_twice_and_a_submarine_in_port_once() -> None:
    """21.4193: a submarine on patrol that has intercepted twice is refused a third time; a submarine in port (not on
    patrol) intercepts once a turn, like any other unit."""
    w = _malta(unit("HMS-SS", 1, type="submarine", at_sea="patrol", sea_hex="Y21", intercepts=2),
               unit("HMS-SP", 1, type="submarine", intercepts=1))
    assert refused(_intercept, w, "Y21", "HMS-SS", distance="2") == (
        "intercept: HMS-SS has already intercepted twice this turn; only one 21.4192 interception is permitted (21.4193)")
    assert refused(_intercept, w, "Y21", "HMS-SP", distance="2") == (
        "intercept: HMS-SP has already intercepted this turn (21.4193)")


# --- 21.14E: American units in the Atlantic SW box ----------------------------------------------------------------


def test_21_14E_only_american_units_in_the_atlantic_sw_box_wait_for_war_with_germany() -> None:
    """21.14E: a British unit in the Atlantic SW box and an American unit in a port intercept without --us-war; two
    American units in the box are both named, and the refusal cites 21.14E; without operations tables no box is
    listed."""
    w = _malta(unit("HMS-SW", base="Atlantic SW"), unit("US-A", power="usa"),
               unit("US-SW1", power="usa", base="Atlantic SW"), unit("US-SW2", power="usa", base="Atlantic SW"))
    assert _intercept(w, "C26", "HMS-SW", distance="3").summary == SAID.format(units="HMS-SW", hex="C26", n=3)
    assert _intercept(w, "Y23", "US-A", distance="3").summary == SAID.format(units="US-A", hex="Y23", n=3)
    assert refused(_intercept, w, "C26", "US-SW1", "US-SW2", distance="3") == (
        "intercept: before the U.S. is at war with Germany, American naval units in the Atlantic SW box (US-SW1, US-SW2) "
        "may not interfere with Axis naval activity; if it is, say so with --us-war (21.14E)")
    assert VI._us_war_boxes(None) == ()
    assert _intercept(w, "C26", "US-SW1", distance="3", with_ops=False).summary == SAID.format(units="US-SW1", hex="C26",
                                                                                                n=3)


# --- 21.3611: the distance, the box edge, the map ---------------------------------------------------------------


def test_21_3611_the_distance_must_be_typed() -> None:
    """21.3611, RULINGS A1: an interception without --distance is refused, naming the verb and the rule."""
    assert refused(_intercept, _malta(), "Y23", "HMS-A") == (
        "intercept: type the distance by water with --distance N (RULINGS A1, 21.3611)")


def _india(*more: Any) -> AwawWorld:
    return world([base("India", "box", (), theater="pacific"), base("Malta", hex="Y22")],
                 [unit("HMS-IN", base="India"),
                  unit("HMS-IS", 1, type="submarine", base="India", at_sea="patrol", sea_hex="Y21"), *more])


def test_21_413B_from_the_india_box_its_edge_hexes_are_added_and_noted_but_not_for_a_unit_at_sea() -> None:
    """21.17, 21.413B, proposed ruling A13: from the India box the 8 hexes to the board edge are added to the distance
    typed and noted on the range figure; a submarine of the box already at sea measures from its hex."""
    out = _intercept(_india(), "Y23", "HMS-IN", distance="3")
    assert out.summary == SAID.format(units="HMS-IN", hex="Y23", n=11)
    assert _figures(out) == [("Interception, counter-interception range", 11, "21.3611",
                              ("8 hexes from the India box to the board edge added to the distance typed from the edge "
                               "(21.17, 21.413B; proposed ruling A13)",))]
    at_sea = _intercept(_india(), "Y23", "HMS-IS", distance="3")
    assert at_sea.summary == SAID.format(units="HMS-IS", hex="Y23", n=3)


def test_21_36A_an_interception_shorter_than_the_map_is_refused() -> None:
    """21.36A, proposed A28: a distance typed shorter than the hexes on the map from the port to the hex is refused."""
    assert refused(_intercept, _malta(), "Y26", "HMS-A", distance="1") == (
        "intercept: 1 hexes is shorter than the 4 hexes from Malta (Y22) to Y26 on the map; the route by water can only "
        "be longer (21.36A, proposed A28)")


# --- 21.2111: straits -----------------------------------------------------------------------------------------------


def _straits(control: str = "britain", **rec: Any) -> AwawWorld:
    """Brest (western, German) and Naples (Italian) with an Axis unit each; AA7 held by ``control``; the Allied player
    turn's record holding ``rec``."""
    w = world([base("Brest", fronts=("western",), control="germany"), base("Naples", control="italy")],
              [unit("KM-SS", 1, power="germany", type="submarine", base="Brest"),
               unit("RM-DD", 2, power="italy", type="destroyer", base="Naples")],
              phase_control={"AA7": control})
    return with_missions(w, {}, side="allies", **rec)


def test_21_2111_the_strait_hex_the_side_typed_and_the_defender_are_checked() -> None:
    """21.2111: in AA7, Gibraltar closed to the Axis, forces from both sides may not combine; interceptors from the
    Atlantic side may not take the Mediterranean side; with Gibraltar open to the Axis, both sides combine there."""
    assert refused(_intercept, _straits(), "AA7", "KM-SS", "RM-DD", phasing="allies", distance="9") == (
        "intercept: KM-SS on the atlantic side and RM-DD on the mediterranean side of the Gibraltar: forces on different "
        "sides of a strait closed to them may not combine in a single interception in the strait hex (21.2111)")
    assert refused(_intercept, _straits(), "Z20", "KM-SS", phasing="allies", distance="9",
                   **{"in-strait": "Gibraltar=mediterranean"}) == (
        "intercept: KM-SS is based on the atlantic side of the Gibraltar, not the mediterranean side (21.2111)")
    out = _intercept(_straits("germany"), "AA7", "KM-SS", "RM-DD", phasing="allies", distance="9")
    assert out.summary == SAID.format(units="KM-SS, RM-DD", hex="AA7", n=9)


def test_21_2111_a_unit_that_intercepted_on_one_side_may_not_on_the_other() -> None:
    """21.2111: the strait sides recorded this player turn are read: RM-DD, recorded on Gibraltar's Atlantic side, is
    refused on its Mediterranean side."""
    w = _straits("germany", strait_sides={"RM-DD": "B=atlantic"})
    assert refused(_intercept, w, "AA7", "RM-DD", phasing="allies", distance="9",
                   **{"in-strait": "Gibraltar=mediterranean"}) == (
        "intercept: RM-DD intercepted on the other side of the Gibraltar this player turn; naval units may not intercept "
        "on both sides of a strait, and forces on different sides may not combine in a single interception in the strait "
        "hex (21.2111)")


def test_21_211_a_route_through_a_strait_closed_to_the_interceptors_is_refused() -> None:
    """21.211: the straits of the route are checked for the intercepting side, named in the refusal."""
    assert refused(_intercept, _straits(), "Z20", "RM-DD", phasing="allies", distance="9", straits="Gibraltar") == (
        "the Gibraltar is closed to axis this phase: AA7 held by britain (needs friendly) (21.211B)")


def test_21_3611_a_missed_attempt_keeps_its_checks() -> None:
    """21.3611, 22.14: an attempt typed --missed carries the range and map figures like any other."""
    out = _intercept(_malta(), "Y23", "HMS-A", distance="3", missed=True)
    assert out.summary == ("HMS-A attempted interception in Y23, 3 hexes: missed, the Naval Interception Table gave no "
                           "interception (21.3611, 22.14)")
    assert _figures(out) == [("Interception, counter-interception range", 3, "21.3611", ()),
                             ("Distance at least the hexes on the map", 1, "21.36A", ())]


# --- 21.4171, 21.417A-B: the patrol targeted -------------------------------------------------------------------------


def test_21_417AB_only_the_targeted_patrols_own_pending_step_is_its_point() -> None:
    """21.417A-B, 21.4171: patrol 2's prompt on its way is pending, patrol 1's points are past: patrol 2 may be
    intercepted on its way, patrol 1 may not, another patrol's step lending it none."""
    w = with_missions(world([base("Malta")], [unit("HMS-A")]), {}, side="axis",
                      patrols={"patrol-1": {"hex": "Y20", "units": ["RM-CA"]}, "patrol-2": {"hex": "Y21", "units": ["RM-DD"]}})
    pending = (SimpleNamespace(effect="patrol-step", args={"n": 2, "step": "route"}),)
    c = ctx(w, side="axis", pending=pending)
    axis = lambda _c: "axis"  # noqa: E731
    assert VI._patrol_target(axis, c, {"target": "patrol-2"}) == (2, "route")
    assert refused(VI._patrol_target, axis, c, {"target": "patrol-1"}) == (
        "intercept: patrol-1 may be intercepted only on its way, in its hex before a round of air strikes, or when it "
        "remains there; those points are past (21.417A-B)")


# --- 21.315, 21.6x: the sea escort ---------------------------------------------------------------------------------


def test_21_315_a_mission_recorded_without_units_bars_nothing() -> None:
    """21.315: only an aborted activity that used transports bars its destination; a record naming no units bars
    nothing."""
    w = _world()
    rec = {"turn": "3:allies", "transported": [], "missions": {}}
    assert C.bar_if_transports(env(), w, rec, {"to": "Plymouth"}) == (rec, [])


def test_21_65_the_ends_of_a_sea_escort_word_for_word() -> None:
    """21.37, 21.65D, 21.65I: 'island' without --island-end; a base name that takes all the words leaves no destination;
    two extra words are both named."""
    w = _world()
    assert refused(_escort, w, "Liverpool", "island", cargo="3 Inf:1", by="DD1") == (
        "sea escort: 'island' stands for the island named with --island-end NAME (one island) (21.37)")
    assert refused(_escort, w, "Atlantic", "SW", cargo="3 Inf:1", by="TR1") == "escort: to which base? (21.65D)"
    assert refused(_escort, w, "Liverpool", "Plymouth", "Gibraltar", "Brest", cargo="3 Inf:1", by="DD1") == (
        "escort: sea escorts to different destinations are carried out separately (21.65I), not 'Gibraltar Brest'")


def test_21_64_the_escorting_force_named_and_sufficient() -> None:
    """21.31, 21.64A: the escort names its units with --by; 2 destroyer factors do not escort 5 ground factors."""
    w = _world()
    assert refused(_escort, w, "Liverpool", "Plymouth", cargo="3 Inf:1") == "sea escort: which naval units? --by A,B,C"
    assert refused(_escort, w, "Plymouth", "Liverpool", cargo="3 Inf:5", by="DD2") == (
        "sea escort: needs 5 destroyer factors: 2 chosen (21.64A, B)")


def test_21_65A_the_hexes_to_the_embarkation_hex_are_0_to_999() -> None:
    """21.65A, RULINGS A1: --reach is a whole number from 0 to 999; 0 is accepted."""
    w = _world()
    for reach, said in (("x", "a whole number (from 0 to 999), not 'x'"), ("-1", "from 0 to 999, not '-1'"),
                        ("1000", "from 0 to 999, not '1000'")):
        assert refused(_escort, w, "Liverpool", "Plymouth", cargo="3 Inf:3", by="DD1,DD2", reach=reach) == (
            f"hexes to the embarkation hex must be {said}")
    out = _escort(w, "Liverpool", "Plymouth", cargo="3 Inf:3", by="DD1,DD2", reach="0")
    leg = out.explanations[2]
    assert (leg.name, leg.rule, [t.value for t in leg.terms]) == ("destroyers reach the embarkation hex", "21.65A", [0])


def test_21_62_a_typed_distance_shorter_than_the_map_names_the_sea_escort() -> None:
    """21.62, 21.36A: 1 hex typed from Liverpool (K5) to Plymouth (M6) is refused as a sea escort."""
    assert refused(_escort, _world(), "Liverpool", "Plymouth", cargo="3 Inf:1", by="DD1", distance="1") == (
        "sea escort: 1 hexes is shorter than the 2 hexes from Liverpool (K5) to Plymouth (M6) on the map; the route by "
        "water can only be longer (21.36A, proposed A28)")
