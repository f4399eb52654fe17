"""AWAW tables (seed 004, chapter 21 Naval Operations): schema and loader.

Every number the AWAW calculators use lives in ``data/rulesets/awaw.toml``:
the powers and their sides, the naval unit types and what they count as,
basing capacity by kind of base (21.11-21.114), fronts and theaters with their
hex limits (21.13, 21.223, 21.23D, 21.33, 21.361x), the employment limits
(21.312, 21.313), the mapboard boxes' restrictions (21.14-21.18, 21.413), the
straits (21.211-21.213), winter turns (21.5151) and harbor attacks (21.44x).
:func:`load_tables` validates them; an error names the file, table and key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from ..core.cited import CitedCount, CitedNames
from ..core.cited import TwoSides as Players
from ..core.data import DataModel
from ..core.errors import DataError
from ..core.loader import Tables

CATEGORIES = ("fleet", "carrier", "cve", "destroyer", "submarine", "asw", "transport")
"""What a naval unit counts as in chapter 21's requirements."""


class Power(DataModel):
    """A major power (or a minor naval nation) and its side."""

    name: str
    side: str
    bloc: str = ""
    """``western-allies`` or ``european-axis`` where a rule names the bloc (21.422, 21.423, 21.64)."""
    note: str = ""


class UnitType(DataModel):
    """A naval unit type: its category, how many ships a counter is (0: one per factor), basing."""

    name: str
    category: Literal["fleet", "carrier", "cve", "destroyer", "submarine", "asw", "transport"]
    rule: str
    ships: Annotated[int, msgspec.Meta(ge=0)] = 0
    capital: bool = False
    basing: bool = True
    note: str = ""


class BaseKind(DataModel):
    """What one kind of base holds: a capacity in naval factors, or unlimited (21.114)."""

    name: str
    rule: str
    capacity: Annotated[int, msgspec.Meta(ge=0)] = 0
    unlimited: bool = False
    note: str = ""


class Front(DataModel):
    """A front and the theater it is in (21.13)."""

    name: str
    theater: str
    note: str = ""


class Theater(DataModel):
    """The hex limits of a theater: Europe 40/20, the Pacific 20/10 (21.223, 21.23D, 21.33, 21.361x)."""

    name: str
    base_change: Annotated[int, msgspec.Meta(gt=0)]
    displacement: Annotated[int, msgspec.Meta(gt=0)]
    offensive: Annotated[int, msgspec.Meta(gt=0)]
    interception: Annotated[int, msgspec.Meta(gt=0)]
    port_every: Annotated[int, msgspec.Meta(gt=0)]
    return_to_base: Annotated[int, msgspec.Meta(gt=0)]
    rule: str
    note: str = ""


class Employment(DataModel):
    """21.312 (TF threshold), 21.313 (fast fleet factors per fast carrier factor, and which categories are fleet
    factors), 21.3617."""

    task_force_min: CitedCount
    fast_fleet_per_carrier: CitedCount
    small_port_range: CitedCount
    fleet_categories: CitedNames
    """The categories whose factors are fleet factors for 21.313 (fleets and destroyers: 21.5281-21.5282, 21.5342C)."""


class Box(DataModel):
    """A mapboard box's restrictions (21.14-21.18, 21.413)."""

    rule: str
    patrol: bool = True
    intercept: bool = True
    offensive: bool = True
    only: str = ""
    edge: Annotated[int, msgspec.Meta(ge=0)] = 0
    rebase_with: list[str] = []
    """21.214: the only bases units may change base to or from (``front:F``, ``group:G`` or a name); [] = any."""
    note: str = ""


Need = Literal["friendly", "friendly-or-neutral"]


class Strait(DataModel):
    """A strait (21.211 A-I), the Turkish Straits (21.1323), the Kiel canal (21.1321), Suez (21.212)."""

    id: str
    name: str
    hexes: list[str]
    need: Need
    rule: str
    also: list[str] = []
    also_need: Need = "friendly"
    sides: dict[str, list[str]] = {}
    """Its two sides (21.2111), each listing the bases on it by name or by front (a name wins over a front); a base
    on the fronts of both sides, or on neither, is on no known side."""
    note: str = ""


class Rivers(DataModel):
    """21.213: naval movement through rivers."""

    passable: bool
    rule: str
    note: str = ""


class Seasons(DataModel):
    """21.5151: which seasons are winter turns."""

    winter: list[str]
    rule: str
    note: str = ""


class Harbor(DataModel):
    """21.442, 21.444: who starts with a harbor attack and how many; A2 result choices."""

    initial_power: str
    initial_attacks: Annotated[int, msgspec.Meta(ge=0)]
    rule: str
    results: list[str] = []
    results_note: str = ""
    note: str = ""


class Submarines(DataModel):
    """21.4184C, E: submarine patrols at sea in the opposing player turn."""

    sw_power: str
    """The power whose submarine warfare in ``sw_box`` keeps its submarines off ``front`` (21.4184E)."""
    sw_box: str
    front: str
    rule: str
    attackers: list[str]
    """What may attack patrolling submarines in the opposing player turn (21.4184C)."""
    note: str = ""


class PortConstruction(DataModel):
    """21.121-21.124: who may build port counters, from when, how many, at what cost."""

    powers: list[str]
    from_year: int
    per_year: Annotated[int, msgspec.Meta(ge=0)]
    per_turn: Annotated[int, msgspec.Meta(ge=0)]
    rps: Annotated[int, msgspec.Meta(ge=0)]
    brps: Annotated[int, msgspec.Meta(ge=0)]
    rule: str
    barred_groups: list[str] = []
    """Island groups where no port may be built (21.121C: the Aleutians), as ``--group`` names them."""
    note: str = ""


class Uninversion(DataModel):
    """21.71, 33.7 (RULINGS A4)."""

    rule: str
    note: str = ""


class RangeKind(DataModel):
    """One kind of range check (21.361x): which theater limit caps it, and whether ports must be touched."""

    name: str
    limit: Literal["", "base_change", "displacement", "offensive", "interception", "return_to_base"]
    port_every: bool
    rule: str
    note: str = ""


class RangeException(DataModel):
    """A listed exception to the range limits (21.361, 21.3615, 21.3616)."""

    name: str
    rule: str
    first_leg: Annotated[int, msgspec.Meta(ge=0)] = 0
    unlimited: bool = False
    powers: list[str] = []
    """The powers whose naval units may use it ([] = any)."""
    begins: list[str] = []
    """Where the activity must begin: base names or ``group:G`` (the base's island group); [] = anywhere."""
    held: list[str] = []
    """Places the acting side must control (the scenario's ``[hex_control]`` or a base of that name, when recorded)."""
    note: str = ""


class IndianOcean(DataModel):
    """21.215: the ports from which naval units move to the Indian Ocean boxes under the unprinted special rules."""

    ports: list[str]
    boxes: list[str]
    rule: str
    note: str = ""


class SmallPorts(DataModel):
    """21.3617: ports that meet 21.36C only within a few hexes."""

    ports: list[str]
    rule: str
    note: str = ""


class AwawTables(DataModel, kw_only=True):
    """Every AWAW chapter 21 table of ``awaw.toml``."""

    players: Players
    powers: dict[str, Power]
    unit_types: dict[str, UnitType]
    base_kinds: dict[str, BaseKind]
    fronts: dict[str, Front]
    theaters: dict[str, Theater]
    employment: Employment
    boxes: dict[str, Box]
    straits: list[Strait]
    rivers: Rivers
    seasons: Seasons
    harbor: Harbor
    submarines: Submarines
    uninversion: Uninversion
    port_construction: PortConstruction
    ranges: dict[str, RangeKind]
    range_exceptions: dict[str, RangeException]
    range_small_ports: SmallPorts
    indian_ocean: IndianOcean | None = None
    """21.215 (absent in an older house-rule file: no reminder)."""

    @property
    def sides(self) -> tuple[str, ...]:
        """The two sides, in data order."""
        return tuple(self.players.sides)

    def side_of(self, power: str) -> str:
        """The side of a power; "neutral" (or any unknown name) has none and gives ""."""
        p = self.powers.get(power)
        return p.side if p else ""

    def is_winter(self, turn_label: str) -> bool:
        """21.5151: whether a turn (``Winter 1942``) is a winter turn."""
        return turn_label.split()[0] in self.seasons.winter if turn_label else False

    def theater_of(self, front: str) -> Theater:
        """The theater limits of a front."""
        return self.theaters[self.fronts[front].theater]


BASE_KINDS = ("port", "two-port", "port-counter", "box", "sw-box")
"""The kinds of base the world model knows (21.11, 21.111, 21.12, 21.114, 25.3)."""


def load_tables(path: Path, raw: dict[str, Any] | None = None) -> AwawTables:
    """Load and validate the AWAW tables from ``path`` (or its parsed ``raw``); errors name file/table/key."""
    return AWAW_TABLES.load(path, raw)


def _check(t: AwawTables, file: str) -> None:
    """Cross-references msgspec cannot express."""
    for key, power in t.powers.items():
        if power.side not in t.sides:
            raise DataError(file, f"table powers, key {key}.side", f"'{power.side}' is not a side ({', '.join(t.sides)})")
    for key, front in t.fronts.items():
        if front.theater not in t.theaters:
            raise DataError(file, f"table fronts, key {key}.theater", f"'{front.theater}' is not a theater ({', '.join(t.theaters)})")
    for kind in BASE_KINDS:
        if kind not in t.base_kinds:
            raise DataError(file, "table base_kinds", f"needs the kind '{kind}'")
    for key, kind in t.base_kinds.items():
        if not kind.unlimited and kind.capacity == 0:
            raise DataError(file, f"table base_kinds, key {key}.capacity", "needs a capacity above 0 (or unlimited = true)")
    if t.submarines.sw_power not in t.powers:
        raise DataError(file, "table submarines, key sw_power", f"'{t.submarines.sw_power}' is not a power")
    if t.submarines.front not in t.fronts:
        raise DataError(file, "table submarines, key front", f"'{t.submarines.front}' is not a front")
    if t.harbor.initial_power not in t.powers:
        raise DataError(file, "table harbor, key initial_power", f"'{t.harbor.initial_power}' is not a power")
    for key, exc in t.range_exceptions.items():
        for i, power in enumerate(exc.powers):
            if power not in t.powers:
                raise DataError(file, f"table range_exceptions, key {key}.powers.{i}", f"'{power}' is not a power")
    for i, category in enumerate(t.employment.fleet_categories.value):
        if category not in CATEGORIES:
            raise DataError(file, f"table employment, key fleet_categories.value.{i}",
                            f"'{category}' is not a category ({', '.join(CATEGORIES)})")
    ids = [s.id for s in t.straits]
    if len(set(ids)) != len(ids):
        raise DataError(file, "table straits", "strait ids must be distinct")


AWAW_TABLES: Tables[AwawTables] = Tables(AwawTables, _check)
"""The chapter 21 tables of ``awaw.toml`` (each field a top-level table; ``[sequence]`` is the phase machine's)."""
