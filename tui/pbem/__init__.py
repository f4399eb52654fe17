"""Play by e-mail with sealed dice (issue 32): two players on two machines, one game, no server.

Each side has an Ed25519 key (:mod:`.keys`); every entry of the game's log is signed and chained to the one before
it (:mod:`.chain`, encoded by :mod:`.encoding`); dice come from a commitment of one side and a signed request of the
other (:mod:`.dice`, checked entry by entry by :mod:`.ledger`); the two sides exchange turn files (:mod:`.turnfile`);
:class:`.game.PbemGame` holds one side's chain and secrets. ``docs/pbem.md`` is the design and threat model.

Pure Python with ``cryptography``: no Textual, no TinyDB (``cryptography`` is imported only in this package).
"""

from __future__ import annotations

from .errors import PbemRefused

__all__ = ["PbemRefused"]
