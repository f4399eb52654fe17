"""AWAW 21.53 raiders: groups (21.532), origins, the Raider Table (21.5342, RULINGS A2) and its example, engagement,
attacks on transports (21.5361, 21.5363)."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import ops_tables, port
from tui.rules.awaw import raiders as R
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


BISMARCK = R.RaidShip("Bismarck", "battleship", 4, power="germany")
HIPPER = R.RaidShip("Hipper", "cruiser-2", 2, power="germany")
SCHARN = R.RaidShip("Scharnhorst", "battleship", 3, power="germany")
GRAF = R.RaidShip("Graf Zeppelin", "fast-carrier", 2, power="germany")


def test_21_532A_eligible_ships(t) -> None:
    R.check_group([BISMARCK, HIPPER], t)
    for ship in (R.RaidShip("Yamato", "battleship-5", 5), R.RaidShip("Z1", "destroyer", 1), R.RaidShip("Old", "battleship", 3, fast=False)):
        with pytest.raises(RuleError, match="21.532A"):
            R.check_group([ship], t)


def test_21_532E_three_ships_one_fast_carrier(t) -> None:
    R.check_group([BISMARCK, HIPPER, GRAF], t)
    with pytest.raises(RuleError, match="at most 3 ships"):
        R.check_group([BISMARCK, HIPPER, SCHARN, GRAF], t)
    with pytest.raises(RuleError, match="fast carrier"):
        R.check_group([GRAF, R.RaidShip("Peter Strasser", "fast-carrier", 2)], t)


def test_21_532B_only_germans_from_western_front_ports_raid_the_atlantic(t) -> None:
    assert R.origin_for("germany", port("Brest", "western"), "Atlantic SW", t).rule == "21.532B"
    with pytest.raises(RuleError, match="21.532"):
        R.origin_for("italy", port("Bordeaux", "western"), "Atlantic SW", t)
    with pytest.raises(RuleError, match="21.532"):
        R.origin_for("germany", port("Kiel", "eastern"), "Atlantic SW", t)


def test_21_532C_D_indian_ocean_and_pacific_origins_up_to_three_per_port(t) -> None:
    o = R.origin_for("japan", port("Singapore", "pacific", theater="pacific"), "Indian Ocean SW", t)
    assert o.per_base == 3
    assert R.origin_for("italy", port("Suez"), "Indian Ocean SW", t).condition
    assert R.origin_for("japan", port("Pearl Harbor", "pacific", theater="pacific"), "Pacific SW", t).rule == "21.532D"
    R.check_per_base(o, {"Singapore": 3})
    with pytest.raises(RuleError, match="up to 3 ships may raid from Singapore"):
        R.check_per_base(o, {"Singapore": 4})


def test_raider_table_modifiers_atlantic(t) -> None:
    """-3 automatic, +1 second group, +1 three ships, +2 air range results, +1 U.S. at war, 13 CVEs = +2, Ultra -1: +3."""
    c = R.RaidConditions(priority=2, air_range_results=2, us_at_war_with_germany=True, cves=13, codebreaking=-1)
    assert R.raider_modifier("Atlantic SW", 3, c, t).value == -3 + 1 + 1 + 2 + 1 + 2 - 1


@pytest.mark.parametrize("cves, step", [(0, 0), (5, 0), (6, 1), (11, 1), (12, 2), (23, 3), (24, 4), (40, 4)])
def test_raider_table_atlantic_cve_bands(t, cves: int, step: int) -> None:
    assert R.raider_modifier("Atlantic SW", 1, R.RaidConditions(cves=cves), t).value == -3 + step


@pytest.mark.parametrize("cves, step", [(2, 0), (3, 1), (8, 2), (9, 3), (12, 4), (30, 4)])
def test_raider_table_indian_ocean_and_pacific_cve_bands(t, cves: int, step: int) -> None:
    assert R.raider_modifier("Indian Ocean SW", 1, R.RaidConditions(cves=cves), t).value == -3 + step
    assert R.raider_modifier("Pacific SW", 1, R.RaidConditions(cves=cves), t).value == -3 + step


def test_raider_table_singapore_counts_only_in_the_indian_ocean_and_us_war_only_in_the_atlantic(t) -> None:
    assert R.raider_modifier("Indian Ocean SW", 1, R.RaidConditions(singapore=True), t).value == -2
    assert R.raider_modifier("Pacific SW", 1, R.RaidConditions(singapore=True, us_at_war_with_germany=True), t).value == -3


def test_21_5341A_zero_or_less_escapes(t) -> None:
    assert R.engagement(3, -3, t).value == 0
    assert R.engagement(1, -3, t).value == 0


def test_21_5341B_raider_table_example_modified_four_lets_four_ships_engage(t) -> None:
    """Raider Table example: the Bismarck and a cruiser; the modified roll is 4, so four British ships may engage."""
    assert R.engagement(6, -2, t).value == 4


def test_raider_table_example_ship_types_and_a_lesser_roll(t) -> None:
    """Rolls 2, 3, 4, 6 send a cruiser, a 3-factor battlecruiser, a 4-factor battleship and a fast carrier; without a
    4-factor battleship the British may send a 3-factor battlecruiser instead (21.5342D)."""
    all_there = {f: True for f in range(1, 7)}
    assert [R.engaging_ship(f, all_there, t).value for f in (2, 3, 4, 6)] == [2, 3, 4, 6]
    no_four = {**all_there, 4: False}
    out = R.engaging_ship(4, no_four, t)
    assert out.value == 3 and "21.5342D" in out.notes[0]
    assert R.engaging_ship(6, {1: True}, t).value == 1
    assert R.engaging_ship(2, {}, t).value == 0


def test_21_5342B_only_fast_ships_first_slow_against_a_damaged_returning_group(t) -> None:
    slow = R.RaidShip("Ramillies", "battleship", 3, fast=False)
    assert R.may_engage(slow, 1, True) is False
    assert R.may_engage(slow, 2, False) is False
    assert R.may_engage(slow, 2, True) is True


def test_21_5361_5363_attacks_on_transports(t) -> None:
    assert R.may_attack_transports(False, 0).value is True
    assert R.may_attack_transports(True, 0).value is True
    assert R.may_attack_transports(True, 1).value is False
