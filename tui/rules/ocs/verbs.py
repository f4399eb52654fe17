"""OCS port and Sea Cap commands: what the referee types, checked and applied through ``ports`` and ``shipping``.

Each handler reads its arguments, calls the pure functions (which refuse
illegal changes with the rule number) and returns an :class:`Outcome` whose
summary says what changed. Board conditions the app cannot see (Move Mode, no
movement before or after shipping, units or engineers in the hex) are either
confirmed by an option on the command or asked as a yes/no prompt
(``ship-3``, ``reduce-4``, ``repair-5``) whose ``yes`` carries the command out.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.numbers import MOST, read_amount, read_int
from ..core.phases import Sequence, summarise_segments
from ..core.ruleset import Context, Handler, Outcome, Verb
from ..core.state import Pending
from . import ports as P
from . import shipping as S
from .amounts import LIMIT_SP, parse_amount
from .port_edit import port_command, side_of
from .tables import OcsTables
from .world import OcsWorld, points_to_tokens, take_port

SHIP_SYNTAX = "ship FROM TO [sp|unit|tp] AMOUNT [+ [sp|unit|tp] AMOUNT ...] [--unit] [--move-mode] [--no-move]"
"""One Sea Cap shipment: any combination of SP, combat units and Transport Points (19.0f D)."""

SHIP_KINDS = {"sp": "supply (SP)", "unit": "combat unit's Transport Equivalent", "tp": "Transport Points' Transport Equivalent"}
"""The words that name a part of a shipment (19.0f D); a part without one is SP."""

SHIP_CARGO = {"sp": "{}", "unit": "a combat unit of Transport Equivalent {}", "tp": "Transport Points of Transport Equivalent {}"}
"""How the log writes each part (19.0f D, 4.7)."""

Action = Callable[[Context, list[str], dict[str, Any], bool], Outcome]
"""A command that may need the referee's confirmation: (ctx, args, options, confirmed) -> outcome."""

ENGINE_OPTIONS = frozenset({"dice", "roll", "force"})
"""Options every command accepts (the engine's own)."""

TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}
REFEREE = "referee"
"""The actor of a change to the scenario's set-up (a game by e-mail has no referee, so it refuses it)."""


def flag(text: str, what: str) -> bool:
    """Read on/off, yes/no."""
    if text.lower() in TRUE:
        return True
    if text.lower() in FALSE:
        return False
    raise RuleError(f"{what} must be on or off, not '{text}'")


def _enemy(tables: OcsTables, side: str) -> str:
    """The other side."""
    return next((s for s in tables.sides if s != side), side)


def _owned(port: P.Port, side: str, what: str) -> None:
    """Refuse unless ``side`` holds the port (9.14h)."""
    if port.owner != side:
        raise RuleError(f"{port.name} is held by {port.owner}: {side or 'nobody'} cannot {what} there (ports change hands by capture, 9.14h)")


def _only_in_movement_phase(sequence: Sequence, ctx: Context, verb: str, what: str, rule: str) -> None:
    """19.0c, 19.0d, 19.0f B: legal only where the sequence lists the verb (the Movement Phase).

    The engine refuses the verb itself elsewhere; this check also covers a
    confirmation prompt answered after the phase moved on.
    """
    seg = ctx.segment
    if seg.commands is None or verb in seg.commands:
        return
    where = summarise_segments(sequence, [s for s in sequence.segments if s.commands is None or verb in s.commands])
    hint = f" It is legal in {where}." if where else ""
    raise RuleError(f"{what} is allowed during the Movement Phase only ({rule}); this is {seg.title}.{hint}")


def _ask(ctx: Context, verb: str, args: list[str], opts: dict[str, Any], question: str, rule: str, subject: str) -> Outcome:
    """Raise a yes/no prompt whose ``yes`` carries the command out (a board condition the app cannot see)."""
    world: OcsWorld = ctx.state.world
    serial = world.serial + 1
    pid = f"{verb}-{serial}"
    keep = {k: v for k, v in opts.items() if k not in ENGINE_OPTIONS}
    prompt = Pending(id=pid, text=question, kind="confirm", effect="confirm", required=True, rule=rule,
                     subject=subject, args={"verb": verb, "args": list(args), "options": keep},
                     raised=ctx.segment.key, expires="segment")
    return Outcome(replace(world, serial=serial), f"{pid}: {question} — answer {pid} yes|no", raise_prompts=(prompt,))


def _amount(tables: OcsTables, rest: list[str], what: str) -> int:
    """Read an amount of cargo in Tokens (``3 SP 2T``, ``2SP``, ``1T``, ``1.5``)."""
    if not rest:
        raise RuleError(f"{what}? e.g. 3 SP 2T, 2SP, 1T or 1.5")
    return parse_amount(" ".join(rest), tables.per_sp, what)


def _use(kind: str, done: str, tables: OcsTables, acting: Callable[[Context], str], ctx: Context, args: list[str],
         opts: dict[str, Any]) -> Outcome:
    """``load``, ``unload``, ``arrive PORT AMOUNT [--unit]``: cargo through the port, sharing its capacity (19.0a)."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    tokens = _amount(tables, rest, "the cargo")
    side = acting(ctx)
    _owned(port, side, kind)
    unit = bool(opts.get("unit"))
    new, big = P.charge(port, tokens, unit, tables)
    cargo = f"a combat unit of Transport Equivalent {P.fmt(tokens, tables)}" if unit else P.fmt(tokens, tables)
    summary = f"{port.name}: {cargo} {done}; {P.fmt(new.used, tables)} used, {P.fmt(P.left_tokens(new, tables), tables)} left this phase (19.0a)"
    details = (f"oversize unit: it takes the whole {P.fmt(new.used, tables)} capacity, and nothing else may load or "
               "unload here this phase (19.0a)",) if big else ()
    return Outcome(world.with_port(new), summary, details, (P.capacity_left(new, tables),), actor=side)


def _hit(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``hit PORT [N]``: hits from the Barrage vs. Facility Table (19.0b; RULINGS O1)."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    if len(rest) > 1:
        raise RuleError(f"too many arguments: {' '.join(rest)} (usage: hit PORT [N])")
    n = read_int(rest[0], "hits (19.0b)", 1, MOST) if rest else 1
    new, added = P.inflict_hits(port, n, tables)
    cap = P.capacity(new, tables)
    details = (f"{n - added} hit(s) beyond the most a port can accumulate ({tables.damage.max_hits.value}) have no "
               "effect (19.0b; RULINGS O1)",) if added < n else ()
    summary = f"{port.name}: {added} hit(s) from the Barrage vs. Facility Table, {new.hits} in all; capacity {cap.value} (19.0b)"
    return Outcome(world.with_port(new), summary, details, (cap,), actor=_enemy(tables, port.owner))


def _reduce(tables: OcsTables, sequence: Sequence, acting: Callable[[Context], str], ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
    """``reduce PORT [--units|--engineers]``: voluntary reduction (19.0c; RULINGS O2)."""
    _only_in_movement_phase(sequence, ctx, "reduce", "Voluntary reduction", "19.0c; RULINGS O2")
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)} (usage: reduce PORT [--units|--engineers])")
    side = acting(ctx)
    _owned(port, side, "reduce the port")
    new = P.voluntary_reduction(port, tables)
    min_re = tables.voluntary_reduction.min_re.value
    units = f"at least {min_re} RE of combat units in Combat Mode that do not move"
    by = "engineers (13.8d)" if opts.get("engineers") else units if opts.get("units") else ""
    if not (by or confirmed):
        return _ask(ctx, "reduce", args, opts, f"Voluntary reduction of {port.name}: are {units} this phase, or "
                   "engineers (13.8d), in the port hex?", "19.0c", port.name)
    cap = P.capacity(new, tables)
    summary = (f"{port.name}: 1 hit by voluntary reduction ({by or 'confirmed'}), {new.hits} in all; capacity "
               f"{cap.value}; no more this turn (19.0c; RULINGS O2)")
    return Outcome(world.with_port(new), summary, (), (cap,), actor=side)


def _repair(tables: OcsTables, sequence: Sequence, acting: Callable[[Context], str], ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
    """``repair PORT [--engineer]``: one hit repaired by an engineer (19.0d; RULINGS O2)."""
    _only_in_movement_phase(sequence, ctx, "repair", "Port repair", "19.0d; RULINGS O2")
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)} (usage: repair PORT [--engineer])")
    side = acting(ctx)
    _owned(port, side, "repair the port")
    new = P.repair(port, tables)
    cost = P.fmt(tables.tokens(tables.repair.cost_per_hit), tables)
    if not (opts.get("engineer") or confirmed):
        return _ask(ctx, "repair", args, opts, f"Repair of {port.name}: does an Engineer-Capable unit do the work "
                   f"(13.8d), and is {cost} paid?", "19.0d", port.name)
    cap = P.capacity(new, tables)
    summary = (f"{port.name}: 1 hit repaired by an Engineer-Capable unit at a cost of {cost} (pay it from your "
               f"supply), {new.hits} left; capacity {cap.value}; no more this turn (19.0d; RULINGS O2)")
    return Outcome(world.with_port(new), summary, (f"cost: {cost} ({tables.repair.cost_per_hit.rule})",), (cap,), actor=side)


def _shipment(tables: OcsTables, rest: list[str], unit_flag: bool) -> list[tuple[str, int]]:
    """The parts of one shipment, ``AMOUNT`` or ``[sp|unit|tp] AMOUNT`` joined by ``+`` (19.0f D), as (kind, Tokens)."""
    texts = [t.strip() for t in " ".join(rest).split("+")]
    if not texts or any(not t for t in texts):
        raise RuleError(f"usage: {SHIP_SYNTAX} (19.0f D)")
    parts = []
    for text in texts:
        first, _, more = text.partition(" ")
        kind = first.lower() if first.lower() in SHIP_KINDS else ""
        parts.append((kind, _amount(tables, more.split() if kind else text.split(), f"the {SHIP_KINDS.get(kind, 'cargo')}")))
    if unit_flag:
        if len(parts) > 1 or parts[0][0]:
            raise RuleError("--unit marks a single AMOUNT as one combat unit; in a mixed shipment write each "
                            "combat unit as 'unit AMOUNT' (19.0f D)")
        parts = [("unit", parts[0][1])]
    return [(kind or "sp", tokens) for kind, tokens in parts]


def _ship(tables: OcsTables, sequence: Sequence, acting: Callable[[Context], str], ctx: Context, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
    """``ship FROM TO ...``: one Sea Cap shipment (19.0f, 19.0f D)."""
    _only_in_movement_phase(sequence, ctx, "ship", "Sea Cap", "19.0f B")
    world: OcsWorld = ctx.state.world
    start, rest = take_port(world, args)
    if not rest:
        raise RuleError(f"usage: {SHIP_SYNTAX} (19.0f)")
    end, rest = take_port(world, rest)
    if not rest:
        raise RuleError(f"the cargo? usage: {SHIP_SYNTAX} (19.0f)")
    parts = _shipment(tables, rest, bool(opts.get("unit")))
    side = acting(ctx)
    new, lines = S.ship_mixed(world, side, start.name, end.name, [(t, k == "unit") for k, t in parts], tables)
    units = any(k == "unit" for k, _ in parts)
    missing = [text for key, text in (("move-mode", "in Move Mode (19.0f A)"),
                                      ("no-move", "not moving before or after it is shipped this phase (19.0f C)"))
               if not opts.get(key)]
    total = sum(t for _, t in parts)
    if units and missing and not confirmed:
        who = "the unit" if sum(k == "unit" for k, _ in parts) == 1 else "each combat unit"
        return _ask(ctx, "ship", args, opts, f"Sea Cap {start.name} → {end.name} ({P.fmt(total, tables)}): is {who} "
                   f"{' and '.join(missing)}?", "19.0f A, C", start.name)
    cargo = " + ".join(SHIP_CARGO[k].format(P.fmt(t, tables)) for k, t in parts)
    whole = f", {P.fmt(total, tables)} in all" if len(parts) > 1 else ""
    rule = "19.0f D" if len(parts) > 1 else "19.0f"
    summary = f"Sea Cap: {cargo} shipped {start.name} → {end.name}{whole}; both ports charged ({rule})"
    figures = (P.capacity_left(new.ports[start.name], tables), P.capacity_left(new.ports[end.name], tables),
               S.allowance_left(new, side, tables))
    return Outcome(new, summary, tuple(lines), figures, actor=side)


def _zoc(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``zoc PORT [on|off]``: the port in an enemy ZOC, shut down (19.0a)."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    on = flag(rest[0], "enemy ZOC") if len(rest) == 1 else not port.enemy_zoc if not rest else None
    if on is None:
        raise RuleError("usage: zoc PORT [on|off] (19.0a)")
    new = P.set_enemy_zoc(port, on)
    if on:
        summary = f"{port.name}: in an enemy ZOC — shut down, capacity 0 for loading, unloading and Sea Cap (19.0a)"
    else:
        summary = f"{port.name}: the enemy ZOC is gone — capacity {P.capacity(new, tables).value} again at once (19.0a)"
    return Outcome(world.with_port(new), summary, (), (P.capacity(new, tables), P.supply_source(new, tables)), actor=port.owner)


def _negate(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``negate PORT [on|off]``: the enemy ZOC negated for trace supply (19.0a, 4.5a)."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    on = flag(rest[0], "negation") if len(rest) == 1 else not port.zoc_negated if not rest else None
    if on is None:
        raise RuleError("usage: negate PORT [on|off] (19.0a, 4.5a)")
    new = P.set_zoc_negated(port, on)
    supply = P.supply_capacity(new, tables)
    if on:
        summary = (f"{port.name}: enemy ZOC negated for trace supply — supply capacity {supply.value}; still shut "
                   "down for loading, unloading and Sea Cap (19.0a, 4.5a)")
    else:
        summary = f"{port.name}: enemy ZOC no longer negated — shut down for trace supply too (19.0a)"
    return Outcome(world.with_port(new), summary, (), (supply, P.supply_source(new, tables)), actor=port.owner)


def _sea_blocked(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """19.0a Play Note: enemy units or ZOC between the port and the sea do not stop it: recorded, nothing changes."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)} (usage: sea-blocked PORT)")
    cap = P.capacity(port, tables)
    summary = (f"{port.name}: enemy combat units or ZOC block the hexes between it and the sea — the port continues "
               f"to function, capacity {cap.value} (19.0a Play Note; only its own hex in an enemy ZOC shuts it down)")
    return Outcome(world, summary, (), (cap, P.supply_source(port, tables)), actor=port.owner)


def _capture(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``capture PORT SIDE``: the port changes hands (9.14h)."""
    world: OcsWorld = ctx.state.world
    port, rest = take_port(world, args)
    if len(rest) != 1:
        raise RuleError(f"usage: capture PORT {'|'.join(tables.sides)} (9.14h)")
    side = side_of(rest[0], tables)
    if side == port.owner:
        raise RuleError(f"{port.name} is already held by {side}")
    return Outcome(world.with_port(replace(port, owner=side)), f"{port.name} captured by {side} (9.14h)", actor=side)


def _allowance(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``allowance SIDE POINTS``: a side's Shipping Allowance (19.0f)."""
    world: OcsWorld = ctx.state.world
    if len(args) != 2:
        raise RuleError(f"usage: allowance {'|'.join(tables.sides)} POINTS (19.0f)")
    side = side_of(args[0], tables)
    value = read_amount(args[1], "the Shipping Allowance (points, 19.0f)", 0, LIMIT_SP)
    tokens = points_to_tokens(int(value) if value == int(value) else value, tables)
    new = replace(world, allowance={**world.allowance, side: tokens})
    return Outcome(new, f"{side} Shipping Allowance: {S.points(tokens, tables)} point(s) a turn, {P.fmt(tokens, tables)} of cargo (19.0f)",
                   (), (S.allowance_left(new, side, tables),), actor=REFEREE)


def _setup(tables: OcsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``port add|edit|remove NAME ...`` (19.0a, 19.0b, 19.0e)."""
    world, summary = port_command(ctx.state.world, args, tables)
    return Outcome(world, summary, actor=REFEREE)


def _now(action: Action, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Run a command that may need confirming, not yet confirmed (it asks when a board condition is not given)."""
    return action(ctx, args, opts, False)


def build_verbs(tables: OcsTables, sequence: Sequence, acting: Callable[[Context], str]) -> tuple[dict[str, Verb], dict[str, Action]]:
    """The OCS verbs, and the actions a ``confirm`` answer may carry out: the handlers bound to the tables, the
    sequence and the acting side."""
    actions: dict[str, Action] = {name: partial(fn, tables, sequence, acting) for name, fn in
                                  (("ship", _ship), ("reduce", _reduce), ("repair", _repair))}
    movement_only = "Movement Phase only"
    verbs = [
        Verb("load", "load PORT AMOUNT [--unit]", "Load cargo (SP and Tokens: 3 SP 2T, 2SP, 1T, 1.5) or, with --unit, one combat unit by its Transport Equivalent; loading and unloading share the capacity each phase. A unit larger than the whole capacity may use it all if nothing else does.", "19.0a", partial(_use, "load", "loaded", tables, acting), group="ports", options=("unit",)),
        Verb("unload", "unload PORT AMOUNT [--unit]", "Unload cargo or, with --unit, one combat unit by its Transport Equivalent; shares the phase's capacity with loading.", "19.0a", partial(_use, "unload", "unloaded", tables, acting), group="ports", options=("unit",)),
        Verb("arrive", "arrive PORT AMOUNT [--unit]", "Units or supplies coming into the port without an ALT roll; they count against its capacity this phase.", "19.0a, 18.5g", partial(_use, "land cargo", "arrived without an ALT roll (18.5g)", tables, acting), group="ports", options=("unit",)),
        Verb("ship", SHIP_SYNTAX, f"Sea Cap: ship cargo port to port, charging both ports and the side's allowance; {movement_only}. One shipment may combine SP, combat units and Transport Points, joined by + (e.g. ship Alexandria Tobruk 1 SP + unit 2 SP + tp 1 SP): one command, one log entry, all or nothing; 'unit AMOUNT' (or --unit on a single AMOUNT) is one combat unit by its Transport Equivalent, 'tp AMOUNT' Transport Points by theirs. A unit must be in Move Mode and not move before or after: confirm with --move-mode --no-move or answer the prompt.", "19.0f", partial(_now, actions["ship"]), group="shipping", options=("unit", "move-mode", "no-move")),
        Verb("hit", "hit PORT [N]", "Inflict N hits from the Barrage vs. Facility Table (default 1); each takes 1/4 of the undamaged capacity (or the port's own Damage Track); never more than 4.", "19.0b; RULINGS O1", partial(_hit, tables), group="ports"),
        Verb("reduce", "reduce PORT [--units|--engineers]", f"Voluntary reduction: 1 hit, at most one a turn per port; {movement_only}. Confirm 1 RE of non-moving Combat Mode units (--units) or engineers (--engineers), or answer the prompt.", "19.0c; RULINGS O2", partial(_now, actions["reduce"]), group="ports", options=("units", "engineers")),
        Verb("repair", "repair PORT [--engineer]", f"Repair 1 hit with an Engineer-Capable unit at a cost of 1 SP; at most one hit per port a turn; {movement_only}. Confirm with --engineer or answer the prompt.", "19.0d; RULINGS O2", partial(_now, actions["repair"]), group="ports", options=("engineer",)),
        Verb("zoc", "zoc PORT [on|off]", "The port is (on) or is no longer (off) in an enemy ZOC: shut down, capacity 0; it recovers at once when the ZOC goes.", "19.0a", partial(_zoc, tables), anytime=True, group="ports"),
        Verb("sea-blocked", "sea-blocked PORT", "Record that enemy combat units or ZOC block the hexes between the port and the sea: it continues to function (unless a game-specific rule says otherwise); only an enemy ZOC in its own hex shuts it down.", "19.0a Play Note", partial(_sea_blocked, tables), anytime=True, group="ports"),
        Verb("negate", "negate PORT [on|off]", "The enemy ZOC on the port is negated for trace supply only (never for Sea Cap or loading).", "19.0a, 4.5a", partial(_negate, tables), anytime=True, group="ports"),
        Verb("capture", "capture PORT SIDE", "The port changes hands.", "9.14h", partial(_capture, tables), anytime=True, group="ports"),
        Verb("allowance", "allowance SIDE POINTS", "Set a side's Shipping Allowance per turn (each point moves 1 SP).", "19.0f", partial(_allowance, tables), anytime=True, group="set-up"),
        Verb("port", "port add|edit|remove NAME [key=value ...]", "Add a port (NAME owner=SIDE capacity=\"3 SP 2T\" [hex=] [supply=yes] [track=3SP,2SP,1SP,2T,0]), edit its fields (also hits=N), or remove it.", "19.0a, 19.0b, 19.0e", partial(_setup, tables), anytime=True, group="set-up"),
    ]
    return {v.name: _checked(v) for v in verbs}, actions



def _checked(verb: Verb) -> Verb:
    """The verb with its handler refusing options it does not know (a typo is not silently ignored)."""
    handler = verb.handler
    if handler is None:  # pragma: no cover - every OCS verb has one
        return verb
    return replace(verb, handler=partial(_guarded, verb, handler))


def _guarded(verb: Verb, handler: Handler, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Refuse an option ``verb`` does not know, then run ``handler``."""
    unknown = sorted(set(opts) - set(verb.options) - ENGINE_OPTIONS)
    if unknown:
        known = ", ".join(f"--{o}" for o in verb.options) or "none"
        raise RuleError(f"'{verb.name}' has no option --{unknown[0]} (its options: {known})")
    return handler(ctx, args, opts)


def answer_confirm(actions: dict[str, Action]) -> Callable[[Context, Pending, str], Outcome]:
    """The ``confirm`` answer: ``yes`` carries out the command that raised the prompt (checked again), ``no`` drops it."""
    return partial(_answer, actions)


def _answer(actions: dict[str, Action], ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Carry out (``yes``) or drop the command a ``confirm`` prompt holds."""
    world: OcsWorld = ctx.state.world
    if value != "yes":
        return Outcome(world, f"{prompt.id}: not confirmed — nothing done ({prompt.rule})")
    action = actions.get(str(prompt.args.get("verb")))
    if action is None:
        raise RuleError(f"{prompt.id}: nothing to confirm")
    outcome = action(ctx, list(prompt.args.get("args", [])), dict(prompt.args.get("options", {})), True)
    return replace(outcome, summary=f"{prompt.id}: confirmed — {outcome.summary}")
