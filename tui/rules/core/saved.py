"""Checks a rule set's ``world_from_data`` runs on a saved world: the rule-set half of opening a save.

A save read back from disk may have been cut, edited by hand or written by
another program. Each rule set's ``world_from_data`` converts the saved world
and, through these helpers, raises :class:`SavedDataError` (a ``ValueError``)
with a clear message for anything the rules cannot hold: a negative or absurd
count, an unknown port type, a port listed twice. The store and the session
turn that into a refusal to open the file, the same on every open path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import msgspec

__all__ = ["MAX_SAVED_NUMBER", "SavedDataError", "check_numbers", "check_unique", "convert_saved"]

#: No count or amount kept in a save comes near this; anything above is damage.
MAX_SAVED_NUMBER = 1_000_000


class SavedDataError(ValueError):
    """A saved world does not fit the rule set; the message names the record and the field."""


def convert_saved(raw: Any, kind: type, where: str) -> Any:
    """``msgspec.convert`` of one saved record, its errors as :class:`SavedDataError` naming ``where``."""
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        raise SavedDataError(f"{where}: {exc}") from None


def check_numbers(record: Any, where: str, limit: float = MAX_SAVED_NUMBER) -> None:
    """Every number field of ``record`` (a msgspec struct) is finite and within 0..``limit``."""
    for name in record.__struct_fields__:
        value = getattr(record, name)
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, bool) or not isinstance(item, (int, float)):
                continue
            if not math.isfinite(item) or not 0 <= item <= limit:
                raise SavedDataError(f"{where}.{name} is {item!r}: it must be from 0 to {limit:,}")


def check_unique(names: Iterable[str], where: str) -> None:
    """No name appears twice (case-insensitively) in ``names``."""
    seen: set[str] = set()
    for name in names:
        key = name.lower()
        if key in seen:
            raise SavedDataError(f"{where}: '{name}' is listed twice")
        seen.add(key)
