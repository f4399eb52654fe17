"""Europa's sea views exactly (seeds 003_5744b160e91bc227.txt 33, 000_fc2911a77a0e7562.txt 31.A.8-31.B): the rows of
``tui/rules/europa/sea_views.py`` the screens and ``show`` read — this phase's anti-shipping checks (33.A, 33.D, 33.E),
the Sea Zones mode (33.B) with its markers, Mulberries (31.A.12), transit groups and off-map ports (31.A.8), beaches and
jetties (31.B, 31.A.13), air units (33.C) and interference results (33.B.2.b) — on the Mediterranean 1943 scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game


def ok(game, *lines: str):
    """Run commands that must succeed; the last result."""
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"
    return r


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def view(game, name: str) -> list[dict]:
    """The rows of view ``name`` now."""
    return game.ruleset.views[name](game.state)


def test_33_A_this_phases_checks_one_row_per_item_checked(game) -> None:
    """33.A, 33.D, 33.E: each check with its NSN, 2d6 contact, 1d6 result in plain words; SPs in 3 RE increments."""
    ok(game, "check 'Central Med' axis unit@7-6 --dice 1,1", "check 'Central Med' axis sp:4@conv --dice 6,6,3,6,6,2")
    assert view(game, "shipping-checks") == [
        {"name": "7-6", "item": "7-6", "zone": "Central Mediterranean", "zone_id": "central-med", "side": "axis",
         "kind": "unit", "res": None, "iz": "outside", "nsn": 10, "contact_roll": 2, "contacted": False,
         "result_roll": None, "result": "", "words": "not contacted", "forced": False, "flags": []},
        {"name": "conv/1", "item": "conv/1", "zone": "Central Mediterranean", "zone_id": "central-med", "side": "axis",
         "kind": "sp", "res": 3.0, "iz": "outside", "nsn": 10, "contact_roll": 12, "contacted": True, "result_roll": 3,
         "result": "2RE", "words": "2 REs eliminated: 2 of the 3 REs of conv/1 eliminated; the rest go on.",
         "forced": False, "flags": []},
        {"name": "conv/2", "item": "conv/2", "zone": "Central Mediterranean", "zone_id": "central-med", "side": "axis",
         "kind": "sp", "res": 1.0, "iz": "outside", "nsn": 10, "contact_roll": 12, "contacted": True, "result_roll": 2,
         "result": "1RE", "words": "1 RE eliminated: 1 of the 1 REs of conv/2 eliminated.", "forced": False, "flags": []}]
    ok(game, "next --force", "next --force", "next --force")  # a new phase: its own checks only
    assert view(game, "shipping-checks") == []


def test_33_B_the_sea_zones_mode_theatre_first_with_markers(game) -> None:
    """33.B: a row per zone and side, the zones the scenario's ports border first; 33.B.2.b: interference is marked on
    the Allied rows of its zones."""
    rows = view(game, "zones")
    assert [r["key"] for r in rows[:6]] == ["western-med:axis", "western-med:allied", "central-med:axis",
                                            "central-med:allied", "tyrrhenian:axis", "tyrrhenian:allied"]
    assert {r["markers"] for r in rows} == {""}
    for _ in range(9):
        ok(game, "next --force")
    ok(game, "answer interference:eastern 4")
    marked = {r["key"]: r["markers"] for r in view(game, "zones") if r["markers"]}
    assert marked == {"eastern-med:allied": "Italian interference S", "aegean:allied": "Italian interference S",
                      "south-aegean-iz:allied": "Italian interference S"}
    assert view(game, "interference") == [
        {"name": "eastern 46632", "turn": "Jan I 1943", "area": "Eastern Mediterranean and Aegean Sea", "result": "S",
         "total": 4, "modifier": 0, "vps": 0.0}]


def test_31_A_8_31_A_13_33_C_transit_offmap_beaches_air_and_mulberries(game) -> None:
    """31.A.8: groups in transit and off-map ports with their distances; 31.B, 31.A.13: beaches, capacity and
    jetties; 33.C: air units with their modified TBF; 31.A.12: Mulberries."""
    ok(game, "air add Ju88 axis central-med role=bomber range=10 tbf=2 type=S distance=3",
       "transit add G1 axis Naples Tripoli 2 cargo=sp", "jetty Sollum beach 2")
    assert view(game, "transit") == [{"name": "G1", "side": "axis", "origin": "Naples", "destination": "Tripoli",
                                      "progress": "0/2", "done": 0, "steps": 2, "cargo": "sp"}]
    assert view(game, "offmap") == [
        {"name": "United Kingdom ports", "side": "allied", "type": "great", "box": "United Kingdom", "in_britain": True,
         "distances": "Gibraltar (24A west edge) 36", "distance_table": {"Gibraltar (24A west edge)": 36}},
        {"name": "Bombay", "side": "allied", "type": "great", "box": "India", "in_britain": False,
         "distances": "Aden (WW5 south edge) 45, Persian Gulf box 30",
         "distance_table": {"Aden (WW5 south edge)": 45, "Persian Gulf box": 30}}]
    beaches = view(game, "beaches")
    assert beaches[0] == {"name": "Gela beach", "owner": "axis", "naval_owner": "axis", "hex": "Sicily south coast",
                          "sea_zone": "Central Mediterranean", "used": 0.0, "capacity": 1.5, "jetties": 0,
                          "jetty_supply": 0.0, "mulberry": ""}
    assert (beaches[2]["name"], beaches[2]["jetties"], beaches[2]["jetty_supply"]) == ("Sollum beach", 2, 6.0)
    assert view(game, "air") == [{"name": "Ju88", "side": "axis", "zone": "Central Mediterranean", "role": "bomber",
                                  "type": "S", "range": 10, "tbf": 2.0, "mission": "box", "distance": 3,
                                  "modified_tbf": 1.0}]
    assert view(game, "mulberries")[0] == {
        "name": "Mulberry A", "status": "unavailable", "beach": "", "hex": "", "origin": "", "towed_by": "", "steps": None,
        "mps": 0.0, "result": "", "why": "", "doomed": False}
    assert view(game, "interference") == []


def test_31_B_1_a_beach_captured_this_phase_is_nobodys_for_shipping(game) -> None:
    """31.B.1: a beach captured this phase is friendly for naval transport from the next phase only."""
    ok(game, "beach capture Sollum beach axis")
    sollum = view(game, "beaches")[2]
    assert (sollum["owner"], sollum["naval_owner"]) == ("axis", "nobody (captured this phase)")


def test_33_B_10_every_condition_with_its_value_and_source(game) -> None:
    """33.B.10: each condition, derived by the app or asked of the referee, with its rule."""
    rows = {r["id"]: r for r in view(game, "conditions")}
    assert rows["malta-status"] == {"name": "malta-status", "id": "malta-status", "text": "Malta status number",
                                    "value": 10, "source": "derived", "detail": "Malta status number 10 ('malta N')",
                                    "rule": "33.B.1.a", "kind": "malta"}
    ok(game, "condition france-surrendered on")
    asked = {r["id"]: r for r in view(game, "conditions")}["france-surrendered"]
    assert (asked["value"], asked["source"], asked["rule"]) == (True, "asked", "33.B.10 Tables 2, 3")
