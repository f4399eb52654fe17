"""A scenario from CSV files or a TOML file, checked whole by its rule set; every problem named.

:func:`from_csv` reads the CSV files of one rule set's form into the plain
scenario the TOML file holds; :func:`check_scenario` runs the rule set's own
checks on it (by building the world a new game starts with) and turns the
first problem it finds into the file, line and column of the CSV row it came
from. :func:`normal` is the scenario as typed structs: two scenarios are the
same when their normal forms are equal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec

from ..engine.registry import plugin
from ..engine.setup import RULESETS, Scenario, ScenarioInfo, initial_state, load_ruleset, parse_scenario
from ..rules.core.data import convert
from ..rules.core.errors import DataError
from .csvread import MAX_BYTES, Sheet, decode, read_sheet
from .forms import Kind, check_form, form
from ..engine.inputs import Input, InputRefused, inputs, read_file, read_input
from .problems import Problem, ScenarioRefused

_WHERE = re.compile(r"^table ([\w.]+)(?:, key (.*))?$")


def csv_files(paths: list[Path]) -> list[Path]:
    """The CSV files named: each file given, and every ``*.csv`` of each folder given (sorted).

    Issue 29.2: each is found by the rule saves are opened by (:mod:`.inputs`): a co-player's link on the way, at a
    folder or at a file is an :class:`~.inputs.InputRefused` (one line naming it and its owner)."""
    return [path for path, _found, _error in _sources(paths)]


def _sources(paths: list[Path]) -> list[tuple[Path, Input | None, OSError | None]]:
    """Each CSV file named, judged (:func:`.inputs.inputs`) with its folder held open, or the error of a path that
    cannot be looked at (read as a problem of that file); a link that must not be followed is refused at once."""
    out: list[tuple[Path, Input | None, OSError | None]] = []
    for path in paths:
        try:
            out.extend((found.path, found, None) for found in inputs([path]))
        except InputRefused:
            raise
        except OSError as exc:
            out.append((path, None, exc))
    return out


def read_sheets(ruleset: str, paths: list[Path]) -> tuple[dict[str, Sheet], list[Problem]]:
    """Every CSV file of ``paths`` read as its kind (the file's name: ``ports.csv``), with every problem found."""
    kinds = {k.name: k for k in form(ruleset)}
    problems: list[Problem] = []
    sheets: dict[str, Sheet] = {}
    files = _sources(paths)
    if not files:
        problems.append(Problem(", ".join(str(p) for p in paths) or "(no files)", 0, "", "holds no CSV files"))
    for path, found, error in files:
        kind = kinds.get(path.stem.lower()) if path.suffix.lower() == ".csv" else None
        if kind is None:
            problems.append(Problem(path.name, 0, "", f"is not a file of a {ruleset} scenario; the files are: "
                                    f"{', '.join(k.file for k in kinds.values())}"))
            continue
        if kind.name in sheets:
            problems.append(Problem(path.name, 0, "", "is given twice"))
            continue
        try:
            if error is not None:
                raise error
            assert found is not None
            blob = read_input(found, MAX_BYTES)  # in the folder held, never through a name swapped since the check
        except InputRefused:
            raise
        except OSError as exc:
            problems.append(Problem(path.name, 0, "", f"cannot be read: {exc.strerror or exc}"))
            continue
        text = decode(blob, path.name, problems)
        if text is not None:
            sheets[kind.name] = read_sheet(text, kind, path.name, problems)
    return sheets, problems


def assemble(ruleset: str, sheets: dict[str, Sheet]) -> dict[str, Any]:
    """The plain scenario (as its TOML file holds it) of the rows read; the ruleset is filled in if left empty."""
    raw: dict[str, Any] = {}
    for kind in form(ruleset):
        sheet = sheets.get(kind.name)
        if sheet is not None:
            kind.place(raw, sheet.value())
    raw.setdefault("scenario", {}).setdefault("ruleset", ruleset)
    return raw


def from_csv(ruleset: str, paths: list[Path], data_dir: Path) -> dict[str, Any]:
    """The checked plain scenario of the CSV files ``paths``; :class:`ScenarioRefused` lists every problem of every
    file (issue 30.12), by file and line, up to :data:`MAX_PROBLEMS` (then says so)."""
    if ruleset not in RULESETS:
        raise ScenarioRefused([Problem("--ruleset", 0, "", f"'{ruleset}' is not a rule set; known: {', '.join(RULESETS)}")])
    sheets, problems = read_sheets(ruleset, paths)
    if "scenario" not in sheets and not any(p.file == "scenario.csv" for p in problems):
        problems.append(Problem("scenario.csv", 0, "", "is missing: every scenario has one (its id, name and start)"))
    if _checkable(ruleset, sheets, problems):
        problems += check_every_row(ruleset, sheets, data_dir)
    if problems:
        raise ScenarioRefused(capped(problems))
    return assemble(ruleset, sheets)


#: The most problems an import lists (the rest are found once these are fixed).
MAX_PROBLEMS = 100


def capped(problems: list[Problem]) -> list[Problem]:
    """``problems`` in file and line order, each once; past :data:`MAX_PROBLEMS` cut, with a last line saying so."""
    ordered = sorted(dict.fromkeys(problems), key=lambda p: (p.file, p.line))
    if len(ordered) <= MAX_PROBLEMS:
        return ordered
    return ordered[:MAX_PROBLEMS] + [Problem("", 0, "", f"... and more: only the first {MAX_PROBLEMS} problems are listed "
                                                        "(fix them and import again)")]


def _checkable(ruleset: str, sheets: dict[str, Sheet], problems: list[Problem]) -> bool:
    """Whether the rule set's checks can run on the rows read despite ``problems``: every problem is one of a row
    (left out), every one-row file has its row, and no row left out is one others name without a key to tell them
    by (a river's hexsides): else its absence would be reported as other rows' problems."""
    named = plugin(ruleset).named_by_others
    files = {sh.file for sh in sheets.values()}
    if any(p.file not in files or p.line <= 1 for p in problems):
        return False
    for sheet in sheets.values():
        if sheet.kind.shape == "table" and len(sheet.rows) != 1:
            return False
        if sheet.left_out and sheet.kind.name in named and not _key_column(sheet.kind):
            return False
    return "scenario" in sheets


def _names_one_gone(problem: Problem, sheet: Sheet | None, i: int, gone: set[str]) -> bool:
    """Whether ``problem`` (of row ``i`` of ``sheet``) is that its row names a row left out: the cell it is about
    holds a name in ``gone`` (lower case), or its message quotes one."""
    if any(f"'{name}'" in problem.message.lower() for name in gone):
        return True
    if sheet is None or i < 0 or not problem.column:
        return False
    kind = sheet.kind
    if kind.shape == "map":
        value: Any = sheet.keys[i] if problem.column == kind.columns[0] else sheet.rows[i].get("value")
    else:
        value = sheet.rows[i].get(problem.column)
    values = value if isinstance(value, list) else [value]
    return any(isinstance(v, str) and v.strip().lower() in gone for v in values)


def _key_column(kind: Kind) -> str:
    return kind.columns[0] if kind.shape == "map" else kind.key


def check_every_row(ruleset: str, sheets: dict[str, Sheet], data_dir: Path) -> list[Problem]:
    """Every problem the rule set's checks find in the rows read (issue 30.12).

    The checks stop at their first problem: its row is left out and the checks run again, until they pass. A row
    others name (a unit its base: the plugin's ``named_by_others``) that is left out, here or for a problem of its
    cells, is not reported again as the problem of each row naming it (a message quoting its name); a problem of
    a one-row file, or of a row others name by no key, ends the search."""
    named = plugin(ruleset).named_by_others
    work = {name: Sheet(sh.kind, sh.file, list(sh.rows), list(sh.lines), list(sh.keys)) for name, sh in sheets.items()}
    gone = {key.strip().lower() for sh in sheets.values() if sh.kind.name in named for key in sh.left_out if key.strip()}
    found: list[Problem] = []
    for _ in range(MAX_PROBLEMS * 3):  # each round leaves one row out: a bound on the time the search takes
        try:
            check_scenario(assemble(ruleset, work), data_dir, work)
            break
        except ScenarioRefused as exc:
            problem = exc.problems[0]
        sheet = next((sh for sh in work.values() if sh.file == problem.file and problem.line in sh.lines), None)
        i = sheet.lines.index(problem.line) if sheet is not None else -1
        if not _names_one_gone(problem, sheet, i, gone):
            if problem in found:
                break
            found.append(problem)
            if len(found) > MAX_PROBLEMS:
                break
        if sheet is None or sheet.kind.shape == "table":
            break
        if sheet.kind.name in named:
            if not _key_column(sheet.kind):
                break
            key = sheet.keys[i] if sheet.kind.shape == "map" else str(sheet.rows[i].get(sheet.kind.key, ""))
            gone.add(key.strip().lower())
        del sheet.rows[i], sheet.lines[i]
        if sheet.kind.shape == "map":
            del sheet.keys[i]
    return found


def check_scenario(raw: dict[str, Any], data_dir: Path, sheets: dict[str, Sheet] | None = None, file: str = "scenario") -> None:
    """Run the rule set's checks on ``raw``; :class:`ScenarioRefused` names the first problem (by CSV row if ``sheets``)."""
    try:
        info = convert(raw.get("scenario"), ScenarioInfo, file, prefix="scenario")
        check_form(raw, info.ruleset, file)
        ruleset = load_ruleset(info.ruleset, data_dir)
        initial_state(ruleset, Scenario(info, raw, Path(file)))
    except DataError as exc:
        if sheets is None:
            raise ScenarioRefused([Problem(exc.file, 0, "", f"{exc.where}: {exc.problem}")]) from None
        raise ScenarioRefused([locate(exc, sheets)]) from None


def locate(exc: DataError, sheets: dict[str, Sheet]) -> Problem:
    """The CSV file, line and column a rule set's :class:`DataError` ("table units, key 3.base") is about."""
    match = _WHERE.match(exc.where)
    table, key = (match.group(1), match.group(2) or "") if match else ("", "")
    if exc.where == "key other_waters":
        table = "other_waters"
    if exc.where == "start":  # the start label, checked by the turn sequence
        table, key = "scenario", "start"
    if table == "nations.ports":
        sheet = sheets.get("port_nations")
        if sheet is not None:
            names = [str(r.get("port", "")) for r in sheet.rows]
            line = sheet.lines[names.index(key)] if key in names else 0
            return Problem(sheet.file, line, "port", exc.problem)
        return Problem("port_nations.csv", 0, "", exc.problem)
    sheet = sheets.get(table)
    if sheet is None:
        return Problem(f"{table}.csv" if table else "scenario", 0, "", exc.problem)
    kind = sheet.kind
    if kind.shape == "rows":
        head, _, rest = key.partition(".")
        if head.isdigit() and int(head) < len(sheet.lines):
            return Problem(sheet.file, sheet.lines[int(head)], rest.split(".")[0], exc.problem)
        return Problem(sheet.file, 0, "", exc.problem)
    if kind.shape == "table":
        return Problem(sheet.file, sheet.lines[0] if sheet.lines else 0, key.split(".")[0], exc.problem)
    keys = sheet.keys
    if key in keys:
        return Problem(sheet.file, sheet.lines[keys.index(key)], kind.columns[1], exc.problem)
    return Problem(sheet.file, 0, "", exc.problem)


def read_toml_scenario(path: Path) -> dict[str, Any]:
    """The plain scenario of a TOML file (a regular file, UTF-8, valid TOML); :class:`ScenarioRefused` if not, and
    :class:`~.inputs.InputRefused` (one line) for a link that must not be followed (issue 29.2)."""
    try:
        blob = read_file(path, MAX_BYTES)
    except InputRefused:
        raise
    except OSError as exc:
        raise ScenarioRefused([Problem(path.name, 0, "", f"cannot be read: {exc.strerror or exc}")]) from None
    try:
        return parse_scenario(blob, path.name)
    except DataError as exc:
        raise ScenarioRefused([Problem(exc.file, 0, "", f"{exc.where}: {exc.problem}")]) from None


def ruleset_of(raw: dict[str, Any]) -> str:
    """The rule set a plain scenario names ("" if none)."""
    scenario = raw.get("scenario")
    return str(scenario.get("ruleset", "")) if isinstance(scenario, dict) else ""


def normal(ruleset: str, raw: dict[str, Any]) -> dict[str, Any]:
    """The scenario as typed structs, kind by kind (defaults filled in): equal for the same scenario."""
    out: dict[str, Any] = {}
    for kind in form(ruleset):
        value = kind.find(raw)
        out[kind.name] = typed(kind, value)
    return out


def typed(kind: Kind, value: Any) -> Any:
    """One kind's plain value as its structs."""
    if kind.shape == "rows":
        return [msgspec.convert(row, kind.struct) for row in value]
    if kind.shape == "table":
        return msgspec.convert(value or {}, kind.struct) if value or kind.name != "scenario" else None
    return {str(k): msgspec.convert(v, kind.struct) for k, v in (value or {}).items()}
