"""Exact tests of the AWAW operations hook and sea transport (``tui/rules/awaw/verbs_ops.py``; seed 004, 21.43x, 21.5331):
the handlers called directly on small worlds, each asserting the whole message or outcome. The helpers here (an
:class:`Env` of the shipped tables, a context, a world with this player turn's missions) serve the other
``test_awaw_exact_ops_verbs_*`` files too."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import pytest

from awaw_core_fixtures import base, tables, unit, world
from tui.paths import data_dir
from tui.rules.awaw import verbs_ops as V
from tui.rules.awaw.ops_helpers import Env
from tui.rules.awaw.ops_tables import OpsTables, load_ops_tables
from tui.rules.awaw.world import AwawWorld
from tui.rules.core.errors import DataError, RuleError
from tui.rules.core.ruleset import Outcome, Verb

TURN = 3


@lru_cache(maxsize=1)
def ops() -> OpsTables:
    """The operations tables as shipped."""
    return load_ops_tables(data_dir() / "rulesets" / "awaw-operations.toml")


def env(side: str = "allies") -> Env:
    """The rule set's tables, ``side`` acting."""
    return Env(tables(), ops(), lambda _ctx: side)


def ctx(w: AwawWorld, segment: str = "naval-movement", *, label: str = "Spring 1940", pending: tuple = (),
        dice: tuple[int, ...] = (), side: str = "allies", commands: frozenset[str] = frozenset()) -> Any:
    """A context of game turn :data:`TURN` in ``segment`` (where ``commands`` are legal); ``dice`` are the faces its
    rolls give, in order."""
    faces = list(dice)
    rolls: list[tuple[str, str]] = []

    def roll(spec: str, purpose: str, detail: str = "") -> Any:
        rolls.append((spec, purpose))
        return SimpleNamespace(total=faces.pop(0))

    return SimpleNamespace(state=SimpleNamespace(world=w, flow=SimpleNamespace(turn=TURN, pending=pending)),
                           segment=SimpleNamespace(key=segment, side=side, commands=commands), turn_label=label, roll=roll, rolls=rolls)


def with_missions(w: AwawWorld, missions: dict[str, Any], side: str = "allies", **more: Any) -> AwawWorld:
    """``w`` with this player turn's operations record holding ``missions``."""
    from msgspec.structs import replace

    return replace(w, ops={"turn": f"{TURN}:{side}", "transported": [], "missions": missions, **more})


def refused(fn: Any, *args: Any, **kw: Any) -> str:
    """The message ``fn(*args, **kw)`` refuses with."""
    with pytest.raises(RuleError) as err:
        fn(*args, **kw)
    return str(err.value)


# --- the option guard, the acting side, the blocs ---------------------------------------------------------------


def _echo(ctx: Any, args: list[str], opts: dict[str, Any]) -> Outcome:
    return Outcome(None, f"{args} {sorted(opts)}")


def test_an_option_the_verb_does_not_declare_is_refused_naming_its_options() -> None:
    verb = V.checked(Verb("go", "go", "help", "21.1", _echo, options=("by", "to")))
    assert verb.handler(None, ["x"], {"by": "A", "dice": "3", "roll": True, "force": True}).summary == \
        "['x'] ['by', 'dice', 'force', 'roll']"
    assert refused(verb.handler, None, [], {"zz": 1, "by": "A", "aa": 2}) == \
        "'go' has no option --aa (its options: --by, --to)"
    bare = V.checked(Verb("stop", "stop", "help", "21.1", _echo))
    assert refused(bare.handler, None, [], {"by": "A"}) == "'stop' has no option --by (its options: none)"
    assert (bare.name, bare.options) == ("stop", ())


def test_the_acting_side_read_from_the_segment_when_the_rule_set_passes_none() -> None:
    w = world([], [])
    first = SimpleNamespace(state=SimpleNamespace(world=w), segment=SimpleNamespace(side="first"))
    assert V._phasing_side(tables(), first) == "axis"
    assert V._phasing_side(tables(), SimpleNamespace(state=first.state, segment=SimpleNamespace(side="second"))) == "allies"
    from msgspec.structs import replace

    allies_first = SimpleNamespace(state=SimpleNamespace(world=replace(w, first="allies")), segment=first.segment)
    assert V._phasing_side(tables(), allies_first) == "allies"
    assert V._phasing_side(tables(), SimpleNamespace(state=allies_first.state, segment=SimpleNamespace(side="second"))) \
        == "axis"
    assert V._phasing_side(tables(), SimpleNamespace(state=first.state, segment=SimpleNamespace(side="axis"))) == "axis"


def test_the_blocs_of_the_operations_tables_are_those_of_awaw_toml() -> None:
    V._check_powers(tables(), ops())
    from msgspec.structs import replace

    bad = replace(ops(), powers=replace(ops().powers, western_allies=replace(ops().powers.western_allies, value=["usa"])))
    with pytest.raises(DataError) as err:
        V._check_powers(tables(), bad)
    assert (err.value.file, err.value.where, err.value.problem) == (
        "awaw-operations.toml", "table powers, key western_allies",
        "must be the western-allies powers of awaw.toml (britain, france, usa)")
    axis = replace(ops(), powers=replace(ops().powers, european_axis=replace(ops().powers.european_axis, value=[])))
    with pytest.raises(DataError) as err:
        V._check_powers(tables(), axis)
    assert err.value.where == "table powers, key european_axis"
    assert err.value.problem == "must be the european-axis powers of awaw.toml (germany, italy)"


def test_21_5331_the_setup_raiders_must_raid_in_their_turns_combat_phase() -> None:
    raiders = [unit("Graf Spee", 3, power="germany", base="Atlantic SW"), unit("Scheer", 3, power="germany",
                                                                                 base="Atlantic SW")]
    w = world([base("Atlantic SW", "sw-box", ())], raiders)
    axis = Env(tables(), ops(), lambda _ctx: "axis")
    assert V._setup_raiders(axis, ctx(w, label="Fall 1939"), w, "axis") == (w, [
        'Graf Spee, Scheer in the Atlantic SW box must raid this combat phase, 1 BRP each: '
        'raid "Atlantic SW" --by Graf Spee,Scheer (21.5331)'])
    assert V._setup_raiders(axis, ctx(w, label="Winter 1939"), w, "axis") == (w, [])
    assert V._setup_raiders(env(), ctx(w, label="Fall 1939"), w, "allies") == (w, [])


def test_build_ops_binds_every_operations_verb_guarded_the_confirmations_and_the_setup_raiders() -> None:
    parts = V.build_ops(tables(), ops())
    assert sorted(parts.verbs) == sorted([
        "sea-supply", "ship-oil", "grant-brp", "transport", "transport-result", "escort", "escort-result", "invade",
        "bombard", "invasion-odds", "invasion-losses", "invasion-result", "carrier-mission", "raid", "raid-engage",
        "raid-ships", "raid-return", "protect", "support"])
    assert set(parts.answers) == {"ops-confirm", "raid-step"} and set(parts.effects) == {"setup-raiders"}
    assert refused(parts.verbs["protect"].handler, None, [], {"zz": 1}).startswith("'protect' has no option --zz")
    w = world([base("Atlantic SW", "sw-box", ())], [unit("Lutzow", 3, power="germany", base="Atlantic SW")])
    seg = SimpleNamespace(state=SimpleNamespace(world=w), segment=SimpleNamespace(side="first"), turn_label="Fall 1939")
    assert parts.effects["setup-raiders"](seg, w, "axis")[1][0].startswith("Lutzow in the Atlantic SW box must raid")
    allies = V.build_ops(tables(), ops(), lambda _ctx: "allies")
    assert allies.effects["setup-raiders"](seg, w, "axis") == (w, [])
    cargo, actions = V.build_cargo_verbs(env())
    assert [v.name for v in cargo] == ["sea-supply", "ship-oil", "grant-brp", "transport", "transport-result", "escort",
                                       "escort-result"]
    assert [v.rule for v in cargo] == ["21.421, 21.56", "21.422, 21.56", "21.423, 21.56", "21.43", "21.436", "21.6",
                                       "21.66, 21.65E"]
    assert list(actions) == ["transport"]


# --- sea transport (21.43x) ---------------------------------------------------------------------------------------


def _sea(*more: Any, missions: dict[str, Any] | None = None, side: str = "axis", **rec: Any) -> AwawWorld:
    w = world([base("Naples", control="italy", hex="U19"), base("Tripoli", "port", ("mediterranean",), control="italy",
                                                                   hex="T25"),
               base("Palermo", control="italy", hex="R22"), base("Malta", hex="Y20"),
               base("Atlantic SW", "sw-box", ()), base("Atlantic U.S.", "box", (), control="usa"),
               base("Liverpool", "port", ("western",), hex="K5")],
              [unit("RM-DD", 4, power="italy", type="destroyer", base="Naples"),
               unit("RM-DD2", 2, power="italy", type="destroyer", base="Palermo"),
               unit("US-DD", 8, power="usa", type="destroyer", base="Atlantic U.S.", tf="L"),
               unit("US-TR", 1, power="usa", type="transport", base="Atlantic SW"),
               unit("RN-TR", 1, type="transport", base="Liverpool"), *more])
    return with_missions(w, missions or {}, side=side, **rec)


def _transport(w: AwawWorld, args: list[str], side: str = "axis", confirmed: bool = False, **opts: Any) -> Outcome:
    return V._transport(env(side), ctx(w, "sea-transport", side=side), args, opts, confirmed)


def test_21_43_usage_and_one_base_of_debarkation() -> None:
    w = _sea()
    assert refused(V._transport, env("axis"), ctx(w), ["Naples"], {}) == (
        'usage: transport FROM[,FROM2] TO --cargo "NAME:FACTORS[:KIND]" --by DD1,DD2 --distance N (21.43)')
    assert refused(V._transport, env("axis"), ctx(w), ["Naples", "Tripoli", "Malta"], {"cargo": "Pavia:3"}) == (
        "transport: one base of debarkation; different ones need separate missions (21.435C), not 'Malta'")


def test_21_435F_a_destination_that_is_no_base_names_the_bridgehead_and_island_rules() -> None:
    w = _sea()
    assert refused(V._transport, env("axis"), ctx(w), ["Naples", "Q99"], {"cargo": "Pavia:3"}) == (
        "no base called 'Q99': sea transport lands only at a base, and a bridgehead counter is one only when its hex has "
        "a port (21.435F); name a one- or two-hex island without port access with --island-end (21.37)")
    start = refused(V._transport, env("axis"), ctx(w), ["Nowhere", "Tripoli"], {"cargo": "Pavia:3"})
    assert start.startswith("no base called 'Nowhere'") and "21.435F" not in start
    second = refused(V._transport, env("axis"), ctx(w), ["Naples, Nowhere", "Tripoli"], {"cargo": "Pavia:3"})
    assert second.startswith("no base called 'Nowhere'") and "21.435F" not in second
    assert refused(V._transport, env("axis"), ctx(w), ["Naples,Nowhere", "Tripoli"], {"cargo": "Pavia:3"}) == \
        "no base called 'Nowhere'"
    assert refused(V._transport, env("axis"), ctx(w), ["Naples", "Tripoli"], {"cargo": "Pavia:3", "island-end": "Elba"}) \
        == "sea transport: --island-end names Elba, which is neither a base of embarkation nor the destination (21.37)"


def test_21_434A_sea_transport_announced_employs_the_destroyers_and_records_the_cargo() -> None:
    out = _transport(_sea(), ["Naples", "Tripoli"], cargo="Pavia:3", by="RM-DD", distance="12")
    assert out.summary == (
        "transport-1: sea transport Naples → Tripoli: 3 factors (Pavia) carried by RM-DD; needs 3 destroyer factors, "
        "0 transports (21.434); BRPs for 4 naval factors on the mediterranean front (the front of Tripoli)")
    assert out.details[-1] == "If intercepted and defeated: `transport-result transport-1 before|after` (21.436)."
    assert out.actor == "axis"
    assert [(e.name, e.value) for e in out.explanations][:3] == [
        ("destroyer factors for sea transport", 3), ("transports for sea transport", 0), ("factors sea transported", 3)]
    rec = out.world.ops
    assert rec["transported"] == ["Pavia"]
    assert rec["missions"]["transport-1"] == {"kind": "transport", "from": ["Naples"], "to": "Tripoli", "cargo": ["Pavia"],
                                              "units": ["RM-DD"], "entered": ["Tripoli"]}
    assert rec["brps"][0]["mission"] == "transport-1"
    dd = out.world.units["RM-DD"]
    assert dd.acted and dd.inverted and out.world.serial == 1


def test_21_434_the_largest_requirement_of_the_bases_of_embarkation_counts() -> None:
    w = _sea()
    for starts in ("Liverpool,Atlantic U.S.", "Atlantic U.S.,Liverpool"):
        out = _transport(w, [starts, "Liverpool"], side="allies", cargo="1 Inf:2", by="US-DD,US-TR", distance="0")
        assert "needs 4 destroyer factors, 1 transport (21.434)" in out.summary  # 21.434B: two per factor from a box
        assert [(e.name, e.value) for e in out.explanations][:2] == [
            ("destroyer factors for sea transport", 4), ("transports of the Atlantic SW box for sea transport", 1)]


def test_21_434C_transports_come_from_the_sw_box_the_transport_passes_through() -> None:
    w = _sea(unit("IT-TR", 1, power="italy", type="transport", base="Naples"))
    assert refused(V._transport, env("axis"), ctx(w), ["Naples", "Tripoli"],
                   {"cargo": "Pavia:3", "by": "RM-DD,IT-TR", "distance": "12"}) == (
        "sea transport: transport IT-TR is at Naples; the transports come from the SW box the transport passes through "
        "(none: no mapboard box on this route) (21.434C)")
    box = _sea(unit("US-TR2", 1, power="usa", type="transport", base="Atlantic U.S."))
    assert refused(V._transport, env("allies"), ctx(box), ["Atlantic U.S.", "Liverpool"],
                   {"cargo": "1 Inf:2", "by": "US-DD,US-TR2", "distance": "0"}) == (
        "sea transport: transport US-TR2 is at Atlantic U.S.; the transports come from the SW box the transport passes "
        "through (Atlantic SW) (21.434C)")


def test_21_438_air_units_carried_ask_the_referee_unless_confirmed_or_said_with_air_room() -> None:
    w = _sea()
    opts = {"cargo": "Pavia:3, 1 Air:2:air", "by": "RM-DD,RM-DD2", "distance": "12"}
    asked = _transport(w, ["Naples", "Tripoli"], **opts)
    question = ("Sea transport to Tripoli: did the air units begin the player turn at the base of embarkation, and does "
                "Tripoli have room for their 2 air factors?")
    assert asked.summary == f"transport-1: {question} — answer transport-1 yes|no"
    (prompt,) = asked.raise_prompts
    assert (prompt.id, prompt.text, prompt.rule, prompt.subject, prompt.effect) == (
        "transport-1", question, "21.438A, B", "Tripoli", "ops-confirm")
    assert prompt.args == {"verb": "transport", "args": ["Naples", "Tripoli"], "options": opts}
    assert asked.world.ops["missions"] == {} and not asked.world.units["RM-DD"].acted
    said = _transport(w, ["Naples", "Tripoli"], **opts, **{"air-room": True})
    assert said.summary.startswith("transport-1: sea transport Naples → Tripoli: 5 factors (Pavia, 1 Air)")
    out = _transport(w, ["Naples", "Tripoli"], confirmed=True, cargo="Pavia:3, 1 Air:1:air", by="RM-DD",
                     distance="12", **{"announced-as": "transport-7"})
    assert out.summary.startswith("transport-7: sea transport Naples → Tripoli: 4 factors (Pavia, 1 Air) carried by "
                                  "RM-DD; needs 4 destroyer factors")
    assert out.world.ops["aliases"] == {"transport-1": "transport-7"}
    assert out.world.ops["transported"] == ["Pavia", "1 Air"]
    assert out.details[1] == ("Air units: the base of debarkation is their new base; they may not stage from it this "
                              "turn, and operate normally in the combat phase (21.438A, C).")


def test_21_315_a_barred_destination_refuses_transports_only() -> None:
    w = _sea(unit("US-TR2", 1, power="usa", type="transport", base="Atlantic SW"), side="allies", barred=["Liverpool"])
    msg = refused(V._transport, env("allies"), ctx(w), ["Atlantic U.S.", "Liverpool"],
                  {"cargo": "1 Inf:2", "by": "US-DD,US-TR2", "distance": "0"})
    assert msg.startswith("sea transport: a naval activity with transports to Liverpool was aborted") and "21.315" in msg
    axis = _sea(barred=["Tripoli"])
    assert _transport(axis, ["Naples", "Tripoli"], cargo="Pavia:3", by="RM-DD", distance="12").world.ops["barred"] == [
        "Tripoli"]


_DONE = {"kind": "transport", "from": ["Naples", "Palermo"], "to": "Tripoli", "cargo": ["Pavia", "Bari"], "units": ["RM-DD"]}


def _done(w: AwawWorld, *args: str) -> Outcome:
    return V._transport_done(env("axis"), ctx(w, "naval-combat", side="axis"), list(args), {})


def test_21_436_transport_result_usage_and_a_result_once() -> None:
    w = _sea(missions={"transport-1": _DONE})
    usage = "usage: transport-result ID before|after (defeated before or after embarkation, 21.436)"
    assert refused(_done, w, "transport-1") == usage
    assert refused(_done, w, "transport-1", "during") == usage
    assert refused(_done, w, "transport-1", "after", "x") == usage
    assert refused(_done, _sea(missions={"transport-1": {**_DONE, "result": "defeated after embarkation"}}),
                   "transport-1", "after") == "transport-result: transport-1 is already defeated after embarkation"


def test_21_436A_defeated_before_embarkation_nothing_moved() -> None:
    w = _sea(missions={"transport-1": _DONE}, transported=["pavia", "Bari", "Other"])
    out = _done(w, "transport-1", "BEFORE")
    assert out.summary == ("transport-1: defeated before embarkation — The naval units return to their original base; "
                           "nothing was embarked (21.436A).")
    assert out.details == ("The naval units stay inverted at their original base (21.436A, B).",)
    assert out.actor == "axis"
    assert out.world.ops["transported"] == ["Other"]
    assert out.world.ops["missions"]["transport-1"] == {**_DONE, "result": "defeated before embarkation"}
    assert "barred" not in out.world.ops


def test_21_436B_C_defeated_after_embarkation_and_21_315_transports_bar_the_destination() -> None:
    w = _sea(missions={"transport-1": _DONE}, transported=["Pavia", "Bari"])
    out = _done(w, "transport-1", "after")
    assert out.summary == (
        "transport-1: defeated after embarkation — The naval units and the surviving units they carry return to Naples "
        "or Palermo; the units debark there (paying the debarking cost, 21.436C) and the naval units return to their "
        "original base (21.436B).")
    assert out.world.ops["transported"] == ["Pavia", "Bari"] and "barred" not in out.world.ops
    with_tr = _sea(unit("IT-TR", 1, power="italy", type="transport", base="Naples"),
                   missions={"transport-1": {**_DONE, "units": ["RM-DD", "IT-TR"]}})
    barred = _done(with_tr, "transport-1", "after")
    assert barred.summary.endswith(
        "(21.436B). An activity with transports (IT-TR) was aborted: no transports may be used for naval operations "
        "relating to Tripoli for the rest of the player turn; those already under way are unaffected (21.315).")
    assert barred.details == ("The naval units stay inverted at their original base (21.436A, B).",)
    assert barred.world.ops["barred"] == ["Tripoli"]


def test_21_43_refusals_name_the_sea_transport_and_its_rules() -> None:
    w = _sea()
    go = ["Naples", "Tripoli"]
    assert refused(V._transport, env("axis"), ctx(w), go, {"cargo": "Pavia:3"}) == \
        "sea transport: which naval units? --by A,B,C"
    assert refused(V._transport, env("axis"), ctx(w), go, {"cargo": "Pavia:5", "by": "RM-DD"}) == \
        "sea transport: needs 5 destroyer factors: 4 chosen (21.434A)"
    assert refused(V._transport, env("axis"), ctx(w), go, {"cargo": "Pavia:3", "by": "RM-DD"}) == \
        "sea transport: type the distance by water with --distance N (RULINGS A1, 21.432, 21.3614)"
    assert refused(V._transport, env("axis"), ctx(w), [*go, "Malta", "Palermo"], {"cargo": "Pavia:3"}) == (
        "transport: one base of debarkation; different ones need separate missions (21.435C), not 'Malta Palermo'")
