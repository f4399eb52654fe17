"""Which game a save was branched from: the ``meta.parent`` link a what-if branch carries (see ``tui/outputs/branch.py``)."""

from __future__ import annotations

from typing import Any


def parent_link(meta: dict[str, Any]) -> dict[str, Any] | None:
    """The ``meta.parent`` of a branch (save, name, seq, command, turn, revision, branched), or None if the game is not one."""
    parent = meta.get("parent")
    return parent if isinstance(parent, dict) else None


def describe_parent(meta: dict[str, Any], *, short: bool = False) -> str:
    """``what-if branch of game.json at #12 (hit Tobruk 2)`` for a branch (``short``: without the command);
    empty for a game that is not one."""
    parent = parent_link(meta)
    if parent is None:
        return ""
    seq = parent.get("seq", 0)
    at = ("the start" if not seq else f"#{seq}" if short else f"#{seq} ({parent.get('command')})")
    return f"what-if branch of {parent.get('name', '?')} at {at}"
