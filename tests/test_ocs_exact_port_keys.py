"""The OCS 19.0 (seed 001_9e09282bf625a5b7.txt) Ports mode exactly: every key, the command it sends, what its dialog asks (19.0a-f, 9.14h), and the
columns (key and header) of the mode's tables, as the rule set builds them at load (``port_keys.py``). A change to any of them is a change
to what the referee presses, reads or is asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import fields

from tui.engine.setup import load_ruleset

PORT_ACTIONS = ({'id': 'load',
      'key': 'l',
      'label': 'Load',
      'verb': 'load {name} {amount} {unit}',
      'help': 'Load cargo or one combat unit (19.0a)',
      'rule': '19.0a',
      'fields': ({'name': 'amount',
                  'label': 'Amount',
                  'required': True,
                  'placeholder': '3 SP 2T, 2SP, 1T or 1.5 (SP)'},
                 {'name': 'unit', 'label': 'One combat unit (its TE)', 'kind': 'flag', 'option': '--unit'}),
      'target': 'ports',
      'dialog': 'Load at {name}',
      'text': "19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left).",
      'ok': 'Load'},
     {'id': 'unload',
      'key': 'u',
      'label': 'Unload',
      'verb': 'unload {name} {amount} {unit}',
      'help': 'Unload cargo or one combat unit (19.0a)',
      'rule': '19.0a',
      'fields': ({'name': 'amount',
                  'label': 'Amount',
                  'required': True,
                  'placeholder': '3 SP 2T, 2SP, 1T or 1.5 (SP)'},
                 {'name': 'unit', 'label': 'One combat unit (its TE)', 'kind': 'flag', 'option': '--unit'}),
      'target': 'ports',
      'dialog': 'Unload at {name}',
      'text': "19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left).",
      'ok': 'Unload'},
     {'id': 'arrive',
      'key': 'v',
      'label': 'Arrive',
      'verb': 'arrive {name} {amount} {unit}',
      'help': 'Arrivals without an ALT roll count against capacity (18.5g)',
      'rule': '19.0a, 18.5g',
      'fields': ({'name': 'amount',
                  'label': 'Amount',
                  'required': True,
                  'placeholder': '3 SP 2T, 2SP, 1T or 1.5 (SP)'},
                 {'name': 'unit', 'label': 'One combat unit (its TE)', 'kind': 'flag', 'option': '--unit'}),
      'target': 'ports',
      'title': 'Arrival without ALT roll at',
      'dialog': 'Arrive at {name}',
      'text': "18.5g, 19.0a: units or supplies arriving without an ALT roll use the port's capacity "
              '({capacity_left} left).',
      'ok': 'Arrive',
      'footer': False},
     {'id': 'ship',
      'key': 's',
      'label': 'Ship',
      'verb': 'ship {name} {to} {amount} {unit} {move_mode} {no_move}',
      'help': 'Sea Cap: ship cargo port to port, charging both ports and the allowance (19.0f)',
      'rule': '19.0f',
      'fields': ({'name': 'to', 'label': 'To port', 'kind': 'choice', 'choices_from': 'ports:name'},
                 {'name': 'amount',
                  'label': 'Amount',
                  'required': True,
                  'placeholder': '3 SP 2T, 2SP, 1T or 1.5 (SP)'},
                 {'name': 'unit', 'label': 'One combat unit (its TE)', 'kind': 'flag', 'option': '--unit'},
                 {'name': 'move_mode', 'label': 'Unit in Move Mode', 'kind': 'flag', 'option': '--move-mode'},
                 {'name': 'no_move', 'label': 'No move before/after', 'kind': 'flag', 'option': '--no-move'}),
      'target': 'ports',
      'title': 'Sea Cap from',
      'dialog': 'Sea Cap from {name}',
      'text': "19.0f: Movement Phase only; both ports' capacities and the side's Shipping Allowance are charged. A "
              'unit must be in Move Mode and not move before or after (asked if not ticked).',
      'ok': 'Ship'},
     {'id': 'hit',
      'key': 'h',
      'label': 'Hit',
      'verb': 'hit {name} {n}',
      'help': 'Hits from the Barrage vs. Facility Table (19.0b)',
      'rule': '19.0b',
      'fields': ({'name': 'n', 'label': 'Hits', 'kind': 'number', 'min': 1, 'max': 4, 'step': 1, 'default': 1},),
      'target': 'ports',
      'text': '19.0b: hits from the Barrage vs. Facility Table; never more than 4 on a port (RULINGS O1).'},
     {'id': 'reduce',
      'key': 'd',
      'label': 'Reduce',
      'verb': 'reduce {name}',
      'help': 'Voluntary reduction: 1 hit, once a turn, Movement Phase (19.0c)',
      'rule': '19.0c',
      'target': 'ports',
      'title': 'Voluntary reduction of',
      'footer': False},
     {'id': 'repair',
      'key': 'r',
      'label': 'Repair',
      'verb': 'repair {name}',
      'help': 'Repair 1 hit with an engineer for 1 SP, Movement Phase (19.0d)',
      'rule': '19.0d',
      'target': 'ports'},
     {'id': 'zoc',
      'key': 'z',
      'label': 'ZOC',
      'verb': 'zoc {name}',
      'help': 'Toggle: the port is in an enemy ZOC, shut down (19.0a)',
      'rule': '19.0a',
      'target': 'ports',
      'title': 'Enemy ZOC on/off at',
      'footer': False},
     {'id': 'negate',
      'key': 'e',
      'label': 'Negate',
      'verb': 'negate {name}',
      'help': 'Toggle: the enemy ZOC is negated for trace supply (19.0a, 4.5a)',
      'rule': '19.0a, 4.5a',
      'target': 'ports',
      'title': 'ZOC negated for supply at',
      'footer': False},
     {'id': 'capture',
      'key': 'x',
      'label': 'Capture',
      'verb': 'capture {name} {side}',
      'help': 'The port changes hands (9.14h)',
      'rule': '9.14h',
      'fields': ({'name': 'side',
                  'label': 'Side',
                  'kind': 'choice',
                  'choices_from': 'sides',
                  'prefill': 'other-side'},),
      'target': 'ports',
      'text': '9.14h: captured by which side?',
      'footer': False},
     {'id': 'allowance',
      'key': 't',
      'label': 'Allowance',
      'verb': 'allowance {side} {points}',
      'help': "Set a side's Shipping Allowance per turn (19.0f)",
      'rule': '19.0f',
      'fields': ({'name': 'side', 'label': 'Side', 'kind': 'choice', 'choices_from': 'sides'},
                 {'name': 'points', 'label': 'Points', 'kind': 'number', 'min': 0, 'required': True}),
      'title': 'Sea Cap allowance',
      'dialog': 'Shipping Allowance',
      'text': '19.0f: points per turn; each point moves 1 SP of cargo.',
      'ok': 'Set',
      'footer': False},
     {'id': 'add',
      'key': 'a',
      'label': 'Add',
      'verb': 'port add {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track}',
      'help': 'Add a port (owner, capacity, hex, supply source, Damage Track)',
      'rule': '19.0a, 19.0e',
      'fields': ({'name': 'name',
                  'label': 'Name',
                  'prefill': 'name',
                  'required': True,
                  'placeholder': 'e.g. Sidi Barrani'},
                 {'name': 'owner', 'label': 'Owner', 'kind': 'choice', 'choices_from': 'sides', 'prefill': 'owner'},
                 {'name': 'capacity',
                  'label': 'Capacity',
                  'prefill': 'undamaged',
                  'placeholder': '3 SP 2T (blank with a track)'},
                 {'name': 'hex', 'label': 'Hex', 'prefill': 'hex', 'placeholder': 'optional'},
                 {'name': 'supply',
                  'label': 'Supply source',
                  'kind': 'choice',
                  'choices': ('no', 'yes'),
                  'prefill': 'supply_source'},
                 {'name': 'track',
                  'label': 'Damage Track',
                  'prefill': 'damage_track',
                  'placeholder': 'e.g. 4SP,3SP,2SP,1SP,2T (optional)'}),
      'title': 'Add a port',
      'dialog': 'Add a port',
      'text': "19.0a, 19.0e: capacity in SP and Tokens, or the port's own Damage Track.",
      'ok': 'Add'},
     {'id': 'edit',
      'key': 'o',
      'label': 'Edit',
      'verb': 'port edit {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track} '
              'hits={hits}',
      'help': "Edit the port's owner, capacity, hex, supply source, Damage Track, hits",
      'rule': '19.0a, 19.0b, 19.0e',
      'fields': ({'name': 'name',
                  'label': 'Name',
                  'prefill': 'name',
                  'required': True,
                  'disabled': True,
                  'placeholder': 'e.g. Sidi Barrani'},
                 {'name': 'owner', 'label': 'Owner', 'kind': 'choice', 'choices_from': 'sides', 'prefill': 'owner'},
                 {'name': 'capacity',
                  'label': 'Capacity',
                  'prefill': 'undamaged',
                  'placeholder': '3 SP 2T (blank with a track)'},
                 {'name': 'hex', 'label': 'Hex', 'prefill': 'hex', 'placeholder': 'optional'},
                 {'name': 'supply',
                  'label': 'Supply source',
                  'kind': 'choice',
                  'choices': ('no', 'yes'),
                  'prefill': 'supply_source'},
                 {'name': 'track',
                  'label': 'Damage Track',
                  'prefill': 'damage_track',
                  'placeholder': 'e.g. 4SP,3SP,2SP,1SP,2T (optional)'},
                 {'name': 'hits',
                  'label': 'Hits',
                  'kind': 'number',
                  'min': 0,
                  'max': 4,
                  'step': 1,
                  'prefill': 'hits'}),
      'target': 'ports',
      'dialog': 'Edit port {name}',
      'text': '19.0a, 19.0b, 19.0e: only the fields you change are sent.',
      'ok': 'Save',
      'changed_only': True})
"""Each key of the Ports mode: the fields that differ from an Action's defaults."""

COLUMNS = {'ports': (('name', 'Port'),
               ('owner', 'Owner'),
               ('capacity', 'Capacity'),
               ('used', 'Used'),
               ('capacity_left', 'Left'),
               ('hits', 'Hits'),
               ('shut_down', 'Shut down'),
               ('zoc_negated', 'ZOC negated'),
               ('supply_capacity', 'Supply cap'),
               ('supply_source', 'Supply source'),
               ('oversize', 'Oversize unit'),
               ('undamaged', 'Undamaged'),
               ('hex', 'Hex')),
     'shipping': (('side', 'Side'),
                  ('points', 'Points'),
                  ('allowance', 'Sea Cap'),
                  ('used', 'Used'),
                  ('left', 'Left'))}
"""The columns of the Ports mode's tables: (key, header). Widths and priorities are the screens' layout (issue 30),
left to the layout tests."""


def compact(value: Any) -> Any:
    """A struct as the dict of its fields that differ from their defaults (recursively), for exact comparison."""
    if isinstance(value, msgspec.Struct):
        out = {}
        for f in fields(value):
            now = getattr(value, f.name)
            if f.default is not msgspec.NODEFAULT:
                default = f.default
            elif f.default_factory is not msgspec.NODEFAULT:
                default = f.default_factory()
            else:
                default = msgspec.NODEFAULT
            if default is msgspec.NODEFAULT or now != default:
                out[f.name] = compact(now)
        return out
    if isinstance(value, (tuple, list)):
        return tuple(compact(v) for v in value)
    if isinstance(value, dict):
        return {k: compact(v) for k, v in value.items()}
    return value


def test_the_ports_mode_keys_exactly(data: Path) -> None:
    """Each key's id, key, label, command, help, rule, target, dialog and fields, in order."""
    ruleset = load_ruleset("ocs", data)
    got = compact(ruleset.actions["ports"])
    assert [a["id"] for a in got] == [a["id"] for a in PORT_ACTIONS]
    for action, expected in zip(got, PORT_ACTIONS):
        assert action == expected, action["id"]


def test_the_ports_mode_columns_exactly(data: Path) -> None:
    """Each column's key and header, in order."""
    ruleset = load_ruleset("ocs", data)
    assert {name: tuple((c.key, c.header) for c in ruleset.columns[name]) for name in COLUMNS} == COLUMNS
