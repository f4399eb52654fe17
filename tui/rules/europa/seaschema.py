"""Europa sea tables (rule 33 and the rest of 31): the schema.

The sea zones and their Axis and Allied lines (33.B.10 Tables 2 and 3), the
conditions those lines name, the ANTI-SHIPPING TABLE (33.D, RULINGS E20), the
SHIPPING RESULTS TABLE (33.E), the cargo kinds, the SUCCESS TABLE (RULINGS
E22), Italian naval interference (33.B.2.b), the South Aegean interdiction
zone (33.B.7), the anti-shipping air modifiers (33.C, RULINGS E21), the
Mulberry tables (31.A.12) and the beach landing figures (31.B, RULINGS E9)
all live in ``data/rulesets/europa.toml``. Their cross-table checks are in
:mod:`.seacheck`; :mod:`.seatables` loads them with those checks.
"""

from __future__ import annotations

from typing import Literal, Union

from ..core.data import DataModel, Signed, SignedAmount

SIDES = ("axis", "allied")
CONDITION_KINDS = ("toggle", "number", "owned", "ever-owned", "zone-ports", "malta", "interference",
                   "interdiction", "interdiction-hits", "all", "any")
ASKED_KINDS = ("toggle", "number")
"""Condition kinds the referee answers (the app cannot know them)."""


class ConditionSpec(DataModel, kw_only=True):
    """A condition a sea zone line names (33.B.10): asked of the referee or derived from the app's state."""

    text: str
    kind: Literal["toggle", "number", "owned", "ever-owned", "zone-ports", "malta", "interference",
                  "interdiction", "interdiction-hits", "all", "any"]
    default: Union[bool, int, float] = False
    """The answer of an asked condition until the referee changes it (also used when a named port is not in the game)."""
    side: str = ""
    mode: Literal["count", "all", "any"] = "count"
    ports: list[list[str]] = []
    """Groups of port names; a group counts when every port in it is owned by ``side``."""
    zone: str = ""
    min_level: int = 0
    area: str = ""
    of: list[str] = []
    rule: str
    note: str = ""


class ZoneLine(DataModel, kw_only=True):
    """One line of a side's SEA ZONE EFFECTS TABLE (33.B.10)."""

    op: Literal["set", "add", "per", "of"] = "set"
    value: SignedAmount = 0.0
    when: str = ""
    flag: str = ""
    equals: Union[str, float, None] = None
    min: Union[float, None] = None
    max: Union[float, None] = None
    text: str
    rule: str
    note: str = ""


class SideTable(DataModel, kw_only=True):
    """One side's lines for one sea zone, and whether its shipping is barred or not subject there."""

    subject: bool = True
    barred: bool = False
    barred_if: str = ""
    barred_text: str = ""
    barred_rule: str = ""
    exempt_flag: str = ""
    exempt_text: str = ""
    lines: list[ZoneLine] = []
    rule: str
    note: str = ""


class SeaZoneSpec(DataModel, kw_only=True):
    """A sea zone (33.B) with both sides' tables."""

    name: str
    aliases: list[str] = []
    exists_when: str = ""
    interdiction: bool = False
    axis: SideTable
    allied: SideTable
    rule: str
    note: str = ""

    def side(self, side: str) -> SideTable:
        """The table of ``side``."""
        return self.axis if side == "axis" else self.allied


class ContactRow(DataModel, kw_only=True):
    """A row of the ANTI-SHIPPING TABLE as printed, and what its missing columns are (RULINGS E20)."""

    printed: str
    pad: Literal["C", "-"]
    note: str = ""


class ContactTable(DataModel, kw_only=True):
    """33.D Table 5 (2d6)."""

    dice: str
    first_column: int
    last_column: int
    rows: dict[str, ContactRow]
    rule: str
    note: str = ""

    def contact(self, roll: int, nsn: int) -> bool:
        """Whether ``roll`` at naval status number ``nsn`` contacts (33.D; RULINGS E20 clamps the column)."""
        column = min(max(nsn, self.first_column), self.last_column) - self.first_column
        return self.grid()[str(roll)][column]

    def grid(self) -> dict[str, list[bool]]:
        """Every row padded to the full width (RULINGS E20)."""
        width = self.last_column - self.first_column + 1
        out = {}
        for die, row in self.rows.items():
            cells = row.printed.split()
            cells += [row.pad] * (width - len(cells))
            out[die] = [c == "C" for c in cells]
        return out


class ResultEffect(DataModel, kw_only=True):
    """What a SHIPPING RESULTS TABLE result does (33.E 1-4)."""

    name: str
    text: str
    returned: bool = False
    res_lost: float = 0.0
    fraction_lost: float = 0.0
    naval_damage: int = 0
    rule: str
    note: str = ""


class ShippingResults(DataModel, kw_only=True):
    """33.E Table 6 (1d6): rows by die, columns sp/outside/loose/tight."""

    die: str
    columns: dict[str, str]
    rows: dict[str, dict[str, str]]
    effects: dict[str, ResultEffect]
    rule: str
    note: str = ""


class CargoKind(DataModel, kw_only=True):
    """Something checked for anti-shipping (33.A): its results column and its NSN modifier (33.D)."""

    name: str
    column: Literal["sp", "unit"]
    increment: float = 0.0
    modifier: Signed = 0
    modifier_text: str = ""
    modifier_rule: str = ""
    rule: str
    note: str = ""


class SuccessBand(DataModel, kw_only=True):
    """Modified rolls up to ``upto`` (None: everything higher) give ``result``."""

    upto: Union[int, None] = None
    result: str


class SuccessTable(DataModel, kw_only=True):
    """The SUCCESS TABLE (RULINGS E22: an assumption; the letter may always be typed)."""

    die: str
    letters: list[str]
    bands: list[SuccessBand]
    rule: str
    note: str = ""

    def result(self, total: int) -> str:
        """The letter for a modified roll."""
        for band in self.bands:
            if band.upto is None or total <= band.upto:
                return band.result
        return self.bands[-1].result

    def letter(self, text: str) -> str | None:
        """The table letter ``text`` names (any case), or None."""
        wanted = text.strip().upper()
        return next((x for x in self.letters if x.upper() == wanted), None)


class InterferenceResult(DataModel, kw_only=True):
    """A result of ITALIAN NAVAL INTERFERENCE (33.B.2.b Table 1)."""

    name: str
    level: Literal["minor", "partial", "major"]
    vps: float = 0.0
    text: str
    rule: str
    note: str = ""


class InterferenceModifier(DataModel, kw_only=True):
    """A cumulative modifier from the history of attempts; ``within_turns`` 0 = ever."""

    result: str
    value: Signed
    within_turns: int = 0
    text: str
    rule: str
    note: str = ""


class InterferenceArea(DataModel, kw_only=True):
    """Where one attempt applies (E Med and Aegean together; the Red Sea)."""

    name: str
    zones: list[str]
    modifier: Signed = 0
    modifier_text: str = ""
    vp_divisor: float = 1.0
    requires: str = ""
    requires_text: str = ""
    rule: str
    note: str = ""


class ItalianInterference(DataModel, kw_only=True):
    """33.B.2.b, 33.B.7.a, 33.B.8.b."""

    window_turns: int
    vp_side: str
    results: dict[str, InterferenceResult]
    modifiers: list[InterferenceModifier]
    areas: dict[str, InterferenceArea]
    rule: str
    note: str = ""


class Requirement(DataModel, kw_only=True):
    """One of the conditions a)-d) of 33.B.7: a condition, or a side's NSN in a zone at least ``min``."""

    when: str = ""
    zone: str = ""
    side: str = ""
    min: Union[float, None] = None
    text: str
    rule: str
    note: str = ""


class InterdictionZoneSpec(DataModel, kw_only=True):
    """33.B.7 South Aegean naval interdiction zone."""

    zone: str
    aa_per_hex: int
    kinds: dict[str, str]
    requires: list[Requirement]
    rule: str
    note: str = ""


class Factor(DataModel, kw_only=True):
    """A multiplier with its text and rule."""

    value: float
    text: str
    rule: str
    note: str = ""


class Modifier(DataModel, kw_only=True):
    """A die roll modifier (either sign) with its text and rule."""

    value: SignedAmount
    text: str
    rule: str
    note: str = ""


class AntiShippingAir(DataModel, kw_only=True):
    """33.C Table 4 (RULINGS E21)."""

    short_range: float
    short_factor: float
    long_range: float
    long_factor: float
    outside_box: float
    rounding: Literal["down", "nearest", "none"] = "down"
    types: dict[str, Factor]
    missions: dict[str, Factor]
    rule: str
    note: str = ""


class MulberryResult(DataModel, kw_only=True):
    """31.A.12 Table 2 MULBERRY EMPLACEMENT results."""

    name: str
    text: str
    emplaced: bool
    usable_now: bool = True
    double: bool = False
    tow_hits: int = 0
    rule: str
    note: str = ""


class MulberrySpec(DataModel, kw_only=True):
    """31.A.12: towing limits and the emplacement modifiers."""

    tow_steps: int
    tow_seas: list[str]
    free_mps: int
    mp_step: int
    per_step: Signed
    clear_hex: int
    clear_adjacent: int
    sea: dict[str, Modifier]
    results: dict[str, MulberryResult]
    rule: str
    note: str = ""


class LcDamage(DataModel, kw_only=True):
    """31.B.3: damage to LCs/LBs unloading at a beach, by SUCCESS TABLE letter."""

    damage: int
    text: str
    rule: str
    note: str = ""


class BeachLanding(DataModel, kw_only=True):
    """31.B.2-31.B.4 (RULINGS E9)."""

    heavy_equipment_factor: float
    supply_loss: float
    lc_damage: dict[str, LcDamage]
    rule: str
    note: str = ""


class JettyTransports(DataModel, kw_only=True):
    """31.A.13: NTs, LCs and LBs on a beach act as jetties for intrinsic supply."""

    port_type: str
    rule: str
    note: str = ""


class SeaTables(DataModel, kw_only=True):
    """Every table of 33 and of 31.A.8-31.B, as loaded from one rule set file."""

    sea_conditions: dict[str, ConditionSpec]
    sea_zones: dict[str, SeaZoneSpec]
    anti_shipping_table: ContactTable
    shipping_results: ShippingResults
    cargo_kinds: dict[str, CargoKind]
    success_table: SuccessTable
    italian_interference: ItalianInterference
    interdiction_zone: InterdictionZoneSpec
    anti_shipping_air: AntiShippingAir
    mulberry: MulberrySpec
    beach_landing: BeachLanding
    jetty_transports: JettyTransports
