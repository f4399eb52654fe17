"""The supply determination's sea activities (21.42, 21.56) and sea escort (21.6x): the handlers of ``sea-supply``,
``ship-oil``, ``grant-brp``, ``escort`` and ``escort-result``, module-level functions ``verbs_ops`` binds to the
rule set's :class:`Env`.

Each checks the units with ``employment.check_force`` (through ``force``), computes the requirement with the pure
calculators of ``supply`` and ``escort``, refuses with the rule number, and keeps the mission in the operations
record so that it may be protected (``protect``, 21.424) and its interception resolved (``escort-result``, 21.66).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome
from .common import ids, words_list
from .employment import employ
from .escort import Cargo as EscortCargo
from .escort import check_initial_leg, escort_requirement, escort_result, home_escort
from .islands import ISLAND_WORD
from .ops_common import check_enough, plural, power_name
from .ops_helpers import Env, bar, cargo_of, check_not_barred, ends, force, mission, power_of, record, route_checks
from .ops_helpers import with_record
from .supply import brp_grant_requirement, oil_requirement, sea_supply_transports
from .world import AwawWorld


def count(text: str, what: str, rule: str) -> int:
    """A count typed for ``what`` (0-999), refused with ``rule``."""
    return read_int(text, f"{what} ({rule})", 0, 999)


def used(world: AwawWorld, units: list) -> AwawWorld:
    """The world with ``units`` employed and inverted (21.31, 21.311); unchanged when there are none."""
    return world.with_units(employ(units, world)) if units else world


def supply_activity(env: Env, kind: str, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.421-21.423, 21.56: sea supply, an oil shipment or a BRP grant by sea (``kind``, the verb's name)."""
    world: AwawWorld = ctx.state.world
    power, rest = power_of(args, env)
    if env.tables.side_of(power) != env.side(ctx):
        raise RuleError(f"{kind}: {power_name(power)} is not of the {env.side(ctx)} side, whose player turn it is")
    if kind == "sea-supply":
        if not rest:
            raise RuleError("usage: sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2 (21.421)")
        boxes = count(rest[0], "sea supply lines from mapboard boxes", "21.421B")
        ports = count(rest[1], "sea supply lines from ports", "21.421A") if len(rest) > 1 else 0
        req = sea_supply_transports(boxes, ports, power, env.ops)
        what, done = "sea supply", f"{boxes} line(s) from mapboard boxes, {ports} from ports"
    elif kind == "ship-oil":
        if len(rest) != 1:
            raise RuleError("usage: ship-oil POWER COUNTERS --by A,B (21.422)")
        n = count(rest[0], "oil counters", "21.422")
        req, what, done = oil_requirement(n, power, env.ops), "oil shipment", f"{n} oil counter(s) shipped by sea"
    else:
        if len(rest) != 1:
            raise RuleError("usage: grant-brp POWER BRPS --by T1,T2 (21.423)")
        n = count(rest[0], "BRPs granted", "21.423")
        req, what, done = brp_grant_requirement(n, power, env.ops), "BRP grant", f"a grant of {n} BRPs by sea"
    f = force(ctx, opts, env, what, required=bool(req.destroyers.value or req.transports.value))
    check_enough(req, f.destroyers, f.transports, what)
    for u in f.of("transport", env):
        if world.bases[u.base].kind != "sw-box":
            raise RuleError(f"{what}: transport {u.id} is at {u.base}; transports serve from the SW box of the shipping "
                            "area (21.421B, 20.64)")
    new = used(world, f.units)
    phase = "post-combat supply (21.56)" if "post" in ctx.segment.key else "initial supply (21.42)"
    head = f"{env.tables.powers[power].name}: "
    details = ["These may be protected by other naval units: `protect ID --by A,B` (21.424, 21.65F, G)."]
    if kind != "sea-supply":
        named = {k: world.base(str(opts[k])) for k in ("from", "to") if opts.get(k) not in (None, True)}
        for key, rule in (("from", "21.65C"), ("to", "21.65D")):
            if key in named and env.tables.side_of(named[key].control) != env.side(ctx):
                raise RuleError(f"{what}: {named[key].name} is not controlled by the {env.side(ctx)} side ({rule})")
        if "to" in named:
            check_not_barred(ctx, env, named["to"].name, f.of("transport", env), what)
        unsupplied = bool(opts.get("unsupplied"))
        if unsupplied and ("to" not in named or "post" not in ctx.segment.key):
            raise RuleError(f"{what}: a destination not yet supplied (--unsupplied, with --to BASE) is reached only at the "
                            "same time post-combat supply is traced to it (21.65E); otherwise it must be partially or "
                            "fully supplied (21.65D)")
        new, serial = new.next_serial()
        mid = f"escort-{serial}"
        rec = record(ctx, env)
        origin = named["from"].name if "from" in named else "the port of embarkation"
        rec["missions"] = {**rec["missions"], mid: {"kind": "escort", "from": origin,
                                                     "to": named["to"].name if "to" in named else "",
                                                     "destroyers": req.destroyers.value, "units": [u.id for u in f.units],
                                                     "cargo": [], "oil": n if kind == "ship-oil" else 0,
                                                     "brps": n if kind == "grant-brp" else 0,
                                                     **({"unsupplied": True} if unsupplied else {})}}
        new = with_record(new, rec)
        head = f"{mid}: {head}"
        details.append(f"If intercepted: `escort-result {mid} --surviving N [--defeated] [--transport-lost]` (21.66).")
        if unsupplied:
            details.append(f"{named['to'].name} is not yet supplied: if the supply line traced to it now is cut, the "
                           f"{what} is aborted: `escort-result {mid} --cut` (21.65E).")
    else:  # a sea supply mission, so that it may be protected (21.424, 21.35B)
        new, serial = new.next_serial()
        mid = f"supply-{serial}"
        rec = record(ctx, env)
        rec["missions"] = {**rec["missions"], mid: {"kind": "supply", "power": power, "box_lines": boxes,
                                                     "port_lines": ports, "units": [u.id for u in f.units]}}
        new = with_record(new, rec)
        head = f"{mid}: {head}"
    summary = (f"{head}{done} in {phase}; needs {req.destroyers.value} destroyer factors and "
               f"{plural(req.transports.value, 'transport')}" + (f", using {ids(f.units)}" if f.units else ""))
    return Outcome(new, summary, tuple(details), req.figures, actor=env.side(ctx))


def bar_if_transports(env: Env, world: AwawWorld, rec: dict[str, Any], m: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """21.315: an aborted activity that used transports bars transports to its destination for the rest of the turn."""
    used_tr = [i for i in m.get("units", []) if i in world.units and world.units[i].category(env.tables) == "transport"]
    dest = str(m.get("to") or "")
    if not used_tr or not dest:
        return rec, []
    return bar(rec, dest), [f"An activity with transports ({', '.join(used_tr)}) was aborted: no transports may be used for "
                            f"naval operations relating to {dest} for the rest of the player turn; those already under "
                            "way are unaffected (21.315)."]


def sea_escort(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.6: sea escort of ground and air units redeploying from one base to one destination (21.63C)."""
    world: AwawWorld = ctx.state.world
    who = env.side(ctx)
    if len(args) < 2:
        raise RuleError("usage: escort FROM TO --cargo \"NAME:FACTORS\" --by A,B [--reach N] (21.6); oil and BRPs go by "
                        "ship-oil and grant-brp in supply determination (21.63)")
    if any("," in a for a in args):
        raise RuleError(f"escort: one base of embarkation and one destination ({' '.join(args)}); transports used for sea "
                        "escort may only have one of each (21.65B), and escorts to different destinations are carried "
                        "out separately (21.65I)")
    isles = {w.lower() for w in words_list(opts, "island-end")}
    if args[0].lower() in isles or args[0].lower() == ISLAND_WORD:
        starts_, end_, rest = ends(ctx, env, opts, args[0], args[1:], "sea escort")
    else:
        first, tail = world.take_base(args)
        starts_, end_, rest = ends(ctx, env, opts, first.name, tail, "sea escort")
    start, end = starts_[0], end_
    if end is None:
        raise RuleError("escort: to which base? (21.65D)")
    if rest:
        raise RuleError(f"escort: sea escorts to different destinations are carried out separately (21.65I), not '{' '.join(rest)}'")
    for b, rule in ((start, "21.65C"), (end, "21.65D")):
        if env.tables.side_of(b.control) != who:
            raise RuleError(f"escort: {b.name} is not controlled by the {who} side ({rule})")
    units = cargo_of(opts)
    load = EscortCargo(sum(c.factors for c in units))
    f = force(ctx, opts, env, "sea escort")
    check_not_barred(ctx, env, end.name, f.of("transport", env), "sea escort")
    power = str(opts.get("power") or f.units[0].power).lower()
    if power not in env.tables.powers:
        raise RuleError(f"escort: no power called '{power}' ({', '.join(env.tables.powers)})")
    leg = "transports" if (start.is_box or end.is_box) else "destroyers"
    req = escort_requirement(load, power, leg, env.ops)
    check_enough(req, f.destroyers, f.transports, "sea escort")
    checks = []
    away = [u for u in f.of("destroyer", env) if u.base != start.name]
    home = home_escort(power, env.tables.powers[power].bloc, (end.name, end.group),
                       [(world.bases[u.base].name, world.bases[u.base].group) for u in f.of("destroyer", env)], env.ops)
    if away:
        if opts.get("reach") in (None, True):
            raise RuleError(f"escort: {ids(away)} are not based at {start.name}; type the hexes by water from their base to it "
                            "with --reach N (21.65A, RULINGS A1)")
        checks.append(check_initial_leg(read_int(opts["reach"], "hexes to the embarkation hex", 0, 999), start.theater,
                                        env.ops, home, env.tables.theaters[start.theater].offensive))
    if opts.get("distance") not in (None, True):  # 21.62: the range of 21.3612 (home: within naval range), if typed
        checks += route_checks(ctx, opts, env, "base-change" if home else "escort", start.theater, "sea escort",
                               home or "21.62, 21.3612", froms=[start.name], dest=end.name)
    rec = record(ctx, env)
    new_world, serial = world.next_serial()
    mid = f"escort-{serial}"
    rec["missions"] = {**rec["missions"], mid: {"kind": "escort", "from": start.name, "to": end.name,
                                                 "destroyers": req.destroyers.value, "units": [u.id for u in f.units],
                                                 "cargo": [c.name for c in units], "oil": 0, "brps": 0}}
    new = with_record(used(new_world, f.units), rec)
    what = ", ".join(c.name for c in units)
    summary = (f"{mid}: sea escort {start.name} → {end.name} of {what} by {leg} ({ids(f.units)}); needs "
               f"{req.destroyers.value} destroyer factors, {plural(req.transports.value, 'transport')} (21.64)")
    return Outcome(new, summary, ("If intercepted: `escort-result ID --surviving N [--defeated] [--transport-lost]` (21.66).",),
                   (*req.figures, *checks), actor=who)



def _supply_cut(env: Env, ctx: Context, world: AwawWorld, m: dict[str, Any]) -> Outcome:
    """21.65E: an oil shipment or BRP grant to a destination not yet supplied is aborted when its supply line is cut."""
    if not m.get("unsupplied"):
        raise RuleError(f"escort-result: {m['id']} goes to a supplied destination; --cut is for an oil shipment or BRP grant "
                        "sent with --unsupplied (21.65E)")
    if m.get("result"):
        raise RuleError(f"escort-result: {m['id']} is already {m['result']}")
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": "aborted"}}
    rec, line = bar_if_transports(env, world, rec, m)
    cargo = f"{m['oil']} oil" if m["oil"] else f"{m['brps']} BRPs"
    return Outcome(with_record(world, rec), f"{m['id']}: the supply line to {m['to']} is cut: the shipment ({cargo}) is "
                                           f"aborted (21.65E)" + (f" {line[0]}" if line else ""), actor=env.side(ctx))



def escort_done(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.66: what an interception did to a sea escort: cargo delivered, returned or eliminated."""
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: escort-result ID --surviving N [--defeated] [--transport-lost] (21.66)")
    m = mission(ctx, env, args[0], "escort")
    if opts.get("cut"):
        return _supply_cut(env, ctx, world, m)
    surviving = read_int(opts.get("surviving", m["destroyers"]), "destroyer factors surviving", 0, 999)
    out = escort_result(m["destroyers"], surviving, bool(opts.get("transport-lost")), bool(opts.get("defeated")), m["from"])
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": out.value}}
    notes = out.notes
    if out.value == "returned":
        rec, line = bar_if_transports(env, world, rec, m)
        notes = (*notes, *line)
    cargo = ", ".join(x for x in (", ".join(m["cargo"]), f"{m['oil']} oil" if m["oil"] else "", f"{m['brps']} BRPs" if m["brps"] else "") if x)
    tail = f" {notes[-1]}" if len(notes) > len(out.notes) else ""
    return Outcome(with_record(world, rec), f"{m['id']}: the cargo ({cargo}) is {out.value} ({out.rule}){tail}",
                   tuple(out.notes), (out,))
