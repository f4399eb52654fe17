"""OCS 19.0f Sea Cap: allowance per side and turn, both ports charged, enemy ZOC, Movement Phase only, prompts."""

from __future__ import annotations


from msgspec.structs import replace
import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.ocs import ports as P
from tui.rules.ocs import shipping as S
from tui.rules.ocs.tables import load_tables
from tui.rules.ocs.world import OcsWorld
from tui.session import memory_game


@pytest.fixture(scope="module")
def tables():
    return load_tables(data_dir() / "rulesets" / "ocs.toml")


@pytest.fixture
def world() -> OcsWorld:
    ports = {
        "A": P.Port("A", "axis", 16),
        "B": P.Port("B", "axis", 2),  # 2T
        "C": P.Port("C", "axis", 8),
        "E": P.Port("E", "allied", 8),
    }
    return OcsWorld(ports, "axis", {"axis": 12, "allied": 16}, {"axis": 0, "allied": 0})


@pytest.fixture
def game():
    return memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)


def goto(game, key: str) -> None:
    for _ in range(200):
        if game.segment.key == key:
            return
        assert game.execute("next --force").ok
    raise AssertionError(key)


# --- pure -------------------------------------------------------------------------------


def test_19_0f_each_point_moves_1_sp_and_both_ports_are_charged(world, tables) -> None:
    """19.0f D, E: allowance charged by the cargo (1 point = 1 SP), both ports' capacities charged."""
    new, lines = S.ship(world, "axis", "A", "C", 6, False, tables)  # 1 SP 2T
    assert new.ports["A"].used == 6 and new.ports["C"].used == 6
    assert new.shipped["axis"] == 6 and S.left_tokens(new, "axis", tables) == 6
    assert S.allowance_left(new, "axis", tables).value == "1 SP 2T" and S.points(12, tables) == 3
    assert any("Sea Cap" in line for line in lines)


def test_19_0f_the_allowance_limits_the_cargo_per_turn(world, tables) -> None:
    """19.0f E: no more cargo than the allowance left this turn."""
    new, _ = S.ship(world, "axis", "A", "C", 8, False, tables)
    with pytest.raises(RuleError, match=r"exceeds the 1 SP of axis Sea Cap left.*19\.0f E"):
        S.ship(new, "axis", "A", "C", 5, False, tables)


def test_19_0f_port_capacity_is_observed_at_both_ends_and_a_refusal_charges_neither(world, tables) -> None:
    """19.0f D / 19.0a: "The limitations of each port's capacity must be observed"."""
    with pytest.raises(RuleError, match=r"B: .*19\.0a.*Sea Cap charges both ports \(19\.0f D\)"):
        S.ship(world, "axis", "A", "B", 3, False, tables)
    assert world.ports["A"].used == 0 and world.shipped["axis"] == 0  # frozen: nothing charged


def test_19_0f_an_oversize_unit_may_be_shipped_through_a_small_port(world, tables) -> None:
    """19.0a ¶2 with Sea Cap: one combat unit of TE 1 SP through the 2T port B takes its whole capacity."""
    new, lines = S.ship(world, "axis", "A", "B", 4, True, tables)
    assert new.ports["B"].oversize == 4 and new.ports["A"].used == 4 and new.shipped["axis"] == 4
    assert any("oversize" in line for line in lines)


@pytest.mark.parametrize("negated", [False, True])
def test_19_0f_enemy_zoc_at_either_port_forbids_sea_cap_even_when_negated(world, tables, negated: bool) -> None:
    """19.0f F / 4.5a: negation is possible for trace supply, not for Sea Cap."""
    zoc = P.set_enemy_zoc(world.ports["C"], True)
    zoc = replace(zoc, zoc_negated=negated)
    shut = world.with_port(zoc)
    for a, b in (("A", "C"), ("C", "A")):
        with pytest.raises(RuleError, match=r"C is in an enemy ZOC.*19\.0f F, 4\.5a"):
            S.ship(shut, "axis", a, b, 1, False, tables)


def test_19_0f_ports_of_the_other_side_and_the_same_port_twice_are_refused(world, tables) -> None:
    with pytest.raises(RuleError, match="held by allied"):
        S.ship(world, "axis", "A", "E", 1, False, tables)
    with pytest.raises(RuleError, match="port to port"):
        S.ship(world, "axis", "A", "A", 1, False, tables)


# --- through the engine -------------------------------------------------------------------


def test_19_0f_sea_cap_only_in_the_movement_phase(game) -> None:
    """19.0f B: "Sea Cap can only be used during the Movement Phase" — the refusal cites it."""
    for key in ("first-turn/reinforcement", "first-turn/reaction/reaction-move", "first-turn/exploitation/exploitation-move"):
        goto(game, key)
        r = game.execute("ship Tripoli Benghazi 1")
        assert not r.ok and "19.0f" in r.message and "Movement phase" in r.message
    goto(game, "second-turn/movement/air-naval-barrage")
    assert game.execute("ship Alexandria Tobruk 1").ok


def test_19_0f_a_shipped_unit_must_be_in_move_mode_and_not_move_before_or_after(game) -> None:
    """19.0f A, C: board conditions the app cannot see are asked, never guessed."""
    goto(game, "first-turn/movement/move")
    assert game.execute("ship Tripoli Benghazi 2 --unit").ok
    prompt = game.state.pending_prompt("ship-1")
    assert prompt is not None and prompt.kind == "confirm" and prompt.required and prompt.rule == "19.0f A, C"
    assert "Move Mode" in prompt.text and "before or after" in prompt.text
    assert game.state.world.shipped["axis"] == 0  # nothing shipped until confirmed
    r = game.execute("next")
    assert not r.ok and r.needs_confirm
    assert game.execute("answer ship-1 no").ok and game.state.world.shipped["axis"] == 0
    assert game.execute("ship Tripoli Benghazi 1 --unit --move-mode").ok
    prompt = game.state.pending_prompt("ship-2")
    assert "Move Mode" not in prompt.text and "before or after" in prompt.text
    assert game.execute("answer ship-2 yes").ok
    assert game.state.world.shipped["axis"] == 4 and game.state.world.ports["Benghazi"].used == 4
    assert game.execute("ship Tripoli Derna 1T --unit --move-mode --no-move").ok  # confirmed by the options
    assert game.state.world.shipped["axis"] == 5 and not game.state.flow.pending
    assert game.replay() == game.state


def test_19_0f_a_confirmation_is_checked_again_when_answered(game) -> None:
    goto(game, "first-turn/movement/move")
    assert game.execute("ship Tripoli Benghazi 2 --unit").ok
    assert game.execute("zoc Benghazi on").ok
    before = game.state
    r = game.execute("answer ship-1 yes")
    assert not r.ok and "19.0f F" in r.message and game.state == before


def test_19_0f_allowance_used_and_left_per_side_reset_each_turn(game) -> None:
    """19.0f: Shipping Allowance per turn, shown used/left per side in views["shipping"]."""
    goto(game, "first-turn/movement/breakout")
    assert game.execute("ship Tripoli Benghazi 1 SP 2T").ok
    rows = {r["side"]: r for r in game.ruleset.views["shipping"](game.state)}
    assert rows["axis"]["allowance"] == "2 SP" and rows["axis"]["used"] == "1 SP 2T" and rows["axis"]["left"] == "2T"
    assert rows["allied"]["left"] == "4 SP" and rows["axis"]["first"]
    assert [c.key for c in game.ruleset.columns["shipping"]] == ["side", "points", "allowance", "used", "left"]
    r = game.execute("ship Tripoli Benghazi 3T")
    assert not r.ok and "19.0f E" in r.message
    goto(game, "turn-end")
    assert game.state.world.shipped["axis"] == 6
    assert game.execute("next").ok and game.turn_label == "Turn 2"
    assert game.state.world.shipped == {"axis": 0, "allied": 0}


def test_19_0f_enemy_zoc_refusal_through_the_engine_changes_nothing(game) -> None:
    goto(game, "first-turn/movement/breakout")
    assert game.execute("zoc Derna on").ok and game.execute("negate Derna on").ok
    before, events = game.state, list(game.events)
    r = game.execute("ship Tripoli Derna 1")
    assert not r.ok and "enemy ZOC" in r.message and "19.0f F" in r.message
    assert game.state == before and game.events == events


# --- what the figures and the log say (19.0f, 19.0a) -------------------------------------------------------


def test_19_0f_sea_cap_figures_explain_themselves(world, tables) -> None:
    """19.0f E: 3 points of allowance move 3 SP; 6 Tokens (1 SP 2T) shipped leave 1 SP 2T; each side apart."""
    from tui.rules.core.explain import Term

    new, _ = S.ship(world, "axis", "A", "C", 6, False, tables)
    figures = S.shipping_figures(new, "axis", tables)
    note = "Each point of Shipping Allowance moves 1 SP of cargo; units by their Transport Equivalents (4.7)."
    allowance = figures["allowance"]
    assert (allowance.name, allowance.value, allowance.rule, allowance.notes) == ("axis Sea Cap", "3 SP", "19.0f", (note,))
    assert allowance.terms == (Term("axis Shipping Allowance per turn (points, scenario)", 3, "19.0f"),
                               Term("cargo per point of allowance", "1 SP", "19.0f E"))
    used = figures["used"]
    assert (used.name, used.value, used.rule, used.notes) == ("axis Sea Cap used", "1 SP 2T", "19.0f E",
                                                              ("resets at the end of the turn",))
    assert used.terms == (Term("cargo shipped this turn", "1 SP 2T", "19.0f E"),)
    left = figures["left"]
    assert (left.name, left.value, left.rule) == ("axis Sea Cap left", "1 SP 2T", "19.0f E")
    assert left.terms == (Term("allowance", "3 SP", "19.0f"), Term("used this turn", "1 SP 2T", "19.0f E"))
    assert S.allowance(new, "allied", tables).value == "4 SP" and S.allowance_left(new, "allied", tables).value == "4 SP"
    assert S.allowance_tokens(OcsWorld({}, "axis", {}, {}), "axis", tables) == 0


def test_19_0f_points_of_allowance_from_tokens(tables) -> None:
    """19.0f E: 1 point moves 1 SP = 4 Tokens: 12 Tokens are 3 points, 2 Tokens half a point."""
    assert S.points(12, tables) == 3 and isinstance(S.points(12, tables), int)
    assert S.points(2, tables) == 0.5
    assert S.points(0, tables) == 0


def test_19_0f_overspent_allowance_never_shows_below_zero(world, tables) -> None:
    """What is left is never negative, even if the scenario's allowance was lowered after shipping."""
    spent = replace(world, shipped={"axis": 20, "allied": 0})
    assert S.left_tokens(spent, "axis", tables) == 0 and S.allowance_left(spent, "axis", tables).value == "0"


def test_19_0f_the_log_lines_of_a_shipment(world, tables) -> None:
    """19.0a, 19.0f D, E: both ports' use this phase, the oversize unit in a small port, the side's allowance."""
    _, lines = S.ship(world, "axis", "A", "C", 6, False, tables)
    assert lines == ["A: 1 SP 2T used this phase, 2 SP 2T left (19.0a)", "C: 1 SP 2T used this phase, 2T left (19.0a)",
                     "axis Sea Cap: 1 SP 2T used, 1 SP 2T left this turn (19.0f E)"]
    _, lines = S.ship(world, "axis", "A", "B", 5, True, tables)
    assert lines == ["A: 1 SP 1T used this phase, 2 SP 3T left (19.0a)",
                     "B: oversize unit, its whole capacity is used this phase (19.0a)",
                     "B: 2T used this phase, 0 left (19.0a)", "axis Sea Cap: 1 SP 1T used, 1 SP 3T left this turn (19.0f E)"]


@pytest.mark.parametrize("origin, destination, tokens, message", [
    ("A", "A", 1, "Sea Cap moves units from port to port: A twice (19.0f)"),
    ("A", "C", 0, "the cargo must be above 0 (19.0f E)"),
    ("A", "C", -4, "the cargo must be above 0 (19.0f E)"),
    ("A", "C", 13, "3 SP 1T of cargo exceeds the 3 SP of axis Sea Cap left this turn; each point moves 1 SP (19.0f E)"),
    ("A", "E", 1, "E is held by allied: axis cannot ship through it (19.0f; capture 9.14h)"),
])
def test_19_0f_refusals_say_why(world, tables, origin: str, destination: str, tokens: int, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        S.ship(world, "axis", origin, destination, tokens, False, tables)
    assert str(refused.value) == message


def test_19_0f_exactly_the_allowance_left_may_be_shipped(world, tables) -> None:
    """19.0f E: the allowance is a limit, not a bound to stay under: 12 Tokens of a 12-Token allowance ship."""
    new, _ = S.ship(world, "axis", "A", "C", 8, False, tables)
    new = replace(new, ports={**new.ports, "A": replace(new.ports["A"], used=0), "C": replace(new.ports["C"], used=0)})
    last, _ = S.ship(new, "axis", "A", "C", 4, False, tables)
    assert S.left_tokens(last, "axis", tables) == 0


def test_19_0f_a_side_that_shipped_nothing_yet_has_its_whole_allowance(tables) -> None:
    """19.0f E: a side missing from the record of cargo shipped has shipped nothing this turn."""
    w = OcsWorld({"A": P.Port("A", "axis", 16), "C": P.Port("C", "axis", 8)}, "axis", {"axis": 12}, {})
    assert S.left_tokens(w, "axis", tables) == 12 and S.allowance_used(w, "axis", tables).value == "0"
    assert S.allowance_left(w, "axis", tables).terms[1].value == "0"
    new, lines = S.ship(w, "axis", "A", "C", 4, False, tables)
    assert new.shipped == {"axis": 4} and lines[-1] == "axis Sea Cap: 1 SP used, 2 SP left this turn (19.0f E)"


def test_19_0a_an_oversize_unit_may_sail_from_a_small_port(world, tables) -> None:
    """19.0a, 19.0f D: the single oversize unit may also load at a port smaller than it (B, 2T) and sail to A."""
    new, lines = S.ship(world, "axis", "B", "A", 5, True, tables)
    assert new.ports["B"].oversize == 5 and new.ports["A"].used == 5
    assert lines[0] == "B: oversize unit, its whole capacity is used this phase (19.0a)"
