"""Issue 32: two players in two homes exchange turn files; every attack of the issue is caught, nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pbem_players import Player, new_game, player, record
from tui.pbem import PbemRefused
from tui.pbem.chain import entry_hash, fork_proof, make_entry
from tui.pbem.errors import ForkFound
from tui.pbem.game import PbemGame
from tui.pbem.keys import Signer
from tui.pbem.turnfile import write_turnfile

D6x3 = [{"sides": 6, "count": 3}]


def refused(who: Player, data: bytes, message: str) -> None:
    """``who`` refuses the turn file ``data`` with exactly ``message`` (one line) and every file of theirs is as it
    was, in memory and on disk."""
    before, entries = who.files(), list(who.g.ledger.entries)
    with pytest.raises(PbemRefused) as caught:
        who.g.receive(data)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value) and not isinstance(caught.value, ForkFound)
    assert who.files() == before and who.g.ledger.entries == entries


def edited(data: bytes, change) -> bytes:  # type: ignore[no-untyped-def]
    """A turn file's bytes after ``change(value)`` edits its decoded JSON (written back the way files are)."""
    value = json.loads(data)
    change(value)
    return json.dumps(value).encode()


def phase(alice: Player, bob: Player) -> tuple[list[str], bytes, bytes]:
    """Alice asks for the dice of a phase (three commands, one listing 3d6, two taking a stream) on Bob's newest
    commitment and sends; Bob receives, reveals and sends back; Alice receives. The requests and both files."""
    requests = [alice.g.request("attack Tobruk", D6x3), alice.g.request("bomb Malta"), alice.g.request("raid Suez")]
    to_bob = alice.g.send()
    assert bob.g.receive(to_bob).added == 4  # three requests and Alice's fresh commitment
    assert len(bob.g.reveal()) == 1  # one reveal serves the whole phase
    to_alice = bob.g.send()
    assert alice.g.receive(to_alice).added == 2
    return requests, to_bob, to_alice


def test_two_players_play_a_phase_by_turn_file_and_derive_the_same_dice(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    requests, to_bob, to_alice = phase(alice, bob)
    a, b = alice.reopen(), bob.reopen()  # both chain files read back, every entry checked again
    assert a.ledger.entries == b.ledger.entries and a.ledger.hashes == b.ledger.hashes
    assert [e["kind"] for e in a.ledger.entries] == ["settings", "commit", "accept", "commit", "request", "request",
                                                     "request", "commit", "reveal", "commit"]
    for request in requests:
        sa, sb = a.stream(request), b.stream(request)
        assert sa is not None and sb is not None
        assert [sa.roll(6), sa.roll(10), sa.roll(2)] == [sb.roll(6), sb.roll(10), sb.roll(2)]
    assert a.open_commitments() == [] and b.open_commitments() == []
    assert len(a.verify().entries) == 10 and b.verify().hashes == a.ledger.hashes
    assert [r.state for r in a.ledger.requests.values()] == ["revealed"] * 3
    header = json.loads(to_bob)["header"]
    assert header["from"] == alice.signer.fingerprint and header["to"] == bob.signer.fingerprint
    assert (header["first"], header["last"], header["game"]) == (4, 7, a.game)


def test_sending_again_gives_the_same_file_and_receiving_twice_is_harmless(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    alice.g.request("attack Tobruk", D6x3)
    first = alice.g.send()
    assert alice.g.send() == first  # idempotent: same entries, same header, same bytes
    assert bob.g.receive(first).added == 2
    before = bob.files()
    receipt = bob.g.receive(first)
    assert (receipt.added, receipt.already) == (0, True)
    assert receipt.message == "already received: every entry of this turn file is known; nothing changed"
    assert bob.files() == before


def test_a_side_writes_only_while_it_holds_the_turn(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    alice.g.send()
    with pytest.raises(PbemRefused, match=f"^you sent your turn file; wait for {bob.signer.fingerprint}'s before writing again$"):
        alice.g.request("attack Tobruk")


def test_a_rewritten_past_entry_fails_its_signature_naming_the_entry(tmp_path: Path) -> None:
    """A die rewritten in a file (the request's dice, or a known entry) fails the signature check of that entry; an
    entry rewritten and signed again breaks the link of the next one."""
    alice, bob = new_game(tmp_path)
    alice.g.request("attack Tobruk", D6x3)
    data = alice.g.send()
    me = alice.signer.fingerprint

    def more_dice(value: dict) -> None:
        value["entries"][0]["body"]["dice"][0]["count"] = 4

    refused(bob, edited(data, more_dice), f"entry 4 (request by {me}): the signature is not {me}'s: the entry was "
            "changed after it was signed, or signed by another key")

    def resign(value: dict) -> None:
        entry = value["entries"][0]
        value["entries"][0] = make_entry(alice.signer, entry["game"], 4, entry["prev"], "request",
                                         {**entry["body"], "command": "attack Alexandria"})

    refused(bob, edited(data, resign), f"entry 5 (commit by {me}) does not follow entry 4: its prev is not that entry's "
            "hash (an earlier entry was changed, or this one belongs to another branch)")
    assert bob.g.receive(data).added == 2
    bob.g.reveal()
    back = bob.g.send()
    you = bob.signer.fingerprint

    def old_entry(value: dict) -> None:  # Bob's file repeats Alice's request with its dice changed
        value["header"]["first"] = 4
        request = json.loads(data)["entries"][0]
        request["body"]["dice"] = [{"sides": 6, "count": 1}]
        value["entries"][:0] = [request, json.loads(data)["entries"][1]]

    refused(alice, edited(back, old_entry), f"entry 4 (request by {me}): the signature is not {me}'s: the entry was "
            "changed after it was signed, or signed by another key")
    changed = bob.chain.read_text().replace('"count": 3', '"count": 5').replace('"count":3', '"count":5')
    bob.chain.write_text(changed)  # the chain file alone: the private copy is used, and the difference told
    assert bob.reopen().notice == (f"the chain file {bob.chain} is not the one you last wrote: it differs from your "
                                   f"private copy from entry 4 on. Your private copy ({record(bob)}) is used; the "
                                   "chain file is written again from it at the next change")
    record(bob).write_text(changed)  # both: the player's own files were changed
    with pytest.raises(PbemRefused, match=f"^entry 4 \\(request by {me}\\): the signature is not"):
        bob.reopen()
    assert you != me


def test_a_roll_redone_after_seeing_the_reveal_is_a_fork_with_both_entries_as_proof(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    requests, _to_bob, _to_alice = phase(alice, bob)
    original = alice.g.ledger.entries[4]
    # Alice saw the dice and signs another request in place of entry 4 (same predecessor), then a new commitment.
    redone = make_entry(alice.signer, alice.g.game, 4, original["prev"], "request",
                        {**original["body"], "command": "attack Tobruk with the reserve"})
    rest = [e for e in alice.g.ledger.entries[5:8]]
    branch = [redone]
    for entry in rest:
        branch.append(make_entry(alice.signer, alice.g.game, entry["n"], entry_hash(branch[-1]), entry["kind"], entry["body"]))
    cheat = write_turnfile(alice.g.game, alice.signer.fingerprint, bob.signer.fingerprint, branch, "2026-11-28T12:00:00Z")
    with pytest.raises(ForkFound) as caught:
        bob.g.receive(cheat)
    fork = caught.value.fork
    assert fork.known == original and fork.other == redone and fork.n == 4 and fork.author == alice.signer.fingerprint
    assert fork_proof(fork.known, fork.other, alice.signer.public_raw)
    assert str(caught.value).startswith(f"fork at entry 4: {alice.signer.fingerprint} signed two different entries after "
                                        "the same entry (request ")
    assert len(bob.g.ledger.entries) == 10  # the chain is as it was; the proof is kept
    kept = bob.reopen()
    assert kept.pending_fork is not None and kept.pending_fork.other == redone
    for action in (lambda: kept.send(), lambda: kept.reveal(), lambda: kept.receive(cheat)):
        with pytest.raises(PbemRefused, match="^the chain has a fork at entry 4: .*; choose a branch before going on$"):
            action()
    kept.choose_branch("known")
    assert bob.reopen().pending_fork is None and len(bob.g.forks) == 1  # settled; the proof stays in the file
    refused(bob, cheat, f"entry 4 (request by {alice.signer.fingerprint}) is on a branch set aside at a fork; it is not taken")
    assert bob.g.send()  # the game goes on from the known branch


def test_a_seed_revealed_on_a_branch_set_aside_is_never_revealed_again(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    phase(alice, bob)
    original = alice.g.ledger.entries[4]
    redone = make_entry(alice.signer, alice.g.game, 4, original["prev"], "request", {**original["body"], "command": "x"})
    with pytest.raises(ForkFound):
        bob.g.receive(write_turnfile(alice.g.game, alice.signer.fingerprint, bob.signer.fingerprint, [redone], "t"))
    bob.g.choose_branch("other")  # Bob adopts Alice's redone request: his seed is known to her now
    assert bob.g.ledger.entries[-1] == redone and bob.g.open_commitments()[0].requests == (entry_hash(redone),)
    with pytest.raises(PbemRefused, match="^the seed of entry 3 was revealed on a branch set aside; it is never revealed again"):
        bob.g.reveal()


def test_a_withheld_reveal_is_an_open_commitment_counting_the_exchanges_since(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    request = alice.g.request("attack Tobruk", D6x3)
    bob_commit = alice.g.ledger.requests[request].commit
    bob.g.receive(alice.g.send())
    [waiting] = alice.g.open_commitments()
    assert (waiting.commit, waiting.author, waiting.requests, waiting.exchanges) == (bob_commit, bob.signer.fingerprint,
                                                                                     (request,), 0)
    for exchanges in (1, 2):
        alice.g.receive(bob.g.send())  # Bob answers without revealing
        [waiting] = alice.g.open_commitments()
        assert waiting.exchanges == exchanges and bob.g.open_commitments()[0].exchanges == exchanges
        assert alice.g.stream(request) is None
        bob.g.receive(alice.g.send())
    alice.g.receive(bob.g.send())
    alice.g.withdraw(request)  # free before a reveal: Alice may roll again on Bob's next commitment
    assert alice.g.open_commitments() == [] and alice.g.ledger.requests[request].state == "withdrawn"


def test_a_withdraw_after_the_reveal_is_refused_and_an_undo_is_a_signed_entry(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    requests, _, _ = phase(alice, bob)
    before = alice.files()
    with pytest.raises(PbemRefused) as caught:
        alice.g.withdraw(requests[0])
    assert str(caught.value) == (f"entry 10 (withdraw by {alice.signer.fingerprint}): the dice of request entry 4 were "
                                 "already revealed (entry 8); only an undo, which both sides see, is left")
    assert alice.files() == before
    with pytest.raises(PbemRefused) as caught:  # the game undoes its last command only
        alice.g.undo(requests[0])
    assert str(caught.value) == (f"entry 10 (undo by {alice.signer.fingerprint}): entry 5 was played after request "
                                 "entry 4; only the game's last command can be undone")
    assert alice.files() == before
    alice.g.undo(requests[2])
    bob.g.receive(alice.g.send())
    assert bob.g.ledger.requests[requests[2]].state == "undone" and bob.g.ledger.entries[10]["kind"] == "undo"
    assert bob.g.ledger.requests[requests[0]].state == "revealed"


def test_a_turn_file_of_another_game_or_player_is_refused(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    other = PbemGame.new(tmp_path / "other.pbem.json", alice.signer, bob.signer.fingerprint, "allies", "axis",
                         "awaw-1939", folder=alice.folder)
    data = other.send()
    refused(bob, data, f"this turn file belongs to another game ({other.game[:16]}…), not this one ({bob.g.game[:16]}…)")
    own = bob.g.send()
    refused(bob, own, "this is your own turn file")
    carol = player(tmp_path, "carol")
    alice.g.request("attack Tobruk")
    good = alice.g.send()
    refused(bob, edited(good, lambda v: v["header"].update({"from": carol.signer.fingerprint})),
            f"this turn file is from {carol.signer.fingerprint}, who is not your opponent ({alice.signer.fingerprint})")
    refused(bob, edited(good, lambda v: v["header"].update({"to": carol.signer.fingerprint})),
            f"this turn file is addressed to {carol.signer.fingerprint}, not to you")


def test_entries_signed_by_a_third_key_are_refused(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    mallory = Signer.generate()
    alice.g.request("attack Tobruk")
    data = alice.g.send()
    entries = json.loads(data)["entries"]
    forged = make_entry(mallory, alice.g.game, 4, entries[0]["prev"], "request", entries[0]["body"])
    refused(bob, write_turnfile(alice.g.game, alice.signer.fingerprint, bob.signer.fingerprint, [forged], "t"),
            f"entry 4 (request by {mallory.fingerprint}) is signed by {mallory.fingerprint}, who is not a player of this game")
    forged["author"] = alice.signer.fingerprint
    refused(bob, write_turnfile(alice.g.game, alice.signer.fingerprint, bob.signer.fingerprint, [forged], "t"),
            f"entry 4 (request by {alice.signer.fingerprint}): the signature is not {alice.signer.fingerprint}'s: the entry "
            "was changed after it was signed, or signed by another key")


def test_a_truncated_reordered_oversized_or_gapped_turn_file_is_refused(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    alice.g.request("attack Tobruk")
    alice.g.request("bomb Malta")
    data = alice.g.send()
    before = bob.files()
    with pytest.raises(PbemRefused, match=r"^the turn file is not valid JSON \(cut short\?\): .* \(line \d+, column \d+\)$"):
        bob.g.receive(data[: len(data) // 2])
    assert bob.files() == before
    refused(bob, edited(data, lambda v: v["entries"].pop()),
            "the header promises entries 4 to 6 (3) but the file holds 2: it is cut short or was edited")
    refused(bob, edited(data, lambda v: v["entries"].reverse()),
            "the entry at position 1 is entry 6, not 4: the entries are out of order")
    refused(bob, data + b" " * (8 * 1024 * 1024), f"the turn file holds {len(data) + 8 * 1024 * 1024:,} bytes, more than "
            "the 8,388,608 allowed")

    def gap(value: dict) -> None:
        value["entries"] = value["entries"][1:]
        value["header"]["first"] = 5

    refused(bob, edited(data, gap), f"entries 4 to 4 are missing: a turn file was lost; ask {alice.signer.fingerprint} "
            "to send again (it repeats all you have not acknowledged)")
    big = make_entry(alice.signer, alice.g.game, 4, json.loads(data)["entries"][0]["prev"], "command",
                     {"command": "x" * 1999})
    assert bob.g.receive(write_turnfile(alice.g.game, alice.signer.fingerprint, bob.signer.fingerprint, [big], "t"))


def test_both_sides_writing_the_same_index_is_refused(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    reply = bob.g.send()  # Bob sends his reply again ...
    entries = json.loads(reply)["entries"]
    alice.g.request("attack Tobruk")  # ... while Alice, holding the turn, writes entry 4
    sneaky = make_entry(bob.signer, bob.g.game, 4, entry_hash(entries[-1]), "command", {"command": "move"})
    refused(alice, write_turnfile(bob.g.game, bob.signer.fingerprint, alice.signer.fingerprint, [*entries, sneaky], "t"),
            f"entry 4 (command by {bob.signer.fingerprint}) conflicts with your entry 4 (request by "
            f"{alice.signer.fingerprint}): both sides wrote entry 4")


def test_the_chain_file_is_never_written_through_a_link(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    target = tmp_path / "elsewhere.json"
    target.write_bytes(b"keep")
    alice.chain.unlink()
    alice.chain.symlink_to(target)
    with pytest.raises(PbemRefused, match=r"game\.pbem\.json is a symbolic link; nothing is written through it$"):
        alice.g.request("attack Tobruk")
    assert target.read_bytes() == b"keep" and len(alice.g.ledger.entries) == 4
    with pytest.raises(PbemRefused, match="is a symbolic link; it is not read$"):
        PbemGame.open(alice.chain, alice.signer, folder=alice.folder)
    with pytest.raises(PbemRefused, match="already exists; it is not replaced$"):
        PbemGame.new(bob.chain, bob.signer, alice.signer.fingerprint, "axis", "allies", "x", folder=bob.folder)


def test_the_seeds_stay_private_until_revealed(tmp_path: Path) -> None:
    alice, bob = new_game(tmp_path)
    seeds = (bob.folder / "games" / f"{bob.g.game}.json")
    assert seeds.stat().st_mode & 0o777 == 0o600 and (bob.folder / "games").stat().st_mode & 0o777 == 0o700
    stored = json.loads(seeds.read_text())["seeds"]
    assert len(stored) == 1
    [seed] = stored.values()
    assert seed.encode() not in alice.chain.read_bytes() and seed.encode() not in bob.chain.read_bytes()
    seeds.chmod(0o644)
    alice.g.request("attack Tobruk")
    bob.g.receive(alice.g.send())
    with pytest.raises(PbemRefused, match="may be read by others"):
        bob.g.reveal()


def test_a_joiner_checks_the_creators_fingerprint_and_the_typed_dice_setting(tmp_path: Path) -> None:
    alice, bob = player(tmp_path, "alice"), player(tmp_path, "bob")
    game = PbemGame.new(alice.chain, alice.signer, bob.signer.fingerprint, "allies", "axis", "awaw-1939",
                        typed_dice=True, folder=alice.folder)
    first = game.send()
    someone = Signer.generate().fingerprint
    with pytest.raises(PbemRefused, match=f"^this turn file is from {alice.signer.fingerprint}, not from {someone}, who "
                       "you say made the game$"):
        PbemGame.accept(bob.chain, bob.signer, first, someone, folder=bob.folder)
    with pytest.raises(PbemRefused, match="^the game's settings allow typed physical dice; you did not agree to that$"):
        PbemGame.accept(bob.chain, bob.signer, first, alice.signer.fingerprint, folder=bob.folder)
    assert not bob.chain.exists()
    joined = PbemGame.accept(bob.chain, bob.signer, first, alice.signer.fingerprint, typed_dice=True, folder=bob.folder)
    joined.typed_roll("attack Tobruk", [{"sides": 6, "face": 5}])
    assert game.receive(joined.send()).added == 3


def test_a_damaged_chain_file_is_refused_in_one_line(tmp_path: Path) -> None:
    alice, _bob = new_game(tmp_path)
    good = json.loads(alice.chain.read_text())
    for change, why in (
        (lambda v: v.update(forks=5), "is not a Harbormaster chain file"),
        (lambda v: v.update(sent={"first": 0}), "what was sent has no 'at'"),
        (lambda v: v.update(me="ABCD-ABCD-ABCD-ABCD-ABCD"), "is the chain of 'ABCD-ABCD-ABCD-ABCD-ABCD', not yours"),
        (lambda v: v["entries"].pop(1), "entry 2 (accept by"),
        (lambda v: v.update(forks=[{"known": v["entries"][1], "other": v["entries"][3], "branch": [], "kept": None}]),
         "the fork kept at entry 1 (commit by"),
    ):
        value = json.loads(json.dumps(good))
        change(value)
        alice.chain.write_text(json.dumps(value))
        record(alice).write_text(json.dumps(value))
        with pytest.raises(PbemRefused) as caught:
            alice.reopen()
        assert why in str(caught.value) and "\n" not in str(caught.value)


def test_verify_prints_every_rolls_commitment_contributions_and_faces_and_the_open_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tui import cli

    alice, bob = new_game(tmp_path)
    requests, _, _ = phase(alice, bob)
    alice.g.request("invade Crete", [{"sides": 10, "count": 2}])
    bob.g.receive(alice.g.send())
    assert cli.main(["pbem", "verify", str(bob.chain)]) == 0
    out = capsys.readouterr().out.splitlines()
    a, b = alice.signer.fingerprint, bob.signer.fingerprint
    ledger = bob.g.ledger
    seed = ledger.commits[ledger.requests[requests[0]].commit].seed
    stream = bob.g.stream(requests[0])
    assert out[:4] == [f"Game {bob.g.game}: 12 entries, every signature and link checked.", f"  {a} (allies, made the game)",
                       f"  {b} (axis)", "Compare both fingerprints with the ones your opponent read to you."]
    assert out[4:9] == [f"entry 4: 'attack Tobruk' by {a}: revealed",
                        f"  commitment: entry 3 by {b}: {ledger.commits[ledger.hashes[3]].c}",
                        f"  request:    {requests[0]} (signed by {a})", f"  seed:       {seed} (revealed in entry 8 by {b})",
                        f"  dice:       3d6: {stream.rolls(6, 3)}"]
    assert out[-1] == f"OPEN: commitment entry 9 by {b}, 1 request(s) waiting, 0 turn file(s) sent since without a reveal"
    bob.chain.write_text(bob.chain.read_text().replace("invade Crete", "invade Malta"))
    assert cli.main(["pbem", "verify", str(bob.chain)]) == 2
    assert capsys.readouterr().err == (f"harbormaster: entry 10 (request by {a}): the signature is not {a}'s: the entry "
                                       "was changed after it was signed, or signed by another key\n")
