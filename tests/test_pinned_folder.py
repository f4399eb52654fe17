"""Issue 29.2: a save's folder is resolved once, securely, and pinned; a race never redirects a write.

A co-player who can write the shared folder swaps things in the instant between the referee's checks and what the
referee's command then does: the save's folder for a link to the referee's private folder (race A), the save itself
for a link to the private save (race B), or hard-links the private save into the shared folder (C, possible where
``fs.protected_hardlinks`` is 0). Every command must then either work on the real shared folder or refuse in one line;
the private folder's listing and bytes stay as they were and nothing of it is copied into the shared folder.

The races are made deterministic: a hook does the swap exactly between the check and the later operations. Where
the owner of a link matters the co-player is a real second Unix account (``tests/accounts.py``).
"""

from __future__ import annotations

import ctypes
import os
import pwd
import stat
import threading
import time
from pathlib import Path

import pytest

from tests.accounts import other_account  # noqa: F401  (a fixture)
from tests.cli_fixtures import run
from tests.conftest import fixed_clock
from tui.session import GameOpenError, create_game, open_game

_libc = ctypes.CDLL(None, use_errno=True)


def exchange(a: Path, b: Path) -> None:
    """Swap the names ``a`` and ``b`` atomically (``renameat2(RENAME_EXCHANGE)``), as the probe did."""
    renameat2 = getattr(_libc, "renameat2", None)
    if renameat2 is not None and renameat2(-100, os.fsencode(a), -100, os.fsencode(b), 2) == 0:
        return
    aside = a.with_name(a.name + ".swap")  # no renameat2 here: three renames do the same, not atomically
    os.rename(a, aside)
    os.rename(b, a)
    os.rename(aside, b)


def listing(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every entry under ``folder`` (recursively): (owner, mode, bytes or link target), never following a link."""
    found: dict[str, tuple[int, int, bytes]] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = os.path.join(root, name)
            st = os.lstat(full)
            body = os.readlink(full).encode() if stat.S_ISLNK(st.st_mode) else (
                Path(full).read_bytes() if stat.S_ISREG(st.st_mode) else b"")
            found[os.path.relpath(full, folder)] = (st.st_uid, st.st_mode, body)
    return found


def inodes(folder: Path) -> set[tuple[int, int]]:
    """(device, inode) of every regular file under ``folder``."""
    found = set()
    for root, _dirs, files in os.walk(folder):
        for name in files:
            st = os.lstat(os.path.join(root, name))
            if stat.S_ISREG(st.st_mode):
                found.add((st.st_dev, st.st_ino))
    return found


class Racetrack:
    """The referee's private game (``priv/campaign.json`` and its backups, 0700) and a shared game in ``shared/cg``
    (``shared`` sticky and world-writable as /tmp, ``cg`` 0777), with the co-player's links ready to swap in:
    ``shared/cg.link`` -> the private folder and ``shared/cg/evil.lnk`` -> the private save."""

    def __init__(self, tmp_path: Path, data: Path, uid: int, gid: int) -> None:
        self.uid, self.gid = uid, gid
        self.private = tmp_path / "priv"
        self.private.mkdir(mode=0o700)
        self.secret = self.private / "campaign.json"
        game = create_game(self.secret, data, seed=3, clock=fixed_clock)
        for line in ("hit Tobruk 2", "note PRIVATE one", "note PRIVATE two", "note PRIVATE three"):
            assert game.execute(line).ok
        game.close()
        self.shared = tmp_path / "shared"
        self.shared.mkdir()
        os.chmod(self.shared, 0o1777)
        self.folder = self.shared / "cg"
        self.folder.mkdir()
        os.chown(self.folder, uid, gid)
        os.chmod(self.folder, 0o777)
        self.save = self.folder / "campaign.json"
        game = create_game(self.save, data, seed=4, clock=fixed_clock)
        for line in ("hit Naples", "note shared one", "note shared two", "note shared three"):
            assert game.execute(line).ok
        game.close()
        self.expected_report = tmp_path / "expected.md"
        code, out, err = run_quiet("report", str(self.save), "-o", str(self.expected_report))
        assert code == 0, err
        self.folder_link = self.shared / "cg.link"
        self.folder_link.symlink_to(self.private)
        os.lchown(self.folder_link, uid, gid)
        self.save_link = self.folder / "evil.lnk"
        self.save_link.symlink_to(self.secret)
        os.lchown(self.save_link, uid, gid)
        self.private_before = listing(self.private)
        self.private_inodes = inodes(self.private)
        self.private_bytes = {body for _uid, _mode, body in self.private_before.values() if body}

    def swap_folder(self) -> None:
        """Race A: ``shared/cg`` becomes the co-player's link to the private folder (the real one is ``cg.link``)."""
        exchange(self.folder, self.folder_link)

    def swap_save(self) -> None:
        """Race B: ``cg/campaign.json`` becomes the co-player's link to the private save (the real one is ``evil.lnk``)."""
        exchange(self.save, self.save_link)

    def real_folder(self) -> Path:
        """Where the shared game's folder is now (``cg``, or ``cg.link`` after a swap)."""
        return self.folder_link if self.folder.is_symlink() else self.folder

    def untouched(self) -> None:
        """The private folder is as it was, and nothing of it was copied or linked into the shared folder."""
        assert listing(self.private) == self.private_before
        assert not inodes(self.shared) & self.private_inodes, "a private file was hard-linked into the shared folder"
        for name, (_uid, mode, body) in listing(self.shared).items():
            if stat.S_ISREG(mode):
                assert body not in self.private_bytes, f"shared/{name} is a copy of a private file"
        report = self.shared / "rep1.md"
        if report.exists():
            assert report.read_bytes() == self.expected_report.read_bytes(), "the report tells the private game"


_capsys = None


def run_quiet(*argv: str) -> tuple[int, str, str]:
    """``harbormaster ARGV`` in process, with the test's captured output (set by the fixture below)."""
    assert _capsys is not None
    return run(_capsys, *argv)


@pytest.fixture
def track(tmp_path: Path, data: Path, capsys, other_account) -> Racetrack:  # noqa: F811
    global _capsys
    _capsys = capsys
    name, uid = other_account
    return Racetrack(tmp_path, data, uid, pwd.getpwnam(name).pw_gid)


def act(track: Racetrack, command: str, data: Path) -> tuple[int, str]:
    """Run ``command`` on the shared save by the name the referee gave: (exit code, what it said on stderr)."""
    save = track.save
    if command == "exec":
        code, _out, err = run_quiet("exec", str(save), "note race", "--wait", "0")
    elif command == "report -o":
        code, _out, err = run_quiet("report", str(save), "-o", str(track.shared / "rep1.md"))
    elif command == "restore --backup":
        code, _out, err = run_quiet("restore", str(save), "--backup", f"{save}.1")
    else:  # the screen's open, then one command as the screen runs it
        try:
            game = open_game(save, data, mode="auto", verify="later")
        except GameOpenError as exc:
            return 2, f"harbormaster: {exc}\n"
        try:
            code, err = (0, "") if game.execute("note race").ok else (1, "refused\n")
        finally:
            game.close()
    return code, err


def judged(code: int, err: str) -> None:
    """It worked, or it refused in one line naming the path the referee gave (never /proc/self/fd/..), or (exit 1)
    the command was refused because the save's folder is no longer where the referee named it, changing nothing."""
    assert "Traceback" not in err and "/proc/self/fd" not in err, err
    if code == 1:
        assert err == "refused\n" or "its folder moved" in err and "nothing was changed" in err, err
    elif code != 0:
        assert code in (2, 3) and err.count("\n") == 1, (code, err)


def swap_after(monkeypatch, target: str, swap, *, when=lambda *a, **k: True, nth: int = 1) -> list:
    """Wrap the function ``target`` (``module.name``): the ``nth`` call ``when`` accepts returns, then ``swap`` runs."""
    module_name, _, name = target.rpartition(".")
    import importlib

    module = importlib.import_module(module_name)
    real = getattr(module, name)
    done: list = []
    seen: list = []

    def wrapped(*args, **kwargs):
        result = real(*args, **kwargs)
        if not done and when(*args, **kwargs):
            seen.append(args)
            if len(seen) == nth:
                done.append(args)
                swap()
        return result

    monkeypatch.setattr(module, name, wrapped)
    return done


COMMANDS = ["exec", "report -o", "restore --backup", "screen"]


def _is_save(path, *args, **kwargs) -> bool:
    return Path(os.fspath(path)).name == "campaign.json"


def _is_save_or_backup(path, *args, **kwargs) -> bool:
    return Path(os.fspath(path)).name.startswith("campaign.json")


def _last_check(command: str) -> int:
    """Which check of the save's path the swap follows: the last one. Each command checks the path by name once;
    ``restore`` then pins the folder and does everything else (its lock, the check, the restore) in it."""
    return 1


@pytest.mark.multiuser
@pytest.mark.parametrize("command", COMMANDS)
def test_29_2_a_folder_swapped_right_after_the_check_never_leads_into_the_private_folder(
        track: Racetrack, data: Path, monkeypatch, command: str) -> None:
    """Issue 29.2 (race A): ``shared/cg`` is swapped for the co-player's link to the private folder just after the
    path check returns: the command refuses in one line (or works on the real shared folder); the private game, its
    backups and its folder are as they were."""
    if command == "restore --backup":  # after the last check of all: the save's path, then the backup's
        done = swap_after(monkeypatch, "tui.store.recovery.planted_link", track.swap_folder, when=_is_save_or_backup,
                          nth=2)
    else:
        done = swap_after(monkeypatch, "tui.store.recovery.planted_link", track.swap_folder, when=_is_save)
    code, err = act(track, command, data)
    assert done, "the check was never made"
    judged(code, err)
    track.untouched()


@pytest.mark.multiuser
@pytest.mark.parametrize("command", ["exec", "restore --backup", "screen"])  # report reads once: nothing after it
def test_29_2_a_folder_swapped_once_the_save_is_opened_changes_nothing_but_the_real_shared_game(
        track: Racetrack, data: Path, monkeypatch, command: str) -> None:
    """Issue 29.2 (race A): the folder is swapped after the save's folder was resolved, at the first read of the
    save: every later step (lock, backups, temporary files, the write) stays in the folder first found."""
    before = track.save.read_bytes()
    read = _is_save_or_backup if command == "restore --backup" else _is_save  # restore reads the backup only
    done = swap_after(monkeypatch, "tui.store.storage.read_file", track.swap_folder, when=read)
    code, err = act(track, command, data)
    assert done, "the save was never read"
    judged(code, err)
    track.untouched()
    real = track.real_folder() / "campaign.json"
    if code == 0 and command in ("exec", "screen"):
        assert b"note race" in real.read_bytes() or b"race" in real.read_bytes()
    if command == "restore --backup" and code == 0:
        assert real.read_bytes() != before  # the backup was put back in the real shared folder


@pytest.mark.multiuser
@pytest.mark.parametrize("command", COMMANDS)
def test_29_2_a_save_swapped_for_a_link_right_after_the_check_is_refused(
        track: Racetrack, data: Path, monkeypatch, command: str) -> None:
    """Issue 29.2 (race B): ``cg/campaign.json`` becomes the co-player's link to the private save just after the
    path check: nothing is read, written or copied through it."""
    done = swap_after(monkeypatch, "tui.store.recovery.planted_link", track.swap_save, when=_is_save,
                      nth=_last_check(command))
    code, err = act(track, command, data)
    assert done
    judged(code, err)
    track.untouched()


@pytest.mark.multiuser
def test_29_2_a_folder_swapped_just_before_the_write_redirects_nothing(
        track: Racetrack, data: Path, monkeypatch) -> None:
    """Issue 29.2 (race A at the write): the folder becomes the co-player's link after the writer checked the file on
    disk and before it writes: the write, its backups and its temporary files stay in the real shared folder."""
    from tui.store.save import SaveFile

    real = SaveFile._check_disk
    done: list = []

    def checked(self):
        real(self)
        if not done:
            done.append(1)
            track.swap_folder()

    monkeypatch.setattr(SaveFile, "_check_disk", checked)
    code, err = act(track, "exec", data)
    assert done
    judged(code, err)
    track.untouched()


@pytest.mark.multiuser
def test_29_2_restore_with_the_folder_swapped_at_the_last_moment_keeps_nothing_in_the_private_folder(
        track: Racetrack, data: Path, monkeypatch) -> None:
    """Issue 29.2 (race A at the restore): ``restore --backup`` with the folder swapped for the link just before the
    replaced file is kept as ``NAME.broken-*``: nothing is kept, renamed or written in the private folder."""
    swap_after(monkeypatch, "tui.store.storage.sweep_temp_files", track.swap_folder)
    code, err = act(track, "restore --backup", data)
    judged(code, err)
    track.untouched()


@pytest.mark.parametrize("command", ["exec", "report -o", "show", "screen", "restore --backup"])
def test_29_2_a_hard_link_to_a_save_in_a_folder_others_can_write_is_refused(
        tmp_path: Path, data: Path, capsys, command: str) -> None:
    """Issue 29.2 (C): with ``fs.protected_hardlinks=0`` a co-player can hard-link the referee's private save into the
    shared folder. A save with more than one link in a folder others can write is refused in one line; nothing is
    written, created or copied."""
    private = tmp_path / "priv"
    private.mkdir(mode=0o700)
    secret = private / "secret.json"
    game = create_game(secret, data, seed=3, clock=fixed_clock)
    assert game.execute("hit Tobruk 2").ok
    game.close()
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    save = shared / "campaign.json"
    os.link(secret, save)
    before = listing(private), listing(shared)
    argv = {
        "exec": ("exec", str(save), "note x"),
        "report -o": ("report", str(save), "-o", str(shared / "rep.md")),
        "show": ("show", str(save), "phase"),
        "restore --backup": ("restore", str(save), "--backup", str(secret) + ".1"),
    }
    if command == "screen":
        with pytest.raises(GameOpenError) as caught:
            open_game(save, data, mode="auto", verify="later")
        err = f"harbormaster: {caught.value}\n"
    else:
        code, _out, err = run(capsys, *argv[command])
        assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "hard link" in err and str(save) in err, err
    assert (listing(private), listing(shared)) == before


def test_29_2_a_hard_link_in_a_folder_only_you_can_write_still_opens(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 29.2 (C): the refusal is for folders others can write; a save hard-linked in the referee's own private
    folder still opens and is written."""
    os.chmod(tmp_path, 0o700)
    save = tmp_path / "g.json"
    create_game(save, data, seed=3, clock=fixed_clock).close()
    os.link(save, tmp_path / "g-too.json")
    code, _out, err = run(capsys, "exec", str(save), "note mine")
    assert code == 0, err


@pytest.mark.slow
@pytest.mark.multiuser
def test_29_2_exec_under_a_folder_swapping_loop_never_touches_the_private_folder(
        track: Racetrack, data: Path) -> None:
    """Issue 29.2 (race A, as the probe ran it): a thread swaps ``shared/cg`` and the co-player's link to the private
    folder for about 3 s while ``exec`` runs again and again: no traceback, the private folder untouched."""
    stop = threading.Event()

    def swapping() -> None:
        while not stop.is_set():
            track.swap_folder()

    racer = threading.Thread(target=swapping, daemon=True)
    racer.start()
    runs = 0
    try:
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            runs += 1
            try:
                code, _out, err = run_quiet("exec", str(track.save), f"note race{runs}", "--wait", "0")
            except OSError as exc:
                pytest.fail(f"run {runs}: {type(exc).__name__}: {exc}")
            judged(code, err)
    finally:
        stop.set()
        racer.join()
    assert runs > 3
    track.untouched()


def test_29_2_a_folder_that_becomes_a_link_between_its_look_and_its_open_is_refused(tmp_path: Path, monkeypatch) -> None:
    """Issue 29.2 (second attack): a folder on the way, looked at as a folder, swapped for a link before it is
    opened: the open fails with ENOTDIR (not ELOOP) for a link, and that too is a change, refused in one line, never
    'a folder is missing' (whose caller then used the path by name, through the link)."""
    from tui.store import pinned as pinned_module

    (tmp_path / "game").mkdir()
    (tmp_path / "elsewhere").mkdir()
    real_open = pinned_module._open_dir

    def swapping(name: str, dir_fd: int) -> int:
        if name == "game":
            os.rename(tmp_path / "game", tmp_path / "game.real")
            os.symlink(tmp_path / "elsewhere", tmp_path / "game")
        return real_open(name, dir_fd)

    monkeypatch.setattr(pinned_module, "_open_dir", swapping)
    with pytest.raises(pinned_module.PinRefused, match=r"game changed while it was being checked \(a link was put there\)"):
        pinned_module.pin(tmp_path / "game" / "campaign.json")
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_29_2_a_save_whose_folder_is_missing_is_never_reached_by_name(tmp_path: Path) -> None:
    """Issue 29.2 (second attack): where a folder on the way is missing there is no unpinned fallback path (a name
    missing now may be a co-player's link a moment later): ``locate`` says what is missing, and the lock makes
    nothing."""
    from tui.store import SaveLock
    from tui.store.pinned import locate

    with pytest.raises(FileNotFoundError):
        locate(tmp_path / "missing" / "campaign.json")
    lock = SaveLock(tmp_path / "missing" / "campaign.json")
    with pytest.raises(OSError):
        lock.acquire(0)
    assert list(tmp_path.iterdir()) == []
