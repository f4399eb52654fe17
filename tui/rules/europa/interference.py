"""Italian naval interference (33.B.2.b, 33.B.7.a, 33.B.8.b) and the South Aegean interdiction zone (33.B.7).

Interference is attempted during an Allied initial phase, once per area, on
the SUCCESS TABLE (RULINGS E22) with the cumulative modifiers of Table 1 from
the history of attempts; the result holds for the current Allied player turn
(cleared by the ``end-allied-turn`` effect), awards the Allies their VPs
(divided by 3 in the Red Sea) and is kept in the history.

The interdiction zone may be declared tight or loose during an Allied initial
phase when conditions a)-d) hold; it lasts until the start of the next Allied
initial phase (the ``expire-interdiction-zone`` effect), and bombing hits
lower its naval status number by 1 each for the turn.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.names import note_resolved
from .seatables import SeaTables
from .seaworld import InterdictionZone, InterferenceRecord, SeaWorld
from .tables import PortTables
from .zones import SIDES_PLURAL, condition, holds, naval_status


def area_of(st: SeaTables, text: str) -> str:
    """The interference area ``text`` names (id or a prefix of its id or name)."""
    wanted = text.strip().lower()
    areas = st.italian_interference.areas
    for aid, area in areas.items():
        if wanted in (aid, area.name.lower()):
            return note_resolved(text, aid)
    found = [aid for aid, area in areas.items() if aid.startswith(wanted) or area.name.lower().startswith(wanted)]
    if wanted and len(found) == 1:
        return note_resolved(text, found[0])
    raise RuleError(f"no interference area '{text}': one of {', '.join(areas)} (33.B.2.b, 33.B.8.b)")


def modifiers(sea: SeaWorld, st: SeaTables, area: str, turn: int) -> Explained:
    """The cumulative modifiers of Table 1 from the history of attempts before ``turn`` (33.B.2.b)."""
    ii = st.italian_interference
    terms: list[Term] = []
    total = 0
    for mod in ii.modifiers:
        earlier = [r for r in sea.interference if r.result == mod.result and r.turn < turn
                   and (not mod.within_turns or r.turn >= turn - mod.within_turns)]
        if earlier:
            total += mod.value
        terms.append(Term(mod.text, mod.value if earlier else 0, mod.rule))
    a = ii.areas[area]
    if a.modifier:
        terms.append(Term(a.modifier_text or f"attempted in the {a.name}", a.modifier, a.rule))
        total += a.modifier
    return Explained(f"Italian naval interference modifier ({a.name})", total, ii.rule, tuple(terms), (ii.note,))


DECLINED = "declined"
"""The result of an attempt the Axis declined: kept in the history so that no attempt follows that phase."""


def decline(world: Any, area: str, turn: int) -> Any:
    """The Axis declines the attempt in ``area`` this Allied initial phase (33.B.2.b): recorded, so it is not rolled later."""
    record = InterferenceRecord(turn, area, DECLINED)
    return replace(world, sea=replace(world.sea, interference=world.sea.interference + (record,)))


def offered(world: Any, st: SeaTables, pt: PortTables, area: str, turn: int) -> tuple[bool, str]:
    """Whether the Axis may still attempt interference in ``area`` this Allied initial phase, and why not."""
    a = st.italian_interference.areas[area]
    done = next((r for r in world.sea.interference if r.turn == turn and r.area == area), None)
    if done is not None and done.result == DECLINED:
        return False, f"the Axis declined interference in the {a.name} this turn: no attempt until the next Allied initial phase ({a.rule})"
    if done is not None:
        return False, f"interference in the {a.name} was already attempted this turn ({a.rule})"
    if a.requires and not holds(world, st, pt, a.requires):
        return False, f"{a.requires_text or a.requires} does not hold ({a.rule})"
    return True, ""


def apply(world: Any, st: SeaTables, area: str, letter: str, turn: int, total: int | None, modifier: int) -> tuple[Any, list[str]]:
    """Apply a SUCCESS TABLE result: this turn's interference level, the VPs, the history (33.B.2.b Table 1)."""
    ii = st.italian_interference
    a = ii.areas[area]
    res = ii.results[letter]
    vps = res.vps / a.vp_divisor if res.vps else 0.0
    sea = world.sea
    record = InterferenceRecord(turn, area, letter, total, modifier, vps)
    active = {**sea.active, area: letter}
    side_vps = {**sea.vps}
    lines = [f"{letter} {res.name}: {res.text}", f"Allied shipping in the {a.name}: {res.level} interference until the end of this Allied player turn ({res.rule})"]
    if vps:
        side_vps[ii.vp_side] = side_vps.get(ii.vp_side, 0.0) + vps
        div = f" ({res.vps:g} / {a.vp_divisor:g}, {a.rule})" if a.vp_divisor != 1 else ""
        lines.append(f"The {SIDES_PLURAL.get(ii.vp_side, ii.vp_side.title())} receive {vps:g} VPs{div}")
    new = replace(sea, interference=sea.interference + (record,), active=active, vps=side_vps)
    return replace(world, sea=new), lines


# --- 33.B.7 South Aegean interdiction zone ---------------------------------------------


def requirements(world: Any, st: SeaTables, pt: PortTables) -> Explained:
    """Conditions a)-d) of 33.B.7, each a term; the value is whether all hold."""
    terms = []
    ok = True
    for req in st.interdiction_zone.requires:
        if req.when:
            cid = req.when.removeprefix("not ").strip()
            good = holds(world, st, pt, req.when)
            terms.append(Term(f"{req.text} [{condition(world, st, pt, cid).detail}]", good, req.rule))
        else:
            nsn = naval_status(world, st, pt, req.zone, req.side, air=False).value
            good = nsn is not None and req.min is not None and nsn >= req.min
            terms.append(Term(f"{req.text} [now {nsn}]", good, req.rule))
        ok = ok and good
    return Explained("South Aegean interdiction zone may be declared", ok, st.interdiction_zone.rule, tuple(terms),
                     (st.interdiction_zone.note,))


def declare(world: Any, st: SeaTables, pt: PortTables, kind: str, turn: int) -> tuple[Any, list[str]]:
    """Declare a tight or loose zone (33.B.7); refused unless a)-d) hold or one exists already."""
    spec = st.interdiction_zone
    if kind not in spec.kinds:
        raise RuleError(f"an interdiction zone is {' or '.join(spec.kinds)}, not '{kind}' ({spec.rule})")
    if world.sea.iz is not None:
        raise RuleError(f"a {world.sea.iz.kind} interdiction zone already exists until the next Allied initial phase ({spec.rule})")
    req = requirements(world, st, pt)
    if not req.value:
        missing = "; ".join(t.label for t in req.terms if not t.value)
        raise RuleError(f"the South Aegean interdiction zone cannot be declared: {missing} ({spec.rule})")
    new = replace(world, sea=replace(world.sea, iz=InterdictionZone(kind, turn)))
    lines = [f"{kind.title()} zone: {spec.kinds[kind]}",
             f"Axis shipping in it is checked as a separate sea zone; each all-sea and partial-sea hex has light AA {spec.aa_per_hex} against naval interdiction bombing ({spec.rule} b)",
             f"Axis Eastern Mediterranean naval status number -5 while it exists ({spec.rule} c)",
             "Lasts until the start of the next Allied initial phase"]
    return new, lines


def bomb(world: Any, st: SeaTables, hits: int) -> Any:
    """Bombing hits on the zone lower its naval status number by 1 each for the turn (33.B.7 d))."""
    if world.sea.iz is None:
        raise RuleError(f"there is no interdiction zone to bomb ({st.interdiction_zone.rule})")
    if hits < 1:
        raise RuleError("bombing hits must be 1 or more (33.B.7 d))")
    iz = world.sea.iz
    return replace(world, sea=replace(world.sea, iz=replace(iz, hits=iz.hits + hits)))
