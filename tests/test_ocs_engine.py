"""OCS through the real engine: sequence of play, first player via resolve_side, 19.0a-e commands, fold, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock, reopen
from tui.session import create_game, memory_game


@pytest.fixture(params=["memory", "json"])
def ocs(request: pytest.FixtureRequest, data: Path, tmp_path: Path):
    """A new OCS Western Desert game over the in-memory and the JSON back end (seed 1, fixed clock)."""
    if request.param == "memory":
        return memory_game(data, "ocs", seed=1, clock=fixed_clock)
    return create_game(tmp_path / "ocs.json", data, "ocs", seed=1, clock=fixed_clock)


def goto(game, key: str) -> None:
    """Advance (skipping prompts) until the segment ``key``."""
    for _ in range(200):
        if game.segment.key == key:
            return
        assert game.execute("next --force").ok
    raise AssertionError(f"never reached {key}")


def port(game, name: str):
    return game.state.world.ports[name]


def ok(game, *lines: str) -> None:
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"


# --- sequence of play ----------------------------------------------------------------


def test_sequence_of_play_is_data_with_pre_turn_two_player_turns_and_turn_end(ocs) -> None:
    """Sequence of play: pre-turn (weather, first player), first and second player turns of 8 phases, turn end."""
    seq = ocs.ruleset.sequence
    assert seq.calendar == "number" and ocs.turn_label == "Turn 1"
    assert [s.key for s in seq.segments[:2]] == ["pre-turn/weather", "pre-turn/first-player"]
    phases = list(dict.fromkeys(s.path[1] for s in seq.segments if s.path[0] == "first-turn"))
    assert phases == ["refit", "reinforcement", "movement", "supply", "reaction", "combat", "exploitation", "clean-up"]
    assert [s.path[-1] for s in seq.segments if s.path[:2] == ("first-turn", "movement")] == ["breakout", "move", "air-naval-barrage"]
    assert [s.path[-1] for s in seq.segments if s.path[:2] == ("second-turn", "exploitation")] == ["exploitation-move", "exploitation-barrage", "exploitation-combat"]
    assert all(s.acting == "other" for s in seq.segments if s.path[1:2] == ("reaction",))
    assert seq.segments[-1].key == "turn-end"
    assert {s.side for s in seq.segments} == {"", "first", "second"}


def test_first_player_choice_decides_who_moves_first_via_resolve_side(ocs) -> None:
    """First player determination: the answer's effect sets the first side; resolve_side maps first/second."""
    assert ocs.state.pending_prompt("weather") is not None
    ok(ocs, "answer weather roll", "next")
    r = ocs.execute("next")
    assert not r.ok and r.needs_confirm and "first-player" in r.message  # required
    ok(ocs, "answer first-player allied")
    goto(ocs, "first-turn/movement/move")
    assert ocs.phasing_side == "allied" and ocs.acting_side == "allied"
    goto(ocs, "first-turn/reaction/reaction-move")
    assert ocs.phasing_side == "allied" and ocs.acting_side == "axis"  # the other player reacts
    goto(ocs, "second-turn/refit")
    assert ocs.phasing_side == "axis"
    goto(ocs, "pre-turn/first-player")
    assert ocs.turn_label == "Turn 2" and ocs.state.pending_prompt("first-player") is not None
    ok(ocs, "answer first-player axis", "next")
    assert ocs.segment.key == "first-turn/refit" and ocs.phasing_side == "axis"


def test_the_scenario_names_the_first_player_until_the_prompt_is_answered(ocs) -> None:
    """Default from the scenario ([turn] first_player = "axis"); a skipped prompt keeps it."""
    goto(ocs, "first-turn/refit")
    assert ocs.phasing_side == "axis"
    assert any("skipped: first-player" in d for e in ocs.events for d in e["details"])


# --- 19.0a capacity through the engine ----------------------------------------------------


def test_19_0a_capacity_sharing_example_through_the_engine(ocs) -> None:
    """19.0a: "a port with a 1T capacity could load or unload 1T in a phase, but not both"."""
    ok(ocs, "port add Sollum owner=axis capacity=1T")
    goto(ocs, "first-turn/movement/breakout")
    ok(ocs, "load Sollum 1T")
    before, events = ocs.state, list(ocs.events)
    r = ocs.execute("unload Sollum 1T")
    assert not r.ok and "19.0a" in r.message and "loading and unloading share it" in r.message
    assert ocs.state == before and ocs.events == events
    ok(ocs, "next")  # the movement segment is the same phase: still used
    assert port(ocs, "Sollum").used == 1 and not ocs.execute("unload Sollum 1T").ok


def test_19_0a_capacity_resets_when_each_phase_ends(ocs) -> None:
    """19.0a: capacity is per phase; the reset-port-use effect runs on every phase's exit."""
    goto(ocs, "first-turn/reinforcement")
    ok(ocs, "arrive Tripoli 6")
    assert not ocs.execute("arrive Tripoli 1T").ok
    ok(ocs, "next")
    assert port(ocs, "Tripoli").used == 0 and "freed at Tripoli" in " ".join(ocs.events[-1]["details"])
    ok(ocs, "unload Tripoli 6 SP")
    goto(ocs, "first-turn/supply")
    assert port(ocs, "Tripoli").used == 0


def test_19_0a_arrivals_without_an_alt_roll_count_against_capacity(ocs) -> None:
    """19.0a / 18.5g: arrivals share the phase's capacity with loading and unloading."""
    goto(ocs, "first-turn/movement/move")
    ok(ocs, "arrive Benghazi 2 SP", "load Benghazi 1")
    assert port(ocs, "Benghazi").used == 12
    r = ocs.execute("unload Benghazi 1T")
    assert not r.ok and "0 left" in r.message


def test_19_0a_oversize_unit_example_through_the_engine(ocs) -> None:
    """19.0a ¶2: Bardia (2T) takes one combat unit of TE 1 SP with its whole capacity, then nothing else."""
    goto(ocs, "first-turn/movement/breakout")
    ok(ocs, "unload Bardia 1 --unit")
    b = port(ocs, "Bardia")
    assert b.oversize == 4 and b.used == 2
    assert "oversize unit" in " ".join(ocs.events[-1]["details"])
    markers = ocs.ruleset.markers(ocs.state, ocs.ruleset.sequence)
    assert {"marker": "Oversize Unit", "value": "1 SP", "place": "Bardia", "side": "axis", "expires": "end of this Movement phase (19.0a)"} in markers
    r = ocs.execute("load Bardia 1T")
    assert not r.ok and "oversize" in r.message and "19.0a" in r.message
    goto(ocs, "first-turn/supply")
    assert port(ocs, "Bardia").oversize == 0 and ocs.execute("why Bardia").ok


def test_19_0a_only_the_side_holding_the_port_uses_it(ocs) -> None:
    goto(ocs, "first-turn/movement/breakout")
    r = ocs.execute("unload Tobruk 1")
    assert not r.ok and "held by allied" in r.message
    goto(ocs, "first-turn/reaction/reaction-move")  # the allied player reacts
    ok(ocs, "unload Tobruk 1")
    assert ocs.events[-1]["actor"] == "allied" and ocs.events[-1]["side"] == "axis"


def test_19_0a_shut_down_by_enemy_zoc_and_negation_for_trace_supply_only(ocs) -> None:
    """19.0a: capacity 0 in an enemy ZOC; negated for trace supply only (4.5a); recovers at once."""
    goto(ocs, "first-turn/movement/breakout")
    ok(ocs, "zoc Benghazi on")
    row = next(r for r in ocs.ruleset.views["ports"](ocs.state) if r["name"] == "Benghazi")
    assert row["capacity"] == "0" and row["shut_down"] and row["supply_source"] is False
    assert not ocs.execute("unload Benghazi 1T").ok
    ok(ocs, "negate Benghazi on")
    row = next(r for r in ocs.ruleset.views["ports"](ocs.state) if r["name"] == "Benghazi")
    assert row["capacity"] == "0" and row["supply_capacity"] == "3 SP" and row["supply_source"] is True
    assert not ocs.execute("unload Benghazi 1T").ok
    ok(ocs, "zoc Benghazi off", "unload Benghazi 3")
    assert not port(ocs, "Benghazi").zoc_negated
    assert not ocs.execute("negate Benghazi on").ok  # no ZOC to negate


# --- 19.0b hits --------------------------------------------------------------------------


def test_19_0b_hits_only_in_barrage_segments_and_never_more_than_4(ocs) -> None:
    """19.0b: Barrage vs. Facility hits (barrage segments); at most 4 (RULINGS O1); Tobruk uses its track."""
    goto(ocs, "first-turn/movement/move")
    r = ocs.execute("hit Tobruk")
    assert not r.ok and "not legal" in r.message and "Air and naval barrage segment" in r.message
    goto(ocs, "first-turn/movement/air-naval-barrage")
    ok(ocs, "hit Tobruk 3")
    assert port(ocs, "Tobruk").hits == 3 and ocs.events[-1]["actor"] == "axis"  # the enemy barrages
    ok(ocs, "hit Tobruk 2")
    assert port(ocs, "Tobruk").hits == 4 and "beyond" in " ".join(ocs.events[-1]["details"])
    assert not ocs.execute("hit Tobruk").ok
    row = next(r for r in ocs.ruleset.views["ports"](ocs.state) if r["name"] == "Tobruk")
    assert row["capacity"] == "2T" and row["supply_source"] is False  # its Damage Track keeps 2T, below 1 SP
    ok(ocs, "hit Benghazi 1")
    assert next(r for r in ocs.ruleset.views["ports"](ocs.state) if r["name"] == "Benghazi")["capacity"] == "2 SP 1T"


# --- 19.0c, 19.0d: Movement Phase only, once a turn ---------------------------------------------


@pytest.mark.parametrize("line, rule", [("reduce Tripoli --units", "19.0c"), ("repair Tripoli --engineer", "19.0d"),
                                        ("ship Tripoli Benghazi 1", "19.0f")])
def test_outside_the_movement_phase_refusals_cite_the_rule_and_change_nothing(ocs, line: str, rule: str) -> None:
    """19.0c, 19.0d, 19.0f B (RULINGS O2): Movement Phase only; the refusal cites the rule."""
    ok(ocs, "port edit Tripoli hits=1")
    for key in ("first-turn/reinforcement", "first-turn/supply", "first-turn/exploitation/exploitation-move"):
        goto(ocs, key)
        before, events = ocs.state, list(ocs.events)
        r = ocs.execute(line)
        assert not r.ok and rule in r.message and "Movement phase" in r.message
        assert ocs.state == before and ocs.events == events


def test_19_0c_voluntary_reduction_confirms_the_units_and_once_a_turn(ocs) -> None:
    """19.0c / RULINGS O2: 1 RE of non-moving Combat Mode units or engineers (asked), one hit a turn per port."""
    goto(ocs, "first-turn/movement/breakout")
    ok(ocs, "reduce Benghazi")
    prompt = ocs.state.pending_prompt("reduce-1")
    assert prompt is not None and prompt.kind == "confirm" and prompt.rule == "19.0c" and port(ocs, "Benghazi").hits == 0
    ok(ocs, "answer reduce-1 no")
    assert port(ocs, "Benghazi").hits == 0
    ok(ocs, "reduce Benghazi", "answer reduce-2 yes")
    assert port(ocs, "Benghazi").hits == 1
    r = ocs.execute("reduce Benghazi --engineers")
    assert not r.ok and "19.0c; RULINGS O2" in r.message
    ok(ocs, "reduce Tripoli --engineers")  # another port may
    assert not ocs.execute("reduce Tobruk --units").ok  # not the phasing player's port
    goto(ocs, "second-turn/movement/breakout")  # the allied player's own Movement Phase
    ok(ocs, "reduce Tobruk --units")
    assert port(ocs, "Tobruk").hits == 1
    goto(ocs, "first-turn/movement/breakout")  # turn 2
    ok(ocs, "reduce Benghazi --units")
    assert port(ocs, "Benghazi").hits == 2


def test_19_0d_repair_costs_1_sp_and_at_most_one_hit_per_port_a_turn(ocs) -> None:
    """19.0d / RULINGS O2."""
    ok(ocs, "port edit Tripoli hits=3")
    goto(ocs, "first-turn/movement/move")
    ok(ocs, "repair Tripoli --engineer")
    assert port(ocs, "Tripoli").hits == 2 and "1 SP" in ocs.events[-1]["summary"]
    r = ocs.execute("repair Tripoli --engineer")
    assert not r.ok and "19.0d; RULINGS O2" in r.message
    r = ocs.execute("repair Benghazi --engineer")
    assert not r.ok and "no hits to repair (19.0d)" in r.message
    goto(ocs, "first-turn/movement/breakout")  # next turn
    ok(ocs, "repair Tripoli", "answer repair-1 yes")
    assert port(ocs, "Tripoli").hits == 1


def test_unknown_options_are_refused(ocs) -> None:
    """19.0c: a misspelt confirmation option (--engineer for --engineers) is refused, not ignored."""
    goto(ocs, "first-turn/movement/breakout")
    r = ocs.execute("reduce Tripoli --engineer")
    assert not r.ok and "no option --engineer" in r.message


# --- fold, refusals, views -------------------------------------------------------------------


def test_state_equals_a_fold_of_the_events_after_a_mixed_session(ocs, data) -> None:
    """The fold test over 19.0a-f commands, prompts, phase changes and undo: replay == state (and after a restart)."""
    for line in ["answer weather roll", "next", "answer first-player axis", "next", "next", "arrive Tripoli 2",
                 "next", "unload Bardia 1 --unit", "ship Tripoli Benghazi 1 SP", "ship Benghazi Derna 3T --unit",
                 "answer ship-1 yes", "reduce Derna", "answer reduce-2 yes", "undo", "answer reduce-2 no",
                 "zoc Tobruk on", "negate Tobruk", "roll 1d6", "next", "next", "hit Tobruk 2", "next",
                 "port edit Derna supply=yes", "capture Derna allied", "allowance allied 5"]:
        assert ocs.execute(line).ok, line
    assert ocs.replay() == ocs.state
    if getattr(ocs.store, "path", None) is not None:  # the JSON back end: a restart gives the same state
        assert reopen(ocs, data).state == ocs.state


@pytest.mark.parametrize(
    "line, fragment",
    [
        ("load Atlantis 1", "no port called"),
        ("load Tripoli", "the cargo?"),
        ("load Tripoli 1.3", "whole Tokens"),
        ("load Tripoli 7", "exceeds"),
        ("load Tobruk 1", "held by allied"),
        ("ship Tripoli Tripoli 1", "port to port"),
        ("ship Tripoli Benghazi 9", "Sea Cap left"),
        ("reduce Tripoli extra", "too many"),
        ("zoc Tripoli maybe", "on or off"),
        ("capture Tripoli axis", "already held"),
        ("allowance nobody 3", "not a side"),
        ("port add Tripoli owner=axis capacity=1", "already a port"),
        ("port edit Tripoli capacity=huge", "capacity"),
        ("port edit Tobruk capacity=9", "first box"),
        ("port edit Tripoli hits=5", "0 to 4"),
        ("port add Sollum owner=axis", "capacity="),
    ],
)
def test_refusals_change_nothing_and_say_why(ocs, line: str, fragment: str) -> None:
    """19.0a-f refusals: nothing changes, no event, no write."""
    goto(ocs, "first-turn/movement/breakout")
    before, events, revision = ocs.state, list(ocs.events), ocs.store.revision
    r = ocs.execute(line)
    assert not r.ok and fragment in r.message, r.message
    assert ocs.state == before and ocs.events == events and ocs.store.revision == revision


def test_ports_view_columns_and_why(ocs) -> None:
    """The Ports mode and `show` render ruleset.views/columns; every figure explains itself with 19.0 rules."""
    keys = [c.key for c in ocs.ruleset.columns["ports"]]
    assert keys[:6] == ["name", "owner", "capacity", "used", "capacity_left", "hits"]
    rows = ocs.ruleset.views["ports"](ocs.state)
    assert {r["name"] for r in rows} == {"Tripoli", "Benghazi", "Derna", "Bardia", "Tobruk", "Mersa Matruh", "Alexandria"}
    assert all(k in rows[0] for k in keys)
    r = ocs.execute("why Mersa")
    assert r.ok and any(e.name == "capacity" and e.value == "1 SP 2T" for e in r.explanations)
    assert ocs.execute("why sea cap").ok and ocs.execute("why allied").ok
    assert not ocs.execute("why Atlantis").ok


def test_cli_new_and_show_ports(tmp_path: Path) -> None:
    """`harbormaster new PATH --ruleset ocs` and `harbormaster show PATH ports [--json]` work."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "HARBORMASTER_HOME": str(tmp_path)}
    save = tmp_path / "x.json"
    run = lambda *a: subprocess.run([sys.executable, "-m", "tui.cli", *a], env=env, capture_output=True, text=True, cwd=tmp_path)  # noqa: E731
    made = run("new", str(save), "--ruleset", "ocs")
    assert made.returncode == 0 and "(ocs)" in made.stdout, made.stderr
    shown = run("show", str(save), "ports")
    assert shown.returncode == 0 and "Mersa Matruh" in shown.stdout and "1 SP 2T" in shown.stdout
    data = json.loads(run("show", str(save), "ports", "--json").stdout)
    tobruk = next(p for p in data["ports"] if p["name"] == "Tobruk")
    assert tobruk["capacity"] == "4 SP" and "capacity" in tobruk["explanations"]
