#!/usr/bin/env python3
"""Whole-process figures of issue 43, measured side by side in one run: the `laager` binary
is run as a referee's machine runs it (start, chart loading, the work, exit), and the CPU
time it used (user + system, from the kernel's accounting of the child) is reported as the
minimum, median and maximum of several runs; the size of a game file is measured on disk.

    python3 benches/whole_process.py [--laager target/release/laager] [--runs 5] [--quick]

The layouts are the issue's: N bases of a DBA-style Zulu table, alternately
`british-regulars` (British) and `zulus` (Zulu), at x = 30 + 60·(i mod 300) mm and
y = 30 + 40·⌊i / 300⌋ mm ("spread"), or all at one point ("stacked"). The campaign rows
apply one DBA close combat (typed 4,3: a tie, which changes no unit) to a game of 200 and
of 2,000 events, and measure one more resolution read from it (the game's state read from
its stored projection), and an undo and a redo written through the record's gate.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.join(HERE, "..", "assets", "demos", "dba_zulu_battle.json")


def layout(n, stacked):
    units = []
    for i in range(n):
        x, y = (500.0, 500.0) if stacked else (30 + 60 * (i % 300), 30 + 40 * (i // 300))
        units.append({
            "id": f"u{i}",
            "side": "british" if i % 2 == 0 else "zulu",
            "type": "british-regulars" if i % 2 == 0 else "zulus",
            "x": x, "y": y, "facing": 0,
        })
    width = 1000.0 if stacked else 60 * min(n, 300) + 60
    depth = 1000.0 if stacked else 40 * (n // 300 + 1) + 60
    return {
        "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
        "table": {"width": width, "depth": depth}, "units": units,
    }


def cpu_of(args, expect=(0,)):
    """Runs `args` once; returns (CPU seconds of the child, wall seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if code not in expect:
        sys.exit(f"{' '.join(args)}: exit {code}: {err}")
    return usage.ru_utime + usage.ru_stime, wall


def figure(args, runs, expect=(0,), setup=None):
    cpu, wall = [], []
    for _ in range(runs):
        if setup:
            setup()
        c, w = cpu_of(args, expect)
        cpu.append(c)
        wall.append(w)
    return cpu, wall


def fmt(values):
    ms = sorted(v * 1000 for v in values)
    return f"min {ms[0]:8.1f}  median {statistics.median(ms):8.1f}  max {ms[-1]:8.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--laager", default=os.path.join(HERE, "..", "target", "release", "laager"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="smaller sizes, one run")
    opts = parser.parse_args()
    laager = opts.laager
    runs = 1 if opts.quick else opts.runs
    tmp = tempfile.mkdtemp(prefix="laager-scale-")
    try:
        measure_all(laager, runs, opts.quick, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure_all(laager, runs, quick, tmp):
    """Measures every row in `tmp` and prints them side by side."""
    rows = []

    def write(name, value):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            json.dump(value, f)
        return path

    sizes = [
        (20000, True, "under 0.5 s"),
        (60000, True, "under 1.5 s"),
        (10000, False, "under 0.15 s"),
        (50000, False, "under 0.75 s"),
    ]
    if quick:
        sizes = [(n // 10, stacked, goal) for n, stacked, goal in sizes]
    for n, stacked, goal in sizes:
        arrangement = "stacked" if stacked else "spread"
        name = f"layout check, {n:,} {arrangement}"
        path = write(f"{n}_{arrangement}.json", layout(n, stacked))
        cpu, wall = figure([laager, "layout", "check", path], runs)
        rows.append((name, cpu, wall, goal))
        if stacked and n in (20000, 2000):
            cpu, wall = figure([laager, "measure", path, "--from", "u0", "--to", "u1"], runs)
            rows.append((f"measure, {n:,} stacked", cpu, wall, "under 0.5 s"))
            club = os.path.join(tmp, "stack.laager")

            def fresh():
                if os.path.exists(club):
                    os.remove(club)
                subprocess.run([laager, "campaign", "new", "--name", "stack", club],
                               check=True, stdout=subprocess.DEVNULL)

            cpu, wall = figure([laager, "campaign", "add-game", club, "--ruleset", "dba-zulu",
                                "--layout", path], runs, setup=fresh)
            rows.append((f"campaign add-game, {n:,} stacked", cpu, wall, "under 0.5 s"))

    # A campaign game on the demo table, played up to 200 and 2,000 events.
    club = os.path.join(tmp, "club.laager")
    subprocess.run([laager, "campaign", "new", "--name", "club", club], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([laager, "campaign", "add-game", club, "--ruleset", "dba-zulu", "--layout",
                    DEMO], check=True, stdout=subprocess.DEVNULL)
    combat = [laager, "dba", "combat", "--kind", "close", "--campaign", club,
              "--unit", "a=uMcijo front", "--unit", "b=24th 4", "--dice", "4,3", "--json"]

    def events():
        out = subprocess.run([laager, "log", "head", club, "--game", "1", "--json"],
                             check=True, capture_output=True).stdout
        return int(json.loads(out)["events"])

    def play_to(count):
        """Applies the combat until the game's log holds `count` events."""
        for _ in range(count - events()):
            subprocess.run(combat + ["--apply"], check=True, stdout=subprocess.DEVNULL)

    setup = events()  # the units joining and the charts logged
    targets = [200, 2000] if not quick else [200, 400]
    undo_rows = []
    for target in targets:
        play_to(target)
        cpu, wall = figure(combat, runs)
        rows.append((f"one DBA close combat from a campaign, {target:,}-event game", cpu,
                     wall, "under 10 ms, flat in the log's length"))
        # An undo and a redo in turn: each a write through the gate, which verifies the
        # whole file first.
        # On a copy, so the game played on keeps only resolutions.
        copy = os.path.join(tmp, "undo.laager")
        shutil.copyfile(club, copy)
        cpu, wall = [], []
        for i in range(runs):
            c, w = cpu_of([laager, "log", "undo" if i % 2 == 0 else "redo", copy])
            cpu.append(c)
            wall.append(w)
        os.remove(copy)
        undo_rows.append((f"`log undo` / `log redo` (a write through the gate), {target:,}-event game",
                          cpu, wall, "reported; under 50 ms at 10,000 events"))
    rows.extend(undo_rows)
    # The file of a game of 2,000 resolutions (or 400 with --quick), after its set-up.
    resolutions = 2000 if not quick else 400
    play_to(resolutions + setup)
    size = os.path.getsize(club)
    print(f"# laager: {laager}")
    print(f"# {runs} run(s) each; CPU = user + system time of the process")
    for name, cpu, wall, goal in rows:
        print(f"{name:58s} CPU {fmt(cpu)}   wall median {statistics.median(wall) * 1000:8.1f} ms   goal {goal}")
    print(f"{'size of a game of ' + format(resolutions, ',') + ' resolutions':58s} {size:,} bytes   goal under 5 MB at 2,000 resolutions")


if __name__ == "__main__":
    main()
