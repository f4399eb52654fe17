"""What the duty builders that read a rule set's own views (plain rows) share: for rule sets whose checklist needs
only figures (each builds its own from these). Pure."""

from __future__ import annotations

from typing import Any, Callable

from .phases import Segment
from .state import GameState

View = Callable[[GameState], list[dict[str, Any]]]


def allows(seg: Segment, *verbs: str) -> bool:
    """Whether any of ``verbs`` is legal in ``seg`` by the sequence (``None``: every command is)."""
    return seg.commands is None or any(v in seg.commands for v in verbs)
