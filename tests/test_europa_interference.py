"""Italian naval interference (33.B.2.b Table 1, 33.B.7.a, 33.B.8.b) and the South Aegean interdiction zone (33.B.7)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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
