"""Issue 32, "the screen": the Exchange mode (``9``) of a game played by turn file shows whose move it is, what waits
to be sent, what came last, what waits for dice, and the state of every roll: verified (the save's faces are the ones
the revealed stream gives), open (waiting for the reveal) or typed (unverifiable). A pilot drives it; a snapshot at a
fixed size, with fixed keys, seeds, nonce and clock, shows it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

from unittest import mock

import pytest

from test_pbem_play import AWAW_MOVEMENT, Side, fixed_seeds  # noqa: F401  (the seeds fixture is autouse there)
from test_snapshots import SIZE, fixed_clock, quiet, rendered
from pilot_keys import until
from tui.app import make_app
from tui.paths import data_dir
from tui.pbem import dice as pbem_dice
from tui.pbem import game as pbem_game
from tui.session import open_game

SENT_AT = "2026-11-21T12:00:00Z"


def _fixed_key(side_home: Path, name: str) -> None:
    """A key from a fixed seed (32 raw bytes, as `pbem key` would read it): the same fingerprints on every run."""
    folder = side_home / ".config" / "harbormaster" / "pbem"
    folder.mkdir(parents=True, mode=0o700)
    for parent in (folder, folder.parent, folder.parent.parent):
        parent.chmod(0o700)
    path = folder / "key.pem"
    path.write_bytes(hashlib.sha256(f"exchange screen key {name}".encode()).digest())
    path.chmod(0o600)


def played(base: Path, count: Iterator[int] | None = None) -> tuple[Side, Side]:
    """Alice (the Allies) and Bob (the Axis) in ``base``, with fixed keys, seeds, nonce and sending times. Bob played
    the movement and a raid; Alice, the defender, rolled the raid's first engagement attempt (21.5341: her roll), Bob
    revealed for it; Alice received his file, then asked for the second attempt's roll (open, not sent yet). Also the
    README's Exchange scene (tests/test_snapshots_pbem.py). ``count`` numbers the seeds (a test goes on drawing from
    it)."""
    count = count or iter(range(10_000))
    with mock.patch.object(pbem_game.os, "urandom", lambda n: b"\x07" * n), \
            mock.patch.object(pbem_game, "now_text", lambda: SENT_AT), \
            mock.patch.object(pbem_dice, "new_seed", lambda: hashlib.sha256(b"seed %d" % next(count)).digest()):
        _fixed_key(base / "alice", "alice")
        _fixed_key(base / "bob", "bob")
        alice, bob = Side(base, "alice"), Side(base, "bob")
        assert alice.run("new", str(alice.save), "--side", "allies", "--opponent", bob.fingerprint, "--ruleset", "awaw") == 0
        assert bob.run("join", str(bob.save), str(alice.send("1-alice")), "--opponent", alice.fingerprint) == 0
        assert alice.receive(bob.send("2-bob")) == 0
        alice.play(AWAW_MOVEMENT[0])  # who moves first: no side owns it
        assert bob.receive(alice.send("3-alice")) == 0
        bob.play(*AWAW_MOVEMENT[1:], 'raid "Atlantic SW" --by Tirpitz,Hipper')
        assert alice.receive(bob.send("4-bob")) == 0
        alice.play("raid-engage raid-1")
        assert bob.receive(alice.send("5-alice")) == 0
        assert alice.receive(bob.send("6-bob")) == 0
        alice.play("raid-engage raid-1")
    return alice, bob


@pytest.fixture
def sides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Side, Side]:
    """:func:`played` in the test's folder; what the test does after it keeps the fixed nonce, sending time and seeds."""
    count = iter(range(10_000))
    monkeypatch.setattr(pbem_game.os, "urandom", lambda n: b"\x07" * n)
    monkeypatch.setattr(pbem_game, "now_text", lambda: SENT_AT)
    monkeypatch.setattr(pbem_dice, "new_seed", lambda: hashlib.sha256(b"seed %d" % next(count)).digest())
    return played(tmp_path, count)


def _app(side: Side, keys: Path | None = None) -> Any:
    """The app on the player's save as `harbormaster GAME` opens a sealed game (read-only, with its Exchange mode);
    the key read from the player's key folder (the app uses the config folder)."""
    from tui import cli

    game = cli._sealed_read_only(open_game(side.save, data_dir(), mode="write"), side.save, data_dir())
    assert game.read_only and game.exchange_source == (side.save.with_name("game.pbem.json"), None)
    game.exchange_source = (game.exchange_source[0], keys or side.keys)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def _exchange(pilot: Any) -> None:
    await pilot.press("9")
    await until(pilot, lambda: pilot.app.screen.__class__.__name__ == "ExchangeScreen" and rendered(pilot.app))
    await quiet(pilot)


def _text(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_the_exchange_mode_shows_the_move_what_waits_and_every_roll(sides: tuple[Side, Side]) -> None:
    alice, bob = sides
    app = _app(alice)
    async with app.run_test(size=SIZE) as pilot:
        await _exchange(pilot)
        state = _text(app, "#exchange-state")
        assert f"You:      {alice.fingerprint} (allies)" in state and f"Opponent: {bob.fingerprint} (axis)" in state
        assert "Your move: play (harbormaster pbem exec), then send your turn file" in state
        assert "To send: 1 entry of yours (19)" in state
        assert "Received last: entries 17 to 18 from them" in state
        assert "Queued: entry 19 by you: raid-engage raid-1 (waits for its dice)" in state
        assert "OPEN: commitment entry 18 by them: 1 request(s) waiting, 0 turn file(s) sent since" in state
        table = app.screen.query_one("#exchange-rolls")
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [["15", "you", "raid-engage raid-1", "✓ verified", "1d6=6", "entry 14 by them"],
                        ["19", "you", "raid-engage raid-1", "… open: waits for the reveal", "", "entry 18 by them"]]
        assert _text(app, "#exchange-count") == "2 roll(s): 1 verified, 1 open, 0 typed"
        # Bob's view of the same game, after Alice sends: his move is to reveal; the roll waits on his commitment.
        assert alice.run("send", str(alice.save), "-o", str(alice.files / "5-alice")) == 0
        await until(pilot, lambda: "Their move" in _text(app, "#exchange-state"), timeout=10)  # read again
        assert "Their move: you sent entries 19 to 20 at 2026-11-21T12:00:00Z" in _text(app, "#exchange-state")
        assert "To send: nothing new of yours." in _text(app, "#exchange-state")
    app = _app(bob)
    async with app.run_test(size=SIZE) as pilot:
        await _exchange(pilot)
        state = _text(app, "#exchange-state")
        assert "Received last: entries 15 to 16 from them" in state and "Queued" not in state


async def test_a_face_changed_in_the_save_shows_as_a_mismatch(sides: tuple[Side, Side]) -> None:
    """The Exchange checks the save's faces against the revealed stream: a save edited behind the player's back (a
    roll's face changed) shows the roll as a MISMATCH."""
    alice, _bob = sides
    value = json.loads(alice.save.read_text())
    for event in value["events"].values():
        for roll in event.get("dice", ()):
            if roll.get("request"):
                roll["faces"] = [1]
    alice.save.write_text(json.dumps(value))
    game = open_game(alice.save, data_dir(), mode="read", verify=False, clock=fixed_clock)
    game.exchange_source = (alice.save.with_name("game.pbem.json"), alice.keys)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await _exchange(pilot)
        table = app.screen.query_one("#exchange-rolls")
        assert [str(c) for c in table.get_row_at(0)][3:5] == ["✗ MISMATCH", "1d6=1"]
        assert _text(app, "#exchange-count") == "2 roll(s): 1 verified, 1 open, 0 typed, 1 MISMATCH".replace(
            "1 verified", "0 verified")


async def test_without_the_players_key_the_mode_says_why(sides: tuple[Side, Side], tmp_path: Path) -> None:
    alice, _bob = sides
    app = _app(alice, keys=tmp_path / "nobody")
    async with app.run_test(size=SIZE) as pilot:
        await _exchange(pilot)
        assert _text(app, "#exchange-state") == (f"The chain cannot be read as yours: there is no key at "
                                                 f"{tmp_path / 'nobody' / 'key.pem'}; make one with: harbormaster pbem key")


async def test_a_game_not_played_by_turn_file_has_no_exchange_mode() -> None:
    from tui.session import memory_game

    app = make_app(memory_game(data_dir(), "awaw", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("9")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "PhasesScreen" and not app.has_mode("exchange")


async def test_the_log_marks_sealed_typed_and_waiting_rolls_apart(sides: tuple[Side, Side]) -> None:
    """The Log colours each roll by its source (sealed green, typed yellow, the app's cyan) and, in a game played by
    turn file, says how many signed commands wait for their dice (they are not in the log yet)."""
    from tui.widgets.event_log import DICE_STYLE, dice_cell

    alice, _bob = sides
    app = _app(alice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await until(pilot, lambda: app.screen.__class__.__name__ == "LogScreen" and rendered(app))
        assert str(app.screen.query_one("#log-count").render()).endswith(
            " · 1 command(s) wait for their dice: 9 Exchange")
        sealed = [e for e in app.game.events if e["dice"]]
        cell = dice_cell(sealed[-1], "")
        assert cell.plain == "1d6=6 sealed" and cell.spans[0].style == DICE_STYLE["sealed"] == "green"
    mixed = {"dice": [{"spec": "1d6", "faces": [4], "source": "typed"}, {"spec": "2d6", "faces": [1, 2], "source": "app"}]}
    cell = dice_cell(mixed, "")
    assert cell.plain == "1d6=4 typed; 2d6=1+2 app"
    assert [s.style for s in cell.spans] == ["yellow", "cyan"]
    assert [s.style for s in dice_cell(mixed, "dim strike").spans] == ["dim strike", "dim strike"]


def test_a_revealed_request_that_drew_no_dice_is_shown_as_played(sides: tuple[Side, Side]) -> None:
    """A command queued behind a roll that draws no dice itself (a note, after the second engagement attempt) is a
    request too: once played it is "no dice", not "not played yet" (seen in the hand-played turn)."""
    from tui.pbem.exchange import exchange_view

    alice, bob = sides
    alice.play("note the raiders escaped twice")
    assert bob.receive(alice.send("7-alice")) == 0
    view = exchange_view(bob.save.with_name("game.pbem.json"), bob.keys, _events(bob))
    assert [(r.n, r.command, r.state, r.faces) for r in view.rolls] == [
        (15, "raid-engage raid-1", "verified", "1d6=6"),
        (19, "raid-engage raid-1", "verified", "1d6=2"),
        (20, "note the raiders escaped twice", "no dice", "none drawn")]
    assert view.waiting == () and view.open == ()


def test_a_queued_command_the_rules_refuse_when_its_dice_come_is_shown_refused(sides: tuple[Side, Side]) -> None:
    """The defender declines the defending ships behind the second engagement attempt. That attempt escaped detection
    (1d6 = 2), so no ships may engage and the decline is refused when the dice come (21.5341): a note in the log says
    so on both sides, and the Exchange shows it refused."""
    from tui.pbem.exchange import exchange_view

    alice, bob = sides
    alice.play("raid-ships raid-1 --decline")
    assert bob.receive(alice.send("7-alice")) == 0
    view = exchange_view(bob.save.with_name("game.pbem.json"), bob.keys, _events(bob))
    assert [(r.n, r.state) for r in view.rolls] == [(15, "verified"), (19, "verified"), (20, "refused")]
    assert _events(bob)[-1]["command"] == ("note 'refused on reveal: entry 20, raid-ships raid-1 --decline: raid-ships: "
                                           "no engagement of raid-1 allows defending ships (21.5341)'")


def _events(side: Side) -> list:
    game = open_game(side.save, data_dir(), mode="read")
    try:
        return list(game.events)
    finally:
        game.close()
