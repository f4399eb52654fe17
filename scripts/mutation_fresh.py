"""A pytest plugin for scripts/mutation.py: the tests of a mutant load their rule sets with that mutant.

``load_ruleset`` keeps each rule set per process, so the builders run at rule-set
load (``build_turn``, the planner, the views) ran for the first test only: mutmut's
statistics tied them to that one test and ran no other against their mutants,
and the forked run of a mutant could even reuse a rule set the parent had built
unmutated.

So while mutmut traces the tests (its statistics) every test loads its rule sets
afresh: each test that plays a rule set is seen calling its builders. While a
mutant is tested, the rule sets are loaded afresh once, before its first test:
built with the mutant switched on, they are the mutant's for all its tests (a
rule set loaded again for each test cost most of the time of a mutant that
every test runs, a builder's, and changed no result).

Each run under mutmut also gets a temporary folder of its own
(:func:`pytest_configure`), removed at its end.
"""

from __future__ import annotations

import shutil
import tempfile

import pytest

_LOADED_WITH = None
"""The mutant the rule sets in the cache were loaded with (None: not loaded in this process yet)."""


_OWN_BASETEMP = pytest.StashKey[str]()
"""The temporary folder :func:`pytest_configure` made for this run."""


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """A temporary folder of this run's own (``--basetemp``), removed at its end (:func:`pytest_unconfigure`).

    mutmut runs each mutant's tests in a forked process that ends without
    pytest's exit handlers, so the numbered folders pytest makes under
    ``pytest-of-USER`` and removes at exit were never removed, and each run
    scanned all of them for its number: after 46,861 mutants that scan took
    0.25 s of a quick mutant's 0.9 s. The folder is made by ``mkdtemp`` (mode
    0700, a name nobody can guess), and only where ``--basetemp`` is not given.
    """
    if config.option.basetemp is None:
        config.option.basetemp = tempfile.mkdtemp(prefix="harbormaster-mutant-")
        config.stash[_OWN_BASETEMP] = config.option.basetemp


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the temporary folder :func:`pytest_configure` made."""
    folder = config.stash.get(_OWN_BASETEMP, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def _mutant_now() -> str:
    """mutmut's name of the mutant under test (``stats`` while it traces the tests; "" outside mutmut)."""
    try:
        from mutmut.mutation.trampoline import get_mutant_under_test
    except ImportError:  # run outside mutmut: always afresh
        return ""
    return get_mutant_under_test()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Forget the rule sets loaded before this test, unless they were loaded with the mutant under test now."""
    global _LOADED_WITH
    from tui.engine.setup import load_ruleset

    now = _mutant_now()
    if "__mutmut_" in now and now == _LOADED_WITH:
        return
    load_ruleset.cache_clear()
    _LOADED_WITH = now if "__mutmut_" in now else None


def fastest_modules_first(nodeids: list[str], durations: dict[str, float]) -> list[int]:
    """The order to run tests in: their modules by the time mutmut measured for the module's tests here, quickest
    first; a module's tests stay together and in their own order (no fixture of a module is set up twice, and no test
    runs before one it ran after). Positions in ``nodeids``; an unmeasured test counts as slow."""
    modules = [nodeid.partition("::")[0] for nodeid in nodeids]
    total: dict[str, float] = {}  # in the order the modules first come
    for module, nodeid in zip(modules, nodeids):
        total[module] = total.get(module, 0.0) + durations.get(nodeid, 60.0)
    rank = {m: n for n, m in enumerate(sorted(total, key=total.__getitem__))}  # a stable sort: ties keep that order
    return sorted(range(len(nodeids)), key=lambda i: (rank[modules[i]], i))


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """While a mutant is tested (``-x``): its quickest modules of tests first, so that a killed mutant stops sooner."""
    if "__mutmut_" not in _mutant_now():
        return
    order = fastest_modules_first([item.nodeid for item in items], _durations())
    items[:] = [items[i] for i in order]


def _durations() -> dict[str, float]:
    """The time of each test as mutmut measured it while tracing (its state, inherited by the forked test run)."""
    from mutmut.state import state

    return state().duration_by_test
