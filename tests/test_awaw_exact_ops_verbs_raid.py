"""Exact tests of the raiders (``tui/rules/awaw/verbs_ops_raid.py``; seed 004, 21.531-21.538): ``raid``, ``raid-engage``
and ``raid-return`` called directly on small worlds, each asserting the whole message, the raid's record, the dice
asked for and the ships' state."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, refused, with_missions
from tui.rules.awaw import verbs_ops_raid as VR
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

ENGAGE = "Engage it with `raid-engage ID` after other interceptions (21.5341)."


def raiders_world(*more: Any, missions: dict[str, Any] | None = None) -> AwawWorld:
    """German, Italian and Japanese raiders in their ports and the setup raiders in the Atlantic SW box; the Axis act."""
    w = world([base("Brest", "port", ("western",), control="germany"),
               base("Kiel", "port", ("western", "eastern"), control="germany"),
               base("Atlantic SW", "sw-box", ()), base("Atlantic U.S.", "box", (), control="usa"),
               base("Liverpool", "port", ("western",)),
               base("Singapore", "port", ("pacific",), control="japan", theater="pacific"),
               base("Indian Ocean SW", "sw-box", (), theater="pacific"),
               base("Suez", "port", ("mediterranean",), control="italy")],
              [unit("Bismarck", 4, power="germany", type="battleship", base="Brest", fast=True),
               unit("Hipper", 2, power="germany", type="cruiser-2", base="Brest", fast=True),
               unit("Prinz", 2, power="germany", type="cruiser-2", base="Brest", fast=True),
               unit("Tirpitz", 4, power="germany", type="battleship", base="Kiel", fast=True),
               unit("Graf Spee", 3, power="germany", type="battleship", base="Atlantic SW", fast=True),
               unit("Scheer", 3, power="germany", type="battleship", base="Atlantic SW", fast=True),
               unit("Kongo", 3, power="japan", type="battlecruiser", base="Singapore", fast=True),
               unit("Haruna", 3, power="japan", type="battlecruiser", base="Singapore", fast=True),
               unit("Kirishima", 3, power="japan", type="battlecruiser", base="Singapore", fast=True),
               unit("Hiei", 3, power="japan", type="battlecruiser", base="Singapore", fast=True),
               unit("Zara", 2, power="italy", type="cruiser-2", base="Suez", fast=True), *more])
    return with_missions(w, missions or {}, side="axis")


def _raid(w: AwawWorld, box: str, label: str = "Spring 1940", **opts: Any) -> Outcome:
    return VR._raid(env("axis"), ctx(w, "naval-combat", side="axis", label=label), box.split(), opts)


def test_21_531_usage_and_only_an_sw_box() -> None:
    w = raiders_world()
    assert refused(VR._raid, env("axis"), ctx(w), [], {}) == \
        "usage: raid SW-BOX --by A,B,C (Atlantic SW, Indian Ocean SW, Pacific SW) (21.53)"
    assert refused(_raid, w, "Liverpool", by="Bismarck") == (
        "raid: Liverpool is not an SW box; raiders enter the Atlantic, Indian Ocean or Pacific SW box (21.531A)")


def test_21_533C_a_raider_group_moves_to_the_sw_box_numbered_in_priority_order() -> None:
    out = _raid(raiders_world(), "Atlantic SW", by="Bismarck,Hipper")
    assert out.summary == (
        "raid-1: raider group 1 in the Atlantic SW box: Bismarck, Hipper (2 ships) (21.532, 21.533C); BRPs for 6 naval "
        "factors on the western front: the front of the raiders' base of origin (21.531C; proposed ruling A15)")
    assert out.details == (ENGAGE,) and out.actor == "axis"
    assert [(e.name, e.value) for e in out.explanations] == [("ships in the raider group", 2)]
    assert out.world.ops["missions"] == {"raid-1": {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Bismarck", "Hipper"],
                                                    "priority": 1, "ships": 2, "attempts": []}}
    assert out.world.ops["brps"] == [{"mission": "raid-1", "what": "raid into the Atlantic SW box", "front": "western",
                                      "factors": 6, "brps": None, "rule": "21.531C, 21.5331",
                                      "note": "the front of the raiders' base of origin (21.531C; proposed ruling A15)"}]
    ship = out.world.units["Bismarck"]
    assert (ship.acted, ship.inverted, ship.at_sea, ship.sea_hex) == (True, False, "raiding", "Atlantic SW")
    second = _raid(out.world, "Atlantic SW", by="Prinz")
    assert second.summary.startswith("raid-2: raider group 2 in the Atlantic SW box: Prinz (1 ships)")
    assert second.world.ops["missions"]["raid-2"]["priority"] == 2
    other_box = _raid(out.world, "Indian Ocean SW", by="Kongo")
    assert other_box.world.ops["missions"]["raid-2"]["priority"] == 1


def test_21_531C_a_two_front_base_pays_on_the_front_set_for_the_box() -> None:
    out = _raid(raiders_world(), "Atlantic SW", by="Tirpitz")
    assert out.summary.endswith("BRPs for 4 naval factors on the western front: the front set for raids into the "
                                "Atlantic SW box (21.531C; proposed ruling A15)")


def test_21_532C_conditions_noted_and_three_ships_from_a_listed_port() -> None:
    out = _raid(raiders_world(), "Indian Ocean SW", by="Zara")
    assert out.details == ("21.532C: only if the Axis control the Suez canal and Ethiopia (the referee checks)", ENGAGE)
    first = _raid(raiders_world(), "Indian Ocean SW", by="Kongo,Haruna")
    assert first.summary.startswith("raid-1: raider group 1 in the Indian Ocean SW box: Kongo, Haruna (2 ships)")
    assert first.details == (ENGAGE,)
    assert refused(_raid, first.world, "Indian Ocean SW", by="Kirishima,Hiei") == \
        "up to 3 ships may raid from Singapore, not 4 (21.532C)"
    assert _raid(first.world, "Indian Ocean SW", by="Kirishima").world.ops["missions"]["raid-2"]["priority"] == 2


def test_21_5331_the_setup_raiders_raid_from_the_sw_box_for_a_brp_each() -> None:
    out = _raid(raiders_world(), "Atlantic SW", label="Fall 1939", by="Graf Spee,Scheer")
    assert out.summary == ("raid-1: raider group 1 in the Atlantic SW box: Graf Spee, Scheer (2 ships) (21.532, 21.533C); "
                           "2 BRPs, 1 for each raiding ship (21.5331)")
    assert out.details == ("Graf Spee placed in the Atlantic SW box at the opening setup: 1 BRP (21.5331)",
                           "Scheer placed in the Atlantic SW box at the opening setup: 1 BRP (21.5331)", ENGAGE)
    assert out.world.ops["brps"][0]["brps"] == 2 and out.world.ops["brps"][0]["note"] == "21.5331"
    assert out.world.ops["brps"][0]["front"] == "western"
    assert refused(_raid, raiders_world(), "Atlantic SW", label="Fall 1939", by="Graf Spee,Bismarck") == (
        "raid: the setup raiders already in the SW box form their own groups; ships from port may not join them "
        "(21.5331, 21.533A)")
    assert "21.5331" in refused(_raid, raiders_world(), "Atlantic SW", by="Graf Spee")


# --- raid-engage (21.5341, 21.538) ------------------------------------------------------------------------------------

_RAID = {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Bismarck", "Hipper"], "priority": 1, "ships": 2, "attempts": []}
_FIRST = ("Only fast ships engage in the first attempt (21.5342B).",
          "The defender rolls the ship types (`raid-ships ID FACES`, e.g. 5,4) or declines (`raid-ships ID --decline`); at "
          "most one fast carrier per attempt (21.5342C).")


def _engage(m: dict[str, Any], *args: str, dice: tuple[int, ...] = (), pending: tuple = (), **opts: Any) -> tuple[Outcome, Any]:
    c = ctx(raiders_world(missions={"raid-1": m}), "naval-combat", side="axis", dice=dice, pending=pending)
    return VR._engage(env("axis"), c, list(args), opts), c


def test_21_5341_usage_and_an_attempt_once() -> None:
    assert refused(_engage, _RAID) == (
        "usage: raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] "
        "[--codebreaking -1|1] [--result N | --dice D] (21.5341)")
    made = {**_RAID, "attempts": [{"attempt": 1, "ships": 2}]}
    assert refused(_engage, made, "raid-1", attempt="1", result="3") == \
        "raid-engage: attempt 1 against raid-1 has been made (21.5341, 21.538)"
    waiting = (SimpleNamespace(id="raid-1-die-1-ship", effect="raid-step", args={"raid": "raid-1"}),)
    assert refused(_engage, _RAID, "raid-1", result="3", pending=waiting) == (
        "raid-engage: the defender has still to choose which ships engage raid-1: answer raid-1-die-1-ship (21.5342D, E)")
    others = (SimpleNamespace(id="x", effect="ops-confirm", args={"raid": "raid-1"}),
              SimpleNamespace(id="y", effect="raid-step", args={"raid": "raid-2"}))
    assert _engage(_RAID, "raid-1", result="3", pending=others)[0].summary.startswith("raid-1 attempt 1:")


def test_21_5341_the_die_rolled_plus_the_modifiers() -> None:
    out, c = _engage(_RAID, "raid-1", dice=(5,))
    assert c.rolls == [("1d6", "Raider Table, raid-1 attempt 1")]
    assert out.summary == "raid-1 attempt 1: 2 defending ships may engage (21.5341)"
    assert out.details == _FIRST and out.actor == "allies"
    mod, got = out.explanations
    assert (mod.name, mod.value, [(t.label, t.value) for t in mod.terms]) == (
        "Raider Table modifier (Atlantic SW)", -3, [("automatic", -3)])
    assert [(t.label, t.value) for t in got.terms] == [("die roll", 5), ("modifiers", -3), ("modified roll", 2)]
    assert out.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 2}]
    escaped, _ = _engage(_RAID, "raid-1", dice=(2,))
    assert escaped.summary == "raid-1 attempt 1: escapes detection (21.5341)"
    assert escaped.details == ("The raider group escapes detection and may attack the defending transports "
                               "(21.5341A, 21.5361A).",)
    assert escaped.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 0}]


def test_21_5341_RULINGS_A2_the_modified_result_typed() -> None:
    out, c = _engage(_RAID, "raid-1", result="4")
    assert c.rolls == [] and out.summary == "raid-1 attempt 1: 4 defending ships may engage (21.5341)"
    typed = out.explanations[1]
    assert (typed.name, typed.value, typed.rule, [(t.label, t.value, t.rule) for t in typed.terms]) == (
        "defending ships that may engage", 4, "21.5341", [("modified result typed (RULINGS A2)", 4, "21.5341")])
    zero, _ = _engage(_RAID, "raid-1", result="0")
    assert zero.summary == "raid-1 attempt 1: escapes detection (21.5341)" and zero.details == ()
    assert zero.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 0}]
    assert _engage(_RAID, "raid-1", result="1")[0].summary == "raid-1 attempt 1: 1 defending ships may engage (21.5341)"
    assert _engage(_RAID, "raid-1", result=True, dice=(6,))[0].summary.startswith("raid-1 attempt 1: 3 defending")


def test_21_538_the_second_attempt_and_the_printed_modifiers() -> None:
    made = {**_RAID, "attempts": [{"attempt": 1, "ships": 2}]}
    out, _ = _engage(made, "raid-1", result="3")
    assert out.summary == "raid-1 attempt 2: 3 defending ships may engage (21.5341, 21.538)"
    assert out.details == ("Slow ships may engage if the group contains damaged ships (21.538).", _FIRST[1])
    assert out.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 2}, {"attempt": 2, "ships": 3}]
    typed, _ = _engage(_RAID, "raid-1", attempt="2", result="-2",
                       **{"air-range": "1", "us-war": True, "cves": "7", "codebreaking": "-1"})
    assert typed.summary == "raid-1 attempt 2: escapes detection (21.5341, 21.538)"
    assert [(t.label, t.value) for t in typed.explanations[0].terms] == [
        ("automatic", -3), ("1 defender air range research results", 1), ("the U.S. is at war with Germany", 1),
        ("7 CVEs / 6, round down, at most +4", 1), ("Ultra codebreaking advantage", -1)]


def test_21_5342_japanese_raiders_based_in_singapore_add_one_in_the_indian_ocean() -> None:
    m = {**_RAID, "sw_box": "Indian Ocean SW", "units": ["Kongo"]}
    out, _ = _engage(m, "raid-1", dice=(3,))
    assert [(t.label, t.value) for t in out.explanations[0].terms] == [
        ("automatic", -3), ("Japanese raiders based in Singapore", 1)]
    typed, _ = _engage({**m, "units": ["Zara", "gone"]}, "raid-1", dice=(3,), singapore=True)
    assert typed.explanations[0].value == -2
    not_there, _ = _engage({**m, "units": ["Zara"]}, "raid-1", dice=(3,))
    assert not_there.explanations[0].value == -3


# --- raid-return (21.537, 21.538B) --------------------------------------------------------------------------------------

_BACK = {**_RAID, "attempts": [{"attempt": 1, "ships": 1, "engaged": [{"unit": "HMS-A", "die": 0, "role": "ship",
                                                                         "factors": 3}]},
                               {"attempt": 2, "ships": 0}], "defenders": ["HMS-A"]}


def _at_sea(missions: dict[str, Any]) -> AwawWorld:
    w = raiders_world(unit("HMS-A", 3, type="battleship", base="Liverpool", fast=True, at_sea="mission",
                           sea_hex="Atlantic SW"),
                      unit("HMS-B", 3, type="battleship", base="Liverpool", fast=True), missions=missions)
    return w.with_units([w.units[i].change(at_sea="raiding", sea_hex="Atlantic SW", acted=True) for i in ("Bismarck", "Hipper")])


def _back(w: AwawWorld, *args: str, pending: tuple = (), later: bool = False, **opts: Any) -> Outcome:
    """raid-return in the naval missions (where raid-engage is legal too), or ``later`` in the player turn."""
    here = frozenset() if later else frozenset({"raid-engage", "raid-return"})
    return VR._raid_return(env("axis"), ctx(w, "naval-combat", side="axis", pending=pending, commands=here), list(args), opts)


def test_21_537_usage_once_and_not_while_the_defender_names_ships() -> None:
    w = _at_sea({"raid-1": _BACK})
    assert refused(_back, w) == ("usage: raid-return RAID_ID [--engaged] [--survivors N] [--damaged A,B] [--sunk C] "
                                 "[--transports-lost N] (21.537)")
    assert refused(_back, _at_sea({"raid-1": {**_BACK, "returned": True}}), "raid-1") == \
        "raid-return: raid-1 has returned to port (21.537)"
    waiting = (SimpleNamespace(id="raid-1-die-1-ship", effect="raid-step", args={"raid": "raid-1"}),)
    assert refused(_back, w, "raid-1", pending=waiting) == (
        "raid-return: the defender has still to choose which ships engage raid-1: answer raid-1-die-1-ship (21.5342D, E)")
    assert refused(_back, w, "raid-1", damaged="HMS-B") == \
        "raid-return: HMS-B is not in raid-1 nor among the ships that engaged it"
    assert refused(_back, w, "raid-1", sunk="HMS-B") == \
        "raid-return: HMS-B is not in raid-1 nor among the ships that engaged it"


def test_21_538A_the_second_engagement_attempt_is_made_before_the_raiders_return() -> None:
    """21.538A: "Before raiders return to port, a second die roll is made on the Raider Table for each raiding group":
    with only the first attempt made, raid-return is refused and says how to make the second; a group whose every
    raider is sunk (all named with --sunk) has nobody left to return, and is closed without it; past the naval missions
    (left with --force) no attempt may be made, and the raid returns without it."""
    first_only = {**_BACK, "attempts": _BACK["attempts"][:1]}
    w = _at_sea({"raid-1": first_only})
    assert refused(_back, w, "raid-1") == ("raid-return: before raid-1 returns to port, its second engagement attempt is "
                                           "made: raid-engage raid-1 --attempt 2 (21.538A)")
    assert refused(_back, w, "raid-1", sunk="Bismarck") == refused(_back, w, "raid-1")
    out = _back(w, "raid-1", engaged=True, sunk="Bismarck,Hipper")
    assert out.world.ops["missions"]["raid-1"]["returned"] is True
    assert [out.world.units[i].sunk for i in ("Bismarck", "Hipper")] == [True, True]
    # the naval missions left with --force: no engagement attempt is legal any more, and the raid still returns (21.537A)
    assert _back(w, "raid-1", later=True).world.ops["missions"]["raid-1"]["returned"] is True


def test_21_537_21_538B_the_raiders_return_inverted_and_their_defenders_as_they_went() -> None:
    out = _back(_at_sea({"raid-1": _BACK}), "raid-1")
    assert out.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); the defending ships that engaged "
                           "it return too: HMS-A (21.537C, 21.538B)")
    # HMS-A was sent in the first attempt: the group was engaged (21.5361B) though --engaged is not typed
    assert out.details == out.explanations[0].notes and out.actor == "axis"
    assert [(e.name, e.value, e.rule) for e in out.explanations] == [
        ("raiders may attack the transports", True, "21.5361B, 21.5363")]
    assert out.world.ops["missions"]["raid-1"] == {**_BACK, "returned": True, "transports_lost": 0}
    units = out.world.units
    assert [(units[i].inverted, units[i].at_sea, units[i].sea_hex) for i in ("Bismarck", "Hipper", "HMS-A")] == [
        (True, "", ""), (True, "", ""), (False, "", "")]


def test_21_5363_transports_lost_only_when_no_unscreened_defender_survives() -> None:
    """21.5363: a group engaged in the first round (HMS-A sent, whether or not --engaged is typed) attacks the
    transports only if no unscreened defender survived it: the survivors are typed with the transports lost."""
    w = _at_sea({"raid-1": _BACK})
    for typed in ({}, {"engaged": True}):
        assert refused(_back, w, "raid-1", **typed, **{"transports-lost": "2"}) == (
            "raid-return: raid-1 was engaged in the first round of naval combat: type how many unscreened defending ships "
            "survived it (--survivors N) with its transports lost (21.5363)")
    assert refused(_back, w, "raid-1", survivors="1", **{"transports-lost": "2"}) == \
        "raid-return: raid-1 may not attack the transports while unscreened defenders survive (21.5363)"
    assert refused(_back, w, "raid-1", engaged=True, survivors="1", **{"transports-lost": "2"}) == \
        "raid-return: raid-1 may not attack the transports while unscreened defenders survive (21.5363)"
    out = _back(w, "raid-1", engaged=True, survivors="0",
                **{"transports-lost": "2", "damaged": "Hipper,HMS-A", "sunk": "Bismarck"})
    assert out.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); the defending ships that engaged "
                           "it return too: HMS-A (21.537C, 21.538B); 2 defending transports lost (remove them by hand)")
    assert out.details == out.explanations[0].notes and out.explanations[0].rule == "21.5361B, 21.5363"
    units = out.world.units
    assert [(units[i].damaged, units[i].sunk) for i in ("Bismarck", "Hipper", "HMS-A", "HMS-B")] == [
        (False, True), (True, False), (True, False), (False, False)]
    assert out.world.ops["missions"]["raid-1"]["transports_lost"] == 2
    assert _back(w, "raid-1", engaged=True, survivors="1").summary.endswith("HMS-A (21.537C, 21.538B)")


def test_21_538B_a_defender_still_engaging_another_group_stays_at_sea() -> None:
    other = {**_BACK, "units": []}
    out = _back(_at_sea({"raid-1": _BACK, "raid-2": other}), "raid-1")
    assert out.summary == "raid-1 returns to port: Bismarck, Hipper inverted (21.537)"
    assert out.world.units["HMS-A"].at_sea == "mission"
    done = _back(_at_sea({"raid-1": _BACK, "raid-2": {**other, "returned": True}}), "raid-1")
    assert done.world.units["HMS-A"].at_sea == ""
    gone = _back(_at_sea({"raid-1": {**_BACK, "defenders": ["HMS-A", "lost"]}}), "raid-1")
    assert gone.summary.endswith("HMS-A (21.537C, 21.538B)")


def test_the_raid_verbs_are_bound_to_the_env() -> None:
    verbs, answers = VR.build_raid_verbs(env("axis"))
    assert [(v.name, v.rule, v.options) for v in verbs] == [
        ("raid", "21.53", ("by",)),
        ("raid-engage", "21.5341, 21.538", ("attempt", "air-range", "us-war", "cves", "singapore", "codebreaking", "result")),
        ("raid-ships", "21.5342, 21.5341", ("missing", "decline")),
        ("raid-return", "21.537, 21.5361, 21.5363", ("engaged", "survivors", "damaged", "sunk", "transports-lost"))]
    assert list(answers) == ["raid-step"]
    assert verbs[0].handler(ctx(raiders_world(), side="axis"), ["Atlantic SW"], {"by": "Bismarck"}).summary.startswith(
        "raid-1: raider group 1")
