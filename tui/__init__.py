"""Harbormaster: a referee's logistics turn-tracker for board wargames."""

from __future__ import annotations

import os
import sys

__version__ = "0.1.0"


def _no_code_from_the_current_folder() -> None:
    """Take off ``sys.path`` every entry that is found from the folder the app was started in, a shared game folder
    another user may write: the current folder itself (``''`` or its full path, which ``-c`` and ``python -m`` put first)
    unless this package's own checkout is that folder (a developer's), and every relative entry. An editable install
    (``pip install -e .``, README's) adds one, ``__editable__.<name>.finder.__path_hook__``, which Python's folder
    importer reads as a folder of that name in the current folder: a module planted there (``textual_speedups.py``,
    tried at every start) would be imported. This package and everything it imports are found through the
    absolute entries and the install's own finder."""
    checkout = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    try:
        current = os.path.realpath(os.getcwd())
    except OSError:  # the current folder was removed
        current = ""

    def kept(entry: object) -> bool:
        if not isinstance(entry, str):
            return True
        if entry and not os.path.isabs(entry):
            return False  # relative: read from whatever folder the app is started in
        here = entry == "" or os.path.realpath(entry) == current
        return not here or current == checkout

    kept_entries = [p for p in sys.path if kept(p)]
    if len(kept_entries) != len(sys.path):
        sys.path[:] = kept_entries
        for key in [k for k in sys.path_importer_cache if isinstance(k, str) and k and not os.path.isabs(k)]:
            del sys.path_importer_cache[key]


_no_code_from_the_current_folder()
