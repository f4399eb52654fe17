"""AWAW clauses the clause ledger found without a citing test (seed 004; issue 20): the U.S. boxes' base changes and
redeployments (21.214), carrier missions that may not counter-intercept (21.557E), what invading units may do after
landing (21.519A-B)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def test_21_214_the_us_boxes_change_base_and_redeploy_only_by_their_routes(game) -> None:
    """A base change from Malta into the Atlantic U.S. box is refused (21.214A); a redeployment from the box to Malta
    passing no western front port of the game is refused (21.214E; proposed A27, a reminder, withdrawn in issue 34);
    through Gibraltar it is accepted."""
    to(game, "second-turn/movement/naval-movement")
    refused(game, 'rebase "Atlantic U.S." RN-DD-Malta --distance 30', "Atlantic U.S. box and Malta")
    to(game, "second-turn/redeployment/naval-redeployment")
    refused(game, "nr Malta USN-CA-Lant --distance 30 --legs 15,15 --ports Reykjavik",
            "Malta is none, nor is Reykjavik (not a base of this game) (21.214E, 28.75)")
    r = ok(game, "nr Malta USN-DD-Lant --distance 30 --legs 15,15 --ports Gibraltar")
    assert not any(d.startswith("21.214E") for d in r.details)


def test_21_557E_units_on_a_carrier_mission_do_not_support_an_intercepted_force(game) -> None:
    to(game, "second-turn/combat/naval-missions")
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    ok(game, f"carrier-mission CC20 --by Eagle,RN-CA-ForceH --distance 18 --with {mid}")
    refused(game, f"support {mid} Eagle", "Eagle is not on a patrol remaining at sea")


def test_21_519A_B_the_invasion_reminds_that_invaders_attack_out_only_by_exploiting_and_skip_attrition(game) -> None:
    """The app keeps no ground units: the invasion's result tells the referee (21.519A, B)."""
    to(game, "second-turn/combat/naval-missions")
    r = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied')
    assert any("may not attack out of the hex unless they exploit, and do not count for attrition (21.519)" in d
               for d in r.details)
