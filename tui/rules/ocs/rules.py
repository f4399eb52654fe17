"""OCS 19.0 as the phase machine and the screens call it: who acts, the end of a phase and of a turn, the first player
and weather answers, the Ports and Sea Cap views, markers and explanations.

Each function takes the rule set's tables as its first argument; :func:`.ruleset.load` binds them.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained
from ..core.phases import Reported, Segment, Sequence
from ..core.ruleset import Context, Outcome
from ..core.state import GameState, Pending
from . import ports as P
from . import shipping as S
from .tables import OcsTables
from .world import OcsWorld, resolve_name, world_from_scenario

FIRST, SECOND = "first", "second"
"""The sequence's names of the player turns: OCS decides each turn who moves first."""


def _resolve_side(sides: tuple[str, ...], state: GameState, side: str) -> str:
    """``first`` is the side the first player determination put first this turn (the scenario's until then),
    ``second`` the other one; other names are sides already."""
    world: OcsWorld = state.world
    if side == FIRST:
        return world.first
    if side == SECOND:
        return next((s for s in sides if s != world.first), world.first)
    return side


def _world_from_scenario(tables: OcsTables, raw: Any, file: str) -> OcsWorld:
    """A scenario's world, its ports checked against the tables."""
    return world_from_scenario(raw, file, tables)


def _acting_side(tables: OcsTables, state: GameState, seg: Segment) -> str:
    """The side acting in ``seg``: the player turn's side, or the other one where the step says ``other``."""
    side = _resolve_side(tables.sides, state, seg.side)
    if seg.acting == "other" and side in tables.sides:
        return next((s for s in tables.sides if s != side), side)
    return side


def _acting(tables: OcsTables, ctx: Context) -> str:
    """The side acting in the segment now."""
    return _acting_side(tables, ctx.state, ctx.segment)


def _reset_phase(ctx: Context, world: OcsWorld, side: str) -> tuple[OcsWorld, list[str]]:
    """19.0a: capacity is per phase; what was used this phase is free again when it ends."""
    cleared = [n for n, p in world.ports.items() if p.used or p.oversize]
    if not cleared:
        return world, []
    ports = {n: P.clear_phase(p) if n in cleared else p for n, p in world.ports.items()}
    return replace(world, ports=ports), [Reported(f"Port capacity used this phase freed at {', '.join(cleared)} (19.0a)")]


def _end_turn(tables: OcsTables, ctx: Context, world: OcsWorld, side: str) -> tuple[OcsWorld, list[str]]:
    """19.0c, 19.0d (RULINGS O2), 19.0f: once-a-turn limits and the Shipping Allowance start again."""
    ports = {n: P.clear_turn(p) for n, p in world.ports.items()}
    new = replace(world, ports=ports, shipped={s: 0 for s in tables.sides}, weather=None)
    return new, [Reported("New turn: voluntary reduction and repair limits and each side's Sea Cap start again (19.0c, 19.0d, 19.0f)")]


def _answer_first(tables: OcsTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """First player determination: the chosen side moves first this turn."""
    world: OcsWorld = ctx.state.world
    second = _resolve_side(tables.sides, ctx.state.with_world(replace(world, first=value)), SECOND)
    # no side owns it (OCS 19.0 does not say who determines it): either player answers it by e-mail (issue 32)
    return Outcome(replace(world, first=value), f"{value.title()} moves first this turn, {second} second")


def _answer_weather(ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Weather: the roll is kept and read on the game's own Weather Table."""
    world: OcsWorld = ctx.state.world
    roll = ctx.roll(prompt.dice, "weather")
    return Outcome(replace(world, weather=roll.total), f"Weather roll {roll.total}: read it on your game's Weather Table")


def _port_rows(tables: OcsTables, state: GameState) -> list[dict[str, Any]]:
    """The Ports mode: each port with its figures (19.0a, 19.0b, 19.0e)."""
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


def _shipping_rows(tables: OcsTables, state: GameState) -> list[dict[str, Any]]:
    """Each side's Sea Cap this turn (19.0f)."""
    world: OcsWorld = state.world
    rows = []
    for side in tables.sides:
        fig = S.shipping_figures(world, side, tables)
        rows.append({"name": side, "side": side, "points": S.points(S.allowance_tokens(world, side, tables), tables),
                     "allowance": fig["allowance"].value, "used": fig["used"].value, "left": fig["left"].value,
                     "first": side == world.first, "left_tokens": S.left_tokens(world, side, tables)})
    return rows


def _marker_rows(tables: OcsTables, state: GameState, seq: Sequence) -> list[dict[str, Any]]:
    """Every port marker, with when it goes."""
    seg = seq.at(state.flow.index)
    phase = seg.names[2] if len(seg.names) > 2 else seg.names[-1]
    rows = []
    for port in state.world.ports.values():
        for name, value, expires in P.markers(port, tables):
            expires = expires.replace("end of this phase", f"end of this {phase}")
            rows.append({"marker": name, "value": value, "place": port.name, "side": port.owner, "expires": expires})
    return rows


def _explain(tables: OcsTables, state: GameState, name: str) -> list[Explained]:
    """The figures of a port by name, or a side's Sea Cap (a side's name, or ``sea cap``)."""
    world: OcsWorld = state.world
    try:
        key = resolve_name(name, list(world.ports))
    except RuleError:
        wanted = name.strip().lower()
        sides = [s for s in tables.sides if s == wanted] or (list(tables.sides) if wanted in ("sea cap", "seacap", "shipping") else [])
        return [e for s in sides for e in S.shipping_figures(world, s, tables).values()]
    return list(P.port_figures(world.ports[key], tables).values())
