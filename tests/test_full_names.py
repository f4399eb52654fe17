"""Issue 12 point 9: the log and ``why`` titles use canonical names. ``capture tob axis`` was logged as typed and
``why tob`` was titled "Why: tob"; now the log keeps ``capture Tobruk axis`` and the page reads "Why: Tobruk", in every
rule set, and replaying the log from the save gives the same state."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock, reopen
from tests.test_app_pilot import type_text, until
from tui.app import make_app
from tui.engine.command import Command, parse, with_names
from tui.paths import data_dir
from tui.screens.text_screen import TextScreen
from tui.session import create_game, memory_game

CASES = [
    ("europa", "capture tob ax", "capture Tobruk axis"),
    ("europa", "supply-line tob cent", "supply-line Tobruk 'Central Mediterranean'"),
    ("europa", "hit TOBRUK", "hit Tobruk"),
    ("ocs", "zoc ben on", "zoc Benghazi on"),
    ("ocs", "allowance ax 3", "allowance axis 3"),
    ("awaw", "operational mal no", "operational Malta no"),
    ("logistics", "control bre allied", "control Brenz allied"),
    ("logistics", "control 2314 allied", "control 2314 allied"),  # a hex id is already canonical
]


@pytest.mark.parametrize(("rid", "typed", "logged"), CASES)
def test_the_log_keeps_full_names_and_replays_to_the_same_state(rid: str, typed: str, logged: str, tmp_path: Path) -> None:
    game = create_game(tmp_path / "g.json", data_dir(), rid, seed=1, clock=fixed_clock)
    result = game.execute(typed)
    assert result.ok, result.message
    assert game.events[-1]["command"] == logged and result.command == logged
    state = game.state
    again = reopen(game, data_dir())
    assert again.state == state
    assert again.execute("undo").ok and again.execute("redo").ok and again.state == state


@pytest.mark.parametrize(("rid", "typed", "title"), [
    ("europa", "why tob", "Why: Tobruk"), ("europa", "why cent", "Why: Central Mediterranean"),
    ("ocs", "why ben", "Why: Benghazi"), ("awaw", "why gib", "Why: Gibraltar"), ("logistics", "why bre", "Why: Brenz"),
])
def test_why_is_titled_with_the_full_name(rid: str, typed: str, title: str) -> None:
    result = memory_game(data_dir(), rid, seed=1, clock=fixed_clock).execute(typed)
    assert result.ok and result.message == title


async def test_why_typed_with_a_prefix_opens_a_page_with_the_full_name() -> None:
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "why tob")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        assert app.screen.title_text == "Why: Tobruk"


def test_with_names_replaces_whole_words_runs_and_key_values_only() -> None:
    cmd = parse("port edit Port Sud zone=cent --name tob")
    named = with_names(cmd, [("Port Sud", "Port Sudan"), ("cent", "Central Mediterranean"), ("tob", "Tobruk")])
    assert named.args == ("edit", "Port Sudan", "zone=Central Mediterranean") and named.options == {"name": "Tobruk"}
    assert parse(named.text) == Command(named.verb, named.args, named.options, named.text)
    same = parse("note tob tob")
    assert with_names(same, [("tob", "Tobruk")]).args == ("Tobruk", "tob")  # one resolution, one word
    assert with_names(same, []) is same
