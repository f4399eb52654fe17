"""The operations verbs of 21.42-21.6, and the hook the rule set calls (``build_ops``).

This module holds the cargo activities: sea supply, oil shipments and BRP
grants by sea (``sea-supply``, ``ship-oil``, ``grant-brp``; 21.42, 21.56),
sea transport (``transport``; 21.43x) and sea escort (``escort``,
``escort-result``; 21.6x). The combat phase's missions are in
``verbs_ops_combat`` (invasions, shore bombardment, carrier missions) and
``verbs_ops_raid`` (raiders). Each handler checks the units with
``employment.check_force``, computes the requirement with the pure
calculators, refuses with the rule number, and asks the referee for what the
app cannot see: distances by water (``--distance``, RULINGS A1) and table
results (RULINGS A2).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from . import brps as BR
from .common import ids, words_list
from .employment import employ
from .escort import Cargo as EscortCargo
from .escort import check_initial_leg, escort_requirement, escort_result, home_escort
from .ops_common import Requirement, check_enough, plural, power_name
from .ops_helpers import ENGINE_OPTIONS, Action, Env, answer_confirm, ask, cargo_of, force, held_at_start, mission, place, power_of
from .ops_helpers import announced_id, with_alias
from .ops_helpers import bar, check_not_barred, ends, record, route_checks, transported, with_record
from .ops_helpers import entered_places, route_record, targeted_checks
from .islands import ISLAND, ISLAND_WORD, island_check
from .ops_tables import OpsTables
from .parts import OpsParts
from .supply import brp_grant_requirement, oil_requirement, sea_supply_transports
from .tables import AwawTables
from .transport import carried_rules, check_bases, check_cargo, failure, transport_requirement
from .world import AwawWorld


def _count(text: str, what: str, rule: str) -> int:
    return read_int(text, f"{what} ({rule})", 0, 999)


def build_cargo_verbs(env: Env) -> tuple[list[Verb], dict[str, Action]]:
    """sea-supply, ship-oil, grant-brp, transport, escort, escort-result."""

    def used(world: AwawWorld, units: list, invert: bool = True) -> AwawWorld:
        return world.with_units(employ(units, world, invert=invert)) if units else world

    def chosen_enough(req: Requirement, f, what: str) -> None:
        check_enough(req, f.destroyers, f.transports, what)

    def supply_like(kind: str):
        def handler(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
            world: AwawWorld = ctx.state.world
            power, rest = power_of(args, env)
            if env.tables.side_of(power) != env.side(ctx):
                raise RuleError(f"{kind}: {power_name(power)} is not of the {env.side(ctx)} side, whose player turn it is")
            if kind == "sea-supply":
                if not rest:
                    raise RuleError("usage: sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2 (21.421)")
                boxes = _count(rest[0], "sea supply lines from mapboard boxes", "21.421B")
                ports = _count(rest[1], "sea supply lines from ports", "21.421A") if len(rest) > 1 else 0
                req = sea_supply_transports(boxes, ports, power, env.ops)
                what, done = "sea supply", f"{boxes} line(s) from mapboard boxes, {ports} from ports"
            elif kind == "ship-oil":
                if len(rest) != 1:
                    raise RuleError("usage: ship-oil POWER COUNTERS --by A,B (21.422)")
                n = _count(rest[0], "oil counters", "21.422")
                req, what, done = oil_requirement(n, power, env.ops), "oil shipment", f"{n} oil counter(s) shipped by sea"
            else:
                if len(rest) != 1:
                    raise RuleError("usage: grant-brp POWER BRPS --by T1,T2 (21.423)")
                n = _count(rest[0], "BRPs granted", "21.423")
                req, what, done = brp_grant_requirement(n, power, env.ops), "BRP grant", f"a grant of {n} BRPs by sea"
            f = force(ctx, opts, env, what, required=bool(req.destroyers.value or req.transports.value))
            chosen_enough(req, f, what)
            for u in f.of("transport", env):
                if world.bases[u.base].kind != "sw-box":
                    raise RuleError(f"{what}: transport {u.id} is at {u.base}; transports serve from the SW box of the shipping "
                                    "area (21.421B, 20.64)")
            new = used(world, f.units)
            phase = "post-combat supply (21.56)" if "post" in ctx.segment.key else "initial supply (21.42)"
            head = f"{env.tables.powers[power].name}: "
            details = ["These may be protected by other naval units: `protect ID --by A,B` (21.424, 21.65F, G)."]
            if kind != "sea-supply":
                ends = {k: world.base(str(opts[k])) for k in ("from", "to") if opts.get(k) not in (None, True)}
                for key, rule in (("from", "21.65C"), ("to", "21.65D")):
                    if key in ends and env.tables.side_of(ends[key].control) != env.side(ctx):
                        raise RuleError(f"{what}: {ends[key].name} is not controlled by the {env.side(ctx)} side ({rule})")
                if "to" in ends:
                    check_not_barred(ctx, env, ends["to"].name, f.of("transport", env), what)
                unsupplied = bool(opts.get("unsupplied"))
                if unsupplied and ("to" not in ends or "post" not in ctx.segment.key):
                    raise RuleError(f"{what}: a destination not yet supplied (--unsupplied, with --to BASE) is reached only at the "
                                    "same time post-combat supply is traced to it (21.65E); otherwise it must be partially or "
                                    "fully supplied (21.65D)")
                new, serial = new.next_serial()
                mid = f"escort-{serial}"
                rec = record(ctx, env)
                origin = ends["from"].name if "from" in ends else "the port of embarkation"
                rec["missions"] = {**rec["missions"], mid: {"kind": "escort", "from": origin,
                                                             "to": ends["to"].name if "to" in ends else "",
                                                             "destroyers": req.destroyers.value, "units": [u.id for u in f.units],
                                                             "cargo": [], "oil": n if kind == "ship-oil" else 0,
                                                             "brps": n if kind == "grant-brp" else 0,
                                                             **({"unsupplied": True} if unsupplied else {})}}
                new = with_record(new, rec)
                head = f"{mid}: {head}"
                details.append(f"If intercepted: `escort-result {mid} --surviving N [--defeated] [--transport-lost]` (21.66).")
                if unsupplied:
                    details.append(f"{ends['to'].name} is not yet supplied: if the supply line traced to it now is cut, the "
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
        return handler

    def transport(ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
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
        req, route = max(reqs, key=lambda r: (r[0].destroyers.value, r[0].transports.value))
        f = force(ctx, opts, env, "sea transport")
        check_not_barred(ctx, env, end.name, f.of("transport", env), "sea transport")
        chosen_enough(req, f, "sea transport")
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

    def _bar_if_transports(world: AwawWorld, rec: dict[str, Any], m: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """21.315: an aborted activity that used transports bars transports to its destination for the rest of the turn."""
        used_tr = [i for i in m.get("units", []) if i in world.units and world.units[i].category(env.tables) == "transport"]
        dest = str(m.get("to") or "")
        if not used_tr or not dest:
            return rec, []
        return bar(rec, dest), [f"An activity with transports ({', '.join(used_tr)}) was aborted: no transports may be used for "
                                f"naval operations relating to {dest} for the rest of the player turn; those already under "
                                "way are unaffected (21.315)."]

    def transport_done(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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
        rec, line = _bar_if_transports(world, rec, m)
        notes += line
        tail = f" {line[0]}" if line else ""
        return Outcome(with_record(world, rec), f"{m['id']}: defeated {stage} embarkation — {failure(stage, embark)}{tail}",
                       tuple(notes[:1]), actor=env.side(ctx))

    def escort(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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
        chosen_enough(req, f, "sea escort")
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

    def supply_cut(ctx: Context, world: AwawWorld, m: dict[str, Any]) -> Outcome:
        """21.65E: an oil shipment or BRP grant to a destination not yet supplied is aborted when its supply line is cut."""
        if not m.get("unsupplied"):
            raise RuleError(f"escort-result: {m['id']} goes to a supplied destination; --cut is for an oil shipment or BRP grant "
                            "sent with --unsupplied (21.65E)")
        if m.get("result"):
            raise RuleError(f"escort-result: {m['id']} is already {m['result']}")
        rec = record(ctx, env)
        rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": "aborted"}}
        rec, line = _bar_if_transports(world, rec, m)
        cargo = f"{m['oil']} oil" if m["oil"] else f"{m['brps']} BRPs"
        return Outcome(with_record(world, rec), f"{m['id']}: the supply line to {m['to']} is cut: the shipment ({cargo}) is "
                                               f"aborted (21.65E)" + (f" {line[0]}" if line else ""), actor=env.side(ctx))

    def escort_done(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.66: what an interception did to a sea escort: cargo delivered, returned or eliminated."""
        world: AwawWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: escort-result ID --surviving N [--defeated] [--transport-lost] (21.66)")
        m = mission(ctx, env, args[0], "escort")
        if opts.get("cut"):
            return supply_cut(ctx, world, m)
        surviving = read_int(opts.get("surviving", m["destroyers"]), "destroyer factors surviving", 0, 999)
        out = escort_result(m["destroyers"], surviving, bool(opts.get("transport-lost")), bool(opts.get("defeated")), m["from"])
        rec = record(ctx, env)
        rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": out.value}}
        notes = out.notes
        if out.value == "returned":
            rec, line = _bar_if_transports(world, rec, m)
            notes = (*notes, *line)
        cargo = ", ".join(x for x in (", ".join(m["cargo"]), f"{m['oil']} oil" if m["oil"] else "", f"{m['brps']} BRPs" if m["brps"] else "") if x)
        tail = f" {notes[-1]}" if len(notes) > len(out.notes) else ""
        return Outcome(with_record(world, rec), f"{m['id']}: the cargo ({cargo}) is {out.value} ({out.rule}){tail}",
                       tuple(out.notes), (out,))

    verbs = [
        Verb("sea-supply", "sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2",
             "Trace sea supply: one transport per Western Allied line from a mapboard box, none from ports.", "21.421, 21.56",
             supply_like("sea-supply"), group="operations", options=("by",)),
        Verb("ship-oil", "ship-oil POWER COUNTERS --by A,B [--from BASE] [--to BASE [--unsupplied]]",
             "Ship oil counters by sea: one transport each (Western Allies, Japan) or three destroyer factors (European Axis).",
             "21.422, 21.56", supply_like("ship-oil"), group="operations", options=("by", "from", "to", "unsupplied")),
        Verb("grant-brp", "grant-brp POWER BRPS --by T1,T2 [--from BASE] [--to BASE [--unsupplied]]",
             "A Western Allied BRP grant by sea: one transport per five BRPs.", "21.423, 21.56", supply_like("grant-brp"),
             group="operations", options=("by", "from", "to", "unsupplied")),
        Verb("transport", "transport FROM[,FROM2] TO --cargo \"NAME:FACTORS[:KIND]\" --by DD1,DD2 --distance N [--legs a,b] "
             "[--ports P] [--straits S] [--air-room] [--island-end NAME --island-held] [--no-alternate]",
             "Sea transport ground or air units to one base: 1 destroyer factor per factor (2 to or from a box, plus a transport "
             "per 5 factors); both bases held at the start of the turn.", "21.43", lambda c, a, o: transport(c, a, o, False),
             group="operations", options=("cargo", "by", "distance", "legs", "ports", "straits", "exception", "air-room", "island-end",
                                          "island-held", "no-alternate")),
        Verb("transport-result", "transport-result ID before|after",
             "A sea transport intercepted and defeated before embarkation (nothing moved) or after it (the cargo returns to "
             "its base of embarkation).", "21.436", transport_done, group="operations"),
        Verb("escort", "escort FROM TO --cargo \"NAME:FACTORS[:KIND]\" --by A,B [--power P] [--reach N] [--distance N [--legs a,b] "
             "[--ports P]] [--island-end NAME --island-held]",
             "Sea escort ground and air units redeploying across water: destroyers on the mapboard (1 per factor), transports to "
             "or from a box (1 per 5 factors); oil and BRPs go by ship-oil and grant-brp (21.63).", "21.6", escort,
             group="operations", options=("cargo", "by", "power", "reach", "distance", "legs", "ports", "straits",
                                          "island-end", "island-held")),
        Verb("escort-result", "escort-result ID --surviving N [--defeated] [--transport-lost] | escort-result ID --cut",
             "After an interception: the cargo is eliminated below the destroyer requirement or with its transport, returned if "
             "the escort lost; --cut: the supply line to an unsupplied destination was cut (21.65E).", "21.66, 21.65E", escort_done,
             group="operations", options=("surviving", "defeated", "transport-lost", "cut")),
    ]
    return verbs, {"transport": transport}


def checked(verb: Verb) -> Verb:
    """The verb with its handler refusing options it does not declare (a typo is not silently ignored)."""
    handler = verb.handler
    if handler is None:  # pragma: no cover - every operations verb has one
        return verb

    def guarded(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        unknown = sorted(set(opts) - set(verb.options) - ENGINE_OPTIONS)
        if unknown:
            known = ", ".join(f"--{o}" for o in verb.options) or "none"
            raise RuleError(f"'{verb.name}' has no option --{unknown[0]} (its options: {known})")
        return handler(ctx, args, opts)

    return replace(verb, handler=guarded)


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
    env = Env(tables, ops_tables, side or _phasing(tables))
    verbs, actions = build_cargo_verbs(env)
    combat, combat_actions = build_combat_verbs(env)
    raid_verbs, raid_answers = build_raid_verbs(env)
    all_verbs = {v.name: checked(v) for v in [*verbs, *combat, *raid_verbs, *build_protect_verbs(env),
                                             *build_support_verbs(env)]}

    def setup_raiders(ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
        """21.5331: in their turn's combat phase, the raiders placed at the opening setup must raid."""
        from .raiders import waiting_setup_raiders

        waiting = waiting_setup_raiders(list(world.units.values()), ctx.turn_label or "", env.side(ctx), tables, ops_tables)
        if not waiting:
            return world, []
        spec = ops_tables.raiders.setup
        return world, [f"{', '.join(waiting)} in the {spec.sw_box} box must raid this combat phase, {spec.brps_each} BRP each: "
                       f"raid \"{spec.sw_box}\" --by {','.join(waiting)} ({spec.rule})"]

    return OpsParts(all_verbs, effects={"setup-raiders": setup_raiders},
                    answers={"ops-confirm": answer_confirm({**actions, **combat_actions}), **raid_answers},
                    actions=OPS_ACTIONS)


def _phasing(tables: AwawTables):
    """The acting side when the rule set does not pass one: the segment's side as the sequence names it."""
    def side(ctx: Context) -> str:
        world: AwawWorld = ctx.state.world
        first = world.first or tables.sides[0]
        name = ctx.segment.side
        if name == "first":
            return first
        if name == "second":
            return next(s for s in tables.sides if s != first)
        return name
    return side


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
