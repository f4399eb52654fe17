"""Shared helpers of the logistics tests: a new Channel Coast game and moving it to a segment."""

from __future__ import annotations

from typing import Any

from tui.engine.game import Game
from tui.paths import data_dir
from tui.session import memory_game

from conftest import fixed_clock

PRODUCTION_TURN = 2
"""The first production turn of the bundled scenario (production_every = 2, from turn 2)."""


def logistics_game() -> Game:
    """A new Channel Coast game in memory (seed 1, fixed clock), at turn 1's initiative."""
    return memory_game(data_dir(), "logistics", seed=1, clock=fixed_clock)


def at(game: Game, turn: int, step: str) -> Game:
    """Move on (skipping prompts) until game turn ``turn``, segment ``step`` (its last id)."""
    for _ in range(200):
        if game.state.flow.turn == turn and game.segment.path[-1] == step:
            return game
        result = game.execute("next --force")
        assert result.ok, result.message
    raise AssertionError(f"never reached turn {turn} {step}")


def ok(game: Game, line: str) -> Any:
    """Run ``line``; it must be accepted."""
    result = game.execute(line)
    assert result.ok, f"{line}: {result.message}"
    return result


def refused(game: Game, line: str, *words: str) -> str:
    """Run ``line``; it must be refused, with each of ``words`` in the message (any case)."""
    result = game.execute(line)
    assert not result.ok, f"{line} was accepted: {result.message}"
    for w in words:
        assert w.lower() in result.message.lower(), f"{w!r} not in {result.message!r}"
    return result.message


def world(game: Game) -> Any:
    """The game's Logistics world."""
    return game.state.world
