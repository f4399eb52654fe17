"""Phases mode: the whole sequence of a game turn, the current segment, its pending prompts, and what happened on entry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from ..widgets.pending_list import PendingList
from ..widgets.sequence_tree import SequenceTree
from .base import GameScreen
from .messages import AnswerPrompt

if TYPE_CHECKING:
    from ..engine.game import Game


def last_entry(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last applied ``next`` event (newest first, so a long log is not scanned)."""
    for event in reversed(events):
        command = event.get("command")
        if (type(command) is str and command[:4] == "next" and (len(command) == 4 or command[4] == " ")
                and event.get("status") == "applied"):
            return event
    return None


class PhasesScreen(GameScreen):
    """Sequence tree on the left; the current segment, its prompts and its entry effects on the right."""

    CSS_PATH = "phases.tcss"
    MODE_TITLE = "Phases"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "answer", "Answer"),  #: Answer the highlighted (or first) pending prompt.
    ]

    def compose_body(self) -> ComposeResult:
        """Tree | (now, prompts, on entry)."""
        with Horizontal(id="phases-body"):
            yield SequenceTree(self.game.ruleset.sequence.segments, id="sequence")
            with Vertical(id="phases-side"):
                yield Label("Now", classes="section-title")
                yield Static(id="now")
                yield Label("Pending prompts", classes="section-title")
                yield PendingList(id="pending")
                yield Label("What happened on entry", classes="section-title")
                with VerticalScroll(id="entry-scroll"):
                    yield Static(id="entry")

    def render_game(self, game: Game) -> None:
        """Mark the current segment; list its prompts and its entry log."""
        seg = game.segment
        self.query_one(SequenceTree).show_current(seg.index, game.turn_label)
        legal = ", ".join(v.name for v in game.legal_verbs() if not v.anytime) or "—"
        phasing, acting = game.phasing_side, game.acting_side
        acts = f" · {acting.title()} acts" if acting != phasing else ""
        now = Text.assemble(
            (seg.title, "bold"), "\n",
            ("phasing ", "dim"), phasing.title(), (acts, ""), "\n",
            ("turn-step commands here: ", "dim"), (legal, "italic"),
            ("  (set-up and housekeeping commands are legal anywhere)", "dim"),
        )
        self.query_one("#now", Static).update(now)
        pending = game.state.flow.pending
        prompts = self.query_one(PendingList)
        prompts.show(pending)
        self.query_one("#entry", Static).update(self._entry_text(game))

    def _entry_text(self, game: Game) -> Text:
        event = last_entry(game.events)
        if event is None:
            return Text("No `next` yet this game: the game started here.", style="dim italic")
        text = Text.assemble((f"#{event['seq']} ", "dim"), (str(event.get("summary", "")), "bold"))
        details = event.get("details") or []
        if not details:
            text.append("\nnothing else happened", "dim italic")
        for line in details:
            style = "yellow" if line.startswith("skipped:") else ("cyan" if line.startswith("prompt:") else "")
            text.append("\n• " + line, style)
        return text

    def action_answer(self) -> None:
        """Answer the highlighted (or first) pending prompt."""
        prompt_id = self.query_one(PendingList).selected_id
        if prompt_id is None:
            self.notify("No prompt is pending in this segment.", severity="warning")
            return
        self.post_message(AnswerPrompt(prompt_id))

    @on(PendingList.Chosen)
    def _chosen(self, message: PendingList.Chosen) -> None:
        self.post_message(AnswerPrompt(message.prompt_id))
