"""``ExplainPane``: the "why?" of the selected port, every figure term by term with its rule."""

from __future__ import annotations

import re
from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.widgets import Static

from ..rules.core.explain import Explained
from ..rules.core.rulings import cited_rulings

BARE_RULING = re.compile(r"^\s*note: RULINGS ([A-Z]\d+)\s*$")
"""A note that names a ruling and says nothing else."""


def explained_text(explained: Explained, rulings: dict[str, str] | None = None) -> Text:
    """One figure as text: the headline bold, terms plain, rule numbers and notes dim; a note that only names a ruling
    (``RULINGS E1``) followed by that ruling's text from ``rulings``."""
    text = Text()
    for i, line in enumerate(explained.lines()):
        if i:
            text.append("\n")
        body, _, rule = line.partition("  [")
        if i == 0:
            text.append(body, "bold")
        elif line.startswith("  note:"):
            text.append(body, "dim italic")
            bare = BARE_RULING.match(body)
            if bare and rulings and bare[1] in rulings:
                text.append(f": {rulings[bare[1]]}", "dim")
        else:
            text.append(body)
        if rule:
            text.append("  [" + rule, "dim cyan")
    return text


def rulings_text(explained: Sequence[Explained], rulings: dict[str, str]) -> Text | None:
    """The text of every ruling the figures cite that no note already spells out in full (issue 12.9: the pane said
    "RULINGS E1" and nothing more), or None."""
    inline = {m[1] for e in explained for line in e.lines() if (m := BARE_RULING.match(line.partition("  [")[0]))}
    cited = [(rid, body) for rid, body in cited_rulings(explained, rulings) if rid not in inline]
    if not cited:
        return None
    text = Text()
    for i, (rid, body) in enumerate(cited):
        if i:
            text.append("\n")
        text.append(f"RULINGS {rid} ", "bold cyan")
        text.append(body)
    return text


class ExplainPane(VerticalScroll):
    """A title line and one block per explained figure, laid out in columns."""

    DEFAULT_CSS = """
    ExplainPane { height: 1fr; }
    ExplainPane #why-title { height: auto; padding: 0 1; background: $boost; }
    ExplainPane #why-grid { layout: grid; grid-size: 2; grid-rows: auto; grid-gutter: 1 3; height: auto; padding: 0 1; }
    ExplainPane .why-block { height: auto; }
    ExplainPane #why-rulings { height: auto; padding: 1 1 0 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        """Title and the grid of figures."""
        yield Static(id="why-title")
        yield Container(id="why-grid")
        yield Static(id="why-rulings")

    def show(self, title: Text | str, explained: Sequence[Explained], rulings: dict[str, str] | None = None) -> None:
        """Show ``title``, the derivation of every figure in ``explained``, and the text of the rulings they cite
        (``rulings``: id -> text; by default the rule set's)."""
        if rulings is None:
            game = getattr(self.app, "game", None)
            rulings = game.ruleset.rulings if game is not None else {}
        self.query_one("#why-title", Static).update(title)
        cited = rulings_text(explained, rulings)
        note = self.query_one("#why-rulings", Static)
        note.display = cited is not None
        note.update(Text.assemble(("Rulings cited\n", "bold"), cited) if cited is not None else "")
        grid = self.query_one("#why-grid")
        blocks = list(grid.query_children(Static))
        if len(blocks) == len(explained):
            for block, figure in zip(blocks, explained):
                block.update(explained_text(figure, rulings))
            return
        grid.remove_children()
        grid.mount_all([Static(explained_text(e, rulings), classes="why-block") for e in explained])
