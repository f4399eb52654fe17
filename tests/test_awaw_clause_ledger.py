"""The clause ledger of AWAW chapter 21 (seed 004; issue 20, "Done means"): every clause is accounted for.

A clause is a numbered paragraph of chapter 21 with text of its own (``21.1324``; a bare heading such as
``21.41 PATROLS:`` is not one) and each of its lettered sub-clauses (``21.4182A``); a worked example belongs to the
clause it follows. Each clause is

- **cited by a test**: its number appears in the name (``test_21_4182A_...``, ``test_21_537B_D_...``) or the
  docstring (``21.4182A-D``, ``21.537B, D``) of a test function in ``tests/``;
- or listed in ``docs/awaw-clause-ledger.md`` as ``prompt`` (the prompt id that raises it, which must exist in the
  rule set with a rule citing the clause), ``documented`` (a ruling of ``data/RULINGS.md``, a proposed ruling of
  ``docs/proposed-rulings-awaw.md`` or a data table of ``data/rulesets/``, which must cite the clause) or ``missing``
  (a gap still open: listed so the figures are honest; a missing clause that becomes covered must leave the list).

``python -m tests.test_awaw_clause_ledger`` prints the figures and the missing clauses; so does the test (``-s``).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import msgspec
import pytest

REPO = Path(__file__).resolve().parents[1]
SEED_NAME = "004_8825dc42b771e117.txt"
LEDGER = REPO / "docs" / "awaw-clause-ledger.md"
RULES = REPO / "tui" / "rules" / "awaw"
STATUSES = ("prompt", "documented", "missing")

_NUMBERED = re.compile(r"^(21\.\d+)\s+(.*)$")
_LETTERED = re.compile(r"^([A-Z])\.+\s+(.*)$")
_CITE = re.compile(r"21\.(\d+)((?:[A-Z](?:-[A-Z])?)(?:,\s*[A-Z](?:-[A-Z])?)*)?(?!\d)")
_NAME = re.compile(r"21_(\d+)((?:[A-Z]|_[A-Z](?=_|$))*)")


def seed_path() -> Path | None:
    """The chapter 21 rule text: ``shared/seeds/`` beside the repository or one of its parent folders."""
    for folder in REPO.parents:
        candidate = folder / "shared" / "seeds" / SEED_NAME
        if candidate.is_file():
            return candidate
    return None


def _own_text(rest: str) -> str:
    """A numbered paragraph's text without its capitalised title (``PORT COUNTERS: ...``); "" for a bare heading."""
    lower = re.search(r"[a-z]", rest)
    if lower is None:
        return ""
    head = rest[:lower.start()]
    return rest[head.rindex(":") + 1:].strip() if ":" in head else rest.strip()


def seed_clauses(text: str) -> dict[str, str]:
    """Every clause of chapter 21 in reading order: number -> its text."""
    clauses: dict[str, str] = {}
    current = ""
    for line in text.splitlines():
        s = line.strip()
        m = _NUMBERED.match(s)
        if m:
            current = m.group(1)
            own = _own_text(m.group(2))
            if own:
                clauses[current] = own
            continue
        m = _LETTERED.match(s)
        if m and current:
            clauses[current + m.group(1)] = m.group(2)
    return clauses


def _expand(number: str, letters: str) -> set[str]:
    """``21.4182`` with ``A-C, E`` -> 21.4182A, B, C, E; no letters -> the numbered clause itself."""
    if not letters:
        return {f"21.{number}"}
    out: set[str] = set()
    for part in re.findall(r"[A-Z]-[A-Z]|[A-Z]", letters):
        first, last = part[0], part[-1]
        out |= {f"21.{number}{chr(c)}" for c in range(ord(first), ord(last) + 1)}
    return out


def cited_in(text: str) -> set[str]:
    """The clauses a text cites (``21.4182A-D``, ``21.537B, D``, ``21.61``)."""
    out: set[str] = set()
    for m in _CITE.finditer(text):
        out |= _expand(m.group(1), m.group(2) or "")
    return out


def cited_in_name(name: str) -> set[str]:
    """The clauses a test name cites (``test_21_4182A_...``, ``test_21_537B_D_...``, ``test_21_35_21_35A_...``)."""
    out: set[str] = set()
    for m in _NAME.finditer(name):
        out |= _expand(m.group(1), m.group(2).replace("_", ""))
    return out


def test_citations(tests_dir: Path = REPO / "tests") -> dict[str, list[str]]:
    """Clause -> the test functions (``file::name``) that cite it by name or docstring (this file's own tests, which
    test the ledger, cite none)."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                for clause in cited_in_name(node.name) | cited_in(ast.get_docstring(node) or ""):
                    found.setdefault(clause, []).append(f"{path.name}::{node.name}")
    return found


test_citations.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


class Entry(msgspec.Struct, frozen=True):
    """One row of the ledger: a clause, its status, where it is raised or documented, and why."""

    clause: str
    status: str
    where: str
    why: str


def ledger_entries(path: Path = LEDGER) -> list[Entry]:
    """The rows of the ledger's table (``| clause | status | where | why |``)."""
    rows: list[Entry] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"21\.\d+[A-Z]?", cells[0]):
            rows.append(Entry(cells[0], cells[1], cells[2].strip("`"), cells[3]))
    return rows


# --- prompts the rule set raises ----------------------------------------------------------------------------------


def _template(node: ast.expr) -> str | None:
    """A prompt id as a regular expression: ``f"harbor-{serial}-B"`` -> ``harbor\\-.+\\-B``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values)
    return None


def rule_prompts() -> list[tuple[str, str]]:
    """(prompt id pattern, rule) for every prompt the AWAW rule set raises: the steps' prompts of its data, every
    ``Pending`` built in its code (a rule from the module's ``STEPS`` table where the id names the step) and every
    board-condition question asked through ``ask(ctx, VERB, ..., RULE, ...)`` (id ``VERB-N``)."""
    out: list[tuple[str, str]] = []
    data = tomllib.loads((REPO / "data" / "rulesets" / "awaw.toml").read_text(encoding="utf-8"))
    for step in data["sequence"]["steps"].values():
        for p in step.get("prompts", []):
            out.append((re.escape(p["id"]), p.get("rule", "")))
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        steps: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "STEPS" for t in node.targets):
                table = node.value
                if isinstance(table, ast.Dict):
                    steps = {ast.literal_eval(k): ast.literal_eval(v.elts[0]) for k, v in zip(table.keys, table.values)
                             if k is not None and isinstance(v, ast.Tuple)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            kw = {k.arg: k.value for k in node.keywords}
            if name == "Pending" and "id" in kw and "rule" in kw:
                pattern = _template(kw["id"])
                rule = kw["rule"]
                if pattern is None:
                    continue
                if isinstance(rule, ast.Constant):
                    out.append((pattern, str(rule.value)))
                elif steps and isinstance(kw["id"], ast.JoinedStr):
                    for step, step_rule in steps.items():
                        out.append((pattern.replace(".+", "X", 1).replace(".+", re.escape(step)).replace("X", ".+"),
                                    step_rule))
            elif name == "ask" and len(node.args) >= 6 and isinstance(node.args[1], ast.Constant) \
                    and isinstance(node.args[5], ast.Constant):
                out.append((re.escape(str(node.args[1].value)) + r"\-.+", str(node.args[5].value)))
    return out


def prompt_raises(prompt_id: str, clause: str, prompts: list[tuple[str, str]]) -> bool:
    """Whether the rule set raises a prompt ``prompt_id`` (``N`` for a serial: ``harbor-N-B``) whose rule cites
    ``clause``."""
    concrete = prompt_id.replace("N", "7")
    return any(re.fullmatch(p, concrete) and clause in cited_in(rule) for p, rule in prompts)


# --- documented readings ------------------------------------------------------------------------------------------


def documented_text(where: str) -> str | None:
    """The text a ``documented`` entry points at, or None when it does not exist: ``RULINGS A6`` (a ruling of
    ``data/RULINGS.md``), ``proposed A28`` (a section of ``docs/proposed-rulings-awaw.md``) or
    ``awaw-operations.toml [invasion.aleutians]`` (a table of ``data/rulesets/``, its strings)."""
    kind, _, key = where.partition(" ")
    if kind == "RULINGS":
        text = (REPO / "data" / "RULINGS.md").read_text(encoding="utf-8")
        m = re.search(rf"^- \*\*{re.escape(key)} .*?(?=^- \*\*|^## |\Z)", text, re.M | re.S)
        return m.group(0) if m else None
    if kind == "proposed":
        text = (REPO / "docs" / "proposed-rulings-awaw.md").read_text(encoding="utf-8")
        m = re.search(rf"^## {re.escape(key)} .*?(?=^## |\Z)", text, re.M | re.S)
        return m.group(0) if m else None
    path = REPO / "data" / "rulesets" / kind
    if not path.is_file() or not (key.startswith("[") and key.endswith("]")):
        return None
    node: object = tomllib.loads(path.read_text(encoding="utf-8"))
    for part in key[1:-1].split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return _strings(node)


def _strings(node: object) -> str:
    """Every string inside a TOML value, one per line."""
    if isinstance(node, str):
        return node
    if isinstance(node, dict):
        return "\n".join(_strings(v) for v in node.values())
    if isinstance(node, list):
        return "\n".join(_strings(v) for v in node)
    return ""


# --- the ledger ---------------------------------------------------------------------------------------------------


class Figures(msgspec.Struct, frozen=True):
    """How the clauses of chapter 21 are accounted for."""

    total: int
    tested: list[str]
    prompts: list[str]
    documented: list[str]
    missing: list[str]
    unaccounted: list[str]
    problems: list[str]

    def report(self) -> str:
        """The figures, then the missing and unaccounted clauses."""
        lines = [f"chapter 21: {self.total} clauses; cited by tests {len(self.tested)}, prompts {len(self.prompts)}, "
                 f"documented {len(self.documented)}, missing {len(self.missing)}"]
        if self.missing:
            lines.append("missing (listed in the ledger): " + " ".join(self.missing))
        if self.unaccounted:
            lines.append("NOT ACCOUNTED FOR: " + " ".join(self.unaccounted))
        lines += self.problems
        return "\n".join(lines)


def account(seed_text: str) -> Figures:
    """Account for every clause of the seed text against the tests and the ledger."""
    clauses = seed_clauses(seed_text)
    cited = test_citations()
    entries = ledger_entries()
    prompts = rule_prompts()
    problems: list[str] = []
    by_clause: dict[str, Entry] = {}
    for e in entries:
        if e.clause not in clauses:
            problems.append(f"ledger: {e.clause} is no clause of chapter 21")
        elif e.clause in by_clause:
            problems.append(f"ledger: {e.clause} listed twice")
        elif e.status not in STATUSES:
            problems.append(f"ledger: {e.clause} has status '{e.status}' (one of {', '.join(STATUSES)})")
        elif not e.why:
            problems.append(f"ledger: {e.clause} gives no reason")
        by_clause.setdefault(e.clause, e)
    tested, prompted, documented, missing, unaccounted = [], [], [], [], []
    for clause in clauses:
        e = by_clause.get(clause)
        if clause in cited:
            tested.append(clause)
            if e is not None and e.status == "missing":
                problems.append(f"ledger: {clause} is listed missing but {cited[clause][0]} cites it: drop the row")
        elif e is None:
            unaccounted.append(clause)
        elif e.status == "prompt":
            prompted.append(clause)
            if not prompt_raises(e.where, clause, prompts):
                problems.append(f"ledger: no prompt '{e.where}' citing {clause} in the rule set")
        elif e.status == "documented":
            documented.append(clause)
            text = documented_text(e.where)
            if text is None:
                problems.append(f"ledger: {clause} is documented in '{e.where}', which does not exist")
            elif clause not in cited_in(text):
                problems.append(f"ledger: '{e.where}' does not cite {clause}")
        else:
            missing.append(clause)
    return Figures(len(clauses), tested, prompted, documented, missing, unaccounted, problems)


@pytest.fixture(scope="module")
def seed_text() -> str:
    """The text of chapter 21 (the seeds live beside the repository, not in it)."""
    path = seed_path()
    if path is None:
        pytest.skip(f"the rule text {SEED_NAME} is not beside the repository (shared/seeds/)")
    return path.read_text(encoding="utf-8")


def test_issue_20_every_clause_of_chapter_21_is_tested_prompted_documented_or_listed_missing(seed_text: str) -> None:
    """Issue 20, "Done means": each clause has a citing test, a prompt, a documented reason, or a ledger row saying it
    is still missing; the ledger's prompts exist and its documents cite their clause. Prints the figures."""
    figures = account(seed_text)
    print(figures.report())
    assert not figures.unaccounted and not figures.problems, figures.report()


def test_issue_20_the_clause_reader_splits_numbered_paragraphs_and_lettered_sub_clauses() -> None:
    """Issue 20: the granularity of the ledger, on a sample of the seed's own lines (21.41 heading, 21.4182A-B)."""
    sample = ("21.41 PATROLS:\n21.411 OVERVIEW: During the movement phase naval units may move.\n"
              "21.418 OFFENSIVE PATROL FUNCTIONS: Each patrolling naval unit may be used as follows:\n"
              "21.4182 NAVAL UNITS:\nA. COUNTER-INTERCEPTIONS: Patrolling forces may counter-intercept.\n"
              "B. SUCCESSFUL SUPPORT: A patrolling force joins.\n21.5152 INVASIONS LIMITED TO 1:1 ATTACKS OR GREATER: "
              "Seaborne invasions need 1:1.\nEXAMPLE: not a clause.\n21.5282.\n")
    assert list(seed_clauses(sample)) == ["21.411", "21.418", "21.4182A", "21.4182B", "21.5152"]
    assert seed_clauses(sample)["21.5152"] == "Seaborne invasions need 1:1."
    assert cited_in("(21.4182A-C, E; 21.61)") == {"21.4182A", "21.4182B", "21.4182C", "21.4182E", "21.61"}
    assert cited_in("21.537B, D and 21.3611") == {"21.537B", "21.537D", "21.3611"}
    assert cited_in_name("test_21_537B_D_the_group") == {"21.537B", "21.537D"}
    assert cited_in_name("test_21_35_21_35A_cargo") == {"21.35", "21.35A"}
    assert cited_in_name("test_21_64I_example_of_transports") == {"21.64I"}


def test_issue_20_the_ledger_checks_its_prompts_and_documents_against_the_rule_set() -> None:
    """Issue 20: a ``prompt`` row must name a prompt the rule set raises for that clause (21.443B, 21.112), a
    ``documented`` row an existing ruling or data table that cites the clause (21.71 in RULINGS A4)."""
    prompts = rule_prompts()
    assert prompt_raises("harbor-N-B", "21.443B", prompts)
    assert not prompt_raises("harbor-N-B", "21.443C", prompts)
    assert prompt_raises("overstack", "21.112", prompts)
    assert prompt_raises("patrol-N-route", "21.416D", prompts)
    assert not prompt_raises("patrol-N-route", "21.416I", prompts)
    assert not prompt_raises("no-such-prompt-N", "21.443B", prompts)
    assert "21.71" in cited_in(documented_text("RULINGS A4") or "")
    assert documented_text("proposed A999") is None
    assert documented_text("awaw.toml [no_such_table]") is None
    assert "21.3617" in cited_in(documented_text("awaw.toml [range_small_ports]") or "")


if __name__ == "__main__":
    found = seed_path()
    if found is None:
        raise SystemExit(f"no {SEED_NAME} beside the repository")
    print(account(found.read_text(encoding="utf-8")).report())
