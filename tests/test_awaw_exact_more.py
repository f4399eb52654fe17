"""Exact tests of the AWAW player turn's own bookkeeping (seed 004, chapter 21), each guarding a change to
``tui/rules/awaw/turn.py`` that the engine tests let pass: the start of a player turn (21.31, 21.32, 21.112)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw.turn import build_turn
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.phases import Reported


def _effect(name: str, w: AwawWorld, who: str = "allies") -> tuple[AwawWorld, list[Any]]:
    """Run the effect ``name`` of the turn's parts on ``w`` in turn 1, with ``who`` acting."""
    ctx = SimpleNamespace(state=SimpleNamespace(world=w, flow=SimpleNamespace(turn=1)))
    parts = build_turn(tables(), lambda _ctx: who)
    return parts.effects[name](ctx, w, who)


def test_21_31_21_32_21_112_the_start_of_a_player_turn_lifts_each_bar_alone() -> None:
    """21.31 (one activity), 21.32 (base change), 21.112 (overstack bar): each flag alone makes a unit new again."""
    units = [unit("A", acted=True), unit("B", base_changed=True), unit("C", unusable=True), unit("D", intercepts=2),
             unit("E")]
    new, lines = _effect("start-player-turn", world([base("Malta")], units))
    for uid in "ABCDE":
        u = new.units[uid]
        assert (u.acted, u.base_changed, u.unusable, u.intercepts) == (False, False, False, 0), uid
    assert lines == ["4 unit(s) may act again this player turn (21.31, 21.32)"]
    assert isinstance(lines[0], Reported)


def test_21_33_the_start_of_a_player_turn_notes_each_base_control_and_says_nothing_when_no_unit_changes() -> None:
    """21.33: the control of each base at the start of the player turn is kept; no unit changed, no line."""
    w = world([base("Malta"), base("Messina", control="italy")], [unit("E")])
    new, lines = _effect("start-player-turn", w)
    assert lines == []
    assert new.ops["turn_control"] == {"Malta": "britain", "Messina": "italy"}
    assert new.units["E"] == w.units["E"]
