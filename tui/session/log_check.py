"""Whether a game's log replays to its state, checked beside the screen: the very bytes looked up are those replayed.

The app checks a save's log once its first screen is drawn (``app_start``)
and again when a watching session takes a game over (``T``, issue 29.7). A
marker in the user's cache folder (:mod:`tui.engine.verified`) spares the
replay of bytes already found right; a save without one is replayed, a few
events at a time between screen updates, and marked if it is right.

The lookup and the replay both wait on the event loop, and meanwhile a
watching session may take in a newer save from disk (its poll re-reads the
file). So the check takes, in one step and before anything waits, the save's
exact bytes and a copy of the log, states and seed those bytes hold
(:meth:`Game.scratch`); the marker looked up, the log replayed and the marker
written are all of those bytes, whatever the game shows by the end (issue
29.4: a tampered save was marked after the good one that replaced it had been
replayed).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.rulecache import DiskCache
    from ..rules.core.ruleset import RuleSet


class LogVerdict(msgspec.Struct, frozen=True):
    """What a check found, about one save's exact bytes."""

    problem: str | None
    """Why the log does not replay to the saved state; None if it does."""
    raw: bytes | None
    """The exact bytes checked (None: a game in memory, or markers are off): a marker may name these only."""
    marked: bool
    """A marker for ``raw`` was found (nothing was replayed)."""
    store: object
    """The store those bytes are of (the game may hold a newer one by the end of the check)."""
    ruleset: RuleSet
    """The rule set the log was replayed with."""

    def mark(self, cache: DiskCache | None) -> None:
        """Keep a marker for the bytes replayed, if they were replayed and found right (silent otherwise)."""
        from ..engine import verified

        if self.problem is None and not self.marked and self.raw is not None and cache is not None:
            verified.mark_verified(self.ruleset, self.raw, cache)


async def check_log(game: Game, chunk: int, cache: DiskCache | None) -> LogVerdict:
    """Check that ``game``'s log, as its save holds it now, replays to its state: a marker for those exact bytes, or a
    replay of ``chunk`` events between turns of the event loop. Nothing is marked here (:meth:`LogVerdict.mark`)."""
    from ..engine import verified

    store = game.store
    raw = verified.save_bytes(store) if cache is not None else None
    snapshot = game.scratch()  # the log, states and seed of ``raw``, taken with it: nothing waited in between
    ruleset = game.ruleset
    # Hashing the bytes (and the code the verdict depends on) runs beside the screen, which draws meanwhile.
    marked = raw is not None and await asyncio.to_thread(verified.is_verified, ruleset, raw, cache)
    problem: str | None = None
    if not marked:
        steps = snapshot.verify_steps(chunk)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                problem = done.value
                break
            await asyncio.sleep(0)
    return LogVerdict(problem, raw, marked, store, ruleset)
