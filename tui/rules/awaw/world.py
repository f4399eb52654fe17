"""The AWAW world (seed 004, chapter 21): the naval roster, the bases and what the referee keeps.

:class:`AwawWorld` is frozen; transitions return a new one. It holds every
naval unit by id, every base by name, each navy's naval nationality DRM
(scenario data the referee may change, 21.526), the control of the hexes the
straits need (21.211-21.213) with a copy taken at the start of each phase,
the uninversion allowance typed from the oil rules (21.71, RULINGS A4) and
the harbor-attack record (21.442, 21.444).
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec
from msgspec import field
from msgspec.structs import replace

from ..core.names import resolve_name, take_named
from ..core.roster import replaced, resolve_many
from .bases import Base
from .units import NavalUnit


class AwawWorld(msgspec.Struct, frozen=True):
    """Everything the AWAW rule set keeps about a game."""

    units: dict[str, NavalUnit] = field(default_factory=dict)
    """The naval roster by id, in scenario order."""
    bases: dict[str, Base] = field(default_factory=dict)
    """Every base by name."""
    drm: dict[str, int] = field(default_factory=dict)
    """Naval nationality DRM by nation (21.526); scenario data, the referee may change it."""
    hex_control: dict[str, str] = field(default_factory=dict)
    """Who controls each hex the straits name: a power, "neutral" (21.211-21.213)."""
    phase_control: dict[str, str] = field(default_factory=dict)
    """``hex_control`` as it was at the start of the current phase (21.211: checked then)."""
    uninvert_allowance: dict[str, int] = field(default_factory=dict)
    """Naval factors each power may uninvert at the end of this player turn (21.71, RULINGS A4); typed."""
    harbor_research: dict[str, bool] = field(default_factory=dict)
    """Powers that have the research result harbor attacks need (21.442)."""
    harbor_attacks: int = 0
    """Harbor attacks made so far in the game (21.444: the German initial attack only while none has been)."""
    initial_harbor_left: int = 0
    """Initial harbor attacks the initial power may still make (21.444)."""
    port_builds: dict[str, list[int]] = field(default_factory=dict)
    """The turns in which each power built a port counter (21.121: two a year, one a turn)."""
    ops: dict[str, Any] = field(default_factory=dict)
    """Plain data the operations of 21.42-21.6 keep (``verbs_ops``; keys owned there), saved as it is."""
    first: str = ""
    """The side taking the first player turn this game turn (the initiative answer)."""
    serial: int = 0
    """Numbers the procedures and confirmations commands raise (patrol-1, ...)."""

    # --- units -------------------------------------------------------------

    def unit(self, name: str) -> NavalUnit:
        """The unit with this id (any case, or a unique prefix); refuses unknown or ambiguous names."""
        return self.units[resolve_name(name, list(self.units), "naval unit")]

    def units_named(self, words: Iterable[str]) -> list[NavalUnit]:
        """The units named in ``words`` (commas or spaces between ids), in order, none twice."""
        return [self.units[i] for i in resolve_many(words, list(self.units), "naval unit")]

    def with_units(self, units: Iterable[NavalUnit]) -> AwawWorld:
        """A copy with these units replacing those of the same id (new ids added at the end)."""
        return replace(self, units=replaced(self.units, {u.id: u for u in units}))

    def units_at(self, base: str, *, afloat: bool = True) -> list[NavalUnit]:
        """The units based at ``base`` (not sunk); with ``afloat`` False, also sunk ones."""
        return [u for u in self.units.values() if u.base == base and (not u.sunk or not afloat)]

    def task_force(self, tf: str) -> list[NavalUnit]:
        """The afloat units of a task force."""
        return [u for u in self.units.values() if u.tf and u.tf == tf and not u.sunk]

    # --- bases -------------------------------------------------------------

    def base(self, name: str) -> Base:
        """The base called ``name`` (any case, or a unique prefix)."""
        return self.bases[resolve_name(name, list(self.bases), "base")]

    def base_at(self, place: str) -> Base | None:
        """The base ``place`` names, by its full name or by its hex (RULINGS A6: a base is its hex), or None."""
        key = place.strip().lower()
        by_name = next((b for b in self.bases.values() if b.name.lower() == key), None)
        return by_name or next((b for b in self.bases.values() if b.hex and b.hex.lower() == key), None)

    def with_base(self, base: Base) -> AwawWorld:
        """A copy with ``base`` replacing the base of the same name (or added at the end)."""
        return replace(self, bases={**self.bases, base.name: base})

    def take_base(self, args: list[str]) -> tuple[Base, list[str]]:
        """Read a base name from the front of ``args`` (several words allowed: ``Atlantic U.S.``)."""
        return take_named(self.base, args, "base")

    def next_serial(self) -> tuple[AwawWorld, int]:
        """A copy with the serial advanced, and the new number."""
        return replace(self, serial=self.serial + 1), self.serial + 1


# --- save data --------------------------------------------------------------


def world_to_data(world: AwawWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    return {
        "units": [msgspec.to_builtins(u) for u in world.units.values()],
        "bases": [msgspec.to_builtins(b) for b in world.bases.values()],
        "drm": dict(world.drm),
        "hex_control": dict(world.hex_control),
        "phase_control": dict(world.phase_control),
        "uninvert_allowance": dict(world.uninvert_allowance),
        "harbor_research": dict(world.harbor_research),
        "harbor_attacks": world.harbor_attacks,
        "initial_harbor_left": world.initial_harbor_left,
        "port_builds": {k: list(v) for k, v in world.port_builds.items()},
        "ops": world.ops,
        "first": world.first,
        "serial": world.serial,
    }


def world_from_data(data: dict[str, Any]) -> AwawWorld:
    """Inverse of :func:`world_to_data`."""
    units = [msgspec.convert(u, NavalUnit) for u in data["units"]]
    bases = [msgspec.convert(b, Base) for b in data["bases"]]
    return AwawWorld(
        units={u.id: u for u in units},
        bases={b.name: b for b in bases},
        drm={str(k): int(v) for k, v in data.get("drm", {}).items()},
        hex_control={str(k): str(v) for k, v in data.get("hex_control", {}).items()},
        phase_control={str(k): str(v) for k, v in data.get("phase_control", {}).items()},
        uninvert_allowance={str(k): int(v) for k, v in data.get("uninvert_allowance", {}).items()},
        harbor_research={str(k): bool(v) for k, v in data.get("harbor_research", {}).items()},
        harbor_attacks=int(data.get("harbor_attacks", 0)),
        initial_harbor_left=int(data.get("initial_harbor_left", 0)),
        port_builds={str(k): [int(t) for t in v] for k, v in data.get("port_builds", {}).items()},
        ops=dict(data.get("ops", {})),
        first=str(data.get("first", "")),
        serial=int(data.get("serial", 0)),
    )
