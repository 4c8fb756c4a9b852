#!/usr/bin/env python3
"""tree_rss.py - run a command and report the peak memory of it and of every process it starts.

Usage: tree_rss.py [--interval S] [--report FILE] -- COMMAND [ARG...]

GNU time reports one number, the largest peak of any single process in the tree, which hides
that savvy and its Whisper worker are resident at the same time. This samples /proc every
`--interval` seconds (default 0.2) for the command and all its descendants and keeps each
process's VmHWM (the kernel's own peak resident set, so a peak between two samples is not
missed; only growth in the last interval before a process exits can be). wait4's ru_maxrss is
not used: on Linux it is the largest of the child and the children it reaped, not its own.

The report (stderr, or --report FILE) has one line per process, "pid name peak_MB", the
command's first, then
"sum of peaks MB" (the honest upper bound: every process at its own peak at once) and
"peak of sum MB" (the largest sum of VmRSS seen in one sample). The exit status is the
command's; the command's stdout and stderr pass through.
"""
import os
import subprocess
import sys
import time


def children_map():
    """pid -> parent pid for every process visible now."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read().decode("latin-1")
        except OSError:
            continue
        # The name may contain spaces and parentheses: the fields after it follow the last ')'.
        rest = stat[stat.rfind(")") + 2:].split()
        parents[int(entry)] = int(rest[1])
    return parents


def status_kb(pid, keys):
    values = {}
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                if key in keys:
                    values[key] = int(value.split()[0])
                elif key == "Name":
                    values["Name"] = value.strip()
    except OSError:
        return None
    return values


def main():
    arguments = sys.argv[1:]
    interval = 0.2
    report_path = None
    while arguments and arguments[0] != "--":
        option = arguments.pop(0)
        if option == "--interval":
            interval = float(arguments.pop(0))
        elif option == "--report":
            report_path = arguments.pop(0)
        else:
            sys.exit(f"tree_rss: unknown option {option}")
    if not arguments or len(arguments) < 2:
        sys.exit("usage: tree_rss.py [--interval S] [--report FILE] -- COMMAND [ARG...]")
    command = arguments[1:]
    child = subprocess.Popen(command)
    peaks = {}   # pid -> (name, peak kB)
    peak_of_sum = 0
    status = None
    while status is None:
        parents = children_map()
        tree = {child.pid}
        grew = True
        while grew:
            grew = False
            for pid, parent in parents.items():
                if parent in tree and pid not in tree:
                    tree.add(pid)
                    grew = True
        total = 0
        for pid in tree:
            values = status_kb(pid, ("VmHWM", "VmRSS"))
            if not values or "VmHWM" not in values:
                continue
            name, peak = peaks.get(pid, (values.get("Name", "?"), 0))
            peaks[pid] = (values.get("Name", name), max(peak, values["VmHWM"]))
            total += values.get("VmRSS", 0)
        peak_of_sum = max(peak_of_sum, total)
        waited, raw = os.waitpid(child.pid, os.WNOHANG)
        if waited == child.pid:
            status = raw
            break
        time.sleep(interval)
    # The command first, then what it started in pid order.
    order = [child.pid] + sorted(pid for pid in peaks if pid != child.pid)
    lines = [f"{pid} {peaks[pid][0]} {peaks[pid][1] / 1024:.0f}" for pid in order if pid in peaks]
    lines.append(f"sum of peaks {sum(kb for _, kb in peaks.values()) / 1024:.0f}")
    lines.append(f"peak of sum {peak_of_sum / 1024:.0f}")
    text = "\n".join(lines) + "\n"
    if report_path:
        with open(report_path, "w") as handle:
            handle.write(text)
    else:
        sys.stderr.write(text)
    if os.WIFSIGNALED(status):
        sys.exit(128 + os.WTERMSIG(status))
    sys.exit(os.WEXITSTATUS(status))


if __name__ == "__main__":
    main()
