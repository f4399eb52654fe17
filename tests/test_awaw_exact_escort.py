"""AWAW sea escort, transport, supply and BRPs, exactly (seed 004, chapter 21): whole derivations, not only values.

Sea escort (21.64-21.66), sea supply, oil and BRP grants (21.421-21.423), the BRP
ledger of naval operations (21.1322, 21.414A, 21.531C, 21.554A, 9.56A). Each test pins the figures, labels and rule numbers of
one result, so that a changed clause, term or message is noticed.
"""

from __future__ import annotations

from types import SimpleNamespace

import msgspec
import pytest

from awaw_core_fixtures import base, tables, unit
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw import brps as B
from tui.rules.awaw.escort import Cargo, check_initial_leg, escort_requirement, escort_result
from tui.rules.awaw.supply import brp_grant_requirement, oil_requirement, sea_supply_transports
from tui.rules.core.errors import RuleError

TRANSPORT_NOTE = ("Assumption: the lists of 21.64G (where transports may escort) and 21.64H (where they must) are not "
                  "printed (they point to 28.75). Destroyers are used on the mapboard (21.64F); a leg to or from a mapboard "
                  "box uses transports, as do BRP grants (21.64D) and Western Allied and Japanese oil (21.64E). A longer "
                  "escort is entered leg by leg (21.64I).")


def test_21_65A_destroyers_based_in_the_embarkation_hex_need_no_initial_leg() -> None:
    """21.65A: no distance (or 0) means based there."""
    based = {"name": "destroyers reach the embarkation hex", "value": True, "rule": "21.65A",
             "terms": [{"label": "based in the embarkation hex", "value": 0, "rule": "21.65A"}], "notes": []}
    assert check_initial_leg(None, "europe", ops_tables()).to_dict() == based
    assert check_initial_leg(0, "pacific", ops_tables()).to_dict() == based


@pytest.mark.parametrize("theater, limit", [("europe", 20), ("pacific", 10)])
def test_21_65A_the_initial_leg_reaches_20_hexes_in_europe_10_in_the_pacific(theater: str, limit: int) -> None:
    """21.65A, 21.3612: the typed distance up to one leg is accepted with both figures shown; one more is refused."""
    assert check_initial_leg(limit, theater, ops_tables()).to_dict() == {
        "name": "destroyers reach the embarkation hex", "value": True, "rule": "21.65A",
        "terms": [{"label": "hexes by water to the embarkation hex (typed, RULINGS A1)", "value": limit, "rule": "21.65A"},
                  {"label": f"initial leg limit ({theater})", "value": limit, "rule": "21.65A, 21.3612"}], "notes": []}
    with pytest.raises(RuleError) as err:
        check_initial_leg(limit + 1, theater, ops_tables())
    assert str(err.value) == (f"destroyers {limit + 1} hexes from the embarkation hex cannot reach it on the initial leg: "
                              f"at most {limit} in the {theater.title()} (21.65A, 21.3612)")


def _terms(required: int, surviving: int) -> list[dict[str, object]]:
    return [{"label": "destroyer factors required", "value": required, "rule": "21.66C"},
            {"label": "destroyer factors surviving", "value": surviving, "rule": "21.66C"}]


def test_21_66C_fewer_destroyers_than_required_eliminate_the_cargo_whoever_won() -> None:
    """21.66C: 3 of 4 required destroyer factors survive: eliminated, even if the escort won."""
    assert escort_result(4, 3, False, False, "Naples").to_dict() == {
        "name": "sea escorted cargo", "value": "eliminated", "rule": "21.66C", "terms": _terms(4, 3),
        "notes": ["Fewer destroyer factors survive than the cargo requires: the cargo is eliminated, whoever won."]}


def test_21_66C_a_lost_transport_eliminates_its_cargo() -> None:
    """21.66C, 22.82: enough destroyers survive, but the transport carrying the cargo was eliminated."""
    assert escort_result(4, 4, True, False, "Naples").to_dict() == {
        "name": "sea escorted cargo", "value": "eliminated", "rule": "21.66C, 22.82",
        "terms": [{"label": "a transport carrying it was eliminated", "value": 1, "rule": "21.66C"}], "notes": []}


def test_21_66B_a_defeated_escort_returns_the_cargo_to_its_origin() -> None:
    """21.66B, 21.66D: the escort lost the combat but kept its destroyers: the cargo returns and debarks."""
    assert escort_result(4, 4, False, True, "Naples").to_dict() == {
        "name": "sea escorted cargo", "value": "returned", "rule": "21.66B", "terms": _terms(4, 4),
        "notes": ["The escort lost the naval combat: the cargo returns to Naples and debarks; the naval units return to "
                  "their original base (21.66B); ground and air units may SR and TR from there (21.66D)."]}


@pytest.mark.parametrize("required, surviving", [(4, 4), (4, 5), (0, 0)])
def test_21_65_an_escort_with_its_destroyers_delivers(required: int, surviving: int) -> None:
    """21.65, 21.66C: as many destroyer factors as required (or none required) survive: delivered."""
    assert escort_result(required, surviving, False, False, "Naples").to_dict() == {
        "name": "sea escorted cargo", "value": "delivered", "rule": "21.65", "terms": _terms(required, surviving), "notes": []}


def test_21_64A_B_a_destroyer_leg_one_factor_per_factor_three_per_axis_oil_counter() -> None:
    """21.64A, B, F: 3 ground factors and 2 German oil counters need 3 + 6 destroyer factors and no transport."""
    req = escort_requirement(Cargo(3, 2, 0), "germany", "destroyers", ops_tables())
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for sea escort", "value": 9, "rule": "21.64A, B",
        "terms": [{"label": "3 ground/air factors x 1", "value": 3, "rule": "21.64A"},
                  {"label": "2 oil counters x 3 (European Axis)", "value": 6, "rule": "21.64B"}], "notes": []}
    assert req.transports.to_dict() == {
        "name": "transports for sea escort", "value": 0, "rule": "21.64F",
        "terms": [{"label": "a destroyer leg uses no transports", "value": 0, "rule": "21.64F"}], "notes": []}


def test_21_64C_D_a_transport_leg_one_transport_per_five_factors_and_per_five_brps_rounded_up() -> None:
    """21.64C, D, G: 7 factors and 11 BRPs need 2 + 3 transports and no destroyer."""
    req = escort_requirement(Cargo(7, 0, 11), "britain", "transports", ops_tables())
    assert req.transports.to_dict() == {
        "name": "transports for sea escort", "value": 5, "rule": "21.64C-E",
        "terms": [{"label": "7 ground/air factors / 5, rounded up", "value": 2, "rule": "21.64C"},
                  {"label": "11 BRPs / 5, rounded up", "value": 3, "rule": "21.64D"}], "notes": [TRANSPORT_NOTE]}
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for sea escort", "value": 0, "rule": "21.64G",
        "terms": [{"label": "a transport leg uses no destroyers", "value": 0, "rule": "21.64G"}], "notes": []}


def test_21_64E_transports_per_oil_counter_are_the_tables_own() -> None:
    """21.64E: the figure is data; were it two, three U.S. oil counters would need 6 transports."""
    t = ops_tables()
    two = msgspec.structs.replace(t, escort=msgspec.structs.replace(
        t.escort, oil_transports_per_counter=msgspec.structs.replace(t.escort.oil_transports_per_counter, value=2)))
    req = escort_requirement(Cargo(0, 3, 0), "usa", "transports", two)
    assert (req.transports.value, req.transports.terms[0].label) == (6, "3 oil counters x 2")


def test_21_64E_western_allied_oil_one_transport_a_counter() -> None:
    """21.64E: two U.S. oil counters need two transports."""
    req = escort_requirement(Cargo(0, 2, 0), "usa", "transports", ops_tables())
    assert (req.transports.value, req.transports.terms[0].label, req.transports.terms[0].rule) == (2, "2 oil counters x 1", "21.64E")


@pytest.mark.parametrize("cargo, power, leg, message", [
    (Cargo(1), "germany", "rafts", "a sea escort leg is carried by destroyers or transports, not 'rafts' (21.64F-H)"),
    (Cargo(0, 1), "italy", "transports", "Italy ships oil with destroyers, three factors a counter, not transports (21.64B)"),
    (Cargo(0, 1), "britain", "destroyers", "Britain ships oil with transports, one a counter, not destroyers (21.64E)"),
    (Cargo(0, 0, 5), "britain", "destroyers", "BRP grants are sea escorted by transports, not destroyers (21.64D)"),
])
def test_21_64_the_wrong_leg_for_a_cargo_is_refused_with_its_clause(cargo: Cargo, power: str, leg: str, message: str) -> None:
    """21.64B, D, E, F-H: oil and BRPs go by the carrier their clause names."""
    with pytest.raises(RuleError) as err:
        escort_requirement(cargo, power, leg, ops_tables())
    assert str(err.value) == message


def test_21_64_cargo_is_never_negative_and_empty_means_nothing_at_all() -> None:
    """21.64: the cargo's factors, oil counters and BRPs are counts."""
    assert Cargo().empty and not Cargo(brps=1).empty and not Cargo(oil=1).empty and not Cargo(factors=1).empty
    for args in ((-1, 0, 0), (0, -1, 0), (0, 0, -1)):
        with pytest.raises(RuleError, match="^cargo cannot be negative$"):
            Cargo(*args)


SUPPLY_NOTE = ("Each Western Allied sea supply line from a mapboard box needs one transport in the relevant shipping area "
               "(30.365); lines from ports need no naval units (21.421A).")


def test_21_421_lines_from_ports_need_nothing_lines_from_boxes_one_transport_each() -> None:
    """21.421A, B: 3 British lines from ports and 2 from mapboard boxes need 2 transports and no destroyers."""
    req = sea_supply_transports(2, 3, "britain", ops_tables())
    assert req.transports.to_dict() == {
        "name": "transports for sea supply", "value": 2, "rule": "21.421",
        "terms": [{"label": "3 lines from ports need no naval units", "value": 0, "rule": "21.421A"},
                  {"label": "2 lines from mapboard boxes x 1", "value": 2, "rule": "21.421B"}], "notes": [SUPPLY_NOTE]}
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for sea supply", "value": 0, "rule": "21.421",
        "terms": [{"label": "sea supply needs no destroyers", "value": 0, "rule": "21.421"}], "notes": []}
    assert sea_supply_transports(0, 0, "germany", ops_tables()).transports.terms == ()


def test_21_421B_the_transports_per_box_line_are_the_tables_figure() -> None:
    """21.421B, 30.365: the figure is data; were it two a line, 3 lines from boxes would need 6."""
    t = ops_tables()
    two = msgspec.structs.replace(t, supply=msgspec.structs.replace(
        t.supply, box_line_transports=msgspec.structs.replace(t.supply.box_line_transports, value=2)))
    got = sea_supply_transports(3, 0, "usa", two).transports
    assert (got.value, got.terms[0].label, got.terms[0].value) == (6, "3 lines from mapboard boxes x 2", 6)


def test_21_421B_only_western_allied_lines_are_traced_from_boxes() -> None:
    """21.421B, 30.365: a German line from a box is refused."""
    with pytest.raises(RuleError) as err:
        sea_supply_transports(1, 0, "germany", ops_tables())
    assert str(err.value) == "only Western Allied sea supply lines are traced from mapboard boxes, not Germany's (21.421B, 30.365)"


def test_21_422_european_axis_oil_three_destroyer_factors_a_counter() -> None:
    """21.422, 21.64B: 2 Italian oil counters need 6 destroyer factors, no transports."""
    req = oil_requirement(2, "italy", ops_tables())
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for oil shipments", "value": 6, "rule": "21.422, 21.64B",
        "terms": [{"label": "2 oil counters x 3 destroyer factors (European Axis)", "value": 6, "rule": "21.422, 21.64B"}],
        "notes": []}
    assert req.transports.to_dict() == {
        "name": "transports for oil shipments", "value": 0, "rule": "21.422",
        "terms": [{"label": "European Axis oil goes with destroyers", "value": 0, "rule": "21.422"}], "notes": []}


def test_21_422_japanese_oil_one_transport_a_counter() -> None:
    """21.422, 21.64E: 3 Japanese oil counters need 3 transports, no destroyers."""
    req = oil_requirement(3, "japan", ops_tables())
    assert req.transports.to_dict() == {
        "name": "transports for oil shipments", "value": 3, "rule": "21.422, 21.64E",
        "terms": [{"label": "3 oil counters x 1 transport", "value": 3, "rule": "21.422, 21.64E"}], "notes": []}
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for oil shipments", "value": 0, "rule": "21.422",
        "terms": [{"label": "this power ships oil with transports", "value": 0, "rule": "21.422"}], "notes": []}


def test_21_422_oil_figures_are_the_tables_own() -> None:
    """21.422, 21.64E: the transports per oil counter are data; were it two, 3 Japanese counters would need 6."""
    t = ops_tables()
    two = msgspec.structs.replace(t, supply=msgspec.structs.replace(
        t.supply, oil_transports_per_counter=msgspec.structs.replace(t.supply.oil_transports_per_counter, value=2)))
    got = oil_requirement(3, "japan", two).transports
    assert (got.value, got.terms[0].label, got.terms[0].value) == (6, "3 oil counters x 2 transport", 6)


@pytest.mark.parametrize("counters, power, message", [
    (0, "italy", "ship at least one oil counter (21.422)"),
    (1, "ussr", "USSR cannot ship oil by sea: only the Western Allies, Japan and the European Axis may (21.422)"),
])
def test_21_422_oil_shipments_refused(counters: int, power: str, message: str) -> None:
    """21.422: at least one counter, by a power that ships oil by sea."""
    with pytest.raises(RuleError) as err:
        oil_requirement(counters, power, ops_tables())
    assert str(err.value) == message


def test_21_423_a_brp_grant_one_transport_per_five_brps_rounded_up() -> None:
    """21.423, 21.64D: 11 U.S. BRPs need 3 transports, no destroyers."""
    req = brp_grant_requirement(11, "usa", ops_tables())
    assert req.transports.to_dict() == {
        "name": "transports for a BRP grant", "value": 3, "rule": "21.423, 21.64D",
        "terms": [{"label": "11 BRPs / 5, rounded up", "value": 3, "rule": "21.423, 21.64D"}],
        "notes": ["One transport per grant of up to five BRPs (round up); no destroyers are needed (21.64D)."]}
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for a BRP grant", "value": 0, "rule": "21.64D",
        "terms": [{"label": "BRP grants need no destroyers", "value": 0, "rule": "21.64D"}], "notes": []}
    assert brp_grant_requirement(1, "britain", ops_tables()).transports.value == 1


@pytest.mark.parametrize("brps, power, message", [
    (0, "usa", "a BRP grant is of at least 1 BRP (21.423)"),
    (5, "ussr", "only Western Allied BRP grants may be made by sea, not USSR's (21.423)"),
])
def test_21_423_brp_grants_refused(brps: int, power: str, message: str) -> None:
    """21.423: Western Allied grants only, of at least one BRP."""
    with pytest.raises(RuleError) as err:
        brp_grant_requirement(brps, power, ops_tables())
    assert str(err.value) == message


def test_9_56A_submarines_pay_nothing_every_other_naval_factor_pays() -> None:
    """21.414A, 9.56A: a 3-factor battleship and a 4-factor destroyer pay for 7; the 2-factor submarine for nothing."""
    units = [unit("BB", 3), unit("SS", 2, type="submarine"), unit("DD", 4, type="destroyer")]
    assert B.paying_factors(units, tables()) == 7


def test_21_1322_brp_front_typed_is_checked_against_the_fronts() -> None:
    """21.1322: ``--brp-front`` names one of the game's fronts, any case; absent it is ""."""
    assert B.typed_front({"brp-front": " Western "}, tables()) == "western"
    assert [B.typed_front({"brp-front": v}, tables()) for v in (None, "", True)] == ["", "", ""]
    assert B.typed_front({}, tables()) == ""
    with pytest.raises(RuleError) as err:
        B.typed_front({"brp-front": "atlantic"}, tables())
    assert str(err.value) == "--brp-front: 'atlantic' is not a front (western, eastern, mediterranean, pacific)"


GIB = base("Gibraltar", fronts=("atlantic", "mediterranean"))
ALEX = base("Alexandria", fronts=("mediterranean",))
BREST = base("Brest", fronts=("western",))
SUEZ = base("Suez", fronts=("mediterranean", "indian"))


@pytest.mark.parametrize("target, origins, typed, front, why", [
    (GIB, [BREST], "western", "mediterranean",
     "an invasion of, or a sea transport to, Gibraltar is charged to the mediterranean front (21.1322)"),
    (ALEX, [BREST], "western", "western", "the front typed (--brp-front)"),
    (ALEX, [BREST], "", "mediterranean", "the front of Alexandria"),
    (SUEZ, [ALEX], "", "mediterranean", "Suez is a two-front port: the front the units come from (21.132)"),
    (None, [BREST, base("Cherbourg", fronts=("western",))], "", "western",
     "assumed: the front of the units' bases of origin; type --brp-front if the activity is on another"),
    (None, [BREST, GIB], "", "?", "the front is not known: the referee names it (--brp-front)"),
    (None, [BREST, ALEX], "", "?", "the front is not known: the referee names it (--brp-front)"),
    (None, [], "", "?", "the front is not known: the referee names it (--brp-front)"),
])
def test_21_1322_the_front_an_activity_is_charged_to(target, origins, typed, front, why) -> None:
    """21.1322 (Gibraltar to the Mediterranean whoever comes), 21.132 (two-front ports), else typed or assumed."""
    assert B.front_of(target, origins, typed) == (front, why)


def test_21_531C_the_ledger_adds_lines_and_totals_each_front() -> None:
    """21.414A, 21.531C, 21.5331: each activity one line; totals per front add naval factors, and BRPs where named."""
    rec = B.charge({"turn": "3:axis"}, "invasion-1", "invasion", "western", "the front of Brest", 6, "21.5")
    rec = B.charge(rec, "raid-2", "raid", "atlantic", "setup raider", 3, "21.5331", brps=2)
    rec = B.charge(rec, "raid-3", "raid", "atlantic", "setup raider", 4, "21.5331", brps=1)
    rec = B.charge(rec, "patrol-4", "patrol", "western", "typed", 5, "21.414A")
    assert rec["brps"][1] == {"mission": "raid-2", "what": "raid", "front": "atlantic", "factors": 3, "brps": 2,
                              "rule": "21.5331", "note": "setup raider"}
    rows = B.ledger_rows(SimpleNamespace(world=SimpleNamespace(ops=rec)))  # type: ignore[arg-type]
    assert [r["side"] for r in rows] == ["axis"] * 6
    assert rows[4:] == [
        {"mission": "total", "what": "western front", "front": "western", "factors": 11, "brps": None, "rule": "",
         "note": "", "side": "axis"},
        {"mission": "total", "what": "atlantic front", "front": "atlantic", "factors": 7, "brps": 3, "rule": "",
         "note": "", "side": "axis"}]
    assert B.ledger_rows(SimpleNamespace(world=SimpleNamespace(ops={}))) == []  # type: ignore[arg-type]


def test_21_414A_charge_text_says_factors_front_and_why() -> None:
    """21.414A: the naval factors charged on the front; BRPs where chapter 21 names them (21.5331); "?" asks the referee."""
    assert B.charge_text("western", "the front of Brest", 6) == "BRPs for 6 naval factors on the western front (the front of Brest)"
    assert B.charge_text("?", "the referee names it", 6) == "BRPs for 6 naval factors: the referee names it"
    assert B.charge_text("atlantic", "setup raider", 6, 2) == "2 BRPs on the atlantic front (setup raider)"
