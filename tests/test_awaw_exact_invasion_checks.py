"""AWAW seaborne invasion checks, exactly (seed 004, 21.512-21.518): requirements, restrictions and odds in full.

Each test pins the figures, labels, rule numbers and refusals of one check, so
that a changed clause, term or message is noticed.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from awaw_ops_fixtures import box, ops_tables, port
from tui.rules.awaw.invasion import (EnemyShip, check_dutch_harbor, check_hex, check_odds, check_sea_attackers, check_start,
                                     check_target, check_winter, computed_odds, defender_dm, exploitation, from_japan,
                                     invasion_requirement, is_aleutian, naval_presence)
from tui.rules.awaw.transport import Cargo
from tui.rules.core.errors import RuleError
from tui.rules.core.explain import Explained

FORCE = (Cargo("1 Inf", 3), Cargo("2 Mar", 2, "marine"))


def test_21_513B_a_defended_hex_two_destroyer_factors_a_ground_factor_no_transport() -> None:
    """21.513B, C: 5 ground factors against a defended hex from a port: 10 destroyer factors, no transport."""
    req = invasion_requirement(FORCE, True, False, ops_tables())
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for the invasion", "value": 10, "rule": "21.513B",
        "terms": [{"label": "5 ground factors x 2 (defended hex, counting units kept back)", "value": 10, "rule": "21.513B"}],
        "notes": []}
    assert req.transports.to_dict() == {
        "name": "transports for the invasion", "value": 0, "rule": "21.513C",
        "terms": [{"label": "not from a mapboard box", "value": 0, "rule": "21.513C"}], "notes": []}


def test_21_513C_from_a_box_two_destroyer_factors_a_factor_and_a_transport_per_five() -> None:
    """21.513A, C: an undefended hex from a box: 5 x 1 raised to 5 x 2 = 10 (the figure cites 21.513C, which gave it),
    and one transport; defended, 10 already."""
    req = invasion_requirement(FORCE, False, True, ops_tables())
    assert req.destroyers.to_dict() == {
        "name": "destroyer factors for the invasion", "value": 10, "rule": "21.513C",
        "terms": [{"label": "5 ground factors x 1 (undefended hex)", "value": 5, "rule": "21.513A"},
                  {"label": "from a mapboard box: 5 x 2", "value": 10, "rule": "21.513C"}],
        "notes": ["Assumption: the seed prints the heading 21.513C without its text. Read as 21.434B for sea transport: two "
                  "destroyer factors per ground factor from a mapboard box (the larger figure applies when the hex is "
                  "also defended)."]}
    assert req.transports.to_dict() == {
        "name": "transports for the invasion", "value": 1, "rule": "21.513C",
        "terms": [{"label": "5 ground factors / 5, rounded up", "value": 1, "rule": "21.513C"}],
        "notes": ["Assumption: the heading 21.513C is printed without its text. Read as 21.434C: one transport of the SW "
                  "box passed through per five ground factors, rounded up (21.64C)."]}
    defended = invasion_requirement(FORCE, True, True, ops_tables()).destroyers
    assert (defended.value, len(defended.terms), defended.notes) == (10, 1, ())


@pytest.mark.parametrize("cargo, message", [
    ((), "a seaborne invasion carries at least one ground factor (21.513)"),
    ((Cargo("9 Air", 1, "air"),), "air units may not invade (21.514F)"),
])
def test_21_513_21_514F_an_invasion_carries_ground_factors(cargo, message) -> None:
    """21.513, 21.514F."""
    with pytest.raises(RuleError) as err:
        invasion_requirement(cargo, True, False, ops_tables())
    assert str(err.value) == message


def test_21_5154_a_beach_hex_is_eligible_and_commandos_may_take_an_undefended_port_at_ctl_2() -> None:
    """21.5154: beach, Gibraltar, Singapore, one-hex islands; commandos alone an undefended port at Western Allied CTL 2."""
    assert check_hex("beach", FORCE, True, 0, ops_tables()).to_dict() == {
        "name": "eligible invasion hex", "value": True, "rule": "21.5154",
        "terms": [{"label": "a beach hex", "value": 1, "rule": "21.5154"}], "notes": []}
    assert check_hex("port", (Cargo("No 2 Cdo", 1, "commando"),), False, 2, ops_tables()).to_dict() == {
        "name": "eligible invasion hex", "value": True, "rule": "21.5154",
        "terms": [{"label": "an undefended port, commandos only", "value": 1, "rule": "21.5154"},
                  {"label": "Western Allied CTL", "value": 2, "rule": "21.5154"}], "notes": []}


@pytest.mark.parametrize("kind, cargo, defended, ctl, message", [
    ("port", FORCE, False, 2, "only commandos may invade a port hex that is not a beach (21.5154)"),
    ("port", (Cargo("K", 1, "commando"),), True, 2, "commandos may invade only undefended port hexes (21.5154)"),
    ("port", (Cargo("K", 1, "commando"),), False, 1,
     "commandos may invade ports only when the Western Allied CTL is 2 or more; it is 1 (21.5154)"),
    ("other", FORCE, False, 2, "seaborne invasions may only be made against a beach hex, Gibraltar, Singapore or one-hex "
                               "islands, not other (21.5154)"),
    ("lake", FORCE, False, 2, "the invasion hex is one of beach, gibraltar, singapore, one-hex-island, port, other, not 'lake'"),
])
def test_21_5154_other_hexes_are_refused(kind, cargo, defended, ctl, message) -> None:
    """21.5154: each refusal says why."""
    with pytest.raises(RuleError) as err:
        check_hex(kind, cargo, defended, ctl, ops_tables())
    assert str(err.value) == message


def test_21_5151_weather() -> None:
    """21.5151A, B: not winter, anything; in winter, not through western or eastern front sea hexes, nor the Aleutians."""
    assert check_winter(False, ("western",), True, ops_tables()).to_dict() == {
        "name": "weather allows the invasion", "value": True, "rule": "21.5151",
        "terms": [{"label": "not a winter turn", "value": 0, "rule": "21.5151"}], "notes": []}
    assert check_winter(True, ("mediterranean",), False, ops_tables()).to_dict() == {
        "name": "weather allows the invasion", "value": True, "rule": "21.5151",
        "terms": [{"label": "winter, naval movement only on mediterranean fronts", "value": 0, "rule": "21.5151A"}], "notes": []}
    assert check_winter(True, (), False, ops_tables()).terms[0].label == "winter, naval movement only on other fronts"
    assert check_winter(True, ("mediterranean", "pacific"), False, ops_tables()).terms[0].label == (
        "winter, naval movement only on mediterranean, pacific fronts")
    with pytest.raises(RuleError) as err:
        check_winter(True, ("western", "mediterranean", "eastern"), False, ops_tables())
    assert str(err.value) == "winter: seaborne invasions moving through western and eastern front sea hexes are prohibited (21.5151A)"
    with pytest.raises(RuleError) as err:
        check_winter(True, ("mediterranean",), True, ops_tables())
    assert str(err.value) == "winter invasions of Aleutian islands are prohibited (21.5151B)"


PRESENCE = ("Invasion permitted; if the attacker occupies the hex, these naval units are displaced (21.23) and may first "
            "attempt interception (21.5153E).")


def _presence(tfs: int, loose: int) -> list[dict[str, object]]:
    return [{"label": "enemy naval units in a TF", "value": tfs, "rule": "21.5153A"},
            {"label": "undamaged enemy factors not in a TF (no submarines, ASW, transports)", "value": loose, "rule": "21.5153A, B"},
            {"label": "factors that prevent an invasion", "value": 10, "rule": "21.5153A"}]


def test_21_5153A_B_nine_undamaged_factors_outside_a_tf_do_not_prevent_an_invasion() -> None:
    """21.5153A, B, E: 4 + 5 counted; the submarine and the damaged battleship are not."""
    ships = [EnemyShip("battleship", 4), EnemyShip("cruiser", 5), EnemyShip("submarine", 3), EnemyShip("battleship", 6, damaged=True)]
    assert naval_presence(ships, "Malta", ops_tables()).to_dict() == {
        "name": "enemy naval units prevent the invasion", "value": False, "rule": "21.5153", "terms": _presence(0, 9),
        "notes": [PRESENCE]}


def test_21_5153A_ten_factors_or_any_tf_prevent_it() -> None:
    """21.5153A: 10 undamaged factors not in a TF, or one destroyer in a TF."""
    ten = naval_presence([EnemyShip("battleship", 4), EnemyShip("cruiser", 6)], "Malta", ops_tables())
    assert ten.to_dict() == {"name": "enemy naval units prevent the invasion", "value": True, "rule": "21.5153",
                             "terms": _presence(0, 10), "notes": []}
    tf = naval_presence([EnemyShip("destroyer", 1, in_tf=True), EnemyShip("transport", 12)], "Malta", ops_tables())
    assert (tf.value, [t.value for t in tf.terms]) == (True, [1, 0, 10])


def test_21_5153C_ships_in_lorient_never_prevent_an_invasion() -> None:
    """21.5153C: Lorient and Famagusta are on another coastline."""
    assert naval_presence([EnemyShip("battleship", 20, in_tf=True)], "lorient", ops_tables()).to_dict() == {
        "name": "enemy naval units prevent the invasion", "value": False, "rule": "21.5153C",
        "terms": [{"label": "naval units in lorient are on another coastline", "value": 0, "rule": "21.5153C"}], "notes": []}


def test_21_5152_typed_odds_at_least_1_to_1_against_a_defended_hex() -> None:
    """21.5152: 3:1 and 1:1 accepted with the ratio shown; 1:2 refused; an undefended hex needs no odds."""
    assert check_odds("3:1", True, ops_tables()).to_dict() == {
        "name": "invasion odds", "value": "3:1", "rule": "21.5152",
        "terms": [{"label": "attack / defence (typed)", "value": 3.0, "rule": "21.5152"},
                  {"label": "at least", "value": 1, "rule": "21.5152"}], "notes": []}
    assert check_odds("1:1", True, ops_tables()).value == "1:1"
    assert check_odds("not odds", False, ops_tables()).to_dict() == {
        "name": "invasion odds", "value": "undefended", "rule": "21.5152",
        "terms": [{"label": "no enemy unit in the hex", "value": 0, "rule": "21.5152"}], "notes": []}
    with pytest.raises(RuleError) as err:
        check_odds("1:2", True, ops_tables())
    assert str(err.value) == "seaborne invasions of a hex with an enemy unit must be at 1:1 or better, not 1:2 (21.5152)"


def test_21_5152_21_527_computed_odds_count_every_attacking_factor() -> None:
    """21.5152, 21.517B, 21.527: 4 by sea + 1 by land + 3 added = 8 against 8 is 1:1; against 9 refused."""
    got = computed_odds(4, 1, Explained("added", 3), Fraction(8), ops_tables())
    assert got.to_dict() == {
        "name": "invasion odds", "value": "8:8", "rule": "21.5152",
        "terms": [{"label": "ground factors attacking by sea", "value": 4, "rule": "21.517A"},
                  {"label": "ground factors joining by land or airdrop", "value": 1, "rule": "21.517B"},
                  {"label": "combat factors added by shore bombardment and ground support", "value": 3, "rule": "21.527"},
                  {"label": "attack", "value": 8, "rule": "21.5152"}, {"label": "defence (typed)", "value": 8.0, "rule": "21.5152"},
                  {"label": "attack / defence", "value": 1.0, "rule": "21.5152"}, {"label": "at least", "value": 1, "rule": "21.5152"}],
        "notes": []}
    with pytest.raises(RuleError) as err:
        computed_odds(4, 1, Explained("added", 3), Fraction(9), ops_tables())
    assert str(err.value) == ("at 8:9 (below 1:1) the seaborne invasion of a hex with an enemy unit may not be made, "
                              "bombardment and ground support counted (21.5152, 21.527); add support, or record "
                              "'invasion-result ID aborted'")
    with pytest.raises(RuleError) as err:
        computed_odds(4, 1, Explained("added", 3), Fraction(0), ops_tables())
    assert str(err.value) == "the defence strength of the invasion hex is a positive number of combat factors (21.5152)"


def test_21_5152_computed_odds_show_a_fractional_defence_as_a_decimal() -> None:
    """21.5152: a defence of 1.5 factors typed reads 3:1.5 (2:1), never 3:3/2; 3 against 3.5 is refused as 3:3.5."""
    assert computed_odds(2, 0, Explained("added", 1), Fraction(3, 2), ops_tables()).value == "3:1.5"
    with pytest.raises(RuleError, match=r"^at 3:3\.5 \(below 1:1\)"):
        computed_odds(2, 0, Explained("added", 1), Fraction(7, 2), ops_tables())


def test_21_517A_two_units_attack_by_sea_marines_and_commandos_beyond_it() -> None:
    """21.517A: two infantry within the limit, a marine and a commando beyond it; a third infantry is refused."""
    force = (Cargo("A", 3), Cargo("B", 2), Cargo("M", 1, "marine"), Cargo("K", 1, "commando"))
    assert check_sea_attackers(force, ops_tables()).to_dict() == {
        "name": "units attacking by sea", "value": 4, "rule": "21.517A",
        "terms": [{"label": "units within the limit", "value": 2, "rule": "21.517A"},
                  {"label": "marines and commandos beyond it", "value": 2, "rule": "21.517A"},
                  {"label": "limit", "value": 2, "rule": "21.517A"}], "notes": []}
    one = check_sea_attackers((Cargo("A", 3), Cargo("M", 1, "marine"), Cargo("K", 1, "commando")), ops_tables())
    assert (one.value, [t.value for t in one.terms]) == (3, [1, 2, 2])
    with pytest.raises(RuleError) as err:
        check_sea_attackers((Cargo("A", 3), Cargo("B", 2), Cargo("C", 1)), ops_tables())
    assert str(err.value) == ("no more than 2 ground units may attack by sea (3 named: A, B, C); marines and commandos do not "
                              "count (21.517A)")


DM_NOTE = "No +1 DM if at least half of the invading force consists of marines (10.71), counted in ground factors."


@pytest.mark.parametrize("force, total, marines, dm", [
    ((Cargo("A", 3), Cargo("M", 3, "marine")), 6, 3, 0),
    ((Cargo("A", 4), Cargo("M", 3, "marine")), 7, 3, 1),
    ((), 0, 0, 1),
    ((Cargo("1 Mar", 1, "marine"),), 1, 1, 0),
])
def test_21_517E_the_defenders_dm_unless_half_the_factors_are_marines(force, total, marines, dm) -> None:
    """21.517E: half the ground factors marines removes the +1 DM; less does not; no force, no exemption."""
    assert defender_dm(force, ops_tables()).to_dict() == {
        "name": "defender's invasion DM", "value": dm, "rule": "21.517E",
        "terms": [{"label": "invading ground factors", "value": total, "rule": "21.517E"},
                  {"label": "of them marines", "value": marines, "rule": "21.517E"},
                  {"label": "marine share that removes the DM", "value": 0.5, "rule": "21.517E"}], "notes": [DM_NOTE]}


ARMOR = (Cargo("1 Arm", 4, "armor", ctl=1), Cargo("2 Arm", 4, "armor", ctl=0), Cargo("3 Arm", 4, "armor", ctl=2, mech_intact=False),
         Cargo("4 Inf", 3))


def _exploit(armor: int, survivors: int) -> list[dict[str, object]]:
    return [{"label": "armor with intact mechanized component, CTL >= 1, in the final round", "value": armor, "rule": "21.518A-C"},
            {"label": "initial attackers surviving in the hex", "value": survivors, "rule": "21.518D"}]


def test_21_518_a_breakthrough_needs_eligible_armor_in_the_final_round_and_a_survivor() -> None:
    """21.518A-D, 21.5181, 21.5183: 1 Arm (CTL 1, intact) in the final round and 4 Inf surviving."""
    assert exploitation(ARMOR, {"1 arm", "2 arm", "3 arm"}, {"4 inf"}, ops_tables()).to_dict() == {
        "name": "breakthrough on the invasion hex", "value": True, "rule": "21.518", "terms": _exploit(1, 1),
        "notes": ["Exploiting armor's CTL is reduced by 1 during this exploitation (21.5183); armor in reserve aboard the "
                  "fleet may exploit, land-adjacent armor only if the hex was also attacked by land (21.5181)."]}


def test_21_518_no_breakthrough_without_eligible_armor_or_without_survivors() -> None:
    """21.518A-C: CTL 0 or no mechanized component do not count, nor armor absent from the final round; 21.518D."""
    assert exploitation(ARMOR, {"2 arm", "3 arm"}, {"4 inf", "1 arm"}, ops_tables()).to_dict() == {
        "name": "breakthrough on the invasion hex", "value": False, "rule": "21.518", "terms": _exploit(0, 2), "notes": []}
    assert exploitation(ARMOR, {"1 arm"}, set(), ops_tables()).to_dict() == {
        "name": "breakthrough on the invasion hex", "value": False, "rule": "21.518", "terms": _exploit(1, 0), "notes": []}


def test_21_512C_the_aleutians_and_japan_by_the_data() -> None:
    """21.512C, 21.5151B (proposed ruling A14): Aleutian islands by name, any case; Japan by its island group."""
    assert (is_aleutian("kiska", ops_tables()), is_aleutian("Midway", ops_tables())) == (True, False)
    assert from_japan([("Truk", "carolines"), ("Tokyo", "Japan")], ops_tables())
    assert not from_japan([("Truk", "carolines"), ("Truk", "")], ops_tables())


def test_21_512C_a_base_listed_by_name_counts_as_japan_too() -> None:
    """21.512C (proposed ruling A14): the data may list bases by name beside island groups; names in any case."""
    t = ops_tables()
    spec = msgspec.structs.replace(t.invasion.aleutians, from_bases=["group:japan", "Truk"])
    named = msgspec.structs.replace(t, invasion=msgspec.structs.replace(t.invasion, aleutians=spec))
    assert from_japan([("TRUK", "")], named) and from_japan([("Ominato", "JAPAN")], named)
    assert not from_japan([("Rabaul", "bismarcks"), ("japan", "")], named)


NOT_DH = {"name": "Aleutians route", "value": True, "rule": "21.512C",
          "terms": [{"label": "not Japan invading Dutch Harbor from Japan", "value": 0, "rule": "21.512C"}], "notes": []}


@pytest.mark.parametrize("target, power, from_home", [("Midway", "japan", True), ("dutch harbor", "usa", True),
                                                      ("Dutch Harbor", "japan", False)])
def test_21_512C_only_japan_invading_dutch_harbor_from_japan_is_checked(target, power, from_home) -> None:
    """21.512C: another target, another power, or a start outside Japan."""
    assert check_dutch_harbor(target, power, from_home, "", False, ops_tables()).to_dict() == NOT_DH


@pytest.mark.parametrize("via, held, message", [
    ("", False, "an invasion of Dutch Harbor from Japan must pass through another Aleutian island that Japan controls and "
                "fully supplies: name it with --via ISLAND (21.512C)"),
    ("Dutch Harbor", True, "Dutch Harbor is not another Aleutian island (Attu, Kiska, Amchitka, Adak) (21.512C)"),
    ("Midway", True, "Midway is not another Aleutian island (Attu, Kiska, Amchitka, Adak) (21.512C)"),
    ("Kiska", False, "Japan must control and fully supply Kiska to invade Dutch Harbor from Japan; say so with --via-held (21.512C)"),
])
def test_21_512C_dutch_harbor_from_japan_through_another_aleutian_island_held(via, held, message) -> None:
    """21.512C: refusals, each naming what is missing."""
    with pytest.raises(RuleError) as err:
        check_dutch_harbor("Dutch Harbor", "japan", True, via, held, ops_tables())
    assert str(err.value) == message


def test_21_512C_through_kiska_held_and_supplied() -> None:
    """21.512C: the route through Kiska, held and supplied, is explained."""
    assert check_dutch_harbor("Dutch Harbor", "japan", True, "Kiska", True, ops_tables()).to_dict() == {
        "name": "Aleutians route", "value": True, "rule": "21.512C",
        "terms": [{"label": "passes through Kiska, controlled and fully supplied", "value": 1, "rule": "21.512C"}], "notes": []}


@pytest.mark.parametrize("embark, cargo, message", [
    ([port("Dutch Harbor")], (), "Dutch Harbor may not be used as a base for seaborne invasions (21.512B)"),
    ([box("South Africa")], (), "seaborne invasions from South Africa are prohibited (21.512E)"),
    ([box("Malta")], (), "seaborne invasions from Malta are not permitted (21.512D)"),
    ([port("Naples")], (Cargo("A", 1, "air"),), "A: air units may not invade (21.514F)"),
    ([port("Naples")], (Cargo("B", 1, supply="partial"),),
     "B is partially supplied: invading units start the turn fully supplied (21.514E, F)"),
    ([port("Naples")], (Cargo("C", 1, oil_effect=True),), "C is subject to the army oil effect and may not invade (21.514F)"),
    ([port("Naples")], (Cargo("D", 1),), "D was sea transported this turn and may not invade (21.437D)"),
])
def test_21_512_21_514_where_invaders_start_and_which_may_invade(embark, cargo, message) -> None:
    """21.512B, D, E; 21.514E, F; 21.437D."""
    with pytest.raises(RuleError) as err:
        check_start(embark, cargo, {"d"}, ops_tables())
    assert str(err.value) == message


def test_21_512D_E_an_invasion_from_india_and_into_no_box() -> None:
    """21.512D: India's box may launch an invasion; 21.512E: none lands in a box."""
    assert check_start([box("India"), port("Naples")], (Cargo("A", 1),), set(), ops_tables()) is None
    assert check_target(port("Naples")) is None
    with pytest.raises(RuleError) as err:
        check_target(box("India"))
    assert str(err.value) == "invasions into a mapboard box (India) are prohibited (21.512E)"


def test_21_518B_an_untyped_ctl_is_asked_for_never_read_as_0() -> None:
    """21.518B ("The armor unit has a CTL of one or more"): armor typed without its CTL (``Arm1:2:armor``), in the
    final round, a survivor in the hex: the breakthrough is not known, and the note says how to type the CTL; with
    a typed CTL of 0 it is not possible, with 2 it is (issue 34 case C22)."""
    untyped = (Cargo("Arm1", 2, "armor"),)
    assert Cargo("Arm1", 2, "armor").ctl == -1
    assert exploitation(untyped, {"arm1"}, {"arm1"}, ops_tables()).to_dict() == {
        "name": "breakthrough on the invasion hex", "value": "not known: the armor's CTL was not typed", "rule": "21.518",
        "terms": [*_exploit(0, 1), {"label": "armor in the final round whose CTL was not typed", "value": 1, "rule": "21.518B"}],
        "notes": ["The breakthrough is possible if the CTL of Arm1 is 1 or more (21.518B): type it in the cargo as "
                  "NAME:FACTORS:armor:ctl=N.",
                  "Exploiting armor's CTL is reduced by 1 during this exploitation (21.5183); armor in reserve aboard the "
                  "fleet may exploit, land-adjacent armor only if the hex was also attacked by land (21.5181)."]}
    assert exploitation(untyped, set(), {"arm1"}, ops_tables()).value is False  # not in the final round (C)
    assert exploitation(untyped, {"arm1"}, set(), ops_tables()).value is False  # no survivor (D)
    assert exploitation((Cargo("Arm1", 2, "armor", ctl=0),), {"arm1"}, {"arm1"}, ops_tables()).value is False
    assert exploitation((Cargo("Arm1", 2, "armor", ctl=2),), {"arm1"}, {"arm1"}, ops_tables()).value is True
    assert exploitation((Cargo("Arm1", 2, "armor", mech_intact=False),), {"arm1"}, {"arm1"}, ops_tables()).value is False
