"""OCS: the world as a save holds it, read back exactly (``world_from_data``, the inverse of ``world_to_data``): what a
save may leave out (an older save: no allowance, no shipping, no serial), and each refusal of a world the rules cannot
hold, word for word (a damaged or foreign save gets one line naming the place in it)."""

from __future__ import annotations

import pytest

from tui.rules.core.saved import SavedDataError
from tui.rules.ocs.world import OcsWorld, world_from_data, world_to_data

PORT = {"name": "Tripoli", "owner": "axis", "capacity": 24, "hex": "", "damage_track": (), "supply_source": True,
        "hits": 0, "used": 0, "oversize": 0, "enemy_zoc": False, "zoc_negated": False, "reduced_this_turn": 0,
        "repaired_this_turn": 0, "note": ""}


def test_a_saved_world_reads_back_as_it_was_written() -> None:
    data = {"ports": [PORT, {**PORT, "name": "Benghazi", "capacity": 6, "hits": 1}], "first": "allied",
            "allowance": {"axis": 8, "allied": 16}, "shipped": {"axis": 3, "allied": 0}, "weather": "mud", "serial": 7}
    world = world_from_data(data)
    assert isinstance(world, OcsWorld)
    assert list(world.ports) == ["Tripoli", "Benghazi"]
    assert (world.ports["Benghazi"].capacity, world.ports["Benghazi"].hits) == (6, 1)
    assert (world.first, world.allowance, world.shipped, world.weather, world.serial) == (
        "allied", {"axis": 8, "allied": 16}, {"axis": 3, "allied": 0}, "mud", 7)
    again = world_to_data(world)
    assert {k: v for k, v in again.items() if k != "ports"} == {k: v for k, v in data.items() if k != "ports"}


def test_what_an_older_save_leaves_out_starts_empty() -> None:
    """No allowance, no shipping, no weather and no serial in the save: none set, none shipped, serial 0."""
    world = world_from_data({"ports": [PORT], "first": "axis"})
    assert (world.allowance, world.shipped, world.weather, world.serial) == ({}, {}, None, 0)


@pytest.mark.parametrize(("change", "message"), [
    ({"ports": [PORT, {**PORT, "owner": "axis"}]}, "ports: 'Tripoli' is listed twice"),
    ({"ports": [PORT, {**PORT, "name": "Derna", "hits": -1}]}, "ports[1] (Derna).hits is -1: it must be from 0 to 1,000,000"),
    ({"ports": [PORT, {**PORT, "name": "Derna", "capacity": "x"}]}, "ports[1]: Expected `int`, got `str` - at `$.capacity`"),
])
def test_a_world_the_rules_cannot_hold_is_refused_naming_the_place(change: dict, message: str) -> None:
    with pytest.raises(SavedDataError) as refused:
        world_from_data({"ports": [PORT], "first": "axis", **change})
    assert str(refused.value) == message
