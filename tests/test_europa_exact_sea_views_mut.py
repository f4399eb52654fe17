"""Europa's sea views, markers and explanations exactly (seeds 003_5744b160e91bc227.txt 33, 000_fc2911a77a0e7562.txt
31.A.8-31.B): ``tui/rules/europa/sea_views.py`` on a Mediterranean 1943 game (seed 1, Axis initial naval phase) whose
sea holds every kind of marker — an interdiction zone with bombing hits, two interference results, Mulberries towed,
emplacing, emplaced (S* doubled, F not usable) and lost, groups in transit, air units matched in a box, jetties.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from tests.conftest import fixed_clock
from tui.rules.core.explain import Explained, Term
from tui.rules.europa import mulberries as M
from tui.rules.europa.ruleset import load_sea
from tui.rules.europa.sea_views import explain_sea, sea_markers
from tui.rules.europa.seaworld import (AirUnit, CheckRecord, InterdictionZone, InterferenceRecord, Mulberry,
                                       NavalGroup)
from tui.session import memory_game

TBF_NOTE = ("RULINGS E21: the modified TBF of the interfering side's air units is ADDED to the naval status number; "
            "modifiers multiply; a fighter's range is reduced by its distance marker, longest ranges matched first. "
            "The sum is rounded down (reading).")
II_NOTE = ("Rolled on the SUCCESS TABLE (RULINGS E22). The result holds for the current Allied player turn. 'Previously "
           "suffered' (D, F*) counts any earlier attempt; S and S* count within the previous four game turns. Each "
           "modifier counts once however often its result came up (reading).")
T1 = "33.B.2.b Table 1"
T2 = "31.A.12 Table 2"


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase (game turn 46632, Jan I 1943)."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


@pytest.fixture
def st(data: Path):
    """The sea tables (chapter 33, 31.A.8-31.B)."""
    return load_sea(data)


def busy(game, st):
    """The game's state with a busy sea (see the module docstring); Mulberries A and B emplaced by the rules' own
    SUCCESS TABLE results (S* and F, 31.A.12 Table 2)."""
    s = game.state
    w, t = s.world, s.flow.turn
    ms = [Mulberry("Mulberry A", status="emplacing", origin="Bizerte", towed_by="LC-1", steps=2, mps=22.0,
                   beach="Gela beach", hex="Sicily south coast", zone="central-med", arrived_turn=t),
          Mulberry("Mulberry B", status="emplacing", origin="Bizerte", beach="Salerno beach", hex="Salerno gulf",
                   zone="tyrrhenian", arrived_turn=t),
          Mulberry("Mulberry C", status="towing", origin="Bizerte", towed_by="LC-2", steps=1, mps=5.0),
          Mulberry("Mulberry D", status="towing", origin="Malta"),
          Mulberry("Mulberry E", status="emplacing", origin="Malta", mps=17.0, beach="Salerno beach", hex="Salerno gulf",
                   zone="tyrrhenian", arrived_turn=t, lost_turn=0, lost_side="axis"),
          Mulberry("Mulberry F", status="wrecked", beach="Sollum beach", lost_turn=t, why="the enemy took its hex")]
    w = replace(w, sea=replace(w.sea, mulberries={m.name: m for m in ms}))
    w, _ = M.emplace(w, st, w.sea.mulberries["Mulberry A"], "S*")
    w, _ = M.emplace(w, st, w.sea.mulberries["Mulberry B"], "F")
    a = replace(w.sea.mulberries["Mulberry A"], lost_turn=t, lost_side="axis")
    be = w.sea.beaches
    be = {**be, "Gela beach": replace(be["Gela beach"], used=1.5, used_phase=f"{t}/axis-turn/initial", jetties=3),
          "Salerno beach": replace(be["Salerno beach"], used=1.0, used_phase=f"{t - 1}/allied-turn/initial")}
    air = (AirUnit("Ju88", "axis", "central-med", "bomber", "S", 20, 2.0),
           AirUnit("Spit", "allied", "central-med", "fighter", "non-naval", 10, 1.0),
           AirUnit("Wellington", "allied", "central-med", "bomber", "non-naval", 20, 2.0),
           AirUnit("Me109", "axis", "central-med", "fighter", "non-naval", 15, 1.0),
           AirUnit("Beau", "allied", "eastern-med", "fighter", "V", 30, 1.0, mission="patrol", distance=4))
    sea = replace(w.sea, mulberries={**w.sea.mulberries, a.name: a}, beaches=be, air=air,
                  iz=InterdictionZone("tight", t, hits=2), active={"eastern": "S", "red-sea": "S*"},
                  groups={"G1": NavalGroup("G1", "axis", "Naples", "Tripoli", 3, done=1),
                          "G2": NavalGroup("G2", "allied", "Bombay", "Suez", 2)},
                  interference=(InterferenceRecord(t - 1, "eastern", "S", 7, 0),
                                InterferenceRecord(t - 20, "red-sea", "D", 1, -1, 2.0)))
    return s.with_world(replace(w, sea=sea))


def marker(name, value, place, side, expires):
    return {"marker": name, "value": value, "place": place, "side": side, "expires": expires}


def test_33_B_7_33_B_2_b_31_A_12_31_A_8_33_C_31_A_13_every_sea_marker(game, st) -> None:
    """33.B.7: the IZ marker with its bombing hits until the next Allied initial phase; 33.B.2.b: an interference
    result per area for this Allied player turn (S partial, S* major); 31.A.12: towed (step of 2, by its tow or from its
    origin), emplacing, emplaced (S* double REs, F not usable this turn) and lost (its hex taken; not once wrecked)
    Mulberries; 31.A.8 groups in transit; 33.C a distance marker; 31.A.13 transports as jetties."""
    wreck = "wrecked unless it arrives by the end of naval step 2 (31.A.12)"
    lost = "wrecked at the end of the Allies' next player turn (31.A.12)"
    assert sea_markers(busy(game, st), st, str) == [
        marker("Naval Interdiction Zone", "tight, 2 bombing hit(s)", "South Aegean Interdiction Zone", "allied",
               "start of the next Allied initial phase (33.B.7)"),
        marker("Italian Naval Interference", "S partial", "Eastern Mediterranean and Aegean Sea", "axis",
               "end of this Allied player turn (33.B.2.b)"),
        marker("Italian Naval Interference", "S* major", "Red Sea", "axis", "end of this Allied player turn (33.B.2.b)"),
        marker("Mulberry", "Mulberry A: double REs this turn", "Gela beach", "allied", "until wrecked (31.A.12)"),
        marker("Mulberry lost", "Mulberry A", "Gela beach", "axis", lost),
        marker("Mulberry", "Mulberry B: not usable this turn", "Salerno beach", "allied", "until wrecked (31.A.12)"),
        marker("Mulberry (towed)", "step 1 of 2", "LC-2", "allied", wreck),
        marker("Mulberry (towed)", "step 0 of 2", "Malta", "allied", wreck),
        marker("Mulberry (emplacing)", "Mulberry E", "Salerno beach", "allied",
               "emplacement roll at the next Allied initial phase (31.A.12)"),
        marker("Mulberry lost", "Mulberry E", "Salerno beach", "axis", lost),
        marker("Naval group in transit", "1/3", "G1: Naples → Tripoli", "axis", "arrives after step 3 (31.A.8)"),
        marker("Naval group in transit", "0/2", "G2: Bombay → Suez", "allied", "arrives after step 2 (31.A.8)"),
        marker("Distance", "4", "Beau (Eastern Mediterranean)", "allied", "while it flies there (33.C)"),
        marker("Transports as jetties", "3", "Gela beach", "axis", "while they do not move (31.A.13)")]


def test_31_A_12_an_F_mulberry_is_usable_once_recorded(game, st) -> None:
    """31.A.12 Table 2: F emplaces it 'but it may not be used in the current turn'; once the ports usable by the Allies
    are recorded with it (a later initial phase) the marker says nothing more; with no record at all it is not usable;
    a Mulberry that is not a port has no 'double REs'; no IZ bombing hits, no hits shown."""
    s = busy(game, st)
    w = s.world
    b = w.sea.mulberries["Mulberry B"]
    w = replace(w, sea=replace(w.sea, mulberries={b.name: b}, iz=InterdictionZone("loose", 1), active={}, groups={},
                               air=(), beaches={}))
    iz = marker("Naval Interdiction Zone", "loose", "South Aegean Interdiction Zone", "allied",
                "start of the next Allied initial phase (33.B.7)")
    now = replace(w, usable={**w.usable, "allied": w.usable["allied"] + ("Mulberry B",)})
    assert sea_markers(s.with_world(now), st, str) == [
        iz, marker("Mulberry", "Mulberry B", "Salerno beach", "allied", "until wrecked (31.A.12)")]
    none = replace(w, usable={})
    assert sea_markers(s.with_world(none), st, str) == [
        iz, marker("Mulberry", "Mulberry B: not usable this turn", "Salerno beach", "allied", "until wrecked (31.A.12)")]
    bare = replace(w, usable={}, ports={k: p for k, p in w.ports.items() if k != "Mulberry B"},
                   sea=replace(w.sea, mulberries={b.name: replace(b, result="S")}))
    assert sea_markers(s.with_world(bare), st, str) == [
        iz, marker("Mulberry", "Mulberry B", "Salerno beach", "allied", "until wrecked (31.A.12)")]


def mul_row(name, status, beach="", hex="", origin="", towed_by="", steps=None, mps=0.0, result="", why="", doomed=False):
    return {"name": name, "status": status, "beach": beach, "hex": hex, "origin": origin, "towed_by": towed_by,
            "steps": steps, "mps": mps, "result": result, "why": why, "doomed": doomed}


def test_31_A_12_the_mulberries_view(game, st) -> None:
    """31.A.12: the naval steps towed only while towing (two at most); doomed once the enemy took its hex, whatever
    the turn it did (turn 0 included: -1 means never)."""
    assert game.ruleset.views["mulberries"](busy(game, st)) == [
        mul_row("Mulberry A", "emplaced", "Gela beach", "Sicily south coast", "Bizerte", "LC-1", mps=22.0, result="S*",
                doomed=True),
        mul_row("Mulberry B", "emplaced", "Salerno beach", "Salerno gulf", "Bizerte", result="F"),
        mul_row("Mulberry C", "towing", origin="Bizerte", towed_by="LC-2", steps=1, mps=5.0),
        mul_row("Mulberry D", "towing", origin="Malta", steps=0),
        mul_row("Mulberry E", "emplacing", "Salerno beach", "Salerno gulf", "Malta", mps=17.0, doomed=True),
        mul_row("Mulberry F", "wrecked", "Sollum beach", why="the enemy took its hex", doomed=True)]


def test_31_B_2_31_A_13_the_beaches_view(game, st) -> None:
    """31.B.2; RULINGS E9: capacity used counts this phase only (1.5 REs, the beach capacity); 31.A.13: 3 jetties give
    9 REs; 31.A.12: the beach shows its emplaced or (without one) emplacing Mulberry, not a wrecked one."""
    def row(name, owner, hex, zone, used=0.0, jetties=0, supply=0.0, mul=""):
        return {"name": name, "owner": owner, "naval_owner": owner, "hex": hex, "sea_zone": zone, "used": used,
                "capacity": 1.5, "jetties": jetties, "jetty_supply": supply, "mulberry": mul}
    assert game.ruleset.views["beaches"](busy(game, st)) == [
        row("Gela beach", "axis", "Sicily south coast", "Central Mediterranean", 1.5, 3, 9.0, "Mulberry A"),
        row("Salerno beach", "axis", "Salerno gulf", "Tyrrhenian Sea", mul="Mulberry B"),
        row("Sollum beach", "allied", "Sollum coast", "Eastern Mediterranean")]
    state = busy(game, st)
    sea = state.world.sea
    only_e = replace(sea, mulberries={k: m for k, m in sea.mulberries.items() if k != "Mulberry B"})
    salerno = game.ruleset.views["beaches"](state.with_world(replace(state.world, sea=only_e)))[1]
    assert salerno == row("Salerno beach", "axis", "Salerno gulf", "Tyrrhenian Sea", mul="Mulberry E")


def air_row(name, side, zone, role, type, rng, tbf, modified, mission="box", distance=0):
    return {"name": name, "side": side, "zone": zone, "role": role, "type": type, "range": rng, "tbf": tbf,
            "mission": mission, "distance": distance, "modified_tbf": modified}


def test_33_C_the_air_view_fighters_matched_in_the_box(game, st) -> None:
    """33.C Table 4; RULINGS E21: the shipping side's box fighter cuts the range of an enemy bomber by its own range
    (Ju88 20-10 = 10 < 15: x0.5 -> 1; Wellington 20-15 = 5: 2 x 0.5 x 0.5 = 0.5); unmatched units keep theirs (Me109
    range 15 is not below 15: 0.5; Spit range 10: 0.25); another zone's fighter matches nothing here; a patrol is
    outside the box (x0.5): type V 2 x 0.5 = 1."""
    med = "Central Mediterranean"
    assert game.ruleset.views["air"](busy(game, st)) == [
        air_row("Ju88", "axis", med, "bomber", "S", 20, 2.0, 1.0),
        air_row("Spit", "allied", med, "fighter", "non-naval", 10, 1.0, 0.25),
        air_row("Wellington", "allied", med, "bomber", "non-naval", 20, 2.0, 0.5),
        air_row("Me109", "axis", med, "fighter", "non-naval", 15, 1.0, 0.5),
        air_row("Beau", "allied", "Eastern Mediterranean", "fighter", "V", 30, 1.0, 1.0, "patrol", 4)]


def test_33_E_checks_of_this_phase_after_an_earlier_phases(game, st) -> None:
    """33.A; RULINGS E26: only this phase's checks, wherever they sit in the record; 33.E 2: an E result on a naval
    unit is 2 points of damage and a return to its port of origin."""
    t = game.state.flow.turn
    old = CheckRecord(f"{t - 1}/allied-turn/initial", "conv/9", "central-med", "allied", "sp", 1.0, "outside", 6, 3, False)
    now = CheckRecord(f"{t}/axis-turn/initial", "DD-1", "central-med", "axis", "naval", 0.0, "outside", 10, 11, True, 6, "E")
    s = game.state.with_world(replace(game.state.world, sea=replace(game.state.world.sea, checks=(old, now))))
    assert game.ruleset.views["shipping-checks"](s) == [
        {"name": "DD-1", "item": "DD-1", "zone": "Central Mediterranean", "zone_id": "central-med", "side": "axis",
         "kind": "naval", "res": None, "iz": "outside", "nsn": 10, "contact_roll": 11, "contacted": True, "result_roll": 6,
         "result": "E", "words": "Eliminated: DD-1 suffers 2 point(s) of damage and returns to its port of origin.",
         "forced": False, "flags": []}]


def axis_massaua(game):
    """The game's state with Massaua (a standard port on the Red Sea) Axis-owned."""
    w = game.state.world
    return game.state.with_world(w.with_port(replace(w.ports["Massaua"], owner="axis")))


def test_33_B_10_the_axis_red_sea_port_condition_and_nsn(game, st) -> None:
    """33.B.10 Table 3 (Red Sea): 'Axis own a size 1+ port bordering the Red Sea' sets the Allied NSN to 1; derived
    from the ports' size levels (RULINGS E2)."""
    s = axis_massaua(game)
    row = {r["id"]: r for r in game.ruleset.views["conditions"](s)}["axis-red-sea-port"]
    assert row == {"name": "axis-red-sea-port", "id": "axis-red-sea-port",
                   "text": "The Axis owns a size 1+ port bordering the Red Sea", "value": True, "source": "derived",
                   "detail": "axis-owned ports of level 1+: Massaua", "rule": "33.B.10 Table 3 (Red Sea)",
                   "kind": "zone-ports"}
    got = explain_sea(s, st, game.ruleset.tables, "Red Sea")
    assert [(e.name, e.value, e.rule) for e in got] == [
        ("Axis naval status number, Red Sea", 12, "33.B.8.a; 33.B.10 Table 2 (Red Sea)"),
        ("Axis shipping barred, Red Sea", True, "33.B.8.a note"),
        ("Allied naval status number, Red Sea", 4, "33.B.8.b; 33.B.10 Table 3 (Red Sea)")]
    assert got[2].terms[2:4] == (
        Term("4 Massaua is Axis-owned [axis-owned: Massaua yes]", 4.0, "33.B.10 Table 3"),
        Term("1 Axis own a size 1+ port bordering the Red Sea [axis-owned ports of level 1+: Massaua]", "not reached",
             "33.B.10 Table 3"))


def test_33_C_33_B_7_a_zone_explained_with_air_bars_and_the_iz_requirements(game, st) -> None:
    """33.C; RULINGS E21: each side's NSN with the enemy's air against it (box units summed, rounded down: 0.25 + 0.5
    = 0 against the Axis, 1 + 0.5 = 1 against the Allies); 33.B.2.a: the Axis bar in the Eastern Med shown even when
    it does not hold; 33.B.7: the interdiction zone's requirements under the Aegean and the zone itself only; 33.B.7 c):
    -5 to the Axis Eastern Med NSN while the zone exists; 33.B.2.b: S is partial interference (6) in both zones."""
    s, pt = busy(game, st), game.ruleset.tables

    def brief(name):
        return [(e.name, e.value, e.rule) for e in explain_sea(s, st, pt, name)]
    central = explain_sea(s, st, pt, "central-med")
    assert [(e.name, e.value, e.rule) for e in central] == [
        ("Axis naval status number, Central Mediterranean", 10, "33.B.1.a; 33.B.10 Table 2 (Central Med)"),
        ("anti-shipping air against axis shipping", 0, "33.C"),
        ("Allied naval status number, Central Mediterranean", 7, "33.B.1.b; 33.B.10 Table 3 (West or Central Med)"),
        ("anti-shipping air against allied shipping", 1, "33.C")]
    assert central[1] == Explained("anti-shipping air against axis shipping", 0, "33.C", (
        Term("Spit (allied fighter, type non-naval, box)", 0.25, "33.C Table 4"),
        Term("Wellington (allied bomber, type non-naval, box), matched by Me109", 0.5, "33.C Table 4")), (TBF_NOTE,))
    assert central[3] == Explained("anti-shipping air against allied shipping", 1, "33.C", (
        Term("Ju88 (axis bomber, type S, box), matched by Spit", 1.0, "33.C Table 4"),
        Term("Me109 (axis fighter, type non-naval, box)", 0.5, "33.C Table 4")), (TBF_NOTE,))
    assert brief("aegean") == [
        ("Axis naval status number, Aegean Sea", 1, "33.B.6.a; 33.B.10 Table 2 (Aegean Sea)"),
        ("Allied naval status number, Aegean Sea", 6, "33.B.7.a; 33.B.10 Table 3 (Eastern Med)"),
        ("South Aegean interdiction zone may be declared", False, "33.B.7")]
    assert brief("south aegean interdiction zone")[-1] == ("South Aegean interdiction zone may be declared", False, "33.B.7")
    assert brief("Eastern Mediterranean") == [
        ("Axis naval status number, Eastern Mediterranean", 8, "33.B.2.a; 33.B.10 Table 2 (Eastern Med)"),
        ("Axis shipping barred, Eastern Mediterranean", False, "33.B.2.a"),
        ("anti-shipping air against axis shipping", 1, "33.C"),
        ("Allied naval status number, Eastern Mediterranean", 6, "33.B.2.b; 33.B.10 Table 3 (Eastern Med)")]


def ii(area, total, extra=()):
    """The Table 1 modifiers with a Disaster suffered (-2) and a Success last turn (+1)."""
    return Explained(f"Italian naval interference modifier ({area})", total, T1, (
        Term("a Disaster result has previously been suffered", -2, T1),
        Term("a Complete Failure result has previously been suffered", 0, T1),
        Term("a Success result during the previous four turns", 1, T1),
        Term("a Great Success result during the previous four turns", 0, T1)) + extra, (II_NOTE,))


def test_33_B_1_a_33_B_2_b_malta_and_the_interference_modifiers_explained(game, st) -> None:
    """33.B.1.a: the Malta status number by any of its names; 33.B.2.b Table 1 (cumulative): a Disaster suffered -2, a
    Success in the previous four turns +1, in the Red Sea -1 more (33.B.8.b); 'interference' or 'italian' gives every
    area, an area's full name just that one."""
    s, pt = busy(game, st), game.ruleset.tables
    for name in ("malta", "Malta Status", " malta status number "):
        assert explain_sea(s, st, pt, name) == [Explained("Malta status number", 10, "33.B.1.a")], name
    both = [ii("Eastern Mediterranean and Aegean Sea", -1),
            ii("Red Sea", -2, (Term("attempted in the Red Sea", -1, "33.B.8.b; 33.B.2.b Table 1"),))]
    assert explain_sea(s, st, pt, "Interference") == both
    assert explain_sea(s, st, pt, "ITALIAN navy") == both
    assert explain_sea(s, st, pt, "eastern mediterranean AND aegean sea") == both[:1]
    assert explain_sea(s, st, pt, "nowhere") == []


def test_31_A_12_31_A_13_a_mulberry_and_a_beach_explained(game, st) -> None:
    """31.A.12 Table 2: an emplacing Mulberry's modifiers (calm 0, 17 MPs towed: one 5 MPs beyond 15 = -1, no enemy in
    or next to the hex +1 +1); an emplaced one its status only; 31.A.13: 3 transports as jetties give 9 REs."""
    s, pt = busy(game, st), game.ruleset.tables
    assert explain_sea(s, st, pt, "mulberry e") == [
        Explained("Mulberry E status", "emplacing", "31.A.12"),
        Explained("Mulberry E emplacement modifier", 1, T2, (
            Term("calm seas (sea conditions this turn)", 0, T2),
            Term("towed 17 MPs: 1 x 5 MPs (or fraction) after the first 15", -1, T2),
            Term("no enemy ground or naval units in the hex", 1, T2),
            Term("no enemy ground units in any adjacent hex", 1, T2)), (st.mulberry.note,))]
    assert explain_sea(s, st, pt, "Mulberry A") == [Explained("Mulberry A status", "emplaced", "31.A.12")]
    assert explain_sea(s, st, pt, "Mulberry F") == [Explained("Mulberry F status", "wrecked", "31.A.12")]
    note = st.jetty_transports.note
    assert explain_sea(s, st, pt, "Gela beach") == [Explained("intrinsic supply (REs of units)", 9.0, "31.A.13", (
        Term("NTs/LCs/LBs that spent no MPs in the previous movement phase", 3, "31.A.13"),
        Term("intrinsic supply of a Jetty", 3.0, "31.A.1 Table 1")), (note,))]
    assert explain_sea(s, st, pt, "sollum BEACH")[0].value == 0.0
