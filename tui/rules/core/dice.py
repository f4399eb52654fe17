"""Dice: ``NdM`` specifications with modifiers, rolled by the app or typed in.

Every roll records its source: ``app`` (seeded; the seed is logged so the roll
can be checked), ``typed`` (the referee read physical dice) or ``sealed`` (a game
played by e-mail: the faces of a signed request under the opponent's revealed
seed; the request's hash is logged). Replay never re-rolls: a :class:`Roll` is
stored in the event and re-used.
"""

from __future__ import annotations

import random
import re
from typing import Any, Sequence

import msgspec

from .errors import RuleError
from .numbers import read_int

_SPEC_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*((?:[+-]\s*\d+\s*)*)$", re.ASCII)
MAX_DICE = 100
MAX_SIDES = 1000
MAX_MODIFIER = 100  # the largest modifier (either sign) a roll may carry
MAX_SPEC = 200  # the longest dice expression read


class DiceSpec(msgspec.Struct, frozen=True):
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


class Roll(msgspec.Struct, frozen=True):
    """A resolved roll: the dice faces, the total with modifier, and where the faces came from."""

    spec: str
    faces: tuple[int, ...]
    modifier: int
    source: str  # "app" | "typed" | "sealed"
    seed: int | None = None
    purpose: str = ""
    request: str = ""
    """For a ``sealed`` roll: the hash (hex) of the signed request entry whose stream gave the faces."""

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
        src = f"app, seed {self.seed}" if self.source == "app" else \
            f"sealed, request {self.request[:16]}" if self.source == "sealed" else "typed"
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
        } | ({"request": self.request} if self.request else {})

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
            request=data.get("request", ""),
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


class StagedDice:
    """The typed faces of every stage of one command, in order (``--dice 3,4 --dice 1`` = ``--dice 3,4,1``).

    A command that rolls in stages (contact 2d6, then only on contact the 1d6
    result) takes each stage's dice off the front: how the faces were grouped
    when typed does not matter. :meth:`take` returns None when no face is left
    (the caller asks for the stage or lets the app roll); :meth:`leftover`
    says which faces no stage used.
    """

    def __init__(self, texts: Sequence[str] = ()) -> None:
        self.faces: list[int] = [f for text in texts for f in parse_faces(str(text))]
        self.given = bool(self.faces)
        """Whether the command came with typed faces (then no stage is rolled by the app unless asked)."""

    def __bool__(self) -> bool:
        return bool(self.faces)

    def push_front(self, text: str) -> None:
        """Faces typed as the answer of a roll prompt: they are the first stage's."""
        self.faces[:0] = parse_faces(text)
        self.given = True

    def drop(self, count: int) -> None:
        """Forget ``count`` faces (replay re-uses the recorded roll they made)."""
        del self.faces[:count]

    def take(self, spec: DiceSpec, stage: str) -> tuple[int, ...] | None:
        """The faces of ``stage`` (``spec.count`` of them), None when none are left; refuse too few."""
        if not self.faces:
            return None
        if len(self.faces) < spec.count:
            have = ", ".join(map(str, self.faces))
            raise RuleError(f"{stage or 'the roll'} needs {spec} ({spec.count} dice) but only {have} "
                            f"{'is' if len(self.faces) == 1 else 'are'} left of the typed dice")
        taken, self.faces = tuple(self.faces[:spec.count]), self.faces[spec.count:]
        return taken

    def leftover(self, last_stage: str) -> str | None:
        """Why the left-over faces are refused, naming the stage that ended the command; None if all were used."""
        if not self.faces:
            return None
        faces = ", ".join(map(str, self.faces))
        if not last_stage:
            return f"typed dice {faces} left over: this command rolls nothing"
        return f"typed dice {faces} left over: the last roll was {last_stage}, and it ended the command"
