"""Cross-table checks of the Europa sea tables that a schema cannot express.

Conditions named by zone lines, areas and the interdiction zone must exist;
contact rows fit the table's width; every SHIPPING RESULTS TABLE row has
every column and every code its meaning; every SUCCESS TABLE letter has a
result wherever the table is used. Each error names the file, table and key.
"""

from __future__ import annotations

from ..core.errors import DataError
from .seaschema import SIDES, SeaTables


def _cond_id(expr: str) -> str:
    return expr[4:].strip() if expr.startswith("not ") else expr.strip()


def _need(conds: dict, file: str, expr: str, where: str) -> None:
    """Refuse a condition expression (``x`` or ``not x``) that names no condition of ``conds``."""
    if expr and _cond_id(expr) not in conds:
        raise DataError(file, where, f"names condition '{_cond_id(expr)}', which is not in sea_conditions")


def check(t: SeaTables, file: str) -> None:
    """Cross-table checks msgspec cannot express; each names the file, table and key."""
    conds = t.sea_conditions
    for cid, c in conds.items():
        where = f"table sea_conditions, key {cid}"
        if c.kind in ("owned", "ever-owned") and (not c.ports or c.side not in SIDES):
            raise DataError(file, where, "an ownership condition needs ports and a side (axis or allied)")
        if c.kind == "zone-ports" and (c.zone not in t.sea_zones or c.side not in SIDES):
            raise DataError(file, f"{where}.zone", f"'{c.zone}' is not a sea zone (or the side is missing)")
        if c.kind == "interference" and c.area not in t.italian_interference.areas:
            raise DataError(file, f"{where}.area", f"'{c.area}' is not an italian_interference area")
        if c.kind in ("all", "any"):
            for other in c.of:
                _need(conds, file, other, f"{where}.of")
    for zid, z in t.sea_zones.items():
        _need(conds, file, z.exists_when, f"table sea_zones, key {zid}.exists_when")
        for side in SIDES:
            table = z.side(side)
            _need(conds, file, table.barred_if, f"table sea_zones, key {zid}.{side}.barred_if")
            for i, line in enumerate(table.lines):
                _need(conds, file, line.when, f"table sea_zones, key {zid}.{side}.lines.{i}.when")
                if line.op in ("of", "per") and not line.when:
                    raise DataError(file, f"table sea_zones, key {zid}.{side}.lines.{i}.op", f"'{line.op}' needs a numeric condition in 'when'")
    width = t.anti_shipping_table.last_column - t.anti_shipping_table.first_column + 1
    for die, row in t.anti_shipping_table.rows.items():
        cells = row.printed.split()
        if len(cells) > width or any(c not in ("C", "-") for c in cells):
            raise DataError(file, f"table anti_shipping_table, key rows.{die}.printed", f"must be at most {width} cells of C or -")
    res = t.shipping_results
    for die, row in res.rows.items():
        if set(row) != set(res.columns):
            raise DataError(file, f"table shipping_results, key rows.{die}", f"needs exactly the columns {', '.join(res.columns)}")
        for col, code in row.items():
            if code not in res.effects:
                raise DataError(file, f"table shipping_results, key rows.{die}.{col}", f"'{code}' has no entry in shipping_results.effects")
    for kid, kind in t.cargo_kinds.items():
        if kind.column == "sp" and "sp" not in res.columns:
            raise DataError(file, f"table cargo_kinds, key {kid}.column", "shipping_results has no sp column")
    letters = t.success_table.letters
    for i, band in enumerate(t.success_table.bands):
        if band.result not in letters:
            raise DataError(file, f"table success_table, key bands.{i}.result", f"'{band.result}' is not one of {', '.join(letters)}")
    for table, keys in (("italian_interference.results", t.italian_interference.results), ("mulberry.results", t.mulberry.results),
                        ("beach_landing.lc_damage", t.beach_landing.lc_damage)):
        if set(keys) != set(letters):
            raise DataError(file, f"table {table}", f"needs one entry per SUCCESS TABLE letter ({', '.join(letters)})")
    for aid, area in t.italian_interference.areas.items():
        _need(conds, file, area.requires, f"table italian_interference, key areas.{aid}.requires")
        for z in area.zones:
            if z not in t.sea_zones:
                raise DataError(file, f"table italian_interference, key areas.{aid}.zones", f"'{z}' is not a sea zone")
    iz = t.interdiction_zone
    if iz.zone not in t.sea_zones:
        raise DataError(file, "table interdiction_zone, key zone", f"'{iz.zone}' is not a sea zone")
    for i, req in enumerate(iz.requires):
        _need(conds, file, req.when, f"table interdiction_zone, key requires.{i}.when")
        if req.zone and req.zone not in t.sea_zones:
            raise DataError(file, f"table interdiction_zone, key requires.{i}.zone", f"'{req.zone}' is not a sea zone")
