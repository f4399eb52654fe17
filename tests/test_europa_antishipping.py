"""The anti-shipping check (33.A, 33.D, 33.E) and anti-shipping air (33.C; RULINGS E20, E21): modifiers and worked examples."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from tests.europa_sea import game0, pt, st  # noqa: F401 - shared fixtures
from tui.rules.core.dice import DiceSpec, Roll, roll_typed
from tui.rules.core.errors import RuleError
from tui.rules.europa import air as A
from tui.rules.europa import antishipping as X
from tui.rules.europa.seaworld import AirUnit


@pytest.fixture
def w0(game0):
    return replace(game0.state.world, sea=replace(game0.state.world.sea, malta=10))


def with_air(world: Any, *units: AirUnit) -> Any:
    return replace(world, sea=replace(world.sea, air=tuple(units)))


def dice(*groups: tuple[int, ...]):
    """A roller that hands out typed faces in order."""
    queue = list(groups)

    def roll(spec: str, purpose: str, detail: str = "") -> Roll:
        return roll_typed(DiceSpec.parse(spec), queue.pop(0), purpose)

    return roll


# --- 33.D final naval status number --------------------------------------------------------


@pytest.mark.parametrize("kind, expected", [("sp", 10), ("unit", 10), ("rp", 10), ("naval", 10), ("empty-nt", 5), ("carrier", 6)])
def test_33D_cargo_modifiers(w0, st, pt, kind: str, expected: int) -> None:
    """33.D: -5 empty NT sailing alone; -4 carrier with a C-code fighter rolling in its own hex; others none."""
    assert X.final_nsn(w0, st, pt, "central-med", "axis", kind).value == expected


def test_33B1a_33D_route_and_cargo_modifiers_add_up(w0, st, pt) -> None:
    """Central Med, Malta 10: short route -5 and empty NT -5 -> 0 (the table's column 0)."""
    got = X.final_nsn(w0, st, pt, "central-med", "axis", "empty-nt", frozenset({"short"}))
    assert got.value == 0
    labels = " ".join(t.label for t in got.terms)
    assert "empty naval transport sailing alone" in labels and "check --short" in labels


def test_33E_sp_checked_in_3_RE_increments(st) -> None:
    """Table 6 *: SPs/SRPs rolled for in 3 RE increments if possible: 7 REs -> 3 + 3 + 1."""
    parts = X.increments(st, X.Item("convoy", "sp", 7))
    assert [(p.name, p.res) for p in parts] == [("convoy/1", 3), ("convoy/2", 3), ("convoy/3", 1)]
    assert X.increments(st, X.Item("u", "unit", 0)) == [X.Item("u", "unit", 0)]


@pytest.mark.parametrize("text, item", [
    ("sp:7@convoy", X.Item("convoy", "sp", 7)),
    ("sp", X.Item("#1", "sp", 3)),
    ("unit@7-6 div", X.Item("7-6 div", "unit", 0)),
    ("empty-nt", X.Item("#1", "empty-nt", 0)),
])
def test_cargo_item_syntax(st, text: str, item: X.Item) -> None:
    assert X.parse_item(st, text, "#1") == item


def test_cargo_item_syntax_refuses_unknown_kinds(st) -> None:
    with pytest.raises(RuleError, match="33.A"):
        X.parse_item(st, "tanks", "#1")


@pytest.mark.parametrize("kind, iz, column", [("sp", "tight", "sp"), ("empty-nt", "loose", "sp"), ("unit", "outside", "outside"),
                                              ("rp", "loose", "loose"), ("naval", "tight", "tight")])
def test_33E_results_column(st, kind: str, iz: str, column: str) -> None:
    """Table 6: SP/SRP column no matter where (empty NTs too, note 1); units and RPs by interdiction zone."""
    assert X.results_column(st, kind, iz) == column


# --- worked checks -----------------------------------------------------------------------------


def test_worked_example_convoy_not_contacted(w0, st, pt) -> None:
    """NSN 10 (Malta 10), 2d6 = 5: row 5 contacts only from NSN 12 — not contacted, no results roll."""
    rec, lines, _ = X.run_check(w0, st, pt, "central-med", "axis", X.Item("c", "sp", 3), "outside", frozenset(), dice((2, 3)), "p", False)
    assert not rec.contacted and rec.result == "" and rec.nsn == 10 and "not contacted" in lines[0]


def test_worked_example_contact_and_2_res_eliminated(w0, st, pt) -> None:
    """NSN 10, 2d6 = 7 contacts (row 7 from NSN 7); 1d6 = 3 on SP/SRP = 2 RE: 2 of the 3 REs eliminated."""
    rec, lines, exp = X.run_check(w0, st, pt, "central-med", "axis", X.Item("c", "sp", 3), "outside", frozenset(), dice((3, 4), (3,)), "p", False)
    assert rec.contacted and rec.result == "2RE" and rec.result_roll == 3
    assert "2 of the 3 REs of c eliminated" in lines[0]
    assert [e.name for e in exp] == ["final naval status number", "contact", "shipping result"]


def test_worked_example_unit_in_a_tight_zone_half_eliminated(w0, st, pt) -> None:
    """Tight zone column: 1d6 = 4 -> ½E (outside it would be R)."""
    rec, lines, _ = X.run_check(w0, st, pt, "central-med", "axis", X.Item("div", "unit"), "tight", frozenset(), dice((6, 6), (4,)), "p", False)
    assert rec.result == "½E" and "Half Eliminated" in lines[0]


@pytest.mark.parametrize("code, item, words", [
    ("NE", X.Item("c", "sp", 3), "No effect"),
    ("R", X.Item("c", "unit"), "turned back to its port of origin"),
    ("1RE", X.Item("c", "sp", 3), "1 of the 3 REs"),
    ("½E", X.Item("c", "sp", 3), "1½ of the 3 REs"),
    ("½E", X.Item("DD", "naval"), "DD suffers 1 point(s) of damage and returns"),
    ("E", X.Item("BB", "carrier"), "BB suffers 2 point(s) of damage"),
    ("E", X.Item("c", "sp", 1), "1 of the 1 REs of c eliminated"),
])
def test_33E_results_in_plain_words(st, code: str, item: X.Item, words: str) -> None:
    assert words in X.plain_words(st, code, item)


def test_33A_previous_check_is_per_item_zone_and_phase(w0, st, pt) -> None:
    rec, _, _ = X.run_check(w0, st, pt, "central-med", "axis", X.Item("c", "sp", 3), "outside", frozenset(), dice((1, 1)), "p1", False)
    sea = replace(w0.sea, checks=(rec,))
    assert X.previous_check(sea, "p1", "C", "central-med") == rec
    assert X.previous_check(sea, "p2", "c", "central-med") is None
    assert X.previous_check(sea, "p1", "c", "western-med") is None


def test_33B_refusals_name_the_rule(w0, st, pt) -> None:
    with pytest.raises(RuleError, match="33.B.9.b"):
        X.refuse_unchecked_zone(w0, st, pt, "indian-ocean", "allied", frozenset())
    with pytest.raises(RuleError, match="33.B.1.b"):
        X.refuse_unchecked_zone(w0, st, pt, "central-med", "allied", frozenset({"far"}))
    with pytest.raises(RuleError, match="--short means nothing"):
        X.refuse_unchecked_zone(w0, st, pt, "western-med", "axis", frozenset({"short"}))
    with pytest.raises(RuleError, match="not in effect"):
        X.refuse_unchecked_zone(w0, st, pt, "south-aegean-iz", "axis", frozenset())


# --- 33.C anti-shipping air, Table 4, RULINGS E21 --------------------------------------------------


def bomber(name: str, side: str = "allied", **kw: Any) -> AirUnit:
    base = dict(zone="central-med", role="bomber", type="non-naval", range=20, tbf=4.0, mission="box", distance=0)
    base.update(kw)
    return AirUnit(name, side, **base)  # type: ignore[arg-type]


@pytest.mark.parametrize("unit, expected", [
    (bomber("a"), 2.0),  # non-naval x½
    (bomber("b", type="S"), 4.0),  # S x1
    (bomber("c", type="V"), 8.0),  # V x2
    (bomber("d", type="M"), 8.0),  # M x2
    (bomber("e", range=14), 1.0),  # range < 15 x½
    (bomber("f", range=31), 4.0),  # range > 30 x2
    (bomber("g", mission="patrol"), 1.0),  # not in box x½, patrol x1
    (bomber("h", mission="strike"), 0.5),  # not in box x½, strike x½
    (bomber("i", type="V", range=40, mission="strike"), 4.0),  # 4 x2 x2 x½ x½
])
def test_33C_table4_modifiers_multiply(st, unit: AirUnit, expected: float) -> None:
    """Table 4: all modifiers are cumulative (multiplied)."""
    assert A.modified_tbf(unit, st).value == expected


def test_33C_fighters_match_bombers_longest_range_first(st) -> None:
    """33.C: each friendly fighter subtracts its range (less its distance marker) from one enemy bomber, longest first."""
    units = [bomber("long", range=30), bomber("short", range=16),
             AirUnit("f1", "axis", "central-med", "fighter", "non-naval", 12, 0, "box", 0),
             AirUnit("f2", "axis", "central-med", "fighter", "non-naval", 10, 0, "box", 4)]
    m = A.matching(units, "axis")
    assert m == {"long": ("f1", 12), "short": ("f2", 6)}


def test_33C_E21_air_is_added_to_the_nsn_of_enemy_shipping(w0, st, pt) -> None:
    """RULINGS E21: the interfering side's modified TBF is ADDED (rounded down, reading) to the shipping's NSN."""
    w = with_air(w0, bomber("Wellington", type="S", tbf=3))  # 3 x1 = 3
    assert A.air_modifier(w, st, "central-med", "axis").value == 3
    assert X.final_nsn(w, st, pt, "central-med", "axis", "unit").value == 13
    assert A.air_modifier(w, st, "central-med", "allied").value == 0  # own air does not raise its own NSN
    w2 = with_air(w0, bomber("Blen", tbf=3))  # 3 x½ = 1.5 -> 1
    assert A.air_modifier(w2, st, "central-med", "axis").value == 1


def test_33C_fighter_in_the_box_lowers_a_bombers_range(w0, st, pt) -> None:
    """A 20-range bomber met by a 12-range fighter flies at 8: x½ for range below 15."""
    w = with_air(w0, bomber("Ju88", "axis", tbf=4), AirUnit("Spit", "allied", "central-med", "fighter", "non-naval", 12, 0, "box", 0))
    got = A.air_modifier(w, st, "central-med", "allied")
    assert got.value == 1 and "matched by Spit" in got.terms[0].label


def test_33C_add_and_remove_refuse_bad_units(w0, st) -> None:
    with pytest.raises(RuleError, match="Table 4"):
        A.add_unit(w0.sea, st, bomber("x", type="Z"))
    with pytest.raises(RuleError, match="fighter or bomber"):
        A.add_unit(w0.sea, st, bomber("x", role="recon"))
    sea = A.add_unit(w0.sea, st, bomber("x"))
    with pytest.raises(RuleError, match="already"):
        A.add_unit(sea, st, bomber("x"))
    assert A.remove_unit(sea, "X").air == ()
