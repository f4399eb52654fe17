"""Issue 32: a game played by turn file changes only through ``harbormaster pbem``; the app opens it read-only."""

from __future__ import annotations

from pathlib import Path

from tui import cli
from tui.paths import data_dir
from tui.session import create_game, open_game
from tui.store.lock import lock_free


def _opened(monkeypatch, path: Path) -> dict:
    seen: dict = {}

    def fake_run_app(game, headless: bool = False, greeting: str = "") -> int:
        seen.update(read_only=game.read_only, reason=game.read_only_reason, free=lock_free(path),
                    dice=game.state.settings.get("dice"))
        game.close()
        return 0

    monkeypatch.setattr(cli, "run_app", fake_run_app)
    assert cli._open([str(path)]) == 0
    return seen


def test_the_app_opens_a_sealed_game_read_only_and_holds_no_lock(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "pbem.json"
    create_game(path, data_dir(), "awaw", dice="sealed").close()
    seen = _opened(monkeypatch, path)
    assert seen == {"read_only": True, "reason": cli.SEALED_WATCHING, "free": True, "dice": "sealed"}
    writer = open_game(path, data_dir(), mode="write")  # nothing of the app's session is left holding the save
    writer.close()


def test_a_game_with_the_apps_dice_still_opens_for_writing(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "table.json"
    create_game(path, data_dir(), "awaw").close()
    seen = _opened(monkeypatch, path)
    assert seen["read_only"] is False and seen["free"] is False and seen["dice"] != "sealed"
