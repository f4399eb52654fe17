"""One player's sealed game (issue 32, stage 2): the save and its chain file, kept in step (game glue, with
:mod:`.play`; the only other module of the package that imports the engine).

:class:`SealedGame` runs a command (:meth:`~SealedGame.exec`: applied and signed as a ``command`` entry, or, if it
rolls, signed as a ``request`` and queued until the opponent's reveal), receives a turn file (replayed on a scratch
copy of the game before anything is written; then the player's own commitments are revealed), sends, and says
where the exchange stands (:meth:`~SealedGame.status`). The chain is written first and the save follows it: a save
behind its chain (a crash between the two writes) catches up the next time it is opened.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import msgspec

from ..engine.command import CommandSyntaxError, parse, typed_problem
from ..engine.deciders import applied, whose
from ..engine.game import Game, Result
from ..rules.core.errors import RuleError
from .errors import PbemRefused, quoted
from .files import read_bytes, write_atomic
from .game import PbemGame, Receipt
from .ledger import Ledger
from .owners import advice, not_theirs
from .play import Applied, advance, queued, steps, typed_faces


class Done(msgspec.Struct, frozen=True):
    """What :meth:`SealedGame.exec` did: ``how`` is ``applied``, ``queued``, ``shown`` or ``refused``."""

    how: str
    result: Result | None = None
    message: str = ""
    applied: tuple[Applied, ...] = ()


class Received(msgspec.Struct, frozen=True):
    """What :meth:`SealedGame.receive` did: the receipt, the commands applied, the reveals made."""

    receipt: Receipt
    applied: tuple[Applied, ...] = ()
    revealed: tuple[str, ...] = ()


def _logged(event: dict) -> tuple:
    """What of a log entry the chain decides: its command, who acted, whether it stands, and its dice (each whole:
    spec, faces, modifier, total, source, stream; a roll is replayed as it is logged)."""
    dice = json.dumps(event.get("dice") or [], sort_keys=True, default=str)
    return (event.get("seq"), event.get("command"), event.get("actor"), event.get("status"), dice)


def _faces(event: dict) -> str:
    return "; ".join(f"{roll.get('spec')}={roll.get('faces')}" for roll in event.get("dice") or ())


def _log_digest(game: Game) -> str:
    """A digest of the save's initial state and of what :func:`_logged` keeps of every entry of its log."""
    initial = json.dumps(getattr(game, "_initial_data", None), sort_keys=True, default=str)
    text = json.dumps([initial, *(_logged(event) for event in game.events)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


REBUILD = "rebuild it from your chain: harbormaster pbem rebuild GAME (the save found is kept beside it)"
"""What to do with a save that is not its chain's game."""


def digest_path(chain: PbemGame) -> Path:
    """Where the digest of the save as this app last wrote or checked it is kept, beside the private copy."""
    return chain.folder / "games" / f"{chain.game}.save.sha256"


def replay_of(ledger: Ledger, clock: Any = None, data_dir: Path | None = None) -> Game:
    """A fresh game of the ledger's settings with every step of its chain played (up to the first open request)."""
    from ..paths import data_dir as bundled
    from ..session import memory_game

    replay = memory_game(data_dir or bundled(), "", ledger.settings["scenario"], seed=0, dice="sealed",
                         **({"clock": clock} if clock is not None else {}))
    advance(replay, ledger, typed_allowed=ledger.accepted and ledger.settings.get("typed_dice") is True)
    return replay


def save_problem(game: Game, chain: PbemGame, data_dir: Path | None = None) -> str:
    """Why the save ``game`` is not the game its chain gives ("" if it is). The save lies in a folder the opponent may
    write (the threat model's shared folder): a save of the same scenario, with the same number of commands but other
    ones, other dice or another starting position, passes the store's own check (it replays to its state). So its
    initial state must be the chain's settings' and its log the chain's replay, each command, side and roll in order
    (the save may be behind its chain: a write cut short). The replay is skipped when the save is the one this app
    last wrote or checked (its digest, kept privately)."""
    path = digest_path(chain)
    known = read_bytes(path, 200, private=True) if os.path.lexists(path) else None
    if known is not None and known.decode("ascii", "replace") == _log_digest(game):
        return ""
    replay = replay_of(chain.ledger, game.clock, data_dir)
    if getattr(game, "_initial_data", None) != getattr(replay, "_initial_data", None):
        return ("the save is not the game its chain gives (changed outside harbormaster pbem): its starting position "
                f"is not the one of the game's settings; {REBUILD}")
    for index, (mine, truth) in enumerate(zip(game.events, replay.events), 1):
        if _logged(mine) != _logged(truth):
            what = "commands" if mine.get("command") != truth.get("command") else \
                "sides" if mine.get("actor") != truth.get("actor") else "dice" if _logged(mine)[4] != _logged(truth)[4] \
                else "entries"
            return (f"the save is not the game its chain gives (changed outside harbormaster pbem): its command {index} "
                    f"({quoted(mine.get('command'), 60)} by {mine.get('actor') or 'no side'}, {_faces(mine) or 'no dice'})"
                    f" is not the chain's ({quoted(truth.get('command'), 60)} by {truth.get('actor') or 'no side'}, "
                    f"{_faces(truth) or 'no dice'}): the {what} differ; {REBUILD}")
    if len(game.events) > len(replay.events):  # commands after all the chain gives: none of them signed
        return (f"the save is not the game its chain gives (changed outside harbormaster pbem): it holds "
                f"{len(game.events)} commands, the chain {len(replay.events)}; {REBUILD}")
    return ""


class SealedGame:
    """A sealed game's save (:class:`~tui.engine.game.Game`, open for writing) and its chain (:class:`PbemGame`)."""

    def __init__(self, game: Game, chain: PbemGame, data_dir: Path | None = None) -> None:
        """Pair an open save with its chain: the save must be the chain's game (:meth:`check_save`), and catches up
        with the chain at once (:meth:`catch_up`)."""
        if game.state.settings.get("dice") != "sealed":
            raise PbemRefused("this save is not a sealed game (played by e-mail): its dice setting is not \"sealed\"")
        self.game, self.chain = game, chain
        self.data_dir = data_dir
        # with a fork pending, the save may already be rebuilt for the branch about to be adopted: nothing is played
        if chain.pending_fork is None:
            self.check_save()
        self.caught_up = [] if chain.pending_fork is not None else self.catch_up()

    def _remember_save(self) -> None:
        """Keep, beside the private copy of the chain, the digest of the save as this app last wrote or checked it:
        the next open that finds the same save need not replay the chain to trust it."""
        write_atomic(digest_path(self.chain), _log_digest(self.game).encode(), mode=0o600)

    def check_save(self) -> None:
        """:class:`PbemRefused` if the save is not the game its chain gives (:func:`save_problem`): nothing is played or
        signed on it."""
        problem = save_problem(self.game, self.chain, self.data_dir)
        if problem:
            raise PbemRefused(problem)
        if len(self.game.events) <= len(steps(self.chain.ledger)):
            self._remember_save()

    @property
    def side(self) -> str:
        """This player's side."""
        return self.chain.ledger.sides[self.chain.me]

    @property
    def typed_allowed(self) -> bool:
        """Whether both players agreed to physical dice typed in (marked unverifiable)."""
        return self.chain.ledger.accepted and self.chain.ledger.settings.get("typed_dice") is True

    def catch_up(self) -> list[Applied]:
        """Apply to the save what the chain holds and it does not: played on a scratch copy, then written in one
        durable commit (a turn file of many entries costs one write, not one per entry: attack 13)."""
        trial = self.game.scratch()
        done = advance(trial, self.chain.ledger, typed_allowed=self.typed_allowed)
        if done:
            try:
                self.game.take(trial)
            except RuleError as exc:  # the store said why; the chain holds the entries, and the next open catches up
                raise PbemRefused(f"the save was not written: {exc}") from None
            self._remember_save()
        return done

    def queued(self) -> list:
        """The commands signed and not yet applied: the first waits for its dice."""
        return queued(self.game, self.chain.ledger)

    def _may_write(self) -> None:
        if (fork := self.chain.pending_fork) is not None:
            raise PbemRefused(f"the chain has a {fork.describe()}; choose a branch before going on")
        if not self.chain.holds_turn:
            raise PbemRefused(f"you sent your turn file; wait for {self.chain.opponent}'s before playing again")

    def exec(self, line: str) -> Done:
        """Run one command line: shown (changes nothing), applied and signed (``command``, or ``typed-roll`` where
        typed dice were agreed), signed and queued (``request``: it rolls, or commands wait before it), or refused
        with nothing changed."""
        problem = typed_problem(line)
        if problem is not None:
            return Done("refused", message=problem)
        try:
            cmd = parse(line, "exec")
        except CommandSyntaxError as exc:
            return Done("refused", message=str(exc))
        verb = self.game.verbs.get(cmd.verb)
        if verb is None or not verb.changes:
            result = self.game.execute(line, "exec")
            return Done("shown" if result.ok else "refused", result, result.message)
        if cmd.verb == "redo":
            return Done("refused", message="a sealed game has no redo: give the command again (its dice are new)")
        if cmd.verb == "undo":
            self._may_write()
            return self._undo()
        if cmd.options.get("dice") and not self.typed_allowed:
            return Done("refused", message="typed physical dice (--dice) are not allowed: both players did not agree to "
                                           "them when the game was made")
        self._may_write()
        if self.queued():
            if cmd.options.get("dice"):
                return Done("refused", message="typed dice cannot wait behind a command waiting for sealed dice; "
                                               "type it after the reveal")
            self.chain.request(cmd.text)
            return Done("queued", message="queued behind the commands waiting for their dice; it is played, in order, "
                                          "when the opponent's reveal comes")
        trial = self.game.scratch()
        result = trial.execute(line, "exec")
        if applied(result) and (problem := not_theirs(self.game, trial, self.side, result)):
            return Done("refused", result, advice(problem))
        if result.ok:
            typed = typed_faces(trial.events[-1])
            if typed and not self.typed_allowed:
                return Done("refused", result, "it types physical dice, which this game's settings do not allow")
            if typed:
                self.chain.typed_roll(result.command, [{"sides": s, "face": f} for s, f in typed])
            else:
                self.chain.command(result.command)
            return Done("applied", result, result.message, tuple(self.catch_up()))
        if result.needs_dice is not None:
            tried, trial_result = whose(self.game, line)  # who decides, with stand-in dice: refused before signing
            if applied(trial_result) and (problem := not_theirs(self.game, tried, self.side, trial_result)):
                return Done("refused", result, advice(problem))
            self.chain.request(cmd.text)
            return Done("queued", result, "its dice are sealed: signed as a request, and played when the opponent's "
                                          "reveal comes (send your turn file)")
        return Done("refused", result, result.message)

    def _undo(self) -> Done:
        """Undo this side's last command of the game after its dice were revealed: a signed ``undo`` entry that both
        sides see, and the save undoes it (the roll stays in the log). Refused for anything else, with what to do."""
        every = steps(self.chain.ledger)
        last = every[-1] if every else None
        if last is None or last.author != self.chain.me:
            return Done("refused", message="nothing of yours to undo: only your own last command of the game can be "
                                           "undone, and only while nothing was played after it")
        if last.kind != "request":
            return Done("refused", message=f"entry {last.n} ({last.command}) rolled no dice: a sealed game undoes only "
                                           "a command whose dice were revealed; give the command that puts it right")
        if last.state == "open":
            return Done("refused", message="its dice are not revealed yet: withdraw it instead, which is free "
                                           "(harbormaster pbem withdraw GAME)")
        if last.state == "undone":
            return Done("refused", message=f"entry {last.n} ({last.command}) is already undone")
        self.chain.undo(last.request)
        return Done("applied", message=f"undone: entry {last.n}, {last.command}", applied=tuple(self.catch_up()))

    def withdraw(self) -> list[str]:
        """Withdraw every queued request of this side (free before the reveal); the hashes withdrawn."""
        self._may_write()
        mine = [s.request for s in self.queued() if s.author == self.chain.me and s.kind == "request"
                and s.state == "open"]
        if not mine:
            raise PbemRefused("no command of yours waits for its dice")
        for request in reversed(mine):
            self.chain.withdraw(request)
        return mine

    def receive(self, data: bytes, *, reveal: bool = True) -> Received:
        """Take in the opponent's turn file: checked entry by entry, then every command it brings replayed on a
        scratch copy of the game; only if all apply are the chain and then the save written. Then (``reveal``) this
        side reveals its commitments the opponent's requests wait for, and the save plays them."""
        receipt = self.chain.receive(data, check=self._replays)
        applied = self.catch_up()
        revealed: list[str] = []
        if reveal:
            more, revealed = self.reveal()
            applied += more
        return Received(receipt, tuple(applied), tuple(revealed))

    def _replays(self, work: Ledger) -> None:
        advance(self.game.scratch(), work, typed_allowed=work.accepted and work.settings.get("typed_dice") is True)

    def reveal(self) -> tuple[list[Applied], list[str]]:
        """Reveal this side's commitments that requests wait for, and play those requests."""
        mine = [o for o in self.chain.open_commitments() if o.author == self.chain.me]
        if not mine:
            return [], []
        self._may_write()
        done = self.chain.reveal()
        return self.catch_up(), done

    def adopt_theirs(self, data_dir: Path) -> tuple[int, str]:
        """Settle the pending fork by adopting the other branch (:meth:`PbemGame.choose_branch`): the save is rebuilt
        from the chain as it will be (a fresh game from the settings, every command of the chain played again) and
        put in place of the save (the old one kept beside it), then the chain is written. Run again after a failure,
        it does the same. The commands the rebuilt save holds, and where the old save was kept."""
        from ..store.recovery import put_back

        fork = self.chain.pending_fork
        if fork is None:
            raise PbemRefused("there is no fork to settle")
        if not fork.branch:
            raise PbemRefused("the other branch is not a valid chain; only the known one can be kept")
        ledger = Ledger.replay([*self.chain.ledger.entries[:fork.n], *fork.branch], self.chain.ledger.players)
        replay = replay_of(ledger, self.game.clock, data_dir)
        where = self.game.store.pinned_file  # type: ignore[attr-defined]
        try:
            kept = put_back(Path(where), replay.store.to_bytes())  # type: ignore[attr-defined]
        except (OSError, ValueError) as exc:
            raise PbemRefused(f"the save could not be rebuilt: {exc}; nothing was changed") from None
        self.chain.choose_branch("other")
        return len(replay.events), str(kept or "")

    def send(self) -> bytes:
        """The turn file for the opponent (the same bytes again if nothing was written since)."""
        return self.chain.send()

    def close(self) -> None:
        """Let go of the save's lock."""
        self.game.close()
