"""``setup``: add, edit and remove any entity of a game's scenario (a port, a base, a unit, a hex...), logged and undoable.

The grammar (issue 23, Setup mode)::

    setup add KIND FIELD=VALUE ...          setup add ports name=Tobruk type=great owner=axis
    setup edit KIND [KEY] FIELD=VALUE ...   setup edit ports Tobruk owner=allied   (a table kind: no KEY)
    setup remove KIND KEY                   setup remove units 17

``KIND`` is a file of the rule set's CSV form (its plugin's ``form``: ``ports``, ``bases``, ``units``,
``hexes``...), its fields the CSV columns, each value read as the CSV cell is (``a;b`` lists, ``k=v;k=v`` tables);
``FIELD=`` (nothing after ``=``) gives a field back its default. ``KEY`` is the entry's key column (a port's
name, a unit's id); a kind without one is addressed by its row number (1 first). The game's world is turned
into its plain scenario (its plugin's ``export``), the entry changed there, and the scenario read
back by the rule set's own loader: its checks refuse a bad entry with the import's message, and nothing changes.

The new world keeps everything of the game the edit does not touch (:func:`merge`: a three-way merge of the
world now, the world its scenario would give, and the world the edited scenario gives), so a mid-game
correction leaves the markers, hits and plans of the turn as they are. Before the game has left the segment it
started in, an edit is set-up; after, it is a correction, and its event and the Log say so.

The rule set's form and the CSV cells' reader are imported on first use only (not on the start path). The engine
asks the registry for them: it imports nothing of the scenario package above it.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import msgspec

from ..rules.core.errors import DataError, RuleError
from ..rules.core.ruleset import Outcome, Verb
from ..rules.core.state import GameState
from .registry import plugin

ACTIONS = ("add", "edit", "remove")
SYNTAX = "setup add|edit|remove KIND [KEY] [FIELD=VALUE ...]"
HELP = ("Set up the game (issue 23): add, edit or remove any entity of the scenario (setup add ports name=Tobruk "
        "type=great owner=axis; setup edit ports Tobruk owner=allied; setup remove ports Tobruk). KIND is a file of "
        "'harbormaster scenario template'; checked as the import checks it. After the game has left its first "
        "segment, the same edit is logged as a correction.")


def setup_verb(initial: Callable[[], GameState]) -> Verb:
    """The ``setup`` verb of a game whose initial state ``initial()`` gives (to tell set-up from a correction)."""

    def handler(ctx: Any, args: list[str], opts: dict[str, Any]) -> Outcome:
        return apply_setup(ctx.ruleset, ctx.state, args, correction=is_correction(initial(), ctx.state))

    return Verb("setup", SYNTAX, HELP, "the scenario's set-up (issue 23)", handler, anytime=True, group="game")


def is_correction(initial: GameState, state: GameState) -> bool:
    """Whether an edit of ``state`` is a correction: the game has left the segment it started in."""
    return (state.flow.turn, state.flow.index) != (initial.flow.turn, initial.flow.index)


def kinds(ruleset_id: str) -> dict[str, Any]:
    """The kinds of entity ``setup`` edits for ``ruleset_id``, by name (every file of the form but ``scenario``)."""
    return {k.name: k for k in plugin(ruleset_id).form()}


def fields_of(kind: Any) -> dict[str, Any]:
    """The fields (msgspec type descriptions) of a kind, by column name (a map kind: its two columns)."""
    from ..rules.core.cells import field_types

    if kind.shape == "map":
        import msgspec.inspect as mi

        return {kind.columns[0]: mi.StrType(), kind.columns[1]: mi.type_info(kind.struct)}
    return field_types(kind.struct)


def key_of(kind: Any) -> str:
    """The column naming an entry of ``kind`` ("" for a table, or rows addressed by number)."""
    return kind.columns[0] if kind.shape == "map" else kind.key


def scenario_of(state: GameState, ruleset: Any) -> dict[str, Any]:
    """The plain scenario of the game's world now (its rule set's tables; the ``scenario`` table is not edited)."""
    return plugin(ruleset.id).export(state.world, ruleset)


def entries(state: GameState, ruleset: Any, kind_name: str) -> list[dict[str, Any]]:
    """The entries of one kind in the game now, as rows of plain values (a table: its one row; a map: key, value)."""
    kind = kinds(ruleset.id)[kind_name]
    return _rows(kind, scenario_of(state, ruleset))


def _rows(kind: Any, raw: dict[str, Any]) -> list[dict[str, Any]]:
    """One kind's entries in the plain scenario ``raw``, as rows."""
    value = kind.find(raw)
    if kind.shape == "map":
        return [{kind.columns[0]: k, kind.columns[1]: v} for k, v in (value or {}).items()]
    if kind.shape == "table":
        return [dict(value or {})]
    return [dict(r) for r in value]


def _values(kind: Any, words: list[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` words as plain values (None: back to the default), read as CSV cells are."""
    from ..rules.core.cells import CellError, describe, parse

    types = fields_of(kind)
    out: dict[str, Any] = {}
    for word in words:
        name, eq, text = word.partition("=")
        name = name.strip()
        if not eq or not name:
            raise RuleError(f"'{word}' is not FIELD=VALUE (the fields of {kind.name}: {', '.join(types)})")
        if name not in types:
            raise RuleError(f"{kind.name} has no field '{name}'; its fields: {', '.join(types)}")
        if name in out:
            raise RuleError(f"{name} is given twice")
        if not text.strip():
            out[name] = None
            continue
        try:
            out[name] = parse(text, types[name])
        except CellError as exc:
            raise RuleError(f"{kind.name} {name}: {exc} ({describe(types[name])})") from None
    return out


_NAME_OF = re.compile(r"\bname of (\w+)\.csv\b")


def is_description(value: str) -> bool:
    """Whether an allowed value of a column is a description ("a name of bases.csv"), not a name to type."""
    return value.startswith(("a ", "an "))


def names(ruleset: Any, raw: dict[str, Any], kind_name: str, column: str) -> tuple[str, ...]:
    """The names a column of ``kind_name`` takes in the game whose plain scenario is ``raw`` (issue 30.14): the rule
    set's allowed values that are names, and for "a name of X.csv" the names of X's entries now."""
    out: list[str] = []
    known = kinds(ruleset.id)
    for value in plugin(ruleset.id).allowed(ruleset).get((kind_name, column), ()):
        if not is_description(value):
            out.append(value)
        for other in _NAME_OF.findall(value):
            kind = known.get(other)
            if kind is not None:
                column_of = key_of(kind) or next(iter(fields_of(kind)))
                out += [str(r.get(column_of, "")) for r in _rows(kind, raw) if r.get(column_of)]
    return tuple(dict.fromkeys(out))


def short_forms(ruleset: Any) -> dict[tuple[str, str], dict[str, str]]:
    """The other names a rule set takes for a column's names (a sea zone's id and aliases: ``Aegean``), lower case, to
    the full name; read from the rule set's form module (``short_forms(ruleset)``) when it has one."""
    import importlib

    try:
        module = importlib.import_module(f"{plugin(ruleset.id).package}.form")
    except ImportError:
        return {}
    given = getattr(module, "short_forms", None)
    return given(ruleset) if given is not None else {}


def resolve_names(ruleset: Any, raw: dict[str, Any], kind: Any, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each typed name made the full name it stands for (issue 30, low): a short form the rule set
    knows, any case, or a unique prefix (``Aegean`` -> ``Aegean Sea``); several names it could be are refused in one
    line naming them; a text that starts no name is kept as typed (the rule set's check says what it takes)."""
    short: dict[tuple[str, str], dict[str, str]] | None = None
    out = dict(values)
    for column, value in values.items():
        if not isinstance(value, str) or not value.strip():
            continue
        known = names(ruleset, raw, kind.name, column)
        if not known:
            continue
        wanted = value.strip().lower()
        exact = [n for n in known if n.lower() == wanted]
        if exact:
            out[column] = exact[0]
            continue
        if short is None:
            short = short_forms(ruleset)
        full = short.get((kind.name, column), {}).get(wanted)
        if full is not None:
            out[column] = full
            continue
        starts = [n for n in known if n.lower().startswith(wanted)]
        if len(starts) == 1:
            out[column] = starts[0]
        elif starts:
            raise RuleError(f"{kind.name} {column}: '{value.strip()}' could be {', '.join(starts)}: type more of the name")
    return out


def _struct_check(kind: Any, row: dict[str, Any]) -> None:
    """Refuse a row its struct does not take (a required field missing, a value out of its range)."""
    if kind.shape == "map":
        return
    import msgspec

    try:
        msgspec.convert(row, kind.struct)
    except msgspec.ValidationError as exc:
        raise RuleError(f"{kind.name}: {str(exc).replace('`$.', '`')}") from None


def _find(kind: Any, rows: list[dict[str, Any]], key: str) -> int:
    """The index of the entry ``key`` names (its key column, or its row number)."""
    column = key_of(kind)
    if column:
        for i, row in enumerate(rows):
            if str(row.get(column, "")) == key:
                return i
        names = ", ".join(str(r.get(column, "")) for r in rows[:8]) + (", ..." if len(rows) > 8 else "")
        raise RuleError(f"no {kind.name} entry '{key}'" + (f" (there are: {names})" if rows else f" (there are no {kind.name})"))
    if key.isdigit() and 1 <= int(key) <= len(rows):
        return int(key) - 1
    raise RuleError(f"{kind.name} entries are named by row number, 1 to {len(rows)}; '{key}' is none")


def apply_setup(ruleset: Any, state: GameState, args: list[str], *, correction: bool = False) -> Outcome:
    """Run one ``setup`` command on ``state``: the new world, or a :class:`RuleError` that changes nothing."""
    if not args or args[0].lower() not in ACTIONS:
        raise RuleError(f"usage: {SYNTAX}")
    action = args[0].lower()
    known = kinds(ruleset.id)
    if len(args) < 2:
        raise RuleError(f"'setup {action}' needs a KIND: {', '.join((SCENARIO, *known))}")
    if args[1].lower() == SCENARIO:
        return _edit_scenario(state, action, list(args[2:]), correction)
    kind = known.get(args[1].lower())
    if kind is None:
        raise RuleError(f"'{args[1]}' is not a kind of {ruleset.id} entity; the kinds: {', '.join(known)}")
    rest = list(args[2:])
    raw = scenario_of(state, ruleset)
    rows = _rows(kind, raw)
    column = key_of(kind)
    if kind.shape == "table" and action != "edit":
        raise RuleError(f"{kind.name} is one table: 'setup edit {kind.name} FIELD=VALUE ...' changes it")
    if action == "add":
        values = resolve_names(ruleset, raw, kind, _values(kind, rest))
        row = {k: v for k, v in values.items() if v is not None}
        _struct_check(kind, row)
        if column and any(str(r.get(column, "")) == str(row.get(column, "")) for r in rows):
            raise RuleError(f"{kind.name} already has '{row.get(column)}' ({column} names one entry)")
        rows.append(row)
        name = str(row.get(column, "")) if column else f"#{len(rows)}"
        what = f"added {kind.name} {name}"
    else:
        if kind.shape == "table":
            index, words = 0, rest
        else:
            if not rest:
                raise RuleError(f"'setup {action} {kind.name}' needs the entry: its {column or 'row number'}")
            index, words = _find(kind, rows, rest[0]), rest[1:]
        name = str(rows[index].get(column, "")) if column else ("" if kind.shape == "table" else f"#{index + 1}")
        if action == "remove":
            if words:
                raise RuleError(f"'setup remove' takes KIND and KEY only, not '{words[0]}'")
            del rows[index]
            what = f"removed {kind.name} {name}"
        else:
            values = resolve_names(ruleset, raw, kind, _values(kind, words))
            if not values:
                raise RuleError(f"'setup edit' needs FIELD=VALUE to change (the fields of {kind.name}: {', '.join(fields_of(kind))})")
            row = {**rows[index], **values}
            row = {k: v for k, v in row.items() if v is not None}
            _struct_check(kind, row)
            rows[index] = row
            what = f"edited {kind.name}{' ' + name if name else ''}: " + ", ".join(f"{k}={'(default)' if v is None else _cell(v)}" for k, v in values.items())
    _put(kind, raw, rows)
    new = world_of(ruleset, raw)
    base = world_of(ruleset, scenario_of(state, ruleset))  # afresh: ``raw`` now holds the edit
    world = merge(state.world, base, new)
    summary = ("Correction: " if correction else "Setup: ") + what
    return Outcome(world=world, summary=summary, actor="referee", details=(("a correction to the game's set-up, made after it began (issue 23)",)
                                                          if correction else ()))


SCENARIO = "scenario"
#: The fields of the game's own scenario a ``setup edit scenario`` changes (issue 30.15): its title, whether it is
#: illustrative, its note; kept in the game's settings (``scenario_name``, ``illustrative``, ``note``), read by the
#: title and by ``scenario export`` before the scenario the game was made from.
SCENARIO_FIELDS = {"name": "scenario_name", "illustrative": "illustrative", "note": "note"}


def _edit_scenario(state: GameState, action: str, words: list[str], correction: bool) -> Outcome:
    """``setup edit scenario name=... illustrative=... note=...``: the game's own title, flag and note."""
    import msgspec.inspect as mi

    from ..rules.core.cells import CellError, parse

    if action != "edit":
        raise RuleError("the scenario is one table: 'setup edit scenario name=... illustrative=... note=...' changes it")
    settings = dict(state.settings)
    changed: list[str] = []
    for word in words:
        name, eq, text = word.partition("=")
        name = name.strip()
        if not eq or name not in SCENARIO_FIELDS:
            raise RuleError(f"'{word}' is not FIELD=VALUE of the scenario (its fields here: {', '.join(SCENARIO_FIELDS)})")
        text = text.strip()
        if name == "illustrative":
            try:
                text = "true" if parse(text or "false", mi.BoolType()) else "false"
            except CellError as exc:
                raise RuleError(f"scenario illustrative: {exc}") from None
        elif name == "name" and not text:
            raise RuleError("the scenario's name cannot be blank")
        settings[SCENARIO_FIELDS[name]] = text
        changed.append(f"{name}={text}")
    if not changed:
        raise RuleError(f"'setup edit scenario' needs FIELD=VALUE to change ({', '.join(SCENARIO_FIELDS)})")
    summary = ("Correction: " if correction else "Setup: ") + "edited scenario: " + ", ".join(changed)
    return Outcome(world=state.world, summary=summary, actor="referee", state=msgspec.structs.replace(state, settings=settings))


def scenario_info(state: GameState, meta: dict[str, Any]) -> dict[str, Any]:
    """The game's own name, illustrative flag and note: as set up in the game, else as its scenario had them."""
    settings = state.settings
    return {"name": settings.get("scenario_name") or str(meta.get("scenario_name", "")),
            "illustrative": settings.get("illustrative", str(meta.get("scenario_illustrative", False)).lower()) == "true",
            "note": settings.get("note", str(meta.get("scenario_note", "")))}


def _cell(value: Any) -> str:
    from ..rules.core.cells import show

    return show(value)


def _put(kind: Any, raw: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """Put a kind's edited entries back into the plain scenario ``raw`` (in place of what was there)."""
    if kind.shape == "map":
        value: Any = {r[kind.columns[0]]: r[kind.columns[1]] for r in rows}
    elif kind.shape == "table":
        value = rows[0]
    else:
        value = rows
    if kind.name == "nations":  # shares its TOML table with port_nations
        raw["nations"] = {**({"ports": raw["nations"]["ports"]} if "ports" in raw.get("nations", {}) else {}), **value}
        return
    if kind.name == "port_nations":
        raw.setdefault("nations", {}).pop("ports", None)
    elif kind.name == "other_waters":
        raw.pop("other_waters", None)
    else:
        raw.pop(kind.name, None)
    kind.place(raw, value)


def world_of(ruleset: Any, raw: dict[str, Any]) -> Any:
    """The world the plain scenario ``raw`` gives, checked by the rule set's loader; a problem is a :class:`RuleError`
    naming the entry and the field, with the import's message."""
    try:
        return ruleset.world_from_scenario(raw, "setup")
    except DataError as exc:
        raise RuleError(f"refused, nothing changed: {_where(exc.where, ruleset.id, raw)}: {exc.problem}") from None


def _where(where: str, ruleset_id: str, raw: dict[str, Any]) -> str:
    """``table ports, key 25.type`` as ``ports Derna, type`` (the entry by its key, the field by its column)."""
    table, _, key = where.removeprefix("table ").partition(", key ")
    head, _, rest = key.partition(".")
    kind = kinds(ruleset_id).get(table)
    rows = kind.find(raw) if kind is not None and kind.shape == "rows" else []
    if kind is not None and head.isdigit() and int(head) < len(rows):
        column = key_of(kind)
        name = str(rows[int(head)].get(column, "")) if column else f"#{int(head) + 1}"
        return f"{table} {name}" + (f", {rest.split('.')[0]}" if rest else "")
    return where.removeprefix("table ")


def merge(old: Any, base: Any, new: Any) -> Any:
    """The world ``old`` with the change from ``base`` to ``new`` made in it (a three-way merge).

    Whatever ``new`` leaves as ``base`` had it stays as in ``old`` (the game's own state of it); an entry added in
    ``new`` is taken, one removed is dropped, one changed is merged field by field the same way.
    """
    if new == base:
        return old
    if old == base:
        return new
    if isinstance(new, dict) and isinstance(base, dict) and isinstance(old, dict):
        out = {k: (merge(old[k], base[k], v) if k in base and k in old else v) for k, v in new.items()}
        out.update({k: v for k, v in old.items() if k not in base and k not in out})  # the game's own entries
        return out
    if isinstance(new, msgspec.Struct) and type(new) is type(base) is type(old):
        changes = {name: merge(getattr(old, name), getattr(base, name), getattr(new, name))
                   for name in new.__struct_fields__}
        return msgspec.structs.replace(old, **changes)
    return new
