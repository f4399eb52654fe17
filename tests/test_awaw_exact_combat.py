"""AWAW naval combat and its limits, exactly (seed 004, chapter 21): whole derivations and refusals, not only values.

Interception in straits (21.2111), the Raider Table (21.534), raiders and transports (21.536), submarines (21.4184), fast carrier missions (21.553-21.557).
Each test pins the figures, labels and
rule numbers of one result, so that a changed clause, term or message is noticed.
"""

from __future__ import annotations

import msgspec
import pytest

from awaw_core_fixtures import base, tables, unit, world
from awaw_ops_fixtures import ops_tables
from tui.rules.awaw import interception as I
from tui.rules.awaw import raiders as R
from tui.rules.awaw import carriers as C
from tui.rules.awaw.submarines import check_air_targets, must_return, patrol_front, sw_submarines
from tui.rules.awaw.transport import failure
from tui.rules.awaw.straits import find_strait
from tui.rules.core.errors import RuleError

STRAIT_NOTE = ("Only enemy activities entering or leaving this side of the strait may be intercepted; a patrol there "
               "intercepts on its own side only (21.2111).")


def _displaced_world():
    return world([], [unit("KM-1", 2, power="germany", inverted=True), unit("KM-2", 2, power="germany", inverted=True),
                      unit("RN-1", 2, inverted=True), unit("KM-3", 2, power="germany"),
                      unit("KM-4", 2, power="germany", inverted=True, sunk=True),
                      unit("KM-5", 2, power="germany", inverted=True, at_sea="patrol")])


def test_21_232D_displaced_units_are_intercepted_by_their_enemy_whoever_moves() -> None:
    """21.232A, D: German displaced units are intercepted by the Allies, a British one by the Axis; without the option,
    the usual interception (no side named)."""
    w = _displaced_world()
    assert I.displaced_side(w, {"displaced": "KM-1, KM-2"}, tables()) == "allies"
    assert I.displaced_side(w, {"displaced": "RN-1"}, tables()) == "axis"
    assert I.displaced_side(w, {}, tables(), "first-turn/combat/naval-combat") == ""


@pytest.mark.parametrize("opts, step, message", [
    ({"displaced": True}, "first-turn/combat/ground-movement",
     "intercept: in ground movement only displaced units are intercepted; name them with --displaced UNITS (21.232)"),
    ({"displaced": "KM-1,RN-1"}, "", "intercept: the displaced units named are of more than one side (21.232)"),
    ({"displaced": "KM-3"}, "", "intercept: KM-3 is not displaced units on their way (displaced units are inverted, 21.233)"),
    ({"displaced": "KM-3,KM-4,KM-5"}, "",
     "intercept: KM-3, KM-4, KM-5 are not displaced units on their way (displaced units are inverted, 21.233)"),
])
def test_21_232_21_233_displaced_units_named_must_be_on_their_way(opts, step, message) -> None:
    """21.232: in ground movement only displaced units; one side; 21.233: inverted, not sunk, not at sea."""
    with pytest.raises(RuleError) as err:
        I.displaced_side(_displaced_world(), opts, tables(), step)
    assert str(err.value) == message


def test_21_2111_interceptors_entering_a_closed_strait_intercept_on_their_side_only() -> None:
    """21.2111: a strait closed to the interceptors does not bar them; the check says so and that it is one side only."""
    dd = unit("RN-DD-1", 2, type="destroyer")
    w = world([], [dd], phase_control={"AA7": "germany"})
    got = I.check_strait_side(w, [dd], find_strait("Gibraltar", tables()), "mediterranean", "allies", {}, tables())
    assert got.to_dict() == {
        "name": "Interception in the Gibraltar on the mediterranean side", "value": "one side only", "rule": "21.2111",
        "terms": [{"label": "passage of the Gibraltar for the allies side",
                   "value": "closed: entered to intercept on one side", "rule": "21.2111"}],
        "notes": [STRAIT_NOTE]}
    w = world([], [dd], phase_control={"AA7": "britain"})
    got = I.check_strait_side(w, [dd], find_strait("Gibraltar", tables()), "atlantic", "allies", {}, tables())
    assert got.terms[0].value == "open"


def test_21_2111_the_other_side_of_the_same_strait_is_refused_another_strait_is_not() -> None:
    """21.2111: naval units may not intercept on both sides of a strait; a side taken at another strait does not count."""
    a, b = unit("RN-DD-1", 2, type="destroyer"), unit("RN-DD-2", 2, type="destroyer")
    w = world([], [a, b], phase_control={"AA7": "britain"})
    gib = find_strait("Gibraltar", tables())
    assert I.check_strait_side(w, [a, b], gib, "atlantic", "allies", {"RN-DD-1": "G=adriatic"}, tables()).value == "one side only"
    with pytest.raises(RuleError) as err:
        I.check_strait_side(w, [a, b], gib, "atlantic", "allies",
                            {"RN-DD-1": "B=mediterranean", "RN-DD-2": "B=mediterranean"}, tables())
    assert str(err.value) == ("intercept: RN-DD-1, RN-DD-2 intercepted on the other side of the Gibraltar this player turn; "
                              "naval units may not intercept on both sides of a strait, and forces on different sides may "
                              "not combine in a single interception in the strait hex (21.2111)")


def test_21_2111_the_side_taken_is_recorded_beside_earlier_ones() -> None:
    """21.2111: the record keeps each unit's strait and side for the rest of the player turn."""
    dd = unit("RN-DD-1", 2, type="destroyer")
    rec = I.record_strait_side({"turn": 1, "strait_sides": {"RN-CA-1": "G=adriatic"}}, [dd], find_strait("B", tables()), "atlantic")
    assert rec == {"turn": 1, "strait_sides": {"RN-CA-1": "G=adriatic", "RN-DD-1": "B=atlantic"}}


def test_21_2111_in_strait_reads_name_and_side_and_refuses_half_an_option() -> None:
    """21.2111: ``--in-strait NAME=SIDE``; absent, it is no strait; NAME or SIDE missing is refused with the form."""
    strait, side = I.read_strait({"in-strait": " Gibraltar = Atlantic "}, tables())
    assert (strait.id, side) == ("B", "atlantic")
    assert [I.read_strait({"in-strait": v}, tables()) for v in (None, "", True)] == [None, None, None]
    assert I.read_strait({}, tables()) is None
    for bad in ("Gibraltar", "=atlantic", "Gibraltar= "):
        with pytest.raises(RuleError) as err:
            I.read_strait({"in-strait": bad}, tables())
        assert str(err.value) == ("intercept: --in-strait takes NAME=SIDE, the strait and the interceptors' side of it "
                                  "(--in-strait Gibraltar=atlantic) (21.2111)")


def _apart_world(control: str = "germany"):
    """Brest (western), Naples (mediterranean), Gibraltar (both), Brindisi (named on the Adriatic side of Otranto);
    an Axis unit in each, one at sea; AA7 and the Otranto hexes held by ``control``."""
    bases = [base("Brest", fronts=("western",), control="germany"), base("Naples", control="italy"),
             base("Gibraltar", fronts=("western", "mediterranean")), base("Brindisi", control="italy")]
    units = [unit("KM-SS", 1, power="germany", type="submarine", base="Brest"),
             unit("RM-DD", 2, power="italy", type="destroyer", base="Naples"),
             unit("RM-CA", 2, power="italy", type="cruiser", base="Brindisi"),
             unit("X-GIB", 2, power="italy", type="cruiser", base="Gibraltar"),
             unit("RM-SEA", 2, power="italy", type="cruiser", base="Naples", at_sea="patrol", sea_hex="Z20")]
    return world(bases, units, phase_control={h: control for h in ("AA7", "AA25", "AA26")})


def test_21_2111_a_ports_side_of_a_strait_is_named_or_read_from_its_front() -> None:
    """21.2111 (awaw.toml [[straits]] sides): Brest is on Gibraltar's Atlantic side by its western front, Naples on the
    Mediterranean side; Gibraltar itself is on both fronts, so on no known side; Brindisi is named on Otranto's
    Adriatic side though its front is the Ionian side's; a strait without sides knows none."""
    w = _apart_world()
    gib, otr, sk = (find_strait(n, tables()) for n in ("Gibraltar", "G", "Skagerrak"))
    assert gib.sides == {"atlantic": ["western"], "mediterranean": ["mediterranean"]}
    assert [I.strait_side(gib, w.bases[b]) for b in ("Brest", "Naples", "Gibraltar", "Brindisi")] == [
        "atlantic", "mediterranean", "", "mediterranean"]
    assert [I.strait_side(otr, w.bases[b]) for b in ("Naples", "Brindisi", "Brest")] == ["ionian", "adriatic", ""]
    assert I.strait_side(sk, w.bases["Brest"]) == ""


def _apart(w, names: str, hex_: str, in_strait=None) -> str:
    """The refusal of check_sides_apart for the units named, or "" when it passes."""
    try:
        I.check_sides_apart(w, [w.units[n] for n in names.split()], hex_, in_strait, "axis", tables())
    except RuleError as err:
        return str(err)
    return ""


def test_21_2111_forces_from_both_sides_of_a_closed_strait_do_not_combine_in_its_hex() -> None:
    """21.2111: "intercepting naval forces on different sides of the strait may not combine in a single interception in
    the strait hex" where passage is not permitted: refused in AA7 while Gibraltar is closed to the Axis, whether or
    not a side is typed; one side alone, a unit at sea or one in a port on both fronts passes; open, or outside the
    strait's hex, they may combine."""
    w = _apart_world(control="britain")
    said = ("intercept: KM-SS on the atlantic side and RM-DD on the mediterranean side of the Gibraltar: forces on "
            "different sides of a strait closed to them may not combine in a single interception in the strait hex "
            "(21.2111)")
    assert _apart(w, "KM-SS RM-DD", "AA7") == said
    assert _apart(w, "RM-DD KM-SS", "aa7".upper()) == said
    assert _apart(w, "KM-SS RM-DD", "Z20", (find_strait("B", tables()), "atlantic")) == said
    assert [_apart(w, n, "AA7") for n in ("KM-SS", "RM-DD X-GIB", "KM-SS RM-SEA")] == ["", "", ""]
    assert _apart(w, "KM-SS RM-DD", "Z20") == ""
    assert _apart(_apart_world(control="germany"), "KM-SS RM-DD", "AA7") == ""
    assert _apart(w, "RM-CA RM-DD", "AA25") == (
        "intercept: RM-CA on the adriatic side and RM-DD on the ionian side of the Strait of Otranto: forces on different "
        "sides of a strait closed to them may not combine in a single interception in the strait hex (21.2111)")


def test_21_2111_a_side_typed_is_one_of_the_straits_and_the_ports_are_on_it() -> None:
    """21.2111: with ``--in-strait NAME=SIDE`` the side is one the strait has, and each port the interceptors come from
    is on it (even where passage is open); a strait whose sides are not listed takes any side."""
    w = _apart_world(control="britain")
    gib = find_strait("Gibraltar", tables())
    assert _apart(w, "KM-SS", "AA7", (gib, "pacific")) == (
        "intercept: the Gibraltar has the sides atlantic, mediterranean, not 'pacific' (21.2111)")
    assert _apart(w, "KM-SS", "AA7", (gib, "mediterranean")) == (
        "intercept: KM-SS is based on the atlantic side of the Gibraltar, not the mediterranean side (21.2111)")
    assert _apart(_apart_world(), "RM-DD RM-CA", "Z20", (gib, "atlantic")) == (
        "intercept: RM-DD, RM-CA are based on the mediterranean side of the Gibraltar, not the atlantic side (21.2111)")
    assert _apart(w, "KM-SS X-GIB RM-SEA", "AA7", (gib, "atlantic")) == ""
    assert _apart(w, "KM-SS RM-DD", "E33", (find_strait("Skagerrak", tables()), "north")) == ""


RT = "21.5342 (Raider Table)"
A2 = ("RULINGS A2: the printed part of the Raider Table as data; the referee may always type the modified result instead. "
      "A group with a Japanese raider based in one of singapore_bases takes the box's singapore_raiders modifier without "
      "--singapore.")


def test_21_5342_atlantic_raider_modifier_lists_every_printed_modifier() -> None:
    """21.5342: automatic -3, second group +1, three ships +1, 2 air range results +2, U.S. at war with Germany +1,
    13 CVEs / 6 = +2, Ultra against the raiders -1: a total of +3."""
    c = R.RaidConditions(priority=2, air_range_results=2, us_at_war_with_germany=True, cves=13, codebreaking=-1)
    assert R.raider_modifier("Atlantic SW", 3, c, ops_tables()).to_dict() == {
        "name": "Raider Table modifier (Atlantic SW)", "value": 3, "rule": RT,
        "terms": [{"label": "automatic", "value": -3, "rule": RT},
                  {"label": "raider group number 2 in the box", "value": 1, "rule": RT},
                  {"label": "the group has three ships", "value": 1, "rule": RT},
                  {"label": "2 defender air range research results", "value": 2, "rule": RT},
                  {"label": "the U.S. is at war with Germany", "value": 1, "rule": "21.5342 (Raider Table, Atlantic)"},
                  {"label": "13 CVEs / 6, round down, at most +4", "value": 2, "rule": "21.5342 (Raider Table, Atlantic)"},
                  {"label": "Ultra codebreaking advantage", "value": -1, "rule": RT}],
        "notes": [A2]}


def test_21_5342_each_further_raider_group_in_the_box_adds_one() -> None:
    """21.5342, 21.533C: the third raider group in a box adds +2 (one per group before it)."""
    got = R.raider_modifier("Atlantic SW", 1, R.RaidConditions(priority=3), ops_tables())
    assert (got.value, got.terms[1].label, got.terms[1].value) == (-1, "raider group number 3 in the box", 2)


def test_21_5342_indian_ocean_counts_search_air_and_singapore_raiders() -> None:
    """21.5342 (Indian Ocean): 4 CVEs and search AAS/NAS / 3 = +1, Singapore +1, Magic +1; two ships add nothing."""
    c = R.RaidConditions(singapore=True, cves=4, codebreaking=1)
    assert R.raider_modifier("Indian Ocean SW", 2, c, ops_tables()).to_dict() == {
        "name": "Raider Table modifier (Indian Ocean SW)", "value": 0, "rule": RT,
        "terms": [{"label": "automatic", "value": -3, "rule": RT},
                  {"label": "4 CVEs and search AAS/NAS / 3, round down, at most +4", "value": 1,
                   "rule": "21.5342 (Raider Table, Indian Ocean)"},
                  {"label": "Japanese raiders based in Singapore", "value": 1, "rule": "21.5342 (Raider Table, Indian Ocean)"},
                  {"label": "Ultra or Magic codebreaking advantage", "value": 1, "rule": RT}],
        "notes": [A2, "Each operational search AAS and NAS in the India box counts as one CVE."]}


def test_21_5342_pacific_ignores_singapore_and_the_war_with_germany() -> None:
    """21.5342 (Pacific): neither modifier applies there; only the automatic -3 remains."""
    c = R.RaidConditions(singapore=True, us_at_war_with_germany=True)
    got = R.raider_modifier("Pacific SW", 1, c, ops_tables())
    assert (got.value, [t.label for t in got.terms]) == (-3, ["automatic"])


@pytest.mark.parametrize("conditions, message", [
    (R.RaidConditions(priority=0), "a raider group's priority is 1 or more (21.533C)"),
    (R.RaidConditions(codebreaking=2), "the codebreaking modifier is -1, 0 or +1 (21.5342)"),
    (R.RaidConditions(codebreaking=-2), "the codebreaking modifier is -1, 0 or +1 (21.5342)"),
])
def test_21_5342_impossible_conditions_are_refused(conditions: R.RaidConditions, message: str) -> None:
    """21.533C priority from 1; 21.5342 codebreaking -1, 0 or +1."""
    with pytest.raises(RuleError) as err:
        R.raider_modifier("Atlantic SW", 1, conditions, ops_tables())
    assert str(err.value) == message


def _engagement(roll: int, modifier: int, total: int) -> list[dict[str, object]]:
    return [{"label": "die roll", "value": roll, "rule": "21.5341"}, {"label": "modifiers", "value": modifier, "rule": RT},
            {"label": "modified roll", "value": total, "rule": "21.5341"}]


def test_21_5341A_a_modified_roll_of_0_lets_the_raiders_escape() -> None:
    """21.5341A, 21.5361A: 3 - 3 = 0: no ship engages, the raiders may attack the transports."""
    assert R.engagement(3, -3, ops_tables()).to_dict() == {
        "name": "defending ships that may engage", "value": 0, "rule": "21.5341", "terms": _engagement(3, -3, 0),
        "notes": ["The raider group escapes detection and may attack the defending transports (21.5341A, 21.5361A)."]}


@pytest.mark.parametrize("roll, modifier, ships", [(4, -3, 1), (6, -2, 4)])
def test_21_5341_a_positive_modified_roll_is_the_number_of_ship_type_dice(roll: int, modifier: int, ships: int) -> None:
    """21.5341, 21.5342A: the modified roll is how many dice the defender rolls for ship types."""
    assert R.engagement(roll, modifier, ops_tables()).to_dict() == {
        "name": "defending ships that may engage", "value": ships, "rule": "21.5341",
        "terms": _engagement(roll, modifier, ships),
        "notes": [f"The defender rolls {ships} dice for the types of ships that engage (21.5342A)."]}


def test_21_5341A_the_escape_threshold_is_the_tables_own() -> None:
    """21.5341A (RULINGS A2, the printed table as data): with escape at 1 or less, a modified roll of 1 escapes too."""
    t = ops_tables()
    strict = msgspec.structs.replace(t, raider_table=msgspec.structs.replace(t.raider_table, escape_at_most=1))
    assert [R.engagement(4, -3, strict).value, R.engagement(5, -3, strict).value] == [0, 2]
    assert R.engagement(4, -3, t).value == 1


@pytest.mark.parametrize("roll", [0, 7])
def test_21_5341_the_raider_table_roll_is_one_die(roll: int) -> None:
    """21.5341 and 21.5342: one die, 1 to 6, for the table and for each ship type."""
    with pytest.raises(RuleError) as err:
        R.engagement(roll, 0, ops_tables())
    assert str(err.value) == f"the Raider Table roll is one die, 1 to 6, not {roll} (21.5341)"
    with pytest.raises(RuleError) as err:
        R.engaging_ship(roll, {}, ops_tables())
    assert str(err.value) == f"a ship type roll is one die, 1 to 6, not {roll} (21.5342)"


def test_21_5342A_a_face_sends_its_ship_type() -> None:
    """21.5342A: a 4 sends a 4-factor battleship when one is there; a 1 sends its own type."""
    assert R.engaging_ship(1, {1: True}, ops_tables()).value == 1
    assert R.engaging_ship(4, {4: True, 5: True}, ops_tables()).to_dict() == {
        "name": "ship type that engages", "value": 4, "rule": "21.5342",
        "terms": [{"label": "die roll", "value": 4, "rule": "21.5342A"},
                  {"label": "sends a 4-factor battleship", "value": 4, "rule": "21.5342"}], "notes": []}


def test_21_5342D_without_a_fast_carrier_the_next_lesser_available_type_goes() -> None:
    """21.5342C, D: a 6 with no eligible carrier falls to the next lesser type available (3, not the missing 5 and 4)."""
    assert R.engaging_ship(6, {1: True, 3: True, 4: False}, ops_tables()).to_dict() == {
        "name": "ship type that engages", "value": 3, "rule": "21.5342",
        "terms": [{"label": "die roll", "value": 6, "rule": "21.5342A"},
                  {"label": "sends a 3-factor battleship or battlecruiser", "value": 3, "rule": "21.5342"}],
        "notes": ["One fast carrier of any size and an equivalent number of light ship factors is not available: the "
                  "defender must send a lesser result (21.5342D)."]}


def test_21_5342D_no_type_at_or_below_the_face_sends_nobody() -> None:
    """21.5342D: a 2 when only a carrier (6) is available: no ship engages."""
    assert R.engaging_ship(2, {6: True}, ops_tables()).to_dict() == {
        "name": "ship type that engages", "value": 0, "rule": "21.5342D",
        "terms": [{"label": "die roll", "value": 2, "rule": "21.5342A"}],
        "notes": ["No eligible ship of this or any lesser type is available."]}


def test_21_5361A_raiders_not_engaged_attack_the_transports() -> None:
    """21.5361A: not engaged, the raiders attack."""
    assert R.may_attack_transports(False, 3).to_dict() == {
        "name": "raiders may attack the transports", "value": True, "rule": "21.5361A",
        "terms": [{"label": "not engaged by defending naval units", "value": 0, "rule": "21.5361A"}], "notes": []}


def test_21_5363_raiders_attack_only_when_no_unscreened_defender_survives() -> None:
    """21.5361B, 21.5362, 21.5363: after an engagement, any unscreened survivor (even damaged) protects the transports."""
    assert R.may_attack_transports(True, 0).to_dict() == {
        "name": "raiders may attack the transports", "value": True, "rule": "21.5361B, 21.5363",
        "terms": [{"label": "unscreened defending naval units surviving", "value": 0, "rule": "21.5363"}],
        "notes": ["Each carrier makes one air strike and the other ships one fleet combat roll on the Naval Attack Table "
                  "(22.55, not in the seed: the referee types the transports lost, RULINGS A2); nationality DRMs apply "
                  "(21.5362)."]}
    assert R.may_attack_transports(True, 1).to_dict() == {
        "name": "raiders may attack the transports", "value": False, "rule": "21.5361B, 21.5363",
        "terms": [{"label": "unscreened defending naval units surviving", "value": 1, "rule": "21.5363"}],
        "notes": ["Damaged survivors still protect the transports (21.5363)."]}


def test_21_4184C_the_refusal_lists_every_attacker_the_tables_allow() -> None:
    """21.4184C: the attackers are data; with two listed, the refusal names both."""
    t = tables()
    two = msgspec.structs.replace(t, submarines=msgspec.structs.replace(t.submarines, attackers=["land-based air", "naval air"]))
    with pytest.raises(RuleError, match=r"^sub-air: submarines on patrol may be attacked only by land-based air, naval air, "
                                        r"not carrier air:"):
        check_air_targets([], "allies", [], "carrier air", two)


def test_21_4184C_only_land_based_air_attacks_enemy_submarines_on_patrol_once() -> None:
    """21.4184C: land-based air against an enemy submarine on patrol is accepted; each other case is refused."""
    sub = unit("U-1", 2, power="germany", type="submarine", at_sea="patrol")
    assert check_air_targets([sub], "allies", [], "land-based air", tables()) is None
    cases = [
        ([sub], "allies", [], "carrier air", "sub-air: submarines on patrol may be attacked only by land-based air, not "
         "carrier air: carrier-based naval air units and fleet units may not attack them (21.4184C)"),
        ([sub], "axis", [], "", "sub-air: U-1 is a friendly unit (21.4184C)"),
        ([unit("U-2", 2, power="germany", type="submarine")], "allies", [], "",
         "sub-air: U-2 is not a submarine on patrol at sea; only those may be attacked this way (21.4184C)"),
        ([unit("RM-CA", 2, power="italy", type="cruiser", at_sea="patrol")], "allies", [], "",
         "sub-air: RM-CA is not a submarine on patrol at sea; only those may be attacked this way (21.4184C)"),
        ([sub], "allies", ["U-1"], "", "sub-air: U-1 has already been attacked this player turn; each patrolling "
         "submarine is attacked in a single sortie (21.4184C)"),
    ]
    for targets, side, attacked, by, message in cases:
        with pytest.raises(RuleError) as err:
            check_air_targets(targets, side, attacked, by, tables())
        assert str(err.value) == message


def test_21_436_a_defeated_sea_transport_returns_before_or_after_embarking() -> None:
    """21.436A before embarkation; 21.436B, C after: the units debark at the embarkation port, paying the cost."""
    assert failure("before", "Naples") == "The naval units return to their original base; nothing was embarked (21.436A)."
    assert failure("after", "Naples") == (
        "The naval units and the surviving units they carry return to Naples; the units debark there (paying the debarking "
        "cost, 21.436C) and the naval units return to their original base (21.436B).")


def test_21_414A_a_patrols_front_typed_or_its_bases_only_front() -> None:
    """21.414A, 21.4184E: the front typed (checked), else the base of origin's only front, else none."""
    assert patrol_front("Western", ("mediterranean",), tables()) == "western"
    assert patrol_front("", ("mediterranean",), tables()) == "mediterranean"
    assert patrol_front("", ("atlantic", "mediterranean"), tables()) == ""
    with pytest.raises(RuleError) as err:
        patrol_front("atlantic", (), tables())
    assert str(err.value) == "patrol: 'atlantic' is not a front (western, eastern, mediterranean, pacific) (21.414A)"


def test_21_4184E_german_submarine_warfare_in_the_atlantic_sends_western_patrols_home() -> None:
    """21.4184E (proposed ruling A12): a German submarine afloat in the Atlantic SW box; then a German submarine
    patrolling on the western front must return; not on another front, not an Italian one, not without SW warfare."""
    units = [unit("U-1", 2, power="germany", type="submarine", base="Atlantic SW"),
             unit("U-2", 2, power="germany", type="submarine", base="Atlantic SW", sunk=True),
             unit("U-3", 2, power="germany", type="submarine", base="Brest"),
             unit("I-1", 2, power="italy", type="submarine", base="Atlantic SW"),
             unit("KM-DD", 2, power="germany", type="destroyer", base="Atlantic SW")]
    sw = sw_submarines(units, tables())
    assert [u.id for u in sw] == ["U-1"]
    two = sw_submarines([*units, unit("U-9", 2, power="germany", type="submarine", base="Atlantic SW")], tables())
    assert must_return(units[2], "western", two, tables()).endswith("this player turn (U-1, U-9) (21.4184E)")
    assert must_return(units[2], "western", sw, tables()) == (
        "U-3 may not remain on patrol on the western front: germany conducted submarine warfare in the Atlantic SW box "
        "this player turn (U-1) (21.4184E)")
    assert [must_return(units[2], "mediterranean", sw, tables()), must_return(units[3], "western", sw, tables()),
            must_return(units[2], "western", [], tables())] == ["", "", ""]


def test_21_555A_a_fast_fleet_factor_for_each_fast_carrier_factor() -> None:
    """21.555A, 21.313: 3 carrier factors with 3 fast fleet factors; 2 are refused."""
    assert C.fast_fleet_check(3, 3, ops_tables()).to_dict() == {
        "name": "fast fleet factors escorting the carriers", "value": 3, "rule": "21.555A, 21.313",
        "terms": [{"label": "fast carrier factors", "value": 3, "rule": "21.555A"},
                  {"label": "fast fleet factors needed", "value": 3, "rule": "21.313"},
                  {"label": "fast fleet factors in the force", "value": 3, "rule": "21.555A"}],
        "notes": ["Losses after the mission starts do not cancel it (21.313)."]}
    with pytest.raises(RuleError) as err:
        C.fast_fleet_check(3, 2, ops_tables())
    assert str(err.value) == "a naval force with 3 fast carrier factors needs at least 3 fast fleet factors, not 2 (21.555A, 21.313)"


@pytest.mark.parametrize("box, with_invasion, message", [
    ("South Africa", True, "fast carrier missions from the South Africa box are prohibited (21.553C)"),
    ("Atlantic U.S.", False, "fast carrier missions from the Atlantic U.S. box only accompany a seaborne invasion from it "
                             "(21.553A, 21.557B)"),
    ("Malta", True, "fast carrier missions from the Malta box are not permitted (21.553)"),
])
def test_21_553_carrier_missions_from_boxes_refused(box: str, with_invasion: bool, message: str) -> None:
    """21.553A, C: South Africa never; the U.S. boxes only with an invasion from the same box."""
    with pytest.raises(RuleError) as err:
        C.check_box(box, with_invasion, ops_tables())
    assert str(err.value) == message
    for ok_box, ok_with in ((None, False), ("India", False), ("Pacific U.S.", True)):
        assert C.check_box(ok_box, ok_with, ops_tables()) is None


def test_21_557F_a_carrier_mission_strikes_one_base() -> None:
    """21.557F: one enemy base, named in any case; a second is refused."""
    assert C.check_target(["Truk", "truk", ""]) is None
    with pytest.raises(RuleError) as err:
        C.check_target(["Truk", "Rabaul"])
    assert str(err.value) == "a fast carrier mission strikes a single enemy base, not Truk, Rabaul (21.557F)"
    assert C.return_note() == ("The mission returns to base (21.33) and is inverted after regular combat, before "
                               "exploitation (21.555E); it may not intercept or counter-intercept, and fights only if "
                               "intercepted (21.555C).")


SETUP_REFUSAL = ("{uid} is already in the {box} box: raiders move from port to the SW box (21.533B); only Graf Spee, Lutzow, "
                 "Scheer placed there at Germany's opening setup raid from it (21.5331)")


@pytest.mark.parametrize("uid, name, turn", [("KM-CA-Spee", "Graf Spee", "Fall 1939"), ("KM-CA-Spee", "Graf Spee", ""),
                                             ("SCHEER", "Pocket battleship", "fall 1939")])
def test_21_5331_the_setup_raiders_raid_from_the_atlantic_sw_box_in_fall_1939(uid: str, name: str, turn: str) -> None:
    """21.5331: Graf Spee, Lutzow and Scheer, placed in the Atlantic SW box at Germany's setup, by id or name, any
    case; one BRP each."""
    assert R.check_setup_raider(uid, name, "germany", "Atlantic SW", turn, ops_tables()) == (
        f"{uid} placed in the Atlantic SW box at the opening setup: 1 BRP (21.5331)")


@pytest.mark.parametrize("uid, name, power, box", [
    ("KM-CA-Spee", "Graf Spee", "italy", "Atlantic SW"),
    ("KM-CA-Spee", "Graf Spee", "germany", "Indian Ocean SW"),
    ("KM-CA-X", "Hipper", "germany", "Atlantic SW"),
])
def test_21_533B_other_ships_already_in_an_sw_box_do_not_raid_from_it(uid: str, name: str, power: str, box: str) -> None:
    """21.533B, 21.5331: another power, another SW box, or another ship: refused with the three ships named."""
    with pytest.raises(RuleError) as err:
        R.check_setup_raider(uid, name, power, box, "Fall 1939", ops_tables())
    assert str(err.value) == SETUP_REFUSAL.format(uid=uid, box=box)


def test_21_5331_the_setup_raiders_raid_in_fall_1939_only() -> None:
    """21.5331: in another turn the setup raider is refused, the turn named."""
    with pytest.raises(RuleError) as err:
        R.check_setup_raider("KM-CA-Spee", "Graf Spee", "germany", "Atlantic SW", "Winter 1939", ops_tables())
    assert str(err.value) == ("KM-CA-Spee was placed in the Atlantic SW box at the opening setup and raids in the Fall 1939 "
                              "combat phase, not Winter 1939 (21.5331)")
