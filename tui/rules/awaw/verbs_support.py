"""Patrols supporting intercepted friendly forces (21.4182A-E, 21.4184D): ``support``.

A patrolling force that remains at sea (21.416L) counter-intercepts only by
supporting an intercepted friendly naval force (21.4182A, 22.163); a
submarine patrol may do so in the same manner (21.4184D). ``support
MISSION_ID UNITS`` names the intercepted mission of this player turn and the
patrolling units sent (part of a patrol may go, the rest stays: D):

- successful support: the units join the supported force and adopt its
  mission once naval combat is resolved (B): at sea with it, or employed
  with it when its units are not at sea; the mission record names them
  (``supported_by``).
  Raiders are the exception: a patrol supporting a raider group does not
  join it and stays on patrol;
- ``--failed``: the units did not reach the force before the end of naval
  combat; they return to their patrol hex and may not counter-intercept again
  in this phase (C).

Patrols, base changes and SW deployments are contemporaneous with patrols and
are not missions of the record, so they cannot be supported (E).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome, Verb
from .common import ids, one_side
from .employment import force_figures
from .ops_helpers import Env, mission_key, record, with_record
from .world import AwawWorld


def _phase(segment_key: str) -> str:
    """The phase a segment belongs to (``second-turn/combat``)."""
    return "/".join(segment_key.split("/")[:2])


def _verb(units: list) -> str:
    return "supports" if len(units) == 1 else "support"


def _split_check(sent: list, staying: list, env: Env) -> None:
    """21.313: a force may split during an operation only if each new force meets the escort ratio (21.4182D)."""
    per = env.tables.employment.fast_fleet_per_carrier.value
    for group, which in ((sent, "the units sent"), (staying, "the units staying on patrol")):
        figures = force_figures(group, env.tables)
        carriers, fleet = figures["carriers"].value, figures["fast_fleet"].value
        if carriers * per > fleet:
            raise RuleError(f"support: {which} ({ids(group)}) would have {carriers} fast carrier factors and {fleet} fast "
                            f"fleet factors, {carriers * per} needed: a patrolling force may divide (21.4182D) only if each "
                            "new force keeps one fast fleet factor per fast carrier factor (21.313)")


def _support(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.4182: patrolling units at sea support an intercepted friendly naval force of this player turn."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: support MISSION_ID UNITS [--failed] (21.4182)")
    rec = record(ctx, env)
    missions = rec["missions"]
    key = mission_key(rec, args[0])
    if key is None:
        known = ", ".join(missions) or "none this player turn"
        raise RuleError(f"support: no mission called '{args[0]}' ({known}); patrols, base changes and SW deployments are "
                        "contemporaneous with patrols and may not be supported (21.4182E)")
    m = missions[key]
    if m.get("result"):
        raise RuleError(f"support: {key} is already {m['result']}")
    units = world.units_named(args[1:])
    one_side(units, env.side(ctx), env.tables, "support")
    phase = _phase(ctx.segment.key)
    barred = dict(rec.get("support_barred", {}))
    for u in units:
        if u.at_sea != "patrol":
            raise RuleError(f"support: {u.id} is not on a patrol remaining at sea; only such patrols counter-intercept, by "
                            "supporting an intercepted friendly force (21.4182A, 21.416L)")
        if barred.get(u.id) == phase:
            raise RuleError(f"support: {u.id} failed to reach an intercepted force this phase and may not counter-intercept "
                            "again until a later phase (21.4182C)")
    hexes = {u.sea_hex for u in units}
    sent = {u.id for u in units}
    side = env.side(ctx)
    rest = [u for u in world.units.values() if u.at_sea == "patrol" and u.sea_hex in hexes and u.id not in sent
            and env.tables.side_of(u.power) == side]
    _split_check(units, rest, env)
    if opts.get("failed"):
        rec["support_barred"] = {**barred, **{u.id: phase for u in units}}
        return Outcome(with_record(world, rec), f"{ids(units)} did not reach {key} before the end of naval combat: back to "
                       f"the patrol hex {', '.join(sorted(hexes))}, no further counter-interception this phase (21.4182C)",
                       actor=env.side(ctx))
    mm = {**m, "supported_by": [*m.get("supported_by", []), *(u.id for u in units)]}
    rec["missions"] = {**missions, key: mm}
    if m.get("kind") == "raid":  # 21.4182B EXCEPTION: raiders
        return Outcome(with_record(world, rec), f"{ids(units)} {_verb(units)} {key} in its naval combat; a patrol does not "
                       "join a raider group: they stay on patrol (21.4182B exception)", actor=env.side(ctx))
    own = [world.units[i] for i in m.get("units", []) if i in world.units]
    at_sea = next((u for u in own if u.at_sea), None)
    if at_sea is not None:
        joined = [u.change(at_sea=at_sea.at_sea, sea_hex=at_sea.sea_hex) for u in units]
        where = f"at sea with it in {at_sea.sea_hex}"
    else:
        joined = [u.change(at_sea="", sea_hex="", inverted=True) for u in units]
        where = "employed with it, inverted"
    tail = f"; {', '.join(u.id for u in rest)} stay on patrol (21.4182D)" if rest else ""
    return Outcome(with_record(world.with_units(joined), rec),
                   f"{ids(units)} {_verb(units)} {key} and join{'s' if len(units) == 1 else ''} it, adopting its mission once "
                   f"naval combat is resolved: {where} (21.4182B){tail}", actor=env.side(ctx))


def build_support_verbs(env: Env) -> list[Verb]:
    """support, bound to the operations' tables and the acting side."""
    return [Verb("support", "support MISSION_ID UNITS [--failed]",
                 "Patrolling units at sea support an intercepted friendly force: they join it and adopt its mission (not a "
                 "raider group's); --failed: they did not reach it and may not counter-intercept again this phase.",
                 "21.4182, 21.4184D", partial(_support, env), group="operations", options=("failed",))]
