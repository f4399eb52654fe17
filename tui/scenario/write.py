"""Writing scenario files: TOML text of a plain scenario, and files written whole or not at all.

A file is written to a temporary file beside it, flushed, then linked into
place: an existing file is never replaced unless ``force`` is given, and a
symbolic link at the target is always refused (it is never written through),
as is a save, one of its backups or its lock (issue 29.5). A link another
user planted on the way (a folder of the path, or its last name) is refused
before anything is written, naming the link and its owner, and each file is
made in the folder held open once checked, never through a link swapped in
after the check (issue 29.2).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
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


def check_target(path: Path, force: bool, where: Any = None) -> None:
    """Refuse a target that is a symbolic link, a save, one of its backups or its lock (as ``report -o`` does, with
    or without ``force``), not a regular file, or exists (without ``force``). With ``where`` (the target's folder
    held open, a :class:`~tui.store.links.PinnedFolder`), every look at the target and its neighbours is made in that
    very folder, never by its path again (issue 29.2)."""
    from ..store.export import planted_output, save_family  # here: the store (and TinyDB) is loaded only when a file is written

    if where is None:
        planted = planted_output(path)
        if planted is not None:
            raise WriteRefused(f"{planted}; nothing was written")
    name = where.name_in(path.name) if where is not None else path
    try:
        info = os.lstat(name)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise WriteRefused(f"{path} cannot be examined ({exc.strerror or exc}); nothing was written") from None
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise WriteRefused(f"{path} is a symbolic link: it is never written through; nothing was written")
    family = save_family(path, where)
    if family is not None:
        raise WriteRefused(f"{family}; a scenario file is never written over a save, its backups or its lock; nothing was written")
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise WriteRefused(f"{path} exists and is not a regular file; nothing was written")
        if not force:
            raise WriteRefused(f"{path} exists; give --force to replace it; nothing was written")


def _create(path: Path | str) -> int:
    """Open the new file ``path`` for writing (never through a link, never an existing file)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)


def _put(fd: int, blob: bytes) -> None:
    """Write ``blob`` whole to ``fd`` and force it to the disk (a full disk raises here: ENOSPC)."""
    view = memoryview(blob)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def write_files(files: dict[Path, bytes], force: bool) -> None:
    """Write each file whole: every target is checked first, so a refusal writes nothing; a write that fails (a full
    disk, a read-only folder) is a :class:`WriteRefused` saying why, and leaves nothing of its own behind."""
    from ..store.export import planted_output
    from ..store.links import PlantedLink, pinned_folder

    for path in files:  # every link on the way judged by name first: a refusal names the link and its owner
        planted = planted_output(path)
        if planted is not None:
            raise WriteRefused(f"{planted}; nothing was written")
        if not path.parent.is_dir():
            raise WriteRefused(f"the folder {path.parent} does not exist; nothing was written")
    held: dict[Path, Any] = {}
    temps: dict[Path, str] = {}
    linked: list[str] = []
    replaced: list[Path] = []
    try:
        for path in files:  # each folder held open once checked: every file is looked at and made in it (issue 29.2)
            if path.parent not in held:
                held[path.parent] = pinned_folder(path.parent)
            check_target(path, force, held[path.parent])
        for path, blob in files.items():
            temp = held[path.parent].name_in(f".{path.name}.{secrets.token_hex(4)}.tmp")
            fd = _create(temp)
            temps[path] = temp
            try:
                _put(fd, blob)
            finally:
                os.close(fd)
        for path, temp in temps.items():
            check_target(path, force, held[path.parent])
            final = held[path.parent].name_in(path.name)
            if force and os.path.lexists(final):
                os.replace(temp, final)  # replaces the name: a link swapped in there is not followed
                replaced.append(path)
            else:
                os.link(temp, final, follow_symlinks=False)  # fails if the file appeared meanwhile: never without --force
                linked.append(final)
                os.unlink(temp)
    except (FileExistsError, WriteRefused, OSError) as exc:
        for path in linked:  # files this call made: gone again
            _remove(path)
        if isinstance(exc, FileExistsError):
            raise WriteRefused("a file appeared while writing; nothing more was written") from None
        if isinstance(exc, WriteRefused):
            raise
        if isinstance(exc, PlantedLink):  # a link on the way, judged as the folder was held
            raise WriteRefused(f"{exc}; nothing was written") from None
        where = next(iter(files)) if len(files) == 1 else f"the files in {_folder(files)}"
        done = f"{', '.join(p.name for p in replaced)} already replaced" if replaced else "nothing was written"
        raise WriteRefused(f"cannot write {where}: {exc.strerror or exc}; {done}") from None
    finally:
        for temp in temps.values():
            _remove(temp)
        for where in held.values():
            where.close()


def _folder(files: dict[Path, bytes]) -> Path:
    """The folder of ``files`` (the first one's, when they are in several)."""
    folders = {path.parent for path in files}
    return folders.pop() if len(folders) == 1 else next(iter(files)).parent


def _remove(path: Path | str) -> None:
    """Remove ``path`` if it is there."""
    try:
        os.unlink(path)
    except OSError:
        pass
