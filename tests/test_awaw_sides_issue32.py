"""Issue 32, who decides (docs/cases/issue32-sides-cases.md, S-AW1 to S-AW26; seed 004, chapter 21): each decision,
answer and typed result is logged with ``actor`` = the side that owns it, so that a game played by e-mail can refuse a
command signed by the other player. Each test plays the case on the bundled game (the Axis against the Allies) and
asserts the exact actor of each event applied; where a case is "either / not said", nothing is asserted.

Cases with no command in the app (nothing to test): the order of patrols (S-AW1: they are resolved one after the other
as announced), the air strikes of a patrol (S-AW6), the air cover over submarines (S-AW10), the choice of the invader's
excess units (S-AW18), the withholding of raiders and the transports' air defense roll (S-AW23), the carrier air
missions (S-AW25)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, ok, to
from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.awaw import basing as B
from tui.session import memory_game

PATROLS = "Patrols, base changes, SW deployments"
MISSIONS = "Invasions, bombardment, raiders, carrier missions"
NO, FAILED, WON, LOST = "no interception", "attempt failed", "patrol won", "patrol lost"
REMAIN, RETURN = "remain at sea", "return to base"


def _by(game, line: str) -> str:
    """Run ``line``, insist it was applied as one new event, and return the side its event names as the actor."""
    before = len(game.events)
    ok(game, line)
    assert len(game.events) == before + 1 and game.events[-1]["status"] == "applied", line
    return game.events[-1]["actor"]


def _at(segment: str, first: str = "axis"):
    """The bundled game, ``first`` moving first, at the segment whose title ends with ``segment``."""
    game = awaw_game()
    to(game, segment, first=first)
    return game


def _patrol():
    """The Axis move; Italy's cruiser at Messina patrols to Y20 (patrol 1)."""
    game = _at(PATROLS)
    assert _by(game, "patrol Y20 RM-CA-Messina --distance 9") == "axis"
    return game


def test_S_AW1_21_416A_B_the_moving_player_announces_patrols_base_changes_sw_deployments_and_routes() -> None:
    """21.416A: "The moving player announces all patrols, base changes and SW naval deployments (25.31)." 21.416B: "The
    first patrolling force then moves toward its patrol hex along whatever route the moving player wishes"."""
    game = _patrol()  # the patrol with its route (its distance by water)
    assert _by(game, "rebase Taranto RM-DD-Brindisi --distance 5") == "axis"  # a base change
    assert _by(game, "rebase 'Atlantic SW' KM-SS-Brest --distance 10") == "axis"  # an SW deployment
    allied = _at(PATROLS, first="allies")
    assert _by(allied, "rebase Alexandria RN-DD-Malta --distance 20") == "allies"
    assert _by(allied, "patrol Y20 Penelope --distance 5") == "allies"


def test_S_AW2_21_416C_21_4171_the_defender_intercepts_a_patrol_entering_a_hex_or_declines() -> None:
    """21.416C: "When a patrolling force enters a new hex, the defending player may attempt naval interception of the
    patrolling force in the same manner as other naval activities." Declining ('no interception') is his too."""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{NO}'") == "allies"
    game = _patrol()
    assert _by(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1") == "allies"
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"]["by"] == ["Penelope", "RN-DD-Malta"]


@pytest.mark.parametrize("result", [FAILED, WON, LOST])
def test_S_AW3_21_416C_the_interception_result_is_the_intercepting_players(result: str) -> None:
    """21.416C: "the defending player may attempt naval interception" (AMBIGUOUS, reading (a): the intercepting player
    rolls, or types the result, RULINGS A2): the attempt's result, failed or the naval combat's winner, is his."""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{result}'") == "allies"
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"]["result"] == result
    game = _patrol()
    assert _by(game, "intercept Y20 Penelope --distance 5 --target patrol-1 --missed") == "allies"  # no interception
    assert _by(game, f"answer patrol-1-route '{FAILED}'") == "allies"


@pytest.mark.parametrize("choice", ["continue", "abort"])
def test_S_AW4_21_416E_a_victorious_patrol_goes_on_or_aborts_at_the_moving_players_option(choice: str) -> None:
    """21.416E: "If the patrolling force wins the naval combat, it may either continue moving to its patrol hex or abort
    its patrol and return to port, at the moving player's option.\""""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{WON}'") == "allies"
    assert _by(game, f"answer patrol-1-continue '{choice}'") == "axis"


def test_S_AW5_21_416F_21_4191_victorious_interceptors_stay_as_a_defensive_patrol_at_the_defenders_option() -> None:
    """21.416F: "The victorious intercepting naval forces may remain in the interception hex as a defensive patrol
    (21.419) or return to port and invert for the remainder of the player turn, at the defender's option." (Returning
    is what happens without a command.)"""
    game = _patrol()
    assert _by(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1") == "allies"
    assert _by(game, f"answer patrol-1-route '{LOST}'") == "allies"
    assert _by(game, "defend Y20 Penelope RN-DD-Malta") == "allies"
    assert game.state.world.units["Penelope"].at_sea == "defensive-patrol"


@pytest.mark.parametrize("result", [FAILED, WON, LOST])
def test_S_AW6_21_416J_the_defender_intercepts_before_a_round_of_air_attacks_in_the_patrol_hex(result: str) -> None:
    """21.416J: "Before each round of counterair attacks/air strikes from the patrol hex, the defender has the option of
    attempting naval interception if he has not done so previously." (The air attacks have no command.)"""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{NO}'") == "allies"
    assert _by(game, f"answer patrol-1-strikes '{result}'") == "allies"


@pytest.mark.parametrize("choice", [REMAIN, RETURN])
def test_S_AW7_21_416K_the_moving_player_announces_whether_the_patrol_remains_or_returns(choice: str) -> None:
    """21.416K: "When the moving player has finished all his counterair attacks/air strikes from the patrol hex, he
    announces whether his patrolling force is returning to base or remaining in the patrol hex during the combat
    phase.\""""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{NO}'") == "allies"
    assert _by(game, f"answer patrol-1-strikes '{choice}'") == "axis"
    game = _patrol()  # the defender's attempt made on the way: the same announcement, asked alone
    assert _by(game, f"answer patrol-1-route '{FAILED}'") == "allies"
    assert _by(game, f"answer patrol-1-strikes-after '{choice}'") == "axis"


def _remaining():
    """Patrol 1 reached Y20 unintercepted and remains there (21.416L)."""
    game = _patrol()
    assert _by(game, f"answer patrol-1-route '{NO}'") == "allies"
    assert _by(game, f"answer patrol-1-strikes '{REMAIN}'") == "axis"
    return game


@pytest.mark.parametrize("answer", [NO, FAILED, WON])
def test_S_AW8_21_416L_the_defender_intercepts_a_patrol_that_stays(answer: str) -> None:
    """21.416L: "If a patrolling force remains in the patrol hex, the defender may attempt interception of the
    patrolling force, if he has not already done so.\""""
    game = _remaining()
    assert _by(game, f"answer patrol-1-hex '{answer}'") == "allies"


@pytest.mark.parametrize("choice", [REMAIN, RETURN])
def test_S_AW8_21_416L_the_victor_chooses_the_patrol_won(choice: str) -> None:
    """21.416L: "The loser returns to base and is inverted [...], and the victor has the option of returning to base and
    being inverted for the remainder of the player turn or remaining in the patrol hex": the patrol won, the moving
    player chooses."""
    game = _remaining()
    assert _by(game, f"answer patrol-1-hex '{WON}'") == "allies"
    assert _by(game, f"answer patrol-1-victor '{choice}'") == "axis"


def test_S_AW8_21_416L_the_victor_chooses_the_interceptors_won() -> None:
    """21.416L, the victor's option when the interceptors won: the defender keeps them in the hex (21.4191)."""
    game = _remaining()
    assert _by(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1") == "allies"
    assert _by(game, f"answer patrol-1-hex '{LOST}'") == "allies"
    assert _by(game, "defend Y20 Penelope RN-DD-Malta") == "allies"


def test_S_AW9_21_4192_21_4195_defensive_patrols_and_submarines_on_patrol_intercept_later() -> None:
    """21.4192: "The defensive patrolling force may attempt to intercept during the sea supply or sea transport segments
    of the movement phase and again during the combat phase." 21.4195: "Submarines on patrol during the opposing player
    turn are considered to be defensive patrols and may attempt to intercept any enemy naval activity during any turn
    segment\""""
    game = _patrol()
    ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1")
    ok(game, f"answer patrol-1-route '{LOST}'")
    ok(game, "defend Y20 Penelope RN-DD-Malta")
    to(game, "Sea transport")
    assert _by(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12') == "axis"
    assert _by(game, "intercept Y21 Penelope --distance 2") == "allies"
    subs = _submarine_at_sea()
    to(subs, "Second player turn › Movement phase › Sea transport")
    assert _by(subs, "intercept Y21 RN-SS-Malta --distance 2") == "allies"  # the Axis player turn


def _submarine_at_sea():
    """The Allies move first; RN-SS-Malta patrols to Y20, unintercepted, and stays there."""
    game = _at(PATROLS, first="allies")
    assert _by(game, "patrol Y20 RN-SS-Malta --distance 5") == "allies"
    for line in (f"answer patrol-1-route '{NO}'", f"answer patrol-1-strikes '{REMAIN}'", f"answer patrol-1-hex '{NO}'"):
        ok(game, line)
    to(game, "Patrols and missions return")
    return game


def test_S_AW10_21_4184B_C_submarines_stay_at_sea_and_the_enemy_attacks_them_next_player_turn() -> None:
    """21.4184B: "Submarine patrols may remain at sea when other patrols return to base." 21.4184C: "Each patrolling
    submarine at sea during the opposing player turn may be attacked in a single sortie by enemy land-based air units
    [...] during the movement phase of the opposing player's turn" (staying is the default; air cover has no
    command)."""
    game = _submarine_at_sea()
    assert game.state.world.units["RN-SS-Malta"].at_sea == "patrol"
    to(game, "Second player turn › Movement phase › Air staging")
    assert _by(game, "sub-air RN-SS-Malta --with 'land-based air'") == "axis"
    home = _submarine_at_sea()
    assert _by(home, "return RN-SS-Malta") == "allies"  # the owner does not keep it at sea


def test_S_AW11_21_112_the_owner_chooses_the_excess_ships_after_a_failed_base_change() -> None:
    """21.112: "If overstacking occurs involuntarily as a result of a failed attempt to change base [...] excess naval
    units of his choice are eliminated." (The return to the original base, rebase-failed, is no one's decision: no
    assertion.)"""
    game = _at(PATROLS, first="allies")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 20")
    world = game.state.world
    left = B.room_left(world, world.bases["Malta"], game.ruleset.tables).value
    for i in range(0, left, 20):  # Malta filled while the destroyer is away
        ok(game, f"build RN-Filler{i} britain battleship {min(20, left - i)} Malta")
    ok(game, "rebase-failed RN-DD-Malta")
    to(game, "Overstacking remedied")
    assert _by(game, "eliminate RN-DD-Malta") == "allies"


def test_S_AW12_21_23_the_owner_of_displaced_units_chooses_port_split_front_and_route() -> None:
    """21.23: "Should two such ports be equidistant, the owning player chooses." B: "the owning player chooses which
    naval units go to that port". C: "Naval units displaced from a two-front port choose the front". E: "The owner
    chooses the route to the new port." Usually in the enemy's player turn."""
    game = _at("Ground movement")  # the Axis move and take Gibraltar
    ok(game, "control Gibraltar germany")
    assert _by(game, "displace Gibraltar Malta Malaya Eagle Furious --distance 14 --front mediterranean") == "allies"
    assert _by(game, "displace Gibraltar Alexandria --distance 30 --front mediterranean") == "allies"  # the rest
    allied = _at("Ground movement", first="allies")  # the Allies move and take Messina
    ok(allied, "control Messina britain")
    assert _by(allied, "displace Messina Naples RM-CA-Messina --distance 5") == "axis"
    assert _by(allied, "displace Messina Taranto --distance 7") == "axis"


def test_S_AW13_21_232_the_enemy_of_displaced_units_decides_whether_to_intercept_them() -> None:
    """21.232A: "The movement of displaced naval units to their destination port may be attacked by eligible enemy air
    units and intercepted by eligible enemy naval units." D: "The moving player decides whether to attempt naval
    interception" (AMBIGUOUS, reading (a): the owner of the intercepting ships, the enemy of the displaced units)."""
    game = _at("Ground movement")
    ok(game, "control Gibraltar germany")
    ok(game, "displace Gibraltar Malta Malaya Eagle Furious --distance 14 --front mediterranean")
    assert _by(game, "answer displace-1 'not engaged'") == "axis"
    game = _at("Ground movement")
    ok(game, "control Gibraltar germany")
    ok(game, "displace Gibraltar Malta Malaya Eagle Furious --distance 14 --front mediterranean")
    assert _by(game, "answer displace-1 'engaged, fought through'") == "axis"
    assert _by(game, "intercept Y10 RM-CA-Naples --distance 20 --displaced Malaya,Eagle,Furious") == "axis"
    ok(game, "answer displace-1-2 'withdrew together'")  # the displaced units' withdrawal (21.232B): not said, no assertion
    own = _at("Ground movement")  # the moving player's own units displaced: the enemy is the other player
    ok(own, "control Messina britain")
    assert _by(own, "displace Messina Naples RM-CA-Messina --distance 5") == "axis"
    assert _by(own, "answer displace-1 'not engaged'") == "allies"
    assert _by(own, "intercept Z21 Penelope --distance 8 --displaced RM-CA-Messina") == "allies"


@pytest.fixture
def fall_1939(tmp_path: Path) -> Path:
    """The bundled data with no harbor attack made yet (Germany's initial attack possible, 21.444)."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    scen = data / "scenarios" / "awaw-mediterranean-1942.toml"
    scen.write_text(scen.read_text().replace("attacks_made = 1", "attacks_made = 0"))
    return data


def test_S_AW14_21_441_21_443A_the_moving_player_announces_a_harbor_attack(fall_1939: Path) -> None:
    """21.441: "Harbor attacks are resolved by the moving player during the movement phase". 21.443A: "The attacker
    announces the target hex, the nature of the attack and all his applicable modifiers." 21.444: Germany's initial
    attack."""
    game = _at("Harbor attacks", first="allies")
    assert _by(game, "harbor britain Taranto aircraft from Illustrious, +1") == "allies"
    german = memory_game(fall_1939, "awaw", seed=1, clock=fixed_clock)
    to(german, "Harbor attacks")
    assert _by(german, "harbor germany Malta") == "axis"


def _harbor():
    """The Allies move and attack Taranto (harbor attack 1)."""
    game = _at("Harbor attacks", first="allies")
    ok(game, "harbor britain Taranto aircraft from Illustrious, +1")
    return game


def test_S_AW15_21_443B_C_the_defender_announces_his_modifiers_then_both_players_cards() -> None:
    """21.443B: "The defender announces all his applicable modifiers, including the application of a
    counter-intelligence result." 21.443C: "Both players may play tactical cards" (one answer for both players' cards:
    either may give it, no assertion)."""
    game = _harbor()
    assert _by(game, "answer harbor-1-B yes") == "axis"
    ok(game, "answer harbor-1-C yes")


def test_S_AW16_21_443D_the_moving_player_resolves_the_harbor_attack() -> None:
    """21.443D: "The harbor attack is resolved." (21.441: "resolved by the moving player"; the typed result, RULINGS A2,
    is his as the roll is.)"""
    game = _harbor()
    ok(game, "answer harbor-1-B yes")
    ok(game, "answer harbor-1-C yes")
    assert _by(game, "answer harbor-1-D '2 ships damaged'") == "allies"
    assert _by(game, "harbor-losses Taranto --damaged Doria") == "allies"


def _invasion():
    """The Axis invade Malta from Messina (invasion-1)."""
    game = _at(MISSIONS)
    assert _by(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne, 132 Arm:2:armor:ctl=1" '
                     '--by RM-DD-Messina,RM-DD-Naples --distance 8 --supplied') == "axis"
    return game


def test_S_AW17_21_5153E_enemy_ships_in_the_invasion_hex_intercept_before_displacement() -> None:
    """21.5153E: "invasion is permitted and the enemy naval factors are displaced if the attacker occupies the invasion
    hex (21.23). Prior to displacement, the enemy naval factors may attempt interception.\""""
    game = _invasion()
    assert _by(game, "intercept Malta RN-DD-Malta --distance 0 --target invasion-1") == "allies"
    ok(game, "control Malta italy")
    assert _by(game, "displace Malta Alexandria RN-DD-Malta --distance 20") == "allies"  # as in S-AW12


def test_S_AW18_21_5283_the_attacking_player_distributes_the_invasion_losses() -> None:
    """21.5283: "Ground combat losses may be distributed as desired by the attacking player from among participating
    ground, air and naval units" (21.517K's excess units of the invading player's choice have no command)."""
    game = _invasion()
    ok(game, "bombard invasion-1 --by RM-CA-Taranto,RM-DD-Taranto --distance 8")
    to(game, "Regular combat")
    assert _by(game, "invasion-losses invasion-1 4") == "axis"  # the ways to take them
    assert _by(game, 'invasion-losses invasion-1 4 --ships "RM-DD-Taranto:2"') == "axis"


def _raid():
    """The Axis raid the Atlantic SW box with Tirpitz and Hipper (raid-1)."""
    game = _at(MISSIONS)
    assert _by(game, 'raid "Atlantic SW" --by Tirpitz,Hipper') == "axis"
    return game


def test_S_AW19_21_533C_the_raiding_player_designates_the_order_of_raider_groups() -> None:
    """21.533C: "the raiding player must designate one raiding group as the first raider, another as the second
    raider, and so on." (The groups are numbered in the order he sends them.)"""
    game = _raid()
    assert _by(game, 'raid "Atlantic SW" --by Scharnhorst') == "axis"
    assert [m["priority"] for m in game.state.world.ops["missions"].values()] == [1, 2]


def test_S_AW20_21_5341_the_defender_rolls_on_the_raider_table_or_declines() -> None:
    """21.5341: "the defender may roll one die for each raider group and consult the Raider Table [...] The defender
    may choose not to oppose a raiding group\""""
    game = _raid()
    assert _by(game, "raid-engage raid-1 --dice 4") == "allies"
    game = _raid()
    assert _by(game, "raid-engage raid-1 --result 3") == "allies"  # the result typed (RULINGS A2)
    assert _by(game, "raid-ships raid-1 --decline") == "allies"


def test_S_AW21_S_AW22_21_5342_the_defender_rolls_the_types_chooses_lesser_results_and_names_the_ships() -> None:
    """21.5342A: "the defender rolls a number of dice equal to his modified die roll"; D: "the defender must choose a
    lesser die roll and send the ship associated with that die roll"; E: "the defender chooses which eligible ships
    actually engage in naval combat with the raiders"."""
    game = _raid()
    ok(game, "raid-engage raid-1 --result 2")
    assert _by(game, "raid-ships raid-1 5,6") == "allies"  # S-AW21: the type dice
    assert _by(game, "answer raid-1-die-1-lesser 'a 4-factor battleship'") == "allies"  # S-AW21: a lesser result
    assert _by(game, "answer raid-1-die-2-ship Victorious") == "allies"  # S-AW22: the ships
    assert _by(game, "answer raid-1-die-2-escort RN-CA-Home") == "allies"
    assert _by(game, "answer raid-1-die-1-ship KGV") == "allies"


def test_S_AW23_21_5362_the_raiding_player_attacks_the_transports() -> None:
    """21.5362B: "The heavy and light ships in each raiding group combine and resolve a single fleet combat dice roll
    against the defending transports" (AMBIGUOUS, reading (a): the raiding player; the withholding and the transports'
    air defense roll have no command)."""
    game = _raid()
    ok(game, "raid-engage raid-1 --result 0")
    ok(game, "raid-engage raid-1 --attempt 2 --result 0")
    assert _by(game, "raid-return raid-1 --engaged --survivors 0 --transports-lost 1") == "axis"


def test_S_AW24_21_538_the_defender_makes_the_second_attempt_declines_and_intercepts_the_way_home() -> None:
    """21.538A: "a second die roll is made on the Raider Table for each raiding group [...] and the process set out in
    rule 21.534 is repeated". 21.538B: "After naval combat is resolved or declined by the defender, all surviving
    raiders and defending naval units return [...] and may be attacked by defending air units and intercepted by
    defending naval units as they do so\""""
    game = _raid()
    ok(game, "raid-engage raid-1 --result 0")
    assert _by(game, "raid-engage raid-1 --attempt 2 --result 3") == "allies"
    assert _by(game, "raid-ships raid-1 --decline") == "allies"
    assert _by(game, "intercept Y1 RN-CA-Rosyth --distance 24") == "allies"


def test_S_AW25_21_554B_the_moving_player_announces_fast_carrier_missions() -> None:
    """21.554B: "Independent fast carrier missions are announced at the same time as other offensive missions in the
    combat phase." (The carrier air units' missions have no command.)"""
    game = _at(MISSIONS, first="allies")
    assert _by(game, "carrier-mission Y20 --by Eagle,Furious,Renown --distance 18 --target Cagliari") == "allies"


@pytest.mark.parametrize("first, power, units", [("allies", "britain", "Aurora"), ("axis", "italy", "Roma")])
def test_S_AW26_21_71_the_owner_uninverts_his_units_at_the_end_of_his_turn(first: str, power: str, units: str) -> None:
    """21.71: "The ability to uninvert naval units is directly related to the number of oil counters assigned to naval
    purposes." (AMBIGUOUS, recommended reading (a): the owner, at the end of his own player turn; the allowance is
    either player's, no assertion.)"""
    game = _at("First player turn › End of player turn › Uninversion", first=first)
    ok(game, f"allowance {power} 10")
    assert _by(game, f"uninvert {units}") == first
