"""The Europa 31 and 33 (seeds 000_fc2911a77a0e7562.txt, 003_5744b160e91bc227.txt) command language, exactly: each verb's syntax, help, rule reference, where it is legal, its group and
options, as ``help VERB`` shows them to the referee and the engine checks them. A verb table is built when the rule set
loads (``build_verbs`` and its kin); a change to any of these words is a change to what the referee reads or may type.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset

VERBS = {'air': ('air add NAME SIDE ZONE role=fighter|bomber type=non-naval|S|V|M range=N tbf=N [mission=box|patrol|strike] '
             '[distance=N] | air remove NAME | air clear [ZONE]',
             "Air units in a sea zone's anti-shipping box or on naval patrol/strike missions: their modified TBF (Table "
             "4) is added to the enemy's NSN; fighters in the box cut enemy bombers' range.",
             '33.C; RULINGS E21',
             True,
             True,
             'sea',
             (),
             False),
     'batch': ('batch ZONE SIDE ITEM... [--tight|--loose] [--short|--far] [--force] [--dice N,N,..|dice=N,N,..]',
               'Check many cargo items (KIND[:RES][@NAME], e.g. sp:7@convoy unit@7-6 empty-nt) in one go; dice= takes '
               'every physical die in a row (2 for contact, 1 more on contact).',
               '33.A, 33.D, 33.E',
               False,
               True,
               'sea',
               ('tight', 'loose', 'outside', 'short', 'far', 'soviet', 'soviet-base', 'force', 'dice', 'roll'),
               False),
     'beach': ('beach add NAME OWNER [hex=..] [zone=..] | beach capture NAME SIDE | beach remove NAME',
               'Beach hexes and their owners: a captured beach is friendly for naval transport from the next phase; an '
               'enemy capture dooms a Mulberry there.',
               '31.B.1, 31.A.12',
               True,
               True,
               'coast',
               (),
               False),
     'capture': ('capture PORT axis|allied [--nation NATION]',
                 'Change ownership: places Collateral Damage, and offers the 31.A.6 destruction roll where it applies. '
                 "The port takes its captor's nation: --nation, else the scenario's default for that side and port (the "
                 'Axis: German unless the scenario says otherwise), so 31.A.6 applies again to a port the Axis retakes.',
                 '31.A.4, 31.A.6; RULINGS E13',
                 False,
                 True,
                 'ports',
                 ('nation',),
                 False),
     'check': ('check [ZONE SIDE KIND[:RES][@NAME]] [--guided] [--tight|--loose|--outside] '
               '[--short|--far|--soviet|--soviet-base] [--force] [--dice N,N,..|dice=N,N,..]',
               'Anti-shipping check of one cargo item (SPs/SRPs in 3 RE increments): final NSN with every modifier, 2d6 '
               'contact, 1d6 result in plain words. A missing zone, side or cargo (and with --guided the REs, the route '
               'and the roll) is asked first, and the answers make one command: one event in the log. --dice takes every '
               "stage's faces in order (2d6 contact, then 1d6 only on contact); in a typed game a stage without faces is "
               'asked for (screens) or refused naming it (exec). Once per item per zone per naval movement phase unless '
               '--force (recorded).',
               '33.A, 33.D, 33.E',
               False,
               True,
               'sea',
               ('tight',
                'loose',
                'outside',
                'short',
                'far',
                'soviet',
                'soviet-base',
                'force',
                'name',
                'side',
                'cargo',
                'sea-zone',
                'dice',
                'roll',
                'guided',
                'route',
                'res'),
               False),
     'collateral': ('collateral PORT [on|off]',
                    'Place or remove a Collateral Damage marker (acts one level smaller).',
                    '31.A.4',
                    True,
                    True,
                    'ports',
                    (),
                    False),
     'condition': ('condition ID on|off|N',
                   'Answer a sea zone condition the app cannot know (France has surrendered, Winter month, Suez closed, '
                   '...). Derived ones are refused: they follow the ports.',
                   '33.B.10',
                   True,
                   True,
                   'sea',
                   (),
                   False),
     'dedicate': ('dedicate PORT RES [--hqs N]',
                  'Dedicate REs of NTs to the port to lower its SLP cost, after one RE per Army HQ.',
                  '31.A.1 note #, note 1',
                  True,
                  True,
                  'ports',
                  ('hqs', 'hq'),
                  False),
     'hit': ('hit PORT [N]',
             'Inflict N port hits (default 1): doubled on an artificial harbour, halved on a natural one, capped at max '
             'damage.',
             '31.A.3, 31.A.9, 31.A.10',
             False,
             True,
             'ports',
             (),
             False),
     'interdict': ('interdict tight|loose | interdict bomb N',
                   'Declare the South Aegean naval interdiction zone (Allied initial phase, conditions a-d), or record '
                   'bombing hits on it (each lowers its NSN by 1 this turn).',
                   '33.B.7',
                   True,
                   True,
                   'sea',
                   (),
                   False),
     'interfere': ('interfere eastern|red-sea [roll|decline|D|F*|F|S|S*]',
                   'Italian naval interference attempt in an Allied initial phase (once per area, not after a decline): '
                   'SUCCESS TABLE with the history modifiers, or the letter from the real chart.',
                   '33.B.2.b, 33.B.7.a, 33.B.8.b',
                   True,
                   True,
                   'sea',
                   ('dice', 'roll'),
                   True),
     'intrinsic': ('intrinsic PORT',
                   "Declare the port's intrinsic supply capacity used (only while no capacity is marked used).",
                   '31.A.1, 31.A.2',
                   True,
                   True,
                   'ports',
                   (),
                   False),
     'jetty': ('jetty BEACH N',
               'N NTs/LCs/LBs on the beach that spent no MPs in the previous movement phase act as jetties for intrinsic '
               "supply: each counter is one jetty whatever its size, and supplies a jetty's intrinsic supply figure in "
               'REs of units (the 31.A.13 example; proposed ruling P4).',
               '31.A.13',
               True,
               True,
               'coast',
               (),
               False),
     'land': ('land BEACH RES [POINTS] [--he] [--supply] [--lc [result=LETTER]]',
              'Land cargo on a beach without the AMPHIBIOUS LANDING TABLE: 1½ REs a movement phase in ½ REs, heavy '
              'equipment double (so in ¼ REs); SPs/SRPs ask about a friendly partial ZOC (else half lost); LCs/LBs roll '
              'for damage.',
              '31.B.2, 31.B.3, 31.B.4; RULINGS E9, E22',
              False,
              True,
              'coast',
              ('he', 'supply', 'lc', 'dice', 'roll'),
              False),
     'malta': ('malta N',
               'Set the Malta status number: the Axis Central Med NSN and the Allied West/Central Med lines follow it.',
               '33.B.1.a, 33.B.10',
               True,
               True,
               'sea',
               (),
               False),
     'mines': ('mines PORT N',
               'Set the mine points in the port hex (each is one level of port interdiction).',
               '31.A.2',
               True,
               True,
               'ports',
               (),
               False),
     'mulberry': ('mulberry available NAME | mulberry tow NAME FROM-PORT [UNIT] | mulberry arrive NAME BEACH [mps=N] | '
                  'mulberry sink NAME',
                  'Mulberries: made available in Britain, towed in calm seas during an Allied naval step (two steps at '
                  'most), arriving at an Allied beach to emplace; wrecked if the towing unit sinks.',
                  '31.A.12',
                  True,
                  True,
                  'coast',
                  (),
                  False),
     'no-shipping': ('no-shipping [axis|allied]',
                     'Nothing was shipped this naval movement phase by the side (by default the one whose shipping '
                     "moves): the anti-shipping checks due are done for the phase, logged. Refused once that side's "
                     'shipping was checked this phase or while one of its groups carries cargo in transit.',
                     '33.A; 31.A.8',
                     True,
                     True,
                     'sea',
                     (),
                     True),
     'port': ('port add|edit|remove NAME ...',
              'Add a port (NAME TYPE OWNER [harbour= hex= zone= nation= theatre= mainland_europe= inland= naval_base=]), '
              'edit its fields, or remove it.',
              '31.A.1',
              True,
              True,
              'set-up',
              (),
              False),
     'reduce': ('reduce PORT [N]',
                'Place or raise a Reduced marker by N levels (default 1; at most 4).',
                '31.A.5',
                True,
                True,
                'ports',
                (),
                False),
     'repair': ('repair PORT [N]',
                'Remove N Port Hits (default 1; ½ for a fractional marker), never more than the port has; a port '
                'destroyed under 31.A.6 only once it has been upgraded.',
                '31.A.3, 31.A.6; RULINGS E12',
                True,
                True,
                'ports',
                (),
                False),
     'result': ('result PROMPT D|F*|F|S|S*',
                'Answer a SUCCESS TABLE prompt (interference, Mulberry emplacement) with the letter read on the real '
                'chart instead of a roll.',
                'RULINGS E22',
                True,
                True,
                'sea',
                (),
                False),
     'route': ('route PORT on|off',
               'Inland port: whether its owner holds all hexes on both banks of the river or canal to the sea (usable '
               'only while on).',
               '31.A.11',
               True,
               True,
               'ports',
               (),
               False),
     'supply-line': ('supply-line PORT ZONE [ZONE...] [--short|--far] | supply-line PORT none',
                     "The sea zones the naval portion of the port's supply line crosses: the NSN the shipping would get "
                     'on that route is added to its SLP count (--short: an Axis line only between the listed Central Med '
                     'ports, -5; --far: an Allied West/Central Med line farther than 15 hexes from every operational '
                     'Axis port, nothing added).',
                     '33.F; RULINGS E8, E27',
                     True,
                     True,
                     'sea',
                     ('short', 'far'),
                     False),
     'trace': ('trace PORT [on|off]',
               'Whether the port traces to a friendly functioning major or great port (needed for intrinsic supply).',
               '31.A.2',
               True,
               True,
               'ports',
               (),
               False),
     'transit': ('transit add NAME SIDE FROM TO STEPS|ma=N [cargo=..] | transit step NAME | transit remove NAME',
                 'Naval groups moving between the map and off-map ports: a step counter advanced at the end of each '
                 'naval movement step of their side; never to an enemy off-map port.',
                 '31.A.8',
                 True,
                 True,
                 'coast',
                 (),
                 False),
     'upgrade': ('upgrade PORT',
                 'Raise a reduced port one level (engineering).',
                 '31.A.5, 31.A.6',
                 True,
                 True,
                 'ports',
                 (),
                 False),
     'use': ('use PORT RES [--he] [--supply]',
             'Embark/disembark REs through the port (heavy equipment with --he, SPs/SRPs with --supply); refused over '
             "capacity. RES is each unit's base RE size, not its transport size (Table 1 note 6).",
             '31.A.1, 31.A.2; Table 1 note 6',
             False,
             True,
             'ports',
             ('he', 'supply'),
             False),
     'yard': ('yard PORT hit [N] | yard PORT repair',
              'Marshalling Yard Hit markers of a major (at most 1) or great (at most 2) port: place RM hits, or repair '
              'one. They affect rail capacity, which the app does not model.',
              '31.A.1 Table 1 note 3; RULINGS E12, E14',
              True,
              True,
              'ports',
              (),
              False)}
"""name -> (syntax, help, rule, anytime, changes, group, options, restricted by a ``where``)."""


@pytest.fixture(scope="module")
def ruleset(data: Path):
    """The europa rule set as the app loads it."""
    return load_ruleset("europa", data)


def test_every_verb_of_the_rule_set_reads_exactly_as_documented(ruleset) -> None:
    """Each verb's syntax, help, rule, anytime, changes, group, options and ``where``, in the rule set's order."""
    got = {name: (v.syntax, v.help, v.rule, v.anytime, v.changes, v.group, v.options, v.where is not None)
           for name, v in ruleset.verbs.items()}
    assert sorted(got) == sorted(VERBS)
    for name, row in VERBS.items():
        assert got[name] == row, name
