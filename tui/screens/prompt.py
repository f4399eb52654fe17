"""``Prompt``: the base of every modal question. Escape cancels; the answer comes back through ``dismiss``.

A dialog that opened by itself for a question the rules do not require (a segment's optional prompt, raised on
entering it) keeps the app's mode keys (``1``-``8``) as mode keys until the referee moves into its field (issue 30
item 1): such a key closes it, the question left pending, and the app then shows that mode.
"""

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


def digits_text(keys: Iterable[str]) -> str:
    """Digit keys as a referee reads them: ``1-5, 8`` for 1, 2, 3, 4, 5 and 8."""
    digits = sorted(int(k) for k in keys if k.isdigit())
    runs: list[list[int]] = []
    for d in digits:
        if runs and d == runs[-1][-1] + 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


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

    leave_keys: frozenset[str] = frozenset()
    """Keys that close the dialog unanswered, to do what they do on the screen (the mode keys of a dialog that opened
    by itself for an optional question: :meth:`opened_by_itself`); empty for a dialog the referee asked for."""

    left_with: str | None = None
    """The key of :attr:`leave_keys` that closed the dialog, if one did: the app then runs it."""

    moved_in = False
    """Whether the referee has moved into the dialog's field (Tab, a click, a face key that is not a mode key): from
    then on the mode keys are what the field makes of them (faces). A dialog without a field is never moved into."""

    def opened_by_itself(self, mode_keys: frozenset[str]) -> Prompt[T]:
        """Mark the dialog as opened by itself for an optional question: until the referee moves into its field,
        ``mode_keys`` close it unanswered and switch mode (issue 30 item 1). Returns the dialog."""
        self.leave_keys = frozenset(mode_keys)
        return self

    def leave_for_key(self, event: events.Key) -> bool:
        """Close the dialog unanswered for a key of :attr:`leave_keys` pressed before the referee moved into it (the
        app runs the key once it is closed); False for any other key."""
        if event.key not in self.leave_keys or self.moved_in:
            return False
        event.stop()
        event.prevent_default()
        self.left_with = event.key
        self.dismiss(self.CANCEL)
        return True

    def on_key(self, event: events.Key) -> None:
        """A mode key on a dialog that opened by itself closes it (see :meth:`leave_for_key`)."""
        self.leave_for_key(event)

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
