"""The guided anti-shipping check (33.A, 33.D, 33.E): what ``check`` asks when parts are missing.

``check`` with parts missing (or ``--guided``, as the Sea Zones mode's key
sends it with the selected zone and side) asks for them one at a time,
before anything happens: each question is a :class:`NeedAnswer` the screens
ask as a modal, and the answer goes into the command, which is run again.
Cargo kind first, then the REs of SPs/SRPs, the sea zone, the side, the
route option, and last the roll (the contact row shown before it is rolled;
the app rolls, or the referee types the physical dice). The answers end in
one complete command (``check central-med axis sp:7 --roll``): one event in
the log, with its dice, that replays to the same state (issue 12). The check
itself runs exactly as a typed ``check`` (SPs/SRPs in 3 RE increments, one
record each; once per item per zone per naval movement phase), stage by
stage: each contact 2d6 and, only on contact, its 1d6 result take their own
dice (typed faces in order, asked one stage at a time).

Logs written before then hold the older form, a chain of pending prompts
(``answer check-1:zone ...``, one event each): :func:`guided_start` and :func:`guided_answer` keep it,
so those saves replay and their open prompts can still be answered.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import NeedAnswer
from ..core.explain import fmt_number
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from . import antishipping as X
from .seatables import SeaTables
from .tables import PortTables
from .world import EuropaWorld
from .zones import SIDE_NAMES, resolve_zone, zone_exists

RunItems = Callable[..., Outcome]
"""(ctx, world, zone, side, items, flags, iz, force) -> the checks' outcome, as ``check`` runs them."""


def _route_texts(table: Any) -> list[str]:
    texts = [f"{line.flag} = {line.text}" for line in table.lines if line.flag]
    if table.exempt_flag:
        texts.append(f"{table.exempt_flag} = {table.exempt_text} (not subject)")
    return texts


TITLE = "Anti-shipping check"
"""The title of the guided check's questions."""
FLAG_OPTIONS = frozenset({"guided", "route", "res"})
"""Options of ``check`` that steer the guided check (not per-check route flags)."""


def with_res(cargo: str, res: str) -> str:
    """``sp`` + ``7`` -> ``sp:7`` (a name stays last: ``sp:7@convoy``)."""
    body, at, name = cargo.partition("@")
    return f"{body.partition(':')[0]}:{res}{at}{name}"


def _need(usage: str, zid: str, side: str, cargo: str, route: str, flags: list[str], known: dict[str, Any], prompt: Pending,
          into: str, args: tuple[str, ...] = (), options: dict[str, Any] | None = None) -> None:
    """Raise the :class:`NeedAnswer` of one question (``options``: the command's options once answered; by default
    what was given so far)."""
    given = options if options is not None else {
        "guided": True, **({"sea-zone": zid} if zid else {}), **({"side": side} if side else {}),
        **({"cargo": cargo} if cargo else {}), **({"route": route} if route else {}), **{f: True for f in flags}, **known}
    raise NeedAnswer(f"the check asks: {prompt.text} [{prompt.rule}] — the app asks it; or type the whole "
                     f"command: {usage}", prompt, args, given, into)


def ask(st: SeaTables, pt: PortTables, usage: str, ctx: Context, zid: str, side: str, cargo: str, route: str,
    opts: dict[str, Any], dice_given: bool) -> None:
    """The questions of the guided check, asked before anything happens (issue 12): None when nothing is left to ask."""
    world: EuropaWorld = ctx.state.world
    route_flag = route if route and route != "none" else ""
    flags = sorted(k for k, v in opts.items() if v is True and k not in FLAG_OPTIONS and k not in X.IZ_KINDS
                   and k not in ("force", "roll"))
    known: dict[str, Any] = {k: True for k in X.IZ_KINDS if opts.get(k)}
    for key in ("name",):
        if opts.get(key):
            known[key] = opts[key]
    if opts.get("force"):
        known["force"] = True

    title = f"{TITLE}: {st.sea_zones[zid].name}, {SIDE_NAMES[side]} shipping" if zid and side else TITLE
    base = dict(kind="choice", rule="33.A", subject=title)
    if not cargo:
        _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:cargo", text="Cargo item: " + "; ".join(f"{k} = {c.name}" for k, c in st.cargo_kinds.items()),
                     choices=tuple(st.cargo_kinds), **base), "cargo")
    item = X.parse_item(st, cargo, "#")
    kind = st.cargo_kinds[item.kind]
    if kind.increment and ":" not in cargo.partition("@")[0]:
        _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:res", kind="number", min=0.5, max=99, rule="33.E Table 6 (*)", subject=title,
                     text=f"REs of {kind.name} (checked in {fmt_number(kind.increment)} RE increments)"), "res")
    if not zid:
        names = tuple(spec.name for z, spec in st.sea_zones.items() if not spec.exists_when or zone_exists(world, st, pt, z))
        _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:zone", text="Sea zone of the check", choices=names, **{**base, "rule": "33.B"}), "sea-zone")
    if not side:
        _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:side", text="Whose shipping is checked", choices=("axis", "allied"), **base), "side")
    chosen = frozenset(flags) | ({route_flag} if route_flag else frozenset())
    X.refuse_unchecked_zone(world, st, pt, zid, side, chosen)
    table = st.sea_zones[zid].side(side)
    offered = sorted({line.flag for line in table.lines if line.flag} | ({table.exempt_flag} if table.exempt_flag else set()))
    if offered and not route and not (set(flags) & set(offered)):
        _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:route", text=f"Route: {'; '.join(_route_texts(table))}", choices=("none", *offered), **base), "route")
    if dice_given:
        return
    parts = X.increments(st, item)
    nsn = X.final_nsn(world, st, pt, zid, side, item.kind, chosen)
    stages = (f"{len(parts)} checks of {', '.join(fmt_number(p.res) for p in parts)} REs (33.E Table 6 *), each "
              if len(parts) > 1 else "")
    final = {**{f: True for f in sorted(chosen)}, **known}
    _need(usage, zid, side, cargo, route, flags, known, Pending(id="check:roll", kind="roll", dice=st.anti_shipping_table.dice, choices=("roll",), rule="33.D, 33.E",
                 subject=f"{TITLE}: the roll",
                 text=f"{st.sea_zones[zid].name}, {SIDE_NAMES[side]} shipping, {cargo}"
                      f"{''.join(f' --{f}' for f in sorted(chosen))}: {stages}contact "
                      f"{st.anti_shipping_table.dice}, then on contact {st.shipping_results.die}: "
                      f"{X.contact_detail(st, nsn) if nsn.value is not None else 'barred'}"),
         "roll", (zid, side, cargo), final)


def guided_start(st: SeaTables, pt: PortTables, ctx: Context, zid: str, side: str, cargo: str, name: str, iz: str, flags: list[str], force: bool) -> Outcome:
    """Start a guided check with what the command gave; ask the rest."""
    world: EuropaWorld = ctx.state.world
    n = world.sea.serial + 1
    world = replace(world, sea=replace(world.sea, serial=n))
    args = {"id": f"check-{n}", "zone": zid, "side": side, "cargo": cargo, "name": name or f"#{n}",
            "iz": iz, "flags": flags, "force": force}
    prompt = guided_next(st, pt, ctx, world, args)
    return Outcome(world, f"Anti-shipping check {args['id']}: {prompt.text}", raise_prompts=(prompt,))


def guided_next(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, args: dict[str, Any]) -> Pending:
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


def guided_answer(st: SeaTables, pt: PortTables, run_items: RunItems, ctx: Context, prompt: Pending, value: str) -> Outcome:
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
        nxt = guided_next(st, pt, ctx, world, args)
        return Outcome(world, f"{prompt.id}: {value} — next: {nxt.text}", raise_prompts=(nxt,))
    item = X.parse_item(st, args["cargo"], args["name"])
    return run_items(ctx, world, args["zone"], args["side"], [item], frozenset(args["flags"]), args["iz"], bool(args["force"]))
