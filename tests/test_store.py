"""Tests for the save file (tui.store): layout, commits, atomicity, fault injection, corrupt files, backups."""

from __future__ import annotations

import errno
import json
import os
import random
import threading
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest
from tinydb import Query, TinyDB

from tui.store import (
    AtomicJSONStorage, FileOps, MemoryStorage, SaveError, SaveFile, StoreFailed, newest_backup, restore_backup,
)

META = {"ruleset": "europa", "scenario": "000-tobruk", "title": "Tobruk 1941"}
STATE = {"turn": 1, "phase": "naval", "ports": {"Tobruk": {"type": "major", "hits": 0, "markers": ["port-used"]}}}
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)


class Clock:
    """A fixed clock that advances one minute per call."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def event(seq: int, **extra: Any) -> dict[str, Any]:
    """A plausible event document."""
    return {"seq": seq, "who": "referee", "command": {"verb": "hit", "args": ["Tobruk", seq]}, "dice": [3], **extra}


def state_at(turn: int) -> dict[str, Any]:
    """A state document for game turn ``turn``."""
    return {**STATE, "turn": turn}


class FaultyOps(FileOps):
    """FileOps that counts calls and fails the next call of an armed step once."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.faults: dict[str, OSError] = {}

    def arm(self, step: str, code: int) -> None:
        self.faults[step] = OSError(code, os.strerror(code))

    def _hit(self, step: str) -> None:
        self.calls[step] += 1
        fault = self.faults.pop(step, None)
        if fault is not None:
            raise fault

    def open_temp(self, path: str, mode: int | None) -> int:
        self._hit("open_temp")
        return super().open_temp(path, mode)

    def reuse_temp(self, old: str, path: str, mode: int | None) -> int | None:
        self._hit("reuse_temp")
        return super().reuse_temp(old, path, mode)

    def write(self, fd: int, data: bytes) -> None:
        self._hit("write")
        super().write(fd, data)

    def truncate(self, fd: int, size: int) -> None:
        self._hit("truncate")
        super().truncate(fd, size)

    def fsync(self, fd: int) -> None:
        self._hit("fsync")
        super().fsync(fd)

    def close(self, fd: int) -> None:
        super().close(fd)  # really close, then report the (injected) delayed write error
        self._hit("close")

    def replace(self, src: str, dst: str) -> None:
        self._hit("replace")
        super().replace(src, dst)

    def link(self, src: str, dst: str) -> None:
        self._hit("link")
        super().link(src, dst)

    def fsync_dir(self, folder: str) -> None:
        self._hit("fsync_dir")
        super().fsync_dir(folder)


class Backend(msgspec.Struct):
    """One back end under test: how to make a save and how to reopen it."""

    name: str
    make: Callable[[], SaveFile]
    reopen: Callable[[SaveFile], SaveFile]


@pytest.fixture(params=["json", "memory"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Both back ends through one fixture: a save file on disk and the in-memory one."""
    if request.param == "json":
        path = tmp_path / "game.hm.json"
        return Backend(
            "json",
            lambda: SaveFile.create(path, META, STATE, clock=Clock(), ops=FaultyOps()),
            lambda save: SaveFile.open(path),
        )
    return Backend(
        "memory",
        lambda: SaveFile.memory(META, STATE, clock=Clock()),
        lambda save: SaveFile.from_bytes(save.to_bytes()),
    )


def snapshot(save: SaveFile) -> tuple[Any, ...]:
    """Everything a save shows, to compare before and after."""
    return (save.meta, save.revision, save.events(), save.event_count(), save.state(), save.db.table("events").all())


def files(folder: Path) -> dict[str, bytes]:
    """Name -> bytes of every file in ``folder``."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def writes(save: SaveFile) -> int:
    return save._storage.writes


# -- layout, create / open / commit ------------------------------------------------------------------------


def test_create_open_round_trip(backend: Backend) -> None:
    save = backend.make()
    meta = save.meta
    assert meta["app"] == "harbormaster" and meta["schema"] == 1
    assert meta["ruleset"] == "europa" and meta["scenario"] == "000-tobruk" and meta["title"] == "Tobruk 1941"
    assert meta["revision"] == 0 == save.revision
    assert meta["created"] == meta["updated"] == "2024-05-01T12:01:00+00:00"
    assert save.events() == [] and save.event_count() == 0
    assert save.state() == STATE
    again = backend.reopen(save)
    assert snapshot(again) == snapshot(save)


def test_commit_appends_updates_replaces_state_and_merges_meta(backend: Backend) -> None:
    save = backend.make()
    assert save.commit(append=[event(1), event(2), event(3)], state=state_at(2)) == 1
    rev = save.commit(append=[event(4)], update={2: event(2, undone=True)}, state=state_at(3), meta={"note": "x"})
    assert rev == 2 == save.revision
    assert [e["seq"] for e in save.events()] == [1, 2, 3, 4]
    assert save.event(2) == event(2, undone=True)
    assert save.events(start=3) == [event(3), event(4)]
    assert save.event_count() == 4
    assert save.state() == state_at(3)
    meta = save.meta
    assert meta["note"] == "x" and meta["title"] == "Tobruk 1941"
    assert meta["updated"] > meta["created"]
    again = backend.reopen(save)
    assert snapshot(again) == snapshot(save)


def test_exactly_one_write_per_commit(backend: Backend) -> None:
    save = backend.make()
    for n in range(1, 6):
        before = writes(save)
        save.commit(append=[event(n)], update={1: event(1, n=n)}, state=state_at(n), meta={"n": n})
        assert writes(save) == before + 1
    if backend.name == "json":
        ops = save._storage._ops
        ops.calls.clear()
        save.commit(append=[event(6), event(7)], update={3: event(3)}, state=state_at(9), meta={"n": 9})
        assert ops.calls["write"] == 1 and ops.calls["fsync"] == 1 and ops.calls["fsync_dir"] == 1


def test_returned_documents_are_copies(backend: Backend) -> None:
    save = backend.make()
    save.commit(append=[event(1)], state=state_at(1))
    save.events()[0]["seq"] = 99
    save.state()["ports"]["Tobruk"]["hits"] = 5
    save.meta["app"] = "x"
    assert save.event(1)["seq"] == 1 and save.state() == state_at(1) and save.meta["app"] == "harbormaster"


def test_issue19_log_hands_out_documents_no_commit_edits(backend: Backend) -> None:
    """Issue 19 (no copy of a long log at open): ``log()`` gives the store's own event documents, and no commit (append,
    update, a failed write rolled back) ever edits one of them: an updated event gets a new document."""
    import copy

    save = backend.make()
    save.commit(append=[event(1), event(2)], state=state_at(1))
    log = save.log()
    kept = copy.deepcopy(log)
    assert log == save.events() and log is not save.log()
    save.commit(append=[event(3)], update={1: event(1, status="undone"), 2: event(2, who="x")}, state=state_at(2))
    with pytest.raises(StoreFailed):
        save.commit(update={3: event(3, bad=object())}, state=state_at(3))  # cannot be written: rolled back
    assert log == kept  # the documents handed out are as they were read
    assert save.event(1)["status"] == "undone" and "status" not in log[0]
    assert save.event(2)["who"] == "x" and log[1]["who"] == "referee"


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"append": [event(5)]}, ValueError),  # seq does not match its place
        ({"append": ["not a dict"]}, TypeError),
        ({"update": {7: event(7)}}, ValueError),  # no such event
        ({"update": {1: event(2)}}, ValueError),
        ({"meta": {"revision": 9}}, ValueError),
        ({"meta": {"app": "other"}}, ValueError),
        ({"meta": {"ruleset": 3}}, ValueError),
    ],
)
def test_bad_commit_changes_nothing(backend: Backend, kwargs: dict[str, Any], error: type[Exception]) -> None:
    save = backend.make()
    save.commit(append=[event(1)], state=state_at(1))
    before, count = snapshot(save), writes(save)
    with pytest.raises(error):
        save.commit(state=state_at(2), **kwargs)
    assert snapshot(save) == before and writes(save) == count


def test_state_must_be_a_dict(backend: Backend) -> None:
    save = backend.make()
    with pytest.raises(TypeError):
        save.commit(state=[1, 2])  # type: ignore[arg-type]
    assert save.revision == 0


def test_unserializable_data_is_refused_and_rolled_back(backend: Backend) -> None:
    save = backend.make()
    save.commit(append=[event(1)], state=state_at(1))
    before = snapshot(save)
    with pytest.raises(StoreFailed, match="cannot be written as JSON.*nothing was changed"):
        save.commit(append=[event(2, when=object())], state=state_at(2))
    assert snapshot(save) == before
    assert save.commit(append=[event(2)], state=state_at(2)) == 2
    assert snapshot(backend.reopen(save)) == snapshot(save)


def test_create_validates_meta(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="ruleset"):
        SaveFile.create(tmp_path / "a.hm.json", {"scenario": "s"}, STATE)
    with pytest.raises(ValueError, match="revision"):
        SaveFile.memory({**META, "revision": 4}, STATE)
    assert list(tmp_path.iterdir()) == []


def test_create_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "game.hm.json"
    path.write_bytes(b"precious")
    with pytest.raises(SaveError, match="already exists") as info:
        SaveFile.create(path, META, STATE)
    assert info.value.kind == "exists" and info.value.path == path
    assert path.read_bytes() == b"precious"


def test_commit_from_another_thread_is_refused(backend: Backend) -> None:
    save = backend.make()
    errors: list[BaseException] = []

    def other() -> None:
        try:
            save.commit(state=state_at(2))
        except RuntimeError as exc:
            errors.append(exc)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert errors and save.revision == 0


def test_tinydb_caches_follow_commits_and_rollbacks(backend: Backend) -> None:
    save = backend.make()
    save.commit(append=[event(1), event(2)], state=state_at(1))
    table = save.db.table("events")
    assert [d.doc_id for d in table.search(Query().dice == [3])] == [1, 2]  # now cached
    save.commit(append=[event(3)], state=state_at(2))
    assert [d.doc_id for d in table.search(Query().dice == [3])] == [1, 2, 3]
    if backend.name == "memory":
        save._storage.fail_next(OSError(errno.EIO, os.strerror(errno.EIO)))
    else:
        save._storage._ops.arm("fsync", errno.EIO)
    with pytest.raises(StoreFailed):
        save.commit(append=[event(4)], state=state_at(3))
    assert [d.doc_id for d in table.search(Query().dice == [3])] == [1, 2, 3]
    assert len(table) == 3


def test_memory_backend_fault_rolls_back() -> None:
    save = SaveFile.memory(META, STATE)
    save.commit(append=[event(1)], state=state_at(1))
    before = snapshot(save)
    save._storage.fail_next(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    with pytest.raises(StoreFailed, match=r"could not save <memory>: No space left on device; nothing was changed"):
        save.commit(append=[event(2)], update={1: event(1, x=1)}, state=state_at(2), meta={"k": 1})
    assert snapshot(save) == before
    assert save.commit(append=[event(2)], state=state_at(2)) == 2


def test_closed_save_refuses_use(backend: Backend) -> None:
    save = backend.make()
    with save:
        pass
    with pytest.raises(ValueError, match="closed"):
        save.commit(state=STATE)
    save.close()


# -- fault injection (disk) --------------------------------------------------------------------------------

ERRNOS = [errno.ENOSPC, errno.EIO, errno.EACCES]
STEPS = ["write", "fsync", "replace", "open_temp", "close", "fsync_dir"]


def made_save(tmp_path: Path, commits: int) -> tuple[SaveFile, Path, FaultyOps]:
    path = tmp_path / "game.hm.json"
    ops = FaultyOps()
    save = SaveFile.create(path, META, STATE, clock=Clock(), ops=ops)
    for n in range(1, commits + 1):
        save.commit(append=[event(n)], state=state_at(n))
    return save, path, ops


@pytest.mark.parametrize("commits", [0, 5], ids=["fresh-temp", "recycled-temp"])
@pytest.mark.parametrize("code", ERRNOS, ids=errno.errorcode.get)
@pytest.mark.parametrize("step", STEPS)
def test_failed_write_changes_nothing(tmp_path: Path, step: str, code: int, commits: int) -> None:
    save, path, ops = made_save(tmp_path, commits)
    on_disk = files(tmp_path)
    before = snapshot(save)
    ops.arm(step, code)
    if step == "open_temp" and commits:
        ops.arm("reuse_temp", errno.EIO)  # recycling the oldest backup fails first, then the fresh temp file
    with pytest.raises(StoreFailed) as info:
        save.commit(append=[event(commits + 1), event(commits + 2)], update={1: event(1, x=1)} if commits else None,
                    state=state_at(99), meta={"k": "v"})
    message = str(info.value)
    assert message == f"could not save game.hm.json: {os.strerror(code)}; nothing was changed"
    assert "\n" not in message
    after = files(tmp_path)
    assert after["game.hm.json"] == on_disk["game.hm.json"]
    for name in ("game.hm.json.1", "game.hm.json.2"):
        assert after.get(name) == on_disk.get(name)
    assert not [n for n in after if ".tmp" in n]
    assert snapshot(save) == before
    # the next commit works and is what a reopen sees
    rev = save.commit(append=[event(commits + 1)], state=state_at(7))
    assert rev == commits + 1
    assert snapshot(SaveFile.open(path)) == snapshot(save)


def test_unconfirmed_write_says_so(tmp_path: Path) -> None:
    class Stuck(FaultyOps):
        """The folder sync fails once armed, and so does every rename after it."""

        broken = False

        def fsync_dir(self, folder: str) -> None:
            self.broken = self.broken or "fsync_dir" in self.faults
            super().fsync_dir(folder)

        def replace(self, src: str, dst: str) -> None:
            if self.broken:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            super().replace(src, dst)

    path = tmp_path / "game.hm.json"
    save = SaveFile.create(path, META, STATE, clock=Clock(), ops=Stuck())
    save.commit(append=[event(1)], state=state_at(1))
    before = snapshot(save)
    save._storage._ops.arm("fsync_dir", errno.EIO)
    with pytest.raises(StoreFailed, match="may already hold the new data") as info:
        save.commit(append=[event(2)], state=state_at(2))
    assert info.value.changed_on_disk
    assert snapshot(save) == before


@pytest.mark.parametrize("commits", [0, 5])
def test_failed_recycle_open_falls_back_to_a_fresh_temp(tmp_path: Path, commits: int) -> None:
    save, path, ops = made_save(tmp_path, commits)
    ops.arm("reuse_temp", errno.EIO)
    save.commit(append=[event(commits + 1)], state=state_at(1))
    assert SaveFile.open(path).event_count() == commits + 1
    assert not [n for n in files(tmp_path) if ".tmp" in n]


def test_failed_create_leaves_no_file(tmp_path: Path) -> None:
    ops = FaultyOps()
    ops.arm("fsync", errno.ENOSPC)
    path = tmp_path / "game.hm.json"
    with pytest.raises(StoreFailed, match="No space left on device"):
        SaveFile.create(path, META, STATE, ops=ops)
    assert list(tmp_path.iterdir()) == []


def test_backups_are_best_effort_when_links_fail(tmp_path: Path) -> None:
    class NoLinks(FaultyOps):
        def link(self, src: str, dst: str) -> None:
            raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    path = tmp_path / "game.hm.json"
    save = SaveFile.create(path, META, STATE, clock=Clock(), ops=NoLinks())
    for n in range(1, 5):
        save.commit(append=[event(n)], state=state_at(n))
    assert [SaveFile.open(tmp_path / f"game.hm.json.{i}").revision for i in (1, 2, 3)] == [3, 2, 1]


# -- backups -----------------------------------------------------------------------------------------------


def test_backups_rotate_and_keep_three(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 1)
    assert sorted(files(tmp_path)) == ["game.hm.json", "game.hm.json.1"]
    assert SaveFile.open(tmp_path / "game.hm.json.1").revision == 0
    for n in range(2, 7):
        save.commit(append=[event(n)], state=state_at(n))
    assert sorted(files(tmp_path)) == ["game.hm.json", "game.hm.json.1", "game.hm.json.2", "game.hm.json.3"]
    revisions = [SaveFile.open(tmp_path / f"game.hm.json.{i}").revision for i in (1, 2, 3)]
    assert revisions == [5, 4, 3]
    assert SaveFile.open(path).revision == 6


def test_recycling_never_overwrites_a_linked_backup(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 4)
    keep = tmp_path / "keep.json"
    os.link(tmp_path / "game.hm.json.3", keep)
    kept = keep.read_bytes()
    save.commit(append=[event(5)], state=state_at(5))
    assert keep.read_bytes() == kept


def test_file_mode_is_kept(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 4)
    save.close()
    path.chmod(0o600)
    save = SaveFile.open(path)
    for n in range(5, 10):
        save.commit(append=[event(n)], state=state_at(n))
    assert path.stat().st_mode & 0o777 == 0o600


def test_restore_backup(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 3)
    save.close()
    path.write_bytes(b'{"meta": {"1": {"app": "harbo')
    with pytest.raises(SaveError) as info:
        SaveFile.open(path)
    assert info.value.backup == tmp_path / "game.hm.json.1"
    good = info.value.backup.read_bytes()
    kept = restore_backup(path, info.value.backup, clock=lambda: T0)
    assert kept == tmp_path / "game.hm.json.broken-20240501T120000Z"
    assert kept.read_bytes() == b'{"meta": {"1": {"app": "harbo'
    assert path.read_bytes() == good
    assert SaveFile.open(path).revision == 2
    # a second restore keeps the first broken file too
    second = restore_backup(path, tmp_path / "game.hm.json.2", clock=lambda: T0)
    assert second is not None and second != kept and kept.exists()


def test_restore_refuses_a_bad_backup(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 1)
    (tmp_path / "bad.json").write_bytes(b"[]")
    before = files(tmp_path)
    with pytest.raises(SaveError, match="not a Harbormaster save"):
        restore_backup(path, tmp_path / "bad.json")
    assert files(tmp_path) == before


# -- corrupt files -----------------------------------------------------------------------------------------


def tables(**changes: Any) -> bytes:
    """A schema-1 save's JSON with some tables replaced (None removes one)."""
    data: dict[str, Any] = {
        "meta": {"1": {"app": "harbormaster", "schema": 1, "ruleset": "europa", "scenario": "s",
                       "created": "2024-01-01T00:00:00+00:00", "updated": "2024-01-01T00:00:00+00:00", "revision": 2}},
        "events": {"1": event(1), "2": event(2)},
        "state": {"1": STATE},
    }
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return orjson.dumps(data)


def corpus(valid: bytes) -> list[tuple[str, bytes, str, str]]:
    """(case id, bytes, expected kind, phrase in the message)."""
    rng = random.Random(1941)
    cases: list[tuple[str, bytes, str, str]] = [("empty", b"", "empty", "the file is empty")]
    cuts = sorted({*range(1, 40), *rng.sample(range(40, len(valid) - 1), 40), len(valid) - 1})
    cases += [(f"cut-{n}", valid[:n], "damaged", "not valid JSON") for n in cuts]
    cases += [(f"random-{i}", rng.randbytes(rng.randint(16, 3000)), "damaged", "not valid JSON") for i in range(12)]
    cases += [
        ("nul-filled", b"\0" * 4096, "damaged", "not valid JSON"),
        ("whitespace", b"  \n", "damaged", "not valid JSON"),
        ("bad-utf8", valid.replace(b"referee", b"\xff\xfe\xfd", 1), "damaged", "not valid JSON"),
        ("json-list", b"[1, 2]", "foreign", "not a Harbormaster save"),
        ("json-number", b"42", "foreign", "not a Harbormaster save"),
        ("other-tinydb", b'{"_default": {"1": {"name": "John"}}}', "foreign", "not a Harbormaster save"),
        ("other-app", valid.replace(b'"app":"harbormaster"', b'"app":"portmaster"'), "foreign", "not a Harbormaster"),
        ("no-meta", tables(meta=None), "foreign", "not a Harbormaster save"),
        ("meta-list", tables(meta=[{"app": "harbormaster"}]), "foreign", "not a Harbormaster save"),
        ("newer", valid.replace(b'"schema":1', b'"schema":2'), "newer",
         "was written by a newer Harbormaster (schema 2); this version reads schema 1"),
        ("schema-text", valid.replace(b'"schema":1', b'"schema":"1"'), "broken", "meta.schema"),
        ("no-events", tables(events=None), "broken", "events table is missing"),
        ("events-list", tables(events=[event(1)]), "broken", "events table is not a table"),
        ("events-gap", tables(events={"1": event(1), "3": event(3)}), "broken", "event id '3'"),
        ("events-order", tables(events={"2": event(2), "1": event(1)}), "broken", "event id '2'"),
        ("event-not-doc", tables(events={"1": [1]}), "broken", "event 1 is not a document"),
        ("no-state", tables(state=None), "broken", "state table is missing"),
        ("state-two-docs", tables(state={"1": STATE, "2": STATE}), "broken", "exactly one document"),
        ("state-empty", tables(state={}), "broken", "exactly one document"),
        ("state-not-doc", tables(state={"1": 5}), "broken", "state document"),
        ("no-revision", valid.replace(b'"revision":', b'"revisions":'), "broken", "meta.revision"),
        ("two-metas", tables(meta={"1": orjson.loads(tables())["meta"]["1"], "2": {}}), "broken", "meta table holds 2"),
    ]
    return cases


@pytest.fixture(scope="module")
def valid_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("valid")
    save, path, _ = made_save(folder, 3)
    return path.read_bytes()


def test_corpus_covers_every_kind(valid_save: bytes) -> None:
    assert {kind for _, _, kind, _ in corpus(valid_save)} == {"empty", "damaged", "foreign", "newer", "broken"}


@pytest.mark.parametrize("with_backups", [False, True], ids=["alone", "with-backups"])
def test_corrupt_files_are_refused_untouched(tmp_path: Path, valid_save: bytes, with_backups: bool) -> None:
    for i, (case, raw, kind, phrase) in enumerate(corpus(valid_save)):
        folder = tmp_path / f"case{i}"
        folder.mkdir()
        path = folder / "game.hm.json"
        if with_backups:
            save, _, _ = made_save(folder, 2)
            save.close()
            (folder / "game.hm.json.1").write_bytes(b"also broken")  # the newest backup is bad too
        path.write_bytes(raw)
        before = files(folder)
        with pytest.raises(SaveError) as info:
            SaveFile.open(path)
        error = info.value
        message = str(error)
        assert (error.kind, case) == (kind, case)
        assert message.startswith(f"cannot open {path}: "), case
        assert phrase in message, (case, message)
        assert "\n" not in message and "Traceback" not in message, case
        assert error.path == path
        expected = folder / "game.hm.json.2" if with_backups and kind != "newer" else None
        assert error.backup == expected, case
        assert files(folder) == before, case


def test_missing_file_names_a_backup(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 2)
    save.close()
    path.unlink()
    with pytest.raises(SaveError, match="does not exist") as info:
        SaveFile.open(path)
    assert info.value.kind == "missing" and info.value.backup == tmp_path / "game.hm.json.1"
    assert newest_backup(path) == tmp_path / "game.hm.json.1"
    with pytest.raises(SaveError, match="does not exist") as info:
        SaveFile.open(tmp_path / "nothing.hm.json")
    assert info.value.backup is None


def test_folder_is_not_a_save(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="is a folder") as info:
        SaveFile.open(tmp_path)
    assert info.value.kind == "unreadable"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_unreadable_file(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 0)
    path.chmod(0)
    with pytest.raises(SaveError, match="cannot be read"):
        SaveFile.open(path)


def test_from_bytes_validates(valid_save: bytes) -> None:
    assert SaveFile.from_bytes(valid_save).revision == 3
    with pytest.raises(SaveError, match="not valid JSON"):
        SaveFile.from_bytes(valid_save[:-3])
    with pytest.raises(SaveError, match="newer Harbormaster"):
        SaveFile.from_bytes(valid_save.replace(b'"schema":1', b'"schema":7'))


# -- plain TinyDB ------------------------------------------------------------------------------------------


def test_plain_tinydb_opens_the_save(tmp_path: Path) -> None:
    save, path, _ = made_save(tmp_path, 3)
    save.commit(append=[event(4, note="Tobruk harbour – hit")], state=state_at(4))
    save.close()
    raw = path.read_bytes()
    db = TinyDB(path, encoding="utf-8", access_mode="r")
    assert db.tables() == {"meta", "events", "state"}
    assert db.table("meta").get(doc_id=1)["revision"] == 4
    assert [d.doc_id for d in db.table("events").all()] == [1, 2, 3, 4]
    assert db.table("events").get(doc_id=4)["note"] == "Tobruk harbour – hit"
    assert db.table("state").all() == [state_at(4)]
    db.close()
    assert path.read_bytes() == raw
    assert json.loads(raw) == orjson.loads(raw)


def test_atomic_storage_works_under_tinydb(tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.table("notes").insert({"a": 1})
    db.table("notes").insert({"a": 2})
    db.close()
    assert TinyDB(path, storage=AtomicJSONStorage).table("notes").all() == [{"a": 1}, {"a": 2}]
    assert MemoryStorage().read() is None


def test_atomic_storage_batch_is_one_write(tmp_path: Path) -> None:
    ops = FaultyOps()
    storage = AtomicJSONStorage(tmp_path / "plain.json", ops=ops)
    db = TinyDB(storage=lambda: storage)
    with storage.batch():
        for n in range(10):
            db.table("t").insert({"n": n})
    assert ops.calls["write"] == 1 and storage.writes == 1
    ops.arm("replace", errno.EIO)
    with pytest.raises(StoreFailed):
        with storage.batch():
            db.table("t").insert({"n": 10})
    assert storage.read() == orjson.loads((tmp_path / "plain.json").read_bytes())
    with pytest.raises(KeyError), storage.batch():
        db.table("t").insert({"n": 11})
        raise KeyError("oops")
    assert len(db.table("t")) == 10
