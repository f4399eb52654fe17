"""``report -o`` and the ``R`` key write a briefing, never over a save or anything else (issue 18, points 3 and 6).

A save, a backup or a lock of one is refused by what it is and by its name; an existing file only with
``--force`` (its mode kept); a new file gets the umask's mode; every bad ``--output`` is a one-line refusal.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import open_game


from tests.cli_fixtures import run, save  # noqa: F401 (save is a fixture)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mode) for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize("name", ["g.json", "g.json.1", "g.json.2", "g.json.lock", "g.json.lock.info", "copy.json",
                                  "g.json.broken-20261125T120000Z", "g.json.tmp-0123456789ab"])
@pytest.mark.parametrize("force", [False, True])
def test_report_never_writes_over_a_save_its_backups_or_its_lock(save: Path, capsys, name: str, force: bool) -> None:
    """Issue 18.3: ``report g.json -o g.json`` replaced the save with Markdown; a save (by content, ``copy.json``),
    a backup, a lock or a kept copy (by name) is refused, even with --force, and every file stays as it was."""
    (save.parent / "copy.json").write_bytes(save.read_bytes())
    (save.parent / "g.json.lock.info").write_text("{}")
    before = snapshot(save.parent)
    code, _, err = run(capsys, "report", str(save), "-o", str(save.parent / name), *(["--force"] if force else []))
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1, err
    assert name in err and "nothing was written" in err
    assert snapshot(save.parent) == before


def test_an_existing_file_needs_force_and_keeps_its_mode(save: Path, tmp_path: Path, capsys) -> None:
    """Issue 18.3: an existing file is refused; with --force it is replaced whole and keeps its permissions."""
    out = tmp_path / "brief.md"
    out.write_text("last week's briefing\n")
    os.chmod(out, 0o640)
    code, _, err = run(capsys, "report", str(save), "-o", str(out))
    assert code == 2 and "already exists; add --force" in err
    assert out.read_text() == "last week's briefing\n"
    code, _, err = run(capsys, "report", str(save), "-o", str(out), "--force")
    assert code == 0, err
    assert out.read_text().startswith("# Referee's report") and (out.stat().st_mode & 0o777) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir() if "brief" in p.name) == ["brief.md"]


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_briefing_gets_the_mode_the_umask_gives(save: Path, tmp_path: Path, capsys, umask: int, mode: int) -> None:
    """Issue 18.3: a briefing is for other players; it was always 0600 (a private temporary file renamed)."""
    old = os.umask(umask)
    try:
        code, _, err = run(capsys, "report", str(save), "-o", str(tmp_path / "brief.md"))
    finally:
        os.umask(old)
    assert code == 0, err
    assert (tmp_path / "brief.md").stat().st_mode & 0o777 == mode


@pytest.mark.parametrize("case", ["existing folder", "missing folder", "empty", "proc", "fifo", "link"])
def test_a_bad_output_is_one_line_and_no_traceback(save: Path, tmp_path: Path, capsys, case: str) -> None:
    """Issue 18.6: ``--output`` an existing folder, a missing folder, ``''``, ``/proc/self/x``, a FIFO or a link:
    a one-line refusal, a non-zero exit, nothing written anywhere."""
    outside = tmp_path / "outside.txt"
    outside.write_text("not mine to replace")
    target = {"existing folder": str(tmp_path), "missing folder": str(tmp_path / "nope" / "r.md"), "empty": "",
              "proc": "/proc/self/x", "fifo": str(tmp_path / "pipe"), "link": str(tmp_path / "r.md")}[case]
    if case == "fifo":
        os.mkfifo(target)
    if case == "link":
        os.symlink(outside, target)
    before = sorted(os.listdir(tmp_path))
    for force in ([], ["--force"]):
        code, out, err = run(capsys, "report", str(save), "-o", target, *force)
        assert code == 2 and "Traceback" not in err and err.count("\n") == 1 and not out, err
        assert err.startswith("harbormaster: cannot write the report: ")
    assert sorted(os.listdir(tmp_path)) == before and outside.read_text() == "not mine to replace"


@pytest.fixture
def unwritable(tmp_path: Path) -> Iterator[Path]:
    """A folder this user cannot write: ``chmod 555``, or for root (who may write anyway) a read-only bind mount."""
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() != 0:
        os.chmod(folder, 0o555)
        yield folder
        os.chmod(folder, 0o755)
        return
    source = tmp_path / "source"
    source.mkdir()
    ok = subprocess.run(["mount", "--bind", str(source), str(folder)], capture_output=True).returncode == 0
    if ok and subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], capture_output=True).returncode != 0:
        subprocess.run(["umount", str(folder)], capture_output=True)
        ok = False
    if not ok:
        pytest.skip("root writes any folder; a read-only bind mount needs mount rights")
    yield folder
    subprocess.run(["umount", str(folder)], capture_output=True)


def test_an_unwritable_folder_is_refused_in_one_line(save: Path, unwritable: Path, capsys) -> None:
    """Issue 18.6: ``report -o`` into a folder this user cannot write: one line, exit 2, nothing made."""
    code, out, err = run(capsys, "report", str(save), "-o", str(unwritable / "r.md"))
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1 and not out, err
    assert "Permission denied" in err or "Read-only file system" in err
    assert os.listdir(unwritable) == []


async def test_the_r_key_never_writes_over_an_existing_file(tmp_path: Path, data: Path, save: Path) -> None:
    """Issue 18.3: the ``R`` key's briefing beside the save takes the next free name (``-2``) instead of replacing
    a file there, and a link planted at that name is left as it is (nothing written where it points)."""
    from tui.app import make_app

    taken = tmp_path / "g-briefing-allied-jan-i-1943.md"
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    taken.symlink_to(outside)
    game = open_game(save, data, fixed_clock, mode="write")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.pause()
        expected = tmp_path / "g-briefing-allied-jan-i-1943-2.md"
        assert str(expected) in app.status.text
    game.close()
    assert taken.is_symlink() and outside.read_text() == "keep"
    assert expected.read_text().startswith("# Allied briefing")
