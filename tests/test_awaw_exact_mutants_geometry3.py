"""Exact tests of the AWAW geometry and route helpers (seed 004, 21.11-21.415, 21.36A-21.3617, 21.321, 21.37, 21.434),
each guarding a change the other tests let pass: the room used and overstacking (21.112, 21.35C, 21.415), the hex floor
of a typed distance (21.36A, proposed A28), targeted hexes entered (21.321), small ports on the legs of a route
(21.3617), who may name a range exception (21.3615A, 21.3616A), islands without a port (21.37) and cargo as typed
(21.434)."""

from __future__ import annotations

from awaw_core_fixtures import base, tables, unit, world
from test_awaw_exact_ops_helpers import _ctx, _env, _refused, _targets, _world
from tui.rules.awaw import basing as B
from tui.rules.awaw import ops_helpers as H
from tui.rules.awaw.common import words_list
from tui.rules.awaw.hexes import check_floor, targeted_entered
from tui.rules.awaw.ranges import check_range, exception_use
from tui.rules.awaw.transport import Cargo, parse_cargo
from tui.rules.core.explain import Explained, Term

# --- basing (21.112, 21.35C, 21.415) ------------------------------------------------------------------------------


def test_21_112_a_box_listed_first_does_not_hide_an_overstacked_port() -> None:
    """21.112, 21.114: a mapboard box has no capacity and is passed over; Malta after it still shows its excess."""
    w = world([base("Atlantic U.S.", "box", (), control="usa"), base("Malta")],
              [unit("u", 90, power="usa", base="Atlantic U.S."), unit("a", 45), unit("b", 8)])
    assert B.overstacked(w, tables()) == {"Malta": 3}


def test_21_35C_21_415_the_room_used_names_every_transport_and_every_patrol() -> None:
    """21.35C: two transports not counted; 21.415: two units on patrol counted in their base of origin, all named."""
    w = world([base("Malta")], [unit("t1", 6, type="transport"), unit("t2", 4, type="transport"),
                                unit("p1", 3, at_sea="patrol", sea_hex="Y20"), unit("p2", 2, at_sea="patrol", sea_hex="Y20")])
    assert B.room_used(w, w.bases["Malta"], tables()) == Explained(
        "Room used at Malta", 5, "21.11, 21.113", (Term("p1", 3, "21.11"), Term("p2", 2, "21.11")),
        ("not counted, transports are not put into TFs (21.35C): t1, t2",
         "at sea but still counted in their base of origin (21.415): p1, p2"))


# --- options (21.211) ------------------------------------------------------------------------------------------------


def test_21_211_a_word_typed_is_a_list_of_that_word() -> None:
    """21.211: any word typed for a comma-separated option (``--straits XXXX``) is kept; an empty one is no list."""
    assert words_list({"straits": "XXXX"}, "straits") == ["XXXX"]
    assert words_list({"straits": ""}, "straits") == []


# --- the map's floor (21.36A, proposed A28) and targeted hexes (21.321) --------------------------------------------


def test_21_36A_of_two_places_equally_far_the_first_sets_the_floor() -> None:
    """21.36A, proposed A28: U18 and U20 are both one hex from U19; the floor names the first place typed."""
    assert check_floor(9, [("Malta", "U18"), ("Gibraltar", "U20")], ("Naples", "U19"), "transport") == Explained(
        "Distance at least the hexes on the map", 1, "21.36A",
        (Term("hexes from Malta (U18) to Naples (U19)", 1, "21.36A, proposed A28"),
         Term("distance by water, typed", 9, "RULINGS A1")))


def test_21_321_two_targeted_hexes_entered_with_no_alternate_route_are_explained() -> None:
    """21.321: with --no-alternate, entering Naples and U19 (both targeted) is explained, a term per hex."""
    assert targeted_entered(["U18", "Naples", "U19"], {"Naples", "U19"}, "transport", True) == Explained(
        "Targeted hexes entered (no alternate route, typed)", 2, "21.321",
        (Term("Naples", 1, "21.321"), Term("U19", 1, "21.321")))


def test_21_321_a_mission_recorded_without_its_destination_targets_no_place() -> None:
    """21.321: an earlier transport whose record keeps no destination targets nothing; passing through Naples it is
    named as on its way to no place, and a hex typed XXXX is not taken for its target."""
    missions = {"transport-1": {"kind": "transport", "entered": ["Naples"]}}
    assert _refused(H.targeted_checks, _targets(missions), _env(), {}, "transport", ["Naples"], "t", targets=True) == (
        "t: transport-1's naval units pass through Naples on their way to ; targeting Naples too would have them enter "
        "two hexes targeted for sea transport or invasion in one phase (21.321); if no alternate route is available, add "
        "--no-alternate")
    two = {"transport-1": {"kind": "transport"}, "transport-2": {"kind": "transport", "to": "Naples"}}
    assert H.targeted_checks(_targets(two), _env(), {}, "transport", ["XXXX", "Naples"], "escort", targets=False) == []


def test_21_3612_a_force_named_without_a_range_exception_is_not_read_for_one() -> None:
    """21.3612, 21.3615: --by is read for a range exception only; without one, the route checks are the same."""
    ctx = _ctx(_world())
    assert H.route_checks(ctx, {"distance": 5, "by": "Nobody"}, _env(), "escort", "europe", "escort", "21.3612") == [
        Explained("Sea supply, NR, sea escort range", 5, "21.3612",
                  (Term("distance by water, typed (RULINGS A1)", 5, "21.36A, 21.36B"),
                   Term("a port touched at least every (Europe)", 20, "21.36C, 21.3612"),
                   Term("leg 1", 5, "21.36C")))]


# --- ranges (21.3617, 21.3615A, 21.3616A) ------------------------------------------------------------------------


def test_21_3617_a_small_port_caps_the_legs_that_touch_it_only() -> None:
    """21.3617: Port Moresby ends legs 1 and 2, Sandakan legs 2 and 3; leg 4 runs from Malta and is not capped."""
    assert check_range("escort", "europe", 20, tables(), legs=[5, 5, 5, 5],
                       ports=["Port Moresby", "Sandakan", "Malta"]) == Explained(
        "Sea supply, NR, sea escort range", 20, "21.3612",
        (Term("distance by water, typed (RULINGS A1)", 20, "21.36A, 21.36B"),
         Term("a port touched at least every (Europe)", 20, "21.36C, 21.3612"),
         Term("leg 1", 5, "21.36C"), Term("leg 2", 5, "21.36C"), Term("leg 3", 5, "21.36C"), Term("leg 4", 5, "21.36C")),
        ("leg 1 touches Port Moresby: 5 hexes at most (21.3617)",
         "leg 2 touches Port Moresby, Sandakan: 5 hexes at most (21.3617)",
         "leg 3 touches Sandakan: 5 hexes at most (21.3617)",
         "ports touched: Port Moresby, Sandakan, Malta"))


def _pearl(**kw: object):
    return world([base("Pearl Harbor", fronts=("pacific",), control="usa", theater="pacific", group="hawaiian")],
                 [unit("USN-1", power="usa", base="Pearl Harbor"), unit("USN-2", power="usa", base="Pearl Harbor")], **kw)


def test_21_3615A_the_exception_used_names_the_powers_the_group_and_each_island_held() -> None:
    """21.3615A: two U.S. units from Pearl Harbor (the Hawaiian group), Midway and Wake held by the U.S., Johnston Island
    not recorded (left to the referee, and Wake after it still checked)."""
    w = _pearl(hex_control={"Midway": "usa", "Wake": "usa"})
    assert exception_use("hawaii-20", list(w.units.values()), w, tables()) == Explained(
        "range exception hawaii-20", 1, "21.3615A",
        (Term("naval units of britain, usa, france", 2, "21.3615A"),
         Term("begins in the hawaiian island group", 1, "21.3615A"),
         Term("Midway held by usa", 1, "21.3615A"),
         Term("Wake held by usa", 1, "21.3615A")),
        ("Johnston Island: the scenario does not record who holds it; the referee confirms (21.3615A)",
         "fully supplied: Midway, Johnston Island, Wake (the referee confirms; 21.3615A)"))


def test_21_3615A_21_3616A_who_may_not_name_an_exception_is_refused_by_name() -> None:
    """21.3615A: Italian and Japanese units may not use a Western Allied exception; 21.3616A: a Japanese unit at a base
    the scenario does not hold does not begin in Japan."""
    w = _pearl()
    others = [unit("J", power="japan", base="Pearl Harbor"), unit("I", power="italy", base="Pearl Harbor")]
    assert _refused(exception_use, "hawaii-15", others, w, tables()) == (
        "range exception 'hawaii-15' (Hawaiian Islands, Midway and Johnston Island held and supplied) is for britain, "
        "usa, france naval units only, not italy, japan (21.3615A)")
    assert _refused(exception_use, "japan", [unit("J", power="japan", base="Nowhere")], w, tables()) == (
        "range exception 'japan' (Japanese activity beginning in Japan): the activity must begin in the japan island "
        "group; Nowhere is not there (21.3616A)")


# --- islands without a port (21.37) ----------------------------------------------------------------------------


def test_21_37_an_island_destination_not_confirmed_held_is_refused_for_the_command() -> None:
    """21.37, 21.435D: Pantelleria as the destination without --island-held is refused naming the command."""
    assert _refused(H.ends, _ctx(_world()), _env("axis"), {"island-end": "Pantelleria"}, "Malta", ["Pantelleria"],
                    "transport") == (
        "transport: Pantelleria is used as a one-hex island without a port (21.37A) only while controlled since the start "
        "of the player turn; confirm with --island-held (21.37, 21.435D)")


def test_21_37_the_word_island_followed_by_an_empty_word_is_the_island() -> None:
    """21.37: a destination typed "island" and an empty word ('') is still the --island-end island."""
    opts = {"island-end": "Nauru", "island-held": True}
    starts, end, rest = H.ends(_ctx(_world()), _env("allies"), opts, "Malta", ["island", ""], "escort")
    assert ([b.name for b in starts], end.name, end.theater, rest) == (["Malta"], "Nauru", "europe", [])


# --- cargo (21.434) --------------------------------------------------------------------------------------------


def test_21_434_a_two_digit_ctl_and_three_digit_factors_are_read() -> None:
    """21.434: ``ctl=12`` (two digits) and 100 factors (three digits) are read as typed."""
    assert parse_cargo("1 Arm:4:armor:ctl=12, 50 Inf:100") == (Cargo("1 Arm", 4, "armor", ctl=12),
                                                               Cargo("50 Inf", 100))


def test_21_434_names_differing_beyond_case_are_two_units() -> None:
    """21.434: "Maß" and "MASS" are two units of cargo (only a difference of case makes the same name)."""
    assert parse_cargo("Maß:1, MASS:2") == (Cargo("Maß", 1), Cargo("MASS", 2))
