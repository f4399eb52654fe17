"""Issue 32, attack 36b: the fixes of attack 36 (tests/test_pbem_attack36.py) attacked again, by a cheating opponent
with his own key and files, and by a second account that can write the shared folder of the victim's save. Each test
is the attack, then the safe outcome asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_pbem_attack36 import _chain_file, _err, _events, _forged_save, _record
from test_pbem_play import AWAW_MOVEMENT, Side, fixed_seeds, start  # noqa: F401  (autouse: the seeds)


def _digest(side: Side) -> Path:
    """The digest of the save's log the side keeps privately (tui/pbem/sealed.py)."""
    game = json.loads(_chain_file(side.save).read_bytes())["game"]
    return side.keys / "games" / f"{game}.save.sha256"


def _forge_initial(save: Path, unit: str, **changes: object) -> None:
    """Rewrite ``save`` (the shared folder) with ``unit`` changed in both the initial and the current state: the log
    is the same, and it still replays to the saved state."""
    value = json.loads(save.read_bytes())
    doc = value["state"]["1"]
    for key in ("initial", "current"):
        [row] = [u for u in doc[key]["world"]["units"] if u["id"] == unit]
        row.update(changes)
    save.write_text(json.dumps(value))


def test_a_save_forged_with_another_initial_state_and_the_same_log_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """check_save compares only the save's log with the chain's replay (and the digest covers only the log), but a save
    keeps its initial state too, and the store's check replays the log from it. The opponent rewrites the victim's save
    in the shared folder: the same log, but the Allied battleship King George V sunk from the start (in the initial
    and the current state, so the log still replays to the state). The log matches the private digest, so nothing is
    replayed: the victim's app plays and signs his next orders on a game the chain does not give. Refused, nothing
    signed (or the save rebuilt from the chain)."""
    from tui.paths import data_dir
    from tui.session import open_game

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    assert _digest(bob).exists()
    _forge_initial(bob.save, "KGV", sunk=True)  # the attacker writes the shared folder
    forged = bob.save.read_bytes()
    chain_before = _chain_file(bob.save).read_bytes()
    _err(capsys)
    code = bob.run("exec", str(bob.save), "note my move")
    err = _err(capsys)
    game = open_game(bob.save, data_dir(), mode="read")
    try:
        sunk = game.state.world.units["KGV"].sunk
    finally:
        game.close()
    assert (code == 2 and err.count("\n") == 1 and bob.save.read_bytes() == forged
            and _chain_file(bob.save).read_bytes() == chain_before) or (code == 0 and not sunk), (code, err)


def _replays_its_chain(side: Side, capsys: pytest.CaptureFixture[str]) -> bool:
    """Whether `pbem verify` finds the side's save equal to the replay of its chain."""
    from tui.cli import main

    capsys.readouterr()
    code = main(["pbem", "verify", str(side.save), "--keys", str(side.keys)])
    out = capsys.readouterr().out
    return code == 0 and "The save's state equals the replay of the chain" in out


def _rebuilt_with(side: Side, change) -> bytes:  # noqa: ANN001 - a roll's dict to the forged one
    """The side's save made again from its own log, command by command, each roll's dict passed through ``change``:
    what an attacker writes into the shared folder (it replays to its state)."""
    from tui.cli import _create
    from tui.paths import data_dir
    from tui.rules.core.dice import Roll

    scenario = json.loads(_chain_file(side.save).read_bytes())["entries"][0]["body"]["scenario"]
    fake = side.home.parent / "forged" / "game.json"
    fake.parent.mkdir(exist_ok=True)
    made = _create(fake, data_dir(), "awaw", scenario, seed=0, dice="sealed")
    for event in _events(side):
        rolls = [Roll.from_dict(change(dict(d))) for d in event["dice"]]
        given = iter(rolls)
        result = made.execute(event["command"], "exec", sealed_dice=(lambda dice, purpose: next(given)) if rolls else None)
        assert result.ok, result.message
    made.close()
    return fake.read_bytes()


def test_a_save_forged_with_another_modifier_on_a_sealed_roll_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """check_save compares, of each roll, its spec and faces, but the engine replays a logged roll as it is, its
    ``modifier`` (and so its total) with it. The opponent rewrites the victim's save in the shared folder with the
    same commands and faces, but the Allied Raider Table roll carrying a modifier of 3 or -3 (another row of the
    table: more or fewer defending ships may engage). The log's digest and the chain's replay agree on every command, actor and face,
    so the save is trusted: the victim's app plays on a raid the chain never gave. Refused, or the save rebuilt."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("raid-engage raid-1")
    assert alice.receive(bob.send("4-bob")) == 0  # she reveals: the Raider Table roll is played in her save
    [roll] = _events(alice)[-1]["dice"]
    shift = -3 if roll["total"] >= 4 else 3  # a total the Raider Table still reads (1 to 6), not the sealed one
    forged = _rebuilt_with(alice, lambda roll: {**roll, "modifier": roll["modifier"] + shift,
                                                "total": roll["total"] + shift})
    assert json.loads(forged)["events"]  # (a save of the same log)
    alice.save.write_bytes(forged)  # the attacker writes the shared folder
    chain_before = _chain_file(alice.save).read_bytes()
    _err(capsys)
    code = alice.run("exec", str(alice.save), "note my move")
    err = _err(capsys)
    refused = code == 2 and err.count("\n") == 1 and _chain_file(alice.save).read_bytes() == chain_before
    assert refused or _replays_its_chain(alice, capsys), (code, err)


def test_pbem_receive_prints_none_of_the_other_sides_orders_that_the_players_side_view_hides(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The screens show a player only his side view (fog of war), and `pbem receive` is to show no more of the other
    side's orders than that view does. The Axis player changes the base of the Scheer (Kiel/Hamburg to Trondheim) in
    his movement phase: the Allied side view hides it (an Axis entry naming no Allied place), but the Allied player's
    `pbem receive` printed it, with its summary ("Scheer changed base Kiel/Hamburg → Trondheim")."""
    from tui.engine.sides import Fog
    from tui.paths import data_dir
    from tui.session import open_game

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "next", "next", "rebase Trondheim Scheer --distance 9")
    turn = alice.send("3-alice")
    capsys.readouterr()
    assert bob.receive(turn) == 0
    out = capsys.readouterr().out
    game = open_game(bob.save, data_dir(), mode="read")
    try:
        told = [e["command"] for e in Fog.of(game, "allies").events(list(game.events))]
    finally:
        game.close()
    assert "rebase Trondheim Scheer --distance 9" not in told  # the Allied side view hides it
    assert "Scheer" not in out and "Trondheim" not in out, out


@pytest.mark.parametrize("how", ["forged", "removed"])
def test_a_save_spoiled_in_the_shared_folder_with_its_backups_leaves_a_way_to_go_on_from_the_chain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    """The refusal of a forged save says "put back the save you last wrote". The opponent (or a second account) who
    can write the shared folder rewrites the save's backups too (game.json.1, .2, ...) with the same forged save, or
    removes the save and its backups: there is nothing left to put back, and no command rebuilds the save from the
    player's private copy of the chain (which holds the whole game, and which `pbem branch --theirs` already rebuilds
    a save from): the victim's game is stuck for good. The refusal must name a command that rebuilds the save from
    the chain (the spoiled one kept aside), and after it the save is the chain's replay."""
    import re

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("note one", "note two")
    spoiled = [p for p in bob.save.parent.iterdir() if p.name == "game.json" or re.fullmatch(r"game\.json\.\d+", p.name)]
    assert len(spoiled) >= 2
    if how == "forged":
        forged = _forged_save(alice, bob, "answer first allies")
        for path in spoiled:
            path.write_bytes(forged)
    else:
        for path in spoiled:
            path.unlink()
    _err(capsys)
    assert bob.run("exec", str(bob.save), "note my move") != 0
    err = _err(capsys)
    assert "Traceback" not in err
    ways = [w for w in re.findall(r"harbormaster pbem (\w+)", err) if w not in ("verify", "status")]
    assert ways, f"no way to go on named: {err}"
    assert bob.run(ways[0], str(bob.save)) == 0
    assert _replays_its_chain(bob, capsys)
    assert bob.run("exec", str(bob.save), "note my move") == 0


def test_a_game_begun_before_the_fix_with_a_roll_for_the_log_in_the_other_sides_segment_still_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack 36 made a roll for the log (or a note) played on a reveal its author's in the log; before, both apps logged
    it as the acting side's (tests/test_pbem_attack36.py, test_a_roll_for_the_log_is_logged_as_its_authors). A game
    begun before the fix has such entries and no digest of its log (the digest is new): check_save replays the chain
    with today's app, finds the actor differ, and refuses the save ("put back the save you last wrote"): there is no
    other save, both players' games are stuck for good. A legitimate save of an earlier version must open and play on."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)  # the Axis player's segment
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("roll 2d6 Allied weather")
    assert alice.receive(bob.send("4-bob")) == 0  # she reveals; his roll is played in her save
    value = json.loads(alice.save.read_bytes())  # as the earlier version wrote it: the roll logged as the Axis player's
    last = str(max(int(k) for k in value["events"]))
    assert value["events"][last]["command"] == "roll 2d6 Allied weather" and value["events"][last]["actor"] == "allies"
    value["events"][last]["actor"] = "axis"
    alice.save.write_text(json.dumps(value))
    _digest(alice).unlink()  # a game of the earlier version has none
    _err(capsys)
    code = alice.run("exec", str(alice.save), "note my move")
    err = _err(capsys)
    # the save and the chain disagree on the side of entry 13: the chain decides; the refusal names the way on
    assert code == 2 and err.count("\n") == 1 and "its command 9 (" in err and "the sides differ" in err, err
    assert "harbormaster pbem rebuild GAME" in err
    assert alice.run("rebuild", str(alice.save)) == 0
    assert alice.run("exec", str(alice.save), "note my move") == 0, _err(capsys)
    assert _events(alice)[-2]["actor"] == "allies"  # as the chain's replay gives it


def test_goto_may_not_pass_over_the_logistics_production_phase_before_the_other_side_has_produced() -> None:
    """The production segment is each player's (``acting = "each"``), closed by the second player to act: `next` from
    it is refused until the other side has done his part (owners._closed_early). But `goto` passes over it from the
    segment before: _closed_early looks only at the segment left (combat), and _passed_over asks acting_side, which
    for an ``each`` segment answers the phasing side, the mover himself. So the Axis player, phasing in the second
    player turn's combat, gives `goto production-end`, and the Allied production of the turn is gone. Refused."""
    from test_pbem_attack36 import _logistics_at
    from tui.engine.deciders import applied, whose
    from tui.pbem.owners import not_theirs

    def production_turn(game) -> bool:  # noqa: ANN001 - the production applies this turn (a scenario value)
        sequence = game.ruleset.sequence
        seg = next(sequence.at(i) for i in range(len(sequence)) if sequence.at(i).key == "production/produce")
        return bool(game.ruleset.conditions[seg.when](game.state, seg))

    game = _logistics_at("second-turn/combat", until=production_turn)
    world = game.state.world
    assert {world.control(city) for city in world.factories} == {"allied", "axis"}  # both sides may produce
    trial, result = whose(game, "goto production-end")
    assert applied(result) and trial.segment.key == "production/production-end"
    mover = trial.events[-1]["actor"]
    assert mover in game.ruleset.sides
    other = next(side for side in game.ruleset.sides if side != mover)
    assert not_theirs(game, trial, mover, result).startswith(("it leaves undone what the rules still require",
                                                              f"it passes over Production, where the {other} player"))
    # a turn without production: nobody produces, and passing it over takes nothing from anyone
    quiet = _logistics_at("second-turn/combat")
    assert not production_turn(quiet)
    trial, result = whose(quiet, "goto production-end")
    assert applied(result) and not_theirs(quiet, trial, trial.events[-1]["actor"], result) == ""


def test_pbem_status_of_a_save_forged_in_the_shared_folder_does_not_show_it_as_the_players_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """check_save runs only where the save is opened for writing: `pbem status` opens it read-only and prints what it
    says (its turn and segment, and the chain's entries past its log as "Queued") without comparing it with the
    chain. The opponent rewrites the victim's save in the shared folder with another game (the Allies first, where
    both agreed the Axis): `pbem status` shows it as the victim's game, without a word. It must refuse it in one line
    (or say that the save is not the game its chain gives), as `pbem exec` does."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)
    assert bob.receive(alice.send("3-alice")) == 0
    forged = _forged_save(alice, bob, "answer first allies")
    bob.save.write_bytes(forged)  # the attacker writes the shared folder
    capsys.readouterr()
    code = bob.run("status", str(bob.save))
    captured = capsys.readouterr()
    assert (code == 2 and captured.err.count("\n") == 1) or "not the game its chain gives" in captured.out, captured.out


def test_the_screen_does_not_show_a_save_forged_in_the_shared_folder_as_the_players_side_view(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`harbormaster GAME` opens a sealed save read-only as its player's side view (tui/cli `_sealed_read_only`), the
    side read from the chain with the player's key; the save is never compared with the chain there (check_save runs
    only in `pbem exec/receive/...`). The opponent rewrites the victim's save in the shared folder with another game
    (the Allies first, where both agreed the Axis): the victim's screen shows it as his game, without a word. The
    screen must say the save is not the game its chain gives (or refuse it)."""
    from tui.cli import _sealed_read_only
    from tui.paths import data_dir
    from tui.session import open_game

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    forged = _forged_save(alice, bob, "answer first allies")
    bob.save.write_bytes(forged)  # the attacker writes the shared folder
    monkeypatch.setenv("XDG_CONFIG_HOME", str(bob.home / ".config"))  # the victim's own key, as the screen reads it
    game = _sealed_read_only(open_game(bob.save, data_dir(), mode="write"), bob.save, data_dir())
    try:
        assert getattr(game, "side", None) == "allies"  # his side view
        shown = [e["command"] for e in game.events]
        reason = str(game.read_only_reason)
    finally:
        game.close()
    assert shown != ["answer first allies"] or "not the game its chain gives" in reason, reason


# ------------------------------------------------------------------ refused or played correctly (kept as cover)
def test_legitimate_saves_the_digest_does_not_know_still_open_an_undo_entry_and_a_save_behind_its_chain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Played as they should be: with no digest of the log (a game of an earlier version), a save holding an undo
    entry's undone roll is found to be its chain's replay and plays on; a save left one command behind its chain (a
    crash between the writes of the chain and the save: the digest then names the newer log) catches up once."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "roll 1d6 weather")
    assert bob.receive(alice.send("3-alice")) == 0
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("undo")
    _digest(alice).unlink()
    assert alice.run("exec", str(alice.save), "note after the undo") == 0
    assert [e["status"] != "applied" for e in _events(alice)][-2:] == [True, False]  # the roll stays undone
    assert bob.receive(alice.send("5-alice")) == 0
    older = bob.save.read_bytes()
    bob.play("note one")
    bob.save.write_bytes(older)  # the save as a crash left it: one command behind the chain
    assert bob.run("exec", str(bob.save), "note two") == 0
    assert [e["command"] for e in _events(bob)][-2:] == ["note one", "note two"]
    assert _replays_its_chain(bob, capsys)


def test_a_refusal_noted_on_reveal_does_not_count_as_the_other_sides_part_of_the_logistics_production() -> None:
    """Refused as it should be: the non-phasing player cannot make `_closed_early` count a refusal noted on a reveal
    (play._refused_on_reveal writes it with no signer) as the other side's part: the note has no side, and his `next`
    is still refused."""
    from test_pbem_attack36 import _logistics_at
    from tui.engine.command import render
    from tui.engine.deciders import applied, whose
    from tui.pbem.owners import not_theirs

    game = _logistics_at("production/produce")
    assert game.execute(render("note", ("refused on reveal: entry 9, roll 1d6 x --roll: app dice",), {}), "exec").ok
    assert game.events[-1]["actor"] not in game.ruleset.sides
    trial, result = whose(game, "next")
    assert applied(result)
    assert all(not_theirs(game, trial, side, result).startswith("it closes") for side in game.ruleset.sides)


def test_a_save_ahead_of_its_chain_in_the_shared_folder_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as it should be: the true log with one command more (a note the chain never signed) passes the
    comparison of check_save (a prefix) but is refused, in one line, by the count of the chain's steps; nothing
    signed."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    ahead = bob.home.parent / "ahead.json"
    ahead.write_bytes(bob.save.read_bytes())
    from tui.paths import data_dir
    from tui.session import open_game

    game = open_game(ahead, data_dir(), mode="write")
    assert game.execute("note never signed", "exec").ok
    game.close()
    bob.save.write_bytes(ahead.read_bytes())
    chain_before = _chain_file(bob.save).read_bytes()
    _err(capsys)
    assert bob.run("exec", str(bob.save), "note my move") == 2
    assert _err(capsys).count("\n") == 1
    assert _chain_file(bob.save).read_bytes() == chain_before


def test_a_game_begun_before_the_private_copy_of_the_chain_existed_still_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"A game made before the private copy existed has none until its next change" (tui/pbem/record.py, before attack
    36). Attack 36 now refuses every chain file with no private copy ("you never made or joined this game with this
    key"): a game begun with an earlier version, which both players joined and signed, is refused at every command,
    with no way to go on. What the attack needed refused is a chain the player never joined; this one holds his own
    signed entries (his accept, his commitments), and its save is its replay. It must open (and its private copy be
    made), or the refusal name a way to go on."""
    import re

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    _record(bob).unlink()  # as an earlier version left it: no private copy
    _digest(bob).unlink()
    _err(capsys)
    code = bob.run("exec", str(bob.save), "note my move")
    err = _err(capsys)
    ways = [w for w in re.findall(r"harbormaster pbem (\w+)", err) if w not in ("verify", "status")]
    assert code == 0 or ways, err
