"""AWAW operations tables (awaw-operations.toml): every value cites its rule; a malformed file names file, table and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.paths import data_dir
from tui.rules.awaw.ops_tables import load_ops_tables
from tui.rules.core.data import read_toml
from tui.rules.core.errors import DataError

FILE = data_dir() / "rulesets" / "awaw-operations.toml"


def _walk(node, path=""):
    if isinstance(node, dict):
        if "rule" in node:
            yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}.{i}")


def test_the_shipped_tables_load() -> None:
    t = load_ops_tables(FILE)
    assert t.transport.box_destroyers_per_factor.value == 2


def test_every_entry_cites_a_chapter_21_rule_and_assumptions_say_so() -> None:
    """DESIGN "Data files": each entry cites its rule; values the seed does not print are marked (RULINGS A2)."""
    raw = read_toml(FILE)
    cited = list(_walk(raw))
    assert len(cited) > 60
    for path, node in cited:
        assert node["rule"].startswith("21."), path
    unprinted = [p for p, n in cited if n["rule"] in ("21.513C", "21.512D", "21.5342G, 21.14D, 21.15D, 21.16, 21.17, 21.18C")]
    assert unprinted
    for path, node in cited:
        if path in unprinted:
            assert "Assumption" in node.get("note", ""), path


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "awaw-operations.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new, where", [
    ("[transport.destroyers_per_factor]\nvalue = 1", "[transport.destroyers_per_factor]\nvalue = \"one\"",
     "awaw-operations.toml: table transport, key destroyers_per_factor.value"),
    ("[supply.brps_per_transport]\nvalue = 5", "[supply.brps_per_transport]\nvalue = 0",
     "awaw-operations.toml: table supply, key brps_per_transport.value"),
    ('box = "Atlantic U.S."\nplaces', 'box = "us-atlantik"\nplaces', "awaw-operations.toml: table transport, key routes.0.box"),
    ('sw_box = "Atlantic SW"\nrule = "21.433A"', 'sw_box = "arctic"\nrule = "21.433A"', "awaw-operations.toml: table transport, key routes.0.sw_box"),
    ('"group:society_islands"]', '"group:tahiti"]', "awaw-operations.toml: table transport, key routes.1.places"),
    ("face = 5\n", "face = 4\n", "awaw-operations.toml: table raider_table, key ships"),
    ("[[bombardment.drm_caps]]\ndrm = 1", "[[bombardment.drm_caps]]\ndrm = 5", "awaw-operations.toml: table bombardment, key drm_caps"),
    ("[invasion.marine_share]\nvalue = 0.5", "[invasion.marine_share]\nvalue = 0.5\nvalu = 1", "awaw-operations.toml: table invasion, key marine_share"),
    ("[escort.initial_leg]\neurope = 20", "[escort.initial_leg]\neurope = -20", "awaw-operations.toml: table escort, key initial_leg.europe"),
])
def test_a_malformed_table_names_file_table_and_key(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(DataError) as err:
        load_ops_tables(_broken(tmp_path, old, new))
    assert str(err.value).startswith(where), str(err.value)


def test_a_missing_table_is_named(tmp_path: Path) -> None:
    path = _broken(tmp_path, "[boxes]", "[boxez]")
    with pytest.raises(DataError, match="table boxes: is missing"):
        load_ops_tables(path)
    path = _broken(tmp_path, "[escort.destroyers_per_factor]", "[escorts.destroyers_per_factor]")
    with pytest.raises(DataError, match="table escort: Object missing required field `destroyers_per_factor`"):
        load_ops_tables(path)
