"""Issue 22 at the table, round two: the points still open after the first pass, each pressed or typed as a referee
does — point 9 on the command line (``harbormaster exec SAVE next`` passes the segment's gate as ``n`` does), and the
Phases ``g`` going through the same gate."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_fixtures import run
from tests.test_app_pilot import fixed_clock
from tui.app import make_app
from tui.paths import data_dir
from tui.rules.core.checklist import still_required
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.session import create_game, memory_game

INTERFERENCE_DUE = "allied-turn/initial/initial-naval"
"""Europa: the first segment where a duty is due in a new game (the Italian interference offered, 33.B.2.b)."""


def europa_save_at_a_duty(tmp_path: Path) -> Path:
    """A Europa save in the Allied initial naval movement, the Italian interference still to roll or decline."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    assert game.execute(f"goto {INTERFERENCE_DUE} --force").ok and game.segment.key == INTERFERENCE_DUE
    assert any("Italian naval interference" in line for line in still_required(game.ruleset, game.state))
    game.close()
    return path


def saved_events(path: Path) -> list[dict]:
    """The events of the save at ``path`` as written."""
    events = json.loads(path.read_text())["events"]
    return [events[k] for k in sorted(events, key=int)]


# ------------------------------------------------------------------ point 9 on the command line
def test_issue_22_point_9_exec_next_lists_the_duties_like_the_screens_gate_and_changes_nothing(tmp_path: Path, capsys) -> None:
    """`harbormaster exec SAVE next` with a duty due (33.B.2.b) is refused with the gate's list, exit 1, file untouched."""
    save = europa_save_at_a_duty(tmp_path)
    before = save.read_bytes()
    code, out, err = run(capsys, "exec", str(save), "next")
    assert code == 1 and out == "", (out, err)
    assert "refused: next" in err and "Still required in Allied player turn › Initial phase › Naval movement:" in err
    assert "• Italian naval interference" in err and "'next --force' to leave anyway" in err and "nothing was changed" in err
    assert save.read_bytes() == before
    code, _, err = run(capsys, "exec", str(save), "goto allied-turn/reinforcement")
    assert code == 1 and "• Italian naval interference" in err and save.read_bytes() == before


def test_issue_22_point_9_exec_next_anyway_leaves_and_the_log_records_what_was_left(tmp_path: Path, capsys) -> None:
    """The explicit flag (`--anyway`, or `--force`) leaves the segment; the event's command and summary record what
    was left undone."""
    save = europa_save_at_a_duty(tmp_path)
    code, out, err = run(capsys, "exec", str(save), "next --anyway")
    assert code == 0 and "ok: next --anyway" in out, err
    event = saved_events(save)[-1]
    assert event["command"] == "next --anyway" and event["source"] == "exec"
    assert "required item(s) undone: Italian naval interference" in event["summary"]
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)  # the old spelling still confirms
    assert game.execute(f"goto {INTERFERENCE_DUE} --force").ok and game.execute("next --force", "exec").ok


def test_issue_22_point_9_exec_next_without_a_duty_goes_on_and_a_replayed_next_is_not_held(tmp_path: Path, capsys) -> None:
    """Nothing due: `exec next` simply advances. A `next` logged before a duty was due keeps replaying (only a next
    by hand passes the gate)."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    assert game.execute(f"goto {INTERFERENCE_DUE} --force").ok
    assert game.execute("next").ok  # a line as scripts and older logs ran it: the duty is recorded, not refused
    game.close()
    code, out, err = run(capsys, "exec", str(path), "next")
    assert code == 1 and "Italian naval interference" in err  # still offered in the next segment
    code, out, _ = run(capsys, "show", str(path), "phase")
    assert code == 0  # the log with the plain next replays


async def test_issue_22_point_9_phases_g_past_a_duty_asks_first_and_back_changes_nothing() -> None:
    """Pilot: Phases `g`, a segment ahead, while the interference is due (33.B.2.b): the gate's list is asked about;
    `n` (Back) leaves the game as it was; `g` again and `y` goes, recorded as forced."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    assert game.execute(f"goto {INTERFERENCE_DUE} --force").ok
    events = len(game.events)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for answer in ("n", "y"):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, ChoicePrompt)
            await pilot.press("enter")  # the nearest segment ahead
            for _ in range(100):
                if isinstance(app.screen, ConfirmPrompt):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ConfirmPrompt) and "Italian naval interference" in app.screen.text
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                for _ in range(20):
                    await pilot.pause(0.02)
                assert len(game.events) == events and game.segment.key == INTERFERENCE_DUE
        for _ in range(100):
            if len(game.events) > events:
                break
            await pilot.pause(0.02)
        event = game.events[-1]
        assert event["command"].startswith("goto ") and event["command"].endswith(" --force"), event["command"]
        assert "required item(s) undone: Italian naval interference" in event["summary"]
