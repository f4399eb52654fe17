"""Wires the OCS tables, verbs, effects and views into a :class:`RuleSet` (seed 001, 19.0 Ports and Shipping).

OCS decides each turn who moves first, so the sequence names its player turns
``first`` and ``second`` and :func:`resolve_side` reads the answer of the
first player determination from the world.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from ..core.errors import DataError
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, build_sequence
from ..core.ruleset import check_sequence_names, RuleSet
from .duties import ocs_duties
from .tables import OCS_TABLES, OcsTables
from .verbs import answer_confirm, build_verbs
from .port_keys import port_actions, port_columns, shipping_columns
from .rules import (_acting, _answer_first, _answer_weather, _end_turn, _explain, _marker_rows, _port_rows,
                    _reset_phase, _resolve_side, _shipping_rows, _world_from_scenario)
from .world import world_from_data, world_to_data


def side_resolver(sides: tuple[str, ...]):
    """The rule set's ``resolve_side``: ``first`` is the side the first player determination put first
    this turn (the scenario's until then), ``second`` the other one; other names are sides already."""
    return partial(_resolve_side, sides)


def _check_first_player(parts: tuple[Any, ...], files: tuple[str, ...]) -> tuple[Any, ...]:
    """The first player prompt's choices must be sides."""
    tables, spec = parts
    for step_id, step in spec.steps.items():
        for prompt in step.prompts:
            if prompt.effect == "first-player" and (not prompt.choices or set(prompt.choices) - set(tables.sides)):
                where = f"table sequence, key steps.{step_id}.prompts"
                raise DataError(files[0], where, f"the first player choices must be sides ({', '.join(tables.sides)})")
    return parts


DATA = RuleData("ocs", (("ocs.toml", (OCS_TABLES, SEQUENCE)),), _check_first_player, modules=("tui.rules.ocs.amounts",))
"""What the rule set reads: the tables and the turn sequence of ``ocs.toml``."""


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """Load ``rulesets/ocs.toml`` (through ``cache`` if given) and build the rule set; data errors name file, table
    and key."""
    path = data_dir / "rulesets" / "ocs.toml"
    tables: OcsTables
    tables, spec = load_data(data_dir, DATA, cache)
    sequence = build_sequence(spec, path.name)
    resolve_side = side_resolver(tables.sides)

    verbs, actions = build_verbs(tables, sequence, partial(_acting, tables))

    ports, shipping = partial(_port_rows, tables), partial(_shipping_rows, tables)
    rs = RuleSet(
        id="ocs",
        name="OCS — 19.0 Ports and Shipping",
        sides=tables.sides,
        sequence=sequence,
        verbs=verbs,
        effects={"reset-port-use": _reset_phase, "end-turn": partial(_end_turn, tables)},
        answers={"first-player": partial(_answer_first, tables), "weather": _answer_weather, "confirm": answer_confirm(actions)},
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        views={"ports": ports, "shipping": shipping},
        duties=ocs_duties(ports, shipping),
        columns={"ports": port_columns(), "shipping": shipping_columns()},
        markers=partial(_marker_rows, tables),
        explain=partial(_explain, tables),
        world_from_scenario=partial(_world_from_scenario, tables),
        resolve_side=resolve_side,
        default_scenario="ocs-western-desert-1941",
        source_files=(str(path),),
        tables=tables,
        actions={"ports": port_actions()},
    )
    check_sequence_names(rs, path.name)
    return rs
