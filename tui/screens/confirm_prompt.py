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
    """Dismisses with True (yes) or False (no); escape gives ``cancel`` (False unless told otherwise).

    ``default`` is the answer the rules expect (a required prompt's automatic effect: yes; going
    ahead with a refused command: no). Its button is the one drawn as the main button, it has the
    focus, and Enter takes it; the hint says so (issue 22 point 2).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),  #: Go ahead.
        Binding("n", "answer(False)", "No"),  #: Do not.
    ]

    def __init__(self, title: str, text: str, *, yes: str = "Yes", no: str = "No", cancel: bool | None = False,
                 default: bool = False) -> None:
        super().__init__()
        self.CANCEL = cancel
        self.title_text = title
        """The question in a few words."""
        self.text = text
        """What the referee must know to decide."""
        self.yes = yes
        """The label of the yes button."""
        self.no = no
        """The label of the no button."""
        self.default = default
        """The answer Enter takes: its button is drawn as the main one and has the focus."""

    def compose(self) -> ComposeResult:
        """Question, explanation, Yes / No (the default drawn as the main button), what Enter does."""
        with Vertical(id="dialog", classes="-confirm"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="primary" if self.default else "default")
                yield Button(f"{self.no} (n)", id="no", variant="default" if self.default else "primary")
            enter = self.yes if self.default else self.no
            yield Static(f"Enter: {enter} · y {self.yes} · n {self.no} · Esc: not now", classes="dialog-hint",
                         markup=False)

    def on_mount(self) -> None:
        """Focus the default answer's button (the one drawn as the main one)."""
        super().on_mount()
        self.query_one("#yes" if self.default else "#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer by key."""
        self.dismiss(yes)
