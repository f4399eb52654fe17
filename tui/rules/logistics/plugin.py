"""The ``logistics`` rule set as the app finds it: its entry point (``harbormaster.rulesets``) names :data:`PLUGIN`."""

from __future__ import annotations

from ..core.plugin import laid_out

PLUGIN = laid_out(
    __package__,
    id="logistics",
    name="Victory — Logistics",
    value_options=frozenset({"side"}),
    shared_keys={
        "a": frozenset({"answer", "add"}),  # Phases · Setup (an airfield is i on the Map)
        "b": frozenset({"branch", "battle"}),  # Log · Map
        "f": frozenset({"filter", "factory"}),  # Log · Factories
        "e": frozenset({"edit", "exchange"}),  # Map and Setup: edit (the board, an entity) · Factories: exchange
        "h": frozenset({"hide_next", "hit"}),  # Log · Map and Factories: a hit
        "p": frozenset({"answer_pending", "produce"}),  # Map: answer the pending prompt · Factories: produce
    },
    named_by_others=frozenset({"rivers"}),
)
