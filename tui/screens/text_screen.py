"""``TextScreen``: a modal page of text — the ``?`` help (keys and every command), or a ``why`` answer."""

from __future__ import annotations

import re
from typing import ClassVar, Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from .prompt import Prompt


SEARCH_WIDTH = 400
"""Columns a section is laid out at to be searched: an entry stays one line."""

ENTRY = re.compile(r"^  (\S.*?)\s{2,}(\S.*)$")  # "  SYNTAX   help text  (rule)"


def help_text(lines: Sequence[str]) -> RenderableType:
    """Lines of ``help`` output: ``[group]`` headings, then syntax | help with the rule dim, every cell wrapped (issue 12.2:
    wrap, never cut).

    Lines that are not ``SYNTAX  help`` entries (a verb's full help) are shown as they are, wrapped at the page's width.
    """
    parts: list[RenderableType] = []
    table: Table | None = None
    for line in lines:
        match = ENTRY.match(line)
        if match:
            if table is None:
                table = Table.grid(padding=(0, 2), expand=True)
                table.add_column(style="bold", ratio=2, overflow="fold")
                table.add_column(ratio=3, overflow="fold")
                parts.append(table)
            syntax, rest = match.groups()
            body, sep, rule = rest.rpartition("  (")
            help_line = Text.assemble(body, ("  (" + rule, "dim cyan")) if sep and rest.endswith(")") else Text(rest)
            table.add_row(Text(syntax), help_line)
            continue
        table = None
        if line.startswith("[") and line.endswith("]"):
            parts.append(Text(line.strip("[]").upper(), style="bold underline"))
        else:
            parts.append(Text(line, overflow="fold"))
    return Group(*parts)


def keys_table(keys: Sequence[tuple[str, str]]) -> RenderableType:
    """``(key, what it does)`` pairs as a two-column table, keys bold."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column(ratio=1)
    for key, what in keys:
        table.add_row(Text(key), Text(what))
    return table


def plain_lines(body: RenderableType) -> list[str]:
    """The lines of ``body`` as plain text, laid out wide enough that a table's row stays on one line."""
    console = Console(width=SEARCH_WIDTH, color_system=None, force_terminal=False, record=False)
    return [" ".join("".join(seg.text for seg in line).split()) for line in console.render_lines(body, pad=False)]


class TextScreen(Prompt[None]):
    """A title and scrollable sections of text; escape, q or ? closes it; ``/`` searches it (issue 22 point 13)."""

    DEFAULT_CSS = """
    TextScreen #page-search {
        display: none;
        height: 3;
    }
    TextScreen #page-found {
        display: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,question_mark", "cancel", "Close"),  #: Close the page.
        Binding("slash", "search", "Search", key_display="/"),  #: Show only the lines holding the typed words.
    ]

    def __init__(self, title: str, sections: Sequence[tuple[str, RenderableType]]) -> None:
        super().__init__()
        self.title_text = title
        """The page's title."""
        self.sections = list(sections)
        """``(heading, body)`` pairs, shown in order."""

    def compose(self) -> ComposeResult:
        """Title, then each section."""
        with Vertical(id="dialog", classes="-page"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(id="page-body"):
                for heading, body in self.sections:
                    if heading:
                        yield Label(heading, classes="page-heading", markup=False)
                    yield Static(body, classes="page-text")
                yield Static(id="page-found", classes="page-text", markup=False)
            yield Input(placeholder="search: the lines holding these words (Esc: all of it again)", id="page-search")
            yield Static("↑↓ PgUp PgDn scroll · / search · Esc / q close", classes="dialog-hint")

    def on_mount(self) -> None:
        """Focus the scroller so the arrows scroll."""
        super().on_mount()
        self.query_one("#page-body").focus()

    def action_search(self) -> None:
        """Open the search line: the page shows only the lines holding what is typed."""
        field = self.query_one("#page-search", Input)
        field.display = True
        field.focus()

    @on(Input.Changed, "#page-search")
    def _search(self, event: Input.Changed) -> None:
        """Show the lines of every section holding every typed word (any case), under their section's heading."""
        words = event.value.lower().split()
        found = self.query_one("#page-found", Static)
        for widget in self.query(".page-heading, .page-text"):
            if widget is not found:
                widget.display = not words
        found.display = bool(words)
        if not words:
            return
        text = Text()
        for heading, body in self.sections:
            hits = [line for line in plain_lines(body) if all(w in line.lower() for w in words)]
            if hits:
                text.append(("\n" if text else "") + (heading or "—"), "bold underline")
                for line in hits:
                    text.append("\n" + line)
        found.update(text if text else Text(f"Nothing here holds '{event.value}'.", style="dim italic"))
        self.query_one("#page-body").scroll_home(animate=False)

    def action_cancel(self) -> None:
        """Esc in the search line closes the search (the whole page again); elsewhere it closes the page."""
        field = self.query_one("#page-search", Input)
        if field.has_focus and field.display:
            field.value = ""
            field.display = False
            self.query_one("#page-body").focus()
            return
        super().action_cancel()
