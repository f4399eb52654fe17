"""Packaging and data: the wheel carries data/, pyproject lists every package, every data file loads."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tui.engine.setup import RULESETS, load_ruleset, load_scenario, scenario_paths
from tui.rules.core.errors import DataError

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_lists_every_package() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tui").rglob("__init__.py")}
    assert found | {"tui.data"} == listed


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", readme, re.S)
    test_command = blocks[1].strip()
    assert "pytest" in test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()


def _suite_figures(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The suite's time ("12 to 14 minutes") and size ("about 3,600 tests") a text states, in order."""
    return re.findall(r"(\d+) to (\d+) minutes", text), re.findall(r"about ([\d,]+) tests", text)


def test_readme_states_how_long_its_test_command_takes_and_contributing_agrees() -> None:
    """Issue 31.3: right after its two commands (before its first section), README says how long the test command
    takes, once, as a range of minutes with the suite's size; CONTRIBUTING.md's "Tests" states the same figures."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    top = readme.split("\n## ", 1)[0]
    after = top.split("python -m pytest -q\n```", 1)[1]
    times, sizes = _suite_figures(after)
    assert len(times) == 1 and len(sizes) == 1, after
    low, high = map(int, times[0])
    assert 0 < low < high
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    tests = contributing.split("\n## Tests\n", 1)[1].split("\n## ", 1)[0]
    their_times, their_sizes = _suite_figures(tests)
    assert their_times[:1] == times and their_sizes[:1] == sizes, (times, sizes, their_times, their_sizes)


def test_every_data_file_loads(data: Path) -> None:
    """STYLE.md small rule 4: every file in data/ loads and validates."""
    for ruleset_id in RULESETS:
        load_ruleset(ruleset_id, data)
    paths = scenario_paths(data)
    assert paths
    for path in paths:
        load_scenario(data, path.stem)
    from tui.session import memory_game

    for path in paths:
        memory_game(data, load_scenario(data, path.stem).info.ruleset, path.stem)


def _copy_data(data: Path, tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data, target)
    load_ruleset.cache_clear()
    return target


def test_malformed_rule_set_names_file_table_and_key(data: Path, tmp_path: Path) -> None:
    copy = _copy_data(data, tmp_path)
    path = copy / "rulesets" / "europa.toml"
    path.write_text(path.read_text().replace("re_capacity = 6", 're_capacity = "six"', 1))
    with pytest.raises(DataError) as err:
        load_ruleset("europa", copy)
    assert str(err.value).startswith("europa.toml: table port_summary, key major.re_capacity")


def test_malformed_sequence_names_file_table_and_key(data: Path, tmp_path: Path) -> None:
    copy = _copy_data(data, tmp_path)
    path = copy / "rulesets" / "europa.toml"
    path.write_text(path.read_text().replace('children = ["initial-naval"', 'children = ["initial-navel"', 1))
    with pytest.raises(DataError) as err:
        load_ruleset("europa", copy)
    assert "europa.toml: table sequence, key steps.initial.children" in str(err.value)


def test_malformed_scenario_names_file_table_and_key(data: Path, tmp_path: Path) -> None:
    copy = _copy_data(data, tmp_path)
    path = copy / "scenarios" / "mediterranean-1943.toml"
    path.write_text(path.read_text().replace('type = "standard"', 'type = "huge"', 1))
    from tui.session import memory_game

    with pytest.raises(DataError) as err:
        memory_game(copy)
    assert "mediterranean-1943.toml: table ports, key 1.type" in str(err.value)
    path.write_text(path.read_text().replace('type = "huge"', 'typ = "standard"', 1))
    with pytest.raises(DataError) as err:
        memory_game(copy)
    assert "table ports, key 1" in str(err.value) and "typ" in str(err.value)


@pytest.mark.exclusive  # pip builds in the checkout (build/, *.egg-info): one build there at a time
def test_wheel_ships_the_data_and_runs_from_another_folder(tmp_path: Path) -> None:
    """`pip install .` then run from elsewhere: the data folder travels inside the wheel as tui/data."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)], check=True, capture_output=True)
    wheel = next(wheels.glob("harbormaster-*.whl"))
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)], check=True, capture_output=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "HARBORMASTER_DATA"}
    env["PYTHONPATH"] = str(target)  # ahead of any editable install of the checkout
    env["HARBORMASTER_HOME"] = str(elsewhere)
    py = sys.executable
    where = subprocess.run([py, "-c", "import tui, tui.paths; print(tui.__file__); print(tui.paths.data_dir())"], cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    module, data_folder = where.stdout.splitlines()
    assert module.startswith(str(target)) and data_folder == str(target / "tui" / "data")
    run = subprocess.run([py, "-m", "tui.cli", "new", "g.json"], cwd=elsewhere, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    shown = subprocess.run([py, "-m", "tui.cli", "show", "g.json", "ports"], cwd=elsewhere, env=env, capture_output=True, text=True)
    assert shown.returncode == 0 and "Alexandria" in shown.stdout
