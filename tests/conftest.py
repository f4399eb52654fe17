"""Shared fixtures: the bundled data folder, a fixed clock, games over both store back ends."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tui.paths import data_dir
from tui.session import create_game, memory_game, open_game

FIXED = datetime(2026, 11, 21, 12, 0, 0, tzinfo=timezone.utc)


def fixed_clock() -> datetime:
    """The clock of every test and snapshot."""
    return FIXED


@pytest.fixture(scope="session", autouse=True)
def no_cache_at_home(tmp_path_factory: pytest.TempPathFactory):
    """Issue 19: no test touches the user's cache folder. The rule-set cache is off (each test converts the data
    it loads, so a test that damages a file's parse sees the damage; tests/test_rule_cache.py turns the cache on
    in folders of its own), and the user cache folder of anything started from a test is a temporary one."""
    saved = {key: os.environ.get(key) for key in ("HARBORMASTER_CACHE", "XDG_CACHE_HOME")}
    os.environ["HARBORMASTER_CACHE"] = "off"
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def data() -> Path:
    """The bundled data folder."""
    return data_dir()


@pytest.fixture(params=["memory", "json"])
def game(request: pytest.FixtureRequest, data: Path, tmp_path: Path):
    """A new Mediterranean 1943 game over the in-memory and the JSON back end (seed 1, fixed clock)."""
    if request.param == "memory":
        return memory_game(data, seed=1, clock=fixed_clock)
    return create_game(tmp_path / "game.json", data, seed=1, clock=fixed_clock)


@pytest.fixture
def json_game(data: Path, tmp_path: Path):
    """A new game saved as JSON at tmp_path/game.json."""
    return create_game(tmp_path / "game.json", data, seed=1, clock=fixed_clock)


def reopen(game, data: Path):
    """End the session and open the same save again from disk (a restart)."""
    game.close()
    return open_game(game.store.path, data, clock=fixed_clock)


def guided(game, line: str, answers: dict[str, str]):
    """Run ``line`` answering each question it asks (``NeedAnswer``, by the question's id: ``check:cargo``) as the app
    does: the answer goes into the command, which runs again; nothing happens before the last. The last result."""
    command = line
    for _ in range(12):
        result = game.execute(command)
        if result.needs_answer is None:
            return result
        question = result.needs_answer
        assert question.prompt.id in answers, f"{line}: unexpected question {question.prompt.id}: {question.prompt.text}"
        command = question.answered(answers[question.prompt.id])
    raise AssertionError(f"{line}: too many questions")


@pytest.fixture(autouse=True)
def modes_built_when_shown(request: pytest.FixtureRequest):
    """Modes are built when first shown in tests (not ahead, in idle time), so what a test sees never depends on how
    fast the machine built them; tests marked ``prebuild`` keep the app's own behaviour (tests/test_prebuild.py)."""
    if request.node.get_closest_marker("prebuild"):
        yield
        return
    from tui.app import HarbormasterApp

    saved = HarbormasterApp.PREBUILD_AFTER
    HarbormasterApp.PREBUILD_AFTER = None
    try:
        yield
    finally:
        HarbormasterApp.PREBUILD_AFTER = saved
