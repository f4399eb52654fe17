"""Markers of saves whose log is known to replay to their state, so that a save is not replayed again at each start.

Opening a save replays its whole log to check that it gives the saved state
(a save changed by hand or by another program is refused). Once a save's
exact bytes were checked so (replayed in full at an open, or written by this
program checking each command as it went, see ``Game.close``), a marker says
so in the user's cache folder (``rulecache.py``'s :class:`DiskCache`: a
private folder, no link followed, owner checked, atomic writes, every failure
silent; ``HARBORMASTER_CACHE=off`` turns markers off with the rule cache).

A marker's name is a hash of everything the verdict depends on:

- the save's exact bytes (a file changed by a single byte has no marker);
- the rule set's data and the code that converts it, as the rule cache keys
  them (:func:`tui.rules.core.loader.cache_key`: the data files' bytes, the
  converting modules' source and the package version), so a house-rule
  change replays again;
- the source of the modules that replay a log: the engine, the rules' core
  and the rule set's own package (a changed handler replays again, even
  without a new version number), and the Python that runs them.

Its content is a fixed payload naming the same hash; anything else is no
marker. A marker only spares a replay: a save without one is replayed and
refused as it always was.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..rules.core.errors import DataError
from .registry import plugin
from .rulecache import DiskCache, rule_cache

try:  # BLAKE2 without loading OpenSSL (hashlib's import does), as the rule cache does
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

if TYPE_CHECKING:
    from ..rules.core.ruleset import RuleSet

MAGIC = b"HMVERIFIED1\n"
"""The first bytes of a marker; the rest is its name's hash."""
KEEP = 200
"""The newest markers kept (one per save version closed or checked); older ones are removed as new ones come: an old
save opened again is only replayed once more."""
_DIGEST = 32
_TUI = Path(__file__).resolve().parent.parent
_CODE: dict[str, bytes | None] = {}
_RULES: dict[tuple[str, tuple[str, ...]], bytes | None] = {}


def replay_code(ruleset_id: str) -> bytes | None:
    """The hash of the source of the modules that replay a log of rule set ``ruleset_id`` (the engine, the rules'
    core, the rule set's package), once a process; None when a file cannot be read (no marker then)."""
    if ruleset_id in _CODE:
        return _CODE[ruleset_id]
    h = blake2b(b"replay-code", digest_size=_DIGEST)
    result: bytes | None = None
    try:
        own = _package_folder(ruleset_id)
        for folder in (_TUI / "engine", _TUI / "rules" / "core", own):
            for path in sorted(folder.rglob("*.py")):
                blob = path.read_bytes()
                h.update(path.relative_to(folder.parent).as_posix().encode() + b"\0" + len(blob).to_bytes(8, "big") + blob)
        result = h.digest()
    except (OSError, DataError, ImportError, TypeError):
        result = None
    _CODE[ruleset_id] = result
    return result


def _package_folder(ruleset_id: str) -> Path:
    """The folder of rule set ``ruleset_id``'s package (its plugin's ``package``, imported already by its load)."""
    module = importlib.import_module(plugin(ruleset_id).package)
    return Path(module.__file__).resolve().parent  # type: ignore[arg-type]


def rules_key(ruleset: RuleSet, version: str) -> bytes | None:
    """The rule cache's key of the data ``ruleset`` was loaded from (its data files' bytes, the converting code,
    ``version``); None when it cannot be told (the files cannot be read, the rule set's files are not its data's)."""
    from ..rules.core.loader import cache_key

    memo = (ruleset.id + "\0" + version, ruleset.source_files)
    if memo in _RULES:
        return _RULES[memo]
    result: bytes | None = None
    try:  # the data spec of a rule set whose ``ruleset`` module declares one (the bundled four); loaded already
        spec = getattr(importlib.import_module(plugin(ruleset.id).package + ".ruleset"), "DATA", None)
    except (DataError, ImportError):
        spec = None
    paths = [Path(p) for p in ruleset.source_files]
    if spec is not None and [p.name for p in paths] == [name for name, _ in spec.files]:
        try:
            result = cache_key(spec, [p.read_bytes() for p in paths], version)
        except OSError:
            result = None
    _RULES[memo] = result
    return result


_LAST: list[tuple[bytes, bytes, str]] = []
"""The last save's bytes hashed, with the key of the rest and the name: a start looks its marker up, then writes it."""


def marker_name(ruleset: RuleSet, raw: bytes, version: str) -> str | None:
    """The name of the marker of a save whose exact bytes are ``raw``, of rule set ``ruleset``; None if unknown."""
    rules = rules_key(ruleset, version)
    code = replay_code(ruleset.id)
    if rules is None or code is None:
        return None
    rest = f"{version}\0{sys.version}\0".encode("utf-8") + rules + code + len(raw).to_bytes(8, "big")
    if _LAST and _LAST[0][0] is raw and _LAST[0][1] == rest:  # the very bytes object (held here), not a lookalike
        return _LAST[0][2]
    h = blake2b(MAGIC, digest_size=_DIGEST)
    h.update(rest)
    h.update(raw)
    name = h.hexdigest() + ".verified"
    _LAST[:] = [(raw, rest, name)]
    return name


def _payload(name: str) -> bytes:
    return MAGIC + name.encode("ascii") + b"\n"


def save_bytes(store: object) -> bytes | None:
    """The exact bytes of the save ``store`` holds as last written (None: a save in memory, or a store that cannot
    say; then the log is replayed and nothing is marked)."""
    if not getattr(store, "file", None):
        return None
    try:
        return store.to_bytes()  # type: ignore[attr-defined, no-any-return]
    except Exception:
        return None


def is_verified(ruleset: RuleSet, raw: bytes, cache: DiskCache | None = None) -> bool:
    """Whether a marker says the log of the save ``raw`` replays to its state (False: replay it)."""
    cache = cache if cache is not None else rule_cache()
    if cache is None:
        return False
    name = marker_name(ruleset, raw, cache.version)
    return name is not None and cache.read(name) == _payload(name)


def mark_verified(ruleset: RuleSet, raw: bytes, cache: DiskCache | None = None) -> None:
    """Keep a marker saying the log of the save ``raw`` replays to its state (silent if it cannot be kept)."""
    cache = cache if cache is not None else rule_cache()
    if cache is None:
        return
    name = marker_name(ruleset, raw, cache.version)
    if name is not None:
        cache.write(name, _payload(name))
        cache.prune(".verified", KEEP)
