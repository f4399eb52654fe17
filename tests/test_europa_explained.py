"""Every sea zone number explains itself (33.B.10 Tables 2 and 3, 33.C, 33.F): the terms, conditions and notes.

The numbers themselves are tested line by line in test_europa_zones.py. Here the
explanation a referee reads in the "why?" pane is pinned: each line of the table
with its value ("no", "not reached" or the number it set or added), the condition
it depends on and how the app knew it (derived from the ports or asked), and the
rule. Expected texts are written out from the tables, not read back from the data.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock
from tests.europa_sea import cond, game0, owner, pt, st  # noqa: F401 - shared fixtures
from tui.paths import data_dir
from tui.rules.core.explain import Term
from tui.rules.europa.seaworld import InterdictionZone
from tui.rules.core.errors import RuleError
from tui.rules.europa.zones import (_as_mode, _show, barred, condition, naval_status, other, refuse_barred, side_of,
                                    slp_count, truthy, zone_row)
from tui.session import memory_game


@pytest.fixture
def w0(game0):
    return game0.state.world


def without(world: Any, port: str) -> Any:
    return replace(world, ports={n: p for n, p in world.ports.items() if n != port})


def as_tuple(result: Any) -> tuple[Any, bool, str]:
    return result.value, result.derived, result.detail


# --- conditions: value, derived or asked, and what the referee reads ------------------------------------------


def test_33B10_asked_conditions_say_the_referee_answered_and_how_to_change_it(w0, st, pt) -> None:
    """An asked condition (33.B.10) is not derived; its detail says the answer and the command that changes it."""
    assert as_tuple(condition(w0, st, pt, "suez-closed")) == (False, False, "asked: referee says no ('condition suez-closed')")
    assert as_tuple(condition(cond(w0, suez_closed=True), st, pt, "suez-closed")) == (
        True, False, "asked: referee says yes ('condition suez-closed')")


def test_33B1a_malta_condition_is_derived_from_the_malta_status_number(w0, st, pt) -> None:
    w = replace(w0, sea=replace(w0.sea, malta=4))
    assert as_tuple(condition(w, st, pt, "malta-status")) == (4, True, "Malta status number 4 ('malta N')")


def test_33B2b_interference_condition_names_the_letter_rolled(w0, st, pt) -> None:
    """33.B.2.b: S is partial, S* major, anything else (or no attempt) minor."""
    assert as_tuple(condition(w0, st, pt, "interference-eastern")) == (
        "minor", True, "minor (no successful attempt this turn)")
    w = replace(w0, sea=replace(w0.sea, active={"eastern": "S*"}))
    assert as_tuple(condition(w, st, pt, "interference-eastern")) == (
        "major", True, "major (S* rolled this Allied player turn)")
    assert as_tuple(condition(w, st, pt, "interference-red-sea")) == (
        "minor", True, "minor (no successful attempt this turn)")


def test_33B7_interdiction_conditions_name_the_declared_zone_and_its_hits(w0, st, pt) -> None:
    """33.B.7 a) and d): the kind of zone declared and the bombing hits on it this turn."""
    assert as_tuple(condition(w0, st, pt, "interdiction-zone")) == ("", True, "no interdiction zone")
    assert as_tuple(condition(w0, st, pt, "interdiction-hits")) == (0, True, "0 bombing hit(s) this turn")
    w = replace(w0, sea=replace(w0.sea, iz=InterdictionZone("loose", 0, 2)))
    assert as_tuple(condition(w, st, pt, "interdiction-zone")) == ("loose", True, "loose zone declared")
    assert as_tuple(condition(w, st, pt, "interdiction-hits")) == (2, True, "2 bombing hit(s) this turn")


def test_33B2a_all_of_is_derived_only_when_every_part_is(w0, st, pt) -> None:
    """33.B.2.a: all of Crete Axis = its ports (derived) and its other hexes (asked): asked as a whole."""
    assert as_tuple(condition(w0, st, pt, "crete-all-axis")) == (
        True, False, "all of crete-ports-axis yes, crete-other-hexes-axis yes")
    w = cond(owner(w0, "Crete ports", "allied"), crete_other_hexes_axis=True)
    assert as_tuple(condition(w, st, pt, "crete-all-axis")) == (
        False, False, "all of crete-ports-axis no, crete-other-hexes-axis yes")
    assert as_tuple(condition(w, st, pt, "crete-allied")) == (
        True, False, "any of crete-port-allied yes, crete-airbase-allied no")


def test_33B10_owned_conditions_list_each_port_and_count_groups(w0, st, pt) -> None:
    """Table 2 (Eastern Med): Alexandria, Haifa and the Cyprus ports, each owned or not, counted."""
    w = owner(w0, "Haifa", "axis")
    assert as_tuple(condition(w, st, pt, "emed-allied-ports")) == (
        2, True, "allied-owned: Alexandria yes, Haifa no, Cyprus ports yes")
    w = owner(owner(w0, "Gibraltar", "axis"), "Algiers", "axis")
    assert as_tuple(condition(w, st, pt, "wmed-allied-ports")) == (
        True, True, "allied-owned: Gibraltar no, Oran yes, Algiers no")
    assert as_tuple(condition(owner(w, "Oran", "axis"), st, pt, "wmed-allied-ports")) == (
        False, True, "allied-owned: Gibraltar no, Oran no, Algiers no")


def test_33B8a_ever_owned_counts_a_port_once_owned_even_when_lost(w0, st, pt) -> None:
    """33.B.8.a note: 'if the Allies have owned Massaua at any time'."""
    assert as_tuple(condition(w0, st, pt, "massaua-ever-allied")) == (True, True, "ever allied-owned: Massaua yes")
    never = replace(w0, sea=replace(w0.sea, ever_owned={**w0.sea.ever_owned, "allied": ()}))
    retaken = owner(never, "Massaua", "axis")
    assert as_tuple(condition(retaken, st, pt, "massaua-ever-allied")) == (False, True, "ever allied-owned: Massaua no")
    # Owned now though never recorded: owned now is owned at some time.
    assert condition(never, st, pt, "massaua-ever-allied").value is True
    # Not in this game but once owned (recorded): known, and owned.
    gone = without(w0, "Massaua")
    assert as_tuple(condition(gone, st, pt, "massaua-ever-allied")) == (True, True, "ever allied-owned: Massaua yes")


def test_33B10_a_port_not_in_the_game_makes_the_condition_asked_with_its_default(w0, st, pt) -> None:
    """A table line naming a port the scenario lacks is asked of the referee (33.B.10), in the line's own mode."""
    gone = without(w0, "Haifa")
    assert as_tuple(condition(gone, st, pt, "emed-allied-ports")) == (
        False, False, "asked: Haifa not in this game; referee says no ('condition emed-allied-ports')")
    w = cond(gone, emed_allied_ports=2)
    assert as_tuple(condition(w, st, pt, "emed-allied-ports")) == (
        2, False, "asked: Haifa not in this game; referee says 2 ('condition emed-allied-ports')")
    spec = st.sea_conditions["wmed-allied-ports"]  # mode any: a count asked becomes yes/no
    assert spec.mode == "any"
    w = cond(without(w0, "Oran"), wmed_allied_ports=1)
    assert as_tuple(condition(w, st, pt, "wmed-allied-ports")) == (
        True, False, "asked: Oran not in this game; referee says 1 ('condition wmed-allied-ports')")


def test_33B10_zone_ports_condition_lists_the_ports_found(w0, st, pt) -> None:
    """Table 3 (Red Sea): an Axis-owned port of size 1 or more, functioning, in the zone."""
    assert as_tuple(condition(w0, st, pt, "axis-red-sea-port")) == (False, True, "axis-owned ports of level 1+: none")
    w = owner(w0, "Port Sudan", "axis")
    assert as_tuple(condition(w, st, pt, "axis-red-sea-port")) == (True, True, "axis-owned ports of level 1+: Port Sudan")
    both = owner(w, "Aden", "axis")
    head, _, names = condition(both, st, pt, "axis-red-sea-port").detail.partition(": ")
    assert head == "axis-owned ports of level 1+" and sorted(names.split(", ")) == ["Aden", "Port Sudan"]


def test_33B10_mode_all_needs_every_group_and_mode_any_one(w0, st, pt) -> None:
    """A condition's mode: count (how many groups), all (every group owned) or any (one is enough)."""
    assert _as_mode(2, "count", 3) == 2
    assert _as_mode(2, "all", 3) is False and _as_mode(3, "all", 3) is True
    assert _as_mode(1, "any", 3) is True and _as_mode(0, "any", 3) is False
    assert _as_mode(True, "all", 3) is True  # a yes/no answer stays as given
    spec = msgspec.structs.replace(st.sea_conditions["emed-allied-ports"], mode="all")
    tables = msgspec.structs.replace(st, sea_conditions={**st.sea_conditions, "emed-allied-ports": spec})
    assert condition(w0, tables, pt, "emed-allied-ports").value is True
    assert condition(owner(w0, "Haifa", "axis"), tables, pt, "emed-allied-ports").value is False


def test_yes_no_words_and_truthy_values() -> None:
    """What the explanations print for a condition's value, and which values count as yes (33.B.2.b: minor is no)."""
    assert (_show(True), _show(False), _show(3), _show(2.5)) == ("yes", "no", "3", "2½")
    assert truthy("major") and truthy("partial") and not truthy("minor") and not truthy("")
    assert truthy(1) and not truthy(0) and truthy(True)


# --- the naval status number's explanation ------------------------------------------------------------------


def test_33B2a_eastern_med_explains_each_line_set_skipped_or_not_reached(w0, st, pt) -> None:
    """Table 2 (Eastern Med) with Haifa Axis: the 15 and 1 lines do not apply, 'only two' sets 10, the rest is not reached."""
    got = naval_status(owner(w0, "Haifa", "axis"), st, pt, "eastern-med", "axis")
    owned = "[allied-owned: Alexandria yes, Haifa no, Cyprus ports yes]"
    assert got.name == "Axis naval status number, Eastern Mediterranean"
    assert got.value == 10
    assert got.terms == (
        Term("15 any port or airbase on Crete is Allied-owned [any of crete-port-allied no, crete-airbase-allied no]",
             "no", "33.B.10 Table 2"),
        Term("1 the Suez Canal is closed [asked: referee says no ('condition suez-closed')]", "no", "33.B.10 Table 2"),
        Term(f"12 Alexandria, Haifa and all Cyprus ports are Allied-owned {owned}", "no", "33.B.2.a"),
        Term(f"10 only two are Allied-owned {owned}", 10, "33.B.2.a"),
        Term(f"7 only one is Allied-owned {owned}", "not reached", "33.B.2.a"),
        Term("1 none is Allied-owned", "not reached", "33.B.2.a"),
        Term("-5 a South Aegean interdiction zone exists this turn [no interdiction zone]", "no", "33.B.7 c); 33.B.10 Table 2"),
    )
    assert got.notes == ("The 15 line can only matter when the bar is lifted by a house rule: while any Crete hex is "
                         "Allied, Axis shipping is barred.",)


def test_33B7d_south_aegean_explains_the_hits_subtracted(w0, st, pt) -> None:
    """33.B.7 d) and RULINGS E23: 12 through the zone, minus 1 for each bombing hit (3 hits: 9)."""
    w = replace(w0, sea=replace(w0.sea, iz=InterdictionZone("loose", 0, 3)))
    got = naval_status(w, st, pt, "south-aegean-iz", "axis")
    assert got.value == 9
    assert got.terms == (
        Term("12 through an Allied interdiction zone", 12, "33.B.10 Table 2 (Aegean Sea); RULINGS E23"),
        Term("-1 each: minus 1 for each bombing hit on the zone this turn [3 bombing hit(s) this turn]", -3,
             "33.B.7 d); 33.B.10 Table 2; RULINGS E23"),
    )
    assert got.notes[0].startswith("RULINGS E23: 12 (Table 2, Aegean")
    assert got.notes[1].startswith("A separate sea zone only while the Allied player has declared it (33.B.7 a))")


def test_33B1a_central_med_explains_the_short_route_line_only_with_its_option(w0, st, pt) -> None:
    """33.B.1.a: the Malta status number is the number; -5 only between the listed ports (check --short)."""
    w = replace(w0, sea=replace(w0.sea, malta=10))
    long = naval_status(w, st, pt, "central-med", "axis")
    short = naval_status(w, st, pt, "central-med", "axis", frozenset({"short"}))
    base = Term("= Malta status number = naval status number [Malta status number 10 ('malta N')]", 10, "33.B.1.a")
    where = "-5 only between ports on Sardinia, Corsica, Sicily, Bizerte, Tunis, Pantelleria (check --short)"
    assert long.terms == (base, Term(f"{where} (only with check --short)", "no", "33.B.1.a"))
    assert short.terms == (base, Term(where, -5, "33.B.1.a"))
    assert (long.value, short.value) == (10, 5)


def test_33B10_english_channel_explains_the_added_lines_and_E25(w0, st, pt) -> None:
    """Table 3 (English Channel): France Axis-owned 9; +3 Axis air superiority no; -3 Allied air superiority (E25): 6."""
    got = naval_status(cond(w0, allied_air_superiority_channel=True), st, pt, "english-channel", "allied")
    assert got.value == 6
    assert got.terms[1] == Term("9 France is Axis-owned [asked: referee says yes ('condition france-axis-owned')]", 9,
                                "33.B.10 Table 3")
    assert got.terms[-2:] == (
        Term("+3 Axis air superiority over the English Channel [asked: referee says no ('condition "
             "axis-air-superiority-channel')]", "no", "33.B.10 Table 3"),
        Term("-3 Allied air superiority over the English Channel [asked: referee says yes ('condition "
             "allied-air-superiority-channel')]", -3, "33.B.10 Table 3; RULINGS E25"),
    )


def test_33B4a_not_subject_is_explained_with_its_rule_and_note(w0, st, pt) -> None:
    """33.B.4.a: Axis shipping in the Tyrrhenian is not subject to interference: no number, the rule and why."""
    got = naval_status(w0, st, pt, "tyrrhenian", "axis")
    assert (got.name, got.value, got.rule) == ("Axis naval status number, Tyrrhenian Sea", None, "33.B.4.a")
    assert got.terms == (Term("not subject to interference", True, "33.B.4.a"),)
    assert got.notes == ("Axis shipping in the Tyrrhenian Sea is not subject to Allied interference.",)
    arctic = naval_status(w0, st, pt, "arctic", "axis")
    assert arctic.notes == ("Not on the Axis table: Axis shipping there is not checked.",)


# --- barred zones, the SLP count, the Sea Zones row ---------------------------------------------------------


def test_33B9a_barred_outright_names_the_rule_and_the_reason(w0, st, pt) -> None:
    """33.B.9.a: the Axis may not use shipping in the Indian Ocean: barred, with the rule's words as term and note."""
    got = barred(w0, st, pt, "indian-ocean", "axis")
    text = "The Axis player may not use shipping in the Indian Ocean"
    assert (got.name, got.value, got.rule) == ("Axis shipping barred, Indian Ocean", True, "33.B.9.a")
    assert got.terms == (Term(text, True, "33.B.9.a"),) and got.notes == (text,)
    with pytest.raises(RuleError) as refused:
        refuse_barred(w0, st, pt, "indian-ocean", "axis")
    assert str(refused.value) == f"{text} (33.B.9.a)"


def test_33B2a_barred_by_a_condition_shows_the_condition_and_only_then_the_reason(w0, st, pt) -> None:
    """33.B.2.a: barred unless all hexes on Crete are Axis-owned; the note appears only while barred."""
    free = barred(w0, st, pt, "eastern-med", "axis")
    assert (free.value, free.rule, free.notes) == (False, "33.B.2.a", ())
    assert free.terms == (Term("All hexes on Crete are Axis-owned: all of crete-ports-axis yes, crete-other-hexes-axis yes",
                               True, "33.B.2.a"),)
    shut = barred(owner(w0, "Crete ports", "allied"), st, pt, "eastern-med", "axis")
    assert shut.value is True
    assert shut.terms == (Term("All hexes on Crete are Axis-owned: all of crete-ports-axis no, crete-other-hexes-axis yes",
                               False, "33.B.2.a"),)
    assert shut.notes == ("Axis shipping may not be used anywhere in the Eastern Mediterranean unless all hexes on Crete "
                          "are Axis-owned",)
    assert not barred(w0, st, pt, "eastern-med", "allied").value


def test_33F_slp_count_explains_every_zone_crossed(game0, st, pt) -> None:
    """33.F, RULINGS E8 and E27: Algiers (SLP 20), Allied, Malta 10, through the Western Med --far (not subject),
    a name that is no sea zone (0), the Central Med (6: Malta 2-11): 26; the notes say how to set the line."""
    from tui.session import memory_game

    game = memory_game(data_dir(), seed=1, clock=fixed_clock)
    for line in ("malta 10", "supply-line Algiers 'Western Med' 'Central Med' --far"):
        assert game.execute(line).ok, line
    port = game.state.world.ports["Algiers"]
    port = replace(port, supply_zones=(port.supply_zones[0], "Sargasso", *port.supply_zones[1:]))
    count = slp_count(game.state.world, st, pt, port)
    far = ("more than 15 hexes from every operational Axis-owned port (not jetties) in the Italian Central "
           "Mediterranean Islands or Mainland Italy")
    assert count.value == 20 + 0 + 0 + 0
    assert count.terms == (
        Term("SLP cost of the port", 20, "31.A.1 Table 1 note #"),
        Term(f"Western Mediterranean: {far} (--far): not subject", 0, "33.B.3.b; 33.B.10 Table 3 (West or Central Med); "
             "RULINGS E27"),
        Term("Sargasso: not a sea zone", 0, "33.F"),
        Term(f"Central Mediterranean: {far} (--far): not subject", 0, "33.B.1.b; 33.B.10 Table 3 (West or Central Med); "
             "RULINGS E27"),
    )
    assert count.notes == (
        "RULINGS E8: naval status numbers of the sea zones crossed are added to the SLP count",
        "RULINGS E27: the number the shipping would get on that route (supply-line PORT ZONE ... --short|--far)",
        "set the zones with 'supply-line PORT ZONE ...'")
    assert game.execute("supply-line Algiers 'Central Med'").ok
    near = slp_count(game.state.world, st, pt, game.state.world.ports["Algiers"])
    assert near.value == 26 and near.terms[1] == Term("NSN of Central Mediterranean (allied)", 6, "33.F")


def test_33B10_sea_zones_row_reads_status_basis_and_asked(w0, st, pt) -> None:
    """The Sea Zones row of a zone and side: the number, the line it came from, what was asked, exempt routes."""
    row = zone_row(w0, st, pt, "central-med", "allied")
    assert {k: row[k] for k in ("key", "zone", "side", "nsn", "status", "barred", "barred_reason", "subject", "exists",
                                "basis", "asked", "air", "rule")} == {
        "key": "central-med:allied", "zone": "Central Mediterranean", "side": "allied", "nsn": 6,
        "status": "subject (not with --far)", "barred": False, "barred_reason": "", "subject": True, "exists": True,
        "basis": "6 Malta status number 2-11 [Malta status number 10 ('malta N')]", "asked": "", "air": 0,
        "rule": "33.B.1.b; 33.B.10 Table 3 (West or Central Med)"}
    assert row["explanation"]["value"] == 6
    io = zone_row(w0, st, pt, "indian-ocean", "axis")
    assert (io["status"], io["barred"], io["barred_reason"], io["nsn"], io["subject"]) == (
        "barred", True, "The Axis player may not use shipping in the Indian Ocean", None, False)
    assert zone_row(w0, st, pt, "tyrrhenian", "axis")["status"] == "not subject"
    assert zone_row(w0, st, pt, "south-aegean-iz", "axis")["status"] == "not declared"
    english = zone_row(w0, st, pt, "english-channel", "allied")
    assert english["status"] == "subject" and english["basis"].startswith("9 France is Axis-owned")
    assert english["asked"] == ("allied-air-superiority-channel, axis-air-superiority-channel, france-axis-owned, "
                                "france-surrendered, no-axis-channel-ports-supplied")


def test_sides_and_route_options() -> None:
    """The other side; the route options each side's zones name (33.B.1.a --short, 33.B.3.b --far; E27)."""
    assert (other("axis"), other("allied")) == ("allied", "axis")
    assert side_of("Axis") == "axis" and side_of("ALLIED") == "allied"
    with pytest.raises(RuleError, match=r"^'neutral' is not a side \(axis or allied\)$"):
        side_of("neutral")


# --- beaches and transports as jetties (31.B, 31.A.13) ------------------------------------------------------


def beach(**kw: Any) -> Any:
    from tui.rules.europa.seaworld import Beach

    return Beach(**{"name": "Salerno", "owner": "allied", **kw})


def test_31B2_landing_explains_capacity_used_and_heavy_equipment(st, pt) -> None:
    """31.B.2 and RULINGS E9: 1½ REs per movement phase; ½ RE of heavy equipment takes 1; 1 RE used earlier this phase."""
    from tui.rules.europa.beaches import landing

    got = landing(beach(used=1.0, used_phase="7/allied-turn/movement"), st, pt, 0.5, True, "7/allied-turn/movement")
    assert (got.name, got.value, got.rule) == ("beach capacity taken", 1, "31.B.2")
    assert got.terms == (Term("beach capacity per movement phase", 1.5, "31.B.2; RULINGS E9"),
                         Term("used this phase", 1.0, "31.B.2"), Term("REs landed", 0.5, "31.B.2"),
                         Term("heavy equipment uses double", 2, "31.B.4 note; RULINGS E9"))
    assert got.notes[0].startswith("RULINGS E9: 1½ REs per movement phase without the AMPHIBIOUS LANDING TABLE")
    assert got.notes[1] == "left before: ½"
    # Capacity used in an earlier phase is not counted: the whole 1½ is left.
    fresh = landing(beach(used=1.0, used_phase="6/allied-turn/movement"), st, pt, 1, False, "7/allied-turn/movement")
    assert fresh.value == 1 and fresh.terms[1].value == 0 and fresh.terms[3].value == 1
    assert fresh.notes[1] == "left before: 1½"


def test_31B2_land_adds_to_what_the_phase_used_and_refuses_beyond(st, pt) -> None:
    """31.B.2: the beach records what this phase used; more than what is left is refused with the figures."""
    from tui.rules.europa.beaches import land

    phase = "7/allied-turn/movement"
    first, fig = land(beach(), st, pt, 1, False, phase, "allied")
    assert (first.used, first.used_phase, fig.value) == (1, phase, 1)
    second, _ = land(first, st, pt, 0.5, False, phase, "allied")
    assert second.used == 1.5
    with pytest.raises(RuleError) as refused:
        land(first, st, pt, 0.5, True, phase, "allied")
    assert str(refused.value) == ("Salerno: 1 REs of beach capacity exceed the ½ left this movement phase "
                                  "(31.B.2; RULINGS E9; heavy equipment counts double)")
    later, _ = land(second, st, pt, 1.5, False, "8/allied-turn/movement", "allied")
    assert later.used == 1.5  # a new phase starts from nothing
    for bad in (0, -1, 0.3):
        with pytest.raises(RuleError, match=r"^REs must be above 0 in steps of ½ \(31.B.2\)$"):
            land(beach(), st, pt, bad, False, phase, "allied")


def test_31B1_land_refuses_an_enemy_beach_or_one_captured_this_phase(st, pt) -> None:
    """31.B.1: a captured beach is friendly for naval transport only from the phase after its capture."""
    from tui.rules.europa.beaches import land

    phase = "7/allied-turn/movement"
    with pytest.raises(RuleError) as enemy:
        land(beach(owner="axis"), st, pt, 1, False, phase, "allied")
    assert str(enemy.value) == "Salerno is not allied-owned for naval transport: axis-owned"
    taken = beach(previous="axis", changed=phase)
    with pytest.raises(RuleError) as fresh:
        land(taken, st, pt, 1, False, phase, "allied")
    assert str(fresh.value) == ("Salerno is not allied-owned for naval transport: captured this phase: friendly from "
                                "the next phase (31.B.1)")
    assert land(taken, st, pt, 1, False, "7/allied-turn/combat", "allied")[0].used == 1


def test_31B4_supply_loss_is_half_unless_in_a_friendly_partial_zoc(st) -> None:
    """31.B.4: SPs/SRPs landed lose half, none if unloaded in a friendly partial ZOC."""
    from tui.rules.europa.beaches import supply_loss

    lost = supply_loss(st, 3, False)
    assert (lost.name, lost.value, lost.rule) == ("SP/SRP points lost", 1.5, "31.B.4")
    assert lost.terms == (Term("SP/SRP points landed", 3, "31.B.4"),
                          Term("unloaded in a friendly partial ZOC (judged before the combat phase)", False, "31.B.4"),
                          Term("share lost", 0.5, "31.B.4"))
    assert lost.notes == ("in addition to any losses of SPs in an amphibious assault; the unit exerting the ZOC "
                          "spends its entire MA",)
    kept = supply_loss(st, 3, True)
    assert kept.value == 0 and kept.terms[1].value is True and kept.terms[2].value == 0


def test_31A13_transports_as_jetties_example_3_nts_supply_9_res(st, pt) -> None:
    """31.A.13 example: 3 NTs that spent no MPs supply 9 REs (a jetty's intrinsic supply of 3 each)."""
    from tui.rules.europa.beaches import jetty_supply

    got = jetty_supply(st, pt, 3)
    assert (got.name, got.value, got.rule) == ("intrinsic supply (REs of units)", 9, "31.A.13")
    assert got.terms == (Term("NTs/LCs/LBs that spent no MPs in the previous movement phase", 3, "31.A.13"),
                         Term("intrinsic supply of a Jetty", 3, "31.A.1 Table 1"))
    assert got.notes[0].startswith("Each NT, LC or LB on a beach hex that spent no MPs in the previous movement phase")


# --- anti-shipping air (33.C Table 4) ------------------------------------------------------------------------


def air_unit(name: str = "Ju88", **kw: Any) -> Any:
    from tui.rules.europa.seaworld import AirUnit

    values = {"side": "axis", "zone": "central-med", "role": "bomber", "type": "non-naval", "range": 20, "tbf": 4,
              **kw}
    return AirUnit(name, **values)


def test_33C_table4_explains_each_factor_that_multiplies(st) -> None:
    """Table 4: a type V unit, TBF 4, range 12 on a naval patrol: 4 x2 (V) x½ (range under 15) x½ (not in the box) x1 = 2."""
    from tui.rules.europa.air import modified_tbf

    got = modified_tbf(air_unit("Swordfish", type="V", range=12, mission="patrol"), st)
    assert (got.name, got.value, got.rule) == ("modified TBF of Swordfish", 2, "33.C Table 4")
    assert got.terms == (Term("TBF of Swordfish", 4, "33.C"), Term("type V naval air unit", 2, "33.C Table 4"),
                         Term("range 12 less than 15", 0.5, "33.C Table 4"),
                         Term("not in the anti-shipping box", 0.5, "33.C Table 4"),
                         Term("flying a naval patrol mission", 1, "33.C Table 4"))
    assert got.notes == ("Table 4: all modifiers are cumulative (multiplied)",)
    long = modified_tbf(air_unit("Condor", range=31), st)
    assert long.value == 4 and long.terms[2:] == (Term("range 31 greater than 30", 2, "33.C Table 4"),
                                                   Term("in the anti-shipping box", 1, "33.C"))


@pytest.mark.parametrize("rng", [15, 30])
def test_33C_table4_ranges_of_exactly_15_or_30_are_not_modified(st, rng: int) -> None:
    """Table 4: 'less than 15' and 'greater than 30': the bounds themselves take no modifier."""
    from tui.rules.europa.air import modified_tbf

    got = modified_tbf(air_unit(range=rng), st)
    assert got.value == 2  # 4 x½ (non-naval) only
    assert not any("range" in t.label for t in got.terms)


def test_33C_a_fighters_range_lost_is_shown_and_its_distance_marker_never_goes_below_0(st) -> None:
    """33.C: an enemy fighter in the box lowers the bomber's range; a fighter's range less its distance is at least 0."""
    from tui.rules.europa.air import effective_range, modified_tbf

    got = modified_tbf(air_unit(range=20), st, range_lost=8)
    assert got.value == 1  # 4 x½ (non-naval) x½ (range 12)
    assert got.terms[2] == Term("range 20 less 8 (enemy fighter in the box)", 12, "33.C")
    assert got.terms[3] == Term("range 12 less than 15", 0.5, "33.C Table 4")
    assert effective_range(air_unit(role="fighter", range=6, distance=9)) == 0
    assert effective_range(air_unit(role="fighter", range=6, distance=2)) == 4
    assert effective_range(air_unit(role="bomber", range=6, distance=9)) == 6


def test_33C_air_units_refused_with_the_allowed_values(w0, st) -> None:
    """33.C: role, type and mission from Table 4; numbers 0 or more; names unique; removal by name."""
    from tui.rules.europa.air import add_unit, modified_tbf, remove_unit

    def refused(unit: Any) -> str:
        with pytest.raises(RuleError) as err:
            add_unit(w0.sea, st, unit)
        return str(err.value)

    assert refused(air_unit(role="recon")) == "role must be fighter or bomber, not 'recon' (33.C)"
    for bad in ({"range": -1}, {"tbf": -1}, {"distance": -1}):
        assert refused(air_unit(**bad)) == "range, TBF and distance are 0 or more (33.C)"
    assert refused(air_unit(type="Z")) == "Ju88: air unit type must be one of non-naval, S, V, M (33.C Table 4)"
    assert refused(air_unit(mission="escort")) == "Ju88: mission must be one of box, patrol, strike (33.C)"
    sea = add_unit(w0.sea, st, air_unit(range=0, tbf=0, distance=0))
    assert [u.name for u in sea.air] == ["Ju88"]
    with pytest.raises(RuleError) as twice:
        add_unit(sea, st, air_unit())
    assert str(twice.value) == "there is already an air unit called Ju88 (air remove Ju88 first)"
    with pytest.raises(RuleError) as missing:
        remove_unit(sea, "Stuka")
    assert str(missing.value) == "no air unit called 'Stuka'"
    assert modified_tbf(air_unit(tbf=0), st).value == 0


# --- the anti-shipping check (33.A, 33.D, 33.E) --------------------------------------------------------------


def roller(*totals: int):
    """A roller that gives these totals in turn and records what it was asked (spec, purpose, detail)."""
    from tui.rules.core.dice import Roll

    asked: list[tuple[str, str, str]] = []
    left = list(totals)

    def roll(spec: str, purpose: str, detail: str = "") -> Roll:
        asked.append((spec, purpose, detail))
        return Roll(spec, (left.pop(0),), 0, "typed")

    roll.asked = asked  # type: ignore[attr-defined]
    return roll


def test_33D_contact_explains_the_dice_the_column_and_the_printed_row(st) -> None:
    """33.D Table 5, RULINGS E20: 2d6 7 at NSN 7 is Contact; an NSN of 20 uses column 15; row 2 at NSN 3 is not."""
    from tui.rules.europa.antishipping import contact

    got = contact(st, 7, 7)
    assert (got.name, got.value, got.rule) == ("contact", True, "33.D Table 5")
    assert got.terms == (Term("dice (2d6)", 7, "33.D Table 5"), Term("naval status number", 7, "33.B.10"),
                         Term("column used", 7, "RULINGS E20"),
                         Term("row as printed", "- - - - - - - C C C C C C C", "33.D Table 5"))
    assert got.notes[1] == "RULINGS E20: missing last columns Contact"
    assert contact(st, 4, 20).terms[2].value == 15 and contact(st, 4, 20).value is True
    assert contact(st, 11, -3).terms[2].value == 0 and contact(st, 11, -3).value is True
    assert contact(st, 2, 3).value is False


def test_33D_contact_totals_and_what_the_roll_decides(st) -> None:
    """At NSN 7 the contacting totals are 2 and 7-12 (Table 5 read per RULINGS E20)."""
    from tui.rules.europa.antishipping import _runs, contact_totals

    assert contact_totals(st, 7) == [2, 7, 8, 9, 10, 11, 12]
    assert _runs([2, 7, 8, 9, 10, 11, 12]) == "2, 7-12"
    assert _runs([3, 5, 7]) == "3, 5, 7" and _runs([]) == "" and _runs([4, 5]) == "4-5"


def test_33E_shipping_result_and_its_column(st) -> None:
    """33.E Table 6: a 4 in the tight column is ½E; the terms name the die and the column."""
    from tui.rules.europa.antishipping import result_detail, results_column, shipping_result

    got = shipping_result(st, 4, "tight")
    assert (got.name, got.value, got.rule) == ("shipping result", "½E", "33.E Table 6")
    assert got.terms == (Term("die (1d6)", 4, "33.E Table 6"),
                         Term("column: Unit/RP in a tight naval interdiction zone", "tight", "33.E Table 6"))
    assert got.notes == ("33.E 3)",)
    assert results_column(st, "sp", "tight") == "sp" and results_column(st, "empty-nt", "loose") == "sp"
    assert results_column(st, "unit", "loose") == "loose" and results_column(st, "carrier", "outside") == "outside"
    assert result_detail(st, "outside") == ("SHIPPING RESULTS TABLE, Unit/RP outside naval interdiction zones: "
                                            "1 NE, 2 NE, 3 NE, 4 R, 5 R, 6 ½E")


def test_33E_results_in_plain_words(st) -> None:
    """33.E 1)-4): what happens to the item, said as a referee would."""
    from tui.rules.europa.antishipping import Item, plain_words

    sp7, sp1 = Item("convoy", "sp", 3), Item("convoy", "sp", 1)
    assert plain_words(st, "NE", sp7) == "No effect: convoy is not affected."
    assert plain_words(st, "1RE", sp7) == "1 RE eliminated: 1 of the 3 REs of convoy eliminated; the rest go on."
    assert plain_words(st, "2RE", sp1) == "2 REs eliminated: 1 of the 1 REs of convoy eliminated."
    cruiser = Item("Trento", "naval")
    assert plain_words(st, "½E", cruiser) == "Half Eliminated: Trento suffers 1 point(s) of damage and returns to its port of origin."
    assert plain_words(st, "E", Item("Illustrious", "carrier")) == (
        "Eliminated: Illustrious suffers 2 point(s) of damage and returns to its port of origin.")
    assert plain_words(st, "½E", sp7).startswith("Half Eliminated: 1½ of the 3 REs of convoy eliminated. Half of the NTs")
    assert plain_words(st, "R", Item("7-6 div", "unit")).startswith("Returned: 7-6 div. The naval unit is turned back")


def test_33D_final_nsn_adds_the_cargo_modifier(w0, st, pt) -> None:
    """33.D: an empty NT sailing alone is -5: Central Med Axis at Malta 10 gives 5; a combat unit has no modifier."""
    from tui.rules.europa.antishipping import final_nsn

    w = replace(w0, sea=replace(w0.sea, malta=10))
    got = final_nsn(w, st, pt, "central-med", "axis", "empty-nt")
    assert (got.name, got.value, got.rule) == ("final naval status number", 5, "33.B.10; 33.C; 33.D")
    assert got.terms[-2:] == (Term("Axis naval status number, Central Mediterranean", 10, "33.B.1.a; 33.B.10 Table 2 (Central Med)"),
                              Term("empty naval transport sailing alone", -5, "33.D"))
    assert got.notes[-1].startswith("RULINGS E20: rows 4-12 missing last columns are Contact")
    unit = final_nsn(w, st, pt, "central-med", "axis", "unit")
    assert unit.value == 10 and unit.terms[-1] == Term("combat unit: no modifier", 0, "33.E Table 6; note 2")
    assert final_nsn(w, st, pt, "tyrrhenian", "axis", "unit").value is None


def test_33A_a_check_rolls_contact_then_the_result_with_what_each_roll_decides(w0, st, pt) -> None:
    """33.D then 33.E: 3 REs of SPs in the Central Med (Malta 10): 2d6 9 contacts, 1d6 2 in the SP column: 1 RE lost."""
    from tui.rules.europa.antishipping import Item, run_check

    w = replace(w0, sea=replace(w0.sea, malta=10))
    roll = roller(9, 2)
    rec, lines, shown = run_check(w, st, pt, "central-med", "axis", Item("convoy", "sp", 3), "outside", frozenset(),
                                  roll, "5/axis-turn/initial", False)
    assert (rec.nsn, rec.contact_roll, rec.contacted, rec.result_roll, rec.result, rec.res) == (10, 9, True, 2, "1RE", 3)
    assert lines == ["convoy (3 REs), SPs/SRPs, Central Mediterranean: NSN 10, 2d6 9 — CONTACT; 1d6 2 (sp) = 1RE: "
                     "1 RE eliminated: 1 of the 3 REs of convoy eliminated; the rest go on."]
    assert [e.name for e in shown] == ["final naval status number", "contact", "shipping result"]
    (spec1, purpose1, detail1), (spec2, purpose2, detail2) = roll.asked
    assert (spec1, purpose1) == ("2d6", "33.D contact: convoy in Central Mediterranean")
    assert detail1 == ("NSN 10 (Axis naval status number, Central Mediterranean 10); ANTI-SHIPPING TABLE column 10: "
                       "contact on 2d6 3, 6-12")  # Table 5 column 10: row 3 C, rows 6-12 C
    assert (spec2, purpose2) == ("1d6", "33.E result: convoy in Central Mediterranean")
    assert detail2.startswith("SHIPPING RESULTS TABLE, SP/SRP (no matter where contacted): 1 R, 2 1RE")
    miss = roller(3)
    rec, lines, shown = run_check(w, st, pt, "central-med", "axis", Item("7-6 div", "unit"), "outside",
                                  frozenset({"short"}), miss, "5/axis-turn/initial", True)
    assert (rec.contacted, rec.result_roll, rec.forced, rec.flags, rec.nsn) == (False, None, True, ("short",), 5)
    assert lines == ["7-6 div, combat unit, Central Mediterranean: NSN 5, 2d6 3 — not contacted (33.D)"]
    assert len(miss.asked) == 1 and len(shown) == 2


def test_33B_zone_names_read_from_the_front_of_a_command(st) -> None:
    """33.B: a zone by id, name, alias or unique prefix, one word or several; the rest of the command is kept."""
    from tui.rules.europa.zones import find_zone, take_zone

    assert take_zone(st, ["Aegean", "axis", "unit"]) == ("aegean", ["axis", "unit"])
    assert take_zone(st, ["red-sea"]) == ("red-sea", [])
    assert find_zone(st, "  ") is None and find_zone(st, "Mediterranean") is None  # no zone starts so; several contain it
    with pytest.raises(RuleError) as empty:
        take_zone(st, [])
    assert str(empty.value) == "which sea zone? (33.B)"
    with pytest.raises(RuleError) as unknown:
        take_zone(st, ["Ionian", "axis"])
    names = ", ".join(z.name for z in st.sea_zones.values())
    assert str(unknown.value) == f"no sea zone called 'Ionian' (33.B); zones: {names}"


def test_33C_E21_air_modifier_sums_the_interfering_sides_units_as_table4_says(w0, st) -> None:
    """33.C, RULINGS E21 against Axis shipping in the Central Med: an Allied S bomber (TBF 3, range 20) met by an Axis
    fighter of range 12 flies at 8 (x½: 1½); an Allied V bomber on patrol, range 40 (4 x2 x2 x½ = 8); an Allied fighter
    with TBF 1 in the box, range 10 (x½ x½: ¼); an Allied fighter with no TBF and Axis units add nothing: 9¾, rounded
    down 9."""
    from tui.rules.europa.air import air_modifier, matching

    units = (air_unit("Wellington", side="allied", type="S", range=20, tbf=3),
             air_unit("Swordfish", side="allied", type="V", range=40, tbf=4, mission="patrol"),
             air_unit("Beaufighter", side="allied", role="fighter", range=10, tbf=1),
             air_unit("Hurricane", side="allied", role="fighter", range=10, tbf=0),
             air_unit("Ju88", side="axis", range=20, tbf=4),
             air_unit("Bf109", side="axis", role="fighter", range=12, tbf=0),
             air_unit("Far away", side="allied", zone="eastern-med", tbf=9))
    w = replace(w0, sea=replace(w0.sea, air=units))
    here = [u for u in units if u.zone == "central-med"]
    assert matching(here, "axis") == {"Wellington": ("Bf109", 12)}
    assert matching(here, "allied") == {"Ju88": ("Beaufighter", 10)}
    got = air_modifier(w, st, "central-med", "axis")
    assert (got.name, got.value, got.rule) == ("anti-shipping air against axis shipping", 9, "33.C")
    assert got.terms == (
        Term("Wellington (allied bomber, type S, box), matched by Bf109", 1.5, "33.C Table 4"),
        Term("Swordfish (allied bomber, type V, patrol)", 8, "33.C Table 4"),
        Term("Beaufighter (allied fighter, type non-naval, box)", 0.25, "33.C Table 4"),
    )
    assert got.notes[0].startswith("RULINGS E21: the modified TBF of the interfering side's air units is ADDED")
    empty = air_modifier(w0, st, "central-med", "axis")
    assert (empty.value, empty.terms, empty.notes) == (0, (), ())


@pytest.mark.parametrize("rounding, value", [("down", 1), ("nearest", 2), ("none", 1.5)])
def test_33C_the_sum_is_rounded_as_the_data_says(w0, st, rounding: str, value: float) -> None:
    """33.C: the table's rounding of the summed modified TBF is a data value (down by reading)."""
    from tui.rules.europa.air import air_modifier

    tables = msgspec.structs.replace(st, anti_shipping_air=msgspec.structs.replace(st.anti_shipping_air, rounding=rounding))
    w = replace(w0, sea=replace(w0.sea, air=(air_unit("Blenheim", side="allied", tbf=3),)))
    assert air_modifier(w, tables, "central-med", "axis").value == value


def test_33A_cargo_items_are_read_with_their_kind_size_and_name(st) -> None:
    """33.A, 33.E Table 6 (*): KIND[:REs][@NAME]; SPs default to a 3-RE increment; sizes ½ to 999 in steps of ½."""
    from tui.rules.europa.antishipping import Item, increments, parse_item, phase_key

    assert parse_item(st, "SP:7@convoy-1", "x") == Item("convoy-1", "sp", 7)
    assert parse_item(st, "sp", "cargo") == Item("cargo", "sp", 3)
    assert parse_item(st, "unit@ 7-6 div ", "x") == Item("7-6 div", "unit", 0)
    assert parse_item(st, "sp:½", "x").res == 0.5 and parse_item(st, "sp:999", "x").res == 999
    assert [i.res for i in increments(st, Item("c", "sp", 7))] == [3, 3, 1]
    assert [i.name for i in increments(st, Item("c", "sp", 7))] == ["c/1", "c/2", "c/3"]
    assert increments(st, Item("c", "sp", 3)) == [Item("c", "sp", 3)]
    for text, message in (("tank", "'tank' is not a cargo kind: one of sp, unit, rp, empty-nt, naval, carrier (33.A)"),
                          ("sp:0", "REs must be from 0.5 to 999, not '0'"), ("sp:1000", "REs must be from 0.5 to 999, not '1000'"),
                          ("sp:1.3", "REs must be in steps of 0.5, not '1.3'")):
        with pytest.raises(RuleError) as err:
            parse_item(st, text, "x")
        assert str(err.value) == message
    assert phase_key(3, "axis-turn/initial/initial-naval") == "3/axis-turn/initial"


def test_33E_the_interdiction_zone_column_is_the_declared_zones(w0, st) -> None:
    """33.E Table 6, 33.B.7: in the declared zone the column is its kind; elsewhere 'outside'; another is refused."""
    from tui.rules.europa.antishipping import iz_kind
    from tui.rules.europa.seaworld import InterdictionZone

    w = replace(w0, sea=replace(w0.sea, iz=InterdictionZone("loose", 1)))
    assert iz_kind(w, st, "south-aegean-iz") == "loose" and iz_kind(w, st, "aegean") == "outside"
    assert iz_kind(w0, st, "south-aegean-iz") == "outside" and iz_kind(w, st, "south-aegean-iz", "loose") == "loose"
    assert iz_kind(w, st, "aegean", "outside") == "outside"
    with pytest.raises(RuleError) as err:
        iz_kind(w, st, "south-aegean-iz", "tight")
    assert str(err.value) == ("--tight: cargo contacted in the declared loose South Aegean Interdiction Zone uses the loose "
                              "column; give --loose or nothing (33.E Table 6; 33.B.7)")
    with pytest.raises(RuleError) as err:
        iz_kind(w, st, "aegean", "tight")
    assert str(err.value) == ("--tight: cargo contacted in the Aegean Sea, not a declared naval interdiction zone uses the "
                              "outside column; give --outside or nothing (33.E Table 6; 33.B.7)")


def test_33A_where_there_is_nothing_to_check_the_check_is_refused_with_why(w0, st, pt) -> None:
    from tui.rules.europa.antishipping import refuse_unchecked_zone

    def why(zid: str, side: str, flags: frozenset = frozenset()) -> str:
        with pytest.raises(RuleError) as err:
            refuse_unchecked_zone(w0, st, pt, zid, side, flags)
        return str(err.value)

    assert why("south-aegean-iz", "axis") == ("South Aegean Interdiction Zone is not in effect: no interdiction zone has been "
                                              "declared this turn (33.B.7)")
    assert why("indian-ocean", "axis") == "The Axis player may not use shipping in the Indian Ocean (33.B.9.a)"
    assert why("central-med", "axis", frozenset({"far"})) == (
        "--far means nothing for Axis shipping in the Central Mediterranean (its route options: --short) "
        "(33.B.1.a; 33.B.10 Table 2 (Central Med))")
    assert why("tyrrhenian", "axis", frozenset({"far"})).startswith(
        "--far means nothing for Axis shipping in the Tyrrhenian Sea (its route options: none)")
    assert why("tyrrhenian", "axis") == "Axis shipping in the Tyrrhenian Sea is not subject to interference (33.B.4.a): nothing to check"
    assert why("central-med", "allied", frozenset({"far"})) == (
        "Allied shipping in the Central Mediterranean more than 15 hexes from every operational Axis-owned port (not "
        "jetties) in the Italian Central Mediterranean Islands or Mainland Italy is not subject to interference "
        "(33.B.1.b; 33.B.10 Table 3 (West or Central Med))")
    refuse_unchecked_zone(w0, st, pt, "central-med", "allied", frozenset())  # subject: nothing refused


def test_33A_dice_typed_in_a_row(st) -> None:
    from tui.rules.europa.antishipping import typed_faces

    assert typed_faces("3,4 6") == [3, 4, 6] and typed_faces(" ".join(["1"] * 100)) == [1] * 100
    for text, message in ((" ".join(["1"] * 101), "at most 100 dice in a row, not 101"), ("", "no dice given after dice="),
                          ("0", "a die face must be from 1 to 1000, not '0'"), ("1001", "a die face must be from 1 to 1000, not '1001'")):
        with pytest.raises(RuleError) as err:
            typed_faces(text)
        assert str(err.value) == message
