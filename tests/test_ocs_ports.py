"""OCS 19.0a-e as pure functions: amounts, capacity sharing, oversize unit, shut-down, hits, repair, supply sources."""

from __future__ import annotations


import msgspec
from msgspec.structs import replace
import pytest

from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.ocs import ports as P
from tui.rules.ocs.amounts import format_amount, parse_amount
from tui.rules.ocs.tables import CitedHalves, OcsTables, load_tables


@pytest.fixture(scope="module")
def tables() -> OcsTables:
    return load_tables(data_dir() / "rulesets" / "ocs.toml")


def port(capacity: int = 12, **kw) -> P.Port:
    return P.Port(name="Testport", owner="axis", capacity=capacity, **kw)


# --- 19.0a amounts -----------------------------------------------------------------


@pytest.mark.parametrize("tokens, text", [(0, "0"), (1, "1T"), (3, "3T"), (4, "1 SP"), (8, "2 SP"), (14, "3 SP 2T"), (41, "10 SP 1T")])
def test_19_0a_capacity_is_written_in_sp_and_tokens(tables, tokens: int, text: str) -> None:
    """19.0a: capacity as OCS players write it (1 SP = 4 T from the data)."""
    assert P.fmt(tokens, tables) == text
    assert parse_amount(text, tables.per_sp) == tokens


@pytest.mark.parametrize("text, tokens", [("3SP2T", 14), ("3 sp 2t", 14), ("2", 8), ("1.5", 6), ("0.25", 1), ("½", 2), ("2 SP", 8), ("1 SP 5T", 9)])
def test_19_0a_amounts_are_read_in_every_usual_form(tables, text: str, tokens: int) -> None:
    """19.0a: a bare number is SP; SP and Tokens may be run together."""
    assert parse_amount(text, tables.per_sp) == tokens


@pytest.mark.parametrize("text", ["", "abc", "1.5T", "0.3", "2 3T", "SP", "-1"])
def test_19_0a_unreadable_amounts_are_refused(tables, text: str) -> None:
    with pytest.raises(RuleError):
        parse_amount(text, tables.per_sp)


def test_format_follows_the_tokens_per_sp_of_the_data() -> None:
    """19.0a: Tokens per SP is a data value (a house rule may change it)."""
    assert format_amount(7, 2) == "3 SP 1T" and parse_amount("3 SP 1T", 2) == 7


# --- 19.0a capacity per phase, shared ------------------------------------------------


def test_19_0a_a_1T_port_can_load_or_unload_1T_in_a_phase_but_not_both(tables) -> None:
    """19.0a example: "a port with a 1T capacity could load or unload 1T in a phase, but not both"."""
    one_t = port(capacity=1)
    loaded, big = P.charge(one_t, 1, False, tables)  # load 1T
    assert loaded.used == 1 and not big and P.left_tokens(loaded, tables) == 0
    with pytest.raises(RuleError, match=r"19\.0a") as err:
        P.charge(loaded, 1, False, tables)  # then unload 1T: refused
    assert "loading and unloading share it" in str(err.value)
    unloaded, _ = P.charge(one_t, 1, False, tables)  # or unload 1T instead
    assert unloaded.used == 1


def test_19_0a_capacity_used_this_phase_is_freed_when_the_phase_ends(tables) -> None:
    """19.0a: capacity is per phase (the sequence runs clear_phase at every phase's end)."""
    used, _ = P.charge(port(), 12, False, tables)
    assert P.left_tokens(used, tables) == 0
    fresh = P.clear_phase(used)
    assert fresh.used == 0 and P.left_tokens(fresh, tables) == 12


def test_19_0a_over_capacity_is_refused_and_cites_the_rule(tables) -> None:
    half, _ = P.charge(port(capacity=8), 6, False, tables)
    with pytest.raises(RuleError, match=r"3T exceeds the 2T left of its 2 SP capacity.*19\.0a"):
        P.charge(half, 3, False, tables)
    with pytest.raises(RuleError, match="above 0"):
        P.charge(half, 0, False, tables)


def test_19_0a_oversize_unit_uses_the_whole_capacity_and_nothing_else_may_use_the_port(tables) -> None:
    """19.0a ¶2: a port above zero may spend its whole capacity on one combat unit whose TE exceeds it."""
    two_t = port(capacity=2)
    big, oversize = P.charge(two_t, 4, True, tables)  # a unit of TE 1 SP through a 2T port
    assert oversize and big.oversize == 4 and big.used == 2 and P.left_tokens(big, tables) == 0
    with pytest.raises(RuleError, match=r"oversize unit \(1 SP\).*nothing else.*19\.0a"):
        P.charge(big, 1, False, tables)
    with pytest.raises(RuleError, match="oversize"):
        P.charge(big, 4, True, tables)  # not a second oversize unit either
    # Only if nothing else used the port this phase:
    some, _ = P.charge(two_t, 1, False, tables)
    with pytest.raises(RuleError, match=r"only if nothing else loads or unloads there this phase.*19\.0a"):
        P.charge(some, 4, True, tables)
    # Cargo that is not a single combat unit never goes oversize; the refusal says how it could:
    with pytest.raises(RuleError, match="--unit"):
        P.charge(two_t, 4, False, tables)


def test_19_0a_oversize_needs_a_port_above_zero_and_a_unit_larger_than_the_capacity(tables) -> None:
    closed = port(capacity=4, hits=4)  # 4 hits: capacity 0 (RULINGS O1)
    assert P.capacity_tokens(closed, tables) == 0
    with pytest.raises(RuleError, match=r"capacity is 0.*19\.0a"):
        P.charge(closed, 8, True, tables)
    small_unit, oversize = P.charge(port(capacity=8), 4, True, tables)  # TE within capacity: ordinary use
    assert not oversize and small_unit.used == 4 and P.left_tokens(small_unit, tables) == 4
    partly, _ = P.charge(port(capacity=8), 6, False, tables)
    with pytest.raises(RuleError, match="exceeds the 2T left"):  # TE within capacity but over what is left
        P.charge(partly, 4, True, tables)


# --- 19.0a shut down, 4.5a negation for trace supply only ---------------------------


def test_19_0a_a_port_in_an_enemy_zoc_is_shut_down_and_recovers_at_once(tables) -> None:
    """19.0a: capacity treated as zero while in an enemy ZOC; instantly back when the enemy goes."""
    shut = P.set_enemy_zoc(port(), True)
    assert P.capacity_tokens(shut, tables) == 0 and P.supply_capacity_tokens(shut, tables) == 0
    assert P.capacity(shut, tables).value == "0"
    with pytest.raises(RuleError, match=r"shut down by an enemy ZOC.*19\.0a"):
        P.charge(shut, 1, False, tables)
    back = P.set_enemy_zoc(shut, False)
    assert P.capacity_tokens(back, tables) == 12 and P.charge(back, 12, False, tables)[0].used == 12


def test_19_0a_zoc_negation_restores_trace_supply_only(tables) -> None:
    """19.0a / 4.5a: negation is possible for trace supply, not for loading, unloading or Sea Cap."""
    negated = P.set_zoc_negated(P.set_enemy_zoc(port(supply_source=True), True), True)
    assert P.supply_capacity_tokens(negated, tables) == 12 and P.capacity_tokens(negated, tables) == 0
    assert P.supply_source(negated, tables).value is True
    with pytest.raises(RuleError, match="shut down"):
        P.charge(negated, 1, False, tables)
    assert P.set_enemy_zoc(negated, False).zoc_negated is False  # the negation goes with the ZOC
    with pytest.raises(RuleError, match=r"not in an enemy ZOC.*4\.5a"):
        P.set_zoc_negated(port(), True)


# --- 19.0b hits (RULINGS O1) ----------------------------------------------------------


@pytest.mark.parametrize(
    "undamaged, hits, left",
    [(12, 1, 9), (12, 2, 6), (12, 4, 0), (6, 1, 4), (6, 2, 3), (6, 3, 1), (6, 4, 0), (2, 1, 1), (2, 2, 1), (2, 3, 0), (1, 1, 1), (1, 2, 0), (5, 1, 4), (5, 3, 1)],
)
def test_19_0b_each_hit_takes_a_quarter_of_the_undamaged_capacity_rounded_to_the_nearest_token(tables, undamaged: int, hits: int, left: int) -> None:
    """19.0b / RULINGS O1: loss = hits x 1/4 x undamaged, rounded to the nearest Token (halves up, data)."""
    assert P.damaged_tokens(port(capacity=undamaged, hits=hits), tables) == left


def test_19_0b_the_rounding_of_halves_is_a_data_value(tables) -> None:
    """RULINGS O1 leaves exact halves open; ocs.toml decides (halves = "up"), a house rule may say "down"."""
    down = msgspec.structs.replace(tables, damage=msgspec.structs.replace(tables.damage, halves=CitedHalves(value="down", rule="19.0b")))
    assert P.damaged_tokens(port(capacity=6, hits=1), tables) == 4  # 1.5 T lost -> 2
    assert P.damaged_tokens(port(capacity=6, hits=1), down) == 5  # 1.5 T lost -> 1
    assert P.damaged_tokens(port(capacity=6, hits=4), down) == 0


def test_19_0b_hits_are_explained_with_the_ruling(tables) -> None:
    fig = P.capacity_after_hits(port(capacity=14, hits=1), tables)
    assert fig.value == "2 SP 2T"  # 3 SP 2T less 1/4 of it (3.5T, rounded up to 4T)
    assert any("RULINGS O1" in n for n in fig.notes)


def test_19_0b_never_more_than_4_hits(tables) -> None:
    """19.0b / RULINGS O1: a port can never accumulate more than 4 hits; 4 hits close it."""
    two = port(hits=2)
    capped, added = P.inflict_hits(two, 3, tables)
    assert capped.hits == 4 and added == 2 and P.capacity_tokens(capped, tables) == 0
    with pytest.raises(RuleError, match=r"most a port can accumulate \(19\.0b; RULINGS O1\)"):
        P.inflict_hits(capped, 1, tables)
    with pytest.raises(RuleError):
        P.inflict_hits(two, 0, tables)


def test_19_0b_a_port_with_its_own_damage_track_uses_it(tables) -> None:
    """19.0b: "for these apply the Port Capacities listed and not the generic hit effects"."""
    track = (16, 12, 8, 4, 2)  # 4 SP, 3 SP, 2 SP, 1 SP, 2T
    tobruk = port(capacity=16, damage_track=track)
    assert [P.damaged_tokens(replace(tobruk, hits=h), tables) for h in range(5)] == [16, 12, 8, 4, 2]
    assert P.damaged_tokens(port(capacity=16, hits=4), tables) == 0  # the generic effect would close it
    fig = P.capacity_after_hits(replace(tobruk, hits=3), tables)
    assert fig.value == "1 SP" and "Damage Track" in fig.terms[1].label
    short = port(capacity=8, damage_track=(8, 4, 0))  # a shorter track: beyond it, its last box
    assert P.damaged_tokens(replace(short, hits=4), tables) == 0


# --- 19.0c voluntary reduction, 19.0d repair (RULINGS O2) ------------------------------


def test_19_0c_voluntary_reduction_inflicts_one_hit_at_most_once_a_turn(tables) -> None:
    reduced = P.voluntary_reduction(port(), tables)
    assert reduced.hits == 1 and reduced.reduced_this_turn == 1
    with pytest.raises(RuleError, match=r"no more than 1 hit per turn.*19\.0c; RULINGS O2"):
        P.voluntary_reduction(reduced, tables)
    next_turn = P.clear_turn(reduced)
    assert P.voluntary_reduction(next_turn, tables).hits == 2
    with pytest.raises(RuleError, match=r"19\.0b"):
        P.voluntary_reduction(port(hits=4), tables)  # never past 4 hits either


def test_19_0d_repair_removes_one_hit_at_most_once_a_turn_per_port(tables) -> None:
    repaired = P.repair(port(hits=3), tables)
    assert repaired.hits == 2 and repaired.repaired_this_turn == 1
    with pytest.raises(RuleError, match=r"only 1 hit per port can be repaired in a turn.*19\.0d; RULINGS O2"):
        P.repair(repaired, tables)
    assert P.repair(P.clear_turn(repaired), tables).hits == 1
    with pytest.raises(RuleError, match=r"no hits to repair \(19\.0d\)"):
        P.repair(port(), tables)
    assert tables.tokens(tables.repair.cost_per_hit) == 4  # 1 SP a hit (19.0d)


# --- 19.0e supply sources ----------------------------------------------------------------


def test_19_0e_a_named_supply_source_loses_that_ability_below_1_sp(tables) -> None:
    source = port(capacity=6, supply_source=True)  # 1 SP 2T
    assert P.supply_source(source, tables).value is True
    one_hit = replace(source, hits=1)  # 6 - 2 = 4T = 1 SP: still a source
    assert P.supply_capacity_tokens(one_hit, tables) == 4 and P.supply_source(one_hit, tables).value is True
    two_hits = replace(source, hits=2)  # 3T: below 1 SP
    fig = P.supply_source(two_hits, tables)
    assert fig.value is False and fig.rule == "19.0e" and any("below 1 SP" in n for n in fig.notes)
    assert P.supply_source(port(capacity=40), tables).value is None  # not named by the scenario
    assert P.supply_source(P.set_enemy_zoc(source, True), tables).value is False  # shut down, not negated


def test_port_figures_cite_their_rules(tables) -> None:
    """19.0a-e: every figure is an Explained citing its 19.0 rule."""
    figs = P.port_figures(port(capacity=14, hits=1, supply_source=True), tables)
    assert set(figs) >= {"capacity", "used", "capacity_left", "hits", "supply_capacity", "supply_source", "undamaged"}
    assert all(f.rule.startswith("19.0") for f in figs.values())
    assert figs["undamaged"].value == "3 SP 2T"


def test_markers_show_hits_shut_down_capacity_used_and_the_oversize_unit(tables) -> None:
    """19.0a/19.0b markers: Port Hits, Shut Down, Capacity Used this phase, Oversize Unit."""
    names = lambda p: [m[0] for m in P.markers(p, tables)]  # noqa: E731
    assert names(port()) == []
    used, _ = P.charge(port(hits=1), 2, False, tables)
    assert names(used) == ["Port Hits", "Capacity Used"]
    big, _ = P.charge(port(capacity=2), 4, True, tables)
    assert ("Oversize Unit", "1 SP", "end of this phase (19.0a)") in P.markers(big, tables)
    assert "Shut Down" in names(P.set_enemy_zoc(port(), True))


# --- what every figure says (19.0a-e; RULINGS O1, O2) ------------------------------------------------------

from tui.rules.core.explain import Term  # noqa: E402

O1_SHARE = ("RULINGS O1: each hit lowers capacity by 1/4 of the undamaged capacity, rounded to the nearest Token. The "
            "generic chart is not in the seed; this is the reading that makes 4 the maximum. A port with its own Damage "
            "Track in the scenario uses that track instead.")
SOURCE_NOTE = "A port the game names as a supply source loses that ability while its capacity is below 1 SP."


def figures(p: P.Port, tables: OcsTables) -> dict:
    return {k: (e.name, e.value, e.rule, e.terms, e.notes) for k, e in P.port_figures(p, tables).items()}


def test_19_0a_0b_0e_a_hit_port_in_a_negated_enemy_zoc_explains_every_figure(tables) -> None:
    """Tobruk 3 SP 2T, 1 hit (1/4 of 14T = 3.5T, a half rounds up: 1 SP lost, 2 SP 2T left), 3T used, in an enemy
    ZOC negated: shut down for loading (0), open to trace supply (2 SP 2T), still a supply source (1 SP or more)."""
    p = P.Port("Tobruk", "axis", 14, hits=1, used=3, supply_source=True, enemy_zoc=True, zoc_negated=True)
    got = figures(p, tables)
    assert got["undamaged"] == ("undamaged capacity", "3 SP 2T", "19.0a",
                                (Term("printed capacity", "3 SP 2T", "19.0a, 19.0b"), Term("Tokens per SP", 4, "19.0a")),
                                ("Capacity is counted in SP and Tokens: 1 SP = 4 Tokens (a 1T port moves a quarter SP a phase).",))
    name, value, rule, terms, notes = got["after_hits"]
    assert (name, value, rule) == ("capacity after hits", "2 SP 2T", "19.0b")
    assert terms == (Term("undamaged capacity", "3 SP 2T", "19.0a"), Term("hits", 1, "19.0b"),
                     Term("share of the undamaged capacity lost per hit", 0.25,
                          "19.0b (hit effects noted near the Barrage vs. Facility Table)"),
                     Term("capacity lost (exact Tokens)", 3.5, "19.0b"),
                     Term("rounded to the nearest Token, halves", "up", "19.0b (round to nearest Token of capacity)"),
                     Term("capacity lost", "1 SP", "19.0b"))
    assert notes[0] == O1_SHARE and notes[1].startswith("RULINGS O1 leaves exact halves open")
    assert got["capacity"] == ("capacity", "0", "19.0a, 19.0b",
                               (Term("capacity after hits", "2 SP 2T", "19.0b"), Term("shut down (in an enemy ZOC)", True, "19.0a"),
                                Term("= Tokens", 0, "19.0a")),
                               ("19.0a: a shut-down port's capacity is treated as zero; negation does not help loading, "
                                "unloading or Sea Cap (19.0f F, 4.5a)",))
    assert got["used"][:4] == ("used this phase", "3T", "19.0a",
                               (Term("Tokens loaded and/or unloaded this phase", 3, "19.0a"),
                                Term("oversize unit's Transport Equivalent", "none", "19.0a")))
    assert got["used"][4][0].startswith("19.0a: loading and unloading share the capacity; arrivals without an ALT roll")
    assert got["capacity_left"] == ("left this phase", "0", "19.0a",
                                    (Term("capacity", "0", "19.0a, 19.0b"), Term("used this phase", "3T", "19.0a"),
                                     Term("oversize unit this phase", False, "19.0a")), ())
    assert got["hits"][:4] == ("hits", 1, "19.0b", (Term("hits", 1, "19.0b"), Term("most hits a port can have", 4, "19.0b"),
                                                    Term("inflicted by voluntary reduction this turn", 0, "19.0c"),
                                                    Term("repaired this turn", 0, "19.0d")))
    assert got["hits"][4] == ("RULINGS O1: a port can never accumulate more than 4 hits, by the Barrage vs. Facility "
                              "Table or voluntary reduction; 4 hits close it.",)
    assert got["supply_capacity"] == ("supply capacity", "2 SP 2T", "19.0a, 19.0e",
                                      (Term("capacity after hits", "2 SP 2T", "19.0b"), Term("in an enemy ZOC", True, "19.0a"),
                                       Term("ZOC negated for trace supply", True, "4.5a"), Term("= Tokens", 10, "19.0a")),
                                      ("19.0a: the ZOC is negated for trace supply only",))
    assert got["supply_source"] == ("supply source", True, "19.0e",
                                    (Term("named a supply source by the scenario", True, "19.0e"),
                                     Term("supply capacity", "2 SP 2T", "19.0a, 4.5a"),
                                     Term("least capacity of a supply source", "1 SP", "19.0e")), (SOURCE_NOTE,))
    shut = replace(p, zoc_negated=False)
    assert P.supply_capacity(shut, tables).value == "0"
    assert P.supply_capacity(shut, tables).notes == ("19.0a: shut down; for trace supply the ZOC can be negated (4.5a)",)
    assert P.supply_source(shut, tables).value is False


def test_19_0b_0e_a_port_with_its_own_damage_track_and_an_oversize_unit_explains_every_figure(tables) -> None:
    """Benghazi with the track 2 SP / 1 SP 2T / 1 SP / 2T at 5 hits keeps the last box (2T); an oversize unit of 1 SP 1T
    used it all; below 1 SP it is no supply source (19.0e)."""
    p = P.Port("Benghazi", "axis", 8, damage_track=(8, 6, 4, 2), hits=5, oversize=5, supply_source=True,
               reduced_this_turn=1, repaired_this_turn=2)
    got = figures(p, tables)
    assert got["undamaged"][1] == "2 SP" and got["undamaged"][3][0] == Term("first box of its Damage Track", "2 SP", "19.0a, 19.0b")
    assert got["after_hits"] == ("capacity after hits", "2T", "19.0b",
                                 (Term("hits", 5, "19.0b"), Term("Damage Track [2 SP, 1 SP 2T, 1 SP, 2T] at 3 hit(s)", "2T", "19.0b")),
                                 ("19.0b: a port with its own Damage Track uses it, not the generic hit effect",
                                  "hits beyond the end of the track keep its last box"))
    assert P.capacity_after_hits(replace(p, hits=3), tables).notes == (
        "19.0b: a port with its own Damage Track uses it, not the generic hit effect",)
    assert got["capacity"][1] == "2T" and got["capacity"][3][1] == Term("shut down (in an enemy ZOC)", False, "19.0a")
    assert got["capacity"][4] == ()
    assert got["used"][3][1] == Term("oversize unit's Transport Equivalent", "1 SP 1T", "19.0a")
    assert got["capacity_left"] == ("left this phase", "0", "19.0a",
                                    (Term("capacity", "2T", "19.0a, 19.0b"), Term("used this phase", "0", "19.0a"),
                                     Term("oversize unit this phase", True, "19.0a")),
                                    ("19.0a: after a single oversize unit nothing else may load or unload this phase",))
    assert got["hits"][3][2:] == (Term("inflicted by voluntary reduction this turn", 1, "19.0c"),
                                  Term("repaired this turn", 2, "19.0d"))
    assert got["supply_source"][1] is False
    assert got["supply_source"][4] == (SOURCE_NOTE, "19.0e: it loses that ability while its capacity is below 1 SP")
    assert P.supply_source(replace(p, supply_source=False), tables).value is None


def test_19_0a_0d_markers_and_when_they_go(tables) -> None:
    """19.0a-d: each marker beside a port, its value and when it goes."""
    p = P.Port("Tobruk", "axis", 14, hits=2, used=3, enemy_zoc=True, zoc_negated=True, reduced_this_turn=1,
               repaired_this_turn=1)
    assert P.markers(p, tables) == [
        ("Port Hits", "2", "until repaired (19.0d)"),
        ("Shut Down", "enemy ZOC", "as soon as the enemy ZOC goes (19.0a)"),
        ("ZOC Negated", "trace supply only", "while negated (19.0a, 4.5a)"),
        ("Capacity Used", "3T", "end of this phase (19.0a)"),
        ("Voluntary Reduction", "1", "end of the turn (19.0c; RULINGS O2)"),
        ("Repaired", "1", "end of the turn (19.0d; RULINGS O2)"),
    ]
    assert P.markers(replace(p, oversize=20, zoc_negated=False), tables)[1:3] == [
        ("Shut Down", "enemy ZOC", "as soon as the enemy ZOC goes (19.0a)"), ("Oversize Unit", "5 SP", "end of this phase (19.0a)")]
    assert P.markers(P.Port("Derna", "axis", 4), tables) == []


def test_19_0a_charge_refusals_say_why(tables) -> None:
    """19.0a: every refusal of loading or unloading names the port, the figures and the rule."""
    def refused(p: P.Port, tokens: int, unit: bool = False) -> str:
        with pytest.raises(RuleError) as err:
            P.charge(p, tokens, unit, tables)
        return str(err.value)

    assert refused(port(12), 0) == "Testport: the amount must be above 0 (19.0a)"
    assert refused(port(12, enemy_zoc=True), 1) == "Testport: shut down by an enemy ZOC; nothing may load or unload there (19.0a)"
    assert refused(port(0), 1) == "Testport: its capacity is 0; nothing may load or unload there (19.0a)"
    assert refused(port(12, used=12, oversize=14), 1) == (
        "Testport: an oversize unit (3 SP 2T) used its whole capacity this phase; nothing else may load or unload there (19.0a)")
    assert refused(port(12, used=2), 14, unit=True) == (
        "Testport: a unit of 3 SP 2T exceeds its 3 SP capacity; it may go as an oversize unit only if nothing else loads "
        "or unloads there this phase, and 2T already has (19.0a)")
    assert refused(port(12), 14) == ("Testport: 3 SP 2T exceeds the 3 SP left of its 3 SP capacity this phase; loading "
                                     "and unloading share it (19.0a) (one combat unit larger than the whole capacity may "
                                     "use it all: add --unit)")
    assert refused(port(12, used=10), 3) == ("Testport: 3T exceeds the 2T left of its 3 SP capacity this phase; loading and "
                                             "unloading share it (19.0a)")
    assert P.charge(port(12, used=10), 2, False, tables) == (port(12, used=12), False)
    assert P.charge(port(12), 13, True, tables) == (port(12, used=12, oversize=13), True)
    assert P.charge(port(12), 12, True, tables) == (port(12, used=12), False)  # not larger than the capacity: no oversize


# --- amounts as players write them (19.0a): negatives, messages, limits, data values ---------------------------


def test_19_0a_amounts_write_a_negative_with_a_sign() -> None:
    """A Sea Cap or capacity difference can be negative: written -1 SP 2T (never 'SP -2T')."""
    assert format_amount(-6, 4) == "-1 SP 2T" and format_amount(-1, 4) == "-1T" and format_amount(1, 4) == "1T"


@pytest.mark.parametrize("text, message", [
    ("", "amount must be SP and Tokens like 3 SP 2T, 2SP, 1T or 1.5 (SP), not ''"),
    ("lots", "amount must be SP and Tokens like 3 SP 2T, 2SP, 1T or 1.5 (SP), not 'lots'"),
    ("2 3T", "amount: write the SP as 'SP' when Tokens follow (e.g. 2 SP 3T), not '2 3T'"),
    ("0.1", "amount must be whole Tokens (1T = 1/4 SP), not '0.1'"),
    ("100001", "amount (SP) must be from 0 to 100000, not '100001'"),
    ("400001T", "amount (Tokens) must be from 0 to 400000, not '400001'"),
])
def test_19_0a_unreadable_amounts_say_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_amount(text, 4)
    assert str(err.value) == message


def test_19_0a_amounts_at_the_limits_read() -> None:
    assert parse_amount("100000", 4) == 400_000 and parse_amount("400000T", 4) == 400_000 and parse_amount("0T", 4) == 0
    assert parse_amount(".5", 4) == 2


@pytest.mark.parametrize("text, tokens", [("12T", 12), ("10 T", 10), ("2 SP 12T", 20), ("3SP10T", 22)])
def test_19_0a_tokens_of_two_digits_read(text: str, tokens: int) -> None:
    """19.0a: '12T' is 12 Tokens (it was read as 1 SP and 2T and refused)."""
    assert parse_amount(text, 4) == tokens


def test_19_0a_amounts_in_data_files() -> None:
    """A data file gives SP as a number (3, 1.5) or a string as players write it; negatives and yes/no are refused."""
    from tui.rules.ocs.amounts import amount_from_data

    assert amount_from_data(3, 4, "capacity") == 12 and amount_from_data(1.5, 4, "capacity") == 6
    assert amount_from_data(0, 4, "capacity") == 0 and amount_from_data("3 SP 2T", 4, "capacity") == 14
    assert amount_from_data(2.0, 4, "capacity") == 8
    for bad, message in ((True, 'capacity must be a number of SP or a string like "3 SP 2T"'),
                         ([3], 'capacity must be a number of SP or a string like "3 SP 2T"'),
                         (-1, "capacity must be 0 or more"), (-0.5, "capacity must be 0 or more"),
                         ("3 XP", "capacity must be SP and Tokens like 3 SP 2T, 2SP, 1T or 1.5 (SP), not '3 XP'")):
        with pytest.raises(RuleError) as err:
            amount_from_data(bad, 4, "capacity")
        assert str(err.value) == message
