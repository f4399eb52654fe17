"""Exact tests of the AWAW read-only views (seed 004, chapter 21), each guarding a change to ``tui/rules/awaw/views.py``
the screen tests let pass: every field of a unit row (21.31, 21.526), a base's room (21.11-21.114), the fronts and SW
boxes by side (21.131, 21.132), the straits (21.211), the markers (21.112, 21.314, 21.4183-21.4184, 21.71) and the
"why?" of a base, a unit, a sea area and a strait."""

from __future__ import annotations

from types import SimpleNamespace

from awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw import views as V
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.explain import Explained, Term


def _world() -> AwawWorld:
    """Malta, two-front Gibraltar, the Atlantic SW box and Naples (Italian, not operational), units in every state."""
    return world([base("Malta"), base("Gibraltar", fronts=("western", "mediterranean")),
                  base("Atlantic SW", "sw-box", (), theater="europe"),
                  base("Naples", control="italy", hex="U19", operational=False)],
                 [unit("Ark", 3, fast=True, tf="TF1"), unit("Bri", 2, base="Gibraltar", inverted=True, type="cruiser"),
                  unit("U1", 1, power="germany", type="submarine", base="Atlantic SW", at_sea="patrol", sea_hex="X1"),
                  unit("Ita", 4, power="italy", base="Naples", damaged=True),
                  unit("Rep", 2, power="italy", base="Naples", repair=True).change(nation="regia"),
                  unit("Sun", 2, sunk=True), unit("Ove", 2, unusable=True), unit("Pat", 2, at_sea="mission", sea_hex="Y2")],
                 drm={"britain": 1, "italy": 2}, hex_control={"AA7": "britain"}, phase_control={"AA7": "spain"})


def _state(w: AwawWorld | None = None) -> SimpleNamespace:
    return SimpleNamespace(world=w or _world())


def test_21_31_unit_rows_go_by_base_order_sunk_last_with_every_field() -> None:
    """21.31, 21.526: rows by the order of the bases, sunk units last; a row carries the unit's every figure."""
    rows = V.unit_rows(_state(), tables())
    assert [r["name"] for r in rows] == ["Ark", "Ove", "Pat", "Bri", "U1", "Ita", "Rep", "Sun"]
    assert rows[0] == {
        "name": "Ark", "label": "Ark", "power": "britain", "side": "allies", "nation": "britain", "type": "Battleship",
        "type_key": "battleship", "category": "fleet", "factors": 3, "fast": True, "base": "Malta", "kind": "port",
        "front": "mediterranean", "tf": "TF1", "state": "ready", "sea_hex": "", "at_sea": "", "acted": False,
        "inverted": False, "damaged": False, "repair": False, "sunk": False, "drm": 1, "why_not": ""}
    by = {r["name"]: r for r in rows}
    assert by["Bri"]["front"] == "western/mediterranean" and by["Bri"]["inverted"] and by["Bri"]["type"] == "Cruisers"
    assert (by["U1"]["kind"], by["U1"]["front"], by["U1"]["at_sea"], by["U1"]["sea_hex"], by["U1"]["side"]) == (
        "sw-box", "", "patrol", "X1", "axis")
    assert by["Ita"]["damaged"] and by["Ita"]["drm"] == 2 and by["Rep"]["repair"] and by["Sun"]["sunk"]
    assert by["Rep"]["drm"] == 0 and by["Rep"]["nation"] == "regia"  # 21.526: the navy's DRM, none typed for regia
    assert by["Pat"]["why_not"] == "Pat is at sea (mission in Y2) (21.321)"
    assert by["Rep"]["why_not"] == "Rep is waiting for repair (21.314)"


def test_21_31_a_unit_in_a_base_the_world_does_not_know_sorts_last_of_the_afloat() -> None:
    """21.31: a unit whose base is missing has no kind or front and comes after every known base."""
    w = world([base("Malta")], [unit("Lost", base="Nowhere"), unit("Here")])
    rows = V.unit_rows(_state(w), tables())
    assert [r["name"] for r in rows] == ["Here", "Lost"]
    assert (rows[1]["kind"], rows[1]["front"]) == ("", "")


def test_21_11_port_rows_give_capacity_used_and_left() -> None:
    """21.11, 21.113, 21.415: Malta holds 50; Ark 3 + Ove 2 + Pat 2 (at sea, counted at its base) = 7; the sunk unit
    neither counts nor is listed among the units there."""
    rows = {r["name"]: r for r in V.port_rows(_state(), tables())}
    assert rows["Malta"] == {
        "name": "Malta", "owner": "britain", "side": "allies", "kind": "Port", "kind_key": "port",
        "fronts": "mediterranean", "theater": "europe", "capacity": 50, "used": 7, "left": 43, "units": 3,
        "operational": True, "hex": "", "two_front": False, "over": False}
    assert rows["Gibraltar"]["fronts"] == "western/mediterranean" and rows["Gibraltar"]["two_front"]
    assert (rows["Naples"]["side"], rows["Naples"]["operational"], rows["Naples"]["hex"]) == ("axis", False, "U19")


def test_21_114_an_sw_box_has_unlimited_room_and_no_front() -> None:
    """21.114, 25.3: the SW box's capacity and room left are unlimited, never over; its fronts show as a dash."""
    row = next(r for r in V.port_rows(_state(), tables()) if r["name"] == "Atlantic SW")
    assert (row["capacity"], row["used"], row["left"], row["over"], row["fronts"], row["kind"]) == (
        "unlimited", 1, "unlimited", False, "—", "SW box")


def test_21_112_an_overstacked_port_is_over_and_a_neutral_base_has_no_side() -> None:
    """21.112: 51 factors in a port of 50 is over, room left -1; a neutral base's side reads "neutral"."""
    w = world([base("Malta"), base("Lisbon", control="neutral")], [unit("Big", 51), unit("Sm", 1, base="Lisbon")])
    rows = {r["name"]: r for r in V.port_rows(_state(w), tables())}
    assert (rows["Malta"]["used"], rows["Malta"]["left"], rows["Malta"]["over"]) == (51, -1, True)
    assert (rows["Lisbon"]["side"], rows["Lisbon"]["over"]) == ("neutral", False)
    exact = world([base("Malta")], [unit("Full", 50)])
    assert V.port_rows(_state(exact), tables())[0]["over"] is False


def test_21_131_zone_rows_count_each_front_and_sw_box_by_side() -> None:
    """21.131, 21.132: a two-front port counts on both fronts; based, at sea, ready and inverted factors; who is at sea
    where; the sunk unit is nowhere."""
    rows = {r["key"]: r for r in V.zone_rows(_state(), tables())}
    assert list(rows) == ["western:axis", "western:allies", "eastern:axis", "eastern:allies", "mediterranean:axis",
                          "mediterranean:allies", "pacific:axis", "pacific:allies", "Atlantic SW:axis",
                          "Atlantic SW:allies"]
    assert rows["mediterranean:allies"] == {"key": "mediterranean:allies", "name": "Mediterranean", "side": "allies",
                                            "based": 9, "at_sea": 2, "ready": 3, "inverted": 2, "sea": "Pat (mission Y2)"}
    assert rows["western:allies"] == {"key": "western:allies", "name": "Western", "side": "allies", "based": 2,
                                      "at_sea": 0, "ready": 0, "inverted": 2, "sea": ""}
    assert rows["mediterranean:axis"]["based"] == 6 and rows["mediterranean:axis"]["ready"] == 0
    assert rows["Atlantic SW:axis"] == {"key": "Atlantic SW:axis", "name": "Atlantic SW", "side": "axis", "based": 1,
                                        "at_sea": 1, "ready": 0, "inverted": 0, "sea": "U1 (patrol X1)"}


def test_21_4183_a_unit_at_sea_without_a_hex_reads_cleanly_and_several_are_listed() -> None:
    """21.4183: "Pat (mission)" when no hex is known, never "(mission )"; two units at sea are joined by commas."""
    w = world([base("Malta")], [unit("Pat", 2, at_sea="mission"), unit("Two", 2, at_sea="patrol", sea_hex="Z9")])
    row = next(r for r in V.zone_rows(_state(w), tables()) if r["key"] == "mediterranean:allies")
    assert row["sea"] == "Pat (mission), Two (patrol Z9)" and row["at_sea"] == 4


def test_21_211_strait_rows_say_open_or_closed_for_each_side() -> None:
    """21.211B: Gibraltar (AA7) open to the side holding AA7 at the start of the phase; a strait with no hexes shows a
    dash; the Kattegat lists its "also" hex (21.211D)."""
    w = world([base("Malta")], [], hex_control={"AA7": "britain"}, phase_control={"AA7": "germany"})
    rows = {r["key"]: r for r in V.strait_rows(_state(w), tables())}
    assert rows["B"] == {"name": "B: Gibraltar", "key": "B", "hexes": "AA7", "rule": "21.211B", "axis": "open",
                         "allies": "closed"}
    assert rows["A"]["hexes"] == "—" and rows["D"]["hexes"] == "H32, H33" and rows["C"]["hexes"] == "E33, F33"


def test_21_71_21_112_21_314_markers_name_the_unit_place_side_and_expiry() -> None:
    """21.4184, 21.71, 21.314, 21.113, 21.112, 21.4183: one marker per state, sunk units none, in roster order."""
    rows = V.marker_rows(_state(), None, tables())  # type: ignore[arg-type]
    assert rows == [
        {"marker": "Inverted", "value": "Bri", "place": "Gibraltar", "side": "allies",
         "expires": "uninverted at the end of a player turn within the oil allowance (21.71, A4)"},
        {"marker": "At sea: patrol", "value": "U1", "place": "X1", "side": "axis",
         "expires": "may stay at sea until the end of the opposing player turn (21.4184)"},
        {"marker": "Damaged", "value": "Ita", "place": "Naples", "side": "axis", "expires": "until repaired (21.113, 21.314)"},
        {"marker": "Waiting for repair", "value": "Rep", "place": "Naples", "side": "axis",
         "expires": "until repaired (21.113, 21.314)"},
        {"marker": "Overstacked excess", "value": "Ove", "place": "Malta", "side": "allies",
         "expires": "remedy by the end of the redeployment phase or eliminated (21.112)"},
        {"marker": "At sea: mission", "value": "Pat", "place": "Y2", "side": "allies",
         "expires": "returns before exploitation (21.4183)"},
    ]


def test_21_4183_a_surface_patrol_returns_before_exploitation_and_a_hexless_one_shows_its_base() -> None:
    """21.4183, 21.4184: a fleet on patrol returns before exploitation; at sea with no hex, the marker is at its base;
    a damaged unit waiting for repair is one marker (waiting), an inverted one at sea two."""
    w = world([base("Malta")], [unit("F", 3, at_sea="patrol"), unit("D", 2, damaged=True, repair=True),
                                unit("S", 1, type="submarine", at_sea="mission", sea_hex="Q1", inverted=True)])
    rows = V.marker_rows(_state(w), None, tables())  # type: ignore[arg-type]
    assert [(r["marker"], r["value"], r["place"]) for r in rows] == [
        ("At sea: patrol", "F", "Malta"), ("Waiting for repair", "D", "Malta"), ("At sea: mission", "S", "Q1"),
        ("Inverted", "S", "Malta")]
    assert rows[0]["expires"] == rows[2]["expires"] == "returns before exploitation (21.4183)"


def test_21_11_the_why_of_a_base_is_its_capacity_room_used_and_left() -> None:
    """21.11, 21.113: "why? malta" (any case) gives the capacity, the room used and the room left."""
    out = V.explain(_state(), "malta", tables())
    assert [(e.name, e.value) for e in out] == [("Basing capacity of Malta", 50), ("Room used at Malta", 7),
                                               ("Room left at Malta", 43)]


def test_21_31_the_why_of_a_unit_says_whether_it_may_act_and_its_figures() -> None:
    """21.31, 21.526, 21.113: a ready unit "yes" with its type, factors, ships, DRM and basing factors; an inverted one
    "no" with the reason."""
    ready = V.explain(_state(), "Ark", tables())
    assert ready == [Explained("Ark may act", "yes", "21.31", (
        Term("type", "Battleship", "21.11, 21.313"), Term("factors", 3, "21.11"), Term("ships", 1, "21.11, 21.313"),
        Term("naval nationality DRM", 1, "21.526"), Term("counts against basing", 3, "21.11, 21.113")), ())]
    sunk = V.explain(_state(), "Sun", tables())[0]
    assert (sunk.value, sunk.notes, sunk.terms[4].value) == ("no", ("Sun is sunk",), 0)
    regia = V.explain(_state(), "Rep", tables())[0]
    assert regia.terms[3] == Term("naval nationality DRM", 0, "21.526")
    cruisers = V.explain(_state(), "Bri", tables())[0]
    assert cruisers.terms[2] == Term("ships", 2, "21.11") and cruisers.notes == (
        "Bri is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)",)


def test_21_131_21_132_the_why_of_a_front_counts_each_side_and_notes_two_front_ports() -> None:
    """21.131, 21.132: "why? Mediterranean" (by name or key) lists each side's units there, the two-front note when one
    is in a two-front port."""
    out = V.explain(_state(), "Mediterranean", tables())
    assert out[0] == Explained("Axis naval factors", 6, "21.131",
                               (Term("Ita at Naples", 4, "21.131"), Term("Rep at Naples", 2, "21.131")), ())
    assert out[1] == Explained("Allies naval factors", 9, "21.131", (
        Term("Ark at Malta", 3, "21.131"), Term("Bri at Gibraltar", 2, "21.131"), Term("Ove at Malta", 2, "21.131"),
        Term("Pat at Malta, mission in Y2", 2, "21.131")), ("a two-front port counts on both of its fronts (21.132)",))
    assert V.explain(_state(), "western", tables())[1].terms == (Term("Bri at Gibraltar", 2, "21.131"),)
    assert V.explain(_state(), "eastern", tables()) == [Explained("Axis naval factors", 0, "21.131", (), ()),
                                                        Explained("Allies naval factors", 0, "21.131", (), ())]


def test_25_3_the_why_of_an_sw_box_is_its_room_listing_the_units_in_it() -> None:
    """25.3, 21.114: "why? indian ocean sw" names the SW box as a base (any case): unlimited room, its units counted."""
    w = world([base("Malta"), base("Indian Ocean SW", "sw-box", (), theater="europe")],
              [unit("U1", 1, power="germany", type="submarine", base="Indian Ocean SW", at_sea="patrol", sea_hex="X1"),
               unit("M", 2)])
    out = V.explain(_state(w), "indian ocean sw", tables())
    assert [(e.name, e.value) for e in out] == [("Basing capacity of Indian Ocean SW", "unlimited"),
                                               ("Room used at Indian Ocean SW", 1), ("Room left at Indian Ocean SW",
                                                                                    "unlimited")]
    assert out[1].terms == (Term("U1", 1, "21.11"),)


def test_21_211_the_why_of_a_strait_is_its_passage_for_each_side_and_an_unknown_name_is_nothing() -> None:
    """21.211B: "why? gibraltar strait" by id gives each side's passage; a name nothing matches gives no figure."""
    w = world([base("Malta")], [], hex_control={"AA7": "britain"})
    out = V.explain(_state(w), "B", tables())
    assert [(e.name, e.value) for e in out] == [("Passage of the Gibraltar for axis", "closed"),
                                               ("Passage of the Gibraltar for allies", "open")]
    assert [e.value for e in V.explain(_state(w), "Kattegat", tables())] == ["closed", "closed"]
    assert V.explain(_state(w), "zzz", tables()) == []


def test_21_4183_the_why_of_a_front_names_a_unit_at_sea_without_a_hex_cleanly() -> None:
    """21.4183, 21.131: a unit at sea whose hex is not known reads "Pat at Malta, at sea (mission)", never a dangling
    "mission in "; with a hex, "mission in Y2"."""
    w = world([base("Malta")], [unit("Pat", 2, at_sea="mission"), unit("Hex", 2, at_sea="patrol", sea_hex="Y2")])
    terms = V.explain(_state(w), "mediterranean", tables())[1].terms
    assert [t.label for t in terms] == ["Pat at Malta, at sea (mission)", "Hex at Malta, patrol in Y2"]
