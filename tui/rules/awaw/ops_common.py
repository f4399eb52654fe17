"""What the naval operations calculators share: a requirement of destroyers and transports, and its check.

A :class:`Requirement` holds two :class:`Explained` figures (destroyer factors
and transports needed); :func:`shortfall` compares what the referee picked
with them ("needs 8 destroyer factors: 6 chosen"), which the verbs refuse with
and the Naval mode's planner shows.
"""

from __future__ import annotations

import msgspec


from ..core.errors import RuleError
from ..core.explain import Explained, Term


def ceil_div(amount: int, per: int) -> int:
    """``amount`` split into lots of ``per``, a part lot counting as one (round up)."""
    return -(-amount // per)


class Requirement(msgspec.Struct, frozen=True):
    """The destroyer factors and transports a naval activity needs, each with its derivation."""

    destroyers: Explained
    transports: Explained

    @property
    def figures(self) -> tuple[Explained, Explained]:
        """Both figures, for an Outcome's explanations."""
        return (self.destroyers, self.transports)


def power_name(power: str) -> str:
    """A power's key as a referee reads it: ``germany`` -> ``Germany``, ``usa`` -> ``USA``, ``ussr`` -> ``USSR``."""
    return power.upper() if len(power) <= 4 else power.title()


def plural(n: int, word: str) -> str:
    """``1 transport``, ``3 transports``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def none_needed(name: str, rule: str, why: str) -> Explained:
    """A zero requirement that says why nothing is needed."""
    return Explained(name, 0, rule, (Term(why, 0, rule),))


def shortfall(req: Requirement, destroyers: int, transports: int) -> list[str]:
    """What is missing when ``destroyers`` factors and ``transports`` are chosen (empty: enough)."""
    out = []
    if destroyers < req.destroyers.value:
        out.append(f"needs {req.destroyers.value} destroyer factors: {destroyers} chosen ({req.destroyers.rule})")
    if transports < req.transports.value:
        out.append(f"needs {plural(req.transports.value, 'transport')}: {transports} chosen ({req.transports.rule})")
    return out


def check_enough(req: Requirement, destroyers: int, transports: int, what: str) -> None:
    """Refuse ``what`` with the rule when the chosen destroyers or transports fall short."""
    missing = shortfall(req, destroyers, transports)
    if missing:
        raise RuleError(f"{what}: {'; '.join(missing)}")
