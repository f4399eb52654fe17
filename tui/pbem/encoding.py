"""Canonical bytes, strict decoding and the small value checks of every pbem file.

Canonical bytes of a value: JSON with keys sorted (by code point), separators ``,`` and ``:``, no ASCII escaping
(``ensure_ascii=False``), encoded as UTF-8; only objects, arrays, strings, integers, ``true``/``false`` and ``null``
(no floats). Strings are taken as given (no Unicode normalization). Decoding a file is strict: no duplicate keys, no
floats, no ``NaN``, bounded size, depth and integer length; any fault is a :class:`PbemRefused`, never another error.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from typing import Any

from .errors import PbemRefused, quoted

#: Deepest nesting of arrays and objects accepted anywhere (a turn file is 5 deep).
MAX_DEPTH = 12
#: Longest integer accepted, in decimal digits (a count or a sides number is small; an index fits in 18).
MAX_INT_DIGITS = 18
#: Largest magnitude of an integer in a canonical value.
MAX_INT = 10**MAX_INT_DIGITS - 1
HEX64 = re.compile(r"[0-9a-f]{64}")


def check_value(value: Any, depth: int = 0) -> None:
    """Refuse a value that has no canonical form: a float, a non-string key, a lone surrogate, too deep."""
    if depth > MAX_DEPTH:
        raise PbemRefused(f"nested more than {MAX_DEPTH} deep")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise PbemRefused(f"a key that is not text: {quoted(key)}")
            check_text(key)
            check_value(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_value(item, depth + 1)
    elif isinstance(value, str):
        check_text(value)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if abs(value) > MAX_INT:
            raise PbemRefused(f"an integer longer than {MAX_INT_DIGITS} digits")
    else:
        raise PbemRefused(f"a value of type {type(value).__name__} ({quoted(value)}); only text, integers, "
                          "true/false/null, arrays and objects are allowed")


def check_text(text: str) -> None:
    """Refuse text that is not encodable as UTF-8 (a lone surrogate from a ``\\ud800`` escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise PbemRefused(f"text that is not valid Unicode: {quoted(text)}") from None


def canonical(value: Any) -> bytes:
    """The canonical bytes of ``value`` (see the module's docstring); :class:`PbemRefused` if it has none."""
    check_value(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data``, 64 lower-case hex digits."""
    return hashlib.sha256(data).hexdigest()


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise PbemRefused(f"the key {quoted(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_float(text: str) -> Any:
    raise PbemRefused(f"a number with a fraction or exponent ({quoted(text)}); only integers are allowed")


def _no_constant(text: str) -> Any:
    raise PbemRefused(f"{text} is not allowed")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise PbemRefused(f"an integer longer than {MAX_INT_DIGITS} digits")
    return int(text)


def decode_json(data: bytes, limit: int, what: str) -> Any:
    """The value of the JSON bytes ``data`` (a whole file), decoded strictly; :class:`PbemRefused` naming ``what``.

    Refused: more than ``limit`` bytes, not UTF-8, not JSON (a file cut short), duplicate keys, floats, ``NaN``,
    integers past :data:`MAX_INT_DIGITS` digits, nesting past :data:`MAX_DEPTH`, lone surrogates.
    """
    if len(data) > limit:
        raise PbemRefused(f"{what} holds {len(data):,} bytes, more than the {limit:,} allowed")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PbemRefused(f"{what} is not UTF-8 text (byte {exc.start})") from None
    if _too_deep(text):
        raise PbemRefused(f"{what} is nested more than {MAX_DEPTH} deep")
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_float=_no_float, parse_constant=_no_constant,
                           parse_int=_int)
    except PbemRefused as exc:
        raise PbemRefused(f"{what}: {exc}") from None
    except json.JSONDecodeError as exc:
        cut = " (cut short?)" if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated") else ""
        raise PbemRefused(f"{what} is not valid JSON{cut}: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise PbemRefused(f"{what} is not valid JSON: {type(exc).__name__}") from None
    try:
        check_value(value)
    except PbemRefused as exc:
        raise PbemRefused(f"{what}: {exc}") from None
    return value


def _too_deep(text: str) -> bool:
    """Whether brackets outside strings nest deeper than :data:`MAX_DEPTH` (checked before parsing, so a file of a
    million ``[`` never reaches the parser's recursion)."""
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH + 1:
                return True
        elif char in "]}":
            depth -= 1
    return False


def b64encode(data: bytes) -> str:
    """Standard base64 (RFC 4648, with padding) of ``data``."""
    return base64.b64encode(data).decode("ascii")


def b64decode(text: Any, size: int, what: str) -> bytes:
    """The ``size`` bytes that ``text`` encodes in standard base64, written exactly as :func:`b64encode` writes them."""
    if not isinstance(text, str) or len(text) != 4 * ((size + 2) // 3):
        raise PbemRefused(f"{what} is not {size} bytes in base64")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise PbemRefused(f"{what} is not base64") from None
    if len(raw) != size or b64encode(raw) != text:
        raise PbemRefused(f"{what} is not {size} bytes in base64")
    return raw


def hex32(value: Any, what: str) -> str:
    """``value`` if it is 64 lower-case hex digits (a SHA-256 or a 32-byte seed); else :class:`PbemRefused`."""
    if not isinstance(value, str) or not HEX64.fullmatch(value):
        raise PbemRefused(f"{what} is not 64 lower-case hex digits")
    return value


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is an integer (not true/false) from ``low`` to ``high``; else :class:`PbemRefused`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PbemRefused(f"{what} is not a whole number from {low} to {high}")
    return value


def text(value: Any, what: str, longest: int) -> str:
    """``value`` if it is text of at most ``longest`` characters; else :class:`PbemRefused`."""
    if not isinstance(value, str) or len(value) > longest:
        raise PbemRefused(f"{what} is not text of at most {longest} characters")
    return value


def fields(value: Any, names: frozenset[str], what: str) -> dict[str, Any]:
    """``value`` if it is an object with exactly the keys ``names``; else :class:`PbemRefused` naming the odd key."""
    if not isinstance(value, dict):
        raise PbemRefused(f"{what} is not an object")
    missing = sorted(names - value.keys())
    if missing:
        raise PbemRefused(f"{what} has no {missing[0]!r}")
    extra = sorted(value.keys() - names)
    if extra:
        raise PbemRefused(f"{what} has an unknown key {quoted(extra[0])}")
    return value
