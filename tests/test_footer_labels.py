"""Issue 12 point 9: the Sea Zones footer read "[] Panelsc Check": a key group's label ran into the next key. Every
mode of every rule set writes each key and label apart in the footer."""

from __future__ import annotations

import pytest
from textual.widgets import Footer

from tests.test_app_pilot import fixed_clock, until
from tui.app import make_app
from tui.app.commands import APP_ACTIONS
from tui.engine.setup import RULESETS
from tui.paths import data_dir
from tui.session import memory_game


def footer_line(app) -> str:
    """The footer as the screen shows it: each key and label at its place on the line."""
    footer = app.screen.query_one(Footer)
    line = [" "] * app.size.width
    for widget in footer.query("FooterKey, FooterLabel"):
        if not widget.region.width:
            continue
        text = widget.render_line(0).text
        for i, ch in enumerate(text[: widget.region.width]):
            if 0 <= widget.region.x + i < len(line):
                line[widget.region.x + i] = ch
    return "".join(line)


@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_every_footer_label_stands_apart_from_the_next_key(rid: str) -> None:
    app = make_app(memory_game(data_dir(), rid, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    seen = []
    async with app.run_test(size=(140, 30)) as pilot:
        for action in APP_ACTIONS:
            if not action.mode or not app.has_mode(action.mode):
                continue
            await pilot.press(action.key)
            await until(pilot, lambda: app.current_mode == action.mode)
            await pilot.pause()
            footer = app.screen.query_one(Footer)
            for label in footer.query("FooterLabel"):
                after = [w for w in footer.query("FooterKey") if w.region.x >= label.region.right and w.region.width]
                if after:
                    gap = min(w.region.x for w in after) - label.region.right
                    assert gap >= 1, (action.mode, footer_line(app))
            seen.append(footer_line(app))
    if rid == "europa":
        zones = next(line for line in seen if "Panels" in line)
        assert "Panels c Check" in zones, zones
