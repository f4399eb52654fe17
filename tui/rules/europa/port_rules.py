"""Europa's port rules as the phase machine and the screens call them: start-of-phase usable ports (31.A), usage
markers going (31.A.1; RULINGS E11), the destruction roll (31.A.6), the sea state (31.A.12), the Ports view, markers
and explanations, and the ports "ever owned" (33.B.8.a).

Each function takes the rule set's tables as its first arguments; :func:`.ruleset.load` binds them.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, fmt_number
from ..core.phases import Reported, Sequence, turn_label
from ..core.ruleset import Context, Handler, Outcome, Verb
from ..core.state import GameState, Pending
from . import destruction as D
from . import ports as P
from .sea_views import explain_sea, sea_markers
from .seatables import SeaTables
from .tables import PortTables
from .yards import yard_figure
from .world import EuropaWorld, check_saved_zones, resolve_name, world_from_data, world_from_scenario
from .zones import slp_count


def _tracked(inner: Handler, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Run ``inner``, then record every port's owner among the ports its side ever owned (33.B.8.a)."""
    outcome = inner(ctx, args, opts)
    world: EuropaWorld = outcome.world
    sea = world.sea
    for port in world.ports.values():
        sea = sea.owned_once(port.owner, port.name)
    return outcome if sea is world.sea else replace(outcome, world=replace(world, sea=sea))


def track_ownership(verb: Verb) -> Verb:
    """Wrap a verb that may change port owners so every side's ports "ever owned" are kept (33.B.8.a)."""
    inner = verb.handler
    assert inner is not None
    return replace(verb, handler=partial(_tracked, inner))


def _turn_label(sequence: Sequence, turn: int) -> str:
    """The calendar name of game turn ``turn``."""
    return turn_label(sequence.calendar, turn)


def _world_from_data(sea: SeaTables, data: Any) -> EuropaWorld:
    """A saved world, its sea zone names checked against the sea tables."""
    return check_saved_zones(world_from_data(data), sea)


def _world_from_scenario(sea: SeaTables, raw: Any, file: str) -> EuropaWorld:
    """A scenario's world, its sea zones checked against the sea tables."""
    return world_from_scenario(raw, file, sea)


def _record_usable(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
    """31.A: a player may use only the ports he owns at the start of his initial phase."""
    owned = tuple(n for n, p in world.ports.items() if p.owner == side)
    usable = {**world.usable, side: owned}
    return replace(world, usable=usable), [f"{side.title()} may use {len(owned)} port(s) this turn (owned now, 31.A)"]


def _remove_usage(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
    """31.A.1 / E11: Port Used and Capacity Used markers of the owning side go."""
    cleared = []
    ports = dict(world.ports)
    for name, port in world.ports.items():
        if port.owner == side and (port.capacity_used or port.nts_dedicated or port.intrinsic_used or port.he_used):
            ports[name] = P.clear_usage(port)
            cleared.append(name)
    line = f"Port Used / Capacity Used removed from {len(cleared)} {side} port(s) (31.A.1)"
    if cleared:  # markers removed: part of the event's summary (issue 22 point 7)
        return replace(world, ports=ports), [Reported(line + ": " + ", ".join(cleared))]
    return replace(world, ports=ports), [line]


def _answer_sea_state(ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Sea conditions this game turn (calm, rough, stormy), used by Mulberry towing and emplacement (31.A.12)."""
    world: EuropaWorld = ctx.state.world
    return Outcome(replace(world, sea_state=value), f"Sea conditions this turn: {value} (31.A.12)")


def _answer_destroy(tables: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """31.A.6: the losing player may roll to destroy the port; 1-5 destroys it."""
    world: EuropaWorld = ctx.state.world
    port = world.port(prompt.subject)
    side = tables.port_destruction.from_side  # the Axis player decides and rolls, usually in the Allied turn (issue 32)
    if value.lower() in ("decline", "no"):
        return Outcome(world, f"{port.name}: the {side} player declines to destroy it (31.A.6)", actor=side)
    roll = ctx.roll(prompt.dice, f"31.A.6 destruction of {port.name}")
    result = D.destruction_result(roll.total, tables)
    if not result.value:
        return Outcome(world, f"{port.name}: destruction roll {roll.total} — not destroyed (31.A.6)", explanations=(result,), actor=side)
    new = D.destroy(port, tables)
    return Outcome(
        world.with_port(new),
        f"{port.name}: destruction roll {roll.total} — destroyed: Reduced {new.reduced}, {fmt_number(new.hits)} Port Hits (31.A.6)",
        explanations=(result,),
        actor=side,
    )


def _port_rows(sea: SeaTables, tables: PortTables, state: GameState) -> list[dict[str, Any]]:
    """The Ports mode: each port with its figures and markers (31.A)."""
    rows = []
    for port in state.world.ports.values():
        fig = P.port_figures(port, tables)
        row: dict[str, Any] = {k: v.value for k, v in fig.items()}
        row.update(name=port.name, owner=port.owner, type=port.type, harbour=port.harbour, sea_zone=port.sea_zone, hex=port.hex)
        row["markers"] = ", ".join(f"{m} {v}".strip() for m, v in P.markers(port, tables))
        row["usable"] = port.name in state.world.usable.get(port.owner, ())
        row["nation"] = port.nation
        row["hits"] = port.hits  # the most a repair takes (31.A.3)
        row["hits_to_max"] = P.hits_to_max(port, tables)  # the most hits that still count (31.A.3)
        row["captor_nation"] = state.world.captor_nation(port.name, "axis" if port.owner == "allied" else "allied")
        row["slp_count"] = slp_count(state.world, sea, tables, port).value
        if port.inland:
            row["inland_route"] = P.inland_route(port).value
        rows.append(row)
    return rows


def _marker_rows(sea: SeaTables, tables: PortTables, label: Callable[[int], str], state: GameState, seq: Sequence) -> list[dict[str, Any]]:
    """Every marker of the ports, with when it goes, then the sea's."""
    rows = []
    for port in state.world.ports.values():
        for name, value in P.markers(port, tables):
            if name in ("Port Used", "Capacity Used"):
                expires = f"end of the {port.owner.title()} reinforcement phase (31.A.1)"
            elif name == "Collateral Damage":
                expires = "until removed (31.A.4)"
            elif name in ("Port Hit",):
                expires = "until repaired (31.A.3)"
            elif name == "Marshalling Yard Hit":
                expires = "until repaired, one at a time (Table 1 note 3; RULINGS E14)"
            elif name.startswith("Reduced") or name == "Destroyed":
                expires = "until upgraded (31.A.5)"
            else:
                expires = "while it applies"
            rows.append({"marker": name, "value": value, "place": port.name, "side": port.owner, "expires": expires})
    return rows + sea_markers(state, sea, label)


def _explain(sea: SeaTables, tables: PortTables, state: GameState, name: str) -> list[Explained]:
    """The figures of a port by name, else of a sea name (33, 31.A.12, 31.B)."""
    world: EuropaWorld = state.world
    try:
        key = resolve_name(name, list(world.ports))
    except RuleError:
        return explain_sea(state, sea, tables, name)
    port = world.ports[key]
    figures = list(P.port_figures(port, tables).values()) + [slp_count(world, sea, tables, port)]
    if port.yard_hits:
        figures.append(yard_figure(port, tables))
    if port.inland:
        figures.append(P.inland_route(port))
    return figures
