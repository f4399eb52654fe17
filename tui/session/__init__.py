"""Opening and creating games: wires the engine to the store (used by the CLI and the App).

Kept apart from both so that the engine never imports the store and the
screens never build one.
"""

from __future__ import annotations

import os
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Callable

from ..engine.game import Game
from ..engine.rulecache import rule_cache
from ..engine.setup import choose, load_ruleset, new_game
from ..rules.core.errors import DataError
from .savecheck import SavedDataError, check_saved, rules_fingerprint
from ..store import SaveError, SaveFile, SaveLock, StoreFailed, read_holder
from ..store.lock import LockLost, folder_lock, lock_free
from ..store.links import backups_of, linked_backup
from ..store.recovery import foreign_through_link, no_save_here, put_back
from ..store.pinned import PinRefused, locate, moved, shown
from ..store.snapshot import paused_gc
from ..store.fileops import not_a_file, read_only_file
from ..store.fileops import reason as os_reason
from ..store.storage import sweep_temp_files


class GameOpenError(Exception):
    """A save or its rule set cannot be opened; the message is for the referee.

    The message and the backup name the save's folder as the referee named it, never the pinned folder's
    ``/proc/self/fd/N`` (:func:`tui.store.pinned.shown`).
    """

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(shown(message))
        self.backup = Path(shown(str(backup))) if backup is not None else None


class GameLocked(GameOpenError):
    """Another live session is writing this game, and this one needs to write."""


def create_game(path: Path, data_dir: Path, ruleset_id: str = "", scenario: str | None = None,
                seed: int | None = None, clock: Callable[[], datetime] | None = None, dice: str | None = None) -> Game:
    """Create a new save at ``path`` from a bundled scenario and open it (:func:`choose` picks the rule set and the
    scenario from those given; ``dice``: the initial dice setting, ``"sealed"`` for a game played by e-mail)."""
    ruleset, scen = choose(data_dir, ruleset_id, scenario)
    meta, state = new_game(ruleset, scen, seed=seed, dice=dice)
    meta["rules"] = rules_fingerprint(data_dir, ruleset.id)
    SaveFile.create(path, meta, state, clock=clock).close()
    return open_game(path, data_dir, clock, mode="write")


def cannot_write(folder: Path) -> str | None:
    """Why this user cannot make or replace files in ``folder`` (a read-only file system, permissions), or None."""
    if os.access(folder, os.W_OK | os.X_OK):
        return None
    try:
        if os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 1):
            return "it is on a read-only file system"
    except OSError:
        pass
    if not os.path.isdir(folder):
        return "it is not a folder" if os.path.exists(folder) else "it does not exist"
    return "you do not have write permission there"


def memory_game(data_dir: Path, ruleset_id: str = "", scenario: str | None = None, seed: int = 1,
                clock: Callable[[], datetime] | None = None, dice: str | None = None) -> Game:
    """A game held only in memory (tests, benchmarks, the replay of ``harbormaster pbem verify``)."""
    ruleset, scen = choose(data_dir, ruleset_id, scenario)
    meta, state = new_game(ruleset, scen, seed=seed, dice=dice)
    return Game(ruleset, SaveFile.memory(meta, state, clock=clock), clock)


def open_game(path: Path, data_dir: Path, clock: Callable[[], datetime] | None = None, *,
              mode: str = "auto", wait: float = 0.0, verify: bool | str = False) -> Game:
    """Open the save at ``path``; every failure becomes a :class:`GameOpenError` naming the file.

    ``mode`` is ``"write"`` (take the writer's lock, waiting at most ``wait``
    seconds, else :class:`GameLocked`), ``"read"`` (read-only, no lock), or
    ``"auto"`` (write if the lock is free and this user can write the folder,
    else read-only with the reason shown). The lock is taken on the real file
    (through any symbolic link) before the file is read, so a writer always
    starts from the newest save. The save's folder is found once and pinned
    (:func:`tui.store.pinned.pin`): the lock, the read, every write, backup and
    temporary file of this session go to that very folder, whatever is renamed
    meanwhile (issue 29.2). Every open validates the save against its
    rule set (:func:`tui.session.savecheck.check_saved`); ``verify`` also replays the
    whole log and refuses a save whose events do not give its state;
    ``verify="later"`` leaves that to the caller, who must replay it
    (``Game.verify_steps``) before running any command and refuse as
    :func:`replay_refusal` says (the screen does, once the game is shown).
    """
    given = Path(path)
    what = not_a_file(given) or foreign_through_link(given)  # a FIFO, a device, a folder, a link to one or to
    # another program's file, a link another user planted (issue 29.2): nothing is made beside it (no lock file),
    # no backup offered
    if what is not None:
        raise GameOpenError(f"cannot open {given}: {what}; nothing was changed")
    try:  # resolved once, every link on the way judged, and held open: no later swap redirects anything (issue 29.2)
        pinned, where = locate(given)
    except PinRefused as exc:
        raise GameOpenError(f"cannot open {given}: {exc}; nothing was changed") from None
    except OSError as exc:
        raise GameOpenError(f"cannot open {given}: a folder on the way cannot be entered ({os_reason(exc)}); "
                            "nothing was changed") from None
    path = Path(where)
    what = not_a_file(path)  # the save itself, in the pinned folder (a link the referee gave was followed to it)
    if what is not None:
        raise GameOpenError(f"cannot open {given}: {what}; nothing was changed")
    plainly = no_save_here(path) if mode in ("write", "auto") else None  # a text file: refused before its lock is made
    if plainly is not None:
        raise GameOpenError(str(plainly), plainly.backup)
    lock: SaveLock | None = None
    why = ""
    who = ""
    if mode in ("write", "auto") and path.exists():
        problem = cannot_write(path.parent)
        taken = False
        read_only = None if problem is not None else read_only_file(path)  # chmod 444: as a read-only folder is
        if problem is None and read_only is None:
            lock = SaveLock(path)
            try:
                taken = lock.acquire(wait)
            except OSError as exc:
                problem = os_reason(exc)
        if read_only is not None:
            if mode == "write":
                raise GameOpenError(f"cannot write {given}: {read_only}; nothing was changed")
            why = f"This save is read-only ({given.name}: {read_only}): watching; nothing can be changed from this session."
        elif problem is not None:
            lock = None
            if mode == "write":
                raise GameOpenError(f"cannot write {given}: you cannot write the folder {path.parent} ({problem}); nothing was changed")
            why = f"You cannot write this folder ({path.parent}: {problem}): watching; nothing can be changed from this session."
        elif not taken:
            holder = read_holder(path)
            if mode == "write":
                who = holder.describe() if holder else "another session"
                raise GameLocked(f"{given} is being written by {who}; nothing was changed. Try again when that session closes the game.")
            who = holder.name() if holder else "another session"
            lock = None
            why = watching(who)
    elif mode == "read":
        why = "Opened read-only (--read-only)."
    if lock is not None:
        _sweep(path)
    try:
        game = _load(path, data_dir, clock)
        problem = game.verify() if verify is True else None
        if problem:
            try:
                refusal = replay_refusal(game, path, problem, data_dir)  # reads the save's meta: before closing it
            finally:
                game.store.close()  # type: ignore[attr-defined]
            raise refusal
        game.unverified = verify == "later"
        # Replayed in full just now: ``close`` may mark the bytes it leaves verified (where markers are kept at all).
        game.chain_verified = verify is True and rule_cache() is not None
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if lock is None:
        game.read_only = True
        game.read_only_reason = why
        game.writer = who
        game.store.read_only = True  # type: ignore[attr-defined]
        game.watch_writer = partial(writer_now, path)
        if who:  # watching because another session holds the lock, not for want of rights: it may take over later
            game.take_over = partial(open_game, given, data_dir, clock, mode="write")
    else:
        game.on_close = lock.release
        game.store.lock = lock  # type: ignore[attr-defined]

    def reopen() -> SaveFile:
        if moved(str(path)):  # the folder is no longer where the referee named it: say so, never follow it there
            raise StoreFailed(given.name, "the file was removed, or its folder moved, by another program")
        store = _open_checked(path, game.ruleset, clock)
        store.read_only = game.read_only
        store.lock = lock
        return store

    game.reopen = reopen
    game.pinned = pinned  # the save's folder stays pinned (``path`` reaches it) as long as the game lives
    return game


def writer_now(path: Path) -> str | None:
    """Who writes the save at ``path`` now: the lock holder by user and host (``""`` if it is not recorded yet), or
    None when nobody holds the lock (the writer left). A watching session asks about twice a second."""
    if lock_free(path):
        return None
    holder = read_holder(path)
    return holder.name() if holder else ""


def watching(who: str) -> str:
    """The read-only reason of a session watching ``who`` write the game."""
    return f"Held by {who}: you are watching; only that session can change the game."


def _sweep(path: Path) -> None:
    """Tidy what a writer killed mid-write left beside the save, under the folder's write lock.

    Holding the game's lock is not enough: its lock file may have been removed
    while another session (holding the old one) was between writing its
    temporary file and renaming it; the folder's lock waits for that write.
    """
    try:
        with folder_lock(path.parent):
            sweep_temp_files(path)
    except OSError:
        pass  # tidying is a courtesy: the next write still checks the file it replaces


class LogDoesNotReplay(Exception):
    """The screen found, once shown, that the save's log does not replay to its state (the message says where)."""


def replay_refusal(game: Game, path: Path, problem: str, data_dir: Path) -> GameOpenError:
    """How a save whose log does not replay to its state is refused (``problem`` says where), naming the newest backup
    whose log does replay, if any; a change of the rule data since it was written is said as such."""
    problem = _rules_changed(game, data_dir) or problem
    return GameOpenError(f"cannot open {path}: {problem}; the file was not changed", _verified_backup(Path(path), data_dir))


def _rules_changed(game: Game, data_dir: Path) -> str | None:
    """If the rule data differs from the data the save was written with, say so (a house-rule change, not a hand edit)."""
    recorded = game.meta.get("rules")
    if not isinstance(recorded, str) or recorded == rules_fingerprint(data_dir, game.ruleset.id):
        return None
    return (f"the rule data changed since this save was written (data/rulesets/{game.ruleset.id}.toml differs), "
            "so its log no longer replays to its state; put the old rule data back to open it")


def _open_checked(path: Path, ruleset, clock: Callable[[], datetime] | None) -> SaveFile:
    """Open the store and run the one validation against ``ruleset``; SaveError if the save is damaged."""
    store = SaveFile.open(path, clock=clock)
    try:
        check_saved(store.state(), store.events(), ruleset)
    except SavedDataError as exc:
        store.close()
        raise SaveError(path, f"the save is damaged: {exc}", kind="broken") from None
    return store


def _verified_backup(path: Path, data_dir: Path) -> Path | None:
    """The newest backup of ``path`` that opens and whose log replays, if any."""
    for candidate in backups_of(path):
        if not candidate.exists() or linked_backup(candidate) is not None:  # a backup is never read through a link
            continue
        try:
            game = _load(candidate, data_dir, None)
        except GameOpenError:
            continue
        ok = game.verify() is None
        game.store.close()  # type: ignore[attr-defined]
        if ok:
            return candidate
    return None


def _load(path: Path, data_dir: Path, clock: Callable[[], datetime] | None) -> Game:
    """Open the store and the rule set it names, validate the save against it, and build the game.

    The garbage collector is paused meanwhile: what is built here (the log, the
    states, the rule set) lives on, and a collection would walk it all for nothing.
    """
    with paused_gc():
        return _load_game(path, data_dir, clock)


def _load_game(path: Path, data_dir: Path, clock: Callable[[], datetime] | None) -> Game:
    try:
        store = SaveFile.open(path, clock=clock)
    except SaveError as exc:
        raise GameOpenError(str(exc), exc.backup) from exc
    try:
        ruleset = load_ruleset(str(store.meta.get("ruleset")), data_dir)
    except DataError as exc:
        store.close()
        raise GameOpenError(f"{path}: {exc}") from exc
    state, events = store.state(), store.log()  # the game edits no event: the store's own documents serve
    try:
        check_saved(state, events, ruleset, typed=store.events_typed)  # read typed: no event looked at again
    except SavedDataError as exc:
        store.close()
        raise GameOpenError(f"cannot open {path}: the save is damaged: {exc}", _verified_backup(path, data_dir)) from None
    try:
        return Game(ruleset, store, clock, loaded=(state, events))
    except (KeyError, TypeError, ValueError) as exc:
        store.close()
        raise GameOpenError(f"{path}: the saved state does not fit the {ruleset.id} rule set ({type(exc).__name__}: {exc})") from exc


def write_back(game: Game) -> Path | None:
    """Put the writer's game (as last saved) back over its file, which was cut short, replaced or removed.

    What is on disk now is kept beside it as ``NAME.broken-*`` (returned).
    Needs this session to hold the game's lock (it is confirmed first); raises
    :class:`GameOpenError` with the reason, changing nothing, if it cannot.
    """
    store = game.store
    lock = getattr(store, "lock", None)
    path = Path(getattr(store, "pinned_file", None) or "")  # in its pinned folder: never a folder swapped meanwhile
    if game.read_only or lock is None:
        raise GameOpenError("only the session writing this game can put it back; this one is watching")
    try:
        lock.confirm()
        kept = put_back(path, store.to_bytes())  # type: ignore[attr-defined]
    except (LockLost, StoreFailed) as exc:
        raise GameOpenError(f"could not write the game back to {path}: {exc}") from None
    game.poll()  # takes the file just written (the same game) as the one to follow
    return kept


def write_elsewhere(game: Game, path: Path, data_dir: Path) -> Game:
    """Write the game (as last saved) as a new save at ``path`` and open it for writing; the caller switches to it."""
    path = Path(path).expanduser()
    try:
        SaveFile.create_from_bytes(path, game.store.to_bytes()).close()  # type: ignore[attr-defined]
    except (SaveError, StoreFailed) as exc:
        raise GameOpenError(str(exc)) from None
    return open_game(path, data_dir, game.clock, mode="write")
