"""Issue 22 at the table, round two: the points still open after the first pass, each pressed or typed as a referee
does — point 9 on the command line (``harbormaster exec SAVE next`` passes the segment's gate as ``n`` does) and
Phases' ``g`` through the same gate; point 13's invasion form, header, writer's name and briefing turn; points 3 and 4
in the Setup mode and the Map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_fixtures import run
from tests.test_app_pilot import fixed_clock
from tui.app import make_app
from tui.paths import data_dir
from tui.rules.core.checklist import still_required
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.session import create_game, memory_game

INTERFERENCE_DUE = "allied-turn/initial/initial-naval"
"""Europa: the Allied initial naval movement; with the Italian interference answered "major", every Allied cargo item
shipped through those zones must be checked (a duty due, 33.A; 33.B.2.b)."""
DUTY = "Allied shipping in Eastern Mediterranean"
"""The start of the duty's line in the gate's list."""


def at_the_duty(game) -> None:
    """Go to the Allied initial naval movement and make the shipping checks due (interference rolled 6: major)."""
    assert game.execute(f"goto {INTERFERENCE_DUE} --force").ok and game.segment.key == INTERFERENCE_DUE
    assert game.execute("answer interference:eastern roll --dice 6").ok


def europa_save_at_a_duty(tmp_path: Path) -> Path:
    """A Europa save in the Allied initial naval movement, its shipping checks due under major Italian interference."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    at_the_duty(game)
    assert any(DUTY in line for line in still_required(game.ruleset, game.state))
    game.close()
    return path


def saved_events(path: Path) -> list[dict]:
    """The events of the save at ``path`` as written."""
    events = json.loads(path.read_text())["events"]
    return [events[k] for k in sorted(events, key=int)]


# ------------------------------------------------------------------ point 9 on the command line
def test_issue_22_point_9_exec_next_lists_the_duties_like_the_screens_gate_and_changes_nothing(tmp_path: Path, capsys) -> None:
    """`harbormaster exec SAVE next` with a duty due (33.B.2.b) is refused with the gate's list, exit 1, file untouched."""
    save = europa_save_at_a_duty(tmp_path)
    before = save.read_bytes()
    code, out, err = run(capsys, "exec", str(save), "next")
    assert code == 1 and out == "", (out, err)
    assert "refused: next" in err and "Still required in Allied player turn › Initial phase › Naval movement:" in err
    assert f"• {DUTY}" in err and "'next --force' to leave anyway" in err and "nothing was changed" in err
    assert save.read_bytes() == before
    code, _, err = run(capsys, "exec", str(save), "goto allied-turn/reinforcement")
    assert code == 1 and f"• {DUTY}" in err and save.read_bytes() == before


def test_issue_22_point_9_exec_next_anyway_leaves_and_the_log_records_what_was_left(tmp_path: Path, capsys) -> None:
    """The explicit flag (`--anyway`, or `--force`) leaves the segment; the event's command and summary record what
    was left undone."""
    save = europa_save_at_a_duty(tmp_path)
    code, out, err = run(capsys, "exec", str(save), "next --anyway")
    assert code == 0 and "ok: next --anyway" in out, err
    event = saved_events(save)[-1]
    assert event["command"] == "next --anyway" and event["source"] == "exec"
    assert f"required item(s) undone: {DUTY}" in event["summary"]
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)  # the old spelling still confirms
    at_the_duty(game)
    assert game.execute("next --force", "exec").ok


def test_issue_22_point_9_exec_next_without_a_duty_goes_on_and_a_replayed_next_is_not_held(tmp_path: Path, capsys) -> None:
    """Nothing due: `exec next` simply advances. A `next` logged before a duty was due keeps replaying (only a next
    by hand passes the gate)."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=1, clock=fixed_clock)
    at_the_duty(game)
    assert game.execute("next").ok  # a line as scripts and older logs ran it: the duty is recorded, not refused
    game.close()
    code, out, err = run(capsys, "exec", str(path), "next")
    assert code == 1 and DUTY in err  # still offered in the next segment
    code, out, _ = run(capsys, "show", str(path), "phase")
    assert code == 0  # the log with the plain next replays


async def test_issue_22_point_9_phases_g_past_a_duty_asks_first_and_back_changes_nothing() -> None:
    """Pilot: Phases `g`, a segment ahead, while the shipping checks are due under major interference (33.A; 33.B.2.b): the gate's list is asked about;
    `n` (Back) leaves the game as it was; `g` again and `y` goes, recorded as forced."""
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    at_the_duty(game)
    events = len(game.events)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for answer in ("n", "y"):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, ChoicePrompt)
            await pilot.press("enter")  # the nearest segment ahead
            for _ in range(100):
                if isinstance(app.screen, ConfirmPrompt):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ConfirmPrompt) and DUTY in app.screen.text
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                for _ in range(20):
                    await pilot.pause(0.02)
                assert len(game.events) == events and game.segment.key == INTERFERENCE_DUE
        for _ in range(100):
            if len(game.events) > events:
                break
            await pilot.pause(0.02)
        event = game.events[-1]
        assert event["command"].startswith("goto ") and event["command"].endswith(" --force"), event["command"]
        assert f"required item(s) undone: {DUTY}" in event["summary"]


async def test_issue_22_point_9_next_typed_at_the_command_line_asks_as_n_does() -> None:
    """Pilot: `:` then `next` Enter while the shipping checks are due under major interference (33.A; 33.B.2.b): the gate's list is asked about ("Go
    ahead?"); `n` (Back) changes nothing; typed again, `y` leaves, recorded as `next --force`."""
    from tests.test_snapshots import KEY_NAMES

    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    at_the_duty(game)
    events = len(game.events)
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for answer in ("n", "y"):
            await pilot.press("colon")
            await until(pilot, lambda: app.screen.is_modal)
            await pilot.press(*[KEY_NAMES.get(c, c) for c in "next"], "enter")
            await until(pilot, lambda: isinstance(app.screen, ConfirmPrompt))
            assert DUTY in app.screen.text
            await pilot.press(answer)
            await until(pilot, lambda: not app.screen.is_modal)
            if answer == "n":
                for _ in range(10):
                    await pilot.pause(0.02)
                assert len(game.events) == events and game.segment.key == INTERFERENCE_DUE
        await until(pilot, lambda: len(game.events) > events)
        assert game.events[-1]["command"] == "next --force" and game.events[-1]["source"] == "line"
        assert f"required item(s) undone: {DUTY}" in game.events[-1]["summary"]


# ------------------------------------------------------------------ point 13: the invasion form
async def invasion_form_text(size: tuple[int, int]) -> tuple[str, list[str], list[int]]:
    """AWAW, pilot: Naval (6), mark the first unit (space), invade (v); the screen's text, the form's labels and the
    lines each label takes."""
    from tests.awaw_game import awaw_game, to
    from tests.test_narrow import screen_text
    from tui.screens.form_prompt import FormPrompt
    from tui.widgets.naval_table import NavalTable

    game = awaw_game()
    to(game, "Invasions, bombardment, raiders, carrier missions")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: bool(app.screen.query(NavalTable)) and app.screen.query_one(NavalTable).row_count > 0)
        await pilot.press("space", "v")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        labels = [f.label + (" *" if f.required else "") for f in app.screen.fields]
        heights = [label.size.height for label in app.screen.query(".form-label")]
        return screen_text(app), labels, heights


async def until(pilot, check, tries: int = 150) -> None:
    """Pause until ``check()`` holds (a loaded machine draws late)."""
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.02)
    assert check()


async def test_issue_22_point_13_the_invasion_forms_labels_are_whole_at_120x36_and_80x24_with_its_buttons() -> None:
    """Each label of the AWAW invasion form (21.51), "Defended" first, reads on one line; at 80x24 the whole form
    fits, Invade and Cancel included."""
    for size in ((120, 36), (80, 24)):
        text, labels, heights = await invasion_form_text(size)
        lines = text.splitlines()
        assert any("Defended" in label for label in labels)
        assert heights == [1] * len(labels), (size, list(zip(labels, heights)))
        if size == (80, 24):
            for label in labels:
                assert any(label in line for line in lines), (size, label)
            assert any("Invade" in line and "Cancel" in line for line in lines), text


# ------------------------------------------------------------------ point 13: the header
async def test_issue_22_point_13_the_header_fits_at_120_and_keeps_turn_side_and_segment_at_80() -> None:
    """Pilot, AWAW's longest segment (Combat phase › Invasions, bombardment, raiders, carrier missions): at 120x36 the
    turn line is whole; at 80x24 it drops the words and the phase's name first, never the segment's."""
    from tests.awaw_game import awaw_game, to
    from tests.test_narrow import screen_text

    segment = "Invasions, bombardment, raiders, carrier missions"
    for size in ((120, 36), (80, 24)):
        game = awaw_game()
        to(game, segment)
        app = make_app(game, clock=fixed_clock, cursor_blink=False)
        async with app.run_test(size=size) as pilot:
            await pilot.press("1")
            await pilot.pause()
            top, where = screen_text(app).splitlines()[:2]
            assert "…" not in where and "Summer 1942" in where and "Axis" in where and segment in where, (size, where)
            assert "…" not in top and "Mediterranean and Atlantic, Summer 1942 (illustrative)" in top, (size, top)
            if size == (120, 36):
                assert "Combat phase" in where, where


def test_issue_22_point_13_every_segments_turn_line_fits_120_and_80_columns() -> None:
    """Every segment of every rule set: the turn line fits the header at 120 columns with its phase and segment, and
    at 80 with its segment (the rule sets' own names, longest AWAW's 64 characters)."""
    from tui.engine.setup import RULESETS
    from tui.widgets.game_header import HeaderInfo, where_line

    for rid in RULESETS:
        game = memory_game(data_dir(), rid, seed=1, clock=fixed_clock)
        for _ in game.ruleset.sequence.segments:
            info = HeaderInfo.from_game(game, "Phases")
            wide, narrow = where_line(info, 118).plain, where_line(info, 78).plain
            assert len(wide) <= 118 and info.phase in wide and info.segment in wide, wide
            assert len(narrow) <= 78 and info.segment in narrow and info.turn in narrow, narrow
            assert game.execute("next --force").ok


# ------------------------------------------------------------------ point 13: who writes, by name
def test_issue_22_point_13_a_browser_tab_writing_is_named_by_user_and_host_not_process_id(tmp_path: Path, monkeypatch) -> None:
    """A browser tab of `harbormaster serve` writes (textual-serve's web driver): a watching session reads "Held by a
    browser tab of USER@HOST since ...", no process id; the command line's refusal still gives the pid to look for."""
    import getpass
    import socket

    from tui.session import GameLocked, open_game

    me = f"{getpass.getuser()}@{socket.gethostname()}"
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    writer = create_game(tmp_path / "g.json", data_dir(), seed=1, clock=fixed_clock)
    monkeypatch.delenv("TEXTUAL_DRIVER")
    try:
        viewer = open_game(tmp_path / "g.json", data_dir(), fixed_clock, mode="auto")
        assert viewer.read_only and f"Held by a browser tab of {me} since " in viewer.read_only_reason
        assert "pid" not in viewer.read_only_reason, viewer.read_only_reason
        viewer.close()
        try:
            open_game(tmp_path / "g.json", data_dir(), fixed_clock, mode="write", wait=0)
        except GameLocked as exc:
            assert f"(pid {__import__('os').getpid()})" in str(exc)
        else:
            raise AssertionError("a second writer was let in")
    finally:
        writer.close()


async def test_issue_22_point_13_a_read_only_tab_pressing_n_is_told_who_writes_by_name(tmp_path: Path) -> None:
    """Pilot: a watching session presses `n`; the status line says it is read-only and who writes, by user and host."""
    import getpass
    import socket

    from tui.session import open_game
    from tui.widgets.status_line import StatusLine

    me = f"{getpass.getuser()}@{socket.gethostname()}"
    writer = create_game(tmp_path / "g.json", data_dir(), seed=1, clock=fixed_clock)
    viewer = open_game(tmp_path / "g.json", data_dir(), fixed_clock, mode="auto")
    app = make_app(viewer, clock=fixed_clock, cursor_blink=False)
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            line = lambda: str(app.screen.query_one(StatusLine).render())  # noqa: E731
            await until(pilot, lambda: "read-only" in line())
            assert f"Held by {me} since " in line() and "pid" not in line(), line()
            assert not viewer.events
    finally:
        viewer.close()
        writer.close()


# ------------------------------------------------------------------ point 13: the briefing's turn
def ocs_in_turn_2(path: Path):
    """An OCS save in its second game turn, the first one's log holding the Allied choice of first player."""
    game = create_game(path, data_dir(), "ocs", seed=3, clock=fixed_clock)
    for line in ("answer weather roll", "next", "answer first-player allied"):
        assert game.execute(line).ok
    while game.turn_label != "Turn 2":
        assert game.execute("next --force").ok
    return game


def test_issue_22_point_13_report_tells_the_last_finished_turn_by_default(tmp_path: Path, capsys) -> None:
    """`harbormaster report SAVE` in Turn 2 tells Turn 1's log (the last finished); `--turn "Turn 2"` the current."""
    ocs_in_turn_2(tmp_path / "g.json").close()
    code, out, _ = run(capsys, "report", str(tmp_path / "g.json"))
    assert code == 0 and "## The log of Turn 1" in out and "`answer first-player allied`" in out
    code, out, _ = run(capsys, "report", str(tmp_path / "g.json"), "--turn", "Turn 2")
    assert code == 0 and "## The log of Turn 2" in out


async def test_issue_22_point_13_the_briefing_key_asks_which_turn_the_last_finished_first(tmp_path: Path) -> None:
    """Pilot: R, Enter on the side (the phasing one), then "Which turn?" offers Turn 2 and Turn 1 with Turn 1 (the
    last finished) highlighted; Enter writes Turn 1's briefing beside the save."""
    from tui.outputs.briefing import render

    game = ocs_in_turn_2(tmp_path / "game.json")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt))
        await pilot.press("end", "enter")  # the referee's report: the last choice
        await until(pilot, lambda: isinstance(app.screen, ChoicePrompt) and app.screen.title_text == "Which turn?")
        assert app.screen.choices == ["Turn 2", "Turn 1"] and app.screen.default == "Turn 1"
        await pilot.press("enter")
        expected = tmp_path / "game-briefing-referee-turn-1.md"
        await until(pilot, lambda: str(expected) in app.status.text)
        assert expected.read_text() == render(game, None, "Turn 1") and "## The log of Turn 1" in expected.read_text()
    game.close()


# ------------------------------------------------------------------ points 3 and 4: Setup's keys and a's meanings
async def test_issue_22_point_4_logistics_a_adds_in_setup_and_builds_nothing_on_the_map() -> None:
    """Pilot, Logistics: `8` Setup, `a` opens the add form; `7` Map, `a` does nothing (the airfield is `i`): `a` has
    two meanings across the modes (answer in Phases, add in Setup), not three."""
    from tests.logistics_game import logistics_game
    from tui.screens.form_prompt import FormPrompt
    from tui.screens.map import MapScreen

    game = logistics_game()
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "setup")
        await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        assert app.screen.title_text.startswith("Add "), app.screen.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, MapScreen))
        events = len(game.events)
        await pilot.press("a")
        for _ in range(10):
            await pilot.pause(0.02)
        assert not app.screen.is_modal and len(game.events) == events


async def test_issue_22_point_4_awaw_equals_is_the_uninversion_allowance_and_a_adds_in_setup() -> None:
    """Pilot, AWAW: in Naval, with a unit marked, `=` (ctrl+a until issue 30 item 3) asks the uninversion allowance (21.71, RULINGS A4); `a`
    there opens nothing; `8` Setup, `a` opens the add form."""
    from tests.awaw_game import awaw_game, to
    from tui.screens.form_prompt import FormPrompt
    from tui.screens.number_prompt import NumberPrompt
    from tui.widgets.naval_table import NavalTable

    game = awaw_game()
    to(game, "Uninversion")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("6")
        await until(pilot, lambda: bool(app.screen.query(NavalTable)) and app.screen.query_one(NavalTable).row_count > 0)
        await pilot.press("space", "a")
        for _ in range(10):
            await pilot.pause(0.02)
        assert not app.screen.is_modal
        await pilot.press("equals_sign")
        await until(pilot, lambda: isinstance(app.screen, NumberPrompt))
        assert "allowance" in app.screen.title_text.lower(), app.screen.title_text
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.is_modal)
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "setup")
        await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt) and app.screen.title_text.startswith("Add "))


# ------------------------------------------------------------------ README: a quick reference per rule set
SHOWN = {"space": "space", "escape": "Esc", "left_square_bracket": "[", "right_square_bracket": "]"}
"""How the quick references write the keys whose Textual names are words."""


@pytest.mark.parametrize("ruleset", ["europa", "ocs", "awaw", "logistics"])
async def test_issue_22_readme_each_quick_reference_lists_every_key_of_every_mode(ruleset: str) -> None:
    """Issue 22, README: the rule set's page of the guide, docs/rulesets/RULESET.md (its quick reference, issue 31.3),
    has a row per mode with keys of its own (by the mode's key), and the row names every command key that mode binds,
    as the app binds it (pressing each mode's key, reading its bindings)."""
    from tests.test_keymap import EVERY_MODE, is_command_key, mode_bindings
    from tests.test_narrow import new_app
    from tui.screens.keymap import GLOBAL_KEYS

    text = (Path(__file__).resolve().parent.parent / "docs" / "rulesets" / f"{ruleset}.md").read_text(encoding="utf-8")
    rows = {line.split("(`", 1)[1][0]: line for line in text.splitlines()
            if line.startswith("| ") and "(`" in line.split("|")[1]}
    app = new_app(ruleset)
    async with app.run_test(size=(120, 36)) as pilot:
        for mode, key in EVERY_MODE.items():
            if not app.has_mode(mode):
                continue
            await pilot.press(key)
            await until(pilot, lambda: app.current_mode == mode)
            await pilot.pause()
            own = [bound for bound in await mode_bindings(pilot) if bound not in GLOBAL_KEYS and is_command_key(bound)]
            if own:  # a mode with keys of its own (Markers has none) has its row
                assert key in rows, f"{ruleset}: no quick reference row for mode {mode} ({key})"
            for bound in own:
                assert f"`{SHOWN.get(bound, bound)}`" in rows[key], f"{ruleset} {mode}: key {bound} not in {rows[key]}"


# ------------------------------------------------------------------ point 3: a one-key map change says ctrl+z undoes
async def test_issue_22_point_3_the_mulberry_key_says_ctrl_z_undoes_beside_the_map_and_it_does() -> None:
    """Pilot, Logistics (Mulberries ¶1): on the Map, `j 0101`, `m` places a Mulberry at once; beside the map "✓
    mulberry 0101  ctrl+z undoes"; `ctrl+z` takes it away."""
    from tests.test_logistics_app import PRODUCTION_TURN, _go, app_at, to_map

    app = app_at(PRODUCTION_TURN, "produce")
    async with app.run_test(size=(120, 36)) as pilot:
        await to_map(pilot)
        await _go(pilot, "0101")
        await pilot.press("m")
        await until(pilot, lambda: "0101" in app.game.state.world.mulberries)
        done = app.screen.query_one("#map-done")
        await until(pilot, lambda: done.display and "ctrl+z undoes" in str(done.render()))
        assert "mulberry 0101" in str(done.render())
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "0101" not in app.game.state.world.mulberries)


def test_issue_22_readme_the_key_table_lists_every_mode_and_rule_sets_names_all_four_with_their_pages() -> None:
    """Issue 22, README: the key table (now in the guide's docs/screens.md, issue 31.3) has a row for every mode's key
    (Logistics' 7 Map, 8 Setup included); README's "Rule sets" names every rule set and links its page of the guide
    (docs/rulesets/RULESET.md, its quick reference), which exists."""
    from tests.test_keymap import EVERY_MODE
    from tui.app import HarbormasterApp
    from tui.engine.setup import RULESETS

    root = Path(__file__).resolve().parent.parent
    screens = (root / "docs" / "screens.md").read_text(encoding="utf-8")
    table = screens.split("| key | everywhere |", 1)[1].split("\n\n", 1)[0]
    for mode in HarbormasterApp.MODES:
        key = EVERY_MODE[mode]
        assert f"| `{key}` |" in table or f"`{key}` `" in table or f" `{key}` |" in table, (mode, key)
    readme = (root / "README.md").read_text(encoding="utf-8")
    sets = readme.split("\n## Rule sets\n", 1)[1].split("\n## ", 1)[0]
    for rid in RULESETS:
        assert f"`{rid}`" in sets and f"(docs/rulesets/{rid}.md)" in sets, rid
        assert (root / "docs" / "rulesets" / f"{rid}.md").is_file()
