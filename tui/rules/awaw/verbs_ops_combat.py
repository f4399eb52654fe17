"""The combat phase's missions (21.51, 21.52, 21.55): ``invade``, ``bombard``, ``invasion-losses``, ``carrier-mission``.

Each announces a mission after the checks of the pure calculators
(``invasion``, ``bombardment``, ``carriers``) and CORE's employment, range
and straits checks; the naval units go to sea (``at_sea = "mission"``) and
come home inverted before exploitation with the other missions (21.4183,
21.555E). What the app cannot see is typed: the hex's kind, whether it is
defended, the odds (21.5152), the distance by water (RULINGS A1).
``invade`` and ``carrier-mission`` are here; what follows an invasion
(``bombard``, ``invasion-odds``, ``invasion-losses``, ``invasion-result``)
is in ``ops_invasion``. Every handler is a module-level function; the builder
only binds it to the rule set's :class:`Env` (``functools.partial``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained
from ..core.numbers import read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from . import brps as BR
from . import carriers as CA
from . import invasion as I
from .common import ids, words_list
from .ops_common import check_enough
from .ops_helpers import Action, Env, announced_id, ask, cargo_of, ends, entered_places, force, mission, place, record
from .ops_helpers import route_checks, route_record, targeted_checks, transported, with_alias, with_record
from .ops_invasion import cargo_data, holds_port, invasion_bombard, invasion_losses, invasion_odds, invasion_result, to_sea
from .tables import AwawTables
from .transport import Cargo
from .units import NavalUnit
from .world import AwawWorld


def dm_text(dm: int) -> str:
    """21.517E as the invasion's result says it."""
    return f"the defenders' invasion DM is {dm:+d} (21.517E)" if dm else "no invasion DM for the defenders: at least half the " \
        "invading force is marines (21.517E)"


def _enemy_ship(t: AwawTables, u: NavalUnit, tf: bool) -> I.EnemyShip:
    """An enemy naval unit as 21.5153A counts it: submarines, ASW and transports by category, others by type."""
    category = t.unit_types[u.type].category
    return I.EnemyShip(category if category in ("submarine", "asw", "transport") else u.type, u.factors, u.damaged, tf)


def _winter(env: Env, ctx: Context) -> bool:
    """Is it a winter turn (21.5151: no winter invasion through front sea hexes, nor of the Aleutians)?"""
    t = env.tables
    label = ctx.turn_label or ""
    return any(label.lower().startswith(season.lower()) for season in t.seasons.winter)


def _enemy_ships(env: Env, world: AwawWorld, hex_: str, who: str) -> list[I.EnemyShip]:
    """The enemy naval units in the invasion hex, typed as a base's name or its hex alike (RULINGS A6)."""
    t = env.tables
    at = world.base_at(hex_)
    names = {hex_.lower()} | ({at.name.lower(), at.hex.lower()} - {""} if at else set())
    return [_enemy_ship(t, u, bool(u.tf))
            for u in world.units.values()
            if not u.sunk and not u.repair and t.side_of(u.power) != who
            and ((u.base.lower() in names and not u.at_sea) or u.sea_hex.lower() in names)]


def _invade(env: Env, ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool = False) -> Outcome:
    """21.51: announce a seaborne invasion of one hex from one or more bases."""
    t, ops = env.tables, env.ops
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
    checks.append(I.check_winter(_winter(env, ctx), crossed, bool(opts.get("aleutian")) or I.is_aleutian(named, ops), ops))
    powers = {u.power for u in world.units_named(words_list(opts, "by"))} if opts.get("by") not in (None, True) else set()
    checks.append(I.check_dutch_harbor(named, next(iter(powers)) if len(powers) == 1 else "",
                                       I.from_japan([(b.name, b.group) for b in starts], ops),
                                       str(opts.get("via") or "") if opts.get("via") is not True else "",
                                       bool(opts.get("via-held")), ops))
    presence = I.naval_presence(_enemy_ships(env, world, target, who), named, ops)
    driven = record(ctx, env).get("displaced_from", {}).get(named, {})
    if at is not None and driven and not presence.value:
        gone = [world.units[i] for i in driven if i in world.units and t.side_of(world.units[i].power) != who]
        before = I.naval_presence([_enemy_ship(t, u, bool(driven[u.id])) for u in gone], named, ops) if gone else presence
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
        return _ask_invade(ctx, args, opts, cargo, starts)
    dm = I.defender_dm(attackers, ops)
    new_world, serial = world.next_serial()
    mid, alias = announced_id("invasion", serial, opts)
    rec = with_alias(record(ctx, env), alias, mid)
    front, why = BR.front_of(at, starts, BR.typed_front(opts, t))
    paid = BR.paying_factors(f.units, t)
    rec = BR.charge(rec, mid, f"invasion of {named}", front, why, paid, "21.1322, 21.51")
    rec["missions"] = {**rec["missions"], mid: {"kind": "invasion", "hex": target, "from": [b.name for b in starts],
                                                 "cargo": cargo_data(cargo), "attackers": [c.name for c in attackers],
                                                 "defended": defended, "units": [u.id for u in f.units],
                                                 "from_box": [b.name for b in starts if b.is_box], "bombard": [],
                                                 "hex_kind": kind, "defender_dm": dm.value, **route_record(entered, opts),
                                                 **({"defense": str(defence)} if defence is not None else {})}}
    new = with_record(to_sea(new_world, f.units, target), rec)
    figures = (*req.figures, *checks, presence, dm,
               I.occupation_limit(True, kind == "one-hex-island" and theater == "pacific", holds_port(world, target), ops))
    summary = (f"{mid}: invasion of {target} ({kind}, {'defended' if defended else 'undefended'}) from "
               f"{', '.join(b.name for b in starts)}: {sum(c.factors for c in cargo)} ground factors on {ids(f.units)}; "
               f"needs {req.destroyers.value} destroyer factors (21.513); {dm_text(dm.value)}; "
               f"{BR.charge_text(front, why, paid)}")
    details = ("Defensive air support against it is tripled (21.517F); ground support at most 3x the ground factors (21.517D).",
               "Losses: `invasion-losses ID REQUIRED [--ships ...]` (21.528x); defeat at sea or odds below 1:1 after a "
               "combat round: the units return to their embarkation base (21.516, 21.5152).",
               "Invading units may not attack out of the hex unless they exploit, and do not count for attrition (21.519).")
    return Outcome(new, summary, details, figures, actor=who)


def _ask_invade(ctx: Context, args: list[str], opts: dict[str, Any], cargo: tuple[Cargo, ...], starts: list) -> Outcome:
    return ask(ctx, "invade", args, opts, f"Did {', '.join(c.name for c in cargo)} start this player turn in "
               f"{', '.join(b.name for b in starts)}, fully supplied, without moving there (21.514E)?", "21.514E", args[0])


def _carrier_mission(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.55: fast carriers move to a mission hex to strike one enemy base or support regular combat."""
    t, ops = env.tables, env.ops
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


def build_combat_verbs(env: Env) -> tuple[list[Verb], dict[str, Action]]:
    """invade, bombard, invasion-odds, invasion-losses, invasion-result, carrier-mission, each bound to ``env``."""
    verbs = [
        Verb("invade", "invade HEX FROM[,FROM2] --hex-kind beach|gibraltar|singapore|one-hex-island|port --cargo \"NAME:FACTORS[:KIND]\" "
             "--by DD1,DD2 --distance N [--defended --odds A:D] [--attackers A,B] [--ctl N] [--fronts F,G] [--supplied] "
             "[--aleutian] [--via ISLAND --via-held] [--island-end NAME --island-held]",
             "Announce a seaborne invasion: 1 destroyer factor per ground factor (2 if defended, counting units kept back), "
             "odds 1:1 or better, at most two units by sea (marines, commandos excepted).", "21.51",
             partial(_invade, env), group="operations",
             options=("hex-kind", "cargo", "by", "distance", "legs", "ports", "straits", "exception", "defended", "odds",
                      "attackers", "ctl", "fronts", "aleutian", "supplied", "via", "via-held", "island-end", "island-held",
                      "brp-front", "defense", "no-alternate")),
        Verb("bombard", "bombard INVASION_ID --by A,B --distance N [--air-support N] [--lost UNITS]",
             "Shore bombardment for an announced invasion: 3 naval factors per combat factor, capped by Naval Nationality DRM "
             "(1x, 2x, 3x the ground factors, lowest DRM first); with --air-support, remnants add up (21.527). A patrol that "
             "joined the invasion by support bombards from where it is, with no distance (21.4182B, E).", "21.52",
             partial(invasion_bombard, env), group="operations",
             options=("by", "distance", "legs", "ports", "straits", "exception", "air-support", "lost", "no-alternate")),
        Verb("invasion-odds", "invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N]",
             "The invasion's odds after bombardment: its attacking ground factors, those joining by land or airdrop, shore "
             "bombardment and ground support (remnants added) over the defence typed; below 1:1 it may not be made.",
             "21.5152, 21.527, 21.517B", partial(invasion_odds, env), group="operations", options=("defense", "air-support", "land")),
        Verb("invasion-losses", "invasion-losses INVASION_ID REQUIRED [--ships \"DD:N,CRUISER,HEAVY\"]",
             "Ground combat losses and the bombarding fleet: list the ways, or take them from named ships (destroyers a factor "
             "each, cruisers sunk for 2, heavy ships damaged for 1), never above the bombardment's value.", "21.528",
             partial(invasion_losses, env), group="operations", options=("ships",)),
        Verb("invasion-result", "invasion-result INVASION_ID landed|repulsed|defeated-at-sea|aborted [--survivors A,B] [--final-round A,B]",
             "How the invasion ended: landed (occupation limits, breakthrough 21.518), repulsed below 1:1 or defeated at sea "
             "(the --survivors, blank: all, back to the embarkation base; its ships and a patrol that joined it to their "
             "bases), aborted before embarkation.", "21.516, 21.5152, 21.517I-K, 21.518", partial(invasion_result, env),
             group="operations", options=("survivors", "final-round")),
        Verb("carrier-mission", "carrier-mission HEX --by CV,CA --distance N [--target BASE] [--with INVASION_ID]",
             "Announce a fast carrier mission to a sea hex: a fast fleet factor per carrier factor, one target base; it returns "
             "before exploitation.", "21.55", partial(_carrier_mission, env), group="operations",
             options=("by", "distance", "legs", "ports", "straits", "exception", "target", "with", "brp-front", "no-alternate")),
    ]
    return verbs, {"invade": partial(_invade, env)}
