"""Issue 32: canonical bytes, strict decoding, an entry's shape, and the rules of each kind of entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pbem_players import new_game
from tui.pbem import PbemRefused
from tui.pbem.chain import ZERO, entry_hash, make_entry, signed_bytes
from tui.pbem.encoding import canonical, decode_json, sha256_hex
from tui.pbem.keys import Signer
from tui.pbem.ledger import Ledger


def test_canonical_bytes_sort_keys_keep_text_as_given_and_refuse_floats() -> None:
    assert canonical({"b": 1, "a": [True, None, "é"], "A": {"z": -2}}) == '{"A":{"z":-2},"a":[true,null,"é"],"b":1}'.encode()
    assert canonical({"s": "e\u0301"}) != canonical({"s": "\u00e9"})  # no normalization: bytes as given
    for bad in ({"x": 1.0}, {1: 2}, {"x": "\ud800"}, {"x": 10**18}, {"x": b"bytes"}):
        with pytest.raises(PbemRefused):
            canonical(bad)


@pytest.mark.parametrize(("data", "why"), [
    (b'{"a": 1, "a": 2}', "the key 'a' appears twice in one object"),
    (b'{"a": 1.5}', "a number with a fraction or exponent ('1.5'); only integers are allowed"),
    (b'{"a": 1e3}', "a number with a fraction or exponent"),
    (b'{"a": NaN}', "NaN is not allowed"),
    (b'{"a": 1234567890123456789}', "an integer longer than 18 digits"),
    (b'{"a": "\\ud800"}', "text that is not valid Unicode"),
    (b'{"a": "\xff"}', "is not UTF-8 text (byte 7)"),
    (b'{"a": [1, 2', "is not valid JSON (cut short?)"),
    (b"[" * 100_000, "nested more than 12 deep"),
    (b'{"a": "' + b"x" * 200 + b'"}', "holds 209 bytes, more than the 100 allowed"),
])
def test_a_hostile_json_file_is_refused_in_one_line(data: bytes, why: str) -> None:
    with pytest.raises(PbemRefused) as caught:
        decode_json(data, 100 if len(data) == 209 else 1_000_000, "the file")
    message = str(caught.value)
    assert why in message and "\n" not in message


def test_an_entry_signs_its_canonical_bytes_without_sig_and_hashes_them_with_it() -> None:
    signer = Signer.generate()
    entry = make_entry(signer, "a" * 64, 0, ZERO, "command", {"command": "note hello"})
    from tui.pbem.keys import signature_ok
    import base64

    unsigned = {k: v for k, v in entry.items() if k != "sig"}
    assert signed_bytes(entry) == json.dumps(unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert signature_ok(signer.public_raw, base64.b64decode(entry["sig"]), signed_bytes(entry))
    assert entry_hash(entry) == sha256_hex(canonical(entry))
    assert make_entry(signer, "a" * 64, 0, ZERO, "command", {"command": "note hello"}) == entry  # deterministic


def _chain(tmp_path: Path, **kw: bool) -> tuple[Ledger, Signer, Signer, list[dict]]:
    alice, bob = new_game(tmp_path, **kw)
    return alice.g.ledger, alice.signer, bob.signer, list(alice.g.ledger.entries)


def _next(ledger: Ledger, signer: Signer, kind: str, body: dict) -> dict:
    assert ledger.game is not None
    return make_entry(signer, ledger.game, len(ledger.entries), ledger.prev, kind, body)


def _refused(ledger: Ledger, entry: dict, why: str) -> None:
    work = ledger.copy()
    with pytest.raises(PbemRefused) as caught:
        work.apply(entry)
    assert str(caught.value) == why


def test_the_settings_name_the_players_their_keys_and_hash_to_the_game_id(tmp_path: Path) -> None:
    ledger, alice, bob, entries = _chain(tmp_path)
    assert [e["kind"] for e in entries] == ["settings", "commit", "accept", "commit"]
    assert ledger.players == (alice.fingerprint, bob.fingerprint) and ledger.accepted
    assert ledger.sides == {alice.fingerprint: "allies", bob.fingerprint: "axis"}
    changed = dict(entries[0], body={**entries[0]["body"], "typed_dice": True})
    with pytest.raises(PbemRefused, match="^entry 0 \\(settings by .*\\): the signature is not"):
        Ledger.replay([changed])
    changed = dict(entries[0], body={**entries[0]["body"], "scenario": "other"})
    resigned = make_entry(alice, entries[0]["game"], 0, ZERO, "settings", changed["body"])
    with pytest.raises(PbemRefused, match="the game id is not the hash of the settings"):
        Ledger.replay([resigned])
    with pytest.raises(PbemRefused, match="the game is between .* not the players expected"):
        Ledger.replay(entries, [alice.fingerprint, Signer.generate().fingerprint])


def test_a_request_on_its_own_authors_or_a_revealed_or_unknown_commitment_is_refused(tmp_path: Path) -> None:
    ledger, alice, bob, entries = _chain(tmp_path)
    own, theirs = ledger.hashes[1], ledger.hashes[3]
    n = len(entries)
    _refused(ledger, _next(ledger, alice, "request", {"commit": own, "command": "x", "dice": "stream"}),
             f"entry {n} (request by {alice.fingerprint}): it uses its own author's commitment (entry 1); dice need the opponent's")
    _refused(ledger, _next(ledger, alice, "request", {"commit": "f" * 64, "command": "x", "dice": "stream"}),
             f"entry {n} (request by {alice.fingerprint}): it names no commitment of this chain")
    _refused(ledger, _next(ledger, alice, "request", {"commit": theirs, "command": "x", "dice": [{"sides": 1, "count": 1}]}),
             f"entry {n} (request by {alice.fingerprint}): the dice group 1 sides is not a whole number from 2 to 1000000")
    _refused(ledger, _next(ledger, alice, "request", {"commit": theirs, "command": "x", "dice": "stream", "more": 1}),
             f"entry {n} (request by {alice.fingerprint}): the body has an unknown key 'more'")


def test_a_reveal_must_be_its_authors_seed_once_and_a_commitment_is_never_repeated(tmp_path: Path) -> None:
    ledger, alice, bob, entries = _chain(tmp_path)
    n = len(entries)
    _refused(ledger, _next(ledger, alice, "reveal", {"commit": ledger.hashes[3], "seed": "0" * 64}),
             f"entry {n} (reveal by {alice.fingerprint}): it reveals no commitment of its author")
    _refused(ledger, _next(ledger, alice, "reveal", {"commit": ledger.hashes[1], "seed": "0" * 64}),
             f"entry {n} (reveal by {alice.fingerprint}): the seed is not the one committed to in entry 1")
    _refused(ledger, _next(ledger, alice, "commit", {"c": entries[1]["body"]["c"]}),
             f"entry {n} (commit by {alice.fingerprint}): the commitment repeats an earlier one (a seed is used once)")


def test_typed_dice_need_both_players_agreement_in_the_settings(tmp_path: Path) -> None:
    ledger, alice, bob, entries = _chain(tmp_path / "no")
    typed = {"command": "attack Tobruk", "rolls": [{"sides": 6, "face": 4}]}
    _refused(ledger, _next(ledger, alice, "typed-roll", typed),
             f"entry {len(entries)} (typed-roll by {alice.fingerprint}): typed dice are not allowed: both players did not "
             "agree to them in the settings")
    ledger, alice, bob, entries = _chain(tmp_path / "yes", typed_dice=True)
    work = ledger.copy()
    work.apply(_next(work, alice, "typed-roll", typed))
    _refused(ledger, _next(ledger, alice, "typed-roll", {"command": "x", "rolls": [{"sides": 6, "face": 7}]}),
             f"entry {len(entries)} (typed-roll by {alice.fingerprint}): roll 1 face is not a whole number from 1 to 6")


def test_entries_of_a_third_key_or_a_second_settings_or_accept_are_refused(tmp_path: Path) -> None:
    ledger, alice, bob, entries = _chain(tmp_path)
    mallory = Signer.generate()
    n = len(entries)
    _refused(ledger, _next(ledger, mallory, "command", {"command": "x"}),
             f"entry {n} (command by {mallory.fingerprint}) is signed by {mallory.fingerprint}, who is not a player of this game")
    _refused(ledger, _next(ledger, bob, "accept", entries[2]["body"]),
             f"entry {n} (accept by {bob.fingerprint}): only the opponent accepts, once, as their first entry")
    _refused(ledger, _next(ledger, alice, "settings", entries[0]["body"]),
             f"entry {n} (settings by {alice.fingerprint}): a game has one settings entry, entry 0")
    forged = dict(_next(ledger, alice, "command", {"command": "x"}), author=bob.fingerprint)
    _refused(ledger, forged, f"entry {n} (command by {bob.fingerprint}): the signature is not {bob.fingerprint}'s: the "
             "entry was changed after it was signed, or signed by another key")
