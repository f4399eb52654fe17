"""Exact outcomes of the Logistics rules that the mutation run left unpinned (seed 002_d96257382b73d9de.txt: Victory
Logistics; RULINGS L-numbers): the growth's notification (Factories ¶6), the earlier version's yes/no growth kept for
its saves (issue 21 points 2-3), the tied initiative (RULINGS L3), the new turn's bookkeeping, the board edits and the
scenario export (issue 21), the Mulberry's supply reach (Mulberries ¶1), the map drawing and rows, and verb
messages. Grouped by module of ``tui/rules/logistics``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from msgspec.structs import replace
import pytest

from logistics_exact import board, board_world, state_with
from logistics_game import at, logistics_game
from tui.rules.core.errors import RuleError
from tui.rules.core.state import Pending
from tui.rules.logistics import board as B
from tui.rules.logistics import export as E
from tui.rules.logistics import factories as F
from tui.rules.logistics import ruleset as R
from tui.rules.logistics import supply
from tui.rules.logistics import views as V
from tui.rules.logistics.legacy import OLD_TEXT
from tui.rules.logistics.verbs import storm_outcome
from tui.rules.logistics.world import Airfield, Crossing, Mulberry, Place


def _legacy(game: Any) -> Any:
    """The rule set's :class:`LegacyGrowth` (its ``upgrade_state`` is a method of it)."""
    return game.ruleset.upgrade_state.__self__


def _said(game: Any, line: str) -> tuple[bool, str]:
    r = game.execute(line)
    return r.ok, r.message


# ------------------------------------------------------------------ factories.py
def test_factories_p6_grown_named_lists_each_city_that_grew_with_its_new_pp_in_map_order() -> None:
    """Factories ¶6 (issue 30 item 10): only the cities whose PP changed, ``Name (hex) N PP``, joined by ', '."""
    world, _ = board()
    after = replace(world, factories={**world.factories, "0302": {"navy": 2, "air": 1}, "0914": {"air": 2},
                                      "1103": {"army": 1}})
    assert F.grown_named(world, after) == "Ashford (0914) 2 PP, Wexham (1103) 1 PP"
    assert F.grown_named(world, world) == ""


# --------------------------------------------------------------------- legacy.py
def test_issue21_p3_the_old_growth_prompt_is_exactly_as_that_version_raised_it_factories_p6() -> None:
    game = logistics_game()
    assert _legacy(game).old_prompt() == Pending(
        id="growth", text=OLD_TEXT, kind="confirm", effect="growth", required=True, rule="Factories ¶6",
        raised="production/production-end")
    assert OLD_TEXT == ("End of production: every city below its maximum gains 1 PP — apply now? "
                        "(asked which factory where a city has several)")


def _production_end() -> Any:
    """A Channel Coast game at turn 2's End of production (a production turn), with grow-1103 and grow-1602 asked."""
    game = logistics_game()
    at(game, 2, "production-end")
    return game


def _ids(state: Any) -> list[tuple[str, bool]]:
    return [(p.id, p.required) for p in state.flow.pending]


def test_issue21_p3_answer_growth_replayed_finds_the_old_prompt_in_place_of_the_per_city_ones_factories_p6() -> None:
    """Only the new per-city ``grow`` prompts give way; any other pending prompt stays (legacy_event)."""
    game = _production_end()
    lg, state = _legacy(game), game.state
    other = Pending(id="mulberry-1401", text="roll", kind="roll", effect="mulberry-storm", required=True, expires="answer")
    state = state.with_flow(pending=state.flow.pending + (other,))
    got = lg.legacy_event(state, {"command": "answer growth yes"})
    assert [p.id for p in got.flow.pending] == ["mulberry-1401", "growth"]
    assert got.flow.pending[-1] == lg.old_prompt()


def test_issue21_p3_answer_growth_replayed_changes_nothing_once_settled_or_asked_or_off_a_production_turn() -> None:
    """RULINGS L3 (production turns), Factories ¶6: the old prompt comes back only where that version raised it."""
    game = _production_end()
    lg, state = _legacy(game), game.state
    event = {"command": "answer growth yes"}
    grown = state.with_world(replace(state.world, grown=True))  # settled already
    assert lg.legacy_event(grown, event) is grown
    asked = state.with_flow(pending=(lg.old_prompt(),))  # the old prompt still pending
    assert lg.legacy_event(asked, event) is asked
    odd = state.with_flow(turn=3)  # End of production of a turn without production
    assert lg.legacy_event(odd, event) is odd


def test_issue21_p3_a_goto_force_that_skipped_the_old_prompt_settles_the_growth() -> None:
    game = _production_end()
    lg, state = _legacy(game), game.state
    event = {"command": "goto initiative --force", "details": ["skipped: growth — End of production: ..."]}
    assert lg.legacy_event(state, event).world.grown is True
    assert lg.legacy_event(state, {"command": "next"}) == state  # no details logged: nothing skipped


def test_issue21_p2_a_next_replayed_carries_only_the_required_prompts_a_command_raised() -> None:
    """Only a required prompt that expires on its answer (a Mulberry's storm roll, Mulberries ¶3) stops holding the
    turn; the segment's own required prompts (grow-CITY, expires with the segment) stay required."""
    game = _production_end()
    lg, state = _legacy(game), game.state
    roll = Pending(id="mulberry-1401", text="roll", kind="roll", effect="mulberry-storm", required=True, expires="answer")
    loose = Pending(id="note", text="n", kind="confirm", effect="x", required=False, expires="segment")
    state = state.with_flow(pending=state.flow.pending + (roll, loose))
    got = lg.legacy_event(state, {"command": "next", "details": []})
    assert _ids(got) == [("grow-1103", True), ("grow-1602", True), ("mulberry-1401", False), ("note", False)]
    plain = game.state  # no prompt raised by a command: nothing changes
    assert _ids(lg.legacy_event(plain, {"command": "next", "details": []})) == [("grow-1103", True), ("grow-1602", True)]


def test_issue21_p3_answer_growth_yes_grows_the_one_factory_cities_and_asks_the_others_factories_p6() -> None:
    game = _production_end()
    lg = _legacy(game)
    ctx = SimpleNamespace(state=game.state, segment=lg.segment)
    out = lg.answer_growth(ctx, lg.old_prompt(), "yes")
    assert out.summary == "End of production: 4 city(ies) grew, 2 to choose (Factories ¶6)"
    assert out.details == (
        "Harlow (0417): +1 PP Army (2 of 2)", "Dunmore (0704): +1 PP Navy (1 of 1)", "Ashford (0914): +1 PP Air (2 of 2)",
        "Lorch (2117): +1 PP Air (1 of 1)", "prompt: grow-1103 — Wexham (1103) grows by 1 PP: which factory?",
        "prompt: grow-1602 — Calvade (1602) grows by 1 PP: which factory?")
    assert [(p.id, p.choices, p.required, p.expires, p.args) for p in out.raise_prompts] == [
        ("grow-1103", ("air", "navy", "army"), False, "answer", {"city": "1103"}),
        ("grow-1602", ("air", "navy"), False, "answer", {"city": "1602"})]
    changed = {h: f for h, f in out.world.factories.items() if f != game.state.world.factories.get(h)}
    assert changed == {"0417": {"army": 2}, "0704": {"navy": 1}, "0914": {"air": 2}, "2117": {"air": 1}}
    assert out.world.grown is True


def test_issue21_p3_answer_growth_no_or_twice_factories_p6() -> None:
    game = _production_end()
    lg = _legacy(game)
    ctx = SimpleNamespace(state=game.state, segment=lg.segment)
    out = lg.answer_growth(ctx, lg.old_prompt(), "no")
    assert (out.summary, out.world) == ("End-of-production growth not applied (Factories ¶6)", game.state.world)
    grown = SimpleNamespace(state=game.state.with_world(replace(game.state.world, grown=True)), segment=lg.segment)
    with pytest.raises(RuleError) as caught:
        lg.answer_growth(grown, lg.old_prompt(), "yes")
    assert str(caught.value) == "the growth was already applied this turn (Factories ¶6)"


def test_issue21_p3_an_old_grow_city_answer_grows_at_once_factories_p6() -> None:
    world, _ = board()
    lg = _legacy(logistics_game())
    assert lg.grow_at_once(world, "1103", "navy").summary == "Wexham (1103): +1 PP Navy (1 of 1 PP; Factories ¶6)"
    assert lg.grow_at_once(world, "1602", "air").summary == "Calvade (1602): +1 PP Air (3 of 3 PP; Factories ¶6)"


# -------------------------------------------------------------------- ruleset.py
def test_rulings_l3_a_tied_initiative_asks_again_with_the_question_after_its_colon() -> None:
    game = logistics_game()
    assert _said(game, "answer initiative --dice 3,4,4,3") == (
        True, "Initiative: allied 7, axis 7 — tied, roll again (Storms ¶4; RULINGS L3)")
    again = game.state.pending_prompt("initiative-1")
    assert (again.id, again.text, again.dice, again.required) == (
        "initiative-1", "Initiative tied 7-7: roll again (each player rolls two dice (allied first, then axis; e.g. 3,5,2,6); "
        "the higher total wins, ties roll again)", "4d6", True)


def test_rulings_l3_a_second_tie_asks_the_same_question_again() -> None:
    """RULINGS L3 (ties roll again): the third roll's prompt asks the question once. Before, a second tie nested it:
    'roll again (roll again (each player rolls ...))', the re-roll text cut after its own colon ('tied 7-7:')."""
    game = logistics_game()
    game.execute("answer initiative --dice 3,4,4,3")
    game.execute("answer initiative-1 --dice 1,1,1,1")
    assert game.state.pending_prompt("initiative-2").text == (
        "Initiative tied 2-2: roll again (each player rolls two dice (allied first, then axis; e.g. 3,5,2,6); "
        "the higher total wins, ties roll again)")


def _initiative(tables: Any, *faces: int) -> Any:
    """RULINGS L3 read by ``tables``, the dice showing ``faces`` (allied's then axis's): the initiative's Outcome."""
    game = logistics_game()
    ctx = SimpleNamespace(state=game.state, roll=lambda spec, purpose: SimpleNamespace(faces=faces))
    return R._initiative(tables, ctx, game.state.pending_prompt("initiative"), "")


def _loser_first() -> Any:
    """The tables with ``initiative.winner_moves_first`` false (RULINGS L3 leaves open what winning decides)."""
    _, tables = board()
    flag = replace(tables.initiative.winner_moves_first, value=False)
    return replace(tables, initiative=replace(tables.initiative, winner_moves_first=flag))


def test_rulings_l3_storms_p4_the_loser_may_move_first_and_rolls_the_storm_a_short_roll_is_refused() -> None:
    out = _initiative(_loser_first(), 6, 6, 1, 1)
    assert (out.world.first, out.world.storm_roller, out.world.initiative, out.actor) == ("axis", "axis", (12, 2), "allied")
    with pytest.raises(RuleError) as caught:
        _initiative(board()[1], 6, 6, 1)
    assert str(caught.value) == "the initiative needs 2 dice per side (4d6)"


def test_rulings_l3_the_initiative_summary_does_not_say_the_winner_moves_first_when_the_loser_does() -> None:
    """RULINGS L3 read with ``initiative.winner_moves_first`` false: the summary names the loser as moving first.
    Before, it said 'allied wins and moves first' while the Axis were made to move first."""
    out = _initiative(_loser_first(), 6, 6, 1, 1)
    assert out.world.first == "axis"
    assert out.summary == ("Initiative: allied 12, axis 2 — allied wins and axis moves first; axis rolls for the storm "
                           "(Storms ¶4; RULINGS L3)")


def test_factories_p6_rulings_l4_the_growth_choice_of_a_city_nobody_holds_is_logged_as_nobodys() -> None:
    game = _production_end()
    assert _said(game, "control 1103 none") == (True, "Wexham (1103): controlled by nobody")
    assert game.execute("answer grow-1103 navy").ok
    assert game.events[-1]["actor"] == ""


def test_factories_p6_leaving_end_of_production_names_each_city_grown_in_the_next_summary() -> None:
    game = _production_end()
    game.execute("answer grow-1103 navy")
    game.execute("answer grow-1602 air")
    assert _said(game, "next") == (True, (
        "→ Turn 3 · Initiative; End of production: 6 city(ies) below the maximum grew by 1 PP (Factories ¶6): "
        "Harlow (0417) 2 PP, Dunmore (0704) 1 PP, Ashford (0914) 2 PP, Wexham (1103) 1 PP, Calvade (1602) 3 PP, "
        "Lorch (2117) 1 PP; New turn: production, exchanges and resources start again (Factories ¶3, ¶7)"))


def test_factories_p6_no_city_below_its_maximum_the_growth_line_names_none() -> None:
    world, tables = board()
    full = replace(world, factories={p.hex: {"army": p.size} for p in world.cities()})
    ctx = SimpleNamespace(state=state_with(full, 2))
    assert R._growth(tables, ctx, full, "") == (full, ["End of production: 0 city(ies) below the maximum grew by 1 PP (Factories ¶6)"])


def test_factories_p3_p7_rulings_l5_the_new_turn_clears_production_exchanges_resources_choices_and_hits() -> None:
    world, _ = board()
    busy = replace(world, produced=("0914",), exchanged=("0417",), resources={"0914": ("air", 1)}, growth_to={"1103": "navy"},
                   grown=True, battle={"airfield:0506": 1})
    new, lines = R._end_turn(None, busy, "")
    assert new == world
    assert lines == ["New turn: production, exchanges and resources start again (Factories ¶3, ¶7)"]


# ---------------------------------------------------------------------- board.py
def _three_digit() -> Any:
    world, _ = board()
    return B.empty(replace(world, grid=replace(world.grid, digits=3), production_every=3, production_from=2), 2, 2)


def test_issue21_a_blank_board_keeps_the_id_digits_and_the_production_turns_rulings_l3() -> None:
    blank = _three_digit()
    assert (blank.grid.digits, blank.centre, blank.production_every, blank.production_from, blank.production_turns) == (
        3, "001001", 3, 2, ())
    assert B.resize(blank, 3, 3).grid.digits == 3


def test_issue21_a_smaller_board_drops_each_link_and_factory_with_an_end_off_it() -> None:
    world = replace(board_world(), rivers=(("0403", "0303"), ("0102", "0202")), crossings={},
                    roads=(("0402", "0302"), ("0102", "0202")), rails=(("0403", "0303"), ("0103", "0203")),
                    factories={"0102": {"navy": 1}, "0403": {"army": 1}})
    small = B.resize(world, 3, 4)
    assert (small.rivers, small.roads, small.rails, small.factories) == (
        (("0102", "0202"),), (("0102", "0202"),), (("0103", "0203"),), {"0102": {"navy": 1}})


def test_issue21_a_city_made_forest_loses_its_name_and_size_factories_p2() -> None:
    game = logistics_game()
    assert _said(game, "hex 1103 terrain forest")[0]
    assert game.state.world.place("1103") == Place("1103", "forest", name="", size=0, coastal=False,
                                                   control=game.state.world.place("1103").control)


def test_issue21_a_link_end_by_direction_in_either_case() -> None:
    world = board_world()
    assert [B.other_end(world, "0202", d) for d in ("ne", "NE", " s ")] == ["0302", "0302", "0203"]


# --------------------------------------------------------------------- export.py
def test_issue21_scenario_values_are_toml_booleans_and_unescaped_text() -> None:
    assert [E._value(v) for v in (False, True, "Saint-Étienne", ["é", 2])] == ["false", "true", '"Saint-Étienne"', '["é", 2]']


def test_issue21_chains_join_links_and_keep_apart_links_that_do_not_meet() -> None:
    assert E.chains((("0101", "0102"), ("0202", "0203"))) == [["0101", "0102"], ["0202", "0203"]]
    assert E.chains((("0101", "0102"), ("0103", "0104"), ("0102", "0103"))) == [["0101", "0102", "0103", "0104"]]


def test_issue21_the_scenario_export_writes_coasts_resources_destroyed_canals_and_no_empty_turn_list() -> None:
    """The scenario export reads back (issue 21): a coastal-only and a resource-only hex are written, a destroyed canal
    says so, and ``production_turns`` is left out when there are none."""
    world = board_world()
    world = replace(world, production_turns=(),
                    crossings={**world.crossings, "0502": Crossing("0502", "canal", ("0502",), "", True)})
    world = world.with_place(replace(world.place("0403"), coastal=False, resource=2))
    world = world.with_place(replace(world.place("0501"), coastal=True))
    blocks = E.world_to_scenario(world, ("allied", "axis")).split("\n\n")
    assert '[turn]\nfirst_player = "axis"\nproduction_every = 1\nproduction_from = 1' in blocks
    assert '[[hexes]]\nhex = "0403"\nterrain = "clear"\nresource = 2' in blocks
    assert '[[hexes]]\nhex = "0501"\nterrain = "clear"\ncoastal = true' in blocks
    assert '[[canals]]\nhex = "0502"\ndestroyed = true' in blocks


# ---------------------------------------------------------------- board_verbs.py
def test_issue30_15_a_blank_board_is_no_illustrative_scenario() -> None:
    game = logistics_game()
    assert _said(game, "board 5 4 --empty")[0]
    assert {k: game.state.settings[k] for k in ("scenario_name", "illustrative", "note")} == {
        "scenario_name": "A blank 5 x 4 board", "illustrative": "false", "note": ""}


# -------------------------------------------------------------------- supply.py
def test_mulberries_p1_destruction_p2_the_supply_goes_on_by_road_over_a_standing_bridge_only() -> None:
    """From the Mulberry's adjacent land hexes on by road: over the standing bridge 0304-0404 and on to 0504, not over
    the destroyed Old Bridge into 0403; the Mulberry's own hex is not counted."""
    world = replace(board_world(), roads=board_world().roads + (("0303", "0304"), ("0304", "0404"), ("0303", "0403"),
                                                                 ("0404", "0504")))
    assert supply.mulberry_reach(world, "0202") == ["0102", "0103", "0203", "0302", "0303", "0304", "0404", "0504"]


# --------------------------------------------------------------------- views.py
def test_the_map_legend_glyph_of_each_terrain() -> None:
    """The map's legend: ● city, ○ town, ^ * % mountain forest marsh, ~ sea; nothing for clear or an unknown terrain."""
    terrains = ("city", "town", "mountain", "forest", "marsh", "clear", "sea", "swamp")
    assert [V.terrain_glyph(t) for t in terrains] == ["●", "○", "^", "*", "%", "", "~", ""]


def test_storms_p2_the_storm_hex_is_drawn_at_first_a_size_only_for_a_city() -> None:
    """The storm ``@`` on a land hex (Storms ¶2); a size only beside a city's ``●`` (Factories ¶2)."""
    world = board_world()
    assert (V.content(world, "0203"), V.glyph_line(world, "0203")) == ("@ #A", "@#A")
    sized = world.with_place(Place("0304", "town", name="Elm", size=2, control="axis"))
    assert (V.content(sized, "0304"), V.glyph_line(sized, "0304")) == ("○   ", "○")


def test_airfields_p3_mulberries_p2_map_rows_minor_airfield_and_usable_from_its_turn() -> None:
    world, tables = board()
    world = replace(board_world(), airfields={"0503": Airfield("0503", "axis", usable_from=3)},
                    mulberries={"0202": Mulberry("0202", "axis", usable_from=3)})
    rows = {r["hex"]: r for r in V.map_rows(state_with(world, 3), tables)}
    assert (rows["0503"]["airfield"], rows["0503"]["airfield_usable"], rows["0202"]["mulberry_usable"]) == ("minor", True, True)
    rows = {r["hex"]: r for r in V.map_rows(state_with(world, 2), tables)}
    assert (rows["0503"]["airfield_usable"], rows["0202"]["mulberry_usable"]) == (False, False)


def test_destruction_p1_the_map_text_draws_rivers_and_bridges_on_their_hexsides() -> None:
    """~ river, = bridge, x destroyed bridge on the hexside (the map's legend; Destruction ¶1)."""
    lines = V.map_text(state_with(board_world(), 1), board()[1]).splitlines()
    assert lines[13:19] == [
        "   \\   #    /      \\   +    x      \\   a    /",
        "    \\______/  0203  \\______x  0403  \\______/",
        "    /      \\  @#A   / Elm  \\   $    /      \\",
        "04 /  0104  \\______/  0304  \\______/  0504  \\ 04",
        "   \\        /      \\   ○    =      \\        /",
        "    \\______/  0204  \\______=  0404  \\______/"]


def test_factories_p3_a_city_without_factories_builds_no_like_unit() -> None:
    world, tables = board()
    rows = {r["hex"]: r for r in V.city_rows(state_with(world, 2), tables)}
    assert (rows["1103"]["like_unit"], rows["0914"]["like_unit"]) == ("", "air")


def test_destruction_p1_an_unnamed_destroyed_canal_marker_names_its_hex_only() -> None:
    world = board_world()
    world = replace(world, crossings={**world.crossings, "0502": Crossing("0502", "canal", ("0502",), "", True)})
    rows = [r["place"] for r in V.marker_rows(state_with(world, 1), board()[1]) if r["marker"] == "Destruction"]
    assert rows == ["0303-0403 Old Bridge", "0502"]


# --------------------------------------------------------------------- verbs.py
def test_storms_p4_the_storm_verb_settles_the_storm_prompt() -> None:
    game = logistics_game()
    game.execute("answer initiative --dice 1,1,6,6")
    game.execute("next")
    assert [p.id for p in game.state.flow.pending] == ["storm"]
    assert _said(game, "storm 3 2") == (
        True, "Storm 1309 → SE 2 → 1510; area 1409 1410 1509 1510 1511 1609 1610 (rolled by allied, Storms ¶4)")
    assert (game.state.flow.pending, game.state.flow.answered) == ((), ("storm",))


def test_mulberries_p3_rulings_l2_the_roll_for_a_mulberry_beside_the_storm_holds_the_turn() -> None:
    game = logistics_game()
    game.execute("storm-place 1104")
    at(game, 1, "storm")
    assert game.execute("storm 1 1").ok
    assert game.state.flow.pending == (Pending(
        id="mulberry-1102", text="Mulberry in 1102 is adjacent to the storm: roll 1d6, destroyed on 1-3", kind="roll",
        effect="mulberry-storm", dice="1d6", required=True, rule="Mulberries ¶3; RULINGS L2", subject="1102",
        args={"hex": "1102"}, raised="storm", expires="answer"),)


def test_mulberries_p3_a_table_where_no_face_destroys_says_never() -> None:
    """The rule data may give no destroying face (Mulberries ¶3 read otherwise): the prompt says 'never'."""
    game = logistics_game()
    game.execute("storm-place 1104")
    at(game, 1, "storm")
    _, tables = board()
    adj = replace(tables.storm.mulberry_adjacent, destroyed_on=[])
    never = replace(tables, storm=replace(tables.storm, mulberry_adjacent=adj))
    out = storm_outcome(SimpleNamespace(state=game.state, segment=game.segment), game.state.world, 1, 1, never)
    assert [p.text for p in out.raise_prompts] == ["Mulberry in 1102 is adjacent to the storm: roll 1d6, destroyed on never"]


def test_factories_p5_factory_hits_are_1_to_99_and_nothing_more() -> None:
    game = logistics_game()
    at(game, 1, "combat")
    usage = "hit airfield|mulberry HEX [N] | hit bridge HEX-HEX [N] | hit canal HEX [N] | hit factory CITY KIND [N]"
    assert [_said(game, line) for line in ("hit factory 0914 air 1 x y", "hit factory 0914 air 0",
                                           "hit factory 0914 air 100", "hit canal 0101")] == [
        (False, f"too many arguments: x y (usage: {usage})"), (False, "hits must be from 1 to 99, not '0'"),
        (False, "hits must be from 1 to 99, not '100'"), (False, "no canal at 0101 (the map's canals: 1704, 0510)")]
    assert _said(game, "hit factory 0914 air 99") == (
        True, "Air Factory in Ashford (0914): 1 PP step(s) lost, 0 PP left; 98 hit(s) have no effect: the 0 PP step "
              "cannot be eliminated (Factories ¶5)")


def test_factories_p3_an_exchange_names_a_navy_or_an_air_factory() -> None:
    game = logistics_game()
    at(game, 2, "produce")
    assert _said(game, "exchange 0417 army air") == (
        True, "Harlow (0417): Army Factory exchanged for an Air Factory of 0 PP; no production there this turn (Factories ¶3)")
    assert _said(game, "exchange 0302 air navy") == (
        True, "Portsea (0302): Air Factory exchanged for a Navy Factory of 2 PP; no production there this turn (Factories ¶3)")


def test_factories_p2_a_factory_removed_says_removed() -> None:
    game = logistics_game()
    assert _said(game, "factory 0914 air remove") == (True, "Air Factory in Ashford (0914): removed; factories 0 of 2 PP (Factories ¶2)")
