"""Exact tests written against the mutants of the AWAW naval operations that the earlier tests let live (seed 004,
chapter 21), second batch: the counts typed for sea supply, oil and BRP grants (21.421-21.423), an invasion's losses
and result (21.516, 21.517J, 21.5282A), sea transport (21.321, 21.43, 21.1322) and support by patrols (21.4182). Each
test asserts whole messages, figures and lists, called in-process on small worlds or on the shipped tables."""

from __future__ import annotations

from functools import partial
from typing import Any

from awaw_core_fixtures import base, tables, unit, world
from test_awaw_exact_mutants_ops import _INV, _call
from test_awaw_exact_ops_verbs import _sea, _transport, ctx, env, ops, refused, with_missions
from test_awaw_exact_ops_verbs_cargo import _supply, _world
from tui.rules.awaw import ops_cargo as C
from tui.rules.awaw import ops_helpers as H
from tui.rules.awaw import ops_invasion as OI
from tui.rules.awaw import verbs_support as VS
from tui.rules.awaw.verbs_ops import _phasing_side
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome


# --- 21.421-21.423: the counts typed, the side, the force short -------------------------------------------------


def test_21_422_a_count_is_a_whole_number_from_0_to_999() -> None:
    """21.421-21.423: counts typed for sea supply lines, oil counters or BRPs are whole numbers from 0 to 999."""
    assert refused(C.count, "1000", "oil counters", "21.422") == "oil counters (21.422) must be from 0 to 999, not '1000'"
    assert refused(C.count, "-1", "oil counters", "21.422") == "oil counters (21.422) must be from 0 to 999, not '-1'"
    assert refused(C.count, "x", "oil counters", "21.422") == \
        "oil counters (21.422) must be a whole number (from 0 to 999), not 'x'"
    assert (C.count("999", "BRPs granted", "21.423"), C.count("0", "BRPs granted", "21.423")) == (999, 0)


def test_21_421_the_side_whose_player_turn_it_is_read_from_the_context() -> None:
    """21.421: the rule set's own side reader (the segment's side): the second player turn is the Allies'."""
    real = H.Env(tables(), ops(), partial(_phasing_side, tables()))
    assert refused(C.supply_activity, real, "sea-supply", ctx(_world(), "initial-supply", side="second"),
                   ["germany", "1"], {}) == "sea-supply: Germany is not of the allies side, whose player turn it is"


def test_21_421_21_422_21_423_too_few_transports_name_the_activity() -> None:
    """21.421, 21.422 (21.64E), 21.423 (21.64D): one transport chosen where two are needed: refused, naming the
    activity; a transport not in the SW box names the oil shipment."""
    w = _world()
    assert refused(_supply, w, "sea-supply", "britain", "2", "0", by="TR1") == \
        "sea supply: needs 2 transports: 1 chosen (21.421)"
    assert refused(_supply, w, "ship-oil", "britain", "2", by="TR1", to="Liverpool") == \
        "oil shipment: needs 2 transports: 1 chosen (21.422, 21.64E)"
    assert refused(_supply, w, "grant-brp", "usa", "7", by="TR1", to="Liverpool") == \
        "BRP grant: needs 2 transports: 1 chosen (21.423, 21.64D)"
    assert refused(_supply, w, "ship-oil", "britain", "1", by="TRL", to="Liverpool") == (
        "oil shipment: transport TRL is at Liverpool; transports serve from the SW box of the shipping area "
        "(21.421B, 20.64)")


def test_21_421A_lines_from_ports_are_explained_as_needing_no_naval_units() -> None:
    """21.421A: two lines from ports: no transport, and the figure says why."""
    out = _supply(_world(), "sea-supply", "britain", "0", "2")
    assert [e.to_dict() for e in out.explanations] == [
        {"name": "destroyer factors for sea supply", "value": 0, "rule": "21.421",
         "terms": [{"label": "sea supply needs no destroyers", "value": 0, "rule": "21.421"}], "notes": []},
        {"name": "transports for sea supply", "value": 0, "rule": "21.421",
         "terms": [{"label": "2 lines from ports need no naval units", "value": 0, "rule": "21.421A"}],
         "notes": ["Each Western Allied sea supply line from a mapboard box needs one transport in the relevant shipping "
                   "area (30.365); lines from ports need no naval units (21.421A)."]}]


# --- 21.5282A, 21.516, 21.517J: invasion losses and results --------------------------------------------------------


_NO_BOMBARD = {k: v for k, v in _INV.items() if k != "bombard"}


def test_21_5282A_no_bombardment_recorded_the_carrying_destroyers_may_not_be_taken() -> None:
    """21.517H, 21.5282A: an invasion whose record names no bombarding ship: the destroyer carrying it is refused."""
    assert refused(_call, OI.invasion_losses, _NO_BOMBARD, "invasion-1", "2", ships="DD1") == (
        "invasion-losses: DD1 did not provide shore bombardment for invasion-1; destroyers carrying the invaders may not "
        "be taken (21.517H, 21.5282A)")


def test_21_5152_21_516C_a_repulsed_invasion_from_two_bases_returns_and_is_held() -> None:
    """21.5152, 21.516B-C: repulsed after embarking, from Malta or Alexandria (no bombardment recorded): the survivors
    go back, the naval units return; the survivors may not move from either base."""
    two = {**_NO_BOMBARD, "from": ["Malta", "Alexandria"], "units": ["DD1", "DD2"]}
    out = _call(OI.invasion_result, two, "invasion-1", "repulsed", survivors="1 Inf")
    assert out.summary == (
        "invasion-1 repulsed: The naval units and the surviving ground units return to Malta or Alexandria; the units "
        "debark and may not move, attack or attrition for the rest of the combat phase (21.516B, C); the naval units "
        "return to their original base. (21.5152)")
    assert out.details == (
        "Naval units back at their bases, inverted: none.",
        "1 Inf may not move from Malta or Alexandria for the rest of the combat phase, exploitation included, nor take "
        "part in attrition or offensive combat (21.516C).")
    assert out.actor == "allies"
    assert out.world.ops["missions"]["invasion-1"] == {**two, "result": "repulsed", "returned": ["1 Inf"]}


def test_21_518_every_final_round_unit_not_in_the_cargo_is_named() -> None:
    """21.518: a landed invasion with two survivors not carried: both named."""
    assert refused(_call, OI.invasion_result, _INV, "invasion-1", "landed", survivors="7 Arm,8 Arm") == \
        "invasion-result: 7 arm, 8 arm not in the cargo of invasion-1"


def _pacific(m: dict[str, Any]) -> Outcome:
    w = world([base("Truk", "port", ("pacific",), theater="pacific", hex="P1"), base("Malta", hex="Y20")],
              [unit("DD1", 4, type="destroyer", base="Truk"), unit("DD2", 4, type="destroyer", base="Malta")])
    return OI.invasion_result(env(), ctx(with_missions(w, {"invasion-1": m}), "naval-combat"), ["invasion-1", "landed"], {})


_LANDED = "invasion-1 landed in Q30: a bridgehead counter may be placed (21.517I); breakthrough not possible (21.518)"


def _limit(label: str, n: int) -> dict[str, Any]:
    return {"name": "non-specialized units in the invasion hex", "value": n, "rule": "21.517J",
            "terms": [{"label": label, "value": n, "rule": "21.517J"},
                      {"label": "plus specialized units", "value": 3, "rule": "21.517J, 12.12"}], "notes": []}


def test_21_517J_a_pacific_one_hex_island_limits_the_occupation() -> None:
    """21.517J: an invasion of a one-hex island by naval units based in the Pacific theater: the Pacific one-hex island
    limit (no port typed)."""
    out = _pacific({**_INV, "hex_kind": "one-hex-island"})
    assert (out.summary, out.actor) == (_LANDED, "allies")
    assert out.explanations[0].to_dict() == _limit("a Pacific one-hex island", 1)


def test_21_517J_not_a_pacific_one_hex_island_a_bridgehead_limit() -> None:
    """21.517J: a one-hex island invaded from Europe, or by a mission with no naval units recorded, and a Pacific beach:
    the bridgehead limit, not the Pacific island's."""
    for m in ({**_INV, "hex_kind": "one-hex-island", "units": ["DD2"]}, {**_INV, "hex_kind": "one-hex-island", "units": []},
              {**_INV, "hex_kind": "beach"}):
        out = _pacific(m)
        assert (out.summary, out.actor) == (_LANDED, "allies")
        assert out.explanations[0].to_dict() == _limit("a bridgehead counter placed", 5)


# --- 21.43, 21.321, 21.1322: sea transport -------------------------------------------------------------------------


def test_21_43_21_1322_two_bases_of_embarkation_and_a_typed_front() -> None:
    """21.43: from Naples and Palermo to Tripoli, both named; 21.1322: the front typed is charged, with why and rule;
    no island, so no island figure (21.37)."""
    out = _transport(_sea(), ["Naples,Palermo", "Tripoli"], cargo="Pavia:3", by="RM-DD", distance="12",
                     **{"brp-front": "western"})
    assert out.summary == (
        "transport-1: sea transport Naples, Palermo → Tripoli: 3 factors (Pavia) carried by RM-DD; needs 3 destroyer "
        "factors, 0 transports (21.434); BRPs for 4 naval factors on the western front (the front typed (--brp-front))")
    assert out.world.ops["brps"] == [{"mission": "transport-1", "what": "sea transport to Tripoli", "front": "western",
                                      "factors": 4, "brps": None, "rule": "21.1322, 21.43",
                                      "note": "the front typed (--brp-front)"}]
    assert [e.name for e in out.explanations] == [
        "destroyer factors for sea transport", "transports for sea transport", "factors sea transported",
        "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) range",
        "Distance at least the hexes on the map"]


def test_21_321_a_second_targeted_hex_on_an_earlier_transports_route_is_refused() -> None:
    """21.321: transport-1 passes through Tripoli on its way to Malta; a new sea transport targeting Tripoli is refused."""
    w = _sea(missions={"transport-1": {"kind": "transport", "from": ["Palermo"], "to": "Malta", "cargo": [],
                                       "units": ["RM-DD2"], "entered": ["Tripoli", "Malta"]}})
    assert refused(_transport, w, ["Naples", "Tripoli"], cargo="Pavia:3", by="RM-DD", distance="12") == (
        "sea transport: transport-1's naval units pass through Tripoli on their way to Malta; targeting Tripoli too would "
        "have them enter two hexes targeted for sea transport or invasion in one phase (21.321); if no alternate route is "
        "available, add --no-alternate")


# --- 21.4182: support by patrols ----------------------------------------------------------------------------------


_SEG = "first-turn/movement/naval-movement"


def _patrols(missions: dict[str, Any], *more: Any) -> AwawWorld:
    """Four Allied cruisers on patrol, P1 and P3 in Y21, P2 and P4 in Y22; DD1 in Malta."""
    w = world([base("Malta", hex="Y20"), base("Alexandria", hex="Z30")],
              [unit("DD1", 4, type="destroyer", base="Malta"),
               *(unit(f"P{i}", 2, type="cruiser-2", base="Alexandria", at_sea="patrol", sea_hex=h)
                 for i, h in ((1, "Y21"), (2, "Y22"), (3, "Y21"), (4, "Y22"))), *more])
    return with_missions(w, missions)


def _support(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    return VS._support(env(), ctx(w, _SEG), list(args), opts)


def test_21_4182E_the_missions_that_may_be_supported_are_listed() -> None:
    """21.4182E: no such mission: the missions of this player turn named, or none."""
    tail = "; patrols, base changes and SW deployments are contemporaneous with patrols and may not be supported (21.4182E)"
    assert refused(_support, _patrols({}), "x", "P1") == f"support: no mission called 'x' (none this player turn){tail}"
    two = _patrols({"transport-1": {"kind": "transport", "units": ["DD1"]}, "invade-2": {"kind": "invasion", "units": []}})
    assert refused(_support, two, "x", "P1") == f"support: no mission called 'x' (transport-1, invade-2){tail}"


def test_21_4182_a_mission_already_ended_is_not_supported() -> None:
    """21.4182: a mission with a result may no longer be supported."""
    w = _patrols({"transport-1": {"kind": "transport", "units": ["DD1"], "result": "defeated"}})
    assert refused(_support, w, "transport-1", "P1") == "support: transport-1 is already defeated"


def test_21_4182C_a_failed_support_from_two_patrol_hexes() -> None:
    """21.4182C: P1 (Y21) and P2 (Y22) fail: back to both patrol hexes; the acting side is the Allies."""
    out = _support(_patrols({"transport-1": {"kind": "transport", "units": ["DD1"]}}), "transport-1", "P1", "P2",
                   failed=True)
    assert (out.summary, out.actor) == (
        "P1, P2 did not reach transport-1 before the end of naval combat: back to the patrol hex Y21, Y22, no further "
        "counter-interception this phase (21.4182C)", "allies")


def test_21_4182B_exception_a_raider_group_supported_keeps_its_earlier_supporters() -> None:
    """21.4182B EXCEPTION: P1 supports raid-1 (already supported by P3) without joining it; both are recorded."""
    out = _support(_patrols({"raid-1": {"kind": "raid", "units": ["DD1"], "supported_by": ["P3"]}}), "raid-1", "P1")
    assert (out.summary, out.actor) == (
        "P1 supports raid-1 in its naval combat; a patrol does not join a raider group: they stay on patrol "
        "(21.4182B exception)", "allies")
    assert out.world.ops["missions"] == {"raid-1": {"kind": "raid", "units": ["DD1"], "supported_by": ["P3", "P1"]}}


def test_21_4182B_a_mission_of_no_naval_units_recorded_is_joined_inverted() -> None:
    """21.4182B, D: a mission whose record names no units: P1 joins it, employed and inverted; P3 stays."""
    out = _support(_patrols({"transport-1": {"kind": "transport"}}), "transport-1", "P1")
    assert (out.summary, out.actor) == (
        "P1 supports transport-1 and joins it, adopting its mission once naval combat is resolved: employed with it, "
        "inverted (21.4182B); P3 stay on patrol (21.4182D)", "allies")
    assert out.world.ops["missions"] == {"transport-1": {"kind": "transport", "supported_by": ["P1"]}}


def test_21_4182B_D_joining_a_force_at_sea_two_stay_on_patrol() -> None:
    """21.4182B: P1 and P2 join transport-1, whose DD9 is at sea in Y25: at sea with it there; D: P3 and P4 stay."""
    w = _patrols({"transport-1": {"kind": "transport", "units": ["DD9"]}},
                 unit("DD9", 4, type="destroyer", base="Malta", at_sea="mission", sea_hex="Y25"))
    out = _support(w, "transport-1", "P1", "P2")
    assert (out.summary, out.actor) == (
        "P1, P2 support transport-1 and join it, adopting its mission once naval combat is resolved: at sea with it in "
        "Y25 (21.4182B); P3, P4 stay on patrol (21.4182D)", "allies")
    assert [(out.world.units[i].at_sea, out.world.units[i].sea_hex) for i in ("P1", "P2")] == [("mission", "Y25")] * 2
