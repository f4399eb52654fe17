"""The mission planner's figures (seed 004, 21.31-21.35): what a chosen force needs for an activity.

As the referee marks units in the Naval mode, :func:`plan` says what the
force is and what it lacks: units that may not act and why (21.31, 21.314,
21.112, 21.414B), the task-force rule (21.312), fast fleet factors for the
fast carriers (21.313), and, for the operations of 21.42-21.6, the
requirements ``planner_ops`` computes for the cargo ("needs 8 destroyer
factors: 6 chosen"). Nothing changes; every line is an :class:`Explained`.
"""

from __future__ import annotations

from typing import Any

from ..core.explain import Explained, Term
from ..core.state import GameState
from .employment import force_figures, why_not
from .tables import AwawTables
from .world import AwawWorld

CORE_ACTIVITIES = ("patrol", "rebase", "intercept")
"""The planner's activities of this module; the operations add theirs."""


def plan(state: GameState, ids: list[str], choices: dict[str, str], tables: AwawTables, ops_tables: Any = None,
         ops_activities: tuple[str, ...] = ()) -> list[Explained]:
    """The figures and checks of the force ``ids`` for ``choices["activity"]`` (and its cargo)."""
    world: AwawWorld = state.world
    units = [world.units[i] for i in ids if i in world.units]
    if not units:
        return []
    activity = choices.get("activity", "patrol")
    figures = force_figures(units, tables)
    out = list(figures.values())
    patrol = activity == "patrol"
    barred = [(u.id, why_not(u, world, patrol=patrol)) for u in units]
    barred = [(i, r) for i, r in barred if r]
    carriers_alone = activity == "rebase"
    if activity != "rebase":
        out.append(Explained("Units able to act", "all" if not barred else f"{len(units) - len(barred)} of {len(units)}",
                             "21.31", tuple(Term(i, "no", r.rsplit("(", 1)[-1].rstrip(")")) for i, r in barred),
                             tuple(r for _, r in barred)))
    minimum = tables.employment.task_force_min
    total = figures["factors"].value
    fighting = [u for u in units if u.category(tables) != "transport"]
    tfs = {u.tf for u in fighting}
    one_tf = len(tfs) == 1 and "" not in tfs
    if total >= minimum.value and activity != "rebase":
        ok = one_tf
        out.append(Explained("Task force", "one TF" if ok else "needs one TF", minimum.rule,
                             (Term("naval factors", total, minimum.rule), Term("threshold", minimum.value, minimum.rule)),
                             () if ok else (f"needs one task force: {total} naval factors are in "
                                            f"{', '.join(sorted(t or 'no TF' for t in tfs))}",)))
    per = tables.employment.fast_fleet_per_carrier
    need = figures["carriers"].value * per.value
    if need and not carriers_alone:
        have = figures["fast_fleet"].value
        out.append(Explained("Fast fleet factors needed", need, per.rule,
                             (Term("fast carrier factors", figures["carriers"].value, per.rule),
                              Term("fast fleet factors per carrier factor", per.value, per.rule)),
                             (f"needs {need} fast fleet factors: {have} chosen",)))
    if activity in ops_activities:
        from . import planner_ops  # the operations' requirements (21.42-21.6)

        out.extend(planner_ops.plan(world, units, activity, choices.get("cargo", ""), tables, ops_tables))
    short = shortfalls(out)
    out.append(Explained("Shortfalls", len(short), "21.31-21.35", (), tuple(short) or ("none: the force meets every check shown",)))
    return out


def shortfalls(figures: list[Explained]) -> list[str]:
    """The "needs ...: ... chosen" lines that are short (the planner's warnings)."""
    out = []
    for e in figures:
        for note in e.notes:
            if note.startswith("needs "):
                need, _, have = note.partition(": ")
                try:
                    if int(have.split()[0]) < int(need.split()[1]):
                        out.append(note)
                except (ValueError, IndexError):
                    out.append(note)
    return out
