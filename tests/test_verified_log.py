"""Issue 19, "the moment commands are accepted at 10,000 events": a save whose log was verified is not replayed again.

A marker in the user's cache folder (``tui/engine/verified.py``) names the
exact bytes of a save whose log is known to replay to its state: written when
the screen replayed it and found it right, or when a game closes after a
verified open and commands each replayed as logged. The marker is trusted only
for those bytes, that rule data and that code; a damaged, foreign or linked
marker, or a folder others may write, counts as none, and the log is replayed
(and refused if it must be) as before. The cache is off in tests
(tests/conftest.py); each test here turns it on in a folder of its own.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from textual.app import App

from tests.conftest import fixed_clock
from tui import cli
from tui.app import HarbormasterApp
from tui.engine import verified
from tui.engine.game import Game
from tui.engine.rulecache import DiskCache
from tui.engine.setup import load_ruleset
from tui.paths import data_dir
from tui.session import create_game, open_game


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's cache folder, on, in a folder of this test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HARBORMASTER_CACHE", str(folder))
    return folder


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "games" / "g.json"
    path.parent.mkdir()
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    for line in ("hit Tobruk 2", "note one", "note two"):
        assert game.execute(line).ok
    game.close()
    return path


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the full replays of a log (``Game.verify_steps`` started)."""
    seen: list[int] = []
    original = Game.verify_steps

    def spy(self: Game, chunk: int = 250) -> Any:
        seen.append(len(self.events))
        return original(self, chunk)

    monkeypatch.setattr(Game, "verify_steps", spy)
    return seen


def _start(save: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """``harbormaster SAVE``, headless, quitting once commands are accepted; its exit code."""
    monkeypatch.setattr(HarbormasterApp, "run", lambda self, **kw: App.run(self, headless=True, size=(120, 36)))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)

    def ready(self: HarbormasterApp) -> None:
        async def wait_then_quit() -> None:
            await self.log_checked()
            self.exit()
        self.run_worker(wait_then_quit())

    monkeypatch.setattr(HarbormasterApp, "on_ready", ready, raising=False)
    return cli._open([str(save)])


def _markers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.verified")) if folder.is_dir() else []


def _ruleset() -> Any:
    return load_ruleset("europa", data_dir())


def _cut_hit_from_the_log(path: Path) -> None:
    """The save with its ``hit Tobruk 2`` event turned into a note: its log no longer gives its (hit) state."""
    data = orjson.loads(path.read_bytes())
    for event in data["events"].values():
        if event["command"] == "hit Tobruk 2":
            event["command"] = "note was a hit"
    path.write_bytes(orjson.dumps(data))


def test_issue19_a_save_verified_once_is_not_replayed_when_reopened(save: Path, cache: Path, replays: list[int],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the first start replays the log and marks the save's bytes; the next start accepts commands without
    replaying it; the save itself is unchanged."""
    before = save.read_bytes()
    assert _start(save, monkeypatch) == 0
    assert replays == [3] and len(_markers(cache)) == 1
    assert _start(save, monkeypatch) == 0
    assert replays == [3]  # not replayed again
    assert save.read_bytes() == before


def test_issue19_a_save_edited_by_hand_after_its_marker_is_replayed_and_refused(save: Path, cache: Path, replays: list[int],
                                                                                monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """Issue 19 with issue 8: a marker covers the bytes it was written for only: a save changed by hand since is
    replayed and refused with today's exact message, the file untouched."""
    assert _start(save, monkeypatch) == 0
    _cut_hit_from_the_log(save)
    edited = save.read_bytes()
    capsys.readouterr()
    assert _start(save, monkeypatch) == 2
    assert replays[:2] == [3, 3]  # replayed again (then its backups, to name a good one)
    err = capsys.readouterr().err
    assert f"cannot open {save}: replaying the log does not give the saved state" in err
    assert "The file was not changed." in err
    assert save.read_bytes() == edited


def test_issue19_cache_off_replays_every_time(save: Path, replays: list[int], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: ``HARBORMASTER_CACHE=off``: every start replays the log, and no marker is kept anywhere."""
    monkeypatch.setenv("HARBORMASTER_CACHE", "off")
    assert _start(save, monkeypatch) == 0
    assert _start(save, monkeypatch) == 0
    assert replays == [3, 3]
    assert not list(tmp_path.rglob("*.verified"))


def _marked_cache(save: Path, cache: Path) -> tuple[bytes, Path]:
    """The save's bytes, marked verified; the marker's path."""
    raw = save.read_bytes()
    verified.mark_verified(_ruleset(), raw, DiskCache(cache))
    assert verified.is_verified(_ruleset(), raw, DiskCache(cache))
    (marker,) = _markers(cache)
    return raw, cache / marker


@pytest.mark.parametrize("damage", ["empty", "garbage", "truncated", "another save's"])
def test_issue19_a_damaged_or_foreign_marker_is_ignored(damage: str, save: Path, cache: Path) -> None:
    """Issue 19: a marker whose content is not exactly the payload for its name counts as none."""
    raw, marker = _marked_cache(save, cache)
    content = marker.read_bytes()
    other = verified.marker_name(_ruleset(), raw + b" ", DiskCache(cache).version)
    assert other is not None
    marker.write_bytes({"empty": b"", "garbage": os.urandom(len(content)), "truncated": content[:-2],
                        "another save's": verified.MAGIC + other.encode() + b"\n"}[damage])
    assert not verified.is_verified(_ruleset(), raw, DiskCache(cache))


def test_issue19_a_linked_marker_is_not_followed(save: Path, cache: Path, tmp_path: Path) -> None:
    """Issue 19: a symbolic link planted as a marker, even to a right payload, counts as none."""
    raw, marker = _marked_cache(save, cache)
    elsewhere = tmp_path / "planted"
    elsewhere.write_bytes(marker.read_bytes())
    marker.unlink()
    marker.symlink_to(elsewhere)
    assert not verified.is_verified(_ruleset(), raw, DiskCache(cache))


def test_issue19_a_marker_in_a_group_writable_folder_is_ignored(save: Path, cache: Path, replays: list[int],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: a cache folder others may write is not trusted: the log is replayed."""
    raw, _ = _marked_cache(save, cache)
    cache.chmod(0o770)
    assert not verified.is_verified(_ruleset(), raw, DiskCache(cache))
    assert _start(save, monkeypatch) == 0
    assert replays == [3]


def test_issue19_another_rule_data_does_not_reuse_a_marker(save: Path, cache: Path, tmp_path: Path) -> None:
    """Issue 19: a marker is for the rule data it was checked with: a house-rule folder whose data differs (its
    fingerprint, not the save's meta "rules") does not find it."""
    raw, _ = _marked_cache(save, cache)
    house = tmp_path / "house"
    shutil.copytree(data_dir(), house)
    toml = house / "rulesets" / "europa.toml"
    toml.write_bytes(toml.read_bytes() + b"\n# a house rule\n")
    assert not verified.is_verified(load_ruleset("europa", house), raw, DiskCache(cache))


def _play(path: Path, lines: list[str]) -> Game:
    game = open_game(path, data_dir(), clock=fixed_clock, mode="write", verify=True)
    for line in lines:
        result = game.execute(line)
        assert result.ok, result.message
    return game


def test_issue19_commands_checked_as_they_go_mark_the_bytes_written_last(save: Path, cache: Path) -> None:
    """Issue 19: after a verified open, commands, an undo, a redo and a command abandoning an undone one each keep
    the chain; closing marks the final bytes, and those bytes really replay to their state."""
    game = _play(save, ["note three", "hit Alexandria", "undo", "redo", "undo", "note instead"])
    assert game.chain_verified
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    raw = save.read_bytes()
    assert verified.is_verified(_ruleset(), raw, DiskCache(cache))
    check = open_game(save, data_dir(), mode="read", verify=False)
    try:
        assert check.verify() is None and "abandoned" in {e["status"] for e in check.events}
    finally:
        check.store.close()  # type: ignore[attr-defined]


def test_issue19_a_command_that_replays_differently_breaks_the_chain(save: Path, cache: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: a command whose logged text does not replay to the state it made breaks the chain: no marker for
    the bytes left, so the next open replays them in full."""
    original = Game._replay_one

    def replays_otherwise(self: Game, state: Any, event: dict[str, Any], seed: int | None = None) -> Any:
        if event.get("command") == "note three":
            return original(self, state, {**event, "command": "hit Alexandria"}, seed)
        return original(self, state, event, seed)

    game = _play(save, ["note two and a half"])
    assert game.chain_verified
    monkeypatch.setattr(Game, "_replay_one", replays_otherwise)
    assert game.execute("note three").ok
    assert not game.chain_verified
    assert game.execute("note four").ok
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    assert _markers(cache) == []


def test_issue19_an_unverified_open_marks_nothing(save: Path, cache: Path) -> None:
    """Issue 19: a game opened without checking its log (``verify=False``) never marks what it writes."""
    game = open_game(save, data_dir(), clock=fixed_clock, mode="write")
    assert game.execute("note three").ok
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    assert _markers(cache) == []


def test_issue19_nothing_is_written_outside_the_cache_folder(save: Path, cache: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 (nothing outside the save, its backups and its lock is written): starts that replay and mark, then
    commands that mark their last bytes, leave the save's folder as the save alone would, and the cache folder holds
    only private rule-set entries and markers."""
    games = save.parent
    before = sorted(p.name for p in games.iterdir())
    assert _start(save, monkeypatch) == 0
    game = _play(save, ["note three"])
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    after = sorted(p.name for p in games.iterdir())
    assert set(after) - set(before) <= {f"{save.name}.{n}" for n in (1, 2, 3)} | {f"{save.name}.lock"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "games"]
    names = [p.name for p in cache.iterdir()]
    assert len(_markers(cache)) == 2 and all(n.endswith((".verified", ".rules")) for n in names)
    assert (cache.stat().st_mode & 0o777) == 0o700
    assert all((p.stat().st_mode & 0o777) == 0o600 for p in cache.iterdir())


def test_issue19_a_watching_session_that_takes_the_writers_save_marks_nothing(save: Path, cache: Path) -> None:
    """Issue 19: a session re-reading the save another session wrote (a viewer following its writer) no longer knows
    that the log replays: closing it marks nothing, neither the bytes it opened nor those it took."""
    viewer = open_game(save, data_dir(), clock=fixed_clock, mode="read", verify=True)
    assert viewer.chain_verified
    writer = open_game(save, data_dir(), clock=fixed_clock, mode="write")  # not verified: marks nothing either
    assert writer.execute("note behind the viewer").ok
    writer.close()
    writer.store.close()  # type: ignore[attr-defined]
    assert viewer.poll() and not viewer.chain_verified
    viewer.close()
    viewer.store.close()  # type: ignore[attr-defined]
    assert _markers(cache) == []


async def test_issue19_a_screen_opened_on_a_marker_keeps_the_chain_through_its_commands(save: Path, cache: Path,
                                                                                       replays: list[int]) -> None:
    """Issue 19: a screen that found its save's marker (no replay) runs commands at once, each checked as it goes;
    closing marks the bytes it left, which do replay to their state."""
    from tui.app import make_app

    verified.mark_verified(_ruleset(), save.read_bytes(), DiskCache(cache))
    game = open_game(save, data_dir(), clock=fixed_clock, verify="later")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await app.log_checked()
        result = await app.execute("note on a verified save", "line")
        assert result is not None and result.ok
        await pilot.pause()
    assert replays == [] and game.chain_verified
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    assert verified.is_verified(_ruleset(), save.read_bytes(), DiskCache(cache))
    check = open_game(save, data_dir(), mode="read", verify=True)
    check.store.close()  # type: ignore[attr-defined]


def test_issue19_markers_are_capped_the_oldest_removed_first(tmp_path: Path) -> None:
    """Issue 19: markers do not pile up: beyond KEEP the oldest are removed as a new one is written; entries of the
    rule cache (other names), hidden files and links are never touched."""
    import os

    from tui.engine import verified
    from tui.engine.rulecache import DiskCache
    from tui.engine.setup import load_ruleset

    folder = tmp_path / "cache"
    cache = DiskCache(folder)
    ruleset = load_ruleset("europa", data_dir())
    for n in range(verified.KEEP + 5):
        verified.mark_verified(ruleset, b"save %d" % n, cache)
        name = verified.marker_name(ruleset, b"save %d" % n, cache.version)
        assert name is not None
        os.utime(folder / name, ns=(n * 10**9, n * 10**9))  # written in this order
    (folder / "europa.rules").write_bytes(b"rule cache entry")
    os.symlink(folder / "europa.rules", folder / "link.verified")
    verified.mark_verified(ruleset, b"the newest", cache)
    names = {p.name for p in folder.iterdir()}
    markers = {n for n in names if n.endswith(".verified") and not os.path.islink(folder / n)}
    assert len(markers) == verified.KEEP
    assert verified.is_verified(ruleset, b"the newest", cache)
    assert not any(verified.is_verified(ruleset, b"save %d" % n, cache) for n in range(6))
    assert all(verified.is_verified(ruleset, b"save %d" % n, cache) for n in range(6, verified.KEEP + 5))
    assert {"europa.rules", "link.verified"} <= names
