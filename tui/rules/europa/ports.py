"""Europa ports (rule 31.A): the port model and every port calculation.

Figures (31.A.1-31.A.4, 31.A.7, 31.A.14) return an :class:`Explained` whose
terms list each input with its rule and whose notes cite the ruling followed
(``shared/RULINGS.md`` E1-E8, E10, E11). Transitions (31.A.1-31.A.6, 31.A.9-
31.A.11) return a new frozen :class:`Port` or raise :class:`RuleError` citing
the rule; a refused transition changes nothing. Every number comes from
:class:`~tui.rules.europa.tables.PortTables`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import msgspec
from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term, fmt_number
from .tables import Cited, HarbourHitMultiplier, PortTables, PortType

TABLE = "31.A.1 Table 1"


class Port(msgspec.Struct, frozen=True):
    """One port on the map and the markers on it (31.A)."""

    name: str
    type: str  # great|major|standard|mulberry|minor|jetty (31.A.1)
    owner: str  # "axis" | "allied"
    harbour: str = "none"  # none|artificial|natural (31.A.9, 31.A.10)
    hex: str = ""  # hex or map reference, e.g. "19A:2416"
    sea_zone: str = ""
    nation: str = ""  # owning nation, e.g. german, italian, british (31.A.6)
    theatre: str = ""  # e.g. north, west, south, greater-germany, mediterranean (31.A.6)
    mainland_europe: bool = False  # including Scandinavia (31.A.6)
    inland: bool = False  # on a river or canal (31.A.11)
    naval_base: bool = False  # on the NAVAL BASE SUMMARY (ports other than major/great, 31.A.14)
    trace_ok: bool = True  # traces to a friendly functioning major/great port (31.A.2); referee toggle
    hits: float = 0.0  # EFFECTIVE hits (RULINGS E3), multiples of 0.5
    reduced: int = 0  # "Reduced N" (31.A.5)
    collateral: bool = False  # "Collateral Damage" (31.A.4)
    destroyed: bool = False  # destroyed under 31.A.6
    rebuilt: bool = False  # a destroyed port upgraded at least once: its hits may be repaired (RULINGS E12)
    yard_hits: int = 0  # Marshalling Yard Hit markers (Table 1 note 3; RULINGS E14)
    mines: int = 0  # mine points in the hex = interdiction levels (RULINGS E10)
    capacity_used: float = 0.0  # REs used since the owner's last reinforcement phase (E11)
    he_used: float = 0.0  # of which heavy equipment (Table 1 **)
    nts_dedicated: float = 0.0  # REs of NTs dedicated to the port (RULINGS E8)
    army_hqs: int = 0  # Army HQs tracing supply through the port (note 1)
    intrinsic_used: bool = False  # intrinsic supply capacity declared used (31.A.2, E11)
    sea_route: bool = True  # inland port: its owner holds both banks to the sea (31.A.11); referee toggle
    supply_zones: tuple[str, ...] = ()  # sea zones the naval portion of its supply line crosses (33.F)
    supply_route: tuple[str, ...] = ()  # route options of that line (--short, --far: RULINGS E27)
    doubled: bool = False  # Mulberry Great Success: double the normal REs may be landed this turn (31.A.12)


def _printed(port: Port, tables: PortTables) -> PortType:
    """The port's printed PORT SUMMARY row (31.A.1); refuses a type that is not a port."""
    row = tables.port_summary.get(port.type)
    if row is None or row.kind != "port":
        raise RuleError(f"{port.name}: {port.type!r} is not a port type on the PORT SUMMARY (31.A.1)")
    return row


def _level(port: Port, tables: PortTables) -> int:
    """Printed level - Reduced N - 1 for Collateral Damage (RULINGS E2)."""
    return _printed(port, tables).level - port.reduced - (1 if port.collateral else 0)


_NO_LEVEL = PortType(name="no level", level=0, re_capacity=0, intrinsic_sp=0, max_nt_res=0,
                     heavy_equipment="none", rule=TABLE)
"""Below level 0 a port has no capacity at all (RULINGS E2)."""


def _level_row(port: Port, tables: PortTables) -> tuple[str, PortType]:
    """(type id, row) the port operates at: its own row at its printed level, else the ladder's (E2)."""
    printed = _printed(port, tables)
    level = _level(port, tables)
    if level == printed.level:
        return port.type, printed
    return tables.ladder_row(level) or ("", _NO_LEVEL)


def _harbour(port: Port, tables: PortTables) -> tuple[str, Cited]:
    """The port's harbour and its hit multiplier; a Mulberry always has an artificial one (31.A.9)."""
    harbour = "artificial" if _printed(port, tables).artificial_harbour else port.harbour
    if harbour not in HarbourHitMultiplier.__struct_fields__:
        raise RuleError(f"{port.name}: unknown harbour {harbour!r} (31.A.9, 31.A.10)")
    return harbour, getattr(tables.harbour_hit_multiplier, harbour)


def _cited(label: str, c: Cited) -> Term:
    return Term(label, c.value, c.rule)


def _notes(*texts: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(t for t in texts if t))


def _multiple(x: float, step: float) -> bool:
    return (Fraction(x) / Fraction(step)).denominator == 1




# --- figures -------------------------------------------------------------------


def effective_level(port: Port, tables: PortTables) -> Explained:
    """Size level the port operates at (31.A.4, 31.A.5; RULINGS E2)."""
    row = _printed(port, tables)
    terms = (Term(f"printed level ({row.name})", row.level, TABLE), Term("Reduced", -port.reduced, "31.A.5"),
             Term("Collateral Damage", -1 if port.collateral else 0, "31.A.4"))
    return Explained("size level", _level(port, tables), "31.A.4, 31.A.5", terms,
                     _notes("RULINGS E2: below level 0 a port has no capacity"))


def re_capacity(port: Port, tables: PortTables) -> Explained:
    """RE capacity = capacity of the effective level - 1/2 per hit, never below 0 (31.A.1, 31.A.3; E1, E3)."""
    row = _level_row(port, tables)[1]
    per_hit = tables.port_rules.re_lost_per_hit
    terms = (Term("size level", _level(port, tables), "31.A.4, 31.A.5"),
             Term(f"capacity of {row.name}", row.re_capacity, TABLE),
             Term("Port Hits", port.hits, "31.A.3"), _cited("RE lost per hit", per_hit))
    value = max(0.0, row.re_capacity - per_hit.value * port.hits)
    notes = _notes("RULINGS E1", per_hit.note)
    if wrecked(port):
        terms += (Term("destroyed, not yet upgraded", True, "31.A.6"),)
        notes += ("RULINGS E12: a destroyed port does not function until it has been upgraded at least once",)
        value = 0.0
    elif port.destroyed and port.hits:
        notes += (f"proposed ruling P3 (docs/rulings-proposed.md): a destroyed port upgraded keeps its Port Hits "
                  f"(up to its printed type's maximum), even above the max damage of the {row.name} level it is at "
                  "now; repaired normally, it functions once this capacity is above 0 (31.A.6, RULINGS E2, E3)",)
    return Explained("RE capacity", value, "31.A.1, 31.A.3", terms, notes)


def wrecked(port: Port) -> bool:
    """Destroyed under 31.A.6 and not upgraded since: no function, no repairs (RULINGS E12)."""
    return port.destroyed and not port.rebuilt


def he_capacity(port: Port, tables: PortTables) -> Explained:
    """Heavy equipment capacity = share x level capacity - 1/2 per hit, never below 0 (Table 1 **; E7)."""
    row = _level_row(port, tables)[1]
    per_hit = tables.port_rules.re_lost_per_hit
    share = getattr(tables.heavy_equipment_share, row.heavy_equipment)
    terms = (Term(f"capacity of {row.name}", row.re_capacity, TABLE),
             _cited(f"heavy equipment share ({row.heavy_equipment})", share),
             Term("Port Hits", port.hits, "31.A.3"), _cited("RE lost per hit", per_hit))
    value = max(0.0, share.value * row.re_capacity - per_hit.value * port.hits)
    return Explained("HE capacity", value, f"{TABLE} (**)", terms, _notes(share.note))


def acts_as(port: Port, tables: PortTables) -> Explained:
    """The port type the port functions as (31.A.7; RULINGS E4); None when not functioning."""
    cap = re_capacity(port, tables).value
    level_type = _level_row(port, tables)[0]
    terms = (Term("RE capacity", cap, "31.A.1, 31.A.3"),)
    notes = ["RULINGS E4"]
    if cap <= 0:
        value: str | None = None
        notes.append("RULINGS E3: capacity 0, not functioning")
    elif level_type == port.type and port.hits == 0:
        value = port.type
        notes.append("undamaged and unreduced: its own row")
    else:
        ladder = [(t, tables.port_summary[t]) for t in tables.port_ladder.types]
        value = next((t for t, r in ladder if r.re_capacity >= cap), ladder[-1][0])
        own = _printed(port, tables)
        below = tables.ladder_row(own.level - 1)
        if port.type not in tables.port_ladder.types and below is not None and cap >= below[1].re_capacity:
            notes.append(f"RULINGS E15: keeps its own row while its capacity is at least a {below[1].name} port's "
                         f"({fmt_number(below[1].re_capacity)}): acts as {own.name}, not {tables.port_summary[value].name}")
            value = port.type
    return Explained("acts as", value, "31.A.7", terms, _notes(*notes, tables.port_ladder.note))


def functioning(port: Port, tables: PortTables) -> Explained:
    """A port functions while its RE capacity is above 0 (31.A.7; RULINGS E3)."""
    cap = re_capacity(port, tables).value
    return Explained("functioning", cap > 0, "31.A.7", (Term("RE capacity", cap, "31.A.1, 31.A.3"),),
                     ("RULINGS E3: a port functions while its RE capacity is above 0",))


def intrinsic_capacity(port: Port, tables: PortTables) -> Explained:
    """Intrinsic SP capacity = level's SP - 4 per hit - 4 per interdiction level (31.A.2; E5, E10)."""
    row = _level_row(port, tables)[1]
    rules = tables.port_rules
    works = functioning(port, tables).value
    terms = (Term(f"intrinsic SP of {row.name}", row.intrinsic_sp, TABLE), Term("Port Hits", port.hits, "31.A.3"),
             _cited("SP lost per hit", rules.intrinsic_sp_lost_per_hit),
             Term("port interdiction (mine points)", port.mines, "31.A.2"),
             _cited("SP lost per interdiction level", rules.intrinsic_sp_lost_per_interdiction),
             Term("functioning", works, "31.A.7"),
             Term("traces to a friendly functioning major/great port", port.trace_ok, "31.A.2"))
    value = row.intrinsic_sp - rules.intrinsic_sp_lost_per_hit.value * port.hits
    value = max(0.0, value - rules.intrinsic_sp_lost_per_interdiction.value * port.mines)
    if not (works and port.trace_ok):
        value = 0.0
    notes = _notes(rules.intrinsic_sp_lost_per_hit.note, rules.intrinsic_sp_lost_per_interdiction.note)
    return Explained("intrinsic SP capacity", value, "31.A.2", terms, notes)


def max_nt_res(port: Port, tables: PortTables) -> Explained:
    """Max REs of NTs = level's max x capacity / level's full capacity, rounded down to 1/2 (note 2; E6)."""
    row = _level_row(port, tables)[1]
    cap = re_capacity(port, tables).value
    step = tables.port_rules.nt_rounding_step
    terms = (Term(f"max REs of NTs of {row.name}", row.max_nt_res, TABLE),
             Term("RE capacity", cap, "31.A.1, 31.A.3"),
             Term(f"full capacity of {row.name}", row.re_capacity, TABLE), _cited("rounded down to", step))
    value = 0.0
    if row.re_capacity > 0:
        exact = Fraction(row.max_nt_res) * Fraction(cap) / Fraction(row.re_capacity)
        value = float(math.floor(exact / Fraction(step.value)) * Fraction(step.value))
    return Explained("max REs of NTs", value, f"{TABLE} note 2", terms, _notes(step.note))


def slp_cost(port: Port, tables: PortTables) -> Explained:
    """SLP cost = acts-as SLP - 10 per NT RE beyond one per Army HQ, never below 0 (note #, note 1; E8)."""
    kind = acts_as(port, tables).value
    rules = tables.port_rules
    nts = nts_in_force(port, tables).value
    base = tables.port_summary[kind].slp_cost if kind else None
    terms = (Term("acts as", kind or "nothing", "31.A.7"),
             Term("SLP cost of that type", base if base is not None else 0, TABLE),
             Term("REs of NTs dedicated (up to max)", nts, f"{TABLE} note #"),
             Term("Army HQs tracing supply", port.army_hqs, f"{TABLE} note 1"),
             _cited("REs of NTs per Army HQ", rules.nt_res_per_army_hq),
             _cited("SLP reduction per RE of NTs", rules.slp_reduction_per_nt_re))
    notes = _notes(rules.slp_reduction_per_nt_re.note, rules.nt_res_per_army_hq.note,
                   "Naval status numbers of the sea zones crossed are added to the SLP count (33.F)")
    value = None  # not functioning: no SLP cost
    if base is not None:
        spare = max(0.0, nts - rules.nt_res_per_army_hq.value * port.army_hqs)
        value = max(0.0, base - rules.slp_reduction_per_nt_re.value * spare)
    return Explained("SLP cost", value, f"{TABLE} note #", terms, notes)


def naval_base(port: Port, tables: PortTables) -> Explained:
    """A functioning port acting as a major or great port, or on the NAVAL BASE SUMMARY (31.A.14; E4)."""
    kind = acts_as(port, tables).value
    by_type = bool(kind) and tables.port_summary[kind].naval_base
    works = functioning(port, tables).value
    terms = (Term("acts as", kind or "nothing", "31.A.7"), Term("that type is a naval base", by_type, "31.A.14"),
             Term("on the NAVAL BASE SUMMARY", port.naval_base, "31.A.14"), Term("functioning", works, "31.A.7"))
    note = "RULINGS E4: a damaged or reduced port has the naval-base status of the type it acts as"
    return Explained("naval base", bool(works and (by_type or port.naval_base)), "31.A.14", terms, (note,))


def _landable(port: Port, tables: PortTables) -> float:
    """RE capacity that may be used this turn: doubled after a Mulberry's Great Success (31.A.12)."""
    cap = re_capacity(port, tables).value
    return cap * 2 if port.doubled else cap


def nts_in_force(port: Port, tables: PortTables) -> Explained:
    """REs of NTs dedicated that count, for the SLP cost and as capacity used alike (note #, 31.A.1 note; E6, E8).

    The dedication the referee made, never above the port's max REs of NTs,
    which falls with hits, Collateral Damage and Reduced markers (note 2, E6).
    The dedication itself is kept: when the port is repaired its NTs count again.
    """
    top = max_nt_res(port, tables).value
    value = min(port.nts_dedicated, top)
    terms = (Term("REs of NTs dedicated", port.nts_dedicated, f"{TABLE} note #"),
             Term("max REs of NTs", top, f"{TABLE} note 2"))
    notes = _notes("RULINGS E8: dedicated NTs never exceed the port's max REs of NTs",
                   f"{fmt_number(port.nts_dedicated - value)} REs of the NTs dedicated do not count now"
                   if value < port.nts_dedicated else "")
    return Explained("REs of NTs in force", value, f"{TABLE} note #", terms, notes)


def capacity_used(port: Port, tables: PortTables) -> Explained:
    """REs marked used this turn: cargo plus the dedicated NTs in force (31.A.1 and its note; RULINGS E8, E11)."""
    nts = nts_in_force(port, tables).value
    terms = (Term("cargo embarked/disembarked", port.capacity_used, "31.A.1"),
             Term("REs of NTs dedicated (up to max)", nts, f"{TABLE} note #"))
    return Explained("capacity used", port.capacity_used + nts, "31.A.1", terms,
                     ("RULINGS E8: dedicated NTs count as capacity used",))


def capacity_left(port: Port, tables: PortTables) -> Explained:
    """RE capacity not yet used this turn, dedicated NTs counting as used (31.A.1; E8, E11; 31.A.12 S*)."""
    cap = _landable(port, tables)
    used = capacity_used(port, tables).value
    terms = (Term("RE capacity", re_capacity(port, tables).value, "31.A.1, 31.A.3"),
             Term("cargo embarked/disembarked", port.capacity_used, "31.A.1"),
             Term("REs of NTs dedicated (up to max)", used - port.capacity_used, f"{TABLE} note #"))
    if port.doubled:
        terms += (Term("Great Success: double the normal REs this turn", 2, "31.A.12 Table 2"),)
    notes = ["RULINGS E8: dedicated NTs count as capacity used", "RULINGS E11"]
    if port.intrinsic_used:
        notes.append("intrinsic capacity used: no combat units may embark or debark (31.A.2, note 4)")
    return Explained("capacity left", max(0.0, cap - used), "31.A.1", terms, tuple(notes))


def port_figures(port: Port, tables: PortTables) -> dict[str, Explained]:
    """Every figure of a port, keyed for display and ``show --json`` (31.A.1-31.A.7, 31.A.14)."""
    return {
        "level": effective_level(port, tables),
        "re_capacity": re_capacity(port, tables),
        "he_capacity": he_capacity(port, tables),
        "acts_as": acts_as(port, tables),
        "functioning": functioning(port, tables),
        "intrinsic_sp": intrinsic_capacity(port, tables),
        "max_nt_res": max_nt_res(port, tables),
        "nts_in_force": nts_in_force(port, tables),
        "slp_cost": slp_cost(port, tables),
        "naval_base": naval_base(port, tables),
        "capacity_used": capacity_used(port, tables),
        "capacity_left": capacity_left(port, tables),
    }


def port_used(port: Port, tables: PortTables) -> bool:
    """Port Used: all capacity used or intrinsic capacity declared (31.A.1; RULINGS E11)."""
    used = capacity_used(port, tables).value
    return port.intrinsic_used or (used > 0 and used >= _landable(port, tables))


def markers(port: Port, tables: PortTables) -> list[tuple[str, str]]:
    """The markers physically beside the port, as (marker name, value text) (31.A.1-31.A.6; E11)."""
    out: list[tuple[str, str]] = []
    if port.hits:
        out.append(("Port Hit", fmt_number(port.hits)))
    if port.reduced:
        out.append(("Reduced", str(port.reduced)))
    if port.collateral:
        out.append(("Collateral Damage", ""))
    if port.destroyed:
        out.append(("Destroyed", ""))
    if port.yard_hits:
        out.append(("Marshalling Yard Hit", str(port.yard_hits)))
    if port.mines:
        out.append(("Port Interdiction", str(port.mines)))
    used = capacity_used(port, tables).value
    if used > 0 and used < _landable(port, tables):
        out.append(("Capacity Used", fmt_number(used)))
    if port_used(port, tables):
        out.append(("Port Used", ""))
    return out


# --- transitions -------------------------------------------------------------


def inflict_hits(port: Port, n: float, tables: PortTables) -> tuple[Port, Explained]:
    """Place ``n`` Port Hits: x2 artificial, x1/2 natural harbour, capped at max damage.

    31.A.3, 31.A.9, 31.A.10; RULINGS E3. Also returns what was added, explained.
    """
    row = _printed(port, tables)
    harbour, mult = _harbour(port, tables)
    step = tables.port_rules.hit_step.value
    if n <= 0 or not _multiple(n * mult.value, step):
        raise RuleError(f"{port.name}: hits must be above 0, in steps of {fmt_number(step)} (31.A.3)")
    max_damage = row.max_damage or 0.0  # required for every port when the tables load
    raw = n * mult.value
    added = min(raw, max(0.0, max_damage - port.hits))
    terms = (Term("hits inflicted", n, "31.A.3"), _cited(f"effective hits per hit ({harbour} harbour)", mult),
             Term("Port Hits before", port.hits, "31.A.3"), Term(f"max damage of {row.name}", max_damage, TABLE))
    notes = _notes(mult.note, f"capped at max damage ({fmt_number(max_damage)})" if added < raw else "",
                   "31.A.6: maximum damage alone does not destroy a port")
    return replace(port, hits=port.hits + added), Explained("Port Hits added", added, "31.A.3", terms, notes)


def hits_to_max(port: Port, tables: PortTables) -> int:
    """The fewest whole hits that bring ``port`` to its max damage (31.A.3, 31.A.9, 31.A.10): more add no Port Hit,
    so a hit form asks for 1 up to this (issue 22 point 6: number prompts know their bounds); 0 at max damage."""
    room = max(0.0, (_printed(port, tables).max_damage or 0.0) - port.hits)
    return math.ceil(room / _harbour(port, tables)[1].value)


def _refuse_if_locked(port: Port, artificial: bool, what: str) -> None:
    """31.A.11: a destroyed inland port with an artificial harbour is never rebuilt or repaired."""
    if port.destroyed and port.inland and artificial:
        raise RuleError(f"{port.name}: a destroyed inland port with an artificial harbour cannot be {what} "
                        "(31.A.11)")


def refuse_cut_off(port: Port) -> None:
    """31.A.11: an inland port is usable only while its owner holds both banks of the river or canal to the sea."""
    if port.inland and not port.sea_route:
        raise RuleError(f"{port.name}: an inland port is usable only while its owner owns all hexes on both sides "
                        "of the river or canal to the sea (31.A.11); set it with 'route PORT on'")


def inland_route(port: Port) -> Explained:
    """Whether an inland port may be used: owner holds both banks to the sea (31.A.11)."""
    terms = (Term("inland (river or canal)", port.inland, "31.A.11"),
             Term("owner holds both banks to the sea", port.sea_route, "31.A.11"))
    return Explained("usable by its route to the sea", (not port.inland) or port.sea_route, "31.A.11", terms,
                     ("referee toggle: route PORT on|off",))


def repair_hits(port: Port, n: float) -> Port:
    """Remove ``n`` effective Port Hits (31.A.3, 31.A.6, 31.A.11; E3; E7: heavy equipment comes back last)."""
    if port.hits <= 0:
        raise RuleError(f"{port.name}: has no Port Hits to repair (31.A.3)")
    if n <= 0 or n > port.hits:
        raise RuleError(f"{port.name}: can repair above 0 and up to {fmt_number(port.hits)} hits (31.A.3)")
    _refuse_if_locked(port, port.harbour == "artificial", "repaired")
    refuse_wrecked(port, "Port Hits")
    return replace(port, hits=port.hits - n)


def refuse_wrecked(port: Port, what: str) -> None:
    """RULINGS E12: the hits of a port destroyed under 31.A.6 are repaired only after it has been upgraded once."""
    if wrecked(port):
        raise RuleError(f"{port.name}: destroyed (31.A.6); its {what} cannot be repaired until it has been upgraded "
                        "at least once (RULINGS E12)")


def reduce(port: Port, n: int, tables: PortTables) -> Port:
    """Raise the "Reduced N" marker by ``n`` levels: 1-4 in all, never past level 0 (31.A.5; E2)."""
    top = tables.port_rules.max_reduced_levels
    row = _printed(port, tables)
    total = port.reduced + n
    if n < 1 or total > top.value:
        raise RuleError(f"{port.name}: a port is Reduced 1 to {fmt_number(top.value)} levels, not {total} "
                        f"({top.rule})")
    if total > row.level:
        raise RuleError(f"{port.name}: a {row.name} port (level {row.level}) Reduced {total} would be below "
                        "level 0 (31.A.5; RULINGS E2)")
    return replace(port, reduced=total)


def upgrade(port: Port, tables: PortTables) -> Port:
    """Upgrade one level: "Reduced N" becomes "Reduced N-1" (31.A.5, 31.A.6, 31.A.11)."""
    if port.reduced <= 0:
        raise RuleError(f"{port.name}: is not Reduced, nothing to upgrade (31.A.5)")
    _refuse_if_locked(port, _harbour(port, tables)[0] == "artificial", "rebuilt")
    return replace(port, reduced=port.reduced - 1, rebuilt=port.rebuilt or port.destroyed)


def use_capacity(port: Port, res: float, he: float, combat: bool, tables: PortTables) -> Port:
    """Embark or disembark ``res`` REs (base size), ``he`` of them heavy equipment.

    31.A.1, 31.A.2, 31.A.7, Table 1 notes 4 and 6 and **; RULINGS E7, E8.
    """
    if res <= 0 or not 0 <= he <= res:
        raise RuleError(f"{port.name}: REs must be above 0, heavy equipment from 0 to the REs (31.A.1)")
    refuse_cut_off(port)
    if not functioning(port, tables).value:
        raise RuleError(f"{port.name}: is not functioning and cannot be used (31.A.7)")
    if combat and port.intrinsic_used:
        raise RuleError(f"{port.name}: intrinsic supply capacity is used; combat units may not embark or debark "
                        f"(31.A.2, {TABLE} note 4)")
    left = capacity_left(port, tables).value
    if res > left:
        raise RuleError(f"{port.name}: {fmt_number(res)} REs exceed the {fmt_number(left)} REs left "
                        "(31.A.1; RULINGS E8)")
    he_left = he_capacity(port, tables).value - port.he_used
    if he > he_left:
        raise RuleError(f"{port.name}: {fmt_number(he)} REs of heavy equipment exceed the {fmt_number(he_left)} "
                        f"left ({TABLE} **; RULINGS E7)")
    return replace(port, capacity_used=port.capacity_used + res, he_used=port.he_used + he)


def declare_intrinsic(port: Port, tables: PortTables) -> Port:
    """Declare the intrinsic supply capacity used, only while no cargo has used the port (31.A.1, 31.A.2; E11).

    NTs dedicated to lower the SLP cost do not bar it, before or after: the 31.A.2 example says such a port
    "would still have its intrinsic supply capacity" (docs/rulings-proposed.md P1), so both orders end alike.
    """
    if port.intrinsic_used:
        raise RuleError(f"{port.name}: intrinsic supply capacity is already declared used (31.A.1)")
    refuse_cut_off(port)
    if port.capacity_used > 0 or port.he_used > 0:
        raise RuleError(f"{port.name}: capacity is already marked used; intrinsic supply capacity cannot be "
                        "declared (31.A.1; RULINGS E11)")
    if not functioning(port, tables).value:
        raise RuleError(f"{port.name}: is not functioning; it has no intrinsic supply capacity (31.A.2)")
    if not port.trace_ok:
        raise RuleError(f"{port.name}: cannot trace to a friendly functioning major or great port (31.A.2)")
    return replace(port, intrinsic_used=True)


def dedicate_nts(port: Port, res: float, army_hqs: int, tables: PortTables) -> Port:
    """Set the REs of NTs dedicated to the port and the Army HQs tracing through it (note #, note 1; E8).

    The dedication replaces any earlier one this turn; dedicated NTs count as capacity used.
    """
    step = tables.port_rules.nt_rounding_step.value
    if res > 0:
        refuse_cut_off(port)
    if res < 0 or army_hqs < 0 or not _multiple(res, step):
        raise RuleError(f"{port.name}: REs of NTs must be 0 or more in steps of {fmt_number(step)}, Army HQs "
                        f"0 or more ({TABLE} note #)")
    top = max_nt_res(port, tables).value
    if res > top:
        raise RuleError(f"{port.name}: at most {fmt_number(top)} REs of NTs may be dedicated ({TABLE} note #; "
                        "RULINGS E6)")
    left = max(0.0, _landable(port, tables) - port.capacity_used)
    if res > left:
        raise RuleError(f"{port.name}: dedicated NTs count as capacity used; {fmt_number(res)} REs exceed the "
                        f"{fmt_number(left)} left (31.A.1; RULINGS E8)")
    return replace(port, nts_dedicated=float(res), army_hqs=army_hqs)


def clear_usage(port: Port) -> Port:
    """Remove Port Used and Capacity Used at the end of the owner's reinforcement phase (31.A.1; E11).

    Dedicated NTs go with the Capacity Used marker; the count of Army HQs stays (a board fact).
    """
    return replace(port, capacity_used=0.0, he_used=0.0, nts_dedicated=0.0, intrinsic_used=False)
