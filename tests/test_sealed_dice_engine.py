"""Issue 32, stage 2: the engine's hook for sealed dice (a game played by e-mail). In a game whose dice setting is
``sealed`` the app never rolls: a command that rolls asks for its dice (``needs_dice``) unless the caller gives the
revealed source, whose rolls are logged with source ``sealed`` and the request's hash, and replay re-uses them."""

from __future__ import annotations

from tui.paths import data_dir
from tui.rules.core.dice import DiceSpec, Roll
from tui.session import memory_game

REQUEST = "ab" * 32


def source(dice: DiceSpec, purpose: str) -> Roll:
    return Roll(str(dice), (5,) * dice.count, dice.modifier, "sealed", None, purpose, request=REQUEST)


def sealed():  # noqa: ANN201
    return memory_game(data_dir(), "awaw", None, dice="sealed")


def test_a_sealed_game_starts_sealed_in_its_initial_state() -> None:
    game = sealed()
    assert game.state.settings["dice"] == "sealed" and game.initial.settings["dice"] == "sealed"


def test_a_roll_without_the_source_asks_for_its_dice_and_changes_nothing() -> None:
    game = sealed()
    before = game.state
    r = game.execute("roll 2d6 test", "exec")
    assert not r.ok and r.needs_dice == ("2d6", "test") and "sealed" in r.message and "pbem exec" in r.message
    assert game.state == before and game.events == []


def test_neither_roll_nor_an_answer_of_roll_nor_set_dice_lets_the_app_roll() -> None:
    game = sealed()
    r = game.execute("roll 1d6 --roll")
    assert not r.ok and "--roll is not allowed" in r.message
    r = game.execute("set dice app")
    assert not r.ok and "cannot be changed" in r.message
    assert game.events == []


def test_the_source_gives_the_faces_logged_as_sealed_and_replay_reuses_them() -> None:
    game = sealed()
    r = game.execute("roll 2d6+1 test", "exec", sealed_dice=source)
    assert r.ok and r.message == f"Rolled test: 2d6+1 = 5+5+1 = 11 (sealed, request {REQUEST[:16]})"
    [roll] = game.events[-1]["dice"]
    assert roll == {"spec": "2d6+1", "faces": [5, 5], "modifier": 1, "total": 11, "source": "sealed", "seed": None,
                    "purpose": "test", "request": REQUEST}
    assert Roll.from_dict(roll).request == REQUEST and game.verify() is None


def test_a_roll_of_an_app_game_keeps_its_old_shape() -> None:
    game = memory_game(data_dir(), "awaw", None)
    assert game.execute("roll 1d6 test").ok
    assert "request" not in game.events[-1]["dice"][0]
