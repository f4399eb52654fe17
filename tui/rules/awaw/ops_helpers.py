"""What the operations verbs (21.42-21.6) share: places from bases, the chosen force, the per-turn record, prompts.

The operations keep their own plain data in ``AwawWorld.ops`` (saved as it
is): the player turn it belongs to, the units sea transported and the
missions announced this player turn (invasions, raids, escorts), so later
commands can check 21.435G, 21.437D, 21.521 and 21.66 against them. A
record of another player turn is treated as empty.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import msgspec
from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from .bases import Base
from .common import Side, distance, one_side, words_list
from .employment import check_force
from .hexes import check_floor, targeted_entered
from .ops_tables import OpsTables
from .ranges import check_range, exception_use, read_legs
from .straits import check_route
from .tables import AwawTables
from .transport import Cargo, Place, parse_cargo
from .units import NavalUnit
from .world import AwawWorld

ENGINE_OPTIONS = frozenset({"dice", "roll", "force"})
"""Options every command accepts (the engine's own)."""

Action = Callable[[Context, list[str], dict[str, Any], bool], Outcome]
"""A command that may need the referee's confirmation: (ctx, args, options, confirmed) -> outcome."""


class Env(msgspec.Struct, frozen=True):
    """What every operations verb is closed over: both tables and the acting side."""

    tables: AwawTables
    ops: OpsTables
    side: Side


def place(base: Base) -> Place:
    """A base as the operations calculators see it."""
    return Place(base.name, base.is_box, tuple(base.fronts), base.theater)


def held_at_start(base: Base, side: str, env: Env) -> bool:
    """Did ``side`` control ``base`` at the start of the current phase (the player turn's first phase for the movement phase)?"""
    return env.tables.side_of(base.control_at_start or base.control) == side


def power_of(words: list[str], env: Env) -> tuple[str, list[str]]:
    """Read a power from the front of ``words``."""
    if not words:
        raise RuleError(f"which power? ({', '.join(env.tables.powers)})")
    power = words[0].lower()
    if power not in env.tables.powers:
        raise RuleError(f"no power called '{words[0]}' ({', '.join(env.tables.powers)})")
    return power, words[1:]


class Force(msgspec.Struct, frozen=True):
    """The naval units a command uses, with the factors chapter 21 counts."""

    units: list[NavalUnit]
    destroyers: int
    transports: int
    figures: dict[str, Any]

    @property
    def warships(self) -> list[NavalUnit]:
        """The units that are not transports (they are employed and inverted)."""
        return [u for u in self.units if u.type != "transport"]

    def of(self, category: str, env: Env) -> list[NavalUnit]:
        """The units of one category."""
        return [u for u in self.units if u.category(env.tables) == category]


def force(ctx: Context, opts: dict[str, Any], env: Env, activity: str, *, required: bool = True) -> Force:
    """The units of ``--by``, checked for ``activity`` (21.31-21.314, the acting side)."""
    words = words_list(opts, "by")
    if not words:
        if required:
            raise RuleError(f"{activity}: which naval units? --by A,B,C")
        return Force([], 0, 0, {})
    world: AwawWorld = ctx.state.world
    units = world.units_named(words)
    one_side(units, env.side(ctx), env.tables, activity)
    figures = check_force(units, world, env.tables, activity)
    return Force(units, figures["destroyers"].value, figures["transports"].value, figures)


def cargo_of(opts: dict[str, Any]) -> tuple[Cargo, ...]:
    """The ``--cargo`` units (``NAME:FACTORS[:KIND][:partial|:oil|:ctl=N|:no-mech]``, commas between)."""
    text = opts.get("cargo")
    if text in (None, "", True):
        raise RuleError("which cargo? --cargo \"NAME:FACTORS[:KIND], ...\" (e.g. \"50 Inf:3, 7 Arm:4:armor\")")
    return parse_cargo(str(text))


def route_checks(ctx: Context, opts: dict[str, Any], env: Env, kind: str, theater: str, what: str, rule: str, *,
                 froms: list[str] | None = None, dest: str = "") -> list:
    """The typed distance checked for ``kind`` (RULINGS A1) and, where the places carry hexes, against the map
    (``froms``: bases or hexes the route leaves or passes, ``dest`` its end; proposed A28), and the straits named on the
    way (21.211)."""
    n = distance(opts, what, rule)
    legs = read_legs(str(opts["legs"])) if opts.get("legs") not in (None, True) else None
    exception = str(opts.get("exception") or "")
    checks = [check_range(kind, theater, n, env.tables, legs=legs, ports=words_list(opts, "ports"), exception=exception)]
    by = words_list(opts, "by") if exception else []
    used = exception_use(exception, ctx.state.world.units_named(by) if by else [], ctx.state.world, env.tables)
    checks += [used] if used is not None else []
    if dest:
        checks += floor_checks(ctx.state.world, n, [*(froms or []), *words_list(opts, "ports")], dest, what)
    checks += check_route(ctx.state.world, words_list(opts, "straits"), env.side(ctx), env.tables)
    return checks


def floor_checks(world: AwawWorld, typed: int, froms: list[str], dest: str, what: str) -> list:
    """Refuse a typed distance shorter than the hexes on the map from a place of the route to its end, both on one map
    (21.36A, proposed A28); the check explained, or nothing when the places carry no hexes."""
    end = _spot(world, dest)
    places = [_spot(world, f) for f in froms]
    theater = end[2] or next((p[2] for p in places if p[2]), "")
    usable = [(p[0], p[1]) for p in places if not (p[2] and theater) or p[2] == theater]
    check = check_floor(typed, usable, (end[0], end[1]), what)
    return [check] if check is not None else []


def _spot(world: AwawWorld, name: str) -> tuple[str, str, str]:
    """A place of a route as 21.36A measures it: (name, hex, theater) of a base, else the hex typed and no theater."""
    b = world.base_at(name)
    return (b.name, b.hex, b.theater) if b is not None else (name.upper(), name, "")


def place_key(world: AwawWorld, name: str) -> str:
    """A place as 21.321 compares it: a base's name whether typed by name or hex (RULINGS A6), else the hex typed."""
    b = world.base_at(name)
    return b.name if b is not None else name.strip().upper()


def entered_places(world: AwawWorld, opts: dict[str, Any], units: list[NavalUnit], starts: list[str], dest: str) -> list[str]:
    """The places a mission's naval units enter (21.321): the bases of embarkation they are not all based at, the ports
    touched on the way (``--ports``) and the destination, last."""
    own = {u.base for u in units}
    moved = [s for s in starts if own != {world.base_at(s).name if world.base_at(s) else s}]
    return list(dict.fromkeys(place_key(world, p) for p in [*moved, *words_list(opts, "ports"), dest]))


def route_record(entered: list[str], opts: dict[str, Any]) -> dict[str, Any]:
    """What a mission's record keeps of its route for 21.321: the places it enters, and a typed ``--no-alternate``."""
    return {"entered": entered, **({"no_alternate": True} if opts.get("no-alternate") else {})}


TARGETS = {"transport": "to", "invasion": "hex"}
"""The missions whose destination is a hex targeted for sea transport or invasion (21.321), and where it is kept."""


def targeted_checks(ctx: Context, env: Env, opts: dict[str, Any], kind: str, entered: list[str], what: str, *,
                    targets: bool) -> list:
    """21.321: the naval units of a new mission (``entered``, its destination last) may enter only one hex targeted for
    ``kind`` (``transport`` in the movement phase, ``invasion`` in the combat phase) this phase; a mission that
    ``targets`` its destination also may not make an earlier mission's units, which pass through it, enter a second
    one. Unless no alternate route is available (``--no-alternate``)."""
    world: AwawWorld = ctx.state.world
    key = TARGETS[kind]
    same = [(mid, m) for mid, m in record(ctx, env)["missions"].items() if m.get("kind") == kind]
    targeted = {place_key(world, str(m.get(key) or "")) for _, m in same}
    no_alternate = bool(opts.get("no-alternate"))
    if targets and entered:
        new = entered[-1]
        targeted.add(new)
        for mid, m in same:
            own = place_key(world, str(m.get(key) or ""))
            if new != own and new in m.get("entered", []) and not (no_alternate or m.get("no_alternate")):
                raise RuleError(f"{what}: {mid}'s naval units pass through {new} on their way to {own}; targeting {new} too "
                                "would have them enter two hexes targeted for sea transport or invasion in one phase "
                                "(21.321); if no alternate route is available, add --no-alternate")
    check = targeted_entered(entered, targeted, what, no_alternate)
    return [check] if check is not None else []


# --- the per-turn record -------------------------------------------------------


def turn_key(ctx: Context, env: Env) -> str:
    """The player turn a record belongs to: game turn and acting side."""
    return f"{ctx.state.flow.turn}:{env.side(ctx)}"


def record_for(ctx: Context, side: Side) -> dict[str, Any]:
    """This player turn's operations record (empty if the saved one is of another turn), for the acting side ``side``."""
    world: AwawWorld = ctx.state.world
    ops = world.ops
    key = f"{ctx.state.flow.turn}:{side(ctx)}"
    if ops.get("turn") != key:
        return {"turn": key, "transported": [], "missions": {}}
    return {**ops, "transported": list(ops.get("transported", [])), "missions": dict(ops.get("missions", {}))}


def record(ctx: Context, env: Env) -> dict[str, Any]:
    """This player turn's operations record (empty if the saved one is of another turn)."""
    return record_for(ctx, env.side)


def barred(ctx: Context, env: Env) -> list[str]:
    """Destinations no transports may serve for the rest of this player turn (21.315), lower case.

    Proposed ruling A11: the app keeps no supply zones, so the "destination supply zone" is read as the aborted
    activity's destination base; the bar lasts until the operations record of the next player turn replaces it.
    """
    return [b.lower() for b in record(ctx, env).get("barred", [])]


def check_not_barred(ctx: Context, env: Env, dest: str, transports: list[NavalUnit], what: str) -> None:
    """21.315: after an aborted activity with transports, none may be used for operations to its destination."""
    if transports and dest and dest.lower() in barred(ctx, env):
        raise RuleError(f"{what}: a naval activity with transports to {dest} was aborted this player turn; no transports may "
                        f"be used for naval operations relating to {dest}'s supply zone for the rest of the player turn "
                        f"({ids_of(transports)}) (21.315)")


def ids_of(units: list[NavalUnit]) -> str:
    return ", ".join(u.id for u in units)


def bar(rec: dict[str, Any], dest: str) -> dict[str, Any]:
    """The record with ``dest`` barred to transports for the rest of the player turn (21.315)."""
    return {**rec, "barred": list(dict.fromkeys([*rec.get("barred", []), dest]))}


def with_record(world: AwawWorld, rec: dict[str, Any]) -> AwawWorld:
    """The world with a new operations record."""
    return replace(world, ops=rec)


def transported(ctx: Context, env: Env) -> set[str]:
    """Lower-case names of units sea transported this player turn (21.435G, 21.437D)."""
    return {n.lower() for n in record(ctx, env)["transported"]}


ANNOUNCED = "announced-as"
"""The option a confirmed command is re-run with: the id of the prompt that announced it (``invade-3``)."""


def mission_key(rec: dict[str, Any], name: str) -> str | None:
    """The key of a mission of the record named ``name``, any case, or by the id an earlier version gave it (an alias:
    ``invasion-4`` for the ``invasion-3`` announced as ``invade-3``); None if there is none."""
    missions, wanted = rec.get("missions", {}), name.strip().lower()
    key = next((k for k in missions if k.lower() == wanted), None)
    if key is None:
        key = next((v for k, v in rec.get("aliases", {}).items() if k.lower() == wanted and v in missions), None)
    return key


def announced_id(kind: str, serial: int, opts: dict[str, Any]) -> tuple[str, str]:
    """One id per operation from the moment it is announced: a command confirmed through its prompt (``invade-3``)
    names its mission by the prompt's number (``invasion-3``); returns the id and the alias the serial drawn now gives
    it (``invasion-4``, the id an earlier version used, so that its logs still resolve), "" if the same."""
    prompt = str(opts.get(ANNOUNCED) or "")
    number = prompt.rpartition("-")[2]
    if not number.isdigit():
        return f"{kind}-{serial}", ""
    return f"{kind}-{number}", f"{kind}-{serial}"


def with_alias(rec: dict[str, Any], alias: str, key: str) -> dict[str, Any]:
    """The record with ``alias`` resolving to the mission ``key`` (nothing when there is no alias)."""
    return {**rec, "aliases": {**rec.get("aliases", {}), alias: key}} if alias else rec


def mission(ctx: Context, env: Env, mid: str, kind: str) -> dict[str, Any]:
    """An announced mission of this player turn by id (``invasion-3``) or its alias."""
    rec = record(ctx, env)
    missions = rec["missions"]
    key = mission_key(rec, mid)
    if key is None or missions[key].get("kind") != kind:
        known = ", ".join(k for k, m in missions.items() if m.get("kind") == kind) or "none this player turn"
        raise RuleError(f"no {kind} called '{mid}' ({known})")
    return {"id": key, **missions[key]}


# --- prompts the referee answers -------------------------------------------------


def ask(ctx: Context, verb: str, args: list[str], opts: dict[str, Any], question: str, rule: str, subject: str) -> Outcome:
    """Raise a yes/no prompt whose ``yes`` carries the command out (a board condition the app cannot see)."""
    world: AwawWorld = ctx.state.world
    world, serial = world.next_serial()
    pid = f"{verb}-{serial}"
    keep = {k: v for k, v in opts.items() if k not in ENGINE_OPTIONS}
    prompt = Pending(id=pid, text=question, kind="confirm", effect="ops-confirm", required=True, rule=rule,
                     subject=subject, args={"verb": verb, "args": list(args), "options": keep},
                     raised=ctx.segment.key, expires="segment")
    return Outcome(world, f"{pid}: {question} — answer {pid} yes|no", raise_prompts=(prompt,))


def answer_confirm(actions: dict[str, Action]) -> Callable[[Context, Pending, str], Outcome]:
    """The ``ops-confirm`` answer: ``yes`` carries out the command that raised the prompt (checked again), ``no`` drops it."""
    return partial(_answer_confirm, actions)


def _answer_confirm(actions: dict[str, Action], ctx: Context, prompt: Pending, value: str) -> Outcome:
    """One answer of an ``ops-confirm`` prompt (see :func:`answer_confirm`)."""
    world: AwawWorld = ctx.state.world
    if value != "yes":
        return Outcome(world, f"{prompt.id}: not confirmed — nothing done ({prompt.rule})")
    action = actions.get(str(prompt.args.get("verb")))
    if action is None:
        raise RuleError(f"{prompt.id}: nothing to confirm")
    outcome = action(ctx, list(prompt.args.get("args", [])), {**prompt.args.get("options", {}), ANNOUNCED: prompt.id},
                     True)
    return replace(outcome, summary=f"{prompt.id}: confirmed — {outcome.summary}")


# --- islands without port access (21.37) ------------------------------------------------------------------------


def ends(ctx: Context, env: Env, opts: dict[str, Any], starts_text: str, end_words: list[str], what: str
         ) -> tuple[list[Base], Base | None, list[str]]:
    """The bases of embarkation (comma-separated) and the destination (``end_words``; None when not asked for), any of
    them an island without port access named with ``--island-end`` (21.37); returns the rest of ``end_words`` too."""
    from .islands import ISLAND_WORD

    world: AwawWorld = ctx.state.world
    isles = {w.lower(): w for w in words_list(opts, "island-end")}
    names = [w.strip() for w in starts_text.split(",") if w.strip()]
    if ISLAND_WORD in [n.lower() for n in names] + [" ".join(end_words).strip().lower()]:
        if len(isles) != 1:
            raise RuleError(f"{what}: '{ISLAND_WORD}' stands for the island named with --island-end NAME (one island) (21.37)")
        island = next(iter(isles.values()))
        names = [island if n.lower() == ISLAND_WORD else n for n in names]
        if " ".join(end_words).strip().lower() == ISLAND_WORD:
            end_words = [island]
    real = [world.base(w) for w in names if w.lower() not in isles]
    end: Base | None = None
    rest: list[str] = []
    joined = " ".join(end_words).strip()
    if end_words and joined.lower() not in isles:
        end, rest = world.take_base(end_words)
    theater = (real[0].theater if real else end.theater if end is not None else "europe")
    used = {n.lower() for n in names} | ({joined.lower()} if end_words else set())
    unused = [w for k, w in isles.items() if k not in used]
    if unused:
        raise RuleError(f"{what}: --island-end names {', '.join(unused)}, which is neither a base of embarkation nor the "
                        "destination (21.37)")
    power = next(p for p, spec in env.tables.powers.items() if spec.side == env.side(ctx))
    held = bool(opts.get("island-held"))
    starts = [_end_base(world, env, isles, power, theater, held, what, n) for n in names]
    if end_words and end is None:
        end = _end_base(world, env, isles, power, theater, held, what, joined)
    return starts, end, rest


def _end_base(world: AwawWorld, env: Env, isles: dict[str, str], power: str, theater: str, held: bool, what: str,
              name: str) -> Base:
    """A base of embarkation or the destination: the island named with ``--island-end`` as a base (21.37), else the
    base called ``name``."""
    from .islands import island_base

    if name.lower() in isles:
        return island_base(name, power, theater, held, what, env.ops)
    return world.base(name)
