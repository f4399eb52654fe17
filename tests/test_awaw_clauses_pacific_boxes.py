"""AWAW Pacific boxes (seed 004; issue 20): the bundled scenario has no Pacific U.S. or Australia box, so these tests
add them, a Japanese port and a few ships to a copy of its data (the bundled files are untouched) and play the clauses
through the engine: the Pacific U.S. box (21.15, 21.15A-D), the Australia box (21.16), sea escorts home to the Hawaiian Islands and Japan
(21.3615C, 21.3616E)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game

PACIFIC = '''
[[bases]]
name = "Pacific U.S."
kind = "box"
theater = "pacific"
control = "usa"

[[bases]]
name = "Australia"
kind = "box"
theater = "pacific"
control = "britain"

[[bases]]
name = "Pacific SW"
kind = "sw-box"
theater = "pacific"
control = "neutral"

[[bases]]
name = "Pearl Harbor"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
hex = "P50"
control = "usa"
group = "Hawaiian"

[[bases]]
name = "Suva"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
hex = "KK45"
control = "japan"

[[bases]]
name = "Midway"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
control = "usa"

[[bases]]
name = "Wake"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
control = "usa"

[[bases]]
name = "Kure"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
control = "japan"
group = "Japan"

[[bases]]
name = "Saipan"
kind = "port"
fronts = ["pacific"]
theater = "pacific"
control = "japan"

[[units]]
id = "USN-DD-Pearl"
power = "usa"
type = "destroyer"
factors = 4
fast = true
base = "Pearl Harbor"

[[units]]
id = "IJN-DD-Kure"
power = "japan"
type = "destroyer"
factors = 4
fast = true
base = "Kure"

[[units]]
id = "USN-CA-Pac"
power = "usa"
type = "cruiser"
factors = 4
fast = true
base = "Pacific U.S."

[[units]]
id = "USN-DD-Pac"
power = "usa"
type = "destroyer"
factors = 4
fast = true
base = "Pacific U.S."

[[units]]
id = "USN-TR-Pac"
power = "usa"
type = "transport"
factors = 4
base = "Pacific SW"

[[units]]
id = "RAN-CA"
power = "britain"
type = "cruiser"
factors = 2
fast = true
base = "Australia"

[[units]]
id = "IJN-CA-Suva"
power = "japan"
type = "cruiser"
factors = 3
fast = true
base = "Suva"
'''


@pytest.fixture
def game(tmp_path: Path):
    """The bundled game with the Pacific U.S. and Australia boxes, the Pacific SW box, Pearl Harbor and a Japanese
    Suva added, from a copy of the data folder."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    scenario = data / "scenarios" / "awaw-mediterranean-1942.toml"
    scenario.write_text(scenario.read_text(encoding="utf-8") + PACIFIC, encoding="utf-8")
    return create_game(tmp_path / "awaw.json", data, "awaw", seed=1, clock=fixed_clock)


def test_21_15_21_15C_the_pacific_us_box_neither_patrols_nor_intercepts(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, "intercept P48 USN-CA-Pac --distance 5", "in the Pacific U.S. box may not attempt interceptions (21.15")
    to(game, "second-turn/movement/naval-movement")
    refused(game, "patrol P48 USN-CA-Pac --distance 5", "Pacific U.S. box, from which patrols may not be conducted (21.15")


def test_21_15A_the_pacific_us_box_sea_transports_to_the_hawaiian_islands(game) -> None:
    """Sea transport from the Pacific U.S. box to Pearl Harbor by the route of 21.433B: two destroyer factors a factor
    and a transport of the Pacific SW box (21.434B, C)."""
    to(game, "second-turn/movement/sea-transport")
    r = ok(game, 'transport "Pacific U.S." "Pearl Harbor" --cargo "1 Mar:1:marine" --by USN-DD-Pac,USN-TR-Pac --distance 6')
    assert "needs 2 destroyer factors, 1 transport" in r.message
    terms = [t for e in r.explanations for t in e.terms]
    assert any(t.rule == "21.433B" for t in terms)


def test_21_15B_pacific_us_ships_bombard_only_with_an_invasion_from_their_box(game) -> None:
    to(game, "second-turn/combat/naval-missions")
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by USN-CA-Pac --distance 5", "only supports an invasion from that box")


def test_21_15D_21_16_pacific_us_and_australia_ships_engage_japanese_raiders_in_the_pacific_sw_box(game) -> None:
    """A Japanese raider from Suva: the eligible defenders are those of the Pacific U.S. and Australia boxes (and the
    operational mapboard ports), not the India box's Warspite."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Pacific SW" --by IJN-CA-Suva')
    ok(game, "raid-engage raid-1 --result 1")
    r = ok(game, "raid-ships raid-1 2")
    pool = next(d for d in r.details if d.startswith("eligible defenders"))
    assert "USN-CA-Pac" in pool and "RAN-CA" in pool and "Warspite" not in pool


def test_21_16_the_australia_box_intercepts_eight_hexes_from_the_board_edge(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    r = ok(game, "intercept NN20 RAN-CA --distance 2")
    assert "RAN-CA intercept in NN20, 10 hexes" in r.message


def test_21_3615C_destroyers_of_the_hawaiian_islands_escort_units_home_from_an_island_within_naval_range(game) -> None:
    """Pearl Harbor's destroyers reach Midway 15 hexes away to bring a unit back to Pearl Harbor, beyond the 10-hex
    initial leg of 21.65A; to Wake, not home, the same reach is refused."""
    to(game, "second-turn/redeployment/naval-redeployment")
    refused(game, 'escort Midway Wake --cargo "1 Mar:1:marine" --by USN-DD-Pearl --reach 15', "at most 10 in the Pacific")
    refused(game, 'escort Midway "Pearl Harbor" --cargo "1 Mar:1:marine" --by USN-DD-Pearl --reach 21', "at most 10")
    r = ok(game, 'escort Midway "Pearl Harbor" --cargo "1 Mar:1:marine" --by USN-DD-Pearl --reach 15 --distance 15')
    assert any(e.rule == "21.3615C" for e in r.explanations)


def test_21_3616E_destroyers_based_in_japan_escort_units_home_to_japan(game) -> None:
    to(game, "first-turn/redeployment/naval-redeployment")
    refused(game, 'escort Saipan Suva --cargo "1 Inf:1" --by IJN-DD-Kure --reach 18', "at most 10 in the Pacific")
    r = ok(game, 'escort Saipan Kure --cargo "1 Inf:1" --by IJN-DD-Kure --reach 18')
    assert any(e.rule == "21.3616E" for e in r.explanations)
