"""Issue 23 (done means 1): for each rule set a scenario built from CSV files made here (at least 40 ports or 150
units), imported, started, a turn played through the engine, exported and re-imported identical."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from tui.cli import main
from tui.engine.setup import load_scenario
from tui.paths import data_dir
from tui.rules.europa.world import PORT_TYPES
from tui.scenario.build import from_csv, normal, read_toml_scenario
from tui.scenario.export import from_game
from tui.session import open_game

DATA = data_dir()


def text(rows: list[dict[str, Any]]) -> str:
    """CSV text of ``rows`` (the header is the first row's keys)."""
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def info(ruleset: str, start: str) -> str:
    return text([{"id": f"my-{ruleset}", "name": f"My {ruleset} game, \"big\"", "ruleset": ruleset, "start": start}])


def europa_csv() -> dict[str, str]:
    """45 ports on the sea zones the bundled scenario uses, a name with a comma and quotes among them."""
    zones = sorted({p["sea_zone"] for p in load_scenario(DATA, "mediterranean-1943").raw["ports"] if p.get("sea_zone")})
    ports = [{"name": f"Port {i:02d}" if i != 7 else 'Port "Seven", North', "type": PORT_TYPES[i % len(PORT_TYPES)],
              "owner": ("axis", "allied")[i % 2], "harbour": "none", "hex": f"19A:{1000 + i}", "sea_zone": zones[i % len(zones)],
              "nation": ("german", "british")[i % 2], "mines": i % 3} for i in range(45)]
    return {"scenario.csv": info("europa", "Jan I 1943"), "ports.csv": text(ports),
            "other_waters.csv": text([{"name": "Caspian Sea"}]),
            "nations.csv": text([{"side": "axis", "nation": "german"}, {"side": "allied", "nation": "british"}]),
            "port_nations.csv": text([{"port": "Port 04", "axis": "italian", "allied": ""}])}


def ocs_csv() -> dict[str, str]:
    """40 ports, some with their own Damage Track."""
    ports = [{"name": f"Port {i:02d}", "owner": ("axis", "allied")[i % 2], "capacity": f"{1 + i % 5} SP", "hex": f"A{i:02d}",
              "damage_track": "2 SP;1 SP;2T" if i % 5 == 1 else "", "supply_source": str(i % 7 == 0).lower(), "hits": i % 3}
             for i in range(40)]
    return {"scenario.csv": info("ocs", "1"), "turn.csv": text([{"first_player": "axis"}]),
            "sea_cap.csv": text([{"allowance": "axis=2;allied=4"}]), "ports.csv": text(ports)}


def awaw_csv() -> dict[str, str]:
    """150 units on the bundled scenario's bases, as each power's bundled units are based."""
    raw = load_scenario(DATA, "awaw-mediterranean-1942").raw
    bases = [{"name": b["name"], "kind": b["kind"], "fronts": ";".join(b.get("fronts", [])), "theater": b.get("theater", "europe"),
              "hex": b.get("hex", ""), "control": b.get("control", "neutral")} for b in raw["bases"]]
    model = raw["units"]
    units = [{"id": f"U{i:03d}", "power": model[i % len(model)]["power"], "type": model[i % len(model)]["type"],
              "factors": 1 + i % 9, "base": model[i % len(model)]["base"], "name": f"Unit {i}, the \"{i}th\"",
              "nation": model[i % len(model)].get("nation") or model[i % len(model)]["power"], "fast": str(i % 2 == 0).lower()}
             for i in range(150)]
    return {"scenario.csv": info("awaw", "Summer 1942"), "turn.csv": text([{"first_player": "axis"}]),
            "drm.csv": text([{"nation": k, "drm": v} for k, v in raw["drm"].items()]),
            "hex_control.csv": text([{"hex": k, "control": v} for k, v in raw["hex_control"].items()]),
            "bases.csv": text(bases), "units.csv": text(units)}


def logistics_csv() -> dict[str, str]:
    """A 20 x 12 map: every hex listed (240), a dozen cities and towns, airfields and a bridge over a river."""
    hexes = []
    for col in range(1, 21):
        for row in range(1, 13):
            h = {"hex": f"{col:02d}{row:02d}", "terrain": "clear", "name": "", "size": 0, "coastal": str(row == 1).lower(),
                 "control": "allied" if col <= 10 else "axis"}
            if row == 6 and col % 3 == 0:
                h.update(terrain="city", name=f"City {col}, \"on the plain\"", size=3)
            hexes.append(h)
    return {"scenario.csv": info("logistics", "1"),
            "map.csv": text([{"columns": 20, "rows": 12, "centre": "1006", "storm": "1006"}]),
            "turn.csv": text([{"first_player": "allied", "production_every": 2, "production_from": 2}]),
            "hexes.csv": text(hexes),
            "rivers.csv": text([{"hexsides": "1003/1103;1004/1104"}]),
            "bridges.csv": text([{"hexside": "1003;1103", "name": "Old bridge"}]),
            "airfields.csv": text([{"hex": "0202", "owner": "allied", "major": "true"}, {"hex": "1902", "owner": "axis"}])}


CSVS = {"europa": europa_csv, "ocs": ocs_csv, "awaw": awaw_csv, "logistics": logistics_csv}


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir()
    for name, body in files.items():
        (folder / name).write_text(body, encoding="utf-8")
    return folder


def play_turn(game: Any) -> None:
    """Play to the next game turn through the engine: 'next', answering each choice prompt with its first choice."""
    start = game.state.flow.turn
    for _ in range(400):
        if game.state.flow.turn != start:
            return
        if not game.execute("next").ok:
            asked = [p for p in game.state.flow.pending if p.kind == "choice" and p.choices]
            if asked:
                assert game.execute(f"answer {asked[0].id} {asked[0].choices[0]}").ok
            assert game.execute("next --force").ok
    raise AssertionError("the turn did not end")


@pytest.mark.parametrize("ruleset", sorted(CSVS))
def test_issue23_csv_import_start_turn_export_reimport_identical(ruleset: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: CSV -> scenario -> new game -> export (identical to the import) -> a turn -> export -> re-import
    identical to the game's state."""
    folder = write(tmp_path / "csv", CSVS[ruleset]())
    toml = tmp_path / "my-game.toml"
    assert main(["scenario", "import", "--ruleset", ruleset, str(folder), "-o", str(toml)]) == 0, capsys.readouterr().err
    imported = read_toml_scenario(toml)
    assert len(imported.get("ports", imported.get("units", imported.get("hexes", [])))) >= 40
    save = tmp_path / "game.hm"
    assert main(["new", str(save), "--scenario", str(toml)]) == 0, capsys.readouterr().err

    assert main(["scenario", "export", str(save), "-o", str(tmp_path / "start")]) == 0
    again = from_csv(ruleset, [tmp_path / "start"], DATA)
    assert normal(ruleset, again) == normal(ruleset, imported)

    game = open_game(save, DATA, mode="write")
    try:
        before = game.state.flow.turn
        play_turn(game)
        assert game.state.flow.turn == before + 1
        state, rules, meta = game.state, game.ruleset, game.meta
    finally:
        game.close()
    assert main(["scenario", "export", str(save), "-o", str(tmp_path / "out")]) == 0
    back = tmp_path / "back.toml"
    assert main(["scenario", "import", "--ruleset", ruleset, str(tmp_path / "out"), "-o", str(back)]) == 0
    assert normal(ruleset, read_toml_scenario(back)) == normal(ruleset, from_game(state, rules, meta))
    assert read_toml_scenario(back)["scenario"]["start"] != imported["scenario"]["start"]
