"""Open-time checks of a save file's structure.

:func:`check_save` looks at parsed TinyDB data and says what, if anything, keeps
it from being a Harbormaster save this version can read. It never changes the
data. The problems are short phrases that read well after "cannot open NAME: ".
"""

from __future__ import annotations

from typing import Any

__all__ = ["APP", "RESERVED_META", "SCHEMA", "Problem", "check_save", "single_doc"]

#: The ``meta.app`` marker of a Harbormaster save.
APP = "harbormaster"
#: The save layout version this code reads and writes.
SCHEMA = 1
#: Meta keys the store owns; callers may not set them.
RESERVED_META = frozenset({"app", "schema", "created", "updated", "revision"})


class Problem(Exception):
    """Why data is not a readable save: ``kind`` is one of
    ``foreign``, ``newer``, ``broken``; ``problem`` is the human phrase."""

    def __init__(self, kind: str, problem: str) -> None:
        super().__init__(problem)
        self.kind = kind
        self.problem = problem


def single_doc(table: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The one ``(doc_id, document)`` of a one-document table (meta, state)."""
    return next(iter(table.items()))


def _check_meta(data: dict[str, Any]) -> None:
    """Raise :class:`Problem` unless the meta table marks a schema-1 Harbormaster save."""
    table = data.get("meta")
    if not isinstance(table, dict) or not table:
        raise Problem("foreign", "it is not a Harbormaster save (it has no meta table)")
    docs = list(table.values())
    meta = docs[0]
    if not isinstance(meta, dict) or meta.get("app") != APP:
        raise Problem("foreign", "it is not a Harbormaster save (its meta table does not say app: harbormaster)")
    schema = meta.get("schema")
    if type(schema) is int and schema > SCHEMA:
        raise Problem(
            "newer",
            f"it was written by a newer Harbormaster (schema {schema}); this version reads schema {SCHEMA}",
        )
    if schema != SCHEMA or type(schema) is not int:
        raise Problem("broken", f"the save is damaged: meta.schema is {schema!r}, not a schema number")
    if len(docs) != 1:
        raise Problem("broken", f"the save is damaged: the meta table holds {len(docs)} documents, not 1")
    for key in ("ruleset", "scenario", "created", "updated"):
        if not isinstance(meta.get(key), str):
            raise Problem("broken", f"the save is damaged: meta.{key} is missing or not text")
    revision = meta.get("revision")
    if type(revision) is not int or revision < 0:
        raise Problem("broken", "the save is damaged: meta.revision is missing or not a whole number")


def _check_events(data: dict[str, Any]) -> None:
    """Raise :class:`Problem` unless events are documents with ids 1, 2, 3 ... in order."""
    events = data.get("events")
    if events is None:
        raise Problem("broken", "the save is damaged: the events table is missing")
    if not isinstance(events, dict):
        raise Problem("broken", "the save is damaged: the events table is not a table")
    for seq, (key, doc) in enumerate(events.items(), start=1):
        if key != str(seq):
            raise Problem("broken", f"the save is damaged: event id {key!r} found where event {seq} should be")
        if not isinstance(doc, dict):
            raise Problem("broken", f"the save is damaged: event {seq} is not a document")


def _check_state(data: dict[str, Any]) -> None:
    """Raise :class:`Problem` unless the state table holds exactly one document."""
    state = data.get("state")
    if state is None:
        raise Problem("broken", "the save is damaged: the state table is missing")
    if not isinstance(state, dict) or len(state) != 1:
        raise Problem("broken", "the save is damaged: the state table does not hold exactly one document")
    if not isinstance(single_doc(state)[1], dict):
        raise Problem("broken", "the save is damaged: the state document is not a document")


def check_save(data: Any) -> None:
    """Raise :class:`Problem` if ``data`` (parsed JSON) is not a readable save.

    Checks, in order: a TinyDB database at all, the meta marker and schema
    (so a newer save is reported as newer even if its layout changed), then the
    events and state tables. Other tables are allowed and kept.
    """
    if not isinstance(data, dict):
        raise Problem("foreign", "it is not a Harbormaster save (it is JSON, but not a TinyDB database)")
    _check_meta(data)
    _check_events(data)
    _check_state(data)
