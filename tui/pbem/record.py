"""This side's private copy of its chain: the record the chain file beside the save is checked against.

The chain file (``GAME.pbem.json``) lies beside the save, in a folder the opponent may be able to write (a shared
folder, a group's folder). The second-account attack (``docs/cases/issue32-second-account-attack.md``, findings
5 to 7) rolled it back there, with the save: the victim's app then signed a second, different entry at an index it
had already sent (a fork that framed the victim), and took a different request of the attacker's at an index it had
already received without seeing a fork.

So every write of a chain goes first to a private copy, ``pbem/games/GAME.chain.json`` beside the seeds (mode
0600 in a 0700 folder of the user's own), and then to the chain file. Opening a game reads both: when they differ,
the private copy is the one used, and the difference is told (:func:`differences`). The chain file is written again
from it at the next change. A chain file with no private copy is taken only if it holds an entry signed by your
key (a game begun before the private copy existed; its copy is made at its next change): attack 36 put beside the
victim's save the chain of a game he never joined.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .chain import Fork, fork_proof, name
from .encoding import HEX64, decode_json, fields, hex32, text, whole
from .errors import PbemRefused
from .files import private_folder, read_bytes, write_atomic
from .ledger import Ledger

FORMAT = "harbormaster-pbem-chain"
#: Largest chain file (and private copy) read.
MAX_STATE_BYTES = 256 * 1024 * 1024


def record_path(folder: Path, game: str) -> Path:
    """Where the private copy of the chain of ``game`` is kept under the key folder ``folder``."""
    return folder / "games" / f"{game}.chain.json"


def chain_state(data: bytes, where: Path, me: str) -> dict[str, Any]:
    """The checked top of a chain file's contents (format, owner, a game id, entries); :class:`PbemRefused` else."""
    value = decode_json(data, MAX_STATE_BYTES, f"the chain file {where}")
    if not isinstance(value, dict) or value.get("format") != FORMAT or value.get("v") != 1:
        raise PbemRefused(f"{where} is not a Harbormaster chain file")
    if value.get("me") != me:
        raise PbemRefused(f"{where} is the chain of {value.get('me')!r}, not yours ({me})")
    if not isinstance(value.get("game"), str) or not HEX64.fullmatch(value["game"]):
        raise PbemRefused(f"{where} is not a Harbormaster chain file")
    entries = value.get("entries")
    if not isinstance(entries, list) or not entries:
        raise PbemRefused(f"{where} holds no entries")
    return value


PLACES = "places.json"
"""Beside the private copies: which game each chain file this side wrote is of (its real path to the game's id)."""
MAX_PLACES_BYTES = 4 * 1024 * 1024


def _places(games: Path) -> dict[str, str]:
    data = read_bytes(games / PLACES, MAX_PLACES_BYTES, private=True)
    value = decode_json(data, MAX_PLACES_BYTES, str(games / PLACES)) if data is not None else {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise PbemRefused(f"{games / PLACES} is not a list of your games' places")
    return value


def game_at(folder: Path, place: Path) -> str | None:
    """The game whose chain file this side last wrote at ``place`` (None: none it knows of)."""
    games = folder / "games"
    if not os.path.lexists(games):
        return None
    private_folder(games, make=False)
    return _places(games).get(os.path.realpath(place))


def remember_place(folder: Path, place: Path, game: str) -> None:
    """Note that the chain file at ``place`` is of ``game`` (mode 0600, beside the private copies)."""
    games = private_folder(folder / "games", make=True)
    places = _places(games)
    key = os.path.realpath(place)
    if places.get(key) != game:
        places[key] = game
        write_atomic(games / PLACES, json.dumps(places, sort_keys=True, indent=1).encode(), mode=0o600)


def read_record(folder: Path, game: str, me: str, place: Path | None = None) -> tuple[dict[str, Any], bytes] | None:
    """The private copy of the chain of ``game`` and its bytes, or None if this side has none (yet). With ``place``
    (where the chain file was read): refused if this side wrote there the chain of another game (a second-account
    attack: an old chain, of another game between the same two players, put in place of this one's)."""
    games = folder / "games"
    if not os.path.lexists(games):
        return None
    private_folder(games, make=False)
    other = game_at(folder, place) if place is not None else None
    if other is not None and other != game:
        raise PbemRefused(f"{place} is the chain file of your game {other[:16]}…, but it now holds game "
                          f"{game[:16]}…: it was replaced; put back your private copy of your game's chain "
                          f"({record_path(folder, other)})")
    path = record_path(folder, game)
    data = read_bytes(path, MAX_STATE_BYTES, private=True)
    if data is None:
        return None
    value = chain_state(data, path, me)
    if value["game"] != game:
        raise PbemRefused(f"{path} is the chain of another game")
    return value, data


def write_record(folder: Path, game: str, data: bytes, place: Path | None = None) -> None:
    """Durably write the private copy of the chain of ``game`` (mode 0600 in a 0700 folder); with ``place``, note that
    the chain file there is this game's (:func:`remember_place`)."""
    games = private_folder(folder / "games", make=True)
    write_atomic(games / f"{game}.chain.json", data, mode=0o600)
    if place is not None:
        remember_place(folder, place, game)


def differences(shown: dict[str, Any], kept: dict[str, Any], where: Path) -> str:
    """One line: how the chain file ``shown`` differs from the private copy ``kept``."""
    a, b = shown.get("entries") or [], kept["entries"]
    same = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if same == len(a) < len(b):
        how = (f"holds entries 0 to {len(a) - 1} only, and your private copy 0 to {len(b) - 1}: it was rolled back, "
               "or a write was cut short")
    elif same == len(b) < len(a):
        how = f"holds entries {len(b)} to {len(a) - 1}, which you never took in"
    elif same < len(b):
        how = f"differs from your private copy from entry {same} on"
    else:
        how = "differs from your private copy in what it says was sent or in the forks it keeps"
    return f"the chain file {where} is not the one you last wrote: it {how}"


def state_parts(value: dict[str, Any], ledger: Ledger, path: Path) -> tuple[dict[str, Any] | None, tuple[Fork, ...],
                                                                            frozenset[str]]:
    """What a chain file says was sent, the forks it keeps (each checked again as a proof) and the hashes set aside;
    :class:`PbemRefused` if any is not readable."""
    kept, aside, sent = value.get("forks"), value.get("set_aside"), value.get("sent")
    if not isinstance(kept, list) or not isinstance(aside, list) or not (sent is None or isinstance(sent, dict)):
        raise PbemRefused(f"{path} is not a Harbormaster chain file")
    if sent is not None:
        fields(sent, frozenset({"first", "last", "at"}), f"{path}: what was sent")
        whole(sent["first"], f"{path}: the first entry sent", 0, len(ledger.entries) - 1)
        whole(sent["last"], f"{path}: the last entry sent", sent["first"], len(ledger.entries) - 1)
        text(sent["at"], f"{path}: the time sent", 40)
    return sent, tuple(_fork_of(ledger, f) for f in kept), frozenset(hex32(h, "a hash set aside") for h in aside)


def _fork_of(ledger: Ledger, value: Any) -> Fork:
    if not isinstance(value, dict) or value.get("kept") not in (None, "known", "other"):
        raise PbemRefused("a fork kept in the chain file is not readable")
    known, other, branch = value.get("known"), value.get("other"), value.get("branch")
    if not isinstance(known, dict) or not isinstance(other, dict) or not isinstance(branch, list) \
            or not all(isinstance(entry, dict) for entry in branch):
        raise PbemRefused("a fork kept in the chain file is not readable")
    key = ledger.keys.get(known.get("author"))  # type: ignore[arg-type]
    if key is None or not fork_proof(known, other, key):
        raise PbemRefused(f"the fork kept at {name(known)} is not a proof")
    return Fork(known, other, tuple(branch), value["kept"])
