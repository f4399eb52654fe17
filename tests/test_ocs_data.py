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


# --- scenario files: every check of ports, the turn and the Sea Cap allowance (19.0a-f) ---------------------


def _world(data: Path, **tables):
    from tui.rules.ocs.world import world_from_scenario

    raw = {"ports": [{"name": "Tobruk", "owner": "axis", "capacity": "3 SP 2T"}], "turn": {"first_player": "axis"},
           "sea_cap": {"allowance": {"axis": 2}}, **tables}
    return world_from_scenario(raw, "scenario.toml", _load(data, _raw(data)))


def _port(**kw) -> list[dict]:
    return [{"name": "Tobruk", "owner": "axis", "capacity": "3 SP 2T", **kw}]


@pytest.mark.parametrize("what, tables, message", [
    ("owner not a side", {"ports": _port(owner="soviet")}, "table ports, key 0.owner: 'soviet' is not a side (axis, allied)"),
    ("track too short", {"ports": _port(capacity=None, damage_track=["2 SP"])},
     "table ports, key 0.damage_track: needs 2 to 5 boxes (0 to 4 hits), not 1"),
    ("track too long", {"ports": _port(capacity=None, damage_track=["2 SP", "6T", "1 SP", "2T", "1T", "0"])},
     "table ports, key 0.damage_track: needs 2 to 5 boxes (0 to 4 hits), not 6"),
    ("track rising", {"ports": _port(capacity=None, damage_track=["2 SP", "1 SP", "6T"])},
     "table ports, key 0.damage_track: capacities must not rise with more hits"),
    ("no capacity", {"ports": _port(capacity=None)}, "table ports, key 0.capacity: is required (or a damage_track)"),
    ("capacity not the track's first box", {"ports": _port(capacity="3 SP", damage_track=["2 SP", "1 SP"])},
     "table ports, key 0.capacity: must equal the first box of its damage_track"),
    ("hits above 4", {"ports": _port(hits=5)}, "table ports, key 0.hits: must be 0 to 4 (19.0b; RULINGS O1)"),
    ("hits below 0", {"ports": _port(hits=-1)},
     "table ports, key 0.hits: must be 0 or more, not -1"),
    ("negated without a ZOC", {"ports": _port(zoc_negated=True)}, "table ports, key 0.zoc_negated: needs enemy_zoc = true (4.5a)"),
    ("a port twice", {"ports": _port() + _port(name="TOBRUK")}, "table ports, key 1.name: port 'TOBRUK' is listed twice"),
    ("no turn table", {"turn": None}, "table turn: is missing (first_player)"),
    ("first player not a side", {"turn": {"first_player": "red"}}, "table turn, key first_player: 'red' is not a side (axis, allied)"),
    ("allowance of no side", {"sea_cap": {"allowance": {"italy": 2}}}, "table sea_cap, key allowance.italy: is not a side (axis, allied)"),
    ("allowance below 0", {"sea_cap": {"allowance": {"axis": -1}}},
     "table sea_cap, key allowance.axis: must be 0 or more, not -1"),
    ("allowance in part Tokens", {"sea_cap": {"allowance": {"axis": 0.1}}},
     "table sea_cap, key allowance.axis: 0.1 points of Shipping Allowance is not a whole number of Tokens (19.0f E)"),
])
def test_ocs_scenario_checks_name_file_table_and_key(data: Path, what: str, tables: dict, message: str) -> None:
    """DESIGN "Data files": a malformed scenario names the file, the table and the key, and says what is allowed."""
    if tables.get("turn", 0) is None:
        from tui.rules.ocs.world import world_from_scenario

        raw = {"ports": _port()}
        with pytest.raises(DataError) as err:
            world_from_scenario(raw, "scenario.toml", _load(data, _raw(data)))
    else:
        with pytest.raises(DataError) as err:
            _world(data, **tables)
    assert str(err.value) == f"scenario.toml: {message}"


def test_ocs_scenario_builds_ports_and_allowances(data: Path) -> None:
    """19.0a-f: a port with a damage track takes its first box as capacity; allowances are in points (1 point = 1 SP)."""
    world = _world(data, ports=[
        {"name": "Benghazi", "owner": "allied", "damage_track": ["2 SP", "1 SP 2T", "1 SP", "2T", "0"], "hits": 4,
         "hex": "B1.10", "supply_source": True, "enemy_zoc": True, "zoc_negated": True, "note": "x"}],
        sea_cap={"allowance": {"allied": 2.5}})
    port = world.ports["Benghazi"]
    assert (port.capacity, port.damage_track, port.hits, port.hex, port.supply_source, port.enemy_zoc, port.zoc_negated,
            port.note, port.owner) == (8, (8, 6, 4, 2, 0), 4, "B1.10", True, True, True, "x", "allied")
    assert world.allowance == {"axis": 0, "allied": 10} and world.shipped == {"axis": 0, "allied": 0}
    assert world.first == "axis"
    two_boxes = _world(data, ports=_port(capacity=None, damage_track=["1 SP", "0"]))
    assert two_boxes.ports["Tobruk"].capacity == 4
    no_sea_cap = _world(data, sea_cap={"allowance": {}})
    assert no_sea_cap.allowance == {"axis": 0, "allied": 0}


def test_19_0f_allowance_points_to_tokens(data: Path) -> None:
    """19.0f E: 1 point moves 1 SP (4 Tokens); a part of a Token, a negative or a yes/no is refused."""
    from tui.rules.core.errors import RuleError
    from tui.rules.ocs.world import points_to_tokens

    tables = _load(data, _raw(data))
    assert points_to_tokens(3, tables) == 12 and points_to_tokens(0.25, tables) == 1 and points_to_tokens(0, tables) == 0
    for bad, message in ((-1, "a Shipping Allowance must be 0 or more points, not -1 (19.0f)"),
                         (True, "a Shipping Allowance must be 0 or more points, not True (19.0f)"),
                         (0.3, "0.3 points of Shipping Allowance is not a whole number of Tokens (19.0f E)")):
        with pytest.raises(RuleError) as err:
            points_to_tokens(bad, tables)
        assert str(err.value) == message


def test_ocs_scenario_edge_values(data: Path) -> None:
    """A damage track may keep a box for a hit (equal capacities); a scenario may list no ports; an unreadable
    capacity or a wrongly typed turn names the key."""
    from tui.rules.ocs.world import world_from_scenario

    flat = _world(data, ports=_port(capacity=None, damage_track=["2 SP", "2 SP", "1 SP"]))
    assert flat.ports["Tobruk"].damage_track == (8, 8, 4)
    tables = _load(data, _raw(data))
    empty = world_from_scenario({"turn": {"first_player": "allied"}}, "scenario.toml", tables)
    assert empty.ports == {} and empty.first == "allied"
    with pytest.raises(DataError) as err:
        _world(data, ports=_port(capacity="3 XP"))
    assert str(err.value) == ("scenario.toml: table ports, key 0.capacity: the amount must be SP and Tokens like 3 SP 2T, "
                              "2SP, 1T or 1.5 (SP), not '3 XP'")
    with pytest.raises(DataError) as err:
        _world(data, turn={"first_player": 3})
    assert str(err.value).startswith("scenario.toml: table turn, key first_player: ")
