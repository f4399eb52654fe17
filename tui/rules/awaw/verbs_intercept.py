"""The defender's side of patrols and naval activities (seed 004, 21.3611, 21.41x): ``intercept``, ``defend`` and
``sub-air``.

``intercept`` sends the non-phasing side's units against an enemy naval
activity (21.3611, 21.4192-21.4195): on the front it occurs on (21.1324),
against a patrol once (21.4171, recorded with the patrol), against a raider
group only as 21.533D allows, American units in the Atlantic SW box only at
war with Germany (21.14E). ``defend`` keeps victorious interceptors of a
patrol as a defensive patrol (21.4191); ``sub-air`` records land-based air
attacking submarines on patrol (21.4184C). The builder is
``verbs_patrol.build_patrol_verbs``.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome
from .common import Side, distance, ids, one_side, words_list
from . import submarines as S
from . import interception as I
from . import patrols as P
from .employment import employ, why_not
from .ops_helpers import floor_checks, mission_key, record_for
from .ops_tables import OpsTables
from .ranges import add_edge, box_edge, check_range, edge_note
from .straits import check_route, find_strait
from .tables import AwawTables
from .world import AwawWorld


def _us_war_boxes(ops: OpsTables | None) -> tuple[str, ...]:
    """The SW boxes whose American units interfere with Axis naval activity only at war with Germany (21.14E)."""
    return tuple(ops.supply.us_war_protection.value) if ops else ()


def _check_front(tables: AwawTables, world: AwawWorld, units: list, opts: dict[str, Any]) -> None:
    """21.1324: with ``--front F`` (the front the intercepted activity passes through), only units in port on that front
    intercept; a two-front port counts on it."""
    front = str(opts.get("front") or "").lower() if opts.get("front") is not True else ""
    if not front:
        return
    if front not in tables.fronts:
        raise RuleError(f"intercept: '{opts['front']}' is not a front ({', '.join(tables.fronts)})")
    off = [u.id for u in units if not u.at_sea and front not in world.bases[u.base].fronts]
    if off:
        raise RuleError(f"intercept: {', '.join(off)} are not based on the {front} front; an activity is intercepted only "
                        f"on the front in which it occurs, a two-front port counting on that front (21.1324)")

def _patrol_target(side: Side, ctx: Context, opts: dict[str, Any]) -> tuple[int, str] | None:
    """21.417, 21.4171: with ``--target patrol-N``, the patrol and the point of its procedure the attempt is made at
    (the step whose prompt is pending); refused once an attempt was made, or when no point is left."""
    target = str(opts.get("target") or "") if opts.get("target") is not True else ""
    patrols = record_for(ctx, side).get("patrols", {})
    key = next((k for k in patrols if k.lower() == target.strip().lower()), None)
    if key is None:
        return None
    n = int(key.rpartition("-")[2])
    attempt = P.attempt_of(side, ctx, n)
    if attempt is not None:
        where = P.ATTEMPT_POINTS[attempt["at"]].format(hex=patrols[key]["hex"])
        raise RuleError(f"intercept: the defender has already attempted interception of {key} {where}; he may not "
                        "attempt it again with the same or other naval forces (21.4171)")
    steps = [p.args.get("step") for p in ctx.state.flow.pending if p.effect == "patrol-step" and p.args.get("n") == n]
    point = next((s for s in steps if s in P.ATTEMPT_POINTS), None)
    if point is None:
        raise RuleError(f"intercept: {key} may be intercepted only on its way, in its hex before a round of air strikes, "
                        "or when it remains there; those points are past (21.417A-B)")
    return n, point

def _check_raider(side: Side, ops: OpsTables | None, ctx: Context, world: AwawWorld, opts: dict[str, Any]) -> None:
    """21.533D: with ``--target raid-N``, a raider group on its way to an SW box: none from Bergen or Scapa Flow, the
    others only with a favourable interception modifier (``--favourable``)."""
    target = str(opts.get("target") or "") if opts.get("target") is not True else ""
    if not target:
        return
    missions = record_for(ctx, side).get("missions", {})
    key = mission_key(record_for(ctx, side), target)
    if key is None:
        raise RuleError(f"intercept: no mission called '{target}' this player turn ({', '.join(missions) or 'none'})")
    m = missions[key]
    if m.get("kind") != "raid" or ops is None:
        return
    spec = ops.raiders.direct_from
    direct = sorted({world.units[i].base for i in m["units"] if i in world.units and world.units[i].base in spec.value})
    if direct:
        raise RuleError(f"intercept: raiders from {', '.join(direct)} move directly to the {m['sw_box']} box and are not "
                        f"subject to on-board interception ({spec.rule})")
    if not opts.get("favourable"):
        raise RuleError(f"intercept: a raider may only be intercepted on the board if a favorable interception modifier "
                        f"applies; if one does, say so with --favourable ({spec.rule})")

DEFENSIVE_SEGMENTS = {"sea-transport": "movement", "initial-supply": "movement", "naval-missions": "combat",
                      "regular-combat": "combat"}
"""21.4192: the segments in which a defensive patrol attempts interceptions, and their phase: sea supply or sea
transport in the movement phase, and again in the combat phase (until the end of regular combat, 21.4191)."""


def _defensive_phase(unit: Any, segment: str) -> str:
    """21.4192-21.4193: the phase of a defensive patrol's attempt now: one attempt in the movement phase's sea supply
    or sea transport segment, one in the combat phase, and no more once one of them was successful."""
    if any(t.endswith("!") for t in unit.dp_tries):
        raise RuleError(f"intercept: {unit.id} has already made its one successful 21.4192 interception this turn "
                        "(21.4193)")
    phase = DEFENSIVE_SEGMENTS.get(segment)
    if phase is None:
        raise RuleError(f"intercept: a defensive patrol intercepts only during the sea supply or sea transport segments "
                        f"of the movement phase and again during the combat phase; {unit.id} may not here (21.4192)")
    if phase in unit.dp_tries:
        again = "it may try again in the combat phase" if phase == "movement" else "none is left this turn"
        raise RuleError(f"intercept: {unit.id} has already attempted its 21.4192 interception of the {phase} phase; "
                        f"{again} (21.4192)")
    return phase


def _intercept(tables: AwawTables, side: Side, ops: OpsTables | None, ctx: Context, args: list[str], opts: dict[str, Any]
               ) -> Outcome:
    """21.3611, 21.4192-21.4195: the non-phasing side's naval units intercept an enemy naval activity."""
    world: AwawWorld = ctx.state.world
    phasing = side(ctx)
    if len(args) < 2:
        raise RuleError("usage: intercept HEX UNITS --distance N [--straits ..] [--missed] (21.3611)")
    hex_, units = args[0].upper(), world.units_named(args[1:])
    defender = I.displaced_side(world, opts, tables, ctx.segment.key) or next(s for s in tables.sides if s != phasing)
    one_side(units, defender, tables, "intercept (the non-phasing side intercepts, or the enemy of displaced units, "
             "21.232)")
    for u in units:
        box = tables.boxes.get(u.base)
        if box is not None and not box.intercept and not u.at_sea:
            raise RuleError(f"intercept: naval units in the {u.base} box may not attempt interceptions ({box.rule})")
        if u.at_sea == "defensive-patrol":
            _defensive_phase(u, ctx.segment.path[-1])
            continue
        if u.at_sea == "patrol" and u.category(tables) == "submarine":
            if u.intercepts >= 2:
                raise RuleError(f"intercept: {u.id} has already intercepted twice this turn; only one 21.4192 "
                                "interception is permitted (21.4193)")
            continue
        if u.intercepts:
            raise RuleError(f"intercept: {u.id} has already intercepted this turn (21.4193)")
        reason = why_not(u, world)
        if reason:
            raise RuleError(f"intercept: {reason}")
    _check_front(tables, world, units, opts)
    on_patrol = _patrol_target(side, ctx, opts)
    if on_patrol is None:
        _check_raider(side, ops, ctx, world, opts)
    us_war_boxes = _us_war_boxes(ops)
    early = [u.id for u in units if u.power == "usa" and u.base in us_war_boxes and world.bases[u.base].kind == "sw-box"]
    if early and not opts.get("us-war"):
        raise RuleError(f"intercept: before the U.S. is at war with Germany, American naval units in the Atlantic SW box "
                        f"({', '.join(early)}) may not interfere with Axis naval activity; if it is, say so with --us-war "
                        "(21.14E)")
    n = distance(opts, "intercept", "21.3611")
    theater = world.bases[units[0].base].theater
    edge, edge_rule = box_edge(units[0].base, tables) if not units[0].at_sea else (0, "")
    n, _ = add_edge(n, None, edge)
    checks = [check_range("interception", theater, n, tables)]
    checks += floor_checks(world, n, [units[0].sea_hex if units[0].at_sea else units[0].base], hex_, "intercept")
    if edge:
        checks[0] = replace(checks[0], notes=(*checks[0].notes, edge_note(units[0].base, edge, edge_rule)))
    in_strait = I.read_strait(opts, tables)
    I.check_sides_apart(world, units, hex_, in_strait, defender, tables)
    route = words_list(opts, "straits")
    if in_strait is not None:
        rec = record_for(ctx, side)
        checks.append(I.check_strait_side(world, units, *in_strait, defender, rec.get("strait_sides", {}), tables))
        route = [s for s in route if find_strait(s, tables).id != in_strait[0].id]
        world = replace(world, ops=I.record_strait_side(rec, units, *in_strait))
    checks += check_route(world, route, defender, tables)
    missed = bool(opts.get("missed"))
    moved = [_attempted(u, ctx.segment.path[-1], missed) for u in units if u.at_sea]
    moved += [u.change(intercepts=1, missed=missed) for u in employ([u for u in units if not u.at_sea], world)]
    if on_patrol is not None:  # 21.4171: the attempt is recorded now; its result is the patrol prompt's answer
        world = P.with_attempt(side, ctx, world, on_patrol[0], {"at": on_patrol[1], "result": "", "by": [u.id for u in units]})
    if missed:
        return Outcome(world.with_units(moved), f"{ids(units)} attempted interception in {hex_}, {n} hexes: missed, the "
                       "Naval Interception Table gave no interception (21.3611, 22.14)", _missed_details(moved),
                       tuple(checks), actor=defender)
    return Outcome(world.with_units(moved), f"{ids(units)} intercept in {hex_}, {n} hexes: resolve the Naval Interception "
                   "Table and any naval combat, then type the result (RULINGS A2; 21.3611)",
                   ("Victors over a patrol may stay as a defensive patrol: defend HEX UNITS (21.4191)",
                    "No interception on the table? Type the attempt with --missed (21.4193 limits successes)"),
                   tuple(checks), actor=defender)


def _attempted(unit: Any, segment: str, missed: bool) -> Any:
    """A unit at sea after its attempt: a defensive patrol records the attempt's phase, with ``!`` when it intercepted
    (21.4192-21.4193); a submarine on patrol counts it."""
    if unit.at_sea != "defensive-patrol":
        return unit.change(intercepts=unit.intercepts + 1, missed=missed)
    phase = DEFENSIVE_SEGMENTS[segment] + ("" if missed else "!")
    return unit.change(intercepts=unit.intercepts + 1, missed=missed, dp_tries=(*unit.dp_tries, phase))


def _missed_details(moved: list) -> tuple[str, ...]:
    """What a missed attempt leaves: no defensive patrol from it; a defensive patrol that missed in the movement phase
    may try again in the combat phase."""
    details = ["A missed interception does not defeat a patrol: the units may not stay as a defensive patrol (21.4191)"]
    if any(u.dp_tries and u.dp_tries[-1] == "movement" for u in moved):
        details = ["The defensive patrol may attempt interception again during the combat phase (21.4192)"]
    return tuple(details)

def _defend(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.4191: a defending force that intercepted and defeated a patrol stays in the interception hex."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: defend HEX UNITS (21.4191)")
    hex_, units = args[0].upper(), world.units_named(args[1:])
    defender = next(s for s in tables.sides if s != side(ctx))
    one_side(units, defender, tables, "defend")
    for u in units:
        if not u.intercepts or u.at_sea:
            raise RuleError(f"defend: {u.id} did not intercept from port this turn; only a victorious intercepting "
                            "force may remain as a defensive patrol (21.4191)")
        if u.missed:
            raise RuleError(f"defend: {u.id}'s interception attempt missed; only a force which intercepts and defeats a "
                            "patrolling force may remain as a defensive patrol (21.4191)")
    new = world.with_units([u.change(at_sea="defensive-patrol", sea_hex=hex_, inverted=False) for u in units])
    return Outcome(new, f"{ids(units)} on defensive patrol in {hex_} until the end of regular combat; they may intercept "
                        "once more (21.4191-21.4193)", actor=defender)

def _sub_air(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.4184C: land-based air attacks enemy submarines still on patrol, one sortie each, no air defense roll."""
    world: AwawWorld = ctx.state.world
    if not args:
        raise RuleError("usage: sub-air UNITS [--with 'land-based air'] (21.4184C)")
    who = side(ctx)
    targets = world.units_named(args)
    rec = record_for(ctx, side)
    S.check_air_targets(targets, who, list(rec.get("sub_air", [])), str(opts.get("with") or "").lower(), tables)
    new = replace(world, ops={**rec, "sub_air": [*rec.get("sub_air", []), *(u.id for u in targets)]})
    where = ", ".join(f"{u.id} in {u.sea_hex}" for u in targets)
    return Outcome(new, f"Land-based air attacks the submarines on patrol: {where}; each squadron within range of the "
                        "patrol hex attacks once, in a single sortie (21.4184C)",
                   ("Air cover may be flown over the submarines, but the defender makes no air defense dice roll (21.4184C).",
                    "Resolve the attack and record losses with damage/sink (RULINGS A2)."), actor=who)

