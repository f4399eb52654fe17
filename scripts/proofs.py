#!/usr/bin/env python3
"""Proofs that nothing is lost: kill test, concurrent writers, corrupt saves, fuzzed input, and files.

    python scripts/proofs.py [--kills 1000] [--procs 8] [--corrupt 500] [--fuzz 5000]
        [--exec-kills 100] [--damaged 23] [--lock-race 6] [--permissions] [--serve 50] [--hangups 100]

The file parts (kills of real ``exec`` processes, damaged saves through every
open path, the lock-deletion race, permissions) live in ``proofs_files.py``;
each has its own flag, and 0 skips it. The ``serve`` probes (no token, a wrong
one, a foreign Origin, a watcher's tab pressing keys, a second Unix account)
live in ``proofs_serve.py``; ``--serve 0`` skips them. The hang-up proof (the app
stopped in a pseudo-terminal by SIGHUP, SIGTERM, EIO, a stalled terminal or its
server going, at random moments; each must end within 2 s and free the lock)
lives in ``proofs_hangup.py``; ``--hangups 0`` skips it.

Prints the figures (kills survived, commands lost, corruptions detected,
fuzz cases, concurrent commands). The tests in tests/test_proofs.py run small
versions of the same functions in CI.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tui.engine.game import Game  # noqa: E402
from tui.engine.setup import load_ruleset, load_scenario, new_game  # noqa: E402
from tui.paths import data_dir  # noqa: E402
from tui.session import create_game, open_game  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz_commands import FuzzReport, fuzz_test  # noqa: E402,F401  (the fuzz part lives in its own module)
import proofs_files  # noqa: E402
import proofs_hangup  # noqa: E402
import proofs_serve  # noqa: E402

SEED = 11


# ----------------------------------------------------------------- replay
class ListStore:
    """A persistence that keeps the log in a list (no serialization): for independent replays."""

    def __init__(self, meta: dict[str, Any], state: dict[str, Any]) -> None:
        self._meta, self._state, self._events, self.revision = meta, state, [], 0

    @property
    def meta(self) -> dict[str, Any]:
        return self._meta

    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def state(self) -> dict[str, Any]:
        return self._state

    def commit(self, *, append: Any = (), update: Any = None, state: dict[str, Any], meta: Any = None) -> int:
        self._events.extend(append)
        for seq, event in (update or {}).items():
            self._events[seq - 1] = event
        self._state = state
        self.revision += 1
        return self.revision


def fresh_game(seed: int = SEED) -> Game:
    """A new default game held in a list (same scenario and dice seed as the saves made here)."""
    data = data_dir()
    ruleset = load_ruleset("europa", data)
    meta, state = new_game(ruleset, load_scenario(data, ruleset.default_scenario), seed=seed)
    return Game(ruleset, ListStore(meta, state))


def random_command(game: Game, rng: random.Random) -> str:
    """A plausible referee command for the current state (some will be refused; that is part of it)."""
    pending = game.state.flow.pending
    if pending and rng.random() < 0.5:
        p = rng.choice(pending)
        if p.kind == "choice":
            return f"answer {p.id} {rng.choice(p.choices)}"
        if p.kind == "roll":
            return f"answer {p.id} {rng.choice(['roll', 'decline', str(rng.randint(1, 6))])}"
        return f"answer {p.id} yes"
    names = list(game.state.world.ports)
    port = rng.choice(names)
    roll = rng.random()
    if roll < 0.08:
        return "next"
    if roll < 0.14:
        return "undo"
    if roll < 0.18:
        return "redo"
    verb = rng.choice(["hit", "repair", "use", "use", "capture", "collateral", "reduce", "upgrade", "mines", "intrinsic", "note", "roll"])
    if verb == "hit":
        return f"hit {port!r} {rng.randint(1, 3)}"
    if verb == "use":
        return f"use {port!r} {rng.choice(['0.5', '1', '1.5', '2'])}{rng.choice(['', ' --he', ' --supply'])}"
    if verb == "capture":
        return f"capture {port!r} {rng.choice(['axis', 'allied'])}"
    if verb == "mines":
        return f"mines {port!r} {rng.randint(0, 3)}"
    if verb == "note":
        return f"note checkpoint {rng.randint(0, 10**6)}"
    if verb == "roll":
        return "roll 2d6"
    return f"{verb} {port!r}"


# ------------------------------------------------------------ kill test
def child(save: str, seed: int) -> None:
    """Apply random commands to ``save`` forever; print TRY before and ACK after each durable command."""
    rng = random.Random(seed)
    game = open_game(Path(save), data_dir(), mode="write", wait=10)
    print("READY", flush=True)
    while True:
        line = random_command(game, rng)
        print(f"TRY {json.dumps(line)}", flush=True)
        result = game.execute(line, "exec")
        if result.ok:
            print(f"ACK {game.store.revision} {json.dumps(result.command)} {game.segment.key}", flush=True)
        else:
            print(f"REFUSED {json.dumps(result.message[:80])}", flush=True)
        time.sleep(rng.random() * 0.003)


@dataclass
class KillReport:
    """Figures of a kill run."""

    kills: int = 0
    acknowledged: int = 0
    in_flight_durable: int = 0
    lost: int = 0
    mismatches: int = 0
    failures: list[str] = field(default_factory=list)


def kill_test(folder: Path, kills: int, rng: random.Random, log=print) -> KillReport:
    """Start a writer, SIGKILL it at a random moment, check the save, again ``kills`` times."""
    save = folder / "kill.json"
    create_game(save, data_dir(), seed=SEED).close()
    shadow = fresh_game()
    report = KillReport()
    checked: bytes | None = None
    for round_no in range(kills):
        if checked is not None and save.read_bytes() != checked:
            report.failures.append(f"round {round_no}: the save changed between the check and the next writer")
        errors = folder / "child-stderr.txt"
        with open(errors, "w") as err:
            proc = subprocess.Popen([sys.executable, __file__, "child", str(save), str(rng.randrange(10**9))],
                                    stdout=subprocess.PIPE, stderr=err, text=True)
        assert proc.stdout is not None
        ready = proc.stdout.readline().strip()
        if ready != "READY":
            proc.kill()
            proc.wait()
            report.failures.append(f"round {round_no}: child did not start: {errors.read_text()[-500:]}")
            break
        time.sleep(rng.uniform(0.0, 0.25))
        proc.send_signal(signal.SIGKILL)
        out = proc.stdout.read()  # the same buffered reader as readline(): no line is skipped
        proc.stdout.close()
        proc.wait()
        report.kills += 1
        tried, acked, last_rev = None, [], None
        for line in out.splitlines():
            if line.startswith("TRY "):
                tried = json.loads(line[4:])
            elif line.startswith("ACK "):
                rev, rest = line[4:].split(" ", 1)
                text, _, seg = rest.rpartition(" ")
                acked.append((json.loads(text), seg, int(rev)))
                last_rev, tried = int(rev), None
        checked = save.read_bytes()
        reopened = open_game(save, data_dir(), mode="read")  # must load, whatever the moment of the kill
        disk_rev = reopened.store.revision
        lines = out.splitlines()
        for text, seg, rev in acked:
            before_rev = shadow.store.revision
            result = shadow.execute(text, "replay")
            if not result.ok or shadow.segment.key != seg or shadow.store.revision != rev:
                report.failures.append(f"round {round_no}: {text!r} ok={result.ok} shadow rev {before_rev}->{shadow.store.revision}, child rev {rev}; "
                                       f"round began: {lines[:6]}")
                where = next(i for i, l in enumerate(lines) if l.startswith("ACK ") and json.dumps(text) in l)
                report.failures.append(f"round {round_no}: acknowledged {text!r} on replay: {result.message[:60]} "
                                       f"(child in {seg}, replay in {shadow.segment.key}); child said: {lines[max(0, where - 8):where + 1]}")
                break
        acked = [text for text, _, _ in acked]
        report.acknowledged += len(acked)
        expected = shadow.store.revision
        if disk_rev == expected + 1 and tried is not None:
            result = shadow.execute(tried, "replay")  # durable before the kill, not yet acknowledged
            if result.ok:
                report.in_flight_durable += 1
        if disk_rev < shadow.store.revision:
            report.lost += shadow.store.revision - disk_rev
        logs_differ = [(e["seq"], e["command"], e["status"]) for e in reopened.events] != [
            (e["seq"], e["command"], e["status"]) for e in shadow.events
        ]
        if reopened.state != shadow.state or disk_rev != shadow.store.revision or logs_differ:
            report.mismatches += 1
            ours = [(e["seq"], e["command"], e["status"]) for e in shadow.events][-4:]
            theirs = [(e["seq"], e["command"], e["status"]) for e in reopened.events][-4:]
            report.failures.append(
                f"round {round_no}: disk revision {disk_rev}, expected {shadow.store.revision}; "
                f"last tried {tried!r}, last ack revision {last_rev}; disk log ends {theirs}, replay ends {ours}; "
                f"tail of child output: {out.splitlines()[-6:]}; in flight applied: {disk_rev == expected + 1}"
            )
            shadow = _resync(reopened)  # so that later rounds still mean something
        reopened.store.close()
        if last_rev is not None and (round_no + 1) % 50 == 0:
            log(f"  {round_no + 1} kills, {report.acknowledged} commands acknowledged, lost {report.lost}")
    return report


def _resync(reopened: Game) -> Game:
    """A shadow game rebuilt from the disk's log (after a mismatch has been reported)."""
    shadow = fresh_game()
    for e in reopened.events:
        if e["status"] == "applied":
            shadow.execute(e["command"], "replay")
    shadow.store.revision = reopened.store.revision
    return shadow


# -------------------------------------------------------- concurrency
def concurrency_test(folder: Path, procs: int, execs: int) -> tuple[int, int, int, bool]:
    """``procs`` processes run ``execs`` exec calls each at once; (sent, applied, refused, state == replay)."""
    save = folder / "shared.json"
    create_game(save, data_dir(), seed=SEED).close()
    running = [
        subprocess.Popen([sys.executable, __file__, "worker", str(save), str(p), str(execs)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for p in range(procs)
    ]
    codes = [r.wait() for r in running]
    game = open_game(save, data_dir(), mode="read")
    notes = [e["command"] for e in game.events if e["command"].startswith("note ")]
    sent = procs * execs * 3
    applied = len(game.applied())
    refused = sum(codes)  # each worker exits with the number of its exec calls that were refused
    expected = {f"note p{p}-e{e}" for p in range(procs) for e in range(execs)}
    once = sorted(notes) == sorted(expected)
    return sent, applied, refused, once and game.replay() == game.state


def worker(save: str, p: int, execs: int) -> int:
    """One of the concurrent processes: ``execs`` separate ``harbormaster exec`` calls; returns how many were refused."""
    import contextlib
    import io

    from tui.cli import main as cli

    refused = 0
    for e in range(execs):
        with contextlib.redirect_stdout(io.StringIO()):
            code = cli(["exec", save, "--wait", "60", f"note p{p}-e{e}", "hit Alexandria", "repair Alexandria"])
        refused += code != 0
    return refused


# ------------------------------------------------------------- corruption
def corruption_corpus(save: Path, rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    """Damaged versions of a good save: empty, truncated, random bytes, foreign JSON, newer schema, bad log."""
    good = save.read_bytes()
    corpus = [("empty", b""), ("foreign JSON", b'{"hello": "world"}'), ("JSON list", b"[1, 2, 3]")]
    for i in range(count):
        cut = rng.randrange(1, len(good))
        corpus.append((f"truncated at {cut}", good[:cut]))
        corpus.append((f"random bytes {i}", rng.randbytes(rng.randint(1, 4000))))
    data = json.loads(good)
    newer = json.loads(good)
    newer["meta"]["1"]["schema"] = 99
    corpus.append(("newer schema", json.dumps(newer).encode()))
    bad_log = json.loads(good)
    events = bad_log["events"]
    first = events[min(events, key=int)]
    first["command"] = "hit Atlantis 3"
    corpus.append(("events that do not replay", json.dumps(bad_log).encode()))
    unreplayable = json.loads(good)
    unreplayable["state"]["1"]["current"]["world"]["ports"][0]["hits"] = 7.0
    corpus.append(("state that the log does not give", json.dumps(unreplayable).encode()))
    _ = data
    return corpus


def corruption_test(folder: Path, rng: random.Random, count: int) -> tuple[int, int, list[str]]:
    """(cases, detected cleanly, failures): every damaged save is refused with the file named, untouched."""
    from tui.session import GameOpenError

    save = folder / "good.json"
    game = create_game(save, data_dir(), seed=SEED)
    for line in ["hit Tobruk 2", "use Alexandria 2", "next", "capture Athens allied", "answer destroy:Athens decline"]:
        game.execute(line)
    game.close()
    cases, clean, failures = 0, 0, []
    for name, content in corruption_corpus(save, rng, count):
        target = folder / "case.json"
        target.write_bytes(content)
        cases += 1
        try:
            open_game(target, data_dir(), mode="read", verify=True).store.close()
            failures.append(f"{name}: opened without complaint")
        except GameOpenError as exc:
            if "case.json" in str(exc) and target.read_bytes() == content:
                clean += 1
            else:
                failures.append(f"{name}: {exc}")
        except Exception as exc:  # a traceback is a failure of the proof
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
    return cases, clean, failures


# ------------------------------------------------------------------ fuzz
def fuzz_part(folder: Path, cases: int, rng: random.Random) -> FuzzReport:
    """Run the command fuzz (scripts/fuzz_commands.py) and print its figures."""
    start = time.perf_counter()
    fuzz_folder = folder / "fuzz"
    fuzz_folder.mkdir(exist_ok=True)
    report = fuzz_test(fuzz_folder, cases, rng)
    print(f"fuzz: {report.cases} lines through the engine ({report.accepted} accepted, {report.refused} refused), "
          f"{report.cli_cases} through harbormaster exec ({report.cli_accepted} accepted, {report.cli_refused} refused), "
          f"{len(report.verbs)} verbs; tracebacks {report.tracebacks}, refusals that changed the save {report.changed_by_refusal}, "
          f"accepted commands that replay differently {report.replay_mismatches}, CLI failures {report.cli_failures} "
          f"({time.perf_counter() - start:.0f} s)")
    for f in report.failures[:5]:
        print("  ", f)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--procs", type=int, default=8)
    parser.add_argument("--execs", type=int, default=10)
    parser.add_argument("--corrupt", type=int, default=500)
    parser.add_argument("--fuzz", type=int, default=5000, help="random command lines per rule set (engine and CLI)")
    proofs_files_arguments(parser)
    parser.add_argument("--serve", type=int, default=50, help="rounds of unauthorised knocks on a served game")
    parser.add_argument("--hangups", type=int, default=100, help="stops of the app in a terminal (every kind, in turn)")
    args = parser.parse_args()
    import tempfile

    rng = random.Random(2026)
    with tempfile.TemporaryDirectory(prefix="hm-proofs-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        cases, clean, failures = corruption_test(folder, rng, args.corrupt)
        print(f"corrupt saves: {cases} cases, {clean} refused cleanly (file named and untouched), {len(failures)} failures")
        for f in failures[:5]:
            print("  ", f)
        sent, applied, refused, ok = concurrency_test(folder, args.procs, args.execs)
        print(f"concurrency: {args.procs} processes, {sent} commands sent, {applied} applied, {refused} processes refused, "
              f"each note exactly once and state == replay: {ok}")
        fuzz_part(folder, args.fuzz, rng)
        report = kill_test(folder, args.kills, rng)
        print(f"kill test: {report.kills} kills survived, {report.acknowledged} commands acknowledged, "
              f"{report.in_flight_durable} durable in flight, {report.lost} commands lost, {report.mismatches} mismatches")
        for f in report.failures[:5]:
            print("  ", f)
        run_file_proofs(folder, args, rng)
        if args.serve:
            serve_proof(folder, args.serve)
        if args.hangups:
            hangup_proof(folder, args.hangups, rng)
        print(f"total {time.perf_counter() - start:.0f} s")


def proofs_files_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the file proofs (each 0 or absent skips its part)."""
    parser.add_argument("--exec-kills", type=int, default=100, help="SIGKILLs of real exec processes")
    parser.add_argument("--damaged", type=int, default=23, help="damaged saves through every open path (of the corpus)")
    parser.add_argument("--lock-race", type=int, default=6, help="writers racing while SAVE.lock is deleted every 3 ms")
    parser.add_argument("--lock-race-execs", type=int, default=20, help="exec calls per racing writer")
    parser.add_argument("--permissions", action=argparse.BooleanOptionalAction, default=True,
                        help="a save on a read-only file system (needs mount rights)")
    parser.add_argument("--link-targets", action=argparse.BooleanOptionalAction, default=True,
                        help="every writing verb through a link to a FIFO, a device, another file, a folder")
    parser.add_argument("--report-targets", action=argparse.BooleanOptionalAction, default=True,
                        help="report -o aimed at a save, its backups, its lock")
    parser.add_argument("--branch-kills", type=int, default=25, help="SIGKILLs of real branch processes")


def run_file_proofs(folder: Path, args: argparse.Namespace, rng: random.Random) -> None:
    """Run and print the file proofs chosen by ``args``."""
    if args.damaged:
        r = proofs_files.damaged_paths_test(folder, args.damaged)
        print(f"damaged saves: {r.cases} cases x every open path (show, exec, restore, TUI writer, TUI viewer, "
              f"viewer reload) = {r.checks} checks, {r.refused} refused cleanly and untouched, {len(r.failures)} failures")
        for f in r.failures[:5]:
            print("  ", f)
    if args.lock_race:
        r = proofs_files.lock_race_test(folder, args.lock_race, args.lock_race_execs)
        print(f"lock-deletion race: {r.writers} writers, {r.sent} exec calls, lock file deleted {r.deletions} times, "
              f"{r.acknowledged} acknowledged, {r.sent - r.acknowledged} refused cleanly, {r.lost} lost, "
              f"{r.duplicated} applied twice, state == replay: {r.replays}")
    if args.exec_kills:
        r = proofs_files.exec_kill_test(folder, args.exec_kills, rng)
        print(f"exec kill test: {r.kills} real exec processes killed, {r.acknowledged} commands acknowledged, "
              f"{r.lost} lost, {r.unreadable} saves left unreadable")
        for f in r.failures[:5]:
            print("  ", f)
    if args.link_targets:
        r = proofs_files.link_targets_test(folder)
        print(f"links to what is no save: {r.cases} cases (restore, exec, new, branch, report -o, TUI writer and viewer "
              f"x FIFO, device, other file, folder), {r.refused} refused in one line with nothing renamed or created, "
              f"{len(r.failures)} failures")
        for f in r.failures[:5]:
            print("  ", f)
    if args.report_targets:
        r = proofs_files.report_targets_test(folder)
        print(f"report -o onto a save, its backups, its lock: {r.cases} cases, {r.refused} refused with every file "
              f"unchanged, {len(r.failures)} failures")
        for f in r.failures[:5]:
            print("  ", f)
    if args.branch_kills:
        r = proofs_files.branch_kill_test(folder, args.branch_kills, rng)
        print(f"branch kill test: {r.kills} real branch processes killed, {r.whole} left a whole branch, {r.absent} left "
              f"nothing, {r.half} left a half-made branch")
        for f in r.failures[:5]:
            print("  ", f)
    if args.permissions:
        r = proofs_files.permissions_test(folder)
        if r.skipped:
            print(f"permissions: skipped ({r.skipped})")
        else:
            print(f"permissions: {r.cases} cases on a read-only file system, {r.clean} clean (watching with the reason, "
                  f"refusals without traceback, nothing created), {len(r.failures)} failures")
            for f in r.failures[:5]:
                print("  ", f)


def serve_proof(folder: Path, rounds: int) -> None:
    """Run and print the serve probes (scripts/proofs_serve.py)."""
    r = proofs_serve.serve_test(folder, rounds, watcher_tabs=3)
    print(f"serve: {r.accepted} of {r.unauthorised} unauthorised connections accepted (page, script and WebSocket "
          f"with no token, a wrong one, or the referee's from a foreign Origin); watcher tabs: {r.watcher_writes} "
          f"writes from {r.watcher_tabs} tabs pressing a key (the referee's tab, the control: {r.writer_writes})")
    if r.cross_user_skipped:
        print(f"serve, second Unix account: skipped ({r.cross_user_skipped})")
    else:
        print(f"serve, second Unix account on loopback: {r.cross_user_accepted} of {r.cross_user} connections accepted, "
              f"token in a command line it can read: {r.token_visible}")
    for f in r.failures[:5]:
        print("  ", f)


def hangup_proof(folder: Path, stops: int, rng: random.Random) -> None:
    """Run and print the hang-up proof (scripts/proofs_hangup.py)."""
    hangups = folder / "hangups"
    hangups.mkdir()
    r = proofs_hangup.hangup_test(hangups, stops, rng)
    kinds = ", ".join(f"{kind} {n}" for kind, n in r.by_kind.items())
    print(f"hang-ups: {r.ended_in_time} of {r.stops} stops ended within {proofs_hangup.LIMIT:.0f} s ({kinds}; slowest "
          f"{r.slowest:.2f} s), {r.locks_held} locks held, {r.writers_refused} writers refused right after")
    for f in r.failures[:5]:
        print("  ", f)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "worker":
        sys.exit(worker(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    else:
        main()
