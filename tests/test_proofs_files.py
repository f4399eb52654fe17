"""The issue 18 file proofs of ``scripts/proofs_files.py``, in small sizes (points 2, 3 and 4)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import proofs_files  # noqa: E402


def test_every_writing_verb_refuses_a_link_to_what_is_no_save(tmp_path: Path) -> None:
    """Issue 18.2 proofs: restore, exec, new, branch, report -o and the TUI's open through a link to a FIFO and
    to another program's file: each refused, nothing renamed or created."""
    report = proofs_files.link_targets_test(tmp_path, ("fifo", "other file"))
    assert report.cases == 14 and report.refused == 14, report.failures


def test_report_is_never_written_over_a_save(tmp_path: Path) -> None:
    """Issue 18.3 proofs: ``report -o`` onto the save, its backups, its lock, a kept copy or a save's copy."""
    report = proofs_files.report_targets_test(tmp_path)
    assert report.cases == 12 and report.refused == 12, report.failures


def test_killed_branch_processes_leave_a_whole_branch_or_none(tmp_path: Path) -> None:
    """Issue 18.4 proofs: SIGKILL real ``branch`` processes as their file appears: never a half-made branch."""
    report = proofs_files.branch_kill_test(tmp_path, 4, random.Random(4))
    assert report.kills == 4 and report.half == 0 and report.whole + report.absent == 4, report.failures
