"""The OCS rule set's tables as the screens lay them out: every column's key, header, width, priority, wrap and
least width, in order, as the rule set builds them at load. The layout tests and snapshots show the screens these
make (issue 30); this pins the same figures where mutation testing sees them (the snapshots are slow tests, left
out of it): a change to any of them is a change to what the referee reads, and where, on a narrow terminal."""

from __future__ import annotations

from pathlib import Path

from tui.engine.setup import load_ruleset
from tests.exact import layout_of

LAYOUT = {'ports': (('name', 'Port', 14, 0, False, 0),
           ('owner', 'Owner', 7, 2, False, 0),
           ('capacity', 'Capacity', 9, 2, False, 0),
           ('used', 'Used', 8, 0, False, 0),
           ('capacity_left', 'Left', 8, 3, False, 0),
           ('hits', 'Hits', 4, 3, False, 0),
           ('shut_down', 'Shut down', 5, 2, False, 0),
           ('zoc_negated', 'ZOC negated', 7, 0, False, 0),
           ('supply_capacity', 'Supply cap', 9, 0, False, 0),
           ('supply_source', 'Supply source', 6, 0, False, 0),
           ('oversize', 'Oversize unit', 8, 0, False, 0),
           ('undamaged', 'Undamaged', 9, 0, False, 0),
           ('hex', 'Hex', 8, 1, False, 0)),
 'shipping': (('side', 'Side', 8, 0, False, 0),
              ('points', 'Points', 6, 0, False, 0),
              ('allowance', 'Sea Cap', 9, 0, False, 0),
              ('used', 'Used', 9, 0, False, 0),
              ('left', 'Left', 9, 0, False, 0))}
"""(key, header, width, priority, wrap, least) of each column, per table."""



def test_every_table_is_laid_out_exactly(data: Path) -> None:
    """Each table's columns, in order, with their figures."""
    got = layout_of(load_ruleset("ocs", data))
    assert sorted(got) == sorted(LAYOUT)
    for name in LAYOUT:
        assert got[name] == LAYOUT[name], name
