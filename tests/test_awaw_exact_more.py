"""Exact tests of the AWAW player turn's own bookkeeping (seed 004, chapter 21), each guarding a change to
``tui/rules/awaw/turn.py`` that the engine tests let pass: the start of a player turn (21.31, 21.32, 21.112)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from awaw_core_fixtures import base, tables, unit, world
from tui.rules.awaw.turn import build_turn
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.errors import RuleError
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


def test_21_211_21_223_control_at_the_start_of_the_phase_is_kept() -> None:
    """21.211, 21.223: straits and base changes read control as it was at the start of the phase."""
    b = base("Malta").change(control="italy")
    w = world([b], [], hex_control={"Y20": "italy", "Y21": "britain"})
    new, lines = _effect("note-control", w)
    assert lines == []
    assert new.phase_control == {"Y20": "italy", "Y21": "britain"}
    assert new.bases["Malta"].control_at_start == "italy"


def test_21_4184B_the_other_sides_submarines_on_patrol_return_inverted_at_the_end_of_the_player_turn() -> None:
    """21.4184B: at the end of the allies' player turn the axis's patrolling submarines come home inverted; the allies'
    own submarines and the axis's other units at sea stay; the uninversion allowance (21.71) is dropped."""
    units = [unit("U1", 1, power="germany", type="submarine", base="Brest", at_sea="patrol", sea_hex="X1"),
             unit("S1", 1, power="britain", type="submarine", at_sea="patrol", sea_hex="X2"),
             unit("CA", 2, power="germany", type="cruiser-2", base="Brest", at_sea="patrol", sea_hex="X3"),
             unit("U2", 1, power="germany", type="submarine", base="Brest")]
    w = world([base("Malta")], units, uninvert_allowance={"britain": 3})
    new, lines = _effect("end-player-turn", w, "allies")
    assert (new.units["U1"].at_sea, new.units["U1"].sea_hex, new.units["U1"].inverted) == ("", "", True)
    assert new.units["S1"] == w.units["S1"] and new.units["CA"] == w.units["CA"] and new.units["U2"] == w.units["U2"]
    assert new.uninvert_allowance == {}
    assert lines == ["Submarine patrols back in port at the end of the opposing player turn: U1 (21.4184B)"]
    assert isinstance(lines[0], Reported)


def test_21_4184B_no_submarine_at_sea_no_line_at_the_end_of_the_player_turn() -> None:
    """21.4184B: nothing to bring home, nothing said; the allowance is dropped all the same (21.71)."""
    w = world([base("Malta")], [unit("U2", 1, power="germany", type="submarine")], uninvert_allowance={"italy": 2})
    new, lines = _effect("end-player-turn", w, "allies")
    assert lines == [] and new.uninvert_allowance == {} and new.units == w.units


def test_21_4183_21_4191_patrols_missions_and_defensive_patrols_return_inverted_21_4184_submarines_stay() -> None:
    """21.4183, 21.4191: each kind of sortie comes home inverted before exploitation; a submarine patrol may stay
    (21.4184B); a unit in port is untouched."""
    units = [unit("P", at_sea="patrol", sea_hex="Y1"), unit("M", at_sea="mission", sea_hex="Y2"),
             unit("D", at_sea="defensive-patrol", sea_hex="Y3"), unit("T", at_sea="transport", sea_hex="Y5"),
             unit("S", 1, type="submarine", at_sea="patrol", sea_hex="Y4"), unit("H")]
    w = world([base("Malta")], units)
    new, lines = _effect("patrols-return", w)
    for uid in "PMD":
        assert (new.units[uid].at_sea, new.units[uid].sea_hex, new.units[uid].inverted) == ("", "", True), uid
    assert new.units["S"] == w.units["S"] and new.units["H"] == w.units["H"] and new.units["T"] == w.units["T"]
    assert lines == ["Returned to base and inverted before exploitation: P, M, D (21.4183, 21.4191); "
                     "`return UNITS BASE --distance N` moves one to another base (21.33)",
                     "Submarine patrols may stay at sea: S (21.4184B); `return` brings them home"]


def test_21_33_units_from_a_base_an_enemy_invasion_targets_are_held_at_sea_until_the_referee_returns_them() -> None:
    """21.33: a unit whose base the enemy invades this player turn is not brought home by the return; an aborted
    invasion targets nothing, and the invader's own units are not held by their own invasion."""
    ops = {"turn": "1:axis", "missions": {"invasion-1": {"kind": "invasion", "hex": "malta"},
                                           "invasion-2": {"kind": "invasion", "hex": "Gibraltar", "result": "aborted"}}}
    units = [unit("P", at_sea="patrol", sea_hex="Y1"), unit("G", base="Gibraltar", at_sea="patrol", sea_hex="Y2"),
             unit("I", power="italy", at_sea="patrol", sea_hex="Y3"), unit("Q", at_sea="mission", sea_hex="Y4")]
    w = world([base("Malta"), base("Gibraltar")], units, ops=ops)
    new, lines = _effect("patrols-return", w, "axis")
    assert new.units["P"] == w.units["P"] and new.units["Q"] == w.units["Q"]
    assert (new.units["G"].at_sea, new.units["G"].inverted) == ("", True)
    assert lines[0] == ("P, Q may not return to a base an enemy seaborne invasion targets unless it is the only one: "
                        "return UNITS --to BASE --distance N, or return UNITS --only (21.33)")
    assert (new.units["I"].at_sea, new.units["I"].inverted) == ("", True)
    assert lines[1].startswith("Returned to base and inverted before exploitation: G, I ")


def test_21_4184E_german_submarines_on_the_western_front_return_when_germany_waged_submarine_warfare() -> None:
    """21.4184E (proposed ruling A12): a German submarine in the Atlantic SW box sends the German western-front
    submarine patrols home; one on another front, or with no front known, stays."""
    ops = {"turn": "1:axis", "patrol_fronts": {"U1": "western", "U2": "mediterranean"}}
    units = [unit("U1", 1, power="germany", type="submarine", base="Brest", at_sea="patrol", sea_hex="X1"),
             unit("U2", 1, power="germany", type="submarine", base="Brest", at_sea="patrol", sea_hex="X2"),
             unit("U3", 1, power="germany", type="submarine", base="Brest", at_sea="patrol", sea_hex="X3"),
             unit("SW", 1, power="germany", type="submarine", base="Atlantic SW")]
    w = world([base("Brest", control="germany")], units, ops=ops)
    new, lines = _effect("patrols-return", w, "axis")
    assert (new.units["U1"].at_sea, new.units["U1"].sea_hex, new.units["U1"].inverted) == ("", "", True)
    assert new.units["U2"] == w.units["U2"] and new.units["U3"] == w.units["U3"]
    assert lines[0] == ("U1 may not remain on patrol on the western front: germany conducted submarine warfare in the "
                        "Atlantic SW box this player turn (SW) (21.4184E)")
    assert lines[1].startswith("Returned to base and inverted before exploitation: U1 ")
    assert lines[2].startswith("Submarine patrols may stay at sea: U2, U3 ")


def _answer(name: str, w: AwawWorld, value: str, who: str = "allies") -> Any:
    """Answer the prompt ``name`` of the turn's parts with ``value``."""
    ctx = SimpleNamespace(state=SimpleNamespace(world=w, flow=SimpleNamespace(turn=1)))
    return build_turn(tables(), lambda _ctx: who).answers[name](ctx, None, value)


def _verb(name: str, w: AwawWorld, args: list[str], who: str = "allies") -> Any:
    """Run the verb ``name`` of the turn's parts with ``args``."""
    ctx = SimpleNamespace(state=SimpleNamespace(world=w, flow=SimpleNamespace(turn=1)))
    return build_turn(tables(), lambda _ctx: who).verbs[name].handler(ctx, args, {})


def test_initiative_the_answer_names_a_side() -> None:
    """The initiative: a side takes the first player turn; anything else is refused with the sides. No side owns the
    answer (chapter 21 does not say who has the initiative): either player gives it in a game by e-mail (issue 32)."""
    w = world([base("Malta")], [])
    out = _answer("first-player", w, "allies")
    assert (out.world.first, out.summary, out.actor) == ("allies", "allies takes the first player turn", "")
    with pytest.raises(RuleError, match=r"^'britain' is not a side \(axis, allies\)$"):
        _answer("first-player", w, "britain")


def test_21_112_overstacking_is_remedied_only_once_no_base_is_over_capacity() -> None:
    """21.112: "yes" is refused while a base is over capacity, naming it and the excess; "no" leaves it for now."""
    cap = base("Malta").capacity(tables())
    assert cap is not None
    over = world([base("Malta"), base("Alexandria")],
                 [unit("A", cap), unit("B", 2), unit("C", cap, base="Alexandria"), unit("D", 1, base="Alexandria")])
    with pytest.raises(RuleError, match=r"^still over capacity: Malta by 2, Alexandria by 1; eliminate excess units"):
        _answer("overstack-done", over, "yes")
    with pytest.raises(RuleError, match="still over capacity"):
        _answer("overstack-done", over, "Y")
    assert _answer("overstack-done", over, "no").summary == "Overstacking left for now (21.112)"
    fine = world([base("Malta")], [unit("A", cap)])
    assert _answer("overstack-done", fine, "yes").summary == "Overstacking remedied (21.112)"
    parts = build_turn(tables(), lambda _ctx: "allies")
    assert parts.conditions["overstacked"](SimpleNamespace(world=over), None) is True
    assert parts.conditions["overstacked"](SimpleNamespace(world=fine), None) is False


def test_21_71_a4_the_allowance_is_typed_per_power_of_the_side_acting() -> None:
    """21.71 (RULINGS A4): ``allowance POWER N`` records N for that power, keeps the others, and is refused for a
    power that is not one, a missing figure, or the other side's power."""
    w = world([base("Malta")], [unit("A", power="britain"), unit("I", power="italy")], uninvert_allowance={"usa": 4})
    out = _verb("allowance", w, ["Britain", "3"])
    assert out.world.uninvert_allowance == {"usa": 4, "britain": 3}
    assert out.summary == "britain may uninvert 3 naval factors this player turn (21.71, 33.7; RULINGS A4)"
    with pytest.raises(RuleError) as refused:
        _verb("allowance", w, ["britain"])
    assert str(refused.value) == f"usage: allowance POWER N ({', '.join(tables().powers)}) (21.71, RULINGS A4)"
    with pytest.raises(RuleError, match=r"^usage: allowance POWER N"):
        _verb("allowance", w, ["atlantis", "3"])
    with pytest.raises(RuleError, match=r"^allowance: I is not allies units; it is the allies player's turn$"):
        _verb("allowance", w, ["italy", "3"])
    two = world([base("Malta")], [unit("I", power="italy"), unit("J", power="italy")])
    with pytest.raises(RuleError, match=r"^allowance: I is not allies units"):
        _verb("allowance", two, ["italy", "3"])
    with pytest.raises(RuleError, match=r"^naval factors that may uninvert must be a whole number \(from 0 to 999\), not 'x'$"):
        _verb("allowance", w, ["britain", "x"])
    with pytest.raises(RuleError, match=r"^naval factors that may uninvert must be"):
        _verb("allowance", w, ["britain", "-1"])
    with pytest.raises(RuleError, match=r"^naval factors that may uninvert must be"):
        _verb("allowance", w, ["britain", "1000"])
    assert _verb("allowance", w, ["britain", "0"]).world.uninvert_allowance["britain"] == 0
    assert _verb("allowance", w, ["britain", "999"]).world.uninvert_allowance["britain"] == 999


def test_21_71_a4_uninversion_spends_each_powers_allowance_and_only_in_port() -> None:
    """21.71 (RULINGS A4): uninverting spends the factors of each power from its allowance; units at sea, sunk or
    not inverted are refused, as is a total over the allowance."""
    units = [unit("A", 2, inverted=True), unit("B", 3, inverted=True), unit("F", 1, power="france", inverted=True),
             unit("S", 1, inverted=True, at_sea="patrol"), unit("K", 1, inverted=True, sunk=True), unit("R", 1)]
    w = world([base("Malta")], units, uninvert_allowance={"britain": 5, "france": 2, "usa": 1})
    out = _verb("uninvert", w, ["A", "B", "F"])
    assert not any(out.world.units[u].inverted for u in "ABF")
    assert out.world.uninvert_allowance == {"britain": 0, "france": 1, "usa": 1}
    assert out.summary == "Uninverted A, B, F; allowance left: britain 0, france 1 (21.71, RULINGS A4)"
    with pytest.raises(RuleError, match=r"^6 britain naval factors exceed the 5 britain may still uninvert this "
                                         r"player turn \(21.71, RULINGS A4\)$"):
        _verb("uninvert", world([base("Malta")], units + [unit("C", 1, inverted=True)],
                                uninvert_allowance={"britain": 5}), ["A", "B", "C"])
    with pytest.raises(RuleError, match=r"^S is at sea: only units in port uninvert \(21.71\)$"):
        _verb("uninvert", w, ["S"])
    with pytest.raises(RuleError, match=r"^K is sunk: only units in port uninvert \(21.71\)$"):
        _verb("uninvert", w, ["K"])
    with pytest.raises(RuleError, match=r"^uninvert: I is not allies units; it is the allies player's turn$"):
        _verb("uninvert", world([base("Malta")], [unit("I", power="italy", inverted=True)]), ["I"])
    with pytest.raises(RuleError, match=r"^R is not inverted \(21.71\)$"):
        _verb("uninvert", w, ["R"])
    with pytest.raises(RuleError, match=r"^type britain's uninversion allowance from 33.7 first: allowance britain N"):
        _verb("uninvert", world([base("Malta")], units), ["A"])


def test_21_71_the_uninversion_verbs_are_naval_verbs_citing_the_rule() -> None:
    """21.71, RULINGS A4: ``allowance`` and ``uninvert`` are listed with the naval verbs and cite their rule."""
    verbs = build_turn(tables(), lambda _ctx: "allies").verbs
    assert [(v.name, v.syntax, v.group, v.rule) for v in verbs.values()] == [
        ("allowance", "allowance POWER N", "naval", "21.71, RULINGS A4"),
        ("uninvert", "uninvert UNITS", "naval", "21.71, RULINGS A4")]
    assert verbs["allowance"].help == "Type a power's naval uninversion allowance from the oil rules (33.7)."
    assert verbs["uninvert"].help == "Uninvert inverted units in port, within each power's typed allowance."
