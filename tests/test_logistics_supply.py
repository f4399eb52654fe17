"""Issue 21, Missing: cities and towns as air bases for two air units, and the supply reminders the app can give
without units (Airfields ¶2, ¶6; Mulberries ¶1; Destruction ¶2)."""

from __future__ import annotations


from logistics_game import at, logistics_game, ok, world
from msgspec.structs import replace
from tui.rules.logistics.supply import mulberry_reach
from tui.rules.logistics.views import explain, map_rows
from tui.rules.logistics.world import Crossing

GAME = logistics_game()
TABLES = GAME.ruleset.tables


def test_issue21_a_city_or_town_is_an_air_base_for_two_air_units_p2() -> None:
    """Airfields ¶2 ("two Air units from a Major Airfield, same as a City or Town"): in the Map's row and its "why?"."""
    rows = {r["hex"]: r for r in map_rows(GAME.state, TABLES)}
    assert rows["0302"]["air_base"] == 2 and rows["1006"]["air_base"] == 2  # Portsea (city), Ferrin (town)
    assert rows["0505"]["air_base"] == 0
    figure = next(f for f in explain(GAME.state, "Ferrin", TABLES) if f.name.startswith("Air units"))
    assert figure.value == 2 and "Airfields ¶2" in figure.rule


def test_issue21_a_mulberry_supplies_adjacent_hexes_and_on_by_road_mulberries_p1() -> None:
    """Mulberries ¶1: the Mulberry in 1102 reaches its neighbours, then along the coast road to Portsea and beyond."""
    w = world(GAME)
    reach = mulberry_reach(w, "1102")
    near = {w.id(n) for n in w.grid.neighbours(w.at("1102"))}
    assert {h for h in near if not w.is_sea(h)} <= set(reach) and "1100" not in reach  # no sea hex
    assert {"1002", "0704", "0302", "0417"} <= set(reach)  # coast road, then the Allied trunk road
    assert "1306" not in reach  # the Pont Neuf road does not meet it


def test_issue21_a_destroyed_bridge_cuts_the_road_destruction_p2() -> None:
    """Destruction ¶2: a destroyed bridge carries no supply; a road over a river without a bridge neither."""
    w = world(GAME)
    w = replace(w, mulberries={**w.mulberries, "1005": replace(w.mulberries["1102"], hex="1005")})
    assert "1405" in mulberry_reach(w, "1005")  # 1006 -> over the Pont Neuf -> 1306 -> 1405
    cut = replace(w, crossings={**w.crossings, "1206-1306": Crossing("1206-1306", "bridge", ("1206", "1306"), "Pont Neuf", True)})
    assert "1306" not in mulberry_reach(cut, "1005") and "1206" in mulberry_reach(cut, "1005")


def test_issue21_supply_reminders_at_the_movement_of_the_side_that_holds_them() -> None:
    """Airfields ¶6 and Mulberries ¶1: on entering its movement the Allies are reminded of their airfields and Mulberry."""
    game = logistics_game()
    ok(game, "answer initiative 6,6,1,1")  # the Allies win and move first
    at(game, 1, "combat")
    moved = next(e for e in reversed(game.events) if e["summary"].split("; ")[0].endswith("Movement"))
    text = " ".join(moved["details"])
    assert "units on allied's airfields (0506 1007) trace a supply line to a City" in text and "Airfields ¶6" in text
    assert "the Mulberry in 1102 supplies its adjacent hexes and on by road" in text
    assert "axis's airfields" not in text
