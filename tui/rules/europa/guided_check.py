"""The guided anti-shipping check (33.A, 33.D, 33.E) as a chain of prompts the screens ask as modals.

``check`` with parts missing raises the first prompt; each answer raises the
next: sea zone, side, cargo kind, REs of SPs/SRPs, route option, interdiction
zone, then the 2d6 contact roll and, on contact, the 1d6 result. The prompts
carry what was answered so far in their ``args``; the last answer records the
check like ``check`` does (once per item per zone per naval movement phase).
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
from .seaworld import CheckRecord
from .tables import PortTables
from .world import EuropaWorld
from .zones import resolve_zone, zone_exists

Start = Callable[[Context, str, str, str, str, str, list, bool], Outcome]
Answer = Callable[[Context, Pending, str], Outcome]


def _route_texts(table: Any) -> list[str]:
    texts = [f"{line.flag} = {line.text}" for line in table.lines if line.flag]
    if table.exempt_flag:
        texts.append(f"{table.exempt_flag} = {table.exempt_text} (not subject)")
    return texts


def build_guided(st: SeaTables, pt: PortTables, record: Callable[[Context, EuropaWorld, list[Any]], EuropaWorld]) -> tuple[Start, Answer]:
    """(start, answer effect) of the guided check; ``record`` stores finished checks in the world."""

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
        """The next prompt of a guided check (33.A): zone, side, cargo, REs, route, interdiction zone, dice."""
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
        if not args["iz"] and st.cargo_kinds[kind].column != "sp" and not st.sea_zones[args["zone"]].interdiction:
            return Pending(id=f"{pid}:iz", kind="choice", choices=X.IZ_KINDS, text="Where is it contacted: outside naval interdiction zones, in a loose or in a tight zone", **{**base, "rule": "33.E Table 6"})
        if "contact" not in args:
            return Pending(id=f"{pid}:contact", kind="roll", dice=st.anti_shipping_table.dice, choices=("roll",), text=f"Contact roll {st.anti_shipping_table.dice} on the ANTI-SHIPPING TABLE", **{**base, "rule": "33.D"})
        return Pending(id=f"{pid}:result", kind="roll", dice=st.shipping_results.die, choices=("roll",), text=f"CONTACT: {st.shipping_results.die} on the SHIPPING RESULTS TABLE", **{**base, "rule": "33.E"})

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
        elif stage == "iz":
            args["iz"] = value
        if args["zone"] and args["side"]:
            X.refuse_unchecked_zone(world, st, pt, args["zone"], args["side"], frozenset(args["flags"]))
        if stage not in ("contact", "result"):
            nxt = guided_next(ctx, world, args)
            return Outcome(world, f"{prompt.id}: {value} — next: {nxt.text}", raise_prompts=(nxt,))
        item = X.parse_item(st, args["cargo"], args["name"])
        iz = X.iz_kind(world, st, args["zone"], args["iz"])
        phase = X.phase_key(ctx.state.flow.turn, ctx.segment.key)
        flags = frozenset(args["flags"])
        if stage == "contact":
            before = X.previous_check(world.sea, phase, item.name, args["zone"])
            if before is not None and not args["force"]:
                raise RuleError(f"{item.name} was already checked in this zone this naval movement phase (33.A); start again with --force")
            nsn = X.final_nsn(world, st, pt, args["zone"], args["side"], item.kind, flags)
            roll = ctx.roll(st.anti_shipping_table.dice, f"33.D contact: {item.name}")
            hit = X.contact(st, roll.total, nsn.value)
            args.update(contact=roll.total, nsn=nsn.value)
            if hit.value:
                nxt = guided_next(ctx, world, args)
                return Outcome(world, f"{item.name}: NSN {nsn.value}, 2d6 {roll.total} — CONTACT (33.D)", raise_prompts=(nxt,), explanations=(nsn, hit))
            rec = CheckRecord(phase, item.name, args["zone"], args["side"], item.kind, item.res, iz, nsn.value, roll.total, False,
                              forced=args["force"], flags=tuple(sorted(flags)))
            return Outcome(record(ctx, world, [rec]), f"{item.name}: NSN {nsn.value}, 2d6 {roll.total} — not contacted (33.D)", explanations=(nsn, hit))
        roll = ctx.roll(st.shipping_results.die, f"33.E result: {item.name}")
        column = X.results_column(st, item.kind, iz)
        result = X.shipping_result(st, roll.total, column)
        words = X.plain_words(st, result.value, item)
        rec = CheckRecord(phase, item.name, args["zone"], args["side"], item.kind, item.res, iz, args["nsn"], args["contact"], True,
                          roll.total, result.value, args["force"], tuple(sorted(flags)))
        return Outcome(record(ctx, world, [rec]), f"{item.name}: 1d6 {roll.total} ({column}) = {result.value}: {words}", explanations=(result,))

    return guided_start, guided_answer
