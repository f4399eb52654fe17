"""AWAW: a seaborne invasion that fails after the patrol that supported it joined (21.4182B, 21.4182E, 21.5152, 21.516B,
21.516C). The set-ups and expected results are the outside cases R1, R5 and R7 written from the seed text before the
code was read (docs/cases/issue34-failed-invasion-cases.md); each test names its case.

The game: the bundled Summer 1942 game, the Axis moving first. Littorio and VittorioVeneto patrol DD20 from Taranto and
remain at sea (21.416L); Folgore (2) and Superga (2) invade Malta (DD21) from Messina on RM-DD-Messina;
Penelope and RN-DD-Malta intercept the invasion, and the patrol supports it and joins it (21.4182B).
"""

from __future__ import annotations

import pytest

from tests.awaw_game import awaw_game, ok, refused, to

INVADE = ("invade DD21 Messina --hex-kind one-hex-island --cargo Folgore:2,Superga:2 --by RM-DD-Messina "
          "--distance 2 --supplied")


def unit(game, uid: str):
    return game.state.world.units[uid]


def patrol_at_sea(units: str):
    """A new game whose Taranto ``units`` patrol DD20 and remain at sea (21.416L), walked to the naval missions."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, f"patrol DD20 {units} --distance 8")
    for step, value in (("route", "no interception"), ("strikes", "remain at sea"), ("hex", "no interception")):
        ok(game, f"answer patrol-1-{step} '{value}'")
    to(game, "Invasions, bombardment, raiders, carrier missions")
    return game


def intercepted(game) -> str:
    """The invasion of Malta announced and intercepted by Penelope and RN-DD-Malta; its id."""
    inv = ok(game, INVADE).message.split(":")[0]
    ok(game, f"intercept DD21 Penelope,RN-DD-Malta --distance 1 --target {inv}")
    return inv


def _supported_invasion():
    """The invasion of Malta intercepted and supported by the Taranto patrol, which joined it (21.4182B)."""
    game = patrol_at_sea("Littorio,VittorioVeneto")
    inv = intercepted(game)
    joined = ok(game, f"support {inv} Littorio,VittorioVeneto")
    assert "join it" in joined.message
    return game, inv


def test_R5_21_4182E_a_patrol_that_joined_an_invasion_by_successful_support_may_bombard() -> None:
    """Case R5, 21.4182E: "Patrolling forces may not provide shore bombardment or intercept (EXCEPTIONS: Successful
    support - 21.4182B ...)". Littorio and VittorioVeneto joined the invasion at sea in DD21: they bombard it without
    a new voyage (no distance), 10 naval factors at Italy's Naval Nationality DRM."""
    game, inv = _supported_invasion()
    r = ok(game, f"bombard {inv} --by Littorio,VittorioVeneto")
    mission = game.state.world.ops["missions"][inv]
    assert mission["bombard"] == ["Littorio", "VittorioVeneto"]
    assert mission["bombard_value"] == 3  # 10 naval factors / 3 (21.525), within 1x... the caps of 21.526
    assert r.message.startswith(f"{inv}: shore bombardment of DD21 by Littorio, VittorioVeneto adds 3 combat factors")
    assert unit(game, "Littorio").at_sea == "mission" and unit(game, "Littorio").sea_hex == "DD21"
    refused(game, f"bombard {inv} --by Littorio", "shore bombardment: Littorio already bombards invasion-2 (21.52)")


def test_R5_21_4182E_a_patrol_that_did_not_join_still_may_not_bombard() -> None:
    """21.4182E: without successful support a patrolling force may not provide shore bombardment: RM-CA-Taranto on
    patrol in DD20 that supported nothing is refused."""
    game = patrol_at_sea("RM-CA-Taranto")
    inv = ok(game, INVADE).message.split(":")[0]
    refused(game, f"bombard {inv} --by RM-CA-Taranto --distance 1", "RM-CA-Taranto")


@pytest.mark.parametrize("end", ["repulsed", "defeated-at-sea"])
def test_R5_R7_21_5152_21_516B_the_joined_patrol_returns_with_the_failed_invasion(end: str) -> None:
    """Cases R5 (21.5152) and R7 (21.516B): "the naval units on the seaborne invasion mission ... return to their
    original base". The patrol adopted the invasion's mission (21.4182B): Littorio and VittorioVeneto go back to
    Taranto, inverted, at once with the invasion's destroyers, not at the end of regular combat."""
    game, inv = _supported_invasion()
    to(game, "Regular combat")
    r = ok(game, f"invasion-result {inv} {end}")
    for uid, base in (("RM-DD-Messina", "Messina"), ("Littorio", "Taranto"),
                      ("VittorioVeneto", "Taranto")):
        u = unit(game, uid)
        assert (u.at_sea, u.sea_hex, u.inverted, u.base) == ("", "", True, base), uid
    assert r.details[0] == ("Naval units back at their bases, inverted: RM-DD-Messina, Littorio, "
                          "VittorioVeneto.")


def test_R1_21_5152_only_the_surviving_ground_units_return_to_the_base_of_embarkation() -> None:
    """Case R1, 21.5152: "the surviving ground units they are carrying return to the base of embarkation"; 21.516C
    holds only those. Folgore was eliminated in the round: `--survivors Superga` sends Superga alone back to Messina,
    held there for the rest of the combat phase."""
    game, inv = _supported_invasion()
    to(game, "Regular combat")
    r = ok(game, f"invasion-result {inv} repulsed --survivors Superga")
    assert game.state.world.ops["missions"][inv]["returned"] == ["Superga"]
    assert r.details[1] == ("Superga may not move from Messina for the rest of the combat phase, exploitation included, "
                          "nor take part in attrition or offensive combat (21.516C).")
    refused(game, f"invasion-result {inv} repulsed", "already repulsed")


def test_R1_21_5152_survivors_default_to_every_invader_and_must_be_in_the_cargo() -> None:
    """21.5152: with no `--survivors` every invader returns (none was eliminated); a survivor not carried is refused."""
    game, inv = _supported_invasion()
    to(game, "Regular combat")
    refused(game, f"invasion-result {inv} repulsed --survivors Superga,Ariete",
            "invasion-result: Ariete not in the cargo of invasion-2 (Folgore, Superga)")
    ok(game, f"invasion-result {inv} repulsed")
    assert game.state.world.ops["missions"][inv]["returned"] == ["Folgore", "Superga"]


def test_21_516A_an_invasion_aborted_before_embarkation_returns_no_ground_units() -> None:
    """21.516A: aborted before the base of embarkation, nothing was embarked: no ground unit is held (21.516C names
    only units that return to the base of embarkation)."""
    game, inv = _supported_invasion()
    refused(game, f"invasion-result {inv} aborted --survivors Folgore",
            "invasion-2 was aborted before embarkation and carried no ground units; --survivors does not apply (21.516A)")
    r = ok(game, f"invasion-result {inv} aborted")
    assert game.state.world.ops["missions"][inv]["returned"] == []
    assert "nothing was embarked" in r.message and len(r.details) == 1


def test_R6_21_4182D_the_uncommitted_part_of_the_patrol_stays_until_the_end_of_regular_combat() -> None:
    """Case R6, 21.4182D: "Part of a patrolling force may remain uncommitted"; 21.4183: patrols return "at the end of
    regular combat". Littorio and VittorioVeneto join the invasion, RM-CA-Taranto stays on patrol in DD20: when the
    invasion is repulsed the two battleships go home, the cruiser stays at sea until the returns segment."""
    game = patrol_at_sea("Littorio,VittorioVeneto,RM-CA-Taranto")
    inv = intercepted(game)
    r = ok(game, f"support {inv} Littorio,VittorioVeneto")
    assert r.message.endswith("RM-CA-Taranto stay on patrol (21.4182D)")
    to(game, "Regular combat")
    ok(game, f"invasion-result {inv} repulsed")
    assert unit(game, "Littorio").at_sea == "" and unit(game, "Littorio").base == "Taranto"
    cruiser = unit(game, "RM-CA-Taranto")
    assert (cruiser.at_sea, cruiser.sea_hex, cruiser.inverted) == ("patrol", "DD20", False)
    to(game, "Patrols and missions return")
    cruiser = unit(game, "RM-CA-Taranto")
    assert (cruiser.at_sea, cruiser.base, cruiser.inverted) == ("", "Taranto", True)
