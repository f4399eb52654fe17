"""``ChoicePrompt``: pick one of a few choices (capture by which side, sea conditions, ...)."""

from __future__ import annotations

from typing import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from .prompt import Prompt


class ChoicePrompt(Prompt["str | None"]):
    """Dismisses with the chosen text, or None on escape."""

    def __init__(self, title: str, text: str, choices: Sequence[str], *, default: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        """The question in a few words."""
        self.text = text
        """More about it (the rule)."""
        self.choices = list(choices)
        """The answers on offer."""
        self.default = default
        """The choice highlighted first."""

    def compose(self) -> ComposeResult:
        """Question and the list of choices."""
        with Vertical(id="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield OptionList(*(Option(c, id=c) for c in self.choices), id="choices")
            yield Static("↑↓ move · Enter choose · Esc cancel", classes="dialog-hint")

    def on_mount(self) -> None:
        """Highlight the default and focus the list."""
        super().on_mount()
        options = self.query_one("#choices", OptionList)
        if self.default in self.choices:
            options.highlighted = self.choices.index(self.default)
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
