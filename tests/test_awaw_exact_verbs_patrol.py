"""Exact tests of the AWAW patrol procedure (seed 004, 21.41x): what ``patrol`` announces and each answer of 21.416
says and asks next, word for word, guarding ``tui/rules/awaw/verbs_patrol.py`` and ``patrols.py``. The bundled
game's Italian cruiser at Messina patrols to Y20 (9 hexes) in the Axis patrol segment."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.awaw_game import awaw_game, ok, refused, to
from tui.rules.awaw.verbs_patrol import _patrol_answer
from tui.rules.core.errors import RuleError

PATROLS = "Patrols, base changes, SW deployments"
ROUTE_TEXT = ("Patrol 1 (RM-CA-Messina) moves to Y20: does the defender attempt interception on the way ('no "
              "interception' if he does not), and what comes of it: the attempt failed, or who wins the naval combat?")


def _patrolling():
    """The game with patrol 1 (RM-CA-Messina to Y20) announced."""
    game = awaw_game()
    to(game, PATROLS)
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    return game


def _prompts(game) -> list:
    """The patrol prompts pending."""
    return [p for p in game.state.flow.pending if p.id.startswith("patrol-")]


def _say(game, value: str):
    """Answer the one pending patrol prompt with ``value``."""
    (prompt,) = _prompts(game)
    return game.execute(f"answer {prompt.id} '{value}'")


def test_21_416A_the_announcement_its_cost_and_the_route_prompt() -> None:
    """21.416A, 21.414A: the patrol is announced with its BRP cost and the first prompt (21.416C-F) is raised."""
    game = awaw_game()
    to(game, PATROLS)
    r = ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    assert r.message == ("Patrol 1: RM-CA-Messina to Y20, 9 hexes; BRPs for 3 naval factors on the mediterranean front, the "
                         "front of Y20 (21.414A). Answer patrol-1-route and the prompts that follow (21.416)")
    assert list(r.details) == ["Base changes and SW deployments are announced with the patrols (21.414B, 21.416A)"]
    (p,) = _prompts(game)
    assert (p.id, p.text, p.kind, p.effect, p.choices, p.required, p.rule, p.subject) == (
        "patrol-1-route", ROUTE_TEXT, "choice", "patrol-step", ("no interception", "attempt failed", "patrol won", "patrol lost"),
        True, "21.416C-F, 21.4171", "Y20")
    assert dict(p.args) == {"n": 1, "units": ["RM-CA-Messina"], "hex": "Y20", "step": "route", "tried": False}
    assert p.raised == game.segment.key
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.at_sea, u.sea_hex, u.acted, u.inverted) == ("patrol", "Y20", True, False)
    assert game.state.world.ops["patrols"] == {"patrol-1": {"hex": "Y20", "units": ["RM-CA-Messina"]}}


STRIKES = ("Patrol 1 in Y20: after counterair attacks and air strikes (the defender may attempt interception once, before any "
           "round, if he has not: the attempt failed, or who won), does it remain at sea for the combat phase or return?")
AFTER = "Patrol 1 in Y20: air strikes done; remain at sea for the combat phase or return to base?"
HEX = ("Patrol 1 remains in Y20: does the defender attempt interception there ('no interception' if he does not), and what "
       "comes of it?")
VICTOR = "Patrol 1 won in Y20: remain at sea for the combat phase or return to base and invert?"
CONTINUE = "Patrol 1 won the naval combat: continue to Y20 or abort and return to port?"


@pytest.mark.parametrize(("answers", "said", "next_prompt"), [
    (["no interception"], "Patrol 1 reaches Y20 (21.416H-I)", ("strikes", STRIKES, "21.416I-K, 21.4171", False)),
    (["attempt failed"], "Patrol 1: the defender's interception attempt on the way failed; it reaches Y20 (21.416H-I), and the "
     "defender may not attempt interception of it again (21.4171)", ("strikes-after", AFTER, "21.416K", True)),
    (["patrol won"], "Patrol 1 won the naval combat en route (21.416E)", ("continue", CONTINUE, "21.416E", True)),
    (["patrol won", "continue"], "Patrol 1 continues to Y20 (21.416E)", ("strikes-after", AFTER, "21.416K", True)),
    (["no interception", "patrol won"], "Patrol 1 won the interception in Y20 (21.416J)",
     ("strikes-after", AFTER, "21.416K", True)),
    (["no interception", "attempt failed"], "Patrol 1: the defender's interception attempt in Y20 failed (21.416J); he may not "
     "attempt interception of it again (21.4171)", ("strikes-after", AFTER, "21.416K", True)),
    (["no interception", "remain at sea"], "Patrol 1 remains in Y20: the defender may intercept it there (21.416L)",
     ("hex", HEX, "21.416L, 21.4171", True)),
    (["no interception", "remain at sea", "patrol won"], "Patrol 1 won in Y20 (21.416L)", ("victor", VICTOR, "21.416L", True)),
])
def test_21_416_each_answer_says_what_happened_and_asks_the_next_step(answers, said, next_prompt) -> None:
    """21.416C-L: each answer's words, and the one prompt it raises (its text, rule and whether an attempt was made)."""
    game = _patrolling()
    for value in answers[:-1]:
        assert _say(game, value).ok
    r = _say(game, answers[-1])
    assert (r.ok, r.message) == (True, said)
    (p,) = _prompts(game)
    step, text, rule, tried = next_prompt
    assert (p.id, p.text, p.rule, p.args["tried"], p.args["step"], p.subject) == (f"patrol-1-{step}", text, rule, tried, step, "Y20")
    assert game.state.world.units["RM-CA-Messina"].at_sea == "patrol"


@pytest.mark.parametrize(("answers", "said", "home"), [
    (["patrol lost"], "Patrol 1 lost the naval combat: RM-CA-Messina return to port, inverted (21.416F); the victorious "
     "interceptors may stay as a defensive patrol (defend HEX UNITS, 21.4191) or return and invert", True),
    (["patrol won", "abort"], "Patrol 1 aborts after winning and returns to port, inverted (21.416E)", True),
    (["attempt failed", "return to base"], "Patrol 1 returns to base: RM-CA-Messina inverted (21.416K, 21.4183)", True),
    (["attempt failed", "remain at sea"], "Patrol 1 remains in Y20 during the combat phase (21.416K-L)", False),
    (["no interception", "remain at sea", "no interception"], "Patrol 1 stays in Y20 unintercepted for the combat phase "
     "(21.416L)", False),
    (["no interception", "remain at sea", "attempt failed"], "Patrol 1 stays in Y20 for the combat phase: the defender's "
     "interception attempt failed (21.416L, 21.4171)", False),
    (["no interception", "remain at sea", "patrol won", "remain at sea"], "Patrol 1 remains in Y20 during the combat phase "
     "(21.416K-L)", False),
    (["no interception", "remain at sea", "patrol lost"], "Patrol 1 lost the naval combat: RM-CA-Messina return to port, "
     "inverted (21.416F); the victorious interceptors may stay as a defensive patrol (defend HEX UNITS, 21.4191) or return "
     "and invert", True),
])
def test_21_416_the_answers_that_end_the_procedure(answers, said, home) -> None:
    """21.416E, F, K, L: the patrol ends at sea for the combat phase, or back in port inverted; no prompt is left."""
    game = _patrolling()
    for value in answers[:-1]:
        assert _say(game, value).ok
    r = _say(game, answers[-1])
    assert (r.ok, r.message) == (True, said)
    assert _prompts(game) == []
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.at_sea, u.sea_hex, u.inverted) == (("", "", True) if home else ("patrol", "Y20", False))


def test_21_4171_the_attempt_is_recorded_with_its_result_and_no_second_one_is_accepted() -> None:
    """21.4171: a failed attempt is recorded where it was made; a later point accepts no other attempt."""
    game = _patrolling()
    _say(game, "attempt failed")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "attempt failed"}
    r = _say(game, "remain at sea")
    assert r.ok and _prompts(game) == []


def _step(game, prompt, value: str):
    """Call the patrol-step answer's effect itself (the engine offers only a prompt's choices) with ``prompt`` and
    ``value``."""
    ctx = SimpleNamespace(state=game.state, segment=game.segment)
    return _patrol_answer(lambda _ctx: "axis", ctx, prompt, value)


def test_21_4171_an_attempt_once_made_refuses_another_result() -> None:
    """21.4171: once the route's attempt failed, that point answered again with a result is refused as a second
    attempt; a choice that is no answer at a step is refused naming the step's choices."""
    game = _patrolling()
    (route,) = _prompts(game)
    _say(game, "attempt failed")
    (after,) = _prompts(game)
    with pytest.raises(RuleError) as e:
        _step(game, after, "continue")
    assert str(e.value) == "'continue' is not an answer to patrol-1-strikes-after here (remain at sea, return to base)"
    with pytest.raises(RuleError) as e:
        _step(game, route, "patrol won")
    assert str(e.value) == "patrol-1-route: the defender already attempted interception of patrol 1 (21.4171)"


def test_21_416_a_patrol_with_no_unit_left_at_sea_says_so() -> None:
    """21.416: a patrol whose units were sunk or brought home has nothing left to resolve."""
    game = _patrolling()
    (route,) = _prompts(game)
    ok(game, "sink RM-CA-Messina")
    out = _step(game, route, "no interception")
    assert out.summary == "Patrol 1: no patrolling units left (sunk or returned)"


def test_21_4171_an_intercept_against_the_patrol_waits_for_its_result() -> None:
    """21.4171: ``intercept --target patrol-1`` records the attempt at the pending point; the prompt then takes only its
    result, and after it no other attempt."""
    game = _patrolling()
    r = ok(game, "intercept Y20 RN-DD-Malta --distance 5 --target patrol-1") if "RN-DD-Malta" in game.state.world.units else None
    if r is None:
        pytest.skip("no Malta destroyer in the bundled game")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "", "by": ["RN-DD-Malta"]}
    r = _say(game, "no interception")
    assert (r.ok, r.message) == (False, "patrol-1-route: the defender attempted interception of patrol 1 on its way to Y20 "
                                        "(RN-DD-Malta): answer attempt failed, patrol won or patrol lost (21.4171)")
    r = _say(game, "attempt failed")
    assert r.ok
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "attempt failed",
                                                                     "by": ["RN-DD-Malta"]}


def test_21_416_refusals_of_patrol_and_of_a_second_patrol_under_way() -> None:
    """21.41: the usage; 21.416B, M: a patrol is resolved before the next moves."""
    game = awaw_game()
    to(game, PATROLS)
    r = refused(game, "patrol Y20")
    assert r.message == "usage: patrol HEX UNITS --distance N [--legs ..] [--ports ..] [--straits ..] (21.41)"


RANGE = "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) range"
OFFENSIVE = "21.3614, 21.412, 21.432, 21.512, 21.522"
NOTE = "Base changes and SW deployments are announced with the patrols (21.414B, 21.416A)"


def _figures(result) -> list[tuple]:
    """A result's explained figures as (name, value, rule, notes)."""
    return [(e.name, e.value, e.rule, e.notes) for e in result.explanations]


def _force(factors: int, fast: int, destroyers: int) -> list[tuple]:
    """The figures 21.312-21.313 give a force."""
    return [("Naval factors in the force", factors, "21.312", ()), ("Fast fleet factors", fast, "21.313", ()),
            ("Fast carrier factors", 0, "21.313", ()), ("Destroyer factors", destroyers, "21.434", ()),
            ("Transports", 0, "21.35C", ())]


def test_21_414B_a_joint_patrol_from_two_bases_checks_each_range_and_is_charged_once() -> None:
    """21.414B, 21.415: contingents from several bases, each range checked from its base (proposed ruling A16); the
    patrol is as far as its longest leg; 21.414A: BRPs for its factors on the front of its base of origin."""
    game = awaw_game()
    to(game, PATROLS)
    r = ok(game, "patrol Y20 RM-CA-Messina RM-CA-Naples --distance Messina=5,Naples=6")
    assert r.message == ("Patrol 1: RM-CA-Messina, RM-CA-Naples to Y20, 6 hexes; BRPs for 5 naval factors on the "
                         "mediterranean front, the front of Y20 (21.414A). Answer patrol-1-route and the prompts that follow "
                         "(21.416)")
    assert list(r.details) == [NOTE, "Joint patrol from Messina, Naples: the contingents move at the same time and may join at "
                               "sea before the patrol hex; each still counts against its base of origin (21.414B, 21.415)"]
    assert _figures(r) == [(f"{RANGE} from Messina", 5, OFFENSIVE, ()), (f"{RANGE} from Naples", 6, OFFENSIVE, ()),
                           *_force(5, 5, 0)]
    assert game.state.world.ops["brps"] == [{"mission": "patrol-1", "what": "patrol to Y20", "front": "mediterranean",
                                             "factors": 5, "brps": None, "rule": "21.414A, 9.56A",
                                             "note": "the front of the base of origin"}]


def test_21_4184_submarine_patrols_alone_cost_nothing_and_keep_the_front_named() -> None:
    """21.4184A: submarines patrol independent of other forces; 21.414A, 9.56A: no BRPs for them; 21.4184E: the front
    named (--front) is kept for their return; unnamed, the referee is asked to name it."""
    game = awaw_game()
    to(game, PATROLS)
    assert refused(game, "patrol Y20 KM-SS-Med RM-CA-Messina --distance 5").message == (
        "patrol: submarines patrol independent of other naval forces (21.4184A)")
    r = ok(game, "patrol Y20 KM-SS-Atlantic --distance 5")
    assert r.message == ("Patrol 1: KM-SS-Atlantic to Y20, 5 hexes; no BRPs for submarines (21.414A, 9.56A). Answer "
                         "patrol-1-route and the prompts that follow (21.416)")
    assert _figures(r) == [(RANGE, 5, OFFENSIVE, ()), *_force(6, 0, 0)]
    r = ok(game, "patrol Y21 KM-SS-Med --distance 5 --front western")
    assert _figures(r) == [(RANGE, 5, OFFENSIVE, ()), ("Distance at least the hexes on the map", 3, "21.36A", ()),
                           *_force(2, 0, 0)]
    ops = game.state.world.ops
    assert ops["patrol_fronts"] == {"KM-SS-Med": "western"}
    assert ops["brps"] == [
        {"mission": "patrol-1", "what": "patrol to Y20", "front": "?", "factors": 0, "brps": None, "rule": "21.414A, 9.56A",
         "note": "the front is not known: the referee names it (--front)"},
        {"mission": "patrol-2", "what": "patrol to Y21", "front": "western", "factors": 0, "brps": None,
         "rule": "21.414A, 9.56A", "note": "the front of the patrol hex"}]
    assert ops["patrols"] == {"patrol-1": {"hex": "Y20", "units": ["KM-SS-Atlantic"]},
                              "patrol-2": {"hex": "Y21", "units": ["KM-SS-Med"]}}


def test_21_416_the_announcements_figures() -> None:
    """21.412, 21.36A: the range and the hexes on the map; 21.312-21.313: the force's figures."""
    game = awaw_game()
    to(game, PATROLS)
    r = ok(game, "patrol Y22 RM-CA-Naples RM-DD-Naples --distance 5 --front mediterranean")
    assert _figures(r) == [(RANGE, 5, OFFENSIVE, ()), ("Distance at least the hexes on the map", 2, "21.36A", ()),
                           *_force(5, 5, 3)]
