"""One loader for every rule set's data: read the TOML, convert it into typed structs, check it, cache it.

A rule set declares its data as :class:`RuleData`: for each file of its
``rulesets/`` folder, the :class:`Tables` read from it. A :class:`Tables` is a
struct whose fields are top-level tables of the file (each converted on its
own, so an error names the file, the table and the key), or one named table
converted whole (``[sequence]``), with the cross-checks a schema cannot
express. :func:`load_data` returns the converted, checked tables in
declaration order.

The result may be kept in a cache the caller injects (:class:`Cache`; the
engine's is a folder in the user's cache folder). An entry is data only
(msgspec's MessagePack, decoded into the declared types, never pickle), keyed
by a hash of the data files' bytes, of the source of the modules that convert
and check them and of the caller's version. An entry that is damaged, truncated,
of another key or of the wrong types is ignored and rebuilt, never trusted.
Nothing here writes a file: the cache does its own I/O.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Generic, Protocol, TypeVar

import msgspec

from .data import convert, parse_toml_bytes, read_data_bytes, read_toml
from .errors import DataError

try:  # BLAKE2 without loading OpenSSL (hashlib's import does), on the start path of every run
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

T = TypeVar("T")

MAGIC = b"HMRULES1"
"""The first bytes of a cache entry (its format); an entry that does not start so is not ours."""
_DIGEST = 32
_MISSING: Any = object()


class Cache(Protocol):
    """Where converted rule sets are kept between runs (injected by the engine)."""

    version: str
    """The application's version: a new version never reads an older one's entries."""

    def read(self, name: str) -> bytes | None:
        """The bytes of entry ``name``, or None (missing, unreadable, not to be trusted)."""
        ...

    def write(self, name: str, blob: bytes) -> None:
        """Keep ``blob`` as entry ``name``; a failure is silent (the next run converts again)."""
        ...


class Tables(msgspec.Struct, Generic[T], frozen=True):
    """Tables of one kind in a data file, and their cross-checks.

    With ``table`` empty, each field of ``kind`` is a top-level table of the
    file, converted on its own (a missing one "is missing"); other tables are
    left to other :class:`Tables`. With ``table`` set, that one table is
    converted whole as ``kind`` (``default`` when the file leaves it out).
    ``check(value, file)`` raises :class:`DataError` naming file, table and key.
    """

    kind: Any
    check: Callable[[Any, str], None] | None = None
    table: str = ""
    default: Any = _MISSING

    def convert(self, data: dict[str, Any], file: str) -> T:
        """Convert and check the tables of ``data`` (a parsed file named ``file``)."""
        if self.table:
            raw = data.get(self.table, self.default) if self.default is not _MISSING else data.get(self.table)
            value = convert(raw, self.kind, file, prefix=self.table)
        else:
            parts: dict[str, Any] = {}
            for field in msgspec.structs.fields(self.kind):
                key = field.encode_name
                if key not in data:
                    raise DataError(file, f"table {key}", "is missing")
                parts[field.name] = convert(data[key], field.type, file, prefix=key)
            value = self.kind(**parts)
        if self.check is not None:
            self.check(value, file)
        return value

    def load(self, path: Path, raw: dict[str, Any] | None = None) -> T:
        """Read the file at ``path`` (or take its parsed ``raw``), convert and check; errors name ``path``'s file."""
        return self.convert(read_toml(path) if raw is None else raw, path.name)


class RuleData(msgspec.Struct, frozen=True):
    """Everything a rule set reads from its ``rulesets/`` folder.

    ``files`` pairs each file name with the :class:`Tables` read from it, in
    the order :func:`load_data` returns them. ``check`` runs on the whole
    (a cross-file check) and returns the tables it may have completed (an
    operations file adding commands to the turn sequence). ``modules`` names
    further modules whose code decides what the checks accept: their source
    keys the cache too (the modules of the structs and checks always do).
    """

    id: str
    files: tuple[tuple[str, tuple[Tables[Any], ...]], ...]
    check: Callable[[tuple[Any, ...], tuple[str, ...]], tuple[Any, ...]] | None = None
    modules: tuple[str, ...] = ()

    @property
    def parts(self) -> tuple[Tables[Any], ...]:
        """Every :class:`Tables`, in order."""
        return tuple(t for _, tables in self.files for t in tables)

    def paths(self, data_dir: Path) -> list[Path]:
        """The data files, in order."""
        return [data_dir / "rulesets" / name for name, _ in self.files]


def load_data(data_dir: Path, spec: RuleData, cache: Cache | None = None) -> tuple[Any, ...]:
    """The converted, checked tables of ``spec`` from ``data_dir``: from ``cache`` when it holds them for exactly
    these bytes and this code, else from the files (and then kept in ``cache``).

    Raises :class:`DataError` naming the file, table and key of the first problem.
    """
    paths = spec.paths(data_dir)
    blobs = [read_data_bytes(p) for p in paths]
    key = entry = None
    if cache is not None:
        key = cache_key(spec, blobs, cache.version)
        if key is not None:
            entry = entry_name(spec, data_dir)
            hit = decode_entry(cache.read(entry), key, spec)
            if hit is not None:
                return hit
    value = _convert(spec, paths, blobs)
    if cache is not None and key is not None and entry is not None:
        cache.write(entry, encode_entry(value, key))
    return value


def _convert(spec: RuleData, paths: list[Path], blobs: list[bytes]) -> tuple[Any, ...]:
    out: list[Any] = []
    for path, blob, (_, tables) in zip(paths, blobs, spec.files):
        data = parse_toml_bytes(blob, path.name)
        out.extend(t.convert(data, path.name) for t in tables)
    value = tuple(out)
    if spec.check is not None:
        value = tuple(spec.check(value, tuple(p.name for p in paths)))
    return value


# --- the cache entry -------------------------------------------------------------------------------


def entry_name(spec: RuleData, data_dir: Path) -> str:
    """The entry of ``spec`` read from ``data_dir``: one per rule set and data folder (a house-rule folder has its own)."""
    try:
        where = str(data_dir.resolve())
    except OSError:
        where = str(data_dir.absolute())
    return f"{spec.id}-{blake2b(where.encode('utf-8', 'surrogateescape'), digest_size=8).hexdigest()}.rules"


def cache_key(spec: RuleData, blobs: list[bytes], version: str) -> bytes | None:
    """The hash of the data files' bytes, the code that converts and checks them, and ``version``.

    None when a module's source cannot be read (the cache is then not used).
    """
    code = code_hash(spec)
    if code is None:
        return None
    h = blake2b(MAGIC, digest_size=_DIGEST)
    h.update(version.encode("utf-8") + b"\0" + code)
    for (name, _), blob in zip(spec.files, blobs):
        h.update(name.encode("utf-8") + b"\0" + len(blob).to_bytes(8, "big"))
        h.update(blob)
    return h.digest()


_CODE: dict[str, bytes | None] = {}


def code_modules(spec: RuleData) -> list[str]:
    """The modules whose source decides what ``spec`` loads: this loader, the data helpers, the modules of the
    tables' structs and checks, of every struct those modules use (``cited``), and ``spec.modules``; those of this
    project and of the rule set's own package (one installed apart, as a plugin is).

    Found from the modules' names (cheap on every start), not by walking the types.
    """
    todo = {__name__, convert.__module__, *spec.modules}
    for tables in spec.parts:
        todo.update(getattr(item, "__module__", "") for item in (tables.kind, tables.check))
    if spec.check is not None:
        todo.add(spec.check.__module__)
    # This project's modules, and those of the rule set's own package when it is installed apart (a plugin): the
    # packages of its declared modules, its check and its structs (not a builtin type's).
    own = [*spec.modules, *(t.kind.__module__ for t in spec.parts if isinstance(t.kind, type) and issubclass(t.kind, msgspec.Struct))]
    roots = {__name__.split(".")[0]} | {name.split(".")[0] for name in own} | (
        {spec.check.__module__.split(".")[0]} if spec.check is not None else set())
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name in found or name.split(".")[0] not in roots:
            continue
        found.add(name)
        module = sys.modules.get(name)
        for value in vars(module).values() if module is not None else ():
            if isinstance(value, type) and issubclass(value, msgspec.Struct):
                todo.add(value.__module__)
    return sorted(found)


def code_hash(spec: RuleData) -> bytes | None:
    """The hash of the source of :func:`code_modules` (computed once a process), or None if one cannot be read."""
    if spec.id in _CODE:
        return _CODE[spec.id]
    h = blake2b(digest_size=_DIGEST)
    result: bytes | None = None
    try:
        for name in code_modules(spec):
            module = sys.modules.get(name)
            source = getattr(module, "__file__", None) if module is not None else None
            if not source or not source.endswith(".py"):
                raise OSError(f"no source for {name}")
            h.update(name.encode() + b"\0" + Path(source).read_bytes())
        result = h.digest()
    except OSError:
        result = None
    _CODE[spec.id] = result
    return result


def encode_entry(value: tuple[Any, ...], key: bytes) -> bytes:
    """A cache entry: the format, the key, the hash of the body, the body (MessagePack of ``value``)."""
    body = msgspec.msgpack.encode(value)
    return MAGIC + key + blake2b(body, digest_size=_DIGEST).digest() + body


def decode_entry(blob: bytes | None, key: bytes, spec: RuleData) -> tuple[Any, ...] | None:
    """The tables an entry holds, or None if it is missing, damaged, truncated, of another key or of other types."""
    head = len(MAGIC) + 2 * _DIGEST
    if not blob or len(blob) < head or not blob.startswith(MAGIC):
        return None
    if blob[len(MAGIC):len(MAGIC) + _DIGEST] != key:
        return None
    body = blob[head:]
    if blake2b(body, digest_size=_DIGEST).digest() != blob[len(MAGIC) + _DIGEST:head]:
        return None
    kinds = tuple(t.kind for t in spec.parts)
    try:
        value = msgspec.msgpack.decode(body, type=tuple[kinds])  # type: ignore[valid-type]
    except (msgspec.DecodeError, ValueError, TypeError, RecursionError):
        return None
    return tuple(value)
