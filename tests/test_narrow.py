"""Issue 12 "Nothing hidden": every mode of every rule set is usable at 80x24.

Pilot tests at ``size=(80, 24)`` that switch to each mode by its key and check
what is on screen: the footer's keys all inside the screen (never cut at the
right edge), the key legend's keys all inside it, the columns that matter
(Markers, SLP, Base, Sea zone, ...) on screen and the others counted in the
first column's header when they go past the edge, every marker of a port shown
in full, and each rule set's forms with their buttons on screen.
"""

from __future__ import annotations

import io
from typing import Any, Callable

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button, DataTable

from tests.conftest import fixed_clock
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.form_prompt import FormPrompt
from tui.session import memory_game
from tui.widgets.fitting_footer import FittingFooter, _Item
from tui.widgets.key_legend import KeyLegend
from tui.widgets.view_table import ViewTable, lines_needed
from pilot_keys import until

NARROW = (80, 24)
RULESETS = ("europa", "ocs", "awaw", "logistics")
MODE_KEYS = {"phases": "1", "ports": "2", "markers": "3", "log": "4", "zones": "5", "naval": "6", "map": "7"}


def new_app(ruleset: str = "europa") -> HarbormasterApp:
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)




def screen_text(app: HarbormasterApp) -> str:
    """The screen as plain text, as a referee reads it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system=None,
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def visible_columns(table: DataTable) -> list[str]:
    """The column labels wholly inside the table's visible width (scrolled to the left)."""
    room = table.scrollable_content_region.width
    shown, x = [], 0
    for column in table.ordered_columns:
        x += column.get_render_width(table)
        if x <= room:
            shown.append(column.label.plain.split("\n")[0])
    return shown


def assert_footer_fits(app: HarbormasterApp) -> None:
    footer = app.screen.query_one(FittingFooter)
    width = app.size.width
    keys = list(footer.query("FooterKey"))
    assert keys, "the footer shows some keys"
    for key in keys:
        assert key.region.right <= width, f"footer key {key.key_display!r} runs past the right edge"
    assert footer.virtual_size.width <= width
    assert "?" in [k.key_display for k in keys], "Help stays in a narrow footer"


def assert_legend_fits(app: HarbormasterApp) -> None:
    for legend in app.screen.query(KeyLegend):
        width = legend.content_size.width
        lines = legend.lines(width)
        if legend.folded:  # issue 22 point 12: one line, the keys that fit, then "? all keys" (Help lists them all)
            assert len(lines) == 1 and lines[0][-1] == ("?", "all keys")
            assert lines[0][:-1] == legend.keys[:len(lines[0]) - 1]
        else:
            assert sum(len(line) for line in lines) == len(legend.keys)
        for line in lines:
            assert sum(len(k) + 1 + len(label) for k, label in line) + 2 * (len(line) - 1) <= width
        assert legend.region.height == len(lines)
        assert app.screen.region.contains_region(legend.region)


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_mode_at_80_by_24_keeps_its_keys_on_screen(ruleset: str) -> None:
    """Issue 12 (80x24): in every mode of every rule set the footer and the key legend fit; a table with columns
    past the right edge says how many in its first column's header."""
    app = new_app(ruleset)
    async with app.run_test(size=NARROW) as pilot:
        modes = [m for m in MODE_KEYS if app.has_mode(m)]
        assert len(modes) >= 4
        for mode in modes:
            await pilot.press(MODE_KEYS[mode])
            await until(pilot, lambda: app.current_mode == mode)
            await pilot.pause()
            assert_footer_fits(app)
            assert_legend_fits(app)
            for table in app.screen.query(ViewTable):
                if not table.display or not table.size.width or not table.row_count:
                    continue
                first = next(c.label.plain for c in table.ordered_columns if c.label.plain.strip())  # the row's name
                if table.past_edge:
                    assert f"+{len(table.past_edge)} more →" in first, (mode, table.id, table.past_edge)
                    for header in table.past_edge:
                        assert header not in visible_columns(table)
                else:
                    assert "more →" not in first


async def test_europa_ports_at_80_by_24_keep_markers_slp_base_and_sea_zone_on_screen() -> None:
    """Issue 12 (80x24): the Ports table keeps Markers, SLP, Base and Sea zone on screen (less needed columns go past
    the edge, counted); a port's every marker is shown, one per line, none cut."""
    app = new_app("europa")
    for line in ("hit Tobruk 2", "use Tobruk 1 --he", "collateral Tobruk", "reduce Tobruk"):
        assert app.game.execute(line).ok, line
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        await pilot.pause()
        table = app.screen.query_one("#ports", ViewTable)
        shown = visible_columns(table)
        for header in ("Port", "Markers", "SLP", "Base", "Sea zone"):
            assert header in shown, (header, shown)
        assert table.past_edge and "Markers" not in table.past_edge
        row = table.get_row("Tobruk")
        markers = row[[c.key.value for c in table.ordered_columns].index("markers")]
        width = table.columns[table.ordered_columns[[c.key.value for c in table.ordered_columns].index("markers")].key].width
        assert markers.plain.split("\n") == ["Port Hit 1", "Reduced 1", "Collateral Damage", "Port Used"]
        assert table.rows[next(k for k in table.rows if k.value == "Tobruk")].height == lines_needed(markers, width) == 4
        table.move_cursor(row=[k.value for k in table.rows].index("Tobruk"))
        await pilot.pause()
        text = screen_text(app)
        for marker in ("Port Hit 1", "Reduced 1", "Collateral Damage", "Port Used"):
            assert marker in text, marker
    app = new_app("europa")
    async with app.run_test(size=(200, 40)) as pilot:  # wide enough: every column, in the rule set's order
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        await pilot.pause()
        table = app.screen.query_one("#ports", ViewTable)
        assert not table.past_edge
        assert [c.key.value for c in table.ordered_columns] == [c.key for c in app.game.ruleset.columns["ports"]]


async def test_markers_mode_at_80_by_24_wraps_when_a_marker_expires() -> None:
    """Issue 12 (80x24): the Markers table's last column (Expires) wraps inside the screen instead of running off it."""
    app = new_app("awaw")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("3")
        await until(pilot, lambda: app.current_mode == "markers")
        await pilot.pause()
        table = app.screen.query_one("#markers", DataTable)
        assert table.row_count
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert visible_columns(table) == ["Marker", "Value", "Place", "Side", "Expires"]
        expires = [str(table.get_row_at(i)[-1]) for i in range(table.row_count)]
        on_screen = set(screen_text(app).split())
        assert expires[0].split() and set(expires[0].split()) <= on_screen, expires[0]  # the whole text, wrapped


FORMS = [  # forms of each rule set: (rule set, mode key, keys that open it)
    ("europa", "2", ("a",)),  # add a port: six fields
    ("europa", "2", ("x",)),  # capture: a long rule text above the fields
    ("ocs", "2", ("a",)),
    ("awaw", "6", ("f",)),  # the Naval filter form (/ searches the table)
    ("logistics", "7", ("j",)),  # go to a hex
]


@pytest.mark.parametrize(("ruleset", "mode_key", "keys"), FORMS)
async def test_forms_show_their_buttons_at_80_by_24(ruleset: str, mode_key: str, keys: tuple[str, ...]) -> None:
    """Issue 12 (80x24): a form's fields are compact on a short terminal, so its OK and Cancel buttons are on screen."""
    app = new_app(ruleset)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press(mode_key)
        await pilot.pause()
        await pilot.press(*keys)
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-compact")
        for button in screen.query(Button):
            assert screen.region.contains_region(button.region), (button.id, button.region)
            assert button.region.height >= 1
        dialog = screen.query_one("#dialog")
        assert dialog.max_scroll_y == 0, "the whole form fits: nothing to scroll to"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, FormPrompt))


async def test_forms_keep_their_borders_on_a_tall_terminal() -> None:
    """The compact form is only for short terminals: at 120x40 the fields keep their borders."""
    app = new_app("europa")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        assert not app.screen.has_class("-compact")
        assert all(not b.compact for b in app.screen.query(Button))


def test_a_narrow_footer_leaves_out_quit_first_then_legend_keys() -> None:
    """Issue 12 (80x24): what a narrow footer leaves out first: Quit, then the mode's keys its key legend shows."""
    from textual.binding import Binding

    def item(key: str, label: str, weight: int) -> _Item:
        return _Item([(Binding(key, key, label), True, "")], False, label, weight, len(key) + len(label) + 2)

    items = [item("h", "Hit", 1), item("r", "Repair", 1), item(":", "Cmd", 4), item("n", "Next", 4),
             item("?", "Help", 4), item("q", "Quit", 0)]
    full = sum(i.width for i in items)
    assert FittingFooter.fit(items, full) == items
    assert [i.label for i in FittingFooter.fit(items, full - 1)] == ["Hit", "Repair", "Cmd", "Next", "Help"]
    assert [i.label for i in FittingFooter.fit(items, full - 8)] == ["Hit", "Cmd", "Next", "Help"]
    assert [i.label for i in FittingFooter.fit(items, 20)] == ["Cmd", "Next", "Help"]
