"""Issue 32: each OCS "anytime" verb (legal in any segment) names its owner, whoever's segment it is typed in.

A game by e-mail refuses a command whose ``actor`` is the other side's, and will refuse an anytime rule-set verb that
names no actor. The OCS text names no player (seed 001, 19.0): the owner is the side whose port or units the record
is about, or ``referee`` for the scenario's set-up (refused in a game by e-mail, as intended). Each test plays the
verb on the Western Desert scenario, the Allies first, and asserts the exact actor of the event in the Movement Phase
of the side that does NOT own it (docs/cases/issue32-sides-cases.md).
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game
from sides_cases import actor, to

ALLIED_MOVE = "first-turn/movement/move"
AXIS_MOVE = "second-turn/movement/move"


def at(key: str):
    """Turn 1 of the Western Desert (seed 1), the Allies first, at the segment ``key``."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    assert game.execute("answer weather roll").ok and game.execute("next").ok
    assert game.execute("answer first-player allied").ok
    to(game, key)
    return game


def test_zoc_is_the_ports_owners() -> None:
    """19.0a: "A port is "shut down" when in an enemy ZOC. [...] The port instantly recovers its normal capacity when the
    enemy is driven away". The record is of the owner's port shut down or working again: the Allied Tobruk in the Axis
    Movement Phase, the Axis Tripoli in the Allied one."""
    game = at(ALLIED_MOVE)
    assert actor(game, "zoc Tripoli on") == "axis"
    to(game, AXIS_MOVE)
    assert actor(game, "zoc Tobruk on") == "allied"
    assert actor(game, "zoc Tobruk off") == "allied"


def test_negate_is_the_ports_owners() -> None:
    """19.0a: "Per 4.5a, negation is possible for trace supply operations, but not for Sea Cap." Negating the enemy ZOC
    for trace supply is the owner's (his units negate it, his supply is traced): the Allied Tobruk in the Axis turn."""
    game = at(AXIS_MOVE)
    actor(game, "zoc Tobruk on")
    assert actor(game, "negate Tobruk on") == "allied"


def test_sea_blocked_is_the_ports_owners() -> None:
    """19.0a Play Note: "A port continues to function when enemy combat units or ZOC block the hexes that lie between it
    and the sea". The record is of the owner's port still working: the Allied Tobruk in the Axis turn."""
    game = at(AXIS_MOVE)
    assert actor(game, "sea-blocked Tobruk") == "allied"


def test_capture_is_the_captors() -> None:
    """9.14h (cited by 19.0a): the port changes hands; the capture is the captor's, the Axis taking Tobruk in the Allied
    Movement Phase."""
    game = at(ALLIED_MOVE)
    assert actor(game, "capture Tobruk axis") == "axis"


def test_allowance_is_a_referees_figure() -> None:
    """19.0f: "Game-specific rules define each side's Shipping Allowance (if any)": a figure of the scenario, which no
    player sets for himself or his enemy: ``referee``."""
    game = at(ALLIED_MOVE)
    assert actor(game, "allowance axis 5") == "referee"
    assert actor(game, "allowance allied 5") == "referee"


@pytest.mark.parametrize("line", ["port add Sollum owner=axis capacity=1T", "port edit Tobruk hits=1",
                                  "port remove Tobruk"])
def test_port_add_edit_remove_are_set_up_corrections(line: str) -> None:
    """19.0a, 19.0b, 19.0e: a port's capacity, Damage Track and supply source are the scenario's; adding, editing or
    removing a port changes the set-up, which no player does: ``referee``."""
    game = at(AXIS_MOVE)
    assert actor(game, line) == "referee"
