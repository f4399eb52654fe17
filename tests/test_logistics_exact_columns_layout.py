"""The Logistics rule set's tables as the screens lay them out: every column's key, header, width, priority, wrap and
least width, in order, as the rule set builds them at load. The layout tests and snapshots show the screens these
make (issue 30); this pins the same figures where mutation testing sees them (the snapshots are slow tests, left
out of it): a change to any of them is a change to what the referee reads, and where, on a narrow terminal."""

from __future__ import annotations

from pathlib import Path

from tui.engine.setup import load_ruleset
from tests.exact import layout_of

LAYOUT = {'airfields': (('name', 'Hex', 6, 0, False, 0),
               ('kind', 'Kind', 6, 0, False, 0),
               ('owner', 'Owner', 7, 0, False, 0),
               ('air_units', 'Air units', 9, 0, False, 0)),
 'crossings': (('name', 'Id', 10, 0, False, 0),
               ('kind', 'Kind', 7, 0, False, 0),
               ('label', 'Name', 16, 0, False, 0),
               ('destroyed', 'Destroyed', 9, 0, False, 0)),
 'ports': (('name', 'City', 14, 0, False, 0),
           ('hex', 'Hex', 5, 2, False, 0),
           ('owner', 'Owner', 7, 2, False, 0),
           ('size', 'Size', 4, 1, False, 0),
           ('coastal', 'Coastal', 7, 0, False, 0),
           ('air', 'Air PP', 4, 1, False, 0),
           ('navy', 'Navy PP', 4, 1, False, 0),
           ('army', 'Army PP', 4, 1, False, 0),
           ('total', 'Total PP', 5, 2, False, 0),
           ('produces', 'Produces', 20, 1, True, 0),
           ('growth', 'Growth', 6, 0, False, 0),
           ('storm', 'Storm', 5, 2, False, 0),
           ('produced', 'Produced', 8, 0, False, 0))}
"""(key, header, width, priority, wrap, least) of each column, per table."""



def test_every_table_is_laid_out_exactly(data: Path) -> None:
    """Each table's columns, in order, with their figures."""
    got = layout_of(load_ruleset("logistics", data))
    assert sorted(got) == sorted(LAYOUT)
    for name in LAYOUT:
        assert got[name] == LAYOUT[name], name
