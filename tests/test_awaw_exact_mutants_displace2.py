"""Exact tests that kill surviving mutants of the AWAW rules (seed 004, 21.2111, 21.23x, 21.31, 21.33, 21.3615C,
21.3616E, 21.4171, 21.533D, 21.65I): ``escort``, ``interception``, ``patrols``, ``returns``, ``units``,
``verbs_intercept`` and ``verbs_protect``, called directly on small worlds, each figure and field checked."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import base, tables, unit, world
from awaw_ops_fixtures import ops_tables
from test_awaw_exact_combat import _apart
from test_awaw_exact_ops_verbs import TURN, ctx, env, ops, refused, with_missions
from tui.rules.awaw import interception as I
from tui.rules.awaw import patrols as PA
from tui.rules.awaw import verbs_intercept as VI
from tui.rules.awaw import verbs_protect as VP
from tui.rules.awaw.escort import home_escort
from tui.rules.awaw.ops_helpers import Env
from tui.rules.awaw.returns import invasion_targets
from tui.rules.awaw.straits import find_strait
from tui.rules.awaw.units import new_turn
from tui.rules.core.errors import RuleError

# --- 21.3615C, 21.3616E: a sea escort home ------------------------------------------------------------------------


def test_21_3615C_21_3616E_home_is_the_island_group_or_a_listed_place_in_any_case() -> None:
    """21.3615C: Pearl Harbor and Oahu are listed Hawaiian places though their group is typed otherwise, in any case;
    a destroyer base outside the group and the list is not home; 21.3616E: Japan's group, with no list."""
    t = ops_tables()
    assert home_escort("usa", "western-allies", ("PEARL HARBOR", "x"), [("oahu", "y")], t) == "21.3615C"
    assert home_escort("usa", "western-allies", ("Pearl Harbor", "Oahu"), [("Pearl Harbor", "")], t) == "21.3615C"
    assert home_escort("usa", "western-allies", ("Hilo", "Hawaiian"), [("Kauai", "")], t) == "21.3615C"
    assert home_escort("usa", "western-allies", ("Hilo", "Hawaiian"), [("Noumea", "New Caledonia")], t) == ""
    assert home_escort("usa", "western-allies", ("Noumea", "Hawaiian"), [("Noumea", "New Caledonia")], t) == ""
    assert home_escort("japan", "axis", ("Kure", "japan"), [("Truk", "Carolines")], t) == ""
    assert home_escort("japan", "axis", ("Kure", "japan"), [("Yokosuka", "Japan")], t) == "21.3616E"
    assert home_escort("japan", "axis", ("Oahu", "Hawaiian"), [("Oahu", "Hawaiian")], t) == ""


# --- 21.33: the invasions an enemy announced ------------------------------------------------------------------------


def test_21_33_invasion_targets_read_the_side_after_the_last_colon() -> None:
    """21.33: the turn key ends with the side of the player turn; no key, no targets; an invasion without a hex
    targets the empty hex, not a made-up one."""
    missions = {"invasion-1": {"kind": "invasion", "hex": "aa7"}, "invasion-2": {"kind": "invasion"},
                "invasion-3": {"kind": "invasion", "hex": "Z20", "result": "aborted"}}
    assert invasion_targets({"turn": "3:x:axis", "missions": missions}, "allies") == ["AA7", ""]
    assert invasion_targets({"turn": "3:x:axis", "missions": missions}, "axis") == []
    assert invasion_targets({"turn": "3:allies:x", "missions": missions}, "allies") == ["AA7", ""]
    assert invasion_targets({"missions": missions}, "allies") == []


# --- 21.31, 21.32, 21.112, 21.4191: the start of a player turn ---------------------------------------------------


def test_21_31_a_new_turn_clears_the_attempts_and_the_miss() -> None:
    """21.31: a new player turn clears the activity, the base change, the overstack bar, the interceptions, the
    attempts tried (dp_tries) and the last miss."""
    u = new_turn(unit("X", acted=True, base_changed=True, unusable=True, intercepts=2, dp_tries=("a",), missed=True))
    assert (u.acted, u.base_changed, u.unusable, u.intercepts, u.dp_tries, u.missed) == (False, False, False, 0, (), False)
    assert new_turn(unit("Y")).missed is False


# --- 21.4171: a patrol's interception attempt recorded ----------------------------------------------------------


def test_21_4171_the_first_attempt_of_a_turn_is_recorded_on_an_empty_record() -> None:
    """21.4171: an attempt recorded with no patrols recorded yet this player turn, and for a patrol not yet recorded."""
    w = world([base("Malta")], [unit("X")])
    c = ctx(w)
    new = PA.with_attempt(lambda _c: "allies", c, w, 1, {"at": "Z20", "result": ""})
    assert new.ops == {"turn": f"{TURN}:allies", "transported": [], "missions": {},
                       "patrols": {"patrol-1": {"attempt": {"at": "Z20", "result": ""}}}}
    w2 = replace(w, ops={"turn": f"{TURN}:allies", "missions": {}, "patrols": {"patrol-1": {"units": ["X"]}}})
    new = PA.with_attempt(lambda _c: "allies", ctx(w2), w2, 2, {"at": "Z21"})
    assert new.ops["patrols"] == {"patrol-1": {"units": ["X"]}, "patrol-2": {"attempt": {"at": "Z21"}}}


# --- 21.2111: straits -------------------------------------------------------------------------------------------


def test_21_2111_in_strait_splits_at_the_first_equals_sign() -> None:
    """21.2111: ``--in-strait NAME=SIDE``: the strait is what comes before the first ``=``, the side all after it."""
    gib = find_strait("Gibraltar", tables())
    assert I.read_strait({"in-strait": "Gibraltar==atlantic"}, tables()) == (gib, "=atlantic")


def test_21_2111_an_open_strait_in_the_hex_does_not_stop_the_check_of_the_strait_named() -> None:
    """21.2111: in AA7, Gibraltar open to the Axis is passed over, and the Turkish Straits typed with a side they do
    not have is still refused."""
    w = world([base("Naples", control="italy")], [unit("RM-DD", 2, power="italy", type="destroyer", base="Naples")],
              phase_control={"AA7": "germany"})
    assert _apart(w, "RM-DD", "AA7", (find_strait("Turkish", tables()), "atlantic")) == (
        "intercept: the Turkish Straits (Istanbul to the Mediterranean) has the sides black-sea, aegean, not 'atlantic' "
        "(21.2111)")


def test_21_2111_every_unit_on_each_side_is_named() -> None:
    """21.2111: two Atlantic units and one Mediterranean unit in AA7, Gibraltar closed: all three named, by side."""
    w = world([base("Brest", fronts=("western",), control="germany"), base("Naples", control="italy")],
              [unit("KM-SS", 1, power="germany", type="submarine", base="Brest"),
               unit("KM-DD", 1, power="germany", type="destroyer", base="Brest"),
               unit("RM-DD", 2, power="italy", type="destroyer", base="Naples")],
              phase_control={"AA7": "britain"})
    assert _apart(w, "KM-SS KM-DD RM-DD", "AA7") == (
        "intercept: KM-SS, KM-DD on the atlantic side and RM-DD on the mediterranean side of the Gibraltar: forces on "
        "different sides of a strait closed to them may not combine in a single interception in the strait hex "
        "(21.2111)")


# --- 21.533D: raiders on their way to an SW box -------------------------------------------------------------------


def _raider(w, **opts: Any) -> str:
    try:
        VI._check_raider(lambda _c: "allies", ops(), ctx(w), w, opts)
    except RuleError as err:
        return str(err)
    return ""


def test_21_533D_a_bare_target_flag_is_no_target() -> None:
    """21.533D: ``--target`` without a value names no mission: nothing to check."""
    w = with_missions(world([base("Brest")], [unit("X")]), {"patrol-1": {"kind": "patrol"}})
    assert _raider(w, target=True) == ""
    assert _raider(w, target="") == ""


def test_21_533D_every_mission_and_every_direct_port_is_named() -> None:
    """21.533D: an unknown target lists each mission of the turn; raiders from Bergen and Scapa Flow both named."""
    units = [unit("S1", power="germany", base="Bergen"), unit("S2", power="germany", base="Scapa Flow")]
    raid = {"kind": "raid", "units": ["S1", "S2"], "sw_box": "Atlantic SW"}
    w = with_missions(world([base("Bergen"), base("Scapa Flow")], units), {"raid-1": raid, "patrol-1": {"kind": "patrol"}})
    assert _raider(w, target="raid-9") == (
        "intercept: no mission called 'raid-9' this player turn (raid-1, patrol-1)")
    assert _raider(w, target="raid-1") == (
        "intercept: raiders from Bergen, Scapa Flow move directly to the Atlantic SW box and are not subject to on-board "
        "interception (21.533D)")


# --- 21.65I: shipments to one destination protected together ------------------------------------------------------

ESCORT = {"kind": "escort", "from": "Liverpool", "to": "Plymouth", "destroyers": 0, "units": ["TR1"], "cargo": [],
          "oil": 1, "brps": 0}


def _protect_world(missions: dict[str, Any]):
    w = world([base("Liverpool", "port", ("western",)), base("Plymouth", "port", ("western",)),
               base("Atlantic SW", "sw-box", ())],
              [unit("TR1", 1, type="transport", base="Atlantic SW"), unit("TR2", 1, type="transport", base="Atlantic SW"),
               unit("CA-SW", 2, type="cruiser", base="Atlantic SW"), unit("CA-SW2", 2, type="cruiser", base="Atlantic SW")])
    return with_missions(w, missions)


def test_21_65I_a_combined_protection_adds_to_the_units_already_there_and_is_the_acting_sides() -> None:
    """21.65I: CA-SW, protecting escort-1, also protects escort-2 to Plymouth, already protected by CA-SW2: both are
    recorded; no details, no figures; the acting side read from the context."""
    w = _protect_world({"escort-1": {**ESCORT, "protect_sw": ["CA-SW"]},
                        "escort-2": {**ESCORT, "oil": 0, "brps": 5, "units": ["TR2"], "protect_sw": ["CA-SW2"]}})
    e = Env(tables(), ops(), lambda c: c.segment.side)
    m = {**w.ops["missions"]["escort-2"], "id": "escort-2"}
    out = VP._combined(ctx(w), e, m, {"by": "CA-SW"})
    assert (out.summary, out.details, out.explanations, out.actor) == (
        "escort-2: CA-SW protects the sea escort combined with escort-1, to the same destination (Plymouth), for mutual "
        "protection (21.65I)", (), (), "allies")
    assert out.world.ops["missions"]["escort-2"]["protect_sw"] == ["CA-SW2", "CA-SW"]


def test_21_65I_a_shipment_recorded_without_units_may_be_combined() -> None:
    """21.65I: a mission record without a units list: the protector is not among its carriers."""
    w = _protect_world({"escort-1": {**ESCORT, "protect_sw": ["CA-SW"]}})
    m = {k: v for k, v in {**ESCORT, "brps": 2, "id": "escort-2"}.items() if k != "units"}
    w = with_missions(w, {**w.ops["missions"], "escort-2": {k: v for k, v in m.items() if k != "id"}})
    out = VP._combined(ctx(w), env(), m, {"by": "CA-SW"})
    assert out.summary == ("escort-2: CA-SW protects the sea escort combined with escort-1, to the same destination "
                           "(Plymouth), for mutual protection (21.65I)")
    assert out.actor == "allies"


# --- 21.23, 21.231-21.233: displacement -------------------------------------------------------------------------

GROUND = "first-turn/movement/ground-movement"


def _displace(w, *args: str, **opts: Any):
    from tui.rules.awaw import verbs_displace as V

    return V._displace(tables(), lambda _c: "allies", ctx(w, GROUND), list(args), opts)


def _rabaul(**more: Any):
    """A Japanese cruiser in a TF, marked at sea, at Rabaul now British; the India box held by Japan."""
    return world([base("Rabaul", theater="pacific", control="britain", fronts=("pacific",)),
                  base("India", "box", (), theater="pacific", control="japan"), *more.pop("bases", ())],
                 [unit("IJN-CA", 2, power="japan", type="cruiser", base="Rabaul", tf="TF1", at_sea="x", sea_hex="Z1"),
                  *more.pop("units", ())])


def test_21_23_21_231_displaced_to_a_box_its_edge_its_record_and_its_prompt() -> None:
    """21.23D, 21.231 (proposed A13): to the India box, its 8 edge hexes added and noted under 21.231; 21.233: out of
    the TF, off the sea, inverted; 21.5153D: recorded as in a TF; 21.232: the enemy's question, a choice raised in the
    segment; none still to displace."""
    from tui.rules.core.state import Pending
    from tui.rules.awaw.verbs_displace import DISPLACE_CHOICES

    out = _displace(_rabaul(), "Rabaul", "India", distance="3")
    assert (out.summary, out.details, out.actor) == (
        "IJN-CA displaced Rabaul → India, 11 hexes, inverted (21.23, 21.233); answer displace-1 if the enemy engages "
        "them on the way (21.232)", (), "axis")
    assert [(e.name, e.value, e.rule, e.notes) for e in out.explanations] == [
        ("Displacement range", 11, "21.23D, 21.3613",
         ("8 hexes from the India box to the board edge added to the distance typed from the edge (21.17, 21.231; "
          "proposed ruling A13)",)),
        ("Room left at India", "unlimited", "21.114", ())]
    u = out.world.units["IJN-CA"]
    assert (u.base, u.inverted, u.tf, u.at_sea, u.sea_hex) == ("India", True, "", "", "")
    assert out.world.ops["displaced_from"] == {"Rabaul": {"IJN-CA": True}}
    assert out.raise_prompts == (Pending(
        id="displace-1", text="Displaced IJN-CA on the way to India: does the enemy attack them by air or intercept them "
        "(21.232)? They may not abort.", kind="choice", effect="displace-step", choices=DISPLACE_CHOICES, required=False,
        rule="21.232", subject="India", args={"units": ["IJN-CA"], "to": "India"}, raised=GROUND),)


def test_21_23D_no_port_in_range_eliminates_and_clears_the_tf() -> None:
    """21.23D: ``displace FROM none``: sunk, out of its TF."""
    out = _displace(_rabaul(), "Rabaul", "none")
    assert out.summary == "IJN-CA eliminated: no controlled port with room within 20 hexes of Rabaul (21.23D)"
    u = out.world.units["IJN-CA"]
    assert (u.sunk, u.tf) == (True, "")


def test_21_23B_21_112_a_full_port_takes_no_displaced_units() -> None:
    """21.23B, 21.112: a port with no room: refused, naming partial room."""
    w = _rabaul(bases=[base("Truk", theater="pacific", control="japan", fronts=("pacific",))],
                units=[unit("IJN-BB", 50, power="japan", base="Truk")])
    msg = refused(_displace, w, "Rabaul", "Truk", distance="3")
    assert msg == ("displace (partial room: name the units that fit, 21.23B): Truk bases 50 naval factors and holds 50; "
                   "2 more would exceed it, and capacity may not be voluntarily exceeded (21.112)")


def _messina():
    """The bundled game, the Allies first, in ground movement, Messina just captured by Britain."""
    from tests.awaw_game import ok
    from tests.test_awaw_exact_verbs_basing import _allied

    game = _allied("Ground movement")
    ok(game, "control Messina britain")
    return game


def test_21_23D_21_36A_the_distance_typed_and_its_floor_are_the_displacements() -> None:
    """21.23D (RULINGS A1): the distance must be typed; 21.36A: not shorter than the hexes on the map."""
    from tests.awaw_game import refused as game_refused

    game = _messina()
    assert game_refused(game, "displace Messina Naples").message == (
        "displace: type the distance by water with --distance N (RULINGS A1, 21.23D)")
    assert game_refused(game, "displace Messina Naples --distance 1").message == (
        "displace: 1 hexes is shorter than the 2 hexes from Messina (BB22) to Naples (Z20) on the map; the route by water "
        "can only be longer (21.36A, proposed A28)")


def test_21_23_a_port_captured_this_phase_by_the_displaced_side_takes_them() -> None:
    """21.23: "displaced to the nearest controlled port": Malta, taken by Italy this phase, is controlled now; each
    displacement from Messina adds to its record (21.5153D)."""
    from tests.awaw_game import ok

    game = _messina()
    ok(game, "control Malta italy")
    assert ok(game, "displace Messina Malta RM-CA-Messina --distance 5").message == (
        "RM-CA-Messina displaced Messina → Malta, 5 hexes, inverted (21.23, 21.233); answer displace-1 if the enemy engages "
        "them on the way (21.232)")
    ok(game, "displace Messina Naples RM-DD-Messina --distance 5")
    assert game.state.world.ops["displaced_from"] == {"Messina": {"RM-CA-Messina": False, "RM-DD-Messina": False}}


def test_21_23C_a_two_front_port_names_both_fronts() -> None:
    """21.23C: from Gibraltar, a two-front port, the front must be chosen among western|mediterranean."""
    from tests.awaw_game import ok, refused as game_refused

    from tests.test_awaw_exact_verbs_basing import _allied

    game = _allied("Ground movement")
    ok(game, "control Gibraltar italy")
    assert game_refused(game, "displace Gibraltar Malta --distance 5").message == (
        "displace: Gibraltar is a two-front port: choose the front with --front western|mediterranean (21.23C)")
