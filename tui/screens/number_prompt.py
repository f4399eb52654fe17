"""``NumberPrompt``: a number in a range, checked before the dialog closes (hits, REs, mine points, ...)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ..rules.core.errors import RuleError
from ..rules.core.explain import fmt_number
from ..rules.core.numbers import read_amount
from .prompt import Prompt

def read_number(text: str, minimum: float | None, maximum: float | None, step: float | None) -> float:
    """Read ``text`` as a game number (``1½`` allowed); raise ValueError with a message for the referee.

    The text is read by :func:`tui.rules.core.numbers.read_amount` (no NaN, no
    infinity, no digit string too long to be a game number); the range and
    step are then checked here with the dialog's own wording.
    """
    shown = text.strip() or " "
    try:
        value = read_amount(text, "the number", None, None)
    except RuleError:
        raise ValueError(f"'{shown[:24]}' is not a number") from None
    if minimum is not None and value < minimum:
        raise ValueError(f"at least {fmt_number(minimum)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"at most {fmt_number(maximum)}")
    if step and round(value / step) * step != value:
        raise ValueError("a whole number" if step == 1 else f"in steps of {fmt_number(step)}")
    return value


def range_text(minimum: float | None, maximum: float | None) -> str:
    """``1 to 4``, ``at least 1``, ``at most 4`` or ``any number``."""
    if minimum is not None and maximum is not None:
        return f"{fmt_number(minimum)} to {fmt_number(maximum)}"
    if minimum is not None:
        return f"at least {fmt_number(minimum)}"
    if maximum is not None:
        return f"at most {fmt_number(maximum)}"
    return "any number"


def number_text(value: float) -> str:
    """A number for a command line: ``2``, ``1.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


class NumberPrompt(Prompt["float | None"]):
    """Dismisses with the number, or None on escape; a bad entry is shown inline and the dialog stays.

    Its bounds are shown under the field and checked as it is typed (issue 22 point 6).
    """

    def __init__(self, title: str, text: str = "", *, default: float | None = None, minimum: float | None = None,
                 maximum: float | None = None, step: float | None = None) -> None:
        super().__init__()
        self.title_text = title
        """The question in a few words."""
        self.text = text
        """More about it (the rule)."""
        self.default = default
        """Pre-filled (selected, so typing replaces it)."""
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        """1 for whole numbers, 0.5 for halves, None for any."""

    def compose(self) -> ComposeResult:
        """Question, input, inline error, OK / Cancel."""
        rng = range_text(self.minimum, self.maximum)
        with Vertical(id="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield Input("" if self.default is None else number_text(self.default), placeholder=rng, id="number")
            yield Static("", id="error", classes="dialog-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static(f"{rng} · Enter OK · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        """Focus the input (its text selected)."""
        super().on_mount()
        self.query_one("#number", Input).focus()

    @on(Input.Changed)
    def _typing(self, event: Input.Changed) -> None:
        """Check the number as it is typed: out of its bounds, it says so under it; fixed, that goes (issue 22 point 6)."""
        error = self.query_one("#error", Static)
        if not event.value.strip():
            error.remove_class("-shown")
            return
        try:
            read_number(event.value, self.minimum, self.maximum, self.step)
        except ValueError as exc:
            error.update(f"✗ {exc}")
            error.add_class("-shown")
            return
        error.remove_class("-shown")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        field = self.query_one("#number", Input)
        try:
            value = read_number(field.value, self.minimum, self.maximum, self.step)
        except ValueError as exc:
            error = self.query_one("#error", Static)
            error.update(f"✗ {exc}")
            error.add_class("-shown")
            field.focus()
            return
        self.dismiss(value)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
