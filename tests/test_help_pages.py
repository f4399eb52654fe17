"""Issue 12 point 2: ``help VERB`` and the ``?`` page wrap, never cut; every verb of every rule set has a one-line
summary that does not stop at an abbreviation's full stop ("Barrage vs"), and a rule.

The walks go over the verb table of every rule set, so verbs added later are covered without touching this file.
"""

from __future__ import annotations

import re

import pytest

from tests.test_app_pilot import fixed_clock, type_text, until
from tui.app import make_app
from tui.engine import flow
from tui.engine.showing import ends_at_abbreviation, summary
from tui.engine.setup import RULESETS, load_ruleset
from tui.paths import data_dir
from tui.screens.text_screen import TextScreen
from tui.session import memory_game


def verbs_of(rid: str) -> dict:
    return {**flow.core_verbs(), **load_ruleset(rid, data_dir()).verbs}


def squeeze(text: str) -> str:
    """Text without any whitespace: a wrapped line reads the same as the unwrapped one."""
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_verb_has_a_summary_and_a_rule_and_no_summary_ends_at_an_abbreviation(rid: str) -> None:
    for name, verb in verbs_of(rid).items():
        line = summary(verb.help)
        assert line.strip() and verb.rule.strip(), (rid, name)
        assert verb.help.startswith(line), (rid, name)
        assert not ends_at_abbreviation(line), (rid, name, line)


@pytest.mark.parametrize(("text", "first"), [
    ("Inflict N hits from the Barrage vs. Facility Table (default 1); each takes 1/4. Never more than 4.",
     "Inflict N hits from the Barrage vs. Facility Table (default 1); each takes 1/4"),
    ("Check many items (e.g. sp:7@convoy) in one go; dice= takes every die. More here.", "Check many items (e.g. sp:7@convoy) in one go; dice= takes every die"),
    ("A port destroyed under 31.A. 6 is gone. Then more.", "A port destroyed under 31.A. 6 is gone"),
    ("One sentence.", "One sentence"),
    ("No full stop at all", "No full stop at all"),
])
def test_the_summary_is_the_first_whole_sentence(text: str, first: str) -> None:
    assert summary(text) == first
    assert ends_at_abbreviation("from the Barrage vs") and ends_at_abbreviation("under 31.A")
    assert not ends_at_abbreviation("the log")


def rendered(app) -> str:
    """What the open text page shows on screen, line by line (as the widgets render it, at the app's width)."""
    lines: list[str] = []
    for widget in app.screen.query(".page-text"):
        lines += [widget.render_line(y).text for y in range(widget.size.height)]
    return "\n".join(lines)


@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_the_help_page_shows_every_verbs_syntax_summary_and_rule_in_full(rid: str) -> None:
    """``?``: every verb's syntax, its summary to the end of its first sentence and its rule, wrapped (issue 12.2)."""
    app = make_app(memory_game(data_dir(), rid, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        await pilot.pause()
        shown = rendered(app).splitlines()
        assert not any("…" in line for line in shown)
        # The two columns wrap side by side: read each on its own, from where the help column starts.
        x = next(line.index("Advance") for line in shown if line.startswith("next [--force]"))
        syntaxes, helps = squeeze("".join(line[:x] for line in shown)), squeeze("".join(line[x:] for line in shown))
        for name, verb in verbs_of(rid).items():
            assert squeeze(verb.syntax) in syntaxes, (rid, name)
            assert squeeze(f"{summary(verb.help)}  ({verb.rule})") in helps, (rid, name)


@pytest.mark.parametrize("rid", sorted(RULESETS))
async def test_help_verb_shows_the_longest_help_of_each_rule_set_in_full(rid: str) -> None:
    """``help VERB`` typed at the command line: the whole help text, wrapped at the page's width (issue 12.2)."""
    name, verb = max(verbs_of(rid).items(), key=lambda kv: len(kv[1].help))
    app = make_app(memory_game(data_dir(), rid, seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.press("colon")
        await type_text(pilot, f"help {name}")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        await pilot.pause()
        shown = rendered(app)
        assert "…" not in shown
        assert squeeze(verb.help) in squeeze(shown) and squeeze(f"rule: {verb.rule}") in squeeze(shown)
        assert max(len(line.rstrip()) for line in shown.splitlines()) < 80
