"""``TextScreen``: a modal page of text — the ``?`` help (keys and every command), or a ``why`` answer."""

from __future__ import annotations

import re
from typing import ClassVar, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from .prompt import Prompt


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


class TextScreen(Prompt[None]):
    """A title and scrollable sections of text; escape, q or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,question_mark", "cancel", "Close"),  #: Close the page.
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
            yield Static("↑↓ PgUp PgDn scroll · Esc / q close", classes="dialog-hint")

    def on_mount(self) -> None:
        """Focus the scroller so the arrows scroll."""
        super().on_mount()
        self.query_one("#page-body").focus()
