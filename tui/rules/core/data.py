"""Typed, validated loading of rule set and scenario data files.

Every data file is TOML. :func:`read_toml` parses it and :func:`convert`
turns a table into frozen msgspec structs; any error names the file, the
table and the key, for example ``ports.toml: table port_summary, key
major.capacity: Expected `number`, got `str```. A rule set's whole data goes
through the one loader of :mod:`.loader`.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec
import msgspec.inspect

from .errors import DataError


T = TypeVar("T")

_PATH_RE = re.compile(r" - at `(\$[^`]*)`$")


#: No number in a data file is larger than this (either sign): years, REs, SPs, hits and modifiers all fit.
DATA_LIMIT = 10_000


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, turning every failure into a :class:`DataError` naming the file.

    A byte that is not UTF-8 is named with its line; every number of every
    table must be finite and within ``DATA_LIMIT`` (either sign), named by
    table and key. The schemas of each rule set then narrow the ranges (an RE
    capacity is 0 or more, a die roll 2 to 12, ...).
    """
    return parse_toml_bytes(read_data_bytes(path), path.name)


def read_data_bytes(path: Path) -> bytes:
    """The bytes of a data file; a file that cannot be read is a :class:`DataError` naming it."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise DataError(path.name, "file", f"cannot be read: {exc.strerror or exc}") from exc


def parse_toml_bytes(raw: bytes, name: str) -> dict[str, Any]:
    """Parse the bytes of the data file ``name`` as :func:`read_toml` does (UTF-8, TOML, bounded numbers)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(name, f"line {line}", f"byte 0x{raw[exc.start]:02x} at column {column} is not UTF-8 "
                        "(save the file as UTF-8)") from None
    try:
        data = _parse_toml(text)
    except _toml().TOMLDecodeError as exc:
        raise DataError(name, "file", f"is not valid TOML: {exc}") from exc
    check_numbers(data, name)
    return data


def _parse_toml(text: str) -> dict[str, Any]:
    """The TOML parser (one name, so tests can feed the loaders a damaged document)."""
    return _toml().loads(text)


def _toml() -> Any:
    """The TOML module, imported when a file is parsed (a rule set read from the cache parses none)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised only on Python 3.10
        import tomli as tomllib
    return tomllib


def check_numbers(data: Any, file: str, path: tuple[str, ...] = ()) -> None:
    """Every number in ``data`` is finite and within ``DATA_LIMIT``; else a :class:`DataError` naming table and key."""
    if isinstance(data, dict):
        for key, value in data.items():
            check_numbers(value, file, path + (str(key),))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_numbers(value, file, path + (str(i),))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        if not math.isfinite(data) or abs(data) > DATA_LIMIT:
            shown = data if isinstance(data, int) and abs(data) < 10**15 else f"{data:g}" if isinstance(data, float) else "a huge number"
            raise DataError(file, where("$." + ".".join(path)), f"must be a finite number from {-DATA_LIMIT} to {DATA_LIMIT}, not {shown}")


def where(json_path: str) -> str:
    """Turn a msgspec error path (``$.port_summary.major.capacity``) into "table X, key Y"."""
    parts = [p for p in re.split(r"\.|\[|\]", json_path.lstrip("$")) if p]
    if not parts:
        return "top level"
    if len(parts) == 1:
        return f"table {parts[0]}"
    return f"table {parts[0]}, key {'.'.join(parts[1:])}"


class DataModel(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base for data-file schemas: immutable, and a misspelt key is an error, not ignored."""


#: A whole number that may be negative (a modifier): schemas declare such fields with it.
Signed = Annotated[int, msgspec.Meta(ge=-DATA_LIMIT, le=DATA_LIMIT)]
#: A number that may be negative and fractional.
SignedAmount = Annotated[float, msgspec.Meta(ge=-DATA_LIMIT, le=DATA_LIMIT)]


def convert(data: Any, kind: type[T], file: str, prefix: str = "") -> T:
    """Validate ``data`` as ``kind``; a mismatch raises :class:`DataError` naming file/table/key.

    ``prefix`` is prepended to the error path when ``data`` is itself a
    sub-table (for example ``"port_summary"``). Besides the types and bounds
    the schema declares, every number is 0 or more unless its field declares
    a lower bound (:data:`Signed` for a modifier), and within ``DATA_LIMIT``.
    """
    try:
        value = msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        message = str(exc)
        match = _PATH_RE.search(message)
        path = match.group(1) if match else "$"
        problem = message[: match.start()] if match else message
        path = _name_dict_keys(data, kind, path)
        if prefix:
            path = "$." + prefix + path[1:]
        raise DataError(file, where(path), problem) from exc
    check_ranges(value, msgspec.inspect.type_info(kind), file, tuple(prefix.split(".")) if prefix else ())
    return value


def check_ranges(value: Any, info: Any, file: str, path: tuple[str, ...] = ()) -> None:
    """Walk a converted value with its schema: a number whose field declares no lower bound must be 0 or more,
    and every number must be finite and within ``DATA_LIMIT``. Raises :class:`DataError` naming table and key."""
    mi = msgspec.inspect
    if isinstance(info, mi.Metadata):
        info = info.type
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        number = next((t for t in _members(info) if isinstance(t, (mi.IntType, mi.FloatType))), None)
        if not math.isfinite(value) or abs(value) > DATA_LIMIT:
            raise DataError(file, where("$." + ".".join(path)), f"must be a finite number from {-DATA_LIMIT} to {DATA_LIMIT}, not {value}")
        if number is not None and number.ge is None and number.gt is None and value < 0:
            # A field that may be negative is declared ``Signed`` in its schema; the referee reads only the range.
            raise DataError(file, where("$." + ".".join(path)), f"must be 0 or more, not {value}")
        return
    if isinstance(value, msgspec.Struct):
        struct = next((t for t in _members(info) if isinstance(t, mi.StructType) and isinstance(value, t.cls)), None)
        if struct is not None:
            for f in struct.fields:
                check_ranges(getattr(value, f.name), f.type, file, path + (f.encode_name,))
        return
    if isinstance(value, dict):
        mapping = next((t for t in _members(info) if isinstance(t, mi.DictType)), None)
        for key, item in value.items():
            check_ranges(item, mapping.value_type if mapping else mi.AnyType(), file, path + (str(key),))
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        seq = next((t for t in _members(info) if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType, mi.TupleType))), None)
        for i, item in enumerate(value):
            if isinstance(seq, mi.TupleType):
                item_type = seq.item_types[i] if i < len(seq.item_types) else mi.AnyType()
            else:
                item_type = seq.item_type if seq is not None else mi.AnyType()
            check_ranges(item, item_type, file, path + (str(i),))


def _members(info: Any) -> list[Any]:
    """The alternatives of a union type (or the type itself), metadata unwrapped."""
    mi = msgspec.inspect
    types = info.types if isinstance(info, mi.UnionType) else (info,)
    return [t.type if isinstance(t, mi.Metadata) else t for t in types]


def _name_dict_keys(data: Any, kind: type, path: str) -> str:
    """Replace each ``[...]`` (an unnamed dict key) in an error path by the key that fails.

    msgspec does not name dict keys in its error paths; we find the key by
    converting the data again with that dict reduced to one key at a time.
    """
    while "[...]" in path:
        head = path[: path.index("[...]")]
        keys = [k for k in re.split(r"\.|\[|\]", head.lstrip("$")) if k]
        container = _get(data, keys)
        if not isinstance(container, dict):
            break
        culprit = None
        for key in container:
            trial = _with(data, keys, {key: container[key]})
            try:
                msgspec.convert(trial, kind, strict=True)
            except msgspec.ValidationError:
                culprit = key
                break
        if culprit is None:
            break
        path = path.replace("[...]", f".{culprit}", 1)
    return path


def _get(data: Any, keys: list[str]) -> Any:
    for key in keys:
        if isinstance(data, list):
            data = data[int(key)]
        elif isinstance(data, dict):
            data = data.get(key)
        else:
            return None
    return data


def _with(data: Any, keys: list[str], value: Any) -> Any:
    """A copy of ``data`` with the node at ``keys`` replaced by ``value``."""
    if not keys:
        return value
    key, rest = keys[0], keys[1:]
    if isinstance(data, list):
        copy = list(data)
        copy[int(key)] = _with(copy[int(key)], rest, value)
        return copy
    copy = dict(data)
    copy[key] = _with(copy[key], rest, value)
    return copy
