"""The engine over both back ends: apply, refuse, undo/redo, replay, persistence, legality, dice."""

from __future__ import annotations

import pytest

from tests.conftest import reopen


def port(game, name):
    return game.state.world.ports[name]


def test_a_command_appends_one_event_and_changes_state(game) -> None:
    """31.A.3/31.A.10: Tobruk has a natural harbour, so 2 hits place 1 effective Port Hit."""
    r = game.execute("hit Tobruk 2")
    assert r.ok, r.message
    assert port(game, "Tobruk").hits == 1.0
    ev = game.events[-1]
    assert ev["command"] == "hit Tobruk 2" and ev["status"] == "applied" and ev["turn"] == "Jan I 1943"
    assert ev["side"] == "axis" and ev["actor"] == "axis" and ev["time"] == "2026-11-21T12:00:00+00:00"
    assert game.store.revision == 1


@pytest.mark.parametrize(
    "line, fragment",
    [
        ("fly Tobruk", "Unknown command"),
        ("hti Tobruk", "Did you mean hit"),
        ("hit Atlantis", "no port called"),
        ("hit Tobruk many", "must be"),
        ("use Benghazi 10", "exceed"),
        ("capture Tobruk allied", "already allied"),
        ("answer nothing yes", "no pending prompt"),
        ('hit "Tobruk', "cannot read"),
    ],
)
def test_refused_commands_change_nothing_and_say_why(game, line: str, fragment: str) -> None:
    before, events, revision = game.state, list(game.events), game.store.revision
    r = game.execute(line)
    assert not r.ok and fragment in r.message
    assert game.state == before and game.events == events and game.store.revision == revision


def test_use_is_legal_only_in_movement_segments(game) -> None:
    """The sequence data lists 'use' in movement segments, not combat."""
    game.execute("next")
    game.execute("next")
    assert game.segment.path[-1] == "initial-combat"
    r = game.execute("use Tripoli 1")
    assert not r.ok and "not legal in" in r.message and "any segment except Initial phase › Combat" in r.message  # summarised (issue 12, bug 4)


def test_undo_redo_and_new_command_clears_redo(game) -> None:
    game.execute("hit Alexandria")
    game.execute("hit Alexandria")
    assert port(game, "Alexandria").hits == 2
    assert game.execute("undo").ok and port(game, "Alexandria").hits == 1
    assert game.events[-1]["status"] == "undone"
    assert game.execute("redo").ok and port(game, "Alexandria").hits == 2
    game.execute("undo")
    game.execute("hit Haifa")
    assert game.events[1]["status"] == "abandoned"  # still in the log, no longer redoable
    r = game.execute("redo")
    assert not r.ok and "Nothing to redo" in r.message
    assert game.execute("undo").ok and game.execute("undo").ok
    assert port(game, "Alexandria").hits == 0 and not game.execute("undo").ok


def test_state_equals_a_fold_of_the_events(game) -> None:
    for line in ["hit Tobruk 2", "use Alexandria 2 --he", "answer sea-state rough", "next", "capture Athens allied",
                 "answer destroy:Athens roll", "undo", "answer destroy:Athens decline", "roll 2d6", "intrinsic Malta"]:
        assert game.execute(line).ok, line
    assert game.replay() == game.state


def test_undo_and_redo_survive_a_restart(json_game, data) -> None:
    json_game.execute("hit Naples 3")
    json_game.execute("reduce Naples")
    again = reopen(json_game, data)
    assert again.state == json_game.state
    assert again.execute("undo").ok and again.state.world.ports["Naples"].reduced == 0
    third = reopen(again, data)
    assert third.execute("redo").ok and third.state.world.ports["Naples"].reduced == 1
    assert third.replay() == third.state


def test_replay_never_rerolls(game) -> None:
    game.execute("next")
    game.execute("capture Athens allied")
    game.execute("answer destroy:Athens roll")
    recorded = game.events[-1]["dice"][0]
    assert recorded["source"] == "app" and recorded["seed"] is not None
    assert game.meta["seed"] == 1
    assert game.replay() == game.state
    assert game.events[-1]["dice"][0] == recorded


def test_typed_dice_mode_asks_for_dice_and_records_their_source(game) -> None:
    assert game.execute("set dice typed").ok
    r = game.execute("roll 2d6")
    assert not r.ok and r.needs_dice == ("2d6", "") and game.events[-1]["command"] == "set dice typed"
    r = game.execute("roll 2d6 --dice 3,5")
    assert r.ok and game.events[-1]["dice"][0]["source"] == "typed" and game.events[-1]["dice"][0]["total"] == 8
    r = game.execute("roll 2d6 --roll")  # overridden per roll
    assert r.ok and game.events[-1]["dice"][0]["source"] == "app"
    assert not game.execute("roll 1d6 --dice 7").ok


def test_capture_offers_the_31A6_destruction_roll_only_where_it_applies(game) -> None:
    """31.A.6: German-owned mainland port lost to the Allies in 1943-45 -> roll, destroyed on 1-5."""
    game.execute("next")
    assert game.execute("capture Naples allied").ok  # Italian-owned: no offer
    assert game.state.pending_prompt("destroy:Naples") is None
    assert port(game, "Naples").collateral and port(game, "Naples").owner == "allied"
    assert game.execute("capture Athens allied").ok
    prompt = game.state.pending_prompt("destroy:Athens")
    assert prompt is not None and prompt.kind == "roll" and prompt.dice == "1d6"
    r = game.execute("answer destroy:Athens 6")  # typed die: 6 does not destroy
    assert r.ok and not port(game, "Athens").destroyed and game.state.pending_prompt("destroy:Athens") is None
    game.execute("undo")
    assert game.execute("answer destroy:Athens 2").ok
    athens = port(game, "Athens")
    assert athens.destroyed and athens.reduced == 3 and athens.hits == 12


def test_ports_are_usable_only_if_owned_at_the_start_of_the_initial_phase(game) -> None:
    """31.A: a player may only use a port if he owns it in his initial phase."""
    game.execute("next")
    game.execute("capture Tripoli allied")
    r = game.execute("use Tripoli 0.5")
    assert not r.ok and "start of the allied initial phase" in r.message
    while game.segment.key != "allied-turn/initial/initial-naval":
        assert game.execute("next").ok
    assert game.execute("use Tripoli 0.5").ok


def test_usage_markers_go_at_the_end_of_the_owners_reinforcement_phase(game) -> None:
    """31.A.1/E11: Port Used and Capacity Used go at the end of the owning player's reinforcement phase."""
    game.execute("use Tripoli 1")  # Axis port
    game.execute("use Alexandria 2")  # Allied port (Allied may use ports in the Axis turn, e.g. reaction)
    while game.segment.key != "axis-turn/reinforcement":
        game.execute("next")
    assert port(game, "Tripoli").capacity_used == 1
    game.execute("next")
    assert port(game, "Tripoli").capacity_used == 0
    assert port(game, "Alexandria").capacity_used == 2
    while game.segment.key != "allied-turn/reinforcement":
        game.execute("next")
    game.execute("next")
    assert port(game, "Alexandria").capacity_used == 0 and game.turn_label == "Jan II 1943"


def test_skipping_a_required_prompt_asks_to_confirm_and_records_the_skip(game) -> None:
    from tui.rules.core.state import Pending

    game.state = game.state.with_flow(pending=(Pending(id="check", text="Check it", kind="confirm", required=True),))
    r = game.execute("next")
    assert not r.ok and r.needs_confirm and game.segment.index == 0
    r = game.execute("next --force")
    assert r.ok and any("skipped: check" in d for d in game.events[-1]["details"])
    assert game.state.flow.pending == ()


def test_help_lists_every_verb_with_syntax_and_rule(game) -> None:
    r = game.execute("help")
    text = "\n".join(r.details)
    for verb in game.verbs.values():
        assert verb.syntax in text
    assert "31.A.3" in text
    one = game.execute("help capture")
    assert one.ok and "31.A.6" in " ".join(one.details)
    assert game.events == []  # help changes nothing


def test_why_explains_with_rule_numbers(game) -> None:
    """E1 through the engine: a major port with 3 hits and Collateral Damage has 1.5 REs."""
    game.execute("hit Alexandria 3")
    game.execute("collateral Alexandria on")
    r = game.execute("why Alexandria")
    assert r.ok
    cap = next(e for e in r.explanations if e.name == "RE capacity")
    assert cap.value == 1.5
    assert any("31.A" in line for line in r.details)


@pytest.mark.parametrize("errno_name", ["ENOSPC", "EIO", "EACCES"])
def test_a_failed_write_refuses_the_command_and_rolls_back(data, errno_name: str) -> None:
    """Nothing lost: a write that fails leaves the game as it was, and the next command works."""
    import errno
    import os

    from tests.conftest import fixed_clock
    from tui.session import memory_game

    game = memory_game(data, seed=1, clock=fixed_clock)
    game.execute("hit Tobruk 2")
    before, events, revision = game.state, list(game.events), game.store.revision
    code = getattr(errno, errno_name)
    game.store._storage.fail_next(OSError(code, os.strerror(code)))
    r = game.execute("hit Alexandria")
    assert not r.ok and "Not saved, nothing changed" in r.message and os.strerror(code) in r.message
    assert game.state == before and game.events == events and game.store.revision == revision
    assert game.store.events() == events
    undo = game.execute("undo")
    assert undo.ok and game.state.world.ports["Tobruk"].hits == 0


def test_a_prompt_answered_with_typed_dice_replays_and_redoes(game) -> None:
    """31.A.6 answered with a physical die ('answer destroy:Athens 2'): replay and redo re-use the recorded roll."""
    game.execute("next")
    game.execute("capture Athens allied")
    assert game.execute("answer destroy:Athens 2").ok
    assert game.events[-1]["dice"][0]["source"] == "typed"
    assert game.replay() == game.state
    assert game.execute("undo").ok and game.execute("redo").ok
    assert game.state.world.ports["Athens"].destroyed and game.replay() == game.state


def test_a_prompt_as_saved_shares_nothing_with_the_state() -> None:
    """The plain form of a pending prompt (what a save keeps) holds every field in order and a copy of its ``args``:
    editing the plain data (as the store's documents may be) never reaches the frozen state's prompt."""
    from tui.rules.core.state import Pending

    prompt = Pending(id="destroy:Naples", text="Destroy Naples?", kind="choice", choices=("yes", "no"),
                     args={"port": "Naples", "hits": [1, 2]})
    data = prompt.to_data()
    assert list(data) == list(Pending.__struct_fields__)
    assert data["args"] == {"port": "Naples", "hits": [1, 2]} and data["choices"] == ("yes", "no")
    data["args"]["hits"].append(3)
    data["args"]["port"] = "Bari"
    assert prompt.args == {"port": "Naples", "hits": [1, 2]}
    assert Pending(**data).id == "destroy:Naples"


def test_take_writes_what_a_scratch_copy_did_in_one_commit(json_game, data) -> None:
    """``Game.take``: the commands a scratch copy ran are written to the save in one durable commit (a received turn
    file of a game played by e-mail, issue 32 attack 13), and the game is then as if it had run them itself."""
    game = json_game
    copy = game.scratch()
    for line in ("note one", "note two", "note three"):
        assert copy.execute(line).ok
    assert len(game.events) == 0 and len(copy.events) == 3
    revision = game.store.revision
    assert game.take(copy) == 3
    assert game.store.revision == revision + 1
    assert [e["command"] for e in game.events] == ["note one", "note two", "note three"] and game.state == copy.state
    assert game.take(copy) == 0 and game.store.revision == revision + 1
    again = reopen(game, data)
    assert [e["command"] for e in again.events] == ["note one", "note two", "note three"] and again.state == game.state
