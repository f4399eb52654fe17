"""Joint patrols (seed 004, 21.414B, 21.415): naval units from different bases combine in one patrol hex.

A joint patrol's contingents leave their own bases at the same time and may
join at sea. Proposed ruling A16: each contingent is a naval force when it
leaves its base, so 21.312 (ten or more factors in a TF, formed in one base)
and 21.313 are checked per base; the range of each contingent is checked from
its own base, with the distance typed per base: ``--distance
Malta=8,Alexandria=12+10`` (``+`` separates the legs between ports touched,
21.36C).
"""

from __future__ import annotations

from typing import Callable

from ..core.errors import RuleError
from ..core.numbers import read_int
from .bases import Base


def contingents(units: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Unit ids by base of origin, in the order the bases first appear."""
    out: dict[str, list[str]] = {}
    for uid, base in units:
        out.setdefault(base, []).append(uid)
    return out


def read_routes(text: str, bases: list[str], base: Callable[[str], Base]) -> dict[str, tuple[int, list[int] | None]]:
    """``Malta=8,Alexandria=12+10``: each base's distance by water (and its legs); every base of the patrol once."""
    usage = ("a joint patrol from " + ", ".join(bases) + " types the distance from each base: --distance "
             + ",".join(f"{b.split()[0]}=N" for b in bases) + " (N+N for legs between ports touched) (21.414B, RULINGS A1)")
    if "=" not in text:
        raise RuleError(usage)
    out: dict[str, tuple[int, list[int] | None]] = {}
    for item in (p.strip() for p in text.split(",") if p.strip()):
        if "=" not in item:
            raise RuleError(usage)
        name, _, value = item.partition("=")
        b = base(name.strip()).name
        if b not in bases:
            raise RuleError(f"no unit of this patrol is based at {b} ({', '.join(bases)}) (21.414B)")
        if b in out:
            raise RuleError(f"the distance from {b} is given twice (21.414B)")
        legs = [read_int(x, f"the distance by water from {b} (hexes)", 0, 999) for x in value.split("+")]
        out[b] = (sum(legs), legs if len(legs) > 1 else None)
    missing = [b for b in bases if b not in out]
    if missing:
        raise RuleError(f"type the distance from {', '.join(missing)} too: {usage}")
    return out
