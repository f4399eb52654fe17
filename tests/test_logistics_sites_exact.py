"""Seed 002 read exactly, Airfields ¶1-¶6, Mulberries ¶1-¶3, Destruction ¶1-¶3, Storms ¶2-¶4 (RULINGS L1, L2, L5, L6):
what each rule function decides and what it tells the referee, word for word, on the Channel Coast board.

The functions are called directly on the bundled scenario's world (the Allies hold columns 1-12, the Axis 13-26;
a Minor Airfield in 0506 and a Major one in 1007 (Allied), a Major one in 1808 (Axis); the Allied Mulberry in
1102; the bridge Pont Neuf 1206-1306 over the river, the Royal Canal in 0510). The messages are part of the
outcome: a refusal names the hex and the paragraph it breaks, a log line says what changed and until when.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from logistics_exact import board, board_world, refusal, state_with
from tui.rules.core.explain import Explained, Term
from tui.rules.logistics import sites as X
from tui.rules.logistics import storm as S
from tui.rules.logistics import supply as U
from tui.rules.logistics import views as V
from tui.rules.logistics.world import Airfield, Crossing, Mulberry, Place


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


def test_destruction_p1_a_map_without_canals_says_so() -> None:
    """Destruction ¶1 (bridges and canals are the targets): asked for a canal the map has none of, the refusal says so."""
    w, _ = board()
    assert refusal(X.crossing, replace(w, crossings={}), "canal", "0101") == "no canal at 0101 (the map's canals: none)"


def test_destruction_p2_an_unnamed_bridge_is_named_by_its_hexside() -> None:
    """Destruction ¶2 (RULINGS L5): the hit on a bridge with no name names its hexside only."""
    t = board()[1]
    assert X.hit(board_world(), "bridge", "0304-0404", 1, t)[1] == \
        "Bridge 0304-0404: 1 hit in this battle; a second one in the same battle destroys it (Destruction ¶2; RULINGS L5)"


def test_destruction_p2_a_destroyed_canal_on_the_road_cuts_the_mulberrys_supply() -> None:
    """Destruction ¶2 ("Destroyed Bridges and Canals cannot be used for movement or supply") with Mulberries ¶1: a
    destroyed canal in 0903, on the road west of 1002, leaves the Mulberry in 1102 its adjacent hexes only; standing,
    it carries the road as before."""
    w, _ = board()
    cut = replace(w, crossings={**w.crossings, "0903": Crossing("0903", "canal", ("0903",), "Dyke", True)})
    assert U.mulberry_reach(cut, "1102") == ["1001", "1002", "1101", "1103", "1201"]
    standing = replace(w, crossings={**w.crossings, "0903": Crossing("0903", "canal", ("0903",), "Dyke", False)})
    assert U.mulberry_reach(standing, "1102") == U.mulberry_reach(w, "1102")


def test_airfields_p6_mulberries_p1_p2_the_supply_lines_reminded_to_the_side_moving() -> None:
    """Airfields ¶6 (no source of supply: units on it trace to a City), Mulberries ¶1 (supply to the adjacent hexes and
    on by road) and ¶2 (no port for its captor until the next turn): the lines shown to the side about to move."""
    w, t = board()
    reach = ("0302 0303 0304 0305 0306 0307 0402 0407 0416 0417 0503 0508 0516 0603 0608 0609 0610 0611 0612 0615 0704 "
             "0713 0715 0803 0813 0814 0903 0914 1001 1002 1013 1101 1103 1113 1201 1213 1313 1413")
    assert U.reminder(w, "allied", 1, t) == [
        "Supply: units on allied's airfields (0506 1007) trace a supply line to a City; an airfield is no source of supply "
        "(Airfields ¶6)",
        f"Supply: the Mulberry in 1102 supplies its adjacent hexes and on by road: {reach} (Mulberries ¶1; enemy units "
        "on the way are yours to judge)"]
    axis = ("Supply: units on axis's airfields (1808 2212) trace a supply line to a City; an airfield is no source of "
            "supply (Airfields ¶6)")
    assert U.reminder(w, "axis", 1, t) == [axis]
    taken, _ = X.capture(w, "1102", "axis", 3, t)
    assert U.reminder(taken, "axis", 3, t) == [axis, "Supply: the Mulberry in 1102 is no port for axis until turn 4 (Mulberries ¶2)"]
    assert U.reminder(taken, "axis", 4, t)[1].startswith("Supply: the Mulberry in 1102 supplies its adjacent hexes")
    assert U.reminder(replace(w, airfields={}, mulberries={}), "allied", 1, t) == []


def test_mulberries_p3_l2_the_storm_on_a_mulberry_destroys_it_beside_one_rolls() -> None:
    """Mulberries ¶3 ("If the storm lands *directly* on a Mulberry it is destroyed. If the storm is *adjacent* ... a 50%
    chance", RULINGS L2: 1-3 on a d6): north 4 from 1106 lands on 1102, north 3 ends beside it."""
    w, t = board()
    start = replace(w, storm="1106")
    onto = S.move(start, 1, 4, t)
    assert onto == S.StormMove("1106", "N", 4, ("1105", "1104", "1103", "1102"), "1102", False)
    new, destroyed, beside = S.apply_move(start, onto, t)
    assert (new.storm, new.storm_move, destroyed, beside, new.mulberries) == ("1102", "1106 → N 4 → 1102", ["1102"], [], {})
    new, destroyed, beside = S.apply_move(start, S.move(start, 1, 3, t), t)
    assert (new.storm, destroyed, beside, list(new.mulberries)) == ("1103", [], ["1102"], ["1102"])
    assert S.mulberries_hit(replace(w, storm="1309"), t) == ([], [])
    assert [face for face in range(1, 7) if S.adjacent_destroyed(face, t)] == [1, 2, 3]


def test_storms_p2_l1_the_area_is_the_hex_and_its_neighbours_on_the_map() -> None:
    """Storms ¶2 (the hex it occupies plus all adjacent hexes, 7 in all) and RULINGS L1 (fewer at the map's edge)."""
    w, t = board()
    assert S.storm_area(w, t) == ["1208", "1209", "1308", "1309", "1310", "1408", "1409"]
    assert S.storm_area(w, t, "0100") == ["0100", "0101", "0200"]


def test_mulberries_p1_p2_every_mulberry_of_the_side_is_reminded_whatever_the_others() -> None:
    """Mulberries ¶1-¶2: the side moving is reminded of each of its Mulberries, past the enemy's and past its own
    captured one that is no port yet."""
    w, t = board()
    both = replace(w, mulberries={"0101": Mulberry("0101", "axis"), "1102": w.mulberries["1102"]})
    lines = U.reminder(both, "allied", 1, t)
    assert len(lines) == 2 and lines[1].startswith("Supply: the Mulberry in 1102 supplies")
    taken = replace(w, mulberries={"0101": Mulberry("0101", "allied", 4), "1102": w.mulberries["1102"]})
    lines = U.reminder(taken, "allied", 3, t)
    assert lines[1] == "Supply: the Mulberry in 0101 is no port for allied until turn 4 (Mulberries ¶2)"
    assert lines[2].startswith("Supply: the Mulberry in 1102 supplies") and len(lines) == 3


def test_storms_p3_production_goes_on_in_each_city_of_the_area_a_town_has_none() -> None:
    """Storms ¶3 ("Production in a city within a storm area continues as normal"): every city of the area is named; a
    town produces nothing, so the storm over Ferrin says nothing of production."""
    w, t = board()
    two = replace(w, storm="0302").with_place(Place("0303", "city", "Ashby", 1, control="allied"))
    assert S.reminder(two, t)[2] == "Production continues in Portsea (0302), Ashby (0303) (Storms ¶3)"
    assert len(S.reminder(replace(w, storm="1006"), t)) == 2


def test_mulberries_p1_an_island_mulberry_is_reminded_as_supplying_nothing() -> None:
    """Mulberries ¶1: with sea all round, the reminder says the Mulberry supplies no hex."""
    w, t = board()
    for n in w.grid.neighbours(w.at("1102")):
        w = w.with_place(Place(w.id(n), "sea"))
    assert U.reminder(w, "allied", 1, t)[1] == (
        "Supply: the Mulberry in 1102 supplies its adjacent hexes and on by road: none (Mulberries ¶1; enemy units on "
        "the way are yours to judge)")
