"""Mulberries (31.A.12): availability, towing, arrival, emplacement and wreck.

Two Mulberries become available to the Allies in Britain. During an Allied
naval step an Allied TF or NT may tow one, in calm seas only, from a port in
Britain to an Allied-owned beach hex with no port and no other Mulberry; it
is wrecked if the towing unit sinks or if it has not arrived by the end of
its second naval movement step. On arrival it is emplacing; at the beginning
of the next Allied initial phase the emplacement roll on the SUCCESS TABLE
(RULINGS E22) with the Table 2 modifiers decides: D and F* wreck it, F, S and
S* emplace it as a standard port with an artificial harbour (a port of type
``mulberry``), F not usable this turn, S* double REs this turn. If the enemy
takes its hex it is wrecked at the end of the Allies' next player turn.
"""

from __future__ import annotations

import math
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ports import Port
from .seatables import SeaTables
from .seaworld import Mulberry
from ..core.names import resolve_name

RULE = "31.A.12"


def find(world: Any, name: str) -> Mulberry:
    """The Mulberry called ``name`` (any case or a unique prefix)."""
    names = list(world.sea.mulberries)
    if not names:
        raise RuleError(f"this game has no Mulberries ({RULE}); the scenario lists them under [[mulberries]]")
    try:
        return world.sea.mulberries[resolve_name(name, names, "Mulberry")]
    except RuleError:
        raise RuleError(f"no Mulberry called '{name}'; Mulberries: {', '.join(names)}") from None


def _put(world: Any, m: Mulberry) -> Any:
    return replace(world, sea=world.sea.with_mulberry(m))


def make_available(world: Any, m: Mulberry) -> Any:
    """The Allies receive the Mulberry in Britain (31.A.12)."""
    if m.status != "unavailable":
        raise RuleError(f"{m.name} is already {m.status} ({RULE})")
    return _put(world, replace(m, status="available"))


def in_britain(world: Any, origin: str) -> str:
    """The name of the Allied port in Britain ``origin`` names (off-map port in Britain, or theatre britain)."""
    for o in world.sea.offmap.values():
        if o.name.lower() == origin.lower():
            if not o.in_britain or o.side != "allied":
                raise RuleError(f"{o.name} is not an Allied port in Britain: a Mulberry is towed from any port in Britain ({RULE})")
            return o.name
    for p in world.ports.values():
        if p.name.lower() == origin.lower():
            if p.theatre.lower() not in ("britain", "uk") or p.owner != "allied":
                raise RuleError(f"{p.name} is not an Allied port in Britain (theatre '{p.theatre}'): a Mulberry is towed from any port in Britain ({RULE})")
            return p.name
    raise RuleError(f"no port called '{origin}' (an off-map port in Britain or a port with theatre=britain) ({RULE})")


def start_tow(world: Any, st: SeaTables, m: Mulberry, origin: str, unit: str) -> Any:
    """Start towing during an Allied naval step: available, from Britain, calm seas only (31.A.12)."""
    spec = st.mulberry
    if m.status != "available":
        raise RuleError(f"{m.name} is {m.status}: only an available Mulberry in Britain can be towed ({RULE})")
    if world.sea_state not in spec.tow_seas:
        raise RuleError(f"the sea is {world.sea_state}: a Mulberry may only be towed in {' or '.join(spec.tow_seas)} seas ({RULE})")
    port = in_britain(world, origin)
    return _put(world, replace(m, status="towing", origin=port, towed_by=unit, steps=1, mps=0.0))


def arrive(world: Any, m: Mulberry, beach: Any, mps: float, turn: int, phasing: str, owner_for_transport: str | None) -> Any:
    """Arrival at a beach hex: Allied-owned, no port, no other Mulberry; the Mulberry is emplacing (31.A.12)."""
    if m.status != "towing":
        raise RuleError(f"{m.name} is {m.status}, not being towed ({RULE})")
    if owner_for_transport != "allied":
        raise RuleError(f"{beach.name} is not an Allied-owned beach for naval transport this phase (31.A.12, 31.B.1)")
    if mps < 0:
        raise RuleError("MPs towed must be 0 or more")
    if beach.hex and any(p.hex == beach.hex for p in world.ports.values()):
        raise RuleError(f"{beach.name} contains a port: a Mulberry may be emplaced on any beach hex except one containing a port ({RULE})")
    for other in world.sea.mulberries.values():
        if other.name != m.name and other.beach == beach.name and other.status in ("emplacing", "emplaced"):
            raise RuleError(f"{beach.name} already has {other.name}: one Mulberry per beach hex ({RULE})")
    return _put(world, replace(m, status="emplacing", beach=beach.name, hex=beach.hex, zone=beach.sea_zone, mps=float(mps),
                               arrived_turn=turn, arrived_side=phasing))


def wreck(world: Any, m: Mulberry, why: str) -> Any:
    """Remove the Mulberry from play (and its port, once emplaced)."""
    ports = {n: p for n, p in world.ports.items() if n != m.name}
    return replace(_put(world, replace(m, status="wrecked", why=why)), ports=ports)


def sink(world: Any, m: Mulberry) -> Any:
    """The towing unit is sunk: the Mulberry is wrecked (31.A.12)."""
    if m.status != "towing":
        raise RuleError(f"{m.name} is {m.status}, not being towed ({RULE})")
    return wreck(world, m, f"its towing unit {m.towed_by or ''} was sunk".replace("  ", " "))


def advance_tows(world: Any, st: SeaTables) -> tuple[Any, list[str]]:
    """At the end of an Allied naval movement step: a Mulberry not arrived by the end of its last step is wrecked."""
    lines = []
    for m in list(world.sea.mulberries.values()):
        if m.status != "towing":
            continue
        if m.steps >= st.mulberry.tow_steps:
            world = wreck(world, m, f"not arrived at an Allied-owned beach by the end of naval step {m.steps}")
            lines.append(f"{m.name} wrecked: towed for {m.steps} naval movement steps without arriving ({RULE})")
        else:
            world = _put(world, replace(m, steps=m.steps + 1))
            lines.append(f"{m.name}: naval movement step {m.steps} of towing ended; it must arrive next step ({RULE})")
    return world, lines


def emplacing_due(world: Any, turn: int) -> list[Mulberry]:
    """Emplacing Mulberries that arrived before this Allied initial phase (31.A.12), in arrival order."""
    due = [m for m in world.sea.mulberries.values() if m.status == "emplacing"
           and (m.arrived_turn < turn or (m.arrived_turn == turn and m.arrived_side != "allied"))]
    return sorted(due, key=lambda m: (m.arrived_turn, m.name))


ENEMY = {"clear": (False, False), "enemy-adjacent": (False, True), "enemy-in-hex": (True, False), "enemy-in-and-adjacent": (True, True)}
"""The choices of the board-condition prompt: (enemy ground/naval units in the hex, enemy ground units adjacent)."""


def emplacement_modifier(world: Any, st: SeaTables, m: Mulberry, enemy_in_hex: bool, enemy_adjacent: bool) -> Explained:
    """Table 2 modifiers (31.A.12): sea state, MPs towed beyond 15 in fives or fractions, enemy in and next to the hex."""
    spec = st.mulberry
    sea = spec.sea.get(world.sea_state)
    terms = []
    total = 0
    if sea is not None:
        terms.append(Term(f"{sea.text} (sea conditions this turn)", int(sea.value), sea.rule))
        total += int(sea.value)
    beyond = max(0.0, m.mps - spec.free_mps)
    fives = math.ceil(beyond / spec.mp_step) if beyond else 0
    terms.append(Term(f"towed {m.mps:g} MPs: {fives} x {spec.mp_step} MPs (or fraction) after the first {spec.free_mps}", fives * spec.per_step, spec.rule))
    total += fives * spec.per_step
    terms.append(Term("no enemy ground or naval units in the hex", 0 if enemy_in_hex else spec.clear_hex, spec.rule))
    terms.append(Term("no enemy ground units in any adjacent hex", 0 if enemy_adjacent else spec.clear_adjacent, spec.rule))
    total += (0 if enemy_in_hex else spec.clear_hex) + (0 if enemy_adjacent else spec.clear_adjacent)
    return Explained(f"{m.name} emplacement modifier", total, spec.rule, tuple(terms), (spec.note,))


def emplace(world: Any, st: SeaTables, m: Mulberry, letter: str) -> tuple[Any, list[str]]:
    """Apply the SUCCESS TABLE result to an emplacing Mulberry (31.A.12 Table 2; RULINGS E22)."""
    res = st.mulberry.results[letter]
    if m.status != "emplacing":
        raise RuleError(f"{m.name} is {m.status}, not emplacing ({RULE})")
    lines = [f"{m.name}: {letter} {res.name} — {res.text}"]
    if not res.emplaced:
        world = wreck(world, replace(m, result=letter), f"{letter} on the emplacement roll")
        if res.tow_hits:
            lines.append(f"The towing unit {m.towed_by or ''} suffers {res.tow_hits} hit(s)".replace("  ", " "))
        return world, lines
    port = Port(name=m.name, type="mulberry", owner="allied", harbour="artificial", hex=m.hex, sea_zone=m.zone,
                doubled=res.double)
    usable = dict(world.usable)
    if res.usable_now:
        usable["allied"] = tuple(dict.fromkeys(usable.get("allied", ()) + (m.name,)))
        lines.append(f"{m.name} is a standard port with an artificial harbour, usable this turn ({RULE})")
    else:
        lines.append(f"{m.name} may not be used in the current turn ({RULE})")
    if res.double:
        lines.append(f"Double the normal REs may be landed at {m.name} this turn ({RULE})")
    world = replace(world, ports={**world.ports, m.name: port}, usable=usable)
    return _put(world, replace(m, status="emplaced", result=letter)), lines


def enemy_took_hex(world: Any, beach_name: str, turn: int, phasing: str) -> tuple[Any, list[str]]:
    """The enemy gains ownership of a Mulberry's hex: it is wrecked at the end of the Allies' next player turn."""
    lines = []
    for m in list(world.sea.mulberries.values()):
        if m.beach == beach_name and m.status in ("emplacing", "emplaced") and m.lost_turn < 0:
            world = _put(world, replace(m, lost_turn=turn, lost_side=phasing))
            lines.append(f"{m.name}: the enemy holds its hex; it is wrecked at the end of the Allies' next player turn ({RULE})")
    return world, lines


def wreck_lost(world: Any, turn: int) -> tuple[Any, list[str]]:
    """At the end of an Allied player turn: wreck Mulberries whose hex the enemy took before this Allied turn."""
    lines = []
    for m in list(world.sea.mulberries.values()):
        if m.lost_turn >= 0 and m.status in ("emplacing", "emplaced") and (m.lost_turn < turn or m.lost_side != "allied"):
            world = wreck(world, m, "the enemy took its hex")
            lines.append(f"{m.name} wrecked and removed from play: the enemy took its hex ({RULE})")
    return world, lines
