#!/usr/bin/env python3
"""command_time.py - wall and CPU time of a short command, for the history and start-up rows.

    python3 bench/command_time.py [--runs N] -- CMD [ARG...]

Runs CMD N times (default 5) with stdout and stderr to /dev/null and prints one line:
`best_wall_ms median_wall_ms median_cpu_ms`. CPU time is user + system of the process and its
children from wait4(2), in microseconds, so it is meaningful under load, when wall time mostly
measures the queue for a core; best wall time is the closest to an idle machine's.
"""
import os
import statistics
import subprocess
import sys
import time


def main(argv):
    runs = 5
    if argv[:1] == ["--runs"]:
        runs = int(argv[1])
        argv = argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv or runs < 1:
        sys.exit("usage: command_time.py [--runs N] -- CMD [ARG...]")
    walls, cpus = [], []
    with open(os.devnull, "wb") as null:
        for _ in range(runs):
            start = time.perf_counter()
            child = subprocess.Popen(argv, stdout=null, stderr=null)
            _, status, usage = os.wait4(child.pid, 0)
            walls.append((time.perf_counter() - start) * 1000)
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode != 0:
                sys.exit(f"command_time.py: {' '.join(argv)} exited {child.returncode}")
            cpus.append((usage.ru_utime + usage.ru_stime) * 1000)
    print(f"{min(walls):.1f} {statistics.median(walls):.1f} {statistics.median(cpus):.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
