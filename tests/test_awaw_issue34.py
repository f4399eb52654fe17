"""Issue 34, "Wrong" points 1-5: the AWAW readings the outside cases found wrong (seed 004, chapter 21), through the
engine with the bundled scenario and through the pure calculators.

The outsider's own cases are in ``tests/test_awaw_cases_outsider.py``; these tests are the project's, for what the
issue asks beyond them."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.awaw_core_fixtures import base, tables, unit, world
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw.employment import check_force, force_figures
from tui.rules.core.errors import RuleError
from tui.session import create_game

MALTA = base("Malta")


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first, the Allies second."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


# --- point 1: destroyers are fleet factors (21.313, 21.5281-21.5282, 21.5342C) --------------------------------------


def test_21_313_fast_destroyer_factors_are_fast_fleet_factors() -> None:
    """21.313 with 21.5282A ("One destroyer factor is eliminated" from "fleets") and 21.5342C ("light fleet factors
    ... (21.313)"): a fast destroyer counts as fast fleet factors; a slow one does not, nor do submarines, ASW, CVEs or
    transports."""
    units = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer", fast=True),
             unit("SDD", 4, type="destroyer"), unit("SS", 3, type="submarine", fast=True),
             unit("ASW", 3, type="asw", fast=True), unit("CVE", 1, type="cve", fast=True), unit("TR", 5, type="transport")]
    fast = force_figures(units, tables())["fast_fleet"].to_dict()
    assert fast == {"name": "Fast fleet factors", "value": 2, "rule": "21.313",
                    "terms": [{"label": "DD", "value": 2, "rule": "21.313"}], "notes": []}


def test_21_313_a_carrier_with_fast_destroyers_may_act_and_slow_destroyers_do_not_count() -> None:
    """21.313: 2 fast carrier factors with 2 fast destroyer factors: accepted; with 2 slow destroyer factors: refused
    with the figures."""
    w = world([MALTA], [])
    escorted = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer", fast=True)]
    assert check_force(escorted, w, tables(), "carrier-mission")["fast_fleet"].value == 2
    slow = [unit("CV", 2, type="fast-carrier", fast=True), unit("DD", 2, type="destroyer")]
    with pytest.raises(RuleError) as err:
        check_force(slow, w, tables(), "carrier-mission")
    assert str(err.value) == "carrier-mission: 2 fast carrier factors need 2 fast fleet factors, the force has 0 (21.313)"


def test_21_313_the_fleet_categories_are_data_with_their_rule() -> None:
    """21.313: which categories count as fleet factors is a data value citing the clauses that read destroyers so."""
    spec = tables().employment.fleet_categories
    assert spec.value == ["fleet", "destroyer"]
    assert spec.rule == "21.313, 21.5281, 21.5282A, 21.5342C"


def test_21_313_a_fleet_category_that_is_not_a_category_is_named() -> None:
    """21.313: ``[employment.fleet_categories]`` names categories of ``[unit_types]``; another word is refused."""
    from tests.awaw_core_fixtures import data_refusal
    from tui.rules.awaw.tables import load_tables
    from tui.rules.core.data import read_toml

    raw = copy.deepcopy(read_toml(data_dir() / "rulesets" / "awaw.toml"))
    raw["employment"]["fleet_categories"]["value"] = ["fleet", "destroyers"]
    assert data_refusal(lambda: load_tables(Path("/nowhere/awaw.toml"), raw), "awaw.toml") == (
        "table employment, key fleet_categories.value.1: 'destroyers' is not a category "
        "(fleet, carrier, cve, destroyer, submarine, asw, transport)")


def test_21_313_a_carrier_mission_of_victorious_and_home_fleet_destroyers(game) -> None:
    """21.313, 21.555A: Victorious (2 fast carrier factors) with RN-DD-Home (6 fast destroyer factors) is a legal fast
    carrier mission; the escort figure is the 6 destroyer factors."""
    to(game, "second-turn/combat/naval-missions")
    r = ok(game, "carrier-mission D20 --by Victorious,RN-DD-Home --distance 10")
    assert r.message.startswith("carriers-")
    escort = next(e for e in r.explanations if e.name == "fast fleet factors escorting the carriers")
    assert escort.value == 6
    assert [(t.label, t.value) for t in escort.terms] == [("fast carrier factors", 2), ("fast fleet factors needed", 2),
                                                         ("fast fleet factors in the force", 6)]
    units = game.state.world.units
    assert units["Victorious"].at_sea and units["RN-DD-Home"].at_sea


def test_21_313_a_patrol_of_a_carrier_and_destroyers_and_the_planner(game) -> None:
    """21.313: a patrol of Eagle and Furious (2 carrier factors) with RN-DD-ForceH (6 fast destroyer factors) is
    accepted; the planner shows no shortfall for it."""
    to(game, "second-turn/movement/naval-movement")
    plan = {e.name: e for e in game.ruleset.planner(game.state, ["Eagle", "Furious", "RN-DD-ForceH"], {"activity": "patrol"})}
    assert plan["Fast fleet factors"].value == 6
    assert plan["Fast fleet factors needed"].notes == ("needs 2 fast fleet factors: 6 chosen",)
    assert plan["Shortfalls"].value == 0
    r = ok(game, "patrol Y1 Eagle Furious RN-DD-ForceH --distance 6")
    assert "Answer patrol-" in r.message
