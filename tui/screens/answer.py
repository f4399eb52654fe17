"""Answering a pending prompt: the modal that asks it, and the ``answer`` command its value becomes.

Used by the app when a command raises a prompt, by the Phases mode's ``a``
and by the command palette: all of them end in the same ``answer ID VALUE``
line through the app's one execute path.
"""

from __future__ import annotations

import shlex
from typing import Any

from ..rules.core.state import Pending
from .choice_prompt import ChoicePrompt
from .confirm_prompt import ConfirmPrompt
from .dice_prompt import DECLINE, DicePrompt
from .number_prompt import NumberPrompt, number_text
from .prompt import Prompt


def prompt_modal(prompt: Pending, title: str = "", *, typed: bool = False,
                 mode_keys: frozenset[str] = frozenset()) -> Prompt[Any]:
    """The modal that asks ``prompt``: choice, number, roll (Roll / type dice / decline) or yes/no (Enter: the expected answer).

    ``typed``: the game's dice are typed (``set dice typed``), so a roll asks for the faces first.
    ``mode_keys``: the modal opens by itself (a segment's prompt raised on entering it); for an optional prompt these
    keys stay mode keys until the referee moves into its field (issue 30 item 1, :meth:`Prompt.opened_by_itself`).
    """
    modal = _modal(prompt, title, typed=typed)
    return modal.opened_by_itself(mode_keys) if mode_keys and not prompt.required else modal


def _modal(prompt: Pending, title: str, *, typed: bool) -> Prompt[Any]:
    title = title or f"Answer {prompt.id}" + ("  (required)" if prompt.required else "")
    text = prompt.text + (f"  [{prompt.rule}]" if prompt.rule else "")
    if prompt.kind == "choice":
        return ChoicePrompt(title, text, prompt.choices)
    if prompt.kind == "number":
        return NumberPrompt(title, text, minimum=prompt.min, maximum=prompt.max,
                            default=prompt.min if prompt.min is not None else None)
    if prompt.kind == "roll":
        return DicePrompt(title, text, prompt.dice or "1d6", decline=DECLINE in prompt.choices, typed=typed)
    return ConfirmPrompt(title, text, cancel=None, default=confirm_default(prompt))


def confirm_default(prompt: Pending) -> bool:
    """The answer the rules expect to a yes/no prompt (Enter takes it): yes to a required one, whose effect the
    rules apply (growth, a step done), no to an optional one (issue 22 point 2)."""
    return prompt.required


def answer_text(prompt: Pending, value: Any) -> str | None:
    """The modal's ``value`` as a command writes it (``3``, ``yes``, ``roll``, ``6,6``); None when cancelled."""
    if value is None:
        return None
    if prompt.kind == "number":
        return number_text(float(value))
    if prompt.kind == "confirm":
        return "yes" if value else "no"
    return str(value)


def answer_line(prompt: Pending, value: Any) -> str | None:
    """The ``answer`` command for the modal's ``value``; None when the referee cancelled."""
    text = answer_text(prompt, value)
    return None if text is None else shlex.join(["answer", prompt.id, text])
