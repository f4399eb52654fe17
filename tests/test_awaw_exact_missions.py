"""AWAW missions of the player turn, exactly (seed 004, 21.51, 21.52, 21.528): the missions view and an invasion's why.

Each test pins the rows and derivations a referee reads (``show missions``,
``why invasion-N``), so that a changed clause, term or message is noticed.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from awaw_ops_fixtures import ops_tables
from tui.rules.awaw.missions import explain_mission, mission_rows

OPS: dict[str, Any] = {"turn": "3:allies", "aliases": {"invasion-4": "invasion-3"}, "missions": {
    "invasion-3": {"kind": "invasion", "hex": "K12", "units": ["RN-DD"], "attackers": ["1 Inf", "3 Mar"],
                   "cargo": [{"name": "1 Inf", "factors": 3, "kind": "infantry"},
                             {"name": "3 Mar", "factors": 3, "kind": "marine", "ctl": 1, "mech": False},
                             {"name": "Kept", "factors": 2, "kind": "infantry"}],
                   "bombard_drm": {"2": 7, "0": 4}, "bombard_value": 3, "barred": 4, "fleet_lost": 2, "defender_dm": 0,
                   "result": "won"},
    "transport-4": {"kind": "transport", "to": "Tripoli", "units": ["RN-DD2"]},
    "patrol-5": {"kind": "patrol"}}}
"""An invasion (two of its three units attacking), a sea transport and a patrol of the Allied player turn 3."""

DM_NOTE = "No +1 DM if at least half of the invading force consists of marines (10.71), counted in ground factors."
BARRED_NOTE = "A damaged heavy ship's remaining factors count towards the factors barred."


def _state(ops: dict[str, Any]) -> Any:
    return SimpleNamespace(world=SimpleNamespace(ops=ops))


def test_21_51_the_missions_view_one_row_each_invasion_figures_only_for_invasions() -> None:
    """21.517E, 21.526, 21.5281: an invasion's DM, bombardment and barred factors; a transport's hex is its base.
    ``invasion`` names an invasion still without a result (what a bombardment supports, 21.52, and invasion-result
    ends, 21.516): empty once its result is recorded, and on every other kind of mission; ``mission`` names any mission
    without a result (what an interception targets and a patrol supports, 21.4182); ``raid`` a raider group still at sea
    (what the raid's engagement, ships and return name, 21.534-21.538)."""
    assert mission_rows(_state(OPS)) == [
        {"name": "invasion-3", "kind": "invasion", "hex": "K12", "side": "allies", "units": ["RN-DD"], "invasion": "",
         "raid": "", "mission": "", "defender_dm": 0, "bombardment": 3, "barred": 4, "result": "won"},
        {"name": "transport-4", "kind": "transport", "hex": "Tripoli", "side": "allies", "units": ["RN-DD2"],
         "invasion": "", "raid": "", "mission": "transport-4", "defender_dm": None, "bombardment": None, "barred": None, "result": ""},
        {"name": "patrol-5", "kind": "patrol", "hex": "", "side": "allies", "units": [], "invasion": "",
         "raid": "", "mission": "patrol-5", "defender_dm": None, "bombardment": None, "barred": None, "result": ""}]
    still_open = {**OPS, "missions": {k: ({**m, "result": ""} if k == "invasion-3" else m) for k, m in OPS["missions"].items()}}
    assert [row["invasion"] for row in mission_rows(_state(still_open))] == ["invasion-3", "", ""]
    assert [row["mission"] for row in mission_rows(_state(still_open))] == ["invasion-3", "transport-4", "patrol-5"]
    assert mission_rows(_state({})) == []
    raids = {"missions": {"raid-6": {"kind": "raid", "units": ["Scheer"]},
                          "raid-7": {"kind": "raid", "units": ["Lutzow"], "returned": True}}}
    assert [(row["raid"], row["mission"]) for row in mission_rows(_state(raids))] == [("raid-6", "raid-6"), ("", "raid-7")]


def test_21_517E_21_526_21_5281_why_an_invasion_by_its_earlier_id_any_case() -> None:
    """21.517E: the attackers only (3 + 3 marines: no DM); 21.526 (RULINGS A3): the ships bombarding by DRM over the
    attackers' 6 ground factors; 21.5281: 2 fleet factors lost bar 4."""
    got = [e.to_dict() for e in explain_mission(_state(OPS), "INVASION-4", ops_tables())]
    assert got[0] == {"name": "defender's invasion DM", "value": 0, "rule": "21.517E",
                      "terms": [{"label": "invading ground factors", "value": 6, "rule": "21.517E"},
                                {"label": "of them marines", "value": 3, "rule": "21.517E"},
                                {"label": "marine share that removes the DM", "value": 0.5, "rule": "21.517E"}],
                      "notes": [DM_NOTE]}
    assert (got[1]["value"], [t["label"] for t in got[1]["terms"]]) == (3, [
        "ground factors in the invasion attack", "DRM 0: 4 naval factors / 3 = 1, cap 1 x 6 - 0 already = 6",
        "DRM 2: 7 naval factors / 3 = 2, cap 2 x 6 - 1 already = 11"])
    assert got[2] == {"name": "fleet factors barred from later combat rounds", "value": 4, "rule": "21.5281",
                      "terms": [{"label": "fleet factors lost to ground combat (invasion-losses)", "value": 2, "rule": "21.5282"},
                                {"label": "2 other fleet factors barred per factor lost, less the factors left in damaged "
                                          "heavy ships", "value": 4, "rule": "21.5281"}],
                      "notes": [BARRED_NOTE]}


def test_21_52_before_any_bombardment_the_why_says_so() -> None:
    """21.52, 21.517E: no ship bombards yet, nothing lost; 2 infantry factors: the +1 DM."""
    ops = {"turn": "3:allies", "missions": {"invasion-1": {
        "kind": "invasion", "hex": "K1", "attackers": ["A"], "cargo": [{"name": "A", "factors": 2, "kind": "infantry"}]}}}
    dm, bomb, barred = explain_mission(_state(ops), "invasion-1", ops_tables())
    assert (dm.value, [t.value for t in dm.terms]) == (1, [2, 0, 0.5])
    assert bomb.to_dict() == {"name": "shore bombardment combat factors", "value": 0, "rule": "21.525",
                              "terms": [{"label": "no ships bombard this invasion yet", "value": 0, "rule": "21.52"}], "notes": []}
    assert [t.value for t in barred.terms] == [0, 0] and barred.value == 0


def test_21_51_why_of_another_mission_or_an_unknown_one_is_empty() -> None:
    """21.51: ``why`` explains invasions; a transport or an unknown id has nothing to add here."""
    assert explain_mission(_state(OPS), "transport-4", ops_tables()) == []
    assert explain_mission(_state(OPS), "invasion-9", ops_tables()) == []


def test_21_51_missing_figures_of_a_record_read_as_none_yet() -> None:
    """21.51: an invasion announced but not yet bombarded nor fought shows 0 bombardment and 0 barred; a record
    without a kind shows none; a transport never shows invasion figures, even if the record holds one."""
    ops = {"turn": "3:axis", "missions": {"invasion-1": {"kind": "invasion", "hex": "K1"}, "odd-2": {},
                                          "transport-3": {"kind": "transport", "to": "Tripoli", "defender_dm": 1}}}
    rows = mission_rows(_state(ops))
    assert [(r["kind"], r["defender_dm"], r["bombardment"], r["barred"]) for r in rows] == [
        ("invasion", None, 0, 0), ("", None, None, None), ("transport", None, None, None)]
    assert [r["side"] for r in rows] == ["axis"] * 3


def test_21_517E_why_without_aliases_attackers_or_cargo_recorded() -> None:
    """21.517E: a record without aliases is found by its id; no attackers or no cargo recorded: no ground factors."""
    ops = {"turn": "3:allies", "missions": {"invasion-1": {"kind": "invasion", "hex": "K1",
                                                           "cargo": [{"name": "A", "factors": 2, "kind": "infantry"}]},
                                            "invasion-2": {"kind": "invasion", "hex": "K2", "attackers": ["A"]}}}
    assert [t.value for t in explain_mission(_state(ops), "invasion-1", ops_tables())[0].terms] == [0, 0, 0.5]
    assert [t.value for t in explain_mission(_state(ops), "invasion-2", ops_tables())[0].terms] == [0, 0, 0.5]
