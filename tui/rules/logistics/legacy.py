"""Logistics saves of the version before the automatic end-of-production growth (Factories ¶6; issue 21, points 2-3).

That version asked, at End of production, a yes/no prompt ``growth`` (``answer growth yes|no``): ``yes`` grew at
once every city below its maximum with one possible factory, and raised a prompt ``grow-CITY`` for each city with
several (kept until answered, not holding the turn), whose answer grew that city at once; ``no``, or ``next --force``
past the prompt, left every city as it was. This version grows every city on leaving the segment, on its own. A
save of that version still opens, replays to the state it had, and goes on under the new rules:

- :func:`LegacyGrowth.upgrade_state` reads a saved state of that version (its world has ``grown`` and no
  ``growth_to``): a ``growth`` prompt still pending becomes the per-city prompts entering the segment raises now
  (that End of production ends under the new rules); a ``grow-CITY`` prompt the old answer raised stays, not
  holding the turn, as then. The file is not changed: the next command writes the state as this version has it.
- :func:`LegacyGrowth.legacy_event` gives the state an event of that version is replayed (or redone) from:
  ``answer growth`` finds its prompt pending again, in place of the per-city prompts this version raised on entering
  the segment; a ``next`` or ``goto`` that skipped it with ``--force`` (its logged lines say ``skipped: growth``)
  leaves the segment with the turn's growth settled, as it was.
- That version's ``next`` (and ``goto``) also went on past a required prompt a command had raised (``expires``
  ``answer``: the storm's roll for a Mulberry beside it, a ``grow-CITY``), keeping it unanswered. Replayed, such
  an event finds those prompts no longer holding the turn (the ones it did not log as skipped); in a saved state,
  one raised in another segment than the current one was carried on so, and is read so.
- :func:`LegacyGrowth.answer_growth` is that version's answer to ``growth``. The world's ``grown`` (or ``growth``
  among the segment's answers) then tells the automatic growth that this turn's growth is settled, and a
  ``grow-CITY`` prompt of that version (its ``args`` name a ``city``) still grows its city at once.

Only the log's own events take these meanings: the engine asks ``legacy_event`` when it replays or redoes an event,
never for a command typed now (``answer growth`` typed now is refused: there is no such prompt).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.phases import Segment, Sequence
from ..core.ruleset import Context, Outcome
from ..core.state import GameState, Pending
from . import factories as F
from .tables import LogisticsTables
from .world import LogisticsWorld, is_production_turn, world_from_data

OLD_PROMPT = "growth"
"""The id (and answer effect) of the earlier version's yes/no prompt."""
OLD_TEXT = ("End of production: every city below its maximum gains 1 PP — apply now? "
            "(asked which factory where a city has several)")
"""That prompt's text, as it was raised."""
SKIPPED = f"skipped: {OLD_PROMPT} — "
"""How a ``next``/``goto --force`` of that version logged skipping it."""


def is_old_choice(prompt: Pending) -> bool:
    """Whether ``prompt`` is a ``grow-CITY`` prompt the earlier version's ``answer growth yes`` raised (it grows the
    city at once when answered)."""
    return prompt.effect == "grow" and "city" in prompt.args


def settled(state: GameState) -> bool:
    """Whether this turn's growth was settled through the earlier version's prompt (answered yes or no, or skipped),
    so that leaving End of production grows nothing more."""
    world: LogisticsWorld = state.world
    return world.grown or OLD_PROMPT in {a.lower() for a in state.flow.answered}


class LegacyGrowth(msgspec.Struct, frozen=True):
    """The earlier version's growth, for the Logistics rule set built from ``tables`` and ``sequence``."""

    tables: LogisticsTables
    sequence: Sequence

    @property
    def segment(self) -> Segment:
        """End of production, where the growth is settled."""
        return next(seg for seg in self.sequence.segments if seg.path[-1] == "production-end")

    def asked_now(self, world: LogisticsWorld) -> list[Pending]:
        """The per-city prompts entering End of production raises in this version (``grow-CITY``, Factories ¶6)."""
        seg = self.segment
        spec = next(s for s in seg.prompts if s.effect == "grow")
        base = Pending(id=spec.id, text=spec.text, kind=spec.kind, effect=spec.effect, choices=tuple(spec.choices),
                       dice=spec.dice, min=spec.min, max=spec.max, required=spec.required, rule=spec.rule, raised=seg.key)
        return [replace(base, id=f"{spec.id}-{item}", text=text, choices=choices or base.choices, subject=item,
                        args={"item": item}) for item, text, choices in F.growth_asked(world, self.tables)]

    def old_prompt(self) -> Pending:
        """The earlier version's ``growth`` prompt, as entering End of production raised it."""
        return Pending(id=OLD_PROMPT, text=OLD_TEXT, kind="confirm", effect=OLD_PROMPT, required=True,
                       rule=self.tables.factories.growth_pp.rule, raised=self.segment.key)

    def upgrade_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """A saved state as this version reads it: one of the earlier version (its world has ``grown``, no
        ``growth_to``) with its ``growth`` prompt turned into this version's per-city prompts, and the ``grow-CITY``
        prompts its answer raised, and any required prompt raised in another segment (carried past ``next`` then),
        not holding the turn; any other state as it is. ``data`` is not changed."""
        world = data.get("world")
        flow = data.get("flow")
        if not isinstance(world, dict) or "grown" not in world or "growth_to" in world or not isinstance(flow, dict):
            return data
        index = flow.get("index")
        here = self.sequence.at(index).key if type(index) is int and 0 <= index < len(self.sequence) else None
        pending: list[Any] = []
        for prompt in flow.get("pending", []):
            if not isinstance(prompt, dict):
                pending.append(prompt)
            elif prompt.get("id") == OLD_PROMPT and prompt.get("effect") == OLD_PROMPT:
                pending.extend(p.to_data() for p in self.asked_now(world_from_data(world)))
            elif prompt.get("effect") == "grow" and "city" in (prompt.get("args") or {}):
                pending.append({**prompt, "required": False})
            elif prompt.get("required") and prompt.get("expires") == "answer" and prompt.get("raised") != here:
                pending.append({**prompt, "required": False})  # carried past `next` by that version: as then
            else:
                pending.append(prompt)
        return {**data, "flow": {**flow, "pending": pending}, "world": {**world, "growth_to": {}}}

    def legacy_event(self, state: GameState, event: dict[str, Any]) -> GameState:
        """The state the logged ``event`` is replayed from, so that an event of the earlier version keeps its meaning
        (``answer growth``; a ``next``/``goto --force`` that skipped that prompt; a ``next``/``goto`` that went on past
        a required prompt a command raised, without logging it as skipped); any other event's ``state``."""
        words = str(event.get("command", "")).lower().split()
        world: LogisticsWorld = state.world
        if words[:2] == ["answer", OLD_PROMPT]:
            if (state.pending_prompt(OLD_PROMPT) is not None or settled(state) or state.flow.index != self.segment.index
                    or not is_production_turn(world, state.flow.turn)):
                return state
            kept = tuple(p for p in state.flow.pending if not (p.effect == "grow" and not is_old_choice(p)))
            return state.with_flow(pending=kept + (self.old_prompt(),))
        if words[:1] in (["next"], ["goto"]):
            logged = [str(line) for line in event.get("details", ())]
            if any(line.startswith(SKIPPED) for line in logged):
                state = state.with_world(replace(world, grown=True))
            carried = {p.id for p in state.flow.pending if p.required and p.expires == "answer"
                       and not any(line.startswith(f"skipped: {p.id} — ") for line in logged)}
            if carried:  # that version's `next` kept them, unanswered, and went on
                state = state.with_flow(pending=tuple(replace(p, required=False) if p.id in carried else p for p in state.flow.pending))
        return state

    def answer_growth(self, ctx: Context, prompt: Pending, value: str) -> Outcome:
        """The earlier version's answer to ``growth``: ``yes`` grows every city below its maximum with one possible
        factory at once and asks which factory for each city with several (a ``grow-CITY`` prompt kept until
        answered, which does not hold the turn); ``no`` grows nothing (Factories ¶6 as that version read it)."""
        tables = self.tables
        world: LogisticsWorld = ctx.state.world
        rule = tables.factories.growth_pp.rule
        if value != "yes":
            return Outcome(world, f"End-of-production growth not applied ({rule})")
        if world.grown:
            raise RuleError(f"the growth was already applied this turn ({rule})")
        lines, asks = [], []
        new = replace(world, grown=True)
        for place in world.cities():
            if not F.growth_due(world, place.hex, tables):
                continue
            choices = F.growth_choices(world, place.hex, tables)
            if len(choices) == 1:
                new = F.grow(new, place.hex, choices[0], tables)
                lines.append(f"{world.label(place.hex)}: +{tables.factories.growth_pp.value} PP {F.KIND_NAMES[choices[0]]} "
                             f"({F.total_pp(new, place.hex)} of {place.size})")
            else:
                asks.append(Pending(id=f"grow-{place.hex}", text=f"{world.label(place.hex)} grows by {tables.factories.growth_pp.value} PP: which factory?",
                                    kind="choice", choices=choices, effect="grow", rule=rule, subject=place.hex,
                                    args={"city": place.hex}, raised=ctx.segment.key, expires="answer"))
        lines += [f"prompt: {p.id} — {p.text}" for p in asks]
        grown = sum(1 for line in lines if not line.startswith("prompt:"))
        return Outcome(new, f"End of production: {grown} city(ies) grew, {len(asks)} to choose ({rule})", tuple(lines),
                       raise_prompts=tuple(asks))

    def grow_at_once(self, world: LogisticsWorld, city: str, kind: str) -> Outcome:
        """The answer to a ``grow-CITY`` prompt of the earlier version: the city grows at once (Factories ¶6)."""
        new = F.grow(world, city, kind, self.tables)
        return Outcome(new, f"{world.label(city)}: +{self.tables.factories.growth_pp.value} PP {F.KIND_NAMES[kind]} "
                       f"({F.total_pp(new, city)} of {world.place(city).size} PP; {self.tables.factories.growth_pp.rule})")
