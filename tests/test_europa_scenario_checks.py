"""Europa scenario files: every check of ports, other waters and nations names the file, table and key (31.A, 33.B;
RULINGS E13; DESIGN "Data files"); a saved world names only sea zones it may."""

from __future__ import annotations

from typing import Any

import pytest

from tests.europa_sea import sea_tables
from tui.rules.core.errors import DataError
from tui.rules.core.saved import SavedDataError
from tui.rules.europa.world import check_saved_zones, sea_zone_problem, world_from_scenario


@pytest.fixture(scope="module")
def st():
    return sea_tables()


def port(**kw: Any) -> dict[str, Any]:
    return {"name": "Tobruk", "type": "standard", "owner": "axis", **kw}


def refused(raw: dict[str, Any], st: Any = None) -> str:
    with pytest.raises(DataError) as err:
        world_from_scenario(raw, "scen.toml", st)
    return str(err.value).removeprefix("scen.toml: ")


@pytest.mark.parametrize("entry, message", [
    (port(type="huge"), "table ports, key 0.type: 'huge' is not a port type (great, major, standard, mulberry, minor, jetty)"),
    (port(owner="soviet"), "table ports, key 0.owner: 'soviet' is not a side (axis, allied)"),
    (port(harbour="deep"), "table ports, key 0.harbour: 'deep' is not a harbour (none, artificial, natural)"),
])
def test_31A_a_port_field_out_of_its_list_is_named(entry: dict, message: str) -> None:
    assert refused({"ports": [entry]}) == message


def test_31A_a_port_listed_twice_is_named() -> None:
    assert refused({"ports": [port(), port(type="minor")]}) == "table ports, key 1.name: port 'Tobruk' is listed twice"


def test_33B_a_port_sea_zone_must_be_a_zone_or_one_of_the_other_waters(st) -> None:
    """33.B: a typo in a port's sea zone is refused with the allowed names; [other_waters] adds names never checked."""
    message = refused({"ports": [port(sea_zone="Central Medd")]}, st)
    assert message.startswith("table ports, key 0.sea_zone: 'Central Medd' is not a sea zone; one of: Baltic Sea, Norwegian Sea, ")
    assert message.endswith(" (33.B)")
    world = world_from_scenario({"ports": [port(sea_zone="Caspian")], "other_waters": ["Caspian"]}, "scen.toml", st)
    assert world.waters == ("Caspian",) and world.ports["Tobruk"].sea_zone == "Caspian"
    assert world_from_scenario({"ports": [port(sea_zone="central-med")]}, "scen.toml", st).ports["Tobruk"]
    assert world_from_scenario({"ports": [port(sea_zone="central med")]}, "scen.toml", st)  # an alias, any case
    assert refused({"ports": [port()], "other_waters": "Caspian"}) == (
        "key other_waters: must be a list of names of waters that are not sea zones")
    assert refused({"ports": [port()], "other_waters": ["Caspian", 3]}) == (
        "key other_waters: must be a list of names of waters that are not sea zones")


def test_33B_sea_zone_problem_reads_ids_names_and_aliases(st) -> None:
    assert sea_zone_problem(st, (), "") == ""
    assert sea_zone_problem(st, (), "EASTERN-MED") == "" and sea_zone_problem(st, (), "eastern mediterranean") == ""
    assert sea_zone_problem(st, ("Lake Ladoga",), "lake ladoga") == ""
    assert sea_zone_problem(st, ("Lake Ladoga",), "Lake Onega").endswith(", Lake Ladoga (33.B)")


def test_E13_nations_table_is_checked() -> None:
    """RULINGS E13: [nations] gives each side's nation for captured ports and per-port exceptions."""
    world = world_from_scenario({"ports": [port()], "nations": {"axis": "german", "allied": "british",
                                                                "ports": {"Tobruk": {"axis": "italian"}}}}, "scen.toml")
    assert world.nations == {"axis": "german", "allied": "british"}
    assert world.port_nations == {"Tobruk": {"axis": "italian"}}
    assert world.captor_nation("Tobruk", "axis") == "italian" and world.captor_nation("Tobruk", "allied") == "british"
    base = {"ports": [port()]}
    assert refused({**base, "nations": "german"}) == (
        "table nations: must be a table: axis = NATION, allied = NATION, [nations.ports.NAME]")
    assert refused({**base, "nations": {"soviet": "russian"}}) == (
        'table nations, key soviet: expected axis = "german" or allied = "british"')
    assert refused({**base, "nations": {"axis": 3}}) == 'table nations, key axis: expected axis = "german" or allied = "british"'
    assert refused({**base, "nations": {"ports": {"Bardia": {"axis": "italian"}}}}) == (
        "table nations.ports, key Bardia: no such port in [[ports]]")
    assert refused({**base, "nations": {"ports": {"Tobruk": {"soviet": "russian"}}}}) == (
        "table nations.ports, key Tobruk: expected axis = NATION and/or allied = NATION")
    assert refused({**base, "nations": {"ports": {"Tobruk": "italian"}}}) == (
        "table nations.ports, key Tobruk: expected axis = NATION and/or allied = NATION")


def test_31A_each_side_may_use_the_ports_it_starts_with() -> None:
    world = world_from_scenario({"ports": [port(), port(name="Haifa", owner="allied")]}, "scen.toml")
    assert world.usable == {"axis": ("Tobruk",), "allied": ("Haifa",)}


def test_a_saved_world_names_only_sea_zones(st) -> None:
    """A save naming a sea zone that is not one of 33.B.10 (or the scenario's other waters) is refused, naming where."""
    from msgspec.structs import replace

    from tui.rules.europa.seaworld import AirUnit

    world = world_from_scenario({"ports": [port(sea_zone="Central Med")]}, "scen.toml", st)
    assert check_saved_zones(world, st) is world
    bad = replace(world, sea=replace(world.sea, air=(AirUnit("Ju88", "axis", "Ionian", "bomber", "S", 20, 2),)))
    with pytest.raises(SavedDataError) as err:
        check_saved_zones(bad, st)
    assert str(err.value).startswith("sea.air (Ju88): 'Ionian' is not a sea zone; one of: ")


# --- the sea tables of a scenario: [sea], [[mulberries]], [[offmap_ports]], [[beaches]] (31.A.8, 31.A.12, 31.B, 33) ---


def sea_refused(st: Any, **tables: Any) -> str:
    return refused({"ports": [port()], **tables}, st)


def test_33_scenario_sea_conditions_must_be_asked_ones(st) -> None:
    """33.B.10: a scenario answers the conditions the referee is asked, not those the app derives."""
    assert sea_refused(st, sea={"conditions": {"suez-shut": True}}) == (
        "table sea, key conditions.suez-shut: is not a condition in sea_conditions")
    assert sea_refused(st, sea={"conditions": {"malta-status": 3}}) == (
        "table sea, key conditions.malta-status: is derived by the app (malta), not answered")
    assert sea_refused(st, sea={"conditions": {"crete-all-axis": True}}) == (
        "table sea, key conditions.crete-all-axis: is derived by the app (all), not answered")
    world = world_from_scenario({"ports": [port()], "sea": {"malta": 7, "conditions": {"suez-closed": True,
                                                                                       "wmed-allied-ports": 2}}},
                                "scen.toml", st)
    assert world.sea.malta == 7 and world.sea.conditions == {"suez-closed": True, "wmed-allied-ports": 2}


def test_31A12_31A8_31B_scenario_lists_are_checked(st) -> None:
    assert sea_refused(st, mulberries=[{"name": "A"}, {"name": "A"}]) == "table mulberries, key 1.name: Mulberry 'A' is listed twice"
    office = {"name": "Bombay", "side": "allied", "type": "great", "box": "India", "distances": {"Aden": 45}}
    assert sea_refused(st, offmap_ports=[{**office, "side": "neutral"}]) == (
        "table offmap_ports, key 0.side: 'neutral' is not a side (axis, allied)")
    assert sea_refused(st, offmap_ports=[{**office, "type": "huge"}]) == (
        "table offmap_ports, key 0.type: 'huge' is not a port type (great, major, standard, mulberry, minor, jetty)")
    assert sea_refused(st, offmap_ports=[{**office, "distances": {"Aden": -1}}]) == (
        "table offmap_ports, key 0.distances.Aden: must be 0 or more, not -1")
    beach = {"name": "Anzio", "owner": "allied", "hex": "Anzio hex", "sea_zone": "Tyrrhenian Sea"}
    assert sea_refused(st, beaches=[{**beach, "owner": "vichy"}]) == "table beaches, key 0.owner: 'vichy' is not a side (axis, allied)"
    assert sea_refused(st, beaches=[beach, beach]) == "table beaches, key 1.name: beach 'Anzio' is listed twice"
    world = world_from_scenario({"ports": [port(), port(name="Haifa", owner="allied")], "beaches": [beach],
                                 "offmap_ports": [{**office, "distances": {"Aden": 0}, "in_britain": True, "note": "n"}],
                                 "mulberries": [{"name": "A", "available": True}, {"name": "B"}],
                                 "sea": {"ever_allied": ["Massaua"], "ever_axis": ["Tobruk"]}}, "scen.toml", st)
    sea = world.sea
    assert [(m.name, m.status) for m in sea.mulberries.values()] == [("A", "available"), ("B", "unavailable")]
    bombay = sea.offmap["Bombay"]
    assert (bombay.side, bombay.type, bombay.box, bombay.distances, bombay.in_britain, bombay.note) == (
        "allied", "great", "India", {"Aden": 0}, True, "n")
    anzio = sea.beaches["Anzio"]
    assert (anzio.owner, anzio.hex, anzio.sea_zone) == ("allied", "Anzio hex", "Tyrrhenian Sea")
    assert sea.ever_owned == {"axis": ("Tobruk",), "allied": ("Haifa", "Massaua")}  # owned at the start, and listed
