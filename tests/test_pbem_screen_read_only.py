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
        if getattr(game, "side", None) is not None:
            seen["side"] = game.side
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


def test_a_player_sees_a_sealed_game_as_their_side_sees_it(tmp_path: Path, monkeypatch) -> None:
    """Issue 32.6: "Each side's ... screen show only what its per-side view shows today": the app opens a game played
    by turn file as its player's side view, read with the key in their config folder; anyone else (no key, or a key
    that is not a player's) sees the file as it is, read-only."""
    from tests.test_pbem_play import start

    alice, bob = start(tmp_path, "awaw", "axis")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for who, side in ((alice, "axis"), (bob, "allies")):
        monkeypatch.setenv("HOME", str(who.home))
        seen = _opened(monkeypatch, who.save)
        assert seen == {"read_only": True, "reason": cli.SEALED_SIDE.format(side=side.title()), "free": True,
                        "dice": "sealed", "side": side}
    monkeypatch.setenv("HOME", str(tmp_path / "carol"))
    assert _opened(monkeypatch, alice.save) == {"read_only": True, "reason": cli.SEALED_WATCHING, "free": True,
                                                "dice": "sealed"}
