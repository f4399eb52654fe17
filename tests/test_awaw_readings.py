"""Readings of chapter 21 (seed 004) the app had wrong (issue 20, "Wrong" 1-7), through the engine with the bundled
scenario: shore bombardment caps per invasion (21.526, 21.517C, RULINGS A5) and the fleet losses they allow (21.5283),
cruisers sunk one per two loss factors (21.5282B), no port construction in the Aleutians (21.121C), Britain's naval
nationality DRM (21.526's example), the setup raiders (21.5331), a base typed by its hex (21.5153A, RULINGS A6), and the
defender's invasion DM and the fleet factors barred from later rounds shown (21.517E, 21.5281)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to, unit
from tui.outputs import report
from tui.paths import data_dir
from tui.session import create_game

ALLIED_MISSIONS = "second-turn/combat/naval-missions"
ALLIED_COMBAT = "second-turn/combat/regular-combat"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _invade(game, factors: int, base: str = "Malta", by: str = "RN-DD-Malta") -> str:
    """The Allies announce an undefended invasion of CC20 by ``factors`` commando factors; returns its id."""
    to(game, ALLIED_MISSIONS)
    r = ok(game, f'invade CC20 {base} --hex-kind beach --cargo "Cdo:{factors}:commando" --by {by} --distance 18 --supplied')
    return r.message.split(":")[0]


def _bombard_value(game, mid: str) -> int:
    return game.state.world.ops["missions"][mid]["bombard_value"]


# --- 1. 21.526, 21.517C, RULINGS A5: the caps count every bombard command of the invasion ---------------------------


def test_21_526A_A5_two_bombard_commands_share_the_invasion_cap(game) -> None:
    """Two ground factors, British ships at DRM 1: the cap is 2 combat factors however many commands bring ships."""
    ok(game, "drm britain 1")
    mid = _invade(game, 2)
    ok(game, f"bombard {mid} --by RN-DD-Med --distance 18")  # 6 factors: 2, the cap
    r = ok(game, f"bombard {mid} --by RN-CA-Med,Penelope --distance 18")  # 6 more factors: nothing more
    assert "adds 0 combat factors" in r.message and "2 combat factors in all" in r.message
    assert _bombard_value(game, mid) == 2
    ok(game, f"bombard {mid} --by RN-DD-ForceH --distance 18")  # a third command adds nothing either
    assert _bombard_value(game, mid) == 2


def test_21_526D_A3_A5_a_later_command_counts_the_categories_already_bombarding(game) -> None:
    """The 21.526 example across commands: three ground factors, nine factors at DRM 1 (3) then nine at DRM 2 (3 more):
    6, twice the ground factors; three more factors at DRM 2 leave it at 6. (The referee's ``drm`` stands in for the
    Free French navy, 58.624, which the bundled scenario does not hold.)"""
    ok(game, "drm britain 1")
    mid = _invade(game, 3, "Alexandria", "RN-DD-Med")
    ok(game, f"bombard {mid} --by RN-DD-ForceH,Renown --distance 18")
    ok(game, "drm britain 2")
    ok(game, f"bombard {mid} --by RN-CA-ForceH,RN-CA-Med,Penelope --distance 18")
    assert _bombard_value(game, mid) == 6
    r = ok(game, f"bombard {mid} --by Malaya,RN-DD-Malta --distance 18")
    assert "adds 0 combat factors" in r.message
    assert _bombard_value(game, mid) == 6


def test_21_5283_A5_invasion_losses_allow_only_the_capped_total(game) -> None:
    """Fleet losses may not exceed the bombardment's combat value, the invasion's capped total (2), not 4."""
    ok(game, "drm britain 1")
    mid = _invade(game, 2)
    ok(game, f"bombard {mid} --by RN-DD-Med --distance 18")
    ok(game, f"bombard {mid} --by RN-CA-Med,Penelope --distance 18")
    to(game, ALLIED_COMBAT)
    r = ok(game, f"invasion-losses {mid} 4")
    assert "fleet losses at most 2" in r.message
    refused(game, f'invasion-losses {mid} 4 --ships "RN-DD-Med:3"', "21.5283")


# --- 2. 21.5282B: one cruiser per two loss factors --------------------------------------------------------------------


def _bombarded_by_cruisers(game) -> str:
    ok(game, "drm britain 2")
    mid = _invade(game, 2)
    ok(game, f"bombard {mid} --by RN-CA-ForceH,RN-CA-Med --distance 18")
    ok(game, f"bombard {mid} --by Penelope,Malaya,Renown --distance 18")  # 14 factors in all: 4 combat factors, the cap
    to(game, ALLIED_COMBAT)
    return mid


def test_21_5282B_two_loss_factors_sink_one_cruiser_of_a_multi_factor_counter(game) -> None:
    """RN-CA-ForceH is three one-factor cruisers (the unit data: ships = one per factor): two loss factors sink one."""
    mid = _bombarded_by_cruisers(game)
    r = ok(game, f'invasion-losses {mid} 2 --ships "RN-CA-ForceH"')
    assert "takes 2 of 2" in r.message
    ca = unit(game, "RN-CA-ForceH")
    assert ca.factors == 2 and not ca.sunk


def test_21_5282B_a_count_names_how_many_cruisers_of_the_counter_are_sunk(game) -> None:
    mid = _bombarded_by_cruisers(game)
    r = ok(game, f'invasion-losses {mid} 2 --ships "RN-CA-Med:1"')
    assert unit(game, "RN-CA-Med").factors == 3
    refused(game, f'invasion-losses {mid} 3 --ships "RN-CA-ForceH:2"', "more than the 3 required")
    r = ok(game, f'invasion-losses {mid} 4 --ships "RN-CA-ForceH:2"')
    assert "takes 4 of 4" in r.message and unit(game, "RN-CA-ForceH").factors == 1


def test_21_5282B_a_two_factor_cruiser_is_one_ship_sunk_whole(game) -> None:
    mid = _bombarded_by_cruisers(game)
    refused(game, f'invasion-losses {mid} 4 --ships "Penelope:2"', "Penelope")
    ok(game, f'invasion-losses {mid} 2 --ships "Penelope"')
    assert unit(game, "Penelope").sunk


# --- 6. 21.5153A, RULINGS A6: a base is its hex ---------------------------------------------------------------------


def test_21_5153A_A6_the_enemy_fleet_in_a_base_typed_by_its_hex_forbids_the_invasion(game) -> None:
    """Taranto (Z24) holds the Iachino TF: refused typed as its name and as its hex alike."""
    to(game, ALLIED_MISSIONS)
    cmd = 'invade {hex} Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied'
    refused(game, cmd.format(hex="Taranto"), "21.5153A")
    refused(game, cmd.format(hex="Z24"), "21.5153A")
    refused(game, cmd.format(hex="z24"), "21.5153A")
    ok(game, cmd.format(hex="AA25"))  # Brindisi: two destroyer factors, fewer than ten (21.5153A, E)


# --- 4. 21.526's example: Britain's naval nationality DRM is two ------------------------------------------------------


def test_21_526_example_the_bundled_scenario_gives_britain_a_drm_of_two(game) -> None:
    """'The British naval units have a Naval Nationality DRM of two': three British ground factors, nine British naval
    factors add three combat factors and eighteen add six, twice the ground factors (21.526B)."""
    assert game.state.world.drm["britain"] == 2
    mid = _invade(game, 3, "Alexandria", "RN-DD-Med")
    ok(game, f"bombard {mid} --by RN-DD-ForceH,Renown --distance 18")
    ok(game, f"bombard {mid} --by RN-CA-ForceH,RN-CA-Med,Penelope --distance 18")
    assert _bombard_value(game, mid) == 6


# --- 5. 21.5331: Scheer and Lutzow are raiders ------------------------------------------------------------------------


def test_21_5331_the_bundled_scenario_lets_scheer_and_lutzow_raid(game) -> None:
    """21.5331 names the Graf Spee, Lutzow and Scheer as raiders; slow ships may not raid (21.532A), so the bundled
    scenario enters the two it holds as fast, and they raid into the Atlantic SW box from Kiel/Hamburg."""
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow')
    assert "Scheer, Lutzow (2 ships)" in r.message
    assert unit(game, "Scheer").at_sea == "raiding" and unit(game, "Lutzow").at_sea == "raiding"


# --- 7. 21.517E and 21.5281 shown: the result, why, the log, show --json ----------------------------------------------


def test_21_517E_the_defenders_invasion_dm_is_in_the_result_why_the_log_and_the_missions_view(game) -> None:
    mid = _invade(game, 2)
    assert "the defenders' invasion DM is +1 (21.517E)" in game.events[-1]["summary"]
    why = ok(game, f"why {mid}")
    dm = next(e for e in why.explanations if e.name == "defender's invasion DM")
    assert dm.value == 1 and dm.rule == "21.517E"
    row = next(r for r in report.data(game, "missions")["missions"] if r["name"] == mid)
    assert row["defender_dm"] == 1 and row["side"] == "allies" and row["hex"] == "CC20"


def test_21_517E_no_dm_when_half_the_invading_force_is_marines(game) -> None:
    to(game, ALLIED_MISSIONS)
    r = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "USMC:1:marine, Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                 '--supplied')
    assert "no invasion DM for the defenders" in r.message


def test_21_5281_the_fleet_factors_barred_are_in_the_result_why_the_log_and_the_missions_view(game) -> None:
    """Two destroyer factors lost bar four other fleet factors; Malaya damaged (one factor lost) bars two less its one
    remaining factor: five in all."""
    ok(game, "drm britain 1")
    mid = _invade(game, 2)
    ok(game, f"bombard {mid} --by RN-DD-Med --distance 18")
    ok(game, f"bombard {mid} --by Malaya --distance 18")
    to(game, ALLIED_COMBAT)
    r = ok(game, f'invasion-losses {mid} 2 --ships "RN-DD-Med:2"')
    assert "4 other fleet factors barred from shore bombardment in later combat rounds (21.5281)" in r.message
    ok(game, f'invasion-losses {mid} 1 --ships "Malaya"')
    assert "1 other fleet factor barred" in game.events[-1]["summary"]
    why = ok(game, f"why {mid}")
    barred = next(e for e in why.explanations if e.name == "fleet factors barred from later combat rounds")
    assert barred.value == 5 and barred.rule == "21.5281"
    assert [t.value for t in barred.terms] == [3, 5]
    bomb = next(e for e in why.explanations if e.name == "shore bombardment combat factors")
    assert bomb.value == 2
    row = next(r for r in report.data(game, "missions")["missions"] if r["name"] == mid)
    assert row["barred"] == 5 and row["bombardment"] == 2


def test_21_5281_why_of_a_mission_that_is_not_an_invasion_falls_back(game) -> None:
    to(game, ALLIED_MISSIONS)
    r = game.execute("why invasion-9")
    assert not r.ok and "nothing called" in r.message
