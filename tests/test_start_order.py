"""Issue 19 (commands accepted sooner at start): the start-up's work after the first screen comes in the order a
referee needs it, and the quick paths of the log's replay give what the full ones give.

- The save's log is replayed (commands wait for it) before the other modes'
  style sheets are read and before any mode is built ahead.
- A command line with nothing quoted or escaped is split by ``str.split``; it
  gives the same words as the character-by-character reader.
- ``harbormaster`` names the commands of ``tui.cli_tools`` without importing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import fixed_clock
from tui import cli, cli_tools
from tui.app import HarbormasterApp, make_app
from tui.engine.command import parse, split_quoted, split_words
from tui.paths import data_dir
from tui.session import create_game, open_game


@pytest.fixture
def long_save(tmp_path: Path) -> Path:
    """A save with a few hundred notes in its log (so replaying it takes several turns of the event loop)."""
    game = create_game(tmp_path / "g.json", data_dir(), clock=fixed_clock, seed=5)
    assert game.execute("note first").ok
    template = dict(game.events[-1])
    filler = [{**template, "seq": seq, "command": f"note filler {seq}", "summary": f"Note: filler {seq}"}
              for seq in range(2, 600)]
    game.store.commit(append=filler, state=game.store.state())
    game.close()
    return tmp_path / "g.json"


@pytest.mark.prebuild
async def test_issue19_the_log_is_checked_before_style_sheets_are_read_or_modes_built(long_save: Path) -> None:
    """Issue 19: commands wait for the log check, so it runs first once the screen is up; the later style sheets and
    the modes built ahead come only after it."""
    order: list[str] = []

    class Watched(HarbormasterApp):
        def _read_later_css(self) -> None:
            order.append(f"css (log checked: {self._log_checked.is_set()})")
            super()._read_later_css()

        def _prebuild_next(self) -> None:
            order.append(f"prebuild (log checked: {self._log_checked.is_set()})")
            super()._prebuild_next()

    game = open_game(long_save, data_dir(), clock=fixed_clock, verify="later")
    assert game.unverified
    app = Watched(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await app.log_checked()
        for _ in range(40):
            if any(o.startswith("prebuild") for o in order):
                break
            await pilot.pause(0.05)
    game.close()
    assert order and order[0] == "css (log checked: True)", order
    assert all(o.endswith("(log checked: True)") for o in order), order
    assert any(o.startswith("prebuild") for o in order), order


@given(st.text(alphabet=st.sampled_from(list("ab-= \t\u00a0\u2003x1:.,")), max_size=30))
def test_issue19_a_plain_line_splits_as_the_full_reader_splits_it(text: str) -> None:
    """Issue 19: with nothing quoted or escaped, the quick split gives the same words and options as the
    character-by-character reader (``--x`` an option, ``--`` or a lone ``-`` not)."""
    assert split_words(text) == split_quoted(text)


def test_issue19_the_console_script_names_the_tool_commands_as_cli_tools_does() -> None:
    """Issue 19: ``tui.cli`` lists ``branch``, ``report`` and ``serve`` itself (so opening a game imports none of
    their modules); the list is the one ``tui.cli_tools`` answers."""
    assert cli.TOOL_COMMANDS == cli_tools.TOOL_COMMANDS


@pytest.mark.parametrize("line", ["next", "hit Tobruk 2", "use Alexandria 2 --he", "note 'it''s' \"x y\"",
                                  "answer destroy:Athens decline --dice 3 --dice 4", "  Next  --force "])
def test_issue19_a_replayed_line_reads_as_the_same_command(line: str) -> None:
    """Issue 19: the replay reads each logged line without rewriting its text; verb, arguments, options and source
    are those of the canonical reading."""
    full, quick = parse(line, "replay"), parse(line, "replay", canonical=False)
    assert (quick.verb, quick.args, quick.options, quick.source) == (full.verb, full.args, full.options, full.source)
