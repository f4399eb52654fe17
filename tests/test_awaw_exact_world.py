"""Exact tests of the AWAW world and its save data (seed 004, chapter 21), each guarding a change to
``tui/rules/awaw/world.py`` the engine tests let pass: finding units and bases as typed (21.31, RULINGS A6), task
forces (21.312), the units of a base (21.11, 21.113), the serial, and a save that comes back whole or with defaults."""

from __future__ import annotations

import json

import pytest

from awaw_core_fixtures import base, unit, world
from tui.rules.awaw.world import AwawWorld, world_from_data, world_to_data
from tui.rules.core.errors import RuleError


def _world() -> AwawWorld:
    return world([base("Malta", hex="Y20"), base("Gibraltar", fronts=("western", "mediterranean"), hex="AA7"),
                  base("Atlantic U.S.", "box", ())],
                 [unit("Warspite", tf="H"), unit("Valiant", tf="H"), unit("Barham", tf="H", sunk=True),
                  unit("RN-DD1", 4, type="destroyer", base="Gibraltar"), unit("Nelson", 3, base="Gibraltar", tf="")])


def test_21_31_a_unit_is_found_by_id_in_any_case_or_a_unique_prefix() -> None:
    """21.31: units are typed by id: any case, or a unique prefix; an unknown or ambiguous one is refused."""
    w = _world()
    assert w.unit("warspite").id == "Warspite" and w.unit("RN").id == "RN-DD1" and w.unit("Nel").id == "Nelson"
    with pytest.raises(RuleError, match="^no naval unit called 'Hood'$"):
        w.unit("Hood")


def test_21_31_several_units_are_named_in_order_none_twice() -> None:
    """21.31: "Valiant,warspite RN" names three units in the order typed; one named twice is refused."""
    w = _world()
    assert [u.id for u in w.units_named(["Valiant,warspite", "RN"])] == ["Valiant", "Warspite", "RN-DD1"]
    with pytest.raises(RuleError, match="^naval unit 'Valiant' is named twice$"):
        w.units_named(["Valiant", "valiant"])
    with pytest.raises(RuleError, match="^no naval unit called 'Hood'$"):
        w.units_named(["Hood"])


def test_a_changed_unit_keeps_its_place_and_a_new_one_comes_last() -> None:
    """21.3: replacing a unit keeps the roster's order; a new id is added at the end; the old world is unchanged."""
    w = _world()
    new = w.with_units([w.units["Valiant"].change(inverted=True), unit("Hood")])
    assert list(new.units) == ["Warspite", "Valiant", "Barham", "RN-DD1", "Nelson", "Hood"]
    assert new.units["Valiant"].inverted and not w.units["Valiant"].inverted and "Hood" not in w.units


def test_21_113_the_units_at_a_base_are_afloat_unless_asked() -> None:
    """21.113: a base's units leave out the sunk, unless ``afloat`` is False."""
    w = _world()
    assert [u.id for u in w.units_at("Malta")] == ["Warspite", "Valiant"]
    assert [u.id for u in w.units_at("Malta", afloat=False)] == ["Warspite", "Valiant", "Barham"]
    assert [u.id for u in w.units_at("Gibraltar")] == ["RN-DD1", "Nelson"]
    assert w.units_at("Atlantic U.S.") == []


def test_21_312_a_task_force_is_its_afloat_units_and_no_name_is_no_task_force() -> None:
    """21.312: TF H is Warspite and Valiant (Barham is sunk); "" names no task force, not the units outside one."""
    w = _world()
    assert [u.id for u in w.task_force("H")] == ["Warspite", "Valiant"]
    assert w.task_force("") == [] and w.task_force("K") == []


def test_21_11_a_base_is_found_by_name_any_case_or_prefix() -> None:
    """21.11: bases are typed by name, any case or a unique prefix; an unknown one is refused as a base."""
    w = _world()
    assert w.base("gibraltar").name == "Gibraltar" and w.base("Atl").name == "Atlantic U.S."
    with pytest.raises(RuleError, match="^no base called 'Suez'$"):
        w.base("Suez")


def test_rulings_A6_a_base_is_its_hex_and_a_name_wins_over_a_hex() -> None:
    """RULINGS A6: ``base_at`` finds a base by its full name (any case, spaces around) or by its hex; a prefix is not
    enough; a box has no hex; a name that is also another base's hex finds the named base."""
    w = _world()
    assert w.base_at(" malta ").name == "Malta" and w.base_at("aa7").name == "Gibraltar"
    assert w.base_at("Y20").name == "Malta"
    assert w.base_at("Mal") is None and w.base_at("") is None and w.base_at("Z1") is None
    odd = world([base("Y20", hex="Q1"), base("Malta", hex="Y20")], [])
    assert odd.base_at("Y20").name == "Y20"


def test_a_changed_base_replaces_its_namesake_and_a_new_one_comes_last() -> None:
    """21.11: ``with_base`` replaces the base of the same name in place, or adds it at the end."""
    w = _world()
    new = w.with_base(w.bases["Malta"].change(operational=False)).with_base(base("Suez"))
    assert list(new.bases) == ["Malta", "Gibraltar", "Atlantic U.S.", "Suez"]
    assert not new.bases["Malta"].operational and w.bases["Malta"].operational


def test_a_base_of_several_words_is_read_from_the_front_of_a_command() -> None:
    """21.14: ``take_base`` reads "Atlantic U.S." from the words and returns the rest; no words asks which base."""
    got, rest = _world().take_base(["Atlantic", "U.S.", "Warspite"])
    assert got.name == "Atlantic U.S." and rest == ["Warspite"]
    with pytest.raises(RuleError, match="^which base\\?$"):
        _world().take_base([])


def test_the_serial_goes_up_by_one_and_the_old_world_keeps_its_own() -> None:
    """Issue 20 (one id per operation from the moment it is announced): the next serial is one more; the world it came
    from is unchanged."""
    w = AwawWorld(serial=4)
    new, n = w.next_serial()
    assert (n, new.serial, w.serial) == (5, 5, 4)


def test_a_save_comes_back_whole_through_json() -> None:
    """21.526, 21.211, 21.71, 21.442, 21.444, 21.121: every field of the world survives the save file."""
    w = AwawWorld(units=_world().units, bases=_world().bases, drm={"britain": 1, "italy": -1},
                  hex_control={"AA7": "britain"}, phase_control={"AA7": "spain"}, uninvert_allowance={"britain": 12},
                  harbor_research={"japan": True}, harbor_attacks=2, initial_harbor_left=1,
                  port_builds={"usa": [3, 5]}, ops={"turn": "3:allies", "missions": {}}, first="axis", serial=9)
    data = world_to_data(w)
    assert data["units"][0]["id"] == "Warspite" and list(data["bases"][1]["fronts"]) == ["western", "mediterranean"]
    back = world_from_data(json.loads(json.dumps(data)))
    assert back == w
    assert list(back.units) == list(w.units) and list(back.bases) == list(w.bases)
    assert data["port_builds"]["usa"] is not w.port_builds["usa"]


def test_an_old_save_without_the_later_fields_loads_with_their_defaults() -> None:
    """21.526, 21.211, 21.71, 21.442, 21.444, 21.121: a save with only units and bases loads with none of these; serial 0."""
    back = world_from_data({"units": [], "bases": []})
    assert back == AwawWorld()


def test_save_data_is_read_as_the_types_the_world_keeps() -> None:
    """21.526, 21.71, 21.444, 21.121: numbers typed as text in a hand-edited save are read as numbers, flags as flags."""
    back = world_from_data({"units": [], "bases": [], "drm": {"britain": "2"}, "hex_control": {"AA7": "britain"},
                            "phase_control": {"AA7": "italy"}, "uninvert_allowance": {"italy": "6"},
                            "harbor_research": {"japan": 1}, "harbor_attacks": "3", "initial_harbor_left": "1",
                            "port_builds": {"usa": ["4"]}, "first": "allies", "serial": "7", "ops": {"k": 1}})
    assert back == AwawWorld(drm={"britain": 2}, hex_control={"AA7": "britain"}, phase_control={"AA7": "italy"},
                             uninvert_allowance={"italy": 6}, harbor_research={"japan": True}, harbor_attacks=3,
                             initial_harbor_left=1, port_builds={"usa": [4]}, ops={"k": 1}, first="allies", serial=7)
    assert type(back.harbor_research["japan"]) is bool and type(back.drm["britain"]) is int
