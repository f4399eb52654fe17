"""The context a handler runs in: current state and segment, and the one way to get dice."""

from __future__ import annotations

import random
from typing import Callable

import msgspec
from msgspec import field

from ..rules.core.dice import DiceSpec, Roll, StagedDice, roll_app, roll_typed
from ..rules.core.errors import RuleError
from ..rules.core.phases import Segment, turn_label, turn_year
from ..rules.core.ruleset import RuleSet
from ..rules.core.state import GameState


SEALED = "sealed"
"""The dice setting of a game played by e-mail (issue 32): its dice come from both players' seeds, never the app."""

SealedDice = Callable[[DiceSpec, str], Roll]
"""Where a sealed game's dice come from for one command: given a stage's dice and purpose, the :class:`Roll` (source
``"sealed"``) whose faces both players' contributions fixed. Supplied by the play-by-e-mail glue (``tui.pbem.play``)
once the opponent's seed is revealed; the engine never imports it."""


class NeedDice(Exception):
    """A stage of the command needs a roll and the referee types dice (or the game is sealed and its dice are not
    revealed yet), but no faces are left for it."""

    def __init__(self, spec: str, purpose: str, detail: str = "", *, sealed: bool = False) -> None:
        self.spec = spec
        self.purpose = purpose
        self.detail = detail
        """What the roll decides, shown before it is rolled (the table row, the modifiers)."""
        self.sealed = sealed
        """The game's dice are sealed: the command waits for both players' contributions (``harbormaster pbem exec``)."""
        stage = purpose or "the roll"
        more = f" ({detail})" if detail else ""
        if sealed:
            super().__init__(f"{stage} needs {spec}{more}: this game's dice are sealed (played by e-mail); run the "
                             "command with harbormaster pbem exec, and its dice come with the opponent's reveal")
        else:
            super().__init__(f"{stage} needs {spec}{more}: type its dice after the others with --dice N[,N...] "
                             "(every stage in order), or let the app roll with --roll")


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


class EngineContext(msgspec.Struct):
    """Implements :class:`tui.rules.core.ruleset.Context` for one command.

    Dice come, in order of preference, from the recorded rolls (replay), the
    typed faces of the command (``--dice``: every stage's faces in order), or
    the app's seeded generator when the game or the command (``--roll``) says
    the app rolls. A command that came with typed faces is a typed one: a stage
    whose faces are missing is asked for (:class:`NeedDice`), never rolled by
    the app unless ``--roll`` says so.

    In a sealed game (settings ``"dice": "sealed"``, play by e-mail) the app never
    rolls, whatever the command or a prompt's answer says: a stage takes its faces
    from ``sealed_dice`` (the revealed stream of the command's request), else it
    is asked for (:class:`NeedDice` with ``sealed``), exactly as typed dice are.
    """

    state: GameState
    ruleset: RuleSet
    seq: int
    game_seed: int
    typed: StagedDice = field(default_factory=StagedDice)
    recorded: list[Roll] | None = None
    app_rolls: bool = True
    forced_roll: bool = False  # --roll: the app rolls every stage the typed faces do not cover
    rolls: list[Roll] = field(default_factory=list)
    sealed_dice: SealedDice | None = None  # a sealed game's revealed dice for this command (None: not revealed)

    @property
    def sealed(self) -> bool:
        """Whether the game's dice are sealed (played by e-mail): never rolled by the app."""
        return self.state.settings.get("dice") == SEALED

    @property
    def replaying(self) -> bool:
        """Whether the command is replayed from the log (or redone): its dice are the recorded ones."""
        return self.recorded is not None

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

    def roll(self, spec: str, purpose: str, detail: str = "") -> Roll:
        """Resolve one stage's roll of ``spec`` for ``purpose``; see the class docstring for the source.

        ``detail`` says what the roll decides (the table row, the modifiers): it is
        shown when the stage's dice are asked for.
        """
        dice = DiceSpec.parse(spec)
        if self.recorded is not None:
            if not self.recorded:
                raise RuleError(f"replay: no recorded roll left for {purpose} ({spec})")
            result = self.recorded.pop(0)
            self.typed.drop(dice.count)  # the faces typed then are the ones recorded
        else:
            faces = self.typed.take(dice, purpose)
            if faces is not None:
                result = roll_typed(dice, faces, purpose)
            elif self.sealed:
                if self.sealed_dice is None:
                    raise NeedDice(str(dice), purpose, detail, sealed=True)
                result = self.sealed_dice(dice, purpose)
            elif self.forced_roll or (self.app_rolls and not self.typed.given):
                result = roll_app(dice, derive_seed(self.game_seed, self.seq, len(self.rolls)), purpose)
            else:
                raise NeedDice(str(dice), purpose, detail)
        self.rolls.append(result)
        return result

    def leftover(self) -> str | None:
        """Why typed faces no stage used are refused (naming the last stage), None if every face was used."""
        if self.recorded is not None:
            return None
        return self.typed.leftover(self.rolls[-1].purpose if self.rolls else "")
