"""Clauses of chapter 21 the first AWAW build left out (seed 004): returning to base and its exceptions (21.33),
transports barred after an aborted activity (21.315), submarine patrols against air and SW (21.4184C, E),
patrols from the India and Australia boxes (21.413B), the Aleutians (21.512C, 21.5151B)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_awaw_ops_engine import ok, refused, to, unit
from tui.paths import data_dir
from tui.session import create_game
from tests.conftest import fixed_clock


@pytest.fixture
def game(tmp_path: Path):
    """The bundled AWAW scenario saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def _answer_all(game, procedure: str, *values: str) -> None:
    for v in values:
        pending = [p.id for p in game.state.flow.pending if p.id.startswith(procedure + "-")]
        assert len(pending) == 1, pending
        ok(game, f"answer {pending[0]} '{v}'")


# --- 21.33 returning to base ------------------------------------------------------------------------------------


def _british_defensive_patrol_off_malta(game) -> str:
    """The Axis invade Malta; Penelope (based at Malta) intercepts and stays at sea as a defensive patrol."""
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
             '--distance 8 --supplied')
    to(game, "first-turn/combat/regular-combat")
    ok(game, "intercept DD22 Penelope --distance 1")
    ok(game, "defend DD22 Penelope")
    assert unit(game, "Penelope").at_sea == "defensive-patrol"
    return "Penelope"


def test_21_33_not_back_to_a_base_an_enemy_invasion_targets_in_the_combat_phase(game) -> None:
    _british_defensive_patrol_off_malta(game)
    refused(game, "return Penelope", "21.33")  # Malta, its base of origin, is the invasion target
    refused(game, "return Penelope --to Malta --distance 1", "only base available")
    r = ok(game, "return Penelope --to Alexandria --distance 15")
    assert unit(game, "Penelope").base == "Alexandria" and unit(game, "Penelope").inverted


def test_21_33_the_invasion_target_when_it_is_the_only_base_available(game) -> None:
    _british_defensive_patrol_off_malta(game)
    r = ok(game, "return Penelope --only")
    assert unit(game, "Penelope").base == "Malta" and unit(game, "Penelope").at_sea == ""


def test_21_33_an_aborted_invasion_no_longer_bars_its_hex(game) -> None:
    _british_defensive_patrol_off_malta(game)
    mid = next(k for k, m in game.state.world.ops["missions"].items() if m["kind"] == "invasion")
    ok(game, f"invasion-result {mid} aborted")
    ok(game, "return Penelope")
    assert unit(game, "Penelope").base == "Malta"


def test_21_33_units_operating_from_an_sw_box_return_to_the_sw_box(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol K10 KM-SS-Atlantic --distance 6")
    refused(game, "return KM-SS-Atlantic --to Brest --distance 5", "5.91")
    ok(game, "return KM-SS-Atlantic")
    assert unit(game, "KM-SS-Atlantic").base == "Atlantic SW"


# --- 21.315 transports barred after an aborted activity ----------------------------------------------------------

BOX_TRANSPORT = ('transport "Atlantic U.S." Liverpool --cargo "1 Inf:1" --by USN-DD-Lant,USN-TR-Lant --distance 30 '
                 '--legs 15,15')


def test_21_315_an_aborted_transport_with_transports_bars_transports_to_its_destination(game) -> None:
    to(game, "second-turn/movement/sea-transport")
    mid = ok(game, BOX_TRANSPORT).message.split(":")[0]
    r = ok(game, f"transport-result {mid} before")
    assert "no transports may be used for naval operations relating to Liverpool" in r.message and "21.315" in r.message
    assert game.state.world.ops["barred"] == ["Liverpool"]
    to(game, "second-turn/movement/initial-supply")
    refused(game, "grant-brp usa 5 --by RN-TR-Atlantic --to Liverpool", "21.315")
    ok(game, "grant-brp usa 5 --by RN-TR-Atlantic --to Plymouth")  # another destination is unaffected


def test_21_315_an_aborted_transport_by_destroyers_alone_bars_nothing(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    mid = ok(game, 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12').message.split(":")[0]
    ok(game, f"transport-result {mid} before")
    assert "barred" not in game.state.world.ops


# --- 21.4184C, E submarine patrols at sea in the opposing player turn --------------------------------------------


def _sub_patrol(game, line: str, n: int) -> None:
    ok(game, line)
    for v in ("no interception", "remain at sea", "no interception"):
        pending = [p.id for p in game.state.flow.pending if p.id.startswith(f"patrol-{n}-")]
        ok(game, f"answer {pending[0]} '{v}'")


def test_21_4184E_german_submarines_leave_the_western_front_when_germany_wages_sw_in_the_atlantic(game) -> None:
    """KM-SS-Atlantic is in the Atlantic SW box (proposed ruling A12: Germany conducts SW there), so the U-boats
    patrolling from Brest (western front) return; the Italian submarine in the Mediterranean may stay."""
    to(game, "first-turn/movement/naval-movement")
    _sub_patrol(game, "patrol J15 KM-SS-Brest --distance 6", 1)
    _sub_patrol(game, "patrol Y30 RM-SS-1 --distance 12", 2)
    to(game, "first-turn/combat/return-to-base")
    brest, italian = unit(game, "KM-SS-Brest"), unit(game, "RM-SS-1")
    assert (brest.at_sea, brest.inverted) == ("", True)
    assert italian.at_sea == "patrol"
    from tests.awaw_core_fixtures import tables
    from tui.rules.awaw import submarines as S
    why = S.must_return(brest, "western", [unit(game, "KM-SS-Atlantic")], tables())
    assert "may not remain on patrol on the western front" in why and "21.4184E" in why


def test_21_4184E_without_sw_in_the_atlantic_the_u_boats_may_stay(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    ok(game, "sink KM-SS-Atlantic")  # no German submarine left in the Atlantic SW box
    _sub_patrol(game, "patrol J15 KM-SS-Brest --distance 6", 1)
    to(game, "first-turn/combat/return-to-base")
    assert unit(game, "KM-SS-Brest").at_sea == "patrol"


def test_21_4184E_a_typed_front_decides(game) -> None:
    """A patrol typed as on the Mediterranean front is not the western front 21.4184E names."""
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol J15 KM-SS-Brest --distance 6 --front atlantis", "not a front")
    _sub_patrol(game, "patrol J15 KM-SS-Brest --distance 6 --front mediterranean", 1)
    to(game, "first-turn/combat/return-to-base")
    assert unit(game, "KM-SS-Brest").at_sea == "patrol"


def test_21_4184C_land_based_air_attacks_a_patrolling_submarine_once(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    _sub_patrol(game, "patrol Y30 RM-SS-1 --distance 12", 1)
    to(game, "second-turn/movement/air-staging")
    refused(game, "sub-air RM-SS-1 --with carrier", "21.4184C")
    refused(game, "sub-air RM-DD-Naples", "not a submarine on patrol")
    r = ok(game, "sub-air RM-SS-1")
    assert "single sortie" in r.message
    refused(game, "sub-air RM-SS-1", "single sortie")
    to(game, "second-turn/movement/naval-movement")
    refused(game, "sub-air RM-SS-1", "already been attacked")


# --- 21.413B patrols from the India and Australia boxes --------------------------------------------------------------


def test_21_413B_a_patrol_from_the_india_box_counts_the_eight_hexes_to_the_board_edge(game) -> None:
    """Proposed ruling A13: the distance is typed from the board edge; the app adds the box's eight hexes (Pacific:
    20 hexes at most, a port every 10)."""
    to(game, "second-turn/movement/naval-movement")
    refused(game, "patrol CC10 RN-DD-India --distance 13 --legs 2,11 --ports Colombo", "21 hexes is beyond the 20-hex limit")
    refused(game, "patrol CC10 RN-DD-India --distance 12 --legs 3,9 --ports Colombo", "leg 1 crosses 11 hexes")
    r = ok(game, "patrol CC10 RN-DD-India --distance 12 --legs 2,10 --ports Colombo")
    assert "20 hexes" in r.message
    check = r.explanations[0]
    assert check.value == 20 and [t.value for t in check.terms if t.label.startswith("leg")] == [10, 10]
    assert any("8 hexes from the India box to the board edge" in n and "A13" in n for n in check.notes)


def test_21_413A_no_patrols_from_the_us_and_south_africa_boxes(game) -> None:
    to(game, "second-turn/movement/naval-movement")
    refused(game, "patrol K10 USN-DD-Lant --distance 5", "21.413A")


# --- 21.512C, 21.5151B the Aleutians ------------------------------------------------------------------------------


def test_21_512C_japan_invading_dutch_harbor_from_japan_passes_through_a_held_aleutian_island() -> None:
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import invasion as I
    from tui.rules.core.errors import RuleError

    t = ops_tables()
    assert I.from_japan([("Yokosuka", "japan")], t) and not I.from_japan([("Truk", "carolines")], t)
    with pytest.raises(RuleError, match=r"--via ISLAND \(21.512C\)"):
        I.check_dutch_harbor("Dutch Harbor", "japan", True, "", False, t)
    with pytest.raises(RuleError, match="not another Aleutian island"):
        I.check_dutch_harbor("Dutch Harbor", "japan", True, "Midway", True, t)
    with pytest.raises(RuleError, match="control and fully supply Kiska"):
        I.check_dutch_harbor("Dutch Harbor", "japan", True, "Kiska", False, t)
    assert I.check_dutch_harbor("Dutch Harbor", "japan", True, "Kiska", True, t).value is True
    # from elsewhere, or another target, the condition does not apply
    assert I.check_dutch_harbor("Dutch Harbor", "japan", False, "", False, t).value is True
    assert I.check_dutch_harbor("Attu", "japan", True, "", False, t).value is True


def test_21_5151B_an_aleutian_island_is_recognised_without_the_flag() -> None:
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import invasion as I
    from tui.rules.core.errors import RuleError

    t = ops_tables()
    assert I.is_aleutian("kiska", t) and not I.is_aleutian("Malta", t)
    with pytest.raises(RuleError, match="21.5151B"):
        I.check_winter(True, ("pacific",), I.is_aleutian("Attu", t), t)


# --- 21.5331 raiders placed at the opening setup, 21.531C the front of a raid's BRPs -----------------------------


def test_21_5331_setup_raiders_raid_from_the_sw_box_in_fall_1939_for_one_brp_each() -> None:
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import raiders as R
    from tui.rules.core.errors import RuleError

    t = ops_tables()
    line = R.check_setup_raider("KM-Scheer", "Scheer", "germany", "Atlantic SW", "Fall 1939", t)
    assert "1 BRP (21.5331)" in line
    with pytest.raises(RuleError, match=r"raiders move from port to the SW box \(21.533B\)"):
        R.check_setup_raider("Hipper", "Admiral Hipper", "germany", "Atlantic SW", "Fall 1939", t)
    with pytest.raises(RuleError, match=r"raids in the Fall 1939 combat phase, not Summer 1942 \(21.5331\)"):
        R.check_setup_raider("Lutzow", "Lutzow", "germany", "Atlantic SW", "Summer 1942", t)


def test_21_531C_a_raid_pays_on_its_base_front_else_the_sw_box_front() -> None:
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import raiders as R

    t = ops_tables()
    assert R.raid_front([("western",)], "Atlantic SW", t)[0] == "western"
    front, why = R.raid_front([("western", "eastern")], "Atlantic SW", t)  # Kiel/Hamburg: the SW box's front
    assert front == "western" and "A15" in why
    assert R.raid_front([("mediterranean",)], "Indian Ocean SW", t)[0] == "mediterranean"


def test_21_531C_the_raid_names_its_brps_and_front(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert "BRPs for 6 naval factors on the western front" in r.message


# --- 21.414B joint patrols -------------------------------------------------------------------------------------------


def test_21_414B_a_joint_patrol_from_two_bases_checks_each_route(game) -> None:
    """Messina's cruiser and Taranto's destroyers patrol Y20 together (proposed ruling A16: each contingent is checked
    as it leaves its base; each route from its own base)."""
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol Y20 RM-CA-Messina RM-DD-Taranto --distance 9", "types the distance from each base")
    refused(game, "patrol Y20 RM-CA-Messina RM-DD-Taranto --distance Messina=9", "from Taranto too")
    refused(game, "patrol Y20 RM-CA-Messina RM-DD-Taranto --distance Messina=9,Taranto=41", "41 hexes is beyond the 40-hex limit")
    refused(game, "patrol Y20 RM-CA-Messina RM-DD-Taranto --distance Messina=9,Taranto=25", "leg 1 crosses 25 hexes")
    r = ok(game, "patrol Y20 RM-CA-Messina RM-DD-Taranto --distance Messina=9,Taranto=15+10")
    assert "Patrol 1: RM-CA-Messina, RM-DD-Taranto to Y20, 25 hexes" in r.message
    assert [e.name.rsplit(" from ", 1)[-1] for e in r.explanations[:2]] == ["Messina", "Taranto"]
    assert unit(game, "RM-CA-Messina").base == "Messina" and unit(game, "RM-DD-Taranto").at_sea == "patrol"  # 21.415


def test_21_414B_each_contingent_of_ten_or_more_factors_must_be_a_task_force(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, "patrol Y20 RM-CA-Messina Doria Duilio RM-CA-Taranto RM-DD-Taranto --distance Messina=9,Taranto=15",
            "must be one task force")


# --- 21.37 islands without port access ---------------------------------------------------------------------------


def test_21_37A_sea_transport_to_a_controlled_one_hex_island(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    line = 'transport Naples Pantelleria --cargo "Pavia:3" --by RM-DD-Naples --distance 12 --island-end Pantelleria'
    refused(game, line, "confirm with --island-held (21.37, 21.435D)")
    refused(game, line.replace("--island-end Pantelleria", "--island-end Lampedusa --island-held"), "no base")
    r = ok(game, line + " --island-held")
    assert "Naples → Pantelleria" in r.message
    assert any("one-hex island without a port (21.37A)" in t.label for e in r.explanations if e.rule == "21.37" for t in e.terms)


def test_21_37B_the_named_islands_use_their_beach_hexes_as_ports() -> None:
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import islands as I

    assert "as though they were a port (21.37B)" in I.island_kind("Palawan", ops_tables())
    assert "(21.37A)" in I.island_kind("Pantelleria", ops_tables())


def test_21_37_an_invasion_from_a_controlled_island(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'invade Malta Pantelleria --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
                 '--distance 6 --supplied --island-end Pantelleria --island-held')
    mid = r.message.split(":")[0]
    assert game.state.world.ops["missions"][mid]["from"] == ["Pantelleria"]


def test_21_37_an_escort_out_of_an_island(game) -> None:
    to(game, "first-turn/redeployment/naval-redeployment")
    r = ok(game, 'escort Pantelleria Naples --cargo "Pavia:3" --by RM-DD-Naples --reach 6 --island-end Pantelleria --island-held')
    assert "Pantelleria → Naples" in r.message


def test_21_37_the_word_island_stands_for_the_island_named(game) -> None:
    to(game, "first-turn/redeployment/naval-redeployment")
    refused(game, 'escort island Naples --cargo "Pavia:3" --by RM-DD-Naples --reach 6', "--island-end NAME")
    r = ok(game, 'escort island Naples --cargo "Pavia:3" --by RM-DD-Naples --reach 6 --island-end Pantelleria --island-held')
    assert "Pantelleria → Naples" in r.message


def test_21_33_21_37_the_naval_mode_forms_send_the_new_options() -> None:
    from tui.rules.awaw.naval_actions import NAVAL_ACTIONS
    from tui.rules.awaw.naval_ops_actions import OPS_ACTIONS
    from tui.rules.core.actions import render

    acts = {a.id: a for a in OPS_ACTIONS}
    words = render(acts["escort-from-island"], {"island": "New Ireland", "held": True, "to": "Rabaul", "cargo": "1 Inf:2",
                                                "reach": 3}, {"units": "DD1"})
    assert words == ["escort", "New Ireland", "Rabaul", "--island-end=New Ireland", "--island-held", "--cargo=1 Inf:2",
                     "--by=DD1", "--reach=3"]
    assert {"transport-to-island", "transport-from-island", "escort-to-island", "invade-from-island"} <= set(acts)
    back = next(a for a in NAVAL_ACTIONS if a.id == "return")
    assert render(back, {"to": "", "distance": None, "only": True}, {"units": "Penelope"}) == ["return", "Penelope", "--only"]


def test_21_512C_the_via_option_reads_its_value() -> None:
    from tui.engine.command import parse

    cmd = parse("invade 'Dutch Harbor' Yokosuka --via Kiska --via-held --island-end Attu")
    assert cmd.options["via"] == "Kiska" and cmd.options["via-held"] is True and cmd.options["island-end"] == "Attu"


# --- 21.443D harbor attack losses -----------------------------------------------------------------------------------


def test_21_443D_harbor_attack_losses_damage_and_sink_ships_in_the_target_port(game) -> None:
    to(game, "second-turn/movement/harbor-attacks")
    ok(game, "harbor britain Taranto aircraft from Illustrious")
    for _ in range(2):
        pending = [p.id for p in game.state.flow.pending if p.id.startswith("harbor-")]
        ok(game, f"answer {pending[0]} yes")
    pending = [p.id for p in game.state.flow.pending if p.id.startswith("harbor-")]
    r = ok(game, f"answer {pending[0]} 'ships sunk and damaged'")
    assert "harbor-losses Taranto" in r.message
    refused(game, "harbor-losses Taranto", "--damaged A,B --sunk C")
    refused(game, "harbor-losses Taranto --sunk RM-CA-Messina", "not in port at Taranto")
    refused(game, "harbor-losses Taranto --sunk Doria --damaged Doria", "both damaged and sunk")
    r = ok(game, "harbor-losses Taranto --damaged Duilio,RM-CA-Taranto --sunk Doria")
    assert unit(game, "Duilio").damaged and unit(game, "Doria").sunk and unit(game, "Doria").note.startswith("sunk in port")
    assert "21.23G" in " ".join(r.details)


# --- 21.232 interception of displaced naval units -----------------------------------------------------------------


def test_21_232_displaced_units_engaged_on_the_way_may_not_abort(game) -> None:
    to(game, "first-turn/movement/ground-movement")
    ok(game, "control Messina britain")
    r = ok(game, "displace Messina Naples RM-CA-Messina --distance 5")
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("displace-"))
    assert pid in r.message and "21.232" in r.message
    refused(game, f"answer {pid} abort", "not")
    r = ok(game, f"answer {pid} 'withdrew together'")
    assert "in their entirety" in r.message and "same route to Naples (21.232B)" in r.message
    assert unit(game, "RM-CA-Messina").base == "Naples" and unit(game, "RM-CA-Messina").inverted  # 21.233


def test_21_5331_the_setup_raiders_are_reminded_to_raid_in_fall_1939() -> None:
    from tests.awaw_core_fixtures import tables
    from tests.awaw_ops_fixtures import ops_tables
    from tui.rules.awaw import raiders as R
    from tui.rules.awaw.units import NavalUnit

    scheer = NavalUnit("Scheer", "Admiral Scheer", "germany", "germany", "cruiser-2", 2, fast=True, base="Atlantic SW")
    hipper = NavalUnit("Hipper", "Admiral Hipper", "germany", "germany", "cruiser-2", 2, fast=True, base="Atlantic SW")
    raiding = scheer.change(id="Lutzow", name="Lutzow", at_sea="raiding")
    units = [scheer, hipper, raiding]
    assert R.waiting_setup_raiders(units, "Fall 1939", "axis", tables(), ops_tables()) == ["Scheer"]
    assert R.waiting_setup_raiders(units, "Winter 1939", "axis", tables(), ops_tables()) == []
    assert R.waiting_setup_raiders(units, "Fall 1939", "allies", tables(), ops_tables()) == []


def test_21_33_another_base_must_have_been_friendly_at_the_start_of_the_player_turn(game) -> None:
    """Malta taken during the Axis movement phase was British when the player turn began: the invasion force may not
    return there in the combat phase, though Italy held it when the phase began."""
    to(game, "first-turn/movement/ground-movement")
    ok(game, "control Malta italy")
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'invade U19 Messina --hex-kind beach --cargo "Pavia:2" --by RM-DD-Messina --distance 8 --supplied')
    to(game, "first-turn/combat/regular-combat")
    assert game.state.world.bases["Malta"].control_at_start == "italy"  # control at the start of the phase
    refused(game, "return RM-DD-Messina --to Malta --distance 5", "start of the player turn (21.33)")
    ok(game, "return RM-DD-Messina --to Taranto --distance 12")
    assert unit(game, "RM-DD-Messina").base == "Taranto"


def test_21_33_a_defensive_patrol_off_an_invaded_base_is_not_sent_home_by_the_return_step(game) -> None:
    _british_defensive_patrol_off_malta(game)
    to(game, "first-turn/combat/return-to-base")
    assert unit(game, "Penelope").at_sea == "defensive-patrol"  # Malta is the invasion target: the referee decides
    assert not unit(game, "RM-DD-Messina").at_sea  # the invaders themselves went home (21.4183)
    ok(game, "return Penelope --to Alexandria --distance 15")
    assert unit(game, "Penelope").base == "Alexandria"
