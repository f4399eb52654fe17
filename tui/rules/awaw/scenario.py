"""Loading an AWAW scenario (``[[bases]]``, ``[[units]]``, ``[drm]``, ``[hex_control]``, ``[harbor]``) into a world.

Every entry is validated against the tables: a base's kind, fronts and
theater; a unit's power, type, base and factors; a control entry's power.
Errors name the file, the table and the key.
"""

from __future__ import annotations

from typing import Any

from ..core.data import DataModel, Signed, convert
from ..core.errors import DataError
from .bases import Base
from .tables import AwawTables
from .units import AT_SEA, NavalUnit
from .world import AwawWorld


class ScenarioBase(DataModel, kw_only=True):
    """One ``[[bases]]`` entry."""

    name: str
    kind: str
    fronts: list[str] = []
    theater: str = ""
    hex: str = ""
    control: str = "neutral"
    operational: bool = True
    group: str = ""
    note: str = ""


class ScenarioUnit(DataModel, kw_only=True):
    """One ``[[units]]`` entry."""

    id: str
    power: str
    type: str
    factors: int
    base: str
    name: str = ""
    nation: str = ""
    fast: bool = False
    tf: str = ""
    inverted: bool = False
    damaged: bool = False
    repair: bool = False
    at_sea: str = ""
    sea_hex: str = ""
    note: str = ""


class ScenarioHarbor(DataModel):
    """``[harbor]``: powers with the harbor-attack research result (21.442) and attacks made so far (21.444)."""

    research: list[str] = []
    attacks_made: int = 0
    note: str = ""


class ScenarioTurn(DataModel):
    """``[turn]``: who takes the first player turn until the initiative is answered."""

    first_player: str
    note: str = ""


def _base(entry: ScenarioBase, t: AwawTables, file: str, where: str) -> Base:
    if entry.kind not in t.base_kinds:
        raise DataError(file, f"{where}.kind", f"'{entry.kind}' is not a kind of base ({', '.join(t.base_kinds)})")
    for i, front in enumerate(entry.fronts):
        if front not in t.fronts:
            raise DataError(file, f"{where}.fronts.{i}", f"'{front}' is not a front ({', '.join(t.fronts)})")
    if entry.kind not in ("box", "sw-box") and not entry.fronts:
        raise DataError(file, f"{where}.fronts", "a port needs the front its water abuts (21.131)")
    if len(entry.fronts) > 2:
        raise DataError(file, f"{where}.fronts", "a port is on one front, or two for a two-front port (21.132)")
    theater = entry.theater or (t.fronts[entry.fronts[0]].theater if entry.fronts else "")
    if theater not in t.theaters:
        raise DataError(file, f"{where}.theater", f"'{theater}' is not a theater ({', '.join(t.theaters)})")
    if entry.control != "neutral" and entry.control not in t.powers:
        raise DataError(file, f"{where}.control", f"'{entry.control}' is not a power or neutral")
    return Base(entry.name, entry.kind, tuple(entry.fronts), theater, entry.hex, entry.control, entry.operational,
                group=entry.group, control_at_start=entry.control, note=entry.note)


def _unit(entry: ScenarioUnit, t: AwawTables, bases: dict[str, Base], file: str, where: str) -> NavalUnit:
    if entry.power not in t.powers:
        raise DataError(file, f"{where}.power", f"'{entry.power}' is not a power ({', '.join(t.powers)})")
    if entry.type not in t.unit_types:
        raise DataError(file, f"{where}.type", f"'{entry.type}' is not a unit type ({', '.join(t.unit_types)})")
    if entry.factors < 1:
        raise DataError(file, f"{where}.factors", "must be 1 or more")
    if entry.base not in bases:
        raise DataError(file, f"{where}.base", f"'{entry.base}' is not a base of this scenario")
    if entry.at_sea and entry.at_sea not in AT_SEA:
        raise DataError(file, f"{where}.at_sea", f"must be one of {', '.join(AT_SEA)}")
    if " " in entry.id or "," in entry.id:
        raise DataError(file, f"{where}.id", "a unit id has no spaces or commas (it is typed in commands)")
    return NavalUnit(entry.id, entry.name or entry.id, entry.power, entry.nation or entry.power, entry.type, entry.factors,
                     entry.fast, entry.base, entry.tf, entry.inverted, entry.damaged, entry.repair, at_sea=entry.at_sea,
                     sea_hex=entry.sea_hex, note=entry.note)


def world_from_scenario(raw: dict[str, Any], file: str, t: AwawTables) -> AwawWorld:
    """Build the starting world from a scenario file."""
    bases: dict[str, Base] = {}
    for i, entry in enumerate(convert(raw.get("bases", []), list[ScenarioBase], file, prefix="bases")):
        if entry.name.lower() in (n.lower() for n in bases):
            raise DataError(file, f"table bases, key {i}.name", f"base '{entry.name}' is listed twice")
        bases[entry.name] = _base(entry, t, file, f"table bases, key {i}")
    units: dict[str, NavalUnit] = {}
    for i, uentry in enumerate(convert(raw.get("units", []), list[ScenarioUnit], file, prefix="units")):
        if uentry.id.lower() in (n.lower() for n in units):
            raise DataError(file, f"table units, key {i}.id", f"unit '{uentry.id}' is listed twice")
        units[uentry.id] = _unit(uentry, t, bases, file, f"table units, key {i}")
    drm = convert(raw.get("drm", {}), dict[str, Signed], file, prefix="drm")
    control = convert(raw.get("hex_control", {}), dict[str, str], file, prefix="hex_control")
    for hex_, who in control.items():
        if who != "neutral" and who not in t.powers:
            raise DataError(file, f"table hex_control, key {hex_}", f"'{who}' is not a power or neutral")
    harbor = convert(raw.get("harbor", {}), ScenarioHarbor, file, prefix="harbor")
    for i, power in enumerate(harbor.research):
        if power not in t.powers:
            raise DataError(file, f"table harbor, key research.{i}", f"'{power}' is not a power")
    initial_left = t.harbor.initial_attacks if harbor.attacks_made == 0 else 0
    if "turn" not in raw:
        raise DataError(file, "table turn", "is missing (first_player)")
    turn = convert(raw["turn"], ScenarioTurn, file, prefix="turn")
    if turn.first_player not in t.sides:
        raise DataError(file, "table turn, key first_player", f"'{turn.first_player}' is not a side ({', '.join(t.sides)})")
    return AwawWorld(first=turn.first_player, units=units, bases=bases, drm=dict(drm), hex_control=dict(control), phase_control=dict(control),
                     harbor_research={p: True for p in harbor.research}, harbor_attacks=harbor.attacks_made,
                     initial_harbor_left=initial_left)
