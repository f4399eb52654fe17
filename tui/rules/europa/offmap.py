"""Off-map ports (31.A.8) and naval groups in transit with their step counter.

Each off-map port has a type, a holding box and its distance in hexes to one
or more map entry hexes or boxes. A naval group moving between the map and a
holding box (or between two boxes) may need several naval movement steps: the
app keeps the count ("numbered markers"), advancing it at the end of every
naval movement step in which the group's side moves. No group may move to an
enemy off-map port.
"""

from __future__ import annotations

import math
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from .seaworld import NavalGroup, OffMapPort
from ..core.names import resolve_name

RULE = "31.A.8"


def find_port(world: Any, name: str) -> OffMapPort | None:
    """The off-map port called ``name`` (any case), or None."""
    return next((o for o in world.sea.offmap.values() if o.name.lower() == name.strip().lower()), None)


def distance(port: OffMapPort, entry: str) -> int:
    """Hexes from the off-map port to an entry hex or box (31.A.8)."""
    for key, hexes in port.distances.items():
        if key.lower() == entry.strip().lower():
            return hexes
    raise RuleError(f"{port.name} lists no distance to '{entry}'; it lists: {', '.join(port.distances)} ({RULE})")


def add_group(world: Any, name: str, side: str, origin: str, destination: str, steps: int, cargo: str = "") -> Any:
    """Start a naval group moving off-map; refused towards an enemy off-map port (31.A.8)."""
    if name.lower() in (g.lower() for g in world.sea.groups):
        raise RuleError(f"there is already a naval group called {name} in transit")
    for end in (origin, destination):
        port = find_port(world, end)
        if port is not None and port.side != side:
            raise RuleError(f"{port.name} is an {port.side.title()} off-map port: a naval group may not move to an enemy off-map port ({RULE})")
        listed = next((p for p in world.ports.values() if p.name.lower() == end.strip().lower()), None)
        if listed is not None and listed.owner != side:  # an off-map port kept with the map's ports (Krasnovodsk)
            raise RuleError(f"{listed.name} is an {listed.owner.title()} port: a naval group may not move to an enemy "
                            f"off-map port ({RULE})")
    if steps < 1:
        raise RuleError(f"a move takes 1 or more naval movement steps ({RULE})")
    group = NavalGroup(name, side, origin, destination, steps, 0, cargo)
    return replace(world, sea=replace(world.sea, groups={**world.sea.groups, name: group}))


def steps_for(port: OffMapPort, entry: str, allowance: int) -> int:
    """Naval movement steps to cover the distance at ``allowance`` hexes per step (rounded up)."""
    if allowance < 1:
        raise RuleError("hexes per naval movement step must be 1 or more")
    return max(1, math.ceil(distance(port, entry) / allowance))


def take_group(world: Any, name: str) -> NavalGroup:
    """The group called ``name`` (any case or unique prefix)."""
    names = list(world.sea.groups)
    if not names:
        raise RuleError(f"no naval groups are in transit ({RULE})")
    try:
        return world.sea.groups[resolve_name(name, names, "naval group in transit")]
    except RuleError as exc:  # none of that name, or a beginning that could be several: with the list
        raise RuleError(f"{exc}; in transit: {', '.join(names)}") from None


def step(world: Any, group: NavalGroup) -> tuple[Any, str]:
    """One naval movement step done; the group arrives at its last step (31.A.8)."""
    done = group.done + 1
    if done >= group.steps:
        groups = {n: g for n, g in world.sea.groups.items() if n != group.name}
        return replace(world, sea=replace(world.sea, groups=groups)), f"{group.name} arrives at {group.destination} ({RULE})"
    groups = {**world.sea.groups, group.name: replace(group, done=done)}
    return replace(world, sea=replace(world.sea, groups=groups)), f"{group.name}: step {done} of {group.steps} towards {group.destination} ({RULE})"


def advance(world: Any, side: str) -> tuple[Any, list[str]]:
    """End of a naval movement step of ``side``: every group of that side moves one step on."""
    lines = []
    for group in list(world.sea.groups.values()):
        if group.side == side:
            world, line = step(world, group)
            lines.append(line)
    return world, lines


def remove_group(world: Any, group: NavalGroup) -> Any:
    """Take a group off the transit track (arrived early, sunk, recalled)."""
    groups = {n: g for n, g in world.sea.groups.items() if n != group.name}
    return replace(world, sea=replace(world.sea, groups=groups))
