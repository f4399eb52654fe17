"""Exact tests of the Naval mode planner's core figures (seed 004, 21.31-21.35), each guarding a change to
``tui/rules/awaw/planner.py`` the pilot tests let pass: who may act (21.31, 21.314, 21.414B), the task-force rule
(21.312), fast fleet factors for fast carriers (21.313) and the shortfall summary."""

from __future__ import annotations

from types import SimpleNamespace

from awaw_core_fixtures import base, tables, unit, world
from tui.paths import data_dir
from tui.rules.awaw.ops_tables import load_ops_tables
from tui.rules.awaw.planner import CORE_ACTIVITIES, plan, shortfalls
from tui.rules.core.explain import Explained, Term


def _plan(units, ids: list[str], choices: dict[str, str], **kw) -> dict[str, Explained]:
    """The planner's figures by name for ``ids`` of a world of ``units`` at Malta (and an SW box)."""
    w = world([base("Malta"), base("Atlantic SW", "sw-box", ())], units)
    out = plan(SimpleNamespace(world=w), ids, choices, tables(), **kw)
    names = [e.name for e in out]
    assert len(names) == len(set(names)), names
    return {e.name: e for e in out}


def test_21_31_no_unit_known_gives_no_figures_and_the_core_activities_are_named() -> None:
    """21.31: the planner shows nothing for a force of unknown ids; its own activities are patrol, rebase, intercept."""
    assert plan(SimpleNamespace(world=world([base("Malta")], [unit("A")])), ["Nope"], {}, tables()) == []
    assert CORE_ACTIVITIES == ("patrol", "rebase", "intercept")


def test_21_31_a_ready_force_lists_its_figures_in_order_and_no_shortfall() -> None:
    """21.31, 21.312: a ready force of 4 fleet factors: the force figures, all able to act, no task force line."""
    out = plan(SimpleNamespace(world=world([base("Malta")], [unit("A", 4), unit("Z", 2)])), ["A", "Nope"], {}, tables())
    assert [e.name for e in out] == ["Naval factors in the force", "Fast fleet factors", "Fast carrier factors",
                                     "Destroyer factors", "Transports", "Units able to act", "Shortfalls"]
    assert out[0].value == 4 and out[0].terms == (Term("A", 4, "21.312"),)
    assert out[5] == Explained("Units able to act", "all", "21.31", (), ())
    assert out[6] == Explained("Shortfalls", 0, "21.31-21.35", (), ("none: the force meets every check shown",))


def test_21_31_21_314_units_that_may_not_act_are_counted_named_and_their_rule_cited() -> None:
    """21.31, 21.314: an inverted and a damaged unit among three: "1 of 3", each named "no" with its rule and reason."""
    units = [unit("A", 2), unit("B", 2, inverted=True), unit("C", 2, damaged=True)]
    got = _plan(units, ["A", "B", "C"], {"activity": "intercept"})["Units able to act"]
    reasons = ("B is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)",
               "C is damaged: damaged naval units may not undertake naval activities (21.314)")
    assert got == Explained("Units able to act", "1 of 3", "21.31",
                            (Term("B", "no", "21.31, 21.34"), Term("C", "no", "21.314")), reasons)


def test_21_321_a_unit_at_sea_is_barred_citing_the_last_rule_of_its_reason() -> None:
    """21.321: a unit at sea on a mission in Y2 is "no" with rule 21.321 (the last parentheses of its reason)."""
    got = _plan([unit("P", 2, at_sea="mission", sea_hex="Y2")], ["P"], {"activity": "intercept"})["Units able to act"]
    assert got.terms == (Term("P", "no", "21.321"),)
    assert got.notes == ("P is at sea (mission in Y2) (21.321)",)


def test_21_414B_a_unit_that_changed_base_may_not_patrol_but_may_intercept() -> None:
    """21.414B: a unit that changed base is barred from a patrol (the default activity), not from an interception."""
    units = [unit("A", 2, base_changed=True)]
    barred = _plan(units, ["A"], {})["Units able to act"]
    assert barred.value == "0 of 1" and barred.terms == (Term("A", "no", "21.414B, 21.32"),)
    assert _plan(units, ["A"], {"activity": "patrol"})["Units able to act"].value == "0 of 1"
    assert _plan(units, ["A"], {"activity": "intercept"})["Units able to act"].value == "all"


def test_21_313_a_base_change_shows_neither_who_may_act_nor_the_task_force_nor_fast_fleet() -> None:
    """21.313 last sentence: fast carriers rebase alone; a rebase shows no "able to act", task force or fast fleet line."""
    units = [unit("CV", 6, type="fast-carrier", inverted=True), unit("B", 6)]
    out = _plan(units, ["CV", "B"], {"activity": "rebase"})
    assert "Units able to act" not in out and "Task force" not in out and "Fast fleet factors needed" not in out
    assert out["Shortfalls"].value == 0


def test_21_312_ten_factors_in_one_task_force_pass_and_the_threshold_is_cited() -> None:
    """21.312: exactly ten naval factors (the threshold) in one TF: "one TF", no note; transports do not count."""
    units = [unit("A", 6, tf="TF1"), unit("B", 4, tf="TF1"), unit("T", 3, type="transport")]
    got = _plan(units, ["A", "B", "T"], {"activity": "intercept"})["Task force"]
    assert got == Explained("Task force", "one TF", "21.312",
                            (Term("naval factors", 10, "21.312"), Term("threshold", 10, "21.312")), ())


def test_21_312_nine_factors_need_no_task_force() -> None:
    """21.312: nine naval factors are under the threshold: no task force line."""
    assert "Task force" not in _plan([unit("A", 5), unit("B", 4)], ["A", "B"], {"activity": "intercept"})


def test_21_312_ten_factors_outside_one_task_force_need_one_and_it_is_a_shortfall() -> None:
    """21.312: ten factors, one in TF1 and one in none: "needs one TF", the TFs named sorted, counted as a shortfall."""
    units = [unit("A", 6, tf="TF1"), unit("B", 4)]
    out = _plan(units, ["A", "B"], {"activity": "intercept"})
    note = "needs one task force: 10 naval factors are in TF1, no TF"
    assert out["Task force"].value == "needs one TF" and out["Task force"].notes == (note,)
    assert out["Shortfalls"] == Explained("Shortfalls", 1, "21.31-21.35", (), (note,))


def test_21_312_ten_factors_none_in_a_task_force_need_one() -> None:
    """21.312: ten factors with no TF at all: one name only ("no TF") is still not a task force."""
    out = _plan([unit("A", 6), unit("B", 4)], ["A", "B"], {"activity": "patrol"})
    assert out["Task force"].notes == ("needs one task force: 10 naval factors are in no TF",)


def test_21_312_two_task_forces_are_not_one() -> None:
    """21.312: ten factors in TF1 and TF2 need one task force."""
    out = _plan([unit("A", 6, tf="TF2"), unit("B", 4, tf="TF1")], ["A", "B"], {"activity": "intercept"})
    assert out["Task force"].notes == ("needs one task force: 10 naval factors are in TF1, TF2",)


def test_21_313_fast_carriers_need_a_fast_fleet_factor_each() -> None:
    """21.313: 3 fast carrier factors need 3 fast fleet factors; 2 chosen is a shortfall, 3 is not."""
    short = _plan([unit("CV", 3, type="fast-carrier"), unit("F", 2, fast=True)], ["CV", "F"], {"activity": "intercept"})
    assert short["Fast fleet factors needed"] == Explained(
        "Fast fleet factors needed", 3, "21.313",
        (Term("fast carrier factors", 3, "21.313"), Term("fast fleet factors per carrier factor", 1, "21.313")),
        ("needs 3 fast fleet factors: 2 chosen",))
    assert short["Shortfalls"].notes == ("needs 3 fast fleet factors: 2 chosen",)
    enough = _plan([unit("CV", 3, type="fast-carrier"), unit("F", 3, fast=True)], ["CV", "F"], {"activity": "intercept"})
    assert enough["Fast fleet factors needed"].notes == ("needs 3 fast fleet factors: 3 chosen",)
    assert enough["Shortfalls"].value == 0


def test_21_313_no_fast_carrier_no_fast_fleet_line() -> None:
    """21.313: without fast carriers there is no fast fleet requirement."""
    assert "Fast fleet factors needed" not in _plan([unit("F", 3, fast=True)], ["F"], {"activity": "intercept"})


def test_21_42_an_operation_adds_the_requirements_of_planner_ops_before_the_shortfalls() -> None:
    """21.422: an operation of the planner_ops list adds its requirement figures; a short one is summed up."""
    ops = load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")
    units = [unit("DD", 2, type="destroyer", power="italy")]
    out = plan(SimpleNamespace(world=world([base("Malta")], units)), ["DD"], {"activity": "ship-oil", "cargo": "1"},
               tables(), ops, ("ship-oil",))
    names = [e.name for e in out]
    assert names[-1] == "Shortfalls" and "destroyer factors for oil shipments" in names
    assert out[-1].value == 1 and out[-1].notes[0].startswith("needs 3 destroyer factors: 2 chosen")
    plain = plan(SimpleNamespace(world=world([base("Malta")], units)), ["DD"], {"activity": "ship-oil", "cargo": "1"},
                 tables(), ops, ())
    assert "destroyer factors for oil shipments" not in [e.name for e in plain]


def test_21_434A_the_planner_passes_the_typed_cargo_and_the_world_to_the_operation() -> None:
    """21.434A: a transport with cargo "A:2, B:3" from Malta: 5 cargo factors, 5 destroyer factors needed, 2 chosen."""
    ops = load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")
    units = [unit("DD", 2, type="destroyer")]
    out = plan(SimpleNamespace(world=world([base("Malta")], units)), ["DD"], {"activity": "transport", "cargo": "A:2, B:3"},
               tables(), ops, ("transport",))
    by = {e.name: e for e in out}
    assert by["cargo factors"].value == 5
    assert by["Shortfalls"].notes == ("needs 5 destroyer factors: 2 chosen (21.434A)",)
    empty = plan(SimpleNamespace(world=world([base("Malta")], units)), ["DD"], {"activity": "transport"}, tables(), ops,
                 ("transport",))
    assert {e.name: e for e in empty}["cargo"].notes == ("type the cargo: ground/air factors, or NAME:FACTORS[:KIND], ...",)


def test_shortfalls_reads_needs_and_chosen_and_keeps_what_it_cannot_read() -> None:
    """21.31-21.35: "needs N ...: M chosen" is short when M < N; equal or more is not; an unreadable "needs" is kept; the first ": " splits."""
    figs = [Explained("a", 1, notes=("needs 3 x: 2 chosen", "needs 3 x: 3 chosen", "needs 3 x: 4 chosen", "other: 1")),
            Explained("b", 1, notes=("needs one task force: 10 naval factors are in TF1, no TF", "needs 3 x:", "needs")),
            Explained("c", 1, notes=("needs 5 a: 3 chosen: 9 b",))]
    assert shortfalls(figs) == ["needs 3 x: 2 chosen", "needs one task force: 10 naval factors are in TF1, no TF",
                                "needs 3 x:", "needs 5 a: 3 chosen: 9 b"]
