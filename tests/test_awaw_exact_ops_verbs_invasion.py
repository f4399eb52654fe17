"""Exact tests of what follows an announced invasion (``tui/rules/awaw/ops_invasion.py``; seed 004, 21.52, 21.5152,
21.516-21.518, 21.528): ``bombard``, ``invasion-odds``, ``invasion-losses`` and ``invasion-result`` called directly on
small worlds, each asserting the whole message, the invasion's record and the ships' state."""

from __future__ import annotations

from typing import Any

from awaw_core_fixtures import unit
from test_awaw_exact_ops_verbs import ctx, env, refused
from test_awaw_exact_ops_verbs_combat import combat_world
from tui.rules.awaw import ops_invasion as OI
from tui.rules.awaw.transport import Cargo
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

INV = {"kind": "invasion", "hex": "Q30", "from": ["Malta"],
       "cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry", "ctl": 0, "mech": True},
                 {"name": "2 Inf", "factors": 2, "kind": "infantry", "ctl": 0, "mech": True}],
       "attackers": ["1 Inf", "2 Inf"], "defended": True, "units": ["DD1"], "from_box": [], "bombard": [],
       "hex_kind": "beach", "defender_dm": 1, "entered": ["Q30"]}
A3 = ("RULINGS A3: categories from the lowest DRM up; each cap counts the bombardment already added by lower categories; "
      "remnants are kept for 21.527.")


def _call(fn: Any, w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    return fn(env(), ctx(w, "naval-combat"), list(args), opts)


def _with(m: dict[str, Any], *more: Any) -> AwawWorld:
    return combat_world(*more, missions={"invasion-1": m})


def test_the_cargo_kept_in_the_record_and_read_back() -> None:
    cargo = (Cargo("1 Inf", 3, "infantry"), Cargo("7 Arm", 4, "armor", ctl=2, mech_intact=False))
    data = OI.cargo_data(cargo)
    assert data == [{"name": "1 Inf", "factors": 3, "kind": "infantry", "ctl": -1, "mech": True},
                    {"name": "7 Arm", "factors": 4, "kind": "armor", "ctl": 2, "mech": False}]
    assert OI.cargo_back(data) == cargo


def test_21_4183_ships_on_a_mission_go_to_sea_employed_not_inverted() -> None:
    w = combat_world()
    out = OI.to_sea(w, [w.units["DD1"]], "Q30").units["DD1"]
    assert (out.acted, out.inverted, out.at_sea, out.sea_hex) == (True, False, "mission", "Q30")


def test_21_52_usage_and_shore_bombardment_added_to_the_invasion() -> None:
    w = _with(INV)
    assert refused(_call, OI.invasion_bombard, w) == "usage: bombard INVASION_ID --by A,B --distance N (21.52)"
    out = _call(OI.invasion_bombard, w, "invasion-1", by="BB1,DD2", distance="12")
    assert out.summary == "invasion-1: shore bombardment of Q30 by BB1, DD2 adds 2 combat factors to 5 ground factors (21.525, 21.526)"
    assert out.details[0] == A3 and out.actor == "allies"
    assert out.details[-1] == "1 naval factors short of a combat factor are kept for 21.527 (with naval air remnants)."
    value = out.explanations[0]
    assert (value.name, value.value, [(t.label, t.value) for t in value.terms]) == (
        "shore bombardment combat factors", 2, [("ground factors in the invasion attack", 5),
                                               ("DRM 0: 7 naval factors / 3 = 2, cap 1 x 5 - 0 already = 5", 2)])
    m = out.world.ops["missions"]["invasion-1"]
    assert (m["bombard"], m["bombard_drm"], m["bombard_value"]) == (["BB1", "DD2"], {"0": 7}, 2)
    bb = out.world.units["BB1"]
    assert (bb.acted, bb.inverted, bb.at_sea, bb.sea_hex) == (True, False, "mission", "Q30")


def test_RULINGS_A5_a_later_command_counts_the_bombardment_already_added() -> None:
    first = _call(OI.invasion_bombard, _with(INV), "invasion-1", by="BB1", distance="12")
    assert first.summary == "invasion-1: shore bombardment of Q30 by BB1 adds 1 combat factor to 5 ground factors (21.525, 21.526)"
    again = _call(OI.invasion_bombard, first.world, "invasion-1", by="DD2", distance="12")
    assert again.summary == ("invasion-1: shore bombardment of Q30 by DD2 adds 1 combat factor to 5 ground factors "
                             "(21.525, 21.526); the invasion's bombardment is 2 combat factors in all, the caps counting "
                             "every ship bombarding it (RULINGS A5)")
    m = again.world.ops["missions"]["invasion-1"]
    assert (m["bombard"], m["bombard_drm"], m["bombard_value"]) == (["BB1", "DD2"], {"0": 7}, 2)


def test_21_527_ground_support_adds_up_with_the_remnants() -> None:
    out = _call(OI.invasion_bombard, _with(INV), "invasion-1", by="BB1", distance="12", **{"air-support": "4"})
    assert out.summary.endswith("(21.525, 21.526); with 4 of ground support, 5 combat factors in all (21.527)")
    assert [(e.name, e.value) for e in out.explanations][:3] == [
        ("shore bombardment combat factors", 1), ("ground support for the invasion", 4),
        ("combat factors added by sea and air", 5)]


def test_21_517C_carrying_destroyers_bombard_only_with_their_excess_factors() -> None:
    small = {**INV, "cargo": INV["cargo"][:1], "attackers": ["1 Inf"], "defended": False}
    assert refused(_call, OI.invasion_bombard, _with(small), "invasion-1", by="DD1", distance="12") == (
        "bombard: DD1 carry the invading units; shore bombardment comes from naval factors not carrying ground units, "
        "unless losses at sea cost ground units: name them with --lost (1 Inf) (21.517C)")
    assert refused(_call, OI.invasion_bombard, _with(INV), "invasion-1", by="BB1,DD1", distance="12", lost="2 Inf") == (
        "bombard: the carrying destroyers' 4 factors are all needed by the surviving ground units (6); no excess factor "
        "may bombard (21.517C)")


_BOMBARDED = {**INV, "bombard": ["BB1"], "bombard_drm": {"0": 3}, "bombard_value": 1}


def test_21_5152_invasion_odds_after_bombardment() -> None:
    w = _with(_BOMBARDED)
    assert refused(_call, OI.invasion_odds, w) == \
        "usage: invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N] (21.5152)"
    assert refused(_call, OI.invasion_odds, w, "invasion-1") == \
        "invasion-odds: type the defence strength of Q30 with --defense N (21.5152)"
    out = _call(OI.invasion_odds, w, "invasion-1", defense="3")
    assert out.summary == ("invasion-1: invasion of Q30 at 6:3: 1:1 or better after bombardment and ground support "
                           "(21.5152, 21.527)")
    assert out.details == () and out.actor == "allies"
    assert [(e.name, e.value) for e in out.explanations] == [("invasion odds", "6:3"),
                                                              ("combat factors added by sea and air", 1)]
    m = out.world.ops["missions"]["invasion-1"]
    assert (m["odds"], m["defense"], m["land"]) == ("6:3", "3", 0)
    kept = _call(OI.invasion_odds, _with({**_BOMBARDED, "defense": "2.5"}), "invasion-1")
    assert kept.summary.startswith("invasion-1: invasion of Q30 at 6:2.5:")
    assert "below 1:1" in refused(_call, OI.invasion_odds, w, "invasion-1", defense="20")


def test_21_517B_D_ground_units_by_land_and_ground_support() -> None:
    out = _call(OI.invasion_odds, _with(_BOMBARDED), "invasion-1", defense="7", land="2", **{"air-support": "1.5"})
    assert out.summary.startswith("invasion-1: invasion of Q30 at 9:7:")
    assert out.details == ("Ground units joining by land or airdrop do not change the defenders' invasion DM (21.517B).",)
    assert [(e.name, e.value) for e in out.explanations] == [
        ("invasion odds", "9:7"), ("combat factors added by sea and air", 2), ("ground support for the invasion", 1)]
    assert (out.world.ops["missions"]["invasion-1"]["defense"], out.world.ops["missions"]["invasion-1"]["land"]) == ("7", 2)


def test_21_528_the_ways_to_take_ground_combat_losses() -> None:
    w = _with(_BOMBARDED)
    assert refused(_call, OI.invasion_losses, w, "invasion-1") == (
        'usage: invasion-losses INVASION_ID REQUIRED [--ships "DD-UNIT:N,CRUISER,BATTLESHIP"] (21.528)')
    out = _call(OI.invasion_losses, w, "invasion-1", "3")
    assert out.summary == ("invasion-1: 3 loss factors; fleet losses at most 1 (the bombardment's combat factors, "
                           "21.5283); 2 ways to take them")
    assert out.details == ("option: ground units of 3 factors and 0 fleet factors",
                           "option: ground units of 2 factors and 1 fleet factor")
    assert out.world == w and out.explanations == () and out.actor == ""


_LOSSES = {**_BOMBARDED, "bombard": ["BB1", "DD2", "CA2", "CAx"], "bombard_value": 4}


def _losses_world() -> AwawWorld:
    return _with(_LOSSES, unit("CA2", 2, type="cruiser-2", base="Malta"), unit("CAx", 3, type="cruiser", base="Malta"))


def test_21_5282_destroyers_lose_factors_and_heavy_ships_are_damaged() -> None:
    out = _call(OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="DD2:2,BB1")
    assert out.summary == ("invasion-1: the bombarding fleet takes 3 of 4 loss factors (DD2, BB1); 1 from ground units, "
                           "air factors or CVEs (21.517H, 21.5283); 4 other fleet factors barred from shore bombardment in "
                           "later combat rounds (21.5281)")
    assert out.details[0] == "option: ground units of 3+2 factors and 0 fleet factors" and len(out.details) == 4
    units = out.world.units
    assert (units["DD2"].factors, units["DD2"].sunk, units["BB1"].damaged) == (2, False, True)
    m = out.world.ops["missions"]["invasion-1"]
    assert (m["barred"], m["fleet_lost"]) == (4, 3)
    sunk = _call(OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="DD2:4")
    assert (sunk.world.units["DD2"].factors, sunk.world.units["DD2"].sunk) == (0, True)
    assert _call(OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="DD2").world.units["DD2"].factors == 3


def test_21_5282B_cruisers_sunk_one_for_two_loss_factors() -> None:
    whole = _call(OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="CA2")
    assert whole.summary.startswith("invasion-1: the bombarding fleet takes 2 of 4 loss factors (CA2); 2 from ground units")
    assert (whole.world.units["CA2"].factors, whole.world.units["CA2"].sunk) == (0, True)
    assert whole.world.ops["missions"]["invasion-1"]["fleet_lost"] == 2
    ones = _call(OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="CAx:2")
    assert ones.summary.startswith("invasion-1: the bombarding fleet takes 4 of 4 loss factors (CAx); 0 from ground units")
    assert (ones.world.units["CAx"].factors, ones.world.units["CAx"].sunk) == (1, False)
    earlier = _call(OI.invasion_losses, _with({**_LOSSES, "barred": 2, "fleet_lost": 1},
                                              unit("CA2", 2, type="cruiser-2", base="Malta")), "invasion-1", "4", ships="BB1")
    m = earlier.world.ops["missions"]["invasion-1"]
    assert (m["barred"], m["fleet_lost"]) == (2, 2)


def test_21_5282_the_ships_named_are_bombarding_ships_and_absorb_no_more_than_required() -> None:
    assert refused(_call, OI.invasion_losses, _losses_world(), "invasion-1", "1", ships="BB1,DD2:3") == \
        "invasion-losses: the ships named absorb 4 loss factors, more than the 1 required (21.5282)"
    assert refused(_call, OI.invasion_losses, _losses_world(), "invasion-1", "4", ships="DD1") == (
        "invasion-losses: DD1 did not provide shore bombardment for invasion-1; destroyers carrying the invaders may not "
        "be taken (21.517H, 21.5282A)")


def _landing(m: dict[str, Any]) -> AwawWorld:
    w = _with(m)
    return w.with_units([w.units[i].change(at_sea="mission", sea_hex="Q30", acted=True) for i in ("DD1", "BB1")])


_OUT = {**INV, "bombard": ["BB1"], "units": ["DD1", "DD2", "gone"]}
_HELD = ("1 Inf, 2 Inf may not move from Malta for the rest of the combat phase, exploitation included, nor take part "
         "in attrition or offensive combat (21.516C).")
_BACK = "Naval units back at their bases, inverted: DD1, BB1."


def test_21_516_usage_and_a_result_once() -> None:
    usage = ("usage: invasion-result INVASION_ID landed|repulsed|defeated-at-sea|aborted [--survivors A,B] "
             "[--final-round A,B] (21.516-21.518)")
    assert refused(_call, OI.invasion_result, _landing(_OUT)) == usage
    assert refused(_call, OI.invasion_result, _landing(_OUT), "invasion-1", "won") == usage
    assert refused(_call, OI.invasion_result, _landing({**_OUT, "result": "landed"}), "invasion-1", "landed") == \
        "invasion-result: invasion-1 is already landed"


def test_21_516A_aborted_before_embarkation_the_ships_come_home_inverted() -> None:
    out = _call(OI.invasion_result, _landing(_OUT), "invasion-1", "ABORTED")
    assert out.summary == ("invasion-1 aborted: The naval units return to their original base; nothing was embarked "
                           "(21.516A). (21.516)")
    assert out.details == (_BACK,) and out.actor == "allies"
    units = out.world.units
    assert [(units[i].at_sea, units[i].sea_hex, units[i].inverted) for i in ("DD1", "BB1", "DD2")] == [
        ("", "", True), ("", "", True), ("", "", False)]
    m = out.world.ops["missions"]["invasion-1"]
    assert (m["result"], m["returned"]) == ("aborted", [])


def test_21_5152_21_516BC_repulsed_or_defeated_at_sea_the_invaders_return_and_stay() -> None:
    for end, rule in (("repulsed", "21.5152"), ("defeated-at-sea", "21.516")):
        out = _call(OI.invasion_result, _landing(_OUT), "invasion-1", end)
        assert out.summary == (
            f"invasion-1 {end}: The naval units and the surviving ground units return to Malta; the units debark and may "
            "not move, attack or attrition for the rest of the combat phase (21.516B, C); the naval units return to "
            f"their original base. ({rule})")
        assert out.details == (_BACK, _HELD)
        assert out.world.ops["missions"]["invasion-1"]["returned"] == ["1 Inf", "2 Inf"]
    none = _call(OI.invasion_result, _with(_OUT), "invasion-1", "repulsed")
    assert none.details == ("Naval units back at their bases, inverted: none.", _HELD)


def test_21_517I_21_518_landed_a_bridgehead_and_breakthrough() -> None:
    out = _call(OI.invasion_result, _landing(_OUT), "invasion-1", "landed")
    assert out.summary == ("invasion-1 landed in Q30: a bridgehead counter may be placed (21.517I); breakthrough not "
                           "possible (21.518)")
    assert out.details == ("All surviving invaders and the units kept aboard occupy the hex; surplus units may return to "
                           "a port in range, or the excess is eliminated at the end of the combat phase (21.517J, K).",)
    limit, breakthrough = out.explanations
    assert (limit.name, limit.value, limit.terms[0].label) == (
        "non-specialized units in the invasion hex", 5, "a bridgehead counter placed")
    assert (breakthrough.value, [t.value for t in breakthrough.terms]) == (False, [0, 2])
    assert out.world.units["DD1"].at_sea == "mission" and out.world.ops["missions"]["invasion-1"]["result"] == "landed"
    some = _call(OI.invasion_result, _landing(_OUT), "invasion-1", "landed", survivors="1 inf", **{"final-round": "2 Inf"})
    assert [t.value for t in some.explanations[1].terms] == [0, 1]
    assert refused(_call, OI.invasion_result, _landing(_OUT), "invasion-1", "landed", survivors="9 Inf") == \
        "invasion-result: 9 inf not in the cargo of invasion-1"
    assert refused(_call, OI.invasion_result, _landing(_OUT), "invasion-1", "landed", **{"final-round": "8 Inf"}) == \
        "invasion-result: 8 inf not in the cargo of invasion-1"


def test_21_517I_no_bridgehead_when_no_attacker_of_a_defended_hex_survives() -> None:
    m = {**_OUT, "attackers": ["1 Inf"]}
    out = _call(OI.invasion_result, _landing(m), "invasion-1", "landed", survivors="2 Inf")
    assert out.summary == "invasion-1 landed in Q30: no bridgehead; breakthrough not possible (21.518)"
    assert out.explanations[0].terms[0].label == "no bridgehead counter: normal stacking (12.13)"
    undefended = _call(OI.invasion_result, _landing({**m, "defended": False}), "invasion-1", "landed", survivors="2 Inf")
    assert undefended.summary.startswith("invasion-1 landed in Q30: a bridgehead counter may be placed (21.517I)")


_ARMOR = {**_OUT, "cargo": [{"name": "7 Arm", "factors": 4, "kind": "armor", "ctl": -1, "mech": True},
                            {"name": "2 Inf", "factors": 2, "kind": "infantry", "ctl": -1, "mech": True}],
          "attackers": ["7 Arm", "2 Inf"]}
_STAYS = ("All surviving invaders and the units kept aboard occupy the hex; surplus units may return to a port in range, "
          "or the excess is eliminated at the end of the combat phase (21.517J, K).")
_REDUCED = ("Exploiting armor's CTL is reduced by 1 during this exploitation (21.5183); armor in reserve aboard the fleet "
            "may exploit, land-adjacent armor only if the hex was also attacked by land (21.5181).")
_NOT_BY_LAND = ("Armor adjacent to Q30 by land may not exploit: the hex was not attacked by land with the invasion "
                "(invasion-odds --land); only armor in reserve aboard the invasion fleet may (21.5181).")


def test_21_518B_21_5181_an_armor_invader_without_a_typed_ctl_and_who_else_may_exploit() -> None:
    """21.518B: armor whose CTL was never typed leaves the breakthrough open, with how to type it (never read as 0,
    case C22); 21.5181: "Armor units adjacent to the invasion hex by land may only exploit if invasion hex was also
    attacked by land in combination with the invasion" (case C23): said for this invasion, by the --land it had."""
    out = _call(OI.invasion_result, _landing(_ARMOR), "invasion-1", "landed")
    assert out.summary == ("invasion-1 landed in Q30: a bridgehead counter may be placed (21.517I); breakthrough possible "
                           "if the armor's CTL is 1 or more (not typed) (21.518)")
    assert out.details == (_STAYS, "The breakthrough is possible if the CTL of 7 Arm is 1 or more (21.518B): type it in "
                           "the cargo as NAME:FACTORS:armor:ctl=N.", _REDUCED, _NOT_BY_LAND)
    typed = {**_ARMOR, "cargo": [{**_ARMOR["cargo"][0], "ctl": 2}, _ARMOR["cargo"][1]], "land": 3}
    out = _call(OI.invasion_result, _landing(typed), "invasion-1", "landed")
    assert out.summary.endswith("breakthrough possible (21.518)")
    assert out.details == (_STAYS, _REDUCED, "Armor adjacent to Q30 by land may exploit too: the hex was also attacked by "
                           "land (21.5181).")
    none = {**_ARMOR, "cargo": [{**_ARMOR["cargo"][0], "ctl": 0}, _ARMOR["cargo"][1]]}
    out = _call(OI.invasion_result, _landing(none), "invasion-1", "landed")
    assert out.summary.endswith("breakthrough not possible (21.518)") and out.details == (_STAYS,)
