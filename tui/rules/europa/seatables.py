"""Europa sea tables (rule 33 and the rest of 31): their schema (:mod:`.seaschema`) loaded with their cross-table
checks (:mod:`.seacheck`).

:func:`load_sea_tables` validates the tables of ``data/rulesets/europa.toml``;
every error names the file, the table and the key. The rule code imports the
tables' types from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.loader import Tables
from .seacheck import check
from .seaschema import ASKED_KINDS, CONDITION_KINDS, SIDES, SeaTables, SideTable, ZoneLine

__all__ = ["ASKED_KINDS", "CONDITION_KINDS", "SEA_TABLES", "SIDES", "SeaTables", "SideTable", "ZoneLine", "load_sea_tables"]

SEA_TABLES: Tables[SeaTables] = Tables(SeaTables, check)
"""The sea tables of ``europa.toml`` (each field a top-level table) and their cross-table checks."""


def load_sea_tables(path: Path, raw: dict[str, Any] | None = None) -> SeaTables:
    """Load and validate the sea tables of ``path`` (or of its already parsed ``raw``)."""
    return SEA_TABLES.load(path, raw)
