"""AWAW raider groups, exactly (seed 004, 21.53): who may raid, from where, which ships may engage, which front pays.

Each test pins the figures, labels, rule numbers and refusals of one result, so
that a changed clause, term or message is noticed.
"""

from __future__ import annotations

import pytest

from awaw_core_fixtures import tables, unit
from awaw_ops_fixtures import ops_tables, port
from tui.rules.awaw import raiders as R
from tui.rules.awaw.units import NavalUnit
from tui.rules.core.errors import RuleError

S = R.RaidShip


def test_21_532E_a_group_of_three_ships_one_of_them_a_fast_carrier() -> None:
    """21.532A, E: a battleship, a two-factor cruiser (one ship) and a fast carrier."""
    group = [S("Bismarck", "battleship", 4), S("Prinz Eugen", "cruiser-2", 2), S("Graf Zeppelin", "fast-carrier", 2)]
    assert R.check_group(group, ops_tables()).to_dict() == {
        "name": "ships in the raider group", "value": 3, "rule": "21.532E",
        "terms": [{"label": "ships (a two-factor cruiser is one ship)", "value": 3, "rule": "21.532E"},
                  {"label": "fast carriers", "value": 1, "rule": "21.532E"}], "notes": []}


@pytest.mark.parametrize("group, message", [
    ([], "a raider group has at least one ship (21.532E)"),
    ([S("Z1", "destroyer", 1)], "Z1 (destroyer) may not raid: cruisers, capital ships and fast carriers only; five-factor "
                                "battleships and destroyers may not (21.532A)"),
    ([S("Yamato", "battleship-5", 5)], "Yamato (battleship-5) may not raid: cruisers, capital ships and fast carriers only; "
                                       "five-factor battleships and destroyers may not (21.532A)"),
    ([S("Old", "battleship", 4, fast=False)], "Old is a slow ship and may not raid (21.532A)"),
    ([S("Hit", "battleship", 4, damaged=True)], "Hit is damaged and may not undertake a naval activity (21.314)"),
    ([S("A", "battleship", 4)] * 4, "a raider group is at most 3 ships, not 4 (21.532E)"),
    ([S("A", "fast-carrier", 2), S("B", "fast-carrier", 2)], "a raider group has at most 1 fast carrier (21.532E)"),
])
def test_21_532A_E_groups_refused(group, message) -> None:
    """21.532A (eligible, fast), 21.314 (undamaged), 21.532E (at most three ships, one fast carrier)."""
    with pytest.raises(RuleError) as err:
        R.check_group(group, ops_tables())
    assert str(err.value) == message


def test_21_532B_germany_raids_the_atlantic_from_a_western_front_port() -> None:
    """21.532B: the line that allows it is returned; another power is refused with the lines that exist."""
    origin = R.origin_for("germany", port("Brest", "western"), "Atlantic SW", ops_tables())
    assert (origin.rule, origin.per_base) == ("21.532B", 0)
    with pytest.raises(RuleError) as err:
        R.origin_for("italy", port("Brest", "western"), "Atlantic SW", ops_tables())
    assert str(err.value) == "Italy may not raid the Atlantic SW SW box from Brest: germany from front:western (21.532B) (21.532)"
    with pytest.raises(RuleError) as err:
        R.origin_for("germany", port("Brest", "western"), "Arctic SW", ops_tables())
    assert str(err.value) == "Germany may not raid the Arctic SW SW box from Brest: no one may (21.532)"


def test_21_532C_a_refusal_lists_every_line_for_the_box() -> None:
    """21.532C: the Indian Ocean lines, each with its powers and places."""
    with pytest.raises(RuleError) as err:
        R.origin_for("usa", port("Aden"), "Indian Ocean SW", ops_tables())
    assert str(err.value) == ("USA may not raid the Indian Ocean SW SW box from Aden: germany, italy from Suez (21.532C); "
                              "japan from Colombo, Madras, Singapore (21.532C) (21.532)")


def test_21_532C_three_ships_at_most_from_each_listed_port() -> None:
    """21.532C: Japanese raiders into the Indian Ocean, three a port; 21.532B sets no such limit."""
    t = ops_tables()
    japan = R.origin_for("japan", port("Singapore", "pacific", theater="pacific"), "Indian Ocean SW", t)
    assert R.check_per_base(japan, {"Singapore": 3, "Colombo": 1}) is None
    with pytest.raises(RuleError) as err:
        R.check_per_base(japan, {"Singapore": 4})
    assert str(err.value) == "up to 3 ships may raid from Singapore, not 4 (21.532C)"
    germany = R.origin_for("germany", port("Brest", "western"), "Atlantic SW", t)
    assert R.check_per_base(germany, {"Brest": 9}) is None


def test_21_5342B_21_538_fast_ships_engage_slow_ones_only_a_returning_damaged_group() -> None:
    """21.5342B: only fast ships in the first engagement; 21.538: slow ones on the second attempt against a group with
    damaged ships; a damaged defender never."""
    fast, slow = S("a", "battleship", 4), S("b", "battleship", 4, fast=False)
    assert [R.may_engage(fast, 1, False), R.may_engage(S("c", "battleship", 4, damaged=True), 1, False),
            R.may_engage(slow, 1, True), R.may_engage(slow, 2, True), R.may_engage(slow, 2, False)] == [True, False, False, True, False]


@pytest.mark.parametrize("fronts, box, front, why", [
    ([("western",), ("western",)], "Atlantic SW", "western", "the front of the raiders' base of origin (21.531C; proposed ruling A15)"),
    ([("western",), ("mediterranean",)], "Atlantic SW", "western",
     "the front set for raids into the Atlantic SW box (21.531C; proposed ruling A15)"),
    ([("western", "mediterranean")], "Indian Ocean SW", "mediterranean",
     "the front set for raids into the Indian Ocean SW box (21.531C; proposed ruling A15)"),
    ([], "Arctic SW", "", "the front set for raids into the Arctic SW box (21.531C; proposed ruling A15)"),
])
def test_21_531C_the_front_a_raid_pays_on(fronts, box, front, why) -> None:
    """21.531C (proposed ruling A15): one front of origin, else the front set for the SW box."""
    assert R.raid_front(fronts, box, ops_tables()) == (front, why)


def test_21_5331_setup_raiders_still_waiting_in_fall_1939() -> None:
    """21.5331: German setup raiders in the Atlantic SW box, in port, by id or name, in Fall 1939, in the Axis turn."""
    spee = NavalUnit("KM-CA-Spee", "Graf Spee", "germany", "germany", "cruiser", 2, base="Atlantic SW")
    units = [spee, unit("Lutzow", 2, power="germany", type="cruiser", base="Atlantic SW", at_sea="raid"),
             unit("Scheer", 2, power="germany", type="cruiser", base="Atlantic SW"),
             unit("Hipper", 2, power="germany", type="cruiser", base="Atlantic SW"),
             unit("Graf Spee", 2, power="germany", type="cruiser", base="Brest"),
             unit("scheer", 2, power="germany", type="cruiser", base="Atlantic SW", sunk=True),
             NavalUnit("RM-Scheer", "Scheer", "italy", "italy", "cruiser", 2, base="Atlantic SW")]
    assert R.waiting_setup_raiders(units, "fall 1939", "axis", tables(), ops_tables()) == ["KM-CA-Spee", "Scheer"]
    assert R.waiting_setup_raiders(units, "Winter 1939", "axis", tables(), ops_tables()) == []
    assert R.waiting_setup_raiders(units, "Fall 1939", "allies", tables(), ops_tables()) == []
