"""The harbormaster command: new, exec (non-zero on a refusal that changed nothing), show, restore, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def save(tmp_path: Path, capsys) -> Path:
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "new", str(path), "--seed", "5")
    assert code == 0 and "Jan I 1943" in out
    return path


def test_new_refuses_to_overwrite(save: Path, capsys) -> None:
    before = save.read_bytes()
    code, _, err = run(capsys, "new", str(save))
    assert code == 2 and "already exists" in err and save.read_bytes() == before


def test_exec_applies_commands_and_stops_at_a_refusal(save: Path, capsys) -> None:
    code, out, _ = run(capsys, "exec", str(save), "hit Alexandria 3", "collateral Alexandria on")
    assert code == 0 and "ok: hit Alexandria 3" in out
    before = save.read_bytes()
    code, out, err = run(capsys, "exec", str(save), "use Alexandria 2")
    assert code == 1 and "refused: use Alexandria 2" in err and "nothing was changed" in err
    assert save.read_bytes() == before  # RULINGS E1: 1.5 REs, so 2 is over capacity


def test_exec_asks_for_dice_when_the_game_takes_typed_dice(tmp_path: Path, capsys) -> None:
    path = tmp_path / "t.json"
    assert run(capsys, "new", str(path), "--dice", "typed")[0] == 0
    code, _, err = run(capsys, "exec", str(path), "roll 2d6")
    assert code == 1 and "--dice" in err
    code, out, _ = run(capsys, "exec", str(path), "roll 2d6 --dice 6,6")
    assert code == 0 and "= 12 (typed)" in out


def test_show_json_includes_explanations(save: Path, capsys) -> None:
    run(capsys, "exec", str(save), "hit Alexandria 3", "collateral Alexandria on")
    code, out, _ = run(capsys, "show", str(save), "ports", "--json")
    ports = {p["name"]: p for p in json.loads(out)["ports"]}
    alex = ports["Alexandria"]
    assert code == 0 and alex["re_capacity"] == 1.5 and alex["acts_as"] == "minor"
    assert alex["explanations"]["RE capacity"]["terms"] and "31.A" in alex["explanations"]["RE capacity"]["rule"]


@pytest.mark.parametrize("view, expect", [("ports", "Tobruk"), ("markers", "Reduced"), ("phase", "▶"), ("log", "empty")])
def test_show_text_views(save: Path, capsys, view: str, expect: str) -> None:
    code, out, _ = run(capsys, "show", str(save), view)
    assert code == 0 and expect in out


@pytest.mark.parametrize(
    "content, problem",
    [(b"", "empty"), (b'{"_default": {}', "JSON"), (b'{"a": 1}', "not a Harbormaster save")],
)
def test_damaged_saves_are_named_and_never_touched(tmp_path: Path, capsys, content: bytes, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = run(capsys, "show", str(path), "ports")
    assert code == 2 and "bad.json" in err and problem.lower() in err.lower()
    assert path.read_bytes() == content


def test_restore_puts_back_the_newest_good_backup(save: Path, capsys) -> None:
    run(capsys, "exec", str(save), "hit Naples", "hit Naples")
    save.write_bytes(save.read_bytes()[:100])  # damaged
    code, _, err = run(capsys, "show", str(save), "ports")
    assert code == 2 and "restore" in err
    code, out, _ = run(capsys, "restore", str(save))
    assert code == 0 and "Restored" in out
    code, out, _ = run(capsys, "show", str(save), "ports", "--json")
    naples = next(p for p in json.loads(out)["ports"] if p["name"] == "Naples")
    assert code == 0 and naples["re_capacity"] == 5.5  # the backup before the last hit
    assert list(save.parent.glob("g.json.broken*"))  # the damaged file is kept


def test_version_and_help(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and "harbormaster" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "exec" in capsys.readouterr().out


def test_help_names_the_default_save(capsys, monkeypatch, tmp_path) -> None:
    """Issue 22, README: ``harbormaster --help`` shows where the default save is, and creates nothing there."""
    monkeypatch.setenv("HARBORMASTER_HOME", str(tmp_path / "home"))
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0 and f"Your default save: {tmp_path / 'home' / 'default.json'}" in out
    assert not (tmp_path / "home").exists()
