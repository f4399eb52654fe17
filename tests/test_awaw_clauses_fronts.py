"""AWAW clauses the clause ledger found without a citing test (seed 004; issue 20): the Strait of Otranto (21.211G),
front boundaries (21.362), invasions and carrier missions from the Atlantic U.S. box (21.14A, 21.512D, 21.557B),
interception of patrols (21.417, 21.417A-B), raiders from port (21.533B), sea escort by transports (21.64G) and its
range (21.62)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.awaw_ops_fixtures import ops_tables
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw import raiders as R
from tui.rules.core.errors import RuleError
from tui.session import create_game

ALLIED_NR = "second-turn/redeployment/naval-redeployment"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_211G_the_strait_of_otranto_needs_brindisi_and_durazzo_held_at_the_start_of_the_phase(game) -> None:
    """Italy holds both: an Allied patrol through the strait is refused; an Italian one passes, even after Brindisi
    changes hands during the phase (control is read at its start, 21.211)."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, "control Brindisi britain")
    ok(game, "patrol AA27 RM-CA-Taranto --distance 5 --straits G")
    to(game, "second-turn/movement/naval-movement")
    refused(game, "patrol AA27 RN-CA-Med --distance 20 --straits G", "AA26 held by italy (needs friendly) (21.211G)")


def test_21_362_front_boundaries_do_not_stop_a_base_change(game) -> None:
    """Malta's destroyers (Mediterranean front) change base to Plymouth (western front) without any front check."""
    to(game, "second-turn/movement/naval-movement")
    r = ok(game, "rebase Plymouth RN-DD-Malta --distance 30")
    assert "Malta → Plymouth" in r.message and game.state.world.units["RN-DD-Malta"].base == "Plymouth"


def test_21_14A_21_512D_21_557B_the_atlantic_us_box_invades_with_its_carriers_in_support(game) -> None:
    """An invasion from the Atlantic U.S. box is permitted (21.14A, 21.512D) and its carriers may fly a mission with
    it (21.557B), though they may not without it (21.14B)."""
    to(game, "second-turn/combat/naval-missions")
    refused(game, "carrier-mission K20 --by Wasp,Washington --distance 30 --legs 15,15 --ports Reykjavik",
            "only accompany a seaborne invasion from it")
    mid = ok(game, 'invade K20 "Atlantic U.S." --hex-kind beach --cargo "X:1" --by USN-DD-Lant,USN-TR-Lant --distance 30 '
                   '--legs 15,15 --ports Reykjavik --supplied').message.split(":")[0]
    r = ok(game, f"carrier-mission K20 --by Wasp,Washington --distance 30 --legs 15,15 --ports Reykjavik --with {mid}")
    assert "fast carrier mission to K20 by Wasp, Washington" in r.message


def test_21_417_21_417A_B_a_patrol_is_intercepted_en_route_and_again_if_it_stays_in_its_hex(game) -> None:
    """The patrol's first prompt is the interception on the way (21.417A); staying at sea raises the interception in
    the patrol hex (21.417B); a patrol that returns raises none."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    assert [p.id for p in game.state.flow.pending if p.id.startswith("patrol-1")] == ["patrol-1-route"]
    ok(game, "answer patrol-1-route 'no interception'")
    r = ok(game, "answer patrol-1-strikes 'remain at sea'")
    assert "the defender may intercept it there (21.416L)" in r.message
    assert [p.id for p in game.state.flow.pending if p.id.startswith("patrol-1")] == ["patrol-1-hex"]


def test_21_533B_raiders_move_from_port_unless_placed_in_the_box_at_the_opening_setup() -> None:
    """A ship already in the SW box raids from it only if it is one of the setup raiders of 21.5331."""
    t = ops_tables()
    with pytest.raises(RuleError, match="21.533B"):
        R.check_setup_raider("Tirpitz", "Tirpitz", "germany", "Atlantic SW", "Fall 1939", t)
    assert "BRP" in R.check_setup_raider("Scheer", "Scheer", "germany", "Atlantic SW", "Fall 1939", t)


def test_21_64F_G_transports_escort_to_and_from_a_box_destroyers_on_the_mapboard(game) -> None:
    to(game, ALLIED_NR)
    refused(game, 'escort Gibraltar Malta --cargo "X:1" --by RN-TR-Gib', "needs 1 destroyer factors: 0 chosen")
    r = ok(game, 'escort "Atlantic U.S." Liverpool --cargo "X:1" --by USN-TR-Lant')
    assert "by transports (USN-TR-Lant)" in r.message


def test_21_62_a_typed_sea_escort_route_touches_a_port_every_20_hexes_in_europe(game) -> None:
    to(game, ALLIED_NR)
    refused(game, 'escort Malta Alexandria --cargo "X:1" --by RN-DD-Malta --distance 25', "the most is 20 (21.36C, 21.3612)")
    refused(game, 'escort Malta Alexandria --cargo "X:1" --by RN-DD-Malta --distance 10',
            "shorter than the 13 hexes from Malta (DD21) to Alexandria (GG34)")
    r = ok(game, 'escort Malta Alexandria --cargo "X:1" --by RN-DD-Malta --distance 25 --legs 12,13 --ports Benghazi')
    assert r.message.startswith("escort-1: sea escort Malta → Alexandria")
