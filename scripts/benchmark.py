#!/usr/bin/env python3
"""Harbormaster benchmark: each figure beside its floor, measured in the same run.

    python scripts/benchmark.py [--quick]

1. Start-up: process start to first screen ready, with the default game (the
   bundled scenario, as created) and with a 10,000-event save, against a bare
   Textual app with the same widgets (target: within 1.4x): headless, through
   the command line's own path (and when commands are accepted: on a first
   open, its log replayed, and on a reopen of a save verified before); then
   ``harbormaster SAVE`` (the console script) in a pseudo-terminal to the first
   full screen. Both from scratch: every start is.
   Also the first switch to each mode (a fresh process per figure: the key press
   to the mode rendered), against a bare Textual app switching for the first time
   to a screen with a 200-row table and a footer (target: within 1.2x); both as
   the app runs (the other modes built while the first screen is read) and with
   each mode built on its switch.
2. Command-to-durable latency with 100, 1,000, 10,000 and 50,000 events in the
   save (median and p95), against serializing and writing the same data once
   with fsync (target: within 1.5x).
3. Opening the Log mode at 10,000 events (target: under 150 ms).

``--instructions`` counts instead the instructions each start executes to its
first screen (valgrind): on a loaded machine, the figure that compares builds.

This is a script, not a test: machines are noisy, so it reports medians and
ratios and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from tui.paths import data_dir  # noqa: E402
from tui.session import create_game, open_game  # noqa: E402

SIZES = (100, 1_000, 10_000, 50_000)


def make_save(path: Path, events: int) -> Path:
    """A save with ``events`` events: real commands first, then logged notes (state-neutral) up to the count."""
    game = create_game(path, data_dir(), seed=7)
    for line in ["hit Tobruk 2", "use Alexandria 2 --he", "answer sea-state calm", "next", "capture Athens allied", "answer destroy:Athens decline"]:
        assert game.execute(line).ok, line
    template = dict(game.events[-1])
    have = len(game.events)
    filler = []
    for seq in range(have + 1, events + 1):
        event = dict(template)
        event.update(seq=seq, command=f"note filler {seq}", summary=f"Note: filler {seq}", details=[], dice=[])
        filler.append(event)
    if filler:
        game.store.commit(append=filler, state=game.store.state())
    game.close()  # let go of the writer's lock: the benchmark opens the save again
    return path


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# --------------------------------------------------------------- start-up
CHILD_APP = r"""
import sys
sys.path.insert(0, {root!r})
import time
from textual.app import App
import tui.app
import tui.cli
class Bench(tui.app.HarbormasterApp):
    def on_ready(self):
        print("READY", time.process_time(), flush=True)
        async def checked():
            await self.log_checked()
            print("CHECKED", time.process_time(), flush=True)
            self.exit()
        self.run_worker(checked())
    def run(self, **kwargs):
        return App.run(self, headless=True, size=(120, 36))
tui.app.make_app = lambda game, **kwargs: Bench(game, **kwargs)
sys.exit(tui.cli.main([{save!r}]))
"""
"""The real start: ``harbormaster SAVE`` (the command line's own path: lock, open, check, the screen), headless."""

CHILD_APP_READY = CHILD_APP.replace("""        async def checked():
            await self.log_checked()
            print("CHECKED", time.process_time(), flush=True)
            self.exit()
        self.run_worker(checked())
""", """        self.exit()
""")
"""The same start, ended as soon as its first screen is up (the log not replayed yet): what :func:`instructions`
counts."""

CHILD_FLOOR = r"""
from textual.app import App
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, Label, OptionList, Static, Tree
SEGMENTS = {segments!r}
class Floor(App):
    def compose(self):
        yield Static("header " * 10)
        with Horizontal():
            tree = Tree("Game turn")
            for title in SEGMENTS:
                tree.root.add_leaf(title)
            tree.root.expand_all()
            yield tree
            with Vertical():
                yield Label("Now")
                yield Static("segment")
                yield Label("Pending prompts")
                yield OptionList("prompt")
                yield Label("What happened on entry")
                with VerticalScroll():
                    yield Static("entry")
        yield Static("status")
        yield Footer(compact=True)
    def on_ready(self):
        import time
        print("READY", time.process_time(), flush=True)
        self.exit()
Floor().run(headless=True, size=(120, 36))
"""


def time_child(code: str, env: dict[str, str] | None = None) -> tuple[float, float, float, float]:
    """Seconds from spawning a Python process to its READY line, the CPU time the process had used by then, the
    seconds to its CHECKED line (the save's log replayed, commands accepted; READY's for a child without one) and the
    CPU time used by then (READY's likewise). ``env``: the child's environment (this process's when None)."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    assert proc.stdout is not None
    ready: tuple[float, float] | None = None
    checked: tuple[float, float] | None = None
    for line in proc.stdout:
        if line.startswith("READY "):
            ready = time.perf_counter() - start, float(line.split()[1])
        elif line.startswith("CHECKED "):
            checked = time.perf_counter() - start, float(line.split()[1])
    proc.wait()
    if ready is None:
        raise RuntimeError(proc.stderr.read() if proc.stderr else "child failed")
    return (*ready, *(checked or ready))


def _cache_env(folder: Path) -> dict[str, str]:
    """This process's environment with the user's cache folder (rule sets, verified-log markers) at ``folder``."""
    return {**os.environ, "HARBORMASTER_CACHE": str(folder)}


def _fresh_cache(folder: Path, warm: Path) -> Path:
    """An empty cache folder holding only the converted rule sets of ``warm`` (no verified-log marker): a first open
    whose rule set is cached, as every start after the first of a version is."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(mode=0o700)
    for entry in warm.glob("*.rules"):
        shutil.copy2(entry, folder / entry.name)
    return folder


def bench_startup(saves: dict[str, Path], runs: int) -> None:
    """Headless start-up: ``harbormaster SAVE``'s own path to its first screen, beside the bare app, per save; the
    moment commands are accepted both on a first open (the log replayed: a fresh cache folder per run, the rule set
    cached) and on a reopen (the save's bytes marked verified by the run before, ``tui/engine/verified.py``)."""
    for name, save in saves.items():
        game = open_game(save, data_dir())
        segments = [s.title for s in game.ruleset.sequence.segments]
        game.close()  # the children open it as its writer, as a referee would
        app_code = CHILD_APP.format(root=str(ROOT), save=str(save))
        floor_code = CHILD_FLOOR.format(segments=segments)
        apps: list[tuple[float, float, float, float]] = []
        again: list[tuple[float, float, float, float]] = []
        floors: list[tuple[float, float, float, float]] = []
        warm = save.parent / f"{save.stem}-cache-warm"  # the rule set converted once, and the save marked verified
        fresh = save.parent / f"{save.stem}-cache-fresh"
        time_child(floor_code)  # warm the disk cache
        time_child(app_code, _cache_env(warm))
        for _ in range(runs):  # interleaved, so drift hits all alike
            floors.append(time_child(floor_code))
            apps.append(time_child(app_code, _cache_env(_fresh_cache(fresh, warm))))
            again.append(time_child(app_code, _cache_env(warm)))
        a, f = statistics.median(p[0] for p in apps), statistics.median(p[0] for p in floors)
        ac, fc = statistics.median(p[1] for p in apps), statistics.median(p[1] for p in floors)
        print(f"start-up to first screen: `harbormaster SAVE` (its own path, headless), {name} "
              f"({runs} runs each, median; load average {load()})")
        print(f"  harbormaster {a * 1000:8.1f} ms   bare textual app {f * 1000:8.1f} ms   ratio {a / f:.2f}x "
              "(target <= 1.4x)")
        print(f"  CPU time     {ac * 1000:8.1f} ms                    {fc * 1000:8.1f} ms   ratio {ac / fc:.2f}x "
              "(the process's own CPU time to the first screen, unmoved by other work on the machine)")
        print("  commands accepted (target <= 500 ms after the start; the log is checked once the first screen is up):")
        for label, runs_of in (("first open (log replayed)", apps), ("reopened (verified before)", again)):
            checked, checked_cpu = statistics.median(p[2] for p in runs_of), statistics.median(p[3] for p in runs_of)
            print(f"    {label:<28} {checked * 1000:8.1f} ms after the start; CPU time by then {checked_cpu * 1000:.1f} ms")


def instructions(code: str) -> int | None:
    """Instructions a Python child running ``code`` executes in all (valgrind's callgrind, hash seed fixed), or None
    without valgrind: unmoved by other work on the machine, so two builds compare even on a loaded machine."""
    import shutil

    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory(prefix="hm-ir-") as tmp:
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable, "-c", code],
                              capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    for line in proc.stderr.splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1])
    raise RuntimeError(proc.stderr[-500:] or "valgrind failed")


def bench_instructions(saves: dict[str, Path]) -> None:
    """Instructions from process start to the first screen, headless: ``harbormaster SAVE``'s own path and the bare
    app, per save (one run each: the count barely moves between runs)."""
    for name, save in saves.items():
        game = open_game(save, data_dir())
        segments = [s.title for s in game.ruleset.sequence.segments]
        game.close()
        app = instructions(CHILD_APP_READY.format(root=str(ROOT), save=str(save)))
        floor = instructions(CHILD_FLOOR.format(segments=segments))
        if app is None or floor is None:
            print("instructions to the first screen: valgrind is not installed")
            return
        print(f"instructions to the first screen (headless, valgrind callgrind), {name}")
        print(f"  harbormaster {app / 1e6:8.1f} M   bare textual app {floor / 1e6:8.1f} M   ratio {app / floor:.2f}x")


def compile_package() -> None:
    """Byte-compile the package, as an installed copy has it (this matters where PYTHONDONTWRITEBYTECODE is set:
    then nothing would ever be cached and every start would recompile)."""
    import compileall

    compileall.compile_dir(str(ROOT / "tui"), quiet=1)


# ---------------------------------------------------- start-up in a terminal
CHILD_FLOOR_TTY = CHILD_FLOOR.replace("""    def on_ready(self):
        import time
        print("READY", time.process_time(), flush=True)
        self.exit()
""", "").replace("Floor().run(headless=True, size=(120, 36))", "Floor().run()")
"""The bare app of :data:`CHILD_FLOOR`, run on the terminal it is given until ctrl+q."""


def _in_terminal(argv: list[str], env: dict[str, str], quit_keys: bytes) -> float:
    """Seconds from spawning ``argv`` in a new 120x36 pseudo-terminal to its first full screen (the footer's
    ``palette`` key drawn: the footer is the frame's last line); then it is quit with ``quit_keys``."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
        os.execve(argv[0], argv, env)
    out, took = b"", None
    while took is None and time.perf_counter() - start < 30:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
            if b"palette" in out:
                took = time.perf_counter() - start
    time.sleep(0.3)
    os.write(fd, quit_keys)
    end = time.perf_counter() + 15
    while time.perf_counter() < end:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    if took is None:
        raise RuntimeError(f"no first screen from {argv[:3]}: {out[-300:]!r}")
    return took


def console_script() -> list[str]:
    """The ``harbormaster`` console script of this interpreter's environment (as a referee starts it), else the same
    entry point run with ``-P`` (nothing from the current folder on ``sys.path``)."""
    script = Path(sys.executable).parent / "harbormaster"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-P", "-c", "import sys; from tui.cli import main; sys.exit(main())"]


def bench_terminal(saves: dict[str, Path], runs: int) -> None:
    """Start-up in a real (pseudo-)terminal: ``harbormaster SAVE`` against the bare app, each from process start to
    its first full screen, interleaved."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HARBORMASTER_")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(ROOT))
    for name, save in saves.items():
        game = open_game(save, data_dir())
        segments = [s.title for s in game.ruleset.sequence.segments]
        game.close()
        launch = [*console_script(), str(save)]
        floor = [sys.executable, "-c", CHILD_FLOOR_TTY.format(segments=segments)]
        _in_terminal(floor, env, b"\x11")  # warm the disk cache
        _in_terminal(launch, env, b"q")
        apps: list[float] = []
        floors: list[float] = []
        for _ in range(runs):  # interleaved, so drift hits all alike
            floors.append(_in_terminal(floor, env, b"\x11"))
            apps.append(_in_terminal(launch, env, b"q"))
        f, a = statistics.median(floors), statistics.median(apps)
        print(f"start-up in a terminal: `harbormaster SAVE` to its first full screen, {name}, 120x36 "
              f"pseudo-terminal ({runs} runs each, median, wall clock; load average {load()})")
        print(f"  harbormaster {a * 1000:8.1f} ms   bare textual app {f * 1000:8.1f} ms   ratio {a / f:.2f}x "
              "(target <= 1.4x)")


def start_saves(folder: Path) -> dict[str, Path]:
    """The saves the start-up figures open: the default game as created, and one of 10,000 events."""
    fresh = create_game(folder / "default.json", data_dir(), seed=7)
    fresh.close()
    return {"default game": folder / "default.json", "10,000-event save": make_save(folder / "startup.json", 10_000)}


# ------------------------------------------------------ first mode switch
SWITCH_SETTLE = 1.0
"""Seconds between the first screen and the key press (a referee reads the screen first: a second is quick for a
person finding a key); the same for both apps. Sooner, the mode may not be built yet: the "on switch" column."""

CHILD_SWITCH_APP = r"""
import asyncio, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from tui.paths import data_dir
from tui.session import open_game
from tui.app import HarbormasterApp
if not {ahead!r}:
    HarbormasterApp.PREBUILD_AFTER = None  # each mode built on its first switch
async def main():
    app = HarbormasterApp(open_game(Path({save!r}), data_dir()), cursor_blink=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        idle = time.process_time()
        await asyncio.sleep({settle!r})
        await pilot.pause()
        idle = time.process_time() - idle
        assert not {ahead!r} or {mode!r} in app.prebuilt, app.prebuilt
        start, cpu = time.perf_counter(), time.process_time()
        await pilot.press({key!r})
        await pilot.pause()
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert app.current_mode == {mode!r}, app.current_mode
    print("SWITCH", took, cpu, idle, flush=True)
asyncio.run(main())
"""

CHILD_SWITCH_FLOOR = r"""
import asyncio, time
from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
class First(Screen):
    def compose(self):
        yield Static("first")
        yield Footer()
class Table(Screen):
    def compose(self):
        yield Static("count")
        yield DataTable(id="t")
        yield Static("detail")
        yield Footer()
    def on_mount(self):
        table = self.query_one(DataTable)
        for col in ("#", "Turn", "Segment", "Actor", "Command", "Summary", "Dice"):
            table.add_column(col, width=12)
        for i in range(200):
            table.add_row(str(i), "Jan I 1943", "Naval movement", "axis", "note filler", f"Note: filler {{i}}", "")
class Floor(App):
    MODES = {{"first": First, "table": Table}}
    DEFAULT_MODE = "first"
    BINDINGS = [("2", "switch_mode('table')", "2")]
async def main():
    app = Floor()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await asyncio.sleep({settle!r})
        await pilot.pause()
        start, cpu = time.perf_counter(), time.process_time()
        await pilot.press("2")
        await pilot.pause()
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print("SWITCH", took, cpu, 0.0, flush=True)
asyncio.run(main())
"""

SWITCH_MODES = (("2", "ports"), ("3", "markers"), ("4", "log"), ("5", "zones"))
"""The keys and the modes of the Europa game the benchmark opens (Sea Zones included)."""


def switch_child(code: str) -> tuple[float, float, float]:
    """What a child process reports for its first mode switch: wall clock and its own CPU time over the switch, and
    the CPU time it spent while the first screen was read (building the other modes ahead)."""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    for line in proc.stdout.splitlines():
        if line.startswith("SWITCH "):
            wall, cpu, idle = line.split()[1:4]
            return float(wall), float(cpu), float(idle)
    raise RuntimeError(proc.stderr or "child failed")


def bench_first_switch(folder: Path, runs: int) -> None:
    save = make_save(folder / "switch.json", 10_000)
    floor_code = CHILD_SWITCH_FLOOR.format(settle=SWITCH_SETTLE)
    codes = {(mode, ahead): CHILD_SWITCH_APP.format(root=str(ROOT), save=str(save), settle=SWITCH_SETTLE, key=key,
                                                    mode=mode, ahead=ahead)
             for key, mode in SWITCH_MODES for ahead in (True, False)}
    switch_child(floor_code)  # warm the disk cache and bytecode
    floors: list[tuple[float, float, float]] = []
    took: dict[tuple[str, bool], list[tuple[float, float, float]]] = {k: [] for k in codes}
    for _ in range(runs):  # interleaved, so drift hits all alike
        floors.append(switch_child(floor_code))
        for k, code in codes.items():
            took[k].append(switch_child(code))
    fw, fc = statistics.median(p[0] for p in floors), statistics.median(p[1] for p in floors)
    print(f"first switch to a mode, 10,000-event save ({runs} fresh processes each, median; key press to the mode "
          f"rendered and idle, in Textual's test pilot, {SWITCH_SETTLE:g} s after the first screen; load average {load()})")
    print("  (CPU = the process's own CPU time over the switch: what the switch costs, unlike the wall clock")
    print("   unmoved by other work on the machine or by the pilot's idle polling; the ratio to quote)")
    print("  ahead = as the app runs: the other modes are built while the first screen is read (PREBUILD_AFTER);")
    print("  on switch = the mode built by the key press (PREBUILD_AFTER = None)")
    print(f"  {'':<9} {'wall ms':>8} {'CPU ms':>8} {'CPU ratio':>10}   {'on switch: CPU ms':>18} {'ratio':>6}")
    print(f"  {'bare app':<9} {fw * 1000:8.1f} {fc * 1000:8.1f}   (a screen with a 200-row table, built on the switch)")
    for _key, mode in SWITCH_MODES:
        ahead, cold = took[(mode, True)], took[(mode, False)]
        w, c = statistics.median(p[0] for p in ahead), statistics.median(p[1] for p in ahead)
        cc = statistics.median(p[1] for p in cold)
        print(f"  {mode:<9} {w * 1000:8.1f} {c * 1000:8.1f} {c / fc:9.2f}x   {cc * 1000:18.1f} {cc / fc:5.2f}x"
              "  (target <= 1.2x)")
    allc = statistics.median(p[1] for (_, a), pairs in took.items() if a for p in pairs)
    allcold = statistics.median(p[1] for (_, a), pairs in took.items() if not a for p in pairs)
    idle = statistics.median(p[2] for (_, a), pairs in took.items() if a for p in pairs)
    print(f"  {'all modes':<9} {'':>8} {allc * 1000:8.1f} {allc / fc:9.2f}x   {allcold * 1000:18.1f} {allcold / fc:5.2f}x")
    print(f"  building the other modes ahead took {idle * 1000:.0f} ms of CPU while the first screen was read "
          f"({SWITCH_SETTLE:g} s)")


def load() -> str:
    """The machine's load average (1, 5, 15 minutes): other work skews every figure."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


# ------------------------------------------------------- command latency
def floor_write(path: Path, data: object) -> float:
    """Serialize ``data`` once with orjson and write it with fsync (the floor)."""
    start = time.perf_counter()
    payload = orjson.dumps(data)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, payload)
        os.fsync(fd)
    finally:
        os.close(fd)
    return time.perf_counter() - start


def atomic_floor(path: Path, data: object) -> float:
    """The same plus what durability adds: temp file, fsync, rename over the save, fsync of the folder."""
    start = time.perf_counter()
    payload = orjson.dumps(data)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, payload)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
    return time.perf_counter() - start


def bench_commands(folder: Path, commands: int) -> None:
    print(f"command to durable, {commands} commands per size (hit/repair Alexandria), vs one orjson dump + write + fsync")
    print("  (atomic = the floor plus temp file, rename and folder fsync: what a crash-proof write needs)")
    print(f"  {'events':>7} {'file MB':>8} {'median ms':>10} {'p95 ms':>8} {'floor med':>10} {'floor p95':>10} {'ratio':>7} {'atomic med':>11} {'ratio':>7}")
    for size in SIZES:
        save = make_save(folder / f"cmd-{size}.json", size)
        game = open_game(save, data_dir(), verify=True)  # as the app's writer once its log is checked: each command
        lines = ["hit Alexandria", "repair Alexandria"]  # then also replays its own event (tui/engine/verified.py)
        for i in range(4):  # warm up: backups exist, caches filled
            game.execute(lines[i % 2])
        took = []
        for i in range(commands):
            start = time.perf_counter()
            result = game.execute(lines[i % 2])
            took.append(time.perf_counter() - start)
            assert result.ok, result.message
        data = orjson.loads(save.read_bytes())
        floors = [floor_write(folder / "floor.json", data) for _ in range(commands)]
        atomics = [atomic_floor(folder / "atomic.json", data) for _ in range(commands)]
        med, p95 = statistics.median(took), pct(took, 0.95)
        fmed, fp95 = statistics.median(floors), pct(floors, 0.95)
        amed = statistics.median(atomics)
        mb = save.stat().st_size / 1e6
        print(f"  {size:>7,} {mb:>8.2f} {med * 1000:>10.2f} {p95 * 1000:>8.2f} {fmed * 1000:>10.2f} {fp95 * 1000:>10.2f} {med / fmed:>6.2f}x {amed * 1000:>11.2f} {med / amed:>6.2f}x")
        game.store.close()


# ----------------------------------------------------------- log mode
async def _time_switches(app: object) -> tuple[float, float, float, float]:
    """Seconds from pressing 4 to the Log mode rendered, the first time and again after going to 1: wall clock, then
    the process's CPU time over each."""
    async with app.run_test(size=(120, 36)) as pilot:  # type: ignore[attr-defined]
        await pilot.pause()
        start, cpu = time.perf_counter(), time.process_time()
        await pilot.press("4")
        await pilot.pause()
        first, first_cpu = time.perf_counter() - start, time.process_time() - cpu
        await pilot.press("1")
        await pilot.pause()
        start, cpu = time.perf_counter(), time.process_time()
        await pilot.press("4")
        await pilot.pause()
        again, again_cpu = time.perf_counter() - start, time.process_time() - cpu
    return first, again, first_cpu, again_cpu


async def _open_log(save: Path) -> tuple[float, float, float, float]:
    from tui.app import HarbormasterApp

    app = HarbormasterApp(open_game(save, data_dir()), cursor_blink=False)
    return await _time_switches(app)


async def _open_floor() -> tuple[float, float, float, float]:
    """The same key presses on a bare Textual app: a first mode, and a mode with a 200-row table."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import DataTable, Footer, Static

    class First(Screen):
        def compose(self):
            yield Static("first")
            yield Footer()

    class Table(Screen):
        def compose(self):
            yield Static("count")
            yield DataTable(id="t")
            yield Static("detail")
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            for col in ("#", "Turn", "Segment", "Actor", "Command", "Summary", "Dice"):
                table.add_column(col, width=12)
            for i in range(200):
                table.add_row(str(i), "Jan I 1943", "Naval movement", "axis", "note filler", f"Note: filler {i}", "")

    class Floor(App):
        MODES = {"first": First, "table": Table}
        DEFAULT_MODE = "first"
        BINDINGS = [("1", "switch_mode('first')", "1"), ("4", "switch_mode('table')", "4")]

    app = Floor()
    return await _time_switches(app)


def bench_log(folder: Path, runs: int) -> None:
    save = make_save(folder / "log.json", 10_000)
    small = make_save(folder / "log-small.json", 50)
    figures: dict[str, list[tuple[float, float, float, float]]] = {"10,000 events": [], "50 events": [],
                                                                    "bare textual app": []}
    for _ in range(runs):  # interleaved, so drift hits all alike
        figures["10,000 events"].append(asyncio.run(_open_log(save)))
        figures["50 events"].append(asyncio.run(_open_log(small)))
        figures["bare textual app"].append(asyncio.run(_open_floor()))
    print(f"opening the Log mode ({runs} runs, median; key press to screen rendered, in Textual's test pilot, pressed as "
          "soon as the first screen is up: no mode built ahead yet)")
    print("                    first open: wall    CPU    switching back: wall    CPU")
    for name, rows in figures.items():
        first, again, first_cpu, again_cpu = (statistics.median(r[k] for r in rows) * 1000 for k in range(4))
        print(f"  {name:<17}         {first:7.1f} {first_cpu:7.1f}                {again:7.1f} {again_cpu:7.1f} ms")
    print("  (target < 150 ms at 10,000 events; the wall clock includes the pilot's waits for the screen to settle,")
    print("   as the bare app's shows: CPU is what the switch costs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--start", action="store_true", help="only the start-up figures (headless and in a terminal)")
    parser.add_argument("--instructions", action="store_true",
                        help="only the instructions executed to the first screen (needs valgrind; slow, but exact)")
    args = parser.parse_args()
    runs, commands = (3, 15) if args.quick else (7, 40)
    print(f"Harbormaster benchmark — Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="hm-bench-") as tmp:
        folder = Path(tmp)
        if not (args.start or args.instructions):
            bench_commands(folder, commands)
            bench_log(folder, max(3, runs // 2))
        compile_package()
        saves = start_saves(folder)
        if args.instructions:
            bench_instructions(saves)
            return
        bench_startup(saves, runs)
        bench_terminal(saves, runs)
        if not args.start:
            bench_first_switch(folder, max(3, runs // 2 + 1))


if __name__ == "__main__":
    main()
