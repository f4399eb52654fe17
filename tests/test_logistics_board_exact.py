"""Issue 21, "Your own board", read exactly: the board edits, the scenario file read and written, the save, hexes
and sides by name, under the rules they carry (Factories ¶2, Airfields ¶1 ¶3, Destruction ¶1, Storms ¶4, RULINGS
L3, L6): every refusal word for word and what each edit changes.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from msgspec.structs import replace
import pytest

from logistics_exact import board, board_world, refusal, scenario_raw
from tui.rules.core.errors import DataError
from tui.rules.logistics import board as B
from tui.rules.logistics import sites as X
from tui.rules.logistics.export import chains, world_to_scenario
from tui.rules.logistics.scenario import world_from_scenario
from tui.rules.logistics.world import (Airfield, Crossing, LogisticsWorld, Mulberry, Place, bridge_id,
                                       is_production_turn, link, other, side_of, world_from_data, world_to_data)


def test_sides_by_name_or_a_unique_prefix_l3() -> None:
    """RULINGS L3 (the initiative's winner and loser are the two sides): a side is typed by name or a unique prefix,
    in any case; anything else is refused with the list; the other side of either is the second."""
    sides = ("allied", "axis")
    assert side_of(" Allied ", sides) == "allied" and side_of("axi", sides) == "axis" and side_of("AL", sides) == "allied"
    assert refusal(side_of, "a", sides) == "'a' is not a side (allied, axis)"
    assert refusal(side_of, "neutral", sides) == "'neutral' is not a side (allied, axis)"
    assert refusal(side_of, "", sides) == "'' is not a side (allied, axis)"
    assert side_of("ax", ("ax", "axis")) == "ax"  # an exact name wins over a longer one it begins
    assert (other("allied", sides), other("axis", sides), other("", sides)) == ("axis", "allied", "allied")


def test_a_hex_by_its_place_name_an_exact_name_before_a_longer_one() -> None:
    """Issue 21 (the referee names the board's cities): a hex is typed by id or by the name of its city or town, any
    case, or a unique beginning; a name that begins a longer one is that place, not an ambiguity."""
    w, _ = board()
    assert w.hex("PORTSEA") == "0302" and w.hex("saint") == "1705" and w.hex(" 1309 ") == "1309"
    both = w.with_place(Place("0305", "town", "Port")).with_place(Place("0306", "town", "Portland"))
    assert both.hex("port") == "0305" and both.hex("PORTL") == "0306"
    assert refusal(both.hex, "por") == "'por' could be Portsea (0302), Port (0305), Portland (0306): type more, or the hex id"
    assert refusal(w.hex, "nowhere") == "'nowhere' is neither a hex id (e.g. 1309) nor a city or town on the map"


def test_a_road_link_is_the_same_whichever_end_is_named_first() -> None:
    """Mulberries ¶1 (supply on by road): a road between two hexes is one link, the lower id first."""
    assert link("0303", "0302") == link("0302", "0303") == ("0302", "0303")


def test_issue21_a_scenario_board_reads_every_table() -> None:
    """Issue 21 ("Your own board") with Storms ¶4 (the storm starts where the scenario says), RULINGS L3 (production
    turns), L6 (a land hex beside the sea is coastal), Factories ¶2, Destruction ¶1, Airfields ¶1, Mulberries ¶1."""
    w = world_from_scenario(scenario_raw(), "s.toml", board()[1])
    assert (w.centre, w.storm, w.first, w.storm_roller) == ("0303", "0203", "axis", "allied")
    assert (w.production_every, w.production_from, w.production_turns) == (1, 1, (2, 5))
    assert w.place("0102") == Place("0102", "city", "Port Ash", 2, False, "allied", 0)
    assert w.place("0304") == Place("0304", "town", "Elm", 0, False, "axis", 0)
    assert w.place("0403") == Place("0403", "clear", "", 0, True, "axis", 2)
    assert w.place("0404") == Place("0404", "forest", control="axis") and w.place("0101").terrain == "sea"
    assert w.control("0202") == "axis" and w.control("0201") == "allied"
    assert w.factories == {"0102": {"navy": 1, "army": 0}}
    assert w.rivers == (("0303", "0403"), ("0304", "0404"))
    assert w.roads == (("0102", "0202"), ("0202", "0302"), ("0302", "0303"), ("0202", "0203"))
    assert w.rails == (("0103", "0203"),)
    assert w.crossings == {"0303-0403": Crossing("0303-0403", "bridge", ("0303", "0403"), "Old Bridge", True),
                           "0304-0404": Crossing("0304-0404", "bridge", ("0304", "0404"), "", False),
                           "0502": Crossing("0502", "canal", ("0502",), "", False)}
    assert w.airfields == {"0203": Airfield("0203", "allied", True), "0503": Airfield("0503", "axis", False)}
    assert w.mulberries == {"0202": Mulberry("0202", "axis")}
    plain = world_from_scenario({"map": {"columns": 5, "rows": 4}, "turn": {"first_player": "allied"}}, "s.toml", board()[1])
    assert (plain.centre, plain.storm, plain.storm_roller, plain.production_every) == ("0302", "0302", "axis", 1)


@pytest.mark.parametrize(("change", "where", "problem"), [
    (lambda r: r.pop("map"), "table map", "is missing (columns, rows)"),
    (lambda r: r["map"].update(columns=0), "table map", "a hex grid needs at least one column and one row"),
    (lambda r: r["map"].update(centre="0909"), "table map, key centre", "hex 0909 is off the map (0101 to 0504)"),
    (lambda r: r["map"].update(storm="0600"), "table map, key storm", "hex 0600 is off the map (0101 to 0504)"),
    (lambda r: r.pop("turn"), "table turn", "is missing (first_player)"),
    (lambda r: r["turn"].update(first_player="neutral"), "table turn, key first_player", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["turn"].update(production_every=0), "table turn, key production_every", "must be 1 or more"),
    (lambda r: r["control"][1].update(side="Axis"), "table control, key 1.side", "'Axis' is not a side (allied, axis)"),
    (lambda r: r["control"][0].update(columns=[2, 1]), "table control, key 0.columns", "is [first, last] column"),
    (lambda r: r["control"][0].update(columns=[2]), "table control, key 0.columns", "is [first, last] column"),
    (lambda r: r["areas"][1].update(terrain="city"), "table areas, key 1.terrain",
     "'city' is not an area terrain (clear, forest, marsh, mountain, sea)"),
    (lambda r: r["areas"][1].update(terrain="jungle"), "table areas, key 1.terrain",
     "'jungle' is not an area terrain (clear, forest, marsh, mountain, sea)"),
    (lambda r: r["areas"][0]["hexes"].append("0700"), "table areas, key 0.hexes.2", "hex 0700 is off the map (0101 to 0504)"),
    (lambda r: r["owners"][0].update(side="neutral"), "table owners, key 0.side", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["owners"][0].update(hexes=["0202", "x"]), "table owners, key 0.hexes.1",
     "'x' is not a hex id (column then row, 4 digits, e.g. 0302)"),
    (lambda r: r["hexes"][2].update(terrain="jungle"), "table hexes, key 2.terrain",
     "'jungle' is not a terrain kind (clear, city, town, forest, marsh, mountain, sea)"),
    (lambda r: r["hexes"][2].update(hex="0900"), "table hexes, key 2.hex", "hex 0900 is off the map (0101 to 0504)"),
    (lambda r: r["hexes"][0].update(size=0), "table hexes, key 0.size", "a city needs a size of 1 PP or more (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(size=1), "table hexes, key 1.factories", "factories and a size only in a city (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(factories={"army": 1}), "table hexes, key 1.factories",
     "factories and a size only in a city (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(control="neutral"), "table hexes, key 1.control", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["hexes"][2].update(resource=-1), "table hexes, key 2.resource", "must be 0 or more, not -1"),
    (lambda r: r["hexes"][0].update(factories={"navy": 2, "army": 1}), "table hexes, key 0.factories",
     "Port Ash is a 2 PP city: its factories may total at most 2 PP, not 3 (Factories ¶2)"),
    (lambda r: r["hexes"].append({"hex": "0504", "terrain": "city", "name": "Deep", "size": 1, "factories": {"navy": 1}}),
     "table hexes, key 3.factories", "Deep is not coastal: Navy Factories only in coastal cities (Factories ¶2)"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "0102", "0103"]), "table rivers, key 0.hexsides.2",
     "a hexside is two hex ids"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "0103"]), "table rivers, key 0.hexsides.2",
     "0101 and 0103 are not adjacent: a hexside lies between two adjacent hexes"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "9"]), "table rivers, key 0.hexsides.2",
     "'9' is not a hex id (column then row, 4 digits, e.g. 0302)"),
    (lambda r: r["roads"][1].update(hexes=["0203"]), "table roads, key 1.hexes", "a path is two hexes or more"),
    (lambda r: r["roads"][0]["hexes"].append("0501"), "table roads, key 0.hexes.4",
     "0303 and 0501 are not adjacent: a path goes from hex to adjacent hex"),
    (lambda r: r["rails"][0]["hexes"].append("0000"), "table rails, key 0.hexes.2", "hex 0000 is off the map (0101 to 0504)"),
    (lambda r: r["bridges"][1].update(hexside=["0102", "0202"]), "table bridges, key 1.hexside", "0102-0202 is not a river hexside"),
    (lambda r: r["bridges"][0].update(hexside=["0102", "0104"]), "table bridges, key 0.hexside",
     "0102 and 0104 are not adjacent: a hexside lies between two adjacent hexes"),
    (lambda r: r["canals"][0].update(hex="0506"), "table canals, key 0.hex", "hex 0506 is off the map (0101 to 0504)"),
    (lambda r: r["airfields"][1].update(hex="0201"), "table airfields, key 1.hex", "0201 is a sea hex: airfields stand on land"),
    (lambda r: r["airfields"][1].update(hex="0102"), "table airfields, key 1.hex", "no airfield in a City or Town hex (Airfields ¶3)"),
    (lambda r: r["airfields"][1].update(hex="0304"), "table airfields, key 1.hex", "no airfield in a City or Town hex (Airfields ¶3)"),
    (lambda r: r["airfields"][0].update(owner=""), "table airfields, key 0.owner", "'' is not a side (allied, axis)"),
    (lambda r: r["airfields"][0].update(hex="0600"), "table airfields, key 0.hex", "hex 0600 is off the map (0101 to 0504)"),
    (lambda r: r["mulberries"][0].update(owner="navy"), "table mulberries, key 0.owner", "'navy' is not a side (allied, axis)"),
    (lambda r: r["mulberries"][0].update(hex="0105"), "table mulberries, key 0.hex", "hex 0105 is off the map (0101 to 0504)"),
])
def test_issue21_a_scenario_that_breaks_the_rules_is_refused_naming_table_and_key(change: Any, where: str, problem: str) -> None:
    """Issue 21 (a board another game starts from) under Factories ¶2, Airfields ¶1 ¶3, Destruction ¶1, Storms ¶4 and
    RULINGS L3: a scenario that breaks them is refused with file, table, key and the reason; nothing starts."""
    raw = scenario_raw()
    change(raw)
    with pytest.raises(DataError) as caught:
        world_from_scenario(raw, "s.toml", board()[1])
    assert (caught.value.file, caught.value.where, caught.value.problem) == ("s.toml", where, problem)


def test_issue21_l6_a_scenario_mulberry_stands_on_the_coast() -> None:
    """RULINGS L6 (Mulberries ¶1: "equivalent to Ports"): a Mulberry is placed only in a coastal hex; the scenario's
    own Mulberries are held to it as the ``mulberry`` command is."""
    raw = scenario_raw()
    raw["mulberries"][0]["hex"] = "0304"
    with pytest.raises(DataError) as caught:
        world_from_scenario(raw, "s.toml", board()[1])
    assert (caught.value.where, caught.value.problem) == (
        "table mulberries, key 0.hex",
        "0304 is not coastal: a Mulberry is a port, placed only in a coastal hex (Mulberries ¶1; RULINGS L6)")


EXPORTED = """# Test board: a Logistics board written out by Harbormaster (`show SAVE scenario`).

[scenario]
id = "test-board"
name = "Test board"
ruleset = "logistics"
start = "3"

[map]
columns = 5
rows = 4
first_column = 1
first_row = 1
shifted = "even"
centre = "0303"
storm = "0203"

[turn]
first_player = "axis"
production_every = 1
production_from = 1
production_turns = [2, 5]

[[areas]]
terrain = "sea"
hexes = ["0101", "0201"]

[[areas]]
terrain = "forest"
hexes = ["0404"]

[[hexes]]
hex = "0102"
terrain = "city"
name = "Port Ash"
size = 2
factories = { navy = 1, army = 0 }

[[hexes]]
hex = "0304"
terrain = "town"
name = "Elm"

[[hexes]]
hex = "0403"
terrain = "clear"
coastal = true
resource = 2

[[owners]]
side = "allied"
hexes = ["0101", "0102", "0103", "0104", "0201", "0203", "0204"]

[[owners]]
side = "axis"
hexes = ["0202", "0301", "0302", "0303", "0304", "0401", "0402", "0403", "0404", "0501", "0502", "0503", "0504"]

[[rivers]]
hexsides = [["0303", "0403"], ["0304", "0404"]]

[[roads]]
hexes = ["0102", "0202", "0302", "0303"]

[[roads]]
hexes = ["0202", "0203"]

[[rails]]
hexes = ["0103", "0203"]

[[bridges]]
hexside = ["0303", "0403"]
name = "Old Bridge"
destroyed = true

[[bridges]]
hexside = ["0304", "0404"]

[[canals]]
hex = "0502"

[[airfields]]
hex = "0203"
owner = "allied"
major = true

[[airfields]]
hex = "0503"
owner = "axis"

[[mulberries]]
hex = "0202"
owner = "axis"
"""


def test_issue21_a_board_written_out_as_a_scenario_word_for_word_and_read_back() -> None:
    """Issue 21 ("the result can be written out as a scenario file that another game starts from"): every table of
    the board in TOML, and the file read back gives the same board."""
    t = board()[1]
    w = world_from_scenario(scenario_raw(), "s.toml", t)
    text = world_to_scenario(w, t.sides, "test-board", "Test board", "3")
    assert text == EXPORTED
    again = world_from_scenario(tomllib.loads(text), "s.toml", t)
    assert again == replace(w, places={h: p for h, p in w.places.items()})
    assert 'first_player = "allied"' in world_to_scenario(replace(w, first=""), t.sides)  # before any initiative


def test_issue21_a_board_written_out_starts_a_game_by_new_scenario(tmp_path) -> None:
    """Issue 21 ("a scenario file that another game starts from"): the file ``show SAVE scenario`` writes is read by
    ``new --scenario FILE`` (its form check included: ``[[owners]]`` is a table of the form), giving the same board."""
    from tui.engine.setup import load_scenario_file
    from tui.scenario.docs import schema

    path = tmp_path / "board.toml"
    path.write_text(EXPORTED, encoding="utf-8")
    scenario = load_scenario_file(path)
    t = board()[1]
    assert world_from_scenario(scenario.raw, "board.toml", t) == world_from_scenario(scenario_raw(), "s.toml", t)
    assert "owners" in schema("logistics")["$defs"]["LogisticsScenario"]["properties"]


def test_issue21_roads_are_written_as_paths_each_link_once() -> None:
    """Issue 21 (roads and rail in the map data): the links of a road are joined into paths, a link given twice
    written once, a path grown from either end of the next link."""
    assert chains((("0101", "0102"), ("0102", "0103"), ("0103", "0104"), ("0201", "0202"), ("0102", "0103"))) == [
        ["0101", "0102", "0103", "0104"], ["0201", "0202"]]
    assert chains((("0202", "0203"), ("0102", "0203"))) == [["0202", "0203", "0102"]]
    assert chains(()) == []


def test_issue21_board_edits_refuse_what_the_rules_forbid_word_for_word() -> None:
    """Issue 21 (the Map edits the board) under Factories ¶2 (factories only in a city of their size), Airfields ¶3 (none
    in a City or Town), Airfields ¶1 and L6 (a sea hex holds no airfield or Mulberry), Destruction ¶1 (a bridge crosses
    a river, a canal is dug on land): each refused edit says why and changes nothing."""
    w, t = board_world(), board()[1]
    two = replace(w, factories={"0102": {"navy": 1, "army": 1}})
    cases = [
        (B.set_terrain, (w, "0103", "city", t),
         "'city' is not a terrain (clear, forest, marsh, mountain, sea; a city or town: hex HEX city NAME SIZE)"),
        (B.set_terrain, (w, "0404", "forest", t), "0404 is already forest"),
        (B.set_terrain, (w, "0102", "sea", t), "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_terrain, (w, "0102", "forest", t), "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_terrain, (w, "0203", "sea", t), "0203 has an airfield: a sea hex holds none"),
        (B.set_terrain, (w, "0202", "sea", t), "0202 has a Mulberry: a sea hex holds none"),
        (B.set_place, (w, "0203", "town", "Ash", 0), "0203 has an airfield: no airfield in a City or Town hex (Airfields ¶3)"),
        (B.set_place, (w, "0103", "town", "  ", 0), "a town needs a name"),
        (B.set_place, (w, "0103", "city", "X", 0), "a city needs a size of 1 PP or more (Factories ¶2)"),
        (B.set_place, (two, "0102", "city", "Port Ash", 1),
         "Port Ash (0102)'s factories total 2 PP: a size of 1 PP is too small (Factories ¶2)"),
        (B.set_place, (two, "0102", "town", "Port Ash", 0),
         "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_flag, (w, "0403", "coastal", True), "0403: coastal is already True"),
        (B.set_flag, (w, "0101", "resource", 1), "0101 is a sea hex: make it land first (hex 0101 terrain clear)"),
        (B.other_end, (w, "0101", "n"), "N of 0101 is off the map"),
        (B.other_end, (w, "0101", "0103"), "0101 and 0103 are not adjacent: a link goes between adjacent hexes"),
        (B.path, (w, ["0101"]), "a path is a hex and at least one more (an adjacent hex id or a direction: N NE SE S SW NW)"),
        (B.set_links, (w, "road", ["0102", "0202"], False), "already a road between 0102 and 0202"),
        (B.set_links, (w, "road", ["0103", "0104"], True), "no road between 0103 and 0104"),
        (B.set_links, (w, "rail", ["0202", "0201"], False), "a rail runs on land: 0201 is a sea hex"),
        (B.set_links, (w, "rail", ["0101", "0201"], False), "a rail runs on land: 0101 or 0201 is a sea hex"),
        (B.set_river, (w, "0403", "0303", False), "already a river on hexside 0303-0403"),
        (B.set_river, (w, "0101", "0102", True), "no river on hexside 0101-0102"),
        (B.set_river, (w, "0303", "0403", True), "the bridge 0303-0403 crosses it: remove the bridge first (bridge 0303 0403 --remove)"),
        (B.set_crossing, (w, "bridge", ("0102", "0202"), "", True), "no bridge at 0102-0202"),
        (B.set_crossing, (w, "canal", ("0303",), "", True), "no canal at 0303"),
        (B.set_crossing, (w, "canal", ("0502",), "", False), "already a canal at 0502"),
        (B.set_crossing, (w, "bridge", ("0403", "0303"), "", False), "already a bridge at 0303-0403"),
        (B.set_crossing, (w, "bridge", ("0102", "0202"), "", False),
         "0102-0202 is not a river hexside: a bridge crosses a river (river 0102 0202 first)"),
        (B.set_crossing, (w, "canal", ("0101",), "", False), "0101 is a sea hex: a canal is dug on land"),
    ]
    for call, args, message in cases:
        assert refusal(call, *args) == message, call.__name__


def test_issue21_board_edits_change_the_hex_and_nothing_else() -> None:
    """Issue 21: terrain, a city (Factories ¶2: its size holds its factories), a flag, roads by id or direction, a
    river and a bridge over it (Destruction ¶1), a canal; each taken back again."""
    w, t = board_world(), board()[1]
    assert B.set_terrain(w, "0403", "sea", t).place("0403") == Place("0403", "sea")  # name, coast, owner and resource go
    assert B.set_terrain(w, "0304", "marsh", t).place("0304") == Place("0304", "marsh", "", 0, False, "axis", 0)
    city = B.set_place(w, "0103", "city", " New Ash ", 2).place("0103")
    assert city == Place("0103", "city", "New Ash", 2, False, "allied", 0)
    assert B.set_place(replace(w, factories={}), "0102", "town", "Ashby", 5).place("0102") == \
        Place("0102", "town", "Ashby", 0, False, "allied", 0)
    assert B.set_place(w, "0102", "city", "Port Ash", 1).place("0102").size == 1  # its 1 PP of factories fit
    assert B.set_flag(w, "0103", "resource", 3).place("0103").resource == 3
    assert B.other_end(w, "0102", "s") == "0103" and B.other_end(w, "0102", " 0202 ") == "0202"
    assert B.path(w, ["0103", "ne", "0203"]) == ["0103", "0202", "0203"]
    laid = B.set_links(w, "road", ["0104", "0103", "0203"], False)
    assert laid.roads == (*w.roads, ("0103", "0104"), ("0103", "0203"))
    assert B.set_links(laid, "road", ["0203", "0103"], True).roads == (*w.roads, ("0103", "0104"))
    assert B.set_links(w, "rail", ["0203", "0103"], True).rails == ()
    river = B.set_river(w, "0102", "0202", False)
    assert river.rivers == (*w.rivers, ("0102", "0202"))
    bridged = B.set_crossing(river, "bridge", ("0202", "0102"), "Ash Bridge", False)
    assert bridged.crossings["0102-0202"] == Crossing("0102-0202", "bridge", ("0102", "0202"), "Ash Bridge")
    assert B.set_crossing(bridged, "bridge", ("0102", "0202"), "", True).crossings == w.crossings
    assert B.set_river(river, "0202", "0102", True).rivers == w.rivers
    assert B.set_crossing(w, "canal", ("0103",), "Cut", False).crossings["0103"] == Crossing("0103", "canal", ("0103",), "Cut")
    assert "0502" not in B.set_crossing(w, "canal", ("0502",), "", True).crossings


def test_issue21_a_smaller_board_drops_what_stands_off_it_a_blank_one_keeps_the_turn() -> None:
    """Issue 21 (map sizes of real boards) with Storms ¶4 (the storm starts at the centre; one off the board restarts
    there): resizing keeps what is still on the board; a blank board keeps only the order of play (RULINGS L3)."""
    w = replace(board_world(), storm="0403")
    small_board = B.resize(w, 3, 3)
    assert (small_board.grid.columns, small_board.grid.rows, small_board.centre, small_board.storm) == (3, 3, "0202", "0202")
    assert sorted(small_board.places) == [h for h in sorted(w.places) if int(h[:2]) <= 3 and int(h[2:]) <= 3]
    assert small_board.rivers == () and small_board.crossings == {}
    assert small_board.roads == w.roads and small_board.rails == w.rails
    assert small_board.airfields == {"0203": w.airfields["0203"]} and small_board.mulberries == w.mulberries
    assert small_board.factories == w.factories
    assert B.resize(replace(w, storm="0203"), 3, 3).storm == "0203"
    cut = B.resize(w, 5, 2)
    assert cut.roads == (("0102", "0202"), ("0202", "0302")) and cut.rails == () and cut.mulberries == w.mulberries
    assert cut.factories == w.factories and cut.airfields == {}
    blank = B.empty(replace(w, serial=7), 4, 6)
    assert blank == LogisticsWorld(grid=replace(w.grid, columns=4, rows=6), centre=blank.centre, storm=blank.centre,
                                   first="axis", storm_roller="allied", production_every=1, production_from=1,
                                   production_turns=(2, 5), serial=7)
    assert blank.centre == blank.grid.hex_id(blank.grid.centre())


def test_a_save_keeps_every_rule_state_and_an_older_save_reads_with_the_defaults() -> None:
    """The save holds every state the rules need from turn to turn: hits in the battle (RULINGS L5), captured markers'
    turns (Airfields ¶5, Mulberries ¶2), production, exchanges, resources and growth choices (Factories ¶3, ¶6, ¶7),
    the storm's move and roller (Storms ¶4), production turns (L3); a save of a version before roads, rails and these
    fields reads with none of them."""
    w, t = board()
    w, _ = X.capture(w, "1808", "allied", 3, t)
    w, _ = X.capture(w, "1102", "axis", 3, t)
    w, _ = X.hit(w, "canal", "0510", 1, t)
    w, _ = X.hit(w, "bridge", "1213-1313", 2, t)
    w = replace(w, storm="1103", first="axis", storm_roller="allied", initiative=(9, 4), storm_move="1309 → NW 2 → 1103",
                storm_turn=3, production_every=3, production_from=2, production_turns=(2, 7), produced=("0302",),
                exchanged=("0608",), resources={"0417": ("army", 2)}, growth_to={"1602": "navy"}, grown=True, serial=12)
    data = world_to_data(w)
    assert json.loads(json.dumps(data)) == data  # plain JSON
    assert world_from_data(data) == w
    assert "grown" not in world_to_data(replace(w, grown=False))
    old = {"grid": data["grid"], "centre": "1309"}
    assert world_from_data(old) == LogisticsWorld(grid=w.grid, centre="1309")


def test_l3_production_turns_every_nth_from_a_turn_or_listed() -> None:
    """RULINGS L3 ("Which game turns are production turns is a scenario value (default: every turn)"): every 2nd turn
    from turn 2 on the Channel Coast; every 3rd from 2; a list of turns overrides both; every 0 reads as every turn."""
    w, _ = board()
    assert [n for n in range(1, 9) if is_production_turn(w, n)] == [2, 4, 6, 8]
    assert [n for n in range(1, 12) if is_production_turn(replace(w, production_every=3, production_from=2), n)] == [2, 5, 8, 11]
    assert [n for n in range(1, 9) if is_production_turn(replace(w, production_turns=(1, 5)), n)] == [1, 5]
    assert [n for n in range(1, 5) if is_production_turn(replace(w, production_every=0, production_from=1), n)] == [1, 2, 3, 4]


def test_hexes_labels_coasts_and_links_on_the_channel_coast() -> None:
    """RULINGS L6 (a coastal hex is land beside the sea; the sea itself is not coastal), Destruction ¶1 (a bridge is
    the hexside of its two hexes, lower id first), Mulberries ¶1 (roads lead from a hex to its linked neighbours)."""
    w, _ = board()
    assert (w.coastal("0100"), w.coastal("0302"), w.coastal("0505")) == (False, True, False)
    assert bridge_id("1306", "1206") == "1206-1306"
    assert (w.label("0302"), w.label("0303")) == ("Portsea (0302)", "0303")
    assert w.linked("0302", w.roads) == ["0303", "0402"] and w.linked("0302", w.rails) == ["0303"]
    assert [p.hex for p in w.cities()] == ["0302", "0417", "0608", "0704", "0914", "1103", "1413", "1602", "1909", "2117",
                                           "2314", "2503"]
    assert refusal(w.hex, "9999") == "hex 9999 is off the map (0100 to 2618)"


def test_issue21_show_scenario_writes_my_board_from_turn_1() -> None:
    """Issue 21 (``show SAVE scenario``): without names given, the file is the scenario "my-board", "My board", that a
    new game starts at turn 1."""
    t = board()[1]
    text = world_to_scenario(board_world(), t.sides)
    assert text.splitlines()[:7] == [
        "# My board: a Logistics board written out by Harbormaster (`show SAVE scenario`).", "", "[scenario]",
        'id = "my-board"', 'name = "My board"', 'ruleset = "logistics"', 'start = "1"']
