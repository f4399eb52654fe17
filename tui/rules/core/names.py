"""Finding things by the names referees type: any case, a unique prefix, several words unquoted."""

from __future__ import annotations

from typing import Callable, TypeVar

from .errors import RuleError

T = TypeVar("T")


def resolve_name(name: str, names: list[str], what: str = "port") -> str:
    """Match ``name`` against ``names``: exact (any case), then a unique prefix; else a helpful refusal."""
    wanted = name.strip().lower()
    for n in names:
        if n.lower() == wanted:
            return n
    starts = [n for n in names if n.lower().startswith(wanted)] if wanted else []
    if len(starts) == 1:
        return starts[0]
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
