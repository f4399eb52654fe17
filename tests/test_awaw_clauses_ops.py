"""AWAW operations clauses the clause ledger found without a citing test (seed 004; issue 20): ranges of transports and
invasions (21.432, 21.512), raiders (21.531A, 21.5342A, 21.5361A, 21.5362, 21.537A), invasion results (21.517H,
21.517I, 21.518A, 21.5181), sea escort (21.65C, 21.65D, 21.66D), harbor attacks (21.442, 21.443A), displacement
(21.23B, 21.231, 21.232B, 21.232C), submarine patrols (21.4184A), timing (21.416A, 21.32)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game

ALLIED_MISSIONS = "second-turn/combat/naval-missions"
AXIS_MISSIONS = "first-turn/combat/naval-missions"
ALLIED_NR = "second-turn/redeployment/naval-redeployment"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _invade(game, cargo: str = "Cdo:1:commando") -> str:
    """The Allies announce an undefended invasion of CC20 from Malta; returns its id."""
    to(game, ALLIED_MISSIONS)
    return ok(game, f'invade CC20 Malta --hex-kind beach --cargo "{cargo}" --by RN-DD-Malta --distance 5 '
                    '--supplied').message.split(":")[0]


# --- ranges (21.432, 21.512) -----------------------------------------------------------------------------------------


def test_21_432_sea_transport_keeps_the_offensive_range(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 41', "beyond the 40-hex limit")
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')


def test_21_512_a_seaborne_invasion_keeps_the_offensive_range(game) -> None:
    to(game, ALLIED_MISSIONS)
    refused(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 41 --supplied',
            "beyond the 40-hex limit")


# --- raiders ---------------------------------------------------------------------------------------------------------


def test_21_531A_raiders_move_into_an_sw_box_only(game) -> None:
    to(game, AXIS_MISSIONS)
    refused(game, "raid Malta --by Scheer", "Malta is not an SW box")


def test_21_5342A_the_defender_rolls_as_many_dice_as_the_modified_result(game) -> None:
    to(game, AXIS_MISSIONS)
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 2")
    refused(game, "raid-ships raid-1 2", "rolls 2 dice for raid-1, not 1 (21.5342A)")
    r = ok(game, "raid-ships raid-1 2,4")
    assert [e.value for e in r.explanations] == [2, 4]


def test_21_5361A_21_537A_an_undetected_raider_attacks_the_transports_then_returns_to_port(game) -> None:
    """Not engaged, the group may attack the transports; then it must return: no raider stays at sea."""
    to(game, AXIS_MISSIONS)
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 0")
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A: made before the return
    r = ok(game, "raid-return raid-1 --transports-lost 1")
    may = next(e for e in r.explanations if e.name == "raiders may attack the transports")
    assert may.value is True and may.rule == "21.5361A"
    scheer = game.state.world.units["Scheer"]
    assert not scheer.at_sea and scheer.inverted and "returns to port" in r.message


def test_21_5362_an_engaged_group_left_unopposed_fires_with_nationality_drms(game) -> None:
    """All defenders screened or eliminated: the group attacks the transports, each carrier an air strike, the other
    ships one fleet combat roll, nationality DRMs applying (said in the result)."""
    to(game, AXIS_MISSIONS)
    ok(game, 'raid "Atlantic SW" --by Scheer')
    ok(game, "raid-engage raid-1 --result 1")
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")  # 21.538A
    r = ok(game, "raid-return raid-1 --engaged --survivors 0")
    may = next(e for e in r.explanations if e.name == "raiders may attack the transports")
    assert may.value is True and any("(21.5362)" in n for n in may.notes)


# --- invasion results ------------------------------------------------------------------------------------------------


def test_21_517H_carrying_destroyers_are_not_ground_combat_losses(game) -> None:
    mid = _invade(game)
    ok(game, f"bombard {mid} --by Renown --distance 18")
    to(game, "second-turn/combat/regular-combat")
    refused(game, f"invasion-losses {mid} 1 --ships RN-DD-Malta:1", "21.517H")


def test_21_517I_21_518A_21_5181_a_landing_with_armor_in_the_final_round_may_break_through(game) -> None:
    """A survivor in the hex allows a bridgehead (21.517I); armor with CTL 1 in the final round allows a breakthrough
    (21.518A), and the armor aboard may then exploit (21.5181); without the armor in the final round, none."""
    mid = _invade(game, "Cdo:1:commando, 7 Arm:1:armor:ctl=1")
    r = ok(game, f'invasion-result {mid} landed --survivors Cdo,"7 Arm" --final-round "7 Arm"')
    assert "a bridgehead counter may be placed (21.517I)" in r.message and "breakthrough possible" in r.message
    assert any("21.5181" in d for d in r.details)


def test_21_518A_no_breakthrough_without_armor_in_the_final_round(game) -> None:
    mid = _invade(game, "Cdo:1:commando, 7 Arm:1:armor:ctl=1")
    r = ok(game, f"invasion-result {mid} landed --survivors Cdo --final-round Cdo")
    assert "breakthrough not possible" in r.message


# --- sea escort ------------------------------------------------------------------------------------------------------


def test_21_65C_D_cargo_embarks_and_debarks_at_controlled_bases(game) -> None:
    to(game, ALLIED_NR)
    refused(game, 'escort Tripoli Malta --cargo "X:1" --by RN-DD-Malta --reach 3', "Tripoli is not controlled by the allies side (21.65C)")
    refused(game, 'escort Malta Tripoli --cargo "X:1" --by RN-DD-Malta', "Tripoli is not controlled by the allies side (21.65D)")
    ok(game, 'escort Malta Gibraltar --cargo "X:1" --by RN-DD-Malta')


def test_21_66D_cargo_returned_to_its_base_may_sr_and_tr_from_there(game) -> None:
    to(game, ALLIED_NR)
    ok(game, 'escort Malta Gibraltar --cargo "X:1" --by RN-DD-Malta')
    r = ok(game, "escort-result escort-1 --surviving 1 --defeated")
    assert "returned (21.66B)" in r.message
    notes = [n for e in r.explanations for n in e.notes]
    assert any("may SR and TR from there (21.66D)" in n for n in notes)


# --- harbor attacks (21.442, 21.443A) -------------------------------------------------------------------------------


def test_21_442_21_443A_a_harbor_attack_needs_the_research_result_and_announces_target_and_nature(game) -> None:
    to(game, "first-turn/movement/harbor-attacks")
    refused(game, "harbor italy Malta frogmen", "does not have the research result harbor attacks require (21.442)")
    ok(game, "research italy yes")
    r = ok(game, "harbor italy Malta frogmen")
    assert "Harbor attack 1: italy on Malta (frogmen)" in r.message
    assert any(p.id == "harbor-1-B" for p in game.state.flow.pending)


# --- displacement (21.23B, 21.231, 21.232B-C) -------------------------------------------------------------------------


def test_21_23B_units_that_do_not_fit_go_on_to_the_next_port(game) -> None:
    """Malta takes some of Gibraltar's displaced units; the rest are listed as still to displace."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, "control Gibraltar germany")
    r = ok(game, "displace Gibraltar Malta RN-DD-ForceH --distance 14 --front mediterranean")
    assert any("still to displace from Gibraltar" in d and "21.23B" in d for d in r.details)


def test_21_231_displacement_into_the_india_box_counts_its_eight_hexes(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    ok(game, "control Gibraltar germany")
    r = ok(game, "displace Gibraltar India Renown --distance 30 --front mediterranean")
    assert "Gibraltar → India, 38 hexes" in r.message
    assert game.state.world.units["Renown"].base == "India"


def test_21_232B_C_displaced_units_withdraw_whole_and_go_on_under_attack(game) -> None:
    """Engaged on the way they may not abort: withdrawing, they withdraw whole and continue along the same route
    (21.232B); they are attacked as they enter each hex and a further prompt asks (21.232C)."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, "control Gibraltar germany")
    ok(game, "displace Gibraltar Malta RN-DD-ForceH --distance 14 --front mediterranean")
    r = ok(game, 'answer displace-1 "withdrew together"')
    assert "in their entirety, leaving no unit behind, and continue along the same route to Malta (21.232B)" in r.message
    r = ok(game, 'answer displace-1-2 "engaged, fought through"')
    assert "may not abort" in r.message and "attacked by air as they enter each hex" in r.message
    assert game.state.world.units["RN-DD-ForceH"].base == "Malta"


# --- patrols, timing -------------------------------------------------------------------------------------------------


def test_21_4184A_submarines_patrol_independent_of_other_naval_forces(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol Y20 RM-SS-1,RM-CA-Naples --distance 5", "independent of other naval forces (21.4184A)")
    ok(game, "patrol Y20 RM-SS-1 --distance 5")


def test_21_416A_patrols_are_announced_with_base_changes_not_later(game) -> None:
    """Patrols are announced in the segment of patrols, base changes and SW deployments; in sea transport, too late."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    to(game, "first-turn/movement/sea-transport")
    refused(game, "patrol Y21 RM-CA-Taranto --distance 9", "not legal")


def test_21_32_a_unit_that_bombarded_may_still_be_nred(game) -> None:
    mid = _invade(game)
    ok(game, f"bombard {mid} --by Renown --distance 18")
    to(game, ALLIED_NR)
    r = ok(game, "nr Malta Renown --distance 14")
    assert "redeployed" in r.message and game.state.world.units["Renown"].base == "Malta"
