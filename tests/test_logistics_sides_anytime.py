"""Issue 32, the Logistics verbs legal in any segment (seed 002): each names its owner, whoever's segment it is.

A capture is the capturing side's, a Mulberry its Marine's owner's (S-LOG5). The rest changes the game's set-up: the
board and its features (``board``, ``hex``, ``road``, ``rail``, ``river``, ``bridge``, ``canal``, ``storm-place``),
the factories placed (``factory``), the optional rules (``optional``), who moves first against the initiative
(``first``) and the control of a hex, which no paragraph leaves to a player's choice (``control``; a capture has its
own verb): the referee's, which a game by e-mail refuses (``tui/pbem/owners.py``). Each case is played on the Channel
Coast scenario (the Allies hold the west, the Axis the east) in the first player turn's movement (the Allies') and in
the second's (the Axis'): the actor does not follow the segment.
"""

from __future__ import annotations

import pytest
from sides_cases import actor

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok, world

REFEREE = "referee"
SEGMENTS = pytest.mark.parametrize("segment, moving", [("first-turn", "allied"), ("second-turn", "axis")])


def _at(segment: str, moving: str, turn: int = 1):
    """The scenario at the movement of the ``segment`` player turn, where ``moving`` acts."""
    game = at(logistics_game(), turn, "movement")
    if segment == "second-turn":
        game = at(game, turn, "combat")
        game = at(game, turn, "movement")
    assert game.segment.key == f"{segment}/movement" and game.phasing_side == moving
    return game


@SEGMENTS
def test_capture_airfields_p5_mulberries_p2_factories_p5_the_captor_takes_the_hex(segment: str, moving: str) -> None:
    """Airfields ¶5: "An airfield is captured instantly if alone with an enemy Army unit"; Mulberries ¶2: "They are
    captured if alone with an enemy Army/Navy unit"; Factories ¶5: "captured instantly at their current strength if
    alone with enemy Army units". The capturing side's unit takes it: his event, in either player turn."""
    game = _at(segment, moving)
    assert actor(game, "capture Meven allied") == "allied"
    assert actor(game, "capture 0506 axis") == "axis"
    assert (world(game).control("1413"), world(game).airfields["0506"].owner) == ("allied", "axis")


@SEGMENTS
def test_mulberry_p1_the_marines_owner_places_it(segment: str, moving: str) -> None:
    """S-LOG5, Mulberries ¶1: "established by a Marine unit during a Production Turn. Reduce the Marine by 1cv"
    (RULINGS L7: at any time in it): the Marine's owner, the hex's controller or the side named (--side)."""
    game = _at(segment, moving, PRODUCTION_TURN)
    assert actor(game, "mulberry 1301") == "axis"
    assert actor(game, "mulberry 0101") == "allied"
    ok(game, "control 0201 none")
    assert actor(game, "mulberry 0201 --side axis") == "axis"


@SEGMENTS
def test_control_destruction_p3_control_is_the_referees_record(segment: str, moving: str) -> None:
    """Destruction ¶3: "A Bridge (hexside terrain) can be rebuilt from either adjacent hex but only if both hexes are
    Friendly." No paragraph gives a hex to a player's choice (a capture, its own verb, is the captor's): setting
    control, or taking it away, is the referee's (the Logistics hole: ``control 0101 axis`` had no actor)."""
    game = _at(segment, moving)
    assert actor(game, "control 0101 axis") == REFEREE
    assert actor(game, "control 1413 allied") == REFEREE
    assert actor(game, "control 0101 none") == REFEREE
    assert world(game).control("1413") == "allied"


@SEGMENTS
def test_first_rulings_l3_who_moves_first_against_the_initiative_is_the_referees(segment: str, moving: str) -> None:
    """RULINGS L3: "each player rolls two dice, higher total wins"; the app has the winner move first (the data's
    ``winner_moves_first``, Storms ¶4). ``first`` overrides the initiative (or the scenario's first side): the
    referee's (the Logistics hole: ``first axis`` had no actor)."""
    game = _at(segment, moving)
    other = "axis" if world(game).first == "allied" else "allied"
    assert actor(game, f"first {other}") == REFEREE
    assert world(game).first == other


@SEGMENTS
def test_storm_place_storms_p4_the_storms_start_is_the_scenarios(segment: str, moving: str) -> None:
    """Storms ¶4: "It starts in the center of the game map (unless a scenario defines otherwise)." Placing it without
    a roll is the scenario's set-up: the referee's (the Logistics hole: ``storm-place 0101`` had no actor)."""
    game = _at(segment, moving)
    assert actor(game, "storm-place 0101") == REFEREE
    assert world(game).storm == "0101"


@SEGMENTS
def test_factory_factories_p1_p2_placing_factories_is_set_up(segment: str, moving: str) -> None:
    """Factories ¶1, ¶2: "Factories may only be placed in Cities. The City size is the maximum total value of
    Factories that may be placed there." ``factory`` sets a city's factories (set-up, any PP or removed); in play
    they change by hits, captures, exchanges and growth (their own verbs): the referee's."""
    game = _at(segment, moving)
    assert actor(game, "factory Harlow army 2") == REFEREE
    assert actor(game, "factory Meven army remove") == REFEREE
    assert world(game).factories["0417"] == {"army": 2}


@SEGMENTS
@pytest.mark.parametrize("value", ["on", "off"])
def test_optional_optional_rules_are_the_games_settings(segment: str, moving: str, value: str) -> None:
    """Engineer, Airborne and Marine building (optional): switching an optional rule changes the game's settings,
    agreed before play: the referee's."""
    game = _at(segment, moving)
    if value == "off":
        ok(game, "optional engineer-building on")
    assert actor(game, f"optional engineer-building {value}") == REFEREE


@SEGMENTS
@pytest.mark.parametrize("line", ["board 27 20", "board 6 5 --empty"])
def test_board_issue21_the_boards_size_is_set_up(segment: str, moving: str, line: str) -> None:
    """Issue 21 ("Your own board"): the board's size, or a blank board, is the scenario's: the referee's."""
    game = _at(segment, moving)
    assert actor(game, line) == REFEREE


@SEGMENTS
@pytest.mark.parametrize("what", ["terrain forest", "sea", "land", "city Newtown 2", "town Hamlet", "coastal on",
                                  "resource 2"])
def test_hex_issue21_each_hex_feature_is_set_up(segment: str, moving: str, what: str) -> None:
    """Issue 21: a hex's terrain (Airfields ¶3 names the kinds), sea or land, city (Factories ¶2: its size) or town,
    coast (RULINGS L6) and resource (Factories ¶7) are the board's: every sub-command is the referee's."""
    game = _at(segment, moving)
    if what == "land":
        ok(game, "hex 0808 sea")
    assert actor(game, f"hex 0808 {what}") == REFEREE


@SEGMENTS
@pytest.mark.parametrize("line, undo", [("road 0808 0809", "road 0808 0809 --remove"),
                                        ("rail 0808 N", "rail 0808 N --remove"),
                                        ("river 0808 0809", "river 0808 0809 --remove"),
                                        ("bridge 1205 1305 Newbridge", "bridge 1205 1305 --remove"),
                                        ("canal 0808 Newcut", "canal 0808 --remove")])
def test_links_and_crossings_destruction_p1_the_boards_lines_are_set_up(segment: str, moving: str, line: str,
                                                                        undo: str) -> None:
    """Destruction ¶1: "Bridges and Canals (but not roads) are Logistics targets"; laying or taking up a road,
    railway, river, bridge or canal draws the board (a destroyed one is rebuilt by an Engineer, ``rebuild``, its
    owner's): the referee's, both ways."""
    game = _at(segment, moving)
    assert actor(game, line) == REFEREE
    assert actor(game, undo) == REFEREE
