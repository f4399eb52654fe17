"""Issue 32, stage 2: sealed games played through turn files by two players, each with a home of their own.

The CLI's functions run in-process (``tui.cli.main``), each player with ``--keys`` in their own home; the seeds are
drawn from a fixed generator so the dice (and the outcomes the tests read) are the same on every run.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import main
from tui.paths import data_dir
from tui.pbem import dice as pbem_dice
from tui.session import open_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds from a counter (each player's seeds differ): the same faces on every run."""
    count = iter(range(10_000))
    monkeypatch.setattr(pbem_dice, "new_seed", lambda: hashlib.sha256(b"seed %d" % next(count)).digest())


class Side:
    """One player: a home with their key folder and their save."""

    def __init__(self, base: Path, name: str) -> None:
        self.home = base / name
        self.keys = self.home / ".config" / "harbormaster" / "pbem"
        self.save = self.home / "games" / "game.json"
        self.files = base / "shared"
        self.files.mkdir(exist_ok=True)
        assert self.run("key") == 0

    def run(self, action: str, *args: str) -> int:
        return main(["pbem", action, *args, "--keys", str(self.keys)])

    @property
    def fingerprint(self) -> str:
        from tui.pbem.keys import key_path, load_key

        return load_key(key_path(self.keys)).fingerprint

    def play(self, *lines: str) -> None:
        assert self.run("exec", str(self.save), *lines) == 0, lines

    def send(self, name: str) -> Path:
        out = self.files / name
        assert self.run("send", str(self.save), "-o", str(out)) == 0
        return out

    def receive(self, file: Path, *more: str) -> int:
        return self.run("receive", str(self.save), str(file), *more)

    def state(self):  # noqa: ANN201
        game = open_game(self.save, data_dir(), mode="read", verify=True)
        try:
            return game.state, [e["command"] for e in game.events], [e["dice"] for e in game.events]
        finally:
            game.close()

    def everything(self) -> dict[str, bytes]:
        return {str(p): p.read_bytes() for p in self.home.rglob("*") if p.is_file() and ".lock" not in p.name}


def start(tmp_path: Path, ruleset: str, side: str) -> tuple[Side, Side]:
    """Alice makes the game, Bob joins from her first file, Alice receives his reply: she holds the turn."""
    alice, bob = Side(tmp_path, "alice"), Side(tmp_path, "bob")
    assert alice.run("new", str(alice.save), "--side", side, "--opponent", bob.fingerprint, "--ruleset", ruleset) == 0
    first = alice.send("1-alice")
    assert bob.run("join", str(bob.save), str(first), "--opponent", alice.fingerprint) == 0
    assert alice.receive(bob.send("2-bob")) == 0
    return alice, bob


def both_verify(alice: Side, bob: Side, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    for who in (alice, bob):
        assert main(["pbem", "verify", str(who.save)]) == 0
    out = capsys.readouterr().out
    assert out.count("The save's state equals the replay of the chain") == 2
    assert alice.state() == bob.state()
    return out


AWAW_MOVEMENT = ["answer first axis", "next", "next", "next", "next", "next", "next", "next"]


def test_a_whole_awaw_player_turn_through_turn_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Axis player turn of the bundled game with a raid: each side signs only its own decisions. The raid is the
    Axis player's (21.532); its engagement attempts are the defender's (21.5341, 21.538A: the Raider Table is rolled
    for the Allies); the raiders' return and the moves on are the Axis player's again."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)  # applied at once: no dice
    assert alice.state()[0].flow.index != bob.state()[0].flow.index
    alice.play('raid "Atlantic SW" --by Tirpitz,Hipper')
    assert alice.run("exec", str(alice.save), "raid-engage raid-1") == 1  # the Allies' roll: refused, nothing signed
    assert capsys.readouterr().err.endswith("it is the allies player's decision, not the axis player's: send your turn "
                                            "file, and it is his to play\n  nothing was changed\n")
    assert bob.receive(alice.send("3-alice")) == 0  # Bob replays her orders
    capsys.readouterr()
    bob.play("raid-engage raid-1", "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A: both attempts are his
    assert capsys.readouterr().out.count("queued:") == 2  # the engagement rolls: they wait for Alice's reveal
    assert alice.receive(bob.send("4-bob")) == 0  # she reveals, and both of his orders are played
    out = capsys.readouterr().out
    assert "Revealed 1 commitment(s)" in out and "REFUSED" not in out
    alice.play("raid-return raid-1", *["next"] * 9)
    assert bob.receive(alice.send("5-alice")) == 0
    state, commands, rolls = alice.state()
    engage = commands.index("raid-engage raid-1")
    [roll] = rolls[engage]
    assert roll["source"] == "sealed" and roll["purpose"] == "Raider Table, raid-1 attempt 1" and len(roll["request"]) == 64
    assert commands[-1] == "next" and len(commands) == len(AWAW_MOVEMENT) + 1 + 2 + 10
    game = open_game(alice.save, data_dir(), mode="read")
    assert game.segment.key == "second-turn/movement/air-staging"  # the whole first player turn is played
    assert [e["actor"] for e in game.events[len(AWAW_MOVEMENT) + 1:len(AWAW_MOVEMENT) + 3]] == ["allies", "allies"]
    game.close()
    out = both_verify(alice, bob, capsys)
    assert f"request:    {roll['request']} (signed by {bob.fingerprint})" in out
    assert "seed:       " in out and "faces:      Raider Table, raid-1 attempt 1: 1d6 = " in out


def test_a_whole_europa_turn_through_turn_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Europa game turn: each side moves on only through the segments where it acts. The Allied player closes the
    Axis player turn's reaction phase (33.E, RULINGS E26), and the Axis player answers the Italian naval interference
    in the Allied initial phase (S-EU11): the turn files go back and forth for them."""
    alice, bob = start(tmp_path, "europa", "axis")
    alice.play("next", "next", "next")  # the Axis initial phase, to the reaction phase: the Allies act there
    assert alice.run("exec", str(alice.save), "next") == 1
    assert "it is the allied player's decision, not the axis player's: send your turn" in capsys.readouterr().err
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("next", "next")  # his reaction phase
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("next", "next", "next", "roll 1d6 Axis weather check", "next")  # a die: the turn ends after the reveal
    assert bob.receive(alice.send("5-alice")) == 0  # Bob reveals; her queued orders play: the Allied turn begins
    assert bob.run("exec", str(bob.save), "next --force") == 1  # the Axis player's interference attempt is open
    assert ("it leaves interference:eastern unanswered, and answering it is the axis player's (he answers it, or "
            "declines with his answer): send your turn file") in capsys.readouterr().err
    assert alice.receive(bob.send("6-bob")) == 0  # nothing of his but a fresh commitment
    alice.play("answer interference:eastern roll")  # the Axis' Italian interference roll in the Allied initial phase
    assert bob.receive(alice.send("7-alice")) == 0  # he reveals for her roll, and plays it
    assert bob.run("exec", str(bob.save), "next --force") == 1  # in a game by e-mail nothing required is left undone
    assert "it leaves undone what the rules still require; in a game by e-mail nobody may" in capsys.readouterr().err
    bob.play("no-shipping", "next", "next", "next")  # 33.A: nothing shipped, so no anti-shipping check is due
    assert alice.receive(bob.send("8-bob")) == 0
    alice.play("next", "next")  # the Axis reaction phase in the Allied player turn
    assert bob.receive(alice.send("9-alice")) == 0
    bob.play("no-shipping", "next", "next", "next", "no-shipping", "next")  # exploitation, reinforcement: the turn ends
    assert alice.receive(bob.send("10-bob")) == 0
    both_verify(alice, bob, capsys)
    state, commands, rolls = alice.state()
    game = open_game(alice.save, data_dir(), mode="read")
    assert game.segment.key == "axis-turn/initial/initial-naval" and game.turn_label == "Jan II 1943"
    game.close()
    sealed = [r for event in rolls for r in event if r["source"] == "sealed"]
    assert len(sealed) == 2 and {r["request"] for r in sealed} and all(len(r["request"]) == 64 for r in sealed)


def test_an_illegal_command_in_a_turn_file_is_refused_and_changes_nothing(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from tui.pbem.game import PbemGame, chain_path
    from tui.pbem.keys import key_path, load_key

    alice, bob = start(tmp_path, "awaw", "axis")
    # Alice's chain gets a command the rules refuse (as a tampered client would sign it), behind her save's back.
    chain = PbemGame.open(chain_path(alice.save), load_key(key_path(alice.keys)), folder=alice.keys)
    chain.command("uninvert RM-DD-Naples")
    tampered = alice.files / "3-alice"
    tampered.write_bytes(chain.send())
    before = bob.everything()
    capsys.readouterr()
    assert bob.receive(tampered) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "entry 4 ('uninvert RM-DD-Naples'" in err and "does not apply" in err
    assert bob.everything() == before


def test_a_withheld_reveal_is_an_open_commitment_with_its_exchanges(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("roll 1d6 test", "answer first axis")
    assert bob.receive(alice.send("3-alice"), "--no-reveal") == 0
    assert alice.receive(bob.send("4-bob")) == 0  # Bob sends on without revealing
    capsys.readouterr()
    assert alice.run("status", str(alice.save)) == 0
    out = capsys.readouterr().out
    assert f"OPEN: commitment entry 3 by {bob.fingerprint}: 2 request(s) waiting, 1 turn file(s) sent since" in out
    assert "Queued: entry 4 by you: roll 1d6 test (waits for its dice)" in out
    assert "Queued: entry 5 by you: answer first axis (waits behind entry 4)" in out


def test_a_rewritten_past_die_is_a_signature_failure_at_the_game_level(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("roll 1d6 test")
    bob.receive(alice.send("3-alice"))
    reply = bob.send("4-bob")
    assert alice.receive(reply) == 0
    # Bob's file is rewritten: his revealed seed (the die's contribution) is changed in the entry.
    data = json.loads(reply.read_bytes())
    reveal = next(e for e in data["entries"] if e["kind"] == "reveal")
    reveal["body"]["seed"] = "00" * 32
    forged = tmp_path / "forged"
    forged.write_text(json.dumps(data))
    capsys.readouterr()
    before = alice.everything()
    assert alice.receive(forged) == 2
    err = capsys.readouterr().err
    assert "signature" in err and f"entry {reveal['n']}" in err
    assert alice.everything() == before
    assert main(["pbem", "verify", str(alice.save)]) == 0  # her own record still proves the true die


def test_plain_exec_and_app_dice_are_refused_in_a_sealed_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    alice, _bob = start(tmp_path, "awaw", "axis")
    before = alice.everything()
    assert main(["exec", str(alice.save), "answer first axis"]) == 2
    assert alice.run("exec", str(alice.save), "roll 1d6 --roll") == 1
    assert alice.run("exec", str(alice.save), "set dice app") == 1
    assert alice.run("exec", str(alice.save), "roll 1d6 --dice 4") == 1  # typed dice were not agreed
    assert alice.run("exec", str(alice.save), "undo") == 1
    err = capsys.readouterr().err
    assert "pbem exec" in err and "--roll is not allowed" in err and "cannot be changed" in err and "--dice" in err
    assert alice.everything() == before


def test_an_undo_after_the_reveal_is_a_signed_entry_both_saves_play(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32 (3): "Undo before a roll is revealed is free. After it, an undo is visible to both sides as a signed
    entry." Alice's roll is revealed by Bob; she undoes it: her save and then Bob's undo it, the die stays in both
    logs, and both verify. Only the game's last command, of one's own, whose dice were revealed, is undone."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "roll 1d6 test")
    assert bob.receive(alice.send("3-alice")) == 0
    assert bob.run("exec", str(bob.save), "undo") == 1  # Alice's roll is not Bob's to undo
    assert alice.receive(bob.send("4-bob")) == 0
    assert alice.run("exec", str(alice.save), "redo") == 1
    capsys.readouterr()
    alice.play("undo")
    out = capsys.readouterr().out
    assert "entry 5: roll 1d6 test" in out and "undone by its author after its dice were revealed: Undone #2" in out
    game = open_game(alice.save, data_dir(), mode="read")
    assert [e["status"] for e in game.events] == ["applied", "undone"]
    [roll] = game.events[-1]["dice"]
    assert roll["source"] == "sealed"
    game.close()
    assert bob.receive(alice.send("5-alice")) == 0
    game = open_game(bob.save, data_dir(), mode="read")
    assert [e["status"] for e in game.events] == ["applied", "undone"] and game.events[-1]["dice"] == [roll]
    game.close()
    out = both_verify(alice, bob, capsys)
    assert out.count(f"entry 5: 'roll 1d6 test' by {alice.fingerprint}: undone") == 2
    assert out.count(f"faces:      {roll['purpose']}: 1d6 = {roll['faces'][0]}\n") == 2  # the proof of the die undone
    capsys.readouterr()
    assert bob.run("exec", str(bob.save), "undo") == 1  # Bob holds the turn: Alice's undone roll is not his
    bob.play("note Bob was here")
    assert bob.run("exec", str(bob.save), "undo") == 1  # a command that rolled no dice is not undone
    err = capsys.readouterr().err
    assert "nothing of yours to undo" in err and "rolled no dice" in err


def test_two_players_in_separate_homes_by_subprocess(tmp_path: Path) -> None:
    """The same commands as a user types them, each player with HOME and XDG folders of their own."""

    def hm(who: str, *args: str) -> str:
        home = tmp_path / who
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "HARBORMASTER_"))}
        env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
                   PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    hm("alice", "pbem", "key")
    a = hm("alice", "pbem", "key", "--show").strip()
    b = hm("bob", "pbem", "key").splitlines()[1].removeprefix("Your fingerprint: ")
    assert (tmp_path / "alice/.config/harbormaster/pbem/key.pem").exists()
    hm("alice", "pbem", "new", "alice/game.json", "--side", "axis", "--opponent", b, "--ruleset", "awaw")
    hm("alice", "pbem", "send", "alice/game.json", "-o", "t1")
    hm("bob", "pbem", "join", "bob/game.json", "t1", "--opponent", a)
    hm("bob", "pbem", "send", "bob/game.json", "-o", "t2")
    hm("alice", "pbem", "receive", "alice/game.json", "t2")
    hm("alice", "pbem", "exec", "alice/game.json", "answer first axis", "roll 2d6 test", "next")
    hm("alice", "pbem", "send", "alice/game.json", "-o", "t3")
    assert "Revealed 1 commitment(s)" in hm("bob", "pbem", "receive", "bob/game.json", "t3")
    hm("bob", "pbem", "send", "bob/game.json", "-o", "t4")
    hm("alice", "pbem", "receive", "alice/game.json", "t4")
    for who in ("alice", "bob"):
        assert "equals the replay" in hm(who, "pbem", "verify", f"{who}/game.json")
    assert "Nothing waits for dice" in hm("alice", "pbem", "status", "alice/game.json")
