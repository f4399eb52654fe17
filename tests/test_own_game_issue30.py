"""Issue 30 ("your own game"), items 11, 13 and 14: a template imports as it is; Setup's forms start at the scenario
format's defaults, on their first empty field, and offer the names a name column takes; a short name is stored as
the full name it stands for, or refused naming the names it could be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from tui.cli import main
from tui.engine.edits import fields_of, kinds
from tui.engine.setup import RULESETS
from tui.rules.core.cells import show
from tui.screens.form_prompt import FormPrompt, NameInput
from tui.screens.setup import form_fields
from tui.session import memory_game

from tests.conftest import fixed_clock
from tests.test_setup_app import SIZE, fill, setup_mode
from tests.test_snapshots import new_app, until
from tui.widgets.table_search import SearchTable


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_issue30_11_an_untouched_template_imports_and_starts_a_game(ruleset: str, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.11: ``scenario template`` then ``scenario import`` of the files as they are writes a scenario of
    one's own (``my-game``), and ``new --scenario`` starts a game from it."""
    assert main(["scenario", "template", "--ruleset", ruleset, "-o", str(tmp_path / "tpl")]) == 0
    capsys.readouterr()
    toml = tmp_path / "mine.toml"
    assert main(["scenario", "import", "--ruleset", ruleset, str(tmp_path / "tpl"), "-o", str(toml)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"Wrote {toml}: My game ({ruleset}); start a game with")
    assert 'id = "my-game"' in toml.read_text(encoding="utf-8")
    assert main(["new", str(tmp_path / "mine.hm"), "--scenario", str(toml)]) == 0
    assert f"Created {tmp_path / 'mine.hm'}: My game ({ruleset})" in capsys.readouterr().out


def _format_default(kind: Any, name: str) -> Any:
    """The scenario format's default of a field (msgspec.NODEFAULT when it is required)."""
    info = mi.type_info(kind.struct)
    assert isinstance(info, mi.StructType)
    f = next(f for f in info.fields if f.encode_name == name)
    if f.required:
        return msgspec.NODEFAULT
    return f.default_factory() if f.default is msgspec.NODEFAULT else f.default


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_issue30_13_every_add_form_default_is_the_scenario_formats_default(ruleset: str, data: Path) -> None:
    """Issue 30.13: for every field of every kind of every rule set, Setup's add form starts at the scenario format's
    default (a box ticked as the default is, a number or text shown as its cell), and a required field empty."""
    game = memory_game(data, ruleset, seed=1, clock=fixed_clock)
    compared = 0
    for kind_name, kind in kinds(ruleset).items():
        fields = {f.name: f for f in form_fields(game, kind_name, {}, editing=False)}
        assert list(fields) == list(fields_of(kind))
        if kind.shape == "map":
            assert all(f.required and f.default is None for f in fields.values())
            continue
        for name, f in fields.items():
            default = _format_default(kind, name)
            if default is msgspec.NODEFAULT:
                assert f.required and f.default is None, (kind_name, name)
            elif f.kind == "bool":
                assert f.default is default, (kind_name, name)
            else:
                assert (f.default or "") == show(default), (kind_name, name)
            compared += 1
    assert compared > 0


async def test_issue30_13_a_port_added_in_setup_keeps_its_sea_route_and_is_used() -> None:
    """Issue 30.13: a Europa port added in Setup's form with its name, type, owner and sea zone only has
    ``sea_route`` on (the documented default), and ``use`` takes it."""
    app: Any = new_app("europa")
    game = app.game
    async with app.run_test(size=(120, 36)) as pilot:
        await setup_mode(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await fill(pilot, {"name": "Derna", "type": "minor", "owner": "allied", "sea_zone": "Eastern Mediterranean"})
        await until(pilot, lambda: "Derna" in game.state.world.ports)
    assert game.events[-1]["command"] == "setup add ports name=Derna type=minor owner=allied 'sea_zone=Eastern Mediterranean'"
    assert game.state.world.ports["Derna"].sea_route is True
    assert game.state.world.ports["Derna"].inland is False


async def test_issue30_14_the_edit_form_starts_on_the_first_empty_field_and_suggests_sea_zones() -> None:
    """Issue 30.14: editing Tobruk (no hex) starts on ``hex``, its first empty field, so what is typed goes there;
    the sea-zone field lists the sea zones its typed letters start."""
    app: Any = new_app("europa")
    game = app.game
    assert game.state.world.ports["Tobruk"].hex == ""
    async with app.run_test(size=SIZE) as pilot:
        await setup_mode(pilot)
        table = app.screen.query_one(SearchTable)
        table.move_cursor(row=list(game.state.world.ports).index("Tobruk"))
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "field-hex"
        zone = app.screen.query_one("#field-sea_zone", NameInput)
        assert "Aegean Sea" in zone.choices and "Eastern Mediterranean" in zone.choices
        zone.focus()
        zone.value = "Aeg"
        await pilot.pause()
        assert str(app.screen.query_one("#matches-sea_zone").render()) == "Aegean Sea"
        await pilot.press("escape")


@pytest.mark.parametrize("typed, stored", [("Aegean", "Aegean Sea"), ("aegean sea", "Aegean Sea"), ("E Med", "Eastern Mediterranean"),
                                           ("eastern-med", "Eastern Mediterranean"), ("Tyrr", "Tyrrhenian Sea")])
def test_issue30_low_a_short_sea_zone_is_stored_as_its_full_name(typed: str, stored: str, data: Path) -> None:
    """Issue 30 (low): a unique prefix or a short form of a sea zone is stored as the zone's name, never as typed."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    result = game.execute(f"setup add ports name=Derna type=minor owner=axis 'sea_zone={typed}'")
    assert result.ok, result.message
    assert game.state.world.ports["Derna"].sea_zone == stored
    assert result.message == "Setup: added ports Derna"
    assert game.execute(f"setup edit beaches 'Gela beach' 'sea_zone={typed}'").ok
    assert game.state.world.sea.beaches["Gela beach"].sea_zone == stored


def test_issue30_low_an_ambiguous_short_name_is_refused_naming_the_candidates(data: Path) -> None:
    """Issue 30 (low): a prefix of several names is refused in one line naming them; nothing changes."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    before = game.state
    result = game.execute("setup add ports name=Derna type=minor owner=axis sea_zone=a")
    assert not result.ok
    assert result.message == ("ports sea_zone: 'a' could be African Atlantic Coast, Arctic Ocean, Adriatic Sea, Aegean Sea: "
                              "type more of the name")
    assert game.state == before
