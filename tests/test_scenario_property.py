"""Issue 23 (export): import -> export -> import gives the same scenario, for any rows a referee may type (a
Hypothesis property over OCS ports and AWAW units: names with commas, quotes and any letters; issue 29.6: names that
start as a spreadsheet formula or with the escape ')."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.engine.setup import Scenario, ScenarioInfo, initial_state, load_ruleset, load_scenario
from tui.paths import data_dir
from tui.rules.ocs.ports import fmt
from tui.scenario.build import from_csv, normal
from tui.scenario.export import from_game, to_csv

DATA = data_dir()
OCS = load_ruleset("ocs", DATA)
AWAW = load_ruleset("awaw", DATA)
MODEL = load_scenario(DATA, "awaw-mediterranean-1942").raw

# Text a referee types in a cell: letters, digits, spaces, punctuation with commas and quotes; no leading or
# trailing space (a cell is read trimmed) and not starting with '#' (a comment row). Issue 29.6: it may start as a
# spreadsheet formula (= + - @), which the export escapes with a ', or with ' itself (typed: '#x is the text #x, ''x 'x).
FORMULA_STARTS = ("", "=", "+", "-", "@", "'", "''", "'#", "'=")
TEXT = st.tuples(st.sampled_from(FORMULA_STARTS), st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
                 min_size=1, max_size=20).map(str.strip).filter(lambda s: bool(s) and not s.startswith("#"))).map("".join)


def text(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def round_trip(ruleset: str, files: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the scenario imported from ``files``, the scenario re-imported from the export of a game started from it)."""
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp) / "a", Path(tmp) / "b"
        first.mkdir()
        second.mkdir()
        for name, body in files.items():
            (first / name).write_text(body, encoding="utf-8")
        raw = from_csv(ruleset, [first], DATA)
        rules = load_ruleset(ruleset, DATA)
        info = ScenarioInfo(**raw["scenario"])
        state = initial_state(rules, Scenario(info, raw, first / "scenario.csv"))
        exported = from_game(state, rules, {"scenario": info.id, "scenario_name": info.name})
        for path, blob in to_csv(ruleset, exported, second).items():
            path.write_bytes(blob)
        return raw, from_csv(ruleset, [second], DATA)


def unique(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    seen: set[str] = set()
    def name(row: dict[str, Any]) -> str:  # as imported: one leading ' is taken off (issue 29.6)
        return (row[key][1:] if row[key].startswith("'") else row[key]).lower()

    return [r for r in rows if not (name(r) in seen or seen.add(name(r)))]  # type: ignore[func-returns-value]


OCS_PORT = st.fixed_dictionaries({
    "name": TEXT, "owner": st.sampled_from(OCS.sides), "capacity": st.integers(0, 48).map(lambda n: fmt(n, OCS.tables)),  # as the game prints amounts
    "hex": TEXT, "supply_source": st.booleans(), "hits": st.integers(0, OCS.tables.damage.max_hits.value),
    "note": TEXT})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OCS_PORT, min_size=1, max_size=20), st.integers(0, 9), st.integers(0, 9))
def test_issue23_ocs_import_export_import_is_the_same_scenario(ports: list[dict[str, Any]], axis: int, allied: int) -> None:
    """Issue 23: OCS ports of any names and values come back from an export as they were imported."""
    files = {"scenario.csv": text([{"id": "p", "name": "P, \"q\"", "ruleset": "ocs", "start": "1"}]),
             "turn.csv": text([{"first_player": OCS.sides[0]}]),
             "sea_cap.csv": text([{"allowance": f"{OCS.sides[0]}={axis};{OCS.sides[1]}={allied}"}]),
             "ports.csv": text(unique(ports, "name"))}
    before, after = round_trip("ocs", files)
    assert normal("ocs", after) == normal("ocs", before)


AWAW_UNIT = st.builds(
    lambda i, model, factors, fast, inverted, damaged, name: {
        "id": f"U{i}", "power": model["power"], "type": model["type"], "factors": factors, "base": model["base"],
        "name": name, "nation": model.get("nation") or model["power"], "fast": fast, "inverted": inverted, "damaged": damaged},
    st.integers(0, 10**6), st.sampled_from(MODEL["units"]), st.integers(1, 20), st.booleans(), st.booleans(), st.booleans(), TEXT)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(AWAW_UNIT, min_size=1, max_size=25))
def test_issue23_awaw_import_export_import_is_the_same_scenario(units: list[dict[str, Any]]) -> None:
    """Issue 23: AWAW units of any names, factors and states come back from an export as they were imported."""
    bases = [{"name": b["name"], "kind": b["kind"], "fronts": ";".join(b.get("fronts", [])), "theater": b.get("theater", "europe"),
              "hex": b.get("hex", ""), "control": b.get("control", "neutral")} for b in MODEL["bases"]]
    files = {"scenario.csv": text([{"id": "p", "name": "P", "ruleset": "awaw", "start": "Summer 1942"}]),
             "turn.csv": text([{"first_player": "axis"}]), "bases.csv": text(bases),
             "units.csv": text([{k: str(v).lower() if isinstance(v, bool) else v for k, v in u.items()} for u in unique(units, "id")])}
    before, after = round_trip("awaw", files)
    assert normal("awaw", after) == normal("awaw", before)


SCALAR = st.one_of(st.text(max_size=12), st.integers(-10**6, 10**6), st.booleans(), st.floats(allow_nan=False, allow_infinity=False))
ROW = st.dictionaries(st.text(min_size=1, max_size=8), st.one_of(SCALAR, st.lists(st.text(max_size=6), max_size=3)), max_size=4)


@pytest.mark.parametrize("raw", [{"0\n": {}}, {"0": {"0\n": ""}}, {"0": {}, "0\n": {}}, {"a\n": 1}, {"rows": [{"k\n": 1}]}],
                         ids=["table", "key in a table", "beside its bare twin", "top-level key", "key in a row"])
def test_issue23_a_key_ending_in_a_line_feed_is_quoted(raw: dict[str, Any]) -> None:
    """Issue 23: a key that ends in a line feed is no bare key: it is written quoted, and reads back as itself
    (found by the property test below: a ``$`` anchor matched before the final line feed)."""
    from tui.scenario.write import to_toml

    tomllib = pytest.importorskip("tomllib")
    assert tomllib.loads(to_toml(raw)) == raw


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda k: k != "rows"), ROW, max_size=3), st.lists(ROW, max_size=3))
def test_issue23_the_toml_writer_reads_back_as_written(tables: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """Issue 23: the scenario file written by an import reads back as the scenario (keys and text of any letters:
    quotes, dots, spaces, control characters)."""
    from tui.scenario.write import to_toml

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

    raw: dict[str, Any] = {**tables}
    if rows and all(rows):
        raw["rows"] = rows
    assert tomllib.loads(to_toml(raw, "a comment\non two lines")) == raw
