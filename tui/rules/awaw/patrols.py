"""The patrol procedure's shared pieces (seed 004, 21.416, 21.4171): its prompts, and the record of the defender's
interception attempt against each patrol, used by ``patrol`` and its answers (``verbs_patrol``) and by ``intercept``
(``verbs_intercept``)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.ruleset import Context
from ..core.state import Pending
from .common import Side
from .ops_helpers import record_for
from .world import AwawWorld


NO, FAILED, WON, LOST = "no interception", "attempt failed", "patrol won", "patrol lost"
INTERCEPTION = (NO, FAILED, WON, LOST)
"""The answers that say whether the defender attempts interception and what came of it: his (21.416C, J, L)."""
REMAIN, RETURN, CONTINUE, ABORT = "remain at sea", "return to base", "continue", "abort"
STEPS = {
    "route": ("21.416C-F, 21.4171", (NO, FAILED, WON, LOST)),
    "continue": ("21.416E", (CONTINUE, ABORT)),
    "strikes": ("21.416I-K, 21.4171", (REMAIN, RETURN, FAILED, WON, LOST)),
    "strikes-after": ("21.416K", (REMAIN, RETURN)),
    "hex": ("21.416L, 21.4171", (NO, FAILED, WON, LOST)),
    "victor": ("21.416L", (REMAIN, RETURN)),
}
"""The prompts of the patrol procedure: rule and choices (the results are typed, RULINGS A2). ``no interception``: the
defender does not attempt one; ``attempt failed``: he attempts it and the Naval Interception Table gives none."""
ATTEMPT_POINTS = {"route": "on its way to {hex}", "strikes": "in {hex} before a round of air strikes",
                  "hex": "remaining in {hex}"}
"""21.417A-B: the points where the defender may attempt interception of a patrol (the steps that ask it)."""


def text(step: str, n: int, force: str, hex_: str) -> str:
    """The question of ``step`` of patrol ``n`` (``force``: its units) bound for ``hex_`` (21.416)."""
    return {
        "route": f"Patrol {n} ({force}) moves to {hex_}: does the defender attempt interception on the way ('no "
                 "interception' if he does not), and what comes of it: the attempt failed, or who wins the naval combat?",
        "continue": f"Patrol {n} won the naval combat: continue to {hex_} or abort and return to port?",
        "strikes": f"Patrol {n} in {hex_}: after counterair attacks and air strikes (the defender may attempt interception "
                   "once, before any round, if he has not: the attempt failed, or who won), does it remain at sea for the "
                   "combat phase or return?",
        "strikes-after": f"Patrol {n} in {hex_}: air strikes done; remain at sea for the combat phase or return to base?",
        "hex": f"Patrol {n} remains in {hex_}: does the defender attempt interception there ('no interception' if he "
               "does not), and what comes of it?",
        "victor": f"Patrol {n} won in {hex_}: remain at sea for the combat phase or return to base and invert?",
    }[step]


def ask(world: AwawWorld, step: str, n: int, units: list[str], hex_: str, tried: bool, segment: str) -> Pending:
    """The prompt of ``step`` of patrol ``n`` (21.416; STEPS gives its rule and choices)."""
    rule, choices = STEPS[step]
    return Pending(id=f"patrol-{n}-{step}", text=text(step, n, ", ".join(units), hex_), kind="choice", effect="patrol-step",
                   choices=choices, required=True, rule=rule, subject=hex_,
                   args={"n": n, "units": units, "hex": hex_, "step": step, "tried": tried}, raised=segment)


def back(world: AwawWorld, units: list[str]) -> AwawWorld:
    """The world with the patrolling ``units`` back in port, inverted (21.416F, K, E)."""
    return world.with_units([world.units[u].change(at_sea="", sea_hex="", inverted=True) for u in units])


def attempt_of(side: Side, ctx: Context, n: int) -> dict[str, Any] | None:
    """21.4171: the defender's interception attempt against patrol ``n`` this player turn, if one was made."""
    return record_for(ctx, side).get("patrols", {}).get(f"patrol-{n}", {}).get("attempt")


def with_attempt(side: Side, ctx: Context, world: AwawWorld, n: int, attempt: dict[str, Any]) -> AwawWorld:
    """The world with patrol ``n``'s interception attempt recorded (21.4171)."""
    rec = record_for(ctx, side)
    patrols = dict(rec.get("patrols", {}))
    patrols[f"patrol-{n}"] = {**patrols.get(f"patrol-{n}", {}), "attempt": attempt}
    return replace(world, ops={**rec, "patrols": patrols})
