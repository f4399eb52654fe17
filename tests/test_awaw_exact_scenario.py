"""Exact tests of loading an AWAW scenario (seed 004, chapter 21), each guarding a change to
``tui/rules/awaw/scenario.py`` the data tests let pass: every refusal of a damaged scenario names the file, the table,
the key and the problem in full (21.131, 21.132, 21.211, 21.442, 21.444), and every field reaches the world."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from awaw_core_fixtures import data_refusal, tables
from tui.rules.awaw.bases import Base
from tui.rules.awaw.scenario import world_from_scenario
from tui.rules.awaw.units import NavalUnit

FILE = "test-scenario.toml"
POWERS = "germany, italy, japan, britain, usa, france, ussr"


def _raw() -> dict[str, Any]:
    """A small valid scenario: Malta, Gibraltar (two fronts), the Atlantic U.S. box and an SW box; two units."""
    return {
        "bases": [
            {"name": "Malta", "kind": "port", "fronts": ["mediterranean"], "control": "britain", "hex": "Y20"},
            {"name": "Gibraltar", "kind": "port", "fronts": ["western", "mediterranean"], "control": "britain",
             "operational": False, "group": "rock", "note": "two fronts"},
            {"name": "Atlantic U.S.", "kind": "box", "theater": "europe", "control": "usa"},
            {"name": "Atlantic SW", "kind": "sw-box", "theater": "europe"},
        ],
        "units": [
            {"id": "Warspite", "power": "britain", "type": "battleship", "factors": 3, "base": "Malta"},
            {"id": "RN-DD1", "name": "Destroyers", "power": "britain", "nation": "commonwealth", "type": "destroyer",
             "factors": 4, "base": "Gibraltar", "fast": True, "tf": "H", "inverted": True, "damaged": True,
             "repair": True, "at_sea": "patrol", "sea_hex": "X1", "note": "n"},
        ],
        "drm": {"britain": 1, "italy": -1},
        "hex_control": {"AA7": "britain", "H33": "neutral"},
        "harbor": {"research": ["japan"], "attacks_made": 0},
        "turn": {"first_player": "axis"},
    }


def _refused(raw: dict[str, Any]) -> str:
    return data_refusal(lambda: world_from_scenario(raw, FILE, tables()), FILE)


def _with(path: str, value: Any) -> dict[str, Any]:
    """The small scenario with one entry changed: ``bases.1.kind`` sets the kind of the second base."""
    raw = copy.deepcopy(_raw())
    *keys, last = path.split(".")
    node: Any = raw
    for k in keys:
        node = node[int(k)] if isinstance(node, list) else node[k]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return raw


def test_21_13_every_field_of_a_base_reaches_the_world() -> None:
    """21.13, 21.131, 21.132: a port's fronts give its theater; a box names its own; control is kept as at the start."""
    w = world_from_scenario(_raw(), FILE, tables())
    assert list(w.bases) == ["Malta", "Gibraltar", "Atlantic U.S.", "Atlantic SW"]
    assert w.bases["Malta"] == Base("Malta", "port", ("mediterranean",), "europe", "Y20", "britain", True,
                                    control_at_start="britain")
    assert w.bases["Gibraltar"] == Base("Gibraltar", "port", ("western", "mediterranean"), "europe", "", "britain",
                                        False, group="rock", control_at_start="britain", note="two fronts")
    assert (w.bases["Atlantic U.S."].theater, w.bases["Atlantic U.S."].fronts) == ("europe", ())
    assert (w.bases["Atlantic SW"].control, w.bases["Atlantic SW"].control_at_start) == ("neutral", "neutral")


def test_21_3_every_field_of_a_unit_reaches_the_world() -> None:
    """21.3, 21.526: a unit's name defaults to its id and its nation to its power; every state flag is kept."""
    w = world_from_scenario(_raw(), FILE, tables())
    assert list(w.units) == ["Warspite", "RN-DD1"]
    assert w.units["Warspite"] == NavalUnit("Warspite", "Warspite", "britain", "britain", "battleship", 3, base="Malta")
    assert w.units["RN-DD1"] == NavalUnit("RN-DD1", "Destroyers", "britain", "commonwealth", "destroyer", 4, True,
                                          "Gibraltar", "H", True, True, True, at_sea="patrol", sea_hex="X1", note="n")


def test_21_211_21_442_21_526_drm_control_harbor_and_first_player_reach_the_world() -> None:
    """21.526 DRMs (negative allowed), 21.211 hex control (also as at the start of the phase), 21.442 research,
    21.444 the initial harbor attacks while none has been made, the first player."""
    w = world_from_scenario(_raw(), FILE, tables())
    assert w.drm == {"britain": 1, "italy": -1}
    assert w.hex_control == {"AA7": "britain", "H33": "neutral"} == w.phase_control
    assert w.hex_control is not w.phase_control
    assert w.harbor_research == {"japan": True} and w.harbor_attacks == 0
    assert w.initial_harbor_left == tables().harbor.initial_attacks > 0
    assert w.first == "axis"
    made = world_from_scenario(_with("harbor.attacks_made", 2), FILE, tables())
    assert (made.harbor_attacks, made.initial_harbor_left) == (2, 0)


def test_21_1_a_scenario_without_optional_tables_is_an_empty_world() -> None:
    """21.1: no bases, units, DRMs, control or harbor: an empty world with the first player; no research."""
    w = world_from_scenario({"turn": {"first_player": "allies"}}, FILE, tables())
    assert (w.units, w.bases, w.drm, w.hex_control, w.harbor_research, w.first) == ({}, {}, {}, {}, {}, "allies")
    assert w.initial_harbor_left == tables().harbor.initial_attacks


@pytest.mark.parametrize(("path", "value", "message"), [
    ("bases.0.kind", "harbour", "table bases, key 0.kind: 'harbour' is not a kind of base "
                                "(port, two-port, port-counter, box, sw-box)"),
    ("bases.1.fronts", ["western", "baltic"], "table bases, key 1.fronts.1: 'baltic' is not a front "
                                              "(western, eastern, mediterranean, pacific)"),
    ("bases.0.fronts", [], "table bases, key 0.fronts: a port needs the front its water abuts (21.131)"),
    ("bases.0.fronts", ["western", "mediterranean", "eastern"],
     "table bases, key 0.fronts: a port is on one front, or two for a two-front port (21.132)"),
    ("bases.2.theater", "", "table bases, key 2.theater: '' is not a theater (europe, pacific)"),
    ("bases.0.theater", "arctic", "table bases, key 0.theater: 'arctic' is not a theater (europe, pacific)"),
    ("bases.0.control", "spain", "table bases, key 0.control: 'spain' is not a power or neutral"),
    ("bases.3.name", "Malta", "table bases, key 3.name: base 'Malta' is listed twice"),
    ("bases.3.name", "MALTA", "table bases, key 3.name: base 'MALTA' is listed twice"),
])
def test_21_13_a_damaged_base_entry_is_named_with_its_problem(path: str, value: Any, message: str) -> None:
    """21.13, 21.131, 21.132: each damaged ``[[bases]]`` entry is refused naming its key and the rule."""
    assert _refused(_with(path, value)) == message


def test_21_131_a_port_counter_needs_a_front_and_a_box_does_not() -> None:
    """21.131: only the two kinds of box may have no front; a port counter without one is refused."""
    raw = _with("bases.0.kind", "port-counter")
    raw["bases"][0]["fronts"] = []
    assert _refused(raw) == "table bases, key 0.fronts: a port needs the front its water abuts (21.131)"
    boxed = _with("bases.0.kind", "box")
    boxed["bases"][0]["fronts"] = []
    boxed["bases"][0]["theater"] = "pacific"
    assert world_from_scenario(boxed, FILE, tables()).bases["Malta"].theater == "pacific"


def test_21_132_a_two_front_port_may_name_its_theater() -> None:
    """21.132: a named theater wins over the first front's (a port on the Pacific front said to be in Europe)."""
    raw = _with("bases.0.theater", "pacific")
    assert world_from_scenario(raw, FILE, tables()).bases["Malta"].theater == "pacific"


@pytest.mark.parametrize(("path", "value", "message"), [
    ("units.0.power", "spain", f"table units, key 0.power: 'spain' is not a power ({POWERS})"),
    ("units.0.factors", 0, "table units, key 0.factors: must be 1 or more"),
    ("units.0.base", "Scapa", "table units, key 0.base: 'Scapa' is not a base of this scenario"),
    ("units.0.base", "malta", "table units, key 0.base: 'malta' is not a base of this scenario"),
    ("units.0.at_sea", "sunk", "table units, key 0.at_sea: must be one of patrol, defensive-patrol, mission, raiding"),
    ("units.0.id", "War spite", "table units, key 0.id: a unit id has no spaces or commas (it is typed in commands)"),
    ("units.0.id", "War,spite", "table units, key 0.id: a unit id has no spaces or commas (it is typed in commands)"),
    ("units.1.id", "warspite", "table units, key 1.id: unit 'warspite' is listed twice"),
])
def test_21_3_a_damaged_unit_entry_is_named_with_its_problem(path: str, value: Any, message: str) -> None:
    """21.3: each damaged ``[[units]]`` entry is refused naming its key and what is wrong."""
    assert _refused(_with(path, value)) == message


def test_21_3_an_unknown_unit_type_lists_the_types() -> None:
    """21.3: a type not in ``[unit_types]`` is refused listing every type."""
    assert _refused(_with("units.0.type", "dreadnought")) == (
        f"table units, key 0.type: 'dreadnought' is not a unit type ({', '.join(tables().unit_types)})")


def test_21_3_one_factor_and_every_at_sea_reason_are_accepted() -> None:
    """21.3, 21.41-21.53: one factor is enough; each reason for being at sea is accepted."""
    for reason in ("patrol", "defensive-patrol", "mission", "raiding"):
        raw = _with("units.0.at_sea", reason)
        raw["units"][0]["factors"] = 1
        assert world_from_scenario(raw, FILE, tables()).units["Warspite"].at_sea == reason


@pytest.mark.parametrize(("change", "message"), [
    ({"hex_control": {"AA7": "spain"}}, "table hex_control, key AA7: 'spain' is not a power or neutral"),
    ({"harbor": {"research": ["japan", "spain"]}}, "table harbor, key research.1: 'spain' is not a power"),
    ({"turn": {"first_player": "japan"}}, "table turn, key first_player: 'japan' is not a side (axis, allies)"),
])
def test_21_211_21_442_damaged_control_harbor_or_turn_is_named(change: dict[str, Any], message: str) -> None:
    """21.211 control by a power or neutral; 21.442 research by powers; the first player is a side."""
    assert _refused(_raw() | change) == message


def test_the_turn_table_is_required() -> None:
    """Issue 20 (both bundled scenarios playable from the first player turn): a scenario without ``[turn]`` is refused,
    naming the missing first player."""
    raw = _raw()
    del raw["turn"]
    assert _refused(raw) == "table turn: is missing (first_player)"


def test_21_526_a_drm_that_is_not_a_number_is_named() -> None:
    """21.526: a DRM must be a whole number; the message names the table and the nation."""
    assert _refused(_raw() | {"drm": {"britain": "one"}}).startswith("table drm, key britain")


@pytest.mark.parametrize(("table", "value", "message"), [
    ("bases", [{"name": "X"}], "table bases, key 0: Object missing required field `kind`"),
    ("units", [{"id": "X", "power": "britain", "type": "battleship", "factors": "3", "base": "Malta"}],
     "table units, key 0.factors: Expected `int`, got `str`"),
    ("hex_control", {"AA7": 3}, "table hex_control, key AA7: Expected `str`, got `int`"),
    ("harbor", {"research": "japan"}, "table harbor, key research: Expected `array`, got `str`"),
    ("harbor", {"attacks_made": -1}, "table harbor, key attacks_made: must be 0 or more, not -1"),
    ("drm", {"britain": "one"}, "table drm, key britain: Expected `int`, got `str`"),
    ("turn", {"first": "axis"}, "table turn: Object contains unknown field `first`"),
])
def test_21_1_a_table_of_the_wrong_shape_names_the_file_table_and_key(table: str, value: Any, message: str) -> None:
    """21.1 (DESIGN "Data files"): a value of the wrong type in any table of the scenario names file, table and key."""
    assert _refused(_raw() | {table: value}) == message
