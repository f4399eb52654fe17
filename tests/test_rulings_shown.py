"""Issue 12 point 9: the inline Why? pane showed "RULINGS E1" without its text. The rulings ship with the data
(``data/RULINGS.md``); a note that only names a ruling is followed by its text, the pane and the ``why`` page list the
text of every other ruling cited, and every ruling the code or the data cites is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_app_pilot import fixed_clock, until
from tui.app import make_app
from tui.engine.setup import RULESETS, load_ruleset
from tui.paths import data_dir
from tui.rules.core.rulings import cited, load_rulings, parse_rulings
from tui.screens.text_screen import TextScreen
from tui.session import memory_game
from tui.widgets.explain_pane import ExplainPane

ROOT = Path(__file__).resolve().parent.parent


def test_every_ruling_the_code_or_the_data_cites_is_bundled_with_its_text() -> None:
    rulings = load_rulings(data_dir())
    sources = [*ROOT.joinpath("tui", "rules").rglob("*.py"), *data_dir().joinpath("rulesets").glob("*.toml")]
    ids = {rid for path in sources for m in re.finditer(r"RULINGS\s+([A-Z]\d+)", path.read_text(encoding="utf-8"))
           for rid in [m[1]]}
    assert ids and ids <= set(rulings), sorted(ids - set(rulings))
    assert all(len(text) > 10 for text in rulings.values())
    assert load_ruleset("europa", data_dir()).rulings["E1"].startswith("Table over examples.")


def test_citations_are_read_in_every_form_the_notes_use() -> None:
    known = parse_rulings("- **E1 One.** a\n  b\n- **E2 Two.** c `x`\n- **E4** d\n- **E7 Heavy (**).** e\n\n## x\n")
    assert known == {"E1": "One. a b", "E2": "Two. c x", "E4": "d", "E7": "Heavy (**). e"}
    assert cited(["RULINGS E2 (level = x), E4 (acts as y)", "(RULINGS E1)", "RULINGS E9: z"], known) == ["E2", "E4", "E1"]


async def test_the_ports_why_pane_shows_the_text_of_ruling_e1() -> None:
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        pane = app.screen.query_one(ExplainPane)
        await until(pilot, lambda: len(pane.query(".why-block")) > 0)
        text = "\n".join(str(block.render()) for block in pane.query(".why-block"))
        assert "RULINGS E1: Table over examples. The PORT SUMMARY table is authoritative." in text
        rulings = str(pane.query_one("#why-rulings").render())
        assert "RULINGS E2 Size levels." in rulings  # cited with a short gloss: its full text below


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_why_lists_every_cited_rulings_text(rid: str) -> None:
    game = memory_game(data_dir(), rid, seed=1, clock=fixed_clock)
    rows = next(iter(game.ruleset.views.values()))(game.state)
    for row in rows[:5]:
        result = game.execute(f"why '{row.get('name') or row.get('key')}'")
        if not result.ok:
            continue
        ids = cited(result.details, game.ruleset.rulings)
        for rid_ in ids:
            assert f"RULINGS {rid_}: {game.ruleset.rulings[rid_]}" in result.details


async def test_the_why_page_shows_the_ruling_texts() -> None:
    app = make_app(memory_game(data_dir(), seed=1, clock=fixed_clock), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.run_line("why Tobruk", "line")
        await until(pilot, lambda: isinstance(app.screen, TextScreen))
        headings = [h for h, _ in app.screen.sections]
        assert "Rulings" in headings
        body = "\n".join(str(b) if not hasattr(b, "plain") else b.plain for _, b in app.screen.sections)
        assert "RULINGS E1: Table over examples." in body and "Size levels." in body


def test_the_bundled_rulings_match_the_shared_ones() -> None:
    """``data/RULINGS.md`` is a copy of ``../shared/RULINGS.md`` (where the repository sits beside it): same rulings."""
    shared = ROOT.parent / "shared" / "RULINGS.md"
    if not shared.is_file():
        pytest.skip("no ../shared/RULINGS.md beside this checkout")
    assert parse_rulings(shared.read_text(encoding="utf-8")) == load_rulings(data_dir())
