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

from functools import partial
from pathlib import Path
from typing import Any, Callable

import msgspec

from ..core.errors import DataError
from ..core.loader import Cache, RuleData, Tables, load_data
from ..core.phases import SEQUENCE, Segment, Sequence, build_sequence
from ..core.explain import Explained
from ..core.ruleset import Column, Context, RuleSet, check_sequence_names
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
    acting = partial(_acting, tables)
    phasing = partial(_phasing, tables, sequence)
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
        views=_views(tables, phasing),
        duties=awaw_duties(overstack_duties(partial(_overstacked, tables)), phasing),
        columns=_columns(),
        markers=partial(V.marker_rows, tables=tables),
        explain=partial(_explain, tables, ops_tables),
        world_from_scenario=partial(world_from_scenario, t=tables),
        resolve_side=partial(_resolve_side, tables),
        default_scenario="awaw-mediterranean-1942",
        source_files=(str(path), str(ops_path)),
        tables=tables,
        actions={"naval": NAVAL_ACTIONS + parts.actions, "ports": PORT_ACTIONS},
        planner=partial(plan, tables=tables, ops_tables=ops_tables, ops_activities=ops_activities),
        planner_activities=CORE_ACTIVITIES + ops_activities,
    )
    check_sequence_names(rs, path.name)
    return rs


def _resolve_side(tables: AwawTables, state: GameState, side: str) -> str:
    """The side a sequence's ``first`` or ``second`` names in ``state`` (``first``: the side the game says moves
    first, else the first side of the tables); any other side as it is."""
    world: AwawWorld = state.world
    first = world.first or tables.sides[0]
    if side == FIRST:
        return first
    if side == SECOND:
        return next(s for s in tables.sides if s != first)
    return side


def _acting_side(tables: AwawTables, state: GameState, seg: Segment) -> str:
    """The side acting in segment ``seg``: the segment's side, or the other one where the segment says ``other``."""
    side = _resolve_side(tables, state, seg.side)
    if seg.acting == "other" and side in tables.sides:
        return next(s for s in tables.sides if s != side)
    return side


def _acting(tables: AwawTables, ctx: Context) -> str:
    """The side acting in a command's segment (the ``side`` every verb of the rule set is bound to)."""
    return _acting_side(tables, ctx.state, ctx.segment)


def _phasing(tables: AwawTables, sequence: Sequence, state: GameState) -> str:
    """The phasing side: the side of the step the game is at."""
    return _resolve_side(tables, state, sequence.at(state.flow.index).side)


def _own_bases(tables: AwawTables, phasing: Callable[[GameState], str], state: GameState) -> list[dict[str, Any]]:
    """The bases the phasing side holds (the destinations the Naval mode's forms offer)."""
    return [r for r in V.port_rows(state, tables) if r["side"] == phasing(state)]


def _return_bases(tables: AwawTables, phasing: Callable[[GameState], str], state: GameState) -> list[dict[str, Any]]:
    """Where units at sea may return: their base of origin, or a base the phasing side holds (21.33)."""
    return [{"name": "origin"}, *_own_bases(tables, phasing, state)]


def _enemy_bases(tables: AwawTables, phasing: Callable[[GameState], str], state: GameState) -> list[dict[str, Any]]:
    """The bases held by neither the phasing side nor a neutral (the targets the Naval mode's forms offer)."""
    return [r for r in V.port_rows(state, tables) if r["side"] not in (phasing(state), "neutral")]


def _views(tables: AwawTables, phasing: Callable[[GameState], str]) -> dict[str, Callable[[GameState], list[dict[str, Any]]]]:
    """The rule set's read-only views, by name, bound to the tables and the phasing side."""
    return {"ports": partial(V.port_rows, tables=tables), "units": partial(V.unit_rows, tables=tables),
            "own-bases": partial(_own_bases, tables, phasing), "return-bases": partial(_return_bases, tables, phasing),
            "enemy-bases": partial(_enemy_bases, tables, phasing), "zones": partial(V.zone_rows, tables=tables),
            "straits": partial(V.strait_rows, tables=tables), "missions": mission_rows, "brps": ledger_rows}


def _columns() -> dict[str, tuple[Column, ...]]:
    """The columns of each view's table."""
    return {"ports": V.port_columns(), "units": V.unit_columns(), "zones": V.zone_columns(), "straits": V.strait_columns(),
            "missions": MISSION_COLUMNS, "brps": LEDGER_COLUMNS}


def _overstacked(tables: AwawTables, state: GameState) -> dict[str, Any]:
    """The overstacked bases of ``state`` and their excess (21.112)."""
    return overstacked(state.world, tables)


def _explain(tables: AwawTables, ops_tables: OpsTables, state: GameState, name: str) -> list[Explained]:
    """The "why?" of a mission of this player turn, else of a base, a unit or a strait."""
    return explain_mission(state, name, ops_tables) or V.explain(state, name, tables)



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

    return partial(_raid_duties, phasing)


def _raid_duties(phasing: Callable[[GameState], str], state: GameState, seg: Segment) -> list[Duty]:
    """21.537A: the raider groups of this player turn still at sea (see :func:`raid_duties`)."""
    ops = state.world.ops
    if ops.get("turn") != f"{state.flow.turn}:{phasing(state)}":
        return []
    from .ops_raid_ships import undecided

    units = state.world.units
    out, engaging = [], []
    for mid, m in ops.get("missions", {}).items():
        if m.get("kind") != "raid" or m.get("returned"):
            continue
        at_sea = [i for i in m.get("units", []) if i in units and units[i].at_sea == "raiding"]
        if at_sea:
            out.append(f"{mid} ({m.get('sw_box', '?')}: {', '.join(at_sea)})")
        if at_sea and (att := undecided(m)) is not None:
            engaging.append(f"{mid} attempt {att['attempt']} ({att['ships']} defending ships may engage)")
    duties = [Duty(f"Raider engagements to oppose or decline: {', '.join(engaging)}", "21.5341, 21.538B",
                   DUE if allows(seg, "raid-ships") else INFO,
                   "raid-ships ID FACES (the defender's type dice) or raid-ships ID --decline; or the combat's results "
                   "typed at raid-return ID --engaged")] if engaging else []
    if out:
        duties.append(Duty(f"Raider groups at sea: {', '.join(out)}", "21.537A", DUE if allows(seg, "raid-return") else INFO,
                           "raid-return ID: all raiding groups must attempt to return to port"))
    return duties


def awaw_duties(overstack: DutiesOf, phasing: Callable[[GameState], str] | None = None) -> DutiesOf:
    """The AWAW checklist duties: overstacked bases (21.112), invasions awaiting their outcome (21.516-21.518) and
    raider groups still at sea (21.537A; ``phasing``: the phasing side of a state)."""
    raids = raid_duties(phasing) if phasing is not None else _no_duties
    return partial(_awaw_duties, overstack, raids)


def _no_duties(state: GameState, seg: Segment) -> list[Duty]:
    """No duty (the raider groups' when no phasing side is given)."""
    return []


def _awaw_duties(overstack: DutiesOf, raids: DutiesOf, state: GameState, seg: Segment) -> list[Duty]:
    """The duties of every kind, in order: overstacking, invasions, raids."""
    return [*overstack(state, seg), *invasion_duties(state, seg), *raids(state, seg)]
