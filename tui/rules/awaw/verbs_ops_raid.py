"""Raiders (21.53): ``raid``, ``raid-engage``, ``raid-ships``, ``raid-return``.

``raid`` sends a raider group from its ports to an SW box after the checks of
21.532 (eligible ships, origins, three ships with at most one fast carrier,
three per listed port) and numbers it in priority order (21.533C).
``raid-engage`` resolves a first or second engagement attempt on the Raider
Table (21.5341, 21.538): the app rolls (or the referee types) one die and adds
the printed modifiers, or the referee types the modified result (RULINGS A2).
``raid-ships`` reads the defender's ship-type dice (21.5342A-D, ``raid_ships``):
where a die's type is not there and more than one lesser type is, the
defender chooses (the ``RAID-die-N-lesser`` prompt, or typed with the die: ``4:3``);
then he names the eligible ships that engage (21.5342E: ``RAID-die-N-ship``
and, for a fast carrier, ``RAID-die-N-escort`` for its light ship factors), a
die only one ship can fill taking it. The ships named go to the SW box
(21.5342F) and engage that group only. ``raid-return`` brings the group and
its defenders home (21.537, 21.538B) with the naval combat's and the
transports' results typed (A2); until it does, the raid is a duty (21.537A).
``raid-ships`` and its prompts are in ``ops_raid_ships``. Every handler is a
module-level function; the builder only binds it to the rule set's
:class:`Env` (``functools.partial``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from . import brps as BR
from . import raiders as R
from .common import ids, words_list
from .ops_helpers import Env, force, mission, place, record, with_record
from .ops_raid_ships import ENGAGING, defender, raid_ships, raid_step, refuse_undecided, waiting
from .units import NavalUnit
from .world import AwawWorld


def _raid_ship(u: NavalUnit) -> R.RaidShip:
    """A naval unit as the raider checks of 21.532 see it."""
    return R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged)


def _raid(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.531-21.533: a raider group moves to an SW box."""
    ops = env.ops
    world: AwawWorld = ctx.state.world
    if len(args) < 1:
        raise RuleError(f"usage: raid SW-BOX --by A,B,C ({', '.join(b.sw_box for b in ops.raider_table.boxes)}) (21.53)")
    box = world.base(" ".join(args))
    if box.kind != "sw-box":
        raise RuleError(f"raid: {box.name} is not an SW box; raiders enter the Atlantic, Indian Ocean or Pacific SW box (21.531A)")
    f = force(ctx, opts, env, "raid")
    group = R.check_group([_raid_ship(u) for u in f.units], ops)
    rec = record(ctx, env)
    earlier = [m for m in rec["missions"].values() if m.get("kind") == "raid" and m["sw_box"] == box.name]
    counts: dict[str, int] = {}
    for unit_id in [i for m in earlier for i in m["units"]] + [u.id for u in f.units]:
        if unit_id in world.units:
            counts[world.units[unit_id].base] = counts.get(world.units[unit_id].base, 0) + 1
    notes = []
    setup_lines = []
    for u in f.units:
        if u.base == box.name:  # 21.5331: placed in the SW box at the opening setup
            setup_lines.append(R.check_setup_raider(u.id, u.name, u.power, box.name, ctx.turn_label or "", ops))
            continue
        origin = R.origin_for(u.power, place(world.bases[u.base]), box.name, ops)
        R.check_per_base(origin, {u.base: counts[u.base]})
        if origin.condition:
            notes.append(f"{origin.rule}: only if {origin.condition} (the referee checks)")
    if setup_lines and len(setup_lines) != len(f.units):
        raise RuleError("raid: the setup raiders already in the SW box form their own groups; ships from port may not join "
                        f"them ({ops.raiders.setup.rule}, 21.533A)")
    front, why = R.raid_front([tuple(world.bases[u.base].fronts) for u in f.units if u.base != box.name], box.name, ops)
    factors = sum(u.factors for u in f.units)
    brps = (f"{ops.raiders.setup.brps_each * len(f.units)} BRPs, {ops.raiders.setup.brps_each} for each raiding ship "
            f"({ops.raiders.setup.rule})") if setup_lines else f"BRPs for {factors} naval factors on the {front} front: {why}"
    new_world, serial = world.next_serial()
    mid = f"raid-{serial}"
    priority = len(earlier) + 1
    setup_brps = ops.raiders.setup.brps_each * len(f.units) if setup_lines else None
    rec = BR.charge(rec, mid, f"raid into the {box.name} box", front, ops.raiders.setup.rule if setup_lines else why,
                    factors, "21.531C, 21.5331", setup_brps)
    rec["missions"] = {**rec["missions"], mid: {"kind": "raid", "sw_box": box.name, "units": [u.id for u in f.units],
                                                 "priority": priority, "ships": group.value, "attempts": []}}
    moved = [u.change(acted=True, at_sea="raiding", sea_hex=box.name) for u in f.units]
    new = with_record(new_world.with_units(moved), rec)
    summary = f"{mid}: raider group {priority} in the {box.name} box: {ids(f.units)} ({group.value} ships) (21.532, 21.533C)"
    summary += f"; {brps}"
    details = (*dict.fromkeys(notes), *setup_lines, "Engage it with `raid-engage ID` after other interceptions (21.5341).")
    return Outcome(new, summary, details, (group,), actor=env.side(ctx))


def _from_singapore(env: Env, world: AwawWorld, unit_ids: list[str]) -> bool:
    """21.5342 (Indian Ocean): a raider of the group is Japanese and based in Singapore."""
    ops = env.ops
    rt = ops.raider_table
    bases = {b.lower() for b in rt.singapore_bases}
    return any(world.units[i].power == rt.singapore_power and world.units[i].base.lower() in bases
               for i in unit_ids if i in world.units)


def _first_stage_done(ctx: Context, env: Env, m: dict[str, Any]) -> None:
    """21.537A: the return stage, which each group's second attempt opens (21.538A), begins "once the first round of
    naval combat between each raider group and any defending naval units which engaged them ... [is] resolved": refuse
    ``m``'s second attempt while another group at sea has not made its first attempt, or the defender has not yet
    opposed or declined it (the rounds themselves are fought off the app: proposed ruling A37)."""
    for mid, other in record(ctx, env)["missions"].items():
        if other.get("kind") != "raid" or other.get("returned") or mid == m["id"]:
            continue
        first = next((a for a in other.get("attempts", []) if a["attempt"] == 1), None)
        if first is None:
            why = f"{mid} has not made its first engagement attempt"
        elif first["ships"] and not first.get("dice") and not first.get("declined"):
            why = (f"{mid}'s first attempt found {first['ships']} defending ships that the defender has neither sent "
                   f"nor declined (raid-ships {mid} FACES, or --decline)")
        else:
            continue
        raise RuleError(f"raid-engage: {why}; every group's first stage is resolved before {m['id']}'s second attempt, "
                        "which comes before the raiders return (21.537A, 21.538A)")


def _engage(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.5341, 21.538: an engagement attempt on the Raider Table."""
    ops = env.ops
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] "
                        "[--codebreaking -1|1] [--result N | --dice D] (21.5341)")
    m = mission(ctx, env, args[0], "raid")
    attempt = read_int(opts.get("attempt", len(m["attempts"]) + 1), "the engagement attempt", 1, 2)
    if attempt in [a["attempt"] for a in m["attempts"]]:
        raise RuleError(f"raid-engage: attempt {attempt} against {m['id']} has been made (21.5341, 21.538)")
    waiting(ctx, m, "raid-engage")
    if attempt == 2:
        _first_stage_done(ctx, env, m)
    cond = R.RaidConditions(priority=m["priority"], air_range_results=read_int(opts.get("air-range", 0), "air range results", 0, 9),
                            us_at_war_with_germany=bool(opts.get("us-war")), cves=read_int(opts.get("cves", 0), "CVEs", 0, 99),
                            singapore=bool(opts.get("singapore")) or _from_singapore(env, world, m["units"]),
                            codebreaking=read_int(opts.get("codebreaking", 0), "the codebreaking modifier", -1, 1))
    mod = R.raider_modifier(m["sw_box"], m["ships"], cond, ops)
    if opts.get("result") not in (None, True):
        total = read_int(opts["result"], "the modified Raider Table result (typed, RULINGS A2)", -20, 20)
        ships = 0 if total <= ops.raider_table.escape_at_most else total
        out = Explained("defending ships that may engage", ships, "21.5341", (Term("modified result typed (RULINGS A2)", total, "21.5341"),))
    else:
        roll = ctx.roll("1d6", f"Raider Table, {m['id']} attempt {attempt}")
        out = R.engagement(roll.total, mod.value, ops)
    rec = record(ctx, env)
    mm = rec["missions"][m["id"]]
    rec["missions"] = {**rec["missions"], m["id"]: {**mm, "attempts": [*mm["attempts"], {"attempt": attempt, "ships": out.value}]}}
    summary = (f"{m['id']} attempt {attempt}: {'escapes detection' if not out.value else f'{out.value} defending ships may engage'}"
               f" (21.5341{', 21.538' if attempt == 2 else ''})")
    details = (("Only fast ships engage in the first attempt (21.5342B)." if attempt == 1 else
                "Slow ships may engage if the group contains damaged ships (21.538)."),
               "The defender rolls the ship types (`raid-ships ID FACES`, e.g. 5,4) or declines (`raid-ships ID --decline`); at "
               "most one fast carrier per attempt (21.5342C).")
    return Outcome(with_record(world, rec), summary, details if out.value else out.notes, (mod, out), actor=defender(env, ctx))


def _raid_return(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.537: every raider group returns to port after its combat and attacks on transports."""
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: raid-return RAID_ID [--engaged] [--survivors N] [--damaged A,B] [--sunk C] [--transports-lost N] (21.537)")
    m = mission(ctx, env, args[0], "raid")
    if m.get("returned"):
        raise RuleError(f"raid-return: {m['id']} has returned to port (21.537)")
    waiting(ctx, m, "raid-return")
    named = {key: ({u.id for u in world.units_named(words_list(opts, key))} if words_list(opts, key) else set())
             for key in ("damaged", "sunk")}
    damaged, sunk = named["damaged"], named["sunk"]
    fought = [i for i in m.get("defenders", []) if i in world.units]
    for i in damaged | sunk:
        if i not in m["units"] and i not in fought:
            raise RuleError(f"raid-return: {i} is not in {m['id']} nor among the ships that engaged it")
    # 21.5361A, 21.537A: the transports are attacked in the first stage; a group its first attempt found nobody to engage
    # (escaped, or the defender declined) was not engaged then, whatever a second round typed here left afloat
    first = next((a for a in m["attempts"] if a["attempt"] == 1), None)
    unengaged = first is not None and (not first["ships"] or bool(first.get("declined")))
    sent = first is not None and not unengaged and bool(first.get("engaged") or first.get("dice"))  # ships sent
    engaged = (bool(opts.get("engaged")) or sent) and not unengaged
    lost = read_int(opts.get("transports-lost", 0), "transports lost (typed, RULINGS A2)", 0, 99)
    if lost and engaged and opts.get("survivors") in (None, True):
        raise RuleError(f"raid-return: {m['id']} was engaged in the first round of naval combat: type how many unscreened "
                        "defending ships survived it (--survivors N) with its transports lost (21.5363)")
    may = R.may_attack_transports(engaged, read_int(opts.get("survivors", 0), "unscreened defenders surviving", 0, 99))
    if lost and not may.value:
        raise RuleError(f"raid-return: {m['id']} may not attack the transports while unscreened defenders survive (21.5363)")
    engage_here = "raid-engage" in (ctx.segment.commands or ())  # left with --force, the raid may still return
    if 2 not in [a["attempt"] for a in m["attempts"]] and not set(m["units"]) <= sunk and engage_here:
        raise RuleError(f"raid-return: before {m['id']} returns to port, its second engagement attempt is made: "
                        f"raid-engage {m['id']} --attempt 2 (21.538A)")
    if engage_here and not opts.get("engaged") and not set(m["units"]) <= sunk:
        refuse_undecided(m, "raid-return")  # left with --force, the defender's choice can no longer be made
    units = [world.units[i] for i in m["units"] if i in world.units]
    home = [u.change(at_sea="", sea_hex="", inverted=True, damaged=u.damaged or u.id in damaged, sunk=u.sunk or u.id in sunk)
            for u in units]
    rec = record(ctx, env)
    rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "returned": True, "transports_lost": lost}}
    still = {e["unit"] for mid, other in rec["missions"].items() if other.get("kind") == "raid" and not other.get("returned")
             for a in other.get("attempts", []) for e in a.get("engaged", [])}  # engaging another group still out
    ships_back = [world.units[i] for i in fought if world.units[i].at_sea == ENGAGING and i not in still]
    # proposed ruling A34: the defenders return (21.538B) as they went, not inverted: the seed inverts where it says so
    defended = [u.change(at_sea="", sea_hex="", damaged=u.damaged or u.id in damaged, sunk=u.sunk or u.id in sunk)
                for u in ships_back]
    new = with_record(world.with_units([*home, *defended]), rec)
    summary = (f"{m['id']} returns to port: {ids(home)} inverted (21.537)"
               + (f"; the defending ships that engaged it return too: {ids(defended)} (21.537C, 21.538B)" if defended else "")
               + (f"; {lost} defending transports lost (remove them by hand)" if lost else ""))
    return Outcome(new, summary, may.notes, (may,), actor=env.side(ctx))


def build_raid_verbs(env: Env) -> tuple[list[Verb], dict[str, Any]]:
    """raid, raid-engage, raid-ships, raid-return, and the ``raid-step`` answer of the raid-ships prompts: the
    defender's lesser type (21.5342D) and the ships he names (21.5342C, E); each bound to ``env``."""
    return [
        Verb("raid", "raid SW-BOX --by A,B,C", "Send a raider group (at most three fast cruisers, capital ships or one fast carrier) "
             "from its port to an SW box; groups are numbered in priority order.", "21.53", partial(_raid, env), group="operations", options=("by",)),
        Verb("raid-engage", "raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] [--codebreaking -1|1] [--result N]",
             "An engagement attempt on the Raider Table: a die plus the printed modifiers, or the modified result typed; 0 or "
             "less escapes.", "21.5341, 21.538", partial(_engage, env), group="operations",
             options=("attempt", "air-range", "us-war", "cves", "singapore", "codebreaking", "result")),
        Verb("raid-ships", "raid-ships RAID_ID FACES [--missing 4,5] | raid-ships RAID_ID --decline", "The ship type each "
             "defender's die sends; where it is not there the defender chooses a lesser type (asked, or typed with the die: "
             "4:2), then names the ships that engage (asked where more than one may); or --decline: the defender does not "
             "oppose the group (before his dice).", "21.5342, 21.5341", partial(raid_ships, env), group="operations",
             options=("missing", "decline")),
        Verb("raid-return", "raid-return RAID_ID [--engaged] [--survivors N] [--damaged A] [--sunk B] [--transports-lost N]",
             "The raider group returns to port inverted, with its combat and transport results typed.", "21.537, 21.5361, 21.5363",
             partial(_raid_return, env), group="operations", options=("engaged", "survivors", "damaged", "sunk", "transports-lost")),
    ], {"raid-step": partial(raid_step, env)}
