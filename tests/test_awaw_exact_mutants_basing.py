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
