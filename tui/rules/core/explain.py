"""Explained values: every computed number carries its derivation.

An :class:`Explained` holds a value, the rule it comes from, and the terms that
produced it, each term with its own value and rule number. Screens show it on
demand ("why?") and ``show --json`` includes it via :meth:`Explained.to_dict`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec
from msgspec import field


def fmt_number(value: Any) -> str:
    """Format a game number the way players write it: 1.5 -> "1½", 0.5 -> "½", 3.0 -> "3"; a yes/no fact as a word a
    referee reads, True -> "yes", False -> "no" (issue 22 point 4: never Python's ``True``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not isinstance(value, (int, float, Fraction)):
        return str(value)
    if value == int(value):  # the common case, without building a Fraction
        return str(int(value))
    frac = Fraction(value).limit_denominator(4)
    whole, rest = divmod(frac, 1)
    glyph = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if rest == 0:
        return str(int(whole))
    if glyph is None:
        return f"{float(value):g}"
    if frac < 0:
        return f"-{fmt_number(-frac)}"
    return f"{int(whole)}{glyph}" if whole else glyph


class Term(msgspec.Struct, frozen=True):
    """One line of a derivation: a label, its value and the rule that supplies it."""

    label: str
    value: Any
    rule: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"label": self.label, "value": _plain(self.value), "rule": self.rule}


class Explained(msgspec.Struct, frozen=True):
    """A computed value together with how it was computed.

    ``name`` is what the value is ("RE capacity"), ``rule`` the governing rule
    number(s), ``terms`` the derivation in order, ``notes`` extra remarks such as
    the ruling a value follows (for example "RULINGS E1").
    """

    name: str
    value: Any
    rule: str = ""
    terms: tuple[Term, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, used by ``show --json``."""
        return {
            "name": self.name,
            "value": _plain(self.value),
            "rule": self.rule,
            "terms": [t.to_dict() for t in self.terms],
            "notes": list(self.notes),
        }

    def lines(self) -> list[str]:
        """Human-readable derivation, one line per term, for the "why?" pane."""
        head = f"{self.name} = {fmt_number(self.value)}"
        if self.rule:
            head += f"  [{self.rule}]"
        out = [head]
        for t in self.terms:
            rule = f"  [{t.rule}]" if t.rule else ""
            out.append(f"  {t.label}: {fmt_number(t.value)}{rule}")
        out.extend(f"  note: {n}" for n in self.notes)
        return out


def _plain(value: Any) -> Any:
    """Convert Fractions to floats for JSON; leave everything else alone."""
    if isinstance(value, Fraction):
        return float(value)
    return value
