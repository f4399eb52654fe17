"""One validation of an opened save against its rule set, run on every open path.

The store (:mod:`tui.store.validate`) checks that a file is a Harbormaster save
at all: JSON, the meta marker, tables of the right shape. This module checks
the rest, with the rule set in hand: every event has a whole-number seq in
order, a known status and a command written as text; the saved flow points at
a segment of the rule set's sequence; and the saved worlds convert through the
rule set's own ``world_from_data`` hook, which refuses what its rules cannot
hold (negative or absurd counts, unknown port types, duplicate ports). The
session runs it when the CLI, the TUI (writer or viewer, and on every reload)
or ``restore`` opens a save, so a file is judged the same way everywhere.

:func:`rules_fingerprint` names the rule data a save was written with, so a
save that replays differently after a house-rule change says so.
"""

from __future__ import annotations

from operator import itemgetter
from pathlib import Path
from typing import Any

import msgspec

from ..engine.serialize import state_from_data
from ..rules.core.errors import DataError
from ..rules.core.ruleset import RuleSet
from ..rules.core.saved import SavedDataError

__all__ = ["EVENT_STATUSES", "MAX_TURN", "SavedDataError", "check_saved", "rules_fingerprint"]

#: The statuses an event can have (see ``tui.engine.game``).
EVENT_STATUSES = ("applied", "undone", "abandoned")
#: Far beyond any campaign's last game turn.
MAX_TURN = 100_000
_TEXT_FIELDS = ("time", "turn", "segment", "segment_title", "side", "actor", "source", "summary", "undone_at")


_LOGGED_TEXTS = itemgetter("time", "turn", "segment", "segment_title", "side", "actor", "source", "summary")
"""The text fields every event the app logs has (``undone_at`` only an undone one's)."""
_MISSING: Any = object()
_DICTS, _STRS = {dict}, {str}


def check_events(events: list[Any]) -> None:
    """Raise :class:`SavedDataError` unless every event is a well-formed log entry, in order.

    An event shaped as the app logs them passes a quick look (a long log opens
    in a few milliseconds); any other is checked field by field, which names
    what is wrong. The quick look accepts nothing the full check refuses.
    """
    texts = _LOGGED_TEXTS
    for n, event in enumerate(events, start=1):
        if type(event) is dict:
            seq, command = event.get("seq"), event.get("command")
            dice, details = event.get("dice", _MISSING), event.get("details", _MISSING)
            try:
                logged = texts(event)
            except KeyError:
                logged = None
            if (seq == n and type(seq) is int and event.get("status") in EVENT_STATUSES
                    and type(command) is str and command and not command.isspace()
                    and (dice is _MISSING or (type(dice) is list and {*map(type, dice)} <= _DICTS))
                    and (details is _MISSING or type(details) is list)
                    and logged is not None and {*map(type, logged)} == _STRS
                    and type(event.get("undone_at", "")) is str):
                continue
        check_event(n, event)


def check_event(n: int, event: Any) -> None:
    """Raise :class:`SavedDataError` unless ``event`` is a well-formed log entry numbered ``n``, naming what is wrong."""
    where = f"event {n}"
    if not isinstance(event, dict):
        raise SavedDataError(f"{where} is not a document")
    if type(event.get("seq")) is not int or event["seq"] != n:
        raise SavedDataError(f"{where} has seq {event.get('seq')!r}; events must be numbered 1, 2, 3 ... in order")
    if event.get("status") not in EVENT_STATUSES:
        raise SavedDataError(f"{where} has status {event.get('status')!r}, not one of {', '.join(EVENT_STATUSES)}")
    if not isinstance(event.get("command"), str) or not event["command"].strip():
        raise SavedDataError(f"{where} has command {event.get('command')!r}, not a command line")
    if not isinstance(event.get("dice", []), list) or not all(isinstance(d, dict) for d in event.get("dice", [])):
        raise SavedDataError(f"{where} has dice that are not a list of rolls")
    if not isinstance(event.get("details", []), list):
        raise SavedDataError(f"{where} has details that are not a list")
    for key in _TEXT_FIELDS:
        if key in event and not isinstance(event[key], str):
            raise SavedDataError(f"{where} has {key} {event[key]!r}, not text")


def _check_flow(flow: Any, ruleset: RuleSet, where: str) -> None:
    if not isinstance(flow, dict):
        raise SavedDataError(f"{where}.flow is {flow!r}, not a document")
    segments = len(ruleset.sequence.segments)
    index, turn = flow.get("index"), flow.get("turn")
    if type(index) is not int or not 0 <= index < segments:
        raise SavedDataError(f"{where}.flow.index is {index!r}; the {ruleset.id} sequence has segments 0 to {segments - 1}")
    if type(turn) is not int or not 0 <= turn <= MAX_TURN:
        raise SavedDataError(f"{where}.flow.turn is {turn!r}, not a game turn (0 to {MAX_TURN:,})")
    for key in ("pending", "answered"):
        if not isinstance(flow.get(key, []), list):
            raise SavedDataError(f"{where}.flow.{key} is not a list")
    if not all(isinstance(p, dict) for p in flow.get("pending", [])):
        raise SavedDataError(f"{where}.flow.pending holds something that is not a prompt")


def check_state(doc: Any, ruleset: RuleSet) -> None:
    """Raise :class:`SavedDataError` unless the state document's initial and current states fit ``ruleset``."""
    if not isinstance(doc, dict):
        raise SavedDataError("the state document is not a document")
    for key in ("initial", "current"):
        part = doc.get(key)
        if not isinstance(part, dict):
            raise SavedDataError(f"state.{key} is missing or not a document")
        _check_flow(part.get("flow"), ruleset, f"state.{key}")
        if not isinstance(part.get("world"), dict) or not isinstance(part.get("settings", {}), dict):
            raise SavedDataError(f"state.{key}.world or .settings is missing or not a document")
        try:
            state_from_data(part, ruleset)  # the rule set's hook: world_from_data refuses what its rules cannot hold
        except SavedDataError as exc:
            raise SavedDataError(f"state.{key}.world: {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError, DataError, msgspec.ValidationError) as exc:
            raise SavedDataError(f"state.{key} does not fit the {ruleset.id} rule set ({type(exc).__name__}: {exc})") from None


def check_saved(state: Any, events: list[Any], ruleset: RuleSet, *, typed: bool = False) -> None:
    """The whole check: events, then both saved states against ``ruleset``; :class:`SavedDataError` says what is wrong.
    ``typed``: the events were read typed (``tui/store/typed.py``), which found all :func:`check_events` looks for."""
    if not typed:
        check_events(events)
    check_state(state, ruleset)


def rules_fingerprint(data_dir: Path, ruleset_id: str) -> str:
    """A short hash of the rule set's data files (``rulesets/ID.toml`` and ``rulesets/ID/``), recorded in each save."""
    base = Path(data_dir) / "rulesets"
    files = [base / f"{ruleset_id}.toml", *sorted(p for p in (base / ruleset_id).rglob("*") if p.is_file())]
    import hashlib  # here, not at the top: only a new save or a refused one needs it, not the start path

    digest = hashlib.sha256()
    for path in files:
        try:
            content = path.read_bytes()
        except OSError:
            continue
        digest.update(path.relative_to(base).as_posix().encode() + b"\0" + content + b"\0")
    return digest.hexdigest()[:16]
