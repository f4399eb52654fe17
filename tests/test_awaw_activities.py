"""AWAW activities at the engine (seed 004): base changes 21.22x, displacement 21.23x, patrols 21.41x, defensive
patrols 21.419x, harbor attacks 21.44x; refusals leave the save byte-identical."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.awaw_game import answer, awaw_game, awaw_json, ok, refused, to
from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game


def test_21_223_base_change_within_40_hexes_to_a_base_held_at_the_start_of_the_movement_phase() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    refused(game, "rebase Taranto RN-DD-Malta --distance 5", "held by italy", "21.223")
    ok(game, "control Tripoli britain")  # captured during the phase: not held at its start
    refused(game, "rebase Tripoli RN-DD-Malta --distance 5", "21.223")
    refused(game, "rebase Alexandria RN-DD-Malta --distance 41", "40-hex limit", "21.223")
    refused(game, "rebase Alexandria RN-DD-Malta", "--distance", "RULINGS A1")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    refused(game, "rebase Malta RN-DD-Malta --distance 40", "already changed base", "21.32")


def test_21_224_inversion_on_base_changes() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    ok(game, "rebase Alexandria Penelope --distance 20")  # port to port, one theater: not inverted
    assert not game.state.world.units["Penelope"].inverted
    ok(game, "rebase Port Said RN-DD-India --distance 20")  # India box (Pacific) to a European port
    assert game.state.world.units["RN-DD-India"].inverted
    ok(game, "rebase South Africa USN-CA-Lant --distance 10")  # mapboard box to mapboard box
    assert game.state.world.units["USN-CA-Lant"].inverted
    ok(game, "rebase Atlantic U.S. RN-CA-Rosyth --distance 30")  # port to a box within the theater
    assert not game.state.world.units["RN-CA-Rosyth"].inverted
    ok(game, "rebase Atlantic SW RN-DD-Liverpool --distance 10")  # to an SW box (held by nobody, 25.31)
    assert not game.state.world.units["RN-DD-Liverpool"].inverted
    ok(game, "rebase Liverpool USN-TR-Lant --distance 10")  # from an SW box to a mapboard port
    assert game.state.world.units["USN-TR-Lant"].inverted


def test_21_224_already_inverted_units_may_change_base_and_stay_inverted() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    ok(game, "rebase Alexandria Aurora --distance 20")  # Aurora is inverted in the scenario
    assert game.state.world.units["Aurora"].inverted


def test_21_22_a_refused_base_change_leaves_the_save_byte_identical(tmp_path: Path) -> None:
    game = awaw_json(tmp_path)
    to(game, "Patrols, base changes, SW deployments", first="allies")
    before = (tmp_path / "awaw.json").read_bytes()
    refused(game, "rebase Taranto RN-DD-Malta --distance 5", "21.223")
    refused(game, "patrol Y1 Washington --distance 3", "21.413A")
    refused(game, "rebase Alexandria QueenElizabeth --distance 10", "waiting for repair")
    assert (tmp_path / "awaw.json").read_bytes() == before
    game.close()


def test_21_23_displacement_to_the_nearest_controlled_port_inverted() -> None:
    game = awaw_game()
    to(game, "Ground movement", first="allies")
    refused(game, "displace Messina Naples --distance 5", "record the capture first")
    ok(game, "control Messina britain")
    refused(game, "displace Messina Malta --distance 5", "controlled port")
    refused(game, "displace Messina Naples --distance 41", "40-hex limit", "displace Messina none")
    ok(game, "displace Messina Naples RM-CA-Messina --distance 5")  # B: the owner names those that go there
    result = ok(game, "displace Messina Taranto --distance 7")  # the rest to the next closest port
    world = game.state.world
    assert world.units["RM-CA-Messina"].base == "Naples" and world.units["RM-CA-Messina"].inverted  # 21.233
    assert {world.units[u].base for u in ("RM-DD-Messina", "KM-SS-Med")} == {"Taranto"}
    assert "displaced" in result.message


def test_21_23C_two_front_port_displacement_chooses_a_front() -> None:
    game = awaw_game()
    to(game, "Ground movement", first="axis")
    ok(game, "control Gibraltar germany")
    refused(game, "displace Gibraltar Malta --distance 12", "two-front port", "21.23C")
    refused(game, "displace Gibraltar Malta --distance 12 --front western", "not on the western front", "21.23C")
    ok(game, "displace Gibraltar Malta Malaya Eagle Furious --distance 14 --front mediterranean")
    assert game.state.world.units["Eagle"].base == "Malta"


def test_21_23D_no_port_in_range_eliminates_the_displaced_units() -> None:
    game = awaw_game()
    to(game, "Ground movement")
    ok(game, "control Tripoli britain")
    ok(game, "displace Tripoli none")
    assert game.state.world.units["RM-DD-Tripoli"].sunk


def test_21_416_patrol_lost_en_route_returns_inverted() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    answer(game, "patrol-1", "patrol lost")
    unit = game.state.world.units["RM-CA-Messina"]
    assert (unit.at_sea, unit.inverted, unit.acted) == ("", True, True)


def test_21_416E_a_victorious_patrol_may_abort() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    answer(game, "patrol-1", "patrol won")
    answer(game, "patrol-1", "abort")
    assert game.state.world.units["RM-CA-Messina"].inverted


def test_21_4171_one_interception_attempt_only() -> None:
    """Intercepted en route, the patrol that stays in its hex is not asked about a second interception (21.416L)."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    answer(game, "patrol-1", "patrol won")
    answer(game, "patrol-1", "continue")
    result = answer(game, "patrol-1", "remain at sea")
    assert "remains in Y20 during the combat phase" in result.message
    assert not [p for p in game.state.flow.pending if p.id.startswith("patrol-1")]


def test_21_41_patrol_refusals() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    refused(game, "patrol Y1 Washington --distance 3", "Atlantic U.S.", "21.413A")  # and 21.14C
    refused(game, "patrol Y1 RN-SS-Malta Penelope --distance 3", "21.4184A")
    refused(game, "patrol Y1 KGV DukeOfYork RN-CA-Home RN-DD-Home --distance 45", "40-hex limit")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 20")
    refused(game, "patrol Y1 RN-DD-Malta --distance 3", "21.414B")
    refused(game, "patrol Y1 QueenElizabeth --distance 3", "21.314")
    refused(game, "patrol Y1 Anson --distance 3", "inverted")
    refused(game, "patrol Y1 Nelson Rodney RN-CA-Rosyth RN-DD-Rosyth --distance 3", "must be one task force", "21.312")
    refused(game, "patrol Y1 Eagle Furious Malaya --distance 3", "need 2 fast fleet factors", "21.313")
    ok(game, "patrol Y1 KGV DukeOfYork Victorious RN-CA-Home RN-DD-Home --distance 25 --legs 15,10")


def test_21_419_interceptors_stay_as_a_defensive_patrol_and_21_4193_intercept_once_more() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    refused(game, "intercept Y20 RM-CA-Taranto --distance 3", "non-phasing side")
    refused(game, "intercept Y20 Washington --distance 3", "may not attempt interceptions (21.14")
    refused(game, "intercept Y20 Penelope Aurora --distance 3", "Aurora is inverted")
    ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5")
    answer(game, "patrol-1", "patrol lost")
    ok(game, "defend Y20 Penelope RN-DD-Malta")
    assert game.state.world.units["Penelope"].at_sea == "defensive-patrol"
    to(game, "Invasions, bombardment, raiders, carrier missions")
    ok(game, "intercept Y21 Penelope --distance 2")  # 21.4192: once more from its patrol hex
    refused(game, "intercept Y22 Penelope --distance 2", "21.4193")
    to(game, "Patrols and missions return")
    assert game.state.world.units["Penelope"].inverted and not game.state.world.units["Penelope"].at_sea  # 21.4191


def test_21_443_harbor_attack_a_to_d() -> None:
    game = awaw_game()
    to(game, "Harbor attacks", first="allies")
    refused(game, "harbor britain Malta", "friendly base")
    ok(game, "harbor britain Taranto aircraft from Illustrious, +1")
    answer(game, "harbor-1", "yes")  # B: the defender's modifiers
    answer(game, "harbor-1", "yes")  # C: tactical cards
    result = answer(game, "harbor-1", "2 ships damaged")  # D: typed (RULINGS A2)
    assert "2 ships damaged" in result.message and game.state.world.harbor_attacks == 2
    to(game, "Second player turn › Movement phase › Harbor attacks")  # the axis turn: Germany has no research result and its initial attack is gone
    refused(game, "harbor germany Malta", "21.442", "21.444")


@pytest.fixture
def fall_1939(tmp_path: Path) -> Path:
    """The bundled data with the scenario's harbor record cleared (no attack made yet)."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    scen = data / "scenarios" / "awaw-mediterranean-1942.toml"
    scen.write_text(scen.read_text().replace("attacks_made = 1", "attacks_made = 0"))
    return data


def test_21_444_germanys_single_initial_harbor_attack(fall_1939: Path) -> None:
    game = memory_game(fall_1939, "awaw", seed=1, clock=fixed_clock)
    to(game, "Harbor attacks")
    refused(game, "harbor italy Malta", "21.442")
    ok(game, "harbor germany Malta")
    assert game.state.world.initial_harbor_left == 0
    refused(game, "harbor germany Alexandria", "21.444")
