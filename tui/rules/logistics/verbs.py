"""Logistics commands: what the referee types, checked and applied through the rule modules.

Each handler reads its arguments (hex ids as printed, ``0807``, or a city's
name), calls the pure functions of ``storm``, ``sites`` and ``factories``
(which refuse illegal changes with the paragraph they break) and returns an
:class:`Outcome` saying what changed. The app holds no units: a command is
the referee's word that the unit is there, and the summary says what it
costs the unit (1 cv).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.dice import DiceSpec
from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import factories as F
from . import sites as X
from . import storm as S
from .board_verbs import board_verbs
from .tables import LogisticsTables
from .world import REFEREE, LogisticsWorld, is_production_turn, side_of

ENGINE_OPTIONS = frozenset({"dice", "roll", "force"})
"""Options every command accepts (the engine's own)."""

Handler = Callable[[Context, list[str], dict[str, Any]], Outcome]


def storm_outcome(ctx: Context, world: LogisticsWorld, direction: int, distance: int, tables: LogisticsTables) -> Outcome:
    """Move the storm for these dice; destroy a Mulberry under it; raise a roll for each adjacent one (Storms ¶4; L1, L2)."""
    turn = ctx.state.flow.turn
    if world.storm_turn == turn:
        raise RuleError(f"the storm already moved this turn ({world.storm_move}); it moves once, after the initiative roll (Storms ¶4)")
    sm = S.move(world, direction, distance, tables)
    new, destroyed, adjacent = S.apply_move(world, sm, tables)
    new = replace(new, storm_turn=turn)
    details = [f"die 1 = {direction}: {sm.direction}; die 2 = {distance}: {distance} hex(es) (RULINGS L1)"]
    if sm.restarted:
        details.append(f"The storm would leave the map: it restarts at the centre {world.centre} (Storms ¶4; RULINGS L1)")
    details += [f"Mulberry in {world.label(h)} under the storm: destroyed (Mulberries ¶3)" for h in destroyed]
    adj = tables.storm.mulberry_adjacent
    faces = "-".join(str(f) for f in (adj.destroyed_on[0], adj.destroyed_on[-1])) if adj.destroyed_on else "never"
    prompts = tuple(
        Pending(id=f"mulberry-{h}", text=f"Mulberry in {world.label(h)} is adjacent to the storm: roll {adj.dice}, destroyed on {faces}",
                kind="roll", effect="mulberry-storm", dice=adj.dice, required=True, rule=f"{adj.rule}; RULINGS L2",
                subject=h, args={"hex": h}, raised=ctx.segment.key, expires="answer")
        for h in adjacent)
    details += [f"prompt: {p.id} — {p.text}" for p in prompts]
    area = " ".join(S.storm_area(new, tables))
    roller = world.storm_roller or ctx.segment.side
    summary = f"Storm {sm.words()}; area {area} (rolled by {roller}, Storms ¶4)"
    return Outcome(new, summary, tuple(details), (S.area_figure(new, tables),), raise_prompts=prompts,
                   settle_prompts=("storm",) if ctx.state.pending_prompt("storm") else (), actor=roller)


def _world_of(ctx: Context) -> LogisticsWorld:
    """The Logistics world of the game."""
    return ctx.state.world


def _side_for(sides: tuple[str, ...], world: LogisticsWorld, hex_id: str, opts: dict[str, Any], what: str) -> str:
    """The side acting in a hex: ``--side``, else the hex's controller; refuses a side that does not hold it."""
    held = world.control(hex_id)
    if opts.get("side"):
        side = side_of(str(opts["side"]), sides)
        if held and held != side:
            raise RuleError(f"{world.label(hex_id)} is controlled by {held}: {side} cannot {what} there (capture it first)")
        return side
    if not held:
        raise RuleError(f"nobody controls {world.label(hex_id)}: say whose with --side {'|'.join(sides)}")
    return held


def _production_turn(ctx: Context, what: str, rule: str) -> None:
    """Refuse ``what`` outside a production turn (RULINGS L3)."""
    if not is_production_turn(_world_of(ctx), ctx.state.flow.turn):
        raise RuleError(f"{what} only in a production turn ({rule}; RULINGS L3): turn {ctx.state.flow.turn} is not one")


def _no_more(rest: list[str], usage: str) -> None:
    """Refuse arguments left over."""
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)} (usage: {usage})")


# ------------------------------------------------------------------ storm
def _storm(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) == 2:
        sides_of_die = DiceSpec.parse(tables.storm.dice.value).sides
        direction = read_int(args[0], "the direction die", 1, len(tables.storm.directions.value))
        distance = read_int(args[1], "the distance die", 1, sides_of_die)
        roll = ctx.roll_typed(tables.storm.dice.value, (direction, distance), "storm: direction, distance")
    elif not args:
        roll = ctx.roll(tables.storm.dice.value, "storm: direction, distance")
    else:
        raise RuleError("usage: storm [DIRECTION DISTANCE] — the two dice, direction first (Storms ¶4)")
    return storm_outcome(ctx, world, roll.faces[0], roll.faces[1], tables)


def _storm_place(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 1:
        raise RuleError("usage: storm-place HEX (set-up: where the storm stands; Storms ¶4)")
    hex_id = world.hex(args[0])
    if hex_id == world.storm:
        raise RuleError(f"the storm is already in {hex_id}")
    new = replace(world, storm=hex_id, storm_move=f"placed in {hex_id}")
    return Outcome(new, f"Storm placed in {world.label(hex_id)}; area {' '.join(S.storm_area(new, tables))} (Storms ¶4)",
                   (), (S.area_figure(new, tables),), actor=REFEREE)  # the scenario's start, not a roll


def _first(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 1:
        raise RuleError(f"usage: first {'|'.join(tables.sides)}")
    side = side_of(args[0], tables.sides)
    if side == world.first:
        raise RuleError(f"{side} already moves first this turn")
    return Outcome(replace(world, first=side), f"{side.title()} moves first this turn ({tables.initiative.winner_moves_first.rule}; RULINGS L3)",
                   actor=REFEREE)  # it overrides the initiative (or the scenario's first side)


# --------------------------------------------------------------- airfields
def _airfield(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    a = tables.airfields
    _production_turn(ctx, "Engineers build airfields", a.build_cost_cv.rule)
    world = _world_of(ctx)
    if len(args) != 1:
        raise RuleError("usage: airfield HEX [--side SIDE] (an Engineer builds a Minor Airfield; Airfields ¶1)")
    hex_id = world.hex(args[0])
    side = _side_for(tables.sides, world, hex_id, opts, "build an airfield")
    new = X.build_airfield(world, hex_id, side, tables)
    return Outcome(new, f"Minor Airfield built in {world.label(hex_id)} for {side}: reduce the Engineer by "
                   f"{a.build_cost_cv.value} cv ({a.build_cost_cv.rule})", (), (X.airfield_figure(new, hex_id, ctx.state.flow.turn, tables),), actor=side)


def _upgrade(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    a = tables.airfields
    _production_turn(ctx, "Engineers convert airfields", a.upgrade_cost_cv.rule)
    world = _world_of(ctx)
    if len(args) != 1:
        raise RuleError("usage: upgrade HEX (an Engineer converts a Minor Airfield into a Major; Airfields ¶2)")
    hex_id = world.hex(args[0])
    side = world.airfields[hex_id].owner if hex_id in world.airfields else world.control(hex_id)
    new = X.upgrade_airfield(world, hex_id, side, tables)
    return Outcome(new, f"Airfield in {world.label(hex_id)} is now Major: reduce the Engineer by {a.upgrade_cost_cv.value} cv "
                   f"({a.upgrade_cost_cv.rule})", (), (X.airfield_figure(new, hex_id, ctx.state.flow.turn, tables),), actor=side)


# -------------------------------------------------------------- Mulberries
def _mulberry(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    m = tables.mulberries
    _production_turn(ctx, "Marines place Mulberries", f"{m.cost_cv.rule}, any segment of it: RULINGS L7")
    world = _world_of(ctx)
    if len(args) != 1:
        raise RuleError("usage: mulberry HEX [--side SIDE] (a Marine places a Mulberry; Mulberries ¶1)")
    hex_id = world.hex(args[0])
    side = _side_for(tables.sides, world, hex_id, opts, "place a Mulberry")
    new = X.place_mulberry(world, hex_id, side, tables)
    return Outcome(new, f"Mulberry placed in {world.label(hex_id)} for {side}: reduce the Marine by {m.cost_cv.value} cv; "
                   f"port capacity {m.port_capacity.value} ({m.cost_cv.rule})", (), (X.mulberry_figure(new, hex_id, ctx.state.flow.turn, tables),), actor=side)


# -------------------------------------------------------------------- hits
def _hit(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    usage = "hit airfield|mulberry HEX [N] | hit bridge HEX-HEX [N] | hit canal HEX [N] | hit factory CITY KIND [N]"
    if len(args) < 2:
        raise RuleError(f"usage: {usage}")
    kind, rest = args[0].lower(), args[1:]
    if kind == "factory":
        if len(rest) < 2:
            raise RuleError(f"usage: {usage}")
        city = world.hex(rest[0])
        F.city_of(world, city)
        fkind = F.kind_of(rest[1], tables)
        n = read_int(rest[2], "hits", 1, 99) if len(rest) > 2 else 1
        _no_more(rest[3:], usage)
        new, taken = F.hit_factory(world, city, fkind, n, tables)
        left = new.factories[city][fkind]
        kept = f"; {n - taken} hit(s) have no effect: the 0 PP step cannot be eliminated" if taken < n else ""
        return Outcome(new, f"{F.KIND_NAMES[fkind]} Factory in {world.label(city)}: {taken} PP step(s) lost, {left} PP left{kept} "
                       f"({tables.factories.min_pp.rule})", (f"intrinsic defence {tables.factories.defence.value}, firing last (Factories ¶4)",),
                       tuple(F.city_figures(new, city, tables)[:1]))
    if kind not in ("airfield", "mulberry", "bridge", "canal"):
        raise RuleError(f"'{kind}' is not a Logistics target (airfield, mulberry, bridge, canal, factory; roads are not targets, Destruction ¶1)")
    ident = X.crossing(world, kind, rest[0]) if kind in ("bridge", "canal") else world.hex(rest[0])
    n = read_int(rest[1], "hits", 1, 99) if len(rest) > 1 else 1
    _no_more(rest[2:], usage)
    new, summary = X.hit(world, kind, ident, n, tables)
    return Outcome(new, summary)


def _battle(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    _no_more(args, "battle")
    world, lines = X.end_battle(_world_of(ctx))
    if not lines:
        raise RuleError("no hits are counted in a battle now (RULINGS L5)")
    return Outcome(world, lines[0])


# ----------------------------------------------------------------- capture
def _capture(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 2:
        raise RuleError(f"usage: capture HEX {'|'.join(tables.sides)} (an enemy unit alone in the hex takes it)")
    hex_id = world.hex(args[0])
    side = side_of(args[1], tables.sides)
    new, lines = X.capture(world, hex_id, side, ctx.state.flow.turn, tables)
    return Outcome(new, f"{world.label(hex_id)} captured by {side}", tuple(lines[1:]), actor=side)


def _control(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 2:
        raise RuleError(f"usage: control HEX {'|'.join(tables.sides)}|none")
    hex_id = world.hex(args[0])
    side = "" if args[1].lower() in ("none", "-") else side_of(args[1], tables.sides)
    if world.control(hex_id) == side:
        raise RuleError(f"{world.label(hex_id)} is already {side or 'nobody'}'s")
    return Outcome(world.with_place(replace(world.place(hex_id), control=side)), f"{world.label(hex_id)}: controlled by {side or 'nobody'}",
                   actor=REFEREE)  # no paragraph leaves control to a player's choice; a capture is its own verb


# ------------------------------------------------------------------ rebuild
def _rebuild(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    d = tables.destruction
    _production_turn(ctx, "Engineers rebuild bridges and canals", d.rebuild_cost_cv.rule)
    world = _world_of(ctx)
    if len(args) != 2 or args[0].lower() not in ("bridge", "canal"):
        raise RuleError("usage: rebuild bridge HEX-HEX | rebuild canal HEX [--side SIDE] (Destruction ¶2, ¶3)")
    kind = args[0].lower()
    ident = X.crossing(world, kind, args[1])
    hexes = world.crossings[ident].hexes
    side = side_of(str(opts["side"]), tables.sides) if opts.get("side") else world.control(hexes[0]) or world.control(hexes[-1])
    if not side:
        raise RuleError(f"nobody controls {ident}: say whose Engineer with --side {'|'.join(tables.sides)}")
    new = X.rebuild(world, kind, ident, side, tables)
    return Outcome(new, f"{kind.title()} {ident} rebuilt by {side}'s Engineer: reduce it by {d.rebuild_cost_cv.value} cv; "
                   f"Destruction marker removed ({d.rebuild_cost_cv.rule})", actor=side)


# ---------------------------------------------------------------- factories
def _a(word: str) -> str:
    """``word`` with its indefinite article: an Air, a Navy, an Army."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _factory(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 3:
        raise RuleError("usage: factory CITY KIND PP|remove (set-up: Factories ¶1, ¶2)")
    city = world.hex(args[0])
    kind = F.kind_of(args[1], tables)
    pp = None if args[2].lower() == "remove" else read_int(args[2], "PP", 0, 99)
    new = F.set_factory(world, city, kind, pp, tables)
    what = "removed" if pp is None else f"{pp} PP"
    return Outcome(new, f"{F.KIND_NAMES[kind]} Factory in {world.label(city)}: {what}; factories {F.total_pp(new, city)} of "
                   f"{world.place(city).size} PP (Factories ¶2)", (), tuple(F.city_figures(new, city, tables)[:2]), actor=REFEREE)


def _exchange(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    world = _world_of(ctx)
    if len(args) != 3:
        raise RuleError("usage: exchange CITY FROM-KIND TO-KIND (for a 0 PP factory; Factories ¶3)")
    city = world.hex(args[0])
    old, new_kind = F.kind_of(args[1], tables), F.kind_of(args[2], tables)
    new = F.exchange(world, city, old, new_kind, tables)
    return Outcome(new, f"{world.label(city)}: {F.KIND_NAMES[old]} Factory exchanged for {_a(F.KIND_NAMES[new_kind])} Factory of "
                   f"{new.factories[city][new_kind]} PP; no production there this turn ({tables.factories.exchange_to_pp.rule})",
                   actor=world.control(city))


def _produce(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    _production_turn(ctx, "Factories produce", tables.factories.builds.rule)
    world = _world_of(ctx)
    if len(args) != 3:
        raise RuleError(f"usage: produce CITY KIND UNIT (unit: {', '.join(F.unit_kinds(tables))}; Factories ¶3)")
    city = world.hex(args[0])
    kind = F.kind_of(args[1], tables)
    unit = args[2].lower()
    new, rule = F.produce(world, city, kind, unit, ctx.state.settings, tables)
    figures = F.production(new, city, tables)
    return Outcome(new, f"{world.label(city)}: the {F.KIND_NAMES[kind]} Factory builds {unit} with {figures[kind].value} PP this "
                   f"production ({rule})", (), (figures[kind],), actor=world.control(city))


def _resource(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    rule = f"{tables.factories.resources.rule}; RULINGS L4"
    _production_turn(ctx, "Resources are converted", rule)
    world = _world_of(ctx)
    if len(args) != 3:
        raise RuleError(f"usage: resource CITY PP KIND (the factory type the PPs go to; {rule})")
    city = world.hex(args[0])
    pp = read_int(args[1], "resource PPs", 1, 99)
    kind = F.kind_of(args[2], tables)
    new = F.convert_resource(world, city, pp, kind, tables)
    made = ", ".join(f"{e.value} PP {F.KIND_NAMES[k]}" for k, e in F.production(new, city, tables).items())
    return Outcome(new, f"{world.label(city)}: {pp} resource PP to its {F.KIND_NAMES[kind]} Factory — this production {made} ({rule})",
                   (), tuple(F.production(new, city, tables).values()), actor=world.control(city))


def _optional(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    names = list(tables.optional)
    if len(args) != 2 or args[1].lower() not in ("on", "off"):
        raise RuleError(f"usage: optional {'|'.join(names)} on|off")
    name = args[0].lower()
    if name not in tables.optional:
        raise RuleError(f"no optional rule '{args[0]}' ({', '.join(names)})")
    value = args[1].lower()
    if F.optional_on(name, ctx.state.settings, tables) == (value == "on"):
        raise RuleError(f"{name} is already {value}")
    opt = tables.optional[name]
    state = replace(ctx.state, settings={**ctx.state.settings, name: value})
    return Outcome(ctx.state.world, f"Optional rule {opt.rule}: {value} — {opt.note}", state=state, actor=REFEREE)


def build_verbs(tables: LogisticsTables) -> dict[str, Verb]:
    """The Logistics verbs: each handler a module-level function bound to the tables."""
    verbs = [
        Verb("storm", "storm [DIRECTION DISTANCE] [--dice D,N|--roll]", "Move the storm: the initiative loser rolls the direction die (1 = N, clockwise) then the distance die; off the map it restarts at the centre. A Mulberry under it is destroyed, one adjacent is rolled for.", "Storms ¶4; Mulberries ¶3; RULINGS L1, L2", partial(_storm, tables), group="storm", options=("dice", "roll")),
        Verb("storm-place", "storm-place HEX", "Set-up: put the storm in a hex without moving it (a scenario's own start).", "Storms ¶4", partial(_storm_place, tables), anytime=True, group="set-up"),
        Verb("first", "first SIDE", "Set which side moves first this turn (the initiative winner by default).", "RULINGS L3", partial(_first, tables), anytime=True, group="turn"),
        Verb("airfield", "airfield HEX [--side SIDE]", "An Engineer builds a Minor Airfield in its hex (not in a City or Town) in the Production Phase; the Engineer loses 1 cv.", "Airfields ¶1, ¶3", partial(_airfield, tables), group="airfields", options=("side",)),
        Verb("upgrade", "upgrade HEX", "An Engineer converts a Minor Airfield into a Major one in the Production Phase; the Engineer loses 1 cv.", "Airfields ¶2", partial(_upgrade, tables), group="airfields"),
        Verb("mulberry", "mulberry HEX [--side SIDE]", "A Marine places a Mulberry (a port of capacity 2) at any time during a production turn, not only in its Production Phase; the Marine loses 1 cv.", "Mulberries ¶1; RULINGS L7", partial(_mulberry, tables), anytime=True, group="mulberries", options=("side",)),
        Verb("hit", "hit airfield|mulberry|canal HEX [N] | hit bridge HEX-HEX [N] | hit factory CITY KIND [N]", "Hits on a Logistics target in the battle being fought: two in one battle make a Major Airfield Minor and destroy a Mulberry, bridge or canal; a factory loses PP steps down to 0 PP.", "Airfields ¶4, Mulberries ¶2, Destruction ¶2, Factories ¶5; RULINGS L5", partial(_hit, tables), group="combat"),
        Verb("battle", "battle", "The battle is over: single hits on airfields, Mulberries, bridges and canals leave nothing.", "RULINGS L5", partial(_battle, tables), group="combat"),
        Verb("capture", "capture HEX SIDE", "An enemy unit alone in the hex takes it: control, airfield (usable next turn), Mulberry (a port next turn), factories at their strength.", "Airfields ¶5, Mulberries ¶2, Factories ¶5", partial(_capture, tables), anytime=True, group="map"),
        Verb("control", "control HEX SIDE|none", "Set who controls a hex (friendly hexes matter for rebuilding bridges).", "Destruction ¶3", partial(_control, tables), anytime=True, group="map"),
        Verb("rebuild", "rebuild bridge HEX-HEX | rebuild canal HEX [--side SIDE]", "An Engineer rebuilds a destroyed bridge (both hexes friendly) or canal in the Production Phase; it loses 1 cv.", "Destruction ¶2, ¶3", partial(_rebuild, tables), group="destruction", options=("side",)),
        Verb("factory", "factory CITY KIND PP|remove", "Set-up: a city's Air, Navy or Army Factory; their total at most the city's size, Navy only in coastal cities.", "Factories ¶1, ¶2", partial(_factory, tables), anytime=True, group="set-up"),
        Verb("exchange", "exchange CITY FROM-KIND TO-KIND", "Exchange a factory for a 0 PP factory of another type, in a city that does no production this turn.", "Factories ¶3", partial(_exchange, tables), group="factories"),
        Verb("produce", "produce CITY KIND UNIT", "A factory builds like units only (engineers, airborne, marines under the optional rules); the city then cannot exchange this turn.", "Factories ¶3; optional building", partial(_produce, tables), group="factories"),
        Verb("resource", "resource CITY PP KIND", "Resource PPs converted in the city go to one of its factory types this production.", "Factories ¶7; RULINGS L4", partial(_resource, tables), group="factories"),
        Verb("optional", "optional NAME on|off", "Switch an optional building rule (engineer-building, airborne-building, marine-building) in this game's settings.", "optional rules", partial(_optional, tables), anytime=True, group="set-up"),
    ]
    return {v.name: _checked(v) for v in verbs + board_verbs(tables)}


def _checked(verb: Verb) -> Verb:
    """The verb with its handler refusing options it does not declare (a typo is not silently ignored)."""
    assert verb.handler is not None
    return replace(verb, handler=partial(_guarded, verb.name, verb.options, verb.handler))


def _guarded(name: str, options: tuple[str, ...], handler: Handler, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Refuse an option the verb ``name`` does not declare, else run its ``handler``."""
    unknown = sorted(set(opts) - set(options) - ENGINE_OPTIONS)
    if unknown:
        known = ", ".join(f"--{o}" for o in options) or "none"
        raise RuleError(f"'{name}' has no option --{unknown[0]} (its options: {known})")
    return handler(ctx, args, opts)
