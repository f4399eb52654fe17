"""Wires the AWAW tables, verbs, effects and views into a :class:`RuleSet` (seed 004, chapter 21 Naval Operations).

The rule set loads two data files: ``awaw.toml`` (the tables of 21.1-21.41,
21.44, 21.7 and the turn sequence) and ``awaw-operations.toml`` (the
operations of 21.42, 21.43x, 21.51x-21.56, 21.6x, validated by
``ops_tables``), both through the core's loader (:data:`DATA`). The
operations' ``[commands]`` table names the steps of the sequence where each
of their verbs is legal; they are added to those steps before the sequence is
built. Verbs come in parts (roster,
basing, patrols and harbor attacks, the turn, the operations) merged with a
check that no name is defined twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import msgspec

from ..core.errors import DataError
from ..core.loader import Cache, RuleData, Tables, load_data
from ..core.phases import SEQUENCE, Segment, build_sequence
from ..core.ruleset import Context, RuleSet, check_sequence_names
from ..core.state import GameState
from ..core.checklist import DUE, INFO, Duty
from ..core.view_duties import allows
from .duties import overstack_duties
from . import views as V
from .naval_actions import NAVAL_ACTIONS, PORT_ACTIONS
from .parts import merge
from .planner import CORE_ACTIVITIES, plan
from .scenario import world_from_scenario
from .ops_tables import OPS_TABLES, OpsTables
from .tables import AWAW_TABLES, AwawTables
from .turn import build_turn
from .verbs_basing import build_basing_verbs
from .verbs_patrol import build_patrol_verbs
from .brps import LEDGER_COLUMNS, ledger_rows
from .missions import MISSION_COLUMNS, explain_mission, mission_rows
from .verbs_units import build_unit_verbs
from .basing import overstacked
from .world import AwawWorld, world_from_data, world_to_data

FIRST, SECOND = "first", "second"
OPS_FILE = "awaw-operations.toml"


COMMANDS: Tables[dict[str, list[str]]] = Tables(dict[str, list[str]], table="commands", default={})
"""The operations' ``[commands]`` table: step id -> the verbs legal there."""


def add_ops_commands(parts: tuple[Any, ...], files: tuple[str, ...]) -> tuple[Any, ...]:
    """Add the operations' verbs to the steps their ``[commands]`` table names (step id -> verbs)."""
    tables, spec, ops_tables, commands = parts
    file = files[1]
    steps = dict(spec.steps)
    for step_id, verbs in commands.items():
        if step_id not in steps:
            raise DataError(file, f"table commands, key {step_id}", f"is not a step of the awaw sequence ({', '.join(steps)})")
        step = steps[step_id]
        steps[step_id] = msgspec.structs.replace(step, commands=list(dict.fromkeys([*(step.commands or []), *verbs])))
    return tables, msgspec.structs.replace(spec, steps=steps), ops_tables, commands


DATA = RuleData("awaw", (("awaw.toml", (AWAW_TABLES, SEQUENCE)), (OPS_FILE, (OPS_TABLES, COMMANDS))), add_ops_commands)
"""What the rule set reads: the tables and the turn sequence of ``awaw.toml``; the operations' tables and the steps
their verbs are legal in from ``awaw-operations.toml``."""


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """Load ``rulesets/awaw.toml`` and ``rulesets/awaw-operations.toml`` (through ``cache`` if given) and build the
    rule set."""
    path = data_dir / "rulesets" / "awaw.toml"
    ops_path = data_dir / "rulesets" / OPS_FILE
    tables: AwawTables
    ops_tables: OpsTables
    tables, spec, ops_tables, _ = load_data(data_dir, DATA, cache)
    from . import planner_ops, verbs_ops  # the operations of 21.42-21.6

    ops_activities = tuple(planner_ops.ACTIVITIES)
    sequence = build_sequence(spec, path.name)

    def resolve_side(state: GameState, side: str) -> str:
        world: AwawWorld = state.world
        first = world.first or tables.sides[0]
        if side == FIRST:
            return first
        if side == SECOND:
            return next(s for s in tables.sides if s != first)
        return side

    def acting_side(state: GameState, seg: Segment) -> str:
        side = resolve_side(state, seg.side)
        if seg.acting == "other" and side in tables.sides:
            return next(s for s in tables.sides if s != side)
        return side

    def acting(ctx: Context) -> str:
        return acting_side(ctx.state, ctx.segment)

    def phasing(state: GameState) -> str:
        return resolve_side(state, sequence.at(state.flow.index).side)

    def own_bases(state: GameState) -> list[dict[str, Any]]:
        """The bases the phasing side holds (the destinations the Naval mode's forms offer)."""
        return [r for r in V.port_rows(state, tables) if r["side"] == phasing(state)]

    aleutians = tuple(ops_tables.invasion.aleutians.islands)  # 21.121C: no port construction there
    parts = merge([build_unit_verbs(tables, acting, aleutians), build_turn(tables, acting), build_basing_verbs(tables, acting),
                   build_patrol_verbs(tables, acting, ops_tables), verbs_ops.build_ops(tables, ops_tables, acting)], path.name)
    rs = RuleSet(
        id="awaw",
        name="A World at War — 21 Naval Operations",
        sides=tables.sides,
        sequence=sequence,
        verbs=parts.verbs,
        effects=parts.effects,
        answers=parts.answers,
        conditions=parts.conditions,
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        views={"ports": lambda s: V.port_rows(s, tables), "units": lambda s: V.unit_rows(s, tables),
               "own-bases": own_bases, "return-bases": lambda s: [{"name": "origin"}, *own_bases(s)],
               "enemy-bases": lambda s: [r for r in V.port_rows(s, tables) if r["side"] not in (phasing(s), "neutral")],
               "zones": lambda s: V.zone_rows(s, tables), "straits": lambda s: V.strait_rows(s, tables),
               "missions": mission_rows, "brps": ledger_rows},
        duties=awaw_duties(overstack_duties(lambda s: overstacked(s.world, tables)), phasing),
        columns={"ports": V.PORT_COLUMNS, "units": V.UNIT_COLUMNS, "zones": V.ZONE_COLUMNS, "straits": V.STRAIT_COLUMNS,
                 "missions": MISSION_COLUMNS, "brps": LEDGER_COLUMNS},
        markers=lambda s, q: V.marker_rows(s, q, tables),
        explain=lambda s, name: explain_mission(s, name, ops_tables) or V.explain(s, name, tables),
        world_from_scenario=lambda raw_s, file: world_from_scenario(raw_s, file, tables),
        resolve_side=resolve_side,
        default_scenario="awaw-mediterranean-1942",
        source_files=(str(path), str(ops_path)),
        tables=tables,
        actions={"naval": NAVAL_ACTIONS + parts.actions, "ports": PORT_ACTIONS},
        planner=lambda s, ids, choices: plan(s, ids, choices, tables, ops_tables, ops_activities),
        planner_activities=CORE_ACTIVITIES + ops_activities,
    )
    check_sequence_names(rs, path.name)
    return rs


DutiesOf = Callable[[GameState, Segment], list[Duty]]


def invasion_duties(state: GameState, seg: Segment) -> list[Duty]:
    """21.516-21.518: the seaborne invasions announced this player turn whose outcome is not recorded yet; due in the
    segment where regular combat decides them, a reminder wherever ``invasion-result`` is legal before that."""
    if not allows(seg, "invasion-result"):
        return []
    missions = state.world.ops.get("missions", {})
    open_ = [f"{mid} ({m.get('hex', '?')})" for mid, m in missions.items() if m.get("kind") == "invasion" and not m.get("result")]
    if not open_:
        return []
    due = "regular-combat" in seg.key
    return [Duty(f"Seaborne invasions without a recorded outcome: {', '.join(open_)}", "21.516-21.518", DUE if due else INFO,
                 "invasion-result ID landed|repulsed|defeated-at-sea|aborted")]


def raid_duties(phasing: Callable[[GameState], str]) -> DutiesOf:
    """21.537A: "Raiders may not remain at sea": the raider groups of this player turn not yet returned are a duty due
    wherever ``raid-return`` is legal (from the naval missions to the end of the player turn), so the player turn is
    not left with raiders at sea unless forced."""

    def duties(state: GameState, seg: Segment) -> list[Duty]:
        ops = state.world.ops
        if ops.get("turn") != f"{state.flow.turn}:{phasing(state)}":
            return []
        units = state.world.units
        out = []
        for mid, m in ops.get("missions", {}).items():
            if m.get("kind") != "raid" or m.get("returned"):
                continue
            at_sea = [i for i in m.get("units", []) if i in units and units[i].at_sea == "raiding"]
            if at_sea:
                out.append(f"{mid} ({m.get('sw_box', '?')}: {', '.join(at_sea)})")
        if not out:
            return []
        return [Duty(f"Raider groups at sea: {', '.join(out)}", "21.537A", DUE if allows(seg, "raid-return") else INFO,
                     "raid-return ID: all raiding groups must attempt to return to port")]

    return duties


def awaw_duties(overstack: DutiesOf, phasing: Callable[[GameState], str] | None = None) -> DutiesOf:
    """The AWAW checklist duties: overstacked bases (21.112), invasions awaiting their outcome (21.516-21.518) and
    raider groups still at sea (21.537A; ``phasing``: the phasing side of a state)."""
    raids = raid_duties(phasing) if phasing is not None else (lambda state, seg: [])

    def duties(state: GameState, seg: Segment) -> list[Duty]:
        return [*overstack(state, seg), *invasion_duties(state, seg), *raids(state, seg)]

    return duties
