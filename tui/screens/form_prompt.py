"""``FormPrompt``: a small form (use capacity, dedicate NTs, a port's fields), checked before it closes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from .number_prompt import read_number
from .prompt import Prompt

COMPACT_BELOW = 36
"""Below this many lines the form's fields and buttons lose their borders, so a form fits with its buttons at 80x24."""


@dataclass(frozen=True)
class FormField:
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


class FormPrompt(Prompt["dict[str, Any] | None"]):
    """Dismisses with ``{name: value}`` (text ``str``, number ``float`` or None when blank, bool, choice ``str``)."""

    def __init__(self, title: str, fields: Sequence[FormField], *, text: str = "", ok: str = "OK") -> None:
        super().__init__()
        self.title_text = title
        """What the form does."""
        self.fields = list(fields)
        """The fields, in order."""
        self.text = text
        """More about it (the rule)."""
        self.ok = ok
        """The label of the OK button."""

    def compose(self) -> ComposeResult:
        """Title, a grid of label + field, inline error, OK / Cancel."""
        with VerticalScroll(id="dialog", classes="-form"):  # a long form scrolls on a small terminal
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            with Grid(classes="form-grid"):
                for f in self.fields:
                    yield Label(f.label + (" *" if f.required else ""), classes="form-label", markup=False)
                    yield self._widget(f)
            yield Static("", id="error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static("Tab next field · Enter OK · Esc cancel", classes="dialog-hint")

    def _widget(self, f: FormField) -> Input | Checkbox | Select[str]:
        wid = f"field-{f.name}"
        if f.kind == "bool":
            return Checkbox("yes", bool(f.default), id=wid, disabled=f.disabled)
        if f.kind == "choice":
            options = [(c or "—", c) for c in f.choices]  # "" is "none": its part of the command is left out
            value = f.default if f.default in f.choices else f.choices[0]
            return Select(options, value=value, allow_blank=False, id=wid, disabled=f.disabled)
        value = "" if f.default is None else str(f.default)
        return Input(value, placeholder=f.placeholder, id=wid, disabled=f.disabled)

    def on_resize(self, event: events.Resize) -> None:
        """On a short terminal, compact fields and buttons (one line each) so the buttons stay on screen."""
        compact = event.size.height < COMPACT_BELOW
        self.set_class(compact, "-compact")
        for widget in self.query("#dialog Input, #dialog Select, #dialog Button").results():
            widget.compact = compact  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        """Focus the first field that can be edited."""
        super().on_mount()
        for f in self.fields:
            if not f.disabled:
                self.query_one(f"#field-{f.name}").focus()
                break

    def values(self) -> dict[str, Any]:
        """Read and check every field; raise ValueError naming the first bad one."""
        out: dict[str, Any] = {}
        for f in self.fields:
            widget = self.query_one(f"#field-{f.name}")
            if isinstance(widget, Checkbox):
                out[f.name] = widget.value
            elif isinstance(widget, Select):
                out[f.name] = str(widget.value)
            else:
                assert isinstance(widget, Input)
                text = widget.value.strip()
                if not text:
                    if f.required:
                        raise ValueError(f"{f.label}: needed")
                    out[f.name] = None
                elif f.kind == "number":
                    try:
                        out[f.name] = read_number(text, f.minimum, f.maximum, f.step)
                    except ValueError as exc:
                        raise ValueError(f"{f.label}: {exc}") from None
                else:
                    out[f.name] = text
        return out

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        try:
            values = self.values()
        except ValueError as exc:
            error = self.query_one("#error", Static)
            error.update(f"✗ {exc}")
            error.add_class("-shown")
            return
        self.dismiss(values)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
