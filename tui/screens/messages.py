"""App-level messages: a screen asks the app to run a command; the app says the game changed.

Messages go up (``RunCommand``, ``AnswerPrompt`` bubble from a screen to the
app, which owns the one execute path); ``GameChanged`` is posted to the app
after every change and forwarded down to the open screens, which re-render.
"""

from __future__ import annotations

import msgspec
from textual.message import Message

from ..engine.game import Result


class RunCommand(Message):
    """Run ``line`` through the app's execute path, as typed from ``source`` (key, palette, line)."""

    def __init__(self, line: str, source: str = "key") -> None:
        super().__init__()
        self.line = line
        """The command line, e.g. ``hit Tobruk 2``."""
        self.source = source
        """Where it came from, recorded in the event: ``key``, ``palette`` or ``line``."""


class AnswerPrompt(Message):
    """Ask the referee for the answer to a pending prompt, then run ``answer ID VALUE``."""

    def __init__(self, prompt_id: str) -> None:
        super().__init__()
        self.prompt_id = prompt_id
        """The id of the pending prompt (``sea-state``, ``destroy:Athens``)."""


class GameChanged(Message, bubble=False):
    """The game state or its log changed; screens re-render from ``app.game``."""

    def __init__(self, result: Result | None, version: int) -> None:
        super().__init__()
        self.result = result
        """The engine's result of the command that changed the game (None: another session changed it)."""
        self.version = version
        """The app's change counter after this change (screens remember what they rendered)."""


class Status(msgspec.Struct, frozen=True):
    """The status line: the last thing the app said, and how (``info``, ``success``, ``warning``, ``error``)."""

    text: str
    level: str = "info"
    time: str = ""
