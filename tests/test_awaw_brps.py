"""AWAW BRP ledger of naval operations (seed 004; issue 20, "Missing", BRPs): invasions and sea transports charged to
the front of their target, Gibraltar to the Mediterranean (21.1322), fast carrier missions to the front of the mission
hex or of the invasion they accompany (21.554A), patrols (21.414A) and raids (21.531C, 21.5331), submarines free
(9.56A); the ledger per front of the player turn in ``show brps`` and briefings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.outputs import report
from tui.outputs.briefing import render
from tui.paths import data_dir
from tui.rules.awaw import brps as BR
from tui.rules.awaw.bases import Base
from tui.session import create_game

ALLIED_TRANSPORT = "second-turn/movement/sea-transport"
ALLIED_MISSIONS = "second-turn/combat/naval-missions"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _ledger(game) -> list[dict]:
    return report.data(game, "brps")["brps"]


def test_21_1322_a_sea_transport_to_gibraltar_from_the_western_front_is_charged_to_the_mediterranean(game) -> None:
    to(game, ALLIED_TRANSPORT)
    r = ok(game, 'transport Liverpool Gibraltar --cargo "Gds:2" --by RN-DD-Liverpool --distance 20')
    assert "on the mediterranean front" in r.message and "21.1322" in r.message
    line = next(x for x in _ledger(game) if x["mission"].startswith("transport-"))
    assert (line["front"], line["factors"], line["side"]) == ("mediterranean", 5, "allies")


def test_21_43_a_sea_transport_is_charged_to_the_front_of_its_destination(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    total = next(x for x in _ledger(game) if x["mission"] == "total")
    assert total["front"] == "mediterranean" and total["factors"] == game.state.world.units["RM-DD-Naples"].factors


def test_21_554A_a_carrier_mission_with_an_invasion_is_charged_to_the_invasions_front(game) -> None:
    to(game, ALLIED_MISSIONS)
    inv = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied --brp-front mediterranean').message.split(":")[0]
    r = ok(game, f"carrier-mission CC20 --by Eagle,RN-CA-ForceH --distance 18 --with {inv}")
    assert "21.554A" in r.message
    lines = {x["mission"].split("-")[0]: x for x in _ledger(game)}
    assert lines["invasion"]["front"] == lines["carriers"]["front"] == "mediterranean"
    total = next(x for x in _ledger(game) if x["mission"] == "total")
    assert total["factors"] == lines["invasion"]["factors"] + lines["carriers"]["factors"]


def test_21_51_an_invasion_of_a_hex_with_no_base_asks_the_referee_for_the_front_unless_the_origin_tells(game) -> None:
    """A beach hex has no front in the data: the origin's single front is assumed (flagged) and --brp-front is
    checked against the game's fronts."""
    to(game, ALLIED_MISSIONS)
    refused(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 --supplied '
                  '--brp-front pacificx', "not a front")
    ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 --supplied')
    line = _ledger(game)[0]
    assert line["front"] == "mediterranean" and line["note"].startswith("assumed")


def test_9_56A_submarines_pay_nothing_and_21_414A_a_patrol_is_charged_on_its_front() -> None:
    from tests.awaw_core_fixtures import tables
    from tui.rules.awaw.units import NavalUnit

    t = tables()
    sub = NavalUnit("U-1", "U-boats", "germany", "germany", "submarine", 3, base="Brest")
    dd = NavalUnit("DD-1", "Destroyers", "germany", "germany", "destroyer", 2, base="Brest")
    assert BR.paying_factors([sub, dd], t) == 2


def test_21_132_a_two_front_port_is_charged_to_the_front_the_units_come_from() -> None:
    kiel = Base("Kiel/Hamburg", "port", fronts=("western", "eastern"), control="germany")
    brest = Base("Brest", "port", fronts=("western",), control="germany")
    gib = Base("Gibraltar", "port", fronts=("western", "mediterranean"), control="britain")
    assert BR.front_of(kiel, [brest], "")[0] == "western"
    assert BR.front_of(gib, [brest], "western") == ("mediterranean", BR.front_of(gib, [], "")[1])
    assert BR.front_of(None, [kiel], "")[0] == "?"


def test_the_ledger_is_a_view_shown_by_show_and_in_briefings(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    assert "mediterranean" in report.text(game, "brps") and "Factors  BRPs" in report.text(game, "brps")  # one-line header (issue 30)
    assert "sea transport to Tripoli" in render(game, None)


def test_21_414A_a_patrol_is_charged_on_the_front_of_its_base_and_21_531C_a_raid_on_its_front(game) -> None:
    """Messina's cruiser patrols (Messina: the Mediterranean front); Scheer and Lutzow raid from Kiel/Hamburg, a
    two-front port, so the raid is charged to the front set for the Atlantic SW box (proposed ruling A15)."""
    to(game, "first-turn/movement/naval-movement")
    r = ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    assert "on the mediterranean front" in r.message
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow')
    patrol, raid = _ledger(game)[:2]
    assert patrol["mission"].startswith("patrol-") and patrol["front"] == "mediterranean" and patrol["rule"].startswith("21.414A")
    assert raid["mission"].startswith("raid-") and raid["front"] and raid["factors"] == sum(
        game.state.world.units[u].factors for u in ("Scheer", "Lutzow"))


def test_the_ledger_is_in_the_paying_sides_briefing_not_the_opponents(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    assert "sea transport to Tripoli" in render(game, "axis")
    assert "sea transport to Tripoli" not in render(game, "allies")
