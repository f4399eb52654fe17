"""Reading the numbers referees type: one place for every type and range check.

Every number a command reads (a count of hits, REs, a TBF, a distance, a die
face, a seed) goes through :func:`read_int` or :func:`read_amount`, which refuse
with the allowed range instead of raising a Python error: no huge digit strings,
no NaN or infinity, no negative counts where none are allowed.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .errors import RuleError

#: Longest digit string accepted anywhere (far beyond any game number; keeps int() cheap).
MAX_DIGITS = 12
#: The largest count a referee types (hits, REs, steps, factors, points): no board game of ours comes near it.
MOST = 999
_GLYPHS = {"½": ".5", "¼": ".25", "¾": ".75"}


def _fmt(value: float) -> str:
    """A bound as a referee writes it (``3``, ``1.5``)."""
    return str(int(value)) if float(value) == int(value) else f"{value:g}"


def range_text(lo: float | None, hi: float | None) -> str:
    """``from 0 to 15``, ``0 or more``, ``at most 4``."""
    if lo is not None and hi is not None:
        return f"from {_fmt(lo)} to {_fmt(hi)}"
    if lo is not None:
        return f"{_fmt(lo)} or more"
    if hi is not None:
        return f"at most {_fmt(hi)}"
    return "any number"


def _check_range(value: float, text: str, what: str, lo: float | None, hi: float | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RuleError(f"{what} must be {range_text(lo, hi)}, not '{_short(text)}'")


def read_int(text: object, what: str, lo: int | None = 0, hi: int | None = None) -> int:
    """A whole number within ``lo``..``hi`` (either may be ``None``); refuses anything else clearly."""
    raw = str(text).strip()
    digits = raw[1:] if raw[:1] in "+-" else raw
    if not digits.isdigit() or not digits.isascii():
        raise RuleError(f"{what} must be a whole number ({range_text(lo, hi)}), not '{_short(raw)}'")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise RuleError(f"{what} must be {range_text(lo, hi)}, not a {len(digits)}-digit number")
    value = int(raw)
    _check_range(value, raw, what, lo, hi)
    return value


def read_amount(text: object, what: str, lo: float | None = 0, hi: float | None = None, step: float | None = None) -> float:
    """A game amount (``1.5``, ``1½``, ``½``) within ``lo``..``hi`` and, if given, a multiple of ``step``."""
    raw = str(text).strip()
    cleaned = raw
    for glyph, dec in _GLYPHS.items():
        cleaned = cleaned.replace(glyph, dec)
    sign = cleaned[0] if cleaned[:1] in ("+", "-") else ""  # one sign at most
    whole, dot, frac = cleaned[len(sign):].partition(".")
    digits_ok = (whole or frac) and all(part.isdigit() and part.isascii() for part in (whole, frac) if part)
    if not digits_ok:
        raise RuleError(f"{what} must be a number ({range_text(lo, hi)}), not '{_short(raw)}'")
    if len(whole.lstrip("0")) > MAX_DIGITS or len(frac) > MAX_DIGITS:
        raise RuleError(f"{what} must be {range_text(lo, hi)}, not '{_short(raw)}'")
    cleaned = f"{sign}{whole or '0'}.{frac or '0'}"
    value = float(cleaned)
    if not math.isfinite(value):  # pragma: no cover - the digit checks above exclude it
        raise RuleError(f"{what} must be a finite number, not '{_short(raw)}'")
    _check_range(value, raw, what, lo, hi)
    if step is not None and Fraction(cleaned) % Fraction(str(step)) != 0:
        raise RuleError(f"{what} must be in steps of {_fmt(step)}, not '{_short(raw)}'")
    return value


def _short(text: str, limit: int = 24) -> str:
    """Echo a typed value without flooding the message (a 400-digit paste)."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"
