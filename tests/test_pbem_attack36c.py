"""Issue 32, attack 36c: `pbem rebuild`, save_problem and the chain taken without a private copy (attack 36b's fixes)
attacked by a cheating opponent with his own key and files, and by a second account that can write the shared folder
of the victim's save. Each test is the attack, then the safe outcome asserted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_pbem_attack36 import _chain_file, _err, _events, _forged_save, _record
from test_pbem_play import Side, fixed_seeds, start  # noqa: F401  (autouse: the seeds)


def _second_game(alice: Side, bob: Side, name: str = "second.json") -> tuple[Path, Path]:
    """A second game between the same two players (same keys), beside the first: its saves (Alice's, Bob's)."""
    first_a, first_b = alice.save, bob.save
    alice.save, bob.save = alice.save.with_name(name), bob.save.with_name(name)
    try:
        assert alice.run("new", str(alice.save), "--side", "axis", "--opponent", bob.fingerprint,
                         "--ruleset", "awaw") == 0
        first = alice.send("g2-1-alice")
        assert bob.run("join", str(bob.save), str(first), "--opponent", alice.fingerprint) == 0
        assert alice.receive(bob.send("g2-2-bob")) == 0
        return alice.save, bob.save
    finally:
        alice.save, bob.save = first_a, first_b



def test_status_warns_of_a_save_forged_ahead_of_its_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """save_problem compares the save's log with the chain's replay by zip(): a save holding the chain's commands and
    then more passes. The attacker writes into the shared folder the victim's save with two more commands (the game
    moved on to the next segments). `pbem status` (and the screen, through the same check) shows it as the player's
    game, "Your move", without a word; only exec refuses it. Status is to warn (WARNING ..., rebuild)."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    commands = [e["command"] for e in _events(bob)]
    bob.save.write_bytes(_forged_save(alice, bob, *commands, "next", "next"))  # the attacker writes the shared folder
    capsys.readouterr()
    code = bob.run("status", str(bob.save))
    out = capsys.readouterr().out
    assert code == 0 and "WARNING" in out and "rebuild" in out, out


def _swap_in_old_game(tmp_path: Path, with_save: bool) -> tuple[Side, Path, bytes]:
    """Game 1 between Alice and Bob, then game 2 (second.json). Bob no longer has the private copy of game 1 (a game
    begun before private copies existed, or one cleaned up). The attacker puts beside game 2's save Bob's chain file of
    game 1 at an early point (his own signed entries in it), and with ``with_save`` game 1's save of that point too.
    Returns Bob, his game-2 save, and that save's bytes before the attack."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    old_chain, old_save = _chain_file(bob.save).read_bytes(), bob.save.read_bytes()  # Bob's files of game 1, then
    assert bob.receive(alice.send("3-alice")) == 0
    _, second = _second_game(alice, bob)
    before = second.read_bytes()
    _record(bob).unlink()  # no private copy of game 1
    _chain_file(second).write_bytes(old_chain)  # the attacker writes the shared folder
    if with_save:
        second.write_bytes(old_save)
    return bob, second, before


def test_an_old_game_between_the_same_players_put_beside_the_current_save_is_not_taken_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A chain file with no private copy is taken if it holds an entry of the player's. The attacker puts game 1's
    chain and save (an early point of it, the victim's own entries in it) in place of game 2's: `pbem status` on game 2
    reports game 1, at the point the attacker chose, as the player's game, without a word (exit 0, no WARNING), and
    the victim goes on playing and signing in the old game. Refused, or at least warned of."""
    bob, second, _ = _swap_in_old_game(tmp_path, with_save=True)
    capsys.readouterr()
    code = bob.run("status", str(second))
    out = capsys.readouterr().out
    assert code == 2 or "WARNING" in out, out


def test_rebuild_never_turns_the_current_save_into_an_old_game_put_beside_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same swap, the chain file only: status says the save is not its chain's game and tells the victim to run
    `pbem rebuild`; he does, and game 2's save is replaced by game 1 (at the early point the attacker chose), made from
    a chain file he holds no private copy of. Rebuild is to refuse a chain it has no private copy of when the save
    found is another game (or the chain of the save's game kept privately is used), leaving the save as it was."""
    bob, second, before = _swap_in_old_game(tmp_path, with_save=False)
    _err(capsys)
    code = bob.run("rebuild", str(second))
    err = _err(capsys)
    assert second.read_bytes() == before, "game 2's save was replaced by the old game 1"
    assert code == 2 and err.count("\n") == 1, (code, err)


def test_rebuild_refuses_a_save_that_is_a_folder_or_a_fifo_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused correctly: a folder or a FIFO planted at the save's path; rebuild and status say one line, no hang."""
    alice, bob = start(tmp_path, "awaw", "axis")
    bob.save.unlink()
    bob.save.mkdir()
    _err(capsys)
    assert bob.run("rebuild", str(bob.save)) == 2 and _err(capsys).count("\n") == 1
    bob.save.rmdir()
    os.mkfifo(bob.save)
    for action in ("rebuild", "status", "exec"):
        args = ("note x",) if action == "exec" else ()
        assert bob.run(action, str(bob.save), *args) == 2, action
        assert _err(capsys).count("\n") == 1, action
    assert bob.save.is_fifo()


def test_rebuild_of_a_missing_save_makes_the_chains_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused correctly / works: a lost save is refused naming rebuild; rebuild makes it, and it is the chain's game."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    good = [e["command"] for e in _events(bob)]
    bob.save.unlink()
    _err(capsys)
    assert bob.run("exec", str(bob.save), "note x") == 2 and "pbem rebuild" in _err(capsys)
    assert bob.run("rebuild", str(bob.save)) == 0
    assert [e["command"] for e in _events(bob)] == good
    bob.play("note after the rebuild")
