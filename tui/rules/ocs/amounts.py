"""OCS amounts: capacities and cargo in SP and Tokens, read and written as players write them (19.0a).

Everything is kept as a whole number of Tokens (``tokens_per_sp`` of them make
one SP, 4 in ``data/rulesets/ocs.toml``). :func:`format_amount` writes ``0``,
``1T``, ``2 SP``, ``3 SP 2T``; :func:`parse_amount` reads those forms back, and
a bare number as SP (``1.5`` is ``1 SP 2T``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.errors import RuleError
from ..core.numbers import read_amount, read_int

_AMOUNT_RE = re.compile(
    r"^\s*(?:(?P<sp>\d+(?:\.\d+)?)(?![\d.])\s*(?P<unit>sp)?)?\s*(?:(?P<t>\d+)\s*t)?\s*$",
    re.IGNORECASE | re.ASCII,
)
# The SP figure never ends inside a run of digits: "12T" is 12 Tokens, not 1 SP and 2T.
_GLYPHS = {"½": ".5", "¼": ".25", "¾": ".75"}
LIMIT_SP = 100_000  # refuses absurd figures typed by mistake


def format_amount(tokens: int, per_sp: int) -> str:
    """Write ``tokens`` as OCS players do: ``0``, ``1T``, ``2 SP``, ``3 SP 2T`` (19.0a)."""
    if tokens == 0:
        return "0"
    sign = "-" if tokens < 0 else ""
    sp, rest = divmod(abs(tokens), per_sp)
    parts = ([f"{sp} SP"] if sp else []) + ([f"{rest}T"] if rest else [])
    return sign + " ".join(parts)


def parse_amount(text: str, per_sp: int, what: str = "amount") -> int:
    """Read ``3 SP 2T``, ``3SP2T``, ``2 SP``, ``1T``, ``1.5`` (SP) or ``0`` as a whole number of Tokens.

    Refuses anything else, and SP fractions that are not whole Tokens, with a
    message naming ``what`` (19.0a: capacity is counted in SP and Tokens).
    """
    cleaned = str(text).strip()
    for glyph, decimal in _GLYPHS.items():
        cleaned = cleaned.replace(glyph, decimal)
    cleaned = re.sub(r"(^|\s)\.(\d)", r"\g<1>0.\2", cleaned)
    match = _AMOUNT_RE.match(cleaned)
    if not cleaned or match is None or (match.group("sp") is None and match.group("t") is None):
        raise RuleError(f"{what} must be SP and Tokens like 3 SP 2T, 2SP, 1T or 1.5 (SP), not '{text}'")
    sp_text, t_text = match.group("sp"), match.group("t")
    if sp_text is not None and t_text is not None and not match.group("unit"):
        raise RuleError(f"{what}: write the SP as 'SP' when Tokens follow (e.g. 2 SP 3T), not '{text}'")
    if sp_text is not None:
        read_amount(sp_text, f"{what} (SP)", 0, LIMIT_SP)  # bounded before it is read exactly
    sp = Fraction(sp_text) if sp_text is not None else Fraction(0)
    tokens = sp * per_sp + (read_int(t_text, f"{what} (Tokens)", 0, LIMIT_SP * per_sp) if t_text is not None else 0)
    if tokens.denominator != 1:
        raise RuleError(f"{what} must be whole Tokens (1T = 1/{per_sp} SP), not '{text}'")
    return int(tokens)


def amount_from_data(value: object, per_sp: int, what: str) -> int:
    """A data-file amount: a number of SP (``3``, ``1.5``) or a string as players write it (``"3 SP 2T"``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise RuleError(f"{what} must be a number of SP or a string like \"3 SP 2T\"")
    if isinstance(value, (int, float)):
        if value < 0:
            raise RuleError(f"{what} must be 0 or more")
        value = repr(float(value)) if isinstance(value, float) else str(value)
    return parse_amount(value, per_sp, what)
