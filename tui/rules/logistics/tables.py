"""Victory Logistics tables (seed 002): schema and loader.

Every number the Logistics rules use lives in ``data/rulesets/logistics.toml``:
the storm's dice, directions, area and Mulberry losses (Storms ¶2-¶4,
Mulberries ¶3; RULINGS L1, L2), the airfield and Mulberry costs, basing and
hits (Airfields ¶1-¶6, Mulberries ¶1-¶2), the destruction markers (Destruction
¶1-¶3; RULINGS L5), the factories (Factories ¶1-¶7; RULINGS L4), the initiative
roll (RULINGS L3) and the optional building rules. Each value cites its
paragraph in ``rule``; ``note`` names the ruling where one decides it.
:func:`load_tables` validates them; an error names the file, table and key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.cited import CitedCount, CitedFlag, CitedText, Count
from ..core.cited import CitedNames as CitedWords
from ..core.cited import TwoSides as Players
from ..core.data import DataModel
from ..core.dice import DiceSpec
from ..core.errors import DataError, RuleError
from ..core.hexgrid import DIRECTIONS
from ..core.loader import Tables


class Terrain(DataModel):
    """The terrain kinds a hex may have (Airfields ¶3)."""

    kinds: list[str]
    rule: str
    note: str = ""


class AdjacentRoll(DataModel):
    """A roll and the faces that destroy (Mulberries ¶3; RULINGS L2)."""

    dice: str
    destroyed_on: list[int]
    rule: str
    note: str = ""


class StormRules(DataModel):
    """Storms ¶2-¶4, Mulberries ¶3 (RULINGS L1, L2)."""

    dice: CitedText
    directions: CitedWords
    area_radius: CitedCount
    off_map: CitedText
    retreat_loss_cv: CitedCount
    mulberry_under: CitedText
    mulberry_adjacent: AdjacentRoll


class AirUnits(DataModel):
    """Air units that can operate from an airfield, and from a City or Town (Airfields ¶2: "same as a City or Town")."""

    minor: Count
    major: Count
    rule: str
    city: Count = 2
    note: str = ""


class AirfieldRules(DataModel):
    """Airfields ¶1-¶6."""

    build_cost_cv: CitedCount
    upgrade_cost_cv: CitedCount
    air_units: AirUnits
    forbidden_terrain: CitedWords
    hits_to_reduce: CitedCount
    capture_delay_turns: CitedCount
    supply_source: CitedFlag


class MulberryRules(DataModel):
    """Mulberries ¶1-¶2."""

    cost_cv: CitedCount
    port_capacity: CitedCount
    coastal_only: CitedFlag
    hits_to_destroy: CitedCount
    capture_delay_turns: CitedCount


class DestructionRules(DataModel):
    """Destruction ¶1-¶3 (RULINGS L5)."""

    targets: CitedWords
    hits_to_destroy: CitedCount
    rebuild_cost_cv: CitedCount
    bridge_needs_both_friendly: CitedFlag


class Builds(DataModel):
    """What each factory kind builds (Factories ¶3)."""

    air: list[str]
    navy: list[str]
    army: list[str]
    rule: str
    note: str = ""


class Defence(DataModel):
    """A factory's intrinsic defence (Factories ¶4)."""

    value: str
    fires: str
    rule: str
    note: str = ""


class FactoryRules(DataModel):
    """Factories ¶1-¶7 (RULINGS L4)."""

    kinds: CitedWords
    coastal_only: CitedWords
    builds: Builds
    exchange_to_pp: CitedCount
    defence: Defence
    min_pp: CitedCount
    growth_pp: CitedCount
    resources: CitedText


class InitiativeRules(DataModel):
    """The initiative roll (RULINGS L3)."""

    dice: CitedText
    winner_moves_first: CitedFlag


class OptionalRule(DataModel):
    """One optional building rule: the unit it lets which factories build."""

    default: bool
    unit: str
    factories: list[str]
    rule: str
    note: str = ""


class LogisticsTables(DataModel, kw_only=True):
    """Every Logistics table, as loaded from one rule set file."""

    players: Players
    terrain: Terrain
    storm: StormRules
    airfields: AirfieldRules
    mulberries: MulberryRules
    destruction: DestructionRules
    factories: FactoryRules
    initiative: InitiativeRules
    optional: dict[str, OptionalRule]

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in data order."""
        return tuple(self.players.sides)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The factory kinds (air, navy, army)."""
        return tuple(self.factories.kinds.value)

    def builds(self, kind: str) -> list[str]:
        """The units factory ``kind`` builds without optional rules (Factories ¶3)."""
        return list(getattr(self.factories.builds, kind))


def load_tables(path: Path, raw: dict[str, Any] | None = None) -> LogisticsTables:
    """Load and validate the Logistics tables from ``path`` (or its parsed ``raw``); errors name file, table, key."""
    return LOGISTICS_TABLES.load(path, raw)


def _check(t: LogisticsTables, file: str) -> None:
    """What the schema cannot say: dice that read, six directions, known kinds."""
    for table, key, spec in (("storm", "dice.value", t.storm.dice.value), ("storm", "mulberry_adjacent.dice", t.storm.mulberry_adjacent.dice),
                             ("initiative", "dice.value", t.initiative.dice.value)):
        try:
            DiceSpec.parse(spec)
        except RuleError as exc:
            raise DataError(file, f"table {table}, key {key}", str(exc)) from None
    if DiceSpec.parse(t.storm.dice.value).count != 2:
        raise DataError(file, "table storm, key dice.value", "needs two dice: the direction die, then the distance die (Storms ¶4)")
    if sorted(t.storm.directions.value) != sorted(DIRECTIONS) or len(t.storm.directions.value) != 6:
        raise DataError(file, "table storm, key directions.value", f"must name the six directions {', '.join(DIRECTIONS)} once each")
    if t.storm.off_map.value != "centre":
        raise DataError(file, "table storm, key off_map.value", "only 'centre' is known (RULINGS L1)")
    if len(set(t.sides)) != 2 or any(not s or s != s.lower() or " " in s for s in t.sides):
        raise DataError(file, "table players, key sides", "must be two distinct lower-case names without spaces")
    if set(t.kinds) != {"air", "navy", "army"}:
        raise DataError(file, "table factories, key kinds.value", "must be air, navy and army")
    for kind in t.factories.coastal_only.value:
        if kind not in t.kinds:
            raise DataError(file, "table factories, key coastal_only.value", f"'{kind}' is not a factory kind")
    for bad in t.airfields.forbidden_terrain.value:
        if bad not in t.terrain.kinds:
            raise DataError(file, "table airfields, key forbidden_terrain.value", f"'{bad}' is not a terrain kind")
    for name, opt in t.optional.items():
        for kind in opt.factories:
            if kind not in t.kinds:
                raise DataError(file, f"table optional, key {name}.factories", f"'{kind}' is not a factory kind")
    if t.factories.resources.value != "one-kind":
        raise DataError(file, "table factories, key resources.value", "only 'one-kind' is known (RULINGS L4)")


LOGISTICS_TABLES: Tables[LogisticsTables] = Tables(LogisticsTables, _check)
"""The tables of ``logistics.toml`` (each field a top-level table; ``[sequence]`` is the phase machine's)."""
