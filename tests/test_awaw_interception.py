"""AWAW interception legality (seed 004; issue 20, "Missing", interception): American units of the Atlantic SW box before
the U.S. is at war with Germany (21.14E), the front of an activity to or from a two-front port (21.1324), raiders on
their way to an SW box (21.533D)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_1324_example_a_base_change_from_britain_to_gibraltar_is_intercepted_on_the_western_front_only(game) -> None:
    """Western Allied units changing base from Britain to Gibraltar: Axis units based on the western front may
    intercept, those on the Mediterranean front may not."""
    to(game, "second-turn/movement/naval-movement")
    refused(game, "intercept U19 RM-DD-Naples --distance 5 --front western", "21.1324")
    ok(game, "intercept U19 KM-DD-Norway --distance 12 --front western")


def test_21_1324_a_two_front_port_counts_on_the_front_of_the_activity(game) -> None:
    """German units from Kiel operating on the western front: British western front units intercept; Gibraltar, a
    two-front port, counts on either front; a typed front must be one of the game's."""
    to(game, "first-turn/movement/naval-movement")
    refused(game, "intercept J28 RN-DD-Rosyth --distance 5 --front atlantic", "not a front")
    refused(game, "intercept J28 Penelope --distance 5 --front western", "21.1324")
    ok(game, "intercept J28 RN-DD-Rosyth --distance 5 --front western")
    ok(game, "intercept Y20 RN-DD-ForceH --distance 5 --front mediterranean")


def test_21_14E_american_units_in_the_atlantic_sw_box_intercept_only_at_war_with_germany(game) -> None:
    """Before the U.S. is at war with Germany, American naval units in the Atlantic SW box may not interfere with Axis
    naval activity (the referee's `control` and `build` place one there: the bundled scenario has none)."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, 'control "Atlantic SW" usa')
    ok(game, 'build USN-CA-SW usa cruiser 2 "Atlantic SW" --fast')
    to(game, "first-turn/movement/sea-transport")
    refused(game, "intercept Y22 USN-CA-SW --distance 5", "21.14E")
    ok(game, "intercept Y22 USN-CA-SW --distance 5 --us-war")


def _raids(game) -> tuple[str, str]:
    """A German cruiser raids from Scapa Flow (the referee's `control`, `build`, `allowance` and `uninvert` put one there:
    the bundled scenario has no German ship in Bergen or Scapa Flow) and Tirpitz and Hipper from Trondheim, in the next
    Axis player turn."""
    ok(game, 'control "Scapa Flow" germany')
    ok(game, 'build KM-Scapa germany cruiser-2 2 "Scapa Flow" --fast')
    to(game, "first-turn/end-player-turn/uninversion")
    ok(game, "allowance germany 2")
    ok(game, "uninvert KM-Scapa")
    to(game, "second-turn/movement/naval-movement")
    to(game, "first-turn/combat/naval-missions")
    direct = ok(game, 'raid "Atlantic SW" --by KM-Scapa').message.split(":")[0]
    norway = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    return direct, norway


def test_21_533D_raiders_from_scapa_flow_or_bergen_are_not_intercepted_on_the_board(game) -> None:
    direct, _ = _raids(game)
    refused(game, f"intercept C26 KGV --distance 3 --target {direct} --favourable",
            "not subject to on-board interception (21.533D)")


def test_21_533D_other_raiders_on_the_board_only_with_a_favourable_modifier(game) -> None:
    _, norway = _raids(game)
    refused(game, f"intercept C26 KGV --distance 3 --target {norway}", "--favourable (21.533D)")
    refused(game, "intercept C26 KGV --distance 3 --target raid-99", "no mission called 'raid-99'")
    ok(game, f"intercept C26 KGV --distance 3 --target {norway} --favourable")
