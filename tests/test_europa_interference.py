"""Italian naval interference (33.B.2.b Table 1, 33.B.7.a, 33.B.8.b) and the South Aegean interdiction zone (33.B.7)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from tests.europa_sea import game0, pt, st  # noqa: F401 - shared fixtures
from tui.rules.core.errors import RuleError
from tui.rules.europa import interference as I
from tui.rules.europa.seaworld import InterferenceRecord
from tui.rules.europa.zones import naval_status

T = 100  # the turn of the attempt


@pytest.fixture
def w0(game0):
    return game0.state.world


def history(world: Any, *records: tuple[int, str, str]) -> Any:
    recs = tuple(InterferenceRecord(turn, area, letter) for turn, area, letter in records)
    return replace(world, sea=replace(world.sea, interference=recs))


@pytest.mark.parametrize("records, area, expected", [
    ((), "eastern", 0),
    (((T - 20, "eastern", "D"),), "eastern", -2),  # a Disaster previously suffered, however long ago
    (((T - 20, "eastern", "D"), (T - 10, "eastern", "D")), "eastern", -2),  # counted once (reading)
    (((T - 3, "red-sea", "F*"),), "eastern", -1),  # a Complete Failure previously suffered, in any area
    (((T - 4, "eastern", "S"),), "eastern", 1),  # a Success during the previous four turns
    (((T - 5, "eastern", "S"),), "eastern", 0),  # five turns ago: too old
    (((T - 1, "eastern", "S*"),), "eastern", 2),  # a Great Success during the previous four turns
    (((T - 1, "eastern", "S*"), (T - 2, "eastern", "S"), (T - 9, "eastern", "D")), "eastern", 1),  # cumulative
    ((), "red-sea", -1),  # attempted in the Red Sea
    (((T, "eastern", "S*"),), "eastern", 0),  # this turn's own result is not "previous"
])
def test_33B2b_table1_modifiers_from_history(w0, st, records, area: str, expected: int) -> None:
    got = I.modifiers(history(w0, *records).sea, st, area, T)
    assert got.value == expected, got.lines()


@pytest.mark.parametrize("letter, area, vps, level", [
    ("D", "eastern", 6, "minor"), ("F*", "eastern", 3, "minor"), ("F", "eastern", 0, "minor"),
    ("S", "eastern", 0, "partial"), ("S*", "eastern", 0, "major"),
    ("D", "red-sea", 2, "minor"), ("F*", "red-sea", 1, "minor"),
])
def test_33B2b_results_vps_and_history(w0, st, letter: str, area: str, vps: float, level: str) -> None:
    """Table 1: D gives the Allies 6 VPs, F* 3 (divided by 3 in the Red Sea, 33.B.8.b); the level holds this turn."""
    new, lines = I.apply(w0, st, area, letter, T, 4, 0)
    assert new.sea.vps.get("allied", 0) == vps
    assert new.sea.active == {area: letter} and new.sea.interference[-1] == InterferenceRecord(T, area, letter, 4, 0, vps)
    assert st.italian_interference.results[letter].level == level and any(level in line for line in lines)


def test_33B2b_result_applies_to_the_allied_nsn_of_both_zones(w0, st, pt) -> None:
    new, _ = I.apply(w0, st, "eastern", "S*", T, 6, 0)
    assert naval_status(new, st, pt, "eastern-med", "allied").value == 12
    assert naval_status(new, st, pt, "aegean", "allied").value == 12
    assert naval_status(new, st, pt, "red-sea", "allied").value == 0  # another area


def test_33B2b_one_attempt_per_area_per_turn(w0, st, pt) -> None:
    w = replace(w0, sea=replace(w0.sea, ever_owned={**w0.sea.ever_owned, "allied": ()}))
    w = w.with_port(replace(w.ports["Massaua"], owner="axis"))
    assert I.offered(w, st, pt, "eastern", T) == (True, "")
    done = history(w, (T, "eastern", "F"))
    ok, why = I.offered(done, st, pt, "eastern", T)
    assert not ok and "already attempted this turn" in why
    assert I.offered(done, st, pt, "red-sea", T)[0]


def test_33B8b_red_sea_attempt_needs_massaua_never_allied(w0, st, pt) -> None:
    """Reading of 33.B.8.b: the Red Sea attempt is offered only while Massaua has never been Allied-owned."""
    ok, why = I.offered(w0, st, pt, "red-sea", T)
    assert not ok and "Massaua has never been Allied-owned" in why


# --- 33.B.7 South Aegean interdiction zone ---------------------------------------------------


def crete_allied(world: Any) -> Any:
    return world.with_port(replace(world.ports["Crete ports"], owner="allied"))


def test_33B7_conditions_a_to_d(w0, st, pt) -> None:
    """a) a Crete port Allied; b) Suez open; c) Aegean Axis NSN >= 1; d) E Med Axis NSN >= 7."""
    req = I.requirements(w0, st, pt)
    assert not req.value and [t.value for t in req.terms] == [False, True, True, True]
    w = crete_allied(w0)
    assert I.requirements(w, st, pt).value
    closed = replace(w, sea=replace(w.sea, conditions={**w.sea.conditions, "suez-closed": True}))
    req = I.requirements(closed, st, pt)
    assert not req.value and [t.value for t in req.terms] == [True, False, True, True]  # E Med: the Crete line (15) comes first


def test_33B7_declare_tight_or_loose_and_refusals(w0, st, pt) -> None:
    with pytest.raises(RuleError, match=r"a\) at least one port on Crete"):
        I.declare(w0, st, pt, "tight", T)
    w = crete_allied(w0)
    with pytest.raises(RuleError, match="tight or loose"):
        I.declare(w, st, pt, "snug", T)
    new, lines = I.declare(w, st, pt, "loose", T)
    assert new.sea.iz.kind == "loose" and new.sea.iz.declared == T and any("-5" in line for line in lines)
    with pytest.raises(RuleError, match="already exists"):
        I.declare(new, st, pt, "tight", T)


def test_33B7_effects_on_the_numbers_and_bombing(w0, st, pt) -> None:
    """c) E Med Axis NSN -5; a) the zone uses 12 (table) for Axis shipping; d) each bombing hit -1 for the turn."""
    w = crete_allied(w0)
    assert naval_status(w, st, pt, "eastern-med", "axis").value == 15  # a Crete port Allied (Table 2)
    new, _ = I.declare(w, st, pt, "tight", T)
    assert naval_status(new, st, pt, "eastern-med", "axis").value == 10  # 15 - 5
    assert naval_status(new, st, pt, "south-aegean-iz", "axis").value == 12
    bombed = I.bomb(new, st, 2)
    assert naval_status(bombed, st, pt, "south-aegean-iz", "axis").value == 10
    with pytest.raises(RuleError, match="no interdiction zone"):
        I.bomb(w, st, 1)


def test_area_names(st) -> None:
    assert I.area_of(st, "red") == "red-sea" and I.area_of(st, "Eastern Mediterranean and Aegean Sea") == "eastern"
    with pytest.raises(RuleError, match="33.B.2.b"):
        I.area_of(st, "baltic")


# --- what the app says and records (33.B.2.b Table 1, 33.B.7, 33.B.8.b) ------------------------------------


def refused(call, *args) -> str:
    with pytest.raises(RuleError) as err:
        call(*args)
    return str(err.value)


def test_33B2b_modifier_explains_each_table1_line(w0, st) -> None:
    """Table 1 at turn T in the Red Sea: a D long ago -2, no F* 0, an S 3 turns ago +1, an S* 6 turns ago 0, Red Sea -1."""
    from tui.rules.core.explain import Term

    w = history(w0, (T - 30, "eastern", "D"), (T - 3, "eastern", "S"), (T - 6, "eastern", "S*"))
    got = I.modifiers(w.sea, st, "red-sea", T)
    assert (got.name, got.value, got.rule) == ("Italian naval interference modifier (Red Sea)", -2, "33.B.2.b Table 1")
    assert got.terms == (
        Term("a Disaster result has previously been suffered", -2, "33.B.2.b Table 1"),
        Term("a Complete Failure result has previously been suffered", 0, "33.B.2.b Table 1"),
        Term("a Success result during the previous four turns", 1, "33.B.2.b Table 1"),
        Term("a Great Success result during the previous four turns", 0, "33.B.2.b Table 1"),
        Term("attempted in the Red Sea", -1, "33.B.8.b; 33.B.2.b Table 1"),
    )
    assert got.notes[0].startswith("Rolled on the SUCCESS TABLE (RULINGS E22). The result holds for the current Allied")
    assert len(I.modifiers(w.sea, st, "eastern", T).terms) == 4  # no area line in the Eastern Med (modifier 0)


def test_33B8b_red_sea_vps_are_divided_by_3_and_the_line_says_so(w0, st) -> None:
    """33.B.8.b: a Disaster in the Red Sea gives the Allies 6 / 3 = 2 VPs; in the Eastern Med a Complete Failure 3."""
    new, lines = I.apply(w0, st, "red-sea", "D", T, 4, -1)
    assert new.sea.vps["allied"] == w0.sea.vps.get("allied", 0) + 2
    assert new.sea.interference[-1] == InterferenceRecord(T, "red-sea", "D", 4, -1, 2)
    assert lines == [
        "D Disaster: The Italian fleet suffers a major loss of ships. There is minor interference this turn. The Allies receive 6 VPs.",
        "Allied shipping in the Red Sea: minor interference until the end of this Allied player turn (33.B.2.b Table 1)",
        "The Allies receive 2 VPs (6 / 3, 33.B.8.b; 33.B.2.b Table 1)"]
    new, lines = I.apply(w0, st, "eastern", "F*", T, None, 0)
    assert lines[-1] == "The Allies receive 3 VPs" and new.sea.active == {**w0.sea.active, "eastern": "F*"}
    new, lines = I.apply(w0, st, "eastern", "S", T, 9, 0)
    assert len(lines) == 2 and new.sea.vps == w0.sea.vps


def test_33B2b_why_an_attempt_is_not_offered(w0, st, pt) -> None:
    """One attempt per area per Allied initial phase; a declined one counts; the Red Sea needs Massaua never Allied."""
    assert I.offered(I.decline(w0, "eastern", T), st, pt, "eastern", T) == (
        False, "the Axis declined interference in the Eastern Mediterranean and Aegean Sea this turn: no attempt until "
               "the next Allied initial phase (33.B.2.b; 33.B.7.a)")
    tried, _ = I.apply(w0, st, "eastern", "F", T, 5, 0)
    assert I.offered(tried, st, pt, "eastern", T) == (
        False, "interference in the Eastern Mediterranean and Aegean Sea was already attempted this turn (33.B.2.b; 33.B.7.a)")
    assert I.offered(tried, st, pt, "eastern", T + 1) == (True, "")
    assert I.offered(w0, st, pt, "red-sea", T) == (
        False, "Massaua has never been Allied-owned does not hold (33.B.8.b; 33.B.2.b Table 1)")


def test_33B7_requirements_explain_each_condition_and_ignore_air(w0, st, pt) -> None:
    """33.B.7 a)-d) with the numbers of Table 2 as printed: Allied air over the E Med does not lift d)."""
    from tui.rules.core.explain import Term
    from tui.rules.europa.seaworld import AirUnit

    w = crete_allied(w0)
    for port in ("Haifa", "Cyprus ports", "Alexandria"):
        w = w.with_port(replace(w.ports[port], owner="axis"))
    w = replace(w, sea=replace(w.sea, conditions={**w.sea.conditions, "crete-airbase-allied": False}))
    got = I.requirements(w, st, pt)
    assert (got.name, got.rule) == ("South Aegean interdiction zone may be declared", "33.B.7")
    assert got.terms[0] == Term("a) at least one port on Crete is Allied-owned [allied-owned: Crete ports yes]", True, "33.B.7 a)")
    assert got.terms[1] == Term("b) the Suez Canal is open [asked: referee says no ('condition suez-closed')]", True, "33.B.7 b)")
    assert got.terms[2] == Term("c) the Axis naval status number for the Aegean Sea is 1 or more [now 1]", True, "33.B.7 c)")
    assert got.value is True  # E Med: a Crete port Allied gives 15
    bombers = tuple(AirUnit(f"B{n}", "allied", "eastern-med", "bomber", "V", 20, 4) for n in range(3))
    with_air = replace(w, sea=replace(w.sea, air=bombers))
    assert naval_status(with_air, st, pt, "aegean", "axis").value == 1
    assert I.requirements(with_air, st, pt).terms[3].label.endswith("[now 15]")  # not 15 + 24 of air


def test_33B7_declaring_says_what_the_zone_does_and_refusals_name_what_is_missing(w0, st, pt) -> None:
    assert refused(I.declare, w0, st, pt, "tight", T) == (
        "the South Aegean interdiction zone cannot be declared: a) at least one port on Crete is Allied-owned "
        "[allied-owned: Crete ports no] (33.B.7)")
    w = crete_allied(w0)
    assert refused(I.declare, w, st, pt, "snug", T) == "an interdiction zone is tight or loose, not 'snug' (33.B.7)"
    new, lines = I.declare(w, st, pt, "tight", T)
    assert lines == [
        "Tight zone: every all-sea and coastal hex within two hexes of Crete (greater chance of affecting Axis shipping)",
        "Axis shipping in it is checked as a separate sea zone; each all-sea and partial-sea hex has light AA 5 against "
        "naval interdiction bombing (33.B.7 b)",
        "Axis Eastern Mediterranean naval status number -5 while it exists (33.B.7 c)",
        "Lasts until the start of the next Allied initial phase"]
    assert refused(I.declare, new, st, pt, "loose", T) == (
        "a tight interdiction zone already exists until the next Allied initial phase (33.B.7)")
    assert refused(I.bomb, w, st, 1) == "there is no interdiction zone to bomb (33.B.7)"
    assert refused(I.bomb, new, st, 0) == "bombing hits must be 1 or more (33.B.7 d))"
    assert I.bomb(I.bomb(new, st, 1), st, 2).sea.iz.hits == 3


def test_33B2b_area_names_any_case_and_unique_prefixes(st) -> None:
    assert I.area_of(st, "RED SEA") == "red-sea" and I.area_of(st, "Eastern") == "eastern" and I.area_of(st, "east") == "eastern"
    assert refused(I.area_of, st, "") == "no interference area '': one of eastern, red-sea (33.B.2.b, 33.B.8.b)"
