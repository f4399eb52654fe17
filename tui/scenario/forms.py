"""The CSV form of each rule set's scenario: which files (kinds) it has and the struct of their rows.

A :class:`Kind` is one CSV file. ``rows``: one row per entry of a list of
tables (``[[ports]]``), its columns the fields of the rule set's struct;
``table``: one data row, the fields of one table (``[turn]``); ``map``: a
``key,value`` pair per row of a table of names (``[drm]``). The structs are
the ones the rule sets load their scenarios with, so the columns, their types
and ranges are theirs; the cross-checks (kinds, sides, bases, hexes) run in
the rule set when the scenario is checked.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec

from ..engine.setup import RULESETS, ScenarioInfo
from ..rules.awaw import scenario as awaw
from ..rules.core.data import DataModel, Signed
from ..rules.core.errors import DataError
from ..rules.europa import seaworld as europa_sea
from ..rules.europa import world as europa
from ..rules.logistics import scenario as logistics
from ..rules.ocs import world as ocs


class Water(DataModel):
    """One water a Europa port may border that is not a sea zone of 33.B.10 (``other_waters``)."""

    name: str


class PortNation(DataModel):
    """The nation a captured port takes, by capturing side, when it differs from the side's default (RULINGS E13)."""

    port: str
    axis: str = ""
    allied: str = ""


class Kind(msgspec.Struct, frozen=True):
    """One CSV file of a scenario and the TOML table it fills."""

    name: str
    struct: Any  # rows and table: the struct of a row; map: the type of the value column
    shape: str = "rows"  # rows | table | map
    key: str = ""  # rows: the column that names an entry (listed twice is refused)
    columns: tuple[str, str] = ("key", "value")  # map: the two column names
    rule: str = ""  # what the rows are, with the rule
    put: Callable[[dict[str, Any], Any], None] | None = None  # how the plain value goes into the scenario
    take: Callable[[dict[str, Any]], Any] | None = None  # and back

    @property
    def file(self) -> str:
        """The CSV file's name."""
        return f"{self.name}.csv"

    def header(self) -> tuple[str, ...]:
        """The header row."""
        if self.shape == "map":
            return self.columns
        from .cells import field_types

        return tuple(field_types(self.struct))

    def place(self, raw: dict[str, Any], value: Any) -> None:
        """Put ``value`` (plain data) into the scenario ``raw``."""
        if self.put is not None:
            self.put(raw, value)
        elif value or self.shape == "table":
            raw[self.name] = value

    def find(self, raw: dict[str, Any]) -> Any:
        """This kind's plain data in the scenario ``raw`` (a list, a table or a mapping)."""
        if self.take is not None:
            return self.take(raw)
        return raw.get(self.name, {} if self.shape != "rows" else [])


def _put_waters(raw: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    if rows:
        raw["other_waters"] = [r["name"] for r in rows]


def _put_nations(raw: dict[str, Any], value: dict[str, str]) -> None:
    if value:
        raw.setdefault("nations", {}).update(value)


def _put_port_nations(raw: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    for row in rows:
        raw.setdefault("nations", {}).setdefault("ports", {})[row["port"]] = {k: v for k, v in row.items() if k != "port" and v}


def _take_nations(raw: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in raw.get("nations", {}).items() if k != "ports"}


def _take_port_nations(raw: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"port": name, **table} for name, table in raw.get("nations", {}).get("ports", {}).items()]


SCENARIO = Kind("scenario", ScenarioInfo, "table", rule="the scenario's name, rule set, start turn and dice")

FORMS: dict[str, tuple[Kind, ...]] = {
    "europa": (
        SCENARIO,
        Kind("ports", europa.ScenarioPort, key="name", rule="every port (31.A; 33.B.10 sea zones)"),
        Kind("other_waters", Water, key="name", rule="waters a port borders that are not sea zones of 33.B.10",
             put=_put_waters, take=lambda raw: [{"name": n} for n in raw.get("other_waters", [])]),
        Kind("nations", str, "map", columns=("side", "nation"), rule="the nation a side's captured port takes (RULINGS E13)",
             put=_put_nations, take=_take_nations),
        Kind("port_nations", PortNation, key="port", rule="ports whose captor's nation differs from the side's (RULINGS E13)",
             put=_put_port_nations, take=_take_port_nations),
        Kind("sea", europa_sea.ScenarioSea, "table", rule="Malta status (33.B.1.a) and answered sea conditions"),
        Kind("mulberries", europa_sea.ScenarioMulberry, key="name", rule="Mulberry harbours (31.A.7)"),
        Kind("offmap_ports", europa_sea.ScenarioOffMap, key="name", rule="off-map ports (31.A.8)"),
        Kind("beaches", europa_sea.ScenarioBeach, key="name", rule="beach hexes (31.B)"),
    ),
    "ocs": (
        SCENARIO,
        Kind("turn", ocs.ScenarioTurn, "table", rule="who moves first until the first player determination"),
        Kind("sea_cap", ocs.ScenarioSeaCap, "table", rule="each side's Shipping Allowance in points (19.0f)"),
        Kind("ports", ocs.ScenarioPort, key="name", rule="every port, its capacity and Damage Track (19.0)"),
    ),
    "awaw": (
        SCENARIO,
        Kind("turn", awaw.ScenarioTurn, "table", rule="who takes the first player turn until the initiative"),
        Kind("harbor", awaw.ScenarioHarbor, "table", rule="harbor-attack research and attacks made (21.442, 21.444)"),
        Kind("drm", Signed, "map", columns=("nation", "drm"), rule="naval nationality DRM per nation (21.526)"),
        Kind("hex_control", str, "map", columns=("hex", "control"),
             rule="who controls each strait hex (21.211), and each island the range exceptions and port construction read "
                  "(21.3615A, 21.121C)"),
        Kind("bases", awaw.ScenarioBase, key="name", rule="ports, port counters and boxes (21.11-21.18)"),
        Kind("units", awaw.ScenarioUnit, key="id", rule="the naval order of battle (20.x, 21.3)"),
    ),
    "logistics": (
        SCENARIO,
        Kind("map", logistics.MapInfo, "table", rule="the grid and where the storm starts (Storms ¶4)"),
        Kind("turn", logistics.TurnInfo, "table", rule="who moves first; production turns (RULINGS L3)"),
        Kind("control", logistics.ControlRange, rule="columns a side controls"),
        Kind("areas", logistics.Area, rule="hexes of one terrain"),
        Kind("hexes", logistics.HexEntry, key="hex", rule="cities, towns and any hex of its own (Factories ¶2)"),
        Kind("rivers", logistics.River, rule="river hexsides"),
        Kind("roads", logistics.Path, rule="roads: paths of adjacent hexes (Mulberries ¶1: supply goes on by road)"),
        Kind("rails", logistics.Path, rule="railways: paths of adjacent hexes"),
        Kind("bridges", logistics.BridgeEntry, rule="bridges over river hexsides (Destruction ¶1)"),
        Kind("canals", logistics.CanalEntry, key="hex", rule="canal hexes (Destruction ¶1)"),
        Kind("airfields", logistics.MarkerEntry, key="hex", rule="airfield markers (Airfields ¶1)"),
        Kind("mulberries", logistics.MarkerEntry, key="hex", rule="Mulberry markers (Mulberries ¶1)"),
    ),
}
assert set(FORMS) == set(RULESETS)


def check_form(raw: dict[str, Any], ruleset: str, file: str) -> None:
    """Refuse a scenario of an unknown rule set, or with a table that is not one of its rule set's form: the one
    check of both ``scenario check`` and ``new --scenario`` (a :class:`DataError` naming the file and table)."""
    if ruleset not in RULESETS:
        raise DataError(file, "table scenario, key ruleset", f"'{ruleset}' is not a rule set; known: {', '.join(RULESETS)}")
    allowed = {k.name for k in form(ruleset)} - {"port_nations"}  # port_nations.csv fills [nations.ports]
    for key in raw:
        if key not in allowed:
            raise DataError(file, f"table {key}", f"is not a table of a {ruleset} scenario; tables: {', '.join(sorted(allowed))}")


def form(ruleset: str) -> tuple[Kind, ...]:
    """The kinds of ``ruleset``'s CSV form; an unknown rule set is a ``KeyError`` the caller words."""
    return FORMS[ruleset]
