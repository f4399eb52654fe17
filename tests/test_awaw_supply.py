"""AWAW 21.42 (and 21.56) sea supply, oil shipments and BRP grants by sea."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.supply import brp_grant_requirement, oil_requirement, sea_supply_transports
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


def test_21_421A_lines_from_ports_need_no_naval_units(t) -> None:
    req = sea_supply_transports(0, 4, "germany", t)
    assert (req.destroyers.value, req.transports.value) == (0, 0)


def test_21_421B_one_transport_per_western_allied_line_from_a_box(t) -> None:
    req = sea_supply_transports(3, 2, "britain", t)
    assert req.transports.value == 3
    assert req.destroyers.value == 0


def test_21_421B_only_western_allied_lines_from_boxes(t) -> None:
    with pytest.raises(RuleError, match="21.421B"):
        sea_supply_transports(1, 0, "japan", t)


def test_21_422_western_allied_and_japanese_oil_needs_one_transport_a_counter(t) -> None:
    assert oil_requirement(2, "usa", t).transports.value == 2
    assert oil_requirement(1, "japan", t).transports.value == 1
    assert oil_requirement(1, "japan", t).destroyers.value == 0


def test_21_422_european_axis_oil_needs_three_destroyer_factors_a_counter(t) -> None:
    req = oil_requirement(2, "germany", t)
    assert (req.destroyers.value, req.transports.value) == (6, 0)


def test_21_422_russia_cannot_ship_oil_by_sea(t) -> None:
    with pytest.raises(RuleError, match="21.422"):
        oil_requirement(1, "russia", t)


@pytest.mark.parametrize("brps, transports", [(5, 1), (6, 2), (12, 3)])
def test_21_423_brp_grants_one_transport_per_five_brps(t, brps: int, transports: int) -> None:
    assert brp_grant_requirement(brps, "usa", t).transports.value == transports


def test_21_423_only_western_allied_grants_go_by_sea(t) -> None:
    with pytest.raises(RuleError, match="21.423"):
        brp_grant_requirement(5, "germany", t)
    with pytest.raises(RuleError, match="21.423"):
        brp_grant_requirement(0, "usa", t)
