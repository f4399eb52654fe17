"""Europa sea commands, exact outcomes against the surviving mutants of ``tui/rules/europa/sea_verbs.py`` (seed
003_5744b160e91bc227.txt: 33.B.7 the South Aegean interdiction zone, 33.B.2.b interference, 33.B.10 conditions, 33.C
anti-shipping air) on the Mediterranean 1943 scenario (seed 1).
"""

from __future__ import annotations

from tests.conftest import fixed_clock
from tests.exact import refused, said
from tui.paths import data_dir
from tui.session import memory_game

ALLIED = "allied-turn/initial/initial-naval"

TIGHT_LINES = [
    "Tight zone: every all-sea and coastal hex within two hexes of Crete (greater chance of affecting Axis shipping)",
    "Axis shipping in it is checked as a separate sea zone; each all-sea and partial-sea hex has light AA 5 against "
    "naval interdiction bombing (33.B.7 b)",
    "Axis Eastern Mediterranean naval status number -5 while it exists (33.B.7 c)",
    "Lasts until the start of the next Allied initial phase"]


def game_at(key: str = ""):
    game = memory_game(data_dir(), "europa", None, seed=1, clock=fixed_clock)
    for _ in range(200):
        if not key or game.segment.key == key:
            return game
        assert game.execute("next --force").ok
    raise AssertionError(key)


def crete_game():
    """Crete ports Allied (33.B.7 a)), then the Allied initial naval phase: the zone is offered."""
    game = memory_game(data_dir(), "europa", None, seed=1, clock=fixed_clock)
    assert game.execute("capture Crete ports allied").ok
    for _ in range(200):
        if game.segment.key == ALLIED:
            return game
        assert game.execute("next --force").ok
    raise AssertionError(ALLIED)


def test_33_B_7_interdict_declared_settles_the_offered_prompt_and_bombing_lowers_the_nsn() -> None:
    """33.B.7: the Allied player declares a tight zone in his initial phase (its four lines); 33.B.7 d): each bombing
    hit lowers the Axis NSN in the zone (12) by 1 this turn; the bombing is recorded by the Axis side's command."""
    game = crete_game()
    assert game.state.pending_prompt("interdiction-zone") is not None
    assert said(game, "interdict TIGHT") == (
        "South Aegean naval interdiction zone declared: tight (33.B.7)", TIGHT_LINES, "allied", [])
    iz = game.state.world.sea.iz
    assert (iz.kind, iz.declared, iz.hits) == ("tight", game.state.flow.turn, 0)
    assert game.state.pending_prompt("interdiction-zone") is None
    assert said(game, "interdict bomb") == (
        "Interdiction zone bombed: 1 hit(s); Axis NSN in the zone 11 this turn (33.B.7 d))", [], "axis", [])
    assert said(game, "interdict Bomb 2") == (
        "Interdiction zone bombed: 2 hit(s); Axis NSN in the zone 9 this turn (33.B.7 d))", [], "axis", [])
    assert game.state.world.sea.iz.hits == 3
    assert refused(game, "interdict bomb 0") == "bombing hits (33.B.7 d)) must be from 1 to 999, not '0'"
    assert refused(game, "interdict bomb 1000") == "bombing hits (33.B.7 d)) must be from 1 to 999, not '1000'"
    assert refused(game, "interdict bomb 1 2") == "usage: interdict bomb N (bombing hits, 33.B.7 d))"
    assert refused(game, "interdict loose") == (
        "a tight interdiction zone already exists until the next Allied initial phase (33.B.7)")


def test_33_B_7_interdict_loose_without_a_pending_prompt() -> None:
    """33.B.7: the zone may be declared by command once its prompt is gone (nothing to settle); a loose zone."""
    game = crete_game()
    assert game.execute("answer interdiction-zone none").ok
    assert game.state.world.sea.iz is None
    msg, details, actor, _ = said(game, "interdict loose")
    assert (msg, actor, len(details)) == ("South Aegean naval interdiction zone declared: loose (33.B.7)", "allied", 4)
    assert details[0].startswith("Loose zone: ") and details[1:] == TIGHT_LINES[1:]
    assert game.state.world.sea.iz.kind == "loose"
    assert refused(game, "interdict snug") == (
        "an interdiction zone is tight or loose, not 'snug' (33.B.7)")


def test_33_B_7_interdict_refused_while_its_conditions_fail() -> None:
    """33.B.7 a): at least one port on Crete Allied-owned; nothing declared."""
    game = game_at(ALLIED)
    assert refused(game, "interdict tight") == (
        "the South Aegean interdiction zone cannot be declared: a) at least one port on Crete is Allied-owned "
        "[allied-owned: Crete ports no] (33.B.7)")
    assert game.state.world.sea.iz is None


def test_33_B_7_interdict_only_in_the_allied_initial_phase_not_the_allied_exploitation() -> None:
    """33.B.7: the zone is declared during an Allied initial phase; another Allied phase is refused."""
    game = game_at("allied-turn/exploitation/exploitation-naval")
    assert refused(game, "interdict tight") == (
        "The South Aegean interdiction zone may be declared only during an Allied initial phase (33.B.7); this is "
        "Allied player turn › Exploitation phase › Exploitation naval movement")


def test_33_B_2_b_interfere_by_command_settles_the_offered_prompt() -> None:
    """33.B.2.b; RULINGS E22: ``interfere eastern S`` takes the letter of the real chart, answers the offered prompt."""
    game = game_at(ALLIED)
    assert game.state.pending_prompt("interference:eastern") is not None
    msg, details, actor, names = said(game, "interfere Eastern s")
    assert (msg, actor) == (
        "Italian naval interference, Eastern Mediterranean and Aegean Sea: S Success — partial interference (33.B.2.b)",
        "axis")
    assert details[0] == "S read on the real SUCCESS TABLE (modifier +0) (RULINGS E22)"
    assert game.state.world.sea.active == {"eastern": "S"}
    assert game.state.pending_prompt("interference:eastern") is None
    assert refused(game, "interfere") == "usage: interfere eastern|red-sea [roll|decline|D|F*|F|S|S*]"


def test_33_B_2_b_interfere_rolls_by_default() -> None:
    """33.B.2.b: no value rolls 1d6 on the SUCCESS TABLE (typed dice)."""
    game = game_at(ALLIED)
    msg, details, actor, _ = said(game, "interfere eastern --dice 6")
    assert actor == "axis" and msg.startswith("Italian naval interference, Eastern Mediterranean and Aegean Sea: ")
    assert details[1] == "SUCCESS TABLE: 1d6 6 +0 = 6 → S* (RULINGS E22)"
    assert game.state.world.sea.active == {"eastern": "S*"}


def test_33_B_2_b_interfere_declined_by_command() -> None:
    """33.B.2.b: the Axis may decline; ``decline`` is the whole value."""
    game = game_at(ALLIED)
    assert said(game, "interfere eastern decline") == (
        "The Axis makes no Italian naval interference attempt in the Eastern Mediterranean and Aegean Sea this turn "
        "(33.B.2.b)", [], "axis", [])
    assert game.state.pending_prompt("interference:eastern") is None


def test_33_B_10_condition_bounds_and_signs() -> None:
    """33.B.10: a whole number from -999 to 999, with its sign."""
    game = game_at()
    assert said(game, "condition france-surrendered +3")[0] == (
        "Condition france-surrendered: France has surrendered — 3 (33.B.10 Tables 2, 3)")
    assert game.state.world.sea.conditions["france-surrendered"] == 3
    assert said(game, "condition france-surrendered -999")[0].endswith("— -999 (33.B.10 Tables 2, 3)")
    assert said(game, "condition france-surrendered 999")[0].endswith("— 999 (33.B.10 Tables 2, 3)")
    assert refused(game, "condition france-surrendered 1000") == (
        "condition france-surrendered must be from -999 to 999, not '1000'")
    assert refused(game, "condition france-surrendered -1000") == (
        "condition france-surrendered must be from -999 to 999, not '-1000'")
    assert refused(game, "condition france-surrendered +x") == "'+x' is not on/off or a whole number"
    assert refused(game, "condition france-surrendered XX") == "'XX' is not on/off or a whole number"


def test_33_C_air_unit_numbers_are_bounded_and_named() -> None:
    """33.C; RULINGS E21: range, TBF and distance are numbers from 0 to 999 named in the refusal; the role is read."""
    game = game_at()
    assert refused(game, "air add Ju88 axis central-med range=-1") == "range (hexes) must be from 0 to 999, not '-1'"
    assert refused(game, "air add Ju88 axis central-med range=1000") == "range (hexes) must be from 0 to 999, not '1000'"
    assert refused(game, "air add Ju88 axis central-med tbf=x") == "TBF must be a number (from 0 to 999), not 'x'"
    assert refused(game, "air add Ju88 axis central-med tbf=-1") == "TBF must be from 0 to 999, not '-1'"
    assert refused(game, "air add Ju88 axis central-med tbf=1000") == "TBF must be from 0 to 999, not '1000'"
    assert refused(game, "air add Ju88 axis central-med distance=x") == (
        "distance (hexes) must be a whole number (from 0 to 999), not 'x'")
    assert refused(game, "air add Ju88 axis central-med distance=-1") == "distance (hexes) must be from 0 to 999, not '-1'"
    assert refused(game, "air add Ju88 axis central-med distance=1000") == (
        "distance (hexes) must be from 0 to 999, not '1000'")
    assert refused(game, 'air add "" axis central-med') == "an air unit's name cannot be blank"
    assert refused(game, "air add Sp allied central-med a b") == "unexpected: a b; give the rest as key=value"
    msg = said(game, "air add Me109 axis central-med role=fighter range=999 tbf=999 distance=999 mission=patrol")[0]
    assert msg.startswith("Me109 (axis fighter, type non-naval, range 999, TBF 999, patrol) in the Central Mediterranean")
    unit = game.state.world.sea.air[0]
    assert (unit.role, unit.range, unit.tbf, unit.distance) == ("fighter", 999, 999, 999)
    said(game, "air add Ju88 axis central-med range=0 tbf=0 distance=0")
    assert said(game, "air clear Central Mediterranean")[0] == "Air units cleared from Central Mediterranean (33.C)"
    assert game.state.world.sea.air == ()


def test_rulings_E22_result_names_the_pending_success_table_prompts() -> None:
    """RULINGS E22: ``result`` answers an interference or emplacement prompt only, with a letter of the SUCCESS TABLE;
    the refusal lists the SUCCESS TABLE prompts pending (not the interdiction zone's choice, 33.B.7)."""
    game = crete_game()
    assert refused(game, "result foo S") == "no pending prompt 'foo'; SUCCESS TABLE prompts pending: interference:eastern"
    assert refused(game, "result interdiction-zone S") == (
        "interdiction-zone is not a SUCCESS TABLE roll (Italian interference or Mulberry emplacement)")
    assert refused(game, "result interference:eastern Q") == (
        "'Q' is not a SUCCESS TABLE result: one of D, F*, F, S, S* (RULINGS E22)")
    msg, details, actor, _ = said(game, "result interference:eastern D")
    assert (msg, actor, details[0]) == (
        "Italian naval interference, Eastern Mediterranean and Aegean Sea: D Disaster — minor interference (33.B.2.b)",
        "axis", "D read on the real SUCCESS TABLE (modifier +0) (RULINGS E22)")
    assert game.state.pending_prompt("interference:eastern") is None
    assert refused(game, "result foo S") == "no pending prompt 'foo'; SUCCESS TABLE prompts pending: none"


def test_31_A_11_route_toggles_and_explains_the_inland_port() -> None:
    """31.A.11: an inland port is usable only while its owner holds both banks to the sea; no word toggles it; any case
    of on/off; the figure explains both terms."""
    game = game_at()
    said(game, "port edit Naples inland=yes")

    def route(line: str):
        r = game.execute(line)
        assert r.ok, line
        return (r.message, game.events[-1]["actor"],
                [(e.name, e.value, e.rule, [(t.label, t.value) for t in e.terms]) for e in r.explanations])

    def figure(on: bool):
        return [("usable by its route to the sea", on, "31.A.11",
                 [("inland (river or canal)", True), ("owner holds both banks to the sea", on)])]

    assert route("route Naples") == ("Naples: axis does not hold both banks to the sea: not usable (31.A.11)", "axis",
                                     figure(False))
    assert route("route Naples ON") == ("Naples: axis holds both banks to the sea: usable (31.A.11)", "axis", figure(True))
    assert route("route Naples no") == ("Naples: axis does not hold both banks to the sea: not usable (31.A.11)", "axis",
                                        figure(False))
    assert game.state.world.ports["Naples"].sea_route is False
    assert route("route Naples")[2] == figure(True)
    assert game.state.world.ports["Naples"].sea_route is True
