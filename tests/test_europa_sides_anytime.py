"""Issue 32: each Europa "anytime" verb (legal in any segment) names its owner, whoever's segment it is typed in.

A game by e-mail refuses a command whose ``actor`` is the other side's, and will refuse an anytime rule-set verb that
names no actor; so a player must not record, as his, something about the other side's ports and units in his own
segment. Each test plays the verb on the Mediterranean 1943 scenario (seed 3) and asserts the exact actor of the
event, at least once in the segment of the side that does NOT own it: the owner of the port, beach, unit or group the
command acts on; the side the rules name; or ``referee`` for a change to the scenario's set-up or a board condition
no rule gives a player (refused in a game by e-mail, as intended). Rule texts: seeds 000 (31) and 003 (33), RULINGS,
docs/cases/issue32-sides-cases.md.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import memory_game
from sides_cases import actor, to

AXIS_NAVAL = "axis-turn/initial/initial-naval"
AXIS_REACTION = "axis-turn/reaction/reaction-naval"
ALLIED_NAVAL = "allied-turn/initial/initial-naval"


def at(key: str = AXIS_NAVAL):
    """A new Mediterranean 1943 game (seed 3) at the segment ``key``."""
    game = memory_game(data_dir(), "europa", None, seed=3, clock=fixed_clock)
    to(game, key)
    return game


# --- ports (31.A) -------------------------------------------------------------------------------------------------


def test_reduce_is_the_ports_owners() -> None:
    """31.A.5: "A reduced port may be reduced from one to four levels in size for all purposes. Mark as such with a
    "Reduced #" marker". The marker lowers the port's own capacity, a voluntary reduction of the port: its owner's,
    never the enemy's, here the Allied Alexandria reduced in the Axis player turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "reduce Alexandria 2") == "allied"
    to(game, ALLIED_NAVAL)
    assert actor(game, "reduce Tripoli") == "axis"


def test_upgrade_is_the_ports_owners() -> None:
    """31.A.5: "A reduced port may have its status increased as per the engineering rules"; 31.A.6: "The Allied player
    may upgrade a port" (S-EU3). The engineering is the owner's: the Allied Benghazi (Reduced 1) in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "upgrade Benghazi") == "allied"


def test_repair_is_the_ports_owners() -> None:
    """31.A.6: "the "Hit" markers on it and the marshalling yard may be repaired normally"; the repair is the work of
    the port's owner (S-EU3), here the Allied Tobruk repaired in the Axis player turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "hit Tobruk") == "axis"
    assert actor(game, "repair Tobruk") == "allied"


@pytest.mark.parametrize(("line", "owner"), [("yard Alexandria hit", "axis"), ("yard Naples repair", "axis")])
def test_yard_hits_are_the_enemys_and_repairs_the_owners(line: str, owner: str) -> None:
    """Table 1 note 3: "Major ports may also suffer 1 RM* hit" (RULINGS E14): an RM hit is the enemy's bombing of the
    port, its repair (31.A.6: "the "Hit" markers on it and the marshalling yard may be repaired") the owner's. Both in
    the Allied player turn: the Axis hits the Allied Alexandria, and repairs his own Naples."""
    game = at(AXIS_NAVAL)
    actor(game, "yard Naples hit")
    to(game, ALLIED_NAVAL)
    assert actor(game, line) == owner


def test_collateral_is_the_ports_owners() -> None:
    """31.A.4: "A port may have a "Collateral Damage" marker placed on it when a change of ownership occurs." The marker
    goes with the capture, to the port's (new) owner, and is his to remove; here the Allied Alexandria in the Axis
    player turn, both ways."""
    game = at(AXIS_NAVAL)
    assert actor(game, "collateral Alexandria on") == "allied"
    assert actor(game, "collateral Alexandria off") == "allied"


def test_mines_are_a_referees_figure() -> None:
    """31.A.2: "Each friendly or enemy mine point in a port hex counts as one level of port interdiction" (RULINGS E10:
    "either side's"). The figure mixes both sides' mines and the mining rule is not in the seed: no player sets it,
    neither the port's owner nor his enemy."""
    game = at(AXIS_NAVAL)
    assert actor(game, "mines Alexandria 3") == "referee"
    assert actor(game, "mines Tripoli 1") == "referee"


def test_trace_is_the_ports_owners() -> None:
    """31.A.2: "All functioning ports have an intrinsic supply capacity for ground units if they can trace to a
    friendly-owned functioning major or great port". The trace is to a port friendly to the owner: his, here the Allied
    Alexandria in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "trace Alexandria off") == "allied"


def test_intrinsic_and_dedicate_are_the_ports_owners() -> None:
    """31.A.1 note: "Intrinsic supply capacity may be declared to be used in either players turn" (S-EU1); note #:
    "SLP cost is reduced by 10 per each RE of NT capacity that is dedicated to that purpose": the owner's NTs and
    port, also in the other player's turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "intrinsic Tobruk") == "allied"
    assert actor(game, "dedicate Alexandria 1") == "allied"


def test_route_is_the_inland_ports_owners() -> None:
    """31.A.11: "In order for a player to use an inland port, he must own the port and all hexes on both sides of the
    river or canal hexsides from the port to the sea". Whether he holds them is the owner's record: the Axis Athens
    (made inland) in the Allied player turn."""
    game = at(ALLIED_NAVAL)
    actor(game, "port edit Athens inland=yes")
    assert actor(game, "route Athens off") == "axis"


@pytest.mark.parametrize("line", ["port add Sfax standard axis", "port edit Alexandria naval_base=no",
                                  "port remove Alexandria"])
def test_port_add_edit_remove_are_set_up_corrections(line: str) -> None:
    """31.A.8: ports are "as listed on the off-map port summary" and the scenario's; 31.A.5: "The scenario deployment
    instructions may specify". Adding, editing or removing a port changes the scenario, which no player does:
    ``referee`` (a game by e-mail refuses it)."""
    game = at(AXIS_NAVAL)
    assert actor(game, line) == "referee"


# --- sea (33) -----------------------------------------------------------------------------------------------------


def test_condition_is_a_referees_answer() -> None:
    """33.B.10 SEA ZONE EFFECTS TABLE: conditions such as France having surrendered are board facts no rule gives a
    player to declare: ``referee``."""
    game = at(AXIS_NAVAL)
    assert actor(game, "condition france-surrendered on") == "referee"


def test_malta_is_a_referees_figure() -> None:
    """33.B.1.a: "The Malta status number (Rule ???) represents this." The number comes from a rule not in the seed
    and no player sets it: ``referee``."""
    game = at(AXIS_NAVAL)
    assert actor(game, "malta 0") == "referee"


def test_supply_line_is_the_ports_owners() -> None:
    """33.F: "the Naval Status Number is added to the SLP count (Rule ???) of the port from which a unit is tracing
    supply" (S-EU8): the tracing is the port's owner's, the Allied Tobruk in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "supply-line Tobruk eastern") == "allied"


def test_air_units_are_their_sides_and_a_clear_the_owners_or_a_referees() -> None:
    """33.C: "Both friendly and enemy air units in the ANTI-SHIPPING BOX [...] modify the naval status number" (S-EU14):
    each side places and removes its own; clearing a zone of one side's units is that side's, of both sides' a
    correction no player makes (``referee``)."""
    game = at(AXIS_NAVAL)
    assert actor(game, "air add Beau allied central role=fighter type=non-naval range=20 tbf=1") == "allied"
    assert actor(game, "air add Ju88 axis eastern role=bomber type=non-naval range=12 tbf=2") == "axis"
    assert actor(game, "air clear central") == "allied"
    actor(game, "air add Spit allied eastern role=fighter type=non-naval range=20 tbf=1")
    assert actor(game, "air clear") == "referee"
    to(game, ALLIED_NAVAL)
    assert actor(game, "air add He111 axis eastern role=bomber type=non-naval range=16 tbf=2") == "axis"
    assert actor(game, "air remove He111") == "axis"


def test_interfere_and_its_result_are_the_axis_players() -> None:
    """33.B.2.b: "during any Allied initial phase, the Axis player may attempt to significantly interfere with Allied
    shipping" (S-EU11): the attempt and a typed letter (RULINGS E22) are the Axis player's, in the Allied turn."""
    game = at(ALLIED_NAVAL)
    assert actor(game, "result interference:eastern S") == "axis"
    game = at(ALLIED_NAVAL)
    assert actor(game, "interfere eastern decline") == "axis"


def test_interdict_declared_by_the_allies_bombed_by_the_axis() -> None:
    """33.B.7: "the Allied player may declare the southern portion of the Aegean Sea to be under naval interdiction";
    "The interdiction zone may be bombed" by "enemy air units" (S-EU12, S-EU13)."""
    game = at(AXIS_NAVAL)
    actor(game, "capture Crete ports allied")
    to(game, ALLIED_NAVAL)
    assert actor(game, "interdict tight") == "allied"
    assert actor(game, "interdict bomb 1") == "axis"


def test_no_shipping_is_the_shippings_owners() -> None:
    """33.A: "Check an item of cargo with its transports or individual naval units once per sea zone per naval
    movement phase." That nothing was shipped is the shipping owner's statement: the Allies, in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "no-shipping allied") == "allied"


# --- coast (31.A.8, 31.A.12, 31.A.13, 31.B) ------------------------------------------------------------------------


def test_mulberry_is_the_allied_players() -> None:
    """31.A.12: "The Allied player receives two Mulberries"; "During any Allied naval step [...] an Allied TF or NT may
    tow it" (S-EU4). Available, towed, arrived or sunk with its tow: the Allied player's, in the Axis player turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, 'mulberry available "Mulberry A"') == "allied"
    assert actor(game, 'mulberry available "Mulberry B"') == "allied"
    to(game, AXIS_REACTION)
    assert actor(game, 'mulberry tow "Mulberry A" "United Kingdom ports"') == "allied"
    assert actor(game, 'mulberry arrive "Mulberry A" "Sollum beach" mps=10') == "allied"
    assert actor(game, 'mulberry tow "Mulberry B" "United Kingdom ports"') == "allied"
    assert actor(game, 'mulberry sink "Mulberry B"') == "allied"


@pytest.mark.parametrize(("line", "owner"), [("beach add Anzio allied", "referee"), ("beach remove Sollum beach", "referee"),
                                             ("beach capture Gela beach allied", "allied")])
def test_beach_set_up_is_a_referees_and_a_capture_the_captors(line: str, owner: str) -> None:
    """31.B.1: a beach hex is the scenario's (adding or removing one changes the set-up: ``referee``); a captured beach
    "is friendly to the" captor from the next phase: the capture is his, the Allies' here in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, line) == owner


def test_jetty_is_the_beachs_owners() -> None:
    """31.A.13: NTs/LCs/LBs on the beach that did not move act as jetties: the owner's transports at his beach, the
    Allied Sollum beach in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "jetty Sollum beach 2") == "allied"


def test_transit_is_the_groups_sides() -> None:
    """31.A.8: "A player may move his naval groups (and any cargo) between the map and his holding boxes": adding,
    stepping and removing an Allied group are the Allied player's, in the Axis turn."""
    game = at(AXIS_NAVAL)
    assert actor(game, "transit add G2 allied Gibraltar Bombay 3") == "allied"
    assert actor(game, "transit step G2") == "allied"
    assert actor(game, "transit remove G2") == "allied"
