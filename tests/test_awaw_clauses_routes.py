"""AWAW movement clauses implemented before any test asserted them (seed 004; issue 20, "Implemented, but no test
asserts it"): base changes to and from the boxes (21.214A-B, 21.216), one activity at a time (21.321), cargo on enough
destroyers (21.35, 21.35A), a patrol entering its hex (21.416H)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.awaw_core_fixtures import base, tables
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw.verbs_basing import check_box_routes
from tui.rules.core.errors import RuleError
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_214B_the_pacific_us_box_changes_base_only_with_its_listed_bases() -> None:
    t = tables()
    box = base("Pacific U.S.", "box", (), control="usa", theater="pacific")
    check_box_routes(box, base("Pearl Harbor", fronts=("pacific",), control="usa", theater="pacific"), t)
    check_box_routes(base("Lahaina", fronts=("pacific",), control="usa", theater="pacific", group="Hawaiian"), box, t)
    check_box_routes(box, base("Atlantic U.S.", "box", (), control="usa"), t)
    with pytest.raises(RuleError, match="21.214"):
        check_box_routes(box, base("Brest", fronts=("western",), control="usa"), t)
    with pytest.raises(RuleError, match="21.214"):
        check_box_routes(box, base("India", "box", (), control="britain", theater="pacific"), t)


def test_21_216_western_allied_units_move_into_and_out_of_the_india_australia_south_africa_boxes() -> None:
    """21.216: Western Allied units move between the India, Australia and South Africa boxes and the map: the box
    routes accept Port Said to and from each box (no 21.214 list applies to them), where an Atlantic U.S. box route
    to Port Said is refused."""
    t = tables()
    port_said = base("Port Said")
    for name in ("India", "Australia", "South Africa"):
        assert check_box_routes(base(name, "box", (), theater="pacific"), port_said, t) is None
        assert check_box_routes(port_said, base(name, "box", (), theater="pacific"), t) is None
    with pytest.raises(RuleError, match="21.214"):
        check_box_routes(base("Atlantic U.S.", "box", ()), port_said, t)


def test_21_321_a_unit_at_sea_may_not_leave_again_in_the_same_phase(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    refused(game, "patrol Y21 RM-CA-Messina --distance 9", "21.321")


def test_21_35_21_35A_cargo_goes_on_destroyers_enough_to_carry_it(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'transport Naples Tripoli --cargo "Pavia:3, Bologna:2" --by RM-DD-Naples --distance 12',
            "needs 5 destroyer factors: 3 chosen")
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3, Bologna:2" --by RM-DD-Naples,RM-DD-Brindisi --distance 12')


def test_21_416H_the_patrol_reaches_its_hex_after_the_route_steps(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    r = ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    pid = next(p.id for p in game.state.flow.pending if p.id.endswith("-route"))
    assert pid in r.message
    r = ok(game, f"answer {pid} 'no interception'")
    assert "reaches Y20 (21.416H-I)" in r.message


# --- raiders return as one group (21.537B, D), the second attempt (21.538A) --------------------------------------------


def test_21_537B_D_the_raider_group_returns_as_one_group_its_damaged_ships_with_it(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow').message.split(":")[0]
    refused(game, f"raid-return {rid} --damaged KGV", "not in")
    refused(game, f"raid-return {rid} --engaged --survivors 1 --damaged Lutzow", "raid-engage raid-1 --attempt 2 (21.538A)")
    ok(game, f"raid-engage {rid} --result 0")
    ok(game, f"raid-engage {rid} --attempt 2 --result 0")
    r = ok(game, f"raid-return {rid} --engaged --survivors 1 --damaged Lutzow")
    units = game.state.world.units
    assert "returns to port: Scheer, Lutzow inverted (21.537)" in r.message
    assert not units["Scheer"].at_sea and not units["Lutzow"].at_sea and units["Lutzow"].damaged


def test_21_538A_the_second_engagement_attempt_repeats_the_roll_once() -> None:
    from tui.rules.awaw.raiders import RaidShip, may_engage

    slow = RaidShip("Ramillies", "battleship", 3, fast=False)
    fast = RaidShip("Renown", "battlecruiser", 3)
    assert may_engage(fast, 1, False) and not may_engage(slow, 1, True)  # 21.5342B: fast ships only in the first
    assert may_engage(slow, 2, True) and not may_engage(slow, 2, False)  # 21.538: slow ships against damaged raiders
    assert not may_engage(RaidShip("Hood", "battlecruiser", 3, damaged=True), 2, True)


def test_21_538A_each_attempt_is_made_once(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow').message.split(":")[0]
    ok(game, f"raid-engage {rid} --result 0")
    refused(game, f"raid-engage {rid} --attempt 1 --result 0", "has been made")
    r = ok(game, f"raid-engage {rid} --result 0")
    assert "attempt 2" in r.message and "21.538" in r.message


# --- when patrols and fast carrier missions are made (21.411, 21.554B, 21.556A) -----------------------------------------


def test_21_411_patrols_in_the_movement_phase_21_554B_carrier_missions_in_the_combat_phase(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    refused(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18", "not legal")
    to(game, "second-turn/combat/naval-missions")
    refused(game, "patrol Y20 Penelope --distance 9", "not legal")
    ok(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18")


def test_21_556A_carrier_air_strikes_a_single_enemy_base(game) -> None:
    to(game, "second-turn/combat/naval-missions")
    refused(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18 --target Cagliari,Palermo", "single enemy base")
    r = ok(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18 --target Cagliari")
    assert "against Cagliari" in r.message
