"""Other Unix accounts for the multi-user tests: made by the test, removed after it, needing nothing of the checkout.

A test that acts as another account must not need that account to reach the checkout, the virtual environment or
pytest's temporary folders: a clone usually sits in a home folder only its owner can enter. So:

- :func:`other_account` (a fixture) makes a throw-away account with ``useradd`` and removes it, with its group,
  when the test ends, even if the test fails or is interrupted (``scripts/proofs_serve.py``'s ``second_user``);
- :data:`ps` is that script, loaded once: what runs *as* the other account is handed to the system Python on
  standard input (``knock_as``), never read from the checkout by that account;
- :func:`reachable_folder` (a fixture) is a folder in the system's temporary folder that the other account can
  reach, removed after the test: where the test puts what both accounts share;
- :func:`run_as` runs a command as an existing account with one added right only, to read and search files
  (``CAP_DAC_READ_SEARCH``): it can load the project from a private checkout, but every write it makes is checked
  as that account's.

Tests that make accounts are marked ``multiuser`` (exclusive: never beside another such test, nor beside the test
that compares ``/etc/passwd`` and ``/etc/group`` before and after them all).
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("proofs_serve", ROOT / "scripts" / "proofs_serve.py")
ps = importlib.util.module_from_spec(_spec)
sys.modules["proofs_serve"] = ps  # dataclasses look their module up while the script loads
_spec.loader.exec_module(ps)  # type: ignore[union-attr]


@pytest.fixture
def other_account() -> Iterator[tuple[str, int]]:
    """(name, uid) of a throw-away second Unix account, removed (with its group) when the test ends."""
    missing = ps.second_user_missing()
    if missing:
        pytest.skip(missing)
    with ps.second_user() as name:
        yield name, pwd.getpwnam(name).pw_uid


@pytest.fixture
def reachable_folder() -> Iterator[Path]:
    """An empty folder every account can reach (pytest's ``tmp_path`` sits in a folder only this user may enter):
    made in the system's temporary folder, removed with what it holds when the test ends."""
    folder = Path(tempfile.mkdtemp(prefix="harbormaster-test-"))
    try:
        os.chmod(folder, 0o755)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_as_missing() -> str:
    """Why :func:`run_as` cannot work here ("" when it can: root and ``setpriv``)."""
    if os.geteuid() != 0:
        return "needs root to act as another account"
    return "" if shutil.which("setpriv") else "needs setpriv (util-linux)"


def run_as(uid: int, gid: int, argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` as ``uid``/``gid`` (its only group ``gid``), able to read and search any file but writing only
    where that account may: so the test's interpreter and the checkout load wherever they are."""
    prefix = ["setpriv", f"--reuid={uid}", f"--regid={gid}", f"--groups={gid}",
              "--inh-caps=-all,+dac_read_search", "--ambient-caps=+dac_read_search", "--"]
    return subprocess.run(prefix + argv, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
