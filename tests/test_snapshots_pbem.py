"""Issue 32: the Exchange mode (``9``) of a game played by turn file, as a snapshot at a fixed size and as the
README's picture (``scripts/screenshots.py exchange``): Alice's move, one entry to send, one roll verified and one
open (the game of :func:`test_pbem_exchange_screen.played`: fixed keys, seeds, nonce, sending times and clock)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

from test_pbem_exchange_screen import _app, _exchange, played
from test_snapshots import FIXED, SIZE

SCENES: dict[str, tuple[Any, tuple[int, int]]] = {"exchange": (_exchange, SIZE)}
"""name -> (scene, terminal size)."""


def scene_app(name: str, base: Path | None = None) -> Any:
    """The app scene ``name`` starts from: Alice's sealed game as `harbormaster GAME` opens it, its two homes in
    ``base`` (a private temporary folder removed at exit, when none is given)."""
    if base is None:
        base = Path(tempfile.mkdtemp(prefix="hm-exchange-"))
        atexit.register(shutil.rmtree, base, True)
    alice, _bob = played(base)
    return _app(alice)


def test_the_exchange_mode_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """Alice's Exchange mode at 120x36: her move, one entry to send, one verified roll, one open."""
    assert FIXED.year == 2026
    scene, size = SCENES["exchange"]
    assert snap_compare(scene_app("exchange", tmp_path), terminal_size=size, run_before=scene)
