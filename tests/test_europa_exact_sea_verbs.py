"""Europa sea commands exactly (seed 003_5744b160e91bc227.txt, 33; seed 000_fc2911a77a0e7562.txt 31.A.11): what the
verbs of ``tui/rules/europa/sea_verbs.py`` say and refuse, played through the engine on the Mediterranean 1943 scenario
in the Axis initial naval phase.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game
from tests.exact import refused, said


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def test_33_B_10_a_condition_the_referee_answers(game) -> None:
    """33.B.10: yes, no or a whole number; derived conditions and unknown ones are refused."""
    assert said(game, "condition france-surrendered on") == (
        "Condition france-surrendered: France has surrendered — yes (33.B.10 Tables 2, 3)", [], "referee", [])
    assert game.state.world.sea.conditions["france-surrendered"] is True
    assert said(game, "condition France-Surrendered 2")[0] == (
        "Condition france-surrendered: France has surrendered — 2 (33.B.10 Tables 2, 3)")
    assert game.state.world.sea.conditions["france-surrendered"] == 2
    assert said(game, "condition france-surrendered -1")[0].endswith("— -1 (33.B.10 Tables 2, 3)")
    assert said(game, "condition france-surrendered OFF")[0] == (
        "Condition france-surrendered: France has surrendered — no (33.B.10 Tables 2, 3)")
    assert refused(game, "condition").startswith(
        "usage: condition ID on|off|N; conditions the referee answers: crete-other-hexes-axis, crete-airbase-allied, ")
    assert refused(game, "condition nope on") == "no condition 'nope'; see the conditions view or 'help condition'"
    assert refused(game, "condition france-surrendered maybe") == "'maybe' is not on/off or a whole number"
    assert refused(game, "condition france-surrendered " + "x" * 30) == f"'{'x' * 24}' is not on/off or a whole number"
    derived = refused(game, "condition malta-status 2")
    assert derived.startswith("'malta-status' (Malta status number) is derived by the app: ")
    assert derived.endswith(". Change what it comes from instead (33.B.1.a)")


def test_33_B_1_a_the_malta_status_number(game) -> None:
    """33.B.1.a; RULINGS E20: a column of the ANTI-SHIPPING TABLE; the Axis Central Med NSN follows it."""
    assert said(game, "malta 5") == ("Malta status number 5: Axis Central Mediterranean NSN 5 (33.B.1.a)", [], "referee", [])
    assert game.state.world.sea.malta == 5
    assert refused(game, "malta") == "usage: malta N (the Malta status number, 33.B.1.a)"
    assert refused(game, "malta 1 2") == "usage: malta N (the Malta status number, 33.B.1.a)"
    assert refused(game, "malta 99") == (
        "the Malta status number (a column of the ANTI-SHIPPING TABLE, RULINGS E20) must be from 0 to 15, not '99'")
    assert said(game, "malta 15")[0].startswith("Malta status number 15: ")
    assert said(game, "malta 0")[0].startswith("Malta status number 0: ")


def test_33_B_7_interdict_refusals_outside_an_allied_initial_phase(game) -> None:
    """33.B.7: declared only in an Allied initial phase; bombing hits need a zone; usage."""
    assert refused(game, "interdict") == "usage: interdict tight|loose | interdict bomb N"
    assert refused(game, "interdict bomb 1 2") == "usage: interdict bomb N (bombing hits, 33.B.7 d))"
    assert refused(game, "interdict bomb") == "there is no interdiction zone to bomb (33.B.7)"
    assert refused(game, "interdict tight") == (
        "The South Aegean interdiction zone may be declared only during an Allied initial phase (33.B.7); this is Axis "
        "player turn › Initial phase › Naval movement")


def test_rulings_E22_result_needs_a_pending_success_table_prompt(game) -> None:
    """RULINGS E22: a letter answers a pending SUCCESS TABLE prompt only."""
    assert refused(game, "result") == "usage: result PROMPT D|F*|F|S|S*"
    assert refused(game, "result D") == "usage: result PROMPT D|F*|F|S|S*"
    assert refused(game, "result foo D") == "no pending prompt 'foo'; SUCCESS TABLE prompts pending: none"


def test_33_C_air_units_in_the_anti_shipping_box(game) -> None:
    """33.C; RULINGS E21: an air unit's modified TBF counts against enemy shipping; remove and clear."""
    assert said(game, "air add Ju88 axis central-med role=bomber range=10 tbf=2 type=S") == (
        "Ju88 (axis bomber, type S, range 10, TBF 2, box) in the Central Mediterranean: modified TBF against enemy "
        "shipping now 1 (33.C)", [], "axis", ["anti-shipping air against allied shipping"])
    unit = game.state.world.sea.air[0]
    assert (unit.name, unit.side, unit.zone, unit.role, unit.type, unit.range, unit.tbf, unit.mission, unit.distance) == (
        "Ju88", "axis", "central-med", "bomber", "S", 10, 2, "box", 0)
    assert said(game, "air add Sp allied central-med")[0] == (
        "Sp (allied bomber, type non-naval, range 0, TBF 0, box) in the Central Mediterranean: modified TBF against "
        "enemy shipping now 0 (33.C)")
    assert said(game, "air add Hud allied eastern-med role=bomber tbf=1.5 range=4 mission=patrol distance=3")[0].startswith(
        "Hud (allied bomber, type non-naval, range 4, TBF 1½, patrol) in the Eastern Mediterranean")
    assert game.state.world.sea.air[-1].distance == 3
    assert said(game, "air remove Sp") == ("Air unit Sp leaves the anti-shipping box (33.C)", [], "allied", [])  # its side's (S-EU14)
    assert said(game, "air clear eastern-med")[0] == "Air units cleared from Eastern Mediterranean (33.C)"
    assert [u.name for u in game.state.world.sea.air] == ["Ju88"]
    assert said(game, "air clear")[0] == "Air units cleared from every sea zone (33.C)"
    assert game.state.world.sea.air == ()
    usage = ("usage: air add NAME SIDE ZONE role=fighter|bomber type=non-naval|S|V|M range=N tbf=N "
             "[mission=box|patrol|strike] [distance=N] | air remove NAME | air clear [ZONE]")
    for line in ("air", "air fly", "air add", "air add Ju88 axis"):
        assert refused(game, line) == usage, line
    assert refused(game, "air remove") == "usage: air remove NAME"
    assert refused(game, "air remove X Y") == "usage: air remove NAME"
    assert refused(game, "air add Sp allied central-med extra") == "unexpected: extra; give the rest as key=value"


def test_33_F_naval_supply_lines_and_31_A_11_inland_routes(game) -> None:
    """33.F; RULINGS E27: the sea zones a supply line crosses and its route options; 31.A.11 an inland port's route."""
    assert said(game, "supply-line Tobruk eastern-med") == (
        "Tobruk: naval supply line crosses Eastern Mediterranean; SLP count 30 (33.F)", [], "allied", ["SLP count (33.F)"])  # S-EU8
    assert game.state.world.ports["Tobruk"].supply_zones == ("Eastern Mediterranean",)
    assert said(game, "supply-line Tripoli central-med --short")[0] == (
        "Tripoli: naval supply line crosses Central Mediterranean; SLP count 35 (33.F)")
    assert game.state.world.ports["Tripoli"].supply_route == ("short",)
    assert said(game, "supply-line Tobruk none")[0] == "Tobruk: naval supply line crosses no sea zone; SLP count 30 (33.F)"
    assert game.state.world.ports["Tobruk"].supply_zones == ()
    assert refused(game, "supply-line Tobruk eastern-med --far") == (
        "--far means nothing for an Allied supply line through Eastern Mediterranean (route options there: none) "
        "(33.F; RULINGS E27)")
    assert refused(game, "supply-line Tobruk --short") == (
        "--short means nothing for an Allied supply line through no sea zone (route options there: none) (33.F; RULINGS E27)")
    assert refused(game, "route Tobruk") == "Tobruk is not an inland port (port edit Tobruk inland=yes) (31.A.11)"
    said(game, "port edit Naples inland=yes")
    assert said(game, "route Naples")[:3] == (
        "Naples: axis does not hold both banks to the sea: not usable (31.A.11)", [], "axis")
    assert said(game, "route Naples")[0] == "Naples: axis holds both banks to the sea: usable (31.A.11)"
    assert said(game, "route Naples off")[0] == "Naples: axis does not hold both banks to the sea: not usable (31.A.11)"
    assert said(game, "route Naples YES")[0] == "Naples: axis holds both banks to the sea: usable (31.A.11)"
    assert game.state.world.ports["Naples"].sea_route is True
    assert refused(game, "route Naples x") == "route PORT on|off"
