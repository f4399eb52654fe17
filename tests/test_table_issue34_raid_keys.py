"""Issue 34: a raid and an invasion's losses at the keyboard. The raid's engagement (`@`), the defender's ships (`#`)
and the raiders' return (`<`), and invasion losses (`-`), each a key of the Naval mode with a form that starts on the
one raid (or invasion) open, where each had to be typed at `:` or found in the palette (40 and 71 keys for the two
raids of the hand-played turns, docs/cases/issue34-keyboard-turns.md)."""

from __future__ import annotations

from tests.awaw_game import awaw_game, ok, to
from tests.conftest import fixed_clock
from tests.test_table_issue30_invasion import SEGMENT, CountedKeys as Counted, field, naval_shown
from test_turn_keys_europa import commands
from tui.app import make_app
from tui.screens.form_prompt import FormPrompt


class CountedKeys(Counted):
    """``CountedKeys`` that also press ``@``, ``#``, ``<`` and ``-`` by name (one key each)."""

    async def press(self, action: str, *keys: str) -> None:
        for key in keys:
            if key in ("at", "number_sign", "less_than_sign", "minus"):
                await self.pilot.press(key)
                self.counts[action] = self.counts.get(action, 0) + 1
            else:
                await super().press(action, key)
        await self.pilot.pause()


async def opened(keys: CountedKeys, app, action: str, key: str, named: str | None = "raid-1") -> None:
    """``key`` in Naval opens its form, on the one raid (or invasion) open when ``named``."""
    await keys.press(action, key)
    await keys.dialog(FormPrompt)
    if named is not None:
        assert field(app, "id").value == named


async def sent(keys: CountedKeys, app, action: str, *typed: str, verb: str) -> None:
    """``typed`` and Enter in the open form: the dialog closes and ``verb`` is the last command logged."""
    await keys.press(action, *typed, "enter")
    await keys.until(lambda: not app.screen.is_modal and commands(app)[-1].startswith(verb))


def raid_app(*lines: str):
    """The bundled game in the Axis naval missions segment, Scheer and Lutzow raiding the Atlantic SW box, then
    ``lines``; in the app."""
    game = awaw_game()
    to(game, SEGMENT)
    for line in ('raid "Atlantic SW" --by Scheer,Lutzow', *lines):
        ok(game, line)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def test_21_5341_at_opens_the_engagement_form_on_the_raid_at_sea() -> None:
    """21.5341: `@` then Enter makes the first engagement attempt of the one raid at sea (the app rolls the die)."""
    app = raid_app()
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await opened(keys, app, "engage", "at")
        await sent(keys, app, "engage", verb="raid-engage")
        assert commands(app)[-1] == "raid-engage raid-1"
        assert app.game.state.world.ops["missions"]["raid-1"]["attempts"][0]["attempt"] == 1
        assert keys.counts == {"engage": 2}


async def test_21_5342_number_sign_sends_the_defenders_dice_and_less_than_returns_the_raiders() -> None:
    """21.5342A: after an attempt whose modified result is 2, `#` and the two dice typed send the defenders' types;
    21.5341: the box declines instead. 21.537: `<` then Enter returns a group that escaped both attempts."""
    app = raid_app("raid-engage raid-1 --result 2")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await opened(keys, app, "ships", "number_sign")
        assert app.screen.focused is field(app, "faces")  # the raid filled in, the dice are next
        await sent(keys, app, "ships", "tab", "tab", "space", verb="raid-ships")
        assert commands(app)[-1] == "raid-ships raid-1 --decline"
    app = raid_app("raid-engage raid-1 --result 0", "raid-engage raid-1 --attempt 2 --result 0")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await opened(keys, app, "return", "less_than_sign")
        await sent(keys, app, "return", verb="raid-return")
        assert commands(app)[-1] == "raid-return raid-1"
        assert app.game.state.world.ops["missions"]["raid-1"]["returned"] is True
        assert keys.counts == {"return": 2}


async def test_21_5341_21_5342_a_typed_attempt_and_the_dice_in_the_forms() -> None:
    """21.538A: `@` on a raid whose first attempt is made: the Attempt field left blank is the next one, the second;
    the result is typed (Tab 2);
    21.5342A: `#` with the two dice of a result of 2 typed; the lesser type for a missing 5, and the ships sent, are
    asked, and Enter takes what is offered first (21.5342D-E)."""
    app = raid_app("raid-engage raid-1 --result 0")
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await opened(keys, app, "engage", "at")
        await keys.press("engage", "tab", "2", "enter")
        await keys.until(lambda: not app.screen.is_modal and len(app.game.state.world.ops["missions"]["raid-1"]["attempts"]) == 2)
        assert commands(app)[-1] == "raid-engage raid-1 --result 2", commands(app)
        assert app.game.state.world.ops["missions"]["raid-1"]["attempts"][-1] == {"attempt": 2, "ships": 2}
        await opened(keys, app, "ships", "number_sign")
        await keys.press("ships", "5,4", "enter")
        for _ in range(6):  # 21.5342D-E: the lesser type for the missing 5 and the ships sent, each asked: Enter takes it
            await keys.until(lambda: app.screen.is_modal or "raid-ships raid-1 5,4" in commands(app))
            if not app.screen.is_modal:
                break
            await keys.press("ships", "enter")
        assert "raid-ships raid-1 5,4" in commands(app) and not app.screen.is_modal, commands(app)
        attempt = app.game.state.world.ops["missions"]["raid-1"]["attempts"][-1]
        assert attempt["dice"] == [5, 4] and len(attempt["engaged"]) == 2


async def test_21_528_minus_takes_the_invasion_losses_of_the_one_open_invasion() -> None:
    """21.528, 21.5283: in regular combat, `-` opens the invasion losses on the one open invasion; the loss factors
    typed, Enter lists the ways to take them with the bombarding fleet."""
    game = awaw_game()
    to(game, SEGMENT)
    for line in ("invade DD21 Messina --hex-kind one-hex-island --cargo P:2 --by RM-DD-Messina --distance 2",
                 "answer invade-1 yes", "bombard invasion-1 --by Littorio --distance 4"):
        ok(game, line)
    to(game, "Regular combat")
    app = make_app(game, clock=fixed_clock, cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        keys = CountedKeys(pilot)
        await naval_shown(app, pilot)
        await opened(keys, app, "losses", "minus", named="invasion-1")
        await sent(keys, app, "losses", "2", verb="invasion-losses")
        assert commands(app)[-1] == "invasion-losses invasion-1 2"
        assert app.game.events[-1]["summary"].startswith("invasion-1: 2 loss factors; fleet losses at most 1 (the "
                                                        "bombardment's combat factors, 21.5283)")
        assert keys.counts == {"losses": 3}
