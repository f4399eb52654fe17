"""Fixtures shared by the Europa sea test modules: one game per module, its sea and port tables, and worlds changed
the way the tests need (a port's owner, an asked condition)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.europa.ruleset import load_sea
from tui.rules.europa.seatables import SeaTables
from tui.session import memory_game


@pytest.fixture(scope="module")
def game0():
    """A new default game (seed 1, fixed clock), shared by a module's tests."""
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


def sea_tables() -> SeaTables:
    """The bundled sea tables (33, 31.A.8-31.B), read as the Europa rule set reads them (afresh: a mutation run
    tests each mutant of the loader)."""
    return load_sea(data_dir())


@pytest.fixture(scope="module")
def st():
    """The sea tables (33, 31.A.8-31.B)."""
    return sea_tables()


@pytest.fixture
def pt(game0):
    """The port tables (31.A)."""
    return game0.ruleset.tables


def owner(world: Any, port: str, side: str) -> Any:
    """The world with ``port`` owned by ``side``."""
    return world.with_port(replace(world.ports[port], owner=side))


def cond(world: Any, **values: Any) -> Any:
    """The world with asked conditions answered (``suez_closed=True`` answers ``suez-closed``)."""
    conds = {**world.sea.conditions, **{k.replace("_", "-"): v for k, v in values.items()}}
    return replace(world, sea=replace(world.sea, conditions=conds))
