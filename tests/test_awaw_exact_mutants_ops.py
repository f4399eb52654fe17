"""Exact tests written against the mutants of the AWAW naval operations that the earlier tests let live (seed 004,
chapter 21): the initial leg of a sea escort (21.65A), what an invasion's odds, losses and result read from what the
referee types (21.5152, 21.516, 21.517, 21.518, 21.528), a sea escort returned (21.66B, 21.315), land-based air against
submarines (21.4184C), an interception attempt (21.4191), the planner (21.31), a patrolling force divided (21.4182D,
21.313) and the records of a player turn (21.31, 21.517E). Each test asserts whole messages, figures and lists, called
in-process on small worlds or on the shipped tables."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

from awaw_core_fixtures import base, tables, unit, world
from awaw_ops_fixtures import ops_tables
from test_awaw_exact_ops_verbs import ctx, env, ops, refused, with_missions
from test_awaw_exact_ops_verbs_combat import combat_world
from tui.rules.awaw import invasion as I
from tui.rules.awaw import missions as MI
from tui.rules.awaw import ops_cargo as C
from tui.rules.awaw import ops_helpers as H
from tui.rules.awaw import ops_invasion as OI
from tui.rules.awaw import planner as P
from tui.rules.awaw import verbs_intercept as VI
from tui.rules.awaw import verbs_ops_combat as VC
from tui.rules.awaw import verbs_support as VS
from tui.rules.awaw.common import owner
from tui.rules.awaw.escort import check_initial_leg
from tui.rules.awaw.joint import read_routes
from tui.rules.awaw.transport import Cargo
from tui.rules.awaw.verbs_ops import _phasing_side
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.errors import RuleError
from tui.rules.core.ruleset import Outcome


# --- 21.65A: the initial leg, and the sea escort home of 21.3615C / 21.3616E ----------------------------------------


def test_21_65A_21_3615C_destroyers_within_naval_range_of_home_reach_the_embarkation_hex() -> None:
    """21.3615C (21.65A): a sea escort home whose destroyers are 12 hexes away, the naval range 12: accepted with both
    figures, though 12 is beyond the Pacific initial leg of 10; at the range itself, not only below it."""
    assert check_initial_leg(12, "pacific", ops_tables(), "21.3615C", 12).to_dict() == {
        "name": "destroyers reach the embarkation hex", "value": True, "rule": "21.3615C",
        "terms": [{"label": "hexes by water to the embarkation hex (typed, RULINGS A1)", "value": 12, "rule": "21.65A"},
                  {"label": "naval range (pacific): an island within it may be NRed home", "value": 12, "rule": "21.3615C"}],
        "notes": []}


# --- the side of a player turn's records (21.531C, 21.51) ---------------------------------------------------------


def test_21_517E_an_invasions_attackers_keep_their_names() -> None:
    """21.517E, 21.526: the initial attackers read back from an invasion's record, names, factors and kinds."""
    m = {"attackers": ["1 Inf", "3 Mar"], "cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry"},
                                                   {"name": "3 Mar", "factors": 3, "kind": "marine"},
                                                   {"name": "Kept", "factors": 2, "kind": "infantry"}]}
    assert MI._attackers(m) == (Cargo("1 Inf", 3, "infantry"), Cargo("3 Mar", 3, "marine"))


def test_issue_32_units_of_no_side_are_the_referees() -> None:
    """Issue 32 (21.31): units of a power of no side (neutral) are no player's: the referee records what befalls them."""
    assert owner([unit("N1", power="neutral")], tables()) == "referee"
    assert owner([unit("B1")], tables()) == "allies"


def test_21_31_the_turn_key_reads_the_acting_side_from_the_context() -> None:
    """21.31: a record belongs to game turn and the side acting in the context's segment."""
    w = world([base("Malta")], [unit("B1")])
    e = H.Env(tables(), ops(), partial(_phasing_side, tables()))
    assert H.turn_key(ctx(w, side="axis"), e) == "3:axis"
    assert H.turn_key(ctx(w, side="allies"), e) == "3:allies"


# --- 21.5152, 21.518: odds and breakthrough ---------------------------------------------------------------------


def test_21_518B_every_armor_whose_ctl_was_not_typed_is_named() -> None:
    """21.518B: two armor units in the final round without a typed CTL: the note names both."""
    armor = (Cargo("7 Arm", 4, "armor"), Cargo("8 Arm", 4, "armor"))
    out = I.exploitation(armor, {"7 arm", "8 arm"}, {"7 arm"}, ops_tables())
    assert (out.value, out.notes[0]) == (
        "not known: the armor's CTL was not typed",
        "The breakthrough is possible if the CTL of 7 Arm, 8 Arm is 1 or more (21.518B): type it in the cargo as "
        "NAME:FACTORS:armor:ctl=N.")


def test_21_414B_a_joint_patrols_distance_is_split_at_the_first_equals_sign() -> None:
    """21.414B: ``Malta=8=3`` is Malta's distance "8=3", refused as a number, not a base called "Malta=8"."""
    w = world([base("Malta")], [])
    with pytest.raises(RuleError) as err:
        read_routes("Malta=8=3", ["Malta"], w.base)
    assert str(err.value) == "the distance by water from Malta (hexes) must be a whole number (from 0 to 999), not '8=3'"


# --- 21.66, 21.315: escort-result -------------------------------------------------------------------------------


def _cargo_world(missions: dict[str, Any]) -> AwawWorld:
    w = world([base("Liverpool", "port", ("western",), hex="K5"), base("Plymouth", "port", ("western",), hex="M6"),
               base("Atlantic SW", "sw-box", ())],
              [unit("TR1", 1, type="transport", base="Atlantic SW"), unit("TR2", 1, type="transport", base="Atlantic SW"),
               unit("DD1", 4, type="destroyer", base="Liverpool")])
    return with_missions(w, missions)


_ESCORT = {"kind": "escort", "from": "Liverpool", "to": "Plymouth", "destroyers": 3, "units": ["DD1", "TR1"],
           "cargo": ["3 Inf", "4 Inf"], "oil": 0, "brps": 0}
_RETURNED = ("The escort lost the naval combat: the cargo returns to {} and debarks; the naval units return to their "
             "original base (21.66B); ground and air units may SR and TR from there (21.66D).")


def _escort_result(m: dict[str, Any], **opts: Any) -> Outcome:
    return C.escort_done(env(), ctx(_cargo_world({"escort-1": m}), "naval-combat"), ["escort-1"], opts)


def test_21_66C_the_destroyer_factors_surviving_are_a_count_from_0_to_999() -> None:
    """21.66C: --surviving is a whole number of destroyer factors, 0 (all lost) to 999."""
    assert refused(_escort_result, _ESCORT, surviving="x") == \
        "destroyer factors surviving must be a whole number (from 0 to 999), not 'x'"
    assert _escort_result(_ESCORT, surviving="0").summary == "escort-1: the cargo (3 Inf, 4 Inf) is eliminated (21.66C)"


def test_21_66B_21_315_every_transport_of_a_returned_escort_is_named() -> None:
    """21.66B, 21.315: an escort with two transports returned: both are named in the bar on its destination."""
    out = _escort_result({**_ESCORT, "units": ["DD1", "TR1", "TR2"]}, defeated=True)
    assert out.summary == (
        "escort-1: the cargo (3 Inf, 4 Inf) is returned (21.66B) An activity with transports (TR1, TR2) was aborted: no "
        "transports may be used for naval operations relating to Plymouth for the rest of the player turn; those already "
        "under way are unaffected (21.315).")
    assert out.details == (_RETURNED.format("Liverpool"),)
    assert out.world.ops["barred"] == ["Plymouth"]


def test_21_315_a_returned_grant_without_a_destination_bars_nothing() -> None:
    """21.315, 21.66B: a BRP grant sent without --to (destination ""), returned: its transports bar no destination."""
    grant = {"kind": "escort", "from": "the port of embarkation", "to": "", "destroyers": 0, "units": ["TR1"],
             "cargo": [], "oil": 0, "brps": 5}
    out = _escort_result(grant, defeated=True)
    assert out.summary == "escort-1: the cargo (5 BRPs) is returned (21.66B)"
    assert out.details == (_RETURNED.format("the port of embarkation"),)
    assert "barred" not in out.world.ops


# --- 21.5152, 21.527, 21.517B, D: invasion-odds ------------------------------------------------------------------

_INV = {"kind": "invasion", "hex": "Q30", "from": ["Malta"],
        "cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry", "ctl": 0, "mech": True},
                  {"name": "2 Inf", "factors": 2, "kind": "infantry", "ctl": 0, "mech": True}],
        "attackers": ["1 Inf", "2 Inf"], "defended": True, "units": ["DD1"], "from_box": [], "bombard": [],
        "hex_kind": "beach", "defender_dm": 1, "entered": ["Q30"]}
_BOMBARDED = {**_INV, "bombard": ["BB1"], "bombard_drm": {"0": 3}, "bombard_value": 1}


def _call(fn: Any, m: dict[str, Any], *args: str, more: tuple = (), **opts: Any) -> Outcome:
    return fn(env(), ctx(combat_world(*more, missions={"invasion-1": m}), "naval-combat"), list(args), opts)


def test_21_5152_the_defence_strength_typed_half_factors_from_half_to_999() -> None:
    """21.5152: --defense is a number of combat factors from 0.5 to 999 in steps of 0.5."""
    assert refused(_call, OI.invasion_odds, _BOMBARDED, "invasion-1", defense="x") == \
        "the defence strength (21.5152) must be a number (from 0.5 to 999), not 'x'"
    assert refused(_call, OI.invasion_odds, _BOMBARDED, "invasion-1", defense="1.25") == \
        "the defence strength (21.5152) must be in steps of 0.5, not '1.25'"
    assert _call(OI.invasion_odds, _BOMBARDED, "invasion-1", defense="0.5").summary == (
        "invasion-1: invasion of Q30 at 6:0.5: 1:1 or better after bombardment and ground support (21.5152, 21.527)")


def test_21_5152_a_bare_defense_flag_reads_the_strength_already_recorded() -> None:
    """21.5152: --defense without a value falls back on the defence strength the invasion's record keeps."""
    out = _call(OI.invasion_odds, {**_BOMBARDED, "defense": "3"}, "invasion-1", defense=True)
    assert out.summary == ("invasion-1: invasion of Q30 at 6:3: 1:1 or better after bombardment and ground support "
                           "(21.5152, 21.527)")


def test_21_517B_ground_factors_by_land_a_count_from_0_to_999() -> None:
    """21.517B: --land is a whole number of ground factors from 0 to 999."""
    assert refused(_call, OI.invasion_odds, _BOMBARDED, "invasion-1", defense="3", land="x") == \
        "ground factors joining by land or airdrop (21.517B) must be a whole number (from 0 to 999), not 'x'"


def test_21_517D_ground_support_typed_half_factors_from_0_to_999() -> None:
    """21.517D: --air-support is a number from 0 to 999 in steps of 0.5; a bare flag adds none."""
    def odds(support: object) -> Outcome:
        return _call(OI.invasion_odds, _BOMBARDED, "invasion-1", defense="3", **{"air-support": support})

    assert refused(odds, "x") == "ground support in combat factors (21.517D) must be a number (from 0 to 999), not 'x'"
    assert refused(odds, "1.25") == "ground support in combat factors (21.517D) must be in steps of 0.5, not '1.25'"
    assert refused(odds, "1000") == "ground support in combat factors (21.517D) must be from 0 to 999, not '1000'"
    none = odds(True)
    assert none.summary == ("invasion-1: invasion of Q30 at 6:3: 1:1 or better after bombardment and ground support "
                            "(21.5152, 21.527)")
    assert [(e.name, e.value) for e in none.explanations] == [("invasion odds", "6:3"),
                                                               ("combat factors added by sea and air", 1)]
    assert [(e.name, e.value) for e in odds("0.5").explanations] == [
        ("invasion odds", "6:3"), ("combat factors added by sea and air", 1), ("ground support for the invasion", 0)]


# --- 21.528: invasion-losses -------------------------------------------------------------------------------------

_LOSSES = {**_BOMBARDED, "bombard": ["BB1", "DD2", "CA2", "CAx", "DD3"], "bombard_value": 6}
_SHIPS = (unit("CA2", 2, type="cruiser-2", base="Malta"), unit("CAx", 3, type="cruiser", base="Malta"),
          unit("DD3", 2, type="destroyer", base="Malta"))


def test_21_528_the_loss_factors_required_a_count_from_1_to_999() -> None:
    """21.528: REQUIRED is a whole number of ground combat loss factors from 1 to 999."""
    assert refused(_call, OI.invasion_losses, _BOMBARDED, "invasion-1", "x") == \
        "ground combat loss factors must be a whole number (from 1 to 999), not 'x'"


def test_21_5283_no_bombardment_recorded_no_fleet_losses() -> None:
    """21.5283: an invasion no ship has bombarded yet (no bombardment value in its record): fleet losses at most 0, the
    ground units take them all."""
    out = _call(OI.invasion_losses, _INV, "invasion-1", "3")
    assert out.summary == ("invasion-1: 3 loss factors; fleet losses at most 0 (the bombardment's combat factors, "
                           "21.5283); 1 way to take them")
    assert out.details == ("option: ground units of 3 factors and 0 fleet factors",)


def test_21_5283_an_option_losing_no_ground_unit_says_so() -> None:
    """21.5283: 1 loss factor and a bombardment of 1: either infantry unit, or the fleet alone ("none")."""
    out = _call(OI.invasion_losses, _BOMBARDED, "invasion-1", "1")
    assert out.summary == ("invasion-1: 1 loss factor; fleet losses at most 1 (the bombardment's combat factors, "
                           "21.5283); 3 ways to take them")
    assert out.details == ("option: ground units of 3 factors and 0 fleet factors",
                           "option: ground units of 2 factors and 0 fleet factors",
                           "option: no ground unit and 1 fleet factor")


def test_21_5282A_destroyer_factors_lost_from_1_to_the_counters_factors_and_added_up() -> None:
    """21.5282A: a destroyer loses 1 to its own factors; two destroyers' losses add up (1 + 2 = 3 loss factors, 6
    barred, 21.5281); the result is the bombarding side's and explains the fleet's losses."""
    assert refused(_call, OI.invasion_losses, _LOSSES, "invasion-1", "4", ships="DD2:x", more=_SHIPS) == \
        "destroyer factors of DD2 lost must be a whole number (from 1 to 4), not 'x'"
    out = _call(OI.invasion_losses, _LOSSES, "invasion-1", "4", ships="DD2:1,DD3:2", more=_SHIPS)
    assert out.summary == ("invasion-1: the bombarding fleet takes 3 of 4 loss factors (DD2, DD3); 1 from ground units, "
                           "air factors or CVEs (21.517H, 21.5283); 6 other fleet factors barred from shore bombardment in "
                           "later combat rounds (21.5281)")
    assert out.actor == "allies"
    assert [(e.name, e.value, e.rule) for e in out.explanations] == [
        ("ground combat losses taken by the bombarding fleet", 3, "21.5282, 21.5283")]
    m = out.world.ops["missions"]["invasion-1"]
    assert (m["barred"], m["fleet_lost"]) == (6, 3)
    assert (out.world.units["DD2"].factors, out.world.units["DD3"].factors, out.world.units["DD3"].sunk) == (3, 0, True)


def test_21_5282B_cruisers_of_two_counters_add_up_in_whole_factors() -> None:
    """21.5282B: a two-factor cruiser (one ship, 2 factors) and one ship of a three-factor counter: 2 cruisers sunk,
    4 loss factors, 3 fleet factors lost, 6 barred, all whole numbers; N from 1 to the counter's ships."""
    assert refused(_call, OI.invasion_losses, _LOSSES, "invasion-1", "4", ships="CAx:x", more=_SHIPS) == \
        "cruisers of CAx sunk (3 in the counter) must be a whole number (from 1 to 3), not 'x'"
    out = _call(OI.invasion_losses, _LOSSES, "invasion-1", "4", ships="CA2,CAx:1", more=_SHIPS)
    assert out.summary == ("invasion-1: the bombarding fleet takes 4 of 4 loss factors (CA2, CAx); 0 from ground units, "
                           "air factors or CVEs (21.517H, 21.5283); 6 other fleet factors barred from shore bombardment in "
                           "later combat rounds (21.5281)")
    m = out.world.ops["missions"]["invasion-1"]
    assert [(m["barred"], type(m["barred"])), (m["fleet_lost"], type(m["fleet_lost"]))] == [(6, int), (3, int)]
    units = out.world.units
    assert [(units[i].factors, type(units[i].factors), units[i].sunk) for i in ("CA2", "CAx")] == [
        (0, int, True), (2, int, False)]


# --- 21.516, 21.514E: invasion-result, invade -------------------------------------------------------------------


def test_21_516B_every_survivor_not_in_the_cargo_is_named() -> None:
    """21.516B: --survivors naming two units not carried: both named, with the cargo."""
    assert refused(_call, OI.invasion_result, _INV, "invasion-1", "repulsed", survivors="7 Arm,8 Arm") == \
        "invasion-result: 7 Arm, 8 Arm not in the cargo of invasion-1 (1 Inf, 2 Inf)"


def test_21_514E_the_question_names_every_invader_and_every_base_of_embarkation() -> None:
    """21.514E: two units from two bases: the referee is asked about all of them."""
    out = VC._invade(env(), ctx(combat_world(), "naval-combat", label="Spring 1941"), ["Q30", "Malta,Alexandria"],
                     {"cargo": "1 Inf:3,2 Inf:2", "by": "DD1,DD2", "distance": "12", "hex-kind": "beach"}, False)
    question = ("Did 1 Inf, 2 Inf start this player turn in Malta, Alexandria, fully supplied, without moving there "
                "(21.514E)?")
    assert out.summary == f"invade-1: {question} — answer invade-1 yes|no"
    assert [(p.id, p.text, p.rule, p.subject, p.expires) for p in out.raise_prompts] == [
        ("invade-1", question, "21.514E", "Q30", "segment")]


# --- 21.4184C: sub-air; 21.41: an interception attempt -------------------------------------------------------------


def _subs(**rec: Any) -> AwawWorld:
    w = world([base("Malta", hex="Y20"), base("Naples", control="italy", hex="U19")],
              [unit("U-1", 2, power="germany", type="submarine", base="Naples", at_sea="patrol", sea_hex="Y21"),
               unit("U-2", 2, power="germany", type="submarine", base="Naples", at_sea="patrol", sea_hex="Y22"),
               unit("P-1", 2, type="submarine", base="Malta", at_sea="patrol", sea_hex="Y23")])
    return with_missions(w, {}, **rec)


def _sub_air(w: AwawWorld, *names: str, side: str = "allies") -> Outcome:
    return VI._sub_air(tables(), lambda _ctx: side, ctx(w, side=side), list(names), {})


def test_21_4184C_land_based_air_attacks_each_enemy_submarine_once_and_the_attack_is_the_attackers() -> None:
    """21.4184C: two submarines attacked are both named with their hexes; an attack later in the turn adds to those
    recorded; a friendly submarine is refused; the attack is the attacking side's."""
    out = _sub_air(_subs(), "U-1", "U-2")
    assert out.summary == ("Land-based air attacks the submarines on patrol: U-1 in Y21, U-2 in Y22; each squadron within "
                           "range of the patrol hex attacks once, in a single sortie (21.4184C)")
    assert out.actor == "allies"
    assert out.world.ops["sub_air"] == ["U-1", "U-2"]
    later = _sub_air(_subs(sub_air=["U-1"]), "U-2")
    assert later.world.ops["sub_air"] == ["U-1", "U-2"]
    assert refused(_sub_air, _subs(), "P-1") == "sub-air: P-1 is a friendly unit (21.4184C)"


def test_21_4191_an_attempt_records_whether_it_missed() -> None:
    """21.4191: a unit at sea (not on defensive patrol) counts its attempt and whether this one missed (a missed
    interception lets no defensive patrol stay), each time."""
    at_sea = unit("B1", at_sea="patrol", sea_hex="Y21")
    missed = VI._attempted(at_sea, "naval-movement", True)
    assert (missed.intercepts, missed.missed, missed.dp_tries) == (1, True, ())
    hit = VI._attempted(missed, "naval-movement", False)
    assert (hit.intercepts, hit.missed, hit.dp_tries) == (2, False, ())


# --- 21.31, 21.313: the planner; a patrolling force divided -------------------------------------------------------


def test_21_31_the_planner_names_each_unit_unable_to_act_and_its_rule() -> None:
    """21.31: of three units, one sunk (no rule to cite: the reason itself) and one at sea (21.321) may not act."""
    w = world([base("Malta")], [unit("B1"), unit("S1", sunk=True), unit("P1", at_sea="patrol", sea_hex="Y21")])
    out = P.plan(SimpleNamespace(world=w), ["B1", "S1", "P1"], {"activity": "transport"}, tables())  # type: ignore[arg-type]
    able = next(e for e in out if e.name == "Units able to act")
    assert able.to_dict() == {
        "name": "Units able to act", "value": "1 of 3", "rule": "21.31",
        "terms": [{"label": "S1", "value": "no", "rule": "S1 is sunk"}, {"label": "P1", "value": "no", "rule": "21.321"}],
        "notes": ["S1 is sunk", "P1 is at sea (patrol in Y21) (21.321)"]}


def test_21_4182D_21_313_each_new_force_keeps_the_tables_fast_fleet_ratio() -> None:
    """21.4182D, 21.313: the ratio is data; at two fast fleet factors per carrier factor, 2 carrier factors need 4 and
    3 are short, while 4 suffice."""
    t = tables()
    two = msgspec.structs.replace(t, employment=msgspec.structs.replace(
        t.employment, fast_fleet_per_carrier=msgspec.structs.replace(t.employment.fast_fleet_per_carrier, value=2)))
    e = H.Env(two, ops(), lambda _ctx: "allies")
    cv = unit("CV1", 2, type="fast-carrier", fast=True)
    assert refused(VS._split_check, [cv, unit("CA1", 3, type="cruiser", fast=True)], [], e) == (
        "support: the units sent (CV1, CA1) would have 2 fast carrier factors and 3 fast fleet factors, 4 needed: a "
        "patrolling force may divide (21.4182D) only if each new force keeps one fast fleet factor per fast carrier factor "
        "(21.313)")
    assert VS._split_check([cv, unit("CA1", 4, type="cruiser", fast=True)], [], e) is None
