"""The OCS 19.0 (seed 001_9e09282bf625a5b7.txt) command language, exactly: each verb's syntax, help, rule reference, where it is legal, its group and
options, as ``help VERB`` shows them to the referee and the engine checks them. A verb table is built when the rule set
loads (``build_verbs`` and its kin); a change to any of these words is a change to what the referee reads or may type.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.engine.setup import load_ruleset

VERBS = {'allowance': ('allowance SIDE POINTS',
                   "Set a side's Shipping Allowance per turn (each point moves 1 SP).",
                   '19.0f',
                   True,
                   True,
                   'set-up',
                   (),
                   False),
     'arrive': ('arrive PORT AMOUNT [--unit]',
                'Units or supplies coming into the port without an ALT roll; they count against its capacity this phase.',
                '19.0a, 18.5g',
                False,
                True,
                'ports',
                ('unit',),
                False),
     'capture': ('capture PORT SIDE', 'The port changes hands.', '9.14h', True, True, 'ports', (), False),
     'hit': ('hit PORT [N]',
             'Inflict N hits from the Barrage vs. Facility Table (default 1); each takes 1/4 of the undamaged capacity '
             "(or the port's own Damage Track); never more than 4.",
             '19.0b; RULINGS O1',
             False,
             True,
             'ports',
             (),
             False),
     'load': ('load PORT AMOUNT [--unit]',
              'Load cargo (SP and Tokens: 3 SP 2T, 2SP, 1T, 1.5) or, with --unit, one combat unit by its Transport '
              'Equivalent; loading and unloading share the capacity each phase. A unit larger than the whole capacity '
              'may use it all if nothing else does.',
              '19.0a',
              False,
              True,
              'ports',
              ('unit',),
              False),
     'negate': ('negate PORT [on|off]',
                'The enemy ZOC on the port is negated for trace supply only (never for Sea Cap or loading).',
                '19.0a, 4.5a',
                True,
                True,
                'ports',
                (),
                False),
     'port': ('port add|edit|remove NAME [key=value ...]',
              'Add a port (NAME owner=SIDE capacity="3 SP 2T" [hex=] [supply=yes] [track=3SP,2SP,1SP,2T,0]), edit its '
              'fields (also hits=N), or remove it.',
              '19.0a, 19.0b, 19.0e',
              True,
              True,
              'set-up',
              (),
              False),
     'reduce': ('reduce PORT [--units|--engineers]',
                'Voluntary reduction: 1 hit, at most one a turn per port; Movement Phase only. Confirm 1 RE of '
                'non-moving Combat Mode units (--units) or engineers (--engineers), or answer the prompt.',
                '19.0c; RULINGS O2',
                False,
                True,
                'ports',
                ('units', 'engineers'),
                False),
     'repair': ('repair PORT [--engineer]',
                'Repair 1 hit with an Engineer-Capable unit at a cost of 1 SP; at most one hit per port a turn; Movement '
                'Phase only. Confirm with --engineer or answer the prompt.',
                '19.0d; RULINGS O2',
                False,
                True,
                'ports',
                ('engineer',),
                False),
     'sea-blocked': ('sea-blocked PORT',
                     'Record that enemy combat units or ZOC block the hexes between the port and the sea: it continues '
                     'to function (unless a game-specific rule says otherwise); only an enemy ZOC in its own hex shuts '
                     'it down.',
                     '19.0a Play Note',
                     True,
                     True,
                     'ports',
                     (),
                     False),
     'ship': ('ship FROM TO [sp|unit|tp] AMOUNT [+ [sp|unit|tp] AMOUNT ...] [--unit] [--move-mode] [--no-move]',
              "Sea Cap: ship cargo port to port, charging both ports and the side's allowance; Movement Phase only. One "
              'shipment may combine SP, combat units and Transport Points, joined by + (e.g. ship Alexandria Tobruk 1 SP '
              "+ unit 2 SP + tp 1 SP): one command, one log entry, all or nothing; 'unit AMOUNT' (or --unit on a single "
              "AMOUNT) is one combat unit by its Transport Equivalent, 'tp AMOUNT' Transport Points by theirs. A unit "
              'must be in Move Mode and not move before or after: confirm with --move-mode --no-move or answer the '
              'prompt.',
              '19.0f',
              False,
              True,
              'shipping',
              ('unit', 'move-mode', 'no-move'),
              False),
     'unload': ('unload PORT AMOUNT [--unit]',
                "Unload cargo or, with --unit, one combat unit by its Transport Equivalent; shares the phase's capacity "
                'with loading.',
                '19.0a',
                False,
                True,
                'ports',
                ('unit',),
                False),
     'zoc': ('zoc PORT [on|off]',
             'The port is (on) or is no longer (off) in an enemy ZOC: shut down, capacity 0; it recovers at once when '
             'the ZOC goes.',
             '19.0a',
             True,
             True,
             'ports',
             (),
             False)}
"""name -> (syntax, help, rule, anytime, changes, group, options, restricted by a ``where``)."""


@pytest.fixture(scope="module")
def ruleset(data: Path):
    """The ocs rule set as the app loads it."""
    return load_ruleset("ocs", data)


def test_every_verb_of_the_rule_set_reads_exactly_as_documented(ruleset) -> None:
    """Each verb's syntax, help, rule, anytime, changes, group, options and ``where``, in the rule set's order."""
    got = {name: (v.syntax, v.help, v.rule, v.anytime, v.changes, v.group, v.options, v.where is not None)
           for name, v in ruleset.verbs.items()}
    assert sorted(got) == sorted(VERBS)
    for name, row in VERBS.items():
        assert got[name] == row, name
