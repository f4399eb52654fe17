"""AWAW employment and basing, exactly (seed 004, 21.11-21.114, 21.31-21.35): why a unit may not act, a force's
figures, what acting costs, and the room a base has.

Each test pins the reasons, figures, labels and rule numbers of one result, so
that a changed clause, term or message is noticed.
"""

from __future__ import annotations

import pytest

from awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw.basing import capacity, check_room, overstacked, room_left, room_used
from tui.rules.awaw.employment import check_force, employ, force_figures, why_not
from tui.rules.core.errors import RuleError

SW = base("Atlantic SW", kind="sw-box", fronts=("western",))
MALTA = base("Malta")


@pytest.mark.parametrize("state, reason", [
    ({"sunk": True}, "A is sunk"),
    ({"repair": True, "damaged": True}, "A is waiting for repair (21.314)"),
    ({"damaged": True}, "A is damaged: damaged naval units may not undertake naval activities (21.314)"),
    ({"at_sea": "patrol", "sea_hex": "K12"}, "A is at sea (patrol in K12) (21.321)"),
    ({"at_sea": "patrol"}, "A is at sea (patrol in its hex) (21.321)"),
    ({"unusable": True}, "A is excess in an overstacked base and may not be used this player turn (21.112)"),
    ({"acted": True, "inverted": True}, "A has already carried out its one activity this player turn (21.31)"),
    ({"inverted": True}, "A is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)"),
    ({"acted": True, "base": "Nowhere"}, "A has already carried out its one activity this player turn (21.31)"),
    ({"acted": True, "inverted": True, "base": "Atlantic SW"}, ""),
    ({}, ""),
])
def test_21_31_21_314_why_a_unit_may_not_act(state: dict[str, object], reason: str) -> None:
    """21.31, 21.314, 21.321, 21.112: the first reason that applies, in this order; units in an SW box act again (25.36)."""
    assert why_not(unit("A", **state), world([SW, MALTA], [])) == reason


def test_21_414B_a_unit_that_changed_base_may_not_patrol_but_may_do_the_rest() -> None:
    """21.414B, 21.32: base changed this movement phase: refused for a patrol only."""
    moved = unit("A", base_changed=True)
    assert why_not(moved, world([MALTA], [])) == ""
    assert why_not(moved, world([MALTA], []), patrol=True) == "A changed base this movement phase and may not patrol (21.414B, 21.32)"


def test_21_312_21_313_force_figures_count_each_kind_by_unit() -> None:
    """21.312: every naval factor but transports; 21.313: fast fleet and fast carrier factors; 21.434, 21.35C."""
    units = [unit("BB", 3, fast=True), unit("CV", 2, type="fast-carrier"), unit("DD", 4, type="destroyer"),
             unit("TR", 5, type="transport"), unit("SS", 2, type="submarine"), unit("CA", 1, type="cruiser")]
    got = {k: v.to_dict() for k, v in force_figures(units, tables()).items()}
    assert got == {
        "factors": {"name": "Naval factors in the force", "value": 12, "rule": "21.312",
                    "terms": [{"label": n, "value": f, "rule": "21.312"} for n, f in
                              (("BB", 3), ("CV", 2), ("DD", 4), ("SS", 2), ("CA", 1))], "notes": []},
        "fast_fleet": {"name": "Fast fleet factors", "value": 3, "rule": "21.313",
                       "terms": [{"label": "BB", "value": 3, "rule": "21.313"}], "notes": []},
        "carriers": {"name": "Fast carrier factors", "value": 2, "rule": "21.313",
                     "terms": [{"label": "CV", "value": 2, "rule": "21.313"}], "notes": []},
        "destroyers": {"name": "Destroyer factors", "value": 4, "rule": "21.434",
                       "terms": [{"label": "DD", "value": 4, "rule": "21.434"}], "notes": []},
        "transports": {"name": "Transports", "value": 5, "rule": "21.35C",
                       "terms": [{"label": "TR", "value": 5, "rule": "21.35C"}], "notes": []}}


def test_21_312_ten_factors_must_be_one_task_force_nine_need_not() -> None:
    """21.312: 9 factors act without a TF; 10 without one, or split between two, are refused; one TF is accepted."""
    w = world([MALTA], [])
    nine = [unit("BB", 5), unit("CA", 4, type="cruiser")]
    assert check_force(nine, w, tables(), "patrol")["factors"].value == 9
    ten = [unit("BB", 5), unit("CA", 5, type="cruiser")]
    message = ("patrol: a naval force of 10 naval factors must be one task force (ten or more factors, 21.312); "
               "form it with `tf NAME UNITS`")
    for tfs in (("", ""), ("TF1", ""), ("TF1", "TF2")):
        force = [u.change(tf=tf) for u, tf in zip(ten, tfs)]
        with pytest.raises(RuleError) as err:
            check_force(force, w, tables(), "patrol")
        assert str(err.value) == message
    one = [u.change(tf="TF1") for u in ten] + [unit("TR", 4, type="transport")]
    assert check_force(one, w, tables(), "patrol")["factors"].value == 10


def test_21_313_a_fast_fleet_factor_for_each_fast_carrier_factor() -> None:
    """21.313: 2 carrier factors need 2 fast fleet factors; 1 is refused unless the activity is one carriers do alone."""
    w = world([MALTA], [])
    short = [unit("CV", 2, type="fast-carrier"), unit("BB", 1, fast=True), unit("BB2", 3)]
    with pytest.raises(RuleError) as err:
        check_force(short, w, tables(), "carrier-mission")
    assert str(err.value) == "carrier-mission: 2 fast carrier factors need 2 fast fleet factors, the force has 1 (21.313)"
    assert check_force(short, w, tables(), "base-change", carriers_alone=True)["carriers"].value == 2
    enough = [unit("CV", 2, type="fast-carrier"), unit("BB", 2, fast=True)]
    assert check_force(enough, w, tables(), "carrier-mission")["fast_fleet"].value == 2


def test_21_31_a_force_is_of_one_side_and_each_unit_may_act() -> None:
    """21.31: no units, two sides, or one unit that may not act: refused, naming the activity."""
    w = world([MALTA], [])
    cases = [([], "patrol: which naval units?"),
             ([unit("RN", 2), unit("KM", 2, power="germany")], "patrol: a naval force is of one side; these are allies and axis"),
             ([unit("RN", 2), unit("RN2", 2, damaged=True)],
              "patrol: RN2 is damaged: damaged naval units may not undertake naval activities (21.314)")]
    for units, message in cases:
        with pytest.raises(RuleError) as err:
            check_force(units, w, tables(), "patrol")
        assert str(err.value) == message


def test_21_311_acting_inverts_except_in_an_sw_box_and_at_sea_until_return() -> None:
    """21.31, 21.311 (inverted after the activity), 25.36 (not in an SW box), 21.4183 (inverted when they return)."""
    w = world([SW, MALTA], [])
    home, box = unit("A"), unit("B", base="Atlantic SW")
    done = employ([home, box], w)
    assert [(u.acted, u.inverted) for u in done] == [(True, True), (False, False)]
    at_sea = employ([home, unit("C", inverted=True)], w, invert=False)
    assert [(u.acted, u.inverted) for u in at_sea] == [(True, False), (True, True)]


def _malta_world():
    units = [unit("BB", 30), unit("CA", 12, type="cruiser", at_sea="patrol"), unit("DD", 6, type="destroyer", repair=True),
             unit("TR", 5, type="transport"), unit("X", 9, sunk=True), unit("N", 40, base="Naples")]
    return world([MALTA, SW, base("Naples", kind="two-port")], units)


BASING_NOTES = ["not counted, waiting for repair (21.113): DD", "not counted, transports are not put into TFs (21.35C): TR",
                "at sea but still counted in their base of origin (21.415): CA"]


def test_21_11_21_113_21_415_room_used_counts_each_unit_and_says_what_it_leaves_out() -> None:
    """21.11 (a factor a factor), 21.113 (waiting for repair), 21.35C (transports), 21.415 (patrols still count); the
    sunk unit and the unit at Naples are not Malta's."""
    assert room_used(_malta_world(), MALTA, tables()).to_dict() == {
        "name": "Room used at Malta", "value": 42, "rule": "21.11, 21.113",
        "terms": [{"label": "BB", "value": 30, "rule": "21.11"}, {"label": "CA", "value": 12, "rule": "21.11"}],
        "notes": BASING_NOTES}


def test_21_112_room_left_is_capacity_minus_room_used() -> None:
    """21.11, 21.112: 50 - 42 = 8 at Malta, with the room used's notes; an SW box is unlimited (21.114)."""
    assert room_left(_malta_world(), MALTA, tables()).to_dict() == {
        "name": "Room left at Malta", "value": 8, "rule": "21.11, 21.112",
        "terms": [{"label": "capacity", "value": 50, "rule": "21.11"}, {"label": "used", "value": -42, "rule": "21.11, 21.113"}],
        "notes": BASING_NOTES}
    assert room_left(_malta_world(), SW, tables()).to_dict() == {
        "name": "Room left at Atlantic SW", "value": "unlimited", "rule": "21.114",
        "terms": [{"label": "mapboard box", "value": "unlimited", "rule": "21.114"}], "notes": []}


def test_21_111_21_114_capacity_by_kind_of_base() -> None:
    """21.11 a port 50, 21.111 a two-port hex 100, 21.114 a mapboard box unlimited."""
    assert capacity(MALTA, tables()).to_dict() == {
        "name": "Basing capacity of Malta", "value": 50, "rule": "21.11",
        "terms": [{"label": "Port", "value": 50, "rule": "21.11"}], "notes": []}
    assert capacity(base("Naples", kind="two-port"), tables()).to_dict() == {
        "name": "Basing capacity of Naples", "value": 100, "rule": "21.111",
        "terms": [{"label": "Two-port hex", "value": 100, "rule": "21.111"}],
        "notes": ["One port for every purpose but air defence (23.42)."]}
    assert capacity(base("India", kind="box"), tables()).to_dict() == {
        "name": "Basing capacity of India", "value": "unlimited", "rule": "21.114",
        "terms": [{"label": "Mapboard box", "value": "unlimited", "rule": "21.114"}], "notes": []}


def test_21_112_capacity_may_not_be_voluntarily_exceeded() -> None:
    """21.112: 42 used at Malta; 8 more arriving fit, 9 do not; units already there and boxes are not checked."""
    w = _malta_world()
    assert check_room(w, MALTA, [unit("Y", 8, base="Naples")], tables(), "base-change") is None
    with pytest.raises(RuleError) as err:
        check_room(w, MALTA, [unit("Y", 9, base="Naples")], tables(), "base-change")
    assert str(err.value) == ("base-change: Malta bases 50 naval factors and holds 42; 9 more would exceed it, and capacity "
                              "may not be voluntarily exceeded (21.112)")
    assert check_room(w, MALTA, [unit("BB", 30)], tables(), "base-change") is None
    assert check_room(w, SW, [unit("Y", 900)], tables(), "base-change") is None


def test_21_112_overstacked_bases_and_their_excess() -> None:
    """21.112: Malta at 42 + 9 = 51 is 1 over; Naples (two-port, 40 of 100) and the SW box (unlimited) are not."""
    assert overstacked(_malta_world(), tables()) == {}
    w = _malta_world()
    w = w.with_units([unit("Z", 9), unit("Q", 100, base="Atlantic SW")])
    assert overstacked(w, tables()) == {"Malta": 1}
    full = w.with_units([unit("Z", 8)])
    assert overstacked(full, tables()) == {}
