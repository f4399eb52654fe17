"""The user guide and the README (issue 31.3): the guide builds with ``mkdocs build --strict`` and writes nothing in
the repository, README fits on a few screens, and every ``harbormaster`` command line they show is run."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tui import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

README_MAX_LINES = 250
"""Issue 31.3: README is a front door (what it is, the two commands, the first turn, pictures, links), not the manual."""

NOTES = "Notes"
"""The nav section of mkdocs.yml holding the working notes kept in docs/ (proposed rulings, ledgers, cases): not
user guide, so their code blocks are not examples to run."""

IGNORED_IN_ROOT = frozenset({".hypothesis", ".pytest_cache", "__pycache__"})
"""Entries that other tests of a parallel run may create at the top of the repository meanwhile (not the build)."""

SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)


def guide_pages() -> list[Path]:
    """The guide's pages: every page of mkdocs.yml's nav outside its Notes section, in nav order."""
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    pages: list[Path] = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, str):
                pages.append(DOCS / item)
                continue
            for title, value in item.items():
                if title == NOTES:
                    continue
                if isinstance(value, list):
                    walk(value)
                else:
                    pages.append(DOCS / value)

    walk(nav)
    return pages


def harbormaster_lines(page: Path) -> list[str]:
    """Every ``harbormaster ...`` command of the page's ```sh blocks, in order: each line's parts joined by ``&&``
    whose first word is ``harbormaster`` or a path to it (``.venv/bin/harbormaster``), that path made plain."""
    found: list[str] = []
    for block in SH_BLOCK.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and (words[0] == "harbormaster" or words[0].endswith("/harbormaster")):
                    found.append(shlex.join(["harbormaster", *words[1:]]) if words[0] != "harbormaster"
                                 else part.strip())
    return found


def opens_the_app_or_a_server(words: list[str]) -> bool:
    """A command that would open the screens (``harbormaster``, ``harbormaster PATH ...``) or start ``serve``; one
    that only prints its help or version runs as any other."""
    args = words[1:]
    if {"--help", "-h", "--version"} & set(args):
        return False
    return not args or args[0] == "serve" or args[0] not in (*cli.SUBCOMMANDS, "scenario")


class _Parsed(Exception):
    """Raised by the patched ``parse_args`` once the command's own parser accepted every word."""


def _parses(words: list[str], monkeypatch: pytest.MonkeyPatch) -> str | None:
    """Read ``words`` with the very parser the command uses, stopping before it opens anything; None if every word is
    accepted, else how it was refused (argparse has printed why)."""
    parse_args = argparse.ArgumentParser.parse_args

    def parse_only(self: argparse.ArgumentParser, args=None, namespace=None):  # type: ignore[no-untyped-def]
        raise _Parsed(parse_args(self, args, namespace))

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_only)
    args = words[1:]
    try:
        if args and args[0] == "serve":
            cli.main(args)
        else:  # always through the parser: the bare command reads one PATH without it, then opens the app
            cli._open_parser().parse_args(args)
    except _Parsed:
        return None
    except SystemExit as exc:
        return f"refused, exit status {exc.code}"
    return "the command ran on past its parser"


def _shim(folder: Path) -> Path:
    """A ``harbormaster`` on PATH that runs this checkout's code with this interpreter (as the console script does)."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "harbormaster"
    script.write_text(f"#!{sys.executable}\nimport sys\nfrom tui.cli import main\nsys.exit(main())\n", encoding="utf-8")
    script.chmod(0o755)
    return folder


def _private_env(home: Path, bin_folder: Path, cache: Path) -> dict[str, str]:
    """The environment of a command: HOME and every XDG folder inside the test's folder, no HARBORMASTER_* of the
    caller, this checkout's code first."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HARBORMASTER_", "XDG_"))}
    env.update(
        HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"), XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"), XDG_CACHE_HOME=str(cache),
        PATH=f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONPATH=str(ROOT),
    )
    return env


def test_readme_fits_on_a_few_screens() -> None:
    """Issue 31.3: README.md has at most 250 lines; the manual is the guide in docs/."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; the manual belongs in docs/"


def _entries() -> set[str]:
    """What the build could write to: the top of the repository (less what other tests make) and all of docs/."""
    top = {name for name in os.listdir(ROOT) if name not in IGNORED_IN_ROOT}
    inside = {str(path.relative_to(ROOT)) for path in DOCS.rglob("*") if "__pycache__" not in path.parts}
    return top | inside


@pytest.mark.slow
def test_the_guide_builds_strictly_into_a_folder_of_its_own(tmp_path: Path) -> None:
    """Issue 31.3: ``mkdocs build --strict`` (a dead link, a missing anchor, a page outside the nav all fail it) exits
    0, builds every page of the nav, and writes nothing inside the repository (no site/, no .cache/)."""
    before = _entries()
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", "mkdocs.yml", "-d", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    for page in guide_pages():  # docs/x.md is x/index.html, docs/x/index.md x/index.html
        path = page.relative_to(DOCS).with_suffix("")
        built = site / (path.parent if path.name == "index" else path) / "index.html"
        assert built.is_file(), f"{page.relative_to(ROOT)} was not built"
    assert (site / "screenshots" / "phases.svg").is_file()
    assert _entries() == before, f"the build wrote in the repository: {sorted(_entries() ^ before)}"


def test_every_page_of_the_guide_is_found_and_shows_commands() -> None:
    """The rule below reads what it should: the nav's guide pages exist, and README and the guide show commands."""
    pages = guide_pages()
    assert pages and all(page.is_file() for page in pages)
    assert DOCS / "index.md" in pages and DOCS / "rulesets" / "awaw.md" in pages
    assert not any("proposed-rulings" in page.name for page in pages)  # notes are not guide
    assert harbormaster_lines(ROOT / "README.md")[0] == "harbormaster"  # `.venv/bin/harbormaster` of the install line
    assert sum(len(harbormaster_lines(page)) for page in pages) >= 40


PAGES = [ROOT / "README.md", *guide_pages()]


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if harbormaster_lines(p)], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_harbormaster_command_the_readme_and_the_guide_show_works(
        page: Path, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule: every ``harbormaster ...`` line of a ```sh block of README.md or of a guide page (the nav of
    mkdocs.yml less its Notes) is run, in order, in one empty folder per page (so a page's ``new`` makes the save its
    next lines use), with HOME and every XDG folder inside that test folder, never the user's; each must exit 0.

    Except a command that would open the screens (``harbormaster``, ``harbormaster PATH [--read-only] [--side S]``)
    or start a server (``harbormaster serve ...``): it is only read by its own argparse parser, which must accept
    every word (the app is never opened, no port is bound). Synopses with placeholders (PATH, SEQ) belong in ```text
    blocks, which are not run; lines of a ```sh block that do not start with harbormaster (sudo, umask, pip) are not
    run either."""
    folder = tmp_path / "work"
    folder.mkdir()
    home = tmp_path / "home"
    env = _private_env(home, _shim(tmp_path / "bin"), tmp_path_factory.getbasetemp() / "guide-cache")
    for line in harbormaster_lines(page):
        words = shlex.split(line, comments=True)
        if opens_the_app_or_a_server(words):
            assert not {">", "<", "|"} & set(words), line
            with monkeypatch.context() as patched:
                patched.chdir(folder)
                for name in [name for name in os.environ if name.startswith(("HARBORMASTER_", "XDG_"))]:
                    patched.delenv(name)
                for name, value in env.items():
                    patched.setenv(name, value)
                problem = _parses(words, patched)
            assert problem is None, f"{page.name}: `{line}` is not read by its parser: {problem}"
            continue
        done = subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{page.name}: `{line}` exited {done.returncode}\n{done.stdout}{done.stderr}"
