"""Issue 32: the receiver fuzzed. A valid turn file's bytes or JSON mutated at random either is taken whole or is
refused with the one refusal exception (one line), leaving every file of the receiver as it was."""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.pbem_players import Player, new_game
from tui.pbem import PbemRefused
from tui.pbem.errors import ForkFound
from tui.pbem.game import PbemGame

_BASE: dict[str, Any] = {}


def _base() -> tuple[Player, bytes]:
    """Bob before receiving Alice's turn file of three requests (made once), and that file."""
    if not _BASE:
        folder = Path(tempfile.mkdtemp(prefix="pbem-fuzz-"))
        atexit.register(shutil.rmtree, folder, True)
        alice, bob = new_game(folder)
        bob.g.receive(alice.g.send())  # Bob's second turn, so the file holds known and new entries
        alice.g.receive(bob.g.send())
        alice.g.request("attack Tobruk", [{"sides": 6, "count": 3}])
        alice.g.request("bomb Malta")
        alice.g.command("note éèü ✓")
        _BASE.update(bob=bob, data=alice.g.send(), folder=folder)
    return _BASE["bob"], _BASE["data"]


def _fresh_bob() -> Player:
    """A copy of Bob's home in a new folder, his game opened from it."""
    bob: Player = _base()[0]
    home = Path(tempfile.mkdtemp(prefix="pbem-bob-"))
    shutil.copytree(bob.home, home, dirs_exist_ok=True)
    folder = home / bob.folder.relative_to(bob.home)
    chain = home / bob.chain.relative_to(bob.home)
    copy = Player(home, folder, bob.signer, chain)
    copy.game = PbemGame.open(chain, bob.signer, folder=folder)
    return copy


def _receive(data: bytes) -> None:
    bob = _fresh_bob()
    try:
        before = bob.files()
        try:
            bob.g.receive(data)
        except ForkFound:  # a fork needs a second valid signature: no random change makes one
            raise AssertionError("a mutation made a fork") from None
        except PbemRefused as exc:
            assert "\n" not in str(exc) and str(exc)
            assert bob.files() == before
            assert PbemGame.open(bob.chain, bob.signer, folder=bob.folder).ledger.hashes == bob.g.ledger.hashes
        else:
            assert bob.g.verify().hashes == bob.g.ledger.hashes  # taken whole: the chain is still valid
    finally:
        shutil.rmtree(bob.home)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=True)
    | st.text(max_size=30) | st.sampled_from(["stream", "request", "0" * 64, "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.data())
def test_a_turn_file_with_bytes_changed_is_taken_or_refused_cleanly(data: st.DataObject) -> None:
    raw = bytearray(_base()[1])
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if action == "flip":
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif action == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=4))
        elif action == "delete":
            del raw[at:at + data.draw(st.integers(1, 8))]
        else:
            del raw[at:]
        if not raw:
            raw = bytearray(b"{")
    _receive(bytes(raw))


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, here + (index,))
    return found


@FUZZ
@given(st.data())
def test_a_turn_file_with_json_values_changed_is_taken_or_refused_cleanly(data: st.DataObject) -> None:
    value = json.loads(_base()[1])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(value)[1:]
        if not paths:  # every value deleted already: nothing left to change (sampled_from an empty list raised)
            break
        path = data.draw(st.sampled_from(paths))
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add", "swap"]))
        if action == "replace":
            parent[path[-1]] = data.draw(JSON)
        elif action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent[path[-1]], dict):
            parent[path[-1]][data.draw(st.text(max_size=6))] = data.draw(JSON)
        elif action == "add" and isinstance(parent[path[-1]], list):
            parent[path[-1]].insert(0, data.draw(JSON))
        elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
            parent[0], parent[-1] = parent[-1], parent[0]
    try:
        raw = json.dumps(value, ensure_ascii=data.draw(st.booleans())).encode("utf-8", "surrogatepass")
    except ValueError:
        return
    _receive(raw)


def test_the_unchanged_file_is_taken() -> None:
    """The fuzzed file itself is valid: Bob takes its new entries."""
    bob = _fresh_bob()
    try:
        assert bob.g.receive(_base()[1]).added == 4
    finally:
        shutil.rmtree(bob.home)
