"""Shared fixtures: the bundled data folder, a fixed clock, games over both store back ends; how a run is spread
over worker processes."""

from __future__ import annotations

import gc
import inspect
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
from filelock import FileLock

from tui.paths import data_dir
from tui.session import create_game, memory_game, open_game

#: Workers beyond the cores for a run of a folder (pytest-xdist's ``-n``): a test spends most of its time waiting
#: (the app's pilot pauses, subprocesses, files), so more workers than cores still gain.
EXTRA_WORKERS = 1

#: Set in a run started by a test that already holds the machine's lock of ``exclusive`` tests (the check that the
#: multi-user tests leave no account behind runs them inside itself): its tests then take no lock of their own.
EXCLUSIVE_HELD = "HARBORMASTER_TESTS_EXCLUSIVE_HELD"


def workers() -> int:
    """How many worker processes a run of a folder uses: the cores this process may use, plus ``EXTRA_WORKERS``."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + EXTRA_WORKERS


#: Slow tests that are no coroutine and compare no snapshot: test files (all their tests) and tests (every
#: parameter), each of more than a second on a quiet 2-core machine (``--durations``).
SLOW: frozenset[str] = frozenset({
    "tests/test_proofs.py", "tests/test_serve_browser.py", "tests/test_preload.py",
    "tests/test_canonical_commands.py::test_the_canonical_form_parses_back_to_the_same_command",
    "tests/test_canonical_commands.py::test_any_line_that_parses_has_a_canonical_form_that_parses_the_same",
    "tests/test_savecheck_events.py::test_the_quick_look_refuses_and_names_exactly_what_the_full_check_does",
    "tests/test_number_input.py::test_every_number_reader_refuses_or_reads_but_never_raises_anything_else",
    "tests/test_prebuild.py::test_quitting_while_a_mode_is_built_ahead_ends_cleanly",
    "tests/test_prebuild.py::test_every_mode_is_set_up_once_when_built",
    "tests/test_packaging.py::test_wheel_ships_the_data_and_runs_from_another_folder",
    "tests/test_shared.py::test_sighup_and_sigterm_end_the_app_cleanly_and_free_the_lock",
    "tests/test_cli_files.py::test_two_news_at_once_give_exactly_one_created",
    "tests/test_store.py::test_corrupt_files_are_refused_untouched",
})


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Run the suite, or any folder of it, on :func:`workers` processes (pytest-xdist), and a list of files in this one
    process, which starts faster: the edit-test loop stays quick. An explicit ``-n N`` (``-n0``: one process) or
    ``-p no:xdist`` wins; ``--pdb`` and ``--collect-only`` stay in one process."""
    option = config.option
    if getattr(option, "numprocesses", 0) is not None or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # xdist missing, -n given, or a worker
    if option.dist != "no" or getattr(option, "tx", None) or option.usepdb or option.collectonly:
        return
    paths = [Path(arg.split("::", 1)[0]) for arg in config.args]
    if any(path.is_dir() for path in paths):
        option.numprocesses = workers()
        option.dist = "worksteal"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` what takes seconds: every test that drives the app (a coroutine test) or compares a snapshot, and
    the tests of ``SLOW`` (subprocesses, a browser, proofs); ``-m "not slow"`` is the edit-test loop's quick subset.
    A parallel run starts with the slow ones (every worker sorts alike, as pytest-xdist requires)."""
    for item in items:
        function = getattr(item, "function", None)
        if (inspect.iscoroutinefunction(function) or "snap_compare" in getattr(item, "fixturenames", ())
                or item.nodeid.split("[", 1)[0] in SLOW or item.nodeid.split("::", 1)[0] in SLOW):
            item.add_marker(pytest.mark.slow)
    if os.environ.get("PYTEST_XDIST_WORKER"):  # on workers: the slow tests first, so none is left for the end alone
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """After the last test, one full collection (what it frees still reports an exception it raises), then what is
    still alive is set aside (``gc.freeze``): the process is ending. pytest's closing collections (five, for
    exceptions raised where nothing can catch them) then walk nothing. With all a worker's tests leave alive, each
    took 0.5-0.8 s: long enough for a worker to outlast pytest-xdist's 5-second grace at its end, be sent SIGINT
    and print a KeyboardInterrupt warning under a passing run. Under mutmut (``scripts/mutation.py``) a mutant's run
    ends its forked process at once (``os._exit``): nothing to do, and a full collection of all the process inherited
    would cost each mutant a tenth of a second."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        return
    gc.collect()
    gc.freeze()


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


@pytest.fixture(autouse=True)
def typed_names_are_one_jump(monkeypatch: pytest.MonkeyPatch):
    """A name a pilot test types on a table (``RN-CA``, ``Rou``) is one type-to-jump however slowly a loaded machine
    handles its keys (issue 29.8): the pause after which a key starts a new jump is as long as a test waits for a
    state, not the referee's one second. A key that matches no row still ends the jump and does its own work, and
    ``tests/test_app_find.py`` tests the pause itself with given times."""
    from tests.pilot_keys import SETTLE
    from tui.widgets import table_search

    monkeypatch.setattr(table_search, "JUMP_PAUSE", SETTLE)
    yield


@pytest.fixture(autouse=True)
def one_at_a_time(request: pytest.FixtureRequest):
    """Tests marked ``exclusive`` (they make Unix users, bind a fixed port or write a fixed path) hold one lock file of
    the machine while they run, so two of them never overlap: not on two workers of a parallel run, nor in two runs."""
    marked = request.node.get_closest_marker("exclusive") or request.node.get_closest_marker("multiuser")
    if not marked or os.environ.get(EXCLUSIVE_HELD):
        yield
        return
    with FileLock(Path(tempfile.gettempdir()) / "harbormaster-tests-exclusive.lock"):
        yield
