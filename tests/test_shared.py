"""Shared games (issue 5): one writer, read-only viewers, bounded waits, revision check, clean signals."""

from __future__ import annotations

import getpass
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import GameLocked, create_game, open_game
from tui.store import SaveLock, read_holder
from tui.store.lock import lock_path

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def writer(data, tmp_path):
    game = create_game(tmp_path / "shared.json", data, seed=1, clock=fixed_clock)
    yield game
    game.close()


def test_the_writer_holds_a_lock_file_beside_the_save_and_names_itself(writer) -> None:
    path = writer.store.path
    assert lock_path(path).exists() and not writer.read_only
    holder = read_holder(path)
    assert holder is not None and holder.pid == os.getpid() and holder.user and holder.host


def test_a_second_session_opens_read_only_and_every_change_is_refused(writer, data) -> None:
    viewer = open_game(writer.store.path, data, clock=fixed_clock)
    me = f"{getpass.getuser()}@{socket.gethostname()}"  # the writer by user and host, not process id (issue 22.13)
    assert viewer.read_only and f"Held by {me} since " in viewer.read_only_reason and "pid" not in viewer.read_only_reason
    before = viewer.store.path.read_bytes()
    for line in ["hit Tobruk", "next", "undo", "set dice typed", "note hello", "port add X minor axis"]:
        result = viewer.execute(line)
        assert not result.ok and "read-only" in result.message
    assert viewer.execute("help").ok and viewer.execute("why Tobruk").ok  # looking is fine
    assert viewer.store.path.read_bytes() == before
    with pytest.raises(Exception, match="read-only"):  # and the store itself refuses too
        viewer.store.commit(state=viewer.store.state())
    viewer.close()


def test_a_viewer_follows_the_writer(writer, data) -> None:
    viewer = open_game(writer.store.path, data, clock=fixed_clock, mode="read")
    assert not viewer.poll()  # nothing changed: one stat, no reload
    assert writer.execute("hit Alexandria 2").ok
    assert viewer.poll() and viewer.state == writer.state and viewer.events == writer.events
    assert viewer.read_only and not viewer.execute("hit Alexandria").ok
    viewer.close()


def test_exec_waits_a_bounded_time_then_refuses_without_touching_the_file(writer, capsys) -> None:
    from tui.cli import main

    path = writer.store.path
    before = path.read_bytes()
    start = time.monotonic()
    code = main(["exec", str(path), "--wait", "0.3", "hit Tobruk"])
    waited = time.monotonic() - start
    assert code == 3 and waited >= 0.3
    err = capsys.readouterr().err
    assert "being written by" in err and "nothing was changed" in err
    assert path.read_bytes() == before


def test_exec_goes_ahead_once_the_writer_closes(writer, data, capsys) -> None:
    from tui.cli import main

    path = writer.store.path
    writer.close()
    assert main(["exec", str(path), "hit Tobruk 2"]) == 0
    assert open_game(path, data, mode="read").state.world.ports["Tobruk"].hits == 1.0


def test_open_for_writing_while_held_raises_game_locked(writer, data) -> None:
    with pytest.raises(GameLocked, match="being written by"):
        open_game(writer.store.path, data, mode="write")


def test_a_write_behind_the_writers_back_stops_the_write(writer, data) -> None:
    """Someone bypassed the lock and wrote the file: the writer refuses rather than overwrite."""
    path = writer.store.path
    intruder_lock = SaveLock(path)
    assert not intruder_lock.acquire(0)
    from tui.store import SaveFile

    intruder = SaveFile.open(path)  # no lock: a foreign tool
    intruder.commit(state=intruder.state())
    before = path.read_bytes()
    result = writer.execute("hit Tobruk")
    assert not result.ok and "behind this one's back" in result.message
    assert path.read_bytes() == before and writer.state.world.ports["Tobruk"].hits == 0


def test_a_killed_writer_leaves_the_game_free(data, tmp_path) -> None:
    """The OS drops a dead holder's lock: SIGKILL a writer, and the next session writes."""
    path = tmp_path / "k.json"
    create_game(path, data, seed=1).close()
    code = f"import sys, time; sys.path.insert(0, {str(ROOT)!r}); from pathlib import Path; from tui.session import open_game; from tui.paths import data_dir; g = open_game(Path({str(path)!r}), data_dir(), mode='write'); print('HELD', flush=True); time.sleep(60)"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "HELD"
    assert open_game(path, data).read_only
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    game = open_game(path, data)
    assert not game.read_only and game.execute("hit Tobruk").ok
    game.close()


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_sighup_and_sigterm_end_the_app_cleanly_and_free_the_lock(data, tmp_path, sig) -> None:
    """SIGHUP and SIGTERM end the app whenever they come (the signal may come before the screen is up), free the lock
    and leave the save as it was."""
    path = tmp_path / "s.json"
    game = create_game(path, data, seed=1)
    game.execute("hit Tobruk 2")
    game.close()
    before = path.read_bytes()
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); from pathlib import Path; from tui.session import open_game; "
        f"from tui.paths import data_dir; from tui.cli import run_app; g = open_game(Path({str(path)!r}), data_dir()); "
        f"print('OPEN', flush=True); sys.exit(run_app(g, headless=True))"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "OPEN"
    time.sleep(1.0)  # let the screen come up
    proc.send_signal(sig)
    # 0: the app left as 'q' does; 128 + sig: it had not within tui.app.ending.GRACE (a loaded machine, a signal while
    # starting up) and the process ended at once (issue 29.1). Either way the lock is free and nothing is lost.
    assert proc.wait(timeout=20) in (0, 128 + sig), proc.stderr.read()
    assert path.read_bytes() == before  # nothing to flush: it was all durable already
    again = open_game(path, data)
    assert not again.read_only  # the lock was let go
    again.close()
