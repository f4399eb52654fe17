"""Issue 32, attack 36: the owners rule (tui/pbem/owners.py) attacked again, by a cheating opponent with his own key
and files, and by a second account that can write the shared folder of the victim's save. Each test is the attack,
then the safe outcome asserted: refused in one line, nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_pbem_play import AWAW_MOVEMENT, Side, fixed_seeds, start  # noqa: F401  (autouse: the seeds)
from tui.paths import data_dir
from tui.session import open_game


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


def _chain_file(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + ".pbem.json")


def _tampered(side: Side, name: str, *commands: str) -> Path:
    """``commands`` signed as ``command`` entries into ``side``'s chain by a tampered client (no check of the app), and
    the turn file that carries them."""
    from tui.pbem.game import PbemGame
    from tui.pbem.keys import key_path, load_key

    chain = PbemGame.open(_chain_file(side.save), load_key(key_path(side.keys)), folder=side.keys)
    for command in commands:
        chain.command(command)
    out = side.files / name
    out.write_bytes(chain.send())
    return out


def _forged_save(attacker: Side, victim: Side, *lines: str) -> bytes:
    """A save of the victim's scenario made by the attacker with ``lines`` played (another game than the chain's):
    what he writes into the shared folder of the victim's save."""
    from tui.cli import _create

    scenario = json.loads(_chain_file(victim.save).read_bytes())["entries"][0]["body"]["scenario"]
    fake = attacker.home / "forged" / "game.json"
    made = _create(fake, data_dir(), "awaw", scenario, seed=0, dice="sealed")
    for line in lines:
        assert made.execute(line, "exec").ok, line
    made.close()
    return fake.read_bytes()


def _events(side: Side) -> list:
    game = open_game(side.save, data_dir(), mode="read")
    try:
        return list(game.events)
    finally:
        game.close()


def _signed(side: Side, name: str, kind: str, command: str) -> Path:
    """``command`` signed by a tampered client as a ``command`` entry, or as a ``request`` on the opponent's newest
    commitment, and the turn file that carries it."""
    from tui.pbem.game import PbemGame
    from tui.pbem.keys import key_path, load_key

    chain = PbemGame.open(_chain_file(side.save), load_key(key_path(side.keys)), folder=side.keys)
    chain.command(command) if kind == "command" else chain.request(command)
    out = side.files / name
    out.write_bytes(chain.send())
    return out


@pytest.mark.parametrize("kind", ["command", "request"])
def test_the_engines_undo_signed_as_a_command_never_undoes_the_other_sides_orders(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    """A sealed game undoes only through an ``undo`` entry naming a revealed request of its author's, the game's last
    command. A tampered Axis client signs the engine's ``undo`` as a plain ``command`` entry (or a request): the owner
    check judged the save's last event (the Allied player's note, either side's), so it passed, and the Allied
    player's note was undone. The undo adds no event, so the save stays one command behind its chain: at every later
    open the same entry was played again and undid one more command: the Allied player's Raider Table result, then
    the raid. It must be refused (naming the entry) or noted as refused, and nothing of the save undone."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("raid-engage raid-1 --result 0", "note engaged")  # the Allied player's decision, and a note
    assert alice.receive(bob.send("4-bob")) == 0
    tampered = _signed(alice, "5-alice", kind, "undo")
    _err(capsys)
    code = bob.receive(tampered)
    err = _err(capsys)
    assert code == 2 and err.count("\n") == 1 or code == 0
    bob.run("exec", str(bob.save), "note my move")  # Bob plays on: each open of the game plays the chain again
    bob.run("exec", str(bob.save), "note and again")
    assert [e["command"] for e in _events(bob) if e["status"] != "applied"] == []


def test_the_engines_redo_signed_as_a_command_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``redo`` is refused in a sealed game (give the command again: it asks for new dice). A tampered client signs it
    as a ``command`` entry after its own undo of a revealed roll: the undone roll came back with its old faces, and
    the save, one command behind its chain, stopped the game (every later command was queued). Refused."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "roll 1d6 weather")
    assert bob.receive(alice.send("3-alice")) == 0
    assert alice.receive(bob.send("4-bob")) == 0
    alice.play("undo")  # the app's own undo entry: the roll stays in the log, undone
    tampered = _signed(alice, "5-alice", "command", "redo")
    before = bob.everything()
    _err(capsys)
    code = bob.receive(tampered)
    err = _err(capsys)
    assert code == 2 and err.count("\n") == 1 and "redo" in err
    assert bob.everything() == before


def _own_game_posing_as(attacker: Side, victim: Side, sides: tuple[str, str], pad: int, *commands: str) -> bytes:
    """A chain file of a NEW game the attacker makes against the victim (who never accepted it), the attacker on side
    ``sides[0]``, with ``pad`` notes standing for the commands the victim's save already holds and then ``commands``,
    all signed by the attacker alone; written as the victim's chain file would be (``me``: the victim)."""
    from tui.pbem.game import PbemGame
    from tui.pbem.keys import key_path, load_key

    signer = load_key(key_path(attacker.keys))
    scenario = json.loads(_chain_file(victim.save).read_bytes())["entries"][0]["body"]["scenario"]
    work = attacker.home / "forged"
    work.mkdir()
    made = PbemGame.new(work / "g.pbem.json", signer, victim.fingerprint, sides[0], sides[1], scenario,
                        folder=work / "keys")
    for i in range(pad):
        made.command(f"note {i}")
    for command in commands:
        made.command(command)
    value = json.loads((work / "g.pbem.json").read_bytes())
    value["me"] = victim.fingerprint
    return json.dumps(value).encode()


def test_a_chain_file_swapped_for_a_game_the_victim_never_accepted_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The opponent can write the folder of the victim's save (the threat model's shared folder). He puts there, as the
    victim's chain file, the chain of a new game he made against the victim, who never accepted it, giving himself the
    victim's side. The victim's app found no private copy of that game (so no note), took it as the save's chain and
    played the attacker's commands into the victim's save: the Allied player's Raider Table result, signed by the Axis
    player alone. The app must refuse a chain file that is not the save's game (or that the victim never joined)."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert bob.receive(alice.send("3-alice")) == 0
    held = len(_events(bob))
    forged = _own_game_posing_as(alice, bob, ("allies", "axis"), held, "raid-engage raid-1 --result 0")
    before = bob.save.read_bytes()
    _chain_file(bob.save).write_bytes(forged)  # the attacker writes the shared folder
    _err(capsys)
    code = bob.run("exec", str(bob.save), "note my move")
    err = _err(capsys)
    assert [e["command"] for e in _events(bob)][held:] == []  # nothing of the forged game played into the save
    assert code == 2 and err.count("\n") == 1
    assert bob.save.read_bytes() == before


def test_a_save_forged_in_the_shared_folder_with_as_many_commands_as_its_chain_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The opponent can write the folder of the victim's save. He puts there a save of the same scenario that holds as
    many commands as the victim's chain, but other ones (a save replays to its state, so it passes the store's check):
    the app took the save's commands as the chain's first ones without comparing them, and played and signed the
    victim's next orders on a game the chain does not give (here Allied first, where both had agreed Axis). The app
    must refuse a save whose commands are not its chain's (or rebuild it from the chain), nothing signed."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(alice.send("3-alice")) == 0
    chain_before = _chain_file(bob.save).read_bytes()
    bob.save.write_bytes(_forged_save(alice, bob, "answer first allies"))  # the attacker writes the shared folder
    forged = bob.save.read_bytes()
    _err(capsys)
    code = bob.run("exec", str(bob.save), "note my move")
    err = _err(capsys)
    assert [e["command"] for e in _events(bob)] == ["answer first allies"]  # (the forged save, as it is)
    assert code == 2 and err.count("\n") == 1
    assert _chain_file(bob.save).read_bytes() == chain_before  # nothing signed on the forged game
    assert bob.save.read_bytes() == forged


@pytest.mark.parametrize("line", ["NOTE the Axis player concedes", ":note the Axis player concedes",
                                  "Note the Axis player concedes"])
def test_a_note_in_capitals_is_still_logged_as_its_authors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str) -> None:
    """A note is either side's and is logged as its author's (play.py passes the author as ``signer`` when the
    entry's first word is ``note``). A tampered client of the Allied player signs ``NOTE ...`` (or ``:note``): the
    engine reads it as a note, but play.py did not see the word, so it was logged as the note of the side acting in
    the segment: the Axis player's, in both saves. It must be logged as the Allied player's (or refused)."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)  # the Axis player's segment
    assert bob.receive(alice.send("3-alice")) == 0
    tampered = _tampered(bob, "4-bob", line)
    code = alice.receive(tampered)
    last = _events(alice)[-1]
    assert code == 2 or (last["command"] == "note the Axis player concedes" and last["actor"] == "allies"), last["actor"]


def test_a_save_whose_sealed_faces_were_changed_in_the_shared_folder_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same attack on a die: the opponent rewrites the victim's save in the shared folder with the same commands
    but other faces for a sealed roll (the save replays to its state, so the store's check passes). The victim's app
    went on from the forged faces and signed his next order on them; the faces are the chain's stream's, which the app
    can check: it must refuse the save (or rebuild it from the chain), nothing signed."""
    from tui.cli import _create
    from tui.rules.core.dice import Roll

    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis", "roll 1d6 weather")
    assert bob.receive(alice.send("3-alice")) == 0  # Bob reveals: the roll is played with its sealed face
    [roll] = _events(bob)[-1]["dice"]
    forged_face = 6 if roll["faces"] != [6] else 1
    scenario = json.loads(_chain_file(bob.save).read_bytes())["entries"][0]["body"]["scenario"]
    fake = alice.home / "forged" / "game.json"
    made = _create(fake, data_dir(), "awaw", scenario, seed=0, dice="sealed")
    assert made.execute("answer first axis", "exec").ok
    forge = lambda dice, purpose: Roll(str(dice), (forged_face,), dice.modifier, "sealed", None, purpose,  # noqa: E731
                                       request=roll["request"])
    assert made.execute("roll 1d6 weather", "exec", sealed_dice=forge).ok
    made.close()
    chain_before = _chain_file(bob.save).read_bytes()
    bob.save.write_bytes(fake.read_bytes())  # the attacker writes the shared folder
    forged = bob.save.read_bytes()
    _err(capsys)
    code = bob.run("exec", str(bob.save), "note my move")
    err = _err(capsys)
    assert _events(bob)[-1]["command"] == "roll 1d6 weather"  # nothing played on the forged faces
    assert code == 2 and err.count("\n") == 1
    assert _chain_file(bob.save).read_bytes() == chain_before
    assert bob.save.read_bytes() == forged


def _record(side: Side) -> Path:
    """The side's private copy of its chain (tui/pbem/record.py), beside its seeds."""
    game = json.loads(_chain_file(side.save).read_bytes())["game"]
    return side.keys / "games" / f"{game}.chain.json"


@pytest.mark.parametrize("branch", [[1], ["x"], [None]])
def test_a_fork_kept_with_a_branch_of_non_entries_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], branch: list) -> None:
    """Finding 9's rule: a hostile chain file gives one line, never a traceback. A fork record whose two entries are a
    true proof (the opponent signs two entries at one index, as he may) but whose branch holds something that is not
    an entry passed the check of the chain file, and `pbem branch GAME` then raised TypeError in entry_hash."""
    from tui.pbem.chain import make_entry
    from tui.pbem.keys import key_path, load_key

    alice, bob = start(tmp_path, "awaw", "axis")
    value = json.loads(_chain_file(bob.save).read_bytes())
    signer = load_key(key_path(alice.keys))
    last = value["entries"][-1]
    one, two = (make_entry(signer, value["game"], last["n"] + 1, "0" * 64, "command", {"command": text})
                for text in ("note a", "note b"))
    value["forks"] = [{"known": one, "other": two, "branch": branch, "kept": None}]
    data = json.dumps(value)
    _record(bob).write_text(data)  # as finding 9's test: the chain file and the private copy, both hostile
    _chain_file(bob.save).write_text(data)
    capsys.readouterr()
    code = bob.run("branch", str(bob.save))
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1


def test_a_request_with_typed_dice_never_stops_the_victims_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed dice are refused in a game that does not allow them, and a command that types dice cannot wait behind a
    sealed roll. A tampered client signs a *request* whose command types its own faces (``--dice 6``): nothing checks
    it when the file comes (a request waits for its dice), the victim reveals, and the typed faces stand in for the
    sealed stream: play.py then raised "it types physical dice", after the reveal entry was written, at every open of
    the game: the victim's game stopped for good. It must be refused when the file comes (nothing changed) or noted
    as refused on its reveal, and the game go on."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    tampered = _signed(alice, "3-alice", "request", "roll 1d6 weather --dice 6")
    before = bob.everything()
    _err(capsys)
    code = bob.receive(tampered)
    err = _err(capsys)
    assert code == 2 and err.count("\n") == 1 and "entry 5" in err and "--dice" in err, err
    assert bob.everything() == before  # refused when the file comes: nothing taken in, nothing revealed
    assert all(roll["source"] != "typed" for e in _events(bob) for roll in e["dice"])


@pytest.mark.parametrize("command", ["roll 1d6 \x1b]0;owned\x07", "roll 1d6 " + "\\" * 1990, "roll 1d6 " + "'" * 1990],
                         ids=["control", "backslashes", "quotes"])
def test_a_request_refused_on_its_reveal_is_always_noted_and_the_game_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    """A request the rules refuse when its dice come is noted as refused, with its command quoted in the note, and the
    game goes on. A tampered client signs a request whose command the note cannot hold: a control character (a
    typed command is refused for it), or 2,000 backslashes or quotes (each written twice in the note: past the 4,000
    characters of a command line). The note was refused, play.py raised, after the reveal entry was written, at every
    open of the game: the victim's game stopped for good. Refused when the file comes, or noted; the game goes on."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    tampered = _signed(alice, "3-alice", "request", command)
    before = bob.everything()
    _err(capsys)
    code = bob.receive(tampered)
    err = _err(capsys)
    assert "Traceback" not in err and code in (0, 2)
    if code == 2:  # a control character: refused when the file comes, in one line, nothing taken in
        assert err.count("\n") == 1 and "entry 5" in err and "\x1b" not in err
        assert bob.everything() == before
    else:  # played (a roll for the log may say anything), or, refused, noted all the same: the game goes on
        assert _events(bob)[-1]["command"].startswith(("roll 1d6", "note 'refused on reveal: entry 5"))
        assert alice.receive(bob.send("4-bob")) == 0
        assert alice.run("exec", str(alice.save), "note the game goes on") == 0, _err(capsys)


def test_a_roll_for_the_log_is_logged_as_its_authors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"A note or a roll for the log is either side's and logged as its author's" (commit 1f372c7). The Allied player
    rolls for the log in the Axis player's segment and writes a note behind it, with the app as it is (both signed as
    requests, played on Alice's reveal): play.py passes the author only for ``command`` entries, so the roll and the
    note were logged as the Axis player's in both saves, as if she had written them."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play(*AWAW_MOVEMENT)  # the Axis player's segment
    assert bob.receive(alice.send("3-alice")) == 0
    bob.play("roll 2d6 Allied weather", "note the Allies wait")  # the note waits behind the roll: a request too
    assert alice.receive(bob.send("4-bob")) == 0  # she reveals; his roll and his note are played
    roll, note = _events(alice)[-2:]
    assert roll["command"] == "roll 2d6 Allied weather" and roll["dice"][0]["source"] == "sealed"
    assert note["command"] == "note the Allies wait"
    assert (roll["actor"], note["actor"]) == ("allies", "allies")


def _requests(side: Side, name: str, *commands: str) -> Path:
    """``commands`` signed by a tampered client as requests on the opponent's newest commitment, in order, and the turn
    file that carries them."""
    from tui.pbem.game import PbemGame
    from tui.pbem.keys import key_path, load_key

    chain = PbemGame.open(_chain_file(side.save), load_key(key_path(side.keys)), folder=side.keys)
    for command in commands:
        chain.request(command)
    out = side.files / name
    out.write_bytes(chain.send())
    return out


def test_a_request_that_changes_nothing_never_puts_the_save_out_of_step_with_its_chain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ``command`` entry that changes nothing is refused ("it changes nothing in the game"), but a request is not
    checked so: a tampered client signs ``help`` as a request, then ``next``. On the reveal ``help`` was played with no
    event in the save, so the save was one command behind its chain, and at every later open of the game the chain's
    next step was played again: the victim's game moved on one segment more each time he opened it. It must be
    refused (or noted), and the save keep one event per step."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    tampered = _requests(alice, "3-alice", "help", "next")
    _err(capsys)
    code = bob.receive(tampered)
    assert code in (0, 2) and "Traceback" not in _err(capsys)
    bob.run("exec", str(bob.save), "note once")
    bob.run("exec", str(bob.save), "note twice")
    commands = [e["command"] for e in _events(bob)]
    assert commands.count("next") <= 1, commands


def test_one_side_may_not_close_the_logistics_production_phase_before_the_other_has_produced() -> None:
    """Logistics, Factories ¶3: in the Production Phase each player's cities produce (the cities of both sides have
    factories here). The segment names no acting side, so moving on was anyone's: the player who holds the turn file
    produced, gave `next` (and `next` again, into the next turn), and the other player's production of the turn was
    gone. "Moving on must not take a right from the other side": the owners check (run by both apps, here on the game
    reached without sealed dice) must refuse the Allied player's `next` while Axis cities may still produce."""
    from tui.engine.deciders import applied, whose
    from tui.pbem.owners import not_theirs

    game = _logistics_at("production/produce")
    world = game.state.world
    assert {world.control(city) for city in world.factories} == {"allied", "axis"}  # both sides may produce
    trial, result = whose(game, "next")
    assert applied(result)
    assert not_theirs(game, trial, "allied", result) != ""


def test_refused_a_request_asking_the_app_to_roll_and_a_command_changing_the_dice_setting(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as they should be (kept as cover): a tampered request with ``--roll`` (the app's own dice, which the
    roller could re-run) is noted as refused on its reveal and the game goes on; a ``command`` entry ``set dice app``
    (out of sealed dice) is refused when the file comes, naming the entry, nothing changed."""
    alice, bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    assert bob.receive(_signed(alice, "3-alice", "request", "roll 1d6 weather --roll")) == 0
    assert "refused on reveal" in _events(bob)[-1]["command"]
    assert all(roll["source"] != "app" for e in _events(bob) for roll in e["dice"])
    assert alice.receive(bob.send("4-bob")) == 0
    tampered = _signed(alice, "5-alice", "command", "set dice app")
    before = bob.everything()
    _err(capsys)
    assert bob.receive(tampered) == 2
    err = _err(capsys)
    assert err.count("\n") == 1 and "set dice app" in err
    assert bob.everything() == before


def _logistics_at(segment: str, seed: int = 3, until=lambda game: True):  # noqa: ANN001, ANN202 - a Game
    """A Logistics game (app dice, no pbem) moved on to ``segment`` (the first time ``until`` holds there), the way both
    apps would meet it."""
    from tui.session import memory_game

    game = memory_game(data_dir(), "logistics", None, seed=seed, dice="app")
    for _ in range(200):
        if game.segment.key == segment and until(game):
            return game
        rolls = [p.id for p in game.state.flow.pending if p.kind == "roll"]
        result = game.execute(f"answer {rolls[0]} roll", "exec") if rolls else None
        if result is None or not result.ok:
            assert game.execute("next --force", "exec").ok
    raise AssertionError(f"{segment} not reached")


def test_the_growth_of_a_city_is_its_owners_choice_not_the_enemys() -> None:
    """Logistics, Factories ¶6: at the end of production each city below its maximum grows by 1 PP, and the app asks
    which factory (prompt ``grow-CITY``). Its answer names no side (the handler gives none, and the segment has no
    acting side), so it was either side's: the Allied player chose the factory an Axis city grows (as RULINGS L4 gives
    a city's resource PPs to its owner, S-LOG6). Refused from the player who does not hold the city."""
    from tui.engine.deciders import applied, whose
    from tui.pbem.owners import not_theirs

    def axis_grows(game) -> list:  # noqa: ANN001
        world = game.state.world
        return [p for p in game.state.flow.pending if p.effect == "grow" and world.control(p.subject) == "axis"]

    game = _logistics_at("production/production-end", seed=1, until=axis_grows)
    grows = axis_grows(game)
    assert grows, [p.id for p in game.state.flow.pending]
    prompt = grows[0]
    trial, result = whose(game, f"answer {prompt.id} {prompt.choices[-1]}")
    assert applied(result)
    assert not_theirs(game, trial, "allied", result) != ""



@pytest.mark.parametrize("forks", [5, True, 1.5])
def test_verify_of_a_hostile_chain_file_with_odd_forks_says_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], forks: object) -> None:
    """`pbem verify CHAIN` checks a chain file alone (one the opponent sends as proof, say). Its entries are checked,
    but its ``forks`` was only read as ``value.get("forks") or []``: a number there raised TypeError (len of an int)
    after every roll's proof was printed. One line, no traceback."""
    from tui.cli import main

    alice, _bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    value = json.loads(_chain_file(alice.save).read_bytes())
    value["forks"] = forks
    hostile = tmp_path / "shared" / "proof.pbem.json"
    hostile.write_text(json.dumps(value))
    capsys.readouterr()
    code = main(["pbem", "verify", str(hostile)])
    err = capsys.readouterr().err
    assert "Traceback" not in err and code in (0, 1, 2)


@pytest.mark.parametrize("game", ["a\x00b", "../" * 3 + "x"])
def test_verify_of_a_hostile_chain_file_naming_an_odd_game_says_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    """`pbem verify CHAIN` compares the chain file with the private copy of the player it names, found by the game id
    the file's top says, which is not checked there: a NUL in it raised ValueError (embedded null byte) from lstat,
    a traceback; (a path in it, ``../``, is looked up outside the private folder, under ``.chain.json``). One line."""
    from tui.cli import main

    alice, _bob = start(tmp_path, "awaw", "axis")
    alice.play("answer first axis")
    value = json.loads(_chain_file(alice.save).read_bytes())
    value["game"] = game
    hostile = tmp_path / "shared" / "proof.pbem.json"
    hostile.write_text(json.dumps(value))
    capsys.readouterr()
    code = main(["pbem", "verify", str(hostile), "--keys", str(alice.keys)])
    err = capsys.readouterr().err
    assert "Traceback" not in err and code in (0, 1, 2)
