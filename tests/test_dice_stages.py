"""Physical dice at every step: ``--dice`` takes the faces of every stage in order, for every command that rolls.

A command that rolls in stages (33.D contact 2d6, then only on contact the
33.E result 1d6) takes each stage's dice off the front of the typed faces,
however they were grouped (``--dice 3,4 --dice 1`` = ``--dice 3,4,1``). Faces
left over after the stage that ended the command are refused naming that
stage; a stage with no typed faces in a typed game is refused naming the stage
and its dice, never rolled by the app. Expected values are worked from the
printed tables of seed 003 (ANTI-SHIPPING TABLE, SHIPPING RESULTS TABLE).
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.dice import DiceSpec, StagedDice
from tui.rules.core.errors import RuleError
from tui.session import memory_game


def europa(typed: bool = False):
    game = memory_game(data_dir(), seed=1, clock=fixed_clock)
    if typed:
        assert game.execute("set dice typed").ok
    return game


def refused(game, line: str, *fragments: str):
    before, events = game.state, list(game.events)
    r = game.execute(line)
    assert not r.ok, line
    for fragment in fragments:
        assert fragment in r.message, r.message
    assert game.state == before and game.events == events  # nothing changed
    return r


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def dice_of(game) -> list[tuple[str, tuple[int, ...], str]]:
    return [(d["spec"], tuple(d["faces"]), d["source"]) for d in game.events[-1]["dice"]]


# --- the staged model itself ---------------------------------------------------------------------


def test_staged_faces_ignore_how_they_were_grouped() -> None:
    a, b = StagedDice(["3,4,1"]), StagedDice(["3,4", "1"])
    for staged in (a, b):
        assert staged.take(DiceSpec.parse("2d6"), "contact") == (3, 4)
        assert staged.take(DiceSpec.parse("1d6"), "result") == (1,)
        assert staged.take(DiceSpec.parse("1d6"), "more") is None and staged.leftover("result") is None


def test_staged_faces_refuse_a_short_stage_and_name_leftovers() -> None:
    staged = StagedDice(["5"])
    with pytest.raises(RuleError, match="contact needs 2d6 \\(2 dice\\) but only 5 is left"):
        staged.take(DiceSpec.parse("2d6"), "contact")
    staged = StagedDice(["1,1", "4"])
    staged.take(DiceSpec.parse("2d6"), "33.D contact: x")
    assert staged.leftover("33.D contact: x") == "typed dice 4 left over: the last roll was 33.D contact: x, and it ended the command"
    assert StagedDice(["2"]).leftover("") == "typed dice 2 left over: this command rolls nothing"
    staged = StagedDice(["6"])
    staged.push_front("1,2")  # an answer's faces come first
    assert staged.take(DiceSpec.parse("3d6"), "s") == (1, 2, 6)


# --- check (33.A, 33.D, 33.E) ---------------------------------------------------------------------


@pytest.mark.parametrize("dice", ["--dice 3,4,1", "--dice 3,4 --dice 1"])
def test_33D_33E_check_takes_both_stages_from_one_or_two_groups(dice: str) -> None:
    """Central Med, Axis, Malta 10: NSN 10. 2d6 3+4=7: row 7 contacts from column 7 -> contact;
    1d6 1 on a unit outside interdiction zones: NE (Table 6)."""
    game = europa()
    r = ok(game, f"check 'Central Med' axis unit {dice}")
    assert dice_of(game) == [("2d6", (3, 4), "typed"), ("1d6", (1,), "typed")]
    check = game.ruleset.views["shipping-checks"](game.state)[0]
    assert (check["nsn"], check["contact_roll"], check["contacted"], check["result"]) == (10, 7, True, "NE")
    assert "CONTACT" in r.message


def test_33D_faces_left_over_after_no_contact_are_refused_naming_the_stage() -> None:
    """2d6 1+1=2 at NSN 10: row 2 has No Effect in column 10 -> the check ends; the 4 is refused."""
    game = europa()
    refused(game, "check 'Central Med' axis unit --dice 1,1,4", "typed dice 4 left over", "33.D contact", "ended the command")


def test_33E_a_typed_game_refuses_the_missing_result_stage_naming_it_and_its_die() -> None:
    game = europa(typed=True)
    r = refused(game, "check 'Central Med' axis unit --dice 3,4", "33.E result", "needs 1d6", "SHIPPING RESULTS TABLE")
    assert r.needs_dice == ("1d6", "33.E result: #1 in Central Mediterranean")
    assert "1 NE" in r.dice_detail and "6 ½E" in r.dice_detail  # the column, face by face, before the roll
    r = refused(game, "check 'Central Med' axis unit", "33.D contact", "needs 2d6")
    assert "NSN 10" in r.dice_detail and "contact on" in r.dice_detail


def test_33D_typed_faces_in_an_app_game_make_the_command_typed() -> None:
    """Typed faces for the contact: the result stage is asked for, not rolled behind the referee's back."""
    game = europa()
    r = refused(game, "check 'Central Med' axis unit --dice 6,6", "33.E result", "needs 1d6")
    assert r.needs_dice[0] == "1d6"
    ok(game, "check 'Central Med' axis unit --dice 6,6 --roll")  # --roll: the app rolls what is not typed
    assert [(s, src) for s, _, src in dice_of(game)] == [("2d6", "typed"), ("1d6", "app")]


def test_33E_sp_in_3_RE_increments_take_stages_in_order() -> None:
    """7 REs of SPs: 3 + 3 + 1 REs, one check each. Faces 1,1 (no) | 6,6 (contact) 1 (SP column: R) | 2,2 (4: row 4
    contacts only in column 13+: no). Every face used once, in order."""
    game = europa(typed=True)
    ok(game, "check 'Central Med' axis sp:7@convoy --dice 1,1,6,6,1,2,2")
    checks = game.ruleset.views["shipping-checks"](game.state)
    assert [(c["item"], c["res"], c["contact_roll"], c["result"]) for c in checks] == [
        ("convoy/1", 3.0, 2, ""), ("convoy/2", 3.0, 12, "R"), ("convoy/3", 1.0, 4, "")]


def test_33A_batch_dice_word_and_engine_dice_agree() -> None:
    a, b = europa(), europa()
    ok(a, "batch 'Central Med' axis unit@u empty-nt@e dice=3,4,1,1,1")
    ok(b, "batch 'Central Med' axis unit@u empty-nt@e --dice 3,4,1,1,1")
    assert a.state.world.sea.checks == b.state.world.sea.checks
    refused(europa(typed=True), "batch 'Central Med' axis unit@u --dice 1,1,1", "typed dice 1 left over", "33.D contact: u")


# --- the other rolling commands ---------------------------------------------------------------------


def test_roll_refuses_faces_of_a_second_stage_it_does_not_have() -> None:
    game = europa(typed=True)
    refused(game, "roll 2d6 --dice 3,4,1", "typed dice 1 left over")
    refused(game, "roll 2d6", "needs 2d6")
    ok(game, "roll 2d6 --dice 3 --dice 4")
    assert dice_of(game) == [("2d6", (3, 4), "typed")]


def test_31A6_destruction_roll_in_a_typed_game_is_asked_naming_it() -> None:
    game = europa(typed=True)
    ok(game, "capture Athens allied")
    refused(game, "answer destroy:Athens roll --dice 2,2", "left over", "31.A.6 destruction of Athens")
    r = refused(game, "answer destroy:Athens", "31.A.6 destruction of Athens", "needs 1d6")
    assert r.needs_dice[0] == "1d6"
    ok(game, "answer destroy:Athens --dice 2")
    assert dice_of(game) == [("1d6", (2,), "typed")] and game.state.world.ports["Athens"].destroyed


def to(game, key: str) -> None:
    for _ in range(40):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def test_33B2b_interference_in_a_typed_game_is_asked_naming_it() -> None:
    game = europa(typed=True)
    to(game, "allied-turn/initial/initial-naval")
    refused(game, "interfere eastern", "Italian naval interference", "needs 1d6")
    refused(game, "interfere eastern --dice 4,4", "typed dice 4 left over")
    ok(game, "interfere eastern --dice 4")
    assert dice_of(game) == [("1d6", (4,), "typed")]


def test_31B3_lc_damage_in_a_typed_game_is_asked_naming_it() -> None:
    game = europa(typed=True)
    to(game, "allied-turn/initial/initial-naval")
    refused(game, "land Sollum 1 --lc", "31.B.3 LC/LB damage at Sollum", "needs 1d6")
    refused(game, "land Sollum 1 --lc --dice 5,5", "typed dice 5 left over")
    r = ok(game, "land Sollum 1 --lc --dice 5")
    assert dice_of(game) == [("1d6", (5,), "typed")]
    assert "SUCCESS TABLE 1d6 5 = S" in " ".join(r.details)  # E22 chart: 4-5 S


def test_ocs_weather_roll_takes_typed_stages_like_every_other_roll() -> None:
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    ok(game, "set dice typed")
    refused(game, "answer weather", "weather needs 2d6")
    refused(game, "answer weather --dice 3,4,1", "typed dice 1 left over", "weather")
    ok(game, "answer weather --dice 3,4")
    assert dice_of(game) == [("2d6", (3, 4), "typed")] and game.state.world.weather == 7


def test_31A12_mulberry_emplacement_in_a_typed_game_is_asked_naming_it() -> None:
    """Calm seas, 23 MPs towed (-2), no enemy (+1 +1): 1d6+0; typed 6 -> S* (E22 chart)."""
    game = europa(typed=True)
    ok(game, "answer sea-state calm")
    ok(game, "mulberry available 'Mulberry A'")
    ok(game, "beach add Anzio allied hex=Anzio zone=Tyrrhenian")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "mulberry arrive 'Mulberry A' Anzio mps=23")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer mulberry-emplacement clear")
    refused(game, "answer emplace:mulberry-a", "Mulberry emplacement, Mulberry A", "needs 1d6")
    refused(game, "answer emplace:mulberry-a 6,1", "typed dice 1 left over")
    r = ok(game, "answer emplace:mulberry-a 6")
    assert dice_of(game) == [("1d6", (6,), "typed")] and "S* Great Success" in r.message


def test_33B2b_the_interference_prompt_in_a_typed_game_is_asked_naming_it() -> None:
    game = europa(typed=True)
    to(game, "allied-turn/initial/initial-naval")
    refused(game, "answer interference:eastern", "Italian naval interference", "needs 1d6")  # "roll" would ask the app
    ok(game, "answer interference:eastern 3")
    assert dice_of(game) == [("1d6", (3,), "typed")]
