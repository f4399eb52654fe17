"""Exact tests of the Naval mode planner's operations figures (seed 004, 21.42-21.6), each guarding a change to
``tui/rules/awaw/planner_ops.py`` the broader planner tests let pass: the "needs N: M chosen" notes, the places the
cargo goes between (a mapboard box or not), the bombardment's DRM rows and a refusal shown as a figure."""

from __future__ import annotations

from functools import lru_cache

from awaw_core_fixtures import base, tables, unit, world
from tui.paths import data_dir
from tui.rules.awaw import planner_ops as P
from tui.rules.awaw.ops_tables import OpsTables, load_ops_tables
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.explain import Explained, Term


@lru_cache(maxsize=1)
def _ops() -> OpsTables:
    return load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")


def _world(**kw: object) -> AwawWorld:
    """Malta (British), Naples (Italian), Liverpool (western front) and the Atlantic U.S. box, with a few forces."""
    return world([base("Malta"), base("Naples", control="italy"), base("Liverpool", fronts=("western",)),
                  base("Atlantic U.S.", "box", (), theater="europe")],
                 [unit("DD", 4, type="destroyer"), unit("TR", 2, type="transport"),
                  unit("IDD", 3, type="destroyer", power="italy", base="Naples"),
                  unit("USDD", 6, type="destroyer", power="usa", base="Atlantic U.S."),
                  unit("USTR", 3, type="transport", power="usa", base="Atlantic U.S.")], **kw)


def _plan(ids: list[str], activity: str, cargo: str = "", w: AwawWorld | None = None, **kw: object) -> list[Explained]:
    w = w or _world()
    return P.plan(w, [w.units[i] for i in ids], activity, cargo, tables(), _ops(), **kw)


def _notes(figs: list[Explained]) -> list[str]:
    """The last note of each figure (where ``_with_shortfall`` puts "needs ...: ... chosen")."""
    return [f.notes[-1] if f.notes else "" for f in figs]


def test_21_421_sea_supply_counts_the_marked_transports_and_destroyers() -> None:
    """21.421B: 3 lines from boxes need 3 transports; 3 chosen is enough; the destroyers chosen are shown too."""
    out = _plan(["USDD", "USTR"], "sea-supply", "3")
    assert [(f.name, f.value) for f in out] == [("destroyer factors for sea supply", 0), ("transports for sea supply", 3)]
    assert _notes(out) == ["needs 0 destroyer factors: 6 chosen", "needs 3 transports: 3 chosen"]
    assert out[1].terms == (Term("3 lines from mapboard boxes x 1", 3, "21.421B"),)


def test_21_421_an_empty_cargo_is_no_line_from_a_box() -> None:
    """21.421A: no line typed is none from a box: no transport needed ("0 transports")."""
    out = _plan(["USDD", "USTR"], "sea-supply", "")
    assert out[1].value == 0 and _notes(out)[1] == "needs 0 transports: 3 chosen"


def test_21_422_european_axis_oil_goes_with_destroyers_and_a_short_force_is_named() -> None:
    """21.422, 21.64B: two Italian oil counters need 6 destroyer factors; 3 chosen: the shortfall cites the rule."""
    out = _plan(["IDD"], "ship-oil", "2")
    assert out[0] == Explained("destroyer factors for oil shipments", 6, "21.422, 21.64B",
                               (Term("2 oil counters x 3 destroyer factors (European Axis)", 6, "21.422, 21.64B"),),
                               ("needs 6 destroyer factors: 3 chosen (21.422, 21.64B)",))
    assert out[1].notes == ("needs 0 transports: 0 chosen",)


def test_21_422_zero_oil_counters_is_read_as_one() -> None:
    """21.422: the planner reads at least one oil counter (3 destroyer factors for the European Axis)."""
    assert _plan(["IDD"], "ship-oil", "0")[0].value == 3
    assert _plan(["IDD"], "ship-oil", "")[0].value == 3


def test_21_422_other_powers_ship_oil_with_a_transport_a_counter() -> None:
    """21.422, 21.64E: British oil goes with transports: 2 counters, 2 transports chosen ("2 transports")."""
    out = _plan(["DD", "TR"], "ship-oil", "2")
    assert [f.value for f in out] == [0, 2]
    assert _notes(out) == ["needs 0 destroyer factors: 4 chosen", "needs 2 transports: 2 chosen"]


def test_21_423_a_brp_grant_needs_a_transport_per_five_brps() -> None:
    """21.423: 6 BRPs need 2 transports; no BRPs typed is read as one BRP: "1 transport" (singular)."""
    out = _plan(["DD", "TR"], "grant-brp", "6")
    assert out[1].value == 2 and out[1].terms == (Term("6 BRPs / 5, rounded up", 2, "21.423, 21.64D"),)
    assert _notes(_plan(["USDD", "USTR"], "grant-brp", "")) == ["needs 0 destroyer factors: 6 chosen",
                                                                   "needs 1 transport: 3 chosen"]
    assert _notes(_plan(["DD"], "grant-brp", "11"))[1] == "needs 3 transports: 0 chosen (21.423, 21.64D)"


def test_21_423_one_transport_short_is_singular() -> None:
    """21.423: 5 BRPs need one transport; none chosen: "needs 1 transport: 0 chosen" with the rule."""
    assert _notes(_plan(["DD"], "grant-brp", "5"))[1] == "needs 1 transport: 0 chosen (21.423, 21.64D)"


def test_21_42_a_count_that_is_not_a_number_is_refused_naming_what_it_counts() -> None:
    """21.421-21.423: the cargo of sea supply, oil and BRP grants is a whole number; a word is refused by name."""
    for activity, what in (("sea-supply", "lines from boxes"), ("ship-oil", "oil counters"), ("grant-brp", "BRPs")):
        assert _plan(["DD"], activity, "x") == [
            Explained(f"{activity}: not possible as planned", "refused", "", (),
                      (f"{what} must be a whole number (from 0 to 999), not 'x'",))]


def test_21_423_no_brps_typed_is_one_brp() -> None:
    """21.423: the planner reads at least one BRP: "1 BRPs / 5, rounded up"."""
    assert _plan(["DD"], "grant-brp", "0")[1].terms == (Term("1 BRPs / 5, rounded up", 1, "21.423, 21.64D"),)


def test_21_35_no_cargo_asks_for_it_with_the_activity_hint() -> None:
    """21.35: transport, escort and invade with no (or blank) cargo ask for it, naming what to type."""
    for activity in ("transport", "escort", "invade"):
        for cargo in ("", "   "):
            assert _plan(["DD"], activity, cargo) == [
                Explained("cargo", 0, "21.35", (), (f"type the cargo: {P.CARGO_HINT[activity]}",))]


def test_21_35A_named_cargo_is_listed_and_summed() -> None:
    """21.35A, 21.434A: "A:2, B:3" is 5 factors, each named; 5 destroyer factors needed, 4 chosen."""
    out = _plan(["DD"], "transport", " A:2, B:3 ")
    assert out[0] == Explained("cargo factors", 5, "21.35A", (Term("A", 2, "21.35A"), Term("B", 3, "21.35A")))
    assert _notes(out)[1:] == ["needs 5 destroyer factors: 4 chosen (21.434A)", "needs 0 transports: 0 chosen"]


def test_21_35A_a_bare_number_is_the_cargo_factors() -> None:
    """21.35A: " 5 " typed alone is five factors of cargo."""
    out = _plan(["DD"], "transport", " 5 ")
    assert out[0] == Explained("cargo factors", 5, "21.35A", (Term("cargo", 5, "21.35A"),))


def test_21_434B_transport_from_a_box_to_a_port_of_its_front_doubles_destroyers() -> None:
    """21.433A, 21.434B-C: from the Atlantic U.S. box to Liverpool (western front, typed in any case): 2 destroyer
    factors a factor and a transport per 5 factors."""
    out = _plan(["USDD", "USTR"], "transport", "A:3", to="liverpool")
    assert [f.value for f in out] == [3, 6, 1]
    assert _notes(out)[1:] == ["needs 6 destroyer factors: 6 chosen", "needs 1 transport: 3 chosen"]


def test_21_433_transport_from_a_port_into_a_box_is_refused_as_a_figure() -> None:
    """21.433A: Malta to the Atlantic U.S. box is not a permitted route: one figure "refused", the rule extracted."""
    out = _plan(["DD"], "transport", "A:3", to="Atlantic U.S.")
    assert out == [Explained("transport: not possible as planned", "refused", "21.433A", (),
                             ("sea transport between Atlantic U.S. and Malta is not permitted (21.433); from this box "
                              "only: Atlantic U.S.: front:western (21.433A)",))]


def test_21_434_an_unknown_destination_and_no_units_are_no_box() -> None:
    """21.434A: a destination the world does not know, or no units marked, is no mapboard box: destroyers only."""
    out = _plan(["DD"], "transport", "A:3", to="Nowhere")
    assert [f.value for f in out] == [3, 3, 0]
    bare = _plan([], "transport", "3")
    assert [f.value for f in bare] == [3, 3, 0]
    assert _notes(bare)[1:] == ["needs 3 destroyer factors: 0 chosen (21.434A)", "needs 0 transports: 0 chosen"]


def test_21_433_an_unknown_end_of_a_box_route_reads_as_a_question_mark() -> None:
    """21.433: from the Atlantic U.S. box with no destination, or to it with no units marked, the other end is "?"."""
    no_end = _plan(["USDD", "USTR"], "transport", "A:3")
    assert no_end[0].notes == ("sea transport between Atlantic U.S. and ? is not permitted (21.433); from this box only: "
                               "Atlantic U.S.: front:western (21.433A)",)
    no_start = _plan([], "transport", "A:3", to="Atlantic U.S.")
    assert no_start[0].notes == no_end[0].notes


def test_21_433C_a_route_from_the_india_box_reaches_the_pacific_theater() -> None:
    """21.433C: transports from the India box may carry cargo to a port of the Pacific theater (its theater is read)."""
    w = world([base("India", "box", (), theater="pacific"), base("Colombo", fronts=("pacific",), theater="pacific")],
              [unit("DD", 6, type="destroyer", base="India"), unit("TR", 1, type="transport", base="India")])
    out = _plan(["DD", "TR"], "transport", "A:3", w, to="Colombo")
    assert [f.value for f in out] == [3, 6, 1]


def test_21_64_escort_on_the_mapboard_uses_destroyers_and_to_a_box_transports() -> None:
    """21.64A, 21.64C: an escort between ports uses destroyers; to a box (typed in any case) or from one, transports."""
    port = _plan(["DD"], "escort", "A:3")
    assert [f.value for f in port] == [3, 3, 0]
    assert _notes(port)[1:] == ["needs 3 destroyer factors: 4 chosen", "needs 0 transports: 0 chosen"]
    to_box = _plan(["DD"], "escort", "A:3", to="atlantic u.s.")
    assert [f.value for f in to_box] == [3, 0, 1]
    assert _notes(to_box)[2] == "needs 1 transport: 0 chosen (21.64C-E)"
    from_box = _plan(["USDD", "USTR"], "escort", "A:3")
    assert [f.value for f in from_box] == [3, 0, 1]


def test_21_513_invasion_defended_and_from_a_box() -> None:
    """21.513A-C: undefended 1 destroyer factor a ground factor; defended 2; from a box 2 and a transport per 5."""
    assert [f.value for f in _plan(["DD"], "invade", "A:3")] == [3, 3, 0]
    defended = _plan(["DD"], "invade", "A:3", defended=True)
    assert defended[1].rule == "21.513B" and _notes(defended)[1] == "needs 6 destroyer factors: 4 chosen (21.513B)"
    boxed = _plan(["USDD", "USTR"], "invade", "A:3")
    assert [f.value for f in boxed] == [3, 6, 1]
    assert _notes(boxed)[1:] == ["needs 6 destroyer factors: 6 chosen", "needs 1 transport: 3 chosen"]


def test_21_526_bombardment_sums_fleet_and_destroyers_by_the_nations_drm() -> None:
    """21.525, 21.526: fleet and destroyer factors bombard by their nation's DRM (the power's when the nation has none);
    carriers do not; 9 factors at DRM 0 give 3 combat factors against 3 ground factors (cap 1 x 3)."""
    w = world([base("Naples", control="italy")],
              [unit("BB", 3, power="italy", base="Naples"), unit("CA", 3, power="italy", type="cruiser", base="Naples"),
               unit("D", 3, power="italy", type="destroyer", base="Naples"),
               unit("CV", 6, power="italy", type="fast-carrier", base="Naples")])
    out = _plan(["BB", "CA", "D", "CV"], "bombard", "3", w)
    assert len(out) == 1 and out[0].value == 3
    assert out[0].terms[1] == Term("DRM 0: 9 naval factors / 3 = 3, cap 1 x 3 - 0 already = 3", 3, "21.526A")


def test_21_526_bombardment_reads_the_nation_first_then_the_power() -> None:
    """21.526: the DRM of a unit's nation; without one, its power's; without either, 0."""
    units = [unit("BB", 6, power="italy", base="Naples")]
    by_power = _plan(["BB"], "bombard", "6", world([base("Naples")], units, drm={"italy": 2}))
    assert by_power[0].terms[1].label.startswith("DRM 2: 6 naval factors")
    by_nation = _plan(["BB"], "bombard", "6",
                      world([base("Naples")], [units[0].change(nation="regia")], drm={"italy": 2, "regia": 1}))
    assert by_nation[0].terms[1].label.startswith("DRM 1: 6 naval factors")
    fallback = _plan(["BB"], "bombard", "6", world([base("Naples")], [units[0].change(nation="regia")], drm={"italy": 2}))
    assert fallback[0].terms[1].label.startswith("DRM 2: 6 naval factors")


def test_21_521_bombardment_needs_the_ground_factors_and_a_number() -> None:
    """21.521: no ground factors typed asks for them; a word is refused as a figure with no rule to cite."""
    assert _plan(["DD"], "bombard", "") == [
        Explained("shore bombardment", 0, "21.521", (), ("type the ground factors of the invasion attack",))]
    assert _plan(["DD"], "bombard", "x") == [
        Explained("bombard: not possible as planned", "refused", "", (),
                  ("ground factors must be a whole number (from 0 to 999), not 'x'",))]
    assert _plan(["DD"], "bombard", "1000")[0].notes == ("ground factors must be from 0 to 999, not '1000'",)


def test_21_555A_a_carrier_mission_checks_fast_fleet_factors() -> None:
    """21.555A, 21.313: 2 fast carrier factors with 3 fast fleet factors pass; with 1, refused; no units, no figure."""
    w = world([base("Malta")], [unit("CV", 2, type="fast-carrier"), unit("F", 3, fast=True), unit("S", 1, fast=True)])
    ok = _plan(["CV", "F"], "carrier-mission", "", w)
    assert [(f.name, f.value) for f in ok] == [("fast fleet factors escorting the carriers", 3)]
    assert ok[0].terms[:2] == (Term("fast carrier factors", 2, "21.555A"), Term("fast fleet factors needed", 2, "21.313"))
    short = _plan(["CV", "S"], "carrier-mission", "", w)
    assert short[0].value == "refused" and short[0].rule == "21.555A, 21.313"
    assert _plan([], "carrier-mission", "", w) == []


def test_21_532_a_raider_group_is_checked_ship_by_ship() -> None:
    """21.532A, E, 21.314: two fast ships pass; a damaged or a slow ship, or a destroyer, is refused by name."""
    w = world([base("Brest")], [unit("T", 3, power="germany", fast=True), unit("H", 2, power="germany", type="cruiser-2",
                                                                           fast=True),
                                unit("X", 3, power="germany", fast=True, damaged=True),
                                unit("Z", 3, power="germany", type="destroyer", fast=True)])
    ok = _plan(["T", "H"], "raid", "", w)
    assert (ok[0].name, ok[0].value) == ("ships in the raider group", 2)
    assert _plan(["T", "X"], "raid", "", w)[0].notes == (
        "X is damaged and may not undertake a naval activity (21.314)",)
    assert _plan(["Z"], "raid", "", w)[0].notes[0].startswith("Z (destroyer) may not raid")
    slow = _plan(["T"], "raid", "", world([base("Brest")], [unit("T", 3, power="germany")]))
    assert slow == [Explained("raid: not possible as planned", "refused", "21.532A", (),
                              ("T is a slow ship and may not raid (21.532A)",))]


def test_an_unknown_operation_is_refused_naming_the_operations() -> None:
    """The planner's operations are the nine of 21.42-21.6; another name is refused, listing them."""
    out = _plan(["DD"], "frob")
    assert out[0].name == "frob: not possible as planned" and out[0].value == "refused"
    assert out[0].notes == (f"the planner knows no operation 'frob' ({', '.join(P.ACTIVITIES)})",)


def test_the_form_asks_a_destination_only_for_cargo_that_goes_somewhere() -> None:
    """21.43, 21.51, 21.6: transport, escort and invade ask for a destination; the others do not; unknown: no hint."""
    for activity in P.ACTIVITIES:
        assert P.options(activity) == {"cargo": P.CARGO_HINT[activity], "to": activity in ("transport", "escort", "invade")}
    assert P.options("frob") == {"cargo": "", "to": False}
