"""A whole game turn of the bundled Pacific scenario played at the keyboard (issue 20 "The Pacific playable", "a pilot
test plays one"): Japan's player turn and the Allies' player turn, each side acting in the other's turn where the
rules let it (the Allies engage Japan's raiders, 21.5341), with the Pacific clauses in play: the Japanese range
exception (21.3616A), Japanese raiders from Singapore (21.532C, 21.5342), Japan's Aleutian invasion (21.512C,
21.3616C), a patrol from the Australia box (21.16, 21.413B), the Pacific U.S. box (21.214B, 21.433B), the Hawaiian
exception (21.3615A), an invasion with bombardment (21.51, 21.52) and port counters in Pacific island groups
(21.121C). The log is asserted command by command, with the side that acted."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from test_app_pilot import SIZE, fixed_clock, type_text, until
from tui.app import HarbormasterApp, make_app
from tui.paths import data_dir
from tui.screens.choice_prompt import ChoicePrompt
from tui.screens.command_line import CommandLine
from tui.screens.confirm_prompt import ConfirmPrompt
from tui.screens.form_prompt import FormPrompt
from tui.screens.naval import NavalScreen
from tui.session import memory_game
from tui.widgets.naval_table import NavalTable

KIDO_BUTAI = "Shokaku,Zuikaku,Zuiho,Kirishima,IJN-CA-Yokosuka,IJN-DD-Yokosuka"


def pacific_app() -> HarbormasterApp:
    """The bundled Pacific scenario at its start, in the app."""
    game = memory_game(data_dir(), "awaw", "awaw-pacific-1942", seed=1, clock=fixed_clock)
    return make_app(game, clock=fixed_clock, cursor_blink=False)


async def command(pilot: Pilot[Any], line: str) -> None:
    """``:``, the command typed key by key, Enter; then wait until no dialog is open or one asks a question."""
    app: Any = pilot.app
    count = len(app.game.events)
    await pilot.press("colon")
    await until(pilot, lambda: isinstance(app.screen, CommandLine))
    await type_text(pilot, line)
    await pilot.press("enter")
    await until(pilot, lambda: not isinstance(app.screen, CommandLine))
    await until(pilot, lambda: len(app.game.events) > count or app.screen.is_modal)


async def choose(pilot: Pilot[Any], *keys: str) -> None:
    """Answer the question the screen asks (a choice or yes/no) with ``keys``."""
    app: Any = pilot.app
    await until(pilot, lambda: isinstance(app.screen, (ChoicePrompt, ConfirmPrompt)))
    shown = app.screen
    await pilot.press(*keys)
    await until(pilot, lambda: app.screen is not shown)


async def next_segment(pilot: Pilot[Any], title: str) -> None:
    """``n``, arriving in the segment whose title ends with ``title``."""
    app: Any = pilot.app
    await until(pilot, lambda: not app.screen.is_modal)
    await pilot.press("n")
    await until(pilot, lambda: app.game.segment.title.endswith(title))


async def japan_player_turn(pilot: Pilot[Any]) -> None:
    """Japan moves first: a carrier patrol from Japan, a sea transport, a raid the Allies engage, an Aleutian invasion,
    a port counter in the Gilberts, uninversion."""
    app: Any = pilot.app
    await pilot.press("a")  # the initiative prompt: Japan's side, the Axis, moves first
    await choose(pilot, "enter")
    await next_segment(pilot, "Air staging")
    await next_segment(pilot, "Patrols, base changes, SW deployments")
    await command(pilot, f"patrol R30 {KIDO_BUTAI} --distance 18 --exception japan")
    await choose(pilot, "enter")  # no interception on the way (21.416H)
    await choose(pilot, "down", "enter")  # return to base after the air strikes (21.416K)
    await next_segment(pilot, "Harbor attacks")
    await next_segment(pilot, "Sea transport")
    await command(pilot, "transport Manila Surabaya --cargo 'Kure SNLF:1' --by IJN-DD-Manila --distance 14 --legs 8,6 --ports Singapore")
    await next_segment(pilot, "Ground movement")
    await next_segment(pilot, "Initial supply determination")
    await next_segment(pilot, "Invasions, bombardment, raiders, carrier missions")
    await command(pilot, "raid 'Indian Ocean SW' --by Kumano,Suzuya")
    raid = next(k for k, m in app.game.state.world.ops["missions"].items() if m.get("kind") == "raid")
    await command(pilot, f"raid-engage {raid} --dice 4")  # the Allies' defence (21.5341)
    await command(pilot, f"raid-ships {raid} 2,1")
    await choose(pilot, "enter")  # 21.5342E: the destroyer factor the 1 sends, of the defender's choice
    await command(pilot, f"raid-engage {raid} --attempt 2 --result 0")  # 21.538A: made before the raiders return
    await command(pilot, f"raid-return {raid}")  # 21.537A: raiders may not remain at sea
    await command(pilot, "invade 'Dutch Harbor' Ominato --hex-kind beach --cargo 'North Seas Det:2' --by IJN-DD-Ominato "
                         "--distance 19 --via Kiska --via-held --exception aleutians-japan")
    await choose(pilot, "enter")  # 21.514E: yes, the unit started the turn in Ominato
    await next_segment(pilot, "Regular combat")
    invasion = next(k for k, m in app.game.state.world.ops["missions"].items() if m.get("kind") == "invasion")
    await command(pilot, f"invasion-result {invasion} landed")
    for title in ("Patrols and missions return", "Exploitation", "Post-combat supply", "Naval redeployment",
                  "Overstacking remedied", "Construction"):
        await next_segment(pilot, title)
    await command(pilot, "construct japan Z40 pacific Tarawa --island --group gilberts")
    await next_segment(pilot, "Uninversion")
    await command(pilot, "allowance japan 4")
    await command(pilot, "uninvert IJN-DD-Manila")
    await next_segment(pilot, "Second player turn › Movement phase › Air staging")


async def allied_player_turn(pilot: Pilot[Any]) -> None:
    """The Allies: a patrol from the Australia box from the Naval mode's key, a base change from the Pacific U.S. box,
    a sea transport to Pearl Harbor, an invasion of Guadalcanal with bombardment, a port counter on Bora Bora."""
    app: Any = pilot.app
    await next_segment(pilot, "Patrols, base changes, SW deployments")
    await pilot.press("6")
    await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
    table = app.screen.query_one(NavalTable)
    await type_text(pilot, "HMAS")  # type-to-jump: capitals are never a mode's keys
    await until(pilot, lambda: table.selected == "HMAS-Australia")
    await pilot.press("p")
    await until(pilot, lambda: isinstance(app.screen, FormPrompt))
    await type_text(pilot, "NN20")
    await pilot.press("tab")
    await type_text(pilot, "2")  # from the board edge: the box's eight hexes are added (21.413B)
    await pilot.press("enter")
    await choose(pilot, "enter")  # no interception on the way
    await choose(pilot, "down", "enter")  # return to base
    await command(pilot, "rebase 'Pearl Harbor' Maryland --distance 20")
    await command(pilot, "patrol Q38 Enterprise,Hornet,USN-CA-Pearl,USN-DD-Pearl --distance 15 --exception hawaii-15")
    await choose(pilot, "enter")
    await choose(pilot, "down", "enter")
    await next_segment(pilot, "Harbor attacks")
    await next_segment(pilot, "Sea transport")
    await command(pilot, "transport 'Pacific U.S.' 'Pearl Harbor' --cargo '27 Inf:3' --by USN-DD-West,USN-TR-Pac --distance 9")
    for title in ("Ground movement", "Initial supply determination", "Invasions, bombardment, raiders, carrier missions"):
        await next_segment(pilot, title)
    await command(pilot, "invade Guadalcanal Noumea --hex-kind beach --cargo '1 Marine:3' --by USN-DD-Noumea,USN-TR-Noumea "
                         "--distance 12 --legs 8,4 --ports Suva")
    await choose(pilot, "enter")  # 21.514E
    invasion = next(k for k, m in app.game.state.world.ops["missions"].items()
                    if m.get("kind") == "invasion" and m["hex"] == "Guadalcanal")
    await command(pilot, f"bombard {invasion} --by NorthCarolina,USN-CA-Noumea --distance 12 --legs 8,4 --ports Suva")
    await next_segment(pilot, "Regular combat")
    await command(pilot, f"invasion-result {invasion} landed")
    for title in ("Patrols and missions return", "Exploitation", "Post-combat supply", "Naval redeployment",
                  "Overstacking remedied", "Construction"):
        await next_segment(pilot, title)
    await command(pilot, "construct usa KK45 pacific Bora Bora --island --group society")
    await next_segment(pilot, "Uninversion")
    await command(pilot, "allowance usa 6")
    await command(pilot, "uninvert USN-DD-West")
    await until(pilot, lambda: not app.screen.is_modal)
    await pilot.press("n")
    await until(pilot, lambda: app.game.turn_label == "Fall 1942")


async def test_issue20_a_whole_pacific_game_turn_at_the_keyboard_both_sides() -> None:
    app = pacific_app()
    async with app.run_test(size=SIZE) as pilot:
        await japan_player_turn(pilot)
        await allied_player_turn(pilot)
        events = [e for e in app.game.events if e.get("status") == "applied" and e["command"] != "next"]
        world = app.game.state.world

    def entry(actor: str, start: str) -> str:
        """The one applied entry of ``actor`` whose command starts with ``start``: its summary."""
        [found] = [e["summary"] for e in events if e["actor"] == actor and e["command"].startswith(start)]
        return found

    assert events[0]["command"] == "answer first axis"
    assert "R30, 18 hexes" in entry("axis", f"patrol R30 {KIDO_BUTAI}")  # 21.3616A: 18 hexes before a port
    assert "needs 1 destroyer factors" in entry("axis", "transport Manila Surabaya")
    assert "raider group 1 in the Indian Ocean SW box: Kumano, Suzuya" in entry("axis", "raid ")
    engaged = [e["summary"] for e in events if e["command"].startswith("raid-engage")]
    assert len(engaged) == 2 and "attempt 1: 2 defending ships may engage" in engaged[0]  # 4 - 3 + 1 Singapore (21.5342)
    assert "attempt 2: escapes detection" in engaged[1]  # 21.538A, typed: made before the raiders return
    assert "the defender sends a 2-factor cruiser" in entry("allies", "raid-ships")
    assert "landed in Dutch Harbor" in entry("axis", "invasion-result")  # 21.512C, through Kiska
    assert "Port counter Tarawa built in Z40 by japan" in entry("axis", "construct japan")
    assert "Patrol" in entry("allies", "patrol NN20 HMAS-Australia")  # from the Naval mode's key (21.413B)
    assert "Q38, 15 hexes" in entry("allies", "patrol Q38")  # 21.3615A: Midway and Johnston Island held
    assert "Pacific U.S. → Pearl Harbor" in entry("allies", "rebase")  # 21.214B
    assert "needs 6 destroyer factors, 1 transport" in entry("allies", "transport 'Pacific U.S.'")  # 21.433B, 21.434
    assert "invasion of Guadalcanal (beach, undefended) from Noumea" in entry("allies", "answer invade-")  # 21.514E
    assert "adds 2 combat factors to 3 ground factors" in entry("allies", "bombard")  # 21.525, 21.526
    assert "Port counter Bora Bora built in KK45 by usa" in entry("allies", "construct usa")  # 21.121C
    assert world.bases["Tarawa"].kind == world.bases["Bora Bora"].kind == "port-counter"
    assert world.units["Maryland"].base == "Pearl Harbor"
    assert not world.units["USN-DD-West"].inverted and not world.units["IJN-DD-Manila"].inverted  # 21.71


async def test_21_3616A_the_patrol_form_names_a_range_exception() -> None:
    """The Naval mode's patrol form (key p) has a range exception field: Kido Butai patrols 18 hexes from Japan."""
    app = pacific_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await choose(pilot, "enter")
        await next_segment(pilot, "Air staging")
        await next_segment(pilot, "Patrols, base changes, SW deployments")
        await pilot.press("6")
        await until(pilot, lambda: isinstance(app.screen, NavalScreen) and app.screen.query_one(NavalTable).row_count)
        table = app.screen.query_one(NavalTable)
        assert table.selected == "base:Yokosuka"
        for _ in KIDO_BUTAI.split(","):
            await pilot.press("down", "space")
        assert ",".join(table.marked) == KIDO_BUTAI
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, FormPrompt))
        await type_text(pilot, "R30")
        await pilot.press("tab")
        await type_text(pilot, "18")
        app.screen.query_one("#field-exception").value = "japan"
        await pilot.press("enter")
        await choose(pilot, "enter")
        await choose(pilot, "down", "enter")
        await until(pilot, lambda: app.game.events[-1]["command"].startswith("answer patrol-1-strikes"))
    [patrol] = [e for e in app.game.events if e["command"].startswith("patrol ")]
    assert patrol["command"] == f"patrol R30 {KIDO_BUTAI} --distance 18 --exception japan"
