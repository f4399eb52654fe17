"""Exact outcomes of the Logistics turn (seed 002_d96257382b73d9de.txt; RULINGS L3): the initiative (ties rolled
again), the storm prompt (Storms ¶4), a Mulberry beside the storm (Mulberries ¶3; RULINGS L2), the storm and supply
reminders at movement and the retreat reminder at combat (Storms ¶2; Airfields ¶6; Mulberries ¶1), the end of a
battle (RULINGS L5), production, the growth choices and the new turn (Factories ¶3, ¶6, ¶7), and the rule set's
views, duties and side names. The wording of the growth's own summary belongs to the growth rule and is not pinned
here."""

from __future__ import annotations

from typing import Any

import pytest

from logistics_game import at, logistics_game
from test_logistics_exact_verbs import replay

CASES = [('initiative won by the allies',
  1,
  'initiative',
  [{'line': 'answer initiative --dice 6,6,1,1',
    'ok': True,
    'message': 'Initiative: allied 12, axis 2 — allied wins and moves first; axis rolls for the storm (Storms ¶4; '
               'RULINGS L3)',
    'details': ('initiative: allied then axis: 4d6 = 6+6+1+1 = 14 (typed)',),
    'actor': 'allied',
    'changes': {'world': {'initiative': (12, 2)}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · Storm movement',
    'details': ('prompt: storm — Storm: the initiative loser rolls the direction die then the distance die (e.g. 2,3: '
                'NE 3 hexes) (required)',),
    'raised': ('storm',),
    'actor': ''},
   {'line': 'answer storm --dice 3,2',
    'ok': True,
    'message': 'Storm 1309 → SE 2 → 1510; area 1409 1410 1509 1510 1511 1609 1610 (rolled by axis, Storms ¶4)',
    'details': ('storm: direction, distance: 2d6 = 3+2 = 5 (typed)',
                'die 1 = 3: SE; die 2 = 2: 2 hex(es) (RULINGS L1)'),
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'actor': 'axis',
    'changes': {'world': {'storm': '1510', 'storm_move': '1309 → SE 2 → 1510', 'storm_turn': 1}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · First player turn › Movement',
    'details': ('Storm at 1510: area 1409 1410 1509 1510 1511 1609 1610 (Storms ¶2)',
                'Units in the storm area cannot move (turn them face down); units outside cannot move into or through '
                'it',
                "Supply: units on allied's airfields (0506 1007) trace a supply line to a City; an airfield is no "
                'source of supply (Airfields ¶6)',
                'Supply: the Mulberry in 1102 supplies its adjacent hexes and on by road: 0302 0303 0304 0305 0306 '
                '0307 0402 0407 0416 0417 0503 0508 0516 0603 0608 0609 0610 0611 0612 0615 0704 0713 0715 0803 0813 '
                '0814 0903 0914 1001 1002 1013 1101 1103 1113 1201 1213 1313 1413 (Mulberries ¶1; enemy units on the '
                'way are yours to judge)'),
    'actor': 'axis'}]),
 ('initiative tied then won by the axis',
  1,
  'initiative',
  [{'line': 'answer initiative --dice 3,4,4,3',
    'ok': True,
    'message': 'Initiative: allied 7, axis 7 — tied, roll again (Storms ¶4; RULINGS L3)',
    'details': ('initiative: allied then axis: 4d6 = 3+4+4+3 = 14 (typed)',),
    'raised': ('initiative-1',),
    'actor': '',
    'changes': {'world': {'serial': 1}}},
   {'line': 'answer initiative-1 --dice 1,1,6,6',
    'ok': True,
    'message': 'Initiative: allied 2, axis 12 — axis wins and moves first; allied rolls for the storm (Storms ¶4; '
               'RULINGS L3)',
    'details': ('initiative: allied then axis: 4d6 = 1+1+6+6 = 14 (typed)',),
    'actor': 'axis',
    'changes': {'world': {'first': 'axis', 'initiative': (2, 12), 'storm_roller': 'allied'}}}]),
 ('initiative with too few dice',
  1,
  'initiative',
  [{'line': 'answer initiative --dice 6,6',
    'ok': False,
    'message': 'initiative: allied then axis needs 4d6 (4 dice) but only 6, 6 are left of the typed dice'}]),
 ('a Mulberry beside the storm destroyed',
  1,
  'initiative',
  [{'line': 'storm-place 1104',
    'ok': True,
    'message': 'Storm placed in 1104; area 1003 1004 1103 1104 1105 1203 1204 (Storms ¶4)',
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'actor': 'referee',
    'changes': {'world': {'storm': '1104', 'storm_move': 'placed in 1104'}}},
   '>at 1 storm',
   {'line': 'storm 1 1',
    'ok': True,
    'message': 'Storm 1104 → N 1 → 1103; area 1002 1003 1102 1103 1104 1202 1203 (rolled by axis, Storms ¶4)',
    'details': ('storm: direction, distance: 2d6 = 1+1 = 2 (typed)',
                'die 1 = 1: N; die 2 = 1: 1 hex(es) (RULINGS L1)',
                'prompt: mulberry-1102 — Mulberry in 1102 is adjacent to the storm: roll 1d6, destroyed on 1-3'),
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'raised': ('mulberry-1102',),
    'actor': 'axis',
    'changes': {'world': {'storm': '1103', 'storm_move': '1104 → N 1 → 1103', 'storm_turn': 1}}},
   {'line': 'answer mulberry-1102 --dice 2',
    'ok': True,
    'message': 'Mulberry in 1102: rolled 2 — destroyed by the storm (Mulberries ¶3; RULINGS L2)',
    'details': ('Mulberry 1102 beside the storm: 1d6 = 2 = 2 (typed)',),
    'actor': 'allied',
    'changes': {'world': {'mulberries': {'1102': '(gone)'}}}}]),
 ('a Mulberry beside the storm survives',
  1,
  'initiative',
  [{'line': 'storm-place 1104',
    'ok': True,
    'message': 'Storm placed in 1104; area 1003 1004 1103 1104 1105 1203 1204 (Storms ¶4)',
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'actor': 'referee',
    'changes': {'world': {'storm': '1104', 'storm_move': 'placed in 1104'}}},
   '>at 1 storm',
   {'line': 'storm 1 1',
    'ok': True,
    'message': 'Storm 1104 → N 1 → 1103; area 1002 1003 1102 1103 1104 1202 1203 (rolled by axis, Storms ¶4)',
    'details': ('storm: direction, distance: 2d6 = 1+1 = 2 (typed)',
                'die 1 = 1: N; die 2 = 1: 1 hex(es) (RULINGS L1)',
                'prompt: mulberry-1102 — Mulberry in 1102 is adjacent to the storm: roll 1d6, destroyed on 1-3'),
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'raised': ('mulberry-1102',),
    'actor': 'axis',
    'changes': {'world': {'storm': '1103', 'storm_move': '1104 → N 1 → 1103', 'storm_turn': 1}}},
   {'line': 'answer mulberry-1102 --dice 4',
    'ok': True,
    'message': 'Mulberry in 1102: rolled 4 — it survives the storm (Mulberries ¶3; RULINGS L2)',
    'details': ('Mulberry 1102 beside the storm: 1d6 = 4 = 4 (typed)',),
    'actor': 'allied'}]),
 ('a Mulberry beside the storm already gone',
  1,
  'initiative',
  [{'line': 'storm-place 1104',
    'ok': True,
    'message': 'Storm placed in 1104; area 1003 1004 1103 1104 1105 1203 1204 (Storms ¶4)',
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'actor': 'referee',
    'changes': {'world': {'storm': '1104', 'storm_move': 'placed in 1104'}}},
   '>at 1 storm',
   {'line': 'storm 1 1',
    'ok': True,
    'message': 'Storm 1104 → N 1 → 1103; area 1002 1003 1102 1103 1104 1202 1203 (rolled by axis, Storms ¶4)',
    'details': ('storm: direction, distance: 2d6 = 1+1 = 2 (typed)',
                'die 1 = 1: N; die 2 = 1: 1 hex(es) (RULINGS L1)',
                'prompt: mulberry-1102 — Mulberry in 1102 is adjacent to the storm: roll 1d6, destroyed on 1-3'),
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'raised': ('mulberry-1102',),
    'actor': 'axis',
    'changes': {'world': {'storm': '1103', 'storm_move': '1104 → N 1 → 1103', 'storm_turn': 1}}},
   {'line': 'board 10 8', 'ok': True, 'message': 'Board: 10 x 8 hexes, 0100 to 1007; centre 0503', 'actor': 'referee'},
   {'line': 'answer mulberry-1102 --dice 2',
    'ok': True,
    'message': 'Mulberry 1102 is no longer there: the roll (2) changes nothing (Mulberries ¶3; RULINGS L2)',
    'details': ('Mulberry 1102 beside the storm: 1d6 = 2 = 2 (typed)',),
    'actor': 'axis'}]),
 ('movement reminders and the end of combat',
  1,
  'storm',
  [{'line': 'storm 3 2',
    'ok': True,
    'message': 'Storm 1309 → SE 2 → 1510; area 1409 1410 1509 1510 1511 1609 1610 (rolled by axis, Storms ¶4)',
    'details': ('storm: direction, distance: 2d6 = 3+2 = 5 (typed)',
                'die 1 = 3: SE; die 2 = 2: 2 hex(es) (RULINGS L1)'),
    'figures': (('Storm area (hexes)', 7, 'Storms ¶2'),),
    'actor': 'axis',
    'changes': {'world': {'storm': '1510', 'storm_move': '1309 → SE 2 → 1510', 'storm_turn': 1}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · First player turn › Movement',
    'details': ('Storm at 1510: area 1409 1410 1509 1510 1511 1609 1610 (Storms ¶2)',
                'Units in the storm area cannot move (turn them face down); units outside cannot move into or through '
                'it',
                "Supply: units on allied's airfields (0506 1007) trace a supply line to a City; an airfield is no "
                'source of supply (Airfields ¶6)',
                'Supply: the Mulberry in 1102 supplies its adjacent hexes and on by road: 0302 0303 0304 0305 0306 '
                '0307 0402 0407 0416 0417 0503 0508 0516 0603 0608 0609 0610 0611 0612 0615 0704 0713 0715 0803 0813 '
                '0814 0903 0914 1001 1002 1013 1101 1103 1113 1201 1213 1313 1413 (Mulberries ¶1; enemy units on the '
                'way are yours to judge)'),
    'actor': 'axis'},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · First player turn › Combat',
    'details': ('Storm at 1510: a unit retreating into its area (1409 1410 1509 1510 1511 1609 1610) loses an '
                'automatic 1 cv (Storms ¶2)',),
    'actor': 'allied'},
   {'line': 'hit canal 0510',
    'ok': True,
    'message': 'Canal 0510 (Royal Canal): 1 hit in this battle; a second one in the same battle destroys it '
               '(Destruction ¶2; RULINGS L5)',
    'actor': 'allied',
    'changes': {'world': {'battle': {'canal:0510': 1}}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · Second player turn › Movement; Battle over: the single hits on canal 0510 leave nothing '
               '(RULINGS L5)',
    'details': ('Battle over: the single hits on canal 0510 leave nothing (RULINGS L5)',
                'Storm at 1510: area 1409 1410 1509 1510 1511 1609 1610 (Storms ¶2)',
                'Units in the storm area cannot move (turn them face down); units outside cannot move into or through '
                'it',
                "Supply: units on axis's airfields (1808 2212) trace a supply line to a City; an airfield is no source "
                'of supply (Airfields ¶6)'),
    'actor': 'allied',
    'changes': {'world': {'battle': {'canal:0510': '(gone)'}}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 1 · Second player turn › Combat',
    'details': ('Storm at 1510: a unit retreating into its area (1409 1410 1509 1510 1511 1609 1610) loses an '
                'automatic 1 cv (Storms ¶2)',),
    'actor': 'axis'}]),
 ('production and its growth',
  2,
  'produce',
  [{'line': 'produce Portsea navy navy',
    'ok': True,
    'message': 'Portsea (0302): the Navy Factory builds navy with 2 PP this production (Factories ¶3)',
    'figures': (('Navy PP produced', 2, 'Factories ¶3'),),
    'actor': 'allied',
    'changes': {'world': {'produced': ('0302',)}}},
   {'line': 'next',
    'ok': True,
    'message': '→ Turn 2 · Production phase › End of production',
    'details': ('prompt: grow-1103 — Wexham (1103) grows by 1 PP at the end of production: which factory? (required)',
                'prompt: grow-1602 — Calvade (1602) grows by 1 PP at the end of production: which factory? (required)'),
    'raised': ('grow-1103', 'grow-1602'),
    'actor': ''},
   {'line': 'answer grow-1602 air',
    'ok': True,
    'message': 'Calvade (1602): the end-of-production growth (1 PP) goes to its Air Factory, on leaving the segment '
               '(Factories ¶6)',
    'actor': 'axis',  # the city's owner chooses (issue 32, attack 36)
    'changes': {'world': {'growth_to': {'1602': 'air'}}}},
   {'line': 'answer grow-1103 navy',
    'ok': True,
    'message': 'Wexham (1103): the end-of-production growth (1 PP) goes to its Navy Factory, on leaving the segment '
               '(Factories ¶6)',
    'actor': 'allied',
    'changes': {'world': {'growth_to': {'1103': 'navy'}}}}]),
 ('a new turn',
  2,
  'production-end',
  [{'line': 'next --force',
    'ok': True,
    'has': ('skipped: grow-1103 — Wexham (1103) grows by 1 PP at the end of production: which factory? (required)',
            'skipped: grow-1602 — Calvade (1602) grows by 1 PP at the end of production: which factory? (required)',
            'Harlow (0417): +1 PP Army (2 of 2)',
            'New turn: production, exchanges and resources start again (Factories ¶3, ¶7)',
            'prompt: initiative — Initiative: each player rolls two dice (allied first, then axis; e.g. 3,5,2,6); '
            'the higher total wins, ties roll again (required)'),
    'raised': ('initiative',)}])]
"""(title, turn, segment, [step, ...]) as in ``test_logistics_exact_verbs``."""


@pytest.mark.parametrize(("turn", "step", "steps"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_answer_and_segment_gives_exactly_this(turn: int, step: str, steps: list[Any]) -> None:
    replay(turn, step, steps)


def _duties(game: Any) -> list[tuple[str, str, str]]:
    return [(d.text, d.rule, d.state) for d in game.ruleset.duties(game.state, game.segment)]


def test_the_production_duties_on_a_production_turn_factories_p3() -> None:
    game = at(logistics_game(), 2, "produce")
    assert _duties(game) == [
        ("Produced this turn: none yet", "Factories ¶3", "info"),
        ("Cities with factories that may still produce: Portsea, Harlow, Kingsbridge, Ashford, Meven, Calvade, Rouvel, "
         "Brenz, Ostmark", "Factories ¶3", "info")]
    assert game.execute("produce Portsea navy navy").ok and game.execute("exchange Calvade navy army").ok
    assert _duties(game) == [
        ("Produced this turn: Portsea", "Factories ¶3", "done"),
        ("Exchanged a factory (no production there this turn): Calvade", "Factories ¶3", "info"),
        ("Cities with factories that may still produce: Harlow, Kingsbridge, Ashford, Meven, Rouvel, Brenz, Ostmark",
         "Factories ¶3", "info")]


def test_no_production_duty_on_another_turn_and_none_outside_the_production_segment_rulings_l3() -> None:
    assert _duties(at(logistics_game(), 1, "produce")) == [
        ("No production this turn: no city produces or exchanges (RULINGS L3)", "RULINGS L3", "info")]
    assert _duties(logistics_game()) == []
    assert _duties(at(logistics_game(), 2, "production-end")) == []


def test_first_second_and_the_storm_roller_follow_the_initiative_storms_p4() -> None:
    game = logistics_game()
    names = ("first", "second", "loser", "axis", "allied")
    assert [game.ruleset.resolve_side(game.state, n) for n in names] == ["allied", "axis", "axis", "axis", "allied"]
    assert game.execute("answer initiative --dice 1,1,6,6").ok
    assert [game.ruleset.resolve_side(game.state, n) for n in names] == ["axis", "allied", "allied", "axis", "allied"]


def test_the_crossings_and_airfields_views_destruction_p1_airfields_p3() -> None:
    game = logistics_game()
    assert game.ruleset.views["crossings"](game.state) == [
        {"name": "1206-1306", "kind": "bridge", "label": "Pont Neuf", "destroyed": False, "bridge": "1206-1306"},
        {"name": "1209-1310", "kind": "bridge", "label": "Tollbridge", "destroyed": False, "bridge": "1209-1310"},
        {"name": "1213-1313", "kind": "bridge", "label": "Wyre Bridge", "destroyed": False, "bridge": "1213-1313"},
        {"name": "1704", "kind": "canal", "label": "Aure Canal", "destroyed": False, "bridge": ""},
        {"name": "0510", "kind": "canal", "label": "Royal Canal", "destroyed": False, "bridge": ""}]
    assert game.ruleset.views["airfields"](game.state) == [
        {"name": "0506", "kind": "minor", "owner": "allied", "air_units": 1},
        {"name": "1007", "kind": "major", "owner": "allied", "air_units": 2},
        {"name": "1808", "kind": "major", "owner": "axis", "air_units": 2},
        {"name": "2212", "kind": "minor", "owner": "axis", "air_units": 1}]


def test_the_other_views_and_texts_read_the_rule_modules() -> None:
    from tui.rules.logistics import views as V
    from tui.rules.logistics.export import world_to_scenario
    game = logistics_game()
    rs, state, tables = game.ruleset, game.state, game.ruleset.tables
    assert rs.views["ports"](state) == V.city_rows(state, tables)
    assert rs.views["map"](state) == V.map_rows(state, tables)
    toml = world_to_scenario(state.world, ("allied", "axis"))
    assert rs.views["scenario"](state) == [{"name": "scenario", "toml": toml}]
    assert rs.texts["scenario"](state) == toml and rs.texts["map"](state) == V.map_text(state, tables)
    assert rs.markers(state, None) == V.marker_rows(state, tables)
    assert rs.explain(state, "Portsea") == V.explain(state, "Portsea", tables) != []
    assert rs.world_from_scenario({"map": {"columns": 3, "rows": 2}, "turn": {"first_player": "axis"}}, "x.toml").first == "axis"


def test_the_storm_reminder_is_in_the_map_drawing_at_movement_only_storms_p2() -> None:
    game = logistics_game()
    assert game.ruleset.views["map-grid"](game.state)[0]["reminder"] == []
    game = at(game, 1, "movement")
    assert game.ruleset.views["map-grid"](game.state)[0]["reminder"] == [
        "Units in the storm area cannot move (turn them face down); units outside cannot move into or through it"]
