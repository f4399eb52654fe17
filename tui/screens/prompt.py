"""``Prompt``: the base of every modal question. Escape cancels; the answer comes back through ``dismiss``."""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

T = TypeVar("T")


class Prompt(ModalScreen[T], Generic[T]):
    """A modal dialog; subclasses compose the ``#dialog`` and call ``dismiss(answer)``."""

    CSS_PATH = "prompts.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),  #: Close without answering.
    ]

    CANCEL: Any = None
    """What ``escape`` dismisses with (``None``; ``False`` for a yes/no question)."""

    def on_mount(self) -> None:
        """Subclasses focus their first field here."""

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(self.CANCEL)
