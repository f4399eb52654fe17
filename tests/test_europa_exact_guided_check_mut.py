"""The guided anti-shipping check's questions, exactly (``tui/rules/europa/guided_check.py``: ``ask``, ``_need``,
``with_res``, ``_route_texts``): each question's whole prompt, message and the command its answer completes.

Rules: ``003_5744b160e91bc227.txt`` 33.A (check each item of cargo once per sea zone per naval movement phase; a
two step process, contact then effect), 33.B (the sea zone effects, 33.B.1.a the short Axis route -5, 33.B.1.b an
Allied route over 15 hexes from the Axis ports is not subject, 33.B.7 the South Aegean interdiction zone, 33.B.8 the
Red Sea, 33.B.10 the table), 33.D (contact: the enemy rolls 2d6 on the ANTI-SHIPPING TABLE) and 33.E (1d6 on the
SHIPPING RESULTS TABLE; SP/SRPs * "must be rolled for in 3 RE increments if possible").
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from msgspec.structs import replace

from tui.paths import data_dir
from tui.rules.core.errors import NeedAnswer
from tui.rules.core.state import Pending
from tui.rules.europa.guided_check import ask
from tui.rules.europa.seaworld import InterdictionZone
from tui.session import memory_game

USAGE = "check ZONE SIDE KIND[:RES] [--short|--far|...] [--roll|--dice N,N,..]"
CARGO_TEXT = ("Cargo item: sp = SPs/SRPs; unit = combat unit; rp = replacement points; empty-nt = empty NT/LC/LB "
              "sailing alone; naval = naval unit; carrier = carrier with a C-code fighter aboard")
CARGO_KINDS = ("sp", "unit", "rp", "empty-nt", "naval", "carrier")
ZONES = ("Baltic Sea", "Norwegian Sea", "Denmark Sea", "North Sea / North Atlantic", "English Channel", "French Atlantic",
         "African Atlantic Coast", "Arctic Ocean", "Western Mediterranean", "Central Mediterranean", "Tyrrhenian Sea",
         "Adriatic Sea", "Eastern Mediterranean", "Aegean Sea", "Red Sea", "Indian Ocean", "Persian Gulf")
RES_TEXT = "REs of SPs/SRPs (checked in 3 RE increments)"
SHORT_TEXT = "Route: short = only between ports on Sardinia, Corsica, Sicily, Bizerte, Tunis, Pantelleria (check --short)"
FAR_TEXT = ("Route: far = more than 15 hexes from every operational Axis-owned port (not jetties) in the Italian Central "
            "Mediterranean Islands or Mainland Italy (not subject)")
CMED_AXIS = "Anti-shipping check: Central Mediterranean, Axis shipping"


@pytest.fixture
def game():
    return memory_game(data_dir(), "europa", None, seed=1)


def message(text: str, rule: str) -> str:
    return f"the check asks: {text} [{rule}] — the app asks it; or type the whole command: {USAGE}"


def asked(game, line: str):
    """The question ``line`` asks, having changed nothing: (message, prompt, words, options, command text, into)."""
    before, events = game.state, list(game.events)
    r = game.execute(line)
    assert not r.ok and r.needs_answer is not None, r.message
    assert game.state == before and game.events == events
    q = r.needs_answer
    return r.message, q.prompt, q.command.args, q.command.options, q.command.text, q.into


def test_33A_nothing_given_asks_the_cargo_item_first_and_keeps_nothing_else(game) -> None:
    """33.A: an item of cargo is what is checked; with nothing given the cargo kind is asked, untitled, and the
    command keeps only ``--guided`` (no empty zone, side, cargo or route)."""
    prompt = Pending(id="check:cargo", text=CARGO_TEXT, kind="choice", choices=CARGO_KINDS, rule="33.A",
                     subject="Anti-shipping check")
    assert asked(game, "check") == (message(CARGO_TEXT, "33.A"), prompt, (), {"guided": True}, "check --guided", "cargo")


def test_33A_cargo_question_keeps_every_option_given_and_titles_zone_and_side(game) -> None:
    """33.A, 33.B.1.a (--short), 33.E Table 6 (--tight column): the cargo question is titled with the zone and side
    and the command keeps the route, the flag, the column, the name and --force as given."""
    msg, prompt, words, options, text, into = asked(
        game, "check central-med axis --guided --route short --short --tight --name conv --force")
    assert (msg, words, into) == (message(CARGO_TEXT, "33.A"), (), "cargo")
    assert prompt == Pending(id="check:cargo", text=CARGO_TEXT, kind="choice", choices=CARGO_KINDS, rule="33.A",
                             subject=CMED_AXIS)
    assert options == {"guided": True, "sea-zone": "central-med", "side": "axis", "route": "short", "short": True,
                       "tight": True, "name": "conv", "force": True}
    assert text == "check --guided --sea-zone central-med --side axis --route short --short --tight --name conv --force"


def test_33E_res_question_of_sps_in_3_re_increments_untitled_keeps_the_route(game) -> None:
    """33.E Table 6 (*): SPs/SRPs are rolled for in 3 RE increments, so their REs are asked (a number, 0.5 to 99)."""
    prompt = Pending(id="check:res", text=RES_TEXT, kind="number", min=0.5, max=99, rule="33.E Table 6 (*)",
                     subject="Anti-shipping check")
    assert asked(game, "check --cargo sp --route short") == (
        message(RES_TEXT, "33.E Table 6 (*)"), prompt, (), {"guided": True, "cargo": "sp", "route": "short"},
        "check --guided --cargo sp --route short", "res")


def test_33E_res_question_titled_and_asked_when_only_the_name_holds_a_colon(game) -> None:
    """33.E Table 6 (*): ``sp@a:b`` names the item ``a:b`` and gives no REs, so they are still asked."""
    prompt = Pending(id="check:res", text=RES_TEXT, kind="number", min=0.5, max=99, rule="33.E Table 6 (*)",
                     subject=CMED_AXIS)
    assert asked(game, "check central-med axis sp --guided")[1:] == (
        prompt, (), {"guided": True, "sea-zone": "central-med", "side": "axis", "cargo": "sp"},
        "check --guided --sea-zone central-med --side axis --cargo sp", "res")
    assert asked(game, "check central-med axis sp@a:b --guided")[1:4] == (
        prompt, (), {"guided": True, "sea-zone": "central-med", "side": "axis", "cargo": "sp@a:b"})


def test_33B_zone_question_lists_the_zones_in_effect_and_keeps_side_route_and_flag(game) -> None:
    """33.B: the sea zones of the table; the South Aegean interdiction zone is not one while undeclared (33.B.7)."""
    prompt = Pending(id="check:zone", text="Sea zone of the check", kind="choice", choices=ZONES, rule="33.B",
                     subject="Anti-shipping check")
    assert asked(game, "check --cargo unit --side axis --route short --short") == (
        message("Sea zone of the check", "33.B"), prompt, (),
        {"guided": True, "side": "axis", "cargo": "unit", "route": "short", "short": True},
        "check --guided --side axis --cargo unit --route short --short", "sea-zone")


def test_33B7_zone_question_offers_the_declared_interdiction_zone(game) -> None:
    """33.B.7 a): while declared, the naval interdiction zone is a separate sea zone, offered after the Red Sea."""
    world = game.state.world
    world = replace(world, sea=replace(world.sea, iz=InterdictionZone("tight", game.state.flow.turn)))
    st, pt, _ = game.ruleset.answers["guided-check"].args
    ctx = SimpleNamespace(state=replace(game.state, world=world), segment=game.segment)
    with pytest.raises(NeedAnswer) as exc:
        ask(st, pt, USAGE, ctx, "", "axis", "unit", "", {}, False)
    zones = ("Baltic Sea", "Norwegian Sea", "Denmark Sea", "North Sea / North Atlantic", "English Channel",
             "French Atlantic", "African Atlantic Coast", "Arctic Ocean", "Western Mediterranean",
             "Central Mediterranean", "Tyrrhenian Sea", "Adriatic Sea", "Eastern Mediterranean", "Aegean Sea",
             "South Aegean Interdiction Zone", "Red Sea", "Indian Ocean", "Persian Gulf")
    assert exc.value.question == Pending(id="check:zone", text="Sea zone of the check", kind="choice", choices=zones,
                                         rule="33.B", subject="Anti-shipping check")
    assert (exc.value.words, exc.value.options, exc.value.into) == (
        (), {"guided": True, "side": "axis", "cargo": "unit"}, "sea-zone")


def test_33A_side_question_keeps_zone_cargo_and_route(game) -> None:
    """33.A, 33.B: each side's shipping is affected differently, so whose shipping is asked (axis or allied)."""
    prompt = Pending(id="check:side", text="Whose shipping is checked", kind="choice", choices=("axis", "allied"),
                     rule="33.A", subject="Anti-shipping check")
    assert asked(game, "check --sea-zone central-med --cargo unit --route short") == (
        message("Whose shipping is checked", "33.A"), prompt, (),
        {"guided": True, "sea-zone": "central-med", "cargo": "unit", "route": "short"},
        "check --guided --sea-zone central-med --cargo unit --route short", "side")


def test_33B1b_allied_central_med_route_offers_far_as_not_subject(game) -> None:
    """33.B.1.b: Allied shipping in the Central Med is subject only within 15 hexes of an operational Axis port:
    the route question offers ``far`` (the exempt route, not subject)."""
    prompt = Pending(id="check:route", text=FAR_TEXT, kind="choice", choices=("none", "far"), rule="33.A",
                     subject="Anti-shipping check: Central Mediterranean, Allied shipping")
    assert asked(game, "check central-med allied unit --guided") == (
        message(FAR_TEXT, "33.A"), prompt, (), {"guided": True, "sea-zone": "central-med", "side": "allied",
                                               "cargo": "unit"},
        "check --guided --sea-zone central-med --side allied --cargo unit", "route")


def test_33B1a_axis_central_med_route_offers_the_short_route(game) -> None:
    """33.B.1.a: Axis cargo only between Sardinia, Corsica, Sicily, Bizerte, Tunis, Pantelleria: -5 (``short``)."""
    prompt = Pending(id="check:route", text=SHORT_TEXT, kind="choice", choices=("none", "short"), rule="33.A",
                     subject=CMED_AXIS)
    assert asked(game, "check central-med axis unit --guided") == (
        message(SHORT_TEXT, "33.A"), prompt, (), {"guided": True, "sea-zone": "central-med", "side": "axis",
                                                 "cargo": "unit"},
        "check --guided --sea-zone central-med --side axis --cargo unit", "route")


def roll_prompt(text: str) -> Pending:
    return Pending(id="check:roll", text=text, kind="roll", choices=("roll",), dice="2d6", rule="33.D, 33.E",
                   subject="Anti-shipping check: the roll")


def test_33E_seven_res_with_a_name_are_three_checks_of_3_3_1_at_the_malta_number(game) -> None:
    """33.E Table 6 (*): 7 REs are checked 3 + 3 + 1; 33.B.1.a: the Axis Central Med NSN is the Malta status number
    (10); 33.D Table 5 column 10 contacts on 3 and 6-12. ``--res 7`` goes before the name: ``sp:7@conv``."""
    text = ("Central Mediterranean, Axis shipping, sp:7@conv: 3 checks of 3, 3, 1 REs (33.E Table 6 *), each contact "
            "2d6, then on contact 1d6: NSN 10 (Axis naval status number, Central Mediterranean 10); ANTI-SHIPPING "
            "TABLE column 10: contact on 2d6 3, 6-12")
    assert asked(game, "check central-med axis sp@conv --res 7 --guided --route none") == (
        message(text, "33.D, 33.E"), roll_prompt(text), ("central-med", "axis", "sp:7@conv"), {},
        "check central-med axis sp:7@conv", "roll")


def test_33E_res_answer_replaces_the_res_typed(game) -> None:
    """33.E Table 6 (*): ``sp:2 --res 7`` checks 7 REs (the answer replaces the REs typed)."""
    text = ("Central Mediterranean, Axis shipping, sp:7: 3 checks of 3, 3, 1 REs (33.E Table 6 *), each contact "
            "2d6, then on contact 1d6: NSN 10 (Axis naval status number, Central Mediterranean 10); ANTI-SHIPPING "
            "TABLE column 10: contact on 2d6 3, 6-12")
    assert asked(game, "check central-med axis sp:2 --res 7 --guided --route none")[1:] == (
        roll_prompt(text), ("central-med", "axis", "sp:7"), {}, "check central-med axis sp:7", "roll")


def test_33B1a_six_res_on_the_short_route_are_two_checks_at_nsn_5(game) -> None:
    """33.E Table 6 (*): 6 REs are 3 + 3; 33.B.1.a: the short route subtracts 5 from the Malta number (10 - 5);
    33.D Table 5 column 5 contacts on 9-12."""
    text = ("Central Mediterranean, Axis shipping, sp:6 --short: 2 checks of 3, 3 REs (33.E Table 6 *), each contact "
            "2d6, then on contact 1d6: NSN 5 (Axis naval status number, Central Mediterranean 5); ANTI-SHIPPING TABLE "
            "column 5: contact on 2d6 9-12")
    assert asked(game, "check central-med axis sp:6 --guided --short") == (
        message(text, "33.D, 33.E"), roll_prompt(text), ("central-med", "axis", "sp:6"), {"short": True},
        "check central-med axis sp:6 --short", "roll")


def test_33D_one_unit_is_one_check_and_the_command_keeps_column_name_and_force(game) -> None:
    """33.A: a combat unit is one item, one check (no increments); 33.B.1.a --short NSN 5; the column (--tight, 33.E
    Table 6), the name and --force stay in the command the roll completes."""
    text = ("Central Mediterranean, Axis shipping, unit --short: contact 2d6, then on contact 1d6: NSN 5 (Axis naval "
            "status number, Central Mediterranean 5); ANTI-SHIPPING TABLE column 5: contact on 2d6 9-12")
    assert asked(game, "check central-med axis unit --guided --short --force --tight --name conv") == (
        message(text, "33.D, 33.E"), roll_prompt(text), ("central-med", "axis", "unit"),
        {"short": True, "tight": True, "name": "conv", "force": True},
        "check central-med axis unit --short --tight --name conv --force", "roll")


def test_33B8b_red_sea_allied_nsn_4_while_massaua_is_axis_owned(game) -> None:
    """33.B.8.b, 33.B.10 Table 3 (Red Sea): Massaua Axis-owned gives the Allied shipping NSN 4; 33.D column 4
    contacts on 3 and 10-12."""
    assert game.execute("capture Massaua axis").ok
    text = ("Red Sea, Allied shipping, unit: contact 2d6, then on contact 1d6: NSN 4 (Allied naval status number, Red "
            "Sea 4); ANTI-SHIPPING TABLE column 4: contact on 2d6 3, 10-12")
    assert asked(game, "check red-sea allied unit --guided --route none") == (
        message(text, "33.D, 33.E"), roll_prompt(text), ("red-sea", "allied", "unit"), {}, "check red-sea allied unit",
        "roll")


def test_33B8a_axis_red_sea_refused_and_eastern_med_asked(game) -> None:
    """33.B.8.a note: no Axis shipping in the Red Sea once the Allies have owned Massaua; 33.B.2.a: the Axis
    Eastern Med shipping (Crete not Allied) is checked at NSN 12 (33.D column 12: 3, 5-12)."""
    before = game.state
    r = game.execute("check red-sea axis unit --guided")
    assert (r.ok, r.message, r.needs_answer) == (
        False, "Axis shipping in the Red Sea is not allowed once the Allies have owned Massaua at any time "
               "(33.B.8.a note)", None)
    assert game.state == before
    text = ("Eastern Mediterranean, Axis shipping, unit: contact 2d6, then on contact 1d6: NSN 12 (Axis naval status "
            "number, Eastern Mediterranean 12); ANTI-SHIPPING TABLE column 12: contact on 2d6 3, 5-12")
    assert asked(game, "check eastern-med axis unit --guided")[:3] == (
        message(text, "33.D, 33.E"), roll_prompt(text), ("eastern-med", "axis", "unit"))


def test_33A_force_and_roll_are_not_route_options_the_check_runs_as_one_event(game) -> None:
    """33.A (once per item per zone per phase; --force the referee's repeat) and 33.D (--roll: the app rolls):
    neither is a route option of the zone, so the guided command runs: one check, one event."""
    r = game.execute("check central-med axis unit@conv --guided --force --roll --route none")
    assert r.ok, r.message
    assert [e["command"] for e in game.events] == ["check central-med axis unit@conv --guided --force --roll --route none"]
    [check] = game.ruleset.views["shipping-checks"](game.state)
    assert (check["item"], check["nsn"]) == ("conv", 10)
