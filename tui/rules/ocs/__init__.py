"""The ``ocs`` rule set: OCS 19.0 Ports and Shipping (seed 001) under the OCS sequence of play."""

# The app finds the rule set through ``plugin.PLUGIN`` (its entry point): this package imports nothing at start.
