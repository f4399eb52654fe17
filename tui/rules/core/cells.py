"""One CSV cell as a value of a scenario field, and back.

A cell holds a field's value as a referee types it in a spreadsheet: text as
it is; ``true``/``false`` (or ``yes``/``no``, ``1``/``0``); numbers; a list as
items separated by ``;`` (a pair of hexes inside a list as ``0807/0808``); a
table as ``key=value`` items separated by ``;``. An empty cell leaves the
field at its default. Every problem is a :class:`CellError` saying what is
allowed.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return as a formula. As OWASP advises, :func:`cell` writes such
a text cell behind a ``'`` (and one that starts with ``'`` itself, so that it
reads back whole; the first cell of a row also when it starts with ``#``, a
comment's mark), and :func:`unescape` takes one ``'`` off any cell read. A
number is written as it is (``-1``): its column is typed, so it is read as a
number, never run, and a ``'-1`` typed by hand reads as -1 too.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec
import msgspec.inspect as mi

from .data import DATA_LIMIT

LIST_SEP = ";"
PAIR_SEP = "/"
KEY_SEP = "="
ESCAPE = "'"
#: The starts a spreadsheet takes for a formula (OWASP's CSV injection list), and the escape itself.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", ESCAPE)
TRUE = ("true", "yes", "1")
FALSE = ("false", "no", "0")


class CellError(ValueError):
    """A cell that is not a value of its field; the message says what is allowed."""


def field_types(struct: type) -> dict[str, mi.Type]:
    """The fields of ``struct`` (by name) and their msgspec type descriptions."""
    info = mi.type_info(struct)
    assert isinstance(info, mi.StructType)
    return {f.encode_name: f.type for f in info.fields}


def required(struct: type) -> tuple[str, ...]:
    """The fields of ``struct`` a row must fill."""
    info = mi.type_info(struct)
    assert isinstance(info, mi.StructType)
    return tuple(f.encode_name for f in info.fields if f.required)


def _range(t: mi.IntType | mi.FloatType) -> tuple[float, float]:
    low: float = -DATA_LIMIT
    high: float = DATA_LIMIT
    if t.ge is not None:
        low = max(low, t.ge)
    if t.gt is not None:
        low = max(low, t.gt + (1 if isinstance(t, mi.IntType) else 0))
    if t.le is not None:
        high = min(high, t.le)
    if t.lt is not None:
        high = min(high, t.lt - (1 if isinstance(t, mi.IntType) else 0))
    return low, high


def describe(t: mi.Type) -> str:
    """What a cell of type ``t`` holds, in words (for messages and the documentation)."""
    if isinstance(t, mi.StrType):
        return "text"
    if isinstance(t, mi.BoolType):
        return "true or false"
    if isinstance(t, mi.IntType):
        low, high = _range(t)
        return f"a whole number from {low:g} to {high:g}"
    if isinstance(t, mi.FloatType):
        low, high = _range(t)
        return f"a number from {low:g} to {high:g}"
    if isinstance(t, mi.ListType):
        item = t.item_type
        if isinstance(item, mi.ListType):
            return f"pairs written a{PAIR_SEP}b, separated by '{LIST_SEP}'"
        return f"a list of {describe(item)} items separated by '{LIST_SEP}'"
    if isinstance(t, mi.DictType):
        return f"key{KEY_SEP}value items separated by '{LIST_SEP}' (each value {describe(t.value_type)})"
    if isinstance(t, mi.UnionType):
        kinds = [describe(x) for x in t.types if not isinstance(x, mi.NoneType)]
        return " or ".join(dict.fromkeys(kinds))
    return "a value"


def parse(text: str, t: mi.Type) -> Any:
    """The value of the non-empty cell ``text`` for a field of type ``t``; :class:`CellError` if it is none."""
    text = text.strip()
    if isinstance(t, mi.StrType):
        return text
    if isinstance(t, mi.BoolType):
        if text.lower() in TRUE:
            return True
        if text.lower() in FALSE:
            return False
        raise CellError(f"'{text}' is not true or false")
    if isinstance(t, (mi.IntType, mi.FloatType)):
        return _number(text, t)
    if isinstance(t, mi.ListType):
        items = [x.strip() for x in text.split(LIST_SEP)]
        if isinstance(t.item_type, mi.ListType):
            return [[parse(p, t.item_type.item_type) for p in item.split(PAIR_SEP)] for item in items if item]
        return [parse(item, t.item_type) for item in items if item]
    if isinstance(t, mi.DictType):
        out: dict[str, Any] = {}
        for item in (x.strip() for x in text.split(LIST_SEP)):
            if not item:
                continue
            key, sep, value = item.partition(KEY_SEP)
            if not sep or not key.strip() or not value.strip():
                raise CellError(f"'{item}' is not key{KEY_SEP}value ({describe(t)})")
            if key.strip() in out:
                raise CellError(f"'{key.strip()}' is given twice")
            out[key.strip()] = parse(value, t.value_type)
        return out
    if isinstance(t, mi.UnionType):
        for option in t.types:
            if isinstance(option, (mi.IntType, mi.FloatType)):
                try:
                    return _number(text, option)
                except CellError:
                    continue
        for option in t.types:
            if isinstance(option, mi.StrType):
                return text
            if isinstance(option, mi.BoolType) and text.lower() in TRUE + FALSE:
                return text.lower() in TRUE
        raise CellError(f"'{text}' is not {describe(t)}")
    raise CellError(f"'{text}' cannot be read")  # pragma: no cover - no scenario field is of another type


def _number(text: str, t: mi.IntType | mi.FloatType) -> float | int:
    try:
        value: float | int = int(text) if isinstance(t, mi.IntType) else float(text)
    except ValueError:
        raise CellError(f"'{text}' is not {describe(t)}") from None
    if isinstance(value, float) and value.is_integer() and "." not in text and "e" not in text.lower():
        value = int(value)
    low, high = _range(t)
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        raise CellError(f"{text} is out of range: {describe(t)}")
    return value


def show(value: Any) -> str:
    """A field's value as a cell (the inverse of :func:`parse`)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}" if value.is_integer() else repr(value)
    if isinstance(value, (list, tuple)):
        return LIST_SEP.join(PAIR_SEP.join(show(p) for p in x) if isinstance(x, (list, tuple)) else show(x) for x in value)
    if isinstance(value, dict):
        return LIST_SEP.join(f"{k}{KEY_SEP}{show(v)}" for k, v in value.items())
    return str(value)


def cell(value: Any, first: bool = False) -> str:
    """A field's value as the text of a CSV cell: :func:`show`, behind a ``'`` when it is not a number and starts as a
    formula would (or with ``'``; with ``first``, the row's first cell, also ``#``); :func:`unescape` gives it back."""
    text = show(value)
    if isinstance(value, (bool, int, float)):
        return text
    if text.startswith(FORMULA_STARTS) or (first and text.startswith("#")):
        return ESCAPE + text
    return text


def unescape(text: str) -> str:
    """A cell as read, without the one ``'`` :func:`cell` put before it (blanks around the cell are trimmed first)."""
    text = text.strip()
    return text[len(ESCAPE):] if text.startswith(ESCAPE) else text


def builtins(value: Any) -> Any:
    """A struct (or anything holding structs) as plain data."""
    return msgspec.to_builtins(value)
