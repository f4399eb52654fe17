"""AWAW naval bases (seed 004, 21.1): ports, two-port hexes, port counters, mapboard boxes, SW boxes.

A :class:`Base` knows its kind, its front(s) and theater, its hex, who
controls it and whether it is operational. Its basing room (21.11-21.114)
is computed in :mod:`basing` from the kind's capacity in the tables.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from .tables import AwawTables


class Base(msgspec.Struct, frozen=True):
    """One place naval units can be based."""

    name: str
    """As the map names it (``Kiel/Hamburg``, ``Atlantic U.S.``)."""
    kind: str
    """port, two-port, port-counter, box or sw-box (``[base_kinds]``)."""
    fronts: tuple[str, ...] = ()
    """The front(s) whose water the hex abuts (21.131); two for a two-front port (21.132x); none for a box."""
    theater: str = "europe"
    """europe or pacific: which hex limits apply (21.223, 21.361x)."""
    hex: str = ""
    """The map hex (``J30``), or "" for a box."""
    control: str = ""
    """The power that controls it, or "neutral"."""
    operational: bool = True
    """Operational status (21.221: a non-operational port limits what may be done from it)."""
    group: str = ""
    """The Pacific island group it is in (4.74), for 21.121C and 21.214B; "" elsewhere."""
    control_at_start: str = ""
    """Who controlled it at the start of the current phase (21.223, 21.33 use the start of the movement phase or turn)."""
    note: str = ""

    def capacity(self, tables: AwawTables) -> int | None:
        """Naval factors it may base (21.11, 21.111, 21.12), or None for unlimited (21.114)."""
        kind = tables.base_kinds[self.kind]
        return None if kind.unlimited else kind.capacity

    @property
    def two_front(self) -> bool:
        """A two-front port: Kiel/Hamburg, Gibraltar, Istanbul (21.132x)."""
        return len(self.fronts) > 1

    @property
    def is_box(self) -> bool:
        """A mapboard box or an SW box (not on the map)."""
        return self.kind in ("box", "sw-box")

    def change(self, **changes: Any) -> Base:
        """A copy with fields changed."""
        return replace(self, **changes)
