"""What the Logistics Map, Factories table and "why?" show (seed 002 through issue 21), exactly: each hex's row and
drawing, the map's row with the storm, a hex's figures, the plain-text map.
"""

from __future__ import annotations

from typing import Any

from logistics_exact import board, state_with
from msgspec.structs import replace
from tui.rules.logistics import sites as X
from tui.rules.logistics import views as V
from tui.rules.logistics.world import Airfield, Place


def _played() -> Any:
    """Turn 3: Allied 1808 taken with its Major Airfield, Pont Neuf and the Royal Canal destroyed, the storm moved onto
    Wexham (1103)."""
    w, t = board()
    w, _ = X.capture(w, "1808", "allied", 3, t)
    w, _ = X.hit(w, "bridge", "1206-1306", 2, t)
    w, _ = X.hit(w, "canal", "0510", 2, t)
    return state_with(replace(w, storm="1103", storm_move="1309 → NW 2 → 1103"), 3)


def _row(**changed: Any) -> dict[str, Any]:
    """A map row of a plain clear hex nobody has touched, with ``changed`` keys."""
    plain = {"low": False, "terrain": "clear", "place": "", "size": 0, "coastal": False, "owner": "allied", "storm": "",
             "airfield": "", "airfield_owner": "", "airfield_usable": False, "airfield_major": "", "airfield_major_why": "", "mulberry": "", "mulberry_usable": False,
             "factories": {}, "canal": "", "bridges": [], "bridge": "", "bridge_intact": "", "bridge_destroyed": "",
             "canal_destroyed": False, "airfield_buildable": True, "airfield_minor": False, "mulberry_placeable": False,
             "sea": False, "air_base": 0, "roads": [], "rails": [], "edges": {}, "content": "    ", "label": "", "glyphs": "",
             "resource": 0}
    return {**plain, **changed}


def test_map_rows_say_what_each_hex_holds_and_what_can_be_done_there() -> None:
    """What the Map shows of a hex: a city under the storm (Storms ¶2, ¶3) bases 2 air units (Airfields ¶2) and takes a
    Mulberry on the coast (L6); a captured Major Airfield not yet usable (Airfields ¶5); a Mulberry in the storm area
    (Mulberries ¶1); a destroyed bridge and canal (Destruction ¶2); a town on the railway; a sea hex."""
    rows = {r["name"]: r for r in V.map_rows(_played(), board()[1])}
    assert rows["1103"] == _row(name="1103", hex="1103", column=11, row=3, terrain="city", place="Wexham", size=1,
                                coastal=True, storm="storm", airfield_buildable=False, mulberry_placeable=True, air_base=2,
                                roads=["1002"], content="@1+ ", label="Wexham", glyphs="@1+")
    assert rows["1808"] == _row(name="1808", hex="1808", column=18, row=8, low=True, airfield="major", airfield_major="major",
                                airfield_owner="allied", airfield_buildable=False, roads=["1708", "1909"],
                                rails=["1708", "1909"], content="  #A", glyphs="#A")
    assert rows["1102"] == _row(name="1102", hex="1102", column=11, row=2, coastal=True, storm="area", mulberry="allied",
                                mulberry_usable=True, content="   M", glyphs="M")
    assert rows["1206"] == _row(name="1206", hex="1206", column=12, row=6, low=True,
                                bridges=[{"id": "1206-1306", "name": "Pont Neuf", "destroyed": True}], bridge="1206-1306",
                                bridge_destroyed="1206-1306", roads=["1106", "1306"],
                                edges={"NE": ["bridge-destroyed", "x"], "SE": ["river", "~"]}, content="  + ", glyphs="+")
    assert rows["1209"]["bridge_intact"] == "1209-1310" and rows["1209"]["edges"]["SE"] == ["bridge", "="]
    assert rows["0510"] == _row(name="0510", hex="0510", column=5, row=10, canal="destroyed", canal_destroyed=True,
                                content="  X ", glyphs="X")
    assert rows["1704"]["canal"] == "canal" and rows["1704"]["content"][2] == "≈"
    assert rows["1006"] == _row(name="1006", hex="1006", column=10, row=6, low=True, terrain="town", place="Ferrin",
                                airfield_buildable=False, air_base=2, roads=["1106"], rails=["0907", "1007"],
                                content="○ # ", label="Ferrin", glyphs="○#")
    assert rows["0506"]["airfield_minor"] is True and rows["0506"]["airfield_usable"] is True
    assert rows["0506"]["airfield_major"] == "" and rows["0506"]["airfield_major_why"] == (
        "its airfield is Minor: only Major Airfields are targets (Airfields ¶4)")
    assert rows["0302"]["factories"] == {"navy": 2, "air": 1} and rows["0302"]["glyphs"] == "●3F#"
    assert rows["2406"]["content"] == "^   "


def test_issue21_the_map_offers_no_airfield_on_a_sea_hex_airfields_p1() -> None:
    """Airfields ¶1: an Engineer builds the airfield in its own (land) hex, and ``airfield`` refuses a sea hex; the Map
    must not offer it there either."""
    rows = {r["name"]: r for r in V.map_rows(_played(), board()[1])}
    assert rows["0100"] == _row(name="0100", hex="0100", column=1, row=0, terrain="sea", sea=True, airfield_buildable=False,
                                content="~~~~", label="~ ~ ~ ", glyphs=" ~ ~ ~ ~")


def test_map_grid_row_carries_the_storm_and_its_reminder_at_movement_storms_p2() -> None:
    """Storms ¶2, ¶3 and RULINGS L3: the drawing's row names the storm's hex, area and last move, whether this is a
    production turn, and at movement only, what the storm forbids."""
    state = _played()
    t = board()[1]
    row = V.grid_rows(state, t, True)[0]
    assert {k: row[k] for k in ("name", "columns", "rows", "first_column", "first_row", "shifted", "digits", "centre",
                                "storm", "area", "storm_move", "production_turn", "first", "storm_roller", "initiative")} == {
        "name": "map", "columns": 26, "rows": 19, "first_column": 1, "first_row": 0, "shifted": "even", "digits": 2,
        "centre": "1309", "storm": "1103", "area": ["1002", "1003", "1102", "1103", "1104", "1202", "1203"],
        "storm_move": "1309 → NW 2 → 1103", "production_turn": False, "first": "allied", "storm_roller": "axis",
        "initiative": []}
    assert row["legend"] == [list(item) for item in V.legend()]
    assert row["reminder"] == [
        "Units in the storm area cannot move (turn them face down); units outside cannot move into or through it",
        "Production continues in Wexham (1103) (Storms ¶3)"]
    assert V.grid_rows(state, t)[0]["reminder"] == []
    assert V.grid_rows(state_with(state.world, 4), t)[0]["production_turn"] is True


def test_explain_a_hex_gives_the_figures_of_what_stands_there() -> None:
    """What "why?" shows for a hex: a city's factories (Factories ¶1-¶7) then its air base (Airfields ¶2); a Mulberry's
    supply and port (Mulberries ¶1); an airfield (Airfields ¶2); the storm area (Storms ¶2); nothing for an empty
    hex or a word that names no place."""
    w, t = board()
    state = state_with(w, 1)

    def names(text: str) -> list[tuple[str, Any]]:
        return [(e.name, e.value) for e in V.explain(state, text, t)]

    assert names(" Storm ") == names("1309") == [("Storm area (hexes)", 7)]
    assert names("portsea") == [("Factory PP", 3), ("Growth at the end of production", 0), ("Air PP produced", 1),
                                ("Navy PP produced", 2), ("Intrinsic defence", "1-1-1"), ("Air units at 0302", 2)]
    assert names("1102") == [("Hexes the Mulberry at 1102 supplies", 38), ("Mulberry port capacity at 1102", 2)]
    assert names("1808") == [("Air units at 1808", 2)]
    assert names("Ferrin") == [("Air units at 1006", 2)]
    assert names("0505") == [] and names("nowhere") == []


def test_the_plain_text_map_heads_with_the_storm_and_ends_with_the_legend() -> None:
    """Storms ¶2, ¶4: ``show map`` names the storm's hex, its area and its last move; the legend closes it."""
    w, t = board()
    lines = V.map_text(state_with(w, 1), t).splitlines()
    assert lines[0] == "Storm at 1309 (area 1208 1209 1308 1309 1310 1408 1409)"
    assert lines[-1] == "  ".join(f"{sym} {what}" for sym, what in V.legend())
    moved = V.map_text(state_with(replace(w, storm_move="1309 → S 0 → 1309"), 1), t).splitlines()[0]
    assert moved == "Storm at 1309 (area 1208 1209 1308 1309 1310 1408 1409); last move 1309 → S 0 → 1309"


def test_a_hex_drawn_shows_the_storm_terrain_markers_and_resource() -> None:
    """The Map's drawing of a hex (issue 21, "a hex shows what is in it"): the storm over sea or a town (Storms ¶2),
    a Minor Airfield (Airfields ¶1) and a resource, a canal (Destruction ¶1), a city's size and factories."""
    w, _ = board()
    res = replace(w.with_place(Place("0505", "clear", resource=2)), airfields={**w.airfields, "0505": Airfield("0505", "allied")})
    assert (V.content(res, "0505"), V.glyph_line(res, "0505")) == ("   a", "a$")
    at_sea = replace(w, storm="0100")
    assert (V.content(at_sea, "0100"), V.glyph_line(at_sea, "0100"), V.name_line(at_sea, "0100")) == ("@~~~", "@ ~ ~ ~", "~ ~ ~ ")
    on_town = replace(w, storm="1006")
    assert (V.content(on_town, "1006"), V.glyph_line(on_town, "1006"), V.name_line(on_town, "1006")) == ("@ # ", "@#", "Ferrin")
    assert (V.content(w, "1704"), V.glyph_line(w, "1704")) == ("  ≈ ", "≈")
    assert (V.content(w, "0302"), V.glyph_line(w, "1602")) == ("●3F ", "●3F+")
