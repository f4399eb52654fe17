"""The game as a sequence of commands: parse, validate, apply, record; undo, redo and replay.

The engine imports neither Textual nor TinyDB: persistence is any object with
the small interface of :class:`tui.engine.game.Persistence` (the store's
``SaveFile`` is one).
"""

from __future__ import annotations

from .command import Command, CommandSyntaxError, parse
from .game import Game, Result

__all__ = ["Command", "CommandSyntaxError", "Game", "Result", "parse"]
