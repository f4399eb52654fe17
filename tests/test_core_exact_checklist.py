"""Exact outcomes of the generic segment checklist (tui/rules/core/checklist.py) on hand-made inputs.

A small rule set of three segments is built here from a sequence table (no app, no save): its prompts (one asked
per item, plain ones, required and optional, with and without a rule or a condition), its exit effects and its
duties are chosen so that every line the checklist, the next-step line (issue 22 point 10) and the gate's list of
what is still required (issue 22 point 9) give can be compared whole. The log readers (``segment_events``,
``segment_log``, ``entry_event``) are fed hand-made logs: undone and abandoned events, other turns and segments,
``goto`` with its options, and logs with no ``next`` at all.
"""

from __future__ import annotations

from typing import Any

import pytest

from tui.rules.core.checklist import (DONE, DUE, INFO, OPTIONAL, Ask, Checklist, Done, Duty, _answers, checklist,
                                      due_duties, duty_line, entry_event, next_step, segment_events, segment_log,
                                      still_required)
from tui.rules.core.phases import BoundEffect, Segment, build_sequence
from tui.rules.core.ruleset import RuleSet
from tui.rules.core.state import Flow, GameState, Pending

GROW = {"id": "grow", "text": "Which factory grows", "kind": "choice", "required": True, "rule": "F6",
        "when": "producing", "each": "cities"}
SEA = {"id": "sea", "text": "Sea conditions", "kind": "choice", "rule": "31.A.12"}
SUPPLY = {"id": "supply-check", "text": "Is every unit traced", "kind": "confirm", "required": True,
          "when": "never"}
LOOSE = {"id": "tally", "text": "Each tally", "kind": "number", "each": "tallies"}

SEQUENCE = build_sequence({
    "root": "turn",
    "calendar": "number",
    "steps": {
        "turn": {"name": "Game turn", "children": ["production", "supply", "end"]},
        "production": {"name": "Production phase", "side": "axis", "prompts": [GROW, SEA, SUPPLY],
                       "on_exit": [{"effect": "grow-cities", "rule": "F6"}, {"effect": "end-turn"}]},
        "supply": {"name": "Supply phase", "side": "axis", "prompts": [LOOSE]},
        "end": {"name": "End phase"},
    },
}, "test.toml")

DUTIES: list[Any] = []
"""The duties the hand-made rule set gives in every segment (a test sets them)."""


def _producing(state: GameState, seg: Segment) -> bool:
    """A condition that reads its segment: it holds in the production segment while the game setting says so."""
    return seg.key == "production" and state.settings.get("producing") == "yes"


RULESET = RuleSet(id="hand", name="Hand-made", sides=("axis", "allied"), sequence=SEQUENCE, verbs={},
                  conditions={"producing": _producing, "never": lambda state, seg: False},
                  duties=lambda state, seg: list(DUTIES))


@pytest.fixture(autouse=True)
def _no_duties() -> Any:
    """Every test starts with a rule set that sets no duty."""
    DUTIES.clear()
    yield
    DUTIES.clear()


def state(index: int = 0, pending: tuple[Pending, ...] = (), answered: tuple[str, ...] = (),
          producing: bool = False) -> GameState:
    """Game turn 3 (``Turn 3``) at segment ``index`` of the hand-made sequence."""
    return GameState(Flow(3, index, pending, answered), None, {"producing": "yes" if producing else "no"})


def prompt(pid: str, text: str, required: bool = False, rule: str = "") -> Pending:
    """A pending prompt."""
    return Pending(pid, text, "choice", required=required, rule=rule)


def event(seq: int, command: str, status: str = "applied", turn: str = "Turn 3", segment: str = "production",
          **more: Any) -> dict[str, Any]:
    """A logged event as the save keeps it (only the keys the checklist reads, and those given)."""
    return {"seq": seq, "turn": turn, "segment": segment, "command": command, "status": status, **more}


# --- the log readers ----------------------------------------------------------------------------------------------

def test_segment_events_are_the_applied_events_of_this_segment_and_turn_since_another_was_logged() -> None:
    """Issue 12 checklist ("done so far"): the applied events of the segment of this turn, oldest first; undone and
    abandoned ones are skipped wherever they are; the read stops at the newest applied event of another segment or
    turn, so an earlier visit of the same segment is not counted."""
    log = [event(1, "note old"),  # the same segment, an earlier visit
           event(2, "next", segment="supply"),
           event(3, "note mine"),
           event(4, "hit Tobruk", status="undone"),
           event(5, "note also"),
           event(6, "use Naples 1", status="abandoned", turn="Turn 2")]
    assert segment_events(log, "Turn 3", "production") == [log[2], log[4]]
    assert segment_events(log, "Turn 3", "supply") == []  # the newest applied event is of another segment
    assert segment_events(log, "Turn 2", "production") == []  # same segment, another turn
    assert segment_events(log[:1] + log[3:], "Turn 3", "production") == [log[0], log[4]]  # the whole log is its
    assert segment_events([], "Turn 3", "production") == []


def test_the_entry_is_the_newest_applied_next_or_goto_whatever_its_options() -> None:
    """Issue 19 / issue 22 point 7 (what entered the segment): the newest applied ``next`` or ``goto`` of the log,
    a ``goto`` with a target and ``--force`` included; undone steps, look-alike verbs and a ``next`` in a note are
    not steps; a log without one has no entry."""
    log = [event(1, "next", segment="supply"),
           event(2, "goto production/x --force", segment="end"),
           event(3, "next --gate", status="undone"),
           event(4, "nextish turn"),
           event(5, "note next goto"),
           event(6, "goto", status="abandoned")]
    assert entry_event(log) is log[1]
    assert entry_event(log[:1]) is log[0]
    assert entry_event(log[2:]) is None
    assert entry_event([]) is None
    done, entry, commands = segment_log(log, "Turn 3", "production")
    assert (done, entry, commands) == ([log[3], log[4]], log[1], ["nextish turn", "note next goto"])


def test_segment_log_takes_a_step_logged_in_the_segment_itself_before_any_older_one() -> None:
    """Issue 19 (one read of the log's end): a ``goto`` with options logged among the segment's own events is the
    entry, before the ``next`` logged in the segment before; without any, the entry is looked for before the segment
    (an undone ``next`` after it does not count); a log of one segment with no step has none."""
    log = [event(1, "next", segment="supply"),
           event(2, "goto production/again --force"),
           event(3, "note after"),
           event(4, "next", status="undone")]
    assert segment_log(log, "Turn 3", "production") == (log[1:3], log[1], ["goto production/again --force",
                                                                             "note after"])
    plain = [log[0], log[2], log[3]]
    assert segment_log(plain, "Turn 3", "production") == ([log[2]], log[0], ["note after"])
    alone = [log[2], log[3]]
    assert segment_log(alone, "Turn 3", "production") == ([log[2]], None, ["note after"])
    assert segment_log([], "Turn 3", "production") == ([], None, [])


def test_answers_maps_each_answered_prompt_to_its_result_from_the_commands_of_the_segment() -> None:
    """Issue 12 checklist, RULINGS E22: ``answer PROMPT VALUE`` and ``result PROMPT LETTER`` answer a prompt (its id
    in lower case, the newest wins); other commands, even one that mentions an answer, do not; an answer logged
    without a result maps to empty text. The commands are read from the events unless given."""
    done = [event(1, "answer Sea rough", summary="Sea: rough"),
            event(2, "note answer sea calm", summary="Note"),
            event(3, "result interference:eastern F", summary="F Failure"),
            event(4, "answer grow-3 air"),
            event(5, "answer sea calm", summary="Sea: calm")]
    expected = {"sea": "Sea: calm", "interference:eastern": "F Failure", "grow-3": ""}
    assert _answers(done) == expected
    assert _answers(done, [e["command"] for e in done]) == expected
    assert _answers([]) == {}


# --- the checklist ------------------------------------------------------------------------------------------------

def test_a_prompt_asked_per_item_lists_each_item_pending_or_answered_then_the_other_prompts() -> None:
    """Issue 21 point 3 (Factories ¶6: one prompt per city) and issue 12 checklist: each item's prompt pending (its
    own text, requirement and rule) or answered (the declared text, requirement and rule, with its answer, or
    nothing quoted when another verb settled it), then the segment's other prompts in order, then a prompt raised by
    a command; exit effects and the segment's commands as logged, with what entered it."""
    pending = (prompt("grow-1", "Wexham grows", True, "F6 city"), prompt("Grow-2", "Portsea grows"),
               prompt("sea", "Sea conditions", rule="31.A.12"), prompt("zoc-1", "Partial ZOC", True, "31.B.4"))
    log = [event(1, "next", segment="end", turn="Turn 2", summary="→ Turn 3"),
           event(2, "answer GROW-3 air", summary="Air Factory", actor="axis"),
           event(3, "hit Tobruk", status="undone")]
    st = state(pending=pending, answered=("grow-3", "Grow-4"))
    c = checklist(RULESET, st, log)
    assert c == Checklist(
        SEQUENCE.at(0),
        (Ask("grow-1", "Wexham grows", True, "pending", "F6 city"),
         Ask("Grow-2", "Portsea grows", False, "pending", ""),
         Ask("grow-3", "Which factory grows", True, "answered", "F6", "Air Factory"),
         Ask("Grow-4", "Which factory grows", True, "answered", "F6", ""),
         Ask("sea", "Sea conditions", False, "pending", "31.A.12"),
         Ask("supply-check", "Is every unit traced", True, "not asked", "", "never does not hold"),
         Ask("zoc-1", "Partial ZOC", True, "pending", "31.B.4", "raised by a command")),
        (),
        (Duty("on leaving: grow cities", "F6", INFO), Duty("on leaving: end turn", "", INFO)),
        (Done(2, "answer GROW-3 air", "Air Factory", "axis"),),
        1,
        log[0])
    assert c.entry is log[0]


def test_a_prompt_asked_per_item_with_no_item_says_why_none_was_asked() -> None:
    """Issue 21 point 3 (Factories ¶6): where no item was asked, the prompt is listed once, not asked, with its
    declared text, requirement and rule: its condition named when it does not hold (the condition is given the
    segment), else nothing to ask; a prompt per item without a condition has nothing to ask."""
    not_producing = checklist(RULESET, state(), [])
    assert not_producing.asks[0] == Ask("grow", "Which factory grows", True, "not asked", "F6", "producing does not hold")
    assert not_producing.asks[1] == Ask("sea", "Sea conditions", False, "not asked", "31.A.12", "settled another way")
    assert not_producing.entry is None and not_producing.done == () and not_producing.done_count == 0
    producing = checklist(RULESET, state(producing=True), [])
    assert producing.asks[0] == Ask("grow", "Which factory grows", True, "not asked", "F6", "nothing to ask")
    loose = checklist(RULESET, state(1), [])
    assert loose.asks == (Ask("tally", "Each tally", False, "not asked", "", "nothing to ask"),)
    assert loose.leaving == ()


def test_the_checklist_carries_the_duties_the_rule_set_gives_in_order() -> None:
    """Issue 12 checklist: the rule set's duties of the segment, every state kept, in the rule set's order."""
    DUTIES.extend([Duty("Check cargo", "33.A", DUE, "2 of 3 checked"), Duty("Capacity", "31.A.1", INFO)])
    assert checklist(RULESET, state(2), []).duties == tuple(DUTIES)


# --- what is due, in one line -------------------------------------------------------------------------------------

def test_duty_line_is_the_text_then_what_is_left_then_the_rule() -> None:
    """Issue 22 points 9 and 10: a duty in one line, its detail after a dash and its rule in brackets, each left
    out when empty."""
    assert duty_line(Duty("Check cargo", "33.A", DUE, "2 of 3 checked")) == "Check cargo — 2 of 3 checked (33.A)"
    assert duty_line(Duty("Check cargo", "33.A")) == "Check cargo (33.A)"
    assert duty_line(Duty("Check cargo", detail="2 of 3 checked")) == "Check cargo — 2 of 3 checked"
    assert duty_line(Duty("Check cargo")) == "Check cargo"


def test_due_duties_are_only_those_still_due() -> None:
    """Issue 22 point 6: only duties still due count (not done, information or an optional attempt); a rule set's
    duty without a state is not due."""
    cargo, stack = Duty("Check cargo", "33.A"), Duty("Overstacked", "21.112", DUE, "Malta")
    DUTIES.extend([Duty("Made", "33.B", DONE), cargo, Duty("Capacity", "31.A.1", INFO),
                   Duty("Offered", "33.B.2.b", OPTIONAL), "a bare line", stack])
    assert due_duties(RULESET, state(2)) == [cargo, stack]


def test_still_required_lists_the_required_prompts_then_the_due_duties() -> None:
    """Issue 22 point 9: what leaving would skip: each pending required prompt (id, text, rule when it has one), in
    order, then each due duty's line; optional prompts and duties not due are not listed."""
    DUTIES.extend([Duty("Check cargo", "33.A", DUE, "2 of 3 checked"), Duty("Capacity", "31.A.1", INFO)])
    pending = (prompt("a", "First", True, "1.1"), prompt("b", "Optional"), prompt("c", "Third", True))
    assert still_required(RULESET, state(pending=pending)) == [
        "answer a: First (1.1)", "answer c: Third", "Check cargo — 2 of 3 checked (33.A)"]
    DUTIES.clear()
    assert still_required(RULESET, state(pending=pending[1:2])) == []


def test_next_step_names_the_side_and_the_first_required_prompt_and_counts_the_rest() -> None:
    """Issue 22 point 10: the first required prompt, with its rule, counting the other required prompts and due
    duties; the acting side's name, or both sides when none is given."""
    DUTIES.append(Duty("Check cargo", "33.A"))
    pending = (prompt("opt", "Optional"), prompt("a", "First", True, "1.1"), prompt("c", "Third", True))
    assert next_step(RULESET, state(pending=pending), "axis") == "Axis: answer a: First (1.1) (+2 more), then n"
    assert next_step(RULESET, state(pending=pending)) == "Both sides: answer a: First (1.1) (+2 more), then n"
    DUTIES.clear()
    assert next_step(RULESET, state(pending=pending), "allied") == "Allied: answer a: First (1.1) (+1 more), then n"
    assert next_step(RULESET, state(pending=pending[2:])) == "Both sides: answer c: Third, then n"


def test_next_step_names_the_first_due_duty_when_no_prompt_is_required() -> None:
    """Issue 22 point 10: without a required prompt, the first duty still due (its whole line), counting the others;
    optional prompts wait."""
    DUTIES.extend([Duty("Done", "1", DONE), Duty("Check cargo", "33.A", DUE, "2 of 3 checked"),
                   Duty("Overstacked", "21.112")])
    pending = (prompt("opt", "Optional"),)
    assert next_step(RULESET, state(pending=pending), "axis") == (
        "Axis: Check cargo — 2 of 3 checked (33.A) (+1 more), then n")
    DUTIES.pop()
    assert next_step(RULESET, state(pending=pending)) == "Both sides: Check cargo — 2 of 3 checked (33.A), then n"


def test_next_step_offers_an_optional_prompt_then_n_to_the_following_segment() -> None:
    """Issue 22 points 6 and 10: with nothing required or due, the first optional prompt, counting the others, or n
    and the title of the segment it leads to."""
    first, second, third = prompt("x", "Sea conditions", rule="31.A.12"), prompt("y", "Tow"), prompt("z", "Other")
    assert next_step(RULESET, state(pending=(first,)), "axis") == "Axis: may answer x: Sea conditions; or n → Supply phase"
    assert next_step(RULESET, state(1, pending=(first, second))) == (
        "Both sides: may answer x: Sea conditions (+1 more); or n → End phase")
    assert next_step(RULESET, state(pending=(first, second, third))) == (
        "Both sides: may answer x: Sea conditions (+2 more); or n → Supply phase")


def test_next_step_with_nothing_asked_leads_to_the_following_segment_wrapping_into_the_next_turn() -> None:
    """Issue 22 point 10: nothing required: play the segment, then n to the following segment; from the last
    segment of the turn n leads to the first one of the next."""
    assert next_step(RULESET, state(0), "axis") == "Nothing the rules require here: play the segment, then n → Supply phase"
    assert next_step(RULESET, state(1)) == "Nothing the rules require here: play the segment, then n → End phase"
    assert next_step(RULESET, state(2)) == "Nothing the rules require here: play the segment, then n → Production phase"


def test_the_hand_made_sequence_is_as_the_tests_read_it() -> None:
    """The inputs of the tests above (issue 12 checklist, Factories ¶6): three segments, the production one with its
    prompts in order and its two exit effects, each bound to its side and with its rule where it has one."""
    assert [s.key for s in SEQUENCE.segments] == ["production", "supply", "end"]
    assert [p.id for p in SEQUENCE.at(0).prompts] == ["grow", "sea", "supply-check"]
    assert SEQUENCE.at(0).exit == (BoundEffect("grow-cities", "axis", "production", "F6"),
                                   BoundEffect("end-turn", "axis", "production"))
