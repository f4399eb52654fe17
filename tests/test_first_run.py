"""Issue 12 point 10: on a first run "Created a new game at ..." was printed to the terminal under the full-screen
app, so the referee saw it only after quitting. The app now says it: a notification and the status line."""

from __future__ import annotations

from pathlib import Path

from tests.test_app_pilot import fixed_clock, status, until
from tui import cli
from tui.app import make_app
from tui.paths import data_dir
from tui.session import memory_game


def test_a_first_run_hands_the_created_message_to_the_app(tmp_path: Path, monkeypatch, capsys) -> None:
    seen: dict[str, str] = {}

    def fake_run_app(game, headless: bool = False, greeting: str = "") -> int:
        seen["greeting"] = greeting
        game.close()
        return 0

    monkeypatch.setattr(cli, "run_app", fake_run_app)
    path = tmp_path / "first.json"
    assert cli._open([str(path)]) == 0
    assert seen["greeting"].startswith(f"Created a new game at {path}")
    assert "Mediterranean" in seen["greeting"]
    assert f"Created a new game at {path}" in capsys.readouterr().out  # still there after quitting too
    assert cli._open([str(path)]) == 0 and seen["greeting"] == ""  # an existing save: no greeting


async def test_the_app_shows_the_greeting_on_the_phases_mode() -> None:
    greeting = "Created a new game at /tmp/x.json — Mediterranean, January 1943"
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False, greeting=greeting)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.current_mode == "phases")
        await pilot.pause()
        assert greeting in status(app)
        assert any(greeting == n.message for n in app._notifications)
