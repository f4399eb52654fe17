"""Sea zones and naval status numbers (33.B, 33.B.10 Tables 2 and 3, 33.F).

Each side's naval status number (NSN) in a zone comes from the lines of its
SEA ZONE EFFECTS TABLE in the data: the first ``set`` line whose condition
holds gives the base (``of`` takes a number such as the Malta status number),
``add`` lines are added, ``per`` lines count (minus 1 per bombing hit). A
condition is derived from the app's own state where it holds the data (port
ownership, ports ever owned, the Malta status number, this turn's Italian
interference, the interdiction zone) and asked of the referee otherwise
(``condition ID on|off``). Air units add their modified TBF (33.C; RULINGS
E21, :mod:`.air`). Every figure is an :class:`Explained` listing each line.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..core.errors import RuleError
from ..core.explain import Explained, Term, fmt_number
from ..core.names import note_resolved
from . import ports as P
from .air import air_modifier
from .seatables import SeaTables, SideTable, ZoneLine
from .tables import PortTables

SIDE_NAMES = {"axis": "Axis", "allied": "Allied"}
SIDES_PLURAL = {"axis": "Axis", "allied": "Allies"}
"""A side named as the subject of a sentence ("The Allies receive 2 VPs")."""


class CondResult(msgspec.Struct, frozen=True):
    """A condition's current value, whether the app derived it, and how."""

    value: Any
    derived: bool
    detail: str


def zone_names(st: SeaTables, zid: str) -> list[str]:
    """Every name a zone answers to: id, name, aliases."""
    z = st.sea_zones[zid]
    return [zid, z.name, *z.aliases]


def find_zone(st: SeaTables, text: str) -> str | None:
    """The zone id ``text`` names (id, name or alias, any case, or a unique prefix of a name), or None."""
    wanted = text.strip().lower()
    if not wanted:
        return None
    for zid in st.sea_zones:
        if any(n.lower() == wanted for n in zone_names(st, zid)):
            if text.strip() != zid:  # a zone's id as typed is already its canonical form in the log
                note_resolved(text, st.sea_zones[zid].name)
            return zid
    starts = {zid for zid in st.sea_zones if any(n.lower().startswith(wanted) for n in zone_names(st, zid))}
    if len(starts) != 1:
        return None
    zid = starts.pop()
    note_resolved(text, st.sea_zones[zid].name)
    return zid


def resolve_zone(st: SeaTables, text: str) -> str:
    """Like :func:`find_zone`, refusing an unknown name with the list of zones (33.B)."""
    zid = find_zone(st, text)
    if zid is None:
        names = ", ".join(z.name for z in st.sea_zones.values())
        raise RuleError(f"no sea zone called '{text}' (33.B); zones: {names}")
    return zid


def take_zone(st: SeaTables, args: list[str]) -> tuple[str, list[str]]:
    """Read a zone name (several words allowed) from the front of ``args``; return its id and the rest."""
    if not args:
        raise RuleError("which sea zone? (33.B)")
    for n in range(len(args), 0, -1):
        zid = find_zone(st, " ".join(args[:n]))
        if zid is not None:
            return zid, args[n:]
    return resolve_zone(st, args[0]), args[1:]


def side_of(text: str) -> str:
    """Read axis/allied (a prefix will do)."""
    for side in SIDE_NAMES:
        if text and side.startswith(text.lower()):
            return note_resolved(text, side)
    raise RuleError(f"'{text}' is not a side (axis or allied)")


def other(side: str) -> str:
    """The other side."""
    return "allied" if side == "axis" else "axis"


# --- conditions ------------------------------------------------------------------


def _port(world: Any, name: str) -> P.Port | None:
    wanted = name.lower()
    return next((p for n, p in world.ports.items() if n.lower() == wanted), None)


def condition(world: Any, st: SeaTables, pt: PortTables, cid: str) -> CondResult:
    """The value of condition ``cid`` in ``world`` (33.B.10): derived where the app holds the data, else asked."""
    spec = st.sea_conditions[cid]
    sea = world.sea
    asked = sea.conditions.get(cid, spec.default)
    if spec.kind in ("toggle", "number"):
        return CondResult(asked, False, f"asked: referee says {_show(asked)} ('condition {cid}')")
    if spec.kind == "malta":
        return CondResult(sea.malta, True, f"Malta status number {sea.malta} ('malta N')")
    if spec.kind == "interference":
        letter = sea.active.get(spec.area, "")
        level = st.italian_interference.results[letter].level if letter else "minor"
        how = f"{letter} rolled this Allied player turn" if letter else "no successful attempt this turn"
        return CondResult(level, True, f"{level} ({how})")
    if spec.kind == "interdiction":
        kind = sea.iz.kind if sea.iz else ""
        return CondResult(kind, True, f"{kind} zone declared" if kind else "no interdiction zone")
    if spec.kind == "interdiction-hits":
        hits = sea.iz.hits if sea.iz else 0
        return CondResult(hits, True, f"{hits} bombing hit(s) this turn")
    if spec.kind in ("all", "any"):
        parts = [(o, truthy(condition(world, st, pt, o).value)) for o in spec.of]
        value = all(v for _, v in parts) if spec.kind == "all" else any(v for _, v in parts)
        return CondResult(value, all(condition(world, st, pt, o).derived for o in spec.of),
                          f"{spec.kind} of " + ", ".join(f"{o} {'yes' if v else 'no'}" for o, v in parts))
    if spec.kind == "zone-ports":
        found = [p for p in world.ports.values() if find_zone(st, p.sea_zone) == spec.zone and p.owner == spec.side
                 and P.effective_level(p, pt).value >= spec.min_level and P.functioning(p, pt).value]
        names = ", ".join(p.name for p in found) or "none"
        return CondResult(bool(found), True, f"{spec.side}-owned ports of level {spec.min_level}+: {names}")
    # owned / ever-owned: every port of a group owned by the side
    ever = set(sea.ever_owned.get(spec.side, ()))
    count, shown, missing = 0, [], []
    for group in spec.ports:
        ok = True
        for name in group:
            port = _port(world, name)
            if spec.kind == "ever-owned":
                known = port is not None or name in ever
                mine = name in ever or (port is not None and port.owner == spec.side)
            else:
                known, mine = port is not None, port is not None and port.owner == spec.side
            if not known:
                missing.append(name)
            ok = ok and mine
            shown.append(f"{name} {'yes' if mine else 'no'}")
        count += ok
    if missing:
        return CondResult(_as_mode(asked, spec.mode, len(spec.ports)), False,
                          f"asked: {', '.join(missing)} not in this game; referee says {_show(asked)} ('condition {cid}')")
    value = _as_mode(count, spec.mode, len(spec.ports))
    what = "ever " if spec.kind == "ever-owned" else ""
    return CondResult(value, True, f"{what}{spec.side}-owned: " + ", ".join(shown))


def _as_mode(count: Any, mode: str, groups: int) -> Any:
    if isinstance(count, bool) or mode == "count":
        return count
    return count >= groups if mode == "all" else count >= 1


def _show(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return fmt_number(value)


def truthy(value: Any) -> bool:
    """A condition value as yes/no: numbers above 0, non-empty text."""
    if isinstance(value, str):
        return bool(value) and value != "minor"
    return bool(value)


def holds(world: Any, st: SeaTables, pt: PortTables, expr: str, line: ZoneLine | None = None) -> bool:
    """Whether a condition expression (``ID``, ``not ID`` or "") holds, with a line's equals/min/max."""
    if not expr:
        return True
    negate = expr.startswith("not ")
    cid = expr[4:].strip() if negate else expr.strip()
    value = condition(world, st, pt, cid).value
    if line is not None and (line.equals is not None or line.min is not None or line.max is not None):
        ok = True
        if line.equals is not None:
            ok = value == line.equals or (isinstance(value, (int, float)) and not isinstance(value, bool)
                                          and isinstance(line.equals, float) and float(value) == line.equals)
        if line.min is not None:
            ok = ok and isinstance(value, (int, float)) and value >= line.min
        if line.max is not None:
            ok = ok and isinstance(value, (int, float)) and value <= line.max
    else:
        ok = truthy(value)
    return ok != negate


# --- zones -----------------------------------------------------------------------


def zone_exists(world: Any, st: SeaTables, pt: PortTables, zid: str) -> bool:
    """A pseudo zone (the interdiction zone) exists only while its condition holds (33.B.7 a))."""
    return holds(world, st, pt, st.sea_zones[zid].exists_when)


def barred(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str) -> Explained:
    """Whether ``side`` may not use shipping in the zone at all (33.B.2.a, 33.B.8.a, 33.B.9.a)."""
    table = st.sea_zones[zid].side(side)
    terms: list[Term] = []
    value = table.barred
    if table.barred:
        terms.append(Term(table.barred_text or "barred", True, table.barred_rule or table.rule))
    if table.barred_if:
        on = holds(world, st, pt, table.barred_if)
        cid = table.barred_if.removeprefix("not ").strip()
        terms.append(Term(f"{st.sea_conditions[cid].text}: {condition(world, st, pt, cid).detail}",
                          condition(world, st, pt, cid).value, st.sea_conditions[cid].rule))
        value = value or on
    notes = (table.barred_text,) if value and table.barred_text else ()
    return Explained(f"{SIDE_NAMES[side]} shipping barred, {st.sea_zones[zid].name}", value,
                     table.barred_rule or table.rule, tuple(terms), notes)


def refuse_barred(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str) -> None:
    """Refuse shipping where the rules bar it, saying why with the rule."""
    if barred(world, st, pt, zid, side).value:
        table = st.sea_zones[zid].side(side)
        raise RuleError(f"{table.barred_text or 'barred'} ({table.barred_rule or table.rule})")


def _line_label(st: SeaTables, line: ZoneLine, world: Any, pt: PortTables) -> str:
    if line.op == "of":
        head = f"= {line.text}"
    elif line.op == "set":
        head = f"{fmt_number(line.value)} {line.text}"
    elif line.op == "add":
        head = f"{line.value:+g} {line.text}"
    else:  # per: the value for each unit of the condition's count
        head = f"{line.value:+g} each: {line.text}"
    if line.when:
        cid = line.when.removeprefix("not ").strip()
        head += f" [{condition(world, st, pt, cid).detail}]"
    return head


def naval_status(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str,
                 flags: frozenset[str] = frozenset(), air: bool = True) -> Explained:
    """The naval status number of ``side``'s shipping in zone ``zid`` (33.B.10), with air (33.C; E21).

    The value is None where the side's shipping is not subject to interference there.
    ``flags`` are the per-check options a line may name (``short`` route, ...).
    """
    zone = st.sea_zones[zid]
    table: SideTable = zone.side(side)
    name = f"{SIDE_NAMES[side]} naval status number, {zone.name}"
    if not table.subject:
        note = table.note or "not subject to interference"
        return Explained(name, None, table.rule, (Term("not subject to interference", True, table.rule),), (note,))
    terms: list[Term] = []
    base: float | None = None
    added = 0.0
    for line in table.lines:
        label = _line_label(st, line, world, pt)
        if line.flag and line.flag not in flags:
            terms.append(Term(f"{label} (only with check --{line.flag})", "no", line.rule))
            continue
        if line.op in ("set", "of"):
            if base is not None:
                terms.append(Term(label, "not reached", line.rule))
                continue
            if (line.op == "of" and line.equals is None and line.min is None and line.max is None) or holds(world, st, pt, line.when, line):
                base = float(condition(world, st, pt, line.when).value) if line.op == "of" else line.value
                terms.append(Term(label, base, line.rule))
            else:
                terms.append(Term(label, "no", line.rule))
        elif line.op == "add":
            on = holds(world, st, pt, line.when, line)
            added += line.value if on else 0
            terms.append(Term(label, line.value if on else "no", line.rule))
        else:  # per
            count = float(condition(world, st, pt, line.when).value or 0)
            added += line.value * count
            terms.append(Term(label, line.value * count, line.rule))
    if not table.lines:
        return Explained(name, None, table.rule, tuple(terms), tuple(n for n in (table.note, zone.note) if n))
    value = (base or 0.0) + added
    notes = [n for n in (table.note, zone.note) if n]
    if air:
        mod = air_modifier(world, st, zid, side)
        if mod.value:
            terms.append(Term(f"anti-shipping air: {other(side)} modified TBF", mod.value, "33.C; RULINGS E21"))
            value += mod.value
            notes.append("RULINGS E21: the interfering side's modified TBF is added")
    value = int(value) if value == int(value) else value
    return Explained(name, value, table.rule, tuple(terms), tuple(notes))


def slp_count(world: Any, st: SeaTables, pt: PortTables, port: P.Port) -> Explained:
    """SLP cost of the port plus the NSN of every sea zone its naval supply line crosses (33.F; RULINGS E8)."""
    cost = P.slp_cost(port, pt).value
    terms = [Term("SLP cost of the port", cost if cost is not None else "—", "31.A.1 Table 1 note #")]
    total = cost
    for text in port.supply_zones:
        zid = find_zone(st, text)
        if zid is None:
            terms.append(Term(f"{text}: not a sea zone", 0, "33.F"))
            continue
        if barred(world, st, pt, zid, port.owner).value:
            terms.append(Term(f"{st.sea_zones[zid].name}: {port.owner} shipping barred", "barred", "33.B"))
            total = None
            continue
        table = st.sea_zones[zid].side(port.owner)
        if table.exempt_flag and table.exempt_flag in port.supply_route:
            terms.append(Term(f"{st.sea_zones[zid].name}: {table.exempt_text} (--{table.exempt_flag}): not subject",
                              0, f"{table.rule}; RULINGS E27"))
            continue
        nsn = naval_status(world, st, pt, zid, port.owner, frozenset(port.supply_route)).value
        route = [f"--{f}" for f in port.supply_route if any(line.flag == f for line in table.lines)]
        label = f"NSN of {st.sea_zones[zid].name} ({port.owner}{', ' + ' '.join(route) if route else ''})"
        terms.append(Term(label, nsn if nsn is not None else 0, "33.F; RULINGS E27" if route else "33.F"))
        if total is not None and nsn is not None:
            total += nsn
    notes = ("RULINGS E8: naval status numbers of the sea zones crossed are added to the SLP count",
             "RULINGS E27: the number the shipping would get on that route (supply-line PORT ZONE ... --short|--far)",
             "set the zones with 'supply-line PORT ZONE ...'")
    return Explained("SLP count (33.F)", total, "33.F", tuple(terms), notes)


def route_options(st: SeaTables, zids: list[str], side: str) -> set[str]:
    """The route options (``short``, ``far``) that mean something for ``side`` in any of the zones ``zids`` (33.B; E27)."""
    found: set[str] = set()
    for zid in zids:
        table = st.sea_zones[zid].side(side)
        found |= {line.flag for line in table.lines if line.flag} | ({table.exempt_flag} if table.exempt_flag else set())
    return found


def zone_row(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str) -> dict[str, Any]:
    """One row of the Sea Zones mode: zone x side with NSN, barred, conditions, markers."""
    zone = st.sea_zones[zid]
    table = zone.side(side)
    nsn = naval_status(world, st, pt, zid, side)
    bar = barred(world, st, pt, zid, side)
    basis = next((t.label for t in nsn.terms if isinstance(t.value, (int, float)) and not isinstance(t.value, bool)), "")
    if not zone_exists(world, st, pt, zid):
        status = "not declared"
    elif bar.value:
        status = "barred"
    elif nsn.value is None:
        status = "not subject"
    elif table.exempt_flag:
        status = f"subject (not with --{table.exempt_flag})"
    else:
        status = "subject"
    asked = sorted({line.when.removeprefix("not ").strip() for line in table.lines if line.when
                    and not condition(world, st, pt, line.when.removeprefix("not ").strip()).derived})
    return {
        "key": f"{zid}:{side}", "name": zone.name, "zone": zone.name, "zone_id": zid, "side": side, "nsn": nsn.value,
        "status": status, "barred": bar.value, "barred_reason": table.barred_text if bar.value else "",
        "subject": nsn.value is not None, "exists": zone_exists(world, st, pt, zid), "basis": basis,
        "asked": ", ".join(asked), "air": air_modifier(world, st, zid, side).value,
        "rule": table.rule, "explanation": nsn.to_dict(),
    }
