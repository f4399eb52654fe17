"""Rule set registry, scenarios, and the initial state of a new game."""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import replace

from ..rules.core.data import DATA_LIMIT, DataModel, convert, parse_toml_bytes, read_toml
from ..rules.core.errors import DataError
from ..rules.core.phases import parse_start
from ..rules.core.ruleset import RuleSet
from ..rules.core.rulings import load_rulings
from ..rules.core.state import Flow, GameState
from .context import EngineContext
from .flow import enter_segment
from .registry import Installed, plugin, plugins
from .rulecache import rule_cache
from .serialize import state_to_data

#: The installed rule sets, id -> package (``registry.py``: each found through its entry point).
RULESETS = Installed()
#: The game a bare ``harbormaster`` starts with, and ``new`` without a rule set or a scenario.
DEFAULT_SCENARIO = "mediterranean-1943"


class ScenarioInfo(DataModel):
    """The ``[scenario]`` table of a scenario file."""

    id: str
    name: str
    ruleset: str
    start: str
    segment: str = ""
    illustrative: bool = False
    note: str = ""
    dice: str = "app"


class Scenario(msgspec.Struct, frozen=True):
    """A scenario file: its info table and the raw rule-set tables."""

    info: ScenarioInfo
    raw: dict[str, Any]
    path: Path


@lru_cache(maxsize=None)
def load_ruleset(ruleset_id: str, data_dir: Path) -> RuleSet:
    """Load a rule set by id (kept per data folder in this process; its converted data in the user's cache folder,
    see ``rulecache.py``); unknown ids are refused with the list."""
    ruleset = plugin(ruleset_id).load(data_dir, rule_cache())
    ruleset.rulings = load_rulings(data_dir)
    return ruleset


def scenario_paths(data_dir: Path) -> list[Path]:
    """Every bundled scenario file, sorted by name: the data folder's, and those of each rule set that brings its own
    (``RuleSetPlugin.scenarios``)."""
    folders = [data_dir / "scenarios"] + [Path(p.scenarios) for p in plugins() if p.scenarios]
    return sorted((path for folder in folders for path in folder.glob("*.toml")), key=lambda path: path.name)


#: A scenario file of the referee's own is at most this large.
MAX_SCENARIO_BYTES = 20_000_000


def is_scenario_path(name: str) -> bool:
    """Whether ``name`` (``--scenario``) is a file's path (``my-game.toml``, ``games/x``) rather than a bundled name."""
    return name.lower().endswith(".toml") or "/" in name or os.sep in name


def load_scenario_file(path: Path) -> Scenario:
    """Load the referee's scenario file at ``path``: a regular file (a folder, device or pipe is refused, never read),
    UTF-8 TOML (:func:`parse_scenario`) of its rule set's tables (the check ``scenario check`` makes too); errors
    name the file, table and key."""
    from .inputs import InputRefused, read_file  # here: the store is loaded only when a file is read

    try:  # issue 29.2: by the rule outputs follow, in its folder held open, its last name never followed unjudged
        blob = read_file(path, MAX_SCENARIO_BYTES)
    except InputRefused as exc:
        raise DataError(path.name, "file", str(exc)) from None
    except OSError as exc:
        if not exc.errno and exc.strerror and exc.strerror.startswith("it "):  # not a regular file, too large
            raise DataError(path.name, "file", exc.strerror[3:]) from None
        raise DataError(path.name, "file", f"cannot be read: {exc.strerror or exc}") from None
    raw = parse_scenario(blob, path.name)
    info_table = convert(raw.get("scenario"), ScenarioInfo, path.name, prefix="scenario")
    check_form(raw, info_table.ruleset, path.name)
    return Scenario(info_table, raw, path)


def check_form(raw: dict[str, Any], ruleset: str, file: str) -> None:
    """Refuse a scenario of an unknown rule set, or with a table that is not one of its rule set's form: the one
    check of both ``scenario check`` and ``new --scenario`` (a :class:`DataError` naming the file and table)."""
    if ruleset not in RULESETS:
        raise DataError(file, "table scenario, key ruleset", f"'{ruleset}' is not a rule set; known: {', '.join(RULESETS)}")
    allowed = {"scenario"} | {k.name for k in plugin(ruleset).form() if not k.filled_by_other}
    for key in raw:
        if key not in allowed:
            raise DataError(file, f"table {key}", f"is not a table of a {ruleset} scenario; tables: {', '.join(sorted(allowed))}")


#: The deepest a scenario file's tables and arrays may nest (a scenario in use nests 4 deep: nations.ports.NAME.axis);
#: deeper ones are refused before anything walks them.
MAX_NESTING = 64
_LONG_DIGITS = re.compile(rb"[0-9](?:_?[0-9]){%d,}" % (sys.get_int_max_str_digits() or 4300))


def parse_scenario(blob: bytes, name: str) -> dict[str, Any]:
    """The plain data of the scenario file ``name`` (its bytes ``blob``), as :func:`parse_toml_bytes` reads it; a
    number too long to read or tables nested too deep are a :class:`DataError` naming the file, never a traceback
    (``scenario check`` and ``new --scenario`` both read a referee's file here)."""
    nested = f"its tables or arrays nest more than {MAX_NESTING} levels deep"
    try:
        raw = parse_toml_bytes(blob, name)
    except RecursionError:  # the TOML parser recurses once per level
        raise DataError(name, "file", nested) from None
    except ValueError as exc:  # int() of more digits than Python converts (sys.get_int_max_str_digits)
        found = _LONG_DIGITS.search(blob)
        if found is None:
            raise DataError(name, "file", f"is not valid TOML: {str(exc).splitlines()[0]}") from None
        line = blob[: found.start()].count(b"\n") + 1
        digits = sum(c != ord("_") for c in found.group())
        raise DataError(name, f"line {line}", f"a number of {digits} digits: numbers are from {-DATA_LIMIT} to {DATA_LIMIT}") from None
    if nesting(raw) > MAX_NESTING:
        raise DataError(name, "file", nested)
    return raw


def nesting(data: Any) -> int:
    """How deep the tables and arrays of ``data`` nest (a plain value 0, ``{}`` 1), counted without recursion and
    stopping past :data:`MAX_NESTING`."""
    deepest = 0
    stack = [(data, 1)]
    while stack and deepest <= MAX_NESTING:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def load_scenario(data_dir: Path, name: str) -> Scenario:
    """Load the scenario with file stem or id ``name``, or the scenario file at the path ``name`` (see
    :func:`is_scenario_path`); errors name the file, table and key."""
    if is_scenario_path(name):
        return load_scenario_file(Path(name))
    candidates = scenario_paths(data_dir)
    path = next((p for p in candidates if p.stem == name), None)
    if path is None:
        for p in candidates:
            raw = read_toml(p)
            if raw.get("scenario", {}).get("id") == name:
                path = p
                break
    if path is None:
        known = ", ".join(p.stem for p in candidates) or "none"
        raise DataError("scenarios", name, f"no such scenario; bundled: {known}")
    raw = read_toml(path)
    info = convert(raw.get("scenario"), ScenarioInfo, path.name, prefix="scenario")
    return Scenario(info, raw, path)


def choose(data_dir: Path, ruleset_id: str = "", scenario: str | None = None) -> tuple[RuleSet, Scenario]:
    """The rule set and scenario a new game starts from: the scenario named, else the rule set's default, else the
    app's (:data:`DEFAULT_SCENARIO`); the rule set named, else the scenario's."""
    if scenario:
        scen = load_scenario(data_dir, scenario)
        return load_ruleset(ruleset_id or scen.info.ruleset, data_dir), scen
    if ruleset_id:
        ruleset = load_ruleset(ruleset_id, data_dir)
        return ruleset, load_scenario(data_dir, ruleset.default_scenario or DEFAULT_SCENARIO)
    scen = load_scenario(data_dir, DEFAULT_SCENARIO)
    return load_ruleset(scen.info.ruleset, data_dir), scen


def initial_state(ruleset: RuleSet, scenario: Scenario) -> GameState:
    """The state a new game starts in: the scenario's world, at its start turn, with segment effects run."""
    world = ruleset.world_from_scenario(scenario.raw, scenario.path.name)
    turn = parse_start(ruleset.sequence.calendar, scenario.info.start)
    index = 0
    if scenario.info.segment:
        seg = ruleset.sequence.find(scenario.info.segment)
        if seg is None:
            raise DataError(scenario.path.name, "table scenario, key segment", f"no segment '{scenario.info.segment}' in the {ruleset.id} sequence")
        index = seg.index
    if scenario.info.dice not in ("app", "typed"):
        raise DataError(scenario.path.name, "table scenario, key dice", "must be app or typed")
    state = GameState(Flow(turn, index), world, {"dice": scenario.info.dice})
    ctx = EngineContext(state=state, ruleset=ruleset, seq=0, game_seed=0, app_rolls=False)
    state, _ = enter_segment(ruleset, ctx, state)
    return state


def new_game(ruleset: RuleSet, scenario: Scenario, seed: int | None = None,
             dice: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(meta, state document) of a new save for ``scenario``; ``dice`` (``"sealed"`` for a game played by e-mail)
    replaces the scenario's dice setting in the initial state itself, so that no command can change it."""
    if scenario.info.ruleset != ruleset.id:
        raise DataError(scenario.path.name, "table scenario, key ruleset", f"is '{scenario.info.ruleset}', not '{ruleset.id}'")
    state = initial_state(ruleset, scenario)
    if dice is not None:
        state = replace(state, settings={**state.settings, "dice": dice})
    import secrets  # here, not at the top: opening a saved game (the start path) never draws a seed

    meta = {  # the store adds app, schema, created, updated and revision
        "ruleset": ruleset.id,
        "scenario": scenario.info.id,
        "scenario_name": scenario.info.name,
        "scenario_illustrative": scenario.info.illustrative,  # issue 30.15: export keeps them
        "scenario_note": scenario.info.note,
        "seed": secrets.randbits(31) if seed is None else seed,
    }
    data = state_to_data(state, ruleset)
    return meta, {"initial": data, "current": data}
