"""A pytest plugin for scripts/mutation.py: every test loads its rule sets afresh.

``load_ruleset`` keeps each rule set per process, so the builders run at rule-set
load (``build_turn``, the planner, the views) ran for the first test only: mutmut's
statistics tied them to that one test and ran no other against their mutants,
and the forked run of a mutant could even reuse a rule set the parent had built
unmutated. Clearing the cache before each test makes every test that plays a
rule set build it, with the mutant under test.
"""

from __future__ import annotations

import pytest


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Forget the rule sets loaded before this test."""
    from tui.engine.setup import load_ruleset

    load_ruleset.cache_clear()
