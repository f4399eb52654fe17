"""Nothing is written, renamed or created beside anything but a save (issue 18, points 2 and 7).

A save path that is a FIFO, a device node, a folder, or a symbolic link to one of those (or to a file
of another program) is refused by every verb that writes, naming what it is; a save its owner made
read-only is never rewritten; a refused or killed ``restore`` leaves no ``.broken-*`` or temporary file.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

import pytest

from tests.accounts import other_account  # noqa: F401 (a fixture)
from tests.conftest import fixed_clock
from tui.session import GameOpenError, open_game
from tui.store import FileOps, SaveFile, StoreFailed, restore_backup
from tui.store.storage import sweep_temp_files


from tests.cli_fixtures import run, save  # noqa: F401 (save is a fixture)


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def make_target(kind: str, where: Path) -> Path:
    """What a link points to: a FIFO, a character device, a file of another program, or a folder."""
    if kind == "fifo":
        target = where / "pipe"
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() != 0:
            return Path("/dev/null")  # cannot be replaced by this user, whatever the code under test does
        target = where / "null"  # a device node of its own: root could replace /dev/null itself
        os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    elif kind == "other file":
        target = where / "notes.txt"
        target.write_text("a referee's private notes\n")
    else:
        target = where / "folder"
        target.mkdir()
    return target


KINDS = ["fifo", "device", "other file", "folder"]
WHAT = {"fifo": "a named pipe (FIFO)", "device": "a character device", "other file": "a file that is not a save",
        "folder": "a folder"}


@pytest.mark.parametrize("kind", KINDS)
def test_restore_through_a_link_never_replaces_what_it_points_to(save: Path, tmp_path: Path, capsys, kind: str) -> None:
    """Issue 18.2: ``a.json`` -> a FIFO, a device, another file or a folder, a good backup beside the link:
    ``restore a.json`` refuses naming what the path is; the target is not renamed and nothing is made beside it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = make_target(kind, elsewhere)
    link = tmp_path / "a.json"
    link.symlink_to(target)
    (tmp_path / "a.json.1").write_bytes(Path(f"{save}.1").read_bytes())
    before, dev_before = listing(elsewhere), listing(Path("/dev"))
    content = target.read_bytes() if kind == "other file" else None
    for argv in (("restore", str(link)), ("restore", str(link), "--backup", str(tmp_path / "a.json.1"))):
        code, out, err = run(capsys, *argv)
        assert code == 2 and "Traceback" not in err, err
        assert f"a.json is a symbolic link to {target}, {WHAT[kind]}" in err and "nothing was changed" in err
    assert listing(elsewhere) == before and listing(Path("/dev")) == dev_before
    assert link.is_symlink() and (content is None or target.read_bytes() == content)


@pytest.mark.parametrize("kind", KINDS)
def test_every_verb_refuses_a_link_to_something_that_is_no_file(save: Path, tmp_path: Path, data: Path, capsys,
                                                                 kind: str) -> None:
    """Issue 18.2: ``exec``, ``new``, ``branch``, ``report -o`` and the TUI's open (writer and viewer) through a
    link to a FIFO, a device, a folder or another program's file: refused, naming it, and no lock, temporary or
    kept file beside it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = make_target(kind, elsewhere)
    link = tmp_path / "b.json"
    link.symlink_to(target)
    before, here, dev_before = listing(elsewhere), listing(tmp_path), listing(Path("/dev"))
    for argv in (("exec", str(link), "note x"), ("new", str(link)), ("branch", str(save), "--at", "1", str(link)),
                 ("report", str(save), "-o", str(link), "--force")):
        code, _, err = run(capsys, *argv)
        assert code != 0 and "Traceback" not in err, (argv, err)
        assert "b.json" in err, (argv, err)
    for mode in ("auto", "write", "read"):
        with pytest.raises(GameOpenError, match=f"b.json is a symbolic link to {target}"):
            open_game(link, data, mode=mode)
    assert listing(elsewhere) == before and listing(tmp_path) == here and listing(Path("/dev")) == dev_before


def test_a_fifo_at_the_save_path_is_refused_by_restore_and_stays(save: Path, tmp_path: Path, capsys) -> None:
    """Issue 18.2: a FIFO named like a save, a backup beside it: ``restore`` says what it is and renames nothing."""
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    (tmp_path / "p.json.1").write_bytes(Path(f"{save}.1").read_bytes())
    before = listing(tmp_path)
    code, _, err = run(capsys, "restore", str(fifo))
    assert code == 2 and "p.json is a named pipe (FIFO), not a save" in err
    assert listing(tmp_path) == before


def test_a_lock_file_that_is_a_link_is_never_followed(save: Path, tmp_path: Path, data: Path) -> None:
    """Issue 18.2: ``g.json.lock`` made a dangling link by another user: taking the lock creates nothing where it points."""
    (tmp_path / "g.json.lock").unlink(missing_ok=True)
    (tmp_path / "g.json.lock").symlink_to(tmp_path / "planted")
    game = open_game(save, data, mode="auto")
    try:
        assert game.read_only and "symbolic link" in game.read_only_reason
    finally:
        game.close()
    assert not (tmp_path / "planted").exists()


# -- point 7: a read-only save, a refused or killed restore -----------------------------------------------------


def test_a_save_made_read_only_is_never_rewritten(save: Path, data: Path, capsys) -> None:
    """Issue 18.7: ``chmod 444``: exec and restore refuse with the reason, the TUI's open watches, and the file,
    its mode and its backups are as they were."""
    os.chmod(save, 0o444)
    raw, backups = save.read_bytes(), sorted(save.parent.iterdir())
    code, _, err = run(capsys, "exec", str(save), "note x")
    assert code == 2 and "read-only (mode 0444)" in err and "nothing was changed" in err
    code, _, err = run(capsys, "restore", str(save), "--backup", f"{save}.1")
    assert code == 2 and "read-only (mode 0444)" in err
    game = open_game(save, data, mode="auto")
    assert game.read_only and "read-only" in game.read_only_reason
    game.close()
    assert save.read_bytes() == raw and (save.stat().st_mode & 0o777) == 0o444
    assert sorted(save.parent.iterdir()) == backups


def test_a_save_made_read_only_while_open_is_not_rewritten(save: Path, data: Path) -> None:
    """Issue 18.7: the owner runs ``chmod 444`` while a screen writes the game: the next command is refused."""
    game = open_game(save, data, mode="write")
    try:
        os.chmod(save, 0o444)
        raw = save.read_bytes()
        result = game.execute("note x")
        assert not result.ok and "read-only" in result.message
        assert save.read_bytes() == raw and (save.stat().st_mode & 0o777) == 0o444
    finally:
        game.close()


class FullDisk(FileOps):
    """The disk fills up as the restored save is written."""

    def write(self, fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_restore_refused_on_a_full_disk_leaves_no_broken_file(save: Path) -> None:
    """Issue 18.7: nothing was restored, so no ``NAME.broken-*`` copy of the untouched save is left either."""
    raw, before = save.read_bytes(), listing(save.parent)
    with pytest.raises(StoreFailed, match="No space left"):
        restore_backup(save, Path(f"{save}.1"), clock=fixed_clock, ops=FullDisk())
    assert save.read_bytes() == raw and listing(save.parent) == before


def _killed_restore(save: Path, backup: Path) -> None:
    """Restore in a child process that dies (no clean-up runs) once the restored save's temporary file is written."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        def die(self: FileOps, fd: int) -> None:
            os._exit(9)
        FileOps.fsync = die  # type: ignore[method-assign]
        try:
            restore_backup(save, backup, clock=fixed_clock)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 9


@pytest.mark.parametrize("missing", [False, True], ids=["damaged save", "save removed"])
def test_a_killed_restore_leaves_no_temporary_file_behind(save: Path, capsys, missing: bool) -> None:
    """Issue 18.7: a restore killed mid-write leaves ``NAME.tmp-*``; the next ``restore`` sweeps it (even when
    there is no save to open, so no writer's open ever would)."""
    backup = save.with_name("keep.json")
    backup.write_bytes(Path(f"{save}.1").read_bytes())
    if missing:
        save.unlink()
    else:
        save.write_bytes(b'{"meta": cut short')
    _killed_restore(save, backup)
    assert [p for p in os.listdir(save.parent) if p.startswith("g.json.tmp-")]
    code, _, err = run(capsys, "restore", str(save), "--backup", str(backup))
    assert code == 0, err
    assert not [p for p in os.listdir(save.parent) if ".tmp-" in p]
    assert SaveFile.open(save).event_count() == 1


def test_the_sweep_removes_only_this_users_stale_temporary_files_of_the_save(save: Path, tmp_path: Path) -> None:
    """Issue 18.7: a stale ``g.json.tmp-<12 hex>`` of this user is swept; a link, a FIFO, another save's or a
    differently named file, and a temporary file a live writer holds are all left alone."""
    stale = tmp_path / "g.json.tmp-0123456789ab"
    stale.write_bytes(b"half")
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    (tmp_path / "g.json.tmp-aaaaaaaaaaaa").symlink_to(outside)
    os.mkfifo(tmp_path / "g.json.tmp-bbbbbbbbbbbb")
    (tmp_path / "g.json.tmp-notmine").write_text("x")
    (tmp_path / "h.json.tmp-cccccccccccc").write_text("x")
    busy = tmp_path / "g.json.tmp-dddddddddddd"
    fd = FileOps().open_temp(str(busy), None)  # a writer filling its temporary file right now
    try:
        assert sweep_temp_files(save) == 1
    finally:
        os.close(fd)
    left = listing(tmp_path)
    assert "g.json.tmp-0123456789ab" not in left
    for kept in ("g.json.tmp-aaaaaaaaaaaa", "g.json.tmp-bbbbbbbbbbbb", "g.json.tmp-notmine", "h.json.tmp-cccccccccccc",
                 "g.json.tmp-dddddddddddd"):
        assert kept in left
    assert outside.read_text() == "keep me"


@pytest.mark.multiuser
def test_the_sweep_leaves_another_users_temporary_file(save: Path, tmp_path: Path, other_account: tuple[str, int]) -> None:
    """Issue 18.7: in a shared folder, a ``g.json.tmp-*`` owned by another account (made for the test, removed
    after it: issue 35) is not this user's to remove."""
    uid = other_account[1]
    theirs = tmp_path / "g.json.tmp-eeeeeeeeeeee"
    theirs.write_bytes(b"theirs")
    os.chown(theirs, uid, -1)
    assert sweep_temp_files(save) == 0 and theirs.read_bytes() == b"theirs"


def test_a_temporary_file_is_marked_in_use_while_written(tmp_path: Path) -> None:
    """Issue 18.7: the mark the sweep reads: a shared flock held from creation to close."""
    path = tmp_path / "x.tmp-ffffffffffff"
    fd = FileOps().open_temp(str(path), None)
    probe = os.open(path, os.O_RDONLY)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.close(fd)
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        os.close(probe)
