"""Outsider cases of a raid's order of steps (docs/cases/issue34-raid-sequence-cases.md, written from the rule text
by a helper who had not seen the code; seed 004, 21.5341, 21.5342, 21.537, 21.538), run against the raid verbs.

Found in the hand-played turn of issue 32 (docs/cases/issue32-hand-played-turn.md): after the second engagement
attempt found defending ships, ``raid-return`` was taken before the defender had rolled their types or declined:
the raiding player decided for the defender that nobody engaged. 21.538B: "After naval combat is resolved or
declined by the defender, all surviving raiders ... return". The defender's choice is now a command
(``raid-ships ID --decline``, 21.5341), and ``raid-return`` after an undecided engagement is refused unless the
combat's results are typed (``--engaged``, ruling A2).

R1, R4, R8, R9 ask for what the app does not record (interceptions resolved, rounds of naval combat fought): the tests
say what it does, with proposed rulings A37 and A38; R10 (a raider sent home alone with ``return``) and a variant of
R11 (a second round's survivors barring the first stage's attack) failed and are fixed; R12 holds (A39)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import unit
from test_awaw_exact_ops_verbs import ctx, env, refused
from test_awaw_exact_ops_verbs_raid import _BACK, _at_sea, _back, raiders_world
from test_awaw_exact_ops_verbs_raid_ships import RAID, _defended, _ships
from tui.rules.awaw import ops_raid_ships as RS
from tui.rules.awaw import verbs_displace as VD
from tui.rules.awaw import verbs_ops_raid as VR
from tui.rules.awaw.ruleset import _raid_duties
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

R10 = {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Scharnhorst", "Gneisenau", "Hipper"], "priority": 1,
       "ships": 3, "attempts": [{"attempt": 1, "ships": 1}]}
"""R10's set-up: the first round fought, Gneisenau damaged in it, the second attempt not made."""
RAID_2 = {**RAID, "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 3}]}
"""R5's set-up: the first attempt escaped, the second found 3 defending ships that may engage."""
UNDECIDED = ("raid-return: attempt 2 found 3 defending ships that may engage raid-1: the defender rolls their types "
             "(raid-ships raid-1 FACES) or declines to oppose the group (raid-ships raid-1 --decline) first, or the naval "
             "combat's results are typed here (--engaged) (21.5341, 21.538B)")


def _raid_at_sea(m: dict[str, Any]) -> Any:
    return _at_sea({"raid-1": m})


def _engage_raid(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    """raid-engage in the naval missions, the Axis raiding."""
    return VR._engage(env("axis"), ctx(w, "naval-combat", side="axis"), list(args), opts)


def _return(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    """The ``return`` of units at sea (21.33), in the combat phase's naval missions."""
    c = ctx(w, "naval-missions", side="axis")
    c.segment.path = ("first-turn", "combat", "naval-missions")
    return VD._return(env("axis").tables, c, list(args), opts)


def _raiding(w: AwawWorld, *ids: str, box: str = "Atlantic SW") -> AwawWorld:
    """``w`` with the raiders ``ids`` at sea in ``box``."""
    return w.with_units([w.units[i].change(at_sea="raiding", sea_hex=box, acted=True) for i in ids])


def _with_raid(w: AwawWorld, m: dict[str, Any]) -> AwawWorld:
    """``w`` with raid-1's record ``m``."""
    return replace(w, ops={**w.ops, "missions": {**w.ops["missions"], "raid-1": m}})


def _two_groups(first: dict[str, Any], second: dict[str, Any]) -> AwawWorld:
    """R4: raid-1 (Bismarck, Hipper) and raid-2 (Prinz) in the Atlantic SW box, CA2 engaging raid-2."""
    w = raiders_world(unit("CA2", 2, type="cruiser-2", base="Liverpool", fast=True, at_sea="mission",
                           sea_hex="Atlantic SW"), missions={"raid-1": first, "raid-2": second})
    return _raiding(w, "Bismarck", "Hipper", "Prinz")


def test_R5_21_538B_raiders_may_not_return_before_the_second_engagement_is_resolved_or_declined() -> None:
    """R5: "After naval combat is resolved or declined by the defender, all surviving raiders ... return" (21.538B):
    with the second attempt's defending ships found and nothing decided, the raiding player's return is refused."""
    assert refused(_back, _raid_at_sea(RAID_2), "raid-1") == UNDECIDED
    # the combat resolved and its results typed (ruling A2): the group returns
    out = _back(_raid_at_sea(RAID_2), "raid-1", engaged=True, survivors="0")
    assert out.world.ops["missions"]["raid-1"]["returned"] is True
    # the defender rolled his type dice (21.5342A): decided, the group returns once the ships are named
    rolled = {**RAID_2, "attempts": [RAID_2["attempts"][0], {"attempt": 2, "ships": 3, "dice": [1, 2, 3], "engaged": []}]}
    assert _back(_raid_at_sea(rolled), "raid-1").world.ops["missions"]["raid-1"]["returned"] is True


def test_R6_21_5341_the_defender_declines_and_the_raiders_return() -> None:
    """R6: "The defender may choose not to oppose a raiding group" (21.5341): raid-ships --decline records it, said in
    the log as the defender's; the raiders then return (21.538B)."""
    out = _ships(_defended(RAID_2), "raid-1", decline=True)
    assert out.summary == "raid-1 attempt 2: the defender does not oppose the raider group (21.5341)"
    assert out.actor == "allies"  # the defender decides (21.5341)
    assert out.world.ops["missions"]["raid-1"]["attempts"][-1] == {"attempt": 2, "ships": 3, "declined": True}
    back = _back(_raid_at_sea(out.world.ops["missions"]["raid-1"]), "raid-1")
    assert back.world.ops["missions"]["raid-1"]["returned"] is True


def test_R7_21_5341_once_the_defender_opposes_he_cannot_change_his_mind() -> None:
    """R7(a): "once the defender has decided to oppose a raider group, he cannot change his mind" (21.5341): with his
    type dice rolled, --decline is refused; a declined engagement takes no dice either."""
    rolled = {**RAID_2, "attempts": [RAID_2["attempts"][0], {"attempt": 2, "ships": 3, "dice": [1, 2, 3], "engaged": []}]}
    assert refused(_ships, _defended(rolled), "raid-1", decline=True) == (
        "raid-ships: the defender has decided to oppose raid-1 in attempt 2 (his dice are rolled: 1,2,3); he cannot "
        "change his mind (21.5341)")
    declined = {**RAID_2, "attempts": [RAID_2["attempts"][0], {"attempt": 2, "ships": 3, "declined": True}]}
    assert refused(_ships, _defended(declined), "raid-1", "1,2,3") == (
        "raid-ships: the defender has declined to oppose raid-1 in attempt 2 (21.5341)")
    assert refused(_ships, _defended(declined), "raid-1", decline=True) == (
        "raid-ships: the defender has declined to oppose raid-1 in attempt 2 (21.5341)")


def test_21_5341_decline_needs_an_engagement_that_found_ships_and_one_raid() -> None:
    escaped = {**RAID, "attempts": [{"attempt": 1, "ships": 0}]}
    assert refused(_ships, _defended(escaped), "raid-1", decline=True) == (
        "raid-ships: no engagement of raid-1 allows defending ships (21.5341)")
    assert refused(_ships, _defended(RAID), decline=True) == "usage: raid-ships RAID_ID --decline (21.5341)"
    assert refused(_ships, _defended(RAID), "raid-1", "x", decline=True) == "usage: raid-ships RAID_ID --decline (21.5341)"


def test_R2_R3_21_538A_the_second_attempt_still_comes_first() -> None:
    """R2/R3: "Before raiders return to port, a second die roll is made on the Raider Table for each raiding group"
    (21.538A): the first attempt's engagement undecided, the return asks for the second attempt first (the first
    round's results are typed at the return, ruling A2)."""
    first = {**RAID, "attempts": [{"attempt": 1, "ships": 2}]}
    assert refused(_back, _raid_at_sea(first), "raid-1") == (
        "raid-return: before raid-1 returns to port, its second engagement attempt is made: raid-engage raid-1 "
        "--attempt 2 (21.538A)")


def test_21_5341_21_538B_the_undecided_engagement_is_a_duty_before_the_return() -> None:
    """The checklist names the engagement to oppose or decline first (due where raid-ships is legal), then the raider
    groups at sea (21.537A); a group whose engagement is decided has only the second."""
    from msgspec.structs import replace

    from test_awaw_exact_verbs_ruleset import _segment, awaw_game

    game = awaw_game()
    st = game.state
    units = {**st.world.units, "RM-CA-Messina": st.world.units["RM-CA-Messina"].change(at_sea="raiding")}
    raid = {"kind": "raid", "units": ["RM-CA-Messina"], "sw_box": "Atlantic SW", **{"attempts": RAID_2["attempts"]}}
    world = replace(st.world, units=units, ops={"turn": f"{st.flow.turn}:axis", "missions": {"raid-6": raid}})
    st = replace(st, world=world)
    seg = _segment(game, "first-turn/combat/naval-missions")
    duties = _raid_duties(lambda s: "axis", st, seg)
    assert [(d.text, d.rule, d.state, d.detail) for d in duties] == [
        ("Raider engagements to oppose or decline: raid-6 attempt 2 (3 defending ships may engage)", "21.5341, 21.538B",
         "due", "raid-ships ID FACES (the defender's type dice) or raid-ships ID --decline; or the combat's results typed "
         "at raid-return ID --engaged"),
        ("Raider groups at sea: raid-6 (Atlantic SW: RM-CA-Messina)", "21.537A", "due",
         "raid-return ID: all raiding groups must attempt to return to port")]
    declined = {**raid, "attempts": [RAID_2["attempts"][0], {**RAID_2["attempts"][1], "declined": True}]}
    st = replace(st, world=replace(st.world, ops={"turn": f"{st.flow.turn}:axis", "missions": {"raid-6": declined}}))
    assert [d.rule for d in _raid_duties(lambda s: "axis", st, seg)] == ["21.537A"]
    assert RS.undecided({"attempts": []}) is None and RS.undecided({}) is None


# --- R1, R4: the order of the steps the app does not see (proposed ruling A37) ---------------------------------------


def test_R1_21_5341_the_raider_roll_is_not_held_back_by_an_interception_the_app_cannot_see() -> None:
    """R1: "After the defender has resolved any naval interceptions of the moving player's other naval missions, the
    defender may roll one die for each raider group" (21.5341). ``intercept`` records the attempt, not the mission it
    intercepts nor when its naval combat is over (typed, RULINGS A2), so a British ship that has just intercepted does
    not hold the raider roll back: the raid's own line reminds the referee of the order (proposed ruling A37)."""
    w = raiders_world(unit("HMS-I", 3, type="battleship", base="Liverpool", fast=True, intercepts=1),
                      missions={"raid-1": {**RAID, "attempts": []}})
    out = _engage_raid(w, "raid-1", result="3")
    assert out.summary == "raid-1 attempt 1: 3 defending ships may engage (21.5341)"
    assert out.actor == "allies"
    assert out.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 3}]
    sent = VR._raid(env("axis"), ctx(raiders_world(), "naval-combat", side="axis"), ["Atlantic", "SW"], {"by": "Prinz"})
    assert sent.details == ("Engage it with `raid-engage ID` after other interceptions (21.5341).",)


def test_R4_21_537A_one_group_may_go_on_while_another_groups_first_round_is_not_recorded() -> None:
    """R4: "Once the first round of naval combat between each raider group and any defending naval units which engaged
    them and raider attacks against enemy transports are both resolved, all raiding groups must then attempt to return
    to port" (21.537A). The first round is fought off the app and typed at raid-return (RULINGS A2), so nothing says
    raid-2's is not over: raid-1's second attempt and its return are taken (proposed ruling A37)."""
    second = {**RAID, "units": ["Prinz"], "priority": 2, "ships": 1,
              "attempts": [{"attempt": 1, "ships": 1, "dice": [2], "missing": [], "chosen": {}, "sent": [2],
                            "engaged": [{"die": 0, "unit": "CA2", "factors": 2, "role": "ship"}]}], "defenders": ["CA2"]}
    first = {**RAID, "attempts": [{"attempt": 1, "ships": 0}]}
    w = _two_groups(first, second)
    out = _engage_raid(w, "raid-1", result="0")
    assert out.summary == "raid-1 attempt 2: escapes detection (21.5341, 21.538)"
    back = _back(out.world, "raid-1", **{"transports-lost": "1"})
    assert back.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); 1 defending transports lost "
                            "(remove them by hand)")
    assert back.world.units["Prinz"].at_sea == "raiding" and back.world.units["CA2"].at_sea == "mission"


def test_R4_21_537A_no_second_attempt_while_another_groups_first_stage_is_undecided() -> None:
    """R4, the part the app sees (proposed ruling A37): the return stage, and each group's second attempt with it
    (21.538A: "Before raiders return to port, a second die roll is made"), begins "once the first round of naval combat
    between each raider group and any defending naval units which engaged them ... [is] resolved" (21.537A). raid-2's
    first attempt not made, or its defending ships found and neither sent nor declined: raid-1's second attempt is
    refused; once the defender declines, it is taken."""
    first = {**RAID, "attempts": [{"attempt": 1, "ships": 0}]}
    tail = ("; every group's first stage is resolved before raid-1's second attempt, which comes before the raiders "
            "return (21.537A, 21.538A)")
    not_made = {**RAID, "units": ["Prinz"], "priority": 2, "ships": 1, "attempts": []}
    assert refused(_engage_raid, _two_groups(first, not_made), "raid-1", result="0") == (
        "raid-engage: raid-2 has not made its first engagement attempt" + tail)
    found = {**not_made, "attempts": [{"attempt": 1, "ships": 2}]}
    assert refused(_engage_raid, _two_groups(first, found), "raid-1", result="0") == (
        "raid-engage: raid-2's first attempt found 2 defending ships that the defender has neither sent nor declined "
        "(raid-ships raid-2 FACES, or --decline)" + tail)
    declined = {**not_made, "attempts": [{"attempt": 1, "ships": 2, "declined": True}]}
    out = _engage_raid(_two_groups(first, declined), "raid-1", result="0")
    assert out.summary == "raid-1 attempt 2: escapes detection (21.5341, 21.538)"
    returned = {**not_made, "returned": True}
    assert _engage_raid(_two_groups(first, returned), "raid-1", result="0").summary == out.summary


# --- R8, R9, R10: the second round and the group's return (proposed ruling A38) ----------------------------------------

KGV = unit("KGV", 4, type="battleship", base="Liverpool", fast=True)


def test_R8_21_537C_a_damaged_defender_is_not_offered_for_the_second_attempt() -> None:
    """R8: "Damaged defending naval units must disengage after the first round of naval combat and return to port.
    Undamaged defending naval units may fight a second round of naval combat against the raiding group they engaged,
    together with any additional defending naval units which succeed in engaging that raiding group" (21.537C). The
    rounds are fought off the app (RULINGS A2): which ships fire in the second one is not recorded, so "keeping" KGV in
    it cannot be typed. What is recorded: KGV damaged (``damage``) is not an eligible defender of the second attempt,
    the group waits for that attempt's ships, and KGV goes home no later than the group (proposed ruling A38)."""
    first = _ships(_defended(RAID, KGV), "raid-1", "4,2")
    assert first.summary.endswith("engaging: KGV for the die 4; CA2 for the die 2 (21.5342E); every ship is named: they "
                                  "engage raid-1 in the Atlantic SW box (21.5342E, F)")
    w = first.world.with_units([first.world.units["KGV"].change(damaged=True)])
    m = w.ops["missions"]["raid-1"]
    w = _raiding(_with_raid(w, {**m, "attempts": [*m["attempts"], {"attempt": 2, "ships": 1}]}), "Bismarck", "Hipper")
    assert refused(_back, w, "raid-1") == (
        "raid-return: attempt 2 found 1 defending ships that may engage raid-1: the defender rolls their types "
        "(raid-ships raid-1 FACES) or declines to oppose the group (raid-ships raid-1 --decline) first, or the naval "
        "combat's results are typed here (--engaged) (21.5341, 21.538B)")
    second = _ships(w, "raid-1", "1")
    assert second.summary == ("raid-1: the defender sends one destroyer factor (21.5342); engaging: one destroyer factor "
                              "of RN-DD for the die 1 (21.5342E); every ship is named: they engage raid-1 in the Atlantic "
                              "SW box (21.5342E, F)")
    assert second.details == ("eligible defenders: Hood, Renown, RN-DD, Ark, CA2 (21.5342G; the referee marks others "
                              "--missing)",)  # not KGV, damaged; CA2 fought the first round (its factors are spent)
    back = _back(second.world, "raid-1", engaged=True, damaged="CA2")
    assert back.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); the defending ships that engaged "
                            "it return too: KGV, CA2, RN-DD (21.537C, 21.538B)")
    assert [back.world.units[i].at_sea for i in ("KGV", "CA2", "RN-DD")] == ["", "", ""]


def test_R9_21_537C_a_second_attempt_that_escapes_lets_the_group_return_with_its_first_defenders() -> None:
    """R9 (AMBIGUOUS): "Undamaged defending naval units may fight a second round of naval combat against the raiding
    group they engaged, together with any additional defending naval units which succeed in engaging that raiding
    group" (21.537C), against 21.5341A repeated by 21.538A: "If the modified die roll for a raider group is "0" or less,
    the raider group escapes detection". The app reads the second attempt's 0 as the end of the engagement procedure:
    there is nothing for the defender to oppose or decline, and the raiding player's return is taken; a second round
    the referee has the undamaged HMS-A fight is typed at raid-return (proposed ruling A38)."""
    w = _at_sea({"raid-1": _BACK})
    assert refused(_ships, w, "raid-1", decline=True) == "raid-ships: no engagement of raid-1 allows defending ships (21.5341)"
    out = _back(w, "raid-1")
    assert out.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); the defending ships that engaged "
                           "it return too: HMS-A (21.537C, 21.538B)")
    fought = _back(w, "raid-1", engaged=True, damaged="HMS-A,Hipper")
    assert [(fought.world.units[i].damaged, fought.world.units[i].at_sea) for i in ("HMS-A", "Hipper")] == [
        (True, ""), (True, "")]


def test_R10_21_537B_a_raider_group_returns_to_port_as_a_single_group() -> None:
    """R10: "Each raider group attempts to return to port as a single group" (21.537B); "Before raiders return to port,
    a second die roll is made on the Raider Table for each raiding group" (21.538A). Gneisenau, damaged in the first
    round, may not go home on its own with ``return`` (a) nor may the group split between ports (b); it returns with its
    group at raid-return, and while it is out slow defending ships may engage the group (the Raider Table's note)."""
    w = raiders_world(unit("Scharnhorst", 3, power="germany", type="battlecruiser", base="Brest", fast=True),
                      unit("Gneisenau", 3, power="germany", type="battlecruiser", base="Brest", fast=True, damaged=True),
                      unit("Slow", 4, type="battleship", base="Liverpool"), missions={"raid-1": R10})
    w = _raiding(w, "Scharnhorst", "Gneisenau", "Hipper")
    alone = ("return: Gneisenau is raiding (raid-1): each raider group returns to port as a single group, after its "
             "second engagement attempt: raid-return raid-1 (21.537B, 21.538A)")
    assert refused(_return, w, "Gneisenau") == alone
    assert refused(_return, w, "Scharnhorst", to="Kiel", distance="5") == alone.replace("Gneisenau is", "Scharnhorst is")
    assert refused(_return, w, "Gneisenau", "Hipper") == alone.replace("Gneisenau is", "Gneisenau, Hipper are")
    ships_, _ = RS.pool(env("axis"), w, {**R10, "id": "raid-1"}, {"attempt": 2})
    assert "Slow" in ships_ and "Slow" not in RS.pool(env("axis"), w, {**R10, "id": "raid-1"}, {"attempt": 1})[0]
    assert refused(_back, w, "raid-1") == ("raid-return: before raid-1 returns to port, its second engagement attempt is "
                                           "made: raid-engage raid-1 --attempt 2 (21.538A)")
    w = _with_raid(w, {**R10, "attempts": [*R10["attempts"], {"attempt": 2, "ships": 0}]})
    out = _back(w, "raid-1")
    assert out.summary == "raid-1 returns to port: Scharnhorst, Gneisenau, Hipper inverted (21.537)"
    assert {out.world.units[i].base for i in R10["units"]} == {"Brest"}


# --- R11, R12: the transports are attacked once, in the first stage (proposed ruling A39) -----------------------------

R11 = {"kind": "raid", "sw_box": "Indian Ocean SW", "units": ["Kongo", "Haruna"], "priority": 1, "ships": 2,
       "attempts": [{"attempt": 1, "ships": 0},
                    {"attempt": 2, "ships": 1, "dice": [1], "missing": [], "chosen": {}, "sent": [1],
                     "engaged": [{"die": 0, "unit": "RN-DD", "factors": 1, "role": "ship"}]}], "defenders": ["RN-DD"]}


def _r11(m: dict[str, Any]) -> AwawWorld:
    """R11, R12: Kongo and Haruna raiding in the Indian Ocean SW box, RN-DD engaging them."""
    w = raiders_world(unit("RN-DD", 4, type="destroyer", base="Liverpool", fast=True, at_sea="mission",
                           sea_hex="Indian Ocean SW"), missions={"raid-1": m})
    return _raiding(w, "Kongo", "Haruna", box="Indian Ocean SW")


def test_R11_21_538B_surviving_raiders_may_not_attack_the_transports_a_second_time() -> None:
    """R11: "Surviving raiders may not make a second attack against the defender's transports in that turn" (21.538B).
    The transports the group sank are typed once, at its return; with the group back, a second raid-return is refused.
    The group was not engaged in the first stage (its first attempt escaped, 21.5361A): the second round's survivors,
    typed, do not take back the attack it made then."""
    out = _back(_r11(R11), "raid-1", engaged=True, sunk="RN-DD", **{"transports-lost": "2"})
    assert out.summary == ("raid-1 returns to port: Kongo, Haruna inverted (21.537); the defending ships that engaged it "
                           "return too: RN-DD (21.537C, 21.538B); 2 defending transports lost (remove them by hand)")
    assert out.world.ops["missions"]["raid-1"]["transports_lost"] == 2
    assert refused(_back, out.world, "raid-1", **{"transports-lost": "1"}) == "raid-return: raid-1 has returned to port (21.537)"
    kept = _back(_r11(R11), "raid-1", engaged=True, survivors="1", **{"transports-lost": "2"})
    assert [(e.value, e.rule) for e in kept.explanations] == [(True, "21.5361A")]
    assert kept.world.ops["missions"]["raid-1"]["transports_lost"] == 2


def test_R12_21_537A_a_group_kept_from_the_transports_does_not_attack_them_after_escaping_the_second_attempt() -> None:
    """R12 (AMBIGUOUS): "Once the first round of naval combat ... and raider attacks against enemy transports are both
    resolved, all raiding groups must then attempt to return to port" (21.537A); 21.538A repeats "the process set out
    in rule 21.534", not 21.536. The first round left RN-DD, unscreened, afloat (21.5363); the second attempt escaped:
    the transports are still barred (proposed ruling A39)."""
    first_round = {**R11, "attempts": [{**R11["attempts"][1], "attempt": 1}, {"attempt": 2, "ships": 0}]}
    w = _r11(first_round)
    assert refused(_back, w, "raid-1", engaged=True, survivors="1", damaged="RN-DD", **{"transports-lost": "2"}) == (
        "raid-return: raid-1 may not attack the transports while unscreened defenders survive (21.5363)")
    out = _back(w, "raid-1", engaged=True, survivors="1", damaged="RN-DD")
    assert out.world.ops["missions"]["raid-1"]["transports_lost"] == 0
    assert [(e.value, e.rule) for e in out.explanations] == [(False, "21.5361B, 21.5363")]
