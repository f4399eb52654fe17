"""Helpers of the tests that assert who owns each decision (issue 32, ``tests/test_*_sides_*.py``): the log's actor of
one command, and a game moved on to a segment."""

from __future__ import annotations


def to(game, key: str) -> None:
    """Advance (skipping prompts) until the segment ``key``."""
    for _ in range(200):
        if game.segment.key == key:
            return
        assert game.execute("next --force").ok
    raise AssertionError(f"never reached {key}")


def actor(game, line: str) -> str:
    """The actor of ``line``, which must be applied (one more event in the log)."""
    before = len(game.events)
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    assert len(game.events) == before + 1 and game.events[-1]["status"] == "applied"
    return game.events[-1]["actor"]
