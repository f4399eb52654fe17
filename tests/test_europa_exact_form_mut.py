"""The Europa scenario form exactly (``tui/rules/europa/form.py``): what ``export`` writes of a world, what the
``other_waters``/``nations``/``port_nations`` files put into and take out of a scenario, the values each column
allows and the short sea zone names ``setup`` stores as the full name. Issue 23 (``setup`` edits the exported
scenario), issue 30 (short sea zone names); the tables are those of docs/scenario-europa.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from tui.engine.setup import load_ruleset
from tui.rules.europa import form
from tui.rules.europa.ports import Port
from tui.rules.europa.seaworld import Beach, Mulberry, OffMapPort, SeaWorld
from tui.rules.europa.world import EuropaWorld

# 33.B.10: each sea zone of the bundled rule set, with its id and aliases (data/rulesets/europa.toml).
ZONES = (
    ("Baltic Sea", ("baltic",)), ("Norwegian Sea", ("norwegian",)), ("Denmark Sea", ("denmark",)),
    ("North Sea / North Atlantic", ("north-sea", "North Sea", "North Atlantic")),
    ("English Channel", ("english-channel", "Channel")),
    ("French Atlantic", ("french-atlantic", "French and Spanish Coastal Atlantic", "Bay of Biscay")),
    ("African Atlantic Coast", ("african-atlantic",)), ("Arctic Ocean", ("arctic",)),
    ("Western Mediterranean", ("western-med", "W Med", "West Med")),
    ("Central Mediterranean", ("central-med", "C Med", "Central Med")), ("Tyrrhenian Sea", ("tyrrhenian",)),
    ("Adriatic Sea", ("adriatic",)), ("Eastern Mediterranean", ("eastern-med", "E Med", "East Med")),
    ("Aegean Sea", ("aegean", "Aegean")),
    ("South Aegean Interdiction Zone", ("south-aegean-iz", "South Aegean", "Interdiction Zone", "IZ")),
    ("Red Sea", ("red-sea",)), ("Indian Ocean", ("indian-ocean",)), ("Persian Gulf", ("persian-gulf",)),
)
SIDES = ("axis", "allied")
TYPES = ("great", "major", "standard", "mulberry", "minor", "jetty")


@pytest.fixture(scope="module")
def ruleset(data: Path):
    return load_ruleset("europa", data)


# --- export ----------------------------------------------------------------------------------------------------------

TOBRUK = Port(name="Tobruk", type="standard", owner="allied", harbour="natural", hex="18A:1234",
              sea_zone="Eastern Mediterranean", nation="british", theatre="mediterranean", hits=1.5, reduced=1,
              collateral=True, mines=2, trace_ok=False, yard_hits=1, capacity_used=2.0, army_hqs=1, destroyed=True)
NAPLES = Port(name="Naples", type="major", owner="axis", sea_zone="Tyrrhenian Sea", nation="italian",
              mainland_europe=True, inland=True, naval_base=True, sea_route=False, intrinsic_used=True)
TOBRUK_ROW = {"name": "Tobruk", "type": "standard", "owner": "allied", "harbour": "natural", "hex": "18A:1234",
              "sea_zone": "Eastern Mediterranean", "nation": "british", "theatre": "mediterranean",
              "mainland_europe": False, "inland": False, "naval_base": False, "hits": 1.5, "reduced": 1,
              "collateral": True, "mines": 2, "sea_route": True}
NAPLES_ROW = {"name": "Naples", "type": "major", "owner": "axis", "harbour": "none", "hex": "",
              "sea_zone": "Tyrrhenian Sea", "nation": "italian", "theatre": "", "mainland_europe": True, "inland": True,
              "naval_base": True, "hits": 0.0, "reduced": 0, "collateral": False, "mines": 0, "sea_route": False}
SEA = {"malta": 0, "conditions": {}, "ever_allied": [], "ever_axis": []}


def _world(**changes) -> EuropaWorld:
    return replace(EuropaWorld(ports={"Tobruk": TOBRUK, "Naples": NAPLES}), **changes)


def test_export_writes_every_table_of_a_world_in_play(ruleset) -> None:
    """Issue 23: the scenario a new game would start this world from. A port keeps only its scenario columns (no
    markers of the turn: trace, yard hits, capacity used, HQs, destroyed); a side's ``ever_*`` lists the ports it
    once owned and holds no more (33.B.10); a Mulberry is available only in status ``available`` (31.A.12); a
    beach keeps name, owner, hex and sea zone (31.B)."""
    sea = SeaWorld(
        malta=7, conditions={"suez-closed": True, "france-surrendered": False},
        ever_owned={"axis": ("Tobruk", "Naples", "Benghazi"), "allied": ("Tobruk", "Sfax")},
        mulberries={"Mulberry A": Mulberry(name="Mulberry A", status="available"),
                    "Mulberry B": Mulberry(name="Mulberry B", status="emplaced", result="F"),
                    "Mulberry C": Mulberry(name="Mulberry C")},
        offmap={"Bombay": OffMapPort(name="Bombay", side="allied", type="great", box="India",
                                     distances={"Persian Gulf box": 30}, note="n")},
        beaches={"Gela beach": Beach(name="Gela beach", owner="axis", hex="Sicily", sea_zone="Central Mediterranean",
                                     previous="allied", changed="t1", used=2.0, jetties=1)},
    )
    world = _world(sea=sea, nations={"axis": "german", "allied": "british"},
                   port_nations={"Naples": {"axis": "italian"}}, waters=("Caspian Sea", "Lake Ladoga"),
                   usable={"axis": ("Naples",)})
    assert form.export(world, ruleset) == {
        "ports": [TOBRUK_ROW, NAPLES_ROW],
        "other_waters": ["Caspian Sea", "Lake Ladoga"],
        "nations": {"axis": "german", "allied": "british", "ports": {"Naples": {"axis": "italian"}}},
        "sea": {"malta": 7, "conditions": {"suez-closed": True, "france-surrendered": False},
                "ever_allied": ["Sfax"], "ever_axis": ["Tobruk", "Benghazi"]},
        "mulberries": [{"name": "Mulberry A", "available": True}, {"name": "Mulberry B", "available": False},
                       {"name": "Mulberry C", "available": False}],
        "offmap_ports": [{"name": "Bombay", "side": "allied", "type": "great", "box": "India",
                          "distances": {"Persian Gulf box": 30}, "in_britain": False, "note": "n"}],
        "beaches": [{"name": "Gela beach", "owner": "axis", "hex": "Sicily", "sea_zone": "Central Mediterranean"}],
    }


def test_export_of_a_bare_world_writes_no_waters_nor_nations(ruleset) -> None:
    """docs/scenario-europa.md: ``other_waters`` and ``[nations]`` are optional; a world without them (and with no
    ports ever owned recorded) exports none, and empty sea, Mulberry, off-map and beach tables."""
    assert form.export(_world(), ruleset) == {"ports": [TOBRUK_ROW, NAPLES_ROW], "sea": SEA, "mulberries": [],
                                              "offmap_ports": [], "beaches": []}
    assert form.export(EuropaWorld(), ruleset) == {"ports": [], "sea": SEA, "mulberries": [], "offmap_ports": [],
                                                   "beaches": []}


def test_export_nations_without_side_defaults_or_without_port_exceptions(ruleset) -> None:
    """RULINGS E13: the port exceptions are written even when no side default is (and the defaults without them)."""
    only_ports = form.export(_world(port_nations={"Tobruk": {"axis": "italian", "allied": "free-french"}}), ruleset)
    assert only_ports["nations"] == {"ports": {"Tobruk": {"axis": "italian", "allied": "free-french"}}}
    only_sides = form.export(_world(nations={"allied": "british"}), ruleset)
    assert only_sides["nations"] == {"allied": "british"}
    assert "other_waters" not in only_sides


def test_export_of_the_bundled_scenario(ruleset, data: Path) -> None:
    """The Mediterranean 1943 scenario written back: its nations, waters and sea table as the file has them."""
    from tests.conftest import fixed_clock
    from tui.session import memory_game

    raw = form.export(memory_game(data, "europa", seed=1, clock=fixed_clock).state.world, ruleset)
    assert [p["name"] for p in raw["ports"]][:3] == ["Alexandria", "Haifa", "Tobruk"] and len(raw["ports"]) == 24
    assert raw["other_waters"] == ["Caspian Sea"]
    italian = {"axis": "italian"}
    assert raw["nations"] == {"axis": "german", "allied": "british", "ports": {
        "Naples": italian, "Palermo": italian, "Taranto": italian, "Brindisi": italian}}
    assert raw["sea"] == {"malta": 10, "conditions": {"suez-closed": False, "france-surrendered": True,
                                                      "crete-other-hexes-axis": True, "crete-airbase-allied": False},
                          "ever_allied": [], "ever_axis": []}
    assert raw["mulberries"] == [{"name": "Mulberry A", "available": False}, {"name": "Mulberry B", "available": False}]


# --- the form's files put into and taken from a scenario ------------------------------------------------------------------

def test_other_waters_rows_become_the_list_of_names() -> None:
    """docs/scenario-europa.md ``other_waters``: a list of names; no rows, no key."""
    raw = {"ports": []}
    form._put_waters(raw, [])
    assert raw == {"ports": []}
    form._put_waters(raw, [{"name": "Caspian Sea"}, {"name": "Lake Ladoga"}])
    assert raw == {"ports": [], "other_waters": ["Caspian Sea", "Lake Ladoga"]}


def test_nations_map_is_put_beside_the_port_exceptions_and_taken_without_them() -> None:
    """RULINGS E13: ``[nations]`` holds the side defaults and ``[nations.ports]`` the exceptions."""
    raw: dict = {}
    form._put_nations(raw, {})
    assert raw == {}
    form._put_nations(raw, {"axis": "german"})
    assert raw == {"nations": {"axis": "german"}}
    form._put_nations(raw, {"allied": "british"})
    assert raw == {"nations": {"axis": "german", "allied": "british"}}
    raw["nations"]["ports"] = {"Naples": {"axis": "italian"}}
    assert form._take_nations(raw) == {"axis": "german", "allied": "british"}
    assert form._take_nations({}) == {}
    assert form._take_nations({"nations": {"ports": {"Naples": {"axis": "italian"}}}}) == {}


def test_port_nations_rows_become_the_port_exceptions_without_their_empty_sides() -> None:
    """RULINGS E13: a row's empty side is no exception (the side's default applies); rows read back as written."""
    rows = [{"port": "Naples", "axis": "italian", "allied": ""}, {"port": "Tobruk", "axis": "", "allied": "free-french"}]
    raw: dict = {}
    form._put_port_nations(raw, rows)
    assert raw == {"nations": {"ports": {"Naples": {"axis": "italian"}, "Tobruk": {"allied": "free-french"}}}}
    form._put_port_nations(raw, [])
    assert raw == {"nations": {"ports": {"Naples": {"axis": "italian"}, "Tobruk": {"allied": "free-french"}}}}
    onto = {"nations": {"axis": "german"}}
    form._put_port_nations(onto, rows[:1])
    assert onto == {"nations": {"axis": "german", "ports": {"Naples": {"axis": "italian"}}}}
    assert form._take_port_nations(raw) == [{"port": "Naples", "axis": "italian"},
                                            {"port": "Tobruk", "allied": "free-french"}]
    assert form._take_port_nations({}) == []
    assert form._take_port_nations({"nations": {"axis": "german"}}) == []


def test_the_form_files_round_trip_through_their_kinds() -> None:
    """Issue 23: each kind's ``put`` then ``take`` gives its rows back (``other_waters``, ``nations``, ``port_nations``)."""
    kinds = {k.name: k for k in form.kinds()}
    raw: dict = {}
    kinds["other_waters"].put(raw, [{"name": "Caspian Sea"}])
    kinds["nations"].put(raw, {"axis": "german"})
    kinds["port_nations"].put(raw, [{"port": "Naples", "axis": "italian", "allied": ""}])
    assert raw == {"other_waters": ["Caspian Sea"], "nations": {"axis": "german", "ports": {"Naples": {"axis": "italian"}}}}
    assert kinds["other_waters"].take(raw) == [{"name": "Caspian Sea"}]
    assert kinds["nations"].take(raw) == {"axis": "german"}
    assert kinds["port_nations"].take(raw) == [{"port": "Naples", "axis": "italian"}]


# --- sea zones, allowed values, short forms -------------------------------------------------------------------------------

def test_sea_zones_are_read_from_the_rule_set_file_once(ruleset, monkeypatch) -> None:
    """33.B.10: the zones of the rule set file, each with its id and aliases; read once per file."""
    source = ruleset.source_files[0]
    assert ruleset.source_files == (source,)
    assert form._read_sea_zones(source) == ZONES
    monkeypatch.setattr(form, "_SEA_ZONES", {})
    first = form._sea_zones(source)
    assert first == ZONES and form._SEA_ZONES == {source: ZONES}
    assert form._sea_zones(source) is first
    assert form._zones(ruleset) == ZONES
    assert form._zones(replace(ruleset, source_files=())) == ()


def test_allowed_values_of_each_column(ruleset) -> None:
    """docs/scenario-europa.md: the values a column must take, by (file, column)."""
    zones = (*(name for name, _ in ZONES), "a name of other_waters.csv")
    expected = {("ports", "type"): TYPES, ("ports", "owner"): SIDES, ("ports", "harbour"): ("none", "artificial", "natural"),
                ("nations", "side"): SIDES, ("offmap_ports", "side"): SIDES, ("offmap_ports", "type"): TYPES,
                ("beaches", "owner"): SIDES, ("ports", "sea_zone"): zones, ("beaches", "sea_zone"): zones,
                ("port_nations", "port"): ("a name of ports.csv",)}
    assert form.allowed(ruleset) == expected
    bare = {**expected, ("ports", "sea_zone"): ("a name of other_waters.csv",),
            ("beaches", "sea_zone"): ("a name of other_waters.csv",)}
    assert form.allowed(replace(ruleset, source_files=())) == bare


def test_short_forms_of_sea_zones_lower_case_to_the_full_name(ruleset) -> None:
    """Issue 30 (low): a sea zone's id and aliases, lower case, stand for its name in ports' and beaches' sea_zone."""
    full = {other.lower(): name for name, others in ZONES for other in others}
    assert len(full) == 32
    assert (full["e med"], full["iz"], full["aegean"], full["bay of biscay"]) == (
        "Eastern Mediterranean", "South Aegean Interdiction Zone", "Aegean Sea", "French Atlantic")
    assert form.short_forms(ruleset) == {("ports", "sea_zone"): full, ("beaches", "sea_zone"): full}
    assert form.short_forms(replace(ruleset, source_files=())) == {("ports", "sea_zone"): {}, ("beaches", "sea_zone"): {}}
