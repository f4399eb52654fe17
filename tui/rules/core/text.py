"""Text that reaches a terminal: control characters refused in what is typed, shown harmlessly in what is printed.

A control character (C0 ``U+0000``-``U+001F``, DEL ``U+007F``, C1 ``U+0080``-``U+009F``) in a name or a note
would reach every player's terminal as a command to it (``ESC ]0;`` sets the window title, ``ESC [2J`` wipes
the screen). The engine refuses them in every command (:func:`control_problem`); a save written before that
may still hold them, so everything printed from a save goes through :func:`visible`, which writes each one
as its escape (``\\x1b``). A tab between the words of a typed line reads as a space; inside a word (quoted,
or in a form's field) it is refused like the others.
"""

from __future__ import annotations

import re

#: Every control character: C0, DEL and C1 (Unicode category Cc).
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
#: A byte of a command line or path that was not UTF-8, as Python keeps it (a lone surrogate, ``U+DCFF`` for 0xFF).
_NOT_UTF8 = re.compile("[\ud800-\udfff]")
_SHOWN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SHOWN_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_C1_AND_DEL = re.compile("[\x7f-\x9f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8: shown as that byte
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character written as its escape (``ESC`` as ``\\x1b``), harmless to a terminal.

    With ``lines`` the line breaks of a many-line output (a table) are kept; every other control character is
    escaped. A byte that was not UTF-8 (a path or line typed in another encoding) is shown as ``\\xff`` too, so
    printing never fails on it.
    """
    return (_SHOWN_BUT_NEWLINE if lines else _SHOWN).sub(_escape, text)


def json_visible(text: str) -> str:
    """JSON text with DEL and the C1 controls escaped as ``\\u00XX`` (``json.dumps`` escapes C0 itself, but with
    ``ensure_ascii=False`` writes DEL and C1 raw); still valid JSON that reads back to the same values."""
    return _C1_AND_DEL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def describe(char: str) -> str:
    """A control character by its code point and, for the common ones, its name (``U+001B (escape)``)."""
    name = _NAMES.get(char)
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


_NAMES = {"\x00": "null", "\x07": "bell", "\x08": "backspace", "\t": "tab", "\n": "line feed", "\r": "carriage return",
          "\x1b": "escape", "\x7f": "delete", "\x9b": "control sequence introducer"}


def control_problem(text: str, *, tab: bool = False) -> str | None:
    """Why ``text`` cannot be typed: ``"control character U+001B (escape) is not allowed"`` (or it is not UTF-8);
    None if it is clean.

    With ``tab`` a tab is let through (between the words of a typed line it reads as a space).
    """
    for char in CONTROL.findall(text):
        if tab and char == "\t":
            continue
        return f"control character {describe(char)} is not allowed"
    if _NOT_UTF8.search(text):
        return f"'{visible(text)}' is not valid UTF-8 text"
    return None
