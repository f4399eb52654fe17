"""``FormPrompt``: a small form (use capacity, dedicate NTs, a port's fields), checked before it closes.

Enter submits the form from every field (issue 12, bug 3): a checkbox toggles on Space and shows
whether it is on; a short choice opens its menu on Space or the arrows. A name field (a port, a
sea zone, a unit, a base) is typed: the names it could be are listed under it as they are typed,
and a unique prefix is taken, as on the command line (:func:`tui.rules.core.names.resolve_name`).
An error is shown under the field it concerns (or under the form) and the form keeps what was
typed (issue 12, bug 5).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Sequence

import msgspec
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.style import Style
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ..rules.core.errors import RuleError
from ..rules.core.names import resolve_name
from .number_prompt import read_number
from .prompt import Prompt

MATCHES_SHOWN = 8
"""How many of the names a name field could be are listed under it."""
COMPACT_BELOW = 36
"""Below this many lines the form's fields and buttons lose their borders, so a form fits with its buttons at 80x24."""
#: The labels' column: at least this wide, wider for a longer label up to LABEL_MOST (beyond, a label wraps); the
#: dialog is 72 wide, so a field keeps about 37 columns.
LABEL_LEAST, LABEL_MOST = 20, 27


class FormField(msgspec.Struct, frozen=True):
    """One field of a form."""

    name: str
    """The key of the answer in the returned dict."""
    label: str
    """What the referee reads."""
    kind: str = "text"
    """``text``, ``number``, ``bool`` or ``choice``."""
    default: Any = None
    """The starting value (None: empty)."""
    choices: tuple[str, ...] = ()
    """For ``choice``: the values on offer."""
    required: bool = False
    """Empty is refused."""
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None
    """For ``number``: the range, and 1 for whole numbers."""
    disabled: bool = False
    """Shown but not editable (a port's name when editing it)."""
    placeholder: str = ""
    """Hint shown in an empty text or number field."""
    what: str = ""
    """For ``choice``: what the choices name (``port``, ``zone``, ``unit``): the field is typed, filtered as it is
    typed and takes a unique prefix. Empty: a short menu. For ``text`` with ``choices``: the names are offered
    as it is typed, and the text is kept as typed (the command resolves it)."""


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (``a port``, ``an invasion``)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def label_width(fields: Sequence[FormField]) -> int:
    """The width of a form's label column: its longest label on one line (with `` *`` and the gap after it), within
    LABEL_LEAST and LABEL_MOST (issue 22 point 13: the invasion form's labels were cut in two)."""
    longest = max((len(f.label) + (2 if f.required else 0) for f in fields), default=0)
    return max(LABEL_LEAST, min(LABEL_MOST, longest + 1))


class FormCheckbox(Checkbox, inherit_bindings=False):
    """A checkbox that toggles on Space (Enter submits the form) and reads ``yes`` or ``no`` as it is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Toggle", show=False),  #: Turn it on or off.
    ]

    value: reactive[bool] = reactive(False, init=False, layout=True)
    """On or off."""

    WORDS = ("yes", "no")
    """What it reads on and off; it is as wide as the longer, so ``yes`` is never cut to ``ye…`` (issue 30 item 9)."""

    @property
    def _button(self) -> Content:
        """The box: ``✔`` when on, empty when off."""
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        return Content.assemble((self.BUTTON_LEFT, side_style), ("✔" if self.value else " ", button_style),
                                (self.BUTTON_RIGHT, side_style))

    def render(self) -> Content:
        """The box and ``yes`` or ``no``."""
        self._label = self._make_label(self.WORDS[0] if self.value else self.WORDS[1])
        return super().render()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The box, its gap and the longer word: the same width on and off."""
        return self._button.get_optimal_width(self.styles, 0) + 2 + max(len(word) for word in self.WORDS)


class FormSelect(Select[str], inherit_bindings=False):
    """A short menu that opens on Space or the arrows; Enter submits the form."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,space,up", "show_overlay", "Show menu", show=False),  #: Open the menu.
    ]


class NameInput(Input):
    """A typed name among ``choices``: completes as it is typed; ↑/↓ step through the names the text could be."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "step(1)", "Next match", show=False),  #: The next name the text could be.
        Binding("up", "step(-1)", "Previous match", show=False),  #: The previous one.
    ]

    typed = ""
    """What the referee typed (the filter), kept while ↑/↓ step through its matches."""
    _stepping = False

    def __init__(self, value: str, choices: Sequence[str], what: str, *, strict: bool = True, **kwargs: Any) -> None:
        names = [c for c in choices if c]
        super().__init__(value, suggester=SuggestFromList(names, case_sensitive=False), **kwargs)
        self.choices = names
        """The names on offer."""
        self.what = what
        """What they name (``port``), for the refusal."""
        self.strict = strict
        """Only a name on offer (or a unique prefix of one) is taken; else the text is kept as typed."""
        self.typed = value

    def matches(self) -> list[str]:
        """The names the typed text could be (a prefix, any case); every name when nothing is typed."""
        wanted = self.typed.strip().lower()
        return [n for n in self.choices if n.lower().startswith(wanted)]

    def action_step(self, by: int) -> None:
        """Put the next (or previous) name the typed text could be into the field."""
        found = self.matches()
        if not found:
            return
        at = found.index(self.value) + by if self.value in found else (0 if by > 0 else -1)
        self._stepping = True
        self.value = found[at % len(found)]
        self.cursor_position = len(self.value)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        if not self._stepping:
            self.typed = value
        self._stepping = False

    def on_blur(self, event: events.Blur) -> None:
        """Leaving the field (Tab) completes a unique prefix to the whole name or id (``inv`` -> ``invasion-4``), as
        the command line does (issue 30 item 5); a text that is a name, or is the start of several, is kept."""
        typed = self.value.strip().lower()
        found = [n for n in self.choices if n.lower().startswith(typed)] if typed else []
        if len(found) == 1 and found[0] != self.value and all(n.lower() != typed for n in self.choices):
            self.value = found[0]

    def resolve(self) -> str:
        """The name typed, completed from a unique prefix; raise RuleError when it names nothing or several."""
        return resolve_name(self.value, self.choices, self.what)


class FormPrompt(Prompt["dict[str, Any] | None"]):
    """Dismisses with ``{name: value}`` (text ``str``, number ``float`` or None when blank, bool, choice ``str``).

    ``error`` (with ``error_field``, the field it concerns, when known) is shown when the form
    opens: the refusal of what the form asked, the typed values kept in ``fields``' defaults.
    :attr:`typed` holds what every field showed when the form closed, to open it again as it was.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "OK", show=False),  #: Submit from any field (a checkbox, a menu).
    ]

    def __init__(self, title: str, fields: Sequence[FormField], *, text: str = "", ok: str = "OK",
                 error: str = "", error_field: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        """What the form does."""
        self.fields = list(fields)
        """The fields, in order."""
        self.text = text
        """More about it (the rule)."""
        self.ok = ok
        """The label of the OK button."""
        self.error = error
        """A refusal to show when the form opens."""
        self.error_field = error_field
        """The field that refusal concerns (None: the form as a whole)."""
        self.typed: dict[str, Any] = {}
        """What each field showed when the form was submitted (text as typed, a box's state, a menu's choice)."""
        self.refused: dict[str, str] = {}
        """The field whose error is shown and the text it was refused with: the error stays until that text changes."""

    def compose(self) -> ComposeResult:
        """Title, a grid of label + field (its error under it), the form's error, OK / Cancel."""
        with VerticalScroll(id="dialog", classes="-form"):  # a long form scrolls on a small terminal
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            with Grid(classes="form-grid") as grid:
                grid.styles.grid_columns = f"{label_width(self.fields)} 1fr"
                for f in self.fields:
                    yield Label(f.label + (" *" if f.required else ""), classes="form-label", markup=False)
                    with Vertical(classes="form-cell"):
                        yield self._widget(f)
                        if f.what and (f.kind == "choice" or f.choices) and not f.disabled:
                            yield Static("", id=f"matches-{f.name}", classes="form-matches", markup=False)
                        yield Static("", id=f"error-{f.name}", classes="dialog-error form-error", markup=False)
            yield Static("", id="error", classes="dialog-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static("Tab next field · Space ticks a box · Enter OK · Esc cancel", classes="dialog-hint")

    def _widget(self, f: FormField) -> Input | Checkbox | Select[str]:
        wid = f"field-{f.name}"
        if f.kind == "bool":
            return FormCheckbox("yes", bool(f.default), id=wid, disabled=f.disabled)
        if f.what and (f.kind == "choice" or f.choices):
            start = "" if f.default is None else str(f.default)
            return NameInput(start, f.choices, f.what, id=wid, disabled=f.disabled, strict=f.kind == "choice",
                             placeholder=f.placeholder or f"type {article(f.what)} {f.what}: a few letters do")
        if f.kind == "choice":
            options = [(c or "—", c) for c in f.choices]  # "" is "none": its part of the command is left out
            value = f.default if f.default in f.choices else f.choices[0]
            return FormSelect(options, value=value, allow_blank=False, id=wid, disabled=f.disabled)
        value = "" if f.default is None else str(f.default)
        return Input(value, placeholder=f.placeholder, id=wid, disabled=f.disabled)

    def on_resize(self, event: events.Resize) -> None:
        """On a short terminal, compact fields and buttons (one line each) so the buttons stay on screen."""
        self._compact(event.size.height < COMPACT_BELOW)
        self.call_after_refresh(self._compact_if_cut)

    def _compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")
        for widget in self.query("#dialog Input, #dialog Select, #dialog Button").results():
            widget.compact = compact  # type: ignore[attr-defined]

    def _compact_if_cut(self) -> None:
        """A form that does not fit at full size (it would scroll, its key hint cut) is drawn compact: a patrol
        form's five fields at 120x36 (issue 22 point 7)."""
        dialog = self.query_one("#dialog")
        if not self.has_class("-compact") and dialog.max_scroll_y > 0:
            self._compact(True)

    def on_mount(self) -> None:
        """Focus the field the refusal concerns, else the first empty one (a required field is empty), else the first
        that can be edited; show the refusal."""
        super().on_mount()
        for f in self.fields:
            if f.what and (f.kind == "choice" or f.choices) and not f.disabled:
                self._show_matches(self.query_one(f"#field-{f.name}", NameInput))
        if self.error:
            self.show_error(self.error, self.error_field)
        target = next((f for f in self.fields if f.name == self.error_field and not f.disabled), None)
        target = target or self._first_to_fill()
        target = target or next((f for f in self.fields if not f.disabled and not self._settled(f)), None)
        target = target or next((f for f in self.fields if not f.disabled), None)
        if target is not None:
            self.query_one(f"#field-{target.name}").focus()

    def _first_to_fill(self) -> FormField | None:
        """Where a form with a required field left empty starts: its first empty field up to that one, the fields
        pre-filled from the selected row passed over (issue 22 point 6); None when no required field is empty."""
        for f in self.fields:
            if not f.disabled and self._empty(f):
                if any(g.required and not g.disabled and self._empty(g) for g in self.fields[self.fields.index(f):]):
                    return f
                return None
        return None

    def _settled(self, f: FormField) -> bool:
        """Whether name field ``f`` holds its only candidate (the one open invasion): a form with nothing left to fill
        starts after it, so a letter typed picks the next choice instead of being added to the id (issue 30 item 5)."""
        widget = self.query_one(f"#field-{f.name}")
        return isinstance(widget, NameInput) and len(f.choices) == 1 and widget.value == f.choices[0]

    def _empty(self, f: FormField) -> bool:
        """Whether text or number field ``f`` is empty (a box or a menu never is)."""
        widget = self.query_one(f"#field-{f.name}")
        return isinstance(widget, Input) and not widget.value.strip()

    @on(Input.Changed)
    def _typing(self, event: Input.Changed) -> None:
        if isinstance(event.input, NameInput):
            self._show_matches(event.input)
        name = (event.input.id or "").removeprefix("field-")
        f = next((f for f in self.fields if f.name == name), None)
        if f is not None:
            self._recheck(f)

    def _recheck(self, f: FormField) -> None:
        """As field ``f`` is typed: a number out of its bounds says so under it; an error fixed there goes (issue 22 point 6)."""
        error = self.query_one(f"#error-{f.name}", Static)
        if f.name in self.refused and self.refused[f.name] == self.query_one(f"#field-{f.name}", Input).value:
            return  # still the value the command refused: its reason stays
        try:
            self._value(f)
        except FieldError as exc:
            if f.kind == "number" and not self._empty(f):
                error.update(f"✗ {exc.message}")
                error.add_class("-shown")
            return
        error.remove_class("-shown")

    def _show_matches(self, field: NameInput) -> None:
        """List the names the typed text could be under the field (type-to-filter)."""
        name = (field.id or "").removeprefix("field-")
        found = field.matches()
        if not field.typed.strip():
            text = f"{len(found)} to choose from · type a few letters · ↑↓ step through them"
        elif not found:
            text = f"no {field.what} starts with '{field.typed.strip()}'"
        else:
            more = f" … +{len(found) - MATCHES_SHOWN} more" if len(found) > MATCHES_SHOWN else ""
            text = ", ".join(found[:MATCHES_SHOWN]) + more
        self.query_one(f"#matches-{name}", Static).update(text)

    def show_error(self, message: str, field: str | None = None) -> None:
        """Show ``message`` under field ``field`` (or under the form), clearing the others."""
        for f in self.fields:
            self.query_one(f"#error-{f.name}", Static).remove_class("-shown")
        self.query_one("#error", Static).remove_class("-shown")
        where = self.query_one(f"#error-{field}" if field in {f.name for f in self.fields} else "#error", Static)
        where.update(f"✗ {message}")
        where.add_class("-shown")
        widget = self.query_one(f"#field-{field}") if field in {f.name for f in self.fields} else None
        self.refused = {field: widget.value} if isinstance(widget, Input) and field is not None else {}

    def values(self) -> dict[str, Any]:
        """Read and check every field; raise :class:`FieldError` naming the first bad one."""
        return {f.name: self._value(f) for f in self.fields}

    def _value(self, f: FormField) -> Any:
        """Read and check field ``f``; raise :class:`FieldError` when it is refused."""
        widget = self.query_one(f"#field-{f.name}")
        if isinstance(widget, Checkbox):
            return widget.value
        if isinstance(widget, Select):
            return str(widget.value)
        if isinstance(widget, NameInput) and not widget.strict:
            return widget.value.strip() or None
        if isinstance(widget, NameInput):
            if not widget.value.strip():
                if f.required:
                    raise FieldError(f.name, f"{f.label}: needed")
                return ""
            try:
                return widget.resolve()
            except RuleError as exc:
                raise FieldError(f.name, str(exc)) from None
        assert isinstance(widget, Input)
        text = widget.value.strip()
        if not text:
            if f.required:
                raise FieldError(f.name, f"{f.label}: needed")
            return None
        if f.kind == "number":
            try:
                return read_number(text, f.minimum, f.maximum, f.step)
            except ValueError as exc:
                raise FieldError(f.name, f"{f.label}: {exc}") from None
        return text

    def shown(self) -> dict[str, Any]:
        """What every field shows now: typed text as typed, a box's state, a menu's choice."""
        out: dict[str, Any] = {}
        for f in self.fields:
            widget = self.query_one(f"#field-{f.name}")
            out[f.name] = widget.value if isinstance(widget, (Checkbox, Input)) else str(widget.value)  # type: ignore[union-attr]
        return out

    def action_submit(self) -> None:
        """Submit (Enter from a checkbox or a menu)."""
        self._submit()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        try:
            values = self.values()
        except FieldError as exc:
            self.show_error(exc.message, exc.field)
            self.query_one(f"#field-{exc.field}").focus()
            return
        for f in self.fields:  # a completed name shows in full
            widget = self.query_one(f"#field-{f.name}")
            if isinstance(widget, NameInput) and widget.strict and values[f.name]:
                widget.value = values[f.name]
        self.typed = self.shown()
        self.dismiss(values)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)


class FieldError(ValueError):
    """A field's value is refused: which field, and why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        """The field's name."""
        self.message = message
        """Why it is refused."""


def field_of(message: str, fields: Sequence[FormField], shown: dict[str, Any]) -> str | None:
    """The field a refusal is about: one whose typed value the message quotes; else a number field whose value the
    message says is too small (``patrol: 9 hexes is shorter than the 14 hexes ... to C40`` is about the distance, not
    the sea hex it also names, issue 30 item 6); else one whose text it names; None if none."""
    lower = message.lower()
    for f in fields:
        value = str(shown.get(f.name) or "").strip()
        if value and not isinstance(shown.get(f.name), bool) and f"'{value.lower()}'" in lower:
            return f.name
    for f in fields:
        if f.kind == "number" and not f.disabled and least_offered(message, shown.get(f.name)) is not None:
            return f.name
    for f in fields:
        value = shown.get(f.name)
        if isinstance(value, str) and len(value.strip()) >= 3 and value.strip().lower() in lower and not f.disabled:
            return f.name
    return None


LEAST = re.compile(r"(?<![\w.])(?P<typed>\d+(?:\.\d+)?) (?P<unit>[a-z]+) is (?:shorter|less|fewer) than the "
                   r"(?P<least>\d+(?:\.\d+)?) (?P=unit)\b")
"""A refusal that states the least value a number may take: ``9 hexes is shorter than the 14 hexes``."""


def least_offered(message: str, typed: Any) -> str | None:
    """The least value a refusal of number ``typed`` states (``14`` in "patrol: 9 hexes is shorter than the 14 hexes
    from Scapa Flow (C26) to C40 on the map ... (21.36A)"), to offer in the field; None when it states none."""
    for found in LEAST.finditer(message.lower()):
        if found["typed"] == str(typed or "").strip():
            return found["least"]
    return None
