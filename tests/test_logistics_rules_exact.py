"""Seed 002 (Logistics rules) read exactly: what each rule function decides and what it tells the referee, word for
word, on the Channel Coast board (issue 21, "Done means": the mutation score of ``tui/rules/logistics``).

The functions are called directly on the bundled scenario's world (the Allies hold
columns 1-12, the Axis 13-26; Portsea 0302 is a 3 PP coastal city with 2 PP Navy and
1 PP Air, Kingsbridge 0608 an inland 2 PP city with 2 PP Army; a Minor Airfield in
0506 and a Major one in 1007 (Allied), a Major one in 1808 (Axis); the Allied Mulberry
in 1102; the bridge Pont Neuf 1206-1306 over the river, the Royal Canal in 0510).
The messages are part of the outcome: a refusal names the hex and the paragraph it
breaks, and a line of the log says what changed and until when.
"""

from __future__ import annotations

from dataclasses import replace
import json
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from logistics_game import logistics_game
from tui.paths import data_dir
from tui.rules.core.errors import DataError, RuleError
from tui.rules.core.explain import Explained, Term
from tui.rules.logistics import board as B
from tui.rules.logistics import factories as F
from tui.rules.logistics import sites as X
from tui.rules.logistics import storm as S
from tui.rules.logistics import supply as U
from tui.rules.logistics import views as V
from tui.rules.logistics.tables import LogisticsTables, load_tables
from tui.rules.logistics.export import chains, world_to_scenario
from tui.rules.logistics.scenario import world_from_scenario
from tui.rules.logistics.world import (Airfield, Crossing, LogisticsWorld, Mulberry, Place, link, other, side_of, world_from_data,
                                       world_to_data)


@lru_cache(maxsize=None)
def _game() -> Any:
    return logistics_game()


def board() -> tuple[LogisticsWorld, LogisticsTables]:
    """The Channel Coast world at the start and the Logistics tables (both immutable)."""
    game = _game()
    return game.state.world, game.ruleset.tables


def refusal(call: Any, *args: Any) -> str:
    """The one-line message of a refused rule call."""
    with pytest.raises(RuleError) as caught:
        call(*args)
    return str(caught.value)


def state_with(world: LogisticsWorld, turn: int) -> Any:
    """The game's state holding ``world`` at game turn ``turn``."""
    state = _game().state
    return replace(state, world=world, flow=replace(state.flow, turn=turn))


# ------------------------------------------------------------------------------------------------- Airfields
def test_airfields_p1_p3_build_refusals_name_the_hex_and_the_paragraph() -> None:
    """Airfields ¶1 (an Engineer builds a Minor Airfield in its hex, upgraded only by ¶2) and ¶3 (any terrain but City
    or Town): each refusal says which hex and why; a sea hex has no land for an Engineer."""
    w, t = board()
    assert refusal(X.build_airfield, w, "0506", "allied", t) == \
        "0506 already has a Minor Airfield (Airfields ¶1; upgrade a Minor one, Airfields ¶2)"
    assert refusal(X.build_airfield, w, "1007", "allied", t) == \
        "1007 already has a Major Airfield (Airfields ¶1; upgrade a Minor one, Airfields ¶2)"
    assert refusal(X.build_airfield, w, "0302", "allied", t) == \
        "Portsea (0302) is a City hex: airfields in any terrain but City or Town (Airfields ¶3)"
    assert refusal(X.build_airfield, w, "0100", "allied", t) == \
        "0100 is a sea hex: an Engineer builds an airfield in its own land hex (Airfields ¶1)"
    new = X.build_airfield(w, "0505", "axis", t)
    assert new.airfields["0505"] == Airfield("0505", "axis", False, 0)


def test_airfields_p2_only_an_own_existing_minor_airfield_is_upgraded() -> None:
    """Airfields ¶2: an Engineer converts an *existing* Minor Airfield into a Major one; a Major one, an empty hex or
    the enemy's airfield are refused, naming the hex."""
    w, t = board()
    assert refusal(X.upgrade_airfield, w, "0505", "allied", t) == \
        "no airfield in 0505: only an existing Minor Airfield is converted (Airfields ¶2)"
    assert refusal(X.upgrade_airfield, w, "1007", "allied", t) == "the airfield in 1007 is already Major (Airfields ¶2)"
    assert refusal(X.upgrade_airfield, w, "2212", "allied", t) == "the airfield in 2212 is axis's, not allied's (Airfields ¶2)"
    assert X.upgrade_airfield(w, "2212", "axis", t).airfields["2212"] == Airfield("2212", "axis", True, 0)


def test_airfields_p2_p5_air_units_of_an_airfield_and_of_a_captured_one() -> None:
    """Airfields ¶2: one air unit on a Minor Airfield, two on a Major one; ¶5: a captured airfield is not the captor's
    until the following turn (0 air units the turn it is taken)."""
    w, t = board()
    notes = ("not counted for stacking (Airfields ¶3)", "not a supply source (Airfields ¶6)")
    assert X.airfield_figure(w, "0506", 1, t) == Explained(
        "Air units at 0506", 1, "Airfields ¶2", (Term("Minor Airfield", 1, "Airfields ¶2"),), notes)
    taken, _ = X.capture(w, "1808", "allied", 3, t)
    assert X.airfield_figure(taken, "1808", 3, t) == Explained("Air units at 1808", 0, "Airfields ¶2", (
        Term("Major Airfield", 2, "Airfields ¶2"),
        Term("captured: not for allied's air units until turn 4", -2, "Airfields ¶5")), notes)
    assert X.airfield_figure(taken, "1808", 4, t).value == 2


def test_airfields_p2_a_city_or_town_is_a_base_for_two_air_units() -> None:
    """Airfields ¶2 ("two Air units from a Major Airfield (same as a City or Town)"), ¶3 (no marker in a City or Town)."""
    w, t = board()
    note = ("no airfield marker is built in a City or Town (Airfields ¶3)",)
    assert X.air_base_figure(w, "0302", t) == Explained(
        "Air units at 0302", 2, "Airfields ¶2", (Term("City Portsea", 2, "Airfields ¶2"),), note)
    assert X.air_base_figure(w, "1006", t) == Explained(
        "Air units at 1006", 2, "Airfields ¶2", (Term("Town Ferrin", 2, "Airfields ¶2"),), note)


# ------------------------------------------------------------------------------------------------ Mulberries
def test_mulberries_p1_l6_refusals_name_the_hex() -> None:
    """Mulberries ¶1 (one Mulberry marker a hex), RULINGS L6 (a port: only in a coastal hex)."""
    w, t = board()
    assert refusal(X.place_mulberry, w, "1102", "allied", t) == "1102 already has a Mulberry (Mulberries ¶1)"
    assert refusal(X.place_mulberry, w, "0505", "allied", t) == \
        "0505 is not coastal: a Mulberry is a port, placed only in a coastal hex (Mulberries ¶1; RULINGS L6)"
    assert X.place_mulberry(w, "0101", "axis", t).mulberries["0101"] == Mulberry("0101", "axis", 0)


def test_mulberries_p1_p2_port_capacity_2_none_for_a_captor_until_the_next_turn() -> None:
    """Mulberries ¶1 (port capacity 2), ¶2 (captured: no port for the captor until the *next* turn)."""
    w, t = board()
    note = ("supply may be traced to an adjacent hex and on by road (Mulberries ¶1)",)
    assert X.mulberry_figure(w, "1102", 1, t) == Explained(
        "Mulberry port capacity at 1102", 2, "Mulberries ¶1", (Term("Mulberry port capacity", 2, "Mulberries ¶1"),), note)
    taken, _ = X.capture(w, "1102", "axis", 3, t)
    assert X.mulberry_figure(taken, "1102", 3, t) == Explained("Mulberry port capacity at 1102", 0, "Mulberries ¶1", (
        Term("Mulberry port capacity", 2, "Mulberries ¶1"),
        Term("captured: no port for axis until turn 4", -2, "Mulberries ¶2")), note)
    assert X.mulberry_figure(taken, "1102", 4, t).value == 2


def test_mulberries_p1_supply_reaches_the_adjacent_land_hexes_then_on_by_road() -> None:
    """Mulberries ¶1: "Supply may be traced to an adjacent hex and hence by road normally": from 1102, its five land
    neighbours (not the sea ones), then along the road from 1002 west to Portsea and on over the Wyre Bridge to Meven
    (1413); Destruction ¶2: a destroyed bridge cuts it."""
    w, t = board()
    road = ("0302 0303 0304 0305 0306 0307 0402 0407 0416 0417 0503 0508 0516 0603 0608 0609 0610 0611 0612 0615 0704 "
            "0713 0715 0803 0813 0814 0903 0914 1013 1113 1213 1313 1413")
    assert U.mulberry_supply_figure(w, "1102", t) == Explained("Hexes the Mulberry at 1102 supplies", 38, "Mulberries ¶1", (
        Term("adjacent land hexes: 1001 1002 1101 1103 1201", 5, "Mulberries ¶1"),
        Term(f"on by road: {road}", 33, "Mulberries ¶1; Destruction ¶2 (no destroyed bridge or canal)"),
    ), ("enemy units on the way are the referee's to judge: the app holds no units",))
    cut, _ = X.hit(w, "bridge", "1213-1313", 2, t)  # Destruction ¶2: no supply across a destroyed bridge
    assert U.mulberry_reach(cut, "1102") == [h for h in U.mulberry_reach(w, "1102") if h not in ("1313", "1413")]


def test_mulberries_p1_a_mulberry_with_no_land_or_road_supplies_nothing_beyond_its_neighbours() -> None:
    """Mulberries ¶1 on an empty board: a Mulberry's supply reaches its adjacent land hexes only, none by road."""
    w, t = board()
    bare = replace(w, roads=())
    figure = U.mulberry_supply_figure(bare, "1102", t)
    assert figure.value == 5
    assert figure.terms[1] == Term("on by road: none", 0, "Mulberries ¶1; Destruction ¶2 (no destroyed bridge or canal)")


# ----------------------------------------------------------------------------------------------- Destruction
def test_destruction_p1_a_bridge_is_named_by_its_two_hexes_in_either_order() -> None:
    """Destruction ¶1: bridges (hexside) and canals (a hex) are the targets; a bridge is its two hexes in any order,
    with - or /; an unknown one is refused with the map's list."""
    w, _ = board()
    assert X.crossing(w, "bridge", "1306/1206") == X.crossing(w, "bridge", "1306-1206") == "1206-1306"
    assert X.crossing(w, "canal", "0510") == "0510"
    assert refusal(X.crossing, w, "bridge", "1206") == "a bridge is named by its two hexes, e.g. 0807-0808, not '1206'"
    assert refusal(X.crossing, w, "bridge", "1206-1306-1406") == \
        "a bridge is named by its two hexes, e.g. 0807-0808, not '1206-1306-1406'"
    assert refusal(X.crossing, w, "bridge", "0510-0511") == \
        "no bridge at 0510-0511 (the map's bridges: 1206-1306, 1209-1310, 1213-1313)"
    assert refusal(X.crossing, w, "canal", "1206") == "no canal at 1206 (the map's canals: 1704, 0510)"


@pytest.mark.parametrize("kind, ident, first, second, gone", [
    ("airfield", "1808",
     "Major Airfield in 1808: 1 hit in this battle; a second one makes it Minor (Airfields ¶4)",
     "Major Airfield in 1808: 2 hits in this battle — reduced to a Minor Airfield (Airfields ¶4)",
     lambda w: w.airfields["1808"] == Airfield("1808", "axis", False)),
    ("mulberry", "1102",
     "Mulberry in 1102: 1 hit in this battle; a second one destroys it (Mulberries ¶2)",
     "Mulberry in 1102: 2 hits in this battle — destroyed (Mulberries ¶2)",
     lambda w: "1102" not in w.mulberries),
    ("bridge", "1206-1306",
     "Bridge 1206-1306 (Pont Neuf): 1 hit in this battle; a second one in the same battle destroys it "
     "(Destruction ¶2; RULINGS L5)",
     "Bridge 1206-1306 (Pont Neuf): 2 hits in this battle — destroyed; Destruction marker placed: no movement or supply "
     "across it (Destruction ¶2; RULINGS L5)",
     lambda w: w.crossings["1206-1306"].destroyed),
    ("canal", "0510",
     "Canal 0510 (Royal Canal): 1 hit in this battle; a second one in the same battle destroys it "
     "(Destruction ¶2; RULINGS L5)",
     "Canal 0510 (Royal Canal): 2 hits in this battle — destroyed; Destruction marker placed: no movement or supply "
     "across it (Destruction ¶2; RULINGS L5)",
     lambda w: w.crossings["0510"].destroyed),
])
def test_l5_two_hits_in_the_same_battle_take_effect_one_is_counted(kind: str, ident: str, first: str, second: str,
                                                                   gone: Any) -> None:
    """Airfields ¶4, Mulberries ¶2, Destruction ¶2 and RULINGS L5: a first hit is counted in the battle and changes
    nothing; the second in the same battle takes effect and clears the count; the log says which."""
    w, t = board()
    once, said = X.hit(w, kind, ident, 1, t)
    assert said == first and once.battle == {f"{kind}:{ident}": 1} and not gone(once)
    twice, said = X.hit(once, kind, ident, 1, t)
    assert said == second and twice.battle == {} and gone(twice)
    both, said = X.hit(w, kind, ident, 2, t)
    assert said == second and gone(both) and both.battle == {}


def test_l5_hits_that_cannot_be_taken_are_refused() -> None:
    """Airfields ¶4 (only Major Airfields are targets, none is ever destroyed), Mulberries ¶2, Destruction ¶2 (a
    destroyed bridge or canal carries its marker until rebuilt); at least one hit."""
    w, t = board()
    assert refusal(X.hit, w, "airfield", "0506", 1, t) == \
        "the airfield in 0506 is Minor: only Major Airfields are targets, and none is ever destroyed (Airfields ¶4)"
    assert refusal(X.hit, w, "airfield", "0505", 1, t) == "no airfield in 0505"
    assert refusal(X.hit, w, "mulberry", "0505", 1, t) == "no Mulberry in 0505"
    assert refusal(X.hit, w, "bridge", "1206-1306", 0, t) == "at least 1 hit"
    gone, _ = X.hit(w, "canal", "0510", 2, t)
    assert refusal(X.hit, gone, "canal", "0510", 1, t) == \
        "Canal 0510 (Royal Canal) is already destroyed (Destruction marker; rebuild it with an Engineer, Destruction ¶2)"


def test_l5_the_end_of_a_battle_drops_its_single_hits() -> None:
    """RULINGS L5: a single hit leaves nothing when its battle ends; the log names each target."""
    w, t = board()
    hit, _ = X.hit(w, "canal", "0510", 1, t)
    hit, _ = X.hit(hit, "airfield", "1808", 1, t)
    over, lines = X.end_battle(hit)
    assert over.battle == {} and not over.crossings["0510"].destroyed and over.airfields["1808"].major
    assert lines == ["Battle over: the single hits on canal 0510, airfield 1808 leave nothing (RULINGS L5)"]
    assert X.end_battle(w) == (w, [])


def test_destruction_p3_a_canal_in_a_hex_nobody_holds_is_rebuilt() -> None:
    """Destruction ¶3: "Canals may be rebuilt by an Engineer in the same hex": only the enemy holding the hex stops
    it; the both-hexes-friendly condition is the bridge's alone."""
    w, t = board()
    gone, _ = X.hit(w, "canal", "0510", 2, t)
    nobody = gone.with_place(replace(gone.place("0510"), control=""))
    assert not X.rebuild(nobody, "canal", "0510", "allied", t).crossings["0510"].destroyed
    enemy = gone.with_place(replace(gone.place("0510"), control="axis"))
    assert refusal(X.rebuild, enemy, "canal", "0510", "allied", t) == \
        "0510 is held by axis: allied's Engineer is not there (Destruction ¶3)"
    assert refusal(X.rebuild, w, "canal", "0510", "allied", t) == "the canal at 0510 is not destroyed (Destruction ¶2)"


def test_destruction_p3_a_bridge_needs_both_hexes_friendly_a_hex_of_nobody_is_not() -> None:
    """Destruction ¶3: a bridge is rebuilt from either hex "but only if **both** hexes are Friendly": a hex nobody
    holds is not friendly, and the refusal names it."""
    w, t = board()
    gone, _ = X.hit(w, "bridge", "1206-1306", 2, t)
    assert refusal(X.rebuild, gone, "bridge", "1206-1306", "allied", t) == \
        "a bridge is rebuilt only when both of its hexes are friendly to allied: 1306 (axis) (Destruction ¶3)"
    nobody = gone.with_place(replace(gone.place("1306"), control=""))
    assert refusal(X.rebuild, nobody, "bridge", "1206-1306", "allied", t) == \
        "a bridge is rebuilt only when both of its hexes are friendly to allied: 1306 (nobody) (Destruction ¶3)"
    both = gone.with_place(replace(gone.place("1306"), control="allied"))
    rebuilt = X.rebuild(both, "bridge", "1206-1306", "allied", t)
    assert rebuilt.crossings["1206-1306"].destroyed is False


# --------------------------------------------------------------------------------------------------- Capture
def test_capture_airfields_p5_mulberries_p2_factories_p5_say_what_changed_hands() -> None:
    """Airfields ¶5 (usable by the captor the following turn), Mulberries ¶2 (a port for the captor the next turn),
    Factories ¶5 (captured at their current strength): the hex changes hands and each line says what came with it."""
    w, t = board()
    new, lines = X.capture(w, "1808", "allied", 3, t)
    assert new.control("1808") == "allied" and new.airfields["1808"] == Airfield("1808", "allied", True, 4)
    assert lines == ["1808 now controlled by allied",
                     "Major Airfield captured: allied's air units may use it from turn 4 (Airfields ¶5)"]
    assert X.capture(w, "0506", "axis", 3, t)[1] == [
        "0506 now controlled by axis", "Minor Airfield captured: axis's air units may use it from turn 4 (Airfields ¶5)"]
    new, lines = X.capture(w, "1102", "axis", 3, t)
    assert new.mulberries["1102"] == Mulberry("1102", "axis", 4)
    assert lines == ["1102 now controlled by axis", "Mulberry captured: no port for axis until turn 4 (Mulberries ¶2)"]
    new, lines = X.capture(w, "0302", "axis", 3, t)
    assert new.factories["0302"] == {"navy": 2, "air": 1}
    assert lines == ["Portsea (0302) now controlled by axis",
                     "Factories captured at their current strength: navy 2 PP, air 1 PP (Factories ¶5)"]


def test_capture_airfields_p5_an_enemy_airfield_in_an_own_hex_is_still_taken() -> None:
    """Airfields ¶5, Mulberries ¶2: a hex already held is refused only when its airfield and Mulberry are the side's
    too; an enemy marker in it is captured."""
    w, t = board()
    assert refusal(X.capture, w, "0302", "allied", 3, t) == "Portsea (0302) is already allied's"
    theirs = replace(w, airfields={**w.airfields, "0506": Airfield("0506", "axis")})
    new, lines = X.capture(theirs, "0506", "allied", 3, t)
    assert new.airfields["0506"] == Airfield("0506", "allied", False, 4)
    assert lines[1] == "Minor Airfield captured: allied's air units may use it from turn 4 (Airfields ¶5)"
    theirs = replace(w, mulberries={"1102": Mulberry("1102", "axis")})
    new, lines = X.capture(theirs, "1102", "allied", 3, t)
    assert new.mulberries["1102"] == Mulberry("1102", "allied", 4)
    assert lines[1] == "Mulberry captured: no port for allied until turn 4 (Mulberries ¶2)"


# --------------------------------------------------------------------------------------------------- Markers
def test_markers_storm_airfields_mulberries_destruction_and_hits_as_the_referee_sees_them() -> None:
    """Storms ¶2, Airfields ¶2 ¶4 ¶5, Mulberries ¶1 ¶2, Destruction ¶2, RULINGS L5: every marker on the board with its
    value, holder and what ends it; a captured airfield and Mulberry say from which turn they serve the captor."""
    w, t = board()
    w, _ = X.capture(w, "1808", "allied", 3, t)
    w, _ = X.capture(w, "1102", "axis", 3, t)
    w, _ = X.hit(w, "bridge", "1206-1306", 2, t)
    w, _ = X.hit(w, "canal", "0510", 1, t)
    never = "never destroyed"
    assert V.marker_rows(state_with(w, 3), t) == [
        {"marker": "Storm", "value": "area 7 hexes", "place": "1309", "side": "", "expires": "moves after the next initiative roll"},
        {"marker": "Minor Airfield", "value": "1 air", "place": "0506", "side": "allied", "expires": never},
        {"marker": "Major Airfield", "value": "2 air", "place": "1007", "side": "allied", "expires": never},
        {"marker": "Major Airfield", "value": "2 air; usable by allied from turn 4", "place": "1808", "side": "allied", "expires": never},
        {"marker": "Minor Airfield", "value": "1 air", "place": "2212", "side": "axis", "expires": never},
        {"marker": "Mulberry", "value": "capacity 2; a port for axis from turn 4", "place": "1102", "side": "axis",
         "expires": "two hits in a battle, or the storm"},
        {"marker": "Destruction", "value": "bridge", "place": "1206-1306 Pont Neuf", "side": "",
         "expires": "rebuilt by an Engineer in the Production Phase"},
        {"marker": "Hits this battle", "value": "1", "place": "canal 0510", "side": "", "expires": "end of the battle (RULINGS L5)"},
    ]
    rows = V.marker_rows(state_with(w, 4), t)  # the next turn: both serve their captor
    assert [r["value"] for r in rows if r["place"] in ("1808", "1102")] == ["2 air", "capacity 2"]


# ----------------------------------------------------------------------------------------------------- Storm
def test_storms_p4_l1_the_move_in_words_and_off_the_map() -> None:
    """Storms ¶4, RULINGS L1: the direction die 1-6 is N, NE, SE, S, SW, NW; the distance die counts hexes; a storm
    that would leave the map restarts at the centre, and the log says so."""
    w, t = board()
    assert [S.direction_of(face, t) for face in range(1, 7)] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert refusal(S.direction_of, 0, t) == "the direction die shows 1 to 6, not 0 (Storms ¶4; RULINGS L1)"
    assert refusal(S.direction_of, 7, t) == "the direction die shows 1 to 6, not 7 (Storms ¶4; RULINGS L1)"
    assert refusal(S.move, w, 1, -1, t) == "the distance die shows a number of hexes, not -1"
    south = S.move(w, 4, 2, t)
    assert south == S.StormMove("1309", "S", 2, ("1310", "1311"), "1311", False)
    assert south.words() == "1309 → S 2 → 1311"
    away = S.move(replace(w, storm="2602"), 2, 1, t)
    assert away == S.StormMove("2602", "NE", 1, (), "1309", True)
    assert away.words() == "2602 → NE 1: leaves the map, restarts at the centre 1309"
    assert S.move(w, 1, 0, t) == S.StormMove("1309", "N", 0, (), "1309", False)


def test_storms_p2_p3_what_the_storm_forbids_and_that_production_goes_on() -> None:
    """Storms ¶2 (its hex and the adjacent ones: no move in, out or through; a retreat into it costs 1 cv) and ¶3
    (production in a city in the storm area continues): the lines shown at movement and at combat."""
    w, t = board()
    over_portsea = replace(w, storm="0302")
    assert S.reminder(over_portsea, t) == [
        "Storm at 0302: area 0201 0202 0301 0302 0303 0401 0402 (Storms ¶2)",
        "Units in the storm area cannot move (turn them face down); units outside cannot move into or through it",
        "Production continues in Portsea (0302) (Storms ¶3)",
    ]
    assert len(S.reminder(w, t)) == 2  # no city around 1309
    assert S.retreat_reminder(w, t) == [
        "Storm at 1309: a unit retreating into its area (1208 1209 1308 1309 1310 1408 1409) loses an automatic 1 cv "
        "(Storms ¶2)"]
    assert S.area_figure(over_portsea, t) == Explained("Storm area (hexes)", 7, "Storms ¶2", (
        Term("storm hex 0302", 1, "Storms ¶2"),
        Term("adjacent hexes on the map: 0201 0202 0301 0303 0401 0402", 6, "RULINGS L1"),
    ), (t.storm.area_radius.note, t.storm.retreat_loss_cv.note, "Production in a city within the storm area continues (Storms ¶3)."))


# ------------------------------------------------------------------------------------------------- Factories
def test_factories_p3_exchange_refusals_and_a_kind_the_city_already_has() -> None:
    """Factories ¶3 (a factory is exchanged for a 0 PP factory of a *different* type, only if no production is done)
    and ¶2 (Navy Factories only in coastal cities): exchanging Portsea's Air Factory for Navy keeps its 2 PP Navy
    Factory as it is."""
    w, t = board()
    assert F.exchange(w, "0302", "air", "navy", t).factories["0302"] == {"navy": 2}
    new = F.exchange(w, "0608", "army", "air", t)
    assert new.factories["0608"] == {"air": 0} and new.exchanged == ("0608",)
    assert refusal(F.exchange, w, "0608", "army", "navy", t) == \
        "Kingsbridge is not coastal: Navy Factories only in coastal cities (Factories ¶2)"
    assert refusal(F.exchange, w, "0608", "air", "navy", t) == "Kingsbridge (0608) has no Air Factory (Factories ¶3)"
    assert refusal(F.exchange, w, "0608", "army", "army", t) == \
        "a factory is exchanged for one of a different type, not Army for Army (Factories ¶3)"
    assert refusal(F.exchange, replace(w, produced=("0608",)), "0608", "army", "air", t) == \
        "Kingsbridge (0608) produced this turn: factories are exchanged only if no production is done (Factories ¶3)"


# ------------------------------------------------------------------------------------------------ Rule data
RULES = data_dir() / "rulesets" / "logistics.toml"


@pytest.mark.parametrize(("old", "new", "where", "problem"), [
    ('[storm.dice]\nvalue = "2d6"', '[storm.dice]\nvalue = "2x6"', "table storm, key dice.value", None),
    ('[storm.dice]\nvalue = "2d6"', '[storm.dice]\nvalue = "1d6"', "table storm, key dice.value",
     "needs two dice: the direction die, then the distance die (Storms ¶4)"),
    ('dice = "1d6"', 'dice = "d"', "table storm, key mulberry_adjacent.dice", None),
    ('[initiative.dice]\nvalue = "2d6"', '[initiative.dice]\nvalue = "two"', "table initiative, key dice.value", None),
    ('value = ["N", "NE", "SE", "S", "SW", "NW"]', 'value = ["N", "NE", "SE", "S", "SW", "N"]',
     "table storm, key directions.value", "must name the six directions N, NE, SE, S, SW, NW once each"),
    ('value = ["N", "NE", "SE", "S", "SW", "NW"]', 'value = ["N", "NE", "SE", "S", "SW", "NW", "N"]',
     "table storm, key directions.value", "must name the six directions N, NE, SE, S, SW, NW once each"),
    ('value = "centre"', 'value = "wrap"', "table storm, key off_map.value", "only 'centre' is known (RULINGS L1)"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "allied"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "Axis"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "the axis"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", ""]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('value = ["air", "navy", "army"]', 'value = ["air", "navy", "tank"]', "table factories, key kinds.value",
     "must be air, navy and army"),
    ('[factories.coastal_only]\nvalue = ["navy"]', '[factories.coastal_only]\nvalue = ["sub"]',
     "table factories, key coastal_only.value", "'sub' is not a factory kind"),
    ('value = ["city", "town"]', 'value = ["city", "village"]', "table airfields, key forbidden_terrain.value",
     "'village' is not a terrain kind"),
    ('factories = ["air"]', 'factories = ["glider"]', "table optional, key airborne-building.factories",
     "'glider' is not a factory kind"),
    ('value = "one-kind"', 'value = "every-kind"', "table factories, key resources.value",
     "only 'one-kind' is known (RULINGS L4)"),
])
def test_rule_data_a_reading_the_rules_cannot_take_is_refused_naming_table_and_key(
        tmp_path: Path, old: str, new: str, where: str, problem: str | None) -> None:
    """RULINGS L1 (two storm dice, six directions, restart at the centre), L3 (initiative dice), L4 (resources to one
    factory kind), Factories ¶1-¶2 (air, navy, army; Navy coastal), Airfields ¶3 (terrain kinds), the optional
    building rules: a data file that breaks them is refused with its file, table and key."""
    text = RULES.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "logistics.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_tables(bad)
    assert (caught.value.file, caught.value.where) == ("logistics.toml", where)
    if problem is not None:
        assert caught.value.problem == problem
    else:  # the dice parser's own reason, naming what it read
        typed = new.split('"')[1]
        assert caught.value.problem == f"'{typed}' is not a dice expression (use NdM with optional +K/-K, e.g. 2d6+1)"


def test_rule_data_the_bundled_tables_load_and_read_as_the_seed() -> None:
    """Factories ¶1 (air, navy, army), ¶3 (each builds like units), Storms ¶4 (the loser's two dice)."""
    t = load_tables(RULES)
    assert t.sides == ("allied", "axis") and t.kinds == ("air", "navy", "army")
    assert t.builds("navy") == ["navy"] and t.builds("air") == ["air"]


# ------------------------------------------------------------------------------------------------------- Map
def _played() -> Any:
    """Turn 3: Allied 1808 taken with its Major Airfield, Pont Neuf and the Royal Canal destroyed, the storm moved onto
    Wexham (1103)."""
    w, t = board()
    w, _ = X.capture(w, "1808", "allied", 3, t)
    w, _ = X.hit(w, "bridge", "1206-1306", 2, t)
    w, _ = X.hit(w, "canal", "0510", 2, t)
    return state_with(replace(w, storm="1103", storm_move="1309 → NW 2 → 1103"), 3)


def _row(**changed: Any) -> dict[str, Any]:
    """A map row of a plain clear hex nobody has touched, with ``changed`` keys."""
    plain = {"low": False, "terrain": "clear", "place": "", "size": 0, "coastal": False, "owner": "allied", "storm": "",
             "airfield": "", "airfield_owner": "", "airfield_usable": False, "mulberry": "", "mulberry_usable": False,
             "factories": {}, "canal": "", "bridges": [], "bridge": "", "bridge_intact": "", "bridge_destroyed": "",
             "canal_destroyed": False, "airfield_buildable": True, "airfield_minor": False, "mulberry_placeable": False,
             "sea": False, "air_base": 0, "roads": [], "rails": [], "edges": {}, "content": "    ", "label": "", "glyphs": "",
             "resource": 0}
    return {**plain, **changed}


def test_map_rows_say_what_each_hex_holds_and_what_can_be_done_there() -> None:
    """What the Map shows of a hex: a city under the storm (Storms ¶2, ¶3) bases 2 air units (Airfields ¶2) and takes a
    Mulberry on the coast (L6); a captured Major Airfield not yet usable (Airfields ¶5); a Mulberry in the storm area
    (Mulberries ¶1); a destroyed bridge and canal (Destruction ¶2); a town on the railway; a sea hex."""
    rows = {r["name"]: r for r in V.map_rows(_played(), board()[1])}
    assert rows["1103"] == _row(name="1103", hex="1103", column=11, row=3, terrain="city", place="Wexham", size=1,
                                coastal=True, storm="storm", airfield_buildable=False, mulberry_placeable=True, air_base=2,
                                roads=["1002"], content="@1+ ", label="Wexham", glyphs="@1+")
    assert rows["1808"] == _row(name="1808", hex="1808", column=18, row=8, low=True, airfield="major",
                                airfield_owner="allied", airfield_buildable=False, roads=["1708", "1909"],
                                rails=["1708", "1909"], content="  #A", glyphs="#A")
    assert rows["1102"] == _row(name="1102", hex="1102", column=11, row=2, coastal=True, storm="area", mulberry="allied",
                                mulberry_usable=True, content="   M", glyphs="M")
    assert rows["1206"] == _row(name="1206", hex="1206", column=12, row=6, low=True,
                                bridges=[{"id": "1206-1306", "name": "Pont Neuf", "destroyed": True}], bridge="1206-1306",
                                bridge_destroyed="1206-1306", roads=["1106", "1306"],
                                edges={"NE": ["bridge-destroyed", "x"], "SE": ["river", "~"]}, content="  + ", glyphs="+")
    assert rows["1209"]["bridge_intact"] == "1209-1310" and rows["1209"]["edges"]["SE"] == ["bridge", "="]
    assert rows["0510"] == _row(name="0510", hex="0510", column=5, row=10, canal="destroyed", canal_destroyed=True,
                                content="  X ", glyphs="X")
    assert rows["1704"]["canal"] == "canal" and rows["1704"]["content"][2] == "≈"
    assert rows["1006"] == _row(name="1006", hex="1006", column=10, row=6, low=True, terrain="town", place="Ferrin",
                                airfield_buildable=False, air_base=2, roads=["1106"], rails=["0907", "1007"],
                                content="○ # ", label="Ferrin", glyphs="○#")
    assert rows["0506"]["airfield_minor"] is True and rows["0506"]["airfield_usable"] is True
    assert rows["0302"]["factories"] == {"navy": 2, "air": 1} and rows["0302"]["glyphs"] == "●3F#"
    assert rows["2406"]["content"] == "^   "


def test_issue21_the_map_offers_no_airfield_on_a_sea_hex_airfields_p1() -> None:
    """Airfields ¶1: an Engineer builds the airfield in its own (land) hex, and ``airfield`` refuses a sea hex; the Map
    must not offer it there either."""
    rows = {r["name"]: r for r in V.map_rows(_played(), board()[1])}
    assert rows["0100"] == _row(name="0100", hex="0100", column=1, row=0, terrain="sea", sea=True, airfield_buildable=False,
                                content="~~~~", label="~ ~ ~ ", glyphs=" ~ ~ ~ ~")


def test_map_grid_row_carries_the_storm_and_its_reminder_at_movement_storms_p2() -> None:
    """Storms ¶2, ¶3 and RULINGS L3: the drawing's row names the storm's hex, area and last move, whether this is a
    production turn, and at movement only, what the storm forbids."""
    state = _played()
    t = board()[1]
    row = V.grid_rows(state, t, True)[0]
    assert {k: row[k] for k in ("name", "columns", "rows", "first_column", "first_row", "shifted", "digits", "centre",
                                "storm", "area", "storm_move", "production_turn", "first", "storm_roller", "initiative")} == {
        "name": "map", "columns": 26, "rows": 19, "first_column": 1, "first_row": 0, "shifted": "even", "digits": 2,
        "centre": "1309", "storm": "1103", "area": ["1002", "1003", "1102", "1103", "1104", "1202", "1203"],
        "storm_move": "1309 → NW 2 → 1103", "production_turn": False, "first": "allied", "storm_roller": "axis",
        "initiative": []}
    assert row["legend"] == [list(item) for item in V.LEGEND]
    assert row["reminder"] == [
        "Units in the storm area cannot move (turn them face down); units outside cannot move into or through it",
        "Production continues in Wexham (1103) (Storms ¶3)"]
    assert V.grid_rows(state, t)[0]["reminder"] == []
    assert V.grid_rows(state_with(state.world, 4), t)[0]["production_turn"] is True


def test_factories_table_rows_factories_p1_p6_p7() -> None:
    """Factories ¶1 (each factory's PP), ¶6 (growth due below the size), ¶7 (a resource added to one kind, L4), Storms
    ¶3 (a storm city produces): the Factories table's rows."""
    w, t = board()
    w = F.convert_resource(w, "0417", 2, "army", t)
    w = replace(w, storm="0302", produced=("0417",), exchanged=("0302",))
    rows = {r["hex"]: r for r in V.city_rows(state_with(w, 2), t)}
    assert rows["0302"] == {"name": "Portsea", "noun": "city", "hex": "0302", "owner": "allied", "size": 3, "coastal": True,
                            "air": 1, "navy": 2, "army": None, "total": 3, "produces": "1 air, 2 navy", "resource": "",
                            "growth": 0, "storm": True, "produced": False, "exchanged": True}
    assert rows["0417"] == {"name": "Harlow", "noun": "city", "hex": "0417", "owner": "allied", "size": 2, "coastal": False,
                            "air": None, "navy": None, "army": 1, "total": 1, "produces": "3 army", "resource": "2 PP army",
                            "growth": 1, "storm": False, "produced": True, "exchanged": False}
    assert rows["1103"]["produces"] == "" and rows["1103"]["total"] == 0


def test_rule_data_a_file_already_read_is_taken_as_given() -> None:
    """The tables come from the parsed data when it is given (the rule cache's copy), not from reading the file again:
    Mulberries ¶1's port capacity changed in the parsed data is the one loaded."""
    raw = tomllib.loads(RULES.read_text(encoding="utf-8"))
    raw["mulberries"]["port_capacity"]["value"] = 3
    assert load_tables(RULES, raw).mulberries.port_capacity.value == 3


# ------------------------------------------------------------------------------------------- Names and sides
def test_sides_by_name_or_a_unique_prefix_l3() -> None:
    """RULINGS L3 (the initiative's winner and loser are the two sides): a side is typed by name or a unique prefix,
    in any case; anything else is refused with the list; the other side of either is the second."""
    sides = ("allied", "axis")
    assert side_of(" Allied ", sides) == "allied" and side_of("axi", sides) == "axis" and side_of("AL", sides) == "allied"
    assert refusal(side_of, "a", sides) == "'a' is not a side (allied, axis)"
    assert refusal(side_of, "neutral", sides) == "'neutral' is not a side (allied, axis)"
    assert refusal(side_of, "", sides) == "'' is not a side (allied, axis)"
    assert side_of("ax", ("ax", "axis")) == "ax"  # an exact name wins over a longer one it begins
    assert (other("allied", sides), other("axis", sides), other("", sides)) == ("axis", "allied", "allied")


def test_a_hex_by_its_place_name_an_exact_name_before_a_longer_one() -> None:
    """Issue 21 (the referee names the board's cities): a hex is typed by id or by the name of its city or town, any
    case, or a unique beginning; a name that begins a longer one is that place, not an ambiguity."""
    w, _ = board()
    assert w.hex("PORTSEA") == "0302" and w.hex("saint") == "1705" and w.hex(" 1309 ") == "1309"
    both = w.with_place(Place("0305", "town", "Port")).with_place(Place("0306", "town", "Portland"))
    assert both.hex("port") == "0305" and both.hex("PORTL") == "0306"
    assert refusal(both.hex, "por") == "'por' could be Portsea (0302), Port (0305), Portland (0306): type more, or the hex id"
    assert refusal(w.hex, "nowhere") == "'nowhere' is neither a hex id (e.g. 1309) nor a city or town on the map"


def test_a_road_link_is_the_same_whichever_end_is_named_first() -> None:
    """Mulberries ¶1 (supply on by road): a road between two hexes is one link, the lower id first."""
    assert link("0303", "0302") == link("0302", "0303") == ("0302", "0303")


# ---------------------------------------------------------------------------------------------- Scenario file
def scenario_raw() -> dict[str, Any]:
    """A 5x4 board using every table of a Logistics scenario: the sea along row 1, Port Ash (a 2 PP coastal city with
    Navy and Army factories), the town Elm, a river with a destroyed and a standing bridge, roads, a railway, a canal,
    two airfields and a Mulberry."""
    return {
        "map": {"columns": 5, "rows": 4, "centre": "0303", "storm": "0203"},
        "turn": {"first_player": "axis", "production_every": 1, "production_turns": [2, 5]},
        "control": [{"side": "allied", "columns": [1, 2]}, {"side": "axis", "columns": [3, 5]}],
        "areas": [{"terrain": "sea", "hexes": ["0101", "0201"]}, {"terrain": "forest", "hexes": ["0404"]}],
        "owners": [{"side": "axis", "hexes": ["0202"]}],
        "hexes": [{"hex": "0102", "terrain": "city", "name": "Port Ash", "size": 2, "factories": {"navy": 1, "army": 0}},
                  {"hex": "0304", "terrain": "town", "name": "Elm"},
                  {"hex": "0403", "terrain": "clear", "coastal": True, "resource": 2}],
        "rivers": [{"hexsides": [["0303", "0403"], ["0304", "0404"]]}],
        "roads": [{"hexes": ["0102", "0202", "0302", "0303"]}, {"hexes": ["0202", "0203"]}],
        "rails": [{"hexes": ["0103", "0203"]}],
        "bridges": [{"hexside": ["0403", "0303"], "name": "Old Bridge", "destroyed": True}, {"hexside": ["0304", "0404"]}],
        "canals": [{"hex": "0502"}],
        "airfields": [{"hex": "0203", "owner": "allied", "major": True}, {"hex": "0503", "owner": "axis"}],
        "mulberries": [{"hex": "0202", "owner": "axis"}],
    }


def test_issue21_a_scenario_board_reads_every_table() -> None:
    """Issue 21 ("Your own board") with Storms ¶4 (the storm starts where the scenario says), RULINGS L3 (production
    turns), L6 (a land hex beside the sea is coastal), Factories ¶2, Destruction ¶1, Airfields ¶1, Mulberries ¶1."""
    w = world_from_scenario(scenario_raw(), "s.toml", board()[1])
    assert (w.centre, w.storm, w.first, w.storm_roller) == ("0303", "0203", "axis", "allied")
    assert (w.production_every, w.production_from, w.production_turns) == (1, 1, (2, 5))
    assert w.place("0102") == Place("0102", "city", "Port Ash", 2, False, "allied", 0)
    assert w.place("0304") == Place("0304", "town", "Elm", 0, False, "axis", 0)
    assert w.place("0403") == Place("0403", "clear", "", 0, True, "axis", 2)
    assert w.place("0404") == Place("0404", "forest", control="axis") and w.place("0101").terrain == "sea"
    assert w.control("0202") == "axis" and w.control("0201") == "allied"
    assert w.factories == {"0102": {"navy": 1, "army": 0}}
    assert w.rivers == (("0303", "0403"), ("0304", "0404"))
    assert w.roads == (("0102", "0202"), ("0202", "0302"), ("0302", "0303"), ("0202", "0203"))
    assert w.rails == (("0103", "0203"),)
    assert w.crossings == {"0303-0403": Crossing("0303-0403", "bridge", ("0303", "0403"), "Old Bridge", True),
                           "0304-0404": Crossing("0304-0404", "bridge", ("0304", "0404"), "", False),
                           "0502": Crossing("0502", "canal", ("0502",), "", False)}
    assert w.airfields == {"0203": Airfield("0203", "allied", True), "0503": Airfield("0503", "axis", False)}
    assert w.mulberries == {"0202": Mulberry("0202", "axis")}
    plain = world_from_scenario({"map": {"columns": 5, "rows": 4}, "turn": {"first_player": "allied"}}, "s.toml", board()[1])
    assert (plain.centre, plain.storm, plain.storm_roller, plain.production_every) == ("0302", "0302", "axis", 1)


@pytest.mark.parametrize(("change", "where", "problem"), [
    (lambda r: r.pop("map"), "table map", "is missing (columns, rows)"),
    (lambda r: r["map"].update(columns=0), "table map", "a hex grid needs at least one column and one row"),
    (lambda r: r["map"].update(centre="0909"), "table map, key centre", "hex 0909 is off the map (0101 to 0504)"),
    (lambda r: r["map"].update(storm="0600"), "table map, key storm", "hex 0600 is off the map (0101 to 0504)"),
    (lambda r: r.pop("turn"), "table turn", "is missing (first_player)"),
    (lambda r: r["turn"].update(first_player="neutral"), "table turn, key first_player", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["turn"].update(production_every=0), "table turn, key production_every", "must be 1 or more"),
    (lambda r: r["control"][1].update(side="Axis"), "table control, key 1.side", "'Axis' is not a side (allied, axis)"),
    (lambda r: r["control"][0].update(columns=[2, 1]), "table control, key 0.columns", "is [first, last] column"),
    (lambda r: r["control"][0].update(columns=[2]), "table control, key 0.columns", "is [first, last] column"),
    (lambda r: r["areas"][1].update(terrain="city"), "table areas, key 1.terrain",
     "'city' is not an area terrain (clear, forest, marsh, mountain, sea)"),
    (lambda r: r["areas"][1].update(terrain="jungle"), "table areas, key 1.terrain",
     "'jungle' is not an area terrain (clear, forest, marsh, mountain, sea)"),
    (lambda r: r["areas"][0]["hexes"].append("0700"), "table areas, key 0.hexes.2", "hex 0700 is off the map (0101 to 0504)"),
    (lambda r: r["owners"][0].update(side="neutral"), "table owners, key 0.side", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["owners"][0].update(hexes=["0202", "x"]), "table owners, key 0.hexes.1",
     "'x' is not a hex id (column then row, 4 digits, e.g. 0302)"),
    (lambda r: r["hexes"][2].update(terrain="jungle"), "table hexes, key 2.terrain",
     "'jungle' is not a terrain kind (clear, city, town, forest, marsh, mountain, sea)"),
    (lambda r: r["hexes"][2].update(hex="0900"), "table hexes, key 2.hex", "hex 0900 is off the map (0101 to 0504)"),
    (lambda r: r["hexes"][0].update(size=0), "table hexes, key 0.size", "a city needs a size of 1 PP or more (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(size=1), "table hexes, key 1.factories", "factories and a size only in a city (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(factories={"army": 1}), "table hexes, key 1.factories",
     "factories and a size only in a city (Factories ¶2)"),
    (lambda r: r["hexes"][1].update(control="neutral"), "table hexes, key 1.control", "'neutral' is not a side (allied, axis)"),
    (lambda r: r["hexes"][2].update(resource=-1), "table hexes, key 2.resource", "must be 0 or more, not -1"),
    (lambda r: r["hexes"][0].update(factories={"navy": 2, "army": 1}), "table hexes, key 0.factories",
     "Port Ash is a 2 PP city: its factories may total at most 2 PP, not 3 (Factories ¶2)"),
    (lambda r: r["hexes"].append({"hex": "0504", "terrain": "city", "name": "Deep", "size": 1, "factories": {"navy": 1}}),
     "table hexes, key 3.factories", "Deep is not coastal: Navy Factories only in coastal cities (Factories ¶2)"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "0102", "0103"]), "table rivers, key 0.hexsides.2",
     "a hexside is two hex ids"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "0103"]), "table rivers, key 0.hexsides.2",
     "0101 and 0103 are not adjacent: a hexside lies between two adjacent hexes"),
    (lambda r: r["rivers"][0]["hexsides"].append(["0101", "9"]), "table rivers, key 0.hexsides.2",
     "'9' is not a hex id (column then row, 4 digits, e.g. 0302)"),
    (lambda r: r["roads"][1].update(hexes=["0203"]), "table roads, key 1.hexes", "a path is two hexes or more"),
    (lambda r: r["roads"][0]["hexes"].append("0501"), "table roads, key 0.hexes.4",
     "0303 and 0501 are not adjacent: a path goes from hex to adjacent hex"),
    (lambda r: r["rails"][0]["hexes"].append("0000"), "table rails, key 0.hexes.2", "hex 0000 is off the map (0101 to 0504)"),
    (lambda r: r["bridges"][1].update(hexside=["0102", "0202"]), "table bridges, key 1.hexside", "0102-0202 is not a river hexside"),
    (lambda r: r["bridges"][0].update(hexside=["0102", "0104"]), "table bridges, key 0.hexside",
     "0102 and 0104 are not adjacent: a hexside lies between two adjacent hexes"),
    (lambda r: r["canals"][0].update(hex="0506"), "table canals, key 0.hex", "hex 0506 is off the map (0101 to 0504)"),
    (lambda r: r["airfields"][1].update(hex="0201"), "table airfields, key 1.hex", "0201 is a sea hex: airfields stand on land"),
    (lambda r: r["airfields"][1].update(hex="0102"), "table airfields, key 1.hex", "no airfield in a City or Town hex (Airfields ¶3)"),
    (lambda r: r["airfields"][1].update(hex="0304"), "table airfields, key 1.hex", "no airfield in a City or Town hex (Airfields ¶3)"),
    (lambda r: r["airfields"][0].update(owner=""), "table airfields, key 0.owner", "'' is not a side (allied, axis)"),
    (lambda r: r["airfields"][0].update(hex="0600"), "table airfields, key 0.hex", "hex 0600 is off the map (0101 to 0504)"),
    (lambda r: r["mulberries"][0].update(owner="navy"), "table mulberries, key 0.owner", "'navy' is not a side (allied, axis)"),
    (lambda r: r["mulberries"][0].update(hex="0105"), "table mulberries, key 0.hex", "hex 0105 is off the map (0101 to 0504)"),
])
def test_issue21_a_scenario_that_breaks_the_rules_is_refused_naming_table_and_key(change: Any, where: str, problem: str) -> None:
    """Issue 21 (a board another game starts from) under Factories ¶2, Airfields ¶1 ¶3, Destruction ¶1, Storms ¶4 and
    RULINGS L3: a scenario that breaks them is refused with file, table, key and the reason; nothing starts."""
    raw = scenario_raw()
    change(raw)
    with pytest.raises(DataError) as caught:
        world_from_scenario(raw, "s.toml", board()[1])
    assert (caught.value.file, caught.value.where, caught.value.problem) == ("s.toml", where, problem)


def test_issue21_l6_a_scenario_mulberry_stands_on_the_coast() -> None:
    """RULINGS L6 (Mulberries ¶1: "equivalent to Ports"): a Mulberry is placed only in a coastal hex; the scenario's
    own Mulberries are held to it as the ``mulberry`` command is."""
    raw = scenario_raw()
    raw["mulberries"][0]["hex"] = "0304"
    with pytest.raises(DataError) as caught:
        world_from_scenario(raw, "s.toml", board()[1])
    assert (caught.value.where, caught.value.problem) == (
        "table mulberries, key 0.hex",
        "0304 is not coastal: a Mulberry is a port, placed only in a coastal hex (Mulberries ¶1; RULINGS L6)")


# ---------------------------------------------------------------------------------------------------- Export
EXPORTED = """# Test board: a Logistics board written out by Harbormaster (`show SAVE scenario`).

[scenario]
id = "test-board"
name = "Test board"
ruleset = "logistics"
start = "3"

[map]
columns = 5
rows = 4
first_column = 1
first_row = 1
shifted = "even"
centre = "0303"
storm = "0203"

[turn]
first_player = "axis"
production_every = 1
production_from = 1
production_turns = [2, 5]

[[areas]]
terrain = "sea"
hexes = ["0101", "0201"]

[[areas]]
terrain = "forest"
hexes = ["0404"]

[[hexes]]
hex = "0102"
terrain = "city"
name = "Port Ash"
size = 2
factories = { navy = 1, army = 0 }

[[hexes]]
hex = "0304"
terrain = "town"
name = "Elm"

[[hexes]]
hex = "0403"
terrain = "clear"
coastal = true
resource = 2

[[owners]]
side = "allied"
hexes = ["0101", "0102", "0103", "0104", "0201", "0203", "0204"]

[[owners]]
side = "axis"
hexes = ["0202", "0301", "0302", "0303", "0304", "0401", "0402", "0403", "0404", "0501", "0502", "0503", "0504"]

[[rivers]]
hexsides = [["0303", "0403"], ["0304", "0404"]]

[[roads]]
hexes = ["0102", "0202", "0302", "0303"]

[[roads]]
hexes = ["0202", "0203"]

[[rails]]
hexes = ["0103", "0203"]

[[bridges]]
hexside = ["0303", "0403"]
name = "Old Bridge"
destroyed = true

[[bridges]]
hexside = ["0304", "0404"]

[[canals]]
hex = "0502"

[[airfields]]
hex = "0203"
owner = "allied"
major = true

[[airfields]]
hex = "0503"
owner = "axis"

[[mulberries]]
hex = "0202"
owner = "axis"
"""


def test_issue21_a_board_written_out_as_a_scenario_word_for_word_and_read_back() -> None:
    """Issue 21 ("the result can be written out as a scenario file that another game starts from"): every table of
    the board in TOML, and the file read back gives the same board."""
    t = board()[1]
    w = world_from_scenario(scenario_raw(), "s.toml", t)
    text = world_to_scenario(w, t.sides, "test-board", "Test board", "3")
    assert text == EXPORTED
    again = world_from_scenario(tomllib.loads(text), "s.toml", t)
    assert again == replace(w, places={h: p for h, p in w.places.items()})
    assert 'first_player = "allied"' in world_to_scenario(replace(w, first=""), t.sides)  # before any initiative


def test_issue21_roads_are_written_as_paths_each_link_once() -> None:
    """Issue 21 (roads and rail in the map data): the links of a road are joined into paths, a link given twice
    written once, a path grown from either end of the next link."""
    assert chains((("0101", "0102"), ("0102", "0103"), ("0103", "0104"), ("0201", "0202"), ("0102", "0103"))) == [
        ["0101", "0102", "0103", "0104"], ["0201", "0202"]]
    assert chains((("0202", "0203"), ("0102", "0203"))) == [["0202", "0203", "0102"]]
    assert chains(()) == []


# ------------------------------------------------------------------------------------------------ Board edits
def _board_world() -> LogisticsWorld:
    return world_from_scenario(scenario_raw(), "s.toml", board()[1])


def test_issue21_board_edits_refuse_what_the_rules_forbid_word_for_word() -> None:
    """Issue 21 (the Map edits the board) under Factories ¶2 (factories only in a city of their size), Airfields ¶3 (none
    in a City or Town), Airfields ¶1 and L6 (a sea hex holds no airfield or Mulberry), Destruction ¶1 (a bridge crosses
    a river, a canal is dug on land): each refused edit says why and changes nothing."""
    w, t = _board_world(), board()[1]
    two = replace(w, factories={"0102": {"navy": 1, "army": 1}})
    cases = [
        (B.set_terrain, (w, "0103", "city", t),
         "'city' is not a terrain (clear, forest, marsh, mountain, sea; a city or town: hex HEX city NAME SIZE)"),
        (B.set_terrain, (w, "0404", "forest", t), "0404 is already forest"),
        (B.set_terrain, (w, "0102", "sea", t), "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_terrain, (w, "0102", "forest", t), "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_terrain, (w, "0203", "sea", t), "0203 has an airfield: a sea hex holds none"),
        (B.set_terrain, (w, "0202", "sea", t), "0202 has a Mulberry: a sea hex holds none"),
        (B.set_place, (w, "0203", "town", "Ash", 0), "0203 has an airfield: no airfield in a City or Town hex (Airfields ¶3)"),
        (B.set_place, (w, "0103", "town", "  ", 0), "a town needs a name"),
        (B.set_place, (w, "0103", "city", "X", 0), "a city needs a size of 1 PP or more (Factories ¶2)"),
        (B.set_place, (two, "0102", "city", "Port Ash", 1),
         "Port Ash (0102)'s factories total 2 PP: a size of 1 PP is too small (Factories ¶2)"),
        (B.set_place, (two, "0102", "town", "Port Ash", 0),
         "Port Ash (0102) has factories: remove them first (factory 0102 KIND remove)"),
        (B.set_flag, (w, "0403", "coastal", True), "0403: coastal is already True"),
        (B.set_flag, (w, "0101", "resource", 1), "0101 is a sea hex: make it land first (hex 0101 terrain clear)"),
        (B.other_end, (w, "0101", "n"), "N of 0101 is off the map"),
        (B.other_end, (w, "0101", "0103"), "0101 and 0103 are not adjacent: a link goes between adjacent hexes"),
        (B.path, (w, ["0101"]), "a path is a hex and at least one more (an adjacent hex id or a direction: N NE SE S SW NW)"),
        (B.set_links, (w, "road", ["0102", "0202"], False), "already a road between 0102 and 0202"),
        (B.set_links, (w, "road", ["0103", "0104"], True), "no road between 0103 and 0104"),
        (B.set_links, (w, "rail", ["0202", "0201"], False), "a rail runs on land: 0201 is a sea hex"),
        (B.set_links, (w, "rail", ["0101", "0201"], False), "a rail runs on land: 0101 or 0201 is a sea hex"),
        (B.set_river, (w, "0403", "0303", False), "already a river on hexside 0303-0403"),
        (B.set_river, (w, "0101", "0102", True), "no river on hexside 0101-0102"),
        (B.set_river, (w, "0303", "0403", True), "the bridge 0303-0403 crosses it: remove the bridge first (bridge 0303 0403 --remove)"),
        (B.set_crossing, (w, "bridge", ("0102", "0202"), "", True), "no bridge at 0102-0202"),
        (B.set_crossing, (w, "canal", ("0303",), "", True), "no canal at 0303"),
        (B.set_crossing, (w, "canal", ("0502",), "", False), "already a canal at 0502"),
        (B.set_crossing, (w, "bridge", ("0403", "0303"), "", False), "already a bridge at 0303-0403"),
        (B.set_crossing, (w, "bridge", ("0102", "0202"), "", False),
         "0102-0202 is not a river hexside: a bridge crosses a river (river 0102 0202 first)"),
        (B.set_crossing, (w, "canal", ("0101",), "", False), "0101 is a sea hex: a canal is dug on land"),
    ]
    for call, args, message in cases:
        assert refusal(call, *args) == message, call.__name__


def test_issue21_board_edits_change_the_hex_and_nothing_else() -> None:
    """Issue 21: terrain, a city (Factories ¶2: its size holds its factories), a flag, roads by id or direction, a
    river and a bridge over it (Destruction ¶1), a canal; each taken back again."""
    w, t = _board_world(), board()[1]
    assert B.set_terrain(w, "0403", "sea", t).place("0403") == Place("0403", "sea")  # name, coast, owner and resource go
    assert B.set_terrain(w, "0304", "marsh", t).place("0304") == Place("0304", "marsh", "", 0, False, "axis", 0)
    city = B.set_place(w, "0103", "city", " New Ash ", 2).place("0103")
    assert city == Place("0103", "city", "New Ash", 2, False, "allied", 0)
    assert B.set_place(replace(w, factories={}), "0102", "town", "Ashby", 5).place("0102") == \
        Place("0102", "town", "Ashby", 0, False, "allied", 0)
    assert B.set_place(w, "0102", "city", "Port Ash", 1).place("0102").size == 1  # its 1 PP of factories fit
    assert B.set_flag(w, "0103", "resource", 3).place("0103").resource == 3
    assert B.other_end(w, "0102", "s") == "0103" and B.other_end(w, "0102", " 0202 ") == "0202"
    assert B.path(w, ["0103", "ne", "0203"]) == ["0103", "0202", "0203"]
    laid = B.set_links(w, "road", ["0104", "0103", "0203"], False)
    assert laid.roads == (*w.roads, ("0103", "0104"), ("0103", "0203"))
    assert B.set_links(laid, "road", ["0203", "0103"], True).roads == (*w.roads, ("0103", "0104"))
    assert B.set_links(w, "rail", ["0203", "0103"], True).rails == ()
    river = B.set_river(w, "0102", "0202", False)
    assert river.rivers == (*w.rivers, ("0102", "0202"))
    bridged = B.set_crossing(river, "bridge", ("0202", "0102"), "Ash Bridge", False)
    assert bridged.crossings["0102-0202"] == Crossing("0102-0202", "bridge", ("0102", "0202"), "Ash Bridge")
    assert B.set_crossing(bridged, "bridge", ("0102", "0202"), "", True).crossings == w.crossings
    assert B.set_river(river, "0202", "0102", True).rivers == w.rivers
    assert B.set_crossing(w, "canal", ("0103",), "Cut", False).crossings["0103"] == Crossing("0103", "canal", ("0103",), "Cut")
    assert "0502" not in B.set_crossing(w, "canal", ("0502",), "", True).crossings


def test_issue21_a_smaller_board_drops_what_stands_off_it_a_blank_one_keeps_the_turn() -> None:
    """Issue 21 (map sizes of real boards) with Storms ¶4 (the storm starts at the centre; one off the board restarts
    there): resizing keeps what is still on the board; a blank board keeps only the order of play (RULINGS L3)."""
    w = replace(_board_world(), storm="0403")
    small_board = B.resize(w, 3, 3)
    assert (small_board.grid.columns, small_board.grid.rows, small_board.centre, small_board.storm) == (3, 3, "0202", "0202")
    assert sorted(small_board.places) == [h for h in sorted(w.places) if int(h[:2]) <= 3 and int(h[2:]) <= 3]
    assert small_board.rivers == () and small_board.crossings == {}
    assert small_board.roads == w.roads and small_board.rails == w.rails
    assert small_board.airfields == {"0203": w.airfields["0203"]} and small_board.mulberries == w.mulberries
    assert small_board.factories == w.factories
    assert B.resize(replace(w, storm="0203"), 3, 3).storm == "0203"
    cut = B.resize(w, 5, 2)
    assert cut.roads == (("0102", "0202"), ("0202", "0302")) and cut.rails == () and cut.mulberries == w.mulberries
    assert cut.factories == w.factories and cut.airfields == {}
    blank = B.empty(replace(w, serial=7), 4, 6)
    assert blank == LogisticsWorld(grid=replace(w.grid, columns=4, rows=6), centre=blank.centre, storm=blank.centre,
                                   first="axis", storm_roller="allied", production_every=1, production_from=1,
                                   production_turns=(2, 5), serial=7)
    assert blank.centre == blank.grid.hex_id(blank.grid.centre())


def test_factories_p1_p2_set_up_and_removed_in_a_city() -> None:
    """Factories ¶1 (factories replace a City's PP), ¶2 (only in cities, within the size): a first factory in a city
    without any; removing a city's last factory leaves it none, the other cities untouched; a kind it lacks stays
    lacking."""
    w, t = board()
    assert F.set_factory(w, "1103", "navy", 1, t).factories["1103"] == {"navy": 1}  # Wexham, coastal, size 1
    gone = F.set_factory(w, "0608", "army", None, t)
    assert "0608" not in gone.factories and gone.factories == {h: f for h, f in w.factories.items() if h != "0608"}
    assert F.set_factory(w, "0302", "army", None, t).factories == w.factories
    assert refusal(F.exchange, w, "1103", "air", "army", t) == "Wexham (1103) has no Air Factory (Factories ¶3)"


def test_factories_p3_and_the_optional_rules_name_every_unit_a_factory_builds() -> None:
    """Factories ¶3 (like units) and the optional Engineer, Airborne and Marine building rules: the unit types offered."""
    assert F.unit_kinds(board()[1]) == ("air", "navy", "army", "engineer", "airborne", "marine")


def test_destruction_p3_the_refusal_names_every_hex_that_is_not_friendly() -> None:
    """Destruction ¶3: "only if **both** hexes are Friendly": each unfriendly hex is named with its holder."""
    w, t = board()
    gone, _ = X.hit(w, "bridge", "1206-1306", 2, t)
    neither = gone.with_place(replace(gone.place("1206"), control=""))
    assert refusal(X.rebuild, neither, "bridge", "1206-1306", "allied", t) == (
        "a bridge is rebuilt only when both of its hexes are friendly to allied: 1206 (nobody), 1306 (axis) (Destruction ¶3)")


def test_mulberries_p1_an_island_mulberry_supplies_no_land() -> None:
    """Mulberries ¶1 ("Supply may be traced to an adjacent hex"): with sea all round, no land hex is supplied."""
    w, t = board()
    for n in w.grid.neighbours(w.at("1102")):
        w = w.with_place(Place(w.id(n), "sea"))
    assert U.mulberry_supply_figure(w, "1102", t).terms == (
        Term("adjacent land hexes: none", 0, "Mulberries ¶1"),
        Term("on by road: none", 0, "Mulberries ¶1; Destruction ¶2 (no destroyed bridge or canal)"))


def test_factories_p3_production_refused_names_the_city_and_the_rule() -> None:
    """Factories ¶1 (a city produces through its factories), ¶3 (only like units; no production after an exchange) and
    the optional building rules (the refusal says which switch allows the unit)."""
    w, t = board()
    assert refusal(F.produce, w, "1103", "air", "air", {}, t) == "Wexham (1103) has no Air Factory (Factories ¶1)"
    assert refusal(F.produce, replace(w, exchanged=("0302",)), "0302", "air", "air", {}, t) == \
        "Portsea (0302) exchanged a factory this turn: no production there (Factories ¶3)"
    assert refusal(F.produce, w, "0302", "navy", "army", {}, t) == "the Navy Factory builds only navy units, not army (Factories ¶3)"
    assert refusal(F.produce, w, "0302", "air", "airborne", {}, t) == (
        "the Air Factory builds only air units, not airborne (Factories ¶3; switch on the optional rule airborne-building "
        "(Airborne building (optional)))")
    new, rule = F.produce(w, "0302", "air", "airborne", {"airborne-building": "on"}, t)
    assert (new.produced, rule) == (("0302",), "Airborne building (optional)")
    two = msgspec.structs.replace(t, factories=msgspec.structs.replace(
        t.factories, builds=msgspec.structs.replace(t.factories.builds, navy=["navy", "marine"])))
    assert refusal(F.produce, w, "0302", "navy", "army", {}, two) == \
        "the Navy Factory builds only navy, marine units, not army (Factories ¶3)"


def test_destruction_p1_a_map_without_canals_says_so() -> None:
    """Destruction ¶1 (bridges and canals are the targets): asked for a canal the map has none of, the refusal says so."""
    w, _ = board()
    assert refusal(X.crossing, replace(w, crossings={}), "canal", "0101") == "no canal at 0101 (the map's canals: none)"


def test_factories_p1_p4_p6_p7_a_citys_figures_explained() -> None:
    """Factories ¶1-¶2 (factories within the city size), ¶6 (growth while below it), ¶7 with RULINGS L4 (a resource's
    PP added to one kind), ¶4 (intrinsic 1-1-1 defence firing last): Harlow, a 2 PP city with a 1 PP Army Factory and
    2 resource PP, produces 3 Army PP and grows by 1."""
    w, t = board()
    w = F.convert_resource(w, "0417", 2, "army", t)
    assert F.city_figures(w, "0417", t) == [
        Explained("Factory PP", 1, "Factories ¶2", (Term("Army Factory", 1, "Factories ¶1"),
                                                     Term("city size (the maximum)", 2, "Factories ¶2"))),
        Explained("Growth at the end of production", 1, "Factories ¶6", (
            Term("factories now", 1), Term("city size", 2), Term("below the maximum", 1, "Factories ¶6")),
            (t.factories.growth_pp.note,)),
        Explained("Army PP produced", 3, "Factories ¶3", (
            Term("Army Factory", 1, "Factories ¶1"), Term("resource PPs converted here", 2, "Factories ¶7; RULINGS L4")),
            ("builds only: army (and optional units where switched on)",)),
        Explained("Intrinsic defence", "1-1-1", "Factories ¶4", (), ("fires last in a combat round; factories cannot move",)),
    ]
    full = F.city_figures(w, "0302", t)[1]
    assert (full.value, full.terms[-1]) == (0, Term("at the maximum: nothing", 0, "Factories ¶6"))


def test_explain_a_hex_gives_the_figures_of_what_stands_there() -> None:
    """What "why?" shows for a hex: a city's factories (Factories ¶1-¶7) then its air base (Airfields ¶2); a Mulberry's
    supply and port (Mulberries ¶1); an airfield (Airfields ¶2); the storm area (Storms ¶2); nothing for an empty
    hex or a word that names no place."""
    w, t = board()
    state = state_with(w, 1)

    def names(text: str) -> list[tuple[str, Any]]:
        return [(e.name, e.value) for e in V.explain(state, text, t)]

    assert names(" Storm ") == names("1309") == [("Storm area (hexes)", 7)]
    assert names("portsea") == [("Factory PP", 3), ("Growth at the end of production", 0), ("Air PP produced", 1),
                                ("Navy PP produced", 2), ("Intrinsic defence", "1-1-1"), ("Air units at 0302", 2)]
    assert names("1102") == [("Hexes the Mulberry at 1102 supplies", 38), ("Mulberry port capacity at 1102", 2)]
    assert names("1808") == [("Air units at 1808", 2)]
    assert names("Ferrin") == [("Air units at 1006", 2)]
    assert names("0505") == [] and names("nowhere") == []


def test_the_plain_text_map_heads_with_the_storm_and_ends_with_the_legend() -> None:
    """Storms ¶2, ¶4: ``show map`` names the storm's hex, its area and its last move; the legend closes it."""
    w, t = board()
    lines = V.map_text(state_with(w, 1), t).splitlines()
    assert lines[0] == "Storm at 1309 (area 1208 1209 1308 1309 1310 1408 1409)"
    assert lines[-1] == "  ".join(f"{sym} {what}" for sym, what in V.LEGEND)
    moved = V.map_text(state_with(replace(w, storm_move="1309 → S 0 → 1309"), 1), t).splitlines()[0]
    assert moved == "Storm at 1309 (area 1208 1209 1308 1309 1310 1408 1409); last move 1309 → S 0 → 1309"


def test_a_hex_drawn_shows_the_storm_terrain_markers_and_resource() -> None:
    """The Map's drawing of a hex (issue 21, "a hex shows what is in it"): the storm over sea or a town (Storms ¶2),
    a Minor Airfield (Airfields ¶1) and a resource, a canal (Destruction ¶1), a city's size and factories."""
    w, _ = board()
    res = replace(w.with_place(Place("0505", "clear", resource=2)), airfields={**w.airfields, "0505": Airfield("0505", "allied")})
    assert (V.content(res, "0505"), V.glyph_line(res, "0505")) == ("   a", "a$")
    at_sea = replace(w, storm="0100")
    assert (V.content(at_sea, "0100"), V.glyph_line(at_sea, "0100"), V.name_line(at_sea, "0100")) == ("@~~~", "@ ~ ~ ~", "~ ~ ~ ")
    on_town = replace(w, storm="1006")
    assert (V.content(on_town, "1006"), V.glyph_line(on_town, "1006"), V.name_line(on_town, "1006")) == ("@ # ", "@#", "Ferrin")
    assert (V.content(w, "1704"), V.glyph_line(w, "1704")) == ("  ≈ ", "≈")
    assert (V.content(w, "0302"), V.glyph_line(w, "1602")) == ("●3F ", "●3F+")


def test_factories_p6_the_end_of_production_grows_every_city_below_its_size() -> None:
    """Factories ¶6 ("every City which currently has less than its maximum Factories receives an automatic 1PP
    increase"; issue 21 point 3): a city with one possible factory grows in it; one with several in the factory
    chosen, else not, and the log says whether its choice was skipped with --force; the choices are then spent."""
    w, t = board()
    assert F.growth_asked(w, t) == [
        ("1103", "Wexham (1103) grows by 1 PP at the end of production: which factory?", ("air", "navy", "army")),
        ("1602", "Calvade (1602) grows by 1 PP at the end of production: which factory?", ("air", "navy"))]
    new, lines = F.end_of_production(replace(w, growth_to={"1602": "navy"}), {"1103"}, t)
    assert lines == [
        "End of production: 5 city(ies) below the maximum grew by 1 PP, 1 did not (no factory chosen) (Factories ¶6)",
        "Harlow (0417): +1 PP Army (2 of 2)", "Dunmore (0704): +1 PP Navy (1 of 1)", "Ashford (0914): +1 PP Air (2 of 2)",
        "Wexham (1103): no growth — its choice was skipped with --force (air, navy, army)",
        "Calvade (1602): +1 PP Navy (3 of 3)", "Lorch (2117): +1 PP Air (1 of 1)"]
    assert new.growth_to == {} and new.factories["1602"] == {"navy": 2, "air": 1} and "1103" not in new.factories
    _, lines = F.end_of_production(w, set(), t)
    assert lines[0] == "End of production: 4 city(ies) below the maximum grew by 1 PP, 2 did not (no factory chosen) (Factories ¶6)"
    assert lines[4:6] == ["Wexham (1103): no growth — no factory was chosen (air, navy, army)",
                          "Calvade (1602): no growth — no factory was chosen (air, navy)"]


def test_factories_p6_a_growth_choice_only_below_the_size_and_to_the_citys_factories() -> None:
    """Factories ¶6: a full city does not grow; a city's growth goes to one of its own factories (Calvade: Air or
    Navy, not Army); the choice is kept for the end of production."""
    w, t = board()
    for call in (F.choose_growth, F.grow):
        assert refusal(call, w, "0302", "air", t) == "Portsea (0302) is at its maximum of 3 PP: no growth (Factories ¶6)"
        assert refusal(call, w, "1602", "army", t) == "the growth of Calvade (1602) goes to one of its factories: air, navy"
    assert F.choose_growth(w, "1602", "navy", t).growth_to == {"1602": "navy"}
    assert F.grow(w, "1602", "air", t).factories["1602"] == {"navy": 1, "air": 2}


def test_destruction_p2_an_unnamed_bridge_is_named_by_its_hexside() -> None:
    """Destruction ¶2 (RULINGS L5): the hit on a bridge with no name names its hexside only."""
    t = board()[1]
    assert X.hit(_board_world(), "bridge", "0304-0404", 1, t)[1] == \
        "Bridge 0304-0404: 1 hit in this battle; a second one in the same battle destroys it (Destruction ¶2; RULINGS L5)"


# ---------------------------------------------------------------------------------------------------- Saves
def test_a_save_keeps_every_rule_state_and_an_older_save_reads_with_the_defaults() -> None:
    """The save holds every state the rules need from turn to turn: hits in the battle (RULINGS L5), captured markers'
    turns (Airfields ¶5, Mulberries ¶2), production, exchanges, resources and growth choices (Factories ¶3, ¶6, ¶7),
    the storm's move and roller (Storms ¶4), production turns (L3); a save of a version before roads, rails and these
    fields reads with none of them."""
    w, t = board()
    w, _ = X.capture(w, "1808", "allied", 3, t)
    w, _ = X.capture(w, "1102", "axis", 3, t)
    w, _ = X.hit(w, "canal", "0510", 1, t)
    w, _ = X.hit(w, "bridge", "1213-1313", 2, t)
    w = replace(w, storm="1103", first="axis", storm_roller="allied", initiative=(9, 4), storm_move="1309 → NW 2 → 1103",
                storm_turn=3, production_every=3, production_from=2, production_turns=(2, 7), produced=("0302",),
                exchanged=("0608",), resources={"0417": ("army", 2)}, growth_to={"1602": "navy"}, grown=True, serial=12)
    data = world_to_data(w)
    assert json.loads(json.dumps(data)) == data  # plain JSON
    assert world_from_data(data) == w
    assert "grown" not in world_to_data(replace(w, grown=False))
    old = {"grid": data["grid"], "centre": "1309"}
    assert world_from_data(old) == LogisticsWorld(grid=w.grid, centre="1309")


def test_factories_p2_p6_a_city_without_factories_grows_a_kind_it_may_hold() -> None:
    """Factories ¶6 with ¶2 (Navy Factories only in coastal cities): a city with no factory may grow any kind it could
    hold: all three on the coast (Wexham), no Navy inland (Kingsbridge stripped of its Army Factory)."""
    w, t = board()
    assert F.growth_choices(w, "1103", t) == ("air", "navy", "army")
    bare = F.set_factory(w, "0608", "army", None, t)
    assert F.growth_choices(bare, "0608", t) == ("air", "army")
    assert F.growth_choices(w, "1602", t) == ("air", "navy")


def test_factories_p7_l4_resources_go_to_one_factory_type_of_the_city() -> None:
    """Factories ¶7 ("Resources may be converted to PPs in Factories normally, but apply to the factory type(s)") and
    RULINGS L4 (one kind per city, chosen by the owner): Portsea's 2 + 1 resource PP all go to its Air Factory."""
    w, t = board()
    assert refusal(F.convert_resource, w, "0302", 2, "army", t) == \
        "Portsea (0302) has no Army Factory: resources apply to the city's factory types (Factories ¶7; RULINGS L4)"
    assert refusal(F.convert_resource, w, "1103", 2, "army", t) == \
        "Wexham (1103) has no Army Factory: resources apply to the city's factory types (Factories ¶7; RULINGS L4)"
    assert refusal(F.convert_resource, w, "0303", 1, "air", t) == "0303 is not a city (factories stand only in cities, Factories ¶2)"
    once = F.convert_resource(w, "0302", 2, "air", t)
    assert once.resources == {"0302": ("air", 2)}
    assert refusal(F.convert_resource, once, "0302", 1, "navy", t) == (
        "Portsea (0302)'s resources this production go to its Air Factory: one factory type per city (Factories ¶7; RULINGS L4)")
    twice = F.convert_resource(once, "0302", 1, "air", t)
    assert twice.resources == {"0302": ("air", 3)}
    made = F.production(twice, "0302", t)
    assert (made["air"].value, made["navy"].value) == (4, 2)


def test_destruction_p2_a_destroyed_canal_on_the_road_cuts_the_mulberrys_supply() -> None:
    """Destruction ¶2 ("Destroyed Bridges and Canals cannot be used for movement or supply") with Mulberries ¶1: a
    destroyed canal in 0903, on the road west of 1002, leaves the Mulberry in 1102 its adjacent hexes only; standing,
    it carries the road as before."""
    w, _ = board()
    cut = replace(w, crossings={**w.crossings, "0903": Crossing("0903", "canal", ("0903",), "Dyke", True)})
    assert U.mulberry_reach(cut, "1102") == ["1001", "1002", "1101", "1103", "1201"]
    standing = replace(w, crossings={**w.crossings, "0903": Crossing("0903", "canal", ("0903",), "Dyke", False)})
    assert U.mulberry_reach(standing, "1102") == U.mulberry_reach(w, "1102")


def test_factories_p5_hits_take_pp_steps_down_to_the_0pp_step() -> None:
    """Factories ¶5 ("their zero (0) PP step cannot be eliminated"): three hits on Kingsbridge's 2 PP Army Factory take
    two steps; a 0 PP factory takes none; a factory the city lacks is refused; a rule data minimum above 0 is kept."""
    w, t = board()
    assert refusal(F.hit_factory, w, "1103", "air", 1, t) == "Wexham (1103) has no Air Factory (Factories ¶5)"
    assert refusal(F.hit_factory, w, "0302", "army", 1, t) == "Portsea (0302) has no Army Factory (Factories ¶5)"
    new, taken = F.hit_factory(w, "0608", "army", 3, t)
    assert (new.factories["0608"], taken) == ({"army": 0}, 2)
    new, taken = F.hit_factory(w, "0704", "navy", 1, t)
    assert (new.factories["0704"], taken) == ({"navy": 0}, 0)
    floor = msgspec.structs.replace(t, factories=msgspec.structs.replace(
        t.factories, min_pp=msgspec.structs.replace(t.factories.min_pp, value=1)))
    new, taken = F.hit_factory(w, "0608", "army", 3, floor)
    assert (new.factories["0608"], taken) == ({"army": 1}, 1)
