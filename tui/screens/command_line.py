"""``CommandLine``: the ``:`` prompt — type any command, with history (↑/↓) and completion (Tab / →)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Mapping, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from ..engine.sides import told_pending
from ..rules.core.phases import segments_ahead
from .prompt import Prompt

if TYPE_CHECKING:
    from ..engine.game import Game


def completions(game: Game, history: Sequence[str]) -> list[str]:
    """What the command line suggests: history, verbs, ``verb Port``, ``port edit Port``, ``answer prompt``, ``help verb``,
    ``goto SEGMENT`` (the segments ahead)."""
    ports = [str(r["name"]) for r in game.ruleset.views.get("ports", lambda s: [])(game.state)]
    out = list(history[::-1])
    for name, verb in game.verbs.items():
        out.append(name)
        if verb.group == "ports" or name == "why":
            out.extend(f"{name} {p}" for p in ports)
    out += [f"port edit {p}" for p in ports] + ["port add "] + [f"port remove {p}" for p in ports]
    out += [f"answer {p.id}" for p in told_pending(game)] + [f"help {v}" for v in game.verbs]
    out += [f"goto {a.name}" for a in segments_ahead(game.ruleset.sequence, game.segment.index)]  # nearest first
    return list(dict.fromkeys(out))


def syntax(game: Game) -> dict[str, str]:
    """Verb -> ``syntax — help [rule]``, the hint under the line."""
    return {n: f"{v.syntax}  —  {v.help}" + (f"  [{v.rule}]" if v.rule else "") for n, v in game.verbs.items()}


class CommandLine(Prompt["str | None"]):
    """Dismisses with the line typed (Enter), or None (escape, or an empty line)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", "Older", show=False),  #: The previous line of the history.
        Binding("down", "history(1)", "Newer", show=False),  #: The next line of the history.
        Binding("tab", "complete", "Complete", priority=True, show=False),  #: Take the suggestion.
    ]

    def __init__(self, history: Sequence[str], candidates: Sequence[str], syntax: Mapping[str, str]) -> None:
        super().__init__()
        self.history = list(history)
        """Earlier lines, oldest first."""
        self.candidates = list(candidates)
        """Completions offered as you type (verbs, ``verb Port`` pairs, ``answer prompt``)."""
        self.syntax = dict(syntax)
        """Verb -> "syntax — help", shown under the line for the verb being typed."""
        self._at = len(self.history)
        self._draft = ""

    def compose(self) -> ComposeResult:
        """A one-line prompt at the bottom, and the syntax of the verb being typed."""
        with Vertical(id="cmdline"):
            yield Static("", id="cmd-syntax")
            with Horizontal(id="cmd-row"):
                yield Label(":", id="cmd-colon")
                yield Input(
                    placeholder="command, e.g. hit Tobruk 2 · help · why Tobruk   (↑↓ history, Tab complete, Esc close)",
                    suggester=SuggestFromList(self.candidates, case_sensitive=False),
                    id="cmd-input",
                )

    def on_mount(self) -> None:
        """Focus the line."""
        super().on_mount()
        self.query_one(Input).focus()

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        verb = event.value.strip().split(" ", 1)[0].lower()
        self.query_one("#cmd-syntax", Static).update(Text(self.syntax.get(verb, "")))

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        self.dismiss(line or None)

    def action_history(self, step: int) -> None:
        """Walk the history: ``-1`` older, ``1`` newer (past the newest: the draft being typed)."""
        field = self.query_one(Input)
        if self._at == len(self.history):
            self._draft = field.value
        self._at = max(0, min(len(self.history), self._at + step))
        field.value = self.history[self._at] if self._at < len(self.history) else self._draft
        field.cursor_position = len(field.value)

    def action_complete(self) -> None:
        """Accept the suggestion shown after the cursor."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()
