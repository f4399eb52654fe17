"""Sea transport (21.43): destroyers and transports needed, routes to and from boxes, and the checks.

Places are described by :class:`Place` (a base's name, whether it is a box,
its fronts and theater), so these functions need nothing of the world model;
the verbs build Places from the world's bases. Cargo is a tuple of
:class:`Cargo` units typed by the referee (the app keeps no ground or air
units). Figures come from the operations tables.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_common import Requirement, ceil_div, none_needed
from .ops_tables import OpsTables, Route

GROUND_KINDS = ("infantry", "armor", "marine", "commando", "airborne", "mountain", "ground")
AIR_KINDS = ("air",)
SUPPLY = ("full", "partial", "none")


class Place(msgspec.Struct, frozen=True):
    """A base as the operations rules see it: name, box or not, fronts and theater."""

    name: str
    box: bool = False
    fronts: tuple[str, ...] = ()
    theater: str = "europe"

    @property
    def key(self) -> str:
        """How the tables name it: a box by its exact name (``Atlantic U.S.``), a port by its lower-case name."""
        return self.name if self.box else self.name.lower()


class Cargo(msgspec.Struct, frozen=True):
    """One ground or air unit carried by sea, as the referee types it (``4th Armd:4:armor``)."""

    name: str
    factors: int
    kind: str = "infantry"
    supply: str = "full"
    oil_effect: bool = False
    ctl: int = -1
    """The unit's CTL as typed (``:ctl=N``); -1: not typed (21.518B then asks for it instead of reading 0)."""
    mech_intact: bool = True

    @property
    def air(self) -> bool:
        """An air unit (21.438)."""
        return self.kind in AIR_KINDS


def parse_cargo(text: str) -> tuple[Cargo, ...]:
    """Read ``NAME:FACTORS[:KIND[:TAG...]]`` items separated by commas (``"1 Arm:4:armor:ctl=1, 50 Inf:3"``)."""
    out: list[Cargo] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        parts = [p.strip() for p in item.split(":")]
        if len(parts) < 2 or not parts[0]:
            raise RuleError(f"cargo '{item}': write NAME:FACTORS[:KIND], e.g. '50 Inf:3' or '1 Arm:4:armor'")
        raw = parts[1]
        if not raw.isdigit() or len(raw) > 3 or int(raw) < 1:
            raise RuleError(f"cargo '{item}': factors must be a whole number from 1 to 999, not '{raw}'")
        kind = parts[2].lower() if len(parts) > 2 and parts[2] else "infantry"
        if kind not in GROUND_KINDS + AIR_KINDS:
            raise RuleError(f"cargo '{item}': kind must be one of {', '.join(GROUND_KINDS + AIR_KINDS)}, not '{kind}'")
        out.append(_tagged(Cargo(parts[0], int(raw), kind), parts[3:], item))
    names = [c.name.lower() for c in out]
    if len(set(names)) != len(names):
        raise RuleError("each unit of cargo is named once")
    if not out:
        raise RuleError("which cargo? write NAME:FACTORS[:KIND], several separated by commas")
    return tuple(out)


TAGS = ("partial", "oil", "ctl=N", "no-mech")
"""What the referee may add after a cargo unit's kind: partially supplied, under an army oil effect, its CTL, armor
whose mechanized component is gone."""


def _tagged(cargo: Cargo, tags: list[str], item: str) -> Cargo:
    """Apply the tags after NAME:FACTORS:KIND (``:partial``, ``:oil``, ``:ctl=2``, ``:no-mech``)."""
    for tag in (t.strip().lower() for t in tags):
        if tag == "partial":
            cargo = replace(cargo, supply="partial")
        elif tag == "oil":
            cargo = replace(cargo, oil_effect=True)
        elif tag == "no-mech":
            cargo = replace(cargo, mech_intact=False)
        elif tag.startswith("ctl=") and tag[4:].isdigit() and len(tag) <= 6:
            cargo = replace(cargo, ctl=int(tag[4:]))
        else:
            raise RuleError(f"cargo '{item}': '{tag}' is not a tag ({', '.join(TAGS)})")
    return cargo


def place_matches(place: Place, spec: str, t: OpsTables) -> bool:
    """Does ``place`` fit a table's place spec (a name, ``front:``, ``theater:``, ``group:``, ``box:``)?"""
    kind, _, name = spec.partition(":")
    if not name:
        return not place.box and place.name.lower() == spec.lower()
    if kind == "front":
        return not place.box and name in place.fronts
    if kind == "theater":
        return not place.box and place.theater == name
    if kind == "group":
        return not place.box and place.name.lower() in {n.lower() for n in t.group(name)}
    if kind == "box":
        return place.box and place.key == name
    return False


def box_route(start: Place, end: Place, t: OpsTables) -> Route | None:
    """The 21.433 route between a box and a place (either way round); ``None`` between two mapboard bases.

    Refuses a route the rules do not list, and box to box.
    """
    if not (start.box or end.box):
        return None
    if start.box and end.box:
        raise RuleError(f"sea transport from {start.name} to {end.name}: box to box is not a permitted route (21.433)")
    box, other = (start, end) if start.box else (end, start)
    for route in t.transport.routes:
        if route.box == box.key and any(place_matches(other, spec, t) for spec in route.places):
            return route
    allowed = "; ".join(f"{r.box}: {', '.join(r.places)} ({r.rule})" for r in t.transport.routes if r.box == box.key)
    raise RuleError(f"sea transport between {box.name} and {other.name} is not permitted (21.433)"
                    + (f"; from this box only: {allowed}" if allowed else ""))


def transport_requirement(factors: int, start: Place, end: Place, t: OpsTables) -> tuple[Requirement, Route | None]:
    """Destroyer factors and transports to sea transport ``factors`` from ``start`` to ``end`` (21.434).

    One destroyer factor per factor (A), two to or from the U.S., South
    Africa, India and Australia boxes (B); to or from a box also one transport
    of the SW box passed through per five factors, rounded up (C).
    """
    if factors < 1:
        raise RuleError("sea transport carries at least one ground or air factor (21.434)")
    route = box_route(start, end, t)
    tr = t.transport
    if route is None:
        per = tr.destroyers_per_factor
        dd = Explained("destroyer factors for sea transport", factors * per.value, per.rule,
                       (Term(f"{factors} ground/air factors x {per.value}", factors * per.value, per.rule),))
        return Requirement(dd, none_needed("transports for sea transport", "21.434C", "no mapboard box on the route")), None
    per = tr.box_destroyers_per_factor
    dd = Explained("destroyer factors for sea transport", factors * per.value, per.rule,
                   (Term(f"{factors} ground/air factors x {per.value} (to or from the {route.box} box)", factors * per.value, per.rule),
                    Term(f"route {route.box} - {', '.join(route.places)}", 0, route.rule)))
    lot = tr.factors_per_transport
    n = ceil_div(factors, lot.value)
    notes = tuple(x for x in (lot.note, route.note) if x)
    trs = Explained(f"transports of the {route.sw_box} box for sea transport", n, lot.rule,
                    (Term(f"{factors} ground/air factors / {lot.value}, rounded up", n, lot.rule),), notes)
    return Requirement(dd, trs), route


def check_cargo(cargo: tuple[Cargo, ...], transported: set[str]) -> Explained:
    """Refuse cargo the rules bar from sea transport; return the factors carried (21.435G, 21.437C).

    ``transported`` holds the lower-case names of units already sea transported this turn.
    """
    for c in cargo:
        if c.name.lower() in transported:
            raise RuleError(f"{c.name} was already sea transported this turn: it may not be transported again (21.435G)")
        if not c.air and c.supply != "full":
            raise RuleError(f"{c.name} is {c.supply}ly supplied: partially supplied ground units may not be sea transported (21.437C)")
        if not c.air and c.oil_effect:
            raise RuleError(f"{c.name} is subject to an army oil effect and may not be sea transported (21.437C)")
    terms = tuple(Term(f"{c.name} ({c.kind})", c.factors, "21.434") for c in cargo)
    return Explained("factors sea transported", sum(c.factors for c in cargo), "21.434A", terms)


def check_bases(embark: list[Place], debark: list[Place], controlled_at_start: set[str]) -> None:
    """21.435C, D: one base of debarkation; every base controlled at the start of the player turn.

    ``controlled_at_start`` holds the lower-case names of bases the transporting
    side controlled at the start of its player turn.
    """
    if len(debark) != 1:
        raise RuleError("a sea transport mission has exactly one base of debarkation; different ones need separate missions (21.435C)")
    if not embark:
        raise RuleError("a sea transport mission needs a base of embarkation (21.435C)")
    for place in [*embark, *debark]:
        if place.name.lower() not in controlled_at_start:
            raise RuleError(f"{place.name} was not under friendly control at the start of the player turn (21.435D)")


def carried_rules(cargo: tuple[Cargo, ...]) -> tuple[str, ...]:
    """What the referee must remember about units once transported (21.435H, 21.437A, D, 21.438)."""
    lines = []
    if any(not c.air for c in cargo):
        lines.append("Ground units debark in the movement phase and count for stacking at its end (21.435H); they "
                     "may move on with their remaining movement factors (21.437A) and may not invade this turn (21.437D).")
    if any(c.air for c in cargo):
        lines.append("Air units: the base of debarkation is their new base; they may not stage from it this turn, and "
                     "operate normally in the combat phase (21.438A, C).")
    return tuple(lines)


def failure(stage: str, embark: str) -> str:
    """21.436: what an intercepted and defeated sea transport does (``before`` or ``after`` embarkation)."""
    if stage == "before":
        return "The naval units return to their original base; nothing was embarked (21.436A)."
    return (f"The naval units and the surviving units they carry return to {embark}; the units debark there (paying "
            "the debarking cost, 21.436C) and the naval units return to their original base (21.436B).")
