"""Issue 32: in a sealed game each side signs only its own decisions (tui/pbem/owners.py; the cases are
docs/cases/issue32-sides-cases.md). Two players in their own homes, through the CLI in-process (tests/test_pbem_play.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_pbem_play import AWAW_MOVEMENT, Side, fixed_seeds, start  # noqa: F401  (the seeds fixture is autouse there)
from tui.paths import data_dir
from tui.session import open_game


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


def _signed_behind_the_app(side: Side, command: str) -> Path:
    """``command`` signed into ``side``'s chain as a tampered client would (no check of the app), and sent."""
    from tui.pbem.game import PbemGame, chain_path
    from tui.pbem.keys import key_path, load_key

    chain = PbemGame.open(chain_path(side.save), load_key(key_path(side.keys)), folder=side.keys)
    chain.command(command)
    out = side.files / "tampered"
    out.write_bytes(chain.send())
    return out


def test_a_turn_file_signing_the_other_sides_roll_is_refused_naming_the_entry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S-AW20 (21.5341): the Raider Table result is the defender's. A tampered client signs it for the Axis (typed from
    the printed table, so no dice): the Allied player's app refuses the file in one line and changes nothing."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    tampered = _signed_behind_the_app(alice, "raid-engage raid-1 --result 0")
    before = bob.everything()
    _err(capsys)
    assert bob.receive(tampered) == 2
    err = _err(capsys)
    assert err == (f"harbormaster: entry 13 ('raid-engage raid-1 --result 0' by {alice.fingerprint}): it is the allies "
                   "player's decision, not the axis player's\n")
    assert bob.everything() == before


def test_a_queued_request_of_the_other_side_is_refused_when_its_dice_come(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Queued behind a roll, a command cannot be checked when it is signed (the state it meets is not known yet). The
    Axis player queues the Allies' engagement roll behind his own roll: when the dice come it is noted as refused on
    both sides, and nothing else changes."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper', "roll 1d6 weather", "raid-engage raid-1")
    assert bob.receive(alice.send("3-alice")) == 0
    assert alice.receive(bob.send("4-bob")) == 0
    for side in (alice, bob):
        game = open_game(side.save, data_dir(), mode="read")
        last = game.events[-1]
        game.close()
        assert last["command"] == ('note "refused on reveal: entry 14, raid-engage raid-1: it is the allies player\'s '
                                   'decision, not the axis player\'s"')
    assert alice.state() == bob.state()


def test_goto_may_not_pass_over_the_segment_where_the_other_side_acts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """33.E, RULINGS E26: the reaction phase of the Axis player turn is the Allied player's. goto from the initial
    phase to the exploitation phase passes over it: refused; next, one segment at a time, stops in front of it."""
    alice, _bob = start(tmp_path, "europa", "axis")
    _err(capsys)
    assert alice.run("exec", str(alice.save), "goto exploitation-naval") == 1
    assert ("it passes over Axis player turn › Reaction phase › Reaction naval movement, where the allied player acts (go there with next): send your "
            "turn file, and it is his to play") in _err(capsys)
    alice.play("goto reaction-naval")  # up to it: his to leave
    game = open_game(alice.save, data_dir(), mode="read")
    assert game.segment.key == "axis-turn/reaction/reaction-naval"
    game.close()


def test_a_note_is_either_sides_and_a_set_up_correction_nobodys(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"Commands with no owner" 3: a note changes nothing, either player writes one, in any segment. A correction of
    the set-up (issue 23) is a referee's, and a game by e-mail has none."""
    alice, bob = start(tmp_path, "europa", "axis")
    alice.play("note the Axis opens")
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("note the Allies answer")  # in the Axis player's segment
    _err(capsys)
    assert bob.run("exec", str(bob.save), "setup edit ports Tobruk owner=axis") == 1
    assert "it corrects the game's set-up, which is a referee's to do, and a game by e-mail has none" in _err(capsys)
    assert alice.receive(bob.send("4-bob")) == 0
    game = open_game(alice.save, data_dir(), mode="read")
    assert [(e["command"], e["actor"]) for e in game.events] == [("note the Axis opens", "axis"),
                                                                ("note the Allies answer", "axis")]
    game.close()
