"""The bundled Pacific scenario (awaw-pacific-1942, issue 20 "The Pacific playable"): it loads and says its factors
are illustrative."""

from __future__ import annotations

import tomllib

import pytest

from tui.engine.setup import load_ruleset, load_scenario, scenario_paths
from tui.paths import data_dir

SCENARIO = "awaw-pacific-1942"


def test_issue20_the_pacific_scenario_loads_with_its_boxes_groups_and_three_navies() -> None:
    rs = load_ruleset("awaw", data_dir())
    scen = load_scenario(data_dir(), SCENARIO)
    assert scen.info.ruleset == "awaw" and scen.info.start == "Summer 1942"
    world = rs.world_from_scenario(scen.raw, scen.path.name)
    assert {u.power for u in world.units.values()} == {"japan", "usa", "britain"}
    assert {"Pacific U.S.", "Australia", "India", "South Africa", "Pacific SW", "Indian Ocean SW"} <= set(world.bases)
    assert {b.kind for b in world.bases.values() if b.name in ("Pacific SW", "Indian Ocean SW")} == {"sw-box"}
    assert {n for n, b in world.bases.items() if b.theater != "pacific"} == {"Suez", "South Africa"}
    groups = {b.group for b in world.bases.values()}
    assert {"japan", "hawaiian", "society", "aleutians"} <= groups
    assert world.bases["Singapore"].hex == "DD11" and world.hex_control["DD11"] == "japan"  # 21.211H
    assert world.units["Yamato"].type == "battleship-5" and world.units["Musashi"].inverted  # 21.34
    assert world.drm == {"japan": 1, "usa": 0, "britain": 2, "france": 0, "germany": 0, "italy": -1, "ussr": -1}
    assert SCENARIO in [p.stem for p in scenario_paths(data_dir())]


@pytest.mark.parametrize("name", ["awaw-mediterranean-1942", SCENARIO])
def test_issue20_both_awaw_scenarios_say_plainly_that_their_factors_are_illustrative(name: str) -> None:
    path = data_dir() / "scenarios" / f"{name}.toml"
    info = tomllib.loads(path.read_text(encoding="utf-8"))["scenario"]
    assert info["illustrative"] is True and "(illustrative)" in info["name"]
    assert info["note"].startswith("Illustrative: not an official A World at War scenario. Factors")
    assert path.read_text(encoding="utf-8").startswith("# ILLUSTRATIVE scenario")
