"""The project's rulings (``RULINGS.md``, bundled in the data folder): their texts, and which ones a "why?" cites.

An explanation cites a ruling by id in its notes (``RULINGS E1``, ``RULINGS E2 (...), E4 (...)``); the screens and
the ``why`` command show the ruling's text beside it (issue 12.9: the inline Why? pane showed "RULINGS E1" alone).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Sequence

from .explain import Explained

FILE = "RULINGS.md"
_ENTRY = re.compile(r"^- \*\*(?P<id>[A-Z]\d+)\b(?P<rest>.*)$")
_CITE = re.compile(r"RULINGS\s+(?P<ids>[A-Z]\d+(?:[^A-Z]*?(?:,|;|and)\s*[A-Z]\d+)*)")
_ID = re.compile(r"\b[A-Z]\d+\b")


def parse_rulings(text: str) -> dict[str, str]:
    """Ruling id -> its text on one line (``Table over examples. The PORT SUMMARY table is ...``), the title's bold
    and code marks dropped."""
    rulings: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        entry = _ENTRY.match(line)
        if entry:
            current = rulings.setdefault(entry["id"], [])
            current.append(re.sub(r"\*\*(?=\s|$)", "", entry["rest"], count=1))  # the bold title's end only: E7's "(**)" stays
        elif current is not None and line.startswith("  ") and line.strip():
            current.append(line.strip())
        else:
            current = None
    return {rid: " ".join(parts).replace("`", "").strip() for rid, parts in rulings.items()}


_LOADED: dict[Path, dict[str, str]] = {}
"""The rulings read per data folder (a plain dict, not a decorator: mutation testing skips decorated functions)."""


def load_rulings(data_dir: Path) -> dict[str, str]:
    """The rulings of ``data_dir``, read once."""
    if data_dir not in _LOADED:
        _LOADED[data_dir] = _read_rulings(data_dir)
    return _LOADED[data_dir]


def _read_rulings(data_dir: Path) -> dict[str, str]:
    """The rulings bundled in ``data_dir`` (none when the file is missing: a house-rules folder may leave it out)."""
    path = data_dir / FILE
    return parse_rulings(path.read_text(encoding="utf-8")) if path.is_file() else {}


def cited(notes: Iterable[str], known: dict[str, str]) -> list[str]:
    """The ids of the rulings ``notes`` cite (``RULINGS E2 (...), E4``; ``(RULINGS E2)``), known ones only, in order."""
    found: list[str] = []
    for note in notes:
        for cite in _CITE.finditer(note):
            for rid in _ID.findall(cite["ids"]):
                if rid in known and rid not in found:
                    found.append(rid)
    return found


def cited_rulings(explained: Sequence[Explained], known: dict[str, str]) -> list[tuple[str, str]]:
    """``(id, text)`` of every ruling the figures cite (in their notes, terms and rules), each once."""
    texts: list[str] = []
    for figure in explained:
        texts.extend(figure.lines())
    return [(rid, known[rid]) for rid in cited(texts, known)]
