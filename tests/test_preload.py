"""Issue 12 "Faster": a start through the preloader runs the command line's own path on this terminal.

Each test starts its own preloader in a private temporary folder and runs the
``harbormaster`` entry point (:func:`tui.preload.launch`) in a pseudo-terminal,
as a referee's terminal would, pressing keys and reading the screen.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from tui.paths import data_dir
from tui.preload import runtime_dir
from tui.session import create_game, open_game

ROOT = Path(__file__).resolve().parent.parent


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARBORMASTER_", "TEXTUAL_"))}
    env.update(HARBORMASTER_RUNTIME_DIR=str(tmp_path / "rt"), HARBORMASTER_PRELOAD_DELAY="0",
               HARBORMASTER_PRELOAD_REPORT=str(tmp_path / "report"), HARBORMASTER_HOME=str(tmp_path / "home"),
               PYTHONPATH=str(ROOT), TERM="xterm-256color")
    env.update(extra)
    return env


def _pid_of_preloader(tmp_path: Path) -> int | None:
    try:
        return int((tmp_path / "rt" / "preload.lock").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie of ours counts as gone
        done, _ = os.waitpid(pid, os.WNOHANG)
        return done == 0
    except ChildProcessError:
        return True


def _wait(condition, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


@contextmanager
def _serving(tmp_path: Path, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """A preloader serving ``tmp_path/rt`` under ``env``, ready; ended (with any it started) on leaving."""
    (tmp_path / "rt").mkdir(mode=0o700)
    proc = subprocess.Popen([sys.executable, "-c", f"from tui.preloader import serve; serve({str(tmp_path / 'rt')!r})"],
                            env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert _wait(lambda: (tmp_path / "rt" / "preload.sock").exists() or proc.poll() is not None), "no preloader"
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        yield proc
    finally:
        for pid in {proc.pid, _pid_of_preloader(tmp_path)} - {None}:
            try:
                os.kill(pid, signal.SIGTERM)  # type: ignore[arg-type]
            except ProcessLookupError:
                pass
        proc.wait(timeout=10)


@pytest.fixture
def preloader(tmp_path: Path):
    """A preloader serving ``tmp_path/rt`` (ended, with any it started, at the end of the test)."""
    with _serving(tmp_path, _env(tmp_path)) as proc:
        yield proc


def _start(args: list[str], env: dict[str, str]) -> tuple[int, int]:
    """``harbormaster ARGS`` in a new 120x36 pseudo-terminal: (pid, the terminal's descriptor)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of its own, then the console script
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-c", "from tui.preload import launch; launch()", *args], env)
    return pid, fd


def _read_until(fd: int, marker: bytes, seconds: float = 30.0) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while marker not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


def _finish(pid: int, fd: int, seconds: float = 30.0) -> int:
    """Read the terminal until the process ends; its exit code."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.close(fd)
            return os.waitstatus_to_exitcode(status)
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    os.kill(pid, signal.SIGKILL)
    raise AssertionError("harbormaster did not end")


def _report(tmp_path: Path) -> list[str]:
    return (tmp_path / "report").read_text().split("\n")[:-1] if (tmp_path / "report").exists() else []


def _last_command(save: Path) -> str:
    import orjson

    events = orjson.loads(save.read_bytes())["events"]
    return str(events[str(len(events))]["command"]) if events else ""


def _save(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    create_game(path, data_dir(), seed=1).close()
    return path


def test_a_start_through_the_preloader_runs_the_screen_here_and_writes_the_save(tmp_path: Path, preloader) -> None:
    """Issue 12 Faster: ``harbormaster SAVE`` in a terminal with a preloader: the screen runs on this terminal (keys
    typed here reach it), its command is saved, and the client ends with the screen's exit code."""
    save = _save(tmp_path)
    pid, fd = _start([str(save)], _env(tmp_path))
    screen = _read_until(fd, b"palette")
    assert b"Harbormaster" in screen and b"Naval movement" in screen
    os.write(fd, b"n")  # next, from this terminal's keyboard: written to the save before it is shown
    assert _wait(lambda: _last_command(save).startswith("next"))
    os.write(fd, b"q")
    assert _finish(pid, fd) == 0
    assert [line.split()[0] for line in _report(tmp_path)] == ["preloaded"]
    game = open_game(save, data_dir(), mode="write")  # the copy let go of the lock
    assert [e["command"] for e in game.events][-1].startswith("next")
    game.close()


def test_a_killed_client_ends_its_screen_and_lets_go_of_the_save(tmp_path: Path, preloader) -> None:
    """Issue 12 Faster (nothing lost, nothing held): the client killed outright, its screen ends as on a dropped
    SSH link and the save's lock is free again."""
    save = _save(tmp_path)
    pid, fd = _start([str(save)], _env(tmp_path))
    _read_until(fd, b"palette")
    copy = int(_report(tmp_path)[0].split()[1])
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    assert _wait(lambda: not _alive(copy), 15)
    game = open_game(save, data_dir(), mode="write")
    game.close()


def test_a_changed_data_file_makes_the_start_from_scratch_and_the_preloader_end(tmp_path: Path) -> None:
    """Issue 12 Faster: the preloader never runs code or data older than the files: a data file changed since it
    loaded, the start is from scratch (the same screen) and that preloader ends."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    env = _env(tmp_path, HARBORMASTER_DATA=str(data))
    with _serving(tmp_path, env) as proc:
        toml = data / "rulesets" / "europa.toml"
        os.utime(toml, ns=(toml.stat().st_atime_ns, toml.stat().st_mtime_ns + 10**9))
        save = _save(tmp_path)
        pid, fd = _start([str(save)], env)
        assert b"Harbormaster" in _read_until(fd, b"palette")
        os.write(fd, b"q")
        assert _finish(pid, fd) == 0
        assert _report(tmp_path) == ["scratch"]
        proc.wait(timeout=15)  # the stale preloader ended


def test_another_environment_for_what_is_read_at_import_starts_from_scratch(tmp_path: Path, preloader) -> None:
    """Issue 12 Faster: Textual reads TEXTUAL_* when imported; a start with another value is not run by a preloader
    loaded without it (from scratch instead), and the preloader keeps serving the others."""
    save = _save(tmp_path)
    pid, fd = _start([str(save)], _env(tmp_path, TEXTUAL_THEME="nord"))
    _read_until(fd, b"palette")
    os.write(fd, b"q")
    assert _finish(pid, fd) == 0
    assert _report(tmp_path) == ["scratch"]
    assert preloader.poll() is None


def test_without_a_terminal_no_preloader_is_used_or_started(tmp_path: Path) -> None:
    """Issue 12 Faster: output to a pipe (``harbormaster show`` in a script) starts from scratch and starts nothing."""
    env = _env(tmp_path)
    save = _save(tmp_path)
    out = subprocess.run([sys.executable, "-c", "from tui.preload import launch; launch()", "show", str(save), "ports"],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "Tobruk" in out.stdout
    assert _report(tmp_path) == ["scratch"]
    assert not (tmp_path / "rt").exists()


def test_a_folder_others_can_open_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster (security): the preloader's folder must be this user's alone."""
    folder = tmp_path / "open"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    monkeypatch.setenv("HARBORMASTER_RUNTIME_DIR", str(folder))
    assert runtime_dir() is None
    folder.chmod(0o700)
    assert runtime_dir() == str(folder)


def test_preloader_status_and_stop(tmp_path: Path, preloader, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster: ``harbormaster preloader status`` names the running preloader; ``stop`` ends it."""
    from tui.preload import preloader_command

    monkeypatch.setenv("HARBORMASTER_RUNTIME_DIR", str(tmp_path / "rt"))
    assert preloader_command(["status"]) == 0
    assert f"a preloader is running: pid {preloader.pid}" in capsys.readouterr().out
    assert preloader_command(["stop"]) == 0
    preloader.wait(timeout=10)
    assert preloader_command(["status"]) == 0
    assert "no preloader is running" in capsys.readouterr().out
    assert preloader_command(["restart"]) == 2


def test_the_preloader_stays_while_its_screen_runs_and_ends_when_idle(tmp_path: Path) -> None:
    """Issue 12 Faster: a game played for longer than the idle time keeps the preloader (quitting and starting again
    is quick); with no screen running and no start it ends after the idle time."""
    env = _env(tmp_path, HARBORMASTER_PRELOAD_IDLE="1.5")
    with _serving(tmp_path, env) as server:
        save = _save(tmp_path)
        pid, fd = _start([str(save)], env)
        assert b"palette" in _read_until(fd, b"palette")
        time.sleep(4)  # over twice the idle time with the screen up
        assert server.poll() is None
        os.write(fd, b"q")
        assert _finish(pid, fd) == 0
        assert [line.split()[0] for line in _report(tmp_path)] == ["preloaded"]
        assert server.wait(timeout=20) == 0  # idle now: it ends
        assert not (tmp_path / "rt" / "preload.sock").exists()
