"""Exact tests of the AWAW command table of the roster, basing, patrol and turn verbs (seed 004, chapter 21): the
syntax, help, rule, group, options and where each verb is legal, as the ``help`` page and the engine's option guard
read them, and the effects, answers and conditions those builders bind. Each guards the builders of
``verbs_units``, ``verbs_basing``, ``verbs_patrol``, ``turn`` and ``verbs_support`` (they only bind the verbs)."""

from __future__ import annotations

from tests.awaw_game import awaw_game

VERBS = {
    'patrol': ('patrol HEX UNITS --distance N|BASE=N[+N..],BASE=N [--legs A,B] [--ports P,..] [--straits ..] [--exception X] [--front F]',
        'Announce a patrol to a sea hex; the app then asks each step of 21.416 (interceptions typed).',
        '21.41, 21.416', 'naval', False, ('distance', 'legs', 'ports', 'straits', 'exception', 'front')),
    'sub-air': ("sub-air UNITS [--with 'land-based air']",
        'Enemy submarines still on patrol are attacked by land-based air, once each in a single sortie (no carriers, no fleets, no air defense roll).',
        '21.4184C', 'naval', False, ('with',)),
    'intercept': ('intercept HEX UNITS --distance N [--straits ..] [--front F] [--us-war] [--target ID [--favourable]] [--displaced UNITS] [--in-strait NAME=SIDE] [--missed]',
        "The non-phasing side's units intercept an enemy naval activity (result typed); --front: the front it occurs on; --target: the mission intercepted (a raider group on the board only with a favourable modifier); --displaced: displaced units on their way, by either side; --in-strait: a strait entered on the interceptors' side; --missed: the Naval Interception Table gave no interception.",
        '21.3611, 21.4192, 21.1324, 21.533D, 21.232, 21.2111', 'naval', False, ('distance', 'straits', 'front', 'us-war', 'target', 'favourable', 'displaced', 'in-strait', 'missed')),
    'defend': ('defend HEX UNITS',
        'Victorious interceptors of a patrol stay as a defensive patrol.',
        '21.4191', 'naval', False, ()),
    'harbor-losses': ('harbor-losses TARGET [--damaged A,B] [--sunk C]',
        "Apply a harbor attack's typed result to the ships in the target port: damaged, or sunk in port.",
        '21.443D, 21.23G', 'naval', False, ('damaged', 'sunk')),
    'harbor': ('harbor POWER TARGET [NATURE...]',
        "Announce a harbor attack (research result or Germany's initial attack); the app asks B-D.",
        '21.44, 21.443', 'naval', False, ()),
    'rebase': ('rebase BASE UNITS --distance N [--straits B,G] [--ports P,..]',
        "Change base in the movement phase: within 40/20 hexes, to a base held at the phase's start, with room.",
        '21.22, 21.223, 21.224', 'naval', False, ('distance', 'straits', 'ports', 'river')),
    'rebase-failed': ('rebase-failed UNITS',
        'Units intercepted and defeated while changing base go back to their original base, inverted.',
        '21.222', 'naval', False, ()),
    'displace': ('displace FROM TO|none [UNITS] --distance N [--front F]',
        'Displace naval units from a base the enemy occupies to the nearest controlled port with room.',
        '21.23, 21.233', 'naval', True, ('distance', 'front')),
    'return': ('return UNITS [--to BASE|origin --distance N] [--only]',
        'Units at sea return to their base of origin, or to another friendly base within 20/10 hexes; not to a base an enemy invasion targets in the combat phase unless it is the only one (--only); from an SW box, to the SW box.',
        '21.33, 21.4183', 'naval', False, ('to', 'distance', 'only')),
    'nr': ('nr BASE UNITS --distance N [--legs A,B,..] [--straits ..] [--ports ..]',
        'Naval redeployment of naval units (a port touched every 20/10 hexes; to or from a U.S. box through a port 21.214E lists, asked when no port is typed).',
        '21.32, 21.3612, 21.214E', 'naval', False, ('distance', 'legs', 'straits', 'ports', 'river')),
    'nr-failed': ('nr-failed UNITS --to ORIGIN',
        'An NR intercepted and failed: back to the base of origin, inverted; an overstack that causes may not be remedied (eliminate the excess).',
        '21.112', 'naval', False, ('to',)),
    'eliminate': ('eliminate UNITS',
        "Eliminate excess units of the owner's choice at an overstacked base.",
        '21.112', 'naval', False, ()),
    'construct': ('construct POWER HEX FRONT NAME... --island [--group G]',
        'Build a port counter in a Pacific island: two a year, one a turn, from 1942.',
        '21.121-21.124', 'naval', False, ('island', 'group')),
    'build': ('build ID POWER TYPE FACTORS BASE [--fast] [--nation N] [--name TEXT]',
        'Place a newly constructed naval unit, inverted: it may not act this player turn.',
        '21.34', 'naval', True, ('fast', 'nation', 'name')),
    'tf': ('tf NAME UNITS | tf none UNITS',
        'Form a task force of units in one base, or take units out of one.',
        '21.312', 'naval', True, ()),
    'damage': ('damage UNITS [--repair]',
        'Units damaged in combat; --repair: in the Waiting for Repair box.',
        '21.314, 21.113', 'naval', True, ('repair',)),
    'repaired': ('repaired UNITS',
        'Damaged units repaired and back in service.',
        '21.113', 'naval', True, ()),
    'sink': ('sink UNITS',
        'Units sunk or eliminated.',
        '21.23G', 'naval', True, ()),
    'drm': ('drm NATION N',
        "Change a navy's naval nationality DRM (scenario data).",
        '21.526', 'naval', True, ()),
    'control': ('control BASE|HEX POWER|neutral',
        'Record who holds a base (capture) or a strait hex.',
        '21.123, 21.124, 21.211', 'naval', True, ()),
    'operational': ('operational BASE yes|no',
        'Record whether a port is operational.',
        '21.221', 'naval', True, ()),
    'research': ('research POWER yes|no',
        'A power has the research result harbor attacks need.',
        '21.442', 'naval', True, ()),
    'allowance': ('allowance POWER N',
        "Type a power's naval uninversion allowance from the oil rules (33.7).",
        '21.71, RULINGS A4', 'naval', False, ()),
    'uninvert': ('uninvert UNITS',
        "Uninvert inverted units in port, within each power's typed allowance.",
        '21.71, RULINGS A4', 'naval', False, ()),
    'support': ('support MISSION_ID UNITS [--failed]',
        "Patrolling units at sea support an intercepted friendly force: they join it and adopt its mission (not a raider group's); --failed: they did not reach it and may not counter-intercept again this phase.",
        '21.4182, 21.4184D', 'operations', False, ('failed',)),
}
"""name: (syntax, help, rule, group, anytime, options) — what the help page shows and the option guard allows."""


def test_chapter_21_verbs_are_listed_with_their_syntax_help_rule_and_options() -> None:
    """Each roster, basing, patrol, harbor and turn verb of chapter 21 (its rule in the table) is in the command table
    exactly as the help page and the option guard read it: the whole table in one test on a rule set built for it (a
    rule set shared between tests would be built inside the first one only, and mutation testing would see the
    builders called by that test alone)."""
    verbs = awaw_game().ruleset.verbs
    assert {name: (v.syntax, v.help, v.rule, v.group, v.anytime, v.options)
            for name, v in verbs.items() if name in VERBS} == VERBS
    assert {(verbs[name].changes, verbs[name].where) for name in VERBS} == {(True, None)}


def test_21_416_21_443_21_232_21_214e_their_prompts_answers_are_bound() -> None:
    """The answers of the patrol (21.416), harbor attack (21.443), displacement (21.232) and NR route (21.214E)
    procedures, the initiative and the overstack remedy (21.112), and the turn's effects (21.31, 21.211, 21.4183,
    21.4184B) are the rule set's."""
    rs = awaw_game().ruleset
    assert {"patrol-step", "harbor-step", "displace-step", "nr-route", "first-player", "overstack-done"} <= set(rs.answers)
    assert {"start-player-turn", "note-control", "patrols-return", "end-player-turn"} <= set(rs.effects)
    assert set(rs.conditions) >= {"overstacked"}
