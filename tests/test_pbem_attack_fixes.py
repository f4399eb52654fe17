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
    chain.write_text(json.dumps(value))
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
    chain.write_text(json.dumps(value))
    capsys.readouterr()
    assert alice.run("status", str(alice.save)) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "PWNED" in out


def test_finding_6_a_seed_is_never_revealed_again_for_other_requests(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 6 (critical): with the victim's save and chain in a folder the opponent can write, the opponent rolled
    both back after the victim had revealed a seed, sent a different request at the same entry, and the victim
    revealed the same seed again: a roll picked now that the seed was known. The victim's private seeds file now
    records what each seed was revealed for; a second reveal for other requests is refused, in one line, and the
    victim's chain gets no second reveal."""
    import shutil

    from test_pbem_play import AWAW_MOVEMENT

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)
    alice.play('raid "Atlantic SW" --by Tirpitz,Hipper')
    snap = tmp_path / "snap"
    shutil.copytree(alice.home, snap / "alice")
    shutil.copytree(bob.save.parent, snap / "bob-games")  # only what lies in the shared folder; not Bob's key folder
    alice.play("raid-engage raid-1")
    assert bob.receive(alice.send("3-alice")) == 0  # Bob reveals his seed for her request
    reveals = json.loads(_chain(bob.save).read_bytes())["entries"]
    assert sum(e["kind"] == "reveal" for e in reveals) == 1
    # The attacker rolls her own files and Bob's shared ones back, and asks for another roll on the same seed.
    shutil.rmtree(alice.home)
    shutil.copytree(snap / "alice", alice.home)
    shutil.rmtree(bob.save.parent)
    shutil.copytree(snap / "bob-games", bob.save.parent)
    alice.play("raid-engage raid-1 --cves 1")
    capsys.readouterr()
    assert bob.receive(alice.send("3b-alice")) != 0
    out = capsys.readouterr()
    assert "was revealed already, for other requests" in out.out + out.err and "Traceback" not in out.err
    entries = json.loads(_chain(bob.save).read_bytes())["entries"]
    assert sum(e["kind"] == "reveal" for e in entries) == 0


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
