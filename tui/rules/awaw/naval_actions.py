"""The keys of the AWAW Naval mode (``RuleSet.actions["naval"]``) and Ports mode, as data.

A Naval action's target is ``units``: the row the Naval screen hands it
holds ``units`` (the ids of the marked units, or the unit under the cursor,
comma-separated), and the cursor unit's ``base``, ``power`` and ``name``.
Distances are typed (RULINGS A1). The operations of 21.42-21.6 add their
own keys (``verbs_ops``).
"""

from __future__ import annotations

from ..core.actions import Action, Field

_DIST = Field("distance", "Distance by water (hexes, typed: RULINGS A1)", "number", min=0, max=999, step=1, required=True)
_STRAITS = Field("straits", "Straits passed (ids, e.g. B,G; optional)", placeholder="B,G or Suez")
_LEGS = Field("legs", "Legs between ports touched (optional)", placeholder="12,15,7")
_PORTS = Field("ports", "Ports touched (optional)", placeholder="Malta,Alexandria")
_HEX = Field("hex", "Sea hex", required=True, placeholder="e.g. Y20")
_EXCEPTION = Field("exception", "Range exception (21.3615, 21.3616; optional)", placeholder="e.g. japan, hawaii-15")
_TO = Field("to", "To base", "choice", choices_from="own-bases:name", required=True)
_ANY_TO = Field("to", "To base", "choice", choices_from="ports:name", required=True)

NAVAL_ACTIONS: tuple[Action, ...] = (
    Action("rebase", "b", "Base change", "rebase {to} {units} --distance={distance} --straits={straits}",
           "Change base: 40/20 hexes, a base held at the start of the movement phase, room (21.22)", "21.22",
           target="units", dialog="Base change: {units}", ok="Change base", fields=(_TO, _DIST, _STRAITS),
           text="21.223: within 40 (Europe) / 20 (Pacific) hexes; 21.224 says who is inverted."),
    Action("patrol", "p", "Patrol", "patrol {hex} {units} --distance={distance} --legs={legs} --ports={ports} --straits={straits} "
           "--exception={exception}",
           "Announce a patrol; the app walks 21.416 B-L (21.41)", "21.41", target="units", dialog="Patrol: {units}",
           ok="Announce", fields=(_HEX, _DIST, _LEGS, _PORTS, _STRAITS, _EXCEPTION),
           text="21.412, 21.3614: 40/20 hexes, a port touched every 20/10. Units that changed base may not patrol (21.414B)."),
    Action("intercept", "i", "Intercept", "intercept {hex} {units} --distance={distance} --straits={straits} "
           "--target={target} {missed}",
           "The non-phasing side intercepts (result typed, RULINGS A2) (21.3611)", "21.3611", target="units",
           dialog="Intercept with {units}", ok="Intercept",
           fields=(_HEX, _DIST, _STRAITS, Field("target", "Mission intercepted (optional)", choices_from="missions:mission"),
                   Field("missed", "Missed: the Naval Interception Table gave no interception (21.4193)", "flag",
                         option="--missed"))),
    Action("support", "plus", "Support", "support {mission} {units} {failed}",
           "Patrolling units at sea support an intercepted friendly force and join it (21.4182)", "21.4182",
           target="units", footer=False, dialog="Support with {units}", ok="Support",
           text="21.4182A: only a patrol remaining at sea; B: it joins the force and adopts its mission.",
           fields=(Field("mission", "Mission supported", required=True, choices_from="missions:mission"),
                   Field("failed", "Did not reach it before the end of naval combat (21.4182C)", "flag",
                         option="--failed"))),
    Action("defend", "y", "Defend", "defend {hex} {units}", "Victorious interceptors stay as a defensive patrol (21.4191)",
           "21.4191", target="units", footer=False, fields=(_HEX,)),
    Action("return", "r", "Return", "return {units} --to={to} --distance={distance} {only}",
           "Units at sea return: to their origin (blank) or another base within 20/10 hexes (21.33)", "21.33",
           target="units", dialog="Return {units}", ok="Return",
           fields=(Field("to", "To another base (blank: base of origin)", "choice", choices_from="return-bases:name"),
                   Field("distance", "Distance from the activity hex (another base only)", "number", min=0, max=999, step=1),
                   Field("only", "The only base available, though an enemy invasion targets it (21.33)", "flag", option="--only"))),
    Action("harbor", "h", "Harbor attack", "harbor {power} {target} {nature}",
           "Harbor attack: research result or Germany's initial attack; the app asks 21.443 B-D", "21.44",
           target="units", dialog="Harbor attack by {power}", ok="Announce",
           fields=(Field("power", "Attacking power", "choice", choices_from="units:power", prefill="power"),
                   Field("target", "Target base", "choice", choices_from="enemy-bases:name", required=True),
                   Field("nature", "Nature of the attack and modifiers (21.443A)", words=True))),
    Action("harbor-losses", "", "Harbor attack losses", "harbor-losses {base} --damaged={damaged} --sunk={sunk}",
           "The Harbor Attack Table's result on the ships in the target port (21.443D)", "21.443D", target="units",
           footer=False, dialog="Harbor attack losses at {base}", ok="Apply",
           fields=(Field("damaged", "Damaged (ids, comma-separated)", placeholder="Warspite,Valiant"),
                   Field("sunk", "Sunk in port (ids)", placeholder="Barham"))),
    Action("displace", "d", "Displace", "displace {base} {to} {units} --distance={distance} --front={front}",
           "Displace units from a base the enemy occupies to the nearest controlled port with room (21.23)", "21.23",
           target="units", dialog="Displace from {base}", ok="Displace",
           fields=(_ANY_TO, _DIST, Field("front", "Front (two-front port only, 21.23C)", "choice", choices=("", "western", "eastern", "mediterranean", "pacific")))),
    Action("nr", "w", "NR", "nr {to} {units} --distance={distance} --legs={legs} --straits={straits}",
           "Naval redeployment in the redeployment phase (21.32, 21.3612)", "21.3612", target="units",
           dialog="Redeploy {units}", ok="Redeploy", fields=(_TO, _DIST, _LEGS, _STRAITS)),
    Action("uninvert", "u", "Uninvert", "uninvert {units}", "Uninvert within the typed allowance (21.71, RULINGS A4)",
           "21.71", target="units"),
    Action("allowance", "equals_sign", "Allowance", "allowance {power} {n}", "Type a power's uninversion allowance from 33.7 (A4)",
           "21.71", target="units", footer=False, dialog="Uninversion allowance of {power}",
           fields=(Field("n", "Naval factors that may uninvert (33.7)", "number", min=0, max=999, step=1, required=True),)),
    Action("tf", "t", "TF", "tf {tf} {units}", "Form a task force of the marked units, or 'none' to leave one (21.312)",
           "21.312", target="units", footer=False, fields=(Field("tf", "Task force name (none: leave)", required=True),)),
    Action("damage", "x", "Damage", "damage {units} {repair}", "Damaged in combat (21.314); to Waiting for Repair (21.113)",
           "21.314", target="units", footer=False,
           fields=(Field("repair", "In the Waiting for Repair box", "flag", option="--repair"),)),
    Action("sink", "k", "Sink", "sink {units}", "Sunk or eliminated", "21.23G", target="units", footer=False),
    Action("eliminate", "e", "Eliminate", "eliminate {units}", "Excess units at an overstacked base eliminated (21.112)",
           "21.112", target="units", footer=False),
    Action("sub-air", "", "Air vs submarines", "sub-air {units}",
           "Land-based air attacks enemy submarines still on patrol, once each, in one sortie (21.4184C)", "21.4184C",
           target="units", footer=False, title="Land-based air attacks"),
    Action("failed", "", "Failed base change", "rebase-failed {units}", "Defeated while changing base: back, inverted (21.222)",
           "21.222", target="units", title="Failed base change of"),
)
"""The Naval mode's keys (CORE's; the operations append theirs)."""

PORT_ACTIONS: tuple[Action, ...] = (
    Action("control", "c", "Control", "control {name} {who}", "Record who holds the base (capture: 21.123, 21.124)",
           "21.123", target="ports", dialog="Who holds {name}?",
           fields=(Field("who", "Held by", "choice", choices_from="units:power", prefill="owner"),)),
    Action("operational", "o", "Operational", "operational {name} {operational}", "Toggle the port's operational status (21.221)",
           "21.221", target="ports", fields=(Field("operational", "Operational", "flag", prefill="operational", flip=True),)),
)
"""The Ports mode's keys for AWAW bases."""
