"""The ``europa`` rule set: 31 Ports and Beaches (seed 000) and 33 Anti-Shipping Forces (seed 003)."""

# The app finds the rule set through ``plugin.PLUGIN`` (its entry point): this package imports nothing at start.
