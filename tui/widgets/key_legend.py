"""``KeyLegend``: one line listing a mode's own keys (all of them, where the footer has room for only some)."""

from __future__ import annotations

from typing import ClassVar, Sequence

from rich.text import Text
from textual.widget import Widget


class KeyLegend(Widget):
    """``title: k label · k label · ...``, keys styled like the footer's."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-legend--key"}

    DEFAULT_CSS = """
    KeyLegend {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
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

    def render(self) -> Text:
        """The legend line."""
        key_style = self.get_component_rich_style("key-legend--key")
        text = Text.assemble((self.title + " ", "bold") if self.title else "", no_wrap=True, overflow="ellipsis")
        for i, (key, label) in enumerate(self.keys):
            if i:
                text.append("  ")
            text.append(key, key_style)
            text.append(" " + label)
        return text
