"""Exact tests written against the mutants of ``invade`` (``tui/rules/awaw/verbs_ops_combat.py``; seed 004, 21.51) that
the earlier tests let live: the island of embarkation (21.37), the hex kind and the Western Allied CTL (21.5154), a
commando port invasion and its range (21.512A), the defence strength and the odds (21.5152), winter and the Aleutians
(21.5151B, 21.512C), the enemy naval units in the hex (21.5153A, D), an invasion from a mapboard box (21.513C), the
destroyers, the distance and the targeted hexes (21.513, 21.3614, 21.321), the BRPs (21.1322) and the occupation limit
(21.517J). Each test calls the verb in-process on a small world and asserts whole messages, figures and records."""

from __future__ import annotations

from typing import Any

from awaw_core_fixtures import base, unit, world
from test_awaw_exact_ops_verbs import ctx, env, refused, with_missions
from test_awaw_exact_ops_verbs_combat import _invade, combat_world
from tui.rules.awaw import verbs_ops_combat as VC
from tui.rules.core.ruleset import Outcome

_COMMANDO = {"cargo": "No 2 Cdo:1:commando", "hex-kind": "port", "supplied": True}
"""A commando raid on Naples (U19, 4 hexes from Malta) under its special capability (21.5154)."""


def _invade_exactly(w: Any, target: str, start: str, opts: dict[str, Any], *, side: str = "allies",
                    label: str = "Spring 1941") -> Outcome:
    """``invade TARGET START`` with exactly the options ``opts`` (none filled in)."""
    return VC._invade(env(side), ctx(w, "naval-combat", label=label, side=side), [target, start], opts)


def _figure(out: Outcome, name: str) -> dict[str, Any]:
    """The one figure of ``out`` called ``name``, as a dict."""
    (fig,) = [e.to_dict() for e in out.explanations if e.name == name]
    return fig


# --- 21.37, 21.511: the bases of embarkation ----------------------------------------------------------------------


def test_21_37_21_511_island_as_a_base_of_embarkation_needs_the_island_named() -> None:
    """21.511, 21.37: invaders may embark on an eligible island, typed ``island`` with --island-end NAME; without the
    name the refusal says it is the seaborne invasion's."""
    assert refused(_invade, combat_world(), "Q30", "island", supplied=True) == (
        "seaborne invasion: 'island' stands for the island named with --island-end NAME (one island) (21.37)")


# --- 21.5154, 21.512A: the hex kind, the Western Allied CTL, commandos against a port --------------------------------


def test_21_5154_the_hex_kind_must_be_typed() -> None:
    """21.5154: without --hex-kind the hex is of no kind, and the refusal echoes the empty kind."""
    assert refused(_invade, combat_world(), "Q30", supplied=True, **{"hex-kind": None}) == (
        "the invasion hex is one of beach, gibraltar, singapore, one-hex-island, port, other, not ''")


def test_21_5154_the_western_allied_ctl_is_a_whole_number_from_0_to_9() -> None:
    """21.5154: --ctl, the Western Allied CTL, is read as a whole number from 0 to 9 whatever the hex."""
    assert refused(_invade, combat_world(), "Q30", supplied=True, ctl="x") == (
        "the Western Allied CTL must be a whole number (from 0 to 9), not 'x'")
    assert refused(_invade, combat_world(), "Q30", supplied=True, ctl="10") == (
        "the Western Allied CTL must be from 0 to 9, not '10'")


def test_21_5154_21_512A_commandos_invade_an_undefended_port_at_ctl_2_within_10_hexes() -> None:
    """21.5154: "Commandos may invade undefended port hexes if the Western Allied CTL is two or more"; 21.512A: "The
    range of a commando unit using its special capability to invade a port is restricted to 10 (Europe)": the CTL
    typed and the distance typed are both figures of the announced invasion."""
    out = _invade(combat_world(), "Naples", ctl="2", distance="10", **_COMMANDO)
    assert out.summary == (
        "invasion-1: invasion of Naples (port, undefended) from Malta: 1 ground factors on DD1; needs 1 destroyer factors "
        "(21.513); the defenders' invasion DM is +1 (21.517E); BRPs for 4 naval factors on the mediterranean front (the "
        "front of Naples)")
    assert [e.name for e in out.explanations] == [
        "destroyer factors for the invasion", "transports for the invasion", "eligible invasion hex",
        "units attacking by sea", "invasion odds", "weather allows the invasion", "Aleutians route",
        "Offensive mission (patrol, sea transport, invasion, bombardment, carrier mission) range",
        "Distance at least the hexes on the map", "commando range", "enemy naval units prevent the invasion",
        "defender's invasion DM", "non-specialized units in the invasion hex"]
    assert _figure(out, "eligible invasion hex") == {
        "name": "eligible invasion hex", "value": True, "rule": "21.5154",
        "terms": [{"label": "an undefended port, commandos only", "value": 1, "rule": "21.5154"},
                  {"label": "Western Allied CTL", "value": 2, "rule": "21.5154"}], "notes": []}
    assert _figure(out, "commando range") == {
        "name": "commando range", "value": True, "rule": "21.512A",
        "terms": [{"label": "hexes by water (typed, RULINGS A1)", "value": 10, "rule": "21.512A"},
                  {"label": "limit (europe)", "value": 10, "rule": "21.512A"}], "notes": []}


def test_21_5154_21_512A_commandos_refused_below_ctl_2_against_a_defended_port_or_beyond_10_hexes() -> None:
    """21.5154: no --ctl typed is a CTL of 0, below 2; a defended port is refused to commandos; 21.512A: 11 hexes is
    beyond the 10 of Europe."""
    assert refused(_invade, combat_world(), "Naples", distance="10", **_COMMANDO) == (
        "commandos may invade ports only when the Western Allied CTL is 2 or more; it is 0 (21.5154)")
    assert refused(_invade, combat_world(), "Naples", distance="10", ctl="2", defended=True, odds="2:1",
                   **_COMMANDO) == "commandos may invade only undefended port hexes (21.5154)"
    assert refused(_invade, combat_world(), "Naples", distance="11", ctl="2", **_COMMANDO) == (
        "a commando port invasion may reach 10 hexes in the Europe, not 11 (21.512A)")


# --- 21.5152: the defence strength and the odds -------------------------------------------------------------------


def test_21_5152_the_defence_strength_typed_from_half_to_999_in_steps_of_a_half() -> None:
    """21.5152: --defense is a number of combat factors from 0.5 to 999 in steps of 0.5, kept for invasion-odds."""
    def defended(defense: object) -> Outcome:
        return _invade(combat_world(), "Q30", confirmed=True, by="DD1,DD2", defended=True, defense=defense)

    assert refused(defended, "x") == "the defence strength (21.5152) must be a number (from 0.5 to 999), not 'x'"
    assert refused(defended, "1000") == "the defence strength (21.5152) must be from 0.5 to 999, not '1000'"
    assert refused(defended, "1.25") == "the defence strength (21.5152) must be in steps of 0.5, not '1.25'"
    assert defended("999").world.ops["missions"]["invasion-1"]["defense"] == "999.0"


def test_21_5152_a_bare_defense_flag_against_an_undefended_hex_is_no_defence() -> None:
    """21.5152: --defense without a value is no defence strength: an undefended hex's odds are "undefended" and the
    record keeps no defence."""
    out = _invade(combat_world(), "Q30", supplied=True, defense=True)
    assert _figure(out, "invasion odds") == {
        "name": "invasion odds", "value": "undefended", "rule": "21.5152",
        "terms": [{"label": "no enemy unit in the hex", "value": 0, "rule": "21.5152"}], "notes": []}
    assert "defense" not in out.world.ops["missions"]["invasion-1"]


def test_21_5152_a_defended_hex_needs_the_odds_or_the_defence() -> None:
    """21.5152: "Seaborne invasions of a hex containing an enemy unit may only be made if the resulting ground combat is
    at 1:1 odds or more": a defended hex with neither --odds nor --defense is refused, the odds read as typed ('')."""
    assert refused(_invade, combat_world(), "Q30", supplied=True, defended=True, by="DD1,DD2") == (
        "odds are typed as ATTACK:DEFENCE, e.g. 3:1 or 1:2, not ''")


# --- 21.5151B, 21.512C: winter, the Aleutians, Dutch Harbor -------------------------------------------------------


def test_21_5151B_winter_invasions_of_aleutian_islands_are_prohibited() -> None:
    """21.5151B: "Winter invasions of Aleutian islands are prohibited": an island the referee says is Aleutian
    (--aleutian) though not in the data's list, and Attu from the list, both refused in winter, through no winter
    front."""
    prohibited = "winter invasions of Aleutian islands are prohibited (21.5151B)"
    assert refused(_invade, combat_world(), "Q30", supplied=True, aleutian=True, label="Winter 1942") == prohibited
    assert refused(_invade, combat_world(), "Attu", supplied=True, label="Winter 1942") == prohibited
    assert _invade(combat_world(), "Q30", supplied=True, aleutian=True, label="Spring 1942").summary.startswith(
        "invasion-1: invasion of Q30 (beach, undefended) from Malta")


def _japan(**opts: Any) -> Outcome:
    """Japan invades Dutch Harbor from Tokyo (island group japan) with IJN-DD."""
    w = world([base("Tokyo", fronts=("pacific",), control="japan", theater="pacific", group="japan", hex="A1")],
              [unit("IJN-DD", 4, power="japan", type="destroyer", base="Tokyo")])
    return _invade_exactly(with_missions(w, {}, side="axis"), "Dutch Harbor", "Tokyo",
                           {"cargo": "1 Inf:3", "by": "IJN-DD", "distance": "10", "hex-kind": "beach", "supplied": True,
                            **opts}, side="axis", label="Spring 1942")


def test_21_512C_japan_invading_dutch_harbor_from_japan_names_the_island_passed() -> None:
    """21.512C: "For Japan to invade Dutch Harbor from Japan, it must control and fully supply another Aleutian island.
    The invasion must pass through the required island en route": a bare --via names no island."""
    name_it = ("an invasion of Dutch Harbor from Japan must pass through another Aleutian island that Japan controls and "
               "fully supplies: name it with --via ISLAND (21.512C)")
    assert refused(_japan, via=True) == name_it
    assert refused(_japan) == name_it
    out = _japan(via="Attu", **{"via-held": True})
    assert _figure(out, "Aleutians route") == {
        "name": "Aleutians route", "value": True, "rule": "21.512C",
        "terms": [{"label": "passes through Attu, controlled and fully supplied", "value": 1, "rule": "21.512C"}],
        "notes": []}


# --- 21.5153: enemy naval units in the invasion hex ----------------------------------------------------------------


def test_21_5153A_enemy_ships_at_sea_in_a_hex_that_is_no_base_forbid_the_invasion() -> None:
    """21.5153A: ten undamaged enemy factors on a mission in the sea hex Q30 (no base there) forbid its invasion."""
    w = combat_world(unit("RM-DD", 10, power="italy", type="destroyer", base="Naples", at_sea="mission", sea_hex="Q30"))
    assert refused(_invade, w, "Q30", supplied=True) == (
        "invade: an enemy TF or 10 or more undamaged enemy naval factors are in Q30: the invasion may not be carried out "
        "(21.5153A)")


def test_21_5153A_only_ships_in_the_invasion_base_count_when_the_base_has_no_hex() -> None:
    """21.5153A: Tripoli carries no hex: its 3 Italian factors are counted, not the 7 in port at Naples (10 in all
    would forbid the invasion)."""
    w = world([base("Malta", hex="Y20"), base("Tripoli", control="italy"), base("Naples", control="italy", hex="U19")],
              [unit("DD1", 4, type="destroyer", base="Malta"), unit("RM-BB", 3, power="italy", base="Tripoli"),
               unit("RM-DD", 7, power="italy", type="destroyer", base="Naples")])
    out = _invade(with_missions(w, {}), "Tripoli", supplied=True)
    assert out.summary.startswith("invasion-1: invasion of Tripoli (beach, undefended) from Malta")
    assert [t["value"] for t in _figure(out, "enemy naval units prevent the invasion")["terms"]] == [0, 3, 10]


def test_21_5153A_D_ships_present_forbid_it_by_A_even_when_others_were_driven_out() -> None:
    """21.5153A: ten enemy factors in Tripoli forbid the invasion by A, though ten more were driven out this player turn
    (21.5153D is for the hex emptied by an airdrop)."""
    w = combat_world(unit("RM-CA", 7, power="italy", type="cruiser", base="Tripoli"),
                     unit("RM-DD", 7, power="italy", type="destroyer", base="Naples"),
                     unit("RM-D2", 3, power="italy", type="destroyer", base="Naples"),
                     displaced_from={"Tripoli": {"RM-DD": "", "RM-D2": ""}})
    assert refused(_invade, w, "Tripoli", supplied=True) == (
        "invade: an enemy TF or 10 or more undamaged enemy naval factors are in Tripoli: the invasion may not be carried "
        "out (21.5153A)")


def test_21_5153D_own_ships_driven_out_do_not_forbid_the_invasion() -> None:
    """21.5153D: it is the defending naval units driven out that forbid an invasion: ten British factors driven out of
    Tripoli do not."""
    w = combat_world(unit("RN-DD", 10, type="destroyer", base="Naples"), displaced_from={"Tripoli": {"RN-DD": ""}})
    out = _invade(w, "Tripoli", supplied=True)
    assert out.summary == (
        "invasion-1: invasion of Tripoli (beach, undefended) from Malta: 3 ground factors on DD1; needs 3 destroyer "
        "factors (21.513); the defenders' invasion DM is +1 (21.517E); BRPs for 4 naval factors on the mediterranean front "
        "(the front of Tripoli)")


# --- 21.31, 21.513, 21.3614, 21.321: the naval units, their destroyers, the distance, the targeted hexes -------------


def test_21_31_an_invasion_names_its_naval_units() -> None:
    """21.31: without --by (or with a bare --by) the seaborne invasion asks which naval units."""
    which = "seaborne invasion: which naval units? --by A,B,C"
    assert refused(_invade, combat_world(), "Q30", supplied=True, by=None) == which
    assert refused(_invade, combat_world(), "Q30", supplied=True, by=True) == which


def test_21_513A_too_few_destroyer_factors_refuse_the_seaborne_invasion() -> None:
    """21.513A: 5 ground factors need 5 destroyer factors; DD1 has 4."""
    assert refused(_invade, combat_world(), "Q30", supplied=True, cargo="1 Inf:5") == (
        "seaborne invasion: needs 5 destroyer factors: 4 chosen (21.513A)")


def test_21_513C_from_a_mapboard_box_two_destroyer_factors_and_a_transport() -> None:
    """21.513C (as the data reads it): from the Atlantic U.S. box, 3 ground factors need 6 destroyer factors and one
    transport; the record keeps the box."""
    w = combat_world(unit("USDD", 6, power="usa", type="destroyer", base="Atlantic U.S."),
                     unit("USTR", 1, power="usa", type="transport", base="Atlantic U.S."))
    out = _invade(w, "Q30", "Atlantic U.S.", supplied=True, by="USDD,USTR", distance="20")
    assert out.summary == (
        "invasion-1: invasion of Q30 (beach, undefended) from Atlantic U.S.: 3 ground factors on USDD, USTR; needs 6 "
        "destroyer factors (21.513); the defenders' invasion DM is +1 (21.517E); BRPs for 7 naval factors: the front is "
        "not known: the referee names it (--brp-front)")
    box = ("Assumption: the seed prints the heading 21.513C without its text. Read as 21.434B for sea transport: two "
           "destroyer factors per ground factor from a mapboard box (the larger figure applies when the hex is also "
           "defended).")
    lot = ("Assumption: the heading 21.513C is printed without its text. Read as 21.434C: one transport of the SW box "
           "passed through per five ground factors, rounded up (21.64C).")
    assert [e.to_dict() for e in out.explanations[:2]] == [
        {"name": "destroyer factors for the invasion", "value": 6, "rule": "21.513C",
         "terms": [{"label": "3 ground factors x 1 (undefended hex)", "value": 3, "rule": "21.513A"},
                   {"label": "from a mapboard box: 3 x 2", "value": 6, "rule": "21.513C"}], "notes": [box]},
        {"name": "transports for the invasion", "value": 1, "rule": "21.513C",
         "terms": [{"label": "3 ground factors / 5, rounded up", "value": 1, "rule": "21.513C"}], "notes": [lot]}]
    assert out.world.ops["missions"]["invasion-1"]["from_box"] == ["Atlantic U.S."]


def test_21_512_21_3614_the_distance_by_water_must_be_typed() -> None:
    """21.512: seaborne invasions are subject to the offensive range of 21.3614, on the distance typed (RULINGS A1)."""
    opts = {"cargo": "1 Inf:3", "by": "DD1", "hex-kind": "beach", "supplied": True}
    assert refused(_invade_exactly, combat_world(), "Q30", "Malta", opts) == (
        "seaborne invasion: type the distance by water with --distance N (RULINGS A1, 21.512, 21.3614)")


def test_21_321_an_invasion_may_not_target_a_hex_an_earlier_invasion_passes_through() -> None:
    """21.321: invasion-1's naval units pass through Q30 on their way to Q31: invading Q30 would have them enter two
    targeted hexes in one phase."""
    earlier = {"kind": "invasion", "hex": "Q31", "entered": ["Q30", "Q31"]}
    assert refused(_invade, combat_world(missions={"invasion-1": earlier}), "Q30", supplied=True) == (
        "seaborne invasion: invasion-1's naval units pass through Q30 on their way to Q31; targeting Q30 too would have "
        "them enter two hexes targeted for sea transport or invasion in one phase (21.321); if no alternate route is "
        "available, add --no-alternate")


# --- 21.1322, 21.517J: the BRPs and the occupation limit --------------------------------------------------------------


def test_21_1322_an_invasion_of_a_base_is_charged_to_the_bases_front() -> None:
    """21.1322, 21.51: the invasion of Tripoli pays BRPs for DD1's 4 factors on Tripoli's front, a ledger line of its
    own."""
    out = _invade(combat_world(), "Tripoli", supplied=True)
    assert out.world.ops["brps"] == [{"mission": "invasion-1", "what": "invasion of Tripoli", "front": "mediterranean",
                                      "factors": 4, "brps": None, "rule": "21.1322, 21.51",
                                      "note": "the front of Tripoli"}]


def test_21_517J_a_one_hex_island_in_europe_takes_a_bridgehead_limit() -> None:
    """21.517J: a one-hex island outside the Pacific is occupied as with a bridgehead counter: 5 non-specialized units
    plus 3 specialized (the Pacific island limits are for the Pacific)."""
    out = _invade(combat_world(), "Q30", supplied=True, **{"hex-kind": "one-hex-island"})
    assert _figure(out, "non-specialized units in the invasion hex") == {
        "name": "non-specialized units in the invasion hex", "value": 5, "rule": "21.517J",
        "terms": [{"label": "a bridgehead counter placed", "value": 5, "rule": "21.517J"},
                  {"label": "plus specialized units", "value": 3, "rule": "21.517J, 12.12"}], "notes": []}
