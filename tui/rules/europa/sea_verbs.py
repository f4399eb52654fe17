"""Europa sea commands (33): conditions, the Malta status number, anti-shipping checks, interference, the
interdiction zone, anti-shipping air, naval supply lines, inland routes and SUCCESS TABLE letters.

Each handler reads its arguments, calls the pure functions of :mod:`.zones`,
:mod:`.antishipping`, :mod:`.interference` and :mod:`.air`, and returns an
:class:`Outcome`. Options are flags (``--short``, ``--tight``, ``--force``)
or ``key=value`` words (``dice=3,4,6``, ``mission=patrol``); the engine's
``--dice`` and ``--roll`` work as everywhere.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.names import new_name
from ..core.explain import fmt_number
from ..core.numbers import MOST, read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import air as A
from . import interference as I
from . import ports as P
from . import check_verbs as C
from .check_verbs import pairs
from .guided_check import guided_answer
from .seatables import ASKED_KINDS, SeaTables
from .seaworld import AirUnit
from .tables import PortTables
from .verbs import REFEREE
from .world import EuropaWorld, take_port
from .zones import SIDE_NAMES, condition, naval_status, resolve_zone, route_options, side_of, slp_count, take_zone

TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}


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


def _syntax(name: str) -> str:
    """The syntax of a sea verb (its usage line)."""
    return {
        "interfere": "interfere eastern|red-sea [roll|decline|D|F*|F|S|S*]",
        "interdict": "interdict tight|loose | interdict bomb N",
        "result": "result PROMPT D|F*|F|S|S*",
        "air": "air add NAME SIDE ZONE role=fighter|bomber type=non-naval|S|V|M range=N tbf=N [mission=box|patrol|strike] [distance=N] | air remove NAME | air clear [ZONE]",
    }[name]


def _condition(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``condition ID on|off|N``: a condition the referee answers (33.B.10)."""
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
    return Outcome(replace(world, sea=sea), f"Condition {cid}: {spec.text} — {shown} ({spec.rule})", actor=REFEREE)



def _malta(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``malta N``: the Malta status number (33.B.1.a)."""
    world: EuropaWorld = ctx.state.world
    if len(args) != 1:
        raise RuleError("usage: malta N (the Malta status number, 33.B.1.a)")
    table = st.anti_shipping_table
    n = read_int(args[0], "the Malta status number (a column of the ANTI-SHIPPING TABLE, RULINGS E20)",
                 table.first_column, table.last_column)
    new = replace(world, sea=replace(world.sea, malta=n))
    nsn = naval_status(new, st, pt, "central-med", "axis").value
    return Outcome(new, f"Malta status number {n}: Axis Central Mediterranean NSN {nsn} (33.B.1.a)", actor=REFEREE)



def _interfere(st: SeaTables, pt: PortTables, answers: dict[str, Callable[..., Outcome]], ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``interfere AREA [roll|decline|LETTER]``: Italian naval interference (33.B.2.b)."""
    if not args:
        raise RuleError(f"usage: {_syntax('interfere')}")
    area = I.area_of(st, args[0])
    value = " ".join(args[1:]) or "roll"
    pid = f"interference:{area}"
    pending = ctx.state.pending_prompt(pid)
    prompt = pending or Pending(id=pid, text="", kind="roll", effect="italian-interference", dice=st.success_table.die)
    outcome = answers["italian-interference"](ctx, prompt, value)
    return replace(outcome, settle_prompts=outcome.settle_prompts + ((pid,) if pending else ()))



def _interdict(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``interdict tight|loose | interdict bomb N``: the South Aegean interdiction zone (33.B.7)."""
    world: EuropaWorld = ctx.state.world
    if not args:
        raise RuleError(f"usage: {_syntax('interdict')}")
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



def _result(st: SeaTables, pt: PortTables, answers: dict[str, Callable[..., Outcome]], ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``result PROMPT LETTER``: a SUCCESS TABLE letter read on the real chart (RULINGS E22)."""
    if len(args) < 2:
        raise RuleError(f"usage: {_syntax('result')}")
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



def _air(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``air add|remove|clear ...``: air units against shipping (33.C; RULINGS E21)."""
    world: EuropaWorld = ctx.state.world
    if not args or args[0] not in ("add", "remove", "clear"):
        raise RuleError(f"usage: {_syntax('air')}")
    words, kv = pairs(args[1:], ("role", "type", "range", "tbf", "mission", "distance"))
    if args[0] == "remove":
        if len(words) != 1:
            raise RuleError("usage: air remove NAME")
        owner = next((u.side for u in world.sea.air if u.name.lower() == words[0].lower()), "")
        return Outcome(replace(world, sea=A.remove_unit(world.sea, words[0])), f"Air unit {words[0]} leaves the anti-shipping box (33.C)",
                       actor=owner)
    if args[0] == "clear":
        zid = resolve_zone(st, " ".join(words)) if words else ""
        keep = tuple(u for u in world.sea.air if zid and u.zone != zid)
        where = st.sea_zones[zid].name if zid else "every sea zone"
        owners = {u.side for u in world.sea.air if u not in keep}
        return Outcome(replace(world, sea=replace(world.sea, air=keep)), f"Air units cleared from {where} (33.C)",
                       actor=owners.pop() if len(owners) == 1 else REFEREE if owners else acting(ctx))
    if len(words) < 3:
        raise RuleError(f"usage: {_syntax('air')}")
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
                   explanations=(mod,), actor=side)



def _supply_line(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``supply-line PORT ZONE...``: the sea zones a naval supply line crosses (33.F; RULINGS E8, E27)."""
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
                   explanations=(count,), actor=port.owner)



def _route(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``route PORT on|off``: an inland port's route to the sea (31.A.11)."""
    world: EuropaWorld = ctx.state.world
    port, rest = take_port(world, args)
    if not port.inland:
        raise RuleError(f"{port.name} is not an inland port (port edit {port.name} inland=yes) (31.A.11)")
    on = (rest[0].lower() in TRUE) if rest else not port.sea_route
    if rest and rest[0].lower() not in TRUE | FALSE:
        raise RuleError("route PORT on|off")
    new = replace(port, sea_route=on)
    say = "holds both banks to the sea: usable" if on else "does not hold both banks to the sea: not usable"
    return Outcome(world.with_port(new), f"{port.name}: {port.owner} {say} (31.A.11)", explanations=(P.inland_route(new),),
                   actor=port.owner)


def build_sea_verbs(st: SeaTables, pt: PortTables, answers: dict[str, Callable[..., Outcome]]) -> dict[str, Verb]:
    """The sea verbs: the handlers bound to the tables; ``answers`` are the prompt effects ``result`` may call (the
    guided check's answer is added to them)."""
    answers["guided-check"] = partial(guided_answer, st, pt, partial(C.run_items, st, pt))  # the prompts of checks logged before issue 12 (replay, open prompts)
    verbs = [
        Verb("condition", "condition ID on|off|N", "Answer a sea zone condition the app cannot know (France has surrendered, Winter month, Suez closed, ...). Derived ones are refused: they follow the ports.", "33.B.10", partial(_condition, st, pt), anytime=True, group="sea"),
        Verb("malta", "malta N", "Set the Malta status number: the Axis Central Med NSN and the Allied West/Central Med lines follow it.", "33.B.1.a, 33.B.10", partial(_malta, st, pt), anytime=True, group="sea"),
        Verb("check", C.syntax("check"),
             "Anti-shipping check of one cargo item (SPs/SRPs in 3 RE increments): final NSN with every modifier, 2d6 contact, 1d6 result in plain words. A missing zone, side or cargo (and with --guided the REs, the route and the roll) is asked first, and the answers make one command: one event in the log. --dice takes every stage's faces in order (2d6 contact, then 1d6 only on contact); in a typed game a stage without faces is asked for (screens) or refused naming it (exec). Once per item per zone per naval movement phase unless --force (recorded).",
             "33.A, 33.D, 33.E", partial(C.check, st, pt), group="sea", options=("tight", "loose", "outside", "short", "far", "soviet", "soviet-base", "force", "name", "side", "cargo", "sea-zone", "dice", "roll",
                      "guided", "route", "res")),
        Verb("batch", C.syntax("batch"),
             "Check many cargo items (KIND[:RES][@NAME], e.g. sp:7@convoy unit@7-6 empty-nt) in one go; dice= takes every physical die in a row (2 for contact, 1 more on contact).",
             "33.A, 33.D, 33.E", partial(C.batch, st, pt), group="sea", options=("tight", "loose", "outside", "short", "far", "soviet", "soviet-base", "force", "dice", "roll")),
        Verb("interfere", _syntax("interfere"), "Italian naval interference attempt in an Allied initial phase (once per area, not after a decline): SUCCESS TABLE with the history modifiers, or the letter from the real chart.", "33.B.2.b, 33.B.7.a, 33.B.8.b", partial(_interfere, st, pt, answers), anytime=True, group="sea", where=allied_initial_phase, options=("dice", "roll")),
        Verb("interdict", _syntax("interdict"), "Declare the South Aegean naval interdiction zone (Allied initial phase, conditions a-d), or record bombing hits on it (each lowers its NSN by 1 this turn).", "33.B.7", partial(_interdict, st, pt), anytime=True, group="sea"),
        Verb("result", _syntax("result"), "Answer a SUCCESS TABLE prompt (interference, Mulberry emplacement) with the letter read on the real chart instead of a roll.", "RULINGS E22", partial(_result, st, pt, answers), anytime=True, group="sea"),
        Verb("air", _syntax("air"),
             "Air units in a sea zone's anti-shipping box or on naval patrol/strike missions: their modified TBF (Table 4) is added to the enemy's NSN; fighters in the box cut enemy bombers' range.", "33.C; RULINGS E21", partial(_air, st, pt), anytime=True, group="sea"),
        Verb("supply-line", "supply-line PORT ZONE [ZONE...] [--short|--far] | supply-line PORT none", "The sea zones the naval portion of the port's supply line crosses: the NSN the shipping would get on that route is added to its SLP count (--short: an Axis line only between the listed Central Med ports, -5; --far: an Allied West/Central Med line farther than 15 hexes from every operational Axis port, nothing added).", "33.F; RULINGS E8, E27", partial(_supply_line, st, pt), anytime=True, group="sea", options=("short", "far")),
        Verb("route", "route PORT on|off", "Inland port: whether its owner holds all hexes on both banks of the river or canal to the sea (usable only while on).", "31.A.11", partial(_route, st, pt), anytime=True, group="ports"),
    ]
    return {v.name: v for v in verbs}
