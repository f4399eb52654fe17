"""The segment checklist of the Phases mode (issue 12, "Nothing hidden"): prompts, duties with their rule, what was done.

Europa contributes its duties (33.A anti-shipping checks due where Italian
interference is active, 33.B.2.b the interference attempt offered, made or
declined, 31.A.1/31.B.2 capacity used per side); every rule set gets the
generic checklist (its prompts, what leaving the segment does, the commands
logged in the segment).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import fixed_clock
from tui.app import make_app
from tui.paths import data_dir
from tui.rules.core.checklist import DONE, DUE, INFO, OPTIONAL, checklist, entry_event, segment_log
from tui.session import memory_game
from tui.widgets.checklist import SegmentChecklist, checklist_text


def europa():
    return memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)


def of(game):
    return checklist(game.ruleset, game.state, game.events)


def duty(c, words: str):
    found = [d for d in c.duties if words in d.text]
    assert found, f"no duty with {words!r} in {[d.text for d in c.duties]}"
    return found[0]


def test_the_prompts_of_the_segment_are_listed_required_and_optional_with_why_not_asked() -> None:
    """Issue 12 checklist: what this segment asks — pending, answered (with the answer), or not asked and why."""
    game = europa()
    asks = {a.id: a for a in of(game).asks}
    assert asks["sea-state"].state == "pending" and not asks["sea-state"].required and asks["sea-state"].rule == "31.A.12"
    mulberry = asks["mulberry-emplacement"]
    assert mulberry.required and mulberry.state == "not asked" and "mulberry-emplacing does not hold" in mulberry.detail
    assert game.execute("answer sea-state rough").ok
    answered = {a.id: a for a in of(game).asks}["sea-state"]
    assert answered.state == "answered" and "rough" in answered.detail.lower()


def test_what_was_done_in_the_segment_is_the_commands_logged_in_it_and_undone_ones_are_not() -> None:
    """Issue 12 checklist: done so far = the applied commands of this segment of this turn, oldest first."""
    game = europa()
    assert game.execute("note one").ok and game.execute("hit Tobruk").ok and game.execute("undo").ok
    assert [d.command for d in of(game).done] == ["note one"]
    assert game.execute("next").ok
    assert of(game).done == ()  # a new segment starts with nothing done
    assert game.execute("use Tripoli 1").ok
    assert [(d.seq, d.command) for d in of(game).done] == [(4, "use Tripoli 1")]


def test_europa_capacity_used_per_side() -> None:
    """Issue 12 checklist, 31.A.1: REs each side put through its ports since its last reinforcement phase."""
    game = europa()
    assert "no port capacity used" in duty(of(game), "Allied:").text
    assert game.execute("use Tripoli 2").ok and game.execute("use Naples 1").ok and game.execute("use Benghazi 1").ok
    axis = duty(of(game), "Axis:")
    assert axis.state == INFO and axis.text.startswith("Axis: 3 REs through 2 port(s)") and "Tripoli 2" in axis.detail
    assert "31.A.1" in axis.rule
    assert duty(of(game), "Allied:").text.startswith("Allied: 1 RE through 1 port(s)")


def test_europa_interference_offered_then_made_and_checks_due_in_its_zones() -> None:
    """Issue 12 checklist, 33.B.2.b and 33.A: the attempt offered (optional: issue 22 point 6), then made (done); Allied checks due in its zones."""
    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    offered = duty(of(game), "interference in the Eastern Mediterranean")
    assert offered.state == OPTIONAL and "offered to the Axis" in offered.text and offered.rule.startswith("33.B.2.b")
    red_sea = duty(of(game), "interference in the Red Sea")
    assert red_sea.state == INFO and "not offered" in red_sea.text and red_sea.detail
    assert game.execute("interfere eastern F").ok
    c = of(game)
    made = duty(c, "interference in the Eastern Mediterranean")
    assert made.state == DONE and "attempted — F" in made.text
    due = duty(c, "faces")
    assert due.state == DUE and "Eastern Mediterranean" in due.text and due.rule.startswith("33.A")
    assert game.execute("check eastern-med allied sp:3 --roll").ok
    assert duty(of(game), "faces").state == DONE and "1 checked" in duty(of(game), "faces").detail
    assert duty(of(game), "checks made this phase").text.endswith("Eastern Mediterranean (allied) 1")


def test_europa_interference_declined_is_shown_done() -> None:
    """Issue 12 checklist, 33.B.2.b: a declined attempt is shown declined, not offered again."""
    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    assert game.execute("answer interference:eastern decline").ok
    declined = duty(of(game), "interference in the Eastern Mediterranean")
    assert declined.state == DONE and "declined" in declined.text


@pytest.mark.parametrize("ruleset", ["ocs", "awaw", "logistics"])
def test_every_rule_set_has_the_generic_checklist(ruleset: str) -> None:
    """Issue 12 checklist: prompts (required marked), what leaving does, and what was done, in every rule set."""
    game = memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock)
    c = of(game)
    assert c.asks and any(a.required for a in c.asks) or ruleset == "ocs"
    assert game.execute("note here").ok
    c = of(game)
    assert [d.command for d in c.done] == ["note here"]
    text = checklist_text(c).plain
    assert "What this segment asks" in text and "Duties of the rules" in text and "#1 note here" in text


def test_leaving_effects_are_listed_with_their_rule() -> None:
    """Issue 12 checklist: what leaving the segment does (its exit effects), with the rule."""
    game = europa()
    assert game.execute("goto reinforcement").ok
    leaving = of(game).leaving
    assert any("remove usage markers" in d.text for d in leaving)


async def test_the_phases_mode_shows_the_checklist_and_follows_the_game() -> None:
    """Issue 12 checklist, pilot: the Phases mode shows it; a command typed at the command line appears under done."""
    game = europa()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(SegmentChecklist)
        assert "sea-state" in str(widget.render()) and "nothing logged here yet" in str(widget.render())
        await pilot.press("colon")
        await pilot.pause()
        for key in "use Tripoli 2":
            await pilot.press({" ": "space"}.get(key, key))
        await pilot.press("enter")
        for _ in range(100):
            if game.events and "use Tripoli 2" in str(app.screen.query_one(SegmentChecklist).render()):
                break
            await pilot.pause(0.02)
        shown = str(app.screen.query_one(SegmentChecklist).render())
        assert "#1 use Tripoli 2" in shown and "Axis: 2 REs through 1 port(s)" in shown


@pytest.mark.parametrize("ruleset, target, words, rule", [
    ("ocs", "move", "Axis Sea Cap this turn: 0 used of 2 SP", "19.0f"),
    ("ocs", "move", "No port capacity used this phase", "19.0a"),
    ("awaw", "overstacking", "No base is overstacked", "21.112"),
    ("logistics", "next-turn;produce", "Cities with factories that may still produce: Portsea", "Factories ¶3"),
    ("logistics", "produce", "No production this turn", "RULINGS L3"),  # turn 1 has none (issue 22 point 13)
])
def test_other_rule_sets_contribute_their_cheap_duties(ruleset: str, target: str, words: str, rule: str) -> None:
    """Issue 12 checklist: OCS port capacity and Sea Cap (19.0a, 19.0f), AWAW overstacking (21.112), Logistics production."""
    game = memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock)
    for segment in target.split(";"):  # Logistics: turn 2 is its first production turn
        assert game.execute(f"goto {segment} --force").ok
    found = duty(of(game), words)
    assert found.rule == rule


def test_ocs_port_capacity_used_this_phase_is_listed() -> None:
    """Issue 12 checklist, OCS 19.0a: unloading at a port shows what of its capacity was used this phase."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    assert game.execute("goto move --force").ok and game.execute("unload Tripoli 2SP").ok
    assert duty(of(game), "Port capacity used this phase").text.startswith("Port capacity used this phase: Tripoli 2")


def test_europa_axis_checks_due_in_a_declared_interdiction_zone() -> None:
    """Issue 12 checklist, 33.B.7 b): while the zone exists, Axis shipping in it is checked as a separate sea zone."""
    from msgspec.structs import replace

    from tui.rules.europa.seaworld import InterdictionZone

    game = europa()
    world = game.state.world
    state = game.state.with_world(replace(world, sea=replace(world.sea, iz=InterdictionZone("tight", game.state.flow.turn))))
    due = duty(checklist(game.ruleset, state, []), "interdiction zone")
    assert due.state == DUE and "tight" in due.text and due.rule == "33.A; 33.B.7 b)"


def test_a_long_segment_lists_its_newest_commands_and_counts_the_earlier_ones() -> None:
    """Issue 12 (checklist, start-up): a segment with many commands lists the newest 12 and counts the rest, so a long
    game's Phases mode does not draw its whole log."""
    game = europa()
    for n in range(15):
        assert game.execute(f"note n{n}").ok
    c = of(game)
    assert len(c.done) == 15
    text = checklist_text(c).plain
    assert "Done in this segment (15)" in text and "… 3 earlier" in text
    assert "note n2 " not in text and "note n3 " in text and "note n14 " in text


def test_a_segment_of_many_commands_carries_the_newest_and_counts_them_all() -> None:
    """Issue 12 (start-up): the checklist of a segment with more commands than it carries keeps the newest
    DONE_KEPT (oldest first) and the full count, so opening a long game builds a hundred entries, not thousands."""
    from tui.rules.core.checklist import DONE_KEPT

    game = europa()
    for n in range(DONE_KEPT + 30):
        assert game.execute(f"note m{n}").ok
    c = of(game)
    assert c.done_count == DONE_KEPT + 30
    assert [d.command for d in c.done] == [f"note m{n}" for n in range(30, DONE_KEPT + 30)]
    text = checklist_text(c).plain
    assert f"Done in this segment ({DONE_KEPT + 30})" in text and f"… {DONE_KEPT + 30 - 12} earlier" in text


def _asks(c) -> list[tuple[str, bool, str, str, str]]:
    return [(a.id, a.required, a.state, a.rule, a.detail) for a in c.asks]


def test_each_prompt_of_the_segment_is_listed_once_with_its_state_rule_and_why() -> None:
    """Issue 12 checklist (31.A.12, 33.B.2.b, 33.B.7, 33.B.8.b): every declared prompt once, in the sequence's order,
    with its own text, whether it is required, its state, its rule and why it was not asked (the condition named)."""
    game = europa()
    c = of(game)
    assert _asks(c) == [
        ("sea-state", False, "pending", "31.A.12", ""),
        ("mulberry-emplacement", True, "not asked", "31.A.12 Table 2", "mulberry-emplacing does not hold"),
        ("interference:eastern", False, "not asked", "33.B.2.b, 33.B.7.a", "italian-interference:eastern does not hold"),
        ("interference:red-sea", False, "not asked", "33.B.8.b", "italian-interference:red-sea does not hold"),
        ("interdiction-zone", False, "not asked", "33.B.7", "interdiction-zone-offered does not hold"),
    ]
    assert [a.text for a in c.asks] == [spec.text for spec in c.segment.prompts]
    assert game.execute("answer sea-state rough").ok
    answered = of(game).asks[0]
    assert (answered.state, answered.detail) == ("answered", "Sea conditions this turn: rough (31.A.12)")
    assert answered.text == c.asks[0].text and answered.rule == "31.A.12" and answered.required is False


def test_a_prompt_settled_without_an_answer_says_so() -> None:
    """Issue 12 checklist: a declared prompt neither pending nor answered whose condition holds (or that has none) was
    settled another way; one whose condition does not hold says which condition."""
    from msgspec.structs import replace

    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    state = replace(game.state, flow=replace(game.state.flow, pending=()))  # the offered attempt no longer pending
    asks = {a.id: a for a in checklist(game.ruleset, state, game.events).asks}
    assert asks["interference:eastern"].state == "not asked"
    assert asks["interference:eastern"].detail == "settled another way"  # its condition (offered) holds
    assert asks["interference:red-sea"].detail == "italian-interference:red-sea does not hold"
    first = europa()
    state = replace(first.state, flow=replace(first.state.flow, pending=()))
    sea = {a.id: a for a in checklist(first.ruleset, state, first.events).asks}["sea-state"]
    assert (sea.state, sea.detail) == ("not asked", "settled another way")  # no condition at all


def test_a_result_letter_answers_its_prompt_in_the_checklist() -> None:
    """Issue 12 checklist with RULINGS E22 (33.B.2.b): 'result PROMPT LETTER' (the real chart's letter) answers the
    interference prompt as 'answer' does, and the checklist shows what it did."""
    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    assert game.execute("result interference:eastern F").ok
    ask = {a.id: a for a in of(game).asks}["interference:eastern"]
    assert ask.state == "answered" and ask.required is False
    assert ask.detail == "Italian naval interference, Eastern Mediterranean and Aegean Sea: F Failure — minor interference (33.B.2.b)"


def test_a_prompt_raised_by_a_command_is_listed_after_the_declared_ones() -> None:
    """Issue 12 checklist with 31.B.4: landing supply on a beach asks about the partial ZOC; the checklist lists that
    question (its text, required, rule) after the segment's own, once, as raised by a command."""
    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    assert game.execute("land Sollum 1 4 --supply").ok
    c = of(game)
    declared = [spec.id for spec in c.segment.prompts]
    assert [a.id for a in c.asks][: len(declared)] == declared
    raised = c.asks[len(declared):]
    assert _asks(c)[len(declared):] == [("zoc-1:sollum-beach", True, "pending", "31.B.4", "raised by a command")]
    assert raised[0].text.startswith("4 SP/SRP points landed at Sollum beach")


def test_what_was_done_carries_each_command_with_its_result_and_side() -> None:
    """Issue 12 checklist: each command done in the segment with its number, result and the side that acted; a log
    entry without a result or side (a save written before they were kept) shows them blank."""
    from tui.rules.core.checklist import Done

    game = europa()
    assert game.execute("answer sea-state rough").ok
    assert of(game).done == (Done(1, "answer sea-state rough", "Sea conditions this turn: rough (31.A.12)", "axis"),)
    bare = [{k: v for k, v in e.items() if k not in ("summary", "actor")} for e in game.events]
    c = checklist(game.ruleset, game.state, bare)
    assert c.done == (Done(1, "answer sea-state rough", "", ""),) and c.done_count == 1
    assert c.asks[0].detail == ""  # answered, but the log kept no result to show


def test_leaving_a_segment_lists_each_exit_effect_with_its_rule_as_information() -> None:
    """Issue 12 checklist (31.A.1, 31.A.8, 31.A.12): what leaving the segment does, with its rule, not a duty to do."""
    from tui.rules.core.checklist import Duty

    game = europa()
    assert of(game).leaving == (Duty("on leaving: advance naval steps", "31.A.8; 31.A.12", INFO),)
    assert game.execute("goto reinforcement").ok
    c = of(game)
    assert c.leaving == (Duty("on leaving: remove usage markers", "31.A.1", INFO),)
    assert c.segment.key == "axis-turn/reinforcement"


def test_a_prompt_settled_by_its_own_verb_is_answered_without_an_answer_to_show() -> None:
    """Issue 12 checklist, 33.B.2.b: 'interfere eastern F' settles the offered attempt (the prompt is answered) but is
    not an answer command: the checklist shows it answered with nothing quoted (the duty shows the attempt)."""
    game = europa()
    assert game.execute("goto allied-turn/initial/initial-naval --force").ok
    assert game.execute("interfere eastern F").ok
    ask = {a.id: a for a in of(game).asks}["interference:eastern"]
    assert (ask.state, ask.detail) == ("answered", "")


def test_a_prompt_asked_per_city_lists_each_city_and_what_leaving_does() -> None:
    """Issue 21 point 3, Factories ¶6: End of production asks each city with a choice of factory which one grows (one
    prompt per city, required), shows each answered one with what it did, and says leaving grows the cities."""
    from logistics_game import PRODUCTION_TURN, at, logistics_game

    game = at(logistics_game(), PRODUCTION_TURN, "production-end")
    c = of(game)
    assert [(a.id, a.required, a.state, a.detail) for a in c.asks] == [
        ("grow-1103", True, "pending", ""), ("grow-1602", True, "pending", "")]
    assert c.asks[0].text.startswith("Wexham (1103) grows by 1 PP")
    assert [d.text for d in c.leaving] == ["on leaving: growth", "on leaving: end turn"]
    assert game.execute("answer grow-1602 air").ok
    asks = {a.id: a for a in of(game).asks}
    assert asks["grow-1602"].state == "answered" and "Air Factory" in asks["grow-1602"].detail
    none = of(at(logistics_game(), 1, "production-end")).asks
    assert [(a.id, a.state, a.detail) for a in none] == [("grow", "not asked", "production-turn does not hold")]


def _reference_segment_events(events: list[dict[str, Any]], turn: str, key: str) -> list[dict[str, Any]]:
    found = []
    for event in reversed(events):
        if event.get("status") != "applied":
            continue
        if event.get("turn") != turn or event.get("segment") != key:
            break
        found.append(event)
    return found[::-1]


def _reference_entry(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    for event in reversed(events):
        command = event.get("command")
        if type(command) is str and event.get("status") == "applied" and command.split(" ", 1)[0] in ("next", "goto"):
            return event
    return None


_logged = st.fixed_dictionaries({
    "status": st.sampled_from(["applied", "applied", "undone", "abandoned"]),
    "turn": st.sampled_from(["T1", "T2"]),
    "segment": st.sampled_from(["a", "b"]),
    "command": st.sampled_from(["next", "goto b", "nextish", "note next", "answer x 1", "result y A", "hit Tobruk",
                                "next --force", "goto"]),
})


@settings(max_examples=400, deadline=None)
@given(events=st.lists(_logged, max_size=12), turn=st.sampled_from(["T1", "T2"]), key=st.sampled_from(["a", "b"]))
def test_issue19_one_read_of_the_log_finds_the_segment_and_its_entry(events: list[dict[str, Any]], turn: str,
                                                                     key: str) -> None:
    """Issue 19 (the Phases mode reads a long log once): the segment's events and the entry (the newest applied next or
    goto) found together are exactly those the two reads from the end found apart, undone and abandoned events and
    look-alike commands included."""
    events = [{**e, "seq": n} for n, e in enumerate(events, start=1)]
    done, entry, commands = segment_log(events, turn, key)
    assert done == _reference_segment_events(events, turn, key)
    assert entry is _reference_entry(events) and entry_event(events) is entry
    assert commands == [e["command"] for e in done]
