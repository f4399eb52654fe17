"""AWAW 21.43 sea transport: requirements (21.434), box routes (21.433), bases (21.435), cargo (21.435G, 21.437C)."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import box, ops_tables, port
from tui.rules.awaw.transport import Cargo, check_bases, check_cargo, parse_cargo, transport_requirement
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


def test_21_434A_one_destroyer_factor_per_factor_between_mapboard_ports(t) -> None:
    req, route = transport_requirement(9, port("Taranto"), port("Tripoli"), t)
    assert (req.destroyers.value, req.transports.value, route) == (9, 0, None)


def test_21_434B_C_to_a_box_two_destroyer_factors_a_factor_and_a_transport_per_five(t) -> None:
    """21.433A route: U.S. Atlantic box to a western front port; 7 factors need 14 DD and 2 Atlantic transports."""
    req, route = transport_requirement(7, box("Atlantic U.S."), port("Liverpool", "western"), t)
    assert (req.destroyers.value, req.transports.value) == (14, 2)
    assert route.rule == "21.433A" and route.sw_box == "Atlantic SW"
    assert "Atlantic SW" in req.transports.name


def test_21_434B_the_same_from_the_mapboard_to_a_box(t) -> None:
    req, route = transport_requirement(5, port("Suez"), box("South Africa"), t)
    assert (req.destroyers.value, req.transports.value) == (10, 1)
    assert route.rule == "21.433F"


@pytest.mark.parametrize("start, end, rule", [
    (box("Pacific U.S."), port("Pearl Harbor", "pacific", theater="pacific"), "21.433B"),
    (box("Pacific U.S."), port("Dutch Harbor", "pacific", theater="pacific"), "21.433B"),
    (port("Bora Bora", "pacific", theater="pacific"), box("Pacific U.S."), "21.433B"),
    (box("India"), port("Rangoon", "pacific", theater="pacific"), "21.433C"),
    (box("Australia"), port("Rabaul", "pacific", theater="pacific"), "21.433C"),
    (box("India"), port("Basra", "mediterranean"), "21.433D"),
    (box("Australia"), port("Abadan", "mediterranean"), "21.433E"),
])
def test_21_433_permitted_box_routes(t, start, end, rule: str) -> None:
    _, route = transport_requirement(1, start, end, t)
    assert route.rule == rule


@pytest.mark.parametrize("start, end", [
    (box("Atlantic U.S."), port("Naples", "mediterranean")),
    (box("Pacific U.S."), port("Truk", "pacific", theater="pacific")),
    (box("South Africa"), port("Gibraltar", "western", "mediterranean")),
    (box("Atlantic U.S."), box("South Africa")),
])
def test_21_433_other_box_routes_are_refused(t, start, end) -> None:
    with pytest.raises(RuleError, match="21.433"):
        transport_requirement(1, start, end, t)


def test_21_435C_one_base_of_debarkation(t) -> None:
    with pytest.raises(RuleError, match="21.435C"):
        check_bases([port("Taranto")], [port("Tripoli"), port("Benghazi")], {"taranto", "tripoli", "benghazi"})


def test_21_435C_several_bases_of_embarkation_are_allowed(t) -> None:
    """21.435C: "There may be more than one base of embarkation" (one of debarkation): two embarkation bases are
    accepted, and a sea transport from Taranto and Naples to Tripoli is recorded with both, in the order typed."""
    assert check_bases([port("Taranto"), port("Naples")], [port("Tripoli")], {"taranto", "naples", "tripoli"}) is None
    from tests.awaw_game import awaw_game, ok, to

    game = awaw_game()
    to(game, "Sea transport")
    r = ok(game, 'transport Taranto,Naples Tripoli --cargo "Pavia:3" --by RM-DD-Taranto,RM-DD-Naples --distance 12')
    mission = game.state.world.ops["missions"][r.message.split(":")[0]]
    assert (mission["from"], mission["to"]) == (["Taranto", "Naples"], "Tripoli")


def test_21_435D_both_bases_controlled_at_the_start_of_the_player_turn(t) -> None:
    with pytest.raises(RuleError, match="Tobruk was not under friendly control.*21.435D"):
        check_bases([port("Taranto")], [port("Tobruk")], {"taranto"})


def test_21_435G_no_second_transport_in_a_turn(t) -> None:
    with pytest.raises(RuleError, match="21.435G"):
        check_cargo((Cargo("15 Pz", 4, "armor"),), {"15 pz"})


def test_21_437C_partially_supplied_or_oil_affected_ground_units_refused(t) -> None:
    with pytest.raises(RuleError, match="21.437C"):
        check_cargo((Cargo("Ariete", 3, "armor", supply="partial"),), set())
    with pytest.raises(RuleError, match="21.437C"):
        check_cargo((Cargo("Ariete", 3, "armor", oil_effect=True),), set())


def test_21_434_factors_carried_add_up(t) -> None:
    assert check_cargo(parse_cargo("15 Pz:4:armor, 90 Lt:3, X Fliegerkorps:2:air"), set()).value == 9


def test_cargo_tags_say_what_the_app_cannot_see() -> None:
    [a, b] = parse_cargo("Ariete:3:armor:partial:ctl=1, 15 Pz:4:armor:oil:no-mech")
    assert (a.supply, a.ctl, b.oil_effect, b.mech_intact) == ("partial", 1, True, False)


@pytest.mark.parametrize("text", ["", "Ariete", "Ariete:0", "Ariete:x", "Ariete:3:tank", "A:1,a:2", "A:99999", "A:1:armor:ctl=x",
                                  "A:1:armor:fast"])
def test_cargo_typed_wrongly_is_refused_with_the_form(text: str) -> None:
    with pytest.raises(RuleError):
        parse_cargo(text)
