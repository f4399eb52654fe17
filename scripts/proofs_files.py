"""Proofs about files (issues 8 and 18): kills of real ``exec`` and ``branch`` processes, damaged saves through
every open path, the lock-deletion race, permissions, every writing verb through a link to something that is
not a save, and ``report -o`` aimed at a save. Used by ``scripts/proofs.py`` (one CLI flag per part) and, in small
sizes, by ``tests/test_proofs.py``. Every part returns its figures; none depends on timing for its verdict.
"""

from __future__ import annotations

import json
import gc
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tui.paths import data_dir  # noqa: E402
from tui.session import GameOpenError, create_game, open_game  # noqa: E402
from tui.store.lock import lock_path  # noqa: E402

SEED = 11
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _cli(*argv: str) -> list[str]:
    return [sys.executable, "-m", "tui.cli", *argv]


def _made(folder: Path, name: str, lines: tuple[str, ...] = ("hit Tobruk 2", "use Alexandria 2")) -> Path:
    save = folder / name
    game = create_game(save, data_dir(), seed=SEED)
    for line in lines:
        game.execute(line)
    game.close()
    return save


# ----------------------------------------------------------- kills of real exec processes
@dataclass
class ExecKillReport:
    """Figures of the kill test through real ``harbormaster exec`` processes."""

    kills: int = 0
    acknowledged: int = 0
    lost: int = 0
    unreadable: int = 0
    failures: list[str] = field(default_factory=list)


def exec_kill_test(folder: Path, kills: int, rng: random.Random) -> ExecKillReport:
    """Run ``harbormaster exec SAVE "note eN"`` processes and SIGKILL each at a random moment.

    Every note an exec printed ``ok:`` for must be in the log afterwards, and
    the save must open (with its log replayed) after every kill.
    """
    save = _made(folder, "exec-kill.json")
    report = ExecKillReport()
    acked: list[str] = []
    for n in range(kills):
        note = f"note e{n}"
        proc = subprocess.Popen(_cli("exec", str(save), "--wait", "30", note, "hit Alexandria", "repair Alexandria"),
                                cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.2, 1.6))  # Python's start-up is most of an exec's life; the write is somewhere in it
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        report.kills += 1
        if f"ok: {note}" in out:
            acked.append(note)
        try:
            game = open_game(save, data_dir(), mode="read", verify=True)
        except GameOpenError as exc:
            report.unreadable += 1
            report.failures.append(f"kill {n}: the save no longer opens: {exc}")
            break
        logged = {e["command"] for e in game.events if e["status"] == "applied"}
        game.store.close()  # type: ignore[attr-defined]
        missing = [a for a in acked if a not in logged]
        if missing:
            report.failures.append(f"kill {n}: acknowledged but not in the log: {missing}")
            report.lost += len(missing)
            acked = [a for a in acked if a in logged]
    report.acknowledged = len(acked) + report.lost
    return report


# ------------------------------------------------------- damaged saves, every open path
def damaged_corpus(good: bytes) -> list[tuple[str, bytes]]:
    """Saves damaged in shape, types and ranges (what a hand edit or another program leaves)."""
    cases: list[tuple[str, bytes]] = []

    def edit(name: str, change) -> None:  # noqa: ANN001
        data = json.loads(good)
        change(data)
        cases.append((name, json.dumps(data).encode()))

    cur = lambda d: d["state"]["1"]["current"]  # noqa: E731
    port = lambda d: cur(d)["world"]["ports"][0]  # noqa: E731
    edit("flow null", lambda d: cur(d).__setitem__("flow", None))
    edit("huge flow index", lambda d: cur(d)["flow"].__setitem__("index", 10**30))
    edit("negative flow index", lambda d: cur(d)["flow"].__setitem__("index", -1))
    edit("flow turn text", lambda d: cur(d)["flow"].__setitem__("turn", "x"))
    edit("event without status", lambda d: d["events"]["1"].pop("status"))
    edit("event status unknown", lambda d: d["events"]["1"].__setitem__("status", "maybe"))
    edit("event command a number", lambda d: d["events"]["1"].__setitem__("command", 7))
    edit("event seq out of order", lambda d: d["events"]["1"].__setitem__("seq", 9))
    edit("event dice not a list", lambda d: d["events"]["1"].__setitem__("dice", "3"))
    edit("unknown port type", lambda d: port(d).__setitem__("type", "spaceport"))
    edit("unknown owner", lambda d: port(d).__setitem__("owner", "martians"))
    edit("negative hits", lambda d: port(d).__setitem__("hits", -2.0))
    edit("absurd hits", lambda d: port(d).__setitem__("hits", 1e300))
    edit("hits as text", lambda d: port(d).__setitem__("hits", "two"))
    edit("duplicate port", lambda d: cur(d)["world"]["ports"].append(dict(port(d))))
    edit("ports null", lambda d: cur(d)["world"].__setitem__("ports", None))
    edit("world missing", lambda d: cur(d).pop("world"))
    edit("initial state missing", lambda d: d["state"]["1"].pop("initial"))
    edit("pending not prompts", lambda d: cur(d)["flow"].__setitem__("pending", [1, 2]))
    edit("state the log does not give", lambda d: port(d).__setitem__("hits", port(d)["hits"] + 0.5))
    cases += [("empty", b""), ("cut short", good[: len(good) // 2]), ("not a save", b'{"a": 1}')]
    return cases


@dataclass
class DamagedReport:
    """Figures of damaged saves through every open path."""

    cases: int = 0
    checks: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)


#: Damage only a full replay of the log finds: every open path replays it, but a viewer's twice-a-second
#: reload checks shape, types and ranges only (a replay there would cost seconds on a long game).
REPLAY_ONLY = {"state the log does not give"}


def damaged_paths_test(folder: Path, limit: int | None = None) -> DamagedReport:
    """Each damaged save through ``show``, ``exec``, ``restore``'s check, and the TUI's open as writer and viewer.

    Every path must refuse it (no traceback, no hang) and leave it untouched;
    ``restore`` must never call it fine. Also a FIFO, a dangling link and a
    link to ``/dev/zero``.
    """
    good_path = _made(folder, "damaged-good.json")
    good = good_path.read_bytes()
    report = DamagedReport()
    target = folder / "damaged.json"
    specials = ["fifo", "dangling link", "link to /dev/zero"]
    corpus = [*damaged_corpus(good)[:limit], *[(s, b"") for s in specials]]
    for name, content in corpus:
        report.cases += 1
        for p in folder.glob("damaged.json*"):
            p.unlink()
        if name == "fifo":
            os.mkfifo(target)
        elif name == "dangling link":
            target.symlink_to(folder / "nowhere.json")
        elif name == "link to /dev/zero":
            target.symlink_to("/dev/zero")
        else:
            target.write_bytes(content)

        def untouched() -> bool:
            return not target.is_file() or target.is_symlink() or target.read_bytes() == content

        checks = [("show", _cli("show", str(target), "ports")), ("exec", _cli("exec", str(target), "note x")),
                  ("restore", _cli("restore", str(target)))]
        for path_name, argv in checks:
            report.checks += 1
            try:
                run = subprocess.run(argv, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                report.failures.append(f"{name}: {path_name} hung")
                continue
            clean = run.returncode == 2 and "Traceback" not in run.stderr and "damaged.json" in run.stderr
            if path_name == "restore":
                clean = "opens fine" not in run.stdout and "Traceback" not in run.stderr and run.returncode == 2
            if clean and untouched():
                report.refused += 1
            else:
                report.failures.append(f"{name}: {path_name} exit {run.returncode}: {(run.stdout + run.stderr)[-200:]}")
        for mode in ("auto", "read"):  # the TUI's open: writer (auto) and viewer
            report.checks += 1
            try:
                open_game(target, data_dir(), mode=mode, verify=True).close()
                report.failures.append(f"{name}: the TUI's {mode} open accepted it")
            except GameOpenError:
                if untouched():
                    report.refused += 1
                else:
                    report.failures.append(f"{name}: the TUI's {mode} open changed the file")
            except Exception as exc:  # a traceback is a failure of the proof
                report.failures.append(f"{name}: the TUI's {mode} open raised {type(exc).__name__}: {exc}")
        if name in REPLAY_ONLY:
            continue
        report.checks += 1  # a viewer that has the good save open when it is damaged
        for p in folder.glob("damaged.json*"):
            p.unlink()
        target.write_bytes(good)
        viewer = open_game(target, data_dir(), mode="read")
        state = viewer.state
        target.unlink()
        if name == "fifo":
            os.mkfifo(target)
        elif name == "dangling link":
            target.symlink_to(folder / "nowhere.json")
        elif name == "link to /dev/zero":
            target.symlink_to("/dev/zero")
        else:
            target.write_bytes(content)
        try:
            viewer.poll()
            report.failures.append(f"{name}: the viewer's reload accepted it")
        except Exception as exc:  # the app catches these and keeps its game; it must not be an unexpected kind
            from tui.store import SaveError

            if isinstance(exc, (SaveError, GameOpenError)) and viewer.state == state:
                report.refused += 1
            else:
                report.failures.append(f"{name}: the viewer's reload raised {type(exc).__name__}: {exc}")
    for p in folder.glob("damaged.json*"):
        p.unlink()
    return report


# ---------------------------------------------------------------- lock-deletion race
@dataclass
class LockRaceReport:
    """Figures of writers racing while the lock file is deleted again and again."""

    writers: int = 0
    sent: int = 0
    acknowledged: int = 0
    lost: int = 0
    duplicated: int = 0
    deletions: int = 0
    replays: bool = False


def lock_race_test(folder: Path, writers: int, execs: int) -> LockRaceReport:
    """``writers`` processes each run ``execs`` ``exec`` calls while ``SAVE.lock`` is removed every few ms.

    Every acknowledged note must be in the log exactly once, and the state
    must equal the replayed log.
    """
    save = _made(folder, "lock-race.json", ())
    stop = threading.Event()
    report = LockRaceReport(writers=writers)

    def deleter() -> None:
        while not stop.is_set():
            try:
                lock_path(save).unlink()
                report.deletions += 1
            except FileNotFoundError:
                pass
            time.sleep(0.003)

    thread = threading.Thread(target=deleter, daemon=True)
    thread.start()
    script = ("import sys, contextlib, io; from tui.cli import main\n"
              "for e in range(int(sys.argv[3])):\n"
              "    out = io.StringIO()\n"
              "    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):\n"
              "        main(['exec', sys.argv[1], '--wait', '60', f'note {sys.argv[2]}-{e}'])\n"
              "    print(out.getvalue(), flush=True)\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, str(save), f"w{w}", str(execs)], cwd=ROOT, env=ENV,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(writers)]
    outputs = [p.communicate()[0] for p in procs]
    stop.set()
    thread.join()
    report.sent = writers * execs
    acked = [line[4:].strip() for out in outputs for line in out.splitlines() if line.startswith("ok: note ")]
    report.acknowledged = len(acked)
    game = open_game(save, data_dir(), mode="read")
    notes = [e["command"] for e in game.events if e["command"].startswith("note ") and e["status"] == "applied"]
    report.lost = sum(1 for a in acked if a not in notes)
    report.duplicated = len(notes) - len(set(notes))
    report.replays = game.replay() == game.state
    game.store.close()  # type: ignore[attr-defined]
    return report


# ------------------------------------------------------------------------ permissions
@dataclass
class PermissionsReport:
    """Figures of the permission cases."""

    cases: int = 0
    clean: int = 0
    skipped: str = ""
    failures: list[str] = field(default_factory=list)


def permissions_test(folder: Path) -> PermissionsReport:
    """A save on a read-only file system (a read-only bind mount): the TUI's open watches with the reason,
    ``exec``, ``restore`` and ``new`` refuse cleanly, and nothing is created."""
    report = PermissionsReport()
    rw, ro = folder / "perm-rw", folder / "perm-ro"
    rw.mkdir()
    ro.mkdir()
    _made(rw, "g.json")
    mounted = subprocess.run(["mount", "--bind", str(rw), str(ro)], capture_output=True).returncode == 0
    if mounted and subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True).returncode != 0:
        subprocess.run(["umount", str(ro)], capture_output=True)
        mounted = False
    if not mounted:
        report.skipped = "no read-only bind mount (needs mount rights)"
        return report
    try:
        before = sorted(os.listdir(ro))
        report.cases += 1
        game = open_game(ro / "g.json", data_dir())
        if game.read_only and "cannot write this folder" in game.read_only_reason:
            report.clean += 1
        else:
            report.failures.append(f"open: read_only={game.read_only} reason={game.read_only_reason!r}")
        game.close()
        for argv in (("exec", str(ro / "g.json"), "note x"), ("restore", str(ro / "g.json")),
                     ("new", str(ro / "g2.json")), ("new", str(ro / "sub" / "g.json"))):
            report.cases += 1
            run = subprocess.run(_cli(*argv), cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
            if run.returncode == 2 and "Traceback" not in run.stderr and "read-only file system" in run.stderr.lower():
                report.clean += 1
            else:
                report.failures.append(f"{argv[0]}: exit {run.returncode}: {run.stderr[-200:]}")
        report.cases += 1
        if sorted(os.listdir(ro)) == before:
            report.clean += 1
        else:
            report.failures.append(f"files changed: {before} -> {sorted(os.listdir(ro))}")
    finally:  # the mount goes whatever happened: the game's pinned folder is let go first, else it is detached lazily
        game = None
        gc.collect()
        if subprocess.run(["umount", str(ro)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "--lazy", str(ro)], capture_output=True)
    return report


# -------------------------------------------------- issue 18: what a path is, briefings, branches
def _link_target(kind: str, where: Path) -> Path:
    """A FIFO, a device node (one of its own when root: /dev/null itself must never be at stake), another
    program's file, or a folder, for a link to point to."""
    if kind == "fifo":
        target = where / "pipe"
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() != 0:
            return Path("/dev/null")
        target = where / "null"
        os.mknod(target, 0o020666, os.makedev(1, 3))
    elif kind == "other file":
        target = where / "notes.txt"
        target.write_text("a referee's private notes\n")
    else:
        target = where / "folder"
        target.mkdir()
    return target


@dataclass
class LinkTargetsReport:
    """Figures of every writing verb run through a link to something that is not a save."""

    cases: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)


LINK_KINDS = ("fifo", "device", "other file", "folder")


def link_targets_test(folder: Path, kinds: tuple[str, ...] = LINK_KINDS) -> LinkTargetsReport:
    """``a.json`` a link to a FIFO, a device, another file or a folder, a good backup beside it: ``restore``,
    ``exec``, ``new``, ``branch`` into it, ``report -o`` onto it (with --force) and the TUI's open (writer and
    viewer) must each refuse in one line naming the link, and leave the target, its folder and the link as
    they were (no ``*.broken-*``, no lock, no temporary file)."""
    good = _made(folder, "links-good.json")
    report = LinkTargetsReport()
    for kind in kinds:
        base = folder / f"links-{kind.replace(' ', '-')}"
        elsewhere = base / "elsewhere"
        elsewhere.mkdir(parents=True)
        target = _link_target(kind, elsewhere)
        link = base / "a.json"
        link.symlink_to(target)
        (base / "a.json.1").write_bytes(Path(f"{good}.1").read_bytes())
        content = target.read_bytes() if kind == "other file" else None

        def state() -> tuple[object, ...]:
            return (sorted(os.listdir(elsewhere)), sorted(os.listdir(base)), sorted(os.listdir("/dev")),
                    os.readlink(link), content is None or target.read_bytes() == content)

        before = state()
        runs = [("restore", _cli("restore", str(link))), ("exec", _cli("exec", str(link), "note x")),
                ("new", _cli("new", str(link))), ("branch", _cli("branch", str(good), "--at", "1", str(link))),
                ("report", _cli("report", str(good), "-o", str(link), "--force"))]
        for verb, argv in runs:
            report.cases += 1
            run = subprocess.run(argv, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
            clean = run.returncode != 0 and "Traceback" not in run.stderr and "a.json" in run.stderr
            if clean and state() == before:
                report.refused += 1
            else:
                report.failures.append(f"{kind}: {verb} exit {run.returncode}: {run.stderr.strip()[-160:]}")
        for mode in ("auto", "read"):
            report.cases += 1
            try:
                open_game(link, data_dir(), mode=mode).close()
                report.failures.append(f"{kind}: the TUI's {mode} open accepted it")
            except GameOpenError as exc:
                if "a.json is a symbolic link" in str(exc) and state() == before:
                    report.refused += 1
                else:
                    report.failures.append(f"{kind}: the TUI's {mode} open: {exc}")
    return report


@dataclass
class ReportTargetsReport:
    """Figures of ``report -o`` aimed at a save, its backups, its lock, and a copy of a save."""

    cases: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)


def report_targets_test(folder: Path) -> ReportTargetsReport:
    """``report g.json -o X`` for X the save itself, a backup, the lock, the holder record, a kept broken copy
    and a save under another name, each without and with --force: refused, and every file byte-identical."""
    base = folder / "report-targets"
    base.mkdir()
    save = _made(base, "g.json")
    (base / "copy.json").write_bytes(save.read_bytes())
    (base / "g.json.lock").touch()
    (base / "g.json.broken-20261125T120000Z").write_bytes(b"{}")
    report = ReportTargetsReport()

    def files() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in base.iterdir()}

    before = files()
    for name in ("g.json", "g.json.1", "g.json.2", "g.json.lock", "g.json.broken-20261125T120000Z", "copy.json"):
        for force in ((), ("--force",)):
            report.cases += 1
            run = subprocess.run(_cli("report", str(save), "-o", str(base / name), *force), cwd=ROOT, env=ENV,
                                 capture_output=True, text=True, timeout=60)
            if run.returncode == 2 and "Traceback" not in run.stderr and files() == before:
                report.refused += 1
            else:
                report.failures.append(f"-o {name} {' '.join(force)}: exit {run.returncode}: {run.stderr.strip()[-160:]}")
    return report


@dataclass
class BranchKillReport:
    """Figures of real ``harbormaster branch`` processes killed at random moments."""

    kills: int = 0
    whole: int = 0
    absent: int = 0
    half: int = 0
    failures: list[str] = field(default_factory=list)


def branch_kill_test(folder: Path, kills: int, rng: random.Random) -> BranchKillReport:
    """SIGKILL ``harbormaster branch SAVE --at 3 NEW`` at random moments: afterwards ``NEW`` must be missing or a
    whole branch (its three entries and its parent link), never a branch at the start with an empty log."""
    base = folder / "branch-kills"
    base.mkdir()
    save = _made(base, "p.json", ("hit Tobruk 2", "use Alexandria 2", "note three"))
    report = BranchKillReport()
    for n in range(kills):
        new = base / f"b{n}.json"
        proc = subprocess.Popen(_cli("branch", str(save), "--at", "3", str(new)), cwd=ROOT, env=ENV,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + rng.uniform(0.3, 2.0)
        while time.monotonic() < deadline and proc.poll() is None and not new.exists():
            time.sleep(0.0005)  # kill as soon as the file appears (the moment the old two-write branch was half made)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        report.kills += 1
        if not new.exists():
            report.absent += 1
            continue
        try:
            game = open_game(new, data_dir(), mode="read", verify=True)
        except GameOpenError as exc:
            report.half += 1
            report.failures.append(f"kill {n}: the branch does not open: {exc}")
            continue
        if len(game.events) == 3 and game.meta.get("parent", {}).get("seq") == 3:
            report.whole += 1
        else:
            report.half += 1
            report.failures.append(f"kill {n}: a branch with {len(game.events)} of 3 entries")
        game.store.close()  # type: ignore[attr-defined]
    return report
