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
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import brps as BR
from . import raid_ships as RS
from . import raiders as R
from .common import ids, words_list
from .ops_helpers import Env, force, mission, place, record, with_record
from .world import AwawWorld

ENGAGING = "mission"
"""How a defending ship engaging a raider group is at sea: in the SW box (21.5342F), back with the group (21.538B), neither
employed nor inverted (proposed ruling A34)."""


def read_dice(words: list[str]) -> tuple[list[int], dict[str, int]]:
    """The defender's ship type dice, ``2,3,4:2,6``: each a face, or ``DIE:LESSER`` for a die whose type is not there and
    the lesser result the defender chooses for it (21.5342D); returns the faces and die index -> lesser result."""
    faces, chosen = [], {}
    for word in (w.strip() for w in ",".join(words).split(",")):
        if not word:
            continue
        face, sep, lesser = word.partition(":")
        faces.append(read_int(face, "a ship type die", 1, 6))
        if sep and faces[-1] == 1:
            raise RuleError(f"'{word}': the die 1 (one destroyer factor) has no lesser result (21.5342D)")
        if sep:
            chosen[str(len(faces) - 1)] = read_int(lesser, "the lesser result chosen for a die (DIE:LESSER, 21.5342D)", 1,
                                                   faces[-1] - 1)
    return faces, chosen


def build_raid_verbs(env: Env) -> tuple[list[Verb], dict[str, Any]]:
    """raid, raid-engage, raid-ships, raid-return, and the ``raid-step`` answer of the raid-ships prompts: the
    defender's lesser type (21.5342D) and the ships he names (21.5342C, E)."""
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
        waiting(ctx, m, "raid-engage")
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

    rows = {r.face: r for r in ops.raider_table.ships}

    def waiting(ctx: Context, m: dict[str, Any], what: str) -> None:
        """Refuse ``what`` while the defender has still to choose a lesser type or name the ships of ``m`` (21.5342D-E)."""
        ask = [p.id for p in ctx.state.flow.pending if p.effect == "raid-step" and p.args.get("raid") == m["id"]]
        if ask:
            raise RuleError(f"{what}: the defender has still to choose which ships engage {m['id']}: answer {ask[0]} "
                            "(21.5342D, E)")

    def ships(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """21.5342A-E: the ship type each die sends (a lesser one the defender chooses, D), then the ships that engage (E)."""
        world: AwawWorld = ctx.state.world
        if len(args) < 2:
            raise RuleError("usage: raid-ships RAID_ID FACES [--missing 4,5] (e.g. raid-ships raid-3 2,3,4,6; a die whose type "
                            "is not there with the lesser result chosen: 4:2) (21.5342)")
        m = mission(ctx, env, args[0], "raid")
        if not m["attempts"] or not m["attempts"][-1]["ships"]:
            raise RuleError(f"raid-ships: no engagement of {m['id']} allows defending ships (21.5341)")
        att = m["attempts"][-1]
        if att.get("dice"):
            raise RuleError(f"raid-ships: the defender's dice for {m['id']}'s attempt {att['attempt']} are rolled: "
                            f"{','.join(map(str, att['dice']))} (21.5342A)")
        allowed = att["ships"]
        faces, chosen = read_dice(args[1:])
        if len(faces) != allowed:
            raise RuleError(f"raid-ships: the defender rolls {allowed} dice for {m['id']}, not {len(faces)} (21.5342A)")
        missing = sorted({read_int(w, "a missing ship type", 1, 6) for w in words_list(opts, "missing")})
        att = {**att, "dice": faces, "missing": missing, "chosen": chosen, "engaged": []}
        world, summary, details, asked, figures = progress(ctx, world, m, att)
        return Outcome(world, summary, details, figures, raise_prompts=asked, actor=defender(ctx))

    def pool(world: AwawWorld, m: dict[str, Any], att: dict[str, Any]) -> tuple[dict[str, RS.Ship], dict[str, int]]:
        """21.5342B, G: the defending ships that may engage in this attempt and the factors each still has to give: the
        uninverted ones there, and those already engaging raiders in this SW box with factors left (destroyers)."""
        attempt = att["attempt"]
        group_damaged = any(world.units[i].damaged for i in m["units"] if i in world.units)
        raiders_side = t.side_of(world.units[m["units"][0]].power) if m["units"] else ""
        used: dict[str, int] = {}
        for mid, other in record_of(world).get("missions", {}).items():
            for a in other.get("attempts", []) if other.get("kind") == "raid" else []:
                if mid == m["id"] and a["attempt"] == attempt:
                    continue
                for e in a.get("engaged", []):
                    used[e["unit"]] = used.get(e["unit"], 0) + e["factors"]
        units = defenders(world, raiders_side, m["sw_box"], attempt, group_damaged)
        units += [u for u in world.units.values() if u.at_sea == ENGAGING and u.sea_hex == m["sw_box"] and u.id in engaged_ids(world)
                  and not u.sunk and not u.damaged and u not in units
                  and R.may_engage(R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged), attempt, group_damaged)]
        ships_ = {u.id: RS.Ship(u.id, u.type, u.factors, light=u.category(t) == "destroyer" or (
            u.category(t) == "fleet" and not t.unit_types[u.type].capital), whole=t.unit_types[u.type].ships != 0) for u in units}
        return ships_, {u.id: u.factors - used.get(u.id, 0) for u in units if u.factors - used.get(u.id, 0) > 0}

    def record_of(world: AwawWorld) -> dict[str, Any]:
        return world.ops

    def engaged_ids(world: AwawWorld) -> set[str]:
        """Every defending ship engaging a raider group this player turn."""
        return {e["unit"] for m in world.ops.get("missions", {}).values() if m.get("kind") == "raid"
                for a in m.get("attempts", []) for e in a.get("engaged", [])}

    def prefix(m: dict[str, Any], att: dict[str, Any], die: int) -> str:
        return f"{m['id']}-{'again-' if att['attempt'] == 2 else ''}die-{die + 1}"

    def sent_figures(dice: list[int], sent: list[int | None], automatic: tuple[int, ...]) -> tuple[Explained, ...]:
        """The ship type each die sends, with its derivation (21.5342A, D)."""
        out = []
        for i, (face, f) in enumerate(zip(dice, sent)):
            roll = Term("die roll", face, "21.5342A")
            if not f:
                out.append(Explained("ship type that engages", 0, "21.5342D", (roll,),
                                     ("No eligible ship of this or any lesser type is available.",)))
                continue
            why = () if f == face else (f"No {rows[face].text} there: the defender sends a lesser result "
                                        f"({'the only one there' if i in automatic else 'his choice'}, 21.5342D).",)
            out.append(Explained("ship type that engages", f, "21.5342" if f == face else "21.5342D",
                                 (roll, Term(f"sends {rows[f].text}", f, "21.5342")), why))
        return tuple(out)

    def progress(ctx: Context, world: AwawWorld, m: dict[str, Any], att: dict[str, Any], header: str = ""
                 ) -> tuple[AwawWorld, str, tuple[str, ...], tuple[Pending, ...], tuple[Explained, ...]]:
        """Carry the attempt ``att`` of raid ``m`` on as far as the defender's answers allow: the types sent (21.5342D),
        then the ships (21.5342E), each die only one ship can fill taking it; the ships named go to sea in the SW box."""
        ships_, avail = pool(world, m, att)
        chosen = {int(k): v for k, v in att.get("chosen", {}).items()}
        types = RS.ship_types(att["dice"], ops.raider_table.ships, ships_, avail, set(att["missing"]), chosen)
        there = f"eligible defenders: {', '.join(ships_) or 'none'} (21.5342G; the referee marks others --missing)"
        notes = [f"The die {att['dice'][i]} sends {rows[att['dice'][i]].text}, and none is there: {rows[types.sent[i]].text} is "
                 "the only lesser result there (21.5342D)." for i in types.automatic if types.sent[i]]
        asked: tuple[Pending, ...] = ()
        figures: tuple[Explained, ...] = ()
        engaged = [RS.Engaged(**e) for e in att.get("engaged", [])]
        parts = [header] if header else []
        if types.choose is not None:
            i, face = types.choose, att["dice"][types.choose]
            pid = f"{prefix(m, att, i)}-lesser"
            asked = (Pending(id=pid, text=f"{m['id']}: the die {face} sends {rows[face].text}, and none is there: which lesser "
                             "result does the defender choose? (he may not refuse to send a ship)", kind="choice",
                             effect="raid-step", choices=tuple(rows[f].text for f in types.options), required=True,
                             rule="21.5342D", subject=m["id"],
                             args={"raid": m["id"], "attempt": att["attempt"], "step": "lesser", "die": i,
                                   "options": list(types.options)}, raised=ctx.segment.key),)
            parts.append(f"the die {face} sends {rows[face].text}, and none is there: the defender chooses a lesser result "
                         f"and sends its ship (21.5342D): answer {pid}")
        else:
            sent = list(types.sent)
            if "sent" not in att:  # the types are all known now
                figures = sent_figures(att["dice"], sent, types.automatic)
                parts.append(f"the defender sends {'; '.join(rows[f].text if f else 'no ship' for f in sent)} (21.5342)")
            auto: list[RS.Engaged] = []
            stuck = ""
            while True:
                choice = RS.next_choice(sent, ops.raider_table.ships, ships_, avail, engaged)
                if choice is not None and not choice.candidates:  # the ships there changed since the types were sent
                    stuck = (f"no eligible ship is left for the die {att['dice'][choice.die]}: mark the type --missing "
                             "or record what happened by hand (21.5342D-E)")
                if choice is None or not choice.candidates:
                    break
                if len(choice.candidates) == 1:
                    e = RS.engage(choice, choice.candidates[0], sent, ops.raider_table.ships, ships_, avail, engaged)
                    engaged.append(e)
                    auto.append(e)
                    continue
                face = sent[choice.die] or 0
                if choice.role == "escort":
                    carrier = next(e.unit for e in engaged if e.die == choice.die and e.role == "ship")
                    pid = f"{prefix(m, att, choice.die)}-escort"
                    text = (f"{m['id']}: {carrier} needs {choice.need} more light ship factors engaging with it: which light "
                            "ship goes with it?")
                    rule = "21.5342C, 21.313"
                else:
                    pid = f"{prefix(m, att, choice.die)}-ship"
                    text = (f"{m['id']}: which eligible ship is the {rows[face].text} the die {att['dice'][choice.die]} sends? "
                            "(a ship eligible against more than one raider group engages the one the defender chooses)")
                    rule = "21.5342E"
                asked = (Pending(id=pid, text=text, kind="choice", effect="raid-step", choices=choice.candidates,
                                 required=True, rule=rule, subject=m["id"],
                                 args={"raid": m["id"], "attempt": att["attempt"], "step": choice.role, "die": choice.die},
                                 raised=ctx.segment.key),)
                break
            att = {**att, "sent": sent}
            if auto:
                parts.append("engaging: " + "; ".join(engaged_text(e, att["dice"], sent) for e in auto)
                             + (" (21.5342C, E)" if any(e.role == "escort" for e in auto) else " (21.5342E)"))
            if asked:
                parts.append(f"the defender names the ships that engage (21.5342E): answer {asked[0].id}")
            elif stuck:
                parts.append(stuck)
            elif sent and any(sent):
                parts.append(f"every ship is named: they engage {m['id']} in the {m['sw_box']} box (21.5342E, F)")
        att = {**att, "engaged": [msgspec.structs.asdict(e) for e in engaged]}
        rec = record(ctx, env)
        mm = rec["missions"][m["id"]]
        attempts = [*mm["attempts"][:-1], att]
        named = list(dict.fromkeys([*mm.get("defenders", []), *(e.unit for e in engaged)]))
        rec["missions"] = {**rec["missions"], m["id"]: {**mm, "attempts": attempts, "defenders": named}}
        out = [world.units[e.unit].change(at_sea=ENGAGING, sea_hex=m["sw_box"]) for e in engaged
               if world.units[e.unit].at_sea != ENGAGING]
        new = with_record(world.with_units(out) if out else world, rec)
        return new, f"{m['id']}: " + "; ".join(parts), (there, *notes), asked, figures

    def engaged_text(e: RS.Engaged, dice: list[int], sent: list[int | None]) -> str:
        """``Renown for the die 4 (a 3-factor battleship or battlecruiser)``, ``2 light ship factors of RN-DD-Home with the
        carrier of the die 6``."""
        if e.role == "escort":
            return f"{e.factors} light ship factors of {e.unit} with the carrier of the die {dice[e.die]}"
        face = sent[e.die] or 0
        what = "one destroyer factor of " if "destroyer" in rows[face].types else ""
        lesser = f" ({rows[face].text})" if face != dice[e.die] and not what else ""
        return f"{what}{e.unit} for the die {dice[e.die]}{lesser}"

    def raid_step(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """The defender's answer: the lesser type a die sends (21.5342D), or a ship that engages (21.5342C, E)."""
        world: AwawWorld = ctx.state.world
        a = prompt.args
        m = mission(ctx, env, str(a["raid"]), "raid")
        att = m["attempts"][-1]
        if att["attempt"] != a["attempt"]:
            raise RuleError(f"{prompt.id}: {m['id']}'s attempt {a['attempt']} is over")
        die = int(a["die"])
        if a["step"] == "lesser":
            face = a["options"][list(prompt.choices).index(value)]
            att = {**att, "chosen": {**att.get("chosen", {}), str(die): face}}
            header = f"the die {att['dice'][die]} sends {rows[face].text} (21.5342D)"
        else:
            ships_, avail = pool(world, m, att)
            sent = att["sent"]
            engaged = [RS.Engaged(**e) for e in att.get("engaged", [])]
            choice = RS.next_choice(sent, ops.raider_table.ships, ships_, avail, engaged)
            if choice is None or choice.die != die or choice.role != a["step"]:
                raise RuleError(f"{prompt.id}: this ship has been named")
            e = RS.engage(choice, value, sent, ops.raider_table.ships, ships_, avail, engaged)
            att = {**att, "engaged": [*att.get("engaged", []), msgspec.structs.asdict(e)]}
            header = f"engaging: {engaged_text(e, att['dice'], sent)} ({'21.5342C, E' if e.role == 'escort' else '21.5342E'})"
        world, summary, details, asked, figures = progress(ctx, world, m, att, header)
        return Outcome(world, summary, details, figures, raise_prompts=asked, actor=defender(ctx))

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

    def back(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
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
        may = R.may_attack_transports(bool(opts.get("engaged")), read_int(opts.get("survivors", 0), "unscreened defenders surviving", 0, 99))
        lost = read_int(opts.get("transports-lost", 0), "transports lost (typed, RULINGS A2)", 0, 99)
        if lost and not may.value:
            raise RuleError(f"raid-return: {m['id']} may not attack the transports while unscreened defenders survive (21.5363)")
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

    return [
        Verb("raid", "raid SW-BOX --by A,B,C", "Send a raider group (at most three fast cruisers, capital ships or one fast carrier) "
             "from its port to an SW box; groups are numbered in priority order.", "21.53", raid, group="operations", options=("by",)),
        Verb("raid-engage", "raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] [--codebreaking -1|1] [--result N]",
             "An engagement attempt on the Raider Table: a die plus the printed modifiers, or the modified result typed; 0 or "
             "less escapes.", "21.5341, 21.538", engage, group="operations",
             options=("attempt", "air-range", "us-war", "cves", "singapore", "codebreaking", "result")),
        Verb("raid-ships", "raid-ships RAID_ID FACES [--missing 4,5]", "The ship type each defender's die sends; where it "
             "is not there the defender chooses a lesser type (asked, or typed with the die: 4:2), then names the ships that "
             "engage (asked where more than one may).", "21.5342", ships, group="operations", options=("missing",)),
        Verb("raid-return", "raid-return RAID_ID [--engaged] [--survivors N] [--damaged A] [--sunk B] [--transports-lost N]",
             "The raider group returns to port inverted, with its combat and transport results typed.", "21.537, 21.5361, 21.5363",
             back, group="operations", options=("engaged", "survivors", "damaged", "sunk", "transports-lost")),
    ], {"raid-step": raid_step}
