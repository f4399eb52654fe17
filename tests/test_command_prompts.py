"""Issue 21, points 2 and 3 (DESIGN "Prompts and effects"): a required prompt raised by a command blocks `next` and
`goto` exactly like a segment's own declared prompt, in every rule set.

Each rule set raises such a prompt from a command: Europa's beach landing asks about the partial ZOC (31.B.4), OCS's
shipping asks the board conditions of 19.0f, AWAW's patrol walks 21.416 by prompts, and Logistics' storm asks the roll
for a Mulberry beside it (Mulberries ¶3, RULINGS L2), a prompt kept until answered (``expires="answer"``). In each:
`next` and `goto` refuse, asking for `--force`, change nothing, and with `--force` the skip is recorded and the prompt
does not outlive the segment.
"""

from __future__ import annotations

from typing import Any

from logistics_game import at, logistics_game
from tests.conftest import fixed_clock
from tui.engine.game import Game
from tui.paths import data_dir
from tui.session import memory_game


def ok(game: Game, line: str) -> Any:
    """Run ``line``; it must be accepted."""
    result = game.execute(line)
    assert result.ok, f"{line}: {result.message}"
    return result


def walk_to(game: Game, key: str) -> Game:
    """Move on (skipping prompts) until the segment ``key``."""
    for _ in range(200):
        if game.segment.key == key:
            return game
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def assert_blocks(game: Game, pid: str) -> None:
    """The required prompt ``pid`` holds the segment: `next` and `goto` ask for --force and change nothing; with
    --force the skip is recorded, as for a declared prompt, and the prompt is gone."""
    prompt = game.state.pending_prompt(pid)
    assert prompt is not None and prompt.required, pid
    where, events = game.segment.key, len(game.events)
    for line in ("next", "goto next-turn"):
        result = game.execute(line)
        assert not result.ok and result.needs_confirm, (line, result.message)
        assert pid in result.message and "--force" in result.message
        assert game.segment.key == where and len(game.events) == events and game.state.pending_prompt(pid) is not None
    result = ok(game, "next --force")
    assert any(d.startswith(f"skipped: {pid} ") and d.endswith("(required)") for d in result.details), result.details
    assert game.state.pending_prompt(pid) is None


def test_europa_31B4_a_landings_zoc_question_blocks_next_and_goto() -> None:
    """Europa, 31.B.4: `land` with supply raises the required partial-ZOC question."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    ok(game, "goto allied-turn/initial/initial-naval --force")
    result = ok(game, "land Sollum 1 4 --supply")
    assert result.raised == ["zoc-1:sollum-beach"]
    assert_blocks(game, "zoc-1:sollum-beach")


def test_ocs_19_0f_a_shipping_question_blocks_next_and_goto() -> None:
    """OCS, 19.0f A, C: `ship --unit` raises the required question on the board conditions."""
    game = walk_to(memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock), "first-turn/movement/move")
    ok(game, "ship Tripoli Benghazi 2 --unit")
    assert_blocks(game, "ship-1")


def test_awaw_21_416_a_patrols_step_blocks_next_and_goto() -> None:
    """AWAW, 21.416: a patrol raises its steps as required prompts; the segment cannot end while one is open."""
    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    ok(game, "answer first axis")
    walk_to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    assert_blocks(game, "patrol-1-route")


def test_logistics_issue21_2_the_storms_mulberry_roll_holds_the_turn() -> None:
    """Logistics, Mulberries ¶3 (RULINGS L2), issue 21 point 2: the roll for a Mulberry beside the storm is kept until
    answered, and it holds the turn: `next` and `goto` refuse until it is made; skipped only with --force, recorded,
    and it cannot be made turns later."""
    game = at(logistics_game(), 1, "storm")
    ok(game, "storm-place 1106")
    result = ok(game, "storm 1 3")  # north 3: to 1103, beside the Mulberry in 1102
    assert result.raised == ["mulberry-1102"]
    assert_blocks(game, "mulberry-1102")
    assert "1102" in game.state.world.mulberries  # skipped: nothing rolled, the Mulberry stands


def test_logistics_issue21_2_the_roll_made_lets_the_turn_go_on() -> None:
    """Mulberries ¶3, RULINGS L2: once the roll is made, `next` goes on without --force."""
    game = at(logistics_game(), 1, "storm")
    ok(game, "storm-place 1106")
    ok(game, "storm 1 3")
    ok(game, "answer mulberry-1102 5")  # 5: it survives
    result = ok(game, "next")
    assert not any(d.startswith("skipped:") for d in result.details)


def test_europa_31A6_an_optional_roll_a_command_offers_does_not_block() -> None:
    """Europa, 31.A.6: the destruction roll a capture offers is optional ("may try"): kept until answered or declined,
    it does not hold the turn (DESIGN "Prompts and effects" blocks on required prompts only)."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    ok(game, "next --force")
    ok(game, "capture Athens allied")
    prompt = game.state.pending_prompt("destroy:Athens")
    assert prompt is not None and not prompt.required
    result = ok(game, "next")
    assert not any(d.startswith("skipped: destroy:Athens") for d in result.details)
    assert game.state.pending_prompt("destroy:Athens") is not None
