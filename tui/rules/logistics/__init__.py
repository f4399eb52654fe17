"""The ``logistics`` rule set: the Logistics rules of Victory (seed 002) on a hex map."""

# The app finds the rule set through ``plugin.PLUGIN`` (its entry point): this package imports nothing at start.
