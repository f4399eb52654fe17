"""Issue 35: the suite leaves no trace on the machine, and its multi-user tests need nothing of where the clone sits.

The multi-user tests make Unix accounts (``useradd``) and a read-only bind mount; each is removed when its test
ends, even when the test fails. This test runs all of them (``-m multiuser``) in a run of its own and compares the
machine's accounts, groups and mounts before and after.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.accounts import ps
from tests.conftest import EXCLUSIVE_HELD

ROOT = Path(__file__).resolve().parent.parent
MACHINE = ("/etc/passwd", "/etc/group", "/etc/shadow", "/etc/gshadow", "/etc/subuid", "/etc/subgid")


def machine_state() -> dict[str, bytes]:
    """The account and group files, and the mount table, as they are now."""
    state = {name: Path(name).read_bytes() for name in MACHINE if os.path.exists(name)}
    state["mounts"] = Path("/proc/self/mounts").read_bytes()
    return state


@pytest.mark.slow
@pytest.mark.exclusive  # nothing else that makes accounts runs meanwhile: the files compare whole
@pytest.mark.skipif(bool(ps.second_user_missing()), reason=ps.second_user_missing() or "possible")
def test_35_the_multi_user_tests_leave_accounts_groups_and_mounts_as_they_found_them(tmp_path: Path) -> None:
    """Issue 35: run every ``multiuser`` test; ``/etc/passwd``, ``/etc/group`` (and shadow, subuid, the mounts) are
    byte for byte as before, and the run really ran those tests (no exit code 5, nothing skipped for want of root)."""
    before = machine_state()
    env = {**os.environ, EXCLUSIVE_HELD: "1"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n0", "-p", "no:cacheprovider", "-m", "multiuser", "-rs",
                          "--basetemp", str(tmp_path / "run"), "tests"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " skipped" not in run.stdout, run.stdout[-2000:]
    after = machine_state()
    changed = [name for name in before if before[name] != after.get(name)]
    assert not changed, changed


def test_35_an_account_left_by_a_killed_run_is_removed_by_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: an account whose making process is gone (a run killed before its ``finally``) is swept; one whose
    maker still runs is kept (another run's account, in use). Checked on the account list the sweep reads."""
    import pwd

    gone, alive = 2 ** 22 + 7, os.getpid()  # no process has a pid above pid_max's default 2**22
    entries = [pwd.struct_passwd(("hmprobedead", "x", 990, 990, f"{ps.ACCOUNT_MARK}{gone}", "/", "/bin/false")),
               pwd.struct_passwd(("hmprobelive", "x", 991, 991, f"{ps.ACCOUNT_MARK}{alive}", "/", "/bin/false")),
               pwd.struct_passwd(("alice", "x", 1000, 1000, "Alice", "/home/alice", "/bin/sh"))]
    removed: list[str] = []
    monkeypatch.setattr(pwd, "getpwall", lambda: entries)
    monkeypatch.setattr(ps, "_userdel", removed.append)
    assert ps.sweep_test_accounts() == ["hmprobedead"] and removed == ["hmprobedead"]
