"""Islands without port access (seed 004, 21.37): sea transport, NR and invasion through them.

Naval units may sea transport and NR ground and air units into and out of, and
ground units may invade from, controlled islands without a port: one-hex
islands (21.37A), and Palawan, New Ireland and Halmahera through their beach
hexes as though they were ports (21.37B, the data's
``[transport.beach_islands]``). The app keeps no map (RULINGS A1): the referee
names such an island with ``--island-end NAME`` and confirms with
``--island-held`` that it is a controlled one-hex island (or one of the 21.37B
islands) held at the start of the player turn (proposed ruling A17). An island
is then an end of the operation like a port that bases no naval units. The
island may be written by name for FROM or TO, or as the word ``island``; the
Naval mode's palette has a form for each operation through an island.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .bases import Base
from .ops_tables import OpsTables

ISLAND = "island"
"""The kind of the stand-in base an island becomes for one operation (it bases no naval units)."""

ISLAND_WORD = "island"
"""Written for FROM or TO, the word stands for the island ``--island-end`` names."""


def island_kind(name: str, t: OpsTables) -> str:
    """Which clause of 21.37 lets ``name`` be used: the beach hex of a 21.37B island, or a one-hex island (21.37A)."""
    if name.lower() in {i.lower() for i in t.transport.beach_islands.value}:
        return f"{name}'s beach hexes, as though they were a port ({t.transport.beach_islands.rule})"
    return "a one-hex island without a port (21.37A)"


def island_base(name: str, power: str, theater: str, held: bool, what: str, t: OpsTables) -> Base:
    """The stand-in base for island ``name`` held by ``power``'s side; refuses an island not confirmed held (21.37, 21.435D)."""
    if not held:
        raise RuleError(f"{what}: {name} is used as {island_kind(name, t)} only while controlled since the start of the player "
                        "turn; confirm with --island-held (21.37, 21.435D)")
    return Base(name=name, kind=ISLAND, theater=theater, control=power, control_at_start=power,
                note=f"island without port access (21.37): {island_kind(name, t)}")


def island_check(names: list[str], t: OpsTables) -> Explained:
    """The explanation an operation through islands carries."""
    return Explained("islands without port access", len(names), "21.37",
                     tuple(Term(f"{n}: {island_kind(n, t)}", 1, "21.37") for n in names))
