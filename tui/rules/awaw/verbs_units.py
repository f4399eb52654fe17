"""The naval roster's own commands: construction, task forces, damage, repair, losses, DRMs, control.

These are legal in every segment (they record what happens on the board):
``build`` places a new unit inverted (21.34); ``tf`` forms or leaves a task
force (21.312); ``damage``, ``repaired``, ``sink`` record combat results;
``drm`` changes a navy's naval nationality DRM (scenario data, 21.526);
``control`` records who holds a base or a strait hex (21.123, 21.211);
``operational`` a port's operational status (21.221); ``research`` the
harbor-attack research result (21.442). Each names its owner (issue 32): the
side of the units or of the base's holder; ``control`` the captor's
(control follows the occupation his ground units made; neutral: the
referee's); ``drm`` and ``research`` (scenario data) the referee.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.names import new_name
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from .bases import Base
from .basing import check_room, room_left
from .common import REFEREE, Side, flag, ids, owner
from .parts import OpsParts
from .tables import AwawTables
from .units import NavalUnit
from .world import AwawWorld


def _build(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.34: a newly constructed unit is placed inverted and may not act this player turn."""
    world: AwawWorld = ctx.state.world
    if len(args) < 5:
        raise RuleError("usage: build ID POWER TYPE FACTORS BASE [--fast] [--nation N] [--name TEXT] (21.34)")
    uid, power, kind, factors_text = new_name(args[0], "a unit's id"), *args[1:4]
    if uid.lower() in (u.lower() for u in world.units):
        raise RuleError(f"there is already a unit '{uid}'")
    if "," in uid:
        raise RuleError("a unit id has no commas")
    if power not in tables.powers:
        raise RuleError(f"'{power}' is not a power ({', '.join(tables.powers)})")
    if kind not in tables.unit_types:
        raise RuleError(f"'{kind}' is not a unit type ({', '.join(tables.unit_types)})")
    factors = read_int(factors_text, "naval factors", 1, 20)
    base, rest = world.take_base(args[4:])
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)}")
    if tables.side_of(base.control) != tables.side_of(power):
        raise RuleError(f"{base.name} is held by {base.control}: a new {power} unit must be placed in a base its side controls (21.34)")
    name = new_name(str(opts["name"]), "a unit's name (--name)") if "name" in opts else uid
    unit = NavalUnit(uid, name, power, str(opts.get("nation") or power), kind, factors,
                     bool(opts.get("fast")), base.name, inverted=True, acted=True)
    # 21.112: not yet in the world, so all its factors arrive (a unit already "at" the base would count nothing)
    check_room(world, base, [unit.change(base="")], tables, f"build {uid}")
    new = world.with_units([unit])
    return Outcome(new, f"{uid} ({tables.unit_types[kind].name}, {factors} factors) built at {base.name}, inverted: "
                        f"it may not act this player turn (21.34)", explanations=(room_left(new, base, tables),),
                   actor=tables.side_of(power))  # the constructing power's side (21.34)

def _task_force(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.312: ten or more naval factors act only as a task force; ``tf none UNITS`` leaves one."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: tf NAME UNITS (tf none UNITS to leave a task force) (21.312)")
    name, units = new_name(args[0], "a task force's name"), world.units_named(args[1:])
    if name.lower() == "none":
        return Outcome(world.with_units([u.change(tf="") for u in units]), f"{ids(units)} no longer in a task force (21.312)",
                       actor=owner(units, tables))
    bases = {u.base for u in units} | {u.base for u in world.task_force(name)}
    if len(bases) > 1:
        raise RuleError(f"a task force is formed in one base; these units are at {', '.join(sorted(bases))} (21.312)")
    powers = {tables.side_of(u.power) for u in units + world.task_force(name)}
    if len(powers) > 1:
        raise RuleError("a task force is of one side (21.312)")
    transports = [u.id for u in units if u.category(tables) == "transport"]
    if transports:
        raise RuleError(f"transports are assigned to task forces, not put into them (21.35C): {', '.join(transports)}")
    new = world.with_units([u.change(tf=name) for u in units])
    total = sum(u.factors for u in new.task_force(name))
    return Outcome(new, f"Task force {name}: {ids(new.task_force(name))} ({total} naval factors) (21.312)",
                   actor=owner(units, tables))

def _damage(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.314 (damaged: no activities), 21.113 (--repair: in Waiting for Repair, not counted against basing)."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    wait = bool(opts.get("repair"))
    new = world.with_units([u.change(damaged=True, repair=wait or u.repair) for u in units])
    where = "; in the Waiting for Repair box, not counted against basing (21.113)" if wait else ""
    return Outcome(new, f"{ids(units)} damaged: no naval activities (21.314){where}", actor=owner(units, tables))

def _repaired(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """The units leave the Naval Construction Chart repaired (they count against basing again, 21.113)."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    not_damaged = [u.id for u in units if not u.damaged and not u.repair]
    if not_damaged:
        raise RuleError(f"{', '.join(not_damaged)} {'is' if len(not_damaged) == 1 else 'are'} not damaged")
    back = [u.change(damaged=False, repair=False) for u in units]
    new = world.with_units(back)
    for name in dict.fromkeys(u.base for u in back):
        left = room_left(new, new.bases[name], tables)
        if isinstance(left.value, int) and left.value < 0:
            raise RuleError(f"{name} has no room for them out of the Waiting for Repair box: {-left.value} factors "
                            "too many, and capacity may not be voluntarily exceeded (21.113, 21.112)")
    return Outcome(new, f"{ids(units)} repaired (21.113)", actor=owner(units, tables))

def _sink(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A combat result: the units are sunk (or eliminated, 21.112, 21.23D, 21.23G)."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    gone = [u.id for u in units if u.sunk]
    if gone:
        raise RuleError(f"{', '.join(gone)} already sunk")
    return Outcome(world.with_units([u.change(sunk=True, at_sea="", sea_hex="", tf="") for u in units]),
                   f"{ids(units)} sunk", actor=owner(units, tables))

def _drm(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.526: a navy's naval nationality DRM (scenario data the referee may change)."""
    world: AwawWorld = ctx.state.world
    if len(args) != 2:
        raise RuleError("usage: drm NATION N (21.526)")
    nation = args[0].lower()
    known = {u.nation for u in world.units.values()} | set(world.drm) | set(tables.powers)
    if nation not in known:
        raise RuleError(f"no navy '{args[0]}' ({', '.join(sorted(known))})")
    value = read_int(args[1], "a naval nationality DRM", -3, 3)
    return Outcome(replace(world, drm={**world.drm, nation: value}), f"{nation} naval nationality DRM {value:+d} (21.526)",
                   actor=REFEREE)

def _control(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Who holds a base (captured ports are usable by the captor at once, 21.123, 21.124) or a strait hex (21.211)."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: control BASE|HEX POWER|neutral (21.123, 21.211)")
    who = args[-1].lower()
    if who != "neutral" and who not in tables.powers:
        raise RuleError(f"'{args[-1]}' is not a power or neutral ({', '.join(tables.powers)})")
    place = " ".join(args[:-1])
    captor = tables.side_of(who) or REFEREE  # the side whose ground units took it records it; neutral: no player's
    if place.upper() in (h.upper() for h in world.hex_control) or place.upper() in _strait_hexes(tables):
        hx = next((h for h in world.hex_control if h.upper() == place.upper()), place.upper())
        return Outcome(replace(world, hex_control={**world.hex_control, hx: who}),
                       f"Hex {hx} held by {who}; straits check control at the start of each phase (21.211)", actor=captor)
    base = world.base(place)
    new = world.with_base(base.change(control=who))
    enemy = [u for u in world.units_at(base.name) if tables.side_of(u.power) != tables.side_of(who)]
    more = (f"{len(enemy)} naval unit(s) there must be displaced: displace {base.name} ... (21.23)",) if enemy else ()
    return Outcome(new, f"{base.name} now held by {who}; usable by its captor at once (21.123, 21.124)", more, actor=captor)

def _operational(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.221: whether a port is operational (units may still change base to a non-operational port)."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: operational BASE yes|no (21.221)")
    base = world.base(" ".join(args[:-1]))
    value = flag(args[-1], "operational")
    return Outcome(world.with_base(base.change(operational=value)),
                   f"{base.name} {'operational' if value else 'not operational'} (21.221)",
                   actor=tables.side_of(base.control) or REFEREE)  # its holder's; a neutral port no player's

def _research(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.442: a power has (or loses) the research result harbor attacks require."""
    world: AwawWorld = ctx.state.world
    if len(args) != 2 or args[0].lower() not in tables.powers:
        raise RuleError(f"usage: research POWER yes|no ({', '.join(tables.powers)}) (21.442)")
    power, value = args[0].lower(), flag(args[1], "the research result")
    return Outcome(replace(world, harbor_research={**world.harbor_research, power: value}),
                   f"{power} {'has' if value else 'does not have'} the harbor attack research result (21.442)",
                   actor=REFEREE)  # the scenario's (the research rules are not in the seed)

def _construct(tables: AwawTables, side: Side, aleutians: tuple[str, ...], ctx: Context, args: list[str], opts: dict[str, Any]
               ) -> Outcome:
    """21.121-21.124: build a port counter in a Pacific island (two a year, one a turn, from 1942)."""
    world: AwawWorld = ctx.state.world
    pc = tables.port_construction
    if len(args) < 4:
        raise RuleError("usage: construct POWER HEX FRONT NAME... --island (21.121)")
    power, hex_, front, name = args[0].lower(), args[1].upper(), args[2].lower(), new_name(" ".join(args[3:]), "a base's name")
    if power not in pc.powers:
        raise RuleError(f"only {' and '.join(pc.powers)} may construct ports ({pc.rule})")
    if tables.side_of(power) != side(ctx):
        raise RuleError(f"ports are built in the moving player's construction phase; {power} is not {side(ctx)} (21.121B)")
    if front not in tables.fronts:
        raise RuleError(f"'{args[2]}' is not a front ({', '.join(tables.fronts)})")
    year, turn = ctx.year, ctx.state.flow.turn
    if year is not None and year < pc.from_year:
        raise RuleError(f"port construction begins in {pc.from_year} ({pc.rule}, 21.121A)")
    built = world.port_builds.get(power, [])
    if turn in built:
        raise RuleError(f"{power} has already built a port this turn: one port each turn ({pc.rule})")
    this_year = [t for t in built if ctx.year is None or t // 4 == turn // 4]
    if len(this_year) >= pc.per_year:
        raise RuleError(f"{power} has built {len(this_year)} ports this year; at most {pc.per_year} ({pc.rule})")
    if any(b.hex.upper() == hex_ for b in world.bases.values()):
        raise RuleError(f"there is already a port in {hex_}: no more than one port may be constructed in a hex (21.121C)")
    if name.lower() in (b.lower() for b in world.bases):
        raise RuleError(f"there is already a base called {name}")
    group = str(opts.get("group") or "") if opts.get("group") is not True else ""
    if group.lower() in {g.lower() for g in pc.barred_groups} or name.lower() in {i.lower() for i in aleutians}:
        raise RuleError(f"ports may not be constructed in the Aleutians ({name}"
                        f"{f', group {group}' if group else ''}) (21.121C)")
    holder = next((who for where, who in world.hex_control.items() if where.lower() in (hex_.lower(), name.lower())), None)
    if holder is not None and holder != power:
        raise RuleError(f"{name} ({hex_}) is held by {holder}: a port is built only in a hex the constructing major power "
                        f"has controlled since the start of its player turn (21.121C)")
    if not opts.get("island"):
        raise RuleError("confirm with --island that the hex is a controlled, fully supplied one-hex island of a Pacific "
                        "island group (not the Aleutians), held by the constructing power since the start of its "
                        "player turn (21.121C)")
    theater = tables.fronts[front].theater
    base = Base(name, "port-counter", (front,), theater, hex_, power, True, group=group,
                control_at_start=power, note="built " + ctx.turn_label)
    new = replace(world.with_base(base), port_builds={**world.port_builds, power: [*built, turn]})
    return Outcome(new, f"Port counter {name} built in {hex_} by {power}: {pc.rps} RPs and {pc.brps} BRPs, the BRPs "
                        f"counting against {power}'s construction limit (21.121, 21.122); usable at once (21.124)")


def build_unit_verbs(tables: AwawTables, side: Side, aleutians: tuple[str, ...] = ()) -> OpsParts:
    """The roster verbs, bound to the tables and the acting side (their bodies are the module-level functions above);
    ``aleutians``: the Aleutian islands the data lists (21.121C)."""
    verbs = [
        Verb("construct", "construct POWER HEX FRONT NAME... --island [--group G]",
             "Build a port counter in a Pacific island: two a year, one a turn, from 1942.", "21.121-21.124",
             partial(_construct, tables, side, aleutians), group="naval", options=("island", "group")),
        Verb("build", "build ID POWER TYPE FACTORS BASE [--fast] [--nation N] [--name TEXT]",
             "Place a newly constructed naval unit, inverted: it may not act this player turn.", "21.34", partial(_build, tables),
             anytime=True, group="naval", options=("fast", "nation", "name")),
        Verb("tf", "tf NAME UNITS | tf none UNITS", "Form a task force of units in one base, or take units out of one.",
             "21.312", partial(_task_force, tables), anytime=True, group="naval"),
        Verb("damage", "damage UNITS [--repair]", "Units damaged in combat; --repair: in the Waiting for Repair box.",
             "21.314, 21.113", partial(_damage, tables), anytime=True, group="naval", options=("repair",)),
        Verb("repaired", "repaired UNITS", "Damaged units repaired and back in service.", "21.113", partial(_repaired, tables),
             anytime=True, group="naval"),
        Verb("sink", "sink UNITS", "Units sunk or eliminated.", "21.23G", partial(_sink, tables), anytime=True, group="naval"),
        Verb("drm", "drm NATION N", "Change a navy's naval nationality DRM (scenario data).", "21.526", partial(_drm, tables),
             anytime=True, group="naval"),
        Verb("control", "control BASE|HEX POWER|neutral", "Record who holds a base (capture) or a strait hex.",
             "21.123, 21.124, 21.211", partial(_control, tables), anytime=True, group="naval"),
        Verb("operational", "operational BASE yes|no", "Record whether a port is operational.", "21.221", partial(_operational, tables),
             anytime=True, group="naval"),
        Verb("research", "research POWER yes|no", "A power has the research result harbor attacks need.", "21.442",
             partial(_research, tables), anytime=True, group="naval"),
    ]
    return OpsParts({v.name: v for v in verbs})


def _strait_hexes(tables: AwawTables) -> set[str]:
    """The hexes of every strait (its own and those it also covers), upper case (21.211)."""
    return {h.upper() for s in tables.straits for h in (*s.hexes, *s.also)}
