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
from typing import Any

from msgspec.structs import replace

from ..core.dice import DiceSpec
from ..core.errors import DataError, RuleError
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, Reported, Segment, build_sequence, reported
from ..core.ruleset import Column, Context, Outcome, RuleSet, check_sequence_names
from ..core.state import GameState, Pending
from ..core.checklist import INFO, Duty
from .duties import production_duties
from . import factories as F
from . import sites as X
from . import storm as S
from . import supply
from . import views as V
from .actions import FACTORY_ACTIONS, map_actions
from .legacy import OLD_PROMPT, LegacyGrowth, is_old_choice, settled
from .export import world_to_scenario
from .scenario import world_from_scenario
from .tables import LOGISTICS_TABLES, LogisticsTables
from .verbs import build_verbs, storm_outcome
from .world import LogisticsWorld, is_production_turn, other, world_from_data, world_to_data

FIRST, SECOND, LOSER = "first", "second", "loser"

CITY_COLUMNS = (
    Column("name", "City", 14), Column("hex", "Hex", 5, priority=2), Column("owner", "Owner", 7, priority=2), Column("size", "Size", 4, priority=1),
    Column("coastal", "Coastal", 7), Column("air", "Air PP", 4), Column("navy", "Navy PP", 4), Column("army", "Army PP", 4),
    Column("total", "Total PP", 5, priority=2), Column("produces", "Produces", 20, priority=1, wrap=True), Column("growth", "Growth", 6),
    Column("storm", "Storm", 5, priority=2), Column("produced", "Produced", 8),
)
CROSSING_COLUMNS = (Column("name", "Id", 10), Column("kind", "Kind", 7), Column("label", "Name", 16), Column("destroyed", "Destroyed", 9))
AIRFIELD_COLUMNS = (Column("name", "Hex", 6), Column("kind", "Kind", 6), Column("owner", "Owner", 7), Column("air_units", "Air units", 5))


def side_resolver(sides: tuple[str, ...]):
    """``first`` is the side the initiative put first this turn (the scenario's until then), ``second`` the other,
    ``loser`` the initiative's loser, who rolls for the storm (Storms ¶4)."""

    def resolve_side(state: GameState, side: str) -> str:
        world: LogisticsWorld = state.world
        if side == LOSER:
            return world.storm_roller or other(world.first, sides)
        if side == FIRST:
            return world.first
        if side == SECOND:
            return other(world.first, sides)
        return side

    return resolve_side


def _answers(tables: LogisticsTables, legacy: LegacyGrowth) -> dict[str, Any]:
    """The prompts' effects: initiative, storm, a Mulberry beside the storm, the factory a city's growth goes to (and
    the earlier version's yes/no growth prompt, for its saves: ``legacy.py``)."""
    sides = tables.sides
    per_side = DiceSpec.parse(tables.initiative.dice.value).count

    def initiative(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """RULINGS L3: each side rolls two dice; the higher total wins and the loser rolls for the storm; ties roll again."""
        world: LogisticsWorld = ctx.state.world
        roll = ctx.roll(prompt.dice, f"initiative: {sides[0]} then {sides[1]}")
        if len(roll.faces) != 2 * per_side:
            raise RuleError(f"the initiative needs {per_side} dice per side ({prompt.dice})")
        a, b = sum(roll.faces[:per_side]), sum(roll.faces[per_side:])
        rule = f"{tables.initiative.dice.rule}; RULINGS L3"
        if a == b:
            again = replace(prompt, id=f"initiative-{world.serial + 1}", text=f"Initiative tied {a}-{b}: roll again ({prompt.text.split(':', 1)[-1].strip()})")
            return Outcome(replace(world, serial=world.serial + 1), f"Initiative: {sides[0]} {a}, {sides[1]} {b} — tied, roll again ({rule})",
                           raise_prompts=(again,))
        winner = sides[0] if a > b else sides[1]
        loser = other(winner, sides)
        moves_first = winner if tables.initiative.winner_moves_first.value else loser
        new = replace(world, first=moves_first, storm_roller=loser, initiative=(a, b))
        return Outcome(new, f"Initiative: {sides[0]} {a}, {sides[1]} {b} — {winner} wins and moves first; {loser} rolls for the storm ({rule})",
                       actor=winner)

    def storm(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Storms ¶4: the loser's direction die then distance die."""
        roll = ctx.roll(prompt.dice, "storm: direction, distance")
        return storm_outcome(ctx, ctx.state.world, roll.faces[0], roll.faces[1], tables)

    def mulberry_storm(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Mulberries ¶3, RULINGS L2: a Mulberry beside the storm is destroyed on 1-3."""
        world: LogisticsWorld = ctx.state.world
        hid = str(prompt.args.get("hex"))
        roll = ctx.roll(prompt.dice, f"Mulberry {hid} beside the storm")
        rule = f"{tables.storm.mulberry_adjacent.rule}; RULINGS L2"
        if hid not in world.mulberries:
            return Outcome(world, f"Mulberry {hid} is no longer there: the roll ({roll.total}) changes nothing ({rule})")
        if S.adjacent_destroyed(roll.natural, tables):
            new = replace(world, mulberries={h: m for h, m in world.mulberries.items() if h != hid})
            return Outcome(new, f"Mulberry in {world.label(hid)}: rolled {roll.natural} — destroyed by the storm ({rule})")
        return Outcome(world, f"Mulberry in {world.label(hid)}: rolled {roll.natural} — it survives the storm ({rule})")

    def grow(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Factories ¶6: the factory a city's growth goes to, applied on leaving End of production."""
        world: LogisticsWorld = ctx.state.world
        city = str(prompt.args.get("city") or prompt.subject)
        if is_old_choice(prompt):  # raised by the earlier version's `answer growth yes`: the city grows at once, as then
            return legacy.grow_at_once(world, city, value)
        new = F.choose_growth(world, city, value, tables)
        return Outcome(new, f"{world.label(city)}: the end-of-production growth ({tables.factories.growth_pp.value} PP) goes to "
                       f"its {F.KIND_NAMES[value]} Factory, on leaving the segment ({tables.factories.growth_pp.rule})")

    return {"initiative": initiative, "storm": storm, "mulberry-storm": mulberry_storm, "grow": grow,
            OLD_PROMPT: legacy.answer_growth}


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
    resolve_side = side_resolver(tables.sides)
    legacy = LegacyGrowth(tables, sequence)

    def storm_reminder(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
        """Storms ¶2: shown on entering every movement segment (the app does not move units), with the moving side's
        supply lines from airfields and Mulberries (Airfields ¶6, Mulberries ¶1)."""
        return world, S.reminder(world, tables) + supply.reminder(world, side, ctx.state.flow.turn, tables)

    def retreat_reminder(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
        """Storms ¶2: the retreat into the storm's automatic loss, reminded at combat, where retreats happen."""
        return world, S.retreat_reminder(world, tables)

    def end_battle(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
        """RULINGS L5: hits count within one battle; the combat phase's end ends its last battle."""
        new, lines = X.end_battle(world)
        return new, reported(lines)

    def growth(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
        """Factories ¶6: at the end of a production turn's Production Phase every city below its maximum grows, on its
        own (issue 21); a choice of factory left unanswered (``next --force``) is said so and that city does not grow."""
        if not is_production_turn(world, ctx.state.flow.turn):
            return world, []
        if settled(ctx.state):  # a save of the earlier version: its yes/no prompt settled this turn's growth
            return world, [f"End of production: this turn's growth was settled by the earlier prompt '{OLD_PROMPT}' (Factories ¶6)"]
        skipped = {p.subject for p in ctx.state.flow.pending if p.effect == "grow"}
        new, lines = F.end_of_production(world, skipped, tables)
        return new, [Reported(lines[0]), *lines[1:]]  # the head line is part of the `next` event's summary

    def growth_asked(state: GameState, seg: Segment) -> list[tuple[str, str, tuple[str, ...]]]:
        """Factories ¶6: the cities asked, on entering End of production, which factory grows (prompt ``grow-CITY``)."""
        return F.growth_asked(state.world, tables)

    def end_turn(ctx: Context, world: LogisticsWorld, side: str) -> tuple[LogisticsWorld, list[str]]:
        """The turn's bookkeeping starts again: production, exchanges, resources, growth choices."""
        new = replace(world, produced=(), exchanged=(), resources={}, growth_to={}, grown=False, battle={})
        return new, [Reported("New turn: production, exchanges and resources start again (Factories ¶3, ¶7)")]

    def production_turn(state: GameState, seg: Segment) -> bool:
        return is_production_turn(state.world, state.flow.turn)

    produced = production_duties(lambda s: V.city_rows(s, tables))

    def duties(state: GameState, seg: Segment) -> list[Duty]:
        """The production segment's duties on a production turn; on another turn only that there is none (issue 22
        point 13: the checklist offered the cities that "may still produce" on a turn without production)."""
        if not production_turn(state, seg):
            return [Duty("No production this turn: no city produces or exchanges (RULINGS L3)", "RULINGS L3", INFO)
                    ] if produced(state, seg) else []
        return produced(state, seg)

    def crossing_rows(state: GameState) -> list[dict[str, Any]]:
        world: LogisticsWorld = state.world
        return [{"name": c.id, "kind": c.kind, "label": c.name, "destroyed": c.destroyed, "bridge": c.id if c.kind == "bridge" else ""}
                for c in world.crossings.values()]

    def airfield_rows(state: GameState) -> list[dict[str, Any]]:
        world: LogisticsWorld = state.world
        return [{"name": f.hex, "kind": "major" if f.major else "minor", "owner": f.owner,
                 "air_units": X.airfield_figure(world, f.hex, state.flow.turn, tables).value} for f in world.airfields.values()]

    rs = RuleSet(
        id="logistics",
        name="Victory — Logistics",
        sides=tables.sides,
        sequence=sequence,
        verbs=build_verbs(tables),
        effects={"storm-reminder": storm_reminder, "retreat-reminder": retreat_reminder, "end-battle": end_battle, "growth": growth, "end-turn": end_turn},
        answers=_answers(tables, legacy),
        conditions={"production-turn": production_turn},
        expansions={"growth-choices": growth_asked},
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        upgrade_state=legacy.upgrade_state,
        legacy_event=legacy.legacy_event,
        views={"ports": lambda s: V.city_rows(s, tables), "map": lambda s: V.map_rows(s, tables),
               "map-grid": lambda s: V.grid_rows(s, tables, sequence.at(s.flow.index).path[-1] == "movement"), "crossings": crossing_rows, "airfields": airfield_rows,
               "scenario": lambda s: [{"name": "scenario", "toml": world_to_scenario(s.world, tables.sides)}]},
        duties=duties,
        columns={"ports": CITY_COLUMNS, "crossings": CROSSING_COLUMNS, "airfields": AIRFIELD_COLUMNS},
        markers=lambda s, q: V.marker_rows(s, tables),
        explain=lambda s, name: V.explain(s, name, tables),
        world_from_scenario=lambda raw_s, file: world_from_scenario(raw_s, file, tables),
        resolve_side=resolve_side,
        default_scenario="logistics-channel-coast",
        source_files=(str(path),),
        tables=tables,
        actions={"map": map_actions(tables.sides), "ports": FACTORY_ACTIONS},
        texts={"map": lambda s: V.map_text(s, tables), "scenario": lambda s: world_to_scenario(s.world, tables.sides)},
        mode_titles={"ports": "Factories"},
    )
    check_sequence_names(rs, path.name)
    return rs
