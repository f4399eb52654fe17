"""Issue 19 (commands accepted sooner at start): the start-up's work after the first screen comes in the order a
referee needs it, and the quick paths of the log's replay give what the full ones give.

- The save's log is replayed (commands wait for it) before the other modes'
  style sheets are read and before any mode is built ahead.
- A command line with nothing quoted or escaped is split by ``str.split``; it
  gives the same words as the character-by-character reader.
- ``harbormaster`` names the commands of ``tui.cli.tools`` without importing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import fixed_clock
from tui import cli
from tui.cli import tools as cli_tools
from tui.app import HarbormasterApp, make_app
from tui.engine.command import CommandSyntaxError, _parse_words, parse, split_quoted, split_words
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
    their modules); the list is the one ``tui.cli.tools`` answers."""
    assert cli.TOOL_COMMANDS == cli_tools.TOOL_COMMANDS


@pytest.mark.parametrize("line", ["next", "hit Tobruk 2", "use Alexandria 2 --he", "note 'it''s' \"x y\"",
                                  "answer destroy:Athens decline --dice 3 --dice 4", "  Next  --force "])
def test_issue19_a_replayed_line_reads_as_the_same_command(line: str) -> None:
    """Issue 19: the replay reads each logged line without rewriting its text; verb, arguments, options and source
    are those of the canonical reading."""
    full, quick = parse(line, "replay"), parse(line, "replay", canonical=False)
    assert (quick.verb, quick.args, quick.options, quick.source) == (full.verb, full.args, full.options, full.source)


@given(st.text(alphabet=st.sampled_from(list("aB-=: \t\u00a0\u2003x1.,")), max_size=30), st.booleans())
def test_issue19_a_line_of_plain_words_parses_as_the_full_reader_parses_it(text: str, canonical: bool) -> None:
    """Issue 19 (the log replayed sooner): a line with no option, quote or backslash takes the parser's quick path; it
    reads as the same command (verb, arguments, options, text) as the full reader, and an empty one is refused."""
    line = text.strip()
    line = line[1:].strip() if line.startswith(":") else line
    if not line:
        with pytest.raises(CommandSyntaxError):
            parse(text, "replay", canonical=canonical)
        return
    def read(how: Callable[[], object]) -> object:
        try:
            return how()
        except CommandSyntaxError as exc:
            return str(exc)

    quick = read(lambda: parse(text, "replay", canonical=canonical))
    assert quick == read(lambda: _parse_words(line, "replay", canonical))


def test_issue19_opening_a_game_with_its_rule_set_cached_imports_no_hashing(tmp_path: Path) -> None:
    """Issue 19 (import less before the first paint): the rule-set cache names its temporary file with ``secrets`` only
    when it writes an entry; a start that reads the cache (every start but the first) imports neither ``secrets``
    nor ``hashlib``. (Fresh interpreters: this process has imported them.)"""
    import os
    import subprocess
    import sys

    env = {**os.environ, "HARBORMASTER_CACHE": str(tmp_path / "cache")}
    save = tmp_path / "g.json"
    make = f"from pathlib import Path; from tui.paths import data_dir; from tui.session import create_game; " \
           f"create_game(Path({str(save)!r}), data_dir(), seed=3).close()"
    subprocess.run([sys.executable, "-c", make], env=env, check=True, capture_output=True)  # writes the cache entry
    code = (f"import sys; from pathlib import Path; import tui.app; from tui.paths import data_dir; "
            f"from tui.session import open_game; g = open_game(Path({str(save)!r}), data_dir(), verify='later'); "
            "g.close(); print(' '.join(m for m in ('secrets', 'hashlib', 'hmac') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    assert out.split() == [], out
