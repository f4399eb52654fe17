"""Briefings (``harbormaster report``): Markdown snapshots per rule set and side, what a side may not see, the app key.

The snapshots are plain Markdown files in ``tests/report_snapshots/``; after
a deliberate change, regenerate them with ``HARBORMASTER_UPDATE_REPORTS=1``
and read the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.outputs.briefing import BriefingError, render
from tui.cli import main
from tui.session import create_game, open_game

SNAPSHOTS = Path(__file__).parent / "report_snapshots"
# Europa: an Axis hit on an Allied port, an Axis roll, the next segment, an Allied repair.
EUROPA = ("hit Tobruk 2", "roll 2d6", "next --force", "repair Tobruk 1", "hit Naples 1")
# OCS: weather, the Allies move first, then moves of both sides in the Allied movement and Axis reaction.
OCS = ("answer weather roll", "next", "answer first-player allied", "next --force", "next --force", "next --force",
       "next --force", "unload Alexandria 1")


def played(path: Path, data: Path, ruleset: str, lines: tuple[str, ...]):
    game = create_game(path, data, ruleset, seed=3, clock=fixed_clock)
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"
    return game


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("HARBORMASTER_UPDATE_REPORTS") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; run with HARBORMASTER_UPDATE_REPORTS=1 and read it"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset, lines", [("europa", EUROPA), ("ocs", OCS)])
@pytest.mark.parametrize("side", [None, "axis", "allied"])
def test_markdown_snapshot(tmp_path: Path, data: Path, ruleset: str, lines, side: str | None) -> None:
    """Issue 13 (briefings): the turn, the side's places from every view, markers, prompts, the turn's log."""
    game = played(tmp_path / "g.json", data, ruleset, lines)
    check_snapshot(f"{ruleset}-{side or 'referee'}.md", render(game, side))


def test_a_side_does_not_see_the_other_sides_ports_or_entries(tmp_path: Path, data: Path) -> None:
    """Europa: Naples is Axis, Tobruk and Alexandria Allied (scenario); the Allied repair is told only to the Allies."""
    game = played(tmp_path / "g.json", data, "europa", EUROPA)
    axis, allied, referee = render(game, "axis"), render(game, "allied"), render(game)
    assert "| Naples |" in axis and "| Naples |" not in allied and "| Naples |" in referee
    assert "| Alexandria |" in allied and "| Alexandria |" not in axis
    assert "`repair Tobruk 1`" in allied and "`repair Tobruk 1`" not in axis  # Allied act on an Allied port
    assert "`hit Tobruk 2`" in allied  # the Axis hit an Allied port: the Allies are told
    assert "`roll 2d6`" in axis and "`roll 2d6`" not in allied  # an Axis roll, no Allied place in it
    assert "`next --force`" in axis and "`next --force`" in allied  # the turn sequence is public
    assert "| Reduced | 1 | Benghazi | allied |" in referee and "Benghazi" not in axis  # an Allied marker
    assert "31.A.3" in axis and "Dice: 2d6 = " in axis  # sentences carry rule numbers and dice


def test_the_turn_option_tells_that_turns_log(tmp_path: Path, data: Path) -> None:
    game = played(tmp_path / "g.json", data, "ocs", ("answer weather roll", "next", "answer first-player allied"))
    for _ in range(40):
        if game.turn_label == "Turn 2":
            break
        assert game.execute("next --force").ok
    text = render(game, None, "turn 1")
    assert "## The log of Turn 1" in text and "`answer first-player allied`" in text
    assert "`answer first-player allied`" not in render(game, None, "Turn 2")  # the current turn
    assert render(game) == text  # by default the last finished turn (issue 22 point 13)
    with pytest.raises(BriefingError, match="no turn 'Turn 9'.*turns: Turn 1, Turn 2"):
        render(game, None, "Turn 9")


def test_cli_report_writes_md_and_html_and_refuses_an_unknown_side(tmp_path: Path, data: Path, capsys) -> None:
    game = played(tmp_path / "g.json", data, "europa", EUROPA)
    game.close()
    before = (tmp_path / "g.json").read_bytes()
    assert main(["report", str(tmp_path / "g.json"), "--side", "Axis"]) == 0
    assert capsys.readouterr().out.startswith("# Axis briefing — ")
    assert main(["report", str(tmp_path / "g.json"), "--format", "html", "--output", str(tmp_path / "r.html")]) == 0
    page = (tmp_path / "r.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "<h1>Referee&#x27;s report" in page and "<code>hit Tobruk 2</code>" in page
    assert main(["report", str(tmp_path / "g.json"), "--side", "soviet"]) == 2
    assert "no side 'soviet'" in capsys.readouterr().err
    assert (tmp_path / "g.json").read_bytes() == before


async def test_the_app_key_writes_the_chosen_sides_briefing_beside_the_save(tmp_path: Path, data: Path) -> None:
    """Key ``R``: choose a side; its briefing goes beside the save and the status line says where."""
    from tui.app import make_app

    played(tmp_path / "game.json", data, "europa", EUROPA).close()
    game = open_game(tmp_path / "game.json", data, fixed_clock, mode="write")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("down", "enter")  # from the phasing side (axis) to allied
        await pilot.pause()
        await pilot.pause()
        expected = tmp_path / "game-briefing-allied-jan-i-1943.md"
        assert str(expected) in app.status.text
    game.close()
    assert expected.read_text() == render(open_game(tmp_path / "game.json", data, mode="read"), "allied")


def test_rows_of_the_other_side_are_left_out_rows_of_nobody_are_shown() -> None:
    """The ownership rule of briefings: ``owner`` or ``side`` naming the other side hides a row."""
    from tui.outputs.briefing import visible

    rows = [{"name": "A", "owner": "axis"}, {"name": "B", "side": "allied"}, {"name": "C"}, {"name": "D", "side": "neutral"}]
    sides = ("axis", "allied")
    assert [r["name"] for r in visible(rows, "axis", sides)] == ["A", "C", "D"]
    assert [r["name"] for r in visible(rows, "allied", sides)] == ["B", "C", "D"]
    assert [r["name"] for r in visible(rows, None, sides)] == ["A", "B", "C", "D"]
