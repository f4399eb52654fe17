"""Europa ports exactly where the figures' tests left room (``tui/rules/europa/ports.py``): what a port acts as and
why, the hits a hit form offers, heavy equipment used over several commands, and each refusal whole.

Rules: ``000_*`` 31.A.1 (Table 1: capacity, max damage, max REs of NTs; note ** heavy equipment: a standard port
takes it on half its capacity), 31.A.3 (Port Hits; a natural harbour counts a hit as ½, an artificial one as 2),
31.A.6 and 31.A.11 (a destroyed inland port with an artificial harbour is never rebuilt; an inland port needs both
banks to the sea), 31.A.7 (acts as), 31.A.12 Table 2 (Great Success: double REs); RULINGS E2-E4, E6-E8, E11, E15.
Figures worked by hand from Table 1: great 12 REs (max damage 24), major 6 (12), standard 3 (6), minor 1½ (3),
jetty ½ (1); mulberry 3 (6), off the ladder.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.europa import ports as P
from tui.session import memory_game

LADDER_NOTE = ("RULINGS E2 (level = position on this ladder), E4 (acts as the smallest type whose capacity is at least "
               "the current RE capacity)")


@pytest.fixture(scope="module")
def pt():
    return memory_game(data_dir(), seed=1, clock=fixed_clock).ruleset.tables


def refusal(f, *args) -> str:
    with pytest.raises(RuleError) as exc:
        f(*args)
    return str(exc.value)


def terms(e) -> list[tuple]:
    return [(t.label, t.value, t.rule) for t in e.terms]


# --- 31.A.7 acts as (RULINGS E3, E4, E15) --------------------------------------------------------------------------


def test_31A7_an_undamaged_port_acts_as_its_own_row_and_says_so(pt) -> None:
    e = P.acts_as(P.Port("S", "standard", "axis"), pt)
    assert (e.value, e.notes) == ("standard", ("RULINGS E4", "undamaged and unreduced: its own row", LADDER_NOTE))


def test_31A7_E4_one_hit_finds_the_smallest_type_on_the_ladder(pt) -> None:
    """A standard port, 1 hit: 3 - ½ = 2½ REs, the smallest type holding 2½ is standard (not its own row: damaged)."""
    e = P.acts_as(P.Port("S", "standard", "axis", hits=1), pt)
    assert (e.value, terms(e), e.notes) == ("standard", [("RE capacity", 2.5, "31.A.1, 31.A.3")],
                                            ("RULINGS E4", LADDER_NOTE))
    e = P.acts_as(P.Port("M", "major", "axis", hits=11), pt)  # 6 - 5½ = ½: a jetty's
    assert e.value == "jetty"


def test_31A7_E3_no_capacity_acts_as_nothing(pt) -> None:
    port = P.Port("N", "standard", "axis", hits=6)  # 3 - 6 x ½ = 0
    e = P.acts_as(port, pt)
    assert (e.value, e.notes) == (None, ("RULINGS E4", "RULINGS E3: capacity 0, not functioning", LADDER_NOTE))
    slp = P.slp_cost(port, pt)
    assert (slp.value, terms(slp)[:2]) == (None, [("acts as", "nothing", "31.A.7"),
                                                  ("SLP cost of that type", 0, "31.A.1 Table 1")])
    base = P.naval_base(port, pt)
    assert (base.value, terms(base)) == (False, [("acts as", "nothing", "31.A.7"), ("that type is a naval base", False, "31.A.14"),
                                                 ("on the NAVAL BASE SUMMARY", False, "31.A.14"), ("functioning", False, "31.A.7")])


def test_E15_a_mulberry_keeps_its_own_row_above_a_minor_ports_capacity(pt) -> None:
    """RULINGS E15: a mulberry (off the ladder), 1 hit: 2½ REs, at least a minor port's 1½: acts as a mulberry."""
    e = P.acts_as(P.Port("M", "mulberry", "allied", hits=1), pt)
    assert (e.value, e.notes) == ("mulberry", (
        "RULINGS E4", "RULINGS E15: keeps its own row while its capacity is at least a Minor port's (1½): acts as "
        "Mulberry, not Standard", LADDER_NOTE))


# --- 31.A.3 the hits a hit form offers ----------------------------------------------------------------------------


@pytest.mark.parametrize("port, most", [
    (P.Port("S", "standard", "axis", harbour="natural"), 12),  # 6 of max damage, ½ a hit
    (P.Port("S", "standard", "axis", harbour="artificial"), 3),  # 2 a hit
    (P.Port("S", "standard", "axis"), 6),
    (P.Port("S", "standard", "axis", harbour="natural", hits=5), 2),  # 1 of room left: 2 half hits
    (P.Port("M", "major", "axis", hits=11), 1),
    (P.Port("M", "major", "axis", hits=12), 0),
])
def test_31A3_hits_to_max_damage(pt, port, most) -> None:
    assert P.hits_to_max(port, pt) == most


# --- Table 1 note 2 (E6): no level, no NTs -------------------------------------------------------------------------


def test_E6_a_port_below_level_0_takes_no_nts(pt) -> None:
    assert P.max_nt_res(P.Port("J", "jetty", "axis", reduced=1), pt).value == 0.0


# --- 31.A.1 using capacity; heavy equipment (note **, E7) -----------------------------------------------------------


def test_31A1_refusals_of_use_whole(pt) -> None:
    s = P.Port("S", "standard", "axis")
    bad = "S: REs must be above 0, heavy equipment from 0 to the REs (31.A.1)"
    for res, he in ((0, 0), (1, 2), (1, -1), (-1, 0)):
        assert refusal(P.use_capacity, s, res, he, False, pt) == bad
    assert refusal(P.use_capacity, s, 4, 0, False, pt) == "S: 4 REs exceed the 3 REs left (31.A.1; RULINGS E8)"


def test_E7_heavy_equipment_used_adds_up_over_commands(pt) -> None:
    """A standard port takes heavy equipment on half its 3 REs: 1½. 1 then ½ fit; another 1 after the first does not."""
    s = P.use_capacity(P.Port("S", "standard", "axis"), 1, 1, False, pt)
    assert (s.capacity_used, s.he_used) == (1.0, 1.0)
    assert refusal(P.use_capacity, s, 1, 1, False, pt) == (
        "S: 1 REs of heavy equipment exceed the ½ left (31.A.1 Table 1 **; RULINGS E7)")
    s = P.use_capacity(s, 1, 0.5, False, pt)
    assert (s.capacity_used, s.he_used) == (2.0, 1.5)


def test_E11_a_jetty_with_its_half_re_used_is_port_used(pt) -> None:
    j = P.use_capacity(P.Port("J", "jetty", "axis"), 0.5, 0, False, pt)
    assert (P.port_used(j, pt), P.markers(j, pt)) == (True, [("Port Used", "")])


def test_31A12_great_success_doubles_the_capacity_left_and_says_so(pt) -> None:
    e = P.capacity_left(P.Port("G", "standard", "axis", doubled=True, capacity_used=1), pt)
    assert (e.value, terms(e)) == (5.0, [
        ("RE capacity", 3.0, "31.A.1, 31.A.3"), ("cargo embarked/disembarked", 1, "31.A.1"),
        ("REs of NTs dedicated (up to max)", 0.0, "31.A.1 Table 1 note #"),
        ("Great Success: double the normal REs this turn", 2, "31.A.12 Table 2")])


# --- 31.A.11 inland ports -------------------------------------------------------------------------------------------


def test_31A11_nts_dedicated_to_a_cut_off_inland_port_are_refused_but_clearing_them_is_not(pt) -> None:
    inland = P.Port("I", "minor", "axis", inland=True, sea_route=False)
    text = ("I: an inland port is usable only while its owner owns all hexes on both sides of the river or canal to "
            "the sea (31.A.11); set it with 'route PORT on'")
    assert refusal(P.dedicate_nts, inland, 1, 0, pt) == text
    assert refusal(P.dedicate_nts, inland, 0.5, 0, pt) == text
    assert P.dedicate_nts(inland, 0, 0, pt).nts_dedicated == 0.0


def test_31A11_a_destroyed_inland_port_with_an_artificial_harbour_is_never_rebuilt(pt) -> None:
    port = P.Port("D", "standard", "axis", inland=True, destroyed=True, reduced=2, harbour="artificial")
    assert refusal(P.upgrade, port, pt) == "D: a destroyed inland port with an artificial harbour cannot be rebuilt (31.A.11)"
