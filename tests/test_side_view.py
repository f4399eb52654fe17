"""Issue 22 point 8: a players' view. One side's fog of war (:mod:`tui.engine.sides`) in the briefing and in the
app's side view (``harbormaster PATH --read-only --side SIDE``), in every rule set; the side words each rule set
accepts; a side view never writes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, to
from tui.outputs.briefing import BriefingError, render
from tui.cli import main
from tui.engine.sides import (Fog, UnknownSide, open_side, side_word, told_checklist, told_events, told_next_step,
                               told_pending)
from tui.session import create_game, open_game

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("europa", "ocs", "awaw", "logistics")


def _owned(game: Any, side: str) -> dict[str, list[str]]:
    """Names of the rows of each view that ``side`` holds (read from the rule set's own, unfiltered views)."""
    ruleset = getattr(game, "full_ruleset", game.ruleset)
    out: dict[str, list[str]] = {}
    for view, rows_of in ruleset.views.items():
        names = [str(r["name"]) for r in rows_of(game.state) if r.get("name") and (r.get("owner") == side or r.get("side") == side)]
        if names:
            out[view] = names
    return out


def _awaw_patrol(path: Path, data: Path):
    """AWAW: the Axis send RM-SS-1 on patrol and answer its three interception prompts (21.416)."""
    game = create_game(path, data, "awaw", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y30 RM-SS-1 --distance 12")
    for answer in ("no interception", "remain at sea", "no interception"):
        prompt = next(p.id for p in game.state.flow.pending if p.id.startswith("patrol-1-"))
        ok(game, f"answer {prompt} '{answer}'")
    return game


# ------------------------------------------------------------------ side words
@pytest.mark.parametrize("ruleset", RULESETS)
def test_22_8_every_spelling_of_a_side_is_the_rule_sets_own_word(tmp_path: Path, data: Path, ruleset: str) -> None:
    """Issue 22 point 8: allied, allies, ally, Allied (and Axis, AXIS, axi...) all name the rule set's one spelling."""
    game = create_game(tmp_path / "g.json", data, ruleset, seed=1, clock=fixed_clock)
    sides = game.ruleset.sides
    game.close()
    allied = next(s for s in sides if s.startswith("all"))
    for word in ("allied", "allies", "ally", "Allied", " ALLIES ", "the allies"):
        assert side_word(sides, word) == allied, word
    for word in ("axis", "Axis", "AXIS", "axi"):
        assert side_word(sides, word) == "axis", word
    assert side_word(sides, "referee") is None and side_word(sides, None) is None
    for bad in ("soviet", "a", "neutral", "xyz"):
        with pytest.raises(UnknownSide, match=", ".join(sides)):
            side_word(sides, bad)
    with pytest.raises(UnknownSide):
        side_word(sides, "referee", referee=False)


def test_22_8_report_side_allied_is_accepted_in_awaw(tmp_path: Path, data: Path, capsys) -> None:
    """Issue 22 point 8: ``report --side allied`` in AWAW (whose word is ``allies``) writes the Allies' briefing;
    ``--side soviet`` is refused in one line naming the sides, nothing written. Before: 'no side allied'."""
    create_game(tmp_path / "g.json", data, "awaw", seed=1, clock=fixed_clock).close()
    out = tmp_path / "b.md"
    assert main(["report", str(tmp_path / "g.json"), "--side", "allied", "--output", str(out)]) == 0
    assert out.read_text().startswith("# Allies briefing")
    assert main(["report", str(tmp_path / "g.json"), "--side", "soviet", "--output", str(tmp_path / "c.md")]) == 2
    err = capsys.readouterr().err
    assert "no side 'soviet'" in err and "axis, allies" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "c.md").exists()


# ------------------------------------------------------------------ the briefing and the app share the filter
@pytest.mark.parametrize("ruleset", RULESETS)
def test_22_8_the_side_view_hides_the_other_sides_rows_as_the_briefing_does(tmp_path: Path, data: Path, ruleset: str) -> None:
    """Issue 22 point 8: in each rule set, the rows the other side holds are in neither the side's briefing nor the
    views its side view reads; its own rows are in both; the referee's report has both."""
    game = create_game(tmp_path / "g.json", data, ruleset, seed=1, clock=fixed_clock)
    game.close()
    game = open_game(tmp_path / "g.json", data, mode="read")
    me, other = game.ruleset.sides
    mine, theirs = _owned(game, me), _owned(game, other)
    assert theirs and mine, "the scenario gives both sides places"
    referee = render(game)
    briefing = render(game, me)
    open_side(game, me)
    assert game.read_only and game.take_over is None and game.side == me
    for view, names in theirs.items():
        shown = {str(r.get("name")) for r in game.ruleset.views[view](game.state)}
        hidden = [n for n in names if n not in set(mine.get(view, ()))]
        assert not shown & set(hidden), view
        for name in hidden[:3]:
            assert f"| {name} |" not in briefing and f"| {name} |" in referee, name
    for view, names in mine.items():
        shown = {str(r.get("name")) for r in game.ruleset.views[view](game.state)}
        assert set(names) <= shown, view
    assert render(game, me) == briefing  # the briefing made from a side view is that side's briefing


def test_32_6_the_allies_are_told_the_axis_patrol_whose_interception_they_decide(tmp_path: Path, data: Path) -> None:
    """Issue 32.6 (a side's decision is never hidden from it), 21.416: the defender decides whether to intercept a
    patrol, so the Allies' briefing and side view tell them the Axis ``patrol`` and the three answers to the prompts it
    raised (two of them theirs); the Axis and the referee see the same four. Before, the Allies saw none of them, and in
    a game by e-mail had to answer a prompt their screen did not show."""
    game = _awaw_patrol(tmp_path / "g.json", data)
    actors = [e["actor"] for e in game.events[-3:]]
    assert actors == ["allies", "axis", "allies"]
    allies, axis, referee = render(game, "allies"), render(game, "axis"), render(game)
    for text in (allies, axis, referee):
        assert "`patrol Y30 RM-SS-1" in text and "`answer patrol-1-route" in text and "`answer patrol-1-hex" in text
        assert "`answer patrol-1-strikes 'remain at sea'`" in text
    assert "`next --force`" in allies  # the turn's steps are told to both
    open_side(game, "allies")
    commands = [e["command"] for e in told_events(game)]
    assert commands[-4:] == ["patrol Y30 RM-SS-1 --distance 12", "answer patrol-1-route 'no interception'",
                             "answer patrol-1-strikes 'remain at sea'", "answer patrol-1-hex 'no interception'"]


def test_22_8_an_entry_of_the_other_side_that_asks_nothing_of_the_allies_stays_hidden(tmp_path: Path,
                                                                                        data: Path) -> None:
    """Issue 22 point 8: an Axis roll for the Axis' own log names no Allied place and asks the Allies nothing: their
    briefing, side view and Log do not show it; the Axis' do."""
    game = create_game(tmp_path / "g.json", data, "awaw", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/naval-movement")
    ok(game, "roll 1d6 Axis weather over Brest")
    assert game.events[-1]["actor"] == "axis"
    assert "Axis weather" not in render(game, "allies") and "Axis weather" in render(game, "axis")
    assert "Axis weather" not in str(Fog.of(game, "allies").events(game.events))
    assert Fog.of(game, "allies").hidden_last(game.events) and not Fog.of(game, "axis").hidden_last(game.events)


def test_32_6_the_allies_see_the_interception_prompt_of_the_axis_patrol_which_is_theirs(tmp_path: Path,
                                                                                         data: Path) -> None:
    """Issue 32.6, 21.416: while the Axis patrol's first prompt waits, the Allies see it (the interception is theirs
    to attempt or decline) and the patrol that raised it, even after a later Axis entry hidden from them; the next
    prompt, ``patrol-1-strikes``, which the Axis answer ('remain at sea') and the Allies may also answer (strikes),
    is shown to both; once every prompt is answered, nothing of the patrol waits for either."""
    game = create_game(tmp_path / "g.json", data, "awaw", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y30 RM-SS-1 --distance 12")
    patrol = game.events[-1]["seq"]
    ok(game, "roll 1d6 Axis weather over Brest")  # a later entry the Allies are not told of
    waiting = [p.id for p in game.state.flow.pending if p.id.startswith("patrol-1-")]
    assert waiting == ["patrol-1-route"]
    fog = Fog.of(game, "allies")
    assert fog.answering == {"patrol-1-route"} and fog.raisers == {patrol}
    assert [p.id for p in fog.pending(game.state.flow.pending, game.events)] == ["patrol-1-route"]
    assert [e["command"] for e in fog.events(game.events)][-1] == "patrol Y30 RM-SS-1 --distance 12"
    assert Fog.of(game, "axis").answering == set()  # not the Axis player's to answer
    assert "patrol-1-route" in render(game, "allies") and "patrol-1-route" in render(game, "axis")
    open_side(game, "allies")
    assert [p.id for p in told_pending(game) if p.id in waiting] == ["patrol-1-route"]
    game.close()
    game = create_game(tmp_path / "h.json", data, "awaw", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y30 RM-SS-1 --distance 12")
    ok(game, "answer patrol-1-route 'no interception'")
    assert [p.id for p in game.state.flow.pending if p.id.startswith("patrol-")] == ["patrol-1-strikes"]
    for side in ("allies", "axis"):
        shown = Fog.of(game, side).pending(game.state.flow.pending, game.events)
        assert [p.id for p in shown if p.id.startswith("patrol-")] == ["patrol-1-strikes"], side
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    ok(game, "answer patrol-1-hex 'no interception'")
    assert not [p for p in game.state.flow.pending if p.id.startswith("patrol-")]
    assert Fog.of(game, "allies").answering == set() and Fog.of(game, "allies").raisers == set()


@pytest.mark.parametrize("ruleset, lines, other, hidden", [
    ("europa", ("hit Tobruk 2", "next --force", "repair Tobruk 1"), "allied", "repair Tobruk 1"),
    ("ocs", ("answer weather roll", "next", "answer first-player allied", "next --force", "next --force", "next --force",
             "next --force", "unload Alexandria 1"), "allied", "unload Alexandria 1"),
])
def test_22_8_the_log_of_a_side_view_is_the_briefings(tmp_path: Path, data: Path, ruleset: str, lines, other: str,
                                                      hidden: str) -> None:
    """Issue 22 point 8: the entries a side view's log lists are those of its briefing (an Allied entry about an
    Allied place is not told to the Axis)."""
    game = create_game(tmp_path / "g.json", data, ruleset, seed=3, clock=fixed_clock)
    for line in lines:
        ok(game, line)
    side = next(s for s in game.ruleset.sides if s != other)
    assert f"`{hidden}`" in render(game, other) and f"`{hidden}`" not in render(game, side)
    open_side(game, side)
    assert hidden not in [e["command"] for e in told_events(game)]
    told = [f"#{e['seq']} —" for e in told_events(game) if e.get("turn") == game.turn_label]
    briefing = render(game, side)
    assert told and all(seq in briefing for seq in told)
    assert len(told) == briefing.count("\n- #")


# ------------------------------------------------------------------ the app's side view (pilot)
def _cells(app: Any) -> str:
    from textual.widgets import DataTable

    out = []
    for table in app.screen.query(DataTable):
        for key in table.rows:
            out += [str(c) for c in table.get_row(key)]
    return " | ".join(out)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_22_8_pilot_the_app_side_view_shows_only_the_sides_ports_and_writes_nothing(tmp_path: Path, data: Path,
                                                                                         ruleset: str) -> None:
    """Issue 22 point 8: ``--read-only --side`` opened in the app: the Ports mode (key 2) lists the side's ports and
    none of the other side's; ``n`` and ``R`` write nothing (no event, no briefing file)."""
    from tui.app import make_app

    create_game(tmp_path / "g.json", data, ruleset, seed=1, clock=fixed_clock).close()
    game = open_game(tmp_path / "g.json", data, fixed_clock, mode="read")
    me, other = game.ruleset.sides
    mine = [n for n in _owned(game, me).get("ports", [])]
    theirs = [n for n in _owned(game, other).get("ports", []) if n not in mine]
    open_side(game, me)
    before = (tmp_path / "g.json").read_bytes()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        shown = _cells(app)
        assert all(n not in shown for n in theirs), [n for n in theirs if n in shown]
        assert any(n in shown for n in mine)
        await pilot.press("n", "R")
        await pilot.pause()
    game.close()
    assert (tmp_path / "g.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if "briefing" in p.name) == []


def _patrol_then_secret(path: Path, data: Path):
    """AWAW: the Axis send RM-SS-1 on patrol (its interception prompt waits for the Allies), then roll for their own
    log (an entry the Allies are not told of)."""
    game = create_game(path, data, "awaw", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y30 RM-SS-1 --distance 12")
    ok(game, "roll 1d6 Axis weather")
    return game


def test_32_6_the_phases_checklist_of_a_side_view_lists_only_what_that_side_is_told(tmp_path: Path, data: Path) -> None:
    """Issue 32.6 / 22 point 8: the Phases mode's "Done in this segment" of the Allies' side view lists the Axis patrol
    (theirs to intercept, 21.416) but not the Axis roll for the Axis' own log; the referee's lists both. Before, the
    side view's checklist read the whole log."""
    game = _patrol_then_secret(tmp_path / "g.json", data)
    referee = told_checklist(game)
    assert [d.command for d in referee.done] == ["patrol Y30 RM-SS-1 --distance 12", "roll 1d6 Axis weather"]
    open_side(game, "allies")
    allies = told_checklist(game)
    assert [d.command for d in allies.done] == ["patrol Y30 RM-SS-1 --distance 12"] and allies.done_count == 1
    assert [(a.id, a.state) for a in allies.asks] == [("patrol-1-route", "pending")]


def test_32_6_the_next_step_line_names_the_side_that_answers_the_prompt(tmp_path: Path, data: Path) -> None:
    """21.416: in the Axis player turn, the interception prompt of the Axis patrol is the defender's: the header's next
    step says "Allies: answer patrol-1-route", to the referee and to each side. Before, it named the acting side (the
    Axis). A prompt of the turn sequence still names the acting side (the initiative: both)."""
    game = _patrol_then_secret(tmp_path / "g.json", data)
    expected = "Allies: answer patrol-1-route: Patrol 1 (RM-SS-1) moves to Y30"
    assert told_next_step(game).startswith(expected)
    game.close()
    for side in ("allies", "axis"):
        seen = open_game(tmp_path / "g.json", data, fixed_clock, mode="read")
        open_side(seen, side)
        assert told_next_step(seen).startswith(expected), side
        seen.close()
    fresh = create_game(tmp_path / "h.json", data, "logistics", seed=1, clock=fixed_clock)
    assert told_next_step(fresh).startswith("Both sides: answer initiative: ")
    fresh.close()


async def test_22_8_pilot_the_allied_log_mode_hides_what_the_allies_are_not_told(tmp_path: Path, data: Path) -> None:
    """Issue 22 point 8 and 32.6: the Allies' side view's Log mode (key 4) lists the turn's steps and the Axis patrol
    whose interception they decided (21.416), but not the Axis roll for the Axis' own log; the referee's Log lists
    both (the control)."""
    from tui.app import make_app

    game = _awaw_patrol(tmp_path / "g.json", data)
    ok(game, "roll 1d6 Axis weather")
    game.close()
    for side in ("allies", None):
        game = open_game(tmp_path / "g.json", data, fixed_clock, mode="read")
        if side:
            open_side(game, side)
        app = make_app(game, clock=fixed_clock, cursor_blink=False)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await pilot.press("4")
            await pilot.pause()
            shown = _cells(app)
        game.close()
        assert ("Axis weather" in shown) == (side is None), shown[:400]
        assert "patrol Y30 RM-SS-1" in shown and "answer patrol-1-route" in shown
        assert "next" in shown


def test_22_8_the_command_line_side_view_refuses_an_unknown_side(tmp_path: Path, data: Path) -> None:
    """Issue 22 point 8: ``harbormaster PATH --read-only --side soviet`` is refused in one line naming the sides
    (exit 2, the save untouched, no lock left); a missing save is not created for a side view."""
    create_game(tmp_path / "g.json", data, "awaw", seed=1, clock=fixed_clock).close()
    before = sorted(p.name for p in tmp_path.iterdir())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "tui.cli", str(tmp_path / "g.json"), "--read-only", "--side", "soviet"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "no side 'soviet'" in out.stderr and "axis, allies" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    out = subprocess.run([sys.executable, "-m", "tui.cli", str(tmp_path / "new.json"), "--side", "axis"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_22_8_briefing_error_for_an_unknown_side_keeps_its_words(tmp_path: Path, data: Path) -> None:
    """Issue 22 point 8: the briefing still refuses a side the rule set lacks, naming its sides."""
    game = create_game(tmp_path / "g.json", data, "europa", seed=1, clock=fixed_clock)
    with pytest.raises(BriefingError, match="sides: axis, allied"):
        render(game, "soviet")
    assert render(game, "allies") == render(game, "allied")


async def test_22_8_pilot_a_side_view_runs_no_why_of_the_other_sides_place(tmp_path: Path, data: Path) -> None:
    """Issue 22 point 8: typed ``:why Naples`` (an Axis port) in the Allied side view runs nothing and says so; the
    referee's app explains it (the control)."""
    from tui.app import make_app

    create_game(tmp_path / "g.json", data, "europa", seed=1, clock=fixed_clock).close()
    for side in ("allied", None):
        game = open_game(tmp_path / "g.json", data, fixed_clock, mode="read")
        if side:
            open_side(game, side)
        app = make_app(game, clock=fixed_clock, cursor_blink=False)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            result = await app.execute("why Naples", "line")
            await pilot.pause()
            status = app.status.text
        game.close()
        if side:
            assert result is None and "runs no command but help" in status
        else:
            assert result is not None and result.ok


def test_22_8_logistics_the_axis_are_not_told_the_allied_production(tmp_path: Path, data: Path) -> None:
    """Issue 22 point 8 (Logistics): the Allied airfield and production at Portsea are in the Allied briefing and
    side-view log, in neither of the Axis ones; the turn's steps are in both."""
    from logistics_game import PRODUCTION_TURN, at

    game = create_game(tmp_path / "g.json", data, "logistics", seed=5, clock=fixed_clock)
    for line in ("answer initiative 6,6,1,1", "next", "answer storm roll", "next", "next", "hit bridge 1209-1310 2"):
        ok(game, line)
    at(game, PRODUCTION_TURN, "produce")
    ok(game, "airfield 0505")
    ok(game, "produce Portsea navy navy")
    axis, allied = render(game, "axis", game.turn_label), render(game, "Allies", game.turn_label)  # the current turn
    for line in ("airfield 0505", "produce Portsea navy navy"):
        assert f"`{line}`" in allied and f"`{line}`" not in axis
    assert "`next --force`" in axis
    open_side(game, "axis")
    commands = [e["command"] for e in told_events(game)]
    assert "produce Portsea navy navy" not in commands and "airfield 0505" not in commands
    assert "answer initiative 6,6,1,1" in commands  # the sequence's own prompt: both sides are told


@pytest.mark.parametrize("ruleset, lines, side, hidden", [
    ("europa", ("hit Tobruk 2", "next --force", "repair Tobruk 1"), "axis", "repair Tobruk"),
    ("ocs", ("answer weather roll", "next", "answer first-player allied", "next --force", "next --force", "next --force",
             "next --force", "unload Alexandria 1"), "axis", "unload Alexandria"),
])
async def test_22_8_pilot_the_log_mode_of_a_side_view_leaves_the_other_sides_entry_out(
        tmp_path: Path, data: Path, ruleset: str, lines, side: str, hidden: str) -> None:
    """Issue 22 point 8: the side view's Log mode (key 4) does not list the other side's entry; the referee's does."""
    from tui.app import make_app

    game = create_game(tmp_path / "g.json", data, ruleset, seed=3, clock=fixed_clock)
    for line in lines:
        ok(game, line)
    game.close()
    for who in (side, None):
        game = open_game(tmp_path / "g.json", data, fixed_clock, mode="read")
        if who:
            open_side(game, who)
        app = make_app(game, clock=fixed_clock, cursor_blink=False)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await pilot.press("4")
            await pilot.pause()
            shown = _cells(app)
        game.close()
        assert (hidden in shown) == (who is None), shown[:400]
