"""Phases mode: the whole sequence of a game turn, the current segment, its pending prompts, its checklist, and what
happened on entry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from ..engine.sides import told_checklist, told_events, told_pending
from ..rules.core.checklist import entry_event
from ..widgets.checklist import SegmentChecklist
from ..widgets.pending_list import PendingList
from ..widgets.game_header import side_title
from ..widgets.sequence_tree import SequenceTree
from ..rules.core.phases import segments_ahead
from .base import GameScreen
from .messages import AnswerPrompt, RunCommand

if TYPE_CHECKING:
    from ..engine.game import Game


def last_entry(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last applied ``next`` or ``goto`` event (newest first, so a long log is not scanned)."""
    return entry_event(events)


class PhasesScreen(GameScreen):
    """Sequence tree on the left; the current segment, its prompts, its checklist and its entry effects on the right."""

    CSS_PATH = "phases.tcss"
    MODE_TITLE = "Phases"
    WRITE_ACTIONS = frozenset({"answer", "goto"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "answer", "Answer"),  #: Answer the highlighted (or first) pending prompt.
        Binding("g", "goto", "Go to"),  #: Go to a segment ahead, chosen from a list (runs ``goto``).
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
                with VerticalScroll(id="entry-scroll"):
                    yield Label("Checklist of this segment", classes="section-title")
                    yield SegmentChecklist(id="checklist")
                    yield Label("What happened on entry", classes="section-title")
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
            ("phasing ", "dim") if phasing else "", side_title(phasing), (acts, ""), "\n",
            ("turn-step commands here: ", "dim"), (legal, "italic"),
            ("  (set-up and housekeeping commands are legal anywhere)", "dim"),
        )
        self.query_one("#now", Static).update(now)
        pending = told_pending(game)
        prompts = self.query_one(PendingList)
        prompts.show(pending)
        listed = told_checklist(game)  # a side view: only the entries and prompts its side is told of
        self.query_one(SegmentChecklist).show(listed)
        told = told_events(game)  # the referee is told the whole log: the checklist's read of it found the entry
        self.query_one("#entry", Static).update(self._entry_text(listed.entry if told is game.events else last_entry(told)))

    def _entry_text(self, event: dict[str, Any] | None) -> Text:
        if event is None:
            return Text("No `next` yet this game: the game started here.", style="dim italic")
        text = Text.assemble((f"#{event['seq']} ", "dim"), (str(event.get("summary", "")), "bold"))
        details = event.get("details") or []
        if not details:
            text.append("\nnothing else happened", "dim italic")
        for line in details:
            style = "yellow" if line.startswith("skipped:") else ("cyan" if line.startswith("prompt:") else ("bold" if line.startswith("→") else ""))
            text.append("\n• " + line, style)
        return text

    def action_answer(self) -> None:
        """Answer the highlighted (or first) pending prompt."""
        prompt_id = self.query_one(PendingList).selected_id
        if prompt_id is None:
            self.notify("No prompt is pending in this segment.", severity="warning")
            return
        self.post_message(AnswerPrompt(prompt_id))

    @work(group="goto", exclusive=True)
    async def action_goto(self) -> None:
        """Choose a segment ahead and go there (``goto``: every effect on the way, stopping at a required prompt)."""
        from .choice_prompt import ChoicePrompt  # a dialog: imported when first asked, not on the start path

        game = self.game
        ahead = segments_ahead(game.ruleset.sequence, game.segment.index)
        labels = {a.label: a.name for a in ahead}
        chosen = await self.app.push_screen_wait(ChoicePrompt(
            "Go to a segment",
            f"Now: {game.turn_label} · {game.segment.title}. Every effect on the way runs as 'next' would; "
            "it stops at the first required prompt (answer it, then go on).",
            list(labels), default=next(iter(labels), None)))
        if chosen is None:
            return
        self.post_message(RunCommand(f"goto {labels[chosen]}", "key"))

    @on(PendingList.Chosen)
    def _chosen(self, message: PendingList.Chosen) -> None:
        self.post_message(AnswerPrompt(message.prompt_id))
