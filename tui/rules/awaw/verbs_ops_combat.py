"""The combat phase's missions (21.51, 21.52, 21.55): ``invade``, ``bombard``, ``invasion-losses``, ``carrier-mission``.

Each announces a mission after the checks of the pure calculators
(``invasion``, ``bombardment``, ``carriers``) and CORE's employment, range
and straits checks; the naval units go to sea (``at_sea = "mission"``) and
come home inverted before exploitation with the other missions (21.4183,
21.555E). What the app cannot see is typed: the hex's kind, whether it is
defended, the odds (21.5152), the distance by water (RULINGS A1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained
from ..core.numbers import read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from . import bombardment as BO
from . import brps as BR
from . import carriers as CA
from . import invasion as I
from .common import ids, words_list
from .employment import employ
from .ops_common import check_enough, plural
from .ops_helpers import Action, Env, announced_id, with_alias, ask, cargo_of, ends, force, mission, place, record, route_checks, transported, with_record
from .ops_helpers import entered_places, route_record, targeted_checks
from .transport import Cargo
from .world import AwawWorld


def _cargo_data(cargo: tuple[Cargo, ...]) -> list[dict[str, Any]]:
    return [{"name": c.name, "factors": c.factors, "kind": c.kind, "ctl": c.ctl, "mech": c.mech_intact} for c in cargo]


def _cargo_back(data: list[dict[str, Any]]) -> tuple[Cargo, ...]:
    return tuple(Cargo(d["name"], d["factors"], d["kind"], ctl=d["ctl"], mech_intact=d["mech"]) for d in data)


def dm_text(dm: int) -> str:
    """21.517E as the invasion's result says it."""
    return f"the defenders' invasion DM is {dm:+d} (21.517E)" if dm else "no invasion DM for the defenders: at least half the " \
        "invading force is marines (21.517E)"


def build_combat_verbs(env: Env) -> tuple[list[Verb], dict[str, Action]]:
    """invade, bombard, invasion-losses, carrier-mission."""
    t, ops = env.tables, env.ops

    def to_sea(world: AwawWorld, units: list, hex_: str) -> AwawWorld:
        acted = employ(units, world, invert=False)
        return world.with_units([u.change(at_sea="mission", sea_hex=hex_) for u in acted])

    def winter(ctx: Context) -> bool:
        label = ctx.turn_label or ""
        return any(label.lower().startswith(season.lower()) for season in t.seasons.winter)

    def enemy_ships(world: AwawWorld, hex_: str, who: str) -> list[I.EnemyShip]:
        """The enemy naval units in the invasion hex, typed as a base's name or its hex alike (RULINGS A6)."""
        at = world.base_at(hex_)
        names = {hex_.lower()} | ({at.name.lower(), at.hex.lower()} - {""} if at else set())
        return [I.EnemyShip(t.unit_types[u.type].category if t.unit_types[u.type].category in ("submarine", "asw", "transport")
                            else u.type, u.factors, u.damaged, bool(u.tf))
                for u in world.units.values()
                if not u.sunk and not u.repair and t.side_of(u.power) != who
                and ((u.base.lower() in names and not u.at_sea) or u.sea_hex.lower() in names)]

    def invade(ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
        """21.51: announce a seaborne invasion of one hex from one or more bases."""
        world: AwawWorld = ctx.state.world
        who = env.side(ctx)
        if len(args) != 2:
            raise RuleError("usage: invade HEX FROM[,FROM2] --hex-kind KIND --cargo \"NAME:FACTORS[:KIND]\" --by DD1,DD2 "
                            "--distance N [--defended --odds A:D] (21.51)")
        target = args[0]
        if "," in target:
            raise RuleError(f"invade: one invasion hex, not '{target}'; different invasion hexes require independent "
                            "missions (21.514C)")
        at = world.base_at(target)
        named = at.name if at else target  # the base typed by its hex is the base (RULINGS A6)
        starts, _, _ = ends(ctx, env, opts, args[1], [], "seaborne invasion")  # a port, box or island (21.37, 21.511)
        if at is not None and at.is_box:
            I.check_target(place(at))
        for b in starts:
            if t.side_of(b.control) != who:
                raise RuleError(f"invade: {b.name} is not controlled by the {who} side; invaders start in a controlled port, "
                                "eligible island or box (21.511, 21.514E)")
        cargo = cargo_of(opts)
        I.check_start([place(b) for b in starts], cargo, transported(ctx, env), ops)
        defended = bool(opts.get("defended"))
        kind = str(opts.get("hex-kind") or "")
        ctl = read_int(opts.get("ctl", 0), "the Western Allied CTL", 0, 9)
        checks: list[Explained] = [I.check_hex(kind, cargo, defended, ctl, ops)]
        attackers = tuple(c for c in cargo if c.name.lower() in {w.lower() for w in words_list(opts, "attackers")}) \
            if opts.get("attackers") else cargo
        checks.append(I.check_sea_attackers(attackers, ops))
        defence = read_amount(opts["defense"], "the defence strength (21.5152)", 0.5, 999, 0.5) \
            if opts.get("defense") not in (None, True) and not opts.get("odds") else None
        if defence is None:  # typed odds (an earlier version's only way); --defense: computed later, invasion-odds
            checks.append(I.check_odds(str(opts.get("odds") or ""), defended, ops) if defended or opts.get("odds")
                          else I.check_odds("", False, ops))
        crossed = tuple(words_list(opts, "fronts")) or tuple(dict.fromkeys(f for b in starts for f in b.fronts))
        checks.append(I.check_winter(winter(ctx), crossed, bool(opts.get("aleutian")) or I.is_aleutian(named, ops), ops))
        powers = {u.power for u in world.units_named(words_list(opts, "by"))} if opts.get("by") not in (None, True) else set()
        checks.append(I.check_dutch_harbor(named, next(iter(powers)) if len(powers) == 1 else "",
                                           I.from_japan([(b.name, b.group) for b in starts], ops),
                                           str(opts.get("via") or "") if opts.get("via") is not True else "",
                                           bool(opts.get("via-held")), ops))
        presence = I.naval_presence(enemy_ships(world, target, who), named, ops)
        driven = record(ctx, env).get("displaced_from", {}).get(named, {})
        if at is not None and driven and not presence.value:
            gone = [world.units[i] for i in driven if i in world.units and t.side_of(world.units[i].power) != who]
            before = I.naval_presence([I.EnemyShip(t.unit_types[u.type].category if t.unit_types[u.type].category in
                                                   ("submarine", "asw", "transport") else u.type, u.factors, u.damaged,
                                                   bool(driven[u.id])) for u in gone], named, ops) if gone else presence
            if before.value:
                raise RuleError(f"invade: enemy naval units enough to prevent an invasion were driven out of {named} this "
                                f"player turn ({', '.join(u.id for u in gone)}); an airdrop which drives the defending naval "
                                "units out of the invasion hex does not permit invasion (21.5153D)")
        if presence.value:
            raise RuleError(f"invade: an enemy TF or {ops.invasion.naval_presence_factors.value} or more undamaged enemy naval "
                            f"factors are in {target}: the invasion may not be carried out (21.5153A)")
        from_box = any(b.is_box for b in starts)
        req = I.invasion_requirement(cargo, defended, from_box, ops)
        f = force(ctx, opts, env, "seaborne invasion")
        check_enough(req, f.destroyers, f.transports, "seaborne invasion")
        theater = starts[0].theater
        checks += route_checks(ctx, opts, env, "offensive", theater, "seaborne invasion", "21.512, 21.3614",
                               froms=[*(b.name for b in starts), *(u.base for u in f.units)], dest=target)
        entered = entered_places(world, opts, f.units, [b.name for b in starts], target)
        checks += targeted_checks(ctx, env, opts, "invasion", entered, "seaborne invasion", targets=True)
        if kind == "port":
            checks.append(I.check_range(int(str(opts["distance"])), theater, True, ops))
        if not (confirmed or opts.get("supplied")):
            return ask_invade(ctx, args, opts, cargo, starts)
        dm = I.defender_dm(attackers, ops)
        new_world, serial = world.next_serial()
        mid, alias = announced_id("invasion", serial, opts)
        rec = with_alias(record(ctx, env), alias, mid)
        front, why = BR.front_of(at, starts, BR.typed_front(opts, t))
        paid = BR.paying_factors(f.units, t)
        rec = BR.charge(rec, mid, f"invasion of {named}", front, why, paid, "21.1322, 21.51")
        rec["missions"] = {**rec["missions"], mid: {"kind": "invasion", "hex": target, "from": [b.name for b in starts],
                                                     "cargo": _cargo_data(cargo), "attackers": [c.name for c in attackers],
                                                     "defended": defended, "units": [u.id for u in f.units],
                                                     "from_box": [b.name for b in starts if b.is_box], "bombard": [],
                                                     "hex_kind": kind, "defender_dm": dm.value, **route_record(entered, opts),
                                                     **({"defense": str(defence)} if defence is not None else {})}}
        new = with_record(to_sea(new_world, f.units, target), rec)
        figures = (*req.figures, *checks, presence, dm,
                   I.occupation_limit(True, kind == "one-hex-island" and theater == "pacific", False, ops))
        summary = (f"{mid}: invasion of {target} ({kind}, {'defended' if defended else 'undefended'}) from "
                   f"{', '.join(b.name for b in starts)}: {sum(c.factors for c in cargo)} ground factors on {ids(f.units)}; "
                   f"needs {req.destroyers.value} destroyer factors (21.513); {dm_text(dm.value)}; "
                   f"{BR.charge_text(front, why, paid)}")
        details = ("Defensive air support against it is tripled (21.517F); ground support at most 3x the ground factors (21.517D).",
                   "Losses: `invasion-losses ID REQUIRED [--ships ...]` (21.528x); defeat at sea or odds below 1:1 after a "
                   "combat round: the units return to their embarkation base (21.516, 21.5152).",
                   "Invading units may not attack out of the hex unless they exploit, and do not count for attrition (21.519).")
        return Outcome(new, summary, details, figures, actor=who)

    def ask_invade(ctx: Context, args: list[str], opts: dict[str, Any], cargo: tuple[Cargo, ...], starts: list) -> Outcome:
        return ask(ctx, "invade", args, opts, f"Did {', '.join(c.name for c in cargo)} start this player turn in "
                   f"{', '.join(b.name for b in starts)}, fully supplied, without moving there (21.514E)?", "21.514E", args[0])

    def bombard(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.52: naval units support an announced invasion with shore bombardment."""
        world: AwawWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: bombard INVASION_ID --by A,B --distance N (21.52)")
        m = mission(ctx, env, args[0], "invasion")
        named = world.units_named(words_list(opts, "by")) if words_list(opts, "by") else []
        carriers = [u for u in named if u.id in m["units"]]
        excess, lost = I.excess_destroyers(m, carriers, [world.units[i] for i in m["units"] if i in world.units],
                                           words_list(opts, "lost"), t, ops) if carriers else (0, [])
        others = [u.id for u in named if u not in carriers]
        f = force(ctx, {**opts, "by": ",".join(others)}, env, "shore bombardment", required=not carriers)
        for u in f.units:
            base = world.bases[u.base]
            if base.is_box:
                BO.check_box(base.name, base.name in m["from_box"], ops)
        cargo = _cargo_back(m["cargo"])
        attackers = [a for a in m["attackers"] if a not in lost]
        ground = sum(c.factors for c in cargo if c.name in attackers)
        # RULINGS A5: the caps of 21.526 and 21.517C apply to the invasion's total, whatever the number of commands
        before: dict[int, int] = {int(k): int(v) for k, v in m.get("bombard_drm", {}).items()}
        by_drm = dict(before)
        left = excess
        for u in [*f.units, *carriers]:  # carrying destroyers: their excess factors only (21.517C)
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
        origin = world.bases[(f.units or carriers)[0].base]
        checks = route_checks(ctx, opts, env, "offensive", origin.theater, "shore bombardment", "21.522, 21.3614",
                              froms=[u.base for u in f.units], dest=m["hex"])
        checks += targeted_checks(ctx, env, opts, "invasion", entered_places(world, opts, f.units, [], m["hex"]),
                                  "shore bombardment", targets=False)
        rec = record(ctx, env)
        mm = rec["missions"][m["id"]]
        if lost:  # 21.517C: ground units lost at sea leave the invasion attack
            mm = {**mm, "attackers": attackers, "lost": sorted({*mm.get("lost", []), *lost})}
        rec["missions"] = {**rec["missions"], m["id"]: {**mm, "bombard": [*mm.get("bombard", []), *(u.id for u in f.units)],
                                                         "bombard_drm": {str(k): v for k, v in sorted(by_drm.items())},
                                                         "bombard_value": b.value.value}}
        new = with_record(to_sea(world, f.units, m["hex"]), rec)
        summary = (f"{m['id']}: shore bombardment of {m['hex']} by {ids([*f.units, *carriers])} adds {plural(added, 'combat factor')} "
                   f"to {plural(ground, 'ground factor')} (21.525, 21.526)")
        if before:
            summary += (f"; the invasion's bombardment is {plural(b.value.value, 'combat factor')} in all, the caps "
                        "counting every ship bombarding it (RULINGS A5)")
        if support:
            summary += f"; with {support[0].value} of ground support, {support[1].value} combat factors in all (21.527)"
        return Outcome(new, summary, b.value.notes, (b.value, *support, *checks), actor=env.side(ctx))

    def losses(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.528x: ground combat losses taken by bombarding fleets; without --ships, the ways to take them."""
        world: AwawWorld = ctx.state.world
        if len(args) != 2:
            raise RuleError("usage: invasion-losses INVASION_ID REQUIRED [--ships \"DD-UNIT:N,CRUISER,BATTLESHIP\"] (21.528)")
        m = mission(ctx, env, args[0], "invasion")
        required = read_int(args[1], "ground combat loss factors", 1, 999)
        value = int(m.get("bombard_value", 0))
        fleet = sum(world.units[i].factors for i in m.get("bombard", []) if i in world.units and not world.units[i].sunk)
        cargo = _cargo_back(m["cargo"])
        ground = tuple(c.factors for c in cargo if c.name in m["attackers"])
        options = BO.loss_options(required, ground, fleet, value)
        lines = tuple(f"option: ground units of {'+'.join(map(str, g)) or 'none'} factors and {n} fleet factors" for g, n in options)
        if not opts.get("ships"):
            return Outcome(world, f"{m['id']}: {required} loss factors; fleet losses at most {value} (the bombardment's combat "
                                  f"factors, 21.5283); {len(options)} ways", lines)
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

    def result(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.516, 21.5152, 21.517I-J, 21.518: how an announced invasion ended."""
        world: AwawWorld = ctx.state.world
        ends = ("landed", "repulsed", "defeated-at-sea", "aborted")
        if len(args) != 2 or args[1].lower() not in ends:
            raise RuleError(f"usage: invasion-result INVASION_ID {'|'.join(ends)} [--survivors A,B] [--final-round A,B] (21.516-21.518)")
        m = mission(ctx, env, args[0], "invasion")
        if m.get("result"):
            raise RuleError(f"invasion-result: {m['id']} is already {m['result']}")
        end = args[1].lower()
        cargo = _cargo_back(m["cargo"])
        attackers = tuple(c for c in cargo if c.name in m["attackers"])
        rec = record(ctx, env)
        rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "result": end}}
        if end != "landed":
            stage = "before" if end == "aborted" else "after"
            ships = [world.units[i] for i in [*m["units"], *m.get("bombard", [])] if i in world.units]
            home = [u.change(at_sea="", sea_hex="", inverted=True) for u in ships if u.at_sea == "mission"]
            rule = "21.5152" if end == "repulsed" else "21.516"
            text = I.failure(stage, " or ".join(m["from"]))
            back = [c.name for c in cargo] if stage == "after" else []
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
        figures = (I.occupation_limit(bool(survivors & names), pacific and m.get("hex_kind") == "one-hex-island", False, ops),
                   I.exploitation(attackers, final, survivors, ops))
        bridge = "a bridgehead counter may be placed (21.517I)" if survivors & names or not m["defended"] else "no bridgehead"
        summary = f"{m['id']} landed in {m['hex']}: {bridge}; breakthrough {'possible' if figures[1].value else 'not possible'} (21.518)"
        details = ("All surviving invaders and the units kept aboard occupy the hex; surplus units may return to a port in "
                   "range, or the excess is eliminated at the end of the combat phase (21.517J, K).",
                   *I.surplus(cargo, survivors | {c.name.lower() for c in cargo if c not in attackers}, figures[0], ops))
        return Outcome(with_record(world, rec), summary, (*details, *figures[1].notes), figures, actor=env.side(ctx))

    def odds(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.5152, 21.527, 21.517B: the odds of an announced invasion computed after bombardment; refused below 1:1."""
        if len(args) != 1:
            raise RuleError("usage: invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N] (21.5152)")
        m = mission(ctx, env, args[0], "invasion")
        typed = opts.get("defense") if opts.get("defense") not in (None, True) else m.get("defense")
        if typed is None:
            raise RuleError(f"invasion-odds: type the defence strength of {m['hex']} with --defense N (21.5152)")
        defence = Fraction(str(read_amount(typed, "the defence strength (21.5152)", 0.5, 999, 0.5)))
        ground = sum(c.factors for c in _cargo_back(m["cargo"]) if c.name in m["attackers"])
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
                                                         "defense": str(defence)}}
        return Outcome(with_record(ctx.state.world, rec), f"{m['id']}: invasion of {m['hex']} at {result.value}: 1:1 or "
                       "better after bombardment and ground support (21.5152, 21.527)",
                       ("Ground units joining by land or airdrop do not change the defenders' invasion DM (21.517B).",)
                       if land else (), (result, added, *figures), actor=env.side(ctx))

    def carrier_mission(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.55: fast carriers move to a mission hex to strike one enemy base or support regular combat."""
        world: AwawWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: carrier-mission HEX --by CV,CA,DD --distance N [--target BASE] [--with INVASION_ID] (21.55)")
        hex_ = args[0]
        f = force(ctx, opts, env, "fast carrier mission")
        carriers = f.of("carrier", env)
        if not carriers:
            raise RuleError("carrier-mission: a fast carrier mission needs at least one fast carrier (21.551)")
        fig = CA.fast_fleet_check(f.figures["carriers"].value, f.figures["fast_fleet"].value, ops)
        with_inv = mission(ctx, env, str(opts["with"]), "invasion") if opts.get("with") else None
        for u in f.units:
            base = world.bases[u.base]
            if base.is_box:
                CA.check_box(base.name, bool(with_inv) and base.name in with_inv["from_box"], ops)
        CA.check_target(words_list(opts, "target"))
        origin = world.bases[f.units[0].base]
        checks = route_checks(ctx, opts, env, "offensive", origin.theater, "fast carrier mission", "21.552, 21.3614",
                              froms=[u.base for u in f.units], dest=hex_)
        checks += targeted_checks(ctx, env, opts, "invasion", entered_places(world, opts, f.units, [], hex_),
                                  "fast carrier mission", targets=False)
        new_world, serial = world.next_serial()
        mid = f"carriers-{serial}"
        rec = record(ctx, env)
        if with_inv is not None:
            front = next((x["front"] for x in rec.get("brps", []) if x["mission"] == with_inv["id"]), "?")
            why = f"the front of the land portion of {with_inv['id']}'s hex (21.554A)"
        else:
            front, why = BR.front_of(None, [world.bases[u.base] for u in f.units], BR.typed_front(opts, t))
        paid = BR.paying_factors(f.units, t)
        rec = BR.charge(rec, mid, f"fast carrier mission to {hex_}", front, why, paid, "21.554A, 9.56A")
        rec["missions"] = {**rec["missions"], mid: {"kind": "carriers", "hex": hex_, "units": [u.id for u in f.units],
                                                     "target": str(opts.get("target") or ""), "with": str(opts.get("with") or "")}}
        new = with_record(to_sea(new_world, f.units, hex_), rec)
        target = f", against {opts['target']}" if opts.get("target") else ""
        summary = f"{mid}: fast carrier mission to {hex_}{target} by {ids(f.units)} (21.55); {BR.charge_text(front, why, paid)}"
        return Outcome(new, summary, (CA.return_note(), *CA.DIFFERENCES), (fig, *checks), actor=env.side(ctx))

    verbs = [
        Verb("invade", "invade HEX FROM[,FROM2] --hex-kind beach|gibraltar|singapore|one-hex-island|port --cargo \"NAME:FACTORS[:KIND]\" "
             "--by DD1,DD2 --distance N [--defended --odds A:D] [--attackers A,B] [--ctl N] [--fronts F,G] [--supplied] "
             "[--aleutian] [--via ISLAND --via-held] [--island-end NAME --island-held]",
             "Announce a seaborne invasion: 1 destroyer factor per ground factor (2 if defended, counting units kept back), "
             "odds 1:1 or better, at most two units by sea (marines, commandos excepted).", "21.51",
             lambda c, a, o: invade(c, a, o, False), group="operations",
             options=("hex-kind", "cargo", "by", "distance", "legs", "ports", "straits", "exception", "defended", "odds",
                      "attackers", "ctl", "fronts", "aleutian", "supplied", "via", "via-held", "island-end", "island-held",
                      "brp-front", "defense", "no-alternate")),
        Verb("bombard", "bombard INVASION_ID --by A,B --distance N [--air-support N] [--lost UNITS]",
             "Shore bombardment for an announced invasion: 3 naval factors per combat factor, capped by Naval Nationality DRM "
             "(1x, 2x, 3x the ground factors, lowest DRM first); with --air-support, remnants add up (21.527).", "21.52",
             bombard, group="operations",
             options=("by", "distance", "legs", "ports", "straits", "exception", "air-support", "lost", "no-alternate")),
        Verb("invasion-odds", "invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N]",
             "The invasion's odds after bombardment: its attacking ground factors, those joining by land or airdrop, shore "
             "bombardment and ground support (remnants added) over the defence typed; below 1:1 it may not be made.",
             "21.5152, 21.527, 21.517B", odds, group="operations", options=("defense", "air-support", "land")),
        Verb("invasion-losses", "invasion-losses INVASION_ID REQUIRED [--ships \"DD:N,CRUISER,HEAVY\"]",
             "Ground combat losses and the bombarding fleet: list the ways, or take them from named ships (destroyers a factor "
             "each, cruisers sunk for 2, heavy ships damaged for 1), never above the bombardment's value.", "21.528",
             losses, group="operations", options=("ships",)),
        Verb("invasion-result", "invasion-result INVASION_ID landed|repulsed|defeated-at-sea|aborted [--survivors A,B] [--final-round A,B]",
             "How the invasion ended: landed (occupation limits, breakthrough 21.518), repulsed below 1:1 or defeated at sea "
             "(back to the embarkation base), aborted before embarkation.", "21.516, 21.5152, 21.517I-K, 21.518", result,
             group="operations", options=("survivors", "final-round")),
        Verb("carrier-mission", "carrier-mission HEX --by CV,CA --distance N [--target BASE] [--with INVASION_ID]",
             "Announce a fast carrier mission to a sea hex: a fast fleet factor per carrier factor, one target base; it returns "
             "before exploitation.", "21.55", carrier_mission, group="operations",
             options=("by", "distance", "legs", "ports", "straits", "exception", "target", "with", "brp-front", "no-alternate")),
    ]
    return verbs, {"invade": invade}
