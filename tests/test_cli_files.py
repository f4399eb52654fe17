"""Every open path judges a save the same way, and shared folders, read-only file systems, races and
ranges are refused cleanly (issue 8, points 3, 5, 6, 7, 8, 10, 11)."""

from __future__ import annotations

import gc
import grp
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.accounts import other_account, reachable_folder, run_as, run_as_missing  # noqa: F401 (fixtures)
from tests.conftest import fixed_clock
from tui import cli, session
from tui.session import GameOpenError, create_game, open_game
from tui.store import SaveLock

ROOT = Path(__file__).resolve().parent.parent


from tests.cli_fixtures import run, save  # noqa: F401 (save is a fixture)


# -- point 6: one validation on every open path ----------------------------------------------------------------


def _damage(raw: bytes, how: str) -> bytes:
    data = json.loads(raw)
    state = data["state"]["1"]["current"]
    events = data["events"]
    if how == "flow null":
        state["flow"] = None
    elif how == "huge flow index":
        state["flow"]["index"] = 10**30
    elif how == "event without status":
        del events["1"]["status"]
    elif how == "event command a number":
        events["1"]["command"] = 42
    elif how == "unknown port type":
        state["world"]["ports"][0]["type"] = "spaceport"
    elif how == "negative hits":
        state["world"]["ports"][0]["hits"] = -3.0
    elif how == "absurd hits":
        state["world"]["ports"][0]["hits"] = 1e300
    elif how == "duplicate port":
        state["world"]["ports"].append(dict(state["world"]["ports"][0]))
    elif how == "events out of order":
        events["1"]["seq"] = 2
    return json.dumps(data).encode()


DAMAGES = ["flow null", "huge flow index", "event without status", "event command a number", "unknown port type",
           "negative hits", "absurd hits", "duplicate port", "events out of order"]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_save_is_refused_the_same_way_everywhere(save: Path, data: Path, capsys, how: str) -> None:
    """Issue 8.6: show, exec, restore's check and the TUI's open (writer and viewer) all refuse it, untouched."""
    damaged = _damage(save.read_bytes(), how)
    save.write_bytes(damaged)
    for argv in (("show", str(save), "ports"), ("exec", str(save), "note x")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "g.json" in err and "Traceback" not in err, (argv, err)
    code, out, _ = run(capsys, "restore", str(save))
    assert "opens fine" not in out and code == 0 and "Restored" in out  # a backup exists: it is put back
    save.write_bytes(damaged)
    for mode in ("auto", "write", "read"):
        with pytest.raises(GameOpenError, match="g.json"):
            open_game(save, data, mode=mode, verify=True)
    assert save.read_bytes() == damaged


def test_a_viewer_reload_of_a_damaged_save_is_refused_not_adopted(save: Path, data: Path) -> None:
    """Issue 8.6: the viewer's reload runs the same validation (the TUI keeps its game and says why)."""
    viewer = open_game(save, data, mode="read")
    good = viewer.state
    save.write_bytes(_damage(save.read_bytes(), "negative hits"))
    with pytest.raises(Exception, match="damaged"):
        viewer.poll()
    assert viewer.state == good  # still the last good state


def test_a_viewer_reload_refuses_a_sea_zone_the_rules_do_not_have(save: Path, data: Path) -> None:
    """Issue 8.6 (no unknown zones): a reload does not replay the log, so the world's own check must refuse a port
    in a sea zone that is not one of 33.B.10's (nor the scenario's other waters)."""
    viewer = open_game(save, data, mode="read")
    good = viewer.state
    raw = json.loads(save.read_bytes())
    raw["state"]["1"]["current"]["world"]["ports"][0]["sea_zone"] = "Sea of Tranquillity"
    save.write_bytes(json.dumps(raw).encode())
    with pytest.raises(Exception, match="Sea of Tranquillity' is not a sea zone"):
        viewer.poll()
    assert viewer.state == good


# -- point 8: rule data changed -------------------------------------------------------------------------------


def test_a_rule_data_change_is_named_not_called_a_hand_edit(tmp_path: Path, capsys) -> None:
    """Issue 8.8: a save that replays differently after a data change says the rule data changed."""
    import shutil

    from tui.engine.setup import load_ruleset

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parent.parent / "data", data)
    path = tmp_path / "g.json"
    game = create_game(path, data, seed=5, clock=fixed_clock)
    assert game.execute("hit Tobruk 2").ok
    game.close()
    raw = json.loads(path.read_bytes())
    raw["state"]["1"]["current"]["world"]["ports"][0]["hits"] += 0.5  # the state no longer matches the log
    path.write_text(json.dumps(raw))
    with pytest.raises(GameOpenError, match="changed by hand"):
        open_game(path, data, verify=True)
    toml = data / "rulesets" / "europa.toml"
    toml.write_text(toml.read_text() + "\n# house rule\n")
    load_ruleset.cache_clear()
    with pytest.raises(GameOpenError, match="the rule data changed since this save was written"):
        open_game(path, data, verify=True)
    load_ruleset.cache_clear()


# -- point 3: shared folders and read-only file systems --------------------------------------------------------


@pytest.fixture
def read_only_bind(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path/ro``: a read-only bind mount of ``tmp_path/rw`` (needs mount rights; skipped without them)."""
    rw, ro = tmp_path / "rw", tmp_path / "ro"
    rw.mkdir()
    ro.mkdir()
    ok = subprocess.run(["mount", "--bind", str(rw), str(ro)], capture_output=True).returncode == 0
    if ok:
        ok = subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True).returncode == 0
        if not ok:
            subprocess.run(["umount", str(ro)], capture_output=True)
    if not ok:
        pytest.skip("a read-only bind mount needs mount rights (root in a mount namespace); the os.access case covers the logic")
    try:
        yield ro
    finally:  # the mount goes whatever happened (issue 35): a game still open there (collected later) is detached
        gc.collect()
        if subprocess.run(["umount", str(ro)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "--lazy", str(ro)], capture_output=True)


@pytest.mark.multiuser  # makes a mount: compared before and after by tests/test_no_trace.py
def test_a_read_only_file_system_opens_watching_and_refuses_writes(read_only_bind: Path, data: Path, capsys) -> None:
    """Issue 8.3: open read-only with the reason; exec, restore and new refuse cleanly; nothing is created."""
    create_game(read_only_bind.parent / "rw" / "g.json", data, seed=5).close()
    path = read_only_bind / "g.json"
    before = sorted(os.listdir(read_only_bind))
    game = open_game(path, data)
    assert game.read_only and "You cannot write this folder" in game.read_only_reason and "read-only file system" in game.read_only_reason
    game.close()
    for argv in (("exec", str(path), "note x"), ("restore", str(path)), ("new", str(read_only_bind / "sub" / "n.json"))):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "read-only file system" in err.lower() and "Traceback" not in err, (argv, err)
    assert sorted(os.listdir(read_only_bind)) == before


def test_a_player_without_write_permission_watches(save: Path, data: Path, monkeypatch) -> None:
    """Issue 8.3: a folder this user cannot write (we run as root, so access() is answered as for a player)."""
    real = os.access
    before = sorted(p.name for p in save.parent.iterdir())
    monkeypatch.setattr(session.os, "access", lambda p, mode, *a, **k: False if Path(os.path.realpath(p)) == save.parent and mode & os.W_OK else real(p, mode))
    game = open_game(save, data)
    assert game.read_only and "You cannot write this folder" in game.read_only_reason and "write permission" in game.read_only_reason
    assert not game.execute("hit Tobruk").ok
    with pytest.raises(GameOpenError, match="you cannot write the folder"):
        open_game(save, data, mode="write")
    assert sorted(p.name for p in save.parent.iterdir()) == before  # nothing made or changed beside it


def test_a_lock_file_that_cannot_be_made_means_watching(save: Path, data: Path, monkeypatch) -> None:
    """Issue 8.3: a PermissionError creating SAVE.lock opens read-only instead of a traceback."""
    def denied(self: SaveLock) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(SaveLock, "_open", denied)
    game = open_game(save, data)
    assert game.read_only and "Permission denied" in game.read_only_reason


@pytest.mark.multiuser
@pytest.mark.skipif(bool(run_as_missing()), reason=run_as_missing() or "possible")
def test_a_group_member_of_a_setgid_folder_can_write(data: Path, tmp_path: Path, other_account: tuple[str, int],
                                                     reachable_folder: Path) -> None:
    """Issue 8.3 (the guide's docs/sharing.md): a group-writable setgid folder lets a second user write, and the
    first watches meanwhile. The second user is an account made for the test (issue 35), in the folder's group only;
    it loads the project wherever the checkout is (even in a private folder) but writes only where that account may."""
    shared_group = grp.getgrnam(other_account[0]).gr_gid  # the account's own group: the folder's group here
    folder = reachable_folder  # pytest's tmp_path sits in a folder only this user can enter
    os.chown(folder, 0, shared_group)
    os.chmod(folder, 0o2775)
    path = folder / "g.json"
    old = os.umask(0o002)
    try:
        create_game(path, data, seed=5).close()
    finally:
        os.umask(old)
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            f"from tui.cli import main; sys.exit(main(['exec', {str(path)!r}, 'note from a player']))")
    result = run_as(other_account[1], shared_group, [sys.executable, "-c", code], env={**os.environ, "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "note from a player" in path.read_text()


# -- points 5 and 7: ranges, and `new` --------------------------------------------------------------------------


@pytest.mark.parametrize("value, expect", [("nan", "from 0 to 3600"), ("-1", "from 0 to 3600"), ("1e999", "from 0 to 3600"),
                                           ("9" * 400, "from 0 to 3600")])
def test_wait_is_refused_outside_its_range(save: Path, capsys, value: str, expect: str) -> None:
    """Issue 8.5: ``--wait nan``, ``-1`` or huge never hangs: refused with the range."""
    before = save.read_bytes()
    code, _, err = run(capsys, "exec", str(save), "--wait", value, "note x")
    assert code == 2 and expect in err and save.read_bytes() == before


def test_a_huge_seed_is_refused_with_the_range(tmp_path: Path, capsys) -> None:
    """Issue 8.5/8.7: a 400-digit seed is refused and nothing is made."""
    code, _, err = run(capsys, "new", str(tmp_path / "a" / "g.json"), "--seed", "9" * 400)
    assert code == 2 and "from 0 to 2147483647" in err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("case", ["parent is a file", "dangling link", "exists"])
def test_new_refuses_cleanly_and_leaves_no_folder(tmp_path: Path, capsys, case: str) -> None:
    """Issue 8.7: a clear refusal, exit 2, and no folder left behind."""
    if case == "parent is a file":
        (tmp_path / "afile").write_text("x")
        target = tmp_path / "afile" / "sub" / "g.json"
    elif case == "dangling link":
        target = tmp_path / "g.json"
        target.symlink_to(tmp_path / "nowhere" / "g.json")
    else:
        target = tmp_path / "g.json"
        target.write_text("mine")
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    code, out, err = run(capsys, "new", str(target))
    assert code == 2 and "Created" not in out and "Traceback" not in err and err.startswith("harbormaster: ")
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_two_news_at_once_give_exactly_one_created(tmp_path: Path) -> None:
    """Issue 8.7: of two ``new`` on one path at the same moment exactly one says Created; the other is refused."""
    for round_no in range(3):
        path = tmp_path / f"r{round_no}" / "deep" / "g.json"
        procs = [subprocess.Popen([sys.executable, "-m", "tui.cli", "new", str(path), "--seed", "5"], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)}) for _ in range(2)]
        results = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in procs]
        created = [r for r in results if r[0] == 0 and "Created" in r[1]]
        refused = [r for r in results if r[0] == 2 and "already exists" in r[2] and "Traceback" not in r[2]]
        assert len(created) == 1 and len(refused) == 1, results


def test_a_new_on_a_save_its_creator_holds_open_is_told_the_save_exists(tmp_path: Path, data: Path) -> None:
    """Issue 8.7: the loser of two ``new`` at once may look while the winner, having made the save, holds it open:
    it is told the save already exists (as when it looks a moment before or after), not who holds it."""
    path = tmp_path / "g.json"
    winner = create_game(path, data, seed=5)  # made, and open for writing: its lock is held
    try:
        proc = subprocess.run([sys.executable, "-m", "tui.cli", "new", str(path), "--seed", "5"], cwd=ROOT,
                              capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    finally:
        winner.close()
    assert proc.returncode == 2 and "already exists" in proc.stderr and "held by" not in proc.stderr, proc.stderr


def test_a_creator_whose_temp_file_the_winner_swept_is_told_the_save_exists(tmp_path: Path) -> None:
    """Issue 8.7: the winner's first open sweeps ``NAME.tmp-*`` beside the save; since issue 18.7 it leaves the
    loser's temporary file, held open (in use) until linked, and the loser's link is refused: "already exists"
    (not "No such file"), and the loser's temporary file is gone afterwards."""
    from tui.store.create import create_file
    from tui.store.fileops import FileOps
    from tui.store.recovery import SaveError
    from tui.store.storage import sweep_temp_files

    target = tmp_path / "g.json"

    class WinnerFirst(FileOps):
        def link(self, src: str, dst: str) -> None:
            target.write_bytes(b"{}")  # the other creator's save lands ...
            assert sweep_temp_files(target) == 0  # ... and its first open leaves our temporary file: in use
            super().link(src, dst)

    with pytest.raises(SaveError) as caught:
        create_file(target, b'{"mine": 1}', WinnerFirst())
    assert caught.value.kind == "exists" and target.read_bytes() == b"{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


# -- points 10 and 11 ------------------------------------------------------------------------------------------------


def test_two_names_of_one_save_give_one_writer(save: Path, data: Path, tmp_path: Path) -> None:
    """Issue 8.10: opening through a link locks the real file; the writer's commands reach it; the link stays."""
    link = tmp_path / "link.json"
    link.symlink_to(save)
    writer = open_game(link, data)
    assert not writer.read_only
    assert open_game(save, data).read_only
    assert writer.execute("hit Naples").ok
    writer.close()
    assert link.is_symlink() and open_game(save, data, mode="read").state == writer.state


def test_restore_it_now_takes_the_lock(save: Path, data: Path, capsys, monkeypatch) -> None:
    """Issue 8.11: answering yes to "Restore it now?" while another session holds the game restores nothing."""
    save.write_bytes(save.read_bytes()[:50])
    damaged = save.read_bytes()
    holder = SaveLock(save)
    assert holder.acquire(0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt="": "y")
    try:
        code = cli._open([str(save)])
    finally:
        holder.release()
    assert code == 3 and save.read_bytes() == damaged
    assert not list(save.parent.glob("g.json.broken*"))
