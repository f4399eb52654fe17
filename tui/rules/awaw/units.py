"""AWAW naval units (seed 004, chapter 21): one counter of the naval roster and its state.

A :class:`NavalUnit` is frozen; every change returns a new one. Its state is
kept as flags rather than one word because they combine: a unit may be
inverted and at sea on patrol, or damaged and waiting for repair. ``state``
gives the one word a table shows.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from .tables import AwawTables

AT_SEA = ("patrol", "defensive-patrol", "mission", "raiding")
"""Why a unit is at sea (21.41x patrols, 21.419 defensive patrols, 21.5x missions, 21.53 raiding)."""


class NavalUnit(msgspec.Struct, frozen=True):
    """One naval counter: who owns it, what it is, where it is and what it has done this player turn."""

    id: str
    """Unique, short, typed in commands (``Warspite``, ``RN-DD1``)."""
    name: str
    """As printed on the counter (may equal ``id``)."""
    power: str
    """The major power that controls it (a key of ``[powers]``)."""
    nation: str
    """The navy it belongs to, for its naval nationality DRM (21.526): usually the power."""
    type: str
    """A key of ``[unit_types]``."""
    factors: int
    """Naval factors."""
    fast: bool = False
    """A fast ship (21.313 counts fast fleet factors)."""
    base: str = ""
    """The base (port, two-port hex, port counter, mapboard box, SW box) it is in."""
    tf: str = ""
    """Its task force (21.312), or "" when it is not in one."""
    inverted: bool = False
    """Inverted after use (21.311), a failed base change (21.222), displacement (21.233), or new (21.34)."""
    damaged: bool = False
    """Damaged: may not undertake any naval activity (21.314)."""
    repair: bool = False
    """In the Waiting for Repair box: does not count against basing (21.113)."""
    sunk: bool = False
    """Sunk or eliminated."""
    acted: bool = False
    """Has carried out its one activity this player turn (21.31)."""
    base_changed: bool = False
    """Changed base this movement phase (21.32; a patrolling unit may not, 21.414B)."""
    unusable: bool = False
    """Excess units of an involuntary overstack: not used for the rest of the player turn (21.112)."""
    at_sea: str = ""
    """"" in port, else one of :data:`AT_SEA`."""
    sea_hex: str = ""
    """The patrol or mission hex while at sea."""
    intercepts: int = 0
    """Interceptions attempted this turn (21.4193: a defensive patrol may intercept once more)."""
    dp_tries: tuple[str, ...] = ()
    """A defensive patrol's 21.4192 attempts this turn: the phase of each (``movement``, ``combat``), ``!`` after a
    successful one (21.4193 permits one)."""
    missed: bool = False
    """Its last interception attempt this turn missed: the Naval Interception Table gave no interception."""
    cargo: str = ""
    """Cargo assigned to it (or its TF) for this activity (21.35)."""
    note: str = ""

    @property
    def state(self) -> str:
        """One word for tables: sunk, repair, damaged, at sea, unusable, inverted or ready."""
        if self.sunk:
            return "sunk"
        if self.repair:
            return "repair"
        if self.damaged:
            return "damaged"
        if self.at_sea:
            return "at sea"
        if self.unusable:
            return "unusable"
        if self.inverted:
            return "inverted"
        return "ready"

    @property
    def state_words(self) -> str:
        """The state as a refusal says it: "waiting for repair", "at sea on patrol", ..."""
        words = {"repair": "waiting for repair", "at sea": f"at sea ({self.at_sea})",
                 "unusable": "excess in an overstacked base (21.112)"}
        return words.get(self.state, self.state)

    def category(self, tables: AwawTables) -> str:
        """fleet, carrier, cve, destroyer, submarine, asw or transport (``[unit_types]``)."""
        return tables.unit_types[self.type].category

    def ships(self, tables: AwawTables) -> int:
        """How many ships it is: a two-factor cruiser is one ship; ``ships = 0`` types count one per factor."""
        per = tables.unit_types[self.type].ships
        return per if per else self.factors

    def basing_factors(self, tables: AwawTables) -> int:
        """The factors it uses of its base's room: none when sunk or waiting for repair (21.113) or a type that does not base."""
        if self.sunk or self.repair or not tables.unit_types[self.type].basing:
            return 0
        return self.factors

    def change(self, **changes: Any) -> NavalUnit:
        """A copy with fields changed."""
        return replace(self, **changes)


def new_turn(unit: NavalUnit) -> NavalUnit:
    """What the start of a player turn clears: the one activity (21.31), the base change (21.32), the overstack bar (21.112)."""
    return replace(unit, acted=False, base_changed=False, unusable=False, intercepts=0, dp_tries=(), missed=False)
