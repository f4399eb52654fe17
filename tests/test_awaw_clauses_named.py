"""AWAW clauses issue 20 names as implemented without a test (seed 004; "Implemented, but no test asserts it"): port
counters (21.121A, 21.123, 21.124, 21.12), off-board movement to a box (21.217A), the sequence of patrols (21.416B,
21.416M), raider groups from one port (21.533A), sea escort (21.61, 21.64I and its example, 21.65B)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, refused as refused_with, to as to_title
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game, memory_game

CONSTRUCTION = "First player turn › End of player turn › Construction"
ALLIED_NR = "second-turn/redeployment/naval-redeployment"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


# --- port counters (21.12-21.124) -------------------------------------------------------------------------------------


def test_21_121A_no_port_is_built_before_1942(tmp_path: Path) -> None:
    """21.121A: RPs may not go to ports until the 1942 YSS: the same game started in Fall 1941 refuses the port that
    Summer 1942 builds."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    scenario = data / "scenarios" / "awaw-mediterranean-1942.toml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace('start = "Summer 1942"', 'start = "Fall 1941"'),
                        encoding="utf-8")
    early = memory_game(data, "awaw", seed=1, clock=fixed_clock)
    to_title(early, CONSTRUCTION, first="allies")
    assert early.turn_label == "Fall 1941"
    refused_with(early, "construct usa H5 pacific Funafuti --island --group Ellice", "begins in 1942", "21.121A")
    assert "Funafuti" not in early.state.world.bases
    late = awaw_game()
    to_title(late, CONSTRUCTION, first="allies")
    ok(late, "construct usa H5 pacific Funafuti --island --group Ellice")


def test_21_12_21_123_21_124_a_captured_port_counter_stays_where_it_was_built_and_serves_its_captor_at_once() -> None:
    """21.123: port counters are neither moved nor destroyed; the side that captures one uses it (21.12: as a port for
    all purposes), in the same player turn (21.124)."""
    game = awaw_game()
    to_title(game, CONSTRUCTION, first="allies")
    ok(game, "construct usa H5 pacific Funafuti --island --group Ellice")
    r = ok(game, "control Funafuti japan")
    assert "usable by its captor at once (21.123, 21.124)" in r.message
    port = game.state.world.bases["Funafuti"]
    assert (port.kind, port.hex, port.control) == ("port-counter", "H5", "japan")
    ok(game, "build Zuiho japan fast-carrier 1 Funafuti --fast")
    assert game.state.world.units["Zuiho"].base == "Funafuti"


# --- off the board to a box (21.217A) ---------------------------------------------------------------------------------


def test_21_217A_naval_units_leave_the_board_to_a_mapboard_box(game) -> None:
    """A base change from Rosyth to the Atlantic U.S. box moves off the mapboard, as 21.217A allows."""
    to(game, "second-turn/movement/naval-movement")
    r = ok(game, 'rebase "Atlantic U.S." RN-DD-Rosyth --distance 30')
    assert "Rosyth → Atlantic U.S." in r.message
    assert game.state.world.units["RN-DD-Rosyth"].base == "Atlantic U.S."


# --- patrols one after the other (21.416B, 21.416M) -------------------------------------------------------------------


def test_21_416B_M_patrols_are_resolved_one_after_the_other_in_the_designated_sequence(game) -> None:
    """The moving player designates the sequence by the patrol he moves first; until it is resolved (returned, or its
    last prompt answered) no other patrol moves, and nothing changes when one is tried."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    ok(game, "patrol Y21 RM-CA-Taranto --distance 9")
    ok(game, "answer patrol-2-route 'no interception'")  # patrol 2 designated first
    refused(game, "answer patrol-1-route 'no interception'", "Patrol 2 is under way")
    refused(game, "answer patrol-1-route 'no interception'", "21.416B, 21.416M")
    ok(game, "answer patrol-2-strikes 'return to base'")
    r = ok(game, "answer patrol-1-route 'no interception'")
    assert "Patrol 1 reaches Y20" in r.message


# --- raider groups (21.533A) ------------------------------------------------------------------------------------------


def test_21_533A_more_than_one_raider_group_may_raid_from_a_single_port(game) -> None:
    """Scheer and Lutzow, both of Kiel/Hamburg, raid the Atlantic as two groups, first and second (21.533C)."""
    to(game, "first-turn/combat/naval-missions")
    first = ok(game, 'raid "Atlantic SW" --by Scheer')
    second = ok(game, 'raid "Atlantic SW" --by Lutzow')
    assert "raider group 1" in first.message and "raider group 2" in second.message
    raids = [m for m in game.state.world.ops["missions"].values() if m["kind"] == "raid"]
    assert sorted(m["units"][0] for m in raids) == ["Lutzow", "Scheer"]


def test_21_533A_ships_of_different_ports_rendezvous_into_one_raider_group(game) -> None:
    """Tirpitz of Trondheim and Scheer of Kiel/Hamburg form one raider group before entering the SW box."""
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'raid "Atlantic SW" --by Tirpitz,Scheer')
    assert "Tirpitz, Scheer (2 ships)" in r.message


# --- sea escort (21.61, 21.64I, 21.65B) -------------------------------------------------------------------------------


def test_21_61_ground_units_redeploying_across_water_are_sea_escorted(game) -> None:
    """A ground unit NRed from Gibraltar to Malta needs a destroyer factor a ground factor: too few destroyers are
    refused, enough escort it in the redeployment phase (21.63C)."""
    to(game, ALLIED_NR)
    refused(game, 'escort Gibraltar Malta --cargo "3-2 Inf:3" --by RN-DD-Malta --reach 2', "needs 3 destroyer factors")
    r = ok(game, 'escort Gibraltar Malta --cargo "3-2 Inf:3" --by RN-DD-ForceH')
    assert "sea escort Gibraltar → Malta of 3-2 Inf by destroyers" in r.message


def test_21_64I_example_transports_destroyers_and_transports_carry_one_unit_from_the_us_box_to_india(game) -> None:
    """21.64I EXAMPLE: Atlantic transports from the U.S. box to Gibraltar, DDs based in Gibraltar on to Suez (Port
    Said), transports on to the India box; destroyers based elsewhere must reach Gibraltar on the initial leg (21.65A)."""
    to(game, ALLIED_NR)
    r1 = ok(game, 'escort "Atlantic U.S." Gibraltar --cargo "1 Inf:1" --by USN-TR-Lant')
    assert "by transports (USN-TR-Lant)" in r1.message
    refused(game, 'escort Gibraltar "Port Said" --cargo "1 Inf:1" --by RN-DD-Med', "--reach N (21.65A")
    r2 = ok(game, 'escort Gibraltar "Port Said" --cargo "1 Inf:1" --by RN-DD-ForceH')
    assert "by destroyers (RN-DD-ForceH)" in r2.message
    r3 = ok(game, 'escort "Port Said" India --cargo "1 Inf:1" --by RN-TR-Med')
    assert "Port Said → India of 1 Inf by transports" in r3.message
    legs = [m for m in game.state.world.ops["missions"].values() if m["kind"] == "escort"]
    assert [(m["from"], m["to"]) for m in legs] == [("Atlantic U.S.", "Gibraltar"), ("Gibraltar", "Port Said"),
                                                    ("Port Said", "India")]


def test_21_65B_transports_escort_from_one_base_to_one_destination(game) -> None:
    """Two bases of embarkation or two destinations for one transport escort are refused, naming 21.65B."""
    to(game, ALLIED_NR)
    refused(game, 'escort Gibraltar,Malta Alexandria --cargo "2 Inf:1" --by RN-TR-Gib', "21.65B")
    refused(game, 'escort Gibraltar Malta,Alexandria --cargo "2 Inf:1" --by RN-TR-Gib', "21.65B")
    refused(game, 'escort Gibraltar Malta Alexandria --cargo "2 Inf:1" --by RN-TR-Gib', "21.65I")
