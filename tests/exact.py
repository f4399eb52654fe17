"""Helpers of the exact rule set tests: a command's whole outcome, a refusal's message, a struct as plain data."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import fields


def said(game, line: str) -> tuple[str, list[str], str, list[str]]:
    """(summary, details, actor, names of the figures explained) of a command that must succeed."""
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r.message, list(r.details), game.events[-1]["actor"], [e.name for e in r.explanations]


def refused(game, line: str) -> str:
    """The refusal of a command that must fail."""
    r = game.execute(line)
    assert not r.ok, line
    return r.message


def compact(value: Any) -> Any:
    """A struct as the dict of its fields that differ from their defaults (recursively), for exact comparison."""
    if isinstance(value, msgspec.Struct):
        out = {}
        for f in fields(value):
            now = getattr(value, f.name)
            if f.default is not msgspec.NODEFAULT:
                default = f.default
            elif f.default_factory is not msgspec.NODEFAULT:
                default = f.default_factory()
            else:
                default = msgspec.NODEFAULT
            if default is msgspec.NODEFAULT or now != default:
                out[f.name] = compact(now)
        return out
    if isinstance(value, (tuple, list)):
        return tuple(compact(v) for v in value)
    if isinstance(value, dict):
        return {k: compact(v) for k, v in value.items()}
    return value


def layout_of(ruleset: Any) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """Each table of a rule set as the screens lay it out: (key, header, width, priority, wrap, least) per column."""
    return {name: tuple((c.key, c.header, c.width, c.priority, c.wrap, c.least) for c in columns)
            for name, columns in ruleset.columns.items()}
