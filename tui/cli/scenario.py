"""``harbormaster scenario``: import, export, check, template and schema of scenario files.

    harbormaster scenario import --ruleset R DIR_OR_FILES... -o GAME.toml [--force]
    harbormaster scenario export SAVE -o DIR [--force]
    harbormaster scenario check FILE... [--ruleset R]     a TOML scenario, or CSV files / a folder of them
    harbormaster scenario template --ruleset R -o DIR [--force]
    harbormaster scenario schema --ruleset R              the JSON Schema of the TOML form

The work is done by :mod:`tui.scenario`; this module parses the arguments and prints. Every refusal is one line
per problem on stderr, exit status 2, and nothing written.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine.setup import RULESETS, load_scenario
from ..paths import data_dir
from ..rules.core.errors import DataError
from ..rules.core.text import visible
from ..scenario.build import check_scenario, csv_files, from_csv, read_sheets, read_toml_scenario, ruleset_of
from ..scenario.docs import schema, templates
from ..scenario.export import from_game, to_csv
from ..scenario.problems import Problem, ScenarioRefused
from ..scenario.write import WriteRefused, to_toml, write_files
from ..session import GameOpenError, open_game


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harbormaster scenario", description="Scenario files: CSV import and export, checks, templates.")
    sub = p.add_subparsers(dest="action", required=True)
    imp = sub.add_parser("import", help="CSV files (one per kind) -> a TOML scenario")
    imp.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    imp.add_argument("sources", nargs="+", type=Path, metavar="DIR_OR_FILES")
    imp.add_argument("-o", "--output", required=True, type=Path, help="the scenario file to write (.toml)")
    imp.add_argument("--force", action="store_true", help="replace an existing file")
    exp = sub.add_parser("export", help="a game's current state -> CSV files")
    exp.add_argument("save", type=Path)
    exp.add_argument("-o", "--output", required=True, type=Path, help="the folder to write the CSV files in")
    exp.add_argument("--force", action="store_true", help="replace existing files")
    chk = sub.add_parser("check", help="check a TOML scenario or CSV files")
    chk.add_argument("files", nargs="+", type=Path)
    chk.add_argument("--ruleset", choices=sorted(RULESETS), help="the rule set of CSV files (default: their scenario.csv's)")
    tpl = sub.add_parser("template", help="empty CSV files with their headers and one commented example row")
    tpl.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    tpl.add_argument("-o", "--output", required=True, type=Path, help="the folder to write them in")
    tpl.add_argument("--force", action="store_true", help="replace existing files")
    sch = sub.add_parser("schema", help="print the JSON Schema of a rule set's TOML scenario")
    sch.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    return p


def main(argv: Sequence[str]) -> int:
    """``harbormaster scenario ...`` (``argv`` after the word ``scenario``); returns the exit status."""
    args = _parser().parse_args(list(argv))
    data = data_dir()
    try:
        if args.action == "import":
            raw = from_csv(args.ruleset, args.sources, data)
            _refuse_folder(args.output)
            write_files({args.output: to_toml(raw, "A scenario imported from CSV files by harbormaster scenario import.").encode("utf-8")}, args.force)
            print(f"Wrote {args.output}: {raw['scenario'].get('name') or raw['scenario'].get('id')} ({args.ruleset}); "
                  f"start a game with: harbormaster new SAVE --scenario {args.output}")
        elif args.action == "export":
            return _export(args.save, args.output, args.force, data)
        elif args.action == "check":
            return _check(args.files, args.ruleset, data)
        elif args.action == "template":
            example = _bundled(args.ruleset, data)
            count = _write_folder(args.output, lambda folder: templates(args.ruleset, example, folder), args.force)
            print(f"Wrote {count} CSV files in {args.output}: fill them in, then harbormaster scenario import --ruleset "
                  f"{args.ruleset} {args.output} -o my-game.toml")
        else:
            print(json.dumps(schema(args.ruleset), indent=2))
        return 0
    except ScenarioRefused as exc:
        for problem in exc.problems:
            print(f"harbormaster: {visible(str(problem))}", file=sys.stderr)
        print("harbormaster: nothing was written", file=sys.stderr)
        return 2
    except WriteRefused as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:  # reading a file or folder given: its name and the reason, not "[Errno 13] ..."
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"harbormaster: {visible(where + (exc.strerror or str(exc)))}; nothing was written", file=sys.stderr)
        return 2


def _refuse_folder(path: Path, make: bool = False) -> bool:
    """A target folder must exist (or, with ``make``, is made if its parent does); an output file's folder too.
    Whether the folder was made here.

    Issue 29.2: a link another user planted on the way (or as the folder itself) is refused first, naming it and its
    owner; a folder to make must not be a link at all; it is made in its parent held open once checked, never
    through a link swapped in meanwhile.
    """
    from ..store.export import planted_output
    from ..store.links import PlantedLink, link_text, pinned_folder

    folder = path if make else path.parent
    planted = planted_output(path)
    if planted is not None:
        raise WriteRefused(f"{planted}; nothing was written")
    if make and folder.is_symlink():
        raise WriteRefused(f"{folder} is a symbolic link (to {link_text(folder)}): name the folder itself; nothing was written")
    made = False
    if make and not os.path.lexists(folder) and folder.parent.is_dir():
        try:
            with pinned_folder(folder.parent) as where:
                Path(where.name_in(folder.name)).mkdir()  # in the parent just checked; never through a link
        except PlantedLink as exc:
            raise WriteRefused(f"{exc}; nothing was written") from None
        except OSError as exc:  # a read-only parent, a full disk
            raise WriteRefused(f"cannot make the folder {folder}: {exc.strerror or exc}; nothing was written") from None
        made = True
    if not folder.is_dir():
        raise WriteRefused(f"the folder {folder} does not exist; nothing was written")
    return made


def _write_folder(folder: Path, files_of: Callable[[Path], dict[Path, bytes]], force: bool) -> int:
    """Write the files ``files_of(folder)`` in ``folder`` (made if its parent exists); the number written. A folder
    made here is removed again when the files cannot be written (a full disk), so a refusal leaves nothing behind."""
    made = _refuse_folder(folder, make=True)
    try:
        files = files_of(folder)
        write_files(files, force)
    except BaseException:
        if made:
            try:
                folder.rmdir()  # only if empty: never anything but what this command would have written
            except OSError:
                pass
        raise
    return len(files)


def _bundled(ruleset: str, data: Path) -> dict[str, Any]:
    """The plain data of ``ruleset``'s bundled scenario (the templates' examples), or {}."""
    from ..engine.setup import load_ruleset

    try:
        return load_scenario(data, load_ruleset(ruleset, data).default_scenario).raw
    except DataError:
        return {}


def _export(save: Path, folder: Path, force: bool, data: Path) -> int:
    """Write the CSV files of the game at ``save`` in ``folder``."""
    try:
        game = open_game(save, data, mode="read", verify=True)
    except GameOpenError as exc:
        print(f"harbormaster: {visible(str(exc))}", file=sys.stderr)
        return 2
    try:
        raw = from_game(game.state, game.ruleset, game.meta)
        ruleset = game.ruleset.id
    finally:
        game.close()
    count = _write_folder(folder, lambda where: to_csv(ruleset, raw, where), force)
    print(f"Wrote {count} CSV files in {folder}; import them back with: harbormaster scenario import --ruleset {ruleset} {folder} -o my-game.toml")
    return 0


def _check(files: list[Path], ruleset: str | None, data: Path) -> int:
    """Check a TOML scenario, or CSV files (whole when scenario.csv is among them, else row by row)."""
    if len(files) == 1 and files[0].suffix.lower() == ".toml":
        raw = read_toml_scenario(files[0])
        check_scenario(raw, data, file=files[0].name)
        print(f"{files[0]}: a valid {ruleset_of(raw)} scenario")
        return 0
    if ruleset is None:
        ruleset = _ruleset_of_csv(files)
    names = {p.stem.lower() for p in csv_files(files)}
    if "scenario" in names:
        from_csv(ruleset, files, data)
        print(f"{', '.join(str(f) for f in files)}: a valid {ruleset} scenario")
        return 0
    _, problems = read_sheets(ruleset, files)
    if problems:
        raise ScenarioRefused(problems)
    print(f"{', '.join(str(f) for f in files)}: every row is valid; the checks across files (bases, hexes, sides) "
          "run when scenario.csv and the other files are checked together")
    return 0


def _ruleset_of_csv(files: list[Path]) -> str:
    """The rule set named in the scenario.csv among ``files``; refused when there is none to read."""
    for path in csv_files(files):
        if path.stem.lower() == "scenario":
            for ruleset in RULESETS:
                sheets, problems = read_sheets(ruleset, [path])
                if "scenario" in sheets and sheets["scenario"].rows:
                    named = str(sheets["scenario"].rows[0].get("ruleset", ""))
                    if named in RULESETS:
                        return named
                break
    raise ScenarioRefused([_no_ruleset()])


def _no_ruleset() -> Problem:
    """The refusal of CSV files whose rule set is not known."""
    return Problem("--ruleset", 0, "", f"give the rule set of these CSV files ({', '.join(RULESETS)}) or a scenario.csv naming it")
