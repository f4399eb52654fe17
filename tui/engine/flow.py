"""The engine's own verbs: next, goto, answer, roll, set, note, help, why, undo, redo (help and why in
:mod:`.showing`).

``next`` drives the phase machine: exit effects of the steps being left,
pending prompts of the segment dropped (and recorded as skipped), enter
effects of the steps being entered, then the new segment's prompts raised
where their condition holds. ``goto`` is several ``next`` in one command.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..rules.core.dice import DiceSpec
from ..rules.core.checklist import next_step, still_required
from ..rules.core.errors import RuleError
from ..rules.core.explain import fmt_number
from ..rules.core.names import new_name
from ..rules.core.numbers import MOST, read_amount
from ..rules.core.phases import Reported, resolve_ahead
from ..rules.core.ruleset import Outcome, Verb
from ..rules.core.state import GameState, Pending
from .context import EngineContext

YES = {"yes", "y", "true", "on"}
NO = {"no", "n", "false", "off"}


class NeedConfirm(RuleError):
    """Going ahead needs the referee's confirmation (``--force``), e.g. skipping a required prompt."""


#: Where a command comes from when the referee leaves a segment by hand: a key (``n``, Phases' ``g``), the palette, the
#: app's ``:`` line and ``harbormaster exec``. Through these, ``next`` and ``goto`` pass the segment's whole gate (its
#: duties too, issue 22 point 9) as if ``--gate`` were given; a replayed or redone event never does (it was let through
#: when it was done), nor a program's own call (``script``, :meth:`Game.execute`'s default).
GATED_SOURCES = frozenset({"exec", "key", "palette", "line"})


def gate_options(verb: str, source: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a ``verb`` command from ``source`` is run with: ``next``/``goto`` by hand (:data:`GATED_SOURCES`)
    gain ``gate``, and ``--anyway`` is the same confirmation as ``--force``; the command's text is left as typed."""
    if verb not in ("next", "goto"):
        return options
    out = dict(options)
    if source in GATED_SOURCES:
        out["gate"] = True
    if out.get("anyway"):
        out["force"] = True
    return out


def core_verbs() -> dict[str, Verb]:
    """The verbs every rule set has."""
    verbs = [
        Verb("next", "next [--force] [--gate] [--pass]", "Advance to the next segment of the turn sequence, running its effects. Unanswered required prompts need --force (or --anyway; the skip is recorded); so do the segment's duties still due (cargo unchecked, bases overstacked) when the referee leaves by hand (a key, the : line, the palette, harbormaster exec) or with --gate. With --pass (the n key), segments that do not apply this turn are passed on their own, their effects run.", "sequence of play", _next, anytime=True, group="turn", options=("force", "gate", "anyway", "pass")),
        Verb("goto", "goto SEGMENT [--force] [--gate]", "Go to a segment ahead (by name, key or unique prefix; next-turn for the next game turn's first), running every effect on the way exactly as repeated 'next' would. Leaving the current segment passes its gate as next does; stops at the first required prompt on the way unless --force (or --anyway; the skips are recorded).", "sequence of play", _goto, anytime=True, group="turn", options=("force", "gate", "anyway")),
        Verb("answer", "answer PROMPT VALUE [--dice N,..|--roll]", "Answer a pending prompt: a choice, a number, yes/no, or a roll (typed faces or 'roll').", "sequence of play", _answer, anytime=True, group="turn", options=("dice", "roll")),
        Verb("roll", "roll NdM[+K] [--dice N,..] [PURPOSE...]", "Roll dice and log the result (app-rolled with its seed, or typed with --dice).", "dice", _roll, anytime=True, group="dice", options=("dice", "roll")),
        Verb("set", "set dice app|typed", "Game setting: who rolls by default, the app (seeded, logged) or the referee (physical dice typed in).", "dice", _set, anytime=True, group="game"),
        Verb("note", "note TEXT...", "Write a note in the log.", "the log", _note, anytime=True, group="game"),
        Verb("undo", "undo", "Undo the last command (unlimited; survives restarts). The entry stays in the log, marked undone.", "the log: state replays from its events", None, anytime=True, group="game"),
        Verb("redo", "redo", "Redo the last undone command. A new command after an undo clears redo.", "the log: state replays from its events", None, anytime=True, group="game"),
        Verb("help", "help [VERB]", "List every command with its syntax and rule reference, or explain one.", "each verb's own rule", None, anytime=True, changes=False, group="game"),
        Verb("why", "why NAME", "Explain every computed figure of a port (or other entity), term by term with rule numbers.", "the rule of each term", None, anytime=True, changes=False, group="game"),
    ]
    return {v.name: v for v in verbs}


def settle(ctx: EngineContext, outcome: Outcome) -> GameState:
    """Fold a handler's outcome into the state: new world, prompts raised and settled."""
    if outcome.state is not None:
        state: GameState = outcome.state
    elif outcome.world is ctx.state.world:  # a note, a set-up look: the state as it was (states are frozen)
        state = ctx.state
    else:
        state = ctx.state.with_world(outcome.world)
    if outcome.raise_prompts or outcome.settle_prompts:
        settled = {p.lower() for p in outcome.settle_prompts}
        pending = tuple(p for p in state.flow.pending if p.id.lower() not in settled)
        existing = {p.id.lower() for p in pending}
        raised = tuple(p for p in outcome.raise_prompts if p.id.lower() not in existing)
        answered = state.flow.answered + tuple(p for p in outcome.settle_prompts if p not in state.flow.answered)
        state = state.with_flow(pending=pending + raised, answered=answered)
    return state


# ------------------------------------------------------------------ next
def _next(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Advance one segment (sequence of play)."""
    if args:
        raise RuleError("'next' takes no arguments (use --force to leave what is still required undone)")
    left = _check_gate(ctx, ctx.state, "next", bool(opts.get("force")), bool(opts.get("gate")))
    new_state, details = _advance(ctx, ctx.state)
    details[:0] = left
    if opts.get("pass"):  # the referee's n (next --pass): a segment that does not apply this turn is passed on its own
        new_state = _pass_not_applicable(ctx, new_state, details)
    new_ctx = replace(ctx, state=new_state)
    summary = f"→ {new_ctx.turn_label} · {new_ctx.segment.title}" + _reported(details)
    return Outcome(world=new_state.world, summary=summary, details=tuple(map(str, details)), state=new_state)


def _applies(ctx: EngineContext, state: GameState) -> bool:
    """Whether the segment ``state`` is in applies this turn (its sequence condition holds, or it has none)."""
    seg = ctx.ruleset.sequence.at(state.flow.index)
    cond = ctx.ruleset.conditions.get(seg.when) if seg.when else None
    return cond is None or bool(cond(state, seg))


def _pass_not_applicable(ctx: EngineContext, state: GameState, details: list[str]) -> GameState:
    """Pass, as ``next`` would one by one, the segments that do not apply this turn (a turn without
    production passes Production and End of production; issue 22 point 5); their effects run; the log says what was passed.
    Done for the referee's ``n`` (``next --pass``, as the log keeps it, so that the line replays the same); a plain
    ``next`` still steps one segment.

    Stops at a segment that applies, one with a required prompt, or after one whole game turn."""
    passed: list[str] = []
    done: list[str] = []
    for _ in range(len(ctx.ruleset.sequence)):
        if _applies(ctx, state) or _required(state):
            break
        passed.append(ctx.ruleset.sequence.at(state.flow.index).title)
        state, lines = _advance(ctx, state)
        done.extend(lines)
    if passed:
        details.append(Reported("passed, not applicable this turn: " + "; ".join(passed)))
    details.extend(done)
    return state


def _reported(details: list[str]) -> str:
    """``; LINE`` for each line the effects run reported for the event's summary (:class:`Reported`), else empty."""
    return "".join(f"; {line}" for line in details if isinstance(line, Reported))


def _required(state: GameState) -> list[Pending]:
    """The required prompts still unanswered, the segment's own and those a command raised (the ones leaving it skips).

    A required prompt blocks ``next`` and ``goto`` wherever it comes from (DESIGN "Prompts and effects"; issue 21,
    points 2 and 3): one a command raised to be kept until answered (``expires="answer"``) holds the turn too.
    """
    return [p for p in state.flow.pending if p.required]


def _check_gate(ctx: EngineContext, state: GameState, verb: str, force: bool, gate: bool = False) -> list[str]:
    """The segment's gate (issue 22 point 9): leaving it with a required prompt unanswered needs ``--force``, the
    confirmation; with ``gate`` (the TUI's ``n``), so does leaving a duty still due (cargo unchecked, a base overstacked).

    Without it :class:`NeedConfirm` lists everything the rules still require there; whatever is left undone is
    returned as a reported line, part of the event's summary in the log (the confirmation is logged with the command)."""
    left = still_required(ctx.ruleset, state)
    if not left:
        return []
    seg = ctx.ruleset.sequence.at(state.flow.index)
    if not force and (gate or _required(state)):
        raise NeedConfirm(_gate_list(seg.title, left) + f"\nDo them, or '{verb} --force' to leave anyway (recorded in the log).")
    return [Reported(f"Left {seg.title} with {len(left)} required item(s) undone: " + "; ".join(left))]


def _gate_list(title: str, left: list[str]) -> str:
    """The gate's list, one line per item: what the screen's ``n`` asks about and ``harbormaster exec`` refuses with."""
    return f"Still required in {title}:\n" + "\n".join(f"• {line}" for line in left)


def _advance(ctx: EngineContext, state: GameState) -> tuple[GameState, list[str]]:
    """Leave the current segment of ``state`` for the next one: what ``next`` does, as (new state, log lines).

    Pending prompts of the segment are dropped (recorded as skipped), the exit
    effects of the steps being left run, then the enter effects of the steps
    being entered, and the new segment's prompts are raised.
    """
    ctx = replace(ctx, state=state)
    seg = ctx.segment
    details: list[str] = []
    for p in state.flow.pending:
        if _dropped(p):
            details.append(f"skipped: {p.id} — {p.text}" + (" (required)" if p.required else ""))
    world = state.world
    for eff in seg.exit:
        world, lines = _effect(ctx, eff.effect, world, ctx.ruleset.resolve_side(state, eff.side))
        details.extend(lines)
    seq = ctx.ruleset.sequence
    index, turn = seg.index + 1, state.flow.turn
    if index >= len(seq):
        index, turn = 0, turn + 1
    kept = tuple(p for p in state.flow.pending if not _dropped(p))
    state = replace(state, world=world, flow=replace(state.flow, turn=turn, index=index, pending=kept, answered=()))
    new_state, lines = enter_segment(ctx.ruleset, replace(ctx, state=state), state)
    details.extend(lines)
    return new_state, details


def _dropped(prompt: Pending) -> bool:
    """Whether leaving the segment drops ``prompt`` (recorded as skipped): the segment's own, and every required one
    (only ``--force`` leaves a required prompt unanswered, and then it is skipped, not carried to a later segment)."""
    return prompt.expires == "segment" or prompt.required


# ------------------------------------------------------------------ goto
def _goto(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Advance segment by segment, exactly as repeated ``next`` would, to a segment ahead (sequence of play).

    Stops at the first segment whose required prompts are raised on entry,
    unless ``--force`` (the skips are then recorded, as ``next --force`` does).
    """
    target = resolve_ahead(ctx.ruleset.sequence, ctx.state.flow.index, " ".join(args))
    force = bool(opts.get("force"))
    details: list[str] = _check_gate(ctx, ctx.state, "goto " + target.name, force, bool(opts.get("gate")))
    state, start_turn = ctx.state, ctx.state.flow.turn
    steps = 0
    stopped: list[str] = []
    while True:
        if steps and force and _required(state):
            details.append(Reported("skipped on the way: " + "; ".join(p.id for p in _required(state))))
        state, lines = _advance(ctx, state)
        steps += 1
        here = ctx.ruleset.sequence.at(state.flow.index)
        details.append(f"→ {here.title}")
        details.extend(lines)
        arrived = here.index == target.segment.index and (state.flow.turn > start_turn) == target.next_turn
        if arrived:
            break
        stopped = [f"answer {p.id}: {p.text}" for p in _required(state)]  # on the way, only a required prompt holds goto
        if stopped and not force:
            break
    new_ctx = replace(ctx, state=state)
    where = f"{new_ctx.turn_label} · {new_ctx.segment.title}"
    count = f"{steps} segment{'s' if steps != 1 else ''}"
    if stopped and not force and not arrived:
        names = "; ".join(stopped)
        summary = (f"→ {where} ({count}); stopped short of {target.name}: still required here: {names}. "
                   f"Do it, then goto again (or goto {target.name} --force to skip)")
    else:
        summary = f"→ {where} ({count})"
    summary += _reported(details)
    return Outcome(world=state.world, summary=summary, details=tuple(map(str, details)), state=state)


def enter_segment(ruleset: Any, ctx: EngineContext, state: GameState) -> tuple[GameState, list[str]]:
    """Run the enter effects of the current segment of ``state`` and raise its prompts."""
    seg = ruleset.sequence.at(state.flow.index)
    world = state.world
    lines: list[str] = []
    for eff in seg.enter:
        world, more = _effect(replace(ctx, state=state), eff.effect, world, ruleset.resolve_side(state.with_world(world), eff.side))
        lines.extend(more)
    state = state.with_world(world)
    raised = []
    for spec in seg.prompts:
        if spec.when:
            cond = ruleset.conditions.get(spec.when)
            if cond is None:
                raise RuleError(f"rule set has no condition '{spec.when}' (prompt {spec.id})")
            if not cond(state, seg):
                continue
        prompt = Pending(
            id=spec.id, text=spec.text, kind=spec.kind, effect=spec.effect, choices=tuple(spec.choices),
            dice=spec.dice, min=spec.min, max=spec.max, required=spec.required, rule=spec.rule, raised=seg.key,
        )
        if spec.each:
            expand = ruleset.expansions.get(spec.each)
            if expand is None:
                raise RuleError(f"rule set has no expansion '{spec.each}' (prompt {spec.id})")
            each = [replace(prompt, id=f"{spec.id}-{item}", text=text, choices=choices or prompt.choices, subject=item,
                            args={"item": item}) for item, text, choices in expand(state, seg)]
        else:
            each = [prompt]
        for p in each:
            raised.append(p)
            lines.append(f"prompt: {p.id} — {p.text}" + (" (required)" if p.required else ""))
    if raised:
        state = state.with_flow(pending=state.flow.pending + tuple(raised))
    return state, lines


def _effect(ctx: EngineContext, name: str, world: Any, side: str) -> tuple[Any, list[str]]:
    fn = ctx.ruleset.effects.get(name)
    if fn is None:
        raise RuleError(f"rule set has no effect '{name}'")
    return fn(ctx, world, side)


# ---------------------------------------------------------------- answer
def _answer(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Answer a pending prompt; its effect (if any) is the rule set's."""
    if not args:
        ids = ", ".join(p.id for p in ctx.state.flow.pending) or "none"
        raise RuleError(f"answer which prompt? Pending: {ids}")
    prompt = ctx.state.pending_prompt(args[0])
    if prompt is None:
        ids = ", ".join(p.id for p in ctx.state.flow.pending) or "none"
        raise RuleError(f"no pending prompt '{args[0]}'. Pending: {ids}")
    value = " ".join(args[1:]).strip()
    if prompt.kind == "roll":
        named = [c for c in prompt.choices if c.lower() == value.lower() and c.lower() != "roll"]
        if value.lower() in ("decline", "no") and "decline" in prompt.choices:
            value = "decline"  # the roll is optional and the referee declines it
        elif named:
            value = named[0]  # a result read off a printed chart instead of a roll (e.g. a SUCCESS TABLE letter)
        else:
            if value.lower() == "roll":
                ctx.app_rolls = True
            elif value:
                ctx.typed.push_front(value)  # physical dice typed as the answer: the first stage's
            value = "roll"  # the effect rolls through ctx.roll (typed, app or recorded)
    elif prompt.kind == "choice":
        match = [c for c in prompt.choices if c.lower() == value.lower()]
        if not match:
            raise RuleError(f"{prompt.id}: choose one of {', '.join(prompt.choices)} (got '{value}')")
        value = match[0]
    elif prompt.kind == "number":
        lo = -MOST if prompt.min is None else prompt.min
        hi = MOST if prompt.max is None else prompt.max
        number = read_amount(value, f"{prompt.id}: the answer", lo, hi)
        value = fmt_number(number) if number != int(number) else str(int(number))
    elif prompt.kind == "confirm":
        if value.lower() in YES:
            value = "yes"
        elif value.lower() in NO:
            value = "no"
        else:
            raise RuleError(f"{prompt.id}: answer yes or no (got '{value}')")
    if prompt.effect:
        handler = ctx.ruleset.answers.get(prompt.effect)
        if handler is None:
            raise RuleError(f"rule set has no answer effect '{prompt.effect}'")
        outcome = handler(ctx, prompt, value)
    else:
        if prompt.kind == "roll":
            roll = ctx.roll(prompt.dice, prompt.text)
            value = str(roll.total)
        outcome = Outcome(world=ctx.state.world, summary=f"{prompt.id}: {value}")
    return replace(outcome, settle_prompts=outcome.settle_prompts + (prompt.id,))


# ------------------------------------------------------------- the rest
def _roll(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A logged roll that changes nothing else."""
    if not args:
        raise RuleError("roll what? e.g. 'roll 2d6' or 'roll 1d6+1 --dice 4'")
    spec = DiceSpec.parse(args[0])
    purpose = " ".join(args[1:])
    result = ctx.roll(str(spec), purpose)
    return Outcome(world=ctx.state.world, summary=f"Rolled {result.describe()}")


def _set(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Change a game setting."""
    if len(args) != 2 or args[0].lower() != "dice" or args[1].lower() not in ("app", "typed"):
        raise RuleError("usage: set dice app|typed")
    if ctx.state.settings.get("dice") == "sealed":
        raise RuleError("this game's dice are sealed (played by e-mail): both players agreed to it when the game was "
                        "made, and it cannot be changed")
    settings = {**ctx.state.settings, "dice": args[1].lower()}
    who = "the app rolls (seeded, logged)" if args[1].lower() == "app" else "the referee types physical dice"
    return Outcome(world=ctx.state.world, summary=f"Dice: {who}", state=replace(ctx.state, settings=settings))


def _note(ctx: EngineContext, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A free-text note in the log."""
    if not args:
        raise RuleError("note what? e.g. note Rain in the desert")
    new_name(" ".join(args), "a note")
    return Outcome(world=ctx.state.world, summary="Note: " + " ".join(args))


def gate_text(ruleset: Any, state: GameState) -> str:
    """What leaving the current segment would leave undone, as the gate's confirmation says it (issue 22 point 9);
    empty when the rules require nothing more there."""
    left = still_required(ruleset, state)
    if not left:
        return ""
    return _gate_list(ruleset.sequence.at(state.flow.index).title, left) + "\nLeaving anyway is recorded in the log."


def next_step_line(ruleset: Any, state: GameState) -> str:
    """The "next step" line under the header (issue 22 point 10): what the rules ask now of the acting side, from the
    segment's required prompts and due duties (:func:`tui.rules.core.checklist.next_step`)."""
    from .context import acting_side

    return next_step(ruleset, state, acting_side(ruleset, state))
