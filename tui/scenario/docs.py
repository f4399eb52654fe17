"""What a scenario's files hold, from the structs: the JSON Schema of the TOML form, the documentation page of a
rule set's CSV form, and the empty CSV templates (a header and one commented example row each)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from ..engine.registry import plugin
from ..rules.core.cells import describe, field_types, required, show
from .csvread import COMMENT
from .export import csv_text
from .forms import Kind, form


def _toml_type(kind: Kind) -> Any:
    if kind.toml_type is not None:
        return kind.toml_type
    if kind.shape == "rows":
        return list[kind.struct]  # type: ignore[name-defined]
    if kind.shape == "map":
        return dict[str, kind.struct]  # type: ignore[name-defined]
    return kind.struct


def schema(ruleset: str) -> dict[str, Any]:
    """The JSON Schema of ``ruleset``'s TOML scenario file (tables and their fields, types and ranges)."""
    fields = [(k.name, _toml_type(k), msgspec.UNSET) if k.name != "scenario" else (k.name, k.struct)
              for k in form(ruleset) if not k.filled_by_other]
    struct = msgspec.defstruct(f"{ruleset.title()}Scenario", fields, kw_only=True, forbid_unknown_fields=True)  # type: ignore[arg-type]
    out = msgspec.json.schema(struct)
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    out["title"] = f"A {ruleset} scenario of Harbormaster (TOML)"
    return out


def _defaults(kind: Kind) -> dict[str, Any]:
    info = msgspec.inspect.type_info(kind.struct)
    return {f.encode_name: f.default_factory() if f.default is msgspec.NODEFAULT else f.default
            for f in info.fields if not f.required}  # type: ignore[union-attr]


def allowed(ruleset: str, data_dir: Path) -> dict[tuple[str, str], tuple[str, ...]]:
    """The values a column must take, by (file kind, column), from the rule set's tables (the checks' own lists)."""
    from ..engine.setup import load_ruleset

    return plugin(ruleset).allowed(load_ruleset(ruleset, data_dir))


def page(ruleset: str, data_dir: Path | None = None) -> str:
    """The Markdown page of ``ruleset``'s scenario: every file, every column, its type and range, default, the
    values it allows and the rule."""
    if data_dir is None:
        from ..paths import data_dir as default_data

        data_dir = default_data()
    values = allowed(ruleset, data_dir)
    out = [f"# Scenario files: {ruleset}", "",
           f"A scenario of the {ruleset} rule set is one TOML file, or one CSV file per kind of thing below (the file's name is the "
           "kind's, the header row names the columns, a row whose first cell starts with `#` is a comment). "
           "`harbormaster scenario import --ruleset " + ruleset + " DIR -o game.toml` turns the CSV files into the "
           "TOML file; `harbormaster scenario template --ruleset " + ruleset + " -o DIR` writes a template: each file of "
           "rows has its header and one example row commented out, each file of one row a row to change (the "
           "`scenario` file names a game of your own, `my-game`), and the template imports as it is.", "",
           "Cells: text as it is; `true`/`false`; numbers; a list as items separated by `;` (a hexside as "
           "`0807/0808`, in a river's `hexsides`); a table as `key=value` items separated by `;`. An empty cell keeps the default. "
           "One `'` before a cell is taken off: `scenario export` writes a text, list or table cell that starts with `=`, `+`, "
           "`-`, `@`, a tab or a carriage return (or with `'`; a row's first cell also with `#`) behind a `'`, so that a "
           "spreadsheet shows it as text instead of running it as a formula, and the import reads back the text itself "
           "(type `''x` for a text that starts with `'`). A number is written as it is (`-1`): its column is typed, so it "
           "is read as a number, and `'-1` reads as -1 too. "
           "The names each cell must match (kinds, sides, bases, hexes...) are checked by the rule set, whose "
           "message lists the allowed values.", "",
           f"Generated from the code (`python -m tui.scenario.docs`); the JSON Schema of the TOML form is "
           f"[scenario-{ruleset}.schema.json](scenario-{ruleset}.schema.json).", ""]
    for kind in form(ruleset):
        shape = {"rows": "one row per entry", "table": "one row", "map": "one row per key"}[kind.shape]
        out += [f"## {kind.file}", "", f"{kind.rule[0].upper() + kind.rule[1:]} ({shape}; TOML: `{_toml_name(kind)}`).", "",
                "| column | type and range | required or default | allowed values |", "|---|---|---|---|"]
        if kind.shape == "map":
            import msgspec.inspect as mi

            for column, t in zip(kind.columns, (mi.StrType(), mi.type_info(kind.struct))):
                out.append(f"| {column} | {describe(t)} | required | {', '.join(values.get((kind.name, column), ()))} |")
        else:
            defaults = _defaults(kind)
            must = required(kind.struct)
            for name, t in field_types(kind.struct).items():
                when = "required" if name in must else f"`{show(defaults.get(name))}`" if show(defaults.get(name)) else "empty"
                out.append(f"| {name} | {describe(t)} | {when} | {', '.join(values.get((kind.name, name), ()))} |")
        out.append("")
    return "\n".join(out)


def _toml_name(kind: Kind) -> str:
    if kind.name == "port_nations":
        return "[nations.ports.NAME]"
    if kind.name == "other_waters":
        return "other_waters = [...]"
    return f"[[{kind.name}]]" if kind.shape == "rows" else f"[{kind.name}]"


def templates(ruleset: str, example: dict[str, Any], folder: Path) -> dict[Path, bytes]:
    """CSV files of ``ruleset``'s form that import as they are (issue 30.11): a file of rows has its header and one
    example row commented out (from ``example``, a plain scenario, where it has one); a file of one row has that row,
    live: the ``scenario`` file a game of your own (``my-game``, the example's start), the others the example's
    required values and every other column at its default, so that an untouched template is a valid empty game."""
    from .export import rows_of

    files: dict[Path, bytes] = {}
    for kind in form(ruleset):
        rows = rows_of(kind, kind.find(example))
        header = rows[0]
        if kind.shape == "table":
            body = [own_row(kind, ruleset, dict(zip(header, rows[1])) if len(rows) > 1 else {})]
        else:
            sample = rows[1] if len(rows) > 1 else [describe_column(kind, c) for c in header]
            body = [[f"{COMMENT} {sample[0]}"] + sample[1:]]
        files[folder / kind.file] = csv_text([header, *body]).encode("utf-8")
    return files


#: The ``scenario`` row of a template: a game of one's own, not the bundled example's.
OWN_GAME = {"id": "my-game", "name": "My game"}


def own_row(kind: Kind, ruleset: str, example: dict[str, str]) -> list[str]:
    """The one row of a one-row file in a template: each required column from ``example`` (its cells by column; the
    ``scenario`` file: a game of one's own), each other column its default, shown."""
    from ..rules.core.cells import cell

    defaults = _defaults(kind)
    must = required(kind.struct)
    own = {**OWN_GAME, "ruleset": ruleset} if kind.name == "scenario" else {}
    out = []
    for i, name in enumerate(field_types(kind.struct)):
        if name in own:
            out.append(own[name])
        elif name in must:
            out.append(example.get(name, ""))
        else:
            out.append(cell(defaults.get(name), first=i == 0))
    return out


def describe_column(kind: Kind, column: str) -> str:
    """A placeholder cell: what the column holds."""
    if kind.shape == "map":
        return column
    return describe(field_types(kind.struct)[column])


def main() -> None:  # pragma: no cover - run by hand to refresh docs/
    """Write the documentation pages and JSON Schemas of every rule set's scenario under ``docs/``."""
    import json

    from ..engine.setup import RULESETS

    docs = Path(__file__).resolve().parents[2] / "docs"
    for ruleset in RULESETS:
        (docs / f"scenario-{ruleset}.md").write_text(page(ruleset), encoding="utf-8")
        (docs / f"scenario-{ruleset}.schema.json").write_text(json.dumps(schema(ruleset), indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
