"""Where things are: the bundled data folder, the user's default save and the rule-set cache.

Resolved here, in one small module, and injected everywhere else
(``make_app(save_path=..., data_dir=...)``), so no test touches the real home
directory.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .rules.core.text import visible

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


def cache_dir() -> Path | None:
    """The folder of converted rule sets (``tui/engine/rulecache.py``): the user's cache folder.

    ``HARBORMASTER_CACHE`` overrides it (a folder), or turns the cache off
    (``off``: every start converts the rule set's data again).
    """
    override = os.environ.get("HARBORMASTER_CACHE")
    if override == "off":
        return None
    if override:
        return Path(override)
    linux = _linux_cache_dir()
    if linux is not None:
        return linux
    import platformdirs  # only here (see default_save), and only where the folder is not the plain Linux one

    return Path(platformdirs.user_cache_dir(APP))


def _linux_cache_dir() -> Path | None:
    """The user's cache folder on Linux as platformdirs names it (``$XDG_CACHE_HOME/harbormaster`` if that is an
    absolute path, else ``$HOME/.cache/harbormaster``), without importing platformdirs on the way to the first screen;
    None where its answer needs platformdirs' own rules (another system, a relative ``XDG_CACHE_HOME`` or ``HOME``)."""
    if not sys.platform.startswith("linux"):
        return None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg:
        return Path(xdg) / APP if os.path.isabs(xdg) else None
    home = os.environ.get("HOME", "")
    return Path(home) / ".cache" / APP if os.path.isabs(home) else None


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


#: Longest file name of a save, in bytes: its backups, lock and temporary files are named after it
#: (``NAME.lock.info``, ``NAME.broken-<time>``) and a name is at most 255 bytes on common file systems.
MAX_SAVE_NAME = 200
#: Longest name of a folder and longest path, in bytes (NAME_MAX and PATH_MAX of common file systems).
MAX_NAME = 255
MAX_PATH = 4096


def save_path_problem(text: str) -> str | None:
    """Why ``text`` (a path as typed) cannot name a save file; None if it can (issue 18.6).

    Refused: an empty path, one that names no file (``.``, ``..``, ``/``, ending in ``/``), a name too long
    for the files kept beside a save, and a path or folder name longer than file systems take.
    """
    if not text:
        return "the save path is empty"
    name = Path(text).name
    if name in ("", ".", "..") or text.endswith(("/", os.sep)):
        return f"'{visible(text)}' names a folder, not a save file"
    size = len(os.fsencode(name))
    if size > MAX_SAVE_NAME:
        return f"the file name is {size} bytes long; a save's name is at most {MAX_SAVE_NAME} (its backups and lock are named after it)"
    whole = len(os.fsencode(text))
    if whole >= MAX_PATH:
        return f"the path is {whole} bytes long; a path is at most {MAX_PATH - 1}"
    for part in Path(text).parts:
        if len(os.fsencode(part)) > MAX_NAME:
            return f"the folder name '{visible(part[:40])}…' is longer than {MAX_NAME} bytes"
    return None


def save_path(text: str) -> Path:
    """argparse type of a save's path: refuses an empty path, a folder's and a name too long (issue 18.6)."""
    problem = save_path_problem(text)
    if problem is not None:
        import argparse

        raise argparse.ArgumentTypeError(problem)
    return Path(text)
