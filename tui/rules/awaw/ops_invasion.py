"""What follows an announced seaborne invasion (21.52, 21.5152, 21.516-21.518, 21.528): the handlers of ``bombard``,
``invasion-odds``, ``invasion-losses`` and ``invasion-result``, module-level functions ``verbs_ops_combat`` binds to
the rule set's :class:`Env`; and what the combat phase's missions share (their naval units going to sea, the cargo
kept in the mission's record).

Each reads the invasion from the operations record (``mission``), checks with the pure calculators of
``invasion`` and ``bombardment``, and keeps what it adds in the record for the next step.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.errors import RuleError
from ..core.numbers import read_amount, read_int
from ..core.ruleset import Context, Outcome
from . import bombardment as BO
from . import invasion as I
from .common import ids, words_list
from .employment import employ
from .ops_common import plural
from .ops_helpers import Env, entered_places, force, mission, record, route_checks, targeted_checks, with_record
from .transport import Cargo
from .units import NavalUnit
from .world import AwawWorld


def cargo_data(cargo: tuple[Cargo, ...]) -> list[dict[str, Any]]:
    """The invasion's cargo as the mission's record keeps it (plain data)."""
    return [{"name": c.name, "factors": c.factors, "kind": c.kind, "ctl": c.ctl, "mech": c.mech_intact} for c in cargo]


def cargo_back(data: list[dict[str, Any]]) -> tuple[Cargo, ...]:
    """The invasion's cargo read back from the mission's record."""
    return tuple(Cargo(d["name"], d["factors"], d["kind"], ctl=d["ctl"], mech_intact=d["mech"]) for d in data)


def to_sea(world: AwawWorld, units: list, hex_: str) -> AwawWorld:
    """The world with ``units`` employed, not yet inverted, at sea on a mission in ``hex_`` (21.4183, 21.555E)."""
    acted = employ(units, world, invert=False)
    return world.with_units([u.change(at_sea="mission", sea_hex=hex_) for u in acted])


def invasion_bombard(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.52: naval units support an announced invasion with shore bombardment."""
    t, ops = env.tables, env.ops
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: bombard INVASION_ID --by A,B --distance N (21.52)")
    m = mission(ctx, env, args[0], "invasion")
    named = world.units_named(words_list(opts, "by")) if words_list(opts, "by") else []
    carriers = [u for u in named if u.id in m["units"]]
    joined = _joined(m, named, carriers)
    excess, lost = I.excess_destroyers(m, carriers, [world.units[i] for i in m["units"] if i in world.units],
                                       words_list(opts, "lost"), t, ops) if carriers else (0, [])
    others = [u.id for u in named if u not in carriers and u not in joined]
    f = force(ctx, {**opts, "by": ",".join(others)}, env, "shore bombardment", required=not carriers and not joined)
    for u in f.units:
        base = world.bases[u.base]
        if base.is_box:
            BO.check_box(base.name, base.name in m["from_box"], ops)
    cargo = cargo_back(m["cargo"])
    attackers = [a for a in m["attackers"] if a not in lost]
    ground = sum(c.factors for c in cargo if c.name in attackers)
    # RULINGS A5: the caps of 21.526 and 21.517C apply to the invasion's total, whatever the number of commands
    before: dict[int, int] = {int(k): int(v) for k, v in m.get("bombard_drm", {}).items()}
    by_drm = dict(before)
    left = excess
    for u in [*f.units, *joined, *carriers]:  # carrying destroyers: their excess factors only (21.517C)
        if u.category(t) in ("fleet", "destroyer"):
            d = world.drm.get(u.nation, world.drm.get(u.power, 0))
            n = u.factors if u not in carriers else min(u.factors, left)
            left -= n if u in carriers else 0
            by_drm[d] = by_drm.get(d, 0) + n
    b = BO.bombardment_value(ground, by_drm, ops)
    earlier = int(m.get("bombard_value", 0))
    added = b.value.value - earlier
    support = []
    if opts.get("air-support") not in (None, True):
        air = Fraction(str(read_amount(opts["air-support"], "ground support in combat factors (21.517D)", 0, 999, 0.5)))
        support = [I.ground_support_cap(ground, int(air), ops), BO.combined_support(b, air, ground, ops)]
    checks: list = []
    if f.units or carriers:  # units that joined it are there already: no voyage to check (21.4182B)
        origin = world.bases[(f.units or carriers)[0].base]
        checks = route_checks(ctx, opts, env, "offensive", origin.theater, "shore bombardment", "21.522, 21.3614",
                              froms=[u.base for u in f.units], dest=m["hex"])
        checks += targeted_checks(ctx, env, opts, "invasion", entered_places(world, opts, f.units, [], m["hex"]),
                                  "shore bombardment", targets=False)
    rec = record(ctx, env)
    mm = rec["missions"][m["id"]]
    if lost:  # 21.517C: ground units lost at sea leave the invasion attack
        mm = {**mm, "attackers": attackers, "lost": sorted({*mm.get("lost", []), *lost})}
    rec["missions"] = {**rec["missions"], m["id"]: {**mm, "bombard": [*mm.get("bombard", []), *(u.id for u in [*f.units, *joined])],
                                                     "bombard_drm": {str(k): v for k, v in sorted(by_drm.items())},
                                                     "bombard_value": b.value.value}}
    new = with_record(to_sea(world, f.units, m["hex"]), rec)
    summary = (f"{m['id']}: shore bombardment of {m['hex']} by {ids([*f.units, *joined, *carriers])} adds {plural(added, 'combat factor')} "
               f"to {plural(ground, 'ground factor')} (21.525, 21.526)")
    if before:
        summary += (f"; the invasion's bombardment is {plural(b.value.value, 'combat factor')} in all, the caps "
                    "counting every ship bombarding it (RULINGS A5)")
    if support:
        summary += f"; with {support[0].value} of ground support, {support[1].value} combat factors in all (21.527)"
    return Outcome(new, summary, b.value.notes, (b.value, *support, *checks), actor=env.side(ctx))


def _joined(m: dict[str, Any], named: list[NavalUnit], carriers: list[NavalUnit]) -> list[NavalUnit]:
    """21.4182B, E: the units named that joined invasion ``m`` by successful support and are at sea with it; they may
    provide shore bombardment (the exception to 21.4182E), once."""
    joined = [u for u in named if u.id in m.get("supported_by", []) and u.at_sea == "mission" and u not in carriers]
    again = [u.id for u in joined if u.id in m.get("bombard", [])]
    if again:
        raise RuleError(f"shore bombardment: {', '.join(again)} already {'bombards' if len(again) == 1 else 'bombard'} "
                        f"{m['id']} (21.52)")
    return joined


def holds_port(world: AwawWorld, hex_or_base: str) -> bool:
    """21.517J: whether the invaded hex holds a port (a base on the map: a port, two-port or port counter; RULINGS A6,
    the base typed by its hex is the base)."""
    at = world.base_at(hex_or_base)
    return at is not None and not at.is_box


def _ground_losses(factors: tuple[int, ...]) -> str:
    """``ground units of 3+2 factors`` (one unit each), or ``no ground unit``."""
    return f"ground units of {'+'.join(map(str, factors))} factors" if factors else "no ground unit"


def invasion_losses(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.528x: ground combat losses taken by bombarding fleets; without --ships, the ways to take them."""
    t, ops = env.tables, env.ops
    world: AwawWorld = ctx.state.world
    if len(args) != 2:
        raise RuleError("usage: invasion-losses INVASION_ID REQUIRED [--ships \"DD-UNIT:N,CRUISER,BATTLESHIP\"] (21.528)")
    m = mission(ctx, env, args[0], "invasion")
    required = read_int(args[1], "ground combat loss factors", 1, 999)
    value = int(m.get("bombard_value", 0))
    fleet = sum(world.units[i].factors for i in m.get("bombard", []) if i in world.units and not world.units[i].sunk)
    cargo = cargo_back(m["cargo"])
    ground = tuple(c.factors for c in cargo if c.name in m["attackers"])
    options = BO.loss_options(required, ground, fleet, value)
    lines = tuple(f"option: {_ground_losses(g)} and {plural(n, 'fleet factor')}" for g, n in options)
    if not opts.get("ships"):
        return Outcome(world, f"{m['id']}: {plural(required, 'loss factor')}; fleet losses at most {value} (the "
                              f"bombardment's combat factors, 21.5283); {plural(len(options), 'way')} to take them", lines)
    dd = 0
    cruisers: list[int] = []
    heavy: list[int] = []
    changed = []
    for item in words_list(opts, "ships"):
        name, _, n = item.partition(":")
        u = world.unit(name)
        if u.id not in m.get("bombard", []):
            raise RuleError(f"invasion-losses: {u.id} did not provide shore bombardment for {m['id']}; destroyers carrying "
                            "the invaders may not be taken (21.517H, 21.5282A)")
        if u.category(t) == "destroyer":
            k = read_int(n or 1, f"destroyer factors of {u.id} lost", 1, u.factors)
            dd += k
            changed.append(u.change(factors=u.factors - k, sunk=u.factors == k))
        elif t.unit_types[u.type].capital:
            heavy.append(u.factors)
            changed.append(u.change(damaged=True))
        else:  # 21.5282B: one cruiser sunk per two loss factors; a counter of one-factor cruisers loses N of them
            per_ship = u.factors // u.ships(t)
            k = read_int(n or 1, f"cruisers of {u.id} sunk ({u.ships(t)} in the counter)", 1, u.ships(t))
            cruisers += [per_ship] * k
            left = u.factors - k * per_ship
            changed.append(u.change(factors=left, sunk=left == 0))
    out = BO.fleet_losses(BO.FleetLoss(dd, tuple(cruisers), tuple(heavy)), value, ops)
    if out.value > required:
        raise RuleError(f"invasion-losses: the ships named absorb {out.value} loss factors, more than the {required} required (21.5282)")
    barred = BO.barred_factors(BO.FleetLoss(dd, tuple(cruisers), tuple(heavy)), ops)
    rec = record(ctx, env)
    mm = rec["missions"][m["id"]]
    rec["missions"] = {**rec["missions"], m["id"]: {**mm, "barred": int(mm.get("barred", 0)) + barred,
                                                     "fleet_lost": int(mm.get("fleet_lost", 0)) + dd + sum(cruisers) + len(heavy)}}
    new = with_record(world.with_units(changed), rec)
    summary = (f"{m['id']}: the bombarding fleet takes {out.value} of {required} loss factors ({ids(changed)}); "
               f"{required - out.value} from ground units, air factors or CVEs (21.517H, 21.5283); "
               f"{plural(barred, 'other fleet factor')} barred from shore bombardment in later combat rounds (21.5281)")
    return Outcome(new, summary, lines, (out,), actor=env.side(ctx))


def invasion_result(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.516, 21.5152, 21.517I-J, 21.518: how an announced invasion ended."""
    ops = env.ops
    world: AwawWorld = ctx.state.world
    ends = ("landed", "repulsed", "defeated-at-sea", "aborted")
    if len(args) != 2 or args[1].lower() not in ends:
        raise RuleError(f"usage: invasion-result INVASION_ID {'|'.join(ends)} [--survivors A,B] [--final-round A,B] (21.516-21.518)")
    m = mission(ctx, env, args[0], "invasion")
    if m.get("result"):
        raise RuleError(f"invasion-result: {m['id']} is already {m['result']}")
    end = args[1].lower()
    cargo = cargo_back(m["cargo"])
    attackers = tuple(c for c in cargo if c.name in m["attackers"])
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": end}}
    if end != "landed":
        stage = "before" if end == "aborted" else "after"
        joined = m.get("supported_by", [])  # 21.4182B: the patrol that joined it adopted its mission
        ships = [world.units[i] for i in dict.fromkeys([*m["units"], *m.get("bombard", []), *joined]) if i in world.units]
        home = [u.change(at_sea="", sea_hex="", inverted=True) for u in ships if u.at_sea == "mission"]
        rule = "21.5152" if end == "repulsed" else "21.516"
        text = I.failure(stage, " or ".join(m["from"]))
        back = _survivors(m, cargo, opts, stage)
        rec["missions"][m["id"]] = {**rec["missions"][m["id"]], "returned": back}  # 21.516C
        held = (f"{', '.join(back)} may not move from {' or '.join(m['from'])} for the rest of the combat phase, "
                "exploitation included, nor take part in attrition or offensive combat (21.516C).",) if back else ()
        return Outcome(with_record(world.with_units(home), rec), f"{m['id']} {end}: {text} ({rule})",
                       (f"Naval units back at their bases, inverted: {ids(home) or 'none'}.", *held), actor=env.side(ctx))
    names = {c.name.lower() for c in attackers}
    survivors = {w.lower() for w in words_list(opts, "survivors")} or names
    final = {w.lower() for w in words_list(opts, "final-round")} or survivors
    unknown = (survivors | final) - {c.name.lower() for c in cargo}
    if unknown:
        raise RuleError(f"invasion-result: {', '.join(sorted(unknown))} not in the cargo of {m['id']}")
    pacific = world.bases[world.units[m["units"][0]].base].theater == "pacific" if m["units"] else False
    figures = (I.occupation_limit(bool(survivors & names), pacific and m.get("hex_kind") == "one-hex-island",
                                  holds_port(world, m["hex"]), ops),
               I.exploitation(attackers, final, survivors, ops))
    bridge = "a bridgehead counter may be placed (21.517I)" if survivors & names or not m["defended"] else "no bridgehead"
    breakthrough = (f"possible if the armor's CTL is {ops.invasion.exploit_min_ctl.value} or more (not typed)"
                    if isinstance(figures[1].value, str)
                    else "possible" if figures[1].value else "not possible")
    summary = f"{m['id']} landed in {m['hex']}: {bridge}; breakthrough {breakthrough} (21.518)"
    details = ("All surviving invaders and the units kept aboard occupy the hex; surplus units may return to a port in "
               "range, or the excess is eliminated at the end of the combat phase (21.517J, K).",
               *I.surplus(cargo, survivors | {c.name.lower() for c in cargo if c not in attackers}, figures[0], ops))
    adjacent = () if figures[1].value is False else (
        (f"Armor adjacent to {m['hex']} by land may exploit too: the hex was also attacked by land (21.5181).",)
        if m.get("land") else
        (f"Armor adjacent to {m['hex']} by land may not exploit: the hex was not attacked by land with the invasion "
         "(invasion-odds --land); only armor in reserve aboard the invasion fleet may (21.5181).",))
    return Outcome(with_record(world, rec), summary, (*details, *figures[1].notes, *adjacent), figures,
                   actor=env.side(ctx))


def _survivors(m: dict[str, Any], cargo: tuple[Cargo, ...], opts: dict[str, Any], stage: str) -> list[str]:
    """21.5152, 21.516B: the surviving ground units carried back to the base of embarkation (``--survivors``; blank:
    every unit carried); none when the invasion was aborted before embarkation (21.516A)."""
    typed = words_list(opts, "survivors")
    named = {w.lower() for w in typed}
    if stage == "before":
        if named:
            raise RuleError(f"invasion-result: {m['id']} was aborted before embarkation and carried no ground units; "
                            "--survivors does not apply (21.516A)")
        return []
    unknown = [w for w in typed if w.lower() not in {c.name.lower() for c in cargo}]
    if unknown:
        raise RuleError(f"invasion-result: {', '.join(unknown)} not in the cargo of {m['id']} "
                        f"({', '.join(c.name for c in cargo)})")
    return [c.name for c in cargo if not named or c.name.lower() in named]


def invasion_odds(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.5152, 21.527, 21.517B: the odds of an announced invasion computed after bombardment; refused below 1:1."""
    ops = env.ops
    if len(args) != 1:
        raise RuleError("usage: invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N] (21.5152)")
    m = mission(ctx, env, args[0], "invasion")
    typed = opts.get("defense") if opts.get("defense") not in (None, True) else m.get("defense")
    if typed is None:
        raise RuleError(f"invasion-odds: type the defence strength of {m['hex']} with --defense N (21.5152)")
    defence = Fraction(str(read_amount(typed, "the defence strength (21.5152)", 0.5, 999, 0.5)))
    ground = sum(c.factors for c in cargo_back(m["cargo"]) if c.name in m["attackers"])
    land = read_int(opts.get("land", 0), "ground factors joining by land or airdrop (21.517B)", 0, 999)
    by_drm = {int(k): int(v) for k, v in m.get("bombard_drm", {}).items()}
    b = BO.bombardment_value(ground, by_drm, ops)
    air = Fraction(str(read_amount(opts["air-support"], "ground support in combat factors (21.517D)", 0, 999, 0.5))) \
        if opts.get("air-support") not in (None, True) else Fraction(0)
    figures = [I.ground_support_cap(ground, int(air), ops)] if air else []
    added = BO.combined_support(b, air, ground, ops)
    result = I.computed_odds(ground, land, added, defence, ops)
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "odds": result.value,
                                                     "defense": str(defence), "land": land}}
    return Outcome(with_record(ctx.state.world, rec), f"{m['id']}: invasion of {m['hex']} at {result.value}: 1:1 or "
                   "better after bombardment and ground support (21.5152, 21.527)",
                   ("Ground units joining by land or airdrop do not change the defenders' invasion DM (21.517B).",)
                   if land else (), (result, added, *figures), actor=env.side(ctx))
