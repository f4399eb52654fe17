"""Issue 32: a player's key and fingerprint: where the key lives, which key files are refused, what is shown."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pbem_players import new_game
from tui.pbem import PbemRefused
from tui.pbem.keys import Signer, fingerprint, key_path, load_key, make_or_load_key, parse_fingerprint, pbem_folder

ROOT = Path(__file__).resolve().parent.parent


def test_a_fingerprint_is_100_bits_of_sha256_in_base32_groups_and_reads_back_however_typed() -> None:
    raw = bytes(range(32))
    shown = fingerprint(raw)
    import hashlib

    letters = base64.b32encode(hashlib.sha256(raw).digest()).decode()[:20]
    assert shown == "-".join(letters[i:i + 4] for i in range(0, 20, 4))
    assert re.fullmatch(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){4}", shown)
    assert parse_fingerprint(shown.lower().replace("-", "")) == shown
    assert parse_fingerprint(" " + shown.lower() + " ") == shown
    for bad in ("", "ABCD-EFGH", shown[:-1] + "1", shown + "A", "ABCD-EFGH-IJKL-MNOP-QRS0", 12):
        with pytest.raises(PbemRefused, match="fingerprint"):
            parse_fingerprint(bad)


def test_the_key_is_made_once_mode_0600_in_a_private_folder_of_the_users_config(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    assert pbem_folder() == tmp_path / "home" / ".config" / "harbormaster" / "pbem"
    signer, made = make_or_load_key()
    assert made
    path = key_path()
    assert path.stat().st_mode & 0o777 == 0o600
    assert pbem_folder().stat().st_mode & 0o777 == 0o700
    again, made_again = make_or_load_key()
    assert not made_again and again.fingerprint == signer.fingerprint
    assert load_key(path).fingerprint == signer.fingerprint
    assert repr(signer) == f"Signer({signer.fingerprint})"


def _key_file(tmp_path: Path) -> Path:
    make_or_load_key(tmp_path / "pbem")
    return tmp_path / "pbem" / "key.pem"


def test_a_key_file_readable_by_group_or_others_is_refused_in_one_line(tmp_path: Path) -> None:
    path = _key_file(tmp_path)
    for mode in (0o640, 0o604, 0o644):
        path.chmod(mode)
        with pytest.raises(PbemRefused) as caught:
            load_key(path)
        assert str(caught.value) == (f"{path} may be read by others (mode {mode:04o}); make it private with: "
                                     f"chmod 600 {path}")


def test_a_key_file_that_is_a_link_a_folder_or_a_fifo_is_refused(tmp_path: Path) -> None:
    path = _key_file(tmp_path)
    real = tmp_path / "real.pem"
    path.rename(real)
    path.symlink_to(real)
    with pytest.raises(PbemRefused, match=r"key\.pem is a symbolic link; it is not read$"):
        load_key(path)
    with pytest.raises(PbemRefused, match="symbolic link"):
        make_or_load_key(tmp_path / "pbem")
    path.unlink()
    path.mkdir()
    with pytest.raises(PbemRefused, match="is a folder; it is not read$"):
        load_key(path)
    path.rmdir()
    os.mkfifo(path, 0o600)
    with pytest.raises(PbemRefused, match="is not a regular file; it is not read$"):
        load_key(path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_key_file_of_another_user_is_refused(tmp_path: Path) -> None:
    path = _key_file(tmp_path)
    os.chown(path, 4321, -1)
    with pytest.raises(PbemRefused, match=r"belongs to another user \(uid 4321\)"):
        load_key(path)


def test_a_folder_others_may_write_or_that_is_a_link_keeps_no_key(tmp_path: Path) -> None:
    folder = tmp_path / "pbem"
    folder.mkdir(mode=0o700)
    folder.chmod(0o777)
    with pytest.raises(PbemRefused, match=r"others may write the folder .* \(mode 0777\); make it private"):
        make_or_load_key(folder)
    assert not (folder / "key.pem").exists()
    (tmp_path / "link").symlink_to(folder)
    with pytest.raises(PbemRefused, match="is a symbolic link, not a folder of your own"):
        make_or_load_key(tmp_path / "link")


def test_a_file_that_is_no_key_is_refused(tmp_path: Path) -> None:
    path = _key_file(tmp_path)
    path.write_bytes(b"-----BEGIN PRIVATE KEY-----\nnonsense\n-----END PRIVATE KEY-----\n")
    with pytest.raises(PbemRefused, match="is not an Ed25519 private key$"):
        load_key(path)
    path.write_bytes(bytes(32))  # the raw 32-byte form is read too
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    assert load_key(path).fingerprint == Signer(Ed25519PrivateKey.from_private_bytes(bytes(32))).fingerprint


def _secret_forms(signer: Signer) -> list[bytes]:
    from cryptography.hazmat.primitives import serialization

    raw = signer._key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,  # noqa: SLF001
                                    serialization.NoEncryption())
    return [raw, raw.hex().encode(), raw.hex().upper().encode(), base64.b64encode(raw), base64.b64encode(raw).rstrip(b"="),
            base64.urlsafe_b64encode(raw).rstrip(b"="), base64.b32encode(raw).rstrip(b"=")]


def test_a_private_key_never_enters_a_turn_file_a_chain_file_a_seed_file_or_an_output(tmp_path: Path) -> None:
    """Every file two players produce (turn files, chain files, seed files) and every text shown (repr, refusals,
    verify's output) is searched for each player's private key: raw, hex, base64 and base32."""
    alice, bob = new_game(tmp_path)
    outputs: list[bytes] = []
    request = alice.g.request("attack Tobruk", [{"sides": 6, "count": 2}])
    outputs.append(alice.g.send())
    bob.g.receive(outputs[-1])
    bob.g.reveal()
    outputs.append(bob.g.send())
    alice.g.receive(outputs[-1])
    outputs += [repr(alice.signer).encode(), repr(bob.g.signer).encode(), str(alice.g.stream(request).rolls(6, 2)).encode()]
    done = subprocess.run([sys.executable, "-m", "tui.cli", "pbem", "verify", str(alice.chain)], cwd=ROOT,
                          capture_output=True)
    assert done.returncode == 0, done.stderr
    outputs += [done.stdout, done.stderr]
    for who in (alice, bob):
        outputs += [data for path, data in who.files().items() if not path.endswith("key.pem")]
    for who in (alice, bob):
        for form in _secret_forms(who.signer):
            assert not any(form in out for out in outputs), f"{who.signer}'s private key in an output"
    assert not any(b"PRIVATE KEY" in out for out in outputs)


def test_a_signer_is_never_pickled() -> None:
    import pickle

    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(Signer.generate())


def test_the_command_makes_the_key_once_and_shows_its_fingerprint(tmp_path: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("XDG_")}, "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg")}

    def run(*words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tui.cli", "pbem", *words], cwd=ROOT, env=env,
                              capture_output=True, text=True)

    shown = run("key", "--show")
    assert shown.returncode == 2 and shown.stdout == ""
    assert shown.stderr == f"harbormaster: there is no key at {tmp_path}/cfg/harbormaster/pbem/key.pem; make one with: harbormaster pbem key\n"
    made = run("key")
    assert made.returncode == 0, made.stderr
    key = load_key(tmp_path / "cfg" / "harbormaster" / "pbem" / "key.pem")
    assert made.stdout.splitlines()[:2] == [f"Made your key at {tmp_path}/cfg/harbormaster/pbem/key.pem.",
                                            f"Your fingerprint: {key.fingerprint}"]
    again = run("key")
    assert again.stdout.splitlines()[:2] == [f"Your key is at {tmp_path}/cfg/harbormaster/pbem/key.pem.",
                                             f"Your fingerprint: {key.fingerprint}"]
    assert run("key", "--show").stdout == key.fingerprint + "\n"
    (tmp_path / "cfg" / "harbormaster" / "pbem" / "key.pem").chmod(0o644)
    refused = run("key", "--show")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1 and "may be read by others" in refused.stderr
