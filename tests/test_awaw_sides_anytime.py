"""Issue 32, the verbs legal in any segment (seed 004, chapter 21): each names its owner, whoever's segment it is.

The roster's records (``build``, ``tf``, ``damage``, ``repaired``, ``sink``, ``operational``) and ``displace`` are the
owner's of the units or the base they touch; the control of a base or hex (``control``) its captor's, who occupied
it on the board; the scenario's data (``drm``, ``research``) the referee's, which a game by e-mail refuses (``tui/pbem/owners.py``). Each case is played on the bundled game (the Axis
against the Allies) in the Air staging segment of the Axis player turn and of the Allied one: the actor does not
follow the segment. A list of units of both sides is no single player's record: the referee's.
"""

from __future__ import annotations

import pytest

from tests.awaw_game import awaw_game, ok, to

STAGING = "Air staging"
SEGMENTS = pytest.mark.parametrize("first", ["axis", "allies"])
REFEREE = "referee"


def _at(first: str):
    """The bundled game, ``first`` moving first, at its Air staging segment (``first`` acts there)."""
    game = awaw_game()
    to(game, STAGING, first=first)
    assert game.phasing_side == first
    return game


def _by(game, line: str) -> str:
    """Run ``line``, insist it was applied as one new event, and return the side its event names as the actor."""
    before = len(game.events)
    ok(game, line)
    assert len(game.events) == before + 1 and game.events[-1]["status"] == "applied", line
    return game.events[-1]["actor"]


@SEGMENTS
def test_build_21_34_a_new_unit_is_its_powers_side(first: str) -> None:
    """21.34: "Naval units are inverted in their turn of construction and may not perform any of the 21.31 functions
    during the player turn they are placed on the board." The unit placed is the constructing power's: its side
    records it, in either player turn (the AWAW hole: the Axis built RN-Fake)."""
    game = _at(first)
    assert _by(game, "build RN-New britain destroyer 1 Gibraltar") == "allies"
    assert _by(game, "build RM-New italy destroyer 1 Taranto --name Nuovo") == "axis"
    assert game.state.world.units["RN-New"].inverted and game.state.world.units["RM-New"].inverted


@SEGMENTS
def test_tf_21_312_a_task_force_is_formed_and_left_by_its_units_side(first: str) -> None:
    """21.312: "A naval force consisting of ten or more naval factors must be in a TF in order to conduct a naval
    activity." Forming a task force (or taking units out of one) is its owner's arrangement of his own fleet."""
    game = _at(first)
    assert _by(game, "tf Rosyth Nelson Rodney") == "allies"
    assert _by(game, "tf none KGV DukeOfYork") == "allies"
    assert _by(game, "tf Spezia Roma Cesare") == "axis"
    assert _by(game, "tf none Littorio") == "axis"
    assert _by(game, "tf none Renown RM-CA-Taranto") == REFEREE  # units of both sides: no one player's
    units = game.state.world.units
    assert (units["Nelson"].tf, units["KGV"].tf, units["Roma"].tf, units["Littorio"].tf) == ("Rosyth", "", "Spezia", "")


@SEGMENTS
def test_damage_21_314_21_113_damage_is_recorded_by_the_units_owner(first: str) -> None:
    """21.314: "Damaged naval units may not undertake any of the activities listed in the Naval Activities Table."
    21.113: damaged units "in the 'Waiting for Repair' box of a Naval Construction Chart". The damage is the owner's
    to record (his own losses; results typed, RULINGS A2), with or without --repair."""
    game = _at(first)
    assert _by(game, "damage DukeOfYork") == "allies"
    assert _by(game, "damage KGV --repair") == "allies"
    assert _by(game, "damage Littorio") == "axis"
    assert _by(game, "damage Tirpitz --repair") == "axis"
    assert _by(game, "damage Nelson Roma") == REFEREE
    units = game.state.world.units
    assert units["DukeOfYork"].damaged and units["KGV"].repair and units["Tirpitz"].repair


@SEGMENTS
def test_repaired_21_113_a_repair_is_the_units_owners(first: str) -> None:
    """21.113: damaged units in the "Waiting for Repair" box of the owner's Naval Construction Chart; leaving it
    repaired is his record."""
    game = _at(first)
    ok(game, "damage KGV Littorio Nelson Roma")
    assert _by(game, "repaired KGV") == "allies"
    assert _by(game, "repaired Littorio") == "axis"
    assert _by(game, "repaired Nelson Roma") == REFEREE
    assert not any(game.state.world.units[u].damaged for u in ("KGV", "Littorio", "Nelson", "Roma"))


@SEGMENTS
def test_sink_21_23G_a_unit_sunk_is_recorded_by_its_owner(first: str) -> None:
    """21.23G: "Naval units sunk in port [...] are eliminated if their base is occupied by an enemy unit"; combat
    losses are typed (RULINGS A2). A loss is the owner's record, not the enemy's (the AWAW hole: the Axis sank KGV)."""
    game = _at(first)
    assert _by(game, "sink KGV") == "allies"
    assert _by(game, "sink Littorio") == "axis"
    assert _by(game, "sink Nelson Roma") == REFEREE
    assert all(game.state.world.units[u].sunk for u in ("KGV", "Littorio", "Nelson", "Roma"))


@SEGMENTS
def test_drm_21_526_a_navys_nationality_drm_is_scenario_data(first: str) -> None:
    """21.526: the shore bombardment limits depend "on the Naval Nationality DRM of the naval units"; the DRM is the
    scenario's (58.624 in the example), no player's to change: the referee's."""
    game = _at(first)
    assert _by(game, "drm britain 3") == REFEREE
    assert _by(game, "drm italy 0") == REFEREE
    assert game.state.world.drm["britain"] == 3


@SEGMENTS
def test_control_21_123_21_211_control_follows_occupation_its_captor_records_it(first: str) -> None:
    """21.123: "Captured ports may be used by the side which controls them." 21.211: "The control requirements set out
    below must be met at the start of the phase". Control follows the ground occupation a side made on the board: the
    side that takes control records it, whoever's segment it is (as Logistics' capture); made neutral, no player's."""
    game = _at(first)
    assert _by(game, "control Malta italy") == "axis"
    assert _by(game, "control Taranto britain") == "allies"
    assert _by(game, "control AA7 germany") == "axis"
    assert _by(game, "control Istanbul britain") == "allies"
    assert _by(game, "control Istanbul neutral") == REFEREE
    assert game.state.world.bases["Malta"].control == "italy"


@SEGMENTS
def test_operational_21_221_a_ports_status_is_its_holders(first: str) -> None:
    """21.221: "A naval unit may move to a port which is not operational, but the range of activities it may perform
    from that port is limited." The port's status is recorded by the side that holds it; a neutral port is no
    player's."""
    game = _at(first)
    assert _by(game, "operational Malta no") == "allies"
    assert _by(game, "operational Taranto no") == "axis"
    assert _by(game, "operational Taranto yes") == "axis"
    assert _by(game, "operational Istanbul no") == REFEREE
    assert not game.state.world.bases["Malta"].operational


@SEGMENTS
def test_research_21_442_the_research_result_is_scenario_data(first: str) -> None:
    """21.442: "To carry out a harbor attack, the moving player must have achieved the required research result". The
    result comes from the research rules, not in the seed: the scenario sets it (``research = ["britain"]``), so a
    change is the referee's."""
    game = _at(first)
    assert _by(game, "research britain no") == REFEREE
    assert _by(game, "research germany yes") == REFEREE
    assert game.state.world.harbor_research["germany"] is True


@SEGMENTS
def test_displace_21_23D_the_elimination_of_displaced_units_is_their_owners(first: str) -> None:
    """21.23: "Naval units at bases which are occupied by enemy units are displaced"; D: "If no such port exists within
    40 (Europe) or 20 (Pacific) hexes, the displaced naval units are eliminated"; A, B, E: "the owning player
    chooses". ``displace FROM none`` is the owner's as a displacement to a port is (the AWAW hole: the Axis did
    ``displace Malta none``)."""
    game = _at(first)
    ok(game, "control Malta italy")
    assert _by(game, "displace Malta Alexandria Penelope --distance 20") == "allies"
    assert _by(game, "displace Malta none") == "allies"
    ok(game, "control Messina britain")
    assert _by(game, "displace Messina none RM-CA-Messina") == "axis"
    assert _by(game, "displace Messina Naples --distance 5") == "axis"
    units = game.state.world.units
    assert units["Aurora"].sunk and units["RM-CA-Messina"].sunk and units["Penelope"].base == "Alexandria"
