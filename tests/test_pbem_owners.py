"""Issue 32: in a sealed game each side signs only its own decisions (tui/pbem/owners.py; the cases are
docs/cases/issue32-sides-cases.md). Two players in their own homes, through the CLI in-process (tests/test_pbem_play.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_pbem_play import AWAW_MOVEMENT, Side, both_verify, fixed_seeds, start  # noqa: F401  (autouse: the seeds)
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
    the set-up (issue 23) is a referee's, and a game by e-mail has none. The log names a note's author as its side."""
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
                                                                ("note the Allies answer", "allied")]  # its author
    game.close()
    both_verify(alice, bob, capsys)


def _events(side: Side) -> list:
    game = open_game(side.save, data_dir(), mode="read")
    try:
        return list(game.events)
    finally:
        game.close()


def test_a_command_entry_behind_a_request_waiting_for_its_dice_is_refused_when_the_file_comes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The app signs every command after a request waiting for its dice as a request (it waits in turn). A tampered
    file with a plain command there was taken in, then stopped the game for good at the reveal (second-account attack
    on the owners rule, hole 6): it is refused when it comes, naming the entry, and nothing changes."""
    from tui.pbem.game import PbemGame, chain_path
    from tui.pbem.keys import key_path, load_key

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper', "roll 1d6 weather")
    chain = PbemGame.open(chain_path(alice.save), load_key(key_path(alice.keys)), folder=alice.keys)
    chain.command("note behind the roll")
    tampered = alice.files / "tampered"
    tampered.write_bytes(chain.send())
    before = bob.everything()
    _err(capsys)
    assert bob.receive(tampered) == 2
    assert _err(capsys) == (f"harbormaster: entry 14 ('note behind the roll' by {alice.fingerprint}) is a command after "
                            "entry 13, a request still waiting for its dice: it must wait in turn\n")
    assert bob.everything() == before


def test_moving_on_may_not_leave_the_other_sides_engagement_undone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """21.5341, 21.538A: the raid's engagement attempts are the defender's. `next --force` (or `--anyway`, or a forced
    `goto`) past them took his rolls away (hole 4): in a game by e-mail nothing required is left undone by force."""
    alice, _bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    for line in ("next --force", "next --anyway", "goto regular-combat --force"):
        assert alice.run("exec", str(alice.save), line) == 1
        assert _err(capsys).endswith(f"refused: {line}\n  it leaves undone what the rules still require; in a game by "
                                     "e-mail nobody may (there is no referee to judge it): do it, or, if it is your "
                                     "opponent's, let him\n  nothing was changed\n")
    assert _events(alice)[-1]["command"] == "raid 'Atlantic SW' --by Tirpitz,Hipper"


def test_whose_roll_it_is_does_not_depend_on_the_dice_revealed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Logistics' initiative (RULINGS L3): the winner is logged as the answer's side. Judged with the revealed dice, a
    roll the other side won was refused on its reveal, and the roller rolled again until he won (hole 3). A request
    is judged as its author's app judged it when it signed it (stand-in dice: a tie, no side's): the roll stands
    whoever wins it."""
    alice, bob = start(tmp_path, "logistics", "allied")
    game = open_game(alice.save, data_dir(), mode="read")
    [prompt] = [p.id for p in game.state.flow.pending if p.id.startswith("initiative")]
    game.close()
    alice.play(f"answer {prompt} roll")
    assert bob.receive(alice.send("3-alice")) == 0
    assert alice.receive(bob.send("4-bob")) == 0
    last = _events(alice)[-1]
    assert last["command"] == f"answer {prompt} roll" and last["dice"][0]["source"] == "sealed"
    untimed = lambda event: {k: v for k, v in event.items() if k != "time"}  # noqa: E731  (each side's own clock)
    assert untimed(_events(bob)[-1]) == untimed(last)
