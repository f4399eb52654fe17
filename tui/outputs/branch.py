"""What-if branches: a new save holding a game's log up to one entry, with that entry's state.

``harbormaster branch PATH --at SEQ NEW_PATH`` and the Log mode's ``b`` key
both come here. The branch holds the parent's events ``1..SEQ`` exactly as
recorded (their dice included, so replaying it never re-rolls), the parent's
initial state, and as current state the replay of those events. Its ``meta``
names the parent (``meta.parent``: the file, the entry, its command and turn,
the parent's revision). The parent is only read: it is opened read-only, so
its file stays byte-identical, and branching works while a referee is
writing it.

Which entries can be branched from:

- ``0`` is the scenario start (an empty log);
- an applied entry, ``1`` to the last one;
- an undone or abandoned entry is refused: its effect is not part of the game
  (branch from the entry before it, or redo it first);
- anything else (not a number, out of range) is refused with the range.

The new save is built whole in memory (the scenario start, then the log and
its state in one commit) and written once: a temporary file beside it,
fsynced, then hard-linked to its name (which fails if anything is there).
So it exists complete or not at all, however the process ends: a branch
killed half-way never opens as a branch with an empty log. Nothing is
written where anything already is (a file, a link, a FIFO), and a folder
this user cannot write is refused with the reason. Nothing is made through
a link another user planted on the way, nor beside a lock name that is a
link (issue 29.2): checked before any folder is made, and the folders and
the file are made in the folders checked. ``branch_bytes`` builds
the same save in memory only: a read-only session offers it as a download
and writes nothing (issue 29.3).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from ..engine.game import Game, ReplayError
from ..engine.lineage import describe_parent, parent_link
from ..engine.serialize import state_to_data
from ..rules.core.errors import RuleError
from ..rules.core.numbers import read_int
from ..rules.core.phases import turn_label
from ..session import cannot_write, open_game
from ..store import SaveError, SaveFile, StoreFailed
from ..store.export import planted_output
from ..store.fileops import not_a_file, reason
from ..store.links import PlantedLink, pinned_folder
from ..store.validate import RESERVED_META


__all__ = ["BranchError", "branch_bytes", "branch_game", "branch_name", "branch_point", "branch_save", "default_branch_path",
           "describe_parent", "parent_link"]


class BranchError(Exception):
    """A branch cannot be made; the message says why. Nothing was written and the parent is untouched."""


def branch_point(game: Game, at: object) -> int:
    """The entry ``at`` names, checked: 0 (the start) or an applied entry of the log; BranchError otherwise."""
    last = int(game.events[-1]["seq"]) if game.events else 0
    try:
        seq = read_int(at, "the entry to branch at (--at)", lo=0, hi=last)
    except RuleError as exc:
        hint = f"; the log has entries 1 to {last}, 0 is the start" if last else "; the log is empty, only 0 (the start) can be branched"
        raise BranchError(f"{exc}{hint}") from None
    if seq == 0:
        return 0
    event = next(e for e in game.events if e["seq"] == seq)
    status = event.get("status", "applied")
    if status != "applied":
        before = [e["seq"] for e in game.applied() if e["seq"] < seq]
        alt = f"branch from #{before[-1]}, the last applied entry before it" if before else "branch from 0, the start"
        redo = " or redo it first" if status == "undone" else ""
        raise BranchError(f"#{seq} ({event.get('command')}) was {status}: it is not part of the game; {alt}{redo}")
    return seq


def branch_name(save: Path, seq: int) -> str:
    """The branch's file name, as the first free name beside the save would be (``game-branch-12.json``)."""
    return f"{save.stem}-branch-{seq}{save.suffix}"


def default_branch_path(save: Path, seq: int) -> Path:
    """A free name beside the save: ``game-branch-12.json``, then ``game-branch-12-2.json`` ..."""
    candidate = save.with_name(branch_name(save, seq))
    n = 2
    while candidate.exists() or candidate.with_name(candidate.name + ".lock").exists():
        candidate = save.with_name(f"{save.stem}-branch-{seq}-{n}{save.suffix}")
        n += 1
    return candidate


def branch_game(game: Game, at: object, new_path: Path, *, parent_path: Path | None = None,
                clock: Callable[[], datetime] | None = None) -> tuple[Path, int]:
    """Write a branch of ``game`` at entry ``at`` to ``new_path``; return (the new path, the entry).

    ``game`` is only read. Raises :class:`BranchError` (nothing written) for a
    bad entry, a log that does not replay, an existing ``new_path`` or a
    failed write.
    """
    seq, parts = _branch_parts(game, at, parent_path, clock)
    new_path = Path(new_path)
    _check_new_path(new_path)
    try:  # each folder made in the one checked before it, never through a link (issue 29.2)
        where = pinned_folder(new_path.parent, make=True)
    except PlantedLink as exc:
        raise BranchError(f"{exc}; nothing was written") from None
    except OSError as exc:
        raise BranchError(f"cannot write {new_path}: the folder {new_path.parent} cannot be made ({reason(exc)}); "
                          "nothing was written") from None
    where.close()
    try:
        problem = cannot_write(new_path.parent)
        if problem is not None:
            raise BranchError(f"cannot write {new_path}: you cannot write the folder {new_path.parent} ({problem}); "
                              "nothing was written")
        _write(new_path, _build(parts, clock, f"cannot branch into {new_path}"), clock)
    except BaseException:
        where.unmake()
        raise
    return new_path, seq


def branch_bytes(game: Game, at: object, *, clock: Callable[[], datetime] | None = None) -> tuple[bytes, int]:
    """The bytes of a branch of ``game`` at entry ``at``, built in memory and written nowhere (a read-only session
    offers them as a download; issue 29.3); the entry. :class:`BranchError` as :func:`branch_game` raises it."""
    seq, parts = _branch_parts(game, at, None, clock)
    return _build(parts, clock, "cannot branch"), seq


_Parts = tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]], dict[str, Any]]
"""A branch's meta, initial state, events and current state (as the save holds them)."""


def _branch_parts(game: Game, at: object, parent_path: Path | None,
                  clock: Callable[[], datetime] | None) -> tuple[int, _Parts]:
    """The entry ``at`` names and what the branch at it holds: its meta (naming the parent), the parent's initial
    state, its events ``1..SEQ`` and the replay of them. :class:`BranchError` for a bad entry or a log that does
    not replay."""
    source = parent_path or getattr(game.store, "path", None)
    if source is None:
        raise BranchError("this game lives only in memory: there is no save file to name as the parent")
    seq = branch_point(game, at)
    try:
        state = game.initial if seq == 0 else game.replay(until=seq)
    except ReplayError as exc:
        raise BranchError(f"cannot branch {source}: {exc}; the file was not changed") from None
    events = [dict(e) for e in game.events if e["seq"] <= seq]
    initial = game.store.state()["initial"]
    meta = {k: v for k, v in game.meta.items() if k not in RESERVED_META and k != "parent"}
    event = events[-1] if events else {}
    now = (clock or game.clock)()
    meta["parent"] = {
        "save": str(Path(source).resolve()),
        "name": Path(source).name,
        "seq": seq,
        "command": event.get("command", ""),
        "turn": event.get("turn", "") if event else _start_label(game),
        "revision": game.store.revision,
        "branched": now.isoformat(timespec="seconds"),
    }
    return seq, (meta, initial, events, state_to_data(state, game.ruleset))


def _start_label(game: Game) -> str:
    """The game turn of the scenario start, as players write it."""
    return turn_label(game.ruleset.sequence.calendar, game.initial.flow.turn)


def _check_new_path(path: Path) -> None:
    """Refuse a ``NEW_PATH`` reached through a link that is never followed or whose lock name is a link (issue 29.2),
    or where anything is (a file, a folder, a FIFO, a link, even a dangling one)."""
    planted = planted_output(path, lock=True)
    if planted is not None:
        raise BranchError(f"{planted}; nothing was written")
    what = not_a_file(path)
    if what is not None:
        raise BranchError(f"{what}; nothing was written (name a new file)")
    if os.path.lexists(path):
        raise BranchError(f"{path} already exists; nothing was written (name a new file)")


def _build(parts: _Parts, clock: Callable[[], datetime] | None, what: str) -> bytes:
    """The branch's save, built whole in memory (the scenario start, then the log and its state in one commit): its
    bytes. ``what`` begins the refusal if it cannot be built (nothing was written)."""
    meta, initial, events, current = parts
    try:
        draft = SaveFile.memory(meta, {"initial": initial, "current": initial}, clock=clock)
        if events:
            draft.commit(append=events, state={"initial": initial, "current": current})
        raw = draft.to_bytes()
        draft.close()
    except (ValueError, TypeError, StoreFailed) as exc:
        raise BranchError(f"{what}: {exc}; nothing was written") from None
    return raw


def _write(path: Path, raw: bytes, clock: Callable[[], datetime] | None) -> None:
    """Write the branch whole: one temporary file, fsynced and linked into place.

    The link fails if anything appeared at ``path`` meanwhile, so the branch
    exists complete (its parent link, its log and its state) or not at all,
    however the process ends.
    """
    try:
        SaveFile.create_from_bytes(path, raw, clock=clock).close()
    except SaveError as exc:
        raise BranchError(f"{exc}; nothing was written") from None
    except StoreFailed as exc:  # its message says nothing was changed
        raise BranchError(f"cannot write {path}: {exc}") from None
    except OSError as exc:
        raise BranchError(f"cannot write {path}: {reason(exc)}; nothing was written") from None


def branch_save(path: Path, at: object, new_path: Path, data_dir: Path,
                clock: Callable[[], datetime] | None = None) -> tuple[Game, int]:
    """Branch the save at ``path`` (opened read-only and verified, like ``show``) into ``new_path``.

    Returns the branch, opened for writing, and the entry it was branched
    at. A damaged save raises :class:`tui.session.GameOpenError` exactly as
    opening it does; everything else is a :class:`BranchError`.
    """
    parent = open_game(path, data_dir, clock, mode="read", verify=True)
    try:
        new, seq = branch_game(parent, at, new_path, parent_path=path, clock=clock)
    finally:
        parent.store.close()  # type: ignore[attr-defined]
        parent.close()
    return open_game(new, data_dir, clock, mode="write"), seq
