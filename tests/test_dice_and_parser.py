"""Dice (NdM with modifiers, app or typed) and the command-line parser."""

from __future__ import annotations

import pytest

from tui.engine.command import CommandSyntaxError, parse
from tui.rules.core.dice import DiceSpec, parse_faces, roll_app, roll_typed
from tui.rules.core.errors import RuleError


@pytest.mark.parametrize("text, spec", [("2d6", (2, 6, 0)), ("d6", (1, 6, 0)), ("1d6+1", (1, 6, 1)), ("2D6-1+3", (2, 6, 2)), (" 3d10 ", (3, 10, 0))])
def test_dice_specs_parse(text: str, spec: tuple) -> None:
    d = DiceSpec.parse(text)
    assert (d.count, d.sides, d.modifier) == spec


@pytest.mark.parametrize("text", ["", "6", "2x6", "0d6", "2d1", "101d6", "2d6*2"])
def test_bad_dice_specs_are_refused(text: str) -> None:
    with pytest.raises(RuleError):
        DiceSpec.parse(text)


def test_app_rolls_are_reproducible_from_their_seed() -> None:
    a = roll_app(DiceSpec.parse("2d6+1"), seed=99)
    b = roll_app(DiceSpec.parse("2d6+1"), seed=99)
    assert a == b and a.source == "app" and a.seed == 99
    assert all(1 <= f <= 6 for f in a.faces) and a.total == sum(a.faces) + 1


def test_typed_dice_are_checked() -> None:
    r = roll_typed(DiceSpec.parse("2d6"), parse_faces("3, 5"))
    assert r.total == 8 and r.source == "typed" and r.seed is None
    with pytest.raises(RuleError):
        roll_typed(DiceSpec.parse("2d6"), (3,))
    with pytest.raises(RuleError):
        roll_typed(DiceSpec.parse("1d6"), (7,))
    with pytest.raises(RuleError):
        parse_faces("three")


def test_parser_reads_verbs_args_and_options() -> None:
    cmd = parse(':use "Port Sudan" 1.5 --he --dice 3,4 --dice=6')
    assert cmd.verb == "use" and cmd.args == ("Port Sudan", "1.5")
    assert cmd.options == {"he": True, "dice": ["3,4", "6"]}
    assert parse(cmd.text) == cmd  # the canonical text parses back to the same command


@pytest.mark.parametrize("text", ["", "   ", ":", 'hit "Tobruk', "roll 2d6 --dice"])
def test_parser_refuses_unreadable_lines(text: str) -> None:
    with pytest.raises(CommandSyntaxError):
        parse(text)
