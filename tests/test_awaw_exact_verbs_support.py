"""Exact tests of AWAW support by patrols (seed 004, 21.4182A-E), word for word with the mission record, guarding
``tui/rules/awaw/verbs_support.py``. The bundled game: the Italian cruiser and destroyers of Messina patrol Y20 and
remain at sea; an Italian sea transport from Naples is then supported."""

from __future__ import annotations

from tests.awaw_game import awaw_game, refused
from tests.test_awaw_ops_engine import TRANSPORT, ok, to


def _supported() -> tuple:
    """The game with patrol 1 (RM-CA-Messina, RM-DD-Messina) at sea in Y20 and the sea transport's id."""
    game = awaw_game()
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol Y20 RM-CA-Messina RM-DD-Messina --distance 5")
    for step, value in (("route", "no interception"), ("strikes", "remain at sea"), ("hex", "no interception")):
        ok(game, f"answer patrol-1-{step} '{value}'")
    to(game, "first-turn/movement/sea-transport")
    return game, ok(game, TRANSPORT).message.split(":")[0]


def test_21_4182_support_refusals() -> None:
    """21.4182: the usage; E: a mission of this player turn (patrols are not); the phasing side's units; A: only a
    patrol remaining at sea."""
    game, tid = _supported()
    assert refused(game, f"support {tid}").message == "usage: support MISSION_ID UNITS [--failed] (21.4182)"
    assert refused(game, "support nothing RM-CA-Messina").message == (
        f"support: no mission called 'nothing' ({tid}); patrols, base changes and SW deployments are contemporaneous with "
        "patrols and may not be supported (21.4182E)")
    assert refused(game, f"support {tid} Penelope").message == "support: Penelope is not axis units; it is the axis player's turn"
    assert refused(game, f"support {tid} Doria").message == (
        "support: Doria is not on a patrol remaining at sea; only such patrols counter-intercept, by supporting an "
        "intercepted friendly force (21.4182A, 21.416L)")


def test_21_4182BCD_failed_support_then_part_of_the_patrol_joins_the_transport() -> None:
    """21.4182C: a failed support goes back to the patrol hex, barred for the phase; B: a supporting unit joins the
    force, employed with it (its destroyers are not at sea); D: the rest stays on patrol."""
    game, tid = _supported()
    assert ok(game, f"support {tid} RM-DD-Messina --failed").message == (
        f"RM-DD-Messina did not reach {tid} before the end of naval combat: back to the patrol hex Y20, no further "
        "counter-interception this phase (21.4182C)")
    assert game.state.world.ops["support_barred"] == {"RM-DD-Messina": "first-turn/movement"}
    assert game.state.world.units["RM-DD-Messina"].at_sea == "patrol"
    assert refused(game, f"support {tid} RM-DD-Messina").message == (
        "support: RM-DD-Messina failed to reach an intercepted force this phase and may not counter-intercept again until "
        "a later phase (21.4182C)")
    assert ok(game, f"support {tid} RM-CA-Messina").message == (
        f"RM-CA-Messina supports {tid} and joins it, adopting its mission once naval combat is resolved: employed with it, "
        "inverted (21.4182B); RM-DD-Messina stay on patrol (21.4182D)")
    assert game.state.world.ops["missions"][tid]["supported_by"] == ["RM-CA-Messina"]
    u = game.state.world.units["RM-CA-Messina"]
    assert (u.at_sea, u.sea_hex, u.inverted) == ("", "", True)


def test_21_4182B_the_whole_patrol_joins_and_says_so_in_the_plural() -> None:
    """21.4182B: several units support and join; no unit stays on patrol."""
    game, tid = _supported()
    assert ok(game, f"support {tid} RM-CA-Messina RM-DD-Messina").message == (
        f"RM-CA-Messina, RM-DD-Messina support {tid} and join it, adopting its mission once naval combat is resolved: "
        "employed with it, inverted (21.4182B)")
    assert game.state.world.ops["missions"][tid]["supported_by"] == ["RM-CA-Messina", "RM-DD-Messina"]


def _allied_carrier_patrol() -> tuple:
    """Allies first: Victorious (2 fast carrier factors) and RN-CA-Home (4 fast fleet factors) patrol D20 and remain at
    sea; an Allied sea transport from Liverpool is intercepted by Tirpitz; its id."""
    game = awaw_game()
    ok(game, "answer first allies")
    to(game, "first-turn/movement/naval-movement")
    ok(game, "patrol D20 Victorious RN-CA-Home --distance 10")
    for step, value in (("route", "no interception"), ("strikes", "remain at sea"), ("hex", "no interception")):
        ok(game, f"answer patrol-1-{step} '{value}'")
    to(game, "first-turn/movement/sea-transport")
    tid = ok(game, 'transport Liverpool Rosyth --cargo "Inf1:2" --by RN-DD-Liverpool --distance 12').message.split(":")[0]
    ok(game, f"intercept E24 Tirpitz --distance 15 --target {tid}")
    return game, tid


def test_21_4182D_21_313_a_split_keeps_each_part_escorted() -> None:
    """21.4182D: "A patrolling force may divide into smaller forces"; 21.313: "A naval force may not split into smaller
    forces during an operation unless each new naval force meets this restriction" (one fast fleet factor per fast
    carrier factor). Sending the cruisers alone leaves the carrier unescorted; sending the carrier alone sends it
    unescorted; sending both together is a support with nothing left behind."""
    game, tid = _allied_carrier_patrol()
    assert refused(game, f"support {tid} RN-CA-Home").message == (
        "support: the units staying on patrol (Victorious) would have 2 fast carrier factors and 0 fast fleet factors, 2 "
        "needed: a patrolling force may divide (21.4182D) only if each new force keeps one fast fleet factor per fast "
        "carrier factor (21.313)")
    assert refused(game, f"support {tid} Victorious --failed").message == (
        "support: the units sent (Victorious) would have 2 fast carrier factors and 0 fast fleet factors, 2 needed: a "
        "patrolling force may divide (21.4182D) only if each new force keeps one fast fleet factor per fast carrier "
        "factor (21.313)")
    assert game.state.world.units["Victorious"].at_sea == "patrol" and "support_barred" not in game.state.world.ops
    assert ok(game, f"support {tid} Victorious RN-CA-Home").message == (
        f"Victorious, RN-CA-Home support {tid} and join it, adopting its mission once naval combat is resolved: employed "
        "with it, inverted (21.4182B)")
