"""The ``ocs`` rule set as the app finds it: its entry point (``harbormaster.rulesets``) names :data:`PLUGIN`."""

from __future__ import annotations

from ..core.plugin import laid_out

PLUGIN = laid_out(
    __package__,
    id="ocs",
    name="OCS — 19.0 Ports and Shipping",
    shared_keys={
        "a": frozenset({"answer", "add"}),  # Phases · Ports and Setup
        "d": frozenset({"reduce", "remove"}),  # Ports · Setup
        "e": frozenset({"negate", "edit"}),  # Ports: negate (19.0a) · Setup
        "h": frozenset({"hide_next", "hit"}),
        "l": frozenset({"load_older", "load"}),  # Log · Ports: load SPs
    },
)
