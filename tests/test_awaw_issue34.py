"""Issue 34, "Wrong" points 1-5: the AWAW readings the outside cases found wrong (seed 004, chapter 21), through the
engine with the bundled scenario and through the pure calculators.

The outsider's own cases are in ``tests/test_awaw_cases_outsider.py``; these tests are the project's, for what the
issue asks beyond them."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.awaw_core_fixtures import base, tables, unit, world
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw.employment import check_force, force_figures
from tui.rules.core.errors import RuleError
from tui.session import create_game

MALTA = base("Malta")


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first, the Allies second."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


# --- point 1: destroyers are fleet factors (21.313, 21.5281-21.5282, 21.5342C) --------------------------------------


def test_21_313_fast_destroyer_factors_are_fast_fleet_factors() -> None:
    """21.313 with 21.5282A ("One destroyer factor is eliminated" from "fleets") and 21.5342C ("light fleet factors
    ... (21.313)"): a fast destroyer counts as fast fleet factors; a slow one does not, nor do submarines, ASW, CVEs or
    transports."""
    units = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer", fast=True),
             unit("SDD", 4, type="destroyer"), unit("SS", 3, type="submarine", fast=True),
             unit("ASW", 3, type="asw", fast=True), unit("CVE", 1, type="cve", fast=True), unit("TR", 5, type="transport")]
    fast = force_figures(units, tables())["fast_fleet"].to_dict()
    assert fast == {"name": "Fast fleet factors", "value": 2, "rule": "21.313",
                    "terms": [{"label": "DD", "value": 2, "rule": "21.313"}], "notes": []}


def test_21_313_a_carrier_with_fast_destroyers_may_act_and_slow_destroyers_do_not_count() -> None:
    """21.313: 2 fast carrier factors with 2 fast destroyer factors: accepted; with 2 slow destroyer factors: refused
    with the figures."""
    w = world([MALTA], [])
    escorted = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer", fast=True)]
    assert check_force(escorted, w, tables(), "carrier-mission")["fast_fleet"].value == 2
    slow = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer")]
    with pytest.raises(RuleError) as err:
        check_force(slow, w, tables(), "carrier-mission")
    assert str(err.value) == "carrier-mission: 2 fast carrier factors need 2 fast fleet factors, the force has 0 (21.313)"


def test_21_313_the_fleet_categories_are_data_with_their_rule() -> None:
    """21.313: which categories count as fleet factors is a data value citing the clauses that read destroyers so."""
    spec = tables().employment.fleet_categories
    assert spec.value == ["fleet", "destroyer"]
    assert spec.rule == "21.313, 21.5281, 21.5282A, 21.5342C"


def test_21_313_a_fleet_category_that_is_not_a_category_is_named() -> None:
    """21.313: ``[employment.fleet_categories]`` names categories of ``[unit_types]``; another word is refused."""
    from tests.awaw_core_fixtures import data_refusal
    from tui.rules.awaw.tables import load_tables
    from tui.rules.core.data import read_toml

    raw = copy.deepcopy(read_toml(data_dir() / "rulesets" / "awaw.toml"))
    raw["employment"]["fleet_categories"]["value"] = ["fleet", "destroyers"]
    assert data_refusal(lambda: load_tables(Path("/nowhere/awaw.toml"), raw), "awaw.toml") == (
        "table employment, key fleet_categories.value.1: 'destroyers' is not a category "
        "(fleet, carrier, cve, destroyer, submarine, asw, transport)")


def test_21_313_a_carrier_mission_of_victorious_and_home_fleet_destroyers(game) -> None:
    """21.313, 21.555A: Victorious (2 fast carrier factors) with RN-DD-Home (6 fast destroyer factors) is a legal fast
    carrier mission; the escort figure is the 6 destroyer factors."""
    to(game, "second-turn/combat/naval-missions")
    r = ok(game, "carrier-mission D20 --by Victorious,RN-DD-Home --distance 10")
    assert r.message.startswith("carriers-")
    escort = next(e for e in r.explanations if e.name == "fast fleet factors escorting the carriers")
    assert escort.value == 6
    assert [(t.label, t.value) for t in escort.terms] == [("fast carrier factors", 2), ("fast fleet factors needed", 2),
                                                         ("fast fleet factors in the force", 6)]
    units = game.state.world.units
    assert units["Victorious"].at_sea and units["RN-DD-Home"].at_sea


def test_21_313_a_patrol_of_a_carrier_and_destroyers_and_the_planner(game) -> None:
    """21.313: a patrol of Eagle and Furious (2 carrier factors) with RN-DD-ForceH (6 fast destroyer factors) is
    accepted; the planner shows no shortfall for it."""
    to(game, "second-turn/movement/naval-movement")
    plan = {e.name: e for e in game.ruleset.planner(game.state, ["Eagle", "Furious", "RN-DD-ForceH"], {"activity": "patrol"})}
    assert plan["Fast fleet factors"].value == 6
    assert plan["Fast fleet factors needed"].notes == ("needs 2 fast fleet factors: 6 chosen",)
    assert plan["Shortfalls"].value == 0
    r = ok(game, "patrol Y1 Eagle Furious RN-DD-ForceH --distance 6")
    assert "Answer patrol-" in r.message


# --- point 2: one interception attempt against a patrol (21.4171, 21.416J, 21.416L) ---------------------------------

PATROL = "patrol D20 Victorious RN-CA-Home --distance 10"


def _prompt(game, pid: str):
    found = [p for p in game.state.flow.pending if p.id == pid]
    assert found, [p.id for p in game.state.flow.pending]
    return found[0]


def _patrol_prompts(game) -> list[tuple[str, tuple[str, ...]]]:
    return [(p.id, p.choices) for p in game.state.flow.pending if p.id.startswith("patrol-1")]


def test_21_4171_a_failed_attempt_en_route_is_recorded_and_nothing_more_is_offered(game) -> None:
    """21.4171: "The defender may not attempt interception of a patrolling force at one point, then attempt
    interception again later"; 21.416J, L: "if he has not done so previously". The route prompt records an attempt
    that failed; the patrol hex then asks only whether the patrol remains, and remaining asks nothing more."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    route = _prompt(game, "patrol-1-route")
    assert route.choices == ("no interception", "attempt failed", "patrol won", "patrol lost")
    r = ok(game, "answer patrol-1-route 'attempt failed'")
    assert r.message == ("Patrol 1: the defender's interception attempt on the way failed; it reaches D20 "
                         "(21.416H-I), and the defender may not attempt interception of it again (21.4171)")
    assert _patrol_prompts(game) == [("patrol-1-strikes-after", ("remain at sea", "return to base"))]
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "attempt failed"}
    r = ok(game, "answer patrol-1-strikes-after 'remain at sea'")
    assert r.message == "Patrol 1 remains in D20 during the combat phase (21.416K-L)"
    assert _patrol_prompts(game) == []


def test_21_416J_a_failed_attempt_before_a_round_of_strikes_in_the_patrol_hex(game) -> None:
    """21.416J: "Before each round of counterair attacks/air strikes from the patrol hex, the defender has the option of
    attempting naval interception if he has not done so previously": an attempt there that failed is recorded, and the
    patrol remaining at sea is not asked about again (21.416L, 21.4171)."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    ok(game, "answer patrol-1-route 'no interception'")
    assert _prompt(game, "patrol-1-strikes").choices == ("remain at sea", "return to base", "attempt failed", "patrol won",
                                                          "patrol lost")
    r = ok(game, "answer patrol-1-strikes 'attempt failed'")
    assert r.message == ("Patrol 1: the defender's interception attempt in D20 failed (21.416J); he may "
                         "not attempt interception of it again (21.4171)")
    assert _patrol_prompts(game) == [("patrol-1-strikes-after", ("remain at sea", "return to base"))]
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "strikes", "result": "attempt failed"}


def test_21_416L_a_failed_attempt_against_a_patrol_remaining_in_its_hex(game) -> None:
    """21.416L: "If a patrolling force remains in the patrol hex, the defender may attempt interception of the
    patrolling force, if he has not already done so": an attempt that failed leaves the patrol in its hex, recorded."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    assert _prompt(game, "patrol-1-hex").choices == ("no interception", "attempt failed", "patrol won", "patrol lost")
    r = ok(game, "answer patrol-1-hex 'attempt failed'")
    assert r.message == ("Patrol 1 stays in D20 for the combat phase: the defender's interception attempt "
                         "failed (21.416L, 21.4171)")
    assert _patrol_prompts(game) == []
    assert game.state.world.units["Victorious"].at_sea == "patrol"
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "hex", "result": "attempt failed"}


def test_21_4171_intercept_names_the_patrol_and_a_second_attempt_is_refused(game) -> None:
    """21.4171: the defender's `intercept ... --target patrol-1` is the attempt on the way; its result is then one of
    the attempt's (not "no interception"); after it no other naval force may attempt interception of the patrol."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    r = ok(game, "intercept D20 Tirpitz --distance 14 --target patrol-1")
    assert "Tirpitz intercept in D20, 14 hexes" in r.message
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "", "by": ["Tirpitz"]}
    refused(game, "answer patrol-1-route 'no interception'",
            "patrol-1-route: the defender attempted interception of patrol 1 on its way to D20 (Tirpitz): answer "
            "attempt failed, patrol won or patrol lost (21.4171)")
    refused(game, "intercept D20 Hipper --distance 14 --target patrol-1",
            "intercept: the defender has already attempted interception of patrol-1 on its way to D20; he may not attempt "
            "it again with the same or other naval forces (21.4171)")
    ok(game, "answer patrol-1-route 'patrol lost'")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "patrol lost",
                                                                      "by": ["Tirpitz"]}
    assert game.state.world.units["Hipper"].state == "ready"


def test_21_4171_an_interception_won_on_the_way_leaves_no_second_attempt(game) -> None:
    """21.4171 (outside case C05 in the engine): the patrol won the interception on its way and continues; Tirpitz and
    Hipper may not then intercept it in its hex: refused, nothing changed."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    ok(game, "answer patrol-1-route 'patrol won'")
    ok(game, "answer patrol-1-continue continue")
    refused(game, "intercept D20 Tirpitz Hipper --distance 14 --target patrol-1",
            "intercept: the defender has already attempted interception of patrol-1 on its way to D20; he may not attempt "
            "it again with the same or other naval forces (21.4171)")


def test_21_417_a_patrol_is_intercepted_only_at_the_points_the_rule_lists(game) -> None:
    """21.417: a patrol is intercepted en route, in its hex before its strikes, or when it remains there (21.416L);
    once the defender let the last of these pass, `intercept --target` the patrol is refused."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    ok(game, "intercept D20 Tirpitz --distance 14 --target patrol-1")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "hex", "result": "", "by": ["Tirpitz"]}
    refused(game, "answer patrol-1-hex 'no interception'", "answer attempt failed, patrol won or patrol lost (21.4171)")
    ok(game, "answer patrol-1-hex 'attempt failed'")
    refused(game, "intercept D20 Hipper --distance 14 --target patrol-1", "(21.4171)")


def test_21_417_no_interception_point_left_after_the_patrol_hex(game) -> None:
    """21.417A-B: after the defender let the patrol remain unintercepted (21.416L), no point is left to intercept it."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, PATROL)
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    ok(game, "answer patrol-1-hex 'no interception'")
    refused(game, "intercept D20 Tirpitz --distance 14 --target patrol-1",
            "intercept: patrol-1 may be intercepted only on its way, in its hex before a round of air strikes, or when it "
            "remains there; those points are past (21.417A-B)")


# --- point 3: raiders may not remain at sea (21.537A) -----------------------------------------------------------------

RAID_DUTY = ("Raider groups at sea: raid-1 (Atlantic SW: Scheer)", "due", "21.537A",
             "raid-return ID: all raiding groups must attempt to return to port")


def _raid_duties(game) -> list[tuple[str, str, str, str]]:
    return [(d.text, d.state, d.rule, d.detail) for d in game.ruleset.duties(game.state, game.segment) if "Raider" in d.text]


def test_21_537A_a_raid_at_sea_is_a_duty_that_holds_the_player_turn(game) -> None:
    """21.537A: "all raiding groups must then attempt to return to port. Raiders may not remain at sea." A raid not
    returned is a duty due: leaving the segment by hand (the gate) is refused naming it; --force leaves it undone and
    recorded, and it is still due, with raid-return legal, until the raid returns."""
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'raid "Atlantic SW" --by Scheer')
    assert r.message.startswith("raid-1: ")
    assert _raid_duties(game) == [RAID_DUTY]
    refused(game, "next --gate", "Still required in First player turn › Combat phase › Invasions, bombardment, raiders, carrier missions:\n"
            "• Raider groups at sea: raid-1 (Atlantic SW: Scheer) — raid-return ID: all raiding groups must attempt to "
            "return to port (21.537A)\nDo them, or 'next --force' to leave anyway (recorded in the log).")
    refused(game, "goto second-turn/movement/naval-movement --gate", "• Raider groups at sea: raid-1")
    r = ok(game, "next --force")
    assert ("Left First player turn › Combat phase › Invasions, bombardment, raiders, carrier missions with 1 required "
            "item(s) undone: Raider groups at sea: raid-1 (Atlantic SW: Scheer)") in r.message
    assert game.segment.key == "first-turn/combat/regular-combat"
    assert _raid_duties(game) == [RAID_DUTY]
    refused(game, "goto uninversion --gate", "• Raider groups at sea: raid-1")
    ok(game, "raid-return raid-1")
    assert _raid_duties(game) == []
    assert game.state.world.units["Scheer"].at_sea == ""
    ok(game, "next --gate")


def test_21_537A_a_returned_raid_is_no_duty(game) -> None:
    """21.537A: once the raider group has returned to port the segment may be left."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 0")
    ok(game, "raid-return raid-1")
    assert _raid_duties(game) == []
    ok(game, "next --gate")
