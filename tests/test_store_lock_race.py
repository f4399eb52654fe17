"""Issue 8.4: a deleted ``SAVE.lock`` must never let a write lose an acknowledged command.

Each test replays, step by step and without any timing, an interleaving that
the lock-deletion race (``scripts/proofs_files.py`` ``lock_race_test``) can
produce: the lock file is removed, a second session takes the new one, and one
session's write lands between another session's read of the save and the moment
it noted which file it read (or wrote).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_store import META, STATE, Clock, FaultyOps, event, state_at
from tui.store import SaveFile, SaveLock, StoreFailed
from tui.store import save as savemod
from tui.store.lock import lock_path


def _writer(path: Path) -> SaveFile:
    """A session that takes the lock, then opens the save (as ``open_game`` does)."""
    lock = SaveLock(path)
    assert lock.acquire(0)
    store = SaveFile.open(path, clock=Clock())
    store.lock = lock
    return store


def _whos(path: Path) -> list[str]:
    """Who wrote each event now on disk."""
    return [e["who"] for e in SaveFile.open(path).events()]


def test_a_write_between_the_read_and_its_stamp_is_never_overwritten(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.4: A holds the lock; SAVE.lock is removed; B takes the new one and reads revision 1; the lock
    file is removed again; A re-takes it, writes revision 2 (acknowledged) and exits; only then does B note
    the file it read. B's write must be refused: it was built on revision 1 and would drop A's command."""
    path = tmp_path / "game.json"
    SaveFile.create(path, META, STATE, clock=Clock()).close()
    first = _writer(path)
    lock_path(path).unlink()  # rm SAVE.lock
    second_lock = SaveLock(path)
    assert second_lock.acquire(0)  # the new lock file is free: B gets in
    real = savemod.load_checked

    def read_then_first_writes(p: Path, ops=None):  # B has read the bytes; A runs before B goes on
        storage = real(p, ops)
        lock_path(path).unlink()  # rm SAVE.lock again
        assert first.commit(append=[event(1, who="A")], state=state_at(2)) == 1  # acknowledged
        first.lock.release()  # A's exec ends
        first.close()
        return storage

    monkeypatch.setattr(savemod, "load_checked", read_then_first_writes)
    second = SaveFile.open(path, clock=Clock())
    monkeypatch.setattr(savemod, "load_checked", real)
    second.lock = second_lock
    assert second.revision == 0  # B really read the file as it was before A's write
    with pytest.raises(StoreFailed, match="behind this one's back"):
        second.commit(append=[event(1, who="B")], state=state_at(2))
    assert _whos(path) == ["A"]
    second_lock.release()


def test_a_lock_file_removed_during_a_write_lets_nobody_write_over_it(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.4, the likeliest case (one removal): A has confirmed its lock and checked the file and is about
    to rename its new save into place; SAVE.lock is removed; B takes the new one and reads revision 1; A's
    rename lands (revision 2, acknowledged); B then notes the file it read. B's write must be refused."""
    path = tmp_path / "game.json"
    SaveFile.create(path, META, STATE, clock=Clock()).close()
    first = _writer(path)
    real = savemod.load_checked
    opened: list[SaveFile] = []

    class RemovedMidWrite(FaultyOps):
        def replace(self, src: str, dst: str) -> None:
            if Path(dst).name != path.name or opened:  # the save, reached through its pinned folder
                return super().replace(src, dst)
            lock_path(path).unlink()  # rm SAVE.lock while A is between its check and its rename
            lock = SaveLock(path)
            assert lock.acquire(0)  # B gets the new lock file

            def read_then_rename(p: Path, ops=None):  # B has read revision 1; A's rename lands now
                storage = real(p, ops)
                FaultyOps.replace(self, src, dst)
                return storage

            monkeypatch.setattr(savemod, "load_checked", read_then_rename)
            opened.append(SaveFile.open(path, clock=Clock()))
            monkeypatch.setattr(savemod, "load_checked", real)
            opened[0].lock = lock

    first._storage._ops = RemovedMidWrite()
    assert first.commit(append=[event(1, who="A")], state=state_at(2)) == 1  # acknowledged
    first.lock.release()
    second = opened[0]
    assert second.revision == 0
    with pytest.raises(StoreFailed, match="behind this one's back"):
        second.commit(append=[event(1, who="B")], state=state_at(2))
    assert _whos(path) == ["A"]
    second.lock.release()


def test_a_write_just_after_ones_own_is_never_overwritten_by_the_next(tmp_path: Path) -> None:
    """Issue 8.4: A writes revision 1; before A notes the file it wrote, SAVE.lock is removed and B takes the
    new one, reads revision 1, writes revision 2 (acknowledged) and exits. A's next write must be refused."""
    path = tmp_path / "game.json"
    SaveFile.create(path, META, STATE, clock=Clock()).close()
    first = _writer(path)
    real = first._guarded
    done: list[int] = []

    def write_then_second_writes(write) -> None:  # A's write is on disk; B runs before A goes on
        real(write)
        if done:
            return
        lock_path(path).unlink()  # rm SAVE.lock
        second = _writer(path)
        done.append(second.commit(append=[event(2, who="B")], state=state_at(3)))  # acknowledged
        second.lock.release()
        second.close()

    first._guarded = write_then_second_writes  # type: ignore[method-assign]
    assert first.commit(append=[event(1, who="A")], state=state_at(2)) == 1
    assert done == [2]
    with pytest.raises(StoreFailed, match="behind this one's back"):
        first.commit(append=[event(2, who="A")], state=state_at(3))
    assert _whos(path) == ["A", "B"]
    first.lock.release()


def test_opening_as_writer_never_sweeps_a_write_in_progress(tmp_path: Path, monkeypatch) -> None:
    """Issue 8.4: after SAVE.lock is removed, a new writer's tidy-up must not delete the temporary file of a
    session that is mid-write under the folder's write lock (its rename would then fail)."""
    from tui.paths import data_dir
    from tui.session import create_game, open_game
    from tui.store import lock as lockmod

    monkeypatch.setattr(lockmod, "FOLDER_WAIT", 0.05)
    path = tmp_path / "game.json"
    create_game(path, data_dir(), seed=1).close()
    in_progress = tmp_path / "game.json.tmp-0123456789ab"
    with lockmod.folder_lock(tmp_path):  # another session, between writing its temp file and renaming it
        in_progress.write_bytes(b"{}")
        game = open_game(path, data_dir(), mode="write")
        assert in_progress.exists()
        game.close()
    left = tmp_path / "game.json.tmp-ba9876543210"  # a writer killed mid-write: tidied at the next open
    left.write_bytes(b"{}")
    open_game(path, data_dir(), mode="write").close()
    assert not left.exists()
