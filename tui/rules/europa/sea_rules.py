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
from functools import partial
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


def _interference_offered(st: SeaTables, pt: PortTables, area: str, state: GameState, seg: Segment) -> bool:
    """Whether the Italian naval interference prompt of ``area`` is offered in ``seg`` (33.B.2.b)."""
    return _allied_initial(seg) and I.offered(state.world, st, pt, area, state.flow.turn)[0]


def _interdiction_offered(st: SeaTables, pt: PortTables, state: GameState, seg: Segment) -> bool:
    """Whether the interdiction zone prompt is offered in ``seg``: none declared and conditions a-d hold (33.B.7)."""
    return _allied_initial(seg) and state.world.sea.iz is None and bool(I.requirements(state.world, st, pt).value)


def _mulberry_emplacing(state: GameState, seg: Segment) -> bool:
    """Whether a Mulberry's emplacement is due in ``seg`` (31.A.12)."""
    return _allied_initial(seg) and bool(M.emplacing_due(state.world, state.flow.turn))


def build_conditions(st: SeaTables, pt: PortTables) -> dict[str, Callable[[GameState, Segment], bool]]:
    """The ``when`` conditions of the sea prompts."""
    conds: dict[str, Callable[[GameState, Segment], bool]] = {
        f"italian-interference:{area}": partial(_interference_offered, st, pt, area) for area in st.italian_interference.areas
    }
    conds["interdiction-zone-offered"] = partial(_interdiction_offered, st, pt)
    conds["mulberry-emplacing"] = _mulberry_emplacing
    return conds


def _acting(ctx: Context) -> str:
    """The side acting in this segment (the non-phasing one where the step says ``other``)."""
    side = ctx.segment.side
    return ("allied" if side == "axis" else "axis") if ctx.segment.acting == "other" else side


def _expire_iz(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
    """33.B.7: the interdiction zone lasts until the start of the next Allied initial phase."""
    if side != "allied" or world.sea.iz is None:
        return world, []
    kind = world.sea.iz.kind
    return replace(world, sea=replace(world.sea, iz=None)), [Reported(f"The {kind} South Aegean interdiction zone ends (33.B.7)")]


def _end_allied_turn(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
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


def _advance_steps(st: SeaTables, pt: PortTables, ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
    """31.A.12: a towed Mulberry has two naval movement steps; 31.A.8: groups in transit move a step."""
    mover = _acting(ctx)
    lines: list[str] = []
    if mover == "allied":
        world, lines = M.advance_tows(world, st)
    world, more = O.advance(world, mover)
    return world, reported(lines + more)


def build_effects(st: SeaTables, pt: PortTables) -> dict[str, Callable[[Context, Any, str], tuple[Any, list[str]]]]:
    """The sea effects of the turn sequence."""
    return {"expire-interdiction-zone": partial(_expire_iz, st, pt), "end-allied-turn": partial(_end_allied_turn, st, pt),
            "advance-naval-steps": partial(_advance_steps, st, pt)}


def _italian_interference(st: SeaTables, pt: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
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
    letter = st.success_table.letter(value)
    total = None
    details = []
    if letter is None:
        roll = ctx.roll(st.success_table.die, f"Italian naval interference, {name}")
        total = roll.total + mod.value
        letter = st.success_table.result(total)
        details.append(f"SUCCESS TABLE: {st.success_table.die} {roll.total} {mod.value:+d} = {total} → {letter} (RULINGS E22)")
    else:
        details.append(f"{letter} read on the real SUCCESS TABLE (modifier {mod.value:+d}) (RULINGS E22)")
    new, lines = I.apply(world, st, area, letter, ctx.state.flow.turn, total, mod.value)
    res = st.italian_interference.results[letter]
    return Outcome(new, f"Italian naval interference, {name}: {letter} {res.name} — {res.level} interference (33.B.2.b)",
                   tuple(details + lines), (mod,), actor="axis")


def _interdiction_zone(st: SeaTables, pt: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """33.B.7: declare a tight or loose zone, or none."""
    world: EuropaWorld = ctx.state.world
    if value == "none":
        return Outcome(world, "No South Aegean interdiction zone this turn (33.B.7)", actor="allied")
    new, lines = I.declare(world, st, pt, value, ctx.state.flow.turn)
    return Outcome(new, f"South Aegean naval interdiction zone declared: {value} (33.B.7)", tuple(lines), actor="allied")


def _emplace_prompt(st: SeaTables, ctx: Context, m: M.Mulberry, enemy: str) -> Pending:
    """The emplacement roll's prompt, with the modifiers of the enemy near it (31.A.12 Table 2)."""
    in_hex, adjacent = M.ENEMY[enemy]
    mod = M.emplacement_modifier(ctx.state.world, st, m, in_hex, adjacent)
    terms = ", ".join(f"{t.label} {t.value:+d}" for t in mod.terms if t.value)
    return Pending(id=f"emplace:{slug(m.name)}", kind="roll", effect="mulberry-emplace", dice=st.success_table.die, choices=("roll",),
                   required=True, rule="31.A.12 Table 2", subject=m.name, args={"enemy": enemy}, raised=ctx.segment.key,
                   text=f"{m.name} at {m.beach}: emplacement roll {st.success_table.die}{mod.value:+d} on the SUCCESS TABLE"
                   f" ({terms or 'no modifiers'}); or 'result emplace:{slug(m.name)} LETTER' from the real chart")


def _enemy_prompt(ctx: Context, m: M.Mulberry, world: EuropaWorld) -> Pending:
    """The question of the enemy near an emplacing Mulberry (31.A.12 Table 2)."""
    return Pending(id=f"mulberry-emplacement:{slug(m.name)}", kind="choice", effect="mulberry-enemy", choices=tuple(M.ENEMY),
                   required=True, rule="31.A.12 Table 2", subject=m.name, raised=ctx.segment.key,
                   text=f"{m.name} at {m.beach} is emplacing: enemy units in its hex (ground or naval) or in an adjacent hex (ground)?")


def _mulberry_enemy(st: SeaTables, pt: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """31.A.12: the board facts for the +1 modifiers, then the emplacement roll."""
    world: EuropaWorld = ctx.state.world
    due = M.emplacing_due(world, ctx.state.flow.turn)
    m = next((x for x in due if x.name == prompt.subject), due[0] if due and not prompt.subject else None)
    if m is None:
        raise RuleError("no Mulberry is waiting for its emplacement roll (31.A.12)")
    nxt = _emplace_prompt(st, ctx, m, value)
    return Outcome(world, f"{m.name}: {value}; roll next — {nxt.text}", raise_prompts=(nxt,), actor="allied")


def _mulberry_emplace(st: SeaTables, pt: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """31.A.12 Table 2: the emplacement roll on the SUCCESS TABLE, or the letter typed (RULINGS E22)."""
    world: EuropaWorld = ctx.state.world
    m = M.find(world, prompt.subject)
    in_hex, adjacent = M.ENEMY[prompt.args.get("enemy", "clear")]
    mod = M.emplacement_modifier(world, st, m, in_hex, adjacent)
    letter = st.success_table.letter(value)
    details = []
    if letter is None:
        roll = ctx.roll(st.success_table.die, f"Mulberry emplacement, {m.name}")
        total = roll.total + mod.value
        letter = st.success_table.result(total)
        details.append(f"SUCCESS TABLE: {st.success_table.die} {roll.total} {mod.value:+d} = {total} → {letter} (RULINGS E22)")
    else:
        details.append(f"{letter} read on the real SUCCESS TABLE (modifier {mod.value:+d}) (RULINGS E22)")
    new, lines = M.emplace(world, st, m, letter)
    prompts: tuple[Pending, ...] = ()
    rest = [x for x in M.emplacing_due(new, ctx.state.flow.turn) if x.name != m.name]
    if rest:
        prompts = (_enemy_prompt(ctx, rest[0], new),)
    res = st.mulberry.results[letter]
    return Outcome(new, f"{m.name} emplacement: {letter} {res.name} (31.A.12)", tuple(details + lines), (mod,),
                   raise_prompts=prompts, actor="allied")


def _beach_zoc(st: SeaTables, pt: PortTables, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """31.B.4: half the SP/SRP points landed are lost unless unloaded in a friendly partial ZOC."""
    fig = B.supply_loss(st, float(prompt.args.get("points", 0)), value == "yes")
    how = "unloaded in a friendly partial ZOC: nothing lost" if value == "yes" else f"{fig.value:g} SP/SRP points lost"
    return Outcome(ctx.state.world, f"{prompt.subject}: {how} (31.B.4)", explanations=(fig,))


def build_answers(st: SeaTables, pt: PortTables) -> dict[str, Callable[[Context, Pending, str], Outcome]]:
    """The answer effects of the sea prompts (``guided-check`` is added by the sea verbs)."""
    return {"italian-interference": partial(_italian_interference, st, pt), "interdiction-zone": partial(_interdiction_zone, st, pt),
            "mulberry-enemy": partial(_mulberry_enemy, st, pt), "mulberry-emplace": partial(_mulberry_emplace, st, pt),
            "beach-zoc": partial(_beach_zoc, st, pt)}
