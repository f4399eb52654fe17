"""Mutation testing covers every line of every rule set (scripts/mutation.py, ``[tool.mutmut]`` in pyproject.toml)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def _mutation():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import mutation
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return mutation


def test_nothing_of_the_rules_is_excluded_from_mutation():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    assert config["only_mutate"] == ["tui/rules/*"]
    assert config.get("do_not_mutate", []) == []


def test_every_rule_set_test_file_is_in_its_mutation_selection():
    """A new ``tests/test_<rule set>_*.py`` kills mutants without being listed by hand."""
    fast = _mutation().FAST_TESTS
    for area in ("europa", "ocs", "awaw", "logistics"):
        on_disk = {p.stem for p in (ROOT / "tests").glob(f"test_{area}_*.py")}
        assert on_disk <= set(fast[area]), area
        assert all((ROOT / "tests" / f"{name}.py").is_file() for name in fast[area])
    assert {"test_europa_issue33", "test_ocs_issue33", "test_awaw_cases_outsider"} <= {
        t for names in fast.values() for t in names}


def test_the_mutation_run_leaves_out_the_slow_tests_and_every_area_has_a_module():
    mutation = _mutation()
    patterns, globs, tests = mutation.targets(["ocs"])
    assert patterns == ["tui.rules.ocs.*"] and globs == ["tui/rules/ocs/*"]
    assert "tests/test_ocs_issue33.py" in tests and "tests/test_dice_stages.py" in tests
    assert '"-m", "not slow"' in (ROOT / "scripts" / "mutation.py").read_text(encoding="utf-8")
    for area in mutation.FAST_TESTS:
        assert (ROOT / "tui" / "rules" / area).is_dir()


def test_no_function_of_the_rules_hides_behind_a_decorator_mutmut_skips():
    """mutmut 3 leaves out every decorated function but a lone ``staticmethod`` or ``classmethod`` (a cache such as
    ``lru_cache`` hid a function from mutation): a rule is a plain function. The properties (a few one-line
    accessors) and the one ``contextmanager`` are what remains skipped, counted here so that none is added unseen."""
    import ast

    skipped: dict[str, int] = {}
    for path in sorted((ROOT / "tui" / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.decorator_list:
                names = [ast.unparse(d) for d in node.decorator_list]
                if names in (["staticmethod"], ["classmethod"]):
                    continue
                key = "+".join(names)
                skipped[key] = skipped.get(key, 0) + 1
    assert set(skipped) <= {"property", "contextmanager"}, skipped
    assert skipped.get("contextmanager", 0) <= 1 and skipped.get("property", 0) <= 27, skipped


def test_a_resumed_run_tests_again_only_the_mutants_not_killed(tmp_path, monkeypatch):
    """--resume: mutmut skips a mutant with a result, so the survivors' and the untested ones' results are forgotten
    first (tests written since may kill them); the killed, the timed out and those not tested yet stay as they are."""
    import json

    mutation = _mutation()
    meta = tmp_path / "mutants" / "tui" / "rules" / "ocs" / "ports.py.meta"
    meta.parent.mkdir(parents=True)
    codes = {"a__mutmut_1": 0, "a__mutmut_2": 1, "a__mutmut_3": 33, "a__mutmut_4": None, "a__mutmut_5": 36}
    meta.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": {"a": "h"},
                                "type_check_error_by_key": {}, "durations_by_key": {}, "estimated_durations_by_key": {}}))
    (meta.parent / "rules.py.meta").write_text(json.dumps({"exit_code_by_key": {"b__mutmut_1": 1}}))
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    assert mutation.forget_survivors(["tui/rules/ocs/*"]) == 2
    data = json.loads(meta.read_text())
    assert data["exit_code_by_key"] == {"a__mutmut_1": None, "a__mutmut_2": 1, "a__mutmut_3": None,
                                        "a__mutmut_4": None, "a__mutmut_5": 36}
    assert data["hash_by_function_name"] == {"a": "h"}
    assert json.loads((meta.parent / "rules.py.meta").read_text()) == {"exit_code_by_key": {"b__mutmut_1": 1}}
    assert mutation.main.__doc__ and "--resume" in mutation.__doc__


def test_the_ledger_keeps_results_between_machines_and_forgets_a_changed_function(tmp_path, monkeypatch):
    """The ledger (docs/mutation/AREA.json) records each mutant's result with its function's hash; a run on a fresh
    machine writes mutmut's .meta back from it; a later result replaces the ledger's, a function whose hash changed
    loses its old results, and the report counts a module killed/tested (a timeout as killed)."""
    import json

    mutation = _mutation()
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "LEDGER", tmp_path / "docs" / "mutation")
    source = tmp_path / "tui" / "rules" / "ocs" / "ports.py"
    source.parent.mkdir(parents=True)
    source.write_text("def a():\n    return 1\n\n\ndef b():\n    return 2\n")
    meta = tmp_path / "mutants" / "tui" / "rules" / "ocs" / "ports.py.meta"
    meta.parent.mkdir(parents=True)

    def write_meta(codes, hashes):
        meta.write_text(json.dumps({"exit_code_by_key": {f"tui.rules.ocs.ports.{k}": v for k, v in codes.items()},
                                    "hash_by_function_name": hashes, "type_check_error_by_key": {},
                                    "durations_by_key": {}, "estimated_durations_by_key": {}}))

    write_meta({"x_a__mutmut_1": 1, "x_a__mutmut_2": 0, "x_a__mutmut_3": None, "x_b__mutmut_1": 36}, {"x_a": "ha", "x_b": "hb"})
    assert mutation.save_ledger("ocs", "abc1234") == (3, 3)
    ledger = json.loads((tmp_path / "docs" / "mutation" / "ocs.json").read_text())
    assert ledger["runs"] == [{"commit": "abc1234", "new results": 3}]
    assert ledger["modules"]["tui/rules/ocs/ports.py"]["functions"] == {"x_a": ["ha", [1, 0, None]], "x_b": ["hb", [36]]}
    assert mutation.ledger_report("ocs") == [("tui/rules/ocs/ports.py", 2, 3, 4, False)]

    meta.unlink()  # a fresh machine: mutmut's .meta comes back from the ledger
    assert mutation.restore_ledger(["tui/rules/ocs/*"]) == 3
    restored = json.loads(meta.read_text())
    assert restored["exit_code_by_key"] == {"tui.rules.ocs.ports.x_a__mutmut_1": 1, "tui.rules.ocs.ports.x_a__mutmut_2": 0,
                                            "tui.rules.ocs.ports.x_a__mutmut_3": None, "tui.rules.ocs.ports.x_b__mutmut_1": 36}
    assert restored["hash_by_function_name"] == {"x_a": "ha", "x_b": "hb"}
    assert mutation.restore_ledger(["tui/rules/ocs/*"]) == 0  # a .meta of mutants/ is newer than the ledger: left alone

    # a later run: x_a's third mutant killed, its second not run again (kept); x_b changed, its old result forgotten
    write_meta({"x_a__mutmut_1": None, "x_a__mutmut_2": None, "x_a__mutmut_3": 3, "x_b__mutmut_1": None,
                "x_b__mutmut_2": 0}, {"x_a": "ha", "x_b": "hb2"})
    assert mutation.save_ledger("ocs", "abc1234") == (4, 2)
    ledger = json.loads((tmp_path / "docs" / "mutation" / "ocs.json").read_text())
    assert ledger["modules"]["tui/rules/ocs/ports.py"]["functions"] == {"x_a": ["ha", [1, 0, 3]],
                                                                       "x_b": ["hb2", [None, 0]]}
    assert ledger["runs"] == [{"commit": "abc1234", "new results": 5}]
    assert mutation.ledger_report("ocs") == [("tui/rules/ocs/ports.py", 2, 4, 5, False)]
    source.write_text("def a():\n    return 3\n")
    assert mutation.ledger_report("ocs")[0][4] is True  # the source changed since: stale


def test_a_mutants_tests_load_the_rule_sets_afresh_once_and_the_traced_tests_each_time(monkeypatch):
    """scripts/mutation_fresh.py: while mutmut traces the tests, each test loads its rule sets afresh (its builders are
    seen called by every test that plays the rule set); while a mutant is tested, only its first test does (the rule
    sets are then built with the mutant switched on for all its tests); the next mutant loads them afresh again."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import mutation_fresh
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    from tui.engine import setup

    cleared = []
    monkeypatch.setattr(setup.load_ruleset, "cache_clear", lambda: cleared.append(now[0]))
    now = ["stats"]
    monkeypatch.setattr(mutation_fresh, "_mutant_now", lambda: now[0])
    monkeypatch.setattr(mutation_fresh, "_LOADED_WITH", None)
    for name in ["stats", "stats", "a.x_f__mutmut_1", "a.x_f__mutmut_1", "a.x_f__mutmut_1", "a.x_f__mutmut_2", "",
                 "a.x_f__mutmut_2"]:
        now[0] = name
        mutation_fresh.pytest_runtest_setup(None)
    assert cleared == ["stats", "stats", "a.x_f__mutmut_1", "a.x_f__mutmut_2", "", "a.x_f__mutmut_2"]


def test_a_mutants_quickest_test_modules_run_first_each_kept_whole_and_in_order(monkeypatch):
    """scripts/mutation_fresh.py: under -x a killed mutant stops at its first failing test, so its test modules run
    by their measured time, quickest first; a module's tests stay together in their order; an unmeasured test counts
    as slow; outside a mutant (mutmut tracing, or no mutmut) the order is pytest's."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import mutation_fresh
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    ids = ["tests/test_slow.py::a", "tests/test_fast.py::b", "tests/test_slow.py::c", "tests/test_fast.py::d",
           "tests/test_new.py::e", "tests/test_mid.py::f"]
    durations = {"tests/test_slow.py::a": 2.0, "tests/test_slow.py::c": 0.5, "tests/test_fast.py::b": 0.1,
                 "tests/test_fast.py::d": 0.2, "tests/test_mid.py::f": 1.0}
    order = mutation_fresh.fastest_modules_first(ids, durations)
    assert [ids[i].rpartition("::")[2] for i in order] == ["b", "d", "f", "a", "c", "e"]
    assert mutation_fresh.fastest_modules_first(["m.py::x", "n.py::y", "m.py::z"], {}) == [1, 0, 2]

    class Item:
        def __init__(self, nodeid):
            self.nodeid = nodeid

    items = [Item(n) for n in ids]
    monkeypatch.setattr(mutation_fresh, "_durations", lambda: durations)
    for now, expected in (("", ids), ("stats", ids), ("a.x_f__mutmut_3", [ids[i] for i in order])):
        monkeypatch.setattr(mutation_fresh, "_mutant_now", lambda: now)
        got = list(items)
        mutation_fresh.pytest_collection_modifyitems(None, None, got)
        assert [i.nodeid for i in got] == expected


def test_a_resumed_run_refreshes_the_stale_copies_in_mutants_but_the_modules_mutated_now(tmp_path, monkeypatch):
    """mutmut copies the tree into mutants/ once: after a change (a pull between two sittings), its tests and the
    app's other modules there are copied again; a copy whose source is gone is removed; the modules mutated now (and
    mutmut's records beside them) are left to mutmut."""
    mutation = _mutation()
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    files = {"tests/test_a.py": ("new test", "old test"), "tui/engine/x.py": ("same", "same"),
             "tui/rules/ocs/m.py": ("source", "mutated"), "tui/rules/europa/e.py": ("plain", "old mutated")}
    for rel, (now, copied) in files.items():
        for where, text in ((tmp_path / rel, now), (tmp_path / "mutants" / rel, copied)):
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_text(text)
    (tmp_path / "mutants" / "tests" / "test_gone.py").write_text("a test since removed")
    (tmp_path / "mutants" / "tui" / "rules" / "ocs" / "m.py.meta").write_text("{}")
    done = mutation.refresh_copies([Path("tui"), Path("tests"), Path("data")], ["tui/rules/ocs/*"])
    assert sorted(done) == ["tests/test_a.py", "tests/test_gone.py", "tui/rules/europa/e.py"]
    copied = {rel: (tmp_path / "mutants" / rel).read_text() for rel in files}
    assert copied == {"tests/test_a.py": "new test", "tui/engine/x.py": "same", "tui/rules/ocs/m.py": "mutated",
                      "tui/rules/europa/e.py": "plain"}
    assert not (tmp_path / "mutants" / "tests" / "test_gone.py").exists()
    assert (tmp_path / "mutants" / "tui" / "rules" / "ocs" / "m.py.meta").exists()


def test_the_ledgers_mutmut_is_the_pinned_one():
    """The ledger records mutants by mutmut's numbering: the version it names is the one pyproject.toml pins."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert config["mutation"] == [f"mutmut=={_mutation().PINNED}"]


def test_a_run_under_mutmut_has_a_private_temporary_folder_removed_at_its_end(tmp_path):
    """scripts/mutation_fresh.py: each forked run of a mutant ends without pytest's exit handlers, so pytest's numbered
    folders were never removed and every run scanned them all; a run now makes its own folder (0700, by mkdtemp) and
    removes it at its end. A ``--basetemp`` given is left alone."""
    import stat
    import types

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import mutation_fresh
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    config = types.SimpleNamespace(option=types.SimpleNamespace(basetemp=None), stash=pytest.Stash())
    mutation_fresh.pytest_configure(config)
    folder = Path(config.option.basetemp)
    assert folder.is_dir() and folder.name.startswith("harbormaster-mutant-")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (folder / "pytest-0").mkdir()
    mutation_fresh.pytest_unconfigure(config)
    assert not folder.exists()
    given = types.SimpleNamespace(option=types.SimpleNamespace(basetemp=str(tmp_path)), stash=pytest.Stash())
    mutation_fresh.pytest_configure(given)
    mutation_fresh.pytest_unconfigure(given)
    assert given.option.basetemp == str(tmp_path) and tmp_path.is_dir()
