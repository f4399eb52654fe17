"""Issue 22, points 5, 7, 9 and 10: everyone sees what the app did — the header is the new turn's before its first
prompt is asked, the rules' own effects are part of the `next` event's summary (Log, screen, briefings), a segment's
gate lists what the rules still require there, and a "next step" line says what they ask now, in every rule set."""

from __future__ import annotations

from typing import Any

import pytest

from tests.awaw_game import answer, awaw_game, ok, to
from tests.test_app_pilot import fixed_clock, until
from tui.app import effects_list, make_app
from tui.outputs.briefing import sentence
from tui.engine.flow import next_step_line
from tui.engine.setup import RULESETS
from tui.paths import data_dir
from tui.rules.core.checklist import still_required
from tui.session import memory_game
from tui.widgets.game_header import GameHeader
from tui.widgets.next_step import NextStepLine


def at_turn_end(rid: str) -> Any:
    """A new game of rule set ``rid`` in the last segment of its first game turn."""
    game = memory_game(data_dir(), rid, seed=1, clock=fixed_clock)
    for _ in range(len(game.ruleset.sequence.segments) - 1):
        assert game.execute("next --force").ok
    return game


def at_next_turn(rid: str) -> Any:
    """A new game of rule set ``rid`` in the first segment of its second game turn, its first prompt pending."""
    game = at_turn_end(rid)
    assert game.execute("next --force").ok
    return game


# ------------------------------------------------------------------ point 7
def awaw_patrols_returning() -> Any:
    """AWAW: a cruiser on patrol, remaining at sea, in the segment before patrols return."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    for a in ("no interception", "remain at sea", "no interception"):
        answer(game, "patrol-1", a)
    for _ in range(20):
        following = game.ruleset.sequence.at(game.segment.index + 1)
        if following.title.endswith("Patrols and missions return"):
            return game
        ok(game, "next --force")
    raise AssertionError("no segment before Patrols and missions return")


def test_issue_22_point_7_awaw_returns_and_inversions_are_in_the_next_summary_and_the_briefing() -> None:
    game = awaw_patrols_returning()
    result = ok(game, "next --force")
    assert "Returned to base and inverted before exploitation: RM-CA-Messina" in result.message
    event = game.events[-1]
    assert "Returned to base and inverted" in event["summary"]  # the Log row's summary
    said = sentence(game, event)
    assert "did `next" not in said and "The rules did on their own: Returned to base and inverted" in said, said
    shown = effects_list(result).splitlines()  # the short list on the screen after n
    assert shown[0].startswith("→ ") and any(line.startswith("• Returned to base") for line in shown[1:]), shown


def test_issue_22_point_7_europa_usage_markers_removed_are_in_the_next_summary() -> None:
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    assert game.execute("use Tripoli 1").ok
    while game.segment.key != "axis-turn/reinforcement":
        assert game.execute("next").ok
    result = game.execute("next")
    assert result.ok and "Port Used / Capacity Used removed from 1 axis port(s) (31.A.1): Tripoli" in result.message


@pytest.mark.parametrize("rid, said", [("ocs", "New turn: voluntary reduction"), ("logistics", "New turn: production")])
def test_issue_22_point_7_the_new_turns_bookkeeping_is_in_the_next_summary(rid: str, said: str) -> None:
    game = at_turn_end(rid)
    result = game.execute("next --force")
    assert result.ok and said in result.message and said in game.events[-1]["summary"]
    assert said in sentence(game, game.events[-1])


# ------------------------------------------------------------------ point 9
REQUIRED_FIRST = ("awaw", "logistics")
"""The rule sets whose game turn opens with a required prompt (Europa's sea state and OCS weather are optional: OCS's next
step is tested on its optional weather prompt, Europa's optional Italian interference below: issue 22 point 6)."""


@pytest.mark.parametrize("rid", REQUIRED_FIRST)
def test_issue_22_point_9_the_gate_lists_what_is_still_required_and_leaving_anyway_is_logged(rid: str) -> None:
    game = at_next_turn(rid)
    left = still_required(game.ruleset, game.state)
    assert left and left[0].startswith("answer "), left
    where = game.segment.index
    refused = game.execute("next --gate")
    assert not refused.ok and refused.needs_confirm and "Still required in" in refused.message
    assert left[0] in refused.message and game.segment.index == where  # nothing changed
    forced = game.execute("next --gate --force")
    assert forced.ok and "required item(s) undone" in forced.message
    assert "required item(s) undone" in game.events[-1]["summary"] and "--force" in game.events[-1]["command"]


def test_issue_22_point_6_an_optional_attempt_is_not_still_required_when_leaving() -> None:
    """Issue 22 point 6 (Europa 33.B.2.b): the Italian interference offered in the Allied naval movement is optional:
    the leave-segment gate lists only required prompts and duties, so ``n`` (``--gate``) leaves without asking."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    while game.segment.key != "allied-turn/initial/initial-naval":
        assert game.execute("next --force").ok
    assert any(not p.required and p.id.startswith("interference") for p in game.state.flow.pending)
    assert not any("interference" in line for line in still_required(game.ruleset, game.state))
    left = game.execute("next --gate")
    assert left.ok and "undone" not in left.message


# ------------------------------------------------------------------ point 10
@pytest.mark.parametrize("rid", REQUIRED_FIRST)
def test_issue_22_point_10_the_next_step_names_the_side_the_prompt_and_n(rid: str) -> None:
    game = at_next_turn(rid)
    line = next_step_line(game.ruleset, game.state)
    required = [p for p in game.state.flow.pending if p.required]
    assert f"answer {required[0].id}" in line and line.endswith(", then n"), line
    side = game.acting_side.title() or "Both sides"
    assert line.startswith(f"{side}: "), line


def test_issue_22_point_10_ocs_the_next_step_offers_an_optional_prompt_and_n_passes_the_gate() -> None:
    game = at_next_turn("ocs")
    line = next_step_line(game.ruleset, game.state)
    assert line.startswith("Both sides: may answer ") and "; or n → " in line, line
    assert not still_required(game.ruleset, game.state) and game.execute("next --gate").ok


def test_issue_22_point_10_the_next_step_offers_the_optional_interference() -> None:
    """Issue 22 points 6 and 10 (Europa 33.B.2.b): the interference offered is optional: the next step offers it and n."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    while game.segment.key != "allied-turn/initial/initial-naval":
        assert game.execute("next --force").ok
    line = next_step_line(game.ruleset, game.state)
    assert line.startswith("Allied: may answer interference:eastern") and "; or n → " in line, line


# ------------------------------------------------------------ pilot tests
@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_issue_22_point_5_the_header_is_the_new_turns_before_its_first_prompt_is_asked(rid: str) -> None:
    """Pressing n at a turn's end: when the next turn's first prompt is asked, the header already names that turn."""
    app = make_app(at_turn_end(rid), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        header = app.screen.query_one(GameHeader)
        await until(pilot, lambda: header.info.turn)
        asked: list[tuple[str, str]] = []
        push = app.push_screen_wait

        async def record(screen: Any) -> Any:
            asked.append((header.info.turn, header.info.next_step))
            return await push(screen)

        app.push_screen_wait = record  # type: ignore[method-assign]
        await pilot.press("n")
        await until(pilot, lambda: asked)
        assert asked[0][0] == app.game.turn_label, asked
        assert asked[0][1] == next_step_line(app.game.ruleset, app.game.state)


@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_issue_22_point_10_the_next_step_line_is_drawn_under_the_header(rid: str) -> None:
    app = make_app(memory_game(data_dir(), rid, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.screen.query_one(NextStepLine)
        await until(pilot, lambda: "Next:" in line.render_line(0).text)
        assert line.region.y == 2 and line.size.height in (1, 2)  # the third line of the header (and the fourth for a
        # long step, issue 30 item 9)
        expected = next_step_line(app.game.ruleset, app.game.state)
        assert line.render_line(0).text.strip().removeprefix("▶ Next: ")[:40] == expected[:40]


async def test_issue_22_point_7_after_n_the_screen_lists_what_the_rules_did() -> None:
    app = make_app(awaw_patrols_returning(), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: any("• Returned to base" in n.message for n in app.recent_notices()))
        assert app.game.segment.title.endswith("Patrols and missions return")


async def test_issue_22_point_9_n_lists_the_duties_and_asks_before_leaving() -> None:
    """Logistics: the next turn's required initiative roll unanswered; n lists it and asks before anything changes."""
    from tui.screens.confirm_prompt import ConfirmPrompt

    game = at_next_turn("logistics")
    where = game.segment.key
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
        assert game.segment.key == where  # asked before anything changed
        assert "Still required" in app.screen.text and "answer initiative" in app.screen.text
        app.screen.dismiss(True)
        await until(pilot, lambda: game.segment.key != where)
        assert "undone: answer initiative" in game.events[-1]["summary"]