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
    ok(game, "raid-return raid-1")  # past the naval missions no engagement attempt is legal: it returns without (21.538A)
    assert _raid_duties(game) == []
    assert game.state.world.units["Scheer"].at_sea == ""
    ok(game, "next --gate")


def test_21_537A_a_returned_raid_is_no_duty(game) -> None:
    """21.537A: once the raider group has returned to port the segment may be left."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 0")
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A: before the return
    ok(game, "raid-return raid-1")
    assert _raid_duties(game) == []
    ok(game, "next --gate")


# --- point 4: the defender chooses the lesser type (21.5342D) -------------------------------------------------------

THREE, TWO, ONE = ("a 3-factor battleship or battlecruiser", "a 2-factor cruiser or 2-factor battlecruiser",
                   "one destroyer factor")
CARRIER = "one fast carrier of any size and an equivalent number of light ship factors"


def _raid(game, result: int) -> None:
    """Scheer raids the Atlantic SW box in the Axis combat phase; the defender's modified Raider Table result typed."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, f"raid-engage raid-1 --result {result}")


def _pending(game) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(p.id, p.rule, p.choices) for p in game.state.flow.pending]


def test_21_5342D_the_seeds_example_the_defender_chooses_what_the_4_sends(game) -> None:
    """21.5342D's example: dice 2, 3, 4 and 6 and no 4-factor battleship: "he could select a 3-factor battlecruiser, a
    2-factor cruiser or battlecruiser, or even a destroyer factor". The app asks; the 3 taken for the 4 (Renown, the one
    fast 3-factor ship), the die 3 asks in turn."""
    _raid(game, 4)
    r = ok(game, "raid-ships raid-1 2,3,4,6 --missing 4")
    assert r.message == ("raid-1: the die 4 sends a 4-factor battleship, and none is there: the defender chooses a lesser "
                         "result and sends its ship (21.5342D): answer raid-1-die-3-lesser")
    assert _pending(game) == [("raid-1-die-3-lesser", "21.5342D", (THREE, TWO, ONE))]
    assert _prompt(game, "raid-1-die-3-lesser").text == ("raid-1: the die 4 sends a 4-factor battleship, and none is there: "
                                                          "which lesser result does the defender choose? (he may not refuse "
                                                          "to send a ship)")
    refused(game, "next", "answer raid-1-die-3-lesser")
    r = ok(game, f"answer raid-1-die-3-lesser '{THREE}'")
    assert r.message == ("raid-1: the die 4 sends a 3-factor battleship or battlecruiser (21.5342D); the die 3 sends a "
                         "3-factor battleship or battlecruiser, and none is there: the defender chooses a lesser result and "
                         "sends its ship (21.5342D): answer raid-1-die-2-lesser")
    assert _pending(game) == [("raid-1-die-2-lesser", "21.5342D", (TWO, ONE))]
    r = ok(game, f"answer raid-1-die-2-lesser '{TWO}'")
    assert r.message.startswith(f"raid-1: the die 3 sends {TWO} (21.5342D); the defender sends {TWO}; {TWO}; {THREE}; "
                                f"{CARRIER} (21.5342); ")
    assert game.state.world.ops["missions"]["raid-1"]["attempts"][0]["sent"] == [2, 2, 3, 6]


def test_21_5342D_the_lesser_type_typed_with_the_die(game) -> None:
    """21.5342D: the choice may be typed with the die, DIE:LESSER: 4:2 sends a 2-factor cruiser for the 4, and the 3
    keeps Renown; a result that is not a lesser one there, or a lesser result for a die whose type is there, is refused."""
    _raid(game, 4)
    refused(game, "raid-ships raid-1 2,3,4:5,6 --missing 4", "the lesser result chosen for a die (DIE:LESSER, 21.5342D)")
    refused(game, "raid-ships raid-1 2,3,4:3,6 --missing 3,4",
            "no eligible ship of the die 4's type is there, and 3 is not a lesser result the defender may choose: 2, 1 "
            "(21.5342D)")
    refused(game, "raid-ships raid-1 2,3:2,4:2,6 --missing 4",
            "the die 3's ship type (a 3-factor battleship or battlecruiser) is there: the die sends it, not a lesser result "
            "(21.5342D; mark a type that is not there with --missing)")
    refused(game, "raid-ships raid-1 2,3,1:1,6", "the die 1 (one destroyer factor) has no lesser result (21.5342D)")
    r = ok(game, "raid-ships raid-1 2,3,4:2,6 --missing 4")
    assert r.message.startswith(f"raid-1: the defender sends {TWO}; {THREE}; {TWO}; {CARRIER} (21.5342); ")
    assert not [p for p in game.state.flow.pending if p.rule == "21.5342D"]


def test_21_5342D_the_only_lesser_type_there_is_sent_without_asking(game) -> None:
    """21.5342D: Malta's and Rosyth's two 2-factor cruisers gone to the 2s, a third 2 finds only destroyers below it: it
    sends one destroyer factor, and the result says why."""
    _raid(game, 3)
    r = ok(game, "raid-ships raid-1 2,2,2")
    assert r.message.startswith(f"raid-1: the defender sends {TWO}; {TWO}; {ONE} (21.5342); ")
    assert ("The die 2 sends a 2-factor cruiser or 2-factor battlecruiser, and none is there: one destroyer factor is the "
            "only lesser result there (21.5342D).") in r.details
    assert not [p for p in game.state.flow.pending if p.rule == "21.5342D"]


# --- point 5: the defender names the ships that engage (21.5342C, E, F; 21.537C, 21.538B) -----------------------------


def test_21_5342E_the_defender_names_the_ship_and_it_returns_with_the_group(game) -> None:
    """21.5342E: "the defender chooses which eligible ships actually engage in naval combat with the raiders". A die 2
    against Scheer: the 2-factor cruisers there are RN-CA-Rosyth and Penelope (Aurora is inverted); the one named goes to
    the Atlantic SW box (21.5342F) and comes back, damaged, when the group returns (21.537C, 21.538B); it is neither
    employed nor inverted (proposed ruling A34)."""
    _raid(game, 1)
    r = ok(game, "raid-ships raid-1 2")
    assert r.message == (f"raid-1: the defender sends {TWO} (21.5342); the defender names the ships that engage "
                         "(21.5342E): answer raid-1-die-1-ship")
    assert _pending(game) == [("raid-1-die-1-ship", "21.5342E", ("RN-CA-Rosyth", "Penelope"))]
    refused(game, "raid-return raid-1", "raid-return: the defender has still to choose which ships engage raid-1: answer "
                                        "raid-1-die-1-ship (21.5342D, E)")
    refused(game, "answer raid-1-die-1-ship Renown", "choose one of RN-CA-Rosyth, Penelope")
    r = ok(game, "answer raid-1-die-1-ship RN-CA-Rosyth")
    assert r.message == ("raid-1: engaging: RN-CA-Rosyth for the die 2 (21.5342E); every ship is named: they engage raid-1 "
                         "in the Atlantic SW box (21.5342E, F)")
    ship = game.state.world.units["RN-CA-Rosyth"]
    assert (ship.at_sea, ship.sea_hex, ship.acted, ship.inverted) == ("mission", "Atlantic SW", False, False)
    assert game.state.world.ops["missions"]["raid-1"]["defenders"] == ["RN-CA-Rosyth"]
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A: before the return
    r = ok(game, "raid-return raid-1 --engaged --damaged RN-CA-Rosyth")
    assert r.message == ("raid-1 returns to port: Scheer inverted (21.537); the defending ships that engaged it return too: "
                         "RN-CA-Rosyth (21.537C, 21.538B)")
    ship = game.state.world.units["RN-CA-Rosyth"]
    assert (ship.at_sea, ship.base, ship.damaged, ship.inverted) == ("", "Rosyth", True, False)  # proposed ruling A34
    refused(game, "raid-return raid-1", "raid-return: raid-1 has returned to port (21.537)")


def test_21_538B_defenders_left_at_sea_return_with_their_raider_group(game) -> None:
    """21.538B: "all surviving raiders and defending naval units return": a raid left at sea past the naval missions
    (--force) keeps its defender with it; the patrols' and missions' return before exploitation (21.4183) does not take
    it home, raid-return does."""
    _raid(game, 1)
    ok(game, "raid-ships raid-1 2")
    ok(game, "answer raid-1-die-1-ship Penelope")
    to(game, "first-turn/combat/exploitation")
    assert game.state.world.units["Penelope"].at_sea == "mission"
    r = ok(game, "raid-return raid-1")
    assert "the defending ships that engaged it return too: Penelope (21.537C, 21.538B)" in r.message
    assert (game.state.world.units["Penelope"].at_sea, game.state.world.units["Penelope"].inverted) == ("", False)


def test_21_5342E_a_ship_engages_one_raider_group_of_the_defenders_choice(game) -> None:
    """21.5342E: "If a ship is eligible to engage more than one raider group, the defender chooses which raider group to
    engage with that ship": Penelope named against raid-1 is not offered against raid-2, whose 2 then takes the only
    2-factor cruiser left, RN-CA-Rosyth, without asking."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, 'raid "Atlantic SW" --by Lutzow')
    ok(game, "raid-engage raid-1 --result 1")
    ok(game, "raid-engage raid-2 --result 1")
    ok(game, "raid-ships raid-1 2")
    ok(game, "answer raid-1-die-1-ship Penelope")
    r = ok(game, "raid-ships raid-2 2")
    assert r.message == (f"raid-2: the defender sends {TWO} (21.5342); engaging: RN-CA-Rosyth for the die 2 (21.5342E); "
                         "every ship is named: they engage raid-2 in the Atlantic SW box (21.5342E, F)")
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A: before the return
    ok(game, "raid-return raid-1")
    assert game.state.world.units["Penelope"].at_sea == ""
    assert game.state.world.units["RN-CA-Rosyth"].at_sea == "mission"  # still engaging raid-2


def test_21_5342C_E_a_fast_carrier_and_its_light_ship_factors_are_named(game) -> None:
    """21.5342C: "The fast carrier must be fully operational and a sufficient number of light fleet factors must also
    engage the raider (21.313)": the defender names the carrier, then light ships until their factors match it; a
    destroyer counter gives only the factors needed, a two-factor cruiser engages whole."""
    _raid(game, 1)
    ok(game, "raid-ships raid-1 6")
    assert _pending(game) == [("raid-1-die-1-ship", "21.5342E", ("Victorious", "Eagle", "Furious", "Wasp", "Ranger"))]
    r = ok(game, "answer raid-1-die-1-ship Wasp")
    assert r.message == ("raid-1: engaging: Wasp for the die 6 (21.5342E); the defender names the ships that engage "
                         "(21.5342E): answer raid-1-die-1-escort")
    escort = _prompt(game, "raid-1-die-1-escort")
    assert (escort.rule, escort.text) == ("21.5342C, 21.313", "raid-1: Wasp needs 2 more light ship factors engaging "
                                                              "with it: which light ship goes with it?")
    assert "USN-DD-Lant" in escort.choices and "Renown" not in escort.choices and "KGV" not in escort.choices
    r = ok(game, "answer raid-1-die-1-escort USN-DD-Lant")
    assert r.message == ("raid-1: engaging: 2 light ship factors of USN-DD-Lant with the carrier of the die 6 (21.5342C, E); "
                         "every ship is named: they engage raid-1 in the Atlantic SW box (21.5342E, F)")
    assert game.state.world.ops["missions"]["raid-1"]["attempts"][0]["engaged"] == [
        {"die": 0, "unit": "Wasp", "factors": 2, "role": "ship"},
        {"die": 0, "unit": "USN-DD-Lant", "factors": 2, "role": "escort"}]
    assert [game.state.world.units[u].at_sea for u in ("Wasp", "USN-DD-Lant")] == ["mission", "mission"]


def test_21_5342E_the_pure_procedure_leaves_the_other_dice_their_ships() -> None:
    """21.5342C-E, the pure part: with one 2-factor cruiser and one destroyer factor there, a carrier of 1 factor on a
    6 and a 2: the carrier's light factor must be the destroyer's, so the cruiser is left for the 2."""
    from tui.rules.awaw import raid_ships as RS
    from tui.rules.awaw.ops_tables import OPS_TABLES

    rows = OPS_TABLES.load(data_dir() / "rulesets" / "awaw-operations.toml").raider_table.ships
    ships = {"CV": RS.Ship("CV", "fast-carrier", 1), "CA": RS.Ship("CA", "cruiser-2", 2, light=True),
             "DD": RS.Ship("DD", "destroyer", 1, light=True, whole=False)}
    avail = {"CV": 1, "CA": 2, "DD": 1}
    types = RS.ship_types([6, 2], rows, ships, avail, set(), {})
    assert types.sent == (6, 2) and types.choose is None
    first = RS.next_choice(types.sent, rows, ships, avail, [])
    assert first == RS.Choice(0, "ship", ("CV",))
    carrier = RS.engage(first, "CV", types.sent, rows, ships, avail, [])
    escort = RS.next_choice(types.sent, rows, ships, avail, [carrier])
    assert escort == RS.Choice(0, "escort", ("DD",), 1)
    with pytest.raises(RuleError, match=r"CA may not engage for this die: DD \(21\.5342E\)"):
        RS.engage(escort, "CA", types.sent, rows, ships, avail, [carrier])


# --- point 5: 21.214E is a restriction (proposed ruling A27 withdrawn) -------------------------------------------------

ALLIED_NR = "second-turn/redeployment/naval-redeployment"
WESTERN = ("Gibraltar", "Liverpool", "Plymouth", "Rosyth", "Scapa Flow")


def test_21_214E_a_typed_route_through_no_western_front_port_is_refused(game) -> None:
    """21.214E: "Redeployment between the Atlantic U.S. or Pacific U.S. box and the mapboard must terminate in or pass
    through a western front port ...": Washington from the Atlantic U.S. box to Malta through Naples (Mediterranean):
    refused, nothing changed; through a port the game does not hold, refused naming it."""
    to(game, ALLIED_NR)
    refused(game, "nr Malta Washington --distance 30 --legs 15,15 --ports Naples",
            "nr: a redeployment between the Atlantic U.S. box and the mapboard must terminate in or pass through a western "
            "front port; Malta is none, nor is Naples (21.214E, 28.75)")
    refused(game, "nr Malta Washington --distance 30 --legs 15,15 --ports Reykjavik",
            "Malta is none, nor is Reykjavik (not a base of this game) (21.214E, 28.75)")
    assert game.state.world.units["Washington"].base == "Atlantic U.S."


def test_21_214E_a_route_not_typed_is_asked_and_none_is_no_redeployment(game) -> None:
    """21.214E with RULINGS A1 (the route is the referee's): no port typed, the app asks which western front port the
    redeployment passes; "none of them" leaves Washington in the Atlantic U.S. box."""
    to(game, ALLIED_NR)
    r = ok(game, "nr Malta Washington --distance 30 --legs 15,15")
    [ask] = [p for p in game.state.flow.pending if p.rule == "21.214E"]
    assert r.message == (f"{ask.id}: Washington, Atlantic U.S. box → Malta: which western front port does the "
                         "redeployment pass through? It must terminate in or pass through one (21.214E) — answer "
                         f"{ask.id} PORT or 'none of them'")
    assert ask.choices == (*WESTERN, "none of them")
    assert game.state.world.units["Washington"].base == "Atlantic U.S."
    refused(game, "next", f"answer {ask.id}")
    r = ok(game, f"answer {ask.id} 'none of them'")
    assert r.message == (f"{ask.id}: Washington passes no western front port between the Atlantic U.S. box and Malta: the "
                         "redeployment is not carried out (21.214E, 28.75)")
    assert game.state.world.units["Washington"].base == "Atlantic U.S."


def test_21_214E_the_port_answered_carries_the_redeployment_out(game) -> None:
    """21.214E: the port named in answer is the one passed: the redeployment is carried out, its summary names it."""
    to(game, ALLIED_NR)
    ok(game, "nr Malta Washington --distance 30 --legs 15,15")
    [ask] = [p for p in game.state.flow.pending if p.rule == "21.214E"]
    r = ok(game, f"answer {ask.id} Gibraltar")
    assert r.message == (f"{ask.id}: Gibraltar passed — Washington redeployed Atlantic U.S. → Malta, 30 hexes (21.32, "
                         "21.3612); through Gibraltar, a western front port (21.214E)")
    assert game.state.world.units["Washington"].base == "Malta"


def test_21_214E_from_the_mapboard_into_the_box_and_ending_in_a_western_port(game) -> None:
    """21.214E both ways: Malta to the Atlantic U.S. box through Gibraltar is accepted; to Plymouth (a western front port)
    nothing is asked; from Malta into the box with no port typed is asked."""
    to(game, ALLIED_NR)
    ok(game, 'nr "Atlantic U.S." Penelope --distance 30 --legs 15,15 --ports Gibraltar')
    assert game.state.world.units["Penelope"].base == "Atlantic U.S."
    ok(game, "nr Plymouth NorthCarolina --distance 20")
    assert not [p for p in game.state.flow.pending if p.rule == "21.214E"]
    ok(game, 'nr "Atlantic U.S." RN-DD-Malta --distance 30 --legs 15,15')
    assert [p.rule for p in game.state.flow.pending] == ["21.214E"]
    assert game.state.world.units["RN-DD-Malta"].base == "Malta"
