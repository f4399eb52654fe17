"""AWAW seaborne invasions, exactly (seed 004, 21.51): whole derivations and refusals, not only values.

Commando range (21.512A), odds as typed (21.5152), defensive air support
(21.517F), the ground support cap (21.517D), the occupation limit and its
surplus (21.517J, K), failure (21.516) and excess destroyers bombarding
(21.517C exception). Each test pins the figures, labels and rule numbers of
one result, so that a changed clause, term or message is noticed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from awaw_core_fixtures import tables, unit
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.invasion import (check_range, defensive_air_support, excess_destroyers, failure, ground_support_cap,
                                     occupation_limit, read_odds, surplus)
from tui.rules.awaw.transport import Cargo
from tui.rules.core.errors import RuleError


def test_21_512A_an_ordinary_invasion_has_no_commando_range() -> None:
    """21.512A applies to a commando port invasion only."""
    assert check_range(30, "europe", False, ops_tables()).to_dict() == {
        "name": "commando range", "value": True, "rule": "21.512A",
        "terms": [{"label": "not a commando port invasion", "value": 0, "rule": "21.512A"}], "notes": []}


@pytest.mark.parametrize("theater, limit", [("europe", 10), ("pacific", 5)])
def test_21_512A_a_commando_port_invasion_reaches_10_hexes_in_europe_5_in_the_pacific(theater: str, limit: int) -> None:
    """21.512A: the limit itself is accepted with both figures shown; one hex more is refused."""
    assert check_range(limit, theater, True, ops_tables()).to_dict() == {
        "name": "commando range", "value": True, "rule": "21.512A",
        "terms": [{"label": "hexes by water (typed, RULINGS A1)", "value": limit, "rule": "21.512A"},
                  {"label": f"limit ({theater})", "value": limit, "rule": "21.512A"}], "notes": []}
    with pytest.raises(RuleError) as err:
        check_range(limit + 1, theater, True, ops_tables())
    assert str(err.value) == (f"a commando port invasion may reach {limit} hexes in the {theater.title()}, "
                              f"not {limit + 1} (21.512A)")


def test_21_517F_defensive_air_support_against_an_invasion_is_tripled() -> None:
    """21.517F: 4 factors of defensive air support count 12."""
    assert defensive_air_support(4, ops_tables()).to_dict() == {
        "name": "defensive air support against the invasion", "value": 12, "rule": "21.517F",
        "terms": [{"label": "defensive air support", "value": 4, "rule": "18.611C"},
                  {"label": "multiplier", "value": 3, "rule": "21.517F"}], "notes": []}


def test_21_517D_ground_support_up_to_three_times_the_ground_factors() -> None:
    """21.517D: 3 ground factors allow 9 ground support; 10 is refused with the arithmetic."""
    assert ground_support_cap(3, 9, ops_tables()).to_dict() == {
        "name": "ground support for the invasion", "value": 9, "rule": "21.517D",
        "terms": [{"label": "ground factors in the invasion attack", "value": 3, "rule": "21.517D"},
                  {"label": "cap (3x)", "value": 9, "rule": "21.517D"}], "notes": []}
    with pytest.raises(RuleError) as err:
        ground_support_cap(3, 10, ops_tables())
    assert str(err.value) == "ground support of 10 exceeds 3 x 3 ground factors = 9 (21.517D)"


def test_21_516_a_failed_invasion_returns_home_before_or_after_embarking() -> None:
    """21.516A before embarking; 21.516B, C after: the survivors return to the embarkation base and debark."""
    assert failure("before", "Naples") == "The naval units return to their original base; nothing was embarked (21.516A)."
    assert failure("combat", "Naples") == (
        "The naval units and the surviving ground units return to Naples; the units debark and may not move, attack or "
        "attrition for the rest of the combat phase (21.516B, C); the naval units return to their original base.")


@pytest.mark.parametrize("typed, ratio", [("3:1", Fraction(3)), ("1.5:1", Fraction(3, 2)), ("1:2", Fraction(1, 2)),
                                          (" 2:1 ", Fraction(2))])
def test_21_5152_odds_are_read_as_attack_over_defence(typed: str, ratio: Fraction) -> None:
    """21.5152: the odds the referee types (RULINGS A1), attack over defence."""
    assert read_odds(typed) == ratio


@pytest.mark.parametrize("typed", ["3", "0:1", "1:0", "a:b", "1:-1", "-1:1", "1111111111111111:1"])
def test_21_5152_odds_that_are_not_two_positive_numbers_are_refused(typed: str) -> None:
    """21.5152: ATTACK:DEFENCE, both positive; a runaway number is refused too."""
    with pytest.raises(RuleError) as err:
        read_odds(typed)
    assert str(err.value) == f"odds are typed as ATTACK:DEFENCE, e.g. 3:1 or 1:2, not '{typed}'"


@pytest.mark.parametrize("bridgehead, island, port, n, why", [
    (True, False, False, 5, "a bridgehead counter placed"),
    (False, False, False, 5, "no bridgehead counter: normal stacking (12.13)"),
    (False, True, False, 1, "a Pacific one-hex island"),
    (True, True, True, 2, "a Pacific one-hex island with a port"),
])
def test_21_517J_occupation_limit_of_the_invasion_hex(bridgehead: bool, island: bool, port: bool, n: int, why: str) -> None:
    """21.517J: non-specialized units in the hex by its kind, plus specialized units (12.12)."""
    assert occupation_limit(bridgehead, island, port, ops_tables()).to_dict() == {
        "name": "non-specialized units in the invasion hex", "value": n, "rule": "21.517J",
        "terms": [{"label": why, "value": n, "rule": "21.517J"},
                  {"label": "plus specialized units", "value": 3, "rule": "21.517J, 12.12"}], "notes": []}


def test_21_517K_non_specialized_units_over_the_limit_must_leave_or_be_eliminated() -> None:
    """21.517K: on a Pacific one-hex island (limit 1), marines and commandos do not count; only units landed count."""
    t = ops_tables()
    limit = occupation_limit(False, True, False, t)
    cargo = (Cargo("A", 3), Cargo("B", 3), Cargo("M", 1, "marine"), Cargo("C", 2), Cargo("K", 1, "commando"))
    tail = ("return to a port within range of the invasion hex, or the excess of the invader's choice is eliminated at "
            "the end of the combat phase (21.517K).")
    assert surplus(cargo, {"a", "b", "m", "c", "k"}, limit, t) == (
        f"2 non-specialized units over the limit of 1 (A, B, C): {tail}",)
    assert surplus(cargo, {"a", "b", "m", "k"}, limit, t) == (f"1 non-specialized unit over the limit of 1 (A, B): {tail}",)
    assert surplus(cargo, {"a", "m", "k"}, limit, t) == ()


MISSION = {"cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry"}, {"name": "2 Inf", "factors": 2, "kind": "infantry"}],
           "defended": True, "from_box": False}
"""An invasion of a defended hex carrying 5 ground factors: 10 destroyer factors (21.513B)."""


def _carrying() -> list:
    return [unit("RN-DD-A", 4, type="destroyer"), unit("RN-DD-B", 6, type="destroyer"), unit("RN-BB", 3),
            unit("RN-DD-C", 5, type="destroyer", damaged=True), unit("RN-DD-D", 5, type="destroyer", sunk=True)]


def test_21_517C_exception_destroyers_beyond_what_the_survivors_need_may_bombard() -> None:
    """21.517C: 10 healthy destroyer factors carry 1 Inf (3) and 2 Inf (2) to a defended hex; 2 Inf lost at sea leaves
    3 factors needing 6, so 4 may bombard; damaged and sunk destroyers and the battleship count for nothing."""
    named = [unit("RN-DD-A", 4, type="destroyer")]
    assert excess_destroyers(MISSION, named, _carrying(), ["2 inf"], tables(), ops_tables()) == (4, ["2 Inf"])
    both = {**MISSION, "lost": ["1 Inf"]}
    assert excess_destroyers(both, named, _carrying(), ["2 Inf"], tables(), ops_tables()) == (10, ["1 Inf", "2 Inf"])


@pytest.mark.parametrize("lost", [[], ["3 Inf"]])
def test_21_517C_carrying_destroyers_bombard_only_after_naming_ground_units_lost_at_sea(lost: list[str]) -> None:
    """21.517C: without a loss, or naming a unit the invasion did not carry, the carrying destroyers may not bombard."""
    named = [unit("RN-DD-A", 4, type="destroyer")]
    with pytest.raises(RuleError) as err:
        excess_destroyers(MISSION, named, _carrying(), lost, tables(), ops_tables())
    assert str(err.value) == ("bombard: RN-DD-A carry the invading units; shore bombardment comes from naval factors not "
                              "carrying ground units, unless losses at sea cost ground units: name them with --lost "
                              "(1 Inf, 2 Inf) (21.517C)")


def test_21_517C_no_excess_when_the_survivors_need_every_carrying_factor() -> None:
    """21.517C: 4 destroyer factors, 1 Inf (3 factors) surviving in a defended hex needs 6: nothing may bombard."""
    carrying = [unit("RN-DD-A", 4, type="destroyer")]
    with pytest.raises(RuleError) as err:
        excess_destroyers(MISSION, carrying, carrying, ["2 Inf"], tables(), ops_tables())
    assert str(err.value) == ("bombard: the carrying destroyers' 4 factors are all needed by the surviving ground units (6); "
                              "no excess factor may bombard (21.517C)")
    exactly = [unit("RN-DD-A", 6, type="destroyer")]
    with pytest.raises(RuleError, match=r"destroyers' 6 factors are all needed by the surviving ground units \(6\)"):
        excess_destroyers(MISSION, exactly, exactly, ["2 Inf"], tables(), ops_tables())
