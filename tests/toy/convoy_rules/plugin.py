"""The ``convoy`` rule set as the app finds it: its entry point (``harbormaster.rulesets``) names :data:`PLUGIN`.

Read at every start of the app: only this object is built here; the rule set itself (``rules.py``) is imported when
a game asks for it, through :func:`~tui.rules.core.plugin.lazy`.
"""

from __future__ import annotations

import os

from tui.rules.core.plugin import RuleSetPlugin, lazy

PLUGIN = RuleSetPlugin(
    id="convoy",
    name="Convoy (a toy rule set)",
    package=__package__,
    load=lazy(f"{__package__}.rules", "load"),
    form=lazy(f"{__package__}.rules", "kinds"),
    export=lazy(f"{__package__}.rules", "export"),
    allowed=lazy(f"{__package__}.rules", "allowed"),
    scenarios=os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios"),
)
