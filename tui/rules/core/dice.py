"""Dice: ``NdM`` specifications with modifiers, rolled by the app or typed in.

Every roll records its source: ``app`` (seeded; the seed is logged so the roll
can be checked) or ``typed`` (the referee read physical dice). Replay never
re-rolls: a :class:`Roll` is stored in the event and re-used.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import RuleError
from .numbers import read_int

_SPEC_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*((?:[+-]\s*\d+\s*)*)$", re.ASCII)
MAX_DICE = 100
MAX_SIDES = 1000
MAX_MODIFIER = 100  # the largest modifier (either sign) a roll may carry
MAX_SPEC = 200  # the longest dice expression read


@dataclass(frozen=True)
class DiceSpec:
    """A dice expression: ``count`` dice of ``sides`` sides plus ``modifier``."""

    count: int
    sides: int
    modifier: int = 0

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        """Parse ``2d6``, ``d6``, ``1d6+1``, ``2d6-1+2``; refuse anything else with a message."""
        shown = text if len(text) <= 24 else f"{text[:24]}… ({len(text)} characters)"
        if len(text) > MAX_SPEC:
            raise RuleError(f"'{shown}' is not a dice expression: at most {MAX_SPEC} characters (NdM with optional +K/-K, e.g. 2d6+1)")
        match = _SPEC_RE.match(text)
        if not match:
            raise RuleError(f"'{shown}' is not a dice expression (use NdM with optional +K/-K, e.g. 2d6+1)")
        count = read_int(match.group(1) or "1", f"'{shown}': the number of dice", 1, MAX_DICE)
        sides = read_int(match.group(2), f"'{shown}': the sides of a die", 2, MAX_SIDES)
        modifier = 0
        for term in re.findall(r"[+-]\s*\d+", match.group(3)):
            modifier += read_int(term.replace(" ", ""), f"'{shown}': a modifier", -MAX_MODIFIER, MAX_MODIFIER)
        read_int(str(modifier), f"'{shown}': the modifier", -MAX_MODIFIER, MAX_MODIFIER)
        return cls(count, sides, modifier)

    def with_modifier(self, extra: int) -> DiceSpec:
        """The same dice with ``extra`` added to the modifier."""
        return DiceSpec(self.count, self.sides, self.modifier + extra)


@dataclass(frozen=True)
class Roll:
    """A resolved roll: the dice faces, the total with modifier, and where the faces came from."""

    spec: str
    faces: tuple[int, ...]
    modifier: int
    source: str  # "app" | "typed"
    seed: int | None = None
    purpose: str = ""

    @property
    def natural(self) -> int:
        """Sum of the faces without the modifier."""
        return sum(self.faces)

    @property
    def total(self) -> int:
        """Sum of the faces plus the modifier."""
        return self.natural + self.modifier

    def describe(self) -> str:
        """One line for logs: ``2d6+1 = 3+5+1 = 9 (app, seed 12345)``."""
        faces = "+".join(str(f) for f in self.faces)
        mod = f"{self.modifier:+d}" if self.modifier else ""
        src = f"app, seed {self.seed}" if self.source == "app" else "typed"
        what = f"{self.purpose}: " if self.purpose else ""
        return f"{what}{self.spec} = {faces}{mod} = {self.total} ({src})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form stored in the event."""
        return {
            "spec": self.spec,
            "faces": list(self.faces),
            "modifier": self.modifier,
            "total": self.total,
            "source": self.source,
            "seed": self.seed,
            "purpose": self.purpose,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Roll:
        """Inverse of :meth:`to_dict`."""
        return cls(
            spec=data["spec"],
            faces=tuple(data["faces"]),
            modifier=data.get("modifier", 0),
            source=data["source"],
            seed=data.get("seed"),
            purpose=data.get("purpose", ""),
        )


def roll_app(spec: DiceSpec, seed: int, purpose: str = "") -> Roll:
    """Roll ``spec`` with a generator seeded by ``seed`` (logged, so the roll can be re-checked)."""
    rng = random.Random(seed)
    faces = tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
    return Roll(str(spec), faces, spec.modifier, "app", seed, purpose)


def roll_typed(spec: DiceSpec, faces: Sequence[int], purpose: str = "") -> Roll:
    """Take physical dice typed by the referee; refuse a wrong count or an impossible face."""
    faces = tuple(faces)
    if len(faces) != spec.count:
        raise RuleError(f"{spec} needs {spec.count} die face(s), got {len(faces)}")
    for face in faces:
        if not 1 <= face <= spec.sides:
            raise RuleError(f"a d{spec.sides} shows 1 to {spec.sides}, not {face}")
    return Roll(str(spec), faces, spec.modifier, "typed", None, purpose)


def parse_faces(text: str) -> tuple[int, ...]:
    """Parse typed dice faces: ``"3,5"``, ``"3 5"`` or ``"35"`` is not accepted (ambiguous)."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts:
        raise RuleError("no dice faces given")
    if len(parts) > MAX_DICE:
        raise RuleError(f"at most {MAX_DICE} dice faces, not {len(parts)}")
    return tuple(read_int(p, "a die face", 1, MAX_SIDES) for p in parts)
