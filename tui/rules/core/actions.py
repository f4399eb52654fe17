"""Actions as data: what a mode's keys do, the command each one runs, and what it asks first.

A rule set lists its actions per mode in ``RuleSet.actions`` (``"ports"``,
``"zones"``). The screens build their key bindings, key legend, dialogs and
command palette entries from these tables; they never name a rule set's
commands themselves.

An action's ``verb`` is a command template: words separated by spaces, in
which ``{x}`` is the value of field ``x`` or, when there is no such field,
the value of key ``x`` in the row the action acts on (its ``target``: the
selected port, the selected condition, ...). :func:`render` turns a template
and the answers into the command's words; it needs nothing but this module.

Rendering a word (see :func:`render`):

* a word whose placeholder has no value (blank text, ``None``, a flag that is
  off and has an ``option``) is left out, so optional parts vanish;
* a flag that is on gives its ``option`` (``--he``) or ``on``; off without an
  option gives ``off``;
* a number is written as players type it (``2``, ``1.5``), a list joined by
  commas, a text field with ``words`` split into several words;
* in an edit (``changed_only``), a ``key={field}`` word is kept only when the
  field's value differs from what it was pre-filled with.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

import msgspec

FIELD_KINDS = ("choice", "number", "flag", "text")
"""What a field asks for: one of a few choices, a number, yes/no, or free text."""

SIDES = "sides"
"""``Field.choices_from``: the rule set's sides."""

OTHER_SIDE = "other-side"
"""``Field.prefill``: the first side that is not the target row's ``owner`` (capture by the enemy)."""

ACTING_SIDE = "acting-side"
"""``Field.prefill``: the side that acts in the segment now (the phasing one; the other one in a reaction phase),
whichever side the target row is about (issue 30 item 8: a batch of checks is of the shipping that moves)."""

BLANK_DICE = "blank_dice"
"""The key an action's ``text`` and a field's ``placeholder`` may name (``{blank_dice}``): what a blank dice field does
in this game (:func:`blank_dice`)."""


def blank_dice(typed: bool) -> str:
    """What leaving the dice blank does: the app rolls, or, in a game of typed dice (``set dice typed``), each roll
    is asked for in the dice dialog (issue 30 item 8)."""
    return "each roll is asked for" if typed else "the app rolls"

PLACEHOLDER = re.compile(r"\{([^{}]+)\}")


class Field(msgspec.Struct, frozen=True):
    """One value an action asks for before it runs."""

    name: str
    """The placeholder it fills in the verb template (``{n}``)."""
    label: str
    """What the referee reads next to it."""
    kind: str = "text"
    """``choice``, ``number``, ``flag`` or ``text`` (:data:`FIELD_KINDS`)."""
    choices: tuple[str, ...] = ()
    """For ``choice``: the values on offer (``""`` offers "none", and its word is left out)."""
    choices_from: str = ""
    """For ``choice``: ``"sides"``, or ``"VIEW:KEY"`` — the values of KEY in the rows of rule-set view VIEW. For ``text``:
    ``"VIEW:KEY"`` names offered as the field is typed (the text is sent as typed: the command resolves it)."""
    min: float | None = None
    """For ``number``: the smallest value allowed."""
    max: float | None = None
    """For ``number``: the largest value allowed."""
    max_from: str = ""
    """For ``number``: a key of the target row whose value is also a largest value (``capacity_left``: the REs left);
    the dialog shows and checks the smaller of it and ``max``."""
    step: float | None = None
    """For ``number``: 1 for whole numbers, 0.5 for halves, None for any."""
    default: Any = None
    """The starting value when nothing is pre-filled."""
    prefill: str = ""
    """A key of the target row whose value is the starting value (or ``"other-side"``, ``"acting-side"``)."""
    required: bool = False
    """Blank is refused in the dialog."""
    option: str = ""
    """For ``flag``: the word it adds when on (``--he``); without it a flag is written ``on``/``off``."""
    words: bool = False
    """For ``text``: the text is several words of the command (``sp:3 unit empty-nt``)."""
    flip: bool = False
    """For ``flag``: not asked — the opposite of the pre-filled value (a toggle). A number there is asked instead."""
    disabled: bool = False
    """Shown in a form but not editable (the name of the port being edited)."""
    placeholder: str = ""
    """Hint shown in an empty text or number field (may name ``{blank_dice}``, as the action's ``text`` may)."""
    present: bool = False
    """For ``choice``: offer only the values the target row holds (a key of the row with a value, 0 included): a
    city's own factories, not every kind. None held: every value is offered and the command says why not."""
    follows: str = ""
    """For ``choice``: another field's name; this one starts on the value that field starts on when it offers it (a
    factory's own kind of unit: an Army Factory's form starts on ``army``, not on the first unit listed)."""


class Action(msgspec.Struct, frozen=True):
    """One command bound to a key in a mode, and how its arguments are asked for."""

    id: str
    """Unique within its mode (``hit``); the palette and the screen's ``act`` name it."""
    key: str
    """The key that runs it (Textual key name); ``""``: only in the palette and in menus."""
    label: str
    """Short label for the footer and the key legend."""
    verb: str
    """The command template (``hit {name} {n}``); empty for a menu."""
    help: str
    """One line for the palette and the key's tooltip."""
    rule: str = ""
    """The rule it applies, for the help."""
    fields: tuple[Field, ...] = ()
    """What it asks, in order."""
    target: str = ""
    """The view whose selected row it acts on (``ports``, ``conditions``); ``""``: none needed."""
    title: str = ""
    """The palette's name for it when the label is not enough (``Use capacity of``)."""
    dialog: str = ""
    """The dialog's title; may name target-row keys (``Hit {name}``). Default: the palette name and the target."""
    text: str = ""
    """What the dialog says about it (the rule); may name target-row keys (``{capacity_left} REs left``)."""
    ok: str = "OK"
    """The label of a form's OK button."""
    footer: bool = True
    """Shown in the footer (every action is in the key legend and the palette)."""
    changed_only: bool = False
    """An edit: only the ``key={field}`` words whose field changed are sent; nothing changed, nothing sent."""
    menu: tuple[str, ...] = ()
    """A menu: the ids of the actions it offers (its own ``verb`` is unused)."""
    requires: str = ""
    """A key of the target row that must hold a value for the action to apply there (a menu offers only those)."""

    def applies(self, row: Mapping[str, Any] | None) -> bool:
        """Whether the action applies to ``row`` (always, unless it ``requires`` a value the row lacks)."""
        return not self.requires or bool((row or {}).get(self.requires))

    @property
    def long_name(self) -> str:
        """The palette's name: ``title`` or the label."""
        return self.title or self.label

    def asked(self) -> tuple[Field, ...]:
        """The fields a dialog shows (a ``flip`` flag is not asked)."""
        return tuple(f for f in self.fields if not f.flip)


def number_word(value: float) -> str:
    """A number for a command line: ``2``, ``1.5``."""
    return str(int(value)) if float(value) == int(value) else f"{value:g}"


def word(value: Any) -> str:
    """A value as it is written in a command or a dialog text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return number_word(value)
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return "" if value is None else str(value)


def fill(template: str, row: Mapping[str, Any] | None) -> str:
    """``template`` with ``{key}`` replaced by the target row's values (unknown keys kept as they are)."""
    row = row or {}
    return PLACEHOLDER.sub(lambda m: word(row[m.group(1)]) if m.group(1) in row else m.group(0), template)


def choices(f: Field, sides: Sequence[str], view: Callable[[str], Sequence[Mapping[str, Any]]]) -> tuple[str, ...]:
    """The values field ``f`` offers: its own, the sides, or the distinct values of a view's column."""
    if f.choices:
        return f.choices
    if f.choices_from == SIDES:
        return tuple(sides)
    if ":" in f.choices_from:
        name, _, key = f.choices_from.partition(":")
        return tuple(dict.fromkeys(word(r.get(key)) for r in view(name) if r.get(key) not in (None, "")))
    return ()


def held_choices(f: Field, offered: Sequence[str], row: Mapping[str, Any] | None) -> tuple[str, ...]:
    """``offered`` narrowed, for a ``present`` field, to the values the target row holds."""
    if not f.present or not row:
        return tuple(offered)
    held = tuple(v for v in offered if row.get(v) is not None)
    return held or tuple(offered)


def largest(f: Field, row: Mapping[str, Any] | None) -> float | None:
    """The largest value field ``f`` takes on ``row``: its ``max``, lowered to the row's ``max_from`` value.

    A row value below ``min`` (no hits to repair) is not a bound: the command then refuses with the rule's reason."""
    bound = (row or {}).get(f.max_from) if f.max_from else None
    if isinstance(bound, bool) or not isinstance(bound, (int, float)) or (f.min is not None and bound < f.min):
        return f.max
    return float(bound) if f.max is None else min(f.max, float(bound))


def start_value(f: Field, row: Mapping[str, Any] | None, sides: Sequence[str] = (), offered: Sequence[str] = (),
                acting: str = "") -> Any:
    """The value field ``f`` starts with: pre-filled from the target row (or ``acting``, the side acting now), else
    its default."""
    row = row or {}
    if f.prefill == ACTING_SIDE:
        return acting or f.default
    if f.prefill == OTHER_SIDE:
        owner = row.get("owner")
        return next((s for s in sides if s != owner), f.default)
    if not f.prefill or f.prefill not in row:
        return f.default
    value = row[f.prefill]
    if f.kind == "choice" and ("yes" in offered or "no" in offered) and (value is None or isinstance(value, bool)):
        return "yes" if value else "no"
    if f.kind in ("text", "choice"):
        return word(value) if value is not None else None
    return value


def _value_word(f: Field | None, value: Any) -> list[str] | None:
    """The words a value gives, or None when its word is left out."""
    if f is not None and f.kind == "flag":
        if f.option:
            return [f.option] if value else None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return [number_word(value)]  # a flip flag whose row holds a number: the number asked
        return ["on" if value else "off"]
    if value is None or value == "" or value is False:
        return None
    if f is not None and f.words:
        return str(value).split() or None
    return [word(value)]


def render(action: Action, values: Mapping[str, Any], row: Mapping[str, Any] | None = None,
           start: Mapping[str, Any] | None = None) -> list[str] | None:
    """The command's words for ``values`` (field answers) on target ``row``; None when an edit changed nothing.

    ``start`` holds the values the fields were pre-filled with (an edit sends only what changed).
    """
    fields = {f.name: f for f in action.fields}
    row = row or {}
    start = start or {}
    out: list[str] = []
    changed = False
    for token in action.verb.split():
        names = PLACEHOLDER.findall(token)
        if not names:
            out.append(token)
            continue
        if action.changed_only and "=" in token and all(n in fields for n in names):
            if all(word(values.get(n)) == word(start.get(n)) for n in names):
                continue
            changed = True
            out.append(PLACEHOLDER.sub(lambda m: word(values.get(m.group(1))), token))
            continue
        if len(names) == 1 and token == "{" + names[0] + "}":
            name = names[0]
            value = values[name] if name in fields else row.get(name)
            parts = _value_word(fields.get(name), value)
            if parts is not None:
                out.extend(parts)
            continue
        filled: list[str] = []
        for name in names:
            value = values[name] if name in fields else row.get(name)
            parts = _value_word(fields.get(name), value)
            if parts is None:
                break
            filled.append(" ".join(parts))
        else:
            it = iter(filled)
            out.append(PLACEHOLDER.sub(lambda m: next(it), token))
    if action.changed_only and not changed:
        return None
    return out


def flipped(f: Field, row: Mapping[str, Any] | None) -> Any:
    """The value a ``flip`` flag sends: the opposite of the target row's value."""
    value = (row or {}).get(f.prefill)
    if isinstance(value, str):
        return value.lower() not in ("yes", "on", "true", "1")
    return not value


__all__ = ["ACTING_SIDE", "Action", "BLANK_DICE", "Field", "FIELD_KINDS", "OTHER_SIDE", "SIDES", "blank_dice", "choices",
           "fill", "flipped", "number_word", "render", "start_value", "word"]
