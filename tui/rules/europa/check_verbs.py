"""Europa anti-shipping check commands (33.A, 33.D, 33.E): ``check`` and ``batch``, and the run of checks they share
with the guided check.

Each handler takes the rule set's tables as its first arguments (bound by :func:`.sea_verbs.build_sea_verbs`).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.dice import DiceSpec, Roll, StagedDice
from ..core.errors import RuleError
from ..core.names import new_name
from ..core.ruleset import Context, Outcome
from . import antishipping as X
from .guided_check import ask, guided_start, with_res
from .seatables import SeaTables
from .tables import PortTables
from .world import EuropaWorld
from .zones import SIDE_NAMES, resolve_zone, side_of, take_zone

ENGINE = frozenset({"dice", "roll", "force", "name", "side", "cargo", "sea-zone", "guided", "route", "res"})
"""Options that are not per-check flags."""
GUIDED_USAGE = "check ZONE SIDE KIND[:RES] [--short|--far|...] [--roll|--dice N,N,..]"
"""The whole command, as the guided check's questions name it."""


def syntax(name: str) -> str:
    """The syntax of ``check`` or ``batch`` (its usage line)."""
    return {
        "check": "check [ZONE SIDE KIND[:RES][@NAME]] [--guided] [--tight|--loose|--outside] [--short|--far|--soviet|--soviet-base] [--force] [--dice N,N,..|dice=N,N,..]",
        "batch": "batch ZONE SIDE ITEM... [--tight|--loose] [--short|--far] [--force] [--dice N,N,..|dice=N,N,..]",
    }[name]


def pairs(args: list[str], keys: tuple[str, ...]) -> tuple[list[str], dict[str, str]]:
    """Split ``key=value`` words from the other arguments; a key the command does not take is refused, not ignored."""
    words = [a for a in args if "=" not in a]
    kv = {}
    for a in args:
        if "=" in a:
            k, _, v = a.partition("=")
            k = k.strip().lower()
            if k not in keys:
                raise RuleError(f"'{a}': this command takes no {k}= (it takes {', '.join(n + '=' for n in keys)})")
            kv[k] = v.strip()
    return words, kv


class Dice:
    """Dice for a run of checks: a row of typed faces (``dice=3,4,6``) stage by stage, else the engine's (``--dice``, app)."""

    def __init__(self, ctx: Context, text: str) -> None:
        self.ctx = ctx
        self.faces = StagedDice([",".join(map(str, X.typed_faces(text)))] if text else [])
        self.last = ""

    def __call__(self, spec: str, purpose: str, detail: str) -> Roll:
        self.last = purpose
        if not self.faces.given:
            return self.ctx.roll(spec, purpose, detail)
        taken = self.faces.take(DiceSpec.parse(spec), purpose)
        if taken is None:
            raise RuleError(f"the typed dice ran out at {purpose} ({spec}): type every die in a row in dice=, "
                            "or leave dice= out to roll")
        return self.ctx.roll_typed(spec, taken, purpose)  # logged by the engine with source "typed"

    def finish(self) -> list[str]:
        """Refuse left-over typed dice, naming the stage that ended the checks (the rolls are in the event's dice)."""
        left = self.faces.leftover(self.last)
        if left:
            raise RuleError(f"{left}: nothing was checked")
        return []


def flags_of(opts: dict[str, Any]) -> frozenset[str]:
    """The per-check flags typed (``--short``, ``--soviet``; ``--route short`` as ``--short``)."""
    route = str(opts.get("route") or "")  # --route short: the guided check's answer, as --short
    return frozenset(k for k, v in opts.items() if v is True and k not in ENGINE and k not in X.IZ_KINDS) | (
        {route} if route and route != "none" else set())


def iz_opt(opts: dict[str, Any]) -> str:
    """The interdiction zone option typed (``--outside``, ``--loose``, ``--tight``), or ``""``."""
    given = [k for k in X.IZ_KINDS if opts.get(k)]
    if len(given) > 1:
        raise RuleError("give one of --outside, --loose, --tight")
    return given[0] if given else ""


def _record(st: SeaTables, ctx: Context, world: EuropaWorld, records: list[Any]) -> EuropaWorld:
    """``world`` with this phase's checks and ``records`` (33.A; E26), and earlier ones that hold their item (33.E 2, 3)."""
    phase = X.phase_key(ctx.state.flow.turn, ctx.segment.key)
    # this phase's checks (33.A; E26), and earlier ones this player-turn that hold their item (33.E 2, 3)
    kept = tuple(c for c in world.sea.checks if c.phase == phase or (
        X.player_turn(c.phase) == X.player_turn(phase) and c.contacted and X.holds(st, c.result)))
    return replace(world, sea=replace(world.sea, checks=kept + tuple(records)))


def _check_items(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, zid: str, side: str, items: list[X.Item], opts: dict[str, Any], dice_text: str) -> Outcome:
    """Run the checks of ``items`` with the options typed."""
    return run_items(st, pt, ctx, world, zid, side, items, flags_of(opts), iz_opt(opts), bool(opts.get("force")), dice_text)


def run_items(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, zid: str, side: str, items: list[X.Item], flags: frozenset[str],
              iz_given: str, force: bool, dice_text: str = "") -> Outcome:
    """Check ``items`` in ``zid`` (each SP/SRP item in 3 RE increments, one record each), stage by stage."""
    X.refuse_unchecked_zone(world, st, pt, zid, side, flags)
    iz = X.iz_kind(world, st, zid, iz_given)
    phase = X.phase_key(ctx.state.flow.turn, ctx.segment.key)
    dice = Dice(ctx, dice_text)
    records, lines, explained = [], [], []
    seen: set[str] = set()
    for item in items:
        for part in X.increments(st, item):
            before = X.previous_check(world.sea, phase, part.name, zid)
            if (before is not None or part.name.lower() in seen) and not force:
                what = f"NSN {before.nsn}, 2d6 {before.contact_roll}" + (f", {before.result}" if before and before.result else "") if before else "in this command"
                raise RuleError(f"{part.name} was already checked in the {st.sea_zones[zid].name} this naval movement phase ({what}): "
                                "33.A checks an item once per sea zone per naval movement phase (RULINGS E26: the whole phase, all its segments). "
                                "Repeat with --force to check again (recorded)")
            stop = X.held(st, world.sea, phase, part.name)
            if stop is not None and not force:
                raise RuleError(f"{part.name} was turned back ({stop.result}) in the {st.sea_zones[stop.zone].name} "
                                "this player-turn: all involved units are allowed no further movement during the "
                                "rest of the player-turn (33.E 2, 3). Repeat with --force to check it anyway (recorded)")
            seen.add(part.name.lower())
            rec, more, exp = X.run_check(world, st, pt, zid, side, part, iz, flags, dice, phase, force and before is not None)
            records.append(rec)
            lines.extend(more)
            explained.extend(exp)
    typed = dice.finish()
    explained.append(X.contact_roller(side))
    lines.append(f"contact rolls made by the {SIDE_NAMES[X.contact_roller(side).value]} player, the enemy of the "
                 "shipping checked (33.D)")
    forced = [r.item for r in records if r.forced]
    contacts = sum(r.contacted for r in records)
    zone = st.sea_zones[zid].name
    summary = f"{SIDE_NAMES[side]} shipping, {zone}: {len(records)} item(s) checked, {contacts} contacted (33.A, 33.D, 33.E)"
    if len(records) == 1:
        summary = f"{SIDE_NAMES[side]} shipping, {zone}: " + lines.pop(0)
    if forced:
        lines.append(f"forced by the referee: second check this phase of {', '.join(forced)} (recorded)")
    return Outcome(_record(st, ctx, world, records), summary, tuple(typed + lines), tuple(explained),
                   actor=X.contact_roller(side).value)


def _next_name(world: EuropaWorld) -> tuple[str, EuropaWorld]:
    """The next check's serial name (``#4``), and the world counting it."""
    n = world.sea.serial + 1
    return f"#{n}", replace(world, sea=replace(world.sea, serial=n))


def check(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``check [ZONE SIDE KIND[:RES][@NAME]] ...``: one anti-shipping check, its missing parts asked first (33.A, 33.D, 33.E)."""
    world: EuropaWorld = ctx.state.world
    words, kv = pairs(args, ("dice",))
    zid = side = ""
    rest = words
    if opts.get("sea-zone"):
        zid = resolve_zone(st, str(opts["sea-zone"]))
    elif rest:
        zid, rest = take_zone(st, rest)
    if opts.get("side"):
        side = side_of(str(opts["side"]))
    elif rest:
        side, rest = side_of(rest[0]), rest[1:]
    cargo = str(opts.get("cargo", "")) or (rest[0] if rest else "")
    if "name" in opts:  # before any question is asked
        new_name(str(opts["name"]), "a check's name (--name)")
    extra = rest if opts.get("cargo") else rest[1:]
    if extra:
        raise RuleError(f"too many arguments: {' '.join(extra)}; usage: {syntax('check')}")
    if cargo and opts.get("res"):
        cargo = with_res(cargo, str(opts["res"]))
    if cargo:
        X.parse_item(st, cargo, "#")  # a cargo item that is not one is refused now, not after the other questions
    if not (zid and side and cargo) and getattr(ctx, "replaying", False) and not opts.get("guided"):
        # a log written before the guided check asked its questions first: its chain of prompts (one event each)
        return guided_start(st, pt, ctx, zid, side, cargo, str(opts.get("name", "")), iz_opt(opts), sorted(flags_of(opts)), bool(opts.get("force")))
    if not (zid and side and cargo) or opts.get("guided"):
        ask(st, pt, GUIDED_USAGE, ctx, zid, side, cargo, str(opts.get("route") or ""), opts,
                   bool(opts.get("roll") or opts.get("dice") or kv.get("dice")))
    name = str(opts.get("name", ""))
    if not name:
        name, world = _next_name(world)
    item = X.parse_item(st, cargo, name)
    if opts.get("name"):
        item = replace(item, name=str(opts["name"]))
    return _check_items(st, pt, ctx, world, zid, side, [item], opts, kv.get("dice", ""))


def batch(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``batch ZONE SIDE ITEM...``: many cargo items checked in one go (33.A, 33.D, 33.E)."""
    world: EuropaWorld = ctx.state.world
    words, kv = pairs(args, ("dice",))
    zid, rest = take_zone(st, words)
    if not rest:
        raise RuleError(f"usage: {syntax('batch')}")
    side, rest = side_of(rest[0]), rest[1:]
    if not rest:
        raise RuleError("which cargo items? e.g. sp:3@convoy-1 unit@7-6 empty-nt (33.A)")
    items = []
    for token in rest:
        name, world = _next_name(world)
        items.append(X.parse_item(st, token, name))
    return _check_items(st, pt, ctx, world, zid, side, items, opts, kv.get("dice", ""))
