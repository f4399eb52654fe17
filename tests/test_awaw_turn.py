"""The AWAW turn (seed 004): seasons and winter (21.5151), initiative, start of a player turn (21.31, 21.32),
patrols returning (21.4183, 21.4184), uninversion (21.71, RULINGS A4), overstacking remedied (21.112)."""

from __future__ import annotations

from tests.awaw_core_fixtures import tables
from tests.awaw_game import answer, awaw_game, ok, refused, to
from tui.rules.core.phases import parse_start, turn_label


def test_turns_are_seasons_fall_1939_then_winter_1939_then_spring_1940() -> None:
    start = parse_start("season", "Fall 1939")
    assert [turn_label("season", start + i) for i in range(3)] == ["Fall 1939", "Winter 1939", "Spring 1940"]


def test_21_5151_winter_turns_are_flagged() -> None:
    assert tables().is_winter("Winter 1941") and not tables().is_winter("Fall 1941")


def test_initiative_decides_who_takes_the_first_player_turn() -> None:
    game = awaw_game()
    assert game.turn_label == "Summer 1942"
    to(game, "Air staging", first="allies")
    assert game.phasing_side == "allies"


def test_21_31_units_may_act_again_in_their_next_player_turn() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    answer(game, "patrol-1", "no interception")
    answer(game, "patrol-1", "return to base")
    assert game.state.world.units["RM-CA-Messina"].acted
    for _ in range(40):  # to the axis's next player turn (the next game turn)
        ok(game, "next --force")
        if game.state.pending_prompt("first") is not None:
            break
    ok(game, "answer first axis")
    ok(game, "next")
    assert not game.state.world.units["RM-CA-Messina"].acted


def test_21_4183_patrols_return_inverted_before_exploitation_and_21_4184_submarines_may_stay() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    for a in ("no interception", "remain at sea", "no interception"):
        answer(game, "patrol-1", a)
    ok(game, "patrol Y30 RM-SS-1 --distance 12")
    for a in ("no interception", "remain at sea", "no interception"):
        answer(game, "patrol-2", a)
    assert game.state.world.units["RM-CA-Messina"].at_sea == "patrol"
    to(game, "Patrols and missions return")
    ca, sub = game.state.world.units["RM-CA-Messina"], game.state.world.units["RM-SS-1"]
    assert (ca.at_sea, ca.inverted, ca.base) == ("", True, "Messina")
    assert sub.at_sea == "patrol"  # 21.4184B: may remain at sea
    to(game, "Second player turn › Movement phase › Air staging")
    assert game.state.world.units["RM-SS-1"].at_sea == "patrol"  # until the end of the opposing player turn
    to(game, "Second player turn › End of player turn › Uninversion")
    ok(game, "next --force")
    assert game.state.world.units["RM-SS-1"].at_sea == ""


def test_a4_uninversion_within_the_typed_allowance() -> None:
    game = awaw_game()
    to(game, "First player turn › End of player turn › Uninversion")
    refused(game, "uninvert Roma", "allowance italy N", "RULINGS A4")
    ok(game, "allowance italy 6")
    refused(game, "uninvert Littorio", "not inverted")
    ok(game, "uninvert Roma")  # 5 of the 6 factors
    assert not game.state.world.units["Roma"].inverted
    assert game.state.world.uninvert_allowance["italy"] == 1
    ok(game, "build Bolzano italy cruiser-2 2 Naples")
    refused(game, "uninvert Bolzano", "2 italy naval factors exceed the 1")
    refused(game, "uninvert Anson", "not axis units")


def test_a4_uninversion_only_in_its_segment() -> None:
    game = awaw_game()
    to(game, "Air staging")
    refused(game, "uninvert Roma", "not legal", "21.71")


def test_21_112_21_222_a_failed_base_change_overstacks_and_the_excess_is_eliminated() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "build Big1 italy battleship 19 Messina")
    ok(game, "build Big2 italy battleship 19 Messina")  # Messina: 9 + 38 = 47 of 50
    ok(game, "rebase Messina RM-DD-Naples --distance 6")  # 47 + 3 = 50: full, allowed
    refused(game, "rebase Messina RM-CA-Naples --distance 6", "21.112")  # 50 + 2 would exceed it
    ok(game, "build Big3 italy battleship 20 Naples")
    ok(game, "build Big4 italy battleship 20 Naples")  # Naples: 8 - 3 + 40 = 45
    ok(game, "build Big5 italy battleship 5 Naples")  # 50
    ok(game, "rebase-failed RM-DD-Naples")  # defeated: back at Naples, inverted, 53 of 50 (21.222)
    unit = game.state.world.units["RM-DD-Naples"]
    assert (unit.base, unit.inverted, unit.unusable) == ("Naples", True, True)
    refused(game, "patrol Y20 RM-DD-Naples --distance 3", "21.112")
    to(game, "Overstacking remedied")
    assert game.state.pending_prompt("overstack") is not None
    refused(game, "answer overstack yes", "Naples by 3")
    refused(game, "eliminate RM-DD-Naples Big5", "only excess units")  # either one alone removes the 3 over
    refused(game, "eliminate Big1", "Messina is not over capacity")
    ok(game, "eliminate RM-DD-Naples")
    ok(game, "answer overstack yes")
    assert game.state.world.units["RM-DD-Naples"].sunk
