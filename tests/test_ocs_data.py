"""OCS data files: ocs.toml and the bundled scenario load; a malformed one names the file, the table and the key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset, load_scenario
from tui.rules.core.errors import DataError
from tui.session import memory_game

SCENARIO = "ocs-western-desert-1941"


def _copy(data: Path, tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data, target)
    load_ruleset.cache_clear()
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_rule_set_and_its_illustrative_scenario_load(data: Path) -> None:
    """Every table value cites its rule; O1/O2 are in the notes; the scenario is marked illustrative."""
    rs = load_ruleset("ocs", data)
    t = rs.tables
    assert (t.per_sp, t.damage.max_hits.value, t.hit_share) == (4, 4, 0.25)
    assert "O1" in t.damage.max_hits.note and "O1" in t.damage.hit_share.note
    assert "O2" in t.voluntary_reduction.hits_per_turn.note and "O2" in t.repair.hits_per_turn.note
    for cited in (t.capacity.tokens_per_sp, t.damage.max_hits, t.damage.hit_share, t.damage.halves, t.voluntary_reduction.hits_per_turn,
                  t.repair.hits_per_turn, t.repair.cost_per_hit, t.supply_source.min_capacity, t.sea_cap.cargo_per_point):
        assert cited.rule.startswith("19.0")
    info = load_scenario(data, SCENARIO).info
    assert info.ruleset == "ocs" and info.illustrative and "illustrative" in info.name.lower()
    assert rs.default_scenario == SCENARIO
    world = memory_game(data, "ocs").state.world
    assert world.ports["Tobruk"].damage_track and any(p.supply_source for p in world.ports.values())
    assert world.allowance == {"axis": 8, "allied": 16} and world.first == "axis"


@pytest.mark.parametrize(
    "old, new, where",
    [
        ("[capacity.tokens_per_sp]\nvalue = 4", '[capacity.tokens_per_sp]\nvalue = "four"', "ocs.toml: table capacity, key tokens_per_sp.value"),
        ("[damage.max_hits]\nvalue = 4", "[damage.max_hits]\nvalue = -1", "ocs.toml: table damage, key max_hits.value"),
        ('[damage.halves]\nvalue = "up"', '[damage.halves]\nvalue = "sideways"', "ocs.toml: table damage, key halves.value"),
        ("[damage.hit_share]\nvalue = 0.25", "[damage.hit_share]\nvalue = 0.25\nvalu = 1", "ocs.toml: table damage, key hit_share"),
        ('[repair.cost_per_hit]\nvalue = "1 SP"', '[repair.cost_per_hit]\nvalue = "1 XP"', "ocs.toml: table repair, key cost_per_hit.value"),
        ('[players]\nsides = ["axis", "allied"]', '[players]\nsides = ["axis"]', "ocs.toml: table players, key sides"),
        ('children = ["breakout", "move"', 'children = ["breakout", "mvoe"', "ocs.toml: table sequence, key steps.movement.children"),
        ('effect = "end-turn"', 'effect = "end-turm"', "ocs.toml: table sequence, key steps.turn-end.on_exit"),
        ('"arrive", "ship", "reduce", "repair"]\nnote', '"arrive", "shipp", "reduce", "repair"]\nnote', "ocs.toml: table sequence, key steps.movement.commands"),
        ('choices = ["axis", "allied"]', 'choices = ["axis", "soviet"]', "ocs.toml: table sequence, key steps.first-player.prompts"),
    ],
)
def test_a_malformed_rule_set_names_file_table_and_key(data: Path, tmp_path: Path, old: str, new: str, where: str) -> None:
    """DESIGN "Data files" / STYLE rule 4: the 19.0 tables and the sequence of play validate on load."""
    copy = _copy(data, tmp_path)
    _edit(copy / "rulesets" / "ocs.toml", old, new)
    with pytest.raises(DataError) as err:
        load_ruleset("ocs", copy)
    assert str(err.value).startswith(where), str(err.value)


def test_a_missing_table_is_named(data: Path, tmp_path: Path) -> None:
    """The 19.0f table is required; its absence is named."""
    copy = _copy(data, tmp_path)
    _edit(copy / "rulesets" / "ocs.toml", "[sea_cap.cargo_per_point]", "[sea_cap_x.cargo_per_point]")
    with pytest.raises(DataError) as err:
        load_ruleset("ocs", copy)
    assert str(err.value) == "ocs.toml: table sea_cap: is missing"


@pytest.mark.parametrize(
    "old, new, where",
    [
        ('name = "Benghazi"\nowner = "axis"', 'name = "Benghazi"\nowner = "italy"', "table ports, key 1.owner"),
        ('capacity = "6 SP"', 'capacity = "6 XP"', "table ports, key 0.capacity"),
        ('capacity = "6 SP"', "capacity = true", "table ports, key 0.capacity"),
        ('capacity = "1 SP"\n', 'capacity = "1 SP"\nhits = 5\n', "table ports, key 2.hits"),
        ('capacity = "1 SP"\n', 'capacit = "1 SP"\n', "table ports, key 2"),
        ('damage_track = ["4 SP", "3 SP", "2 SP"', 'damage_track = ["4 SP", "5 SP", "2 SP"', "table ports, key 4.damage_track"),
        ('damage_track = ["4 SP", "3 SP"', 'damage_track = ["4 SP", "3 QQ"', "table ports, key 4.damage_track.1"),
        ('first_player = "axis"', 'first_player = "red"', "table turn, key first_player"),
        ("allowance = { axis = 2, allied = 4 }", "allowance = { axis = 2, soviet = 4 }", "table sea_cap, key allowance.soviet"),
        ("allowance = { axis = 2, allied = 4 }", 'allowance = { axis = 2, allied = "x" }', "table sea_cap, key allowance.allied"),
        ('name = "Derna"', 'name = "Tripoli"', "table ports, key 2.name"),
    ],
)
def test_a_malformed_scenario_names_file_table_and_key(data: Path, tmp_path: Path, old: str, new: str, where: str) -> None:
    """Scenario ports (19.0a capacity, 19.0b track and hits, 19.0e sources), first player and 19.0f allowances validate."""
    copy = _copy(data, tmp_path)
    _edit(copy / "scenarios" / f"{SCENARIO}.toml", old, new)
    with pytest.raises(DataError) as err:
        memory_game(copy, "ocs")
    assert str(err.value).startswith(f"{SCENARIO}.toml: {where}"), str(err.value)


# --- the checks msgspec cannot express, with their exact messages and bounds --------------------------------


def _raw(data: Path) -> dict:
    import copy

    from tui.rules.core.data import read_toml

    return copy.deepcopy(read_toml(data / "rulesets" / "ocs.toml"))


def _load(data: Path, raw: dict):
    from tui.rules.ocs.tables import load_tables

    return load_tables(data / "rulesets" / "ocs.toml", raw)


@pytest.mark.parametrize("table, key, value, message", [
    ("capacity", "tokens_per_sp", 0, "ocs.toml: table capacity, key tokens_per_sp.value: must be 1 or more"),
    ("damage", "max_hits", 0, "ocs.toml: table damage, key max_hits.value: must be 1 or more"),
    ("sea_cap", "cargo_per_point", "0", "ocs.toml: table sea_cap, key cargo_per_point.value: must be above 0"),
    ("supply_source", "min_capacity", "1 XP", "ocs.toml: table supply_source, key min_capacity.value: "),
    ("sea_cap", "cargo_per_point", "lots", "ocs.toml: table sea_cap, key cargo_per_point.value: "),
])
def test_19_0_tables_refuse_values_out_of_range(data: Path, table: str, key: str, value, message: str) -> None:
    """DESIGN "Data files": a malformed value names the file, the table and the key, and says what is allowed."""
    raw = _raw(data)
    raw[table][key]["value"] = value
    with pytest.raises(DataError) as err:
        _load(data, raw)
    assert str(err.value).startswith(message) and (message.endswith(": ") or str(err.value) == message)


@pytest.mark.parametrize("table, key, value", [
    ("capacity", "tokens_per_sp", 1), ("damage", "max_hits", 1), ("sea_cap", "cargo_per_point", "1T"),
    ("supply_source", "min_capacity", "0"),
])
def test_19_0_tables_accept_the_smallest_allowed_values(data: Path, table: str, key: str, value) -> None:
    """The bounds themselves load: 1 Token per SP, 1 hit at most, 1T of cargo per point, a 0 least capacity."""
    raw = _raw(data)
    raw[table][key]["value"] = value
    _load(data, raw)


@pytest.mark.parametrize("sides", [["axis", "axis"], ["Axis", "allied"], ["axis", "red army"], ["axis", ""]])
def test_sides_must_be_distinct_lower_case_names_without_spaces(data: Path, sides: list[str]) -> None:
    raw = _raw(data)
    raw["players"]["sides"] = sides
    with pytest.raises(DataError) as err:
        _load(data, raw)
    assert str(err.value) == "ocs.toml: table players, key sides: must be distinct lower-case names without spaces"


def test_other_side_names_load(data: Path) -> None:
    raw = _raw(data)
    raw["players"]["sides"] = ["german", "soviet"]
    assert list(_load(data, raw).sides) == ["german", "soviet"]
