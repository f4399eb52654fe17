"""AWAW interception legality (seed 004; issue 20, "Missing", interception): American units of the Atlantic SW box before
the U.S. is at war with Germany (21.14E), the front of an activity to or from a two-front port (21.1324), raiders on
their way to an SW box (21.533D)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_1324_example_a_base_change_from_britain_to_gibraltar_is_intercepted_on_the_western_front_only(game) -> None:
    """Western Allied units changing base from Britain to Gibraltar: Axis units based on the western front may
    intercept, those on the Mediterranean front may not."""
    to(game, "second-turn/movement/naval-movement")
    refused(game, "intercept U19 RM-DD-Naples --distance 5 --front western", "21.1324")
    ok(game, "intercept U19 KM-DD-Norway --distance 20 --front western")


def test_21_1324_a_two_front_port_counts_on_the_front_of_the_activity(game) -> None:
    """German units from Kiel operating on the western front: British western front units intercept; Gibraltar, a
    two-front port, counts on either front; a typed front must be one of the game's."""
    to(game, "first-turn/movement/naval-movement")
    refused(game, "intercept J28 RN-DD-Rosyth --distance 5 --front atlantic", "not a front")
    refused(game, "intercept J28 Penelope --distance 5 --front western", "21.1324")
    ok(game, "intercept J28 RN-DD-Rosyth --distance 5 --front western")
    ok(game, "intercept Y20 RN-DD-ForceH --distance 13 --front mediterranean")


def test_21_14E_american_units_in_the_atlantic_sw_box_intercept_only_at_war_with_germany(game) -> None:
    """Before the U.S. is at war with Germany, American naval units in the Atlantic SW box may not interfere with Axis
    naval activity (the referee's `control` and `build` place one there: the bundled scenario has none)."""
    to(game, "first-turn/movement/naval-movement")
    ok(game, 'control "Atlantic SW" usa')
    ok(game, 'build USN-CA-SW usa cruiser 2 "Atlantic SW" --fast')
    to(game, "first-turn/movement/sea-transport")
    refused(game, "intercept Y22 USN-CA-SW --distance 5", "21.14E")
    ok(game, "intercept Y22 USN-CA-SW --distance 5 --us-war")


def _raids(game) -> tuple[str, str]:
    """A German cruiser raids from Scapa Flow (the referee's `control`, `build`, `allowance` and `uninvert` put one there:
    the bundled scenario has no German ship in Bergen or Scapa Flow) and Tirpitz and Hipper from Trondheim, in the next
    Axis player turn."""
    ok(game, 'control "Scapa Flow" germany')
    ok(game, 'build KM-Scapa germany cruiser-2 2 "Scapa Flow" --fast')
    to(game, "first-turn/end-player-turn/uninversion")
    ok(game, "allowance germany 2")
    ok(game, "uninvert KM-Scapa")
    to(game, "second-turn/movement/naval-movement")
    to(game, "first-turn/combat/naval-missions")
    direct = ok(game, 'raid "Atlantic SW" --by KM-Scapa').message.split(":")[0]
    norway = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    return direct, norway


def test_21_533D_raiders_from_scapa_flow_or_bergen_are_not_intercepted_on_the_board(game) -> None:
    direct, _ = _raids(game)
    refused(game, f"intercept C26 KGV --distance 3 --target {direct} --favourable",
            "not subject to on-board interception (21.533D)")


def test_21_533D_other_raiders_on_the_board_only_with_a_favourable_modifier(game) -> None:
    _, norway = _raids(game)
    refused(game, f"intercept C26 KGV --distance 3 --target {norway}", "--favourable (21.533D)")
    refused(game, "intercept C26 KGV --distance 3 --target raid-99", "no mission called 'raid-99'")
    ok(game, f"intercept C26 KGV --distance 3 --target {norway} --favourable")


# --- 21.232 displaced units, 21.2111 straits, 21.5342F raid defenders -------------------------------------------


def _displaced_allies(game) -> None:
    """The Axis take Gibraltar in their movement phase; Malaya, Eagle and Furious are displaced to Malta."""
    to(game, "first-turn/movement/ground-movement")
    ok(game, "control Gibraltar germany")
    ok(game, "displace Gibraltar Malta Malaya Eagle Furious --distance 14 --front mediterranean")


def test_21_232A_D_displaced_units_are_intercepted_by_their_enemy_whoever_moves(game) -> None:
    """21.232A: displaced units on their way may be intercepted by eligible enemy naval units: the phasing Axis
    intercept displaced Allied units; the Allies may not join in against their own units; the units named must be
    displaced ones (inverted, 21.233)."""
    _displaced_allies(game)
    refused(game, "intercept Y20 RM-DD-Naples --distance 5", "only displaced units")
    refused(game, "intercept Y20 RM-DD-Naples --distance 5 --displaced KGV", "not displaced units on their way")
    refused(game, "intercept Y20 RN-DD-Rosyth --distance 5 --displaced Malaya", "not axis units")
    r = ok(game, "intercept Y20 RM-DD-Naples --distance 5 --displaced Malaya,Eagle")
    assert "intercept in Y20" in r.message and game.state.world.units["RM-DD-Naples"].intercepts == 1


def test_21_232D_displaced_units_may_be_intercepted_again_along_the_route(game) -> None:
    """21.232D: after one engagement the displaced units go on and additional enemy forces may intercept them: each
    engaged answer raises a further prompt for the next one."""
    _displaced_allies(game)
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("displace-"))
    r = ok(game, f"answer {pid} 'engaged, fought through'")
    again = f"{pid}-2"
    assert again in r.message and "--displaced Malaya,Eagle,Furious" in r.message
    assert any(p.id == again and p.rule == "21.232D" for p in game.state.flow.pending)
    r = ok(game, f"answer {again} 'withdrew together'")
    assert f"{pid}-3" in r.message and "21.232D" in r.message
    ok(game, f"answer {pid}-3 'not engaged'")
    assert not any(p.id.startswith(pid) for p in game.state.flow.pending)


def test_21_2111_a_closed_strait_is_entered_to_intercept_on_one_side_only(game) -> None:
    """21.2111: interceptors may enter a prohibited strait to intercept on their own side of it (a closed strait in
    --straits is refused, --in-strait is not), and a force on one side may not intercept on the other."""
    ok(game, "control AA7 germany")  # before the movement phase: control at its start counts (21.211)
    to(game, "first-turn/movement/naval-movement")
    refused(game, "intercept AA7 RN-DD-ForceH --distance 1 --straits Gibraltar", "closed")
    refused(game, "intercept AA7 RN-DD-ForceH --distance 1 --in-strait Gibraltar", "NAME=SIDE")
    r = ok(game, "intercept AA7 RN-DD-ForceH --distance 1 --straits Gibraltar --in-strait Gibraltar=mediterranean")
    check = next(c for c in r.explanations if c.rule == "21.2111")
    assert "mediterranean side" in check.name and "closed" in str(check.terms[0].value)
    assert game.state.world.ops["strait_sides"]["RN-DD-ForceH"] == "B=mediterranean"


def test_21_2111_a_patrol_intercepting_on_one_side_of_a_strait_may_not_on_the_other() -> None:
    """21.2111 (patrols in straits): the check reads the side each unit intercepted on this player turn."""
    from tests.awaw_core_fixtures import tables
    from tui.rules.awaw import interception as I
    from tui.rules.awaw.straits import find_strait
    from tui.rules.awaw.units import NavalUnit
    from tui.rules.awaw.world import AwawWorld

    t = tables()
    sub = NavalUnit("U-Med", "U-boats", "germany", "germany", "submarine", 2, base="La Spezia", at_sea="patrol")
    world = AwawWorld(bases={}, units={sub.id: sub})
    gib = find_strait("Gibraltar", t)
    I.check_strait_side(world, [sub], gib, "mediterranean", "axis", {"U-Med": "B=mediterranean"}, t)
    with pytest.raises(Exception, match="both sides of a strait"):
        I.check_strait_side(world, [sub], gib, "atlantic", "axis", {"U-Med": "B=mediterranean"}, t)


def test_21_5342F_the_raiding_side_does_not_intercept_defenders_moving_to_an_sw_box(game) -> None:
    """21.5342F: naval units engaging raiders are not intercepted by enemy naval units on their way: in the raiding
    side's player turn its units may not intercept (only the displaced-units exception of 21.232 lets it)."""
    _raids(game)
    refused(game, "intercept C26 KM-DD-Norway --distance 3", "non-phasing side")
