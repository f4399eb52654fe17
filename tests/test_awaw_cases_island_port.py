"""AWAW 21.517J: how many ground units may occupy an invaded Pacific one-hex island, with and without a port.

The clause (seed 004, 21.517J): "Up to five non-specialized ground units may occupy the invasion hex if a bridgehead
counter has been placed (12.13), plus three specialized units (12.12) (EXCEPTIONS: No more than one non-specialized
ground unit may occupy an invaded non-port Pacific one-hex island, plus three specialized units; no more than two
non-specialized ground unit may occupy an invaded Pacific one-hex island that contains a port, plus three specialized
units (12.11B, 12.12))."

Set-up: the bundled game at the Axis naval missions, with Messina (the invaders' port) and Malta (a port on a one-hex
island, hex DD21) placed in the Pacific theater in memory: the bundled Pacific scenario has no invasion a first turn
can carry out. The app used to give a Pacific one-hex island with a port the non-port limit (1): whether the island
has a port was never asked.
"""

from __future__ import annotations

from msgspec.structs import replace

from tests.awaw_game import awaw_game, ok, to

CARGO = '--cargo "Folgore:2:airborne" --by RM-DD-Messina --supplied'


def _pacific_game():
    game = awaw_game()
    to(game, "Invasions, bombardment, raiders, carrier missions")
    world = game.state.world
    bases = {n: (b.change(theater="pacific") if n in ("Malta", "Messina") else b) for n, b in world.bases.items()}
    game.state = replace(game.state, world=replace(world, bases=bases))
    return game


def _limit(result) -> dict:
    return next(e.to_dict() for e in result.explanations if e.name == "non-specialized units in the invasion hex")


def _expected(n: int, why: str) -> dict:
    return {"name": "non-specialized units in the invasion hex", "value": n, "rule": "21.517J",
            "terms": [{"label": why, "value": n, "rule": "21.517J"},
                      {"label": "plus specialized units", "value": 3, "rule": "21.517J, 12.12"}], "notes": []}


def test_21_517J_a_pacific_one_hex_island_with_a_port_two_non_specialized_units() -> None:
    """21.517J: Malta (DD21) holds a port: two non-specialized units, plus three specialized, when announced and when
    the invasion has landed."""
    game = _pacific_game()
    invaded = ok(game, f"invade Malta Messina --hex-kind one-hex-island {CARGO} --distance 8")
    assert _limit(invaded) == _expected(2, "a Pacific one-hex island with a port")
    landed = ok(game, "invasion-result invasion-1 landed")
    assert _limit(landed) == _expected(2, "a Pacific one-hex island with a port")


def test_21_517J_the_same_island_typed_by_its_hex_is_the_port_island() -> None:
    """21.517J with RULINGS A6 (a base is its hex): invading DD21 is invading Malta, a one-hex island with a port."""
    game = _pacific_game()
    invaded = ok(game, f"invade DD21 Messina --hex-kind one-hex-island {CARGO} --distance 8")
    assert _limit(invaded) == _expected(2, "a Pacific one-hex island with a port")


def test_21_517J_a_pacific_one_hex_island_without_a_port_one_non_specialized_unit() -> None:
    """21.517J: a one-hex island with no port on it (DD23, no base there): one non-specialized unit, plus three
    specialized."""
    game = _pacific_game()
    invaded = ok(game, f"invade DD23 Messina --hex-kind one-hex-island {CARGO} --distance 8")
    assert _limit(invaded) == _expected(1, "a Pacific one-hex island")
    landed = ok(game, "invasion-result invasion-1 landed")
    assert _limit(landed) == _expected(1, "a Pacific one-hex island")
