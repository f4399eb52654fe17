"""The Europa 31.A (seed 000_fc2911a77a0e7562.txt) Ports mode exactly: every key, the command it sends, what its dialog asks (31.A.1-31.A.6), and the
columns (key and header) of the mode's tables, as the rule set builds them at load (``port_keys.py``). A change to any of them is a change
to what the referee presses, reads or is asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import fields

from tui.engine.setup import load_ruleset

PORT_ACTIONS = ({'id': 'hit',
      'key': 'h',
      'label': 'Hit',
      'verb': 'hit {name} {n}',
      'help': 'Inflict port hits (31.A.3)',
      'rule': '31.A.3',
      'fields': ({'name': 'n',
                  'label': 'Hits',
                  'kind': 'number',
                  'min': 1,
                  'max_from': 'hits_to_max',
                  'step': 1,
                  'default': 1},),
      'target': 'ports',
      'text': '31.A.3: hits inflicted (natural harbour halves, artificial doubles).'},
     {'id': 'repair',
      'key': 'r',
      'label': 'Repair',
      'verb': 'repair {name} {n}',
      'help': 'Remove Port Hit markers (31.A.3)',
      'rule': '31.A.3',
      'fields': ({'name': 'n',
                  'label': 'Port Hits',
                  'kind': 'number',
                  'min': 0.5,
                  'max_from': 'hits',
                  'step': 0.5,
                  'default': 1},),
      'target': 'ports',
      'text': '31.A.3: Port Hits repaired (½ for a fractional marker).'},
     {'id': 'reduce',
      'key': 'd',
      'label': 'Reduce',
      'verb': 'reduce {name} {n}',
      'help': 'Place or raise a Reduced marker (31.A.5)',
      'rule': '31.A.5',
      'fields': ({'name': 'n', 'label': 'Levels', 'kind': 'number', 'min': 1, 'max': 4, 'step': 1, 'default': 1},),
      'target': 'ports',
      'text': '31.A.5: levels to reduce (at most 4 in all).',
      'footer': False},
     {'id': 'upgrade',
      'key': 'u',
      'label': 'Upgrade',
      'verb': 'upgrade {name}',
      'help': 'Raise a reduced port one level (31.A.5)',
      'rule': '31.A.5',
      'target': 'ports',
      'footer': False},
     {'id': 'collateral',
      'key': 'c',
      'label': 'Collateral',
      'verb': 'collateral {name}',
      'help': 'Toggle the Collateral Damage marker (31.A.4)',
      'rule': '31.A.4',
      'target': 'ports',
      'footer': False},
     {'id': 'capture',
      'key': 'x',
      'label': 'Capture',
      'verb': 'capture {name} {side} --nation={nation}',
      'help': 'Change the owner; may offer a destruction roll (31.A.4, 31.A.6)',
      'rule': '31.A.4, 31.A.6; RULINGS E13',
      'fields': ({'name': 'side',
                  'label': 'Side',
                  'kind': 'choice',
                  'choices_from': 'sides',
                  'prefill': 'other-side'},
                 {'name': 'nation',
                  'label': 'Owning nation',
                  'prefill': 'captor_nation',
                  'placeholder': "blank: the scenario's default"}),
      'target': 'ports',
      'text': '31.A.4: captured by which side? Collateral Damage is placed; 31.A.6 may offer the loser a '
              "destruction roll. The port takes its captor's nation (RULINGS E13): the scenario's default is "
              'filled in.'},
     {'id': 'use',
      'key': 'e',
      'label': 'Use',
      'verb': 'use {name} {res} {he} {supply}',
      'help': 'Use capacity: REs, heavy equipment, supply (31.A.1)',
      'rule': '31.A.1',
      'fields': ({'name': 'res',
                  'label': 'REs',
                  'kind': 'number',
                  'min': 0.5,
                  'max_from': 'capacity_left',
                  'step': 0.5,
                  'default': 1,
                  'required': True},
                 {'name': 'he', 'label': 'Heavy equipment', 'kind': 'flag', 'option': '--he'},
                 {'name': 'supply', 'label': 'Supply (SPs/SRPs)', 'kind': 'flag', 'option': '--supply'}),
      'target': 'ports',
      'title': 'Use capacity of',
      'dialog': 'Use {name}',
      'text': '31.A.1: REs embarking or disembarking through the port this phase ({capacity_left} REs left). Count '
              "each unit's base RE size, not its transport size (Table 1 note 6).",
      'ok': 'Use'},
     {'id': 'intrinsic',
      'key': 'i',
      'label': 'Intrinsic',
      'verb': 'intrinsic {name}',
      'help': 'Declare intrinsic supply capacity used (31.A.2)',
      'rule': '31.A.2',
      'target': 'ports',
      'title': 'Intrinsic supply at',
      'footer': False},
     {'id': 'dedicate',
      'key': 't',
      'label': 'NTs',
      'verb': 'dedicate {name} {res} --hqs={hqs}',
      'help': 'Dedicate NTs and Army HQs (31.A.1 note #)',
      'rule': '31.A.1 note #',
      'fields': ({'name': 'res',
                  'label': 'REs of NTs',
                  'kind': 'number',
                  'min': 0,
                  'step': 0.5,
                  'default': 1,
                  'required': True},
                 {'name': 'hqs',
                  'label': 'Army HQs',
                  'kind': 'number',
                  'min': 0,
                  'step': 1,
                  'placeholder': 'blank: unchanged'}),
      'target': 'ports',
      'title': 'Dedicate NTs to',
      'text': '31.A.1 note #: NTs lower the SLP cost after one RE per Army HQ tracing supply.',
      'ok': 'Dedicate',
      'footer': False},
     {'id': 'mines',
      'key': 'm',
      'label': 'Mines',
      'verb': 'mines {name} {n}',
      'help': 'Set the mine points in the port hex (31.A.2)',
      'rule': '31.A.2',
      'fields': ({'name': 'n', 'label': 'Mine points', 'kind': 'number', 'min': 0, 'step': 1, 'default': 1},),
      'target': 'ports',
      'title': 'Mines at',
      'text': '31.A.2: mine points in the port hex (each one level of interdiction).',
      'footer': False},
     {'id': 'add',
      'key': 'a',
      'label': 'Add',
      'verb': 'port add {name} {type} {owner} harbour={harbour} hex={hex} zone={sea_zone}',
      'help': 'Add a port (name, type, owner, harbour, hex, sea zone)',
      'rule': '31.A.1',
      'fields': ({'name': 'name',
                  'label': 'Name',
                  'prefill': 'name',
                  'required': True,
                  'placeholder': 'e.g. Port Sudan'},
                 {'name': 'type',
                  'label': 'Type',
                  'kind': 'choice',
                  'choices': ('great', 'major', 'standard', 'mulberry', 'minor', 'jetty'),
                  'default': 'standard',
                  'prefill': 'type'},
                 {'name': 'owner', 'label': 'Owner', 'kind': 'choice', 'choices_from': 'sides', 'prefill': 'owner'},
                 {'name': 'harbour',
                  'label': 'Harbour',
                  'kind': 'choice',
                  'choices': ('none', 'artificial', 'natural'),
                  'default': 'none',
                  'prefill': 'harbour'},
                 {'name': 'hex', 'label': 'Hex', 'prefill': 'hex', 'placeholder': 'e.g. 19A:2416'},
                 {'name': 'sea_zone',
                  'label': 'Sea zone',
                  'choices_from': 'zones:zone',
                  'prefill': 'sea_zone',
                  'placeholder': 'e.g. Red Sea'}),
      'title': 'Add a port',
      'dialog': 'Add a port',
      'text': "31.A.1: the port's printed type and where it is.",
      'ok': 'Add'},
     {'id': 'edit',
      'key': 'o',
      'label': 'Edit',
      'verb': 'port edit {name} type={type} owner={owner} harbour={harbour} hex={hex} zone={sea_zone}',
      'help': "Edit the port's type, owner, harbour, hex, sea zone",
      'rule': '31.A.1',
      'fields': ({'name': 'name',
                  'label': 'Name',
                  'prefill': 'name',
                  'required': True,
                  'disabled': True,
                  'placeholder': 'e.g. Port Sudan'},
                 {'name': 'type',
                  'label': 'Type',
                  'kind': 'choice',
                  'choices': ('great', 'major', 'standard', 'mulberry', 'minor', 'jetty'),
                  'default': 'standard',
                  'prefill': 'type'},
                 {'name': 'owner', 'label': 'Owner', 'kind': 'choice', 'choices_from': 'sides', 'prefill': 'owner'},
                 {'name': 'harbour',
                  'label': 'Harbour',
                  'kind': 'choice',
                  'choices': ('none', 'artificial', 'natural'),
                  'default': 'none',
                  'prefill': 'harbour'},
                 {'name': 'hex', 'label': 'Hex', 'prefill': 'hex', 'placeholder': 'e.g. 19A:2416'},
                 {'name': 'sea_zone',
                  'label': 'Sea zone',
                  'choices_from': 'zones:zone',
                  'prefill': 'sea_zone',
                  'placeholder': 'e.g. Red Sea'}),
      'target': 'ports',
      'dialog': 'Edit port {name}',
      'text': "31.A.1: the port's printed type and where it is.",
      'ok': 'Save',
      'changed_only': True})
"""Each key of the Ports mode: the fields that differ from an Action's defaults."""

COLUMNS = {'ports': (('name', 'Port'),
               ('owner', 'Owner'),
               ('type', 'Type'),
               ('harbour', 'Harbour'),
               ('markers', 'Markers'),
               ('re_capacity', 'RE cap'),
               ('capacity_left', 'Left'),
               ('he_capacity', 'HE cap'),
               ('acts_as', 'Acts as'),
               ('intrinsic_sp', 'Intr SP'),
               ('max_nt_res', 'Max NT'),
               ('slp_cost', 'SLP'),
               ('naval_base', 'Base'),
               ('sea_zone', 'Sea zone'),
               ('slp_count', 'SLP+sea'))}
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
    ruleset = load_ruleset("europa", data)
    got = compact(ruleset.actions["ports"])
    assert [a["id"] for a in got] == [a["id"] for a in PORT_ACTIONS]
    for action, expected in zip(got, PORT_ACTIONS):
        assert action == expected, action["id"]


def test_the_ports_mode_columns_exactly(data: Path) -> None:
    """Each column's key and header, in order."""
    ruleset = load_ruleset("europa", data)
    assert {name: tuple((c.key, c.header) for c in ruleset.columns[name]) for name in COLUMNS} == COLUMNS
