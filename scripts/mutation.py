"""Mutation testing of the rules with mutmut: which changes to the code do the tests not notice?

    python scripts/mutation.py                        every module of tui/rules/
    python scripts/mutation.py europa                 a rule set (europa, ocs, logistics, awaw, core)
    python scripts/mutation.py tui/rules/europa/ports.py tui/rules/europa/yards.py
    python scripts/mutation.py --report europa        only print the score of the last run
    python scripts/mutation.py europa --resume        test only the mutants not killed yet (a run stopped
                                                      half-way goes on where it stopped; survivors again)
    python scripts/mutation.py europa --resume --untested  the same, the survivors kept (tests unchanged since)
    python scripts/mutation.py --save europa          record the results of mutants/ in the ledger
    python scripts/mutation.py --ledger               the score of each module from the ledger alone

Each area runs only its own fast rule tests (never the slow pilot, snapshot or
proof tests). The score is killed / tested (a timeout counts as killed), then
every survivor is listed with ``mutmut show NAME`` to see its change. mutmut
works in ``mutants/`` (ignored by git) and remembers results between runs.
Not part of CI: it takes minutes per module, hours per rule set.

The results are also kept in the repository, in the ledger ``docs/mutation/AREA.json``
(:func:`save_ledger`): per module and function, mutmut's hash of the function's
code and the result of each of its mutants. A run starts from the ledger
(:func:`restore_ledger`), so a rule set's run (longer than one sitting) goes
on where the last one stopped, on any machine, and the mutants of a function
whose code changed since are tested again (mutmut's own rule between runs). The configuration is
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
    "logistics": ["test_scenario_cli", "test_setup_engine", "test_own_game_issue30_import"],
    "awaw": ["test_scenario_cli", "test_setup_engine", "test_own_game_issue30_import"],
    "core": ["test_dice_and_parser", "test_phases", "test_engine", "test_dice_stages", "test_ocs_engine", "test_checklist",
             "test_core_exact_checklist", "test_europa_sea_engine"],
}
"""Tests outside ``tests/test_<area>_*.py`` that also check an area's rules (the scenario form's export and allowed
values of AWAW and Logistics are reached only through ``scenario export``, ``setup`` and an own game's import)."""


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


def refresh_copies(roots: list[Path], keep: list[str]) -> list[str]:
    """Make ``mutants/`` a copy of the tree as it is now, but for the modules mutated now; the paths refreshed.

    mutmut copies the project into ``mutants/`` once and never again: after a
    change (a pull between two sittings of a rule set's run), its tests, the
    app's other modules and another area's rule modules there were the old ones,
    and the mutants were tested against stale tests. A copy that differs from its
    source is copied again (another area's mutated module too: a plain copy,
    mutated again when that area runs, its results kept by hash), and one whose
    source is gone is removed. mutmut itself regenerates the modules of ``keep``.
    """
    import filecmp
    import shutil

    done = []
    base = ROOT / "mutants"
    for root in roots:
        source_root = ROOT / root
        if not source_root.exists() or not base.is_dir():
            continue
        sources = [source_root] if source_root.is_file() else [f for f in sorted(source_root.rglob("*")) if f.is_file()]
        for source in sources:
            rel = source.relative_to(ROOT).as_posix()
            if "__pycache__" in rel or any(fnmatch.fnmatch(rel, g) for g in keep):
                continue
            copy = base / rel
            if copy.is_file() and not filecmp.cmp(source, copy, shallow=False):
                shutil.copy2(source, copy)
                done.append(rel)
        copies = [] if source_root.is_file() else [f for f in (base / root).rglob("*") if f.is_file()]
        for copy in copies:
            rel = copy.relative_to(base).as_posix()
            if copy.suffix in (".meta", ".spans") or "__pycache__" in rel or (ROOT / rel).exists():
                continue
            copy.unlink()
            done.append(rel)
    return done


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


LEDGER = ROOT / "docs" / "mutation"
"""The ledger: ``AREA.json`` per area of tui/rules/ (see :func:`save_ledger`)."""

KILLED = {1: "killed", 3: "killed", 36: "timeout", 24: "timeout", -24: "timeout", 0: "survived", 33: "no tests",
          34: "skipped", 35: "suspicious", 37: "caught by type check"}
"""mutmut's exit code of a mutant's test run, by what it means (as ``mutmut results`` says it)."""


PINNED = "3.8.1"
"""The mutmut of ``pip install -e .[mutation]`` (pyproject.toml pins it): its mutants' numbering is the ledger's."""


def _mutmut_version() -> str:
    """The installed mutmut's version (the pinned one where mutmut is not installed: the tests of this script)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mutmut")
    except PackageNotFoundError:
        return PINNED


def _module_of(key: str) -> tuple[str, str, int]:
    """(mangled function name, ``__mutmut_`` number) of a mutant's key, the module's dotted path first."""
    head, _, number = key.rpartition("__mutmut_")
    module, _, function = head.rpartition(".")
    return module, function, int(number)


def _source_hash(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def ledger_path(area: str) -> Path:
    return LEDGER / f"{area}.json"


def load_ledger(area: str) -> dict:
    """The ledger of ``area`` (an empty one if there is none yet)."""
    import json

    path = ledger_path(area)
    if not path.is_file():
        return {"mutmut": _mutmut_version(), "modules": {}, "runs": []}
    return json.loads(path.read_text(encoding="utf-8"))


def _write_ledger(area: str, ledger: dict) -> None:
    """One line per function, so that a run's change to the ledger reads as the functions it tested."""
    import json

    def block(items: list[str], indent: str) -> str:
        return ",\n".join(indent + item for item in items)

    modules = []
    for path in sorted(ledger["modules"]):
        module = ledger["modules"][path]
        functions = [f"{json.dumps(name)}: {json.dumps(module['functions'][name])}" for name in sorted(module["functions"])]
        modules.append(f"{json.dumps(path)}: {{\n      \"source\": {json.dumps(module['source'])},\n"
                       f"      \"functions\": {{\n{block(functions, '        ')}\n      }}\n    }}")
    runs = [json.dumps(run, sort_keys=True) for run in ledger["runs"]]
    text = (f'{{\n  "mutmut": {json.dumps(ledger["mutmut"])},\n  "runs": [\n{block(runs, "    ")}\n  ],\n'
            f'  "modules": {{\n{block(modules, "    ")}\n  }}\n}}\n')
    LEDGER.mkdir(parents=True, exist_ok=True)
    target = ledger_path(area)
    temporary = target.with_suffix(".json.tmp")
    temporary.write_text(text, encoding="utf-8")
    if json.loads(text) != ledger:  # never replace the ledger with a file that does not read back the same
        raise SystemExit(f"{target}: the ledger written would not read back; left as it was")
    temporary.replace(target)


def _read_meta(meta: Path) -> dict | None:
    import json

    for _ in range(5):  # mutmut rewrites a .meta as results come: a read may meet it half-written
        try:
            return json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            import time

            time.sleep(0.2)
    return None


def save_ledger(area: str, commit: str | None = None) -> tuple[int, int]:
    """Record the results in ``mutants/`` of the modules of ``area`` in its ledger; (results recorded, new ones).

    Per module: the hash of its source and, per function, mutmut's hash of the
    function's code and the exit code of each mutant (by number, ``None`` for
    not tested yet). A result of ``mutants/`` replaces the ledger's; a result the
    ledger has is kept where ``mutants/`` has none, while the function's hash is
    the same. A function no longer in the module is dropped.
    """
    ledger = load_ledger(area)
    ledger["mutmut"] = _mutmut_version()
    recorded = new = 0
    for source in sorted((ROOT / "tui" / "rules" / area).glob("*.py")):
        rel = source.relative_to(ROOT).as_posix()
        data = _read_meta(ROOT / "mutants" / (rel + ".meta"))
        if data is None:
            continue
        hashes = data.get("hash_by_function_name", {})
        old = ledger["modules"].get(rel, {"functions": {}})["functions"]
        codes_by_function: dict[str, dict[int, int | None]] = {}
        for key, code in data.get("exit_code_by_key", {}).items():
            _, function, number = _module_of(key)
            codes_by_function.setdefault(function, {})[number] = code
        functions = {}
        for function, codes in codes_by_function.items():
            before = old.get(function)
            kept = before[1] if before and before[0] == hashes.get(function) else []
            merged = []
            for number in range(1, max(codes) + 1):
                code = codes.get(number)
                if code is None and number <= len(kept):
                    code = kept[number - 1]
                elif code is not None and (number > len(kept) or kept[number - 1] != code):
                    new += 1
                recorded += code is not None
                merged.append(code)
            functions[function] = [hashes.get(function, ""), merged]
        ledger["modules"][rel] = {"source": _source_hash(source), "functions": functions}
    for rel in [rel for rel in ledger["modules"] if not (ROOT / rel).is_file()]:
        del ledger["modules"][rel]
    if commit and new:
        if ledger["runs"] and ledger["runs"][-1]["commit"] == commit:
            ledger["runs"][-1]["new results"] += new
        else:
            ledger["runs"].append({"commit": commit, "new results": new})
    _write_ledger(area, ledger)
    return recorded, new


def restore_ledger(globs: list[str]) -> int:
    """Write mutmut's ``.meta`` of each module of ``globs`` that has none from its area's ledger; the results restored.

    mutmut then merges them as it does its own between runs: the results of a
    function whose hash is unchanged are kept, the others tested again.
    """
    import json

    restored = 0
    for pattern in globs:
        for source in sorted(ROOT.glob(pattern)):
            rel = source.relative_to(ROOT).as_posix()
            meta = ROOT / "mutants" / (rel + ".meta")
            parts = source.relative_to(ROOT).parts
            if source.suffix != ".py" or meta.exists() or len(parts) < 4:
                continue
            ledger = load_ledger(parts[2])
            if ledger.get("mutmut") != _mutmut_version() or rel not in ledger["modules"]:
                continue
            module = ".".join(source.relative_to(ROOT).with_suffix("").parts).replace(".__init__", "")
            codes, hashes = {}, {}
            for function, (digest, results) in ledger["modules"][rel]["functions"].items():
                hashes[function] = digest
                for number, code in enumerate(results, start=1):
                    codes[f"{module}.{function}__mutmut_{number}"] = code
                    restored += code is not None
            meta.parent.mkdir(parents=True, exist_ok=True)
            meta.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": hashes,
                                        "type_check_error_by_key": {}, "durations_by_key": {},
                                        "estimated_durations_by_key": {}}, indent=4), encoding="utf-8")
    return restored


def ledger_report(area: str) -> list[tuple[str, int, int, int, bool]]:
    """Per module of ``area``: (path, killed, tested, mutants, stale). A timeout counts as killed; ``stale`` when the
    module's source changed since its results were recorded (or it has none)."""
    ledger = load_ledger(area)
    rows = []
    for source in sorted((ROOT / "tui" / "rules" / area).glob("*.py")):
        rel = source.relative_to(ROOT).as_posix()
        module = ledger["modules"].get(rel)
        if module is None:  # never run, or no function to mutate (mutmut mutates the code of functions only)
            rows.append((rel, 0, 0, 0, "def " in source.read_text(encoding="utf-8")))
            continue
        codes = [code for _, results in module["functions"].values() for code in results]
        killed = sum(1 for code in codes if KILLED.get(code) in ("killed", "timeout"))
        tested = sum(1 for code in codes if code is not None and KILLED.get(code) not in ("skipped", None))
        rows.append((rel, killed, tested, len(codes), module["source"] != _source_hash(source)))
    return rows


def print_ledger(areas: list[str]) -> None:
    for area in areas:
        rows = ledger_report(area)
        killed = sum(r[1] for r in rows)
        tested = sum(r[2] for r in rows)
        mutants = sum(r[3] for r in rows)
        stale = [r[0] for r in rows if r[4]]
        score = 100.0 * killed / tested if tested else 0.0
        print(f"{area}: {killed}/{tested} killed ({score:.1f}%), {tested} of {mutants} mutants tested"
              + (f"; stale or not run: {len(stale)} modules" if stale else ""))
        for rel, k, t, n, old in rows:
            pct = f"{100.0 * k / t:5.1f}%" if t else "   -  "
            print(f"  {rel:<42} {pct}  {k:>5}/{t:<5} of {n:<5}{'  stale' if old else ''}")


def run(patterns: list[str], globs: list[str], tests: list[str], children: int, resume: bool = False,
        keep_survivors: bool = False) -> None:
    """Run mutmut on the mutants matching ``patterns`` with only ``tests`` (in this process, like ``mutmut run``).

    Only the files in ``globs`` are mutated: generating the mutants of a module
    costs minutes (a verb builder's closures are copied whole for each mutant).
    With ``resume`` mutmut is given no names: it then tests only the mutants of
    the files mutated now that have no result yet (mutmut records each result as
    it comes, and forgets those of a function whose code changed), so a run of a
    whole rule set (hours on two cores) can be stopped and taken up again. The
    survivors' results are forgotten first (:func:`forget_survivors`): tests
    written since may kill them; with ``keep_survivors`` (the run stopped and
    taken up again with the same tests) they are kept.
    """
    from mutmut import configuration

    import json

    config = configuration.config()
    keep = [g for g in globs if not any(fnmatch.fnmatch(g, d) for d in config.do_not_mutate)]
    if forget_unmutated_copies(keep, config.do_not_mutate):
        forget_stats()
    roots = [*(str(p) for p in config.source_paths), *(str(p) for p in config.also_copy)]
    refreshed = refresh_copies([Path(r) for r in roots], keep)
    if refreshed:
        print(f"{len(refreshed)} stale copies in mutants/ refreshed from the tree")
    restored = restore_ledger(keep)
    if restored:
        print(f"{restored} results taken from the ledger ({LEDGER.relative_to(ROOT)})")
    if resume and not keep_survivors:
        forget_survivors(keep)
    sys.path.insert(0, str(ROOT / "scripts"))  # the forked test runs load mutation_fresh (rule sets built afresh)
    # no:unraisableexception: that plugin ends each run with five full garbage collections (0.4 s of a quick
    # mutant's 0.9 s, over all the forked process inherited); it only turns exceptions nothing could catch into warnings.
    args = [*config.pytest_add_cli_args, "-m", "not slow", "-p", "mutation_fresh", "-p", "no:unraisableexception",
            *(a for test in SUBPROCESS_TESTS for a in ("--deselect", test))]
    configuration._config = dataclasses.replace(config, only_mutate=keep, pytest_add_cli_args_test_selection=tests,
                                                pytest_add_cli_args=args, debug=bool(os.environ.get("MUTATION_DEBUG")))
    if STATS.is_file():
        # Traced with other tests (another area's run): mutmut would then forget every result, the ledger's too.
        traced = json.loads(STATS.read_text(encoding="utf-8")).get("config_fingerprint", {})
        if traced != configuration.config().config_fingerprint():
            forget_stats()
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
    parser.add_argument("--untested", action="store_true",
                        help="with --resume: keep the survivors' results (the tests have not changed since)")
    parser.add_argument("--save", action="store_true", help="only record the results of mutants/ in the ledger")
    parser.add_argument("--ledger", action="store_true", help="only print each module's score from the ledger")
    args = parser.parse_args(argv)
    patterns, globs, tests = targets(args.targets)
    areas = sorted({p.split(".")[2] for p in patterns})
    os.chdir(ROOT)
    if args.ledger:
        print_ledger(areas)
        return 0
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.strip()  # the tree the run started from (a pull may come later)
    if not args.report and not args.save:
        run(patterns, globs, tests, args.children, args.resume, args.untested)
    if not args.report:
        for area in areas:
            recorded, new = save_ledger(area, commit or None)
            print(f"ledger {ledger_path(area).relative_to(ROOT)}: {recorded} results, {new} new")
    report(patterns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
