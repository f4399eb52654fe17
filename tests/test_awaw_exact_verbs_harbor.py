"""Exact tests of AWAW harbor attacks (seed 004, 21.44x): ``harbor`` and its 21.443 B-D prompts and ``harbor-losses``,
word for word, guarding ``tui/rules/awaw/verbs_harbor.py``. The bundled game, the Allied player turn first: Britain
attacks Taranto (the scenario's research result)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.awaw_game import awaw_game, ok, refused, to
from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game


def _harbors(game) -> list:
    """The harbor attack prompts pending, as (id, text, kind, choices, rule, subject, args, required)."""
    return [(p.id, p.text, p.kind, p.choices, p.rule, p.subject, dict(p.args), p.required) for p in game.state.flow.pending
            if p.id.startswith("harbor")]


@pytest.fixture
def game():
    """The bundled game at the Allied harbor attacks segment."""
    g = awaw_game()
    to(g, "Harbor attacks", first="allies")
    return g


def test_21_443A_refusals(game) -> None:
    """21.443A: the usage, a known power, the moving player's (21.441), an enemy base (21.443A)."""
    assert refused(game, "harbor britain").message == "usage: harbor POWER TARGET [NATURE AND MODIFIERS...] (21.443A)"
    assert refused(game, "harbor narnia Taranto").message == ("'narnia' is not a power (germany, italy, japan, britain, usa, "
                                                              "france, ussr)")
    assert refused(game, "harbor italy Taranto").message == ("harbor: harbor attacks are made by the moving player; italy is "
                                                             "not allies (21.441)")
    assert refused(game, "harbor britain Malta").message == "harbor: Malta is held by britain, a friendly base (21.443A)"
    assert refused(game, "harbor usa Taranto").message == ("harbor: usa does not have the research result harbor attacks "
                                                           "require (21.442)")


def test_21_443_b_to_d_prompts_word_for_word(game) -> None:
    """21.443A-D: the announcement, then the defender's modifiers (B), tactical cards (C) and the typed result (D)."""
    r = ok(game, "harbor britain Taranto aircraft from Illustrious, +1")
    assert r.message == "Harbor attack 1: britain on Taranto (aircraft from Illustrious, +1); research result (21.442)"
    assert (game.state.world.harbor_attacks, game.state.world.initial_harbor_left) == (2, 0)
    args = {"n": 1, "target": "Taranto"}
    assert _harbors(game) == [("harbor-1-B", "Harbor attack 1 on Taranto: the defender announces his modifiers, including a "
                               "counter-intelligence result (answer yes when announced)", "confirm", (), "21.443B", "Taranto",
                               {**args, "step": "B"}, True)]
    assert game.state.flow.pending[-1].effect == "harbor-step"
    assert ok(game, "answer harbor-1-B yes").message == "Harbor attack 1: defender's modifiers announced (21.443B)"
    assert _harbors(game) == [("harbor-1-C", "Harbor attack 1 on Taranto: both players may play tactical cards for a "
                               "codebreaking advantage (48.32B); answer yes when done", "confirm", (), "21.443C", "Taranto",
                               {**args, "step": "C"}, True)]
    assert ok(game, "answer harbor-1-C yes").message == "Harbor attack 1: tactical cards played (21.443C)"
    assert _harbors(game) == [("harbor-1-D", "Harbor attack 1 on Taranto: the result on the Harbor Attack Table (RULINGS A2: "
                               "read it and choose)", "choice", ("no effect", "1 ship damaged", "2 ships damaged", "1 ship sunk",
                                                                 "ships sunk and damaged", "other (typed)"),
                               "21.443D", "Taranto", {**args, "step": "D"}, True)]
    assert ok(game, "answer harbor-1-D '2 ships damaged'").message == (
        "Harbor attack 1 on Taranto: 2 ships damaged (21.443D; RULINGS A2). Record losses with harbor-losses Taranto "
        "--damaged A,B --sunk C.")
    assert _harbors(game) == []


def test_21_443_a_plain_announcement_names_no_nature(game) -> None:
    """21.443A: with nothing typed after the target, the attack is 'as announced'."""
    assert ok(game, "harbor britain Taranto").message == "Harbor attack 1: britain on Taranto (as announced); research result (21.442)"


def test_21_443D_harbor_losses_refusals_and_results(game) -> None:
    """21.443D: the typed result applied to ships in the target port: damaged (21.314), sunk in port (21.23G)."""
    assert refused(game, "harbor-losses").message == "usage: harbor-losses TARGET [--damaged A,B] [--sunk C] (21.443D)"
    assert refused(game, "harbor-losses Taranto extra").message == ("harbor-losses: one target base at a time, not 'extra' "
                                                                    "(21.443A)")
    assert refused(game, "harbor-losses Taranto").message == (
        "harbor-losses: name the ships the Harbor Attack Table damaged or sank: --damaged A,B --sunk C (21.443D, RULINGS A2)")
    assert refused(game, "harbor-losses Taranto --damaged Littorio --sunk Littorio").message == (
        "harbor-losses: Littorio is named both damaged and sunk")
    assert refused(game, "harbor-losses Taranto --damaged Penelope").message == (
        "harbor-losses: Penelope is not in port at Taranto; a harbor attack hits the naval units in its target port (21.443)")
    r = ok(game, "harbor-losses Taranto --damaged Littorio --sunk VittorioVeneto")
    assert r.message == ("Harbor attack on Taranto: damaged: Littorio (no naval activities, 21.314); sunk in port: "
                         "VittorioVeneto (21.443D)")
    assert list(r.details) == ["Ships sunk in port are eliminated if the enemy occupies their base (21.23G)."]
    w = game.state.world
    assert (w.units["Littorio"].damaged, w.units["Littorio"].sunk, w.units["Littorio"].tf) == (True, False, "Iachino")
    v = w.units["VittorioVeneto"]
    assert (v.sunk, v.damaged, v.tf, v.note) == (True, False, "", "sunk in port (harbor attack)")
    assert refused(game, "harbor-losses Taranto --sunk VittorioVeneto").message == "harbor-losses: VittorioVeneto is already sunk"
    r = ok(game, "harbor-losses Taranto --damaged Doria")
    assert (r.message, list(r.details)) == ("Harbor attack on Taranto: damaged: Doria (no naval activities, 21.314) (21.443D)", [])
    r = ok(game, "harbor-losses Taranto --sunk Duilio")
    assert r.message == "Harbor attack on Taranto: sunk in port: Duilio (21.443D)"


def test_21_443_the_attackers_own_ships_are_not_hit() -> None:
    """21.443: a harbor attack hits the enemy's ships in its target port, not the attacker's."""
    game2 = awaw_game()
    to(game2, "Harbor attacks", first="allies")
    assert refused(game2, "harbor-losses Malta --damaged Penelope").message == (
        "harbor-losses: Penelope is the attacker's own unit (21.443)")


@pytest.fixture
def fall_1939(tmp_path: Path) -> Path:
    """The bundled data with the scenario's harbor record cleared (no attack made yet)."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    scen = data / "scenarios" / "awaw-mediterranean-1942.toml"
    scen.write_text(scen.read_text().replace("attacks_made = 1", "attacks_made = 0"))
    return data


def test_21_444_germanys_initial_attack_word_for_word(fall_1939: Path) -> None:
    """21.444: Germany's one initial harbor attack without the research result, while no other was made; then none."""
    game = memory_game(fall_1939, "awaw", seed=1, clock=fixed_clock)
    to(game, "Harbor attacks")
    assert refused(game, "harbor italy Malta").message == ("harbor: italy does not have the research result harbor attacks "
                                                           "require (21.442)")
    r = ok(game, "harbor germany Malta")
    assert r.message == "Harbor attack 1: germany on Malta (as announced); the initial German harbor attack (21.444)"
    assert (game.state.world.initial_harbor_left, game.state.world.harbor_attacks) == (0, 1)
    assert refused(game, "harbor germany Alexandria").message == (
        "harbor: germany does not have the research result harbor attacks require (21.442) (the initial German attack is "
        "only possible while no other harbor attack has been made, 21.444)")


def test_21_443A_no_losses_before_any_harbor_attack(fall_1939: Path) -> None:
    """21.443A: losses follow an announced harbor attack; several ships named both damaged and sunk are all named."""
    game = memory_game(fall_1939, "awaw", seed=1, clock=fixed_clock)
    to(game, "Harbor attacks")
    assert refused(game, "harbor-losses Malta --damaged Penelope").message == (
        "harbor-losses: no harbor attack has been made; announce it with harbor POWER TARGET (21.443A)")
    ok(game, "harbor germany Malta")
    assert refused(game, "harbor-losses Malta --damaged Penelope,Aurora --sunk Aurora,Penelope").message == (
        "harbor-losses: Aurora, Penelope is named both damaged and sunk")
