"""Issue 19 (while on the start path): every arrow between the project's modules points down, so no import circle.

The graph is read from the source with :mod:`ast`: each module's imports at
its top level (including ``if TYPE_CHECKING:`` blocks, which are arrows too),
not those inside functions (deferred on purpose: a later mode's screen).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tui"
LEFT_FOR_THE_LOADER = frozenset({("tui.rules.europa.seacheck", "tui.rules.europa.seatables"),
                                 ("tui.rules.europa.seatables", "tui.rules.europa.seacheck")})
"""The one circle left for now (issue 19 names it: the rule-set loader's work); the test covers it once untied."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Imports run when the module is imported: at the top level and in its ``if``/``try`` blocks, not in functions."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            todo.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            todo.extend(node.body + node.orelse + node.finalbody + [s for h in node.handlers for s in h.body])
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the project modules it imports at its top level."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in modules)
                continue
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # ``from . import flow`` imports the module tui.engine.flow
                if f"{target}.{alias.name}" in modules:
                    edges.add(f"{target}.{alias.name}")
                elif target in modules:
                    edges.add(target)
        graph[name] = {e for e in edges if e != name and (name, e) not in LEFT_FOR_THE_LOADER}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_issue19_no_import_circle_among_the_modules() -> None:
    """Issue 19: no module of tui imports (at its top level) a module that imports it back, directly or not."""
    graph = import_graph()
    assert "tui.engine.flow" in graph["tui.engine.game"]  # the graph is really read
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_issue19_the_cycle_finder_finds_a_circle() -> None:
    """Issue 19: the check itself sees a circle (flow -> game -> flow, as it was)."""
    graph = import_graph()
    graph["tui.engine.flow"] = graph["tui.engine.flow"] | {"tui.engine.game"}
    assert find_cycle(graph) is not None


def test_issue19_widgets_never_import_screens_or_the_app() -> None:
    """Issue 19: a widget imports neither a screen nor the app (its messages live in tui/widgets/messages.py)."""
    graph = import_graph()
    for name, edges in graph.items():
        if name.startswith("tui.widgets."):
            upward = {e for e in edges if e.startswith(("tui.screens", "tui.app"))}
            assert not upward, f"{name} imports {upward}"
