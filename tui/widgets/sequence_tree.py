"""``SequenceTree``: the whole sequence of one game turn (player turns › phases › segments), current one marked."""

from __future__ import annotations

from typing import Sequence as Seq

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from ..rules.core.phases import Segment


class SequenceTree(Tree[int]):
    """A tree built once from the rule set's segments; ``show_current`` moves the marker."""

    def __init__(self, segments: Seq[Segment], *, id: str | None = None) -> None:
        super().__init__("Game turn", id=id)
        self._segments = tuple(segments)
        self._leaves: dict[int, TreeNode[int]] = {}
        self.show_root = True
        self.guide_depth = 3

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

    def show_current(self, index: int, turn: str) -> None:
        """Mark segment ``index`` as the current one (done ones ticked) and put the cursor on it."""
        self.root.set_label(Text.assemble(("Game turn ", "bold"), (turn, "bold")))
        for i, node in self._leaves.items():
            seg = self._segments[i]
            name = seg.names[-1]
            if i == index:
                label = Text.assemble(("▶ ", "bold"), (name, "bold reverse"), ("  ◀ now", "bold"))
            elif i < index:
                label = Text.assemble(("✓ ", "green"), (name, "dim"))
            else:
                label = Text.assemble(("  ", ""), (name, ""))
            node.set_label(label)
        current = self._leaves.get(index)
        if current is not None:
            self.move_cursor(current, animate=False)
