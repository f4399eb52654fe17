"""AWAW range rules implemented before any test asserted them (seed 004; issue 20, "Implemented, but no test asserts
it"): 21.361 (not at war), 21.3611 (interception), 21.3612 (no limit for sea escort, a port every 20/10), 21.36C (legs),
21.3615B, 21.3616A, 21.3616C (Pacific exceptions), pure checks of ``ranges.check_range``."""

from __future__ import annotations

import pytest

from tests.awaw_core_fixtures import tables
from tui.rules.awaw.ranges import check_range
from tui.rules.core.errors import RuleError


def test_21_3611_interceptions_reach_40_hexes_in_europe_and_20_in_the_pacific() -> None:
    t = tables()
    assert check_range("interception", "europe", 40, t).value == 40
    with pytest.raises(RuleError, match="41 hexes is beyond the 40-hex limit"):
        check_range("interception", "europe", 41, t)
    with pytest.raises(RuleError, match="21 hexes is beyond the 20-hex limit"):
        check_range("interception", "pacific", 21, t)


def test_21_3612_sea_escort_has_no_range_limit_but_touches_a_port_every_20_hexes() -> None:
    t = tables()
    assert check_range("escort", "europe", 60, t, legs=[20, 20, 20], ports=["Gibraltar", "Malta"]).value == 60
    with pytest.raises(RuleError, match="21.36C"):
        check_range("escort", "europe", 45, t, legs=[25, 20], ports=["Gibraltar"])


def test_21_36C_the_legs_add_up_to_the_distance() -> None:
    with pytest.raises(RuleError, match=r"must add up to the distance 30 \(21.36C\)"):
        check_range("offensive", "europe", 30, tables(), legs=[10, 10])


def test_21_361_no_range_limit_for_a_country_not_at_war_in_the_theater() -> None:
    check = check_range("offensive", "europe", 90, tables(), exception="not-at-war")
    assert check.value == 90 and check.rule == "21.361"


@pytest.mark.parametrize(("exception", "rule"), [("aleutians-allied", "21.3615B"), ("aleutians-japan", "21.3616C")])
def test_21_3615B_21_3616C_the_aleutians_by_the_shortest_route_exceed_the_range(exception: str, rule: str) -> None:
    check = check_range("offensive", "pacific", 35, tables(), exception=exception)
    assert check.value == 35 and check.rule == rule


def test_21_3616A_a_japanese_activity_from_japan_crosses_20_hexes_before_touching_a_port() -> None:
    t = tables()
    with pytest.raises(RuleError, match="21.36C"):
        check_range("offensive", "pacific", 18, t, legs=[18])
    assert check_range("offensive", "pacific", 18, t, legs=[18], exception="japan").value == 18
    with pytest.raises(RuleError, match="no range exception"):
        check_range("offensive", "pacific", 18, t, exception="nowhere")
