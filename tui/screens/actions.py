"""Asking an action's fields: the dialog an :class:`~tui.rules.core.actions.Action` needs, and the command it becomes.

One number becomes a :class:`NumberPrompt`, one choice a
:class:`ChoicePrompt`, anything more a :class:`FormPrompt`; an action with
nothing to ask runs at once. The answers go through the action's verb
template (:func:`tui.rules.core.actions.render`) into the command's words,
which the screen sends up the same path as a typed command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..rules.core.actions import Action, Field, choices, fill, flipped, render, start_value
from .choice_prompt import ChoicePrompt
from .form_prompt import FormField, FormPrompt
from .number_prompt import NumberPrompt
from .prompt import Prompt

if TYPE_CHECKING:
    from textual.app import App

KIND = {"choice": "choice", "number": "number", "flag": "bool", "text": "text"}
"""Field kinds as the form knows them."""


@dataclass(frozen=True)
class ActionContext:
    """What an action's questions need: the row it acts on, the sides, and the rule set's views."""

    row: Mapping[str, Any] | None
    """The selected row of the action's target view (None when it needs none)."""
    sides: tuple[str, ...] = ()
    """The rule set's sides."""
    view: Callable[[str], Sequence[Mapping[str, Any]]] = lambda name: ()
    """The rows of a rule-set view (for ``choices_from``)."""


def target_name(row: Mapping[str, Any] | None) -> str:
    """How the target row is named in titles: its ``name`` (a condition's id, a port's name)."""
    return str((row or {}).get("name", ""))


def dialog_title(action: Action, row: Mapping[str, Any] | None) -> str:
    """The dialog's title: the action's own (target keys filled in), else its name and the target's."""
    if action.dialog:
        return fill(action.dialog, row)
    return f"{action.long_name} {target_name(row)}".strip()


def form_field(f: Field, start: Any, offered: Sequence[str]) -> FormField:
    """The form's field for action field ``f``."""
    return FormField(f.name, f.label, KIND[f.kind], default=start, choices=tuple(offered), required=f.required,
                     minimum=f.min, maximum=f.max, step=f.step, disabled=f.disabled, placeholder=f.placeholder)


def dialog(action: Action, ctx: ActionContext, asked: Sequence[Field], start: Mapping[str, Any],
           offered: Mapping[str, Sequence[str]]) -> Prompt[Any]:
    """The dialog that asks ``asked``: a number, a choice, or a form."""
    title, text = dialog_title(action, ctx.row), fill(action.text, ctx.row)
    if len(asked) == 1 and asked[0].kind == "number":
        f = asked[0]
        return NumberPrompt(title, text, default=start[f.name], minimum=f.min, maximum=f.max, step=f.step)
    if len(asked) == 1 and asked[0].kind == "choice":
        f = asked[0]
        return ChoicePrompt(title, text, offered[f.name], default=start[f.name])
    return FormPrompt(title, [form_field(f, start[f.name], offered[f.name]) for f in asked], text=text, ok=action.ok)


async def ask(app: App[Any], action: Action, ctx: ActionContext) -> list[str] | None:
    """Ask what ``action`` needs and return the command's words; None when cancelled or nothing changed."""
    offered = {f.name: choices(f, ctx.sides, ctx.view) for f in action.fields}
    start = {f.name: start_value(f, ctx.row, ctx.sides, offered[f.name]) for f in action.fields}
    values: dict[str, Any] = dict(start)
    asked = list(action.asked())
    for f in action.fields:
        if f.flip:
            current = (ctx.row or {}).get(f.prefill)
            if isinstance(current, (int, float)) and not isinstance(current, bool):
                asked.append(Field(f.name, f.label, "number", min=f.min, max=f.max, step=f.step))  # a number is asked
            else:
                values[f.name] = flipped(f, ctx.row)
    if asked:
        answer = await app.push_screen_wait(dialog(action, ctx, asked, start, offered))
        if answer is None:
            return None
        if isinstance(answer, dict):
            values.update(answer)
        else:
            values[asked[0].name] = answer
    words = render(action, values, ctx.row, start)
    if words is None:
        app.notify(f"{target_name(ctx.row) or action.label}: nothing changed.")
    return words
