"""Mulberries (31.A.12), beaches (31.B), transports as jetties (31.A.13), off-map ports (31.A.8), inland ports (31.A.11)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace
import pytest

from tests.europa_sea import game0, pt, st  # noqa: F401 - shared fixtures
from tui.rules.core.errors import RuleError
from tui.rules.europa import beaches as B
from tui.rules.europa import mulberries as M
from tui.rules.europa import offmap as O
from tui.rules.europa import ports as P
from tui.rules.europa.destruction import destroy
from tui.rules.core.explain import Term
from tui.rules.europa.seaworld import Beach

T = 100


@pytest.fixture
def w0(game0):
    world = game0.state.world
    anzio = Beach("Anzio", "allied", "Anzio hex", "Tyrrhenian Sea")
    return replace(world, sea=world.sea.with_beach(anzio))


def mul(world: Any, name: str = "Mulberry A") -> M.Mulberry:
    return world.sea.mulberries[name]


def towing(world: Any, st: Any) -> Any:
    w = M.make_available(world, mul(world))
    return M.start_tow(w, st, mul(w), "United Kingdom ports", "NT-1")


def emplacing(world: Any, st: Any, mps: float = 10) -> Any:
    w = towing(world, st)
    return M.arrive(w, mul(w), w.sea.beaches["Anzio"], mps, T - 1, "allied", "allied")


# --- 31.A.12 Mulberries -----------------------------------------------------------------


def test_31A12_two_mulberries_become_available(w0) -> None:
    assert [m.status for m in w0.sea.mulberries.values()] == ["unavailable", "unavailable"]
    w = M.make_available(w0, mul(w0))
    assert mul(w).status == "available"
    with pytest.raises(RuleError, match="31.A.12"):
        M.make_available(w, mul(w))


def test_31A12_towing_only_in_calm_seas_from_britain(w0, st) -> None:
    w = M.make_available(w0, mul(w0))
    with pytest.raises(RuleError, match="calm"):
        M.start_tow(replace(w, sea_state="rough"), st, mul(w), "United Kingdom ports", "NT-1")
    with pytest.raises(RuleError, match="not an Allied port in Britain"):
        M.start_tow(w, st, mul(w), "Alexandria", "NT-1")
    with pytest.raises(RuleError, match="not an Allied port in Britain"):
        M.start_tow(w, st, mul(w), "Bombay", "NT-1")
    with pytest.raises(RuleError, match="only an available Mulberry"):
        M.start_tow(w0, st, mul(w0), "United Kingdom ports", "NT-1")
    t = M.start_tow(w, st, mul(w), "united kingdom ports", "NT-1")
    assert (mul(t).status, mul(t).steps, mul(t).origin) == ("towing", 1, "United Kingdom ports")


def test_31A12_two_naval_movement_steps_else_wrecked(w0, st) -> None:
    w = towing(w0, st)
    w, lines = M.advance_tows(w, st)
    assert mul(w).status == "towing" and mul(w).steps == 2 and "must arrive next step" in lines[0]
    w, lines = M.advance_tows(w, st)
    assert mul(w).status == "wrecked" and "wrecked" in lines[0]


def test_31A12_wrecked_if_the_towing_unit_sinks(w0, st) -> None:
    w = M.sink(towing(w0, st), mul(towing(w0, st)))
    assert mul(w).status == "wrecked" and "sunk" in mul(w).why


def test_31A12_arrival_at_an_allied_beach_without_port_or_mulberry(w0, st) -> None:
    w = towing(w0, st)
    anzio = w.sea.beaches["Anzio"]
    with pytest.raises(RuleError, match="not an Allied-owned beach"):
        M.arrive(w, mul(w), anzio, 10, T, "allied", None)  # captured this phase (31.B.1)
    with_port = w.with_port(P.Port(name="Anzio port", type="minor", owner="allied", hex="Anzio hex"))
    with pytest.raises(RuleError, match="except one containing a port"):
        M.arrive(with_port, mul(w), anzio, 10, T, "allied", "allied")
    arrived = M.arrive(w, mul(w), anzio, 10, T, "allied", "allied")
    assert mul(arrived).status == "emplacing" and mul(arrived).beach == "Anzio"
    b = M.make_available(arrived, mul(arrived, "Mulberry B"))
    b = M.start_tow(b, st, mul(b, "Mulberry B"), "United Kingdom ports", "TF-2")
    with pytest.raises(RuleError, match="already has Mulberry A"):
        M.arrive(b, mul(b, "Mulberry B"), anzio, 5, T, "allied", "allied")


@pytest.mark.parametrize("sea, mps, in_hex, adjacent, expected", [
    ("calm", 15, False, False, 2),  # +1 +1
    ("rough", 15, False, False, 0),  # -2
    ("stormy", 15, False, False, -2),  # -4
    ("calm", 16, False, False, 1),  # 1 MP past 15: a fraction of 5 -> -1
    ("calm", 20, False, False, 1),  # 5 MPs past 15 -> -1
    ("calm", 21, False, False, 0),  # 6 MPs -> -2
    ("calm", 15, True, False, 1),  # enemy in the hex: no +1
    ("calm", 15, True, True, 0),
    ("calm", 15, False, True, 1),
])
def test_31A12_table2_emplacement_modifiers(w0, st, sea: str, mps: float, in_hex: bool, adjacent: bool, expected: int) -> None:
    w = replace(emplacing(w0, st, mps), sea_state=sea)
    assert M.emplacement_modifier(w, st, mul(w), in_hex, adjacent).value == expected


@pytest.mark.parametrize("letter, status, port, usable, doubled", [
    ("D", "wrecked", False, False, False), ("F*", "wrecked", False, False, False),
    ("F", "emplaced", True, False, False), ("S", "emplaced", True, True, False), ("S*", "emplaced", True, True, True),
])
def test_31A12_table2_results(w0, st, pt, letter: str, status: str, port: bool, usable: bool, doubled: bool) -> None:
    """D/F* wreck it; F emplaced but not usable this turn; S emplaced; S* double REs this turn. Emplaced = standard port, artificial harbour."""
    w = emplacing(w0, st)
    new, lines = M.emplace(w, st, mul(w), letter)
    assert mul(new).status == status and ("Mulberry A" in new.ports) == port
    assert ("Mulberry A" in new.usable["allied"]) == usable
    if port:
        p = new.ports["Mulberry A"]
        assert p.type == "mulberry" and p.doubled == doubled and p.hex == "Anzio hex"
        assert P.acts_as(p, pt).value == "mulberry" and P.re_capacity(p, pt).value == 3
        assert P.capacity_left(p, pt).value == (6 if doubled else 3)
    if letter == "D":
        assert any("suffers 1 hit" in line for line in lines)


def test_31A12_emplaced_mulberry_has_an_artificial_harbour(w0, st, pt) -> None:
    """31.A.9: each hit on an artificial harbour becomes two."""
    w, _ = M.emplace(emplacing(w0, st), st, mul(emplacing(w0, st)), "S")
    _, added = P.inflict_hits(w.ports["Mulberry A"], 1, pt)
    assert added.value == 2


def test_31A12_wrecked_at_the_end_of_the_original_owners_next_turn(w0, st) -> None:
    """Enemy takes the hex during the Axis turn: wrecked at the end of that game turn's Allied player turn."""
    w, _ = M.emplace(emplacing(w0, st), st, mul(emplacing(w0, st)), "S")
    lost, lines = M.enemy_took_hex(w, "Anzio", T, "axis")
    assert lines and mul(lost).lost_turn == T
    done, lines = M.wreck_lost(lost, T)
    assert mul(done).status == "wrecked" and "Mulberry A" not in done.ports
    # taken during the Allied turn (in an Axis reaction): it survives this Allied turn, goes at the end of the next
    lost2, _ = M.enemy_took_hex(w, "Anzio", T, "allied")
    kept, lines = M.wreck_lost(lost2, T)
    assert mul(kept).status == "emplaced" and not lines
    gone, _ = M.wreck_lost(kept, T + 1)
    assert mul(gone).status == "wrecked"


def test_31A12_emplacing_due_at_the_next_allied_initial_phase(w0, st) -> None:
    w = emplacing(w0, st)  # arrived on turn T-1
    assert [m.name for m in M.emplacing_due(w, T)] == ["Mulberry A"]
    same = M.arrive(towing(w0, st), mul(towing(w0, st)), w0.sea.beaches["Anzio"], 5, T, "allied", "allied")
    assert M.emplacing_due(same, T) == []  # arrived in this Allied turn: next Allied initial phase


# --- 31.B beaches, 31.A.13 jetties ---------------------------------------------------------------


def test_31B1_captured_beach_friendly_for_naval_transport_from_the_next_phase() -> None:
    b = Beach("Gela", "axis")
    taken = B.capture(b, "allied", "100/allied-turn/initial")
    assert B.naval_owner(taken, "100/allied-turn/initial") is None
    assert B.naval_owner(taken, "100/allied-turn/reaction") == "allied"
    with pytest.raises(RuleError, match="already allied"):
        B.capture(taken, "allied", "x")


def test_31B2_E9_landing_capacity_heavy_equipment_double(st, pt) -> None:
    """RULINGS E9: 1½ REs a movement phase; heavy equipment uses double; a new phase starts afresh."""
    b = Beach("Sollum", "allied")
    b1, fig = B.land(b, st, pt, 0.5, True, "p", "allied")
    assert fig.value == 1 and b1.used == 1
    with pytest.raises(RuleError, match="E9"):
        B.land(b1, st, pt, 1, False, "p", "allied")
    b2, _ = B.land(b1, st, pt, 0.5, False, "p", "allied")
    assert b2.used == 1.5
    b3, _ = B.land(b2, st, pt, 1.5, False, "q", "allied")
    assert b3.used == 1.5 and b3.used_phase == "q"
    with pytest.raises(RuleError, match="not axis-owned"):
        B.land(b, st, pt, 1, False, "p", "axis")


@pytest.mark.parametrize("in_zoc, lost", [(False, 2), (True, 0)])
def test_31B4_half_of_sps_lost_unless_in_a_friendly_partial_zoc(st, in_zoc: bool, lost: float) -> None:
    assert B.supply_loss(st, 4, in_zoc).value == lost


def test_31A13_example_three_nts_supply_nine_res(st, pt) -> None:
    """31.A.13 example: 3 NTs that did not move provide intrinsic supply for up to 9 REs (a jetty's 3 each)."""
    assert B.jetty_supply(st, pt, 3).value == 9


# --- 31.A.8 off-map ports, 31.A.11 inland ports -----------------------------------------------------------


def test_31A8_offmap_ports_and_groups_in_transit(w0) -> None:
    bombay = O.find_port(w0, "bombay")
    assert bombay is not None and bombay.type == "great" and O.distance(bombay, "Aden (WW5 south edge)") == 45
    assert O.steps_for(bombay, "Aden (WW5 south edge)", 10) == 5
    with pytest.raises(RuleError, match="enemy off-map port"):
        O.add_group(w0, "Axis TF", "axis", "Massaua", "Bombay", 2)
    w = O.add_group(w0, "TF1", "allied", "Bombay", "Aden", 2, "2 NTs")
    w, lines = O.advance(w, "axis")
    assert w.sea.groups["TF1"].done == 0 and not lines
    w, lines = O.advance(w, "allied")
    assert w.sea.groups["TF1"].done == 1 and "step 1 of 2" in lines[0]
    w, lines = O.advance(w, "allied")
    assert "TF1" not in w.sea.groups and "arrives at Aden" in lines[0]


def test_31A11_inland_port_usable_only_with_its_route_to_the_sea(pt) -> None:
    river = P.Port(name="Rouen", type="standard", owner="allied", inland=True, sea_route=False)
    with pytest.raises(RuleError, match="31.A.11"):
        P.use_capacity(river, 1, 0, True, pt)
    with pytest.raises(RuleError, match="31.A.11"):
        P.declare_intrinsic(river, pt)
    assert not P.inland_route(river).value
    P.use_capacity(replace(river, sea_route=True), 1, 0, True, pt)


def test_31A11_destroyed_inland_artificial_harbour_cannot_be_rebuilt(pt) -> None:
    locks = destroy(P.Port(name="Antwerp", type="major", owner="allied", inland=True, harbour="artificial"), pt)
    with pytest.raises(RuleError, match="31.A.11"):
        P.upgrade(locks, pt)
    with pytest.raises(RuleError, match="31.A.11"):
        P.repair_hits(locks, 1)


# --- 31.A.12: what is recorded, what is said ------------------------------------------------------------


def refusal(call: Any, *args: Any) -> str:
    with pytest.raises(RuleError) as err:
        call(*args)
    return str(err.value)


def test_31A12_finding_a_mulberry_by_name_or_prefix(w0) -> None:
    assert M.find(w0, "mulberry b").name == "Mulberry B"
    assert refusal(M.find, w0, "Phoenix") == "no Mulberry called 'Phoenix'; Mulberries: Mulberry A, Mulberry B"
    none = replace(w0, sea=replace(w0.sea, mulberries={}))
    assert refusal(M.find, none, "Mulberry A") == ("this game has no Mulberries (31.A.12); the scenario lists them "
                                                   "under [[mulberries]]")


def test_31A12_towing_records_the_unit_and_starts_at_0_mps(w0, st) -> None:
    """31.A.12: towed from any port in Britain by an Allied TF or NT, in calm seas; the tow records who tows it."""
    w = M.make_available(w0, mul(w0))
    t = M.start_tow(w, st, mul(w), "United Kingdom ports", "NT-1")
    assert (mul(t).towed_by, mul(t).mps, mul(t).steps) == ("NT-1", 0, 1)
    assert refusal(M.start_tow, replace(w, sea_state="stormy"), st, mul(w), "United Kingdom ports", "NT-1") == (
        "the sea is stormy: a Mulberry may only be towed in calm seas (31.A.12)")


@pytest.mark.parametrize("theatre", ["Britain", "UK", "uk"])
def test_31A12_a_map_port_in_britain_may_tow(w0, st, theatre: str) -> None:
    """31.A.12: 'any port in Britain': a map port whose theatre is Britain (or UK), Allied-owned."""
    w = M.make_available(w0.with_port(P.Port(name="Dover", type="minor", owner="allied", theatre=theatre)), mul(w0))
    assert mul(M.start_tow(w, st, mul(w), "dover", "TF-1")).origin == "Dover"
    axis = w.with_port(P.Port(name="Dover", type="minor", owner="axis", theatre=theatre))
    assert refusal(M.start_tow, axis, st, mul(w), "Dover", "TF-1") == (
        f"Dover is not an Allied port in Britain (theatre '{theatre}'): a Mulberry is towed from any port in Britain "
        "(31.A.12)")
    assert refusal(M.start_tow, w, st, mul(w), "Scapa", "TF-1") == (
        "no port called 'Scapa' (an off-map port in Britain or a port with theatre=britain) (31.A.12)")


def test_31A12_arrival_records_the_beach_zone_and_mps_and_refuses_negative_mps(w0, st) -> None:
    w = towing(w0, st)
    anzio = w.sea.beaches["Anzio"]
    arrived = M.arrive(w, mul(w), anzio, 0, T, "allied", "allied")  # 0 MPs towed is allowed
    got = mul(arrived)
    assert (got.status, got.beach, got.hex, got.zone, got.mps, got.arrived_turn, got.arrived_side) == (
        "emplacing", "Anzio", "Anzio hex", "Tyrrhenian Sea", 0, T, "allied")
    assert refusal(M.arrive, w, mul(w), anzio, -1, T, "allied", "allied") == "MPs towed must be 0 or more"
    assert refusal(M.arrive, arrived, mul(arrived), anzio, 3, T, "allied", "allied") == (
        "Mulberry A is emplacing, not being towed (31.A.12)")
    assert refusal(M.arrive, w, mul(w), anzio, 3, T, "allied", "axis") == (
        "Anzio is not an Allied-owned beach for naval transport this phase (31.A.12, 31.B.1)")


def test_31A12_a_wrecked_mulberry_does_not_block_its_beach(w0, st) -> None:
    """31.A.12: one Mulberry per beach hex — a wrecked one is gone and another may arrive there."""
    w = emplacing(w0, st)
    wrecked, _ = M.emplace(w, st, mul(w), "F*")
    b = M.make_available(wrecked, mul(wrecked, "Mulberry B"))
    b = M.start_tow(b, st, mul(b, "Mulberry B"), "United Kingdom ports", "TF-2")
    assert mul(M.arrive(b, mul(b, "Mulberry B"), b.sea.beaches["Anzio"], 5, T, "allied", "allied"), "Mulberry B").status == "emplacing"
    other_beach = Beach("Nettuno", "allied", "Nettuno hex", "Tyrrhenian Sea")
    b2 = replace(b, sea=b.sea.with_beach(other_beach))
    assert mul(M.arrive(b2, mul(b2, "Mulberry B"), other_beach, 5, T, "allied", "allied"), "Mulberry B").beach == "Nettuno"


def test_31A12_table2_modifier_explains_each_line(w0, st) -> None:
    """31.A.12 Table 2: rough seas -2, 21 MPs towed is 2 fives after the first 15 (-2), enemy adjacent, hex clear: -3."""
    w = replace(emplacing(w0, st, 21), sea_state="rough")
    got = M.emplacement_modifier(w, st, mul(w), False, True)
    assert (got.name, got.value, got.rule) == ("Mulberry A emplacement modifier", -3, "31.A.12 Table 2")
    assert got.terms == (
        Term("rough seas (sea conditions this turn)", -2, "31.A.12 Table 2"),
        Term("towed 21 MPs: 2 x 5 MPs (or fraction) after the first 15", -2, "31.A.12 Table 2"),
        Term("no enemy ground or naval units in the hex", 1, "31.A.12 Table 2"),
        Term("no enemy ground units in any adjacent hex", 0, "31.A.12 Table 2"),
    )
    assert got.notes == ("Rolled on the SUCCESS TABLE (RULINGS E22) at the beginning of the next Allied initial phase.",)
    clear = M.emplacement_modifier(replace(w, sea_state="calm"), st, mul(w), True, False)
    assert [t.value for t in clear.terms] == [0, -2, 0, 1] and clear.value == -1


def test_31A12_results_are_said_and_recorded(w0, st) -> None:
    """31.A.12 Table 2: D wrecks it and the towing unit suffers 1 hit; F is not usable this turn; S* doubles REs."""
    w = emplacing(w0, st)
    wrecked, lines = M.emplace(w, st, mul(w), "D")
    assert (mul(wrecked).status, mul(wrecked).result, mul(wrecked).why) == ("wrecked", "D", "D on the emplacement roll")
    assert lines == ["Mulberry A: D Disaster — Mulberry wrecked: remove it from play. The towing unit suffers 1 hit.",
                     "The towing unit NT-1 suffers 1 hit(s)"]
    failed, lines = M.emplace(w, st, mul(w), "F")
    assert mul(failed).result == "F" and lines[1] == "Mulberry A may not be used in the current turn (31.A.12)"
    great, lines = M.emplace(w, st, mul(w), "S*")
    assert lines[1:] == ["Mulberry A is a standard port with an artificial harbour, usable this turn (31.A.12)",
                         "Double the normal REs may be landed at Mulberry A this turn (31.A.12)"]
    assert great.ports["Mulberry A"].sea_zone == "Tyrrhenian Sea" and great.ports["Mulberry A"].harbour == "artificial"
    assert refusal(M.emplace, great, st, mul(great), "S") == "Mulberry A is emplaced, not emplacing (31.A.12)"


def test_31A12_wrecks_say_why(w0, st) -> None:
    """31.A.12: wrecked if the towing unit sinks, or not arrived by the end of its second naval movement step."""
    w = towing(w0, st)
    assert mul(M.sink(w, mul(w))).why == "its towing unit NT-1 was sunk"
    untowed = replace(w, sea=w.sea.with_mulberry(replace(mul(w), towed_by="")))
    assert mul(M.sink(untowed, mul(untowed))).why == "its towing unit was sunk"
    assert refusal(M.sink, w0, mul(w0)) == "Mulberry A is unavailable, not being towed (31.A.12)"
    w, _ = M.advance_tows(w, st)
    w, lines = M.advance_tows(w, st)
    assert mul(w).why == "not arrived at an Allied-owned beach by the end of naval step 2"
    assert lines == ["Mulberry A wrecked: towed for 2 naval movement steps without arriving (31.A.12)"]
    assert M.advance_tows(w, st)[1] == []  # a wrecked Mulberry is not towed any more


def test_31A12_lost_hex_lines(w0, st) -> None:
    w, _ = M.emplace(emplacing(w0, st), st, mul(emplacing(w0, st)), "S")
    lost, lines = M.enemy_took_hex(w, "Anzio", T, "axis")
    assert lines == ["Mulberry A: the enemy holds its hex; it is wrecked at the end of the Allies' next player turn "
                     "(31.A.12)"]
    assert M.enemy_took_hex(lost, "Anzio", T + 1, "axis")[1] == []  # already marked: the first loss counts
    assert mul(lost).lost_side == "axis"
    done, lines = M.wreck_lost(lost, T)
    assert lines == ["Mulberry A wrecked and removed from play: the enemy took its hex (31.A.12)"]
    assert mul(done).why == "the enemy took its hex"


def test_31A12_emplacing_due_after_an_arrival_in_the_axis_turn_of_the_same_game_turn(w0, st) -> None:
    """Arrived in this game turn's Axis player turn (not the Allied one): due at the next Allied initial phase."""
    w = towing(w0, st)
    axis_turn = M.arrive(w, mul(w), w.sea.beaches["Anzio"], 5, T, "axis", "allied")
    assert [m.name for m in M.emplacing_due(axis_turn, T)] == ["Mulberry A"]
    assert M.emplacing_due(axis_turn, T - 1) == []


def test_31A8_groups_in_transit_record_their_move_and_refusals_say_why(w0) -> None:
    """31.A.8: a group records its side, ends, steps and cargo; a move takes 1 step or more; names are unique in any case."""
    from tui.rules.europa.seaworld import NavalGroup

    w = O.add_group(w0, "TF1", "allied", "Bombay", "Aden", 1, "2 NTs")
    assert w.sea.groups["TF1"] == NavalGroup("TF1", "allied", "Bombay", "Aden", 1, 0, "2 NTs")
    assert refusal(O.add_group, w, "tf1", "allied", "Bombay", "Aden", 2) == "there is already a naval group called tf1 in transit"
    assert refusal(O.add_group, w0, "TF2", "allied", "Bombay", "Aden", 0) == "a move takes 1 or more naval movement steps (31.A.8)"
    assert refusal(O.add_group, w0, "X", "axis", "Bombay", "Massaua", 2) == (
        "Bombay is an Allied off-map port: a naval group may not move to an enemy off-map port (31.A.8)")
    done, lines = O.advance(w, "allied")
    assert "TF1" not in done.sea.groups and lines == ["TF1 arrives at Aden (31.A.8)"]  # a 1-step move arrives at once
    w2 = O.add_group(w, "TF2", "allied", "Aden", "Bombay", 3)
    assert O.take_group(w2, "tf2").name == "TF2"
    assert refusal(O.take_group, w2, "Force Z") == "no naval group in transit called 'Force Z'; in transit: TF1, TF2"
    assert refusal(O.take_group, w2, "tf") == "'tf' could be TF1, TF2: type more of the name; in transit: TF1, TF2"
    assert refusal(O.take_group, w0, "TF1") == "no naval groups are in transit (31.A.8)"
    left = O.remove_group(w2, w2.sea.groups["TF1"])
    assert list(left.sea.groups) == ["TF2"]


def test_31A8_distances_and_steps(w0) -> None:
    """31.A.8: steps are the distance over the hexes per step, rounded up, at least 1."""
    bombay = O.find_port(w0, " BOMBAY ")
    assert bombay is not None and O.find_port(w0, "Atlantis") is None
    assert O.steps_for(bombay, "aden (ww5 south edge)", 45) == 1 and O.steps_for(bombay, "Aden (WW5 south edge)", 44) == 2
    assert O.steps_for(bombay, "Aden (WW5 south edge)", 100) == 1
    assert O.steps_for(bombay, "Aden (WW5 south edge)", 1) == 45  # one hex a step: the least allowance there is
    assert refusal(O.steps_for, bombay, "Aden (WW5 south edge)", 0) == "hexes per naval movement step must be 1 or more"
    assert refusal(O.distance, bombay, "Suez") == (
        f"Bombay lists no distance to 'Suez'; it lists: {', '.join(bombay.distances)} (31.A.8)")


def test_31A12_emplacing_due_in_order_of_arrival_then_name(w0, st) -> None:
    w = M.make_available(M.make_available(w0, mul(w0)), mul(w0, "Mulberry B"))
    w = M.start_tow(w, st, mul(w), "United Kingdom ports", "NT-1")
    w = M.start_tow(w, st, mul(w, "Mulberry B"), "United Kingdom ports", "NT-2")
    nettuno = Beach("Nettuno", "allied", "Nettuno hex", "Tyrrhenian Sea")
    w = replace(w, sea=w.sea.with_beach(nettuno))
    w = M.arrive(w, mul(w, "Mulberry B"), w.sea.beaches["Anzio"], 5, T - 2, "allied", "allied")
    w = M.arrive(w, mul(w), nettuno, 5, T - 1, "allied", "allied")
    assert [m.name for m in M.emplacing_due(w, T)] == ["Mulberry B", "Mulberry A"]  # B arrived first
    same = replace(w, sea=w.sea.with_mulberry(replace(mul(w), arrived_turn=T - 2)))
    assert [m.name for m in M.emplacing_due(same, T)] == ["Mulberry A", "Mulberry B"]  # same turn: by name


def test_31A12_an_emplacing_mulberry_lost_on_turn_0_and_usable_lists_started_empty(w0, st) -> None:
    """The first game turn counts (turn 0 is a turn); an emplaced Mulberry joins the Allied usable list even when empty."""
    w = emplacing(w0, st)
    lost, lines = M.enemy_took_hex(w, "Anzio", 0, "axis")
    assert mul(lost).lost_turn == 0 and lines
    done, _ = M.wreck_lost(lost, 0)
    assert mul(done).status == "wrecked"
    bare = replace(w, usable={})
    placed, _ = M.emplace(bare, st, mul(bare), "S")
    assert placed.usable == {"allied": ("Mulberry A",)}
