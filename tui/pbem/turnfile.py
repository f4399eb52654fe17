"""Turn files: what one side sends the other, as one JSON file to attach to an e-mail or drop in a shared folder.

``{"header": {"format": "harbormaster-pbem", "v": 1, "game": GAME, "from": FINGERPRINT, "to": FINGERPRINT,
"first": n, "last": n, "sent": "2026-11-28T11:15:08Z"}, "entries": [entry first, ..., entry last]}``

The header only routes and frames the file: it is not signed, and everything that matters is checked in the signed
entries. :func:`read_turnfile` checks the frame (size, JSON, header, the count and order of the entries); the
receiving game (:meth:`tui.pbem.game.PbemGame.receive`) checks the entries against its chain.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import msgspec

from .chain import MAX_N, check_shape
from .encoding import decode_json, fields, hex32, text, whole
from .errors import PbemRefused
from .keys import is_fingerprint

FORMAT = "harbormaster-pbem"
VERSION = 1
#: Largest turn file read (the whole of a long game's chain is far smaller).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Most entries one turn file may carry.
MAX_ENTRIES = 20_000
HEADER_FIELDS = frozenset({"format", "v", "game", "from", "to", "first", "last", "sent"})


class TurnFile(msgspec.Struct, frozen=True):
    """A turn file whose frame was checked: its header's fields and its entries (each of the right shape, their
    indexes ``first`` to ``last`` in order)."""

    game: str
    sender: str
    recipient: str
    first: int
    last: int
    sent: str
    entries: tuple[dict[str, Any], ...]


def now_text() -> str:
    """The current time as a turn file's header writes it (UTC, to the second)."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_turnfile(game: str, sender: str, recipient: str, entries: list[dict[str, Any]], sent: str) -> bytes:
    """The bytes of a turn file (one entry per line, so a mailer that wraps nothing keeps it readable)."""
    header = {"format": FORMAT, "v": VERSION, "game": game, "from": sender, "to": recipient,
              "first": entries[0]["n"], "last": entries[-1]["n"], "sent": sent}
    lines = ",\n".join(json.dumps(e, sort_keys=True, ensure_ascii=False, separators=(",", ":")) for e in entries)
    return (f'{{"header": {json.dumps(header, sort_keys=True, ensure_ascii=False)},\n"entries": [\n{lines}\n]}}\n'
            ).encode("utf-8")


def read_turnfile(data: bytes) -> TurnFile:
    """The checked frame of a turn file's bytes; :class:`PbemRefused` (one line) if it is oversized, cut short,
    not JSON, of another format, or its entries are not the ones its header promises, in order."""
    value = decode_json(data, MAX_FILE_BYTES, "the turn file")
    top = fields(value, frozenset({"header", "entries"}), "the turn file")
    header = fields(top["header"], HEADER_FIELDS, "the turn file's header")
    if header["format"] != FORMAT:
        raise PbemRefused(f"this is not a Harbormaster turn file (format {header['format']!r})")
    if header["v"] != VERSION or isinstance(header["v"], bool):
        raise PbemRefused(f"the turn file is of version {header['v']!r}; this program reads version {VERSION}")
    game = hex32(header["game"], "the turn file's game")
    for role in ("from", "to"):
        if not is_fingerprint(header[role]):
            raise PbemRefused(f"the turn file's {role!r} is not a fingerprint")
    first = whole(header["first"], "the turn file's first entry", 0, MAX_N)
    last = whole(header["last"], "the turn file's last entry", first, MAX_N)
    sent = text(header["sent"], "the turn file's time", 40)
    entries = top["entries"]
    if not isinstance(entries, list):
        raise PbemRefused("the turn file's entries are not a list")
    if last - first + 1 > MAX_ENTRIES:
        raise PbemRefused(f"the turn file claims {last - first + 1:,} entries, more than the {MAX_ENTRIES:,} allowed")
    if len(entries) != last - first + 1:
        raise PbemRefused(f"the header promises entries {first} to {last} ({last - first + 1}) but the file holds "
                          f"{len(entries)}: it is cut short or was edited")
    for position, entry in enumerate(entries, 1):
        check_shape(entry, position)
        if entry["n"] != first + position - 1:
            raise PbemRefused(f"the entry at position {position} is entry {entry['n']}, not {first + position - 1}: "
                              "the entries are out of order")
        if entry["game"] != game:
            raise PbemRefused(f"entry {entry['n']} belongs to another game than the file's header says")
    return TurnFile(game, header["from"], header["to"], first, last, sent, tuple(entries))
