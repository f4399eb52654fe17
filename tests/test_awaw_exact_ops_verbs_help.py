"""The operations verbs as the referee reads them (``verbs_ops``, ``verbs_ops_combat``, ``verbs_ops_raid``,
``verbs_protect``; seed 004, 21.42-21.6): each verb's syntax, help, rule numbers, group and declared options, whole,
so that a changed word of what the palette and ``help`` show is noticed."""

from __future__ import annotations

from test_awaw_exact_ops_verbs import env
from tui.rules.awaw import verbs_ops as V
from tui.rules.awaw import verbs_ops_combat as VC
from tui.rules.awaw import verbs_ops_raid as VR
from tui.rules.awaw import verbs_protect as P

SHOWN = (
    ('sea-supply',
     'sea-supply POWER BOX_LINES [PORT_LINES] --by T1,T2',
     'Trace sea supply: one transport per Western Allied line from a mapboard box, none from ports.',
     '21.421, 21.56',
     'operations',
     ('by',)),
    ('ship-oil',
     'ship-oil POWER COUNTERS --by A,B [--from BASE] [--to BASE [--unsupplied]]',
     'Ship oil counters by sea: one transport each (Western Allies, Japan) or three destroyer factors (European Axis).',
     '21.422, 21.56',
     'operations',
     ('by', 'from', 'to', 'unsupplied')),
    ('grant-brp',
     'grant-brp POWER BRPS --by T1,T2 [--from BASE] [--to BASE [--unsupplied]]',
     'A Western Allied BRP grant by sea: one transport per five BRPs.',
     '21.423, 21.56',
     'operations',
     ('by', 'from', 'to', 'unsupplied')),
    ('transport',
     'transport FROM[,FROM2] TO --cargo "NAME:FACTORS[:KIND]" --by DD1,DD2 --distance N [--legs a,b] [--ports P] '
     '[--straits S] [--air-room] [--island-end NAME --island-held] [--no-alternate]',
     'Sea transport ground or air units to one base: 1 destroyer factor per factor (2 to or from a box, plus a '
     'transport per 5 factors); both bases held at the start of the turn.',
     '21.43',
     'operations',
     ('cargo',
      'by',
      'distance',
      'legs',
      'ports',
      'straits',
      'exception',
      'air-room',
      'island-end',
      'island-held',
      'no-alternate')),
    ('transport-result',
     'transport-result ID before|after',
     'A sea transport intercepted and defeated before embarkation (nothing moved) or after it (the cargo returns to its '
     'base of embarkation).',
     '21.436',
     'operations',
     ()),
    ('escort',
     'escort FROM TO --cargo "NAME:FACTORS[:KIND]" --by A,B [--power P] [--reach N] [--distance N [--legs a,b] [--ports '
     'P]] [--island-end NAME --island-held]',
     'Sea escort ground and air units redeploying across water: destroyers on the mapboard (1 per factor), transports '
     'to or from a box (1 per 5 factors); oil and BRPs go by ship-oil and grant-brp (21.63).',
     '21.6',
     'operations',
     ('cargo', 'by', 'power', 'reach', 'distance', 'legs', 'ports', 'straits', 'island-end', 'island-held')),
    ('escort-result',
     'escort-result ID --surviving N [--defeated] [--transport-lost] | escort-result ID --cut',
     'After an interception: the cargo is eliminated below the destroyer requirement or with its transport, returned if '
     'the escort lost; --cut: the supply line to an unsupplied destination was cut (21.65E).',
     '21.66, 21.65E',
     'operations',
     ('surviving', 'defeated', 'transport-lost', 'cut')),
    ('invade',
     'invade HEX FROM[,FROM2] --hex-kind beach|gibraltar|singapore|one-hex-island|port --cargo "NAME:FACTORS[:KIND]" '
     '--by DD1,DD2 --distance N [--defended --odds A:D] [--attackers A,B] [--ctl N] [--fronts F,G] [--supplied] '
     '[--aleutian] [--via ISLAND --via-held] [--island-end NAME --island-held]',
     'Announce a seaborne invasion: 1 destroyer factor per ground factor (2 if defended, counting units kept back), '
     'odds 1:1 or better, at most two units by sea (marines, commandos excepted).',
     '21.51',
     'operations',
     ('hex-kind',
      'cargo',
      'by',
      'distance',
      'legs',
      'ports',
      'straits',
      'exception',
      'defended',
      'odds',
      'attackers',
      'ctl',
      'fronts',
      'aleutian',
      'supplied',
      'via',
      'via-held',
      'island-end',
      'island-held',
      'brp-front',
      'defense',
      'no-alternate')),
    ('bombard',
     'bombard INVASION_ID --by A,B --distance N [--air-support N] [--lost UNITS]',
     'Shore bombardment for an announced invasion: 3 naval factors per combat factor, capped by Naval Nationality DRM '
     '(1x, 2x, 3x the ground factors, lowest DRM first); with --air-support, remnants add up (21.527). A patrol that '
     'joined the invasion by support bombards from where it is, with no distance (21.4182B, E).',
     '21.52',
     'operations',
     ('by', 'distance', 'legs', 'ports', 'straits', 'exception', 'air-support', 'lost', 'no-alternate')),
    ('invasion-odds',
     'invasion-odds INVASION_ID [--defense N] [--air-support N] [--land N]',
     "The invasion's odds after bombardment: its attacking ground factors, those joining by land or airdrop, shore "
     'bombardment and ground support (remnants added) over the defence typed; below 1:1 it may not be made.',
     '21.5152, 21.527, 21.517B',
     'operations',
     ('defense', 'air-support', 'land')),
    ('invasion-losses',
     'invasion-losses INVASION_ID REQUIRED [--ships "DD:N,CRUISER,HEAVY"]',
     'Ground combat losses and the bombarding fleet: list the ways, or take them from named ships (destroyers a factor '
     "each, cruisers sunk for 2, heavy ships damaged for 1), never above the bombardment's value.",
     '21.528',
     'operations',
     ('ships',)),
    ('invasion-result',
     'invasion-result INVASION_ID landed|repulsed|defeated-at-sea|aborted [--survivors A,B] [--final-round A,B]',
     'How the invasion ended: landed (occupation limits, breakthrough 21.518), repulsed below 1:1 or defeated at sea '
     '(the --survivors, blank: all, back to the embarkation base; its ships and a patrol that joined it to their '
     'bases), aborted before embarkation.',
     '21.516, 21.5152, 21.517I-K, 21.518',
     'operations',
     ('survivors', 'final-round')),
    ('carrier-mission',
     'carrier-mission HEX --by CV,CA --distance N [--target BASE] [--with INVASION_ID]',
     'Announce a fast carrier mission to a sea hex: a fast fleet factor per carrier factor, one target base; it returns '
     'before exploitation.',
     '21.55',
     'operations',
     ('by', 'distance', 'legs', 'ports', 'straits', 'exception', 'target', 'with', 'brp-front', 'no-alternate')),
    ('raid',
     'raid SW-BOX --by A,B,C',
     'Send a raider group (at most three fast cruisers, capital ships or one fast carrier) from its port to an SW box; '
     'groups are numbered in priority order.',
     '21.53',
     'operations',
     ('by',)),
    ('raid-engage',
     'raid-engage RAID_ID [--attempt 2] [--air-range N] [--us-war] [--cves N] [--singapore] [--codebreaking -1|1] '
     '[--result N]',
     'An engagement attempt on the Raider Table: a die plus the printed modifiers, or the modified result typed; 0 or '
     'less escapes.',
     '21.5341, 21.538',
     'operations',
     ('attempt', 'air-range', 'us-war', 'cves', 'singapore', 'codebreaking', 'result')),
    ('raid-ships',
     'raid-ships RAID_ID FACES [--missing 4,5] | raid-ships RAID_ID --decline',
     "The ship type each defender's die sends; where it is not there the defender chooses a lesser type (asked, or "
     'typed with the die: 4:2), then names the ships that engage (asked where more than one may); or --decline: the '
     'defender does not oppose the group (before his dice).',
     '21.5342, 21.5341',
     'operations',
     ('missing', 'decline')),
    ('raid-return',
     'raid-return RAID_ID [--engaged] [--survivors N] [--damaged A] [--sunk B] [--transports-lost N]',
     'The raider group returns to port inverted, with its combat and transport results typed.',
     '21.537, 21.5361, 21.5363',
     'operations',
     ('engaged', 'survivors', 'damaged', 'sunk', 'transports-lost')),
    ('protect',
     'protect MISSION_ID --by A,B [--reach N] [--from BOX] [--us-war]',
     'Protect a sea supply, oil shipment, BRP grant or sea escort with other naval units: on the board like the '
     'escorting destroyers, or from the SW box holding its transports.',
     '21.424, 21.65F, G',
     'operations',
     ('by', 'reach', 'from', 'us-war')),
)
"""(name, syntax, help, rule, group, options) of every operations verb but ``support``, in the order built."""


def test_every_operations_verb_as_the_palette_and_help_show_it() -> None:
    verbs = [*V.build_cargo_verbs(env())[0], *VC.build_combat_verbs(env())[0], *VR.build_raid_verbs(env())[0],
             *P.build_protect_verbs(env())]
    assert [(v.name, v.syntax, v.help, v.rule, v.group, v.options) for v in verbs] == list(SHOWN)
    assert {(v.anytime, v.changes, v.where) for v in verbs} == {(False, True, None)}
