"""``harbormaster branch``: what-if branches.

    harbormaster branch PATH --at SEQ NEW_PATH        a new save: the log up to entry SEQ and its state

Kept beside :mod:`tui.cli` (which dispatches here) so each stays one idea.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .branch import BranchError, branch_save, describe_parent
from .paths import data_dir
from .session import GameOpenError, open_game

TOOL_COMMANDS = ("branch",)


def main(argv: list[str]) -> int:
    """Run one of :data:`TOOL_COMMANDS` (``argv[0]``); returns the exit status."""
    command, rest = argv[0], argv[1:]
    assert command == "branch"
    return _branch(rest)


def _open_failed(path: Path, exc: GameOpenError) -> int:
    print(f"harbormaster: {exc}", file=sys.stderr)
    if exc.backup is not None:
        print(f"The newest good backup is {exc.backup}; restore it with: harbormaster restore {path}", file=sys.stderr)
    return 2


def _branch(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="harbormaster branch",
        description="Branch a game into a new save at one entry of its log (a what-if). The new save holds the "
        "log up to that entry with its recorded dice, and that entry's state; the original is only read.",
    )
    p.add_argument("path", type=Path, help="the save to branch (only read)")
    p.add_argument("--at", required=True, metavar="SEQ",
                   help="the log entry to branch after: an applied entry's number, or 0 for the scenario start")
    p.add_argument("new_path", type=Path, metavar="NEW_PATH", help="the new save (must not exist)")
    args = p.parse_args(argv)
    try:
        game, seq = branch_save(args.path, args.at, args.new_path, data_dir())
    except GameOpenError as exc:
        return _open_failed(args.path, exc)
    except BranchError as exc:
        print(f"harbormaster: {exc}", file=sys.stderr)
        return 2
    try:
        entries = len(game.events)
        print(f"Created {args.new_path}: {describe_parent(game.meta)}; {entries} log entr{'y' if entries == 1 else 'ies'}, "
              f"{game.turn_label} · {game.segment.title}. {args.path} was not changed.")
    finally:
        game.close()
    return 0
