"""Issue 23: ``harbormaster scenario check``, ``template``, ``schema`` and ``export``; ``new --scenario FILE``; the
generated documentation; the scenario package knows no screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import main
from tui.engine.setup import RULESETS
from tui.scenario.docs import page, schema

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_issue23_template_check_import_new_round(ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: a template has a header and one commented example row per file of rows (issue 30.11: a file of
    one row has that row, live); the bundled game exported checks and imports, and a new game starts from the
    imported file."""
    from tui.scenario.forms import form

    assert main(["scenario", "template", "--ruleset", ruleset, "-o", str(tmp_path / "tpl")]) == 0
    one_row = {k.file for k in form(ruleset) if k.shape == "table"}
    for path in (tmp_path / "tpl").iterdir():
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == 2 and lines[1].startswith("#") != (path.name in one_row), path.name
    save = tmp_path / "bundled.hm"
    assert main(["new", str(save), "--ruleset", ruleset]) == 0
    assert main(["scenario", "export", str(save), "-o", str(tmp_path / "out")]) == 0
    assert main(["scenario", "check", str(tmp_path / "out")]) == 0
    toml = tmp_path / "mine.toml"
    assert main(["scenario", "import", "--ruleset", ruleset, str(tmp_path / "out"), "-o", str(toml)]) == 0
    assert main(["scenario", "check", str(toml)]) == 0
    assert main(["new", str(tmp_path / "mine.hm"), "--scenario", str(toml)]) == 0
    assert f"({ruleset})" in capsys.readouterr().out


def test_issue23_check_names_the_problem_of_a_toml_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``scenario check`` of a TOML file gives the rule set's message, naming table and key."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nid = "x"\nname = "x"\nruleset = "ocs"\nstart = "1"\n[turn]\nfirst_player = "axis"\n'
                   '[[ports]]\nname = "A"\nowner = "nobody"\ncapacity = 1\n[extra]\nx = 1\n', encoding="utf-8")
    assert main(["scenario", "check", str(bad)]) == 2
    assert "bad.toml: table extra: is not a table of a ocs scenario" in capsys.readouterr().err
    bad.write_text(bad.read_text().split("[extra]")[0], encoding="utf-8")
    assert main(["scenario", "check", str(bad)]) == 2
    assert "bad.toml: table ports, key 0.owner: 'nobody' is not a side" in capsys.readouterr().err


def test_issue23_check_of_one_csv_file_checks_its_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``scenario check units.csv --ruleset awaw`` checks the rows with the import's messages."""
    units = tmp_path / "units.csv"
    units.write_text("id,power,type,factors,base\nA,britain,cruiser,x,Malta\n", encoding="utf-8")
    assert main(["scenario", "check", str(units), "--ruleset", "awaw"]) == 2
    assert "units.csv, line 2, column factors: 'x' is not a whole number" in capsys.readouterr().err
    assert main(["scenario", "check", str(units)]) == 2
    assert "give the rule set" in capsys.readouterr().err


def test_issue23_export_never_overwrites_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: an export into a folder holding its files writes nothing without --force."""
    save = tmp_path / "g.hm"
    assert main(["new", str(save), "--ruleset", "ocs"]) == 0
    out = tmp_path / "out"
    out.mkdir()
    (out / "ports.csv").write_text("mine\n")
    assert main(["scenario", "export", str(save), "-o", str(out)]) == 2
    assert sorted(p.name for p in out.iterdir()) == ["ports.csv"] and (out / "ports.csv").read_text() == "mine\n"
    assert main(["scenario", "export", str(save), "-o", str(out), "--force"]) == 0
    assert (out / "ports.csv").read_text().startswith("name,owner,capacity")


def test_issue23_new_scenario_file_is_refused_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``new --scenario PATH`` refuses a missing file, a folder and a pipe (never read) in one line."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    (tmp_path / "dir.toml").mkdir()
    for target in ("missing.toml", "dir.toml", "pipe.toml"):
        assert main(["new", str(tmp_path / "g.hm"), "--scenario", str(tmp_path / target)]) == 2
        err = capsys.readouterr().err
        assert target in err and "Traceback" not in err
    assert not (tmp_path / "g.hm").exists()
    assert main(["new", str(tmp_path / "sub" / "g.hm"), "--ruleset", "ocs", "--scenario", str(tmp_path / "missing.toml")]) == 2
    assert not (tmp_path / "sub").exists()


def test_issue23_schema_and_docs_are_generated_from_the_structs_and_committed() -> None:
    """Issue 23: docs/scenario-R.md and docs/scenario-R.schema.json are what the code makes now."""
    for ruleset in RULESETS:
        assert (ROOT / "docs" / f"scenario-{ruleset}.md").read_text(encoding="utf-8") == page(ruleset)
        committed = json.loads((ROOT / "docs" / f"scenario-{ruleset}.schema.json").read_text(encoding="utf-8"))
        assert committed == schema(ruleset)


def test_issue23_schema_command_prints_the_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: ``scenario schema --ruleset awaw`` prints a JSON Schema naming the units' fields."""
    assert main(["scenario", "schema", "--ruleset", "awaw"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "factors" in json.dumps(out) and out["$schema"].startswith("https://json-schema.org/")


def test_issue23_the_scenario_package_imports_no_screen() -> None:
    """Issue 23: the scenario code knows no screen (no Textual, no TinyDB)."""
    code = "import sys, tui.scenario.build, tui.scenario.export, tui.scenario.docs; print('\\n'.join(sys.modules))"
    mods = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert "tui.scenario.build" in mods
    assert not any(m.startswith(("textual", "tinydb", "tui.screens", "tui.widgets")) for m in mods)


def test_issue23_a_logistics_export_keeps_the_boards_roads_railways_and_resources(tmp_path: Path, capsys) -> None:
    """Issue 23 with issue 21's board: ``scenario export`` writes the roads and railways (roads.csv, rails.csv) and
    a hex's resource, and the import gives back the same paths (they were dropped from the CSV files)."""
    from tui.paths import data_dir
    from tui.session import create_game

    game = create_game(tmp_path / "g.json", data_dir(), "logistics", seed=1)
    assert game.execute("hex 0505 resource 2").ok
    world = game.state.world
    game.close()
    assert world.roads and world.rails
    assert main(["scenario", "export", str(tmp_path / "g.json"), "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "roads.csv").is_file() and (tmp_path / "out" / "rails.csv").is_file()
    assert main(["scenario", "import", "--ruleset", "logistics", str(tmp_path / "out"), "-o", str(tmp_path / "b.toml")]) == 0
    capsys.readouterr()
    again = create_game(tmp_path / "b.json", data_dir(), "logistics", scenario=str(tmp_path / "b.toml"), seed=1)
    back = again.state.world
    again.close()
    assert set(back.roads) == set(world.roads) and set(back.rails) == set(world.rails)
    assert back.place("0505").resource == 2
