"""``ActionScreen``: a mode whose keys come from the rule set's action table (``RuleSet.actions[ACTIONS]``).

The screen binds each action's key (shown in the footer when the action
says so), lists every key in a :class:`KeyLegend`, and runs an action by
asking its fields (:mod:`.actions`) about the selected row of its target
view, then sending the command up as ``RunCommand``. A menu action first
asks which of its actions to run. The palette runs the same ``act``.
"""

from __future__ import annotations

import shlex
from dataclasses import replace  # Textual's Binding is a dataclass
from typing import Any, ClassVar

from textual import events, work
from textual.actions import parse as parse_action
from textual.binding import Binding
from textual.widgets.data_table import RowDoesNotExist

from ..rules.core.actions import Action
from ..rules.core.ruleset import legal_in, where_legal
from ..widgets.key_legend import KeyLegend
from ..widgets.view_table import ViewTable
from .actions import ActionContext, ask, dialog_title
from .base import GameScreen
from .choice_prompt import ChoicePrompt
from .keymap import key_shown
from .messages import RunCommand


def shown_keys(keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(key, label)`` pairs with each key written as the referee types it (``asterisk`` -> ``*``, issue 30 item 3)."""
    return [(key_shown(k), label) for k, label in keys]


FEW_COMMANDS = 4
"""A segment whose sequence names at most this many commands shows each of their actions in the footer, those kept out
of it elsewhere too (a Reinforcement phase of load, unload and ``v`` Arrive; issue 22 point 6)."""


class ActionScreen(GameScreen):
    """A mode with rule-set actions on its keys; subclasses say which rows the actions act on."""

    ACTIONS: ClassVar[str] = ""
    """Which table of ``RuleSet.actions`` this mode's keys come from (``ports``, ``zones``)."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: tuple[Action, ...] = tuple(self.game.ruleset.actions.get(self.ACTIONS, ()))
        """The mode's actions, in footer order."""
        self.by_id: dict[str, Action] = {a.id: a for a in self.actions}
        """The actions by id (``act('hit')``)."""
        for a in self.actions:  # bound per game (the rule set decides), as App.bind does for an app
            if a.key:
                binding = Binding(a.key, f"act('{a.id}')", a.label, show=a.footer, tooltip=a.help)
                self._bindings.key_to_bindings.setdefault(a.key, []).append(binding)

    def writes(self, action: str, parameters: tuple[object, ...]) -> bool:
        """An action whose command changes the game (a menu: all of whose commands do) is a write."""
        if action != "act" or not parameters:
            return super().writes(action, parameters)
        return self._action_writes(self.by_id.get(str(parameters[0])))

    def _action_writes(self, action: Action | None) -> bool:
        if action is None:
            return False
        if action.menu:
            subs = [self.by_id[i] for i in action.menu if i in self.by_id]
            return bool(subs) and all(self._action_writes(a) for a in subs)
        verb = self.game.verbs.get(action.verb.split(" ", 1)[0]) if action.verb else None
        return verb is None or verb.changes

    def not_legal(self, action: Action | None) -> str:
        """Why ``action`` cannot be taken in this segment (its verb is not legal here; a menu: none of its), or "".

        Said before its dialog asks anything, in the engine's words (issue 22 point 6)."""
        if action is None:
            return ""
        if action.menu:
            subs = [self.by_id[i] for i in action.menu if i in self.by_id]
            reasons = [self.not_legal(a) for a in subs]
            return reasons[0] if subs and all(reasons) else ""
        game = self.game
        verb = game.verbs.get(action.verb.split(" ", 1)[0]) if action.verb else None
        if verb is None or not verb.changes or legal_in(verb, game.segment):
            return ""
        where = where_legal(game.ruleset.sequence, verb)
        rule = f" ({verb.rule})" if verb.rule else ""
        return f"'{verb.name}' is not legal in {game.segment.title}{rule}." + (f" It is legal in {where}." if where else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """An action not legal in this segment shows its key dimmed (None); the rest as every mode."""
        shown = super().check_action(action, parameters)
        if shown and action == "act" and parameters and self.not_legal(self.by_id.get(str(parameters[0]))):
            return None
        return shown

    def on_key(self, event: events.Key) -> None:
        """A dimmed action's key says why nothing is asked (its binding does not run)."""
        super().on_key(event)
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            _, name, params = parse_action(binding.action)
            if name == "act" and params:
                reason = self.not_legal(self.by_id.get(str(params[0])))
                if reason and not self.game.read_only:
                    self._refuse(self.by_id[str(params[0])], reason)
                    event.stop()
                    return

    def _refuse(self, action: Action, reason: str) -> None:
        """Say that ``action`` is refused here, and why; nothing is asked."""
        self.notify(reason, title=f"{action.long_name}: refused — nothing asked", severity="error")

    def key_legend(self, *, id: str | None = None) -> KeyLegend:
        """One line with every key of the mode (the footer has room for only some)."""
        keys = self._legend_keys()
        self._legend_key_set = frozenset(k for k, _ in keys)
        return KeyLegend("", shown_keys(keys), id=id)

    def legend_keys(self) -> frozenset[str]:
        """The keys of the key legend, if the mode shows one (a narrow footer leaves them out first)."""
        return getattr(self, "_legend_key_set", frozenset())

    def _legend_keys(self) -> list[tuple[str, str]]:
        """The legend's keys: all of them, or in a watching session only those that change nothing (bug 12.7)."""
        watching = self.game.read_only
        return [(a.key, a.label.lower()) for a in self.actions if a.key and not (watching and self._action_writes(a))]

    def refresh_game(self) -> None:
        """Render as every mode does; the legend follows whether this session writes (it may take over), and the
        footer dims the keys of actions not legal in the segment now."""
        super().refresh_game()
        self._footer_follows_segment()
        self.refresh_bindings()
        keys = self._legend_keys()
        self._legend_key_set = frozenset(k for k, _ in keys)
        keys = shown_keys(keys)
        for legend in self.query(KeyLegend):
            if legend.keys != keys:
                legend.keys = keys
                legend.refresh()

    def in_footer(self, action: Action) -> bool:
        """Whether ``action``'s key is in the footer now: where the action says so, and in a segment that names only a
        few commands, for each of them (what the segment is for: a Reinforcement phase shows ``v`` Arrive)."""
        if action.footer:
            return True
        listed = self.game.segment.commands
        verb = action.verb.split(" ", 1)[0] if action.verb else ""
        return listed is not None and len(listed) <= FEW_COMMANDS and verb in listed

    def _footer_follows_segment(self) -> None:
        """Show in the footer the keys :meth:`in_footer` picks for the segment now (the keys work in every segment)."""
        for a in self.actions:
            show = self.in_footer(a)
            bindings = self._bindings.key_to_bindings.get(a.key, [])
            for i, b in enumerate(bindings):
                if b.action == f"act('{a.id}')" and b.show != show:
                    bindings[i] = replace(b, show=show)

    def target_row(self, view: str) -> dict[str, Any] | None:
        """The selected row of ``view`` that an action acts on (subclasses)."""
        return None

    def show_target(self, view: str) -> None:
        """Bring the rows of ``view`` into sight so one can be selected (subclasses)."""

    def select_target(self, view: str, key: str) -> bool:
        """Put the cursor on row ``key`` of ``view`` (the palette acting on a port or unit by name); False if not here."""
        if self._rendered != getattr(self.app, "version", 0):
            self.refresh_game()
        self.show_target(view)
        table = next((t for t in self.query(ViewTable) if t.view == view), None)
        if table is None:
            return False
        try:
            table.move_cursor(row=table.get_row_index(key), animate=False)
        except RowDoesNotExist:  # not shown (a filter hides it)
            return False
        return True

    def context(self, action: Action) -> ActionContext:
        """What the action's questions need: its target row, the sides, the rule set's views, the side acting now and
        whether the dice are typed."""
        game = self.game
        views = game.ruleset.views
        return ActionContext(
            self.target_row(action.target) if action.target else None,
            tuple(game.ruleset.sides),
            lambda name: views[name](game.state) if name in views else [],
            acting=game.acting_side,
            typed=bool(getattr(self.app, "dice_typed", False)),
        )

    def action_act(self, action_id: str, source: str = "key") -> None:
        """Run action ``action_id`` (asking for its arguments first) on the selected row."""
        action = self.by_id.get(action_id)
        if action is None:
            self.notify(f"No action '{action_id}' in this mode.", severity="warning")
            return
        reason = self.not_legal(action)
        if reason:
            self._refuse(action, reason)
            return
        if not self._has_target(action):
            return
        self._ask_and_run(action, source)

    def _has_target(self, action: Action) -> bool:
        if action.target and self.target_row(action.target) is None:
            self.show_target(action.target)
            self.notify(f"{action.long_name}: select a row of {action.target} first, then press {key_shown(action.key) if action.key else 'it'} again.",
                        severity="warning")
            return False
        return True

    @work(group="action")
    async def _ask_and_run(self, action: Action, source: str) -> None:
        if action.menu:
            row = self.target_row(action.target) if action.target else None
            subs = [self.by_id[i] for i in action.menu if i in self.by_id and self.by_id[i].applies(row)]
            if not subs:  # refused before anything is asked, with the rule's reason where the row gives one (issue 22 point 6)
                why = [str(row[f"{s.requires}_why"]) for i in action.menu if (s := self.by_id.get(i)) is not None
                       and s.requires and (row or {}).get(f"{s.requires}_why")]
                self.notify(f"{action.long_name}: nothing here it applies to" + (f": {'; '.join(why)}." if why else "."),
                            title=f"{action.long_name}: refused — nothing asked", severity="warning")
                return
            if len(subs) == 1:  # one thing here it applies to: no need to ask which
                chosen = subs[0].label
            else:
                chosen = await self.app.push_screen_wait(ChoicePrompt(dialog_title(action, row), action.help, [s.label for s in subs]))
            action = next((s for s in subs if s.label == chosen), None)  # type: ignore[assignment]
            if action is None:
                return
            reason = self.not_legal(action)
            if reason:
                self._refuse(action, reason)
                return
            if not self._has_target(action):
                return
        await ask(self.app, action, self.context(action), lambda words, quiet: self._run(words, source, quiet))

    async def _run(self, words: list[str], source: str, quiet: bool) -> str | None:
        """Run an action's command through the app's execute path; the refusal, or None when done or cancelled.

        ``quiet``: the form that asked shows the refusal itself (no notification over it).
        """
        execute = getattr(self.app, "execute", None)
        if execute is None:  # an app without the execute path (a bare test app): send the command up
            self.post_message(RunCommand(shlex.join(words), source))
            return None
        result = await execute(shlex.join(words), source, quiet=quiet)
        return None if result is None or result.ok else result.message
