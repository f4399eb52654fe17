"""OCS 19.0 commands exactly (seed 001_9e09282bf625a5b7.txt): what each verb says, refuses, who acts and which figures
it explains, played through the engine on the Western Desert scenario (Tripoli, Benghazi, Derna, Bardia: Axis; Tobruk,
Mersa Matruh, Alexandria: Allied). Each case guards a line of ``tui/rules/ocs/verbs.py`` the broader tests let pass.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import fixed_clock
from tui.rules.core.errors import RuleError
from tui.rules.core.state import Pending
from tui.session import memory_game
from tests.exact import refused, said

MOVE = "first-turn/movement/move"
BARRAGE = "first-turn/movement/air-naval-barrage"


def game_at(data: Path, key: str):
    """A new Western Desert game (seed 1), the Axis moving first, advanced to segment ``key``."""
    game = memory_game(data, "ocs", seed=1, clock=fixed_clock)
    for _ in range(200):
        if game.segment.key == key:
            return game
        assert game.execute("next --force").ok
    raise AssertionError(f"never reached {key}")


@pytest.fixture
def move(data: Path):
    """The Axis Movement Phase's move segment (19.0c, 19.0d, 19.0f: Movement Phase only)."""
    return game_at(data, MOVE)


@pytest.fixture
def barrage(data: Path):
    """The Axis air and naval barrage segment (19.0b hits)."""
    return game_at(data, BARRAGE)


# --- 19.0a loading, unloading, arrivals ---------------------------------------------------------------


def test_19_0a_load_unload_and_arrive_say_what_used_and_what_is_left(move) -> None:
    """19.0a: loading and unloading share the capacity each phase; 18.5g: arrivals without an ALT roll count too."""
    assert said(move, "load Tripoli 1") == (
        "Tripoli: 1 SP loaded; 1 SP used, 5 SP left this phase (19.0a)", [], "axis", ["left this phase"])
    assert said(move, "unload Benghazi 2SP") == (
        "Benghazi: 2 SP unloaded; 2 SP used, 1 SP left this phase (19.0a)", [], "axis", ["left this phase"])
    assert said(move, "arrive Derna 1T") == (
        "Derna: 1T arrived without an ALT roll (18.5g); 1T used, 3T left this phase (19.0a)", [], "axis", ["left this phase"])
    assert move.state.world.ports["Tripoli"].used == 4


def test_19_0a_a_unit_by_its_transport_equivalent_and_an_oversize_unit(move) -> None:
    """19.0a: --unit loads one combat unit by its TE; a unit larger than the whole capacity takes it all."""
    assert said(move, "load Bardia 1 --unit") == (
        "Bardia: a combat unit of Transport Equivalent 1 SP loaded; 2T used, 0 left this phase (19.0a)",
        ["oversize unit: it takes the whole 2T capacity, and nothing else may load or unload here this phase (19.0a)"],
        "axis", ["left this phase"])
    assert move.state.world.ports["Bardia"].oversize


def test_19_0a_refusals_name_the_owner_and_the_missing_cargo(move) -> None:
    """9.14h: only the side holding a port uses it; 19.0a: the amount is asked for in SP and Tokens."""
    assert refused(move, "load Tobruk 1") == (
        "Tobruk is held by allied: axis cannot load there (ports change hands by capture, 9.14h)")
    assert refused(move, "arrive Tobruk 1") == (
        "Tobruk is held by allied: axis cannot land cargo there (ports change hands by capture, 9.14h)")
    assert refused(move, "load Tripoli") == "the cargo? e.g. 3 SP 2T, 2SP, 1T or 1.5"


# --- 19.0b hits --------------------------------------------------------------------------------------------


def test_19_0b_hits_are_inflicted_by_the_enemy_and_capped_at_four(barrage) -> None:
    """19.0b; RULINGS O1: hits beyond the most a port accumulates have no effect; the barraging enemy acts."""
    assert said(barrage, "hit Tobruk") == (
        "Tobruk: 1 hit(s) from the Barrage vs. Facility Table, 1 in all; capacity 3 SP (19.0b)", [], "axis", ["capacity"])
    assert said(barrage, "hit Tobruk 5") == (
        "Tobruk: 3 hit(s) from the Barrage vs. Facility Table, 4 in all; capacity 2T (19.0b)",
        ["2 hit(s) beyond the most a port can accumulate (4) have no effect (19.0b; RULINGS O1)"], "axis", ["capacity"])
    assert said(barrage, "hit Derna 2") == (
        "Derna: 2 hit(s) from the Barrage vs. Facility Table, 2 in all; capacity 2T (19.0b)", [], "allied", ["capacity"])


def test_19_0b_hit_takes_one_number_of_one_or_more(barrage) -> None:
    """19.0b: ``hit PORT [N]``, N at least 1."""
    assert refused(barrage, "hit Tobruk 1 2") == "too many arguments: 1 2 (usage: hit PORT [N])"
    assert refused(barrage, "hit Tobruk 0") == "hits (19.0b) must be from 1 to 999, not '0'"
    assert refused(barrage, "hit Tobruk 1000") == "hits (19.0b) must be from 1 to 999, not '1000'"
    assert refused(barrage, "hit Tobruk x") == "hits (19.0b) must be a whole number (from 1 to 999), not 'x'"
    assert said(barrage, "hit Tobruk 40")[0].startswith("Tobruk: 4 hit(s) from the Barrage vs. Facility Table, 4 in all")


# --- 19.0c voluntary reduction, 19.0d repair ----------------------------------------------------------------


def test_19_0c_reduction_confirmed_by_units_or_engineers_or_asked(move) -> None:
    """19.0c; RULINGS O2: one hit, once a turn; 1 RE of non-moving Combat Mode units or engineers, else asked."""
    assert said(move, "reduce Benghazi --units") == (
        "Benghazi: 1 hit by voluntary reduction (at least 1 RE of combat units in Combat Mode that do not move), 1 in "
        "all; capacity 2 SP 1T; no more this turn (19.0c; RULINGS O2)", [], "axis", ["capacity"])
    assert said(move, "reduce Bardia --engineers") == (
        "Bardia: 1 hit by voluntary reduction (engineers (13.8d)), 1 in all; capacity 1T; no more this turn "
        "(19.0c; RULINGS O2)", [], "axis", ["capacity"])
    assert said(move, "reduce Derna") == (
        "reduce-1: Voluntary reduction of Derna: are at least 1 RE of combat units in Combat Mode that do not move this "
        "phase, or engineers (13.8d), in the port hex? — answer reduce-1 yes|no", [], "axis", [])
    prompt = move.state.pending_prompt("reduce-1")
    assert (prompt.kind, prompt.effect, prompt.required, prompt.rule, prompt.subject, prompt.expires, prompt.raised) == (
        "confirm", "confirm", True, "19.0c", "Derna", "segment", MOVE)
    assert prompt.args == {"verb": "reduce", "args": ["Derna"], "options": {}}
    assert said(move, "answer reduce-1 yes")[0] == (
        "reduce-1: confirmed — Derna: 1 hit by voluntary reduction (confirmed), 1 in all; capacity 3T; no more this "
        "turn (19.0c; RULINGS O2)")


def test_19_0c_19_0d_refusals(move) -> None:
    """19.0c, 19.0d: the port alone, held by the side acting."""
    assert refused(move, "reduce Derna x y") == "too many arguments: x y (usage: reduce PORT [--units|--engineers])"
    assert refused(move, "reduce Tobruk") == (
        "Tobruk is held by allied: axis cannot reduce the port there (ports change hands by capture, 9.14h)")
    assert refused(move, "repair Derna x y") == "too many arguments: x y (usage: repair PORT [--engineer])"
    assert refused(move, "repair Tobruk") == (
        "Tobruk is held by allied: axis cannot repair the port there (ports change hands by capture, 9.14h)")


def test_19_0d_repair_costs_one_sp_and_is_confirmed_or_asked(move) -> None:
    """19.0d; RULINGS O2: an Engineer-Capable unit repairs one hit at a cost of 1 SP, once a turn."""
    said(move, "reduce Benghazi --units")
    assert said(move, "repair Benghazi --engineer") == (
        "Benghazi: 1 hit repaired by an Engineer-Capable unit at a cost of 1 SP (pay it from your supply), 0 left; "
        "capacity 3 SP; no more this turn (19.0d; RULINGS O2)", ["cost: 1 SP (19.0d)"], "axis", ["capacity"])
    said(move, "reduce Derna --units")
    assert said(move, "repair Derna")[0] == (
        "repair-1: Repair of Derna: does an Engineer-Capable unit do the work (13.8d), and is 1 SP paid? — answer "
        "repair-1 yes|no")
    prompt = move.state.pending_prompt("repair-1")
    assert (prompt.rule, prompt.subject, prompt.args) == ("19.0d", "Derna", {"verb": "repair", "args": ["Derna"], "options": {}})
    assert said(move, "answer repair-1 no")[0] == "repair-1: not confirmed — nothing done (19.0d)"
    assert move.state.world.ports["Derna"].hits == 1


@pytest.mark.parametrize("line, pid, what", [
    ("reduce Derna", "reduce-1", "Voluntary reduction is allowed during the Movement Phase only (19.0c; RULINGS O2)"),
    ("repair Benghazi", "repair-1", "Port repair is allowed during the Movement Phase only (19.0d; RULINGS O2)"),
    ("ship Tripoli Benghazi unit 1", "ship-1", "Sea Cap is allowed during the Movement Phase only (19.0f B)"),
])
def test_19_0c_outside_the_movement_phase_a_confirmation_is_refused(move, line: str, pid: str, what: str) -> None:
    """19.0c, 19.0d, 19.0f B: a confirmation carried out where the sequence does not list the verb (the Supply Phase)
    is refused, naming where the verb is legal."""
    if pid == "repair-1":
        said(move, "reduce Benghazi --units")
    said(move, line)
    supply = next(s for s in move.ruleset.sequence.segments if s.key == "first-turn/supply")
    ctx = SimpleNamespace(state=move.state, segment=supply)
    with pytest.raises(RuleError) as exc:
        move.ruleset.answers["confirm"](ctx, move.state.pending_prompt(pid), "yes")
    assert str(exc.value) == f"{what}; this is {supply.title}. It is legal in Movement phase of each player turn."


# --- 19.0f Sea Cap ------------------------------------------------------------------------------------------


def test_19_0f_a_shipment_charges_both_ports_and_the_allowance(move) -> None:
    """19.0f: one shipment, both ports charged; the side's Shipping Allowance too (19.0f E)."""
    assert said(move, "ship Tripoli Benghazi 1") == (
        "Sea Cap: 1 SP shipped Tripoli → Benghazi; both ports charged (19.0f)",
        ["Tripoli: 1 SP used this phase, 5 SP left (19.0a)", "Benghazi: 1 SP used this phase, 2 SP left (19.0a)",
         "axis Sea Cap: 1 SP used, 1 SP left this turn (19.0f E)"],
        "axis", ["left this phase", "left this phase", "axis Sea Cap left"])


def test_19_0f_d_a_mixed_shipment_names_each_part(move) -> None:
    """19.0f D: SP, combat units and Transport Points joined by +, one command."""
    assert said(move, "ship Tripoli Benghazi sp 2T + unit 1T + tp 1T --move-mode --no-move")[0] == (
        "Sea Cap: 2T + a combat unit of Transport Equivalent 1T + Transport Points of Transport Equivalent 1T shipped "
        "Tripoli → Benghazi, 1 SP in all; both ports charged (19.0f D)")


def test_19_0f_a_c_a_unit_is_asked_about_move_mode_and_moving(move) -> None:
    """19.0f A, C: a combat unit must be in Move Mode and not move before or after; what is not confirmed is asked."""
    assert said(move, "ship Tripoli Benghazi 1 --unit")[0] == (
        "ship-1: Sea Cap Tripoli → Benghazi (1 SP): is the unit in Move Mode (19.0f A) and not moving before or after it "
        "is shipped this phase (19.0f C)? — answer ship-1 yes|no")
    assert said(move, "ship Tripoli Benghazi unit 1 --move-mode")[0] == (
        "ship-2: Sea Cap Tripoli → Benghazi (1 SP): is the unit not moving before or after it is shipped this phase "
        "(19.0f C)? — answer ship-2 yes|no")
    assert said(move, "ship Tripoli Benghazi unit 1T + unit 1T --no-move")[0] == (
        "ship-3: Sea Cap Tripoli → Benghazi (2T): is each combat unit in Move Mode (19.0f A)? — answer ship-3 yes|no")
    prompt = move.state.pending_prompt("ship-1")
    assert (prompt.rule, prompt.subject, prompt.args) == (
        "19.0f A, C", "Tripoli", {"verb": "ship", "args": ["Tripoli", "Benghazi", "1"], "options": {"unit": True}})
    assert said(move, "answer ship-1 yes")[0] == (
        "ship-1: confirmed — Sea Cap: a combat unit of Transport Equivalent 1 SP shipped Tripoli → Benghazi; both "
        "ports charged (19.0f)")


def test_19_0f_refusals_say_the_usage(move) -> None:
    """19.0f, 19.0f D: the ports, then the cargo; --unit on a single amount only."""
    usage = "ship FROM TO [sp|unit|tp] AMOUNT [+ [sp|unit|tp] AMOUNT ...] [--unit] [--move-mode] [--no-move]"
    assert refused(move, "ship Tripoli") == f"usage: {usage} (19.0f)"
    assert refused(move, "ship Tripoli Benghazi") == f"the cargo? usage: {usage} (19.0f)"
    assert refused(move, "ship Tripoli Benghazi 1 +") == f"usage: {usage} (19.0f D)"
    assert refused(move, "ship Tripoli Benghazi unit 1 + 1 --unit") == (
        "--unit marks a single AMOUNT as one combat unit; in a mixed shipment write each combat unit as 'unit AMOUNT' "
        "(19.0f D)")
    assert refused(move, "ship Tripoli Benghazi unit 1 --unit") == refused(move, "ship Tripoli Benghazi unit 1 + 1 --unit")
    assert refused(move, "ship Tripoli Benghazi tp") == "the Transport Points' Transport Equivalent? e.g. 3 SP 2T, 2SP, 1T or 1.5"


# --- board state, set-up ------------------------------------------------------------------------------------


def test_19_0a_zoc_negate_and_sea_blocked(barrage) -> None:
    """19.0a: an enemy ZOC in the port hex shuts it down; 4.5a: negated for trace supply only; Play Note: blocked
    hexes toward the sea do not."""
    assert said(barrage, "zoc Tobruk") == (
        "Tobruk: in an enemy ZOC — shut down, capacity 0 for loading, unloading and Sea Cap (19.0a)", [], "allied",
        ["capacity", "supply source"])
    assert said(barrage, "negate Tobruk") == (
        "Tobruk: enemy ZOC negated for trace supply — supply capacity 4 SP; still shut down for loading, unloading and "
        "Sea Cap (19.0a, 4.5a)", [], "allied", ["supply capacity", "supply source"])
    assert said(barrage, "negate Tobruk off")[0] == (
        "Tobruk: enemy ZOC no longer negated — shut down for trace supply too (19.0a)")
    assert said(barrage, "negate Tobruk on")[0].startswith("Tobruk: enemy ZOC negated for trace supply")
    assert said(barrage, "zoc Tobruk off")[0] == "Tobruk: the enemy ZOC is gone — capacity 4 SP again at once (19.0a)"
    assert said(barrage, "zoc Tobruk on")[0].startswith("Tobruk: in an enemy ZOC")
    assert said(barrage, "sea-blocked Tobruk") == (
        "Tobruk: enemy combat units or ZOC block the hexes between it and the sea — the port continues to function, "
        "capacity 0 (19.0a Play Note; only its own hex in an enemy ZOC shuts it down)", [], "allied",
        ["capacity", "supply source"])
    assert refused(barrage, "zoc Tobruk on off") == "usage: zoc PORT [on|off] (19.0a)"
    assert refused(barrage, "zoc Tobruk x") == "enemy ZOC must be on or off, not 'x'"
    assert refused(barrage, "negate Tobruk a b") == "usage: negate PORT [on|off] (19.0a, 4.5a)"
    assert refused(barrage, "negate Tobruk x") == "negation must be on or off, not 'x'"
    assert refused(barrage, "sea-blocked Tobruk x y") == "too many arguments: x y (usage: sea-blocked PORT)"


def test_9_14h_capture_and_19_0f_allowance(barrage) -> None:
    """9.14h: a port changes hands, the captor acting; 19.0f: a side's Shipping Allowance in points."""
    assert said(barrage, "capture Tripoli allied") == ("Tripoli captured by allied (9.14h)", [], "allied", [])
    assert said(barrage, "capture Tobruk axis") == ("Tobruk captured by axis (9.14h)", [], "axis", [])
    assert barrage.state.world.ports["Tobruk"].owner == "axis"
    assert refused(barrage, "capture Tobruk axis") == "Tobruk is already held by axis"
    assert refused(barrage, "capture Tobruk") == "usage: capture PORT axis|allied (9.14h)"
    assert said(barrage, "allowance allied 2.5") == (
        "allied Shipping Allowance: 2.5 point(s) a turn, 2 SP 2T of cargo (19.0f)", [], "referee", ["allied Sea Cap left"])
    assert said(barrage, "allowance axis 3")[0] == "axis Shipping Allowance: 3 point(s) a turn, 3 SP of cargo (19.0f)"
    assert barrage.state.world.allowance == {"axis": 12, "allied": 10}
    assert all(type(tokens) is int for tokens in barrage.state.world.allowance.values())  # whole Tokens when whole points
    assert said(barrage, "allowance axis 0")[0] == "axis Shipping Allowance: 0 point(s) a turn, 0 of cargo (19.0f)"
    assert refused(barrage, "allowance axis") == "usage: allowance axis|allied POINTS (19.0f)"
    assert refused(barrage, "allowance axis x") == (
        "the Shipping Allowance (points, 19.0f) must be a number (from 0 to 100000), not 'x'")
    assert refused(barrage, "allowance axis 100001") == (
        "the Shipping Allowance (points, 19.0f) must be from 0 to 100000, not '100001'")


def test_19_0_the_option_guard_and_the_confirm_answer_called_directly(move) -> None:
    """A handler refuses an option it does not know (the engine checks first; the guard holds for any other caller);
    a confirm prompt whose command is unknown confirms nothing."""
    ctx = SimpleNamespace(state=move.state, segment=move.segment)
    with pytest.raises(RuleError) as exc:
        move.ruleset.verbs["capture"].handler(ctx, ["Tobruk", "axis"], {"foo": True})
    assert str(exc.value) == "'capture' has no option --foo (its options: none)"
    with pytest.raises(RuleError) as exc:
        move.ruleset.verbs["load"].handler(ctx, ["Tripoli", "1"], {"bar": True, "foo": True})
    assert str(exc.value) == "'load' has no option --bar (its options: --unit)"
    out = move.ruleset.verbs["load"].handler(ctx, ["Tripoli", "1"], {"dice": "1", "unit": False})
    assert out.summary == "Tripoli: 1 SP loaded; 1 SP used, 5 SP left this phase (19.0a)"
    confirm = move.ruleset.answers["confirm"]
    prompt = Pending(id="x-1", text="", kind="confirm", effect="confirm", rule="19.0c", args={"verb": "nope"})
    with pytest.raises(RuleError) as exc:
        confirm(ctx, prompt, "yes")
    assert str(exc.value) == "x-1: nothing to confirm"
    assert confirm(ctx, prompt, "no").summary == "x-1: not confirmed — nothing done (19.0c)"
