"""Issue 32.6: each side's screens show only what its side view shows. The Exchange mode, `pbem receive`, `pbem exec`
and `pbem status` print a command of the other side only if its log entry is one the player's side view shows
(tui/engine/sides.py: his own places named, or a turn step); a hidden one reads "a command of theirs your side view
does not show", its roll's state and faces still shown (they prove the dice and say nothing of the command)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_pbem_play import AWAW_MOVEMENT, both_verify, fixed_seeds, start  # noqa: F401  (autouse: the seeds)
from tui.paths import data_dir
from tui.pbem.exchange import HIDDEN, exchange_view
from tui.session import open_game

SECRET = "roll 1d6 Axis weather over Brest"


def _chain(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + ".pbem.json")


def test_the_other_sides_hidden_roll_is_not_printed_when_it_comes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Alice (Axis) rolls for her own log; Bob (Allies) receives it: his output shows the turn steps and the raid (his
    side view shows them), and the roll only as hidden; his status likewise; Alice's own output shows it whole."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper', SECRET)
    capsys.readouterr()
    assert bob.receive(alice.send("3-alice")) == 0
    out = capsys.readouterr().out
    assert "Axis weather" not in out and "Brest" not in out
    assert f"ok: entry 13: {HIDDEN}\n" in out
    assert "ok: entry 12: raid 'Atlantic SW' --by Tirpitz,Hipper" in out and "ok: entry 5: next" in out
    assert bob.run("status", str(bob.save)) == 0
    assert "Brest" not in capsys.readouterr().out
    assert alice.receive(bob.send("4-bob")) == 0  # the reveal: Alice's request is played on her side too
    assert SECRET in capsys.readouterr().out


def test_the_exchange_mode_shows_the_other_sides_hidden_roll_with_its_dice_only(tmp_path: Path) -> None:
    """The Exchange view of Bob's side: Alice's roll is listed, verified, with its faces, and its command hidden; with
    no side view (the referee's, or told everything) it is shown whole; Bob's own command is always his to read."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, SECRET)
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("roll 1d6 Allied weather")
    game = open_game(bob.save, data_dir(), mode="read")
    try:
        from tui.engine.sides import Fog

        told = frozenset(e["seq"] for e in Fog.of(game, "allies").events(game.events))
        hidden = exchange_view(_chain(bob.save), bob.keys, game.events, told)
        whole = exchange_view(_chain(bob.save), bob.keys, game.events)
    finally:
        game.close()
    theirs = [r for r in hidden.rolls if r.by == "them"]
    assert [(r.n, r.command, r.state) for r in theirs] == [(12, HIDDEN, "verified")]
    assert theirs[0].faces.startswith("1d6=")
    assert [(r.n, r.command, r.state) for r in whole.rolls if r.by == "them"] == [(12, SECRET, "verified")]
    mine = [r for r in hidden.rolls if r.by == "you"]
    assert [r.command for r in mine] == ["roll 1d6 Allied weather"]
    assert hidden.waiting == whole.waiting == ("entry 15 by you: roll 1d6 Allied weather (waits for its dice)",)


def test_the_allies_are_told_the_axis_patrol_whose_interception_is_theirs(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32.6 with 21.416 (the defender decides whether to intercept a patrol): Alice (Axis) sends RM-SS-1 on
    patrol; Bob (Allies) receives it whole, not hidden, and his side view lists the interception prompt that is his to
    answer. Each answers his own prompts through turn files (``patrol-1-strikes`` is the patrol's owner's), and both
    verify. Before, Bob's screens hid the patrol and its prompt: he had to answer a question he could not see."""
    from tui.engine.sides import open_side, told_pending

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "next", "next", "patrol Y30 RM-SS-1 --distance 12")
    capsys.readouterr()
    assert bob.receive(alice.send("3-alice")) == 0
    out = capsys.readouterr().out
    assert "ok: entry 7: patrol Y30 RM-SS-1 --distance 12\n" in out and HIDDEN not in out
    game = open_game(bob.save, data_dir(), mode="read")
    try:
        open_side(game, "allies")
        assert [p.id for p in told_pending(game)] == ["patrol-1-route"]
    finally:
        game.close()
    bob.play("answer patrol-1-route 'no interception'")
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("answer patrol-1-strikes 'remain at sea'")
    assert bob.receive(alice.send("5-alice")) == 0
    bob.play("answer patrol-1-hex 'no interception'")
    assert alice.receive(bob.send("6-bob")) == 0
    both_verify(alice, bob, capsys)
    assert [c for c in alice.state()[1] if "patrol" in c][-3:] == [
        "answer patrol-1-route 'no interception'", "answer patrol-1-strikes 'remain at sea'",
        "answer patrol-1-hex 'no interception'"]
