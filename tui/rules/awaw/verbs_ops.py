"""The operations verbs of 21.42-21.6, and the hook the rule set calls (``build_ops``).

This module holds sea transport (``transport``, ``transport-result``;
21.43x) and binds the cargo activities of ``ops_cargo``: sea supply, oil
shipments and BRP grants by sea (``sea-supply``, ``ship-oil``,
``grant-brp``; 21.42, 21.56) and sea escort (``escort``,
``escort-result``; 21.6x). The combat phase's missions are in
``verbs_ops_combat`` (invasions, shore bombardment, carrier missions) and
``verbs_ops_raid`` (raiders). Each handler checks the units with
``employment.check_force``, computes the requirement with the pure
calculators, refuses with the rule number, and asks the referee for what the
app cannot see: distances by water (``--distance``, RULINGS A1) and table
results (RULINGS A2). Every handler is a module-level function; the
builders only bind it to the rule set's :class:`Env` (``functools.partial``).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome, Verb
from . import brps as BR
from .common import ids
from .islands import ISLAND, island_check
from .ops_cargo import sea_escort, escort_done, supply_activity, bar_if_transports, used
from .ops_common import Requirement, check_enough, plural
from .ops_helpers import ENGINE_OPTIONS, Action, Env, announced_id, answer_confirm, ask, cargo_of, check_not_barred, ends
from .ops_helpers import entered_places, force, held_at_start, mission, place, record, route_checks, route_record
from .ops_helpers import targeted_checks, transported, with_alias, with_record
from .ops_tables import OpsTables, Route
from .parts import OpsParts
from .tables import AwawTables
from .transport import carried_rules, check_bases, check_cargo, failure, transport_requirement
from .world import AwawWorld

Handler = Callable[[Context, list[str], dict[str, Any]], Outcome]
"""A verb's handler: (ctx, args, options) -> outcome."""


def _demand(option: tuple[Requirement, Route | None]) -> tuple[int, int]:
    """How much a base of embarkation's requirement asks: destroyer factors, then transports (21.434)."""
    return option[0].destroyers.value, option[0].transports.value


def _transport(env: Env, ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool = False) -> Outcome:
    """21.43: destroyers carry ground and air units from controlled bases to one controlled base."""
    world: AwawWorld = ctx.state.world
    who = env.side(ctx)
    if len(args) < 2:
        raise RuleError("usage: transport FROM[,FROM2] TO --cargo \"NAME:FACTORS[:KIND]\" --by DD1,DD2 --distance N (21.43)")
    try:
        starts, end_, rest = ends(ctx, env, opts, args[0], args[1:], "sea transport")
    except RuleError as exc:
        starts_named = [f"no base called '{n.strip()}'" for n in args[0].split(",")]
        if not str(exc).startswith("no base called") or str(exc) in starts_named:
            raise  # not the destination: a base of embarkation is misnamed
        raise RuleError(f"{exc}: sea transport lands only at a base, and a bridgehead counter is one only when its hex "
                        "has a port (21.435F); name a one- or two-hex island without port access with --island-end "
                        "(21.37)") from None
    end = end_ if end_ is not None else world.base(args[1])
    if rest:
        raise RuleError(f"transport: one base of debarkation; different ones need separate missions (21.435C), not '{' '.join(rest)}'")
    held = {b.name.lower() for b in [*starts, end] if held_at_start(b, who, env)}
    check_bases([place(b) for b in starts], [place(end)], held)
    cargo = cargo_of(opts)
    carried = check_cargo(cargo, transported(ctx, env))
    reqs = [transport_requirement(carried.value, place(s), place(end), env.ops) for s in starts]
    req, route = max(reqs, key=_demand)
    f = force(ctx, opts, env, "sea transport")
    check_not_barred(ctx, env, end.name, f.of("transport", env), "sea transport")
    check_enough(req, f.destroyers, f.transports, "sea transport")
    for u in f.of("transport", env):
        if route is None or u.base != route.sw_box:
            raise RuleError(f"sea transport: transport {u.id} is at {u.base}; the transports come from the SW box the "
                            f"transport passes through ({route.sw_box if route else 'none: no mapboard box on this route'}) (21.434C)")
    checks = route_checks(ctx, opts, env, "offensive", starts[0].theater, "sea transport", "21.432, 21.3614",
                          froms=[*(s.name for s in starts), *(u.base for u in f.units)], dest=end.name)
    entered = entered_places(world, opts, f.units, [s.name for s in starts], end.name)
    checks += targeted_checks(ctx, env, opts, "transport", entered, "sea transport", targets=True)
    if any(c.air for c in cargo) and not (confirmed or opts.get("air-room")):
        return ask(ctx, "transport", args, opts, f"Sea transport to {end.name}: did the air units begin the player turn at "
                   f"the base of embarkation, and does {end.name} have room for their "
                   f"{sum(c.factors for c in cargo if c.air)} air factors?", "21.438A, B", end.name)
    new_world, serial = world.next_serial()
    mid, alias = announced_id("transport", serial, opts)
    rec = with_alias(record(ctx, env), alias, mid)
    rec["transported"] = [*rec["transported"], *(c.name for c in cargo)]
    front, why = BR.front_of(end, starts, BR.typed_front(opts, env.tables))
    paid = BR.paying_factors(f.units, env.tables)
    rec = BR.charge(rec, mid, f"sea transport to {end.name}", front, why, paid, "21.1322, 21.43")
    rec["missions"] = {**rec["missions"], mid: {"kind": "transport", "from": [s.name for s in starts], "to": end.name,
                                                 "cargo": [c.name for c in cargo], "units": [u.id for u in f.units],
                                                 **route_record(entered, opts)}}
    new = with_record(used(new_world, f.units), rec)
    summary = (f"{mid}: sea transport {', '.join(s.name for s in starts)} → {end.name}: {carried.value} factors "
               f"({', '.join(c.name for c in cargo)}) carried by {ids(f.units)}; needs {req.destroyers.value} destroyer "
               f"factors, {plural(req.transports.value, 'transport')} (21.434); {BR.charge_text(front, why, paid)}")
    details = (*carried_rules(cargo), f"If intercepted and defeated: `transport-result {mid} before|after` (21.436).")
    isles = [b.name for b in [*starts, end] if b.kind == ISLAND]
    if isles:
        checks.append(island_check(isles, env.ops))
    return Outcome(new, summary, details, (*req.figures, carried, *checks), actor=who)


def _transport_done(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.436: a sea transport intercepted and defeated before or after embarkation."""
    world: AwawWorld = ctx.state.world
    if len(args) != 2 or args[1].lower() not in ("before", "after"):
        raise RuleError("usage: transport-result ID before|after (defeated before or after embarkation, 21.436)")
    m = mission(ctx, env, args[0], "transport")
    if m.get("result"):
        raise RuleError(f"transport-result: {m['id']} is already {m['result']}")
    stage = args[1].lower()
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": f"defeated {stage} embarkation"}}
    if stage == "before":
        moved = {c.lower() for c in m["cargo"]}
        rec["transported"] = [n for n in rec["transported"] if n.lower() not in moved]
    embark = " or ".join(m["from"])
    notes = ["The naval units stay inverted at their original base (21.436A, B)."]
    rec, line = bar_if_transports(env, world, rec, m)
    notes += line
    tail = f" {line[0]}" if line else ""
    return Outcome(with_record(world, rec), f"{m['id']}: defeated {stage} embarkation — {failure(stage, embark)}{tail}",
                   tuple(notes[:1]), actor=env.side(ctx))


def build_cargo_verbs(env: Env) -> tuple[list[Verb], dict[str, Action]]:
    """sea-supply, ship-oil, grant-brp, transport, transport-result, escort, escort-result, each bound to ``env``."""
    verbs = [
        Verb("sea-supply", "sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2",
             "Trace sea supply: one transport per Western Allied line from a mapboard box, none from ports.", "21.421, 21.56",
             partial(supply_activity, env, "sea-supply"), group="operations", options=("by",)),
        Verb("ship-oil", "ship-oil POWER COUNTERS --by A,B [--from BASE] [--to BASE [--unsupplied]]",
             "Ship oil counters by sea: one transport each (Western Allies, Japan) or three destroyer factors (European Axis).",
             "21.422, 21.56", partial(supply_activity, env, "ship-oil"), group="operations", options=("by", "from", "to", "unsupplied")),
        Verb("grant-brp", "grant-brp POWER BRPS --by T1,T2 [--from BASE] [--to BASE [--unsupplied]]",
             "A Western Allied BRP grant by sea: one transport per five BRPs.", "21.423, 21.56", partial(supply_activity, env, "grant-brp"),
             group="operations", options=("by", "from", "to", "unsupplied")),
        Verb("transport", "transport FROM[,FROM2] TO --cargo \"NAME:FACTORS[:KIND]\" --by DD1,DD2 --distance N [--legs a,b] "
             "[--ports P] [--straits S] [--air-room] [--island-end NAME --island-held] [--no-alternate]",
             "Sea transport ground or air units to one base: 1 destroyer factor per factor (2 to or from a box, plus a transport "
             "per 5 factors); both bases held at the start of the turn.", "21.43", partial(_transport, env),
             group="operations", options=("cargo", "by", "distance", "legs", "ports", "straits", "exception", "air-room", "island-end",
                                          "island-held", "no-alternate")),
        Verb("transport-result", "transport-result ID before|after",
             "A sea transport intercepted and defeated before embarkation (nothing moved) or after it (the cargo returns to "
             "its base of embarkation).", "21.436", partial(_transport_done, env), group="operations"),
        Verb("escort", "escort FROM TO --cargo \"NAME:FACTORS[:KIND]\" --by A,B [--power P] [--reach N] [--distance N [--legs a,b] "
             "[--ports P]] [--island-end NAME --island-held]",
             "Sea escort ground and air units redeploying across water: destroyers on the mapboard (1 per factor), transports to "
             "or from a box (1 per 5 factors); oil and BRPs go by ship-oil and grant-brp (21.63).", "21.6", partial(sea_escort, env),
             group="operations", options=("cargo", "by", "power", "reach", "distance", "legs", "ports", "straits",
                                          "island-end", "island-held")),
        Verb("escort-result", "escort-result ID --surviving N [--defeated] [--transport-lost] | escort-result ID --cut",
             "After an interception: the cargo is eliminated below the destroyer requirement or with its transport, returned if "
             "the escort lost; --cut: the supply line to an unsupplied destination was cut (21.65E).", "21.66, 21.65E", partial(escort_done, env),
             group="operations", options=("surviving", "defeated", "transport-lost", "cut")),
    ]
    return verbs, {"transport": partial(_transport, env)}


def checked(verb: Verb) -> Verb:
    """The verb with its handler refusing options it does not declare (a typo is not silently ignored)."""
    handler = verb.handler
    if handler is None:  # pragma: no cover - every operations verb has one
        return verb
    return replace(verb, handler=partial(_guarded, verb.name, verb.options, handler))


def _guarded(name: str, options: tuple[str, ...], handler: Handler, ctx: Context, args: list[str],
             opts: dict[str, Any]) -> Outcome:
    """Refuse an option the verb ``name`` does not declare, else run its ``handler``."""
    unknown = sorted(set(opts) - set(options) - ENGINE_OPTIONS)
    if unknown:
        known = ", ".join(f"--{o}" for o in options) or "none"
        raise RuleError(f"'{name}' has no option --{unknown[0]} (its options: {known})")
    return handler(ctx, args, opts)


def build_ops(tables: AwawTables, ops_tables: OpsTables, side: Any = None) -> OpsParts:
    """The operations part of the AWAW rule set: verbs, the ``ops-confirm`` answer and the Naval mode's keys.

    ``side`` is the rule set's acting-side function; without it the segment's side is read as the sequence names it.
    """
    from .naval_ops_actions import OPS_ACTIONS
    from .verbs_ops_combat import build_combat_verbs
    from .verbs_ops_raid import build_raid_verbs
    from .verbs_protect import build_protect_verbs
    from .verbs_support import build_support_verbs

    _check_powers(tables, ops_tables)
    env = Env(tables, ops_tables, side or partial(_phasing_side, tables))
    verbs, actions = build_cargo_verbs(env)
    combat, combat_actions = build_combat_verbs(env)
    raid_verbs, raid_answers = build_raid_verbs(env)
    all_verbs = {v.name: checked(v) for v in [*verbs, *combat, *raid_verbs, *build_protect_verbs(env),
                                             *build_support_verbs(env)]}
    return OpsParts(all_verbs, effects={"setup-raiders": partial(_setup_raiders, env)},
                    answers={"ops-confirm": answer_confirm({**actions, **combat_actions}), **raid_answers},
                    actions=OPS_ACTIONS)


def _setup_raiders(env: Env, ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
    """21.5331: in their turn's combat phase, the raiders placed at the opening setup must raid."""
    from .raiders import waiting_setup_raiders

    waiting = waiting_setup_raiders(list(world.units.values()), ctx.turn_label or "", env.side(ctx), env.tables, env.ops)
    if not waiting:
        return world, []
    spec = env.ops.raiders.setup
    return world, [f"{', '.join(waiting)} in the {spec.sw_box} box must raid this combat phase, {spec.brps_each} BRP each: "
                   f"raid \"{spec.sw_box}\" --by {','.join(waiting)} ({spec.rule})"]


def _phasing_side(tables: AwawTables, ctx: Context) -> str:
    """The acting side when the rule set does not pass one: the segment's side as the sequence names it."""
    world: AwawWorld = ctx.state.world
    first = world.first or tables.sides[0]
    name = ctx.segment.side
    if name == "first":
        return first
    if name == "second":
        return next(s for s in tables.sides if s != first)
    return name


def _check_powers(tables: AwawTables, ops: OpsTables) -> None:
    """The blocs of awaw-operations.toml must be the powers awaw.toml puts in them."""
    from ..core.errors import DataError

    for key, bloc in (("european_axis", "european-axis"), ("western_allies", "western-allies")):
        mine = set(getattr(ops.powers, key).value)
        theirs = {p for p, spec in tables.powers.items() if spec.bloc == bloc}
        if mine != theirs:
            raise DataError("awaw-operations.toml", f"table powers, key {key}",
                            f"must be the {bloc} powers of awaw.toml ({', '.join(sorted(theirs))})")


__all__ = ["build_ops"]
