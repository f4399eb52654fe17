"""The ``harbormaster`` command: open, create, run commands on and show a saved game.

    harbormaster [PATH | --save PATH] [--read-only]   open a game (default: your default save)
    harbormaster PATH --read-only --side SIDE          a players' view: only what SIDE sees, never writes
    harbormaster new PATH [--ruleset ID] [--scenario NAME] [--seed N] [--dice app|typed]
    harbormaster exec PATH "COMMAND" ... [--wait S]    run commands, print results
    harbormaster show PATH ports|markers|phase|log [--json]
    harbormaster restore PATH [--backup FILE]          put the newest good backup back
    harbormaster scenarios                             list the bundled scenarios
    harbormaster scenario import|export|check|template|schema ...   scenario files (see tui/cli/scenario.py)
    harbormaster pbem key|new|join|exec|send|receive|status|verify ...   play by e-mail (see tui/cli/pbem.py)
    harbormaster branch|report|serve ...               what-if branches, briefings, browsers (see tui/cli/tools.py)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Sequence

from .. import __version__
from ..app.ending import Ending
from ..engine.setup import RULESETS, load_scenario, scenario_paths
from ..paths import data_dir, default_save, save_path, save_path_problem
from ..rules.core.errors import DataError, RuleError
from ..rules.core.numbers import read_amount, read_int
from ..rules.core.text import json_visible, visible
from ..session import GameLocked, GameOpenError, LogDoesNotReplay, cannot_write, create_game, open_game, replay_refusal
from ..store import SaveError, SaveLock, StoreFailed, read_holder, restore_backup
from ..store.fileops import not_a_file, read_only_file, reason
from ..store.snapshot import paused_gc
from ..store.lock import lock_free
from ..store.export import planted_output
from ..store.links import PlantedLink, backups_beside, linked_backup, pinned_folder, planted_link
from ..store.pinned import PinRefused, locate, shown
from ..store.recovery import foreign_through_link

if TYPE_CHECKING:
    import argparse

TOOL_COMMANDS = ("branch", "report", "serve")
"""The commands of :mod:`tui.cli.tools` (named here so that opening a game does not import them; a test checks)."""
SUBCOMMANDS = ("new", "exec", "show", "restore", "scenarios", "pbem") + TOOL_COMMANDS
"""The words that name a command rather than a save (``pbem`` and the tools are dispatched before the others)."""
#: ``--wait``: seconds to wait for another session's lock (an hour is already far more than any command takes).
MAX_WAIT = 3600
#: ``--seed``: the dice seed range (new games draw theirs from it too).
MAX_SEED = 2**31 - 1


def _wait_seconds(text: str) -> float:
    """argparse type of ``--wait``: a number of seconds from 0 to MAX_WAIT."""
    try:
        return read_amount(text, "--wait", 0, MAX_WAIT)
    except RuleError as exc:
        import argparse

        raise argparse.ArgumentTypeError(str(exc)) from None


def _seed(text: str) -> int:
    """argparse type of ``--seed``: a whole number from 0 to MAX_SEED."""
    try:
        return read_int(text, "--seed", 0, MAX_SEED)
    except RuleError as exc:
        import argparse

        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] in TOOL_COMMANDS:
            from .tools import main as tool_main

            return tool_main(args)
        if args and args[0] == "scenario":
            from .scenario import main as scenario_main

            return scenario_main(args[1:])
        if args and args[0] == "pbem":
            from .pbem import main as pbem_main

            return pbem_main(args[1:])
        if args and args[0] in SUBCOMMANDS:
            return _subcommand(args)
        return _open(args)
    except DataError as exc:
        print(f"harbormaster: data file error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `harbormaster show ... | head`
        sys.stderr.close()
        return 0


def _open_parser() -> argparse.ArgumentParser:
    import argparse  # only here: ``harbormaster SAVE`` is read without it (see _open_args)

    class _OpenParser(argparse.ArgumentParser):
        """The bare command's parser: its help names the default save's path, computed only when it is printed."""

        def format_help(self) -> str:
            """The help, ending with where the default save is (``HARBORMASTER_HOME`` moves it)."""
            return (super().format_help() + f"\nYour default save: {default_save()}\n"
                    "(HARBORMASTER_HOME=FOLDER keeps it in FOLDER instead; any other save: harbormaster PATH)\n")

    p = _OpenParser(
        prog="harbormaster",
        description="A referee's logistics turn-tracker for board wargames. With no PATH, opens your default "
        "save (created from the bundled Mediterranean scenario on first run).",
        epilog="Other commands: " + "; ".join(f"harbormaster {s} --help" for s in (*SUBCOMMANDS, "scenario")),
    )
    p.add_argument("path", nargs="?", type=save_path, help="save file to open (created if missing)")
    p.add_argument("--save", type=save_path, help="save file to open (same as PATH)")
    p.add_argument("--read-only", action="store_true", help="open without the right to change anything")
    p.add_argument("--side", metavar="SIDE", help="a players' view: only what SIDE sees (as its briefing); always read-only")
    p.add_argument("--version", action="version", version=f"harbormaster {__version__}")
    return p


def _open_args(argv: list[str]) -> Any:
    """The bare command's arguments: ``harbormaster`` or ``harbormaster SAVE`` (the start of nearly every sitting) read
    as its parser would, without importing argparse; anything else (options, two paths, a path it refuses, so that
    its message is the parser's) goes through :func:`_open_parser`."""
    if not argv or (len(argv) == 1 and not argv[0].startswith("-") and save_path_problem(argv[0]) is None):
        return SimpleNamespace(path=Path(argv[0]) if argv else None, save=None, read_only=False, side=None)
    return _open_parser().parse_args(argv)


def _open(argv: list[str]) -> int:
    args = _open_args(argv)
    path = args.path or args.save or default_save()
    data = data_dir()
    greeting = ""
    try:
        if args.side is not None and not os.path.lexists(path):
            print(f"harbormaster: no game at {path} to show to a side; nothing was created", file=sys.stderr)
            return 2
        if os.path.lexists(path):
            # The log is replayed once the game is shown, before any command (the screen ends if it does not replay).
            # The game lives as long as the screen: no collection walks it (a long log took one walk per generation).
            with paused_gc(set_aside=True):
                game = open_game(path, data, mode="read" if args.read_only or args.side is not None else "auto",
                                 verify="later")
            if args.side is not None and not _side_view(game, args.side):
                return 2
            if not game.read_only and game.state.settings.get("dice") == "sealed":
                game = _sealed_read_only(game, path, data)
        else:
            game = _create(path, data)
            if game is None:
                return 2
            created = f"Created a new game at {path}"
            print(created)  # also in the terminal after quitting
            scenario = game.meta.get("scenario_name") or game.ruleset.name
            greeting = f"{created} — {scenario}. Every command is saved there as it is done; ? lists the keys and commands."
    except GameOpenError as exc:
        return _explain_open_error(path, exc)
    try:
        return run_app(game, greeting=greeting)
    except LogDoesNotReplay as exc:  # found by the screen before any command ran: refused as at open
        return _explain_open_error(path, replay_refusal(game, Path(game.store.file or path), str(exc), data))


SEALED_WATCHING = "Played by turn file: watching here (9: the exchange); play with harbormaster pbem exec, send, receive."
"""Why the app shows a sealed game read-only: a command typed here would change the save off its signed chain."""
SEALED_SIDE = "Played by turn file, as the {side} side sees it (9: the exchange); play with harbormaster pbem exec."
"""The same, for a player of the game: the screen is that side's view (fog of war, issue 32.6)."""


def _sealed_read_only(game, path: Path, data: Path):
    """``game`` (opened for writing) let go and opened again read-only: a game played by turn file changes only
    through ``harbormaster pbem`` (issue 32), never from the screen."""
    game.close()
    with paused_gc(set_aside=True):
        game = open_game(path, data, mode="read", verify="later")
    game.read_only_reason = SEALED_WATCHING
    from ..engine.sides import open_side
    from ..pbem.exchange import player_side
    from ..pbem.game import chain_path

    game.exchange_source = (chain_path(path), None)  # Exchange mode (9): the chain beside it, read with your key
    side = player_side(chain_path(path), None)
    problem = _not_its_chains(game, path, data) if side in game.ruleset.sides else ""
    if side in game.ruleset.sides:  # a player sees what their side's view shows (issue 32.6); anyone else, the file
        open_side(game, side)
        game.read_only_reason = SEALED_SIDE.format(side=side.title())
    if problem:  # a save changed in the shared folder is never shown as the player's game without a word
        game.read_only_reason = f"WARNING: {problem}. {game.read_only_reason}"
    return game


def _not_its_chains(game, path: Path, data: Path) -> str:
    """Why the sealed save at ``path`` is not the game its chain gives, read with your key ("" if it is, or if the
    chain cannot be read as yours: the Exchange mode says why)."""
    from ..pbem import PbemRefused
    from ..pbem.game import PbemGame, chain_path
    from ..pbem.keys import key_path, load_key
    from ..pbem.sealed import save_problem

    try:
        return save_problem(game, PbemGame.open(chain_path(path), load_key(key_path(None))), data)
    except PbemRefused:
        return ""


def _side_view(game, text: str) -> bool:
    """Make ``game`` the read-only view of side ``text`` (any spelling the rule set uses); print why not and let the
    game go if the rule set has no such side."""
    from ..engine.sides import UnknownSide, open_side, side_word

    try:
        side = side_word(game.ruleset.sides, text, referee=False)
    except UnknownSide:
        print(f"harbormaster: no side '{visible(text)}' in a {game.ruleset.id} game; sides: {', '.join(game.ruleset.sides)}", file=sys.stderr)
        game.close()
        return False
    open_side(game, side)  # type: ignore[arg-type]
    return True


def _create(path: Path, data: Path, ruleset: str = "", scenario: str | None = None, seed: int | None = None,
            dice: str | None = None):
    """Create a save at ``path`` (and its folders); print why not and return None if it cannot be.

    Exactly one of several sessions creating the same path wins; a refused
    create leaves no folder it made behind. A link another user planted on
    the way, or a lock name that is a link, is refused before anything is
    made (issue 29.2).
    """
    planted = planted_output(path, lock=True)  # issue 29.2: before any folder is made
    if planted is not None:
        print(f"harbormaster: cannot create {path}: {visible(planted)}; nothing was changed", file=sys.stderr)
        return None
    try:  # each folder made in the one checked before it, never through a link
        where = pinned_folder(path.parent, make=True)
        where.close()  # the save is made by create_game, which pins its folder again; unmake() still works
    except PlantedLink as exc:
        print(f"harbormaster: cannot create {path}: {visible(str(exc))}; nothing was changed", file=sys.stderr)
        return None
    except OSError as exc:
        print(f"harbormaster: cannot create {path}: the folder {path.parent} cannot be made ({reason(exc)}); nothing was changed", file=sys.stderr)
        return None
    problem = cannot_write(path.parent)
    try:
        if problem is not None:
            print(f"harbormaster: cannot create {path}: you cannot write the folder {path.parent} ({problem}); nothing was changed", file=sys.stderr)
            game = None
        elif os.path.lexists(path):  # before the lock: a session that just made it may hold it (issue 8.7)
            raise SaveError(path, "a file already exists there; refusing to overwrite it", kind="exists", action="create")
        elif not lock_free(path):  # a running screen holds this path (its save removed under it): issue 18.6
            holder = read_holder(path)
            who = visible(holder.describe()) if holder else "another session"  # the lock's record is another user's text
            print(f"harbormaster: cannot create {path}: it is held by {who}; nothing was changed", file=sys.stderr)
            game = None
        else:
            game = create_game(path, data, ruleset, scenario, seed=seed, dice=dice)
    except SaveError as exc:
        print(f"harbormaster: {exc}; nothing was changed", file=sys.stderr)
        game = None
    except StoreFailed as exc:
        print(f"harbormaster: cannot create {path}: {exc}", file=sys.stderr)
        game = None
    except GameOpenError as exc:  # GameLocked: a session took the path's lock in the instant after the check
        print(f"harbormaster: cannot open the new game: {exc}", file=sys.stderr)
        return None  # the new file is that session's now: nothing is removed
    if game is None:
        where.unmake()  # through the parents held since the walk, never a path followed again
    return game


def _terminal_fd() -> int:
    """The file descriptor of the terminal the app reads (standard input), or -1 if it has none (replaced, closed)."""
    try:
        return sys.stdin.fileno() if sys.stdin is not None else -1
    except (OSError, ValueError):  # io.UnsupportedOperation: a stand-in without a descriptor
        return -1


def run_app(game, headless: bool = False, greeting: str = "") -> int:
    """Run the interface on ``game`` until the referee quits, the SSH link drops (SIGHUP), SIGTERM, or the terminal
    is gone (:mod:`tui.app.ending`).

    Every command was durable before it was shown as done, so ending is only
    leaving the screen and letting go of the lock: an ending signal asks the app
    to leave as ``q`` does, and ends the process at once if it has not left
    within ``ending.GRACE`` seconds (the operating system then drops the lock).
    """
    ending = Ending()
    app = None
    ending.install()  # before the slow imports: a hang-up while starting up ends the start too
    if not headless:
        ending.watch_terminal(_terminal_fd())
    try:
        with paused_gc(set_aside=True):  # what is imported and built here lives as long as the screen: never walked
            from ..app import make_app  # Textual is imported only when a screen is needed

            app = make_app(game, greeting=greeting)
        ending.leave = lambda: app.call_later(app.exit) if app.is_running else None  # ends the run loop like 'q' does
        if not ending.requested:  # a signal while starting up: end without showing the screen
            app.run(headless=headless)
            if app.log_problem:
                raise LogDoesNotReplay(app.log_problem)
    finally:
        ending.leave = None
        ending.restore()
        game.close()  # every command is already durable; this lets go of the lock
        if app is not None and app.game is not game:  # the referee carried on in a copy written elsewhere
            app.game.close()
    return 0


def _explain_open_error(path: Path, exc: GameOpenError) -> int:
    print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
    print("The file was not changed.", file=sys.stderr)
    if exc.backup is not None:
        print(f"The newest good backup is {exc.backup}.", file=sys.stderr)
        print(f"Restore it with:  harbormaster restore {path}", file=sys.stderr)
        if sys.stdin.isatty() and sys.stdout.isatty():
            answer = input("Restore it now? The damaged file is kept beside it. [y/N] ").strip().lower()
            if answer in ("y", "yes"):
                code = _restore(path, exc.backup)  # takes the lock, as ``harbormaster restore`` does
                return _open([str(path)]) if code == 0 else code
    return 2


def _subcommand(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="harbormaster")
    sub = p.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="create a new game from a bundled scenario")
    new.add_argument("path", type=save_path)
    new.add_argument("--ruleset", choices=sorted(RULESETS), help="default: the scenario's, else the default game's")
    new.add_argument("--scenario", help="scenario name (see 'harbormaster scenarios') or a scenario file (my-game.toml)")
    new.add_argument("--seed", type=_seed, help=f"dice seed, 0 to {MAX_SEED} (default: random, recorded in the save)")
    new.add_argument("--dice", choices=("app", "typed"), help="who rolls by default")
    ex = sub.add_parser("exec", help="run commands on a save and print the results")
    ex.add_argument("path", type=save_path)
    ex.add_argument("commands", nargs="+", help="command lines, e.g. \"hit Tobruk 2\"")
    ex.add_argument("--wait", type=_wait_seconds, default=10.0, metavar="SECONDS",
                    help=f"how long to wait for a session that is writing the game, 0 to {MAX_WAIT} (default 10)")
    sh = sub.add_parser("show", help="print ports, markers, the phase or the log")
    sh.add_argument("path", type=save_path)
    sh.add_argument("view", help="ports, markers, phase, log, or a view of the rule set (zones, shipping, ...)")
    sh.add_argument("--json", action="store_true", help="JSON, including every figure's explanation")
    rs = sub.add_parser("restore", help="replace a damaged save with its newest good backup")
    rs.add_argument("path", type=save_path)
    rs.add_argument("--backup", type=save_path, help="the backup to restore (default: newest that opens)")
    sub.add_parser("scenarios", help="list the bundled scenarios")
    args = p.parse_args(argv)
    data = data_dir()

    if args.command == "scenarios":
        for path in scenario_paths(data):
            info = load_scenario(data, path.stem).info
            print(f"{path.stem:<24} {info.ruleset:<10} {info.start:<12} {info.name}")
        return 0
    if args.command == "new":
        named = load_scenario(data, args.scenario).info.ruleset if args.scenario else None  # refused before any folder is made
        ruleset = args.ruleset or named or ""
        game = _create(args.path, data, ruleset, args.scenario, args.seed)
        if game is None:
            return 2
        try:
            if args.dice and args.dice != game.state.settings.get("dice"):
                game.execute(f"set dice {args.dice}", "exec")
            print(f"Created {args.path}: {game.meta['scenario_name']} ({game.ruleset.id}), {game.turn_label}")
        finally:
            game.close()
        return 0
    if args.command == "restore":
        return _restore(args.path, args.backup)
    try:
        if args.command == "show":
            game = open_game(args.path, data, mode="read", verify=True)
        else:  # a read-only folder or file system is refused here, cleanly
            game = open_game(args.path, data, mode="write", wait=args.wait, verify=True)
    except GameLocked as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 3
    except GameOpenError as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        if exc.backup is not None:
            print(f"The newest good backup is {exc.backup}; restore it with: harbormaster restore {args.path}", file=sys.stderr)
        return 2
    try:
        if args.command == "show":
            from ..outputs import report

            if args.view not in report.views(game):
                print(f"harbormaster: no view '{args.view}' in a {game.ruleset.id} game; views: {', '.join(report.views(game))}", file=sys.stderr)
                return 2
            if args.json:  # JSON escapes C0 controls itself; DEL and C1 too here (issue 18.5)
                import json

                print(json_visible(json.dumps(report.data(game, args.view), indent=2, ensure_ascii=False, default=str)))
            else:
                print(visible(report.text(game, args.view), lines=True))
            return 0
        return _exec(game, args.commands)
    finally:
        game.close()


def _exec(game, lines: list[str]) -> int:
    if game.state.settings.get("dice") == "sealed":  # its commands must be signed into its chain, not only saved
        print("harbormaster: this game is played by e-mail (sealed dice): run its commands with "
              "harbormaster pbem exec GAME \"COMMAND\", which signs them into its chain; nothing was changed", file=sys.stderr)
        return 2
    for line in lines:
        result = game.execute(line, "exec")
        if not result.ok:  # what was typed and what the save holds are shown with their control characters escaped
            print(f"refused: {visible(line)}\n  {visible(result.message, lines=True)}\n  nothing was changed", file=sys.stderr)
            return 1
        print(f"ok: {visible(result.command)}\n  {visible(result.message, lines=True)}")
        for detail in result.details:
            print(f"    {visible(detail, lines=True)}")
    return 0


def _restore(path: Path, backup: Path | None) -> int:
    what = not_a_file(path) or foreign_through_link(path) or read_only_file(path)  # nothing is made beside it
    if what is None and backup is not None:  # a backup is never read through a link (issue 29.2)
        what = linked_backup(backup) or planted_link(backup)
    if what is not None:
        print(f"harbormaster: cannot restore {path}: {visible(what)}; nothing was changed", file=sys.stderr)
        return 2
    try:  # the save's folder, found once and held: the lock, the check and the restore all happen in it (issue 29.2)
        pinned, where = locate(path)
    except OSError as exc:
        print(f"harbormaster: cannot restore {path}: {visible(shown(str(exc)) if isinstance(exc, PinRefused) else reason(exc))}; "
              "nothing was changed", file=sys.stderr)
        return 2
    problem = cannot_write(Path(pinned.folder))
    if problem is not None:
        print(f"harbormaster: cannot restore {path}: you cannot write its folder ({problem}); nothing was changed", file=sys.stderr)
        return 2
    if backup is None and lock_free(Path(where)) and not backups_beside(where):
        return _restore_locked(path, None, Path(where))  # no backup to put back: only judged, never written, so no lock is made
    lock = SaveLock(Path(where))
    try:
        taken = lock.acquire(0)
    except OSError as exc:
        print(f"harbormaster: cannot restore {path}: its lock cannot be taken ({reason(exc)}); nothing was changed", file=sys.stderr)
        return 2
    if not taken:
        holder = read_holder(path)
        print(f"harbormaster: {path} is open in {holder.describe() if holder else 'another session'}; close it first", file=sys.stderr)
        return 3
    try:
        return _restore_locked(path, backup, Path(where))
    finally:
        lock.release()


def _restore_locked(path: Path, backup: Path | None, where: Path) -> int:
    """Restore ``path`` (reached as ``where``, in its pinned folder) from ``backup`` or its newest good backup."""
    if backup is None:
        try:
            open_game(where, data_dir(), mode="read", verify=True).store.close()  # judged as show, exec and the TUI judge it
        except GameOpenError as exc:
            backup = Path(shown(str(exc.backup))) if exc.backup is not None else None
        else:
            print(f"{path} opens fine; nothing to restore (name a --backup to force one)")
            return 0
    if backup is None:
        linked = backups_beside(where, linked=True)
        because = f" ({visible(linked[0])})" if linked else ""
        print(f"harbormaster: no good backup of {path} was found{because}; nothing was changed", file=sys.stderr)
        return 2
    try:
        kept = restore_backup(where, backup)
    except (SaveError, StoreFailed, OSError) as exc:
        print(f"harbormaster: could not restore: {shown(str(exc))}", file=sys.stderr)
        return 2
    told = f"; the damaged file is kept as {shown(str(kept))}" if kept is not None else ""
    print(f"Restored {path} from {backup}{told}")
    return 0
