"""What the app says of a command's result, as text: whether it moves through the turn sequence, the list of what
the rules did on their own, and whether its dice were typed (pure helpers of :mod:`tui.app`, no widgets)."""

from __future__ import annotations

import re

from ..engine.command import Command, parse
from ..engine.game import Game, Result


def advancing(command: str) -> bool:
    """Whether ``command`` only moves through the turn sequence (``next``, ``goto ...``)."""
    return command.split(" ", 1)[0] in ("next", "goto")


def effects_list(result: Result) -> str:
    """A result's message for the screen: for ``next`` and ``goto``, where the game went, then what the rules did on
    their own (the reported effects of its summary: returns, inversions, markers removed, growth), one per line
    (issue 22 point 7)."""
    if not advancing(result.command):
        return result.message
    head, *done = split_top(result.message)
    return "\n".join([head, *(f"• {line}" for line in done)])


CITED = re.compile(r"\d+\.[A-Z0-9]")
"""The start of a rule number (``33.B.7``, ``31.A.12``, ``6.2``): a ``; `` before one is inside a citation."""
LABEL = re.compile(r"[\s(][a-z]\)")
"""A rule's clause label, ``33.B.7 d)``: its ``)`` closes nothing."""


def split_top(text: str, sep: str = "; ") -> list[str]:
    """``text`` split at each ``sep`` between effects: not inside parentheses or brackets, nor before a rule number
    (an effect citing ``(33.B.2.b; 33.B.7 d); 31.A.12)`` stays one item; issue 22 point 3)."""
    parts: list[str] = []
    depth = start = i = 0
    while i < len(text):
        char = text[i]
        if char in "([":
            depth += 1
        elif char in ")]" and depth and not LABEL.match(text, i - 2):
            depth -= 1
        elif depth == 0 and text.startswith(sep, i) and not CITED.match(text, i + len(sep)):
            parts.append(text[start:i])
            start = i = i + len(sep)
            continue
        i += 1
    parts.append(text[start:])
    return parts


def faces_typed(command: str | Command, game: Game) -> bool:
    """Whether ``command`` carries faces the referee typed (``--dice``, or the faces answering a roll prompt): a later
    stage of the same command is then typed too, and never rolled by the app on Enter (issue 22 point 1; README: a
    typed command's later stage is never rolled without ``--roll``)."""
    if isinstance(command, str):
        try:
            command = parse(command, "key")
        except ValueError:
            return False
    if command.options.get("dice"):
        return True
    if command.verb != "answer" or len(command.args) < 2:
        return False
    prompt = game.state.pending_prompt(command.args[0])
    value = "".join(command.args[1:]).replace(",", "")
    return prompt is not None and prompt.kind == "roll" and value.isdigit()
