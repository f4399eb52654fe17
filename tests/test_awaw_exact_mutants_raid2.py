"""Exact tests of the raiders' engagement and the fast carrier mission (``tui/rules/awaw/verbs_ops_raid.py``,
``ops_raid_ships.py``, ``raiders.py``, ``verbs_ops_combat.py``; seed 004, 21.5341, 21.5342, 21.5153A, 21.55), written
against the mutants a mutation run left alive: the typed numbers read in their ranges, the Raider Table's modifiers,
the enemy ships an invasion counts and the carrier mission's checks and record, each asserting the whole message,
figure or record."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, ops, refused, with_missions
from test_awaw_exact_ops_verbs_combat import ASSUMED, combat_world
from test_awaw_exact_ops_verbs_raid import _RAID, raiders_world
from test_awaw_exact_ops_verbs_raid_ships import RAID, _defended, _ships
from tui.rules.awaw import invasion as I
from tui.rules.awaw import raiders as R
from tui.rules.awaw import verbs_ops_combat as VC
from tui.rules.awaw import verbs_ops_raid as VR
from tui.rules.awaw.ops_helpers import Env
from tui.rules.core.ruleset import Outcome


def _engage(m: dict[str, Any], *args: str, e: Env | None = None, dice: tuple[int, ...] = (), **opts: Any) -> Outcome:
    c = ctx(raiders_world(missions={"raid-1": m}), "naval-combat", side="axis", dice=dice)
    return VR._engage(e or env("axis"), c, list(args), opts)


# --- raid-engage: the typed numbers (21.5341, 21.538, 21.5342; RULINGS A2) ---------------------------------------------


def test_21_5341_21_538_the_engagement_attempt_is_1_or_2() -> None:
    """21.5341, 21.538: a first and a second engagement attempt only."""
    assert refused(_engage, _RAID, "raid-1", attempt="0", result="3") == \
        "the engagement attempt must be from 1 to 2, not '0'"
    assert refused(_engage, _RAID, "raid-1", attempt="3", result="3") == \
        "the engagement attempt must be from 1 to 2, not '3'"
    assert refused(_engage, _RAID, "raid-1", attempt="x", result="3") == \
        "the engagement attempt must be a whole number (from 1 to 2), not 'x'"
    assert _engage(_RAID, "raid-1", attempt="2", result="3").summary == \
        "raid-1 attempt 2: 3 defending ships may engage (21.5341, 21.538)"


def test_21_5342_the_modifiers_typed_are_read_in_their_ranges() -> None:
    """21.5342: air range research results 0-9, CVEs 0-99, the codebreaking advantage -1, 0 or +1."""
    for key, low, high, what, rng in (("air-range", "-1", "10", "air range results", "from 0 to 9"),
                                      ("cves", "-1", "100", "CVEs", "from 0 to 99"),
                                      ("codebreaking", "-2", "2", "the codebreaking modifier", "from -1 to 1")):
        assert refused(_engage, _RAID, "raid-1", result="3", **{key: low}) == f"{what} must be {rng}, not '{low}'"
        assert refused(_engage, _RAID, "raid-1", result="3", **{key: high}) == f"{what} must be {rng}, not '{high}'"
        assert refused(_engage, _RAID, "raid-1", result="3", **{key: "x"}) == \
            f"{what} must be a whole number ({rng}), not 'x'"
    top = _engage(_RAID, "raid-1", result="3", **{"air-range": "9", "cves": "99", "codebreaking": "1"})
    assert [(t.label, t.value) for t in top.explanations[0].terms] == [
        ("automatic", -3), ("9 defender air range research results", 9), ("99 CVEs / 6, round down, at most +4", 4),
        ("Ultra codebreaking advantage", 1)]


def test_21_5341_RULINGS_A2_the_modified_result_typed_is_from_minus_20_to_20() -> None:
    """21.5341, RULINGS A2: the modified Raider Table result typed, -20 to 20."""
    what = "the modified Raider Table result (typed, RULINGS A2)"
    assert refused(_engage, _RAID, "raid-1", result="-21") == f"{what} must be from -20 to 20, not '-21'"
    assert refused(_engage, _RAID, "raid-1", result="21") == f"{what} must be from -20 to 20, not '21'"
    assert refused(_engage, _RAID, "raid-1", result="x") == f"{what} must be a whole number (from -20 to 20), not 'x'"
    assert _engage(_RAID, "raid-1", result="20").summary == "raid-1 attempt 1: 20 defending ships may engage (21.5341)"
    low = _engage(_RAID, "raid-1", result="-20")
    assert low.summary == "raid-1 attempt 1: escapes detection (21.5341)"
    assert low.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 0}]


def test_21_5341_a_typed_result_at_the_escape_limit_escapes() -> None:
    """21.5341: "0 or less" the raiders escape: a typed result equal to the table's limit escapes (here a table whose
    limit is 1), one above it does not."""
    t = ops()
    strict = replace(t, raider_table=replace(t.raider_table, escape_at_most=1))
    e = Env(env("axis").tables, strict, lambda _ctx: "axis")
    at = _engage(_RAID, "raid-1", e=e, result="1")
    assert at.summary == "raid-1 attempt 1: escapes detection (21.5341)"
    assert at.world.ops["missions"]["raid-1"]["attempts"] == [{"attempt": 1, "ships": 0}]
    assert _engage(_RAID, "raid-1", e=e, result="2").summary == \
        "raid-1 attempt 1: 2 defending ships may engage (21.5341)"


def test_21_5342_the_second_group_in_the_box_adds_its_priority_modifier() -> None:
    """21.5342, 21.533C: raider group number 2 in the SW box has its modifier on the Raider Table."""
    out = _engage({**_RAID, "priority": 2}, "raid-1", result="3")
    mod = out.explanations[0]
    assert [(t.label, t.value) for t in mod.terms] == [
        ("automatic", -3), ("raider group number 2 in the box", ops().raider_table.per_additional_group)]
    assert mod.value == -3 + ops().raider_table.per_additional_group


def test_21_5342_the_codebreaking_term_is_a_whole_number() -> None:
    """21.5342: the codebreaking advantage, -1 or +1, is a whole-number modifier (never -1.0)."""
    for cb in (-1, 1):
        mod = R.raider_modifier("Atlantic SW", 2, R.RaidConditions(codebreaking=cb), ops())
        term = mod.terms[-1]
        assert (term.label, term.value, type(term.value), mod.value, type(mod.value)) == (
            "Ultra codebreaking advantage", cb, int, -3 + cb, int)


# --- raid-ships --missing (21.5342D, G) ---------------------------------------------------------------------------------


def test_21_5342D_the_missing_ship_types_are_faces_1_to_6() -> None:
    """21.5342D, G: the ship types the referee marks as not there are die faces, 1 to 6."""
    for bad in ("0", "7"):
        assert refused(_ships, _defended(), "raid-1", "3,1", missing=bad) == \
            f"a missing ship type must be from 1 to 6, not '{bad}'"
    assert refused(_ships, _defended(), "raid-1", "3,1", missing="x") == \
        "a missing ship type must be a whole number (from 1 to 6), not 'x'"
    both = _ships(_defended(RAID), "raid-1", "3,1", missing="6,1")
    assert both.world.ops["missions"]["raid-1"]["attempts"][0]["missing"] == [1, 6]


# --- the enemy ships in an invasion hex (21.5153A) ----------------------------------------------------------------------


def test_21_5153A_enemy_ships_counted_by_category_or_by_type_as_they_are() -> None:
    """21.5153A: submarines, ASW and transports count by their category, whatever their type is called; the other
    naval units by their type; each as damaged and in a task force as it is."""
    t = env().tables
    kinds = {"u-boat": "submarine", "escort-group": "asw", "liberty": "transport"}
    named = replace(t, unit_types={**t.unit_types, **{k: t.unit_types[v] for k, v in kinds.items()}})
    for typ, kind in kinds.items():
        assert VC._enemy_ship(named, unit("X", 2, type=typ), False) == I.EnemyShip(kind, 2, False, False)
    assert VC._enemy_ship(t, unit("BB", 4, type="battleship", damaged=True), True) == \
        I.EnemyShip("battleship", 4, True, True)
    assert VC._enemy_ship(t, unit("CV", 2, type="fast-carrier"), False) == I.EnemyShip("fast-carrier", 2, False, False)
    assert VC._enemy_ship(t, unit("SS", 3, type="submarine", damaged=True), False) == \
        I.EnemyShip("submarine", 3, True, False)


# --- carrier-mission (21.55, 21.321, 21.554A) ---------------------------------------------------------------------------


def _carriers(w: Any, *args: str, **opts: Any) -> Outcome:
    return VC._carrier_mission(env(), ctx(w, "naval-combat"), list(args), {"distance": "3", **opts})


_INV = {"kind": "invasion", "hex": "Q30", "from": ["Malta"], "from_box": [], "units": ["DD1"]}
_FLEET = ("fast fleet factors escorting the carriers", 2)
_RANGE = "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) range"


def test_21_55_the_force_and_the_distance_are_asked_for_the_fast_carrier_mission() -> None:
    """21.55, RULINGS A1: the units and the distance by water, each asked for by the mission's name and rules."""
    assert refused(_carriers, combat_world(), "Z31") == "fast carrier mission: which naval units? --by A,B,C"
    assert refused(VC._carrier_mission, env(), ctx(combat_world(), "naval-combat"), ["Z31"], {"by": "CV1,CA1"}) == \
        "fast carrier mission: type the distance by water with --distance N (RULINGS A1, 21.552, 21.3614)"


def test_21_321_a_carrier_mission_entering_two_targeted_hexes() -> None:
    """21.321: through Q30 (invasion-1's hex) to Z31 (invasion-2's): refused unless no alternate route is typed, then
    explained after the range checks; a carrier mission does not itself target its hex, so one invasion hex on the way
    is allowed."""
    two = combat_world(missions={"invasion-1": _INV, "invasion-2": {**_INV, "hex": "Z31"}})
    assert refused(_carriers, two, "Z31", by="CV1,CA1", ports="Q30", distance="20") == (
        "fast carrier mission: its naval units would enter 2 hexes targeted for sea transport or invasion this phase "
        "(Q30, Z31); a naval unit may enter the sea portion of only one in a phase unless no alternate route to its "
        "destination is available: then add --no-alternate (21.321)")
    out = _carriers(two, "Z31", by="CV1,CA1", ports="Q30", distance="20", **{"no-alternate": True})
    assert [(e.name, e.value) for e in out.explanations] == [
        _FLEET, (_RANGE, 20), ("Distance at least the hexes on the map", 9),
        ("Targeted hexes entered (no alternate route, typed)", 2)]
    one = _carriers(combat_world(missions={"invasion-1": _INV}), "Z31", by="CV1,CA1", ports="Q30", distance="20")
    assert [(e.name, e.value) for e in one.explanations] == [
        _FLEET, (_RANGE, 20), ("Distance at least the hexes on the map", 9)]
    assert one.world.ops["missions"]["carriers-1"] == {"kind": "carriers", "hex": "Z31", "units": ["CV1", "CA1"],
                                                       "target": "", "with": ""}


def test_21_554A_the_brps_on_the_front_typed_and_the_ledger_line() -> None:
    """21.554A, 9.56A: --brp-front sets the front the mission pays on; the ledger line names the mission and why."""
    out = _carriers(combat_world(), "Z31", by="CV1,CA1", **{"brp-front": "western"})
    assert out.summary == ("carriers-1: fast carrier mission to Z31 by CV1, CA1 (21.55); BRPs for 4 naval factors on the "
                           "western front (the front typed (--brp-front))")
    assert out.world.ops["brps"] == [{"mission": "carriers-1", "what": "fast carrier mission to Z31", "front": "western",
                                      "factors": 4, "brps": None, "rule": "21.554A, 9.56A",
                                      "note": "the front typed (--brp-front)"}]
    plain = _carriers(combat_world(), "Z31", by="CV1,CA1")
    assert plain.summary == "carriers-1: fast carrier mission to Z31 by CV1, CA1 (21.55); " + ASSUMED
    assert plain.world.ops["missions"]["carriers-1"] == {"kind": "carriers", "hex": "Z31", "units": ["CV1", "CA1"],
                                                         "target": "", "with": ""}
    assert [(e.name, e.value, [(t.label, t.value) for t in e.terms]) for e in plain.explanations][1:] == [
        (_RANGE, 3, [("distance by water, typed (RULINGS A1)", 3), ("limit in Europe", 40),
                     ("a port touched at least every (Europe)", 20), ("leg 1", 3)]),
        ("Distance at least the hexes on the map", 1, [("hexes from Alexandria (Z30) to Z31", 1),
                                                       ("distance by water, typed", 3)])]


def test_21_552_the_range_is_the_theater_of_the_first_units_base() -> None:
    """21.552, 21.3614: the offensive range limit is that of the theater the mission's first unit sails from
    (Alexandria, Europe), not the second's (Aden, set in the Pacific here)."""
    w = world([base("Alexandria", hex="Z30"), base("Aden", theater="pacific")],
              [unit("CV1", 2, type="fast-carrier", base="Alexandria", fast=True),
               unit("CA1", 2, type="cruiser-2", base="Aden", fast=True)])
    out = _carriers(with_missions(w, {}), "Z31", by="CV1,CA1")
    assert [(t.label, t.value) for t in out.explanations[1].terms] == [
        ("distance by water, typed (RULINGS A1)", 3), ("limit in Europe", 40),
        ("a port touched at least every (Europe)", 20), ("leg 1", 3)]
