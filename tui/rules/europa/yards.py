"""Marshalling yards (31.A.1 Table 1 note 3; RULINGS E14): RM hit markers on major and great ports.

A major port's marshalling yard takes at most 1 RM hit, a great port's at most
2; other ports have none. 31.A.6 destruction places them at their maximum;
they are repaired one at a time, and on a destroyed port only after it has
been upgraded (RULINGS E12). They affect rail capacity, which the app does not
model: they are markers and explanations only.
"""

from __future__ import annotations

from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ports import Port, _printed, refuse_wrecked
from .tables import PortTables

RULE = "31.A.1 Table 1 note 3"


def yard_max(port: Port, tables: PortTables) -> int:
    """The most RM hits the port's marshalling yard takes (0: no yard)."""
    return _printed(port, tables).marshalling_yard_hits


def _refuse_no_yard(port: Port, tables: PortTables) -> int:
    top = yard_max(port, tables)
    if top <= 0:
        raise RuleError(f"{port.name}: a {_printed(port, tables).name} port has no marshalling yard; only major (1 RM hit) "
                        f"and great (2) ports have one ({RULE}; RULINGS E14)")
    return top


def hit_yard(port: Port, n: int, tables: PortTables) -> tuple[Port, Explained]:
    """Place ``n`` RM hits on the marshalling yard, capped at its maximum; also returns what was placed, explained."""
    top = _refuse_no_yard(port, tables)
    if n < 1:
        raise RuleError(f"{port.name}: RM hits must be 1 or more ({RULE})")
    added = min(n, top - port.yard_hits)
    new = replace(port, yard_hits=port.yard_hits + added)
    notes = (f"capped: a {_printed(port, tables).name} port's yard takes at most {top} RM hit(s)",) if added < n else ()
    return new, Explained("RM hits placed", added, RULE, (Term("RM hits inflicted", n, RULE),
                                                          Term("RM hits before", port.yard_hits, RULE),
                                                          Term("most RM hits", top, f"{RULE}; RULINGS E14")), notes)


def repair_yard(port: Port, tables: PortTables) -> Port:
    """Remove one Marshalling Yard Hit (RULINGS E14), on a destroyed port only once it has been upgraded (E12)."""
    _refuse_no_yard(port, tables)
    if port.yard_hits <= 0:
        raise RuleError(f"{port.name}: its marshalling yard has no RM hits to repair ({RULE})")
    refuse_wrecked(port, "Marshalling Yard hits")
    return replace(port, yard_hits=port.yard_hits - 1)


def yard_figure(port: Port, tables: PortTables) -> Explained:
    """The RM hits on the port's marshalling yard, with their maximum (a marker: rail capacity is not modelled)."""
    terms = (Term("Marshalling Yard Hit markers", port.yard_hits, RULE),
             Term(f"most RM hits ({_printed(port, tables).name})", yard_max(port, tables), f"{RULE}; RULINGS E14"))
    return Explained("Marshalling Yard Hits", port.yard_hits, RULE, terms,
                     ("RULINGS E14: they affect rail capacity, which the app does not model (markers and explanations only)",))
