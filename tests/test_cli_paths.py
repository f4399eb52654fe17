"""Issue 18 point 6: odd save paths and a path held by a running screen get a refusal, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main
from tui.store import SaveLock


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """The exit status and output of ``harbormaster ARGV`` (an argparse refusal exits through SystemExit)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


LONG_NAME = "a" * 300
LONG_PATH = "/tmp/" + "b/" * 2100 + "x.json"
LONG_FOLDER = "/tmp/" + "c" * 300 + "/g.json"


@pytest.mark.parametrize("argv, says", [
    (("exec", "", "note x"), "the save path is empty"),
    (("show", "", "ports"), "the save path is empty"),
    (("restore", ""), "the save path is empty"),
    (("--save", ""), "the save path is empty"),
    (("",), "the save path is empty"),
    (("new", ""), "the save path is empty"),
    (("report", ""), "the save path is empty"),
    (("branch", "", "--at", "1", "n.json"), "the save path is empty"),
    (("serve", ""), "the save path is empty"),
    (("exec", ".", "note x"), "names a folder"),
    (("show", "/", "ports"), "names a folder"),
    (("restore", "."), "names a folder"),
    (("new", "sub/"), "names a folder"),
    (("exec", LONG_NAME, "note x"), "a save's name is at most 200"),
    (("new", LONG_NAME), "a save's name is at most 200"),
    (("exec", LONG_PATH, "note x"), "a path is at most 4095"),
    (("show", LONG_FOLDER, "ports"), "longer than 255 bytes"),
])
def test_issue_18_6_odd_save_paths_are_refused(argv: tuple[str, ...], says: str, capsys, tmp_path: Path,
                                               monkeypatch) -> None:
    """Issue 18 point 6: an empty path, a folder's or one too long is refused with a message and exit status 2."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and says in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # nothing was created


def test_issue_18_6_new_on_a_path_held_by_a_running_screen(tmp_path: Path, capsys) -> None:
    """Issue 18 point 6: ``new`` on a path whose lock a running screen holds (its save removed under it) is refused."""
    path = tmp_path / "g.json"
    lock = SaveLock(path)
    assert lock.acquire(0)
    try:
        for argv in (("new", str(path)), (str(path),)):
            code, _, err = run(capsys, *argv)
            assert code == 2 and "is held by" in err and "nothing was changed" in err
            assert not path.exists()
    finally:
        lock.release()


def test_issue_18_6_a_command_that_is_not_utf8_is_refused(tmp_path: Path, capsys) -> None:
    """Issue 18 point 6 (fuzzed): a command line with bytes that are not UTF-8 is refused at once, named escaped."""
    path = tmp_path / "g.json"
    assert run(capsys, "new", str(path))[0] == 0
    code, _, err = run(capsys, "exec", str(path), "note \udcff")
    assert code == 1 and "'note \\xff' is not valid UTF-8 text" in err
