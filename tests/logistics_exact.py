"""Shared helpers of the exact Logistics rule tests: the Channel Coast world and tables, a refusal's message, a state
at a turn, a small board using every scenario table."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from msgspec.structs import replace
import pytest

from logistics_game import logistics_game
from tui.rules.core.errors import RuleError
from tui.rules.logistics.scenario import world_from_scenario
from tui.rules.logistics.tables import LogisticsTables
from tui.rules.logistics.world import LogisticsWorld


@lru_cache(maxsize=None)
def _game() -> Any:
    """One Channel Coast game for every exact test (its world and tables are never changed)."""
    return logistics_game()


def board() -> tuple[LogisticsWorld, LogisticsTables]:
    """The Channel Coast world at the start and the Logistics tables (both immutable)."""
    game = _game()
    return game.state.world, game.ruleset.tables


def refusal(call: Any, *args: Any) -> str:
    """The one-line message of a refused rule call."""
    with pytest.raises(RuleError) as caught:
        call(*args)
    return str(caught.value)


def state_with(world: LogisticsWorld, turn: int) -> Any:
    """The game's state holding ``world`` at game turn ``turn``."""
    state = _game().state
    return replace(state, world=world, flow=replace(state.flow, turn=turn))


def scenario_raw() -> dict[str, Any]:
    """A 5x4 board using every table of a Logistics scenario: the sea along row 1, Port Ash (a 2 PP coastal city with
    Navy and Army factories), the town Elm, a river with a destroyed and a standing bridge, roads, a railway, a canal,
    two airfields and a Mulberry."""
    return {
        "map": {"columns": 5, "rows": 4, "centre": "0303", "storm": "0203"},
        "turn": {"first_player": "axis", "production_every": 1, "production_turns": [2, 5]},
        "control": [{"side": "allied", "columns": [1, 2]}, {"side": "axis", "columns": [3, 5]}],
        "areas": [{"terrain": "sea", "hexes": ["0101", "0201"]}, {"terrain": "forest", "hexes": ["0404"]}],
        "owners": [{"side": "axis", "hexes": ["0202"]}],
        "hexes": [{"hex": "0102", "terrain": "city", "name": "Port Ash", "size": 2, "factories": {"navy": 1, "army": 0}},
                  {"hex": "0304", "terrain": "town", "name": "Elm"},
                  {"hex": "0403", "terrain": "clear", "coastal": True, "resource": 2}],
        "rivers": [{"hexsides": [["0303", "0403"], ["0304", "0404"]]}],
        "roads": [{"hexes": ["0102", "0202", "0302", "0303"]}, {"hexes": ["0202", "0203"]}],
        "rails": [{"hexes": ["0103", "0203"]}],
        "bridges": [{"hexside": ["0403", "0303"], "name": "Old Bridge", "destroyed": True}, {"hexside": ["0304", "0404"]}],
        "canals": [{"hex": "0502"}],
        "airfields": [{"hex": "0203", "owner": "allied", "major": True}, {"hex": "0503", "owner": "axis"}],
        "mulberries": [{"hex": "0202", "owner": "axis"}],
    }


def board_world() -> LogisticsWorld:
    """The world of :func:`scenario_raw`."""
    return world_from_scenario(scenario_raw(), "s.toml", board()[1])
