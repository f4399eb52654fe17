"""AWAW clauses implemented before any test asserted them (seed 004; issue 20, "Implemented, but no test asserts it"):
seaborne invasion mechanics (21.514A-D, 21.5153B-C, 21.516A, 21.518B, D, 21.5183), one test each, citing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.awaw_core_fixtures import tables
from tests.awaw_ops_fixtures import ops_tables
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw import basing as B
from tui.rules.awaw import invasion as I
from tui.rules.awaw.transport import Cargo
from tui.session import create_game

ALLIED_MISSIONS = "second-turn/combat/naval-missions"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_514A_B_destroyers_need_not_be_based_at_the_base_of_embarkation(game) -> None:
    """Alexandria's destroyers carry commandos embarking at Malta (A), moving there on the way (B)."""
    to(game, ALLIED_MISSIONS)
    r = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Med --distance 18 --supplied')
    assert "from Malta" in r.message and "on RN-DD-Med" in r.message
    assert game.state.world.units["RN-DD-Med"].base == "Alexandria"


def test_21_514C_several_bases_of_embarkation_but_one_invasion_hex(game) -> None:
    to(game, ALLIED_MISSIONS)
    r = ok(game, 'invade CC20 Malta,Alexandria --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Med --distance 18 '
                 '--supplied')
    assert "from Malta, Alexandria" in r.message
    refused(game, 'invade CC20,CC21 Malta --hex-kind beach --cargo "Cdo2:1:commando" --by RN-DD-Malta --distance 5 '
                  '--supplied', "independent missions (21.514C)")


def test_21_514D_accompanying_ships_bombard_under_the_destroyers_restrictions(game) -> None:
    """Other naval units accompany the invasion to bombard it; they are checked like the destroyers (range, 21.522)."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by Renown --distance 41", "40")
    ok(game, f"bombard {mid} --by Renown --distance 18")
    assert "Renown" in game.state.world.ops["missions"][mid]["bombard"]


def test_21_5153B_submarines_asw_and_transports_do_not_prevent_an_invasion() -> None:
    t = ops_tables()
    ships = [I.EnemyShip("submarine", 12), I.EnemyShip("asw", 10), I.EnemyShip("transport", 10)]
    assert I.naval_presence(ships, "CC20", t).value is False
    assert I.naval_presence([I.EnemyShip("battleship", 10)], "CC20", t).value is True
    assert I.naval_presence([I.EnemyShip("cruiser", 2, in_tf=True)], "CC20", t).value is True  # any TF (A)
    assert I.naval_presence([I.EnemyShip("battleship", 12, damaged=True)], "CC20", t).value is False  # undamaged (A)


def test_21_5153C_ships_in_lorient_or_famagusta_do_not_prevent_an_invasion() -> None:
    t = ops_tables()
    fleet = [I.EnemyShip("battleship", 12, in_tf=True)]
    for port in ("Lorient", "Famagusta"):
        check = I.naval_presence(fleet, port, t)
        assert check.value is False and check.rule == "21.5153C"


def test_21_516A_an_invasion_stopped_before_embarkation_returns_its_ships_home() -> None:
    assert "return to their original base; nothing was embarked (21.516A)" in I.failure("before", "Malta")


def test_21_518B_armor_without_a_ctl_makes_no_breakthrough() -> None:
    t = ops_tables()
    armor = Cargo("Pz", 3, "armor", ctl=0, mech_intact=True)
    assert I.exploitation((armor,), {"pz"}, {"pz"}, t).value is False


def test_21_518D_no_survivor_in_the_hex_no_breakthrough() -> None:
    t = ops_tables()
    armor = Cargo("Pz", 3, "armor", ctl=1, mech_intact=True)
    assert I.exploitation((armor,), {"pz"}, set(), t).value is False


def test_21_5183_exploiting_armor_loses_one_ctl() -> None:
    t = ops_tables()
    armor = Cargo("Pz", 3, "armor", ctl=2, mech_intact=True)
    check = I.exploitation((armor,), {"pz"}, {"pz"}, t)
    assert check.value is True and "CTL is reduced by 1" in check.notes[0] and "21.5183" in check.notes[0]


# --- fast carrier missions, sea escort, raiders ---------------------------------------------------------------------


def test_21_551_a_fast_carrier_mission_needs_a_fast_carrier(game) -> None:
    to(game, ALLIED_MISSIONS)
    refused(game, "carrier-mission Y20 --by Renown,RN-CA-ForceH --distance 18", "at least one fast carrier (21.551)")


def test_21_555C_a_carrier_mission_neither_intercepts_nor_counter_intercepts(game) -> None:
    to(game, ALLIED_MISSIONS)
    r = ok(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 18")
    assert any("may not intercept or counter-intercept, and fights only if intercepted (21.555C)" in d for d in r.details)
    assert game.state.world.units["Eagle"].at_sea and game.state.world.units["RN-CA-ForceH"].at_sea  # 21.555B: together


def test_21_65I_sea_escorts_to_different_destinations_are_separate(game) -> None:
    to(game, "second-turn/redeployment/naval-redeployment")
    refused(game, 'escort Alexandria Malta Gibraltar --cargo "3-2 Inf:3" --by RN-DD-Med', "carried out separately (21.65I)")


def test_21_66A_a_surviving_escort_delivers_its_cargo() -> None:
    from tui.rules.awaw.escort import escort_result

    assert escort_result(3, 3, False, False, "Malta").value == "delivered"
    assert escort_result(3, 2, False, False, "Malta").value == "eliminated"  # 21.66C
    assert escort_result(3, 3, False, True, "Malta").value == "returned"  # 21.66B
    assert escort_result(3, 3, True, False, "Malta").value == "eliminated"  # a transport carrying it lost


def test_21_5361B_engaged_raiders_attack_transports_only_if_no_unscreened_defender_survives() -> None:
    from tui.rules.awaw.raiders import may_attack_transports

    assert may_attack_transports(False, 3).value is True  # 21.5361A: not engaged
    assert may_attack_transports(True, 1).value is False
    check = may_attack_transports(True, 0)
    assert check.value is True and check.rule.startswith("21.5361B")


def test_21_533C_raider_groups_in_one_sw_box_are_numbered_in_priority_order(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    first = ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow').message
    second = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message
    assert "raider group 1 in the Atlantic SW box" in first and "raider group 2 in the Atlantic SW box" in second


# --- base changes, sea escort timing ----------------------------------------------------------------------------------


def test_21_221_units_may_change_base_to_a_port_that_is_not_operational(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    ok(game, "operational Alexandria no")
    assert game.state.world.bases["Alexandria"].operational is False
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    assert game.state.world.units["RN-DD-Malta"].base == "Alexandria"


def test_21_63A_B_oil_shipments_in_the_supply_determinations_and_21_63C_nrs_in_redeployment(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, "ship-oil germany 1 --by KM-DD-Norway", "not legal")
    refused(game, 'escort Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples', "not legal")
    to(game, "first-turn/movement/initial-supply")
    ok(game, "ship-oil germany 1 --by KM-DD-Norway")  # A
    to(game, "first-turn/combat/post-combat-supply")
    ok(game, "ship-oil germany 1 --by KM-DD-Kiel")  # B
    refused(game, 'escort Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples', "not legal")
    to(game, "first-turn/redeployment/naval-redeployment")
    ok(game, 'escort Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples')  # C


# --- sea transport, patrols, raids -----------------------------------------------------------------------------------


def test_21_435A_B_transport_destroyers_need_not_be_based_at_the_base_of_embarkation(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Messina --distance 12')
    assert "Naples → Tripoli" in r.message and game.state.world.units["RM-DD-Messina"].base == "Messina"


def test_21_437B_stacking_does_not_limit_the_ground_units_sea_transported(game) -> None:
    """Six one-factor units from one port on Taranto's six destroyer factors: only the destroyer factors count."""
    to(game, "first-turn/movement/sea-transport")
    cargo = ", ".join(f"Bn{i}:1" for i in range(1, 7))
    r = ok(game, f'transport Taranto Tripoli --cargo "{cargo}" --by RM-DD-Taranto --distance 15')
    assert "6 factors" in r.message and "needs 6 destroyer factors" in r.message


def test_21_412_patrols_have_the_range_of_offensive_missions(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol Y20 RM-CA-Messina --distance 41", "40-hex limit")
    ok(game, "patrol Y20 RM-CA-Messina --distance 40 --legs 20,20 --ports Naples")


def test_21_531B_raiding_is_an_offensive_operation_of_the_combat_phase(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, 'raid "Atlantic SW" --by Scheer,Lutzow', "not legal")
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Scheer,Lutzow')


# --- 21.214E: redeployment between a U.S. box and the mapboard ------------------------------------------------------


def test_21_214E_a_redeployment_from_the_atlantic_us_box_ends_in_or_passes_a_western_front_port(game) -> None:
    """Straight to Gibraltar (a western front port) says nothing; to Malta through Naples only is refused: "must
    terminate in or pass through" is a restriction (proposed ruling A27, a reminder, withdrawn in issue 34)."""
    to(game, "second-turn/redeployment/naval-redeployment")
    r = ok(game, "nr Gibraltar USN-DD-Lant --distance 30 --legs 20,10 --ports Plymouth")
    assert not any("21.214E" in d for d in r.details)
    refused(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20 --ports Naples",
            "must terminate in or pass through a western front port; Malta is none, nor is Naples (21.214E, 28.75)")
    assert game.state.world.units["USN-CA-Lant"].base == "Atlantic U.S."


def test_21_214E_a_western_front_port_passed_meets_the_rule() -> None:
    from tests.awaw_core_fixtures import base, world
    from tui.rules.awaw.verbs_basing import us_box_route

    t = tables()
    box = base("Atlantic U.S.", "box", (), control="usa")
    malta, plymouth = base("Malta"), base("Plymouth", fronts=("western",))
    w = world([box, malta, plymouth], [])
    assert us_box_route(box, malta, [], w, t)
    assert us_box_route(box, malta, ["Plymouth"], w, t) == ()
    assert us_box_route(malta, box, ["Plymouth"], w, t) == ()


def test_21_112_overstacking_after_a_failed_nr_is_not_remedied(game) -> None:
    """Malta's room taken by NRs, an NR out of it fails and comes back: the excess may not be NRed away (no remedy) and
    is eliminated at once."""
    to(game, "second-turn/redeployment/naval-redeployment")
    refused(game, "nr-failed RN-DD-Malta", "--to ORIGIN")
    ok(game, "nr Alexandria RN-DD-Malta --distance 20")
    world = game.state.world
    left = B.room_left(world, world.bases["Malta"], tables()).value
    for i in range(0, left, 20):  # fill Malta's room (a counter holds 20 factors at most)
        ok(game, f"build RN-Filler{i} britain battleship {min(20, left - i)} Malta")
    r = ok(game, "nr-failed RN-DD-Malta --to Malta")
    assert "no remedy after a failed NR" in r.message and "21.112" in r.message
    assert game.state.world.units["RN-DD-Malta"].base == "Malta" and game.state.world.units["RN-DD-Malta"].unusable
    refused(game, "nr Alexandria RN-DD-Malta --distance 20", "no opportunity to remedy")
    ok(game, "eliminate RN-DD-Malta")


# --- timing and companions of the activities ------------------------------------------------------------------------


def test_21_225_air_units_stage_before_naval_base_changes(game) -> None:
    keys = [s.key for s in game.ruleset.sequence.segments]
    assert keys.index("first-turn/movement/air-staging") < keys.index("first-turn/movement/naval-movement")


def test_21_441_harbor_attacks_are_made_by_the_moving_player(game) -> None:
    to(game, "first-turn/movement/harbor-attacks")  # the Axis move
    refused(game, "harbor britain Taranto", "21.441")
    refused(game, "harbor germany Malta", "21.442")  # the moving player's, if he has the research result


def test_21_431_sea_transport_in_the_movement_phase_and_21_511_invasions_in_the_combat_phase(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'invade CC20 Naples --hex-kind beach --cargo "Pavia:3" --by RM-DD-Naples --distance 5 --supplied',
            "not legal")
    to(game, "first-turn/combat/naval-missions")
    refused(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12', "not legal")


def test_21_435E_other_naval_units_accompany_a_sea_transport(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples,RM-CA-Naples --distance 12')
    assert "carried by RM-DD-Naples, RM-CA-Naples" in r.message
    assert game.state.world.units["RM-CA-Naples"].acted  # employed with the destroyers


def test_21_23F_damaged_ships_are_displaced_in_the_normal_manner(game) -> None:
    to(game, "first-turn/movement/ground-movement")
    ok(game, "damage RM-CA-Messina")
    ok(game, "control Messina britain")
    ok(game, "displace Messina Naples RM-CA-Messina --distance 5")
    assert game.state.world.units["RM-CA-Messina"].base == "Naples" and game.state.world.units["RM-CA-Messina"].damaged


def test_21_522_21_552_bombardment_and_carrier_missions_have_the_offensive_range(game) -> None:
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by Renown --distance 41", "40-hex limit")
    refused(game, "carrier-mission Y20 --by Eagle,RN-CA-ForceH --distance 41", "40-hex limit")


def test_21_524_bombarding_ships_need_not_share_the_carrying_destroyers_base(game) -> None:
    """Malta's destroyers carry the invaders; Renown bombards from Gibraltar."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    ok(game, f"bombard {mid} --by Renown --distance 18")
    assert game.state.world.units["Renown"].base == "Gibraltar" and game.state.world.units["RN-DD-Malta"].base == "Malta"


@pytest.mark.parametrize(("box", "with_invasion", "ok_", "rule"), [
    ("Atlantic U.S.", True, True, "A"), ("Pacific U.S.", False, False, "A"), ("India", False, True, "B"),
    ("Australia", False, True, "B"), ("South Africa", True, False, "C"),
])
def test_21_523A_C_and_21_553A_C_bombardment_and_carrier_missions_from_mapboard_boxes(box: str, with_invasion: bool,
                                                                                      ok_: bool, rule: str) -> None:
    from tui.rules.awaw import bombardment as BO
    from tui.rules.awaw import carriers as CA
    from tui.rules.core.errors import RuleError

    for check, clause in ((BO.check_box, "21.523"), (CA.check_box, "21.553")):
        if ok_:
            check(box, with_invasion, ops_tables())
        else:
            with pytest.raises(RuleError, match=clause + rule):
                check(box, with_invasion, ops_tables())
