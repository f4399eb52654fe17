"""A game's current state as a plain scenario, and a plain scenario as the CSV files of its rule set's form.

Each rule set's world is turned back into the tables its scenario is read
from (by its plugin's ``export``): what a new game would start with (the markers of the turn being played,
the log and the history are not part of a scenario).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..engine.registry import plugin
from ..rules.core.cells import cell
from ..rules.core.phases import turn_label
from ..rules.core.ruleset import RuleSet
from ..rules.core.state import GameState
from .forms import Kind, form


def _start(calendar: str, turn: int) -> str:
    """The start label a scenario gives (``Jan I 1943``; a numbered turn is its number alone)."""
    return turn_label(calendar, turn) if calendar in ("half-month", "month", "season") else str(turn)


def from_game(state: GameState, ruleset: RuleSet, meta: dict[str, Any]) -> dict[str, Any]:
    """The plain scenario of a game's current state: what a new game started from it would hold."""
    from ..engine.edits import scenario_info

    segment = ruleset.sequence.segments[state.flow.index].key if state.flow.index else ""
    own = scenario_info(state, {**_bundled_info(ruleset, meta), **meta})
    info = {"id": str(meta.get("scenario", "exported")), "name": own["name"], "ruleset": ruleset.id,
            "start": _start(ruleset.sequence.calendar, state.flow.turn), "segment": segment,
            "illustrative": own["illustrative"], "note": own["note"], "dice": str(state.settings.get("dice", "app"))}
    return {"scenario": info, **plugin(ruleset.id).export(state.world, ruleset)}


def _bundled_info(ruleset: RuleSet, meta: dict[str, Any]) -> dict[str, Any]:
    """A game whose save does not say whether its scenario was illustrative (made before issue 30.15): the flag and
    note of the bundled scenario it names (by id and name), if it is one; else nothing."""
    if "scenario_illustrative" in meta or not ruleset.source_files:
        return {}
    from ..engine.setup import load_scenario
    from ..rules.core.errors import DataError

    try:
        info = load_scenario(Path(ruleset.source_files[0]).parent.parent, str(meta.get("scenario", ""))).info
    except (DataError, OSError):
        return {}
    if info.name != meta.get("scenario_name") or info.ruleset != ruleset.id:
        return {}
    return {"scenario_illustrative": info.illustrative, "scenario_note": info.note}


def rows_of(kind: Kind, value: Any) -> list[list[str]]:
    """The CSV rows (header first) of one kind's plain value; a text cell that a spreadsheet would run as a formula is
    escaped (:func:`.cells.cell`)."""
    header = list(kind.header())
    if kind.shape == "map":
        return [header] + [[cell(str(k), first=True), cell(v)] for k, v in (value or {}).items()]
    rows = value if kind.shape == "rows" else ([value] if value else [])
    return [header] + [[cell(row.get(col), first=i == 0) for i, col in enumerate(header)] for row in rows]


def csv_text(rows: list[list[str]]) -> str:
    """CSV text of ``rows`` (a cell with a comma, quote or line break is quoted)."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def to_csv(ruleset: str, raw: dict[str, Any], folder: Path) -> dict[Path, bytes]:
    """The CSV files of a plain scenario, by path in ``folder`` (every kind of the form, empty ones with their header)."""
    return {folder / kind.file: csv_text(rows_of(kind, kind.find(raw))).encode("utf-8") for kind in form(ruleset)}
