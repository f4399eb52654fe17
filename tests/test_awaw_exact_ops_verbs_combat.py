"""Exact tests of the combat phase's missions (``tui/rules/awaw/verbs_ops_combat.py``; seed 004, 21.51, 21.55): ``invade``
and ``carrier-mission`` called directly on small worlds, each asserting the whole message, the mission's record, the
prompt and the units' state."""

from __future__ import annotations

from typing import Any

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, refused, with_missions
from tui.rules.awaw import verbs_ops_combat as VC
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

DETAILS = ("Defensive air support against it is tripled (21.517F); ground support at most 3x the ground factors (21.517D).",
           "Losses: `invasion-losses ID REQUIRED [--ships ...]` (21.528x); defeat at sea or odds below 1:1 after a combat "
           "round: the units return to their embarkation base (21.516, 21.5152).",
           "Invading units may not attack out of the hex unless they exploit, and do not count for attrition (21.519).")
ASSUMED = ("BRPs for 4 naval factors on the mediterranean front (assumed: the front of the units' bases of origin; type "
           "--brp-front if the activity is on another)")


def combat_world(*more: Any, missions: dict[str, Any] | None = None, **rec: Any) -> AwawWorld:
    """Allied destroyers and carriers in Malta and Alexandria, an Italian battleship in Tripoli; the Allies act."""
    w = world([base("Malta", hex="Y20"), base("Gibraltar", hex="AA7"), base("Tripoli", control="italy", hex="T25"),
               base("Naples", control="italy", hex="U19"), base("Atlantic U.S.", "box", (), control="usa"),
               base("Alexandria", hex="Z30")],
              [unit("DD1", 4, type="destroyer", base="Malta"), unit("DD2", 4, type="destroyer", base="Malta"),
               unit("BB1", 3, type="battleship", base="Malta"),
               unit("CV1", 2, type="fast-carrier", base="Alexandria", fast=True),
               unit("CA1", 2, type="cruiser-2", base="Alexandria", fast=True),
               unit("RM-BB", 3, power="italy", type="battleship", base="Tripoli"), *more])
    return with_missions(w, missions or {}, **rec)


def _invade(w: AwawWorld, target: str, start: str = "Malta", confirmed: bool = False, label: str = "Spring 1941",
            **opts: Any) -> Outcome:
    base_opts = {"cargo": "1 Inf:3", "by": "DD1", "distance": "12", "hex-kind": "beach"}
    return VC._invade(env(), ctx(w, "naval-combat", label=label), [target, start], {**base_opts, **opts}, confirmed)


def test_21_517E_the_defenders_invasion_dm_as_the_result_says_it() -> None:
    assert VC.dm_text(1) == "the defenders' invasion DM is +1 (21.517E)"
    assert VC.dm_text(-1) == "the defenders' invasion DM is -1 (21.517E)"
    assert VC.dm_text(0) == "no invasion DM for the defenders: at least half the invading force is marines (21.517E)"


def test_21_51_usage_one_hex_and_controlled_bases_of_embarkation() -> None:
    w = combat_world()
    assert refused(VC._invade, env(), ctx(w), ["T25"], {}) == (
        'usage: invade HEX FROM[,FROM2] --hex-kind KIND --cargo "NAME:FACTORS[:KIND]" --by DD1,DD2 --distance N '
        "[--defended --odds A:D] (21.51)")
    assert refused(_invade, w, "T25,Q1") == (
        "invade: one invasion hex, not 'T25,Q1'; different invasion hexes require independent missions (21.514C)")
    assert refused(_invade, w, "Q30", "Naples") == (
        "invade: Naples is not controlled by the allies side; invaders start in a controlled port, eligible island or "
        "box (21.511, 21.514E)")
    assert refused(_invade, w, "Atlantic U.S.") == "invasions into a mapboard box (Atlantic U.S.) are prohibited (21.512E)"


def test_21_514E_the_referee_is_asked_whether_the_invaders_started_there_supplied() -> None:
    out = _invade(combat_world(), "Q30")
    question = "Did 1 Inf start this player turn in Malta, fully supplied, without moving there (21.514E)?"
    assert out.summary == f"invade-1: {question} — answer invade-1 yes|no"
    (prompt,) = out.raise_prompts
    assert (prompt.id, prompt.text, prompt.rule, prompt.subject) == ("invade-1", question, "21.514E", "Q30")
    assert prompt.args["verb"] == "invade" and prompt.args["args"] == ["Q30", "Malta"]
    assert out.world.ops["missions"] == {}


def test_21_51_an_undefended_invasion_announced_goes_to_sea() -> None:
    out = _invade(combat_world(), "Q30", supplied=True)
    assert out.summary == ("invasion-1: invasion of Q30 (beach, undefended) from Malta: 3 ground factors on DD1; needs 3 "
                           "destroyer factors (21.513); the defenders' invasion DM is +1 (21.517E); " + ASSUMED)
    assert out.details == DETAILS and out.actor == "allies"
    assert [e.name for e in out.explanations] == [
        "destroyer factors for the invasion", "transports for the invasion", "eligible invasion hex",
        "units attacking by sea", "invasion odds", "weather allows the invasion", "Aleutians route",
        "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) range",
        "Distance at least the hexes on the map", "enemy naval units prevent the invasion", "defender's invasion DM",
        "non-specialized units in the invasion hex"]
    assert out.explanations[4].value == "undefended"
    assert out.world.ops["missions"]["invasion-1"] == {
        "kind": "invasion", "hex": "Q30", "from": ["Malta"],
        "cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry", "ctl": -1, "mech": True}], "attackers": ["1 Inf"],
        "defended": False, "units": ["DD1"], "from_box": [], "bombard": [], "hex_kind": "beach", "defender_dm": 1,
        "entered": ["Q30"]}
    dd = out.world.units["DD1"]
    assert (dd.acted, dd.inverted, dd.at_sea, dd.sea_hex) == (True, False, "mission", "Q30")


def test_21_5152_defended_with_odds_typed_or_a_defence_kept_for_invasion_odds() -> None:
    out = _invade(combat_world(), "Q30", by="DD1,DD2", supplied=True, defended=True, odds="2:1")
    assert out.summary.startswith("invasion-1: invasion of Q30 (beach, defended) from Malta: 3 ground factors on DD1, "
                                  "DD2; needs 6 destroyer factors (21.513);")
    assert out.explanations[4].value == "2:1" and "defense" not in out.world.ops["missions"]["invasion-1"]
    later = _invade(combat_world(), "Q30", confirmed=True, by="DD1,DD2", defended=True, defense="3",
                    **{"announced-as": "invade-5"})
    assert later.summary.startswith("invasion-5: invasion of Q30 (beach, defended)")
    assert "invasion odds" not in [e.name for e in later.explanations]
    assert later.world.ops["missions"]["invasion-5"]["defense"] == "3.0"
    assert later.world.ops["aliases"] == {"invasion-1": "invasion-5"}
    odds_win = _invade(combat_world(), "Q30", by="DD1,DD2", supplied=True, defended=True, defense="3", odds="2:1")
    assert "defense" not in odds_win.world.ops["missions"]["invasion-1"]


def test_21_517E_marines_attacking_leave_the_defenders_no_dm() -> None:
    out = _invade(combat_world(), "Q30", cargo="1 Inf:3, 2 Mar:2:marine", attackers="2 mar", by="DD1,DD2", supplied=True)
    assert out.summary.startswith("invasion-1: invasion of Q30 (beach, undefended) from Malta: 5 ground factors on DD1, "
                                  "DD2; needs 5 destroyer factors (21.513); no invasion DM for the defenders: at least "
                                  "half the invading force is marines (21.517E); ")
    assert out.world.ops["missions"]["invasion-1"]["attackers"] == ["2 Mar"]
    assert out.world.ops["missions"]["invasion-1"]["defender_dm"] == 0


def test_21_5151_winter_and_the_fronts_crossed() -> None:
    assert refused(_invade, combat_world(), "Q30", supplied=True, label="Winter 1941", fronts="eastern") == \
        "winter: seaborne invasions moving through eastern front sea hexes are prohibited (21.5151A)"
    assert _invade(combat_world(), "Q30", supplied=True, label="Spring 1941", fronts="eastern").summary.startswith(
        "invasion-1:")
    assert VC._winter(env(), ctx(combat_world(), label="winter 1941")) is True
    assert VC._winter(env(), ctx(combat_world(), label="Fall 1941")) is False
    assert VC._winter(env(), ctx(combat_world(), label="")) is False


def test_21_5153A_an_enemy_tf_or_ten_factors_in_the_hex_by_name_or_hex_forbid_the_invasion() -> None:
    forbidden = ("invade: an enemy TF or 10 or more undamaged enemy naval factors are in {}: the invasion may not be "
                 "carried out (21.5153A)")
    ten = combat_world(unit("RM-DD", 7, power="italy", type="destroyer", base="Tripoli"))
    assert refused(_invade, ten, "Tripoli", supplied=True) == forbidden.format("Tripoli")
    assert refused(_invade, ten, "t25", supplied=True) == forbidden.format("t25")
    tf = combat_world(unit("RM-CA", 1, power="italy", type="cruiser", base="Tripoli", tf="Z"))
    assert refused(_invade, tf, "Tripoli", supplied=True) == forbidden.format("Tripoli")
    at_sea = combat_world(unit("RM-DD", 7, power="italy", type="destroyer", base="Naples", at_sea="mission",
                               sea_hex="T25"))
    assert refused(_invade, at_sea, "Tripoli", supplied=True) == forbidden.format("Tripoli")
    away = combat_world(unit("RM-DD", 7, power="italy", type="destroyer", base="Tripoli", at_sea="mission", sea_hex="Q1"))
    assert _invade(away, "Tripoli", supplied=True).summary.startswith("invasion-1: invasion of Tripoli")
    subs = combat_world(unit("RM-SS", 7, power="italy", type="submarine", base="Tripoli"),
                        unit("RM-TR", 7, power="italy", type="transport", base="Tripoli"),
                        unit("RM-X", 7, power="italy", type="destroyer", base="Tripoli", sunk=True),
                        unit("RM-Y", 7, power="italy", type="destroyer", base="Tripoli", repair=True),
                        unit("RN-Z", 7, type="destroyer", base="Tripoli"))
    assert _invade(subs, "Tripoli", supplied=True).summary.startswith("invasion-1: invasion of Tripoli")
    terms = _invade(subs, "Tripoli", supplied=True).explanations[9].terms
    assert [t.value for t in terms] == [0, 3, 10]


def test_21_5153D_naval_units_driven_out_this_player_turn_still_forbid_it() -> None:
    driven = combat_world(unit("RM-DD", 7, power="italy", type="destroyer", base="Naples"),
                          displaced_from={"Tripoli": {"RM-DD": "", "RM-BB": ""}})
    assert refused(_invade, driven, "T25", supplied=True) == (
        "invade: enemy naval units enough to prevent an invasion were driven out of Tripoli this player turn (RM-DD, "
        "RM-BB); an airdrop which drives the defending naval units out of the invasion hex does not permit invasion "
        "(21.5153D)")
    in_tf = combat_world(unit("RM-DD", 1, power="italy", type="destroyer", base="Naples"),
                         displaced_from={"Tripoli": {"RM-DD": "Z"}})
    assert "21.5153D" in refused(_invade, in_tf, "T25", supplied=True)
    few = combat_world(unit("RM-DD", 2, power="italy", type="destroyer", base="Naples"),
                       displaced_from={"Tripoli": {"RM-DD": "", "gone": ""}})
    assert _invade(few, "T25", supplied=True).summary.startswith("invasion-1: invasion of T25")
    subs = combat_world(unit("RM-SS", 9, power="italy", type="submarine", base="Naples"),
                        displaced_from={"Tripoli": {"RM-SS": "", "RM-BB": ""}})
    assert _invade(subs, "T25", supplied=True).summary.startswith("invasion-1:")
    own = combat_world(unit("RN-DD", 9, type="destroyer", base="Naples"), displaced_from={"Tripoli": {"RN-DD": ""}})
    assert _invade(own, "T25", supplied=True).summary.startswith("invasion-1:")
    elsewhere = combat_world(unit("RM-DD", 9, power="italy", type="destroyer", base="Naples"),
                             displaced_from={"Naples": {"RM-DD": ""}})
    assert _invade(elsewhere, "T25", supplied=True).summary.startswith("invasion-1:")


# --- carrier-mission (21.55) ------------------------------------------------------------------------------------------


def _carriers(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    return VC._carrier_mission(env(), ctx(w, "naval-combat"), list(args), {"distance": "3", **opts})


def test_21_55_usage_and_at_least_one_fast_carrier() -> None:
    assert refused(VC._carrier_mission, env(), ctx(combat_world()), [], {}) == (
        "usage: carrier-mission HEX --by CV,CA,DD --distance N [--target BASE] [--with INVASION_ID] (21.55)")
    assert refused(_carriers, combat_world(), "Z31", by="CA1") == \
        "carrier-mission: a fast carrier mission needs at least one fast carrier (21.551)"
    assert refused(_carriers, combat_world(), "Z31", by="CV1,CA1", target="Tripoli,Naples") == \
        "a fast carrier mission strikes a single enemy base, not Tripoli, Naples (21.557F)"


def test_21_55_a_fast_carrier_mission_goes_to_sea_and_pays_its_brps() -> None:
    out = _carriers(combat_world(), "Z31", by="CV1,CA1", target="Tripoli")
    assert out.summary == ("carriers-1: fast carrier mission to Z31, against Tripoli by CV1, CA1 (21.55); " + ASSUMED)
    assert out.details[0] == ("The mission returns to base (21.33) and is inverted after regular combat, before "
                              "exploitation (21.555E); it may not intercept or counter-intercept, and fights only if "
                              "intercepted (21.555C).") and len(out.details) == 7
    assert [(e.name, e.value) for e in out.explanations][0] == ("fast fleet factors escorting the carriers", 2)
    assert out.world.ops["missions"] == {"carriers-1": {"kind": "carriers", "hex": "Z31", "units": ["CV1", "CA1"],
                                                        "target": "Tripoli", "with": ""}}
    assert out.world.ops["brps"][0]["rule"] == "21.554A, 9.56A" and out.actor == "allies"
    cv = out.world.units["CV1"]
    assert (cv.acted, cv.inverted, cv.at_sea, cv.sea_hex) == (True, False, "mission", "Z31")
    plain = _carriers(combat_world(), "Z31", by="CV1,CA1")
    assert plain.summary.startswith("carriers-1: fast carrier mission to Z31 by CV1, CA1 (21.55); ")


def test_21_554A_with_an_invasion_the_brps_are_paid_on_its_front() -> None:
    inv = {"kind": "invasion", "hex": "Q30", "from": ["Malta"], "from_box": [], "units": ["DD1"]}
    paid = combat_world(missions={"invasion-1": inv}, brps=[{"mission": "invasion-1", "front": "mediterranean"}])
    out = _carriers(paid, "Z31", by="CV1,CA1", **{"with": "invasion-1"})
    assert out.summary == ("carriers-1: fast carrier mission to Z31 by CV1, CA1 (21.55); BRPs for 4 naval factors on the "
                           "mediterranean front (the front of the land portion of invasion-1's hex (21.554A))")
    assert out.world.ops["missions"]["carriers-1"]["with"] == "invasion-1"
    unpaid = _carriers(combat_world(missions={"invasion-1": inv}), "Z31", by="CV1,CA1", **{"with": "invasion-1"})
    assert unpaid.world.ops["brps"][-1]["front"] == "?"
