"""Exact tests of the supply determination's sea activities and sea escort (``tui/rules/awaw/ops_cargo.py``; seed 004,
21.42x, 21.56, 21.6x, 21.315): ``sea-supply``, ``ship-oil``, ``grant-brp``, ``escort`` and ``escort-result`` called
directly on small worlds, each asserting the whole message, the mission's record and the units' state."""

from __future__ import annotations

from typing import Any

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, refused, with_missions
from tui.rules.awaw import ops_cargo as C
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

PROTECT = "These may be protected by other naval units: `protect ID --by A,B` (21.424, 21.65F, G)."


def _world(*more: Any, missions: dict[str, Any] | None = None, side: str = "allies", **rec: Any) -> AwawWorld:
    w = world([base("Liverpool", "port", ("western",), hex="K5"), base("Plymouth", "port", ("western",), hex="M6"),
               base("Naples", control="italy", hex="U19"), base("Tripoli", control="italy", hex="T25"),
               base("Atlantic SW", "sw-box", ()), base("Gibraltar", hex="AA7"),
               base("Brest", "port", ("western",), control="germany")],
              [unit("TR1", 1, type="transport", base="Atlantic SW"), unit("TR2", 1, type="transport", base="Atlantic SW"),
               unit("TRL", 1, type="transport", base="Liverpool"), unit("DD1", 4, type="destroyer", base="Liverpool"),
               unit("DD2", 2, type="destroyer", base="Plymouth"),
               unit("RM-DD", 6, power="italy", type="destroyer", base="Naples"), *more])
    return with_missions(w, missions or {}, side=side, **rec)


def _supply(w: AwawWorld, kind: str, *args: str, seg: str = "initial-supply", side: str = "allies", **opts: Any) -> Outcome:
    return C.supply_activity(env(side), kind, ctx(w, seg, side=side), list(args), opts)


def test_a_count_typed_and_units_employed() -> None:
    assert C.count("7", "oil counters", "21.422") == 7
    assert refused(C.count, "x", "oil counters", "21.422").startswith("oil counters (21.422)")
    w = _world()
    assert C.used(w, []) is w
    after = C.used(w, [w.units["DD1"], w.units["TR1"]])
    assert after.units["DD1"].acted and after.units["DD1"].inverted
    assert after.units["TR1"] == w.units["TR1"]  # in an SW box: neither (25.36)


def test_21_421_sea_supply_from_mapboard_boxes_one_transport_a_line() -> None:
    out = _supply(_world(), "sea-supply", "britain", "1", by="TR1")
    assert out.summary == ("supply-1: Britain: 1 line(s) from mapboard boxes, 0 from ports in initial supply (21.42); "
                           "needs 0 destroyer factors and 1 transport, using TR1")
    assert out.details == (PROTECT,) and out.actor == "allies"
    assert [(e.name, e.value) for e in out.explanations] == [("destroyer factors for sea supply", 0),
                                                              ("transports for sea supply", 1)]
    assert out.world.ops["missions"] == {"supply-1": {"kind": "supply", "power": "britain", "box_lines": 1,
                                                      "port_lines": 0, "units": ["TR1"]}}
    post = _supply(_world(), "sea-supply", "BRITAIN", "2", "3", seg="post-combat-supply", by="TR1,TR2")
    assert post.summary == ("supply-1: Britain: 2 line(s) from mapboard boxes, 3 from ports in post-combat supply (21.56); "
                            "needs 0 destroyer factors and 2 transports, using TR1, TR2")
    ports = _supply(_world(), "sea-supply", "britain", "0", "2")
    assert ports.summary == ("supply-1: Britain: 0 line(s) from mapboard boxes, 2 from ports in initial supply (21.42); "
                             "needs 0 destroyer factors and 0 transports")
    assert ports.world.ops["missions"]["supply-1"]["units"] == [] and ports.world.serial == 1


def test_21_421_usage_the_side_and_transports_from_the_sw_box() -> None:
    w = _world()
    assert refused(_supply, w, "sea-supply", "britain") == "usage: sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2 (21.421)"
    assert refused(_supply, w, "sea-supply", "italy", "1") == \
        "sea-supply: Italy is not of the allies side, whose player turn it is"
    assert refused(_supply, w, "sea-supply", "britain", "1", by="TRL") == (
        "sea supply: transport TRL is at Liverpool; transports serve from the SW box of the shipping area (21.421B, 20.64)")
    assert refused(_supply, w, "sea-supply", "britain", "1").startswith("sea supply: which naval units?")
    assert refused(_supply, w, "sea-supply", "britain", "x").startswith("sea supply lines from mapboard boxes (21.421B)")
    assert refused(_supply, w, "sea-supply", "britain", "0", "x").startswith("sea supply lines from ports (21.421A)")


def test_21_422_oil_shipments_are_sea_escorts_of_oil() -> None:
    out = _supply(_world(), "ship-oil", "britain", "1", by="TR1", to="Liverpool")
    assert out.summary == ("escort-1: Britain: 1 oil counter(s) shipped by sea in initial supply (21.42); needs 0 "
                           "destroyer factors and 1 transport, using TR1")
    assert out.details == (PROTECT, "If intercepted: `escort-result escort-1 --surviving N [--defeated] "
                                    "[--transport-lost]` (21.66).")
    assert out.world.ops["missions"] == {"escort-1": {"kind": "escort", "from": "the port of embarkation", "to": "Liverpool",
                                                      "destroyers": 0, "units": ["TR1"], "cargo": [], "oil": 1, "brps": 0}}
    axis = _supply(_world(side="axis"), "ship-oil", "italy", "2", side="axis", by="RM-DD", to="Tripoli")
    assert axis.summary == ("escort-1: Italy: 2 oil counter(s) shipped by sea in initial supply (21.42); needs 6 destroyer "
                            "factors and 0 transports, using RM-DD")
    assert axis.world.ops["missions"]["escort-1"]["destroyers"] == 6 and axis.actor == "axis"
    assert axis.world.units["RM-DD"].inverted
    w = _world()
    for args in (("britain",), ("britain", "1", "2")):
        assert refused(_supply, w, "ship-oil", *args) == "usage: ship-oil POWER COUNTERS --by A,B (21.422)"
    assert refused(_supply, w, "ship-oil", "britain", "x").startswith("oil counters (21.422)")


def test_21_423_brp_grants_by_sea_with_their_ends() -> None:
    out = _supply(_world(), "grant-brp", "usa", "7", by="TR1,TR2", **{"from": "Gibraltar", "to": "Plymouth"})
    assert out.summary == ("escort-1: United States: a grant of 7 BRPs by sea in initial supply (21.42); needs 0 "
                           "destroyer factors and 2 transports, using TR1, TR2")
    assert out.world.ops["missions"]["escort-1"] == {"kind": "escort", "from": "Gibraltar", "to": "Plymouth",
                                                     "destroyers": 0, "units": ["TR1", "TR2"], "cargo": [], "oil": 0,
                                                     "brps": 7}
    nowhere = _supply(_world(), "grant-brp", "usa", "5", by="TR1", **{"from": True, "to": True})
    assert nowhere.world.ops["missions"]["escort-1"]["to"] == ""
    w = _world()
    for args in (("usa",), ("usa", "5", "6")):
        assert refused(_supply, w, "grant-brp", *args) == "usage: grant-brp POWER BRPS --by T1,T2 (21.423)"
    assert refused(_supply, w, "grant-brp", "usa", "x").startswith("BRPs granted (21.423)")
    assert refused(_supply, w, "grant-brp", "usa", "5", by="TR1", to="Brest") == \
        "BRP grant: Brest is not controlled by the allies side (21.65D)"
    assert refused(_supply, w, "grant-brp", "usa", "5", by="TR1", **{"from": "Brest"}) == \
        "BRP grant: Brest is not controlled by the allies side (21.65C)"


def test_21_65E_an_unsupplied_destination_only_in_post_combat_supply_with_a_destination() -> None:
    late = ("BRP grant: a destination not yet supplied (--unsupplied, with --to BASE) is reached only at the same time "
            "post-combat supply is traced to it (21.65E); otherwise it must be partially or fully supplied (21.65D)")
    w = _world()
    assert refused(_supply, w, "grant-brp", "usa", "5", by="TR1", to="Plymouth", unsupplied=True) == late
    assert refused(_supply, w, "grant-brp", "usa", "5", seg="post-combat-supply", by="TR1", unsupplied=True) == late
    out = _supply(w, "grant-brp", "usa", "5", seg="post-combat-supply", by="TR1", to="Plymouth", unsupplied=True)
    assert out.summary == ("escort-1: United States: a grant of 5 BRPs by sea in post-combat supply (21.56); needs 0 "
                           "destroyer factors and 1 transport, using TR1")
    assert out.details[2] == ("Plymouth is not yet supplied: if the supply line traced to it now is cut, the BRP grant is "
                              "aborted: `escort-result escort-1 --cut` (21.65E).")
    assert out.world.ops["missions"]["escort-1"]["unsupplied"] is True


def test_21_315_transports_barred_from_a_destination() -> None:
    assert refused(_supply, _world(barred=["Plymouth"]), "grant-brp", "usa", "5", by="TR1", to="Plymouth") == (
        "BRP grant: a naval activity with transports to Plymouth was aborted this player turn; no transports may be used "
        "for naval operations relating to Plymouth's supply zone for the rest of the player turn (TR1) (21.315)")


# --- sea escort (21.6x) ---------------------------------------------------------------------------------------------

INTERCEPTED = "If intercepted: `escort-result ID --surviving N [--defeated] [--transport-lost]` (21.66)."


def _escort(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    return C.sea_escort(env(), ctx(w, "naval-redeployment"), list(args), opts)


def test_21_6_usage_one_base_of_embarkation_and_one_destination() -> None:
    w = _world()
    assert refused(_escort, w, "Liverpool") == (
        'usage: escort FROM TO --cargo "NAME:FACTORS" --by A,B [--reach N] (21.6); oil and BRPs go by ship-oil and '
        "grant-brp in supply determination (21.63)")
    assert refused(_escort, w, "Liverpool", "Plymouth,Gibraltar") == (
        "escort: one base of embarkation and one destination (Liverpool Plymouth,Gibraltar); transports used for sea "
        "escort may only have one of each (21.65B), and escorts to different destinations are carried out separately "
        "(21.65I)")
    assert refused(_escort, w, "Liverpool", "Plymouth", "Gibraltar", cargo="3 Inf:1", by="DD1") == (
        "escort: sea escorts to different destinations are carried out separately (21.65I), not 'Gibraltar'")
    assert refused(_escort, w, "Liverpool", "Brest", cargo="3 Inf:1", by="DD1") == \
        "escort: Brest is not controlled by the allies side (21.65D)"
    assert refused(_escort, w, "Brest", "Liverpool", cargo="3 Inf:1", by="DD1") == \
        "escort: Brest is not controlled by the allies side (21.65C)"
    assert refused(_escort, w, "Liverpool", "Plymouth", cargo="3 Inf:1", by="DD1", power="atlantis") == (
        "escort: no power called 'atlantis' (germany, italy, japan, britain, usa, france, ussr)")
    island = refused(_escort, w, "Elba", "Plymouth", cargo="3 Inf:1", by="DD1", **{"island-end": "Elba"})
    assert island.startswith("sea escort: Elba is used as a one-hex island without a port (21.37A)")
    assert refused(_escort, w, "island", "Plymouth", cargo="3 Inf:1", by="DD1", **{"island-end": "Elba"}) == island


def test_21_64A_a_sea_escort_by_destroyers_on_the_mapboard() -> None:
    out = _escort(_world(), "Liverpool", "Plymouth", cargo="3 Inf:1", by="DD1", power="USA")
    assert out.summary == ("escort-1: sea escort Liverpool → Plymouth of 3 Inf by destroyers (DD1); needs 1 destroyer "
                           "factors, 0 transports (21.64)")
    assert out.details == (INTERCEPTED,) and out.actor == "allies"
    assert [(e.name, e.value, e.rule) for e in out.explanations] == [
        ("destroyer factors for sea escort", 1, "21.64A, B"), ("transports for sea escort", 0, "21.64F")]
    assert out.world.ops["missions"] == {"escort-1": {"kind": "escort", "from": "Liverpool", "to": "Plymouth",
                                                      "destroyers": 1, "units": ["DD1"], "cargo": ["3 Inf"], "oil": 0,
                                                      "brps": 0}}
    assert out.world.units["DD1"].acted and out.world.units["DD1"].inverted and out.world.serial == 1


def test_21_65A_destroyers_away_from_the_port_of_embarkation_reach_it_on_the_initial_leg() -> None:
    w = _world()
    for reach in ({}, {"reach": True}):
        assert refused(_escort, w, "Liverpool", "Plymouth", cargo="3 Inf:3", by="DD1,DD2", **reach) == (
            "escort: DD2 are not based at Liverpool; type the hexes by water from their base to it with --reach N "
            "(21.65A, RULINGS A1)")
    out = _escort(w, "Liverpool", "Plymouth", cargo="3 Inf:3, 4 Inf:1", by="DD1,DD2", reach="5")
    assert out.summary == ("escort-1: sea escort Liverpool → Plymouth of 3 Inf, 4 Inf by destroyers (DD1, DD2); needs 4 "
                           "destroyer factors, 0 transports (21.64)")
    leg = out.explanations[2]
    assert (leg.name, leg.rule, [t.value for t in leg.terms]) == ("destroyers reach the embarkation hex", "21.65A", [5, 20])


def test_21_62_a_typed_distance_is_checked_against_the_range() -> None:
    out = _escort(_world(), "Liverpool", "Plymouth", cargo="3 Inf:1", by="DD1", distance="4")
    assert [(e.name, e.value, e.rule) for e in out.explanations][2:] == [
        ("Sea supply, NR, sea escort range", 4, "21.3612"), ("Distance at least the hexes on the map", 2, "21.36A")]
    assert len(_escort(_world(), "Liverpool", "Plymouth", cargo="3 Inf:1", by="DD1", distance=True).explanations) == 2


def test_21_64C_to_or_from_a_box_the_escort_is_by_transports() -> None:
    for start, end in (("Atlantic SW", "Plymouth"), ("Plymouth", "Atlantic SW")):
        out = _escort(_world(), start, end, cargo="3 Inf:6", by="TR1,TR2")
        assert out.summary == (f"escort-1: sea escort {start} → {end} of 3 Inf by transports (TR1, TR2); needs 0 "
                               "destroyer factors, 2 transports (21.64)")
        assert [(e.name, e.value, e.rule) for e in out.explanations] == [
            ("destroyer factors for sea escort", 0, "21.64G"), ("transports for sea escort", 2, "21.64C-E")]
    assert refused(_escort, _world(barred=["Plymouth"]), "Atlantic SW", "Plymouth", cargo="3 Inf:5", by="TR1") == (
        "sea escort: a naval activity with transports to Plymouth was aborted this player turn; no transports may be "
        "used for naval operations relating to Plymouth's supply zone for the rest of the player turn (TR1) (21.315)")


# --- escort-result (21.66, 21.65E) ----------------------------------------------------------------------------------

_M = {"kind": "escort", "from": "Liverpool", "to": "Plymouth", "destroyers": 3, "units": ["DD1", "TR1"],
      "cargo": ["3 Inf", "4 Inf"], "oil": 0, "brps": 0}
_BAR = ("An activity with transports (TR1) was aborted: no transports may be used for naval operations relating to "
        "Plymouth for the rest of the player turn; those already under way are unaffected (21.315).")


def _result(m: dict[str, Any], *args: str, **opts: Any) -> Outcome:
    return C.escort_done(env(), ctx(_world(missions={"escort-1": m}), "naval-combat"), list(args), opts)


def test_21_66_usage_and_the_cargo_delivered() -> None:
    assert refused(_result, _M) == "usage: escort-result ID --surviving N [--defeated] [--transport-lost] (21.66)"
    out = _result(_M, "escort-1")
    assert out.summary == "escort-1: the cargo (3 Inf, 4 Inf) is delivered (21.65)"
    assert out.details == () and out.actor == ""
    assert [(e.name, e.value, e.rule) for e in out.explanations] == [("sea escorted cargo", "delivered", "21.65")]
    assert out.world.ops["missions"]["escort-1"] == {**_M, "result": "delivered"} and "barred" not in out.world.ops


def test_21_66C_the_cargo_eliminated_below_the_requirement_or_with_its_transport() -> None:
    out = _result(_M, "escort-1", surviving="2")
    assert out.summary == "escort-1: the cargo (3 Inf, 4 Inf) is eliminated (21.66C)"
    assert out.details == ("Fewer destroyer factors survive than the cargo requires: the cargo is eliminated, whoever won.",)
    assert "barred" not in out.world.ops
    lost = _result(_M, "escort-1", **{"transport-lost": True})
    assert lost.summary == "escort-1: the cargo (3 Inf, 4 Inf) is eliminated (21.66C, 22.82)"
    assert _result(_M, "escort-1", surviving="3").summary.endswith("is delivered (21.65)")


def test_21_66B_the_cargo_returned_and_21_315_its_transports_bar_the_destination() -> None:
    out = _result({**_M, "oil": 2, "brps": 5, "cargo": []}, "escort-1", defeated=True)
    assert out.summary == f"escort-1: the cargo (2 oil, 5 BRPs) is returned (21.66B) {_BAR}"
    assert out.details == ("The escort lost the naval combat: the cargo returns to Liverpool and debarks; the naval units "
                           "return to their original base (21.66B); ground and air units may SR and TR from there (21.66D).",)
    assert out.world.ops["barred"] == ["Plymouth"] and out.world.ops["missions"]["escort-1"]["result"] == "returned"
    dd_only = _result({**_M, "units": ["DD1"]}, "escort-1", defeated=True)
    assert dd_only.summary == "escort-1: the cargo (3 Inf, 4 Inf) is returned (21.66B)" and "barred" not in dd_only.world.ops


def test_21_65E_the_supply_line_to_an_unsupplied_destination_cut() -> None:
    assert refused(_result, {**_M, "oil": 2, "cargo": []}, "escort-1", cut=True) == (
        "escort-result: escort-1 goes to a supplied destination; --cut is for an oil shipment or BRP grant sent with "
        "--unsupplied (21.65E)")
    oil = _result({**_M, "oil": 2, "cargo": [], "unsupplied": True}, "escort-1", cut=True)
    assert oil.summary == f"escort-1: the supply line to Plymouth is cut: the shipment (2 oil) is aborted (21.65E) {_BAR}"
    assert oil.details == () and oil.explanations == () and oil.actor == "allies"
    assert oil.world.ops["missions"]["escort-1"]["result"] == "aborted" and oil.world.ops["barred"] == ["Plymouth"]
    brps = _result({**_M, "brps": 5, "cargo": [], "unsupplied": True, "units": ["DD1"]}, "escort-1", cut=True)
    assert brps.summary == "escort-1: the supply line to Plymouth is cut: the shipment (5 BRPs) is aborted (21.65E)"
    assert refused(_result, {**_M, "brps": 5, "unsupplied": True, "result": "aborted"}, "escort-1", cut=True) == \
        "escort-result: escort-1 is already aborted"
