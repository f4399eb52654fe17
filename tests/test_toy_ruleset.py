"""Issue 31: a toy rule set added from outside, installed as pip installs a package, and used through every surface.

The toy (``tests/toy/convoy_rules``: a few ports, one phase a side, one dice verb) is copied into a folder of its
own with a ``convoy_rules-1.0.dist-info`` beside it declaring its entry point, as ``pip install`` leaves a
package in ``site-packages``. The app finds it there through the registry, like any third party's rule set:
in this process (``sys.path`` and :func:`tui.engine.registry.reset`) and in a fresh one (``PYTHONPATH``). Then
``scenarios``, ``new``, ``exec``, ``show``, ``next``, ``why`` and ``scenario template/import/export`` are run on
it, the TUI is driven by its keys, and the Ports mode is compared with a snapshot. Nothing in ``tui/`` names it,
and it imports nothing of Harbormaster but ``tui.rules.core``. ``docs/writing-a-rule-set.md`` is its guide.
"""

from __future__ import annotations

import ast
import csv
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from pilot_keys import type_keys, until
from test_narrow import screen_text
from test_snapshots import SIZE, fixed_clock, run, select, settle
from tui.app import HarbormasterApp, make_app
from tui.engine import registry, setup
from tui.paths import data_dir
from tui.screens.dice_prompt import DicePrompt
from tui.session import memory_game
from tui.widgets.port_table import PortTable

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "toy" / "convoy_rules"
PACKAGE = "convoy_rules"
ENTRY_POINTS = "[harbormaster.rulesets]\nconvoy = convoy_rules.plugin:PLUGIN\n"
"""The ``entry_points.txt`` pip writes for ``[project.entry-points."harbormaster.rulesets"] convoy = ...``."""


def install(folder: Path) -> Path:
    """Install the toy into ``folder/site`` as pip would: the package, and its ``.dist-info`` naming the entry point."""
    site = folder / "site"
    site.mkdir(mode=0o755)
    shutil.copytree(TOY, site / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "convoy_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: convoy-rules\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return site


def forget() -> None:
    """Forget the installed rule sets, the rule sets loaded and the toy's modules (whichever site they came from)."""
    registry.reset()
    setup.load_ruleset.cache_clear()
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
        del sys.modules[name]


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The toy installed in this process (its site first on ``sys.path``); taken away again afterwards."""
    site = install(tmp_path)
    monkeypatch.syspath_prepend(str(site))
    forget()
    yield site
    monkeypatch.undo()
    forget()


@pytest.fixture
def hm(tmp_path: Path) -> Any:
    """``harbormaster ARGS`` in a fresh process with the toy installed (``PYTHONPATH``), run in ``tmp_path/work``,
    HOME and every XDG folder inside ``tmp_path``; returns the finished process."""
    site = install(tmp_path)
    home = tmp_path / "home"
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARBORMASTER_", "XDG_"))}
    env.update(PYTHONPATH=str(site), HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_STATE_HOME=str(home / ".local" / "state"),
               XDG_CACHE_HOME=str(home / ".cache"))

    def call(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=work, env=env, capture_output=True,
                              text=True, timeout=120)
        if ok:
            assert done.returncode == 0, done.stdout + done.stderr
        return done

    call.work = work  # type: ignore[attr-defined]
    return call


def rows(path: Path) -> list[list[str]]:
    """The rows of a CSV file, header first."""
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


# ------------------------------------------------------------------------------------------------ the command line
def test_the_toy_is_found_only_once_installed(toy: Path) -> None:
    """Installed (its ``.dist-info`` on ``sys.path``), the toy is a rule set like the bundled ones; taken away, it is
    gone."""
    assert "convoy" in registry.ids()
    assert registry.plugin("convoy").package == PACKAGE
    assert setup.RULESETS["convoy"] == PACKAGE
    sys.path.remove(str(toy))
    forget()
    assert "convoy" not in registry.ids()


@pytest.mark.slow  # a dozen fresh processes
def test_scenarios_new_exec_show_and_next(hm: Any) -> None:
    """The whole game from the command line: the bundled scenario is listed, a game made from it, a convoy arrives
    (5) and one is lost (2, logged, nothing changed), a blue port refused in red's phase, a roll needed in a game of
    typed dice, the sequence walked into turn 2, every figure explained with its rule; ``setup`` edits the ports
through the toy's scenario form and its checks."""
    listed = hm("scenarios").stdout.splitlines()
    assert [line.split() for line in listed if "convoy" in line] == [["convoy-demo", "convoy", "1", "Convoy", "demo", "(toy)"]]

    assert hm("new", "G.json", "--ruleset", "convoy").stdout == "Created G.json: Convoy demo (toy) (convoy), Turn 1\n"
    assert hm("new", "D.json", "--scenario", "convoy-demo").stdout == "Created D.json: Convoy demo (toy) (convoy), Turn 1\n"

    assert hm("exec", "G.json", "convoy Dover --dice 5").stdout == (
        "ok: convoy Dover --dice 5\n"
        "  Dover: convoy roll 5, arrives; cargo 1 -> 2 of 3 (T2)\n"
        "    convoy to Dover: 1d6 = 5 = 5 (typed)\n")
    assert hm("exec", "G.json", "convoy dov --dice 2").stdout == (  # a prefix names the port; the log keeps the name
        "ok: convoy Dover --dice 2\n"
        "  Dover: convoy roll 2, under 4: lost at sea; cargo stays 2 of 3 (T2)\n"
        "    convoy to Dover: 1d6 = 2 = 2 (typed)\n")
    refused = hm("exec", "G.json", "convoy Calais --dice 6", ok=False)
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == ("refused: convoy Calais --dice 6\n"
                              "  Calais is a blue port: in the red Convoy phase only red ports receive convoys (T2)\n"
                              "  nothing was changed\n")
    no_die = hm("exec", "G.json", "convoy Harwich", ok=False)
    assert no_die.returncode == 1 and no_die.stderr.startswith(
        "refused: convoy Harwich\n  convoy to Harwich needs 1d6 (it arrives on 4 or more (T2)): type its dice")

    assert hm("show", "G.json", "ports").stdout == (
        "Turn 1 · Red player turn › Convoy phase\n"
        "Port        Owner  Capacity  Cargo  Room\n"
        "----------  -----  --------  -----  ----\n"
        "Dover       red    3         2      1\n"
        "Harwich     red    2         0      2\n"
        "Portsmouth  red    4         4      0\n"
        "Calais      blue   3         2      1\n"
        "Dunkirk     blue   2         0      2\n")
    log = [line.rstrip() for line in hm("show", "G.json", "log").stdout.splitlines()]
    assert log[0].split() == ["#", "Turn", "Side", "Command", "Result", "Dice"]
    assert log[2:] == [
        "1  Turn 1  red   convoy Dover --dice 5  Dover: convoy roll 5, arrives; cargo 1 -> 2 of 3 (T2)                1d6=5 (typed)",
        "2  Turn 1  red   convoy Dover --dice 2  Dover: convoy roll 2, under 4: lost at sea; cargo stays 2 of 3 (T2)  1d6=2 (typed)",
    ]

    walked = hm("exec", "G.json", "convoy Portsmouth --dice 6", "next", "convoy Calais --dice 4", "next").stdout
    assert walked == (
        "ok: convoy Portsmouth --dice 6\n"
        "  Portsmouth: convoy roll 6, arrives; cargo 4 -> 4 of 4 (T2); the port is full, the rest is lost (T3)\n"
        "    convoy to Portsmouth: 1d6 = 6 = 6 (typed)\n"
        "ok: next\n"
        "  → Turn 1 · Blue player turn › Convoy phase\n"
        "ok: convoy Calais --dice 4\n"
        "  Calais: convoy roll 4, arrives; cargo 2 -> 3 of 3 (T2)\n"
        "    convoy to Calais: 1d6 = 4 = 4 (typed)\n"
        "ok: next\n"
        "  → Turn 2 · Red player turn › Convoy phase\n")
    assert hm("show", "G.json", "phase").stdout == (
        "Convoy demo (toy) — Turn 2 — Red player turn › Convoy phase\n"
        "▶ Red player turn › Convoy phase\n"
        "  Blue player turn › Convoy phase\n"
        "No pending prompts.\n")
    assert hm("exec", "G.json", "why Calais").stdout == (
        "ok: why Calais\n"
        "  Why: Calais\n"
        "    Cargo at Calais = 3  [T1]\n"
        "    Room at Calais = 0  [T3]\n"
        "      capacity: 3  [T1]\n"
        "      less the cargo held: 3  [T1]\n")
    assert "convoy PORT" in hm("exec", "G.json", "help convoy").stdout

    assert hm("exec", "D.json", "setup add ports name=Rye owner=red capacity=2").stdout == (  # Setup: the form's kinds
        "ok: setup add ports name=Rye owner=red capacity=2\n  Setup: added ports Rye\n")
    refused = hm("exec", "D.json", "setup edit ports Rye cargo=3", ok=False)
    assert refused.stderr == ("refused: setup edit ports Rye cargo=3\n"
                              "  refused, nothing changed: ports Rye, cargo: 3 is more than the capacity, 2 (T3)\n"
                              "  nothing was changed\n")


@pytest.mark.slow  # a dozen fresh processes
def test_scenario_template_import_new_and_export_round_trip(hm: Any) -> None:
    """``scenario template`` writes the toy's CSV form; filled in, ``scenario import`` makes a TOML scenario a new game
    starts from; ``scenario export`` of that game gives the same rows back; a bad row is named by file, line and
    column, and nothing is written."""
    work: Path = hm.work
    assert hm("scenario", "template", "--ruleset", "convoy", "-o", "T").returncode == 0
    assert sorted(p.name for p in (work / "T").iterdir()) == ["ports.csv", "scenario.csv"]
    assert rows(work / "T" / "ports.csv") == [["name", "owner", "capacity", "cargo"], ["# Dover", "red", "3", "1"]]
    assert rows(work / "T" / "scenario.csv")[0] == ["id", "name", "ruleset", "start", "segment", "illustrative", "note", "dice"]

    scenario = [["id", "name", "ruleset", "start", "segment", "illustrative", "note", "dice"],
                ["narrow-sea", "The Narrow Sea", "convoy", "3", "", "", "", "app"]]
    ports = [["name", "owner", "capacity", "cargo"], ["Rye", "red", "2", "1"], ["Boulogne", "blue", "3", "0"],
             ["Ostend", "blue", "1", "1"]]
    for name, table in (("scenario.csv", scenario), ("ports.csv", ports)):
        with (work / "T" / name).open("w", newline="", encoding="utf-8") as fh:
            csv.writer(fh, lineterminator="\n").writerows(table)
    assert hm("scenario", "import", "--ruleset", "convoy", "T", "-o", "x.toml").stdout == (
        "Wrote x.toml: The Narrow Sea (convoy); start a game with: harbormaster new SAVE --scenario x.toml\n")
    toml = tomllib.loads((work / "x.toml").read_text(encoding="utf-8"))
    assert toml["ports"] == [{"name": "Rye", "owner": "red", "capacity": 2, "cargo": 1},
                             {"name": "Boulogne", "owner": "blue", "capacity": 3, "cargo": 0},
                             {"name": "Ostend", "owner": "blue", "capacity": 1, "cargo": 1}]

    assert hm("new", "N.json", "--scenario", "x.toml", "--seed", "7").stdout == (
        "Created N.json: The Narrow Sea (convoy), Turn 3\n")
    assert hm("show", "N.json", "ports").stdout.splitlines()[3:] == [
        "Rye       red    2         1      1", "Boulogne  blue   3         0      3", "Ostend    blue   1         1      0"]
    hm("scenario", "export", "N.json", "-o", "E")
    assert rows(work / "E" / "ports.csv") == ports
    # the game keeps its illustrative flag and note, and the export writes the flag as kept (issue 30 item 15)
    assert rows(work / "E" / "scenario.csv") == [scenario[0], ["narrow-sea", "The Narrow Sea", "convoy", "3", "", "false", "", "app"]]

    assert hm("exec", "N.json", "convoy Rye").stdout == (  # a game of app dice: the app rolls, seeded and logged
        "ok: convoy Rye\n"
        "  Rye: convoy roll 5, arrives; cargo 1 -> 2 of 2 (T2)\n"
        "    convoy to Rye: 1d6 = 5 = 5 (app, seed 2042301181)\n")
    hm("scenario", "export", "N.json", "-o", "E2")
    assert rows(work / "E2" / "ports.csv") == [*ports[:1], ["Rye", "red", "2", "2"], *ports[2:]]

    bad = [ports[0], ["Rye", "red", "2", "1"], ["Calais", "green", "2", "0"], ["Ostend", "blue", "1", "3"]]
    with (work / "T" / "ports.csv").open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, lineterminator="\n").writerows(bad)
    refused = hm("scenario", "import", "--ruleset", "convoy", "T", "-o", "bad.toml", ok=False)
    assert refused.returncode == 2
    assert refused.stderr == ("harbormaster: ports.csv, line 3, column owner: 'green' is not a side (red, blue)\n"
                              "harbormaster: ports.csv, line 4, column cargo: 3 is more than the capacity, 1 (T3)\n"
                              "harbormaster: nothing was written\n")
    assert not (work / "bad.toml").exists()


# ---------------------------------------------------------------------------------------------------------- the TUI
def toy_app() -> HarbormasterApp:
    """A new game of the toy's bundled scenario (seed 1, fixed clock), in the app as production builds it."""
    return make_app(memory_game(data_dir(), "convoy", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def test_the_convoy_key_on_a_port_asks_the_die_and_the_table_and_the_log_show_it(toy: Path) -> None:
    """Ports mode: ``c`` on Dover asks for the die (the scenario's dice are typed), 5 typed: the convoy arrives, the
    table shows Dover's new cargo and room, the result explains the cargo with its rules, and the Log mode lists the
    command, its result and its die."""
    app = toy_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports" and app.screen.query(PortTable))
        await select(pilot, "Dover")
        table = app.screen.query_one(PortTable)
        assert [str(c) for c in table.get_row("Dover")] == ["Dover", "red", "3", "1", "2"]
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await type_keys(pilot, "5")
        await pilot.press("enter")
        await until(pilot, lambda: app.game.events)
        event = app.game.events[-1]
        assert (event["command"], event["summary"]) == ("convoy Dover --dice 5", "Dover: convoy roll 5, arrives; cargo 1 -> 2 of 3 (T2)")
        assert [(d["faces"], d["source"]) for d in event["dice"]] == [([5], "typed")]
        await until(pilot, lambda: [str(c) for c in table.get_row("Dover")] == ["Dover", "red", "3", "2", "1"])

        result = app.game.execute("convoy Harwich --dice 4")
        assert [e.lines() for e in result.explanations] == [[
            "Cargo at Harwich = 1  [T2, T3]", "  cargo before: 0  [T1]", "  convoy arrived (roll 4, 4 or more): 1  [T2]",
            "  capacity: the most it holds: 2  [T3]"]]

        await pilot.press("4")
        await until(pilot, lambda: app.current_mode == "log")
        await until(pilot, lambda: "cargo 1 -> 2 of 3" in screen_text(app))
        text = screen_text(app)
        assert "convoy Dover --dice 5" in text and "1d6=5" in text


async def test_a_blue_port_is_refused_in_the_red_phase_and_nothing_is_asked(toy: Path) -> None:
    """``c`` on Calais in red's Convoy phase: refused with the rule, no die asked, nothing logged."""
    app = toy_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await select(pilot, "Calais")
        await pilot.press("c")
        await until(pilot, lambda: any("blue port" in n.message for n in app.notices))
        assert not app.screen.is_modal and app.game.events == []


class TestToyPortsMode:
    """The Ports mode of the toy game, as a snapshot."""

    def test_after_a_convoy(self, toy: Path, snap_compare: Any) -> None:
        """Dover after a convoy arrived (a typed 5): its cargo 2 of 3, selected, its "why?" below; the ``c`` key in
        the footer and the key legend."""

        async def scene(pilot: Pilot[Any]) -> None:
            await run(pilot, "convoy Dover --dice 5")
            await pilot.press("2")
            await select(pilot, "Dover")
            await settle(pilot)

        assert snap_compare(toy_app(), terminal_size=SIZE, run_before=scene)


# ------------------------------------------------------------------------------------------------ from outside only
#: The toy named as a word: its package, or its id not inside another word (Europa's cargo names ``sp:7@convoy``).
TOY_NAMED = re.compile(r"convoy_rules|(?<![\w@:-])convoy(?![\w-])", re.IGNORECASE)
#: The one place ``tui/`` holds such a word: the contract's docstring shows an entry point with the toy's names.
CONTRACT_EXAMPLE = (ROOT / "tui" / "rules" / "core" / "plugin.py", 'convoy = "convoy_rules.plugin:PLUGIN"')


def test_nothing_in_tui_names_the_toy() -> None:
    """The app does not know the toy: no file under ``tui/`` names it (outside the example of an entry point in the
    contract's docstring, which is documentation), and Harbormaster's own ``pyproject.toml`` does not declare it."""
    found = []
    for path in sorted((ROOT / "tui").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if TOY_NAMED.search(line):
                found.append((path, line.strip()))
    assert found == [CONTRACT_EXAMPLE]
    path, example = CONTRACT_EXAMPLE
    assert example in (ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "")
    assert PACKAGE not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_toy_imports_only_the_rules_core() -> None:
    """The toy is written against the contract alone: of Harbormaster it imports ``tui.rules.core`` modules only."""
    imported = set()
    for path in sorted(TOY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    ours = {name for name in imported if name == "tui" or name.startswith("tui.")}
    assert ours and all(name.startswith("tui.rules.core.") for name in ours), sorted(ours)
