"""AWAW 21.52 shore bombardment: 21.525, the caps of 21.526 (RULINGS A3) and its example, 21.527, losses 21.528x and both examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.bombardment import FleetLoss, bombardment_value, check_box, combined_support, fleet_losses, loss_options
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


def test_21_525_three_naval_factors_make_one_combat_factor(t) -> None:
    b = bombardment_value(4, {3: 9}, t)
    assert (b.value.value, b.remnant, b.unused) == (3, 0, 0)


def test_21_526A_drm_one_capped_at_the_ground_factors(t) -> None:
    b = bombardment_value(2, {1: 12}, t)
    assert b.value.value == 2
    assert b.unused == 6


def test_21_526B_drm_two_capped_at_twice_the_ground_factors(t) -> None:
    assert bombardment_value(2, {2: 15}, t).value.value == 4


def test_21_526C_drm_three_or_more_capped_at_three_times(t) -> None:
    assert bombardment_value(2, {4: 30}, t).value.value == 6


def test_21_526_example_free_french_and_british(t) -> None:
    """21.526 example: 3 British ground factors; 9 Free French (DRM 1) add 3, then another 9 British (DRM 2) add 3 more."""
    b = bombardment_value(3, {1: 9, 2: 9}, t)
    assert b.value.value == 6
    assert b.unused == 0
    # a tenth British factor can add nothing: the DRM 2 cap of 2 x 3 = 6 counts the Free French 3 (RULINGS A3)
    more = bombardment_value(3, {1: 9, 2: 12}, t)
    assert more.value.value == 6 and more.unused == 3


def test_A3_lower_categories_count_against_higher_caps(t) -> None:
    """RULINGS A3: 2 ground factors; DRM 2 adds min(4, 12/3) = 4, so DRM 3 adds only 6 - 4 = 2."""
    assert bombardment_value(2, {2: 12, 3: 30}, t).value.value == 6
    assert bombardment_value(2, {3: 30, 2: 12}, t).value.value == 6


def test_A3_remnants_are_kept_while_there_is_room(t) -> None:
    b = bombardment_value(3, {2: 8}, t)
    assert (b.value.value, b.remnant) == (2, 2)


def test_21_527_remnants_of_bombardment_and_naval_air_added_together(t) -> None:
    """2 naval factors (2/3) + 1/3 air remnant make one more combat factor: 2 + 1 + 1 = 4."""
    b = bombardment_value(3, {2: 8}, t)
    assert combined_support(b, Fraction(4, 3), 3, t).value == 4


def test_21_5283_first_example_three_to_one(t) -> None:
    """Two 3-2 infantry and 36 fleet factors (6 + 12 = 18) attack a 2-3 armor on a beach (6) at 3:1; Ex costs 6:
    both 3-2s, one 3-2 and three fleet factors, or six fleet factors."""
    b = bombardment_value(6, {2: 36}, t)
    assert b.value.value == 12
    assert 6 + b.value.value == 18
    options = loss_options(6, (3, 3), 36, b.value.value)
    assert options == [((3, 3), 0), ((3,), 3), ((), 6)]


def test_21_5283_second_example_one_to_one(t) -> None:
    """Against a 3-2 and a 1-2 (12) the odds are 18:12 = 1:1; Ex costs 12: both 3-2s and six fleet factors, one 3-2
    and nine, or twelve fleet factors."""
    options = loss_options(12, (3, 3), 36, 12)
    assert options == [((3, 3), 6), ((3,), 9), ((), 12)]


def test_21_5283_fleet_losses_never_exceed_the_bombardment_value(t) -> None:
    """With only 9 naval factors (3 combat factors) bombarding, losing 6 fleet factors is not an option."""
    assert loss_options(6, (3, 3), 9, 3) == [((3, 3), 0), ((3,), 3)]
    with pytest.raises(RuleError, match="21.5283"):
        fleet_losses(FleetLoss(destroyer_factors=4), 3, t)


def test_21_5282A_destroyers_one_factor_each_and_21_5281_two_barred_per_factor(t) -> None:
    out = fleet_losses(FleetLoss(destroyer_factors=3), 12, t)
    assert out.value == 3
    barred = next(term for term in out.terms if "barred" in term.label)
    assert barred.value == 6


def test_21_5282B_two_loss_factors_sink_a_cruiser(t) -> None:
    out = fleet_losses(FleetLoss(cruisers=(2, 2)), 12, t)
    assert out.value == 4
    barred = next(term for term in out.terms if "barred" in term.label)
    assert barred.value == 8  # 4 fleet factors lost x 2


def test_21_5282C_one_loss_factor_damages_a_heavy_ship_whose_remaining_factors_count_towards_the_bar(t) -> None:
    """A 4-factor battleship takes 1 loss factor: 1 fleet factor lost bars 2 others, and its own 3 remaining factors
    cover them, so no other ship is barred."""
    out = fleet_losses(FleetLoss(heavy=(4,)), 12, t)
    assert out.value == 1
    barred = next(term for term in out.terms if "barred" in term.label)
    assert barred.value == 0
    two = fleet_losses(FleetLoss(destroyer_factors=2, heavy=(2,)), 12, t)
    assert next(term for term in two.terms if "barred" in term.label).value == 2 * 3 - 1


def test_21_523_bombardment_from_boxes(t) -> None:
    check_box(None, False, t)
    check_box("India", False, t)
    check_box("Atlantic U.S.", True, t)
    with pytest.raises(RuleError, match="21.523A"):
        check_box("Pacific U.S.", False, t)
    with pytest.raises(RuleError, match="21.523C"):
        check_box("South Africa", True, t)


def test_21_521_bombardment_needs_an_invasion(t) -> None:
    with pytest.raises(RuleError, match="21.521"):
        bombardment_value(0, {2: 9}, t)


def test_21_526_a_drm_below_one_is_capped_as_one_and_says_it_is_an_assumption(t) -> None:
    b = bombardment_value(2, {-1: 12}, t)
    assert b.value.value == 2
    assert any("Assumption" in n for n in b.value.notes)


def test_21_5283_when_the_losses_exceed_what_may_be_taken_everything_allowed_is_lost(t) -> None:
    """6 loss factors against two 1-factor units and a bombardment worth 1: both units and 1 fleet factor."""
    assert loss_options(6, (1, 1), 9, 1) == [((1, 1), 1)]
