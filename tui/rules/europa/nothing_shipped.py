"""Nothing shipped this phase (33.A; issue 30 item 7): the referee's word that a side moved no cargo by sea.

Where a side's shipping must be checked (Allied shipping under Italian interference, 33.B.2.b; Axis shipping
through the South Aegean interdiction zone, 33.B.7), the duty holds ``next`` in every segment of the naval
movement phase until a check is made there. When nothing was shipped, ``no-shipping`` says so once for the whole
phase (key ``p`` in the Sea Zones mode), in the log like every command; the duty is then done for that phase and
comes back in the next one. It is refused once that side's shipping was checked this phase, or while one of its
naval groups carries cargo in transit (its cargo is checked in each zone it crosses, 31.A.8).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome, Verb
from ..core.view_duties import allows
from . import antishipping as X
from .sea_verbs import acting
from .seaworld import NothingShipped, SeaWorld
from .world import EuropaWorld
from .zones import SIDE_NAMES, side_of

VERB = "no-shipping"
"""The command (and the Sea Zones action's id)."""
KEY = "p"
"""Its key in the Sea Zones mode."""
RULE = "33.A"
SYNTAX = f"{VERB} [axis|allied]"
"""Its usage line."""


def recorded(sea: SeaWorld, phase: str, side: str) -> bool:
    """Whether the referee said that ``side`` shipped nothing in ``phase`` (``turn/player-turn/phase``)."""
    return any(n.phase == phase and n.side == side for n in sea.nothing_shipped)


def declare(world: EuropaWorld, phase: str, side: str) -> EuropaWorld:
    """``world`` recording that ``side`` shipped nothing in ``phase``; a RuleError when its shipping was checked
    there, a group of its carries cargo in transit, or it is said already (33.A; 31.A.8)."""
    sea = world.sea
    name = SIDE_NAMES[side]
    if recorded(sea, phase, side):
        raise RuleError(f"nothing shipped by the {name} player is already recorded this phase ({RULE})")
    checks = sum(1 for c in sea.checks if c.phase == phase and c.side == side)
    if checks:
        raise RuleError(f"{name} shipping was checked {checks} time(s) this phase: something was shipped ({RULE})")
    carrying = [g.name for g in sea.groups.values() if g.side == side and g.cargo]
    if carrying:
        raise RuleError(f"{', '.join(carrying)} carries cargo in transit: check it in each sea zone it crosses "
                        f"({RULE}; 31.A.8)")
    return replace(world, sea=replace(sea, nothing_shipped=sea.nothing_shipped + (NothingShipped(phase, side),)))


def shipping_moves(seg: Any) -> bool:
    """Whether shipping may be checked in segment ``seg`` (the sequence lists ``check`` there): where the verb is legal."""
    return allows(seg, "check")


def build_nothing_shipped_verb() -> dict[str, Verb]:
    """The ``no-shipping [SIDE]`` verb (SIDE: by default the side whose shipping moves in the segment)."""
    verb = Verb(VERB, SYNTAX,
                "Nothing was shipped this naval movement phase by the side (by default the one whose shipping moves): "
                "the anti-shipping checks due are done for the phase, logged. Refused once that side's shipping was "
                "checked this phase or while one of its groups carries cargo in transit.",
                f"{RULE}; 31.A.8", no_shipping, anytime=True, group="sea", where=shipping_moves)
    return {VERB: verb}


def no_shipping(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``no-shipping [SIDE]``: nothing shipped this phase by the side (33.A)."""
    if len(args) > 1:
        raise RuleError(f"usage: {SYNTAX}")
    side = side_of(args[0]) if args else acting(ctx)
    seg = ctx.segment
    phase = X.phase_key(ctx.state.flow.turn, seg.key)
    new = declare(ctx.state.world, phase, side)
    where = " › ".join(seg.names[1:3])
    return Outcome(new, f"Nothing shipped by the {SIDE_NAMES[side]} player this phase ({where}): no anti-shipping "
                        f"check is due in it ({RULE})", actor=side)
