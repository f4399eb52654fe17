"""The layers hold (DESIGN.md): rules import neither Textual nor TinyDB; the engine not Textual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules_after(imports: str) -> set[str]:
    code = f"import sys; {imports}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_rules_import_without_textual_or_tinydb() -> None:
    mods = _modules_after("import tui.rules, tui.rules.core.phases, tui.rules.core.dice, tui.rules.europa")
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
