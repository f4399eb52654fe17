"""Writing scenario files: TOML text of a plain scenario, and files written whole or not at all.

A file is written to a temporary file beside it, flushed, then linked into
place: an existing file is never replaced unless ``force`` is given, and a
symbolic link at the target is always refused (it is never written through),
as is a save, one of its backups or its lock (issue 29.5).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from pathlib import Path
from typing import Any

from ..rules.core.data import _toml

_BARE = re.compile(r"[A-Za-z0-9_-]+")  # the whole key (fullmatch): "$" would let a final line feed through


class WriteRefused(Exception):
    """A target that may not be written; the message says why."""


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML value for {type(value).__name__}")


def _table(lines: list[str], name: str, table: dict[str, Any]) -> None:
    simple = {k: v for k, v in table.items() if not isinstance(v, dict)}
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    if simple or not nested:  # a table of tables only needs no header of its own
        lines.append(f"[{name}]")
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in simple.items())
        lines.append("")
    for key, sub in nested.items():
        _table(lines, f"{name}.{_key(key)}", sub)


def to_toml(raw: dict[str, Any], comment: str = "") -> str:
    """The TOML text of the plain scenario ``raw`` (read back, it gives ``raw``)."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    for key, value in raw.items():
        if not isinstance(value, dict) and not (isinstance(value, list) and value and all(isinstance(v, dict) for v in value)):
            lines.append(f"{_key(key)} = {_value(value)}")
    lines.append("")
    for key, value in raw.items():
        if isinstance(value, dict):
            _table(lines, _key(key), value)
    for key, value in raw.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for row in value:
                lines.append(f"[[{_key(key)}]]")
                lines.extend(f"{_key(k)} = {_value(v)}" for k, v in row.items())
                lines.append("")
    text = "\n".join(lines).rstrip("\n") + "\n"
    if _toml().loads(text) != raw:  # pragma: no cover - a value the writer cannot spell is a bug, never a wrong file
        raise ValueError("the scenario does not read back as written")
    return text


def check_target(path: Path, force: bool) -> None:
    """Refuse a target that is a symbolic link, a save, one of its backups or its lock (as ``report -o`` does, with
    or without ``force``), not a regular file, or exists (without ``force``)."""
    from ..store.export import save_family  # here: the store (and TinyDB) is loaded only when a file is written

    if path.is_symlink():
        raise WriteRefused(f"{path} is a symbolic link: it is never written through; nothing was written")
    family = save_family(path)
    if family is not None:
        raise WriteRefused(f"{family}; a scenario file is never written over a save, its backups or its lock; nothing was written")
    if os.path.lexists(path):
        if not path.is_file():
            raise WriteRefused(f"{path} exists and is not a regular file; nothing was written")
        if not force:
            raise WriteRefused(f"{path} exists; give --force to replace it; nothing was written")


def write_files(files: dict[Path, bytes], force: bool) -> None:
    """Write each file whole: every target is checked first, so a refusal writes nothing."""
    for path in files:
        check_target(path, force)
        if not path.parent.is_dir():
            raise WriteRefused(f"the folder {path.parent} does not exist; nothing was written")
    temps: dict[Path, Path] = {}
    try:
        for path, blob in files.items():
            temp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
            temps[path] = temp
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
                handle.flush()
                os.fsync(handle.fileno())
        for path, temp in temps.items():
            check_target(path, force)
            if force and os.path.lexists(path):
                os.replace(temp, path)
            else:
                os.link(temp, path)  # fails if the file appeared meanwhile: never replaced without --force
                os.unlink(temp)
    except FileExistsError:
        raise WriteRefused("a file appeared while writing; nothing more was written") from None
    finally:
        for temp in temps.values():
            try:
                os.unlink(temp)
            except OSError:
                pass
