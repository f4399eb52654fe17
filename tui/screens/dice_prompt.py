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
    """Dismisses with ``"roll"``, ``"decline"`` or the typed faces (``"3,5"``); None on escape.

    With ``typed`` (the game's ``set dice typed``: the referee rolls physical dice) the faces
    field comes first and has the focus, Enter uses the typed faces, and the app rolls only on
    its own key (ctrl+r) or a click on its button, never on Enter (issue 12, bug 1).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "roll", "Roll", priority=True),  #: Let the app roll (seeded, logged).
    ]

    def __init__(self, title: str, text: str, spec: str, *, decline: bool = False, typed: bool = False) -> None:
        super().__init__()
        self.title_text = title
        """What the roll is for."""
        self.text = text
        """The rule and what the result means."""
        self.spec = spec
        """The dice, e.g. ``1d6`` or ``2d6+1``."""
        self.decline = decline
        """Whether the roll may be declined (an optional roll)."""
        self.typed = typed
        """Whether the referee rolls physical dice here: the faces field leads and Enter never lets the app roll."""

    def compose(self) -> ComposeResult:
        """What is rolled, a field for typed dice, the Roll button, Decline when allowed; typed dice first when typed."""
        with Vertical(id="dialog", classes="-dice"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield Static(f"Dice: [b]{self.spec}[/b]", classes="dialog-text")
            if self.typed:
                yield from self._faces("Type the faces of your dice:")
                yield from self._buttons()
                yield Static("Enter uses the typed faces · ctrl+r lets the app roll · Esc: not now", classes="dialog-hint")
            else:
                yield from self._buttons()
                yield from self._faces("…or type the faces of your physical dice:")
                yield Static("Enter rolls (Roll is focused) · or type the faces + Enter · Esc: not now", classes="dialog-hint")

    def _faces(self, label: str) -> ComposeResult:
        yield Label(label, classes="dialog-text")
        with Horizontal(classes="dialog-row"):
            yield Input(placeholder=f"faces for {self.spec}, e.g. {self._example()}", id="faces")
            yield Button("Use typed", id="typed", variant="primary" if self.typed else "default")
        yield Static("", id="error", classes="dialog-error", markup=False)

    def _buttons(self) -> ComposeResult:
        with Horizontal(classes="dialog-buttons"):
            roll = Button("Let the app roll (ctrl+r)" if self.typed else "Roll (ctrl+r)", id="roll",
                          variant="default" if self.typed else "primary")
            if self.typed:  # never focused: Enter cannot reach it, only its key or a click
                roll.can_focus = False
            yield roll
            if self.decline:
                yield Button("Decline", id="decline", variant="warning")
            yield Button("Cancel", id="cancel")

    def _example(self) -> str:
        try:
            dice = DiceSpec.parse(self.spec)
        except RuleError:
            return "3"
        return ",".join(str(min(dice.sides, 3 + i)) for i in range(dice.count))

    def on_mount(self) -> None:
        """Focus the faces field when the referee rolls, else Roll."""
        super().on_mount()
        self.query_one("#faces" if self.typed else "#roll").focus()

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
