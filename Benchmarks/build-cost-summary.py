#!/usr/bin/env python3
"""The summary of a build-cost.sh table: the medians over the documents of at least MIN_LINES
lines, and each such document's ratio to them, marked when over 1.5x.

    Benchmarks/build-cost-summary.py DATA [MIN_LINES] [WORK]

CPU seconds are judged, not wall: wall times follow the machine's load, and are printed only.
Costs are given per 1,000 lines and per 1,000 lines of code: lines neither blank nor comments,
which the compiler reads past almost for free, so that a document whose code carries no doc
comments is not charged for the comments the others have. A table written before the code
lines were counted gets them from WORK (build-cost.sh's folder of that run, kept with WORK=),
whose out/N folder holds the code of the table's row N.
"""
import csv
import glob
import os
import statistics
import sys


def code_lines(folder):
    count = 0
    for path in glob.glob(os.path.join(folder, "*.swift")):
        with open(path, errors="replace") as file:
            count += sum(1 for line in file if line.strip() and not line.strip().startswith("//"))
    return count


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    path = sys.argv[1]
    min_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    work = sys.argv[3] if len(sys.argv) > 3 else None
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    for index, row in enumerate(rows):
        if not row.get("code_lines"):
            if work is None:
                print(f"{path} has no code lines: give the run's WORK folder", file=sys.stderr)
                sys.exit(64)
            row["code_lines"] = str(code_lines(os.path.join(work, "out", str(index))))
        lines, code = int(row["lines"]), int(row["code_lines"])
        row["cpu_s_per_1000_code"] = float(row["cpu_s_per_1000"]) * lines / code if code else 0.0
    rows = [r for r in rows if int(r["lines"]) >= min_lines]
    if not rows:
        print(f"no document of {min_lines} lines or more")
        return
    wall = statistics.median(float(r["wall_s_per_1000"]) for r in rows)
    cpu = statistics.median(float(r["cpu_s_per_1000"]) for r in rows)
    code = statistics.median(r["cpu_s_per_1000_code"] for r in rows)
    print(f"\n{len(rows)} documents of {min_lines} lines or more: median {wall:.3f} s wall, {cpu:.3f} s CPU "
          f"per 1,000 lines; {code:.3f} s CPU per 1,000 lines of code")
    over = over_code = 0
    for r in sorted(rows, key=lambda r: -r["cpu_s_per_1000_code"]):
        rw, rc = float(r["wall_s_per_1000"]) / wall, float(r["cpu_s_per_1000"]) / cpu
        rk = r["cpu_s_per_1000_code"] / code
        share = int(r["code_lines"]) / int(r["lines"])
        mark = "  over 1.5x per line" if rc > 1.5 else ""
        mark += "  over 1.5x per line of code" if rk > 1.5 else ""
        over += rc > 1.5
        over_code += rk > 1.5
        print(f"  {r['document']:<60} {int(r['lines']):>8} lines ({share:4.0%} code)  {rw:5.2f}x wall  "
              f"{rc:5.2f}x CPU  {rk:5.2f}x CPU per code line{mark}")
    print(f"{over} of {len(rows)} over 1.5x the median CPU per line; {over_code} of {len(rows)} per line of code")


if __name__ == "__main__":
    main()
