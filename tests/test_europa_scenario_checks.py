"""Europa scenario files: every check of ports, other waters and nations names the file, table and key (31.A, 33.B;
RULINGS E13; DESIGN "Data files"); a saved world names only sea zones it may."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.errors import DataError
from tui.rules.core.saved import SavedDataError
from tui.rules.europa.world import check_saved_zones, sea_zone_problem, world_from_scenario
from tui.session import memory_game


@pytest.fixture(scope="module")
def st():
    return memory_game(data_dir(), seed=1, clock=fixed_clock).ruleset.sea_tables


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
    from dataclasses import replace

    from tui.rules.europa.seaworld import AirUnit

    world = world_from_scenario({"ports": [port(sea_zone="Central Med")]}, "scen.toml", st)
    assert check_saved_zones(world, st) is world
    bad = replace(world, sea=replace(world.sea, air=(AirUnit("Ju88", "axis", "Ionian", "bomber", "S", 20, 2),)))
    with pytest.raises(SavedDataError) as err:
        check_saved_zones(bad, st)
    assert str(err.value).startswith("sea.air (Ju88): 'Ionian' is not a sea zone; one of: ")
