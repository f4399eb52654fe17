"""Nothing lost (issue 5): kill test, concurrent writers, corrupt saves and fuzzed input, sized for CI.

`scripts/proofs.py` runs the big versions and prints the figures.
"""

from __future__ import annotations

import importlib.util
import random
import string
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import fixed_clock
from tui.engine.setup import RULESETS
from tui.paths import data_dir
from tui.session import memory_game

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("proofs", ROOT / "scripts" / "proofs.py")
proofs = importlib.util.module_from_spec(_spec)
sys.modules["proofs"] = proofs  # dataclasses look their module up while the script loads
_spec.loader.exec_module(proofs)  # type: ignore[union-attr]


def test_kill_test_50_kills_lose_nothing(tmp_path: Path) -> None:
    """SIGKILL a writer 50 times at random moments: the save always loads and equals the acknowledged commands."""
    report = proofs.kill_test(tmp_path, 50, random.Random(50), log=lambda *_: None)
    assert report.kills == 50 and report.acknowledged > 50
    assert report.lost == 0 and report.mismatches == 0, report.failures


def test_eight_concurrent_exec_processes_apply_every_command_once(tmp_path: Path) -> None:
    sent, applied, refused, ok = proofs.concurrency_test(tmp_path, 8, 2)
    assert refused == 0 and applied == sent == 48 and ok


def test_corrupt_saves_are_refused_cleanly(tmp_path: Path) -> None:
    """Empty, truncated, random bytes, foreign JSON, newer schema, a log that does not replay: named, untouched."""
    cases, clean, failures = proofs.corruption_test(tmp_path, random.Random(7), 25)
    assert cases == clean == 56, failures


def test_fuzzed_lines_of_every_verb_never_crash_refusals_change_nothing_and_accepted_ones_replay(tmp_path: Path) -> None:
    """Issue 8: random lines for every verb of every rule set, through the engine and through harbormaster exec."""
    report = proofs.fuzz_test(tmp_path, 150, random.Random(8), cli_share=0.1, log=lambda *_: None)
    assert report.cases == len(RULESETS) * 135 and report.cli_cases == len(RULESETS) * 15
    assert report.accepted and report.refused and report.cli_refused
    assert report.ok, report.failures[:5]
# ------------------------------------------------------------------ files (issue 8)
def test_killed_exec_processes_lose_no_acknowledged_command(tmp_path: Path) -> None:
    """Issue 8 proofs: SIGKILL real ``exec`` processes; every acknowledged command is in the log, the save opens."""
    report = proofs.proofs_files.exec_kill_test(tmp_path, 5, random.Random(5))
    assert report.kills == 5 and report.lost == 0 and report.unreadable == 0, report.failures


def test_damaged_saves_are_refused_on_every_open_path(tmp_path: Path) -> None:
    """Issue 8.6 proofs: a few damaged saves (and a FIFO, a dangling link, /dev/zero) through every path."""
    report = proofs.proofs_files.damaged_paths_test(tmp_path, 4)
    assert report.cases == 7 and report.refused == report.checks and not report.failures, report.failures


def test_lock_deletion_race_loses_nothing(tmp_path: Path) -> None:
    """Issue 8.4 proofs: writers race while SAVE.lock is deleted every 3 ms; nothing acknowledged is lost or doubled."""
    report = proofs.proofs_files.lock_race_test(tmp_path, 3, 4)
    assert report.sent == 12 and report.lost == 0 and report.duplicated == 0 and report.replays


@pytest.mark.multiuser  # makes a mount: compared before and after by tests/test_no_trace.py
def test_permissions_on_a_read_only_file_system(tmp_path: Path) -> None:
    """Issue 8.3 proofs: watching with the reason, clean refusals, nothing created (skipped without mount rights)."""
    report = proofs.proofs_files.permissions_test(tmp_path)
    if report.skipped:
        pytest.skip(report.skipped)
    assert report.cases == report.clean == 6, report.failures


# ------------------------------------------------------------------ fuzz
DATA = data_dir()
GAME = memory_game(DATA, seed=1, clock=fixed_clock)  # one game for the whole run: every case starts where the last left off
VERBS = sorted(GAME.verbs)
PORTS = list(GAME.state.world.ports)
WORD = st.one_of(
    st.sampled_from(VERBS + PORTS + ["axis", "allied", "on", "off", "--he", "--roll", "--dice", "--force", "1.5", "-1", "1e999", "nan", "½", "add", "edit"]),
    st.text(alphabet=string.printable + "½¼éß→", max_size=12),
    st.integers(-10**6, 10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORD, min_size=0, max_size=6))
def test_random_command_lines_never_crash_and_refusals_change_nothing(words: list[str]) -> None:
    """Thousands of random lines: each is applied or refused, and a refusal changes nothing."""
    before, events, revision = GAME.state, list(GAME.events), GAME.store.revision
    result = GAME.execute(" ".join(words))
    if not result.ok:
        assert result.message
        assert GAME.state == before and GAME.events == events and GAME.store.revision == revision


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(["sea-state", "destroy:Athens"]),
    st.one_of(st.text(max_size=8), st.integers(-5, 20).map(str), st.sampled_from(["roll", "decline", "calm", "yes", "6", "0", "1,2"])),
)
def test_random_prompt_answers_never_crash_and_refusals_change_nothing(prompt: str, value: str) -> None:
    """Random values typed into the sea-state choice and the 31.A.6 destruction roll."""
    game = memory_game(DATA, seed=1, clock=fixed_clock)
    if prompt.startswith("destroy"):
        assert game.execute("next").ok and game.execute("capture Athens allied").ok
    before, events = game.state, list(game.events)
    result = game.execute(f"answer {prompt} {_quote(value)}")
    if not result.ok:
        assert game.state == before and game.events == events


def _quote(value: str) -> str:
    import shlex

    return shlex.quote(value)


@pytest.mark.parametrize("value", ["", "x", "-1", "0", "1e9", "nan", "inf", "0.3", "½", "99999999999999999999"])
@pytest.mark.parametrize("verb", ["hit Tobruk", "repair Tobruk", "use Tobruk", "reduce Tobruk", "mines Tobruk", "dedicate Tobruk"])
def test_every_number_field_takes_bad_values_without_harm(verb: str, value: str) -> None:
    game = memory_game(DATA, seed=1, clock=fixed_clock)
    before = game.state
    result = game.execute(f"{verb} {value}".strip())
    if not result.ok:
        assert game.state == before and result.message
