"""Small helpers every AWAW verb module shares: reading flags, numbers and options, the side acting."""

from __future__ import annotations

from typing import Any, Callable

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context
from .tables import AwawTables
from .units import NavalUnit

Side = Callable[[Context], str]
"""The side acting in the current segment (the phasing side, resolved from the initiative answer)."""

REFEREE = "referee"
"""The actor of a change to the scenario's data that no rule leaves to a player (the engine's word; a game by e-mail
refuses it, issue 32)."""

TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}


def flag(text: str, what: str) -> bool:
    """Read yes/no, on/off."""
    if text.lower() in TRUE:
        return True
    if text.lower() in FALSE:
        return False
    raise RuleError(f"{what} must be yes or no, not '{text}'")


def distance(opts: dict[str, Any], what: str, rule: str) -> int:
    """The typed ``--distance`` by water (RULINGS A1); refuses a missing or bad number."""
    if "distance" not in opts:
        raise RuleError(f"{what}: type the distance by water with --distance N (RULINGS A1, {rule})")
    return read_int(opts["distance"], "the distance by water (hexes)", 0, 999)


def words_list(opts: dict[str, Any], key: str) -> list[str]:
    """A comma-separated option as a list (``--straits B,G``)."""
    value = opts.get(key)
    if value in (None, "", True):
        return []
    return [v.strip() for v in str(value).split(",") if v.strip()]


def one_side(units: list[NavalUnit], side: str, tables: AwawTables, what: str) -> None:
    """Refuse units that are not ``side``'s."""
    others = [u.id for u in units if tables.side_of(u.power) != side]
    if others:
        raise RuleError(f"{what}: {', '.join(others)} {'is' if len(others) == 1 else 'are'} not {side} units; "
                        f"it is the {side} player's turn")


def owner(units: list[NavalUnit], tables: AwawTables) -> str:
    """The side whose units these are, which records what befalls them (issue 32); units of both sides, or of none, are
    no one player's: the referee's."""
    sides = {tables.side_of(u.power) for u in units}
    return sides.pop() if len(sides) == 1 and "" not in sides else REFEREE


def ids(units: list[NavalUnit]) -> str:
    """``Warspite, Valiant``."""
    return ", ".join(u.id for u in units)
