"""Builders for AWAW engine tests: the bundled Summer 1942 game, walked to a segment."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import create_game, memory_game


def ok(game, line: str):
    """Run ``line`` and insist it succeeded."""
    result = game.execute(line)
    assert result.ok, f"{line}: {result.message}"
    return result


def refused(game, line: str, *fragments: str):
    """Run ``line`` and insist it was refused with every fragment in its message."""
    result = game.execute(line)
    assert not result.ok, f"{line} was accepted: {result.message}"
    for fragment in fragments:
        assert fragment in result.message, result.message
    return result


def to(game, title_end: str, first: str = "axis") -> None:
    """Answer the initiative (``first``) and walk to the first segment whose title ends with ``title_end``."""
    if game.state.pending_prompt("first") is not None:
        ok(game, f"answer first {first}")
    for _ in range(60):
        if game.segment.title.endswith(title_end):
            return
        ok(game, "next --force")
    raise AssertionError(f"no segment {title_end}")


def awaw_game():
    """A fresh bundled AWAW game in memory."""
    return memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)


def awaw_json(tmp: Path):
    """A fresh bundled AWAW game saved as JSON."""
    return create_game(tmp / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def answer(game, procedure: str, value: str):
    """Answer the one pending prompt of ``procedure`` (``patrol-1``: its step prompt ``patrol-1-route``, ...)."""
    pending = [p.id for p in game.state.flow.pending if p.id.startswith(procedure + "-")]
    assert len(pending) == 1, f"{procedure}: pending {pending}"
    return ok(game, f"answer {pending[0]} '{value}'")
