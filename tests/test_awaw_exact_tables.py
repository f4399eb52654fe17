"""Exact tests of the AWAW chapter 21 tables (``awaw.toml``, seed 004), each guarding a change to
``tui/rules/awaw/tables.py`` the data tests let pass: every cross-check of a damaged file names the table, the key and
the problem in full (21.11-21.114, 21.13, 21.211, 21.3615, 21.4184, 21.444), and the helpers the rules read (sides,
side of a power, winter turns of 21.5151, a front's theater)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from awaw_core_fixtures import data_refusal
from tui.paths import data_dir
from tui.rules.awaw.tables import BASE_KINDS, CATEGORIES, load_tables
from tui.rules.core.data import read_toml

RULES = data_dir() / "rulesets" / "awaw.toml"
POWERS = "germany, italy, japan, britain, usa, france, ussr"


def _raw() -> dict[str, Any]:
    return copy.deepcopy(read_toml(RULES))


def _refused(raw: dict[str, Any]) -> str:
    return data_refusal(lambda: load_tables(Path("/nowhere/awaw.toml"), raw), "awaw.toml")


def test_the_shipped_tables_pass_every_cross_check() -> None:
    """21.1-21.7: the bundled file loads; the base kinds the world knows are all there."""
    t = load_tables(RULES)
    assert set(BASE_KINDS) <= set(t.base_kinds)
    assert {u.category for u in t.unit_types.values()} <= set(CATEGORIES)


def test_21_3_a_power_on_no_side_is_named() -> None:
    """21.3: each power is on one of the two sides."""
    raw = _raw()
    raw["powers"]["italy"]["side"] = "neutral"
    assert _refused(raw) == "table powers, key italy.side: 'neutral' is not a side (axis, allies)"


def test_21_13_a_front_in_no_theater_is_named() -> None:
    """21.13: each front is in a theater of the table."""
    raw = _raw()
    raw["fronts"]["eastern"]["theater"] = "asia"
    assert _refused(raw) == "table fronts, key eastern.theater: 'asia' is not a theater (europe, pacific)"


@pytest.mark.parametrize("kind", BASE_KINDS)
def test_21_11_21_114_each_kind_of_base_the_world_knows_is_required(kind: str) -> None:
    """21.11, 21.111, 21.12, 21.114, 25.3: a file without one of the five kinds of base is refused naming it."""
    raw = _raw()
    del raw["base_kinds"][kind]
    assert _refused(raw) == f"table base_kinds: needs the kind '{kind}'"


def test_21_11_a_limited_kind_of_base_needs_a_capacity() -> None:
    """21.11: a kind of base with capacity 0 that is not unlimited is refused; unlimited with 0 is fine (21.114)."""
    raw = _raw()
    raw["base_kinds"]["two-port"]["capacity"] = 0
    raw["base_kinds"]["two-port"].pop("unlimited", None)
    assert _refused(raw) == "table base_kinds, key two-port.capacity: needs a capacity above 0 (or unlimited = true)"
    ok = _raw()
    ok["base_kinds"]["two-port"]["capacity"] = 0
    ok["base_kinds"]["two-port"]["unlimited"] = True
    assert load_tables(RULES, ok).base_kinds["two-port"].unlimited
    one = _raw()
    one["base_kinds"]["two-port"]["capacity"] = 1
    one["base_kinds"]["two-port"].pop("unlimited", None)
    assert load_tables(RULES, one).base_kinds["two-port"].capacity == 1


@pytest.mark.parametrize(("key", "value", "message"), [
    ("sw_power", "spain", "table submarines, key sw_power: 'spain' is not a power"),
    ("front", "arctic", "table submarines, key front: 'arctic' is not a front"),
])
def test_21_4184_the_submarine_rules_name_a_power_and_a_front(key: str, value: str, message: str) -> None:
    """21.4184C, E: the power and the front the submarine rule names exist."""
    raw = _raw()
    raw["submarines"][key] = value
    assert _refused(raw) == message


def test_21_444_the_initial_harbor_attack_power_exists() -> None:
    """21.444: the power of the initial harbor attacks is a power of the table."""
    raw = _raw()
    raw["harbor"]["initial_power"] = "prussia"
    assert _refused(raw) == "table harbor, key initial_power: 'prussia' is not a power"


def test_21_3615_a_range_exception_names_powers() -> None:
    """21.3615A: every power a range exception lists exists; the key names the exception and the position."""
    raw = _raw()
    raw["range_exceptions"]["hawaii-20"]["powers"] = ["britain", "usa", "spain"]
    assert _refused(raw) == "table range_exceptions, key hawaii-20.powers.2: 'spain' is not a power"


def test_21_211_strait_ids_are_distinct() -> None:
    """21.211: two straits with one id are refused."""
    raw = _raw()
    raw["straits"][2]["id"] = raw["straits"][1]["id"]
    assert _refused(raw) == "table straits: strait ids must be distinct"


def test_21_3_the_sides_and_the_side_of_a_power() -> None:
    """21.3: the two sides in data order; a power's side; "neutral" or an unknown name has none."""
    t = load_tables(RULES)
    assert t.sides == ("axis", "allies")
    assert (t.side_of("italy"), t.side_of("usa"), t.side_of("neutral"), t.side_of("")) == ("axis", "allies", "", "")


def test_21_5151_winter_turns_are_read_from_the_season_word() -> None:
    """21.5151: "Winter 1942" is a winter turn; "Spring 1942" and no label are not; the first word decides."""
    t = load_tables(RULES)
    assert t.is_winter("Winter 1942") is True
    assert t.is_winter("Spring 1942") is False
    assert t.is_winter("") is False
    assert t.is_winter("1942 Winter") is False


def test_21_13_a_fronts_theater_gives_its_hex_limits() -> None:
    """21.13, 21.223: the Pacific front is in the Pacific theater (20-hex base changes), the western in Europe (40)."""
    t = load_tables(RULES)
    assert t.theater_of("pacific") is t.theaters["pacific"] and t.theater_of("pacific").base_change == 20
    assert t.theater_of("western") is t.theaters["europe"] and t.theater_of("western").base_change == 40
