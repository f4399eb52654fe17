"""``FileProblem``: the save on disk was cut short, replaced or moved while this session had it open.

The game stays in memory, exactly as last saved. The writer may put it back
over the file (what is on disk is kept beside it), write it to another path
(and carry on there), or keep waiting; a viewer only waits, and the app
follows the file again as soon as it is readable.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from .prompt import Prompt


class FileProblem(Prompt["tuple[str, str] | None"]):
    """Says what happened to the file and offers what this session can do about it."""

    def __init__(self, problem: str, *, can_write: bool, suggestion: str = "") -> None:
        super().__init__()
        self.problem = problem
        """What happened, in the store's words."""
        self.can_write = can_write
        """Whether this session writes the game (else it can only wait)."""
        self.suggestion = suggestion
        """A path offered for "write it elsewhere"."""

    def compose(self) -> ComposeResult:
        """What happened, what is kept, and the choices."""
        with Vertical(id="dialog", classes="-confirm"):
            yield Label("The save file has a problem", classes="dialog-title", markup=False)
            yield Static(self.problem, classes="dialog-text", markup=False)
            if self.can_write:
                yield Static("Your game is kept in memory as last saved; nothing you did is lost. "
                             "Put it back over the file (what is on disk now is kept beside it), "
                             "or write it to another file and carry on there.", classes="dialog-text", markup=False)
                with Horizontal(classes="dialog-row"):
                    yield Input(self.suggestion, placeholder="another path", id="elsewhere")
                with Horizontal(classes="dialog-buttons"):
                    yield Button("Put it back", id="back", variant="warning")
                    yield Button("Write elsewhere", id="write", variant="primary")
                    yield Button("Wait", id="wait", variant="default")
            else:
                yield Static("The game shown is the last good one; this session is watching and waits for the "
                             "file to come back (it follows it again as soon as it can be read).",
                             classes="dialog-text", markup=False)
                with Horizontal(classes="dialog-buttons"):
                    yield Button("Wait", id="wait", variant="default")

    def on_mount(self) -> None:
        """Focus Wait: changing files must be a decision."""
        super().on_mount()
        self.query_one("#wait", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.dismiss(("back", ""))
        elif event.button.id == "write":
            self.dismiss(("elsewhere", self.query_one("#elsewhere", Input).value.strip()))
        else:
            self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(("elsewhere", event.value.strip()))
