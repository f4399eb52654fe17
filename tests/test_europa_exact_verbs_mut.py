"""Europa port commands exactly, the cases ``tests/test_europa_exact_port_verbs.py`` leaves open (``verbs.py``):
a ``key=value`` whose value holds ``=`` or ``: ``, a bad on/off value named by its key, a sea zone unchecked when
the rule set has no sea tables, ``port add`` for a side with no usable ports yet (31.A), the actor of
``intrinsic`` on a port of the side not in its segment, and refusals naming several extra words. Mediterranean 1943
(seed 1), the Axis initial naval phase.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from msgspec.structs import replace

from tests.conftest import fixed_clock
from tests.exact import refused, said
from tui.rules.europa import verbs
from tui.session import memory_game


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def test_31_A_1_port_edit_value_keeps_its_equals_sign_and_colon(game) -> None:
    """31.A.1: ``key=value`` splits at the first ``=``; a refused type is said as the scenario check says it, a
    ``: `` in the typed value kept."""
    assert said(game, "port edit Tobruk hex=19A:2416=x")[0] == "Port edited: Tobruk (hex=19A:2416=x)"
    assert game.state.world.ports["Tobruk"].hex == "19A:2416=x"
    assert refused(game, 'port edit Tobruk "type=a: b"') == (
        "'a: b' is not a port type (great, major, standard, mulberry, minor, jetty)")
    assert refused(game, 'port edit Tobruk "owner=axis" "harbour=x: y"') == (
        "'x: y' is not a harbour (none, artificial, natural)")
    assert game.state.world.ports["Tobruk"].owner == "allied"


def test_31_A_1_port_edit_flag_refusal_names_its_key(game) -> None:
    """31.A.2, 31.A.11, 31.A.14: an on/off field refuses another word, naming the field."""
    assert refused(game, "port edit Tobruk inland=maybe") == "inland must be on or off, not 'maybe'"
    assert refused(game, "port edit Tobruk naval-base=2") == "naval_base must be on or off, not '2'"
    assert refused(game, "port edit Tobruk trace_ok=") == "trace_ok must be on or off, not ''"


def test_31_A_1_a_sea_zone_is_taken_as_typed_without_sea_tables(game) -> None:
    """33.B.10: with no sea tables (``build_verbs(tables)``), a port's sea zone is not checked: kept as typed."""
    world = game.state.world
    tobruk = world.ports["Tobruk"]
    assert verbs._edit(None, tobruk, ["zone=Nowhere Sea"], world) == replace(tobruk, sea_zone="Nowhere Sea")
    assert verbs._edit(None, tobruk, ["hex=1"], world) == replace(tobruk, hex="1")


def _ctx(world):
    return SimpleNamespace(state=SimpleNamespace(world=world), segment=SimpleNamespace(key="t1"), year=1943,
                           turn_label="Jan I 1943")


def test_31_A_port_add_makes_the_new_port_usable_by_its_owner(game) -> None:
    """31.A: a port added in set-up is usable by its owner at once, after the ports the side already has."""
    before = game.state.world.usable
    said(game, "port add Sfax standard allied")
    assert game.state.world.usable == {"axis": before["axis"], "allied": (*before["allied"], "Sfax")}
    said(game, "port add Bari minor axis")
    assert game.state.world.usable == {"axis": (*before["axis"], "Bari"), "allied": (*before["allied"], "Sfax")}


def test_31_A_port_add_for_a_side_without_usable_ports(game) -> None:
    """31.A: a side with no usable port yet gets the new port as its only one."""
    world = replace(game.state.world, usable={"axis": ("Naples",)})
    outcome = game.ruleset.verbs["port"].handler(_ctx(world), ["add", "Sfax", "standard", "allied"], {})
    assert outcome.summary == "Port added: Sfax, standard, allied"
    assert outcome.world.usable == {"axis": ("Naples",), "allied": ("Sfax",)}
    assert outcome.world.ports["Sfax"] == verbs.P.Port(name="Sfax", type="standard", owner="allied")


def test_31_A_2_intrinsic_is_the_owners_act(game) -> None:
    """31.A.2: the owner declares its intrinsic capacity, also in the other side's segment."""
    said(game, "port add Sfax standard allied")
    assert said(game, "intrinsic Sfax") == (
        "Sfax: intrinsic supply capacity used (24 SPs); Port Used (31.A.2)", ["Sfax: 3 REs, acts as standard"], "allied",
        ["RE capacity"])
    assert refused(game, "intrinsic Taranto x y") == "too many arguments: x y; usage: intrinsic PORT"


def test_31_A_1_port_refusals_name_every_extra_word(game) -> None:
    """31.A.1: ``port remove`` and ``port edit`` name all the words they did not expect."""
    assert refused(game, "port remove Tobruk x y") == "too many arguments: x y"
    assert refused(game, "port edit Tobruk x y hex=1") == "expected key=value after the port name, got x y"
    assert "Tobruk" in game.state.world.ports and game.state.world.ports["Tobruk"].hex == ""
