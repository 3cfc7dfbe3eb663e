#!/usr/bin/env python3
"""Runs a command and prints its wall time, CPU time and peak memory on one line:

    seconds cpu_seconds peak_megabytes

Peak memory is the largest sum, over the command and every process it started, of their
resident memory, sampled every 20 ms: a build's compiler jobs that run side by side count
together, as they do against the machine's memory. The command's output goes to the file
named by -o (default: discarded); its exit status is this script's.

    Benchmarks/measure.py [-o LOG] [-C DIR] COMMAND [ARGUMENT ...]
"""
import os
import resource
import subprocess
import sys
import time


def tree_rss_kb(root):
    """The resident memory of `root` and all its descendants, in KiB."""
    children, rss = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            parent, pages = int(fields[1]), int(fields[21])
        except (OSError, IndexError, ValueError):
            continue
        pid = int(entry)
        children.setdefault(parent, []).append(pid)
        rss[pid] = pages * (os.sysconf("SC_PAGE_SIZE") // 1024)
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return total


def main(argv):
    log, directory = os.devnull, None
    while argv and argv[0] in ("-o", "-C"):
        if argv[0] == "-o":
            log = argv[1]
        else:
            directory = argv[1]
        argv = argv[2:]
    if not argv:
        sys.stderr.write(__doc__)
        return 64
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with open(log, "w") as out:
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, cwd=directory)
        peak = 0
        while process.poll() is None:
            peak = max(peak, tree_rss_kb(process.pid))
            time.sleep(0.02)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # A command too short to be sampled still has its own peak, which the kernel kept.
    peak = max(peak, after.ru_maxrss)
    print(f"{wall:.2f} {cpu:.2f} {peak / 1024:.0f}")
    return process.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
