"""Game state: flow bookkeeping kept apart from the rule set's own world data.

``GameState`` is frozen; every transition returns a new one. ``world`` is the
rule set's frozen record (a msgspec struct: ports, zones, ...); the engine never looks inside
it except through the rule set.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import msgspec
from msgspec import field
from msgspec.structs import asdict, replace


class Pending(msgspec.Struct, frozen=True):
    """A prompt waiting for the referee's answer, raised by a segment or by a command.

    ``id`` is unique among pending prompts (``destroy:Naples``); ``subject``
    is what it is about (a port name), ``args`` whatever the answer's effect needs.
    """

    id: str
    text: str
    kind: str  # choice | number | roll | confirm
    effect: str = ""
    choices: tuple[str, ...] = ()
    dice: str = ""
    min: float | None = None
    max: float | None = None
    required: bool = False
    rule: str = ""
    subject: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    raised: str = ""  # segment key where it was raised
    expires: str = "segment"  # "segment": dropped (recorded) when the segment ends; "answer": kept until answered

    def to_data(self) -> dict[str, Any]:
        """The prompt as plain data, as a save keeps it: its fields in order, ``args`` copied (shares nothing)."""
        return {**asdict(self), "args": deepcopy(self.args)}


class Flow(msgspec.Struct, frozen=True):
    """Where the game is in its turn sequence: absolute turn number and segment index."""

    turn: int
    index: int = 0
    pending: tuple[Pending, ...] = ()
    answered: tuple[str, ...] = ()  # prompt ids answered in the current segment


class GameState(msgspec.Struct, frozen=True):
    """The whole game at one moment: flow, game settings and the rule set's world."""

    flow: Flow
    world: Any
    settings: dict[str, str] = field(default_factory=dict)

    def with_world(self, world: Any) -> GameState:
        """A copy with another world."""
        return replace(self, world=world)

    def with_flow(self, **changes: Any) -> GameState:
        """A copy with flow fields changed."""
        return replace(self, flow=replace(self.flow, **changes))

    def pending_prompt(self, prompt_id: str) -> Pending | None:
        """The pending prompt with this id (case-insensitive), or None."""
        wanted = prompt_id.lower()
        for p in self.flow.pending:
            if p.id.lower() == wanted:
                return p
        return None
