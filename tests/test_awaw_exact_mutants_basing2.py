"""Exact tests that kill surviving mutants of the AWAW basing rules, second list (seed 004, 21.112, 21.211, 21.214,
21.214E, 21.221-21.224, 21.32, 21.34, 21.3612): ``basing_routes.box_route``/``check_box_routes``, ``verbs_basing._nr``/
``_rebase`` and ``verbs_units._build``/``_control``, word for word, each figure checked."""

from __future__ import annotations

from msgspec.structs import replace

from tests.awaw_core_fixtures import base, tables, world
from tests.awaw_game import awaw_game, ok, refused, to
from tests.test_awaw_exact_mutants_basing import _pacific
from tests.test_awaw_ops_engine import to as to_key
from tui.rules.awaw.basing_routes import BoxRoute, box_route
from tui.rules.core.explain import Term

NR = "second-turn/redeployment/naval-redeployment"


def _redeploying():
    """The bundled game at the Allied naval redeployment (the second player turn)."""
    game = awaw_game()
    to_key(game, NR)
    return game


def _rebasing():
    """The bundled game, the Allies first, at their movement phase's base changes."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments", first="allies")
    return game


def _figures(result) -> list[tuple]:
    return [(e.name, e.value, e.rule, e.terms, e.notes) for e in result.explanations]


def _set_units(game, **changes) -> None:
    """Change units of the game's world: ``changes`` maps a unit id to its changed fields."""
    w = game.state.world
    game.state = game.state.with_world(w.with_units([w.units[uid].change(**kw) for uid, kw in changes.items()]))


def _fill_alexandria(game) -> None:
    """Two new battleships of 20 and 18 factors at Alexandria: it holds 48 of its 50 (21.112)."""
    ok(game, "build X1 britain battleship 20 Alexandria")
    ok(game, "build X2 britain battleship 18 Alexandria")


# --- 21.214E: box_route --------------------------------------------------------------------------------------------


def test_21_214E_box_route_only_between_a_us_box_and_a_mapboard_port() -> None:
    """21.214E: a box to a box, an SW box, or a listed name that is a box of this world: no mapboard port rule; a name
    the world lacks is read as a mapboard port (its ``board`` default)."""
    t = tables()
    atl = base("Atlantic U.S.", "box", (), control="usa")
    pac = base("Pacific U.S.", "box", (), control="usa")
    noumea = base("Noumea", fronts=("pacific",), theater="pacific", control="usa")
    papeete = base("Papeete", "box", (), theater="pacific", control="usa")
    w = world([atl, pac, noumea], [])
    assert box_route(atl, pac, w, t) is None
    assert box_route(pac, atl, w, t) is None
    assert box_route(base("Atlantic U.S.", "sw-box", (), control="usa"), noumea, w, t) is None
    assert box_route(pac, noumea, w, t) == BoxRoute(pac, noumea, ["Dutch Harbor", "Pearl Harbor", "Papeete",
                                                                  "group:hawaiian", "group:society"])
    w2 = world([pac, noumea, papeete], [])
    assert box_route(noumea, pac, w2, t) == BoxRoute(pac, noumea, ["Dutch Harbor", "Pearl Harbor", "group:hawaiian",
                                                                   "group:society"])


def test_21_214_a_base_change_from_a_us_box_to_an_unlisted_base_is_refused_word_for_word() -> None:
    """21.214: the Atlantic U.S. box changes base only with a western front port, the Pacific U.S. or South Africa."""
    game = _rebasing()
    assert refused(game, "rebase Malta USN-CA-Lant --distance 40").message == (
        "rebase: base changes between the Atlantic U.S. box and Malta are not permitted; only with front:western, "
        "Pacific U.S., South Africa (21.14, 21.413A, 21.214A)")


# --- 21.32, 21.3612: nr ----------------------------------------------------------------------------------------------


def test_21_3612_nr_distance_ports_floor_and_straits_word_for_word() -> None:
    """21.3612 (RULINGS A1): the distance must be typed; the ports touched are noted and measured from (21.36A); a
    closed strait is refused for the moving side (21.211)."""
    game = _redeploying()
    assert refused(game, "nr Alexandria RN-DD-Malta").message == (
        "nr: type the distance by water with --distance N (RULINGS A1, 21.3612)")
    assert refused(game, "nr Alexandria RN-DD-Malta --distance 5").message == (
        "nr: 5 hexes is shorter than the 13 hexes from Malta (DD21) to Alexandria (GG34) on the map; the route by water "
        "can only be longer (21.36A, proposed A28)")
    assert refused(game, "nr Alexandria RN-DD-Malta --distance 20 --ports Gibraltar").message == (
        "nr: 20 hexes is shorter than the 27 hexes from Gibraltar (AA7) to Alexandria (GG34) on the map; the route by "
        "water can only be longer (21.36A, proposed A28)")
    assert refused(game, "nr Alexandria RN-DD-Malta --distance 20 --straits Skagerrak").message == (
        "the Skagerrak is closed to allies this phase: E33 held by germany (needs friendly); F33 held by germany (needs "
        "friendly) (21.211C)")
    r = ok(game, "nr Alexandria RN-DD-Malta --distance 40 --ports Gibraltar --legs 20,20")
    assert (r.message, list(r.details)) == ("RN-DD-Malta redeployed Malta → Alexandria, 40 hexes (21.32, 21.3612)", [])
    assert _figures(r) == [
        ("Sea supply, NR, sea escort range", 40, "21.3612",
         (Term("distance by water, typed (RULINGS A1)", 40, "21.36A, 21.36B"),
          Term("a port touched at least every (Europe)", 20, "21.36C, 21.3612"), Term("leg 1", 20, "21.36C"),
          Term("leg 2", 20, "21.36C")), ("ports touched: Gibraltar",)),
        ("Distance at least the hexes on the map", 27, "21.36A",
         (Term("hexes from Gibraltar (AA7) to Alexandria (GG34)", 27, "21.36A, proposed A28"),
          Term("distance by water, typed", 40, "RULINGS A1")), ())]


def test_21_3612_21_224_nr_between_theaters_inverts_and_clears_unusable() -> None:
    """21.224, 33.74B: an NR between theaters inverts the units and says so; 21.112: a unit that was unusable excess is
    usable at its new base."""
    game = _redeploying()
    _set_units(game, **{"RN-DD-India": {"unusable": True}})
    r = ok(game, "nr Port Said RN-DD-India --distance 20 --legs 10,10")
    assert (r.message, list(r.details)) == (
        "RN-DD-India redeployed India → Port Said, 20 hexes (21.32, 21.3612); inverted: between theaters, pacific to "
        "europe (21.224, 33.74B)", [])
    u = game.state.world.units["RN-DD-India"]
    assert (u.base, u.inverted, u.unusable) == ("Port Said", True, False)
    r = ok(game, "nr Alexandria RN-DD-Malta --distance 20")
    u = game.state.world.units["RN-DD-Malta"]
    assert (r.message, u.base, u.inverted, u.unusable) == (
        "RN-DD-Malta redeployed Malta → Alexandria, 20 hexes (21.32, 21.3612)", "Alexandria", False, False)


def test_21_214E_nr_to_a_listed_port_itself_names_no_port_passed() -> None:
    """21.214E: from the Atlantic U.S. box straight to a western front port the route needs no port passed: nothing
    more is said."""
    game = _redeploying()
    r = ok(game, "nr Gibraltar USN-CA-Lant --distance 20")
    assert (r.message, list(r.details)) == ("USN-CA-Lant redeployed Atlantic U.S. → Gibraltar, 20 hexes (21.32, 21.3612)", [])
    assert game.state.world.units["USN-CA-Lant"].base == "Gibraltar"


def test_21_112_21_3612_nr_room_control_at_start_and_failed_nr_word_for_word() -> None:
    """21.112: no NR into a base it would overfill, unusable units counted too; a unit back from a failed NR may not
    remedy its overstack; 21.3612: the destination's control at the start of the phase counts."""
    from tui.rules.awaw.verbs_basing import FAILED_NR

    game = _redeploying()
    _fill_alexandria(game)
    _set_units(game, **{"Penelope": {"factors": 3}})
    full = ("nr: Alexandria bases 50 naval factors and holds 48; 3 more would exceed it, and capacity may not be "
            "voluntarily exceeded (21.112)")
    assert refused(game, "nr Alexandria Penelope --distance 20").message == full
    _set_units(game, **{"Penelope": {"unusable": True}})
    assert refused(game, "nr Alexandria Penelope --distance 20").message == full
    _set_units(game, **{"RN-DD-Malta": {"factors": 1, "unusable": False, "note": FAILED_NR}})
    assert refused(game, "nr Alexandria RN-DD-Malta --distance 20").message == (
        "nr: RN-DD-Malta overstacks Malta after a failed NR: there is no opportunity to remedy it; the excess is "
        "eliminated (21.112)")
    _set_units(game, **{"RN-DD-Malta": {"note": ""}})
    w = game.state.world
    game.state = game.state.with_world(replace(w, bases={**w.bases, "Taranto": replace(w.bases["Taranto"], control="britain"),
                                                         "Alexandria": replace(w.bases["Alexandria"], control="italy")}))
    assert refused(game, "nr Taranto RN-DD-Malta --distance 20").message == (
        "nr: Taranto is not controlled by the allies side (21.3612)")
    assert ok(game, "nr Alexandria RN-DD-Malta --distance 20").message == (
        "RN-DD-Malta redeployed Malta → Alexandria, 20 hexes (21.32, 21.3612)")


def test_21_214E_an_answered_port_that_is_not_listed_is_refused_word_for_word() -> None:
    """21.214E: the answer re-runs the redeployment through the port named; one the box does not list (a choice the
    question should not have offered) is refused and the units stay."""
    game = _redeploying()
    ok(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20")
    flow = game.state.flow
    game.state = replace(game.state, flow=replace(flow, pending=tuple(
        replace(p, choices=(*p.choices, "Malta")) if p.id == "nr-1" else p for p in flow.pending)))
    assert refused(game, "answer nr-1 Malta").message == "nr: Malta is not a western front port (21.214E)"
    assert game.state.world.units["USN-CA-Lant"].base == "Atlantic U.S."


def test_21_215_an_nr_between_suez_and_an_indian_ocean_box_carries_its_reminder() -> None:
    """21.215 (proposed ruling A32): India → Suez runs through the Indian Ocean: the result reminds the referee."""
    game = _pacific()
    r = ok(game, "nr Suez RN-DD-India --distance 10")
    assert (r.message, list(r.details)) == (
        "RN-DD-India redeployed India → Suez, 10 hexes (21.32, 21.3612); inverted: between theaters, pacific to europe "
        "(21.224, 33.74B)",
        ["21.215: India → Suez runs through the Indian Ocean under special rules (25.3, 28.753-28.755) the referee "
         "applies; the distance typed is checked as for any other route (proposed ruling A32)."])


# --- 21.221-21.224: rebase ------------------------------------------------------------------------------------------


def test_21_223_rebase_distance_ports_floor_straits_and_room_word_for_word() -> None:
    """21.223 (RULINGS A1): the distance must be typed, the ports touched noted and measured from (21.36A); 21.211: a
    closed strait; 21.112: no base change into a base it would overfill, nor of unusable excess (21.221); 21.32: the
    base change comes before any activity."""
    game = _rebasing()
    assert refused(game, "rebase Alexandria RN-DD-Malta").message == (
        "rebase: type the distance by water with --distance N (RULINGS A1, 21.223)")
    assert refused(game, "rebase Alexandria RN-DD-Malta --distance 20 --ports Gibraltar").message == (
        "rebase: 20 hexes is shorter than the 27 hexes from Gibraltar (AA7) to Alexandria (GG34) on the map; the route "
        "by water can only be longer (21.36A, proposed A28)")
    assert refused(game, "rebase Alexandria RN-DD-Malta --distance 20 --straits Skagerrak").message == (
        "the Skagerrak is closed to allies this phase: E33 held by germany (needs friendly); F33 held by germany (needs "
        "friendly) (21.211C)")
    _fill_alexandria(game)
    _set_units(game, **{"Penelope": {"factors": 3}})
    assert refused(game, "rebase Alexandria Penelope --distance 20").message == (
        "rebase: Alexandria bases 50 naval factors and holds 48; 3 more would exceed it, and capacity may not be "
        "voluntarily exceeded (21.112)")
    _set_units(game, **{"RN-DD-Malta": {"unusable": True}})
    assert refused(game, "rebase Alexandria RN-DD-Malta --distance 20").message == (
        (
        "rebase: RN-DD-Malta is excess in an overstacked base (21.112) and cannot change base (21.221)"))
    _set_units(game, **{"RN-DD-Malta": {"unusable": False, "acted": True}})
    assert refused(game, "rebase Alexandria RN-DD-Malta --distance 20").message == (
        "rebase: RN-DD-Malta has carried out an activity this player turn; a base change comes first (21.32, 21.414B)")
    _set_units(game, **{"RN-DD-Malta": {"acted": False}})
    w = game.state.world
    game.state = game.state.with_world(replace(w, bases={**w.bases, "Taranto": replace(w.bases["Taranto"],
                                                                                       control_at_start="")}))
    assert refused(game, "rebase Taranto RN-DD-Malta --distance 20").message == (
        "rebase: Taranto was held by nobody at the start of the movement phase; the new base must have been controlled "
        "by the allies side then (21.223)")
    r = ok(game, "rebase Alexandria RN-DD-Malta --distance 40 --ports Gibraltar")
    assert r.message == "RN-DD-Malta changed base Malta → Alexandria, 40 hexes; not inverted (21.224)"
    assert _figures(r)[:2] == [
        ("Base change range", 40, "21.223, 21.3613",
         (Term("distance by water, typed (RULINGS A1)", 40, "21.36A, 21.36B"), Term("limit in Europe", 40, "21.223, 21.3613")),
         ("ports touched: Gibraltar",)),
        ("Distance at least the hexes on the map", 27, "21.36A",
         (Term("hexes from Gibraltar (AA7) to Alexandria (GG34)", 27, "21.36A, proposed A28"),
          Term("distance by water, typed", 40, "RULINGS A1")), ())]


# --- 21.34, 21.211: build and control ----------------------------------------------------------------------------------


def test_21_34_build_refusals_word_for_word() -> None:
    """21.34: a new unit's id and name may not be blank; 1 to 20 naval factors; nothing after the base; room (21.112)."""
    game = _redeploying()
    assert refused(game, "build ' ' britain destroyer 1 Malta").message == (
        "a unit's id cannot be blank (' ' has no visible character)")
    assert refused(game, "build X1 britain destroyer 1 Malta --name ' '").message == (
        "a unit's name (--name) cannot be blank (' ' has no visible character)")
    assert refused(game, "build X1 britain destroyer x Malta").message == (
        "naval factors must be a whole number (from 1 to 20), not 'x'")
    assert refused(game, "build X1 britain destroyer 0 Malta").message == "naval factors must be from 1 to 20, not '0'"
    assert refused(game, "build X1 britain destroyer 21 Malta").message == "naval factors must be from 1 to 20, not '21'"
    assert refused(game, "build X1 britain destroyer 1 Malta foo bar").message == "too many arguments: foo bar"

def test_21_112_21_34_a_new_unit_may_not_overfill_its_base() -> None:
    """21.112: the capacity of a port may not be voluntarily exceeded; placing a newly built unit (21.34) is voluntary,
    so a unit its base has no room for is refused, word for word (it was placed regardless before)."""
    game = _redeploying()
    _fill_alexandria(game)
    assert refused(game, "build X3 britain battleship 3 Alexandria").message == (
        "build X3: Alexandria bases 50 naval factors and holds 48; 3 more would exceed it, and capacity may not be "
        "voluntarily exceeded (21.112)")
    assert ok(game, "build X3 britain battleship 2 Alexandria").message == (
        "X3 (Battleship, 2 factors) built at Alexandria, inverted: it may not act this player turn (21.34)")
    assert refused(game, "build X4 britain battleship 1 Alexandria").message == (
        "build X4: Alexandria bases 50 naval factors and holds 50; 1 more would exceed it, and capacity may not be "
        "voluntarily exceeded (21.112)")
    assert "X4" not in game.state.world.units


def test_21_211_control_of_a_strait_hex_the_board_does_not_record_yet() -> None:
    """21.211: a strait's hex typed in lower case and not yet in the record of hex control is recorded in upper case;
    a bad power is named as typed (the last word)."""
    game = _redeploying()
    w = game.state.world
    game.state = game.state.with_world(replace(w, hex_control={h: c for h, c in w.hex_control.items() if h != "AA7"}))
    r = ok(game, "control aa7 britain")
    assert (r.message, r.actor) == ("Hex AA7 held by britain; straits check control at the start of each phase (21.211)",
                                    "allies")
    assert game.state.world.hex_control["AA7"] == "britain"
    assert "aa7" not in game.state.world.hex_control
    assert refused(game, "control Port Said bogus").message == (
        "'bogus' is not a power or neutral (germany, italy, japan, britain, usa, france, ussr)")
