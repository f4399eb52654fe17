"""The anti-shipping check (33.A, 33.D, 33.E).

A cargo item (SPs/SRPs in 3 RE increments, a unit, replacement points, an
empty NT sailing alone, a naval unit, a carrier with a C-code fighter) is
checked once per sea zone per naval movement phase: the final naval status
number is the zone's (33.B.10, with air per 33.C and RULINGS E21) plus the
item's modifier (33.D: -5 empty NT alone, -4 carrier) and any route line;
2d6 on the ANTI-SHIPPING TABLE (RULINGS E20) says whether it is contacted;
on contact 1d6 on the SHIPPING RESULTS TABLE, in the column of its kind and
interdiction zone, says what happens, in plain words.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import msgspec

from ..core.dice import MAX_DICE, MAX_SIDES, Roll
from ..core.errors import RuleError
from ..core.explain import Explained, Term, fmt_number
from ..core.numbers import MOST, read_amount, read_int
from .seatables import SeaTables
from .seaworld import CheckRecord, SeaWorld
from .tables import PortTables
from .zones import SIDE_NAMES, naval_status, refuse_barred, zone_exists

IZ_KINDS = ("outside", "loose", "tight")
Roller = Callable[..., Roll]
"""(dice spec, purpose, detail) -> a resolved roll (typed, app-rolled or replayed); detail is shown when asked."""


class Item(msgspec.Struct, frozen=True):
    """One cargo item to check: its name, kind and size in REs (SPs/SRPs)."""

    name: str
    kind: str
    res: float = 0.0


def phase_key(turn: int, segment_key: str) -> str:
    """The key of "this naval movement phase" (33.A; RULINGS E26): game turn and phase (initial, reaction,
    exploitation), across all of the phase's segments: ``3/axis-turn/initial`` for ``axis-turn/initial/initial-naval``."""
    return f"{turn}/{'/'.join(segment_key.split('/')[:2])}"


def parse_item(st: SeaTables, text: str, default_name: str) -> Item:
    """Read ``KIND[:RES][@NAME]`` (``sp:3@convoy-1``, ``empty-nt``, ``unit@7-6 div``)."""
    body, _, name = text.partition("@")
    kind, _, amount = body.partition(":")
    kind = kind.strip().lower()
    if kind not in st.cargo_kinds:
        raise RuleError(f"'{kind}' is not a cargo kind: one of {', '.join(st.cargo_kinds)} (33.A)")
    res = 0.0
    if amount:
        res = read_amount(amount, "REs", 0.5, MOST, 0.5)
    if st.cargo_kinds[kind].increment and not res:
        res = st.cargo_kinds[kind].increment
    return Item(name.strip() or default_name, kind, res)


def increments(st: SeaTables, item: Item) -> list[Item]:
    """SPs/SRPs are rolled for in 3 RE increments where possible (33.E Table 6 *): 7 REs -> 3, 3, 1."""
    step = st.cargo_kinds[item.kind].increment
    if not step or item.res <= step:
        return [item]
    parts, left, n = [], item.res, 1
    while left > 0:
        size = min(step, left)
        parts.append(Item(f"{item.name}/{n}", item.kind, size))
        left -= size
        n += 1
    return parts


def final_nsn(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str, kind: str,
              flags: frozenset[str] = frozenset()) -> Explained:
    """The naval status number the contact roll uses: zone (with air) plus the item's 33.D modifier."""
    zone = naval_status(world, st, pt, zid, side, flags)
    if zone.value is None:
        return zone
    cargo = st.cargo_kinds[kind]
    terms = (Term(f"{zone.name}", zone.value, zone.rule),
             Term(cargo.modifier_text or f"{cargo.name}: no modifier", cargo.modifier, cargo.modifier_rule or cargo.rule))
    value = int(math.floor(zone.value + cargo.modifier))
    notes = zone.notes + (st.anti_shipping_table.note,)
    return Explained("final naval status number", value, "33.B.10; 33.C; 33.D", zone.terms + terms, notes)


def results_column(st: SeaTables, kind: str, iz: str) -> str:
    """The SHIPPING RESULTS TABLE column: SP/SRP anywhere, else by interdiction zone (33.E Table 6; note 1)."""
    col = st.cargo_kinds[kind].column
    return "sp" if col == "sp" else iz


def iz_kind(world: Any, st: SeaTables, zid: str, override: str = "") -> str:
    """The interdiction-zone column of a check: as given, else the declared zone's kind when checked in it."""
    declared = world.sea.iz.kind if st.sea_zones[zid].interdiction and world.sea.iz is not None else ""
    if override:
        allowed = (declared,) if declared else ("outside",)
        if override not in allowed:
            where = (f"in the declared {declared} {st.sea_zones[zid].name}" if declared
                     else f"in the {st.sea_zones[zid].name}, not a declared naval interdiction zone")
            raise RuleError(f"--{override}: cargo contacted {where} uses the {allowed[0]} column; "
                            f"give --{allowed[0]} or nothing (33.E Table 6; 33.B.7)")
        return override
    return declared or "outside"


def contact(st: SeaTables, roll: int, nsn: int) -> Explained:
    """2d6 on the ANTI-SHIPPING TABLE at ``nsn`` (33.D Table 5; RULINGS E20)."""
    table = st.anti_shipping_table
    column = min(max(nsn, table.first_column), table.last_column)
    hit = table.contact(roll, nsn)
    terms = (Term("dice (2d6)", roll, table.rule), Term("naval status number", nsn, "33.B.10"),
             Term("column used", column, "RULINGS E20"), Term("row as printed", table.rows[str(roll)].printed, table.rule))
    return Explained("contact", hit, table.rule, terms, (table.note, table.rows[str(roll)].note))


def shipping_result(st: SeaTables, die: int, column: str) -> Explained:
    """1d6 on the SHIPPING RESULTS TABLE in ``column`` (33.E Table 6)."""
    res = st.shipping_results
    code = res.rows[str(die)][column]
    terms = (Term("die (1d6)", die, res.rule), Term(f"column: {res.columns[column]}", column, res.rule))
    return Explained("shipping result", code, res.rule, terms, (res.effects[code].rule,))


def plain_words(st: SeaTables, code: str, item: Item) -> str:
    """The result in the referee's words (33.E 1-4)."""
    eff = st.shipping_results.effects[code]
    naval = item.kind in ("naval", "carrier")
    if code == "NE":
        return f"No effect: {item.name} is not affected."
    if eff.res_lost and item.res:
        lost = min(eff.res_lost, item.res)
        rest = "; the rest go on" if lost < item.res else ""
        return f"{eff.name}: {fmt_number(lost)} of the {fmt_number(item.res)} REs of {item.name} eliminated{rest}."
    if naval and eff.naval_damage:
        back = " and returns to its port of origin" if eff.returned else ""
        return f"{eff.name}: {item.name} suffers {eff.naval_damage} point(s) of damage{back}."
    if eff.fraction_lost and item.res:
        lost = item.res * eff.fraction_lost
        return f"{eff.name}: {fmt_number(lost)} of the {fmt_number(item.res)} REs of {item.name} eliminated. {eff.text}"
    return f"{eff.name}: {item.name}. {eff.text}"


def contact_roller(side: str) -> Explained:
    """Who rolls the contact check: the enemy of the side whose cargo or naval unit is checked (33.D)."""
    roller = next(s for s in SIDE_NAMES if s != side)
    terms = (Term("shipping checked", SIDE_NAMES[side], "33.D"), Term("rolled by its enemy", SIDE_NAMES[roller], "33.D"))
    return Explained("contact roll made by", roller, "33.D", terms,
                     ('33.D: "the enemy player rolls two dice and consults the ANTI-SHIPPING TABLE"',))


def half_eliminated(st: SeaTables, item: Item) -> Explained:
    """What a ½E result does to ``item`` (33.E 3): half eliminated, half turned back, no further movement.

    Half the cargo's REs are eliminated and half are returned to the port of origin and disembarked; half the NTs
    carrying it are sunk; other naval units suffer the result's damage; eliminated units generate RPs, which are
    involved units too; all of them may not move for the rest of the player-turn.
    """
    eff = st.shipping_results.effects["½E"]
    lost = item.res * eff.fraction_lost
    terms = (Term("REs of cargo", item.res, "33.E Table 6"),
             Term("REs eliminated (half)", lost, eff.rule),
             Term("REs returned to the port of origin and disembarked", item.res - lost, eff.rule),
             Term("share of the NTs carrying it sunk", eff.fraction_lost, eff.rule),
             Term("points of damage to other naval units", eff.naval_damage, eff.rule),
             Term("further movement this player-turn", "none", eff.rule))
    notes = (f"{eff.rule}: the eliminated units generate RPs (by the replacement rules); those RPs are involved units "
             "too and may not move for the rest of the player-turn",) if item.kind == "unit" else ()
    return Explained("½E: Half Eliminated", lost, eff.rule, terms, notes)


def holds(st: SeaTables, code: str) -> bool:
    """Whether a result keeps the item from moving for the rest of the player-turn: R and ½E (33.E 2, 3)."""
    eff = st.shipping_results.effects.get(code)
    return eff is not None and eff.returned and eff.fraction_lost < 1


def player_turn(phase: str) -> str:
    """``3/axis-turn`` for the phase key ``3/axis-turn/initial`` (33.E: "the rest of the player-turn")."""
    return "/".join(phase.split("/")[:2])


def held(st: SeaTables, sea: SeaWorld, phase: str, item: str) -> CheckRecord | None:
    """An earlier check this player-turn that turned ``item`` back (R or ½E): it may not move again (33.E 2, 3)."""
    turn = player_turn(phase)
    return next((c for c in sea.checks if player_turn(c.phase) == turn and c.item.lower() == item.lower()
                 and c.contacted and holds(st, c.result)), None)


def previous_check(sea: SeaWorld, phase: str, item: str, zid: str) -> CheckRecord | None:
    """The check of this item in this zone this phase, if any (33.A: once per sea zone per naval movement phase)."""
    return next((c for c in sea.checks if c.phase == phase and c.item.lower() == item.lower() and c.zone == zid), None)


def refuse_unchecked_zone(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str, flags: frozenset[str]) -> None:
    """Refuse a check where there is nothing to roll: barred, not subject, exempt, or a zone not in effect."""
    zone = st.sea_zones[zid]
    if not zone_exists(world, st, pt, zid):
        raise RuleError(f"{zone.name} is not in effect: no interdiction zone has been declared this turn ({zone.rule})")
    refuse_barred(world, st, pt, zid, side)
    table = zone.side(side)
    known = {line.flag for line in table.lines if line.flag} | ({table.exempt_flag} if table.exempt_flag else set())
    unknown = sorted(flags - known)
    if unknown:
        have = ", ".join(f"--{f}" for f in sorted(known)) or "none"
        raise RuleError(f"--{unknown[0]} means nothing for {SIDE_NAMES[side]} shipping in the {zone.name} (its route options: {have}) ({table.rule})")
    if not table.subject:
        raise RuleError(f"{SIDE_NAMES[side]} shipping in the {zone.name} is not subject to interference ({table.rule}): nothing to check")
    if table.exempt_flag and table.exempt_flag in flags:
        raise RuleError(f"{SIDE_NAMES[side]} shipping in the {zone.name} {table.exempt_text} is not subject to interference ({table.rule})")


def run_check(world: Any, st: SeaTables, pt: PortTables, zid: str, side: str, item: Item, iz: str,
              flags: frozenset[str], roll: Roller, phase: str, forced: bool) -> tuple[CheckRecord, list[str], list[Explained]]:
    """Check one item: contact roll, and on contact the results roll. Returns the record, log lines, explanations."""
    nsn = final_nsn(world, st, pt, zid, side, item.kind, flags)
    zone = st.sea_zones[zid].name
    first = roll(st.anti_shipping_table.dice, f"33.D contact: {item.name} in {zone}", contact_detail(st, nsn))
    hit = contact(st, first.total, nsn.value)
    size = f" ({fmt_number(item.res)} REs)" if item.res else ""
    head = f"{item.name}{size}, {st.cargo_kinds[item.kind].name}, {zone}: NSN {nsn.value}, 2d6 {first.total}"
    if not hit.value:
        rec = CheckRecord(phase, item.name, zid, side, item.kind, item.res, iz, nsn.value, first.total, False,
                          forced=forced, flags=tuple(sorted(flags)))
        return rec, [f"{head} — not contacted (33.D)"], [nsn, hit]
    column = results_column(st, item.kind, iz)
    second = roll(st.shipping_results.die, f"33.E result: {item.name} in {zone}", result_detail(st, column))
    result = shipping_result(st, second.total, column)
    words = plain_words(st, result.value, item)
    rec = CheckRecord(phase, item.name, zid, side, item.kind, item.res, iz, nsn.value, first.total, True,
                      second.total, result.value, forced, tuple(sorted(flags)))
    shown = [nsn, hit, result] + ([half_eliminated(st, item)] if result.value == "½E" else [])
    return rec, [f"{head} — CONTACT; 1d6 {second.total} ({column}) = {result.value}: {words}"], shown


def contact_totals(st: SeaTables, nsn: int) -> list[int]:
    """The 2d6 totals that contact at ``nsn`` (33.D Table 5; RULINGS E20)."""
    return [int(r) for r in sorted(st.anti_shipping_table.rows, key=int) if st.anti_shipping_table.contact(int(r), nsn)]


def _runs(values: list[int]) -> str:
    """``3, 6-12`` for [3, 6, 7, 8, 9, 10, 11, 12]."""
    out: list[str] = []
    for v in values:
        if out and out[-1].split("-")[-1] == str(v - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)


def contact_detail(st: SeaTables, nsn: Explained) -> str:
    """What the contact roll decides, before it is rolled: the final NSN, what it is made of, the contacting totals."""
    parts = [f"{t.label} {fmt_number(t.value)}" for t in nsn.terms[-2:]
             if isinstance(t.value, (int, float)) and not isinstance(t.value, bool) and (t.value or t is nsn.terms[-2])]
    totals = _runs(contact_totals(st, nsn.value)) or "none"
    return f"NSN {nsn.value} ({'; '.join(parts)}); ANTI-SHIPPING TABLE column {nsn.value}: contact on 2d6 {totals}"


def result_detail(st: SeaTables, column: str) -> str:
    """What the results roll decides, before it is rolled: the column of the SHIPPING RESULTS TABLE, face by face."""
    res = st.shipping_results
    faces = ", ".join(f"{die} {row[column]}" for die, row in sorted(res.rows.items(), key=lambda kv: int(kv[0])))
    return f"SHIPPING RESULTS TABLE, {res.columns[column]}: {faces}"


def typed_faces(text: str) -> list[int]:
    """A row of physical dice typed in one go: ``3,4,6,1,2`` or ``3 4 6 1 2``."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) > MAX_DICE:
        raise RuleError(f"at most {MAX_DICE} dice in a row, not {len(parts)}")
    faces = [read_int(p, "a die face", 1, MAX_SIDES) for p in parts]
    if not faces:
        raise RuleError("no dice given after dice=")
    return faces
