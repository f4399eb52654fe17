"""Exact tests of what the AWAW operations verbs share (seed 004, 21.31-21.6), each guarding a change to
``tui/rules/awaw/ops_helpers.py`` the engine tests let pass: the acting force and its power (21.31, 21.312), the cargo
(21.35), a typed distance against the map (21.36A), the places a mission enters and the targeted hexes (21.321), the
per-turn record (21.315, 21.435G), mission ids and the referee's confirmations, and islands without a port (21.37)."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import pytest

from awaw_core_fixtures import base, tables, unit, world
from tui.paths import data_dir
from tui.rules.awaw import ops_helpers as H
from tui.rules.awaw.ops_tables import OpsTables, load_ops_tables
from tui.rules.awaw.transport import Cargo, Place
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.errors import RuleError
from tui.rules.core.ruleset import Outcome
from tui.rules.core.state import Pending


@lru_cache(maxsize=1)
def _ops() -> OpsTables:
    return load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")


def _env(side: str = "allies") -> H.Env:
    return H.Env(tables(), _ops(), lambda _ctx: side)


def _ctx(w: AwawWorld, turn: int = 3) -> Any:
    return SimpleNamespace(state=SimpleNamespace(world=w, flow=SimpleNamespace(turn=turn)),
                           segment=SimpleNamespace(key="naval-movement"))


def _world(**kw: Any) -> AwawWorld:
    return world([base("Malta", hex="Y20"), base("Gibraltar", fronts=("western", "mediterranean"), hex="AA7"),
                  base("Naples", control="italy", hex="U19"), base("Atlantic U.S.", "box", ())],
                 [unit("Warspite", 3, tf="H"), unit("Valiant", 3, tf="H"), unit("DD", 4, type="destroyer"),
                  unit("TR", 2, type="transport"), unit("Littorio", 3, power="italy", base="Naples")], **kw)


def _refused(fn: Any, *args: Any, **kw: Any) -> str:
    with pytest.raises(RuleError) as err:
        fn(*args, **kw)
    return str(err.value)


# --- places, powers, the force -----------------------------------------------------------------------------------


def test_21_433_a_base_as_the_calculators_see_it() -> None:
    """21.433: a base becomes a place with its name, whether it is a box, its fronts and theater."""
    assert H.place(base("Gibraltar", fronts=("western", "mediterranean"))) == Place(
        "Gibraltar", False, ("western", "mediterranean"), "europe")
    assert H.place(base("Pacific U.S.", "box", (), theater="pacific")) == Place("Pacific U.S.", True, (), "pacific")


def test_21_223_a_base_held_at_the_start_of_the_phase() -> None:
    """21.223: the control at the start of the phase counts; without one noted, the control now."""
    env = _env("allies")
    assert H.held_at_start(base("Malta").change(control="italy"), "allies", env) is True
    assert H.held_at_start(base("Malta", control="italy").change(control="britain"), "allies", env) is False
    assert H.held_at_start(base("Malta").change(control_at_start=""), "allies", env) is True
    assert H.held_at_start(base("Malta").change(control_at_start="", control="italy"), "allies", env) is False


def test_21_42_a_power_is_read_from_the_front_of_the_words() -> None:
    """21.421-21.423: "Britain 3" gives britain (any case) and the rest; none or an unknown one is refused listing all."""
    env = _env()
    assert H.power_of(["Britain", "3", "x"], env) == ("britain", ["3", "x"])
    powers = ", ".join(tables().powers)
    assert _refused(H.power_of, [], env) == f"which power? ({powers})"
    assert _refused(H.power_of, ["Spain", "3"], env) == f"no power called 'Spain' ({powers})"


def test_21_31_the_force_of_by_is_checked_and_counted() -> None:
    """21.31, 21.434, 21.35C: --by names the force; its destroyer factors and transports are counted; the warships are
    the units that are not transports; a category picks its units."""
    ctx, env = _ctx(_world()), _env()
    f = H.force(ctx, {"by": "DD,TR,warspite"}, env, "transport")
    assert [u.id for u in f.units] == ["DD", "TR", "Warspite"] and (f.destroyers, f.transports) == (4, 2)
    assert [u.id for u in f.warships] == ["DD", "Warspite"]
    assert [u.id for u in f.of("destroyer", env)] == ["DD"] and [u.id for u in f.of("fleet", env)] == ["Warspite"]
    assert f.figures["factors"].value == 7


def test_21_31_a_force_is_required_unless_said_otherwise() -> None:
    """21.31: no --by is refused naming the activity; where a force is optional, none is an empty force."""
    ctx, env = _ctx(_world()), _env()
    assert _refused(H.force, ctx, {}, env, "transport") == "transport: which naval units? --by A,B,C"
    assert _refused(H.force, ctx, {"by": True}, env, "escort") == "escort: which naval units? --by A,B,C"
    empty = H.force(ctx, {"by": ""}, env, "bombard", required=False)
    assert (empty.units, empty.destroyers, empty.transports, empty.figures) == ([], 0, 0, {})


def test_21_31_a_force_of_the_other_side_or_an_inverted_unit_is_refused() -> None:
    """21.31: only the acting side's units; only uninverted ones."""
    ctx, env = _ctx(_world()), _env("allies")
    assert _refused(H.force, ctx, {"by": "Littorio"}, env, "raid") == (
        "raid: Littorio is not allies units; it is the allies player's turn")
    w = _world().with_units([unit("DD", 4, type="destroyer", inverted=True)])
    assert _refused(H.force, _ctx(w), {"by": "DD"}, env, "escort").startswith("escort: DD is inverted")


def test_21_35_the_cargo_is_required_and_read() -> None:
    """21.35: --cargo names the units carried; none (or a bare flag) is refused with an example."""
    message = "which cargo? --cargo \"NAME:FACTORS[:KIND], ...\" (e.g. \"50 Inf:3, 7 Arm:4:armor\")"
    for opts in ({}, {"cargo": ""}, {"cargo": True}, {"cargo": None}):
        assert _refused(H.cargo_of, opts) == message
    assert [(c.name, c.factors) for c in H.cargo_of({"cargo": "50 Inf:3, 7 Arm:4:armor"})] == [("50 Inf", 3), ("7 Arm", 4)]


# --- distances and places entered ---------------------------------------------------------------------------------


def test_21_36A_a_typed_distance_may_not_be_shorter_than_the_map() -> None:
    """21.36A, proposed A28: Malta (Y20) to Naples (U19) is some hexes on the map; fewer typed is refused; as many or more
    is explained; a place without a hex gives no check."""
    w = _world()
    ok = H.floor_checks(w, 30, ["Malta"], "Naples", "transport")
    assert len(ok) == 1 and ok[0].terms[0].label == "hexes from Malta (Y20) to Naples (U19)"
    floor = ok[0].value
    assert floor > 0 and ok[0].terms[1].value == 30
    assert H.floor_checks(w, floor, ["malta"], "naples", "transport")[0].value == floor
    assert _refused(H.floor_checks, w, floor - 1, ["Malta"], "Naples", "transport") == (
        f"transport: {floor - 1} hexes is shorter than the {floor} hexes from Malta (Y20) to Naples (U19) on the map; "
        "the route by water can only be longer (21.36A, proposed A28)")
    assert H.floor_checks(w, 0, ["Atlantic U.S."], "Naples", "transport") == []


def test_21_36A_a_hex_typed_is_its_own_place_and_the_farthest_place_counts() -> None:
    """21.36A: a hex typed (not a base) is named by itself in capitals; of several places the farthest sets the floor."""
    w = _world()
    near = H.floor_checks(w, 99, ["u18"], "Naples", "invasion")[0]
    both = H.floor_checks(w, 99, ["u18", "Malta"], "Naples", "invasion")[0]
    far = H.floor_checks(w, 99, ["Malta"], "Naples", "invasion")[0]
    assert near.terms[0].label == "hexes from U18 (U18) to Naples (U19)" and near.value == 1
    assert both.value == far.value and both.terms[0].label.startswith("hexes from Malta (Y20)")
    to_hex = H.floor_checks(w, 99, ["Malta"], "u19", "invasion")[0]
    assert to_hex.terms[0].label == "hexes from Malta (Y20) to Naples (U19)"
    bare = H.floor_checks(w, 99, ["U18"], "U20", "invasion")[0]
    assert bare.terms[0].label == "hexes from U18 (U18) to U20"


def test_21_36A_places_of_another_theater_are_not_measured_against_the_end() -> None:
    """21.36A: hexes of two maps are not compared: a start in the Pacific theater gives no floor to a European end."""
    w = world([base("Malta", hex="Y20"), base("Truk", fronts=("pacific",), theater="pacific", hex="Y21")], [])
    assert H.floor_checks(w, 0, ["Truk"], "Malta", "transport") == []
    assert H.floor_checks(w, 0, ["Truk"], "Y21", "transport") != []  # a bare hex takes the theater of the places


def test_rulings_A6_a_place_is_a_base_by_name_or_hex_else_the_hex_typed() -> None:
    """RULINGS A6, 21.321: a base typed by name or hex is its name; another place is the hex typed, in capitals."""
    w = _world()
    assert [H.place_key(w, p) for p in ("malta", "y20", " u18 ", "Atlantic U.S.")] == ["Malta", "Malta", "U18",
                                                                                    "Atlantic U.S."]


def test_21_321_a_mission_enters_the_bases_it_is_not_at_the_ports_touched_and_its_end() -> None:
    """21.321: units at Malta leaving from Malta enter only the ports touched and the end; leaving from Gibraltar (typed
    by hex) they enter it first; a place entered twice counts once."""
    w = _world()
    at_malta = [w.units["DD"], w.units["TR"]]
    assert H.entered_places(w, {"ports": "Naples"}, at_malta, ["Malta"], "u21") == ["Naples", "U21"]
    assert H.entered_places(w, {}, at_malta, ["aa7"], "Naples") == ["Gibraltar", "Naples"]
    assert H.entered_places(w, {}, at_malta, ["y20"], "Naples") == ["Naples"]
    assert H.entered_places(w, {"ports": "u19"}, at_malta, ["X1"], "Naples") == ["X1", "Naples"]
    split = [w.units["DD"], unit("G", base="Gibraltar")]
    assert H.entered_places(w, {}, split, ["Malta"], "Naples") == ["Malta", "Naples"]


def test_21_321_a_route_record_keeps_what_it_entered_and_a_typed_no_alternate() -> None:
    """21.321: the record keeps the places entered; --no-alternate is kept only when typed."""
    assert H.route_record(["Naples"], {}) == {"entered": ["Naples"]}
    assert H.route_record(["Naples"], {"no-alternate": True}) == {"entered": ["Naples"], "no_alternate": True}
    assert H.route_record([], {"no-alternate": False}) == {"entered": []}


# --- the per-turn record -------------------------------------------------------------------------------------------


def _rec_world(rec: dict[str, Any]) -> AwawWorld:
    return H.with_record(_world(), rec)


def test_21_31_a_record_is_of_one_player_turn() -> None:
    """21.31: the record belongs to game turn and side ("3:allies"); another turn's record reads as empty."""
    ctx, env = _ctx(_rec_world({"turn": "2:allies", "transported": ["X"], "missions": {"m": {}}})), _env()
    assert H.turn_key(ctx, env) == "3:allies"
    assert H.record(ctx, env) == {"turn": "3:allies", "transported": [], "missions": {}}
    other = _env("axis")
    assert H.record(_ctx(_rec_world({"turn": "3:allies", "transported": ["X"]})), other)["turn"] == "3:axis"


def test_21_435G_this_turns_record_is_copied_not_shared() -> None:
    """21.435G: this player turn's record comes back with its lists copied (a change does not touch the saved one)."""
    saved = {"turn": "3:allies", "transported": ["50 Inf"], "missions": {"invasion-1": {"kind": "invasion"}}, "x": 1}
    ctx, env = _ctx(_rec_world(saved)), _env()
    rec = H.record(ctx, env)
    assert rec == saved
    rec["transported"].append("7 Arm")
    rec["missions"]["raid-2"] = {}
    assert saved["transported"] == ["50 Inf"] and list(saved["missions"]) == ["invasion-1"]
    assert H.record(_ctx(_rec_world({"turn": "3:allies"})), env) == {"turn": "3:allies", "transported": [],
                                                                       "missions": {}}
    assert H.transported(ctx, env) == {"50 inf"}


def test_21_315_an_aborted_destination_bars_transports_for_the_player_turn() -> None:
    """21.315 (proposed A11): a destination barred is refused to transports (any case), naming them; warships may go;
    a barred place is kept once."""
    rec = H.bar(H.bar({"turn": "3:allies", "barred": ["Tobruk"]}, "Malta"), "Tobruk")
    assert rec["barred"] == ["Tobruk", "Malta"]
    ctx, env = _ctx(_rec_world(rec)), _env()
    assert H.barred(ctx, env) == ["tobruk", "malta"]
    w = ctx.state.world
    assert _refused(H.check_not_barred, ctx, env, "malta", [w.units["TR"], w.units["DD"]], "transport") == (
        "transport: a naval activity with transports to malta was aborted this player turn; no transports may be used "
        "for naval operations relating to malta's supply zone for the rest of the player turn (TR, DD) (21.315)")
    assert H.check_not_barred(ctx, env, "Malta", [], "transport") is None
    assert H.check_not_barred(ctx, env, "", [w.units["TR"]], "transport") is None
    assert H.check_not_barred(ctx, env, "Naples", [w.units["TR"]], "transport") is None
    assert H.barred(_ctx(_rec_world({"turn": "3:allies"})), env) == []


def test_a_mission_is_found_by_id_any_case_or_by_its_alias() -> None:
    """21.51: a mission by its id in any case, or by the alias an earlier version gave it; none when unknown or when
    the alias points nowhere."""
    rec = {"missions": {"invasion-3": {"kind": "invasion"}}, "aliases": {"invasion-4": "invasion-3", "raid-9": "raid-1"}}
    assert H.mission_key(rec, " INVASION-3 ") == "invasion-3"
    assert H.mission_key(rec, "Invasion-4") == "invasion-3"
    assert H.mission_key(rec, "raid-9") is None and H.mission_key(rec, "invasion-5") is None
    assert H.mission_key({}, "invasion-3") is None


def test_a_confirmed_command_keeps_the_number_of_its_prompt() -> None:
    """Issue 20 (one id per operation from the moment it is announced): an operation confirmed through prompt invade-3 is
    invasion-3, aliased by the serial drawn now; otherwise the serial names it and there is no alias."""
    assert H.announced_id("invasion", 4, {H.ANNOUNCED: "invade-3"}) == ("invasion-3", "invasion-4")
    assert H.announced_id("invasion", 4, {}) == ("invasion-4", "")
    assert H.announced_id("invasion", 4, {H.ANNOUNCED: "invade-x"}) == ("invasion-4", "")
    assert H.announced_id("raid", 7, {H.ANNOUNCED: "raid-12"}) == ("raid-12", "raid-7")
    assert H.announced_id("mission", 4, {H.ANNOUNCED: "carrier-mission-3"}) == ("mission-3", "mission-4")
    assert H.with_alias({"aliases": {"a": "b"}}, "invasion-4", "invasion-3") == {
        "aliases": {"a": "b", "invasion-4": "invasion-3"}}
    assert H.with_alias({"x": 1}, "", "invasion-3") == {"x": 1}
    assert H.with_alias({}, "raid-7", "raid-12") == {"aliases": {"raid-7": "raid-12"}}


def test_21_521_a_mission_of_this_turn_by_id_and_kind() -> None:
    """21.521: a bombardment names an invasion of this player turn; another kind or an unknown id is refused listing
    the missions of that kind."""
    rec = {"turn": "3:allies", "missions": {"invasion-3": {"kind": "invasion", "hex": "U19"},
                                            "raid-5": {"kind": "raid"}, "invasion-6": {"kind": "invasion"}},
           "aliases": {"invasion-4": "invasion-3"}}
    ctx, env = _ctx(_rec_world(rec)), _env()
    assert H.mission(ctx, env, "invasion-4", "invasion") == {"id": "invasion-3", "kind": "invasion", "hex": "U19"}
    assert _refused(H.mission, ctx, env, "raid-5", "invasion") == "no invasion called 'raid-5' (invasion-3, invasion-6)"
    assert _refused(H.mission, ctx, env, "invasion-9", "escort") == "no escort called 'invasion-9' (none this player turn)"


# --- targeted hexes (21.321) -----------------------------------------------------------------------------------------


def _targets(missions: dict[str, Any]) -> Any:
    return _ctx(_rec_world({"turn": "3:allies", "missions": missions}))


def test_21_321_one_targeted_hex_entered_is_allowed() -> None:
    """21.321: a new transport to Naples, no other mission: nothing to check."""
    assert H.targeted_checks(_targets({}), _env(), {}, "transport", ["Naples"], "transport", targets=True) == []


def test_21_321_entering_an_earlier_missions_target_and_ones_own_is_refused() -> None:
    """21.321: transport-1 targets Naples; a new transport passing Naples to Tobruk would enter two targeted hexes."""
    ctx = _targets({"transport-1": {"kind": "transport", "to": "u19"}})
    message = _refused(H.targeted_checks, ctx, _env(), {}, "transport", ["Naples", "Tobruk"], "transport", targets=True)
    assert message == ("transport: its naval units would enter 2 hexes targeted for sea transport or invasion this phase "
                       "(Naples, Tobruk); a naval unit may enter the sea portion of only one in a phase unless no "
                       "alternate route to its destination is available: then add --no-alternate (21.321)")
    ok = H.targeted_checks(ctx, _env(), {"no-alternate": True}, "transport", ["Naples", "Tobruk"], "transport",
                           targets=True)
    assert [(e.value, e.rule) for e in ok] == [(2, "21.321")]


def test_21_321_a_mission_of_another_kind_targets_nothing_here() -> None:
    """21.321: an invasion's hex does not count for a transport in the movement phase."""
    ctx = _targets({"invasion-1": {"kind": "invasion", "hex": "Naples"}})
    assert H.targeted_checks(ctx, _env(), {}, "transport", ["Naples", "Tobruk"], "transport", targets=True) == []


def test_21_321_a_new_target_may_not_make_an_earlier_mission_enter_two() -> None:
    """21.321: transport-1 passes Malta on its way to Naples; targeting Malta now is refused, unless either says no
    alternate route was available."""
    missions = {"transport-1": {"kind": "transport", "to": "Naples", "entered": ["Malta", "Naples"]}}
    message = _refused(H.targeted_checks, _targets(missions), _env(), {}, "transport", ["Malta"], "sea transport",
                       targets=True)
    assert message == ("sea transport: transport-1's naval units pass through Malta on their way to Naples; targeting "
                       "Malta too would have them enter two hexes targeted for sea transport or invasion in one phase "
                       "(21.321); if no alternate route is available, add --no-alternate")
    assert H.targeted_checks(_targets(missions), _env(), {"no-alternate": True}, "transport", ["Malta"], "t",
                             targets=True) == []
    excused = {"transport-1": {**missions["transport-1"], "no_alternate": True}}
    assert H.targeted_checks(_targets(excused), _env(), {}, "transport", ["Malta"], "t", targets=True) == []
    assert H.targeted_checks(_targets(missions), _env(), {}, "transport", ["Malta"], "t", targets=False) == []
    same = H.targeted_checks(_targets(missions), _env(), {}, "transport", ["Naples"], "t", targets=True)
    assert same == []


def test_21_321_a_mission_that_does_not_target_its_end_counts_only_earlier_targets() -> None:
    """21.321: an escort (not targeting its end) entering two earlier targets is refused; entering one is fine."""
    missions = {"transport-1": {"kind": "transport", "to": "Naples"}, "transport-2": {"kind": "transport", "to": "Malta"}}
    assert _refused(H.targeted_checks, _targets(missions), _env(), {}, "transport", ["Malta", "Naples"], "escort",
                    targets=False).startswith("escort: its naval units would enter 2 hexes")
    assert H.targeted_checks(_targets(missions), _env(), {}, "transport", ["Malta", "Tobruk"], "escort",
                             targets=False) == []


# --- confirmations ---------------------------------------------------------------------------------------------------


def test_a_board_condition_is_asked_as_a_yes_no_prompt_keeping_the_command() -> None:
    """Issue 20 (a clause raised as a prompt at the moment it matters), 21.512: a command that needs the referee's word
    raises a confirm prompt numbered by the serial; the engine's options
    (dice, roll, force) are not kept."""
    w = AwawWorld(serial=2)
    out = H.ask(_ctx(w), "invade", ["U19", "Malta"], {"cargo": "A:3", "dice": "3", "roll": True, "force": True},
                "Is U19 a beach?", "21.512", "U19")
    assert out.world.serial == 3 and w.serial == 2
    assert out.summary == "invade-3: Is U19 a beach? — answer invade-3 yes|no"
    assert out.raise_prompts == (Pending(id="invade-3", text="Is U19 a beach?", kind="confirm", effect="ops-confirm",
                                         required=True, rule="21.512", subject="U19",
                                         args={"verb": "invade", "args": ["U19", "Malta"], "options": {"cargo": "A:3"}},
                                         raised="naval-movement", expires="segment"),)


def test_a_yes_carries_the_command_out_announced_by_its_prompt_and_a_no_drops_it() -> None:
    """Issue 20 (a clause raised as a prompt), 21.512: yes runs the command again, confirmed, with the prompt's id;
    no does nothing; an unknown verb is refused."""
    seen: list[Any] = []

    def invade(ctx: Any, args: list[str], opts: dict[str, Any], confirmed: bool) -> Outcome:
        seen.append((args, opts, confirmed))
        return Outcome(ctx.state.world, "invasion-3 announced")

    answer = H.answer_confirm({"invade": invade})
    prompt = Pending(id="invade-3", text="?", kind="confirm", rule="21.512",
                     args={"verb": "invade", "args": ["U19"], "options": {"cargo": "A:3"}})
    w = AwawWorld(serial=5)
    yes = answer(_ctx(w), prompt, "yes")
    assert yes.summary == "invade-3: confirmed — invasion-3 announced"
    assert seen == [(["U19"], {"cargo": "A:3", H.ANNOUNCED: "invade-3"}, True)]
    no = answer(_ctx(w), prompt, "no")
    assert (no.world, no.summary) == (w, "invade-3: not confirmed — nothing done (21.512)") and len(seen) == 1
    lost = Pending(id="frob-1", text="?", kind="confirm", args={"verb": "frob"})
    assert _refused(answer, _ctx(w), lost, "yes") == "frob-1: nothing to confirm"
    bare = Pending(id="invade-4", text="?", kind="confirm", args={"verb": "invade"})
    answer(_ctx(w), bare, "yes")
    assert seen[-1] == ([], {H.ANNOUNCED: "invade-4"}, True)


# --- islands without port access (21.37) ------------------------------------------------------------------------------


def test_21_37_bases_of_embarkation_and_destination_as_typed() -> None:
    """21.37: "Malta, Gibraltar" and "Naples rest": two bases of embarkation, the destination, the words left."""
    starts, end, rest = H.ends(_ctx(_world()), _env(), {}, "Malta, gibraltar,", ["Naples", "now"], "transport")
    assert [b.name for b in starts] == ["Malta", "Gibraltar"] and end.name == "Naples" and rest == ["now"]
    starts, end, rest = H.ends(_ctx(_world()), _env(), {}, "Malta", [], "invade")
    assert [b.name for b in starts] == ["Malta"] and end is None and rest == []


def test_21_37_an_island_end_is_a_stand_in_base_held_by_the_acting_side() -> None:
    """21.37A: "Malta" to the island named with --island-end (held): a stand-in base of the first power of the acting
    side, in the theater of the embarkation base."""
    opts = {"island-end": "Pantelleria", "island-held": True}
    starts, end, rest = H.ends(_ctx(_world()), _env("axis"), opts, "Malta", ["Pantelleria"], "transport")
    assert [b.name for b in starts] == ["Malta"] and rest == []
    assert (end.name, end.control, end.control_at_start, end.theater) == ("Pantelleria", "germany", "germany", "europe")
    assert end.note == "island without port access (21.37): a one-hex island without a port (21.37A)"


def test_21_37_the_word_island_stands_for_the_island_named() -> None:
    """21.37: "island" for FROM or TO stands for the one --island-end island; the island's theater follows the other
    end (a Pacific destination)."""
    w = _world().with_base(base("Truk", fronts=("pacific",), theater="pacific"))
    opts = {"island-end": "Nauru", "island-held": True}
    starts, end, _ = H.ends(_ctx(w), _env("allies"), opts, "ISLAND", ["Truk"], "transport")
    assert [(b.name, b.theater, b.control) for b in starts] == [("Nauru", "pacific", "britain")] and end.name == "Truk"
    starts, end, _ = H.ends(_ctx(w), _env("allies"), opts, "Malta", ["Island"], "escort")
    assert end.name == "Nauru" and end.theater == "europe"
    starts, _, _ = H.ends(_ctx(w), _env("allies"), opts, "island", [], "invade")
    assert starts[0].theater == "europe"


def test_21_37_the_word_island_needs_exactly_one_island_named() -> None:
    """21.37: "island" without --island-end, or with two islands, is refused."""
    message = "transport: 'island' stands for the island named with --island-end NAME (one island) (21.37)"
    assert _refused(H.ends, _ctx(_world()), _env(), {}, "island", ["Malta"], "transport") == message
    assert _refused(H.ends, _ctx(_world()), _env(), {"island-end": "A,B"}, "Malta", ["island"], "transport") == message


def test_21_37_an_island_named_but_not_used_is_refused() -> None:
    """21.37: --island-end naming neither a base of embarkation nor the destination is refused naming it."""
    assert _refused(H.ends, _ctx(_world()), _env(), {"island-end": "Pantelleria", "island-held": True}, "Malta",
                    ["Naples"], "transport") == (
        "transport: --island-end names Pantelleria, which is neither a base of embarkation nor the destination (21.37)")
    assert _refused(H.ends, _ctx(_world()), _env(), {"island-end": "Pantelleria,Lampedusa", "island-held": True},
                    "Malta", ["Naples"], "transport").startswith("transport: --island-end names Pantelleria, Lampedusa, ")


def test_21_37_an_island_of_two_words_and_island_among_several_starts() -> None:
    """21.37: "New Ireland" typed as the destination is the island; "Truk, island": the island is the second base of
    embarkation, in the theater of the first (the Pacific)."""
    w = _world().with_base(base("Truk", fronts=("pacific",), theater="pacific"))
    opts = {"island-end": "New Ireland", "island-held": True}
    starts, end, rest = H.ends(_ctx(w), _env(), opts, "Truk", ["New", "Ireland"], "transport")
    assert (end.name, end.theater, rest) == ("New Ireland", "pacific", [])
    starts, end, _ = H.ends(_ctx(w), _env(), opts, "Truk, island", ["Truk"], "transport")
    assert [(b.name, b.theater) for b in starts] == [("Truk", "pacific"), ("New Ireland", "pacific")]


def test_21_435D_an_island_not_confirmed_held_is_refused() -> None:
    """21.37, 21.435D: the island must be confirmed controlled since the start of the player turn."""
    assert _refused(H.ends, _ctx(_world()), _env(), {"island-end": "Pantelleria"}, "Pantelleria", ["Malta"],
                    "transport").startswith("transport: Pantelleria is used as a one-hex island without a port (21.37A) "
                                            "only while controlled")


# --- route checks (RULINGS A1, 21.36, 21.211) ------------------------------------------------------------------------


def _route(opts: dict[str, Any], **kw: Any) -> list[Any]:
    ctx = _ctx(_world(hex_control={"AA7": "britain"}, phase_control={"AA7": "britain"}))
    return H.route_checks(ctx, opts, _env(), "offensive", kw.pop("theater", "europe"), "transport", "21.432", **kw)


def test_rulings_A1_the_typed_distance_is_checked_against_the_range() -> None:
    """RULINGS A1, 21.3614: 12 hexes typed, an offensive mission in Europe (40, a port every 20): one range check."""
    out = _route({"distance": "12"})
    assert [e.value for e in out] == [12]
    assert [t.label for t in out[0].terms] == ["distance by water, typed (RULINGS A1)", "limit in Europe",
                                               "a port touched at least every (Europe)", "leg 1"]
    assert _refused(_route, {}) == "transport: type the distance by water with --distance N (RULINGS A1, 21.432)"
    assert [t.value for t in _route({"distance": "12", "legs": True})[0].terms][-1] == 12


def test_21_36C_legs_ports_the_map_and_straits_are_all_checked() -> None:
    """21.36C legs 5,7; the map floor from Malta to Naples (21.36A); Gibraltar open (21.211B); ports touched noted."""
    out = _route({"distance": "12", "legs": "5,7", "straits": "B", "ports": "u18"}, froms=["Malta"], dest="Naples")
    assert [e.name for e in out] == ["Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) "
                                     "range", "Distance at least the hexes on the map", "Passage of the Gibraltar for allies"]
    assert [(t.label, t.value) for t in out[0].terms[-2:]] == [("leg 1", 5), ("leg 2", 7)]
    assert out[0].notes == ("ports touched: u18",) and out[1].value == 4 and out[2].value == "open"
    assert _route({"distance": "12"}, froms=["Malta"])[1:] == []


def test_21_36A_a_port_touched_is_a_place_of_the_route_for_the_map_floor() -> None:
    """21.36A: with no base of departure given, a port touched still sets the floor to the end."""
    out = _route({"distance": "12", "ports": "Malta"}, dest="Naples")
    assert out[1].terms[0].label == "hexes from Malta (Y20) to Naples (U19)"
    assert _refused(_route, {"distance": "3", "ports": "Malta"}, dest="Naples").startswith(
        "transport: 3 hexes is shorter than the 4 hexes")


def test_21_3615_a_range_exception_is_checked_against_the_force() -> None:
    """21.3615A: an exception named with --by units not beginning in the Hawaiian group is refused; without units,
    only its note."""
    assert _refused(_route, {"distance": "12", "exception": "hawaii-15", "by": "DD"}, theater="pacific") == (
        "range exception 'hawaii-15' (Hawaiian Islands, Midway and Johnston Island held and supplied): the activity must "
        "begin in the hawaiian island group; Malta is not there (21.3615A)")
    out = _route({"distance": "12", "exception": "hawaii-15"}, theater="pacific")
    assert len(out) == 1 and out[0].notes == ("exception: Hawaiian Islands, Midway and Johnston Island held and supplied "
                                              "(21.3615A)",)


def test_21_211_a_closed_strait_on_the_way_is_refused() -> None:
    """21.211C: the Skagerrak with its hexes held by no one known is closed to the allies."""
    assert _refused(_route, {"distance": "12", "straits": "C"}) == (
        "the Skagerrak is closed to allies this phase: E33 held by unknown (needs friendly); F33 held by unknown "
        "(needs friendly) (21.211C)")


def test_21_3616A_a_range_exception_the_force_may_use_is_explained_after_the_range() -> None:
    """21.3616A: Japanese units beginning in the Japan island group name the "japan" exception: its use is explained
    after the range check."""
    w = world([base("Tokyo", fronts=("pacific",), theater="pacific", control="japan", group="japan")],
              [unit("Yamato", 5, power="japan", base="Tokyo")])
    out = H.route_checks(_ctx(w), {"distance": "18", "exception": "japan", "by": "Yamato"}, _env("axis"), "offensive",
                         "pacific", "carrier mission", "21.552")
    assert [(e.name, e.value) for e in out][1:] == [("range exception japan", 1)]
