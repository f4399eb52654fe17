"""``ConfirmPrompt``: a yes/no question (go ahead with a refused-unless-forced command, or a confirm prompt)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from .prompt import Prompt


class ConfirmPrompt(Prompt["bool | None"]):
    """Dismisses with True (yes) or False (no); escape gives ``cancel`` (False unless told otherwise)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),  #: Go ahead.
        Binding("n", "answer(False)", "No"),  #: Do not.
    ]
    def __init__(self, title: str, text: str, *, yes: str = "Yes", no: str = "No", cancel: bool | None = False) -> None:
        super().__init__()
        self.CANCEL = cancel
        self.title_text = title
        """The question in a few words."""
        self.text = text
        """What the referee must know to decide."""
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        """Question, explanation, Yes / No."""
        with Vertical(id="dialog", classes="-confirm"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="warning")
                yield Button(f"{self.no} (n)", id="no", variant="default")

    def on_mount(self) -> None:
        """Focus No: going ahead must be a decision."""
        super().on_mount()
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer by key."""
        self.dismiss(yes)
