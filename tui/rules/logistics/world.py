"""The Logistics world: the hex map and what stands on it, and the turn's bookkeeping.

The map is a :class:`~tui.rules.core.hexgrid.HexGrid` (flat-topped hexes in
columns, RULINGS L1) with, per hex, what the rules need: terrain (``sea``
for a sea hex), coastal, a city's name and size, who controls it. On it:
rivers (hexsides) with bridges, roads and railways (pairs of adjacent
hexes), canals, the storm, airfields, Mulberries and the factories of each
city. A land hex next to a sea hex is coastal (:meth:`LogisticsWorld.coastal`);
the explicit ``coastal`` flag of a map without sea hexes still counts. The world also keeps who won the initiative, the hits of the battle
being fought (RULINGS L5), and which cities produced or exchanged this turn.

Every state is a frozen record (a msgspec struct); the rule functions return new ones.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import field
from msgspec.structs import asdict, replace

from ..core.errors import RuleError
from ..core.hexgrid import Hex, HexGrid
from ..core.names import note_resolved


class Place(msgspec.Struct, frozen=True):
    """One hex's features (a hex not listed is clear, inland, with no city and nobody's)."""

    hex: str
    terrain: str = "clear"
    name: str = ""  # a city's or town's name
    size: int = 0  # a city's size in PP: the most its factories may total (Factories ¶2)
    coastal: bool = False  # set by hand (a map without sea hexes); a land hex next to the sea is coastal anyway
    control: str = ""  # the side that controls the hex, "" for none
    resource: int = 0  # a resource hex's PP (Factories ¶7), as the board shows it


class Airfield(msgspec.Struct, frozen=True):
    """An airfield marker (Airfields ¶1-¶5): minor or major, its owner, and from which turn the owner may use it."""

    hex: str
    owner: str
    major: bool = False
    usable_from: int = 0  # absolute turn; after a capture the captor waits a turn (Airfields ¶5)


class Mulberry(msgspec.Struct, frozen=True):
    """A Mulberry marker (Mulberries ¶1-¶3): a port of capacity 2 while it stands."""

    hex: str
    owner: str
    usable_from: int = 0  # after a capture: no port for the captor until the next turn (Mulberries ¶2)


class Crossing(msgspec.Struct, frozen=True):
    """A bridge (a hexside, ``0807-0808``) or a canal (its hex, ``0807``) (Destruction ¶1-¶3)."""

    id: str
    kind: str  # bridge | canal
    hexes: tuple[str, ...]
    name: str = ""
    destroyed: bool = False


class LogisticsWorld(msgspec.Struct, frozen=True):
    """Everything the Logistics rule set keeps about a game."""

    grid: HexGrid
    centre: str  # where a storm leaving the map restarts (RULINGS L1)
    places: dict[str, Place] = field(default_factory=dict)
    rivers: tuple[tuple[str, str], ...] = ()  # river hexsides, each a pair of hex ids
    roads: tuple[tuple[str, str], ...] = ()  # road links between adjacent hexes, each pair lower id first
    rails: tuple[tuple[str, str], ...] = ()  # railway links, likewise
    crossings: dict[str, Crossing] = field(default_factory=dict)
    airfields: dict[str, Airfield] = field(default_factory=dict)
    mulberries: dict[str, Mulberry] = field(default_factory=dict)
    factories: dict[str, dict[str, int]] = field(default_factory=dict)  # city hex -> kind -> PP
    storm: str = ""
    first: str = ""  # the side that moves first this turn
    storm_roller: str = ""  # the initiative loser, who rolls for the storm (Storms ¶4)
    initiative: tuple[int, ...] = ()  # the last initiative totals, first side then second
    storm_move: str = ""  # the last storm move in words
    storm_turn: int = 0  # the game turn the storm last moved (once a turn, after the initiative)
    production_every: int = 1  # production turns: every Nth turn from production_from (RULINGS L3)
    production_from: int = 1
    production_turns: tuple[int, ...] = ()  # or these turns exactly (overrides every/from)
    battle: dict[str, int] = field(default_factory=dict)  # target -> hits in the battle being fought (RULINGS L5)
    produced: tuple[str, ...] = ()  # cities that produced this turn (Factories ¶3)
    exchanged: tuple[str, ...] = ()  # cities that exchanged a factory this turn (Factories ¶3)
    resources: dict[str, tuple[str, int]] = field(default_factory=dict)  # city -> (kind, PP) converted this production (L4)
    growth_to: dict[str, str] = field(default_factory=dict)  # city -> the factory its end-of-production growth goes to, chosen (Factories ¶6)
    grown: bool = False  # this turn's growth was applied or skipped through the earlier version's yes/no prompt (legacy.py)
    serial: int = 0

    # ------------------------------------------------------------------ lookups
    def hex(self, text: str) -> str:
        """A hex id as printed, checked to be on the map (a city's name is accepted too)."""
        raw = str(text).strip()
        if raw.isdigit():
            return self.grid.hex_id(self.grid.parse(raw))
        wanted = raw.lower()
        named = [p.hex for p in self.places.values() if p.name and p.name.lower() == wanted]
        if not named:
            named = [p.hex for p in self.places.values() if p.name and p.name.lower().startswith(wanted)] if wanted else []
        if len(named) == 1:
            note_resolved(raw, self.places[named[0]].name)
            return named[0]
        if len(named) > 1:
            raise RuleError(f"'{text}' could be {', '.join(self.label(h) for h in named)}: type more, or the hex id")
        raise RuleError(f"'{text}' is neither a hex id (e.g. {self.centre}) nor a city or town on the map")

    def place(self, hex_id: str) -> Place:
        """The features of a hex (a default clear hex when nothing is listed)."""
        return self.places.get(hex_id) or Place(hex_id)

    def label(self, hex_id: str) -> str:
        """``Brest (0305)`` or ``0305``."""
        name = self.place(hex_id).name
        return f"{name} ({hex_id})" if name else hex_id

    def at(self, hex_id: str) -> Hex:
        """The axial hex of an id."""
        return self.grid.parse(hex_id)

    def id(self, h: Hex) -> str:
        """The printed id of an axial hex."""
        return self.grid.hex_id(h)

    def control(self, hex_id: str) -> str:
        """Who controls the hex (``""``: nobody)."""
        return self.place(hex_id).control

    def with_place(self, place: Place) -> LogisticsWorld:
        """A copy with ``place`` replacing the hex's features."""
        return replace(self, places={**self.places, place.hex: place})

    def is_sea(self, hex_id: str) -> bool:
        """Whether the hex is a sea hex."""
        return self.place(hex_id).terrain == SEA

    def coastal(self, hex_id: str) -> bool:
        """A land hex next to a sea hex, or one the map flags coastal (RULINGS L6; Factories ¶2)."""
        if self.is_sea(hex_id):
            return False
        if self.place(hex_id).coastal:
            return True
        return any(self.is_sea(self.id(n)) for n in self.grid.neighbours(self.at(hex_id)))

    def linked(self, hex_id: str, links: tuple[tuple[str, str], ...]) -> list[str]:
        """The hexes a road or railway leads to from ``hex_id``, in map order."""
        return sorted({b if a == hex_id else a for a, b in links if hex_id in (a, b)})

    def cities(self) -> list[Place]:
        """Every city (a hex with a size), in map order."""
        return sorted((p for p in self.places.values() if p.terrain == "city"), key=lambda p: p.hex)


SEA = "sea"
"""The terrain of a sea hex."""


def link(a: str, b: str) -> tuple[str, str]:
    """A road or railway link between two hexes, the lower id first."""
    low, high = sorted((a, b))
    return low, high


REFEREE = "referee"
"""The actor of a change to the game's set-up (the board, the factories placed, the settings): no player's to make
(the engine's word; a game by e-mail refuses it, issue 32)."""


def side_of(text: str, sides: tuple[str, ...]) -> str:
    """A side by name (any case, a unique prefix); refuses others."""
    wanted = str(text).strip().lower()
    match = [s for s in sides if s == wanted] or [s for s in sides if wanted and s.startswith(wanted)]
    if len(match) != 1:
        raise RuleError(f"'{text}' is not a side ({', '.join(sides)})")
    return match[0]


def other(side: str, sides: tuple[str, ...]) -> str:
    """The other side (the first side when ``side`` is none of them; the rule data has two distinct sides)."""
    return next(s for s in sides if s != side)


def is_production_turn(world: LogisticsWorld, turn: int) -> bool:
    """Whether game turn ``turn`` is a production turn (a scenario value, default every turn; RULINGS L3)."""
    if world.production_turns:
        return turn in world.production_turns
    return turn >= world.production_from and (turn - world.production_from) % max(1, world.production_every) == 0


def bridge_id(a: str, b: str) -> str:
    """The id of the hexside between two hexes: the lower id first (``0807-0808``)."""
    return "-".join(sorted((a, b)))


# --- save file -------------------------------------------------------------------

def world_to_data(world: LogisticsWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    g = world.grid
    return {
        "grid": {"columns": g.columns, "rows": g.rows, "first_column": g.first_column, "first_row": g.first_row,
                 "shifted": g.shifted, "digits": g.digits},
        "centre": world.centre,
        "places": [asdict(p) for p in world.places.values()],
        "rivers": [list(r) for r in world.rivers],
        "roads": [list(r) for r in world.roads],
        "rails": [list(r) for r in world.rails],
        "crossings": [{**asdict(c), "hexes": list(c.hexes)} for c in world.crossings.values()],
        "airfields": [asdict(a) for a in world.airfields.values()],
        "mulberries": [asdict(m) for m in world.mulberries.values()],
        "factories": {h: dict(f) for h, f in world.factories.items()},
        "storm": world.storm,
        "first": world.first,
        "storm_roller": world.storm_roller,
        "initiative": list(world.initiative),
        "storm_move": world.storm_move,
        "storm_turn": world.storm_turn,
        "production": {"every": world.production_every, "from": world.production_from, "turns": list(world.production_turns)},
        "battle": dict(world.battle),
        "produced": list(world.produced),
        "exchanged": list(world.exchanged),
        "resources": {h: list(v) for h, v in world.resources.items()},
        "growth_to": dict(world.growth_to),
        **({"grown": True} if world.grown else {}),  # only in a turn an earlier version's save settled the growth
        "serial": world.serial,
    }


def world_from_data(data: dict[str, Any]) -> LogisticsWorld:
    """Inverse of :func:`world_to_data`."""
    production = data.get("production", {})
    return LogisticsWorld(
        grid=HexGrid(**data["grid"]),
        centre=str(data["centre"]),
        places={p["hex"]: Place(**p) for p in data.get("places", [])},
        rivers=tuple((str(a), str(b)) for a, b in data.get("rivers", [])),
        roads=tuple((str(a), str(b)) for a, b in data.get("roads", [])),  # a save of a version without roads: none
        rails=tuple((str(a), str(b)) for a, b in data.get("rails", [])),
        crossings={c["id"]: Crossing(**{**c, "hexes": tuple(c["hexes"])}) for c in data.get("crossings", [])},
        airfields={a["hex"]: Airfield(**a) for a in data.get("airfields", [])},
        mulberries={m["hex"]: Mulberry(**m) for m in data.get("mulberries", [])},
        factories={str(h): {str(k): int(v) for k, v in f.items()} for h, f in data.get("factories", {}).items()},
        storm=str(data.get("storm", "")),
        first=str(data.get("first", "")),
        storm_roller=str(data.get("storm_roller", "")),
        initiative=tuple(int(x) for x in data.get("initiative", ())),
        storm_move=str(data.get("storm_move", "")),
        storm_turn=int(data.get("storm_turn", 0)),
        production_every=int(production.get("every", 1)),
        production_from=int(production.get("from", 1)),
        production_turns=tuple(int(t) for t in production.get("turns", ())),
        battle={str(k): int(v) for k, v in data.get("battle", {}).items()},
        produced=tuple(data.get("produced", ())),
        exchanged=tuple(data.get("exchanged", ())),
        resources={str(h): (str(v[0]), int(v[1])) for h, v in data.get("resources", {}).items()},
        growth_to={str(h): str(k) for h, k in data.get("growth_to", {}).items()},
        grown=bool(data.get("grown", False)),
        serial=int(data.get("serial", 0)),
    )
