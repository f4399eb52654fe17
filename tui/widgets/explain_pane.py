"""``ExplainPane``: the "why?" of the selected port, every figure term by term with its rule."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.widgets import Static

from ..rules.core.explain import Explained


def explained_text(explained: Explained) -> Text:
    """One figure as text: the headline bold, terms plain, rule numbers and notes dim."""
    text = Text()
    for i, line in enumerate(explained.lines()):
        if i:
            text.append("\n")
        body, _, rule = line.partition("  [")
        if i == 0:
            text.append(body, "bold")
        elif line.startswith("  note:"):
            text.append(body, "dim italic")
        else:
            text.append(body)
        if rule:
            text.append("  [" + rule, "dim cyan")
    return text


class ExplainPane(VerticalScroll):
    """A title line and one block per explained figure, laid out in columns."""

    DEFAULT_CSS = """
    ExplainPane { height: 1fr; }
    ExplainPane #why-title { height: auto; padding: 0 1; background: $boost; }
    ExplainPane #why-grid { layout: grid; grid-size: 2; grid-rows: auto; grid-gutter: 1 3; height: auto; padding: 0 1; }
    ExplainPane .why-block { height: auto; }
    """

    def compose(self) -> ComposeResult:
        """Title and the grid of figures."""
        yield Static(id="why-title")
        yield Container(id="why-grid")

    def show(self, title: Text | str, explained: Sequence[Explained]) -> None:
        """Show ``title`` and the derivation of every figure in ``explained``."""
        self.query_one("#why-title", Static).update(title)
        grid = self.query_one("#why-grid")
        blocks = list(grid.query_children(Static))
        if len(blocks) == len(explained):
            for block, figure in zip(blocks, explained):
                block.update(explained_text(figure))
            return
        grid.remove_children()
        grid.mount_all([Static(explained_text(e), classes="why-block") for e in explained])
