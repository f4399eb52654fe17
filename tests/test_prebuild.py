"""Issue 12 "Faster": the other modes are built while the referee reads the first screen, and look the same.

The app builds each mode's screen off screen once the first screen is up
(``HarbormasterApp.PREBUILD_AFTER``), so a first switch only lays it out and
draws it. These tests keep that behaviour (marker ``prebuild``; the other tests
build modes when shown) and check that a mode built ahead shows exactly what the
same mode built on its switch shows, in every rule set, and that a change made
meanwhile is shown.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.conftest import fixed_clock
from tests.pilot_keys import until
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.session import memory_game

pytestmark = pytest.mark.prebuild

MODE_KEYS = {"ports": "2", "markers": "3", "log": "4", "zones": "5", "naval": "5", "map": "6"}


def _app(ruleset: str) -> HarbormasterApp:
    return make_app(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)


async def _wait_prebuilt(app: HarbormasterApp, pilot, modes: list[str]) -> None:
    """Wait until ``modes`` are built ahead (for the state, not a time: issue 29.8)."""
    await until(pilot, lambda: all(m in app.prebuilt for m in modes))
    await pilot.pause()
    await pilot.pause()


def _modes(app: HarbormasterApp) -> list[str]:
    return [m for m in app.MODES if m != "phases" and app.has_mode(m)]


async def _screens(ruleset: str, prebuild: bool) -> dict[str, str]:
    """The screen's text after switching to each mode of ``ruleset`` in turn (by the mode's binding)."""
    app = _app(ruleset)
    shown: dict[str, str] = {}
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        modes = _modes(app)
        if prebuild:
            await _wait_prebuilt(app, pilot, modes)
            assert app.prebuilt == modes
        else:
            assert app.prebuilt == []
        for mode in modes:
            app.action_mode(mode)
            await pilot.pause()
            await pilot.pause()
            assert app.current_mode == mode
            shown[mode] = app.export_screenshot()
        await pilot.press("1")
    return shown


@pytest.mark.parametrize("ruleset", ["europa", "ocs", "awaw", "logistics"])
async def test_a_mode_built_ahead_shows_what_it_shows_built_on_its_switch(ruleset: str) -> None:
    """Issue 12 Faster: every mode of every rule set, built while the first screen is read, draws exactly what it
    draws when built on its first switch."""
    ahead = await _screens(ruleset, prebuild=True)
    saved = HarbormasterApp.PREBUILD_AFTER
    HarbormasterApp.PREBUILD_AFTER = None
    try:
        on_switch = await _screens(ruleset, prebuild=False)
    finally:
        HarbormasterApp.PREBUILD_AFTER = saved
    assert list(ahead) == list(on_switch) and ahead
    for mode in ahead:
        assert ahead[mode] == on_switch[mode], f"{ruleset} {mode} differs when built ahead"


async def test_a_change_made_after_a_mode_was_built_is_shown_on_its_switch() -> None:
    """Issue 12 Faster: Ports built ahead, then a port hit from the command line: the first switch shows the hit."""
    app = _app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await _wait_prebuilt(app, pilot, ["ports"])
        table = app.get_screen("prebuilt-ports").query_one("#ports")
        before = str(table.get_row("Tobruk"))
        app.run_line("hit Tobruk 2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.events[-1]["command"] == "hit Tobruk 2"
        await pilot.press("2")
        await pilot.pause()
        assert app.screen is app.get_screen("prebuilt-ports")
        after = str(app.screen.query_one("#ports").get_row("Tobruk"))
        assert after != before and "2" in after


async def test_a_key_pressed_while_modes_are_built_is_not_lost() -> None:
    """Issue 12 Faster: a mode key pressed before its mode was built ahead switches to it (built then, once).

    The building ahead is held until the key has been handled, so that the key comes first however loaded the machine
    is (issue 29.8): the test is of the order, not of how quick the app happens to be."""

    class Held(HarbormasterApp):
        held = True

        def _prebuild_next(self) -> None:
            if self.held:  # not yet: look again shortly, as the app's own gap between modes does
                self.set_timer(0.02, self._prebuild_next)
                return
            super()._prebuild_next()

    app = Held(memory_game(data_dir(), "europa", seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("4")  # the Log, before the app had time to build it
        await until(pilot, lambda: app.current_mode == "log")
        assert app.prebuilt == []
        app.held = False
        await _wait_prebuilt(app, pilot, [m for m in _modes(app) if m != "log"])
        assert "log" not in app.prebuilt  # shown first, so not built again
        for key, mode in (("2", "ports"), ("5", "zones"), ("4", "log")):
            await pilot.press(key)
            await pilot.pause()
            assert app.current_mode == mode


@pytest.mark.parametrize("ruleset", ["europa", "awaw"])
def test_quitting_while_a_mode_is_built_ahead_ends_cleanly(ruleset: str) -> None:
    """Issue 12 with issue 8 (no traceback): the app ending just after it began building a mode ahead (the referee
    quits, or the terminal drops, as the screen is read) ends without an error, whichever mode was being built.
    It raised NoMatches: the half-built screen's mount looked for widgets the ending app had not mounted."""
    modes = _modes(_app(ruleset))
    for stop_after in modes:

        class Quitting(HarbormasterApp):
            def _prebuild_next(self) -> None:
                super()._prebuild_next()
                if self.prebuilt and self.prebuilt[-1] == stop_after:
                    self.exit()

        app = Quitting(memory_game(data_dir(), ruleset, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)

        async def run() -> None:
            async with app.run_test(size=(120, 36)):
                for _ in range(200):
                    if not app.is_running:
                        break
                    await asyncio.sleep(0.02)

        asyncio.run(run())  # the app's own exception, if any, is raised here
        assert app.prebuilt[-1] == stop_after and app.return_code == 0


def test_every_mode_is_set_up_once_when_built() -> None:
    """Issue 12 (a first switch costs what it must): Textual calls a mode's ``on_mount`` of every class that defines
    one, so a mode that also called its base's ran it twice (two status watchers, two first renders asked for)."""
    from tui.screens import base

    calls: list[str] = []
    real = base.GameScreen.on_mount

    def counted(self: base.GameScreen) -> None:
        calls.append(type(self).__name__)
        real(self)

    app = _app("europa")

    async def run() -> list[str]:
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await _wait_prebuilt(app, pilot, _modes(app))
        return _modes(app)

    base.GameScreen.on_mount = counted  # type: ignore[method-assign]
    try:
        modes = asyncio.run(run())
    finally:
        base.GameScreen.on_mount = real  # type: ignore[method-assign]
    assert sorted(calls) == sorted(["PhasesScreen", "PortsScreen", "MarkersScreen", "LogScreen", "ZonesScreen", "SetupScreen"])
    assert len(modes) == 5


def test_a_mode_mounted_without_its_body_ends_cleanly() -> None:
    """Issue 12 with issue 8 (no traceback; seen once in CI): the ending app mounted the header of a mode built
    ahead but not yet its body, so the mode's mount found children but not the widget it focuses. It raised
    NoMatches ('#zones'); now the mode does nothing, as for a screen with no widgets at all."""
    from tui.screens.base import GameScreen

    class HalfBuilt(GameScreen):
        FOCUS = "#never-mounted"

    app = _app("europa")
    seen: list[int] = []

    async def run() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            screen = HalfBuilt()
            await app.push_screen(screen)
            await pilot.pause()
            seen.append(len(screen.children))
            app.exit()

    asyncio.run(run())
    assert seen and seen[0] > 0 and app.return_code == 0


def test_a_mode_mounted_without_its_status_line_ends_cleanly() -> None:
    """Issue 12 with issue 8 (no traceback; seen in a run of the suite beside a CPU hog): the ending app mounted a mode
    built ahead with its header and body but not yet its status line or footer. Following the status raised
    NoMatches ('StatusLine'); now the mode does nothing, as for a screen with no widgets at all."""
    from textual.widgets import Static

    from tui.screens.base import GameScreen
    from tui.widgets.game_header import GameHeader

    class NoStatus(GameScreen):
        FOCUS = "#body"

        def compose(self):
            yield GameHeader()
            yield Static("body", id="body")

    app = _app("europa")
    seen: list[int] = []

    async def run() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            screen = NoStatus()
            await app.push_screen(screen)
            await pilot.pause()
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            seen.append(len(screen.children))
            app.exit()

    asyncio.run(run())
    assert seen == [2] and app.return_code == 0
