"""A roster of units kept by id, and lists of them as referees type them.

Any rule set that keeps units as first-class state (naval units; a
ground order of battle) names several at once: ``Warspite,Valiant RN-DD1``.
:func:`resolve_many` turns such words into ids, each by exact name or unique
prefix, refusing unknown, ambiguous and repeated names with a clear message.
"""

from __future__ import annotations

from typing import Iterable, Mapping, TypeVar

from .errors import RuleError
from .names import resolve_name

T = TypeVar("T")


def split_list(words: Iterable[str]) -> list[str]:
    """The items of words separated by spaces and/or commas (``a,b c`` -> a, b, c)."""
    return [item for w in words for item in w.split(",") if item.strip()]


def resolve_many(words: Iterable[str], names: list[str], what: str = "unit") -> list[str]:
    """Every name in ``words`` resolved against ``names`` (any case, unique prefix), in order; no repeats."""
    out: list[str] = []
    for item in split_list(words):
        name = resolve_name(item, names, what)
        if name in out:
            raise RuleError(f"{what} '{name}' is named twice")
        out.append(name)
    if not out:
        raise RuleError(f"which {what}s?")
    return out


def replaced(roster: Mapping[str, T], changed: Mapping[str, T]) -> dict[str, T]:
    """The roster with the entries in ``changed`` replaced, keeping the roster's order (new ids at the end)."""
    return {**roster, **changed}
