"""Europa port rules as the phase machine and the screens call them, exactly (seed 000_fc2911a77a0e7562.txt, 31.A):
the Ports view, the markers with when each goes, the explanations of a port, the usable ports recorded at the start of
an initial phase and the usage markers removed (31.A, 31.A.1; RULINGS E11), the destruction roll (31.A.6) and the sea
state (31.A.12) of ``tui/rules/europa/port_rules.py``, on the Mediterranean 1943 scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game


@pytest.fixture
def game(data: Path):
    """A new Mediterranean 1943 game (seed 1), the Axis initial naval phase."""
    return memory_game(data, "europa", seed=1, clock=fixed_clock)


def ok(game, *lines: str):
    """Run commands that must succeed; the last result."""
    for line in lines:
        r = game.execute(line)
        assert r.ok, f"{line}: {r.message}"
    return r


def test_31_A_the_ports_view_row_of_a_port(game) -> None:
    """31.A.1 Table 1 figures, its markers, usable this turn, the hits a repair takes and that still count, the captor's
    nation (RULINGS E13), the SLP count with the sea (33.F) and an inland port's route (31.A.11)."""
    ok(game, "use Naples 1", "yard Naples hit", "port edit Athens inland=yes", "dedicate Athens 1")
    rows = {r["name"]: r for r in game.ruleset.views["ports"](game.state)}
    assert rows["Naples"] == {
        "level": 3, "re_capacity": 6.0, "he_capacity": 6.0, "acts_as": "major", "functioning": True, "intrinsic_sp": 48.0,
        "max_nt_res": 4.0, "nts_in_force": 0.0, "slp_cost": 20.0, "naval_base": True, "capacity_used": 1.0, "capacity_left": 5.0,
        "name": "Naples", "owner": "axis", "type": "major", "harbour": "none", "sea_zone": "Tyrrhenian Sea", "hex": "",
        "markers": "Marshalling Yard Hit 1, Capacity Used 1", "usable": True, "nation": "italian", "hits": 0.0,
        "hits_to_max": 12, "captor_nation": "british", "slp_count": 20.0}
    assert rows["Athens"]["inland_route"] is True and rows["Athens"]["slp_cost"] == 10.0
    assert rows["Tobruk"]["captor_nation"] == "german" and rows["Tobruk"]["usable"] is True
    ok(game, "capture Tobruk axis")
    assert game.ruleset.views["ports"](game.state)[2]["usable"] is False  # not owned at the start of the phase (31.A)


def test_31_A_every_port_marker_and_when_it_goes(game) -> None:
    """31.A.1 (Port Used, Capacity Used: the owner's reinforcement phase), 31.A.3, 31.A.4, 31.A.5, Table 1 note 3,
    31.A.2 (port interdiction), 31.A.6 (destroyed: until upgraded)."""
    ok(game, "hit Tobruk", "mines Tripoli 2", "intrinsic Taranto", "use Naples 1", "yard Naples hit", "capture Bizerte allied",
       "capture Athens allied", "answer destroy:Athens 1")
    rows = [m for m in game.ruleset.markers(game.state, game.ruleset.sequence)]
    assert rows == [
        {"marker": "Port Hit", "value": "½", "place": "Tobruk", "side": "allied", "expires": "until repaired (31.A.3)"},
        {"marker": "Reduced", "value": "1", "place": "Benghazi", "side": "allied", "expires": "until upgraded (31.A.5)"},
        {"marker": "Port Interdiction", "value": "2", "place": "Tripoli", "side": "axis", "expires": "while it applies"},
        {"marker": "Collateral Damage", "value": "", "place": "Bizerte", "side": "allied", "expires": "until removed (31.A.4)"},
        {"marker": "Marshalling Yard Hit", "value": "1", "place": "Naples", "side": "axis",
         "expires": "until repaired, one at a time (Table 1 note 3; RULINGS E14)"},
        {"marker": "Capacity Used", "value": "1", "place": "Naples", "side": "axis",
         "expires": "end of the Axis reinforcement phase (31.A.1)"},
        {"marker": "Port Used", "value": "", "place": "Taranto", "side": "axis",
         "expires": "end of the Axis reinforcement phase (31.A.1)"},
        {"marker": "Port Hit", "value": "12", "place": "Athens", "side": "allied", "expires": "until repaired (31.A.3)"},
        {"marker": "Reduced", "value": "3", "place": "Athens", "side": "allied", "expires": "until upgraded (31.A.5)"},
        {"marker": "Collateral Damage", "value": "", "place": "Athens", "side": "allied", "expires": "until removed (31.A.4)"},
        {"marker": "Destroyed", "value": "", "place": "Athens", "side": "allied", "expires": "until upgraded (31.A.5)"},
        {"marker": "Marshalling Yard Hit", "value": "1", "place": "Athens", "side": "allied",
         "expires": "until repaired, one at a time (Table 1 note 3; RULINGS E14)"},
    ]


def test_31_A_the_explanation_of_a_port_and_of_a_sea_name(game) -> None:
    """A port's figures, its SLP count (33.F), its yard hits (Table 1 note 3) and an inland route (31.A.11); any other
    name is the sea's (33.B.1.a: Malta is a port here, so the port comes first)."""
    ok(game, "yard Naples hit", "port edit Athens inland=yes")
    names = [e.name for e in game.ruleset.explain(game.state, "naples")]
    assert names == ["size level", "RE capacity", "HE capacity", "acts as", "functioning", "intrinsic SP capacity",
                     "max REs of NTs", "REs of NTs in force", "SLP cost", "naval base", "capacity used", "capacity left", "SLP count (33.F)",
                     "Marshalling Yard Hits"]
    assert [e.name for e in game.ruleset.explain(game.state, "Athens")][-2:] == [
        "SLP count (33.F)", "usable by its route to the sea"]
    assert [e.name for e in game.ruleset.explain(game.state, "Tripoli")][-1] == "SLP count (33.F)"
    assert [(e.name, e.value) for e in game.ruleset.explain(game.state, "Malta status number")] == [
        ("Malta status number", game.state.world.sea.malta)]


def test_31_A_usable_ports_recorded_and_31_A_1_usage_markers_removed(game) -> None:
    """31.A: at the start of his initial phase a player may use the ports he owns then; 31.A.1, RULINGS E11: at the end
    of his reinforcement phase his Port Used and Capacity Used markers go (named in the event's summary)."""
    ok(game, "use Naples 1", "intrinsic Taranto", "use Alexandria 1")
    r = ok(game, *["next --force"] * 9)
    assert game.segment.key == "allied-turn/initial/initial-naval"
    assert r.details[:2] == ["Port Used / Capacity Used removed from 2 axis port(s) (31.A.1): Naples, Taranto",
                             "Allied may use 13 port(s) this turn (owned now, 31.A)"]
    assert r.message.endswith("; Port Used / Capacity Used removed from 2 axis port(s) (31.A.1): Naples, Taranto")
    ports = game.state.world.ports
    assert (ports["Naples"].capacity_used, ports["Taranto"].intrinsic_used, ports["Alexandria"].capacity_used) == (0, False, 1)
    assert game.state.world.usable["allied"][:3] == ("Alexandria", "Haifa", "Tobruk")
    r = ok(game, *["next --force"] * 9)
    assert r.details[:2] == ["Port Used / Capacity Used removed from 1 allied port(s) (31.A.1): Alexandria",
                             "Axis may use 11 port(s) this turn (owned now, 31.A)"]
    r = ok(game, *["next --force"] * 9)
    assert r.details[0] == "Port Used / Capacity Used removed from 0 axis port(s) (31.A.1)"


def test_31_A_6_the_destruction_roll(game) -> None:
    """31.A.6: the losing player may roll 1d6 to destroy a captured port, destroyed on 1-5, or decline."""
    r = ok(game, "capture Athens allied")
    assert r.details[-1] == "31.A.6: axis may try to destroy it — answer destroy:Athens roll|decline"
    prompt = game.state.pending_prompt("destroy:Athens")
    assert (prompt.kind, prompt.effect, prompt.dice, prompt.subject, prompt.choices, prompt.rule, prompt.expires) == (
        "roll", "destroy-port", "1d6", "Athens", ("roll", "decline"), "31.A.6", "answer")
    assert prompt.text == "Axis may try to destroy Athens: roll 1d6, destroyed on 1, 2, 3, 4, 5 — or decline"
    r = ok(game, "answer destroy:Athens 6")
    assert (r.message, r.details, [e.name for e in r.explanations]) == (
        "Athens: destruction roll 6 — not destroyed (31.A.6)", ["31.A.6 destruction of Athens: 1d6 = 6 = 6 (typed)"],
        ["port destroyed"])
    assert not game.state.world.ports["Athens"].destroyed


@pytest.mark.parametrize("answer, summary", [
    ("decline", "Athens: the axis player declines to destroy it (31.A.6)"),
    ("no", "Athens: the axis player declines to destroy it (31.A.6)"),
    ("1", "Athens: destruction roll 1 — destroyed: Reduced 3, 12 Port Hits (31.A.6)"),
    ("5", "Athens: destruction roll 5 — destroyed: Reduced 3, 12 Port Hits (31.A.6)"),
])
def test_31_A_6_declined_or_destroyed(game, answer: str, summary: str) -> None:
    """31.A.6: declining leaves the port; 1-5 destroy it (Reduced 3 and max damage on a major port)."""
    ok(game, "capture Athens allied")
    r = ok(game, f"answer destroy:Athens {answer}")
    assert r.message == summary and game.events[-1]["actor"] == "axis"
    assert game.state.world.ports["Athens"].destroyed is answer.isdigit()


def test_31_A_12_the_sea_conditions_of_the_turn(game) -> None:
    """31.A.12: the sea state (calm, rough, stormy) the Mulberries are towed and emplaced in."""
    r = ok(game, "answer sea-state rough")
    assert r.message == "Sea conditions this turn: rough (31.A.12)"
    assert game.state.world.sea_state == "rough"
