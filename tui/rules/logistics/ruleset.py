"""Wires the Logistics tables, verbs, effects, prompts and views into a :class:`RuleSet` (seed 002).

The turn (RULINGS L3): the initiative roll (each side two dice, ties rolled
again), the storm's move by the loser, the first and second player turns
(movement with the storm's reminder, combat whose hits count per battle,
RULINGS L5), and the production phase on production turns, ending with the
factories' growth (Factories ¶6). The player turns are named ``first`` and
``second``; :func:`side_resolver` reads them from the initiative.
"""

from __future__ import annotations

from pathlib import Path
from functools import partial
from typing import Any, Callable

from msgspec.structs import replace

from ..core.dice import DiceSpec
from ..core.errors import DataError, RuleError
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, Reported, Segment, Sequence, build_sequence, reported
from ..core.ruleset import Column, Context, Outcome, RuleSet, check_sequence_names
from ..core.state import GameState, Pending
from ..core.checklist import INFO, Duty
from ..core.explain import Explained
from .duties import production_duties
from . import factories as F
from . import sites as X
from . import storm as S
from . import supply
from . import views as V
from .actions import factory_actions, map_actions
from .legacy import OLD_PROMPT, LegacyGrowth, is_old_choice, settled
from .export import world_to_scenario
from .scenario import world_from_scenario
from .tables import LOGISTICS_TABLES, LogisticsTables
from .verbs import build_verbs, storm_outcome
from .world import LogisticsWorld, is_production_turn, other, world_from_data, world_to_data

FIRST, SECOND, LOSER = "first", "second", "loser"

def _columns() -> dict[str, tuple[Column, ...]]:
    """The columns of the Factories table (``ports``), the crossings and the airfields."""
    return {
        "ports": (
            Column("name", "City", 14), Column("hex", "Hex", 5, priority=2), Column("owner", "Owner", 7, priority=2),
            Column("size", "Size", 4, priority=1), Column("coastal", "Coastal", 7), Column("air", "Air PP", 4, priority=1),
            Column("navy", "Navy PP", 4, priority=1), Column("army", "Army PP", 4, priority=1), Column("total", "Total PP", 5, priority=2),
            Column("produces", "Produces", 20, priority=1, wrap=True), Column("growth", "Growth", 6),
            Column("storm", "Storm", 5, priority=2), Column("produced", "Produced", 8),
        ),
        "crossings": (Column("name", "Id", 10), Column("kind", "Kind", 7), Column("label", "Name", 16), Column("destroyed", "Destroyed", 9)),
        "airfields": (Column("name", "Hex", 6), Column("kind", "Kind", 6), Column("owner", "Owner", 7), Column("air_units", "Air units", 9)),
    }


def side_resolver(sides: tuple[str, ...]) -> Callable[[GameState, str], str]:
    """``first`` is the side the initiative put first this turn (the scenario's until then), ``second`` the other,
    ``loser`` the initiative's loser, who rolls for the storm (Storms ¶4)."""
    return partial(_resolve_side, sides)


def _resolve_side(sides: tuple[str, ...], state: GameState, side: str) -> str:
    """The side a sequence's ``first``, ``second`` or ``loser`` names in ``state``; any other side as it is."""
    world: LogisticsWorld = state.world
    if side == LOSER:
        return world.storm_roller or other(world.first, sides)
    if side == FIRST:
        return world.first
    if side == SECOND:
        return other(world.first, sides)
    return side


def _answers(tables: LogisticsTables, legacy: LegacyGrowth) -> dict[str, Any]:
    """The prompts' effects: initiative, storm, a Mulberry beside the storm, the factory a city's growth goes to (and
    the earlier version's yes/no growth prompt, for its saves: ``legacy.py``)."""
    return {"initiative": partial(_initiative, tables), "storm": partial(_storm, tables),
            "mulberry-storm": partial(_mulberry_storm, tables), "grow": partial(_grow, tables, legacy),
            OLD_PROMPT: legacy.answer_growth}


def _initiative(tables: LogisticsTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """RULINGS L3: each side rolls two dice; the higher total wins and the loser rolls for the storm; ties roll again."""
    sides = tables.sides
    per_side = DiceSpec.parse(tables.initiative.dice.value).count
    world: LogisticsWorld = ctx.state.world
    roll = ctx.roll(prompt.dice, f"initiative: {sides[0]} then {sides[1]}")
    if len(roll.faces) != 2 * per_side:
        raise RuleError(f"the initiative needs {per_side} dice per side ({prompt.dice})")
    a, b = sum(roll.faces[:per_side]), sum(roll.faces[per_side:])
    rule = f"{tables.initiative.dice.rule}; RULINGS L3"
    if a == b:
        question = prompt.args.get("question") or prompt.text.split(":", 1)[-1].strip()  # a second tie asks the same
        again = replace(prompt, id=f"initiative-{world.serial + 1}", text=f"Initiative tied {a}-{b}: roll again ({question})",
                        args={**prompt.args, "question": question})
        return Outcome(replace(world, serial=world.serial + 1), f"Initiative: {sides[0]} {a}, {sides[1]} {b} — tied, roll again ({rule})",
                       raise_prompts=(again,))
    winner = sides[0] if a > b else sides[1]
    loser = other(winner, sides)
    moves_first = winner if tables.initiative.winner_moves_first.value else loser
    new = replace(world, first=moves_first, storm_roller=loser, initiative=(a, b))
    first = "moves first" if moves_first == winner else f"{loser} moves first"
    return Outcome(new, f"Initiative: {sides[0]} {a}, {sides[1]} {b} — {winner} wins and {first}; {loser} rolls for the storm ({rule})",
                   actor=winner)


def _storm(tables: LogisticsTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Storms ¶4: the loser's direction die then distance die."""
    roll = ctx.roll(prompt.dice, "storm: direction, distance")
    return storm_outcome(ctx, ctx.state.world, roll.faces[0], roll.faces[1], tables)


def _mulberry_storm(tables: LogisticsTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Mulberries ¶3, RULINGS L2: a Mulberry beside the storm is destroyed on 1-3."""
    world: LogisticsWorld = ctx.state.world
    hid = str(prompt.args.get("hex"))
    roll = ctx.roll(prompt.dice, f"Mulberry {hid} beside the storm")
    rule = f"{tables.storm.mulberry_adjacent.rule}; RULINGS L2"
    if hid not in world.mulberries:
        return Outcome(world, f"Mulberry {hid} is no longer there: the roll ({roll.total}) changes nothing ({rule})")
    owner = world.mulberries[hid].owner  # the roll is the owner's, not the storm roller's (issue 32, S-LOG3 reading (a))
    if S.adjacent_destroyed(roll.natural, tables):
        new = replace(world, mulberries={h: m for h, m in world.mulberries.items() if h != hid})
        return Outcome(new, f"Mulberry in {world.label(hid)}: rolled {roll.natural} — destroyed by the storm ({rule})", actor=owner)
    return Outcome(world, f"Mulberry in {world.label(hid)}: rolled {roll.natural} — it survives the storm ({rule})", actor=owner)


def _grow(tables: LogisticsTables, legacy: LegacyGrowth, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """Factories ¶6: the factory a city's growth goes to, applied on leaving End of production."""
    world: LogisticsWorld = ctx.state.world
    city = str(prompt.args.get("city") or prompt.subject)
    if is_old_choice(prompt):  # raised by the earlier version's `answer growth yes`: the city grows at once, as then
        return legacy.grow_at_once(world, city, value)
    new = F.choose_growth(world, city, value, tables)
    # the factory a city grows is its owner's choice (as RULINGS L4 gives a city's resource PPs to its owner)
    return Outcome(new, f"{world.label(city)}: the end-of-production growth ({tables.factories.growth_pp.value} PP) goes to "
                   f"its {F.KIND_NAMES[value]} Factory, on leaving the segment ({tables.factories.growth_pp.rule})",
                   actor=world.control(city) or "")


def _check_prompts(parts: tuple[Any, ...], files: tuple[str, ...]) -> tuple[Any, ...]:
    """The initiative prompt rolls the initiative dice once per side; the storm prompt the storm dice."""
    tables, spec = parts
    per = DiceSpec.parse(tables.initiative.dice.value)
    for step_id, step in spec.steps.items():
        for prompt in step.prompts:
            where = f"table sequence, key steps.{step_id}.prompts"
            if prompt.effect == "initiative":
                dice = DiceSpec.parse(prompt.dice)
                if dice.count != 2 * per.count or dice.sides != per.sides:
                    raise DataError(files[0], where, f"the initiative prompt rolls {per} for each side: {2 * per.count}d{per.sides}")
            if prompt.effect == "storm" and prompt.dice != tables.storm.dice.value:
                raise DataError(files[0], where, f"the storm prompt rolls the storm dice ({tables.storm.dice.value})")
    return parts


DATA = RuleData("logistics", (("logistics.toml", (LOGISTICS_TABLES, SEQUENCE)),), _check_prompts,
                modules=("tui.rules.core.dice", "tui.rules.core.hexgrid"))
"""What the rule set reads: the tables and the turn sequence of ``logistics.toml`` (the checks read dice and
directions)."""


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """Load ``rulesets/logistics.toml`` (through ``cache`` if given) and build the rule set; data errors name file,
    table and key."""
    path = data_dir / "rulesets" / "logistics.toml"
    tables: LogisticsTables
    tables, spec = load_data(data_dir, DATA, cache)
    sequence = build_sequence(spec, path.name)
    legacy = LegacyGrowth(tables, sequence)
    rs = RuleSet(
        id="logistics",
        name="Victory — Logistics",
        sides=tables.sides,
        sequence=sequence,
        verbs=build_verbs(tables),
        effects={"storm-reminder": partial(_storm_reminder, tables), "retreat-reminder": partial(_retreat_reminder, tables),
                 "end-battle": _end_battle, "growth": partial(_growth, tables), "end-turn": _end_turn},
        answers=_answers(tables, legacy),
        conditions={"production-turn": _production_turn},
        expansions={"growth-choices": partial(_growth_asked, tables)},
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        upgrade_state=legacy.upgrade_state,
        legacy_event=legacy.legacy_event,
        views={"ports": partial(_city_rows, tables), "map": partial(_map_rows, tables), "map-grid": partial(_grid_rows, tables, sequence),
               "crossings": _crossing_rows, "airfields": partial(_airfield_rows, tables), "scenario": partial(_scenario_rows, tables)},
        duties=partial(_duties, production_duties(partial(_city_rows, tables))),
        columns=_columns(),
        markers=partial(_markers, tables),
        explain=partial(_explain, tables),
        world_from_scenario=partial(_world_from_scenario, tables),
        resolve_side=side_resolver(tables.sides),
        default_scenario="logistics-channel-coast",
        source_files=(str(path),),
        tables=tables,
        actions={"map": map_actions(tables.sides), "ports": factory_actions()},
        texts={"map": partial(_map_text, tables), "scenario": partial(_scenario_text, tables)},
        mode_titles={"ports": "Factories"},
    )
    check_sequence_names(rs, path.name)
    return rs


def _storm_reminder(tables: LogisticsTables, ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
    """Storms ¶2: shown on entering every movement segment (the app does not move units), with the moving side's
    supply lines from airfields and Mulberries (Airfields ¶6, Mulberries ¶1)."""
    return world, S.reminder(world, tables) + supply.reminder(world, side, ctx.state.flow.turn, tables)


def _retreat_reminder(tables: LogisticsTables, ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
    """Storms ¶2: the retreat into the storm's automatic loss, reminded at combat, where retreats happen."""
    return world, S.retreat_reminder(world, tables)


def _end_battle(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
    """RULINGS L5: hits count within one battle; the combat phase's end ends its last battle."""
    new, lines = X.end_battle(world)
    return new, reported(lines)


def _growth(tables: LogisticsTables, ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
    """Factories ¶6: at the end of a production turn's Production Phase every city below its maximum grows, on its
    own (issue 21); a choice of factory left unanswered (``next --force``) is said so and that city does not grow."""
    if not is_production_turn(world, ctx.state.flow.turn):
        return world, []
    if settled(ctx.state):  # a save of the earlier version: its yes/no prompt settled this turn's growth
        return world, [f"End of production: this turn's growth was settled by the earlier prompt '{OLD_PROMPT}' (Factories ¶6)"]
    skipped = {p.subject for p in ctx.state.flow.pending if p.effect == "grow"}
    new, lines = F.end_of_production(world, skipped, tables)
    grown = F.grown_named(world, new)  # each city and its new PP, in the summary the notification shows (issue 30.10)
    return new, [Reported(f"{lines[0]}: {grown}" if grown else lines[0]), *lines[1:]]  # part of the `next` summary


def _growth_asked(tables: LogisticsTables, state: GameState, seg: Segment) -> list[tuple[str, str, tuple[str, ...]]]:
    """Factories ¶6: the cities asked, on entering End of production, which factory grows (prompt ``grow-CITY``)."""
    return F.growth_asked(state.world, tables)


def _end_turn(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
    """The turn's bookkeeping starts again: production, exchanges, resources, growth choices."""
    new = replace(world, produced=(), exchanged=(), resources={}, growth_to={}, grown=False, battle={})
    return new, [Reported("New turn: production, exchanges and resources start again (Factories ¶3, ¶7)")]


def _production_turn(state: GameState, seg: Segment) -> bool:
    """Whether this turn is a production turn (RULINGS L3)."""
    return is_production_turn(state.world, state.flow.turn)


def _duties(produced: Callable[[GameState, Segment], list[Duty]], state: GameState, seg: Segment) -> list[Duty]:
    """The production segment's duties on a production turn; on another turn only that there is none (issue 22
    point 13: the checklist offered the cities that "may still produce" on a turn without production)."""
    if not _production_turn(state, seg):
        return [Duty("No production this turn: no city produces or exchanges (RULINGS L3)", "RULINGS L3", INFO)
                ] if produced(state, seg) else []
    return produced(state, seg)


def _crossing_rows(state: GameState) -> list[dict[str, Any]]:
    """The bridges and canals, destroyed or not (Destruction ¶1)."""
    world: LogisticsWorld = state.world
    return [{"name": c.id, "kind": c.kind, "label": c.name, "destroyed": c.destroyed, "bridge": c.id if c.kind == "bridge" else ""}
            for c in world.crossings.values()]


def _airfield_rows(tables: LogisticsTables, state: GameState) -> list[dict[str, Any]]:
    """The airfields, minor or major, and the air units each bases (Airfields ¶3)."""
    world: LogisticsWorld = state.world
    return [{"name": f.hex, "kind": "major" if f.major else "minor", "owner": f.owner,
             "air_units": X.airfield_figure(world, f.hex, state.flow.turn, tables).value} for f in world.airfields.values()]


def _city_rows(tables: LogisticsTables, state: GameState) -> list[dict[str, Any]]:
    """The Factories table's rows."""
    return V.city_rows(state, tables)


def _map_rows(tables: LogisticsTables, state: GameState) -> list[dict[str, Any]]:
    """The map's hexes."""
    return V.map_rows(state, tables)


def _grid_rows(tables: LogisticsTables, sequence: Sequence, state: GameState) -> list[dict[str, Any]]:
    """The map drawn, with the storm's reminder in a movement segment."""
    return V.grid_rows(state, tables, sequence.at(state.flow.index).path[-1] == "movement")


def _scenario_rows(tables: LogisticsTables, state: GameState) -> list[dict[str, Any]]:
    """The world written as a scenario, in one row."""
    return [{"name": "scenario", "toml": world_to_scenario(state.world, tables.sides)}]


def _scenario_text(tables: LogisticsTables, state: GameState) -> str:
    """The world written as a scenario."""
    return world_to_scenario(state.world, tables.sides)


def _map_text(tables: LogisticsTables, state: GameState) -> str:
    """The map as text."""
    return V.map_text(state, tables)


def _markers(tables: LogisticsTables, state: GameState, query: Any) -> list[dict[str, Any]]:
    """The markers on the map."""
    return V.marker_rows(state, tables)


def _explain(tables: LogisticsTables, state: GameState, name: str) -> list[Explained]:
    """The "why?" of a hex."""
    return V.explain(state, name, tables)


def _world_from_scenario(tables: LogisticsTables, raw: dict[str, Any], file: str) -> LogisticsWorld:
    """The world a scenario file starts."""
    return world_from_scenario(raw, file, tables)
