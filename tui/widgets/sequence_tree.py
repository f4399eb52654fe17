"""``SequenceTree``: the whole sequence of one game turn (player turns › phases › segments), current one marked."""

from __future__ import annotations

from typing import Sequence as Seq

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from ..rules.core.phases import Segment

CURRENT = "▶ "
"""The marker of the current segment (done ones are ticked, the others indented as much)."""


class SequenceTree(Tree[int]):
    """A tree built once from the rule set's segments; ``show_current`` moves the marker.

    The tree is as wide as its widest label (issue 12.8: "Air and naval barrage segmen" was cut at a fixed width), up
    to the style's ``max-width``.
    """

    def __init__(self, segments: Seq[Segment], *, id: str | None = None) -> None:
        super().__init__("Game turn", id=id)
        self._segments = tuple(segments)
        self._leaves: dict[int, TreeNode[int]] = {}
        self.show_root = True
        self.guide_depth = 2

    def on_mount(self) -> None:
        """Build the tree: a node per step on each segment's path, a leaf per segment."""
        nodes: dict[tuple[str, ...], TreeNode[int]] = {}
        for seg in self._segments:
            parent = self.root
            steps = list(zip(seg.path, seg.names[1:]))
            for depth, (_, name) in enumerate(steps[:-1]):
                key = seg.path[: depth + 1]
                if key not in nodes:
                    nodes[key] = parent.add(name, expand=True)
                parent = nodes[key]
            self._leaves[seg.index] = parent.add_leaf(steps[-1][1] if steps else seg.title, data=seg.index)
        self.root.expand_all()
        self.styles.width = self.needed_width()

    def needed_width(self, turn: str = "Summer 1944") -> int:
        """Cells the widest line takes (guides, expand icon, the current segment's marker), plus padding, border and
        scrollbar."""
        widest = len("▼ Game turn ") + len(turn)
        for seg in self._segments:
            steps = seg.names[1:] or (seg.title,)
            for depth, name in enumerate(steps, start=1):
                leaf = depth == len(steps)
                widest = max(widest, depth * self.guide_depth + len(CURRENT) + len(name) if leaf else
                             depth * self.guide_depth + len("▼ ") + len(name))
        return widest + self.styles.gutter.width + self.styles.scrollbar_size_vertical  # padding, border, scrollbar

    def show_current(self, index: int, turn: str) -> None:
        """Mark segment ``index`` as the current one (done ones ticked) and put the cursor on it."""
        self.root.set_label(Text.assemble(("Game turn ", "bold"), (turn, "bold")))
        for i, node in self._leaves.items():
            seg = self._segments[i]
            name = seg.names[-1]
            if i == index:
                label = Text.assemble((CURRENT, "bold"), (name, "bold reverse"))
            elif i < index:
                label = Text.assemble(("✓ ", "green"), (name, "dim"))
            else:
                label = Text.assemble(("  ", ""), (name, ""))
            node.set_label(label)
        current = self._leaves.get(index)
        if current is not None:
            self.move_cursor(current, animate=False)
            self.call_after_refresh(self._top_in_sight)

    def _top_in_sight(self) -> None:
        """Keep "Game turn N" in sight while the current segment fits below it (issue 22 point 13: the tree opened
        scrolled past its first lines, the cursor put at the top before the tree had its height)."""
        if 0 <= self.cursor_line < self.scrollable_content_region.height:
            self.scroll_to(y=0, animate=False)
