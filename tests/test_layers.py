"""The layers hold (DESIGN.md): rules import neither Textual nor TinyDB; the engine not Textual."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules_after(imports: str) -> set[str]:
    code = f"import sys; {imports}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_rules_import_without_textual_or_tinydb() -> None:
    mods = _modules_after("import tui.rules, tui.rules.core.phases, tui.rules.core.dice, tui.rules.europa.ruleset")
    assert "tui.rules.europa.ports" in mods  # the import really happened
    assert not any(m == "textual" or m.startswith("textual.") for m in mods)
    assert not any(m == "tinydb" or m.startswith("tinydb.") for m in mods)


def test_engine_imports_without_textual() -> None:
    mods = _modules_after("import tui.engine, tui.engine.setup")
    assert "tui.engine.game" in mods
    assert not any(m == "textual" or m.startswith("textual.") for m in mods)
    assert not any(m == "tinydb" or m.startswith("tinydb.") for m in mods)


def test_rules_never_import_the_rest_of_the_project() -> None:
    """tui/rules imports nothing from the project outside tui/rules; a rule set never imports another."""
    for path in (ROOT / "tui" / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            stripped = line.strip()
            outside = stripped.startswith(("from ...", "import tui", "from tui.")) and not stripped.startswith(
                ("from tui.rules", "import tui.rules")
            )
            assert not outside, f"{path}: imports from outside tui.rules: {stripped}"
            if path.parent.name not in ("core", "rules") and stripped.startswith("from .."):
                target = stripped.split()[1]
                assert target.startswith("..core"), f"{path}: a rule set imports {target}"


def _relative_imports(path: Path, module: str) -> set[str]:
    """The project modules ``path`` imports with a relative import, at any depth of the code (a deferred import
    inside a function is an arrow too)."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*from (\.+)([\w.]*) import (.+)", line)
        if not match:
            continue
        dots, name, names = match.groups()
        base = package.split(".")[: len(package.split(".")) - (len(dots) - 1)]
        if name:
            found.add(".".join(base + [name]))
        else:
            found.update(".".join(base + [n.strip().split(" as ")[0]]) for n in names.strip("()").split(",") if n.strip())
    return found


def _circles(folder: Path) -> list[list[str]]:
    """Every import circle among the modules below ``folder``."""
    graph: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph[module] = _relative_imports(path, module)
    circles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if dep not in graph:
                continue
            if state.get(dep) == 1:
                circles.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep, stack + [dep])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return circles


def test_issue19_no_module_of_the_rules_imports_one_that_imports_it() -> None:
    """Issue 19 (the house's circles): every import in tui/rules points down (seacheck.py and seatables.py imported
    each other; the sea schema is now a module of its own both import)."""
    assert _circles(ROOT / "tui" / "rules") == []
