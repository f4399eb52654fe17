"""``KeyLegend``: a line listing a mode's own keys (all of them, where the footer has room for only some).

On a narrow terminal the legend takes as many lines as it needs, breaking
only between keys, so no key is cut off.
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget


class KeyLegend(Widget):
    """``title: k label · k label · ...``, keys styled like the footer's."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-legend--key"}

    DEFAULT_CSS = """
    KeyLegend {
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
    }
    KeyLegend > .key-legend--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    """

    def __init__(self, title: str, keys: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title
        """Leads the line."""
        self.keys = list(keys)
        """``(key, label)`` pairs."""
        self.folded = False
        """One line only: the keys that fit, then ``? all keys`` (a short terminal gives the rows to the table)."""

    def lines(self, width: int) -> list[list[tuple[str, str]]]:
        """The keys packed into lines of at most ``width`` columns (a key and its label are never split)."""
        lines: list[list[tuple[str, str]]] = [[]]
        used = len(self.title) + 1 if self.title else 0
        for key, label in self.keys:
            size = len(key) + 1 + len(label)
            if lines[-1] and width > 0 and used + 2 + size > width:
                lines.append([])
                used = 0
            used += (2 if lines[-1] else 0) + size
            lines[-1].append((key, label))
        if self.folded and len(lines) > 1:
            return [self._folded_line(width)]
        return lines

    def _folded_line(self, width: int) -> list[tuple[str, str]]:
        """The keys that fit on one line with ``? all keys`` at its end (``?`` is the help listing every key)."""
        more = ("?", "all keys")
        line: list[tuple[str, str]] = []
        used = (len(self.title) + 1 if self.title else 0) + len(more[0]) + 1 + len(more[1])
        for key, label in self.keys:
            size = len(key) + 1 + len(label) + 2
            if used + size > width:
                break
            used += size
            line.append((key, label))
        return [*line, more]

    def fold(self, folded: bool) -> None:
        """Show the legend on one line (``folded``) or on as many lines as its keys need."""
        if folded != self.folded:
            self.folded = folded
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the keys need at this width."""
        return len(self.lines(width))

    def render(self) -> Text:
        """The legend, over as many lines as the width needs."""
        key_style = self.get_component_rich_style("key-legend--key")
        text = Text.assemble((self.title + " ", "bold") if self.title else "", no_wrap=True, overflow="ellipsis")
        for n, line in enumerate(self.lines(self.content_size.width)):
            if n:
                text.append("\n")
            for i, (key, label) in enumerate(line):
                if i:
                    text.append("  ")
                text.append(key, key_style)
                text.append(" " + label)
        return text
