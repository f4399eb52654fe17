"""Actions as data (``RuleSet.actions``, ``tui/rules/core/actions.py``): the template language, and every
bundled rule set's action tables checked against its verbs and views; no screen names a rule set."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.app.commands import APP_ACTIONS
from tui.paths import data_dir
from tui.rules.core.actions import ACTING_SIDE, FIELD_KINDS, OTHER_SIDE, SIDES, Action, Field, choices, fill, render, start_value
from tui.session import memory_game

ROOT = Path(__file__).resolve().parent.parent
HIT = Action("hit", "h", "Hit", "hit {name} {n}", "", fields=(Field("n", "Hits", "number", default=1),), target="ports")


def test_a_template_takes_fields_then_the_target_row() -> None:
    assert render(HIT, {"n": 2.0}, {"name": "Port Sudan"}) == ["hit", "Port Sudan", "2"]
    assert render(HIT, {"n": 1.5}, {"name": "Tobruk"}) == ["hit", "Tobruk", "1.5"]


def test_blank_parts_are_left_out_and_flags_give_their_option() -> None:
    use = Action("use", "e", "Use", "use {name} {res} {he} --hqs={hqs} --{iz} {items}", "", fields=(
        Field("res", "REs", "number"), Field("he", "HE", "flag", option="--he"), Field("hqs", "HQs", "number"),
        Field("iz", "IZ", "choice", choices=("", "tight")), Field("items", "Items", words=True)))
    row = {"name": "Tobruk"}
    assert render(use, {"res": 2.0, "he": False, "hqs": None, "iz": "", "items": None}, row) == ["use", "Tobruk", "2"]
    assert render(use, {"res": 2.0, "he": True, "hqs": 1.0, "iz": "tight", "items": "sp:3 unit"}, row) == [
        "use", "Tobruk", "2", "--he", "--hqs=1", "--tight", "sp:3", "unit"]


def test_an_edit_sends_only_what_changed() -> None:
    edit = Action("edit", "E", "Edit", "port edit {name} hex={hex} owner={owner}", "", changed_only=True, target="ports",
                  fields=(Field("name", "Name", prefill="name", disabled=True), Field("hex", "Hex", prefill="hex"),
                          Field("owner", "Owner", "choice", prefill="owner", choices=("axis", "allied"))))
    row = {"name": "Tobruk", "hex": "", "owner": "allied"}
    start = {f.name: start_value(f, row) for f in edit.fields}
    assert render(edit, {**start, "hex": None}, row, start) is None  # blank is the same as empty
    assert render(edit, {**start, "owner": "axis"}, row, start) == ["port", "edit", "Tobruk", "owner=axis"]
    assert render(edit, {**start, "hex": "1"}, row, {**start, "hex": "0"}) == ["port", "edit", "Tobruk", "hex=1"]


def test_a_flip_flag_turns_the_rows_value_over() -> None:
    toggle = Action("t", "t", "Toggle", "condition {id} {value}", "", target="conditions",
                    fields=(Field("value", "Value", "flag", prefill="value", flip=True),))
    assert toggle.asked() == ()
    assert render(toggle, {"value": False}, {"id": "suez-closed"}) == ["condition", "suez-closed", "off"]
    assert render(toggle, {"value": 7.0}, {"id": "malta"}) == ["condition", "malta", "7"]  # a number was asked


def test_choices_start_values_and_dialog_text() -> None:
    side = Field("side", "Side", "choice", choices_from=SIDES, prefill=OTHER_SIDE)
    assert choices(side, ("axis", "allied"), lambda v: []) == ("axis", "allied")
    assert start_value(side, {"owner": "axis"}, ("axis", "allied")) == "allied"
    port = Field("to", "To", "choice", choices_from="ports:name")
    assert choices(port, (), lambda v: [{"name": "A"}, {"name": "B"}, {"name": "A"}] if v == "ports" else []) == ("A", "B")
    supply = Field("supply", "Supply", "choice", choices=("no", "yes"), prefill="supply_source")
    assert start_value(supply, {"supply_source": None}, (), supply.choices) == "no"
    assert start_value(supply, {"supply_source": True}, (), supply.choices) == "yes"
    assert fill("({capacity_left} REs left, {missing})", {"capacity_left": 2.5}) == "(2.5 REs left, {missing})"


@pytest.mark.parametrize("ruleset", ["europa", "ocs"])
def test_every_action_of_a_bundled_rule_set_names_its_verbs_views_and_fields(ruleset: str) -> None:
    game = memory_game(data_dir(), ruleset, seed=1)
    rs = game.ruleset
    app_keys = {a.key for a in APP_ACTIONS} | {"left_square_bracket", "right_square_bracket"}
    assert rs.actions.get("ports"), "every rule set declares its port actions"
    for table, actions in rs.actions.items():
        ids = [a.id for a in actions]
        keys = [a.key for a in actions if a.key]
        assert len(ids) == len(set(ids)) and len(keys) == len(set(keys)), f"{ruleset}.{table}: ids and keys are unique"
        assert not set(keys) & app_keys, f"{ruleset}.{table}: a key of the app is taken"
        for a in actions:
            where = f"{ruleset}.{table}.{a.id}"
            if a.menu:
                assert all(i in ids for i in a.menu), where
                continue
            assert a.verb.split()[0] in game.verbs, f"{where}: no verb {a.verb.split()[0]}"
            fields = {f.name for f in a.fields}
            assert all(f.kind in FIELD_KINDS for f in a.fields), where
            target_rows = rs.views[a.target](game.state) if a.target else []
            assert not a.target or a.target in rs.views, f"{where}: no view {a.target}"
            for name in re.findall(r"\{([^{}]+)\}", a.verb):
                assert name in fields or (target_rows and name in target_rows[0]), f"{where}: '{{{name}}}' is nothing"
            for f in a.fields:
                if ":" in f.choices_from:
                    view, _, key = f.choices_from.partition(":")
                    assert view in rs.views and key in rs.views[view](game.state)[0], f"{where}.{f.name}"
                if f.prefill and f.prefill not in (OTHER_SIDE, ACTING_SIDE) and a.target:
                    assert f.prefill in target_rows[0], f"{where}.{f.name}: the row has no {f.prefill}"


def test_no_screen_widget_or_app_module_imports_a_rule_set_package() -> None:
    files = [*(ROOT / "tui" / "screens").glob("*.py"), *(ROOT / "tui" / "widgets").glob("*.py"),
             *(ROOT / "tui" / "app").glob("*.py")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"rules\.(europa|ocs)|rules import (europa|ocs)", text), f"{path.name} imports a rule set"
