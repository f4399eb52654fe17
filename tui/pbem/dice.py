"""Sealed dice: a commitment of one side, a signed request of the other, and the roll function both can run.

- A side commits to a secret 32-byte ``seed`` with ``c = SHA-256(b"harbormaster-pbem-commit-v1\\0" + seed)``.
- The roller's signed ``request`` entry names one open commitment of the opponent (by its entry's hash).
- The opponent's ``reveal`` entry gives the seed; then anyone derives the request's stream of faces:
  ``block_j = HMAC-SHA256(key=seed, msg=b"harbormaster-pbem-roll-v1\\0" + request_hash + j.to_bytes(8, "big"))``
  for j = 0, 1, 2, ...; each block is four big-endian unsigned 64-bit numbers ``u`` taken in order; a die of
  ``n`` sides takes the next ``u`` with ``u < (2**64 // n) * n`` and shows ``1 + u % n`` (a larger ``u`` is
  skipped, so no face is favoured). One request's dice, of any sizes, come from its one stream in order.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Iterator

from .encoding import fields, whole
from .errors import PbemRefused

COMMIT_PREFIX = b"harbormaster-pbem-commit-v1\0"
ROLL_PREFIX = b"harbormaster-pbem-roll-v1\0"
SEED_BYTES = 32
#: Most sides of a die a request may name, and most dice of one size.
MAX_SIDES = 1_000_000
MAX_COUNT = 1000
#: Most sizes of dice one request may list.
MAX_GROUPS = 32
STREAM = "stream"
_WORDS = 4
_SPAN = 2**64


def new_seed() -> bytes:
    """A fresh secret seed: 32 bytes from the operating system's generator."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The commitment to ``seed`` (64 hex digits): ``SHA-256(b"harbormaster-pbem-commit-v1\\0" + seed)``."""
    return hashlib.sha256(COMMIT_PREFIX + seed).hexdigest()


def _numbers(seed: bytes, request_hash: bytes) -> Iterator[int]:
    """The stream's unsigned 64-bit numbers, in order (four per HMAC block)."""
    j = 0
    while True:
        block = hmac.new(seed, ROLL_PREFIX + request_hash + j.to_bytes(8, "big"), hashlib.sha256).digest()
        for k in range(_WORDS):
            yield int.from_bytes(block[8 * k:8 * k + 8], "big")
        j += 1


class DiceStream:
    """The faces of one revealed request, drawn in order: ``roll(6)``, then ``roll(10)``, ... (the engine takes as
    many as its command needs)."""

    def __init__(self, seed: bytes, request_hash: bytes) -> None:
        """The stream of the request whose entry hash is ``request_hash`` (32 bytes) under ``seed`` (32 bytes)."""
        if len(seed) != SEED_BYTES or len(request_hash) != 32:
            raise PbemRefused("a dice stream needs a 32-byte seed and a 32-byte request hash")
        self._numbers = _numbers(seed, request_hash)
        #: How many faces were drawn so far.
        self.drawn = 0

    def roll(self, sides: int) -> int:
        """The next face of a die of ``sides`` sides (2 to :data:`MAX_SIDES`)."""
        whole(sides, "the number of sides", 2, MAX_SIDES)
        limit = (_SPAN // sides) * sides
        for u in self._numbers:
            if u < limit:
                self.drawn += 1
                return 1 + u % sides
        raise AssertionError("unreachable: the stream has no end")  # pragma: no cover

    def rolls(self, sides: int, count: int) -> list[int]:
        """The next ``count`` faces of dice of ``sides`` sides."""
        return [self.roll(sides) for _ in range(count)]


def faces(seed: bytes, request_hash: bytes, dice: Any) -> list[int]:
    """The faces a request's listed dice show, in order (``[]`` for a request of a whole stream)."""
    if dice == STREAM:
        return []
    stream = DiceStream(seed, request_hash)
    return [face for group in dice for face in stream.rolls(group["sides"], group["count"])]


def check_dice(value: Any, what: str) -> Any:
    """A request's ``dice``: ``"stream"`` or a list of ``{"sides": n, "count": k}``; else :class:`PbemRefused`."""
    if value == STREAM:
        return value
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_GROUPS:
        raise PbemRefused(f"{what} is neither \"stream\" nor a list of 1 to {MAX_GROUPS} groups of dice")
    for i, group in enumerate(value):
        fields(group, frozenset({"sides", "count"}), f"{what} group {i + 1}")
        whole(group["sides"], f"{what} group {i + 1} sides", 2, MAX_SIDES)
        whole(group["count"], f"{what} group {i + 1} count", 1, MAX_COUNT)
    return value


def seed_matches(seed_hex: str, c: str) -> bool:
    """Whether the revealed seed (hex) is the one committed to by ``c``."""
    return hmac.compare_digest(commitment(bytes.fromhex(seed_hex)), c)
