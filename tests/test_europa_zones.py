"""Sea zones and naval status numbers (33.B, 33.B.10 Tables 2 and 3, 33.F): every line, derived and asked conditions."""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock
from tests.europa_sea import cond, owner, sea_tables
from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.europa.seaworld import InterdictionZone
from tui.rules.europa.zones import barred, condition, find_zone, naval_status, refuse_barred, slp_count, zone_row
from tui.session import memory_game


@pytest.fixture(scope="module")
def game0():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


@pytest.fixture
def rs(game0):
    return game0.ruleset


@pytest.fixture
def st():
    return sea_tables()


@pytest.fixture
def pt(rs):
    return rs.tables


@pytest.fixture
def w0(game0):
    return game0.state.world


def malta(world: Any, n: int) -> Any:
    return replace(world, sea=replace(world.sea, malta=n))


def active(world: Any, area: str, letter: str) -> Any:
    return replace(world, sea=replace(world.sea, active={area: letter}))


def iz(world: Any, kind: str = "tight", hits: int = 0) -> Any:
    return replace(world, sea=replace(world.sea, iz=InterdictionZone(kind, 0, hits)))


def axis_all(world: Any, *ports: str) -> Any:
    for p in ports:
        world = owner(world, p, "axis")
    return world


W = Callable[[Any], Any]
CASES: list[tuple[str, str, str, W, int | None]] = [
    # Table 2 (Axis)
    ("baltic", "axis", "at war with the USSR", lambda w: w, 4),
    ("baltic", "axis", "before war with the USSR", lambda w: cond(w, at_war_ussr=False), 1),
    ("norwegian", "axis", "regular", lambda w: w, 8),
    ("norwegian", "axis", "Allied pre-emptive strike", lambda w: cond(w, allied_preemptive_strike=True), 10),
    ("norwegian", "axis", "Axis pre-emptive strike", lambda w: cond(w, axis_preemptive_strike=True), 4),
    ("denmark", "axis", "Axis control of Lower Norway and Denmark", lambda w: w, 1),
    ("denmark", "axis", "regular", lambda w: cond(w, axis_lower_norway_denmark=False), 4),
    ("north-sea", "axis", "regular", lambda w: w, 10),
    ("north-sea", "axis", "one or more English ports", lambda w: cond(w, axis_some_english_north_sea_ports=True), 7),
    ("north-sea", "axis", "all English ports", lambda w: cond(w, axis_some_english_north_sea_ports=True, axis_all_english_north_sea_ports=True), 4),
    ("english-channel", "axis", "regular", lambda w: w, 13),
    ("english-channel", "axis", "Axis air superiority", lambda w: cond(w, axis_air_superiority_channel=True), 8),
    ("english-channel", "axis", "all English channel ports", lambda w: cond(w, axis_all_english_channel_ports=True), 3),
    ("french-atlantic", "axis", "regular +3 France surrendered", lambda w: w, 7),
    ("french-atlantic", "axis", "regular", lambda w: cond(w, france_surrendered=False), 4),
    ("western-med", "axis", "Gibraltar, Oran or Algiers Allied", lambda w: w, 12),
    ("western-med", "axis", "only Oran Allied", lambda w: axis_all(w, "Gibraltar", "Algiers"), 12),
    ("western-med", "axis", "none Allied", lambda w: axis_all(w, "Gibraltar", "Algiers", "Oran"), 1),
    ("central-med", "axis", "Malta status number", lambda w: malta(w, 7), 7),
    ("eastern-med", "axis", "all three Allied", lambda w: w, 12),
    ("eastern-med", "axis", "two Allied", lambda w: axis_all(w, "Haifa"), 10),
    ("eastern-med", "axis", "one Allied", lambda w: axis_all(w, "Haifa", "Cyprus ports"), 7),
    ("eastern-med", "axis", "none Allied", lambda w: axis_all(w, "Haifa", "Cyprus ports", "Alexandria"), 1),
    ("eastern-med", "axis", "Suez closed", lambda w: cond(w, suez_closed=True), 1),
    ("eastern-med", "axis", "Crete port Allied: 15", lambda w: owner(w, "Crete ports", "allied"), 15),
    ("eastern-med", "axis", "Crete airbase Allied: 15", lambda w: cond(w, crete_airbase_allied=True), 15),
    ("eastern-med", "axis", "interdiction zone -5", lambda w: iz(w), 7),
    ("adriatic", "axis", "naval status number zero", lambda w: w, 0),
    ("aegean", "axis", "neither Allied (reading)", lambda w: w, 1),
    ("aegean", "axis", "one Allied", lambda w: owner(w, "Athens", "allied"), 1),
    ("aegean", "axis", "both Allied", lambda w: owner(owner(w, "Athens", "allied"), "Thessalonike", "allied"), 12),
    ("aegean", "axis", "both Allied but Suez closed: 1 whatever the ports (E24)", lambda w: cond(owner(owner(w, "Athens", "allied"), "Thessalonike", "allied"), suez_closed=True), 1),
    ("south-aegean-iz", "axis", "through an interdiction zone", lambda w: iz(w), 12),
    ("south-aegean-iz", "axis", "minus 1 per bombing hit", lambda w: iz(w, "loose", 3), 9),
    ("red-sea", "axis", "both Allied", lambda w: w, 12),
    ("red-sea", "axis", "one Allied", lambda w: owner(w, "Aden", "axis"), 7),
    ("red-sea", "axis", "neither Allied", lambda w: axis_all(w, "Aden", "Port Sudan"), 1),
    ("tyrrhenian", "axis", "not subject", lambda w: w, None),
    ("arctic", "axis", "not on Table 2", lambda w: w, None),
    # Table 3 (Allied)
    ("arctic", "allied", "non-winter month", lambda w: w, 4),
    ("arctic", "allied", "winter month", lambda w: cond(w, winter_month=True), 7),
    ("arctic", "allied", "Allies control Upper Norway", lambda w: cond(w, winter_month=True, allies_upper_norway=True), 4),
    ("baltic", "allied", "regular", lambda w: w, 9),
    ("baltic", "allied", "Sweden Western Allied", lambda w: cond(w, sweden_western_allied=True), 7),
    ("norwegian", "allied", "Norway Axis-owned", lambda w: w, 7),
    ("norwegian", "allied", "no pre-emptive strike", lambda w: cond(w, norway_axis_owned=False), 4),
    ("norwegian", "allied", "pre-emptive strike", lambda w: cond(w, norway_axis_owned=False, allied_preemptive_strike=True), 1),
    ("denmark", "allied", "regular", lambda w: w, 9),
    ("denmark", "allied", "Sweden Western Allied", lambda w: cond(w, sweden_western_allied=True), 7),
    ("north-sea", "allied", "regular", lambda w: w, 1),
    ("north-sea", "allied", "Axis owns an English port", lambda w: cond(w, axis_english_port=True), 3),
    ("english-channel", "allied", "France Axis-owned", lambda w: w, 9),
    ("english-channel", "allied", "France not surrendered", lambda w: cond(w, france_axis_owned=False, france_surrendered=False), 6),
    ("english-channel", "allied", "no Axis channel port supplied", lambda w: cond(w, no_axis_channel_ports_supplied=True), 4),
    ("english-channel", "allied", "Axis air superiority +3", lambda w: cond(w, axis_air_superiority_channel=True), 12),
    ("english-channel", "allied", "Allied air superiority -3 from France Axis-owned 9 (E25)", lambda w: cond(w, allied_air_superiority_channel=True), 6),
    ("french-atlantic", "allied", "Axis controls France", lambda w: w, 4),
    ("french-atlantic", "allied", "Axis controls Spain", lambda w: cond(w, axis_controls_spain=True), 6),
    ("french-atlantic", "allied", "regular", lambda w: cond(w, axis_controls_france=False), 1),
    ("african-atlantic", "allied", "regular", lambda w: w, 1),
    ("african-atlantic", "allied", "Vichy colony", lambda w: cond(w, vichy_atlantic_colony=True), 4),
    ("western-med", "allied", "Malta 12 or higher", lambda w: malta(w, 12), 4),
    ("western-med", "allied", "Malta 2-11", lambda w: malta(w, 11), 6),
    ("central-med", "allied", "Malta 2", lambda w: malta(w, 2), 6),
    ("central-med", "allied", "Malta 1 or less", lambda w: malta(w, 1), 8),
    ("eastern-med", "allied", "minor interference", lambda w: w, 0),
    ("eastern-med", "allied", "partial interference (S)", lambda w: active(w, "eastern", "S"), 6),
    ("eastern-med", "allied", "major interference (S*)", lambda w: active(w, "eastern", "S*"), 12),
    ("aegean", "allied", "major interference (S*)", lambda w: active(w, "eastern", "S*"), 12),
    ("aegean", "allied", "a D result is minor", lambda w: active(w, "eastern", "D"), 0),
    ("tyrrhenian", "allied", "as if a Great Success", lambda w: w, 12),
    ("adriatic", "allied", "as if a Great Success", lambda w: w, 12),
    ("red-sea", "allied", "no Axis port (reading)", lambda w: w, 0),
    ("red-sea", "allied", "Massaua Axis-owned", lambda w: owner(w, "Massaua", "axis"), 4),
    ("red-sea", "allied", "Axis size 1+ port", lambda w: owner(w, "Port Sudan", "axis"), 1),
    ("red-sea", "allied", "partial interference", lambda w: active(w, "red-sea", "S"), 6),
    ("indian-ocean", "allied", "not subject", lambda w: w, None),
    ("persian-gulf", "allied", "not subject", lambda w: w, None),
]


@pytest.mark.parametrize("zone, side, label, setup, expected", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_33B10_sea_zone_effects_tables(w0, st, pt, zone: str, side: str, label: str, setup: W, expected: int | None) -> None:
    """33.B.10 Tables 2 and 3: each line of each zone, for each side."""
    got = naval_status(setup(w0), st, pt, zone, side)
    assert got.value == expected, got.lines()
    assert got.rule.startswith("33.")


def test_33B1a_central_med_short_route_minus_5(w0, st, pt) -> None:
    """33.B.1.a: between Sardinian/Sicilian ports, Bizerte, Tunis, Pantelleria subtract 5 from the Malta status number."""
    w = malta(w0, 10)
    assert naval_status(w, st, pt, "central-med", "axis").value == 10
    assert naval_status(w, st, pt, "central-med", "axis", frozenset({"short"})).value == 5


def test_33B2a_eastern_med_barred_unless_all_crete_axis(w0, st, pt) -> None:
    """33.B.2.a: no Axis shipping in the E Med unless all hexes on Crete are Axis-owned (port derived, other hexes asked)."""
    assert not barred(w0, st, pt, "eastern-med", "axis").value
    taken = owner(w0, "Crete ports", "allied")
    assert barred(taken, st, pt, "eastern-med", "axis").value
    with pytest.raises(RuleError, match=r"unless all hexes on Crete are Axis-owned \(33.B.2.a\)"):
        refuse_barred(taken, st, pt, "eastern-med", "axis")
    assert barred(cond(w0, crete_other_hexes_axis=False), st, pt, "eastern-med", "axis").value
    assert not barred(taken, st, pt, "eastern-med", "allied").value


def test_33B8a_red_sea_barred_once_massaua_was_ever_allied(w0, st, pt) -> None:
    """33.B.8.a note: not allowed if the Allies have owned Massaua at any time — even after the Axis retakes it."""
    assert barred(w0, st, pt, "red-sea", "axis").value  # Allied at the start of the scenario
    retaken = owner(w0, "Massaua", "axis")
    assert barred(retaken, st, pt, "red-sea", "axis").value
    never = replace(retaken, sea=replace(retaken.sea, ever_owned={**retaken.sea.ever_owned, "allied": ()}))
    assert not barred(never, st, pt, "red-sea", "axis").value


@pytest.mark.parametrize("zone", ["indian-ocean", "persian-gulf"])
def test_33B9_axis_may_not_use_shipping_in_the_indian_ocean_or_persian_gulf(w0, st, pt, zone: str) -> None:
    with pytest.raises(RuleError, match="33.B.9.a"):
        refuse_barred(w0, st, pt, zone, "axis")
    assert naval_status(w0, st, pt, zone, "allied").value is None  # 33.B.9.b: not subject


def test_derived_conditions_follow_the_ports_and_asked_ones_the_referee(w0, st, pt) -> None:
    """Where the app holds the port it derives; where it cannot know it asks (issue 3; 33.B.10)."""
    c = condition(w0, st, pt, "wmed-allied-ports")
    assert c.derived and c.value is True and "Gibraltar yes" in c.detail
    c = condition(w0, st, pt, "france-surrendered")
    assert not c.derived and c.value is True and "condition france-surrendered" in c.detail
    c = condition(w0, st, pt, "emed-allied-ports")
    assert c.derived and c.value == 3
    gone = replace(w0, ports={n: p for n, p in w0.ports.items() if n != "Haifa"})
    c = condition(gone, st, pt, "emed-allied-ports")
    assert not c.derived and "Haifa not in this game" in c.detail


def test_zone_names_and_aliases(st) -> None:
    assert find_zone(st, "E Med") == "eastern-med" and find_zone(st, "central") == "central-med"
    assert find_zone(st, "Tyrrhenian Sea") == "tyrrhenian" and find_zone(st, "Atlantis") is None


def test_33B7_south_aegean_zone_exists_only_while_declared(w0, st, pt) -> None:
    assert zone_row(w0, st, pt, "south-aegean-iz", "axis")["status"] == "not declared"
    assert zone_row(iz(w0), st, pt, "south-aegean-iz", "axis")["status"] == "subject"


def test_33F_slp_count_adds_the_nsn_of_zones_crossed(w0, st, pt) -> None:
    """33.F / RULINGS E8: SLP cost of the port + NSN of every zone its naval supply line crosses."""
    w = malta(w0, 10)
    tripoli = replace(w.ports["Tripoli"], supply_zones=("Central Mediterranean", "Tyrrhenian Sea"))
    got = slp_count(w, st, pt, tripoli)
    assert got.value == 30 + 10 + 0  # standard port 30; Central Med Malta 10; Tyrrhenian not subject
    assert any("33.F" in t.rule for t in got.terms)
    barred_line = replace(w.ports["Tripoli"], supply_zones=("Indian Ocean",))
    assert slp_count(w, st, pt, barred_line).value is None


def test_zone_rows_carry_what_the_sea_zones_mode_draws(w0, st, pt) -> None:
    row = zone_row(w0, st, pt, "red-sea", "axis")
    assert row["status"] == "barred" and "Massaua" in row["barred_reason"]
    assert {"zone", "side", "nsn", "status", "basis", "asked", "air", "explanation"} <= set(row)
