"""Europa coast commands: Mulberries (31.A.12), beaches and landing (31.B), transports as jetties (31.A.13),
naval groups in transit to and from off-map ports (31.A.8).

Board facts the app cannot see are asked: whether SPs/SRPs were unloaded in a
friendly partial ZOC is a yes/no prompt (31.B.4); the enemy near an emplacing
Mulberry is a choice prompt (31.A.12, raised by the phase machine).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.names import new_name
from ..core.explain import fmt_number
from ..core.numbers import MOST, read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import beaches as B
from . import mulberries as M
from . import offmap as O
from .seatables import SeaTables
from .sea_rules import slug
from .seaworld import Beach
from .sea_verbs import acting, pairs
from .tables import PortTables
from .verbs import REFEREE
from .world import EuropaWorld
from .zones import find_zone, side_of


def _syntax(name: str) -> str:
    """The syntax of a coast verb (its usage line)."""
    return {
        "mulberry": "mulberry available NAME | mulberry tow NAME FROM-PORT [UNIT] | mulberry arrive NAME BEACH [mps=N] | mulberry sink NAME",
        "beach": "beach add NAME OWNER [hex=..] [zone=..] | beach capture NAME SIDE | beach remove NAME",
        "land": "land BEACH RES [POINTS] [--he] [--supply] [--lc [result=LETTER]]",
        "jetty": "jetty BEACH N",
        "transit": "transit add NAME SIDE FROM TO STEPS|ma=N [cargo=..] | transit step NAME | transit remove NAME",
    }[name]


def _phase(ctx: Context) -> str:
    """The key of the phase now (a beach captured in it is friendly from the next one, 31.B.1)."""
    return B.phase_of(ctx.state.flow.turn, ctx.segment.path)


def _naval_step(ctx: Context, side: str, what: str, rule: str) -> None:
    """Refuse outside a naval movement step of ``side``."""
    seg = ctx.segment
    if "naval" not in seg.path[-1] or acting(ctx) != side:
        raise RuleError(f"{what} only during an {side.title()} naval movement step ({rule}); this is {seg.title}")


def _mulberry(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``mulberry available|tow|arrive|sink NAME ...`` (31.A.12)."""
    world: EuropaWorld = ctx.state.world
    subs = ("available", "tow", "arrive", "sink")
    if len(args) < 2 or args[0] not in subs:
        raise RuleError(f"usage: {_syntax('mulberry')}")
    sub, m = args[0], M.find(world, args[1])
    rest = args[2:]
    if sub == "available":
        return Outcome(M.make_available(world, m), f"{m.name} available to the Allies in Britain (31.A.12)", actor="allied")
    if sub == "tow":
        _naval_step(ctx, "allied", "A Mulberry may be towed", "31.A.12")
        if not rest:
            raise RuleError("usage: mulberry tow NAME FROM-PORT [TOWING-UNIT]")
        origin = rest[0]
        unit = " ".join(rest[1:])
        new = M.start_tow(world, st, m, origin, unit)
        towed = new.sea.mulberries[m.name]
        return Outcome(new, f"{m.name} towed from {towed.origin}{' by ' + unit if unit else ''}: naval step 1 of {st.mulberry.tow_steps} (31.A.12)",
                       ("It must arrive at an Allied-owned beach hex by the end of its second naval movement step, or it is wrecked",), actor="allied")
    if sub == "sink":
        new = M.sink(world, m)
        return Outcome(new, f"{m.name} wrecked and removed from play: its towing unit was sunk (31.A.12)", actor="allied")
    _naval_step(ctx, "allied", "A towed Mulberry arrives", "31.A.12")
    words, kv = pairs(rest, ("mps",))
    if not words:
        raise RuleError("usage: mulberry arrive NAME BEACH [mps=N]")
    beach, extra = B.take_beach(world, words)
    mps_text = kv.get("mps", extra[0] if extra else "0")
    mps = read_amount(mps_text, "MPs towed", 0, MOST)
    owner = B.naval_owner(beach, _phase(ctx))
    new = M.arrive(world, m, beach, mps, ctx.state.flow.turn, ctx.segment.side, owner)
    return Outcome(new, f"{m.name} arrives at {beach.name} after {fmt_number(mps)} MPs: emplacing, non-functioning side up (31.A.12)",
                   ("The emplacement roll comes at the beginning of the next Allied initial phase",), actor="allied")


def _beach(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``beach add|capture|remove NAME ...`` (31.B.1, 31.A.12)."""
    world: EuropaWorld = ctx.state.world
    if not args or args[0] not in ("add", "capture", "remove"):
        raise RuleError(f"usage: {_syntax('beach')}")
    words, kv = pairs(args[1:], ("hex", "zone"))
    if args[0] == "add":
        if len(words) < 2:
            raise RuleError("usage: beach add NAME OWNER [hex=..] [zone=..]")
        name, owner = new_name(" ".join(words[:-1]), "a beach's name"), side_of(words[-1])
        if name.lower() in (b.lower() for b in world.sea.beaches):
            raise RuleError(f"there is already a beach called {name}")
        zone = kv.get("zone", "")
        if zone and find_zone(st, zone) is None:
            raise RuleError(f"no sea zone called '{zone}' (33.B)")
        b = Beach(name, owner, kv.get("hex", ""), zone)
        return Outcome(replace(world, sea=world.sea.with_beach(b)), f"Beach added: {name}, {owner} (31.B)", actor=REFEREE)
    b, extra = B.take_beach(world, words)
    if args[0] == "remove":
        if extra:
            raise RuleError(f"too many arguments: {' '.join(extra)}")
        beaches = {n: x for n, x in world.sea.beaches.items() if n != b.name}
        return Outcome(replace(world, sea=replace(world.sea, beaches=beaches)), f"Beach removed: {b.name}", actor=REFEREE)
    if len(extra) != 1:
        raise RuleError("usage: beach capture NAME axis|allied (31.B.1)")
    side = side_of(extra[0])
    new_beach = B.capture(b, side, _phase(ctx))
    new = replace(world, sea=world.sea.with_beach(new_beach))
    lines = [f"{b.name} is friendly to the {side} for naval transport and amphibious landings from the next phase (31.B.1)"]
    if side == "axis":
        new, more = M.enemy_took_hex(new, b.name, ctx.state.flow.turn, ctx.segment.side)
        lines.extend(more)
    return Outcome(new, f"{b.name} captured by {side} (31.B.1)", tuple(lines), actor=side)


def _land(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``land BEACH RES [POINTS] [--he] [--supply] [--lc]`` (31.B.2-31.B.4; RULINGS E9, E22)."""
    world: EuropaWorld = ctx.state.world
    words, kv = pairs(args, ("result",))
    b, rest = B.take_beach(world, words)
    if not rest or len(rest) > 2:
        raise RuleError(f"usage: {_syntax('land')}")
    he = bool(opts.get("he"))
    # heavy equipment takes double the beach capacity, which comes in ½ REs: it is landed in ¼ REs (RULINGS E9)
    res = read_amount(rest[0], "REs", 0, MOST, 0.5 / (st.beach_landing.heavy_equipment_factor if he else 1))
    points = read_amount(rest[1], "SP points", 0, MOST) if len(rest) > 1 else res
    side = acting(ctx)
    supply = bool(opts.get("supply"))
    new_beach, fig = B.land(b, st, pt, res, he, _phase(ctx), side)
    new = replace(world, sea=world.sea.with_beach(new_beach))
    left = B.capacity(pt) - new_beach.used
    summary = f"{b.name}: {fmt_number(res)} REs landed{' (heavy equipment, double)' if he else ''}; {fmt_number(left)} REs of beach capacity left this phase (31.B.2; RULINGS E9)"
    details: list[str] = []
    prompts: tuple[Pending, ...] = ()
    if opts.get("lc"):
        letter = st.success_table.letter(kv["result"]) if kv.get("result") else None
        if kv.get("result") and letter is None:
            raise RuleError(f"'{kv['result']}' is not a SUCCESS TABLE result: one of {', '.join(st.success_table.letters)}")
        if letter is None:
            roll = ctx.roll(st.success_table.die, f"31.B.3 LC/LB damage at {b.name}")
            letter = st.success_table.result(roll.total)
            details.append(f"SUCCESS TABLE {st.success_table.die} {roll.total} = {letter} (RULINGS E22)")
        dmg = st.beach_landing.lc_damage[letter]
        details.append(f"LCs/LBs unloading: {letter} — {dmg.text} (31.B.3)")
    if supply:
        n = world.sea.serial + 1
        new = replace(new, sea=replace(new.sea, serial=n))
        pid = f"zoc-{n}:{slug(b.name)}"
        prompts = (Pending(id=pid, kind="confirm", effect="beach-zoc", required=True, rule="31.B.4", subject=b.name,
                           args={"points": points}, raised=ctx.segment.key, expires="segment",
                           text=f"{fmt_number(points)} SP/SRP points landed at {b.name}: unloaded in a friendly partial ZOC (the unit spends its whole MA), judged before the combat phase? No: half are lost"),)
        details.append(f"answer {pid} yes|no: half of the points are lost unless unloaded in a friendly partial ZOC (31.B.4)")
    return Outcome(new, summary, tuple(details), (fig,), raise_prompts=prompts, actor=side)


def _jetty(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``jetty BEACH N``: transports as jetties (31.A.13)."""
    world: EuropaWorld = ctx.state.world
    b, rest = B.take_beach(world, args)
    if len(rest) != 1:
        raise RuleError(f"usage: {_syntax('jetty')}")
    n = read_int(rest[0], "NTs/LCs/LBs acting as jetties", 0, MOST)
    fig = B.jetty_supply(st, pt, n)
    new = replace(world, sea=world.sea.with_beach(replace(b, jetties=n)))
    return Outcome(new, f"{b.name}: {n} NT/LC/LB that did not move act as jetties: intrinsic supply for {fmt_number(fig.value)} REs of units (31.A.13)",
                   explanations=(fig,), actor=b.owner)


def _transit(st: SeaTables, pt: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``transit add|step|remove NAME ...``: naval groups to and from off-map ports (31.A.8)."""
    world: EuropaWorld = ctx.state.world
    if not args or args[0] not in ("add", "step", "remove"):
        raise RuleError(f"usage: {_syntax('transit')}")
    words, kv = pairs(args[1:], ("ma", "cargo"))
    if args[0] in ("step", "remove"):
        if len(words) != 1:
            raise RuleError(f"usage: transit {args[0]} NAME")
        group = O.take_group(world, words[0])
        if args[0] == "remove":
            return Outcome(O.remove_group(world, group), f"{group.name} taken off the transit track (31.A.8)", actor=group.side)
        new, line = O.step(world, group)
        return Outcome(new, line, actor=group.side)
    if len(words) not in (4, 5):
        raise RuleError(f"usage: {_syntax('transit')}")
    name, side, origin, dest = new_name(words[0], "a transit group's name"), side_of(words[1]), words[2], words[3]
    if len(words) == 5:
        steps = read_int(words[4], "STEPS (naval movement steps)", 0, MOST)
    elif kv.get("ma"):
        port = O.find_port(world, origin) or O.find_port(world, dest)
        if port is None:
            raise RuleError("ma=N needs an off-map port at one end to read the distance (31.A.8)")
        entry = dest if port.name.lower() == origin.lower() else origin
        steps = O.steps_for(port, entry, read_int(kv["ma"], "ma= (hexes per naval movement step)", 1, MOST))
    else:
        raise RuleError("give STEPS, or ma=N to work them out from the off-map port's distance (31.A.8)")
    new = O.add_group(world, name, side, origin, dest, steps, kv.get("cargo", ""))
    return Outcome(new, f"{name} ({side}) in transit {origin} → {dest}: {steps} naval movement step(s) (31.A.8)", actor=side)


def build_coast_verbs(st: SeaTables, pt: PortTables) -> dict[str, Verb]:
    """The coast verbs: the handlers bound to the tables."""
    verbs = [
        Verb("mulberry", _syntax("mulberry"),
             "Mulberries: made available in Britain, towed in calm seas during an Allied naval step (two steps at most), arriving at an Allied beach to emplace; wrecked if the towing unit sinks.",
             "31.A.12", partial(_mulberry, st, pt), anytime=True, group="coast"),
        Verb("beach", _syntax("beach"),
             "Beach hexes and their owners: a captured beach is friendly for naval transport from the next phase; an enemy capture dooms a Mulberry there.",
             "31.B.1, 31.A.12", partial(_beach, st, pt), anytime=True, group="coast"),
        Verb("land", _syntax("land"),
             "Land cargo on a beach without the AMPHIBIOUS LANDING TABLE: 1½ REs a movement phase in ½ REs, heavy equipment double (so in ¼ REs); SPs/SRPs ask about a friendly partial ZOC (else half lost); LCs/LBs roll for damage.",
             "31.B.2, 31.B.3, 31.B.4; RULINGS E9, E22", partial(_land, st, pt), group="coast", options=("he", "supply", "lc", "dice", "roll")),
        Verb("jetty", _syntax("jetty"), "N NTs/LCs/LBs on the beach that spent no MPs in the previous movement phase act as jetties for intrinsic supply: each counter is one jetty whatever its size, and supplies a jetty's intrinsic supply figure in REs of units (the 31.A.13 example; proposed ruling P4).", "31.A.13", partial(_jetty, st, pt), anytime=True, group="coast"),
        Verb("transit", _syntax("transit"),
             "Naval groups moving between the map and off-map ports: a step counter advanced at the end of each naval movement step of their side; never to an enemy off-map port.",
             "31.A.8", partial(_transit, st, pt), anytime=True, group="coast"),
    ]
    return {v.name: v for v in verbs}
