"""The phase machine (DESIGN.md "The phase state machine"): data-declared steps, effects, prompts, legality."""

from __future__ import annotations

import pytest

from tui.rules.core.errors import DataError
from tui.rules.core.phases import build_sequence, parse_start, turn_label, turn_year

MINI = {
    "root": "turn",
    "calendar": "number",
    "steps": {
        "turn": {"name": "Turn", "children": ["a", "b"], "on_enter": [{"effect": "turn-start"}], "prompts": [{"id": "weather", "text": "Weather?", "kind": "choice", "choices": ["dry", "mud"], "required": True}]},
        "a": {"name": "A turn", "side": "red", "children": ["move", "fight"]},
        "b": {"name": "B turn", "side": "blue", "children": ["move", "fight"], "on_exit": [{"effect": "turn-end"}]},
        "move": {"name": "Movement", "commands": ["go"], "on_exit": [{"effect": "moved"}]},
        "fight": {"name": "Combat", "acting": "other"},
    },
}


def test_nested_steps_flatten_into_segments_with_inherited_side() -> None:
    seq = build_sequence(MINI, "mini.toml")
    assert [s.key for s in seq.segments] == ["a/move", "a/fight", "b/move", "b/fight"]
    assert [s.side for s in seq.segments] == ["red", "red", "blue", "blue"]
    assert seq.at(1).acting == "other"
    assert seq.at(0).commands == frozenset({"go"}) and seq.at(1).commands is None


def test_parent_enter_effects_and_prompts_go_to_its_first_leaf_only() -> None:
    seq = build_sequence(MINI, "mini.toml")
    assert [e.effect for e in seq.at(0).enter] == ["turn-start"]
    assert [p.id for p in seq.at(0).prompts] == ["weather"]
    assert seq.at(2).enter == () and seq.at(2).prompts == ()


def test_parent_exit_effects_go_to_its_last_leaf_after_the_leaf_own() -> None:
    seq = build_sequence(MINI, "mini.toml")
    assert [e.effect for e in seq.at(2).exit] == ["moved"]
    assert [(e.effect, e.side) for e in seq.at(3).exit] == [("turn-end", "blue")]


@pytest.mark.parametrize(
    "change, where",
    [
        ({"root": "nope"}, "key root"),
        ({"steps": {**MINI["steps"], "a": {"name": "A", "children": ["ghost"]}}}, "steps.a.children"),
        ({"steps": {**MINI["steps"], "a": {"name": "A", "children": ["a"]}}}, "steps.a.children"),
        ({"steps": {**MINI["steps"], "a": {"name": "A", "colour": "red"}}}, "steps.a"),
        ({"calendar": "lunar"}, "calendar"),
    ],
)
def test_malformed_sequences_name_file_table_and_key(change: dict, where: str) -> None:
    with pytest.raises(DataError) as err:
        build_sequence({**MINI, **change}, "mini.toml")
    assert err.value.file == "mini.toml"
    assert "sequence" in err.value.where and where in str(err.value)


def test_half_month_calendar_labels_and_years() -> None:
    start = parse_start("half-month", "Jan I 1943")
    assert turn_label("half-month", start) == "Jan I 1943"
    assert turn_label("half-month", start + 1) == "Jan II 1943"
    assert turn_label("half-month", start + 24) == "Jan I 1944"
    assert turn_year("half-month", start + 23) == 1943
    with pytest.raises(DataError):
        parse_start("half-month", "January 1943")


def test_europa_sequence_has_two_player_turns_of_four_phases(data) -> None:
    """Europa: Axis then Allied player turn, each initial, reaction, exploitation, reinforcement."""
    from tui.engine.setup import load_ruleset

    seq = load_ruleset("europa", data).sequence
    phases = [s.path[1] for s in seq.segments if s.side == "axis"]
    assert list(dict.fromkeys(phases)) == ["initial", "reaction", "exploitation", "reinforcement"]
    assert [s.path[0] for s in seq.segments][0] == "axis-turn" and seq.segments[-1].path[0] == "allied-turn"
    assert all(s.acting == "other" for s in seq.segments if s.path[1] == "reaction")
