"""Two simulated players of a game played by turn file, each with a home folder of their own (tests of issue 32)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tui.pbem.game import PbemGame
from tui.pbem.keys import Signer, make_or_load_key


@dataclass
class Player:
    """One side: its home, private pbem folder, key, chain file and (once made or joined) its game."""

    home: Path
    folder: Path
    signer: Signer
    chain: Path
    game: PbemGame | None = None

    @property
    def g(self) -> PbemGame:
        """The player's game (made or joined)."""
        assert self.game is not None
        return self.game

    def reopen(self) -> PbemGame:
        """The game read back from its chain file (every entry checked again)."""
        self.game = PbemGame.open(self.chain, self.signer, folder=self.folder)
        return self.game

    def files(self) -> dict[str, bytes]:
        """Every file this player has (the chain file and all of the private folder), by path: what a refusal must
        leave as it was."""
        found = {str(self.chain): self.chain.read_bytes()} if self.chain.exists() else {}
        for root, _dirs, names in os.walk(self.folder):
            for name in names:
                path = Path(root) / name
                found[str(path)] = path.read_bytes()
        return found


def record(who: Player) -> Path:
    """The player's private copy of their chain (tui/pbem/record.py), beside their seeds."""
    return who.folder / "games" / f"{who.g.game}.chain.json"


def player(base: Path, name: str) -> Player:
    """A player with a new key in ``base/name/.config/harbormaster/pbem`` (as ``XDG_CONFIG_HOME`` would put it)."""
    home = base / name
    folder = home / ".config" / "harbormaster" / "pbem"
    signer, made = make_or_load_key(folder)
    assert made
    (home / "games").mkdir(parents=True)
    return Player(home, folder, signer, home / "games" / "game.pbem.json")


def new_game(base: Path, *, typed_dice: bool = False) -> tuple[Player, Player]:
    """Alice makes a game against Bob (allies against axis) and Bob accepts it from her first turn file; Alice has
    received Bob's first reply (his accept and commitment), so she holds the turn."""
    alice, bob = player(base, "alice"), player(base, "bob")
    alice.game = PbemGame.new(alice.chain, alice.signer, bob.signer.fingerprint, "allies", "axis", "awaw-1939",
                              typed_dice=typed_dice, folder=alice.folder)
    first = alice.g.send()
    bob.game = PbemGame.accept(bob.chain, bob.signer, first, alice.signer.fingerprint, typed_dice=typed_dice,
                               folder=bob.folder)
    reply = bob.g.send()
    assert alice.g.receive(reply).added == 2
    return alice, bob
