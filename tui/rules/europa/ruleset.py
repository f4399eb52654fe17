"""Wires the Europa tables, verbs, effects and views into a :class:`RuleSet`.

Ports (31.A) come from :mod:`.ports` and :mod:`.verbs`; the sea (33) and the
rest of 31 (31.A.8, 31.A.11-31.A.13, 31.B) from :mod:`.sea_verbs`,
:mod:`.coast_verbs`, :mod:`.sea_rules` and :mod:`.sea_views`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core.data import read_toml
from ..core.errors import DataError, RuleError
from ..core.explain import Explained, fmt_number
from ..core.phases import Sequence, build_sequence, turn_label
from ..core.ruleset import check_sequence_names, Column, Context, Outcome, RuleSet, Verb
from ..core.state import GameState, Pending
from . import ports as P
from .coast_verbs import build_coast_verbs
from .sea_rules import build_answers, build_conditions, build_effects
from .sea_verbs import build_sea_verbs
from .sea_views import COLUMNS, build_views, explain_sea, sea_markers
from .seatables import SeaTables, load_sea_tables
from .tables import PortTables, load_port_tables
from .verbs import build_verbs
from .world import SIDES, EuropaWorld, resolve_name, world_from_data, world_from_scenario, world_to_data
from .zones import slp_count

PORT_COLUMNS = (
    Column("name", "Port", 14),
    Column("owner", "Owner", 7),
    Column("type", "Type", 9),
    Column("harbour", "Harbour", 10),
    Column("markers", "Markers", 22),
    Column("re_capacity", "RE cap", 6),
    Column("capacity_left", "Left", 5),
    Column("he_capacity", "HE cap", 6),
    Column("acts_as", "Acts as", 9),
    Column("intrinsic_sp", "Intr SP", 7),
    Column("max_nt_res", "Max NT", 6),
    Column("slp_cost", "SLP", 4),
    Column("naval_base", "Base", 4),
    Column("sea_zone", "Sea zone", 14),
    Column("slp_count", "SLP+sea", 7),
)


def track_ownership(verb: Verb) -> Verb:
    """Wrap a verb that may change port owners so every side's ports "ever owned" are kept (33.B.8.a)."""
    inner = verb.handler
    assert inner is not None

    def handler(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        outcome = inner(ctx, args, opts)
        world: EuropaWorld = outcome.world
        sea = world.sea
        for port in world.ports.values():
            sea = sea.owned_once(port.owner, port.name)
        return outcome if sea is world.sea else replace(outcome, world=replace(world, sea=sea))

    return replace(verb, handler=handler)


def load(data_dir: Path) -> RuleSet:
    """Load ``rulesets/europa.toml`` and build the rule set; data errors name file, table and key."""
    path = data_dir / "rulesets" / "europa.toml"
    raw = read_toml(path)
    tables = load_port_tables(path)
    sea: SeaTables = load_sea_tables(path, raw)
    sequence = build_sequence(raw.get("sequence"), path.name)
    label = lambda turn: turn_label(sequence.calendar, turn)  # noqa: E731 - a one-line labeller

    def record_usable(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """31.A: a player may use only the ports he owns at the start of his initial phase."""
        owned = tuple(n for n, p in world.ports.items() if p.owner == side)
        usable = {**world.usable, side: owned}
        return replace(world, usable=usable), [f"{side.title()} may use {len(owned)} port(s) this turn (owned now, 31.A)"]

    def remove_usage(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """31.A.1 / E11: Port Used and Capacity Used markers of the owning side go."""
        cleared = []
        ports = dict(world.ports)
        for name, port in world.ports.items():
            if port.owner == side and (port.capacity_used or port.nts_dedicated or port.intrinsic_used or port.he_used):
                ports[name] = P.clear_usage(port)
                cleared.append(name)
        line = f"Port Used / Capacity Used removed from {len(cleared)} {side} port(s) (31.A.1)"
        if cleared:
            line += ": " + ", ".join(cleared)
        return replace(world, ports=ports), [line]

    def answer_sea_state(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Sea conditions this game turn (calm, rough, stormy), used by Mulberry towing and emplacement (31.A.12)."""
        world: EuropaWorld = ctx.state.world
        return Outcome(replace(world, sea_state=value), f"Sea conditions this turn: {value} (31.A.12)")

    def answer_destroy(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """31.A.6: the losing player may roll to destroy the port; 1-5 destroys it."""
        world: EuropaWorld = ctx.state.world
        port = world.port(prompt.subject)
        if value.lower() in ("decline", "no"):
            return Outcome(world, f"{port.name}: the {tables.port_destruction.from_side} player declines to destroy it (31.A.6)")
        roll = ctx.roll(prompt.dice, f"31.A.6 destruction of {port.name}")
        result = P.destruction_result(roll.total, tables)
        if not result.value:
            return Outcome(world, f"{port.name}: destruction roll {roll.total} — not destroyed (31.A.6)", explanations=(result,))
        new = P.destroy(port, tables)
        return Outcome(
            world.with_port(new),
            f"{port.name}: destruction roll {roll.total} — destroyed: Reduced {new.reduced}, {fmt_number(new.hits)} Port Hits (31.A.6)",
            explanations=(result,),
        )

    def port_rows(state: GameState) -> list[dict[str, Any]]:
        rows = []
        for port in state.world.ports.values():
            fig = P.port_figures(port, tables)
            row: dict[str, Any] = {k: v.value for k, v in fig.items()}
            row.update(name=port.name, owner=port.owner, type=port.type, harbour=port.harbour, sea_zone=port.sea_zone, hex=port.hex)
            row["markers"] = ", ".join(f"{m} {v}".strip() for m, v in P.markers(port, tables))
            row["usable"] = port.name in state.world.usable.get(port.owner, ())
            row["slp_count"] = slp_count(state.world, sea, tables, port).value
            if port.inland:
                row["inland_route"] = P.inland_route(port).value
            rows.append(row)
        return rows

    def marker_rows(state: GameState, seq: Sequence) -> list[dict[str, Any]]:
        rows = []
        for port in state.world.ports.values():
            for name, value in P.markers(port, tables):
                if name in ("Port Used", "Capacity Used"):
                    expires = f"end of the {port.owner.title()} reinforcement phase (31.A.1)"
                elif name == "Collateral Damage":
                    expires = "until removed (31.A.4)"
                elif name in ("Port Hit",):
                    expires = "until repaired (31.A.3)"
                elif name.startswith("Reduced") or name == "Destroyed":
                    expires = "until upgraded (31.A.5)"
                else:
                    expires = "while it applies"
                rows.append({"marker": name, "value": value, "place": port.name, "side": port.owner, "expires": expires})
        return rows + sea_markers(state, sea, label)

    def explain(state: GameState, name: str) -> list[Explained]:
        world: EuropaWorld = state.world
        try:
            key = resolve_name(name, list(world.ports))
        except RuleError:
            return explain_sea(state, sea, tables, name)
        port = world.ports[key]
        figures = list(P.port_figures(port, tables).values()) + [slp_count(world, sea, tables, port)]
        if port.inland:
            figures.append(P.inland_route(port))
        return figures

    answers = {"destroy-port": answer_destroy, "sea-state": answer_sea_state, **build_answers(sea, tables)}
    verbs = build_verbs(tables)
    for name in ("capture", "port"):
        verbs[name] = track_ownership(verbs[name])
    verbs.update(build_sea_verbs(sea, tables, answers))
    verbs.update(build_coast_verbs(sea, tables))
    rs = RuleSet(
        id="europa",
        name="Europa — 31 Ports and Beaches, 33 Anti-Shipping Forces",
        sides=SIDES,
        sequence=sequence,
        verbs=verbs,
        effects={"record-usable-ports": record_usable, "remove-usage-markers": remove_usage, **build_effects(sea, tables)},
        answers=answers,
        conditions=build_conditions(sea, tables),
        world_to_data=world_to_data,
        world_from_data=world_from_data,
        views={"ports": port_rows, **build_views(sea, tables, label, sequence)},
        columns={"ports": PORT_COLUMNS, **COLUMNS},
        markers=marker_rows,
        explain=explain,
        world_from_scenario=lambda raw, file: world_from_scenario(raw, file, sea),
        default_scenario="mediterranean-1943",
        source_files=(str(path),),
        tables=tables,
    )
    rs.sea_tables = sea  # type: ignore[attr-defined]  # the sea tables, for tests and tools
    check_sequence_names(rs, path.name)
    return rs
