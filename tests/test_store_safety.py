"""The store under hostile file states (issue 8, points 4, 6, 7, 9, 10): lock identity, content check,
backups that a refused write never uses up, exclusive creation, links, FIFOs and devices."""

from __future__ import annotations

import errno
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_store import META, STATE, Clock, FaultyOps, event, files, state_at
from tui.store import SaveError, SaveFile, SaveLock, StoreFailed, fileops, lock as lockmod
from tui.store.lock import lock_path
from tui.store.storage import sweep_temp_files


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A FIFO or /dev/zero must be refused at once: fail the test instead of hanging on it."""
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("the store hung on a file")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def made(tmp_path: Path, commits: int, ops: FaultyOps | None = None) -> tuple[SaveFile, Path]:
    path = tmp_path / "game.json"
    save = SaveFile.create(path, META, STATE, clock=Clock(), ops=ops or FaultyOps())
    for n in range(1, commits + 1):
        save.commit(append=[event(n)], state=state_at(n))
    return save, path


# -- point 9: backups --------------------------------------------------------------------------------------


@pytest.mark.parametrize("step", ["write", "fsync", "close", "replace"])
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
def test_a_refused_write_keeps_all_three_backups(tmp_path: Path, step: str, code: int) -> None:
    """Issue 8.9: disk full or EIO must not use up NAME.3 (every backup byte-identical after the refusal)."""
    ops = FaultyOps()
    save, path = made(tmp_path, 5, ops)
    before = files(tmp_path)
    assert {"game.json.1", "game.json.2", "game.json.3"} <= before.keys()
    ops.arm(step, code)
    with pytest.raises(StoreFailed):
        save.commit(append=[event(6)], state=state_at(6))
    assert files(tmp_path) == before  # no stray temp file, no backup lost


def test_a_failed_rotation_never_deletes_the_previous_version(tmp_path: Path) -> None:
    """Issue 8.9: if NAME.1 cannot be made, the previous version stays beside the save and comes back as NAME.1."""
    class NoLastRename(FaultyOps):
        def replace(self, src: str, dst: str) -> None:
            if dst.endswith(".json.1"):
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            super().replace(src, dst)

    save, path = made(tmp_path, 2)
    previous = path.read_bytes()  # revision 2
    save._storage._ops = NoLastRename()
    save.commit(append=[event(3)], state=state_at(3))
    kept = [p for p in tmp_path.iterdir() if p.read_bytes() == previous]
    assert kept, "the previous version was deleted"
    assert "previous version is kept" in save._storage.backup_problem
    sweep_temp_files(path)  # the next session to take the lock tidies up
    assert (tmp_path / "game.json.1").read_bytes() == previous
    assert not [p for p in tmp_path.iterdir() if ".tmp-" in p.name]


def test_no_stray_lock_info_temp_file_when_it_cannot_be_written(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.9: a refused holder record leaves no ``SAVE.lock.info.tmp`` behind."""
    save, path = made(tmp_path, 0)
    save.close()

    def full(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(lockmod.os, "replace", full)
    lock = SaveLock(path)
    assert lock.acquire(0)
    lock.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.lock"]


def test_a_lock_on_a_missing_save_leaves_no_lock_file(tmp_path: Path) -> None:
    """Issue 8.9: locking ``nothere.json`` (a refused restore) leaves no ``nothere.json.lock``."""
    lock = SaveLock(tmp_path / "nothere.json")
    assert lock.acquire(0)
    lock.release()
    assert list(tmp_path.iterdir()) == []


# -- point 4: a deleted or replaced lock file ----------------------------------------------------------------


def test_a_deleted_lock_file_taken_by_another_writer_stops_the_first(tmp_path: Path) -> None:
    """Issue 8.4: after ``rm SAVE.lock`` a second writer may lock the new file; the first must then refuse."""
    save, path = made(tmp_path, 1)
    first = SaveLock(path)
    assert first.acquire(0)
    save.lock = first
    lock_path(path).unlink()
    second = SaveLock(path)
    assert second.acquire(0)  # the new lock file is free: the second session writes
    before = path.read_bytes()
    with pytest.raises(StoreFailed, match="no longer holds the game"):
        save.commit(append=[event(2)], state=state_at(2))
    assert path.read_bytes() == before
    second.release()
    first.release()


def test_a_deleted_lock_file_nobody_took_is_taken_again(tmp_path: Path) -> None:
    """Issue 8.4: the writer re-takes a removed lock file if it is free, and a new session then cannot get in."""
    save, path = made(tmp_path, 1)
    lock = SaveLock(path)
    assert lock.acquire(0)
    save.lock = lock
    lock_path(path).unlink()
    assert save.commit(append=[event(2)], state=state_at(2)) == 2
    assert lock_path(path).exists() and not SaveLock(path).acquire(0)
    lock.release()


def test_same_revision_number_but_other_content_is_never_overwritten(tmp_path: Path) -> None:
    """Issue 8.4: the behind-the-back check compares content, not the revision number alone."""
    save, path = made(tmp_path, 1)
    other = SaveFile.open(path)
    edited = other._storage.snapshot().replace(b'"turn":1', b'"turn":42')
    assert edited != other._storage.snapshot()
    fileops.replace_file(path, edited)  # same revision 1, other state
    with pytest.raises(StoreFailed, match="behind this one's back"):
        save.commit(append=[event(2)], state=state_at(2))
    assert path.read_bytes() == edited


def test_two_writers_cannot_both_pass_the_check(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.4: while one writer is between its check and its replace, another cannot write (no lost command)."""
    monkeypatch.setattr(lockmod, "FOLDER_WAIT", 0.2)
    save, path = made(tmp_path, 1)
    rival = SaveFile.open(path)
    outcome: list[str] = []

    class Interleave(FaultyOps):
        def replace(self, src: str, dst: str) -> None:
            if os.path.basename(dst) == path.name and not outcome:  # the save, in its pinned folder
                try:
                    rival.commit(append=[event(2, who="rival")], state=state_at(2))
                    outcome.append("rival wrote")
                except StoreFailed as exc:
                    outcome.append(f"rival refused: {exc}")
            super().replace(src, dst)

    save._storage._ops = Interleave()
    save.commit(append=[event(2)], state=state_at(2))
    assert outcome and outcome[0].startswith("rival refused"), outcome
    with pytest.raises(StoreFailed, match="behind this one's back"):  # and afterwards it sees the write
        rival.commit(append=[event(2, who="rival")], state=state_at(2))
    assert SaveFile.open(path).events()[-1].get("who") == "referee"


# -- point 10: symbolic links ------------------------------------------------------------------------------------


def test_a_save_opened_through_a_link_writes_the_real_file(tmp_path: Path) -> None:
    """Issue 8.10: the link stays a link, the file it points to gets the command, backups sit beside it."""
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    save, real = made(real_dir, 1)
    save.close()
    link = tmp_path / "link.json"
    link.symlink_to(real)
    through = SaveFile.open(link)
    through.commit(append=[event(2)], state=state_at(2))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert SaveFile.open(real).revision == 2
    assert (real_dir / "game.json.1").exists() and not (tmp_path / "link.json.1").exists()


def test_two_names_of_one_file_cannot_give_two_writers(tmp_path: Path) -> None:
    """Issue 8.10: the lock is per real file."""
    save, real = made(tmp_path, 0)
    link = tmp_path / "other-name.json"
    link.symlink_to(real)
    first = SaveLock(real)
    assert first.acquire(0)
    assert not SaveLock(link).acquire(0)
    first.release()


# -- point 6: files that are not saves -------------------------------------------------------------------------


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """Issue 8.6: a FIFO where the save should be must not hang the open."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="named pipe"):
        SaveFile.open(fifo)


def test_a_link_to_dev_zero_is_refused_without_reading(tmp_path: Path) -> None:
    """Issue 8.6: a symlink to /dev/zero must not read until memory runs out."""
    link = tmp_path / "game.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="character device"):
        SaveFile.open(link)


def test_a_dangling_link_is_named(tmp_path: Path) -> None:
    """Issue 8.6: a dangling symlink says where it points."""
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "gone.json")
    with pytest.raises(SaveError, match="symbolic link to .*gone.json, which does not exist"):
        SaveFile.open(link)


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.6: saves have a size limit."""
    save, path = made(tmp_path, 0)
    monkeypatch.setattr(fileops, "MAX_SAVE_BYTES", 64)
    monkeypatch.setattr(fileops.read_file, "__defaults__", (64,))
    with pytest.raises(SaveError, match="more than a save may"):
        SaveFile.open(path)


# -- point 7: creating a save -----------------------------------------------------------------------------------


def test_of_two_creators_exactly_one_wins_and_the_other_file_is_kept(tmp_path: Path) -> None:
    """Issue 8.7: a save appearing between the check and the write is never overwritten."""
    path = tmp_path / "game.json"

    class Rival(FaultyOps):
        def link(self, src: str, dst: str) -> None:
            Path(dst).write_bytes(b"the other session's save")
            super().link(src, dst)

    with pytest.raises(SaveError, match="already exists"):
        SaveFile.create(path, META, STATE, ops=Rival())
    assert path.read_bytes() == b"the other session's save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_create_refuses_a_dangling_link(tmp_path: Path) -> None:
    """Issue 8.7: a dangling symlink at the path is refused and left as it is."""
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(SaveError, match="symbolic link"):
        SaveFile.create(link, META, STATE)
    assert link.is_symlink() and not (tmp_path / "elsewhere.json").exists()


def test_create_under_a_file_is_refused(tmp_path: Path) -> None:
    """Issue 8.7: a parent that is a file gives StoreFailed naming the reason, not a traceback."""
    (tmp_path / "afile").write_text("x")
    with pytest.raises(StoreFailed, match="Not a directory"):
        SaveFile.create(tmp_path / "afile" / "game.json", META, STATE)
