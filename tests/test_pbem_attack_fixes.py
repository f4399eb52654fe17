"""Issue 32: what the second-account attack (docs/cases/issue32-second-account-attack.md) found in the chain file,
fixed: the chain file is private whatever the umask (finding 2), hostile chain files give one line and never a
traceback (finding 9), and the time a chain says it was sent is shown escaped (finding 10)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from test_pbem_play import fixed_seeds, start  # noqa: F401  (the seeds fixture is autouse there, imported here)
from tui.cli import main


def _chain(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + ".pbem.json")


def _record(side) -> Path:
    """The side's private copy of its chain (tui/pbem/record.py), beside its seeds."""
    game = json.loads(_chain(side.save).read_bytes())["game"]
    return side.keys / "games" / f"{game}.chain.json"


def _write_both(side, value: dict) -> None:
    """Write a chain state to the chain file and to the private copy: what the player's own account could do."""
    data = json.dumps(value)
    _record(side).write_text(data)
    _chain(side.save).write_text(data)


def test_finding_2_the_chain_file_is_0600_whatever_the_umask(tmp_path: Path) -> None:
    """Finding 2: the chain holds this side's orders and dice requests before they are sent; the opponent holds the
    seed and could read the dice from it. Under umask 022 it was 0644; now it is 0600, and stays so after a write."""
    old = os.umask(0o022)
    try:
        alice, _bob = start(tmp_path, "awaw", "axis")
        alice.play("answer first axis")
    finally:
        os.umask(old)
    chain = _chain(alice.save)
    assert stat.S_IMODE(chain.stat().st_mode) == 0o600


def test_finding_9_a_malformed_fork_record_and_an_empty_chain_are_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 9: a fork record without its fields raised KeyError 'game' in `pbem status` and `pbem exec`; `pbem
    verify` of a chain with no entries raised AssertionError. Each is now refused in one line (exit 2), the save as
    it was."""
    alice, _bob = start(tmp_path, "awaw", "axis")
    chain = _chain(alice.save)
    value = json.loads(chain.read_bytes())
    me = value["me"]
    value["forks"] = [{"known": {"author": me}, "other": {"author": me}, "branch": [], "kept": None}]
    _write_both(alice, value)
    before = alice.save.read_bytes()
    capsys.readouterr()
    assert alice.run("status", str(alice.save)) == 2
    assert alice.run("exec", str(alice.save), "answer first axis") == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("the fork kept at") == 2 and "is not a proof" in err
    assert alice.save.read_bytes() == before
    empty = tmp_path / "shared" / "v-empty.pbem.json"
    empty.write_text('{"entries": []}')
    assert main(["pbem", "verify", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"{empty} holds no game: it has no entries" in err


def test_finding_10_the_time_sent_is_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 10: `pbem status` printed the chain's `sent.at` raw: a chain written by another account put an OSC
    title change and colours on the terminal. The escape characters are now shown, not sent."""
    alice, _bob = start(tmp_path, "awaw", "axis")
    alice.send("3-alice")
    chain = _chain(alice.save)
    value = json.loads(chain.read_bytes())
    value["sent"]["at"] = "\x1b]0;PWNED\x07\x1b[41m RED"
    _write_both(alice, value)
    capsys.readouterr()
    assert alice.run("status", str(alice.save)) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "PWNED" in out


def _rolled_back(tmp_path: Path, *, private_too: bool) -> tuple:
    """Finding 6's attack: Alice (the attacker) asks for a roll, Bob reveals his seed for it; then Alice rolls back her
    own files and everything of Bob's in the shared folder (his save and chain file; with ``private_too`` also his
    private copy of the chain, as if Bob had restored an old backup of his home), and sends a different request at
    the same entry. Returns both sides and Bob's chain file as it was before the attack."""
    import shutil

    from test_pbem_play import AWAW_MOVEMENT

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)
    alice.play('raid "Atlantic SW" --by Tirpitz,Hipper')
    snap = tmp_path / "snap"
    shutil.copytree(alice.home, snap / "alice")
    shutil.copytree(bob.save.parent, snap / "bob-games")  # only what lies in the shared folder
    kept_record = _record(bob).read_bytes()
    alice.play("roll 2d6 combat")  # a roll of hers (the phasing player's): Bob only reveals for it
    assert bob.receive(alice.send("3-alice")) == 0  # Bob reveals his seed for her request
    before = _chain(bob.save).read_bytes()
    assert sum(e["kind"] == "reveal" for e in json.loads(before)["entries"]) == 1
    shutil.rmtree(alice.home)
    shutil.copytree(snap / "alice", alice.home)
    shutil.rmtree(bob.save.parent)
    shutil.copytree(snap / "bob-games", bob.save.parent)
    if private_too:
        _record(bob).write_bytes(kept_record)
    alice.play("roll 2d6 combat, again")
    return alice, bob, before


def test_finding_6_a_roll_fished_for_by_rolling_back_the_victims_files_is_a_fork_with_proof(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 6 (critical): with the victim's save and chain file in a folder the opponent can write, the opponent
    rolled both back after the victim had revealed a seed, sent a different request at the same entry, and the victim
    revealed the same seed again: a roll picked now that the seed was known, and no fork seen. The victim's private
    copy of the chain (tui/pbem/record.py) still holds the first request: the second is a fork, kept with both entries
    as proof, the victim is told the chain file was rolled back, and no seed is revealed."""
    alice, bob, before = _rolled_back(tmp_path, private_too=False)
    capsys.readouterr()
    assert bob.receive(alice.send("3b-alice")) == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    assert f"Note: the chain file {_chain(bob.save)} is not the one you last wrote: it holds entries 0 to 3 only, " \
           "and your private copy 0 to 15: it was rolled back, or a write was cut short." in out.out
    assert out.err.startswith(f"harbormaster: fork at entry 13: {alice.fingerprint} signed two different entries "
                              "after the same entry (request ")
    assert out.err.endswith("both entries are kept as proof; choose a branch before going on\n")
    kept = json.loads(_record(bob).read_bytes())
    assert [e["kind"] for e in kept["entries"]].count("reveal") == 1  # the first reveal only: none for the new request
    (fork,) = kept["forks"]
    assert fork["known"]["body"]["command"] == "roll 2d6 combat"
    assert fork["other"]["body"]["command"] == "roll 2d6 combat, again"
    assert kept["entries"] == json.loads(before)["entries"]
    assert _chain(bob.save).read_bytes() == _record(bob).read_bytes()  # written again from the private copy


def test_finding_6_a_seed_is_never_revealed_again_for_other_requests(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 6, second line: even with the private copy of the chain rolled back too (an old backup of the whole
    home put back), the seeds file records what each seed was revealed for; a second reveal for other requests is
    refused in one line, and the chain gets no second reveal."""
    alice, bob, _before = _rolled_back(tmp_path, private_too=True)
    capsys.readouterr()
    assert bob.receive(alice.send("3b-alice")) != 0
    out = capsys.readouterr()
    assert "was revealed already, for other requests" in out.out + out.err and "Traceback" not in out.err
    entries = json.loads(_chain(bob.save).read_bytes())["entries"]
    assert sum(e["kind"] == "reveal" for e in entries) == 0


def test_finding_7_a_rolled_back_victim_never_signs_a_second_entry_at_an_index_it_sent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 7: the same rollback made the victim sign a second, different entry at an index it had already sent,
    and the attacker then held a valid fork proof framing the victim. With its chain file and save rolled back, the
    victim's app reads its private copy: she sent her turn file, so nothing is signed until Bob's answer, and the
    game goes on after the entries sent, which stand unchanged; both sides verify."""
    import shutil

    from test_pbem_play import AWAW_MOVEMENT

    alice, bob = start(tmp_path, "awaw", "axis")
    snap = tmp_path / "snap"
    shutil.copytree(alice.save.parent, snap)  # the victim is Alice here; her game folder is the shared one
    alice.play(*AWAW_MOVEMENT[:2])
    sent = alice.send("3-alice")
    shutil.rmtree(alice.save.parent)
    shutil.copytree(snap, alice.save.parent)
    capsys.readouterr()
    kept = _record(alice).read_bytes()
    assert alice.run("exec", str(alice.save), "next") == 2  # she holds the turn no more: nothing is signed
    out = capsys.readouterr()
    assert "it holds entries 0 to 3 only, and your private copy 0 to 6: it was rolled back" in out.out
    assert out.err == f"harbormaster: you sent your turn file; wait for {bob.fingerprint}'s before playing again\n"
    assert _record(alice).read_bytes() == kept
    # The game goes on from the entries sent: Bob takes them, answers, and Alice plays on after them.
    assert bob.receive(sent) == 0
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("next")
    entries = json.loads(_chain(alice.save).read_bytes())["entries"]
    sent_entries = json.loads(sent.read_bytes())["entries"]
    assert entries[sent_entries[0]["n"]:sent_entries[-1]["n"] + 1] == sent_entries  # what was sent stands
    assert entries[-1]["body"] == {"command": "next"} and entries[-1]["n"] > sent_entries[-1]["n"]
    assert bob.receive(alice.send("5-alice")) == 0
    capsys.readouterr()
    for who in (alice, bob):
        assert main(["pbem", "verify", str(who.save)]) == 0
    assert capsys.readouterr().out.count("The save's state equals the replay of the chain") == 2
    assert alice.state() == bob.state()


def test_finding_4_a_link_on_the_way_to_a_turn_file_is_judged_like_a_save_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4: only the turn file's own name was checked; a co-player's link on the way (`shared/out` -> the
    victim's private folder) made `pbem send -o shared/out/turn-5.json` write into the private folder and `pbem
    receive shared/out/notes.txt` read a private file. The folder on the way is now judged as a save's is (a link in a
    folder others can write is refused): one line, nothing written, nothing read."""
    if os.geteuid() != 0:
        pytest.skip("planting another user's link needs root (lchown)")
    alice, _bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    shared, private = tmp_path / "group", tmp_path / "private"
    shared.mkdir()
    shared.chmod(0o777)  # a folder every account may write, not sticky
    private.mkdir(mode=0o700)
    (private / "notes.txt").write_text("private notes")
    (shared / "out").symlink_to(private)
    os.lchown(shared / "out", 65534, 65534)  # planted by the co-player (nobody here)
    capsys.readouterr()
    assert alice.run("send", str(alice.save), "-o", str(shared / "out" / "turn-5.json")) == 2
    assert alice.receive(shared / "out" / "notes.txt") == 2
    err = capsys.readouterr().err
    assert err.count("cannot reach the folder") == 2 and "Traceback" not in err
    assert sorted(p.name for p in private.iterdir()) == ["notes.txt"]
    assert alice.run("send", str(alice.save), "-o", str(shared / "turn-5.json")) == 0  # the folder itself is fine
    assert (shared / "turn-5.json").is_file()


def test_finding_11_a_fork_is_settled_by_keeping_ones_own_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 11: a fork stopped the game for good: no command chose a branch. Alice rolls her own files back and
    sends a different entry at the same index: Bob's receive finds the fork and keeps both entries as proof; until a
    branch is chosen nothing goes on. `pbem branch GAME` keeps Bob's own chain, the proof stays, and the game goes
    on: Bob sends his turn file again."""
    import shutil

    from test_pbem_play import AWAW_MOVEMENT

    alice, bob = start(tmp_path, "awaw", "axis")
    snap = tmp_path / "snap-alice"
    shutil.copytree(alice.home, snap)
    alice.play(*AWAW_MOVEMENT)
    assert bob.receive(alice.send("3-alice")) == 0
    shutil.rmtree(alice.home)
    shutil.copytree(snap, alice.home)
    alice.play("answer first allies")  # another entry signed at the same index
    capsys.readouterr()
    assert bob.receive(alice.send("3b-alice")) == 2
    assert "fork at entry" in capsys.readouterr().err
    assert bob.run("status", str(bob.save)) == 0
    assert "nothing goes on until a branch is chosen (harbormaster pbem branch GAME keeps yours)" in capsys.readouterr().out
    assert bob.run("send", str(bob.save), "-o", str(tmp_path / "shared" / "4-bob")) == 2
    capsys.readouterr()
    assert bob.run("branch", str(bob.save)) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kept your chain at the fork at entry ") and "both entries stay in the chain file" in out
    value = json.loads(_chain(bob.save).read_bytes())
    assert len(value["forks"]) == 1 and value["forks"][0]["kept"] == "known"
    assert bob.run("send", str(bob.save), "-o", str(tmp_path / "shared" / "4-bob")) == 0
    assert bob.run("branch", str(bob.save)) == 2
    assert "there is no fork to settle" in capsys.readouterr().err


def test_verify_tells_a_chain_file_rolled_back_behind_your_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Findings 6-7: `pbem verify GAME` checked the chain file alone, and a rolled-back one (a valid prefix) passed.
    It now also compares it with the private copy of the player it says it is, when that is you: a difference is a
    NOTE naming the entries, and the exit status is 1."""
    alice, _bob = start(tmp_path, "awaw", "axis")
    old = _chain(alice.save).read_bytes()
    old_save = alice.save.read_bytes()
    alice.play("answer first axis", "next")
    capsys.readouterr()
    assert main(["pbem", "verify", str(alice.save), "--keys", str(alice.keys)]) == 0
    assert "NOTE" not in capsys.readouterr().out
    _chain(alice.save).write_bytes(old)
    alice.save.write_bytes(old_save)
    assert main(["pbem", "verify", str(alice.save), "--keys", str(alice.keys)]) == 1
    out = capsys.readouterr().out
    assert f"NOTE: the chain file {_chain(alice.save)} is not the one you last wrote: it holds entries 0 to 3 only, " \
           "and your private copy 0 to 5: it was rolled back, or a write was cut short. This was a check of the chain " \
           "file as it is" in out
    assert "The save's state equals the replay of the chain (0 commands)." in out


def test_finding_14_verify_never_opens_a_scenario_the_chain_names_by_a_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 14: `pbem verify GAME` parsed the scenario named in the chain's signed settings even when it was a path:
    an attacker's chain had the victim's process read a private file as TOML, and the error showed where parsing
    failed. A chain whose settings name a path is now refused before any file but the chain is opened."""
    from tui.pbem.game import PbemGame
    from tui.pbem.keys import Signer

    secret = tmp_path / "private" / "notes.txt"
    secret.parent.mkdir()
    secret.write_text("the plan = [[[ attack at dawn\n")
    save = tmp_path / "shared" / "g.json"
    save.parent.mkdir()
    PbemGame.new(_chain(save), Signer.generate(), Signer.generate().fingerprint, "axis", "allies", str(secret),
                 folder=tmp_path / "keys")
    capsys.readouterr()
    assert main(["pbem", "verify", str(save), "--keys", str(tmp_path / "keys")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"harbormaster: {_chain(save)} names its scenario by a path ({str(secret)!r}); a game by e-mail "
                          "starts from a bundled scenario, and no other file is opened")
    assert "attack" not in err and "Traceback" not in err


def test_finding_5_a_game_folder_swapped_for_a_link_mid_command_never_leads_the_chain_elsewhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 5 (race): the attacker swapped the victim's game folder for a link to a private folder just after it
    was checked; `pbem exec` then wrote a new signed chain file in the private folder. The chain file is now reached
    through its folder held open since the walk: the write lands in the very folder the save is in, and the private
    folder gets nothing."""
    from tui.pbem.sealed import SealedGame

    alice, _bob = start(tmp_path, "awaw", "axis")
    games, moved = alice.save.parent, alice.save.parent.with_name("games-moved")
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    real_exec = SealedGame.exec

    def swapped(self: SealedGame, line: str):  # noqa: ANN202 - the attacker strikes between the check and the write
        if not moved.exists():
            games.rename(moved)
            games.symlink_to(private)
        return real_exec(self, line)

    monkeypatch.setattr(SealedGame, "exec", swapped)
    capsys.readouterr()
    assert alice.run("exec", str(alice.save), "answer first axis") == 2  # the save's store sees its folder moved
    assert "could not save game.json: the file was removed, or its folder moved" in capsys.readouterr().err
    assert list(private.iterdir()) == []
    entries = json.loads((moved / "game.pbem.json").read_bytes())["entries"]
    assert entries[-1]["body"] == {"command": "answer first axis"}  # signed in the very folder of the save
    monkeypatch.setattr(SealedGame, "exec", real_exec)
    games.unlink()
    moved.rename(games)
    assert alice.run("exec", str(alice.save), "next") == 0  # the save catches up with its chain, and play goes on
    assert alice.state()[1] == ["answer first axis", "next"]


def test_finding_13_a_turn_file_of_many_entries_costs_one_write_of_the_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 13: each entry of a received turn file was written to the save in its own durable commit (fsync of the
    file, its backups and the folder): about 12 ms an entry, minutes of CPU for a full 8 MB file. The commands are now
    played on a scratch copy and written in one commit; the log holds each of them, in order, as before."""
    from tui.store.save import SaveFile

    alice, bob = start(tmp_path, "awaw", "axis")
    notes = [f"note order {i}" for i in range(40)]
    alice.play(*notes)
    commits: list[int] = []
    real = SaveFile.commit

    def counted(self: SaveFile, **kwargs: object) -> int:
        commits.append(len(kwargs.get("append") or ()))  # type: ignore[arg-type]
        return real(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(SaveFile, "commit", counted)
    assert bob.receive(alice.send("3-alice")) == 0
    assert commits == [40]
    assert bob.state()[1][-40:] == notes
    assert bob.state() == alice.state()


def test_finding_11_a_fork_is_settled_by_adopting_the_other_branch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 11, the other choice: the players agree to go on from the other branch (Alice's second entry at the
    fork, here a corrected order). `pbem branch GAME --theirs` sets Bob's entries from the fork on aside, rebuilds his
    save from the chain (the old save kept beside it), and the game goes on: both sides verify and their saves are
    equal, holding Alice's second entry, not her first."""
    import shutil

    from test_pbem_play import AWAW_MOVEMENT

    alice, bob = start(tmp_path, "awaw", "axis")
    snap = tmp_path / "snap-alice"
    shutil.copytree(alice.home, snap)
    alice.play(*AWAW_MOVEMENT)
    assert bob.receive(alice.send("3-alice")) == 0
    assert len(bob.state()[1]) == len(AWAW_MOVEMENT)
    shutil.rmtree(alice.home)
    shutil.copytree(snap, alice.home)
    alice.play("answer first allies")
    assert bob.receive(alice.send("3b-alice")) == 2
    capsys.readouterr()
    assert bob.run("branch", str(bob.save), "--theirs") == 0
    out = capsys.readouterr().out
    assert out.startswith("Adopted the other branch at the fork at entry 4: ")
    assert "The save was rebuilt from the chain (1 command); the old save is kept as " in out
    assert bob.state()[1] == ["answer first allies"]
    assert [p.name for p in bob.save.parent.iterdir() if ".broken-" in p.name]  # the old save kept beside it
    value = json.loads(_chain(bob.save).read_bytes())
    assert value["forks"][0]["kept"] == "other" and value["entries"][4]["body"] == {"command": "answer first allies"}
    assert bob.run("branch", str(bob.save), "--theirs") == 2
    assert "there is no fork to settle" in capsys.readouterr().err
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("next")
    assert bob.receive(alice.send("5-alice")) == 0
    capsys.readouterr()
    for who in (alice, bob):
        assert main(["pbem", "verify", str(who.save)]) == 0
    assert capsys.readouterr().out.count("The save's state equals the replay of the chain (2 commands).") == 2
    assert alice.state() == bob.state()
