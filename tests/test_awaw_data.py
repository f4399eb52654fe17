"""AWAW data files (seed 004): awaw.toml and the illustrative scenario load; malformed data names file, table, key."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset, load_scenario
from tui.paths import data_dir
from tui.rules.awaw.ruleset import load
from tui.rules.awaw.scenario import world_from_scenario
from tui.rules.awaw.tables import load_tables
from tui.rules.core.data import read_toml
from tui.rules.core.errors import DataError

RULES = data_dir() / "rulesets" / "awaw.toml"
SCENARIO = data_dir() / "scenarios" / "awaw-mediterranean-1942.toml"


def test_the_rule_set_loads_both_files_and_its_default_scenario_is_illustrative() -> None:
    rs = load_ruleset("awaw", data_dir())
    assert rs.default_scenario == "awaw-mediterranean-1942"
    assert [Path(f).name for f in rs.source_files] == ["awaw.toml", "awaw-operations.toml"]
    assert rs.sequence.calendar == "season"
    scen = load_scenario(data_dir(), rs.default_scenario)
    assert scen.info.illustrative and scen.info.ruleset == "awaw"
    world = rs.world_from_scenario(scen.raw, scen.path.name)
    assert len(world.units) >= 60
    assert world.bases["Gibraltar"].two_front and world.bases["Kiel/Hamburg"].kind == "two-port"
    assert {b.kind for b in world.bases.values()} >= {"port", "two-port", "box", "sw-box"}
    assert {u.power for u in world.units.values()} >= {"britain", "italy", "germany", "usa"}


def test_every_verb_has_syntax_help_rule_and_declares_its_options() -> None:
    rs = load_ruleset("awaw", data_dir())
    for name in ("rebase", "rebase-failed", "displace", "return", "nr", "eliminate", "patrol", "intercept", "defend",
                 "harbor", "allowance", "uninvert", "build", "tf", "damage", "repaired", "sink", "drm", "control",
                 "operational", "research"):
        verb = rs.verbs[name]
        assert verb.syntax.startswith(name) and len(verb.help) > 20 and verb.rule, name
        for option in ("distance", "legs", "ports", "straits", "exception", "front", "to", "fast", "nation", "name", "repair"):
            if f"--{option}" in verb.syntax:
                assert option in verb.options, f"{name} --{option}"


@pytest.mark.parametrize(("old", "new", "where"), [
    ('[powers.germany]\nbloc = "european-axis"\nname = "Germany"\nside = "axis"',
     '[powers.germany]\nbloc = "european-axis"\nname = "Germany"\nside = "neutral"', "table powers, key germany.side"),
    ("[base_kinds.port]\nname = \"Port\"\ncapacity = 50", "[base_kinds.port]\nname = \"Port\"\ncapacity = \"fifty\"",
     "table base_kinds, key port.capacity"),
    ('[fronts.pacific]\nname = "Pacific"\ntheater = "pacific"', '[fronts.pacific]\nname = "Pacific"\ntheater = "asia"',
     "table fronts, key pacific.theater"),
    ("[employment.task_force_min]\nvalue = 10", "[employment.task_force_min]\nvalue = -1",
     "table employment, key task_force_min.value"),
])
def test_a_malformed_rule_set_names_file_table_and_key(tmp_path: Path, old: str, new: str, where: str) -> None:
    text = RULES.read_text()
    assert old in text
    bad = tmp_path / "awaw.toml"
    bad.write_text(text.replace(old, new))
    with pytest.raises(DataError) as err:
        load_tables(bad)
    assert err.value.file == "awaw.toml" and err.value.where == where


@pytest.mark.parametrize(("old", "new", "where"), [
    ('base = "Scapa Flow"', 'base = "Scapa"', "table units, key 0.base"),
    ('type = "battleship"', 'type = "dreadnought"', "table units, key 0.type"),
    ('fronts = ["western", "mediterranean"]', 'fronts = ["western", "atlantic"]', "table bases, key 4.fronts.1"),
    ('[turn]\nfirst_player = "axis"', '[turn]\nfirst_player = "japan"', "table turn, key first_player"),
    ('AA7 = "britain"', 'AA7 = "spain"', "table hex_control, key AA7"),
])
def test_a_malformed_scenario_names_file_table_and_key(old: str, new: str, where: str) -> None:
    text = SCENARIO.read_text()
    assert old in text
    raw = tomllib.loads(text.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        world_from_scenario(raw, SCENARIO.name, load_tables(RULES))
    assert err.value.where == where, str(err.value)


def test_the_operations_file_naming_an_unknown_step_is_named(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    ops = data / "rulesets" / "awaw-operations.toml"
    raw = read_toml(ops)
    assert "commands" in raw
    ops.write_text(ops.read_text().replace("[commands]", "[commands]\nno-such-step = [\"transport\"]", 1))
    with pytest.raises(DataError) as err:
        load(data)
    assert err.value.file == "awaw-operations.toml" and "no-such-step" in err.value.where
