"""Issue 31.1: a rule set is a plugin, found through its entry point; nothing outside its own folder names it.

The rule sets are found in the entry-point group ``harbormaster.rulesets`` (``tui/engine/registry.py``), from the
installed distributions on ``sys.path``, never from the current folder or a folder any user may write.
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from tui.engine import registry
from tui.rules.core.errors import DataError
from tui.rules.core.plugin import GROUP, RuleSetPlugin

ROOT = Path(__file__).resolve().parent.parent
TUI = ROOT / "tui"
BUNDLED = ("awaw", "europa", "logistics", "ocs")
#: A rule set's id as a word of the source: an identifier, a word in a string or a comment, a path or module name.
NAMED = re.compile(r"(?<![\w-])(" + "|".join(BUNDLED) + r")(?![\w-])", re.IGNORECASE)
#: The one phrase of the app's own description that holds such a word without naming a rule set.
DESCRIPTION = "logistics turn-tracker"


def _own_folder(path: Path) -> str | None:
    """The rule set whose folder holds ``path`` (``tui/rules/<id>/...``), or None."""
    parts = path.relative_to(TUI).parts
    return parts[1] if len(parts) > 2 and parts[0] == "rules" and parts[1] != "core" else None


def _names(text: str) -> list[tuple[int, str]]:
    """(line, word) of each rule set named in a module's source: in code, strings, docstrings and comments."""
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            for match in NAMED.finditer(tok.string.replace(DESCRIPTION, "")):
                found.append((tok.start[0] + tok.string[: match.start()].count("\n"), match.group()))
    return found


def test_31_1_no_module_outside_a_rule_sets_own_folder_names_a_rule_set() -> None:
    """Issue 31.1: the engine, store, screens, widgets, CLI and scenario package find rule sets only through the
    registry: no module outside ``tui/rules/<name>/`` names ``europa``, ``ocs``, ``awaw`` or ``logistics`` (the
    entry-point list in pyproject.toml is the one place that does)."""
    offenders = []
    checked = 0
    for path in sorted(TUI.rglob("*")):
        if path.suffix not in (".py", ".tcss") or _own_folder(path) is not None:
            continue
        checked += 1
        text = path.read_text(encoding="utf-8")
        names = _names(text) if path.suffix == ".py" else [(i + 1, m.group()) for i, line in enumerate(text.splitlines())
                                                           for m in NAMED.finditer(line)]
        offenders += [f"{path.relative_to(ROOT)}:{line}: {word}" for line, word in names]
    assert checked > 100
    assert offenders == []


def test_31_1_the_check_finds_a_rule_set_named_in_code_a_string_or_a_comment() -> None:
    """The check above is not blind: an identifier, a quoted id, a module path and a comment are each found; the app's
    description and a longer word are not."""
    source = ('import tui.rules.ocs\nx = "europa"  # see AWAW\nawaw = 1\n'
              'y = "A referee\'s logistics turn-tracker"\nz = "europa-like"\nw = "mediterranean"\n')
    assert [word for _, word in _names(source)] == ["ocs", "europa", "AWAW", "awaw"]


def test_31_1_the_bundled_rule_sets_are_found_through_their_entry_points() -> None:
    """The four bundled rule sets are installed as entry points of :data:`GROUP` and each loads as its own plugin."""
    from tui.engine.setup import RULESETS

    assert registry.ids() == BUNDLED
    assert sorted(RULESETS) == list(BUNDLED)
    for rid in BUNDLED:
        found = registry.plugin(rid)
        assert isinstance(found, RuleSetPlugin) and found.id == rid
        assert registry.entries()[rid] == f"tui.rules.{rid}.plugin:PLUGIN"
        assert RULESETS[rid] == f"tui.rules.{rid}"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{GROUP}"]' in pyproject


def test_31_1_reading_the_plugins_imports_no_rule_set() -> None:
    """A start reads every plugin (their options parse a command line) but loads only the rule set of its game: the
    plugin modules stay light."""
    code = ("import sys; from tui.engine import registry; registry.value_options(); "
            "print(sorted(m for m in sys.modules if m.startswith('tui.rules.') and not m.startswith('tui.rules.core.') and m.count('.') == 3))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert eval(out) == sorted(f"tui.rules.{rid}.plugin" for rid in BUNDLED)


def test_31_1_an_unknown_rule_set_is_refused_with_the_list() -> None:
    with pytest.raises(DataError, match="unknown rule set; known: awaw, europa, logistics, ocs"):
        registry.plugin("napoleon")


def _dist(folder: Path, name: str, entry: str) -> Path:
    """An installed distribution ``name`` in ``folder`` whose entry point ``entry`` is a rule set."""
    meta = folder / f"{name}-1.0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (meta / "entry_points.txt").write_text(f"[{GROUP}]\n{entry}\n", encoding="utf-8")
    return meta


PLANTED = '''import pathlib
pathlib.Path({marker!r}).write_text("imported")
PLUGIN = None
'''


@pytest.fixture
def isolated(monkeypatch):
    """The registry read afresh for the test and again after it (nothing it found is kept)."""
    registry.reset()
    yield monkeypatch
    monkeypatch.undo()
    registry.reset()


@pytest.mark.parametrize("where", ["current folder", "world-writable folder"])
def test_31_1_a_rule_set_planted_in_the_current_or_a_world_writable_folder_is_never_loaded(tmp_path, isolated, where) -> None:
    """Another user's planted distribution is not read: the current folder (``python -m`` puts it on ``sys.path``) and
    a folder any user may write are passed over; the planted module is never imported."""
    folder = tmp_path / "shared"
    folder.mkdir()
    marker = tmp_path / "imported"
    (folder / "planted_rules.py").write_text(PLANTED.format(marker=str(marker)), encoding="utf-8")
    _dist(folder, "planted", "napoleon = planted_rules:PLUGIN")
    if where == "current folder":
        isolated.chdir(folder)
        isolated.syspath_prepend("")
    else:
        folder.chmod(0o777)
        isolated.syspath_prepend(str(folder))
    assert "napoleon" not in registry.ids()
    with pytest.raises(DataError):
        registry.plugin("napoleon")
    assert not marker.exists()
    assert registry.ids() == BUNDLED


def test_31_1_a_broken_rule_set_is_refused_in_one_line_and_the_others_still_work(tmp_path, isolated) -> None:
    """A third party's rule set that cannot be imported, or whose entry point is not its plugin, is a one-line
    refusal naming it; every other rule set still loads."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "broken_rules.py").write_text("raise RuntimeError('half written')\n", encoding="utf-8")
    (folder / "other_rules.py").write_text("PLUGIN = 42\n", encoding="utf-8")
    _dist(folder, "broken", "broken = broken_rules:PLUGIN")
    _dist(folder, "other", "other = other_rules:PLUGIN")
    isolated.syspath_prepend(str(folder))
    assert registry.ids() == ("awaw", "broken", "europa", "logistics", "ocs", "other")
    with pytest.raises(DataError) as broken:
        registry.plugin("broken")
    assert str(broken.value) == ("rule set: broken: its entry point broken_rules:PLUGIN cannot be loaded "
                                 "(RuntimeError: half written)")
    with pytest.raises(DataError, match="is not the RuleSetPlugin of 'other'"):
        registry.plugin("other")
    assert [p.id for p in registry.plugins()] == list(BUNDLED)


def test_31_1_with_no_rule_set_installed_the_message_says_how_to_install_them(isolated) -> None:
    isolated.setattr(registry, "entries", lambda: {})
    with pytest.raises(DataError, match=r"no rule set is installed: reinstall Harbormaster \(pip install -e \. in its folder\)"):
        registry.plugin("europa")


def test_31_1_the_entry_point_file_is_read_as_importlib_metadata_reads_it() -> None:
    """The registry's own reader of ``entry_points.txt`` gives what ``importlib.metadata`` gives for the installed
    distributions (it reads them without importing that module at every start)."""
    from importlib.metadata import entry_points

    installed = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    assert installed == registry.entries()
    text = f"[console_scripts]\nx = a:b\n\n[{GROUP}]\n# a comment\n  one = pkg.mod:OBJ [extra]\ntwo=pkg:P\n\n[other]\nthree = c:d\n"
    assert list(registry._parse(text)) == [("one", "pkg.mod:OBJ"), ("two", "pkg:P")]


#: The packages above the engine: it imports none of them (no arrow runs up).
ABOVE_ENGINE = ("tui.scenario", "tui.screens", "tui.widgets", "tui.cli", "tui.app", "tui.web", "tui.session",
                "tui.outputs", "tui.app.commands", "tui.session.log_check")


def _imports(source: str, package: str) -> set[str]:
    """Every module the ``source`` of a module of ``package`` imports, at any depth of its code, relative imports
    made absolute."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_31_1_no_arrow_runs_up_from_the_engine() -> None:
    """Issue 31 "Done means": no import goes from ``engine`` to ``scenario``, the screens or the CLI (``edits.py``
    asks the registry for a rule set's form and export instead of the scenario package)."""
    up = []
    for path in sorted((TUI / "engine").rglob("*.py")):
        for module in _imports(path.read_text(encoding="utf-8"), "tui.engine"):
            if module.startswith(ABOVE_ENGINE):
                up.append(f"{path.relative_to(ROOT)}: {module}")
    assert up == []


def test_31_1_the_arrow_check_sees_a_deferred_relative_import() -> None:
    assert "tui.scenario.forms" in _imports("def f():\n    from ..scenario.forms import form\n", "tui.engine")
    assert "tui.cli" in _imports("import tui.cli\n", "tui.engine")


def test_31_1_a_rule_set_without_a_ports_view_has_no_ports_mode() -> None:
    """A rule set shows the modes its views fill: without a ``ports`` view there is no Ports mode (its key says so
    instead of the screen failing on a view that is not there)."""
    from types import SimpleNamespace

    from tui.app import HarbormasterApp

    def app_of(views: dict) -> SimpleNamespace:
        return SimpleNamespace(MODE_VIEWS=HarbormasterApp.MODE_VIEWS, game=SimpleNamespace(ruleset=SimpleNamespace(views=views)))

    bare, ports = app_of({}), app_of({"ports": lambda state: []})
    assert [m for m in ("phases", "ports", "naval", "log") if HarbormasterApp.has_mode(bare, m)] == ["phases", "log"]
    assert [m for m in ("phases", "ports", "naval", "log") if HarbormasterApp.has_mode(ports, m)] == ["phases", "ports", "log"]


def test_31_1_the_rule_cache_key_covers_the_code_of_a_rule_set_installed_apart(tmp_path, isolated) -> None:
    """The converted tables of a rule set are cached under a key of its data and of the code that converts and checks
    them: for a rule set installed as a package of its own, its modules' source is part of the key (a changed check
    converts again), not only Harbormaster's."""
    from tui.rules.core import loader

    (tmp_path / "keyed_rules").mkdir()
    (tmp_path / "keyed_rules" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "keyed_rules" / "tables.py").write_text(
        "import msgspec\n\n\nclass Port(msgspec.Struct):\n    capacity: int = 1\n\n\n"
        "def check(value, file):\n    return None\n", encoding="utf-8")
    isolated.syspath_prepend(str(tmp_path))
    from keyed_rules import tables  # type: ignore[import-not-found]

    spec = loader.RuleData(id="keyed-test", files=(("keyed.toml", (loader.Tables(tables.Port, tables.check, table="port"),)),))
    assert "keyed_rules.tables" in loader.code_modules(spec)
    assert "tui.rules.core.loader" in loader.code_modules(spec)
    before = loader.code_hash(spec)
    loader._CODE.pop(spec.id)
    (tmp_path / "keyed_rules" / "tables.py").write_text(
        (tmp_path / "keyed_rules" / "tables.py").read_text(encoding="utf-8") + "# a changed check\n", encoding="utf-8")
    assert before is not None and loader.code_hash(spec) not in (None, before)
    loader._CODE.pop(spec.id)


MARKER_MODULE = 'import pathlib\npathlib.Path({marker!r}).write_text("imported {name}")\n'


def test_31_1_nothing_is_imported_from_a_folder_planted_where_a_relative_path_entry_points(tmp_path) -> None:
    """A co-player's planted code in the shared folder the referee starts from is never imported: not through a
    relative ``sys.path`` entry (an editable install adds ``__editable__.<name>.finder.__path_hook__``, which Python
    reads as a folder of that name in the current folder: ``textual_speedups.py`` planted there was imported at every
    start, and a dist-info there offered rule sets), nor through the current folder itself under ``python -m``
    (``msgspec.py`` planted beside the save)."""
    import shutil

    shared = tmp_path / "shared"
    shared.mkdir()
    marker = tmp_path / "imported"
    probe = subprocess.run([sys.executable, "-c", "import sys; print(repr(sys.path))"], cwd=shared, capture_output=True,
                           text=True, check=True).stdout
    relative = [p for p in eval(probe) if p and not os.path.isabs(p)]
    assert relative == []  # the install puts no entry on the path that is read from the start folder before any app code
    relative = ["__editable__.harbormaster-0.1.0.finder.__path_hook__"]  # as an editable install of a namespace did
    for entry in relative:
        folder = shared / entry
        folder.mkdir(parents=True)
        for name in ("textual_speedups", "msgspec", "tinydb"):
            (folder / f"{name}.py").write_text(MARKER_MODULE.format(marker=str(marker), name=name), encoding="utf-8")
        (folder / "planted_rules.py").write_text(MARKER_MODULE.format(marker=str(marker), name="a rule set"), encoding="utf-8")
        _dist(folder, "planted", "napoleon = planted_rules:PLUGIN")
    for name in ("textual_speedups", "msgspec", "tinydb"):
        (shared / f"{name}.py").write_text(MARKER_MODULE.format(marker=str(marker), name=name), encoding="utf-8")
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    script = Path(sys.executable).parent / "harbormaster"
    console = [str(script)] if script.exists() else [sys.executable, "-m", "tui.cli"]
    runs = [console + ["new", "G.json"], console + ["scenarios"], console + ["show", "G.json", "phase"],
            [sys.executable, "-m", "tui.cli", "scenarios"], [sys.executable, "-m", "tui.cli", "exec", "G.json", "next"],
            [sys.executable, "-c", "import tui.cli, sys; sys.exit(tui.cli.main(['new', 'H.json', '--ruleset', 'napoleon']))"]]
    for argv in runs:
        done = subprocess.run(argv, cwd=shared, env=env, capture_output=True, text=True, timeout=120)
        assert not marker.exists(), f"{argv}: {marker.read_text()}"
        assert done.returncode in (0, 2), (argv, done.stderr)
    assert (shared / "G.json").exists() and not (shared / "H.json").exists()
    assert "napoleon" in done.stderr and "invalid choice" in done.stderr
    shutil.rmtree(shared)


def test_31_1_an_entry_points_file_that_is_a_pipe_or_another_users_is_passed_over(tmp_path, isolated) -> None:
    """An ``entry_points.txt`` that is a named pipe (reading it would block the start for good) or a link is passed
    over at once, as is a distribution or folder owned by another user; the bundled rule sets are found as ever."""
    site = tmp_path / "site"
    site.mkdir()
    piped = _dist(site, "piped", "x = y:Z")
    (piped / "entry_points.txt").unlink()
    os.mkfifo(piped / "entry_points.txt")
    linked = _dist(site, "linked", "linked = y:Z")
    target = tmp_path / "elsewhere.txt"
    target.write_text(f"[{GROUP}]\nlinked = planted:PLUGIN\n", encoding="utf-8")
    (linked / "entry_points.txt").unlink()
    (linked / "entry_points.txt").symlink_to(target)
    owned = _dist(site, "owned", "owned = y:Z")
    if os.geteuid() == 0:
        os.chown(owned, 65534, 65534)  # nobody's
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from tui.engine import registry; print(registry.ids())")
    done = subprocess.run([sys.executable, "-c", code, str(site)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    found = eval(done.stdout)
    assert "x" not in found and "linked" not in found
    assert ("owned" in found) is (os.geteuid() != 0)
    assert found[:1] == ("awaw",) and "europa" in found


def test_31_1_a_folder_on_the_path_that_another_user_owns_is_passed_over(tmp_path, isolated) -> None:
    """A folder on ``sys.path`` owned by neither this user nor root (another user's, even if only they may write it) is
    not read for rule sets; nor is a relative entry."""
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user needs root (CI runs as root)")
    folder = tmp_path / "theirs"
    folder.mkdir()
    _dist(folder, "theirs", "theirs = theirs_rules:PLUGIN")
    os.chown(folder, 65534, 65534)
    isolated.syspath_prepend(str(folder))
    isolated.syspath_prepend("relative-entry")
    assert "theirs" not in registry.ids()
    assert registry._unsafe("relative-entry", "/nowhere") and registry._unsafe(str(folder), "/nowhere")
    assert not registry._unsafe(str(ROOT / "tui"), "/nowhere")
