"""Europa port commands: what the referee types, checked and applied through ``ports``.

Each handler reads its arguments, calls the pure functions of
:mod:`tui.rules.europa.ports` (which refuse illegal changes with the rule
number), and returns an :class:`Outcome` whose summary says what changed.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import fields, replace

from ..core.errors import RuleError
from ..core.explain import fmt_number
from ..core.names import new_name, note_resolved
from ..core.numbers import MOST, read_amount, read_int
from ..core.ruleset import Context, Outcome, Verb
from ..core.state import Pending
from . import destruction as D
from . import ports as P
from . import yards as Y
from .seatables import SeaTables
from .tables import PortTables
from .zones import find_zone
from .world import PORT_TYPES, SIDES, EuropaWorld, port_field_problem, sea_zone_problem, take_port

EDITABLE = {
    "type": str, "owner": str, "harbour": str, "hex": str, "sea_zone": str, "zone": str, "nation": str,
    "theatre": str, "mainland_europe": bool, "inland": bool, "naval_base": bool, "trace_ok": bool,
}
TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}
REFEREE = "referee"
"""The actor of a change to the scenario's set-up or a figure no rule gives a player (a game by e-mail has none)."""


def number(text: str, what: str, step: float = 0.5, lo: float = 0, hi: float = MOST) -> float:
    """Read a game number (``1.5``, ``1½``, ``½``) from ``lo`` to ``hi`` that must be a multiple of ``step``."""
    return read_amount(text, what, lo, hi, step)


def whole(text: str, what: str, lo: int = 0, hi: int = MOST) -> int:
    """Read a whole number from ``lo`` to ``hi``."""
    return read_int(text, what, lo, hi)


def flag(text: str, what: str) -> bool:
    """Read on/off, yes/no."""
    if text.lower() in TRUE:
        return True
    if text.lower() in FALSE:
        return False
    raise RuleError(f"{what} must be on or off, not '{text}'")


def side_of(text: str) -> str:
    """Read a side name."""
    for side in SIDES:
        if side.startswith(text.lower()) and text:
            return note_resolved(text, side)
    raise RuleError(f"'{text}' is not a side (axis or allied)")


def refuse_unusable(world: EuropaWorld, port: P.Port) -> None:
    """31.A: a player uses only the ports he owned at the start of his initial phase; 31.A.12 F: an emplaced
    Mulberry that rolled F may not be used in the current turn. Refuse with the real reason."""
    if port.name in world.usable.get(port.owner, ()):
        return
    mulberry = world.sea.mulberries.get(port.name)
    if mulberry is not None and mulberry.status == "emplaced" and mulberry.result:
        raise RuleError(f"{port.name} rolled {mulberry.result} on its emplacement roll: emplaced with difficulty, it is "
                        f"not usable this turn (31.A.12 Table 2, {mulberry.result})")
    raise RuleError(f"{port.name} was not {port.owner}-owned at the start of the {port.owner} initial phase: it cannot be "
                    "used this turn (31.A)")


def _changed(tables: PortTables, ctx: Context, port: P.Port, summary: str, *details: str, prompts: tuple[Pending, ...] = (),
             actor: str = "") -> Outcome:
    """The outcome of a change to one port; ``actor`` is the side acting when it is not the segment's."""
    world: EuropaWorld = ctx.state.world
    capacity = P.re_capacity(port, tables)
    shown = f"{port.name}: {fmt_number(capacity.value)} REs, acts as {P.acts_as(port, tables).value or 'nothing (not functioning)'}"
    return Outcome(world.with_port(port), summary, (shown, *details), (capacity,), raise_prompts=prompts, actor=actor)


def _enemy(side: str) -> str:
    """The other side."""
    return next((s for s in SIDES if s != side), side)


PortHandler = Callable[[PortTables, Context, P.Port, list[str], dict[str, Any]], Outcome]
"""A port verb's body: (tables, ctx, the port named first, the other arguments, options) -> outcome."""


def _one_port(fn: PortHandler, tables: PortTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Take the port named first, then run ``fn`` on it (bound with :func:`functools.partial` as a verb's handler)."""
    port, rest = take_port(ctx.state.world, args)
    return fn(tables, ctx, port, rest, opts)


def _amount(rest: list[str], default: float, what: str, step: float = 0.5) -> float:
    """The one optional number after the port (``default`` when none is typed)."""
    if len(rest) > 1:
        raise RuleError(f"too many arguments: {' '.join(rest)}")
    return number(rest[0], what, step) if rest else default


def _hit(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``hit PORT [N]`` (31.A.3)."""
    n = _amount(rest, 1, "hits", 1)
    if n < 1:
        raise RuleError("hits must be 1 or more (31.A.3)")
    new, added = P.inflict_hits(port, n, tables)
    return _changed(tables, ctx, new, f"{port.name}: {fmt_number(n)} hit(s) inflicted, {fmt_number(added.value)} Port Hit(s) placed (31.A.3)", *added.lines()[1:], actor=_enemy(port.owner))


def _repair(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``repair PORT [N]`` (31.A.3; RULINGS E3)."""
    asked = _amount(rest, 1, "hits to repair")
    # A repair removes at most the hits there are, as a hit adds at most up to the max damage (31.A.3, 31.A.10;
    # RULINGS E3): `repair PORT` on a port whose only marker is ½ removes it (issue 33, X3).
    n = min(asked, port.hits)
    new = P.repair_hits(port, n)
    more = (f"{fmt_number(asked)} asked, only {fmt_number(n)} to repair: Port Hits never go below 0 (31.A.3)",) if n < asked else ()
    return _changed(tables, ctx, new, f"{port.name}: {fmt_number(n)} Port Hit(s) repaired, {fmt_number(new.hits)} left (31.A.3)", *more, actor=port.owner)


def _yard(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``yard PORT hit [N] | yard PORT repair`` (Table 1 note 3; RULINGS E14)."""
    if not rest or rest[0] not in ("hit", "repair") or len(rest) > 2 or (rest[0] == "repair" and len(rest) > 1):
        raise RuleError("usage: yard PORT hit [N] | yard PORT repair (Table 1 note 3; RULINGS E14)")
    if rest[0] == "repair":
        new = Y.repair_yard(port, tables)
        return _changed(tables, ctx, new, f"{port.name}: one Marshalling Yard Hit repaired, {new.yard_hits} left (Table 1 note 3)", actor=port.owner)
    n = read_int(rest[1], "RM hits", 1) if len(rest) > 1 else 1
    new, placed = Y.hit_yard(port, n, tables)
    return _changed(tables, ctx, new, f"{port.name}: {placed.value} RM hit(s) on its marshalling yard, {new.yard_hits} in all (Table 1 note 3)",
                    *placed.notes, actor=_enemy(port.owner))


def _reduce(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``reduce PORT [N]`` (31.A.5)."""
    n = int(_amount(rest, 1, "levels", 1))
    new = P.reduce(port, n, tables)
    return _changed(tables, ctx, new, f"{port.name}: Reduced {new.reduced} (31.A.5)", actor=port.owner)


def _upgrade(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``upgrade PORT`` (31.A.5)."""
    if rest:
        raise RuleError("upgrade takes only the port (one level at a time, 31.A.5)")
    new = P.upgrade(port, tables)
    text = f"Reduced {new.reduced}" if new.reduced else "no longer reduced"
    return _changed(tables, ctx, new, f"{port.name}: upgraded one level, {text} (31.A.5)", actor=port.owner)


def _collateral(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``collateral PORT [on|off]`` (31.A.4)."""
    on = flag(rest[0], "collateral damage") if rest else not port.collateral
    new = replace(port, collateral=on)
    return _changed(tables, ctx, new, f"{port.name}: Collateral Damage {'placed' if on else 'removed'} (31.A.4)", actor=port.owner)


def _mines(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``mines PORT N`` (31.A.2; RULINGS E10)."""
    n = int(_amount(rest, 0, "mine points", 1))  # read as 0 or more: a negative count is refused by its reading
    return _changed(tables, ctx, replace(port, mines=n), f"{port.name}: {n} mine point(s), port interdiction {n} (31.A.2; RULINGS E10)",
                    actor=REFEREE)


def _trace(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``trace PORT [on|off]`` (31.A.2)."""
    on = flag(rest[0], "trace") if rest else not port.trace_ok
    verb = "can" if on else "cannot"
    return _changed(tables, ctx, replace(port, trace_ok=on), f"{port.name}: {verb} trace to a friendly functioning major or great port (31.A.2)",
                    actor=port.owner)


def _capture(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``capture PORT axis|allied [--nation NATION]`` (31.A.4, 31.A.6; RULINGS E13)."""
    if len(rest) != 1:
        raise RuleError("usage: capture PORT axis|allied (31.A.4)")
    side = side_of(rest[0])
    if side == port.owner:
        raise RuleError(f"{port.name} is already {side}-owned")
    year = ctx.year or 0
    offered = D.destruction_offered(port, side, year, tables)
    world: EuropaWorld = ctx.state.world
    nation = str(opts.get("nation") or world.captor_nation(port.name, side)).strip().lower()
    new = replace(port, owner=side, collateral=True, nation=nation)
    prompts: tuple[Pending, ...] = ()
    details = ["Collateral Damage placed (31.A.4)",
               f"owning nation now {nation or 'not set'} (RULINGS E13; another with --nation NATION)"]
    if offered.value:
        rule = tables.port_destruction
        prompts = (
            Pending(
                id=f"destroy:{port.name}", kind="roll", effect="destroy-port", dice=rule.die, subject=port.name,
                text=f"{rule.from_side.title()} may try to destroy {port.name}: roll {rule.die}, destroyed on "
                f"{', '.join(map(str, rule.destroyed_on))} — or decline",
                choices=("roll", "decline"), rule=rule.rule, raised=ctx.segment.key, expires="answer",
            ),
        )
        details.append(f"{rule.rule}: {rule.from_side} may try to destroy it — answer destroy:{port.name} roll|decline")
    return _changed(tables, ctx, new, f"{port.name} captured by {side} (31.A.4)", *details, prompts=prompts, actor=side)


def _use(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``use PORT RES [--he] [--supply]`` (31.A.1, 31.A.2)."""
    if not rest or len(rest) > 1:
        raise RuleError("usage: use PORT RES [--he] [--supply] (31.A.1)")
    res = number(rest[0], "REs")
    refuse_unusable(ctx.state.world, port)
    he = res if opts.get("he") else 0.0
    new = P.use_capacity(port, res, he, not opts.get("supply"), tables)
    cargo = "supply (SPs/SRPs)" if opts.get("supply") else "cargo"
    he_text = ", heavy equipment" if he else ""
    marker = "Port Used" if P.port_used(new, tables) else f"Capacity Used {fmt_number(P.capacity_used(new, tables).value)}"
    return _changed(tables, ctx, new, f"{port.name}: {fmt_number(res)} REs of {cargo}{he_text} through the port; {marker} (31.A.1)", actor=port.owner)


def _intrinsic(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``intrinsic PORT`` (31.A.1, 31.A.2)."""
    if rest:
        raise RuleError(f"too many arguments: {' '.join(rest)}; usage: intrinsic PORT")
    refuse_unusable(ctx.state.world, port)
    new = P.declare_intrinsic(port, tables)
    figure = P.intrinsic_capacity(port, tables)
    return _changed(tables, ctx, new, f"{port.name}: intrinsic supply capacity used ({fmt_number(figure.value)} SPs); Port Used (31.A.2)", actor=port.owner)


def _dedicate(tables: PortTables, ctx: Context, port: P.Port, rest: list[str], opts: dict[str, Any]) -> Outcome:
    """``dedicate PORT RES [--hqs N]`` (31.A.1 note #; RULINGS E8)."""
    res = _amount(rest, 0, "REs of NTs")
    if res > 0:
        refuse_unusable(ctx.state.world, port)
    hqs = whole(str(opts.get("hqs", opts.get("hq", port.army_hqs))), "Army HQs")
    new = P.dedicate_nts(port, res, hqs, tables)
    slp = P.slp_cost(new, tables)
    return _changed(tables, ctx, new, f"{port.name}: {fmt_number(res)} REs of NTs dedicated, {hqs} Army HQ(s); SLP cost {fmt_number(slp.value)} (note #; RULINGS E8)", actor=port.owner)


def _port_cmd(tables: PortTables, sea: SeaTables | None, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """``port add|edit|remove NAME ...`` (31.A.1)."""
    if not args or args[0] not in ("add", "edit", "remove"):
        raise RuleError("usage: port add NAME TYPE OWNER [key=value ...] | port edit NAME key=value ... | port remove NAME")
    world: EuropaWorld = ctx.state.world
    sub, rest = args[0], args[1:]
    if sub == "add":
        words = [a for a in rest if "=" not in a]
        pairs = [a for a in rest if "=" in a]
        if len(words) < 3:
            raise RuleError(f"usage: port add NAME TYPE OWNER [harbour=..] [hex=..] [zone=..]; TYPE one of {', '.join(PORT_TYPES)}")
        name, kind, owner = new_name(" ".join(words[:-2]), "a port's name"), words[-2].lower(), side_of(words[-1])
        if name.lower() in (n.lower() for n in world.ports):
            raise RuleError(f"there is already a port called {name}")
        port = _edit(sea, P.Port(name=name, type=kind, owner=owner), pairs, world)
        usable = dict(world.usable)
        usable[owner] = usable.get(owner, ()) + (name,)
        outcome = _changed(tables, ctx, port, f"Port added: {name}, {kind}, {owner}", actor=REFEREE)
        return replace(outcome, world=replace(outcome.world, usable=usable))
    if sub == "remove":
        port, extra = take_port(world, rest)
        if extra:
            raise RuleError(f"too many arguments: {' '.join(extra)}")
        ports = {n: p for n, p in world.ports.items() if n != port.name}
        return Outcome(replace(world, ports=ports), f"Port removed: {port.name}", actor=REFEREE)
    names = [a for a in rest if "=" not in a]
    port, extra = take_port(world, names)
    if extra:
        raise RuleError(f"expected key=value after the port name, got {' '.join(extra)}")
    pairs = [a for a in rest if "=" in a]
    if not pairs:
        raise RuleError(f"port edit {port.name} key=value ...; keys: {', '.join(sorted(EDITABLE))}")
    new = _edit(sea, port, pairs, world)
    return _changed(tables, ctx, new, f"Port edited: {port.name} ({', '.join(pairs)})", actor=REFEREE)


def _edit(sea: SeaTables | None, port: P.Port, pairs: list[str], world: EuropaWorld) -> P.Port:
    """``port`` with the ``key=value`` pairs set, checked as a scenario's port is (``sea``: its sea zone too)."""
    changes: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        key = key.strip().lower().replace("-", "_")
        if key == "zone":
            key = "sea_zone"
        kind = EDITABLE.get(key)
        if kind is None:
            raise RuleError(f"cannot set '{key}'; keys: {', '.join(sorted(EDITABLE))}")
        changes[key] = flag(value, key) if kind is bool else value.strip()
        if key in ("type", "harbour"):
            changes[key] = changes[key].lower()
        if key == "owner":
            changes[key] = side_of(value)
    new = replace(port, **changes)
    problem = port_field_problem(new)
    if problem is not None:
        raise RuleError(problem[1])
    if sea is not None and new.sea_zone:
        zid = find_zone(sea, new.sea_zone)
        if zid is not None:
            return replace(new, sea_zone=sea.sea_zones[zid].name)  # a prefix or alias: the zone's own name
        why = sea_zone_problem(sea, world.waters, new.sea_zone)
        if why:
            raise RuleError(why)
    return new


def build_verbs(tables: PortTables, sea: SeaTables | None = None) -> dict[str, Verb]:
    """The Europa port verbs: the module's handlers bound to the rule set's tables (``sea``: a port's sea zone is
    checked against its zones)."""

    verbs = [
        Verb("port", "port add|edit|remove NAME ...", "Add a port (NAME TYPE OWNER [harbour= hex= zone= nation= theatre= mainland_europe= inland= naval_base=]), edit its fields, or remove it.", "31.A.1", partial(_port_cmd, tables, sea), anytime=True, group="set-up"),
        Verb("hit", "hit PORT [N]", "Inflict N port hits (default 1): doubled on an artificial harbour, halved on a natural one, capped at max damage.", "31.A.3, 31.A.9, 31.A.10", partial(_one_port, _hit, tables), group="ports"),
        Verb("repair", "repair PORT [N]", "Remove N Port Hits (default 1; ½ for a fractional marker), never more than the port has; a port destroyed under 31.A.6 only once it has been upgraded.", "31.A.3, 31.A.6; RULINGS E12", partial(_one_port, _repair, tables), anytime=True, group="ports"),
        Verb("yard", "yard PORT hit [N] | yard PORT repair", "Marshalling Yard Hit markers of a major (at most 1) or great (at most 2) port: place RM hits, or repair one. They affect rail capacity, which the app does not model.", "31.A.1 Table 1 note 3; RULINGS E12, E14", partial(_one_port, _yard, tables), anytime=True, group="ports"),
        Verb("reduce", "reduce PORT [N]", "Place or raise a Reduced marker by N levels (default 1; at most 4).", "31.A.5", partial(_one_port, _reduce, tables), anytime=True, group="ports"),
        Verb("upgrade", "upgrade PORT", "Raise a reduced port one level (engineering).", "31.A.5, 31.A.6", partial(_one_port, _upgrade, tables), anytime=True, group="ports"),
        Verb("collateral", "collateral PORT [on|off]", "Place or remove a Collateral Damage marker (acts one level smaller).", "31.A.4", partial(_one_port, _collateral, tables), anytime=True, group="ports"),
        Verb("capture", "capture PORT axis|allied [--nation NATION]", "Change ownership: places Collateral Damage, and offers the 31.A.6 destruction roll where it applies. The port takes its captor's nation: --nation, else the scenario's default for that side and port (the Axis: German unless the scenario says otherwise), so 31.A.6 applies again to a port the Axis retakes.", "31.A.4, 31.A.6; RULINGS E13", partial(_one_port, _capture, tables), group="ports", options=("nation",)),
        Verb("use", "use PORT RES [--he] [--supply]", "Embark/disembark REs through the port (heavy equipment with --he, SPs/SRPs with --supply); refused over capacity. RES is each unit's base RE size, not its transport size (Table 1 note 6).", "31.A.1, 31.A.2; Table 1 note 6", partial(_one_port, _use, tables), group="ports", options=("he", "supply")),
        Verb("intrinsic", "intrinsic PORT", "Declare the port's intrinsic supply capacity used (only while no capacity is marked used).", "31.A.1, 31.A.2", partial(_one_port, _intrinsic, tables), anytime=True, group="ports"),
        Verb("dedicate", "dedicate PORT RES [--hqs N]", "Dedicate REs of NTs to the port to lower its SLP cost, after one RE per Army HQ.", "31.A.1 note #, note 1", partial(_one_port, _dedicate, tables), anytime=True, group="ports", options=("hqs", "hq")),
        Verb("mines", "mines PORT N", "Set the mine points in the port hex (each is one level of port interdiction).", "31.A.2", partial(_one_port, _mines, tables), anytime=True, group="ports"),
        Verb("trace", "trace PORT [on|off]", "Whether the port traces to a friendly functioning major or great port (needed for intrinsic supply).", "31.A.2", partial(_one_port, _trace, tables), anytime=True, group="ports"),
    ]
    return {v.name: v for v in verbs}


def port_field_names() -> list[str]:
    """Names of every Port field (for ``show`` and tests)."""
    return [f.name for f in fields(P.Port)]
