"""Each side signs only its own decisions (issue 32): who may give a command of a sealed game (game glue).

The rules already say who acts in every command they apply: the log's ``actor`` (a handler's own, else the side
acting in the segment: the phasing side, or the other one in a segment where the sequence says so, a reaction
phase). In a game with a referee that is a record; in a game by e-mail it is the owner, and a command whose actor is
the other side is not the signer's to give (``docs/cases/issue32-sides-cases.md``, written from the rule texts):

- an interception, a roll on a table the defender rolls: the other side's, whoever holds the turn file (the file
  goes to him for that one command);
- a note, or a roll for nothing but the log, changes nothing of the game: either side may give one ("Commands with no
  owner", 3);
- an answer the rules give to no side (``actor`` empty: who moves first) is either side's;
- a correction of the game's set-up (``actor`` ``referee``) is a referee's, and a game by e-mail has none; so is a
  record the rules give to nobody: a verb of the rule set legal in any segment whose rules name no side (``sink``
  of a ship, a port's figures) would otherwise be the record of whoever holds the turn file;
- moving on (``next``, ``goto``) must not take a right from the other side ("Commands with no owner", 1): it may not
  pass over a segment where the other side acts, nor drop a prompt whose answer is his (or anyone's but the
  mover's, if the rules require it), nor, with ``--force``, leave undone what the rules still require.

:func:`not_theirs` says why a command just played may not be signed by a side (``""`` if it may); both players run
it, on the command's author, when a turn file is replayed, and the author's own app runs it before signing (with
:func:`advice`: what to do instead).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..engine.command import CommandSyntaxError, parse
from ..engine.context import acting_side
from ..engine.deciders import answered_by, answers
from ..engine.game import Game, Result

EITHER = frozenset({"note", "roll"})
"""Verbs either side may sign anywhere: they change nothing of the game."""
REFEREE = "referee"
MOVING_ON = frozenset({"next", "goto"})
ENGINE = frozenset({"answer", "next", "goto", "note", "roll", "undo", "redo"})
"""The engine's verbs legal anywhere whose owner is found otherwise (an answer's by its prompt, moving on's by the
segment); its ``set`` and ``setup`` change the settings and the set-up: no player's alone."""
FORCED = ("required item(s) undone", "(required)")
"""How the log says that moving on left something required undone (``next --force``, ``goto --force``)."""


def advice(problem: str) -> str:
    """What the author of a refused command does next: send the turn file, unless no player may give it."""
    own = problem.startswith(("it corrects", "it leaves undone", "it closes"))  # nobody's, or the advice is in it already
    return problem if own else f"{problem}: send your turn file, and it is his to play"


def not_theirs(prior: Game, after: Game, side: str, result: Result) -> str:
    """Why the player of ``side`` may not sign the command that ``after`` (a copy of ``prior`` with one command more)
    just played, saying ``result``; ``""`` if he may."""
    event = after.events[-1]
    try:
        cmd = parse(event["command"], "exec")
    except CommandSyntaxError:  # pragma: no cover - the log holds commands the engine parsed
        return ""
    if cmd.verb in EITHER:
        return ""
    actor = event.get("actor") or ""
    sides = prior.ruleset.sides
    verb = prior.verbs.get(cmd.verb)
    if actor == REFEREE:
        return ("it corrects the game's set-up, which is a referee's to do, and a game by e-mail has none: "
                "agree on the change with your opponent and start the game again")
    if cmd.verb not in ENGINE and verb is not None and verb.anytime and not result.actor:
        return ("it corrects the game's set-up, which is a referee's to do, and a game by e-mail has none: the rules "
                f"give '{cmd.verb}' to no player")
    if actor in sides and actor != side:
        return f"it is the {actor} player's decision, not the {side} player's"
    if cmd.verb in MOVING_ON:
        return (_forced(event) or _closed_early(prior, side) or _passed_over(prior, after, side)
                or _dropped(prior, after, side))
    return ""


def _closed_early(prior: Game, side: str) -> str:
    """Moving on from a segment where each side does its own part (``acting = "each"``: a production phase where
    each player's cities produce) before the other side has signed anything there: his part is his to do or to
    decline, so the second player to act closes it (a note saying he has nothing to do counts)."""
    seg = prior.ruleset.sequence.at(prior.state.flow.index)
    if seg.acting != "each":
        return ""
    others = [s for s in prior.ruleset.sides if s != side]
    since: list[dict[str, Any]] = []
    for event in reversed(prior.events):
        if event.get("status") != "applied":
            continue
        try:
            verb = parse(event["command"], "exec").verb
        except CommandSyntaxError:  # pragma: no cover - the log holds commands the engine parsed
            verb = ""
        if verb in MOVING_ON:
            break
        since.append(event)
    if not others or any(event.get("actor") in others for event in since):
        return ""
    return (f"it closes {seg.title}, where each player does his own part, before the {others[0]} player has done "
            "his (or said in a note that he has nothing to do): send your turn file, and he closes it")


def _forced(event: dict[str, Any]) -> str:
    """Moving on that left something the rules require undone (``--force``): nobody may, in a game by e-mail."""
    lines = [event.get("summary", ""), *event.get("details", ())]
    if any(mark in line for line in lines for mark in FORCED):
        return ("it leaves undone what the rules still require; in a game by e-mail nobody may (there is no referee "
                "to judge it): do it, or, if it is your opponent's, let him")
    return ""


def _passed_over(prior: Game, after: Game, side: str) -> str:
    """A segment between the one left and the one reached where the other side acts (``goto`` passes them all)."""
    state, end = prior.state, (after.state.flow.turn, after.state.flow.index)
    sequence = prior.ruleset.sequence
    index, turn = state.flow.index, state.flow.turn
    for _ in range(2 * len(sequence)):
        index, turn = (index + 1, turn) if index + 1 < len(sequence) else (0, turn + 1)
        if (turn, index) == end:
            return ""
        here = replace(state, flow=replace(state.flow, turn=turn, index=index))
        acting = acting_side(prior.ruleset, here)
        seg = sequence.at(index)
        if seg.acting == "each" and _applies(prior, here, seg):  # each side's part there: the other side's too
            acting = next((s for s in prior.ruleset.sides if s != side), acting)
        if acting in prior.ruleset.sides and acting != side:
            title = sequence.at(index).title
            return f"it passes over {title}, where the {acting} player acts (go there with next)"
    return ""


def _applies(game: Game, state: Any, seg: Any) -> bool:
    """Whether ``seg`` applies in ``state`` (its sequence condition holds, or it has none): one that does not is
    passed on its own, and nobody acts there."""
    cond = game.ruleset.conditions.get(seg.when) if seg.when else None
    return cond is None or bool(cond(state, seg))


def _dropped(prior: Game, after: Game, side: str) -> str:
    """A prompt dropped by moving on that the other side answers (some answer of it is his), or, if the rules
    require it, that is not the mover's alone (no answer can be tried now, or an answer is nobody's)."""
    kept = {p.id for p in after.state.flow.pending}
    for prompt in prior.state.flow.pending:
        if prompt.id in kept:
            continue
        owners = {answered_by(prior, prompt.id, answer) for answer in answers(prompt)} - {None}
        others = sorted(owners & set(prior.ruleset.sides) - {side})
        if others:
            return (f"it leaves {prompt.id} unanswered, and answering it is the {others[0]} player's (he answers it, or "
                    "declines with his answer)")
        if prompt.required and owners != {side}:
            return f"it leaves {prompt.id} unanswered, which the rules require and which is not yours alone to skip"
    return ""
