"""AWAW sea transport, exactly (seed 004, 21.43): requirements, routes, cargo and bases, whole derivations and refusals.

Each test pins the figures, labels and rule numbers of one result, so that a
changed clause, term or message is noticed.
"""

from __future__ import annotations

import msgspec
import pytest

from awaw_ops_fixtures import box, ops_tables, port
from tui.rules.awaw.transport import (Cargo, Place, box_route, carried_rules, check_bases, check_cargo, parse_cargo,
                                      place_matches, transport_requirement)
from tui.rules.core.errors import RuleError


def test_21_434A_between_mapboard_ports_one_destroyer_factor_a_factor_and_no_transport() -> None:
    """21.434A, C: 9 factors from Taranto to Tripoli need 9 destroyer factors; no box, no transport."""
    req, route = transport_requirement(9, port("Taranto"), port("Tripoli"), ops_tables())
    assert route is None
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for sea transport", "value": 9, "rule": "21.434A",
        "terms": [{"label": "9 ground/air factors x 1", "value": 9, "rule": "21.434A"}], "notes": []}
    assert req.transports.to_dict() == {
        "name": "transports for sea transport", "value": 0, "rule": "21.434C",
        "terms": [{"label": "no mapboard box on the route", "value": 0, "rule": "21.434C"}], "notes": []}


def test_21_434B_C_from_a_box_two_destroyer_factors_a_factor_and_a_transport_per_five() -> None:
    """21.433A, 21.434B, C: 7 factors from the U.S. Atlantic box to Liverpool: 14 DD and 2 Atlantic SW transports."""
    req, route = transport_requirement(7, box("Atlantic U.S."), port("Liverpool", "western"), ops_tables())
    assert (route.box, route.sw_box, route.rule) == ("Atlantic U.S.", "Atlantic SW", "21.433A")
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for sea transport", "value": 14, "rule": "21.434B",
        "terms": [{"label": "7 ground/air factors x 2 (to or from the Atlantic U.S. box)", "value": 14, "rule": "21.434B"},
                  {"label": "route Atlantic U.S. - front:western", "value": 0, "rule": "21.433A"}], "notes": []}
    assert req.transports.to_dict() == {
        "name": "transports of the Atlantic SW box for sea transport", "value": 2, "rule": "21.434C, 20.64C",
        "terms": [{"label": "7 ground/air factors / 5, rounded up", "value": 2, "rule": "21.434C, 20.64C"}],
        "notes": ["One transport from the SW box the transport passes through for every five factors. Assumption: "
                  "rounded up, as 21.64C says for the same 20.64C requirement (21.434C does not say)."]}


def test_21_434_nothing_to_carry_is_refused() -> None:
    """21.434: at least one ground or air factor."""
    with pytest.raises(RuleError, match=r"^sea transport carries at least one ground or air factor \(21\.434\)$"):
        transport_requirement(0, port("Taranto"), port("Tripoli"), ops_tables())


def test_21_433_box_to_box_and_unlisted_routes_are_refused_with_the_listed_ones() -> None:
    """21.433: no box to box; from India only to the Pacific theater or the Indian Ocean ports (21.433C, D)."""
    with pytest.raises(RuleError) as err:
        box_route(box("Atlantic U.S."), box("India"), ops_tables())
    assert str(err.value) == "sea transport from Atlantic U.S. to India: box to box is not a permitted route (21.433)"
    with pytest.raises(RuleError) as err:
        box_route(box("India"), port("Liverpool", "western"), ops_tables())
    assert str(err.value) == ("sea transport between India and Liverpool is not permitted (21.433); from this box only: "
                              "India: theater:pacific (21.433C); India: group:indian_ocean_ports (21.433D)")


@pytest.mark.parametrize("spec, at_port, at_box", [
    ("naples", True, False), ("front:mediterranean", True, False), ("theater:europe", True, False),
    ("group:indian_ocean_ports", False, False), ("box:India", False, True), ("wild:x", False, False),
    ("front:western", False, False), ("theater:pacific", False, False),
])
def test_21_433_place_specs_of_the_route_tables(spec: str, at_port: bool, at_box: bool) -> None:
    """21.433: a route's places are a port's name, a front, a theater, an island group or a box."""
    assert place_matches(port("Naples"), spec, ops_tables()) is at_port
    assert place_matches(box("India"), spec, ops_tables()) is at_box


def test_21_433_a_box_spec_matches_that_box_only() -> None:
    """21.433: ``box:India`` is the India box, not the Australia box nor a port called India."""
    assert place_matches(box("India"), "box:India", ops_tables())
    assert not place_matches(box("Australia"), "box:India", ops_tables())
    assert not place_matches(port("India"), "box:India", ops_tables())


def test_21_433_a_box_is_named_exactly_a_port_in_any_case() -> None:
    """21.433: the tables name a box by its exact name, a port by its lower-case name."""
    assert (Place("India", True).key, Place("Naples").key) == ("India", "naples")


def test_21_434_cargo_as_typed_with_kinds_and_tags() -> None:
    """21.435G, 21.437C, 21.518: NAME:FACTORS[:KIND[:TAG...]], tags for supply, oil effect, CTL and mechanized component."""
    assert parse_cargo("1 Arm:4:armor:ctl=1:no-mech, 50 Inf:3 ,, 9 Air:2:air:partial:oil, Z:5:") == (
        Cargo("1 Arm", 4, "armor", ctl=1, mech_intact=False), Cargo("50 Inf", 3),
        Cargo("9 Air", 2, "air", supply="partial", oil_effect=True), Cargo("Z", 5))


@pytest.mark.parametrize("typed, message", [
    ("x", "cargo 'x': write NAME:FACTORS[:KIND], e.g. '50 Inf:3' or '1 Arm:4:armor'"),
    (" :3", "cargo ':3': write NAME:FACTORS[:KIND], e.g. '50 Inf:3' or '1 Arm:4:armor'"),
    ("a:0", "cargo 'a:0': factors must be a whole number from 1 to 999, not '0'"),
    ("a:1000", "cargo 'a:1000': factors must be a whole number from 1 to 999, not '1000'"),
    ("a:x", "cargo 'a:x': factors must be a whole number from 1 to 999, not 'x'"),
    ("a:3:boat", "cargo 'a:3:boat': kind must be one of infantry, armor, marine, commando, airborne, mountain, ground, "
                 "air, not 'boat'"),
    ("a:3, A:2", "each unit of cargo is named once"),
    (" , ", "which cargo? write NAME:FACTORS[:KIND], several separated by commas"),
    ("a:3:infantry:wild", "cargo 'a:3:infantry:wild': 'wild' is not a tag (partial, oil, ctl=N, no-mech)"),
    ("a:3:armor:ctl=x", "cargo 'a:3:armor:ctl=x': 'ctl=x' is not a tag (partial, oil, ctl=N, no-mech)"),
    ("a:3:armor:ctl=123", "cargo 'a:3:armor:ctl=123': 'ctl=123' is not a tag (partial, oil, ctl=N, no-mech)"),
])
def test_21_434_cargo_that_cannot_be_read_is_refused(typed: str, message: str) -> None:
    """21.434: a clear one-line refusal for each malformed cargo."""
    with pytest.raises(RuleError) as err:
        parse_cargo(typed)
    assert str(err.value) == message


def test_21_434A_cargo_factors_one_term_per_unit_air_units_whatever_their_supply() -> None:
    """21.434A, 21.437C (ground units only): an air unit partially supplied under an oil effect may still go."""
    got = check_cargo((Cargo("A", 3), Cargo("F", 2, "air", supply="partial", oil_effect=True)), set())
    assert got.to_dict() == {"name": "factors sea transported", "value": 5, "rule": "21.434A",
                             "terms": [{"label": "A (infantry)", "value": 3, "rule": "21.434"},
                                       {"label": "F (air)", "value": 2, "rule": "21.434"}], "notes": []}


@pytest.mark.parametrize("cargo, message", [
    (Cargo("A", 3), "A was already sea transported this turn: it may not be transported again (21.435G)"),
    (Cargo("B", 3, supply="partial"), "B is partially supplied: partially supplied ground units may not be sea transported (21.437C)"),
    (Cargo("C", 3, oil_effect=True), "C is subject to an army oil effect and may not be sea transported (21.437C)"),
])
def test_21_435G_21_437C_cargo_the_rules_bar(cargo: Cargo, message: str) -> None:
    """21.435G once a turn; 21.437C ground units fully supplied and free of an army oil effect."""
    with pytest.raises(RuleError) as err:
        check_cargo((cargo,), {"a"})
    assert str(err.value) == message


@pytest.mark.parametrize("embark, debark, held, message", [
    ([port("Naples")], [port("Tripoli"), port("Bengasi")], {"naples", "tripoli", "bengasi"},
     "a sea transport mission has exactly one base of debarkation; different ones need separate missions (21.435C)"),
    ([], [port("Tripoli")], {"tripoli"}, "a sea transport mission needs a base of embarkation (21.435C)"),
    ([port("Naples")], [port("Tripoli")], {"naples"}, "Tripoli was not under friendly control at the start of the player turn (21.435D)"),
    ([port("Naples")], [port("Tripoli")], {"tripoli"}, "Naples was not under friendly control at the start of the player turn (21.435D)"),
])
def test_21_435C_D_one_debarkation_base_all_bases_held_at_the_start(embark, debark, held, message) -> None:
    """21.435C, D: one base of debarkation, at least one of embarkation, each held at the start of the player turn."""
    with pytest.raises(RuleError) as err:
        check_bases(embark, debark, held)
    assert str(err.value) == message
    assert check_bases([port("Naples")], [port("Tripoli")], {"naples", "tripoli"}) is None


def test_21_435H_21_438_what_to_remember_about_units_carried() -> None:
    """21.435H, 21.437A, D for ground units; 21.438A, C for air units; nothing for no cargo."""
    ground = ("Ground units debark in the movement phase and count for stacking at its end (21.435H); they may move on "
              "with their remaining movement factors (21.437A) and may not invade this turn (21.437D).")
    air = ("Air units: the base of debarkation is their new base; they may not stage from it this turn, and operate "
           "normally in the combat phase (21.438A, C).")
    assert carried_rules((Cargo("A", 3),)) == (ground,)
    assert carried_rules((Cargo("F", 3, "air"),)) == (air,)
    assert carried_rules((Cargo("A", 3), Cargo("F", 3, "air"))) == (ground, air)
    assert carried_rules(()) == ()


def test_21_433B_a_route_with_several_places_names_them_all() -> None:
    """21.433B: the Pacific U.S. box reaches Dutch Harbor, the Hawaiian and the Society Islands; the term and the
    refusal list every place; a box with no route at all is refused without a list."""
    req, _ = transport_requirement(3, box("Pacific U.S."), port("Pearl Harbor", "pacific", theater="pacific"), ops_tables())
    assert req.destroyers.terms[1].to_dict() == {
        "label": "route Pacific U.S. - Dutch Harbor, group:hawaiian_islands, group:society_islands", "value": 0, "rule": "21.433B"}
    with pytest.raises(RuleError) as err:
        box_route(box("Pacific U.S."), port("Naples"), ops_tables())
    assert str(err.value) == ("sea transport between Pacific U.S. and Naples is not permitted (21.433); from this box only: "
                              "Pacific U.S.: Dutch Harbor, group:hawaiian_islands, group:society_islands (21.433B)")
    with pytest.raises(RuleError) as err:
        box_route(box("Nowhere"), port("Naples"), ops_tables())
    assert str(err.value) == "sea transport between Nowhere and Naples is not permitted (21.433)"


def test_21_434A_destroyers_per_factor_are_the_tables_own() -> None:
    """21.434A: the figure is data; were it two a factor, 9 factors between ports would need 18."""
    t = ops_tables()
    two = msgspec.structs.replace(t, transport=msgspec.structs.replace(
        t.transport, destroyers_per_factor=msgspec.structs.replace(t.transport.destroyers_per_factor, value=2)))
    req, _ = transport_requirement(9, port("Taranto"), port("Tripoli"), two)
    assert (req.destroyers.value, req.destroyers.terms[0].label, req.destroyers.terms[0].value) == (18, "9 ground/air factors x 2", 18)
