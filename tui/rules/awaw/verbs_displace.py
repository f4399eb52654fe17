"""Units driven out, sent back or removed (seed 004, 21.112, 21.222, 21.23x, 21.33): ``rebase-failed``,
``nr-failed``, ``displace`` (with the ``displace-step`` answers of 21.232), ``return`` and ``eliminate``. The
builder is ``verbs_basing.build_basing_verbs``.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from . import basing as B
from . import returns as R
from .basing_routes import friendly
from .common import Side, distance, ids, one_side, owner
from .ops_helpers import floor_checks, record_for
from .ranges import add_edge, box_edge, check_range, edge_note
from .tables import AwawTables
from .world import AwawWorld

FAILED_NR = "failed NR: excess eliminated (21.112)"
"""The note on units a failed NR brought back to an overstacked base (21.112: no remedy)."""

DISPLACE_CHOICES = ("not engaged", "engaged, fought through", "withdrew together")
"""21.232: what the enemy did to displaced units on the way (results typed, RULINGS A2)."""


def _rebase_failed(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.222: intercepted and defeated, the units return to their original base inverted, even overstacked."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    one_side(units, side(ctx), tables, "rebase-failed")
    back = []
    for u in units:
        if not u.base_changed or not u.note.startswith("from "):
            raise RuleError(f"rebase-failed: {u.id} has not changed base this phase (21.222)")
        back.append(u.change(base=u.note[5:], inverted=True, note=""))
    new = world.with_units(back)
    over = B.overstacked(new, tables)
    details = []
    if over:
        excess = []
        for base, extra in over.items():
            details.append(f"{base} is over capacity by {extra} factors: the excess may not be used this player turn "
                           "and must be remedied by the end of the redeployment phase or eliminated (21.112, 21.222)")
            excess += [u.change(unusable=True) for u in back if u.base == base]
        new = new.with_units(excess)
    return Outcome(new, f"{ids(units)} defeated while changing base: back at their original base, inverted (21.222)",
                   tuple(details))

def _nr_failed(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.112: an NR intercepted and failed: the units go back to their base of origin (``--to``), inverted; if that
    overstacks it, there is no remedy: the excess of the owner's choice is eliminated (``eliminate``)."""
    world: AwawWorld = ctx.state.world
    if not args or opts.get("to") in (None, "", True):
        raise RuleError("usage: nr-failed UNITS --to ORIGIN (21.112)")
    units, origin = world.units_named(args), world.base(str(opts["to"]))
    one_side(units, side(ctx), tables, "nr-failed")
    back = [u.change(base=origin.name, inverted=True, tf="") for u in units]
    new = world.with_units(back)
    extra = B.overstacked(new, tables).get(origin.name, 0)
    if not extra:
        return Outcome(new, f"{ids(units)}: NR failed, back at {origin.name}, inverted (21.33)")
    new = new.with_units([u.change(unusable=True, note=FAILED_NR) for u in back])
    return Outcome(new, f"{ids(units)}: NR failed, back at {origin.name}, inverted; {origin.name} is over capacity by "
                        f"{extra} factors: no remedy after a failed NR, the excess of the owner's choice is eliminated "
                        f"now (eliminate UNITS) (21.112)")


def _displace(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.23 A-G, 21.233: units of an occupied base go to the nearest controlled port with room, inverted."""
    world: AwawWorld = ctx.state.world
    origin, rest = world.take_base(args)
    if not rest:
        raise RuleError("usage: displace FROM TO|none [UNITS] --distance N [--front F] (21.23)")
    afloat = [u for u in world.units_at(origin.name) if tables.side_of(u.power) != tables.side_of(origin.control)]
    if not afloat:
        raise RuleError(f"displace: no naval units of the side that lost {origin.name} are there; record the capture "
                        f"first with control {origin.name} POWER (21.23)")
    if rest[0].lower() == "none":
        chosen = world.units_named(rest[1:]) if rest[1:] else afloat
        for u in chosen:
            if u not in afloat:
                raise RuleError(f"displace: {u.id} is not a displaced unit at {origin.name}")
        new = world.with_units([u.change(sunk=True, tf="") for u in chosen])
        return Outcome(new, f"{ids(chosen)} eliminated: no controlled port with room within "
                            f"{tables.theaters[origin.theater].displacement} hexes of {origin.name} (21.23D)",
                       actor=owner(chosen, tables))  # 21.23A, B, E: the owning player's, as a displacement to a port
    dest, rest = world.take_base(rest)
    chosen = world.units_named(rest) if rest else afloat
    for u in chosen:
        if u not in afloat:
            raise RuleError(f"displace: {u.id} is not a displaced unit at {origin.name}")
    who = tables.side_of(chosen[0].power)
    if not friendly(dest, who, tables, at_start=False):
        raise RuleError(f"displace: {dest.name} is held by {dest.control}; units are displaced to a controlled port (21.23)")
    if origin.two_front:
        front = str(opts.get("front") or "")
        if front not in origin.fronts:
            raise RuleError(f"displace: {origin.name} is a two-front port: choose the front with --front "
                            f"{'|'.join(origin.fronts)} (21.23C)")
        if front not in dest.fronts and not dest.is_box:
            raise RuleError(f"displace: {dest.name} is not on the {front} front chosen (21.23C)")
    n = distance(opts, "displace", "21.23D")
    edge, edge_rule = box_edge(dest.name, tables)
    n, _ = add_edge(n, None, edge)
    try:
        check = check_range("displacement", origin.theater, n, tables)
        if edge:
            check = replace(check, notes=(*check.notes, edge_note(dest.name, edge, edge_rule.replace("21.413B", "21.231"))))
    except RuleError as exc:
        raise RuleError(f"{exc}; with no port in range type `displace {origin.name} none` (21.23D)") from None
    floor = floor_checks(world, n, [origin.name], dest.name, "displace")
    B.check_room(world, dest, chosen, tables, "displace (partial room: name the units that fit, 21.23B)")
    moved = [u.change(base=dest.name, inverted=True, tf="", at_sea="", sea_hex="") for u in chosen]
    new = world.with_units(moved)
    left = [u.id for u in afloat if u not in chosen]
    more = (f"still to displace from {origin.name}: {', '.join(left)} (21.23B: to the next closest port)",) if left else ()
    new, serial = new.next_serial()
    rec = record_for(ctx, side)  # 21.5153D: the invasion of a base whose ships were driven out this player turn
    gone = rec.get("displaced_from", {})
    new = replace(new, ops={**rec, "displaced_from": {**gone, origin.name: {**gone.get(origin.name, {}),
                                                                             **{u.id: bool(u.tf) for u in chosen}}}})
    prompt = Pending(id=f"displace-{serial}", text=f"Displaced {ids(chosen)} on the way to {dest.name}: does the enemy attack "
                     "them by air or intercept them (21.232)? They may not abort.", kind="choice", effect="displace-step",
                     choices=DISPLACE_CHOICES, required=False, rule="21.232", subject=dest.name,
                     args={"units": [u.id for u in chosen], "to": dest.name}, raised=ctx.segment.key)
    return Outcome(new, f"{ids(chosen)} displaced {origin.name} → {dest.name}, {n} hexes, inverted (21.23, 21.233); "
                        f"answer displace-{serial} if the enemy engages them on the way (21.232)",
                   more, (check, *floor, B.room_left(new, dest, tables)), raise_prompts=(prompt,),
                   actor=who)  # 21.23A-C, E: the owning player chooses the port, the split, the front and the route

def _displace_step(tables: AwawTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """21.232 A-D: what happened to displaced units on their way; they may not abort. The answer is the enemy's, whoever's
    player turn it is: whether his air and naval units engage them (21.232A, D; issue 32, case S-AW13, reading (a))."""
    outcome = _displaced_on_the_way(ctx, prompt, value)
    owner = tables.side_of(ctx.state.world.units[prompt.args["units"][0]].power)
    return replace(outcome, actor=next(s for s in tables.sides if s != owner))


def _displaced_on_the_way(ctx: Context, prompt: Pending, value: str) -> Outcome:
    """The effect of a 21.232 answer."""
    world: AwawWorld = ctx.state.world
    units, dest = list(prompt.args["units"]), str(prompt.args["to"])
    if value == DISPLACE_CHOICES[0]:
        return Outcome(world, f"{', '.join(units)} reached {dest} unengaged (21.232)")
    root, n = str(prompt.args.get("root", prompt.id)), int(prompt.args.get("round", 1)) + 1
    again = Pending(id=f"{root}-{n}", text=f"Displaced {', '.join(units)} go on to {dest}: do additional "
                    "enemy forces, submarines included, attack them by air or intercept them further along the route "
                    "(21.232C, D)? They may not abort.", kind="choice", effect="displace-step", choices=DISPLACE_CHOICES,
                    required=False, rule="21.232D", subject=dest, args={**prompt.args, "root": root, "round": n},
                    raised=ctx.segment.key)
    if value == DISPLACE_CHOICES[1]:
        return Outcome(world, f"{', '.join(units)} fought through to {dest}: displaced units may not abort after being engaged "
                              "(21.232B); they are attacked by air as they enter each hex and may be intercepted again, "
                              f"submarines included (21.232C, D): answer {again.id} if they are (intercept ... --displaced "
                              f"{','.join(units)}). Record losses with damage/sink.", raise_prompts=(again,))
    if value == DISPLACE_CHOICES[2]:
        return Outcome(world, f"{', '.join(units)} withdrew from the naval combat in their entirety, leaving no unit behind, "
                              f"and continue along the same route to {dest} (21.232B): answer {again.id} if further enemy "
                              "forces engage them (21.232D). Record losses with damage/sink.", raise_prompts=(again,))
    raise RuleError(f"'{value}' is not an answer to {prompt.id} ({', '.join(DISPLACE_CHOICES)})")


def _check_not_raiding(world: AwawWorld, units: list) -> None:
    """21.537B, 21.538A: a raider comes home only with its group, after the second engagement attempt (raid-return);
    refuses ``return`` for raiders at sea."""
    raiding = [u.id for u in units if u.at_sea == "raiding"]
    if not raiding:
        return
    raids = [mid for mid, m in world.ops.get("missions", {}).items()
             if m.get("kind") == "raid" and not m.get("returned") and set(raiding) & set(m.get("units", []))]
    raise RuleError(f"return: {', '.join(raiding)} {'is' if len(raiding) == 1 else 'are'} raiding"
                    f"{' (' + ', '.join(raids) + ')' if raids else ''}: each raider group returns to port as a single "
                    f"group, after its second engagement attempt: raid-return {', '.join(raids) or 'RAID_ID'} "
                    "(21.537B, 21.538A)")


def _return(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.33: units at sea return to their base of origin, or (--to BASE --distance N) another friendly base in range."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    away = [u.id for u in units if not u.at_sea]
    if away:
        raise RuleError(f"return: {', '.join(away)} {'is' if len(away) == 1 else 'are'} not at sea (21.33)")
    _check_not_raiding(world, units)
    inverted = [u.change(at_sea="", sea_hex="", inverted=True) for u in units]
    who = tables.side_of(units[0].power)
    in_combat = "combat" in ctx.segment.path
    invaded = R.invasion_targets(world.ops, who)
    home = str(opts.get("to") or "origin").lower() == "origin"
    origins = {u.base for u in units}
    for name in sorted(origins):
        origin = world.bases[name]
        R.check_return(origin, origin if home else world.base(str(opts["to"])), in_combat=in_combat, invaded=invaded,
                       only=bool(opts.get("only")))
    if home:
        return Outcome(world.with_units(inverted), f"{ids(units)} back at their base of origin, inverted (21.33, 21.4183)")
    dest = world.base(str(opts["to"]))
    at_start = dict(world.ops.get("turn_control", {})).get(dest.name, dest.control_at_start)
    if tables.side_of(at_start) != who:
        raise RuleError(f"return: {dest.name} was not under friendly control at the start of the player turn (21.33)")
    n = distance(opts, "return", "21.33")
    check = check_range("return", dest.theater, n, tables)
    B.check_room(world, dest, units, tables, "return")
    new = world.with_units([u.change(base=dest.name, tf="") for u in inverted])
    return Outcome(new, f"{ids(units)} returned to {dest.name}, {n} hexes from the activity hex, inverted (21.33)",
                   explanations=(check, B.room_left(new, dest, tables)))


def _eliminate(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.112: excess units of the owner's choice at an overstacked base are eliminated."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    over = B.overstacked(world, tables)
    for u in units:
        if u.base not in over:
            raise RuleError(f"eliminate: {u.base} is not over capacity; only excess units are eliminated (21.112)")
    new = world.with_units([u.change(sunk=True, tf="", unusable=False) for u in units])
    for base, extra in over.items():
        here = [u for u in units if u.base == base]
        gone = sum(u.basing_factors(tables) for u in here)
        spare = [u.id for u in here if gone - u.basing_factors(tables) >= extra]
        if spare:
            raise RuleError(f"eliminate: {base} is over by {extra} factors; without {spare[0]} the others already "
                            "remove the excess, and only excess units are eliminated (21.112)")
    still = B.overstacked(new, tables)
    tail = ("; still over: " + ", ".join(f"{b} by {n}" for b, n in still.items())) if still else ""
    return Outcome(new, f"{ids(units)} eliminated as excess (21.112){tail}")
