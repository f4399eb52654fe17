"""The bundled Pacific scenario (awaw-pacific-1942, issue 20 "The Pacific playable"): it loads, says its factors are
illustrative, and the Pacific clauses of chapter 21 play on its data through the engine: ranges (21.3613-21.3617,
21.16, 21.413B), the Hawaiian and Japanese range exceptions (21.3615A, 21.3616A, C), the Pacific U.S. box
(21.15, 21.214B, 21.433B, 21.512B), the Aleutians (21.121C, 21.512C), port counters in Pacific island groups
(21.121-21.124), Japanese raiders (21.532, 21.5342) and the Indian Ocean route from Suez (21.215)."""

from __future__ import annotations

import tomllib

import msgspec
from msgspec.structs import replace
import pytest

from tests.awaw_game import ok, refused
from tests.conftest import fixed_clock
from tui.engine.setup import load_ruleset, load_scenario, scenario_paths
from tui.paths import data_dir
from tui.rules.awaw.ranges import exception_use, held_by, indian_ocean_note
from tui.session import memory_game

SCENARIO = "awaw-pacific-1942"


def pacific(first: str = "axis"):
    """A new Pacific game in memory, the initiative answered ``first``, in the patrols and base changes segment."""
    game = memory_game(data_dir(), "awaw", SCENARIO, seed=1, clock=fixed_clock)
    ok(game, f"answer first {first}")
    walk(game, "first-turn/movement/naval-movement")
    return game


def walk(game, key: str) -> None:
    """``next --force`` until the segment ``key``."""
    for _ in range(80):
        if game.segment.key == key:
            return
        ok(game, "next --force")
    raise AssertionError(f"never reached {key}")


def test_issue20_the_pacific_scenario_loads_with_its_boxes_groups_and_three_navies() -> None:
    rs = load_ruleset("awaw", data_dir())
    scen = load_scenario(data_dir(), SCENARIO)
    assert scen.info.ruleset == "awaw" and scen.info.start == "Summer 1942"
    world = rs.world_from_scenario(scen.raw, scen.path.name)
    assert {u.power for u in world.units.values()} == {"japan", "usa", "britain"}
    assert {"Pacific U.S.", "Australia", "India", "South Africa", "Pacific SW", "Indian Ocean SW"} <= set(world.bases)
    assert {b.kind for b in world.bases.values() if b.name in ("Pacific SW", "Indian Ocean SW")} == {"sw-box"}
    assert {n for n, b in world.bases.items() if b.theater != "pacific"} == {"Suez", "South Africa"}
    groups = {b.group for b in world.bases.values()}
    assert {"japan", "hawaiian", "society", "aleutians"} <= groups
    assert world.bases["Singapore"].hex == "DD11" and world.hex_control["DD11"] == "japan"  # 21.211H
    assert world.units["Yamato"].type == "battleship-5" and world.units["Musashi"].inverted  # 21.34
    assert world.drm == {"japan": 1, "usa": 0, "britain": 2, "australia": 2, "newzealand": 2, "france": 0, "germany": 0,
                         "italy": -1, "ussr": -1}
    assert {u.nation for u in world.units.values()} <= set(world.drm)  # every navy has its DRM (21.526)
    assert SCENARIO in [p.stem for p in scenario_paths(data_dir())]


@pytest.mark.parametrize("name", ["awaw-mediterranean-1942", SCENARIO])
def test_issue20_both_awaw_scenarios_say_plainly_that_their_factors_are_illustrative(name: str) -> None:
    path = data_dir() / "scenarios" / f"{name}.toml"
    info = tomllib.loads(path.read_text(encoding="utf-8"))["scenario"]
    assert info["illustrative"] is True and "(illustrative)" in info["name"]
    assert info["note"].startswith("Illustrative: not an official A World at War scenario. Factors")
    assert path.read_text(encoding="utf-8").startswith("# ILLUSTRATIVE scenario")


# --- ranges in the Pacific (21.3613, 21.3614, 21.3617, 21.16, 21.413B) --------------------------------------------


def test_21_3613_a_pacific_base_change_is_at_most_20_hexes() -> None:
    game = pacific()
    refused(game, "rebase Saipan IJN-DD-Truk --distance 21", "21.223")
    assert "8 hexes" in ok(game, "rebase Saipan IJN-DD-Truk --distance 8").message


def test_21_3614_a_pacific_patrol_touches_a_port_every_10_hexes() -> None:
    game = pacific()
    refused(game, "patrol EE30 Kongo,Haruna,IJN-CA-Truk --distance 12", "leg 1 crosses 12 hexes", "the most is 10")
    refused(game, "patrol EE30 Kongo,Haruna,IJN-CA-Truk --distance 21 --legs 11,10 --ports Rabaul", "beyond the 20-hex limit")
    assert "Patrol 1" in ok(game, "patrol EE30 Kongo,Haruna,IJN-CA-Truk --distance 12 --legs 6,6 --ports Rabaul").message


def test_21_3617_port_moresby_meets_the_port_requirement_for_five_hexes_only() -> None:
    game = pacific("allies")
    walk(game, "first-turn/movement/sea-transport")
    line = 'transport "Port Moresby" Townsville --cargo "7 Aus Inf:1" --by RAN-DD-Moresby --distance 9 --legs 6,3 --ports "Port Moresby",Townsville'
    refused(game, line, "leg 1 crosses 6 hexes", "the most is 5")
    ok(game, line.replace("--legs 6,3", "--legs 5,4"))


def test_21_16_21_413B_a_patrol_from_the_australia_box_counts_eight_hexes_to_the_board_edge() -> None:
    game = pacific("allies")
    refused(game, "patrol NN20 HMAS-Australia,RAN-CA,RAN-DD --distance 3", "leg 1 crosses 11 hexes")
    result = ok(game, "patrol NN20 HMAS-Australia,RAN-CA,RAN-DD --distance 2")
    assert "10 hexes" in result.message


# --- the Hawaiian and Japanese range exceptions (21.3615A, 21.3616A, 21.3616C) -------------------------------------


def test_21_3616A_the_first_leg_from_japan_crosses_20_hexes_only_for_japan_and_only_from_japan() -> None:
    game = pacific()
    kido = "Shokaku,Zuikaku,Zuiho,Kirishima,IJN-CA-Yokosuka,IJN-DD-Yokosuka"
    refused(game, f"patrol R30 {kido} --distance 18", "leg 1 crosses 18 hexes", "the most is 10")
    refused(game, "patrol R30 Kongo,Haruna,IJN-CA-Truk --distance 18 --exception japan",
            "must begin in the japan island group", "Truk (island group carolines)", "21.3616A")
    result = ok(game, f"patrol R30 {kido} --distance 18 --exception japan")
    checks = {e.name: e for e in result.explanations}
    assert [t.label for t in checks["range exception japan"].terms] == ["naval units of japan", "begins in the japan island group"]


def test_21_3616A_western_allied_units_may_not_name_the_japanese_exception() -> None:
    game = pacific("allies")
    refused(game, "patrol Q38 Enterprise,Hornet,USN-CA-Pearl,USN-DD-Pearl --distance 14 --exception japan",
            "for japan naval units only, not usa", "21.3616A")


def test_21_3615A_the_hawaiian_15_hex_leg_needs_midway_and_johnston_island_and_20_also_wake() -> None:
    game = pacific("allies")
    tf16 = "Enterprise,Hornet,USN-CA-Pearl,USN-DD-Pearl"
    refused(game, f"patrol Q38 {tf16} --distance 19 --exception hawaii-20", "Wake is held by japan, not by the allies")
    refused(game, f"patrol Q38 {tf16} --distance 16 --exception hawaii-15", "leg 1 crosses 16 hexes", "the most is 15")
    refused(game, "patrol KK30 Saratoga,Wasp,NorthCarolina,USN-CA-Noumea,USN-DD-Noumea --distance 14 --exception hawaii-15",
            "must begin in the hawaiian island group", "Noumea is not there")
    result = ok(game, f"patrol Q38 {tf16} --distance 15 --exception hawaii-15")
    [used] = [e for e in result.explanations if e.name == "range exception hawaii-15"]
    assert "Midway held by usa" in [t.label for t in used.terms] and "Johnston Island held by usa" in [t.label for t in used.terms]
    assert any("fully supplied: Midway, Johnston Island" in n for n in used.notes)


def test_21_3615A_taking_johnston_island_closes_the_hawaiian_exception() -> None:
    game = pacific("allies")
    ok(game, 'control "Johnston Island" japan')
    refused(game, "patrol Q38 Enterprise,Hornet,USN-CA-Pearl,USN-DD-Pearl --distance 14 --exception hawaii-15",
            "Johnston Island is held by japan", "21.3615A")


def test_21_3616C_21_512C_japan_invades_dutch_harbor_from_japan_through_kiska() -> None:
    game = pacific()
    walk(game, "first-turn/combat/naval-missions")
    line = 'invade "Dutch Harbor" Ominato --hex-kind beach --cargo "North Seas Det:2" --by IJN-DD-Ominato --distance 19'
    refused(game, line, "--via ISLAND (21.512C)")
    refused(game, line + " --via Kiska --via-held", "leg 1 crosses 19 hexes")
    refused(game, "invade Attu Truk --hex-kind one-hex-island --cargo \"SNLF:1\" --by IJN-DD-Truk --distance 19 "
            "--exception aleutians-japan", "must begin in the japan island group or the aleutians island group")
    assert "invade-" in ok(game, line + " --via Kiska --via-held --exception aleutians-japan").message


# --- the Pacific U.S. box and the Hawaiian Islands (21.15, 21.214B, 21.433B, 21.512B) --------------------------------


def test_21_214B_the_pacific_us_box_changes_base_with_pearl_harbor_not_noumea() -> None:
    game = pacific("allies")
    refused(game, "rebase Noumea Maryland --distance 20", "not permitted", "21.214B")
    assert "not inverted (21.224)" in ok(game, 'rebase "Pearl Harbor" Maryland --distance 20').message


def test_21_15C_units_in_the_pacific_us_box_may_not_patrol() -> None:
    game = pacific("allies")
    refused(game, "patrol Z50 Colorado,Maryland,USN-DD-West --distance 5", "Pacific U.S. box", "21.15")


def test_21_433B_sea_transport_from_the_pacific_us_box_to_the_hawaiian_islands_uses_pacific_sw_transports() -> None:
    game = pacific("allies")
    walk(game, "first-turn/movement/sea-transport")
    line = 'transport "Pacific U.S." "Pearl Harbor" --cargo "27 Inf:3" --by USN-DD-West --distance 9'
    refused(game, line, "needs 1 transport: 0 chosen")
    result = ok(game, line.replace("USN-DD-West", "USN-DD-West,USN-TR-Pac"))
    assert "needs 6 destroyer factors, 1 transport (21.434)" in result.message
    refused(game, 'transport "Pacific U.S." Noumea --cargo "2 Mar:2" --by USN-DD-West,USN-TR-Pac --distance 9', "21.433")


def test_21_512B_dutch_harbor_may_not_be_used_as_a_base_for_seaborne_invasions() -> None:
    game = pacific("allies")
    walk(game, "first-turn/combat/naval-missions")
    refused(game, 'invade Attu "Dutch Harbor" --hex-kind one-hex-island --cargo "4 Inf:1" --by USN-DD-Dutch --distance 8',
            "21.512B")


# --- port counters in Pacific island groups (21.121-21.124) ----------------------------------------------------------


def test_21_121C_a_port_counter_in_the_society_islands_then_a_base_change_to_it_21_214B_21_124() -> None:
    game = pacific("allies")
    walk(game, "first-turn/end-player-turn/construction")
    refused(game, "construct usa L35 pacific Kiska --island", "not be constructed in the Aleutians", "21.121C")
    refused(game, "construct usa Y31 pacific Wake --island --group wake", "Wake (Y31) is held by japan", "21.121C")
    refused(game, "construct usa U37 pacific Sand Island --island", "already a port in U37", "21.121C")
    refused(game, "construct japan KK45 pacific Bora Bora --island", "21.121B")
    result = ok(game, "construct usa KK45 pacific Bora Bora --island --group society")
    assert "3 RPs and 10 BRPs" in result.message and "usable at once (21.124)" in result.message
    bora = game.state.world.bases["Bora Bora"]
    assert (bora.kind, bora.group, bora.control, bora.theater) == ("port-counter", "society", "usa", "pacific")
    refused(game, "construct usa KK44 pacific Raiatea --island --group society", "already built a port this turn")
    # 21.214B names the Society Islands: the Pacific U.S. box changes base with the new port counter next turn
    walk(game, "second-turn/end-player-turn/uninversion")
    ok(game, "next --force")
    ok(game, "answer first allies")
    walk(game, "first-turn/movement/naval-movement")
    assert "Pacific U.S. → Bora Bora" in ok(game, 'rebase "Bora Bora" Maryland --distance 12').message


def test_21_121C_japan_builds_in_the_gilberts_in_its_own_construction_phase() -> None:
    game = pacific()
    walk(game, "first-turn/end-player-turn/construction")
    refused(game, "construct japan Z40 pacific Tarawa", "confirm with --island")
    ok(game, "construct japan Z40 pacific Tarawa --island --group gilberts")
    assert game.state.world.bases["Tarawa"].control == "japan"


# --- Japanese raiders (21.532, 21.5342) ------------------------------------------------------------------------------


def test_21_532C_japanese_raiders_from_singapore_into_the_indian_ocean_with_the_singapore_modifier() -> None:
    game = pacific()
    walk(game, "first-turn/combat/naval-missions")
    refused(game, 'raid "Indian Ocean SW" --by Yamato', "five-factor battleships", "21.532A")
    refused(game, 'raid "Pacific SW" --by Kongo,Haruna', "may not raid the Pacific SW SW box from Truk", "21.532D")
    result = ok(game, 'raid "Indian Ocean SW" --by Kumano,Suzuya')
    mid = result.message.split(":")[0]
    assert "raider group 1 in the Indian Ocean SW box: Kumano, Suzuya (2 ships)" in result.message
    engaged = ok(game, f"raid-engage {mid} --dice 4")
    [modifier] = [e for e in engaged.explanations if e.name.startswith("Raider Table modifier")]
    assert [(t.label, t.value) for t in modifier.terms] == [("automatic", -3), ("Japanese raiders based in Singapore", 1)]
    assert f"{mid} attempt 1: 2 defending ships may engage" in engaged.message  # 4 - 3 + 1
    assert game.events[-1]["actor"] == "allies"  # 21.5341: the defender engages the raiders, not the raiding player
    ships = ok(game, f"raid-ships {mid} 2,1")
    assert "a 2-factor cruiser" in ships.message and game.events[-1]["actor"] == "allies"
    assert any("Illustrious" in d and "RN-CA-Cape" in d for d in ships.details)  # India and South Africa boxes (21.17, 21.18C)


def test_21_5342_a_japanese_raider_based_elsewhere_takes_no_singapore_modifier() -> None:
    """The +1 is for Japanese raiders based in Singapore: a group raiding from Colombo (21.532C) does not take it."""
    game = memory_game(data_dir(), "awaw", SCENARIO, seed=1, clock=fixed_clock)
    ok(game, "control Colombo japan")
    ok(game, "answer first axis")
    walk(game, "first-turn/movement/naval-movement")
    ok(game, "rebase Colombo Kumano --distance 10")
    walk(game, "first-turn/combat/naval-missions")
    mid = ok(game, 'raid "Indian Ocean SW" --by Kumano').message.split(":")[0]
    engaged = ok(game, f"raid-engage {mid} --dice 4")
    [modifier] = [e for e in engaged.explanations if e.name.startswith("Raider Table modifier")]
    assert [t.label for t in modifier.terms] == ["automatic"]
    assert f"{mid} attempt 1: 1 defending ships may engage" in engaged.message


# --- the Indian Ocean route (21.215) ----------------------------------------------------------------------------------


def test_21_215_a_base_change_from_suez_to_the_india_box_reminds_of_the_indian_ocean_rules() -> None:
    game = pacific("allies")
    result = ok(game, "rebase India RN-DD-Suez --distance 30")
    assert any(d.startswith("21.215: Suez → India runs through the Indian Ocean") for d in result.details)
    assert "between theaters" in result.message  # 21.224: Suez is in Europe, the India box in the Pacific
    other = ok(game, 'rebase Colombo RN-CA-Cape --distance 30')
    assert not any("21.215" in d for d in other.details)


# --- the pure checks behind these, on the Pacific world -----------------------------------------------------------------


def test_21_3615A_an_island_the_scenario_does_not_record_is_left_to_the_referee() -> None:
    game = pacific("allies")
    world = game.state.world
    t = game.ruleset.tables
    tf16 = [world.units[i] for i in ("Enterprise", "Hornet", "USN-CA-Pearl", "USN-DD-Pearl")]
    unrecorded = replace(world, hex_control={k: v for k, v in world.hex_control.items() if k != "Johnston Island"})
    used = exception_use("hawaii-15", tf16, unrecorded, t)
    assert used is not None and [term.label for term in used.terms] == ["naval units of britain, usa, france",
                                                                        "begins in the hawaiian island group",
                                                                        "Midway held by usa"]
    assert used.notes[0] == "Johnston Island: the scenario does not record who holds it; the referee confirms (21.3615A)"
    assert exception_use("", tf16, world, t) is None and exception_use("hawaii-15", [], world, t) is None
    assert exception_use("not-at-war", tf16, world, t).terms == ()  # no condition: anyone, anywhere


def test_21_3615A_a_base_of_that_name_says_who_holds_the_island() -> None:
    game = pacific("allies")
    world = game.state.world
    assert held_by(world, "midway") == "usa"  # [hex_control], any case
    assert held_by(world, "Pearl Harbor") == "usa" and held_by(world, "X43") == "usa"  # a base, by name or hex (A6)
    assert held_by(world, "Howland") is None


def test_21_215_only_suez_basra_and_abadan_to_the_indian_ocean_boxes_carry_the_reminder() -> None:
    t = pacific().ruleset.tables
    assert indian_ocean_note("Basra", "Indian Ocean SW", t)[0].startswith("21.215: Basra → Indian Ocean SW")
    assert indian_ocean_note("australia", "ABADAN", t)  # either way, any case
    assert indian_ocean_note("Suez", "Malta", t) == () and indian_ocean_note("Colombo", "India", t) == ()
    assert indian_ocean_note("Suez", "India", msgspec.structs.replace(t, indian_ocean=None)) == ()  # an older house-rule file
