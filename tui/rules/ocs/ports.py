"""OCS ports (rule 19.0a-e): the port model and every port calculation.

Capacities are whole Tokens (19.0a; see :mod:`.amounts`). Figures return an
:class:`Explained` whose value is written as players write it (``3 SP 2T``)
and whose terms list each input with its rule; the ``*_tokens`` functions give
the same figures as numbers for the checks. Transitions return a new frozen
:class:`Port` or raise :class:`RuleError` citing the rule; a refused
transition changes nothing. Every number comes from :class:`OcsTables`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import msgspec
from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .amounts import format_amount
from .tables import OcsTables


class Port(msgspec.Struct, frozen=True):
    """One port on the map and the markers on it (19.0)."""

    name: str
    owner: str  # the side holding it (ports change hands by capture, 9.14h)
    capacity: int  # undamaged capacity printed on the map, in Tokens (19.0a)
    hex: str = ""
    damage_track: tuple[int, ...] = ()  # its own Damage Track: capacity in Tokens by hits, from 0 hits (19.0b)
    supply_source: bool = False  # named a supply source by the scenario (19.0e)
    hits: int = 0  # 19.0b, at most max_hits (RULINGS O1)
    used: int = 0  # Tokens loaded and/or unloaded this phase (19.0a)
    oversize: int = 0  # Transport Equivalent (Tokens) of the single oversize unit this phase; 0 = none (19.0a)
    enemy_zoc: bool = False  # in an enemy ZOC: shut down (19.0a)
    zoc_negated: bool = False  # that ZOC is negated, for trace supply only (19.0a, 4.5a)
    reduced_this_turn: int = 0  # hits inflicted by voluntary reduction this turn (19.0c; RULINGS O2)
    repaired_this_turn: int = 0  # hits repaired this turn (19.0d; RULINGS O2)
    note: str = ""


def fmt(tokens: int, tables: OcsTables) -> str:
    """``tokens`` as players write them: ``0``, ``1T``, ``2 SP``, ``3 SP 2T`` (19.0a)."""
    return format_amount(tokens, tables.per_sp)


def _cited(label: str, cited: object) -> Term:
    return Term(label, getattr(cited, "value"), getattr(cited, "rule"))


def _notes(*texts: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(t for t in texts if t))


def round_tokens(exact: Fraction, halves: str) -> int:
    """Round to the nearest Token; an exact half goes ``up`` or ``down`` as the data says (19.0b; O1)."""
    if halves == "up":
        return math.floor(exact + Fraction(1, 2))
    return math.ceil(exact - Fraction(1, 2))


# --- figures -------------------------------------------------------------------


def undamaged_tokens(port: Port) -> int:
    """The capacity printed on the map (or the first box of its Damage Track), in Tokens (19.0a)."""
    return port.damage_track[0] if port.damage_track else port.capacity


def _damaged(port: Port, tables: OcsTables) -> tuple[int, tuple[Term, ...], tuple[str, ...]]:
    """Capacity after hits: the port's own Damage Track, else the generic hit effect (19.0b; O1)."""
    dmg = tables.damage
    hits = Term("hits", port.hits, "19.0b")
    if port.damage_track:
        box = min(port.hits, len(port.damage_track) - 1)
        track = ", ".join(fmt(t, tables) for t in port.damage_track)
        terms = (hits, Term(f"Damage Track [{track}] at {box} hit(s)", fmt(port.damage_track[box], tables), "19.0b"))
        notes = ("19.0b: a port with its own Damage Track uses it, not the generic hit effect",)
        if port.hits >= len(port.damage_track):
            notes += ("hits beyond the end of the track keep its last box",)
        return port.damage_track[box], terms, notes
    undamaged = port.capacity
    exact = Fraction(undamaged) * tables.hit_share * port.hits
    lost = min(undamaged, round_tokens(exact, dmg.halves.value))
    terms = (
        Term("undamaged capacity", fmt(undamaged, tables), "19.0a"),
        hits,
        _cited("share of the undamaged capacity lost per hit", dmg.hit_share),
        Term("capacity lost (exact Tokens)", float(exact), "19.0b"),
        _cited("rounded to the nearest Token, halves", dmg.halves),
        Term("capacity lost", fmt(lost, tables), "19.0b"),
    )
    return undamaged - lost, terms, _notes(dmg.hit_share.note, dmg.halves.note)


def damaged_tokens(port: Port, tables: OcsTables) -> int:
    """Capacity after hits, before any shut-down, in Tokens (19.0b; RULINGS O1)."""
    return _damaged(port, tables)[0]


def capacity_tokens(port: Port, tables: OcsTables) -> int:
    """Capacity for loading, unloading and Sea Cap: 0 while shut down by an enemy ZOC (19.0a, 19.0f F)."""
    return 0 if port.enemy_zoc else damaged_tokens(port, tables)


def supply_capacity_tokens(port: Port, tables: OcsTables) -> int:
    """Capacity for trace supply: 0 while shut down, unless the ZOC is negated (19.0a, 4.5a)."""
    return 0 if port.enemy_zoc and not port.zoc_negated else damaged_tokens(port, tables)


def left_tokens(port: Port, tables: OcsTables) -> int:
    """Capacity not yet used this phase; none after an oversize unit (19.0a)."""
    if port.oversize:
        return 0
    return max(0, capacity_tokens(port, tables) - port.used)


def undamaged_capacity(port: Port, tables: OcsTables) -> Explained:
    """The undamaged capacity printed on the map (19.0a), or the first box of its Damage Track (19.0b)."""
    source = "first box of its Damage Track" if port.damage_track else "printed capacity"
    return Explained("undamaged capacity", fmt(undamaged_tokens(port), tables), "19.0a",
                     (Term(source, fmt(undamaged_tokens(port), tables), "19.0a, 19.0b"),
                      _cited("Tokens per SP", tables.capacity.tokens_per_sp)),
                     _notes(tables.capacity.tokens_per_sp.note))


def capacity_after_hits(port: Port, tables: OcsTables) -> Explained:
    """Capacity after hits, before any shut-down: its own Damage Track, else the generic effect (19.0b; O1)."""
    value, terms, notes = _damaged(port, tables)
    return Explained("capacity after hits", fmt(value, tables), "19.0b", terms, notes)


def capacity(port: Port, tables: OcsTables) -> Explained:
    """Capacity for loading/unloading and Sea Cap this phase (19.0a, 19.0b, 19.0f)."""
    shown = capacity_tokens(port, tables)
    terms = (Term("capacity after hits", fmt(damaged_tokens(port, tables), tables), "19.0b"),
             Term("shut down (in an enemy ZOC)", port.enemy_zoc, "19.0a"), Term("= Tokens", shown, "19.0a"))
    notes = ("19.0a: a shut-down port's capacity is treated as zero; negation does not help loading, unloading "
             "or Sea Cap (19.0f F, 4.5a)",) if port.enemy_zoc else ()
    return Explained("capacity", fmt(shown, tables), "19.0a, 19.0b", terms, notes)


def capacity_used(port: Port, tables: OcsTables) -> Explained:
    """Capacity used this phase by loading and unloading together (19.0a)."""
    terms = (Term("Tokens loaded and/or unloaded this phase", port.used, "19.0a"),
             Term("oversize unit's Transport Equivalent", fmt(port.oversize, tables) if port.oversize else "none", "19.0a"))
    notes = ("19.0a: loading and unloading share the capacity; arrivals without an ALT roll (18.5g) and Sea Cap "
             "(19.0f) count against it; it resets when the phase ends",)
    return Explained("used this phase", fmt(port.used, tables), "19.0a", terms, notes)


def capacity_left(port: Port, tables: OcsTables) -> Explained:
    """Capacity left this phase (19.0a)."""
    terms = (Term("capacity", fmt(capacity_tokens(port, tables), tables), "19.0a, 19.0b"),
             Term("used this phase", fmt(port.used, tables), "19.0a"),
             Term("oversize unit this phase", bool(port.oversize), "19.0a"))
    notes = ("19.0a: after a single oversize unit nothing else may load or unload this phase",) if port.oversize else ()
    return Explained("left this phase", fmt(left_tokens(port, tables), tables), "19.0a", terms, notes)


def supply_capacity(port: Port, tables: OcsTables) -> Explained:
    """Capacity as seen by trace supply: a negated enemy ZOC does not shut it down (19.0a, 4.5a)."""
    shown = supply_capacity_tokens(port, tables)
    terms = (Term("capacity after hits", fmt(damaged_tokens(port, tables), tables), "19.0b"),
             Term("in an enemy ZOC", port.enemy_zoc, "19.0a"), Term("ZOC negated for trace supply", port.zoc_negated, "4.5a"),
             Term("= Tokens", shown, "19.0a"))
    notes: tuple[str, ...] = ()
    if port.enemy_zoc:
        notes = ("19.0a: the ZOC is negated for trace supply only" if port.zoc_negated
                 else "19.0a: shut down; for trace supply the ZOC can be negated (4.5a)",)
    return Explained("supply capacity", fmt(shown, tables), "19.0a, 19.0e", terms, notes)


def supply_source(port: Port, tables: OcsTables) -> Explained:
    """A port the scenario names as a supply source is one while its capacity is at least 1 SP (19.0e).

    The value is None for a port the scenario does not name.
    """
    rule = tables.supply_source.min_capacity
    least = tables.tokens(rule)
    cap = supply_capacity_tokens(port, tables)
    terms = (Term("named a supply source by the scenario", port.supply_source, "19.0e"),
             Term("supply capacity", fmt(cap, tables), "19.0a, 4.5a"),
             Term("least capacity of a supply source", fmt(least, tables), rule.rule))
    value = (cap >= least) if port.supply_source else None
    notes = _notes(rule.note, "19.0e: it loses that ability while its capacity is below 1 SP" if value is False else "")
    return Explained("supply source", value, "19.0e", terms, notes)


def hits(port: Port, tables: OcsTables) -> Explained:
    """Hits on the port, never more than the maximum (19.0b; RULINGS O1)."""
    terms = (Term("hits", port.hits, "19.0b"), _cited("most hits a port can have", tables.damage.max_hits),
             Term("inflicted by voluntary reduction this turn", port.reduced_this_turn, "19.0c"),
             Term("repaired this turn", port.repaired_this_turn, "19.0d"))
    return Explained("hits", port.hits, "19.0b", terms, _notes(tables.damage.max_hits.note))


def port_figures(port: Port, tables: OcsTables) -> dict[str, Explained]:
    """Every figure of a port, keyed for display and ``show --json`` (19.0a-e)."""
    return {
        "undamaged": undamaged_capacity(port, tables),
        "after_hits": capacity_after_hits(port, tables),
        "capacity": capacity(port, tables),
        "used": capacity_used(port, tables),
        "capacity_left": capacity_left(port, tables),
        "hits": hits(port, tables),
        "supply_capacity": supply_capacity(port, tables),
        "supply_source": supply_source(port, tables),
    }


def markers(port: Port, tables: OcsTables) -> list[tuple[str, str, str]]:
    """The markers beside the port as (marker, value, when it goes) (19.0a-d)."""
    out: list[tuple[str, str, str]] = []
    if port.hits:
        out.append(("Port Hits", str(port.hits), "until repaired (19.0d)"))
    if port.enemy_zoc:
        out.append(("Shut Down", "enemy ZOC", "as soon as the enemy ZOC goes (19.0a)"))
        if port.zoc_negated:
            out.append(("ZOC Negated", "trace supply only", "while negated (19.0a, 4.5a)"))
    if port.oversize:
        out.append(("Oversize Unit", fmt(port.oversize, tables), "end of this phase (19.0a)"))
    elif port.used:
        out.append(("Capacity Used", fmt(port.used, tables), "end of this phase (19.0a)"))
    if port.reduced_this_turn:
        out.append(("Voluntary Reduction", str(port.reduced_this_turn), "end of the turn (19.0c; RULINGS O2)"))
    if port.repaired_this_turn:
        out.append(("Repaired", str(port.repaired_this_turn), "end of the turn (19.0d; RULINGS O2)"))
    return out


# --- transitions -------------------------------------------------------------


def charge(port: Port, tokens: int, unit: bool, tables: OcsTables) -> tuple[Port, bool]:
    """Load or unload ``tokens`` through the port this phase; return the port and whether it was an oversize unit.

    19.0a: capacity is shared by loading and unloading; a port above zero may
    spend its whole capacity on one combat unit (``unit``) whose Transport
    Equivalent exceeds it, if that is the only loading/unloading there this phase.
    """
    if tokens <= 0:
        raise RuleError(f"{port.name}: the amount must be above 0 (19.0a)")
    cap = capacity_tokens(port, tables)
    if port.oversize:
        raise RuleError(f"{port.name}: an oversize unit ({fmt(port.oversize, tables)}) used its whole capacity this "
                        "phase; nothing else may load or unload there (19.0a)")
    if cap == 0:
        why = "shut down by an enemy ZOC" if port.enemy_zoc else "its capacity is 0"
        raise RuleError(f"{port.name}: {why}; nothing may load or unload there (19.0a)")
    left = cap - port.used
    if tokens <= left:
        return replace(port, used=port.used + tokens), False
    if unit and tokens > cap:
        if port.used:
            raise RuleError(f"{port.name}: a unit of {fmt(tokens, tables)} exceeds its {fmt(cap, tables)} capacity; "
                            f"it may go as an oversize unit only if nothing else loads or unloads there this phase, "
                            f"and {fmt(port.used, tables)} already has (19.0a)")
        return replace(port, used=cap, oversize=tokens), True
    hint = " (one combat unit larger than the whole capacity may use it all: add --unit)" if not unit and tokens > cap and port.used == 0 else ""
    raise RuleError(f"{port.name}: {fmt(tokens, tables)} exceeds the {fmt(max(left, 0), tables)} left of its "
                    f"{fmt(cap, tables)} capacity this phase; loading and unloading share it (19.0a){hint}")


def inflict_hits(port: Port, n: int, tables: OcsTables) -> tuple[Port, int]:
    """Add ``n`` hits (Barrage vs. Facility Table), never past the maximum (19.0b; RULINGS O1).

    Returns the port and the hits actually added; refuses when the port already has the maximum.
    """
    top = tables.damage.max_hits.value
    if n < 1:
        raise RuleError(f"{port.name}: hits must be 1 or more (19.0b)")
    if port.hits >= top:
        raise RuleError(f"{port.name}: already has {port.hits} hits, the most a port can accumulate (19.0b; RULINGS O1)")
    added = min(n, top - port.hits)
    return replace(port, hits=port.hits + added), added


def voluntary_reduction(port: Port, tables: OcsTables) -> Port:
    """Inflict 1 hit by voluntary reduction; at most ``hits_per_turn`` a turn per port (19.0c; RULINGS O2)."""
    rule = tables.voluntary_reduction.hits_per_turn
    if port.reduced_this_turn >= rule.value:
        raise RuleError(f"{port.name}: no more than {rule.value} hit per turn can be inflicted by voluntary "
                        f"reduction, and it already has this turn ({rule.rule}; RULINGS O2)")
    if port.hits >= tables.damage.max_hits.value:
        raise RuleError(f"{port.name}: already has {port.hits} hits, the most a port can accumulate (19.0b; RULINGS O1)")
    return replace(port, hits=port.hits + 1, reduced_this_turn=port.reduced_this_turn + 1)


def repair(port: Port, tables: OcsTables) -> Port:
    """Repair one hit (an Engineer-Capable unit, 1 SP); at most ``hits_per_turn`` per port a turn (19.0d; O2)."""
    rule = tables.repair.hits_per_turn
    if port.hits <= 0:
        raise RuleError(f"{port.name}: has no hits to repair (19.0d)")
    if port.repaired_this_turn >= rule.value:
        raise RuleError(f"{port.name}: only {rule.value} hit per port can be repaired in a turn, and it already "
                        f"was this turn ({rule.rule}; RULINGS O2)")
    return replace(port, hits=port.hits - 1, repaired_this_turn=port.repaired_this_turn + 1)


def set_enemy_zoc(port: Port, on: bool) -> Port:
    """Shut the port down (enemy ZOC) or let it recover at once when the ZOC goes; a negation goes with it (19.0a)."""
    return replace(port, enemy_zoc=on, zoc_negated=port.zoc_negated and on)


def set_zoc_negated(port: Port, on: bool) -> Port:
    """Negate (or not) the enemy ZOC on the port, for trace supply only (19.0a, 4.5a)."""
    if on and not port.enemy_zoc:
        raise RuleError(f"{port.name}: is not in an enemy ZOC; there is nothing to negate (19.0a, 4.5a)")
    return replace(port, zoc_negated=on)


def clear_phase(port: Port) -> Port:
    """The phase is over: its capacity is free again (19.0a)."""
    return replace(port, used=0, oversize=0)


def clear_turn(port: Port) -> Port:
    """The turn is over: voluntary reduction and repair may happen again (19.0c, 19.0d; RULINGS O2)."""
    return replace(port, reduced_this_turn=0, repaired_this_turn=0)
