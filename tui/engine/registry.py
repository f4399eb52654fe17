"""The installed rule sets: each a :class:`~tui.rules.core.plugin.RuleSetPlugin` found through its entry point.

The entry points of group ``harbormaster.rulesets`` are read from the
``entry_points.txt`` of every installed distribution (``*.dist-info``,
``*.egg-info``) on ``sys.path``, as ``importlib.metadata`` reads them, without
its import cost at every start. What another user could have planted is passed
over: the current folder (``python -m`` and ``-c`` put it first on
``sys.path``) and any entry given relative to it, a folder or file any user may
write or that neither this user nor root owns, and an ``entry_points.txt``
that is a link, a pipe or a device.
The first distribution naming a rule set wins, in ``sys.path`` order.

A rule set's module is imported only when the rule set is asked for (or when
every rule set's options are, to read a command line); one that cannot be
imported, or does not hold a plugin of its own name, is a :class:`DataError`
saying so, and the others still work.
"""

from __future__ import annotations

import importlib
import os
import stat
import sys
from collections.abc import Iterator, Mapping
from functools import lru_cache

from ..rules.core.errors import DataError
from ..rules.core.plugin import GROUP, RuleSetPlugin

#: How a missing rule set is told: the package's own entry points were not installed.
REINSTALL = "reinstall Harbormaster (pip install -e . in its folder) so that its entry points are installed"


def _unsafe(folder: str, cwd: str) -> bool:
    """Whether rule sets must not be read from ``folder``: one given relative (found from the current folder), the
    current folder, one any user may write, or one neither this user nor root owns."""
    if not folder or not os.path.isabs(folder) or os.path.abspath(folder) == cwd:
        return True
    try:
        return _foreign(os.stat(folder))
    except OSError:
        return True


def _foreign(st: os.stat_result) -> bool:
    """Whether a file or folder with status ``st`` may hold another user's text: any user may write it, or its owner
    is neither this user nor root."""
    return bool(st.st_mode & stat.S_IWOTH) or st.st_uid not in (0, os.geteuid())


def _read_entry_points(meta: str) -> str | None:
    """The text of ``meta``'s ``entry_points.txt``: a regular file of a trusted owner (no link followed, never a pipe
    or a device, which could block the start), at most 1 MB; None otherwise."""
    try:
        if _foreign(os.stat(meta)):
            return None
        fd = os.open(os.path.join(meta, "entry_points.txt"), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or _foreign(st):
            return None
        return os.read(fd, 1_000_000).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    finally:
        os.close(fd)


def _parse(text: str) -> Iterator[tuple[str, str]]:
    """(name, ``module:attribute``) of each entry of :data:`GROUP` in an ``entry_points.txt`` (INI sections)."""
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            continue
        if section == GROUP:
            name, eq, value = line.partition("=")
            if eq:
                yield name.strip(), value.split("[", 1)[0].strip()


@lru_cache(maxsize=1)
def entries() -> dict[str, str]:
    """Every installed rule set: id -> ``module:attribute``, by id (nothing imported)."""
    try:
        cwd = os.path.abspath(os.getcwd())
    except OSError:  # the current folder was removed
        cwd = ""
    found: dict[str, str] = {}
    for folder in sys.path:
        if not isinstance(folder, str) or _unsafe(folder, cwd):
            continue
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            text = _read_entry_points(os.path.join(folder, name))
            if text is None:
                continue
            for rid, target in _parse(text):
                found.setdefault(rid, target)
    return dict(sorted(found.items()))


def ids() -> tuple[str, ...]:
    """The ids of the installed rule sets, sorted."""
    return tuple(entries())


@lru_cache(maxsize=None)
def plugin(rid: str) -> RuleSetPlugin:
    """The installed rule set ``rid``; a :class:`DataError` when none is installed under that id or it is broken."""
    target = entries().get(rid)
    if target is None:
        known = ", ".join(ids())
        raise DataError("rule set", rid, f"unknown rule set; known: {known}" if known else f"no rule set is installed: {REINSTALL}")
    module_name, _, attribute = target.partition(":")
    try:
        obj: object = importlib.import_module(module_name)
        for part in attribute.split(".") if attribute else ():
            obj = getattr(obj, part)
    except Exception as exc:  # a rule set of a third party: whatever it raises, the others still work
        raise DataError("rule set", rid, f"its entry point {target} cannot be loaded ({type(exc).__name__}: {exc})") from None
    if not isinstance(obj, RuleSetPlugin) or obj.id != rid:
        raise DataError("rule set", rid, f"its entry point {target} is not the RuleSetPlugin of '{rid}'")
    return obj


def plugins() -> tuple[RuleSetPlugin, ...]:
    """Every installed rule set that loads, by id."""
    out = []
    for rid in ids():
        try:
            out.append(plugin(rid))
        except DataError:
            continue
    return tuple(out)


@lru_cache(maxsize=1)
def value_options() -> frozenset[str]:
    """The options any installed rule set's verbs take a value for."""
    return frozenset().union(*(p.value_options for p in plugins()))


def reset() -> None:
    """Forget what was found (a test that installs a rule set of its own, then takes it away)."""
    for cached in (entries, plugin, value_options):
        cached.cache_clear()


class Installed(Mapping[str, str]):
    """The installed rule sets as a mapping, id -> package (read afresh each time: :func:`reset` shows in it)."""

    def __getitem__(self, rid: str) -> str:
        if rid not in entries():
            raise KeyError(rid)
        return plugin(rid).package

    def __iter__(self) -> Iterator[str]:
        return iter(ids())

    def __len__(self) -> int:
        return len(entries())

    def __contains__(self, rid: object) -> bool:
        return rid in entries()
