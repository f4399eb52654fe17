"""The OCS scenario form exactly (``tui/rules/ocs/form.py``): what ``export`` writes of a world (every port column,
the Shipping Allowance back in points, 19.0f) and the values each column allows. The tables are those of
docs/scenario-ocs.md; the bundled scenario is data/scenarios/ocs-western-desert-1941.toml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset
from tui.rules.ocs import form
from tui.rules.ocs.ports import Port
from tui.rules.ocs.world import OcsWorld


@pytest.fixture(scope="module")
def ruleset(data: Path):
    return load_ruleset("ocs", data)


# 19.0b: a port with its own Damage Track, hits, in an enemy ZOC that is negated (4.5a); 1 SP = 4 Tokens.
TOBRUK = Port(name="Tobruk", owner="allied", capacity=16, hex="W4021", damage_track=(16, 12, 8, 4, 2),
              supply_source=True, hits=2, used=3, oversize=1, enemy_zoc=True, zoc_negated=True,
              reduced_this_turn=1, repaired_this_turn=1, note="own track")
BARDIA = Port(name="Bardia", owner="axis", capacity=2)
TOBRUK_ROW = {"name": "Tobruk", "owner": "allied", "capacity": "4 SP", "hex": "W4021",
              "damage_track": ["4 SP", "3 SP", "2 SP", "1 SP", "2T"], "supply_source": True, "hits": 2,
              "enemy_zoc": True, "zoc_negated": True, "note": "own track"}
BARDIA_ROW = {"name": "Bardia", "owner": "axis", "capacity": "2T", "hex": "", "damage_track": [],
              "supply_source": False, "hits": 0, "enemy_zoc": False, "zoc_negated": False, "note": ""}


def test_export_writes_every_port_column_and_the_allowance_in_points(ruleset) -> None:
    """19.0f: the allowance is kept in Tokens and written in points (1 point = 1 SP = 4T): whole points as an
    int, a part point as a float. A port keeps only its scenario columns (not used/oversize/this turn's marks)."""
    world = OcsWorld(ports={"Tobruk": TOBRUK, "Bardia": BARDIA}, first="allied",
                     allowance={"axis": 8, "allied": 6}, shipped={"axis": 4})
    raw = form.export(world, ruleset)
    assert raw == {"turn": {"first_player": "allied"}, "sea_cap": {"allowance": {"axis": 2, "allied": 1.5}},
                   "ports": [TOBRUK_ROW, BARDIA_ROW]}
    assert list(raw) == ["turn", "sea_cap", "ports"]
    assert [list(row) for row in raw["ports"]] == [list(TOBRUK_ROW)] * 2
    allowance = raw["sea_cap"]["allowance"]
    assert [(k, type(v)) for k, v in allowance.items()] == [("axis", int), ("allied", float)]


@pytest.mark.parametrize(("tokens", "points", "kind"), [(0, 0, int), (1, 0.25, float), (2, 0.5, float),
                                                        (3, 0.75, float), (4, 1, int), (5, 1.25, float),
                                                        (12, 3, int), (14, 3.5, float)])
def test_export_allowance_points_by_tokens(ruleset, tokens: int, points: float, kind: type) -> None:
    """19.0f: Tokens / 4 per point; exact numbers and their type (a TOML int stays an int)."""
    allowance = form.export(OcsWorld(allowance={"axis": tokens}), ruleset)["sea_cap"]["allowance"]
    assert allowance == {"axis": points} and type(allowance["axis"]) is kind


def test_export_of_an_empty_world(ruleset) -> None:
    """No ports, no allowance, no first player: the three tables, empty."""
    assert form.export(OcsWorld(), ruleset) == {"turn": {"first_player": ""}, "sea_cap": {"allowance": {}},
                                               "ports": []}


def test_export_of_the_bundled_scenario(ruleset, data: Path) -> None:
    """The Western Desert 1941 scenario written back as the file has it (capacities as players write them)."""
    from tests.conftest import fixed_clock
    from tui.session import memory_game

    raw = form.export(memory_game(data, "ocs", seed=1, clock=fixed_clock).state.world, ruleset)
    assert raw["turn"] == {"first_player": "axis"}
    assert raw["sea_cap"] == {"allowance": {"axis": 2, "allied": 4}}
    assert [type(v) for v in raw["sea_cap"]["allowance"].values()] == [int, int]

    def row(name, owner, capacity, **kw):
        return {"name": name, "owner": owner, "capacity": capacity, "hex": "", "damage_track": kw.get("track", []),
                "supply_source": kw.get("supply", False), "hits": 0, "enemy_zoc": False, "zoc_negated": False,
                "note": kw.get("note", "")}

    assert raw["ports"] == [
        row("Tripoli", "axis", "6 SP", supply=True, note="The Axis main supply port (supply source, 19.0e)."),
        row("Benghazi", "axis", "3 SP", supply=True),
        row("Derna", "axis", "1 SP"),
        row("Bardia", "axis", "2T",
            note="A 2T port: 1T may be loaded and 1T unloaded in a phase, or 2T of one of them (19.0a)."),
        row("Tobruk", "allied", "4 SP", supply=True, track=["4 SP", "3 SP", "2 SP", "1 SP", "2T"],
            note="Has its own Damage Track (19.0b): even with 4 hits it keeps 2T."),
        row("Mersa Matruh", "allied", "1 SP 2T"),
        row("Alexandria", "allied", "10 SP", supply=True, note="The Allied main supply port (supply source, 19.0e)."),
    ]


def test_export_round_trips_through_a_new_world(ruleset) -> None:
    """What export writes, a scenario reads back into the same ports, first player and allowance."""
    from tui.rules.ocs.world import world_from_scenario

    world = OcsWorld(ports={"Tobruk": TOBRUK, "Bardia": BARDIA}, first="allied", allowance={"axis": 8, "allied": 6})
    back = world_from_scenario(form.export(world, ruleset), "x.toml", ruleset.tables)
    assert back.first == "allied" and back.allowance == {"axis": 8, "allied": 6}
    assert back.ports == {"Tobruk": Port(name="Tobruk", owner="allied", capacity=16, hex="W4021",
                                         damage_track=(16, 12, 8, 4, 2), supply_source=True, hits=2,
                                         enemy_zoc=True, zoc_negated=True, note="own track"),
                          "Bardia": BARDIA}


def test_allowed_values_by_file_and_column(ruleset) -> None:
    """docs/scenario-ocs.md: the first player, a port's owner and the allowance's keys are the rule set's sides."""
    assert form.allowed(ruleset) == {("turn", "first_player"): ("axis", "allied"),
                                     ("ports", "owner"): ("axis", "allied"),
                                     ("sea_cap", "allowance"): ("axis", "allied")}
    assert all(type(v) is tuple for v in form.allowed(ruleset).values())


def test_kinds_are_the_three_tables() -> None:
    """The form's files besides ``scenario``: turn and sea_cap (tables) and ports (keyed by name)."""
    assert [k.name for k in form.kinds()] == ["turn", "sea_cap", "ports"]
    assert form.kinds() is form.KINDS
