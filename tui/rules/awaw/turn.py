"""The AWAW player turn's own bookkeeping (seed 004): initiative, control snapshots, returns, uninversion.

Effects the sequence runs: ``start-player-turn`` clears each unit's "acted
this turn", base change and overstack bar (21.31, 21.32, 21.112);
``note-control`` keeps the control of strait hexes and bases as it is at the
start of each phase (21.211, 21.223); ``patrols-return`` brings patrols and
defensive patrols home inverted before exploitation, submarines excepted
(21.4183, 21.4184, 21.4191), and the other side's ships engaging a raider
group (they return with it, 21.538B); ``end-player-turn`` drops the uninversion
allowance and returns the other side's submarines still on patrol (21.4184B).
Verbs: ``allowance`` and ``uninvert`` (21.71, RULINGS A4).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.phases import Reported, reported
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import GameState, Pending
from . import basing as B
from . import returns as R
from . import submarines as S
from .common import Side, ids, one_side
from .ops_helpers import record_for
from .parts import OpsParts
from .tables import AwawTables
from .units import new_turn
from .world import AwawWorld


def _start_player_turn(side: Side, ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
    """21.31, 21.32, 21.112: each unit may act once again this player turn; last turn's bars are lifted."""
    changed = [new_turn(u) for u in world.units.values() if u.acted or u.base_changed or u.unusable or u.intercepts]
    rec = record_for(ctx, side)
    world = replace(world, ops={**rec, "turn_control": {n: b.control for n, b in world.bases.items()}})  # 21.33
    if not changed:
        return world, []
    return world.with_units(changed), [Reported(f"{len(changed)} unit(s) may act again this player turn (21.31, 21.32)")]

def _note_control(ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
    """21.211, 21.223: control as it is at the start of the phase is what straits and base changes read."""
    bases = {n: b.change(control_at_start=b.control) for n, b in world.bases.items()}
    return replace(world, phase_control=dict(world.hex_control), bases=bases), []

def _patrols_return(tables: AwawTables, side: Side, ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
    """21.4183, 21.4191: patrols and defensive patrols return to base, inverted; submarine patrols may stay (21.4184)."""
    back, stay, barred = [], [], []
    fronts = dict(record_for(ctx, side).get("patrol_fronts", {}))
    sw_subs = S.sw_submarines(list(world.units.values()), tables)
    held: list[str] = []
    engaging = {i for m in dict(record_for(ctx, side).get("missions", {})).values()
                if m.get("kind") == "raid" and not m.get("returned") for i in m.get("defenders", [])}
    for u in world.units.values():
        if u.id in engaging:
            continue  # a defender engaging a raider group still out: it returns with the group (raid-return, 21.538B)
        if u.at_sea in ("patrol", "mission", "defensive-patrol"):
            origin = world.bases.get(u.base)
            if origin is not None and R.targeted(origin, R.invasion_targets(world.ops, tables.side_of(u.power))):
                held.append(u.id)  # 21.33: not home to an invasion target unless it is the only base
                continue
            if u.at_sea == "patrol" and u.category(tables) == "submarine":
                why = S.must_return(u, fronts.get(u.id, ""), sw_subs, tables)
                if why:
                    barred.append(why)
                    back.append(u.change(at_sea="", sea_hex="", inverted=True))
                else:
                    stay.append(u.id)
            else:
                back.append(u.change(at_sea="", sea_hex="", inverted=True))
    lines = list(barred)
    if held:
        lines.append(f"{', '.join(held)} may not return to a base an enemy seaborne invasion targets unless it is the only "
                     "one: return UNITS --to BASE --distance N, or return UNITS --only (21.33)")
    if back:
        lines.append(f"Returned to base and inverted before exploitation: {ids(back)} (21.4183, 21.4191); "
                     "`return UNITS BASE --distance N` moves one to another base (21.33)")
    if stay:
        lines.append(f"Submarine patrols may stay at sea: {', '.join(stay)} (21.4184B); `return` brings them home")
    return world.with_units(back), reported(lines)  # returns and inversions: the event's summary (issue 22 point 7)

def _end_player_turn(tables: AwawTables, ctx: Context, world: AwawWorld, who: str) -> tuple[AwawWorld, list[str]]:
    """21.4184B: the other side's submarines on patrol return at the end of this (their opposing) player turn."""
    subs = [u for u in world.units.values() if u.at_sea == "patrol" and u.category(tables) == "submarine"
            and tables.side_of(u.power) != who]
    new = replace(world, uninvert_allowance={})
    lines = []
    if subs:
        new = new.with_units([u.change(at_sea="", sea_hex="", inverted=True) for u in subs])
        lines.append(f"Submarine patrols back in port at the end of the opposing player turn: {ids(subs)} (21.4184B)")
    return new, reported(lines)

def _first_player(tables: AwawTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """The initiative: which side takes the first player turn."""
    world: AwawWorld = ctx.state.world
    if value not in tables.sides:
        raise RuleError(f"'{value}' is not a side ({', '.join(tables.sides)})")
    return Outcome(replace(world, first=value), f"{value} takes the first player turn")  # no side owns it (the
    # side with the initiative is not in chapter 21): either player answers it in a game by e-mail (issue 32)

def _overstack_done(tables: AwawTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """21.112: yes only once no base is over capacity."""
    world: AwawWorld = ctx.state.world
    over = B.overstacked(world, tables)
    if value.lower() in ("yes", "y") and over:
        raise RuleError("still over capacity: " + ", ".join(f"{b} by {n}" for b, n in over.items())
                        + "; eliminate excess units of the owner's choice (21.112)")
    return Outcome(world, "Overstacking remedied (21.112)" if not over else "Overstacking left for now (21.112)")

def _overstacked(tables: AwawTables, state: GameState, seg: Any) -> bool:
    """The ``overstacked`` condition: some base holds more than its capacity (21.112)."""
    return bool(B.overstacked(state.world, tables))

def _allowance(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """RULINGS A4: the naval factors a power may uninvert this turn, read from the oil rules (33.7)."""
    world: AwawWorld = ctx.state.world
    if len(args) != 2 or args[0].lower() not in tables.powers:
        raise RuleError(f"usage: allowance POWER N ({', '.join(tables.powers)}) (21.71, RULINGS A4)")
    power = args[0].lower()
    one_side([u for u in world.units.values() if u.power == power][:1], side(ctx), tables, "allowance")
    n = read_int(args[1], "naval factors that may uninvert", 0, 999)
    return Outcome(replace(world, uninvert_allowance={**world.uninvert_allowance, power: n}),
                   f"{power} may uninvert {n} naval factors this player turn (21.71, 33.7; RULINGS A4)")

def _uninvert(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.71 (RULINGS A4): uninvert units within each power's typed allowance."""
    world: AwawWorld = ctx.state.world
    units = world.units_named(args)
    one_side(units, side(ctx), tables, "uninvert")
    for u in units:
        if not u.inverted:
            raise RuleError(f"{u.id} is not inverted (21.71)")
        if u.at_sea or u.sunk:
            raise RuleError(f"{u.id} is {'sunk' if u.sunk else 'at sea'}: only units in port uninvert (21.71)")
    need: dict[str, int] = {}
    for u in units:
        need[u.power] = need.get(u.power, 0) + u.factors
    for power, n in need.items():
        if power not in world.uninvert_allowance:
            raise RuleError(f"type {power}'s uninversion allowance from 33.7 first: allowance {power} N (21.71, RULINGS A4)")
        if n > world.uninvert_allowance[power]:
            raise RuleError(f"{n} {power} naval factors exceed the {world.uninvert_allowance[power]} {power} may still "
                            "uninvert this player turn (21.71, RULINGS A4)")
    left = {**world.uninvert_allowance, **{p: world.uninvert_allowance[p] - n for p, n in need.items()}}
    new = replace(world.with_units([u.change(inverted=False) for u in units]), uninvert_allowance=left)
    rest = ", ".join(f"{p} {left[p]}" for p in need)
    return Outcome(new, f"Uninverted {ids(units)}; allowance left: {rest} (21.71, RULINGS A4)")


def build_turn(tables: AwawTables, side: Side) -> OpsParts:
    """Effects, answers, the ``overstacked`` condition, and the uninversion verbs, bound to the tables and the acting
    side."""
    verbs = [
        Verb("allowance", "allowance POWER N", "Type a power's naval uninversion allowance from the oil rules (33.7).",
             "21.71, RULINGS A4", partial(_allowance, tables, side), group="naval"),
        Verb("uninvert", "uninvert UNITS", "Uninvert inverted units in port, within each power's typed allowance.",
             "21.71, RULINGS A4", partial(_uninvert, tables, side), group="naval"),
    ]
    return OpsParts(
        {v.name: v for v in verbs},
        effects={"start-player-turn": partial(_start_player_turn, side), "note-control": _note_control,
                 "patrols-return": partial(_patrols_return, tables, side), "end-player-turn": partial(_end_player_turn, tables)},
        answers={"first-player": partial(_first_player, tables), "overstack-done": partial(_overstack_done, tables)},
        conditions={"overstacked": partial(_overstacked, tables)},
    )

