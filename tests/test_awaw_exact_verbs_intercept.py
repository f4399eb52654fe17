"""Exact tests of the AWAW defender's verbs (seed 004, 21.3611, 21.41x): ``intercept``, ``defend`` and ``sub-air``
word for word, guarding ``tui/rules/awaw/verbs_intercept.py``. The bundled game: the Italian cruiser at Messina patrols
to Y20 in the Axis patrol segment; the British at Malta intercept."""

from __future__ import annotations

from tests.awaw_game import awaw_game, ok, refused, to

SAID = ("{units} intercept in {hex}, {n} hexes: resolve the Naval Interception Table and any naval combat, then type the "
        "result (RULINGS A2; 21.3611)")
DETAIL = ["Victors over a patrol may stay as a defensive patrol: defend HEX UNITS (21.4191)",
          "No interception on the table? Type the attempt with --missed (21.4193 limits successes)"]
MISSED = ("{units} attempted interception in {hex}, {n} hexes: missed, the Naval Interception Table gave no interception "
          "(21.3611, 22.14)")


def _patrolling():
    """The game with patrol 1 (RM-CA-Messina to Y20) announced."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    ok(game, "patrol Y20 RM-CA-Messina --distance 9")
    return game


def _figures(result) -> list[tuple]:
    """A result's explained figures as (name, value, rule, notes)."""
    return [(e.name, e.value, e.rule, e.notes) for e in result.explanations]


def test_21_3611_intercept_refusals() -> None:
    """21.3611: the usage; the non-phasing side's units (21.232); no interception from a box that forbids it (21.14,
    21.413A); an inverted unit (21.31); a front of the game (21.1324); a known mission as target (21.533D)."""
    game = _patrolling()
    assert refused(game, "intercept Y20").message == "usage: intercept HEX UNITS --distance N [--straits ..] [--missed] (21.3611)"
    assert refused(game, "intercept Y20 RM-CA-Taranto --distance 3").message == (
        "intercept (the non-phasing side intercepts, or the enemy of displaced units, 21.232): RM-CA-Taranto is not allies "
        "units; it is the allies player's turn")
    assert refused(game, "intercept Y20 Washington --distance 3").message == (
        "intercept: naval units in the Atlantic U.S. box may not attempt interceptions (21.14, 21.413A, 21.214A)")
    assert refused(game, "intercept Y20 Aurora --distance 3").message == (
        "intercept: Aurora is inverted: only uninverted naval units may carry out an activity (21.31, 21.34)")
    assert refused(game, "intercept Y20 Penelope --distance 3 --front narnia").message == (
        "intercept: 'narnia' is not a front (western, eastern, mediterranean, pacific)")
    assert refused(game, "intercept Y20 Penelope --distance 3 --target raid-7").message == (
        "intercept: no mission called 'raid-7' this player turn (none)")


def test_21_3611_21_4171_an_interception_of_the_patrol_on_its_way() -> None:
    """21.3611: the interceptors are employed (inverted, one interception); 21.4171: the attempt is recorded with the
    patrol at the point its prompt is at, with the interceptors; a second attempt is refused."""
    game = _patrolling()
    r = ok(game, "intercept Y20 Penelope RN-DD-Malta --distance 5 --target patrol-1")
    assert r.message == SAID.format(units="Penelope, RN-DD-Malta", hex="Y20", n=5)
    assert list(r.details) == DETAIL
    assert _figures(r) == [("Interception, counter-interception range", 5, "21.3611", ()),
                           ("Distance at least the hexes on the map", 5, "21.36A", ())]
    for uid in ("Penelope", "RN-DD-Malta"):
        u = game.state.world.units[uid]
        assert (u.intercepts, u.acted, u.inverted, u.at_sea) == (1, True, True, "")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "route", "result": "",
                                                                     "by": ["Penelope", "RN-DD-Malta"]}
    assert refused(game, "intercept Y20 Eagle --distance 5 --target patrol-1").message == (
        "intercept: the defender has already attempted interception of patrol-1 on its way to Y20; he may not attempt it "
        "again with the same or other naval forces (21.4171)")
    assert refused(game, "intercept Y20 Penelope --distance 5").message == (
        "intercept: Penelope has already intercepted this turn (21.4193)")


def test_21_4171_the_attempt_in_the_patrol_hex_and_its_answer() -> None:
    """21.417A, 21.4171: an attempt made before the air strikes is recorded there; the prompt then takes only its result."""
    game = _patrolling()
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "intercept Y20 Penelope --distance 5 --target PATROL-1 --front mediterranean")
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "strikes", "result": "", "by": ["Penelope"]}
    assert refused(game, "answer patrol-1-strikes 'remain at sea'").message == (
        "patrol-1-strikes: the defender attempted interception of patrol 1 in Y20 before a round of air strikes (Penelope): "
        "answer attempt failed, patrol won or patrol lost (21.4171)")
    assert ok(game, "answer patrol-1-strikes 'patrol won'").message == "Patrol 1 won the interception in Y20 (21.416J)"
    assert game.state.world.ops["patrols"]["patrol-1"]["attempt"] == {"at": "strikes", "result": "patrol won",
                                                                     "by": ["Penelope"]}


def test_21_417AB_no_attempt_once_the_points_are_past() -> None:
    """21.417A-B: a patrol left unintercepted in its hex may no longer be intercepted."""
    game = _patrolling()
    ok(game, "answer patrol-1-route 'no interception'")
    ok(game, "answer patrol-1-strikes 'remain at sea'")
    ok(game, "answer patrol-1-hex 'no interception'")
    assert refused(game, "intercept Y20 Penelope --distance 5 --target patrol-1").message == (
        "intercept: patrol-1 may be intercepted only on its way, in its hex before a round of air strikes, or when it "
        "remains there; those points are past (21.417A-B)")


def test_21_4191_to_21_4193_a_defensive_patrol_intercepts_once_more() -> None:
    """21.4191: victorious interceptors stay as a defensive patrol (uninverted, in the hex); 21.4192-21.4193: they may
    intercept once more from there, not twice."""
    game = _patrolling()
    assert refused(game, "defend Y20").message == "usage: defend HEX UNITS (21.4191)"
    assert refused(game, "defend Y20 RM-CA-Messina").message == ("defend: RM-CA-Messina is not allies units; it is the "
                                                                 "allies player's turn")
    ok(game, "intercept Y20 Penelope --distance 5")
    assert refused(game, "defend Y20 Penelope RN-DD-Malta").message == (
        "defend: RN-DD-Malta did not intercept from port this turn; only a victorious intercepting force may remain as a "
        "defensive patrol (21.4191)")
    ok(game, "answer patrol-1-route 'patrol lost'")
    r = ok(game, "defend Y20 Penelope")
    assert r.message == ("Penelope on defensive patrol in Y20 until the end of regular combat; they may intercept once more "
                         "(21.4191-21.4193)")
    u = game.state.world.units["Penelope"]
    assert (u.at_sea, u.sea_hex, u.inverted, u.intercepts) == ("defensive-patrol", "Y20", False, 1)
    assert refused(game, "defend Y20 Penelope").message == (
        "defend: Penelope did not intercept from port this turn; only a victorious intercepting force may remain as a "
        "defensive patrol (21.4191)")
    to(game, "Invasions, bombardment, raiders, carrier missions")
    r = ok(game, "intercept Y21 Penelope --distance 2")
    assert r.message == SAID.format(units="Penelope", hex="Y21", n=2)
    assert _figures(r) == [("Interception, counter-interception range", 2, "21.3611", ()),
                           ("Distance at least the hexes on the map", 1, "21.36A", ())]
    u = game.state.world.units["Penelope"]
    assert (u.at_sea, u.sea_hex, u.inverted, u.intercepts) == ("defensive-patrol", "Y20", False, 2)
    assert refused(game, "intercept Y22 Penelope --distance 2").message == (
        "intercept: Penelope has already made its one successful 21.4192 interception this turn (21.4193)")


def test_21_4184C_sub_air_refusals() -> None:
    """21.4184C: the usage; only submarines on patrol at sea are attacked by land-based air."""
    game = _patrolling()
    assert refused(game, "sub-air").message == "usage: sub-air UNITS [--with 'land-based air'] (21.4184C)"
    assert refused(game, "sub-air Penelope").message == (
        "sub-air: Penelope is not a submarine on patrol at sea; only those may be attacked this way (21.4184C)")


def test_21_4184C_land_based_air_attacks_a_submarine_on_patrol_once() -> None:
    """21.4184B: the Axis submarine patrol stays at sea into the Allied player turn; 21.4184C: land-based air attacks
    it once, in a single sortie, with no air defense roll; the attack is recorded and not repeated."""
    from tests.test_awaw_ops_engine import to as to_key

    game = awaw_game()
    to_key(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y21 KM-SS-Med --distance 5")
    ok(game, "answer patrol-1-route 'no interception'")
    to_key(game, "second-turn/movement/naval-movement")
    r = ok(game, "sub-air KM-SS-Med")
    assert r.message == ("Land-based air attacks the submarines on patrol: KM-SS-Med in Y21; each squadron within range of the "
                         "patrol hex attacks once, in a single sortie (21.4184C)")
    assert list(r.details) == ["Air cover may be flown over the submarines, but the defender makes no air defense dice roll "
                               "(21.4184C).", "Resolve the attack and record losses with damage/sink (RULINGS A2)."]
    assert game.state.world.ops["sub_air"] == ["KM-SS-Med"]
    assert refused(game, "sub-air KM-SS-Med --with 'land-based air'").message == (
        "sub-air: KM-SS-Med has already been attacked this player turn; each patrolling submarine is attacked in a single "
        "sortie (21.4184C)")


def test_21_533D_raiders_on_their_way_word_for_word() -> None:
    """21.533D: raiders from Scapa Flow go directly to the SW box and are not intercepted on the board; others only
    with a favourable modifier (--favourable)."""
    from tests.test_awaw_interception import _raids

    game = awaw_game()
    direct, norway = _raids(game)
    assert refused(game, f"intercept C26 KGV --distance 3 --target {direct} --favourable").message == (
        "intercept: raiders from Scapa Flow move directly to the Atlantic SW box and are not subject to on-board "
        "interception (21.533D)")
    assert refused(game, f"intercept C26 KGV --distance 3 --target {norway}").message == (
        "intercept: a raider may only be intercepted on the board if a favorable interception modifier applies; if one "
        "does, say so with --favourable (21.533D)")
    r = ok(game, f"intercept C26 KGV --distance 3 --target {norway} --favourable")
    assert r.message == SAID.format(units="KGV", hex="C26", n=3)
    assert game.state.world.units["KGV"].intercepts == 1


def test_21_2111_an_interception_entering_a_closed_strait_on_one_side() -> None:
    """21.2111: interceptors enter a strait closed to them to intercept on their own side; the side is recorded and the
    strait entered is not checked again as a passage."""
    from tests.test_awaw_ops_engine import to as to_key

    game = awaw_game()
    ok(game, "control AA7 germany")
    to_key(game, "first-turn/movement/naval-movement")
    r = ok(game, "intercept AA7 RN-DD-ForceH --distance 1 --straits Gibraltar --in-strait Gibraltar=mediterranean")
    assert r.message == SAID.format(units="RN-DD-ForceH", hex="AA7", n=1)
    assert _figures(r) == [
        ("Interception, counter-interception range", 1, "21.3611", ()),
        ("Distance at least the hexes on the map", 0, "21.36A", ()),
        ("Interception in the Gibraltar on the mediterranean side", "one side only", "21.2111",
         ("Only enemy activities entering or leaving this side of the strait may be intercepted; a patrol there intercepts on "
          "its own side only (21.2111).",))]
    assert [(t.label, t.value) for t in r.explanations[2].terms] == [
        ("passage of the Gibraltar for the allies side", "closed: entered to intercept on one side")]
    assert game.state.world.ops["strait_sides"] == {"RN-DD-ForceH": "B=mediterranean"}


def _defensive_patrol():
    """Penelope intercepted patrol 1 from Malta, the patrol lost, and she stays in Y20 as a defensive patrol (21.4191)."""
    game = _patrolling()
    ok(game, "intercept Y20 Penelope --distance 5")
    ok(game, "answer patrol-1-route 'patrol lost'")
    ok(game, "defend Y20 Penelope")
    return game


def test_21_4192_a_defensive_patrol_tries_in_the_movement_phase_and_again_in_the_combat_phase() -> None:
    """21.4192: "The defensive patrolling force may attempt to intercept during the sea supply or sea transport segments
    of the movement phase and again during the combat phase." 21.4193: "Only one successful 21.4192 interception is
    permitted each turn." (Proposed ruling A35: successful means the Naval Interception Table gave an interception;
    a missed attempt is typed with --missed.) Outside case C19."""
    game = _defensive_patrol()
    assert refused(game, "intercept Y21 Penelope --distance 2").message == (
        "intercept: a defensive patrol intercepts only during the sea supply or sea transport segments of the movement "
        "phase and again during the combat phase; Penelope may not here (21.4192)")
    to(game, "Sea transport")
    r = ok(game, "intercept Y21 Penelope --distance 2 --missed")
    assert r.message == MISSED.format(units="Penelope", hex="Y21", n=2)
    assert list(r.details) == ["The defensive patrol may attempt interception again during the combat phase (21.4192)"]
    u = game.state.world.units["Penelope"]
    assert (u.at_sea, u.sea_hex, u.intercepts, u.dp_tries, u.missed) == ("defensive-patrol", "Y20", 2, ("movement",), True)
    to(game, "Initial supply determination")
    assert refused(game, "intercept Y21 Penelope --distance 2").message == (
        "intercept: Penelope has already attempted its 21.4192 interception of the movement phase; it may try again in "
        "the combat phase (21.4192)")
    to(game, "Invasions, bombardment, raiders, carrier missions")
    r = ok(game, "intercept Y21 Penelope --distance 2")
    assert r.message == SAID.format(units="Penelope", hex="Y21", n=2)
    u = game.state.world.units["Penelope"]
    assert (u.intercepts, u.dp_tries, u.missed) == (3, ("movement", "combat!"), False)
    to(game, "Regular combat")
    assert refused(game, "intercept Y21 Penelope --distance 2").message == (
        "intercept: Penelope has already made its one successful 21.4192 interception this turn (21.4193)")


def test_21_4193_one_successful_attempt_and_one_attempt_per_phase() -> None:
    """21.4193: a success in the movement phase ends the 21.4192 attempts; a miss in the combat phase leaves none for
    that phase's later segment."""
    game = _defensive_patrol()
    to(game, "Sea transport")
    ok(game, "intercept Y21 Penelope --distance 2")
    assert game.state.world.units["Penelope"].dp_tries == ("movement!",)
    to(game, "Invasions, bombardment, raiders, carrier missions")
    assert refused(game, "intercept Y21 Penelope --distance 2 --missed").message == (
        "intercept: Penelope has already made its one successful 21.4192 interception this turn (21.4193)")

    game = _defensive_patrol()
    to(game, "Invasions, bombardment, raiders, carrier missions")
    r = ok(game, "intercept Y21 Penelope --distance 2 --missed")
    assert list(r.details) == [
        "A missed interception does not defeat a patrol: the units may not stay as a defensive patrol (21.4191)"]
    assert game.state.world.units["Penelope"].dp_tries == ("combat",)
    to(game, "Regular combat")
    assert refused(game, "intercept Y21 Penelope --distance 2").message == (
        "intercept: Penelope has already attempted its 21.4192 interception of the combat phase; none is left this turn "
        "(21.4192)")


def test_21_4191_a_missed_interception_does_not_make_a_defensive_patrol() -> None:
    """21.4191: "A defending naval force which intercepts and defeats a patrolling force may ... remain in the
    interception hex": an attempt typed --missed intercepted nothing, so its units may not stay."""
    game = _patrolling()
    r = ok(game, "intercept Y20 Penelope --distance 5 --missed --target patrol-1")
    assert r.message == MISSED.format(units="Penelope", hex="Y20", n=5)
    u = game.state.world.units["Penelope"]
    assert (u.intercepts, u.missed, u.acted, u.inverted, u.at_sea) == (1, True, True, True, "")
    assert refused(game, "defend Y20 Penelope").message == (
        "defend: Penelope's interception attempt missed; only a force which intercepts and defeats a patrolling force may "
        "remain as a defensive patrol (21.4191)")
