"""Tests for Europa ports, rule 31.A (seed 000), under RULINGS E1-E8, E10, E11."""

from __future__ import annotations

import re
from pathlib import Path

from msgspec.structs import replace
import pytest

from tui.rules.core.errors import DataError, RuleError
from tui.rules.europa.destruction import destroy, destruction_offered, destruction_result
from tui.rules.europa.ports import (
    Port, acts_as, capacity_left, clear_usage, declare_intrinsic, dedicate_nts, effective_level, functioning, he_capacity, inflict_hits, inland_route, intrinsic_capacity, markers,
    max_nt_res, naval_base, port_figures, port_used, re_capacity, reduce, repair_hits, slp_cost, upgrade,
    use_capacity,
)
from tui.rules.europa.tables import PortTables, load_port_tables

DATA = Path(__file__).resolve().parents[1] / "data" / "rulesets" / "europa.toml"
LADDER = ["jetty", "minor", "standard", "major", "great"]


@pytest.fixture(scope="module")
def tables() -> PortTables:
    return load_port_tables(DATA)


def port(type_: str = "major", **kw: object) -> Port:
    return Port(name="Testport", type=type_, owner="axis", **kw)  # type: ignore[arg-type]


def figures(p: Port, t: PortTables) -> dict[str, object]:
    return {k: e.value for k, e in port_figures(p, t).items()}


# --- data file --------------------------------------------------------------------


def test_europa_toml_loads_every_port_summary_row(tables: PortTables) -> None:
    """31.A.1 Table 1: every row is present with its printed figures."""
    s = tables.port_summary
    assert set(s) == {"great", "major", "standard", "mulberry", "minor", "jetty", "beach"}
    assert (s["great"].re_capacity, s["great"].max_damage, s["great"].intrinsic_sp) == (12, 24, 96)
    assert (s["mulberry"].slp_cost, s["mulberry"].max_nt_res, s["mulberry"].artificial_harbour) == (35, 1, True)
    assert (s["jetty"].re_capacity, s["jetty"].heavy_equipment) == (0.5, "none")
    assert s["beach"].kind == "beach" and s["beach"].max_damage is None and s["beach"].slp_cost is None
    assert s["great"].naval_base and s["major"].naval_base and not s["standard"].naval_base
    assert all(row.rule for row in s.values())


def test_policy_values_cite_rule_and_ruling(tables: PortTables) -> None:
    """Every policy value cites its rule; those decided by a ruling name it (RULINGS header)."""
    r = tables.port_rules
    assert (r.re_lost_per_hit.value, r.intrinsic_sp_lost_per_hit.value, r.nt_rounding_step.value) == (0.5, 4, 0.5)
    assert "E5" in r.intrinsic_sp_lost_per_hit.note and "E10" in r.intrinsic_sp_lost_per_interdiction.note
    assert "E6" in r.nt_rounding_step.note and "E8" in r.slp_reduction_per_nt_re.note
    m = tables.harbour_hit_multiplier
    assert (m.none.value, m.artificial.value, m.natural.value) == (1, 2, 0.5)
    assert tables.port_destruction.destroyed_on == (1, 2, 3, 4, 5)


def test_loader_ignores_tables_it_does_not_own(tmp_path: Path) -> None:
    """Other tables of europa.toml (sequence, sea zones, house additions) are left to their own loaders."""
    copy = tmp_path / "europa.toml"
    copy.write_text(DATA.read_text(encoding="utf-8") + '\n[house_additions]\nname = "x"\n', encoding="utf-8")
    assert load_port_tables(copy).port_summary["major"].level == 3


def test_malformed_copy_names_file_table_and_key(tmp_path: Path) -> None:
    """A wrong value raises DataError naming file, table and key."""
    bad = tmp_path / "house.toml"
    text = DATA.read_text(encoding="utf-8").replace("re_capacity = 6\n", 're_capacity = "six"\n', 1)
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_port_tables(bad)
    assert err.value.file == "house.toml"
    assert err.value.where == "table port_summary, key major.re_capacity"


def test_misspelt_key_and_bad_ladder_are_data_errors(tmp_path: Path) -> None:
    """Unknown keys are errors, and the ladder must name ports in order (31.A.7)."""
    bad = tmp_path / "typo.toml"
    bad.write_text(DATA.read_text(encoding="utf-8").replace("hit_step]", "hit_stepp]"), encoding="utf-8")
    with pytest.raises(DataError, match=r"typo\.toml: table port_rules"):
        load_port_tables(bad)
    bad.write_text(DATA.read_text(encoding="utf-8").replace('"jetty", "minor"', '"minor", "jetty"'), encoding="utf-8")
    with pytest.raises(DataError, match="table port_ladder, key types"):
        load_port_tables(bad)


# --- 31.A.1, 31.A.3, 31.A.4, 31.A.5, 31.A.7: capacity and acts as ---------------------


@pytest.mark.parametrize("type_", LADDER + ["mulberry"])
def test_undamaged_port_is_its_own_row_31A1(tables: PortTables, type_: str) -> None:
    """31.A.1 Table 1: an undamaged port has its printed figures and acts as itself."""
    row = tables.port_summary[type_]
    f = figures(port(type_), tables)
    assert f["re_capacity"] == row.re_capacity and f["intrinsic_sp"] == row.intrinsic_sp
    assert f["max_nt_res"] == row.max_nt_res and f["slp_cost"] == row.slp_cost
    assert f["acts_as"] == type_ and f["functioning"] is True and f["level"] == row.level


def test_E1_major_with_3_hits_and_collateral_damage(tables: PortTables) -> None:
    """RULINGS E1 / 31.A.4: major + 3 hits + Collateral Damage = standard with 3 hits = 1.5 REs, acts as minor."""
    p = port("major", hits=3, collateral=True)
    assert effective_level(p, tables).value == 2
    cap = re_capacity(p, tables)
    assert cap.value == 1.5 and any("E1" in n for n in cap.notes)
    assert acts_as(p, tables).value == "minor"


def test_benghazi_reduced_1_operates_as_standard_31A5(tables: PortTables) -> None:
    """31.A.5: Benghazi (18A:3121), a major port Reduced 1, operates as a standard port."""
    benghazi = Port(name="Benghazi", type="major", owner="axis", hex="18A:3121", reduced=1)
    f = figures(benghazi, tables)
    assert f["acts_as"] == "standard" and f["re_capacity"] == 3 and f["slp_cost"] == 30
    assert f["intrinsic_sp"] == 24 and f["max_nt_res"] == 2 and f["naval_base"] is False
    assert f["he_capacity"] == 1.5  # ** applies to the standard level (E7)


def test_major_with_9_hits_acts_as_minor_not_naval_base_31A7(tables: PortTables) -> None:
    """31.A.7 (E1, E4): a major port with 9 Port Hits has 1.5 REs, acts as minor, is not a naval base."""
    p = port("major", hits=9)
    assert re_capacity(p, tables).value == 1.5
    assert acts_as(p, tables).value == "minor"
    assert naval_base(p, tables).value is False
    assert re_capacity(port("major", hits=4), tables).value == 4
    assert acts_as(port("major", hits=4), tables).value == "major"  # 4 REs: more than a standard's 3
    assert naval_base(port("major", hits=4), tables).value is True


def test_naval_base_31A14(tables: PortTables) -> None:
    """31.A.14: great and major ports are naval bases; others only if on the NAVAL BASE SUMMARY."""
    assert naval_base(port("great"), tables).value is True
    assert naval_base(port("minor"), tables).value is False
    assert naval_base(port("minor", naval_base=True), tables).value is True
    assert naval_base(port("minor", naval_base=True, hits=3), tables).value is False  # not functioning


@pytest.mark.parametrize("bigger,smaller", list(zip(LADDER[1:], LADDER[:-1])))
def test_reduced_1_functions_exactly_like_the_row_below_31A5_31A7(tables: PortTables, bigger: str, smaller: str) -> None:
    """31.A.5 / 31.A.7 (E2, E4): a port Reduced 1 has every figure of the next smaller type."""
    reduced = figures(port(bigger, reduced=1), tables)
    plain = figures(port(smaller), tables)
    for key in ("re_capacity", "he_capacity", "acts_as", "intrinsic_sp", "max_nt_res", "slp_cost", "functioning"):
        assert reduced[key] == plain[key], key


@pytest.mark.parametrize("bigger,smaller", list(zip(LADDER[1:], LADDER[:-1])))
def test_hits_down_to_the_row_below_reproduce_it_31A7(tables: PortTables, bigger: str, smaller: str) -> None:
    """31.A.7 (E3-E6, E8): hits bringing a port to the next type's capacity reproduce that row.

    Exception, by RULINGS E5 read literally: a minor port with 2 hits has 12 - 8 = 4
    intrinsic SP where the jetty row prints 3 (the jetty row is 6 SP per RE, not 8).
    """
    big, small = tables.port_summary[bigger], tables.port_summary[smaller]
    hits = (big.re_capacity - small.re_capacity) / tables.port_rules.re_lost_per_hit.value
    p = port(bigger, hits=hits)
    assert re_capacity(p, tables).value == small.re_capacity
    assert acts_as(p, tables).value == smaller
    assert max_nt_res(p, tables).value == small.max_nt_res
    assert slp_cost(p, tables).value == small.slp_cost
    expected_sp = 4.0 if smaller == "jetty" else small.intrinsic_sp
    assert intrinsic_capacity(p, tables).value == expected_sp


def test_max_damage_stops_functioning_31A7_E3(tables: PortTables) -> None:
    """31.A.7 / E3: at max damage capacity is 0; the port does not function and acts as nothing."""
    p = port("standard", hits=6)
    f = figures(p, tables)
    assert f["re_capacity"] == 0 and f["functioning"] is False and f["acts_as"] is None
    assert f["intrinsic_sp"] == 0 and f["max_nt_res"] == 0 and f["slp_cost"] is None
    assert functioning(port("standard", hits=5.5), tables).value is True


def test_collateral_on_jetty_leaves_no_level_E2(tables: PortTables) -> None:
    """RULINGS E2: below level 0 a port has no capacity and does not function."""
    p = port("jetty", collateral=True)
    assert effective_level(p, tables).value == -1
    assert re_capacity(p, tables).value == 0 and functioning(p, tables).value is False


def test_mulberry_keeps_its_own_row_while_at_least_a_minor_port_E15(tables: PortTables) -> None:
    """RULINGS E15: a damaged Mulberry (3 - 1/2 x 2 = 2 REs, above a minor port's 1.5) keeps its own row, SLP 35,
    never a standard port's better 30."""
    assert slp_cost(port("mulberry"), tables).value == 35
    damaged = port("mulberry", hits=2)
    assert re_capacity(damaged, tables).value == 2 and acts_as(damaged, tables).value == "mulberry"
    assert slp_cost(damaged, tables).value == 35
    assert max_nt_res(damaged, tables).value == 0.5  # 1 x 2/3 rounded down to 1/2 (E6)


# --- 31.A.9, 31.A.10, 31.A.3: hits ----------------------------------------------------


def test_artificial_harbour_doubles_hits_31A9(tables: PortTables) -> None:
    """31.A.9 (E3): each hit on an artificial harbour becomes two."""
    p, added = inflict_hits(port("standard", harbour="artificial"), 1, tables)
    assert p.hits == 2 and added.value == 2
    assert inflict_hits(port("mulberry"), 1, tables)[0].hits == 2  # a Mulberry always has one


def test_natural_harbour_halves_hits_31A10(tables: PortTables) -> None:
    """31.A.10 (E3): each hit on a natural harbour is ½ hit."""
    p, _ = inflict_hits(port("major", harbour="natural"), 3, tables)
    assert p.hits == 1.5 and re_capacity(p, tables).value == 5.25


def test_hits_cap_at_printed_max_damage_31A3(tables: PortTables) -> None:
    """31.A.3 (E3): hits never exceed the printed type's MAX. DAMAGE, even when Reduced."""
    p, added = inflict_hits(port("major", hits=10, reduced=1), 5, tables)
    assert p.hits == 12 and added.value == 2 and any("capped" in n for n in added.notes)
    p, added = inflict_hits(p, 1, tables)
    assert p.hits == 12 and added.value == 0


def test_inflict_and_repair_refusals_leave_port_unchanged_31A3_31A11(tables: PortTables) -> None:
    """31.A.3 / 31.A.11: bad hit counts and forbidden repairs raise RuleError."""
    p = port("minor", hits=1)
    for bad in (0, -1, 0.25):
        with pytest.raises(RuleError, match="31.A.3"):
            inflict_hits(p, bad, tables)
    with pytest.raises(RuleError, match="31.A.3"):
        repair_hits(port("minor"), 1)
    with pytest.raises(RuleError, match="31.A.3"):
        repair_hits(p, 2)
    locked = port("standard", harbour="artificial", inland=True, destroyed=True, hits=6, reduced=2)
    with pytest.raises(RuleError, match="31.A.11"):
        repair_hits(locked, 1)
    assert p.hits == 1 and locked.hits == 6
    assert repair_hits(p, 1).hits == 0


# --- Table 1 **: heavy equipment (E7) ---------------------------------------------------


def test_heavy_equipment_E7(tables: PortTables) -> None:
    """RULINGS E7: standard with 1 hit HE 1; with 3 hits HE 0 but RE 1.5; jetty none; major whole."""
    assert he_capacity(port("standard", hits=1), tables).value == 1
    three = port("standard", hits=3)
    assert he_capacity(three, tables).value == 0 and re_capacity(three, tables).value == 1.5
    assert he_capacity(port("jetty"), tables).value == 0
    assert he_capacity(port("major", hits=2), tables).value == 5
    assert he_capacity(port("minor"), tables).value == 0.75
    with pytest.raises(RuleError, match="E7"):
        use_capacity(port("jetty"), 0.5, 0.5, False, tables)


# --- 31.A.2, E5, E10: intrinsic supply ----------------------------------------------


def test_intrinsic_capacity_hits_and_mines_E5_E10(tables: PortTables) -> None:
    """31.A.2 (E5, E10): 4 SP lost per hit and per mine point; 0 without a trace."""
    assert intrinsic_capacity(port("major", hits=2, mines=3), tables).value == 48 - 8 - 12
    assert intrinsic_capacity(port("minor", mines=5), tables).value == 0
    assert intrinsic_capacity(port("major", trace_ok=False), tables).value == 0
    mined = port("major", mines=3)  # E10: mines change nothing else
    assert re_capacity(mined, tables).value == 6 and max_nt_res(mined, tables).value == 4


# --- note #, note 1, E6, E8: NTs and SLP cost ---------------------------------------


def test_max_nt_res_rounds_down_to_half_E6(tables: PortTables) -> None:
    """RULINGS E6: max REs of NTs = 8 x 11/12 = 7.33 -> 7 for a great port with 2 hits."""
    assert max_nt_res(port("great", hits=2), tables).value == 7
    assert max_nt_res(port("great", hits=3), tables).value == 7  # 8 x 10.5/12 = 7 exactly
    assert max_nt_res(port("great", hits=4), tables).value == 6.5  # 8 x 10/12 = 6.67
    assert max_nt_res(port("major", hits=1), tables).value == 3.5  # 4 x 5.5/6 = 3.67


def test_slp_cost_with_army_hqs_and_dedicated_nts_E8(tables: PortTables) -> None:
    """RULINGS E8 / notes # and 1: 10 per NT RE beyond one per Army HQ, never below 0."""
    p = dedicate_nts(port("major"), 3, 1, tables)
    assert slp_cost(p, tables).value == 20 - 10 * 2
    assert slp_cost(dedicate_nts(port("great"), 2, 2, tables), tables).value == 10
    assert slp_cost(dedicate_nts(port("great"), 1.5, 0, tables), tables).value == 0
    assert slp_cost(dedicate_nts(port("standard"), 2, 1, tables), tables).value == 20
    assert capacity_left(p, tables).value == 3  # dedicated NTs count as capacity used


def test_dedicate_nts_refusals_E8(tables: PortTables) -> None:
    """RULINGS E8: no more NTs than the max, nor than the capacity left."""
    with pytest.raises(RuleError, match="E6"):
        dedicate_nts(port("major"), 4.5, 0, tables)
    busy = port("minor", capacity_used=1)
    with pytest.raises(RuleError, match="E8"):
        dedicate_nts(busy, 1, 0, tables)
    assert busy.nts_dedicated == 0


# --- 31.A.1, 31.A.2, E11: using capacity ---------------------------------------------


def test_use_capacity_and_markers_31A1_E11(tables: PortTables) -> None:
    """31.A.1 / E11: Capacity Used shows REs used; Port Used once all is used; cleared at end of phase."""
    p = use_capacity(port("standard"), 1, 0.5, True, tables)
    assert ("Capacity Used", "1") in markers(p, tables) and not port_used(p, tables)
    p = use_capacity(p, 2, 1, False, tables)
    assert port_used(p, tables) and ("Port Used", "") in markers(p, tables)
    assert not any(name == "Capacity Used" for name, _ in markers(p, tables))
    with pytest.raises(RuleError, match="31.A.1"):
        use_capacity(p, 0.5, 0, False, tables)
    cleared = clear_usage(p)
    assert cleared.capacity_used == 0 and cleared.he_used == 0 and markers(cleared, tables) == []


def test_use_capacity_refusals_31A1_31A2(tables: PortTables) -> None:
    """31.A.1, 31.A.7, 31.A.2 note 4: over capacity, over HE, not functioning, combat with intrinsic used."""
    p = port("minor")
    with pytest.raises(RuleError, match="31.A.1"):
        use_capacity(p, 2, 0, False, tables)
    with pytest.raises(RuleError, match="E7"):
        use_capacity(p, 1, 1, False, tables)
    with pytest.raises(RuleError, match="31.A.7"):
        use_capacity(port("minor", hits=3), 0.5, 0, False, tables)
    intrinsic = declare_intrinsic(p, tables)
    with pytest.raises(RuleError, match="note 4"):
        use_capacity(intrinsic, 0.5, 0, True, tables)
    assert use_capacity(intrinsic, 0.5, 0, False, tables).capacity_used == 0.5  # SPs may land
    assert p.capacity_used == 0 and intrinsic.capacity_used == 0


def test_declare_intrinsic_E11(tables: PortTables) -> None:
    """RULINGS E11 / 31.A.1: only while no capacity is marked used; once; only if functioning."""
    p = declare_intrinsic(port("major"), tables)
    assert p.intrinsic_used and port_used(p, tables) and ("Port Used", "") in markers(p, tables)
    with pytest.raises(RuleError, match="already"):
        declare_intrinsic(p, tables)
    with pytest.raises(RuleError, match="E11"):
        declare_intrinsic(port("major", capacity_used=0.5), tables)
    # NTs dedicated first do not bar it (31.A.2 example; docs/rulings-proposed.md P1, issue 33)
    assert declare_intrinsic(port("major", nts_dedicated=1), tables).intrinsic_used
    with pytest.raises(RuleError, match="31.A.2"):
        declare_intrinsic(port("major", hits=12), tables)
    # 31.A.2 example: NTs may reduce the SLP cost after intrinsic capacity is declared.
    assert dedicate_nts(p, 1, 0, tables).intrinsic_used
    assert not clear_usage(p).intrinsic_used


# --- 31.A.5, 31.A.6, 31.A.11: reduction, destruction -------------------------------------


def test_reduce_and_upgrade_31A5(tables: PortTables) -> None:
    """31.A.5: Reduced 1-4 levels, never past level 0; upgrading takes one level off."""
    great = reduce(port("great"), 4, tables)
    assert great.reduced == 4 and effective_level(great, tables).value == 0
    assert upgrade(great, tables).reduced == 3
    for bad in (0, 5):
        with pytest.raises(RuleError, match="31.A.5"):
            reduce(port("great"), bad, tables)
    with pytest.raises(RuleError, match="31.A.5"):
        reduce(port("major", reduced=2), 2, tables)
    with pytest.raises(RuleError, match="31.A.5"):
        reduce(port("jetty"), 1, tables)
    with pytest.raises(RuleError, match="31.A.5"):
        upgrade(port("major"), tables)


def test_destroy_31A6(tables: PortTables) -> None:
    """31.A.6 (E2): destroyed = Reduced to level 0 and hits to max damage; upgrade by one level."""
    p = destroy(port("major"), tables)
    assert (p.reduced, p.hits, p.destroyed) == (3, 12, True)
    assert functioning(p, tables).value is False
    assert ("Reduced", "3") in markers(p, tables) and ("Destroyed", "") in markers(p, tables)
    assert upgrade(p, tables).reduced == 2
    with pytest.raises(RuleError, match="31.A.6"):
        destroy(p, tables)
    with pytest.raises(RuleError, match="31.A.6"):
        destroy(port("minor"), tables)


def test_destroyed_inland_artificial_port_cannot_be_rebuilt_31A11(tables: PortTables) -> None:
    """31.A.11: an inland port with an artificial harbour, once destroyed, is never rebuilt."""
    p = destroy(port("standard", harbour="artificial", inland=True), tables)
    with pytest.raises(RuleError, match="31.A.11"):
        upgrade(p, tables)
    assert upgrade(replace(p, inland=False), tables).reduced == 1


def _candidate() -> Port:
    return Port(name="Cherbourg", type="major", owner="axis", nation="german", theatre="west",
                mainland_europe=True)


def test_destruction_offered_31A6(tables: PortTables) -> None:
    """31.A.6: German-owned mainland standard+ port lost to the Allies in N/W/S/Greater Germany, 1943-45."""
    offered = destruction_offered(_candidate(), "allied", 1944, tables)
    assert offered.value is True and all(t.value is True for t in offered.terms)


@pytest.mark.parametrize("change,new_owner,year", [
    ({"owner": "allied"}, "allied", 1944),
    ({}, "axis", 1944),
    ({"nation": "italian"}, "allied", 1944),
    ({"mainland_europe": False}, "allied", 1944),
    ({"theatre": "mediterranean"}, "allied", 1944),
    ({}, "allied", 1942),
    ({}, "allied", 1946),
    ({"type": "minor"}, "allied", 1944),
    ({"destroyed": True}, "allied", 1944),
])
def test_destruction_not_offered_31A6(tables: PortTables, change: dict, new_owner: str, year: int) -> None:
    """31.A.6: each condition failing on its own means no destruction attempt."""
    offered = destruction_offered(replace(_candidate(), **change), new_owner, year, tables)
    assert offered.value is False
    assert sum(t.value is False for t in offered.terms) == 1


def test_destruction_roll_31A6(tables: PortTables) -> None:
    """31.A.6: destroyed on a roll of 1 through 5."""
    assert [destruction_result(r, tables).value for r in range(1, 7)] == [True] * 5 + [False]


# --- markers and explanations ---------------------------------------------------------


def test_markers_show_what_is_on_the_map(tables: PortTables) -> None:
    """31.A.3-31.A.5, 31.A.2: Port Hit, Reduced, Collateral Damage, Port Interdiction."""
    p = port("great", hits=2.5, reduced=1, collateral=True, mines=2)
    assert markers(p, tables) == [("Port Hit", "2½"), ("Reduced", "1"), ("Collateral Damage", ""),
                                  ("Port Interdiction", "2")]


def test_every_figure_explains_itself(tables: PortTables) -> None:
    """Every figure lists its inputs with rule numbers and cites a ruling (DESIGN: Explanations)."""
    for key, e in port_figures(port("major", hits=3, mines=1, nts_dedicated=1), tables).items():
        assert e.terms and all(t.rule for t in e.terms), key
        assert any(re.search(r"RULINGS E\d", n) for n in e.notes), key
        assert e.lines()[0].startswith(e.name) and e.to_dict()["name"] == e.name


def test_unknown_type_or_harbour_is_refused(tables: PortTables) -> None:
    """31.A.1: only PORT SUMMARY port types; 31.A.9/31.A.10: only known harbours."""
    with pytest.raises(RuleError, match="31.A.1"):
        re_capacity(port("beach"), tables)
    with pytest.raises(RuleError, match="31.A.9"):
        inflict_hits(port("major", harbour="lagoon"), 1, tables)


def test_dedicated_nts_show_as_capacity_used_31A1_E8(tables: PortTables) -> None:
    """31.A.1 note / E8: NTs reducing the SLP cost are marked as Capacity Used; they do not block intrinsic use
    (31.A.2 example; docs/rulings-proposed.md P1, issue 33)."""
    p = dedicate_nts(port("standard"), 1, 0, tables)
    assert ("Capacity Used", "1") in markers(p, tables) and capacity_left(p, tables).value == 2
    assert declare_intrinsic(p, tables).intrinsic_used
    with pytest.raises(RuleError, match="E8"):
        use_capacity(p, 2.5, 0, False, tables)
    assert clear_usage(p).nts_dedicated == 0


@pytest.mark.parametrize("year, offered", [(1942, False), (1943, True), (1945, True), (1946, False)])
def test_destruction_years_1943_to_1945_inclusive_31A6(tables: PortTables, year: int, offered: bool) -> None:
    """31.A.6: 'during 1943-1945': both end years count."""
    assert destruction_offered(_candidate(), "allied", year, tables).value is offered


def test_destruction_offer_explains_each_condition_31A6(tables: PortTables) -> None:
    """31.A.6: each condition a term with what the port has; the notes give the roll and the reading."""
    from tui.rules.core.explain import Term

    got = destruction_offered(replace(_candidate(), nation="", theatre=""), "allied", 1944, tables)
    assert (got.name, got.value, got.rule) == ("may try to destroy the port", False, "31.A.6")
    assert got.terms == (
        Term("lost by axis (owner: axis)", True, "31.A.6"), Term("taken by allied (new owner: allied)", True, "31.A.6"),
        Term("german-owned (nation: ?)", False, "31.A.6"), Term("in mainland Europe, incl. Scandinavia", True, "31.A.6"),
        Term("in the north/west/south/greater-germany theatres (theatre: ?)", False, "31.A.6"),
        Term("during 1943-1945 (year: 1944)", True, "31.A.6"), Term("a standard/major/great port (type: major)", True, "31.A.6"),
        Term("not already destroyed", True, "31.A.6"))
    assert got.notes[0] == "roll 1d6: destroyed on 1, 2, 3, 4, 5"
    assert got.notes[1].startswith("Mainland Europe includes Scandinavia; Italian-owned ports never qualify")
    result = destruction_result(6, tables)
    assert (result.name, result.value, result.rule) == ("port destroyed", False, "31.A.6")
    assert result.terms == (Term("die roll (1d6)", 6, "31.A.6"),) and result.notes == ("destroyed on 1, 2, 3, 4, 5",)


def test_destroy_reduces_to_level_0_with_max_damage_and_refuses_twice_31A6(tables: PortTables) -> None:
    """31.A.6, RULINGS E2, E14: a destroyed major port is Reduced 3 with 12 hits; a minor port cannot be destroyed."""
    p = destroy(_candidate(), tables)
    assert (p.reduced, p.hits, p.destroyed) == (3, 12, True)
    with pytest.raises(RuleError) as twice:
        destroy(p, tables)
    assert str(twice.value) == "Cherbourg: is already destroyed (31.A.6)"
    with pytest.raises(RuleError) as minor:
        destroy(replace(_candidate(), type="minor"), tables)
    assert str(minor.value) == "Cherbourg: only standard, major, great ports can be destroyed (31.A.6)"


# --- the bounds of each port change and what a refusal says (31.A.1-31.A.11; RULINGS E2, E6, E8, E11, E12) -------


def refusal(call, *args) -> str:
    with pytest.raises(RuleError) as err:
        call(*args)
    return str(err.value)


def test_31A3_repairs_up_to_every_hit_and_no_more(tables: PortTables) -> None:
    p = port("standard", hits=2.5)
    assert repair_hits(p, 2.5).hits == 0 and repair_hits(p, 0.5).hits == 2
    assert refusal(repair_hits, p, 3) == "Testport: can repair above 0 and up to 2½ hits (31.A.3)"
    assert refusal(repair_hits, p, 0) == "Testport: can repair above 0 and up to 2½ hits (31.A.3)"
    assert refusal(repair_hits, port("standard"), 1) == "Testport: has no Port Hits to repair (31.A.3)"
    wrecked = destroy(port("standard"), tables)
    assert refusal(repair_hits, wrecked, 1) == ("Testport: destroyed (31.A.6); its Port Hits cannot be repaired until it "
                                                "has been upgraded at least once (RULINGS E12)")
    assert refusal(repair_hits, replace(wrecked, inland=True, harbour="artificial"), 1) == (
        "Testport: a destroyed inland port with an artificial harbour cannot be repaired (31.A.11)")


def test_31A3_half_a_hit_on_an_artificial_harbour_is_one_effective_hit(tables: PortTables) -> None:
    """31.A.9, RULINGS E3: hits come in steps of ½ after the harbour's multiplier: ½ x 2 = 1 is accepted."""
    p, added = inflict_hits(port("standard", harbour="artificial"), 0.5, tables)
    assert p.hits == 1 and added.value == 1
    assert refusal(inflict_hits, port("standard", harbour="natural"), 0.5, tables) == (
        "Testport: hits must be above 0, in steps of ½ (31.A.3)")  # ½ x ½ = ¼ is not a step


def test_31A5_reduced_one_to_four_levels_never_below_level_0(tables: PortTables) -> None:
    assert reduce(port("great"), 4, tables).reduced == 4 and reduce(port("major"), 1, tables).reduced == 1
    assert refusal(reduce, port("great"), 0, tables) == "Testport: a port is Reduced 1 to 4 levels, not 0 (31.A.5)"
    assert refusal(reduce, port("great", reduced=3), 2, tables) == "Testport: a port is Reduced 1 to 4 levels, not 5 (31.A.5)"
    assert refusal(reduce, port("minor"), 2, tables) == (
        "Testport: a Minor port (level 1) Reduced 2 would be below level 0 (31.A.5; RULINGS E2)")
    assert refusal(upgrade, port("minor"), tables) == "Testport: is not Reduced, nothing to upgrade (31.A.5)"
    assert upgrade(port("minor", reduced=1), tables).rebuilt is False


def test_31A1_E11_intrinsic_declared_only_on_an_unused_port(tables: PortTables) -> None:
    assert refusal(declare_intrinsic, port("standard", he_used=0.5), tables) == (
        "Testport: capacity is already marked used; intrinsic supply capacity cannot be declared (31.A.1; RULINGS E11)")
    done = declare_intrinsic(port("standard"), tables)
    assert done.intrinsic_used is True
    assert refusal(declare_intrinsic, done, tables) == "Testport: intrinsic supply capacity is already declared used (31.A.1)"
    assert refusal(declare_intrinsic, port("standard", trace_ok=False), tables) == (
        "Testport: cannot trace to a friendly functioning major or great port (31.A.2)")
    assert clear_usage(replace(done, capacity_used=1, he_used=0.5, nts_dedicated=1, army_hqs=2)) == replace(
        done, intrinsic_used=False, army_hqs=2)


def test_31A1_E8_dedicated_nts_from_0_up_to_the_capacity_left(tables: PortTables) -> None:
    """Note #, RULINGS E6, E8: 0 REs of NTs clears a dedication; exactly the capacity left is allowed."""
    p = port("standard", capacity_used=1.5)
    assert dedicate_nts(p, 0, 0, tables).nts_dedicated == 0
    assert dedicate_nts(p, 1.5, 1, tables) == replace(p, nts_dedicated=1.5, army_hqs=1)
    assert refusal(dedicate_nts, p, 2, 0, tables) == (
        "Testport: dedicated NTs count as capacity used; 2 REs exceed the 1½ left (31.A.1; RULINGS E8)")
    assert refusal(dedicate_nts, p, -0.5, 0, tables) == (
        "Testport: REs of NTs must be 0 or more in steps of ½, Army HQs 0 or more (31.A.1 Table 1 note #)")
    assert refusal(dedicate_nts, p, 1, -1, tables) == (
        "Testport: REs of NTs must be 0 or more in steps of ½, Army HQs 0 or more (31.A.1 Table 1 note #)")
    assert refusal(dedicate_nts, port("standard"), 2.5, 0, tables) == (
        "Testport: at most 2 REs of NTs may be dedicated (31.A.1 Table 1 note #; RULINGS E6)")


def test_31A11_an_inland_port_route_explained() -> None:
    """31.A.11: an inland port is usable only while its owner holds both banks to the sea (a referee toggle)."""
    from tui.rules.core.explain import Term

    got = inland_route(port("standard", inland=True, sea_route=False))
    assert (got.name, got.value, got.rule) == ("usable by its route to the sea", False, "31.A.11")
    assert got.terms == (Term("inland (river or canal)", True, "31.A.11"),
                         Term("owner holds both banks to the sea", False, "31.A.11"))
    assert got.notes == ("referee toggle: route PORT on|off",)
    assert inland_route(port("standard")).value is True and inland_route(port("standard", inland=True)).value is True
