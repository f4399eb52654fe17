"""AWAW routes against the map's hexes (seed 004; issue 20, "Routes"): a typed distance shorter than the hexes between
bases that carry hex coordinates is refused (21.36A, proposed A28), and a naval unit enters at most one hex targeted
for sea transport or invasion in a phase (21.321, proposed A29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import ok, refused, to
from tui.paths import data_dir
from tui.rules.awaw.hexes import hex_code, hex_distance
from tui.session import create_game

AXIS_TRANSPORT = "first-turn/movement/sea-transport"
ALLIED_TRANSPORT = "second-turn/movement/sea-transport"
ALLIED_MISSIONS = "second-turn/combat/naval-missions"


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


# --- the hex floor (21.36A, proposed A28) ---------------------------------------------------------------------------


def test_21_36A_A28_hex_codes_read_row_letters_and_the_seeds_strait_pairs_are_adjacent() -> None:
    """The rows A-Z, then AA, BB ...; the land hexes the seed pairs across a strait (the Gulf of Riga, Otranto,
    Malacca, Sunda; Helsinki and Tallinn) are one hex apart, whichever way the rows are offset."""
    assert hex_code("AA7") == (27, 7) and hex_code("c26") == (3, 26) and hex_code("NN31") == (40, 31)
    assert hex_code("AB7") is None and hex_code("Malta") is None and hex_code("7") is None
    for a, b in (("G39", "F40"), ("AA25", "AA26"), ("DD11", "EE10"), ("II10", "II11"), ("D41", "E41")):
        assert hex_distance(a, b) == 1, (a, b)
    assert hex_distance("G21", "AA7") == 20  # Liverpool to Gibraltar in the bundled scenario
    assert hex_distance("Malta", "AA7") is None


def test_21_36A_A28_a_sea_transport_typed_shorter_than_the_hexes_between_its_bases_is_refused(game) -> None:
    """Liverpool (G21) to Gibraltar (AA7) is 20 hexes across the grid: 12 by water is a slip, refused with nothing
    changed; 20 is accepted and the check is among the figures."""
    to(game, ALLIED_TRANSPORT)
    refused(game, 'transport Liverpool Gibraltar --cargo "Gds:2" --by RN-DD-Liverpool --distance 12',
            "12 hexes is shorter than the 20 hexes from Liverpool (G21) to Gibraltar (AA7)")
    r = ok(game, 'transport Liverpool Gibraltar --cargo "Gds:2" --by RN-DD-Liverpool --distance 20')
    floor = next(e for e in r.explanations if e.name == "Distance at least the hexes on the map")
    assert floor.value == 20


def test_21_36A_A28_an_invasion_of_a_hex_typed_by_its_code_is_measured_from_the_destroyers_base(game) -> None:
    """The destroyers sail from Alexandria (GG34) by way of Malta to CC20: at least 14 hexes, however short the leg
    from Malta is."""
    to(game, ALLIED_MISSIONS)
    refused(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Med --distance 5 --supplied',
            "shorter than the 14 hexes from Alexandria (GG34) to CC20")
    ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Med --distance 14 --supplied')


def test_21_36A_A28_a_box_without_hexes_is_not_measured(game) -> None:
    """The Atlantic U.S. box carries no hex: the typed distance stands (RULINGS A1)."""
    to(game, ALLIED_TRANSPORT)
    r = ok(game, 'transport "Atlantic U.S." Liverpool --cargo "1 Inf:1" --by USN-DD-Lant,USN-TR-Lant --distance 30 '
                 '--legs 15,15 --ports Reykjavik')
    assert not any(e.name == "Distance at least the hexes on the map" for e in r.explanations)


def test_21_36A_A28_base_changes_patrols_and_interceptions_are_measured_too(game) -> None:
    """21.3613, 21.3614, 21.3611 count hexes by water too: Force H's cruisers from Gibraltar (AA7) to Malta (DD21) are
    at least 14 hexes away; a patrol from Messina (BB22) to Y20 at least 3."""
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol Y20 RM-CA-Messina --distance 2", "shorter than the 3 hexes from Messina (BB22) to Y20")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    refused(game, "intercept Y20 RN-DD-ForceH --distance 5 --front mediterranean",
            "shorter than the 13 hexes from Gibraltar (AA7) to Y20")
    to(game, "second-turn/movement/naval-movement")
    refused(game, "rebase Malta RN-CA-ForceH --distance 12", "shorter than the 14 hexes from Gibraltar (AA7) to Malta (DD21)")
    ok(game, "rebase Malta RN-CA-ForceH --distance 14")


# --- one targeted hex a phase (21.321, proposed A29) ----------------------------------------------------------------


def test_21_321_a_transport_may_not_pass_through_another_transports_destination(game) -> None:
    """Naples to Tripoli is targeted; destroyers touching Tripoli on their way to Messina would enter two targeted
    hexes: refused unless no alternate route is available (--no-alternate), which the figures then show."""
    to(game, AXIS_TRANSPORT)
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    line = 'transport Taranto Messina --cargo "Bologna:2" --by RM-DD-Taranto --distance 16 --legs 8,8 --ports Tripoli'
    refused(game, line, "would enter 2 hexes targeted for sea transport or invasion this phase (Tripoli, Messina)")
    r = ok(game, line + " --no-alternate")
    assert any(e.name.startswith("Targeted hexes entered") and e.value == 2 for e in r.explanations)


def test_21_321_targeting_a_hex_another_transport_passes_through_is_refused(game) -> None:
    """The order of typing does not matter: once a transport touches Messina on its way to Tripoli, Messina may not
    become another transport's destination."""
    to(game, AXIS_TRANSPORT)
    ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12 --legs 6,6 --ports Messina')
    refused(game, 'transport Taranto Messina --cargo "Bologna:2" --by RM-DD-Taranto --distance 6',
            "transport-")
    r = game.execute('transport Taranto Messina --cargo "Bologna:2" --by RM-DD-Taranto --distance 6')
    assert "pass through Messina on their way to Tripoli" in r.message and "21.321" in r.message


def test_21_321_embarking_at_another_transports_destination_enters_it(game) -> None:
    """Destroyers from Naples that embark at Messina, another transport's destination, and go on to Tripoli enter two
    targeted hexes; destroyers based at Messina start there and enter only Tripoli."""
    to(game, AXIS_TRANSPORT)
    ok(game, 'transport Taranto Messina --cargo "Bologna:2" --by RM-DD-Taranto --distance 6')
    refused(game, 'transport Messina Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12', "21.321")
    ok(game, 'transport Messina Tripoli --cargo "Pavia:3" --by RM-DD-Messina --distance 12')


def test_21_321_shore_bombardment_may_not_cross_another_invasion_hex(game) -> None:
    """In the combat phase the invasion hexes are the targeted ones: ships bombarding CC20 that touch Malta, another
    invasion's hex, are refused."""
    to(game, ALLIED_MISSIONS)
    mid = ok(game, 'invade CC20 Malta --hex-kind beach --cargo "Cdo:2:commando" --by RN-DD-Malta --distance 5 '
                   '--supplied').message.split(":")[0]
    ok(game, 'invade Malta Alexandria --hex-kind beach --cargo "Cdo2:3:commando" --by RN-DD-Med --distance 18 --supplied')
    refused(game, f"bombard {mid} --by Renown --distance 18 --legs 9,9 --ports Malta", "21.321")
    ok(game, f"bombard {mid} --by Renown --distance 18")
