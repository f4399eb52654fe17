"""Europa's duties of a segment for the Phases checklist (issue 12): what rules 31 and 33 ask of the referee there.

* where anti-shipping checks may be made (33.A): the zones whose Allied
  shipping faces Italian interference this turn, the cargo in transit still
  to be checked this phase, and the checks made so far;
* in an Allied initial phase: the Italian interference attempt in each area,
  offered, made or declined (33.B.2.b), and the South Aegean interdiction
  zone (33.B.7);
* everywhere: the port and beach capacity each side has used (31.A.1,
  31.B.2; RULINGS E9, E11).

Pure: read from the state only.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Callable

from ..core.checklist import DONE, DUE, INFO, OPTIONAL, Duty
from ..core.explain import fmt_number
from ..core.phases import Segment
from ..core.state import GameState
from ..core.view_duties import allows
from . import antishipping as X
from . import beaches as B
from . import interference as I
from . import nothing_shipped as N
from . import ports as P
from .seatables import SeaTables
from .tables import PortTables

SIDES = ("axis", "allied")


def _acting(seg: Segment) -> str:
    """The side whose shipping moves in ``seg`` (the non-phasing one in a reaction phase)."""
    return ("allied" if seg.side == "axis" else "axis") if seg.acting == "other" else seg.side



def build_duties(st: SeaTables, pt: PortTables) -> Callable[[GameState, Segment], list[Duty]]:
    """The rule set's ``duties``: (state, segment) -> Europa's duties there."""
    return partial(europa_duties, st, pt)


def europa_duties(st: SeaTables, pt: PortTables, state: GameState, seg: Segment) -> list[Duty]:
    """Shipping checks where ``check`` is legal, interference in an Allied initial phase, capacity everywhere."""
    out: list[Duty] = []
    if allows(seg, "check"):
        out.extend(shipping(st, pt, state, seg))
    if seg.side == "allied" and "initial" in seg.path:
        out.extend(interference(st, pt, state, seg))
    out.extend(capacity(st, pt, state, seg))
    return out


def _zone_name(st: SeaTables, zid: str) -> str:
    return st.sea_zones[zid].name if zid in st.sea_zones else zid


def shipping(st: SeaTables, pt: PortTables, state: GameState, seg: Segment) -> list[Duty]:
    """33.A: checks due for cargo moving through zones subject to interference, transit groups, checks made."""
    world = state.world
    sea = world.sea
    side = _acting(seg)
    phase = X.phase_key(state.flow.turn, seg.key)
    made = [c for c in sea.checks if c.phase == phase]
    quiet = N.recorded(sea, phase, side)
    out: list[Duty] = []
    if side == "allied":
        for area, letter in sea.active.items():
            spec = st.italian_interference.areas.get(area)
            res = st.italian_interference.results.get(letter)
            if spec is None or res is None:
                continue
            zones = [z for z in spec.zones if z in st.sea_zones]
            n = sum(1 for c in made if c.side == "allied" and c.zone in zones)
            out.append(Duty(
                f"Allied shipping in {', '.join(_zone_name(st, z) for z in zones)} faces {res.level} Italian interference "
                f"({letter} {res.name}) this Allied player turn: check every cargo item moved through them (check, batch)",
                f"33.A; {spec.rule}", *_checked(n, quiet)))
    if side == "axis" and sea.iz is not None:
        zid = st.interdiction_zone.zone
        n = sum(1 for c in made if c.side == "axis" and c.zone == zid)
        out.append(Duty(f"Axis shipping through the {sea.iz.kind} South Aegean interdiction zone is checked there as a "
                        f"separate sea zone ({_zone_name(st, zid)})", f"33.A; {st.interdiction_zone.rule} b)",
                        *_checked(n, quiet)))
    for g in sea.groups.values():
        if g.side != side or not g.cargo:
            continue
        checked = any(c.item.lower() in (g.name.lower(), g.cargo.lower()) for c in made)
        out.append(Duty(f"{g.name} ({g.cargo}) in transit {g.origin} → {g.destination}, step {g.done}/{g.steps}: "
                        "check its cargo in each sea zone it crosses this phase", "33.A; 31.A.8",
                        DONE if checked else DUE, "checked" if checked else "not checked yet this phase"))
    for m in sea.mulberries.values():
        if m.status == "towing" and side == "allied":
            out.append(Duty(f"Mulberry {m.name} towed from {m.origin} (step {m.steps}): its tow is shipping subject to checks",
                            "33.A; 31.A.12", INFO))
    if made:
        by_zone = Counter((_zone_name(st, c.zone), c.side) for c in made)
        contacts = sum(1 for c in made if c.contacted)
        listing = "; ".join(f"{z} ({s}) {n}" for (z, s), n in by_zone.items())
        out.append(Duty(f"Anti-shipping checks made this phase: {listing}", "33.A, 33.D, 33.E", INFO,
                        f"{len(made)} check(s), {contacts} contacted"))
    elif quiet and not out:
        out.append(Duty(f"Anti-shipping checks: nothing shipped by the {side.title()} player this phase ({N.VERB})",
                        "33.A", INFO))
    elif not out:
        out.append(Duty(f"Anti-shipping checks: every {side.title()} cargo item shipped through a sea zone is checked "
                        "once per zone this phase (check, batch); none made yet", "33.A", INFO))
    return out


def _checked(n: int, quiet: bool) -> tuple[str, str]:
    """A shipping duty's status and detail: done once a check is made this phase, or once the referee said nothing
    was shipped (issue 30 item 7); else due, with the key that says so."""
    if n:
        return DONE, f"{n} checked this phase"
    if quiet:
        return DONE, f"nothing shipped this phase ({N.VERB})"
    return DUE, f"none checked yet this phase; nothing shipped: {N.VERB} (Sea Zones {N.KEY})"


def interference(st: SeaTables, pt: PortTables, state: GameState, seg: Segment) -> list[Duty]:
    """33.B.2.b: the attempt in each area, offered, made or declined; 33.B.7 the interdiction zone."""
    world = state.world
    turn = state.flow.turn
    out: list[Duty] = []
    for aid, area in st.italian_interference.areas.items():
        record = next((r for r in world.sea.interference if r.turn == turn and r.area == aid), None)
        if record is not None and record.result == I.DECLINED:
            out.append(Duty(f"Italian naval interference in the {area.name}: declined by the Axis", area.rule, DONE))
        elif record is not None:
            res = st.italian_interference.results.get(record.result)
            what = f"{record.result} {res.name} ({res.level})" if res else record.result
            roll = f", modified roll {record.total}" if record.total is not None else ""
            out.append(Duty(f"Italian naval interference in the {area.name}: attempted — {what}{roll}", area.rule, DONE))
        else:
            ok, why = I.offered(world, st, pt, aid, turn)
            if ok:
                out.append(Duty(f"Italian naval interference in the {area.name}: offered to the Axis — roll or decline "
                                f"(answer interference:{aid}, or interfere {aid} roll|decline)", area.rule, OPTIONAL))
            else:
                out.append(Duty(f"Italian naval interference in the {area.name}: not offered", area.rule, INFO, why))
    iz = world.sea.iz
    spec = st.interdiction_zone
    if iz is not None:
        out.append(Duty(f"South Aegean interdiction zone: {iz.kind}" + (f", {iz.hits} bombing hit(s)" if iz.hits else ""),
                        spec.rule, DONE))
    else:
        req = I.requirements(world, st, pt)
        if req.value:
            out.append(Duty("South Aegean interdiction zone: may be declared (interdict tight|loose), optional", spec.rule, INFO))
        else:
            missing = "; ".join(t.label for t in req.terms if not t.value)
            out.append(Duty("South Aegean interdiction zone: cannot be declared", spec.rule, INFO, missing))
    return out


def capacity(st: SeaTables, pt: PortTables, state: GameState, seg: Segment) -> list[Duty]:
    """31.A.1, 31.B.2: REs through each side's ports since its last reinforcement phase, and beach capacity this phase."""
    world = state.world
    phase = B.phase_of(state.flow.turn, seg.path)
    out: list[Duty] = []
    for side in SIDES:
        ports = [p for p in world.ports.values() if p.owner == side]
        used = [p for p in ports if p.capacity_used or p.nts_dedicated or p.intrinsic_used]
        res = sum(p.capacity_used for p in used)
        full = [p.name for p in used if P.port_used(p, pt)]
        beach = sum(b.used for b in world.sea.beaches.values() if b.owner == side and b.used_phase == phase)
        if not used and not beach:
            text = f"{side.title()}: no port capacity used since its last reinforcement phase"
            detail = ""
        else:
            text = f"{side.title()}: {fmt_number(res)} RE{'' if res == 1 else 's'} through {len(used)} port(s)"
            if beach:
                text += f"; {fmt_number(beach)} REs over beaches this phase"
            parts = [f"{p.name} {fmt_number(p.capacity_used)}" + (" (intrinsic)" if p.intrinsic_used else "") for p in used]
            detail = ", ".join(parts) + (f"; Port Used: {', '.join(full)}" if full else "")
        out.append(Duty(text, "31.A.1; 31.B.2; RULINGS E9, E11", INFO, detail))
    return out
