"""Exact tests of the AWAW roster verbs (seed 004, chapter 21): ``build``, ``tf``, ``damage``, ``repaired``, ``sink``,
``drm``, ``control``, ``operational`` and ``research`` word for word with what they change, guarding
``tui/rules/awaw/verbs_units.py``. The bundled game, the Allies first, in their patrol segment (the verbs are legal
anytime)."""

from __future__ import annotations

import pytest

from tests.awaw_game import awaw_game, ok, refused, to


@pytest.fixture
def game():
    """The bundled game at the Allied patrol segment."""
    g = awaw_game()
    to(g, "Patrols, base changes, SW deployments", first="allies")
    return g


def test_21_34_build_refusals(game) -> None:
    """21.34: the usage, a new id without commas, a power and a unit type of the game, nothing after the base, a base
    the unit's side controls."""
    assert refused(game, "build X1 britain cruiser 2").message == (
        "usage: build ID POWER TYPE FACTORS BASE [--fast] [--nation N] [--name TEXT] (21.34)")
    assert refused(game, "build Penelope britain cruiser 2 Malta").message == "there is already a unit 'Penelope'"
    assert refused(game, "build penelope britain cruiser 2 Malta").message == "there is already a unit 'penelope'"
    assert refused(game, "build A,B britain cruiser 2 Malta").message == "a unit id has no commas"
    assert refused(game, "build X1 narnia cruiser 2 Malta").message == (
        "'narnia' is not a power (germany, italy, japan, britain, usa, france, ussr)")
    assert refused(game, "build X1 britain boat 2 Malta").message == (
        "'boat' is not a unit type (battleship, battleship-5, battlecruiser, cruiser, cruiser-2, fast-carrier, cve, "
        "destroyer, submarine, asw, transport)")
    assert refused(game, "build X1 britain cruiser 2 Malta extra").message == "too many arguments: extra"
    assert refused(game, "build X1 italy cruiser 2 Malta").message == (
        "Malta is held by britain: a new italy unit must be placed in a base its side controls (21.34)")
    assert "X1" not in game.state.world.units


def test_21_34_a_built_unit_is_placed_inverted_and_may_not_act(game) -> None:
    """21.34: placed inverted, having acted this player turn; its name, nation and speed as typed; the room it leaves."""
    r = ok(game, "build X1 britain cruiser 2 Malta --name 'HMS X' --nation france --fast")
    assert r.message == "X1 (Cruisers, 2 factors) built at Malta, inverted: it may not act this player turn (21.34)"
    assert [(e.name, e.value, e.rule, e.notes) for e in r.explanations] == [("Room left at Malta", 39, "21.11, 21.112", ())]
    u = game.state.world.units["X1"]
    assert (u.name, u.power, u.nation, u.type, u.factors, u.fast, u.base, u.inverted, u.acted) == (
        "HMS X", "britain", "france", "cruiser", 2, True, "Malta", True, True)
    ok(game, "build X2 britain cruiser 2 Malta")
    u = game.state.world.units["X2"]
    assert (u.name, u.nation, u.fast) == ("X2", "britain", False)


def test_21_312_task_forces(game) -> None:
    """21.312: a task force is formed in one base, of one side, without transports (21.35C); ``tf none`` leaves it."""
    assert refused(game, "tf").message == "usage: tf NAME UNITS (tf none UNITS to leave a task force) (21.312)"
    assert refused(game, "tf Alpha Penelope RN-CA-Rosyth").message == (
        "a task force is formed in one base; these units are at Malta, Rosyth (21.312)")
    assert refused(game, "tf Alpha RN-TR-Med").message == (
        "transports are assigned to task forces, not put into them (21.35C): RN-TR-Med")
    assert ok(game, "tf Alpha Penelope RN-DD-Malta").message == "Task force Alpha: Penelope, RN-DD-Malta (4 naval factors) (21.312)"
    assert {game.state.world.units[i].tf for i in ("Penelope", "RN-DD-Malta")} == {"Alpha"}
    assert ok(game, "tf none Penelope").message == "Penelope no longer in a task force (21.312)"
    assert game.state.world.units["Penelope"].tf == ""


def test_21_312_a_task_force_is_of_one_side(game) -> None:
    """21.312: units of both sides in one base do not form a task force."""
    ok(game, "control Messina britain")
    ok(game, "build X1 britain cruiser 2 Messina")
    assert refused(game, "tf Alpha X1 RM-CA-Messina").message == "a task force is of one side (21.312)"


def test_21_314_21_113_damage_repair_and_sinking(game) -> None:
    """21.314: damaged units carry out no activity; 21.113: in the Waiting for Repair box, not counted against basing;
    repaired only when damaged; a unit is sunk once."""
    assert ok(game, "damage Penelope").message == "Penelope damaged: no naval activities (21.314)"
    u = game.state.world.units["Penelope"]
    assert (u.damaged, u.repair) == (True, False)
    assert ok(game, "damage RN-DD-Malta --repair").message == (
        "RN-DD-Malta damaged: no naval activities (21.314); in the Waiting for Repair box, not counted against basing (21.113)")
    u = game.state.world.units["RN-DD-Malta"]
    assert (u.damaged, u.repair) == (True, True)
    assert refused(game, "repaired Aurora").message == "Aurora is not damaged"
    assert refused(game, "repaired Aurora Eagle").message == "Aurora, Eagle are not damaged"
    assert ok(game, "repaired Penelope RN-DD-Malta").message == "Penelope, RN-DD-Malta repaired (21.113)"
    assert {(game.state.world.units[i].damaged, game.state.world.units[i].repair) for i in ("Penelope", "RN-DD-Malta")} == {
        (False, False)}
    ok(game, "tf Alpha Penelope")
    assert ok(game, "sink Penelope").message == "Penelope sunk"
    u = game.state.world.units["Penelope"]
    assert (u.sunk, u.tf, u.at_sea, u.sea_hex) == (True, "", "", "")
    assert refused(game, "sink Penelope").message == "Penelope already sunk"


def test_21_526_a_navys_nationality_drm(game) -> None:
    """21.526: a known navy's DRM, from -3 to +3."""
    assert refused(game, "drm").message == "usage: drm NATION N (21.526)"
    assert refused(game, "drm narnia 1").message == "no navy 'narnia' (britain, france, germany, italy, japan, usa, ussr)"
    assert refused(game, "drm britain 4").message == "a naval nationality DRM must be from -3 to 3, not '4'"
    assert ok(game, "drm Britain -2").message == "britain naval nationality DRM -2 (21.526)"
    assert ok(game, "drm usa 3").message == "usa naval nationality DRM +3 (21.526)"
    assert (game.state.world.drm["britain"], game.state.world.drm["usa"], game.state.world.drm["italy"]) == (-2, 3, -1)


def test_21_123_21_211_control_of_bases_and_strait_hexes(game) -> None:
    """21.123-21.124: a captured base is its captor's at once, enemy ships there to be displaced (21.23); 21.211: a
    strait hex's control, read at the start of each phase."""
    assert refused(game, "control Malta").message == "usage: control BASE|HEX POWER|neutral (21.123, 21.211)"
    assert refused(game, "control Malta narnia").message == (
        "'narnia' is not a power or neutral (germany, italy, japan, britain, usa, france, ussr)")
    r = ok(game, "control Messina Britain")
    assert (r.message, list(r.details)) == ("Messina now held by britain; usable by its captor at once (21.123, 21.124)",
                                            ["3 naval unit(s) there must be displaced: displace Messina ... (21.23)"])
    assert game.state.world.bases["Messina"].control == "britain"
    r = ok(game, "control Naples italy")
    assert list(r.details) == []
    assert ok(game, "control aa25 britain").message == (
        "Hex AA25 held by britain; straits check control at the start of each phase (21.211)")
    assert game.state.world.hex_control["AA25"] == "britain"
    assert ok(game, "control Suez canal land hexes neutral").message == (
        "Hex Suez canal land hexes held by neutral; straits check control at the start of each phase (21.211)")


def test_21_221_21_442_operational_ports_and_research(game) -> None:
    """21.221: a port's operational status; 21.442: a power's harbor attack research result."""
    assert refused(game, "operational Malta").message == "usage: operational BASE yes|no (21.221)"
    assert ok(game, "operational Alexandria no").message == "Alexandria not operational (21.221)"
    assert game.state.world.bases["Alexandria"].operational is False
    assert ok(game, "operational Alexandria yes").message == "Alexandria operational (21.221)"
    assert game.state.world.bases["Alexandria"].operational is True
    assert refused(game, "research").message == (
        "usage: research POWER yes|no (germany, italy, japan, britain, usa, france, ussr) (21.442)")
    assert refused(game, "research narnia yes").message == (
        "usage: research POWER yes|no (germany, italy, japan, britain, usa, france, ussr) (21.442)")
    assert ok(game, "research Usa yes").message == "usa has the harbor attack research result (21.442)"
    assert ok(game, "research usa no").message == "usa does not have the harbor attack research result (21.442)"
    assert game.state.world.harbor_research["usa"] is False


def test_21_312_a_unit_joins_an_existing_task_force_only_in_its_base_and_of_its_side(game) -> None:
    """21.312: the task force's present units count: a unit of another base, or of the other side, does not join it;
    several transports are all named when refused (21.35C); a blank name is refused."""
    assert refused(game, "tf '' Penelope").message == "a task force's name cannot be blank"
    ok(game, "tf Alpha Penelope")
    assert refused(game, "tf Alpha RN-CA-Rosyth").message == (
        "a task force is formed in one base; these units are at Malta, Rosyth (21.312)")
    ok(game, "control Messina britain")
    ok(game, "build X1 britain cruiser 2 Messina")
    ok(game, "tf Bravo RM-CA-Messina")
    assert refused(game, "tf Bravo X1").message == "a task force is of one side (21.312)"
    ok(game, "build TR1 britain transport 1 Malta")
    ok(game, "build TR2 britain transport 1 Malta")
    assert refused(game, "tf Alpha TR1 TR2").message == (
        "transports are assigned to task forces, not put into them (21.35C): TR1, TR2")


def test_21_442_21_221_the_yes_or_no_is_named_when_wrong(game) -> None:
    """The research result (21.442) and a port's operational status (21.221) are yes or no."""
    assert refused(game, "research britain maybe").message == "the research result must be yes or no, not 'maybe'"
    assert refused(game, "operational Malta maybe").message == "operational must be yes or no, not 'maybe'"


def _fill(game, room: int) -> None:
    """Build British battleships at Malta until ``room`` naval factors are left there (a counter holds 20 at most)."""
    from tui.rules.awaw import basing as B

    w = game.state.world
    left = B.room_left(w, w.bases["Malta"], game.ruleset.tables).value - room
    for i in range(0, left, 20):
        ok(game, f"build Filler{i} britain battleship {min(20, left - i)} Malta")


def test_21_113_a_repaired_unit_needs_room_at_its_base(game) -> None:
    """21.113, 21.112: out of the Waiting for Repair box a unit counts against basing again; with no room it is refused
    naming the excess, with exactly enough room it is repaired."""
    ok(game, "damage RN-DD-Malta --repair")
    _fill(game, 1)
    assert refused(game, "repaired RN-DD-Malta").message == (
        "Malta has no room for them out of the Waiting for Repair box: 1 factors too many, and capacity may not be "
        "voluntarily exceeded (21.113, 21.112)")
    assert game.state.world.units["RN-DD-Malta"].repair is True


def test_21_113_exactly_the_room_left_is_enough(game) -> None:
    """21.113: a base left with no room at all after the repair is not over capacity."""
    ok(game, "damage RN-DD-Malta --repair")
    _fill(game, 2)
    assert ok(game, "repaired RN-DD-Malta").message == "RN-DD-Malta repaired (21.113)"


def test_a_base_of_two_words_is_read_whole(game) -> None:
    """21.221: ``operational`` reads the base's name from every word but the last."""
    assert ok(game, "operational Scapa Flow no").message == "Scapa Flow not operational (21.221)"
    assert game.state.world.bases["Scapa Flow"].operational is False


def test_a_unit_sunk_at_sea_leaves_the_sea_and_is_sunk_once() -> None:
    """A combat result: a unit sunk on patrol is no longer at sea; units already sunk are all named when refused."""
    g = awaw_game()
    to(g, "Patrols, base changes, SW deployments")
    ok(g, "patrol Y20 RM-CA-Messina RM-DD-Messina --distance 9")
    assert ok(g, "sink RM-CA-Messina RM-DD-Messina").message == "RM-CA-Messina, RM-DD-Messina sunk"
    u = g.state.world.units["RM-CA-Messina"]
    assert (u.sunk, u.at_sea, u.sea_hex, u.tf) == (True, "", "", "")
    assert refused(g, "sink RM-CA-Messina RM-DD-Messina").message == "RM-CA-Messina, RM-DD-Messina already sunk"
