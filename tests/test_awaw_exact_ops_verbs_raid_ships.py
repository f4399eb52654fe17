"""Exact tests of the defender's ships against a raider group (``tui/rules/awaw/ops_raid_ships.py``; seed 004, 21.5342A-G,
21.538): the dice read, ``raid-ships`` and the answers to its prompts (``raid-step``) called directly on a small world,
each asserting the whole message, the prompt, the attempt's record and the ships sent to sea."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import unit
from test_awaw_exact_ops_verbs import ctx, env, refused
from test_awaw_exact_ops_verbs_raid import raiders_world
from tui.rules.awaw import ops_raid_ships as RS
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.ruleset import Outcome

RAID = {"kind": "raid", "sw_box": "Atlantic SW", "units": ["Bismarck", "Hipper"], "priority": 1, "ships": 2,
        "attempts": [{"attempt": 1, "ships": 2}]}
THERE = "eligible defenders: Hood, Renown, RN-DD, Ark, CA2 (21.5342G; the referee marks others --missing)"
BB3 = "a 3-factor battleship or battlecruiser"


def _defended(m: dict[str, Any] = RAID, *more: Any) -> AwawWorld:
    return raiders_world(unit("Hood", 3, type="battlecruiser", base="Liverpool", fast=True),
                         unit("Renown", 3, type="battlecruiser", base="Atlantic U.S.", fast=True),
                         unit("RN-DD", 4, type="destroyer", base="Liverpool", fast=True),
                         unit("Ark", 2, type="fast-carrier", base="Liverpool", fast=True),
                         unit("Slow", 4, type="battleship", base="Liverpool"),
                         unit("CA2", 2, type="cruiser-2", base="Liverpool", fast=True), *more, missions={"raid-1": m})


def _ships(w: AwawWorld, *args: str, **opts: Any) -> Outcome:
    return RS.raid_ships(env("axis"), ctx(w, "naval-combat", side="axis"), list(args), opts)


def _answer(out: Outcome, value: str, **change: Any) -> Outcome:
    prompt = replace(out.raise_prompts[0], **change)
    return RS.raid_step(env("axis"), ctx(out.world, "naval-combat", side="axis"), prompt, value)


def _at_sea(out: Outcome) -> dict[str, str]:
    return {u.id: u.sea_hex for u in out.world.units.values() if u.power == "britain" and u.at_sea == "mission"}


def test_21_5342A_D_the_dice_read_with_a_lesser_result_chosen() -> None:
    assert RS.read_dice(["2,3", "4:2", ""]) == ([2, 3, 4], {"2": 2})
    assert RS.read_dice([" 6 , 5:4"]) == ([6, 5], {"1": 4})
    assert refused(RS.read_dice, ["1:1"]) == "'1:1': the die 1 (one destroyer factor) has no lesser result (21.5342D)"
    assert "a ship type die" in refused(RS.read_dice, ["7"])
    assert "DIE:LESSER" in refused(RS.read_dice, ["3:3"])
    assert RS.raider_rows(env())[6].text == "one fast carrier of any size and an equivalent number of light ship factors"
    assert RS.prefix({"id": "raid-1"}, {"attempt": 1}, 0) == "raid-1-die-1"
    assert RS.prefix({"id": "raid-1"}, {"attempt": 2}, 2) == "raid-1-again-die-3"


def test_21_5342_usage_an_engagement_first_and_the_dice_once() -> None:
    assert refused(_ships, _defended(), "raid-1") == (
        "usage: raid-ships RAID_ID FACES [--missing 4,5] (e.g. raid-ships raid-3 2,3,4,6; a die whose type is not there "
        "with the lesser result chosen: 4:2) (21.5342)")
    assert refused(_ships, _defended({**RAID, "attempts": []}), "raid-1", "2") == \
        "raid-ships: no engagement of raid-1 allows defending ships (21.5341)"
    assert refused(_ships, _defended({**RAID, "attempts": [{"attempt": 1, "ships": 0}]}), "raid-1", "2") == \
        "raid-ships: no engagement of raid-1 allows defending ships (21.5341)"
    rolled = {**RAID, "attempts": [{"attempt": 1, "ships": 2, "dice": [2, 3]}]}
    assert refused(_ships, _defended(rolled), "raid-1", "2,3") == \
        "raid-ships: the defender's dice for raid-1's attempt 1 are rolled: 2,3 (21.5342A)"
    assert refused(_ships, _defended(), "raid-1", "2") == "raid-ships: the defender rolls 2 dice for raid-1, not 1 (21.5342A)"


def test_21_5342E_a_die_only_one_ship_can_fill_takes_it() -> None:
    out = _ships(_defended(), "raid-1", "2,1")
    assert out.summary == (
        "raid-1: the defender sends a 2-factor cruiser or 2-factor battlecruiser; one destroyer factor (21.5342); "
        "engaging: CA2 for the die 2; one destroyer factor of RN-DD for the die 1 (21.5342E); every ship is named: they "
        "engage raid-1 in the Atlantic SW box (21.5342E, F)")
    assert out.details == (THERE,) and out.raise_prompts == () and out.actor == "allies"
    assert [(e.value, e.rule, [t.value for t in e.terms], e.notes) for e in out.explanations] == [
        (2, "21.5342", [2, 2], ()), (1, "21.5342", [1, 1], ())]
    m = out.world.ops["missions"]["raid-1"]
    assert m["attempts"] == [{"attempt": 1, "ships": 2, "dice": [2, 1], "missing": [], "chosen": {},
                              "engaged": [{"die": 0, "unit": "CA2", "factors": 2, "role": "ship"},
                                          {"die": 1, "unit": "RN-DD", "factors": 1, "role": "ship"}], "sent": [2, 1]}]
    assert m["defenders"] == ["CA2", "RN-DD"]
    assert _at_sea(out) == {"CA2": "Atlantic SW", "RN-DD": "Atlantic SW"}


def test_21_5342D_the_defender_chooses_a_lesser_type_then_names_the_ships() -> None:
    out = _ships(_defended(), "raid-1", "3,4")
    assert out.summary == ("raid-1: the die 4 sends a 4-factor battleship, and none is there: the defender chooses a "
                           "lesser result and sends its ship (21.5342D): answer raid-1-die-2-lesser")
    (p,) = out.raise_prompts
    assert (p.id, p.kind, p.effect, p.rule, p.subject, p.required) == (
        "raid-1-die-2-lesser", "choice", "raid-step", "21.5342D", "raid-1", True)
    assert p.text == ("raid-1: the die 4 sends a 4-factor battleship, and none is there: which lesser result does the "
                      "defender choose? (he may not refuse to send a ship)")
    assert p.choices == (BB3, "a 2-factor cruiser or 2-factor battlecruiser", "one destroyer factor")
    assert p.args == {"raid": "raid-1", "attempt": 1, "step": "lesser", "die": 1, "options": [3, 2, 1]}
    assert out.explanations == () and _at_sea(out) == {}
    chosen = _answer(out, BB3)
    assert chosen.summary == (f"raid-1: the die 4 sends {BB3} (21.5342D); the defender sends {BB3}; {BB3} (21.5342); the "
                              "defender names the ships that engage (21.5342E): answer raid-1-die-1-ship")
    assert chosen.explanations[1].notes == (
        "A 4-factor battleship is not there: the defender sends a lesser result (his choice, 21.5342D).",)
    (q,) = chosen.raise_prompts
    assert (q.id, q.choices, q.rule, q.args) == ("raid-1-die-1-ship", ("Hood", "Renown"), "21.5342E",
                                                 {"raid": "raid-1", "attempt": 1, "step": "ship", "die": 0})
    assert q.text == (f"raid-1: the die 3 sends {BB3}: which eligible ship is it? (a ship eligible against more than one "
                      "raider group engages the one the defender chooses)")
    named = _answer(chosen, "Hood")
    assert named.summary == (f"raid-1: engaging: Hood for the die 3 (21.5342E); engaging: Renown for the die 4 ({BB3}) "
                             "(21.5342E); every ship is named: they engage raid-1 in the Atlantic SW box (21.5342E, F)")
    assert _at_sea(named) == {"Hood": "Atlantic SW", "Renown": "Atlantic SW"}
    assert named.world.ops["missions"]["raid-1"]["defenders"] == ["Hood", "Renown"]
    assert refused(_answer, chosen, "Hood", args={**q.args, "attempt": 2}) == \
        "raid-1-die-1-ship: raid-1's attempt 2 is over"
    assert refused(RS.raid_step, env("axis"), ctx(named.world, side="axis"), q, "Hood") == \
        "raid-1-die-1-ship: this ship has been named"


def test_21_5342D_typed_with_the_die_and_the_only_lesser_type_there() -> None:
    typed = _ships(_defended(), "raid-1", "3,4:3")
    assert typed.summary.startswith(f"raid-1: the defender sends {BB3}; {BB3} (21.5342); the defender names the ships")
    lone = raiders_world(unit("CA2", 2, type="cruiser-2", base="Liverpool", fast=True),
                         missions={"raid-1": {**RAID, "attempts": [{"attempt": 1, "ships": 1}]}})
    only = _ships(lone, "raid-1", "5")
    assert only.details == ("eligible defenders: CA2 (21.5342G; the referee marks others --missing)",
                            "The die 5 sends a 5-factor battleship, and none is there: a 2-factor cruiser or 2-factor "
                            "battlecruiser is the only lesser result there (21.5342D).")
    assert only.explanations[0].notes == (
        "A 5-factor battleship is not there: the defender sends a lesser result (the only one there, 21.5342D).",)
    assert only.summary.endswith("engaging: CA2 for the die 5 (a 2-factor cruiser or 2-factor battlecruiser) (21.5342E); "
                                 "every ship is named: they engage raid-1 in the Atlantic SW box (21.5342E, F)")
    missing = _ships(_defended(), "raid-1", "3,1", missing="3")
    assert missing.world.ops["missions"]["raid-1"]["attempts"][0]["missing"] == [3]
    assert missing.raise_prompts[0].id == "raid-1-die-1-lesser"


def test_21_5342C_a_fast_carrier_with_its_light_ship_factors() -> None:
    out = _ships(_defended(), "raid-1", "6,1")
    assert out.summary == (
        "raid-1: the defender sends one fast carrier of any size and an equivalent number of light ship factors; one "
        "destroyer factor (21.5342); engaging: Ark for the die 6 (21.5342E); the defender names the ships that engage "
        "(21.5342E): answer raid-1-die-1-escort")
    (p,) = out.raise_prompts
    assert (p.id, p.choices, p.rule) == ("raid-1-die-1-escort", ("RN-DD", "CA2"), "21.5342C, 21.313")
    assert p.text == "raid-1: Ark needs 2 more light ship factors engaging with it: which light ship goes with it?"
    assert _at_sea(out) == {"Ark": "Atlantic SW"}
    escort = _answer(out, "CA2")
    assert escort.summary.startswith("raid-1: engaging: 2 light ship factors of CA2 with the carrier of the die 6 "
                                     "(21.5342C, E); engaging: one destroyer factor of RN-DD for the die 1 (21.5342E)")
    assert _at_sea(escort) == {"Ark": "Atlantic SW", "CA2": "Atlantic SW", "RN-DD": "Atlantic SW"}


def test_21_5342D_no_eligible_ship_of_the_type_or_a_lesser_one() -> None:
    bare = raiders_world(missions={"raid-1": {**RAID, "attempts": [{"attempt": 1, "ships": 1}]}})
    out = _ships(bare, "raid-1", "4")
    assert out.summary == "raid-1: the defender sends no ship (21.5342)"
    assert out.details == ("eligible defenders: none (21.5342G; the referee marks others --missing)",)
    (fig,) = out.explanations
    assert (fig.value, fig.rule, fig.notes) == (0, "21.5342D", ("No eligible ship of this or any lesser type is available.",))


def test_21_5342G_defenders_in_port_uninverted_on_the_defending_side() -> None:
    w = _defended(RAID, unit("Inv", 3, type="battlecruiser", base="Liverpool", fast=True, inverted=True),
                  unit("Dmg", 3, type="battlecruiser", base="Liverpool", fast=True, damaged=True),
                  unit("Rep", 3, type="battlecruiser", base="Liverpool", fast=True, repair=True),
                  unit("Sea", 3, type="battlecruiser", base="Liverpool", fast=True, at_sea="patrol"),
                  unit("Axis", 3, power="italy", type="battlecruiser", base="Liverpool", fast=True),
                  unit("Far", 3, type="battlecruiser", base="Indian Ocean SW", fast=True))
    units = RS.defenders(env("axis"), w, "axis", "Atlantic SW", 1, False)
    assert [u.id for u in units] == ["Hood", "Renown", "RN-DD", "Ark", "CA2"]
    assert [u.id for u in RS.defenders(env("axis"), w, "axis", "Atlantic SW", 2, True)] == [
        "Hood", "Renown", "RN-DD", "Ark", "Slow", "CA2"]
    closed = replace(w, bases={**w.bases, "Liverpool": replace(w.bases["Liverpool"], operational=False)})
    assert [u.id for u in RS.defenders(env("axis"), closed, "axis", "Atlantic SW", 1, False)] == ["Renown"]
    assert RS.defender(env("axis"), ctx(w, side="axis")) == "allies"
