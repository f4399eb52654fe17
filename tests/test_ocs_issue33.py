"""Issue 33: the outsider's cases for OCS 19.0 (seed 001), kept as tests.

From docs/cases/issue33-outsider-cases.md sections 6-8 and X9, written from the
rule text and shared/RULINGS.md (O1, O2). Expected figures are the outsider's,
worked by hand; where a test departs, its docstring quotes the clause.
Tokens: 1 SP = 4 T.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tests.conftest import fixed_clock
from tests.test_ocs_shipping import goto
from tui.paths import data_dir
from tui.rules.core.errors import RuleError
from tui.rules.ocs import ports as P
from tui.rules.ocs import shipping as S
from tui.rules.ocs.tables import load_tables
from tui.session import memory_game


@pytest.fixture(scope="module")
def tables():
    return load_tables(data_dir() / "rulesets" / "ocs.toml")


@pytest.fixture
def game():
    return memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def refused(game, line: str, *fragments: str):
    before = game.state
    r = game.execute(line)
    assert not r.ok, f"{line} was accepted: {r.message}"
    for fragment in fragments:
        assert fragment in r.message, r.message
    assert game.state == before
    return r


def port(game, name: str) -> P.Port:
    return game.state.world.ports[name]


# --- 6. 19.0a Play Note: ZOC between the port and the sea -------------------------------------------------------


def test_C6_1_a_port_keeps_working_when_zoc_blocks_the_hexes_to_the_sea(game, tables) -> None:
    """C6.1, 19.0a Play Note ("A port continues to function when enemy combat units or ZOC block the hexes that lie
    between it and the sea"): recorded with sea-blocked (new in issue 33); Tobruk stays 4 SP, a supply source,
    and takes a 4 SP load."""
    before = game.state.world
    r = ok(game, "sea-blocked Tobruk")
    assert "continues to function, capacity 4 SP" in r.message and "19.0a Play Note" in r.message
    assert game.state.world == before  # nothing the app records about those hexes lowers it
    assert [e.value for e in r.explanations] == ["4 SP", True]
    t = port(game, "Tobruk")
    assert (P.capacity(t, tables).value, P.supply_source(t, tables).value) == ("4 SP", True)
    loaded, big = P.charge(port(game, "Tobruk"), 16, False, tables)
    assert (big, P.capacity_left(loaded, tables).value) == (False, "0")


def test_C6_2_its_own_hex_in_an_enemy_zoc_shuts_it_down(game, tables) -> None:
    """C6.2, 19.0a, 4.5a, 19.0f F: zoc on → 0, not a source, loading refused; negate on → a source again (4 SP for
    trace supply) but loading still refused; zoc off → 4 SP at once."""
    ok(game, "zoc Tobruk on")
    t = port(game, "Tobruk")
    assert (P.capacity(t, tables).value, P.supply_source(t, tables).value) == ("0", False)
    with pytest.raises(RuleError, match="shut down by an enemy ZOC"):
        P.charge(t, 1, False, tables)
    ok(game, "negate Tobruk on")
    t = port(game, "Tobruk")
    assert (P.supply_capacity(t, tables).value, P.supply_source(t, tables).value, P.capacity(t, tables).value) == (
        "4 SP", True, "0")
    with pytest.raises(RuleError, match="shut down by an enemy ZOC"):
        P.charge(t, 1, False, tables)
    ok(game, "zoc Tobruk off")
    assert P.capacity(port(game, "Tobruk"), tables).value == "4 SP"
    with pytest.raises(RuleError, match="19.0f F"):
        S.ship(game.state.world.with_port(replace(port(game, "Tobruk"), enemy_zoc=True)), "allied", "Alexandria",
               "Tobruk", 4, False, tables)


# --- 7. 19.0b: damage and the Damage Track ---------------------------------------------------------------------


@pytest.mark.parametrize("name, by_hits", [
    ("Alexandria", ["10 SP", "7 SP 2T", "5 SP", "2 SP 2T", "0"]),
    ("Tripoli", ["6 SP", "4 SP 2T", "3 SP", "1 SP 2T", "0"]),
    ("Benghazi", ["3 SP", "2 SP 1T", "1 SP 2T", "3T", "0"]),
    ("Derna", ["1 SP", "3T", "2T", "1T", "0"]),
    ("Tobruk", ["4 SP", "3 SP", "2 SP", "1 SP", "2T"]),  # C7.3: its own Damage Track, 4 hits 2T (not 0)
])
def test_C7_1_C7_3_capacity_by_hits(game, tables, name: str, by_hits: list[str]) -> None:
    """C7.1 (RULINGS O1: each hit 1/4 of the undamaged capacity, to the nearest Token; 4 hits close the port) and
    C7.3 (19.0b: "Some ports have a Damage Track specific to them ... apply the Port Capacities listed")."""
    base = port(game, name)
    assert [P.capacity(replace(base, hits=h), tables).value for h in range(5)] == by_hits


@pytest.mark.parametrize("name, by_hits", [("Mersa Matruh", ["1 SP 2T", "1 SP", "3T", "1T", "0"]),
                                           ("Bardia", ["2T", "1T", "1T", "0", "0"])])
def test_C7_1_the_ties_the_text_does_not_settle(game, tables, name: str, by_hits: list[str]) -> None:
    """C7.1 ties (bold in the outsider's table): the app rounds the capacity LOST to the nearest Token, an exact
    half as the data's ``halves`` says (RULINGS O1), so Mersa Matruh 1 hit loses 1½T → 2T (1 SP left; the outsider
    offers 4T or 5T) and 3 hits loses 4½T → 5T (1T; the outsider: 1T or 2T); Bardia 1 hit loses ½T → 1T (1T), 3 hits 1½T → 2T (0)."""
    base = port(game, name)
    assert [P.capacity(replace(base, hits=h), tables).value for h in range(5)] == by_hits


@pytest.mark.parametrize("name, hits, source", [("Benghazi", 2, True), ("Benghazi", 3, False), ("Tripoli", 3, True),
                                                ("Tripoli", 4, False), ("Alexandria", 3, True), ("Tobruk", 3, True),
                                                ("Tobruk", 4, False)])
def test_C7_2_supply_sources_below_1_sp(game, tables, name: str, hits: int, source: bool) -> None:
    """C7.2, 19.0e ("loses that ability if the port falls below a 1 SP capacity"), C7.3 for Tobruk's track."""
    assert P.supply_source(replace(port(game, name), hits=hits), tables).value is source


def test_C7_3_C7_4_tobruk_at_4_hits_and_never_more(game, tables) -> None:
    """C7.3, C7.4, 19.0b ("a port can never accumulate more than 4 hits"): 4 hits = 2T: 2T loads, 3T does not; a
    fifth hit is refused."""
    t, added = P.inflict_hits(port(game, "Tobruk"), 5, tables)
    assert (t.hits, added) == (4, 4)
    with pytest.raises(RuleError, match="already has 4 hits"):
        P.inflict_hits(t, 1, tables)
    with pytest.raises(RuleError, match="exceeds"):
        P.charge(t, 3, False, tables)
    assert P.charge(t, 2, False, tables)[0].used == 2


def test_C7_5_an_oversize_unit_needs_a_capacity_above_zero(game) -> None:
    """C7.5, 19.0a ("Ports with a capacity above zero can choose to use their full capacity to load or unload a single
    combat unit whose Transport Equivalent size exceeds the port's current capacity. This can be the only
    loading/unloading performed at the port during the phase"): Bardia at 3 hits is 0 (the C7.1 tie, lost ½T x 3 =
    1½T rounds to 2T, RULINGS O1), so a unit of TE 1 SP is refused; at 2 hits (1T) it goes and nothing else may load
    there; a generic port at 4 hits (Benghazi) refuses it."""
    goto(game, "first-turn/movement/breakout")
    ok(game, "port edit Bardia hits=3")
    refused(game, "load Bardia 1 --unit", "its capacity is 0", "19.0a")
    ok(game, "port edit Bardia hits=2")
    r = ok(game, "load Bardia 1 --unit")
    assert "oversize unit" in r.details[0] and port(game, "Bardia").oversize == 4
    refused(game, "load Bardia 1T", "an oversize unit (1 SP) used its whole capacity", "19.0a")
    ok(game, "port edit Benghazi hits=4")
    refused(game, "load Benghazi 1 --unit", "its capacity is 0")


# --- 8. 19.0f D: one shipment of SP, units and Transport Points ------------------------------------------------


def test_C8_1_C8_2_any_combination_in_one_shipment(game, tables) -> None:
    """C8.1, 19.0f D ("Any combination of SP, combat units, and Transport Points can be shipped"), E: allowance 6,
    Alexandria → Tobruk: 1 SP of supply + a unit of TE 2 SP + Transport Points of TE 1 SP in one shipment:
    Alexandria used 4, left 6; Tobruk used 4, left 0; allowance used 4, left 2. C8.2: then 1T to Tobruk refused;
    2 SP to Mersa Matruh refused (1 SP 2T); 1 SP 2T accepted: allowance used 5½, left ½."""
    world = replace(game.state.world, allowance={**game.state.world.allowance, "allied": 24})
    new, lines = S.ship_mixed(world, "allied", "Alexandria", "Tobruk", [(4, False), (8, True), (4, False)], tables)
    a, t = new.ports["Alexandria"], new.ports["Tobruk"]
    assert (P.capacity_used(a, tables).value, P.capacity_left(a, tables).value) == ("4 SP", "6 SP")
    assert (P.capacity_used(t, tables).value, P.capacity_left(t, tables).value) == ("4 SP", "0")
    assert (S.allowance_used(new, "allied", tables).value, S.allowance_left(new, "allied", tables).value) == (
        "4 SP", "2 SP")
    with pytest.raises(RuleError, match="19.0f D"):
        S.ship_mixed(new, "allied", "Alexandria", "Tobruk", [(1, False)], tables)
    with pytest.raises(RuleError, match="19.0f D"):
        S.ship(new, "allied", "Alexandria", "Mersa Matruh", 8, False, tables)
    done, _ = S.ship(new, "allied", "Alexandria", "Mersa Matruh", 6, False, tables)
    assert (S.allowance_used(done, "allied", tables).value, S.allowance_left(done, "allied", tables).value) == (
        "5 SP 2T", "2T")


def test_C8_1_separate_lines_give_the_same_totals(game, tables) -> None:
    """C8.1: the same parts as three ``ship`` calls in one phase end in the same world as the one shipment."""
    world = replace(game.state.world, allowance={**game.state.world.allowance, "allied": 24})
    one, _ = S.ship_mixed(world, "allied", "Alexandria", "Tobruk", [(4, False), (8, True), (4, False)], tables)
    three = world
    for tokens, unit in [(4, False), (8, True), (4, False)]:
        three, _ = S.ship(three, "allied", "Alexandria", "Tobruk", tokens, unit, tables)
    assert one == three


def test_C8_3_an_oversize_unit_goes_alone(game, tables) -> None:
    """C8.3, 19.0a ("This can be the only loading/unloading performed at the port during the phase"): a unit of TE
    5 SP alone to Tobruk (4 SP): accepted, Tobruk full, Alexandria 5 SP used, allowance charged 5 SP (19.0f E, the
    outsider's proposal); the same unit with 1 SP in one shipment (either order): refused, nothing changed."""
    world = replace(game.state.world, allowance={**game.state.world.allowance, "allied": 40})
    new, lines = S.ship_mixed(world, "allied", "Alexandria", "Tobruk", [(20, True)], tables)
    assert (new.ports["Tobruk"].used, new.ports["Tobruk"].oversize, new.ports["Alexandria"].used) == (16, 20, 20)
    assert P.capacity_left(new.ports["Tobruk"], tables).value == "0" and new.shipped["allied"] == 20
    for parts in ([(20, True), (4, False)], [(4, False), (20, True)]):
        with pytest.raises(RuleError, match="19.0a"):
            S.ship_mixed(world, "allied", "Alexandria", "Tobruk", parts, tables)
    with pytest.raises(RuleError, match="19.0f D"):
        S.ship_mixed(world, "allied", "Alexandria", "Tobruk", [], tables)


# --- X9: a shut-down port comes back damaged, not whole --------------------------------------------------------


def test_X9_shut_down_over_hits(game, tables) -> None:
    """X9, 19.0a ("instantly recovers its normal capacity"), O1: Benghazi 2 hits (1 SP 2T), zoc on → 0, off → 1 SP 2T."""
    ok(game, "port edit Benghazi hits=2")
    ok(game, "zoc Benghazi on")
    assert P.capacity(port(game, "Benghazi"), tables).value == "0"
    ok(game, "zoc Benghazi off")
    assert P.capacity(port(game, "Benghazi"), tables).value == "1 SP 2T"


# --- 8 through the engine: one `ship` command (19.0f D) -----------------------------------------------------------


ALLIED_MOVEMENT = "second-turn/movement/breakout"
C8_1 = "ship Alexandria Tobruk 1 SP + unit 2 SP + tp 1 SP --move-mode --no-move"


def sea_cap(game, side: str = "allied") -> tuple[str, str]:
    world = game.state.world
    return S.allowance_used(world, side, game.ruleset.tables).value, S.allowance_left(world, side, game.ruleset.tables).value


def used_left(game, name: str) -> tuple[str, str]:
    p, t = port(game, name), game.ruleset.tables
    return P.capacity_used(p, t).value, P.capacity_left(p, t).value


def test_C8_1_C8_2_one_ship_command_one_log_entry(game) -> None:
    """C8.1, 19.0f D ("Any combination of SP, combat units, and Transport Points can be shipped"), E: allowance 6,
    Alexandria → Tobruk, 1 SP + a unit of TE 2 SP + Transport Points of TE 1 SP in ONE command: one log entry;
    Alexandria used 4, left 6; Tobruk used 4, left 0; allowance used 4, left 2. C8.2: then 1T to Tobruk refused,
    2 SP to Mersa Matruh refused, 1 SP 2T accepted: allowance used 5 SP 2T, left 2T.

    Before issue 33 the command took one AMOUNT: a mixed shipment was several `ship` lines and log entries."""
    goto(game, ALLIED_MOVEMENT)
    ok(game, "allowance allied 6")
    events = len(game.events)
    r = ok(game, C8_1)
    assert len(game.events) == events + 1 and not game.state.flow.pending
    assert r.message == ("Sea Cap: 1 SP + a combat unit of Transport Equivalent 2 SP + Transport Points of Transport "
                         "Equivalent 1 SP shipped Alexandria → Tobruk, 4 SP in all; both ports charged (19.0f D)")
    assert list(r.details) == ["Alexandria: 4 SP used this phase, 6 SP left (19.0a)",
                         "Tobruk: 4 SP used this phase, 0 left (19.0a)",
                         "allied Sea Cap: 4 SP used, 2 SP left this turn (19.0f E)"]
    assert (used_left(game, "Alexandria"), used_left(game, "Tobruk"), sea_cap(game)) == (
        ("4 SP", "6 SP"), ("4 SP", "0"), ("4 SP", "2 SP"))
    refused(game, "ship Alexandria Tobruk 1T", "Tobruk: 1T exceeds the 0 left", "19.0f D")
    refused(game, "ship Alexandria 'Mersa Matruh' 2", "Mersa Matruh: 2 SP exceeds the 1 SP 2T left")
    ok(game, "ship Alexandria 'Mersa Matruh' 1 SP 2T")
    assert sea_cap(game) == ("5 SP 2T", "2T")


def test_C8_1_the_same_totals_as_separate_lines(game) -> None:
    """C8.1: the one command ends in the same ports and allowance as the three parts typed as three `ship` lines."""
    goto(game, ALLIED_MOVEMENT)
    ok(game, "allowance allied 6")
    other = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    goto(other, ALLIED_MOVEMENT)
    ok(other, "allowance allied 6")
    ok(game, C8_1)
    for line in ("ship Alexandria Tobruk 1 SP", "ship Alexandria Tobruk 2 SP --unit --move-mode --no-move",
                 "ship Alexandria Tobruk 1 SP"):
        ok(other, line)
    assert game.state.world.ports == other.state.world.ports and game.state.world.shipped == other.state.world.shipped


def test_C8_3_an_oversize_unit_ships_alone(game) -> None:
    """C8.3, 19.0a, 19.0f E: a unit of TE 5 SP alone to Tobruk (4 SP): accepted, Tobruk used all 4, left 0,
    Alexandria 5 SP used, allowance charged 5 SP (the outsider's proposal); the same unit with 1 SP in one command,
    either order: refused, nothing changed."""
    goto(game, ALLIED_MOVEMENT)
    ok(game, "allowance allied 10")
    refused(game, "ship Alexandria Tobruk unit 5 + 1 --move-mode --no-move", "19.0a")
    refused(game, "ship Alexandria Tobruk 1 + unit 5 --move-mode --no-move", "19.0a")
    r = ok(game, "ship Alexandria Tobruk unit 5 --move-mode --no-move")
    assert "Tobruk: oversize unit, its whole capacity is used this phase (19.0a)" in r.details
    assert (used_left(game, "Tobruk"), used_left(game, "Alexandria")[0], sea_cap(game)) == (
        ("4 SP", "0"), "5 SP", ("5 SP", "5 SP"))
    refused(game, "ship Alexandria Tobruk 1T", "oversize unit")


def test_C8_4_refusals(game) -> None:
    """C8.4, 19.0f A (Move Mode), B (Movement Phase only), F (enemy ZOC; negation does not help, 4.5a). Move Mode is a
    board fact the app cannot see: a shipment with a unit asks, and `no` ships nothing of it, its SP part neither."""
    goto(game, "second-turn/reinforcement")
    refused(game, "ship Alexandria Tobruk 1", "not legal in", "19.0f", "Movement phase")
    goto(game, ALLIED_MOVEMENT)
    before = game.state.world
    r = ok(game, "ship Alexandria Tobruk 1 + unit 2")
    prompt = game.state.flow.pending[0]
    assert "is the unit in Move Mode (19.0f A)" in prompt.text and prompt.rule == "19.0f A, C"
    assert game.state.world.ports == before.ports and game.state.world.shipped == before.shipped
    ok(game, f"answer {prompt.id} no")
    assert game.state.world.ports == before.ports and game.state.world.shipped == before.shipped
    ok(game, "zoc Tobruk on")
    ok(game, "negate Tobruk on")
    refused(game, "ship Alexandria Tobruk 1 + unit 2 --move-mode --no-move", "enemy ZOC", "negation does not help",
            "19.0f F")


@pytest.mark.parametrize("line, fragment", [
    ("ship Alexandria Tobruk 1 + ", "usage: ship FROM TO"),
    ("ship Alexandria Tobruk unit", "the combat unit's Transport Equivalent?"),
    ("ship Alexandria Tobruk 1 + unit 2 --unit", "--unit marks a single AMOUNT"),
    ("ship Alexandria Tobruk lorry 2", "must be SP and Tokens"),
])
def test_19_0f_D_a_mixed_shipment_that_cannot_be_read_is_refused(game, line: str, fragment: str) -> None:
    """19.0f D: each part is `[sp|unit|tp] AMOUNT`, joined by +; anything else is refused, nothing changed."""
    goto(game, ALLIED_MOVEMENT)
    refused(game, line, fragment)
