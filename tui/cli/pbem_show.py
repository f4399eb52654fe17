"""What ``harbormaster pbem`` prints: a command's outcome, a receipt, the exchange's status, and the proof of every roll
(``pbem verify``, which replays the whole chain against a fresh game from its settings).

Every text that came from a save, a chain or a turn file is printed through :func:`~tui.rules.core.text.visible`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from ..rules.core.text import visible


def side_view(game: Any, chain: Any) -> Any:
    """``shown(n, author, command)``: the command of chain entry ``n`` as this player's side view shows it (the
    Exchange mode's rule, :func:`tui.pbem.exchange.exchange_view`): his own, or one of the other side's whose log
    entry his side view shows; else :data:`~tui.pbem.exchange.HIDDEN` (not played yet, or hidden)."""
    from ..engine.sides import Fog, UnknownSide, side_word
    from ..pbem.exchange import HIDDEN
    from ..pbem.play import steps

    me = chain.me
    try:
        side = side_word(getattr(game, "full_ruleset", game.ruleset).sides, chain.ledger.sides[me], referee=False)
    except UnknownSide:  # the settings' side is not one of the rule set's: nothing of the other side is shown
        side = chain.ledger.sides[me]
    told = {event["seq"] for event in Fog.of(game, side).events(game.events)}
    seq = {step.n: event.get("seq") for step, event in zip(steps(chain.ledger), game.events)}

    def shown(n: int, author: str, command: str) -> str:
        return command if author == me or seq.get(n) in told else HIDDEN

    return shown


def applied(step: Any, shown: Any = None) -> None:
    """One command the save took from the chain (its own, or the opponent's: only as the side view shows it)."""
    s = step.step
    command = shown(s.n, s.author, s.command) if shown is not None else s.command
    what = f"entry {s.n}: {visible(command)}"
    if command != s.command:
        print(f"{'ok' if step.ok else 'REFUSED on reveal'}: {what}")
        return
    if step.ok:
        print(f"ok: {what}\n  {visible(step.message, lines=True)}")
        for detail in step.details:
            print(f"    {visible(detail, lines=True)}")
    else:
        print(f"REFUSED on reveal: {what}\n  {visible(step.message, lines=True)}\n  (noted in the log; nothing else changed)")


def exec_lines(sealed: Any, lines: list[str]) -> int:
    """Run each command line on the sealed game and say what became of it; stop at the first refusal."""
    for line in lines:
        done = sealed.exec(line)
        if done.how == "refused":
            print(f"refused: {visible(line)}\n  {visible(done.message, lines=True)}\n  nothing was changed", file=sys.stderr)
            return 1
        if done.how == "queued":
            print(f"queued: {visible(line)}\n  {visible(done.message, lines=True)}")
            continue
        if done.how == "shown":
            print(visible(done.message, lines=True))
            for detail in done.result.details:
                print(f"  {visible(detail, lines=True)}")
            continue
        shown = side_view(sealed.game, sealed.chain)
        for step in done.applied:
            applied(step, shown)
    return 0


def _in_judged_folder(path: Path) -> tuple[Any, Path]:
    """``path`` reached through its folder held open once every link on the way was judged by the store's rule (a link
    in a folder others can write, or owned by another user, is refused): the folder held, and a path to the name in
    that very folder. A co-player's link on the way to a turn file never leads into a private folder (issue 32,
    second-account attack 4)."""
    from ..pbem import PbemRefused
    from ..store.links import PlantedLink, pinned_folder

    try:
        where = pinned_folder(path.parent)
    except (PlantedLink, OSError) as exc:
        raise PbemRefused(f"cannot reach the folder {visible(str(path.parent))} ({visible(str(exc))})") from None
    return where, Path(where.name_in(path.name))


def keep_branch(chain: Any) -> int:
    """Settle the pending fork by keeping this side's own chain (issue 32, second-account attack 11)."""
    from ..pbem import PbemRefused

    fork = chain.pending_fork
    if fork is None:
        raise PbemRefused("there is no fork to settle")
    chain.choose_branch("known")
    print(f"Kept your chain at the {visible(fork.describe())}.")
    print("The other branch is set aside for good; both entries stay in the chain file as proof. The game goes on.")
    return 0


def adopt_branch(sealed: Any, data: Path) -> int:
    """Settle the pending fork by adopting the other branch; the save rebuilt from the chain."""
    fork = sealed.chain.pending_fork
    what = visible(fork.describe()) if fork is not None else ""
    commands, kept = sealed.adopt_theirs(data)
    print(f"Adopted the other branch at the {what}: your entries from there on are set aside for good; both entries "
          "stay in the chain file as proof.")
    print(f"The save was rebuilt from the chain ({commands} command{'' if commands == 1 else 's'})" + (f"; the old save is kept as {visible(kept)}."
                                                                          if kept else "."))
    print("The game goes on: send your turn file (harbormaster pbem send GAME -o FILE).")
    return 0


def send(sealed: Any, output: Path) -> int:
    """Write the turn file (again the same bytes if nothing was written since)."""
    from ..pbem.files import write_atomic

    where, there = _in_judged_folder(output)
    try:
        data = sealed.send()
        write_atomic(there, data)
    finally:
        where.close()
    sent = sealed.chain.sent
    print(f"Wrote {visible(str(output))}: entries {sent['first']} to {sent['last']} for {sealed.chain.opponent}.")
    return 0


def receive(sealed: Any, file: Path, no_reveal: bool) -> int:
    """Take in a turn file and say what it brought, what was played and what was revealed."""
    from ..pbem import PbemRefused
    from ..pbem.files import read_bytes
    from ..pbem.turnfile import MAX_FILE_BYTES

    where, there = _in_judged_folder(file)
    try:
        data = read_bytes(there, MAX_FILE_BYTES)
    finally:
        where.close()
    if data is None:
        raise PbemRefused(f"there is no turn file {file}")
    got = sealed.receive(data, reveal=not no_reveal)
    print(got.receipt.message)
    shown = side_view(sealed.game, sealed.chain)
    for step in got.applied:
        applied(step, shown)
    if got.revealed:
        print(f"Revealed {len(got.revealed)} commitment(s): the dice of {sealed.chain.opponent}'s requests are fixed.")
    if any(not step.ok for step in got.applied):
        print("Some commands were refused when their dice came: see above (the log says so too).")
    if not got.receipt.already:
        print("Your move: play (harbormaster pbem exec), then harbormaster pbem send GAME -o FILE.")
    return 0


def status(game: Any, chain: Any) -> int:
    """Whose move, what waits to be sent, what waits for dice, open commitments and forks."""
    from ..pbem.play import queued

    ledger = chain.ledger
    me, them = chain.me, chain.opponent
    print(f"Game {ledger.game[:16]}…: {visible(game.meta.get('scenario_name', ''))} ({game.ruleset.id}), "
          f"{game.turn_label}, {visible(game.segment.title)}")
    print(f"  you:      {me} ({visible(ledger.sides[me])})")
    print(f"  opponent: {them} ({visible(ledger.sides[them])}){'' if ledger.accepted else ', has not joined yet'}")
    from ..pbem.sealed import save_problem

    problem = save_problem(game, chain)
    if problem:  # what follows is read from that save: said first
        print(f"WARNING: {visible(problem)}")
    if (fork := chain.pending_fork) is not None:
        print(f"FORK: {fork.describe()}; nothing goes on until a branch is chosen (harbormaster pbem branch GAME "
              "keeps yours)")
    if chain.holds_turn:
        print("Your move: play (harbormaster pbem exec), then send your turn file (harbormaster pbem send).")
    else:
        print(f"Their move: you sent entries {chain.sent['first']} to {chain.sent['last']} at {visible(chain.sent['at'])}; "
              f"wait for {them}'s turn file.")
    sent_last = chain.sent["last"] if chain.sent else -1
    unsent = [e for e in ledger.entries if e["author"] == me and e["n"] > sent_last]
    print(f"To send: {len(unsent)} entr{'y' if len(unsent) == 1 else 'ies'} of yours "
          f"({', '.join(str(e['n']) for e in unsent)})" if unsent else "To send: nothing new of yours.")
    waiting = queued(game, ledger)
    shown = side_view(game, chain)
    for i, step in enumerate(waiting):
        who = "you" if step.author == me else them
        why = "waits for its dice" if i == 0 else f"waits behind entry {waiting[0].n}"
        print(f"Queued: entry {step.n} by {who}: {visible(shown(step.n, step.author, step.command))} ({why})")
    opened = chain.open_commitments()
    for commit in opened:
        n = ledger.commits[commit.commit].n
        print(f"OPEN: commitment entry {n} by {'you' if commit.author == me else commit.author}: "
              f"{len(commit.requests)} request(s) waiting, {commit.exchanges} turn file(s) sent since without a reveal")
    if not waiting and not opened:
        print("Nothing waits for dice.")
    return 0


def rebuild(path: Path, chain: Any) -> int:
    """``pbem rebuild``: the save made again from the player's private copy of the chain (a fresh game of its settings,
    every step played), written in place of the save (the one found kept beside it as ``NAME.broken-*``), or made if
    there is none. Nothing of the chain changes."""
    from ..paths import data_dir
    from ..pbem import PbemRefused
    from ..pbem.files import write_atomic
    from ..pbem.sealed import replay_of
    from ..session import GameLocked, GameOpenError, open_game
    from ..store.recovery import put_back
    from ..store.snapshot import StoreFailed

    if chain.kept is None:  # the chain file alone, which the opponent may have put there: never made into the save
        raise PbemRefused("you have no private copy of this chain (it is kept whenever you play): a save is made again "
                          "only from your own copy; nothing was changed")
    replay = replay_of(chain.ledger, data_dir=data_dir())
    data = replay.store.to_bytes()  # type: ignore[attr-defined]
    if not os.path.lexists(path):
        write_atomic(path, data)
        print(f"Made {visible(str(path))} from your chain: {len(replay.events)} command(s).")
        return 0
    try:
        game = open_game(path, data_dir(), mode="write")
    except GameLocked:
        raise
    except GameOpenError:  # a save too damaged to open: it is put back all the same (kept beside)
        game = None
    try:
        where = game.store.pinned_file if game is not None else path  # type: ignore[attr-defined]
        try:
            kept = put_back(Path(where), data)
        except (OSError, ValueError, StoreFailed) as exc:
            raise PbemRefused(f"the save could not be rebuilt: {exc}; nothing was changed") from None
    finally:
        if game is not None:
            game.close()
    print(f"Rebuilt {visible(str(path))} from your chain: {len(replay.events)} command(s)"
          + (f"; the save found is kept as {visible(str(kept))}." if kept else "."))
    return 0


def _private_copy(folder: Path | None, value: dict[str, Any], data: bytes, chain: Path) -> str:
    """How the chain file differs from the private copy of the player it says it is (if that is you: ``folder``, or
    your config folder, holds it); "" if it does not differ or you have none."""
    from ..pbem import PbemRefused
    from ..pbem.keys import pbem_folder
    from ..pbem.record import chain_state, differences, read_record

    try:
        found = read_record(Path(folder or pbem_folder()), value["game"], value["me"])
    except (PbemRefused, KeyError, TypeError):
        return ""
    if found is None or found[1] == data:
        return ""
    return differences(chain_state(data, chain, value["me"]), found[0], chain)


def verify(path: Path, folder: Path | None = None) -> int:
    """``pbem verify``: the chain checked from entry 0 and replayed against a fresh game from its settings; every
    roll's commitment, both contributions and faces; whether the save's state equals the replay; whether the chain
    file is the one your private copy holds (if you play the game: a chain file rolled back is seen)."""
    from ..paths import data_dir
    from ..pbem import PbemRefused
    from ..pbem.encoding import decode_json
    from ..pbem.errors import quoted
    from ..pbem.files import read_bytes
    from ..pbem.game import MAX_STATE_BYTES, chain_path
    from ..pbem.ledger import Ledger
    from ..engine.setup import is_scenario_path
    from ..pbem.play import advance, rolls_of
    from ..session import memory_game, open_game

    chain_only = path.name.endswith(".pbem.json")
    chain = path if chain_only else chain_path(path)
    data = read_bytes(chain, MAX_STATE_BYTES)
    if data is None:
        raise PbemRefused(f"there is no chain file {chain}")
    value = decode_json(data, MAX_STATE_BYTES, f"the chain file {chain}")
    entries = value.get("entries") if isinstance(value, dict) else None
    if not isinstance(entries, list):
        raise PbemRefused(f"{chain} is not a chain file")
    ledger = Ledger.replay(entries)
    if ledger.players is None:
        raise PbemRefused(f"{chain} holds no game: it has no entries")
    if value.get("game") != ledger.game:  # the id by which the private copy is found: only the entries' own
        raise PbemRefused(f"{chain} names a game that is not the one its entries make")
    creator, opponent = ledger.players
    print(f"Game {ledger.game}: {len(ledger.entries)} entries, every signature and link checked.")
    print(f"  {creator} ({visible(ledger.sides[creator])}, made the game)")
    print(f"  {opponent} ({visible(ledger.sides[opponent])}){'' if ledger.accepted else ', has not accepted yet'}")
    print("Compare both fingerprints with the ones your opponent read to you.")
    replay = None
    if not chain_only and is_scenario_path(str(ledger.settings["scenario"])):  # attack 14: never a file it names
        raise PbemRefused(f"{chain} names its scenario by a path ({quoted(ledger.settings['scenario'], 200)}); a "
                          "game by e-mail starts from a bundled scenario, and no other file is opened")
    if not chain_only:
        typed = ledger.accepted and ledger.settings.get("typed_dice") is True
        replay = memory_game(data_dir(), "", ledger.settings["scenario"], seed=0, dice="sealed")
        advance(replay, ledger, typed_allowed=typed)
    for request in ledger.requests.values():
        commit = ledger.commits[request.commit]
        print(f"entry {request.n}: {visible(request.command)!r} by {request.author}: {request.state}")
        print(f"  commitment: entry {commit.n} by {commit.author}: {commit.c}")
        print(f"  request:    {request.hash} (signed by {request.author})")
        if commit.seed is None:
            continue
        print(f"  seed:       {commit.seed} (revealed in entry {commit.revealed} by {commit.author})")
        if request.dice != "stream":
            stream = ledger.stream(request.hash)
            assert stream is not None
            shown = [f"{g['count']}d{g['sides']}: {stream.rolls(g['sides'], g['count'])}" for g in request.dice]
            print(f"  dice:       {'; '.join(shown)}")
        if replay is not None:
            rolls = rolls_of(replay, request.hash)
            faces = "; ".join(f"{visible(r['purpose'] or 'roll')}: {r['spec']} = {'+'.join(map(str, r['faces']))}"
                              for r in rolls)
            print(f"  faces:      {faces or 'none drawn (the command rolled nothing, or was refused)'}")
    for entry in ledger.entries:
        if entry["kind"] == "typed-roll":
            faces = ", ".join(f"d{r['sides']}={r['face']}" for r in entry["body"]["rolls"])
            print(f"entry {entry['n']}: {visible(entry['body']['command'])!r} by {entry['author']}: typed dice {faces} "
                  "(unverifiable: physical dice)")
    for commit in ledger.open_commitments():
        print(f"OPEN: commitment entry {ledger.commits[commit.commit].n} by {commit.author}, "
              f"{len(commit.requests)} request(s) waiting, {commit.exchanges} turn file(s) sent since without a reveal")
    forks = value.get("forks") or []
    if not isinstance(forks, list):
        raise PbemRefused(f"{chain} is not a chain file: what it keeps of forks is not a list")
    if forks:
        print(f"{len(forks)} fork(s) recorded in this file: open the game to see the proof")
    differs = _private_copy(folder, value, data, chain)
    if differs:
        print(f"NOTE: {visible(differs)}. This was a check of the chain file as it is; your private copy of the game "
              "differs from it (harbormaster pbem status GAME uses your private copy).")
    if replay is None:
        return 1 if differs else 0
    game = open_game(path, data_dir(), mode="read", verify=True)
    try:
        same = game.state == replay.state and len(game.events) == len(replay.events)
    finally:
        game.close()
    if not same:
        print(f"The save {visible(str(path))} does NOT equal the replay of its chain.")
        return 1
    print(f"The save's state equals the replay of the chain ({len(replay.events)} commands).")
    return 1 if differs else 0
