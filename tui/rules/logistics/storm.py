"""The storm (seed 002, Storms ¶2-¶4, Mulberries ¶3; RULINGS L1, L2).

After each initiative roll the loser rolls two dice separately: the first is
the direction (1 = N, then clockwise), the second the distance in hexes; a
storm that leaves the map restarts at the centre (¶4, L1). Its area is its hex
and the adjacent hexes on the map (¶2): units there cannot move, units outside
cannot move into or through it except by retreating into it at the loss of
1 cv; production in a storm city goes on (¶3). A Mulberry the storm lands on
is destroyed; one adjacent is destroyed on 1-3 (Mulberries ¶3, L2).
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .tables import LogisticsTables
from .world import LogisticsWorld


class StormMove(msgspec.Struct, frozen=True):
    """One move of the storm: where from, which way, how far, the hexes passed, where it ended."""

    start: str
    direction: str
    distance: int
    path: tuple[str, ...]  # hexes entered, on the map, before it left it (if it did)
    end: str
    restarted: bool  # it left the map and restarted at the centre (RULINGS L1)

    def words(self) -> str:
        """``1309 → NE 3 → 1607`` or ``… left the map: restarts at the centre 1309``."""
        head = f"{self.start} → {self.direction} {self.distance}"
        if self.restarted:
            return f"{head}: leaves the map, restarts at the centre {self.end}"
        return f"{head} → {self.end}"


def storm_area(world: LogisticsWorld, tables: LogisticsTables, at: str | None = None) -> list[str]:
    """The storm area: its hex and the adjacent hexes on the map, 7 at most (Storms ¶2; RULINGS L1)."""
    centre = world.at(at or world.storm)
    return [world.id(h) for h in world.grid.within(centre, tables.storm.area_radius.value)]


def direction_of(face: int, tables: LogisticsTables) -> str:
    """The direction of a direction die face (RULINGS L1)."""
    directions = tables.storm.directions.value
    if not 1 <= face <= len(directions):
        raise RuleError(f"the direction die shows 1 to {len(directions)}, not {face} (Storms ¶4; RULINGS L1)")
    return directions[face - 1]


def move(world: LogisticsWorld, face: int, distance: int, tables: LogisticsTables) -> StormMove:
    """Where the storm goes for a direction die ``face`` and a ``distance`` die (Storms ¶4; RULINGS L1)."""
    if distance < 0:
        raise RuleError(f"the distance die shows a number of hexes, not {distance}")
    direction = direction_of(face, tables)
    here = world.at(world.storm)
    path: list[str] = []
    for _ in range(distance):
        here = here.step(direction)
        if not world.grid.on_map(here):
            return StormMove(world.storm, direction, distance, tuple(path), world.centre, True)
        path.append(world.id(here))
    return StormMove(world.storm, direction, distance, tuple(path), world.id(here), False)


def mulberries_hit(world: LogisticsWorld, tables: LogisticsTables) -> tuple[list[str], list[str]]:
    """(Mulberries under the storm: destroyed; Mulberries adjacent: roll) for the storm where it is (Mulberries ¶3)."""
    under = [h for h in world.mulberries if h == world.storm]
    adjacent = [h for h in storm_area(world, tables) if h != world.storm and h in world.mulberries]
    return under, adjacent


def apply_move(world: LogisticsWorld, sm: StormMove, tables: LogisticsTables) -> tuple[LogisticsWorld, list[str], list[str]]:
    """The storm in its new hex, a Mulberry under it destroyed; returns (world, destroyed, adjacent to roll for)."""
    new = replace(world, storm=sm.end, storm_move=sm.words())
    under, adjacent = mulberries_hit(new, tables)
    if under:
        new = replace(new, mulberries={h: m for h, m in new.mulberries.items() if h not in under})
    return new, under, adjacent


def adjacent_destroyed(face: int, tables: LogisticsTables) -> bool:
    """Whether a Mulberry adjacent to the storm is destroyed on this d6 (Mulberries ¶3; RULINGS L2)."""
    return face in tables.storm.mulberry_adjacent.destroyed_on


def area_figure(world: LogisticsWorld, tables: LogisticsTables) -> Explained:
    """The storm area explained: its hexes and what they forbid (Storms ¶2)."""
    area = storm_area(world, tables)
    return Explained("Storm area (hexes)", len(area), tables.storm.area_radius.rule, (
        Term(f"storm hex {world.storm}", 1, tables.storm.area_radius.rule),
        Term("adjacent hexes on the map: " + " ".join(h for h in area if h != world.storm), len(area) - 1, "RULINGS L1"),
    ), (tables.storm.area_radius.note, tables.storm.retreat_loss_cv.note, "Production in a city within the storm area continues (Storms ¶3)."))


def retreat_reminder(world: LogisticsWorld, tables: LogisticsTables) -> list[str]:
    """Storms ¶2 at combat, where retreats happen: a retreat into the storm area costs an automatic 1 cv."""
    loss = tables.storm.retreat_loss_cv
    return [f"Storm at {world.storm}: a unit retreating into its area ({' '.join(storm_area(world, tables))}) loses an automatic "
            f"{loss.value} cv ({loss.rule})"]


def reminder(world: LogisticsWorld, tables: LogisticsTables) -> list[str]:
    """What the storm forbids this movement (Storms ¶2, ¶3): the lines shown on entering a movement segment."""
    area = storm_area(world, tables)
    cities = [world.label(h) for h in area if world.place(h).terrain == "city"]
    lines = [
        f"Storm at {world.storm}: area {' '.join(area)} ({tables.storm.area_radius.rule})",
        "Units in the storm area cannot move (turn them face down); units outside cannot move into or through it",
    ]
    if cities:
        lines.append(f"Production continues in {', '.join(cities)} (Storms ¶3)")
    return lines
