"""Issue 32: the sealed-dice core is a library below the screens: no Textual, no TinyDB, and the only importer of
``cryptography`` in the package. The game glue (``tui/pbem/play.py``, ``tui/pbem/sealed.py`` and ``tui/pbem/owners.py``, stage 2) is the only
part of the package that imports the engine and the session; it imports no Textual either."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_core_imports_neither_textual_nor_tinydb() -> None:
    code = "import sys, tui.pbem.game; print('\\n'.join(sorted(sys.modules)))"
    mods = set(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split())
    assert "tui.pbem.ledger" in mods and "cryptography" in mods
    assert not any(m.split(".")[0] in ("textual", "tinydb") for m in mods)
    assert not any(m.startswith(("tui.store", "tui.engine", "tui.app", "tui.screens")) for m in mods)


def test_only_the_core_imports_cryptography() -> None:
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "tui").rglob("*.py")
             if re.search(r"^\s*(from|import) cryptography", p.read_text(encoding="utf-8"), re.M)]
    assert found and all(path.startswith("tui/pbem/") for path in found), found


def test_no_module_of_the_core_is_past_400_lines() -> None:
    long = {p.name: n for p in (ROOT / "tui" / "pbem").glob("*.py") if (n := len(p.read_text().splitlines())) > 400}
    assert long == {}


GLUE = ("owners.py", "play.py", "sealed.py")


def test_only_the_glue_modules_import_the_engine_store_or_session() -> None:
    pattern = re.compile(r"^\s*from \.\.(engine|store|session|app|screens|cli)\b|^\s*import tui\.(engine|store|session)", re.M)
    importing = sorted(p.name for p in (ROOT / "tui" / "pbem").glob("*.py") if pattern.search(p.read_text(encoding="utf-8")))
    assert importing == sorted(GLUE)


def test_the_glue_imports_no_textual() -> None:
    code = "import sys, tui.pbem.sealed; print('\\n'.join(sorted(sys.modules)))"
    mods = set(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split())
    assert "tui.engine.game" in mods and not any(m.split(".")[0] == "textual" for m in mods)
