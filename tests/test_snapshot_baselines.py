"""Every snapshot baseline belongs to a test (issue 19: the suite runs on worker processes, where syrupy's own check
for unused baselines is off; a file run alone, as ``--snapshot-update`` is, still removes them)."""

from __future__ import annotations

import importlib
from pathlib import Path

SNAPSHOTS = Path(__file__).resolve().parent / "__snapshots__"


def test_19_every_svg_baseline_is_named_after_a_test_of_its_module() -> None:
    """Issue 19: ``__snapshots__/MODULE/[CLASS.]TEST[PARAMS].svg`` names a test function that exists."""
    baselines = sorted(SNAPSHOTS.glob("*/*.svg"))
    assert baselines, "no baselines found"
    orphans = []
    for svg in baselines:
        module = importlib.import_module(f"tests.{svg.parent.name}")
        owner: object = module
        for part in svg.name.removesuffix(".svg").split("[", 1)[0].split("."):
            owner = getattr(owner, part, None)
        if not callable(owner):
            orphans.append(f"{svg.parent.name}/{svg.name}")
    assert not orphans, f"baselines no test uses: {orphans}"
