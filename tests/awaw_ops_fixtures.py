"""Shared fixtures of the AWAW naval operations tests: the tables as shipped, and places."""

from __future__ import annotations

from tui.paths import data_dir
from tui.rules.awaw.ops_tables import OpsTables, load_ops_tables
from tui.rules.awaw.transport import Place


def ops_tables() -> OpsTables:
    """The operations tables of data/rulesets/awaw-operations.toml."""
    return load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")


def port(name: str, *fronts: str, theater: str = "europe") -> Place:
    """A mapboard port on ``fronts``."""
    return Place(name, False, fronts or ("mediterranean",), theater)


def box(name: str) -> Place:
    """A mapboard box (``Atlantic U.S.``)."""
    return Place(name, True, (), "europe")
