"""Harbor attacks (seed 004, 21.44x): ``harbor`` announces one and walks 21.443 B-D as prompts; ``harbor-losses``
applies the Harbor Attack Table's typed result (RULINGS A2) to the ships in the target port. The builder is
``verbs_patrol.build_patrol_verbs``.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.ruleset import Context, Outcome
from ..core.state import Pending
from .common import Side, ids, words_list
from .tables import AwawTables
from .world import AwawWorld


def _harbor_losses(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.443D: the Harbor Attack Table's result (typed, RULINGS A2) applied to the ships in the target port."""
    world: AwawWorld = ctx.state.world
    if not args:
        raise RuleError("usage: harbor-losses TARGET [--damaged A,B] [--sunk C] (21.443D)")
    target, rest = world.take_base(args)
    if rest:
        raise RuleError(f"harbor-losses: one target base at a time, not '{' '.join(rest)}' (21.443A)")
    if not world.harbor_attacks:
        raise RuleError("harbor-losses: no harbor attack has been made; announce it with harbor POWER TARGET (21.443A)")
    damaged = world.units_named(words_list(opts, "damaged")) if words_list(opts, "damaged") else []
    sunk = world.units_named(words_list(opts, "sunk")) if words_list(opts, "sunk") else []
    if not damaged and not sunk:
        raise RuleError("harbor-losses: name the ships the Harbor Attack Table damaged or sank: --damaged A,B --sunk C "
                        "(21.443D, RULINGS A2)")
    twice = sorted({u.id for u in damaged} & {u.id for u in sunk})
    if twice:
        raise RuleError(f"harbor-losses: {', '.join(twice)} is named both damaged and sunk")
    for u in [*damaged, *sunk]:
        if u.base != target.name or u.at_sea:
            raise RuleError(f"harbor-losses: {u.id} is not in port at {target.name}; a harbor attack hits the naval units in "
                            "its target port (21.443)")
        if tables.side_of(u.power) == side(ctx):
            raise RuleError(f"harbor-losses: {u.id} is the attacker's own unit (21.443)")
        if u.sunk:
            raise RuleError(f"harbor-losses: {u.id} is already sunk")
    new = world.with_units([*(u.change(damaged=True) for u in damaged),
                            *(u.change(sunk=True, tf="", note="sunk in port (harbor attack)") for u in sunk)])
    parts = [f"damaged: {ids(damaged)} (no naval activities, 21.314)"] if damaged else []
    parts += [f"sunk in port: {ids(sunk)}"] if sunk else []
    return Outcome(new, f"Harbor attack on {target.name}: {'; '.join(parts)} (21.443D)",
                   ("Ships sunk in port are eliminated if the enemy occupies their base (21.23G).",) if sunk else ())

def _harbor(tables: AwawTables, side: Side, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """21.441-21.444: announce a harbor attack (21.443A); the defender, cards and result follow as prompts."""
    world: AwawWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: harbor POWER TARGET [NATURE AND MODIFIERS...] (21.443A)")
    power = args[0].lower()
    if power not in tables.powers:
        raise RuleError(f"'{args[0]}' is not a power ({', '.join(tables.powers)})")
    if tables.side_of(power) != side(ctx):
        raise RuleError(f"harbor: harbor attacks are made by the moving player; {power} is not {side(ctx)} (21.441)")
    target, rest = world.take_base(args[1:])
    if tables.side_of(target.control) == side(ctx):
        raise RuleError(f"harbor: {target.name} is held by {target.control}, a friendly base (21.443A)")
    h = tables.harbor
    initial = (power == h.initial_power and world.initial_harbor_left > 0 and world.harbor_attacks == 0
               and not world.harbor_research.get(power))
    if not world.harbor_research.get(power) and not initial:
        why = (" (the initial German attack is only possible while no other harbor attack has been made, 21.444)"
               if power == h.initial_power else "")
        raise RuleError(f"harbor: {power} does not have the research result harbor attacks require (21.442){why}")
    world, serial = world.next_serial()
    world = replace(world, harbor_attacks=world.harbor_attacks + 1,
                    initial_harbor_left=world.initial_harbor_left - (1 if initial else 0))
    nature = " ".join(rest) or "as announced"
    prompt = Pending(id=f"harbor-{serial}-B", text=f"Harbor attack {serial} on {target.name}: the defender announces his modifiers, "
                     "including a counter-intelligence result (answer yes when announced)", kind="confirm",
                     effect="harbor-step", required=True, rule="21.443B", subject=target.name,
                     args={"n": serial, "target": target.name, "step": "B"}, raised=ctx.segment.key)
    kind = "the initial German harbor attack (21.444)" if initial else "research result (21.442)"
    return Outcome(world, f"Harbor attack {serial}: {power} on {target.name} ({nature}); {kind}", explanations=(),
                   raise_prompts=(prompt,))

def _harbor_step(tables: AwawTables, side: Side, ctx: Context, prompt: Pending, value: str) -> Outcome:
    """21.443 B-D: B is the defender's answer ("The defender announces all his applicable modifiers"; issue 32); C (both
    players' cards) and D (the result, 21.441: "resolved by the moving player") are logged as the moving player's."""
    world: AwawWorld = ctx.state.world
    a = prompt.args
    n, target, step = a["n"], a["target"], a["step"]
    if step == "B":
        nxt = Pending(id=f"harbor-{n}-C", text=f"Harbor attack {n} on {target}: both players may play tactical cards for a "
                      "codebreaking advantage (48.32B); answer yes when done", kind="confirm", effect="harbor-step",
                      required=True, rule="21.443C", subject=target, args={**a, "step": "C"}, raised=ctx.segment.key)
        return Outcome(world, f"Harbor attack {n}: defender's modifiers announced (21.443B)", raise_prompts=(nxt,),
                       actor=next(s for s in tables.sides if s != side(ctx)))
    if step == "C":
        nxt = Pending(id=f"harbor-{n}-D", text=f"Harbor attack {n} on {target}: the result on the Harbor Attack Table (RULINGS A2: "
                      "read it and choose)", kind="choice", effect="harbor-step", choices=tuple(tables.harbor.results),
                      required=True, rule="21.443D", subject=target, args={**a, "step": "D"}, raised=ctx.segment.key)
        return Outcome(world, f"Harbor attack {n}: tactical cards played (21.443C)", raise_prompts=(nxt,))
    return Outcome(world, f"Harbor attack {n} on {target}: {value} (21.443D; RULINGS A2). Record losses with "
                          f"harbor-losses {target} --damaged A,B --sunk C.")
