"""Issue 22, round two at the table: the referee's typed dice are never rolled over, a dialog takes only the keys
meant for it, and what ``next`` did reads as the rules say it (points 1 to 7, as a referee found them playing)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from test_app_pilot import until
from test_turn_keys_europa import Keys, turn_app
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.dice_prompt import DicePrompt
from tui.screens.number_prompt import NumberPrompt


async def test_issue22_point1_a_later_stage_of_typed_contact_dice_is_typed_too() -> None:
    """Issue 22 point 1 (33.D, 33.E): with app dice, the contact 2d6 of an anti-shipping check typed as ``34``; the
    1d6 result stage is then typed as well: its dialog asks for the faces and Enter alone never lets the app roll."""
    app = turn_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await keys.press("mode", "5", "Ce", "c")
        await keys.dialog(ChoicePrompt)
        await keys.press("check", "enter")
        await keys.dialog(NumberPrompt)
        await keys.press("check", "3", "enter")
        await keys.until(lambda: isinstance(app.screen, ChoicePrompt) and "Route" in str(app.screen.text))
        await keys.press("check", "enter")
        await keys.dialog(DicePrompt)
        assert not app.screen.typed  # app dice: the contact roll offers Roll
        before = len(app.game.events)
        await keys.press("check", "34", "enter")
        await keys.until(lambda: isinstance(app.screen, DicePrompt) and app.screen.spec == "1d6")
        stage = app.screen
        assert stage.typed and app.screen.focused is stage.query_one("#faces", Input)
        await keys.press("check", "enter")  # nothing typed yet: refused under the field, not rolled
        await pilot.pause(0.1)
        assert app.screen is stage and len(app.game.events) == before
        await keys.press("check", "4", "enter")
        await keys.until(lambda: len(app.game.events) > before)
        assert app.game.events[-1]["command"] == "check central-med axis sp:3 --dice 3,4 --dice 4"
        assert {d.get("source") for d in app.game.events[-1]["dice"]} == {"typed"}


def test_issue22_point1_faces_answering_a_roll_prompt_make_its_later_stages_typed() -> None:
    """Issue 22 point 1, every rule set's staged rolls (OCS weather 2d6, Logistics initiative 4d6): faces typed as the
    answer of a roll prompt, or with ``--dice``, make the command's later stages typed; ``roll`` or a number answer
    does not."""
    from test_issue22_effects import at_next_turn
    from tui.app import faces_typed

    for rid, prompt in (("ocs", "weather"), ("logistics", "initiative")):
        game = at_next_turn(rid)
        assert faces_typed(f"answer {prompt} 3,4", game) and faces_typed(f"answer {prompt} 34", game)
        assert not faces_typed(f"answer {prompt} roll", game) and not faces_typed(f"answer {prompt}", game)
        assert not faces_typed("answer nothing-pending 3", game)
        assert faces_typed("check central-med axis sp:3 --dice 3,4", game)
        assert not faces_typed("check central-med axis sp:3", game) and not faces_typed("next", game)


def test_issue22_point3_next_effects_split_only_between_effects_not_inside_a_citation() -> None:
    """Issue 22 point 3 (Europa 33.B.2.b, 33.B.7): the list of what ``next`` did split inside parentheses, showing
    "• 33.B.7.a)" as an effect of its own; an effect's citation stays with it."""
    from tui.app import effects_list
    from tui.engine.game import Result

    message = ("→ Jan II 1943 · Axis player turn; Italian naval interference ends (33.B.2.b; 33.B.7.a); "
               "bombing hits on the interdiction zone end (33.B.7 d); 31.A.12); Port Used removed from 1 port (31.A.1)")
    assert effects_list(Result(ok=True, message=message, command="next")).splitlines() == [
        "→ Jan II 1943 · Axis player turn",
        "• Italian naval interference ends (33.B.2.b; 33.B.7.a)",
        "• bombing hits on the interdiction zone end (33.B.7 d); 31.A.12)",
        "• Port Used removed from 1 port (31.A.1)",
    ]


def test_issue22_point4_yes_no_facts_read_as_words_in_the_why_pane() -> None:
    """Issue 22 point 4 (Europa 33.B.2.a): the sea zone "why?" pane printed "barred ... = False" and "Axis-owned ...:
    True"; a yes/no fact reads "yes" or "no" wherever a number is formatted, the JSON keeps true/false."""
    from test_app_pilot import fixed_clock
    from tui.paths import data_dir
    from tui.rules.core.explain import fmt_number
    from tui.session import memory_game

    assert (fmt_number(True), fmt_number(False), fmt_number(1), fmt_number(1.5)) == ("yes", "no", "1", "1½")
    game = memory_game(data_dir(), "europa", seed=1, clock=fixed_clock)
    explained = [e for e in game.execute("why eastern-med").explanations if "barred" in e.name]
    assert explained, "no bar explained for the Eastern Mediterranean"
    lines = [line for e in explained for line in e.lines()]
    assert any(line.startswith("Axis shipping barred, Eastern Mediterranean = no") for line in lines), lines
    assert not any(word in line.split() for line in lines for word in ("True", "False", "True:", "False:")), lines
    assert all(isinstance(e.to_dict()["value"], bool) for e in explained)


async def test_issue22_point2_keys_pressed_before_a_dice_dialog_and_letters_never_land_in_its_faces() -> None:
    """Issue 22 point 2 (OCS weather roll): ``2 A l e`` pressed quickly, before the dialog that opened by itself was put
    up, went into its dice field as "2Ale". Keys pressed before the dialog do nothing in it; typed on it, a letter is
    refused as you type (a letter is never a face) and the digit stays."""
    from textual import events

    from test_dialogs_referee import dice_app

    app = dice_app("ocs")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        early = [events.Key(c, c) for c in "2Ale"]  # pressed now, handled once the dialog is up
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#faces", Input)
        for key in early:
            app.post_message(key)
        await pilot.pause(0.1)
        assert field.value == "" and app.screen is screen
        await pilot.press("2", "A", "l", "e")
        await pilot.pause()
        assert field.value == "2"
        await pilot.press("comma", "x", "5", "enter")
        await until(pilot, lambda: not isinstance(app.screen, DicePrompt))
        assert app.game.events[-1]["command"] == "answer weather 2,5"


async def test_issue22_point6_europa_hit_form_knows_its_upper_bound() -> None:
    """Issue 22 point 6 (31.A.3, 31.A.9, 31.A.10): Europa's hit prompt said "at least 1" with no upper bound; it asks
    for 1 up to the hits that bring the port to its max damage, and checks them as you type."""
    from tui.rules.europa.ports import hits_to_max

    app = turn_app("europa")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await keys.press("port action", "2", "To", "h")
        await keys.dialog(NumberPrompt)
        tobruk = app.game.state.world.ports["Tobruk"]
        most = hits_to_max(tobruk, app.game.ruleset.tables)
        assert most >= 1 and (app.screen.minimum, app.screen.maximum) == (1, most)
        assert any(f"1 to {most}" in str(w.render()) for w in app.screen.query("#dialog Static, #dialog Label"))


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_issue22_point6_ocs_reinforcement_footer_shows_arrive(size: tuple[int, int]) -> None:
    """Issue 22 point 6 (OCS 18.5g, 19.0a): in the Reinforcement phase, whose commands are load, unload and arrive,
    the Ports footer shows ``v Arrive``; in the Movement phase it is left to the key legend (the key still works)."""
    from test_footer_labels import footer_line

    app = turn_app("ocs")
    game = app.game
    while not game.segment.key.endswith("/reinforcement"):
        assert game.execute("next --force").ok
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "ports")
        await pilot.pause()
        assert "Arrive" in footer_line(app), footer_line(app)
        assert game.execute("next --force").ok and "/movement/" in game.segment.key
        app.screen.refresh_game()
        await pilot.pause()
        assert "Arrive" not in footer_line(app), footer_line(app)


async def test_issue22_point5_logistics_hit_on_a_minor_airfield_is_refused_before_asking() -> None:
    """Issue 22 points 5 and 6 (Logistics Airfields ¶4): ``h`` on a Minor Airfield asked for the hits, then refused;
    only Major Airfields are targets, so it is refused at once, with the rule's reason, and nothing is asked."""
    from logistics_game import at, logistics_game
    from test_app_pilot import fixed_clock
    from tui.app import make_app
    from tui.screens.prompt import Prompt

    app = make_app(at(logistics_game(), 1, "combat"), clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.switch_mode("map")
        await until(pilot, lambda: app.current_mode == "map")
        await pilot.pause()
        assert app.screen.select_target("map", "0506")
        before = len(app.game.events)
        await pilot.press("h")
        await pilot.pause(0.2)
        assert not isinstance(app.screen, Prompt) and len(app.game.events) == before
        assert any("Minor" in n.message and "Airfields ¶4" in n.message for n in app.notices), [n.message for n in app.notices]


@pytest.mark.parametrize("size, lines", [((80, 24), 1), ((120, 36), 4)])
async def test_issue22_point5_dice_toast_is_small_on_a_small_terminal(size: tuple[int, int], lines: int) -> None:
    """Issue 22 point 5, found at 80x24 (OCS weather roll): the toast of the faces drawn three lines high covered most
    of the Map for seconds; on a small terminal the toast is the one line of each die, on a large one the faces large."""
    from test_dialogs_referee import dice_app

    app = dice_app("ocs")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, DicePrompt))
        await pilot.pause()
        await pilot.press("3", "comma", "4", "enter")
        await until(pilot, lambda: any(n.title.startswith("Dice used") for n in app.notices))
        shown = [n for n in app.notices if n.title.startswith("Dice used")][-1]
        assert len(shown.message.splitlines()) == lines and "⚂ 3" in shown.message, shown.message


def test_issue22_point5_logistics_n_passes_production_on_a_turn_without_it() -> None:
    """Issue 22 point 5 (Victory Logistics RULINGS L3, Factories ¶6): a turn without production walked through the
    Production and End of production segments; ``n`` (``next --pass``) from the last Combat passes them on its own, says so in the log,
    and the end-of-turn bookkeeping still runs. On a production turn both segments are played."""
    from logistics_game import logistics_game
    from tui.rules.logistics.world import is_production_turn

    game = logistics_game()
    titles = []
    for _ in range(40):
        turn = game.state.flow.turn
        result = game.execute("next --pass --force")  # the referee's n, leaving the dice prompts unanswered
        assert result.ok
        assert game.verify() is None  # the line as logged replays to the same state
        titles.append((turn, game.segment.title))
        if game.state.flow.turn > turn and not is_production_turn(game.state.world, turn):
            assert "passed, not applicable this turn: Production phase › Production; Production phase › End of production" \
                in game.events[-1]["summary"]
            assert "New turn: production, exchanges and resources start again" in game.events[-1]["summary"]
            break
    else:
        raise AssertionError("no turn without production")
    assert not any("Production" in t for turn, t in titles if not is_production_turn(game.state.world, turn))


def test_issue22_point5_a_plain_next_by_hand_steps_one_segment_and_every_line_replays() -> None:
    """Issue 22 point 5: only ``--pass`` (the ``n`` key, as logged) passes segments that do not apply; a ``next`` by
    hand (``harbormaster exec``, the ``:`` line) steps one segment, so every logged line replays to the same state."""
    from logistics_game import logistics_game
    from tui.rules.logistics.world import is_production_turn

    game = logistics_game()
    seen = []
    for _ in range(40):
        assert game.execute("next --force", "exec").ok
        seen.append((game.state.flow.turn, game.segment.title))
    assert any("Production" in t for turn, t in seen if not is_production_turn(game.state.world, turn))
    assert game.verify() is None


async def test_issue22_point7_awaw_patrol_form_fits_at_120x36() -> None:
    """Issue 22 point 7 (AWAW 21.41): the patrol form's fields (six with the range exception, 21.3615-21.3616) needed scrolling at 120x36 and its key-hint line
    fell below the visible part; the whole form, buttons and hint too, is on the screen without scrolling."""
    from test_turn_keys_europa import play_to
    from tui.screens.form_prompt import FormPrompt

    app = turn_app("awaw")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await play_to(keys, lambda: "Patrols" in app.game.segment.title, most=12)
        await keys.press("naval", "6")
        await pilot.pause()
        await keys.press("patrol", "Sc", "p")
        await keys.dialog(FormPrompt)
        await pilot.pause(0.2)
        dialog = app.screen.query_one("#dialog")
        hint = app.screen.query_one("#dialog .dialog-hint")
        assert len(app.screen.fields) == 6 and dialog.max_scroll_y == 0, dialog.virtual_size
        assert dialog.region.contains_region(hint.region) and hint.region.bottom <= 36
