"""Issue 32, second-account attack 12: any account that could read a save's lock file (mode 0644 from the usual umask)
held ``flock`` on it read-only, and the owner's commands then failed "being written by another session" for as long
as it liked. Only a writer of the save ever takes its lock, so the lock file is now open only to those who may write
the save: 0600 for a save only its owner may write, 0660 for a save its group may write, and an older lock file of
one's own that others could read is narrowed when it is next taken."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

from tests.accounts import other_account, ps, reachable_folder  # noqa: F401  (fixtures)
from tui.session import create_game, open_game
from tui.store.lock import lock_mode, lock_path


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _made(path: Path, data: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        create_game(path, data, seed=5).close()
        open_game(path, data, mode="write").close()
    finally:
        os.umask(old)


def test_the_lock_file_is_open_only_to_those_who_may_write_the_save(data: Path, tmp_path: Path) -> None:
    """Attack 12: a save only its owner may write (0644) has a 0600 lock; one its group may write (0664), 0660; one
    anyone may write (0666), 0666 (the usual umask 022 and a shared group's 002 both)."""
    for name, umask, save_mode, lock in (("own.json", 0o022, 0o644, 0o600), ("group.json", 0o002, 0o664, 0o660)):
        path = tmp_path / name
        _made(path, data, umask)
        assert (_mode(path), _mode(lock_path(path))) == (save_mode, lock), name
    path = tmp_path / "all.json"
    _made(path, data, 0o022)
    path.chmod(0o666)
    assert lock_mode(path) == 0o666
    assert lock_mode(tmp_path / "missing.json") == 0o600


def test_an_older_lock_file_others_could_read_is_narrowed_when_taken(data: Path, tmp_path: Path) -> None:
    """A lock file made 0644 by an older version (or another program) is narrowed to 0600 by the owner's next write
    session; the game still opens and writes."""
    path = tmp_path / "g.json"
    _made(path, data, 0o022)
    lock_path(path).chmod(0o644)
    game = open_game(path, data, mode="write")
    try:
        assert _mode(lock_path(path)) == 0o600
        assert game.execute("note still writes").ok
    finally:
        game.close()


@pytest.mark.multiuser
def test_another_account_can_no_longer_hold_the_lock_of_a_save_it_cannot_write(
        data: Path, other_account: tuple[str, int], reachable_folder: Path) -> None:  # noqa: F811
    """Attack 12, as a second Unix account: in a folder every account can read (0755), with a save it may read but
    not write (0644), it cannot open the lock file to hold it; the owner's write session opens at once."""
    path = reachable_folder / "g.json"
    _made(path, data, 0o022)
    code = ("import fcntl, os, sys\n"
            "try:\n"
            f"    fd = os.open({str(lock_path(path))!r}, os.O_RDONLY)\n"
            "    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)\n"
            "    print('held')\n"
            "except OSError as exc:\n"
            "    print(type(exc).__name__)\n")
    out = subprocess.run([ps.SYSTEM_PYTHON, "-I", "-c", code], user=other_account[0], capture_output=True, text=True,
                         timeout=60, cwd="/")
    assert out.stdout.strip() == "PermissionError", out
    game = open_game(path, data, mode="write")
    try:
        assert not game.read_only
    finally:
        game.close()
