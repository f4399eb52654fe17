"""The sea effects of the Europa turn sequence and the interference answer, exactly (``tui/rules/europa/sea_rules.py``):
who moves in a reaction phase, a modifier from the history added to the roll, the Axis declining, and the bombing hits
that end with the Allied player turn.

Rules: ``000_fc2911a77a0e7562.txt`` 31.A.8 (off-map ports: groups in transit move one naval movement step in their
side's naval movement); ``003_5744b160e91bc227.txt`` 33.B.2.b (Italian naval interference: 1d6 on the SUCCESS TABLE
with the cumulative modifiers of Table 1, "+2 if a Great Success result has been achieved during the previous four
turns"; the attempt is the Axis player's), 33.B.7 d) (bombing hits on the interdiction zone last the turn); RULINGS E22
(the SUCCESS TABLE: 3 F, 4-5 S, 6+ S*).
"""

from __future__ import annotations

from tests.conftest import fixed_clock
from tests.test_europa_exact_sea_rules_mut import ALLIED, AXIS, goto, new_game
from tui.paths import data_dir
from tui.session import memory_game


def test_31A8_groups_in_transit_step_in_their_own_sides_naval_movement_reaction_included() -> None:
    """The Axis group steps in the Axis initial and exploitation movement; the Allied group in the reaction phase of the
    Axis player turn, where the Allies move (the segment's acting side is the other one)."""
    game = memory_game(data_dir(), "europa", None, seed=1, clock=fixed_clock)
    assert game.execute("transit add G1 allied Gibraltar Malta 3").ok
    assert game.execute("transit add G2 axis Naples Tripoli 3").ok
    steps = []
    while game.segment.key != ALLIED:
        r = game.execute("next --force")
        assert r.ok
        steps += [(game.segment.key, d) for d in r.details if "towards" in d]
    assert steps == [("axis-turn/initial/initial-movement", "G2: step 1 of 3 towards Tripoli (31.A.8)"),
                     ("axis-turn/reaction/reaction-movement", "G1: step 1 of 3 towards Malta (31.A.8)"),
                     ("axis-turn/exploitation/exploitation-movement", "G2: step 2 of 3 towards Tripoli (31.A.8)")]


def test_33B2b_a_great_success_last_turn_adds_2_to_the_roll() -> None:
    """Turn 1: S* taken from the real table. Turn 2: 1d6 3 + 2 = 5, a Success (E22), recorded with its total."""
    game = new_game()
    assert game.execute("interfere eastern S*").ok
    goto(game, AXIS)
    goto(game, ALLIED)
    r = game.execute("answer interference:eastern 3")
    assert r.message == ("Italian naval interference, Eastern Mediterranean and Aegean Sea: S Success — partial "
                         "interference (33.B.2.b)")
    assert r.details[:2] == ["Italian naval interference, Eastern Mediterranean and Aegean Sea: 1d6 = 3 = 3 (typed)",
                             "SUCCESS TABLE: 1d6 3 +2 = 5 → S (RULINGS E22)"]
    assert [(e.name, e.value) for e in r.explanations] == [
        ("Italian naval interference modifier (Eastern Mediterranean and Aegean Sea)", 2)]
    last = game.state.world.sea.interference[-1]
    assert (last.area, last.result, last.total, last.modifier) == ("eastern", "S", 5, 2)
    assert game.events[-1]["actor"] == "axis"


def test_33B2b_the_axis_may_answer_no() -> None:
    game = new_game()
    r = game.execute("answer interference:eastern no")
    assert r.message == ("The Axis makes no Italian naval interference attempt in the Eastern Mediterranean and Aegean "
                         "Sea this turn (33.B.2.b)")
    assert game.state.world.sea.interference[-1].result == "declined"
    assert game.events[-1]["actor"] == "axis"


def test_33B7d_bombing_hits_end_with_the_allied_player_turn() -> None:
    game = new_game("capture Crete ports allied")
    assert game.execute("answer interdiction-zone tight").ok
    assert game.execute("interdict bomb 2").message == (
        "Interdiction zone bombed: 2 hit(s); Axis NSN in the zone 10 this turn (33.B.7 d))")
    assert game.state.world.sea.iz.hits == 2
    said = []
    while game.segment.key != AXIS:
        said += game.execute("next --force").details
    assert "Bombing hits on the interdiction zone end with the turn (33.B.7 d))" in said
    iz = game.state.world.sea.iz
    assert (iz.kind, iz.hits) == ("tight", 0)
