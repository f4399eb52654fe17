"""AWAW 21.51 seaborne invasions: requirements (21.513), eligible hexes (21.5154), start (21.512, 21.514), winter (21.5151),
odds (21.5152), enemy naval units (21.5153), invasion combat (21.517), exploitation (21.518)."""

from __future__ import annotations

import pytest

from awaw_ops_fixtures import box, ops_tables, port
from tui.rules.awaw import invasion as I
from tui.rules.awaw.transport import Cargo
from tui.rules.core.errors import RuleError


@pytest.fixture(scope="module")
def t():
    return ops_tables()


INF = Cargo("50 Inf", 3)
ARM = Cargo("7 Arm", 4, "armor", ctl=1)
MAR = Cargo("1 Mar", 3, "marine")
COM = Cargo("Cdo", 1, "commando")


def test_21_513A_one_destroyer_factor_per_ground_factor_undefended(t) -> None:
    req = I.invasion_requirement((INF, ARM), False, False, t)
    assert (req.destroyers.value, req.transports.value) == (7, 0)


def test_21_513B_two_per_ground_factor_defended_counting_units_kept_back(t) -> None:
    """7 factors, one unit kept back from the initial combat still counts: 14 destroyer factors."""
    assert I.invasion_requirement((INF, ARM), True, False, t).destroyers.value == 14


def test_21_513C_from_a_box_reads_as_21_434_and_is_marked_an_assumption(t) -> None:
    req = I.invasion_requirement((INF, ARM), False, True, t)
    assert (req.destroyers.value, req.transports.value) == (14, 2)
    assert any("Assumption" in n for n in req.destroyers.notes)


@pytest.mark.parametrize("kind", ["beach", "gibraltar", "singapore", "one-hex-island"])
def test_21_5154_eligible_hexes(t, kind: str) -> None:
    assert I.check_hex(kind, (INF,), True, 0, t).value is True


def test_21_5154_other_hexes_refused(t) -> None:
    with pytest.raises(RuleError, match="21.5154"):
        I.check_hex("other", (INF,), False, 3, t)


def test_21_5154_commandos_may_invade_undefended_ports_at_ctl_two(t) -> None:
    assert I.check_hex("port", (COM,), False, 2, t).value is True
    with pytest.raises(RuleError, match="CTL is 2 or more; it is 1"):
        I.check_hex("port", (COM,), False, 1, t)
    with pytest.raises(RuleError, match="undefended"):
        I.check_hex("port", (COM,), True, 3, t)
    with pytest.raises(RuleError, match="only commandos"):
        I.check_hex("port", (COM, INF), False, 3, t)


def test_21_512A_commando_port_invasion_range_ten_or_five(t) -> None:
    I.check_range(10, "europe", True, t)
    I.check_range(5, "pacific", True, t)
    with pytest.raises(RuleError, match="21.512A"):
        I.check_range(6, "pacific", True, t)
    I.check_range(30, "europe", False, t)


def test_21_512B_E_and_21_514E_F_where_invaders_start(t) -> None:
    with pytest.raises(RuleError, match="21.512B"):
        I.check_start([port("Dutch Harbor", "pacific", theater="pacific")], (INF,), set(), t)
    with pytest.raises(RuleError, match="21.512E"):
        I.check_start([box("South Africa")], (INF,), set(), t)
    I.check_start([box("Atlantic U.S.")], (INF,), set(), t)
    with pytest.raises(RuleError, match="21.514E"):
        I.check_start([port("Malta")], (Cargo("X", 2, supply="partial"),), set(), t)
    with pytest.raises(RuleError, match="21.514F"):
        I.check_start([port("Malta")], (Cargo("X", 2, oil_effect=True),), set(), t)
    with pytest.raises(RuleError, match="21.514F"):
        I.check_start([port("Malta")], (Cargo("RAF", 2, "air"),), set(), t)


def test_21_437D_transported_units_may_not_invade_that_turn(t) -> None:
    with pytest.raises(RuleError, match="21.437D"):
        I.check_start([port("Malta")], (INF,), {"50 inf"}, t)


def test_21_512E_no_invasion_into_a_box(t) -> None:
    with pytest.raises(RuleError, match="21.512E"):
        I.check_target(box("India"))


def test_21_5151_winter(t) -> None:
    """21.5151 examples: a winter invasion from Britain through Gibraltar crosses western front sea hexes: prohibited;
    one confined to the Mediterranean is allowed."""
    with pytest.raises(RuleError, match="21.5151A"):
        I.check_winter(True, ("western", "mediterranean"), False, t)
    assert I.check_winter(True, ("mediterranean",), False, t).value is True
    with pytest.raises(RuleError, match="21.5151B"):
        I.check_winter(True, ("pacific",), True, t)
    assert I.check_winter(False, ("western",), True, t).value is True


@pytest.mark.parametrize("odds, ok", [("1:1", True), ("3:1", True), ("1.5:1", True), ("1:2", False), ("2:3", False)])
def test_21_5152_one_to_one_or_better_against_a_defended_hex(t, odds: str, ok: bool) -> None:
    if ok:
        I.check_odds(odds, True, t)
    else:
        with pytest.raises(RuleError, match="21.5152"):
            I.check_odds(odds, True, t)


def test_21_5152_undefended_hexes_need_no_odds_and_bad_odds_text_is_refused(t) -> None:
    assert I.check_odds("", False, t).value == "undefended"
    for bad in ("3", "a:b", "0:1", "1:0", "-1:1"):
        with pytest.raises(RuleError, match="ATTACK:DEFENCE"):
            I.check_odds(bad, True, t)


def test_21_5153_enemy_naval_presence(t) -> None:
    S = I.EnemyShip
    assert I.naval_presence([S("battleship", 4), S("cruiser", 3), S("destroyer", 3)], "Bizerta", t).value is True
    assert I.naval_presence([S("battleship", 4), S("cruiser", 3), S("destroyer", 2)], "Bizerta", t).value is False
    # B: submarines, ASW, transports are not counted; damaged factors are not counted
    assert I.naval_presence([S("battleship", 4), S("submarine", 6), S("cruiser", 5, damaged=True)], "Bizerta", t).value is False
    # A: any enemy TF prevents it
    assert I.naval_presence([S("cruiser", 2, in_tf=True)], "Bizerta", t).value is True
    # C: not at Lorient or Famagusta
    assert I.naval_presence([S("battleship", 20, in_tf=True)], "Lorient", t).value is False


def test_21_517A_two_units_by_sea_marines_and_commandos_excepted(t) -> None:
    I.check_sea_attackers((INF, ARM, MAR, COM), t)
    with pytest.raises(RuleError, match="21.517A"):
        I.check_sea_attackers((INF, ARM, Cargo("51 Inf", 3)), t)


def test_21_517E_defender_dm_unless_half_the_force_is_marines(t) -> None:
    assert I.defender_dm((INF, ARM), t).value == 1
    assert I.defender_dm((INF, MAR), t).value == 0  # 3 of 6 factors: exactly half
    assert I.defender_dm((ARM, MAR), t).value == 1  # 3 of 7


def test_21_517F_defensive_air_support_tripled(t) -> None:
    assert I.defensive_air_support(4, t).value == 12


def test_21_517D_ground_support_at_most_three_times_the_ground_factors(t) -> None:
    assert I.ground_support_cap(3, 9, t).value == 9
    with pytest.raises(RuleError, match="21.517D"):
        I.ground_support_cap(3, 10, t)


def test_21_517J_occupation_limits(t) -> None:
    assert I.occupation_limit(True, False, False, t).value == 5
    assert I.occupation_limit(True, True, False, t).value == 1
    assert I.occupation_limit(True, True, True, t).value == 2
    assert I.occupation_limit(True, False, False, t).terms[1].value == 3


def test_21_518_breakthrough_needs_surviving_armor_with_ctl_in_the_final_round(t) -> None:
    assert I.exploitation((INF, ARM), {"7 arm"}, {"50 inf"}, t).value is True
    assert I.exploitation((INF, ARM), set(), {"50 inf"}, t).value is False  # C
    assert I.exploitation((INF, Cargo("7 Arm", 4, "armor", ctl=0)), {"7 arm"}, {"7 arm"}, t).value is False  # B
    assert I.exploitation((INF, Cargo("7 Arm", 4, "armor", ctl=1, mech_intact=False)), {"7 arm"}, {"7 arm"}, t).value is False  # A
    assert I.exploitation((INF, ARM), {"7 arm"}, set(), t).value is False  # D
