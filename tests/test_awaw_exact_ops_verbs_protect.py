"""Exact tests of ``protect`` (``tui/rules/awaw/verbs_protect.py``; seed 004, 21.424, 21.35B, 21.65F, G, 21.14E,
21.15E, 21.18B): the handler called directly on small worlds, each asserting the whole message or outcome, so that a
change to a rule's wording, a condition or a record key is noticed."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, refused, with_missions
from tui.rules.awaw import verbs_protect as P
from tui.rules.awaw.world import AwawWorld


def _world(missions: dict[str, Any], *more: Any) -> AwawWorld:
    w = world([base("Liverpool", "port", ("western",)), base("Plymouth", "port", ("western",)),
               base("Boston", "port", ("western",), control="usa"),
               base("Atlantic SW", "sw-box", ()), base("Atlantic U.S.", "box", ()), base("South Africa", "box", ()),
               base("Pacific U.S.", "box", (), theater="pacific")],
              [unit("DD1", 2, type="destroyer", base="Liverpool"), unit("DD2", 2, type="destroyer", base="Liverpool", tf="A"),
               unit("DD3", 2, type="destroyer", base="Plymouth"), unit("TR1", 1, type="transport", base="Atlantic SW"),
               unit("CA-SW", 2, type="cruiser", base="Atlantic SW"), unit("CA-SW2", 2, type="cruiser", base="Atlantic SW"),
               unit("US-SW", 2, type="cruiser", power="usa", base="Atlantic SW"),
               unit("US-BOX", 2, type="cruiser", power="usa", base="Atlantic U.S."),
               unit("SA", 2, type="cruiser", base="South Africa"), *more])
    return with_missions(w, missions)


SUPPLY = {"kind": "supply", "power": "britain", "box_lines": 1, "port_lines": 0, "units": ["TR1"]}
ESCORT = {"kind": "escort", "from": "Liverpool", "to": "Plymouth", "destroyers": 0, "units": ["TR1"], "cargo": [],
          "oil": 1, "brps": 0}


def _protect(w: AwawWorld, mid: str, **opts: Any):
    return P._protect(env(), ctx(w), [mid], opts)


def test_21_424_the_mission_kinds_protection_applies_to() -> None:
    assert P.protected_kinds() == {"supply": "sea supply", "escort": "sea escort"}


def test_21_424_usage_unknown_mission_and_a_mission_already_resolved() -> None:
    w = _world({"supply-1": SUPPLY, "escort-2": {**ESCORT, "result": "delivered"}, "transport-3": {"kind": "transport"}})
    assert refused(P._protect, env(), ctx(w), [], {}) == \
        "usage: protect MISSION_ID --by A,B [--reach N] [--from BOX] [--us-war] (21.424, 21.65F, G)"
    assert refused(P._protect, env(), ctx(w), ["transport-3"], {"by": "DD1"}) == (
        "protect: no sea supply, oil shipment, BRP grant or sea escort called 'transport-3' (supply-1, escort-2) "
        "(21.424, 21.65F)")
    assert refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD1"}) == "protect: escort-2 is already delivered"
    assert refused(P._protect, env(), ctx(_world({})), ["supply-1"], {"by": "DD1"}) == (
        "protect: no sea supply, oil shipment, BRP grant or sea escort called 'supply-1' (none this player turn) "
        "(21.424, 21.65F)")


def test_21_65F_the_mission_is_found_by_any_case_and_its_own_units_do_not_protect_it() -> None:
    w = _world({"supply-1": SUPPLY})
    assert refused(P._protect, env(), ctx(w), ["SUPPLY-1"], {"by": "TR1"}) == (
        "protect: TR1 carries out supply-1 itself; protection comes from other naval units (21.65F)")


def test_21_424_sea_supply_protected_by_one_unit_employed_and_recorded() -> None:
    out = _protect(_world({"supply-1": SUPPLY}), "supply-1", by="DD1")
    assert out.summary == ("supply-1: DD1 protects the sea supply employed and inverted like the escort "
                           "(21.35B, 21.65F, 21.424)")
    assert out.details == () and out.explanations == () and out.actor == "allies"
    assert out.world.ops["missions"]["supply-1"] == {**SUPPLY, "protect": ["DD1"]}
    dd = out.world.units["DD1"]
    assert dd.acted and dd.inverted


def test_21_65G_a_unit_protects_one_mission_only() -> None:
    w = _world({"supply-1": {**SUPPLY, "protect": ["DD3"]}, "escort-2": {**ESCORT, "protect_sw": ["CA-SW"]}})
    assert refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD3"}) == (
        "protect: DD3 already protects supply-1 (21.65G: which units protect which sea escort)")
    assert refused(P._protect, env(), ctx(w), ["supply-1"], {"by": "CA-SW"}) == (
        "protect: CA-SW already protects escort-2 (21.65G: which units protect which sea escort)")


def test_21_35B_sea_supply_protection_by_a_single_tf() -> None:
    w = _world({"supply-1": SUPPLY})
    assert refused(P._protect, env(), ctx(w), ["supply-1"], {"by": "DD1,DD2"}) == (
        "protect: sea supply protection is assigned to a single TF (21.35B)")
    again = _world({"supply-1": {**SUPPLY, "protect": ["DD3"]}})
    assert refused(P._protect, env(), ctx(again), ["supply-1"], {"by": "DD1"}) == (
        "protect: sea supply protection is assigned to a single TF (21.35B); supply-1 is protected by DD3")


def test_21_65F_a_sea_escort_protected_by_several_units_based_at_the_port_of_embarkation() -> None:
    out = _protect(_world({"escort-2": ESCORT}), "escort-2", by="DD1,DD2")
    assert out.summary == ("escort-2: DD1, DD2 protect the sea escort employed and inverted like the escort "
                           "(21.65F, 21.424)")
    assert out.explanations == ()
    assert out.world.ops["missions"]["escort-2"]["protect"] == ["DD1", "DD2"]


def test_21_65F_21_65A_units_away_from_the_port_of_embarkation_reach_it_on_the_initial_leg() -> None:
    w = _world({"escort-2": ESCORT})
    for reach in ({}, {"reach": True}):
        assert refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD3", **reach}) == (
            "protect: DD3 are not based at Liverpool; type the hexes by water from their base to it with --reach N "
            "(21.65F, 21.65A, RULINGS A1)")
    out = _protect(w, "escort-2", by="DD3", reach="8")
    (leg,) = out.explanations
    assert (leg.name, leg.value, leg.rule) == ("destroyers reach the embarkation hex", True, "21.65A")
    assert [(t.label, t.value) for t in leg.terms] == [
        ("hexes by water to the embarkation hex (typed, RULINGS A1)", 8), ("initial leg limit (europe)", 20)]
    assert "21.65A" in refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD3", "reach": "21"})
    elsewhere = _world({"escort-2": {**ESCORT, "from": "the port of embarkation"}})
    assert _protect(elsewhere, "escort-2", by="DD3").explanations == ()  # no base to measure from


def test_21_65G_units_in_the_sw_box_holding_the_transports_protect_without_being_employed() -> None:
    out = _protect(_world({"escort-2": ESCORT}), "escort-2", by="CA-SW,CA-SW2")
    assert out.summary == ("escort-2: CA-SW, CA-SW2 protect the sea escort without being employed (25.36) "
                           "(21.65G, 21.424)")
    assert out.world.ops["missions"]["escort-2"]["protect_sw"] == ["CA-SW", "CA-SW2"]
    assert "protect" not in out.world.ops["missions"]["escort-2"]
    assert out.world.units["CA-SW"] == _world({}).units["CA-SW"]
    supply = _protect(_world({"supply-1": SUPPLY}), "supply-1", by="CA-SW")
    assert supply.summary == "supply-1: CA-SW protects the sea supply without being employed (25.36) (21.35B, 21.65G, 21.424)"


def test_21_65G_sw_box_units_protect_only_a_mission_by_transports_in_that_box() -> None:
    board = {**ESCORT, "units": ["DD1"]}
    assert refused(P._protect, env(), ctx(_world({"escort-2": board})), ["escort-2"], {"by": "CA-SW"}) == (
        "protect: units in the Atlantic SW box protect only a sea escort by transports in that box "
        "(none: escort-2 uses no transports) (21.65G)")
    elsewhere = _world({"escort-2": {**ESCORT, "units": ["TR9"]}}, unit("TR9", 1, type="transport", base="Liverpool"))
    assert refused(P._protect, env(), ctx(elsewhere), ["escort-2"], {"by": "CA-SW"}) == (
        "protect: units in the Atlantic SW box protect only a sea escort by transports in that box (Liverpool) (21.65G)")
    gone = _world({"escort-2": {**ESCORT, "units": ["TR-gone", "DD1"]}})
    assert "(none: escort-2 uses no transports)" in refused(P._protect, env(), ctx(gone), ["escort-2"], {"by": "CA-SW"})


def test_21_65F_G_sw_box_units_are_named_apart_from_units_on_the_board() -> None:
    assert refused(P._protect, env(), ctx(_world({"escort-2": ESCORT})), ["escort-2"], {"by": "CA-SW,DD1"}) == (
        "protect: units in an SW box protect the transports' sea escort from that box; name them apart from units on "
        "the board (21.65F, G)")


@pytest.mark.parametrize("box_unit, box", [("SA", "South Africa"), ("US-BOX", "Atlantic U.S.")])
def test_21_15E_21_18B_box_units_protect_only_what_is_traced_from_their_box(box_unit: str, box: str) -> None:
    escort = _world({"escort-2": ESCORT})
    assert refused(P._protect, env(), ctx(escort), ["escort-2"], {"by": box_unit, "us-war": True}) == (
        f"protect: naval units in the {box} box protect only sea supply and NRs traced from the {box} box onto the "
        "mapboard (21.14E, 21.15E, 21.18B)")
    supply = _world({"supply-1": SUPPLY})
    assert refused(P._protect, env(), ctx(supply), ["supply-1"], {"by": box_unit, "us-war": True}) == (
        f"protect: naval units in the {box} box protect only sea supply and NRs traced from the {box} box onto the "
        "mapboard (21.14E, 21.15E, 21.18B); say so with --from BOX")
    assert refused(P._protect, env(), ctx(_world({"supply-1": {**SUPPLY, "box_lines": 0}})), ["supply-1"],
                   {"by": box_unit, "us-war": True, "from": box}).endswith("; say so with --from BOX")
    traced = _protect(supply, "supply-1", by=box_unit, **{"us-war": True, "from": box.upper()})
    assert traced.world.ops["missions"]["supply-1"]["protect"] == [box_unit]
    from_box = _protect(_world({"escort-2": {**ESCORT, "from": box}}), "escort-2", by=box_unit, **{"us-war": True})
    assert from_box.world.ops["missions"]["escort-2"]["protect"] == [box_unit]


def test_21_14E_american_units_before_the_us_is_at_war_with_germany() -> None:
    supply = _world({"supply-1": SUPPLY, "supply-9": {**SUPPLY, "power": "ussr"}})
    assert refused(P._protect, env(), ctx(supply), ["supply-1"], {"by": "US-BOX", "from": "Atlantic U.S."}) == (
        "protect: American naval units in the Atlantic U.S. box protect only once the U.S. is at war with Germany; "
        "say so with --us-war (21.14E)")
    assert refused(P._protect, env(), ctx(supply), ["supply-1"], {"by": "US-SW"}) == (
        "protect: before the U.S. is at war with Germany, American naval units in the Atlantic SW box may not protect "
        "sea supply or sea escort to Britain; if it is, say so with --us-war (21.14E)")
    assert _protect(supply, "supply-1", by="US-SW", **{"us-war": True}).summary.startswith("supply-1: US-SW protects")
    assert _protect(supply, "supply-9", by="US-SW").summary.startswith("supply-9: US-SW protects")  # not to Britain
    to_britain = _world({"escort-2": ESCORT})
    assert "may not protect sea supply or sea escort to Britain" in refused(
        P._protect, env(), ctx(to_britain), ["escort-2"], {"by": "US-SW"})
    to_usa = _world({"escort-2": {**ESCORT, "to": "Boston"}})
    assert _protect(to_usa, "escort-2", by="US-SW").summary.startswith("escort-2: US-SW protects")
    nowhere = _world({"escort-2": {**ESCORT, "to": ""}})
    assert _protect(nowhere, "escort-2", by="US-SW").summary.startswith("escort-2: US-SW protects")


def test_21_14E_american_units_elsewhere_and_british_units_in_the_boxes_are_not_held_back() -> None:
    w = _world({"supply-1": SUPPLY}, unit("US-DD", 2, type="destroyer", power="usa", base="Liverpool"))
    assert _protect(w, "supply-1", by="US-DD").summary.startswith("supply-1: US-DD protects")
    assert _protect(_world({"supply-1": SUPPLY}), "supply-1", by="CA-SW").summary.startswith("supply-1: CA-SW protects")


def test_protect_is_one_verb_bound_to_the_env() -> None:
    (verb,) = P.build_protect_verbs(env())
    assert (verb.name, verb.rule, verb.group, verb.options) == (
        "protect", "21.424, 21.65F, G", "operations", ("by", "reach", "from", "us-war"))
    assert verb.syntax == "protect MISSION_ID --by A,B [--reach N] [--from BOX] [--us-war]"
    out = verb.handler(ctx(_world({"supply-1": SUPPLY})), ["supply-1"], {"by": "DD1"})
    assert out.summary.startswith("supply-1: DD1 protects the sea supply")


def test_21_65A_the_reach_typed_is_a_count_of_hexes_0_to_999() -> None:
    w = _world({"escort-2": ESCORT})
    assert refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD3", "reach": "x"}) == \
        "hexes to the embarkation hex must be a whole number (from 0 to 999), not 'x'"
    for reach in ("-1", "1000"):
        assert refused(P._protect, env(), ctx(w), ["escort-2"], {"by": "DD3", "reach": reach}) == \
            f"hexes to the embarkation hex must be from 0 to 999, not '{reach}'"
    out = _protect(w, "escort-2", by="DD3", reach="0")
    assert [(t.label, t.value) for t in out.explanations[0].terms] == [("based in the embarkation hex", 0)]


def test_21_14E_every_american_unit_of_the_force_is_checked() -> None:
    w = _world({"supply-1": SUPPLY}, unit("RN-BOX", 2, type="cruiser", base="Atlantic U.S."))
    assert "protect only once the U.S. is at war with Germany" in refused(
        P._protect, env(), ctx(w), ["supply-1"], {"by": "RN-BOX,US-BOX", "from": "Atlantic U.S."})


def test_21_65G_the_boxes_holding_the_transports_are_listed_and_a_record_without_units_has_none() -> None:
    two = _world({"escort-2": {**ESCORT, "units": ["TR9", "TR8"]}}, unit("TR9", 1, type="transport", base="Plymouth"),
                 unit("TR8", 1, type="transport", base="Liverpool"))
    assert refused(P._protect, env(), ctx(two), ["escort-2"], {"by": "CA-SW"}) == (
        "protect: units in the Atlantic SW box protect only a sea escort by transports in that box (Liverpool, Plymouth) "
        "(21.65G)")
    bare = {k: v for k, v in ESCORT.items() if k != "units"}
    assert refused(P._protect, env(), ctx(_world({"escort-2": bare})), ["escort-2"], {"by": "CA-SW"}) == (
        "protect: units in the Atlantic SW box protect only a sea escort by transports in that box "
        "(none: escort-2 uses no transports) (21.65G)")
    assert _protect(_world({"escort-2": bare}), "escort-2", by="DD1").world.ops["missions"]["escort-2"]["protect"] == ["DD1"]


def test_21_35B_the_units_already_protecting_are_named() -> None:
    again = _world({"supply-1": {**SUPPLY, "protect": ["DD3", "DD2"]}})
    assert refused(P._protect, env(), ctx(again), ["supply-1"], {"by": "DD1"}) == (
        "protect: sea supply protection is assigned to a single TF (21.35B); supply-1 is protected by DD3, DD2")


def test_21_424_the_protecting_units_are_asked_for_by_the_mission_they_protect() -> None:
    assert refused(P._protect, env(), ctx(_world({"supply-1": SUPPLY})), ["supply-1"], {}) == \
        "protection of supply-1: which naval units? --by A,B,C"


def test_21_65F_G_a_later_protection_adds_to_the_units_already_protecting() -> None:
    sw = _protect(_world({"escort-2": {**ESCORT, "protect_sw": ["CA-SW"]}}), "escort-2", by="CA-SW2")
    assert sw.world.ops["missions"]["escort-2"]["protect_sw"] == ["CA-SW", "CA-SW2"]
    board = _protect(_world({"escort-2": {**ESCORT, "protect": ["DD2"]}}), "escort-2", by="DD1")
    assert board.world.ops["missions"]["escort-2"]["protect"] == ["DD2", "DD1"]


def test_21_65I_shipments_to_one_destination_are_protected_together() -> None:
    """21.65I: "Contemporaneous sea supply, oil shipments and BRP grants by sea to the same destination may be combined
    for mutual protection" (issue 34 case C25): a unit protecting an oil shipment to Plymouth protects a BRP grant to
    Plymouth too, recorded under the same key, nothing employed again; to another destination, or for a sea escort
    of units, it is still one mission only (21.65G); a unit carrying the mission does not protect it."""
    brps = {**ESCORT, "oil": 0, "brps": 5, "units": ["TR2"]}
    w = _world({"escort-1": {**ESCORT, "protect_sw": ["CA-SW"]}, "escort-2": brps, "escort-3": {**brps, "to": "Liverpool"},
                "escort-4": {**brps, "cargo": [{"name": "1 Inf"}]}, "escort-5": {**ESCORT, "protect": ["DD1"]}},
               unit("TR2", 1, type="transport", base="Atlantic SW"))
    out = _protect(w, "escort-2", by="CA-SW")
    assert out.summary == ("escort-2: CA-SW protects the sea escort combined with escort-1, to the same destination "
                           "(Plymouth), for mutual protection (21.65I)")
    assert out.world.ops["missions"]["escort-2"]["protect_sw"] == ["CA-SW"] and out.world.units == w.units
    both = _protect(w, "escort-2", by="CA-SW,DD1")
    assert both.summary.startswith("escort-2: CA-SW, DD1 protect the sea escort combined with escort-1, escort-5,")
    assert (both.world.ops["missions"]["escort-2"]["protect_sw"], both.world.ops["missions"]["escort-2"]["protect"]) == (
        ["CA-SW"], ["DD1"])
    for other in ("escort-3", "escort-4"):
        assert refused(P._protect, env(), ctx(w), [other], {"by": "CA-SW"}) == (
            "protect: CA-SW already protects escort-1 (21.65G: which units protect which sea escort)")
    assert refused(P._protect, env(), ctx(w), ["escort-1"], {"by": "CA-SW"}) == (
        "protect: CA-SW already protects escort-1 (21.65G: which units protect which sea escort)")  # not twice the same
    carried = _world({"escort-1": {**ESCORT, "protect_sw": ["TR2"]}, "escort-2": brps},
                     unit("TR2", 1, type="transport", base="Atlantic SW"))
    assert refused(P._protect, env(), ctx(carried), ["escort-2"], {"by": "TR2"}) == (
        "protect: TR2 carries out escort-2 itself; protection comes from other naval units (21.65F)")
