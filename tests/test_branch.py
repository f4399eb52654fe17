"""What-if branches: a new save with the log up to one entry and that entry's state; the parent is never touched.

The states a branch must reach are the parent's own states as they were
recorded while the parent was played (a copy taken after each command), not
a replay computed by the code under test.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.outputs.branch import BranchError, branch_game, default_branch_path
from tui.cli import main
from tui.engine.lineage import describe_parent
from tui.session import create_game, open_game
from tui.store import FileOps
from tests.test_report_output import unwritable  # noqa: F401  (a fixture)
from tui.widgets.game_header import HeaderInfo

EUROPA = ("hit Tobruk 2", "roll 2d6", "next --force", "repair Tobruk 1", "roll 1d6", "collateral Tobruk on")
OCS = ("answer weather roll", "next", "answer first-player allied", "next", "next --force", "next --force",
       "roll 2d6", "next --force")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def play(path: Path, data: Path, ruleset: str, lines: tuple[str, ...]) -> dict[int, object]:
    """Play ``lines`` into a new save at ``path``; return the state after each entry, as the game had it then."""
    game = create_game(path, data, ruleset, seed=7, clock=fixed_clock)
    states = {0: game.state}
    try:
        for line in lines:
            r = game.execute(line)
            assert r.ok, f"{line}: {r.message}"
            states[r.seq] = game.state
    finally:
        game.close()
    return states


@pytest.mark.parametrize("ruleset, lines", [("europa", EUROPA), ("ocs", OCS)])
def test_a_branch_replays_to_the_state_the_parent_had_at_that_entry(tmp_path: Path, data: Path, ruleset: str, lines) -> None:
    """Issue 13 (what-if): the branch holds entries 1..SEQ with their recorded dice and the state after SEQ."""
    parent = tmp_path / "parent.json"
    states = play(parent, data, ruleset, lines)
    before = parent.read_bytes()
    parent_events = json.loads(before)["events"]
    for seq in range(0, len(lines) + 1):
        game = open_game(parent, data, fixed_clock, mode="read", verify=True)
        new, at = branch_game(game, str(seq), tmp_path / f"b{seq}.json")
        game.store.close()
        assert at == seq and parent.read_bytes() == before  # byte-identical
        branch = open_game(new, data, fixed_clock, mode="read", verify=True)  # verify: its log replays to its state
        assert branch.state == states[seq]
        assert branch.replay() == states[seq]
        assert [e["seq"] for e in branch.events] == list(range(1, seq + 1))
        assert [e["dice"] for e in branch.events] == [parent_events[str(s)]["dice"] for s in range(1, seq + 1)]
        link = branch.meta["parent"]
        assert link["name"] == "parent.json" and link["seq"] == seq and link["save"] == str(parent.resolve())
        assert link["command"] == (parent_events[str(seq)]["command"] if seq else "")
        assert branch.meta["seed"] == 7 and branch.meta["ruleset"] == ruleset
        branch.store.close()


def test_the_recorded_dice_are_kept_not_rolled_again(tmp_path: Path, data: Path) -> None:
    """A branch replays the parent's rolls (2d6 of entry 2) even with another seed in its meta."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    faces = json.loads(parent.read_bytes())["events"]["2"]["dice"][0]["faces"]
    code = main(["branch", str(parent), "--at", "2", str(tmp_path / "b.json")])
    assert code == 0
    branch = open_game(tmp_path / "b.json", data, mode="read", verify=True)
    assert branch.events[1]["dice"][0]["faces"] == faces and branch.verify() is None


def test_commands_in_the_branch_never_change_the_parent(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 13: the branch is a save of its own; playing it leaves the parent byte-identical."""
    parent = tmp_path / "p.json"
    states = play(parent, data, "europa", EUROPA)
    before = parent.read_bytes()
    code, out, _ = run(capsys, "branch", str(parent), "--at", "1", str(tmp_path / "b.json"))
    assert code == 0 and "what-if branch of p.json at #1 (hit Tobruk 2)" in out and "was not changed" in out
    code, _, _ = run(capsys, "exec", str(tmp_path / "b.json"), "hit Tobruk 4", "roll 1d6", "undo", "reduce Tobruk 1")
    assert code == 0
    assert parent.read_bytes() == before
    again = open_game(parent, data, mode="read", verify=True)
    assert again.state == states[len(EUROPA)]


def test_show_log_json_includes_the_parent_link(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 13: ``show PATH log --json`` carries meta.parent (null for a game that is no branch)."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:3])
    code, out, _ = run(capsys, "show", str(parent), "log", "--json")
    assert code == 0 and json.loads(out)["parent"] is None
    run(capsys, "branch", str(parent), "--at", "2", str(tmp_path / "b.json"))
    code, out, _ = run(capsys, "show", str(tmp_path / "b.json"), "log", "--json")
    log = json.loads(out)
    assert log["parent"]["seq"] == 2 and log["parent"]["command"] == "roll 2d6" and log["parent"]["name"] == "p.json"
    assert len(log["events"]) == 2
    code, out, _ = run(capsys, "show", str(tmp_path / "b.json"), "log")
    assert code == 0 and out.startswith("What-if branch of p.json at #2 (roll 2d6).\n#  Turn")


def test_the_header_says_a_game_is_a_branch_and_of_what(tmp_path: Path, data: Path, capsys) -> None:
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    run(capsys, "branch", str(parent), "--at", "0", str(tmp_path / "b.json"))
    branch = open_game(tmp_path / "b.json", data, mode="read")
    assert HeaderInfo.from_game(branch, "Log").branch == "what-if branch of p.json at the start"
    game = open_game(parent, data, mode="read")
    assert HeaderInfo.from_game(game, "Log").branch == "" and describe_parent(game.meta) == ""


@pytest.mark.parametrize(
    "at, message",
    [
        ("x", "must be a whole number (from 0 to 4)"),
        ("-1", "must be from 0 to 4, not '-1'"),
        ("5", "must be from 0 to 4, not '5'"),
        ("1.5", "must be a whole number"),
        ("", "must be a whole number"),
        ("4", "#4 (roll 1d6) was undone: it is not part of the game; branch from #2, the last applied entry before it or redo it first"),
        ("3", "#3 (next --force) was abandoned: it is not part of the game; branch from #2, the last applied entry before it"),
    ],
)
def test_a_bad_entry_is_refused_and_nothing_is_written(tmp_path: Path, data: Path, capsys, at: str, message: str) -> None:
    """--at: a number from 0 (the start) to the last entry, naming an applied entry; undone/abandoned ones are refused."""
    parent = tmp_path / "p.json"
    game = create_game(parent, data, seed=7, clock=fixed_clock)
    for line in ("hit Tobruk 2", "roll 2d6", "next --force", "undo", "roll 1d6", "undo"):
        assert game.execute(line).ok
    game.close()  # 1 hit, 2 roll, 3 next (undone, then abandoned by 4), 4 roll (undone)
    before = parent.read_bytes()
    code, _, err = run(capsys, "branch", str(parent), "--at", at, str(tmp_path / "b.json"))
    assert code == 2 and message in err
    assert parent.read_bytes() == before and not (tmp_path / "b.json").exists()


def test_an_existing_new_path_is_refused(tmp_path: Path, data: Path, capsys) -> None:
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:1])
    other = tmp_path / "other.txt"
    other.write_text("mine")
    code, _, err = run(capsys, "branch", str(parent), "--at", "1", str(other))
    assert code == 2 and "already exists" in err and other.read_text() == "mine"


@pytest.mark.parametrize("damage", ["truncate", "garbage", "state"])
def test_branching_a_damaged_save_is_refused_like_opening_it(tmp_path: Path, data: Path, capsys, damage: str) -> None:
    """Issue 13: the same refusal (and backup offer) as ``show``; nothing is written anywhere."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:3])
    raw = parent.read_bytes()
    if damage == "truncate":
        parent.write_bytes(raw[: len(raw) // 2])
    elif damage == "garbage":
        parent.write_bytes(b"\x00not a save")
    else:  # valid JSON whose log no longer gives its state (edited by hand)
        doc = json.loads(raw)
        doc["events"]["1"]["command"] = "hit Tobruk 6"
        parent.write_text(json.dumps(doc))
    before = parent.read_bytes()
    _, _, show_err = run(capsys, "show", str(parent), "ports")
    code, _, err = run(capsys, "branch", str(parent), "--at", "1", str(tmp_path / "b.json"))
    assert code == 2 and err == show_err and "cannot open" in err
    assert parent.read_bytes() == before and not (tmp_path / "b.json").exists()


def test_a_game_being_written_can_be_branched(tmp_path: Path, data: Path) -> None:
    """The parent is only read: a referee's open session keeps its lock and its game."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    writer = open_game(parent, data, fixed_clock, mode="write")
    try:
        assert main(["branch", str(parent), "--at", "2", str(tmp_path / "b.json")]) == 0
        assert writer.execute("hit Tobruk 1").ok  # still the writer
    finally:
        writer.close()


def test_default_branch_path_never_reuses_a_name(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = default_branch_path(save, 12)
    assert first.name == "game-branch-12.json"
    first.write_text("{}")
    assert default_branch_path(save, 12).name == "game-branch-12-2.json"


def test_a_memory_game_cannot_be_branched(data: Path, tmp_path: Path) -> None:
    from tui.session import memory_game

    game = memory_game(data, seed=1)
    with pytest.raises(BranchError, match="only in memory"):
        branch_game(game, 0, tmp_path / "b.json")


async def test_the_log_mode_key_branches_at_the_selected_entry(tmp_path: Path, data: Path) -> None:
    """Log mode ``b``: a branch at the entry under the cursor, saved beside the game; the status says where."""
    from tui.app import make_app

    parent = tmp_path / "game.json"
    play(parent, data, "europa", EUROPA[:3])
    game = open_game(parent, data, fixed_clock, mode="write")
    before = parent.read_bytes()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("down")  # newest first: the cursor moves from #3 to #2
        await pilot.press("b")
        await pilot.pause()
        assert "Branched at #2 into" in app.status.text and "game-branch-2.json" in app.status.text
    game.close()
    assert parent.read_bytes() == before
    branch = open_game(tmp_path / "game-branch-2.json", data, mode="read", verify=True)
    assert len(branch.events) == 2 and branch.meta["parent"]["seq"] == 2


def test_a_failed_write_leaves_no_half_made_branch(tmp_path: Path, data: Path, monkeypatch) -> None:
    """The branch is one file write (issue 18.4); if it fails (a full disk), no file and no temporary file is left."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    before, files = parent.read_bytes(), sorted(tmp_path.iterdir())

    def full(self, fd: int, payload: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    game = open_game(parent, data, mode="read", verify=True)
    monkeypatch.setattr(FileOps, "write", full)
    with pytest.raises(BranchError, match="No space left on device; nothing was changed"):
        branch_game(game, 2, tmp_path / "b.json")
    assert sorted(tmp_path.iterdir()) == files and parent.read_bytes() == before


def _branch_killed_at(step: int, parent: Path, new: Path, data: Path) -> bool:
    """Branch in a child process that dies (no clean-up runs) at its ``step``-th file-system call; False if the
    branch was finished before that call came."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        calls = [0]

        def dying(name: str):
            real = getattr(FileOps, name)

            def call(self, *args):
                calls[0] += 1
                if calls[0] == step:
                    os._exit(9)
                return real(self, *args)
            return call
        for name in ("open_temp", "write", "fsync", "close", "link", "replace", "unlink", "fsync_dir"):
            setattr(FileOps, name, dying(name))
        try:
            game = open_game(parent, data, mode="read", verify=True)
            branch_game(game, 3, new)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WEXITSTATUS(status) == 9


def test_a_branch_killed_at_any_step_is_complete_or_absent(tmp_path: Path, data: Path) -> None:
    """Issue 18.4: killed between the start and the log (24 of 25 tries) it opened as a branch with an empty log.
    Killed at every file-system call in turn: afterwards the new file is either missing or the whole branch."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:3])
    outcomes = []
    for step in range(1, 40):
        new = tmp_path / f"b{step}.json"
        killed = _branch_killed_at(step, parent, new, data)
        if new.exists():
            branch = open_game(new, data, mode="read", verify=True)
            assert len(branch.events) == 3 and branch.meta["parent"]["seq"] == 3, f"killed at call {step}"
            branch.store.close()
            outcomes.append("whole")
        else:
            outcomes.append("absent")
        if not killed:
            break
    else:
        pytest.fail("the branch never finished")
    assert "absent" in outcomes and outcomes[-1] == "whole"


def test_a_branch_into_a_folder_this_user_cannot_write_is_one_line(tmp_path: Path, data: Path, capsys,
                                                                    unwritable: Path) -> None:
    """Issue 18.6: it was "FileNotFoundError ... .lock"; now a one-line refusal, exit 2, nothing made."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    for new in (unwritable / "b.json", unwritable / "sub" / "b.json"):
        code, out, err = run(capsys, "branch", str(parent), "--at", "1", str(new))
        assert code == 2 and "Traceback" not in err and err.count("\n") == 1, err
        assert "Permission denied" in err or "read-only file system" in err.lower(), err
    assert os.listdir(unwritable) == []


def test_a_dangling_link_as_the_new_path_creates_nothing_where_it_points(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 18.2: a lock file was made where the link pointed before the branch was refused."""
    parent = tmp_path / "p.json"
    play(parent, data, "europa", EUROPA[:2])
    (tmp_path / "b.json").symlink_to(tmp_path / "elsewhere" / "b.json")
    (tmp_path / "elsewhere").mkdir()
    code, _, err = run(capsys, "branch", str(parent), "--at", "1", str(tmp_path / "b.json"))
    assert code == 2 and "symbolic link" in err and "does not exist" in err
    assert os.listdir(tmp_path / "elsewhere") == []
