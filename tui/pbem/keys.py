"""A player's identity: an Ed25519 key in the user's config folder, and its short fingerprint read aloud.

The private key is ``<user config>/harbormaster/pbem/key.pem`` (PKCS#8 PEM, unencrypted), mode 0600 in a folder
of mode 0700; a key file that is a link, not a regular file, another user's, or readable by group or others is
refused. The fingerprint is SHA-256 of the raw 32-byte public key, its first 100 bits in base32 (RFC 4648 alphabet,
no padding) as 5 groups of 4 characters: ``ABCD-EFGH-IJKL-MNOP-QRST``. The private key never leaves
:class:`Signer`: it is not in its ``repr``, a turn file, a log or a screen.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .errors import PbemRefused
from .files import private_folder, read_bytes, write_atomic

APP = "harbormaster"
KEY_NAME = "key.pem"
#: Largest key file read (a PKCS#8 PEM Ed25519 key is 119 bytes).
MAX_KEY_BYTES = 4096
#: Characters of a fingerprint (100 bits of base32), and the size of its groups.
FINGERPRINT_CHARS = 20
GROUP = 4
_BASE32 = re.compile(r"[A-Z2-7]{20}")


def pbem_folder() -> Path:
    """The private folder of the user's pbem key and game seeds: ``user_config_dir("harbormaster")/pbem``
    (``$XDG_CONFIG_HOME/harbormaster/pbem`` on Linux)."""
    import platformdirs  # only here: the rest of the core never needs it

    return Path(platformdirs.user_config_dir(APP)) / "pbem"


def fingerprint(public_raw: bytes) -> str:
    """The fingerprint of a raw 32-byte Ed25519 public key: ``ABCD-EFGH-IJKL-MNOP-QRST``."""
    letters = base64.b32encode(hashlib.sha256(public_raw).digest()).decode("ascii")[:FINGERPRINT_CHARS]
    return "-".join(letters[i:i + GROUP] for i in range(0, FINGERPRINT_CHARS, GROUP))


def parse_fingerprint(text: object) -> str:
    """A fingerprint as typed (lower case, spaces or no dashes accepted) in its one written form; else
    :class:`PbemRefused`."""
    if not isinstance(text, str) or len(text) > 64:
        raise PbemRefused("a fingerprint is 20 letters and digits (ABCD-EFGH-IJKL-MNOP-QRST)")
    letters = re.sub(r"[\s-]", "", text).upper()
    if not _BASE32.fullmatch(letters):
        raise PbemRefused(f"{text!r} is not a fingerprint: 20 of the letters A-Z and digits 2-7, like ABCD-EFGH-IJKL-MNOP-QRST")
    return "-".join(letters[i:i + GROUP] for i in range(0, FINGERPRINT_CHARS, GROUP))


def is_fingerprint(text: object) -> bool:
    """Whether ``text`` is a fingerprint in its written form (upper case, dashes), as entries carry it."""
    return isinstance(text, str) and len(text) == 24 and text.count("-") == 4 and \
        _BASE32.fullmatch(text.replace("-", "")) is not None and parse_fingerprint(text) == text


def public_key_raw(key: Ed25519PublicKey) -> bytes:
    """The raw 32 bytes of a public key."""
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def signature_ok(public_raw: bytes, signature: bytes, data: bytes) -> bool:
    """Whether ``signature`` is the Ed25519 signature of ``data`` by the raw public key ``public_raw``."""
    try:
        Ed25519PublicKey.from_public_bytes(public_raw).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


class Signer:
    """One player's private key in memory: signs, and tells its public key and fingerprint. Nothing else of it is
    ever shown (its ``repr`` names only the fingerprint)."""

    __slots__ = ("_key", "public_raw", "fingerprint")

    def __init__(self, key: Ed25519PrivateKey) -> None:
        """Wrap ``key``."""
        self._key = key
        #: The raw 32-byte public key.
        self.public_raw = public_key_raw(key.public_key())
        #: Its fingerprint (:func:`fingerprint`).
        self.fingerprint = fingerprint(self.public_raw)

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``data`` (deterministic: the same bytes always give the same one)."""
        return self._key.sign(data)

    def __repr__(self) -> str:
        return f"Signer({self.fingerprint})"

    def __reduce__(self) -> object:
        raise TypeError("a private key is never pickled")

    @classmethod
    def generate(cls) -> Signer:
        """A new random key (not saved)."""
        return cls(Ed25519PrivateKey.generate())


def load_key(path: Path) -> Signer:
    """The key in the file ``path``; :class:`PbemRefused` (one line) if there is none, or it is a link, not a
    regular file, another user's, readable by group or others, or not an Ed25519 key."""
    data = read_bytes(path, MAX_KEY_BYTES, private=True)
    if data is None:
        raise PbemRefused(f"there is no key at {path}; make one with: harbormaster pbem key")
    try:
        if data.startswith(b"-----BEGIN"):
            key = serialization.load_pem_private_key(data, password=None)
        elif len(data) == 32:
            key = Ed25519PrivateKey.from_private_bytes(data)
        else:
            raise ValueError
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise PbemRefused(f"{path} is not an Ed25519 private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise PbemRefused(f"{path} is not an Ed25519 private key")
    return Signer(key)


def key_path(folder: Path | None = None) -> Path:
    """Where the key is: ``folder/key.pem`` (default :func:`pbem_folder`)."""
    return (folder or pbem_folder()) / KEY_NAME


def make_or_load_key(folder: Path | None = None) -> tuple[Signer, bool]:
    """The user's key, made first if there is none: ``(signer, made)``.

    A new key is written mode 0600 in the private folder (mode 0700, made if missing), exclusively: two sessions
    making a key at once end with one key, the other one's. An existing key is loaded with every check of
    :func:`load_key`; the folder must be the user's and not writable by others.
    """
    folder = folder or pbem_folder()
    private_folder(folder, make=True)
    path = key_path(folder)
    if os.path.lexists(path):
        return load_key(path), False
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    try:
        write_atomic(path, pem, mode=0o600, exclusive=True)
    except PbemRefused:
        if os.path.lexists(path):  # another session made one a moment ago: that one is the key
            return load_key(path), False
        raise
    return Signer(key), True
