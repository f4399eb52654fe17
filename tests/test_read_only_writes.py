"""Issue 29, points 3, 4 and 7: a read-only session writes nothing, and what it checks is what it marks or adopts.

- 29.3: in a read-only session (``--read-only``, a watcher of a game another
  session writes, a side view, a watchers' tab of ``serve``), ``R`` (briefing)
  and the Log mode's ``b`` (branch) write no file anywhere: in a browser tab
  the briefing or branch is offered as a download; in a terminal it is refused
  in one line.
- 29.4: the verified-log marker is written only for the very bytes whose log
  was replayed, even when the save is reloaded while its bytes are looked up.
- 29.7: taking over (``T``) replays the save's log (or finds a marker for its
  exact bytes) before this session writes it; a log that does not replay is
  refused in one line and the session stays a viewer.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

import orjson
import pytest
from textual.pilot import Pilot

from tests.conftest import fixed_clock
from tui.app import HarbormasterApp, make_app
from tui.outputs.briefing import render
from tui.app.commands import HarbormasterCommands
from tui.engine import verified
from tui.engine.game import Game
from tui.engine.rulecache import DiskCache
from tui.engine.sides import open_side
from tui.paths import data_dir
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.session import create_game, open_game
from tui.store.lock import lock_free
from pilot_keys import until

SIZE = (120, 36)
LINES = ("hit Tobruk 2", "note one", "note two")


# ------------------------------------------------------------------ helpers


def listing(folder: Path) -> list[tuple[str, int, int]]:
    """Every file under ``folder`` with its size and modification time (a write anywhere shows)."""
    return sorted((str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in folder.rglob("*") if not p.is_dir())


def played(path: Path, lines: tuple[str, ...] = LINES) -> bytes:
    """A Europa save at ``path`` with ``lines`` played, closed; its bytes."""
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    for line in lines:
        assert game.execute(line).ok, line
    game.close()
    game.store.close()  # type: ignore[attr-defined]
    return path.read_bytes()


def tampered(raw: bytes) -> bytes:
    """The save ``raw`` with its ``hit Tobruk 2`` entry turned into a note: its log no longer gives its state."""
    data = orjson.loads(raw)
    for event in data["events"].values():
        if event["command"] == "hit Tobruk 2":
            event["command"] = "note was a hit"
    return orjson.dumps(data)


class Deliveries:
    """What the app offered the browser to download (``deliver_text``/``deliver_binary``), recorded, not saved."""

    def __init__(self, app: HarbormasterApp, monkeypatch: pytest.MonkeyPatch) -> None:
        self.files: list[tuple[str, bytes]] = []

        def text(file: Any, **kw: Any) -> str:
            body = file.read() if hasattr(file, "read") else Path(file).read_text()
            self.files.append((kw.get("save_filename") or "", body.encode("utf-8")))
            return "key"

        def binary(file: Any, **kw: Any) -> str:
            body = file.read() if hasattr(file, "read") else Path(file).read_bytes()
            self.files.append((kw.get("save_filename") or "", body))
            return "key"

        monkeypatch.setattr(app, "deliver_text", text)
        monkeypatch.setattr(app, "deliver_binary", binary)


def status(app: HarbormasterApp) -> str:
    return app.status.text


def palette(app: HarbormasterApp) -> list[str]:
    """The command palette's titles on the current screen."""
    return [title for title, _, _ in HarbormasterCommands(app.screen).entries()]


def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and "Traceback" not in text


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's cache folder, on, in a folder of this test's own (tests run with it off)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HARBORMASTER_CACHE", str(folder))
    return folder


# ------------------------------------------------------------------ 29.3 a read-only session writes nothing
def _viewer(kind: str, save: Path) -> tuple[Game, Game | None]:
    """A read-only game of ``kind`` on ``save`` and the writer holding it, if any."""
    if kind == "read-only":
        return open_game(save, data_dir(), fixed_clock, mode="read"), None
    if kind == "watcher":
        writer = open_game(save, data_dir(), fixed_clock, mode="write")
        viewer = open_game(save, data_dir(), fixed_clock, mode="auto")
        assert viewer.read_only and viewer.take_over is not None  # may take over later: not "read-only" for good
        return viewer, writer
    game = open_game(save, data_dir(), fixed_clock, mode="read")
    open_side(game, "axis")
    return game, None


def _close(*games: Game | None) -> None:
    for game in games:
        if game is not None:
            game.close()
            game.store.close()  # type: ignore[attr-defined]


async def _briefing_keys(pilot: Pilot[Any], app: HarbormasterApp) -> None:
    """``R`` Enter Enter, as in the issue: the side (the default), then the turn if asked."""
    await pilot.press("R")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("kind", ["read-only", "watcher", "side"])
async def test_29_3_in_a_terminal_a_read_only_session_refuses_briefing_and_branch_in_one_line(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.3: in a terminal, ``R`` Enter Enter and ``4`` ``b`` in a read-only session (``--read-only``, a watcher
    of a held game, a side view) write nothing anywhere (the folder's listing is unchanged, nothing goes to a
    downloads folder) and say why in one line. Before: the briefing and the branch were written beside the save."""
    save = tmp_path / "game.json"
    played(save)
    game, writer = _viewer(kind, save)
    before = listing(tmp_path)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    offered = Deliveries(app, monkeypatch)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            await _briefing_keys(pilot, app)
            await until(pilot, lambda: "briefing" in status(app).lower() and "writ" in status(app))
            said = status(app)
            assert listing(tmp_path) == before, said
            assert one_line(said) and "No briefing written" in said, said
            assert not app.screen.is_modal
            await pilot.press("4")
            await pilot.pause()
            await pilot.press("b")
            await until(pilot, lambda: "branch" in status(app).lower())
            said = status(app)
            assert listing(tmp_path) == before, said
            assert one_line(said) and "Not branched" in said, said
            titles = palette(app)  # nothing there writes a file either: no briefing, no screenshot
            assert "Write a briefing" not in titles and "Screenshot" not in titles and "Theme" in titles
    finally:
        _close(game, writer)
    assert offered.files == []


@pytest.mark.parametrize("kind", ["read-only", "watcher"])
async def test_29_3_in_a_browser_a_read_only_session_offers_briefing_and_branch_as_downloads(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.3: in a browser tab (a driver that can deliver a file), ``R`` Enter Enter offers the briefing and
    ``4`` ``b`` the branch as downloads; nothing is written in the game's folder or anywhere else."""
    save = tmp_path / "game.json"
    played(save)
    game, writer = _viewer(kind, save)
    before = listing(tmp_path)
    monkeypatch.setattr(HarbormasterApp, "is_web", property(lambda self: True))
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    offered = Deliveries(app, monkeypatch)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            await _briefing_keys(pilot, app)
            await until(pilot, lambda: len(offered.files) == 1)
            name, body = offered.files[0]
            assert name == "game-briefing-axis-jan-i-1943.md"
            assert body.decode() == render(game, "axis", "Jan I 1943")
            assert one_line(status(app)) and "download" in status(app) and name in status(app)
            await pilot.press("4")
            await pilot.pause()
            await pilot.press("b")  # the cursor is on the newest entry, #3
            await until(pilot, lambda: len(offered.files) == 2)
            assert listing(tmp_path) == before
            name, body = offered.files[1]
            assert name == "game-branch-3.json"
            assert one_line(status(app)) and "download" in status(app) and name in status(app)
            assert {"Download a briefing", "Screenshot"} <= set(palette(app))  # a screenshot is a download too
    finally:
        _close(game, writer)
    elsewhere = tmp_path.parent / f"{tmp_path.name}-branch" / name  # the browser's download, opened as a save
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(body)
    branch = open_game(elsewhere, data_dir(), mode="read", verify=True)
    assert len(branch.events) == 3 and branch.meta["parent"]["seq"] == 3
    branch.store.close()  # type: ignore[attr-defined]


async def test_29_3_a_side_tab_offers_its_own_sides_briefing_and_no_branch(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.3 with 22.8: in a browser, a side's view offers that side's briefing only (no side asked) and refuses a
    branch (a copy of the whole game would show the other side's entries); nothing is written."""
    save = tmp_path / "game.json"
    played(save)
    game, _ = _viewer("side", save)
    before = listing(tmp_path)
    monkeypatch.setattr(HarbormasterApp, "is_web", property(lambda self: True))
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    offered = Deliveries(app, monkeypatch)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            await pilot.press("R")
            await until(pilot, lambda: len(offered.files) == 1)
            name, body = offered.files[0]
            assert name == "game-briefing-axis-jan-i-1943.md" and body.decode() == render(game, "axis", "Jan I 1943")
            await pilot.press("4")
            await pilot.pause()
            await pilot.press("b")
            await until(pilot, lambda: "Not branched" in status(app))
            assert one_line(status(app)) and len(offered.files) == 1
    finally:
        _close(game)
    assert listing(tmp_path) == before


async def test_29_3_a_viewer_that_takes_over_writes_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.3: "read-only" is not "another session holds the lock": once a watcher takes over (T) it writes the
    briefing beside the save as a writer does (the control)."""
    save = tmp_path / "game.json"
    played(save)
    viewer, writer = _viewer("watcher", save)
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            _close(writer)
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            await pilot.press("y")  # take over
            await until(pilot, lambda: not app.game.read_only)
            await _briefing_keys(pilot, app)
            await until(pilot, lambda: "written to" in status(app))
            assert (tmp_path / "game-briefing-axis-jan-i-1943.md").is_file()
    finally:
        _close(app.game, viewer)


# ------------------------------------------------------------------ 29.4 a marker only for the bytes replayed
async def test_29_4_a_reload_during_the_marker_lookup_never_marks_the_bytes_opened(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.4: a viewer opens a tampered save; while its bytes are looked up among the markers, the file is
    replaced by a good save and the viewer reloads it (its own poll). The log replayed must be the tampered one's:
    no marker is written for the tampered bytes, and the save opened is refused. Before: the new (good) log was
    replayed and the tampered bytes were marked, so the next open accepted them unreplayed."""
    save = tmp_path / "games" / "g.json"
    save.parent.mkdir()
    good = played(save)
    bad = tampered(good)
    save.write_bytes(bad)
    viewer = open_game(save, data_dir(), fixed_clock, mode="read", verify="later")
    opened = viewer.store
    real = verified.is_verified
    swapped = threading.Event()

    def lookup_while_the_file_changes(ruleset: Any, raw: bytes, cache: Any = None) -> bool:
        if raw == bad and not swapped.is_set():  # forced: the race's window, deterministically
            save.write_bytes(good)
            deadline = time.monotonic() + 10
            while viewer.store is opened and time.monotonic() < deadline:  # the viewer's poll reloads it
                time.sleep(0.01)
            swapped.set()
        return real(ruleset, raw, cache)

    monkeypatch.setattr(verified, "is_verified", lookup_while_the_file_changes)
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app._log_checked.is_set())
            assert swapped.is_set() and viewer.store is not opened  # the race happened
            assert app.log_problem and "does not give the saved state" in app.log_problem
    finally:
        _close(viewer)
    ruleset = viewer.ruleset
    assert not real(ruleset, bad, DiskCache(cache))


async def test_29_4_a_good_save_replaced_meanwhile_marks_the_good_bytes_only(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.4: the other way round: the good save opened is replayed and marked; the tampered file that
    replaced it meanwhile gets no marker (it is replayed at its next open)."""
    save = tmp_path / "games" / "g.json"
    save.parent.mkdir()
    good = played(save)
    bad = tampered(good)
    viewer = open_game(save, data_dir(), fixed_clock, mode="read", verify="later")
    opened = viewer.store
    real = verified.is_verified

    def lookup_while_the_file_changes(ruleset: Any, raw: bytes, cache: Any = None) -> bool:
        if raw == good and viewer.store is opened:
            save.write_bytes(bad)
            deadline = time.monotonic() + 10
            while viewer.store is opened and time.monotonic() < deadline:
                time.sleep(0.01)
        return real(ruleset, raw, cache)

    monkeypatch.setattr(verified, "is_verified", lookup_while_the_file_changes)
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app._log_checked.is_set())
            assert viewer.store is not opened and app.log_problem is None
            await until(pilot, lambda: real(viewer.ruleset, good, DiskCache(cache)))
    finally:
        _close(viewer)
    assert not real(viewer.ruleset, bad, DiskCache(cache))


# ------------------------------------------------------------------ 29.7 take-over replays
async def _watch_then_free(tmp_path: Path) -> tuple[Path, Game, Game]:
    save = tmp_path / "game.json"
    played(save)
    writer = open_game(save, data_dir(), fixed_clock, mode="write")
    viewer = open_game(save, data_dir(), fixed_clock, mode="auto")
    assert viewer.read_only and viewer.take_over is not None
    return save, viewer, writer


async def test_29_7_take_over_refuses_a_save_whose_log_does_not_replay(tmp_path: Path) -> None:
    """Issue 29.7: the writer leaves, the save is then edited by hand (its log no longer gives its state), and the
    viewer presses T: it is refused in one line, the session stays a viewer, the lock is free again and the file is
    unchanged. Before: the session took the save over without replaying it and wrote it."""
    save, viewer, writer = await _watch_then_free(tmp_path)
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            _close(writer)
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            await pilot.press("escape")  # keep watching
            save.write_bytes(tampered(save.read_bytes()))
            edited = save.read_bytes()
            await until(pilot, lambda: len(app.game.events) == 3 and app.game.store.to_bytes() == edited)
            await until(pilot, lambda: "T" in {b.key for _, b, on, _ in app.screen.active_bindings.values() if on})
            await pilot.press("T")
            await until(pilot, lambda: "Not taken over" in status(app))
            said = status(app)
            assert one_line(said) and "does not give the saved state" in said, said
            assert app.game is viewer and app.game.read_only and lock_free(save)
            assert app.can_take_over  # still offered: the file may be put right
            assert save.read_bytes() == edited
    finally:
        _close(app.game, viewer)


async def test_29_7_take_over_replays_the_log_or_finds_the_marker_of_those_bytes(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.7: a good save is replayed at take-over (and marked); a save whose exact bytes carry a marker is
    taken over without replaying it again. Either way the session then writes it."""
    replays: list[int] = []
    original = Game.verify_steps

    def spy(self: Game, chunk: int = 250) -> Any:
        replays.append(len(self.events))
        return original(self, chunk)

    save, viewer, writer = await _watch_then_free(tmp_path)
    monkeypatch.setattr(Game, "verify_steps", spy)
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            replays.clear()
            _close(writer)
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            await pilot.press("y")
            await until(pilot, lambda: not app.game.read_only)
            assert replays == [3] and "You now write this game" in status(app)
            assert verified.is_verified(app.game.ruleset, save.read_bytes(), DiskCache(cache))
    finally:
        _close(app.game, viewer)
    # a second time, from a marker of exactly these bytes: not replayed
    replays.clear()
    writer = open_game(save, data_dir(), fixed_clock, mode="write")
    viewer = open_game(save, data_dir(), fixed_clock, mode="auto")
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await app.log_checked()
            _close(writer)
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            await pilot.press("y")
            await until(pilot, lambda: not app.game.read_only)
            assert replays == []
            assert app.game.execute("note mine").ok
    finally:
        _close(app.game, viewer)


# ------------------------------------------------------------------ 29.3 through a real serve
def _tab_downloads(base: str, token: str, steps: list[tuple[str, str]], timeout: float = 60) -> list[bytes]:
    """A ``serve`` tab (``/ws`` with ``token``): for each step, type its keys and wait until its words are drawn, or,
    for ``download``, until the tab is offered a file, which is then fetched as the browser would; the files."""
    import asyncio
    import json

    import aiohttp

    from tests.accounts import ps

    async def go() -> list[bytes]:
        frames: list[str] = []
        files: list[bytes] = []

        def drawn(since: int = 0) -> str:
            return ps.ANSI.sub("", "".join(frames[since:]))

        async with aiohttp.ClientSession() as session, session.ws_connect(ps.websocket_url(base, token), origin=base) as ws:
            async def until(check: Callable[[], Any]) -> None:
                end = time.monotonic() + timeout
                while not check():
                    if time.monotonic() > end:
                        raise AssertionError(f"never came: {check}; last drawn {drawn()[-300:]!r}")
                    try:
                        msg = await asyncio.wait_for(ws.receive(), 0.5)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        frames.append(msg.data.decode("utf-8", "replace"))
                    elif msg.type == aiohttp.WSMsgType.TEXT:
                        frames.append(msg.data)
                    else:
                        raise AssertionError(f"the tab closed; last drawn {drawn()[-300:]!r}")

            def offered(since: int) -> str | None:
                for frame in frames[since:]:
                    if frame.startswith('["deliver_file_start"'):
                        return str(json.loads(frame)[1])
                return None

            await ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
            await until(lambda: "⚓ Harbormaster" in drawn())
            for keys, words in steps:
                at = len(frames)
                for key in keys:
                    await ws.send_str(json.dumps(["stdin", key]))
                if words != "download":
                    await until(lambda: words in drawn(at))
                    continue
                await until(lambda: offered(at) is not None)
                fetch = asyncio.ensure_future(session.get(f"{base}/download/{offered(at)}?token={token}",
                                                          headers={"Origin": base}))
                await until(fetch.done)  # the tab keeps being read while the file comes through it
                async with fetch.result() as response:
                    assert response.status == 200
                    read = asyncio.ensure_future(response.read())
                    await until(read.done)
                    files.append(read.result())
        return files

    return asyncio.run(go())


@pytest.mark.slow
def test_29_3_a_watchers_tab_of_serve_offers_downloads_and_writes_nothing(tmp_path: Path) -> None:
    """Issue 29.3 through a real ``serve``: a tab opened with the watchers' address presses ``R`` Enter (the briefing),
    then ``4`` ``b`` (a branch at #3): each time the browser is offered a download, which holds the briefing or the
    branch, and the game's folder is as it was. Before: both were written beside the save, a new file each time."""
    from tests.accounts import ps

    save = tmp_path / "game.json"
    played(save)
    before = listing(tmp_path)
    proc, urls = ps.start_serve(save)
    try:
        base, watcher = urls["base"], ps.token_of(urls["watcher"])
        assert watcher
        steps = [("R", "Download a briefing"), ("\r", "download"), ("4", "Branch here"), ("b", "download")]
        briefing, branch = _tab_downloads(base, watcher, steps)
    finally:
        ps.stop(proc)
    assert listing(tmp_path) == before
    game = open_game(save, data_dir(), fixed_clock, mode="read")
    assert briefing.decode() == render(game, "axis", "Jan I 1943")
    game.store.close()  # type: ignore[attr-defined]
    assert orjson.loads(branch)["meta"]["1"]["parent"]["seq"] == 3
