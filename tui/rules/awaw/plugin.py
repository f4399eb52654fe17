"""The ``awaw`` rule set as the app finds it: its entry point (``harbormaster.rulesets``) names :data:`PLUGIN`."""

from __future__ import annotations

from ..core.plugin import laid_out

PLUGIN = laid_out(
    __package__,
    id="awaw",
    name="A World at War — 21 Naval Operations",
    value_options=frozenset({
        "name", "nation", "cargo",
        # distances by water and the route (RULINGS A1), fronts, destinations
        "distance", "legs", "ports", "exception", "front", "straits", "to", "by", "power", "reach", "surviving", "odds",
        "attackers", "ctl", "result", "cves", "air-range", "codebreaking", "target", "hex-kind", "fronts", "from", "group",
        "with", "ships", "attempt", "missing", "survivors", "final-round", "damaged", "sunk", "transports-lost", "air-support",
        "island-end", "via",  # an island without port access the referee names (21.37), the Aleutian island passed (21.512C)
        "displaced", "in-strait",  # the displaced units intercepted (21.232), the strait and side an interception enters (21.2111)
        "brp-front",  # the front an operation's BRPs are charged to when the app cannot tell (21.554A, 21.1322)
        "defense", "land",  # the defence strength of an invasion hex, ground factors joining by land (21.5152, 21.517B)
        "lost",  # invading ground units lost at sea, freeing their destroyers to bombard (21.517C)
    }),
    shared_keys={
        "a": frozenset({"answer", "add"}),  # Phases · Setup (the uninversion allowance is = in Naval)
        "b": frozenset({"branch", "rebase"}),  # Log · Naval: base change
        "c": frozenset({"control", "carrier-mission"}),  # Ports · Naval
        "d": frozenset({"displace", "remove"}),  # Naval · Setup
        "e": frozenset({"eliminate", "edit"}),  # Naval · Setup
        "k": frozenset({"sink", "kind"}),  # Naval · Setup: which kind of entity
        "h": frozenset({"hide_next", "harbor"}),  # Log · Naval: harbor attack
        "l": frozenset({"load_older", "plan"}),  # Log · Naval: the planner
        "o": frozenset({"operational", "ship-oil"}),  # Ports · Naval
        "space": frozenset({"toggle_node", "mark"}),  # toggles the row: Phases opens or closes a phase, Naval marks a unit
    },
    named_by_others=frozenset({"bases"}),
)
