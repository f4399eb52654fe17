"""The sea part of the Europa world (33, 31.A.8, 31.A.12, 31.A.13, 31.B): frozen records and their plain data.

``SeaWorld`` sits in :class:`~tui.rules.europa.world.EuropaWorld` as ``sea``.
It holds what the referee answered (asked conditions, the Malta status
number, the phases in which a side shipped nothing), what the app keeps by
itself (Italian interference history and this turn's result, the South Aegean
interdiction zone, anti-shipping air units, this phase's anti-shipping checks,
ports ever owned), and the Mulberries, naval groups in transit, off-map ports
and beaches. Saves made before a field existed load with its default.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec
from msgspec import field
from msgspec.structs import replace

from ..core.data import DataModel, convert
from ..core.errors import DataError
from .seatables import ASKED_KINDS, SIDES, SeaTables

MULBERRY_STATES = ("unavailable", "available", "towing", "emplacing", "emplaced", "wrecked")


class InterferenceRecord(msgspec.Struct, frozen=True):
    """One Italian naval interference attempt (33.B.2.b): game turn, area, result letter, modified roll."""

    turn: int
    area: str
    result: str
    total: Union[int, None] = None  # modified roll; None when the letter was typed from the real chart
    modifier: int = 0
    vps: float = 0.0


class InterdictionZone(msgspec.Struct, frozen=True):
    """The South Aegean naval interdiction zone (33.B.7): tight or loose, the turn declared, bombing hits this turn."""

    kind: str
    declared: int
    hits: int = 0


class AirUnit(msgspec.Struct, frozen=True):
    """An air unit in a sea zone's anti-shipping box or flying a naval air mission there (33.C)."""

    name: str
    side: str
    zone: str
    role: str  # fighter | bomber
    type: str  # non-naval | S | V | M
    range: int
    tbf: float
    mission: str = "box"  # box | patrol | strike
    distance: int = 0  # distance marker: hexes from the closest operational airbase (33.C)


class CheckRecord(msgspec.Struct, frozen=True):
    """One anti-shipping check of a cargo item in a sea zone (33.A, 33.D, 33.E)."""

    phase: str  # "turn/segment key": once per sea zone per naval movement phase
    item: str
    zone: str
    side: str
    kind: str
    res: float
    iz: str  # outside | loose | tight
    nsn: int
    contact_roll: int
    contacted: bool
    result_roll: Union[int, None] = None
    result: str = ""
    forced: bool = False
    flags: tuple[str, ...] = ()


class NothingShipped(msgspec.Struct, frozen=True):
    """The referee's word that a side shipped nothing by sea in a naval movement phase (33.A; issue 30 item 7)."""

    phase: str  # "turn/player-turn/phase", as a check's phase
    side: str


class Mulberry(msgspec.Struct, frozen=True):
    """A Mulberry (31.A.12) from availability to emplacement or wreck."""

    name: str
    status: str = "unavailable"
    origin: str = ""
    towed_by: str = ""
    steps: int = 0  # naval movement steps towed so far
    mps: float = 0.0  # MPs towed
    beach: str = ""
    hex: str = ""
    zone: str = ""
    arrived_turn: int = -1
    arrived_side: str = ""  # phasing side when it arrived
    result: str = ""
    lost_turn: int = -1  # the turn the enemy took its hex
    lost_side: str = ""  # phasing side then
    why: str = ""  # why it was wrecked


class NavalGroup(msgspec.Struct, frozen=True):
    """A naval group moving between the map and an off-map port, with its step counter (31.A.8)."""

    name: str
    side: str
    origin: str
    destination: str
    steps: int
    done: int = 0
    cargo: str = ""


class OffMapPort(msgspec.Struct, frozen=True):
    """An off-map port (31.A.8): type, holding box and distances in hexes to map entry hexes or boxes."""

    name: str
    side: str
    type: str
    box: str
    distances: dict[str, int] = field(default_factory=dict)
    in_britain: bool = False
    note: str = ""


class Beach(msgspec.Struct, frozen=True):
    """A beach hex (31.B): owner, the phase its owner changed, landings this phase, transports acting as jetties."""

    name: str
    owner: str
    hex: str = ""
    sea_zone: str = ""
    previous: str = ""  # owner before the last change (31.B.1)
    changed: str = ""  # phase key of the last change
    used: float = 0.0  # REs of beach capacity used (31.B.2; RULINGS E9)
    used_phase: str = ""
    jetties: int = 0  # NTs/LCs/LBs that did not move, acting as jetties (31.A.13)


class SeaWorld(msgspec.Struct, frozen=True):
    """Everything rule 33 and the rest of 31 keep about a game."""

    conditions: dict[str, Any] = field(default_factory=dict)  # asked conditions the referee answered
    malta: int = 0  # Malta status number (33.B.1.a)
    interference: tuple[InterferenceRecord, ...] = ()  # history (33.B.2.b)
    active: dict[str, str] = field(default_factory=dict)  # area -> result letter this Allied player turn
    iz: Union[InterdictionZone, None] = None
    air: tuple[AirUnit, ...] = ()
    checks: tuple[CheckRecord, ...] = ()
    nothing_shipped: tuple[NothingShipped, ...] = ()  # phases in which a side shipped nothing (33.A)
    serial: int = 0  # numbers unnamed cargo items and prompts
    mulberries: dict[str, Mulberry] = field(default_factory=dict)
    groups: dict[str, NavalGroup] = field(default_factory=dict)
    offmap: dict[str, OffMapPort] = field(default_factory=dict)
    beaches: dict[str, Beach] = field(default_factory=dict)
    ever_owned: dict[str, tuple[str, ...]] = field(default_factory=dict)  # side -> ports it ever owned
    vps: dict[str, float] = field(default_factory=dict)

    def with_mulberry(self, m: Mulberry) -> SeaWorld:
        """A copy with ``m`` replacing the Mulberry of the same name."""
        return replace(self, mulberries={**self.mulberries, m.name: m})

    def with_beach(self, b: Beach) -> SeaWorld:
        """A copy with ``b`` replacing the beach of the same name."""
        return replace(self, beaches={**self.beaches, b.name: b})

    def owned_once(self, side: str, port: str) -> SeaWorld:
        """A copy recording that ``side`` has owned ``port`` (for "at any time", 33.B.8.a)."""
        have = self.ever_owned.get(side, ())
        if port in have:
            return self
        return replace(self, ever_owned={**self.ever_owned, side: have + (port,)})


def sea_to_data(sea: SeaWorld) -> dict[str, Any]:
    """Plain data for the save file."""
    return msgspec.to_builtins(sea)


def sea_from_data(data: dict[str, Any] | None) -> SeaWorld:
    """Inverse of :func:`sea_to_data`; a save without sea data gets an empty sea."""
    if not data:
        return SeaWorld()
    return msgspec.convert(data, SeaWorld, strict=False)


# --- scenario --------------------------------------------------------------------


class ScenarioSea(DataModel, kw_only=True):
    """The ``[sea]`` table of a Europa scenario."""

    malta: int = 0
    conditions: dict[str, Union[bool, int, float]] = {}
    ever_allied: list[str] = []
    ever_axis: list[str] = []
    note: str = ""


class ScenarioMulberry(DataModel, kw_only=True):
    """One ``[[mulberries]]`` entry."""

    name: str
    available: bool = False
    note: str = ""


class ScenarioOffMap(DataModel, kw_only=True):
    """One ``[[offmap_ports]]`` entry (31.A.8)."""

    name: str
    side: str
    type: str
    box: str
    distances: dict[str, int]
    in_britain: bool = False
    note: str = ""


class ScenarioBeach(DataModel, kw_only=True):
    """One ``[[beaches]]`` entry (31.B)."""

    name: str
    owner: str
    hex: str = ""
    sea_zone: str = ""
    note: str = ""


def sea_from_scenario(raw: dict[str, Any], file: str, tables: SeaTables, port_types: tuple[str, ...],
                      owners: dict[str, str]) -> SeaWorld:
    """The starting sea world of a scenario; ``owners`` maps each scenario port to its owner."""
    info = convert(raw.get("sea", {}), ScenarioSea, file, prefix="sea")
    for cid, value in info.conditions.items():
        spec = tables.sea_conditions.get(cid)
        if spec is None:
            raise DataError(file, f"table sea, key conditions.{cid}", "is not a condition in sea_conditions")
        if spec.kind not in ASKED_KINDS and spec.kind not in ("owned", "ever-owned"):
            raise DataError(file, f"table sea, key conditions.{cid}", f"is derived by the app ({spec.kind}), not answered")
    mulberries = convert(raw.get("mulberries", []), list[ScenarioMulberry], file, prefix="mulberries")
    offmap = convert(raw.get("offmap_ports", []), list[ScenarioOffMap], file, prefix="offmap_ports")
    beaches = convert(raw.get("beaches", []), list[ScenarioBeach], file, prefix="beaches")
    ms: dict[str, Mulberry] = {}
    for i, m in enumerate(mulberries):
        if m.name in ms:
            raise DataError(file, f"table mulberries, key {i}.name", f"Mulberry '{m.name}' is listed twice")
        ms[m.name] = Mulberry(m.name, "available" if m.available else "unavailable")
    om: dict[str, OffMapPort] = {}
    for i, o in enumerate(offmap):
        if o.side not in SIDES:
            raise DataError(file, f"table offmap_ports, key {i}.side", f"'{o.side}' is not a side ({', '.join(SIDES)})")
        if o.type not in port_types:
            raise DataError(file, f"table offmap_ports, key {i}.type", f"'{o.type}' is not a port type ({', '.join(port_types)})")
        if any(d < 0 for d in o.distances.values()):
            raise DataError(file, f"table offmap_ports, key {i}.distances", "distances are hexes, 0 or more")
        om[o.name] = OffMapPort(o.name, o.side, o.type, o.box, dict(o.distances), o.in_britain, o.note)
    bs: dict[str, Beach] = {}
    for i, b in enumerate(beaches):
        if b.owner not in SIDES:
            raise DataError(file, f"table beaches, key {i}.owner", f"'{b.owner}' is not a side ({', '.join(SIDES)})")
        if b.name in bs:
            raise DataError(file, f"table beaches, key {i}.name", f"beach '{b.name}' is listed twice")
        bs[b.name] = Beach(b.name, b.owner, b.hex, b.sea_zone)
    ever = {side: tuple(dict.fromkeys([n for n, o in owners.items() if o == side] + list(extra)))
            for side, extra in (("axis", info.ever_axis), ("allied", info.ever_allied))}
    return SeaWorld(conditions=dict(info.conditions), malta=info.malta, mulberries=ms, offmap=om, beaches=bs,
                    ever_owned=ever)
