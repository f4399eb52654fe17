"""Europa's segment duties for the Phases checklist (issue 12; 33.A, 33.B.2.b, 33.B.7, 31.A.1, 31.A.8, 31.A.12, 31.B.2).

Each test builds a state and a segment and expects the exact duties a referee
reads: what is due, what was done, what is only information, with the rule.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.checklist import DONE, DUE, INFO, OPTIONAL, Duty
from tui.rules.europa.seaworld import (Beach, CheckRecord, InterdictionZone, InterferenceRecord, Mulberry, NavalGroup,
                                       NothingShipped)
from tui.session import memory_game

CAPACITY_RULE = "31.A.1; 31.B.2; RULINGS E9, E11"
NO_CAPACITY = [Duty("Axis: no port capacity used since its last reinforcement phase", CAPACITY_RULE, INFO),
               Duty("Allied: no port capacity used since its last reinforcement phase", CAPACITY_RULE, INFO)]
EASTERN = "33.B.2.b; 33.B.7.a"
NOT_YET = "none checked yet this phase; nothing shipped: no-shipping (Sea Zones p)"
"""A shipping duty's detail while no check is made: it names the command that says nothing was shipped (issue 30.7)."""
RED_SEA = "33.B.8.b; 33.B.2.b Table 1"


@pytest.fixture(scope="module")
def game():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


def seg(game: Any, key: str) -> Any:
    return next(s for s in game.ruleset.sequence.segments if s.key == key)


def duties(game: Any, key: str, world: Any = None, turn: int | None = None) -> list[Duty]:
    state = game.state if world is None else game.state.with_world(world)
    if turn is not None:
        state = state.with_flow(turn=turn)
    return game.ruleset.duties(state, seg(game, key))


def sea(world: Any, **kw: Any) -> Any:
    return replace(world, sea=replace(world.sea, **kw))


def test_33A_axis_naval_segment_with_nothing_to_check(game) -> None:
    """33.A: in an Axis naval segment with no zone, group or tow: the general reminder, then each side's capacity."""
    assert duties(game, "axis-turn/initial/initial-naval") == [
        Duty("Anti-shipping checks: every Axis cargo item shipped through a sea zone is checked once per zone this phase "
             "(check, batch); none made yet", "33.A", INFO), *NO_CAPACITY]


def test_33A_a_combat_segment_has_no_shipping_duties(game) -> None:
    assert duties(game, "axis-turn/initial/initial-combat") == NO_CAPACITY


def test_33B2b_allied_shipping_under_interference_is_due_then_done(game) -> None:
    """33.A, 33.B.2.b: an S in the Eastern Med this Allied turn: every cargo item through its zones is to be checked."""
    turn = game.state.flow.turn
    w = sea(game.state.world, active={"eastern": "S", "nowhere": "S", "red-sea": "Q"})
    text = ("Allied shipping in Eastern Mediterranean, Aegean Sea, South Aegean Interdiction Zone faces partial Italian "
            "interference (S Success) this Allied player turn: check every cargo item moved through them (check, batch)")
    got = duties(game, "allied-turn/initial/initial-movement", w)
    assert got[0] == Duty(text, f"33.A; {EASTERN}", DUE, NOT_YET)
    phase = f"{turn}/allied-turn/initial"
    made = (CheckRecord(phase, "convoy", "aegean", "allied", "sp", 3, "outside", 12, 7, True, 2, "1RE"),
            CheckRecord(phase, "7-6 div", "aegean", "allied", "unit", 0, "outside", 12, 4, False),
            CheckRecord(f"{turn - 1}/allied-turn/initial", "old", "aegean", "allied", "unit", 0, "outside", 12, 4, False),
            CheckRecord(phase, "elsewhere", "red-sea", "allied", "unit", 0, "outside", 4, 4, False),
            CheckRecord(phase, "axis ship", "aegean", "axis", "unit", 0, "outside", 1, 4, False))
    got = duties(game, "allied-turn/initial/initial-movement", sea(w, checks=made))
    assert got[0] == Duty(text, f"33.A; {EASTERN}", DONE, "2 checked this phase")
    assert got[1] == Duty("Anti-shipping checks made this phase: Aegean Sea (allied) 2; Red Sea (allied) 1; Aegean Sea "
                          "(axis) 1", "33.A, 33.D, 33.E", INFO, "4 check(s), 1 contacted")
    # In the Axis reaction phase of the Allied turn it is Axis shipping that moves: no Allied duty.
    assert duties(game, "allied-turn/reaction/reaction-naval", w)[0].text.startswith("Anti-shipping checks: every Axis cargo")


def test_33B7_axis_shipping_through_the_interdiction_zone(game) -> None:
    """33.B.7 b): Axis shipping through a declared zone is checked there as a separate sea zone."""
    turn = game.state.flow.turn
    w = sea(game.state.world, iz=InterdictionZone("tight", turn))
    text = ("Axis shipping through the tight South Aegean interdiction zone is checked there as a separate sea zone "
            "(South Aegean Interdiction Zone)")
    assert duties(game, "axis-turn/initial/initial-naval", w)[0] == Duty(text, "33.A; 33.B.7 b)", DUE, NOT_YET)
    quiet = sea(w, nothing_shipped=(NothingShipped(f"{turn}/axis-turn/initial", "axis"),))  # issue 30 item 7
    assert duties(game, "axis-turn/initial/initial-movement", quiet)[0] == Duty(
        text, "33.A; 33.B.7 b)", DONE, "nothing shipped this phase (no-shipping)")
    assert duties(game, "axis-turn/exploitation/exploitation-naval", quiet)[0].state == DUE  # another phase
    made = (CheckRecord(f"{turn}/axis-turn/initial", "convoy", "south-aegean-iz", "axis", "sp", 3, "tight", 12, 3, False),
            CheckRecord(f"{turn}/axis-turn/initial", "other", "aegean", "axis", "sp", 3, "outside", 1, 3, False),
            CheckRecord(f"{turn}/axis-turn/initial", "allied", "south-aegean-iz", "allied", "sp", 3, "outside", 1, 3, False))
    assert duties(game, "axis-turn/initial/initial-naval", sea(w, checks=made))[0] == Duty(text, "33.A; 33.B.7 b)", DONE,
                                                                                          "1 checked this phase")


def test_31A8_31A12_groups_in_transit_and_tows(game) -> None:
    """31.A.8: a group of this side with cargo is to be checked in each zone it crosses; 31.A.12: a tow is shipping."""
    turn = game.state.flow.turn
    groups = {"TF1": NavalGroup("TF1", "allied", "Bombay", "Aden", 3, 1, "2 NTs"),
              "TF2": NavalGroup("TF2", "allied", "Aden", "Bombay", 2, 0, ""),
              "KG": NavalGroup("KG", "axis", "Naples", "Tripoli", 2, 0, "SPs")}
    tows = {"A": Mulberry("A", "towing", "United Kingdom ports", "NT-1", 1), "B": Mulberry("B", "available")}
    w = sea(game.state.world, groups=groups, mulberries=tows)
    got = duties(game, "allied-turn/initial/initial-naval", w)
    assert got[:2] == [
        Duty("TF1 (2 NTs) in transit Bombay → Aden, step 1/3: check its cargo in each sea zone it crosses this phase",
             "33.A; 31.A.8", DUE, "not checked yet this phase"),
        Duty("Mulberry A towed from United Kingdom ports (step 1): its tow is shipping subject to checks", "33.A; 31.A.12", INFO)]
    made = (CheckRecord(f"{turn}/allied-turn/initial", "2 nts", "red-sea", "allied", "unit", 0, "outside", 4, 3, False),)
    done = duties(game, "allied-turn/initial/initial-naval", sea(w, checks=made))[0]
    assert (done.state, done.detail) == (DONE, "checked")
    axis = duties(game, "axis-turn/initial/initial-naval", w)
    assert axis[0].text.startswith("KG (SPs) in transit Naples → Tripoli, step 0/2") and len(axis) == 3


def test_33B2b_interference_offered_attempted_declined_and_not_offered(game) -> None:
    """33.B.2.b, 33.B.8.b: in an Allied initial phase each area's attempt is offered, made or declined, or not offered."""
    turn = game.state.flow.turn
    key = "allied-turn/initial/initial-combat"
    got = duties(game, key)
    assert got[0] == Duty("Italian naval interference in the Eastern Mediterranean and Aegean Sea: offered to the Axis — "
                          "roll or decline (answer interference:eastern, or interfere eastern roll|decline)", EASTERN, OPTIONAL)
    assert got[1] == Duty("Italian naval interference in the Red Sea: not offered", RED_SEA, INFO,
                          "Massaua has never been Allied-owned does not hold (33.B.8.b; 33.B.2.b Table 1)")
    assert got[2] == Duty("South Aegean interdiction zone: cannot be declared", "33.B.7", INFO,
                          "a) at least one port on Crete is Allied-owned [allied-owned: Crete ports no]")
    history = (InterferenceRecord(turn, "eastern", "S*", 9, 2), InterferenceRecord(turn, "red-sea", "declined"),
               InterferenceRecord(turn - 1, "red-sea", "F"))
    got = duties(game, key, sea(game.state.world, interference=history, iz=InterdictionZone("loose", turn, 2)))
    assert got[:3] == [
        Duty("Italian naval interference in the Eastern Mediterranean and Aegean Sea: attempted — S* Great Success (major), "
             "modified roll 9", EASTERN, DONE),
        Duty("Italian naval interference in the Red Sea: declined by the Axis", RED_SEA, DONE),
        Duty("South Aegean interdiction zone: loose, 2 bombing hit(s)", "33.B.7", DONE)]
    typed = (InterferenceRecord(turn, "eastern", "D", None, 0),)
    assert duties(game, key, sea(game.state.world, interference=typed, iz=InterdictionZone("tight", turn)))[0].text == (
        "Italian naval interference in the Eastern Mediterranean and Aegean Sea: attempted — D Disaster (minor)")
    assert duties(game, key, sea(game.state.world, iz=InterdictionZone("tight", turn)))[2].text == (
        "South Aegean interdiction zone: tight")
    crete = game.state.world.with_port(replace(game.state.world.ports["Crete ports"], owner="allied"))
    assert duties(game, key, crete)[2] == Duty("South Aegean interdiction zone: may be declared (interdict tight|loose), "
                                               "optional", "33.B.7", INFO)
    assert not any("interference" in d.text for d in duties(game, "axis-turn/initial/initial-combat"))
    assert not any("interference" in d.text for d in duties(game, "allied-turn/exploitation/exploitation-combat"))


def test_31A1_31B2_capacity_used_per_side(game) -> None:
    """31.A.1 (E11) and 31.B.2 (E9): REs through each side's ports and over its beaches this phase, Port Used named."""
    turn = game.state.flow.turn
    w = game.state.world
    w = w.with_port(replace(w.ports["Tripoli"], capacity_used=1))
    w = w.with_port(replace(w.ports["Naples"], capacity_used=0.5, intrinsic_used=True))
    w = w.with_port(replace(w.ports["Bizerte"], nts_dedicated=1))
    key = "axis-turn/initial/initial-movement"
    phase = f"{turn}/axis-turn/initial"
    w = sea(w, beaches={"Gela": Beach("Gela", "axis", used=1.5, used_phase=phase),
                        "Salerno": Beach("Salerno", "axis", used=1, used_phase="other"),
                        "Anzio": Beach("Anzio", "allied", used=1, used_phase=phase)})
    axis, allied = duties(game, key, w)[-2:]
    names = [p.name for p in w.ports.values() if p.owner == "axis" and (p.capacity_used or p.nts_dedicated or p.intrinsic_used)]
    assert axis.text == "Axis: 1½ REs through 3 port(s); 1½ REs over beaches this phase"
    assert axis.rule == CAPACITY_RULE and axis.state == INFO
    shown = {"Tripoli": "Tripoli 1", "Naples": "Naples ½ (intrinsic)", "Bizerte": "Bizerte 0"}
    assert axis.detail == ", ".join(shown[n] for n in names) + "; Port Used: Naples"
    assert allied == Duty("Allied: 0 REs through 0 port(s); 1 REs over beaches this phase", CAPACITY_RULE, INFO, "")
    one = game.state.world.with_port(replace(game.state.world.ports["Tripoli"], capacity_used=1))
    assert duties(game, key, one)[-2].text == "Axis: 1 RE through 1 port(s)"
