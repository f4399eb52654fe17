"""``harbormaster pbem``: playing by e-mail with sealed dice (issue 32; the game's own commands come next).

    harbormaster pbem key [--show]      make your key if you have none; print its fingerprint
    harbormaster pbem verify CHAIN      check a chain file (GAME.pbem.json) and print every roll's proof

The work is done by :mod:`tui.pbem`; this module parses the arguments and prints. A refusal is one line on stderr,
exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from ..rules.core.text import visible


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harbormaster pbem", description="Play by e-mail: keys and signed, sealed dice.")
    sub = p.add_subparsers(dest="action", required=True)
    key = sub.add_parser("key", help="make your key if you have none, and print its fingerprint")
    key.add_argument("--show", action="store_true", help="only print the fingerprint of the key you have")
    ver = sub.add_parser("verify", help="check a chain file and print the proof of every roll")
    ver.add_argument("chain", type=Path, help="a chain file (GAME.pbem.json)")
    return p


def main(argv: Sequence[str]) -> int:
    """``harbormaster pbem ...`` (``argv`` after the word ``pbem``); returns the exit status."""
    args = _parser().parse_args(list(argv))
    from ..pbem import PbemRefused

    try:
        if args.action == "key":
            return _key(args.show)
        return _verify(args.chain)
    except PbemRefused as exc:
        print(f"harbormaster: {exc}", file=sys.stderr)
        return 2


def _key(show: bool) -> int:
    from ..pbem.keys import key_path, load_key, make_or_load_key

    if show:
        print(load_key(key_path()).fingerprint)
        return 0
    signer, made = make_or_load_key()
    where = visible(str(key_path()))
    print(f"Made your key at {where}." if made else f"Your key is at {where}.")
    print(f"Your fingerprint: {signer.fingerprint}")
    print("Read it to your opponent (by voice or chat) and have them read theirs to you.")
    return 0


def _verify(path: Path) -> int:
    from ..pbem.game import MAX_STATE_BYTES
    from ..pbem.encoding import decode_json
    from ..pbem.errors import PbemRefused
    from ..pbem.files import read_bytes
    from ..pbem.ledger import Ledger

    data = read_bytes(path, MAX_STATE_BYTES)
    if data is None:
        raise PbemRefused(f"there is no file {path}")
    value = decode_json(data, MAX_STATE_BYTES, f"the chain file {path}")
    entries = value.get("entries") if isinstance(value, dict) else None
    if not isinstance(entries, list):
        raise PbemRefused(f"{path} is not a chain file")
    ledger = Ledger.replay(entries)
    assert ledger.players is not None
    creator, opponent = ledger.players
    print(f"Game {ledger.game}: {len(ledger.entries)} entries, every signature and link checked.")
    print(f"  {creator} ({visible(ledger.sides[creator])}, made the game)")
    print(f"  {opponent} ({visible(ledger.sides[opponent])}){'' if ledger.accepted else ', has not accepted yet'}")
    print("Compare both fingerprints with the ones your opponent read to you.")
    for request in ledger.requests.values():
        commit = ledger.commits[request.commit]
        print(f"entry {request.n}: {visible(request.command)!r} by {request.author}: {request.state}")
        print(f"  commitment entry {commit.n} by {commit.author}: {commit.c}")
        print(f"  request hash: {request.hash}")
        if commit.seed is not None:
            stream = ledger.stream(request.hash)
            assert stream is not None
            print(f"  seed (entry {commit.revealed}): {commit.seed}")
            if request.dice != "stream":
                shown = [f"{g['count']}d{g['sides']}: {stream.rolls(g['sides'], g['count'])}" for g in request.dice]
                print(f"  dice: {'; '.join(shown)}")
    for entry in ledger.entries:
        if entry["kind"] == "typed-roll":
            faces = ", ".join(f"d{r['sides']}={r['face']}" for r in entry["body"]["rolls"])
            print(f"entry {entry['n']}: {visible(entry['body']['command'])!r} by {entry['author']}: typed dice {faces} "
                  "(unverifiable: physical dice)")
    for commit in ledger.open_commitments():
        print(f"OPEN: commitment entry {ledger.commits[commit.commit].n} by {commit.author}, "
              f"{len(commit.requests)} request(s) waiting, {commit.exchanges} turn file(s) sent since without a reveal")
    forks = value.get("forks") or []
    if forks:
        print(f"{len(forks)} fork(s) recorded in this file: open the game to see the proof")
    return 0
