"""``DicePrompt``: a roll the rules call for — the app rolls it, or the referee types physical dice (or declines)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ..rules.core.dice import DiceSpec, parse_faces, roll_typed
from ..rules.core.errors import RuleError
from .prompt import Prompt

ROLL = "roll"
DECLINE = "decline"


def check_faces(spec: str, text: str) -> str:
    """Typed faces for ``spec`` as ``3,5``; raise ValueError with the reason when they cannot be those dice."""
    try:
        dice = DiceSpec.parse(spec)
        faces = parse_faces(text)
        roll_typed(dice, faces)
    except RuleError as exc:
        raise ValueError(str(exc)) from None
    return ",".join(str(f) for f in faces)


class DicePrompt(Prompt["str | None"]):
    """Dismisses with ``"roll"``, ``"decline"`` or the typed faces (``"3,5"``); None on escape."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "roll", "Roll", priority=True),  #: Let the app roll (seeded, logged).
    ]

    def __init__(self, title: str, text: str, spec: str, *, decline: bool = False) -> None:
        super().__init__()
        self.title_text = title
        """What the roll is for."""
        self.text = text
        """The rule and what the result means."""
        self.spec = spec
        """The dice, e.g. ``1d6`` or ``2d6+1``."""
        self.decline = decline
        """Whether the roll may be declined (an optional roll)."""

    def compose(self) -> ComposeResult:
        """What is rolled, the Roll button, a field for typed dice, Decline when allowed."""
        with Vertical(id="dialog", classes="-dice"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield Static(f"Dice: [b]{self.spec}[/b]", classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Roll (ctrl+r)", id="roll", variant="primary")
                if self.decline:
                    yield Button("Decline", id="decline", variant="warning")
                yield Button("Cancel", id="cancel")
            yield Label("…or type the faces of your physical dice:", classes="dialog-text")
            with Horizontal(classes="dialog-row"):
                yield Input(placeholder=f"faces for {self.spec}, e.g. {self._example()}", id="faces")
                yield Button("Use typed", id="typed")
            yield Static("", id="error", classes="dialog-error")
            yield Static("Enter rolls (Roll is focused) · or type the faces + Enter · Esc: not now", classes="dialog-hint")

    def _example(self) -> str:
        try:
            dice = DiceSpec.parse(self.spec)
        except RuleError:
            return "3"
        return ",".join(str(min(dice.sides, 3 + i)) for i in range(dice.count))

    def on_mount(self) -> None:
        """Focus Roll."""
        super().on_mount()
        self.query_one("#roll", Button).focus()

    def action_roll(self) -> None:
        """Let the app roll."""
        self.dismiss(ROLL)

    @on(Button.Pressed, "#roll")
    def _roll(self) -> None:
        self.dismiss(ROLL)

    @on(Button.Pressed, "#decline")
    def _decline(self) -> None:
        self.dismiss(DECLINE)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    @on(Button.Pressed, "#typed")
    def _typed(self) -> None:
        field = self.query_one("#faces", Input)
        try:
            faces = check_faces(self.spec, field.value)
        except ValueError as exc:
            error = self.query_one("#error", Static)
            error.update(f"✗ {exc}")
            error.add_class("-shown")
            field.focus()
            return
        self.dismiss(faces)
