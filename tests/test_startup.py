"""Issue 12 "Faster": what start-up moves off its path still happens, and leaves the process as it found it.

No test here times anything (``scripts/benchmark.py`` prints the figures):
they check that the first screen renders once, that the other modes' style
sheets are read once the first screen is up (so a first mode switch or dialog
makes Textual re-parse nothing), that the garbage collector runs again after
start-up and gives back what it set aside when the app ends, and that opening
a save still checks it whole.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region

from tests.conftest import fixed_clock
from tui.app import HERE, TUI, make_app
from tui.paths import data_dir
from tui.screens.phases import PhasesScreen, last_entry
from tui.session import GameOpenError, create_game, memory_game, open_game


async def test_the_first_screen_renders_the_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster: the Phases mode is rendered once at start, not once on resume and again after refresh."""
    calls: list[int] = []
    original = PhasesScreen.render_game
    monkeypatch.setattr(PhasesScreen, "render_game", lambda self, game: (calls.append(1), original(self, game))[1])
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert len(calls) == 1
        assert "Game turn" in str(app.screen.query_one("#sequence").root.label)
        now = app.screen.query_one("#now")  # drawn in the theme's colours, as Textual's own refresh at start leaves them
        first = next(seg for seg in now.render_lines(Region(0, 0, now.size.width, 1))[0] if seg.text.strip())
        assert first.style is not None and first.style.color is not None
        assert first.style.color.triplet is not None and sum(first.style.color.triplet) > 3 * 128, first.style


async def test_other_modes_style_sheets_are_read_after_the_first_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster: every mode's and dialog's style sheet is read once the first screen is up, so the first
    switch to Ports (or the first dialog) makes Textual re-parse no style sheet."""
    from tui.app import HarbormasterApp
    from tui.app.start import AFTER_FIRST_FRAME

    at_ready: list[bool] = []  # read when the first screen is up (not after a pause: on a busy machine one is long)
    monkeypatch.setattr(HarbormasterApp, "on_ready", lambda self: at_ready.append(
        self.stylesheet.has_source(str(TUI / "screens" / "ports.tcss"), "")), raising=False)
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert at_ready == [False]  # not on the start path
        for _ in range(50):
            await pilot.pause(AFTER_FIRST_FRAME + 0.1)
            if app.stylesheet.has_source(str(TUI / "screens" / "ports.tcss"), ""):
                break
        for sheet in (TUI / "screens").glob("*.tcss"):
            assert app.stylesheet.has_source(str(sheet), ""), sheet.name
        reparsed: list[int] = []
        original = Stylesheet.reparse
        monkeypatch.setattr(Stylesheet, "reparse", lambda self: (reparsed.append(1), original(self))[1])
        await pilot.press("2")
        await pilot.pause()
        assert app.current_mode == "ports"
        assert reparsed == []
        # the ports' own style applies: its table takes the room left by the legend and the "why?"
        assert app.screen.query_one("#ports").region.height > 3


async def test_the_collector_runs_again_after_start_and_gets_back_what_was_set_aside() -> None:
    """Issue 12 Faster: collection pauses only while the first screen is built; the app hands back what it froze."""
    assert gc.isenabled()
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_opening_still_checks_every_event_and_leaves_the_collector_on(tmp_path: Path) -> None:
    """Issue 12 Faster: the open path reads the log once, but a damaged event anywhere is still refused."""
    import orjson

    path = tmp_path / "game.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    assert game.execute("next").ok and game.execute("note one").ok
    game.close()
    reopened = open_game(path, data_dir(), clock=fixed_clock)
    assert [e["command"] for e in reopened.events][-1] == "note one"
    assert last_entry(reopened.events)["command"].startswith("next")
    reopened.close()
    data = orjson.loads(path.read_bytes())
    data["events"]["2"]["status"] = "lost"
    path.write_bytes(orjson.dumps(data))
    with pytest.raises(GameOpenError, match="event 2 has status 'lost'"):
        open_game(path, data_dir(), clock=fixed_clock)
    assert gc.isenabled()


def test_issue19_the_opened_log_is_not_copied_and_no_command_edits_it(tmp_path: Path) -> None:
    """Issue 19 (no copy of the events list at open): the game keeps the store's own event documents; commands, undo
    and redo replace documents, never edit one, so what was read stays as read and the game's log is the save's."""
    import copy

    path = tmp_path / "game.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    assert game.execute("next").ok and game.execute("note one").ok
    game.close()
    game = open_game(path, data_dir(), clock=fixed_clock)
    read = list(game.events)
    kept = copy.deepcopy(read)
    assert all(a is b for a, b in zip(read, game.store.log()))  # not copied
    for line in ("note two", "undo", "undo", "redo", "note three"):  # the last one abandons the undone note
        assert game.execute(line).ok, line
    assert read == kept
    assert game.events == game.store.events()
    assert [e["status"] for e in game.events][-4:] == ["applied", "applied", "abandoned", "applied"]
    game.close()


async def test_issue19_each_style_sheet_is_parsed_once_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 (Textual CSS parsed once): up to the first screen, the app's style sheets are parsed once (Textual's
    refresh when the first mode is shown re-parsed them all with unchanged variables, and the next mount a third
    time); the other modes' sheets, read once it is up, are parsed alone (not every sheet again)."""
    from collections import Counter

    from textual.css import stylesheet as textual_stylesheet

    parsed: Counter[tuple[str, str]] = Counter()
    original = textual_stylesheet.parse

    def counting(scope: str, css: str, read_from: tuple[str, str], *args: object, **kwargs: object) -> object:
        parsed[read_from] += 1
        return original(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counting)
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    app.PREBUILD_AFTER = None  # the start only: no other mode built
    monkeypatch.setattr(app, "_read_later_css", lambda: None)  # after the first screen (its own test below)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        ours = {k: n for k, n in parsed.items() if k[0].startswith(str(HERE))}
        assert parsed[(str(HERE / "app.tcss"), "")] == 1 and set(ours.values()) == {1}, ours
        textual_app = [n for (path, name), n in parsed.items() if name == "App.DEFAULT_CSS"]
        assert textual_app == [1]  # Textual parses a widget's own default CSS again as its tie-breaker grows, not this
        parsed.clear()
        type(app)._read_later_css(app)  # the other modes' sheets, read after the first screen: only they are parsed
        assert parsed and {Path(path).parent for path, _ in parsed} == {TUI / "screens"}, parsed
        assert (str(TUI / "screens" / "phases.tcss"), "") not in parsed


async def test_issue19_a_theme_change_still_restyles_with_its_variables() -> None:
    """Issue 19: the style refresh that skips an unchanged re-parse still re-parses when the theme's variables change."""
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        dark = app.screen.styles.background
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        assert app.stylesheet._variables == app.get_css_variables()
        assert app.screen.styles.background != dark and app.screen.styles.background.brightness > dark.brightness


def test_last_entry_finds_the_last_applied_next_only() -> None:
    """The Phases mode's "what happened on entry": the newest applied ``next``, never ``nextish`` or an undone one."""
    events = [
        {"seq": 1, "status": "applied", "command": "next"},
        {"seq": 2, "status": "applied", "command": "next --force"},
        {"seq": 3, "status": "undone", "command": "next"},
        {"seq": 4, "status": "applied", "command": "nextish"},
        {"seq": 5, "status": "applied", "command": "note next"},
    ]
    assert last_entry(events)["seq"] == 2
    assert last_entry(events[:1])["seq"] == 1
    assert last_entry([{"seq": 1, "status": "applied", "command": 7}]) is None


def test_the_app_imports_no_dialog_and_no_other_mode_before_they_are_needed() -> None:
    """Issue 12 Faster: importing the app (the start path) imports the first screen only: no other mode, no table,
    no dialog; each is imported when first shown. (Run in a fresh interpreter: this process has imported them all.)"""
    import subprocess
    import sys

    code = ("import sys; import tui.app; import tui.session; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('tui.screens.') or m.startswith('tui.widgets.'))))")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout.split()
    assert "tui.screens.phases" in out and "tui.widgets.fitting_footer" in out
    for later in ("tui.screens.action_screen", "tui.screens.ports", "tui.screens.log", "tui.screens.form_prompt",
                  "tui.screens.dice_prompt", "tui.screens.choice_prompt", "tui.screens.command_line",
                  "tui.screens.text_screen", "tui.widgets.view_table", "tui.widgets.table_search"):
        assert later not in out, later


def test_issue19_the_start_builds_no_dataclass_of_ours() -> None:
    """Issue 19: Harbormaster's records are msgspec structs, made in C when their module is imported; a frozen
    dataclass generates and compiles its methods at import (about half a millisecond each: some 25 ms for the ~50 the
    start imports). Opening the default game in a fresh interpreter must build no dataclass from ``tui``, and no
    module of the package declares one."""
    import re
    import subprocess
    import sys

    code = ("import dataclasses, sys; made = []; real = dataclasses._process_class\n"
            "def spy(cls, *a, **k):\n    made.append(cls.__module__ + '.' + cls.__qualname__); return real(cls, *a, **k)\n"
            "dataclasses._process_class = spy\n"
            "from pathlib import Path; import tui.app, tui.cli; from tui.paths import data_dir; from tui.session import create_game\n"
            "import tempfile; game = create_game(Path(tempfile.mkdtemp()) / 'g.json', data_dir(), seed=1)\n"
            "tui.app.make_app(game); game.close()\n"
            "print(' '.join(m for m in made if m.startswith('tui.')))")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout.split()
    assert out == []
    declared = [f"{p.relative_to(root)}:{n}" for p in sorted((root / "tui").rglob("*.py"))
                for n, line in enumerate(p.read_text().splitlines(), start=1) if re.match(r"\s*@(dataclasses\.)?dataclass\b", line)]
    assert declared == []


async def test_a_footer_is_composed_again_only_when_its_keys_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster: Textual composes a footer again whenever the bindings change (each focus change, each screen
    shown); the fitted footer does so only when the keys it shows change, and the first switch to a mode composes
    its footer once."""
    from tui.widgets.fitting_footer import FittingFooter

    composed: list[str] = []
    original = FittingFooter.compose
    def counting(self: FittingFooter):  # an empty compose (bindings not ready, at mount) builds nothing: not counted
        if self._bindings_ready:
            composed.append(type(self.screen).__name__)
        return original(self)

    monkeypatch.setattr(FittingFooter, "compose", counting)
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(FittingFooter)
        keys = [k.key for k in footer.query("FooterKey")]
        composed.clear()
        app.screen.refresh_bindings()  # the same keys: nothing to compose
        await pilot.pause()
        assert composed == []
        await pilot.press("2")
        await pilot.pause()
        assert composed.count("PortsScreen") == 1, composed
        await pilot.press("1")
        await pilot.pause()
        assert "PhasesScreen" not in composed  # shown again with the same keys
        assert [k.key for k in app.screen.query_one(FittingFooter).query("FooterKey")] == keys
        await pilot.resize_terminal(80, 24)  # a new width fits the keys again
        await pilot.pause()
        assert "PhasesScreen" in composed


async def test_a_modes_table_is_built_once_on_its_first_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12 Faster: a mode's table, filled before its first layout, is fitted to the screen's width then, and not
    built again when it gets that width (it was built unfitted, then again fitted)."""
    from tui.widgets.view_table import ViewTable

    built: list[int] = []
    original = ViewTable.show_rows
    monkeypatch.setattr(ViewTable, "show_rows",
                        lambda self, *a: (built.append(self.size.width) if self.id == "ports" else None, original(self, *a))[1])
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
        assert built == [0], built  # filled before its first layout, fitted to the screen's width
        table = app.screen.query_one("#ports", ViewTable)
        assert table.size.width == 120 and table._fitted_to == 120
        await pilot.resize_terminal(80, 24)  # another width: fitted again
        await pilot.pause()
        assert len(built) == 2 and table._fitted_to == 80


@pytest.mark.parametrize("argv", [[], ["game.json"], ["saves/game"], ["--read-only", "g.json"], ["g.json", "--side", "axis"],
                                  ["-x.json"], ["a.json", "b.json"], [""], ["folder/"], ["x" * 300]])
def test_issue19_bare_command_is_read_as_its_parser_reads_it(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19: ``harbormaster`` and ``harbormaster SAVE`` are read without argparse, exactly as the parser reads them;
    anything else (and a path the parser refuses, with its message) still goes through the parser."""
    from tui import cli

    def outcome(read: object) -> object:
        try:
            return vars(read(argv))  # type: ignore[operator]
        except SystemExit as exc:
            return ("exit", exc.code, capsys.readouterr().err)

    assert outcome(cli._open_args) == outcome(lambda a: cli._open_parser().parse_args(a))


def test_issue19_opening_a_save_imports_no_argparse(tmp_path: Path) -> None:
    """Issue 19: ``harbormaster SAVE`` reads its command line without importing argparse (a fresh interpreter)."""
    import subprocess
    import sys

    path = tmp_path / "g.json"
    create_game(path, data_dir(), seed=1, clock=fixed_clock).close()
    code = ("import sys; from tui import cli; cli.run_app = lambda *a, **k: 0; "
            f"cli._open([{str(path)!r}]); print('argparse' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[-1] == "False"
