"""Issue 22, round two at the table: the referee's typed dice are never rolled over, a dialog takes only the keys
meant for it, and what ``next`` did reads as the rules say it (points 1 to 7, as a referee found them playing)."""

from __future__ import annotations

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
