"""Where things are: the bundled data folder and the user's default save.

Resolved here, in one small module, and injected everywhere else
(``make_app(save_path=..., data_dir=...)``), so no test touches the real home
directory.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "harbormaster"


def data_dir() -> Path:
    """The folder holding ``rulesets/`` and ``scenarios/``.

    ``HARBORMASTER_DATA`` overrides it (house rules); an installed wheel ships
    it as ``tui/data``; a source checkout (or editable install) has it at the
    top of the repository.
    """
    override = os.environ.get("HARBORMASTER_DATA")
    if override:
        return Path(override)
    here = Path(__file__).resolve().parent
    for candidate in (here / "data", here.parent / "data"):
        if (candidate / "rulesets").is_dir():
            return candidate
    raise FileNotFoundError(f"Harbormaster's data folder is missing (looked in {here / 'data'} and {here.parent / 'data'})")


def default_save() -> Path:
    """The save opened by a bare ``harbormaster``: in the user's data folder (``HARBORMASTER_HOME`` overrides)."""
    home = os.environ.get("HARBORMASTER_HOME")
    if home:
        return Path(home) / "default.json"
    import platformdirs  # only here: opening a named save does not need it

    base = Path(platformdirs.user_data_dir(APP))
    return base / "default.json"


def make_folder(folder: Path) -> list[Path]:
    """Make ``folder`` and any missing parents; return the folders made, outermost first (to remove on a refusal).

    Raises ``OSError`` (a parent that is a file, a read-only file system) after
    removing what it made.
    """
    missing: list[Path] = []
    here = Path(folder)
    while not os.path.lexists(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    made: list[Path] = []
    try:
        for path in reversed(missing):
            try:
                path.mkdir()
            except FileExistsError:  # another session made it a moment ago: theirs, not ours to remove
                if path.is_dir():
                    continue
                raise
            made.append(path)
    except OSError:
        for path in reversed(made):
            try:
                path.rmdir()
            except OSError:
                break
        raise
    return made
