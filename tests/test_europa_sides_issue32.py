"""Issue 32: who owns each Europa decision, answer and die roll (docs/cases/issue32-sides-cases.md, S-EU1 to S-EU14).

Each event of the log records its ``actor``: the side whose decision, answer or roll the command is. A game played
by e-mail will refuse a command signed by another side, so each test plays the case on the Mediterranean 1943
scenario and asserts the actor of the event, in the other player's turn wherever the case says a side owns the
decision whatever the phase. Rule texts: seeds 000 (31) and 003 (33); RULINGS E22.

No test (no command of the app records the decision): S-EU10, the choices inside a shipping result (the 3 RE
increments are made by the app, the NTs and SPs lost and the returned reinforcement's port are only described), and
the AA fire of S-EU13 (the bombing hits are typed, the AA roll is not recorded).
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game
from sides_cases import actor, to

AXIS_NAVAL = "axis-turn/initial/initial-naval"
AXIS_REACTION = "axis-turn/reaction/reaction-naval"
ALLIED_NAVAL = "allied-turn/initial/initial-naval"
ALLIED_REACTION = "allied-turn/reaction/reaction-naval"


def at(key: str = AXIS_NAVAL):
    """A new Mediterranean 1943 game (seed 3) at the segment ``key``."""
    game = memory_game(data_dir(), "europa", None, seed=3, clock=fixed_clock)
    to(game, key)
    return game


def test_S_EU1_31_A_1_intrinsic_capacity_declared_by_the_ports_owner_in_either_turn() -> None:
    """S-EU1, 31.A.1 note: "Intrinsic supply capacity may be declared to be used in either players turn as long as no
    port capacity of any kind is marked as being used previously." 31.A: "A player may only use a port if he owns it
    in his initial phase." The owner declares, in his turn and in the opponent's."""
    game = at(AXIS_NAVAL)
    assert actor(game, "intrinsic Tobruk") == "allied"  # an Allied port, in the Axis player turn
    assert actor(game, "intrinsic Tripoli") == "axis"
    to(game, ALLIED_NAVAL)
    assert actor(game, "intrinsic Benghazi") == "allied"
    assert actor(game, "intrinsic Bizerte") == "axis"  # an Axis port, in the Allied player turn


@pytest.mark.parametrize("answer", ["6", "1", "decline"])
def test_S_EU2_31_A_6_the_axis_player_tries_to_destroy_a_lost_port_in_the_allied_turn(answer: str) -> None:
    """S-EU2, 31.A.6: "Whenever the Axis player loses ownership of a mainland European [...] German-owned standard,
    major, or great port [...] he may try to destroy it if he wishes. If so, he rolls one die. The port is destroyed
    on a roll of 1 through 5." The attempt, the die and the decline are the Axis player's, in the Allied turn."""
    game = at(ALLIED_NAVAL)
    assert actor(game, "capture Athens allied") == "allied"
    assert actor(game, f"answer destroy:Athens {answer}") == "axis"
    assert game.state.world.ports["Athens"].destroyed is (answer == "1")
    assert len(game.events[-1]["dice"]) == (0 if answer == "decline" else 1)


def test_S_EU3_31_A_6_the_allied_player_upgrades_a_destroyed_port_and_repairs_it() -> None:
    """S-EU3, 31.A.6: "The Allied player may upgrade a port, per Rule ??? . When the port is upgraded, the "Hit"
    markers on it and the marshalling yard may be repaired normally up to its operational capacity." Both are the
    Allied player's, also when typed in the Axis player turn."""
    game = at(ALLIED_NAVAL)
    actor(game, "capture Athens allied")
    actor(game, "answer destroy:Athens 1")
    to(game, "axis-turn/initial/initial-movement")
    assert actor(game, "upgrade Athens") == "allied"
    assert actor(game, "repair Athens") == "allied"
    assert actor(game, "yard Athens repair") == "allied"
    port = game.state.world.ports["Athens"]
    assert (port.reduced, port.hits) == (2, 11)


def test_S_EU4_31_A_12_the_allied_player_tows_a_mulberry_in_any_allied_naval_step() -> None:
    """S-EU4, 31.A.12: "During any Allied naval step once a Mulberry is available, an Allied TF or NT may tow it from
    any port in Britain to emplace it at an Allied-owned beach hex." Allied, also in his reaction naval step of the
    Axis player turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, 'mulberry available "Mulberry A"') == "allied"
    to(game, AXIS_REACTION)
    assert actor(game, 'mulberry tow "Mulberry A" "United Kingdom ports" LST') == "allied"
    assert game.state.world.sea.mulberries["Mulberry A"].status == "towing"


@pytest.mark.parametrize("roll", ["answer emplace:mulberry-a 4", "result emplace:mulberry-a S"])
def test_S_EU5_31_A_12_the_allied_player_rolls_the_mulberry_emplacement(roll: str) -> None:
    """S-EU5, 31.A.12: "At the beginning of the next Allied initial phase the Allied player rolls a die to determine
    if the mulberry is emplaced successfully." The enemy near it, the roll and a typed letter (RULINGS E22) are his."""
    game = at(ALLIED_NAVAL)
    actor(game, 'mulberry available "Mulberry A"')
    actor(game, 'mulberry tow "Mulberry A" "United Kingdom ports"')
    actor(game, 'mulberry arrive "Mulberry A" "Sollum beach" mps=10')
    to(game, AXIS_NAVAL)
    to(game, ALLIED_NAVAL)
    assert actor(game, "answer mulberry-emplacement clear") == "allied"
    assert actor(game, roll) == "allied"
    assert game.state.world.sea.mulberries["Mulberry A"].status == "emplaced"


def test_S_EU6_31_B_3_the_lc_lb_damage_roll_is_the_landing_players() -> None:
    """S-EU6, 31.B.3: "If LCSs or LBs are used to disembark cargo at a beach, they must roll on the SUCCESS TABLE to
    avoid damage." AMBIGUOUS; the recommended reading (a): the owner of the LCs/LBs, the player landing the cargo (here
    the Allied player, landing in his reaction phase of the Axis player turn)."""
    game = at(AXIS_REACTION)
    assert actor(game, "land Sollum beach 0.5 --lc --dice 3") == "allied"
    assert [d["purpose"] for d in game.events[-1]["dice"]] == ["31.B.3 LC/LB damage at Sollum beach"]


def test_S_EU7_33_D_the_enemy_of_the_shipping_rolls_for_contact() -> None:
    """S-EU7, 33.D: "To check an item of cargo or a naval unit to see if anti-shipping forces contact it, the enemy
    player rolls two dice and consults the ANTI-SHIPPING TABLE." The Allied player rolls for Axis shipping in the Axis
    initial phase; the Axis player for Allied shipping moved in the Allied reaction of the Axis player turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "check central axis sp:3 --dice 2,2") == "allied"
    assert [d["spec"] for d in game.events[-1]["dice"]] == ["2d6"]
    assert actor(game, "batch central axis unit@7-6 empty-nt dice=2,2,2,2") == "allied"
    to(game, AXIS_REACTION)
    assert actor(game, "check central allied sp:3 --dice 2,2") == "axis"
    to(game, ALLIED_NAVAL)
    assert actor(game, "check central allied unit@6-5 --dice 2,2") == "axis"


def test_S_EU8_33_F_a_naval_supply_line_is_traced_by_its_owner_with_no_roll() -> None:
    """S-EU8, 33.F: "If being traced through any portion of a sea zone, the Naval Status Number is added to the SLP
    count (Rule ???) of the port from which a unit is tracing supply." AMBIGUOUS; the recommended reading (a): no
    roll, the number only raises the SLP count; the tracing is the line's owner's, here in the other player's turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "supply-line Tobruk eastern") == "allied"
    assert game.events[-1]["dice"] == []
    to(game, ALLIED_NAVAL)
    assert actor(game, "supply-line Tripoli central") == "axis"
    assert game.events[-1]["dice"] == []


def test_S_EU9_33_E_the_shipping_result_die_is_the_contact_rollers() -> None:
    """S-EU9, 33.E: "If anti-shipping forces contact the item of cargo, immediately check to see the effect on it.
    Roll one die and consult the SHIPPING RESULTS TABLE." AMBIGUOUS; the recommended reading (a): the enemy player who
    rolled contact rolls the result die too (one check, 33.A), never the cargo's owner."""
    game = at(AXIS_NAVAL)
    assert actor(game, "check central axis sp:3 --dice 6,6,3") == "allied"
    assert [d["spec"] for d in game.events[-1]["dice"]] == ["2d6", "1d6"]
    to(game, ALLIED_NAVAL)
    assert actor(game, "check central allied sp:3 --dice 6,6,3") == "axis"
    assert [d["purpose"] for d in game.events[-1]["dice"]][1].startswith("33.E result")


@pytest.mark.parametrize("line", ["answer interference:eastern 4", "result interference:eastern S",
                                  "interfere eastern roll --dice 2", "answer interference:eastern decline"])
def test_S_EU11_33_B_2_b_the_axis_player_attempts_italian_interference_in_the_allied_initial_phase(line: str) -> None:
    """S-EU11, 33.B.2.b: "However, during any Allied initial phase, the Axis player may attempt to significantly
    interfere with Allied shipping in these sea zones. Roll on the SUCCESS TABLE and apply the following results:"
    The attempt, its roll, a typed letter (RULINGS E22) and a decline are the Axis player's, non-phasing."""
    game = at(ALLIED_NAVAL)
    assert game.phasing_side == "allied"
    assert actor(game, line) == "axis"


@pytest.mark.parametrize("line", ["interdict tight", "answer interdiction-zone loose", "answer interdiction-zone none"])
def test_S_EU12_33_B_7_the_allied_player_declares_the_south_aegean_zone(line: str) -> None:
    """S-EU12, 33.B.7: "If all of the following conditions are met, the Allied player may declare the southern portion
    of the Aegean Sea to be under naval interdiction [...]" "It may be specified to be a tight or loose zone:" The
    declaration and its kind are the Allied player's (in his initial phase)."""
    game = at(AXIS_NAVAL)
    actor(game, "capture Crete ports allied")
    to(game, ALLIED_NAVAL)
    assert actor(game, line) == "allied"
    assert (game.state.world.sea.iz is None) is line.endswith("none")


def test_S_EU13_33_B_7_d_the_axis_player_bombs_the_interdiction_zone() -> None:
    """S-EU13, 33.B.7: "This AA strength may only fire against enemy air units flying the naval interdiction bombing
    mission." "The interdiction zone may be bombed." The bombing is the Axis player's, whichever player turn it is.
    The AA roll (recommended reading (a): the Allied player's) has no command: the hits are typed after it."""
    game = at(AXIS_NAVAL)
    actor(game, "capture Crete ports allied")
    to(game, ALLIED_NAVAL)
    actor(game, "interdict tight")
    assert actor(game, "interdict bomb 1") == "axis"
    to(game, "allied-turn/exploitation/exploitation-naval")
    assert actor(game, "interdict bomb 1") == "axis"
    assert game.state.world.sea.iz.hits == 2


def test_S_EU14_33_C_each_side_places_and_withdraws_its_own_anti_shipping_air_units() -> None:
    """S-EU14, 33.C: "Both friendly and enemy air units in the ANTI-SHIPPING BOX or enemy naval air missions (naval
    patrol or naval strike), modify the naval status number." Each side places and takes off its own air units, in
    either player turn. (The matching, longest ranges first, is computed: no one chooses it.)"""
    game = at(AXIS_NAVAL)
    assert actor(game, "air add Beau allied central role=fighter type=non-naval range=20 tbf=1") == "allied"
    assert actor(game, "air add Ju88 axis central role=bomber type=non-naval range=12 tbf=2") == "axis"
    to(game, ALLIED_NAVAL)
    assert actor(game, "air add He111 axis eastern role=bomber type=non-naval range=16 tbf=2 mission=strike") == "axis"
    assert actor(game, "air remove Ju88") == "axis"
    to(game, "axis-turn/exploitation/exploitation-naval")
    assert actor(game, "air remove Beau") == "allied"
    assert [u.name for u in game.state.world.sea.air] == ["He111"]
