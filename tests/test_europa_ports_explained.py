"""Every Europa port figure explains itself (31.A.1-31.A.7, 31.A.14; RULINGS E1-E8, E10, E11).

The figures are tested one rule at a time in test_europa_ports.py. Here the
whole explanation a referee reads in the "why?" pane is pinned for two ports,
every number worked out by hand first:

Tobruk, a standard port with a natural harbour, 1½ effective hits, 1 RE used,
2 REs of NTs dedicated, 1 Army HQ: RE capacity 3 - 1½ x ½ = 2¼; HE capacity
(half of 3) - ¾ = ¾ (E7); intrinsic SP 24 - 1½ x 4 = 18 (E5); max NT REs
2 x 2¼/3 = 1½ (E6); SLP cost 30 - (1½ - 1 per Army HQ) x 10 = 25 (E8);
capacity left 2¼ - 1 - 1½ = 0: the 2 REs of NTs dedicated count up to the max
of 1½ (E8, E11; issue 33).

Bari, a major port with an artificial harbour, Reduced 1 and Collateral Damage
(level 3 - 2 = 1, a minor port's 1½), 2 hits: RE capacity ½, so it acts as a
jetty (E4), max NT REs 1 x ½/1½ = ⅓, rounded down to ½ steps: 0; intrinsic
capacity declared used.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.europa import ports as P
from tui.session import memory_game

TOBRUK_FIGURES = {
    'level': ('size level', 2, '31.A.4, 31.A.5', [
        ('printed level (Standard)', 2, '31.A.1 Table 1'),
        ('Reduced', 0, '31.A.5'),
        ('Collateral Damage', 0, '31.A.4'),
    ], ('RULINGS E2: below level 0 a port has no capacity',)),
    're_capacity': ('RE capacity', 2.25, '31.A.1, 31.A.3', [
        ('size level', 2, '31.A.4, 31.A.5'),
        ('capacity of Standard', 3.0, '31.A.1 Table 1'),
        ('Port Hits', 1.5, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'),
    ], ('RULINGS E1', 'RULINGS E3')),
    'he_capacity': ('HE capacity', 0.75, '31.A.1 Table 1 (**)', [
        ('capacity of Standard', 3.0, '31.A.1 Table 1'),
        ('heavy equipment share (half)', 0.5, '31.A.1 Table 1 (**)'),
        ('Port Hits', 1.5, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'),
    ], ("RULINGS E7: half the level's capacity, and damage comes off that half first",)),
    'acts_as': ('acts as', 'standard', '31.A.7', [
        ('RE capacity', 2.25, '31.A.1, 31.A.3'),
    ], ('RULINGS E4', 'RULINGS E2 (level = position on this ladder), E4 (acts as the smallest type whose capacity is at least the current RE capacity)')),
    'functioning': ('functioning', True, '31.A.7', [
        ('RE capacity', 2.25, '31.A.1, 31.A.3'),
    ], ('RULINGS E3: a port functions while its RE capacity is above 0',)),
    'intrinsic_sp': ('intrinsic SP capacity', 18.0, '31.A.2', [
        ('intrinsic SP of Standard', 24.0, '31.A.1 Table 1'),
        ('Port Hits', 1.5, '31.A.3'),
        ('SP lost per hit', 4.0, '31.A.1 Table 1 note 2; 31.A.2'),
        ('port interdiction (mine points)', 0, '31.A.2'),
        ('SP lost per interdiction level', 4.0, '31.A.2'),
        ('functioning', True, '31.A.7'),
        ('traces to a friendly functioning major/great port', True, '31.A.2'),
    ], ("RULINGS E5: note 2's '4 per RE' read as 4 per hit (8 SP per RE, as every row)", 'RULINGS E10: each mine point in the port hex is one level of interdiction')),
    'max_nt_res': ('max REs of NTs', 1.5, '31.A.1 Table 1 note 2', [
        ('max REs of NTs of Standard', 2.0, '31.A.1 Table 1'),
        ('RE capacity', 2.25, '31.A.1, 31.A.3'),
        ('full capacity of Standard', 3.0, '31.A.1 Table 1'),
        ('rounded down to', 0.5, '31.A.1 Table 1 note 2'),
    ], ('RULINGS E6: max REs of NTs scale with capacity, rounded down to 1/2 RE',)),
    'nts_in_force': ('REs of NTs in force', 1.5, '31.A.1 Table 1 note #', [
        ('REs of NTs dedicated', 2, '31.A.1 Table 1 note #'),
        ('max REs of NTs', 1.5, '31.A.1 Table 1 note 2'),
    ], ("RULINGS E8: dedicated NTs never exceed the port's max REs of NTs", '½ REs of the NTs dedicated do not count now')),
    'slp_cost': ('SLP cost', 25.0, '31.A.1 Table 1 note #', [
        ('acts as', 'standard', '31.A.7'),
        ('SLP cost of that type', 30.0, '31.A.1 Table 1'),
        ('REs of NTs dedicated (up to max)', 1.5, '31.A.1 Table 1 note #'),
        ('Army HQs tracing supply', 1, '31.A.1 Table 1 note 1'),
        ('REs of NTs per Army HQ', 1.0, '31.A.1 Table 1 note 1'),
        ('SLP reduction per RE of NTs', 10.0, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8', 'RULINGS E8: one RE of NTs per Army HQ before any reduces the SLP cost', 'Naval status numbers of the sea zones crossed are added to the SLP count (33.F)')),
    'naval_base': ('naval base', False, '31.A.14', [
        ('acts as', 'standard', '31.A.7'),
        ('that type is a naval base', False, '31.A.14'),
        ('on the NAVAL BASE SUMMARY', False, '31.A.14'),
        ('functioning', True, '31.A.7'),
    ], ('RULINGS E4: a damaged or reduced port has the naval-base status of the type it acts as',)),
    'capacity_used': ('capacity used', 2.5, '31.A.1', [
        ('cargo embarked/disembarked', 1, '31.A.1'),
        ('REs of NTs dedicated (up to max)', 1.5, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8: dedicated NTs count as capacity used',)),
    'capacity_left': ('capacity left', 0.0, '31.A.1', [
        ('RE capacity', 2.25, '31.A.1, 31.A.3'),
        ('cargo embarked/disembarked', 1, '31.A.1'),
        ('REs of NTs dedicated (up to max)', 1.5, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8: dedicated NTs count as capacity used', 'RULINGS E11')),
}
BARI_FIGURES = {
    'level': ('size level', 1, '31.A.4, 31.A.5', [
        ('printed level (Major)', 3, '31.A.1 Table 1'),
        ('Reduced', -1, '31.A.5'),
        ('Collateral Damage', -1, '31.A.4'),
    ], ('RULINGS E2: below level 0 a port has no capacity',)),
    're_capacity': ('RE capacity', 0.5, '31.A.1, 31.A.3', [
        ('size level', 1, '31.A.4, 31.A.5'),
        ('capacity of Minor', 1.5, '31.A.1 Table 1'),
        ('Port Hits', 2, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'),
    ], ('RULINGS E1', 'RULINGS E3')),
    'he_capacity': ('HE capacity', 0.0, '31.A.1 Table 1 (**)', [
        ('capacity of Minor', 1.5, '31.A.1 Table 1'),
        ('heavy equipment share (half)', 0.5, '31.A.1 Table 1 (**)'),
        ('Port Hits', 2, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'),
    ], ("RULINGS E7: half the level's capacity, and damage comes off that half first",)),
    'acts_as': ('acts as', 'jetty', '31.A.7', [
        ('RE capacity', 0.5, '31.A.1, 31.A.3'),
    ], ('RULINGS E4', 'RULINGS E2 (level = position on this ladder), E4 (acts as the smallest type whose capacity is at least the current RE capacity)')),
    'functioning': ('functioning', True, '31.A.7', [
        ('RE capacity', 0.5, '31.A.1, 31.A.3'),
    ], ('RULINGS E3: a port functions while its RE capacity is above 0',)),
    'intrinsic_sp': ('intrinsic SP capacity', 4.0, '31.A.2', [
        ('intrinsic SP of Minor', 12.0, '31.A.1 Table 1'),
        ('Port Hits', 2, '31.A.3'),
        ('SP lost per hit', 4.0, '31.A.1 Table 1 note 2; 31.A.2'),
        ('port interdiction (mine points)', 0, '31.A.2'),
        ('SP lost per interdiction level', 4.0, '31.A.2'),
        ('functioning', True, '31.A.7'),
        ('traces to a friendly functioning major/great port', True, '31.A.2'),
    ], ("RULINGS E5: note 2's '4 per RE' read as 4 per hit (8 SP per RE, as every row)", 'RULINGS E10: each mine point in the port hex is one level of interdiction')),
    'max_nt_res': ('max REs of NTs', 0.0, '31.A.1 Table 1 note 2', [
        ('max REs of NTs of Minor', 1.0, '31.A.1 Table 1'),
        ('RE capacity', 0.5, '31.A.1, 31.A.3'),
        ('full capacity of Minor', 1.5, '31.A.1 Table 1'),
        ('rounded down to', 0.5, '31.A.1 Table 1 note 2'),
    ], ('RULINGS E6: max REs of NTs scale with capacity, rounded down to 1/2 RE',)),
    'nts_in_force': ('REs of NTs in force', 0.0, '31.A.1 Table 1 note #', [
        ('REs of NTs dedicated', 0.0, '31.A.1 Table 1 note #'),
        ('max REs of NTs', 0.0, '31.A.1 Table 1 note 2'),
    ], ("RULINGS E8: dedicated NTs never exceed the port's max REs of NTs",)),
    'slp_cost': ('SLP cost', 50.0, '31.A.1 Table 1 note #', [
        ('acts as', 'jetty', '31.A.7'),
        ('SLP cost of that type', 50.0, '31.A.1 Table 1'),
        ('REs of NTs dedicated (up to max)', 0.0, '31.A.1 Table 1 note #'),
        ('Army HQs tracing supply', 0, '31.A.1 Table 1 note 1'),
        ('REs of NTs per Army HQ', 1.0, '31.A.1 Table 1 note 1'),
        ('SLP reduction per RE of NTs', 10.0, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8', 'RULINGS E8: one RE of NTs per Army HQ before any reduces the SLP cost', 'Naval status numbers of the sea zones crossed are added to the SLP count (33.F)')),
    'naval_base': ('naval base', False, '31.A.14', [
        ('acts as', 'jetty', '31.A.7'),
        ('that type is a naval base', False, '31.A.14'),
        ('on the NAVAL BASE SUMMARY', False, '31.A.14'),
        ('functioning', True, '31.A.7'),
    ], ('RULINGS E4: a damaged or reduced port has the naval-base status of the type it acts as',)),
    'capacity_used': ('capacity used', 0.0, '31.A.1', [
        ('cargo embarked/disembarked', 0.0, '31.A.1'),
        ('REs of NTs dedicated (up to max)', 0.0, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8: dedicated NTs count as capacity used',)),
    'capacity_left': ('capacity left', 0.5, '31.A.1', [
        ('RE capacity', 0.5, '31.A.1, 31.A.3'),
        ('cargo embarked/disembarked', 0.0, '31.A.1'),
        ('REs of NTs dedicated (up to max)', 0.0, '31.A.1 Table 1 note #'),
    ], ('RULINGS E8: dedicated NTs count as capacity used', 'RULINGS E11', 'intrinsic capacity used: no combat units may embark or debark (31.A.2, note 4)')),
}


@pytest.fixture(scope="module")
def pt():
    return memory_game(data_dir(), seed=1, clock=fixed_clock).ruleset.tables


def explained(port: P.Port, pt) -> dict:
    return {k: (f.name, f.value, f.rule, [(t.label, t.value, t.rule) for t in f.terms], tuple(f.notes))
            for k, f in P.port_figures(port, pt).items()}


TOBRUK = P.Port("Tobruk", "standard", "axis", harbour="natural", hits=1.5, capacity_used=1, he_used=0.5, nts_dedicated=2,
                army_hqs=1)
BARI = P.Port("Bari", "major", "axis", harbour="artificial", hits=2, reduced=1, collateral=True, intrinsic_used=True)


@pytest.mark.parametrize("key", list(TOBRUK_FIGURES))
def test_31A_tobruk_figures_explain_themselves(pt, key: str) -> None:
    """31.A.1-31.A.7, 31.A.14: each figure of a damaged standard port with a natural harbour, term by term."""
    assert explained(TOBRUK, pt)[key] == TOBRUK_FIGURES[key]


def test_31A_every_figure_of_a_port_is_pinned(pt) -> None:
    """The "why?" pane lists these figures and no other: each is pinned above, term by term."""
    assert list(explained(TOBRUK, pt)) == list(TOBRUK_FIGURES) == list(BARI_FIGURES)


def test_31A6_E12_a_destroyed_port_not_yet_upgraded_has_no_capacity_and_says_why(pt) -> None:
    """31.A.6, RULINGS E12: a destroyed standard port reduced once (level 1, a minor port's 1½ REs), 1 hit: 1½ - ½ = 1
    by the table, 0 while it has not been upgraded since."""
    port = P.Port("Benghazi", "standard", "axis", destroyed=True, hits=1, reduced=1)
    assert explained(port, pt)["re_capacity"] == ('RE capacity', 0.0, '31.A.1, 31.A.3', [
        ('size level', 1, '31.A.4, 31.A.5'), ('capacity of Minor', 1.5, '31.A.1 Table 1'), ('Port Hits', 1, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'), ('destroyed, not yet upgraded', True, '31.A.6'),
    ], ('RULINGS E1', 'RULINGS E3',
        'RULINGS E12: a destroyed port does not function until it has been upgraded at least once'))


def test_31A6_P3_a_destroyed_port_upgraded_keeps_its_hits_and_says_so(pt) -> None:
    """Proposed ruling P3: upgraded once (rebuilt), its 3 hits still count: 1½ - 3 x ½ = 0."""
    port = P.Port("Benghazi", "standard", "axis", destroyed=True, rebuilt=True, hits=3, reduced=1)
    assert explained(port, pt)["re_capacity"] == ('RE capacity', 0.0, '31.A.1, 31.A.3', [
        ('size level', 1, '31.A.4, 31.A.5'), ('capacity of Minor', 1.5, '31.A.1 Table 1'), ('Port Hits', 3, '31.A.3'),
        ('RE lost per hit', 0.5, '31.A.1 Table 1 note 5; 31.A.3'),
    ], ('RULINGS E1', 'RULINGS E3',
        "proposed ruling P3 (docs/rulings-proposed.md): a destroyed port upgraded keeps its Port Hits (up to its "
        "printed type's maximum), even above the max damage of the Minor level it is at now; repaired normally, it "
        "functions once this capacity is above 0 (31.A.6, RULINGS E2, E3)"))


@pytest.mark.parametrize("key", list(BARI_FIGURES))
def test_31A_bari_figures_explain_themselves(pt, key: str) -> None:
    """31.A.4, 31.A.5, 31.A.7 (E4): a reduced major port with collateral damage acting as a jetty, term by term."""
    assert explained(BARI, pt)[key] == BARI_FIGURES[key]


def test_31A3_hits_added_are_explained(pt) -> None:
    """31.A.3, 31.A.9, 31.A.10 (E3): one hit on a natural harbour adds ½; on an artificial harbour 2."""
    tobruk, added = P.inflict_hits(TOBRUK, 1, pt)
    assert tobruk.hits == 2 and (added.name, added.value, added.rule) == ("Port Hits added", 0.5, "31.A.3")
    assert [(t.label, t.value, t.rule) for t in added.terms] == [
        ("hits inflicted", 1, "31.A.3"), ("effective hits per hit (natural harbour)", 0.5, "31.A.10"),
        ("Port Hits before", 1.5, "31.A.3"), ("max damage of Standard", 6.0, "31.A.1 Table 1")]
    assert added.notes == ("RULINGS E3: one hit on a natural harbour adds 1/2 effective hit",
                           "31.A.6: maximum damage alone does not destroy a port")
    bari, added = P.inflict_hits(BARI, 1, pt)
    assert bari.hits == 4 and added.value == 2
    assert added.terms[1].label == "effective hits per hit (artificial harbour)" and added.terms[1].rule == "31.A.9"


def test_31A3_hits_are_capped_at_max_damage_and_say_so(pt) -> None:
    """31.A.3: a standard port takes at most 6 Port Hits; the rest is not placed, and the note says why."""
    p = P.Port("Haifa", "standard", "allied", hits=5)
    capped, added = P.inflict_hits(p, 3, pt)
    assert capped.hits == 6 and added.value == 1
    assert added.notes == ("RULINGS E3", "capped at max damage (6)", "31.A.6: maximum damage alone does not destroy a port")
    full, added = P.inflict_hits(capped, 1, pt)
    assert full.hits == 6 and added.value == 0


def test_31A1_markers_beside_the_port(pt) -> None:
    """31.A.1-31.A.5, E11: Port Hit, Reduced, Collateral Damage and Port Used markers."""
    assert P.markers(TOBRUK, pt) == [("Port Hit", "1½"), ("Port Used", "")]
    assert P.markers(BARI, pt) == [("Port Hit", "2"), ("Reduced", "1"), ("Collateral Damage", ""), ("Port Used", "")]
    assert P.markers(P.Port("Haifa", "standard", "allied"), pt) == []


def test_E14_marshalling_yard_hits_explained(pt) -> None:
    """Table 1 note 3, RULINGS E14: a great port's yard takes 2 RM hits; 3 inflicted on one with 1 place 1, capped."""
    from tui.rules.core.explain import Term
    from tui.rules.europa.yards import hit_yard, yard_figure

    great = P.Port("Naples", "great", "axis", yard_hits=1)
    new, placed = hit_yard(great, 3, pt)
    rule = "31.A.1 Table 1 note 3"
    assert new.yard_hits == 2
    assert (placed.name, placed.value, placed.rule) == ("RM hits placed", 1, rule)
    assert placed.terms == (Term("RM hits inflicted", 3, rule), Term("RM hits before", 1, rule),
                            Term("most RM hits", 2, f"{rule}; RULINGS E14"))
    assert placed.notes == ("capped: a Great port's yard takes at most 2 RM hit(s)",)
    assert hit_yard(P.Port("Naples", "great", "axis"), 2, pt)[1].notes == ()
    figure = yard_figure(new, pt)
    assert (figure.name, figure.value, figure.rule) == ("Marshalling Yard Hits", 2, rule)
    assert figure.terms == (Term("Marshalling Yard Hit markers", 2, rule), Term("most RM hits (Great)", 2, f"{rule}; RULINGS E14"))
    assert figure.notes == ("RULINGS E14: they affect rail capacity, which the app does not model (markers and "
                            "explanations only)",)
