"""A side's secret seeds for one game, kept in the user's private folder (``pbem/games/GAME.json``, mode 0600).

Each seed is written before the commitment that names it, and never in the chain file or a turn file until revealed.
The file also keeps the commitments whose seeds were revealed on a branch set aside (``burned``: never revealed
again) and, for each seed revealed, the requests it was revealed for (``revealed``): a seed is revealed for one set
of requests, ever, so a chain rolled back behind this side's back (its files in a folder others can write) cannot
get a seed already known revealed for other requests, chosen now that it is known (issue 32, second-account attack 6).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .encoding import decode_json
from .errors import PbemRefused
from .files import private_folder, read_bytes, write_atomic

#: Largest secrets file read.
MAX_SECRETS_BYTES = 16 * 1024 * 1024


def secrets_path(folder: Path, game: str) -> Path:
    """Where the seeds of ``game`` are kept under the key folder ``folder``."""
    return folder / "games" / f"{game}.json"


def load_secrets(folder: Path, game: str) -> dict[str, Any]:
    """The seeds file of ``game`` (empty if none yet); :class:`PbemRefused` if it is not one."""
    private_folder(folder, make=True)
    path = secrets_path(folder, game)
    data = read_bytes(path, MAX_SECRETS_BYTES, private=True)
    value = {"seeds": {}, "burned": []} if data is None else decode_json(data, MAX_SECRETS_BYTES, "the seeds file")
    if not isinstance(value, dict) or not isinstance(value.get("seeds"), dict) or not isinstance(value.get("burned"), list):
        raise PbemRefused(f"{path} is not a seeds file")
    if not isinstance(value.setdefault("revealed", {}), dict):
        raise PbemRefused(f"{path} is not a seeds file")
    return value


def write_secrets(folder: Path, game: str, secrets: dict[str, Any]) -> None:
    """Durably write the seeds file of ``game``, mode 0600 in a 0700 folder."""
    games = private_folder(folder / "games", make=True)
    write_atomic(games / f"{game}.json", json.dumps(secrets, sort_keys=True).encode("utf-8"), mode=0o600)


def mark_revealed(secrets: dict[str, Any], c: str, n: int, requests: list[str]) -> None:
    """Record that the seed of commitment ``c`` (entry ``n``) is revealed for ``requests``; refused if it was revealed
    already for other requests."""
    asked = sorted(requests)
    revealed = secrets["revealed"]
    if c in revealed and revealed[c] != asked:
        raise PbemRefused(f"the seed of entry {n} was revealed already, for other requests: it is never revealed for new "
                          "ones (was this game's file rolled back? compare the chain with your opponent's)")
    revealed[c] = asked
