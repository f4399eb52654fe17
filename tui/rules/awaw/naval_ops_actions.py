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
    Action("invasion-losses", "", "Invasion losses", "invasion-losses {id} {n}",
           "The ways to take invasion combat losses with the bombarding fleet (21.5283)", "21.5283",
           fields=(Field("id", "Invasion", required=True, choices_from=_OPEN_INVASIONS),
                   Field("n", "Loss factors required", "number", min=1, max=999, step=1, required=True))),
    Action("raid-engage", "", "Raider engagement", "raid-engage {id} --attempt={attempt} --result={result}",
           "An engagement attempt on the Raider Table (21.5341, 21.538)", "21.5341",
           fields=(Field("id", "Raid (e.g. raid-5)", required=True),
                   Field("attempt", "Attempt", "choice", choices=("1", "2")),
                   Field("result", "Modified result typed (blank: the app rolls; RULINGS A2)", "number", min=-20, max=20, step=1))),
    Action("raid-return", "", "Raiders return", "raid-return {id}", "The raider group returns to port inverted (21.537)", "21.537",
           fields=(Field("id", "Raid (e.g. raid-5)", required=True),)),
)
"""The operations' keys of the Naval mode."""
