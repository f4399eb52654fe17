"""Mutation testing of the rules with mutmut: which changes to the code do the tests not notice?

    python scripts/mutation.py                        every module of tui/rules/
    python scripts/mutation.py europa                 a rule set (europa, ocs, logistics, awaw, core)
    python scripts/mutation.py tui/rules/europa/ports.py tui/rules/europa/yards.py
    python scripts/mutation.py --report europa        only print the score of the last run
    python scripts/mutation.py europa --resume        test only the mutants not killed yet (a run stopped
                                                      half-way goes on where it stopped; survivors again)

Each area runs only its own fast rule tests (never the slow pilot, snapshot or
proof tests). The score is killed / tested (a timeout counts as killed), then
every survivor is listed with ``mutmut show NAME`` to see its change. mutmut
works in ``mutants/`` (ignored by git) and remembers results between runs.
Not part of CI: it takes minutes per module. The configuration is
``[tool.mutmut]`` in pyproject.toml (``pip install -e .[mutation]``).
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EXTRA_TESTS = {
    "europa": ["test_checklist", "test_dice_stages"],
    "ocs": ["test_dice_stages"],
    "logistics": [],
    "awaw": [],
    "core": ["test_dice_and_parser", "test_phases", "test_engine", "test_dice_stages", "test_ocs_engine", "test_checklist",
             "test_core_exact_checklist", "test_europa_sea_engine"],
}
"""Tests outside ``tests/test_<area>_*.py`` that also check an area's rules."""


def area_tests(area: str) -> list[str]:
    """Every ``tests/test_<area>_*.py`` (a new test file of a rule set is in its selection without being listed) and
    the area's :data:`EXTRA_TESTS`; their slow tests (the pilot, snapshot and proof tests) are deselected by ``-m``."""
    found = {p.stem for p in (ROOT / "tests").glob(f"test_{area}_*.py")}
    return sorted(found | set(EXTRA_TESTS[area]))


FAST_TESTS = {area: area_tests(area) for area in EXTRA_TESTS}
"""The fast tests of each area of tui/rules/ (module names under tests/)."""

SUBPROCESS_TESTS = ["tests/test_ocs_engine.py::test_cli_new_and_show_ports", "tests/test_awaw_cases_outsider.py"]
"""Tests that start ``python -m tui.cli``: under mutmut the child cannot run the mutated code, so they are left out."""


def targets(args: list[str]) -> tuple[list[str], list[str], list[str]]:
    """(mutant name patterns, file globs to mutate, test files) for the areas or modules given (all of tui/rules/)."""
    patterns: list[str] = []
    globs: list[str] = []
    areas: list[str] = []
    for arg in args or list(FAST_TESTS):
        if arg in FAST_TESTS:
            patterns.append(f"tui.rules.{arg}.*")
            globs.append(f"tui/rules/{arg}/*")
            areas.append(arg)
            continue
        path = Path(arg)
        parts = path.with_suffix("").parts
        if len(parts) < 4 or parts[:2] != ("tui", "rules") or parts[2] not in FAST_TESTS or path.suffix != ".py":
            raise SystemExit(f"{arg}: give an area ({', '.join(FAST_TESTS)}) or a module under tui/rules/<area>/")
        if not (ROOT / path).is_file():
            raise SystemExit(f"{arg}: no such module")
        patterns.append(".".join(parts) + ".*")
        globs.append(path.as_posix())
        areas.append(parts[2])
    tests = sorted({f"tests/{name}.py" for area in areas for name in FAST_TESTS[area]})
    return patterns, globs, tests


def forget_unmutated_copies(globs: list[str], do_not_mutate: list[str]) -> list[Path]:
    """Remove the plain copies in ``mutants/`` of the modules to mutate now; return what was removed.

    mutmut copies every source file into ``mutants/`` but mutates only those it
    is asked to; a later run on other modules takes the plain copies as up to
    date and generates no mutants for them (a run on one module, then on its
    whole rule set, scored that one module alone). A copy without mutants is
    removed so that mutmut generates them.
    """
    removed = []
    for pattern in globs:
        for source in sorted(ROOT.glob(pattern)):
            rel = source.relative_to(ROOT).as_posix()
            if source.suffix != ".py" or any(fnmatch.fnmatch(rel, d) for d in do_not_mutate):
                continue
            copy = ROOT / "mutants" / rel
            if copy.is_file() and "__mutmut_" not in copy.read_text(encoding="utf-8"):
                copy.unlink()
                removed.append(copy)
    return removed


STATS = ROOT / "mutants" / "mutmut-stats.json"
"""mutmut's record of which tests call which mutated function, kept between runs."""


def forget_stats() -> None:
    """Remove :data:`STATS`, so that mutmut traces every test again before it tests a mutant.

    mutmut traces the tests once and afterwards only the tests it has not seen;
    the functions of a module mutated for the first time (after a run on
    another module) were never traced, and all their mutants counted as
    having no tests (a run on one module, then on its whole area, scored the
    other modules 0 of N with N "no tests").
    """
    STATS.unlink(missing_ok=True)


def forget_survivors(globs: list[str]) -> int:
    """Forget the result of every mutant of ``globs`` that survived or had no test (mutmut's ``.meta`` files beside
    the mutants), so that a resumed run tests it again; the number forgotten."""
    import json

    count = 0
    for pattern in globs:
        for meta in sorted((ROOT / "mutants").glob(pattern + ".meta")):
            data = json.loads(meta.read_text(encoding="utf-8"))
            codes = data.get("exit_code_by_key", {})
            again = [name for name, code in codes.items() if code in SURVIVED]
            for name in again:
                codes[name] = None
            if again:
                meta.write_text(json.dumps(data, indent=4), encoding="utf-8")
                count += len(again)
    return count


SURVIVED = (0, 33)
"""mutmut's exit codes of a mutant that survived (the tests passed) and of one that no test calls."""


def run(patterns: list[str], globs: list[str], tests: list[str], children: int, resume: bool = False) -> None:
    """Run mutmut on the mutants matching ``patterns`` with only ``tests`` (in this process, like ``mutmut run``).

    Only the files in ``globs`` are mutated: generating the mutants of a module
    costs minutes (a verb builder's closures are copied whole for each mutant).
    With ``resume`` mutmut is given no names: it then tests only the mutants of
    the files mutated now that have no result yet (mutmut records each result as
    it comes, and forgets those of a function whose code changed), so a run of a
    whole rule set (hours on two cores) can be stopped and taken up again. The
    survivors' results are forgotten first (:func:`forget_survivors`): tests
    written since may kill them.
    """
    from mutmut import configuration

    config = configuration.config()
    keep = [g for g in globs if not any(fnmatch.fnmatch(g, d) for d in config.do_not_mutate)]
    if forget_unmutated_copies(keep, config.do_not_mutate):
        forget_stats()
    if resume:
        forget_survivors(keep)
    sys.path.insert(0, str(ROOT / "scripts"))  # the forked test runs load mutation_fresh (rule sets built afresh)
    args = [*config.pytest_add_cli_args, "-m", "not slow", "-p", "mutation_fresh",
            *(a for test in SUBPROCESS_TESTS for a in ("--deselect", test))]
    configuration._config = dataclasses.replace(config, only_mutate=keep, pytest_add_cli_args_test_selection=tests,
                                                pytest_add_cli_args=args, debug=bool(os.environ.get("MUTATION_DEBUG")))
    from mutmut.__main__ import cli

    try:
        cli(["run", "--max-children", str(children), *([] if resume else patterns)], standalone_mode=False)
    except SystemExit as exc:  # mutmut exits when it stops early; the report below still says what it has
        if exc.code not in (0, None):
            print(f"mutmut stopped (exit {exc.code})", file=sys.stderr)


def report(patterns: list[str]) -> int:
    """Print the score of the mutants matching ``patterns`` and every survivor; return the number of survivors."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout
    status: dict[str, str] = {}
    for line in out.splitlines():
        name, _, what = line.strip().rpartition(": ")
        if name and any(fnmatch.fnmatch(name, p) for p in patterns):
            status[name] = what
    counts: dict[str, int] = {}
    for what in status.values():
        counts[what] = counts.get(what, 0) + 1
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = sum(n for what, n in counts.items() if what not in ("skipped", "not checked"))
    score = 100.0 * killed / tested if tested else 0.0
    print(f"Mutation score for {' '.join(patterns)}: {killed}/{tested} killed ({score:.1f}%)")
    print("  " + ", ".join(f"{what} {n}" for what, n in sorted(counts.items())))
    survivors = sorted(n for n, what in status.items() if what in ("survived", "no tests", "suspicious"))
    if survivors:
        print(f"Survivors ({len(survivors)}); see one with: mutmut show NAME")
        for name in survivors:
            print(f"  {name}: {status[name]}")
    return len(survivors)


def main(argv: list[str] | None = None) -> int:
    """Run (unless --report) and print the score and the survivors."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("targets", nargs="*", help="areas (europa, ocs, core) or modules under tui/rules/")
    parser.add_argument("--report", action="store_true", help="only print the score of the last run")
    parser.add_argument("--children", type=int, default=1, help="parallel test processes (default 1: the machine is shared)")
    parser.add_argument("--resume", action="store_true", help="test only the mutants with no result yet")
    args = parser.parse_args(argv)
    patterns, globs, tests = targets(args.targets)
    os.chdir(ROOT)
    if not args.report:
        run(patterns, globs, tests, args.children, args.resume)
    report(patterns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
