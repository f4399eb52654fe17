"""AWAW shared helpers, exactly (seed 004, chapter 21): requirements and shortfalls (21.434, 21.64), typed distances
(RULINGS A1), flags, option lists, the side acting, joint patrols (21.414B), rule set parts. Each test pins one result or message whole."""

from __future__ import annotations

import pytest

from awaw_core_fixtures import base, tables, unit
from tui.rules.awaw.bases import Base
from tui.rules.awaw.common import distance, flag, ids, one_side, words_list
from tui.rules.awaw.joint import contingents, read_routes
from tui.rules.awaw.ops_common import Requirement, ceil_div, check_enough, none_needed, plural, power_name, shortfall
from tui.rules.awaw.parts import OpsParts, merge
from tui.rules.core.actions import Action
from tui.rules.core.errors import DataError, RuleError
from tui.rules.core.explain import Explained

REQ = Requirement(Explained("destroyer factors", 8, "21.434A"), Explained("transports", 2, "21.434C"))
"""8 destroyer factors and 2 transports (21.434A, C)."""


def test_21_434C_lots_of_five_round_up() -> None:
    """21.434C, 21.64C: one transport per five factors, a part lot counting as one."""
    assert [ceil_div(10, 5), ceil_div(11, 5), ceil_div(0, 5), ceil_div(1, 5)] == [2, 3, 0, 1]


def test_21_434_a_requirement_shows_both_figures_and_what_is_short() -> None:
    """21.434A, C: enough of both says nothing; each figure short is one line with its rule; one transport is singular."""
    assert REQ.figures == (REQ.destroyers, REQ.transports)
    assert shortfall(REQ, 8, 2) == []
    assert shortfall(REQ, 7, 1) == ["needs 8 destroyer factors: 7 chosen (21.434A)", "needs 2 transports: 1 chosen (21.434C)"]
    assert shortfall(REQ, 9, 0) == ["needs 2 transports: 0 chosen (21.434C)"]
    one = Requirement(Explained("destroyer factors", 0, "21.64G"), Explained("transports", 1, "21.64C"))
    assert shortfall(one, 0, 0) == ["needs 1 transport: 0 chosen (21.64C)"]


def test_21_434_a_shortfall_refuses_the_activity_with_every_line() -> None:
    """21.434: the activity is refused, naming each shortfall; enough passes."""
    assert check_enough(REQ, 8, 2, "transport") is None
    with pytest.raises(RuleError) as err:
        check_enough(REQ, 7, 1, "transport")
    assert str(err.value) == "transport: needs 8 destroyer factors: 7 chosen (21.434A); needs 2 transports: 1 chosen (21.434C)"


def test_21_64F_nothing_needed_says_why() -> None:
    """21.64F: a zero figure carries its reason as its one term."""
    assert none_needed("transports for sea escort", "21.64F", "a destroyer leg uses no transports").to_dict() == {
        "name": "transports for sea escort", "value": 0, "rule": "21.64F",
        "terms": [{"label": "a destroyer leg uses no transports", "value": 0, "rule": "21.64F"}], "notes": []}


def test_21_422_powers_and_counts_as_a_referee_reads_them() -> None:
    """21.422 and every refusal naming a power: USA, USSR in capitals, others titled; 1 transport, 3 transports."""
    assert [power_name(p) for p in ("usa", "ussr", "germany", "italy")] == ["USA", "USSR", "Germany", "Italy"]
    assert [plural(1, "transport"), plural(0, "transport"), plural(3, "transport")] == ["1 transport", "0 transports", "3 transports"]


@pytest.mark.parametrize("typed, value", [("Yes", True), ("y", True), ("ON", True), ("1", True), ("true", True),
                                          ("No", False), ("n", False), ("OFF", False), ("0", False), ("false", False)])
def test_21_435D_yes_or_no_answers(typed: str, value: bool) -> None:
    """21.435D and every confirmation the referee types: yes/no, on/off, 1/0, any case."""
    assert flag(typed, "--held") is value


def test_21_435D_another_answer_is_refused() -> None:
    """A clear one-line refusal."""
    with pytest.raises(RuleError) as err:
        flag("maybe", "--held")
    assert str(err.value) == "--held must be yes or no, not 'maybe'"


def test_21_412_the_distance_by_water_is_typed() -> None:
    """21.412 (RULINGS A1): ``--distance N``, 0 to 999; missing or bad is refused with the rule."""
    assert distance({"distance": "12"}, "patrol", "21.412") == 12
    cases = [({}, "patrol: type the distance by water with --distance N (RULINGS A1, 21.412)"),
             ({"distance": "x"}, "the distance by water (hexes) must be a whole number (from 0 to 999), not 'x'"),
             ({"distance": "1000"}, "the distance by water (hexes) must be from 0 to 999, not '1000'")]
    for opts, message in cases:
        with pytest.raises(RuleError) as err:
            distance(opts, "patrol", "21.412")
        assert str(err.value) == message


def test_21_211_comma_separated_options() -> None:
    """21.211 (``--straits B,G``): spaces and empty items dropped; absent, empty or bare is no list."""
    assert words_list({"straits": "B, G,,"}, "straits") == ["B", "G"]
    assert [words_list({"straits": v}, "straits") for v in (True, "", None)] == [[], [], []]
    assert words_list({}, "straits") == []


def test_21_31_units_of_the_side_acting_only() -> None:
    """21.31: the phasing player's units; one stranger or several named in the refusal."""
    units = [unit("RN-1"), unit("KM-1", power="germany"), unit("KM-2", power="germany")]
    assert one_side(units[:1], "allies", tables(), "patrol") is None
    with pytest.raises(RuleError) as err:
        one_side(units[:2], "allies", tables(), "patrol")
    assert str(err.value) == "patrol: KM-1 is not allies units; it is the allies player's turn"
    with pytest.raises(RuleError) as err:
        one_side(units, "allies", tables(), "patrol")
    assert str(err.value) == "patrol: KM-1, KM-2 are not allies units; it is the allies player's turn"
    assert (ids(units), ids([])) == ("RN-1, KM-1, KM-2", "")


def _base(name: str) -> Base:
    """A base by name, any case, as the engine looks one up."""
    known = {n.lower(): base(n) for n in ("Malta", "Alexandria", "Gibraltar", "Port Said")}
    if name.lower() not in known:
        raise RuleError(f"no port called '{name}'")
    return known[name.lower()]


def test_21_414B_a_joint_patrols_contingents_by_base_in_order() -> None:
    """21.414B, 21.415 (proposed ruling A16): unit ids by base of origin, bases in the order they first appear."""
    assert contingents([("a", "Malta"), ("b", "Alexandria"), ("c", "Malta")]) == {"Malta": ["a", "c"], "Alexandria": ["b"]}


def test_21_414B_each_contingent_types_its_own_distance_and_legs() -> None:
    """21.414B, 21.36C (RULINGS A1): ``Malta=8,Alexandria=12+10``, base names in any case."""
    assert read_routes("Malta=8, alexandria=12+10", ["Malta", "Alexandria"], _base) == {
        "Malta": (8, None), "Alexandria": (22, [12, 10])}


@pytest.mark.parametrize("typed, bases, message", [
    ("8", ["Malta", "Port Said"], "a joint patrol from Malta, Port Said types the distance from each base: --distance "
                                  "Malta=N,Port=N (N+N for legs between ports touched) (21.414B, RULINGS A1)"),
    ("Malta=8,12", ["Malta", "Alexandria"], "a joint patrol from Malta, Alexandria types the distance from each base: "
                                            "--distance Malta=N,Alexandria=N (N+N for legs between ports touched) "
                                            "(21.414B, RULINGS A1)"),
    ("Gibraltar=8", ["Malta", "Alexandria"], "no unit of this patrol is based at Gibraltar (Malta, Alexandria) (21.414B)"),
    ("Malta=8,malta=9", ["Malta", "Alexandria"], "the distance from Malta is given twice (21.414B)"),
    ("Malta=8", ["Malta", "Alexandria"], "type the distance from Alexandria too: a joint patrol from Malta, Alexandria "
                                         "types the distance from each base: --distance Malta=N,Alexandria=N (N+N for "
                                         "legs between ports touched) (21.414B, RULINGS A1)"),
    ("Malta=x", ["Malta"], "the distance by water from Malta (hexes) must be a whole number (from 0 to 999), not 'x'"),
    ("Malta=8", ["Malta", "Alexandria", "Gibraltar"], "type the distance from Alexandria, Gibraltar too: a joint patrol "
     "from Malta, Alexandria, Gibraltar types the distance from each base: --distance Malta=N,Alexandria=N,Gibraltar=N "
     "(N+N for legs between ports touched) (21.414B, RULINGS A1)"),
])
def test_21_414B_joint_patrol_distances_refused(typed: str, bases: list[str], message: str) -> None:
    """21.414B: every base of the patrol once, with a number of hexes."""
    with pytest.raises(RuleError) as err:
        read_routes(typed, bases, _base)
    assert str(err.value) == message


def _action(aid: str, key: str) -> Action:
    return Action(aid, key, aid.title(), f"{aid} {{units}}", f"{aid} the marked units", "21.31", target="units")


def test_21_31_rule_set_parts_merge_in_order() -> None:
    """21.31 (each activity one verb): verbs, effects, answers, conditions and Naval keys of every part, in order."""
    a = OpsParts({"patrol": "P"}, {"e1": "E"}, {"a1": "A"}, (_action("patrol", "p"),), {"c1": "C"})  # type: ignore[dict-item]
    b = OpsParts({"invade": "I"}, actions=(_action("invade", "v"), _action("why", "")))  # type: ignore[dict-item]
    got = merge([a, b], "awaw.toml")
    assert (got.verbs, got.effects, got.answers, got.conditions) == ({"patrol": "P", "invade": "I"}, {"e1": "E"}, {"a1": "A"}, {"c1": "C"})
    assert [x.id for x in got.actions] == ["patrol", "invade", "why"]
    assert [x.id for x in merge([b, OpsParts({}, actions=(_action("list", ""),))], "awaw.toml").actions] == ["invade", "why", "list"]


@pytest.mark.parametrize("second, message", [
    (OpsParts({"patrol": "Q"}), "awaw.toml: verb patrol: is defined by two parts of the rule set"),  # type: ignore[dict-item]
    (OpsParts({}, {"e1": "F"}), "awaw.toml: effect e1: is defined by two parts of the rule set"),  # type: ignore[dict-item]
    (OpsParts({}, answers={"a1": "B"}), "awaw.toml: answer a1: is defined by two parts of the rule set"),  # type: ignore[dict-item]
    (OpsParts({}, conditions={"c1": "D"}), "awaw.toml: condition c1: is defined by two parts of the rule set"),  # type: ignore[dict-item]
    (OpsParts({}, actions=(_action("patrol", "q"),)), "awaw.toml: action patrol: its id or key 'q' is used twice in the Naval mode"),
    (OpsParts({}, actions=(_action("sweep", "p"),)), "awaw.toml: action sweep: its id or key 'p' is used twice in the Naval mode"),
])
def test_21_31_a_name_or_key_defined_twice_is_a_data_error(second: OpsParts, message: str) -> None:
    """21.31: no part silently replaces another's verb, effect, answer, condition or key."""
    first = OpsParts({"patrol": "P"}, {"e1": "E"}, {"a1": "A"}, (_action("patrol", "p"),), {"c1": "C"})  # type: ignore[dict-item]
    with pytest.raises(DataError) as err:
        merge([first, second], "awaw.toml")
    assert str(err.value) == message


def test_21_11_21_114_21_132_what_a_base_knows_of_itself() -> None:
    """21.11, 21.111 (capacity by kind), 21.114 (boxes unlimited), 21.132 (two fronts), 21.221 (changed status)."""
    malta, gib = base("Malta"), base("Gibraltar", fronts=("atlantic", "mediterranean"))
    sw, india = base("Atlantic SW", kind="sw-box"), base("India", kind="box", fronts=())
    assert [b.capacity(tables()) for b in (malta, base("Naples", kind="two-port"), sw, india)] == [50, 100, None, None]
    assert [b.two_front for b in (malta, gib, india)] == [False, True, False]
    assert [b.is_box for b in (malta, sw, india, base("Truk", kind="port-counter"))] == [False, True, True, False]
    changed = malta.change(operational=False, control="italy")
    assert (changed.operational, changed.control, changed.name, malta.operational) == (False, "italy", "Malta", True)
