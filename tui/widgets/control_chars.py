"""Every text the screens draw shows control characters escaped, as ``harbormaster show`` prints them (issue 18.5).

A name or note in a save written before control characters were refused may hold ``ESC [2J`` (wipe the screen) or
``ESC ]0;`` (set the window title). Textual and Rich drop only a few control codes (bell, backspace, carriage
return, vertical tab, form feed) from the text they draw and pass the others to the terminal. Every text a widget
draws goes through their one table of what to drop; :func:`show_control_characters` adds the rest of the control
characters to it, written as their escapes (``\\x1b``) by :func:`tui.rules.core.text.visible`. Tab and line feed
keep their meaning. Rich markup is never read from a save's text: tables hold ``Text`` objects, dialogs and the
status line are plain, and notifications are plain (:meth:`tui.app.HarbormasterApp.notify`).
"""

from __future__ import annotations

import rich.control
import textual.content

from ..rules.core.text import visible

KEPT = frozenset({0x09, 0x0A})
"""Tab and line feed: Textual and Rich lay them out."""


def _tables() -> list[dict[int, str | None]]:
    """The translate tables Textual's ``Content`` and Rich's ``Text`` clean every text with."""
    return [textual.content._CONTROL_STRIP_TRANSLATE, rich.control._CONTROL_STRIP_TRANSLATE]  # type: ignore[attr-defined]


def show_control_characters() -> None:
    """Make every text Textual and Rich draw from now on show its control characters escaped (idempotent)."""
    for table in _tables():
        for code in [*range(0x00, 0x20), *range(0x7F, 0xA0)]:
            if code not in KEPT and code not in table:
                table[code] = visible(chr(code))
