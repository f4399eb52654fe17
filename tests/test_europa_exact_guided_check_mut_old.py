"""The older guided anti-shipping check, exactly (``guided_start``, ``guided_next``, ``guided_answer`` of
``tui/rules/europa/guided_check.py``): logs written before issue 12 hold ``check`` then one ``answer check-N:...``
per question; each prompt, summary and the check it ends in are asserted whole.

Rules: ``003_5744b160e91bc227.txt`` 33.A (an item of cargo checked once per sea zone per naval movement phase:
contact, then effect), 33.B.1.a (Axis Central Med: the Malta status number, -5 on the short route), 33.B.1.b (an
Allied route over 15 hexes from the Axis ports is not subject), 33.B.7 (the South Aegean interdiction zone, its
tight/loose columns), 33.B.8 (Red Sea), 33.D (2d6 contact by the enemy player), 33.E (1d6 result; SP/SRPs * in 3 RE
increments).
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tui.engine.context import EngineContext
from tui.paths import data_dir
from tui.rules.core.dice import DiceSpec, roll_typed
from tui.rules.core.errors import RuleError
from tui.rules.core.state import Pending
from tui.rules.europa.antishipping import Item
from tui.rules.europa.guided_check import guided_answer, guided_start
from tui.rules.europa.seaworld import InterdictionZone
from tui.session import memory_game

SEGMENT = "axis-turn/initial/initial-naval"
ZONES = ("Baltic Sea", "Norwegian Sea", "Denmark Sea", "North Sea / North Atlantic", "English Channel", "French Atlantic",
         "African Atlantic Coast", "Arctic Ocean", "Western Mediterranean", "Central Mediterranean", "Tyrrhenian Sea",
         "Adriatic Sea", "Eastern Mediterranean", "Aegean Sea", "Red Sea", "Indian Ocean", "Persian Gulf")
CARGO_TEXT = ("Cargo item: sp = SPs/SRPs; unit = combat unit; rp = replacement points; empty-nt = empty NT/LC/LB "
              "sailing alone; naval = naval unit; carrier = carrier with a C-code fighter aboard")
SHORT_TEXT = "Route: short = only between ports on Sardinia, Corsica, Sicily, Bizerte, Tunis, Pantelleria (check --short)"
FAR_TEXT = ("Route: far = more than 15 hexes from every operational Axis-owned port (not jetties) in the Italian Central "
            "Mediterranean Islands or Mainland Italy (not subject)")
NSN10 = ("NSN 10 (Axis naval status number, Central Mediterranean 10); ANTI-SHIPPING TABLE column 10: contact on 2d6 3, "
         "6-12")
NSN5 = "NSN 5 (Axis naval status number, Central Mediterranean 5); ANTI-SHIPPING TABLE column 5: contact on 2d6 9-12"


@pytest.fixture
def game():
    return memory_game(data_dir(), "europa", None, seed=1)


def tables(game):
    st, pt, run_items = game.ruleset.answers["guided-check"].args
    return st, pt, run_items


def context(game, *faces: tuple[int, ...]) -> EngineContext:
    """The context of a replayed ``answer``: its recorded rolls (2d6 contact, then 1d6 on contact)."""
    rolls = [roll_typed(DiceSpec.parse(f"{len(f)}d6"), f, "33.D contact" if len(f) == 2 else "33.E result") for f in faces]
    return EngineContext(state=game.state, ruleset=game.ruleset, seq=1, game_seed=1, recorded=rolls)


def args(**given) -> dict:
    return {"id": "check-1", "zone": "", "side": "", "cargo": "", "name": "#1", "iz": "", "flags": [], "force": False,
            **given}


def prompt(stage: str, text: str, kind: str, a: dict, rule: str = "33.A", **more) -> Pending:
    return Pending(id=f"check-1:{stage}", text=text, kind=kind, effect="guided-check", rule=rule, args=a,
                   raised=SEGMENT, **more)


def start(game, zone="", side="", cargo="", name="", iz="", flags=(), force=False):
    st, pt, _ = tables(game)
    return guided_start(st, pt, context(game), zone, side, cargo, name, iz, list(flags), force)


def answer(game, p: Pending, value: str, run_items=None, ctx=None):
    st, pt, run = tables(game)
    return guided_answer(st, pt, run_items or run, ctx or context(game), p, value)


def test_33B_nothing_given_asks_the_zone_and_counts_the_check(game) -> None:
    """33.B: the zone first (the zones in effect; 33.B.7 the interdiction zone only while declared); the check is
    counted (check-1, named #1)."""
    out = start(game)
    assert out.summary == "Anti-shipping check check-1: Sea zone of the check"
    assert out.raise_prompts == (prompt("zone", "Sea zone of the check", "choice", args(), "33.B", choices=ZONES),)
    assert (out.world.sea.serial, game.state.world.sea.serial) == (1, 0)
    assert out.world == replace(game.state.world, sea=replace(game.state.world.sea, serial=1))


def test_33B7_a_declared_interdiction_zone_is_a_zone_of_the_check(game) -> None:
    """33.B.7 a): while declared it is a separate sea zone (offered after the Aegean Sea)."""
    world = game.state.world
    world = replace(world, sea=replace(world.sea, iz=InterdictionZone("loose", game.state.flow.turn), serial=4))
    st, pt, _ = tables(game)
    ctx = EngineContext(state=replace(game.state, world=world), ruleset=game.ruleset, seq=1, game_seed=1, recorded=[])
    out = guided_start(st, pt, ctx, "", "", "", "", "", [], False)
    zones = ZONES[:14] + ("South Aegean Interdiction Zone",) + ZONES[14:]
    assert out.raise_prompts == (Pending(
        id="check-5:zone", text="Sea zone of the check", kind="choice", effect="guided-check", rule="33.B",
        args={"id": "check-5", "zone": "", "side": "", "cargo": "", "name": "#5", "iz": "", "flags": [],
              "force": False}, raised=SEGMENT, choices=zones),)
    assert out.summary == "Anti-shipping check check-5: Sea zone of the check"


def test_33A_side_then_cargo_are_asked_with_what_was_given_kept(game) -> None:
    """33.A, 33.B: whose shipping (axis or allied), then the item of cargo, each keeping the name, column, flags."""
    out = start(game, zone="central-med", cargo="sp@conv", name="conv", iz="tight", flags=["short"], force=True)
    given = args(zone="central-med", cargo="sp@conv", name="conv", iz="tight", flags=["short"], force=True)
    side = prompt("side", "Whose shipping is checked", "choice", given, choices=("axis", "allied"))
    assert (out.summary, out.raise_prompts) == ("Anti-shipping check check-1: Whose shipping is checked", (side,))
    out = start(game, zone="central-med", side="axis")
    cargo = prompt("cargo", CARGO_TEXT, "choice", args(zone="central-med", side="axis"),
                   choices=("sp", "unit", "rp", "empty-nt", "naval", "carrier"))
    assert (out.summary, out.raise_prompts) == (f"Anti-shipping check check-1: {CARGO_TEXT}", (cargo,))


def test_33E_res_of_an_sp_item_then_the_route_then_the_roll(game) -> None:
    """33.E Table 6 (*): SPs/SRPs are asked their REs (3 RE increments; a named item too); 33.B.1.a the short route;
    the roll prompt of 7 REs: 3 + 3 + 1, flags given (--short): NSN 10 - 5 = 5, 33.D column 5 contacts on 9-12."""
    side = start(game, zone="central-med", cargo="sp@conv", name="conv", flags=["short"]).raise_prompts[0]
    out = answer(game, side, "axis")
    named = args(zone="central-med", side="axis", cargo="sp@conv", name="conv", flags=["short"])
    res_text = "REs of SPs/SRPs (checked in 3 RE increments)"
    assert (out.summary, out.raise_prompts) == (f"check-1:side: axis — next: {res_text}", (
        prompt("res", res_text, "number", named, "33.E Table 6 (*)", min=0.5, max=99),))
    side = start(game, zone="central-med", cargo="sp", flags=["short"]).raise_prompts[0]
    res = answer(game, side, "axis").raise_prompts[0]
    given = args(zone="central-med", side="axis", cargo="sp", flags=["short"])
    assert res == prompt("res", res_text, "number", given, "33.E Table 6 (*)", min=0.5, max=99)
    out = answer(game, res, "7")
    route = prompt("route", SHORT_TEXT, "choice", {**given, "cargo": "sp:7"}, choices=("none", "short"))
    assert (out.summary, out.raise_prompts) == (f"check-1:res: 7 — next: {SHORT_TEXT}", (route,))
    out = answer(game, route, "none")
    text = f"3 checks of 3, 3, 1 REs (33.E Table 6 *), each contact 2d6, then on contact 1d6: {NSN5}"
    roll = prompt("roll", text, "roll", {**given, "cargo": "sp:7", "route": "none"}, "33.D, 33.E", dice="2d6",
                  choices=("roll",))
    assert (out.summary, out.raise_prompts) == (f"check-1:route: none — next: {text}", (roll,))


def test_33E_seven_and_six_res_are_three_and_two_checks(game) -> None:
    """33.E Table 6 (*): 7 REs are checked 3 + 3 + 1, 6 REs 3 + 3 (33.B.1.a NSN 10 with no route)."""
    for cargo, stages in (("sp:7", "3 checks of 3, 3, 1 REs"), ("sp:6", "2 checks of 3, 3 REs")):
        route = start(game, zone="central-med", cargo=cargo).raise_prompts[0]
        assert route.id == "check-1:side"
        route = answer(game, route, "axis").raise_prompts[0]
        out = answer(game, route, "none")
        text = f"{stages} (33.E Table 6 *), each contact 2d6, then on contact 1d6: {NSN10}"
        assert out.summary == f"check-1:route: none — next: {text}"
        assert out.raise_prompts == (prompt("roll", text, "roll", args(zone="central-med", side="axis", cargo=cargo,
                                                                          route="none"),
                                            "33.D, 33.E", dice="2d6", choices=("roll",)),)


def test_33B1b_allied_route_offers_far_and_far_is_refused_as_not_subject(game) -> None:
    """33.B.1.b: the Allied Central Med route question offers ``far``, and ``far`` is not subject: refused."""
    side = start(game, zone="central-med", cargo="unit").raise_prompts[0]
    out = answer(game, side, "allied")
    route = prompt("route", FAR_TEXT, "choice", args(zone="central-med", side="allied", cargo="unit"),
                   choices=("none", "far"))
    assert (out.summary, out.raise_prompts) == (f"check-1:side: allied — next: {FAR_TEXT}", (route,))
    with pytest.raises(RuleError) as exc:
        answer(game, route, "far")
    assert str(exc.value) == (
        "Allied shipping in the Central Mediterranean more than 15 hexes from every operational Axis-owned port (not "
        "jetties) in the Italian Central Mediterranean Islands or Mainland Italy is not subject to interference "
        "(33.B.1.b; 33.B.10 Table 3 (West or Central Med))")


def test_33B8_red_sea_axis_refused_and_allied_nsn_4_with_massaua_axis(game) -> None:
    """33.B.8.a note: no Axis shipping in the Red Sea once the Allies have owned Massaua; 33.B.8.b, 33.B.10 Table 3:
    Allied shipping NSN 4 while Massaua is Axis-owned (33.D column 4: 3, 10-12)."""
    side = start(game, zone="red-sea", cargo="unit").raise_prompts[0]
    with pytest.raises(RuleError) as exc:
        answer(game, side, "axis")
    assert str(exc.value) == ("Axis shipping in the Red Sea is not allowed once the Allies have owned Massaua at any "
                              "time (33.B.8.a note)")
    assert game.execute("capture Massaua axis").ok
    out = answer(game, side, "allied")
    text = ("contact 2d6, then on contact 1d6: NSN 4 (Allied naval status number, Red Sea 4); ANTI-SHIPPING TABLE "
            "column 4: contact on 2d6 3, 10-12")
    assert out.summary == f"check-1:side: allied — next: {text}"
    assert out.raise_prompts == (prompt("roll", text, "roll", args(zone="red-sea", side="allied", cargo="unit"),
                                        "33.D, 33.E", dice="2d6", choices=("roll",)),)


def test_33D_the_roll_runs_the_check_with_the_route_name_column_and_force(game) -> None:
    """33.A (--force: a second check of the item this phase, recorded), 33.B.1.a (route short), 33.E Table 6 (the
    column given): the roll answer runs exactly the check the answers made."""
    route = start(game, zone="central-med", side="axis", cargo="unit@conv", name="conv", iz="outside",
                  force=True).raise_prompts[0]
    out = answer(game, route, "short")
    text = f"contact 2d6, then on contact 1d6: {NSN5}"
    given = args(zone="central-med", side="axis", cargo="unit@conv", name="conv", iz="outside", force=True,
                 flags=["short"], route="short")
    roll = prompt("roll", text, "roll", given, "33.D, 33.E", dice="2d6", choices=("roll",))
    assert (out.summary, out.raise_prompts) == (f"check-1:route: short — next: {text}", (roll,))
    calls = []
    assert answer(game, roll, "roll", run_items=lambda *a: calls.append(a[1:]) or "ran") == "ran"
    assert calls == [(game.state.world, "central-med", "axis", [Item("conv", "unit", 0.0)], frozenset({"short"}),
                      "outside", True)]
    assert calls[0][-1] is True


def test_33A_force_repeats_a_check_of_the_item_this_phase(game) -> None:
    """33.A: an item once per sea zone per naval movement phase; the referee's --force checks it again (recorded)."""
    assert game.execute("check central-med axis unit@conv --roll").ok
    route = start(game, zone="central-med", side="axis", cargo="unit@conv", name="conv", force=True).raise_prompts[0]
    roll = answer(game, route, "none").raise_prompts[0]
    out = answer(game, roll, "roll", ctx=context(game, (6, 6), (2,)))
    assert out.summary == ("Axis shipping, Central Mediterranean: conv, combat unit, Central Mediterranean: NSN 10, 2d6 "
                           "12 — CONTACT; 1d6 2 (outside) = NE: No effect: conv is not affected.")
    assert out.details == ("contact rolls made by the Allied player, the enemy of the shipping checked (33.D)",
                           "forced by the referee: second check this phase of conv (recorded)")
    assert [(c.item, c.nsn, c.contact_roll, c.result, c.forced) for c in out.world.sea.checks] == [
        ("conv", 10, game.state.world.sea.checks[0].contact_roll, game.state.world.sea.checks[0].result, False),
        ("conv", 10, 12, "NE", True)]


def test_33E_a_column_other_than_outside_is_refused_outside_an_interdiction_zone(game) -> None:
    """33.E Table 6, 33.B.7 a): the tight/loose columns are the interdiction zone's; in the Central Med it is
    ``outside``, so a logged --tight is refused at the roll."""
    route = start(game, zone="central-med", side="axis", cargo="unit", iz="tight").raise_prompts[0]
    roll = answer(game, route, "none").raise_prompts[0]
    assert roll.text == f"contact 2d6, then on contact 1d6: {NSN10}"
    with pytest.raises(RuleError) as exc:
        answer(game, roll, "roll", ctx=context(game, (6, 6), (2,)))
    assert str(exc.value) == ("--tight: cargo contacted in the Central Mediterranean, not a declared naval "
                              "interdiction zone uses the outside column; give --outside or nothing (33.E Table 6; "
                              "33.B.7)")
