"""Issue 29: a planted link never leads the referee into a private save; backups are never links; no stray locks.

The referee (root here) keeps a private game in a 0700 folder. A co-player (a real second Unix account made by the
test and removed after it) who can write the shared game folder plants ``campaign.json`` as a symbolic link to that
private save. Every command the issue names must then refuse, in one line, exit 2, writing nothing anywhere.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from tests.accounts import other_account  # noqa: F401  (a fixture)
from tests.cli_fixtures import run
from tests.conftest import fixed_clock
from tui.session import GameOpenError, create_game, open_game


def listing(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every entry under ``folder`` (recursively): (owner, mode, bytes or link target), never following a link."""
    found: dict[str, tuple[int, int, bytes]] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = os.path.join(root, name)
            st = os.lstat(full)
            if stat.S_ISLNK(st.st_mode):
                body = os.readlink(full).encode()
            elif stat.S_ISREG(st.st_mode):
                body = Path(full).read_bytes()
            else:
                body = b""
            found[os.path.relpath(full, folder)] = (st.st_uid, st.st_mode, body)
    return found


class Table:
    """The referee's private folder and save, and a shared folder the co-player ``uid``/``gid`` may write."""

    def __init__(self, tmp_path: Path, data: Path, uid: int, gid: int, shared_mode: int = 0o2770) -> None:
        self.private = tmp_path / "referee"
        self.private.mkdir(mode=0o700)
        self.secret = self.private / "secret.json"
        game = create_game(self.secret, data, seed=3, clock=fixed_clock)
        assert game.execute("hit Tobruk 2").ok
        game.close()
        self.shared = tmp_path / "shared"
        self.shared.mkdir()
        os.chown(self.shared, 0, gid)
        os.chmod(self.shared, shared_mode)
        self.uid, self.gid = uid, gid
        self.before = self.state()

    def plant(self, name: str, target: Path, uid: int | None = None) -> Path:
        """A link ``shared/name`` to ``target``, owned by ``uid`` (the co-player by default)."""
        link = self.shared / name
        link.symlink_to(target)
        os.lchown(link, self.uid if uid is None else uid, self.gid)
        self.before = self.state()
        return link

    def state(self) -> tuple[dict, dict]:
        return listing(self.private), listing(self.shared)

    def unchanged(self) -> bool:
        return self.state() == self.before


@pytest.fixture
def table(tmp_path: Path, data: Path, other_account: tuple[str, int]) -> Table:  # noqa: F811
    import pwd

    name, uid = other_account
    return Table(tmp_path, data, uid, pwd.getpwnam(name).pw_gid)


def one_line(err: str) -> str:
    """The refusal, checked to be one line with no traceback."""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


COMMANDS = {
    "report -o": ("report", "{save}", "-o", "{shared}/brief.md"),
    "branch": ("branch", "{save}", "--at", "0", "{shared}/what-if.json"),
    "scenario export": ("scenario", "export", "{save}", "-o", "{shared}/csv"),
    "exec": ("exec", "{save}", "hit Malta"),
    "show": ("show", "{save}", "phase"),
}


@pytest.mark.multiuser
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_29_2_a_co_players_link_in_the_shared_folder_is_refused_by_every_command(table: Table, capsys, command) -> None:
    """Issue 29.2: ``shared/campaign.json`` planted by the co-player as a link to the referee's private save: report -o,
    branch, scenario export, exec and show refuse it in one line (exit 2); nothing is written, copied or created
    anywhere (no lock file either)."""
    link = table.plant("campaign.json", table.secret)
    argv = [part.format(save=link, shared=table.shared) for part in COMMANDS[command]]
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    line = one_line(err)
    assert f"{link} is a symbolic link owned by " in line and "not by you" in line and "nothing was" in line, line
    assert table.unchanged()


@pytest.mark.multiuser
def test_29_2_a_plain_open_refuses_the_planted_link_and_makes_no_lock(table: Table, data: Path, capsys) -> None:
    """Issue 29.2: opening the planted link (the TUI's open, in every mode) is refused before any lock is taken."""
    link = table.plant("campaign.json", table.secret)
    for mode in ("auto", "write", "read"):
        with pytest.raises(GameOpenError, match="is a symbolic link owned by .*not by you") as caught:
            open_game(link, data, mode=mode)
        assert caught.value.backup is None
    code, out, err = run(capsys, str(link))
    assert code == 2 and err.splitlines()[0].startswith(f"harbormaster: cannot open {link}: {link} is a symbolic link owned by ")
    assert table.unchanged()


@pytest.mark.multiuser
def test_29_2_a_planted_link_to_a_folder_on_the_way_is_refused(table: Table, capsys) -> None:
    """Issue 29.2: not only the last name: ``shared/game`` planted as a link to the private folder is refused too."""
    folder = table.plant("game", table.private)
    code, out, err = run(capsys, "report", str(folder / "secret.json"), "-o", str(table.shared / "brief.md"))
    assert code == 2 and f"{folder} is a symbolic link owned by " in one_line(err)
    code, out, err = run(capsys, "exec", str(folder / "secret.json"), "hit Malta")
    assert code == 2 and f"{folder} is a symbolic link owned by " in one_line(err)
    assert table.unchanged()


@pytest.mark.multiuser
def test_29_2_a_root_owned_group_writable_folder_refuses_another_uids_link(tmp_path: Path, data: Path, capsys,
                                                                          other_account) -> None:  # noqa: F811
    """Issue 29.2: the referee's own (root's) folders, group-writable, with a link another uid owns: refused."""
    name, uid = other_account
    table = Table(tmp_path, data, uid, 0, shared_mode=0o775)
    link = table.plant("campaign.json", table.secret)
    code, out, err = run(capsys, "show", str(link), "phase")
    assert code == 2 and f"owned by {name} (uid {uid}), not by you" in one_line(err)
    assert table.unchanged()


@pytest.mark.multiuser
def test_29_2_in_a_sticky_world_writable_folder_only_the_owners_link_is_followed(tmp_path: Path, data: Path, capsys,
                                                                                other_account) -> None:  # noqa: F811
    """Issue 29.2 (``fs.protected_symlinks``): in a sticky world-writable folder (like /tmp) a link owned by the
    folder's owner (the referee here) is followed; the same link owned by another user is refused."""
    name, uid = other_account
    table = Table(tmp_path, data, uid, 0, shared_mode=0o1777)
    mine = table.plant("mine.json", table.secret, uid=os.geteuid())
    code, out, err = run(capsys, "show", str(mine), "phase")
    assert code == 0, err
    theirs = table.plant("theirs.json", table.secret)
    code, out, err = run(capsys, "show", str(theirs), "phase")
    assert code == 2 and f"{theirs} is a symbolic link owned by {name}" in one_line(err)
    assert table.unchanged()


def test_29_2_your_own_link_in_a_private_folder_is_still_followed(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 29.2: the referee's own link in a folder only the referee can write keeps working (read and written)."""
    save = tmp_path / "real.json"
    create_game(save, data, seed=3, clock=fixed_clock).close()
    os.chmod(tmp_path, 0o700)
    link = tmp_path / "current.json"
    link.symlink_to(save.name)
    code, out, err = run(capsys, "exec", str(link), "hit Malta")
    assert code == 0, err
    assert link.is_symlink() and b"Malta" in save.read_bytes()


def damaged_shared_save(table: Table, data: Path) -> Path:
    """The referee's real shared save, cut short, with no backup of its own but ``.1`` (planted next)."""
    save = table.shared / "campaign.json"
    game = create_game(save, data, seed=4, clock=fixed_clock)
    assert game.execute("hit Naples").ok
    game.close()
    for n in (1, 2, 3):
        Path(f"{save}.{n}").unlink(missing_ok=True)
    raw = save.read_bytes()
    save.write_bytes(raw[: len(raw) // 2])
    return save


@pytest.mark.multiuser
@pytest.mark.parametrize("owner", ["co-player", "referee"])
def test_29_2_restore_never_reads_a_backup_that_is_a_link(table: Table, data: Path, capsys, owner: str) -> None:
    """Issue 29.2: a damaged shared save with ``campaign.json.1`` linked to the private save: ``restore`` (which the
    error suggests) refuses, whoever owns the link, and copies nothing; opening it offers no backup; naming the link
    with ``--backup`` is refused too."""
    save = damaged_shared_save(table, data)
    table.plant("campaign.json.1", table.secret, uid=None if owner == "co-player" else os.geteuid())
    with pytest.raises(GameOpenError) as caught:
        open_game(save, data, mode="read", verify=True)
    assert caught.value.backup is None
    code, out, err = run(capsys, "restore", str(save))
    assert code == 2 and f"{save}.1 is a symbolic link" in one_line(err), err
    code, out, err = run(capsys, "restore", str(save), "--backup", f"{save}.1")
    assert code == 2 and f"{save}.1 is a symbolic link" in one_line(err), err
    code, out, err = run(capsys, "exec", str(save), "hit Malta")
    assert code == 2 and "The newest good backup" not in err
    assert table.unchanged()


@pytest.mark.multiuser
def test_29_2_a_write_never_goes_through_a_linked_backup(table: Table, data: Path, capsys) -> None:
    """Issue 29.2: the shared save is sound but ``.1`` is a planted link: ``exec`` writes the shared save and its
    backups, never the private save the link leads to."""
    save = table.shared / "campaign.json"
    create_game(save, data, seed=4, clock=fixed_clock).close()
    for n in (1, 2, 3):
        Path(f"{save}.{n}").unlink(missing_ok=True)
    table.plant("campaign.json.1", table.secret)
    private = listing(table.private)
    code, out, err = run(capsys, "exec", str(save), "hit Malta", "hit Naples")
    assert code == 0, err
    assert listing(table.private) == private


@pytest.mark.parametrize("command", [("exec", "{p}", "hit Malta"), ("restore", "{p}")])
def test_29_low_exec_or_restore_on_a_file_that_is_no_save_leaves_no_lock(tmp_path: Path, capsys, command) -> None:
    """Issue 29 (Low, stray locks): ``exec`` or ``restore`` on a text file refuses and leaves no ``NAME.lock``."""
    notes = tmp_path / "notes.txt"
    notes.write_text("remember the milk\n")
    code, out, err = run(capsys, *(part.format(p=notes) for part in command))
    assert code == 2, err
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"], err
    assert notes.read_text() == "remember the milk\n"


@pytest.mark.parametrize("nth", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("command", [("exec", "{p}", "hit Malta"), ("restore", "{p}"), ("show", "{p}", "phase"),
                                     ("report", "{p}")])
def test_29_low_a_link_swapped_mid_check_is_a_clean_refusal(tmp_path: Path, capsys, monkeypatch, command, nth) -> None:
    """Issue 29 (Low, tracebacks): the link is swapped for a plain file just as it is read (``os.readlink`` then
    raises EINVAL), at any of its first reads: a one-line refusal, never a traceback; nothing is created."""
    os.chmod(tmp_path, 0o700)
    other = tmp_path / "other.txt"
    other.write_text("not a save\n")
    link = tmp_path / "game.json"
    link.symlink_to(other.name)
    real = os.readlink
    calls = []

    def swapping(path, *args, **kwargs):
        calls.append(path)
        if len(calls) == nth and os.path.islink(path):
            os.unlink(path)
            Path(path).write_text("swapped in\n")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "readlink", swapping)
    try:
        code, out, err = run(capsys, *(part.format(p=link) for part in command))
    except OSError as exc:  # the traceback the issue saw
        pytest.fail(f"{type(exc).__name__}: {exc} (readlink call {nth})")
    assert code == 2 and "Traceback" not in err, (code, err)
    assert err.count("\n") == 1, err
    assert sorted(os.listdir(tmp_path)) == ["game.json", "other.txt"]


def test_29_low_readlink_einval_itself_is_caught(tmp_path: Path, monkeypatch) -> None:
    """Issue 29 (Low): the error the probe saw, raised directly by ``os.readlink``, is a refusal from the path check."""
    from tui.store.links import planted_link

    link = tmp_path / "g.json"
    link.symlink_to("elsewhere.json")

    def einval(path, *args, **kwargs):
        raise OSError(errno.EINVAL, "Invalid argument", str(path))

    monkeypatch.setattr(os, "readlink", einval)
    assert "changed while it was being checked" in (planted_link(link) or "")


@pytest.mark.multiuser
def test_29_2_a_save_swapped_for_a_link_after_the_check_is_not_read(table: Table, data: Path, monkeypatch) -> None:
    """Issue 29.2: the referee's real shared save, replaced by the co-player's link in the instant between the path
    check and the read: the read is refused, so nothing of the private save is ever copied out."""
    import tui.store.storage as storage

    save = table.shared / "campaign.json"
    create_game(save, data, seed=4, clock=fixed_clock).close()
    real = storage.read_file

    def swapped(path, *args, **kwargs):
        if Path(path).name == "campaign.json" and not os.path.islink(path):
            os.unlink(path)
            os.symlink(table.secret, path)
            os.lchown(path, table.uid, table.gid)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(storage, "read_file", swapped)
    with pytest.raises(GameOpenError, match="replaced by a symbolic link"):
        open_game(save, data, mode="read", verify=True)
