"""Europa port commands exactly (seed 000_fc2911a77a0e7562.txt, 31.A): what each verb of ``tui/rules/europa/verbs.py``
says, refuses, which side acts and which figure it explains, played through the engine on the Mediterranean 1943
scenario in the Axis initial naval phase (Tobruk: Allied, standard, natural harbour; Naples, Taranto, Athens: Axis
major ports; Tripoli: Axis standard).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game
from tests.exact import refused, said


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def test_31_A_3_hits_are_inflicted_by_the_enemy_and_halved_on_a_natural_harbour(game) -> None:
    """31.A.3, 31.A.10; RULINGS E3: each hit on a natural harbour places ½ Port Hit; the enemy of the owner acts."""
    summary, details, actor, figures = said(game, "hit Tobruk")
    assert (summary, actor, figures) == ("Tobruk: 1 hit(s) inflicted, ½ Port Hit(s) placed (31.A.3)", "axis", ["RE capacity"])
    assert details == ["Tobruk: 2¾ REs, acts as standard", "  hits inflicted: 1  [31.A.3]",
                       "  effective hits per hit (natural harbour): ½  [31.A.10]", "  Port Hits before: 0  [31.A.3]",
                       "  max damage of Standard: 6  [31.A.1 Table 1]",
                       "  note: RULINGS E3: one hit on a natural harbour adds 1/2 effective hit",
                       "  note: 31.A.6: maximum damage alone does not destroy a port"]
    assert said(game, "hit Tobruk 2")[0] == "Tobruk: 2 hit(s) inflicted, 1 Port Hit(s) placed (31.A.3)"
    assert game.state.world.ports["Tobruk"].hits == 1.5
    assert refused(game, "hit Tobruk 0") == "hits must be 1 or more (31.A.3)"
    assert refused(game, "hit Tobruk 1 2") == "too many arguments: 1 2"
    assert "hits" in refused(game, "hit Tobruk 1.5")


def test_31_A_3_repair_removes_at_most_the_hits_there_are(game) -> None:
    """31.A.3; RULINGS E3: the owner repairs; never below 0 (issue 33, X3)."""
    said(game, "hit Tobruk 3")
    assert said(game, "repair Tobruk") == (
        "Tobruk: 1 Port Hit(s) repaired, ½ left (31.A.3)", ["Tobruk: 2¾ REs, acts as standard"], "allied", ["RE capacity"])
    assert said(game, "repair Tobruk 5") == (
        "Tobruk: ½ Port Hit(s) repaired, 0 left (31.A.3)",
        ["Tobruk: 3 REs, acts as standard", "5 asked, only ½ to repair: Port Hits never go below 0 (31.A.3)"],
        "allied", ["RE capacity"])
    assert refused(game, "repair Tobruk x") == "hits to repair must be a number (from 0 to 999), not 'x'"
    assert refused(game, "repair Tobruk 1 2") == "too many arguments: 1 2"


def test_table_1_note_3_marshalling_yard_hits(game) -> None:
    """31.A.1 Table 1 note 3; RULINGS E14: the enemy places RM hits (a major port's yard at most 1), the owner repairs one."""
    assert said(game, "yard Naples hit") == (
        "Naples: 1 RM hit(s) on its marshalling yard, 1 in all (Table 1 note 3)", ["Naples: 6 REs, acts as major"],
        "allied", ["RE capacity"])
    assert said(game, "yard Naples hit 2")[:2] == (
        "Naples: 0 RM hit(s) on its marshalling yard, 1 in all (Table 1 note 3)",
        ["Naples: 6 REs, acts as major", "capped: a Major port's yard takes at most 1 RM hit(s)"])
    assert said(game, "yard Naples repair") == (
        "Naples: one Marshalling Yard Hit repaired, 0 left (Table 1 note 3)", ["Naples: 6 REs, acts as major"], "axis",
        ["RE capacity"])
    said(game, "yard Alexandria hit")
    assert said(game, "yard Alexandria repair")[2] == "allied"  # the owner repairs, whoever's segment it is
    assert refused(game, "yard Naples hit x") == "RM hits must be a whole number (1 or more), not 'x'"
    usage = "usage: yard PORT hit [N] | yard PORT repair (Table 1 note 3; RULINGS E14)"
    for line in ("yard Naples", "yard Naples repair 1", "yard Naples foo", "yard Naples hit 1 2"):
        assert refused(game, line) == usage, line


def test_31_A_5_reduce_upgrade_and_31_A_4_collateral(game) -> None:
    """31.A.5: Reduced markers and upgrades by the owner; 31.A.4: Collateral Damage acts one level smaller."""
    assert said(game, "reduce Tripoli") == ("Tripoli: Reduced 1 (31.A.5)", ["Tripoli: 1½ REs, acts as minor"], "axis",
                                            ["RE capacity"])
    assert refused(game, "reduce Tripoli 2") == (
        "Tripoli: a Standard port (level 2) Reduced 3 would be below level 0 (31.A.5; RULINGS E2)")
    assert refused(game, "reduce Tripoli 1 1") == "too many arguments: 1 1"
    assert refused(game, "reduce Tripoli x") == "levels must be a number (from 0 to 999), not 'x'"
    assert refused(game, "reduce Tripoli 1.5") == "levels must be in steps of 1, not '1.5'"
    assert said(game, "upgrade Tripoli")[:3] == (
        "Tripoli: upgraded one level, no longer reduced (31.A.5)", ["Tripoli: 3 REs, acts as standard"], "axis")
    said(game, "reduce Naples 2")
    assert said(game, "upgrade Naples")[0] == "Naples: upgraded one level, Reduced 1 (31.A.5)"
    assert refused(game, "upgrade Tripoli x") == "upgrade takes only the port (one level at a time, 31.A.5)"
    assert said(game, "upgrade Benghazi")[::2] == ("Benghazi: upgraded one level, no longer reduced (31.A.5)", "allied")
    assert said(game, "collateral Tripoli")[:2] == (
        "Tripoli: Collateral Damage placed (31.A.4)", ["Tripoli: 1½ REs, acts as minor"])
    assert said(game, "collateral Tripoli off")[0] == "Tripoli: Collateral Damage removed (31.A.4)"
    assert said(game, "collateral Tripoli on")[0] == "Tripoli: Collateral Damage placed (31.A.4)"
    assert refused(game, "collateral Tripoli maybe") == "collateral damage must be on or off, not 'maybe'"


def test_31_A_2_mines_and_trace(game) -> None:
    """31.A.2; RULINGS E10: mine points are levels of port interdiction; tracing to a friendly major or great port."""
    assert said(game, "mines Tripoli 2")[:3] == (
        "Tripoli: 2 mine point(s), port interdiction 2 (31.A.2; RULINGS E10)", ["Tripoli: 3 REs, acts as standard"], "referee")
    assert game.state.world.ports["Tripoli"].mines == 2
    assert said(game, "mines Tripoli")[0] == "Tripoli: 0 mine point(s), port interdiction 0 (31.A.2; RULINGS E10)"
    assert refused(game, "mines Tripoli x") == "mine points must be a number (from 0 to 999), not 'x'"
    assert refused(game, "mines Tripoli 1.5") == "mine points must be in steps of 1, not '1.5'"
    assert refused(game, "mines Tripoli -1") == "mine points must be from 0 to 999, not '-1'"
    assert said(game, "trace Tripoli")[0] == "Tripoli: cannot trace to a friendly functioning major or great port (31.A.2)"
    assert said(game, "trace Tripoli")[0] == "Tripoli: can trace to a friendly functioning major or great port (31.A.2)"
    assert said(game, "trace Tripoli off")[0] == "Tripoli: cannot trace to a friendly functioning major or great port (31.A.2)"
    assert said(game, "trace Tripoli off")[0] == "Tripoli: cannot trace to a friendly functioning major or great port (31.A.2)"
    assert refused(game, "trace Tripoli maybe") == "trace must be on or off, not 'maybe'"


def test_31_A_4_capture_places_collateral_damage_and_the_captors_nation(game) -> None:
    """31.A.4; RULINGS E13: the captor acts, Collateral Damage is placed, the port takes the captor's nation."""
    assert said(game, "capture Tripoli allied") == (
        "Tripoli captured by allied (31.A.4)",
        ["Tripoli: 1½ REs, acts as minor", "Collateral Damage placed (31.A.4)",
         "owning nation now british (RULINGS E13; another with --nation NATION)"], "allied", ["RE capacity"])
    port = game.state.world.ports["Tripoli"]
    assert (port.owner, port.collateral, port.nation) == ("allied", True, "british")
    assert said(game, "capture Tobruk axis --nation Italian")[1][2] == (
        "owning nation now italian (RULINGS E13; another with --nation NATION)")
    assert refused(game, "capture Tripoli") == "usage: capture PORT axis|allied (31.A.4)"
    assert refused(game, "capture Tripoli allied") == "Tripoli is already allied-owned"
    assert refused(game, "capture Tripoli x") == "'x' is not a side (axis or allied)"


def test_31_A_1_use_of_capacity_by_the_owner(game) -> None:
    """31.A.1: REs through the port; heavy equipment counts twice; SPs/SRPs; the owner acts."""
    assert said(game, "use Naples 1") == (
        "Naples: 1 REs of cargo through the port; Capacity Used 1 (31.A.1)", ["Naples: 6 REs, acts as major"], "axis",
        ["RE capacity"])
    assert said(game, "use Naples 1 --he")[0] == (
        "Naples: 1 REs of cargo, heavy equipment through the port; Capacity Used 2 (31.A.1)")
    assert said(game, "use Naples 1 --supply")[0] == (
        "Naples: 1 REs of supply (SPs/SRPs) through the port; Capacity Used 3 (31.A.1)")
    assert said(game, "use Naples 3")[0] == "Naples: 3 REs of cargo through the port; Port Used (31.A.1)"
    assert said(game, "use Alexandria 1")[2] == "allied"
    for line in ("use Haifa", "use Haifa 1 2"):
        assert refused(game, line) == "usage: use PORT RES [--he] [--supply] (31.A.1)"


def test_31_A_2_intrinsic_and_note_hash_dedicated_nts(game) -> None:
    """31.A.2: intrinsic supply capacity, only while no capacity is marked used; 31.A.1 note #: NTs and Army HQs."""
    assert said(game, "intrinsic Taranto") == (
        "Taranto: intrinsic supply capacity used (48 SPs); Port Used (31.A.2)", ["Taranto: 6 REs, acts as major"], "axis",
        ["RE capacity"])
    assert refused(game, "intrinsic Taranto x") == "too many arguments: x; usage: intrinsic PORT"
    assert said(game, "dedicate Athens 1 --hqs 1") == (
        "Athens: 1 REs of NTs dedicated, 1 Army HQ(s); SLP cost 20 (note #; RULINGS E8)", ["Athens: 6 REs, acts as major"],
        "axis", ["RE capacity"])
    assert said(game, "dedicate Athens")[0] == "Athens: 0 REs of NTs dedicated, 1 Army HQ(s); SLP cost 20 (note #; RULINGS E8)"
    assert said(game, "dedicate Alexandria 1 --hq 0")[:3] == (
        "Alexandria: 1 REs of NTs dedicated, 0 Army HQ(s); SLP cost 10 (note #; RULINGS E8)",
        ["Alexandria: 6 REs, acts as major"], "allied")
    assert said(game, "dedicate Alexandria 0")[0] == (
        "Alexandria: 0 REs of NTs dedicated, 0 Army HQ(s); SLP cost 20 (note #; RULINGS E8)")


def test_31_A_a_port_not_owned_at_the_start_of_the_initial_phase_is_not_used(game) -> None:
    """31.A: a player uses only the ports he owned at the start of his initial phase (intrinsic, use, NTs)."""
    said(game, "capture Tobruk axis")
    why = ("Tobruk was not axis-owned at the start of the axis initial phase: it cannot be used this turn (31.A)")
    assert refused(game, "use Tobruk 1") == why
    assert refused(game, "intrinsic Tobruk") == why
    assert refused(game, "dedicate Tobruk 1") == why
    assert said(game, "dedicate Tobruk 0")[0].startswith("Tobruk: 0 REs of NTs dedicated")


def test_31_A_1_port_add_edit_remove(game) -> None:
    """31.A.1: a port's printed type, owner, harbour and sea zone, checked as a scenario's are."""
    assert said(game, "port add New Port standard axis harbour=natural zone=aeg") == (
        "Port added: New Port, standard, axis", ["New Port: 3 REs, acts as standard"], "referee", ["RE capacity"])
    new = game.state.world.ports["New Port"]
    assert (new.harbour, new.sea_zone) == ("natural", "Aegean Sea") and "New Port" in game.state.world.usable["axis"]
    keys = "harbour, hex, inland, mainland_europe, nation, naval_base, owner, sea_zone, theatre, trace_ok, type, zone"
    assert refused(game, "port") == (
        "usage: port add NAME TYPE OWNER [key=value ...] | port edit NAME key=value ... | port remove NAME")
    assert refused(game, "port add X") == (
        "usage: port add NAME TYPE OWNER [harbour=..] [hex=..] [zone=..]; TYPE one of great, major, standard, mulberry, "
        "minor, jetty")
    assert refused(game, "port add new port standard axis") == "there is already a port called new port"
    assert refused(game, 'port add "  " standard axis') == "a port's name cannot be blank ('  ' has no visible character)"
    assert refused(game, "port add Newer standard axis foo=1") == f"cannot set 'foo'; keys: {keys}"
    assert refused(game, "port edit Naples") == f"port edit Naples key=value ...; keys: {keys}"
    assert refused(game, "port edit Naples x") == "expected key=value after the port name, got x"
    assert refused(game, "port edit Naples harbour=weird") == "'weird' is not a harbour (none, artificial, natural)"
    assert refused(game, "port edit Naples zone=nowhere").startswith("'nowhere' is not a sea zone; one of: Baltic Sea, ")
    assert said(game, "port edit Naples owner=Allied type=MAJOR Harbour=Natural inland=yes")[0] == (
        "Port edited: Naples (owner=Allied, type=MAJOR, Harbour=Natural, inland=yes)")
    naples = game.state.world.ports["Naples"]
    assert (naples.owner, naples.type, naples.harbour, naples.inland) == ("allied", "major", "natural", True)
    assert said(game, "port edit Naples sea-zone=tyrr")[0] == "Port edited: Naples (sea-zone=tyrr)"
    assert game.state.world.ports["Naples"].sea_zone == "Tyrrhenian Sea"
    assert said(game, "port remove Haifa") == ("Port removed: Haifa", [], "referee", [])
    assert "Haifa" not in game.state.world.ports
    assert refused(game, "port remove Tobruk x") == "too many arguments: x"
