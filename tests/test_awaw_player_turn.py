"""A whole AWAW player turn of the bundled scenario through the engine, segment by segment (21.2-21.7; issue 9 "Done
means"): every segment is entered with `next` (no --force), each asks exactly what it needs, and one naval activity of
each kind is carried out where the sequence allows it. What each step leaves in the world is checked as it happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import create_game, open_game


@pytest.fixture
def game(tmp_path: Path):
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def ok(game, line: str) -> str:
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r.message


def step(game, key: str) -> None:
    """`next` without force, arriving in segment ``key``: nothing required was left unanswered."""
    ok(game, "next")
    assert game.segment.key == key, game.segment.key


def pending(game) -> list[str]:
    return [p.id for p in game.state.flow.pending]


def test_21_a_whole_axis_player_turn_of_the_bundled_scenario(game, tmp_path: Path) -> None:
    units = lambda: game.state.world.units  # noqa: E731
    assert pending(game) == ["first"]
    ok(game, "answer first axis")  # initiative: the Axis take the first player turn
    step(game, "first-turn/movement/air-staging")
    step(game, "first-turn/movement/naval-movement")
    # 21.41: a patrol walks 21.416 A-M by prompts; the segment cannot end while one is open.
    assert "21.416" in ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    assert pending(game) == ["patrol-1-route"] and not game.execute("next").ok
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    ok(game, "answer patrol-1-hex 'no interception'")
    assert units()["RM-CA-Messina"].at_sea == "patrol" and pending(game) == []
    # 21.22: a base change in the same segment (21.414B).
    assert "not inverted (21.224)" in ok(game, "rebase Naples RM-DD-Taranto --distance 5")
    assert units()["RM-DD-Taranto"].base == "Naples"
    step(game, "first-turn/movement/harbor-attacks")
    refused = game.execute("harbor germany Malta")  # 21.442: no research result, and the initial attack is spent
    assert not refused.ok and "21.442" in refused.message
    step(game, "first-turn/movement/sea-transport")
    assert "needs 3 destroyer factors" in ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    assert units()["RM-DD-Naples"].inverted and game.state.world.ops["transported"] == ["Pavia"]
    step(game, "first-turn/movement/ground-movement")
    step(game, "first-turn/movement/initial-supply")
    assert "1 oil counter(s) shipped by sea" in ok(game, "ship-oil italy 1 --by RM-DD-Brindisi,RM-DD-Taranto")
    step(game, "first-turn/combat/naval-missions")
    # 21.51: an invasion asks 21.514E before it sails; 21.52 bombardment; 21.53 raiders, all announced together.
    ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina --distance 8')
    assert pending(game) == ["invade-4"] and not game.execute("next").ok
    assert "invasion-4: invasion of Malta" in ok(game, "answer invade-4 yes")  # one id from the announcement (issue 20)
    assert "adds 2 combat factors" in ok(game, "bombard invasion-4 --by Littorio,VittorioVeneto --distance 8")
    assert "raid-6: raider group 1 in the Atlantic SW box" in ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert "2 defending ships may engage (21.5341)" in ok(game, "raid-engage raid-6 --result 2")
    step(game, "first-turn/combat/regular-combat")
    assert "a bridgehead counter may be placed (21.517I)" in ok(game, "invasion-result invasion-5 landed")  # the id an earlier version gave it still resolves
    step(game, "first-turn/combat/return-to-base")
    # 21.4183, 21.555E: patrols and missions at sea are back, inverted, before exploitation.
    assert not units()["RM-CA-Messina"].at_sea and units()["RM-CA-Messina"].inverted
    step(game, "first-turn/combat/exploitation")
    step(game, "first-turn/combat/post-combat-supply")
    step(game, "first-turn/redeployment/naval-redeployment")
    ok(game, "nr Naples Littorio --distance 10")  # 21.32: a unit that bombarded may still be NRed
    assert units()["Littorio"].base == "Naples"
    step(game, "first-turn/redeployment/overstacking")
    step(game, "first-turn/end-player-turn/construction")
    step(game, "first-turn/end-player-turn/uninversion")
    # RULINGS A4: the referee types the allowance, then uninverts within it.
    ok(game, "allowance italy 6")
    ok(game, "uninvert RM-DD-Naples")
    assert not units()["RM-DD-Naples"].inverted
    step(game, "second-turn/movement/air-staging")
    # The whole turn replays from the log to the same state.
    game.close()
    again = open_game(tmp_path / "awaw.json", data_dir())
    assert again.verify() is None and again.segment.key == "second-turn/movement/air-staging"
    again.close()


def test_21_516_an_invasion_without_a_recorded_outcome_is_a_duty_of_regular_combat(game) -> None:
    """21.516-21.518: the checklist reminds the referee of an announced invasion until its outcome is recorded."""
    ok(game, "answer first axis")
    while game.segment.key != "first-turn/combat/naval-missions":
        ok(game, "next --force")
    ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina --distance 8')
    ok(game, "answer invade-1 yes")
    mid = next(k for k, m in game.state.world.ops["missions"].items() if m.get("kind") == "invasion")
    duties = game.ruleset.duties(game.state, game.segment)
    assert [(d.text, d.state) for d in duties if "invasions" in d.text] == [
        (f"Seaborne invasions without a recorded outcome: {mid} (Malta)", "info")]
    step(game, "first-turn/combat/regular-combat")
    [duty] = [d for d in game.ruleset.duties(game.state, game.segment) if "invasions" in d.text]
    assert (duty.state, duty.rule, duty.detail) == ("due", "21.516-21.518", "invasion-result ID landed|repulsed|defeated-at-sea|aborted")
    ok(game, f"invasion-result {mid} repulsed")
    assert not [d for d in game.ruleset.duties(game.state, game.segment) if "invasions" in d.text]
