"""Exact tests of the AWAW base changes and displacement (seed 004, 21.22x, 21.23x): ``rebase``, ``rebase-failed``,
``displace`` and its 21.232 prompts, word for word with their figures, guarding ``tui/rules/awaw/verbs_basing.py`` and
``verbs_displace.py``. The bundled game, the Allied player turn first."""

from __future__ import annotations

from tests.awaw_game import awaw_game, ok, refused, to


def _figures(result) -> list[tuple]:
    """A result's explained figures as (name, value, rule, notes)."""
    return [(e.name, e.value, e.rule, e.notes) for e in result.explanations]


def _allied(segment: str):
    """The bundled game, the Allies first, at ``segment``."""
    game = awaw_game()
    to(game, segment, first="allies")
    return game


def test_21_22_rebase_refusals() -> None:
    """21.223: a base held at the start of the movement phase; 21.321: a new base; one base at a time; 21.221: not
    waiting for repair; 21.32: one base change a movement phase."""
    game = _allied("Patrols, base changes, SW deployments")
    assert refused(game, "rebase Taranto RN-DD-Malta --distance 5").message == (
        "rebase: Taranto was held by italy at the start of the movement phase; the new base must have been controlled by "
        "the allies side then (21.223)")
    assert refused(game, "rebase Malta RN-DD-Malta --distance 5").message == "rebase: the units are already at Malta (21.321)"
    assert refused(game, "rebase Alexandria RN-DD-Malta Penelope RN-CA-Rosyth --distance 5").message == (
        "rebase: units from one base at a time; these are at Malta, Rosyth")
    assert refused(game, "rebase Alexandria QueenElizabeth --distance 10").message == (
        "rebase: QueenElizabeth is waiting for repair and cannot change base (21.221)")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    assert refused(game, "rebase Malta RN-DD-Malta --distance 40").message == (
        "rebase: RN-DD-Malta has already changed base this movement phase (21.32)")


def test_21_223_21_224_a_base_change_its_figures_and_inversion() -> None:
    """21.223: within range and the hexes on the map (21.36A), with room (21.112); 21.224: port to port in one theater
    is not inverted, between theaters it is (33.74B)."""
    game = _allied("Patrols, base changes, SW deployments")
    r = ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    assert r.message == "RN-DD-Malta changed base Malta → Alexandria, 40 hexes; not inverted (21.224)"
    assert list(r.details) == []
    assert _figures(r) == [("Base change range", 40, "21.223, 21.3613", ()),
                           ("Distance at least the hexes on the map", 13, "21.36A", ()),
                           ("Room left at Alexandria", 38, "21.11, 21.112",
                            ("not counted, waiting for repair (21.113): QueenElizabeth, Valiant",))]
    u = game.state.world.units["RN-DD-Malta"]
    assert (u.base, u.base_changed, u.inverted, u.note) == ("Alexandria", True, False, "from Malta")
    r = ok(game, "rebase Port Said RN-DD-India --distance 20")
    assert r.message == ("RN-DD-India changed base India → Port Said, 20 hexes; inverted: between theaters, pacific to europe "
                         "(21.224, 33.74B)")
    assert _figures(r) == [("Base change range", 20, "21.223, 21.3613", ()),
                           ("Room left at Port Said", 45, "21.11, 21.112",
                            ("not counted, transports are not put into TFs (21.35C): RN-TR-Med",))]
    assert game.state.world.units["RN-DD-India"].inverted


def test_21_222_a_defeated_base_change_goes_back_inverted() -> None:
    """21.222: intercepted and defeated, the units return to their original base, inverted; only units that changed
    base this phase."""
    game = _allied("Patrols, base changes, SW deployments")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    assert refused(game, "rebase-failed Penelope").message == "rebase-failed: Penelope has not changed base this phase (21.222)"
    r = ok(game, "rebase-failed RN-DD-Malta")
    assert (r.message, list(r.details)) == (
        "RN-DD-Malta defeated while changing base: back at their original base, inverted (21.222)", [])
    u = game.state.world.units["RN-DD-Malta"]
    assert (u.base, u.inverted, u.note, u.base_changed, u.unusable) == ("Malta", True, "", True, False)


def test_21_23_displacement_refusals() -> None:
    """21.23: the usage; the capture recorded first; a controlled port; only displaced units; 21.23D: in range, or none."""
    game = _allied("Ground movement")
    assert refused(game, "displace Messina").message == "usage: displace FROM TO|none [UNITS] --distance N [--front F] (21.23)"
    assert refused(game, "displace Messina Naples --distance 5").message == (
        "displace: no naval units of the side that lost Messina are there; record the capture first with control Messina "
        "POWER (21.23)")
    ok(game, "control Messina britain")
    assert refused(game, "displace Messina Malta --distance 5").message == (
        "displace: Malta is held by britain; units are displaced to a controlled port (21.23)")
    assert refused(game, "displace Messina Naples Penelope --distance 5").message == (
        "displace: Penelope is not a displaced unit at Messina")
    assert refused(game, "displace Messina none Penelope").message == "displace: Penelope is not a displaced unit at Messina"
    assert refused(game, "displace Messina Naples --distance 41").message == (
        "Displacement: 41 hexes is beyond the 40-hex limit in Europe (21.23D, 21.3613); with no port in range type "
        "`displace Messina none` (21.23D)")


def test_21_23_21_232_displacement_and_its_prompts_word_for_word() -> None:
    """21.23B: those named go, the rest are still to displace; 21.233: inverted; 21.5153D: recorded; 21.232A-D: the
    enemy's engagements on the way, round after round; 21.23D: no port in range, eliminated."""
    game = _allied("Ground movement")
    ok(game, "control Messina britain")
    r = ok(game, "displace Messina Naples RM-CA-Messina --distance 5")
    assert r.message == ("RM-CA-Messina displaced Messina → Naples, 5 hexes, inverted (21.23, 21.233); answer displace-1 if "
                         "the enemy engages them on the way (21.232)")
    assert list(r.details) == ["still to displace from Messina: RM-DD-Messina, KM-SS-Med (21.23B: to the next closest port)"]
    assert _figures(r) == [("Displacement range", 5, "21.23D, 21.3613", ()),
                           ("Distance at least the hexes on the map", 2, "21.36A", ()),
                           ("Room left at Naples", 39, "21.11, 21.112",
                            ("not counted, transports are not put into TFs (21.35C): RM-TR-1",))]
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.base, u.inverted, u.tf, u.at_sea) == ("Naples", True, "", "")
    assert game.state.world.ops["displaced_from"] == {"Messina": {"RM-CA-Messina": False}}
    choices = ("not engaged", "engaged, fought through", "withdrew together")
    prompts = lambda: [(p.id, p.text, p.choices, p.rule, p.subject, dict(p.args), p.required, p.effect)  # noqa: E731
                       for p in game.state.flow.pending if p.id.startswith("displace")]
    assert prompts() == [("displace-1", "Displaced RM-CA-Messina on the way to Naples: does the enemy attack them by air or "
                          "intercept them (21.232)? They may not abort.", choices, "21.232", "Naples",
                          {"units": ["RM-CA-Messina"], "to": "Naples"}, False, "displace-step")]
    again = ("Displaced RM-CA-Messina go on to Naples: do additional enemy forces, submarines included, attack them by air or "
             "intercept them further along the route (21.232C, D)? They may not abort.")
    assert ok(game, "answer displace-1 'engaged, fought through'").message == (
        "RM-CA-Messina fought through to Naples: displaced units may not abort after being engaged (21.232B); they are "
        "attacked by air as they enter each hex and may be intercepted again, submarines included (21.232C, D): answer "
        "displace-1-2 if they are (intercept ... --displaced RM-CA-Messina). Record losses with damage/sink.")
    args = {"units": ["RM-CA-Messina"], "to": "Naples", "root": "displace-1"}
    assert prompts() == [("displace-1-2", again, choices, "21.232D", "Naples", {**args, "round": 2}, False, "displace-step")]
    assert ok(game, "answer displace-1-2 'withdrew together'").message == (
        "RM-CA-Messina withdrew from the naval combat in their entirety, leaving no unit behind, and continue along the same "
        "route to Naples (21.232B): answer displace-1-3 if further enemy forces engage them (21.232D). Record losses with "
        "damage/sink.")
    assert prompts() == [("displace-1-3", again, choices, "21.232D", "Naples", {**args, "round": 3}, False, "displace-step")]
    assert ok(game, "answer displace-1-3 'not engaged'").message == "RM-CA-Messina reached Naples unengaged (21.232)"
    assert prompts() == []
    assert ok(game, "displace Messina none").message == (
        "RM-DD-Messina, KM-SS-Med eliminated: no controlled port with room within 40 hexes of Messina (21.23D)")
    assert all(game.state.world.units[i].sunk for i in ("RM-DD-Messina", "KM-SS-Med"))


def _redeploying():
    """The bundled game at the Allied naval redeployment (the second player turn)."""
    from tests.test_awaw_ops_engine import to as to_key

    game = awaw_game()
    to_key(game, "second-turn/redeployment/naval-redeployment")
    return game


def test_21_32_21_3612_nr_refusals_and_a_redeployment() -> None:
    """21.32: one base at a time, not waiting for repair; 21.3612: to a controlled base, within range and touching a
    port every 20/10 hexes (21.36C); 21.36A: at least the hexes on the map."""
    game = _redeploying()
    assert refused(game, "nr Alexandria RN-DD-Malta Penelope RN-CA-Rosyth --distance 5").message == (
        "nr: units from one base at a time; these are at Malta, Rosyth")
    assert refused(game, "nr Taranto RN-DD-Malta --distance 5").message == (
        "nr: Taranto is not controlled by the allies side (21.3612)")
    assert refused(game, "nr Alexandria QueenElizabeth --distance 5").message == "nr: QueenElizabeth is waiting for repair (21.32)"
    assert refused(game, "nr Port Said RN-DD-India --distance 20").message == (
        "Sea supply, NR, sea escort: leg 1 crosses 20 hexes without touching a port; the most is 10 (21.36C, 21.3612)")
    r = ok(game, "nr Alexandria RN-DD-Malta --distance 20")
    assert (r.message, list(r.details)) == ("RN-DD-Malta redeployed Malta → Alexandria, 20 hexes (21.32, 21.3612)", [])
    assert _figures(r) == [("Sea supply, NR, sea escort range", 20, "21.3612", ()),
                           ("Distance at least the hexes on the map", 13, "21.36A", ())]
    u = game.state.world.units["RN-DD-Malta"]
    assert (u.base, u.inverted, u.unusable) == ("Alexandria", False, False)


def test_21_214E_the_route_question_and_its_two_answers() -> None:
    """21.214E: a redeployment from the Atlantic U.S. box with no port typed asks which listed port (held by the side) it
    passes; 'none of them' leaves the units; a port carries it out, checked again."""
    game = _redeploying()
    r = ok(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20")
    question = ("USN-CA-Lant, Atlantic U.S. box → Malta: which western front port does the redeployment pass through? It must "
                "terminate in or pass through one (21.214E)")
    assert r.message == f"nr-1: {question} — answer nr-1 PORT or 'none of them'"
    (p,) = [p for p in game.state.flow.pending if p.id.startswith("nr-")]
    assert (p.id, p.text, p.kind, p.choices, p.rule, p.subject, p.required, p.effect) == (
        "nr-1", question, "choice", ("Gibraltar", "Liverpool", "Plymouth", "Rosyth", "Scapa Flow", "none of them"), "21.214E",
        "Malta", True, "nr-route")
    assert dict(p.args) == {"args": ["Malta", "USN-CA-Lant"], "options": {"distance": "40", "legs": "20,20"},
                            "units": "USN-CA-Lant", "box": "Atlantic U.S.", "board": "Malta", "what": "a western front port"}
    assert ok(game, "answer nr-1 'none of them'").message == (
        "nr-1: USN-CA-Lant passes no western front port between the Atlantic U.S. box and Malta: the redeployment is not "
        "carried out (21.214E, 28.75)")
    assert game.state.world.units["USN-CA-Lant"].base == "Atlantic U.S."
    ok(game, "nr Malta USN-CA-Lant --distance 40 --legs 20,20")
    r = ok(game, "answer nr-2 Gibraltar")
    assert r.message == ("nr-2: Gibraltar passed — USN-CA-Lant redeployed Atlantic U.S. → Malta, 40 hexes (21.32, 21.3612); "
                         "through Gibraltar, a western front port (21.214E)")
    assert _figures(r) == [("Sea supply, NR, sea escort range", 40, "21.3612", ())]
    assert game.state.world.units["USN-CA-Lant"].base == "Malta"


def test_21_112_a_failed_nr_and_elimination_of_excess() -> None:
    """21.112, 21.33: a failed NR goes back inverted; only the excess of an overstacked base is eliminated."""
    game = _redeploying()
    assert refused(game, "nr-failed RN-DD-Malta").message == "usage: nr-failed UNITS --to ORIGIN (21.112)"
    ok(game, "nr Alexandria RN-DD-Malta --distance 20")
    assert ok(game, "nr-failed RN-DD-Malta --to Malta").message == "RN-DD-Malta: NR failed, back at Malta, inverted (21.33)"
    u = game.state.world.units["RN-DD-Malta"]
    assert (u.base, u.inverted, u.unusable, u.note) == ("Malta", True, False, "")
    assert refused(game, "eliminate Penelope").message == (
        "eliminate: Malta is not over capacity; only excess units are eliminated (21.112)")


def test_21_33_units_at_sea_return_home_or_to_another_friendly_base_in_range() -> None:
    """21.33: only units at sea return; home inverted (21.4183), or to another base held at the start of the player
    turn within 20 hexes of the activity hex, with room."""
    from tests.test_awaw_ops_engine import to as to_key

    game = awaw_game()
    to_key(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina RM-DD-Messina --distance 5")
    for step, value in (("route", "no interception"), ("strikes", "remain at sea"), ("hex", "no interception")):
        ok(game, f"answer patrol-1-{step} '{value}'")
    assert refused(game, "return Doria").message == "return: Doria is not at sea (21.33)"
    assert refused(game, "return Doria Cesare").message == "return: Doria, Cesare are not at sea (21.33)"
    assert refused(game, "return RM-CA-Messina --to Malta --distance 5").message == (
        "return: Malta was not under friendly control at the start of the player turn (21.33)")
    assert refused(game, "return RM-CA-Messina --to Naples --distance 50").message == (
        "Return to another base: 50 hexes is beyond the 20-hex limit in Europe (21.33)")
    r = ok(game, "return RM-CA-Messina --to Naples --distance 5")
    assert r.message == "RM-CA-Messina returned to Naples, 5 hexes from the activity hex, inverted (21.33)"
    assert _figures(r) == [("Return to another base range", 5, "21.33", ()),
                           ("Room left at Naples", 39, "21.11, 21.112",
                            ("not counted, transports are not put into TFs (21.35C): RM-TR-1",))]
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.base, u.inverted, u.at_sea, u.sea_hex, u.tf) == ("Naples", True, "", "", "")
    assert ok(game, "return RM-DD-Messina --to origin").message == (
        "RM-DD-Messina back at their base of origin, inverted (21.33, 21.4183)")
    u = game.state.world.units["RM-DD-Messina"]
    assert (u.base, u.inverted, u.at_sea, u.sea_hex) == ("Messina", True, "", "")


def _fill(game, base: str, tag: str) -> None:
    """Build British battleships at ``base`` until no room is left there (a counter holds 20 factors at most)."""
    from tui.rules.awaw import basing as B

    w = game.state.world
    left = B.room_left(w, w.bases[base], game.ruleset.tables).value
    for i in range(0, left, 20):
        ok(game, f"build {tag}{i} britain battleship {min(20, left - i)} '{base}'")


def test_21_222_21_112_defeated_base_changes_back_to_full_bases_are_unusable_excess() -> None:
    """21.222: back even overstacked; 21.112: each base over capacity is named and the units sent back there may not be
    used this player turn; the acting side's units only; once back, a unit has no base change to fail again."""
    game = _allied("Patrols, base changes, SW deployments")
    ok(game, "rebase Alexandria RN-DD-Malta --distance 40")
    ok(game, "rebase Scapa Flow RN-CA-Rosyth --distance 10")
    _fill(game, "Malta", "M")
    _fill(game, "Rosyth", "R")
    assert refused(game, "rebase-failed RM-CA-Messina").message == (
        "rebase-failed: RM-CA-Messina is not allies units; it is the allies player's turn")
    r = ok(game, "rebase-failed RN-DD-Malta RN-CA-Rosyth")
    assert r.message == ("RN-DD-Malta, RN-CA-Rosyth defeated while changing base: back at their original base, inverted "
                         "(21.222)")
    assert list(r.details) == [
        f"{b} is over capacity by 2 factors: the excess may not be used this player turn and must be remedied by the end of "
        "the redeployment phase or eliminated (21.112, 21.222)" for b in ("Rosyth", "Malta")]
    assert [game.state.world.units[u].unusable for u in ("RN-DD-Malta", "RN-CA-Rosyth")] == [True, True]
    assert refused(game, "rebase-failed RN-DD-Malta").message == (
        "rebase-failed: RN-DD-Malta has not changed base this phase (21.222)")
