"""The Europa rule set's tables as the screens lay them out: every column's key, header, width, priority, wrap and
least width, in order, as the rule set builds them at load. The layout tests and snapshots show the screens these
make (issue 30); this pins the same figures where mutation testing sees them (the snapshots are slow tests, left
out of it): a change to any of them is a change to what the referee reads, and where, on a narrow terminal."""

from __future__ import annotations

from pathlib import Path

from tui.engine.setup import load_ruleset
from tests.exact import layout_of

LAYOUT = {'air': (('name', 'Air unit', 12, 0, False, 0),
         ('side', 'Side', 6, 2, False, 0),
         ('zone', 'Sea zone', 20, 3, False, 0),
         ('role', 'Role', 7, 0, False, 0),
         ('type', 'Type', 9, 0, False, 0),
         ('range', 'Range', 5, 0, False, 0),
         ('tbf', 'TBF', 4, 0, False, 0),
         ('mission', 'Mission', 7, 0, False, 0),
         ('distance', 'Dist', 4, 0, False, 0),
         ('modified_tbf', 'Mod TBF', 7, 0, False, 0)),
 'beaches': (('name', 'Beach', 14, 0, False, 0),
             ('owner', 'Owner', 6, 0, False, 0),
             ('naval_owner', 'For shipping', 12, 0, False, 0),
             ('hex', 'Hex', 10, 0, False, 0),
             ('sea_zone', 'Sea zone', 16, 3, False, 0),
             ('used', 'Used', 4, 0, False, 0),
             ('jetties', 'Jetties', 7, 0, False, 0),
             ('mulberry', 'Mulberry', 12, 0, False, 0)),
 'conditions': (('id', 'Condition', 30, 0, False, 0),
                ('text', 'Means', 50, 0, False, 0),
                ('value', 'Now', 6, 0, False, 0),
                ('source', 'Source', 8, 0, False, 0),
                ('detail', 'Why', 40, 0, False, 0)),
 'interference': (('turn', 'Turn', 12, 0, False, 0),
                  ('area', 'Area', 20, 0, False, 0),
                  ('result', 'Result', 6, 0, False, 0),
                  ('total', 'Roll', 4, 0, False, 0),
                  ('modifier', 'Mod', 4, 0, False, 0),
                  ('vps', 'VPs', 4, 0, False, 0)),
 'mulberries': (('name', 'Mulberry', 12, 0, False, 0),
                ('status', 'Status', 10, 0, False, 0),
                ('beach', 'Beach', 14, 0, False, 0),
                ('steps', 'Steps', 5, 0, False, 0),
                ('mps', 'MPs', 4, 0, False, 0),
                ('result', 'Result', 6, 0, False, 0),
                ('why', 'Note', 30, 0, False, 0)),
 'offmap': (('name', 'Off-map port', 16, 0, False, 0),
            ('side', 'Side', 6, 0, False, 0),
            ('type', 'Type', 8, 0, False, 0),
            ('box', 'Holding box', 16, 0, False, 0),
            ('distances', 'Distances (hexes)', 40, 0, False, 0)),
 'ports': (('name', 'Port', 14, 0, False, 0),
           ('owner', 'Owner', 7, 1, False, 0),
           ('type', 'Type', 9, 2, False, 0),
           ('harbour', 'Harbour', 10, 1, False, 0),
           ('markers', 'Markers', 22, 3, True, 0),
           ('re_capacity', 'RE cap', 6, 2, False, 0),
           ('capacity_left', 'Left', 5, 2, False, 0),
           ('he_capacity', 'HE cap', 6, 2, False, 0),
           ('acts_as', 'Acts as', 9, 0, False, 0),
           ('intrinsic_sp', 'Intr SP', 7, 0, False, 0),
           ('max_nt_res', 'Max NT', 6, 0, False, 0),
           ('slp_cost', 'SLP', 4, 3, False, 0),
           ('naval_base', 'Base', 4, 3, False, 0),
           ('sea_zone', 'Sea zone', 14, 3, False, 0),
           ('slp_count', 'SLP+sea', 7, 1, False, 0)),
 'shipping-checks': (('item', 'Item', 12, 0, False, 0),
                     ('zone', 'Sea zone', 20, 3, False, 0),
                     ('side', 'Side', 6, 2, False, 0),
                     ('kind', 'Cargo', 10, 2, False, 0),
                     ('res', 'REs', 4, 0, False, 0),
                     ('nsn', 'NSN', 4, 0, False, 0),
                     ('contact_roll', '2d6', 3, 0, False, 0),
                     ('contacted', 'Contact', 7, 0, False, 0),
                     ('result_roll', '1d6', 3, 0, False, 0),
                     ('result', 'Result', 6, 0, False, 0),
                     ('forced', 'Forced', 6, 0, False, 0)),
 'transit': (('name', 'Group', 14, 0, False, 0),
             ('side', 'Side', 6, 0, False, 0),
             ('origin', 'From', 14, 0, False, 0),
             ('destination', 'To', 14, 0, False, 0),
             ('progress', 'Step', 6, 0, False, 0),
             ('cargo', 'Cargo', 14, 0, False, 0)),
 'zones': (('zone', 'Sea zone', 24, 0, False, 0),
           ('side', 'Side', 6, 3, False, 0),
           ('nsn', 'NSN', 4, 3, False, 0),
           ('status', 'Status', 14, 2, False, 12),
           ('basis', 'Because', 40, 3, False, 0),
           ('air', 'Air', 4, 1, False, 0),
           ('markers', 'Markers', 24, 3, True, 0),
           ('asked', 'Asked', 24, 0, False, 0))}
"""(key, header, width, priority, wrap, least) of each column, per table."""



def test_every_table_is_laid_out_exactly(data: Path) -> None:
    """Each table's columns, in order, with their figures."""
    got = layout_of(load_ruleset("europa", data))
    assert sorted(got) == sorted(LAYOUT)
    for name in LAYOUT:
        assert got[name] == LAYOUT[name], name
