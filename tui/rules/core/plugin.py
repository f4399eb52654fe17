"""What a rule set gives the rest of the app: one :class:`RuleSetPlugin`, found through a Python entry point.

A rule set is a package of its own. It exposes one object in the entry-point
group ``harbormaster.rulesets`` (its ``pyproject.toml`` declares it; the
bundled four are declared in Harbormaster's own):

.. code-block:: toml

    [project.entry-points."harbormaster.rulesets"]
    convoy = "convoy_rules.plugin:PLUGIN"

The object holds everything the engine, the screens, the command line and the
scenario package ask a rule set for by name: how to load it, the options its
verbs take a value for, the keys that mean two things across its modes, the
files (kinds) of its scenario's CSV form, how its world is written back as a
scenario, the values its columns allow, and its bundled scenarios. Nothing
outside a rule set's own folder names a rule set (``tests/test_plugins.py``).

The object is read when the app starts: keep the module that defines it light
(the form's structs and the loader are imported on first use, through the
callables). ``docs/writing-a-rule-set.md`` is the guide, with a toy game.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Callable, Mapping

import msgspec

from .cells import field_types
from .ruleset import RuleSet

#: The entry-point group rule sets are found in.
GROUP = "harbormaster.rulesets"


class Kind(msgspec.Struct, frozen=True):
    """One CSV file of a scenario and the TOML table it fills.

    ``rows``: one row per entry of a list of tables (``[[ports]]``), its columns the fields of ``struct``;
    ``table``: one data row, the fields of one table (``[turn]``); ``map``: a ``key,value`` pair per row of a table of
    names (``[drm]``). ``put``/``take`` place the plain value into the scenario and back when it is not simply the
    table of the kind's name; ``toml_type`` is the type of that table in the TOML form when it is not the one
    ``shape`` and ``struct`` give (for the JSON Schema).
    """

    name: str
    struct: Any  # rows and table: the struct of a row; map: the type of the value column
    shape: str = "rows"  # rows | table | map
    key: str = ""  # rows: the column that names an entry (listed twice is refused)
    columns: tuple[str, str] = ("key", "value")  # map: the two column names
    rule: str = ""  # what the rows are, with the rule
    put: Callable[[dict[str, Any], Any], None] | None = None  # how the plain value goes into the scenario
    take: Callable[[dict[str, Any]], Any] | None = None  # and back
    toml_type: Any = None
    filled_by_other: bool = False  # its rows fill another kind's TOML table (not a table of the scenario file itself)

    @property
    def file(self) -> str:
        """The CSV file's name."""
        return f"{self.name}.csv"

    def header(self) -> tuple[str, ...]:
        """The header row."""
        if self.shape == "map":
            return self.columns
        return tuple(field_types(self.struct))

    def place(self, raw: dict[str, Any], value: Any) -> None:
        """Put ``value`` (plain data) into the scenario ``raw``."""
        if self.put is not None:
            self.put(raw, value)
        elif value or self.shape == "table":
            raw[self.name] = value

    def find(self, raw: dict[str, Any]) -> Any:
        """This kind's plain data in the scenario ``raw`` (a list, a table or a mapping)."""
        if self.take is not None:
            return self.take(raw)
        return raw.get(self.name, {} if self.shape != "rows" else [])


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A callable that imports ``module`` on its first call and calls its function ``name``: a plugin's module stays
    light, its rule set loaded only when a game asks for it."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    return call


def _no_values(ruleset: RuleSet) -> dict[tuple[str, str], tuple[str, ...]]:
    return {}


class RuleSetPlugin(msgspec.Struct, frozen=True, kw_only=True):
    """One rule set, as the rest of the app knows it.

    ``load`` (data folder, rule cache) builds the :class:`RuleSet` (the cache may be ignored); ``form`` gives the
    kinds of its scenario's CSV form, the ``scenario`` table excepted (the app adds it); ``export`` writes a world
    back as the tables of its scenario (``scenario export``, ``setup``); ``allowed`` gives, by (kind, column), the
    values a column must take (the scenario page and the Setup mode's hints).
    """

    id: str
    name: str
    package: str  # its package's import name: its code is part of a verified save's marker
    load: Callable[[Path, Any], RuleSet]
    form: Callable[[], tuple[Kind, ...]]
    export: Callable[[Any, RuleSet], dict[str, Any]]
    allowed: Callable[[RuleSet], dict[tuple[str, str], tuple[str, ...]]] = _no_values
    value_options: frozenset[str] = frozenset()  # its verbs' options that take a value (``--distance 10``)
    shared_keys: Mapping[str, frozenset[str]] = msgspec.field(default_factory=dict)  # a key with two meanings: the two
    named_by_others: frozenset[str] = frozenset()  # kinds whose rows other rows name (a unit its base)
    scenarios: str = ""  # a folder of its bundled scenario files (``*.toml``); "": the app's data folder holds them


def laid_out(package: str, **fields: Any) -> RuleSetPlugin:
    """The plugin of a rule set laid out as the bundled ones are: ``load`` in ``<package>.ruleset``; ``kinds``,
    ``export`` and ``allowed`` in ``<package>.form`` (each imported on first use); ``fields`` give the rest."""
    return RuleSetPlugin(package=package, load=lazy(f"{package}.ruleset", "load"), form=lazy(f"{package}.form", "kinds"),
                         export=lazy(f"{package}.form", "export"), allowed=lazy(f"{package}.form", "allowed"), **fields)
