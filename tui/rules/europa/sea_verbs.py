"""Europa sea commands (33): conditions, the Malta status number, anti-shipping checks, interference, the
interdiction zone, anti-shipping air, naval supply lines, inland routes and SUCCESS TABLE letters.

Each handler reads its arguments, calls the pure functions of :mod:`.zones`,
:mod:`.antishipping`, :mod:`.interference` and :mod:`.air`, and returns an
:class:`Outcome`. Options are flags (``--short``, ``--tight``, ``--force``)
or ``key=value`` words (``dice=3,4,6``, ``mission=patrol``); the engine's
``--dice`` and ``--roll`` work as everywhere.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from ..core.dice import DiceSpec, Roll, StagedDice
from ..core.errors import RuleError
from ..core.names import new_name
from ..core.explain import fmt_number
from ..core.numbers import MOST, read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import air as A
from . import antishipping as X
from . import interference as I
from . import ports as P
from .guided_check import build_ask, build_guided, with_res
from .seatables import ASKED_KINDS, SeaTables
from .seaworld import AirUnit
from .tables import PortTables
from .world import EuropaWorld, take_port
from .zones import SIDE_NAMES, condition, naval_status, resolve_zone, route_options, side_of, slp_count, take_zone

ENGINE = frozenset({"dice", "roll", "force", "name", "side", "cargo", "sea-zone", "guided", "route", "res"})
"""Options that are not per-check flags."""
TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}


def pairs(args: list[str]) -> tuple[list[str], dict[str, str]]:
    """Split ``key=value`` words from the other arguments."""
    words = [a for a in args if "=" not in a]
    kv = {}
    for a in args:
        if "=" in a:
            k, _, v = a.partition("=")
            kv[k.strip().lower().replace("_", "-")] = v.strip()
    return words, kv


def acting(ctx: Context) -> str:
    """The side acting in this segment (the non-phasing one where the step says ``other``)."""
    side = ctx.segment.side
    return ("allied" if side == "axis" else "axis") if ctx.segment.acting == "other" else side


def allied_initial_phase(seg: Any) -> bool:
    """Whether ``seg`` is a segment of an Allied initial phase (33.B.2.b, 33.B.7)."""
    return seg.side == "allied" and "initial" in seg.path


def allied_initial(ctx: Context, what: str, rule: str) -> None:
    """Refuse outside an Allied initial phase."""
    seg = ctx.segment
    if seg.side != "allied" or "initial" not in seg.path:
        raise RuleError(f"{what} only during an Allied initial phase ({rule}); this is {seg.title}")


class Dice:
    """Dice for a run of checks: a row of typed faces (``dice=3,4,6``) stage by stage, else the engine's (``--dice``, app)."""

    def __init__(self, ctx: Context, text: str) -> None:
        self.ctx = ctx
        self.faces = StagedDice([",".join(map(str, X.typed_faces(text)))] if text else [])
        self.last = ""

    def __call__(self, spec: str, purpose: str, detail: str = "") -> Roll:
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


def build_sea_verbs(st: SeaTables, pt: PortTables, answers: dict[str, Callable[..., Outcome]]) -> dict[str, Verb]:
    """The sea verbs, closed over the tables; ``answers`` are the prompt effects ``result`` may call."""

    def flags_of(opts: dict[str, Any]) -> frozenset[str]:
        route = str(opts.get("route") or "")  # --route short: the guided check's answer, as --short
        return frozenset(k for k, v in opts.items() if v is True and k not in ENGINE and k not in X.IZ_KINDS) | (
            {route} if route and route != "none" else set())

    def iz_opt(opts: dict[str, Any]) -> str:
        given = [k for k in X.IZ_KINDS if opts.get(k)]
        if len(given) > 1:
            raise RuleError("give one of --outside, --loose, --tight")
        return given[0] if given else ""

    def cond_cmd(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        if len(args) != 2:
            asked = [c for c, s in st.sea_conditions.items() if s.kind in ASKED_KINDS]
            raise RuleError(f"usage: condition ID on|off|N; conditions the referee answers: {', '.join(asked)}")
        cid = args[0].lower()
        spec = st.sea_conditions.get(cid)
        if spec is None:
            raise RuleError(f"no condition '{cid}'; see the conditions view or 'help condition'")
        now = condition(world, st, pt, cid)
        if now.derived:
            raise RuleError(f"'{cid}' ({spec.text}) is derived by the app: {now.detail}. Change what it comes from instead ({spec.rule})")
        text = args[1].lower()
        if text in TRUE or text in FALSE:
            value: Any = text in TRUE
        elif text.lstrip("+-").isdigit():
            value = read_int(text, f"condition {cid}", -MOST, MOST)
        else:
            raise RuleError(f"'{args[1][:24]}' is not on/off or a whole number")
        sea = replace(world.sea, conditions={**world.sea.conditions, cid: value})
        shown = "yes" if value is True else "no" if value is False else str(value)
        return Outcome(replace(world, sea=sea), f"Condition {cid}: {spec.text} — {shown} ({spec.rule})")

    def malta(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        if len(args) != 1:
            raise RuleError("usage: malta N (the Malta status number, 33.B.1.a)")
        table = st.anti_shipping_table
        n = read_int(args[0], "the Malta status number (a column of the ANTI-SHIPPING TABLE, RULINGS E20)",
                     table.first_column, table.last_column)
        new = replace(world, sea=replace(world.sea, malta=n))
        nsn = naval_status(new, st, pt, "central-med", "axis").value
        return Outcome(new, f"Malta status number {n}: Axis Central Mediterranean NSN {nsn} (33.B.1.a)")

    # ------------------------------------------------------------ checks
    def record(ctx: Context, world: EuropaWorld, records: list[Any]) -> EuropaWorld:
        phase = X.phase_key(ctx.state.flow.turn, ctx.segment.key)
        # this phase's checks (33.A; E26), and earlier ones this player-turn that hold their item (33.E 2, 3)
        kept = tuple(c for c in world.sea.checks if c.phase == phase or (
            X.player_turn(c.phase) == X.player_turn(phase) and c.contacted and X.holds(st, c.result)))
        return replace(world, sea=replace(world.sea, checks=kept + tuple(records)))

    def check_items(ctx: Context, world: EuropaWorld, zid: str, side: str, items: list[X.Item], opts: dict[str, Any], dice_text: str) -> Outcome:
        return run_items(ctx, world, zid, side, items, flags_of(opts), iz_opt(opts), bool(opts.get("force")), dice_text)

    def run_items(ctx: Context, world: EuropaWorld, zid: str, side: str, items: list[X.Item], flags: frozenset[str],
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
        return Outcome(record(ctx, world, records), summary, tuple(typed + lines), tuple(explained))

    def next_name(world: EuropaWorld) -> tuple[str, EuropaWorld]:
        n = world.sea.serial + 1
        return f"#{n}", replace(world, sea=replace(world.sea, serial=n))

    def check(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        words, kv = pairs(args)
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
        if len(rest) > (0 if opts.get("cargo") else 1):
            raise RuleError(f"too many arguments: {' '.join(rest[1:])}; usage: {VERBS['check'].syntax}")
        if cargo and opts.get("res"):
            cargo = with_res(cargo, str(opts["res"]))
        if cargo:
            X.parse_item(st, cargo, "#")  # a cargo item that is not one is refused now, not after the other questions
        if not (zid and side and cargo) and getattr(ctx, "replaying", False) and not opts.get("guided"):
            # a log written before the guided check asked its questions first: its chain of prompts (one event each)
            return guided_start(ctx, zid, side, cargo, str(opts.get("name", "")), iz_opt(opts), sorted(flags_of(opts)), bool(opts.get("force")))
        if not (zid and side and cargo) or opts.get("guided"):
            guided_ask(ctx, zid, side, cargo, str(opts.get("route") or ""), opts,
                       bool(opts.get("roll") or opts.get("dice") or kv.get("dice")))
        name = str(opts.get("name", ""))
        if not name:
            name, world = next_name(world)
        item = X.parse_item(st, cargo, name)
        if opts.get("name"):
            item = replace(item, name=str(opts["name"]))
        return check_items(ctx, world, zid, side, [item], opts, kv.get("dice", ""))

    def batch(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        words, kv = pairs(args)
        zid, rest = take_zone(st, words)
        if not rest:
            raise RuleError(f"usage: {VERBS['batch'].syntax}")
        side, rest = side_of(rest[0]), rest[1:]
        if not rest:
            raise RuleError("which cargo items? e.g. sp:3@convoy-1 unit@7-6 empty-nt (33.A)")
        items = []
        for token in rest:
            name, world = next_name(world)
            items.append(X.parse_item(st, token, name))
        return check_items(ctx, world, zid, side, items, opts, kv.get("dice", ""))

    guided_start, guided_answer = build_guided(st, pt, run_items)
    answers["guided-check"] = guided_answer  # the prompts of checks logged before issue 12 (replay, open prompts)
    guided_ask = build_ask(st, pt, "check ZONE SIDE KIND[:RES] [--short|--far|...] [--roll|--dice N,N,..]")

    # ------------------------------------------------------------ interference and the interdiction zone
    def interfere(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        if not args:
            raise RuleError(f"usage: {VERBS['interfere'].syntax}")
        area = I.area_of(st, args[0])
        value = " ".join(args[1:]) or "roll"
        pid = f"interference:{area}"
        pending = ctx.state.pending_prompt(pid)
        prompt = pending or Pending(id=pid, text="", kind="roll", effect="italian-interference", dice=st.success_table.die)
        outcome = answers["italian-interference"](ctx, prompt, value)
        return replace(outcome, settle_prompts=outcome.settle_prompts + ((pid,) if pending else ()))

    def interdict(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        if not args:
            raise RuleError(f"usage: {VERBS['interdict'].syntax}")
        sub = args[0].lower()
        if sub == "bomb":
            if len(args) > 2:
                raise RuleError("usage: interdict bomb N (bombing hits, 33.B.7 d))")
            hits = read_int(args[1], "bombing hits (33.B.7 d))", 1, MOST) if len(args) == 2 else 1
            new = I.bomb(world, st, hits)
            nsn = naval_status(new, st, pt, st.interdiction_zone.zone, "axis").value
            return Outcome(new, f"Interdiction zone bombed: {hits} hit(s); Axis NSN in the zone {nsn} this turn (33.B.7 d))", actor="axis")
        allied_initial(ctx, "The South Aegean interdiction zone may be declared", "33.B.7")
        pid = "interdiction-zone"
        pending = ctx.state.pending_prompt(pid)
        new, lines = I.declare(world, st, pt, sub, ctx.state.flow.turn)
        return Outcome(new, f"South Aegean naval interdiction zone declared: {sub} (33.B.7)", tuple(lines), actor="allied",
                       settle_prompts=(pid,) if pending else ())

    def result(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        if len(args) < 2:
            raise RuleError(f"usage: {VERBS['result'].syntax}")
        pid = " ".join(args[:-1])
        prompt = ctx.state.pending_prompt(pid)
        if prompt is None:
            ids = ", ".join(p.id for p in ctx.state.flow.pending if p.effect in ("italian-interference", "mulberry-emplace")) or "none"
            raise RuleError(f"no pending prompt '{pid}'; SUCCESS TABLE prompts pending: {ids}")
        if prompt.effect not in ("italian-interference", "mulberry-emplace"):
            raise RuleError(f"{prompt.id} is not a SUCCESS TABLE roll (Italian interference or Mulberry emplacement)")
        letter = st.success_table.letter(args[-1])
        if letter is None:
            raise RuleError(f"'{args[-1]}' is not a SUCCESS TABLE result: one of {', '.join(st.success_table.letters)} (RULINGS E22)")
        outcome = answers[prompt.effect](ctx, prompt, letter)
        return replace(outcome, settle_prompts=outcome.settle_prompts + (prompt.id,))

    # ------------------------------------------------------------ air, supply lines, inland routes
    def air(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        if not args or args[0] not in ("add", "remove", "clear"):
            raise RuleError(f"usage: {VERBS['air'].syntax}")
        words, kv = pairs(args[1:])
        if args[0] == "remove":
            if len(words) != 1:
                raise RuleError("usage: air remove NAME")
            return Outcome(replace(world, sea=A.remove_unit(world.sea, words[0])), f"Air unit {words[0]} leaves the anti-shipping box (33.C)")
        if args[0] == "clear":
            zid = resolve_zone(st, " ".join(words)) if words else ""
            keep = tuple(u for u in world.sea.air if zid and u.zone != zid)
            where = st.sea_zones[zid].name if zid else "every sea zone"
            return Outcome(replace(world, sea=replace(world.sea, air=keep)), f"Air units cleared from {where} (33.C)")
        if len(words) < 3:
            raise RuleError(f"usage: {VERBS['air'].syntax}")
        name, side = new_name(words[0], "an air unit's name"), side_of(words[1])
        zid, rest = take_zone(st, words[2:])
        if rest:
            raise RuleError(f"unexpected: {' '.join(rest)}; give the rest as key=value")
        unit = AirUnit(name, side, zid, kv.get("role", "bomber"), kv.get("type", "non-naval"),
                       read_int(kv.get("range", "0"), "range (hexes)", 0, MOST), read_amount(kv.get("tbf", "0"), "TBF", 0, MOST),
                       kv.get("mission", "box"), read_int(kv.get("distance", "0"), "distance (hexes)", 0, MOST))
        sea = A.add_unit(world.sea, st, unit)
        new = replace(world, sea=sea)
        mod = A.air_modifier(new, st, zid, "axis" if side == "allied" else "allied")
        return Outcome(new, f"{name} ({side} {unit.role}, type {unit.type}, range {unit.range}, TBF {fmt_number(unit.tbf)}, {unit.mission}) "
                       f"in the {st.sea_zones[zid].name}: modified TBF against enemy shipping now {fmt_number(mod.value)} (33.C)",
                       explanations=(mod,))

    def supply_line(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        port, rest = take_port(world, args)
        zones: list[str] = []
        zids: list[str] = []
        if rest and rest != ["none"]:
            while rest:
                zid, rest = take_zone(st, rest)
                zids.append(zid)
                zones.append(st.sea_zones[zid].name)
        route = sorted(f for f in ("short", "far") if opts.get(f))
        known = route_options(st, zids, port.owner)
        for flag in route:
            if flag not in known:
                have = ", ".join(f"--{f}" for f in sorted(known)) or "none"
                raise RuleError(f"--{flag} means nothing for an {SIDE_NAMES.get(port.owner, port.owner)} supply line through {', '.join(zones) or 'no sea zone'} "
                                f"(route options there: {have}) (33.F; RULINGS E27)")
        new_port = replace(port, supply_zones=tuple(zones), supply_route=tuple(route))
        new = world.with_port(new_port)
        count = slp_count(new, st, pt, new_port)
        crossed = ", ".join(zones) or "no sea zone"
        return Outcome(new, f"{port.name}: naval supply line crosses {crossed}; SLP count {fmt_number(count.value) if count.value is not None else 'barred'} (33.F)",
                       explanations=(count,))

    def route(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        world: EuropaWorld = ctx.state.world
        port, rest = take_port(world, args)
        if not port.inland:
            raise RuleError(f"{port.name} is not an inland port (port edit {port.name} inland=yes) (31.A.11)")
        on = (rest[0].lower() in TRUE) if rest else not port.sea_route
        if rest and rest[0].lower() not in TRUE | FALSE:
            raise RuleError("route PORT on|off")
        new = replace(port, sea_route=on)
        say = "holds both banks to the sea: usable" if on else "does not hold both banks to the sea: not usable"
        return Outcome(world.with_port(new), f"{port.name}: {port.owner} {say} (31.A.11)", explanations=(P.inland_route(new),))

    verbs = [
        Verb("condition", "condition ID on|off|N", "Answer a sea zone condition the app cannot know (France has surrendered, Winter month, Suez closed, ...). Derived ones are refused: they follow the ports.", "33.B.10", cond_cmd, anytime=True, group="sea"),
        Verb("malta", "malta N", "Set the Malta status number: the Axis Central Med NSN and the Allied West/Central Med lines follow it.", "33.B.1.a, 33.B.10", malta, anytime=True, group="sea"),
        Verb("check", "check [ZONE SIDE KIND[:RES][@NAME]] [--guided] [--tight|--loose|--outside] [--short|--far|--soviet|--soviet-base] [--force] [--dice N,N,..|dice=N,N,..]",
             "Anti-shipping check of one cargo item (SPs/SRPs in 3 RE increments): final NSN with every modifier, 2d6 contact, 1d6 result in plain words. A missing zone, side or cargo (and with --guided the REs, the route and the roll) is asked first, and the answers make one command: one event in the log. --dice takes every stage's faces in order (2d6 contact, then 1d6 only on contact); in a typed game a stage without faces is asked for (screens) or refused naming it (exec). Once per item per zone per naval movement phase unless --force (recorded).",
             "33.A, 33.D, 33.E", check, group="sea", options=("tight", "loose", "outside", "short", "far", "soviet", "soviet-base", "force", "name", "side", "cargo", "sea-zone", "dice", "roll",
                      "guided", "route", "res")),
        Verb("batch", "batch ZONE SIDE ITEM... [--tight|--loose] [--short|--far] [--force] [--dice N,N,..|dice=N,N,..]",
             "Check many cargo items (KIND[:RES][@NAME], e.g. sp:7@convoy unit@7-6 empty-nt) in one go; dice= takes every physical die in a row (2 for contact, 1 more on contact).",
             "33.A, 33.D, 33.E", batch, group="sea", options=("tight", "loose", "outside", "short", "far", "soviet", "soviet-base", "force", "dice", "roll")),
        Verb("interfere", "interfere eastern|red-sea [roll|decline|D|F*|F|S|S*]", "Italian naval interference attempt in an Allied initial phase (once per area, not after a decline): SUCCESS TABLE with the history modifiers, or the letter from the real chart.", "33.B.2.b, 33.B.7.a, 33.B.8.b", interfere, anytime=True, group="sea", where=allied_initial_phase, options=("dice", "roll")),
        Verb("interdict", "interdict tight|loose | interdict bomb N", "Declare the South Aegean naval interdiction zone (Allied initial phase, conditions a-d), or record bombing hits on it (each lowers its NSN by 1 this turn).", "33.B.7", interdict, anytime=True, group="sea"),
        Verb("result", "result PROMPT D|F*|F|S|S*", "Answer a SUCCESS TABLE prompt (interference, Mulberry emplacement) with the letter read on the real chart instead of a roll.", "RULINGS E22", result, anytime=True, group="sea"),
        Verb("air", "air add NAME SIDE ZONE role=fighter|bomber type=non-naval|S|V|M range=N tbf=N [mission=box|patrol|strike] [distance=N] | air remove NAME | air clear [ZONE]",
             "Air units in a sea zone's anti-shipping box or on naval patrol/strike missions: their modified TBF (Table 4) is added to the enemy's NSN; fighters in the box cut enemy bombers' range.", "33.C; RULINGS E21", air, anytime=True, group="sea"),
        Verb("supply-line", "supply-line PORT ZONE [ZONE...] [--short|--far] | supply-line PORT none", "The sea zones the naval portion of the port's supply line crosses: the NSN the shipping would get on that route is added to its SLP count (--short: an Axis line only between the listed Central Med ports, -5; --far: an Allied West/Central Med line farther than 15 hexes from every operational Axis port, nothing added).", "33.F; RULINGS E8, E27", supply_line, anytime=True, group="sea", options=("short", "far")),
        Verb("route", "route PORT on|off", "Inland port: whether its owner holds all hexes on both banks of the river or canal to the sea (usable only while on).", "31.A.11", route, anytime=True, group="ports"),
    ]
    VERBS = {v.name: v for v in verbs}
    return VERBS


