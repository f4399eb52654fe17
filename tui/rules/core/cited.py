"""Values a data file gives with the rule that gives them, shared by every rule set's schema.

A policy value is written ``{ value = 3, rule = "21.434", note = "RULINGS A2" }``:
the number (or word, list, flag), the rule it comes from, and where the seed is
silent a ``note`` naming the ruling or the assumption that decides it.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from .data import DataModel

Count = Annotated[int, msgspec.Meta(ge=0)]
"""A whole number, 0 or more."""
Positive = Annotated[int, msgspec.Meta(ge=1)]
"""A whole number, 1 or more (a divisor)."""
Share = Annotated[float, msgspec.Meta(gt=0, le=1)]
"""A share above 0, at most 1."""


class CitedCount(DataModel):
    """A whole number with its rule."""

    value: Count
    rule: str
    note: str = ""


class CitedPositive(DataModel):
    """A whole number of 1 or more (a divisor) with its rule."""

    value: Positive
    rule: str
    note: str = ""


class CitedShare(DataModel):
    """A share between 0 (excluded) and 1 with its rule."""

    value: Share
    rule: str
    note: str = ""


class CitedNumber(DataModel):
    """A number (0 or more; fractions allowed) with its rule."""

    value: float
    rule: str
    note: str = ""


class CitedText(DataModel):
    """A word (a policy, a dice expression) with its rule."""

    value: str
    rule: str
    note: str = ""


class CitedNames(DataModel):
    """A list of names or words (powers, places, unit types, terrain) with its rule."""

    value: list[str]
    rule: str
    note: str = ""


class CitedFlag(DataModel):
    """A yes/no policy with its rule."""

    value: bool
    rule: str
    note: str = ""


class TwoSides(DataModel):
    """The two sides of a game, in data order."""

    sides: Annotated[list[str], msgspec.Meta(min_length=2, max_length=2)]
    rule: str = ""
    note: str = ""
