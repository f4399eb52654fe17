"""``harbormaster pbem``: playing by e-mail with sealed dice (issue 32).

    harbormaster pbem key [--show]                               make your key if you have none; print its fingerprint
    harbormaster pbem new GAME --side SIDE --opponent FINGERPRINT [--ruleset R] [--scenario S] [--typed-dice]
    harbormaster pbem join GAME FILE --opponent FINGERPRINT [--typed-dice]    join from the creator's first file
    harbormaster pbem exec GAME "COMMAND" ...                     play: applied and signed, or queued for its dice
    harbormaster pbem withdraw GAME                              withdraw your commands waiting for dice (free)
    harbormaster pbem send GAME -o FILE                          write your turn file
    harbormaster pbem receive GAME FILE [--no-reveal]            take the opponent's turn file (and reveal)
    harbormaster pbem reveal GAME                                reveal what the opponent's requests wait for
    harbormaster pbem status GAME                                whose move, what waits, open commitments, forks
    harbormaster pbem branch GAME [--theirs]                     settle a fork: keep your chain, or adopt the other
    harbormaster pbem rebuild GAME                               make the save again from your chain (the one found kept)
    harbormaster pbem verify GAME|CHAIN                          replay the chain and print every roll's proof

Every command but ``verify`` takes ``--keys FOLDER``: where your key and seeds are (default: your config folder).
A sealed game's commands go through ``pbem exec``, not ``harbormaster exec``: each must be signed into the chain
(with the player's key), and one that rolls waits for the opponent's reveal, which plain ``exec`` cannot say.
The work is done by :mod:`tui.pbem` (:mod:`tui.pbem.sealed` and :mod:`tui.pbem.play` for the game); this module
parses the arguments and prints. A refusal is one line on stderr, exit status 2 (1: a command the rules refuse).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from ..paths import save_path
from ..rules.core.text import visible


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harbormaster pbem", description="Play by e-mail: keys and signed, sealed dice.")
    sub = p.add_subparsers(dest="action", required=True)
    keys = argparse.ArgumentParser(add_help=False)
    keys.add_argument("--keys", type=Path, metavar="FOLDER", help="where your key and seeds are (default: your config folder)")
    key = sub.add_parser("key", parents=[keys], help="make your key if you have none, and print its fingerprint")
    key.add_argument("--show", action="store_true", help="only print the fingerprint of the key you have")
    new = sub.add_parser("new", parents=[keys], help="make a sealed game against an opponent's key")
    new.add_argument("game", type=save_path, help="the save to make (its chain file is made beside it)")
    new.add_argument("--side", required=True, help="your side (the opponent plays the other)")
    new.add_argument("--opponent", required=True, metavar="FINGERPRINT", help="your opponent's fingerprint")
    new.add_argument("--ruleset", help="default: the scenario's")
    new.add_argument("--scenario", help="a bundled scenario (see 'harbormaster scenarios')")
    new.add_argument("--typed-dice", action="store_true", help="allow physical dice typed in (marked unverifiable)")
    join = sub.add_parser("join", parents=[keys], help="join a game from its creator's first turn file")
    join.add_argument("game", type=save_path, help="the save to make (its chain file is made beside it)")
    join.add_argument("file", type=Path, help="the creator's first turn file")
    join.add_argument("--opponent", required=True, metavar="FINGERPRINT", help="the creator's fingerprint, as they told you")
    join.add_argument("--typed-dice", action="store_true", help="agree to physical dice typed in (if the game allows them)")
    ex = sub.add_parser("exec", parents=[keys], help="run commands: applied and signed, or queued for their dice")
    ex.add_argument("game", type=save_path)
    ex.add_argument("commands", nargs="+", help="command lines, e.g. \"next\"")
    for name, text in (("withdraw", "withdraw your commands waiting for their dice (free before the reveal)"),
                       ("reveal", "reveal your commitments the opponent's requests wait for"),
                       ("status", "whose move, what waits to be sent, open commitments, forks"),
                       ("rebuild", "make the save again from your private copy of the chain (a save changed outside "
                                   "harbormaster pbem, or lost; the one found is kept beside it)")):
        sub.add_parser(name, parents=[keys], help=text).add_argument("game", type=save_path)
    branch = sub.add_parser("branch", parents=[keys], help="settle a fork: keep your own chain (the other branch is set "
                            "aside for good; both entries stay as proof), or --theirs: adopt the other branch")
    branch.add_argument("game", type=save_path)
    branch.add_argument("--theirs", action="store_true", help="adopt the other branch: your entries from the fork on "
                        "are set aside and the save is rebuilt from the chain (the old save is kept beside it)")
    send = sub.add_parser("send", parents=[keys], help="write your turn file")
    send.add_argument("game", type=save_path)
    send.add_argument("-o", "--output", type=Path, required=True, metavar="FILE", help="the turn file to write")
    rec = sub.add_parser("receive", parents=[keys], help="take in the opponent's turn file")
    rec.add_argument("game", type=save_path)
    rec.add_argument("file", type=Path, help="the opponent's turn file")
    rec.add_argument("--no-reveal", action="store_true", help="do not reveal your commitments yet (pbem reveal later)")
    ver = sub.add_parser("verify", parents=[keys], help="replay the chain against a fresh game and print the proof of "
                         "every roll (and compare it with your private copy, if you play the game)")
    ver.add_argument("game", type=Path, help="a sealed game's save (or only its chain file, GAME.pbem.json)")
    return p


def main(argv: Sequence[str]) -> int:
    """``harbormaster pbem ...`` (``argv`` after the word ``pbem``); returns the exit status."""
    args = _parser().parse_args(list(argv))
    from ..pbem import PbemRefused
    from ..session import GameOpenError

    try:
        if args.action == "key":
            return _key(args.show, args.keys)
        if args.action == "verify":
            from .pbem_show import verify

            return verify(args.game, args.keys)
        if args.action in ("new", "join"):
            return _new(args) if args.action == "new" else _join(args)
        return _play(args)
    except (PbemRefused, GameOpenError) as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 2


def _key(show: bool, folder: Path | None) -> int:
    from ..pbem.keys import key_path, load_key, make_or_load_key

    if show:
        print(load_key(key_path(folder)).fingerprint)
        return 0
    signer, made = make_or_load_key(folder)
    where = visible(str(key_path(folder)))
    print(f"Made your key at {where}." if made else f"Your key is at {where}.")
    print(f"Your fingerprint: {signer.fingerprint}")
    print("Read it to your opponent (by voice or chat) and have them read theirs to you.")
    return 0


def _signer(folder: Path | None) -> Any:
    from ..pbem.keys import key_path, load_key

    return load_key(key_path(folder))


def _made(game: Path, make_chain: Any, ruleset: str, scenario: str) -> int:
    """Make the chain (``make_chain(path)``), then the sealed save from the same settings; if the save cannot be
    made, the new chain file is removed again: nothing is left."""
    from . import _create
    from ..paths import data_dir
    from ..pbem.game import chain_path
    from ..pbem.record import record_path

    from ..pbem import PbemRefused
    from ..store.links import PlantedLink, pinned_folder
    from ..store.pinned import shown

    chain = chain_path(game)
    if os.path.lexists(game):
        raise PbemRefused(f"{game} already exists; refusing to overwrite it")
    try:  # the folder first (as harbormaster new makes it: never through a link), then the chain file in it
        where = pinned_folder(game.parent, make=True)
    except (PlantedLink, OSError) as exc:
        raise PbemRefused(f"cannot make the folder {game.parent} ({exc})") from None
    held = Path(where.name_in(chain.name))  # the chain file in that very folder, whatever its path names later
    made = save = None
    try:
        try:
            made = make_chain(held)
        except PbemRefused as exc:
            raise PbemRefused(shown(str(exc))) from None
        save = _create(game, data_dir(), ruleset, scenario, seed=0, dice="sealed")  # seed never used: no app dice
    finally:
        if save is None:  # refused, or the save could not be made: nothing is left
            if made is not None:
                held.unlink(missing_ok=True)
                record_path(made.folder, made.game).unlink(missing_ok=True)
            where.unmake()
        where.close()
    if save is None or made is None:
        return 2
    try:
        ledger = made.ledger
        me, them = made.me, made.opponent
        print(f"Made {game}: {save.meta['scenario_name']} ({save.ruleset.id}), {save.turn_label}; sealed dice.")
        print(f"  the chain file: {chain}")
        print(f"  you:      {me} ({visible(ledger.sides[me])})")
        print(f"  opponent: {them} ({visible(ledger.sides[them])})")
    finally:
        save.close()
    return 0


def _scenario(ruleset: str | None, scenario: str | None) -> tuple[Any, Any]:
    from ..engine.setup import choose, is_scenario_path
    from ..paths import data_dir
    from ..pbem import PbemRefused

    if scenario and is_scenario_path(scenario):
        raise PbemRefused("a game by e-mail starts from a bundled scenario, which both players have")
    return choose(data_dir(), ruleset or "", scenario)


def _new(args: argparse.Namespace) -> int:
    from ..engine.sides import UnknownSide, side_word
    from ..pbem import PbemRefused
    from ..pbem.game import PbemGame

    ruleset, scen = _scenario(args.ruleset, args.scenario)
    try:
        side = side_word(ruleset.sides, args.side, referee=False)
    except UnknownSide:
        raise PbemRefused(f"no side '{args.side}' in a {ruleset.id} game; sides: {', '.join(ruleset.sides)}") from None
    others = [s for s in ruleset.sides if s != side]
    if side is None or len(others) != 1:
        raise PbemRefused(f"a game by e-mail is between two sides; a {ruleset.id} game has {', '.join(ruleset.sides)}")
    signer = _signer(args.keys)
    make = lambda path: PbemGame.new(path, signer, args.opponent, side, others[0], scen.info.id,  # noqa: E731
                                     typed_dice=args.typed_dice, folder=args.keys)
    code = _made(args.game, make, ruleset.id, scen.info.id)
    if code == 0:
        print(f"Next: harbormaster pbem send {args.game} -o FILE, and give FILE to your opponent.")
    return code


def _join(args: argparse.Namespace) -> int:
    from ..pbem.files import read_bytes
    from ..pbem.game import PbemGame
    from ..pbem import PbemRefused
    from ..pbem.turnfile import MAX_FILE_BYTES, read_turnfile

    data = read_bytes(args.file, MAX_FILE_BYTES)
    if data is None:
        raise PbemRefused(f"there is no turn file {args.file}")
    file = read_turnfile(data)
    body = file.entries[0].get("body", {}) if file.entries else {}
    ruleset, scen = _scenario(None, str(body.get("scenario", "")) or None)  # checked again by the accept below
    signer = _signer(args.keys)
    make = lambda path: PbemGame.accept(path, signer, data, args.opponent, typed_dice=args.typed_dice,  # noqa: E731
                                        folder=args.keys)
    code = _made(args.game, make, ruleset.id, scen.info.id)
    if code == 0:
        print(f"Next: harbormaster pbem send {args.game} -o FILE (your accept and first commitment).")
    return code


def _play(args: argparse.Namespace) -> int:
    """A command on a sealed game: its chain file is reached through its folder held open once every link on the way
    was judged, so a folder swapped for a link meanwhile never leads the writes elsewhere (second-account attack 5)."""
    from ..pbem import PbemRefused
    from ..pbem.game import chain_path
    from ..store.pinned import shown
    from .pbem_show import _in_judged_folder

    signer = _signer(args.keys)
    where, chain_file = _in_judged_folder(chain_path(args.game))
    try:
        return _play_in(args, signer, chain_file)
    except PbemRefused as exc:  # the folder as the user named it, not /proc/self/fd/N
        raise PbemRefused(shown(str(exc))) from None
    finally:
        where.close()


def _play_in(args: argparse.Namespace, signer: Any, chain_file: Path) -> int:
    from ..paths import data_dir
    from ..pbem.game import PbemGame
    from ..pbem.sealed import SealedGame
    from ..store.pinned import shown
    from ..session import GameLocked, open_game

    chain = PbemGame.open(chain_file, signer, folder=args.keys)
    if chain.notice:  # the chain file beside the save was changed behind this side's back (issue 32, attacks 5-7)
        print(f"Note: {visible(shown(chain.notice))}.")
    if args.action == "rebuild":
        from .pbem_show import rebuild

        return rebuild(args.game, chain)
    if not os.path.lexists(args.game):
        from ..pbem import PbemRefused

        raise PbemRefused(f"there is no save {args.game} beside its chain; rebuild it from your chain: harbormaster "
                          "pbem rebuild GAME")
    try:
        game = open_game(args.game, data_dir(), mode="read" if args.action == "status" else "write", verify=True)
    except GameLocked as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 3
    try:
        sealed = SealedGame(game, chain) if not game.read_only else None
        from . import pbem_show as show

        if args.action == "status":
            return show.status(game, chain)
        assert sealed is not None
        for step in sealed.caught_up:
            show.applied(step, show.side_view(game, chain))
        if args.action == "exec":
            return show.exec_lines(sealed, args.commands)
        if args.action == "withdraw":
            print(f"Withdrew {len(sealed.withdraw())} command(s) waiting for their dice.")
            return 0
        if args.action == "reveal":
            applied, revealed = sealed.reveal()
            print(f"Revealed {len(revealed)} commitment(s)." if revealed else "Nothing of yours to reveal.")
            for step in applied:
                show.applied(step, show.side_view(game, chain))
            return 0
        if args.action == "branch":
            return show.adopt_branch(sealed, data_dir()) if args.theirs else show.keep_branch(sealed.chain)
        if args.action == "send":
            return show.send(sealed, args.output)
        return show.receive(sealed, args.file, args.no_reveal)
    finally:
        game.close()
