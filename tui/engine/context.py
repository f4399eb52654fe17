"""The context a handler runs in: current state and segment, and the one way to get dice."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..rules.core.dice import DiceSpec, Roll, parse_faces, roll_app, roll_typed
from ..rules.core.errors import RuleError
from ..rules.core.phases import Segment, turn_label, turn_year
from ..rules.core.ruleset import RuleSet
from ..rules.core.state import GameState


class NeedDice(Exception):
    """The command needs a roll and the game takes typed dice, but none were given."""

    def __init__(self, spec: str, purpose: str) -> None:
        self.spec = spec
        self.purpose = purpose
        super().__init__(f"{purpose} needs {spec}: type the dice with --dice N[,N...] or let the app roll with --roll")


def phasing_side(ruleset: RuleSet, state: GameState) -> str:
    """The concrete side whose player turn it is in ``state``."""
    return ruleset.resolve_side(state, ruleset.sequence.at(state.flow.index).side)


def acting_side(ruleset: RuleSet, state: GameState) -> str:
    """The side acting in the current segment: the phasing side, or the other one where the step says ``other``."""
    seg = ruleset.sequence.at(state.flow.index)
    side = phasing_side(ruleset, state)
    if seg.acting == "other" and side in ruleset.sides:
        others = [s for s in ruleset.sides if s != side]
        return others[0] if others else side
    return side


def derive_seed(game_seed: int, seq: int, index: int) -> int:
    """The seed of the ``index``-th roll of event ``seq``: reproducible from the game seed, logged with the roll."""
    return random.Random(f"{game_seed}:{seq}:{index}").getrandbits(31)


@dataclass
class EngineContext:
    """Implements :class:`tui.rules.core.ruleset.Context` for one command.

    Dice come, in order of preference, from the recorded rolls (replay), the
    typed faces of the command (``--dice``), or the app's seeded generator when
    the game or the command (``--roll``) says the app rolls.
    """

    state: GameState
    ruleset: RuleSet
    seq: int
    game_seed: int
    typed: list[str] = field(default_factory=list)
    recorded: list[Roll] | None = None
    app_rolls: bool = True
    rolls: list[Roll] = field(default_factory=list)

    @property
    def segment(self) -> Segment:
        """The segment the game is in."""
        return self.ruleset.sequence.at(self.state.flow.index)

    @property
    def year(self) -> int | None:
        """The calendar year of the current game turn (None for numbered turns)."""
        return turn_year(self.ruleset.sequence.calendar, self.state.flow.turn)

    @property
    def turn_label(self) -> str:
        """``Jan I 1943`` or ``Turn 3``."""
        return turn_label(self.ruleset.sequence.calendar, self.state.flow.turn)

    def phasing_side(self) -> str:
        """The side whose player turn it is."""
        return phasing_side(self.ruleset, self.state)

    def acting_side(self) -> str:
        """The side acting in the current segment (the phasing side unless the step says ``other``)."""
        return acting_side(self.ruleset, self.state)

    def roll_typed(self, spec: str, faces: tuple[int, ...], purpose: str) -> Roll:
        """Physical dice read by the handler itself: checked, and logged like every other roll (replay re-uses it)."""
        if self.recorded is not None:
            return self.roll(spec, purpose)
        result = roll_typed(DiceSpec.parse(spec), faces, purpose)
        self.rolls.append(result)
        return result

    def roll(self, spec: str, purpose: str) -> Roll:
        """Resolve one roll of ``spec`` for ``purpose``; see the class docstring for the source."""
        dice = DiceSpec.parse(spec)
        if self.recorded is not None:
            if not self.recorded:
                raise RuleError(f"replay: no recorded roll left for {purpose} ({spec})")
            result = self.recorded.pop(0)
            if self.typed:
                self.typed.pop(0)  # the faces typed then are the ones recorded
        elif self.typed:
            result = roll_typed(dice, parse_faces(self.typed.pop(0)), purpose)
        elif self.app_rolls:
            result = roll_app(dice, derive_seed(self.game_seed, self.seq, len(self.rolls)), purpose)
        else:
            raise NeedDice(str(dice), purpose)
        self.rolls.append(result)
        return result
