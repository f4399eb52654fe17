"""One side of a game played by turn file: its chain (kept in ``GAME.pbem.json`` beside the save) and its secrets.

:class:`PbemGame` makes a game (:meth:`~PbemGame.new`), joins one from the creator's first turn file
(:meth:`~PbemGame.accept`), writes entries (commit, request, reveal, withdraw, undo, typed-roll, command), sends and
receives turn files, and verifies. Every change is checked on a copy of the chain first and written in one atomic
replace: a refused action or turn file changes nothing (a fork found is kept as proof, and nothing goes on until a
branch is chosen). Seeds are kept in the user's private folder (``pbem/games/GAME.json``, mode 0600), written
before the commitment that names them, and never in the chain file or a turn file until revealed.

Turns alternate: a side writes only while it holds the turn (after the other side's file came, until it sends
its own), so the two sides never write the same index. Each turn file carries a fresh commitment of its sender.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import msgspec

from . import dice
from .chain import Fork, check_signature, entry_hash, fork_proof, make_entry, name
from .encoding import b64encode
from .errors import ForkFound, PbemRefused
from .files import read_bytes, write_atomic
from .keys import Signer, parse_fingerprint, pbem_folder
from .ledger import Ledger, OpenCommitment, game_id
from .record import MAX_STATE_BYTES, chain_state, differences, read_record, record_path, state_parts, write_record
from .seeds import load_secrets, mark_revealed, secrets_path, write_secrets
from .turnfile import now_text, read_turnfile, write_turnfile

FORMAT = "harbormaster-pbem-chain"
__all__ = ["MAX_STATE_BYTES", "PbemGame", "Receipt", "chain_path"]


class Receipt(msgspec.Struct, frozen=True):
    """What a received turn file did: ``added`` new entries (0 and ``already`` for a file received before)."""

    added: int
    already: bool
    message: str


def chain_path(save: Path) -> Path:
    """The chain file beside a save: ``GAME.json`` -> ``GAME.pbem.json``."""
    return save.with_name(save.stem + ".pbem.json") if save.suffix == ".json" else save.with_name(save.name + ".pbem.json")


class PbemGame:
    """One player's side of a game: the checked chain, the forks found, what was sent, and the secret seeds."""

    def __init__(self, path: Path, signer: Signer, ledger: Ledger, folder: Path, *, sent: dict[str, Any] | None = None,
                 forks: tuple[Fork, ...] = (), set_aside: frozenset[str] = frozenset(), kept: bytes | None = None,
                 notice: str = "") -> None:
        """Use :meth:`new`, :meth:`accept` or :meth:`open`. ``kept``: the private copy's bytes as last read or written
        (:mod:`.record`); ``notice``: how the chain file differed from it when opened ("" if it did not)."""
        self.path, self.signer, self.ledger, self.folder = Path(path), signer, ledger, Path(folder)
        self.sent, self.forks, self.set_aside = sent, forks, set_aside
        self.kept, self.notice = kept, notice

    # -- making, joining, opening --------------------------------------------------------------------------------

    @classmethod
    def new(cls, path: Path, signer: Signer, opponent: str, side: str, their_side: str, scenario: str, *,
            typed_dice: bool = False, folder: Path | None = None) -> PbemGame:
        """A new game between ``signer`` and ``opponent`` (a fingerprint): its signed settings as entry 0, written to
        ``path`` (which must not exist). The first :meth:`send` carries it to the opponent."""
        opponent = parse_fingerprint(opponent)
        if opponent == signer.fingerprint:
            raise PbemRefused("the opponent's fingerprint is your own")
        players = [signer.fingerprint, opponent]
        sides = {signer.fingerprint: side, opponent: their_side}
        nonce = os.urandom(32).hex()
        body = {"players": players, "sides": sides, "scenario": scenario, "nonce": nonce, "typed_dice": typed_dice,
                "key": b64encode(signer.public_raw)}
        game = game_id(players, sides, scenario, nonce)
        ledger = Ledger(players)
        ledger.apply(make_entry(signer, game, 0, ledger.prev, "settings", body))
        made = cls(path, signer, ledger, folder or pbem_folder())
        made._save(exclusive=True)
        return made

    @classmethod
    def accept(cls, path: Path, signer: Signer, data: bytes, creator: str, *, typed_dice: bool = False,
               folder: Path | None = None) -> PbemGame:
        """Join the game of the creator's first turn file ``data``: its settings must be signed by ``creator`` (the
        fingerprint they told you) and name you; ``typed_dice`` must be what they say. Signs an ``accept`` entry and
        writes ``path`` (which must not exist)."""
        creator = parse_fingerprint(creator)
        file = read_turnfile(data)
        if file.sender != creator:
            raise PbemRefused(f"this turn file is from {file.sender}, not from {creator}, who you say made the game")
        if file.recipient != signer.fingerprint:
            raise PbemRefused(f"this turn file is addressed to {file.recipient}, not to you ({signer.fingerprint})")
        if file.first != 0:
            raise PbemRefused(f"this turn file starts at entry {file.first}: to join a game you need its first file")
        ledger = Ledger([creator, signer.fingerprint])
        for position, entry in enumerate(file.entries, 1):
            ledger.apply(entry, position)
        if ledger.players != (creator, signer.fingerprint):
            raise PbemRefused(f"the game was made by {ledger.players and ledger.players[0]}, not {creator}")
        if ledger.settings["typed_dice"] is not typed_dice:
            allowed = "allow" if ledger.settings["typed_dice"] else "do not allow"
            raise PbemRefused(f"the game's settings {allowed} typed physical dice; you did not agree to that")
        joined = cls(path, signer, ledger, folder or pbem_folder())
        joined._append("accept", {"settings": ledger.hashes[0], "key": b64encode(signer.public_raw)}, exclusive=True)
        return joined

    @classmethod
    def open(cls, path: Path, signer: Signer, *, folder: Path | None = None) -> PbemGame:
        """The game in the chain file ``path``, checked again; this side's private copy (:mod:`.record`) must exist, and
        is used if the chain file differs (:attr:`notice` says how)."""
        folder = Path(folder or pbem_folder())
        data = read_bytes(Path(path), MAX_STATE_BYTES)
        if data is None:
            raise PbemRefused(f"there is no chain file at {path}")
        value = chain_state(data, Path(path), signer.fingerprint)
        notice, kept = "", (record := read_record(folder, value["game"], signer.fingerprint, Path(path))) and record[1]
        if record is not None and record[1] != data:
            notice = (f"{differences(value, record[0], Path(path))}. Your private copy ({record_path(folder, value['game'])}) "
                      "is used; the chain file is written again from it at the next change")
            value = record[0]
        entries = value["entries"]
        settings = entries[0].get("body", {}) if isinstance(entries[0], dict) else {}
        players = settings.get("players") if isinstance(settings, dict) else None
        ledger = Ledger.replay(entries, players if isinstance(players, list) else None)
        assert ledger.players is not None
        if signer.fingerprint not in ledger.players:
            raise PbemRefused(f"{path}: you are not a player of this game")
        if record is None and all(e["author"] != signer.fingerprint for e in ledger.entries):  # not one entry of yours
            raise PbemRefused(f"{path}: you never made or joined this game with this key (no entry of yours, no copy)")
        if ledger.game != value["game"]:  # a changed id would pass the chain file off without its private copy
            raise PbemRefused(f"{path} names a game that is not the one its entries make")
        sent, forks, aside = state_parts(value, ledger, Path(path))
        return cls(path, signer, ledger, folder, sent=sent, forks=forks, set_aside=aside, kept=kept, notice=notice)

    # -- who, where -----------------------------------------------------------------------------------------------

    @property
    def me(self) -> str:
        """This side's fingerprint."""
        return self.signer.fingerprint

    @property
    def opponent(self) -> str:
        """The other side's fingerprint."""
        return self.ledger.opponent_of(self.me)

    @property
    def game(self) -> str:
        """The game's id."""
        assert self.ledger.game is not None
        return self.ledger.game

    @property
    def holds_turn(self) -> bool:
        """Whether this side may write: the other side's entries came last, or this side has not sent its own yet."""
        last = self.ledger.entries[-1]
        return last["author"] != self.me or self.sent is None or self.sent["last"] < last["n"]

    @property
    def pending_fork(self) -> Fork | None:
        """The first fork no branch was chosen for, if any."""
        return next((fork for fork in self.forks if fork.kept is None), None)

    def _refuse_if_forked(self) -> None:
        if (fork := self.pending_fork) is not None:
            raise PbemRefused(f"the chain has a {fork.describe()}; choose a branch before going on")

    # -- writing ----------------------------------------------------------------------------------------------------

    def _can_write(self) -> None:
        self._refuse_if_forked()
        if not self.holds_turn:
            raise PbemRefused(f"you sent your turn file; wait for {self.opponent}'s before writing again")

    def _append(self, kind: str, body: dict[str, Any], *, exclusive: bool = False) -> str:
        self._can_write()
        work = self.ledger.copy()
        digest = work.apply(make_entry(self.signer, self.game, len(work.entries), work.prev, kind, body))
        self._change(exclusive=exclusive, ledger=work)
        return digest

    def commit(self) -> str:
        """Commit to a new secret seed (kept first in the private folder); the commit entry's hash."""
        self._can_write()
        seed = dice.new_seed()
        c = dice.commitment(seed)
        secrets = self._secrets()
        secrets["seeds"][c] = seed.hex()
        self._write_secrets(secrets)
        return self._append("commit", {"c": c})

    def request(self, command: str, dice_wanted: Any = dice.STREAM, commit: str | None = None) -> str:
        """Ask for the dice of ``command`` (``"stream"``, or ``[{"sides": 6, "count": 2}, ...]``) on the opponent's
        newest unrevealed commitment (or ``commit``); the request entry's hash."""
        if commit is None:
            mine = [c for c in self.ledger.commits.values() if c.author == self.opponent and c.revealed is None]
            if not mine:
                raise PbemRefused(f"{self.opponent} has no unrevealed commitment to roll on; wait for their next turn file")
            commit = mine[-1].hash
        return self._append("request", {"commit": commit, "command": command, "dice": dice_wanted})

    def reveal(self, commit: str | None = None) -> list[str]:
        """Reveal ``commit`` (or every commitment of this side with open requests on it); the reveal entries' hashes."""
        self._refuse_if_forked()
        secrets = self._secrets()
        if commit is None:
            targets = [o.commit for o in self.ledger.open_commitments() if o.author == self.me]
        else:
            targets = [commit]
        done = []
        for target in targets:
            known = self.ledger.commits.get(target)
            if known is None or known.author != self.me:
                raise PbemRefused(f"{target[:16]}… is not a commitment of yours")
            if known.c in secrets["burned"]:
                raise PbemRefused(f"the seed of entry {known.n} was revealed on a branch set aside; it is never "
                                  "revealed again (its requests must be withdrawn)")
            seed = secrets["seeds"].get(known.c)
            if seed is None:
                raise PbemRefused(f"the seed of entry {known.n} is not in {self._secrets_path()}")
            mark_revealed(secrets, known.c, known.n, known.requests)  # one set of requests, ever (attack 6)
            self._write_secrets(secrets)
            done.append(self._append("reveal", {"commit": target, "seed": seed}))
        return done

    def withdraw(self, request: str) -> str:
        """Withdraw an own request before its dice are revealed (free)."""
        return self._append("withdraw", {"request": request})

    def undo(self, request: str) -> str:
        """Undo an own request after its dice were revealed (both sides see it)."""
        return self._append("undo", {"request": request})

    def typed_roll(self, command: str, rolls: list[dict[str, int]]) -> str:
        """Record physical dice typed by this player (only if both agreed in the settings): marked unverifiable."""
        return self._append("typed-roll", {"command": command, "rolls": rolls})

    def command(self, text: str) -> str:
        """Record a command that needs no dice."""
        return self._append("command", {"command": text})

    # -- exchanging ---------------------------------------------------------------------------------------------------

    def send(self) -> bytes:
        """The turn file for the opponent: every entry they have not acknowledged (none of theirs came after it),
        with a fresh commitment of this side if it holds the turn and has not committed since. Sending again
        without writing gives the same bytes."""
        self._refuse_if_forked()
        acked = self.ledger.last_of(self.opponent)
        if self.holds_turn and not any(e["kind"] == "commit" for e in self.ledger.entries[acked + 1:]):
            self.commit()
        unacked = self.ledger.entries[acked + 1:]
        first, last = unacked[0]["n"], unacked[-1]["n"]
        sent = self.sent if self.sent and (self.sent["first"], self.sent["last"]) == (first, last) else \
            {"first": first, "last": last, "at": now_text()}
        if sent is not self.sent:
            self._change(sent=sent)
        return write_turnfile(self.game, self.me, self.opponent, unacked, sent["at"])

    def receive(self, data: bytes, check: Callable[[Ledger], None] | None = None) -> Receipt:
        """Take in the opponent's turn file: every entry checked (known ones equal, new ones by the sender's rules,
        then the new chain by ``check``: the game's replay) before anything is written. :class:`PbemRefused` (one
        line, nothing changed) or :class:`ForkFound` (the proof is kept)."""
        self._refuse_if_forked()
        file = read_turnfile(data)
        if file.game != self.game:
            raise PbemRefused(f"this turn file belongs to another game ({file.game[:16]}…), not this one ({self.game[:16]}…)")
        if file.sender == self.me:
            raise PbemRefused("this is your own turn file")
        if file.sender != self.opponent:
            raise PbemRefused(f"this turn file is from {file.sender}, who is not your opponent ({self.opponent})")
        if file.recipient != self.me:
            raise PbemRefused(f"this turn file is addressed to {file.recipient}, not to you")
        known = len(self.ledger.entries)
        if file.first > known:
            raise PbemRefused(f"entries {known} to {file.first - 1} are missing: a turn file was lost; ask "
                              f"{self.opponent} to send again (it repeats all you have not acknowledged)")
        for entry in file.entries:
            if entry_hash(entry) in self.set_aside:
                raise PbemRefused(f"{name(entry)} is on a branch set aside at a fork; it is not taken")
        for entry in file.entries[:max(0, known - file.first)]:
            if entry_hash(entry) != self.ledger.hashes[entry["n"]]:
                self._conflict(entry, file)
        new = file.entries[max(0, known - file.first):]
        if not new:
            return Receipt(0, True, "already received: every entry of this turn file is known; nothing changed")
        work = self.ledger.copy()
        for entry in new:
            work.apply(entry)
            if entry["author"] != file.sender:
                raise PbemRefused(f"{name(entry)} is not by the sender {file.sender}: it is not taken")
        if check is not None:
            check(work)
        self._change(ledger=work)
        return Receipt(len(new), False, f"received entries {new[0]['n']} to {new[-1]['n']} from {file.sender}")

    def _conflict(self, other: dict[str, Any], file: Any) -> None:
        """An entry of the file differs from the known entry of the same index: a fork (kept, then raised) if the same
        key signed both, else a refusal naming the entry."""
        n = other["n"]
        known = self.ledger.entries[n]
        if other["author"] != known["author"]:
            raise PbemRefused(f"{name(other)} conflicts with your {name(known)}: both sides wrote entry {n}")
        key = self.ledger.keys[known["author"]]
        if not fork_proof(known, other, key):
            check_signature(other, key)  # the refusal says why: a changed entry, or a changed history
            raise PbemRefused(f"{name(other)} differs from the entry {n} you have and does not follow the same entry")
        try:
            branch = tuple(file.entries[n - file.first:])
            Ledger.replay([*self.ledger.entries[:n], *branch], self.ledger.players)
        except PbemRefused:
            branch = ()
        fork = Fork(known, other, branch)
        self._change(forks=(*self.forks, fork))
        raise ForkFound(f"{fork.describe()}: both entries are kept as proof; choose a branch before going on", fork)

    def choose_branch(self, keep: str) -> None:
        """Settle the pending fork: keep the ``"known"`` chain (the other branch is set aside for good) or adopt the
        ``"other"`` branch (this side's entries from the fork on are set aside, and any seed of this side they
        revealed is never revealed again)."""
        fork = self.pending_fork
        if fork is None:
            raise PbemRefused("there is no fork to settle")
        if keep == "known":
            aside = {entry_hash(e) for e in fork.branch} | {entry_hash(fork.other)}
            ledger, sent = self.ledger, self.sent
        elif keep == "other" and fork.branch:
            dropped = self.ledger.entries[fork.n:]
            aside = {entry_hash(e) for e in dropped}
            ledger, sent = Ledger.replay([*self.ledger.entries[:fork.n], *fork.branch], self.ledger.players), None
            secrets = self._secrets()
            for entry in dropped:
                if entry["kind"] == "reveal" and entry["author"] == self.me:
                    secrets["burned"].append(dice.commitment(bytes.fromhex(entry["body"]["seed"])))
            self._write_secrets(secrets)
        else:
            raise PbemRefused("the other branch is not a valid chain; only the known one can be kept")
        forks = tuple(msgspec.structs.replace(f, kept=keep) if f is fork else f for f in self.forks)
        self._change(forks=forks, ledger=ledger, set_aside=self.set_aside | aside, sent=sent)

    def verify(self) -> Ledger:
        """The whole chain checked again from entry 0 (signatures, links, rules); :class:`PbemRefused` naming the
        first entry that fails."""
        return Ledger.replay(self.ledger.entries, self.ledger.players)

    def open_commitments(self) -> list[OpenCommitment]:
        """Commitments with requests and no reveal, with the turn files their author sent since."""
        return self.ledger.open_commitments()

    def stream(self, request: str) -> dice.DiceStream | None:
        """The dice of a request once revealed (None before)."""
        return self.ledger.stream(request)

    def _change(self, *, exclusive: bool = False, **changes: Any) -> None:
        """Take ``changes`` (attributes) and write the chain file; on a refusal, nothing changed."""
        previous = {key: getattr(self, key) for key in changes}
        self.__dict__.update(changes)
        try:
            self._save(exclusive=exclusive)
        except PbemRefused:
            self.__dict__.update(previous)
            raise

    def _save(self, *, exclusive: bool = False) -> None:
        state = {"format": FORMAT, "v": 1, "me": self.me, "game": self.game, "entries": self.ledger.entries,
                 "sent": self.sent, "forks": [f.to_json() for f in self.forks], "set_aside": sorted(self.set_aside)}
        data = json.dumps(state, ensure_ascii=False, sort_keys=True).encode("utf-8")
        # 0600 whatever the umask: the chain holds this side's orders and dice requests before they are sent, and the
        # opponent, who holds the seed, could read their dice from it (issue 32, second-account attack 2).
        if exclusive:  # a new game: its chain file (refused if one is there), then its first private copy
            write_atomic(self.path, data, mode=0o600, exclusive=True)
            try:
                write_record(self.folder, self.game, data, self.path)
            except PbemRefused:
                self.path.unlink(missing_ok=True)
                raise
        else:  # the private copy first: it is what the chain file is checked against (attacks 5 to 7)
            write_record(self.folder, self.game, data, self.path)
            try:
                write_atomic(self.path, data, mode=0o600)
            except PbemRefused:
                if self.kept is None:
                    record_path(self.folder, self.game).unlink(missing_ok=True)
                else:
                    write_record(self.folder, self.game, self.kept)
                raise
        self.kept, self.notice = data, ""

    def _secrets_path(self) -> Path:
        return secrets_path(self.folder, self.game)

    def _secrets(self) -> dict[str, Any]:
        return load_secrets(self.folder, self.game)

    def _write_secrets(self, secrets: dict[str, Any]) -> None:
        write_secrets(self.folder, self.game, secrets)
