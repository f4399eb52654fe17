"""Exact tests of the AWAW checklist duties and the end-of-combat returns (seed 004, chapter 21) that kill mutants the
other tests let live: the raider groups at sea and their engagements (21.537A, 21.5341, 21.538B,
``ruleset._raid_duties``), the seaborne invasions without an outcome (21.516-21.518, ``ruleset.invasion_duties``) and
the patrols' return (21.4183, 21.4191, 21.538B, ``turn._patrols_return``). Each test builds its own game or world."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_more import _effect
from test_awaw_exact_verbs_ruleset import _segment
from tests.awaw_game import awaw_game
from tui.rules.awaw.ruleset import _raid_duties, invasion_duties
from tui.rules.core.checklist import DUE, INFO

RAIDING = ("RM-CA-Messina", "RM-CA-Taranto", "RM-DD-Messina", "RM-DD-Taranto", "RM-DD-Naples")
"""The Italian ships the raid tests put at sea raiding (RM-CA-Naples stays in port)."""
ENGAGE = ("raid-ships ID FACES (the defender's type dice) or raid-ships ID --decline; or the combat's results typed "
          "at raid-return ID --engaged")
RETURN = "raid-return ID: all raiding groups must attempt to return to port"


def _raid_game(missions: dict[str, Any] | None) -> tuple[Any, Any]:
    """A fresh game and its state with :data:`RAIDING` at sea raiding and this Axis player turn's record holding
    ``missions`` (no ``missions`` key when None)."""
    game = awaw_game()
    st = game.state
    units = {**st.world.units, **{i: st.world.units[i].change(at_sea="raiding") for i in RAIDING}}
    ops: dict[str, Any] = {"turn": f"{st.flow.turn}:axis"}
    if missions is not None:
        ops["missions"] = missions
    return game, replace(st, world=replace(st.world, units=units, ops=ops))


def _duties(st: Any, seg: Any) -> list[tuple[str, str, str, str]]:
    return [(d.text, d.rule, d.state, d.detail) for d in _raid_duties(lambda s: "axis", st, seg)]


def test_21_537A_21_5341_raider_groups_at_sea_and_their_engagements_listed_whole() -> None:
    """21.537A: only raid groups not returned are at sea, and of each only its units still raiding (a unit in port or
    no longer in the game is not named); a group with no box recorded shows "?". A returned raid, another kind of
    mission and a raid record without units name no group. 21.5341, 21.538B: each undecided engagement is listed,
    due where raid-ships is legal (the naval missions), a reminder elsewhere; the groups at sea are due where
    raid-return is legal and a reminder before it (naval movement)."""
    undecided = [{"attempt": 1, "ships": 2}]
    missions = {
        "raid-5": {"kind": "raid", "returned": True, "sw_box": "Atlantic SW", "units": ["RM-DD-Taranto"],
                   "attempts": undecided},
        "invasion-4": {"kind": "invasion", "hex": "Y20", "units": ["RM-DD-Naples"], "attempts": undecided},
        "raid-6": {"kind": "raid", "units": ["RM-CA-Messina", "RM-CA-Naples", "RM-CA-Taranto"],
                   "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 3}]},
        "raid-7": {"kind": "raid", "sw_box": "Atlantic SW", "units": ["RM-DD-Messina"], "attempts": undecided},
        "raid-8": {"kind": "raid", "sw_box": "Atlantic SW"},
    }
    game, st = _raid_game(missions)
    engagements = ("Raider engagements to oppose or decline: raid-6 attempt 2 (3 defending ships may engage), "
                   "raid-7 attempt 1 (2 defending ships may engage)")
    groups = "Raider groups at sea: raid-6 (?: RM-CA-Messina, RM-CA-Taranto), raid-7 (Atlantic SW: RM-DD-Messina)"
    assert _duties(st, _segment(game, "first-turn/combat/naval-missions")) == [
        (engagements, "21.5341, 21.538B", DUE, ENGAGE), (groups, "21.537A", DUE, RETURN)]
    assert _duties(st, _segment(game, "first-turn/combat/regular-combat")) == [
        (engagements, "21.5341, 21.538B", INFO, ENGAGE), (groups, "21.537A", DUE, RETURN)]
    assert _duties(st, _segment(game, "first-turn/movement/naval-movement")) == [
        (engagements, "21.5341, 21.538B", INFO, ENGAGE), (groups, "21.537A", INFO, RETURN)]


def test_21_537A_a_raid_naming_a_unit_no_longer_in_the_game_lists_the_others() -> None:
    """21.537A: a raider the world no longer holds is left out of its group (and is no error)."""
    gone = {"kind": "raid", "sw_box": "Atlantic SW", "units": ["KM-CA-Gone", "RM-CA-Messina"]}
    game, st = _raid_game({"raid-6": gone})
    assert _duties(st, _segment(game, "first-turn/combat/regular-combat")) == [
        ("Raider groups at sea: raid-6 (Atlantic SW: RM-CA-Messina)", "21.537A", DUE, RETURN)]


def test_21_537A_21_516_a_record_of_this_player_turn_without_missions_owes_no_duty() -> None:
    """21.537A, 21.516-21.518: this player turn's record with no mission in it (raiders at sea notwithstanding) owes
    neither a raid nor an invasion duty."""
    game, st = _raid_game(None)
    seg = _segment(game, "first-turn/combat/regular-combat")
    assert _raid_duties(lambda s: "axis", st, seg) == []
    assert invasion_duties(st, seg) == []


def test_21_516_21_518_open_invasions_listed_whole_with_a_question_mark_for_an_unknown_hex() -> None:
    """21.516-21.518: every invasion without a recorded outcome is named with its target hex ("?" when none is
    recorded), due in the regular combat."""
    missions = {"invasion-4": {"kind": "invasion", "hex": "Y20"}, "invasion-5": {"kind": "invasion"},
                "invasion-6": {"kind": "invasion", "hex": "Z1", "result": "landed"}}
    game, st = _raid_game(missions)
    duties = invasion_duties(st, _segment(game, "first-turn/combat/regular-combat"))
    assert [(d.text, d.rule, d.state, d.detail) for d in duties] == [
        ("Seaborne invasions without a recorded outcome: invasion-4 (Y20), invasion-5 (?)", "21.516-21.518", DUE,
         "invasion-result ID landed|repulsed|defeated-at-sea|aborted")]


def test_21_538B_21_4183_only_defenders_engaging_a_raid_still_out_stay_at_sea() -> None:
    """21.538B: a defender engaging a raider group still at sea returns with the group (raid-return), not with the
    patrols; the defenders of a returned raid, and the units another kind of mission names as defenders, return to
    base inverted with the other patrols (21.4183, 21.4191)."""
    ops = {"turn": "1:allies", "missions": {
        "raid-1": {"kind": "raid", "defenders": ["D"]},
        "raid-2": {"kind": "raid", "returned": True, "defenders": ["E"]},
        "invasion-3": {"kind": "invasion", "hex": "Y9", "defenders": ["F"]}}}
    units = [unit("D", at_sea="patrol", sea_hex="Y1"), unit("E", at_sea="patrol", sea_hex="Y2"),
             unit("F", at_sea="defensive-patrol", sea_hex="Y3"), unit("P", at_sea="mission", sea_hex="Y4")]
    w = world([base("Malta")], units, ops=ops)
    new, lines = _effect("patrols-return", w, "allies")
    assert new.units["D"] == w.units["D"]
    assert {i: (new.units[i].at_sea, new.units[i].sea_hex, new.units[i].inverted) for i in "EFP"} == {
        "E": ("", "", True), "F": ("", "", True), "P": ("", "", True)}
    assert lines == ["Returned to base and inverted before exploitation: E, F, P (21.4183, 21.4191); "
                     "`return UNITS BASE --distance N` moves one to another base (21.33)"]

