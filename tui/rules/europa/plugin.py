"""The ``europa`` rule set as the app finds it: its entry point (``harbormaster.rulesets``) names :data:`PLUGIN`."""

from __future__ import annotations

from ..core.plugin import laid_out

PLUGIN = laid_out(
    __package__,
    id="europa",
    name="Europa — 31 Ports and Beaches, 33 Anti-Shipping Forces",
    value_options=frozenset({"cargo", "hq", "hqs", "name", "nation", "res", "route", "sea-zone", "side"}),
    shared_keys={
        "a": frozenset({"answer", "add"}),  # Phases: answer a prompt · Ports and Setup: add a port (an entity)
        "b": frozenset({"branch", "batch"}),  # Log: branch here · Sea Zones: a batch of checks
        "c": frozenset({"collateral", "check"}),  # Ports · Sea Zones: an anti-shipping check
        "d": frozenset({"reduce", "remove"}),  # Ports: reduce a port · Setup: remove an entity
        "e": frozenset({"use", "edit"}),  # Ports: use capacity · Setup: edit an entity
        "h": frozenset({"hide_next", "hit"}),  # Log · Ports
        "i": frozenset({"intrinsic", "interfere"}),  # Ports · Sea Zones
        "m": frozenset({"mines", "malta"}),  # Ports · Sea Zones
        "t": frozenset({"dedicate", "condition"}),  # Ports · Sea Zones
        "u": frozenset({"upgrade", "mulberry"}),  # Ports · Sea Zones
    },
    named_by_others=frozenset({"ports"}),
)
