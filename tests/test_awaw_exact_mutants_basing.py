"""Exact tests that kill surviving mutants of the AWAW basing rules (seed 004, 21.112, 21.121, 21.214E, 21.22x-21.33,
21.3615, 21.44x, 21.526, 21.537B): ``basing_routes``, ``ranges``, ``verbs_basing``, ``verbs_displace``, ``verbs_harbor``
and ``verbs_units``, word for word, each figure and field checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from msgspec.structs import replace

from tests.awaw_core_fixtures import base, tables, unit, world
from tests.awaw_game import awaw_game, ok, refused
from tests.conftest import fixed_clock
from tests.test_awaw_ops_engine import to as to_key
from tui.paths import data_dir
from tui.rules.awaw.basing_routes import us_box_route
from tui.rules.awaw.ranges import exception_use
from tui.rules.awaw.verbs_displace import _check_not_raiding
from tui.rules.core.errors import RuleError
from tui.session import memory_game

PACIFIC = "awaw-pacific-1942"
NR = "second-turn/redeployment/naval-redeployment"
PACIFIC_PORTS = "Dutch Harbor, Pearl Harbor, Papeete, a port of the hawaiian group or a port of the society group"


def _pacific(data: Path | None = None):
    """The bundled Pacific scenario (or one from ``data``), the Axis first, at the Allied naval redeployment."""
    game = memory_game(data or data_dir(), "awaw", PACIFIC, seed=1, clock=fixed_clock)
    ok(game, "answer first axis")
    to_key(game, NR)
    return game


def _prompt(game, pid: str) -> tuple:
    (p,) = [p for p in game.state.flow.pending if p.id == pid]
    return (p.text, p.kind, p.choices, p.rule, p.subject, p.required, p.effect, p.raised, dict(p.args))


# --- 21.214E: the route of a redeployment between a U.S. box and the mapboard --------------------------------------


def test_21_214E_pacific_box_question_names_every_listed_port_both_ways() -> None:
    """21.214E: the Pacific U.S. box lists Dutch Harbor, Pearl Harbor, Papeete and the Hawaiian and Society Islands: the
    question asks "which port" and must be met by one of them all; from the board to the box the box is the end."""
    game = _pacific()
    r = ok(game, "nr Noumea Colorado --distance 30")
    q1 = (f"Colorado, Pacific U.S. box → Noumea: which port does the redeployment pass through? It must terminate in or "
          f"pass through {PACIFIC_PORTS} (21.214E)")
    assert (r.message, r.actor) == (f"nr-1: {q1} — answer nr-1 PORT or 'none of them'", "allies")
    choices = ("Dutch Harbor", "Papeete", "Pearl Harbor", "none of them")
    assert _prompt(game, "nr-1") == (q1, "choice", choices, "21.214E", "Noumea", True, "nr-route", NR,
                                     {"args": ["Noumea", "Colorado"], "options": {"distance": "30"}, "units": "Colorado",
                                      "box": "Pacific U.S.", "board": "Noumea", "what": PACIFIC_PORTS})
    r = ok(game, "nr 'Pacific U.S.' USN-CA-Noumea --distance 30")
    q2 = (f"USN-CA-Noumea, Noumea → Pacific U.S. box: which port does the redeployment pass through? It must terminate in "
          f"or pass through {PACIFIC_PORTS} (21.214E)")
    assert (r.message, r.actor) == (f"nr-2: {q2} — answer nr-2 PORT or 'none of them'", "allies")
    assert _prompt(game, "nr-2")[0] == q2
    assert ok(game, "answer nr-1 'none of them'").message == (
        f"nr-1: Colorado passes none of {PACIFIC_PORTS} between the Pacific U.S. box and Noumea: the redeployment is not "
        "carried out (21.214E, 28.75)")
    assert game.state.world.units["Colorado"].base == "Pacific U.S."


def test_21_214E_pacific_box_typed_ports_that_pass_none_are_refused_word_for_word() -> None:
    """21.214E, 28.75: a typed route through no listed port is refused, each typed port named (one not of the game
    said so)."""
    game = _pacific()
    head = (f"nr: a redeployment between the Pacific U.S. box and the mapboard must terminate in or pass through "
            f"{PACIFIC_PORTS}; Noumea is none")
    assert refused(game, "nr Noumea Maryland --distance 30 --ports Midway,Nowhere").message == (
        f"{head}, nor is Midway, Nowhere (not a base of this game) (21.214E, 28.75)")
    assert refused(game, "nr Noumea Maryland --distance 30 --ports Midway").message == (
        f"{head}, nor is Midway (21.214E, 28.75)")
    assert game.state.world.units["Maryland"].base == "Pacific U.S."


def test_21_214E_us_box_route_with_no_port_typed_names_only_the_board_end() -> None:
    """21.214E: with no port typed the refusal says the board end is none of the listed ports, and nothing more."""
    t = tables()
    box = base("Atlantic U.S.", "box", (), control="usa")
    malta = base("Malta")
    w = world([box, malta, base("Plymouth", fronts=("western",))], [])
    assert us_box_route(box, malta, [], w, t) == (
        "nr: a redeployment between the Atlantic U.S. box and the mapboard must terminate in or pass through a western "
        "front port; Malta is none (21.214E, 28.75)",)
    assert us_box_route(box, malta, ["Naples", "Plymouth"], w, t) == ()


def test_21_214E_the_question_keeps_no_force_nor_roll_option() -> None:
    """21.214E: the question keeps the typed options the answer re-runs ``nr`` with, not --force or --roll."""
    game = awaw_game()
    to_key(game, NR)
    r = ok(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20 --force")
    assert r.actor == "allies"
    ok(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20 --roll")
    for pid in ("nr-1", "nr-2"):
        assert _prompt(game, pid)[-1]["options"] == {"distance": "40", "legs": "20,20"}
        assert _prompt(game, pid)[-2] == NR


@pytest.fixture
def groups_only(tmp_path: Path):
    """The Pacific scenario from a copy of the data whose Pacific U.S. box lists only the Hawaiian and Society groups."""
    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    toml = data / "rulesets" / "awaw.toml"
    text = toml.read_text(encoding="utf-8")
    old = ('rebase_with = ["Australia", "Atlantic U.S.", "Dutch Harbor", "Pearl Harbor", "Papeete", "group:hawaiian", '
           '"group:society"]')
    assert old in text
    toml.write_text(text.replace(old, 'rebase_with = ["group:hawaiian", "group:society"]'), encoding="utf-8")
    return _pacific(data)


def test_21_214E_two_listed_groups_ask_which_port_and_answer_none_of_them(groups_only) -> None:
    """21.214E: a box listing two island groups: "a port of the hawaiian group or a port of the society group" is not
    one kind of port: the question asks "which port" and the answer 'none of them' says "none of" them both."""
    game = groups_only
    what = "a port of the hawaiian group or a port of the society group"
    q = (f"Colorado, Pacific U.S. box → Noumea: which port does the redeployment pass through? It must terminate in or "
         f"pass through {what} (21.214E)")
    assert ok(game, "nr Noumea Colorado --distance 30").message == f"nr-1: {q} — answer nr-1 PORT or 'none of them'"
    assert _prompt(game, "nr-1")[2] == ("Papeete", "Pearl Harbor", "none of them")
    assert ok(game, "answer nr-1 'none of them'").message == (
        f"nr-1: Colorado passes none of {what} between the Pacific U.S. box and Noumea: the redeployment is not carried "
        "out (21.214E, 28.75)")
    assert refused(game, "nr Noumea Colorado --distance 30 --ports Midway").message == (
        f"nr: a redeployment between the Pacific U.S. box and the mapboard must terminate in or pass through {what}; "
        "Noumea is none, nor is Midway (21.214E, 28.75)")


# --- 21.3615A: where a range exception's activity begins ------------------------------------------------------------


def test_21_3615A_a_named_beginning_matches_any_case_and_is_said_as_named() -> None:
    """21.3615A: a ``begins`` entry that is a base name (any case) is met by that base only; the text names it as it is
    and an island group as "the G island group"."""
    from tests.test_awaw_pacific import pacific

    game = pacific("allies")
    w, t = game.state.world, game.ruleset.tables
    exc = replace(t.range_exceptions["hawaii-15"], begins=["midway", "group:hawaiian"])
    t2 = replace(t, range_exceptions={**t.range_exceptions, "hawaii-15": exc})
    used = exception_use("hawaii-15", [w.units["USN-DD-Midway"]], w, t2)
    assert [(term.label, term.value) for term in used.terms][:2] == [("naval units of britain, usa, france", 1),
                                                                     ("begins in midway or the hawaiian island group", 1)]
    with pytest.raises(RuleError) as err:
        exception_use("hawaii-15", [w.units["USN-DD-Noumea"]], w, t2)
    assert str(err.value) == ("range exception 'hawaii-15' (Hawaiian Islands, Midway and Johnston Island held and "
                              "supplied): the activity must begin in midway or the hawaiian island group; Noumea is not "
                              "there (21.3615A)")


# --- 21.232: displaced units on their way -------------------------------------------------------------------------


def test_21_232_two_displaced_units_named_in_each_answer_and_the_next_prompt() -> None:
    """21.232B-D: each answer names every displaced unit; the next round's prompt is a choice raised in the segment."""
    from tests.test_awaw_exact_verbs_basing import _allied

    game = _allied("Ground movement")
    ok(game, "control Messina britain")
    ok(game, "displace Messina Naples RM-CA-Messina RM-DD-Messina --distance 5")
    both = "RM-CA-Messina, RM-DD-Messina"
    assert ok(game, "answer displace-1 'engaged, fought through'").message == (
        f"{both} fought through to Naples: displaced units may not abort after being engaged (21.232B); they are attacked "
        "by air as they enter each hex and may be intercepted again, submarines included (21.232C, D): answer displace-1-2 "
        "if they are (intercept ... --displaced RM-CA-Messina,RM-DD-Messina). Record losses with damage/sink.")
    text = (f"Displaced {both} go on to Naples: do additional enemy forces, submarines included, attack them by air or "
            "intercept them further along the route (21.232C, D)? They may not abort.")
    assert _prompt(game, "displace-1-2") == (
        text, "choice", ("not engaged", "engaged, fought through", "withdrew together"), "21.232D", "Naples", False,
        "displace-step", "first-turn/movement/ground-movement",
        {"units": ["RM-CA-Messina", "RM-DD-Messina"], "to": "Naples", "root": "displace-1", "round": 2})
    assert ok(game, "answer displace-1-2 'withdrew together'").message == (
        f"{both} withdrew from the naval combat in their entirety, leaving no unit behind, and continue along the same "
        "route to Naples (21.232B): answer displace-1-3 if further enemy forces engage them (21.232D). Record losses with "
        "damage/sink.")
    assert ok(game, "answer displace-1-3 'not engaged'").message == f"{both} reached Naples unengaged (21.232)"


# --- 21.537B, 21.538A: raiders come home with their group -----------------------------------------------------------


def test_21_537B_raiders_at_sea_may_not_return_their_raids_named() -> None:
    """21.537B, 21.538A: raiders at sea are refused ``return``; the open raids they belong to are named (a returned raid,
    another's raid and a patrol are not); with no raid recorded, RAID_ID."""
    a, b = unit("Scheer", power="germany", at_sea="raiding"), unit("Lutzow", power="germany", at_sea="raiding")
    w = world([base("Brest")], [a, b, unit("Hipper", power="germany", at_sea="raiding")])
    with pytest.raises(RuleError) as err:
        _check_not_raiding(w, [a])
    assert str(err.value) == ("return: Scheer is raiding: each raider group returns to port as a single group, after its "
                              "second engagement attempt: raid-return RAID_ID (21.537B, 21.538A)")
    missions = {"raid-1": {"kind": "raid", "units": ["Scheer"]},
                "raid-2": {"kind": "raid", "units": ["Scheer", "Lutzow"], "returned": True},
                "raid-3": {"kind": "raid", "units": ["Hipper"]},
                "raid-4": {"kind": "raid"},
                "patrol-5": {"kind": "patrol", "units": ["Lutzow"]},
                "raid-6": {"kind": "raid", "units": ["Lutzow"]}}
    w = replace(w, ops={"missions": missions})
    with pytest.raises(RuleError) as err:
        _check_not_raiding(w, [a, b])
    assert str(err.value) == ("return: Scheer, Lutzow are raiding (raid-1, raid-6): each raider group returns to port as a "
                              "single group, after its second engagement attempt: raid-return raid-1, raid-6 "
                              "(21.537B, 21.538A)")


# --- 21.33: units at sea return -------------------------------------------------------------------------------------


def _at_sea(tf: bool = False):
    """The bundled game, the Axis naval movement: RM-CA-Messina and RM-DD-Messina at sea in Y20 (a task force T9)."""
    game = awaw_game()
    to_key(game, "first-turn/movement/naval-movement")
    if tf:
        ok(game, "tf T9 RM-CA-Messina RM-DD-Messina")
    ok(game, "patrol Y20 RM-CA-Messina RM-DD-Messina --distance 5")
    for step, value in (("route", "no interception"), ("strikes", "remain at sea"), ("hex", "no interception")):
        ok(game, f"answer patrol-1-{step} '{value}'")
    return game


def _ops(game, **changes) -> None:
    """Set the world's operations record (None removes a key)."""
    w = game.state.world
    ops = {k: v for k, v in {**w.ops, **changes}.items() if v is not None}
    game.state = game.state.with_world(replace(w, ops=ops))


def test_21_33_return_to_another_base_its_distance_control_at_start_room_and_task_force() -> None:
    """21.33: --distance must be typed; a base the record of the turn's start does not list is read from its control at
    the start of the phase; the task force is left; with no room, refused (21.112); no record at all is no bar."""
    game = _at_sea(tf=True)
    assert refused(game, "return RM-CA-Messina --to Naples").message == (
        "return: type the distance by water with --distance N (RULINGS A1, 21.33)")
    control = dict(game.state.world.ops["turn_control"])
    del control["Naples"]
    _ops(game, turn_control=control)
    assert ok(game, "return RM-CA-Messina --to Naples --distance 5").message == (
        "RM-CA-Messina returned to Naples, 5 hexes from the activity hex, inverted (21.33)")
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.base, u.tf, u.inverted, u.at_sea) == ("Naples", "", True, "")
    assert game.state.world.units["RM-DD-Messina"].tf == "T9"
    ok(game, "build IX italy battleship 20 Naples")
    ok(game, "build IY italy battleship 17 Naples")
    _ops(game, turn_control=None)
    assert refused(game, "return RM-DD-Messina --to Naples --distance 5").message == (
        "return: Naples bases 50 naval factors and holds 48; 4 more would exceed it, and capacity may not be voluntarily "
        "exceeded (21.112)")


def test_21_33_own_invasion_does_not_bar_a_return_in_the_combat_phase() -> None:
    """21.33: only an invasion the enemy announced bars a return in the combat phase, not one of the returning side."""
    game = _at_sea()
    to_key(game, "first-turn/combat/naval-missions")
    w = game.state.world
    _ops(game, missions={**w.ops.get("missions", {}), "invade-9": {"kind": "invasion", "hex": "Messina"}})
    assert ok(game, "return RM-DD-Messina").message == "RM-DD-Messina back at their base of origin, inverted (21.33, 21.4183)"


# --- 21.112: failed NRs and the excess eliminated ------------------------------------------------------------------


def test_21_112_nr_failed_refusals_and_its_task_force_left() -> None:
    """21.112: nr-failed needs --to; only the acting side's units; the units come back inverted out of their task
    force."""
    from tests.test_awaw_exact_verbs_basing import _redeploying

    game = _redeploying()
    assert refused(game, "nr-failed RN-DD-Malta --to ''").message == "usage: nr-failed UNITS --to ORIGIN (21.112)"
    assert refused(game, "nr-failed RM-CA-Messina --to Malta").message == (
        "nr-failed: RM-CA-Messina is not allies units; it is the allies player's turn")
    ok(game, "tf T1 Penelope Aurora")
    ok(game, "nr Alexandria Penelope Aurora --distance 20")
    assert game.state.world.units["Penelope"].tf == "T1"
    assert ok(game, "nr-failed Penelope Aurora --to Malta").message == (
        "Penelope, Aurora: NR failed, back at Malta, inverted (21.33)")
    assert [(u.base, u.tf, u.inverted) for u in map(game.state.world.units.get, ("Penelope", "Aurora"))] == [
        ("Malta", "", True), ("Malta", "", True)]


def test_21_112_only_the_excess_is_eliminated_and_what_is_still_over_is_said() -> None:
    """21.112: a unit whose loss already removes the excess is refused (the first named); eliminated units are sunk,
    out of their task force and no longer unusable; what is still over capacity is listed, base by base."""
    from tests.test_awaw_exact_verbs_basing import _allied, _fill

    game = _allied("Patrols, base changes, SW deployments")
    ok(game, "tf T1 Penelope Aurora")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    ok(game, "rebase Scapa Flow RN-CA-Rosyth --distance 10")
    ok(game, "build X1 britain destroyer 1 Malta")
    ok(game, "build X2 britain destroyer 1 Malta")
    _fill(game, "Malta", "M")
    _fill(game, "Rosyth", "R")
    ok(game, "rebase-failed RN-DD-Malta RN-CA-Rosyth")
    to_key(game, "first-turn/redeployment/naval-redeployment")
    assert refused(game, "eliminate Penelope X1").message == (
        "eliminate: Malta is over by 2 factors; without X1 the others already remove the excess, and only excess units "
        "are eliminated (21.112)")
    assert refused(game, "eliminate X1 X2 Penelope").message == (
        "eliminate: Malta is over by 2 factors; without X1 the others already remove the excess, and only excess units "
        "are eliminated (21.112)")
    assert ok(game, "eliminate X1").message == "X1 eliminated as excess (21.112); still over: Rosyth by 2, Malta by 1"
    assert ok(game, "eliminate Penelope").message == "Penelope eliminated as excess (21.112); still over: Rosyth by 2"
    assert ok(game, "eliminate RN-CA-Rosyth").message == "RN-CA-Rosyth eliminated as excess (21.112)"
    units = game.state.world.units
    assert [(units[i].sunk, units[i].tf, units[i].unusable) for i in ("Penelope", "RN-CA-Rosyth", "Aurora")] == [
        (True, "", False), (True, "", False), (False, "T1", False)]


# --- 21.44x: harbor attacks -----------------------------------------------------------------------------------------


def _harbor_game(**world_changes):
    """The bundled game at the Axis harbor attacks, the world changed by ``world_changes``."""
    game = awaw_game()
    to_key(game, "first-turn/movement/harbor-attacks")
    game.state = game.state.with_world(replace(game.state.world, **world_changes))
    return game


def test_21_444_no_initial_german_attack_left_and_the_research_result_is_not_the_initial_attack() -> None:
    """21.444: with no initial German attack left and no research result, refused even before any attack; 21.442: a
    power with the research result makes a research attack, the initial attack left untouched."""
    game = _harbor_game(harbor_attacks=0, initial_harbor_left=0)
    assert refused(game, "harbor germany Malta").message == (
        "harbor: germany does not have the research result harbor attacks require (21.442) (the initial German attack is "
        "only possible while no other harbor attack has been made, 21.444)")
    game = _harbor_game(harbor_attacks=0, initial_harbor_left=1)
    ok(game, "research germany yes")
    r = ok(game, "harbor germany Malta")
    assert r.message == "Harbor attack 1: germany on Malta (as announced); research result (21.442)"
    w = game.state.world
    assert (w.harbor_attacks, w.initial_harbor_left) == (1, 1)


def test_21_443_harbor_prompts_raised_in_the_segment_and_one_target_at_a_time() -> None:
    """21.443A-D: each step's prompt is raised in the harbor attacks segment; harbor-losses names one target only."""
    game = _harbor_game()
    seg = "first-turn/movement/harbor-attacks"
    assert refused(game, "harbor-losses Malta foo bar").message == (
        "harbor-losses: one target base at a time, not 'foo bar' (21.443A)")
    ok(game, "research germany yes")
    ok(game, "harbor germany Malta")
    assert [(p.id, p.raised) for p in game.state.flow.pending if p.id.startswith("harbor")] == [("harbor-1-B", seg)]
    ok(game, "answer harbor-1-B yes")
    assert [(p.id, p.raised) for p in game.state.flow.pending if p.id.startswith("harbor")] == [("harbor-1-C", seg)]
    ok(game, "answer harbor-1-C yes")
    assert [(p.id, p.raised) for p in game.state.flow.pending if p.id.startswith("harbor")] == [("harbor-1-D", seg)]


# --- 21.121: port construction --------------------------------------------------------------------------------------

CONSTRUCTION = "First player turn › End of player turn › Construction"


def _construction(**world_changes):
    """The bundled game, the Allies first, at their construction phase (Summer 1942), the world changed."""
    from tests.awaw_game import to

    game = awaw_game()
    to(game, CONSTRUCTION, first="allies")
    game.state = game.state.with_world(replace(game.state.world, **world_changes))
    return game


def test_21_121_construct_refusals_word_for_word() -> None:
    """21.121: the usage, a blank name, an unknown front, a name taken (any case), the Aleutians (21.121C, with or
    without the group), a hex another power holds, and the --island confirmation."""
    game = _construction(hex_control={"H5": "japan"})
    assert refused(game, "construct usa H5 pacific").message == "usage: construct POWER HEX FRONT NAME... --island (21.121)"
    assert refused(game, "construct usa H5 pacific ''").message == "a base's name cannot be blank"
    assert refused(game, "construct usa H5 atlantis Funafuti --island").message == (
        "'atlantis' is not a front (western, eastern, mediterranean, pacific)")
    assert refused(game, "construct usa H7 pacific MALTA --island").message == "there is already a base called MALTA"
    assert refused(game, "construct usa Q10 pacific Attu --island --group aleutians").message == (
        "ports may not be constructed in the Aleutians (Attu, group aleutians) (21.121C)")
    assert refused(game, "construct usa Q10 pacific Attu --island").message == (
        "ports may not be constructed in the Aleutians (Attu) (21.121C)")
    assert refused(game, "construct usa h5 pacific Funafuti --island").message == (
        "Funafuti (H5) is held by japan: a port is built only in a hex the constructing major power has controlled since "
        "the start of its player turn (21.121C)")
    assert refused(game, "construct usa H7 pacific Nukufetau").message == (
        "confirm with --island that the hex is a controlled, fully supplied one-hex island of a Pacific island group (not "
        "the Aleutians), held by the constructing power since the start of its player turn (21.121C)")


def test_21_121_a_port_counter_built_its_base_in_full_and_last_years_ports_not_counted() -> None:
    """21.121, 21.124: the port counter is a controlled, operational port of its front and group, held since the start of
    the phase, noted with the turn it was built; two ports built last year do not count against this year's two."""
    from tui.rules.awaw.bases import Base

    game = _construction(port_builds={"usa": [7764, 7765]})
    assert game.state.flow.turn == 7769
    r = ok(game, "construct usa H5 pacific Funafuti --island")
    assert r.message == ("Port counter Funafuti built in H5 by usa: 3 RPs and 10 BRPs, the BRPs counting against usa's "
                         "construction limit (21.121, 21.122); usable at once (21.124)")
    assert game.state.world.bases["Funafuti"] == Base("Funafuti", "port-counter", ("pacific",), "pacific", "H5", "usa",
                                                      True, "", "usa", "built Summer 1942")
    assert game.state.world.port_builds == {"usa": [7764, 7765, 7769]}


# --- 21.526, 21.221: the referee's DRM and operational status ------------------------------------------------------


def test_21_526_drm_knows_unit_nations_drm_entries_and_powers() -> None:
    """21.526: a navy is a nation of a unit, an entry of the DRM table or a power; the refusal lists them all."""
    game = awaw_game()
    to_key(game, "first-turn/movement/naval-movement")
    game.state = game.state.with_world(replace(game.state.world, drm={**game.state.world.drm, "netherlands": 0}))
    ok(game, "build AU1 britain cruiser 2 Malta --nation australia")
    assert refused(game, "drm xyz 1").message == (
        "no navy 'xyz' (australia, britain, france, germany, italy, japan, netherlands, usa, ussr)")
    assert ok(game, "drm australia -1").message == "australia naval nationality DRM -1 (21.526)"


def test_21_221_operational_reads_a_base_of_several_words() -> None:
    """21.221: ``operational BASE yes|no``: every word but the last names the base."""
    game = awaw_game()
    to_key(game, "first-turn/movement/naval-movement")
    assert ok(game, "operational Atlantic U.S. no").message == "Atlantic U.S. not operational (21.221)"
    assert game.state.world.bases["Atlantic U.S."].operational is False
