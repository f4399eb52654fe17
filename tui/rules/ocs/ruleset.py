"""Wires the OCS tables, verbs, effects and views into a :class:`RuleSet` (seed 001, 19.0 Ports and Shipping).

OCS decides each turn who moves first, so the sequence names its player turns
``first`` and ``second`` and :func:`resolve_side` reads the answer of the
first player determination from the world.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from ..core.actions import OTHER_SIDE, SIDES, Action, Field
from ..core.errors import DataError, RuleError
from ..core.explain import Explained
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, Reported, Segment, Sequence, build_sequence
from ..core.ruleset import check_sequence_names, Column, Context, Outcome, RuleSet
from ..core.state import GameState, Pending
from .duties import ocs_duties
from . import ports as P
from . import shipping as S
from .tables import OCS_TABLES, OcsTables
from .verbs import answer_confirm, build_verbs
from .world import OcsWorld, resolve_name, world_from_data, world_from_scenario, world_to_data

PORT_COLUMNS = (
    Column("name", "Port", 14),
    Column("owner", "Owner", 7, priority=2),
    Column("capacity", "Capacity", 9, priority=2),
    Column("used", "Used", 8),
    Column("capacity_left", "Left", 8, priority=3),
    Column("hits", "Hits", 4, priority=3),
    Column("shut_down", "Shut down", 5, priority=2),
    Column("zoc_negated", "ZOC negated", 5),
    Column("supply_capacity", "Supply cap", 9),
    Column("supply_source", "Supply source", 6),
    Column("oversize", "Oversize unit", 8),
    Column("undamaged", "Undamaged", 9),
    Column("hex", "Hex", 8, priority=1),
)
SHIPPING_COLUMNS = (
    Column("side", "Side", 8),
    Column("points", "Points", 6),
    Column("allowance", "Sea Cap", 9),
    Column("used", "Used", 9),
    Column("left", "Left", 9),
)
FIRST, SECOND = "first", "second"

# --- the keys of the Ports mode (RuleSet.actions; see core/actions.py) -------------------------
_AMOUNT = Field("amount", "Amount", required=True, placeholder="3 SP 2T, 2SP, 1T or 1.5 (SP)")
_UNIT = Field("unit", "One combat unit (its TE)", "flag", option="--unit")
_PORT_FORM = (
    Field("name", "Name", required=True, prefill="name", placeholder="e.g. Sidi Barrani"),
    Field("owner", "Owner", "choice", choices_from=SIDES, prefill="owner"),
    Field("capacity", "Capacity", prefill="undamaged", placeholder="3 SP 2T (blank with a track)"),
    Field("hex", "Hex", prefill="hex", placeholder="optional"),
    Field("supply", "Supply source", "choice", choices=("no", "yes"), prefill="supply_source"),
    Field("track", "Damage Track", prefill="damage_track", placeholder="e.g. 4SP,3SP,2SP,1SP,2T (optional)"),
)
PORT_ACTIONS = (
    Action("load", "l", "Load", "load {name} {amount} {unit}", "Load cargo or one combat unit (19.0a)", "19.0a", target="ports",
           dialog="Load at {name}", ok="Load", fields=(_AMOUNT, _UNIT),
           text="19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left)."),
    Action("unload", "u", "Unload", "unload {name} {amount} {unit}", "Unload cargo or one combat unit (19.0a)", "19.0a",
           target="ports", dialog="Unload at {name}", ok="Unload", fields=(_AMOUNT, _UNIT),
           text="19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left)."),
    Action("arrive", "v", "Arrive", "arrive {name} {amount} {unit}", "Arrivals without an ALT roll count against capacity (18.5g)",
           "19.0a, 18.5g", target="ports", footer=False, title="Arrival without ALT roll at", dialog="Arrive at {name}",
           ok="Arrive", fields=(_AMOUNT, _UNIT),
           text="18.5g, 19.0a: units or supplies arriving without an ALT roll use the port's capacity ({capacity_left} left)."),
    Action("ship", "s", "Ship", "ship {name} {to} {amount} {unit} {move_mode} {no_move}",
           "Sea Cap: ship cargo port to port, charging both ports and the allowance (19.0f)", "19.0f", target="ports",
           title="Sea Cap from", dialog="Sea Cap from {name}", ok="Ship",
           text="19.0f: Movement Phase only; both ports' capacities and the side's Shipping Allowance are charged. "
                "A unit must be in Move Mode and not move before or after (asked if not ticked).",
           fields=(Field("to", "To port", "choice", choices_from="ports:name"), _AMOUNT, _UNIT,
                   Field("move_mode", "Unit in Move Mode", "flag", option="--move-mode"),
                   Field("no_move", "No move before/after", "flag", option="--no-move"))),
    Action("hit", "h", "Hit", "hit {name} {n}", "Hits from the Barrage vs. Facility Table (19.0b)", "19.0b", target="ports",
           text="19.0b: hits from the Barrage vs. Facility Table; never more than 4 on a port (RULINGS O1).",
           fields=(Field("n", "Hits", "number", default=1, min=1, max=4, step=1),)),
    Action("reduce", "d", "Reduce", "reduce {name}", "Voluntary reduction: 1 hit, once a turn, Movement Phase (19.0c)", "19.0c",
           target="ports", footer=False, title="Voluntary reduction of"),
    Action("repair", "r", "Repair", "repair {name}", "Repair 1 hit with an engineer for 1 SP, Movement Phase (19.0d)", "19.0d",
           target="ports"),
    Action("zoc", "z", "ZOC", "zoc {name}", "Toggle: the port is in an enemy ZOC, shut down (19.0a)", "19.0a", target="ports",
           footer=False, title="Enemy ZOC on/off at"),
    Action("negate", "e", "Negate", "negate {name}", "Toggle: the enemy ZOC is negated for trace supply (19.0a, 4.5a)",
           "19.0a, 4.5a", target="ports", footer=False, title="ZOC negated for supply at"),
    Action("capture", "x", "Capture", "capture {name} {side}", "The port changes hands (9.14h)", "9.14h", target="ports",
           footer=False, text="9.14h: captured by which side?",
           fields=(Field("side", "Side", "choice", choices_from=SIDES, prefill=OTHER_SIDE),)),
    Action("allowance", "t", "Allowance", "allowance {side} {points}", "Set a side's Shipping Allowance per turn (19.0f)", "19.0f",
           footer=False, title="Sea Cap allowance", dialog="Shipping Allowance", ok="Set",
           text="19.0f: points per turn; each point moves 1 SP of cargo.",
           fields=(Field("side", "Side", "choice", choices_from=SIDES), Field("points", "Points", "number", min=0, required=True))),
    Action("add", "a", "Add", "port add {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track}",
           "Add a port (owner, capacity, hex, supply source, Damage Track)", "19.0a, 19.0e", title="Add a port",
           dialog="Add a port", ok="Add", text="19.0a, 19.0e: capacity in SP and Tokens, or the port's own Damage Track.",
           fields=_PORT_FORM),
    Action("edit", "o", "Edit", "port edit {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track} hits={hits}",
           "Edit the port's owner, capacity, hex, supply source, Damage Track, hits", "19.0a, 19.0b, 19.0e", target="ports",
           dialog="Edit port {name}", ok="Save", changed_only=True,
           text="19.0a, 19.0b, 19.0e: only the fields you change are sent.",
           fields=(replace(_PORT_FORM[0], disabled=True), *_PORT_FORM[1:],
                   Field("hits", "Hits", "number", min=0, max=4, step=1, prefill="hits"))),
)
"""The Ports mode's keys."""


def side_resolver(sides: tuple[str, ...]):
    """The rule set's ``resolve_side``: ``first`` is the side the first player determination put first
    this turn (the scenario's until then), ``second`` the other one; other names are sides already."""

    def resolve_side(state: GameState, side: str) -> str:
        world: OcsWorld = state.world
        if side == FIRST:
            return world.first
        if side == SECOND:
            return next((s for s in sides if s != world.first), world.first)
        return side

    return resolve_side


def _check_first_player(parts: tuple[Any, ...], files: tuple[str, ...]) -> tuple[Any, ...]:
    """The first player prompt's choices must be sides."""
    tables, spec = parts
    for step_id, step in spec.steps.items():
        for prompt in step.prompts:
            if prompt.effect == "first-player" and (not prompt.choices or set(prompt.choices) - set(tables.sides)):
                where = f"table sequence, key steps.{step_id}.prompts"
                raise DataError(files[0], where, f"the first player choices must be sides ({', '.join(tables.sides)})")
    return parts


DATA = RuleData("ocs", (("ocs.toml", (OCS_TABLES, SEQUENCE)),), _check_first_player, modules=("tui.rules.ocs.amounts",))
"""What the rule set reads: the tables and the turn sequence of ``ocs.toml``."""


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """Load ``rulesets/ocs.toml`` (through ``cache`` if given) and build the rule set; data errors name file, table
    and key."""
    path = data_dir / "rulesets" / "ocs.toml"
    tables: OcsTables
    tables, spec = load_data(data_dir, DATA, cache)
    sequence = build_sequence(spec, path.name)
    resolve_side = side_resolver(tables.sides)

    def acting_side(state: GameState, seg: Segment) -> str:
        side = resolve_side(state, seg.side)
        if seg.acting == "other" and side in tables.sides:
            return next((s for s in tables.sides if s != side), side)
        return side

    def acting(ctx: Context) -> str:
        return acting_side(ctx.state, ctx.segment)

    verbs, actions = build_verbs(tables, sequence, acting)

    def reset_phase(ctx: Context, world: OcsWorld, side: str) -> tuple[OcsWorld, list[str]]:
        """19.0a: capacity is per phase; what was used this phase is free again when it ends."""
        cleared = [n for n, p in world.ports.items() if p.used or p.oversize]
        if not cleared:
            return world, []
        ports = {n: P.clear_phase(p) if n in cleared else p for n, p in world.ports.items()}
        return replace(world, ports=ports), [Reported(f"Port capacity used this phase freed at {', '.join(cleared)} (19.0a)")]

    def end_turn(ctx: Context, world: OcsWorld, side: str) -> tuple[OcsWorld, list[str]]:
        """19.0c, 19.0d (RULINGS O2), 19.0f: once-a-turn limits and the Shipping Allowance start again."""
        ports = {n: P.clear_turn(p) for n, p in world.ports.items()}
        new = replace(world, ports=ports, shipped={s: 0 for s in tables.sides}, weather=None)
        return new, [Reported("New turn: voluntary reduction and repair limits and each side's Sea Cap start again (19.0c, 19.0d, 19.0f)")]

    def answer_first(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """First player determination: the chosen side moves first this turn."""
        world: OcsWorld = ctx.state.world
        second = resolve_side(ctx.state.with_world(replace(world, first=value)), SECOND)
        return Outcome(replace(world, first=value), f"{value.title()} moves first this turn, {second} second", actor=value)

    def answer_weather(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Weather: the roll is kept and read on the game's own Weather Table."""
        world: OcsWorld = ctx.state.world
        roll = ctx.roll(prompt.dice, "weather")
        return Outcome(replace(world, weather=roll.total), f"Weather roll {roll.total}: read it on your game's Weather Table")

    def port_rows(state: GameState) -> list[dict[str, Any]]:
        rows = []
        for port in state.world.ports.values():
            fig = P.port_figures(port, tables)
            rows.append({
                "name": port.name, "owner": port.owner, "hex": port.hex,
                "capacity": fig["capacity"].value, "used": fig["used"].value, "capacity_left": fig["capacity_left"].value,
                "hits": port.hits, "shut_down": port.enemy_zoc, "zoc_negated": port.zoc_negated,
                "supply_capacity": fig["supply_capacity"].value, "supply_source": fig["supply_source"].value,
                "oversize": P.fmt(port.oversize, tables) if port.oversize else "",
                "undamaged": fig["undamaged"].value, "damage_track": [P.fmt(t, tables) for t in port.damage_track],
                "capacity_tokens": P.capacity_tokens(port, tables), "used_tokens": port.used,
                "left_tokens": P.left_tokens(port, tables), "reduced_this_turn": port.reduced_this_turn,
                "repaired_this_turn": port.repaired_this_turn,
            })
        return rows

    def shipping_rows(state: GameState) -> list[dict[str, Any]]:
        world: OcsWorld = state.world
        rows = []
        for side in tables.sides:
            fig = S.shipping_figures(world, side, tables)
            rows.append({"name": side, "side": side, "points": S.points(S.allowance_tokens(world, side, tables), tables),
                         "allowance": fig["allowance"].value, "used": fig["used"].value, "left": fig["left"].value,
                         "first": side == world.first, "left_tokens": S.left_tokens(world, side, tables)})
        return rows

    def marker_rows(state: GameState, seq: Sequence) -> list[dict[str, Any]]:
        seg = seq.at(state.flow.index)
        phase = seg.names[2] if len(seg.names) > 2 else seg.names[-1]
        rows = []
        for port in state.world.ports.values():
            for name, value, expires in P.markers(port, tables):
                expires = expires.replace("end of this phase", f"end of this {phase}")
                rows.append({"marker": name, "value": value, "place": port.name, "side": port.owner, "expires": expires})
        return rows

    def explain(state: GameState, name: str) -> list[Explained]:
        world: OcsWorld = state.world
        try:
            key = resolve_name(name, list(world.ports))
        except RuleError:
            wanted = name.strip().lower()
            sides = [s for s in tables.sides if s == wanted] or (list(tables.sides) if wanted in ("sea cap", "seacap", "shipping") else [])
            return [e for s in sides for e in S.shipping_figures(world, s, tables).values()]
        return list(P.port_figures(world.ports[key], tables).values())

    rs = RuleSet(
        id="ocs",
        name="OCS — 19.0 Ports and Shipping",
        sides=tables.sides,
        sequence=sequence,
        verbs=verbs,
        effects={"reset-port-use": reset_phase, "end-turn": end_turn},
        answers={"first-player": answer_first, "weather": answer_weather, "confirm": answer_confirm(actions)},
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        views={"ports": port_rows, "shipping": shipping_rows},
        duties=ocs_duties(port_rows, shipping_rows),
        columns={"ports": PORT_COLUMNS, "shipping": SHIPPING_COLUMNS},
        markers=marker_rows,
        explain=explain,
        world_from_scenario=lambda raw, file: world_from_scenario(raw, file, tables),
        resolve_side=resolve_side,
        default_scenario="ocs-western-desert-1941",
        source_files=(str(path),),
        tables=tables,
        actions={"ports": PORT_ACTIONS},
    )
    check_sequence_names(rs, path.name)
    return rs
