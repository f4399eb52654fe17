"""OCS 19.0's Phases checklist exactly (``tui/rules/ocs/duties.py``): in any segment where loading, unloading, an
arrival or Sea Cap shipping is legal (19.0a, 19.0f, 18.5g), the port capacity used this phase and each side's Sea Cap
this turn; in every segment, the ports an enemy ZOC shuts down (19.0a). Each is told for a segment where only one of
those commands is legal, word for word."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tui.rules.core.checklist import INFO
from tui.rules.ocs.duties import ocs_duties

PORTS = [{"name": "Tripoli", "used": "2 SP", "capacity": "6 SP", "used_tokens": 8, "shut_down": False},
         {"name": "Benghazi", "used": "0", "capacity": "3 SP", "used_tokens": 0, "shut_down": True},
         {"name": "Derna", "used": "0", "capacity": "1 SP", "used_tokens": 0, "shut_down": True}]
SEA_CAP = [{"side": "axis", "used": 2, "allowance": 8, "left": 6}, {"side": "allied", "used": 0, "allowance": 16, "left": 16}]


def _segment(commands):
    from tui.engine.setup import load_ruleset
    from tui.paths import data_dir

    seg = load_ruleset("ocs", data_dir()).sequence.at(0)
    return replace(seg, commands=None if commands is None else frozenset(commands))


def _said(commands, ports=PORTS):
    duties = ocs_duties(lambda state: ports, lambda state: SEA_CAP)(None, _segment(commands))
    assert all((d.state, d.detail) == (INFO, "") for d in duties)
    return [(d.text, d.rule) for d in duties]


CAPACITY = [("Port capacity used this phase: Tripoli 2 SP of 6 SP", "19.0a"),
            ("Axis Sea Cap this turn: 2 used of 8, 6 left", "19.0f"),
            ("Allied Sea Cap this turn: 0 used of 16, 16 left", "19.0f")]
SHUT = [("Shut down by an enemy ZOC (capacity 0): Benghazi, Derna", "19.0a")]


@pytest.mark.parametrize("commands", [["load"], ["unload"], ["arrive"], ["ship"], None, ["hit", "ship"]])
def test_capacity_and_sea_cap_where_any_cargo_command_is_legal(commands) -> None:
    assert _said(commands) == CAPACITY + SHUT


def test_only_the_ports_shut_down_where_no_cargo_moves() -> None:
    assert _said(["hit", "reduce"]) == SHUT
    assert _said([]) == SHUT
    assert _said([], [PORTS[0]]) == []


def test_no_port_capacity_used_yet_is_said_so() -> None:
    idle = [{**p, "used_tokens": 0, "shut_down": False} for p in PORTS]
    assert _said(["load"], idle)[0] == ("No port capacity used this phase (loading and unloading share it)", "19.0a")
