"""Asking an action's fields: the dialog an :class:`~tui.rules.core.actions.Action` needs, and the command it becomes.

One number becomes a :class:`NumberPrompt`, one choice a
:class:`ChoicePrompt`, anything more a :class:`FormPrompt`; an action with
nothing to ask runs at once. The answers go through the action's verb
template (:func:`tui.rules.core.actions.render`) into the command's words,
which the screen sends up the same path as a typed command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, Mapping, Sequence

import msgspec

from ..rules.core.actions import (BLANK_DICE, Action, Field, blank_dice, choices, fill, flipped, held_choices, largest, render,
                                  start_value)
from .choice_prompt import ChoicePrompt
from .form_prompt import FormField, FormPrompt, field_of, least_offered
from .number_prompt import NumberPrompt, number_text
from .prompt import Prompt

if TYPE_CHECKING:
    from textual.app import App

KIND = {"choice": "choice", "number": "number", "flag": "bool", "text": "text"}
"""Field kinds as the form knows them."""


class ActionContext(msgspec.Struct, frozen=True):
    """What an action's questions need: the row it acts on, the sides, and the rule set's views."""

    row: Mapping[str, Any] | None
    """The selected row of the action's target view (None when it needs none)."""
    sides: tuple[str, ...] = ()
    """The rule set's sides."""
    view: Callable[[str], Sequence[Mapping[str, Any]]] = lambda name: ()
    """The rows of a rule-set view (for ``choices_from``)."""
    acting: str = ""
    """The side acting in the segment now (a field pre-filled with ``acting-side`` starts on it)."""
    typed: bool = False
    """Whether the game's dice are typed by the referee (``{blank_dice}`` in a text says what a blank dice field does)."""

    def words(self) -> dict[str, Any]:
        """What a dialog's text and placeholders may name: the target row's keys and ``blank_dice``."""
        return {**(self.row or {}), BLANK_DICE: blank_dice(self.typed)}


def target_name(row: Mapping[str, Any] | None) -> str:
    """How the target row is named in titles: its ``name`` (a condition's id, a port's name)."""
    return str((row or {}).get("name", ""))


def dialog_title(action: Action, row: Mapping[str, Any] | None) -> str:
    """The dialog's title: the action's own (target keys filled in), else its name and the target's."""
    if action.dialog:
        return fill(action.dialog, row)
    return f"{action.long_name} {target_name(row)}".strip()


def names_what(f: Field) -> str:
    """What a choice of names from a view names (``ports:name`` -> ``port``, ``own-bases:name`` -> ``base``), or ""
    for a short choice (sides, powers, kinds): a name field is typed, filtered and takes a unique prefix. A text
    field with names from a view offers them as it is typed and sends the text as typed; a text field may take its names
    from any column (``missions:invasion``: the ids of the open invasions), named by the column."""
    view, _, key = f.choices_from.partition(":")
    if f.kind == "text" and key and key not in ("name", "zone"):
        return key.replace("_", " ")  # ids a view's column holds (``missions:invasion``: an invasion's id)
    if f.kind not in ("choice", "text") or key not in ("name", "zone"):
        return ""
    word = view.split("-")[-1]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes")):
        return word[:-2]
    return word.removesuffix("s")


def form_field(f: Field, start: Any, offered: Sequence[str], row: Mapping[str, Any] | None = None,
               words: Mapping[str, Any] | None = None) -> FormField:
    """The form's field for action field ``f`` (a number's bounds as the target ``row`` sets them; its placeholder
    filled from ``words``, :meth:`ActionContext.words`)."""
    return FormField(f.name, f.label, KIND[f.kind], default=start, choices=tuple(offered), required=f.required,
                     minimum=f.min, maximum=largest(f, row), step=f.step, disabled=f.disabled,
                     placeholder=fill(f.placeholder, words), what=names_what(f))


def dialog(action: Action, ctx: ActionContext, asked: Sequence[Field], start: Mapping[str, Any],
           offered: Mapping[str, Sequence[str]], *, error: str = "", error_field: str | None = None) -> Prompt[Any]:
    """The dialog that asks ``asked``: a number, a short choice, or a form (a name to type is a form's field).

    ``error`` (about ``error_field``) is the refusal of the previous try, shown in a form opened again.
    """
    title, text = dialog_title(action, ctx.row), fill(action.text, ctx.words())
    if len(asked) == 1 and asked[0].kind == "number" and not error:
        f = asked[0]
        return NumberPrompt(title, text, default=start[f.name], minimum=f.min, maximum=largest(f, ctx.row), step=f.step)
    if len(asked) == 1 and asked[0].kind == "choice" and not names_what(asked[0]) and not error:
        f = asked[0]
        return ChoicePrompt(title, text, offered[f.name], default=start[f.name])
    return FormPrompt(title, [form_field(f, start[f.name], offered[f.name], ctx.row, ctx.words()) for f in asked], text=text,
                      ok=action.ok, error=error, error_field=error_field)


def only_candidate(start: dict[str, Any], action: Action, offered: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """``start`` with each required text field of ids (an operation's, ``missions:invasion``) that nothing pre-filled
    starting on its one candidate when there is exactly one: the one open invasion a bombardment supports (issue 30
    item 5). With several the field starts empty and Tab completes a unique prefix."""
    for f in action.fields:
        names = [n for n in offered.get(f.name, ()) if n]
        if f.kind == "text" and f.required and names_what(f) and start.get(f.name) in (None, "") and len(names) == 1:
            start[f.name] = names[0]
    return start


def followed(start: dict[str, Any], action: Action, offered: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """``start`` with each field that ``follows`` another starting on that field's value (its first choice when it has
    no start of its own), when it offers it: the Unit of an Army Factory's production starts on ``army`` (issue 22)."""
    for f in action.fields:
        lead = start.get(f.follows) or next(iter(offered.get(f.follows, ())), None) if f.follows else None
        if lead is not None and lead in offered.get(f.name, ()):
            start[f.name] = lead
    return start


Run = Callable[[list[str], bool], Awaitable["str | None"]]
"""Runs the command's words (quietly: the form shows a refusal); returns the refusal, None when done or cancelled."""


async def ask(app: App[Any], action: Action, ctx: ActionContext, run: Run | None = None) -> list[str] | None:
    """Ask what ``action`` needs and return the command's words; None when cancelled or nothing changed.

    With ``run`` the command is run here: a dialog whose command is refused opens again as it was
    (as a form), the refusal under the field it concerns (issue 12, bug 5), until it is done or cancelled.
    """
    offered = {f.name: held_choices(f, choices(f, ctx.sides, ctx.view), ctx.row) for f in action.fields}
    start = only_candidate(followed({f.name: start_value(f, ctx.row, ctx.sides, offered[f.name], ctx.acting)
                                     for f in action.fields}, action, offered), action, offered)
    error, error_field = "", None
    while True:
        values: dict[str, Any] = dict(start)
        asked = list(action.asked())
        for f in action.fields:
            if f.flip:
                current = (ctx.row or {}).get(f.prefill)
                if isinstance(current, (int, float)) and not isinstance(current, bool):
                    asked.append(Field(f.name, f.label, "number", min=f.min, max=f.max, step=f.step, max_from=f.max_from))  # a number is asked
                else:
                    values[f.name] = flipped(f, ctx.row)
        form: FormPrompt | None = None
        shown: dict[str, Any] = {}  # what the dialog showed when it closed, to open it again as it was
        if asked:
            prompt = dialog(action, ctx, asked, start, offered, error=error, error_field=error_field)
            form = prompt if isinstance(prompt, FormPrompt) else None
            answer = await app.push_screen_wait(prompt)
            if answer is None:
                return None
            if isinstance(answer, dict):
                values.update(answer)
                shown = form.typed if form is not None else dict(answer)
            else:
                values[asked[0].name] = answer
                shown = {asked[0].name: number_text(answer) if isinstance(answer, float) else answer}
        words = render(action, values, ctx.row, {f.name: start_value(f, ctx.row, ctx.sides, offered[f.name], ctx.acting)
                                                 for f in action.fields})
        if words is None:
            app.notify(f"{target_name(ctx.row) or action.label}: nothing changed.")
            return None
        if run is None:
            return words
        refusal = await run(words, bool(asked))
        if refusal is None:
            return words
        if not asked:
            return None
        # open it again as it was (a one-question dialog as a form of one field), the refusal under its field
        start = {**start, **shown}
        fields = [form_field(f, start[f.name], offered.get(f.name, ()), ctx.row, ctx.words()) for f in asked]
        error, error_field = refusal, field_of(refusal, fields, shown)
        least = least_offered(refusal, shown.get(error_field)) if error_field else None
        if least is not None:  # the least the rule allows, offered in the field the refusal is about (issue 30 item 6)
            start[error_field] = least
            error = f"{refusal} — {least} offered: Enter takes it"
