"""Seed 002: Storms ¶2-¶4 (RULINGS L1) and the turn (RULINGS L3): initiative, the storm's move, production turns.

Storm paths are worked by hand on the printed map (even columns half a hex
lower): from 1309, NE goes 1408, 1508, 1607.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok, refused, world
from tui.rules.logistics import storm as S

GAME = logistics_game()
TABLES = GAME.ruleset.tables
START = GAME.state.world


def test_storm_starts_at_the_centre_p4() -> None:
    assert START.storm == START.centre == "1309"


def test_storm_area_is_7_hexes_fewer_at_the_edge_p2_l1() -> None:
    assert S.storm_area(START, TABLES) == ["1208", "1209", "1308", "1309", "1310", "1408", "1409"]
    assert sorted(S.storm_area(START, TABLES, "0100")) == ["0100", "0101", "0200"]  # the map corner is the sea row 0 now


def test_storm_moves_direction_then_distance_p4_l1() -> None:
    game = at(logistics_game(), 1, "storm")
    result = ok(game, "answer storm 2,3")  # NE 3
    assert world(game).storm == "1607"
    assert "NE" in result.message and "1607" in result.message


def test_direction_die_1_is_north_then_clockwise_l1() -> None:
    ends = {}
    for face in range(1, 7):
        ends[face] = S.move(START, face, 1, TABLES).end
    assert ends == {1: "1308", 2: "1408", 3: "1409", 4: "1310", 5: "1209", 6: "1208"}


def test_storm_off_the_map_restarts_at_the_centre_p4_l1() -> None:
    game = at(logistics_game(), 1, "storm")
    ok(game, "storm-place 1302")
    result = ok(game, "storm 1 3")  # north from row 2: off the map after one hex
    assert world(game).storm == "1309"
    assert "restarts at the centre" in result.message


def test_the_initiative_loser_rolls_once_a_turn_p4_l3() -> None:
    game = logistics_game()
    ok(game, "answer initiative 1,2,6,6")  # allied 3, axis 12
    assert (world(game).first, world(game).storm_roller) == ("axis", "allied")
    at(game, 1, "storm")
    ok(game, "storm 4 2")
    assert game.events[-1]["actor"] == "allied"
    refused(game, "storm 4 2", "already moved")
    assert game.state.pending_prompt("storm") is None  # the storm verb answered the prompt


def test_initiative_ties_are_rolled_again_l3() -> None:
    game = logistics_game()
    result = ok(game, "answer initiative 3,4,5,2")
    assert result.raised == ["initiative-1"]
    ok(game, "answer initiative-1 6,5,1,1")
    assert world(game).first == "allied"
    assert world(game).initiative == (11, 2)


def test_the_winner_moves_first_and_the_sequence_follows_l3() -> None:
    game = logistics_game()
    ok(game, "answer initiative 1,1,2,2")
    at(game, 1, "movement")
    assert game.phasing_side == "axis"
    ok(game, "next")
    ok(game, "next")
    assert game.phasing_side == "allied"


def test_movement_segments_remind_the_storm_area_p2() -> None:
    game = at(logistics_game(), 1, "combat")
    # the summary's head is where the game went; what leaving undone recorded follows it (issue 22 point 9)
    entry = next(e for e in reversed(game.events) if e["summary"].split("; ")[0].endswith("Movement"))
    text = " ".join(entry["details"])
    assert "Storm at 1309" in text and "cannot move" in text


def test_issue21_the_retreat_into_the_storm_loss_is_reminded_at_combat_not_movement_p2() -> None:
    """Issue 21, Missing: the automatic 1 cv loss of a retreat into the storm area is reminded where retreats happen."""
    game = at(logistics_game(), 1, "movement")
    ok(game, "next")
    moved = next(e for e in reversed(game.events) if e["summary"].split("; ")[0].endswith("Movement"))
    combat = game.events[-1]
    assert "Combat" in combat["summary"]
    assert not any("retreat" in d for d in moved["details"])
    assert any("retreating into its area" in d and "1 cv" in d and "Storms ¶2" in d for d in combat["details"])


def test_production_in_a_storm_city_continues_p3() -> None:
    game = at(logistics_game(), PRODUCTION_TURN, "produce")
    ok(game, "storm-place Rouvel")
    ok(game, "produce Rouvel army army")
    assert "1909" in world(game).produced


def test_production_turns_are_a_scenario_value_l3() -> None:
    game = logistics_game()
    assert [t for t in range(1, 7) if game.ruleset.conditions["production-turn"](game.state.with_flow(turn=t), game.segment)] == [2, 4, 6]


def test_storm_dice_typed_are_checked() -> None:
    game = at(logistics_game(), 1, "storm")
    refused(game, "storm 7 2", "direction die")
    refused(game, "storm 2 0", "distance die")
    refused(game, "storm 2", "usage")


# ------------------------------------------------------------------ properties
on_map = st.builds(lambda c, r: START.grid.hex_id(START.grid.at(c, r)), st.integers(1, 26), st.integers(1, 18))


@settings(max_examples=300)
@given(on_map, st.integers(1, 6), st.integers(1, 6))
def test_storm_always_ends_on_the_map(start: str, face: int, distance: int) -> None:
    sm = S.move(replace(START, storm=start), face, distance, TABLES)
    assert START.grid.on_map(START.grid.parse(sm.end))


@settings(max_examples=300)
@given(on_map, st.integers(1, 6), st.integers(1, 6))
def test_off_the_map_restarts_exactly_at_the_centre(start: str, face: int, distance: int) -> None:
    w = replace(START, storm=start)
    sm = S.move(w, face, distance, TABLES)
    straight = w.at(start).step(TABLES.storm.directions.value[face - 1], distance)
    if w.grid.on_map(straight):
        assert not sm.restarted and sm.end == w.id(straight)
        assert w.at(start).distance(w.at(sm.end)) == distance
    else:
        assert sm.restarted and sm.end == w.centre == "1309"


@given(on_map)
def test_storm_area_never_more_than_7_hexes_all_on_the_map(at_hex: str) -> None:
    area = S.storm_area(START, TABLES, at_hex)
    assert 3 <= len(area) <= 7 and at_hex in area
    assert all(START.grid.on_map(START.grid.parse(h)) for h in area)
