"""The answers of ``tui/rules/europa/sea_rules.py``, exact outcomes against its surviving mutants (seeds
003_5744b160e91bc227.txt 33.B.7; 000_fc2911a77a0e7562.txt 31.A.12 Table 2, 31.B.4; RULINGS E22) on the Mediterranean
1943 scenario (seed 1): the interdiction zone prompt, two Mulberries emplacing in turn (the second one's enemy question
raised after the first roll), and the friendly partial ZOC question of SPs landed on a beach.
"""

from __future__ import annotations

from tests.conftest import fixed_clock
from tests.exact import said
from tui.paths import data_dir
from tui.rules.europa.sea_rules import slug
from tui.session import memory_game

ALLIED = "allied-turn/initial/initial-naval"
AXIS = "axis-turn/initial/initial-naval"


def goto(game, key: str) -> None:
    for _ in range(200):
        if game.segment.key == key:
            return
        assert game.execute("next --force").ok
    raise AssertionError(key)


def new_game(*lines: str):
    game = memory_game(data_dir(), "europa", None, seed=1, clock=fixed_clock)
    for line in lines:
        assert game.execute(line).ok, line
    goto(game, ALLIED)
    return game


def test_slug_of_a_prompt_id() -> None:
    """31.A.12: prompt ids without spaces, lower case, the S* star kept."""
    assert slug("Mulberry A") == "mulberry-a"
    assert slug("  Anzio  Bay!! ") == "anzio-bay"
    assert slug("S* Beach") == "s*-beach"
    assert slug("ÉTÉ x") == "t-x"


def test_33_B_7_the_interdiction_zone_prompt_answered() -> None:
    """33.B.7: the Allied player answers tight, loose or none; none leaves the world as it was."""
    game = new_game("capture Crete ports allied")
    msg, details, actor, names = said(game, "answer interdiction-zone loose")
    assert (msg, actor, names) == ("South Aegean naval interdiction zone declared: loose (33.B.7)", "allied", [])
    assert details == [
        "Loose zone: every all-sea and coastal hex of the Aegean Sea south of the 'D' weather line (lesser chance, "
        "greater coverage)",
        "Axis shipping in it is checked as a separate sea zone; each all-sea and partial-sea hex has light AA 5 against "
        "naval interdiction bombing (33.B.7 b)",
        "Axis Eastern Mediterranean naval status number -5 while it exists (33.B.7 c)",
        "Lasts until the start of the next Allied initial phase"]
    assert (game.state.world.sea.iz.kind, game.state.world.sea.iz.declared) == ("loose", game.state.flow.turn)
    game = new_game("capture Crete ports allied")
    before = game.state.world
    assert said(game, "answer interdiction-zone none") == (
        "No South Aegean interdiction zone this turn (33.B.7)", [], "allied", [])
    assert game.state.world.sea.iz is None and game.state.world.sea == before.sea


def test_31_B_4_the_friendly_partial_zoc_question() -> None:
    """31.B.4: yes, nothing lost; no, half the points landed (3 -> 1.5) are lost."""
    game = new_game()
    said(game, "land Sollum beach 0.5 3 --supply")
    r = game.execute("answer zoc-1:sollum-beach yes")
    assert (r.message, list(r.details), [(e.name, e.value, e.rule) for e in r.explanations]) == (
        "Sollum beach: unloaded in a friendly partial ZOC: nothing lost (31.B.4)", [], [("SP/SRP points lost", 0, "31.B.4")])
    assert game.events[-1]["actor"] == "allied"
    said(game, "land Sollum beach 0.5 3 --supply")
    r = game.execute("answer zoc-2:sollum-beach no")
    assert (r.message, list(r.details), [(e.name, e.value, e.rule) for e in r.explanations]) == (
        "Sollum beach: 1.5 SP/SRP points lost (31.B.4)", [], [("SP/SRP points lost", 1.5, "31.B.4")])
    assert game.events[-1]["actor"] == "allied"


def two_emplacing():
    """Mulberry A at Sollum beach and Mulberry B at Anzio Bay arrive; at the next Allied initial phase both emplace."""
    game = new_game()
    for line in ("beach add Anzio Bay allied", 'mulberry available "Mulberry A"', 'mulberry available "Mulberry B"',
                 'mulberry tow "Mulberry A" "United Kingdom ports"', 'mulberry tow "Mulberry B" "United Kingdom ports"',
                 'mulberry arrive "Mulberry A" "Sollum beach" mps=10', 'mulberry arrive "Mulberry B" "Anzio Bay" mps=10'):
        assert game.execute(line).ok, line
    goto(game, AXIS)
    goto(game, ALLIED)
    return game


def test_31_A_12_table_2_two_mulberries_emplace_one_after_the_other() -> None:
    """31.A.12 Table 2: enemy in the hex and adjacent: no +1 (1d6+0); F emplaced but unusable this turn; then the second
    Mulberry's enemy question is raised; enemy in its hex only: +1 for no enemy adjacent; 1 + 1 = 2 is F*, wrecked."""
    game = two_emplacing()
    text_a = ("Mulberry A at Sollum beach: emplacement roll 1d6+0 on the SUCCESS TABLE (no modifiers); or 'result "
              "emplace:mulberry-a LETTER' from the real chart")
    assert said(game, "answer mulberry-emplacement enemy-in-and-adjacent") == (
        f"Mulberry A: enemy-in-and-adjacent; roll next — {text_a}", [], "allied", [])
    p = game.state.pending_prompt("emplace:mulberry-a")
    assert (p.kind, p.effect, p.dice, p.choices, p.required, p.rule, p.subject, p.args, p.raised, p.text) == (
        "roll", "mulberry-emplace", "1d6", ("roll",), True, "31.A.12 Table 2", "Mulberry A",
        {"enemy": "enemy-in-and-adjacent"}, ALLIED, text_a)
    r = game.execute("result emplace:mulberry-a F")
    assert (r.message, list(r.details), [(e.name, e.value) for e in r.explanations], game.events[-1]["actor"]) == (
        "Mulberry A emplacement: F Failure (31.A.12)",
        ["F read on the real SUCCESS TABLE (modifier +0) (RULINGS E22)",
         "Mulberry A: F Failure — Mulberry emplaced with difficulty: functioning side up, but it may not be used in the "
         "current turn.",
         "Mulberry A may not be used in the current turn (31.A.12)"],
        [("Mulberry A emplacement modifier", 0)], "allied")
    assert game.state.world.sea.mulberries["Mulberry A"].status == "emplaced"
    q = game.state.pending_prompt("mulberry-emplacement:mulberry-b")
    assert (q.kind, q.effect, q.choices, q.required, q.rule, q.subject, q.raised, q.text) == (
        "choice", "mulberry-enemy", ("clear", "enemy-adjacent", "enemy-in-hex", "enemy-in-and-adjacent"), True,
        "31.A.12 Table 2", "Mulberry B", ALLIED,
        "Mulberry B at Anzio Bay is emplacing: enemy units in its hex (ground or naval) or in an adjacent hex (ground)?")
    text_b = ("Mulberry B at Anzio Bay: emplacement roll 1d6+1 on the SUCCESS TABLE (no enemy ground units in any adjacent "
              "hex +1); or 'result emplace:mulberry-b LETTER' from the real chart")
    assert said(game, "answer mulberry-emplacement:mulberry-b enemy-in-hex") == (
        f"Mulberry B: enemy-in-hex; roll next — {text_b}", [], "allied", [])
    p = game.state.pending_prompt("emplace:mulberry-b")
    assert (p.subject, p.args, p.text) == ("Mulberry B", {"enemy": "enemy-in-hex"}, text_b)
    r = game.execute("answer emplace:mulberry-b --dice 1")
    assert (r.message, list(r.details), [(e.name, e.value) for e in r.explanations], game.events[-1]["actor"]) == (
        "Mulberry B emplacement: F* Complete Failure (31.A.12)",
        ["Mulberry emplacement, Mulberry B: 1d6 = 1 = 1 (typed)", "SUCCESS TABLE: 1d6 1 +1 = 2 → F* (RULINGS E22)",
         "Mulberry B: F* Complete Failure — Mulberry wrecked: remove it from play."],
        [("Mulberry B emplacement modifier", 1)], "allied")
    assert game.state.world.sea.mulberries["Mulberry B"].status == "wrecked"
    assert not [p for p in game.state.flow.pending if p.effect in ("mulberry-enemy", "mulberry-emplace")]


def test_31_A_12_table_2_rolled_clear_is_plus_2() -> None:
    """31.A.12 Table 2: no enemy in the hex +1, none adjacent +1: 5 + 2 = 7, S* Great Success."""
    game = two_emplacing()
    said(game, "answer mulberry-emplacement clear")
    r = game.execute("answer emplace:mulberry-a --dice 5")
    assert r.message == "Mulberry A emplacement: S* Great Success (31.A.12)"
    assert list(r.details[:2]) == ["Mulberry emplacement, Mulberry A: 1d6 = 5 = 5 (typed)",
                                   "SUCCESS TABLE: 1d6 5 +2 = 7 → S* (RULINGS E22)"]
    assert game.state.pending_prompt("mulberry-emplacement:mulberry-b").subject == "Mulberry B"
