"""The A World at War rule set's tables as the screens lay them out: every column's key, header, width, priority, wrap
and least width, in order, as the rule set builds them at load. The layout tests and snapshots show the screens
these make (issue 30); this pins the same figures where mutation testing sees them (the snapshots are slow tests,
left out of it): a change to any of them is a change to what the referee reads, and where, on a narrow terminal."""

from __future__ import annotations

from pathlib import Path

from tui.engine.setup import load_ruleset
from tests.exact import layout_of

LAYOUT = {'brps': (('mission', 'Mission', 14, 0, False, 0),
          ('what', 'Activity', 26, 0, False, 0),
          ('front', 'Front', 13, 0, False, 0),
          ('factors', 'Factors', 7, 0, False, 0),
          ('brps', 'BRPs', 5, 1, False, 0),
          ('rule', 'Rule', 10, 2, False, 0),
          ('note', 'Note', 30, 3, False, 0)),
 'missions': (('name', 'Mission', 14, 0, False, 0),
              ('kind', 'Kind', 10, 0, False, 0),
              ('hex', 'Hex', 10, 0, False, 0),
              ('side', 'Side', 7, 0, False, 0),
              ('defender_dm', 'Def DM', 6, 1, False, 0),
              ('bombardment', 'Bomb', 4, 1, False, 0),
              ('barred', 'Barred', 6, 2, False, 0),
              ('result', 'Result', 12, 0, False, 0)),
 'ports': (('name', 'Base', 16, 0, False, 0),
           ('owner', 'Held by', 8, 2, False, 0),
           ('kind', 'Kind', 12, 1, False, 0),
           ('fronts', 'Front(s)', 20, 0, False, 0),
           ('capacity', 'Capacity', 8, 2, False, 0),
           ('used', 'Used', 5, 2, False, 0),
           ('left', 'Left', 9, 3, False, 0),
           ('units', 'Units', 5, 0, False, 0),
           ('operational', 'Operational', 11, 0, False, 0),
           ('hex', 'Hex', 6, 0, False, 0)),
 'straits': (('name', 'Strait', 24, 0, False, 0),
             ('axis', 'Axis', 6, 0, False, 0),
             ('allies', 'Allies', 6, 0, False, 0),
             ('hexes', 'Hexes', 20, 0, False, 0),
             ('rule', 'Rule', 8, 0, False, 0)),
 'units': (('name', 'Unit', 14, 0, False, 0),
           ('power', 'Power', 8, 2, False, 0),
           ('type', 'Type', 12, 1, False, 0),
           ('factors', 'Factors', 7, 2, False, 0),
           ('fast', 'Fast', 4, 0, False, 0),
           ('base', 'Base', 14, 3, False, 0),
           ('front', 'Front', 9, 1, False, 0),
           ('tf', 'TF', 5, 0, False, 0),
           ('state', 'State', 9, 2, False, 0),
           ('sea_hex', 'At sea in', 8, 1, False, 0),
           ('acted', 'Acted', 5, 0, False, 0)),
 'zones': (('name', 'Front / SW box', 16, 0, False, 0),
           ('side', 'Side', 7, 0, False, 0),
           ('based', 'Based', 7, 0, False, 0),
           ('at_sea', 'At sea', 7, 0, False, 0),
           ('ready', 'Ready', 6, 0, False, 0),
           ('inverted', 'Inverted', 8, 0, False, 0),
           ('sea', 'Forces at sea', 30, 0, False, 0))}
"""(key, header, width, priority, wrap, least) of each column, per table."""



def test_every_table_is_laid_out_exactly(data: Path) -> None:
    """Each table's columns, in order, with their figures."""
    got = layout_of(load_ruleset("awaw", data))
    assert sorted(got) == sorted(LAYOUT)
    for name in LAYOUT:
        assert got[name] == LAYOUT[name], name
