"""The Logistics board's map data (issue 21, Missing and "Your own board"): sea hexes, coasts derived from them, roads
and railways in the scenario, the save and the Map's rows; a world saved before them loads with none."""

from __future__ import annotations

from typing import Any

import pytest

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok, refused, world
from tui.rules.core.errors import DataError
from tui.rules.logistics.scenario import world_from_scenario
from tui.rules.logistics.views import content, map_rows
from tui.rules.logistics.world import world_from_data, world_to_data

GAME = logistics_game()
TABLES = GAME.ruleset.tables


def small(**extra: Any) -> dict[str, Any]:
    """A 6x5 scenario: row 1 is sea, then whatever ``extra`` adds."""
    raw: dict[str, Any] = {"map": {"columns": 6, "rows": 5}, "turn": {"first_player": "allied"},
                           "areas": [{"terrain": "sea", "hexes": ["0101", "0201", "0301", "0401", "0501", "0601"]}]}
    raw.update(extra)
    return raw


def test_issue21_a_land_hex_next_to_the_sea_is_coastal_the_sea_and_inland_hexes_are_not() -> None:
    """Issue 21 / RULINGS L6: a coastal hex is a land hex next to a sea hex, derived from the map."""
    w = world_from_scenario(small(), "s.toml", TABLES)
    assert w.is_sea("0101") and not w.coastal("0101")
    assert w.coastal("0102") and w.coastal("0202")
    assert not w.coastal("0104") and not w.coastal("0303")


def test_issue21_the_explicit_coastal_flag_of_a_map_without_sea_still_counts() -> None:
    """Issue 21: an older scenario or save with ``coastal = true`` and no sea keeps its coast."""
    raw = {"map": {"columns": 4, "rows": 4}, "turn": {"first_player": "allied"},
           "areas": [{"terrain": "clear", "coastal": True, "hexes": ["0101"]}]}
    w = world_from_scenario(raw, "s.toml", TABLES)
    assert w.coastal("0101") and not w.coastal("0102")


def test_issue21_a_navy_factory_needs_a_city_beside_the_sea() -> None:
    """Factories ¶2 on a derived coast: beside the sea accepted, inland refused with the file, table and key."""
    coast = {"hex": "0302", "terrain": "city", "name": "Port", "size": 2, "factories": {"navy": 1}}
    w = world_from_scenario(small(hexes=[coast]), "s.toml", TABLES)
    assert w.factories["0302"] == {"navy": 1}
    with pytest.raises(DataError) as err:
        world_from_scenario(small(hexes=[{**coast, "hex": "0304"}]), "s.toml", TABLES)
    assert "table hexes, key 0.factories" in err.value.where and "coastal" in str(err.value)


def test_issue21_roads_and_railways_are_paths_of_adjacent_hexes() -> None:
    """Issue 21, Missing: roads (and rail) in the map data; a path that jumps a hex is refused naming the key."""
    w = world_from_scenario(small(roads=[{"hexes": ["0102", "0202", "0302"]}], rails=[{"hexes": ["0103", "0104"]}]), "s.toml", TABLES)
    assert w.roads == (("0102", "0202"), ("0202", "0302"))
    assert w.rails == (("0103", "0104"),)
    assert w.linked("0202", w.roads) == ["0102", "0302"]
    with pytest.raises(DataError) as err:
        world_from_scenario(small(roads=[{"hexes": ["0102", "0402"]}]), "s.toml", TABLES)
    assert "table roads, key 0.hexes.1" in err.value.where and "not adjacent" in str(err.value)


def test_issue21_no_airfield_on_a_sea_hex() -> None:
    """Airfields ¶1: an Engineer builds in its own (land) hex; a sea hex is refused, in the scenario and by the verb."""
    with pytest.raises(DataError):
        world_from_scenario(small(airfields=[{"hex": "0101", "owner": "allied"}]), "s.toml", TABLES)
    game = at(logistics_game(), PRODUCTION_TURN, "produce")
    refused(game, "airfield 0500 --side allied", "sea hex")


def test_issue21_channel_coast_has_a_sea_row_roads_a_railway_and_coasts_from_them() -> None:
    """The bundled scenario: row 0 is the sea, its coastal cities are coastal by the sea, not by a flag."""
    w = world(GAME)
    assert all(w.is_sea(f"{c:02d}00") for c in range(1, 27))
    assert all(not p.coastal for p in w.places.values())  # no hand-set flag left
    coastal = {p.name for p in w.cities() if w.coastal(p.hex)}
    assert coastal == {"Portsea", "Dunmore", "Wexham", "Calvade", "Ostmark"}
    assert ("1206", "1306") in w.roads and ("1209", "1310") in w.rails  # over the Pont Neuf and the Tollbridge
    ok(at(logistics_game(), PRODUCTION_TURN, "movement"), "mulberry 0101")
    refused(at(logistics_game(), PRODUCTION_TURN, "movement"), "mulberry 0100 --side allied", "not coastal")


def test_issue21_the_map_rows_and_drawing_show_the_sea_and_roads() -> None:
    """The Map's rows carry sea, roads and railways; the drawing shows ~~~~ at sea, + on a road, # on a railway."""
    rows = {r["hex"]: r for r in map_rows(GAME.state, TABLES)}
    assert rows["0100"]["sea"] and not rows["0101"]["sea"] and rows["0101"]["coastal"]
    assert rows["1206"]["roads"] == ["1106", "1306"] and rows["1209"]["rails"] == ["1109", "1310"]
    w = world(GAME)
    assert content(w, "0100") == "~~~~" and content(w, "1106")[2] == "+" and content(w, "1209")[2] == "#"


def test_issue21_a_world_saved_without_roads_loads_with_none_and_round_trips() -> None:
    """Old saves: a world written before roads and railways loads with none; a new one keeps them."""
    data = world_to_data(world(GAME))
    again = world_from_data(data)
    assert again.roads == world(GAME).roads and again.rails == world(GAME).rails
    old = {k: v for k, v in data.items() if k not in ("roads", "rails")}
    assert world_from_data(old).roads == () and world_from_data(old).rails == ()


def test_issue21_the_plain_text_map_puts_no_symbol_on_the_line_of_a_neighbours_number() -> None:
    """Issue 21: "a hex's symbol must not sit on the line of its neighbour's number" (`/0908\\___A/1108\\` read as 0908's
    airfield, it is 1007's). In the large drawing a line holding a hex's id holds only edges of other hexes."""
    from tui.rules.core.hexart import draw_large
    from tui.rules.logistics.views import edges, glyph_line, name_line

    w = world(GAME)
    hexes = [w.id(h) for h in w.grid.hexes()]
    canvas = draw_large(w.grid, {h: glyph_line(w, h) for h in hexes}, {h: name_line(w, h) for h in hexes}, edges(w))
    for line in canvas:
        ids = {c.hex for c in line if c.role == "id"}
        assert all(c.role != "body" or c.hex in ids for c in line) if ids else True
    text = "\n".join("".join(c.char for c in line) for line in canvas)
    assert "/  1007  \\" in text and " A " not in [ln for ln in text.splitlines() if "0908" in ln][0]
    row = next(i for i, line in enumerate(canvas) if any(c.hex == "1007" and c.role == "id" for c in line))
    assert any(c.hex == "1007" and c.char == "A" for c in canvas[row + 1])  # its own glyph line, under its id


def test_issue21_show_map_prints_coordinates_along_the_edges() -> None:
    """Issue 21: coordinates along the edges as on a paper map: column numbers above and below, row numbers beside."""
    from tui.rules.logistics.views import map_text

    lines = map_text(GAME.state, TABLES).splitlines()
    head = lines[1]
    assert head.split() == [f"{c:02d}" for c in range(1, 27)] and lines[-2].split() == head.split()
    assert any(line.startswith("00 /  0100  \\") for line in lines) and any(line.startswith("18 ") for line in lines)
    assert any(line.rstrip().endswith(" 18") and "2618" in line for line in lines)
