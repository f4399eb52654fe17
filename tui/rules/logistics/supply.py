"""Supply reminders (seed 002: Airfields ¶6, Mulberries ¶1): what the app can trace on the board, and what it leaves
to the referee.

The app holds no units, so it cannot say whether a unit is in supply. It can
say where a Mulberry's supply reaches: its adjacent land hexes, then on by
road (a road crossing a river only by a standing bridge, never through a
destroyed canal; Destruction ¶2). Enemy units in the way are the referee's
to judge. Units on an airfield trace to a city as any others: the airfield
is no source (Airfields ¶6). The lines are shown on entering a movement
segment, for the side moving.
"""

from __future__ import annotations

from ..core.explain import Explained, Term
from .tables import LogisticsTables
from .world import LogisticsWorld, bridge_id


def _blocked(world: LogisticsWorld, a: str, b: str) -> bool:
    """Whether a road link cannot carry supply: over a river without a standing bridge, or into a destroyed canal."""
    side = bridge_id(a, b)
    rivers = {bridge_id(x, y) for x, y in world.rivers}
    if side in rivers:
        bridge = world.crossings.get(side)
        if bridge is None or bridge.destroyed:
            return True
    canal = world.crossings.get(b)  # a canal is keyed by its hex, a bridge by its hexside (never a hex id)
    return bool(canal and canal.destroyed)


def mulberry_reach(world: LogisticsWorld, hex_id: str) -> list[str]:
    """The hexes a Mulberry supplies: its adjacent land hexes, and on by road from them (Mulberries ¶1)."""
    start = [world.id(n) for n in world.grid.neighbours(world.at(hex_id))]
    seen = {h for h in start if not world.is_sea(h)}
    todo = sorted(seen)
    while todo:
        here = todo.pop()
        for there in world.linked(here, world.roads):
            if there not in seen and there != hex_id and not _blocked(world, here, there):
                seen.add(there)
                todo.append(there)
    return sorted(seen)


def mulberry_supply_figure(world: LogisticsWorld, hex_id: str, tables: LogisticsTables) -> Explained:
    """How many hexes the Mulberry's supply reaches, adjacent and by road (Mulberries ¶1)."""
    rule = tables.mulberries.port_capacity.rule
    near = {world.id(n) for n in world.grid.neighbours(world.at(hex_id))}
    reach = mulberry_reach(world, hex_id)
    adjacent = [h for h in reach if h in near]
    road = [h for h in reach if h not in near]
    return Explained(f"Hexes the Mulberry at {hex_id} supplies", len(reach), rule, (
        Term("adjacent land hexes: " + (" ".join(adjacent) or "none"), len(adjacent), rule),
        Term("on by road: " + (" ".join(road) or "none"), len(road), f"{rule}; Destruction ¶2 (no destroyed bridge or canal)"),
    ), ("enemy units on the way are the referee's to judge: the app holds no units",))


def reminder(world: LogisticsWorld, side: str, turn: int, tables: LogisticsTables) -> list[str]:
    """The supply lines of ``side``'s movement segment: its airfields trace to a city, its Mulberries' reach by road."""
    lines: list[str] = []
    fields = sorted(h for h, f in world.airfields.items() if f.owner == side)
    if fields:
        lines.append(f"Supply: units on {side}'s airfields ({' '.join(fields)}) trace a supply line to a City; "
                     f"an airfield is no source of supply ({tables.airfields.supply_source.rule})")
    for h, m in sorted(world.mulberries.items()):
        if m.owner != side:
            continue
        if turn < m.usable_from:
            lines.append(f"Supply: the Mulberry in {world.label(h)} is no port for {side} until turn {m.usable_from} "
                         f"({tables.mulberries.capture_delay_turns.rule})")
            continue
        reach = mulberry_reach(world, h)
        lines.append(f"Supply: the Mulberry in {world.label(h)} supplies its adjacent hexes and on by road: {' '.join(reach) or 'none'} "
                     f"({tables.mulberries.port_capacity.rule}; enemy units on the way are yours to judge)")
    return lines
