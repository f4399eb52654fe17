"""OCS set-up commands: ``port add|edit|remove`` and reading side names.

A port typed in goes through the same checks as a scenario's ``[[ports]]``
entry (:func:`.world.scenario_port`), so the app never holds a port the data
files would refuse.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from ..core.errors import DataError, RuleError
from ..core.names import new_name, note_resolved
from ..core.numbers import MOST, read_int
from .ports import Port, fmt
from .tables import OcsTables
from .world import OcsWorld, ScenarioPort, scenario_port, take_port

KEYS = ("owner", "capacity", "hex", "supply", "track", "hits", "note")
"""The fields ``port add`` / ``port edit`` may set (``supply`` = supply source, ``track`` = Damage Track)."""

TRUE = {"yes", "y", "true", "on", "1"}
FALSE = {"no", "n", "false", "off", "0"}


def side_of(text: str, tables: OcsTables) -> str:
    """Read a side name (a unique prefix will do)."""
    found = [s for s in tables.sides if text and s.startswith(text.lower())]
    if len(found) == 1:
        return note_resolved(text, found[0])
    raise RuleError(f"'{text}' is not a side ({' or '.join(tables.sides)})")


def _fields(port: Port, tables: OcsTables) -> dict[str, Any]:
    """A port as the fields of a scenario entry."""
    return {"name": port.name, "owner": port.owner, "capacity": fmt(port.capacity, tables),
            "damage_track": [fmt(t, tables) for t in port.damage_track], "hex": port.hex,
            "supply_source": port.supply_source, "hits": port.hits, "enemy_zoc": port.enemy_zoc,
            "zoc_negated": port.zoc_negated, "note": port.note}


def _apply(fields: dict[str, Any], pairs: list[str], tables: OcsTables) -> dict[str, Any]:
    fields = dict(fields)
    for pair in pairs:
        key, _, value = pair.partition("=")
        key, value = key.strip().lower().replace("-", "_"), value.strip()
        if key == "owner":
            fields["owner"] = side_of(value, tables)
        elif key == "capacity":
            fields["capacity"] = value
        elif key == "hex":
            fields["hex"] = value
        elif key == "note":
            fields["note"] = value
        elif key == "supply":
            if value.lower() not in TRUE | FALSE:
                raise RuleError(f"supply must be yes or no, not '{value}' (19.0e)")
            fields["supply_source"] = value.lower() in TRUE
        elif key == "track":
            fields["damage_track"] = [v.strip() for v in value.split(",") if v.strip()]
            fields["capacity"] = None  # the first box is the undamaged capacity
        elif key == "hits":
            fields["hits"] = read_int(value, "hits (19.0b)", 0, MOST)
        else:
            raise RuleError(f"cannot set '{key}'; keys: {', '.join(KEYS)}")
    return fields


def _build(fields: dict[str, Any], tables: OcsTables) -> Port:
    try:
        return scenario_port(ScenarioPort(**fields), tables, "command", "port")
    except DataError as exc:
        raise RuleError(f"{exc.where.replace('port.', '')}: {exc.problem}") from None


def port_command(world: OcsWorld, args: list[str], tables: OcsTables) -> tuple[OcsWorld, str]:
    """``port add NAME key=value ...``, ``port edit NAME key=value ...``, ``port remove NAME``."""
    if not args or args[0] not in ("add", "edit", "remove"):
        raise RuleError("usage: port add NAME owner=SIDE capacity=AMOUNT [hex=..] [supply=yes] [track=A,B,..] | "
                        "port edit NAME key=value ... | port remove NAME")
    sub, rest = args[0], args[1:]
    words = [a for a in rest if "=" not in a]
    pairs = [a for a in rest if "=" in a]
    if sub == "add":
        name = " ".join(words)
        if not name:
            raise RuleError("port add NAME owner=SIDE capacity=AMOUNT ...")
        new_name(name, "a port's name")
        if name.lower() in (n.lower() for n in world.ports):
            raise RuleError(f"there is already a port called {name}")
        if not any(p.lower().startswith(("capacity=", "track=")) for p in pairs) or not any(p.lower().startswith("owner=") for p in pairs):
            raise RuleError("port add NAME owner=SIDE capacity=AMOUNT (or track=A,B,..) [hex=..] [supply=yes]")
        port = _build(_apply({"name": name, "owner": "", "capacity": None}, pairs, tables), tables)
        return world.with_port(port), f"Port added: {name}, {port.owner}, capacity {fmt(port.capacity, tables)}"
    port, extra = take_port(world, words)
    if extra:
        raise RuleError(f"expected key=value after the port name, got {' '.join(extra)}")
    if sub == "remove":
        if pairs:
            raise RuleError("port remove NAME takes nothing else")
        return replace(world, ports={n: p for n, p in world.ports.items() if n != port.name}), f"Port removed: {port.name}"
    if not pairs:
        raise RuleError(f"port edit {port.name} key=value ...; keys: {', '.join(KEYS)}")
    built = _build(_apply(_fields(port, tables), pairs, tables), tables)
    new = replace(built, used=port.used, oversize=port.oversize, reduced_this_turn=port.reduced_this_turn,
                  repaired_this_turn=port.repaired_this_turn)
    return world.with_port(new), f"Port edited: {port.name} ({', '.join(pairs)})"
