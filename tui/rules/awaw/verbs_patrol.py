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

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from .common import Side, distance, ids, one_side, words_list
from . import submarines as S
from . import joint as J
from . import brps as BR
from . import patrols as P
from .employment import check_force, employ, force_figures
from .ops_helpers import floor_checks, record_for
from .ops_tables import OpsTables
from .parts import OpsParts
from .patrols import ABORT, FAILED, LOST, REMAIN, RETURN, WON
from .ranges import add_edge, box_edge, check_range, edge_note, exception_use, read_legs
from .straits import check_route
from .tables import AwawTables
from .verbs_harbor import _harbor, _harbor_losses, _harbor_step
from .verbs_intercept import _defend, _intercept, _sub_air
from .world import AwawWorld


def _patrol(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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
        checks, n = [], 0
        for base_name, (n_b, legs_b) in routes.items():
            b = world.bases[base_name]
            edge, edge_rule = box_edge(b.name, tables)
            n_b, legs_b = add_edge(n_b, legs_b, edge)
            n = max(n, n_b)  # the longest contingent's route, a box's edge hexes included (21.413B)
            c = check_range("offensive", b.theater, n_b, tables, legs=legs_b, ports=words_list(opts, "ports"),
                            exception=str(opts.get("exception") or ""))
            checks.append(replace(c, name=f"{c.name} from {b.name}",
                                  notes=(*c.notes, *([edge_note(b.name, edge, edge_rule)] if edge else []))))
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
    prompt = P.ask(world, "route", serial, [u.id for u in units], hex_, False, ctx.segment.key)
    joint = (f"Joint patrol from {', '.join(by_base)}: the contingents move at the same time and may join at sea before the "
             "patrol hex; each still counts against its base of origin (21.414B, 21.415)",) if len(by_base) > 1 else ()
    return Outcome(world, f"Patrol {serial}: {ids(units)} to {hex_}, {n} hexes; {cost}. Answer patrol-{serial}-route and the prompts that follow (21.416)",
                   ("Base changes and SW deployments are announced with the patrols (21.414B, 21.416A)", *joint),
                   (*checks, *figures.values()), raise_prompts=(prompt,), actor=who)



def _patrol_step(tables: AwawTables, side: Side, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """One answer of the 21.416 procedure: whether the defender attempts interception and what came of it is his answer
    (21.416C, J, L: "the defending player may attempt naval interception"; issue 32), the others the moving player's
    (21.416E, K; the victor's option of L is asked only when the patrol won). ``tables`` names the defender."""
    outcome = _patrol_answer(side, ctx, prompt, value)
    if value in P.INTERCEPTION:
        return replace(outcome, actor=next(s for s in tables.sides if s != side(ctx)))
    return outcome


def _patrol_answer(side: Side, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """The effect of one answer of the 21.416 procedure."""
    world: AwawWorld = ctx.state.world
    a = prompt.args
    n, units, hex_, step = a["n"], list(a["units"]), a["hex"], a["step"]
    attempt = P.attempt_of(side, ctx, n)
    tried = bool(a["tried"]) or attempt is not None
    busy = sorted({int(p.args["n"]) for p in ctx.state.flow.pending if p.effect == "patrol-step" and p.id != prompt.id
                   and p.args.get("n") != n and p.args.get("step") != "route"})
    if busy:  # another patrol has moved and is not resolved yet
        raise RuleError(f"Patrol {busy[0]} is under way: patrols are conducted one after the other, in the sequence the "
                        "moving player designates, each resolved before the next moves (21.416B, 21.416M)")
    units = [u for u in units if u in world.units and not world.units[u].sunk and world.units[u].at_sea == "patrol"]
    if not units:
        return Outcome(world, f"Patrol {n}: no patrolling units left (sunk or returned)")
    if step in P.ATTEMPT_POINTS:  # 21.4171: one attempt, its result recorded whatever it is
        open_ = attempt is not None and not attempt.get("result")
        if open_ and value not in (FAILED, WON, LOST):
            where = P.ATTEMPT_POINTS[attempt["at"]].format(hex=hex_)
            raise RuleError(f"{prompt.id}: the defender attempted interception of patrol {n} {where} "
                            f"({', '.join(attempt.get('by', []))}): answer {FAILED}, {WON} or {LOST} (21.4171)")
        if value in (FAILED, WON, LOST):
            if attempt is not None and not open_:
                raise RuleError(f"{prompt.id}: the defender already attempted interception of patrol {n} (21.4171)")
            world = P.with_attempt(side, ctx, world, n, {**(attempt or {"at": step}), "result": value})
    seg = ctx.segment.key
    if value == LOST:
        return Outcome(P.back(world, units), f"Patrol {n} lost the naval combat: {', '.join(units)} return to port, inverted "
                       "(21.416F); the victorious interceptors may stay as a defensive patrol (defend HEX UNITS, 21.4191) "
                       "or return and invert")
    if value == RETURN:
        return Outcome(P.back(world, units), f"Patrol {n} returns to base: {', '.join(units)} inverted (21.416K, 21.4183)")
    if value == ABORT:
        return Outcome(P.back(world, units), f"Patrol {n} aborts after winning and returns to port, inverted (21.416E)")
    if step == "route":
        if value == WON:
            return Outcome(world, f"Patrol {n} won the naval combat en route (21.416E)", raise_prompts=(P.ask(world, "continue", n, units, hex_, True, seg),))
        if value == FAILED:
            return Outcome(world, f"Patrol {n}: the defender's interception attempt on the way failed; it reaches {hex_} "
                           "(21.416H-I), and the defender may not attempt interception of it again (21.4171)",
                           raise_prompts=(P.ask(world, "strikes-after", n, units, hex_, True, seg),))
        return Outcome(world, f"Patrol {n} reaches {hex_} (21.416H-I)", raise_prompts=(P.ask(world, "strikes", n, units, hex_, tried, seg),))
    if step == "continue":
        return Outcome(world, f"Patrol {n} continues to {hex_} (21.416E)", raise_prompts=(P.ask(world, "strikes-after", n, units, hex_, tried, seg),))
    if step == "strikes" and value == WON:
        return Outcome(world, f"Patrol {n} won the interception in {hex_} (21.416J)", raise_prompts=(P.ask(world, "strikes-after", n, units, hex_, True, seg),))
    if step == "strikes" and value == FAILED:
        return Outcome(world, f"Patrol {n}: the defender's interception attempt in {hex_} failed (21.416J); he may not "
                       "attempt interception of it again (21.4171)", raise_prompts=(P.ask(world, "strikes-after", n, units, hex_, True, seg),))
    if value == REMAIN:
        if tried or step == "victor":
            return Outcome(world, f"Patrol {n} remains in {hex_} during the combat phase (21.416K-L)")
        return Outcome(world, f"Patrol {n} remains in {hex_}: the defender may intercept it there (21.416L)",
                       raise_prompts=(P.ask(world, "hex", n, units, hex_, True, seg),))
    if step == "hex":
        if value == WON:
            return Outcome(world, f"Patrol {n} won in {hex_} (21.416L)", raise_prompts=(P.ask(world, "victor", n, units, hex_, True, seg),))
        if value == FAILED:
            return Outcome(world, f"Patrol {n} stays in {hex_} for the combat phase: the defender's interception attempt "
                           "failed (21.416L, 21.4171)")
        return Outcome(world, f"Patrol {n} stays in {hex_} unintercepted for the combat phase (21.416L)")
    raise RuleError(f"'{value}' is not an answer to patrol-{n}-{step} here ({', '.join(P.STEPS[step][1])})")



def build_patrol_verbs(tables: AwawTables, side: Side, ops: OpsTables | None = None) -> OpsParts:
    """Patrol, intercept, defend and harbor, with the answers of their procedures; ``ops``: the operations tables (where
    American units interfere only at war with Germany, 21.14E; raiders' direct routes, 21.533D). Only binds the verbs
    of this module, ``verbs_intercept`` and ``verbs_harbor`` to the tables and the acting side."""
    verbs = [
        Verb("patrol", "patrol HEX UNITS --distance N|BASE=N[+N..],BASE=N [--legs A,B] [--ports P,..] [--straits ..] "
             "[--exception X] [--front F]",
             "Announce a patrol to a sea hex; the app then asks each step of 21.416 (interceptions typed).",
             "21.41, 21.416", partial(_patrol, tables, side), group="naval", options=("distance", "legs", "ports", "straits", "exception", "front")),
        Verb("sub-air", "sub-air UNITS [--with 'land-based air']",
             "Enemy submarines still on patrol are attacked by land-based air, once each in a single sortie (no carriers, "
             "no fleets, no air defense roll).", "21.4184C", partial(_sub_air, tables, side), group="naval", options=("with",)),
        Verb("intercept", "intercept HEX UNITS --distance N [--straits ..] [--front F] [--us-war] [--target ID [--favourable]] "
             "[--displaced UNITS] [--in-strait NAME=SIDE] [--missed]",
             "The non-phasing side's units intercept an enemy naval activity (result typed); --front: the front it occurs on; "
             "--target: the mission intercepted (a raider group on the board only with a favourable modifier); --displaced: "
             "displaced units on their way, by either side; --in-strait: a strait entered on the interceptors' side; --missed: "
             "the Naval Interception Table gave no interception.",
             "21.3611, 21.4192, 21.1324, 21.533D, 21.232, 21.2111", partial(_intercept, tables, side, ops), group="naval",
             options=("distance", "straits", "front", "us-war", "target", "favourable", "displaced", "in-strait", "missed")),
        Verb("defend", "defend HEX UNITS", "Victorious interceptors of a patrol stay as a defensive patrol.",
             "21.4191", partial(_defend, tables, side), group="naval"),
        Verb("harbor-losses", "harbor-losses TARGET [--damaged A,B] [--sunk C]",
             "Apply a harbor attack's typed result to the ships in the target port: damaged, or sunk in port.",
             "21.443D, 21.23G", partial(_harbor_losses, tables, side), group="naval", options=("damaged", "sunk")),
        Verb("harbor", "harbor POWER TARGET [NATURE...]",
             "Announce a harbor attack (research result or Germany's initial attack); the app asks B-D.",
             "21.44, 21.443", partial(_harbor, tables, side), group="naval"),
    ]
    return OpsParts({v.name: v for v in verbs}, answers={"patrol-step": partial(_patrol_step, tables, side),
                                                 "harbor-step": partial(_harbor_step, tables, side)})
