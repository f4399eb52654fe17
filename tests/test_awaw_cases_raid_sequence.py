"""Outsider cases of a raid's order of steps (docs/cases/issue34-raid-sequence-cases.md, written from the rule text
by a helper who had not seen the code; seed 004, 21.5341, 21.5342, 21.537, 21.538), run against the raid verbs.

Found in the hand-played turn of issue 32 (docs/cases/issue32-hand-played-turn.md): after the second engagement
attempt found defending ships, ``raid-return`` was taken before the defender had rolled their types or declined:
the raiding player decided for the defender that nobody engaged. 21.538B: "After naval combat is resolved or
declined by the defender, all surviving raiders ... return". The defender's choice is now a command
(``raid-ships ID --decline``, 21.5341), and ``raid-return`` after an undecided engagement is refused unless the
combat's results are typed (``--engaged``, ruling A2)."""

from __future__ import annotations

from typing import Any

from test_awaw_exact_ops_verbs import ctx, env, refused
from test_awaw_exact_ops_verbs_raid import _at_sea, _back
from test_awaw_exact_ops_verbs_raid_ships import RAID, _defended, _ships
from tui.rules.awaw import ops_raid_ships as RS
from tui.rules.awaw.ruleset import _raid_duties

RAID_2 = {**RAID, "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 3}]}
"""R5's set-up: the first attempt escaped, the second found 3 defending ships that may engage."""
UNDECIDED = ("raid-return: attempt 2 found 3 defending ships that may engage raid-1: the defender rolls their types "
             "(raid-ships raid-1 FACES) or declines to oppose the group (raid-ships raid-1 --decline) first, or the naval "
             "combat's results are typed here (--engaged) (21.5341, 21.538B)")


def _raid_at_sea(m: dict[str, Any]) -> Any:
    return _at_sea({"raid-1": m})


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
