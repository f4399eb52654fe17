"""The defender's ships against a raider group (21.5342): ``raid-ships`` and the ``raid-step`` answer of its prompts.

The defender rolls one die per ship the Raider Table allows (``--dice`` typed: ``raid-ships ID 2,3,4:2,6``); each
die sends a ship type (21.5342A), a lesser one where its type is not there (21.5342D: the only one there, or the
defender's choice, asked or typed as ``DIE:LESSER``); then the defender names the eligible ships that engage
(21.5342C, E), a die only one ship can fill taking it. The ships named go to the SW box (21.5342F). Every function
here is module-level; ``verbs_ops_raid`` binds the handlers to the rule set's :class:`Env`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from . import raid_ships as RS
from . import raiders as R
from .common import words_list
from .ops_helpers import Env, mission, record, with_record
from .ops_tables import RaiderShip
from .world import AwawWorld

ENGAGING = "mission"
"""How a defending ship engaging a raider group is at sea: in the SW box (21.5342F), back with the group (21.538B), neither
employed nor inverted (proposed ruling A34)."""


def raider_rows(env: Env) -> dict[int, RaiderShip]:
    """The Raider Table's ship type rows by die face (21.5342A)."""
    return {r.face: r for r in env.ops.raider_table.ships}


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


def defender(env: Env, ctx: Context) -> str:
    """The side whose ships engage the raiders: not the raiding player's (21.5341)."""
    t = env.tables
    return next(s for s in t.sides if s != env.side(ctx))


def waiting(ctx: Context, m: dict[str, Any], what: str) -> None:
    """Refuse ``what`` while the defender has still to choose a lesser type or name the ships of ``m`` (21.5342D-E)."""
    ask = [p.id for p in ctx.state.flow.pending if p.effect == "raid-step" and p.args.get("raid") == m["id"]]
    if ask:
        raise RuleError(f"{what}: the defender has still to choose which ships engage {m['id']}: answer {ask[0]} "
                        "(21.5342D, E)")


def undecided(m: dict[str, Any]) -> dict[str, Any] | None:
    """The last engagement attempt of raid ``m`` if it found defending ships that may engage and the defender has
    neither rolled their types (21.5342A) nor declined to oppose the group (21.5341); else None."""
    att = m["attempts"][-1] if m.get("attempts") else None
    return att if att and att["ships"] and not att.get("dice") and not att.get("declined") else None


def refuse_undecided(m: dict[str, Any], what: str) -> None:
    """Refuse ``what`` while the defender has still to oppose or decline ``m``'s last engagement and no combat result is
    typed (21.5341; 21.538B: "After naval combat is resolved or declined by the defender, all surviving raiders ...
    return"): the raiding player cannot decide for the defender that nobody engages."""
    att = undecided(m)
    if att is not None:
        raise RuleError(f"{what}: attempt {att['attempt']} found {att['ships']} defending ships that may engage {m['id']}: "
                        f"the defender rolls their types (raid-ships {m['id']} FACES) or declines to oppose the group "
                        f"(raid-ships {m['id']} --decline) first, or the naval combat's results are typed here (--engaged) "
                        "(21.5341, 21.538B)")


def _decline(env: Env, ctx: Context, args: list[str]) -> Outcome:
    """21.5341: the defender chooses not to oppose the raid's last engagement (before his type dice; once he has
    decided to oppose, he cannot change his mind)."""
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: raid-ships RAID_ID --decline (21.5341)")
    m = mission(ctx, env, args[0], "raid")
    if not m["attempts"] or not m["attempts"][-1]["ships"]:
        raise RuleError(f"raid-ships: no engagement of {m['id']} allows defending ships (21.5341)")
    att = m["attempts"][-1]
    if att.get("dice"):
        raise RuleError(f"raid-ships: the defender has decided to oppose {m['id']} in attempt {att['attempt']} (his dice "
                        f"are rolled: {','.join(map(str, att['dice']))}); he cannot change his mind (21.5341)")
    if att.get("declined"):
        raise RuleError(f"raid-ships: the defender has declined to oppose {m['id']} in attempt {att['attempt']} (21.5341)")
    rec = record(ctx, env)
    mm = rec["missions"][m["id"]]
    rec["missions"] = {**rec["missions"], m["id"]: {**mm, "attempts": [*mm["attempts"][:-1], {**att, "declined": True}]}}
    summary = f"{m['id']} attempt {att['attempt']}: the defender does not oppose the raider group (21.5341)"
    return Outcome(with_record(world, rec), summary, (), actor=defender(env, ctx))


def raid_ships(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.5342A-E: the ship type each die sends (a lesser one the defender chooses, D), then the ships that engage (E);
    or, with ``--decline``, the defender does not oppose the group (21.5341)."""
    world: AwawWorld = ctx.state.world
    if opts.get("decline"):
        return _decline(env, ctx, args)
    if len(args) < 2:
        raise RuleError("usage: raid-ships RAID_ID FACES [--missing 4,5] (e.g. raid-ships raid-3 2,3,4,6; a die whose type "
                        "is not there with the lesser result chosen: 4:2) (21.5342)")
    m = mission(ctx, env, args[0], "raid")
    if not m["attempts"] or not m["attempts"][-1]["ships"]:
        raise RuleError(f"raid-ships: no engagement of {m['id']} allows defending ships (21.5341)")
    att = m["attempts"][-1]
    if att.get("declined"):
        raise RuleError(f"raid-ships: the defender has declined to oppose {m['id']} in attempt {att['attempt']} (21.5341)")
    if att.get("dice"):
        raise RuleError(f"raid-ships: the defender's dice for {m['id']}'s attempt {att['attempt']} are rolled: "
                        f"{','.join(map(str, att['dice']))} (21.5342A)")
    allowed = att["ships"]
    faces, chosen = read_dice(args[1:])
    if len(faces) != allowed:
        raise RuleError(f"raid-ships: the defender rolls {allowed} dice for {m['id']}, not {len(faces)} (21.5342A)")
    missing = sorted({read_int(w, "a missing ship type", 1, 6) for w in words_list(opts, "missing")})
    att = {**att, "dice": faces, "missing": missing, "chosen": chosen, "engaged": []}
    world, summary, details, asked, figures = progress(env, ctx, world, m, att)
    return Outcome(world, summary, details, figures, raise_prompts=asked, actor=defender(env, ctx))


def pool(env: Env, world: AwawWorld, m: dict[str, Any], att: dict[str, Any]) -> tuple[dict[str, RS.Ship], dict[str, int]]:
    """21.5342B, G: the defending ships that may engage in this attempt and the factors each still has to give: the
    uninverted ones there, and those already engaging raiders in this SW box with factors left (destroyers)."""
    t = env.tables
    attempt = att["attempt"]
    group_damaged = any(world.units[i].damaged for i in m["units"] if i in world.units)
    raiders_side = t.side_of(world.units[m["units"][0]].power) if m["units"] else ""
    used: dict[str, int] = {}
    for mid, other in world.ops.get("missions", {}).items():
        for a in other.get("attempts", []) if other.get("kind") == "raid" else []:
            if mid == m["id"] and a["attempt"] == attempt:
                continue
            for e in a.get("engaged", []):
                used[e["unit"]] = used.get(e["unit"], 0) + e["factors"]
    units = defenders(env, world, raiders_side, m["sw_box"], attempt, group_damaged)
    units += [u for u in world.units.values() if u.at_sea == ENGAGING and u.sea_hex == m["sw_box"] and u.id in engaged_ids(world)
              and not u.sunk and not u.damaged and u not in units
              and R.may_engage(R.RaidShip(u.id, u.type, u.factors, u.fast, u.power, u.damaged), attempt, group_damaged)]
    ships_ = {u.id: RS.Ship(u.id, u.type, u.factors, light=u.category(t) == "destroyer" or (
        u.category(t) == "fleet" and not t.unit_types[u.type].capital), whole=t.unit_types[u.type].ships != 0) for u in units}
    return ships_, {u.id: u.factors - used.get(u.id, 0) for u in units if u.factors - used.get(u.id, 0) > 0}


def engaged_ids(world: AwawWorld) -> set[str]:
    """Every defending ship engaging a raider group this player turn."""
    return {e["unit"] for m in world.ops.get("missions", {}).values() if m.get("kind") == "raid"
            for a in m.get("attempts", []) for e in a.get("engaged", [])}


def prefix(m: dict[str, Any], att: dict[str, Any], die: int) -> str:
    """The id the prompts of a die of an attempt start with: ``raid-3-die-2``, ``raid-3-again-die-2`` (21.538)."""
    return f"{m['id']}-{'again-' if att['attempt'] == 2 else ''}die-{die + 1}"


def sent_figures(env: Env, dice: list[int], sent: list[int | None], automatic: tuple[int, ...]) -> tuple[Explained, ...]:
    """The ship type each die sends, with its derivation (21.5342A, D)."""
    rows = raider_rows(env)
    out = []
    for i, (face, f) in enumerate(zip(dice, sent)):
        roll = Term("die roll", face, "21.5342A")
        if not f:
            out.append(Explained("ship type that engages", 0, "21.5342D", (roll,),
                                 ("No eligible ship of this or any lesser type is available.",)))
            continue
        kind = rows[face].text
        why = () if f == face else (f"{kind[:1].upper()}{kind[1:]} is not there: the defender sends a lesser result "
                                    f"({'the only one there' if i in automatic else 'his choice'}, 21.5342D).",)
        out.append(Explained("ship type that engages", f, "21.5342" if f == face else "21.5342D",
                             (roll, Term(f"sends {rows[f].text}", f, "21.5342")), why))
    return tuple(out)


def progress(env: Env, ctx: Context, world: AwawWorld, m: dict[str, Any], att: dict[str, Any], header: str = ""
             ) -> tuple[AwawWorld, str, tuple[str, ...], tuple[Pending, ...], tuple[Explained, ...]]:
    """Carry the attempt ``att`` of raid ``m`` on as far as the defender's answers allow: the types sent (21.5342D),
    then the ships (21.5342E), each die only one ship can fill taking it; the ships named go to sea in the SW box."""
    ops = env.ops
    rows = raider_rows(env)
    ships_, avail = pool(env, world, m, att)
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
            figures = sent_figures(env, att["dice"], sent, types.automatic)
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
                text = (f"{m['id']}: the die {att['dice'][choice.die]} sends {rows[face].text}: which eligible ship is it? "
                        "(a ship eligible against more than one raider group engages the one the defender chooses)")
                rule = "21.5342E"
            asked = (Pending(id=pid, text=text, kind="choice", effect="raid-step", choices=choice.candidates,
                             required=True, rule=rule, subject=m["id"],
                             args={"raid": m["id"], "attempt": att["attempt"], "step": choice.role, "die": choice.die},
                             raised=ctx.segment.key),)
            break
        att = {**att, "sent": sent}
        if auto:
            parts.append("engaging: " + "; ".join(engaged_text(env, e, att["dice"], sent) for e in auto)
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


def engaged_text(env: Env, e: RS.Engaged, dice: list[int], sent: list[int | None]) -> str:
    """``Renown for the die 4 (a 3-factor battleship or battlecruiser)``, ``2 light ship factors of RN-DD-Home with the
    carrier of the die 6``."""
    rows = raider_rows(env)
    if e.role == "escort":
        return f"{e.factors} light ship factors of {e.unit} with the carrier of the die {dice[e.die]}"
    face = sent[e.die] or 0
    what = "one destroyer factor of " if "destroyer" in rows[face].types else ""
    lesser = f" ({rows[face].text})" if face != dice[e.die] and not what else ""
    return f"{what}{e.unit} for the die {dice[e.die]}{lesser}"


def raid_step(env: Env, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """The defender's answer: the lesser type a die sends (21.5342D), or a ship that engages (21.5342C, E)."""
    ops = env.ops
    rows = raider_rows(env)
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
        ships_, avail = pool(env, world, m, att)
        sent = att["sent"]
        engaged = [RS.Engaged(**e) for e in att.get("engaged", [])]
        choice = RS.next_choice(sent, ops.raider_table.ships, ships_, avail, engaged)
        if choice is None or choice.die != die or choice.role != a["step"]:
            raise RuleError(f"{prompt.id}: this ship has been named")
        e = RS.engage(choice, value, sent, ops.raider_table.ships, ships_, avail, engaged)
        att = {**att, "engaged": [*att.get("engaged", []), msgspec.structs.asdict(e)]}
        header = f"engaging: {engaged_text(env, e, att['dice'], sent)} ({'21.5342C, E' if e.role == 'escort' else '21.5342E'})"
    world, summary, details, asked, figures = progress(env, ctx, world, m, att, header)
    return Outcome(world, summary, details, figures, raise_prompts=asked, actor=defender(env, ctx))


def defenders(env: Env, world: AwawWorld, raiders_side: str, sw_box: str, attempt: int, group_damaged: bool) -> list:
    """21.5342B, G: uninverted defending ships in the listed boxes, the SW box or operational mapboard ports."""
    t, ops = env.tables, env.ops
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
