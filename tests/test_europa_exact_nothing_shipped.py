"""Nothing shipped this phase, exactly (seed 003_5744b160e91bc227.txt 33.A; 000_fc2911a77a0e7562.txt 31.A.8; issue 30
item 7): ``no-shipping [SIDE]`` of ``tui/rules/europa/nothing_shipped.py`` says once per phase that a side moved no
cargo by sea, and is refused once its shipping was checked there or while one of its groups carries cargo in transit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.rules.europa.verbs import port_field_names
from tui.session import memory_game
from tests.exact import refused


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def said(game, line: str) -> tuple[str, str]:
    """(summary, actor) of a command that must succeed."""
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r.message, game.events[-1]["actor"]


def test_33_A_nothing_shipped_by_the_side_whose_shipping_moves_once_a_phase(game) -> None:
    """33.A: by default the side whose shipping moves (the phasing one; the other one in a reaction phase)."""
    assert said(game, "no-shipping") == (
        "Nothing shipped by the Axis player this phase (Axis player turn › Initial phase): no anti-shipping check is due "
        "in it (33.A)", "axis")
    assert refused(game, "no-shipping") == "nothing shipped by the Axis player is already recorded this phase (33.A)"
    assert said(game, "no-shipping Allied")[1] == "allied"
    phase = game.state.world.sea.nothing_shipped[0].phase
    assert [(n.phase, n.side) for n in game.state.world.sea.nothing_shipped] == [(phase, "axis"), (phase, "allied")]
    assert phase.endswith("/axis-turn/initial")
    for _ in range(3):
        assert game.execute("next --force").ok
    assert game.segment.key == "axis-turn/reaction/reaction-naval"
    assert said(game, "no-shipping") == (
        "Nothing shipped by the Allied player this phase (Axis player turn › Reaction phase): no anti-shipping check is "
        "due in it (33.A)", "allied")
    assert refused(game, "no-shipping axis allied") == "usage: no-shipping [axis|allied]"
    assert game.execute("next --force").ok
    assert game.segment.key == "axis-turn/reaction/reaction-movement" and said(game, "no-shipping axis")[1] == "axis"
    assert refused(game, "no-shipping allied") == "nothing shipped by the Allied player is already recorded this phase (33.A)"


def test_33_A_not_where_no_shipping_moves(game) -> None:
    """33.A: ``no-shipping`` is legal only where shipping may be checked (the segments that list ``check``)."""
    for _ in range(2):
        assert game.execute("next --force").ok
    assert refused(game, "no-shipping") == (
        "'no-shipping' is not legal in Axis player turn › Initial phase › Combat (33.A; 31.A.8). It is legal in any "
        "segment except Initial phase › Combat and Exploitation phase › Exploitation combat of each player turn.")


def test_33_A_refused_once_the_sides_shipping_was_checked(game) -> None:
    """33.A: a check of the side's shipping this phase says something was shipped."""
    assert game.execute("check 'Central Med' allied unit@x --dice 1,1").ok
    assert game.execute("check 'Central Med' allied unit@y --dice 1,1").ok
    assert refused(game, "no-shipping allied") == (
        "Allied shipping was checked 2 time(s) this phase: something was shipped (33.A)")
    assert game.state.world.sea.nothing_shipped == ()
    assert said(game, "no-shipping axis")[1] == "axis"


def test_31_A_8_refused_while_a_group_of_the_side_carries_cargo_in_transit(game) -> None:
    """31.A.8: cargo in transit is checked in each sea zone it crosses; an empty group does not count."""
    assert game.execute("transit add G2 axis Naples Tripoli 2").ok
    assert game.execute("transit add G1 axis Naples Tripoli 2 cargo=sp").ok
    assert game.execute("transit add G3 allied Alexandria Gibraltar 2 cargo=sp").ok
    assert game.execute("transit add G4 axis Naples Tripoli 2 cargo=nt").ok
    assert refused(game, "no-shipping axis") == "G1, G4 carries cargo in transit: check it in each sea zone it crosses (33.A; 31.A.8)"


def test_port_field_names_are_every_field_of_a_port() -> None:
    """The fields ``show`` and the tests name, in the Port's order (31.A)."""
    assert port_field_names() == [
        "name", "type", "owner", "harbour", "hex", "sea_zone", "nation", "theatre", "mainland_europe", "inland",
        "naval_base", "trace_ok", "hits", "reduced", "collateral", "destroyed", "rebuilt", "yard_hits", "mines",
        "capacity_used", "he_used", "nts_dedicated", "army_hqs", "intrinsic_used", "sea_route", "supply_zones",
        "supply_route", "doubled"]
