"""What identifies a row of a rule set's view (shared by the tables and the command palette, which needs no table)."""

from __future__ import annotations

from typing import Any


def row_key(row: dict[str, Any]) -> str:
    """The row's key: its ``key`` when it has one (a zone has a row per side), else its ``name``."""
    return str(row.get("key") or row.get("name", ""))
