"""Beaches (31.B) and NTs, LCs and LBs as jetties (31.A.13).

A captured beach is friendly for naval transport only from the phase after
the phase of its capture (31.B.1). Without the AMPHIBIOUS LANDING TABLE a
beach lands 1½ REs of cargo per movement phase, heavy-equipment cargo using
double (31.B.2; RULINGS E9). SPs/SRPs landed lose half unless unloaded in a
friendly partial ZOC, judged before the combat phase (31.B.4, a prompt).
LCs/LBs unloading roll on the SUCCESS TABLE for damage (31.B.3; RULINGS E22).
Transports that spent no MPs in the previous movement phase give a jetty's
intrinsic supply each (31.A.13).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term, fmt_number
from .seatables import SeaTables
from .seaworld import Beach
from .tables import PortTables
from ..core.names import resolve_name


def phase_of(turn: int, path: tuple[str, ...]) -> str:
    """The phase key for 31.B: game turn, player turn and phase (``2886/axis-turn/initial``)."""
    return f"{turn}/{'/'.join(path[:2])}"


def take_beach(world: Any, args: list[str]) -> tuple[Beach, list[str]]:
    """Read a beach name (several words allowed) or hex from the front of ``args``."""
    names = list(world.sea.beaches)
    if not args:
        raise RuleError("which beach? (31.B)")
    if not names:
        raise RuleError("this game has no beaches yet: 'beach add NAME OWNER [hex=..] [zone=..]' (31.B)")
    for n in range(len(args), 0, -1):
        text = " ".join(args[:n])
        by_hex = [b for b in world.sea.beaches.values() if b.hex and b.hex.lower() == text.lower()]
        if by_hex:
            return by_hex[0], args[n:]
        try:
            return world.sea.beaches[resolve_name(text, names, "beach")], args[n:]
        except RuleError:
            continue
    raise RuleError(f"no beach called '{args[0]}'; beaches: {', '.join(names)}")


def naval_owner(beach: Beach, phase: str) -> str | None:
    """Who owns the beach for naval transport and amphibious landings this phase (31.B.1): nobody in the phase of capture."""
    if beach.changed == phase and beach.previous:
        return None
    return beach.owner


def capture(beach: Beach, side: str, phase: str) -> Beach:
    """Change the beach's owner; for naval transport the change counts from the next phase (31.B.1)."""
    if side == beach.owner:
        raise RuleError(f"{beach.name} is already {side}-owned")
    return replace(beach, owner=side, previous=beach.owner, changed=phase)


def capacity(pt: PortTables) -> float:
    """Non-amphibious beach capacity per movement phase (31.B.2; RULINGS E9: the table's 1½)."""
    return pt.port_summary["beach"].re_capacity


def landing(beach: Beach, st: SeaTables, pt: PortTables, res: float, he: bool, phase: str) -> Explained:
    """Beach capacity the landing takes and what is left (31.B.2, 31.B.4 note; RULINGS E9)."""
    factor = st.beach_landing.heavy_equipment_factor if he else 1
    used = beach.used if beach.used_phase == phase else 0.0
    cap = capacity(pt)
    take = res * factor
    terms = (Term("beach capacity per movement phase", cap, "31.B.2; RULINGS E9"),
             Term("used this phase", used, "31.B.2"), Term("REs landed", res, "31.B.2"),
             Term("heavy equipment uses double", factor, "31.B.4 note; RULINGS E9"))
    return Explained("beach capacity taken", take, "31.B.2", terms, (st.beach_landing.note, f"left before: {fmt_number(cap - used)}"))


def land(beach: Beach, st: SeaTables, pt: PortTables, res: float, he: bool, phase: str, side: str) -> tuple[Beach, Explained]:
    """Land ``res`` REs on a friendly beach; refused over capacity or on a beach not friendly this phase.

    The beach capacity taken comes in steps of ½ RE, so heavy-equipment cargo, which takes double (31.B.4 note;
    RULINGS E9), may come in ¼ REs: ¾ RE of SRPs takes a beach's whole 1½.
    """
    factor = st.beach_landing.heavy_equipment_factor if he else 1
    if res <= 0 or not float(res * factor * 2).is_integer():
        step = fmt_number(0.5 / factor)
        raise RuleError(f"REs must be above 0 in steps of {step}{' (heavy equipment takes double)' if he else ''} (31.B.2)")
    owner = naval_owner(beach, phase)
    if owner != side:
        why = "captured this phase: friendly from the next phase (31.B.1)" if owner is None else f"{owner}-owned"
        raise RuleError(f"{beach.name} is not {side}-owned for naval transport: {why}")
    fig = landing(beach, st, pt, res, he, phase)
    used = beach.used if beach.used_phase == phase else 0.0
    left = capacity(pt) - used
    if fig.value > left:
        raise RuleError(f"{beach.name}: {fmt_number(fig.value)} REs of beach capacity exceed the {fmt_number(left)} left this "
                        "movement phase (31.B.2; RULINGS E9; heavy equipment counts double)")
    return replace(beach, used=used + fig.value, used_phase=phase), fig


def supply_loss(st: SeaTables, points: float, in_zoc: bool) -> Explained:
    """SP/SRP points lost landing on a beach: half, unless unloaded in a friendly partial ZOC (31.B.4)."""
    rate = 0.0 if in_zoc else st.beach_landing.supply_loss
    terms = (Term("SP/SRP points landed", points, "31.B.4"),
             Term("unloaded in a friendly partial ZOC (judged before the combat phase)", in_zoc, "31.B.4"),
             Term("share lost", rate, "31.B.4"))
    return Explained("SP/SRP points lost", points * rate, "31.B.4", terms,
                     ("in addition to any losses of SPs in an amphibious assault; the unit exerting the ZOC spends its entire MA",))


def jetty_supply(st: SeaTables, pt: PortTables, transports: int) -> Explained:
    """Intrinsic supply of transports acting as jetties on a beach (31.A.13): a jetty's each."""
    row = pt.port_summary[st.jetty_transports.port_type]
    terms = (Term("NTs/LCs/LBs that spent no MPs in the previous movement phase", transports, "31.A.13"),
             Term(f"intrinsic supply of a {row.name}", row.intrinsic_sp, "31.A.1 Table 1"))
    return Explained("intrinsic supply (REs of units)", transports * row.intrinsic_sp, "31.A.13", terms, (st.jetty_transports.note,))
