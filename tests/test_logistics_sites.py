"""Seed 002: Airfields ¶1-¶6, Mulberries ¶1-¶3, Destruction ¶1-¶3 (RULINGS L2, L5), through the engine.

Expected values are worked from the seed's text and the Channel Coast map
(the Allies hold columns 1-12, the Axis 13-26), not read from the data file.
"""

from __future__ import annotations

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok, refused, world


def production():
    return at(logistics_game(), PRODUCTION_TURN, "produce")


# ------------------------------------------------------------------- Airfields
def test_airfields_p1_engineer_builds_a_minor_airfield_in_production_for_1_cv() -> None:
    game = production()
    result = ok(game, "airfield 0505")
    field = world(game).airfields["0505"]
    assert (field.owner, field.major) == ("allied", False)
    assert "reduce the Engineer by 1 cv" in result.message
    assert result.explanations[0].value == 1  # one air unit operates from a Minor Airfield (¶2)


def test_airfields_p1_only_in_the_production_phase_of_a_production_turn() -> None:
    game = at(logistics_game(), 1, "produce")  # turn 1 is not a production turn (RULINGS L3)
    refused(game, "airfield 0505", "production turn")
    game = at(logistics_game(), PRODUCTION_TURN, "movement")
    refused(game, "airfield 0505", "not legal")


def test_airfields_p2_upgrade_minor_to_major_two_air_units() -> None:
    game = production()
    ok(game, "upgrade 0506")
    assert world(game).airfields["0506"].major
    assert game.ruleset.explain(game.state, "0506")[-1].value == 2
    refused(game, "upgrade 0506", "already major")
    refused(game, "upgrade 0505", "only an existing minor")


def test_airfields_p3_any_terrain_but_city_or_town() -> None:
    game = production()
    refused(game, "airfield 0302", "city")  # Portsea
    refused(game, "airfield Ferrin", "town")
    ok(game, "airfield 0810")  # forest
    ok(game, "airfield 2406")  # mountain (Axis hex)
    assert world(game).airfields["2406"].owner == "axis"
    assert "stacking" in " ".join(game.ruleset.explain(game.state, "0810")[-1].notes)


def test_airfields_p4_only_major_targeted_two_hits_one_battle_make_it_minor() -> None:
    game = at(logistics_game(), 1, "combat")
    refused(game, "hit airfield 0506", "minor")
    ok(game, "hit airfield 1808")
    assert world(game).airfields["1808"].major
    ok(game, "battle")  # a single hit leaves nothing when the battle ends
    ok(game, "hit airfield 1808")
    assert world(game).airfields["1808"].major
    result = ok(game, "hit airfield 1808")
    assert not world(game).airfields["1808"].major and "Minor" in result.message
    refused(game, "hit airfield 1808", "ever destroyed")  # a Minor Airfield is no target
    assert "1808" in world(game).airfields


def test_airfields_p5_captured_at_once_captor_uses_it_the_following_turn() -> None:
    game = at(logistics_game(), 1, "movement")
    result = ok(game, "capture 1808 allied")
    field = world(game).airfields["1808"]
    assert (field.owner, field.usable_from) == ("allied", 2)
    assert "turn 2" in " ".join(result.details)
    assert game.ruleset.explain(game.state, "1808")[-1].value == 0
    at(game, 2, "initiative")
    assert game.ruleset.explain(game.state, "1808")[-1].value == 2


def test_airfields_p6_not_a_supply_source() -> None:
    game = logistics_game()
    assert any("not a supply source" in n for n in game.ruleset.explain(game.state, "0506")[-1].notes)


# ------------------------------------------------------------------ Mulberries
def test_mulberries_p1_marine_places_a_port_of_capacity_2_in_a_production_turn() -> None:
    game = production()
    result = ok(game, "mulberry 0101")
    assert world(game).mulberries["0101"].owner == "allied"
    assert result.explanations[0].value == 2
    assert "reduce the Marine by 1 cv" in result.message
    refused(game, "mulberry 0101", "already")
    refused(at(logistics_game(), 1, "produce"), "mulberry 0101", "production turn")


def test_mulberries_p1_l7_throughout_a_production_turn_issue21_1() -> None:
    """Issue 21 point 1, RULINGS L7: a Mulberry is established "during a Production Turn" (airfields and bridges say
    "in the Production Phase"): accepted in any segment of a production turn, refused in any other turn."""
    for step, hex_id in (("initiative", "0101"), ("movement", "0201"), ("combat", "0501"), ("production-end", "0401")):
        game = at(logistics_game(), PRODUCTION_TURN, step)
        result = ok(game, f"mulberry {hex_id}")
        assert world(game).mulberries[hex_id].owner == "allied" and "reduce the Marine by 1 cv" in result.message
    for step in ("movement", "combat"):
        refused(at(logistics_game(), 1, step), "mulberry 0101", "production turn", "L7")
    game = at(logistics_game(), PRODUCTION_TURN, "movement")
    refused(game, "airfield 0505", "not legal")  # airfields stay in the Production Phase (Airfields ¶1)


def test_mulberries_p1_l6_only_in_a_coastal_hex() -> None:
    """RULINGS L6 (issue 21, Missing): a Mulberry is a temporary port, "equivalent to Ports": only in a coastal hex (the
    scenario marks the coast). An inland hex is refused, saying why, and changes nothing; the Map does not offer it."""
    game = production()
    assert game.ruleset.tables.mulberries.coastal_only.value is True
    refused(game, "mulberry 0505", "not coastal", "RULINGS L6")
    assert "0505" not in world(game).mulberries
    cells = {c["name"]: c for c in game.ruleset.views["map"](game.state)}
    assert not cells["0505"]["mulberry_placeable"] and cells["0101"]["mulberry_placeable"]
    ok(game, "mulberry 0101")


def test_mulberries_p2_two_hits_in_one_battle_destroy() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit mulberry 1102")
    ok(game, "battle")
    assert "1102" in world(game).mulberries
    ok(game, "hit mulberry 1102 2")
    assert "1102" not in world(game).mulberries


def test_mulberries_p2_captured_no_port_for_the_captor_until_next_turn() -> None:
    game = at(logistics_game(), 1, "movement")
    ok(game, "capture 1102 axis")
    assert world(game).mulberries["1102"].owner == "axis"
    assert game.ruleset.explain(game.state, "1102")[-1].value == 0
    at(game, 2, "initiative")
    assert game.ruleset.explain(game.state, "1102")[-1].value == 2


def test_mulberries_p3_storm_landing_on_it_destroys_it() -> None:
    game = at(logistics_game(), 1, "storm")
    ok(game, "storm-place 1106")
    result = ok(game, "storm 1 4")  # north 4: 1105, 1104, 1103, 1102
    assert world(game).storm == "1102"
    assert "1102" not in world(game).mulberries
    assert any("destroyed" in d for d in result.details)


def test_mulberries_p3_l2_adjacent_destroyed_on_1_to_3() -> None:
    for face, survives in ((3, False), (4, True), (1, False), (6, True)):
        game = at(logistics_game(), 1, "storm")
        ok(game, "storm-place 1106")
        result = ok(game, "storm 1 3")  # to 1103, beside 1102
        assert result.raised == ["mulberry-1102"]
        ok(game, f"answer mulberry-1102 {face}")
        assert ("1102" in world(game).mulberries) is survives


# ----------------------------------------------------------------- Destruction
def test_destruction_p1_roads_are_not_targets() -> None:
    game = at(logistics_game(), 1, "combat")
    refused(game, "hit road 0101", "roads are not")


def test_destruction_p2_l5_two_hits_in_one_battle_destroy_a_bridge() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit bridge 1206-1306")
    ok(game, "battle")
    assert not world(game).crossings["1206-1306"].destroyed  # a single hit leaves nothing (L5)
    ok(game, "hit bridge 1306-1206")
    ok(game, "hit bridge 1206-1306")
    assert world(game).crossings["1206-1306"].destroyed
    markers = game.ruleset.markers(game.state, game.ruleset.sequence)
    assert any(m["marker"] == "Destruction" and m["place"].startswith("1206-1306") for m in markers)
    refused(game, "hit bridge 1206-1306", "already destroyed")


def test_destruction_p2_hits_of_one_combat_phase_end_with_it() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit canal 0510")
    ok(game, "next")  # the combat phase's end ends its battle
    assert world(game).battle == {}
    at(game, 1, "combat")  # the second player's combat
    ok(game, "hit canal 0510")
    assert not world(game).crossings["0510"].destroyed


def test_destruction_p2_p3_canal_rebuilt_by_an_engineer_in_production() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit canal 0510 2")
    assert world(game).crossings["0510"].destroyed
    at(game, PRODUCTION_TURN, "produce")
    result = ok(game, "rebuild canal 0510")
    assert not world(game).crossings["0510"].destroyed
    assert "1 cv" in result.message


def test_destruction_p3_bridge_rebuilt_only_when_both_hexes_are_friendly() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit bridge 1206-1306 2")
    at(game, PRODUCTION_TURN, "produce")
    refused(game, "rebuild bridge 1206-1306 --side allied", "both", "1306 (axis)")
    ok(game, "control 1306 allied")
    ok(game, "rebuild bridge 1206-1306 --side allied")
    assert not world(game).crossings["1206-1306"].destroyed
