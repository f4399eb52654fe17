"""Exact tests of the AWAW operations tables (``awaw-operations.toml``, seed 004 21.42-21.6), each guarding a change
to ``tui/rules/awaw/ops_tables.py`` the data tests let pass: every cross-check of a damaged file names the table, the
key and the problem in full (21.433, 21.512, 21.523, 21.526, 21.532, 21.5342, 21.553, 21.64), and the look-ups the
rules read (a named group of places, an SW box's Raider Table row)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from awaw_core_fixtures import data_refusal
from tui.paths import data_dir
from tui.rules.awaw.ops_tables import SW_BOXES, load_ops_tables
from tui.rules.core.data import read_toml

FILE = data_dir() / "rulesets" / "awaw-operations.toml"
BOXES = "Atlantic U.S., Australia, India, Pacific U.S., South Africa"


def _raw() -> dict[str, Any]:
    return copy.deepcopy(read_toml(FILE))


def _refused(raw: dict[str, Any]) -> str:
    return data_refusal(lambda: load_ops_tables(Path("/nowhere/awaw-operations.toml"), raw), "awaw-operations.toml")


def test_21_433_a_route_from_an_unknown_box_lists_the_boxes_sorted() -> None:
    """21.433: a sea transport route starts in one of the mapboard boxes; the refusal lists them sorted."""
    raw = _raw()
    raw["transport"]["routes"][2]["box"] = "Iceland"
    assert _refused(raw) == f"table transport, key routes.2.box: 'Iceland' is not one of the boxes ({BOXES})"


def test_21_433_a_route_through_an_unknown_sw_box_lists_the_sw_boxes() -> None:
    """21.433A-F, 21.434C: a route's transports come from one of the three SW boxes."""
    raw = _raw()
    raw["transport"]["routes"][3]["sw_box"] = "Arctic SW"
    assert _refused(raw) == ("table transport, key routes.3.sw_box: 'Arctic SW' is not an SW box "
                             "(Atlantic SW, Indian Ocean SW, Pacific SW)")


@pytest.mark.parametrize(("place", "problem"), [
    ("group:tahiti", "names group 'tahiti', not in table groups"),
    ("box:Iceland", "names box 'Iceland', not in table boxes"),
    ("group:hawaiian_islands:old", "names group 'hawaiian_islands:old', not in table groups"),
])
def test_21_433B_a_route_place_names_a_known_group_or_box(place: str, problem: str) -> None:
    """21.433B: a route's ``group:`` and ``box:`` places name a group and a box of the file (all after the first colon)."""
    raw = _raw()
    raw["transport"]["routes"][1]["places"] = ["Dutch Harbor", place]
    assert _refused(raw) == f"table transport, key routes.1.places: {problem}"


def test_21_433_plain_places_fronts_theaters_and_known_boxes_pass() -> None:
    """21.433: a plain base name, ``front:``, ``theater:``, a known ``box:`` and an empty ``group:`` name pass."""
    raw = _raw()
    raw["transport"]["routes"][1]["places"] = ["Dutch Harbor", "front:pacific", "theater:pacific", "box:India", "group:",
                                               "box:", "other:Iceland"]
    assert load_ops_tables(FILE, raw).transport.routes[1].places[-1] == "other:Iceland"


def test_21_532_a_raider_origin_needs_a_raider_table_row() -> None:
    """21.532B-D, 21.5341: an origin's SW box has a row in the Raider Table."""
    raw = _raw()
    raw["raiders"]["origins"][1]["sw_box"] = "Arctic SW"
    assert _refused(raw) == "table raiders, key origins.1.sw_box: 'Arctic SW' has no row in raider_table.boxes"


def test_21_532D_a_raider_origin_place_names_a_known_group() -> None:
    """21.532D: an origin's ``group:`` place names a group of the file."""
    raw = _raw()
    raw["raiders"]["origins"][3]["places"] = ["Suva", "group:hawaii"]
    assert _refused(raw) == "table raiders, key origins.3.places: names group 'hawaii', not in table groups"


@pytest.mark.parametrize("drms", [[2, 1, 3], [1, 1, 3], [1, 3, 3]])
def test_21_526_drm_rows_go_up_each_once(drms: list[int]) -> None:
    """21.526A-C: the bombardment caps go up by DRM, each DRM once."""
    raw = _raw()
    for row, drm in zip(raw["bombardment"]["drm_caps"], drms):
        row["drm"] = drm
    assert _refused(raw) == "table bombardment, key drm_caps: rows must go up by DRM, each DRM once"


@pytest.mark.parametrize(("table", "key", "entry", "message"), [
    ("invasion", "box_routes", "value", "table invasion, key box_routes: 'Iceland' is not one of the boxes"),
    ("invasion", "prohibited_from", "value", "table invasion, key prohibited_from: 'Iceland' is not one of the boxes"),
    ("bombardment", "box_rules", "permitted", "table bombardment, key box_rules: 'Iceland' is not one of the boxes"),
    ("bombardment", "box_rules", "prohibited", "table bombardment, key box_rules: 'Iceland' is not one of the boxes"),
    ("bombardment", "box_rules", "with_invasion_from_box",
     "table bombardment, key box_rules: 'Iceland' is not one of the boxes"),
    ("carriers", "box_rules", "permitted", "table carriers, key box_rules: 'Iceland' is not one of the boxes"),
    ("carriers", "box_rules", "prohibited", "table carriers, key box_rules: 'Iceland' is not one of the boxes"),
    ("carriers", "box_rules", "with_invasion_from_box", "table carriers, key box_rules: 'Iceland' is not one of the boxes"),
])
def test_21_512_21_523_21_553_box_lists_name_known_boxes(table: str, key: str, entry: str, message: str) -> None:
    """21.512D-E, 21.523, 21.553: every box the invasion, bombardment and carrier rules list is a mapboard box."""
    raw = _raw()
    raw[table][key][entry] = [*raw[table][key][entry], "Iceland"]
    assert _refused(raw) == message


@pytest.mark.parametrize("faces", [[1, 2, 3, 4, 4, 6], [1, 2, 3, 4, 5, 5], [2, 2, 3, 4, 5, 6]])
def test_21_5342_the_raider_table_has_one_row_per_die_face(faces: list[int]) -> None:
    """21.5342: the ships table has exactly the faces 1 to 6."""
    raw = _raw()
    for row, face in zip(raw["raider_table"]["ships"], faces):
        row["face"] = face
    assert _refused(raw) == "table raider_table, key ships: needs one row for each die face 1 to 6"


def test_21_5342_the_faces_may_come_in_any_order() -> None:
    """21.5342: the rows of the ships table are read by face, in any order."""
    raw = _raw()
    raw["raider_table"]["ships"].reverse()
    assert [s.face for s in load_ops_tables(FILE, raw).raider_table.ships] == [6, 5, 4, 3, 2, 1]


def test_21_64_escort_transport_legs_has_the_one_reading_the_app_knows() -> None:
    """21.64F-H: the only reading of where transports escort is "to-or-from-a-box"."""
    raw = _raw()
    raw["escort"]["transport_legs"]["value"] = "anywhere"
    assert _refused(raw) == ("table escort, key transport_legs.value: must be 'to-or-from-a-box' "
                             "(the only reading the app knows)")


@pytest.mark.parametrize(("sw", "names"), [
    ("Arctic SW", ["India"]), ("Atlantic SW", ["Iceland"]), ("Pacific SW", "Australia"),
])
def test_21_5342G_defender_boxes_are_sw_boxes_naming_lists_of_boxes(sw: str, names: Any) -> None:
    """21.5342G: each key of the defender boxes is an SW box naming a list of mapboard boxes."""
    raw = _raw()
    raw["raiders"]["defender_boxes"][sw] = names
    assert _refused(raw) == f"table raiders, key defender_boxes.{sw}: must be an SW box naming a list of boxes"


def test_21_5342G_defender_boxes_keep_their_rule_and_note() -> None:
    """21.5342G: the rule and note of the defender boxes are not SW boxes and are not checked as such."""
    t = load_ops_tables(FILE)
    assert t.raiders.defender_boxes["rule"].startswith("21.5342G")
    assert set(SW_BOXES) <= set(t.raiders.defender_boxes)


def test_21_433B_a_named_group_and_an_sw_boxs_raider_row() -> None:
    """21.433B: the Hawaiian group lists its islands; an unknown group is empty; 21.5341: each SW box has its row."""
    t = load_ops_tables(FILE)
    assert t.group("hawaiian_islands") == ["Hawaii", "Kauai", "Maui", "Necker", "Oahu", "Pearl Harbor"]
    assert t.group("atlantis") == []
    for sw in SW_BOXES:
        assert t.raider_box(sw).sw_box == sw
    assert t.raider_box("Indian Ocean SW").singapore_raiders == 1
