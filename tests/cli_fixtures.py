"""What the command-line file tests share: running ``harbormaster`` in process, and a small save with two hits."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.cli import main
from tui.session import create_game


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``harbormaster ARGV`` in this process: (exit code, what it printed, what it said on stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusals
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def save(data: Path, tmp_path: Path) -> Path:
    """A new default game at ``tmp_path/g.json`` with two commands logged (Tobruk hit twice, Naples once)."""
    path = tmp_path / "g.json"
    game = create_game(path, data, seed=5, clock=fixed_clock)
    assert game.execute("hit Tobruk 2").ok and game.execute("hit Naples").ok
    game.close()
    return path
