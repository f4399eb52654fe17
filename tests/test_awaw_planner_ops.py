"""The Naval mode planner's operations figures (planner_ops): requirements as units and cargo are picked, "needs N: M chosen"."""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.awaw import planner_ops as P
from tui.session import memory_game


@pytest.fixture(scope="module")
def game():
    return memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock)


def figures(game, ids: list[str], activity: str, cargo: str = "", **kw):
    world = game.state.world
    units = [world.units[i] for i in ids]
    return {e.name: e for e in P.plan(world, units, activity, cargo, game.ruleset.tables, _ops(game), **kw)}


def _ops(game):
    from tui.rules.awaw.ops_tables import load_ops_tables

    return load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")


def test_21_434A_transport_needs_and_chosen(game) -> None:
    out = figures(game, ["RM-DD-Naples"], "transport", "Pavia:3, Bologna:2")
    dd = out["destroyer factors for sea transport"]
    assert dd.value == 5 and "needs 5 destroyer factors: 3 chosen (21.434A)" in dd.notes
    assert out["cargo factors"].value == 5


def test_21_434B_transport_to_a_box_doubles_and_adds_transports(game) -> None:
    out = figures(game, ["USN-DD-Lant", "USN-TR-Lant"], "transport", "1 Inf:3, 2 Inf:3", to="Liverpool")
    assert out["destroyer factors for sea transport"].value == 12
    assert out["transports of the Atlantic SW box for sea transport"].value == 2


def test_21_513B_invasion_of_a_defended_hex(game) -> None:
    out = figures(game, ["RM-DD-Taranto"], "invade", "Friuli:3", defended=True)
    assert "needs 6 destroyer factors: 6 chosen" in " ".join(out["destroyer factors for the invasion"].notes)


def test_21_64_escort_and_21_422_oil(game) -> None:
    assert figures(game, ["RN-DD-Malta"], "escort", "3-2 Inf:3")["destroyer factors for sea escort"].value == 3
    assert figures(game, ["RM-DD-Brindisi"], "ship-oil", "2")["destroyer factors for oil shipments"].value == 6


def test_21_526_bombardment_and_21_532_raid_and_a_refusal_as_a_figure(game) -> None:
    out = figures(game, ["Littorio"], "bombard", "2")
    assert out["shore bombardment combat factors"].value == 1
    assert figures(game, ["Tirpitz", "Hipper"], "raid")["ships in the raider group"].value == 2
    refused = figures(game, ["Doria"], "raid")  # a slow ship (21.532A)
    assert "21.532A" in next(iter(refused.values())).notes[0]


def test_every_activity_has_a_cargo_hint() -> None:
    assert set(P.CARGO_HINT) == set(P.ACTIVITIES)
    assert P.options("transport") == {"cargo": P.CARGO_HINT["transport"], "to": True}


def test_a_plain_number_of_factors_is_cargo_too(game) -> None:
    """The planner's cargo field may hold just the factors: 6 ground factors need 6 destroyer factors (21.434A)."""
    out = figures(game, ["RM-DD-Brindisi"], "transport", "6")
    assert "needs 6 destroyer factors: 2 chosen (21.434A)" in out["destroyer factors for sea transport"].notes
