"""Fast carrier missions (21.55): the escort ratio, boxes, and how they differ from patrols.

:func:`fast_fleet_check` applies 21.555A (21.313): at least one fast fleet
factor per fast carrier factor at the start of the mission.
:func:`check_box` applies 21.553. :data:`DIFFERENCES` lists 21.557 for the
verb's help and the planner; :func:`check_target` keeps a mission to one
enemy base (21.557F).
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_tables import OpsTables

DIFFERENCES = (
    "21.557A: conducted only in the combat phase (patrols start in the movement phase).",
    "21.557B: allowed from a U.S. box with a seaborne invasion from that box; patrols are not.",
    "21.557C: the naval units may change base first; patrolling units may not.",
    "21.557D: no counterair en route except as part of naval combat.",
    "21.557E: may not counter-intercept in support of intercepted friendly forces.",
    "21.557F: counterair attacks and air strikes against a single enemy base only.",
)


def fast_fleet_check(carrier_factors: int, fast_fleet_factors: int, t: OpsTables) -> Explained:
    """21.555A, 21.313: a force with fast carriers needs one fast fleet factor per fast carrier factor."""
    per = t.carriers.fast_fleet_per_carrier_factor.value
    need = carrier_factors * per
    terms = (Term("fast carrier factors", carrier_factors, "21.555A"), Term("fast fleet factors needed", need, "21.313"),
             Term("fast fleet factors in the force", fast_fleet_factors, "21.555A"))
    if fast_fleet_factors < need:
        raise RuleError(f"a naval force with {carrier_factors} fast carrier factors needs at least {need} fast fleet factors, "
                        f"not {fast_fleet_factors} (21.555A, 21.313)")
    return Explained("fast fleet factors escorting the carriers", fast_fleet_factors, "21.555A, 21.313", terms,
                     ("Losses after the mission starts do not cancel it (21.313).",))


def check_box(box: str | None, with_invasion_from_same_box: bool, t: OpsTables) -> None:
    """21.553: from the U.S. boxes only with an invasion from that box; India and Australia yes; South Africa no."""
    if box is None:
        return
    r = t.carriers.box_rules
    if box in r.prohibited:
        raise RuleError(f"fast carrier missions from the {box} box are prohibited (21.553C)")
    if box in r.with_invasion_from_box and not with_invasion_from_same_box:
        raise RuleError(f"fast carrier missions from the {box} box only accompany a seaborne invasion from it (21.553A, 21.557B)")
    if box not in r.permitted and box not in r.with_invasion_from_box:
        raise RuleError(f"fast carrier missions from the {box} box are not permitted (21.553)")


def check_target(targets: list[str]) -> None:
    """21.557F: naval air units on a fast carrier mission strike a single enemy base."""
    if len({t.lower() for t in targets if t}) > 1:
        raise RuleError(f"a fast carrier mission strikes a single enemy base, not {', '.join(targets)} (21.557F)")


def return_note() -> str:
    """21.555E, 21.4183: when the mission comes home."""
    return ("The mission returns to base (21.33) and is inverted after regular combat, before exploitation (21.555E); it may "
            "not intercept or counter-intercept, and fights only if intercepted (21.555C).")
