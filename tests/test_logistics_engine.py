"""The logistics rule set in the engine and the CLI: refusals change nothing, saves replay, ``show map``, data errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import fixed_clock
from logistics_game import PRODUCTION_TURN, at, logistics_game, ok
from tui.outputs import report
from tui.cli import main
from tui.engine.setup import load_ruleset, load_scenario
from tui.rules.core.errors import DataError
from tui.session import create_game, memory_game, open_game

REFUSED = (
    "storm",  # not legal at the initiative
    "hit road 0101",
    "airfield 0302",
    "factory Kingsbridge air 1",
    "capture 9999 axis",
    "control 0101 allied",
    "optional marine-building maybe",
    "mulberry 0101 --sid axis",
    "first allied",
    "exchange Portsea navy navy",
)


@pytest.mark.parametrize("line", REFUSED)
def test_refusals_leave_the_save_byte_identical(line: str, data: Path, tmp_path: Path) -> None:
    game = create_game(tmp_path / "g.json", data, "logistics", seed=1, clock=fixed_clock)
    before = (tmp_path / "g.json").read_bytes()
    result = game.execute(line)
    assert not result.ok and result.message
    assert (tmp_path / "g.json").read_bytes() == before
    game.close()


def test_a_played_turn_replays_to_the_saved_state(data: Path, tmp_path: Path) -> None:
    game = create_game(tmp_path / "g.json", data, "logistics", seed=5, clock=fixed_clock)
    for line in ("answer initiative 6,6,1,1", "next", "answer storm roll", "next", "next", "hit bridge 1209-1310 2"):
        ok(game, line)
    at(game, PRODUCTION_TURN, "produce")
    ok(game, "airfield 0505")
    ok(game, "produce Portsea navy navy")
    at(game, PRODUCTION_TURN, "production-end")
    ok(game, "answer grow-1602 air")
    ok(game, "answer grow-1103 navy")
    ok(game, "next")  # the growth, on leaving End of production (Factories ¶6)
    game.close()
    again = open_game(tmp_path / "g.json", data, fixed_clock, verify=True)
    assert again.verify() is None
    assert again.state.world.airfields["0505"].owner == "allied"
    assert again.state.world.factories["1602"] == {"navy": 1, "air": 2}
    again.close()


def test_undo_restores_the_storm() -> None:
    game = at(logistics_game(), 1, "storm")
    ok(game, "storm 3 2")
    moved = game.state.world.storm
    ok(game, "undo")
    assert game.state.world.storm == "1309" != moved


def test_show_map_prints_the_hexes_and_json_gives_every_hex(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    create_game(path, data, "logistics", seed=1, clock=fixed_clock).close()
    assert main(["show", str(path), "map"]) == 0
    text = capsys.readouterr().out
    assert "Storm at 1309" in text and "/  0101  \\" in text and "●3F" in text and "Portse" in text  # large hexes, names
    assert main(["show", str(path), "map", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["map"]
    assert len(rows) == 26 * 19  # 18 rows of land under a row 0 of sea (issue 21, Missing: sea hexes)
    portsea = next(r for r in rows if r["hex"] == "0302")
    assert portsea["place"] == "Portsea" and portsea["factories"] == {"navy": 2, "air": 1}
    assert sum(1 for r in rows if r["storm"]) == 7


def test_views_of_a_logistics_game() -> None:
    game = logistics_game()
    assert {"ports", "map", "crossings", "airfields"} <= set(report.views(game))
    assert "Portsea" in report.text(game, "ports")


def test_scenario_errors_name_file_table_and_key(data: Path, tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(data, copy)
    load_ruleset.cache_clear()
    path = copy / "scenarios" / "logistics-channel-coast.toml"
    text = path.read_text()
    cases = (
        ('hex = "0302"', 'hex = "3302"', "table hexes, key 0.hex"),
        ('factories = { navy = 2, air = 1 }', 'factories = { navy = 2, air = 2 }', "table hexes, key 0.factories"),
        ('hexside = ["1209", "1310"]', 'hexside = ["1209", "1311"]', "table bridges, key 1.hexside"),
        ('hex = "0506"\nowner = "allied"', 'hex = "1006"\nowner = "allied"', "table airfields, key 0.hex"),
    )
    try:
        for old, new, where in cases:
            path.write_text(text.replace(old, new, 1))
            with pytest.raises(DataError) as err:
                memory_game(copy, "logistics", "logistics-channel-coast")
            assert err.value.file == "logistics-channel-coast.toml" and where in err.value.where, str(err.value)
        rules = copy / "rulesets" / "logistics.toml"
        rules.write_text(rules.read_text().replace('value = "2d6"\nrule = "Storms ¶4"', 'value = "3d6"\nrule = "Storms ¶4"', 1))
        load_ruleset.cache_clear()
        with pytest.raises(DataError) as err:
            load_ruleset("logistics", copy)
        assert "table storm, key dice.value" in str(err.value)
    finally:
        load_ruleset.cache_clear()


def test_every_verb_has_syntax_help_rule_and_declares_its_options() -> None:
    game = logistics_game()
    for verb in game.ruleset.verbs.values():
        assert verb.syntax.startswith(verb.name) and verb.help and verb.rule, verb.name
        for option in verb.options:
            assert f"--{option}" in verb.syntax, (verb.name, option)
    assert load_scenario(Path(__file__).resolve().parent.parent / "data", "logistics-channel-coast").info.illustrative
