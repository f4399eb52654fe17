"""Base changes, displacement, returns, naval redeployment and overstacking (seed 004, 21.112, 21.22x, 21.23x, 21.33).

``rebase`` changes base in the movement phase (21.221-21.225): within 40/20
hexes (typed, RULINGS A1), to a base the side held at the start of the
movement phase, with room (21.112), inverted exactly as 21.224 says.
``rebase-failed`` sends defeated units back inverted, even overstacked
(21.222, 21.112). ``displace`` moves units out of a base the enemy occupies
(21.23 A-G, 21.233). ``return`` brings units at sea home (21.33). ``nr``
redeploys naval units in the redeployment phase (21.32, 21.3612), and
``eliminate`` removes excess units of the owner's choice (21.112). A
redeployment between a U.S. box and the mapboard must end in or pass one of
the box's listed ports (21.214E): a typed route that passes none is refused,
an untyped one is asked (``nr-N``).
"""


from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import basing as B
from .bases import Base
from .basing_routes import NO_PORT, BoxRoute, box_route, check_box_routes, friendly, inverts_on_base_change, us_box_route
from .common import Side, distance, ids, one_side, words_list
from .ops_helpers import floor_checks
from .parts import OpsParts
from .ranges import check_range, indian_ocean_note, read_legs
from .straits import check_route
from .tables import AwawTables
from .units import NavalUnit
from .verbs_displace import DISPLACE_CHOICES, FAILED_NR, _displace, _displace_step, _eliminate, _nr_failed, _rebase_failed, _return
from .world import AwawWorld

__all__ = ["DISPLACE_CHOICES", "FAILED_NR", "NO_PORT", "PASSES", "BoxRoute", "box_route", "build_basing_verbs",
           "check_box_routes", "inverts_on_base_change", "us_box_route"]


PASSES = "passes"
"""The option an answered 21.214E question re-runs ``nr`` with: the listed port the redeployment passes."""


def _route(tables: AwawTables, ctx: Context, opts: dict[str, Any], who: str) -> list[Explained]:
    """The straits (and rivers, ``--river``) the typed route passes, checked for side ``who`` (21.25x)."""
    return check_route(ctx.state.world, words_list(opts, "straits"), who, tables, rivers=bool(opts.get("river")))

def _movers(tables: AwawTables, world: AwawWorld, words: list[str], who: str, what: str) -> tuple[list[NavalUnit], Base]:
    """The units named in ``words``, all of side ``who`` and from one base, and that base."""
    units = world.units_named(words)
    one_side(units, who, tables, what)
    bases = {u.base for u in units}
    if len(bases) != 1:
        raise RuleError(f"{what}: units from one base at a time; these are at {', '.join(sorted(bases))}")
    return units, world.bases[bases.pop()]


def _rebase(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.221-21.225: change base in the movement phase."""
    world: AwawWorld = ctx.state.world
    who = side(ctx)
    dest, rest = world.take_base(args)
    units, origin = _movers(tables, world, rest, who, "rebase")
    for u in units:
        if u.sunk or u.repair or u.at_sea or u.unusable:
            raise RuleError(f"rebase: {u.id} is {u.state_words} and cannot change base (21.221)")
        if u.base_changed:
            raise RuleError(f"rebase: {u.id} has already changed base this movement phase (21.32)")
        if u.acted:
            raise RuleError(f"rebase: {u.id} has carried out an activity this player turn; a base change comes first (21.32, 21.414B)")
    if dest.name == origin.name:
        raise RuleError(f"rebase: the units are already at {dest.name} (21.321)")
    if dest.kind != "sw-box" and not friendly(dest, who, tables, at_start=True):  # SW boxes: 25.31
        raise RuleError(f"rebase: {dest.name} was held by {dest.control_at_start or 'nobody'} at the start of the movement "
                        f"phase; the new base must have been controlled by the {who} side then (21.223)")
    check_box_routes(origin, dest, tables)
    n = distance(opts, "rebase", "21.223")
    checks = [check_range("base-change", origin.theater, n, tables, ports=words_list(opts, "ports"))]
    checks += floor_checks(world, n, [origin.name, *words_list(opts, "ports")], dest.name, "rebase")
    checks += _route(tables, ctx, opts, who)
    B.check_room(world, dest, units, tables, "rebase")
    why = inverts_on_base_change(origin, dest)
    moved = [u.change(base=dest.name, base_changed=True, inverted=u.inverted or bool(why), note=f"from {origin.name}")
             for u in units]
    new = world.with_units(moved)
    inv = f"; inverted: {why}" if why else "; not inverted (21.224)"
    return Outcome(new, f"{ids(units)} changed base {origin.name} → {dest.name}, {n} hexes{inv}",
                   indian_ocean_note(origin.name, dest.name, tables), explanations=(*checks, B.room_left(new, dest, tables)))


def _nr(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.32, 21.3612: naval units redeploy in the redeployment phase; a port touched every 20/10 hexes; 21.214E: to or
    from a U.S. box only through the ports the box lists (asked when no port is typed)."""
    world: AwawWorld = ctx.state.world
    who = side(ctx)
    dest, rest = world.take_base(args)
    units, origin = _movers(tables, world, rest, who, "nr")
    ports = words_list(opts, "ports")
    need = box_route(origin, dest, world, tables)
    passes = str(opts.get(PASSES) or "")
    if need is not None and passes and not need.met_by(world.base(passes)):
        raise RuleError(f"nr: {passes} is not {need.described} (21.214E)")
    if need is not None and not passes and not need.met_by(need.board):
        if ports:
            refusal = us_box_route(origin, dest, ports, world, tables)
            if refusal:
                raise RuleError(refusal[0])
        else:  # the route is the referee's (RULINGS A1): ask which listed port it passes
            return _ask_route(tables, ctx, args, opts, units, origin, dest, need, who)
    for u in units:
        if u.sunk or u.repair or u.at_sea:
            raise RuleError(f"nr: {u.id} is {u.state_words} (21.32)")
        if u.note == FAILED_NR:
            raise RuleError(f"nr: {u.id} overstacks {u.base} after a failed NR: there is no opportunity to remedy it; "
                            "the excess is eliminated (21.112)")
    if not friendly(dest, who, tables, at_start=True):
        raise RuleError(f"nr: {dest.name} is not controlled by the {who} side (21.3612)")
    n = distance(opts, "nr", "21.3612")
    legs = read_legs(str(opts["legs"])) if opts.get("legs") else None
    checks = [check_range("escort", origin.theater, n, tables, legs=legs, ports=words_list(opts, "ports"))]
    checks += floor_checks(world, n, [origin.name, *words_list(opts, "ports")], dest.name, "nr")
    checks += _route(tables, ctx, opts, who)
    B.check_room(world, dest, [u for u in units if not u.unusable or u.base != dest.name], tables, "nr")
    why = inverts_on_base_change(origin, dest)
    new = world.with_units([u.change(base=dest.name, unusable=False, inverted=u.inverted or bool(why)) for u in units])
    through = f"; through {passes}, {need.described} (21.214E)" if need is not None and passes else ""
    return Outcome(new, f"{ids(units)} redeployed {origin.name} → {dest.name}, {n} hexes (21.32, 21.3612)"
                        + (f"; inverted: {why}" if why else "") + through,
                   indian_ocean_note(origin.name, dest.name, tables), explanations=tuple(checks))

def _ask_route(tables: AwawTables, ctx: Context, args: list[str], opts: dict[str, Any], units: list[NavalUnit], origin: Base,
               dest: Base, need: BoxRoute, who: str) -> Outcome:
    """21.214E: which of the box's listed ports (held by the redeploying side) the redeployment passes; none: it is
    not carried out. The other checks are made when the answer carries it out."""
    world: AwawWorld = ctx.state.world
    choices = sorted(b.name for b in world.bases.values() if need.met_by(b) and tables.side_of(b.control) == who)
    world, serial = world.next_serial()
    pid = f"nr-{serial}"
    what = need.described
    one = what.startswith("a ") and " or " not in what
    which = f"which {what[2:]}" if one else "which port"
    must = "one" if one else what
    question = (f"{ids(units)}, {origin.name}{' box' if origin.is_box else ''} → {dest.name}{' box' if dest.is_box else ''}: "
                f"{which} does the redeployment pass through? It must terminate in or pass through {must} (21.214E)")
    keep = {k: v for k, v in opts.items() if k not in ("dice", "roll", "force")}
    prompt = Pending(id=pid, text=question, kind="choice", effect="nr-route", choices=(*choices, NO_PORT), required=True,
                     rule="21.214E", subject=dest.name, args={"args": list(args), "options": keep, "units": ids(units),
                                                               "box": need.box.name, "board": need.board.name,
                                                               "what": what},
                     raised=ctx.segment.key)
    return Outcome(world, f"{pid}: {question} — answer {pid} PORT or '{NO_PORT}'", raise_prompts=(prompt,), actor=who)

def _nr_route(tables: AwawTables, side: Side, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """21.214E: the port the redeployment passes (it is carried out, checked again) or none (it is not)."""
    a = prompt.args
    if value == NO_PORT:
        what = str(a["what"])
        none = f"no {what[2:]}" if what.startswith("a ") and " or " not in what else f"none of {what}"
        return Outcome(ctx.state.world, f"{prompt.id}: {a['units']} passes {none} between the {a['box']} box and "
                       f"{a['board']}: the redeployment is not carried out (21.214E, 28.75)")
    outcome = _nr(tables, side, ctx, list(a["args"]), {**a["options"], PASSES: value})
    return replace(outcome, summary=f"{prompt.id}: {value} passed — {outcome.summary}")


def build_basing_verbs(tables: AwawTables, side: Side) -> OpsParts:
    """The basing verbs, bound to the tables and the acting side (their bodies are the module-level functions here and
    in ``verbs_displace``)."""

    verbs = [
        Verb("rebase", "rebase BASE UNITS --distance N [--straits B,G] [--ports P,..]",
             "Change base in the movement phase: within 40/20 hexes, to a base held at the phase's start, with room.",
             "21.22, 21.223, 21.224", partial(_rebase, tables, side), group="naval", options=("distance", "straits", "ports", "river")),
        Verb("rebase-failed", "rebase-failed UNITS",
             "Units intercepted and defeated while changing base go back to their original base, inverted.",
             "21.222", partial(_rebase_failed, tables, side), group="naval"),
        Verb("displace", "displace FROM TO|none [UNITS] --distance N [--front F]",
             "Displace naval units from a base the enemy occupies to the nearest controlled port with room.",
             "21.23, 21.233", partial(_displace, tables, side), anytime=True, group="naval", options=("distance", "front")),
        Verb("return", "return UNITS [--to BASE|origin --distance N] [--only]",
             "Units at sea return to their base of origin, or to another friendly base within 20/10 hexes; not to a base an "
             "enemy invasion targets in the combat phase unless it is the only one (--only); from an SW box, to the SW box.",
             "21.33, 21.4183", partial(_return, tables), group="naval", options=("to", "distance", "only")),
        Verb("nr", "nr BASE UNITS --distance N [--legs A,B,..] [--straits ..] [--ports ..]",
             "Naval redeployment of naval units (a port touched every 20/10 hexes; to or from a U.S. box through a port "
             "21.214E lists, asked when no port is typed).", "21.32, 21.3612, 21.214E", partial(_nr, tables, side),
             group="naval", options=("distance", "legs", "straits", "ports", "river")),
        Verb("nr-failed", "nr-failed UNITS --to ORIGIN", "An NR intercepted and failed: back to the base of origin, "
             "inverted; an overstack that causes may not be remedied (eliminate the excess).", "21.112", partial(_nr_failed, tables, side),
             group="naval", options=("to",)),
        Verb("eliminate", "eliminate UNITS", "Eliminate excess units of the owner's choice at an overstacked base.",
             "21.112", partial(_eliminate, tables), group="naval"),
    ]
    return OpsParts({v.name: v for v in verbs}, answers={"displace-step": partial(_displace_step, tables),
                                                 "nr-route": partial(_nr_route, tables, side)})
