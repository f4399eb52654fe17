"""Game state to plain data and back (for the save file and ``show --json``)."""

from __future__ import annotations

from typing import Any

from ..rules.core.ruleset import RuleSet
from ..rules.core.state import Flow, GameState, Pending


def state_to_data(state: GameState, ruleset: RuleSet) -> dict[str, Any]:
    """Plain, JSON-ready form of a game state."""
    return {
        "flow": {
            "turn": state.flow.turn,
            "index": state.flow.index,
            "pending": [p.to_data() for p in state.flow.pending],
            "answered": list(state.flow.answered),
        },
        "settings": dict(state.settings),
        "world": ruleset.world_to_data(state.world),
    }


def state_from_data(data: dict[str, Any], ruleset: RuleSet) -> GameState:
    """Inverse of :func:`state_to_data`; raises KeyError/TypeError/ValueError on malformed data.

    A state saved by an earlier version is read as the rule set's ``upgrade_state`` says (the data is not changed).
    """
    data = ruleset.upgrade_state(data)
    flow = data["flow"]
    pending = tuple(
        Pending(**{**p, "choices": tuple(p.get("choices", ())), "args": dict(p.get("args", {}))})
        for p in flow.get("pending", [])
    )
    return GameState(
        flow=Flow(int(flow["turn"]), int(flow["index"]), pending, tuple(flow.get("answered", ()))),
        world=ruleset.world_from_data(data["world"]),
        settings=dict(data.get("settings", {})),
    )
