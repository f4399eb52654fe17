"""Europa numbers a referee can trust: the clauses of seeds 000 and 003 a careful referee found wrong or missing.

Each test cites its rule and ruling; expected values are worked by hand from the
printed tables (PORT SUMMARY, Table 2 and 3 of 33.B.10, SHIPPING RESULTS TABLE),
never read back from the data rows the code reads.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.europa import ports as P
from tui.session import memory_game


@pytest.fixture
def game():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def refused(game, line: str, *fragments: str):
    before, events = game.state, list(game.events)
    r = game.execute(line)
    assert not r.ok, f"{line} was accepted: {r.message}"
    for fragment in fragments:
        assert fragment in r.message, r.message
    assert game.state == before and game.events == events
    return r


def to(game, key: str) -> None:
    for _ in range(60):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def port(game, name: str) -> P.Port:
    return game.state.world.ports[name]


def nsn(game, zid: str, side: str):
    return next(z for z in game.ruleset.views["zones"](game.state) if z["zone_id"] == zid and z["side"] == side)["nsn"]


def figures(game, name: str) -> dict:
    return next(r for r in game.ruleset.views["ports"](game.state) if r["name"] == name)


# --- 33.A and RULINGS E26: once per sea zone per naval movement phase -----------------------------


def test_E26_the_once_per_zone_window_is_the_phase_not_the_segment(game) -> None:
    """Axis initial phase: checked in the naval segment, the same item is refused in the movement segment."""
    ok(game, "check 'Central Med' axis unit@7-6 --dice 1,1")
    to(game, "axis-turn/initial/initial-movement")
    refused(game, "check 'Central Med' axis unit@7-6 --dice 1,1", "already checked", "this naval movement phase", "RULINGS E26")
    ok(game, "check 'Central Med' axis unit@other --dice 1,1")
    kept = [c.item for c in game.state.world.sea.checks]
    assert kept == ["7-6", "other"]  # the earlier check stays in the world state, not only in the log
    to(game, "axis-turn/reaction/reaction-naval")  # a new phase: a new window
    ok(game, "check 'Central Med' axis unit@7-6 --dice 1,1")


# --- 31.A.6, RULINGS E12 and E13 ---------------------------------------------------------------------


def destroyed_athens(game) -> None:
    ok(game, "capture Athens allied")
    ok(game, "answer destroy:Athens 1")  # 1 destroys (31.A.6: 1-5)
    assert port(game, "Athens").destroyed


def test_E12_a_destroyed_port_is_repaired_only_after_an_upgrade(game) -> None:
    """Athens (major, level 3, max damage 12): destroyed = Reduced 3, 12 hits, Collateral Damage."""
    destroyed_athens(game)
    refused(game, "repair Athens 1", "destroyed", "upgraded", "E12")
    ok(game, "collateral Athens off")  # removing Collateral Damage does not make it function
    row = figures(game, "Athens")
    assert row["functioning"] is False and row["re_capacity"] == 0
    ok(game, "upgrade Athens")  # Reduced 2: a minor port (level 1) with 12 hits
    ok(game, "repair Athens 11")  # from then on repaired normally
    assert port(game, "Athens").hits == 1
    assert figures(game, "Athens")["re_capacity"] == 1.0  # minor 1.5 - 1/2 x 1 hit


def test_E13_capture_takes_the_captors_nation_so_31A6_applies_again(game) -> None:
    """Athens German-owned, lost to the Allies, recaptured by the Axis (German by default), lost again: the roll is offered."""
    ok(game, "capture Athens allied")
    assert port(game, "Athens").nation == "british"  # the Allies' default nation in this scenario
    ok(game, "answer destroy:Athens decline")
    ok(game, "capture Athens axis")
    assert port(game, "Athens").nation == "german"
    ok(game, "capture Athens allied --nation american")
    assert port(game, "Athens").nation == "american"
    assert game.state.pending_prompt("destroy:Athens") is not None


def test_E13_capture_help_and_form_show_the_nation(game) -> None:
    r = ok(game, "help capture")
    assert "--nation" in r.message and "E13" in " ".join(r.details)
    form = next(a for a in game.ruleset.actions["ports"] if a.id == "capture")
    nation = next(f for f in form.fields if f.name == "nation")
    assert nation.prefill == "captor_nation" and "--nation={nation}" in form.verb
    assert figures(game, "Athens")["captor_nation"] == "british" and figures(game, "Naples")["captor_nation"] == "british"
    assert figures(game, "Tobruk")["captor_nation"] == "german"


# --- 33.B.7 and RULINGS E23, E24 ---------------------------------------------------------------------


def test_E23_zone_number_cites_the_ruling_and_bombing_hits_end_with_the_turn(game) -> None:
    """12 through an Allied interdiction zone, minus 1 per bombing hit this turn (Table 2; 33.B.7 d))."""
    ok(game, "capture 'Crete ports' allied")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer interdiction-zone loose")
    ok(game, "interdict bomb 3")
    assert nsn(game, "south-aegean-iz", "axis") == 9
    why = game.ruleset.explain(game.state, "South Aegean Interdiction Zone")
    assert any("RULINGS E23" in " ".join(e.notes) or "RULINGS E23" in e.rule for e in why)
    to(game, "allied-turn/reinforcement")
    ok(game, "next")  # the end of the game turn
    assert game.state.world.sea.iz is not None and nsn(game, "south-aegean-iz", "axis") == 12


def test_E24_a_closed_suez_canal_sets_the_axis_aegean_number_to_1(game) -> None:
    ok(game, "capture Athens allied")
    ok(game, "answer destroy:Athens decline")
    ok(game, "capture Thessalonike allied")
    assert nsn(game, "aegean", "axis") == 12  # both Allied-owned (33.B.6.a)
    ok(game, "condition suez-closed on")
    assert nsn(game, "aegean", "axis") == 1


# --- RULINGS E25 ----------------------------------------------------------------------------------


def test_E25_allied_air_superiority_in_the_channel_is_minus_3(game) -> None:
    """Allied English Channel: France Axis-owned 9; Allied air superiority -3 -> 6 (not a set value of 3)."""
    assert nsn(game, "english-channel", "allied") == 9
    ok(game, "condition allied-air-superiority-channel on")
    assert nsn(game, "english-channel", "allied") == 6
    ok(game, "condition axis-air-superiority-channel on")  # +3 as well: back to 9
    assert nsn(game, "english-channel", "allied") == 9


# --- RULINGS E15 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("hits, acts, slp", [(0, "mulberry", 35), (1, "mulberry", 35), (3, "mulberry", 35),
                                             (4, "minor", 40), (5, "jetty", 50)])
def test_E15_a_damaged_mulberry_never_acts_as_a_better_row(game, hits: int, acts: str, slp: int) -> None:
    """Mulberry 3 REs, 1/2 RE per hit: 1 hit 2.5, 3 hits 1.5 (>= a minor port's 1.5: own row, SLP 35);
    4 hits 1.0 -> minor (SLP 40); 5 hits 0.5 -> jetty (SLP 50)."""
    tables = game.ruleset.tables
    mulberry = P.Port("M", "mulberry", "allied", harbour="artificial", hits=hits)
    assert P.acts_as(mulberry, tables).value == acts
    assert P.slp_cost(mulberry, tables).value == slp


# --- 33.F and RULINGS E27: supply-line route options --------------------------------------------


def test_E27_axis_short_central_med_line_gets_minus_5(game) -> None:
    """Tripoli (standard, SLP 30), Axis, Central Med with Malta 10: 30 + 10 = 40; only between the listed
    ports (--short) 30 + (10 - 5) = 35 (33.B.1.a)."""
    ok(game, "malta 10")
    ok(game, "supply-line Tripoli 'Central Med'")
    assert figures(game, "Tripoli")["slp_count"] == 40
    ok(game, "supply-line Tripoli 'Central Med' --short")
    assert figures(game, "Tripoli")["slp_count"] == 35


def test_E27_allied_line_far_from_axis_ports_adds_nothing(game) -> None:
    """Algiers (major, SLP 20), Allied, Western Med with Malta 10 (2-11): 20 + 6 = 26; farther than 15 hexes
    from every operational Axis-owned port (--far): 20 (33.B.3.b)."""
    ok(game, "malta 10")
    ok(game, "supply-line Algiers 'Western Med'")
    assert figures(game, "Algiers")["slp_count"] == 26
    ok(game, "supply-line Algiers 'Western Med' --far")
    assert figures(game, "Algiers")["slp_count"] == 20


def test_E27_a_route_option_no_zone_crossed_has_is_refused(game) -> None:
    refused(game, "supply-line Algiers 'Western Med' --short", "--short", "--far")
    refused(game, "supply-line Tripoli 'Central Med' --far", "--far", "--short")


# --- 31.A: a port is used only if owned at the start of the owner's initial phase ------------------


def test_31A_intrinsic_and_dedicate_refuse_a_port_not_owned_at_the_initial_phase(game) -> None:
    """The Axis takes Tobruk in its initial phase: not usable this turn by use, intrinsic or dedicate."""
    ok(game, "capture Tobruk axis")
    refused(game, "use Tobruk 1", "was not axis-owned at the start")
    refused(game, "intrinsic Tobruk", "was not axis-owned at the start")
    refused(game, "dedicate Tobruk 0.5", "was not axis-owned at the start")
    ok(game, "intrinsic Tripoli")  # owned at the start of the phase


def test_31A_ports_owned_at_the_next_initial_phase_become_usable(game) -> None:
    ok(game, "capture Tobruk axis")
    to(game, "allied-turn/reinforcement")
    ok(game, "next")
    to(game, "axis-turn/initial/initial-naval")  # the next Axis initial phase: owned now
    ok(game, "use Tobruk 1")


def test_31A2_intrinsic_refuses_a_port_that_cannot_trace(game) -> None:
    ok(game, "trace Tripoli off")
    refused(game, "intrinsic Tripoli", "cannot trace", "31.A.2")
    assert figures(game, "Tripoli")["intrinsic_sp"] == 0
    ok(game, "trace Tripoli on")
    assert figures(game, "Tripoli")["intrinsic_sp"] == 24  # standard: 24 SPs (Table 1)


# --- 31.A.12 F: the real reason ------------------------------------------------------------------


def test_31A12_a_mulberry_that_rolled_F_says_why_it_cannot_be_used(game) -> None:
    ok(game, "answer sea-state calm")
    ok(game, "mulberry available 'Mulberry A'")
    ok(game, "beach add Anzio allied hex=Anzio zone=Tyrrhenian")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "mulberry arrive 'Mulberry A' Anzio mps=10")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer mulberry-emplacement clear")
    ok(game, "result emplace:mulberry-a F")
    r = refused(game, "use 'Mulberry A' 1", "31.A.12", "F", "not usable this turn")
    assert "was not allied-owned" not in r.message


# --- Table 1 note 6 ------------------------------------------------------------------------------


def test_table1_note6_use_form_and_help_say_base_size(game) -> None:
    r = ok(game, "help use")
    assert "note 6" in " ".join([r.message, *r.details]) and "base" in " ".join(r.details)
    form = next(a for a in game.ruleset.actions["ports"] if a.id == "use")
    assert "note 6" in form.text and "not its transport size" in form.text


# --- refusals with the allowed values --------------------------------------------------------------


def test_33E_tight_or_loose_only_in_a_declared_interdiction_zone(game) -> None:
    refused(game, "check 'Central Med' axis unit --tight", "--tight", "outside")
    refused(game, "check 'Central Med' axis unit --loose", "--loose", "outside")
    ok(game, "check 'Central Med' axis unit --outside --dice 1,1")


def test_33B1a_malta_status_number_is_0_to_15(game) -> None:
    """The ANTI-SHIPPING TABLE has columns 0 to 15 (RULINGS E20)."""
    refused(game, "malta -1", "0 to 15")
    refused(game, "malta 16", "0 to 15")
    ok(game, "malta 15")
    ok(game, "malta 0")


def test_33B_a_ports_sea_zone_must_be_a_zone(game) -> None:
    refused(game, "port edit Tobruk zone=Atlantis", "'Atlantis' is not a sea zone", "Eastern Mediterranean")
    refused(game, "port add Foo minor allied zone=Atlantis", "'Atlantis' is not a sea zone")
    ok(game, "port edit Tobruk zone='Eastern Med'")


# --- interference: declined is declined; help lists the segments the engine accepts ------------------


def test_33B2b_no_attempt_after_the_referee_declined_it(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer interference:eastern decline")
    refused(game, "interfere eastern roll", "declined")
    refused(game, "interfere eastern S", "declined")


def test_help_lists_exactly_the_segments_the_engine_accepts_for_every_verb(game) -> None:
    """For every verb: the segments help names are those where the engine does not refuse it as illegal there,
    summarised as every refusal summarises them (issue 12, bug 4)."""
    from tui.rules.core.ruleset import where_legal

    seq = game.ruleset.sequence
    for name, verb in game.verbs.items():
        r = ok(game, f"help {name}")
        line = next(d for d in r.details if d.startswith("legal in: "))
        assert line == f"legal in: {where_legal(seq, verb)}", name
    interfere = ok(game, "help interfere").details
    assert "legal in: any segment" not in interfere and "Initial" in " ".join(interfere)
    refused(game, "interfere eastern roll", "not legal in")  # the Axis initial phase


# --- Table 1 note 3 and RULINGS E14: marshalling yards ------------------------------------------------


def test_E14_destruction_places_marshalling_yard_hits_at_their_maximum(game) -> None:
    """A major port's yard takes at most 1 RM hit, a great port's 2; other ports have none (note 3)."""
    from tui.rules.europa.destruction import destroy

    tables = game.ruleset.tables
    assert destroy(P.Port("G", "great", "allied"), tables).yard_hits == 2
    assert destroy(P.Port("M", "major", "allied"), tables).yard_hits == 1
    assert destroy(P.Port("S", "standard", "allied"), tables).yard_hits == 0
    destroyed_athens(game)  # Athens is major
    assert port(game, "Athens").yard_hits == 1
    assert ("Marshalling Yard Hit", "1") in P.markers(port(game, "Athens"), tables)
    refused(game, "yard Athens repair", "E12")  # not before an upgrade
    ok(game, "upgrade Athens")
    ok(game, "yard Athens repair")
    assert port(game, "Athens").yard_hits == 0


def test_E14_yard_hits_are_capped_and_only_major_and_great_ports_have_a_yard(game) -> None:
    r = ok(game, "yard Alexandria hit 2")  # major: at most 1
    assert port(game, "Alexandria").yard_hits == 1 and "at most 1" in " ".join(r.details)
    refused(game, "yard Tobruk hit", "no marshalling yard", "E14")  # standard
    refused(game, "yard Tobruk repair", "no marshalling yard")
    marker = next(m for m in game.ruleset.markers(game.state, game.ruleset.sequence) if m["marker"] == "Marshalling Yard Hit")
    assert marker["place"] == "Alexandria" and "E14" in marker["expires"]
    why = game.ruleset.explain(game.state, "Alexandria")
    yard = next(e for e in why if e.name == "Marshalling Yard Hits")
    assert yard.value == 1 and "rail" in " ".join(yard.notes)


def test_E14_yard_hits_add_up_to_the_maximum_and_say_why(game) -> None:
    """A great port's yard (at most 2): 1 hit, then 2 more -> 2 (1 placed, capped); repair one at a time to 0."""
    from tui.rules.europa import yards as Y

    tables = game.ruleset.tables
    great = P.Port("G", "great", "allied")
    one, placed = Y.hit_yard(great, 1, tables)
    assert (one.yard_hits, placed.value, placed.notes) == (1, 1, ())
    assert [(t.label, t.value) for t in placed.terms] == [("RM hits inflicted", 1), ("RM hits before", 0), ("most RM hits", 2)]
    two, placed = Y.hit_yard(one, 2, tables)
    assert (two.yard_hits, placed.value) == (2, 1) and "at most 2" in placed.notes[0]
    with pytest.raises(RuleError, match="RM hits must be 1 or more"):
        Y.hit_yard(great, 0, tables)
    back = Y.repair_yard(Y.repair_yard(two, tables), tables)
    assert back.yard_hits == 0
    with pytest.raises(RuleError, match="no RM hits to repair"):
        Y.repair_yard(back, tables)
    with pytest.raises(RuleError, match="destroyed .31.A.6.; its Marshalling Yard hits cannot be repaired"):
        Y.repair_yard(P.Port("W", "major", "allied", destroyed=True, yard_hits=1), tables)
    fig = Y.yard_figure(two, tables)
    assert (fig.name, fig.value, fig.rule) == ("Marshalling Yard Hits", 2, "31.A.1 Table 1 note 3")
    assert [(t.label, t.value) for t in fig.terms] == [("Marshalling Yard Hit markers", 2), ("most RM hits (Great)", 2)]
    assert Y.yard_max(P.Port("J", "jetty", "allied"), tables) == 0
