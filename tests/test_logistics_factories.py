"""Seed 002: Factories ¶1-¶7, the optional building rules, RULINGS L4 (the seed's examples as tests).

Channel Coast cities used: Portsea 0302 (3 PP, coastal: Navy 2, Air 1), Dunmore
0704 (1 PP, coastal: Navy 0), Wexham 1103 (1 PP, coastal, no factory),
Kingsbridge 0608 (2 PP: Army 2), Ashford 0914 (2 PP: Air 1), Calvade 1602
(3 PP, coastal: Navy 1, Air 1), Rouvel 1909 (3 PP: Army 2, Air 1).
"""

from __future__ import annotations

from logistics_game import PRODUCTION_TURN, at, logistics_game, ok, refused, world


def production():
    return at(logistics_game(), PRODUCTION_TURN, "produce")


def test_factories_p1_p2_only_in_cities_total_at_most_the_size_navy_coastal() -> None:
    game = logistics_game()
    refused(game, "factory Ferrin air 1", "not a city")
    refused(game, "factory Kingsbridge air 1", "at most 2 pp, not 3")
    refused(game, "factory Ashford navy 1", "not coastal")
    ok(game, "factory Ashford army 1")  # 1 Air + 1 Army in a 2 PP city
    assert world(game).factories["0914"] == {"air": 1, "army": 1}
    ok(game, "factory Portsea navy remove")
    assert world(game).factories["0302"] == {"air": 1}


def test_factories_p2_the_seeds_3pp_city_example() -> None:
    """'A 3PP City could have a 3PP Air Factory, or a 2PP Air Factory and a 1PP Army Factory.'"""
    game = logistics_game()
    ok(game, "factory Rouvel army remove")
    ok(game, "factory Rouvel air 3")
    ok(game, "factory Rouvel air 2")
    ok(game, "factory Rouvel army 1")
    assert world(game).factories["1909"] == {"air": 2, "army": 1}


def test_factories_p3_a_factory_builds_only_like_units() -> None:
    game = production()
    ok(game, "produce Portsea navy navy")
    refused(game, "produce Kingsbridge army air", "builds only army")
    refused(game, "produce Ashford army army", "no army factory")


def test_factories_p3_exchange_for_a_0pp_factory_only_without_production() -> None:
    game = production()
    ok(game, "produce Portsea navy navy")
    refused(game, "exchange Portsea navy army", "produced this turn")
    result = ok(game, "exchange Kingsbridge army air")  # 'a 1PP Naval Factory can be exchanged for a 0PP Air Factory'
    assert world(game).factories["0608"] == {"air": 0}
    assert "0 PP" in result.message
    refused(game, "produce Kingsbridge air air", "exchanged a factory")
    refused(game, "exchange Ashford air air", "different type")


def test_factories_p3_exchange_in_a_turn_without_production() -> None:
    game = at(logistics_game(), 1, "produce")
    ok(game, "exchange Dunmore navy air")
    assert world(game).factories["0704"] == {"air": 0}


def test_factories_p4_intrinsic_defence_fires_last() -> None:
    game = logistics_game()
    defence = next(f for f in game.ruleset.explain(game.state, "Rouvel") if f.name == "Intrinsic defence")
    assert defence.value == "1-1-1" and "fires last" in defence.notes[0]


def test_factories_p5_hits_take_pp_steps_never_the_0pp_step() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit factory Rouvel army")
    assert world(game).factories["1909"]["army"] == 1
    result = ok(game, "hit factory Rouvel army 3")
    assert world(game).factories["1909"]["army"] == 0
    assert "0 PP step cannot be eliminated" in result.message
    ok(game, "hit factory Dunmore navy")
    assert world(game).factories["0704"] == {"navy": 0}


def test_factories_p5_captured_at_current_strength() -> None:
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit factory Rouvel army")
    result = ok(game, "capture Rouvel allied")
    assert world(game).control("1909") == "allied"
    assert world(game).factories["1909"] == {"army": 1, "air": 1}
    assert any("current strength" in d for d in result.details)


def test_factories_p6_growth_happens_on_leaving_end_of_production_issue21_3() -> None:
    """Factories ¶6, issue 21 point 3: the +1 PP is automatic, not a yes/no question. On entering End of production
    only the cities with a choice of factory are asked which one grows (required: `next` waits for them); leaving the
    segment grows every city below its maximum, reported in that `next`'s lines."""
    game = at(logistics_game(), PRODUCTION_TURN, "production-end")
    assert sorted(p.id for p in game.state.flow.pending) == ["grow-1103", "grow-1602"]  # Wexham (no factory), Calvade (two)
    refused(game, "answer growth no", "no pending")
    assert world(game).factories["0914"] == {"air": 1}  # nothing grows before the end of the phase
    refused(game, "next", "grow-1103", "grow-1602", "--force")
    ok(game, "answer grow-1602 air")
    refused(game, "answer grow-1103 navy2", "choose one of")
    ok(game, "answer grow-1103 navy")
    assert world(game).factories["1602"] == {"navy": 1, "air": 1}  # chosen, applied on leaving
    result = ok(game, "next")
    w = world(game)
    assert w.factories["0914"] == {"air": 2}  # Ashford 1 -> 2 of 2
    assert w.factories["0704"] == {"navy": 1}  # Dunmore's 0 PP Navy -> 1
    assert w.factories["0417"] == {"army": 2}  # Harlow
    assert w.factories["0608"] == {"army": 2}  # Kingsbridge is at its maximum
    assert w.factories["1602"] == {"navy": 1, "air": 2}
    assert w.factories["1103"] == {"navy": 1}
    assert any(d.startswith("End of production:") and "Factories ¶6" in d for d in result.details), result.details
    assert "Ashford (0914): +1 PP Air (2 of 2)" in result.details and not any(d.startswith("skipped:") for d in result.details)
    # DESIGN "Prompts and effects": what the app did on its own is in that event's summary (the Log, the briefings)
    assert "End of production: 6 city(ies) below the maximum grew by 1 PP (Factories ¶6)" in result.message
    assert game.events[-1]["summary"] == result.message and result.message.startswith("→ Turn 3 · Initiative")


def test_factories_p6_the_choice_skipped_only_with_force_and_logged_issue21_3() -> None:
    """Factories ¶6, issue 21 point 3: `next --force` skips the unanswered choices, recorded; those cities do not grow
    (said so), every other city below its maximum still does."""
    game = at(logistics_game(), PRODUCTION_TURN, "production-end")
    ok(game, "answer grow-1602 navy")
    result = ok(game, "next --force")
    w = world(game)
    assert any(d.startswith("skipped: grow-1103 ") and d.endswith("(required)") for d in result.details)
    assert w.factories.get("1103", {}) == {}  # Wexham: no factory chosen, no growth
    assert any(d.startswith("Wexham") and "no growth" in d and "skipped" in d for d in result.details), result.details
    assert "End of production: 5 city(ies) below the maximum grew by 1 PP, 1 did not (no factory chosen)" in result.message
    assert w.factories["1602"] == {"navy": 2, "air": 1} and w.factories["0914"] == {"air": 2}
    assert not game.state.flow.pending or all(not p.id.startswith("grow-") for p in game.state.flow.pending)


def test_factories_p6_example_a_2pp_factory_reduced_to_1_rebuilds_to_2() -> None:
    """'A 2PP city can support a 2PP Factory. If the Factory is reduced to 1PP, it rebuilds to 2PP on the next Production.'"""
    game = at(logistics_game(), 1, "combat")
    ok(game, "hit factory Kingsbridge army")
    assert world(game).factories["0608"] == {"army": 1}
    at(game, PRODUCTION_TURN, "production-end")
    ok(game, "answer grow-1602 air")
    ok(game, "answer grow-1103 navy")
    ok(game, "next")
    assert world(game).factories["0608"] == {"army": 2}


def test_factories_p6_no_growth_outside_production_turns() -> None:
    game = at(logistics_game(), 1, "production-end")
    assert not game.state.flow.pending
    result = ok(game, "next")
    assert world(game).factories["0914"] == {"air": 1}
    assert not any("grew" in d or "+1 PP" in d for d in result.details)


def test_factories_p7_l4_the_seeds_resource_example() -> None:
    """'Given 2PP Air and 1PP Naval in a 3PP City, a Resource 2PP converts to an additional 4PP Air and 1PP Naval.'

    RULINGS L4: the city produces 4 PP Air (2 + the 2 PP resource) and 1 PP Naval that turn.
    """
    game = production()
    ok(game, "factory Calvade air 2")  # Calvade: 2 PP Air + 1 PP Naval, a 3 PP city
    result = ok(game, "resource Calvade 2 air")
    figures = {e.name: e.value for e in result.explanations}
    assert figures == {"Air PP produced": 4, "Navy PP produced": 1}
    refused(game, "resource Calvade 1 navy", "one factory type per city")
    ok(game, "resource Calvade 1 air")  # more resources go to the same type
    assert next(f for f in game.ruleset.explain(game.state, "Calvade") if f.name == "Air PP produced").value == 5
    refused(game, "resource Kingsbridge 2 air", "no air factory")


def test_optional_building_rules_are_switches_in_the_settings() -> None:
    game = production()
    refused(game, "produce Portsea navy marine", "marine-building")
    ok(game, "optional marine-building on")
    assert game.state.settings["marine-building"] == "on"
    ok(game, "produce Portsea navy marine")
    refused(game, "produce Kingsbridge army engineer", "engineer-building")
    ok(game, "optional engineer-building on")
    ok(game, "produce Kingsbridge army engineer")
    refused(game, "produce Ashford air airborne", "airborne-building")
    ok(game, "optional airborne-building on")
    ok(game, "produce Ashford air airborne")
    refused(game, "optional airborne-building on", "already on")


def test_factories_view_says_what_production_adds() -> None:
    game = production()
    rows = {r["name"]: r for r in game.ruleset.views["ports"](game.state)}
    assert (rows["Ashford"]["growth"], rows["Kingsbridge"]["growth"], rows["Wexham"]["growth"]) == (1, 0, 1)
    assert rows["Rouvel"]["produces"] == "1 air, 2 army"
    assert len(rows) == 12
