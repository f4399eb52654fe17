"""AWAW port counters (seed 004, 21.12-21.124) and the U.S. boxes' base changes (21.214)."""

from __future__ import annotations

from tests.awaw_game import awaw_game, ok, refused, to

CONSTRUCTION = "First player turn › End of player turn › Construction"


def test_21_121_usa_builds_one_port_a_turn_and_two_a_year() -> None:
    game = awaw_game()
    to(game, CONSTRUCTION, first="allies")
    refused(game, "construct britain H5 pacific Funafuti --island", "only japan and usa")
    refused(game, "construct japan H5 pacific Funafuti --island", "japan is not allies", "21.121B")
    refused(game, "construct usa H5 pacific Funafuti", "--island", "21.121C")
    ok(game, "construct usa H5 pacific Funafuti --island --group Ellice")
    base = game.state.world.bases["Funafuti"]
    assert (base.kind, base.control, base.theater, base.group) == ("port-counter", "usa", "pacific", "Ellice")
    refused(game, "construct usa H7 pacific Nukufetau --island", "one port each turn")
    ok(game, "build Essex usa fast-carrier 3 Funafuti --fast")
    assert game.state.world.units["Essex"].base == "Funafuti"  # 21.124: usable at once
    for _ in range(80):  # on to the allies' construction phase of Fall 1942
        ok(game, "next --force")
        if game.state.pending_prompt("first") is not None:
            ok(game, "answer first allies")
        if game.turn_label == "Fall 1942" and game.segment.title == CONSTRUCTION:
            break
    refused(game, "construct usa H5 pacific Atafu --island", "already a port in H5")
    ok(game, "construct usa H9 pacific Atafu --island")
    for _ in range(80):
        ok(game, "next --force")
        if game.state.pending_prompt("first") is not None:
            ok(game, "answer first allies")
        if game.turn_label == "Winter 1942" and game.segment.title == CONSTRUCTION:
            break
    refused(game, "construct usa H11 pacific Nui --island", "built 2 ports this year; at most 2")


def test_21_121_construction_only_in_the_construction_phase() -> None:
    game = awaw_game()
    to(game, "Air staging", first="allies")
    refused(game, "construct usa H5 pacific Funafuti --island", "not legal", "Construction")


def test_21_214A_the_atlantic_us_box_changes_base_only_with_western_ports_the_pacific_us_and_south_africa() -> None:
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    refused(game, "rebase India USN-DD-Lant --distance 10", "Atlantic U.S. box and India", "21.214A")
    refused(game, "rebase Atlantic U.S. RN-DD-Malta --distance 30", "Atlantic U.S. box and Malta", "21.214A")
    ok(game, "rebase Atlantic U.S. RN-DD-Rosyth --distance 30")  # a western front port
    ok(game, "rebase South Africa USN-CA-Lant --distance 10")


def test_21_121C_no_port_construction_in_the_aleutians() -> None:
    """21.121C EXCEPTION: an Aleutian island (by the data's list, or by its group) is refused; a port elsewhere is built."""
    game = awaw_game()
    to(game, CONSTRUCTION, first="allies")
    refused(game, "construct usa Q10 pacific Attu --island --group aleutians", "Aleutians", "21.121C")
    refused(game, "construct usa Q10 pacific Attu --island", "Aleutians", "21.121C")
    refused(game, "construct usa Q12 pacific Shemya --island --group Aleutians", "Aleutians", "21.121C")
    assert "Attu" not in game.state.world.bases
    ok(game, "construct usa H5 pacific Funafuti --island --group Ellice")
