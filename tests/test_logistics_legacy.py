"""Logistics saves of the version before the automatic end-of-production growth (issue 21 points 2-3; Factories ¶6).

The saves in ``tests/data/legacy_growth`` were made by that version (commit 6982cff, see ``make.sh`` there), where
the growth was a yes/no prompt (``answer growth yes|no``) and ``grow-CITY`` grew a city at once; beside each save is
what that version's ``show ports --json`` and ``show phase --json`` printed. This version opens each one, replays
its log to that state (the same PP in every factory, turn and segment), and goes on under the new rules.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import fixed_clock
from tui.app import make_app
from tui.cli import main
from tui.paths import data_dir
from tui.session import open_game

FIXTURES = Path(__file__).parent / "data" / "legacy_growth"
SAVES = ("yes", "no", "late", "skipped", "asked", "choosing", "undone", "carried")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the harbormaster command; (exit code, stdout, stderr)."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def legacy_save(name: str, folder: Path) -> Path:
    """The earlier version's save ``name``, copied into ``folder``."""
    path = folder / f"{name}.json"
    path.write_bytes(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return path


def recorded(name: str, view: str) -> Any:
    """What the earlier version's ``show NAME.json VIEW --json`` printed."""
    return json.loads(gzip.decompress((FIXTURES / f"{name}.{view}.json.gz").read_bytes()))


def cities(ports: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """City -> (Air, Navy, Army, total PP, growth due, produced) of a ``show ports --json``."""
    return {r["name"]: (r.get("air"), r.get("navy"), r.get("army"), r["total"], r["growth"], r["produced"]) for r in ports["ports"]}


def shown(capsys: pytest.CaptureFixture[str], path: Path, view: str) -> Any:
    """This version's ``show PATH VIEW --json``."""
    code, out, err = run(capsys, "show", str(path), view, "--json")
    assert code == 0, err
    return json.loads(out)


def played(capsys: pytest.CaptureFixture[str], path: Path, *lines: str) -> str:
    """Run ``lines`` on the save with ``exec``; every one must be accepted."""
    code, out, err = run(capsys, "exec", str(path), *lines)
    assert code == 0, err
    return out


@pytest.mark.parametrize("name", SAVES)
def test_issue21_p2_p3_a_save_of_the_earlier_version_opens_and_replays_to_the_state_it_had(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Same turn, segment and PP in every factory as that version showed (its yes/no growth, point 3; its `next` past
    a command's required prompt, point 2); opening writes nothing."""
    path = legacy_save(name, tmp_path)
    before = path.read_bytes()
    old, now = recorded(name, "ports"), shown(capsys, path, "ports")
    assert (now["turn"], now["segment"]) == (old["turn"], old["segment"])
    assert cities(now) == cities(old)
    assert path.read_bytes() == before
    game = open_game(path, data_dir(), mode="read", verify=True)  # the whole log replays to the saved state
    assert game.verify() is None
    game.store.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ("yes", "no", "late", "skipped", "carried"))
def test_issue21_p2_p3_after_the_production_turn_the_pending_prompts_are_as_they_were(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = legacy_save(name, tmp_path)
    assert [p["id"] for p in shown(capsys, path, "phase")["pending"]] == [p["id"] for p in recorded(name, "phase")["pending"]]


def test_issue21_p3_the_growth_answered_yes_and_next_continue_under_the_new_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Turn 2's growth stays as the old answers made it; turn 4's End of production grows on its own on leaving."""
    path = legacy_save("yes", tmp_path)
    played(capsys, path, "next", "goto production-end --force", "next", "goto production-end --force")
    phase = shown(capsys, path, "phase")
    assert (phase["turn"], phase["segment"]["key"]) == ("Turn 4", "production/production-end")
    out = played(capsys, path, *(f"answer {p['id']} {p['choices'][0]}" for p in phase["pending"] if p["id"].startswith("grow-")),
                 "next")
    assert "End of production:" in out and "grew by 1 PP" in out
    game = open_game(path, data_dir(), mode="read", verify=True)  # written in this version's form, it replays still
    assert game.state.flow.turn == 5 and not game.state.world.grown
    game.store.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ("no", "skipped"))
def test_issue21_p3_a_growth_declined_or_skipped_then_stays_so(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The old 'no' (or --force) left every city as it was: replaying it grows nothing on leaving the segment."""
    path = legacy_save(name, tmp_path)
    assert cities(shown(capsys, path, "ports")) == cities(recorded("asked", "ports"))  # as before End of production
    played(capsys, path, "answer initiative 3,3,2,2", "next")
    assert cities(shown(capsys, path, "ports")) == cities(recorded("asked", "ports"))


def test_issue21_p3_a_save_at_end_of_production_with_the_yes_no_prompt_asks_the_new_way(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The unanswered 'growth' prompt becomes the per-city choices; leaving grows every city once, as 'yes' did."""
    path = legacy_save("asked", tmp_path)
    assert [p["id"] for p in recorded("asked", "phase")["pending"]] == ["growth"]
    assert [p["id"] for p in shown(capsys, path, "phase")["pending"]] == ["grow-1103", "grow-1602"]
    code, _, err = run(capsys, "exec", str(path), "answer growth yes")  # typed now: no such prompt any more
    assert code == 1 and "no pending prompt 'growth'" in err
    played(capsys, path, "answer grow-1602 air", "answer grow-1103 navy", "next", "answer initiative 3,3,2,2")
    assert cities(shown(capsys, path, "ports")) == cities(recorded("yes", "ports"))


def test_issue21_p3_an_old_choice_left_open_grows_at_once_and_leaving_does_not_grow_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = legacy_save("choosing", tmp_path)
    pending = shown(capsys, path, "phase")["pending"]
    assert [(p["id"], p["required"]) for p in pending] == [("grow-1103", False)]  # as then, it does not hold the turn
    out = played(capsys, path, "answer grow-1103 navy")
    assert "Wexham (1103): +1 PP Navy" in out
    played(capsys, path, "next", "answer initiative 3,3,2,2")
    assert cities(shown(capsys, path, "ports")) == cities(recorded("yes", "ports"))


def test_issue21_p3_undo_and_redo_across_the_old_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Undoing back past 'answer growth yes' and its choices (replayed from the log) and redoing them gives the same
    state; redoing an old answer undone by that version gives its old meaning."""
    path = legacy_save("yes", tmp_path)
    game = open_game(path, data_dir(), mode="write", verify=True)
    try:
        end = game.state
        for _ in range(5):  # answer initiative, next, answer grow-1103, answer grow-1602, answer growth yes
            assert game.execute("undo").ok
        assert game.segment.path[-1] == "production-end" and game.state.pending_prompt("grow-1103") is not None
        assert game.state.world.factories["0914"] == {"air": 1}  # Ashford before the growth
        for _ in range(5):
            result = game.execute("redo")
            assert result.ok, result.message
        assert game.state == end
    finally:
        game.close()
    path = legacy_save("undone", tmp_path)
    played(capsys, path, "redo")
    phase = shown(capsys, path, "phase")
    assert [p["id"] for p in phase["pending"]] == ["grow-1103", "grow-1602"]
    assert cities(shown(capsys, path, "ports"))["Ashford"][:4] == (2, None, None, 2)  # grown at the old answer
    played(capsys, path, "answer grow-1602 air", "answer grow-1103 navy", "next", "answer initiative 3,3,2,2")
    assert cities(shown(capsys, path, "ports")) == cities(recorded("yes", "ports"))
    played(capsys, path, "undo", "undo", "undo", "undo", "undo")  # back before the redone answer: asked the new way
    assert [p["id"] for p in shown(capsys, path, "phase")["pending"]] == ["grow-1103", "grow-1602"]
    assert cities(shown(capsys, path, "ports")) == cities(recorded("asked", "ports"))


def test_issue21_p2_a_mulberry_roll_left_open_across_next_then_is_made_later(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """That version let `next` go on past the storm's roll for a Mulberry beside it (Mulberries ¶3); its log replays,
    and the roll, still pending, is made now."""
    path = legacy_save("carried", tmp_path)
    pending = shown(capsys, path, "phase")["pending"]
    assert [(p["id"], p["required"]) for p in pending] == [("mulberry-1401", False)]
    out = played(capsys, path, "answer mulberry-1401 2", "next")
    assert "destroyed by the storm" in out
    game = open_game(path, data_dir(), mode="read", verify=True)
    assert "1401" not in game.state.world.mulberries and game.segment.path[-2:] == ("second-turn", "movement")
    game.store.close()  # type: ignore[attr-defined]


async def test_issue21_p3_the_screen_opens_a_save_of_the_earlier_version_and_plays_on(tmp_path: Path) -> None:
    """The TUI replays the log once shown (as every save): it finds it good, and a command then runs."""
    path = legacy_save("asked", tmp_path)
    game = open_game(path, data_dir(), clock=fixed_clock, verify="later")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        result = await app.execute("answer grow-1602 air", "line")
        assert result is not None and result.ok, result
        assert not game.unverified and app.log_problem is None
        assert game.state.world.growth_to == {"1602": "air"}
        await pilot.pause()
    game.close()
