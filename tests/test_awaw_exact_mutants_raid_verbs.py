"""Exact tests of the raid verbs (``tui/rules/awaw/ops_raid_ships.py``, ``verbs_ops_raid.py``; seed 004, 21.5341-21.538),
written against the mutants a mutation run left alive: ``raid-ships`` and its prompts' answers, the defenders' pool,
``raid-engage``'s second attempt and ``raid-return``, called directly on small worlds, each asserting the whole message,
record, prompt or figure."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import unit
from test_awaw_exact_ops_verbs import ctx, env, refused
from test_awaw_exact_ops_verbs_raid import _BACK, _RAID, _back, raiders_world
from test_awaw_exact_ops_verbs_raid import _at_sea as back_world
from test_awaw_exact_ops_verbs_raid_ships import BB3, RAID, _answer, _defended, _ships
from tui.rules.awaw import ops_raid_ships as RS
from tui.rules.awaw import verbs_ops_raid as VR
from tui.rules.awaw.raid_ships import Ship
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

CA = "a 2-factor cruiser or 2-factor battlecruiser"
NAMED = "every ship is named: they engage raid-1 in the Atlantic SW box (21.5342E, F)"


def _attempts(out: Outcome, mid: str = "raid-1") -> list[dict[str, Any]]:
    return out.world.ops["missions"][mid]["attempts"]


def _strip(out: Outcome, *keys: str) -> Outcome:
    """``out`` with its raid's last attempt saved without ``keys`` (a record kept before they were written)."""
    rec = out.world.ops
    m = rec["missions"]["raid-1"]
    last = {k: v for k, v in m["attempts"][-1].items() if k not in keys}
    w = replace(out.world, ops={**rec, "missions": {**rec["missions"], "raid-1": {**m, "attempts": [*m["attempts"][:-1], last]}}})
    return replace(out, world=w)


# --- read_dice (21.5342A, D) --------------------------------------------------------------------------------------------


def test_21_5342A_D_the_dice_read_empty_words_skipped_and_ranges_refused() -> None:
    assert RS.read_dice(["2,,3", "3:1"]) == ([2, 3, 3], {"2": 1})
    assert refused(RS.read_dice, ["0"]) == "a ship type die must be from 1 to 6, not '0'"
    assert refused(RS.read_dice, ["7"]) == "a ship type die must be from 1 to 6, not '7'"
    assert refused(RS.read_dice, ["3:0"]) == \
        "the lesser result chosen for a die (DIE:LESSER, 21.5342D) must be from 1 to 2, not '0'"
    assert refused(RS.read_dice, ["3:3"]) == \
        "the lesser result chosen for a die (DIE:LESSER, 21.5342D) must be from 1 to 2, not '3'"


# --- raid-ships --decline (21.5341) -------------------------------------------------------------------------------------


def test_21_5341_the_defender_declines_the_last_attempt_only() -> None:
    """21.5341: declining marks the last attempt, the first one or the second, and keeps the others as they were."""
    out = _ships(_defended(), "raid-1", decline=True)
    assert out.summary == "raid-1 attempt 1: the defender does not oppose the raider group (21.5341)"
    assert (out.details, out.explanations, out.raise_prompts, out.actor) == ((), (), (), "allies")
    assert _attempts(out) == [{"attempt": 1, "ships": 2, "declined": True}]
    second = {**RAID, "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 2}]}
    out = _ships(_defended(second), "raid-1", decline=True)
    assert out.summary == "raid-1 attempt 2: the defender does not oppose the raider group (21.5341)"
    assert _attempts(out) == [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 2, "declined": True}]


# --- the defenders and their pool (21.5342B, G) -------------------------------------------------------------------------


def test_21_5342G_a_neutral_ship_never_defends_and_an_unlisted_box_has_only_itself_and_the_ports() -> None:
    """21.5342G: the defender's ships only (a neutral power's ship in an eligible port is not one); an SW box the data
    lists no boxes for draws on itself and the operational mapboard ports."""
    w = _defended(RAID, unit("Neutral", 3, power="neutral", type="battlecruiser", base="Liverpool", fast=True))
    assert [u.id for u in RS.defenders(env("axis"), w, "axis", "Atlantic SW", 1, False)] == [
        "Hood", "Renown", "RN-DD", "Ark", "CA2"]
    assert [u.id for u in RS.defenders(env("axis"), w, "axis", "Arctic SW", 1, False)] == ["Hood", "RN-DD", "Ark", "CA2"]


def test_21_5342E_the_ships_engaging_raiders_this_player_turn() -> None:
    """21.5342E: every ship engaging a raider group, from the raids' attempts only; none without an operations record
    or a raid without attempts."""
    assert RS.engaged_ids(raiders_world()) == set()
    assert RS.engaged_ids(replace(raiders_world(), ops={})) == set()
    missions = {"raid-1": {"kind": "raid", "units": []},
                "raid-2": {"kind": "raid", "attempts": [{"attempt": 1, "engaged": [{"unit": "RN-DD", "factors": 1}]},
                                                        {"attempt": 2}]},
                "patrol-3": {"kind": "patrol", "attempts": [{"attempt": 1, "engaged": [{"unit": "Hood", "factors": 3}]}]}}
    assert RS.engaged_ids(raiders_world(missions=missions)) == {"RN-DD"}


def _engaging(*more: Any, missions: dict[str, Any]) -> AwawWorld:
    """Hood in Liverpool; RN-DD (4 factors), DD-Full (2) and the slow Old-DD (3) at sea engaging raiders in the
    Atlantic SW box."""
    sea = {"at_sea": "mission", "sea_hex": "Atlantic SW"}
    return raiders_world(unit("Hood", 3, type="battlecruiser", base="Liverpool", fast=True),
                         unit("RN-DD", 4, type="destroyer", base="Liverpool", fast=True, **sea),
                         unit("DD-Full", 2, type="destroyer", base="Liverpool", fast=True, **sea),
                         unit("Old-DD", 3, type="destroyer", base="Liverpool", **sea), *more, missions=missions)


_OTHER = {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Prinz"], "priority": 2, "ships": 3,
          "attempts": [{"attempt": 1, "ships": 3, "engaged": [{"die": 0, "unit": "RN-DD", "factors": 1, "role": "ship"},
                                                              {"die": 1, "unit": "RN-DD", "factors": 1, "role": "ship"},
                                                              {"die": 2, "unit": "DD-Full", "factors": 2, "role": "escort"}]},
                       {"attempt": 2, "ships": 1, "engaged": [{"die": 0, "unit": "Old-DD", "factors": 1, "role": "ship"}]}]}
_HOOD = Ship("Hood", "battlecruiser", 3)
_RN_DD = Ship("RN-DD", "destroyer", 4, light=True, whole=False)
_FULL = Ship("DD-Full", "destroyer", 2, light=True, whole=False)
_OLD = Ship("Old-DD", "destroyer", 3, light=True, whole=False)


def test_21_5342B_G_the_pool_counts_the_factors_already_engaging_other_raiders() -> None:
    """21.5342B, E, G: the ships in port and those already engaging raiders in this SW box (fast ones in a first
    attempt), each with the factors not yet engaged: RN-DD has given 2 of its 4 to raid-2, DD-Full all of its 2 (it is
    still a defender, with nothing left to give); another kind of mission's records do not count."""
    missions = {"raid-1": {**RAID, "id": "raid-1"}, "raid-2": _OTHER,
                "patrol-3": {"kind": "patrol", "attempts": [{"attempt": 1, "engaged": [{"unit": "Hood", "factors": 3}]}]},
                "raid-4": {"kind": "raid", "sw_box": "Pacific SW", "units": ["Kongo"]}}
    w = _engaging(missions=missions)
    ships, avail = RS.pool(env("axis"), w, missions["raid-1"], {"attempt": 1, "ships": 2})
    assert ships == {"Hood": _HOOD, "RN-DD": _RN_DD, "DD-Full": _FULL}
    assert avail == {"Hood": 3, "RN-DD": 2}


def test_21_538_a_slow_ship_engaging_already_joins_only_a_second_attempt_against_damaged_raiders() -> None:
    """21.5342B, 21.538: the slow Old-DD, engaging raid-2 since its second attempt, may engage raid-1 only in a second
    attempt of a group with a damaged raider."""
    missions = {"raid-1": {**RAID, "id": "raid-1"}, "raid-2": _OTHER}
    w = _engaging(missions=missions)
    damaged = w.with_units([w.units["Bismarck"].change(damaged=True)])
    ships, avail = RS.pool(env("axis"), damaged, missions["raid-1"], {"attempt": 2, "ships": 1})
    assert ships == {"Hood": _HOOD, "RN-DD": _RN_DD, "DD-Full": _FULL, "Old-DD": _OLD}
    assert avail == {"Hood": 3, "RN-DD": 2, "Old-DD": 2}
    assert RS.pool(env("axis"), damaged, missions["raid-1"], {"attempt": 1, "ships": 1})[0] == {
        "Hood": _HOOD, "RN-DD": _RN_DD, "DD-Full": _FULL}
    assert RS.pool(env("axis"), w, missions["raid-1"], {"attempt": 2, "ships": 1})[0] == {
        "Hood": _HOOD, "RN-DD": _RN_DD, "DD-Full": _FULL}


def test_21_5342G_the_pool_without_an_operations_record() -> None:
    """21.5342G: with no operations record in the world nothing is engaging yet: the ships in port, whole."""
    w = replace(_defended(), ops={})
    ships, avail = RS.pool(env("axis"), w, {**RAID, "id": "raid-1"}, {"attempt": 1, "ships": 2})
    assert list(ships) == ["Hood", "Renown", "RN-DD", "Ark", "CA2"]
    assert ships["CA2"] == Ship("CA2", "cruiser-2", 2, light=True, whole=True)
    assert avail == {"Hood": 3, "Renown": 3, "RN-DD": 4, "Ark": 2, "CA2": 2}


# --- raid-ships, its figures and prompts (21.5342A-E) -------------------------------------------------------------------


def test_21_5342A_D_each_die_has_its_figure_the_one_that_sends_nothing_too() -> None:
    """21.5342A, D: the dice 2 and 4 with only a 2-factor cruiser there: the 4 sends it (the only lesser type there),
    then the 2 finds nothing; a figure for each die, in the dice's order."""
    w = raiders_world(unit("CA2", 2, type="cruiser-2", base="Liverpool", fast=True), missions={"raid-1": RAID})
    out = _ships(w, "raid-1", "2,4")
    assert out.summary == (f"raid-1: the defender sends no ship; {CA} (21.5342); engaging: CA2 for the die 4 ({CA}) "
                           f"(21.5342E); {NAMED}")
    assert out.details == ("eligible defenders: CA2 (21.5342G; the referee marks others --missing)",
                           f"The die 4 sends a 4-factor battleship, and none is there: {CA} is the only lesser result "
                           "there (21.5342D).")
    assert [(e.name, e.value, e.rule, [(t.label, t.value, t.rule) for t in e.terms], e.notes) for e in out.explanations] == [
        ("ship type that engages", 0, "21.5342D", [("die roll", 2, "21.5342A")],
         ("No eligible ship of this or any lesser type is available.",)),
        ("ship type that engages", 2, "21.5342D", [("die roll", 4, "21.5342A"), (f"sends {CA}", 2, "21.5342")],
         ("A 4-factor battleship is not there: the defender sends a lesser result (the only one there, 21.5342D).",))]


def test_21_5342C_a_carrier_and_its_only_escort_named_for_the_defender() -> None:
    """21.5342C, E: a 1-factor fast carrier and one 2-factor cruiser: both engage without a question, the cruiser with
    both its factors (one ship)."""
    w = raiders_world(unit("CV1", 1, type="fast-carrier", base="Liverpool", fast=True),
                      unit("CA2", 2, type="cruiser-2", base="Liverpool", fast=True),
                      missions={"raid-1": {**RAID, "attempts": [{"attempt": 1, "ships": 1}]}})
    out = _ships(w, "raid-1", "6")
    assert out.summary == (
        "raid-1: the defender sends one fast carrier of any size and an equivalent number of light ship factors "
        "(21.5342); engaging: CV1 for the die 6; 2 light ship factors of CA2 with the carrier of the die 6 (21.5342C, E); "
        f"{NAMED}")
    assert _attempts(out)[0]["engaged"] == [{"die": 0, "unit": "CV1", "factors": 1, "role": "ship"},
                                            {"die": 0, "unit": "CA2", "factors": 2, "role": "escort"}]


def test_21_538_the_second_attempt_keeps_the_first_in_the_record() -> None:
    m = {**RAID, "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 1}]}
    out = _ships(_defended(m), "raid-1", "1")
    assert _attempts(out) == [
        {"attempt": 1, "ships": 0},
        {"attempt": 2, "ships": 1, "dice": [1], "missing": [], "chosen": {}, "sent": [1],
         "engaged": [{"die": 0, "unit": "RN-DD", "factors": 1, "role": "ship"}]}]


def test_21_5342D_E_the_prompts_are_required_about_the_raid_and_raised_in_the_segment() -> None:
    """21.5342D, E, C: the lesser-type, ship and escort prompts must be answered, are about the raid, and are raised in
    the segment of the command."""
    lesser = _ships(_defended(), "raid-1", "3,4").raise_prompts[0]
    ship = _answer(_ships(_defended(), "raid-1", "3,4"), BB3).raise_prompts[0]
    escort = _ships(_defended(), "raid-1", "6,1").raise_prompts[0]
    assert [(p.id, p.required, p.subject, p.raised) for p in (lesser, ship, escort)] == [
        ("raid-1-die-2-lesser", True, "raid-1", "naval-combat"), ("raid-1-die-1-ship", True, "raid-1", "naval-combat"),
        ("raid-1-die-1-escort", True, "raid-1", "naval-combat")]


def test_21_5342D_E_answers_on_a_record_saved_without_the_choices_or_the_ships() -> None:
    """21.5342D, E: an attempt saved without ``chosen`` or ``engaged`` (an older record) is answered as if they were
    empty: the lesser type, then (without ``engaged``) the ship, and a ship for dice sending their own types."""
    asked = _strip(_ships(_defended(), "raid-1", "3,4"), "chosen", "engaged")
    chosen = _answer(asked, BB3)
    assert chosen.summary == (f"raid-1: the die 4 sends {BB3} (21.5342D); the defender sends {BB3}; {BB3} (21.5342); the "
                              "defender names the ships that engage (21.5342E): answer raid-1-die-1-ship")
    assert _attempts(chosen)[0]["chosen"] == {"1": 3} and _attempts(chosen)[0]["engaged"] == []
    named = _answer(_strip(chosen, "engaged"), "Hood")
    assert named.summary == (f"raid-1: engaging: Hood for the die 3 (21.5342E); engaging: Renown for the die 4 ({BB3}) "
                             f"(21.5342E); {NAMED}")
    assert _attempts(named)[0]["engaged"] == [{"die": 0, "unit": "Hood", "factors": 3, "role": "ship"},
                                              {"die": 1, "unit": "Renown", "factors": 3, "role": "ship"}]
    own = _strip(_ships(_defended(), "raid-1", "3,3"), "chosen", "engaged")
    assert own.raise_prompts[0].id == "raid-1-die-1-ship"
    both = _answer(own, "Renown")
    assert both.summary == f"raid-1: engaging: Renown for the die 3 (21.5342E); engaging: Hood for the die 3 (21.5342E); {NAMED}"
    assert _attempts(both) == [{"attempt": 1, "ships": 2, "dice": [3, 3], "missing": [], "sent": [3, 3],
                                "engaged": [{"die": 0, "unit": "Renown", "factors": 3, "role": "ship"},
                                            {"die": 1, "unit": "Hood", "factors": 3, "role": "ship"}]}]


def test_21_5342E_a_ship_named_for_a_type_the_dice_no_longer_send_stops_the_naming() -> None:
    """21.5342D-E: the die 3 sent a 2-factor cruiser (no 3-factor ship was there) and CA2 was named for it; Hood and
    Renown are back in port since: the die 3 now sends one of them, and the die 2 finds no 2-factor ship left: the
    message says what to do."""
    att = {"attempt": 1, "ships": 2, "dice": [3, 2], "missing": [], "chosen": {}, "sent": [2, 2],
           "engaged": [{"die": 0, "unit": "CA2", "factors": 2, "role": "ship"}]}
    m = {**RAID, "attempts": [att]}
    w = _defended(m)
    world, summary, details, asked, figures = RS.progress(env("axis"), ctx(w, "naval-combat", side="axis"), w,
                                                          {**m, "id": "raid-1"}, att)
    assert summary == ("raid-1: no eligible ship is left for the die 2: mark the type --missing or record what happened by "
                       "hand (21.5342D-E)")
    assert (asked, figures) == ((), ())
    assert world.ops["missions"]["raid-1"]["attempts"] == [{**att, "sent": [3, 2]}]


def test_21_5342E_a_stale_prompt_for_another_die_is_refused() -> None:
    """21.5342E: once the die 1's ship is named, its prompt answered again (for a die that now waits for another ship)
    is refused, not taken as the answer for that die."""
    w = _defended({**RAID, "ships": 3, "attempts": [{"attempt": 1, "ships": 3}]},
                  unit("BC2", 2, type="battlecruiser", base="Liverpool", fast=True))
    first = _ships(w, "raid-1", "3,3,2")
    assert first.raise_prompts[0].id == "raid-1-die-1-ship"
    second = _answer(first, "Hood")
    assert second.summary == ("raid-1: engaging: Hood for the die 3 (21.5342E); engaging: Renown for the die 3 "
                              "(21.5342E); the defender names the ships that engage (21.5342E): answer raid-1-die-3-ship")
    assert refused(RS.raid_step, env("axis"), ctx(second.world, "naval-combat", side="axis"), first.raise_prompts[0],
                   "CA2") == "raid-1-die-1-ship: this ship has been named"


# --- raid-engage's second attempt (21.537A, 21.538A) --------------------------------------------------------------------


def test_21_537A_every_first_stage_is_resolved_before_a_second_attempt() -> None:
    """21.537A, 21.538A: raid-2 escaped in its first attempt, raid-3 (saved without attempts) has made none: raid-1's
    second attempt waits for raid-3."""
    missions = {"raid-1": {**_RAID, "attempts": [{"attempt": 1, "ships": 0}]},
                "raid-2": {**_RAID, "units": ["Prinz"], "attempts": [{"attempt": 1, "ships": 0}]},
                "raid-3": {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Tirpitz"], "priority": 3, "ships": 1}}
    c = ctx(raiders_world(missions=missions), "naval-combat", side="axis")
    assert refused(VR._engage, env("axis"), c, ["raid-1"], {"result": "2"}) == (
        "raid-engage: raid-3 has not made its first engagement attempt; every group's first stage is resolved before "
        "raid-1's second attempt, which comes before the raiders return (21.537A, 21.538A)")


# --- raid-return (21.537, 21.5361, 21.5363) -----------------------------------------------------------------------------


def test_21_5361A_a_group_whose_first_attempt_was_declined_was_not_engaged() -> None:
    """21.5341, 21.5361A: the defender declined the first attempt: even typed --engaged, the group was not engaged in
    the first stage and attacks the transports without survivors typed."""
    m = {**_RAID, "attempts": [{"attempt": 1, "ships": 2, "declined": True}, {"attempt": 2, "ships": 0}]}
    out = _back(back_world({"raid-1": m}), "raid-1", engaged=True, **{"transports-lost": "2"})
    assert out.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); 2 defending transports lost "
                           "(remove them by hand)")
    assert [(e.value, e.rule) for e in out.explanations] == [(True, "21.5361A")]


def test_21_5363_a_group_the_defender_opposed_with_dice_asks_the_survivors() -> None:
    """21.5341, 21.5363: the defender rolled his dice (the ship was then recorded by hand): the group was engaged, and
    its transports lost need the unscreened survivors typed."""
    m = {**_RAID, "attempts": [{"attempt": 1, "ships": 1, "dice": [2], "missing": [], "chosen": {}, "sent": [2],
                                "engaged": []}, {"attempt": 2, "ships": 0}]}
    assert refused(_back, back_world({"raid-1": m}), "raid-1", **{"transports-lost": "1"}) == (
        "raid-return: raid-1 was engaged in the first round of naval combat: type how many unscreened defending ships "
        "survived it (--survivors N) with its transports lost (21.5363)")
    assert refused(_back, back_world({"raid-1": _BACK}), "raid-1", survivors=True, **{"transports-lost": "1"}) == (
        "raid-return: raid-1 was engaged in the first round of naval combat: type how many unscreened defending ships "
        "survived it (--survivors N) with its transports lost (21.5363)")


def test_21_5363_RULINGS_A2_the_typed_numbers_read_in_their_ranges() -> None:
    w = back_world({"raid-1": _BACK})
    assert refused(_back, w, "raid-1", **{"transports-lost": "x"}) == \
        "transports lost (typed, RULINGS A2) must be a whole number (from 0 to 99), not 'x'"
    assert refused(_back, w, "raid-1", survivors="x") == \
        "unscreened defenders surviving must be a whole number (from 0 to 99), not 'x'"


def test_21_537_every_raider_sunk_closes_the_raid_whatever_the_defender_left_undecided() -> None:
    """21.537, 21.538A: the second attempt found ships the defender has neither rolled for nor declined, but every
    raider is sunk (exactly the group named --sunk): the raid closes."""
    m = {**_RAID, "attempts": [{"attempt": 1, "ships": 0}, {"attempt": 2, "ships": 1}]}
    out = _back(back_world({"raid-1": m}), "raid-1", sunk="Bismarck,Hipper")
    assert out.summary == "raid-1 returns to port: Bismarck, Hipper inverted (21.537)"
    assert [out.world.units[i].sunk for i in ("Bismarck", "Hipper")] == [True, True]


def test_21_538B_a_defender_sunk_in_the_combat_returns_sunk() -> None:
    """21.538B: HMS-A engaged raid-1 and is typed sunk: it comes back from the SW box sunk (a raid of the record saved
    without attempts is no obstacle)."""
    missions = {"raid-1": _BACK, "raid-2": {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Prinz"]}}
    out = _back(back_world(missions), "raid-1", sunk="HMS-A")
    assert out.summary == ("raid-1 returns to port: Bismarck, Hipper inverted (21.537); the defending ships that engaged "
                           "it return too: HMS-A (21.537C, 21.538B)")
    a = out.world.units["HMS-A"]
    assert (a.sunk, a.damaged, a.at_sea, a.sea_hex) == (True, False, "", "")


def test_21_5342D_the_die_1_sends_its_destroyer_beside_the_smaller_carrier() -> None:
    """21.5342C-D: the dice 6 and 1 against Big (a 3-factor fast carrier, listed first), Small (2 factors) and a
    3-factor destroyer counter: Small with 2 destroyer factors leaves the 1 its destroyer factor, so the 1 sends one;
    the defender may name only Small for the 6, then its escort and the 1's factor engage without a question."""
    w = raiders_world(unit("Big", 3, type="fast-carrier", base="Liverpool", fast=True),
                      unit("Small", 2, type="fast-carrier", base="Liverpool", fast=True),
                      unit("RN-DD", 3, type="destroyer", base="Liverpool", fast=True), missions={"raid-1": RAID})
    out = _ships(w, "raid-1", "6,1")
    assert out.summary == (
        "raid-1: the defender sends one fast carrier of any size and an equivalent number of light ship factors; one "
        "destroyer factor (21.5342); engaging: Small for the die 6; 2 light ship factors of RN-DD with the carrier of the "
        f"die 6; one destroyer factor of RN-DD for the die 1 (21.5342C, E); {NAMED}")
    assert _attempts(out)[0]["engaged"] == [{"die": 0, "unit": "Small", "factors": 2, "role": "ship"},
                                            {"die": 0, "unit": "RN-DD", "factors": 2, "role": "escort"},
                                            {"die": 1, "unit": "RN-DD", "factors": 1, "role": "ship"}]
