"""Issue 29 (points 5 and 6 and the scenario lows): ``scenario import`` never writes over a save's family; exported
cells are safe in a spreadsheet and read back as written; hostile TOML, a full disk, a read-only folder, a huge cell
and odd ``Host`` headers each get one clear line, never a traceback, and leave nothing behind."""

from __future__ import annotations

import copy
import csv
import errno
import io
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import make_mocked_request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli_fixtures import run, save  # noqa: F401 - the save fixture
from tui.engine.setup import load_scenario
from tui.paths import data_dir
from tui.scenario.build import from_csv, normal, read_toml_scenario
from tui.scenario.export import to_csv
from tui.scenario.write import to_toml
from tui.web.guard import GuardedServer, Tokens

DATA = data_dir()
AWAW = load_scenario(DATA, "awaw-mediterranean-1942").raw
#: Starts a spreadsheet reads as a formula (OWASP), a text that starts with the escape itself, and a comment's mark.
STARTS = ("=", "+", "-", "@", "'", "''", "#")


def listing(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` (recursively) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def cells(path: Path) -> list[list[str]]:
    """The rows of a CSV file, as the csv module reads them (the cells a spreadsheet is given)."""
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


# ------------------------------------------------------------------ 29.5: import never writes over a save's family
@pytest.mark.parametrize("target, why", [
    ("g.json", "{p} is a save"),
    ("g.json.1", "{p} belongs to the save g.json beside it"),
    ("g.json.lock", "{p} belongs to the save g.json beside it"),
])
def test_issue29_5_import_force_never_overwrites_a_save_its_backup_or_its_lock(
        target: str, why: str, save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """Issue 29.5: ``scenario import ... -o SAVE --force`` is refused for the save, its backup and its lock (named
    beside the save even while no lock file exists), as ``report -o`` refuses them (``save_family``); nothing is
    written."""
    tpl = tmp_path / "csv"
    assert run(capsys, "scenario", "export", str(save), "-o", str(tpl))[0] == 0
    (save.parent / "g.json.1").write_bytes(save.read_bytes())  # a backup, as the store keeps them
    before = listing(save.parent)
    path = save.parent / target
    code, out, err = run(capsys, "scenario", "import", "--ruleset", "europa", str(tpl), "-o", str(path), "--force")
    assert code == 2 and out == ""
    assert err.splitlines() == [f"harbormaster: {why.format(p=path)}; a scenario file is never written over a save, its "
                                "backups or its lock; nothing was written"]
    assert listing(save.parent) == before


# ------------------------------------------------------------------ 29.6: CSV injection
def _awaw_with_starts() -> dict[str, Any]:
    """The bundled AWAW scenario with unit ids, names and a base's name that start as a formula would (the base's
    name also where units name it), and its negative nationality DRMs (italy, ussr -1)."""
    raw = copy.deepcopy(AWAW)
    for i, start in enumerate(STARTS):
        raw["units"][i]["name"] = f"{start}SUM(A1:A9)"
        raw["units"][i]["id"] = f"{start}U{i}"
    old = raw["bases"][0]["name"]
    raw["bases"][0]["name"] = "=Scapa"
    for unit in raw["units"]:
        if unit["base"] == old:
            unit["base"] = "=Scapa"
    assert raw["drm"]["italy"] == -1
    return raw


def test_issue29_6_export_escapes_formula_starts_and_import_gives_the_same_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29.6: ``scenario export`` writes a text cell starting with ``= + - @`` (or a tab or CR), with ``'``
    itself, or (first column) with ``#`` behind one more ``'``, so a spreadsheet shows it as text; numbers stay
    numbers (-1 unescaped: a number column is typed); ``scenario import`` gives back exactly the text."""
    raw = _awaw_with_starts()
    source = tmp_path / "mine.toml"
    source.write_text(to_toml(raw), encoding="utf-8")
    assert run(capsys, "new", str(tmp_path / "g.json"), "--scenario", str(source))[0] == 0
    assert run(capsys, "scenario", "export", str(tmp_path / "g.json"), "-o", str(tmp_path / "out"))[0] == 0
    units = cells(tmp_path / "out" / "units.csv")
    header = units[0]
    by_id = {row[0]: row for row in units[1:]}
    for i, start in enumerate(STARTS):
        row = by_id[f"'{start}U{i}"]  # the first cell: '#' is escaped there too (else the row is a comment)
        name = f"{start}SUM(A1:A9)"
        assert row[header.index("name")] == (name if start == "#" else f"'{name}")
    assert not any(row[0].startswith(("=", "+", "-", "@", "#")) for row in units[1:])
    assert ["italy", "-1"] in cells(tmp_path / "out" / "drm.csv")  # a number: no prefix
    assert "'=Scapa" in [row[0] for row in cells(tmp_path / "out" / "bases.csv")]
    back = tmp_path / "back.toml"
    code, _, err = run(capsys, "scenario", "import", "--ruleset", "awaw", str(tmp_path / "out"), "-o", str(back))
    assert code == 0, err
    again = read_toml_scenario(back)
    assert [(u["id"], u.get("name")) for u in again["units"][:len(STARTS)]] == [
        (f"{s}U{i}", f"{s}SUM(A1:A9)") for i, s in enumerate(STARTS)]
    assert again["drm"] == raw["drm"] and again["bases"][0]["name"] == "=Scapa"
    assert [u["base"] for u in again["units"]] == [u["base"] for u in raw["units"]]


def test_issue29_6_a_cell_typed_with_the_prefix_reads_without_it(tmp_path: Path) -> None:
    """Issue 29.6: a referee's own ``'-1`` in a number column reads as -1, ``'=x`` in a text column as ``=x`` and
    ``''x`` as ``'x`` (one ``'`` is taken off any cell); a cell of a lone ``'`` is empty."""
    files = {"scenario.csv": "id,name,ruleset,start\np,'=P,awaw,Summer 1942\n", "turn.csv": "first_player\naxis\n",
             "bases.csv": "name,kind,fronts,hex,control\nScapa Flow,port,western,C26,britain\n",
             "units.csv": "id,power,type,factors,base,name,tf\nKGV,britain,battleship,'4,Scapa Flow,''KGV,'\n",
             "drm.csv": "nation,drm\nitaly,'-1\n"}
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    raw = from_csv("awaw", [tmp_path], DATA)
    assert raw["scenario"]["name"] == "=P" and raw["drm"] == {"italy": -1}
    assert raw["units"] == [{"id": "KGV", "power": "britain", "type": "battleship", "factors": 4, "base": "Scapa Flow",
                             "name": "'KGV"}]


PREFIXED = st.tuples(st.sampled_from(STARTS + ("",)), st.text(st.characters(
    blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=12).map(str.strip).filter(bool)).map("".join)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PREFIXED, min_size=1, max_size=8), st.lists(st.sampled_from(STARTS + ("",)), min_size=8, max_size=8),
       st.lists(st.integers(-3, 3), min_size=7, max_size=7))
def test_issue29_6_csv_files_of_any_text_read_back_exactly(names: list[str], ids: list[str], drm: list[int]) -> None:
    """Issue 29.6 (property): a scenario whose names start as formulas, with ``'`` or ``#``, and whose DRMs are any
    signed numbers, written as CSV files and imported, is exactly the scenario (the text itself, not a trimmed or
    unescaped one)."""
    raw = copy.deepcopy(AWAW)
    for i, (unit, name) in enumerate(zip(raw["units"], names)):
        unit["name"] = name
        unit["id"] = f"{ids[i]}U~{i}"  # a unit id has no spaces or commas; never one of the bundled ids
    raw["drm"] = dict(zip(raw["drm"], drm))
    with tempfile.TemporaryDirectory() as tmp:
        for path, blob in to_csv("awaw", raw, Path(tmp)).items():
            path.write_bytes(blob)
        back = from_csv("awaw", [Path(tmp)], DATA)
    assert [(u["id"], u.get("name")) for u in back["units"][:len(names)]] == [(f"{ids[i]}U~{i}", n) for i, n in enumerate(names)]
    assert back["drm"] == raw["drm"]
    assert normal("awaw", back) == normal("awaw", raw)


def test_issue29_6_a_tab_or_cr_start_is_escaped() -> None:
    """Issue 29.6: the cell text of a value starting with a tab or a carriage return gets the prefix too; a list or a
    table is text to a spreadsheet (``-1;2`` is no number), so it is escaped like text; a number never is."""
    from tui.rules.core.cells import cell

    assert [cell(v) for v in ("\tx", "\rx", "=1", "-x", "x", "", -1, 2.5, True, ["-1", "a"], [-1, 2], {"=k": 1})] == [
        "'\tx", "'\rx", "'=1", "'-x", "x", "", "-1", "2.5", "true", "'-1;a", "'-1;2", "'=k=1"]
    assert cell("#x") == "#x" and cell("#x", first=True) == "'#x"


# ------------------------------------------------------------------ low: hostile TOML, one shared check
HEAD = '[scenario]\nid = "x"\nname = "x"\nruleset = "ocs"\nstart = "1"\n[turn]\nfirst_player = "axis"\n'


@pytest.mark.parametrize("body, problem", [
    ("[sea_cap]\nallowance = { axis = " + "9" * 5000 + " }\n",
     "line 9: a number of 5000 digits: numbers are from -10000 to 10000"),
    ("[extra]\nx = " + "[" * 10_000 + "]" * 10_000 + "\n", "file: its tables or arrays nest more than 64 levels deep"),
    ("[extra]\nx = " + "{a = " * 10_000 + "1" + "}" * 10_000 + "\n", "file: its tables or arrays nest more than 64 levels deep"),
    ("[extra]\nx = " + "[" * 100 + "]" * 100 + "\n", "file: its tables or arrays nest more than 64 levels deep"),
    ("[extra]\nx = 1\n", "table extra: is not a table of a ocs scenario; tables: ports, scenario, sea_cap, turn"),
], ids=["5000 digits", "10000 arrays", "10000 inline tables", "100 arrays", "unknown table"])
def test_issue29_low_check_and_new_refuse_hostile_toml_alike_in_one_line(
        body: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29 low: a huge integer, deep nesting or an unknown table is refused by ``scenario check`` and by
    ``new --scenario`` with the same one line naming the file (one shared check), never a traceback; no save made."""
    bad = tmp_path / "bad.toml"
    bad.write_text(HEAD + body, encoding="utf-8")
    code, out, err = run(capsys, "scenario", "check", str(bad))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: bad.toml: {problem}", "harbormaster: nothing was written"]
    code, out, err = run(capsys, "new", str(tmp_path / "sub" / "g.json"), "--scenario", str(bad))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: data file error: bad.toml: {problem}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


# ------------------------------------------------------------------ low: a huge cell names its column
@pytest.mark.parametrize("name, note, column", [
    ("N" * 5_000_000, "", "name"),
    ('"a, ""b""\nc"', '"' + "x, " * 2_000_000 + '"', "note"),
], ids=["name", "quoted note after a quoted name"])
def test_issue29_low_a_five_megabyte_name_cell_names_its_column(
        name: str, note: str, column: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29 low: a 5 MB cell is reported with its file, line and column (``name``, not the last one)."""
    (tmp_path / "units.csv").write_text("id,name,power,type,factors,base,note\nKGV,ok,britain,battleship,4,Scapa Flow,\n"
                                        f"X,{name},britain,battleship,4,Scapa Flow,{note}\n", encoding="utf-8")
    code, out, err = run(capsys, "scenario", "check", str(tmp_path / "units.csv"), "--ruleset", "awaw")
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: units.csv, line 3, column {column}: the cell is longer than 131,072 "
                                "characters", "harbormaster: nothing was written"]


# ------------------------------------------------------------------ low: disk full, read-only: one line, nothing left
@pytest.mark.parametrize("action", ["export", "template"])
@pytest.mark.parametrize("fault", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_issue29_low_a_failed_write_says_so_in_one_line_and_leaves_no_folder(
        action: str, fault: int, save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 low: a full disk (ENOSPC while writing), a read-only file system or folder (EROFS, EACCES while
    creating; tests run as root, so the fault is made, not a 0555 folder) gives one line naming the folder and the
    reason, exit 2, and the folder the command made is gone."""
    import tui.scenario.write as write

    def fail(*args: Any) -> Any:
        raise OSError(fault, os.strerror(fault))

    monkeypatch.setattr(write, "_put" if fault == errno.ENOSPC else "_create", fail)
    before = listing(tmp_path)
    out_dir = tmp_path / "out"
    argv = ["export", str(save)] if action == "export" else ["template", "--ruleset", "ocs"]
    code, out, err = run(capsys, "scenario", *argv, "-o", str(out_dir))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: cannot write the files in {out_dir}: {os.strerror(fault)}; nothing was written"]
    assert listing(tmp_path) == before and not out_dir.exists()


def test_issue29_low_a_failed_import_names_its_file(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Issue 29 low: ``scenario import`` onto a full disk names the scenario file it could not write; nothing left."""
    import tui.scenario.write as write

    assert run(capsys, "scenario", "export", str(save), "-o", str(tmp_path / "csv"))[0] == 0
    before = listing(tmp_path)

    def fail(*args: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(write, "_put", fail)
    target = tmp_path / "mine.toml"
    code, out, err = run(capsys, "scenario", "import", "--ruleset", "europa", str(tmp_path / "csv"), "-o", str(target))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: cannot write {target}: No space left on device; nothing was written"]
    assert listing(tmp_path) == before


def test_issue29_low_a_folder_that_cannot_be_made_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 low: the output folder cannot be made (a read-only parent): one line, no ``[Errno 13]``."""
    def fail(self: Path, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.setattr(Path, "mkdir", fail)
    code, out, err = run(capsys, "scenario", "template", "--ruleset", "ocs", "-o", str(tmp_path / "out"))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"harbormaster: cannot make the folder {tmp_path / 'out'}: Permission denied; nothing was written"]


def test_issue29_low_a_failed_forced_export_keeps_the_files_it_would_replace(
        save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Issue 29 low: a full disk during ``export --force`` into a folder of earlier files leaves them as they were,
    and the folder (not made by this command) stays."""
    import tui.scenario.write as write

    out_dir = tmp_path / "out"
    assert run(capsys, "scenario", "export", str(save), "-o", str(out_dir))[0] == 0
    before = listing(tmp_path)

    def fail(*args: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(write, "_put", fail)
    code, _, err = run(capsys, "scenario", "export", str(save), "-o", str(out_dir), "--force")
    assert code == 2 and err.splitlines() == [f"harbormaster: cannot write the files in {out_dir}: No space left on device; "
                                              "nothing was written"]
    assert listing(tmp_path) == before


# ------------------------------------------------------------------ low: serve's Host check
@pytest.mark.parametrize("host", ["evil.example.com@localhost:8000", "localhost:8000#x", "localhost#@evil:8000",
                                  "user:pw@127.0.0.1:8000", "localhost:8000/x", "localhost:8000?x", "localhost:8000 ",
                                  "localhost:8000\\@x", ""])
def test_issue29_low_hosts_with_at_or_hash_are_refused(host: str) -> None:
    """Issue 29 low: a ``Host`` holding ``@``, ``#`` (or any character no host name or port has) is refused by the
    rebinding check, though its host part parses as an allowed name; the plain names still pass."""
    from tui.web.guard import host_origin

    server = GuardedServer({"write": "x", "watch": "x"}, Tokens.new(read_only=False), host="127.0.0.1", port=8000,
                           title="t", public_url="http://127.0.0.1:8000")
    assert host_origin(host, server.origins) is None
    request = make_mocked_request("GET", "/", headers={"Host": host})
    role, why = server.refusal(request)
    assert role is None and why.startswith("unknown host")
    for good in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST:8000"):
        assert host_origin(good, server.origins) is not None, good
