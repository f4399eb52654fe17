"""Opening and creating games: wires the engine to the store (used by the CLI and the App).

Kept apart from both so that the engine never imports the store and the
screens never build one.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Callable

from .engine.game import Game
from .engine.setup import DEFAULT_SCENARIO, load_ruleset, load_scenario, new_game
from .rules.core.errors import DataError
from .store import SaveError, SaveFile, SaveLock, read_holder
from .store.storage import sweep_temp_files


class GameOpenError(Exception):
    """A save or its rule set cannot be opened; the message is for the referee."""

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(message)
        self.backup = backup


class GameLocked(GameOpenError):
    """Another live session is writing this game, and this one needs to write."""


def create_game(path: Path, data_dir: Path, ruleset_id: str = "europa", scenario: str | None = None,
                seed: int | None = None, clock: Callable[[], datetime] | None = None) -> Game:
    """Create a new save at ``path`` from a bundled scenario and open it."""
    ruleset = load_ruleset(ruleset_id, data_dir)
    scen = load_scenario(data_dir, scenario or ruleset.default_scenario or DEFAULT_SCENARIO)
    meta, state = new_game(ruleset, scen, seed=seed)
    SaveFile.create(path, meta, state, clock=clock).close()
    return open_game(path, data_dir, clock, mode="write")


def memory_game(data_dir: Path, ruleset_id: str = "europa", scenario: str | None = None, seed: int = 1,
                clock: Callable[[], datetime] | None = None) -> Game:
    """A game held only in memory (tests, benchmarks)."""
    ruleset = load_ruleset(ruleset_id, data_dir)
    scen = load_scenario(data_dir, scenario or ruleset.default_scenario or DEFAULT_SCENARIO)
    meta, state = new_game(ruleset, scen, seed=seed)
    return Game(ruleset, SaveFile.memory(meta, state, clock=clock), clock)


def open_game(path: Path, data_dir: Path, clock: Callable[[], datetime] | None = None, *,
              mode: str = "auto", wait: float = 0.0, verify: bool = False) -> Game:
    """Open the save at ``path``; every failure becomes a :class:`GameOpenError` naming the file.

    ``mode`` is ``"write"`` (take the writer's lock, waiting at most ``wait``
    seconds, else :class:`GameLocked`), ``"read"`` (read-only, no lock), or
    ``"auto"`` (write if the lock is free, else read-only with the holder
    named). The lock is taken before the file is read, so a writer always
    starts from the newest save. ``verify`` also replays the whole log and
    refuses a save whose events do not give its state.
    """
    path = Path(path)
    lock: SaveLock | None = None
    reason = ""
    who = ""
    if mode in ("write", "auto") and path.exists():
        lock = SaveLock(path)
        if not lock.acquire(wait):
            holder = read_holder(path)
            who = holder.describe() if holder else "another session"
            if mode == "write":
                raise GameLocked(f"{path} is being written by {who}; nothing was changed. Try again when that session closes the game.")
            lock = None
            reason = f"Held by {who}: you are watching; only that session can change the game."
    elif mode == "read":
        reason = "Opened read-only (--read-only)."
    if lock is not None:
        sweep_temp_files(path)  # left by a writer that was killed mid-write; we hold the lock now
    try:
        game = _load(path, data_dir, clock)
        problem = game.verify() if verify else None
        if problem:
            game.store.close()  # type: ignore[attr-defined]
            raise GameOpenError(f"cannot open {path}: {problem}; the file was not changed", _verified_backup(path, data_dir))
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if lock is None:
        game.read_only = True
        game.read_only_reason = reason
        game.writer = who
        game.store.read_only = True  # type: ignore[attr-defined]
    else:
        game.on_close = lock.release

    def reopen() -> SaveFile:
        store = SaveFile.open(path, clock=clock)
        store.read_only = game.read_only
        return store

    game.reopen = reopen
    return game


def _verified_backup(path: Path, data_dir: Path) -> Path | None:
    """The newest backup of ``path`` that opens and whose log replays, if any."""
    for n in (1, 2, 3):
        candidate = path.with_name(f"{path.name}.{n}")
        if not candidate.exists():
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
    """Open the store and the rule set it names, and build the game."""
    try:
        store = SaveFile.open(path, clock=clock)
    except SaveError as exc:
        raise GameOpenError(str(exc), exc.backup) from exc
    try:
        ruleset = load_ruleset(str(store.meta.get("ruleset")), data_dir)
    except DataError as exc:
        store.close()
        raise GameOpenError(f"{path}: {exc}") from exc
    try:
        return Game(ruleset, store, clock)
    except (KeyError, TypeError, ValueError) as exc:
        store.close()
        raise GameOpenError(f"{path}: the saved state does not fit the {ruleset.id} rule set ({type(exc).__name__}: {exc})") from exc
