"""OCS tables (rule 19.0 Ports and Shipping): schema and loader.

Every number the OCS calculators use lives in ``data/rulesets/ocs.toml``:
Tokens per SP (19.0a), the generic hit effect and the 4-hit maximum (19.0b,
RULINGS O1), the once-a-turn limits of voluntary reduction and repair and the
repair cost (19.0c, 19.0d, RULINGS O2), the supply-source threshold (19.0e)
and the cargo one Sea Cap point moves (19.0f). Each value cites its rule in
``rule``; ``note`` names the ruling that decides it where one does.
:func:`load_tables` validates them; any error names the file, table and key.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import msgspec

from ..core.cited import CitedCount, CitedShare
from ..core.data import DataModel
from ..core.errors import DataError, RuleError
from ..core.loader import Tables
from .amounts import amount_from_data

AmountData = Union[int, float, str]
"""An amount in a data file: a number of SP (``1``, ``1.5``) or a string as players write it (``"3 SP 2T"``)."""


class CitedHalves(DataModel):
    """Which way an exact half Token rounds when capacity is rounded to the nearest Token (19.0b)."""

    value: Literal["up", "down"]
    rule: str
    note: str = ""


class CitedAmount(DataModel):
    """An amount of SP and Tokens (``1`` SP, ``"1 SP"``, ``"2T"``) with its rule."""

    value: AmountData
    rule: str
    note: str = ""


class Players(DataModel):
    """The two sides of the game; which one moves first is decided each turn (sequence of play)."""

    sides: Annotated[list[str], msgspec.Meta(min_length=2)]
    rule: str = ""
    note: str = ""


class CapacityRules(DataModel):
    """19.0a: capacity is counted in SP and Tokens."""

    tokens_per_sp: CitedCount


class DamageRules(DataModel):
    """19.0b: hits and their effect on capacity (RULINGS O1)."""

    max_hits: CitedCount
    hit_share: CitedShare
    halves: CitedHalves


class ReductionRules(DataModel):
    """19.0c: voluntary reduction (RULINGS O2)."""

    hits_per_turn: CitedCount
    min_re: CitedCount


class RepairRules(DataModel):
    """19.0d: repair (RULINGS O2)."""

    hits_per_turn: CitedCount
    cost_per_hit: CitedAmount


class SupplySourceRules(DataModel):
    """19.0e: a port named as a supply source keeps that ability only at this capacity or more."""

    min_capacity: CitedAmount


class SeaCapRules(DataModel):
    """19.0f: what one point of Shipping Allowance moves."""

    cargo_per_point: CitedAmount


class OcsTables(DataModel, kw_only=True):
    """Every OCS table, as loaded from one rule set file; amounts are also kept in Tokens."""

    players: Players
    capacity: CapacityRules
    damage: DamageRules
    voluntary_reduction: ReductionRules
    repair: RepairRules
    supply_source: SupplySourceRules
    sea_cap: SeaCapRules

    @property
    def per_sp(self) -> int:
        """Tokens in one SP (19.0a)."""
        return self.capacity.tokens_per_sp.value

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in data order."""
        return tuple(self.players.sides)

    @property
    def hit_share(self) -> Fraction:
        """The share of the undamaged capacity one hit takes away, exactly (19.0b; RULINGS O1)."""
        return Fraction(str(self.damage.hit_share.value))

    def tokens(self, amount: CitedAmount) -> int:
        """A cited amount in Tokens (validated when the tables load)."""
        return amount_from_data(amount.value, self.per_sp, "amount")


def load_tables(path: Path, raw: dict[str, Any] | None = None) -> OcsTables:
    """Load and validate the OCS tables from the rule set file at ``path`` (or its parsed ``raw``).

    Raises :class:`DataError` naming the file, table and key of the first problem.
    """
    return OCS_TABLES.load(path, raw)


def _check(tables: OcsTables, file: str) -> None:
    """Checks msgspec cannot express: a Token count above 0, amounts that read, distinct sides."""
    if tables.per_sp < 1:
        raise DataError(file, "table capacity, key tokens_per_sp.value", "must be 1 or more")
    if len(set(tables.sides)) != len(tables.sides) or any(not s or s != s.lower() or " " in s for s in tables.sides):
        raise DataError(file, "table players, key sides", "must be distinct lower-case names without spaces")
    if tables.damage.max_hits.value < 1:
        raise DataError(file, "table damage, key max_hits.value", "must be 1 or more")
    for table, key, amount in (
        ("repair", "cost_per_hit", tables.repair.cost_per_hit),
        ("supply_source", "min_capacity", tables.supply_source.min_capacity),
        ("sea_cap", "cargo_per_point", tables.sea_cap.cargo_per_point),
    ):
        try:
            tokens = tables.tokens(amount)
        except RuleError as exc:
            raise DataError(file, f"table {table}, key {key}.value", str(exc)) from None
        if key == "cargo_per_point" and tokens < 1:
            raise DataError(file, f"table {table}, key {key}.value", "must be above 0")


OCS_TABLES: Tables[OcsTables] = Tables(OcsTables, _check)
"""The tables of ``ocs.toml`` (each field a top-level table; ``[sequence]`` is the phase machine's)."""
