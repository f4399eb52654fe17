"""The CSV form of each rule set's scenario: which files (kinds) it has and the struct of their rows.

A :class:`~tui.rules.core.plugin.Kind` is one CSV file. Every form starts with
the ``scenario`` file (its id, name, rule set, start and dice); the rule set's
plugin gives the rest (``RuleSetPlugin.form``). The structs are the ones the
rule sets load their scenarios with, so the columns, their types and ranges
are theirs; the cross-checks (kinds, sides, bases, hexes) run in the rule set
when the scenario is checked.
"""

from __future__ import annotations

from ..engine.registry import plugin
from ..engine.setup import ScenarioInfo, check_form
from ..rules.core.plugin import Kind

SCENARIO = Kind("scenario", ScenarioInfo, "table", rule="the scenario's name, rule set, start turn and dice")

__all__ = ["SCENARIO", "Kind", "check_form", "form"]


def form(ruleset: str) -> tuple[Kind, ...]:
    """The kinds of ``ruleset``'s CSV form, the ``scenario`` file first; an unknown rule set is a ``KeyError`` the
    caller words."""
    from ..engine.setup import RULESETS

    if ruleset not in RULESETS:
        raise KeyError(ruleset)
    return (SCENARIO, *plugin(ruleset).form())
