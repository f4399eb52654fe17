"""AWAW naval operations tables (seed 004, 21.42-21.6): schema and loader.

Every number the operations calculators use (``supply``, ``transport``,
``invasion``, ``bombardment``, ``raiders``, ``carriers``, ``escort``) lives in
``data/rulesets/awaw-operations.toml``, each value citing its rule and, where
the seed is silent, a ``note`` marking the assumption (RULINGS A2) or the
ruling it follows (A1, A3). :func:`load_ops_tables` validates the file; any
error names the file, the table and the key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec

from ..core.cited import CitedCount as Cited
from ..core.cited import CitedNames, CitedPositive, CitedShare, CitedText, Count, Positive
from ..core.data import DataModel, Signed
from ..core.errors import DataError
from ..core.loader import Tables


class TheaterRange(DataModel):
    """A distance limit in hexes per theater (21.36, RULINGS A1)."""

    europe: Positive
    pacific: Positive
    rule: str
    note: str = ""

    def of(self, theater: str) -> int:
        """The limit in ``theater`` (``europe`` or ``pacific``)."""
        return self.pacific if theater == "pacific" else self.europe


class Powers(DataModel):
    """Which powers are the European Axis and the Western Allies."""

    european_axis: CitedNames
    western_allies: CitedNames


class Groups(DataModel):
    """Named groups of places the rules list (21.433B, D-F), by base name."""

    hawaiian_islands: CitedNames
    society_islands: CitedNames
    indian_ocean_ports: CitedNames


class SupplyRules(DataModel):
    """21.42, 21.56: sea supply from boxes, oil shipments, BRP grants."""

    box_line_transports: Cited
    oil_transports_per_counter: Cited
    oil_destroyers_per_counter: Cited
    oil_by_transports: CitedNames
    oil_by_destroyers: CitedNames
    brp_grant_powers: CitedNames
    brps_per_transport: CitedPositive
    protect_only_from_box: CitedNames
    """21.14E, 21.15E, 21.18B: boxes whose naval units protect only sea supply and NRs traced from the box."""
    us_war_protection: CitedNames
    """21.14E: boxes whose American naval units protect (towards Britain) only once the U.S. is at war with Germany."""


class Route(DataModel):
    """One permitted sea transport route between a mapboard box and places (21.433)."""

    box: str
    places: list[str]
    sw_box: str
    rule: str
    note: str = ""


class TransportRules(DataModel):
    """21.434 requirements and the 21.433 routes."""

    destroyers_per_factor: Cited
    box_destroyers_per_factor: Cited
    factors_per_transport: CitedPositive
    routes: list[Route]
    beach_islands: CitedNames
    """21.37B: islands without port access used through their beach hexes as though they were ports."""


class Occupation(DataModel):
    """21.517J: how many units may occupy an invasion hex."""

    nonspecialized: Count
    specialized: Count
    pacific_island: Count
    pacific_island_port: Count
    rule: str
    note: str = ""


class Aleutians(DataModel):
    """21.512C, 21.5151B: the Aleutian islands, and Japan's invasion of Dutch Harbor from Japan."""

    islands: list[str]
    """The Aleutian islands (21.5151B: no winter invasion of any of them)."""
    target: str
    """Dutch Harbor: Japan invading it from Japan must hold and fully supply another Aleutian island (21.512C)."""
    power: str
    from_bases: list[str]
    """The bases that count as "from Japan" (names, or ``group:G`` for a base whose island group is G)."""
    rule: str
    note: str = ""


class InvasionRules(DataModel):
    """21.51x seaborne invasions."""

    undefended_destroyers_per_factor: Cited
    defended_destroyers_per_factor: Cited
    box_destroyers_per_factor: Cited
    box_factors_per_transport: CitedPositive
    eligible_hexes: CitedNames
    commando_min_ctl: Cited
    commando_range: TheaterRange
    no_invasion_bases: CitedNames
    box_routes: CitedNames
    prohibited_from: CitedNames
    winter_fronts: CitedNames
    min_odds: CitedPositive
    naval_presence_factors: CitedPositive
    presence_not_counted: CitedNames
    presence_exempt_bases: CitedNames
    max_sea_attackers: Cited
    sea_attack_exempt: CitedNames
    defender_dm: Cited
    marine_share: CitedShare
    defensive_air_multiplier: CitedPositive
    ground_support_multiple: CitedPositive
    occupation: Occupation
    exploit_min_ctl: Cited
    exploit_ctl_reduction: Cited
    aleutians: Aleutians


class DrmCap(DataModel):
    """21.526 A-C: bombardment cap for a Naval Nationality DRM (the last row is "or more")."""

    drm: Count
    multiple: Count
    rule: str
    note: str = ""


class BoxRules(DataModel):
    """Which mapboard boxes may send a mission (21.523, 21.553)."""

    permitted: list[str]
    with_invasion_from_box: list[str]
    prohibited: list[str]
    rule: str
    note: str = ""


class BombardmentRules(DataModel):
    """21.52x shore bombardment."""

    naval_factors_per_combat_factor: CitedPositive
    drm_caps: Annotated[list[DrmCap], msgspec.Meta(min_length=1)]
    mixed_drms: CitedText
    max_multiple: Cited
    box_rules: BoxRules
    destroyer_loss_per_factor: CitedPositive
    cruiser_loss_factors: CitedPositive
    heavy_ship_loss_factors: CitedPositive
    barred_per_factor_lost: Cited


class Origin(DataModel, kw_only=True):
    """Where a power may raid an SW box from (21.532B-D)."""

    sw_box: str
    powers: list[str]
    places: list[str]
    per_base: Count
    condition: str = ""
    rule: str
    note: str = ""


class SetupRaiders(DataModel):
    """21.5331: raiders Germany may place in an SW box at its opening setup; they must raid, paying BRPs each."""

    ships: list[str]
    """Ids or names of the ships (any case)."""
    power: str
    sw_box: str
    turn: str
    """The turn in whose combat phase they raid (``Fall 1939``)."""
    brps_each: Count
    rule: str
    note: str = ""


class RaidFront(DataModel):
    """21.531C: the front a raid's BRPs are paid on (the seed's list is missing; proposed ruling A15)."""

    by_sw_box: dict[str, str]
    """The front for raids into each SW box when the base of origin does not decide it."""
    rule: str
    note: str = ""


class RaiderRules(DataModel):
    """21.532 raider groups and 21.5342G defending boxes."""

    eligible_types: CitedNames
    max_ships: CitedPositive
    max_fast_carriers: Cited
    origins: list[Origin]
    defender_boxes: dict[str, Any]
    setup: SetupRaiders
    brp_front: RaidFront
    direct_from: CitedNames
    """21.533D: ports whose raiders move directly to the Atlantic SW box, free of on-board interception."""


class RaiderBox(DataModel):
    """The Raider Table's modifiers for one SW box."""

    sw_box: str
    us_at_war_with_germany: Count
    singapore_raiders: Count
    cves_per_step: Positive
    max_cve_steps: Count
    search_air_counts: bool
    codebreaking: str
    rule: str
    note: str = ""


class RaiderShip(DataModel):
    """One line of the Raider Table's ship types (21.5342): a die face and the ship it sends."""

    face: Annotated[int, msgspec.Meta(ge=1, le=6)]
    text: str
    types: list[str]
    factors: Count
    note: str = ""


class RaiderTable(DataModel, kw_only=True):
    """The printed part of the Raider Table (21.5342; RULINGS A2)."""

    automatic: Signed
    per_additional_group: Count
    three_ships: Count
    per_air_range_result: Count
    codebreaking: Count
    escape_at_most: int
    rule: str
    note: str = ""
    singapore_power: str = "japan"
    """Whose raiders based in ``singapore_bases`` take the Indian Ocean modifier."""
    singapore_bases: list[str] = []
    """The bases that count as Singapore for that modifier (21.5342, Indian Ocean)."""
    boxes: list[RaiderBox]
    ships: list[RaiderShip]


class CarrierRules(DataModel):
    """21.55x fast carrier missions."""

    fast_fleet_per_carrier_factor: Cited
    box_rules: BoxRules


class EscortRules(DataModel):
    """21.6x sea escort."""

    destroyers_per_factor: Cited
    oil_destroyers_per_counter: Cited
    factors_per_transport: CitedPositive
    brps_per_transport: CitedPositive
    oil_transports_per_counter: Cited
    initial_leg: TheaterRange
    transport_legs: CitedText


class OpsTables(DataModel, kw_only=True):
    """Every naval operations table, as loaded from ``awaw-operations.toml``."""

    powers: Powers
    groups: Groups
    boxes: CitedNames
    supply: SupplyRules
    transport: TransportRules
    invasion: InvasionRules
    bombardment: BombardmentRules
    raiders: RaiderRules
    raider_table: RaiderTable
    carriers: CarrierRules
    escort: EscortRules

    def group(self, name: str) -> list[str]:
        """The places of a named group (``hawaiian_islands``)."""
        spec = getattr(self.groups, name, None)
        return list(spec.value) if spec is not None else []

    def raider_box(self, sw_box: str) -> RaiderBox:
        """The Raider Table modifiers of ``sw_box`` (validated to exist for every origin)."""
        return next(b for b in self.raider_table.boxes if b.sw_box == sw_box)


SW_BOXES = ("Atlantic SW", "Indian Ocean SW", "Pacific SW")
"""The SW boxes raiders and transports use (21.531A), named as their bases are."""


def load_ops_tables(path: Path, raw: dict[str, Any] | None = None) -> OpsTables:
    """Load and validate ``awaw-operations.toml`` at ``path`` (or its parsed ``raw``).

    Raises :class:`DataError` naming the file, table and key of the first problem.
    """
    return OPS_TABLES.load(path, raw)


def _place_ok(t: OpsTables, file: str, boxes: set[str], place: str, where: str) -> None:
    """A place of the data (``group:G``, ``box:B`` or a name) names a known group or box."""
    kind, _, name = place.partition(":")
    if name and kind == "group" and not t.group(name):
        raise DataError(file, where, f"names group '{name}', not in table groups")
    if name and kind == "box" and name not in boxes:
        raise DataError(file, where, f"names box '{name}', not in table boxes")


def _check(t: OpsTables, file: str) -> None:
    """Cross-checks msgspec cannot express: known boxes, SW boxes and groups; DRM rows in order."""
    boxes = set(t.boxes.value)
    for i, route in enumerate(t.transport.routes):
        where = f"table transport, key routes.{i}"
        if route.box not in boxes:
            raise DataError(file, where + ".box", f"'{route.box}' is not one of the boxes ({', '.join(sorted(boxes))})")
        if route.sw_box not in SW_BOXES:
            raise DataError(file, where + ".sw_box", f"'{route.sw_box}' is not an SW box ({', '.join(SW_BOXES)})")
        for place in route.places:
            _place_ok(t, file, boxes, place, where + ".places")
    for i, origin in enumerate(t.raiders.origins):
        where = f"table raiders, key origins.{i}"
        if origin.sw_box not in {b.sw_box for b in t.raider_table.boxes}:
            raise DataError(file, where + ".sw_box", f"'{origin.sw_box}' has no row in raider_table.boxes")
        for place in origin.places:
            _place_ok(t, file, boxes, place, where + ".places")
    drms = [c.drm for c in t.bombardment.drm_caps]
    if drms != sorted(set(drms)):
        raise DataError(file, "table bombardment, key drm_caps", "rows must go up by DRM, each DRM once")
    for key, names in (("invasion.box_routes", t.invasion.box_routes.value),
                       ("invasion.prohibited_from", t.invasion.prohibited_from.value),
                       ("bombardment.box_rules", [*t.bombardment.box_rules.permitted, *t.bombardment.box_rules.prohibited,
                                                  *t.bombardment.box_rules.with_invasion_from_box]),
                       ("carriers.box_rules", [*t.carriers.box_rules.permitted, *t.carriers.box_rules.prohibited,
                                               *t.carriers.box_rules.with_invasion_from_box])):
        for name in names:
            if name not in boxes:
                table, _, rest = key.partition(".")
                raise DataError(file, f"table {table}, key {rest}", f"'{name}' is not one of the boxes")
    faces = sorted(s.face for s in t.raider_table.ships)
    if faces != list(range(1, 7)):
        raise DataError(file, "table raider_table, key ships", "needs one row for each die face 1 to 6")
    if t.escort.transport_legs.value != "to-or-from-a-box":
        raise DataError(file, "table escort, key transport_legs.value", "must be 'to-or-from-a-box' (the only reading the app knows)")
    for sw, names in t.raiders.defender_boxes.items():
        if sw in ("rule", "note"):
            continue
        if sw not in SW_BOXES or not isinstance(names, list) or any(n not in boxes for n in names):
            raise DataError(file, f"table raiders, key defender_boxes.{sw}", "must be an SW box naming a list of boxes")


OPS_TABLES: Tables[OpsTables] = Tables(OpsTables, _check)
"""The operations tables of ``awaw-operations.toml`` (each field a top-level table) and their cross-checks."""
