"""The files the app makes from the game (a briefing, key ``R``; a what-if branch, the Log mode's ``b``), and what a
read-only session does instead of writing them (issue 29.3).

A session that writes the game writes them beside its save, as it always did.
A read-only session (``--read-only``, a watcher of a game another session
writes, a side view, any ``serve`` tab opened with the watchers' or a side's
address) writes nothing anywhere:

- in a browser tab (a driver that can hand a file to the browser: ``serve``'s
  tabs), the briefing or branch is built in memory and offered as a download
  (Textual's ``App.deliver_text`` / ``deliver_binary``) under the name it would
  have had beside the save; the person at the browser decides where it goes;
- in a terminal it is refused in one line naming the command that makes one
  from the user's own shell: Textual delivers a file in a terminal by saving
  it into the downloads folder, which is a write all the same.

A side view offers its own side's briefing only (no side is asked) and never a
branch: a branch copies the whole game, the other side's entries too.

Read-only is not "another session holds the lock": a watcher that takes over
(``T``) writes again, and from then on writes these files beside the save.
"""

from __future__ import annotations

import io
from typing import Any

#: The running :class:`tui.app.HarbormasterApp` (typed loosely: this module is imported by the app's own modules,
#: and an import of ``tui.app`` here, even for types only, would close a circle).
HarbormasterApp = Any

SIDE_NO_BRANCH = "Not branched: a side view offers no branch (it would copy the whole game, the other side's entries too)."
"""Said for ``b`` in a side view, in a terminal or a browser."""


def offers_downloads(app: HarbormasterApp) -> bool:
    """Whether this session hands files to the person at the screen as downloads (a read-only session in a browser
    tab) rather than writing them beside the save."""
    return app.game.read_only and app.is_web


def _no_file(app: HarbormasterApp, what: str, shell: str) -> str:
    """The one line a read-only session in a terminal says instead of writing ``what``; ``shell`` makes one."""
    game = app.game
    who = "a side view" if game.side is not None else "a read-only session"
    how = " Press T to take over." if app.can_take_over else ""
    return f"{what}: {who} writes no file (in a browser tab it is a download; {shell}).{how}"


def briefing_help(app: HarbormasterApp) -> str:
    """What ``R`` does in this session, for the help screen."""
    if not app.game.read_only:
        return "Write a briefing for one side (or the referee's report) beside the save"
    if app.is_web:
        return "A briefing, offered as a download (this read-only session writes no file)"
    return "A briefing: a read-only session in a terminal writes none (harbormaster report PATH prints one)"


async def briefing(app: HarbormasterApp) -> None:
    """Key ``R``: ask for a side (a side view: its own) and a turn, then write its briefing (Markdown) beside the save,
    or, in a read-only session, offer it as a download (a browser) or refuse in one line (a terminal)."""
    from ..outputs.briefing import default_report_path, render, report_name, write_file
    from ..screens.choice_prompt import ChoicePrompt

    game = app.game
    save = getattr(game.store, "path", None)
    if save is None:
        app._say("No briefing: this game has no save file to write it beside.", "error")
        return
    if game.read_only and not app.is_web:
        side_flag = f" --side {game.side}" if game.side is not None else ""
        app._say(_no_file(app, "No briefing written", f"harbormaster report PATH{side_flag} prints one"), "warning")
        return
    side = game.side
    if side is None:
        side = await app.push_screen_wait(ChoicePrompt(
            "Write a briefing" if not game.read_only else "Download a briefing",
            "For which side? A side's briefing leaves out what only the other side holds; "
            "the referee's report has everything.", [*game.ruleset.sides, "referee"], default=game.phasing_side))
    if side is None:
        app._say("No briefing written.", "warning")
        return
    who = None if side == "referee" else side
    turn = await briefing_turn(app)
    if turn is None:
        app._say("No briefing written.", "warning")
        return
    if not await app.log_checked():  # a log that does not replay ends the app: no briefing of it
        return
    text = render(game, who, turn)
    if game.read_only:
        name = report_name(save, who, turn)
        delivered = app.deliver_text(io.StringIO(text), save_filename=name, mime_type="text/markdown",
                                     encoding="utf-8", name=name)
        if delivered is None:
            app._say("No briefing: this session cannot hand a file to the browser.", "error")
            return
        app._say(f"Briefing for {side} offered as a download ({name}); this read-only session writes no file.", "success")
        app.notify(name, title=f"Briefing for {side}: download", timeout=10)
        return
    path = default_report_path(save, who, turn)
    try:
        write_file(path, text)
    except OSError as exc:
        app._say(f"Briefing not written: {exc}", "error")
        return
    app._say(f"Briefing for {side} written to {path}", "success")
    app.notify(str(path), title=f"Briefing for {side} written", timeout=10)


async def briefing_turn(app: HarbormasterApp) -> str | None:
    """Which turn the briefing tells (issue 22 point 13): asked when the log has more than one, the last finished
    one first; None if the referee cancelled."""
    from ..outputs.briefing import last_finished, log_turns
    from ..screens.choice_prompt import ChoicePrompt

    game = app.game
    turns = log_turns(game)
    if len(turns) == 1:
        return turns[0]
    return await app.push_screen_wait(ChoicePrompt(
        "Which turn?", f"The briefing tells one game turn's log; {last_finished(game)} is the last finished.",
        list(reversed(turns)), default=last_finished(game)))


def branch(app: HarbormasterApp, seq: int) -> None:
    """The Log mode's ``b``: write a what-if branch at entry ``seq`` beside the save and say where, or, in a read-only
    session, offer it as a download (a browser) or refuse in one line (a terminal)."""
    from ..outputs.branch import BranchError, branch_bytes, branch_game, branch_name, default_branch_path

    game = app.game
    if game.side is not None:
        app._say(SIDE_NO_BRANCH, "warning")
        return
    save = getattr(game.store, "path", None)
    if save is None:
        app._say("Not branched: this game has no save file.", "error")
        return
    if game.read_only and not app.is_web:
        app._say(_no_file(app, "Not branched", f"harbormaster branch PATH --at {seq} NEW_PATH makes one"), "warning")
        return
    try:
        if game.read_only:
            raw, _ = branch_bytes(game, seq)
        else:
            path, _ = branch_game(game, seq, default_branch_path(save, seq))
    except BranchError as exc:
        app._say(f"Not branched: {exc}", "error")
        app.notify(str(exc), title="Not branched — nothing changed", severity="error")
        return
    if game.read_only:
        name = branch_name(save, seq)
        if app.deliver_binary(io.BytesIO(raw), save_filename=name, mime_type="application/json", name=name) is None:
            app._say("Not branched: this session cannot hand a file to the browser.", "error")
            return
        message = f"Branch at #{seq} offered as a download ({name}); this read-only session writes no file."
        app._say(message, "success")
        app.notify(f"{name} — open it with: harbormaster {name}", title="What-if branch: download", timeout=10)
        return
    message = f"Branched at #{seq} into {path} — open it with: harbormaster {path}"
    app._say(message, "success")
    app.notify(message, title="What-if branch saved", timeout=10)
