"""AWAW seaborne invasions, exactly (seed 004, 21.51): whole derivations and refusals, not only values.

Commando range (21.512A), odds as typed (21.5152), defensive air support
(21.517F), the ground support cap (21.517D), the occupation limit and its
surplus (21.517J, K), failure (21.516), excess destroyers bombarding
(21.517C exception), shore bombardment's caps, remnants and losses (21.523-21.528). Each test pins the figures, labels and rule numbers of
one result, so that a changed clause, term or message is noticed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from awaw_core_fixtures import tables, unit
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.bombardment import (FleetLoss, barred_factors, bombardment_value, check_box, combined_support,
                                         fleet_losses, loss_options)
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


def test_21_5152_odds_up_to_sixteen_characters_are_read() -> None:
    """21.5152: a typed figure of 16 characters is read; one of 17 is refused below."""
    assert read_odds("10000000000000:1") == 10 ** 13


@pytest.mark.parametrize("typed", ["3", "0:1", "1:0", "a:b", "1:-1", "-1:1", "1111111111111111:1", "100000000000000:1"])
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


def test_21_513C_from_a_box_the_survivors_need_two_destroyer_factors_each() -> None:
    """21.513A, C, 21.517C: an undefended hex from a mapboard box: 1 Inf (3 factors) surviving needs 6 of 10 (4 excess);
    the same invasion from a port needs 3 (7 excess); a single excess factor may bombard."""
    carrying = [unit("RN-DD-A", 4, type="destroyer"), unit("RN-DD-B", 6, type="destroyer")]
    from_box = {**MISSION, "defended": False, "from_box": True}
    assert excess_destroyers(from_box, carrying, carrying, ["2 Inf"], tables(), ops_tables()) == (4, ["2 Inf"])
    from_port = {**MISSION, "defended": False}
    assert excess_destroyers(from_port, carrying, carrying, ["2 Inf"], tables(), ops_tables()) == (7, ["2 Inf"])
    seven = [unit("RN-DD-A", 7, type="destroyer")]
    assert excess_destroyers(MISSION, seven, seven, ["2 Inf"], tables(), ops_tables()) == (1, ["2 Inf"])


def test_21_517C_the_refusal_names_every_carrying_unit_even_with_no_cargo_recorded() -> None:
    """21.517C: two carrying destroyers named; a mission that recorded no cargo lists none."""
    carrying = [unit("RN-DD-A", 4, type="destroyer"), unit("RN-DD-B", 6, type="destroyer")]
    with pytest.raises(RuleError) as err:
        excess_destroyers({}, carrying, carrying, ["1 Inf"], tables(), ops_tables())
    assert str(err.value) == ("bombard: RN-DD-A, RN-DD-B carry the invading units; shore bombardment comes from naval factors "
                              "not carrying ground units, unless losses at sea cost ground units: name them with --lost () "
                              "(21.517C)")


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


A3 = ("RULINGS A3: categories from the lowest DRM up; each cap counts the bombardment already added by lower categories; "
      "remnants are kept for 21.527.")
LOWEST = ("Assumption: 21.526 names DRMs of one, two, three or more; a Naval Nationality DRM of zero or less is capped as "
          "the lowest row (1x).")


def test_21_526_caps_by_drm_lowest_first_each_counting_what_lower_ones_added() -> None:
    """21.525, 21.526A, B (RULINGS A3): 2 ground factors; DRM 0 (capped as 1x): 4 naval factors add 1; DRM 2: 7 add 2
    (cap 4 less 1 already = 3); the 1 + 1 naval factors short of a combat factor are kept for 21.527."""
    b = bombardment_value(2, {2: 7, 0: 4}, ops_tables())
    assert b.value.to_dict() == {
        "name": "shore bombardment combat factors", "value": 3, "rule": "21.525, 21.526",
        "terms": [{"label": "ground factors in the invasion attack", "value": 2, "rule": "21.526"},
                  {"label": "DRM 0: 4 naval factors / 3 = 1, cap 1 x 2 - 0 already = 2", "value": 1, "rule": "21.526A"},
                  {"label": "DRM 2: 7 naval factors / 3 = 2, cap 2 x 2 - 1 already = 3", "value": 2, "rule": "21.526B"}],
        "notes": [A3, LOWEST, "2 naval factors short of a combat factor are kept for 21.527 (with naval air remnants)."]}
    assert (b.used, b.remnant, b.unused) == (11, 2, 0)


def test_21_526A_naval_factors_beyond_the_cap_add_nothing() -> None:
    """21.526A: DRM 1, 2 ground factors: 20 naval factors add 2 (cap 1x); 6 count, 14 add nothing, no remnant."""
    b = bombardment_value(2, {1: 20}, ops_tables())
    assert b.value.to_dict() == {
        "name": "shore bombardment combat factors", "value": 2, "rule": "21.525, 21.526",
        "terms": [{"label": "ground factors in the invasion attack", "value": 2, "rule": "21.526"},
                  {"label": "DRM 1: 20 naval factors / 3 = 6, cap 1 x 2 - 0 already = 2", "value": 2, "rule": "21.526A"}],
        "notes": [A3, "14 naval factors beyond the caps add nothing (21.526)."]}
    assert (b.used, b.remnant, b.unused) == (6, 0, 14)


def test_21_526C_21_517C_three_times_the_ground_factors_at_most() -> None:
    """21.526C, 21.517C: 3 ground factors; DRM -1 adds 1, DRM 3 adds 8 more up to 9; a DRM with no factors is skipped."""
    b = bombardment_value(3, {-1: 5, 3: 30, 2: 0}, ops_tables())
    assert [t.label for t in b.value.terms][1:] == ["DRM -1: 5 naval factors / 3 = 1, cap 1 x 3 - 0 already = 3",
                                                    "DRM 3: 30 naval factors / 3 = 10, cap 3 x 3 - 1 already = 8"]
    assert (b.value.value, b.used, b.remnant, b.unused) == (9, 29, 2, 6)
    assert b.value.notes[-1] == "6 naval factors beyond the caps add nothing (21.526)."


def test_21_526A_a_category_with_no_room_left_adds_nothing_and_its_factors_count_as_unused() -> None:
    """21.526A (RULINGS A3): 2 ground factors; DRM -1 fills the 1x cap with 6 naval factors, so DRM 0 (same row) adds
    nothing: its 3 naval factors are beyond the caps. Unused factors add up over the categories: 3 + 6 = 9."""
    b = bombardment_value(2, {-1: 6, 0: 3}, ops_tables())
    assert (b.value.value, b.used, b.remnant, b.unused) == (2, 6, 0, 3)
    assert b.value.terms[2].to_dict() == {"label": "DRM 0: 3 naval factors / 3 = 1, cap 1 x 2 - 2 already = 0", "value": 0,
                                          "rule": "21.526A"}
    both = bombardment_value(1, {1: 6, 2: 9}, ops_tables())
    assert (both.value.value, both.used, both.remnant, both.unused) == (2, 6, 0, 9)


@pytest.mark.parametrize("ground, naval, message", [
    (0, {1: 3}, "shore bombardment supports a seaborne invasion by ground units (21.521)"),
    (2, {1: -1}, "naval factors cannot be negative"),
])
def test_21_521_bombardment_without_ground_units_or_with_negative_factors_is_refused(ground, naval, message) -> None:
    """21.521: shore bombardment supports an invasion by ground units."""
    with pytest.raises(RuleError) as err:
        bombardment_value(ground, naval, ops_tables())
    assert str(err.value) == message


def test_21_527_remnants_of_bombardment_and_air_add_together() -> None:
    """21.527: 3 ground factors, 8 naval factors at DRM 2 add 2 with a remnant of 2; 2½ air support adds 2, and the
    remnants (2/3 + ½) make one more combat factor: 5."""
    b = bombardment_value(3, {2: 8}, ops_tables())
    assert combined_support(b, Fraction(5, 2), 3, ops_tables()).to_dict() == {
        "name": "combat factors added by sea and air", "value": 5, "rule": "21.527",
        "terms": [{"label": "shore bombardment", "value": 2, "rule": "21.525"},
                  {"label": "ground support (whole factors)", "value": 2, "rule": "21.517D"},
                  {"label": "remnants: 2 naval factors / 3 + air 0.5", "value": 1, "rule": "21.527"}], "notes": []}


def test_21_527_remnants_never_exceed_the_caps() -> None:
    """21.527, 21.526, 21.517D: 1 ground factor; bombardment at its 2x cap and air at its 3x cap: no remnant counts."""
    b = bombardment_value(1, {2: 8}, ops_tables())
    got = combined_support(b, Fraction(7, 2), 1, ops_tables())
    assert (got.value, [t.value for t in got.terms]) == (5, [2, 3, 0])
    capped = bombardment_value(1, {3: 10}, ops_tables())
    assert (capped.value.value, capped.remnant) == (3, 0)
    assert combined_support(capped, Fraction(7, 2), 1, ops_tables()).value == 6


def test_21_527_a_remnant_factor_needs_room_under_a_cap() -> None:
    """21.527, 21.526, 21.517D: 2 ground factors; DRM 1 adds 1 (remnant 1 naval factor) and DRM 3 fills the 6 cap;
    air 6¾ gives 6 (its cap) and ¾: the remnants make a factor (1/3 + ¾), but neither cap has room: 12. With the
    bombardment at 1 the same remnants have room under the bombardment cap: 1 + 6 + 1 = 8."""
    t = ops_tables()
    full = bombardment_value(2, {1: 4, 3: 30}, t)
    assert (full.value.value, full.remnant) == (6, 1)
    got = combined_support(full, Fraction(27, 4), 2, t)
    assert (got.value, got.terms[2].to_dict()) == (12, {"label": "remnants: 1 naval factors / 3 + air 0.75", "value": 0, "rule": "21.527"})
    low = bombardment_value(2, {1: 4}, t)
    assert [term.value for term in combined_support(low, Fraction(27, 4), 2, t).terms] == [1, 6, 1]
    assert combined_support(low, Fraction(27, 4), 2, t).value == 8


def test_21_5282_fleet_losses_and_the_factors_barred_afterwards() -> None:
    """21.5282A-C, 21.5281, 21.5283: 2 destroyer factors (2), two 1-factor cruisers (4), one 3-factor heavy ship
    damaged (1): 7 loss factors; 5 fleet factors lost bar 10 others, less the 2 left in the heavy ship: 8."""
    assert fleet_losses(FleetLoss(2, (1, 1), (3,)), 10, ops_tables()).to_dict() == {
        "name": "ground combat losses taken by the bombarding fleet", "value": 7, "rule": "21.5282, 21.5283",
        "terms": [{"label": "destroyer factors eliminated x 1", "value": 2, "rule": "21.5282A"},
                  {"label": "2 cruisers sunk x 2", "value": 4, "rule": "21.5282B"},
                  {"label": "1 heavy ships damaged x 1", "value": 1, "rule": "21.5282C"},
                  {"label": "fleet factors lost", "value": 5, "rule": "21.5281"},
                  {"label": "other fleet factors barred from later rounds (2 per factor lost, less 2 left in damaged "
                            "heavy ships)", "value": 8, "rule": "21.5281"},
                  {"label": "limit: shore bombardment combat factors", "value": 10, "rule": "21.5283"}], "notes": []}
    assert fleet_losses(FleetLoss(2, (1, 1), (3,)), 7, ops_tables()).value == 7
    with pytest.raises(RuleError) as err:
        fleet_losses(FleetLoss(2, (1, 1), (3,)), 6, ops_tables())
    assert str(err.value) == "fleet losses of 7 factors exceed the shore bombardment's 6 combat factors (21.5283)"


def test_21_5281_a_damaged_heavy_ships_factors_count_towards_the_barred() -> None:
    """21.5281: a damaged 4-factor heavy ship: 2 barred, less its 3 left: none; a destroyer factor: 2; never negative."""
    t = ops_tables()
    assert [barred_factors(FleetLoss(0, (), (4,)), t), barred_factors(FleetLoss(1), t), barred_factors(FleetLoss(0, (), (3,)), t),
            barred_factors(FleetLoss(0, (1,)), t)] == [0, 2, 0, 2]


def test_21_5283_ways_to_take_losses_ground_units_whole_fleet_within_the_bombardment() -> None:
    """21.5283: 5 loss factors from ground units of 3, 2, 2 and a fleet of 4 factors bombarding for 3; no unit lost for
    nothing; when no way suffices, every unit and the fleet up to its limit."""
    assert loss_options(5, (3, 2, 2), 4, 3) == [((3, 2), 0), ((2, 2), 1), ((3,), 2), ((2,), 3)]
    assert loss_options(5, (3, 2, 2), 2, 3) == [((3, 2), 0), ((2, 2), 1), ((3,), 2)]
    assert loss_options(9, (3, 2), 1, 1) == [((3, 2), 1)]
    assert loss_options(0, (3,), 4, 3) == [((), 0)]
    assert loss_options(4, (2, 2), 0, 0) == [((2, 2), 0)]


def test_21_5283_every_way_is_listed_though_an_earlier_one_of_the_same_size_is_not() -> None:
    """21.5283: 8 loss factors from units of 5, 4, 3, 1 and a fleet that may take 1. Of three units, only 4+3+1 loses
    none for nothing (5+4+3, 5+4+1, 5+3+1 come first); of two, 5+1 would need 2 fleet factors, yet 4+3 after it
    needs only 1."""
    assert loss_options(8, (5, 4, 3, 1), 1, 1) == [((4, 3, 1), 0), ((5, 4), 0), ((5, 3), 0), ((4, 3), 1)]


@pytest.mark.parametrize("box, with_invasion, message", [
    ("South Africa", True, "shore bombardment from the South Africa box is prohibited (21.523C)"),
    ("Atlantic U.S.", False, "shore bombardment from the Atlantic U.S. box only supports an invasion from that box (21.523A)"),
    ("Pacific U.S.", False, "shore bombardment from the Pacific U.S. box only supports an invasion from that box (21.523A)"),
    ("Malta", True, "shore bombardment from the Malta box is not permitted (21.523)"),
])
def test_21_523_bombardment_from_boxes_refused(box: str, with_invasion: bool, message: str) -> None:
    """21.523A, C: South Africa never; the U.S. boxes only with an invasion from the same box."""
    with pytest.raises(RuleError) as err:
        check_box(box, with_invasion, ops_tables())
    assert str(err.value) == message


@pytest.mark.parametrize("box, with_invasion", [(None, False), ("India", False), ("Australia", False), ("Atlantic U.S.", True)])
def test_21_523B_bombardment_from_india_australia_and_a_us_box_with_its_invasion(box, with_invasion) -> None:
    """21.523A, B: India and Australia may; a U.S. box with an invasion from it may; no box is not checked."""
    assert check_box(box, with_invasion, ops_tables()) is None
