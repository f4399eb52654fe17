"""AWAW 21.55 fast carrier missions: fast fleet escort (21.555A, 21.313), boxes (21.553), one target (21.557F)."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.carriers import DIFFERENCES, check_box, check_target, fast_fleet_check
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


def test_21_555A_one_fast_fleet_factor_per_fast_carrier_factor(t) -> None:
    assert fast_fleet_check(6, 6, t).value == 6
    with pytest.raises(RuleError, match="needs at least 6 fast fleet factors, not 5"):
        fast_fleet_check(6, 5, t)


def test_21_553_boxes(t) -> None:
    check_box("India", False, t)
    check_box("Australia", False, t)
    check_box("Pacific U.S.", True, t)
    with pytest.raises(RuleError, match="21.553A"):
        check_box("Atlantic U.S.", False, t)
    with pytest.raises(RuleError, match="21.553C"):
        check_box("South Africa", True, t)


def test_21_557F_a_single_enemy_base(t) -> None:
    check_target(["Truk", "truk"])
    with pytest.raises(RuleError, match="21.557F"):
        check_target(["Truk", "Rabaul"])


def test_21_557_lists_all_six_differences() -> None:
    assert [d[:7] for d in DIFFERENCES] == [f"21.557{c}" for c in "ABCDEF"]
