"""AWAW patrols supporting intercepted friendly forces (seed 004; issue 20, "Missing", protection): counter-interception
only by supporting (21.4182A), joining and adopting the mission (B) except a raider group's, failed support (C), a patrol
divided (D), what may not be supported (E), submarine patrols alike (21.4184D)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import TRANSPORT, ok, refused, to, unit
from tui.paths import data_dir
from tui.session import create_game

MOVEMENT = "first-turn/movement/naval-movement"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _patrol_at_sea(game, units: str, hex_: str = "Y20") -> str:
    """A patrol that reaches its hex unintercepted and remains at sea for the combat phase (21.416L); returns its number."""
    r = ok(game, f"patrol {hex_} {units} --distance 5")
    n = r.message.split(":")[0].split()[-1]
    ok(game, f"answer patrol-{n}-route 'no interception'")
    if not units.startswith("KM-SS"):
        ok(game, f"answer patrol-{n}-strikes 'remain at sea'")
        ok(game, f"answer patrol-{n}-hex 'no interception'")
    return n


def _transport(game) -> str:
    to(game, "first-turn/movement/sea-transport")
    return ok(game, TRANSPORT).message.split(":")[0]


def test_21_4182A_only_patrols_remaining_at_sea_counter_intercept_by_supporting(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina")
    tid = _transport(game)
    refused(game, f"support {tid} Doria", "21.4182A")


def test_21_4182B_a_supporting_patrol_joins_the_force_and_adopts_its_mission(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina")
    tid = _transport(game)
    r = ok(game, f"support {tid} RM-CA-Messina")
    assert "21.4182B" in r.message
    ca = unit(game, "RM-CA-Messina")
    assert ca.at_sea == "" and ca.inverted  # employed with the sea transport, whose destroyers are not at sea
    assert game.state.world.ops["missions"][tid]["supported_by"] == ["RM-CA-Messina"]


def test_21_4182B_supporting_an_invasion_the_patrol_is_at_sea_with_it(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina")
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina --distance 8 '
                 '--supplied')
    mid = r.message.split(":")[0]
    ok(game, f"support {mid} RM-CA-Messina")
    ca = unit(game, "RM-CA-Messina")
    assert ca.at_sea == "mission" and ca.sea_hex == "Malta"


def test_21_4182B_exception_a_patrol_does_not_join_a_raider_group(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina")
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    r = ok(game, f"support {rid} RM-CA-Messina")
    assert "exception" in r.message
    assert unit(game, "RM-CA-Messina").at_sea == "patrol"


def test_21_4182C_a_failed_support_bars_counter_interception_for_the_rest_of_the_phase(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina")
    tid = _transport(game)
    r = ok(game, f"support {tid} RM-CA-Messina --failed")
    assert "patrol hex Y20" in r.message
    assert unit(game, "RM-CA-Messina").at_sea == "patrol"
    refused(game, f"support {tid} RM-CA-Messina", "21.4182C")
    to(game, "first-turn/combat/naval-missions")  # a later phase
    ok(game, f"support {tid} RM-CA-Messina")


def test_21_4182D_part_of_a_patrol_supports_the_rest_stays(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "RM-CA-Messina RM-DD-Messina")
    tid = _transport(game)
    r = ok(game, f"support {tid} RM-DD-Messina")
    assert "RM-CA-Messina stay on patrol (21.4182D)" in r.message
    assert unit(game, "RM-CA-Messina").at_sea == "patrol"


def test_21_4182E_patrols_base_changes_and_sw_deployments_are_not_supported(game) -> None:
    """Contemporaneous with the patrols: no support in their segment, and a patrol is not a mission to support."""
    to(game, MOVEMENT)
    n = _patrol_at_sea(game, "RM-CA-Messina")
    _patrol_at_sea(game, "RM-CA-Naples", "Y21")
    refused(game, f"support patrol-{n} RM-CA-Naples", "not legal")
    _transport(game)
    refused(game, f"support patrol-{n} RM-CA-Naples", "21.4182E")


def test_21_4184D_a_submarine_patrol_supports_like_other_patrols(game) -> None:
    to(game, MOVEMENT)
    _patrol_at_sea(game, "KM-SS-Med", "Y21")
    tid = _transport(game)
    ok(game, f"support {tid} KM-SS-Med")
    assert game.state.world.ops["missions"][tid]["supported_by"] == ["KM-SS-Med"]


def test_21_4184D_21_4195_a_submarine_on_patrol_in_the_opposing_player_turn_intercepts_as_a_defensive_patrol(game) -> None:
    """The Axis submarine patrol stays at sea (21.4184B); in the Allied player turn it intercepts from its patrol hex in any
    segment, as from port (21.4195), and like a defensive patrol once more only (21.4193)."""
    to(game, MOVEMENT)
    _patrol_at_sea(game, "KM-SS-Med", "Y21")
    to(game, "second-turn/movement/naval-movement")
    assert unit(game, "KM-SS-Med").at_sea == "patrol"
    ok(game, "intercept Y22 KM-SS-Med --distance 2")
    to(game, "second-turn/movement/sea-transport")
    ok(game, "intercept Y22 KM-SS-Med --distance 2")
    refused(game, "intercept Y22 KM-SS-Med --distance 2", "21.4193")
