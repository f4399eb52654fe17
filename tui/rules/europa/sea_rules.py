"""The phase machine's side of rule 33 and 31.A.8-31.B: prompt conditions, effects and prompt answers.

Conditions (``when`` of a sequence prompt): Italian naval interference and
the interdiction zone are offered in an Allied initial phase only, when the
rules allow them; the Mulberry emplacement prompt when a Mulberry is due.
Effects: the interdiction zone expires at the start of the next Allied
initial phase; the end of the Allied player turn clears this turn's
interference result and bombing hits, wrecks Mulberries whose hex the enemy
took, and ends Great Success double landing; the end of each naval movement
step advances towed Mulberries and naval groups in transit.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.phases import Reported, Segment, reported
from ..core.ruleset import Context, Outcome
from ..core.state import GameState, Pending
from . import beaches as B
from . import interference as I
from . import mulberries as M
from . import offmap as O
from .seatables import SeaTables
from .tables import PortTables
from .world import EuropaWorld


def slug(name: str) -> str:
    """A prompt id part without spaces (``Mulberry A`` -> ``mulberry-a``), so ``answer ID VALUE`` needs no quotes."""
    return re.sub(r"[^a-z0-9*]+", "-", name.lower()).strip("-")


def _allied_initial(seg: Segment) -> bool:
    return seg.side == "allied" and "initial" in seg.path


def build_conditions(st: SeaTables, pt: PortTables) -> dict[str, Callable[[GameState, Segment], bool]]:
    """The ``when`` conditions of the sea prompts."""

    def interference(area: str) -> Callable[[GameState, Segment], bool]:
        def offered(state: GameState, seg: Segment) -> bool:
            return _allied_initial(seg) and I.offered(state.world, st, pt, area, state.flow.turn)[0]
        return offered

    conds: dict[str, Callable[[GameState, Segment], bool]] = {
        f"italian-interference:{area}": interference(area) for area in st.italian_interference.areas
    }
    conds["interdiction-zone-offered"] = lambda state, seg: (
        _allied_initial(seg) and state.world.sea.iz is None and bool(I.requirements(state.world, st, pt).value))
    conds["mulberry-emplacing"] = lambda state, seg: _allied_initial(seg) and bool(M.emplacing_due(state.world, state.flow.turn))
    return conds


def _acting(ctx: Context) -> str:
    side = ctx.segment.side
    return ("allied" if side == "axis" else "axis") if ctx.segment.acting == "other" else side


def build_effects(st: SeaTables, pt: PortTables) -> dict[str, Callable[[Context, Any, str], tuple[Any, list[str]]]]:
    """The sea effects of the turn sequence."""

    def expire_iz(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """33.B.7: the interdiction zone lasts until the start of the next Allied initial phase."""
        if side != "allied" or world.sea.iz is None:
            return world, []
        kind = world.sea.iz.kind
        return replace(world, sea=replace(world.sea, iz=None)), [Reported(f"The {kind} South Aegean interdiction zone ends (33.B.7)")]

    def end_allied_turn(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """33.B.2.b: this turn's interference ends; 33.B.7 d): bombing hits last the turn; 31.A.12: wrecks and S* end."""
        lines = []
        sea = world.sea
        if sea.active:
            lines.append("Italian naval interference results of this Allied player turn end (33.B.2.b): " + ", ".join(f"{a} {x}" for a, x in sea.active.items()))
        iz = replace(sea.iz, hits=0) if sea.iz is not None and sea.iz.hits else sea.iz
        if iz is not sea.iz:
            lines.append("Bombing hits on the interdiction zone end with the turn (33.B.7 d))")
        world = replace(world, sea=replace(sea, active={}, iz=iz))
        world, more = M.wreck_lost(world, ctx.state.flow.turn)
        lines.extend(more)
        doubled = [n for n, p in world.ports.items() if p.doubled]
        if doubled:
            world = replace(world, ports={n: replace(p, doubled=False) if p.doubled else p for n, p in world.ports.items()})
            lines.append(f"Double landing after a Great Success ends at {', '.join(doubled)} (31.A.12)")
        return world, reported(lines)

    def advance_steps(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """31.A.12: a towed Mulberry has two naval movement steps; 31.A.8: groups in transit move a step."""
        mover = _acting(ctx)
        lines: list[str] = []
        if mover == "allied":
            world, lines = M.advance_tows(world, st)
        world, more = O.advance(world, mover)
        return world, reported(lines + more)

    return {"expire-interdiction-zone": expire_iz, "end-allied-turn": end_allied_turn, "advance-naval-steps": advance_steps}


def build_answers(st: SeaTables, pt: PortTables) -> dict[str, Callable[[Context, Pending, str], Outcome]]:
    """The answer effects of the sea prompts (``guided-check`` is added by the sea verbs)."""
    letters = st.success_table

    def italian_interference(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """33.B.2.b: roll on the SUCCESS TABLE with the history modifiers, or take the letter (RULINGS E22)."""
        world: EuropaWorld = ctx.state.world
        area = prompt.id.partition(":")[2]
        if area not in st.italian_interference.areas:
            raise RuleError(f"{prompt.id}: no interference area '{area}'")
        seg = ctx.segment
        if not _allied_initial(seg):
            raise RuleError(f"Italian naval interference is attempted during an Allied initial phase (33.B.2.b); this is {seg.title}")
        ok, why = I.offered(world, st, pt, area, ctx.state.flow.turn)
        if not ok:
            raise RuleError(f"no Italian naval interference attempt: {why}")
        name = st.italian_interference.areas[area].name
        if value.lower() in ("decline", "no"):
            return Outcome(I.decline(world, area, ctx.state.flow.turn),
                           f"The Axis makes no Italian naval interference attempt in the {name} this turn (33.B.2.b)", actor="axis")
        mod = I.modifiers(world.sea, st, area, ctx.state.flow.turn)
        letter = letters.letter(value)
        total = None
        details = []
        if letter is None:
            roll = ctx.roll(letters.die, f"Italian naval interference, {name}")
            total = roll.total + mod.value
            letter = letters.result(total)
            details.append(f"SUCCESS TABLE: {letters.die} {roll.total} {mod.value:+d} = {total} → {letter} (RULINGS E22)")
        else:
            details.append(f"{letter} read on the real SUCCESS TABLE (modifier {mod.value:+d}) (RULINGS E22)")
        new, lines = I.apply(world, st, area, letter, ctx.state.flow.turn, total, mod.value)
        res = st.italian_interference.results[letter]
        return Outcome(new, f"Italian naval interference, {name}: {letter} {res.name} — {res.level} interference (33.B.2.b)",
                       tuple(details + lines), (mod,), actor="axis")

    def interdiction_zone(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """33.B.7: declare a tight or loose zone, or none."""
        world: EuropaWorld = ctx.state.world
        if value == "none":
            return Outcome(world, "No South Aegean interdiction zone this turn (33.B.7)", actor="allied")
        new, lines = I.declare(world, st, pt, value, ctx.state.flow.turn)
        return Outcome(new, f"South Aegean naval interdiction zone declared: {value} (33.B.7)", tuple(lines), actor="allied")

    def emplace_prompt(ctx: Context, m: M.Mulberry, enemy: str) -> Pending:
        in_hex, adjacent = M.ENEMY[enemy]
        mod = M.emplacement_modifier(ctx.state.world, st, m, in_hex, adjacent)
        terms = ", ".join(f"{t.label} {t.value:+d}" for t in mod.terms if t.value)
        return Pending(id=f"emplace:{slug(m.name)}", kind="roll", effect="mulberry-emplace", dice=letters.die, choices=("roll",),
                       required=True, rule="31.A.12 Table 2", subject=m.name, args={"enemy": enemy}, raised=ctx.segment.key,
                       text=f"{m.name} at {m.beach}: emplacement roll {letters.die}{mod.value:+d} on the SUCCESS TABLE"
                       f" ({terms or 'no modifiers'}); or 'result emplace:{slug(m.name)} LETTER' from the real chart")

    def enemy_prompt(ctx: Context, m: M.Mulberry, world: EuropaWorld) -> Pending:
        return Pending(id=f"mulberry-emplacement:{slug(m.name)}", kind="choice", effect="mulberry-enemy", choices=tuple(M.ENEMY),
                       required=True, rule="31.A.12 Table 2", subject=m.name, raised=ctx.segment.key,
                       text=f"{m.name} at {m.beach} is emplacing: enemy units in its hex (ground or naval) or in an adjacent hex (ground)?")

    def mulberry_enemy(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """31.A.12: the board facts for the +1 modifiers, then the emplacement roll."""
        world: EuropaWorld = ctx.state.world
        due = M.emplacing_due(world, ctx.state.flow.turn)
        m = next((x for x in due if x.name == prompt.subject), due[0] if due and not prompt.subject else None)
        if m is None:
            raise RuleError("no Mulberry is waiting for its emplacement roll (31.A.12)")
        nxt = emplace_prompt(ctx, m, value)
        return Outcome(world, f"{m.name}: {value}; roll next — {nxt.text}", raise_prompts=(nxt,), actor="allied")

    def mulberry_emplace(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """31.A.12 Table 2: the emplacement roll on the SUCCESS TABLE, or the letter typed (RULINGS E22)."""
        world: EuropaWorld = ctx.state.world
        m = M.find(world, prompt.subject)
        in_hex, adjacent = M.ENEMY[prompt.args.get("enemy", "clear")]
        mod = M.emplacement_modifier(world, st, m, in_hex, adjacent)
        letter = letters.letter(value)
        details = []
        if letter is None:
            roll = ctx.roll(letters.die, f"Mulberry emplacement, {m.name}")
            total = roll.total + mod.value
            letter = letters.result(total)
            details.append(f"SUCCESS TABLE: {letters.die} {roll.total} {mod.value:+d} = {total} → {letter} (RULINGS E22)")
        else:
            details.append(f"{letter} read on the real SUCCESS TABLE (modifier {mod.value:+d}) (RULINGS E22)")
        new, lines = M.emplace(world, st, m, letter)
        prompts: tuple[Pending, ...] = ()
        rest = [x for x in M.emplacing_due(new, ctx.state.flow.turn) if x.name != m.name]
        if rest:
            prompts = (enemy_prompt(ctx, rest[0], new),)
        res = st.mulberry.results[letter]
        return Outcome(new, f"{m.name} emplacement: {letter} {res.name} (31.A.12)", tuple(details + lines), (mod,),
                       raise_prompts=prompts, actor="allied")

    def beach_zoc(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """31.B.4: half the SP/SRP points landed are lost unless unloaded in a friendly partial ZOC."""
        fig = B.supply_loss(st, float(prompt.args.get("points", 0)), value == "yes")
        how = "unloaded in a friendly partial ZOC: nothing lost" if value == "yes" else f"{fig.value:g} SP/SRP points lost"
        return Outcome(ctx.state.world, f"{prompt.subject}: {how} (31.B.4)", explanations=(fig,))

    return {"italian-interference": italian_interference, "interdiction-zone": interdiction_zone,
            "mulberry-enemy": mulberry_enemy, "mulberry-emplace": mulberry_emplace, "beach-zoc": beach_zoc}
