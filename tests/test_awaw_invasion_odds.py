"""AWAW invasion odds computed by the app (seed 004; issue 20, "Missing", invasions): ground factors, those joining by
land or airdrop (21.517B), shore bombardment and typed ground support with remnants added (21.527), and the 1:1 test
made after bombardment (21.5152)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game

ALLIED_MISSIONS = "second-turn/combat/naval-missions"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _invade(game, defence: str = "3") -> str:
    """One commando factor invades the defended beach CC20 from Malta (two destroyer factors a ground factor)."""
    to(game, ALLIED_MISSIONS)
    r = ok(game, f'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied '
                 f'--defended --defense {defence}')
    return r.message.split(":")[0]


def test_21_5152_with_the_defence_typed_the_invasion_is_announced_and_tested_after_bombardment(game) -> None:
    """1 against 3 is below 1:1 before bombardment: announced (the test comes after it), refused by invasion-odds;
    two British bombardment factors (cap 2x one ground factor, DRM 2) make it 3:3."""
    mid = _invade(game)
    refused(game, f"invasion-odds {mid}", "1:3")
    ok(game, f"bombard {mid} --by RN-DD-ForceH,Renown --distance 18")
    r = ok(game, f"invasion-odds {mid}")
    assert "at 3:3" in r.message
    odds = next(e for e in r.explanations if e.name == "invasion odds")
    assert odds.rule == "21.5152" and odds.value == "3:3"
    assert game.state.world.ops["missions"][mid]["odds"] == "3:3"


def test_21_527_ground_support_adds_within_its_cap_and_21_517B_land_units_join(game) -> None:
    mid = _invade(game, "4")
    refused(game, f"invasion-odds {mid} --air-support 4", "21.517D")  # more than 3x one ground factor
    refused(game, f"invasion-odds {mid} --air-support 2", "3:4")
    r = ok(game, f"invasion-odds {mid} --air-support 2 --land 1")
    assert "at 4:4" in r.message and "21.517B" in " ".join(r.details)


def test_21_5152_the_typed_odds_of_an_earlier_version_still_work_and_the_defence_may_be_typed_later(game) -> None:
    to(game, ALLIED_MISSIONS)
    refused(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied '
                  '--defended --odds 1:2', "1:1 or better")
    r = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied '
                 '--defended --odds 1:1')
    mid = r.message.split(":")[0]
    refused(game, f"invasion-odds {mid}", "--defense N")
    ok(game, f"invasion-odds {mid} --defense 1")


# --- 21.5153D, 21.516C, 21.517K, 21.5182 --------------------------------------------------------------------------


def test_21_5153D_ships_driven_out_by_an_airdrop_do_not_permit_the_invasion(game) -> None:
    """Ten Italian factors at Messina are displaced when British paratroops take it (the referee's control and
    displace); an invasion of Messina in that player turn is refused, though no ship is left there."""
    to(game, "second-turn/movement/ground-movement")
    ok(game, "build RM-BB-Big italy battleship 10 Messina")
    ok(game, "control Messina britain")
    ok(game, "displace Messina Naples --distance 5")
    to(game, ALLIED_MISSIONS)
    refused(game, 'invade Messina Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied',
            "21.5153D")


def test_21_517K_units_over_the_occupation_limit_return_to_port_or_are_eliminated(game) -> None:
    """Six one-factor infantry land (two attack by sea, four stay aboard and are placed too, 21.517J): one over the five
    non-specialized units a bridgehead allows."""
    to(game, ALLIED_MISSIONS)
    cargo = ", ".join(f"Inf{i}:1" for i in range(1, 7))
    mid = ok(game, f'invade CC20 Alexandria --hex-kind beach --cargo "{cargo}" --attackers Inf1,Inf2 --by RN-DD-Med '
                   '--distance 18 --supplied').message.split(":")[0]
    r = ok(game, f"invasion-result {mid} landed")
    line = next(d for d in r.details if "21.517K" in d and "over the limit" in d)
    assert line.startswith("1 non-specialized unit over the limit of 5")


def test_21_516C_units_back_from_a_repulsed_invasion_are_held_in_their_port(game) -> None:
    mid = _invade(game, "1")
    r = ok(game, f"invasion-result {mid} repulsed")
    assert any("Cdo may not move from Malta" in d and "21.516C" in d for d in r.details)
    assert game.state.world.ops["missions"][mid]["returned"] == ["Cdo"]


def test_21_5182_breakthrough_from_an_undefended_invasion_hex() -> None:
    """21.5182: an undefended invasion hex allows breakthrough and exploitation (armor with CTL in the final round)."""
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import invasion as I
    from tui.rules.awaw.transport import Cargo

    armor = Cargo("Pz", 3, "armor", ctl=1, mech_intact=True)
    assert I.exploitation((armor,), {"pz"}, {"pz"}, ops_tables()).value is True


def test_21_517C_exception_excess_destroyers_bombard_after_ground_units_are_lost_at_sea(game) -> None:
    """Three commando factors on RN-DD-Med (six factors, undefended: one a ground factor); Cdo2's two are lost at sea
    in an interception: the five destroyer factors Cdo1 does not need may bombard (three naval factors a combat
    factor), and Cdo1 alone attacks."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Alexandria --hex-kind beach --cargo "Cdo1:1:commando, Cdo2:2:commando" --by RN-DD-Med '
                   '--distance 18 --supplied').message.split(":")[0]
    refused(game, f"bombard {mid} --by RN-DD-Med --distance 18", "--lost")
    refused(game, f"bombard {mid} --by RN-DD-Med --distance 18 --lost Nobody", "--lost (Cdo1, Cdo2)")
    r = ok(game, f"bombard {mid} --by RN-DD-Med --distance 18 --lost Cdo2")
    m = game.state.world.ops["missions"][mid]
    assert m["attackers"] == ["Cdo1"] and m["lost"] == ["Cdo2"]
    assert m["bombard_drm"] == {"2": 5}  # six destroyer factors less one needed by Cdo1 (British DRM 2)
    assert m["bombard_value"] == 1 and "adds 1 combat factor to 1 ground factor" in r.message


# --- issue 20, "The game a referee gets": one id per operation from the moment it is announced ----------------------


def test_issue20_a_confirmed_invasion_keeps_the_number_of_its_announcement_and_the_old_id_still_resolves(game) -> None:
    """`invade` asks 21.514E as invade-N; confirmed, the invasion is invasion-N (an earlier version made it invasion-N+1,
    which its logs use: that id still names it)."""
    to(game, ALLIED_MISSIONS)
    r = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5')
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("invade-"))
    n = int(pid.rpartition("-")[2])
    r = ok(game, f"answer {pid} yes")
    assert f"invasion-{n}:" in r.message and f"invasion-{n}" in game.state.world.ops["missions"]
    assert f"invasion-{n + 1}" not in game.state.world.ops["missions"]
    r = ok(game, f"bombard invasion-{n + 1} --by RN-DD-ForceH,Renown --distance 18")  # the earlier version's id
    assert r.message.startswith(f"invasion-{n}:")
    assert any(e.name == "defender's invasion DM" for e in ok(game, f"why invasion-{n + 1}").explanations)


def test_issue20_a_confirmed_sea_transport_keeps_the_number_of_its_announcement(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    ok(game, 'transport Naples Tripoli --cargo "Ftr:1:air" --by RM-DD-Naples --distance 12')
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("transport-"))
    ok(game, f"answer {pid} yes")
    assert pid in game.state.world.ops["missions"]
