"""The Europa port commands' refusals and replies whole (``tui/rules/europa/verbs.py``), where the mutation ledger
showed a word could change unseen: which number was bad, whose act a hit is, a port left with no capacity.

Rules: ``000_fc2911a77a0e7562.txt`` 31.A.1 Table 1 (note #: NTs dedicated and Army HQs), 31.A.3 (hits are whole;
Port Hits never below 0), 31.A.7 (a port with no capacity does not function); RULINGS E3, E8.
"""

from __future__ import annotations

from tests.test_europa_referee import game, refused  # noqa: F401 (game is a fixture)


def test_31A1_bad_numbers_name_what_they_are(game) -> None:
    assert refused(game, "dedicate Naples x").message == "REs of NTs must be a number (from 0 to 999), not 'x'"
    assert refused(game, "dedicate Naples 1 --hqs x").message == "Army HQs must be a whole number (from 0 to 999), not 'x'"
    assert refused(game, "dedicate Naples 1 --hq -1").message == "Army HQs must be from 0 to 999, not '-1'"
    assert refused(game, "use Naples x").message == "REs must be a number (from 0 to 999), not 'x'"
    assert refused(game, "hit Naples x").message == "hits must be a number (from 0 to 999), not 'x'"
    assert refused(game, "hit Naples 1.5").message == "hits must be in steps of 1, not '1.5'"


def test_note_hash_army_hqs_by_either_option(game) -> None:
    """Note #, RULINGS E8: 2 REs of NTs and 1 Army HQ (--hq or --hqs): a major port's 20 less (2 - 1) x 10 = 10."""
    r = game.execute("dedicate Naples 2 --hq 1")
    assert r.message == "Naples: 2 REs of NTs dedicated, 1 Army HQ(s); SLP cost 10 (note #; RULINGS E8)"
    assert game.state.world.ports["Naples"].army_hqs == 1


def test_31A3_a_hit_is_the_enemys_act_and_one_by_default(game) -> None:
    r = game.execute("hit Naples")
    assert r.message == "Naples: 1 hit(s) inflicted, 1 Port Hit(s) placed (31.A.3)"
    assert game.events[-1]["actor"] == "allied"
    game.execute("hit Alexandria")
    assert game.events[-1]["actor"] == "axis"


def test_31A7_E3_a_port_hit_to_no_capacity_acts_as_nothing(game) -> None:
    r = game.execute("hit Tripoli 6")
    assert r.details[0] == "Tripoli: 0 REs, acts as nothing (not functioning)"


def test_31A3_a_repair_takes_the_hits_there_are_and_refuses_none(game) -> None:
    game.execute("hit Naples 2")
    r = game.execute("repair Naples 5")
    assert (r.message, r.details[1]) == ("Naples: 2 Port Hit(s) repaired, 0 left (31.A.3)",
                                         "5 asked, only 2 to repair: Port Hits never go below 0 (31.A.3)")
    assert refused(game, "repair Naples").message == "Naples: has no Port Hits to repair (31.A.3)"
    game.execute("hit Naples 2")
    assert refused(game, "repair Naples 0").message == "Naples: can repair above 0 and up to 2 hits (31.A.3)"


def test_a_port_edit_to_a_value_not_allowed_is_refused_in_one_line(game) -> None:
    assert refused(game, "port edit Naples type=bogus").message == (
        "'bogus' is not a port type (great, major, standard, mulberry, minor, jetty)")
    assert refused(game, "port edit Naples harbour=sandy").message == (
        "'sandy' is not a harbour (none, artificial, natural)")
