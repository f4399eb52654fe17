"""The Naval mode's keys for the operations of 21.42-21.6, as data (added to CORE's ``NAVAL_ACTIONS``).

Each acts on the marked units (``{units}``) and asks what the app cannot
see: cargo, distances by water (RULINGS A1), the invasion hex's kind, the
odds, table results (RULINGS A2). Keys: s sea supply, o oil, g BRP grant,
m sea transport, ctrl+e escort, v invade, ``*`` bombard, ``!`` invasion
result, c carrier mission, j raid (no key is a terminal multiplexer's
prefix, ctrl+a or ctrl+b: issue 30 item 3); the other follow-ups (escort
result, invasion losses, raider engagement, ship types, return) and the
variants through an island without a port (21.37) are in the palette.
"""

from __future__ import annotations

from ..core.actions import Action, Field

_DIST = Field("distance", "Distance by water", "number", min=0, max=999, step=1, required=True,
             placeholder="hexes (RULINGS A1)")
_BOMBARD_DIST = Field("distance", "Distance by water", "number", min=0, max=999, step=1,
                      placeholder="hexes; blank: a patrol that joined it (21.4182E)")
_LEGS = Field("legs", "Legs between ports touched (optional)", placeholder="12,15,7")
_STRAITS = Field("straits", "Straits passed (ids; optional)", placeholder="B,G or Suez")
_CARGO = Field("cargo", "Cargo (name:factors)", required=True, placeholder="50 Inf:3, 7 Arm:4:armor")
_POWER = Field("power", "Power", "choice", choices_from="units:power", prefill="power")
_ISLAND = Field("island", "Island without a port (one-hex, or Palawan, New Ireland, Halmahera) (21.37)", required=True,
                placeholder="e.g. Pantelleria")
_ISLAND_HELD = Field("held", "Controlled since the start of the player turn (21.37, 21.435D)", "flag", option="--island-held")
_BASE = "ports:name"
_OPEN_INVASIONS = "missions:invasion"
"""The invasions of this player turn without a recorded result: the one there is starts the field, Tab completes an id."""
_OPEN_RAIDS = Field("id", "Raid", required=True, choices_from="missions:raid")
"""The raider groups of this player turn still at sea, the same way."""
_INVASION = Field("invasion", "Invasion", required=True, choices_from=_OPEN_INVASIONS)

OPS_ACTIONS: tuple[Action, ...] = (
    Action("sea-supply", "s", "Sea supply", "sea-supply {power} {boxes} {ports} --by={units}",
           "Sea supply lines: one transport per Western Allied line from a box (21.421)", "21.421", target="units",
           dialog="Sea supply by {power}", ok="Trace", footer=False,
           fields=(_POWER, Field("boxes", "Lines from mapboard boxes", "number", min=0, max=99, step=1, default=0),
                   Field("ports", "Lines from ports", "number", min=0, max=99, step=1, default=0))),
    Action("ship-oil", "o", "Oil", "ship-oil {power} {n} --by={units}",
           "Ship oil by sea: a transport a counter, or 3 destroyer factors (European Axis) (21.422)", "21.422",
           target="units", dialog="Oil shipment by {power}", ok="Ship", footer=False,
           fields=(_POWER, Field("n", "Oil counters", "number", min=1, max=99, step=1, required=True))),
    Action("grant-brp", "ctrl+g", "BRP grant", "grant-brp {power} {n} --by={units}",
           "A Western Allied BRP grant by sea: a transport per 5 BRPs (21.423)", "21.423", target="units",
           dialog="BRP grant by {power}", ok="Grant", footer=False,
           fields=(_POWER, Field("n", "BRPs", "number", min=1, max=999, step=1, required=True))),
    Action("transport", "m", "Sea transport", "transport {from} {to} --cargo={cargo} --by={units} --distance={distance} "
           "--legs={legs} --straits={straits}",
           "Sea transport ground or air units to one base (21.43)", "21.43", target="units", dialog="Sea transport with {units}",
           ok="Transport", text="21.434: 1 destroyer factor per factor; 2 to or from a box, plus a transport per 5 factors.",
           fields=(Field("from", "From (base of embarkation)", "choice", choices_from=_BASE, prefill="base", required=True),
                   Field("to", "To (base of debarkation)", "choice", choices_from=_BASE, required=True), _CARGO, _DIST, _LEGS, _STRAITS)),
    Action("escort", "ctrl+e", "Escort", "escort {from} {to} --cargo={cargo} --by={units} --reach={reach}",
           "Sea escort ground and air units redeploying across water (21.6)", "21.6", target="units",
           dialog="Sea escort with {units}", ok="Escort",
           text="21.64: destroyers on the mapboard, transports to or from a box; 21.65A: destroyers reach the embarkation hex "
                "on the initial leg. Oil and BRPs: the o and g keys in supply determination (21.63).",
           fields=(Field("from", "From", "choice", choices_from=_BASE, prefill="base", required=True),
                   Field("to", "To", "choice", choices_from=_BASE, required=True), _CARGO,
                   Field("reach", "Hexes from the destroyers' base to FROM (if elsewhere)", "number", min=0, max=999, step=1))),
    Action("invade", "v", "Invade", "invade {hex} {from} --hex-kind={kind} --cargo={cargo} --by={units} --distance={distance} "
           "{defended} --odds={odds} {supplied}",
           "Announce a seaborne invasion (21.51)", "21.51", target="units", dialog="Seaborne invasion with {units}", ok="Invade",
           text="21.513: 1 destroyer factor per ground factor, 2 if defended (an enemy ground unit in the hex); 21.5152: 1:1 "
                "or better; 21.514E: the units started the turn there, fully supplied.",
           fields=(Field("hex", "Invasion hex", required=True, placeholder="e.g. U19"),
                   Field("from", "From (embarkation)", "choice", choices_from=_BASE, prefill="base", required=True),
                   Field("kind", "Hex kind", "choice", choices=("beach", "gibraltar", "singapore", "one-hex-island", "port")),
                   _CARGO, _DIST, Field("defended", "Defended (enemy unit)", "flag", option="--defended"),
                   Field("odds", "Odds (if defended)", placeholder="3:1"),
                   Field("supplied", "Supplied there (21.514E)", "flag", option="--supplied"))),
    Action("bombard", "asterisk", "Bombard", "bombard {invasion} --by={units} --distance={distance}",
           "Shore bombardment for an announced invasion (21.52)", "21.52", target="units", dialog="Shore bombardment by {units}",
           ok="Bombard", text="21.525: 3 naval factors per combat factor; 21.526: capped by Naval Nationality DRM (RULINGS A3).",
           fields=(_INVASION, _BOMBARD_DIST)),
    Action("carrier-mission", "c", "Carriers", "carrier-mission {hex} --by={units} --distance={distance} --target={target}",
           "Announce a fast carrier mission (21.55)", "21.55", target="units", dialog="Fast carrier mission: {units}", ok="Announce",
           text="21.555A: a fast fleet factor per fast carrier factor; 21.557F: one enemy base.",
           fields=(Field("hex", "Mission hex", required=True, placeholder="e.g. Y20"), _DIST,
                   Field("target", "Enemy base struck (optional)", placeholder="one base", choices_from="enemy-bases:name"))),
    Action("raid", "j", "Raid", "raid {box} --by={units}", "Send a raider group to an SW box (21.53)", "21.53", target="units",
           dialog="Raid with {units}", ok="Raid", text="21.532: at most three fast ships, one fast carrier; no five-factor battleships.",
           fields=(Field("box", "SW box", "choice", choices=("Atlantic SW", "Indian Ocean SW", "Pacific SW"), required=True),)),
    *(Action(f"{verb}-{way}-island", "", title, template, f"{what} (21.37)", "21.37", target="units", footer=False,
             dialog=f"{title} with {{units}}", ok=ok, fields=fields)
      for verb, way, title, template, what, ok, fields in (
          ("transport", "to", "Sea transport to an island",
           "transport {from} {island} --island-end={island} {held} --cargo={cargo} --by={units} --distance={distance} --legs={legs}",
           "Sea transport to a controlled island without a port", "Transport",
           (Field("from", "From (base of embarkation)", "choice", choices_from=_BASE, prefill="base", required=True),
            _ISLAND, _ISLAND_HELD, _CARGO, _DIST, _LEGS)),
          ("transport", "from", "Sea transport from an island",
           "transport {island} {to} --island-end={island} {held} --cargo={cargo} --by={units} --distance={distance} --legs={legs}",
           "Sea transport from a controlled island without a port", "Transport",
           (_ISLAND, _ISLAND_HELD, Field("to", "To (base of debarkation)", "choice", choices_from=_BASE, required=True),
            _CARGO, _DIST, _LEGS)),
          ("escort", "to", "Sea escort to an island",
           "escort {from} {island} --island-end={island} {held} --cargo={cargo} --by={units} --reach={reach}",
           "NR with sea escort to a controlled island without a port", "Escort",
           (Field("from", "From", "choice", choices_from=_BASE, prefill="base", required=True), _ISLAND, _ISLAND_HELD, _CARGO,
            Field("reach", "Hexes from the destroyers' base to FROM (if elsewhere)", "number", min=0, max=999, step=1))),
          ("escort", "from", "Sea escort from an island",
           "escort {island} {to} --island-end={island} {held} --cargo={cargo} --by={units} --reach={reach}",
           "NR with sea escort from a controlled island without a port", "Escort",
           (_ISLAND, _ISLAND_HELD, Field("to", "To", "choice", choices_from=_BASE, required=True), _CARGO,
            Field("reach", "Hexes from the destroyers' base to the island", "number", min=0, max=999, step=1))),
          ("invade", "from", "Seaborne invasion from an island",
           "invade {hex} {island} --island-end={island} {held} --hex-kind={kind} --cargo={cargo} --by={units} "
           "--distance={distance} {defended} --odds={odds} {supplied}",
           "Invade from a controlled island without a port", "Invade",
           (Field("hex", "Invasion hex", required=True, placeholder="e.g. U19"), _ISLAND, _ISLAND_HELD,
            Field("kind", "Hex kind", "choice", choices=("beach", "gibraltar", "singapore", "one-hex-island", "port")),
            _CARGO, _DIST, Field("defended", "Defended (enemy unit)", "flag", option="--defended"),
            Field("odds", "Odds (if defended)", placeholder="3:1"),
            Field("supplied", "Supplied there (21.514E)", "flag", option="--supplied"))),
      )),
    Action("escort-result", "", "Escort result", "escort-result {id} --surviving={surviving} {defeated}",
           "After an interception of a sea escort: cargo delivered, returned or eliminated (21.66)", "21.66",
           fields=(Field("id", "Escort (e.g. escort-3)", required=True),
                   Field("surviving", "Destroyer factors surviving", "number", min=0, max=999, step=1),
                   Field("defeated", "The escort lost the naval combat", "flag", option="--defeated"))),
    Action("transport-result", "", "Transport result", "transport-result {id} {stage}",
           "A sea transport intercepted and defeated before or after embarkation (21.436)", "21.436",
           fields=(Field("id", "Transport (e.g. transport-3)", required=True),
                   Field("stage", "Defeated", "choice", choices=("before", "after"), required=True))),
    Action("invasion-result", "exclamation_mark", "Invasion result", "invasion-result {id} {end} --survivors={survivors}",
           "How an invasion ended: landed, repulsed, defeated at sea or aborted (21.516-21.518)", "21.516", footer=False,
           fields=(Field("id", "Invasion", required=True, choices_from=_OPEN_INVASIONS),
                   Field("end", "Result", "choice", choices=("landed", "repulsed", "defeated-at-sea", "aborted"), required=True),
                   Field("survivors", "Surviving invaders (blank: all)", placeholder="50 Inf, 7 Arm"))),
    Action("invasion-losses", "minus", "Invasion losses", "invasion-losses {id} {n} --ships={ships}",
           "Invasion combat losses taken with the bombarding fleet, or the ways to take them (21.528)", "21.5283",
           footer=False, dialog="Invasion losses", ok="Take",
           fields=(Field("id", "Invasion", required=True, choices_from=_OPEN_INVASIONS),
                   Field("n", "Loss factors required", "number", min=1, max=999, step=1, required=True),
                   Field("ships", "Fleet losses taken (blank: list the ways)", placeholder="RM-DD-Messina:2,Littorio"))),
    Action("raid-engage", "at", "Raider engagement", "raid-engage {id} --attempt={attempt} --air-range={air_range} --cves={cves} "
           "{us_war} {singapore} --codebreaking={codebreaking} --result={result}",
           "An engagement attempt on the Raider Table: a die plus the printed modifiers, or the result typed (21.5341, 21.538)",
           "21.5341", footer=False, dialog="Raider engagement", ok="Engage",
           text="21.5341: 0 or less escapes detection; 21.538A: a second attempt before the raiders return. The modified "
                "result may be typed (RULINGS A2).",
           fields=(_OPEN_RAIDS, Field("attempt", "Attempt (blank: the next)", "choice", choices=("", "1", "2")),
                   Field("result", "Result typed (blank: rolled)", "number", min=-20, max=20, step=1),
                   Field("air_range", "Air range results", "number", min=0, max=9, step=1),
                   Field("cves", "CVEs escorting", "number", min=0, max=99, step=1),
                   Field("us_war", "U.S. at war with Germany", "flag", option="--us-war"),
                   Field("singapore", "From Singapore (Japan)", "flag", option="--singapore"),
                   Field("codebreaking", "Codebreaking", "choice", choices=("", "-1", "1")))),
    Action("raid-ships", "number_sign", "Raider defenders", "raid-ships {id} {faces} --missing={missing} {decline}",
           "The ship type each defender's die sends, or the defender declines to oppose the group (21.5342, 21.5341)",
           "21.5342", footer=False, dialog="Ships engaging the raiders", ok="Send",
           text="21.5342A: one die per point of the modified roll; a die may be typed with the lesser type chosen (4:2).",
           fields=(_OPEN_RAIDS, Field("faces", "Dice, comma-separated (blank: rolled)", placeholder="5,4,2 or 4:2"),
                   Field("missing", "Types with no eligible ship (optional)", placeholder="4,5"),
                   Field("decline", "The defender declines to oppose the group", "flag", option="--decline"))),
    Action("raid-return", "less_than_sign", "Raiders return", "raid-return {id} {engaged} --survivors={survivors} "
           "--damaged={damaged} --sunk={sunk} --transports-lost={lost}",
           "The raider group returns to port inverted, with its combat and transport results typed (21.537, 21.5361)",
           "21.537", footer=False, dialog="Raiders return", ok="Return",
           text="21.537B: the group returns as one; 21.538B: no second attack on the transports.",
           fields=(_OPEN_RAIDS, Field("engaged", "Naval combat was fought (results typed)", "flag", option="--engaged"),
                   Field("survivors", "Unscreened defenders surviving the first round", "number", min=0, max=99, step=1),
                   Field("damaged", "Damaged (ids, comma-separated)", placeholder="e.g. Scheer,Lutzow"),
                   Field("sunk", "Sunk (ids)", placeholder="e.g. Hipper"),
                   Field("lost", "Transports lost (typed)", "number", min=0, max=99, step=1))),
)
"""The operations' keys of the Naval mode."""
