"""AWAW 21.6 sea escort: destroyers and transports (21.64 A-E), legs (F-H), the initial leg and the 21.65 example, failure (21.66)."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.escort import Cargo, check_initial_leg, escort_requirement, escort_result
from tui.rules.awaw.ops_common import check_enough, shortfall
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


def test_21_64A_one_destroyer_factor_per_ground_or_air_factor(t) -> None:
    req = escort_requirement(Cargo(factors=7), "britain", "destroyers", t)
    assert (req.destroyers.value, req.transports.value) == (7, 0)
    assert "21.64A" in req.destroyers.terms[0].rule


def test_21_64B_three_destroyer_factors_per_european_axis_oil_counter(t) -> None:
    req = escort_requirement(Cargo(oil=2), "italy", "destroyers", t)
    assert req.destroyers.value == 6


def test_21_64B_axis_oil_may_not_go_by_transport(t) -> None:
    with pytest.raises(RuleError, match="21.64B"):
        escort_requirement(Cargo(oil=1), "germany", "transports", t)


@pytest.mark.parametrize("factors, transports", [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3)])
def test_21_64C_one_transport_per_five_factors_rounded_up(t, factors: int, transports: int) -> None:
    assert escort_requirement(Cargo(factors=factors), "usa", "transports", t).transports.value == transports


@pytest.mark.parametrize("brps, transports", [(1, 1), (5, 1), (9, 2), (15, 3), (16, 4)])
def test_21_64D_one_transport_per_five_brps_rounded_up_and_no_destroyers(t, brps: int, transports: int) -> None:
    req = escort_requirement(Cargo(brps=brps), "britain", "transports", t)
    assert (req.destroyers.value, req.transports.value) == (0, transports)
    with pytest.raises(RuleError, match="21.64D"):
        escort_requirement(Cargo(brps=brps), "britain", "destroyers", t)


def test_21_64E_one_transport_per_western_allied_or_japanese_oil_counter(t) -> None:
    assert escort_requirement(Cargo(oil=3), "japan", "transports", t).transports.value == 3
    with pytest.raises(RuleError, match="21.64E"):
        escort_requirement(Cargo(oil=1), "usa", "destroyers", t)


def test_21_64_combined_cargo_adds_up(t) -> None:
    """21.64C-E: 7 factors (2 transports) + 6 BRPs (2) + 1 oil counter (1) = 5 transports."""
    assert escort_requirement(Cargo(factors=7, brps=6, oil=1), "usa", "transports", t).transports.value == 5


def test_21_64F_H_an_unknown_leg_is_refused(t) -> None:
    with pytest.raises(RuleError, match="21.64F-H"):
        escort_requirement(Cargo(factors=1), "usa", "airlift", t)


def test_21_65_example_three_destroyer_factors_for_a_3_2_infantry(t) -> None:
    """21.65 example: an American 3-2 infantry NRed from Port Moresby needs at least three destroyer factors."""
    req = escort_requirement(Cargo(factors=3), "usa", "destroyers", t)
    assert req.destroyers.value == 3
    assert shortfall(req, 2, 0) == ["needs 3 destroyer factors: 2 chosen (21.64A, B)"]
    check_enough(req, 3, 0, "sea escort")
    with pytest.raises(RuleError, match="needs 3 destroyer factors: 2 chosen"):
        check_enough(req, 2, 0, "sea escort")


def test_21_65A_example_destroyers_beyond_the_initial_leg_cannot_escort(t) -> None:
    """21.65 example: destroyers in the Philippines (farther than 10 Pacific hexes) cannot escort from Port Moresby
    that turn; destroyers moved within 10 hexes in the movement phase can."""
    with pytest.raises(RuleError, match="at most 10 in the Pacific"):
        check_initial_leg(14, "pacific", t)
    assert check_initial_leg(10, "pacific", t).value is True
    assert check_initial_leg(0, "pacific", t).value is True
    assert check_initial_leg(20, "europe", t).value is True
    with pytest.raises(RuleError, match="21.65A"):
        check_initial_leg(21, "europe", t)


def test_21_66C_example_fewer_than_three_surviving_destroyer_factors_eliminate_the_3_2(t) -> None:
    """21.65 example: with fewer than three surviving destroyer factors the 3-2 is eliminated, whoever won."""
    assert escort_result(3, 2, False, False, "Port Moresby").value == "eliminated"
    assert escort_result(3, 2, False, True, "Port Moresby").value == "eliminated"


def test_21_66B_example_a_defeated_escort_returns_the_3_2_to_port_moresby(t) -> None:
    out = escort_result(3, 3, False, True, "Port Moresby")
    assert out.value == "returned"
    assert "Port Moresby" in out.notes[0]


def test_21_66C_a_lost_transport_eliminates_its_cargo(t) -> None:
    assert escort_result(0, 0, True, False, "Gibraltar").value == "eliminated"


def test_21_65_a_won_escort_delivers(t) -> None:
    assert escort_result(3, 4, False, False, "Port Moresby").value == "delivered"
