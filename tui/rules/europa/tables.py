"""Europa port tables (rule 31.A): schema and loader.

The PORT SUMMARY (31.A.1 Table 1) and the small policy tables that go with it
(hit multipliers of 31.A.9/31.A.10, heavy equipment shares of the ** note,
the losses per hit of notes 2 and 5, the NT and SLP figures of note # and
note 1, the 31.A.5 Reduced limit and the 31.A.6 destruction conditions) live
in ``data/rulesets/europa.toml``. Every value there cites its rule in a
``rule`` field, and a ``note`` names the ruling (``shared/RULINGS.md``) that
decides it where one does. :func:`load_port_tables` validates them; any error
names the file, the table and the key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from ..core.cited import CitedNumber as Cited
from ..core.data import DataModel
from ..core.errors import DataError
from ..core.loader import Tables

NonNegative = Annotated[float, msgspec.Meta(ge=0)]
"""A game number that cannot be negative (capacities, hits, SP, SLP)."""

HeavyEquipmentRule = Literal["full", "half", "none"]
"""How much of a port's capacity may carry heavy equipment (Table 1 ** note)."""


class PortType(DataModel, kw_only=True):
    """One row of Table 1 PORT SUMMARY (31.A.1), keyed by type id in ``port_summary``."""

    name: str
    """The type as printed: "Great", "Mulberry", "Beach Hex"."""
    kind: Literal["port", "beach"] = "port"
    """A beach hex is on the table but is not a port (31.B)."""
    level: Annotated[int, msgspec.Meta(ge=0)]
    """Size level, great 4 down to jetty 0 (RULINGS E2)."""
    re_capacity: NonNegative
    """Maximum RE capacity per movement phase (31.A.1)."""
    max_damage: NonNegative | None = None
    """Maximum Port Hits (31.A.3); absent for a beach (N/A)."""
    intrinsic_sp: NonNegative
    """Intrinsic SP capacity (31.A.2)."""
    slp_cost: NonNegative | None = None
    """SLP cost (Table 1 #); absent for a beach."""
    max_nt_res: NonNegative
    """Maximum REs of NTs (Table 1; note #)."""
    heavy_equipment: HeavyEquipmentRule
    """Heavy equipment rule: full capacity, half (**), or none (jetty)."""
    artificial_harbour: bool = False
    """The type always has an artificial harbour (Mulberry *, 31.A.9, 31.A.12)."""
    naval_base: bool = False
    """Every port of this type is a naval base (great and major, 31.A.14)."""
    marshalling_yard_hits: Annotated[int, msgspec.Meta(ge=0)] = 0
    """At most this many RM hits on the port's marshalling yard (Table 1 note 3; RULINGS E14); 0: no yard."""
    rule: str
    note: str = ""


class PortLadder(DataModel):
    """The standard ladder of port types, smallest first (31.A.1, 31.A.7; RULINGS E2, E4)."""

    types: tuple[str, ...]
    rule: str
    note: str = ""


class HarbourHitMultiplier(DataModel):
    """Effective hits per hit inflicted, by harbour (31.A.9, 31.A.10; RULINGS E3)."""

    none: Cited
    artificial: Cited
    natural: Cited


class HeavyEquipmentShare(DataModel):
    """Share of a level's capacity open to heavy equipment, by rule (Table 1 **; RULINGS E7)."""

    full: Cited
    half: Cited
    none: Cited


class PortRules(DataModel):
    """Per-hit, per-level and per-NT figures of Table 1's notes and 31.A.5."""

    re_lost_per_hit: Cited
    """RE capacity lost per effective hit (note 5; RULINGS E3)."""
    hit_step: Cited
    """Smallest fraction of a Port Hit marker (31.A.10)."""
    intrinsic_sp_lost_per_hit: Cited
    """Intrinsic SP lost per effective hit (note 2; RULINGS E5)."""
    intrinsic_sp_lost_per_interdiction: Cited
    """Intrinsic SP lost per level of port interdiction (31.A.2; RULINGS E10)."""
    nt_rounding_step: Cited
    """Max REs of NTs round down to this step (note 2; RULINGS E6)."""
    slp_reduction_per_nt_re: Cited
    """SLP cost reduction per dedicated RE of NTs (note #; RULINGS E8)."""
    nt_res_per_army_hq: Cited
    """REs of NTs each Army HQ needs first (note 1; RULINGS E8)."""
    max_reduced_levels: Cited
    """A port may be Reduced one to this many levels (31.A.5)."""


class PortDestruction(DataModel):
    """Conditions and die roll for destroying a port on loss of ownership (31.A.6)."""

    die: str
    destroyed_on: tuple[int, ...]
    from_side: str
    to_side: str
    nations: tuple[str, ...]
    mainland_europe_only: bool
    theatres: tuple[str, ...]
    first_year: int
    last_year: int
    types: tuple[str, ...]
    rule: str
    note: str = ""


class PortTables(DataModel):
    """Every Europa port table, as loaded from one rule set file."""

    port_summary: dict[str, PortType]
    port_ladder: PortLadder
    harbour_hit_multiplier: HarbourHitMultiplier
    heavy_equipment_share: HeavyEquipmentShare
    port_rules: PortRules
    port_destruction: PortDestruction

    def ladder_row(self, level: int) -> tuple[str, PortType] | None:
        """The ladder type (id, row) of a size level, or None below level 0 (RULINGS E2)."""
        for type_id in self.port_ladder.types:
            row = self.port_summary[type_id]
            if row.level == level:
                return type_id, row
        return None


def load_port_tables(path: Path, raw: dict[str, Any] | None = None) -> PortTables:
    """Load and validate the port tables of 31.A from the rule set file at ``path``.

    Only the tables :class:`PortTables` names are read; other top-level tables
    (the turn sequence, anti-shipping tables, ...) belong to other loaders. Raises
    :class:`DataError` naming the file, table and key of the first problem.
    ``raw`` is the file already parsed.
    """
    return PORT_TABLES.load(path, raw)


def _check(tables: PortTables, file: str) -> None:
    """Cross-table checks msgspec cannot express: the ladder, and rows every port needs."""
    summary = tables.port_summary
    for type_id, row in summary.items():
        if row.kind == "port":
            for key in ("max_damage", "slp_cost"):
                if getattr(row, key) is None:
                    raise DataError(file, f"table port_summary, key {type_id}.{key}", "is required for a port")
    levels = []
    for type_id in tables.port_ladder.types:
        row = summary.get(type_id)
        if row is None or row.kind != "port":
            raise DataError(file, "table port_ladder, key types", f"names {type_id!r}, not a port in port_summary")
        levels.append(row.level)
    if levels != list(range(len(levels))):
        raise DataError(file, "table port_ladder, key types", f"levels {levels} must run 0, 1, 2, ... smallest first")
    for type_id in tables.port_destruction.types:
        if type_id not in summary:
            raise DataError(file, "table port_destruction, key types", f"names unknown port type {type_id!r}")
    for key in ("hit_step", "nt_rounding_step", "re_lost_per_hit"):
        if getattr(tables.port_rules, key).value <= 0:
            raise DataError(file, f"table port_rules, key {key}.value", "must be above 0")


PORT_TABLES: Tables[PortTables] = Tables(PortTables, _check)
"""The port tables of ``europa.toml`` (each field a top-level table; any other table is left alone)."""
