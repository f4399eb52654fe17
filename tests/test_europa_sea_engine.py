"""Rule 33 and 31.A.8-31.B through the engine: the phase machine's prompts and expiries, checks, replay, refusals, old saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import fixed_clock, guided
from tui.paths import data_dir
from tui.session import create_game, memory_game, open_game

NEW_VERBS = ("condition", "malta", "check", "batch", "interfere", "interdict", "result", "air", "supply-line", "route",
             "mulberry", "beach", "land", "jetty", "transit")


@pytest.fixture
def game():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def to(game, key: str) -> None:
    """Advance (skipping prompts) until the segment ``key``."""
    for _ in range(40):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def pending(game) -> list[str]:
    return [p.id for p in game.state.flow.pending]


def refused(game, line: str, fragment: str) -> None:
    before, events, revision = game.state, list(game.events), game.store.revision
    r = game.execute(line)
    assert not r.ok and fragment in r.message, r.message
    assert game.state == before and game.events == events and game.store.revision == revision


# --- Italian naval interference (33.B.2.b) ----------------------------------------------------------


def test_33B2b_interference_prompt_only_in_the_allied_initial_phase(game) -> None:
    assert "interference:eastern" not in pending(game)  # Axis initial phase
    for key in ("axis-turn/initial/initial-movement", "axis-turn/reinforcement", "allied-turn/initial/initial-naval"):
        to(game, key)
        assert ("interference:eastern" in pending(game)) == (key == "allied-turn/initial/initial-naval"), key
    assert "interference:red-sea" not in pending(game)  # Massaua has been Allied-owned (reading of 33.B.8.b)
    to(game, "allied-turn/initial/initial-movement")
    assert "interference:eastern" not in pending(game)


def test_33B2b_result_applies_to_the_allied_nsn_and_expires_at_the_end_of_the_allied_turn(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    r = ok(game, "result interference:eastern S*")
    assert "S* Great Success" in r.message and "interference:eastern" not in pending(game)
    zones = {(z["zone_id"], z["side"]): z for z in game.ruleset.views["zones"](game.state)}
    assert zones[("eastern-med", "allied")]["nsn"] == 12 and zones[("aegean", "allied")]["nsn"] == 12
    assert "Italian interference S*" in zones[("eastern-med", "allied")]["markers"]
    assert any(m["marker"] == "Italian Naval Interference" for m in game.ruleset.markers(game.state, game.ruleset.sequence))
    to(game, "allied-turn/reinforcement")
    assert game.state.world.sea.active == {"eastern": "S*"}
    ok(game, "next")  # the end of the Allied player turn
    assert game.state.world.sea.active == {} and game.turn_label == "Jan II 1943"
    assert any("interference results of this Allied player turn end" in d for d in game.events[-1]["details"])
    zones = {(z["zone_id"], z["side"]): z for z in game.ruleset.views["zones"](game.state)}
    assert zones[("eastern-med", "allied")]["nsn"] == 0
    assert [(h["result"], h["turn"]) for h in game.ruleset.views["interference"](game.state)] == [("S*", "Jan I 1943")]


def test_33B2b_rolled_with_the_history_modifier_and_vps(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "result interference:eastern D")
    assert game.state.world.sea.vps == {"allied": 6}
    to(game, "allied-turn/reinforcement")
    ok(game, "next")
    to(game, "allied-turn/initial/initial-naval")  # next turn: -2 for the earlier Disaster
    r = ok(game, "answer interference:eastern roll")
    assert "-2" in " ".join(r.details)
    refused(game, "interfere eastern roll", "already attempted this turn")


def test_33B2b_attempt_refused_outside_an_allied_initial_phase(game) -> None:
    refused(game, "interfere eastern roll", "is not legal in Axis player turn › Initial phase › Naval movement (33.B.2.b, 33.B.7.a, 33.B.8.b). It is legal in Allied player turn › Initial phase")


def test_33B2b_decline(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    r = ok(game, "answer interference:eastern decline")
    assert "no Italian naval interference attempt" in r.message
    assert [(h.area, h.result) for h in game.state.world.sea.interference] == [("eastern", "declined")]


# --- South Aegean interdiction zone (33.B.7) ---------------------------------------------------------------


def test_33B7_offered_only_when_a_to_d_hold_and_its_marker_expires_by_itself(game) -> None:
    to(game, "allied-turn/initial/initial-naval")
    assert "interdiction-zone" not in pending(game)  # a) no Crete port is Allied-owned
    to(game, "allied-turn/exploitation/exploitation-movement")
    ok(game, "capture 'Crete ports' allied")
    to(game, "allied-turn/reinforcement")
    ok(game, "next")
    to(game, "allied-turn/initial/initial-naval")
    assert "interdiction-zone" in pending(game)
    ok(game, "answer interdiction-zone tight")
    marker = [m for m in game.ruleset.markers(game.state, game.ruleset.sequence) if m["marker"] == "Naval Interdiction Zone"]
    assert marker and marker[0]["value"] == "tight" and "next Allied initial phase" in marker[0]["expires"]
    to(game, "axis-turn/initial/initial-combat")
    ok(game, "interdict bomb 2")
    zones = {(z["zone_id"], z["side"]): z for z in game.ruleset.views["zones"](game.state)}
    assert zones[("south-aegean-iz", "axis")]["nsn"] == 10 and zones[("eastern-med", "axis")]["status"] == "barred"
    to(game, "allied-turn/initial/initial-naval")  # expires by itself; a new one may be declared
    assert game.state.world.sea.iz is None
    assert any("interdiction zone ends" in d for d in game.events[-1]["details"])
    assert "interdiction-zone" in pending(game)


def test_33B7_declare_refused_in_the_axis_turn(game) -> None:
    ok(game, "capture 'Crete ports' allied")
    refused(game, "interdict tight", "only during an Allied initial phase")


# --- Mulberries (31.A.12) --------------------------------------------------------------------------------


def test_31A12_emplacement_prompted_at_the_next_allied_initial_phase(game) -> None:
    ok(game, "answer sea-state calm")
    ok(game, "mulberry available 'Mulberry A'")
    ok(game, "beach add Anzio allied hex=Anzio zone=Tyrrhenian")
    refused(game, "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1", "Allied naval movement step")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "mulberry arrive 'Mulberry A' Anzio mps=23")
    assert "mulberry-emplacement" not in pending(game)
    to(game, "allied-turn/initial/initial-naval")  # next turn
    assert "mulberry-emplacement" in pending(game)
    ok(game, "answer mulberry-emplacement clear")
    assert "emplace:mulberry-a" in pending(game)
    prompt = game.state.pending_prompt("emplace:mulberry-a")
    assert "1d6+0" in prompt.text and prompt.required  # calm 0, 23 MPs -2, no enemy +1 +1
    r = ok(game, "answer emplace:mulberry-a 6")  # typed die: 6 +0 = 6 -> S*
    assert "S* Great Success" in r.message
    port = game.state.world.ports["Mulberry A"]
    assert port.type == "mulberry" and port.doubled and "Mulberry A" in game.state.world.usable["allied"]
    ok(game, "use 'Mulberry A' 5")  # double REs this turn
    to(game, "allied-turn/reinforcement")
    ok(game, "next")
    assert not game.state.world.ports["Mulberry A"].doubled


def test_31A12_unarrived_tow_is_wrecked_after_two_naval_steps(game) -> None:
    ok(game, "mulberry available 'Mulberry B'")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "mulberry tow 'Mulberry B' 'United Kingdom ports' NT-2")
    to(game, "allied-turn/exploitation/exploitation-movement")
    assert game.state.world.sea.mulberries["Mulberry B"].status == "wrecked"


# --- the anti-shipping check (33.A) ----------------------------------------------------------------


def test_33A_once_per_zone_per_naval_movement_phase_unless_forced(game) -> None:
    # typed 2d6 of 2 never contact, so no R or ½E holds div for the rest of the player-turn (33.E 2, 3; issue 33)
    ok(game, "check 'Central Med' axis unit@div --dice 1,1")
    refused(game, "check 'Central Med' axis unit@div", "once per sea zone per naval movement phase")
    ok(game, "check 'Western Med' axis unit@div --dice 1,1")  # another zone
    r = ok(game, "check 'Central Med' axis unit@div --force --dice 1,1")
    assert "forced by the referee" in " ".join(r.details)
    checks = game.ruleset.views["shipping-checks"](game.state)
    assert [(c["item"], c["zone_id"], c["forced"]) for c in checks] == [
        ("div", "central-med", False), ("div", "western-med", False), ("div", "central-med", True)]
    ok(game, "next")  # the next segment of the same phase (RULINGS E26): still refused
    refused(game, "check 'Central Med' axis unit@div", "once per sea zone per naval movement phase")
    to(game, "axis-turn/reaction/reaction-naval")  # a new phase: checked afresh
    ok(game, "check 'Central Med' axis unit@div")


def test_33A_batch_with_a_row_of_typed_dice(game) -> None:
    """Malta 10: a (3,4)=7 contacts, 1d6 6 -> E; b (1,1)=2 no; c empty NT (NSN 5) (6,5)=11 contacts, 1d6 1 -> R."""
    r = ok(game, "batch 'Central Med' axis sp:3@a unit@b empty-nt@c dice=3,4,6,1,1,6,5,1")
    assert "3 item(s) checked, 2 contacted" in r.message
    checks = {c["item"]: c for c in game.ruleset.views["shipping-checks"](game.state)}
    assert (checks["a"]["contact_roll"], checks["a"]["result"]) == (7, "E")
    assert checks["b"]["contacted"] is False
    assert (checks["c"]["nsn"], checks["c"]["result"]) == (5, "R")
    assert sum("(typed)" in d for d in r.details) == 5
    logged = game.events[-1]["dice"]  # every roll is in the event, with its source
    assert [d["total"] for d in logged] == [7, 6, 2, 11, 1] and {d["source"] for d in logged} == {"typed"}
    assert game.replay() == game.state
    refused(game, "batch 'Central Med' axis sp:3@d dice=1", "33.D contact: d in Central Mediterranean needs 2d6 (2 dice) but only 1 is left")
    refused(game, "batch 'Central Med' axis unit@e dice=1,1,4", "left over")


def test_33A_guided_check_asks_what_is_missing(game) -> None:
    result = guided(game, "check", {"check:zone": "Central Mediterranean", "check:side": "axis", "check:cargo": "sp",
                                    "check:res": "2", "check:route": "short", "check:roll": "6,6,2"})
    assert result.ok, result.message
    checks = game.ruleset.views["shipping-checks"](game.state)
    assert checks[0]["nsn"] == 5 and checks[0]["result"] == "1RE" and "1 of the 2 REs" in checks[0]["words"]


def test_issue12_a_guided_check_asks_cargo_first_and_changes_nothing_until_the_last_answer(game) -> None:
    """Issue 12, 33.A: the questions come cargo, REs, zone, side, route, roll; each is a refusal that changes nothing."""
    asked, command = [], "check"
    answers = {"check:cargo": "sp", "check:res": "2", "check:zone": "Central Mediterranean", "check:side": "axis",
               "check:route": "short", "check:roll": "roll"}
    before = game.state
    for _ in range(8):
        result = game.execute(command)
        if result.needs_answer is None:
            break
        assert not result.ok and game.state == before and not game.events and "the check asks" in result.message
        asked.append(result.needs_answer.prompt.id)
        command = result.needs_answer.answered(answers[asked[-1]])
    assert asked == ["check:cargo", "check:res", "check:zone", "check:side", "check:route", "check:roll"]
    assert result.ok and len(game.events) == 1


def test_issue12_a_guided_check_is_one_event_with_its_dice_that_replays_exactly(game) -> None:
    """Issue 12: the key's ``check ZONE SIDE --guided`` asks cargo first; the answers make one event, dice kept."""
    result = guided(game, "check central-med axis --guided", {"check:cargo": "sp", "check:res": "7", "check:route": "none",
                                                             "check:roll": "roll"})
    assert result.ok, result.message
    assert len(game.events) == 1
    event = game.events[0]
    assert event["command"] == "check central-med axis sp:7 --roll"
    assert [d["spec"] for d in event["dice"]][:1] == ["2d6"] and len(game.ruleset.views["shipping-checks"](game.state)) == 3
    assert game.replay() == game.state and game.verify() is None
    ok(game, "undo")
    ok(game, "redo")  # the recorded dice, not new ones
    assert [c["contact_roll"] for c in game.ruleset.views["shipping-checks"](game.state)] == [
        d["total"] for d in event["dice"] if d["spec"] == "2d6"]
    assert not [p for p in game.state.flow.pending if p.id.startswith("check")]


def test_issue12_a_guided_check_refuses_a_route_the_zone_lacks_and_a_side_not_subject(game) -> None:
    refused(game, "check central-med axis sp:3 --guided --route far", "--far means nothing")
    refused(game, "check persian-gulf allied unit --guided", "not subject to interference")
    assert not game.events


def test_issue12_a_log_of_the_older_guided_check_still_replays(game) -> None:
    """Saves written before issue 12 hold ``check`` then one ``answer check-1:...`` per question: they replay."""
    from tui.rules.core.dice import DiceSpec, roll_typed

    lines = ["check", "answer check-1:zone 'Central Mediterranean'", "answer check-1:side axis", "answer check-1:cargo sp",
             "answer check-1:res 2", "answer check-1:route short", "answer check-1:roll 6,6,2"]
    rolls = [roll_typed(DiceSpec.parse("2d6"), (6, 6), "33.D contact").to_dict(),
             roll_typed(DiceSpec.parse("1d6"), (2,), "33.E result").to_dict()]
    events = [{"seq": n, "status": "applied", "command": line, "dice": rolls if line.endswith("6,6,2") else []}
              for n, line in enumerate(lines, 1)]
    state = game.replay(events=events)
    checks = game.ruleset.views["shipping-checks"](state)
    assert checks[0]["nsn"] == 5 and checks[0]["result"] == "1RE"


def test_33B_barred_and_unsubject_checks_are_clear_refusals(game) -> None:
    refused(game, "check 'Red Sea' axis unit", "Massaua")
    refused(game, "check 'Indian Ocean' axis unit", "33.B.9.a")
    refused(game, "check 'Persian Gulf' allied unit", "not subject to interference")
    refused(game, "check 'Tyrrhenian' axis unit", "33.B.4.a")
    refused(game, "condition wmed-allied-ports off", "derived by the app")
    refused(game, "check Atlantis axis unit", "no sea zone")


# --- the rest through the engine ------------------------------------------------------------------------


def test_beach_landing_asks_about_the_partial_zoc(game) -> None:
    refused(game, "land Sollum 1", "not axis-owned")  # the Axis is moving; Sollum is Allied
    to(game, "allied-turn/initial/initial-naval")
    r = ok(game, "land Sollum 1 4 --supply")
    pid = next(p for p in pending(game) if p.startswith("zoc-"))
    assert " " not in pid and "answer" in " ".join(r.details)
    r = ok(game, f"answer {pid} no")
    assert "2 SP/SRP points lost" in r.message
    refused(game, "land Sollum 1", "exceed")
    refused(game, "land Gela 1", "not allied-owned")
    ok(game, "beach capture Gela allied")
    refused(game, "land Gela 1", "captured this phase")
    ok(game, "next")  # initial movement: still the initial phase of its capture (31.B.1 example)
    refused(game, "land Gela 1", "captured this phase")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "land Gela 1")


def test_replay_equals_state_after_a_mixed_session(game) -> None:
    for line in ["malta 8", "condition suez-closed off", "check 'Central Med' axis sp:7@convoy",
                 "batch 'Western Med' axis unit@u1 rp@r1 dice=1,1,6,6,3", "air add Ju88 axis central role=bomber type=non-naval range=20 tbf=4",
                 "supply-line Tripoli central", "answer sea-state calm", "mulberry available 'Mulberry A'",
                 "beach add Anzio allied hex=Anzio", "capture 'Crete ports' allied", "next"]:
        ok(game, line)
    to(game, "allied-turn/initial/initial-naval")
    for line in ["result interference:eastern S", "answer interdiction-zone loose",
                 "mulberry tow 'Mulberry A' 'United Kingdom ports' NT-1", "check 'South Aegean' axis unit@x",
                 "transit add TF1 allied Bombay Aden 2", "check 'Eastern Med' allied naval@y --roll", "land Sollum 1 --supply"]:
        ok(game, line)
    ok(game, f"answer {next(p for p in pending(game) if p.startswith('zoc-'))} yes")
    to(game, "allied-turn/exploitation/exploitation-naval")
    ok(game, "mulberry arrive 'Mulberry A' Anzio mps=12")
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "answer mulberry-emplacement enemy-adjacent")
    ok(game, "answer emplace:mulberry-a roll")
    ok(game, "undo")
    ok(game, "result emplace:mulberry-a F")
    assert game.replay() == game.state


def test_show_help_views_and_why(game) -> None:
    help_text = "\n".join(game.execute("help").details)
    for name in NEW_VERBS:
        verb = game.verbs[name]
        assert verb.syntax in help_text and verb.rule and verb.help, name
    for view in ("zones", "shipping-checks", "conditions", "mulberries", "transit", "offmap", "beaches", "air", "interference"):
        rows = game.ruleset.views[view](game.state)
        cols = game.ruleset.columns[view]
        assert all(c.key in row for row in rows for c in cols), view
        json.dumps(rows, default=str)
    r = game.execute("why E Med")
    names = [e.name for e in r.explanations]
    assert "Axis naval status number, Eastern Mediterranean" in names and "Allied naval status number, Eastern Mediterranean" in names
    assert game.events == []


def test_a_save_made_before_the_sea_still_opens(tmp_path: Path) -> None:
    """world_from_data: saves without the sea, or ports without the new fields, load with defaults."""
    path = tmp_path / "old.json"
    g = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    ok(g, "hit Tobruk 2")
    g.close()
    doc = json.loads(path.read_text())
    for state in doc["state"]["1"].values():
        state["world"].pop("sea")
        for port in state["world"]["ports"]:
            for key in ("sea_route", "supply_zones", "doubled"):
                port.pop(key)
    path.write_text(json.dumps(doc))
    old = open_game(path, data_dir(), clock=fixed_clock)
    assert old.state.world.sea.beaches == {} and old.state.world.ports["Tobruk"].hits == 1
    assert old.ruleset.views["zones"](old.state)
    ok(old, "malta 5")
    assert old.replay().world.ports == old.state.world.ports
