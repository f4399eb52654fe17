"""Who decides: the side the rules make act in a command, learnt by trying it on a copy of the game (engine).

The rules say who acts in every command they apply: the log's ``actor`` (a handler's own, else the side acting in
the segment). A prompt's answer is a command like any other, so the side that answers a prompt is learnt by trying
its answers on a :meth:`~tui.engine.game.Game.scratch` copy, with stand-in dice (every face 1), which is never
logged, kept or shown. A game by e-mail asks it before a command is signed (:mod:`tui.pbem.owners`); a side view
asks it to show a side the prompts it must answer, and what raised them (:mod:`tui.engine.sides`).
"""

from __future__ import annotations

from typing import Any

from ..rules.core.dice import DiceSpec, Roll
from .command import render
from .game import Game, Result


def stand_in(dice: DiceSpec, purpose: str) -> Roll:
    """Dice for a trial that only asks who acts (every face 1): never logged, never kept, never shown."""
    return Roll(str(dice), (1,) * dice.count, dice.modifier, "sealed", None, purpose)


def whose(game: Game, line: str) -> tuple[Game, Result]:
    """``line`` played on a copy of ``game`` with stand-in dice: the copy, and what the rules said. A side view's copy
    is the whole game's (read-only is the view's, not the rules')."""
    trial = game.scratch()
    trial.read_only = False
    trial.ruleset = getattr(game, "full_ruleset", game.ruleset)
    return trial, trial.execute(line, "exec", sealed_dice=stand_in)


def applied(result: Result) -> bool:
    """Whether ``result`` is a command the rules applied (a trial worth asking who acts in)."""
    return result.ok and result.seq is not None


def answers(prompt: Any) -> list[str]:
    """Every answer worth trying to learn who gives a prompt's answers: each choice, yes and no, the least number,
    a roll (and its decline)."""
    if prompt.kind == "choice":
        return list(prompt.choices)
    if prompt.kind == "confirm":
        return ["yes", "no"]
    if prompt.kind == "number":
        return [str(int(prompt.min)) if prompt.min is not None and prompt.min == int(prompt.min) else
                str(prompt.min) if prompt.min is not None else "0"]
    return ["roll", *(c for c in prompt.choices if c.lower() != "roll")]


def answered_by(game: Game, prompt: str, answer: str) -> str | None:
    """Who acts in ``answer PROMPT ANSWER`` on a copy of ``game`` ("" if no side; None if the rules refuse it now)."""
    trial, result = whose(game, render("answer", (prompt, answer), {}))
    return (trial.events[-1].get("actor") or "") if applied(result) else None


def deciders(game: Game, prompt: Any) -> set[str]:
    """The sides that give some answer of pending ``prompt`` now (none: the rules give it to no side, or refuse every
    answer now)."""
    found = {answered_by(game, prompt.id, answer) for answer in answers(prompt)}
    return {side for side in found if side}
