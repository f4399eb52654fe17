"""Shared builders for the AWAW core tests: the tables, and small worlds made of named units and bases."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pytest

from tui.paths import data_dir
from tui.rules.awaw.bases import Base
from tui.rules.awaw.tables import AwawTables, load_tables
from tui.rules.awaw.units import NavalUnit
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.errors import DataError


@lru_cache(maxsize=1)
def tables() -> AwawTables:
    """The bundled awaw.toml tables."""
    return load_tables(data_dir() / "rulesets" / "awaw.toml")


def unit(uid: str, factors: int = 3, *, power: str = "britain", type: str = "battleship", base: str = "Malta",
         **kw: object) -> NavalUnit:
    """A naval unit; keyword arguments set its state."""
    return NavalUnit(uid, uid, power, power, type, factors, base=base, **kw)  # type: ignore[arg-type]


def base(name: str, kind: str = "port", fronts: tuple[str, ...] = ("mediterranean",), *, control: str = "britain",
         theater: str = "europe", **kw: object) -> Base:
    """A base held by ``control`` (also at the start of the phase)."""
    return Base(name, kind, fronts, theater, control=control, control_at_start=control, **kw)  # type: ignore[arg-type]


def world(bases: list[Base], units: list[NavalUnit], **kw: object) -> AwawWorld:
    """A world of these bases and units."""
    return AwawWorld(units={u.id: u for u in units}, bases={b.name: b for b in bases}, **kw)  # type: ignore[arg-type]


def data_refusal(load: Callable[[], object], file: str) -> str:
    """``where: problem`` of the :class:`DataError` that ``load()`` raises, which must name ``file``."""
    with pytest.raises(DataError) as err:
        load()
    assert err.value.file == file
    return f"{err.value.where}: {err.value.problem}"
