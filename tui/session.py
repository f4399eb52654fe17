"""Opening and creating games: wires the engine to the store (used by the CLI and the App).

Kept apart from both so that the engine never imports the store and the
screens never build one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from .engine.game import Game
from .engine.setup import DEFAULT_SCENARIO, load_ruleset, load_scenario, new_game
from .rules.core.errors import DataError
from .store import SaveError, SaveFile


class GameOpenError(Exception):
    """A save or its rule set cannot be opened; the message is for the referee."""

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(message)
        self.backup = backup


@dataclass(frozen=True)
class Clock:
    """An injectable clock (tests and snapshots use a fixed one)."""

    now: Callable[[], datetime]


def create_game(path: Path, data_dir: Path, ruleset_id: str = "europa", scenario: str | None = None,
                seed: int | None = None, clock: Callable[[], datetime] | None = None) -> Game:
    """Create a new save at ``path`` from a bundled scenario and open it."""
    ruleset = load_ruleset(ruleset_id, data_dir)
    scen = load_scenario(data_dir, scenario or ruleset.default_scenario or DEFAULT_SCENARIO)
    meta, state = new_game(ruleset, scen, seed=seed)
    store = SaveFile.create(path, meta, state, clock=clock)
    return Game(ruleset, store, clock)


def memory_game(data_dir: Path, ruleset_id: str = "europa", scenario: str | None = None, seed: int = 1,
                clock: Callable[[], datetime] | None = None) -> Game:
    """A game held only in memory (tests, benchmarks)."""
    ruleset = load_ruleset(ruleset_id, data_dir)
    scen = load_scenario(data_dir, scenario or ruleset.default_scenario or DEFAULT_SCENARIO)
    meta, state = new_game(ruleset, scen, seed=seed)
    return Game(ruleset, SaveFile.memory(meta, state, clock=clock), clock)


def open_game(path: Path, data_dir: Path, clock: Callable[[], datetime] | None = None) -> Game:
    """Open the save at ``path``; every failure becomes a :class:`GameOpenError` naming the file."""
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
