"""A World at War, chapter 21 Naval Operations (seed 004): naval units, bases and every naval activity."""

# The app finds the rule set through ``plugin.PLUGIN`` (its entry point): this package imports nothing at start.
