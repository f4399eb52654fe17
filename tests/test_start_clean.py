"""Issue 19: a start of ``harbormaster`` runs only Harbormaster's code, and nothing of it outlives its screen.

The ``harbormaster`` console script is started as a referee starts it, from a
folder holding modules named like those a start imports (``tty``, ``textual``,
``tui``, ``json``, ...), each of which would leave a marker file if imported.
No marker may appear: a start imports nothing from the current folder (a game
folder shared with others must not run their code as the referee). The real
start runs in a pseudo-terminal and is quit with ``q``; then no process that
came from it may remain.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import uuid
from pathlib import Path

import pytest

from tui.paths import data_dir
from tui.session import create_game

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "harbormaster"
PLANTED = ("tty", "textual", "tui", "json", "rich", "msgspec", "orjson", "tinydb", "platformdirs", "filelock",
           "argparse", "asyncio", "select", "termios", "signal", "selectors", "typing", "tomllib", "tomli",
           "dataclasses", "enum", "random", "hashlib", "shutil", "tempfile", "locale", "gettext", "fcntl", "pty")
"""Modules a start imports (or may), planted in the folder it is started from."""

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the harbormaster console script is not installed here")


def _plant(folder: Path, marker: Path) -> None:
    """Modules named as those a start imports, each appending its name to ``marker`` if it is ever imported."""
    for name in PLANTED:
        (folder / f"{name}.py").write_text(
            f"with open({str(marker)!r}, 'a') as out:\n    out.write({name!r} + '\\n')\n", encoding="utf-8")


def _env(tmp_path: Path, token: str) -> dict[str, str]:
    # COLUMNS and LINES (set on pytest's workers) would override the pseudo-terminal's own 120x36 size
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARBORMASTER_", "TEXTUAL_", "PYTHON")) and k not in ("COLUMNS", "LINES")}
    env.update(HARBORMASTER_HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "share"),
               TERM="xterm-256color", HARBORMASTER_TEST_TOKEN=token)
    return env


def _processes_with(token: str) -> list[int]:
    """The processes (of this user) whose environment carries ``token``: whatever a start left running."""
    found = []
    needle = f"HARBORMASTER_TEST_TOKEN={token}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as env:
                if needle in env.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            continue
    return found


def _run_in_terminal(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, bytes]:
    """Start ``argv`` in a 120x36 pseudo-terminal, wait for its first full screen (the footer's ``palette`` key),
    press ``q`` and return its exit status and what it drew."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: becomes the program
        try:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    out = b""
    status = None
    try:
        end = time.monotonic() + 60
        pressed = 0.0  # when q was last pressed: again every 2 s (a key sent while a loaded machine sets up the screen's input can be lost)
        while time.monotonic() < end:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
                break
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    pass
            if b"palette" in out and time.monotonic() - pressed > 2:
                time.sleep(0.3)
                os.write(fd, b"q")
                pressed = time.monotonic()
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise AssertionError(f"the screen did not end after q: {out[-400:]!r}")
    finally:
        os.close(fd)
    return os.waitstatus_to_exitcode(status), out


@pytest.fixture
def planted(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A folder of planted modules, its marker file (absent until one is imported) and a save in that folder."""
    folder = tmp_path / "shared"
    folder.mkdir()
    marker = tmp_path / "imported-from-cwd"
    _plant(folder, marker)
    game = create_game(folder / "g.json", data_dir(), seed=3)
    game.close()
    return folder, marker, folder / "g.json"


def test_issue19_the_console_script_imports_nothing_from_the_current_folder(tmp_path: Path, planted) -> None:
    """Issue 19 (runs code from the current folder): ``harbormaster --help``, ``harbormaster show`` and
    ``harbormaster scenarios`` started in a folder of planted modules import none of them."""
    folder, marker, save = planted
    env = _env(tmp_path, uuid.uuid4().hex)
    for args in (["--help"], ["show", "g.json", "phase"], ["scenarios"]):
        out = subprocess.run([str(SCRIPT), *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, (args, out.stderr)
        assert not marker.exists(), f"{args}: imported from the current folder: {marker.read_text().split()}"


def test_issue19_a_real_start_imports_nothing_from_the_current_folder_and_leaves_nothing_running(
        tmp_path: Path, planted) -> None:
    """Issue 19: ``harbormaster g.json`` in a terminal, started in a folder of planted modules, draws its screen
    without importing any of them; after ``q`` it has exited 0 and no process it started remains (no resident
    copy, nothing forked or detached)."""
    folder, marker, _save = planted
    token = uuid.uuid4().hex
    code, out = _run_in_terminal([str(SCRIPT), "g.json"], folder, _env(tmp_path, token))
    assert b"palette" in out
    assert code == 0
    assert not marker.exists(), f"imported from the current folder: {marker.read_text().split()}"
    time.sleep(0.5)  # anything detached would have started by now
    assert _processes_with(token) == []


def test_issue19_a_browser_tab_of_serve_imports_nothing_from_the_current_folder(tmp_path: Path, planted) -> None:
    """Issue 19: the command ``harbormaster serve`` runs for each browser tab (``python -c``, which would put the
    folder it is started in first on ``sys.path``) draws the game's screen without importing a planted module."""
    import shlex

    from tui.web.serve import app_command

    folder, marker, save = planted
    argv = shlex.split(app_command(save, read_only=True))
    env = {**_env(tmp_path, uuid.uuid4().hex), "PYTHONPATH": str(ROOT)}
    code, out = _run_in_terminal(argv, folder, env)
    assert b"palette" in out and code == 0
    assert not marker.exists(), f"imported from the current folder: {marker.read_text().split()}"
