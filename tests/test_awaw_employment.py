"""AWAW employment (seed 004, 21.31-21.314, 21.34) and ranges (21.36x; RULINGS A1)."""

from __future__ import annotations

import pytest

from tests.awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw.employment import check_force, employ, why_not
from tui.rules.awaw.ranges import check_range, read_legs
from tui.rules.core.errors import RuleError


def _w(*units):
    return world([base("Malta"), base("Atlantic SW", "sw-box", (), control="neutral")], list(units))


def test_21_31_one_activity_per_player_turn() -> None:
    w = _w(unit("a", acted=True))
    with pytest.raises(RuleError, match=r"one activity.*21\.31"):
        check_force([w.units["a"]], w, tables(), "patrol")


def test_21_31_21_34_inverted_units_may_not_act() -> None:
    w = _w(unit("new", inverted=True))
    assert "21.31" in why_not(w.units["new"], w)


def test_21_31_exception_units_in_an_sw_box_act_again_and_are_not_inverted() -> None:
    w = _w(unit("u", 3, type="submarine", base="Atlantic SW", acted=True))
    assert why_not(w.units["u"], w) == ""
    assert employ([w.units["u"]], w)[0] == w.units["u"]


def test_21_311_inverted_after_use() -> None:
    w = _w(unit("a"))
    done = employ([w.units["a"]], w)[0]
    assert done.inverted and done.acted


def test_21_312_ten_factors_or_more_only_as_one_task_force() -> None:
    w = _w(unit("a", 5), unit("b", 5))
    with pytest.raises(RuleError, match=r"21\.312"):
        check_force(list(w.units.values()), w, tables(), "patrol")
    w = _w(unit("a", 5, tf="TF1"), unit("b", 4))
    assert check_force(list(w.units.values()), w, tables(), "patrol")["factors"].value == 9  # 9: no TF needed
    w = _w(unit("a", 5, tf="TF1"), unit("b", 5, tf="TF1"), unit("t", 6, type="transport"))
    assert check_force(list(w.units.values()), w, tables(), "patrol")["factors"].value == 10  # transports not in the TF


def test_21_313_one_fast_fleet_factor_per_fast_carrier_factor() -> None:
    carrier = unit("cv", 2, type="fast-carrier", fast=True)
    slow = unit("bb", 3)
    w = _w(carrier, slow, unit("ca", 1, type="cruiser", fast=True))
    with pytest.raises(RuleError, match=r"2 fast carrier factors need 2 fast fleet factors.*has 1.*21\.313"):
        check_force(list(w.units.values()), w, tables(), "patrol")
    w = _w(carrier, unit("ca", 2, type="cruiser", fast=True))
    check_force(list(w.units.values()), w, tables(), "patrol")
    w = _w(carrier)
    check_force([w.units["cv"]], w, tables(), "base change", carriers_alone=True)  # 21.313: carriers may rebase alone


def test_21_314_damaged_units_may_not_act() -> None:
    w = _w(unit("a", damaged=True))
    with pytest.raises(RuleError, match=r"21\.314"):
        check_force([w.units["a"]], w, tables(), "patrol")


def test_21_414B_units_that_changed_base_may_not_patrol() -> None:
    w = _w(unit("a", base_changed=True))
    assert "21.414B" in why_not(w.units["a"], w, patrol=True)
    assert why_not(w.units["a"], w) == ""  # but may carry out another activity (21.32)


def test_21_3613_base_change_40_hexes_in_europe_20_in_the_pacific() -> None:
    assert check_range("base-change", "europe", 40, tables()).value == 40
    with pytest.raises(RuleError, match=r"41 hexes is beyond the 40-hex limit"):
        check_range("base-change", "europe", 41, tables())
    with pytest.raises(RuleError, match=r"beyond the 20-hex limit in Pacific"):
        check_range("base-change", "pacific", 21, tables())


def test_21_3614_offensive_missions_touch_a_port_every_20_hexes() -> None:
    check_range("offensive", "europe", 35, tables(), legs=[20, 15])
    with pytest.raises(RuleError, match=r"leg 1 crosses 21 hexes.*most is 20"):
        check_range("offensive", "europe", 35, tables(), legs=[21, 14])
    with pytest.raises(RuleError, match=r"must add up"):
        check_range("offensive", "europe", 35, tables(), legs=[20, 10])


def test_21_3612_sea_supply_nr_escort_have_no_range_limit() -> None:
    assert check_range("escort", "europe", 95, tables(), legs=[20, 20, 20, 20, 15]).value == 95


def test_21_3615A_hawaii_initial_leg_up_to_15_then_20() -> None:
    with pytest.raises(RuleError):
        check_range("offensive", "pacific", 15, tables(), legs=[15])
    assert check_range("offensive", "pacific", 15, tables(), legs=[15], exception="hawaii-15").value == 15
    check_range("offensive", "pacific", 20, tables(), legs=[20], exception="hawaii-20")


def test_21_3616D_pearl_harbor_strike_exceeds_the_limit() -> None:
    assert check_range("offensive", "pacific", 35, tables(), exception="pearl-harbor").value == 35


def test_21_3617_port_moresby_meets_the_port_rule_within_five_hexes() -> None:
    check_range("offensive", "pacific", 10, tables(), legs=[5, 5], ports=["Port Moresby"])
    with pytest.raises(RuleError, match=r"most is 5"):
        check_range("offensive", "pacific", 14, tables(), legs=[8, 6], ports=["Port Moresby"])


def test_21_36_legs_are_typed_whole_numbers() -> None:
    assert read_legs("12, 15,7") == [12, 15, 7]
    with pytest.raises(RuleError):
        read_legs("12,x")
