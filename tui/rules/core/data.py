"""Typed, validated loading of rule set and scenario data files.

Every data file is TOML. :func:`load_typed` parses it and converts it into
frozen dataclasses with ``msgspec``; any error names the file, the table and
the key, for example ``europa.toml: table port_summary, key major.capacity:
Expected `number`, got `str```.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from .errors import DataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

T = TypeVar("T")

_PATH_RE = re.compile(r" - at `(\$[^`]*)`$")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, turning every failure into a :class:`DataError` naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path.name, "file", f"cannot be read: {exc.strerror or exc}") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path.name, "file", f"is not valid TOML: {exc}") from exc


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


def convert(data: Any, kind: type[T], file: str, prefix: str = "") -> T:
    """Validate ``data`` as ``kind``; a mismatch raises :class:`DataError` naming file/table/key.

    ``prefix`` is prepended to the error path when ``data`` is itself a
    sub-table (for example ``"port_summary"``).
    """
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        message = str(exc)
        match = _PATH_RE.search(message)
        path = match.group(1) if match else "$"
        problem = message[: match.start()] if match else message
        path = _name_dict_keys(data, kind, path)
        if prefix:
            path = "$." + prefix + path[1:]
        raise DataError(file, where(path), problem) from exc


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


def load_typed(path: Path, kind: type[T]) -> T:
    """Read the TOML file at ``path`` and validate it as ``kind``."""
    return convert(read_toml(path), kind, path.name)


def convert_tables(data: dict[str, Any], kinds: dict[str, type], file: str) -> dict[str, Any]:
    """Validate the top-level tables named in ``kinds`` (each must be there); other tables are left to
    their own loaders. Errors name the file, the table and the key."""
    parts: dict[str, Any] = {}
    for key, kind in kinds.items():
        if key not in data:
            raise DataError(file, f"table {key}", "is missing")
        parts[key] = convert(data[key], kind, file, prefix=key)
    return parts
