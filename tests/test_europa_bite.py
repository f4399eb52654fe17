"""Tests that bite: each guards one rule a mutation of the code left unguarded (issue 11), with values worked
by hand from the printed tables of seeds 000 and 003 (never read back from the data row the code reads)."""

from __future__ import annotations


from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock, guided
from tests.europa_sea import sea_tables
from tui.paths import data_dir
from tui.rules.europa import interference as I
from tui.rules.europa import ports as P
from tui.rules.europa.zones import naval_status
from tui.session import memory_game


@pytest.fixture
def game():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def to(game, key: str) -> None:
    for _ in range(60):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def nsn(game, zid: str, side: str):
    return next(z for z in game.ruleset.views["zones"](game.state) if z["zone_id"] == zid and z["side"] == side)["nsn"]


def checks(game) -> list[dict]:
    return game.ruleset.views["shipping-checks"](game.state)


# --- 33.E Table 6 (*): 3 RE increments, in the guided check as in check ---------------------------


def test_33E_guided_check_of_7_REs_is_three_checks_of_3_3_1(game) -> None:
    """7 REs of SPs in the Central Med (NSN 10): 3 + 3 + 1 REs, one roll and one record each."""
    result = guided(game, "check", {"check:zone": "Central Mediterranean", "check:side": "axis", "check:cargo": "sp",
                                    "check:res": "7", "check:route": "none", "check:roll": "1,1,1,1,1,1"})
    assert result.ok, result.message
    assert [e["command"] for e in game.events] == ["check central-med axis sp:7 --dice 1,1,1,1,1,1"]  # one event (issue 12)
    assert [(c["item"], c["res"], c["contact_roll"]) for c in checks(game)] == [("#1/1", 3.0, 2), ("#1/2", 3.0, 2), ("#1/3", 1.0, 2)]


def test_33E_check_of_4_REs_is_3_then_1(game) -> None:
    ok(game, "check 'Central Med' axis sp:4@c --dice 1,1,1,1")
    assert [(c["item"], c["res"]) for c in checks(game)] == [("c/1", 3.0), ("c/2", 1.0)]


# --- 33.B.7 c) and d) ---------------------------------------------------------------------------


def crete_allied(world):
    return world.with_port(replace(world.ports["Crete ports"], owner="allied"))


def test_33B7_c_and_d_requirements_are_checked_against_the_numbers(game) -> None:
    """With a) and b) holding, the zone may be declared only if c) Aegean Axis NSN (1 here) and d) E Med Axis NSN
    (15: a Crete port is Allied) reach their minimum; raise a minimum past them and the zone is refused."""
    st, pt = sea_tables(), game.ruleset.tables
    w = crete_allied(game.state.world)
    assert I.requirements(w, st, pt).value
    reqs = st.interdiction_zone.requires
    for i, high in ((2, 2), (3, 16)):  # c) Aegean 1 < 2; d) E Med 15 < 16
        changed = replace(st, interdiction_zone=replace(st.interdiction_zone, requires=[
            replace(r, min=high) if j == i else r for j, r in enumerate(reqs)]))
        req = I.requirements(w, changed, pt)
        assert not req.value and [t.value for t in req.terms] == [j != i for j in range(4)]


def test_33B7_c_the_eastern_med_number_is_5_lower_while_the_zone_exists(game) -> None:
    """Axis E Med with a Crete port Allied: 15 (Table 2); with the South Aegean zone: 15 - 5 = 10."""
    st, pt = sea_tables(), game.ruleset.tables
    w = crete_allied(game.state.world)
    assert naval_status(w, st, pt, "eastern-med", "axis").value == 15
    declared, _ = I.declare(w, st, pt, "tight", 1)
    assert naval_status(declared, st, pt, "eastern-med", "axis").value == 10


# --- 33.B.8.a: ports ever owned -----------------------------------------------------------------


def test_33B8a_massaua_once_allied_bars_axis_red_sea_shipping_for_good(game) -> None:
    """A game where Massaua was never Allied: Axis Red Sea shipping allowed; after an Allied capture and an Axis
    recapture, barred for the rest of the game."""
    world = game.state.world
    never = tuple(n for n in world.sea.ever_owned.get("allied", ()) if n != "Massaua")
    world = world.with_port(replace(world.ports["Massaua"], owner="axis"))
    world = replace(world, sea=replace(world.sea, ever_owned={**world.sea.ever_owned, "allied": never}))
    game.state = game.state.with_world(world)
    assert game.ruleset.views["zones"](game.state)  # the view is computed from this world
    zone = lambda: next(z for z in game.ruleset.views["zones"](game.state) if z["key"] == "red-sea:axis")  # noqa: E731
    assert zone()["status"] == "subject"
    ok(game, "capture Massaua allied")
    ok(game, "capture Massaua axis")
    assert zone()["status"] == "barred"


# --- note # and RULINGS E8: SLP cost with NTs capped at the maximum ------------------------------------


def test_E8_slp_cost_counts_dedicated_NTs_only_up_to_the_current_maximum(game) -> None:
    """Standard port, SLP 30, 2 REs of NTs dedicated, no Army HQ: 30 - 10 x 2 = 10. Two hits: 2 REs of capacity,
    max NTs 2 x 2/3 = 1.33 -> 1 (E6): only 1 RE counts, 30 - 10 = 20."""
    tables = game.ruleset.tables
    port = P.Port("S", "standard", "allied", nts_dedicated=2.0)
    assert P.slp_cost(port, tables).value == 10
    assert P.slp_cost(replace(port, hits=2.0), tables).value == 20
    assert P.slp_cost(replace(port, army_hqs=1), tables).value == 20  # one RE per Army HQ does not count


# --- 33.B.10 Table 3 (Red Sea): only functioning ports count ------------------------------------------


def test_33B10_red_sea_an_axis_port_counts_only_while_it_functions(game) -> None:
    """Allied Red Sea with Massaua Allied: an Axis size 1+ port there gives 1; once it no longer functions
    (a minor port, 1.5 REs, with 3 hits: 0), minor interference only, 0."""
    ok(game, "port add Assab minor axis zone='Red Sea'")
    assert nsn(game, "red-sea", "allied") == 1
    ok(game, "hit Assab 3")
    assert nsn(game, "red-sea", "allied") == 0


# --- 33.B.10 Table 3 (Baltic): --soviet ----------------------------------------------------------------


def test_33B10_baltic_soviet_units_use_3(game) -> None:
    """Allied Baltic: Soviet units 3, other Allied shipping 9 (Sweden not Western Allied). Row 2 at NSN 3 and 9:
    no contact, so 1,1 ends each check."""
    ok(game, "check Baltic allied unit@red --soviet --dice 1,1")
    ok(game, "check Baltic allied unit@west --dice 1,1")
    assert [(c["item"], c["nsn"]) for c in checks(game)] == [("red", 3), ("west", 9)]


# --- 31.B.3: LC/LB damage ------------------------------------------------------------------------------


@pytest.mark.parametrize("die, letter", [(1, "D"), (2, "F*"), (3, "F"), (4, "S"), (6, "S*")])
def test_31B3_lc_damage_on_the_success_table(game, die: int, letter: str) -> None:
    """RULINGS E22 chart: 1 or less D, 2 F*, 3 F, 4-5 S, 6 or more S*."""
    to(game, "allied-turn/initial/initial-naval")
    r = ok(game, f"land Sollum 1 --lc --dice {die}")
    assert f"SUCCESS TABLE 1d6 {die} = {letter} (RULINGS E22)" in r.details
    assert any(d.startswith(f"LCs/LBs unloading: {letter} — ") for d in r.details)


def test_31B3_land_without_lc_rolls_nothing(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "land Sollum 1")
    assert game.events[-1]["dice"] == []


# --- 33.F: the SLP count term by term ------------------------------------------------------------------


def test_33F_slp_count_adds_every_zone_after_an_exempt_one_and_says_why(game) -> None:
    """Algiers (major, SLP 20), Allied, Malta 10: Western Med with --far adds nothing (33.B.3.b), the English
    Channel after it still adds 9 (France Axis-owned, Table 3): 20 + 0 + 9 = 29."""
    st, pt = sea_tables(), game.ruleset.tables
    ok(game, "malta 10")
    ok(game, "supply-line Algiers 'Western Med' 'English Channel' --far")
    from tui.rules.europa.zones import slp_count

    count = slp_count(game.state.world, st, pt, game.state.world.ports["Algiers"])
    assert (count.name, count.value, count.rule) == ("SLP count (33.F)", 29, "33.F")
    assert [t.value for t in count.terms] == [20, 0, 9]
    assert count.terms[0].label == "SLP cost of the port" and count.terms[0].rule == "31.A.1 Table 1 note #"
    assert "--far" in count.terms[1].label and "RULINGS E27" in count.terms[1].rule
    assert count.terms[2].label == "NSN of English Channel (allied)" and count.terms[2].rule == "33.F"
    assert any("RULINGS E27" in n for n in count.notes) and any("RULINGS E8" in n for n in count.notes)
    ok(game, "supply-line Tripoli 'Central Med' --short")
    count = slp_count(game.state.world, st, pt, game.state.world.ports["Tripoli"])
    assert count.terms[1].label == "NSN of Central Mediterranean (axis, --short)" and count.terms[1].rule == "33.F; RULINGS E27"


def test_33F_a_barred_zone_bars_the_line_whatever_comes_after(game) -> None:
    """Tripoli (Axis): the Eastern Med is barred to Axis shipping while any Crete hex is not Axis (33.B.2.a)."""
    st, pt = sea_tables(), game.ruleset.tables
    ok(game, "capture 'Crete ports' allied")
    ok(game, "supply-line Tripoli 'Eastern Med' 'Central Med'")
    from tui.rules.europa.zones import slp_count

    count = slp_count(game.state.world, st, pt, game.state.world.ports["Tripoli"])
    assert count.value is None
    assert [(t.label, t.value) for t in count.terms[1:]] == [
        ("Eastern Mediterranean: axis shipping barred", "barred"), ("NSN of Central Mediterranean (axis)", 10)]
    assert next(r for r in game.ruleset.views["ports"](game.state) if r["name"] == "Tripoli")["slp_count"] is None


# --- zone names, rows and the air term -------------------------------------------------------------------


def test_33B_zone_names_of_several_words_need_no_quotes(game) -> None:
    from tui.rules.europa.zones import take_zone

    st = sea_tables()
    assert take_zone(st, ["Central", "Med", "axis", "unit"]) == ("central-med", ["axis", "unit"])
    assert take_zone(st, ["South", "Aegean", "Interdiction", "Zone", "x"]) == ("south-aegean-iz", ["x"])
    assert take_zone(st, ["Aegean", "axis"]) == ("aegean", ["axis"])
    with pytest.raises(Exception, match="which sea zone"):
        take_zone(st, [])
    with pytest.raises(Exception, match="no sea zone called 'Atlantis'"):
        take_zone(st, ["Atlantis", "axis"])
    r = ok(game, "check Central Med axis unit --dice 1,1")
    assert "Central Mediterranean" in r.message


def test_33B10_zone_rows_say_subject_barred_and_why(game) -> None:
    rows = {z["key"]: z for z in game.ruleset.views["zones"](game.state)}
    tyr = rows["tyrrhenian:axis"]  # 33.B.4.a: not subject
    assert (tyr["status"], tyr["subject"], tyr["nsn"], tyr["barred"], tyr["exists"]) == ("not subject", False, None, False, True)
    red = rows["red-sea:axis"]  # 33.B.8.a note: Massaua has been Allied-owned
    assert (red["status"], red["barred"], red["subject"]) == ("barred", True, True)
    assert "Massaua" in red["barred_reason"] and rows["red-sea:allied"]["barred_reason"] == ""
    cmed = rows["central-med:allied"]
    assert cmed["status"] == "subject (not with --far)" and cmed["basis"].startswith("6 Malta status number 2-11")
    assert rows["south-aegean-iz:axis"]["status"] == "not declared" and rows["south-aegean-iz:axis"]["exists"] is False


def test_33C_the_air_term_names_the_interfering_side(game) -> None:
    """An Allied type S naval bomber, range 20, TBF 2, in the Central Med box: x1 x1 (Table 4) = +2 to the Axis
    NSN there (RULINGS E21), named as the Allies'."""
    ok(game, "air add B1 allied 'Central Med' role=bomber type=S range=20 tbf=2")
    st, pt = sea_tables(), game.ruleset.tables
    got = naval_status(game.state.world, st, pt, "central-med", "axis")
    assert got.value == 12
    assert got.terms[-1].label == "anti-shipping air: allied modified TBF" and got.terms[-1].value == 2


def test_33F_E27_a_route_option_that_means_nothing_is_refused_in_words(game) -> None:
    """33.F, RULINGS E27: --far is no route option of Axis shipping in the Central Med (only --short is)."""
    r = game.execute("supply-line Tripoli 'Central Med' --far")
    assert not r.ok and r.message == ("--far means nothing for an Axis supply line through Central Mediterranean (route "
                                      "options there: --short) (33.F; RULINGS E27)")
