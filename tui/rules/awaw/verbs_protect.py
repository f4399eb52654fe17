"""Protection of naval activities (21.424, 21.35B, 21.65F, G; 21.15E, 21.18B): ``protect``.

Naval units may accompany a sea supply, an oil shipment, a BRP grant by sea
or a sea escort to protect it (21.424, 21.65F). ``protect ID --by A,B``
names the mission (``supply-N`` from ``sea-supply``, ``escort-N`` from
``ship-oil``, ``grant-brp`` or ``escort``) and the protecting units:

- units on the board are employed like the escorting destroyers and under
  their basing and movement restrictions (21.65F): based at the port of
  embarkation or reaching it on the initial leg (``--reach N``, 21.65A);
- units based in the SW box holding the mission's transports protect it
  without being employed (21.65G, 25.36), each only one sea escort;
- sea supply protection is assigned to a single TF (21.35B);
- units of the Atlantic U.S., Pacific U.S. and South Africa boxes protect
  only sea supply and NRs traced from their box onto the mapboard (21.14E,
  21.15E, 21.18B); for sea supply the referee says so with ``--from BOX``;
- before the U.S. is at war with Germany (the referee says it is with
  ``--us-war``), American units of the Atlantic U.S. box protect nothing and
  those of the Atlantic SW box no sea supply or sea escort to Britain (21.14E).

The mission record keeps them (``protect``, ``protect_sw``) for the views
and the interception that may follow.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from .common import ids, words_list
from .employment import employ
from .escort import check_initial_leg
from .ops_helpers import Env, force, mission_key, record, with_record
from .world import AwawWorld

US, BRITAIN = "usa", "britain"
"""The powers 21.14E names (the United States; sea supply or sea escort to Britain)."""


def protected_kinds() -> dict[str, str]:
    """The mission kinds protection applies to, as the messages name them (21.424, 21.65F)."""
    return {"supply": "sea supply", "escort": "sea escort"}


def _mission(ctx: Context, env: Env, mid: str) -> dict[str, Any]:
    rec = record(ctx, env)
    missions = rec["missions"]
    key = mission_key(rec, mid)
    if key is None or missions[key].get("kind") not in protected_kinds():
        known = ", ".join(k for k, m in missions.items() if m.get("kind") in protected_kinds()) or "none this player turn"
        raise RuleError(f"protect: no sea supply, oil shipment, BRP grant or sea escort called '{mid}' ({known}) "
                        "(21.424, 21.65F)")
    if missions[key].get("result"):
        raise RuleError(f"protect: {key} is already {missions[key]['result']}")
    return {"id": key, **missions[key]}


def _protected_elsewhere(ctx: Context, env: Env, uid: str) -> str:
    """The mission ``uid`` already protects this player turn, "" if none (21.65G)."""
    for mid, m in record(ctx, env)["missions"].items():
        if uid in m.get("protect", []) or uid in m.get("protect_sw", []):
            return mid
    return ""


def _combinable(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """21.65I: oil shipments and BRP grants by sea (initial supply, so contemporaneous) to the same destination may be
    combined for mutual protection; sea escorts of units are carried out separately."""
    def shipment(m: dict[str, Any]) -> bool:
        return m.get("kind") == "escort" and not m.get("cargo") and bool(m.get("oil") or m.get("brps"))
    return shipment(a) and shipment(b) and bool(a.get("to")) and a.get("to") == b.get("to")


def _combined(ctx: Context, env: Env, m: dict[str, Any], opts: dict[str, Any]) -> Outcome | None:
    """21.65I: the ``--by`` units all protect a shipment to the same destination already: they protect this one too,
    with nothing employed again (one protection, combined); None when that is not the case."""
    world: AwawWorld = ctx.state.world
    words = words_list(opts, "by")
    units = world.units_named(words) if words else []
    rec = record(ctx, env)
    others = [_protected_elsewhere(ctx, env, u.id) for u in units]
    if not units or not all(others) or not all(_combinable(rec["missions"][o], m) for o in others) \
            or any(u.id in m.get("units", []) for u in units) or m["id"] in others:
        return None
    mm = rec["missions"][m["id"]]
    for u, o in zip(units, others):
        key = "protect_sw" if u.id in rec["missions"][o].get("protect_sw", []) else "protect"
        mm = {**mm, key: [*mm.get(key, []), u.id]}
    rec["missions"] = {**rec["missions"], m["id"]: mm}
    verb = "protects" if len(units) == 1 else "protect"
    with_ = ", ".join(sorted(set(others)))
    return Outcome(with_record(world, rec), f"{m['id']}: {ids(units)} {verb} the {protected_kinds()[m['kind']]} combined "
                   f"with {with_}, to the same destination ({m['to']}), for mutual protection (21.65I)", (), (),
                   actor=env.side(ctx))


def _check_us_war(env: Env, world: AwawWorld, m: dict[str, Any], units: list, at_war: bool) -> None:
    """21.14E: American units of the Atlantic boxes before the U.S. is at war with Germany."""
    spec = env.ops.supply.us_war_protection
    if at_war:
        return
    for u in units:
        if u.power != US or u.base not in spec.value:
            continue
        if world.bases[u.base].kind != "sw-box":
            raise RuleError(f"protect: American naval units in the {u.base} box protect only once the U.S. is at war with "
                            f"Germany; say so with --us-war ({spec.rule})")
        to_britain = m.get("power") == BRITAIN if m["kind"] == "supply" else (
            m.get("to") in world.bases and world.bases[m["to"]].control == BRITAIN)
        if to_britain:
            raise RuleError(f"protect: before the U.S. is at war with Germany, American naval units in the {u.base} box may "
                            f"not protect sea supply or sea escort to Britain; if it is, say so with --us-war ({spec.rule})")


def _from_sw_box(env: Env, world: AwawWorld, m: dict[str, Any], box: str, what: str) -> None:
    """21.65G: units in an SW box protect only a mission by transports in that box."""
    boxes = {world.units[i].base for i in m.get("units", []) if i in world.units
             and world.units[i].category(env.tables) == "transport"}
    if box not in boxes:
        held = ", ".join(sorted(boxes)) or f"none: {m['id']} uses no transports"
        raise RuleError(f"protect: units in the {box} box protect only a {what} by transports in that box "
                        f"({held}) (21.65G)")


def _on_board(env: Env, world: AwawWorld, m: dict[str, Any], f: Any, bases: set, opts: dict[str, Any]) -> list:
    """21.15E, 21.18B, 21.35B, 21.65F: the checks of protecting units on the board; the initial leg's figure, if any."""
    ops = env.ops
    for b in bases:  # 21.15E, 21.18B: these boxes protect only what is traced from them
        if b.name in ops.supply.protect_only_from_box.value:
            traced = m.get("from") if m["kind"] == "escort" else words_list(opts, "from")
            names = [traced] if isinstance(traced, str) else traced
            if b.name.lower() not in {n.lower() for n in names} or (m["kind"] == "supply" and not m.get("box_lines")):
                raise RuleError(f"protect: naval units in the {b.name} box protect only sea supply and NRs traced from "
                                f"the {b.name} box onto the mapboard ({ops.supply.protect_only_from_box.rule})"
                                + ("; say so with --from BOX" if m["kind"] == "supply" else ""))
    if m["kind"] == "supply":  # 21.35B: a single TF
        tfs = {u.tf for u in f.units}
        if m.get("protect") or len(tfs) > 1:
            raise RuleError("protect: sea supply protection is assigned to a single TF (21.35B)"
                            + (f"; {m['id']} is protected by {', '.join(m['protect'])}" if m.get("protect") else ""))
        return []
    # 21.65F: the escorting destroyers' restrictions: at the port of embarkation or reach it (21.65A)
    away = [u for u in f.units if u.base != m.get("from")]
    if away and m.get("from") in world.bases:
        if opts.get("reach") in (None, True):
            raise RuleError(f"protect: {ids(away)} are not based at {m['from']}; type the hexes by water from "
                            "their base to it with --reach N (21.65F, 21.65A, RULINGS A1)")
        theater = world.bases[m["from"]].theater
        return [check_initial_leg(read_int(opts["reach"], "hexes to the embarkation hex", 0, 999), theater, ops)]
    return []


def _protect(env: Env, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.424, 21.65F, G: naval units protect a sea supply, oil shipment, BRP grant or sea escort."""
    world: AwawWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: protect MISSION_ID --by A,B [--reach N] [--from BOX] [--us-war] (21.424, 21.65F, G)")
    m = _mission(ctx, env, args[0])
    what = protected_kinds()[m["kind"]]
    combined = _combined(ctx, env, m, opts)
    if combined is not None:
        return combined
    f = force(ctx, opts, env, f"protection of {m['id']}")
    for u in f.units:
        if u.id in m.get("units", []):
            raise RuleError(f"protect: {u.id} carries out {m['id']} itself; protection comes from other naval units (21.65F)")
        other = _protected_elsewhere(ctx, env, u.id)
        if other:
            raise RuleError(f"protect: {u.id} already protects {other} (21.65G: which units protect which sea escort)")
    _check_us_war(env, world, m, f.units, bool(opts.get("us-war")))
    bases = {world.bases[u.base] for u in f.units}
    in_sw = [b for b in bases if b.kind == "sw-box"]
    if in_sw and len(bases) > 1:
        raise RuleError("protect: units in an SW box protect the transports' sea escort from that box; name them apart "
                        "from units on the board (21.65F, G)")
    if in_sw:  # 21.65G: the SW box holding the mission's transports; not employed (25.36)
        _from_sw_box(env, world, m, in_sw[0].name, what)
        key, rule, figures = "protect_sw", "21.65G", []
        new = world
    else:
        figures = _on_board(env, world, m, f, bases, opts)
        key, rule = "protect", "21.65F"
        new = world.with_units(employ(f.units, world))
    rec = record(ctx, env)
    mm = rec["missions"][m["id"]]
    rec["missions"] = {**rec["missions"], m["id"]: {**mm, key: [*mm.get(key, []), *(u.id for u in f.units)]}}
    how = "without being employed (25.36)" if in_sw else "employed and inverted like the escort"
    verb = "protects" if len(f.units) == 1 else "protect"
    rules = f"{'21.35B, ' if m['kind'] == 'supply' else ''}{rule}, 21.424"
    summary = f"{m['id']}: {ids(f.units)} {verb} the {what} {how} ({rules})"
    return Outcome(with_record(new, rec), summary, (), tuple(figures), actor=env.side(ctx))


def build_protect_verbs(env: Env) -> list[Verb]:
    """protect (its handler a module-level function bound to ``env``)."""
    return [Verb("protect", "protect MISSION_ID --by A,B [--reach N] [--from BOX] [--us-war]",
                 "Protect a sea supply, oil shipment, BRP grant or sea escort with other naval units: on the board like the "
                 "escorting destroyers, or from the SW box holding its transports.", "21.424, 21.65F, G", partial(_protect, env),
                 group="operations", options=("by", "reach", "from", "us-war"))]
