"""Finding things by the names referees type (any case, a unique prefix, several words unquoted); new names not blank."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator, TypeVar

from .errors import RuleError

T = TypeVar("T")

_RESOLVED: ContextVar[list[tuple[str, str]] | None] = ContextVar("resolved_names", default=None)


def note_resolved(typed: str, name: str) -> str:
    """Say that the words ``typed`` named ``name`` (a prefix, another case, an alias); return ``name``.

    The engine listens while a command runs (:func:`recording_names`) so that the log keeps the full name
    (``capture Tobruk axis``, not ``capture tob axis``; issue 12.9). Outside a recording this does nothing.
    """
    found = _RESOLVED.get()
    if found is not None and typed.strip() and typed != name:
        found.append((typed, name))
    return name


@contextmanager
def recording_names() -> Iterator[list[tuple[str, str]]]:
    """Collect ``(typed, full name)`` pairs of every name resolved inside the block, in order."""
    found: list[tuple[str, str]] = []
    token = _RESOLVED.set(found)
    try:
        yield found
    finally:
        _RESOLVED.reset(token)


def new_name(text: str, what: str) -> str:
    """``text`` as the name of a new or renamed thing (``what``: "a port's name"), refused if it is blank: empty, or
    no visible character at all (only spaces, tabs, zero-width marks). Issue 18.7.

    Checked on the commands a referee gives (while the engine records them, :func:`recording_names`); a save
    written before the check may hold such a name, and its log still replays.
    """
    if _RESOLVED.get() is not None and not any(ch.isprintable() and not ch.isspace() for ch in text):
        raise RuleError(f"{what} cannot be blank" + (f" ('{text}' has no visible character)" if text else ""))
    return text


def resolve_name(name: str, names: list[str], what: str = "port") -> str:
    """Match ``name`` against ``names``: exact (any case), then a unique prefix; else a helpful refusal."""
    wanted = name.strip().lower()
    for n in names:
        if n.lower() == wanted:
            return note_resolved(name, n)
    starts = [n for n in names if n.lower().startswith(wanted)] if wanted else []
    if len(starts) == 1:
        return note_resolved(name, starts[0])
    if len(starts) > 1:
        raise RuleError(f"'{name}' could be {', '.join(starts)}: type more of the name")
    raise RuleError(f"no {what} called '{name}'")


def take_named(lookup: Callable[[str], T], args: list[str], what: str = "port") -> tuple[T, list[str]]:
    """Read a name from the front of ``args`` (several words allowed: ``Port Sudan``); return the thing and the rest.

    ``lookup`` finds one name (raising :class:`RuleError` if there is none);
    the longest run of leading words that names something wins.
    """
    if not args:
        raise RuleError(f"which {what}?")
    for n in range(len(args), 0, -1):
        try:
            return lookup(" ".join(args[:n])), args[n:]
        except RuleError:
            if n == 1:
                raise
    raise RuleError(f"no {what} called '{args[0]}'")  # pragma: no cover - the loop returns or raises
