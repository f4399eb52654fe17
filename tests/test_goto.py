"""``goto SEGMENT`` (issue 12, "Go to a segment"): several ``next`` in one command, in every rule set.

Sequence of play: going to a segment runs every exit and enter effect on the
way exactly as repeated ``next`` would, raises the prompts of the segments it
enters, and stops at the first required prompt unless ``--force``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_app_pilot import until
from tests.conftest import fixed_clock
from tui.app import make_app
from tui.paths import data_dir
from tui.rules.core.phases import NEXT_TURN, resolve_ahead, segments_ahead
from tui.screens.choice_prompt import ChoicePrompt
from tui.session import create_game, memory_game, open_game

RULESETS = ["europa", "ocs", "awaw", "logistics"]


def flow_and_world(game):
    state = game.state
    return state.flow.turn, state.flow.index, [p.id for p in state.flow.pending], state.world


@pytest.mark.parametrize("ruleset", RULESETS)
def test_goto_gives_the_state_repeated_next_gives_and_replays(ruleset: str, tmp_path: Path) -> None:
    """Issue 12 goto: the same world, flow and prompts as the same number of `next --force`; one logged event that replays."""
    by_goto = create_game(tmp_path / "goto.json", data_dir(), ruleset, seed=3, clock=fixed_clock)
    by_next = memory_game(data_dir(), ruleset, seed=3, clock=fixed_clock)
    sequence = by_goto.ruleset.sequence
    target = sequence.segments[-1]
    result = by_goto.execute(f"goto {target.key} --force")
    assert result.ok, result.message
    assert by_goto.segment.index == target.index
    for _ in range(target.index):
        assert by_next.execute("next --force").ok
    assert flow_and_world(by_goto) == flow_and_world(by_next)
    assert [e["command"] for e in by_goto.events] == [f"goto {target.key} --force"]
    assert by_goto.verify() is None
    reopened = open_game(tmp_path / "goto.json", data_dir(), fixed_clock, mode="read", verify=True)
    assert flow_and_world(reopened) == flow_and_world(by_goto)
    # and on into the next game turn: everything the end of the turn does happens
    assert by_goto.execute(f"goto {NEXT_TURN} --force").ok and by_next.execute("next --force").ok
    assert flow_and_world(by_goto) == flow_and_world(by_next) and by_goto.state.flow.turn == by_goto.initial.flow.turn + 1
    by_goto.close()


def test_goto_stops_at_the_first_required_prompt_unless_forced() -> None:
    """Issue 12 goto, OCS: the first player must be chosen (a required prompt) before the movement phase is reached."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    result = game.execute("goto move")
    assert result.ok and "stopped short of move" in result.message and "first-player" in result.message
    assert game.segment.key == "pre-turn/first-player" and game.state.pending_prompt("first-player")
    refused = game.execute("goto move")  # the required prompt is now the current segment's
    assert refused.needs_confirm and "first-player" in refused.message and len(game.events) == 1
    assert game.execute("answer first-player axis").ok
    assert game.execute("goto move").ok and game.segment.key == "first-turn/movement/move"


def test_goto_force_records_the_skips() -> None:
    """Issue 12 goto: --force goes past required prompts and the log says which were skipped (as next --force does)."""
    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    assert game.execute("goto sea-transport").needs_confirm and not game.events
    result = game.execute("goto sea-transport --force")
    assert result.ok and game.segment.key == "first-turn/movement/sea-transport"
    assert any(line.startswith("skipped: first") for line in result.details)


@pytest.mark.parametrize("line, words", [
    ("goto nowhere", ["no segment called 'nowhere'", "Ahead: initial-movement", NEXT_TURN]),
    ("goto exploit", ["could be exploitation-naval, exploitation-movement, exploitation-combat"]),
    ("goto", ["goto which segment?", "reinforcement"]),
    ("goto initial-naval", None),  # the Allied one: the nearest ahead with that name
])
def test_goto_names_resolve_like_other_verbs_and_refusals_list_the_segments_ahead(line: str, words: list[str] | None) -> None:
    """Issue 12 goto: exact name, key or title, else a unique prefix; an unknown or ambiguous name changes nothing."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    before = game.state
    result = game.execute(line)
    if words is None:
        assert result.ok and game.segment.key == "allied-turn/initial/initial-naval"
        return
    assert not result.ok and game.state is before and not game.events
    for word in words:
        assert word in result.message


def test_goto_refuses_a_segment_behind_and_the_current_one() -> None:
    """Issue 12 goto: it only moves forward (to the next game turn at most); the refusal says so."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    assert game.execute("goto allied-turn/initial/initial-combat").ok and game.segment.index == 11
    behind = game.execute("goto axis-turn/reinforcement")
    assert not behind.ok and "behind" in behind.message and "Ahead: reaction-naval" in behind.message
    assert behind.message.endswith(f"reinforcement, {NEXT_TURN}") and len(game.events) == 1
    current = game.execute("goto Combat")
    assert not current.ok and "current segment" in current.message
    sequence = game.ruleset.sequence
    assert resolve_ahead(sequence, 0, "allied-turn/initial/initial-combat").segment.index == 11
    assert resolve_ahead(sequence, 0, "Reinforcement phase").segment.key == "axis-turn/reinforcement"  # the nearest ahead
    assert resolve_ahead(sequence, 9, "reinforcement").segment.key == "allied-turn/reinforcement"


def test_help_goto_lists_it_in_full() -> None:
    """Issue 12 goto: `help goto` gives its syntax, what it does, its rule and where it is legal; `help` lists it."""
    game = memory_game(data_dir(), "logistics", seed=1, clock=fixed_clock)
    result = game.execute("help goto")
    assert result.ok and result.message == "goto SEGMENT [--force] [--gate]"  # --gate: issue 22 point 9
    assert "repeated 'next'" in result.details[0] and result.details[1] == "rule: sequence of play"
    assert result.details[2] == "legal in: any segment"
    listing = game.execute("help").details
    assert any(line.strip().startswith("goto SEGMENT [--force]") for line in listing)


async def test_the_phases_key_g_offers_the_segments_ahead_and_goes_there() -> None:
    """Issue 12 goto, pilot: g on Phases lists the segments ahead; choosing one runs `goto` as a key command."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ChoicePrompt)
        ahead = segments_ahead(game.ruleset.sequence, 0)
        assert app.screen.choices == [a.label for a in ahead]
        for _ in range(7):  # reinforcement is the eighth segment ahead
            await pilot.press("down")
        await pilot.press("enter")
        for _ in range(100):
            if game.events:
                break
            await pilot.pause(0.02)
        assert game.segment.key == "axis-turn/reinforcement"
        event = game.events[-1]
        assert (event["command"], event["source"]) == ("goto reinforcement", "key")


def test_the_command_line_suggests_the_segments_ahead_nearest_first() -> None:
    """Issue 12 goto: typing `goto r` at the command line suggests the nearest segment ahead starting with r."""
    from tui.screens.command_line import completions

    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    offered = [c for c in completions(game, []) if c.startswith("goto r")]
    assert offered[0] == "goto reaction-naval" and "goto next-turn" in completions(game, [])


async def test_going_past_a_required_prompt_from_the_list_asks_first_then_records_the_skip() -> None:
    """Issue 12 goto, pilot (AWAW): the initiative is required; g, a segment, then "Go ahead?" — yes forces and logs the skip."""
    from tui.screens.confirm_prompt import ConfirmPrompt

    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("enter")  # the first segment ahead
        for _ in range(100):
            if isinstance(app.screen, ConfirmPrompt):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ConfirmPrompt) and "first" in str(app.screen.text) and not game.events
        await pilot.press("y")
        for _ in range(100):
            if game.events:
                break
            await pilot.pause(0.02)
        assert game.events[-1]["command"] == "goto air-staging --force" and game.segment.key == "first-turn/movement/air-staging"
        assert any(line.startswith("skipped: first") for line in game.events[-1]["details"])


async def test_the_palette_offers_go_to_a_segment() -> None:
    """Issue 12 goto: the command palette has "Go to a segment", which opens the same list as g."""
    from tui.app.commands import HarbormasterCommands

    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        provider = HarbormasterCommands(app.screen)
        entry = next(e for e in provider.entries() if e[0] == "Go to a segment")
        await entry[2]()
        await pilot.pause()
        assert isinstance(app.screen, ChoicePrompt) and app.screen.choices[0].startswith("first-player")


async def test_issue22_point9_the_palettes_next_segment_goes_through_the_gate_as_n_does() -> None:
    """Issue 22 points 4 and 9: "Next segment" in the palette does what ``n`` does: with the AWAW initiative still
    required it asks "Leave this segment?" first, and leaving anyway is logged as ``next --pass --force`` from the
    palette."""
    from tui.app.commands import HarbormasterCommands
    from tui.screens.confirm_prompt import ConfirmPrompt

    game = memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        entry = next(e for e in HarbormasterCommands(app.screen).entries() if e[0] == "Next segment")
        await entry[2]()
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert "first" in str(app.screen.text) and not game.events
        await pilot.press("y")
        await until(pilot, lambda: game.events)
        assert (game.events[-1]["command"], game.events[-1]["source"]) == ("next --pass --force", "palette")
