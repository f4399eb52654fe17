"""The cross-table checks of the Europa sea tables (33; DESIGN "Data files"): each names the file, table and key.

Each case breaks one thing in the loaded tables, as a typo in europa.toml
would, and expects the exact message a referee editing the file reads.
"""

from __future__ import annotations

from typing import Any, Callable

import msgspec
import pytest

from tests.europa_sea import sea_tables
from tui.paths import data_dir
from tui.rules.core.errors import DataError
from tui.rules.europa.seacheck import check

R = msgspec.structs.replace


@pytest.fixture(scope="module")
def st():
    return sea_tables()


def cond(t: Any, cid: str, **kw: Any) -> Any:
    return R(t, sea_conditions={**t.sea_conditions, cid: R(t.sea_conditions[cid], **kw)})


def zone(t: Any, zid: str, **kw: Any) -> Any:
    return R(t, sea_zones={**t.sea_zones, zid: R(t.sea_zones[zid], **kw)})


def side(t: Any, zid: str, which: str, **kw: Any) -> Any:
    z = t.sea_zones[zid]
    return zone(t, zid, **{which: R(z.side(which), **kw)})


def line(t: Any, zid: str, which: str, i: int, **kw: Any) -> Any:
    lines = list(t.sea_zones[zid].side(which).lines)
    lines[i] = R(lines[i], **kw)
    return side(t, zid, which, lines=lines)


def contact_row(t: Any, die: str, printed: str) -> Any:
    table = t.anti_shipping_table
    return R(t, anti_shipping_table=R(table, rows={**table.rows, die: R(table.rows[die], printed=printed)}))


def results_row(t: Any, die: str, row: dict[str, str]) -> Any:
    res = t.shipping_results
    return R(t, shipping_results=R(res, rows={**res.rows, die: row}))


def area(t: Any, aid: str, **kw: Any) -> Any:
    ii = t.italian_interference
    return R(t, italian_interference=R(ii, areas={**ii.areas, aid: R(ii.areas[aid], **kw)}))


def requirement(t: Any, i: int, **kw: Any) -> Any:
    iz = t.interdiction_zone
    reqs = list(iz.requires)
    reqs[i] = R(reqs[i], **kw)
    return R(t, interdiction_zone=R(iz, requires=reqs))


Break = Callable[[Any], Any]
CASES: list[tuple[str, Break, str]] = [
    ("owned without ports", lambda t: cond(t, "wmed-allied-ports", ports=[]),
     "table sea_conditions, key wmed-allied-ports: an ownership condition needs ports and a side (axis or allied)"),
    ("ever-owned without a side", lambda t: cond(t, "massaua-ever-allied", side="soviet"),
     "table sea_conditions, key massaua-ever-allied: an ownership condition needs ports and a side (axis or allied)"),
    ("zone-ports in no zone", lambda t: cond(t, "axis-red-sea-port", zone="sargasso"),
     "table sea_conditions, key axis-red-sea-port.zone: 'sargasso' is not a sea zone (or the side is missing)"),
    ("zone-ports without a side", lambda t: cond(t, "axis-red-sea-port", side=""),
     "table sea_conditions, key axis-red-sea-port.zone: 'red-sea' is not a sea zone (or the side is missing)"),
    ("interference in no area", lambda t: cond(t, "interference-eastern", area="western"),
     "table sea_conditions, key interference-eastern.area: 'western' is not an italian_interference area"),
    ("all of an unknown condition", lambda t: cond(t, "crete-all-axis", of=["crete-ports-axis", "crete-hexes"]),
     "table sea_conditions, key crete-all-axis.of: names condition 'crete-hexes', which is not in sea_conditions"),
    ("a zone that exists when nothing", lambda t: zone(t, "south-aegean-iz", exists_when="zone-declared"),
     "table sea_zones, key south-aegean-iz.exists_when: names condition 'zone-declared', which is not in sea_conditions"),
    ("barred if nothing", lambda t: side(t, "eastern-med", "axis", barred_if="not crete-everything"),
     "table sea_zones, key eastern-med.axis.barred_if: names condition 'crete-everything', which is not in sea_conditions"),
    ("a line's unknown condition", lambda t: line(t, "baltic", "allied", 1, when="sweden-allied"),
     "table sea_zones, key baltic.allied.lines.1.when: names condition 'sweden-allied', which is not in sea_conditions"),
    ("an 'of' line without a condition", lambda t: line(t, "central-med", "axis", 0, when=""),
     "table sea_zones, key central-med.axis.lines.0.op: 'of' needs a numeric condition in 'when'"),
    ("a contact row too wide", lambda t: contact_row(t, "12", "C " * 17),
     "table anti_shipping_table, key rows.12.printed: must be at most 16 cells of C or -"),
    ("a contact row with another mark", lambda t: contact_row(t, "4", "- - X"),
     "table anti_shipping_table, key rows.4.printed: must be at most 16 cells of C or -"),
    ("a results row missing a column", lambda t: results_row(t, "3", {"sp": "2RE", "outside": "NE", "loose": "R"}),
     "table shipping_results, key rows.3: needs exactly the columns sp, outside, loose, tight"),
    ("a result code with no effect", lambda t: results_row(t, "6", {"sp": "E", "outside": "½E", "loose": "E", "tight": "X"}),
     "table shipping_results, key rows.6.tight: 'X' has no entry in shipping_results.effects"),
    ("a success band's unknown letter",
     lambda t: R(t, success_table=R(t.success_table, bands=[R(t.success_table.bands[0], result="Z"), *t.success_table.bands[1:]])),
     "table success_table, key bands.0.result: 'Z' is not one of D, F*, F, S, S*"),
    ("an interference result missing",
     lambda t: R(t, italian_interference=R(t.italian_interference, results={
         k: v for k, v in t.italian_interference.results.items() if k != "S*"})),
     "table italian_interference.results: needs one entry per SUCCESS TABLE letter (D, F*, F, S, S*)"),
    ("a Mulberry result missing",
     lambda t: R(t, mulberry=R(t.mulberry, results={k: v for k, v in t.mulberry.results.items() if k != "D"})),
     "table mulberry.results: needs one entry per SUCCESS TABLE letter (D, F*, F, S, S*)"),
    ("an area's unknown requirement", lambda t: area(t, "red-sea", requires="not massaua-allied"),
     "table italian_interference, key areas.red-sea.requires: names condition 'massaua-allied', which is not in sea_conditions"),
    ("an area's unknown zone", lambda t: area(t, "eastern", zones=["eastern-med", "ionian"]),
     "table italian_interference, key areas.eastern.zones: 'ionian' is not a sea zone"),
    ("the interdiction zone's unknown zone", lambda t: R(t, interdiction_zone=R(t.interdiction_zone, zone="aegean-iz")),
     "table interdiction_zone, key zone: 'aegean-iz' is not a sea zone"),
    ("a requirement's unknown condition", lambda t: requirement(t, 1, when="not suez-shut"),
     "table interdiction_zone, key requires.1.when: names condition 'suez-shut', which is not in sea_conditions"),
    ("a requirement's unknown zone", lambda t: requirement(t, 2, zone="aegaen"),
     "table interdiction_zone, key requires.2.zone: 'aegaen' is not a sea zone"),
]


def test_the_bundled_sea_tables_pass_every_check(st) -> None:
    check(st, "europa.toml")


@pytest.mark.parametrize("what, breaks, message", CASES, ids=[c[0] for c in CASES])
def test_33_sea_table_checks_name_file_table_and_key(st, what: str, breaks: Break, message: str) -> None:
    with pytest.raises(DataError) as err:
        check(breaks(st), "europa.toml")
    assert str(err.value) == f"europa.toml: {message}"


# --- the port tables of 31.A (Table 1, the ladder, 31.A.6) ------------------------------------------------------


def _port_raw() -> dict:
    import copy

    from tui.rules.core.data import read_toml

    return copy.deepcopy(read_toml(data_dir() / "rulesets" / "europa.toml"))


def _port_refusal(raw: dict) -> str:
    from tui.rules.europa.tables import load_port_tables

    with pytest.raises(DataError) as err:
        load_port_tables(data_dir() / "rulesets" / "europa.toml", raw)
    return str(err.value)


@pytest.mark.parametrize("key", ["max_damage", "slp_cost"])
def test_31A1_every_port_row_needs_max_damage_and_slp_cost(key: str) -> None:
    raw = _port_raw()
    del raw["port_summary"]["minor"][key]
    assert _port_refusal(raw) == f"europa.toml: table port_summary, key minor.{key}: is required for a port"


def test_31A5_the_ladder_names_ports_in_level_order() -> None:
    """31.A.5 and RULINGS E2: the ladder's types are ports, levels 0, 1, 2, ... smallest first."""
    raw = _port_raw()
    raw["port_ladder"]["types"] = ["jetty", "minor", "harbour"]
    assert _port_refusal(raw) == "europa.toml: table port_ladder, key types: names 'harbour', not a port in port_summary"
    raw["port_ladder"]["types"] = ["minor", "jetty", "standard", "major", "great"]
    assert _port_refusal(raw) == ("europa.toml: table port_ladder, key types: levels [1, 0, 2, 3, 4] must run 0, 1, 2, ... "
                                  "smallest first")
    raw["port_ladder"]["types"] = ["minor", "standard"]
    assert _port_refusal(raw) == "europa.toml: table port_ladder, key types: levels [1, 2] must run 0, 1, 2, ... smallest first"


def test_31A6_destruction_names_known_port_types() -> None:
    raw = _port_raw()
    raw["port_destruction"]["types"] = ["standard", "mega"]
    assert _port_refusal(raw) == "europa.toml: table port_destruction, key types: names unknown port type 'mega'"


@pytest.mark.parametrize("key", ["hit_step", "nt_rounding_step", "re_lost_per_hit"])
def test_31A3_steps_and_losses_must_be_above_0(key: str) -> None:
    raw = _port_raw()
    raw["port_rules"][key]["value"] = 0
    assert _port_refusal(raw) == f"europa.toml: table port_rules, key {key}.value: must be above 0"
