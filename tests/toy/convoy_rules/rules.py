"""The ``convoy`` rule set: its tables, its world, its one verb, its views, its scenario form, wired into a RuleSet.

The rules (``rulesets/convoy.toml`` numbers them and holds every value):

* T1: a port has an owner (a side), a capacity and the cargo it holds;
* T2: in its Convoy phase a side rolls 1d6 for a convoy to one of its own ports; on 4 or more it arrives and
  brings 1 cargo;
* T3: a port never holds more cargo than its capacity.

Everything here comes from ``tui.rules.core``, the contract a rule set is written against.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from msgspec import field

from tui.rules.core.actions import Action
from tui.rules.core.cited import CitedCount, CitedText, Count, TwoSides
from tui.rules.core.data import DataModel, convert
from tui.rules.core.errors import DataError, RuleError
from tui.rules.core.explain import Explained, Term
from tui.rules.core.loader import Cache, RuleData, Tables, load_data
from tui.rules.core.names import resolve_name, take_named
from tui.rules.core.phases import SEQUENCE, build_sequence
from tui.rules.core.plugin import Kind
from tui.rules.core.ruleset import Column, Context, Outcome, RuleSet, Verb, check_sequence_names
from tui.rules.core.saved import check_numbers, check_unique, convert_saved
from tui.rules.core.state import GameState

HERE = Path(__file__).resolve().parent
"""The package's folder: it holds ``rulesets/convoy.toml`` and ``scenarios/``, as the app's data folder does."""


# --- the tables of rulesets/convoy.toml --------------------------------------------------------


class ConvoyRules(DataModel):
    """``[convoy]``: the die rolled for a convoy, the roll it needs to arrive, the cargo it brings (T2)."""

    die: CitedText
    arrives_on: CitedCount
    cargo: CitedCount


class ConvoyTables(DataModel):
    """The rule set's tables: one field per top-level table of the file (``[players]``, ``[convoy]``)."""

    players: TwoSides
    convoy: ConvoyRules

    @property
    def sides(self) -> tuple[str, ...]:
        """The two sides, in data order."""
        return tuple(self.players.sides)


def _check_tables(tables: ConvoyTables, file: str) -> None:
    """What a schema cannot say: the die is a die, and a convoy can arrive on it."""
    from tui.rules.core.dice import DiceSpec

    rules = tables.convoy
    try:
        die = DiceSpec.parse(rules.die.value)
    except RuleError as exc:
        raise DataError(file, "table convoy, key die.value", str(exc)) from None
    if not 1 <= rules.arrives_on.value <= die.count * die.sides + die.modifier:
        raise DataError(file, "table convoy, key arrives_on.value", f"no roll of {die} reaches {rules.arrives_on.value}")


DATA = RuleData("convoy", (("convoy.toml", (Tables(ConvoyTables, _check_tables), SEQUENCE)),))
"""What the rule set reads: its tables and its turn sequence, both in ``rulesets/convoy.toml``."""


# --- the world: what a game keeps --------------------------------------------------------------


class Port(msgspec.Struct, frozen=True):
    """One port (T1): its owner, its capacity and the cargo it holds."""

    name: str
    owner: str
    capacity: int
    cargo: int = 0


class ConvoyWorld(msgspec.Struct, frozen=True):
    """Everything the rule set keeps about a game: its ports, by name."""

    ports: dict[str, Port] = field(default_factory=dict)

    def port(self, name: str) -> Port:
        """The port called ``name`` (any case, or a unique prefix); refuses an unknown or ambiguous name."""
        return self.ports[resolve_name(name, list(self.ports))]

    def with_port(self, port: Port) -> ConvoyWorld:
        """A copy with ``port`` in place of the port of its name."""
        return ConvoyWorld({**self.ports, port.name: port})


def world_to_data(world: ConvoyWorld) -> dict[str, Any]:
    """The world as plain data, for the save file."""
    return {"ports": [msgspec.to_builtins(p) for p in world.ports.values()]}


def world_from_data(data: dict[str, Any]) -> ConvoyWorld:
    """The world a save holds; a record the rules cannot hold raises :class:`~tui.rules.core.saved.SavedDataError`."""
    ports = [convert_saved(p, Port, f"ports[{i}]") for i, p in enumerate(data.get("ports", []))]
    for i, port in enumerate(ports):
        check_numbers(port, f"ports[{i}] ({port.name})")
    check_unique((p.name for p in ports), "ports")
    return ConvoyWorld({p.name: p for p in ports})


# --- the scenario: its TOML tables and their CSV form -----------------------------------------


class ScenarioPort(DataModel):
    """One ``[[ports]]`` entry of a scenario, and one row of ``ports.csv`` (T1)."""

    name: str
    owner: str
    capacity: Count
    cargo: Count = 0


KINDS: tuple[Kind, ...] = (Kind("ports", ScenarioPort, key="name", rule="every port, its owner, capacity and cargo (T1)"),)
"""The files of the scenario's CSV form, the ``scenario`` file excepted (the app adds it)."""


def kinds() -> tuple[Kind, ...]:
    """The files of the scenario's CSV form (``RuleSetPlugin.form``)."""
    return KINDS


def export(world: ConvoyWorld, ruleset: RuleSet) -> dict[str, Any]:
    """The tables of the scenario a new game would start this world from (``RuleSetPlugin.export``)."""
    return {"ports": [msgspec.to_builtins(p) for p in world.ports.values()]}


def allowed(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (kind, column) (``RuleSetPlugin.allowed``)."""
    return {("ports", "owner"): tuple(ruleset.sides)}


def world_from_scenario(raw: dict[str, Any], file: str, tables: ConvoyTables) -> ConvoyWorld:
    """The starting world of a scenario's ``[[ports]]``; every problem names the file, table and key."""
    entries = convert(raw.get("ports", []), list[ScenarioPort], file, prefix="ports")
    ports: dict[str, Port] = {}
    for i, entry in enumerate(entries):
        where = f"table ports, key {i}"
        name = entry.name
        if not name.strip():
            raise DataError(file, f"{where}.name", "a port's name cannot be blank")
        if name.lower() in (n.lower() for n in ports):
            raise DataError(file, f"{where}.name", f"port '{name}' is listed twice")
        if entry.owner not in tables.sides:
            raise DataError(file, f"{where}.owner", f"'{entry.owner}' is not a side ({', '.join(tables.sides)})")
        if entry.cargo > entry.capacity:
            raise DataError(file, f"{where}.cargo", f"{entry.cargo} is more than the capacity, {entry.capacity} (T3)")
        ports[name] = Port(name, entry.owner, entry.capacity, entry.cargo)
    return ConvoyWorld(ports)


# --- the views: the Ports mode's table and its "why?" -----------------------------------------

PORT_COLUMNS = (
    Column("name", "Port", 12),
    Column("owner", "Owner", 6, priority=2),
    Column("capacity", "Capacity", 8, priority=2),
    Column("cargo", "Cargo", 6, priority=3),
    Column("room", "Room", 5, priority=1),
)
"""The Ports mode's columns and ``show GAME ports``."""

PORT_ACTIONS = (
    Action("convoy", "c", "Convoy", "convoy {name}", "Roll for a convoy to the port (T2)", "T2", target="ports",
           title="Convoy to", text="T2: on {arrives_on} or more the convoy arrives; the port holds {cargo} of {capacity} (T3)."),
)
"""The Ports mode's keys: ``c`` runs ``convoy`` on the port under the cursor (the die is asked as the command runs)."""


def port_figures(port: Port) -> list[Explained]:
    """A port's figures with their rules: its cargo, and the room left for more (T1, T3)."""
    cargo = Explained(f"Cargo at {port.name}", port.cargo, "T1")
    room = Explained(f"Room at {port.name}", port.capacity - port.cargo, "T3",
                     (Term("capacity", port.capacity, "T1"), Term("less the cargo held", port.cargo, "T1")))
    return [cargo, room]


# --- the rule set -----------------------------------------------------------------------------


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """The rule set, from the package's own ``rulesets/convoy.toml``; errors name the file, table and key.

    ``data_dir`` (the app's data folder) is not read: the rule set brings its data. The app's ``cache`` is not used
    either: its key hashes the code of Harbormaster's own modules only, not this package's (the data is tiny).
    """
    path = HERE / "rulesets" / "convoy.toml"
    tables: ConvoyTables
    tables, spec = load_data(HERE, DATA)
    sequence = build_sequence(spec, path.name)
    rules = tables.convoy

    def convoy(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        """T2, T3: roll for a convoy to one of the phasing side's ports; on arrival its cargo goes up, capped."""
        world: ConvoyWorld = ctx.state.world
        port, rest = take_named(world.port, args)
        if rest:
            raise RuleError(f"too many arguments: {' '.join(rest)} (usage: convoy PORT)")
        side = ctx.segment.side
        if port.owner != side:
            raise RuleError(f"{port.name} is a {port.owner} port: in the {side} Convoy phase only {side} ports "
                            f"receive convoys (T2)")
        need = rules.arrives_on.value
        roll = ctx.roll(rules.die.value, f"convoy to {port.name}", f"it arrives on {need} or more (T2)")
        if roll.total < need:
            return Outcome(world, f"{port.name}: convoy roll {roll.total}, under {need}: lost at sea; cargo stays "
                           f"{port.cargo} of {port.capacity} (T2)", actor=side)
        cargo = min(port.capacity, port.cargo + rules.cargo.value)
        figure = Explained(f"Cargo at {port.name}", cargo, "T2, T3", (
            Term("cargo before", port.cargo, "T1"),
            Term(f"convoy arrived (roll {roll.total}, {need} or more)", rules.cargo.value, rules.cargo.rule),
            Term("capacity: the most it holds", port.capacity, "T3"),
        ))
        full = "; the port is full, the rest is lost (T3)" if port.cargo + rules.cargo.value > port.capacity else ""
        summary = (f"{port.name}: convoy roll {roll.total}, arrives; cargo {port.cargo} -> {cargo} of "
                   f"{port.capacity} (T2){full}")
        return Outcome(world.with_port(Port(port.name, port.owner, port.capacity, cargo)), summary,
                       explanations=(figure,), actor=side)

    def port_rows(state: GameState) -> list[dict[str, Any]]:
        """One row per port: the keys the columns, the "why?" and the action's text read."""
        return [{"name": p.name, "owner": p.owner, "capacity": p.capacity, "cargo": p.cargo,
                 "room": p.capacity - p.cargo, "arrives_on": rules.arrives_on.value}
                for p in state.world.ports.values()]

    def explain(state: GameState, name: str) -> list[Explained]:
        """The figures of the port ``name`` ("why?", ``show --json``); none for another name."""
        try:
            return port_figures(state.world.port(name))
        except RuleError:
            return []

    verbs = {
        "convoy": Verb("convoy", "convoy PORT", f"Roll {rules.die.value} for a convoy to one of your ports: on "
                       f"{rules.arrives_on.value} or more it brings {rules.cargo.value} cargo, never above the "
                       "port's capacity.", "T2, T3", convoy, group="ports"),
    }
    rs = RuleSet(
        id="convoy",
        name="Convoy (a toy rule set)",
        sides=tables.sides,
        sequence=sequence,
        verbs=verbs,
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        world_from_scenario=lambda raw, file: world_from_scenario(raw, file, tables),
        views={"ports": port_rows},
        columns={"ports": PORT_COLUMNS},
        explain=explain,
        actions={"ports": PORT_ACTIONS},
        default_scenario="convoy-demo",
        source_files=(str(path),),
        tables=tables,
    )
    check_sequence_names(rs, path.name)
    return rs
