"""The rules of a chain, entry by entry: who may write what, when, and what the dice are.

:class:`Ledger` takes entries in order (:meth:`Ledger.apply`); each is checked for its shape, its place (index,
predecessor, game), its author's signature and its kind's rules, and refused with a one-line
:class:`PbemRefused` naming it. Keys come from the chain itself: entry 0 (``settings``) carries the creator's public
key, the opponent's ``accept`` carries theirs, and each must hash to the fingerprint the settings name.
"""

from __future__ import annotations

import copy
from typing import Any, Iterable

import msgspec

from . import dice
from .chain import ZERO, check_link, check_shape, check_signature, entry_hash, name
from .encoding import b64decode, canonical, fields, hex32, sha256_hex, text
from .errors import PbemRefused
from .keys import fingerprint, is_fingerprint

#: Longest command text, side name and scenario name an entry may carry.
MAX_COMMAND = 2000
MAX_NAME = 100
BODIES = {
    "settings": frozenset({"players", "sides", "scenario", "nonce", "typed_dice", "key"}),
    "accept": frozenset({"settings", "key"}),
    "commit": frozenset({"c"}),
    "request": frozenset({"commit", "command", "dice"}),
    "reveal": frozenset({"commit", "seed"}),
    "withdraw": frozenset({"request"}),
    "undo": frozenset({"request"}),
    "typed-roll": frozenset({"command", "rolls"}),
    "command": frozenset({"command"}),
}


GAME_STEPS = ("command", "typed-roll", "request")
"""The kinds of entries that are commands of the game (a withdrawn request is none)."""


def game_id(players: list[str], sides: dict[str, str], scenario: str, nonce: str) -> str:
    """The game's id: SHA-256 (hex) of the canonical bytes of ``{"nonce", "players", "scenario", "sides"}``."""
    return sha256_hex(canonical({"nonce": nonce, "players": players, "scenario": scenario, "sides": sides}))


class Commitment(msgspec.Struct):
    """A ``commit`` entry and what became of it."""

    hash: str
    n: int
    author: str
    c: str
    requests: list[str] = msgspec.field(default_factory=list)
    revealed: int | None = None  # the index of its reveal
    seed: str | None = None


class Request(msgspec.Struct):
    """A ``request`` entry and what became of it: ``open``, ``revealed``, ``withdrawn`` or ``undone``."""

    hash: str
    n: int
    author: str
    commit: str
    command: str
    dice: Any
    state: str = "open"


class OpenCommitment(msgspec.Struct, frozen=True):
    """A commitment with requests on it and no reveal: ``exchanges`` is how many turn files its author has sent
    since the first of those requests without revealing it (0: not answered yet)."""

    commit: str
    author: str
    requests: tuple[str, ...]
    exchanges: int


class Ledger:
    """The checked state of a chain: its entries and hashes, the players' keys, commitments, requests, rolls."""

    def __init__(self, players: Iterable[str] | None = None) -> None:
        """An empty chain; ``players`` (two fingerprints), if given, are the only ones its settings may name."""
        self.pinned = frozenset(players) if players is not None else None
        self.entries: list[dict[str, Any]] = []
        self.hashes: list[str] = []
        self.game: str | None = None
        self.players: tuple[str, str] | None = None
        self.sides: dict[str, str] = {}
        self.settings: dict[str, Any] = {}
        self.keys: dict[str, bytes] = {}
        self.accepted = False
        self.commits: dict[str, Commitment] = {}
        self.requests: dict[str, Request] = {}
        self.runs: list[tuple[str, int]] = []  # (author, first index) of each turn: a run of one author's entries

    @classmethod
    def replay(cls, entries: Iterable[Any], players: Iterable[str] | None = None) -> Ledger:
        """A ledger of ``entries``, each checked in order."""
        ledger = cls(players)
        for entry in entries:
            ledger.apply(entry)
        return ledger

    def copy(self) -> Ledger:
        """An independent copy (a receive works on one, so a refusal changes nothing)."""
        twin = copy.copy(self)
        twin.entries, twin.hashes, twin.runs = list(self.entries), list(self.hashes), list(self.runs)
        twin.sides, twin.keys = dict(self.sides), dict(self.keys)
        twin.commits = {h: msgspec.structs.replace(c, requests=list(c.requests)) for h, c in self.commits.items()}
        twin.requests = {h: msgspec.structs.replace(r) for h, r in self.requests.items()}
        return twin

    @property
    def prev(self) -> str:
        """The hash the next entry must name as its predecessor."""
        return self.hashes[-1] if self.hashes else ZERO

    def opponent_of(self, who: str) -> str:
        """The other player."""
        assert self.players is not None
        return self.players[1] if who == self.players[0] else self.players[0]

    def apply(self, entry: Any, position: int | None = None) -> str:
        """Check ``entry`` as the next one and take it in; its hash. :class:`PbemRefused` (naming it) if it is
        refused; then the ledger may be half-changed, so callers work on a :meth:`copy`."""
        entry = check_shape(entry, position)
        n = len(self.entries)
        check_link(entry, self.game, n, self.prev)
        author = entry["author"]
        where = name(entry)
        if n == 0:
            self._settings(entry, where)
        elif entry["kind"] == "settings":
            raise PbemRefused(f"{where}: a game has one settings entry, entry 0")
        elif author not in self.keys and not (entry["kind"] == "accept" and self.players and author == self.players[1]):
            if self.players and author == self.players[1]:
                raise PbemRefused(f"{where}: the opponent's first entry must be their accept")
            raise PbemRefused(f"{where} is signed by {author}, who is not a player of this game")
        body = fields(entry["body"], BODIES[entry["kind"]], f"{where}: the body")
        if entry["kind"] == "accept":
            self._accept(entry, body, where)
        check_signature(entry, self.keys[author])
        digest = entry_hash(entry)
        if entry["kind"] == "accept":
            self.accepted = True
        elif entry["kind"] != "settings":
            getattr(self, "_" + entry["kind"].replace("-", "_"))(entry, body, where, digest)
        if not self.runs or self.runs[-1][0] != author:
            self.runs.append((author, n))
        self.entries.append(entry)
        self.hashes.append(digest)
        return digest

    # -- the kinds ---------------------------------------------------------------------------------------------

    def _settings(self, entry: dict[str, Any], where: str) -> None:
        if entry["kind"] != "settings":
            raise PbemRefused(f"{where}: the first entry of a game must be its settings")
        body = fields(entry["body"], BODIES["settings"], f"{where}: the body")
        players = body["players"]
        if not isinstance(players, list) or len(players) != 2 or not all(is_fingerprint(p) for p in players) \
                or players[0] == players[1]:
            raise PbemRefused(f"{where}: the players are not two different fingerprints")
        if players[0] != entry["author"]:
            raise PbemRefused(f"{where}: the settings are not signed by the game's creator {players[0]}")
        if self.pinned is not None and frozenset(players) != self.pinned:
            raise PbemRefused(f"{where}: the game is between {players[0]} and {players[1]}, not the players expected")
        sides = fields(body["sides"], frozenset(players), f"{where}: the sides")
        for player in players:
            text(sides[player], f"{where}: a side", MAX_NAME)
        if sides[players[0]] == sides[players[1]]:
            raise PbemRefused(f"{where}: both players have the side {sides[players[0]]!r}")
        text(body["scenario"], f"{where}: the scenario", MAX_NAME)
        hex32(body["nonce"], f"{where}: the nonce")
        if not isinstance(body["typed_dice"], bool):
            raise PbemRefused(f"{where}: typed_dice is not true or false")
        key = b64decode(body["key"], 32, f"{where}: the creator's key")
        if fingerprint(key) != players[0]:
            raise PbemRefused(f"{where}: the creator's key does not have the fingerprint {players[0]}")
        if entry["game"] != game_id(players, sides, body["scenario"], body["nonce"]):
            raise PbemRefused(f"{where}: the game id is not the hash of the settings")
        self.game, self.players, self.sides, self.settings = entry["game"], (players[0], players[1]), dict(sides), body
        self.keys[players[0]] = key

    def _accept(self, entry: dict[str, Any], body: dict[str, Any], where: str) -> None:
        assert self.players is not None
        if self.accepted or entry["author"] != self.players[1]:
            raise PbemRefused(f"{where}: only the opponent accepts, once, as their first entry")
        if body["settings"] != self.hashes[0]:
            raise PbemRefused(f"{where}: it accepts other settings than entry 0")
        key = b64decode(body["key"], 32, f"{where}: the opponent's key")
        if fingerprint(key) != self.players[1]:
            raise PbemRefused(f"{where}: the key does not have the fingerprint {self.players[1]}")
        self.keys[self.players[1]] = key

    # Each handler below checks a kind's rules and records its effect; ``digest`` is the entry's own hash.

    def _commit(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        c = hex32(body["c"], f"{where}: the commitment")
        if any(known.c == c for known in self.commits.values()):
            raise PbemRefused(f"{where}: the commitment repeats an earlier one (a seed is used once)")
        self.commits[digest] = Commitment(digest, entry["n"], entry["author"], c)

    def _request(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        commit = self.commits.get(hex32(body["commit"], f"{where}: the commitment named"))
        if commit is None:
            raise PbemRefused(f"{where}: it names no commitment of this chain")
        if commit.author == entry["author"]:
            raise PbemRefused(f"{where}: it uses its own author's commitment (entry {commit.n}); dice need the opponent's")
        if commit.revealed is not None:
            raise PbemRefused(f"{where}: it uses the commitment of entry {commit.n}, already revealed in entry "
                              f"{commit.revealed}: its dice would be known in advance")
        text(body["command"], f"{where}: the command", MAX_COMMAND)
        dice.check_dice(body["dice"], f"{where}: the dice")
        commit.requests.append(digest)
        self.requests[digest] = Request(digest, entry["n"], entry["author"], commit.hash, body["command"], body["dice"])

    def _reveal(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        commit = self.commits.get(hex32(body["commit"], f"{where}: the commitment named"))
        if commit is None or commit.author != entry["author"]:
            raise PbemRefused(f"{where}: it reveals no commitment of its author")
        if commit.revealed is not None:
            raise PbemRefused(f"{where}: the commitment of entry {commit.n} was already revealed in entry {commit.revealed}")
        seed = hex32(body["seed"], f"{where}: the seed")
        if not dice.seed_matches(seed, commit.c):
            raise PbemRefused(f"{where}: the seed is not the one committed to in entry {commit.n}")
        commit.revealed, commit.seed = entry["n"], seed
        for request in commit.requests:
            if self.requests[request].state == "open":
                self.requests[request].state = "revealed"

    def _own_request(self, entry: dict[str, Any], body: dict[str, Any], where: str) -> Request:
        request = self.requests.get(hex32(body["request"], f"{where}: the request named"))
        if request is None or request.author != entry["author"]:
            raise PbemRefused(f"{where}: it names no request of its author")
        return request

    def _withdraw(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        request = self._own_request(entry, body, where)
        if request.state == "revealed":
            raise PbemRefused(f"{where}: the dice of request entry {request.n} were already revealed (entry "
                              f"{self.commits[request.commit].revealed}); only an undo, which both sides see, is left")
        if request.state != "open":
            raise PbemRefused(f"{where}: request entry {request.n} is already {request.state}")
        request.state = "withdrawn"

    def _undo(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        request = self._own_request(entry, body, where)
        if request.state == "open":
            raise PbemRefused(f"{where}: request entry {request.n} is not revealed yet; withdraw it instead (free)")
        if request.state != "revealed":
            raise PbemRefused(f"{where}: request entry {request.n} is already {request.state}")
        later = [e["n"] for e, h in zip(self.entries, self.hashes) if e["n"] > request.n and e["kind"] in GAME_STEPS
                 and not (e["kind"] == "request" and self.requests[h].state == "withdrawn")]
        if later:
            raise PbemRefused(f"{where}: entry {later[0]} was played after request entry {request.n}; only the game's "
                              "last command can be undone")
        request.state = "undone"

    def _typed_roll(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        if not (self.accepted and self.settings.get("typed_dice") is True):
            raise PbemRefused(f"{where}: typed dice are not allowed: both players did not agree to them in the settings")
        text(body["command"], f"{where}: the command", MAX_COMMAND)
        rolls = body["rolls"]
        if not isinstance(rolls, list) or not 1 <= len(rolls) <= dice.MAX_COUNT:
            raise PbemRefused(f"{where}: the rolls are not a list of 1 to {dice.MAX_COUNT} dice")
        for i, roll in enumerate(rolls):
            fields(roll, frozenset({"sides", "face"}), f"{where}: roll {i + 1}")
            sides = dice.whole(roll["sides"], f"{where}: roll {i + 1} sides", 2, dice.MAX_SIDES)
            dice.whole(roll["face"], f"{where}: roll {i + 1} face", 1, sides)

    def _command(self, entry: dict[str, Any], body: dict[str, Any], where: str, digest: str) -> None:
        text(body["command"], f"{where}: the command", MAX_COMMAND)

    # -- what the chain says ------------------------------------------------------------------------------------

    def stream(self, request_hash: str) -> dice.DiceStream | None:
        """The dice stream of a revealed request (None while its commitment is not revealed)."""
        request = self.requests[request_hash]
        seed = self.commits[request.commit].seed
        if seed is None:
            return None
        return dice.DiceStream(bytes.fromhex(seed), bytes.fromhex(request_hash))

    def open_commitments(self) -> list[OpenCommitment]:
        """Commitments with requests still open on them, oldest first, with the turn files their author has sent
        since the first of those requests."""
        found = []
        for commit in self.commits.values():
            live = [h for h in commit.requests if self.requests[h].state == "open"]
            if commit.revealed is None and live:
                first = min(self.requests[h].n for h in live)
                turns = sum(1 for author, start in self.runs if author == commit.author and start > first)
                found.append(OpenCommitment(commit.hash, commit.author, tuple(live), turns))
        return found

    def last_of(self, who: str) -> int:
        """The index of the last entry by ``who`` (-1 if none)."""
        for entry in reversed(self.entries):
            if entry["author"] == who:
                return int(entry["n"])
        return -1
