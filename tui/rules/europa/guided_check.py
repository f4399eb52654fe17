"""The guided anti-shipping check (33.A, 33.D, 33.E) as a chain of prompts the screens ask as modals.

``check`` with parts missing raises the first prompt; each answer raises the
next: sea zone, side, cargo kind, REs of SPs/SRPs, route option, then the
roll (the SHIPPING RESULTS TABLE column follows the zone: a declared
interdiction zone's kind, else outside). The prompts carry what was answered so far in their
``args``; the roll runs the check exactly as ``check`` does (SPs/SRPs in 3 RE
increments, one record each; once per item per zone per naval movement
phase), stage by stage: each contact 2d6 and, only on contact, its 1d6 result
take their own dice (typed faces in order, asked one stage at a time).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..core.errors import RuleError
from ..core.explain import fmt_number
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from . import antishipping as X
from .seatables import SeaTables
from .tables import PortTables
from .world import EuropaWorld
from .zones import resolve_zone, zone_exists

Start = Callable[[Context, str, str, str, str, str, list, bool], Outcome]
Answer = Callable[[Context, Pending, str], Outcome]
RunItems = Callable[..., Outcome]
"""(ctx, world, zone, side, items, flags, iz, force) -> the checks' outcome, as ``check`` runs them."""


def _route_texts(table: Any) -> list[str]:
    texts = [f"{line.flag} = {line.text}" for line in table.lines if line.flag]
    if table.exempt_flag:
        texts.append(f"{table.exempt_flag} = {table.exempt_text} (not subject)")
    return texts


def build_guided(st: SeaTables, pt: PortTables, run_items: RunItems) -> tuple[Start, Answer]:
    """(start, answer effect) of the guided check; ``run_items`` rolls and records the checks like ``check``."""

    def guided_start(ctx: Context, zid: str, side: str, cargo: str, name: str, iz: str, flags: list[str], force: bool) -> Outcome:
        """Start a guided check with what the command gave; ask the rest."""
        world: EuropaWorld = ctx.state.world
        n = world.sea.serial + 1
        world = replace(world, sea=replace(world.sea, serial=n))
        args = {"id": f"check-{n}", "zone": zid, "side": side, "cargo": cargo, "name": name or f"#{n}",
                "iz": iz, "flags": flags, "force": force}
        prompt = guided_next(ctx, world, args)
        return Outcome(world, f"Anti-shipping check {args['id']}: {prompt.text}", raise_prompts=(prompt,))

    def guided_next(ctx: Context, world: EuropaWorld, args: dict[str, Any]) -> Pending:
        """The next prompt of a guided check (33.A): zone, side, cargo, REs, route, then the roll."""
        pid = args["id"]
        base = dict(effect="guided-check", raised=ctx.segment.key, rule="33.A", args=args)
        if not args["zone"]:
            names = [z.name for zid, z in st.sea_zones.items() if not z.exists_when or zone_exists(world, st, pt, zid)]
            return Pending(id=f"{pid}:zone", kind="choice", choices=tuple(names), text="Sea zone of the check", **{**base, "rule": "33.B"})
        if not args["side"]:
            return Pending(id=f"{pid}:side", kind="choice", choices=("axis", "allied"), text="Whose shipping is checked", **base)
        if not args["cargo"]:
            return Pending(id=f"{pid}:cargo", kind="choice", choices=tuple(st.cargo_kinds), text="Cargo item: " + "; ".join(f"{k} = {c.name}" for k, c in st.cargo_kinds.items()), **base)
        kind = args["cargo"].partition(":")[0].partition("@")[0]
        if st.cargo_kinds[kind].increment and ":" not in args["cargo"]:
            return Pending(id=f"{pid}:res", kind="number", min=0.5, max=99, text=f"REs of {st.cargo_kinds[kind].name} (checked in {fmt_number(st.cargo_kinds[kind].increment)} RE increments)", **{**base, "rule": "33.E Table 6 (*)"})
        table = st.sea_zones[args["zone"]].side(args["side"])
        route = sorted({line.flag for line in table.lines if line.flag} | ({table.exempt_flag} if table.exempt_flag else set()))
        if route and "route" not in args:
            return Pending(id=f"{pid}:route", kind="choice", choices=("none", *route), text=f"Route: {'; '.join(_route_texts(table))}", **base)
        item = X.parse_item(st, args["cargo"], args["name"])
        parts = X.increments(st, item)
        nsn = X.final_nsn(world, st, pt, args["zone"], args["side"], item.kind, frozenset(args["flags"]))
        stages = (f"{len(parts)} checks of {', '.join(fmt_number(p.res) for p in parts)} REs (33.E Table 6 *), each " if len(parts) > 1
                  else "")
        return Pending(id=f"{pid}:roll", kind="roll", dice=st.anti_shipping_table.dice, choices=("roll",),
                       text=f"{stages}contact {st.anti_shipping_table.dice}, then on contact {st.shipping_results.die}: "
                            f"{X.contact_detail(st, nsn) if nsn.value is not None else 'barred'}",
                       **{**base, "rule": "33.D, 33.E"})

    def guided_answer(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Take one answer of a guided check; raise the next prompt, or roll and record (33.A, 33.D, 33.E)."""
        world: EuropaWorld = ctx.state.world
        args = dict(prompt.args)
        stage = prompt.id.rpartition(":")[2]
        if stage == "zone":
            args["zone"] = resolve_zone(st, value)
        elif stage == "side":
            args["side"] = value
        elif stage == "cargo":
            args["cargo"] = value
        elif stage == "res":
            args["cargo"] = f"{args['cargo']}:{value}"
        elif stage == "route":
            args["route"] = value
            args["flags"] = sorted(set(args["flags"]) | ({value} if value != "none" else set()))
        if args["zone"] and args["side"]:
            X.refuse_unchecked_zone(world, st, pt, args["zone"], args["side"], frozenset(args["flags"]))
        if stage != "roll":
            nxt = guided_next(ctx, world, args)
            return Outcome(world, f"{prompt.id}: {value} — next: {nxt.text}", raise_prompts=(nxt,))
        item = X.parse_item(st, args["cargo"], args["name"])
        return run_items(ctx, world, args["zone"], args["side"], [item], frozenset(args["flags"]), args["iz"], bool(args["force"]))

    return guided_start, guided_answer
