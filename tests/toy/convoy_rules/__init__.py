"""Convoy: a toy rule set installed from outside Harbormaster, the worked example of ``docs/writing-a-rule-set.md``.

It imports nothing of Harbormaster but ``tui.rules.core`` (the public contract); the app finds it only through the
entry point its distribution declares (``convoy = "convoy_rules.plugin:PLUGIN"`` in ``harbormaster.rulesets``).
"""
