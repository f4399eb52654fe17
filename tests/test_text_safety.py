"""Issue 18 point 5: control characters never reach a terminal from a command or from a save.

Typed text with a control character is refused with the character named; a save written before that (the
events are edited into the file here) replays as before and is printed with the characters escaped by
``show`` (text and JSON), ``exec``, ``report`` (Markdown and HTML).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tui.cli import main
from tui.engine.command import Command
from tui.paths import data_dir
from tui.rules.core.text import control_problem, json_visible, visible
from tui.session import open_game

EVIL_NOTE = "\x1b]0;pwned\x07\x1b[2J"
EVIL_PORT = "Zo\x1b[2Jrk\x9b31m"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")  # every control character but the line feed


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def save(tmp_path: Path, capsys) -> Path:
    path = tmp_path / "g.json"
    assert run(capsys, "new", str(path), "--seed", "5")[0] == 0
    return path


def old_save(save: Path, capsys) -> Path:
    """A save whose log holds a note and a port name with control characters, as an older version let through."""
    code, _, err = run(capsys, "exec", str(save), "note hello", "port add Zork great axis", "hit Zork 1")
    assert code == 0, err
    text = save.read_text(encoding="utf-8")
    text = text.replace("hello", json.dumps(EVIL_NOTE)[1:-1]).replace("Zork", json.dumps(EVIL_PORT)[1:-1])
    save.write_text(text, encoding="utf-8")
    return save


def strings(data: object) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *strings(v)]]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return []


# ------------------------------------------------------------------ refused when typed
@pytest.mark.parametrize("line, char", [
    (f"note {EVIL_NOTE}", "U+001B"),
    ("note 'a\x07b'", "U+0007"),
    ("note a\x9bb", "U+009B"),
    ("note a\x7fb", "U+007F"),
    ("note 'a\tb'", "U+0009"),  # a tab inside a word
    ("note a\nb", "U+000A"),
    ("port add 'Zo\x1brk' great axis", "U+001B"),
])
def test_issue_18_5_control_characters_are_refused_and_named(save: Path, capsys, line: str, char: str) -> None:
    """Issue 18 point 5: a control character in a command is refused with a one-line message naming it."""
    before = save.read_bytes()
    code, out, err = run(capsys, "exec", str(save), line)
    assert code == 1 and f"control character {char}" in err and "is not allowed" in err
    assert save.read_bytes() == before
    assert not RAW.search(out + err)  # the refusal echoes the line escaped


def test_issue_18_5_a_tab_between_words_reads_as_a_space(save: Path, capsys) -> None:
    """Issue 18 point 5: a tab between words separates them like a space (documented in tui/rules/core/text.py)."""
    code, out, _ = run(capsys, "exec", str(save), "note\thello\tthere")
    assert code == 0 and "Note: hello there" in out


def test_issue_18_5_a_form_command_is_checked_too(tmp_path: Path) -> None:
    """Issue 18 point 5: a command built by a form (not parsed from a line) is refused the same way."""
    from tui.session import create_game

    game = create_game(tmp_path / "g.json", data_dir(), "europa", None, seed=5)
    try:
        result = game.execute(Command("port", ("add", "Zo\x1brk", "great", "axis"), {}, "port add x great axis", "key"))
        assert not result.ok and "control character U+001B" in result.message
        result = game.execute(Command("capture", ("Tobruk", "allied"), {"nation": "a\x07"}, "capture Tobruk allied", "key"))
        assert not result.ok and "control character U+0007" in result.message
        assert not game.events
    finally:
        game.close()


# ------------------------------------------------------------------ an old save, printed escaped
def test_issue_18_5_an_old_save_with_control_characters_still_opens(save: Path, capsys) -> None:
    """Issue 18 point 5: the old save's log replays (its commands are not refused when replayed)."""
    old_save(save, capsys)
    game = open_game(save, data_dir(), mode="read", verify=True)
    try:
        assert any(EVIL_NOTE in e["command"] for e in game.events)
    finally:
        game.close()


@pytest.mark.parametrize("view", ["ports", "log", "markers", "phase"])
def test_issue_18_5_show_text_escapes_control_characters(save: Path, capsys, view: str) -> None:
    """Issue 18 point 5: ``show`` prints names and notes from the save with their control characters escaped."""
    old_save(save, capsys)
    code, out, err = run(capsys, "show", str(save), view)
    assert code == 0, err
    assert not RAW.search(out)
    if view in ("ports", "log"):
        assert visible(EVIL_PORT) in out


@pytest.mark.parametrize("view", ["ports", "log", "markers"])
def test_issue_18_5_show_json_stays_valid_and_escaped(save: Path, capsys, view: str) -> None:
    """Issue 18 point 5: ``show --json`` escapes every control character (C1 and DEL too) and reads back the same."""
    old_save(save, capsys)
    code, out, _ = run(capsys, "show", str(save), view, "--json")
    assert code == 0 and not RAW.search(out)
    data = json.loads(out)
    if view in ("ports", "log"):
        assert any(EVIL_PORT in s for s in strings(data))


def test_issue_18_5_exec_prints_results_escaped(save: Path, capsys) -> None:
    """Issue 18 point 5: ``exec`` results that carry a name from the save print it escaped."""
    old_save(save, capsys)
    code, out, err = run(capsys, "exec", str(save), "hit Zo 1", "why Zo", "undo")
    assert code == 0, err
    assert visible(EVIL_PORT) in out and not RAW.search(out + err)


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_issue_18_5_report_escapes_control_characters(save: Path, capsys, fmt: str) -> None:
    """Issue 18 point 5: a briefing (Markdown or HTML) shows the save's names and notes escaped."""
    old_save(save, capsys)
    code, out, err = run(capsys, "report", str(save), "--format", fmt)
    assert code == 0, err
    assert not RAW.search(out) and "\\x1b" in out


def test_issue_18_5_text_helpers() -> None:
    """Issue 18 point 5: the helpers escape C0, DEL and C1, keep line feeds on request, and name the character."""
    assert visible("a\x1bb\x9bc\x7fd\ne") == "a\\x1bb\\x9bc\\x7fd\\x0ae"
    assert visible("a\nb\tc", lines=True) == "a\nb\\x09c"
    assert json.loads(json_visible(json.dumps("\x9b\x7f", ensure_ascii=False))) == "\x9b\x7f"
    assert control_problem("ok é ü") is None
    assert control_problem("a\tb", tab=True) is None
    assert control_problem("a\x1bb") == "control character U+001B (escape) is not allowed"


# ------------------------------------------------------------------ the screens
def screen_text(app) -> str:
    """What the app's screen shows now, as text (from its SVG screenshot)."""
    import html

    svg = app.export_screenshot()
    return "".join(html.unescape(t) for t in re.findall(r">([^<]*)</text>", svg))


async def test_issue_18_5_the_screens_show_control_characters_escaped(save: Path, capsys) -> None:
    """Issue 18 point 5: the Phases, Markers and Log modes show an old save's names and notes with their control
    characters escaped, never raw (Textual passes ESC through to the terminal otherwise)."""
    from tui.app import make_app

    old_save(save, capsys)
    game = open_game(save, data_dir(), mode="write", verify=True)
    app = make_app(game, cursor_blink=False)
    try:
        async with app.run_test(size=(140, 40)) as pilot:
            for key in ("1", "3", "4"):
                await pilot.press(key)
                await pilot.pause()
                shown = screen_text(app)
                assert "\x1b" not in shown and "\x9b" not in shown, key
                assert "Zo\\x1b[2Jrk" in shown, key
    finally:
        game.close()


async def test_issue_18_5_notifications_never_read_markup(tmp_path: Path) -> None:
    """Issue 18 point 5: a name that looks like Rich markup is notified as plain text."""
    from tui.app import make_app
    from tui.session import memory_game

    game = memory_game(data_dir(), "europa", seed=1)
    app = make_app(game, cursor_blink=False)
    async with app.run_test(size=(140, 40)) as pilot:
        result = await app.execute("port add '[bold]Trap[/bold]' great axis", "line")
        await pilot.pause()
        assert result.ok, result.message
        notes = list(app._notifications)
        assert notes and not any(n.markup for n in notes)
        await app.execute("hit '[/x]'", "line")  # a refusal echoing bad markup: shown, not a crash
        await pilot.pause()
        assert app.is_running
