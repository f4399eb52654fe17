"""31.A.6 Destruction of ports: who may try, the roll, and what a destroyed port carries."""

from __future__ import annotations

from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ports import Port, _notes, _printed
from .tables import PortTables


def destroy(port: Port, tables: PortTables) -> Port:
    """Destroy the port: Reduced down to level 0, hits up to its max damage (31.A.6; RULINGS E2) and its
    marshalling yard's RM hits at their maximum (Table 1 note 3; RULINGS E14)."""
    rule = tables.port_destruction
    row = _printed(port, tables)
    if port.destroyed:
        raise RuleError(f"{port.name}: is already destroyed ({rule.rule})")
    if port.type not in rule.types:
        raise RuleError(f"{port.name}: only {', '.join(rule.types)} ports can be destroyed ({rule.rule})")
    return replace(port, reduced=row.level, hits=row.max_damage or 0.0, destroyed=True,
                   yard_hits=row.marshalling_yard_hits)


def destruction_offered(prev_owner_port: Port, new_owner: str, year: int, tables: PortTables) -> Explained:
    """Whether the losing player may try to destroy the port as it changes hands (31.A.6).

    ``prev_owner_port`` is the port before the change of ownership; each condition is a term.
    """
    rule, port = tables.port_destruction, prev_owner_port
    checks = (
        (f"lost by {rule.from_side} (owner: {port.owner})", port.owner == rule.from_side),
        (f"taken by {rule.to_side} (new owner: {new_owner})", new_owner == rule.to_side),
        (f"{'/'.join(rule.nations)}-owned (nation: {port.nation or '?'})", port.nation in rule.nations),
        ("in mainland Europe, incl. Scandinavia", port.mainland_europe or not rule.mainland_europe_only),
        (f"in the {'/'.join(rule.theatres)} theatres (theatre: {port.theatre or '?'})",
         port.theatre in rule.theatres),
        (f"during {rule.first_year}-{rule.last_year} (year: {year})", rule.first_year <= year <= rule.last_year),
        (f"a {'/'.join(rule.types)} port (type: {port.type})", port.type in rule.types),
        ("not already destroyed", not port.destroyed),
    )
    terms = tuple(Term(label, ok, rule.rule) for label, ok in checks)
    roll = f"roll {rule.die}: destroyed on {', '.join(map(str, rule.destroyed_on))}"
    return Explained("may try to destroy the port", all(ok for _, ok in checks), rule.rule, terms,
                     _notes(roll, rule.note))


def destruction_result(roll: int, tables: PortTables) -> Explained:
    """Whether the destruction die roll destroys the port (31.A.6)."""
    rule = tables.port_destruction
    return Explained("port destroyed", roll in rule.destroyed_on, rule.rule,
                     (Term(f"die roll ({rule.die})", roll, rule.rule),),
                     (f"destroyed on {', '.join(map(str, rule.destroyed_on))}",))
