"""``harbormaster branch``, ``report`` and ``serve``: what-if branches, briefings, the game in a browser.

    harbormaster branch PATH --at SEQ NEW_PATH        a new save: the log up to entry SEQ and its state
    harbormaster report PATH [--side SIDE] [--turn T] [--format md|html] [--output FILE]
    harbormaster serve [PATH] [--host 127.0.0.1] [--port 8000] [--read-only] [--side SIDE] [--public-url URL]

Kept beside :mod:`tui.cli` (which dispatches here) so each stays one idea.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn

from ..outputs.branch import BranchError, branch_save, describe_parent
from ..paths import data_dir, default_save, save_path
from ..rules.core.text import visible
from ..session import GameOpenError, open_game

TOOL_COMMANDS = ("branch", "report", "serve")


def main(argv: list[str]) -> int:
    """Run one of :data:`TOOL_COMMANDS` (``argv[0]``); returns the exit status."""
    command, rest = argv[0], argv[1:]
    if command == "branch":
        return _branch(rest)
    if command == "report":
        return _report(rest)
    return _serve(rest)


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
    p.add_argument("path", type=save_path, help="the save to branch (only read)")
    p.add_argument("--at", required=True, metavar="SEQ",
                   help="the log entry to branch after: an applied entry's number, or 0 for the scenario start")
    p.add_argument("new_path", type=save_path, metavar="NEW_PATH", help="the new save (must not exist)")
    args = p.parse_args(argv)
    try:
        game, seq = branch_save(args.path, args.at, args.new_path, data_dir())
    except GameOpenError as exc:
        return _open_failed(args.path, exc)
    except BranchError as exc:  # may name another user's link and its text: shown escaped, on one line
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 2
    try:
        entries = len(game.events)
        print(f"Created {args.new_path}: {describe_parent(game.meta)}; {entries} log entr{'y' if entries == 1 else 'ies'}, "
              f"{game.turn_label} · {game.segment.title}. {args.path} was not changed.")
    finally:
        game.close()
    return 0


def _report(argv: list[str]) -> int:
    from ..outputs import briefing

    p = argparse.ArgumentParser(
        prog="harbormaster report",
        description="Write a briefing: the turn and segment, the side's places with their figures and markers, "
        "pending prompts, and the turn's log in sentences with dice and rule numbers. Without --side, the "
        "referee's full report.",
    )
    p.add_argument("path", type=save_path, help="the save (only read)")
    p.add_argument("--side", help="the side to brief (its own places only); default: the referee's full report")
    p.add_argument("--turn", metavar="T", help="the game turn whose log to tell (as written: 'Jan I 1943', 'Turn 3'); default: the last finished one "
                   "(in the first turn, the current one)")
    p.add_argument("--format", choices=("md", "html"), default="md", help="Markdown (default) or a standalone HTML page")
    p.add_argument("--output", "-o", help="write to this file instead of printing (never over a save, its backups or "
                   "its lock; an existing file only with --force)")
    p.add_argument("--force", action="store_true", help="replace an existing --output file (its permissions are kept)")
    args = p.parse_args(argv)
    if args.output is not None:  # refused before the game is read: nothing is written
        problem = briefing.output_refusal(args.output, args.force)
        if problem is not None:
            print(f"harbormaster: cannot write the report: {visible(problem)}; nothing was written", file=sys.stderr)
            return 2
    try:
        game = open_game(args.path, data_dir(), mode="read", verify=True)
    except GameOpenError as exc:
        return _open_failed(args.path, exc)
    try:
        try:
            text = briefing.render(game, args.side, args.turn, args.format)
        except briefing.BriefingError as exc:
            print(f"harbormaster: {exc}", file=sys.stderr)
            return 2
    finally:
        game.store.close()  # type: ignore[attr-defined]
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        briefing.write_file(Path(args.output), text, force=args.force)
    except OSError as exc:
        print(f"harbormaster: cannot write the report: {visible(str(exc))}; nothing was written", file=sys.stderr)
        return 2
    print(f"Wrote {args.output}")
    return 0


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _serve_option(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from a check raising ValueError: its message becomes the refusal."""
    def convert(text: str) -> Any:
        try:
            return check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return convert


def _serve(argv: list[str]) -> int:
    from ..web import serve

    p = _OneLineParser(
        prog="harbormaster serve",
        description="Serve the game to web browsers. Each browser tab is a session like an SSH one: the first "
        "writes the game, the others watch it live, read-only.",
    )
    p.add_argument("path", nargs="?", type=save_path, help="the save (default: your default save)")
    p.add_argument("--host", default=serve.DEFAULT_HOST, help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_serve_option(serve.parse_port), default=serve.DEFAULT_PORT, help="port (default 8000)")
    p.add_argument("--read-only", action="store_true", help="serve viewers only: no tab can change the game")
    p.add_argument("--side", metavar="SIDE", help="serve one side's players only: every tab shows only what SIDE sees, read-only")
    p.add_argument("--public-url", type=_serve_option(serve.check_public_url),
                   help="the address browsers reach the server at, when it differs (a proxy, a tunnel on another port)")
    args = p.parse_args(argv)
    path = args.path or default_save()
    return serve.run(path, host=args.host, port=args.port, read_only=args.read_only, public_url=args.public_url,
                     side=args.side)
