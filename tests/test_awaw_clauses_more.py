"""More AWAW clauses the clause ledger found without a citing test (seed 004; issue 20): sea supply in both supply
determinations (21.42, 21.56), defensive patrols (21.4191, 21.4192), transport routes to and from the boxes (21.433B-F),
what sea transported units do next (21.435H, 21.436C, 21.437A, 21.438C), fast carrier missions (21.553B, 21.555B,
21.555E, 21.557A, 21.557C), the first hex not counted (21.36B), enemy ships that do not prevent an invasion
(21.5153E)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.awaw_game import answer, awaw_game, to as to_title
from tests.awaw_ops_fixtures import box, ops_tables, port
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw import carriers as CA
from tui.rules.awaw import invasion as I
from tui.rules.awaw.hexes import hex_distance
from tui.rules.awaw.transport import transport_requirement
from tui.rules.core.errors import RuleError
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


# --- sea supply in both determinations (21.42, 21.56) -----------------------------------------------------------------


def test_21_42_21_56_sea_supply_in_initial_and_post_combat_supply_determination_only(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    refused(game, "sea-supply usa 1 --by USN-TR-Lant", "not legal")
    to(game, "second-turn/movement/initial-supply")
    assert "in initial supply (21.42)" in ok(game, "sea-supply usa 1 --by USN-TR-Lant").message
    to(game, "second-turn/combat/post-combat-supply")
    assert "in post-combat supply (21.56)" in ok(game, "sea-supply usa 1 --by USN-TR-Lant").message


# --- defensive patrols (21.4191, 21.4192) -----------------------------------------------------------------------------


def test_21_4191_21_4192_victors_over_a_patrol_stay_at_sea_and_intercept_again_from_the_patrol_hex() -> None:
    """Only a force that intercepted and defeated the patrol may stay (21.4191); from its hex it intercepts again in
    the combat phase (21.4192); it returns and inverts at the end of regular combat (21.4191)."""
    game = awaw_game()
    to_title(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    refused_line = game.execute("defend Y20 Penelope")
    assert not refused_line.ok and "21.4191" in refused_line.message
    ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5")
    answer(game, "patrol-1", "patrol lost")
    ok(game, "defend Y20 Penelope RN-DD-Malta")
    penelope = game.state.world.units["Penelope"]
    assert (penelope.at_sea, penelope.sea_hex, penelope.inverted) == ("defensive-patrol", "Y20", False)
    to_title(game, "Invasions, bombardment, raiders, carrier missions")
    ok(game, "intercept Y21 Penelope --distance 2")
    to_title(game, "Patrols and missions return")
    assert game.state.world.units["Penelope"].inverted and not game.state.world.units["Penelope"].at_sea


# --- sea transport to and from the boxes (21.433B-F) ------------------------------------------------------------------


@pytest.mark.parametrize("start, end, rule", [
    (box("Pacific U.S."), port("Pearl Harbor", "pacific", theater="pacific"), "21.433B"),
    (port("Papeete", "pacific", theater="pacific"), box("Pacific U.S."), "21.433B"),
    (box("India"), port("Rangoon", "pacific", theater="pacific"), "21.433C"),
    (box("Australia"), port("Rabaul", "pacific", theater="pacific"), "21.433C"),
    (box("India"), port("Suez", "mediterranean"), "21.433D"),
    (box("Australia"), port("Basra", "mediterranean"), "21.433E"),
    (port("Abadan", "mediterranean"), box("South Africa"), "21.433F"),
])
def test_21_433B_C_D_E_F_the_listed_box_routes_are_permitted(start, end, rule: str) -> None:
    _, route = transport_requirement(1, start, end, ops_tables())
    assert route is not None and route.rule == rule


def test_21_433B_F_routes_the_list_does_not_name_are_refused() -> None:
    """Not Truk from the Pacific U.S. box (21.433B), not Gibraltar from South Africa (21.433F)."""
    for start, end in ((box("Pacific U.S."), port("Truk", "pacific", theater="pacific")),
                       (box("South Africa"), port("Gibraltar", "western", "mediterranean"))):
        with pytest.raises(RuleError, match="21.433"):
            transport_requirement(1, start, end, ops_tables())


# --- after a sea transport (21.435H, 21.436C, 21.437A, 21.438C) -------------------------------------------------------


def test_21_435H_21_437A_21_438C_the_result_reminds_what_transported_units_do_next(game) -> None:
    """The app keeps no ground or air units: the transport's result tells the referee that ground units debark in the
    movement phase and stack at its end (21.435H) and may move on (21.437A), and air units operate normally in the
    combat phase (21.438C)."""
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, 'transport Naples Tripoli --cargo "Pavia:1, 5 Air:1:air" --by RM-DD-Taranto --distance 12 --air-room')
    text = " ".join(r.details)
    assert "(21.435H)" in text and "(21.437A)" in text and "21.438A, C" in text


def test_21_436C_units_back_at_the_base_of_embarkation_pay_the_debarking_cost(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    mid = ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12').message.split(":")[0]
    r = ok(game, f"transport-result {mid} after")
    assert "return to Naples" in r.message and "the debarking cost, 21.436C" in r.message


# --- fast carrier missions (21.553B, 21.555B, 21.555E, 21.557A, 21.557C) ----------------------------------------------


def test_21_553B_C_carrier_missions_from_india_and_australia_but_not_south_africa() -> None:
    t = ops_tables()
    CA.check_box("India", False, t)
    CA.check_box("Australia", False, t)
    with pytest.raises(RuleError, match="21.553C"):
        CA.check_box("South Africa", False, t)


def test_21_557A_C_a_carrier_mission_is_flown_in_the_combat_phase_after_a_base_change(game) -> None:
    """Not in the movement phase (21.557A); units that changed base then fly it (21.557C), measured from the new
    base (21.555B: the fleet factors share the carriers' basing and movement)."""
    to(game, "second-turn/movement/naval-movement")
    refused(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18", "not legal")
    ok(game, "rebase Malta Eagle,RN-CA-ForceH --distance 14")
    to(game, "second-turn/combat/naval-missions")
    refused(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 4", "from Malta (DD21)")
    r = ok(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 5")
    assert "fast carrier mission to Y20 by Eagle, RN-CA-ForceH" in r.message


def test_21_555E_carrier_missions_return_to_base_before_exploitation(game) -> None:
    to(game, "second-turn/combat/naval-missions")
    ok(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18")
    assert game.state.world.units["Eagle"].at_sea
    to(game, "second-turn/combat/exploitation")
    eagle = game.state.world.units["Eagle"]
    assert not eagle.at_sea and eagle.base == "Gibraltar"


# --- ranges and invasions --------------------------------------------------------------------------------------------


def test_21_36B_the_base_hex_is_not_counted(game) -> None:
    """A hex next to the base is one hex away: a patrol from Messina (BB22) to BB23 types 1."""
    assert hex_distance("BB22", "BB23") == 1
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol BB23 RM-CA-Messina --distance 0", "shorter than the 1 hexes")
    ok(game, "patrol BB23 RM-CA-Messina --distance 1")


def test_21_5153E_too_few_enemy_ships_do_not_prevent_the_invasion_and_may_intercept_before_displacement() -> None:
    """Nine loose undamaged factors do not prevent it; the explanation says they are displaced if the attacker occupies
    the hex and may first attempt interception."""
    out = I.naval_presence([I.EnemyShip("cruiser", 9, False, False)], "Tripoli", ops_tables())
    assert out.value is False
    assert any("21.5153E" in n for n in out.notes)
