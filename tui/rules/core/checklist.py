"""The checklist of a segment: what it asks, the duties its rules set, and what was done in it so far.

Pure: built from the rule set, the state and the event log (plain dicts).
Every rule set gets the generic part — the segment's prompts (required and
optional; pending, answered, skipped or not asked and why), the effects run on
leaving it, and the commands logged in it — and adds its own duties through
``RuleSet.duties`` (the anti-shipping checks due, an interference attempt
offered or declined, the capacity each side used).
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Sequence

import msgspec

from .phases import Segment, turn_label
from .state import GameState

if TYPE_CHECKING:
    from .ruleset import RuleSet

DUE, DONE, INFO, OPTIONAL = "due", "done", "info", "optional"
"""A duty's state: still to do, done, a figure to know, or something the rules offer and the players may leave (an
optional attempt: never listed as still required when a segment is left; issue 22 point 6)."""
DONE_KEPT = 100
"""The newest commands of the segment a checklist carries; the others are only counted (the log has them all)."""
TURN_STEPS = ("next", "goto")
"""The verbs that enter a segment: the newest applied one is what "happened on entry" (:func:`entry_event`)."""
_ANSWERS = ("answer ", "result ")
_COMMAND = itemgetter("command")


class Duty(msgspec.Struct, frozen=True):
    """One thing the rules ask of the referee in this segment, with its rule."""

    text: str
    rule: str = ""
    state: str = DUE
    """``due``, ``done``, ``info`` or ``optional`` (:data:`DUE`, :data:`DONE`, :data:`INFO`, :data:`OPTIONAL`)."""
    detail: str = ""
    """What is left or how it was done (``2 of 3 checked``)."""


class Ask(msgspec.Struct, frozen=True):
    """A prompt of the segment, declared by the sequence or raised by a command, and where it stands."""

    id: str
    text: str
    required: bool
    state: str
    """``pending``, ``answered`` or ``not asked``."""
    rule: str = ""
    detail: str = ""
    """The answer logged, or why it was not asked."""


class Done(msgspec.Struct, frozen=True):
    """A command logged in the segment."""

    seq: int
    command: str
    summary: str
    actor: str = ""


class Checklist(msgspec.Struct, frozen=True):
    """Everything :func:`checklist` found for the current segment."""

    segment: Segment
    asks: tuple[Ask, ...]
    duties: tuple[Duty, ...]
    leaving: tuple[Duty, ...]
    """What leaving the segment does (its exit effects), for the referee to expect."""
    done: tuple[Done, ...]
    """The segment's newest commands, oldest first: at most :data:`DONE_KEPT` of them."""
    done_count: int = 0
    """How many commands the segment logged in all."""
    entry: dict[str, Any] | None = None
    """The newest applied ``next`` or ``goto`` of the log (:func:`entry_event` of the same events), found on the same
    read of the log's end: what entered the segment, or None if nothing did yet."""


def segment_events(events: Sequence[dict[str, Any]], turn: str, key: str) -> list[dict[str, Any]]:
    """The applied events logged in segment ``key`` of game turn ``turn`` (labels as the log keeps them), oldest first.

    Only the end of the log is read: the commands of the current segment are
    its last applied ones.
    """
    return _segment_run(events, turn, key)[0]


def _segment_run(events: Sequence[dict[str, Any]], turn: str, key: str) -> tuple[list[dict[str, Any]], int]:
    """:func:`segment_events`, and the index of the event the read stopped at (the newest applied event of another
    segment), or -1 if the whole log was read."""
    found: list[dict[str, Any]] = []
    stop = len(events)
    for event in reversed(events):
        stop -= 1
        if event.get("status") != "applied":
            continue
        if event.get("turn") != turn or event.get("segment") != key:
            break
        found.append(event)
    else:
        stop = -1
    found.reverse()
    return found, stop


def entry_event(events: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest applied ``next`` or ``goto`` event: what entered the current segment (read from the end)."""
    for event in reversed(events):
        command = event.get("command")
        if (type(command) is str and event.get("status") == "applied"
                and command.split(" ", 1)[0] in TURN_STEPS):
            return event
    return None


def segment_log(events: Sequence[dict[str, Any]], turn: str,
                key: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None, list[str]]:
    """One read of the log's end: :func:`segment_events`, :func:`entry_event` and the commands of the segment's events.

    The entry is usually the event just before the segment's (the ``next`` that
    left the segment before), so a long segment is read once, not once for each.
    """
    done, stop = _segment_run(events, turn, key)
    commands = list(map(_COMMAND, done))  # text: the save check makes every command text
    entry = _turn_steps(done, commands) or entry_event(events[:stop + 1])  # the log before the segment, if need be
    return done, entry, commands


def _turn_steps(done: list[dict[str, Any]], commands: list[str]) -> dict[str, Any] | None:
    """The newest ``next`` or ``goto`` among ``done`` (applied events, with their ``commands``), if any."""
    for i in reversed(list(compress(range(len(done)), map(str.startswith, commands, repeat(TURN_STEPS))))):
        if commands[i].split(" ", 1)[0] in TURN_STEPS:
            return done[i]
    return None


def _answers(done: list[dict[str, Any]], commands: list[str] | None = None) -> dict[str, str]:
    """Prompt id (lower case) -> the summary of the command that answered it in this segment.

    A prompt is answered by ``answer PROMPT VALUE`` or, where a rule set has it,
    ``result PROMPT LETTER`` (a SUCCESS TABLE letter read on the real
    chart). The log keeps commands canonical (the verb in lower case, one space)
    and the save check makes ``command`` text; most commands of a segment are
    not answers and are not split at all (``commands``: those of ``done``).
    """
    if commands is None:
        commands = list(map(_COMMAND, done))
    out: dict[str, str] = {}
    for event in compress(done, map(str.startswith, commands, repeat(_ANSWERS))):
        out[event["command"].split()[1].lower()] = event.get("summary", "")
    return out


def checklist(ruleset: RuleSet, state: GameState, events: Sequence[dict[str, Any]]) -> Checklist:
    """The checklist of the current segment of ``state``."""
    seg = ruleset.sequence.at(state.flow.index)
    done, entry, commands = segment_log(events, turn_label(ruleset.sequence.calendar, state.flow.turn), seg.key)
    answers = _answers(done, commands)
    pending = {p.id.lower(): p for p in state.flow.pending}
    answered = {a.lower() for a in state.flow.answered}
    asks: list[Ask] = []
    declared = {spec.id.lower() for spec in seg.prompts}
    for spec in seg.prompts:
        pid = spec.id.lower()
        if spec.each:  # asked once per item (``ID-ITEM``): each one pending or answered, else why none was asked
            mine = [p for p in state.flow.pending if p.id.lower().startswith(f"{pid}-")]
            done_ids = [a for a in state.flow.answered if a.lower().startswith(f"{pid}-")]
            asks.extend(Ask(p.id, p.text, p.required, "pending", p.rule) for p in mine)
            asks.extend(Ask(a, spec.text, spec.required, "answered", spec.rule, answers.get(a.lower(), "")) for a in done_ids)
            declared.update(p.id.lower() for p in mine)
            if not mine and not done_ids:
                cond = ruleset.conditions.get(spec.when)
                why = f"{spec.when} does not hold" if cond is not None and not cond(state, seg) else "nothing to ask"
                asks.append(Ask(spec.id, spec.text, spec.required, "not asked", spec.rule, why))
            continue
        if pid in pending:
            asks.append(Ask(spec.id, spec.text, spec.required, "pending", spec.rule))
        elif pid in answered:
            asks.append(Ask(spec.id, spec.text, spec.required, "answered", spec.rule, answers.get(pid, "")))
        else:
            cond = ruleset.conditions.get(spec.when)  # none for a prompt without a condition (``when`` empty)
            why = f"{spec.when} does not hold" if cond is not None and not cond(state, seg) else "settled another way"
            asks.append(Ask(spec.id, spec.text, spec.required, "not asked", spec.rule, why))
    for p in state.flow.pending:
        if p.id.lower() not in declared:
            asks.append(Ask(p.id, p.text, p.required, "pending", p.rule, "raised by a command"))
    duties = tuple(ruleset.duties(state, seg))
    leaving = tuple(Duty(f"on leaving: {eff.effect.replace('-', ' ')}", eff.rule, INFO) for eff in seg.exit)
    logged = tuple(Done(e["seq"], e["command"], e.get("summary", ""), e.get("actor", ""))  # seq and command: the save check
                   for e in done[-DONE_KEPT:])
    return Checklist(seg, tuple(asks), duties, leaving, logged, len(done), entry)


def due_duties(ruleset: RuleSet, state: GameState) -> list[Duty]:
    """The duties the rules still set in the current segment of ``state`` (state :data:`DUE`)."""
    seg = ruleset.sequence.at(state.flow.index)
    return [d for d in ruleset.duties(state, seg) if getattr(d, "state", "") == DUE]


def duty_line(duty: Duty) -> str:
    """A due duty in one line: its text, what is left, its rule."""
    left = f" — {duty.detail}" if duty.detail else ""
    rule = f" ({duty.rule})" if duty.rule else ""
    return f"{duty.text}{left}{rule}"


def still_required(ruleset: RuleSet, state: GameState) -> list[str]:
    """What the rules still require in the current segment before it is left (issue 22 point 9): each unanswered
    required prompt, then each duty still due (unchecked cargo, overstacked bases, invasions without an outcome)."""
    asked = [f"answer {p.id}: {p.text}" + (f" ({p.rule})" if p.rule else "") for p in state.flow.pending if p.required]
    return asked + [duty_line(d) for d in due_duties(ruleset, state)]


def next_step(ruleset: RuleSet, state: GameState, side: str = "") -> str:
    """What the rules ask now, in one line readable across the table (issue 22 point 10), e.g.
    ``Axis: answer sea-state: Sea conditions this turn (31.A.12), then n``; ``side`` is the acting side (empty: both).

    The first unanswered required prompt, else the first duty still due, else an optional prompt, else ``n`` and the
    segment it leads to."""
    who = f"{side.title()}: " if side else "Both sides: "
    seq = ruleset.sequence
    following = seq.at((state.flow.index + 1) % len(seq)).title
    required = [p for p in state.flow.pending if p.required]
    due = due_duties(ruleset, state)
    more = len(required) + len(due) - 1
    also = f" (+{more} more)" if more > 0 else ""
    if required:
        p = required[0]
        rule = f" ({p.rule})" if p.rule else ""
        return f"{who}answer {p.id}: {p.text}{rule}{also}, then n"
    if due:
        return f"{who}{duty_line(due[0])}{also}, then n"
    optional = [p for p in state.flow.pending if not p.required]
    if optional:
        count = f" (+{len(optional) - 1} more)" if len(optional) > 1 else ""
        return f"{who}may answer {optional[0].id}: {optional[0].text}{count}; or n → {following}"
    return f"Nothing the rules require here: play the segment, then n → {following}"
