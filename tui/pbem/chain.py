"""The signed chain: one entry's shape, its canonical bytes, hash and signature, and forks.

An entry is ``{"v": 1, "game": GAME, "n": index, "prev": hash of entry n-1 (64 zeros for n = 0), "author":
fingerprint, "kind": ..., "body": {...}, "sig": base64 Ed25519 signature}``. The signature is over the canonical
bytes (:func:`tui.pbem.encoding.canonical`) of the entry without ``sig``; the entry's hash is SHA-256 of the
canonical bytes of the whole entry, ``sig`` included. What each kind's body may say, and when, is
:mod:`tui.pbem.ledger`'s.
"""

from __future__ import annotations

from typing import Any, Mapping

import msgspec

from .encoding import b64decode, b64encode, canonical, fields, hex32, sha256_hex, whole
from .errors import PbemRefused
from .keys import Signer, is_fingerprint, signature_ok

VERSION = 1
ZERO = "0" * 64
ENTRY_FIELDS = frozenset({"v", "game", "n", "prev", "author", "kind", "body", "sig"})
KINDS = ("settings", "accept", "commit", "request", "reveal", "withdraw", "undo", "typed-roll", "command")
#: Largest canonical entry (a command's text and its dice fit in far less).
MAX_ENTRY_BYTES = 64 * 1024
#: Highest entry index.
MAX_N = 10**9


def signed_bytes(entry: Mapping[str, Any]) -> bytes:
    """The bytes an entry's signature covers: the canonical bytes of the entry without ``sig``."""
    return canonical({k: v for k, v in entry.items() if k != "sig"})


def entry_hash(entry: Mapping[str, Any]) -> str:
    """The entry's hash: SHA-256 (hex) of the canonical bytes of the whole entry, ``sig`` included."""
    return sha256_hex(canonical(dict(entry)))


def make_entry(signer: Signer, game: str, n: int, prev: str, kind: str, body: dict[str, Any]) -> dict[str, Any]:
    """A new entry signed by ``signer``."""
    entry: dict[str, Any] = {"v": VERSION, "game": game, "n": n, "prev": prev, "author": signer.fingerprint,
                             "kind": kind, "body": body}
    entry["sig"] = b64encode(signer.sign(signed_bytes(entry)))
    return entry


def name(entry: Any, position: int | None = None) -> str:
    """How a message names an entry: ``entry 5 (request by ABCD-...)``, or by its place in a file if it has no
    readable index."""
    if isinstance(entry, dict) and isinstance(entry.get("n"), int) and not isinstance(entry.get("n"), bool):
        kind = entry.get("kind") if entry.get("kind") in KINDS else "?"
        author = entry.get("author") if is_fingerprint(entry.get("author")) else "?"
        return f"entry {entry['n']} ({kind} by {author})"
    return f"the entry at position {position}" if position is not None else "an entry"


def check_shape(entry: Any, position: int | None = None) -> dict[str, Any]:
    """``entry`` if every field has its type (not yet its place in a chain); else :class:`PbemRefused` naming it."""
    where = name(entry, position)
    try:
        fields(entry, ENTRY_FIELDS, where)
        if entry["v"] != VERSION or isinstance(entry["v"], bool):
            raise PbemRefused(f"{where} is of version {entry['v']!r}; this program reads version {VERSION}")
        hex32(entry["game"], f"{where}: the game")
        whole(entry["n"], f"{where}: n", 0, MAX_N)
        hex32(entry["prev"], f"{where}: prev")
        if not is_fingerprint(entry["author"]):
            raise PbemRefused(f"{where}: the author is not a fingerprint")
        if entry["kind"] not in KINDS:
            raise PbemRefused(f"{where}: unknown kind {entry['kind']!r}")
        if not isinstance(entry["body"], dict):
            raise PbemRefused(f"{where}: the body is not an object")
        b64decode(entry["sig"], 64, f"{where}: the signature")
        size = len(canonical(entry))
    except PbemRefused as exc:
        text = str(exc)
        raise PbemRefused(text if text.startswith(where) else f"{where}: {text}") from None
    if size > MAX_ENTRY_BYTES:
        raise PbemRefused(f"{where} is {size:,} bytes, more than the {MAX_ENTRY_BYTES:,} an entry may be")
    return entry


def check_signature(entry: Mapping[str, Any], public_raw: bytes) -> None:
    """Refuse ``entry`` unless its signature is its author's (``public_raw``) over its signed bytes."""
    signature = b64decode(entry["sig"], 64, f"{name(entry)}: the signature")
    if not signature_ok(public_raw, signature, signed_bytes(entry)):
        raise PbemRefused(f"{name(entry)}: the signature is not {entry['author']}'s: the entry was changed "
                          "after it was signed, or signed by another key")


def check_link(entry: Mapping[str, Any], game: str | None, n: int, prev: str) -> None:
    """Refuse ``entry`` unless it is entry ``n`` of ``game`` and follows the entry whose hash is ``prev``."""
    if game is not None and entry["game"] != game:
        raise PbemRefused(f"{name(entry)} belongs to another game ({entry['game'][:16]}…, not {game[:16]}…)")
    if entry["n"] != n:
        raise PbemRefused(f"{name(entry)} stands where entry {n} should: the entries are out of order or missing")
    if entry["prev"] != prev:
        raise PbemRefused(f"{name(entry)} does not follow entry {n - 1}: its prev is not that entry's hash "
                          "(an earlier entry was changed, or this one belongs to another branch)")


class Fork(msgspec.Struct, frozen=True):
    """Proof of a rewrite: two different entries signed by the same key with the same index (or predecessor).

    ``known`` is the entry this side had; ``other`` the one that came later; ``branch`` is ``other`` and the entries
    that came after it in the same turn file, if they make a valid chain (else empty); ``kept`` is None until a
    branch is chosen (``"known"`` or ``"other"``).
    """

    known: dict[str, Any]
    other: dict[str, Any]
    branch: tuple[dict[str, Any], ...] = ()
    kept: str | None = None

    @property
    def n(self) -> int:
        """The index both entries claim."""
        return int(self.known["n"])

    @property
    def author(self) -> str:
        """The fingerprint whose key signed both."""
        return str(self.known["author"])

    def describe(self) -> str:
        """One line: who signed two different entries at which index, and both hashes."""
        return (f"fork at entry {self.n}: {self.author} signed two different entries after the same entry "
                f"({self.known['kind']} {entry_hash(self.known)[:16]}… and {self.other['kind']} "
                f"{entry_hash(self.other)[:16]}…)")

    def to_json(self) -> dict[str, Any]:
        """The fork as kept in a chain file."""
        return {"known": self.known, "other": self.other, "branch": list(self.branch), "kept": self.kept}


def fork_proof(known: Mapping[str, Any], other: Mapping[str, Any], public_raw: bytes) -> bool:
    """Whether ``known`` and ``other`` prove a fork: both signed by the key ``public_raw`` of the same author, same
    game, the same index or the same predecessor, different hashes."""
    try:  # a record a chain file or turn file holds may lack any field: then it proves nothing
        if known["author"] != other["author"] or known["game"] != other["game"]:
            return False
        if (known["n"] != other["n"] and known["prev"] != other["prev"]) or entry_hash(known) == entry_hash(other):
            return False
    except (KeyError, TypeError, ValueError):
        return False
    try:
        check_signature(known, public_raw)
        check_signature(other, public_raw)
    except PbemRefused:
        return False
    return True
