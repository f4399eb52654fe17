"""Raiders (21.53): groups, where they raid from, the Raider Table, which ships engage, and transports.

The printed part of the Raider Table (21.5342) is data (RULINGS A2): its
modifiers (:func:`raider_modifier`), the escape threshold and the ship type
each die face sends (:func:`engaging_ship`). Naval combat (22.35) and the
Naval Attack Table (22.55) are not in the seed: the referee types their
results. Ships are described by :class:`RaidShip`, so nothing here needs the
world model.
"""

from __future__ import annotations

import msgspec


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_common import power_name
from .ops_tables import OpsTables, Origin
from .transport import Place, place_matches

CARRIER = "fast-carrier"


class RaidShip(msgspec.Struct, frozen=True):
    """A naval unit as the raider rules see it."""

    name: str
    kind: str
    """A unit type of the game (``battleship``, ``cruiser-2``, ``fast-carrier``, ``destroyer`` ...)."""
    factors: int
    fast: bool = True
    power: str = ""
    damaged: bool = False


def check_group(ships: list[RaidShip], t: OpsTables) -> Explained:
    """21.532A, E: eligible ships (fast cruisers, capital ships, fast carriers; no five-factor battleships), at most three, one carrier."""
    r = t.raiders
    if not ships:
        raise RuleError("a raider group has at least one ship (21.532E)")
    for s in ships:
        if s.kind not in r.eligible_types.value:
            raise RuleError(f"{s.name} ({s.kind}) may not raid: cruisers, capital ships and fast carriers only; five-factor "
                            "battleships and destroyers may not (21.532A)")
        if not s.fast:
            raise RuleError(f"{s.name} is a slow ship and may not raid (21.532A)")
        if s.damaged:
            raise RuleError(f"{s.name} is damaged and may not undertake a naval activity (21.314)")
    carriers = [s for s in ships if s.kind == CARRIER]
    if len(ships) > r.max_ships.value:
        raise RuleError(f"a raider group is at most {r.max_ships.value} ships, not {len(ships)} (21.532E)")
    if len(carriers) > r.max_fast_carriers.value:
        raise RuleError(f"a raider group has at most {r.max_fast_carriers.value} fast carrier (21.532E)")
    return Explained("ships in the raider group", len(ships), "21.532E",
                     (Term("ships (a two-factor cruiser is one ship)", len(ships), r.max_ships.rule),
                      Term("fast carriers", len(carriers), r.max_fast_carriers.rule)))


def origin_for(power: str, base: Place, sw_box: str, t: OpsTables) -> Origin:
    """The 21.532B-D line that lets ``power`` raid ``sw_box`` from ``base``; refuses otherwise."""
    for o in t.raiders.origins:
        if o.sw_box == sw_box and power in o.powers and any(place_matches(base, p, t) for p in o.places):
            return o
    lines = "; ".join(f"{', '.join(o.powers)} from {', '.join(o.places)} ({o.rule})" for o in t.raiders.origins if o.sw_box == sw_box)
    raise RuleError(f"{power_name(power)} may not raid the {sw_box} SW box from {base.name}: {lines or 'no one may'} (21.532)")


def check_per_base(origin: Origin, counts: dict[str, int]) -> None:
    """21.532C, D: up to three ships may raid from each listed port (``counts``: ships per base this turn)."""
    if not origin.per_base:
        return
    for base, n in counts.items():
        if n > origin.per_base:
            raise RuleError(f"up to {origin.per_base} ships may raid from {base}, not {n} ({origin.rule})")


class RaidConditions(msgspec.Struct, frozen=True):
    """What the Raider Table's modifiers need to know, typed or confirmed by the referee."""

    priority: int = 1
    """1 for the first raider group in the box, 2 for the second, ..."""
    air_range_results: int = 0
    us_at_war_with_germany: bool = False
    cves: int = 0
    """CVEs in the SW box (plus search AAS and NAS where the table counts them)."""
    singapore: bool = False
    """Japanese raiders based in Singapore (Indian Ocean)."""
    codebreaking: int = 0
    """+1, 0 or -1: Ultra (German, Italian) or Magic (Japanese) advantage."""


def raider_modifier(sw_box: str, ships: int, c: RaidConditions, t: OpsTables) -> Explained:
    """The modifier to the Raider Table die roll for one raider group (21.5342; RULINGS A2)."""
    rt = t.raider_table
    box = t.raider_box(sw_box)
    if c.priority < 1:
        raise RuleError("a raider group's priority is 1 or more (21.533C)")
    if c.codebreaking not in (-1, 0, 1):
        raise RuleError("the codebreaking modifier is -1, 0 or +1 (21.5342)")
    terms = [Term("automatic", rt.automatic, rt.rule)]
    if c.priority > 1:
        terms.append(Term(f"raider group number {c.priority} in the box", rt.per_additional_group * (c.priority - 1), rt.rule))
    if ships >= 3:
        terms.append(Term("the group has three ships", rt.three_ships, rt.rule))
    if c.air_range_results:
        terms.append(Term(f"{c.air_range_results} defender air range research results", rt.per_air_range_result * c.air_range_results, rt.rule))
    if c.us_at_war_with_germany and box.us_at_war_with_germany:
        terms.append(Term("the U.S. is at war with Germany", box.us_at_war_with_germany, box.rule))
    steps = min(c.cves // box.cves_per_step, box.max_cve_steps)
    if c.cves:
        what = "CVEs" + (" and search AAS/NAS" if box.search_air_counts else "")
        terms.append(Term(f"{c.cves} {what} / {box.cves_per_step}, round down, at most +{box.max_cve_steps}", steps, box.rule))
    if c.singapore and box.singapore_raiders:
        terms.append(Term("Japanese raiders based in Singapore", box.singapore_raiders, box.rule))
    if c.codebreaking:
        terms.append(Term(f"{box.codebreaking} codebreaking advantage", rt.codebreaking * c.codebreaking, rt.rule))
    value = sum(term.value for term in terms)
    return Explained(f"Raider Table modifier ({sw_box})", value, rt.rule, tuple(terms), tuple(n for n in (rt.note, box.note) if n))


def engagement(roll: int, modifier: int, t: OpsTables) -> Explained:
    """21.5341: the modified roll; 0 or less the raiders escape (value 0), else that many defending ships may engage."""
    if not 1 <= roll <= 6:
        raise RuleError(f"the Raider Table roll is one die, 1 to 6, not {roll} (21.5341)")
    total = roll + modifier
    rt = t.raider_table
    ships = 0 if total <= rt.escape_at_most else total
    terms = (Term("die roll", roll, "21.5341"), Term("modifiers", modifier, rt.rule), Term("modified roll", total, "21.5341"))
    note = ("The raider group escapes detection and may attack the defending transports (21.5341A, 21.5361A)."
            if not ships else f"The defender rolls {ships} dice for the types of ships that engage (21.5342A).")
    return Explained("defending ships that may engage", ships, "21.5341", terms, (note,))


def engaging_ship(face: int, available: dict[int, bool], t: OpsTables) -> Explained:
    """21.5342, D: the ship type a die face sends; if none is available the next lesser face that is (value: the face used, 0 none).

    ``available`` maps each face to whether an eligible ship of that type is
    there (for 6: a fully operational fast carrier with enough light ship factors, 21.5342C).
    """
    if not 1 <= face <= 6:
        raise RuleError(f"a ship type roll is one die, 1 to 6, not {face} (21.5342)")
    rows = {s.face: s for s in t.raider_table.ships}
    for f in range(face, 0, -1):
        if available.get(f):
            terms = (Term("die roll", face, "21.5342A"), Term(f"sends {rows[f].text}", f, "21.5342"))
            notes = () if f == face else (f"{rows[face].text[:1].upper()}{rows[face].text[1:]} is not available: the defender must send a lesser "
                                          "result (21.5342D).",)
            return Explained("ship type that engages", f, "21.5342", terms, notes)
    return Explained("ship type that engages", 0, "21.5342D", (Term("die roll", face, "21.5342A"),),
                     ("No eligible ship of this or any lesser type is available.",))


def may_engage(ship: RaidShip, attempt: int, group_damaged: bool) -> bool:
    """21.5342B, 21.538: only fast ships in the first engagement; slow ships may engage a returning group with damaged ships."""
    if ship.damaged:
        return False
    if ship.fast:
        return True
    return attempt == 2 and group_damaged


def may_attack_transports(engaged: bool, unscreened_survivors: int) -> Explained:
    """21.5361, 21.5363: raiders attack the transports if not engaged, or no unscreened defender survives."""
    if not engaged:
        return Explained("raiders may attack the transports", True, "21.5361A", (Term("not engaged by defending naval units", 0, "21.5361A"),))
    ok = unscreened_survivors == 0
    return Explained("raiders may attack the transports", ok, "21.5361B, 21.5363",
                     (Term("unscreened defending naval units surviving", unscreened_survivors, "21.5363"),),
                     ("Each carrier makes one air strike and the other ships one fleet combat roll on the Naval Attack Table "
                      "(22.55, not in the seed: the referee types the transports lost, RULINGS A2); nationality DRMs apply "
                      "(21.5362).",) if ok else ("Damaged survivors still protect the transports (21.5363).",))


def check_setup_raider(unit_id: str, name: str, power: str, sw_box: str, turn_label: str, t: OpsTables) -> str:
    """21.5331: a ship already in ``sw_box`` raids without moving from port only if it is one Germany placed there at its
    opening setup, in the turn the data names; returns the BRP line, refuses otherwise."""
    spec = t.raiders.setup
    names = {s.lower() for s in spec.ships}
    if power != spec.power or sw_box != spec.sw_box or not ({unit_id.lower(), name.lower()} & names):
        raise RuleError(f"{unit_id} is already in the {sw_box} box: raiders move from port to the SW box (21.533B); only "
                        f"{', '.join(spec.ships)} placed there at {power_name(spec.power)}'s opening setup raid from it "
                        f"({spec.rule})")
    if turn_label and turn_label.lower() != spec.turn.lower():
        raise RuleError(f"{unit_id} was placed in the {sw_box} box at the opening setup and raids in the {spec.turn} combat "
                        f"phase, not {turn_label} ({spec.rule})")
    return f"{unit_id} placed in the {sw_box} box at the opening setup: {spec.brps_each} BRP ({spec.rule})"


def raid_front(origin_fronts: list[tuple[str, ...]], sw_box: str, t: OpsTables) -> tuple[str, str]:
    """21.531C (proposed ruling A15): the front a raid's BRPs are paid on, and why."""
    spec = t.raiders.brp_front
    single = {f[0] for f in origin_fronts if len(f) == 1}
    if len(single) == 1 and all(len(f) == 1 for f in origin_fronts):
        front = single.pop()
        return front, f"the front of the raiders' base of origin ({spec.rule}; proposed ruling A15)"
    front = spec.by_sw_box.get(sw_box, "")
    return front, f"the front set for raids into the {sw_box} box ({spec.rule}; proposed ruling A15)"


def waiting_setup_raiders(units: list, turn_label: str, side: str, tables, t: OpsTables) -> list[str]:
    """21.5331: the setup raiders still in their SW box, not yet raiding, in the turn they must raid (ids)."""
    spec = t.raiders.setup
    if turn_label.lower() != spec.turn.lower() or tables.side_of(spec.power) != side:
        return []
    names = {s.lower() for s in spec.ships}
    return [u.id for u in units if u.power == spec.power and u.base == spec.sw_box and not u.sunk and not u.at_sea
            and ({u.id.lower(), u.name.lower()} & names)]
