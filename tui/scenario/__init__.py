"""Scenarios as a referee keeps them: CSV files (one per kind of thing) and the TOML scenario file.

The package reads, checks, imports, exports and templates scenarios for every
rule set; it knows no screen. Its forms (:mod:`.forms`) are built on the typed
structs the rule sets read their scenarios with, so a CSV column is a field of
the scenario and is checked by the same code as a bundled scenario.
"""

from __future__ import annotations
