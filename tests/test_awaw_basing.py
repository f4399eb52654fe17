"""AWAW basing (seed 004, 21.11-21.114, 21.112, 21.13x): room, overstacking, fronts."""

from __future__ import annotations

import pytest

from tests.awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw import basing as B
from tui.rules.core.errors import RuleError


def test_21_11_a_port_bases_50_naval_factors() -> None:
    w = world([base("Malta")], [unit("a", 30), unit("b", 15)])
    assert B.capacity(w.bases["Malta"], tables()).value == 50
    assert B.room_used(w, w.bases["Malta"], tables()).value == 45
    assert B.room_left(w, w.bases["Malta"], tables()).value == 5


def test_21_111_a_two_port_hex_bases_100() -> None:
    w = world([base("Kiel/Hamburg", "two-port", ("western", "eastern"), control="germany")],
              [unit("a", 60, power="germany", base="Kiel/Hamburg")])
    assert B.room_left(w, w.bases["Kiel/Hamburg"], tables()).value == 40


def test_21_113_units_waiting_for_repair_do_not_count() -> None:
    w = world([base("Malta")], [unit("a", 4), unit("b", 3, damaged=True, repair=True), unit("c", 2, damaged=True)])
    used = B.room_used(w, w.bases["Malta"], tables())
    assert used.value == 6  # a 4 + c 2 (damaged but not in the box); b is in Waiting for Repair
    assert any("21.113" in n and "b" in n for n in used.notes)


def test_21_114_a_mapboard_box_is_unlimited() -> None:
    w = world([base("Atlantic U.S.", "box", (), control="usa")], [unit("a", 90, power="usa", base="Atlantic U.S.")])
    assert B.room_left(w, w.bases["Atlantic U.S."], tables()).value == "unlimited"
    B.check_room(w, w.bases["Atlantic U.S."], [unit("b", 200, power="usa", base="Malta")], tables(), "test")


def test_21_112_capacity_may_not_be_voluntarily_exceeded() -> None:
    w = world([base("Malta"), base("Alexandria")], [unit("a", 45), unit("b", 6, base="Alexandria")])
    with pytest.raises(RuleError, match=r"21\.112"):
        B.check_room(w, w.bases["Malta"], [w.units["b"]], tables(), "rebase")
    B.check_room(w, w.bases["Malta"], [unit("c", 5, base="Alexandria")], tables(), "rebase")  # exactly 50: allowed


def test_21_112_overstacked_bases_and_their_excess() -> None:
    w = world([base("Malta"), base("Alexandria")], [unit("a", 45), unit("b", 8), unit("c", 3, base="Alexandria")])
    assert B.overstacked(w, tables()) == {"Malta": 3}


def test_transports_do_not_count_against_basing_assumption() -> None:
    """21.35C: transports are not physically in TFs; the data's assumption keeps them out of the room used."""
    w = world([base("Malta")], [unit("t", 6, type="transport"), unit("d", 4, type="destroyer")])
    assert B.room_used(w, w.bases["Malta"], tables()).value == 4


def test_21_415_a_patrol_still_counts_in_its_base_of_origin() -> None:
    w = world([base("Malta")], [unit("a", 40, at_sea="patrol", sea_hex="Y20"), unit("b", 5)])
    assert B.room_used(w, w.bases["Malta"], tables()).value == 45


def test_21_131_21_1324_front_of_a_base() -> None:
    gib = base("Gibraltar", fronts=("western", "mediterranean"))
    assert B.front_of(base("Malta"), "") == "mediterranean"
    assert B.front_of(gib, "western") == "western"
    with pytest.raises(RuleError, match=r"21\.1324"):
        B.front_of(gib, "")
    with pytest.raises(RuleError, match=r"21\.132"):
        B.front_of(gib, "eastern")
