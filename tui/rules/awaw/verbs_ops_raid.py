"""Raiders (21.53): ``raid``, ``raid-engage``, ``raid-ships``, ``raid-return``.

``raid`` sends a raider group from its ports to an SW box after the checks of
21.532 (eligible ships, origins, three ships with at most one fast carrier,
three per listed port) and numbers it in priority order (21.533C).
``raid-engage`` resolves a first or second engagement attempt on the Raider
Table (21.5341, 21.538): the app rolls (or the referee types) one die and adds
the printed modifiers, or the referee types the modified result (RULINGS A2).
``raid-ships`` reads the defender's ship-type dice, sending a lesser type when
none is available (21.5342D). ``raid-return`` brings the group home (21.537)
with the naval combat's and the transports' results typed (A2).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from . import brps as BR
from . import raiders as R
from .common import ids, words_list
from .ops_helpers import Env, force, mission, place, record, with_record
from .world import AwawWorld


def build_raid_verbs(env: Env) -> list[Verb]:
    """raid, raid-engage, raid-ships, raid-return."""
    t, ops = env.tables, env.ops

    def raid_ship(u) -> R.RaidShip:
        return R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged)

    def raid(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.531-21.533: a raider group moves to an SW box."""
        world: AwawWorld = ctx.state.world
        if len(args) < 1:
            raise RuleError(f"usage: raid SW-BOX --by A,B,C ({', '.join(b.sw_box for b in ops.raider_table.boxes)}) (21.53)")
        box = world.base(" ".join(args))
        if box.kind != "sw-box":
            raise RuleError(f"raid: {box.name} is not an SW box; raiders enter the Atlantic, Indian Ocean or Pacific SW box (21.531A)")
        f = force(ctx, opts, env, "raid")
        group = R.check_group([raid_ship(u) for u in f.units], ops)
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

    def defender(ctx: Context) -> str:
        """The side whose ships engage the raiders: not the raiding player's (21.5341)."""
        return next(s for s in t.sides if s != env.side(ctx))

    def from_singapore(world: AwawWorld, unit_ids: list[str]) -> bool:
        """21.5342 (Indian Ocean): a raider of the group is Japanese and based in Singapore."""
        rt = ops.raider_table
        bases = {b.lower() for b in rt.singapore_bases}
        return any(world.units[i].power == rt.singapore_power and world.units[i].base.lower() in bases
                   for i in unit_ids if i in world.units)

    def engage(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.5341, 21.538: an engagement attempt on the Raider Table."""
        world: AwawWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] "
                            "[--codebreaking -1|1] [--result N | --dice D] (21.5341)")
        m = mission(ctx, env, args[0], "raid")
        attempt = read_int(opts.get("attempt", len(m["attempts"]) + 1), "the engagement attempt", 1, 2)
        if attempt in [a["attempt"] for a in m["attempts"]]:
            raise RuleError(f"raid-engage: attempt {attempt} against {m['id']} has been made (21.5341, 21.538)")
        cond = R.RaidConditions(priority=m["priority"], air_range_results=read_int(opts.get("air-range", 0), "air range results", 0, 9),
                                us_at_war_with_germany=bool(opts.get("us-war")), cves=read_int(opts.get("cves", 0), "CVEs", 0, 99),
                                singapore=bool(opts.get("singapore")) or from_singapore(world, m["units"]),
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
                   "Roll the ship types with `raid-ships ID --dice a,b,...`; at most one fast carrier per attempt (21.5342C).")
        return Outcome(with_record(world, rec), summary, details if out.value else out.notes, (mod, out), actor=defender(ctx))

    def ships(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.5342: the ship type each die sends; a lesser one when none is available (D)."""
        world: AwawWorld = ctx.state.world
        if len(args) < 2:
            raise RuleError("usage: raid-ships RAID_ID FACES [--missing 4,5] (e.g. raid-ships raid-3 2,3,4,6) (21.5342)")
        m = mission(ctx, env, args[0], "raid")
        if not m["attempts"] or not m["attempts"][-1]["ships"]:
            raise RuleError(f"raid-ships: no engagement of {m['id']} allows defending ships (21.5341)")
        allowed = m["attempts"][-1]["ships"]
        faces = [read_int(w, "a ship type die", 1, 6) for w in ",".join(args[1:]).split(",") if w.strip()]
        if len(faces) != allowed:
            raise RuleError(f"raid-ships: the defender rolls {allowed} dice for {m['id']}, not {len(faces)} (21.5342A)")
        missing = {read_int(w, "a missing ship type", 1, 6) for w in words_list(opts, "missing")}
        attempt = m["attempts"][-1]["attempt"]
        group_damaged = any(world.units[i].damaged for i in m["units"] if i in world.units)
        raiders_side = t.side_of(world.units[m["units"][0]].power) if m["units"] else ""
        there = defenders(world, raiders_side, m["sw_box"], attempt, group_damaged)
        specs = {s.face: s for s in ops.raider_table.ships}
        left = list(there)
        by_die: dict[int, Any] = {}
        for i in sorted(range(len(faces)), key=lambda k: -faces[k]):  # higher dice first: a lesser result never takes their ship
            available = {f: f not in missing and _pick(spec, left) is not None for f, spec in specs.items()}
            out = R.engaging_ship(faces[i], available, ops)
            if out.value:
                chosen = _pick(specs[out.value], left)
                left = [u for u in left if u is not chosen] if chosen.category(t) != "destroyer" or chosen.factors == 1 \
                    else [u.change(factors=u.factors - 1) if u is chosen else u for u in left]
                if out.value == 6:  # 21.5342C: one fast carrier per engagement attempt
                    left = [u for u in left if u.type not in specs[6].types]
            by_die[i] = out
        results = [by_die[i] for i in range(len(faces))]
        rows = {s.face: s.text for s in ops.raider_table.ships}
        sent = [rows[r.value] if r.value else "no ship" for r in results]
        pool = f"eligible defenders: {', '.join(u.id for u in there) or 'none'} (21.5342G; the referee marks others --missing)"
        return Outcome(world, f"{m['id']}: the defender sends {'; '.join(sent)} (21.5342)",
                       (pool, *(n for r in results for n in r.notes)), tuple(results), actor=defender(ctx))

    def defenders(world: AwawWorld, raiders_side: str, sw_box: str, attempt: int, group_damaged: bool) -> list:
        """21.5342B, G: uninverted defending ships in the listed boxes, the SW box or operational mapboard ports."""
        boxes = set(ops.raiders.defender_boxes.get(sw_box, [])) | {sw_box}
        out = []
        for u in world.units.values():
            base = world.bases.get(u.base)
            if u.sunk or u.repair or u.inverted or u.at_sea or base is None or t.side_of(u.power) in ("", raiders_side):
                continue
            if not (base.name in boxes or (not base.is_box and base.operational)):
                continue
            if R.may_engage(R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged), attempt, group_damaged):
                out.append(u)
        return out

    def _pick(row, units: list):
        """A ship of the Raider Table row's type among ``units`` (21.5342), or None. Face 6: a fast carrier with as many
        light ship factors there (21.5342C); face 1: any destroyer counter gives one factor."""
        if row.factors == 0:
            light = sum(u.factors for u in units if u.category(t) == "destroyer"
                        or (u.category(t) == "fleet" and not t.unit_types[u.type].capital))
            return next((u for u in units if u.type in row.types and u.factors <= light), None)
        if "destroyer" in row.types:
            return next((u for u in units if u.type in row.types and u.factors > 0), None)
        return next((u for u in units if u.type in row.types and u.factors == row.factors), None)

    def back(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.537: every raider group returns to port after its combat and attacks on transports."""
        world: AwawWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: raid-return RAID_ID [--engaged] [--survivors N] [--damaged A,B] [--sunk C] [--transports-lost N] (21.537)")
        m = mission(ctx, env, args[0], "raid")
        named = {key: ({u.id for u in world.units_named(words_list(opts, key))} if words_list(opts, key) else set())
                 for key in ("damaged", "sunk")}
        damaged, sunk = named["damaged"], named["sunk"]
        for i in damaged | sunk:
            if i not in m["units"]:
                raise RuleError(f"raid-return: {i} is not in {m['id']}")
        may = R.may_attack_transports(bool(opts.get("engaged")), read_int(opts.get("survivors", 0), "unscreened defenders surviving", 0, 99))
        lost = read_int(opts.get("transports-lost", 0), "transports lost (typed, RULINGS A2)", 0, 99)
        if lost and not may.value:
            raise RuleError(f"raid-return: {m['id']} may not attack the transports while unscreened defenders survive (21.5363)")
        units = [world.units[i] for i in m["units"] if i in world.units]
        home = [u.change(at_sea="", sea_hex="", inverted=True, damaged=u.damaged or u.id in damaged, sunk=u.sunk or u.id in sunk)
                for u in units]
        rec = record(ctx, env)
        rec["missions"] = {**rec["missions"], m["id"]: {**rec["missions"][m["id"]], "returned": True, "transports_lost": lost}}
        new = with_record(world.with_units(home), rec)
        summary = (f"{m['id']} returns to port: {ids(home)} inverted (21.537)"
                   + (f"; {lost} defending transports lost (remove them by hand)" if lost else ""))
        return Outcome(new, summary, may.notes, (may,), actor=env.side(ctx))

    return [
        Verb("raid", "raid SW-BOX --by A,B,C", "Send a raider group (at most three fast cruisers, capital ships or one fast carrier) "
             "from its port to an SW box; groups are numbered in priority order.", "21.53", raid, group="operations", options=("by",)),
        Verb("raid-engage", "raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] [--codebreaking -1|1] [--result N]",
             "An engagement attempt on the Raider Table: a die plus the printed modifiers, or the modified result typed; 0 or "
             "less escapes.", "21.5341, 21.538", engage, group="operations",
             options=("attempt", "air-range", "us-war", "cves", "singapore", "codebreaking", "result")),
        Verb("raid-ships", "raid-ships RAID_ID FACES [--missing 4,5]", "The ship type each defender's die sends; a lesser type when "
             "none is available.", "21.5342", ships, group="operations", options=("missing",)),
        Verb("raid-return", "raid-return RAID_ID [--engaged] [--survivors N] [--damaged A] [--sunk B] [--transports-lost N]",
             "The raider group returns to port inverted, with its combat and transport results typed.", "21.537, 21.5361, 21.5363",
             back, group="operations", options=("engaged", "survivors", "damaged", "sunk", "transports-lost")),
    ]
