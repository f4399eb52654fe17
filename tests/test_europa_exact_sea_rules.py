"""The phase machine's side of Europa 33 and 31.A.12, exactly (seeds 003_5744b160e91bc227.txt, 000_fc2911a77a0e7562.txt):
the prompt conditions, the end of the Allied player turn and the answers of ``tui/rules/europa/sea_rules.py`` —
Italian naval interference rolled, read on the real chart or declined (33.B.2.b; RULINGS E22), and a Mulberry's
emplacement (31.A.12 Table 2) — on the Mediterranean 1943 scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game

ALLIED = "allied-turn/initial/initial-naval"
AXIS = "axis-turn/initial/initial-naval"


def ok(game, *lines: str):
    """Run commands that must succeed; the last result."""
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"
    return r


def goto(game, key: str):
    """Advance (skipping prompts) until the segment ``key``; the last result."""
    r = None
    for _ in range(200):
        if game.segment.key == key:
            return r
        r = ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


@pytest.fixture
def game(data: Path):
    """The Allied initial naval phase of the first turn (seed 1)."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    goto(game, ALLIED)
    return game


def conditions(game) -> dict[str, bool]:
    """Every prompt condition in the segment now."""
    return {name: when(game.state, game.segment) for name, when in game.ruleset.conditions.items()}


def test_33_B_2_b_interference_offered_in_an_allied_initial_phase_only(game) -> None:
    """33.B.2.b: the Eastern attempt is offered in an Allied initial phase (the Red Sea one needs Massaua ever Allied,
    33.B.8.b); 33.B.7: no interdiction zone offered while its conditions fail; no Mulberry emplacing."""
    assert conditions(game) == {"italian-interference:eastern": True, "italian-interference:red-sea": False,
                                "interdiction-zone-offered": False, "mulberry-emplacing": False}
    axis = next(s for s in game.ruleset.sequence.segments if s.key == AXIS)
    assert [when(game.state, axis) for when in game.ruleset.conditions.values()] == [False, False, False, False]


def test_33_B_2_b_interference_rolled_with_its_modifiers(game) -> None:
    """33.B.2.b; RULINGS E22: 1d6 plus the history modifiers on the SUCCESS TABLE; the Axis acts."""
    r = ok(game, "answer interference:eastern 4")
    assert (r.message, game.events[-1]["actor"]) == (
        "Italian naval interference, Eastern Mediterranean and Aegean Sea: S Success — partial interference (33.B.2.b)", "axis")
    assert r.details == [
        "Italian naval interference, Eastern Mediterranean and Aegean Sea: 1d6 = 4 = 4 (typed)",
        "SUCCESS TABLE: 1d6 4 +0 = 4 → S (RULINGS E22)",
        "S Success: The Italian fleet establishes a temporary presence: Allied transport in the sea zones is subject to "
        "partial interference during the current player turn.",
        "Allied shipping in the Eastern Mediterranean and Aegean Sea: partial interference until the end of this Allied "
        "player turn (33.B.2.b Table 1)"]
    assert [e.name for e in r.explanations] == ["Italian naval interference modifier (Eastern Mediterranean and Aegean Sea)"]
    assert game.state.world.sea.active == {"eastern": "S"}
    assert conditions(game)["italian-interference:eastern"] is False  # once per turn
    assert game.execute("interfere eastern roll").message == (
        "no Italian naval interference attempt: interference in the Eastern Mediterranean and Aegean Sea was already "
        "attempted this turn (33.B.2.b; 33.B.7.a)")
    r = goto(game, AXIS)
    assert "Italian naval interference results of this Allied player turn end (33.B.2.b): eastern S" in r.details
    assert game.state.world.sea.active == {}


def test_rulings_E22_the_letter_read_on_the_real_chart_or_declined(data: Path) -> None:
    """RULINGS E22: ``result`` gives the letter; 33.B.2.b: the Axis may decline."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    goto(game, ALLIED)
    r = ok(game, "result interference:eastern s")
    assert r.message == "Italian naval interference, Eastern Mediterranean and Aegean Sea: S Success — partial interference (33.B.2.b)"
    assert r.details[0] == "S read on the real SUCCESS TABLE (modifier +0) (RULINGS E22)"
    assert game.state.pending_prompt("interference:eastern") is None
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    goto(game, ALLIED)
    r = ok(game, "answer interference:eastern decline")
    assert (r.message, r.details, game.events[-1]["actor"]) == (
        "The Axis makes no Italian naval interference attempt in the Eastern Mediterranean and Aegean Sea this turn "
        "(33.B.2.b)", [], "axis")
    assert game.state.world.sea.active == {}
    assert game.execute("interfere red-sea decline").message == (
        "no Italian naval interference attempt: Massaua has never been Allied-owned does not hold (33.B.8.b; 33.B.2.b Table 1)")


def test_31_A_12_table_2_the_emplacement_of_a_mulberry(game) -> None:
    """31.A.12: a Mulberry that arrived emplaces at the next Allied initial phase: the enemy near it is asked, then the
    emplacement roll (modifiers: MPs towed beyond 15, enemy units); S* emplaces it with double landing this turn."""
    ok(game, 'mulberry available "Mulberry A"', 'mulberry tow "Mulberry A" "United Kingdom ports"',
       'mulberry arrive "Mulberry A" "Sollum beach" mps=20')
    goto(game, AXIS)
    goto(game, ALLIED)
    assert conditions(game)["mulberry-emplacing"] is True
    r = ok(game, "answer mulberry-emplacement enemy-adjacent")
    text = ("Mulberry A at Sollum beach: emplacement roll 1d6+0 on the SUCCESS TABLE (towed 20 MPs: 1 x 5 MPs (or "
            "fraction) after the first 15 -1, no enemy ground or naval units in the hex +1); or 'result "
            "emplace:mulberry-a LETTER' from the real chart")
    assert (r.message, game.events[-1]["actor"]) == (f"Mulberry A: enemy-adjacent; roll next — {text}", "allied")
    prompt = game.state.pending_prompt("emplace:mulberry-a")
    assert (prompt.kind, prompt.effect, prompt.dice, prompt.choices, prompt.required, prompt.rule, prompt.subject,
            prompt.args, prompt.text) == ("roll", "mulberry-emplace", "1d6", ("roll",), True, "31.A.12 Table 2",
                                          "Mulberry A", {"enemy": "enemy-adjacent"}, text)
    r = ok(game, "result emplace:mulberry-a S*")
    assert r.message == "Mulberry A emplacement: S* Great Success (31.A.12)"
    assert r.details == [
        "S* read on the real SUCCESS TABLE (modifier +0) (RULINGS E22)",
        "Mulberry A: S* Great Success — Mulberry emplaced: functioning side up. Double the normal REs may be landed in "
        "the current turn.",
        "Mulberry A is a standard port with an artificial harbour, usable this turn (31.A.12)",
        "Double the normal REs may be landed at Mulberry A this turn (31.A.12)"]
    assert [e.name for e in r.explanations] == ["Mulberry A emplacement modifier"]
    assert game.state.world.sea.mulberries["Mulberry A"].status == "emplaced"
    r = goto(game, AXIS)
    assert "Double landing after a Great Success ends at Mulberry A (31.A.12)" in r.details
    assert not game.state.world.ports["Mulberry A"].doubled
