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
    """The checked plain scenario of the CSV files ``paths``; :class:`ScenarioRefused` lists every problem."""
    if ruleset not in RULESETS:
        raise ScenarioRefused([Problem("--ruleset", 0, "", f"'{ruleset}' is not a rule set; known: {', '.join(RULESETS)}")])
    sheets, problems = read_sheets(ruleset, paths)
    if "scenario" not in sheets and not any(p.file == "scenario.csv" for p in problems):
        problems.append(Problem("scenario.csv", 0, "", "is missing: every scenario has one (its id, name and start)"))
    if problems:
        raise ScenarioRefused(problems)
    raw = assemble(ruleset, sheets)
    try:
        check_scenario(raw, data_dir, sheets)
    except ScenarioRefused as exc:
        raise ScenarioRefused(exc.problems + _more_problems(ruleset, sheets, data_dir, exc.problems[0])) from None
    return raw


#: The most problems the rule set's checks are asked for.
MAX_PROBLEMS = 100


def _more_problems(ruleset: str, sheets: dict[str, Sheet], data_dir: Path, first: Problem) -> list[Problem]:
    """The rule set's checks find one problem at a time: leave the row of each out and check again, so that every
    bad row of a kind no other rows name (units, ports) is listed at once. A problem in a kind whose rows other rows
    name (a unit its base: the plugin's ``named_by_others``) ends the search (leaving the row out would make the rows
    naming it look wrong too)."""
    named = plugin(ruleset).named_by_others
    work = {name: Sheet(sh.kind, sh.file, list(sh.rows), list(sh.lines), list(sh.keys)) for name, sh in sheets.items()}
    found: list[Problem] = []
    problem = first
    while len(found) < MAX_PROBLEMS:
        sheet = next((sh for sh in work.values() if sh.file == problem.file), None)
        if sheet is None or sheet.kind.shape != "rows" or sheet.kind.name in named or problem.line not in sheet.lines:
            break
        i = sheet.lines.index(problem.line)
        del sheet.rows[i], sheet.lines[i]
        try:
            check_scenario(assemble(ruleset, work), data_dir, work)
            break
        except ScenarioRefused as exc:
            problem = exc.problems[0]
            if problem in found or problem == first:
                break
            found.append(problem)
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
