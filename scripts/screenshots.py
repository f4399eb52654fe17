"""Regenerate ``screenshots/*.svg``: every mode and main dialog, as the snapshot tests see them.

Usage: ``python scripts/screenshots.py [NAME ...]`` from the repository root.
The scenes (seed 1, fixed clock, fixed terminal size, no cursor blink) are
those of the snapshot test modules (``tests/test_snapshots*.py``, each with its
``SCENES`` and ``scene_app``), so the README pictures and the snapshot
baselines show the same thing.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]



def collect() -> dict[str, tuple[Any, tuple[int, int], Callable[[str], Any]]]:
    """Every scene of every snapshot module: name -> (scene, terminal size, the module's app factory)."""
    scenes: dict[str, tuple[Any, tuple[int, int], Callable[[str], Any]]] = {}
    for path in sorted((ROOT / "tests").glob("test_snapshots*.py")):
        module = importlib.import_module(path.stem)
        for name, (scene, size) in module.SCENES.items():
            if name in scenes:
                raise SystemExit(f"scene {name!r} is named by two snapshot modules")
            scenes[name] = (scene, size, module.scene_app)
    return scenes


SCENES = collect()

from test_snapshots import settle  # noqa: E402 (tests/ is on the path from here on)


async def shoot(name: str, out: Path) -> Path:
    """Run scene ``name`` and save its SVG in ``out``."""
    scene, size, scene_app = SCENES[name]
    app = scene_app(name)
    async with app.run_test(size=size) as pilot:
        await scene(pilot)
        await settle(pilot)  # as the snapshot tests do: the screens drawn, the toasts cleared (snap())
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        path = out / f"{name}.svg"
        path.write_text(app.export_screenshot(title=f"Harbormaster — {name}"), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    """Shoot every scene (or those named) into ``screenshots/``."""
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    names = argv or list(SCENES)
    unknown = [n for n in names if n not in SCENES]
    if unknown:
        print(f"unknown scene(s): {', '.join(unknown)}; known: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    for name in names:
        print(asyncio.run(shoot(name, out)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
