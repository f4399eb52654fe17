"""Patrols, interceptions, defensive patrols and harbor attacks (seed 004, 21.41x, 21.44x) as guided procedures.

``patrol`` announces a patrol (21.416A) after the checks of 21.31-21.314,
21.412-21.414 and 21.4184A; the app then walks 21.416 B-L with prompts whose
answers are the typed results of the interceptions and naval combats
(RULINGS A2): ``patrol-N`` asks, step by step, whether the defender
intercepts en route (C-F), whether a victorious patrol continues (E), what
happens in the patrol hex (I-K) and whether the defender intercepts a patrol
that stays (L). The defender attempts interception of a patrol once (21.4171):
every attempt, failed ones too, is recorded with the patrol (``patrols`` in the
operations record), from an answer (``attempt failed``, ``patrol won``,
``patrol lost``) or from ``intercept --target patrol-N``, and no later point
offers or accepts another. ``intercept`` and ``defend`` are the defender's side
(21.3611, 21.4191-21.4195). ``harbor`` walks 21.443 A-D.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from .common import Side, distance, ids, one_side, words_list
from . import submarines as S
from . import joint as J
from . import interception as I
from . import brps as BR
from .employment import check_force, employ, force_figures, why_not
from .ops_helpers import floor_checks, mission_key, record_for
from .ops_tables import OpsTables
from .parts import OpsParts
from .ranges import add_edge, box_edge, check_range, edge_note, exception_use, read_legs
from .straits import check_route, find_strait
from .tables import AwawTables
from .world import AwawWorld

NO, FAILED, WON, LOST = "no interception", "attempt failed", "patrol won", "patrol lost"
REMAIN, RETURN, CONTINUE, ABORT = "remain at sea", "return to base", "continue", "abort"
STEPS = {
    "route": ("21.416C-F, 21.4171", (NO, FAILED, WON, LOST)),
    "continue": ("21.416E", (CONTINUE, ABORT)),
    "strikes": ("21.416I-K, 21.4171", (REMAIN, RETURN, FAILED, WON, LOST)),
    "strikes-after": ("21.416K", (REMAIN, RETURN)),
    "hex": ("21.416L, 21.4171", (NO, FAILED, WON, LOST)),
    "victor": ("21.416L", (REMAIN, RETURN)),
}
"""The prompts of the patrol procedure: rule and choices (the results are typed, RULINGS A2). ``no interception``: the
defender does not attempt one; ``attempt failed``: he attempts it and the Naval Interception Table gives none."""
ATTEMPT_POINTS = {"route": "on its way to {hex}", "strikes": "in {hex} before a round of air strikes",
                  "hex": "remaining in {hex}"}
"""21.417A-B: the points where the defender may attempt interception of a patrol (the steps that ask it)."""


def _text(step: str, n: int, force: str, hex_: str) -> str:
    return {
        "route": f"Patrol {n} ({force}) moves to {hex_}: does the defender attempt interception on the way ('no "
                 "interception' if he does not), and what comes of it: the attempt failed, or who wins the naval combat?",
        "continue": f"Patrol {n} won the naval combat: continue to {hex_} or abort and return to port?",
        "strikes": f"Patrol {n} in {hex_}: after counterair attacks and air strikes (the defender may attempt interception "
                   "once, before any round, if he has not: the attempt failed, or who won), does it remain at sea for the "
                   "combat phase or return?",
        "strikes-after": f"Patrol {n} in {hex_}: air strikes done; remain at sea for the combat phase or return to base?",
        "hex": f"Patrol {n} remains in {hex_}: does the defender attempt interception there ('no interception' if he "
               "does not), and what comes of it?",
        "victor": f"Patrol {n} won in {hex_}: remain at sea for the combat phase or return to base and invert?",
    }[step]


def build_patrol_verbs(tables: AwawTables, side: Side, ops: OpsTables | None = None) -> OpsParts:
    """Patrol, intercept, defend and harbor, with the answers of their procedures; ``ops``: the operations tables (where
    American units interfere only at war with Germany, 21.14E; raiders' direct routes, 21.533D)."""
    us_war_boxes = tuple(ops.supply.us_war_protection.value) if ops else ()

    def ask(world: AwawWorld, step: str, n: int, units: list[str], hex_: str, tried: bool, segment: str) -> Pending:
        rule, choices = STEPS[step]
        return Pending(id=f"patrol-{n}-{step}", text=_text(step, n, ", ".join(units), hex_), kind="choice", effect="patrol-step",
                       choices=choices, required=True, rule=rule, subject=hex_,
                       args={"n": n, "units": units, "hex": hex_, "step": step, "tried": tried}, raised=segment)

    def patrol(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.411-21.416A: announce a patrol to a sea hex."""
        world: AwawWorld = ctx.state.world
        who = side(ctx)
        if len(args) < 2:
            raise RuleError("usage: patrol HEX UNITS --distance N [--legs ..] [--ports ..] [--straits ..] (21.41)")
        hex_, units = args[0].upper(), world.units_named(args[1:])
        one_side(units, who, tables, "patrol")
        subs = [u for u in units if u.category(tables) == "submarine"]
        if subs and len(subs) != len(units):
            raise RuleError("patrol: submarines patrol independent of other naval forces (21.4184A)")
        for u in units:
            box = tables.boxes.get(u.base)
            if box is not None and not box.patrol:
                raise RuleError(f"patrol: {u.id} is based in the {u.base} box, from which patrols may not be conducted ({box.rule})")
        origin = world.bases[units[0].base]
        by_base = J.contingents([(u.id, u.base) for u in units])
        if len(by_base) > 1:  # 21.414B: a joint patrol from several bases (proposed ruling A16)
            for names in by_base.values():
                check_force([world.units[i] for i in names], world, tables, "patrol", patrol=True)
            figures = force_figures(units, tables)
            routes = J.read_routes(str(opts.get("distance") or ""), list(by_base), world.base)
            checks = []
            for base_name, (n_b, legs_b) in routes.items():
                b = world.bases[base_name]
                edge, edge_rule = box_edge(b.name, tables)
                n_b, legs_b = add_edge(n_b, legs_b, edge)
                c = check_range("offensive", b.theater, n_b, tables, legs=legs_b, ports=words_list(opts, "ports"),
                                exception=str(opts.get("exception") or ""))
                checks.append(replace(c, name=f"{c.name} from {b.name}",
                                      notes=(*c.notes, *([edge_note(b.name, edge, edge_rule)] if edge else []))))
            n = max(v[0] for v in routes.values())
        else:
            figures = check_force(units, world, tables, "patrol", patrol=True)
            n = distance(opts, "patrol", "21.412, 21.3614")
            legs = read_legs(str(opts["legs"])) if opts.get("legs") else None
            edge, edge_rule = box_edge(origin.name, tables)
            n, legs = add_edge(n, legs, edge)
            checks = [check_range("offensive", origin.theater, n, tables, legs=legs, ports=words_list(opts, "ports"),
                                  exception=str(opts.get("exception") or ""))]
            if edge:
                checks[0] = replace(checks[0], notes=(*checks[0].notes, edge_note(origin.name, edge, edge_rule)))
            checks += floor_checks(world, n, [origin.name, *words_list(opts, "ports")], hex_, "patrol")
        used = exception_use(str(opts.get("exception") or ""), units, world, tables)
        checks += [used] if used is not None else []
        checks += check_route(world, words_list(opts, "straits"), who, tables)
        front = S.patrol_front(str(opts.get("front") or ""), origin.fronts, tables)
        world, serial = world.next_serial()
        sent = [u.change(at_sea="patrol", sea_hex=hex_) for u in employ(units, world, invert=False)]
        world = world.with_units(sent)
        rec = record_for(ctx, side)
        if subs and front:  # 21.4184E reads the patrol hex's front when patrols return
            rec = {**rec, "patrol_fronts": {**rec.get("patrol_fronts", {}), **{u.id: front for u in subs}}}
        why = "the front of the patrol hex" if opts.get("front") else "the front of the base of origin"
        rec = BR.charge(rec, f"patrol-{serial}", f"patrol to {hex_}", front or "?", why if front else
                        "the front is not known: the referee names it (--front)", BR.paying_factors(units, tables), "21.414A, 9.56A")
        rec = {**rec, "patrols": {**rec.get("patrols", {}), f"patrol-{serial}": {"hex": hex_, "units": [u.id for u in units]}}}
        world = replace(world, ops=rec)
        cost = "no BRPs for submarines (21.414A, 9.56A)" if subs else (
            f"BRPs for {figures['factors'].value} naval factors on the {front or '?'} front, the front of {hex_} (21.414A)")
        prompt = ask(world, "route", serial, [u.id for u in units], hex_, False, ctx.segment.key)
        joint = (f"Joint patrol from {', '.join(by_base)}: the contingents move at the same time and may join at sea before the "
                 "patrol hex; each still counts against its base of origin (21.414B, 21.415)",) if len(by_base) > 1 else ()
        return Outcome(world, f"Patrol {serial}: {ids(units)} to {hex_}, {n} hexes; {cost}. Answer patrol-{serial}-route and the prompts that follow (21.416)",
                       ("Base changes and SW deployments are announced with the patrols (21.414B, 21.416A)", *joint),
                       (*checks, *figures.values()), raise_prompts=(prompt,), actor=who)

    def back(world: AwawWorld, units: list[str]) -> AwawWorld:
        return world.with_units([world.units[u].change(at_sea="", sea_hex="", inverted=True) for u in units])

    def attempt_of(ctx: Context, n: int) -> dict[str, Any] | None:
        """21.4171: the defender's interception attempt against patrol ``n`` this player turn, if one was made."""
        return record_for(ctx, side).get("patrols", {}).get(f"patrol-{n}", {}).get("attempt")

    def with_attempt(ctx: Context, world: AwawWorld, n: int, attempt: dict[str, Any]) -> AwawWorld:
        """The world with patrol ``n``'s interception attempt recorded (21.4171)."""
        rec = record_for(ctx, side)
        patrols = dict(rec.get("patrols", {}))
        patrols[f"patrol-{n}"] = {**patrols.get(f"patrol-{n}", {}), "attempt": attempt}
        return replace(world, ops={**rec, "patrols": patrols})

    def patrol_step(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """One answer of the 21.416 procedure."""
        world: AwawWorld = ctx.state.world
        a = prompt.args
        n, units, hex_, step = a["n"], list(a["units"]), a["hex"], a["step"]
        attempt = attempt_of(ctx, n)
        tried = bool(a["tried"]) or attempt is not None
        busy = sorted({int(p.args["n"]) for p in ctx.state.flow.pending if p.effect == "patrol-step" and p.id != prompt.id
                       and p.args.get("n") != n and p.args.get("step") != "route"})
        if busy:  # another patrol has moved and is not resolved yet
            raise RuleError(f"Patrol {busy[0]} is under way: patrols are conducted one after the other, in the sequence the "
                            "moving player designates, each resolved before the next moves (21.416B, 21.416M)")
        units = [u for u in units if u in world.units and not world.units[u].sunk and world.units[u].at_sea == "patrol"]
        if not units:
            return Outcome(world, f"Patrol {n}: no patrolling units left (sunk or returned)")
        if step in ATTEMPT_POINTS:  # 21.4171: one attempt, its result recorded whatever it is
            open_ = attempt is not None and not attempt.get("result")
            if open_ and value not in (FAILED, WON, LOST):
                where = ATTEMPT_POINTS[attempt["at"]].format(hex=hex_)
                raise RuleError(f"{prompt.id}: the defender attempted interception of patrol {n} {where} "
                                f"({', '.join(attempt.get('by', []))}): answer {FAILED}, {WON} or {LOST} (21.4171)")
            if value in (FAILED, WON, LOST):
                if attempt is not None and not open_:
                    raise RuleError(f"{prompt.id}: the defender already attempted interception of patrol {n} (21.4171)")
                world = with_attempt(ctx, world, n, {**(attempt or {"at": step}), "result": value})
        seg = ctx.segment.key
        nxt = lambda s, t=tried: (ask(world, s, n, units, hex_, t, seg),)  # noqa: E731 - the next prompt
        if value == LOST:
            return Outcome(back(world, units), f"Patrol {n} lost the naval combat: {', '.join(units)} return to port, inverted "
                           "(21.416F); the victorious interceptors may stay as a defensive patrol (defend HEX UNITS, 21.4191) "
                           "or return and invert")
        if value == RETURN:
            return Outcome(back(world, units), f"Patrol {n} returns to base: {', '.join(units)} inverted (21.416K, 21.4183)")
        if value == ABORT:
            return Outcome(back(world, units), f"Patrol {n} aborts after winning and returns to port, inverted (21.416E)")
        if step == "route":
            if value == WON:
                return Outcome(world, f"Patrol {n} won the naval combat en route (21.416E)", raise_prompts=nxt("continue", True))
            if value == FAILED:
                return Outcome(world, f"Patrol {n}: the defender's interception attempt on the way failed; it reaches {hex_} "
                               "(21.416H-I), and the defender may not attempt interception of it again (21.4171)",
                               raise_prompts=nxt("strikes-after", True))
            return Outcome(world, f"Patrol {n} reaches {hex_} (21.416H-I)", raise_prompts=nxt("strikes"))
        if step == "continue":
            return Outcome(world, f"Patrol {n} continues to {hex_} (21.416E)", raise_prompts=nxt("strikes-after"))
        if step == "strikes" and value == WON:
            return Outcome(world, f"Patrol {n} won the interception in {hex_} (21.416J)", raise_prompts=nxt("strikes-after", True))
        if step == "strikes" and value == FAILED:
            return Outcome(world, f"Patrol {n}: the defender's interception attempt in {hex_} failed (21.416J); he may not "
                           "attempt interception of it again (21.4171)", raise_prompts=nxt("strikes-after", True))
        if value == REMAIN:
            if tried or step == "victor":
                return Outcome(world, f"Patrol {n} remains in {hex_} during the combat phase (21.416K-L)")
            return Outcome(world, f"Patrol {n} remains in {hex_}: the defender may intercept it there (21.416L)",
                           raise_prompts=nxt("hex", True))
        if step == "hex":
            if value == WON:
                return Outcome(world, f"Patrol {n} won in {hex_} (21.416L)", raise_prompts=nxt("victor", True))
            if value == FAILED:
                return Outcome(world, f"Patrol {n} stays in {hex_} for the combat phase: the defender's interception attempt "
                               "failed (21.416L, 21.4171)")
            return Outcome(world, f"Patrol {n} stays in {hex_} unintercepted for the combat phase (21.416L)")
        raise RuleError(f"'{value}' is not an answer to patrol-{n}-{step} here ({', '.join(STEPS[step][1])})")

    def check_front(world: AwawWorld, units: list, opts: dict[str, Any]) -> None:
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

    def patrol_target(ctx: Context, opts: dict[str, Any]) -> tuple[int, str] | None:
        """21.417, 21.4171: with ``--target patrol-N``, the patrol and the point of its procedure the attempt is made at
        (the step whose prompt is pending); refused once an attempt was made, or when no point is left."""
        target = str(opts.get("target") or "") if opts.get("target") is not True else ""
        patrols = record_for(ctx, side).get("patrols", {})
        key = next((k for k in patrols if k.lower() == target.strip().lower()), None)
        if key is None:
            return None
        n = int(key.rpartition("-")[2])
        attempt = attempt_of(ctx, n)
        if attempt is not None:
            where = ATTEMPT_POINTS[attempt["at"]].format(hex=patrols[key]["hex"])
            raise RuleError(f"intercept: the defender has already attempted interception of {key} {where}; he may not "
                            "attempt it again with the same or other naval forces (21.4171)")
        steps = [p.args.get("step") for p in ctx.state.flow.pending if p.effect == "patrol-step" and p.args.get("n") == n]
        point = next((s for s in steps if s in ATTEMPT_POINTS), None)
        if point is None:
            raise RuleError(f"intercept: {key} may be intercepted only on its way, in its hex before a round of air strikes, "
                            "or when it remains there; those points are past (21.417A-B)")
        return n, point

    def check_raider(ctx: Context, world: AwawWorld, opts: dict[str, Any]) -> None:
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

    def intercept(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.3611, 21.4192-21.4195: the non-phasing side's naval units intercept an enemy naval activity."""
        world: AwawWorld = ctx.state.world
        phasing = side(ctx)
        if len(args) < 2:
            raise RuleError("usage: intercept HEX UNITS --distance N [--straits ..] (21.3611)")
        hex_, units = args[0].upper(), world.units_named(args[1:])
        defender = I.displaced_side(world, opts, tables, ctx.segment.key) or next(s for s in tables.sides if s != phasing)
        one_side(units, defender, tables, "intercept (the non-phasing side intercepts, or the enemy of displaced units, "
                 "21.232)")
        for u in units:
            box = tables.boxes.get(u.base)
            if box is not None and not box.intercept and not u.at_sea:
                raise RuleError(f"intercept: naval units in the {u.base} box may not attempt interceptions ({box.rule})")
            if u.at_sea == "defensive-patrol" or (u.at_sea == "patrol" and u.category(tables) == "submarine"):
                if u.intercepts >= 2:
                    raise RuleError(f"intercept: {u.id} has already intercepted twice this turn; only one 21.4192 "
                                    "interception is permitted (21.4193)")
                continue
            if u.intercepts:
                raise RuleError(f"intercept: {u.id} has already intercepted this turn (21.4193)")
            reason = why_not(u, world)
            if reason:
                raise RuleError(f"intercept: {reason}")
        check_front(world, units, opts)
        on_patrol = patrol_target(ctx, opts)
        if on_patrol is None:
            check_raider(ctx, world, opts)
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
        route = words_list(opts, "straits")
        if in_strait is not None:
            rec = record_for(ctx, side)
            checks.append(I.check_strait_side(world, units, *in_strait, defender, rec.get("strait_sides", {}), tables))
            route = [s for s in route if find_strait(s, tables).id != in_strait[0].id]
            world = replace(world, ops=I.record_strait_side(rec, units, *in_strait))
        checks += check_route(world, route, defender, tables)
        at_sea = [u for u in units if u.at_sea]
        port = [u for u in units if not u.at_sea]
        moved = [u.change(intercepts=u.intercepts + 1) for u in at_sea]
        moved += [u.change(intercepts=1) for u in employ(port, world)]
        if on_patrol is not None:  # 21.4171: the attempt is recorded now; its result is the patrol prompt's answer
            world = with_attempt(ctx, world, on_patrol[0], {"at": on_patrol[1], "result": "", "by": [u.id for u in units]})
        return Outcome(world.with_units(moved), f"{ids(units)} intercept in {hex_}, {n} hexes: resolve the Naval Interception "
                       "Table and any naval combat, then type the result (RULINGS A2; 21.3611)",
                       ("Victors over a patrol may stay as a defensive patrol: defend HEX UNITS (21.4191)",),
                       tuple(checks), actor=defender)

    def defend(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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
        new = world.with_units([u.change(at_sea="defensive-patrol", sea_hex=hex_, inverted=False) for u in units])
        return Outcome(new, f"{ids(units)} on defensive patrol in {hex_} until the end of regular combat; they may intercept "
                            "once more (21.4191-21.4193)", actor=defender)

    def sub_air(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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

    def harbor_losses(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.443D: the Harbor Attack Table's result (typed, RULINGS A2) applied to the ships in the target port."""
        world: AwawWorld = ctx.state.world
        if not args:
            raise RuleError("usage: harbor-losses TARGET [--damaged A,B] [--sunk C] (21.443D)")
        target, rest = world.take_base(args)
        if rest:
            raise RuleError(f"harbor-losses: one target base at a time, not '{' '.join(rest)}' (21.443A)")
        if not world.harbor_attacks:
            raise RuleError("harbor-losses: no harbor attack has been made; announce it with harbor POWER TARGET (21.443A)")
        damaged = world.units_named(words_list(opts, "damaged")) if words_list(opts, "damaged") else []
        sunk = world.units_named(words_list(opts, "sunk")) if words_list(opts, "sunk") else []
        if not damaged and not sunk:
            raise RuleError("harbor-losses: name the ships the Harbor Attack Table damaged or sank: --damaged A,B --sunk C "
                            "(21.443D, RULINGS A2)")
        twice = sorted({u.id for u in damaged} & {u.id for u in sunk})
        if twice:
            raise RuleError(f"harbor-losses: {', '.join(twice)} is named both damaged and sunk")
        for u in [*damaged, *sunk]:
            if u.base != target.name or u.at_sea:
                raise RuleError(f"harbor-losses: {u.id} is not in port at {target.name}; a harbor attack hits the naval units in "
                                "its target port (21.443)")
            if tables.side_of(u.power) == side(ctx):
                raise RuleError(f"harbor-losses: {u.id} is the attacker's own unit (21.443)")
            if u.sunk:
                raise RuleError(f"harbor-losses: {u.id} is already sunk")
        new = world.with_units([*(u.change(damaged=True) for u in damaged),
                                *(u.change(sunk=True, tf="", note="sunk in port (harbor attack)") for u in sunk)])
        parts = [f"damaged: {ids(damaged)} (no naval activities, 21.314)"] if damaged else []
        parts += [f"sunk in port: {ids(sunk)}"] if sunk else []
        return Outcome(new, f"Harbor attack on {target.name}: {'; '.join(parts)} (21.443D)",
                       ("Ships sunk in port are eliminated if the enemy occupies their base (21.23G).",) if sunk else ())

    def harbor(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.441-21.444: announce a harbor attack (21.443A); the defender, cards and result follow as prompts."""
        world: AwawWorld = ctx.state.world
        if len(args) < 2:
            raise RuleError("usage: harbor POWER TARGET [NATURE AND MODIFIERS...] (21.443A)")
        power = args[0].lower()
        if power not in tables.powers:
            raise RuleError(f"'{args[0]}' is not a power ({', '.join(tables.powers)})")
        if tables.side_of(power) != side(ctx):
            raise RuleError(f"harbor: harbor attacks are made by the moving player; {power} is not {side(ctx)} (21.441)")
        target, rest = world.take_base(args[1:])
        if tables.side_of(target.control) == side(ctx):
            raise RuleError(f"harbor: {target.name} is held by {target.control}, a friendly base (21.443A)")
        h = tables.harbor
        initial = (power == h.initial_power and world.initial_harbor_left > 0 and world.harbor_attacks == 0
                   and not world.harbor_research.get(power))
        if not world.harbor_research.get(power) and not initial:
            why = (" (the initial German attack is only possible while no other harbor attack has been made, 21.444)"
                   if power == h.initial_power else "")
            raise RuleError(f"harbor: {power} does not have the research result harbor attacks require (21.442){why}")
        world, serial = world.next_serial()
        world = replace(world, harbor_attacks=world.harbor_attacks + 1,
                        initial_harbor_left=world.initial_harbor_left - (1 if initial else 0))
        nature = " ".join(rest) or "as announced"
        prompt = Pending(id=f"harbor-{serial}-B", text=f"Harbor attack {serial} on {target.name}: the defender announces his modifiers, "
                         "including a counter-intelligence result (answer yes when announced)", kind="confirm",
                         effect="harbor-step", required=True, rule="21.443B", subject=target.name,
                         args={"n": serial, "target": target.name, "step": "B"}, raised=ctx.segment.key)
        kind = "the initial German harbor attack (21.444)" if initial else "research result (21.442)"
        return Outcome(world, f"Harbor attack {serial}: {power} on {target.name} ({nature}); {kind}", explanations=(),
                       raise_prompts=(prompt,))

    def harbor_step(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """21.443 B-D."""
        world: AwawWorld = ctx.state.world
        a = prompt.args
        n, target, step = a["n"], a["target"], a["step"]
        if step == "B":
            nxt = Pending(id=f"harbor-{n}-C", text=f"Harbor attack {n} on {target}: both players may play tactical cards for a "
                          "codebreaking advantage (48.32B); answer yes when done", kind="confirm", effect="harbor-step",
                          required=True, rule="21.443C", subject=target, args={**a, "step": "C"}, raised=ctx.segment.key)
            return Outcome(world, f"Harbor attack {n}: defender's modifiers announced (21.443B)", raise_prompts=(nxt,))
        if step == "C":
            nxt = Pending(id=f"harbor-{n}-D", text=f"Harbor attack {n} on {target}: the result on the Harbor Attack Table (RULINGS A2: "
                          "read it and choose)", kind="choice", effect="harbor-step", choices=tuple(tables.harbor.results),
                          required=True, rule="21.443D", subject=target, args={**a, "step": "D"}, raised=ctx.segment.key)
            return Outcome(world, f"Harbor attack {n}: tactical cards played (21.443C)", raise_prompts=(nxt,))
        return Outcome(world, f"Harbor attack {n} on {target}: {value} (21.443D; RULINGS A2). Record losses with "
                              f"harbor-losses {target} --damaged A,B --sunk C.")

    verbs = [
        Verb("patrol", "patrol HEX UNITS --distance N|BASE=N[+N..],BASE=N [--legs A,B] [--ports P,..] [--straits ..] "
             "[--exception X] [--front F]",
             "Announce a patrol to a sea hex; the app then asks each step of 21.416 (interceptions typed).",
             "21.41, 21.416", patrol, group="naval", options=("distance", "legs", "ports", "straits", "exception", "front")),
        Verb("sub-air", "sub-air UNITS [--with 'land-based air']",
             "Enemy submarines still on patrol are attacked by land-based air, once each in a single sortie (no carriers, "
             "no fleets, no air defense roll).", "21.4184C", sub_air, group="naval", options=("with",)),
        Verb("intercept", "intercept HEX UNITS --distance N [--straits ..] [--front F] [--us-war] [--target ID [--favourable]] "
             "[--displaced UNITS] [--in-strait NAME=SIDE]",
             "The non-phasing side's units intercept an enemy naval activity (result typed); --front: the front it occurs on; "
             "--target: the mission intercepted (a raider group on the board only with a favourable modifier); --displaced: "
             "displaced units on their way, by either side; --in-strait: a strait entered on the interceptors' side.",
             "21.3611, 21.4192, 21.1324, 21.533D, 21.232, 21.2111", intercept, group="naval",
             options=("distance", "straits", "front", "us-war", "target", "favourable", "displaced", "in-strait")),
        Verb("defend", "defend HEX UNITS", "Victorious interceptors of a patrol stay as a defensive patrol.",
             "21.4191", defend, group="naval"),
        Verb("harbor-losses", "harbor-losses TARGET [--damaged A,B] [--sunk C]",
             "Apply a harbor attack's typed result to the ships in the target port: damaged, or sunk in port.",
             "21.443D, 21.23G", harbor_losses, group="naval", options=("damaged", "sunk")),
        Verb("harbor", "harbor POWER TARGET [NATURE...]",
             "Announce a harbor attack (research result or Germany's initial attack); the app asks B-D.",
             "21.44, 21.443", harbor, group="naval"),
    ]
    return OpsParts({v.name: v for v in verbs}, answers={"patrol-step": patrol_step, "harbor-step": harbor_step})
