"""``Prompt``: the base of every modal question. Escape cancels; the answer comes back through ``dismiss``."""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Iterable, TypeVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.notifications import Notification
from textual.screen import ModalScreen
from textual.widgets import Static

T = TypeVar("T")


NOTICES_SHOWN = 2
"""How many of the latest notifications a dialog shows at its top."""

MARKS = {"information": "ⓘ", "warning": "⚠", "error": "✗"}


def notice_text(notices: Iterable[Notification]) -> str:
    """The latest notifications as lines: ``✗ Refused — nothing changed: …``.

    Only the lines of a message that say something are kept: the faces of a roll drawn three lines high in its toast
    would push a dialog's fields off a short terminal (issue 22); the line of each die stays."""
    lines = []
    for n in list(notices)[-NOTICES_SHOWN:]:
        head = f"{n.title}: " if n.title else ""
        said = [line for line in n.message.splitlines() if any(c.isalnum() for c in line)] or [n.message]
        lines.append(f"{MARKS.get(n.severity, 'ⓘ')} {head}{said[0]}")
        lines.extend(said[1:])
    return "\n".join(lines)


class Prompt(ModalScreen[T], Generic[T]):
    """A modal dialog; subclasses compose the ``#dialog`` and call ``dismiss(answer)``.

    Notifications never cover a dialog (issue 12, bug 4): no toast is drawn over it, and the
    latest ones still showing (a refusal that asks the same question again, what the command
    that raised this prompt did) are folded into the top of the dialog instead.
    """

    CSS_PATH = "prompts.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),  #: Close without answering.
    ]

    CANCEL: Any = None
    """What ``escape`` dismisses with (``None``; ``False`` for a yes/no question)."""

    def on_mount(self) -> None:
        """Subclasses focus their first field here."""

    @on(events.Mount)
    def _fold_on_mount(self) -> None:
        self.fold_notices()

    def fold_notices(self) -> None:
        """Show the notifications still showing at the top of the dialog (none: no line)."""
        recent = getattr(self.app, "recent_notices", None)
        text = notice_text(recent()) if recent else ""
        try:
            dialog = self.query_one("#dialog")
        except NoMatches:
            return
        try:
            notice = self.query_one("#notice", Static)
        except NoMatches:
            if text:
                dialog.mount(Static(text, id="notice", classes="dialog-notice", markup=False), before=0)
            return
        notice.update(text)
        notice.display = bool(text)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(self.CANCEL)
