"""AWAW protection of naval activities (seed 004; issue 20, "Missing", protection): sea supply, oil shipments, BRP grants
and sea escorts protected by other naval units (21.424, 21.65F), from the SW box holding the transports (21.65G), sea
supply protection by a single TF (21.35B), and the Pacific U.S. and South Africa boxes (21.15E, 21.18B)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to, unit
from tui.paths import data_dir
from tui.session import create_game

SUPPLY = "second-turn/movement/initial-supply"
REDEPLOY = "second-turn/redeployment/naval-redeployment"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _id(result) -> str:
    return result.message.split(":")[0]


def _mission(game, mid: str) -> dict:
    return game.state.world.ops["missions"][mid]


def test_21_424_sea_supply_is_a_mission_other_naval_units_protect(game) -> None:
    to(game, SUPPLY)
    sid = _id(ok(game, "sea-supply britain 1 --by RN-TR-Atlantic"))
    assert sid.startswith("supply-")
    r = ok(game, f"protect {sid} --by RN-DD-Liverpool")
    assert "21.424" in r.message and "21.35B" in r.message
    assert _mission(game, sid)["protect"] == ["RN-DD-Liverpool"]
    dd = unit(game, "RN-DD-Liverpool")
    assert dd.acted and dd.inverted  # employed like the escort (21.65F)


def test_21_35B_sea_supply_protection_is_assigned_to_a_single_tf(game) -> None:
    to(game, SUPPLY)
    sid = _id(ok(game, "sea-supply britain 1 --by RN-TR-Atlantic"))
    refused(game, f"protect {sid} --by RN-CA-Home,RN-DD-Liverpool", "single TF (21.35B)")  # the Home TF and a loose force
    ok(game, f"protect {sid} --by RN-DD-Liverpool")
    refused(game, f"protect {sid} --by RN-DD-Rosyth", "single TF (21.35B)")


def test_21_65F_an_oil_shipment_or_brp_grant_is_protected_and_the_escort_itself_does_not_protect(game) -> None:
    to(game, SUPPLY)
    eid = _id(ok(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool"))
    refused(game, f"protect {eid} --by USN-TR-Lant", "protection comes from other naval units (21.65F)")
    ok(game, f"protect {eid} --by RN-DD-Liverpool")
    refused(game, f"protect {eid} --by RN-DD-Liverpool", "21.31")  # employed: its one activity
    refused(game, "protect escort-99 --by RN-DD-Rosyth", "21.424")


def test_21_65F_protecting_units_reach_the_port_of_embarkation_like_the_escorting_destroyers(game) -> None:
    """21.65F: the basing and movement restrictions of the destroyers: based at the port of embarkation or reaching it
    on the initial leg (21.65A: 20 hexes in Europe)."""
    to(game, REDEPLOY)
    eid = _id(ok(game, 'escort Liverpool Plymouth --cargo "3 Inf:1" --by RN-DD-Liverpool'))
    refused(game, f"protect {eid} --by RN-DD-Rosyth", "--reach N (21.65F, 21.65A")
    refused(game, f"protect {eid} --by RN-DD-Rosyth --reach 30", "21.65A")
    r = ok(game, f"protect {eid} --by RN-DD-Rosyth --reach 8")
    assert "destroyers reach the embarkation hex" in {e.name for e in r.explanations}


def test_21_65G_units_in_the_sw_box_of_the_transports_protect_without_being_employed(game) -> None:
    """RN-CA-Rosyth deploys to the Atlantic SW box; it protects a sea escort by transports of that box, not employed
    (25.36), and only one sea escort; units on the board are named apart."""
    to(game, "second-turn/movement/naval-movement")
    ok(game, 'rebase "Atlantic SW" RN-CA-Rosyth --distance 5')
    to(game, REDEPLOY)
    first = _id(ok(game, 'escort "Atlantic U.S." Liverpool --cargo "1 Inf:3" --by USN-TR-Lant'))
    second = _id(ok(game, 'escort "Atlantic U.S." Plymouth --cargo "2 Inf:3" --by RN-TR-Atlantic'))
    refused(game, f"protect {first} --by RN-CA-Rosyth,RN-DD-Liverpool", "21.65F, G")
    r = ok(game, f"protect {first} --by RN-CA-Rosyth")
    assert "without being employed (25.36)" in r.message and "21.65G" in r.message
    assert _mission(game, first)["protect_sw"] == ["RN-CA-Rosyth"]
    ca = unit(game, "RN-CA-Rosyth")
    assert not ca.acted and not ca.inverted
    refused(game, f"protect {second} --by RN-CA-Rosyth", "already protects")


def test_21_65G_sw_box_units_protect_only_what_transports_of_their_box_carry(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    ok(game, 'rebase "Atlantic SW" RN-CA-Rosyth --distance 5')
    to(game, REDEPLOY)
    eid = _id(ok(game, 'escort Liverpool Plymouth --cargo "3 Inf:1" --by RN-DD-Liverpool'))
    refused(game, f"protect {eid} --by RN-CA-Rosyth", "uses no transports) (21.65G)")


def test_21_18B_21_15E_box_units_protect_only_what_is_traced_from_their_box(game) -> None:
    """South Africa's cruisers protect a sea supply line only when the referee says it is traced from that box, and not
    a sea escort from elsewhere (21.18B; 21.15E says the same of the Pacific U.S. box)."""
    to(game, SUPPLY)
    sid = _id(ok(game, "sea-supply britain 1 --by RN-TR-Atlantic"))
    refused(game, f"protect {sid} --by RN-CA-Cape", "21.15E, 21.18B")
    refused(game, f'protect {sid} --by RN-CA-Cape --from "Atlantic U.S."', "21.15E, 21.18B")
    eid = _id(ok(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool"))
    refused(game, f"protect {eid} --by RN-CA-Cape", "21.15E, 21.18B")
    ok(game, f'protect {sid} --by RN-CA-Cape --from "South Africa"')


def test_21_18B_a_supply_of_port_lines_only_is_not_traced_from_a_box(game) -> None:
    to(game, SUPPLY)
    sid = _id(ok(game, "sea-supply britain 0 1"))
    refused(game, f'protect {sid} --by RN-CA-Cape --from "South Africa"', "21.18B")


# --- 21.65E: oil and BRPs to a destination not yet supplied --------------------------------------------------------------

POST = "second-turn/combat/post-combat-supply"


def test_21_65E_an_unsupplied_destination_only_with_post_combat_supply(game) -> None:
    to(game, SUPPLY)
    refused(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool --unsupplied", "21.65E")
    to(game, POST)
    refused(game, "grant-brp usa 5 --by USN-TR-Lant --unsupplied", "with --to BASE")
    r = ok(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool --unsupplied")
    eid = _id(r)
    assert _mission(game, eid)["unsupplied"] is True
    assert any("--cut` (21.65E)" in line for line in r.details)


def test_21_65E_a_cut_supply_line_aborts_the_shipment_and_bars_its_transports(game) -> None:
    """The BRP grant is aborted; it used a transport, so transports are barred from Liverpool for the turn (21.315)."""
    to(game, POST)
    supplied = _id(ok(game, "ship-oil usa 1 --by USN-TR-Lant --to Plymouth"))
    refused(game, f"escort-result {supplied} --cut", "--unsupplied (21.65E)")
    eid = _id(ok(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool --unsupplied"))
    r = ok(game, f"escort-result {eid} --cut")
    assert "aborted (21.65E)" in r.message and "21.315" in r.message
    assert _mission(game, eid)["result"] == "aborted"
    refused(game, f"escort-result {eid} --cut", "already aborted")
    refused(game, "grant-brp usa 5 --by USN-TR-Lant --to Liverpool", "21.315")


# --- 21.14E: the Atlantic boxes' American units and the U.S. at war with Germany -------------------------------------


def test_21_14E_atlantic_us_box_units_protect_only_at_war_and_only_what_is_traced_from_the_box(game) -> None:
    to(game, SUPPLY)
    sid = _id(ok(game, "sea-supply usa 1 --by USN-TR-Lant"))
    refused(game, f'protect {sid} --by Washington --from "Atlantic U.S."', "--us-war (21.14E)")
    refused(game, f"protect {sid} --by Washington --us-war", "21.14E")  # not said to be traced from the box
    ok(game, f'protect {sid} --by Washington --from "Atlantic U.S." --us-war')


def test_21_14E_american_units_in_the_atlantic_sw_box_protect_nothing_to_britain_before_war(game) -> None:
    """An American cruiser placed in the Atlantic SW box (the referee's `control` and `build` stand in for a deployment
    the bundled scenario cannot make) may not protect Britain's sea supply until the U.S. is at war with Germany."""
    to(game, SUPPLY)
    ok(game, 'control "Atlantic SW" usa')
    ok(game, 'build USN-CA-SW usa cruiser 2 "Atlantic SW"')
    sid = _id(ok(game, "sea-supply britain 1 --by RN-TR-Atlantic"))
    refused(game, f"protect {sid} --by USN-CA-SW", "to Britain; if it is, say so with --us-war (21.14E)")
    ok(game, f"protect {sid} --by USN-CA-SW --us-war")
