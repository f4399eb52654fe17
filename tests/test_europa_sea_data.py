"""Europa sea tables as data (33, 31.A.12, 31.B; RULINGS E9, E20, E21, E22): every table line, and malformed copies."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset
from tui.rules.core.errors import DataError
from tui.rules.europa.seatables import SeaTables, load_sea_tables

DATA = Path(__file__).resolve().parents[1] / "data" / "rulesets" / "europa.toml"


@pytest.fixture(scope="module")
def st() -> SeaTables:
    return load_sea_tables(DATA)


# --- 33.D Table 5 ANTI-SHIPPING TABLE, RULINGS E20 -------------------------------------

EXPECTED_CONTACTS = {  # NSN columns (0-15) that contact, per 2d6 row, after RULINGS E20
    2: {1, 7},
    3: {2, 4, 6, 8, 10, 12, 14},
    4: {13, 14, 15},
    5: {12, 13, 14, 15},
    6: set(range(10, 16)),
    7: set(range(7, 16)),
    8: set(range(6, 16)),
    9: set(range(5, 16)),
    10: set(range(3, 16)),
    11: set(range(0, 16)),
    12: set(range(0, 16)),
}


@pytest.mark.parametrize("roll", sorted(EXPECTED_CONTACTS))
def test_33D_table5_every_row_under_E20(st: SeaTables, roll: int) -> None:
    """33.D Table 5 / RULINGS E20: rows 4-12 padded with Contact, rows 2-3 with No Effect, 16 columns."""
    got = {nsn for nsn in range(16) if st.anti_shipping_table.contact(roll, nsn)}
    assert got == EXPECTED_CONTACTS[roll]
    assert "E20" in st.anti_shipping_table.rows[str(roll)].note


@pytest.mark.parametrize("nsn, column", [(-3, 0), (0, 0), (15, 15), (22, 15)])
def test_33D_E20_nsn_outside_the_table_uses_the_edge_column(st: SeaTables, nsn: int, column: int) -> None:
    """RULINGS E20: an NSN below 0 uses column 0; above 15 uses 15."""
    for roll in range(2, 13):
        assert st.anti_shipping_table.contact(roll, nsn) == (column in EXPECTED_CONTACTS[roll])  # the printed row, worked by hand


def test_33D_contact_grows_with_the_nsn_in_rows_4_to_12(st: SeaTables) -> None:
    """RULINGS E20's reason: in rows 4-12 contact only grows with the NSN."""
    grid = st.anti_shipping_table.grid()
    for roll in range(4, 13):
        row = grid[str(roll)]
        assert row == sorted(row), roll


# --- 33.E Table 6 SHIPPING RESULTS TABLE -------------------------------------------------

TABLE6 = {
    1: ("R", "NE", "NE", "NE"),
    2: ("1RE", "NE", "NE", "R"),
    3: ("2RE", "NE", "R", "R"),
    4: ("E", "R", "R", "½E"),
    5: ("E", "R", "½E", "E"),
    6: ("E", "½E", "E", "E"),
}


@pytest.mark.parametrize("die", sorted(TABLE6))
def test_33E_table6_every_line(st: SeaTables, die: int) -> None:
    """33.E Table 6: SP/SRP column, then units/RPs outside, loose and tight interdiction zones."""
    row = st.shipping_results.rows[str(die)]
    assert (row["sp"], row["outside"], row["loose"], row["tight"]) == TABLE6[die]


def test_33E_results_meanings(st: SeaTables) -> None:
    """33.E 1)-4): NE nothing; R returned; ½E half lost, 1 damage, returned; E all lost, 2 damage; # RE."""
    e = st.shipping_results.effects
    assert not e["NE"].returned and e["R"].returned
    assert (e["½E"].fraction_lost, e["½E"].naval_damage, e["½E"].returned) == (0.5, 1, True)
    assert (e["E"].fraction_lost, e["E"].naval_damage) == (1, 2)
    assert (e["1RE"].res_lost, e["2RE"].res_lost) == (1, 2)


def test_33D_33E_cargo_kinds_modifiers_and_columns(st: SeaTables) -> None:
    """33.D: -5 empty NT alone, -4 carrier with a C fighter; 33.E note 1: empty NTs use the SP column; * 3 RE increments."""
    k = st.cargo_kinds
    assert (k["empty-nt"].modifier, k["empty-nt"].column) == (-5, "sp")
    assert (k["carrier"].modifier, k["carrier"].column) == (-4, "unit")
    assert (k["sp"].increment, k["sp"].column) == (3, "sp")
    assert k["unit"].column == k["rp"].column == "unit" and k["unit"].modifier == 0


# --- RULINGS E22 SUCCESS TABLE ----------------------------------------------------------------


@pytest.mark.parametrize("total, letter", [(-3, "D"), (0, "D"), (1, "D"), (2, "F*"), (3, "F"), (4, "S"), (5, "S"), (6, "S*"), (9, "S*")])
def test_E22_success_table_assumed_chart(st: SeaTables, total: int, letter: str) -> None:
    """RULINGS E22: modified 1d6: 1 or less D, 2 F*, 3 F, 4-5 S, 6 or more S*."""
    assert st.success_table.result(total) == letter
    assert "E22" in st.success_table.note


def test_E22_letters_are_typeable_in_any_case(st: SeaTables) -> None:
    assert st.success_table.letter("s*") == "S*" and st.success_table.letter("f") == "F" and st.success_table.letter("X") is None


# --- 33.B.2.b Table 1, 33.B.7, 33.C Table 4, 31.A.12 Table 2, 31.B ------------------------------


def test_33B2b_table1_results_and_modifiers(st: SeaTables) -> None:
    """Table 1: D 6 VPs minor, F* 3 VPs minor, F minor, S partial, S* major; -2 D, -1 F*, +1 S, +2 S* (four turns); Red Sea -1, VPs / 3."""
    ii = st.italian_interference
    assert {k: (r.level, r.vps) for k, r in ii.results.items()} == {
        "D": ("minor", 6), "F*": ("minor", 3), "F": ("minor", 0), "S": ("partial", 0), "S*": ("major", 0)}
    assert [(m.result, m.value, m.within_turns) for m in ii.modifiers] == [("D", -2, 0), ("F*", -1, 0), ("S", 1, 4), ("S*", 2, 4)]
    red = ii.areas["red-sea"]
    assert (red.modifier, red.vp_divisor) == (-1, 3)
    assert set(ii.areas["eastern"].zones) >= {"eastern-med", "aegean"}


def test_33B7_interdiction_zone_requirements_a_to_d(st: SeaTables) -> None:
    req = st.interdiction_zone.requires
    assert [r.rule for r in req] == ["33.B.7 a)", "33.B.7 b)", "33.B.7 c)", "33.B.7 d)"]
    assert (req[2].zone, req[2].min, req[3].zone, req[3].min) == ("aegean", 1, "eastern-med", 7)
    assert set(st.interdiction_zone.kinds) == {"tight", "loose"} and st.interdiction_zone.aa_per_hex == 5


def test_33C_table4_factors(st: SeaTables) -> None:
    """Table 4: non-naval x½, S x1, V/M x2, range <15 x½, >30 x2, not in box x½, patrol x1, strike x½."""
    a = st.anti_shipping_air
    assert {k: f.value for k, f in a.types.items()} == {"non-naval": 0.5, "S": 1, "V": 2, "M": 2}
    assert (a.short_range, a.short_factor, a.long_range, a.long_factor, a.outside_box) == (15, 0.5, 30, 2, 0.5)
    assert (a.missions["patrol"].value, a.missions["strike"].value) == (1, 0.5)
    assert "E21" in a.note


def test_31A12_table2_results_and_modifiers(st: SeaTables) -> None:
    """Table 2: D wrecked + tow hit, F* wrecked, F emplaced not usable now, S emplaced, S* double; -4 stormy, -2 rough, -1 per 5 MPs past 15, +1 +1."""
    m = st.mulberry
    r = m.results
    assert (r["D"].emplaced, r["D"].tow_hits, r["F*"].emplaced) == (False, 1, False)
    assert (r["F"].emplaced, r["F"].usable_now, r["S"].usable_now, r["S*"].double) == (True, False, True, True)
    assert {k: f.value for k, f in m.sea.items()} == {"calm": 0, "rough": -2, "stormy": -4}
    assert (m.free_mps, m.mp_step, m.per_step, m.clear_hex, m.clear_adjacent, m.tow_steps) == (15, 5, -1, 1, 1, 2)
    assert m.tow_seas == ["calm"]


def test_31B_beach_landing_E9(st: SeaTables) -> None:
    """31.B.4 / RULINGS E9: heavy equipment double, half of SPs lost; LC/LB damage per SUCCESS TABLE letter."""
    b = st.beach_landing
    assert (b.heavy_equipment_factor, b.supply_loss) == (2, 0.5) and "E9" in b.note
    assert set(b.lc_damage) == set(st.success_table.letters)


def test_every_sea_table_value_cites_its_rule(st: SeaTables) -> None:
    """Every zone line, condition and table cites a rule; readings name the ruling or say so."""
    for zid, z in st.sea_zones.items():
        for side in ("axis", "allied"):
            t = z.side(side)
            assert t.rule.startswith("33."), (zid, side)
            assert all(line.rule for line in t.lines), (zid, side)
    assert all(c.rule for c in st.sea_conditions.values())
    assert "E20" in st.anti_shipping_table.note and "E21" in st.anti_shipping_air.note


# --- malformed copies name the file, table and key ---------------------------------------------------------


def _copy(data: Path, tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data, target)
    load_ruleset.cache_clear()
    return target


@pytest.mark.parametrize("old, new, where", [
    ('2 = { printed = "- C - - - - - C - - - - -"', '2 = { printed = "- X - - - - - C - - - - -"', "table anti_shipping_table, key rows.2.printed"),
    ('1 = { sp = "R", outside = "NE"', '1 = { sp = "Q", outside = "NE"', "table shipping_results, key rows.1.sp"),
    ("window_turns = 4", 'window_turns = "four"', "table italian_interference, key window_turns"),
    ('when = "wmed-allied-ports"', 'when = "wmed-allied-portz"', "table sea_zones, key western-med.axis.lines.0.when"),
    ('{ upto = 2, result = "F*" }', '{ upto = 2, result = "Z" }', "table success_table, key bands.1.result"),
    ("short_range = 15", "short_range = true", "table anti_shipping_air, key short_range"),
])
def test_malformed_sea_data_names_file_table_and_key(data: Path, tmp_path: Path, old: str, new: str, where: str) -> None:
    copy = _copy(data, tmp_path)
    path = copy / "rulesets" / "europa.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_ruleset("europa", copy)
    assert err.value.file == "europa.toml"
    assert err.value.where.startswith(where), err.value.where
    load_ruleset.cache_clear()


@pytest.mark.parametrize("old, new, fragment", [
    ('when = "mulberry-emplacing"', 'when = "mulbery-emplacing"', "condition 'mulbery-emplacing'"),
    ('effect = "interdiction-zone", rule', 'effect = "interdict-zone", rule', "answer effect 'interdict-zone'"),
    ('effect = "end-allied-turn"', 'effect = "end-allied-tern"', "effect 'end-allied-tern'"),
])
def test_malformed_sequence_names_step_and_key(data: Path, tmp_path: Path, old: str, new: str, fragment: str) -> None:
    copy = _copy(data, tmp_path)
    path = copy / "rulesets" / "europa.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_ruleset("europa", copy)
    assert str(err.value).startswith("europa.toml: table sequence, key steps.") and fragment in str(err.value)
    load_ruleset.cache_clear()


@pytest.mark.parametrize("old, new, where", [
    ("malta = 10", 'malta = "ten"', "table sea, key malta"),
    ("suez-closed = false", "suez-closd = false", "table sea, key conditions.suez-closd"),
    ('side = "allied"\ntype = "great"\nbox = "India"', 'side = "neutral"\ntype = "great"\nbox = "India"', "table offmap_ports, key 1.side"),
    ('name = "Gela beach"\nowner = "axis"', 'name = "Gela beach"\nowner = "italy"', "table beaches, key 0.owner"),
])
def test_malformed_scenario_sea_names_file_table_and_key(data: Path, tmp_path: Path, old: str, new: str, where: str) -> None:
    from tui.session import memory_game

    copy = _copy(data, tmp_path)
    path = copy / "scenarios" / "mediterranean-1943.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        memory_game(copy)
    assert err.value.file == "mediterranean-1943.toml" and err.value.where == where
    load_ruleset.cache_clear()


def test_the_sea_tables_read_from_an_already_parsed_copy(st: SeaTables) -> None:
    """``load_sea_tables(path, raw)`` reads ``raw`` (the rule set's file as already parsed), not the file again: the
    same tables from the same data, and a changed copy's change (the anti-shipping dice) is what it reads."""
    import copy

    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    assert load_sea_tables(DATA, raw) == st
    changed = copy.deepcopy(raw)
    changed["anti_shipping_table"]["dice"] = "1d6"
    assert load_sea_tables(DATA, changed).anti_shipping_table.dice == "1d6"
