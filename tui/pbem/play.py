"""The game glue of play by e-mail (issue 32, stage 2): a sealed game's save follows its signed chain.

The core (the other modules of :mod:`tui.pbem`) knows entries, signatures and dice streams, and no game. This module
is where the two meet, and the only one of the package that imports the engine (a test checks it): the save of a
sealed game (dice setting ``"sealed"``) is the **projection** of its chain.

- The game's commands are the chain's ``command``, ``typed-roll`` and ``request`` entries, of both sides, in chain
  order (a withdrawn request is left out): :func:`steps`.
- The save holds one event per step, in that order, up to the first request whose dice are not revealed yet: that
  request and every step after it are **queued**. :func:`advance` applies the steps the save does not hold yet.
- A revealed request is applied with its faces from its :class:`~tui.pbem.dice.DiceStream` (each stage's
  :class:`~tui.rules.core.dice.Roll` marked ``sealed`` with the request's hash). If the rules refuse it then (the
  dice, or the state the queued orders before it left), a note saying so is logged in its place: the same on both
  sides, so the two saves stay equal.
- A ``command`` or ``typed-roll`` entry must apply: its author applied it before signing it. One that does not is a
  refusal of the turn file that brought it (:class:`~tui.pbem.errors.PbemRefused` naming the entry).
- A request its author undid after the reveal (an ``undo`` entry, only for the game's last command) is applied with
  its dice and then undone in the save, as the engine's ``undo`` does: both sides' logs show the roll and the undo.
- Each side signs only its own decisions (:mod:`.owners`): a ``command`` or ``typed-roll`` entry whose decision,
  answer or roll is the other side's is a refusal of the turn file; such a request is noted as refused on its reveal.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..engine.command import CommandSyntaxError, parse, render, typed_problem
from ..engine.context import SealedDice
from ..engine.deciders import applied, whose
from ..engine.game import Game, Result
from ..rules.core.dice import DiceSpec, Roll
from ..rules.core.text import visible
from .dice import DiceStream
from .errors import PbemRefused, quoted
from .ledger import Ledger
from .owners import EITHER, not_theirs

#: The longest refusal reason a note of the log keeps.
MAX_NOTE = 300
#: The kinds of entries that are commands of the game.
GAME_KINDS = ("command", "typed-roll", "request")


class Step(msgspec.Struct, frozen=True):
    """One command of the game, from one entry of the chain."""

    n: int
    """The entry's index."""
    kind: str
    """``command``, ``typed-roll`` or ``request``."""
    author: str
    command: str
    request: str = ""
    """For a request: its entry's hash (the dice stream's name)."""
    state: str = ""
    """For a request: ``open``, ``revealed`` or ``undone`` (:class:`tui.pbem.ledger.Request`)."""
    rolls: tuple[tuple[int, int], ...] = ()
    """For a typed roll: the (sides, face) of each die typed."""


class Applied(msgspec.Struct, frozen=True):
    """What one step did to the save: ``ok`` and the engine's message (or, refused on its reveal, why)."""

    step: Step
    ok: bool
    message: str
    details: tuple[str, ...] = ()


def steps(ledger: Ledger) -> list[Step]:
    """The game's commands in the chain, in order (withdrawn requests left out: they never happened)."""
    found = []
    for entry, digest in zip(ledger.entries, ledger.hashes):
        kind, body = entry["kind"], entry["body"]
        if kind == "command":
            found.append(Step(entry["n"], kind, entry["author"], body["command"]))
        elif kind == "typed-roll":
            rolls = tuple((r["sides"], r["face"]) for r in body["rolls"])
            found.append(Step(entry["n"], kind, entry["author"], body["command"], rolls=rolls))
        elif kind == "request" and ledger.requests[digest].state != "withdrawn":
            found.append(Step(entry["n"], kind, entry["author"], body["command"], digest, ledger.requests[digest].state))
    return found


def queued(game: Game, ledger: Ledger) -> list[Step]:
    """The steps the save does not hold yet (the first of them, if any, is a request waiting for its reveal)."""
    return steps(ledger)[len(game.events):]


def sealed_dice(stream: DiceStream, request: str) -> SealedDice:
    """The engine's dice source for one revealed request: each stage's faces drawn from its stream in order."""

    def take(dice: DiceSpec, purpose: str) -> Roll:
        faces = tuple(stream.rolls(dice.sides, dice.count))
        return Roll(str(dice), faces, dice.modifier, "sealed", None, purpose, request=request)

    return take


def typed_faces(event: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """The (sides, face) of every die typed in an event (the sides read from each roll's spec)."""
    found = []
    for roll in event["dice"]:
        if roll["source"] == "typed":
            sides = DiceSpec.parse(roll["spec"]).sides
            found.extend((sides, face) for face in roll["faces"])
    return tuple(found)


def advance(game: Game, ledger: Ledger, *, typed_allowed: bool) -> list[Applied]:
    """Apply to ``game`` every step of ``ledger`` it does not hold yet, in order, up to the first request whose dice
    are not revealed; what each did. :class:`PbemRefused` naming the entry if a ``command`` or ``typed-roll`` entry
    does not apply (the steps before it stay applied: callers run this on a :meth:`Game.scratch` copy first)."""
    held = len(game.events)
    every = steps(ledger)
    if held > len(every):
        raise PbemRefused(f"the save holds {held} commands but the chain only {len(every)}: it was changed outside "
                          "harbormaster pbem")
    _refuse_commands_behind_a_request(every)
    _refuse_what_is_not_a_game_command(game, every)
    done = [_undo(game, step, event) for step, event in zip(every, game.events)
            if step.state == "undone" and event["status"] == "applied"]
    for step in every[held:]:
        if step.kind == "request" and step.state == "open":
            break
        done.append(_apply(game, ledger, step, typed_allowed))
        if step.state == "undone":
            done.append(_undo(game, step, game.events[-1]))
    return done


def _refuse_commands_behind_a_request(every: list[Step]) -> None:
    """A ``command`` or ``typed-roll`` entry after a request still waiting for its dice: the app signs every command
    after such a request as a request (it waits in turn), so a file holding one was made by another program. Refused
    when the file comes, naming the entry (played later, it would stop the game at the reveal)."""
    waiting = None
    for step in every:
        if waiting is None and step.kind == "request" and step.state == "open":
            waiting = step
        elif waiting is not None and step.kind != "request":
            raise PbemRefused(f"entry {step.n} ({quoted(step.command, 60)} by {step.author}) is a {step.kind} after "
                              f"entry {waiting.n}, a request still waiting for its dice: it must wait in turn")


NOT_SIGNED = {
    "undo": "a sealed game undoes only through an undo entry, of its author's own last revealed roll",
    "redo": "a sealed game has no redo (the command is given again, with new dice)",
}
"""The engine's verbs a chain may not carry as a command of the game, and why."""


def verb_of(game: Game, command: str) -> str:
    """The engine's verb of a step's command (as the engine reads it: any case, a leading ``:``); "" if unreadable."""
    try:
        return parse(command, "exec").verb
    except CommandSyntaxError:
        return ""


def _refuse_what_is_not_a_game_command(game: Game, every: list[Step]) -> None:
    """Every step must be one command of the game that adds one entry to its log, as the app signs them: a clean line
    (no control character), a verb of the game that changes it and is not the engine's undo or redo, and, for a
    request, no dice typed in it (its dice are sealed). What a file can say of a step without playing it is checked
    when the file comes, naming the entry, so that nothing of it is taken in: played, such a step (an ``undo`` that
    undoes the other side's orders, a ``help`` that adds no entry, so the save falls one behind its chain and plays
    the next step again at every open) would put the save out of step with its chain, or stop the game at the
    reveal."""
    for step in every:
        where = f"entry {step.n} ({quoted(step.command, 60)} by {step.author})"
        problem = typed_problem(step.command)
        if problem is not None:
            raise PbemRefused(f"{where}: {problem}")
        try:
            cmd = parse(step.command, "exec")
        except CommandSyntaxError as exc:
            raise PbemRefused(f"{where}: {exc}") from None
        verb = game.verbs.get(cmd.verb)
        if verb is None:
            raise PbemRefused(f"{where}: '{cmd.verb}' is not a command of this game")
        if cmd.verb in NOT_SIGNED:
            raise PbemRefused(f"{where}: {NOT_SIGNED[cmd.verb]}")
        if not verb.changes:
            raise PbemRefused(f"{where}: it changes nothing in the game (a signed entry is a command that does)")
        if step.kind == "request" and cmd.options.get("dice"):
            raise PbemRefused(f"{where}: a request's dice are sealed; it may not type its own (--dice)")


def _undo(game: Game, step: Step, event: dict[str, Any]) -> Applied:
    """Undo a request its author undid after the reveal (``event``, its command in the save): the save's last command
    (the ledger refuses an undo with a command of the game after it), undone as the engine undoes, its dice kept in
    the log as rolled."""
    if event is not game.events[-1]:
        raise PbemRefused(f"entry {step.n} ({quoted(step.command, 60)}) is undone, but the save played a command "
                          "after it")
    result = game.execute("undo", "exec")
    if not result.ok:  # pragma: no cover - the last applied command can always be undone
        raise PbemRefused(f"entry {step.n}: its undo could not be played: {result.message}")
    return Applied(step, True, f"undone by its author after its dice were revealed: {result.message}")


def _apply(game: Game, ledger: Ledger, step: Step, typed_allowed: bool) -> Applied:
    where = f"entry {step.n} ({quoted(step.command, 60)} by {step.author})"
    side = ledger.sides[step.author]
    if step.kind == "request":
        # who decides is asked first, on a copy, with the stand-in dice its author's app asked with when it signed it
        # (the revealed dice must not decide whose it is: a roll thrown away when it went the other way), or the
        # revealed dice if the rules refuse it with those; a refusal plays nothing
        trial, tried = whose(game, step.command)
        if not applied(tried):
            trial = game.scratch()
            tried = trial.execute(step.command, "exec", sealed_dice=_revealed(ledger, step))
        problem = not_theirs(game, trial, side, tried) if applied(tried) else ""
        if problem:
            return _refused_on_reveal(game, step, Result(False, problem, command=step.command))
        signer = side if verb_of(game, step.command) in EITHER else ""  # a roll for the log: its author's
        result = game.execute(step.command, "exec", sealed_dice=_revealed(ledger, step), signer=signer)
        if not result.ok:
            return _refused_on_reveal(game, step, result)
    else:
        prior = game.scratch()
        signer = side if verb_of(game, step.command) in EITHER else ""  # a note: logged as its author's
        result = game.execute(step.command, "exec", signer=signer)
        if not result.ok or result.seq is None:
            why = result.message if not result.ok else "it changes nothing in the game"
            raise PbemRefused(f"{where} does not apply: {why}")
        problem = not_theirs(prior, game, side, result)
        if problem:
            raise PbemRefused(f"{where}: {problem}")
    event = game.events[-1]
    typed = typed_faces(event)
    if typed and not typed_allowed:
        raise PbemRefused(f"{where}: it types physical dice, which the game's settings do not allow")
    if step.kind == "typed-roll" and typed != step.rolls:
        raise PbemRefused(f"{where}: the dice typed in the command are not the ones its entry lists")
    return Applied(step, True, result.message, tuple(result.details))


def _revealed(ledger: Ledger, step: Step) -> SealedDice:
    """A revealed request's dice, from the start of its stream (each call a fresh one)."""
    stream = ledger.stream(step.request)
    assert stream is not None  # revealed
    return sealed_dice(stream, step.request)


def _refused_on_reveal(game: Game, step: Step, result: Result) -> Applied:
    """A revealed request the rules refuse now: a note in its place says so (the same on both sides)."""
    reason = " ".join(visible(result.message).split())
    reason = reason if len(reason) <= MAX_NOTE else reason[:MAX_NOTE - 1] + "…"
    command = " ".join(visible(step.command).split())
    command = command if len(command) <= MAX_NOTE else command[:MAX_NOTE - 1] + "…"
    noted = game.execute(render("note", (f"refused on reveal: entry {step.n}, {command}: {reason}",), {}), "exec")
    if not noted.ok:  # whatever the command held, the refusal is noted (the game must go on, the same on both sides)
        noted = game.execute(render("note", (f"refused on reveal: entry {step.n}",), {}), "exec")
    if not noted.ok:  # pragma: no cover - a note is legal everywhere and its text is not blank
        raise PbemRefused(f"entry {step.n}: its refusal could not be noted in the log: {noted.message}")
    return Applied(step, False, result.message)


def rolls_of(game: Game, request: str) -> list[dict[str, Any]]:
    """The sealed rolls of ``request`` in the game's log (as events keep them), in order."""
    return [roll for event in game.events for roll in event["dice"] if roll.get("request") == request]
