"""Exact tests written against the mutants of ``tui/rules/awaw/verbs_patrol.py`` that the earlier tests let live (seed 004,
21.41x): the refusals of ``patrol`` naming the verb and its rules, the range checks of a joint patrol (21.414B) with
the ports touched, a range exception and a box's edge hexes (21.413B), the hexes on the map from the ports touched
(21.36A), and the answers of 21.416: the segment each next prompt is raised in, a second patrol under way (21.416B,
M), a stale prompt once the patrol is home, the interceptors named (21.4171), several units named, and whether an
attempt was made read from the prompt or the record (21.4171, 21.416L). Whole messages, figures and prompts, in-process:
small worlds for the announcement, the bundled game for the answers."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_core_fixtures import base, tables, unit, world
from awaw_game import awaw_game, ok, to
from test_awaw_exact_ops_verbs import ctx, refused
from test_awaw_exact_verbs_patrol import (NOTE, OFFENSIVE, PATROLS, RANGE, _figures, _force, _patrolling, _prompts, _say,
                                          _step)
from tui.rules.awaw import patrols as P
from tui.rules.awaw.verbs_patrol import _patrol
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

SEGMENT = "first-turn/movement/naval-movement"
EDGE = ("8 hexes from the India box to the board edge added to the distance typed from the edge (21.17, 21.413B; "
        "proposed ruling A13)")
JOINT = ("Joint patrol from {}: the contingents move at the same time and may join at sea before the patrol hex; each "
         "still counts against its base of origin (21.414B, 21.415)")


def _axis(_ctx: Any) -> str:
    """The acting side: the Axis."""
    return "axis"


def _world(*units: Any) -> AwawWorld:
    """Messina (BB22) and Naples (Z20) in Europe, the India box and Colombo (pacific) in the Pacific, all Axis-held, and
    these units."""
    return world([base("Messina", hex="BB22", control="italy"), base("Naples", hex="Z20", control="italy"),
                  base("India", "box", (), theater="pacific", control="italy"),
                  base("Colombo", fronts=("pacific",), theater="pacific", hex="Q10", control="italy")], list(units))


def _italian(uid: str, where: str, kind: str = "cruiser", **kw: Any) -> Any:
    """An Italian unit of 3 factors based at ``where``."""
    return unit(uid, power="italy", type=kind, base=where, **kw)


def _announce(w: AwawWorld, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``patrol ARGS --opts`` by the Axis on ``w``."""
    return _patrol(tables(), _axis, ctx(w, side="axis"), args, opts)


def _terms(out: Outcome, i: int) -> list[tuple]:
    """The terms of the ``i``-th explained figure of ``out`` as (label, value, rule)."""
    return [(t.label, t.value, t.rule) for t in out.explanations[i].terms]


# --- the announcement's refusals name the patrol ----------------------------------------------------------------------


def test_21_41_the_refusals_of_a_patrol_name_it_and_its_rules() -> None:
    """21.41: another side's unit, an acted unit (21.31), a unit that changed base in a joint patrol (21.414B), no
    distance typed (21.412, 21.3614) and a distance shorter than the map (21.36A): each refusal names the patrol."""
    w = _world(_italian("CA1", "Messina"), _italian("DD1", "Naples", "destroyer", base_changed=True),
               _italian("CA9", "Messina", acted=True), unit("RN1", base="Messina"))
    assert refused(_announce, w, ["Y20", "RN1"], {"distance": "5"}) == \
        "patrol: RN1 is not axis units; it is the axis player's turn"
    assert refused(_announce, w, ["Y20", "CA9"], {"distance": "5"}) == \
        "patrol: CA9 has already carried out its one activity this player turn (21.31)"
    assert refused(_announce, w, ["Y20", "CA1", "DD1"], {"distance": "Messina=5,Naples=6"}) == \
        "patrol: DD1 changed base this movement phase and may not patrol (21.414B, 21.32)"
    assert refused(_announce, w, ["Y20", "CA1"], {}) == \
        "patrol: type the distance by water with --distance N (RULINGS A1, 21.412, 21.3614)"
    assert refused(_announce, w, ["Y20", "CA1"], {"distance": "2"}) == (
        "patrol: 2 hexes is shorter than the 3 hexes from Messina (BB22) to Y20 on the map; the route by water can only "
        "be longer (21.36A, proposed A28)")


# --- the range checks --------------------------------------------------------------------------------------------


def test_21_36A_the_ports_touched_are_noted_and_measured_on_the_map() -> None:
    """21.412, 21.36C: the ports touched are noted with the range; 21.36A: the hexes on the map are counted from the
    farthest place of the route, here the port touched (T20, 5 hexes from Y20) rather than Messina (3)."""
    out = _announce(_world(_italian("CA1", "Messina")), ["Y20", "CA1"], {"distance": "9", "ports": "T20"})
    assert _figures(out) == [(RANGE, 9, OFFENSIVE, ("ports touched: T20",)),
                             ("Distance at least the hexes on the map", 5, "21.36A", ()), *_force(3, 0, 0)]
    assert _terms(out, 1) == [("hexes from T20 (T20) to Y20", 5, "21.36A, proposed A28"),
                              ("distance by water, typed", 9, "RULINGS A1")]


def test_21_413B_a_patrol_from_the_india_box_counts_its_hexes_to_the_edge() -> None:
    """21.413B, 21.17: the India box is eight hexes from the board edge; they are added to the distance typed from the
    edge and the range check says so (proposed ruling A13)."""
    out = _announce(_world(_italian("CA2", "India")), ["Y20", "CA2"], {"distance": "2"})
    assert out.summary == ("Patrol 1: CA2 to Y20, 10 hexes; BRPs for 3 naval factors on the ? front, the front of Y20 "
                           "(21.414A). Answer patrol-1-route and the prompts that follow (21.416)")
    assert _figures(out) == [(RANGE, 10, OFFENSIVE, (EDGE,)), *_force(3, 0, 0)]


def test_21_414B_a_joint_patrol_notes_the_ports_touched_from_each_base() -> None:
    """21.414B (proposed ruling A16): each contingent's range is checked from its base with the ports touched."""
    w = _world(_italian("CA1", "Messina"), _italian("DD1", "Naples", "destroyer"))
    out = _announce(w, ["Y20", "CA1", "DD1"], {"distance": "Messina=5,Naples=6", "ports": "Naples"})
    assert out.details == (NOTE, JOINT.format("Messina, Naples"))
    assert _figures(out) == [(f"{RANGE} from Messina", 5, OFFENSIVE, ("ports touched: Naples",)),
                             (f"{RANGE} from Naples", 6, OFFENSIVE, ("ports touched: Naples",)), *_force(6, 0, 3)]


def test_21_361_a_joint_patrol_checks_each_range_under_the_exception_named() -> None:
    """21.361, 21.414B: the range exception named applies to each contingent's check (no limit: a country not at war
    in the theater), and its use is explained once."""
    w = _world(_italian("CA1", "Messina"), _italian("DD1", "Naples", "destroyer"))
    out = _announce(w, ["Y20", "CA1", "DD1"], {"distance": "Messina=5,Naples=6", "exception": "not-at-war"})
    exc = ("exception: A country in a theater in which it is not at war (21.361)",)
    assert _figures(out) == [(f"{RANGE} from Messina", 5, "21.361", exc), (f"{RANGE} from Naples", 6, "21.361", exc),
                             ("range exception not-at-war", 1, "21.361", ()), *_force(6, 0, 3)]


def test_21_413B_a_joint_patrol_from_the_india_box_counts_the_boxs_edge_hexes() -> None:
    """21.413B, 21.414B: the India contingent of a joint patrol goes 2 + 8 hexes (checked against the Pacific's 10-hex
    port spacing) and its check says so; the Colombo contingent's check has no such note. The patrol is announced as
    far as its longest contingent's route, the box's hexes included (as a patrol from the box alone is)."""
    w = _world(_italian("CA2", "India"), _italian("CA3", "Colombo"))
    out = _announce(w, ["Y20", "CA2", "CA3"], {"distance": "India=2,Colombo=6"})
    assert out.summary == ("Patrol 1: CA2, CA3 to Y20, 10 hexes; BRPs for 6 naval factors on the ? front, the front of Y20 "
                           "(21.414A). Answer patrol-1-route and the prompts that follow (21.416)")
    assert out.details == (NOTE, JOINT.format("India, Colombo"))
    assert _figures(out) == [(f"{RANGE} from India", 10, OFFENSIVE, (EDGE,)), (f"{RANGE} from Colombo", 6, OFFENSIVE, ()),
                             *_force(6, 0, 0)]
    assert _terms(out, 0) == [("distance by water, typed (RULINGS A1)", 10, "21.36A, 21.36B"),
                              ("limit in Pacific", 20, OFFENSIVE),
                              ("a port touched at least every (Pacific)", 10, f"21.36C, {OFFENSIVE}"), ("leg 1", 10, "21.36C")]


# --- the answers of 21.416 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("answers", "step"), [
    (["patrol won"], "continue"),
    (["attempt failed"], "strikes-after"),
    (["no interception"], "strikes"),
    (["patrol won", "continue"], "strikes-after"),
    (["no interception", "patrol won"], "strikes-after"),
    (["no interception", "attempt failed"], "strikes-after"),
    (["no interception", "remain at sea"], "hex"),
    (["no interception", "remain at sea", "patrol won"], "victor"),
])
def test_21_416_each_next_prompt_is_raised_in_the_patrol_segment(answers: list[str], step: str) -> None:
    """21.416B-L: every prompt an answer raises belongs to the segment the patrol is conducted in."""
    game = _patrolling()
    for value in answers:
        assert _say(game, value).ok
    (p,) = _prompts(game)
    assert (p.id, p.raised, game.segment.key) == (f"patrol-1-{step}", SEGMENT, SEGMENT)


def test_21_416B_M_a_second_patrol_waits_until_the_first_is_resolved() -> None:
    """21.416B, M: patrol 2 is announced while patrol 1 waits in its hex; answering patrol 2's route is refused."""
    game = _patrolling()
    assert _say(game, "no interception").ok
    ok(game, "patrol Y22 RM-CA-Naples RM-DD-Naples --distance 5")
    r = game.execute("answer patrol-2-route 'no interception'")
    assert (r.ok, r.message) == (False, "Patrol 1 is under way: patrols are conducted one after the other, in the sequence "
                                        "the moving player designates, each resolved before the next moves (21.416B, "
                                        "21.416M)")


def test_21_416F_a_stale_prompt_of_a_patrol_back_in_port_finds_no_unit() -> None:
    """21.416F: once the patrol lost and went home (not sunk, no longer at sea), its route prompt answered again finds
    no patrolling unit and leaves the world as it is."""
    game = _patrolling()
    (route,) = _prompts(game)
    assert _say(game, "patrol lost").ok
    out = _step(game, route, "no interception")
    assert (out.summary, out.raise_prompts) == ("Patrol 1: no patrolling units left (sunk or returned)", ())
    assert out.world is game.state.world


def test_21_4171_the_open_attempt_names_every_interceptor() -> None:
    """21.4171: an attempt by two units (``intercept --target``) is named with both when the prompt is answered with
    anything but its result."""
    game = _patrolling()
    ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1")
    r = _say(game, "no interception")
    assert (r.ok, r.message) == (False, "patrol-1-route: the defender attempted interception of patrol 1 on its way to Y20 "
                                        "(Penelope, RN-DD-Malta): answer attempt failed, patrol won or patrol lost "
                                        "(21.4171)")


def _two_unit_patrol():
    """The bundled game with patrol 1 (RM-CA-Naples and RM-DD-Naples to Y22) announced."""
    game = awaw_game()
    to(game, PATROLS)
    ok(game, "patrol Y22 RM-CA-Naples RM-DD-Naples --distance 5")
    return game


def test_21_416F_K_a_patrol_of_two_units_names_both_going_home() -> None:
    """21.416F: a lost patrol, and 21.416K, 21.4183: one returning to base name each unit, commas between."""
    game = _two_unit_patrol()
    assert _say(game, "patrol lost").message == (
        "Patrol 1 lost the naval combat: RM-CA-Naples, RM-DD-Naples return to port, inverted (21.416F); the victorious "
        "interceptors may stay as a defensive patrol (defend HEX UNITS, 21.4191) or return and invert")
    game = _two_unit_patrol()
    assert _say(game, "attempt failed").ok
    assert _say(game, "return to base").message == \
        "Patrol 1 returns to base: RM-CA-Naples, RM-DD-Naples inverted (21.416K, 21.4183)"


def test_21_4171_an_attempt_is_known_from_the_prompt_or_from_the_record() -> None:
    """21.4171, 21.416L: a patrol that remains in its hex is offered to the defender's interception only if no attempt
    was made: a prompt that says one was made is believed without a record, and a record is believed when a stale
    prompt says none."""
    game = _patrolling()
    after = P.ask(game.state.world, "strikes-after", 1, ["RM-CA-Messina"], "Y20", True, SEGMENT)
    out = _step(game, after, "remain at sea")
    assert (out.summary, out.raise_prompts) == ("Patrol 1 remains in Y20 during the combat phase (21.416K-L)", ())
    assert _say(game, "no interception").ok
    (strikes,) = _prompts(game)
    ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1")
    assert _say(game, "attempt failed").ok
    assert dict(strikes.args)["tried"] is False
    out = _step(game, strikes, "remain at sea")
    assert (out.summary, out.raise_prompts) == ("Patrol 1 remains in Y20 during the combat phase (21.416K-L)", ())


def test_21_416L_the_victor_in_the_hex_is_not_offered_to_interception_again() -> None:
    """21.416L, 21.4171: the victor's prompt follows a won interception in the hex, so remaining at sea ends the
    procedure whatever its flag says: no further interception is asked."""
    game = _patrolling()
    victor = P.ask(game.state.world, "victor", 1, ["RM-CA-Messina"], "Y20", False, SEGMENT)
    out = _step(game, victor, "remain at sea")
    assert (out.summary, out.raise_prompts) == ("Patrol 1 remains in Y20 during the combat phase (21.416K-L)", ())
