#!/usr/bin/env python3
"""The summary of a build-cost.sh table: the medians over the documents of at least MIN_LINES
lines, and each such document's ratio to them, marked when over 1.5x.

    Benchmarks/build-cost-summary.py DATA [MIN_LINES] [WORK]
    Benchmarks/build-cost-summary.py --count FOLDER

CPU seconds are judged, not wall: wall times follow the machine's load, and are printed only.
Costs are given per 1,000 lines and per 1,000 lines of code: lines neither blank nor comments,
which the compiler reads past almost for free, so that a document whose code carries no doc
comments is not charged for the comments the others have.

Where the table counts the generated types and stored properties, the documents' CPU seconds
(less the fixed cost) are also fitted to those two counts: the seconds a type costs and the
seconds a stored property costs, chosen so that the documents' measured CPU over the fitted is
as near 1 as can be (least squares of the ratio). Each document's ratio to that fit is printed
beside its ratio to the median per line, and the same fit to lines alone for comparison.

A table written before some of these columns were counted gets them from WORK (build-cost.sh's
folder of that run, kept with WORK=), whose out/N folder holds the code of the table's row N.
With --count, the counts of one folder of generated code are printed, tab-separated, in the
table's order: lines, code lines, types, stored properties.
"""
import csv
import glob
import os
import re
import statistics
import sys

CODE = re.compile(r"\s*(//|$)")
# The generated value types: models, error enums, strategies and their inputs. Role protocols
# are left out: a protocol has no layout, so no value witnesses.
TYPE = re.compile(r"\s*public (indirect )?(struct|enum|final class) ")
# A stored property: declared with its type and no body of its own.
STORED = re.compile(r"\s*public (let|var) [A-Za-z_`][A-Za-z0-9_`]*: [^{]*$")
COUNTED = ("lines", "code_lines", "types", "properties")


def counts(folder):
    """The lines, code lines, types and stored properties of the Swift files in `folder`."""
    lines = code = types = properties = 0
    for path in glob.glob(os.path.join(folder, "*.swift")):
        with open(path, errors="replace") as file:
            for line in file:
                lines += 1
                if CODE.match(line):
                    continue
                code += 1
                types += bool(TYPE.match(line))
                properties += bool(STORED.match(line))
    return lines, code, types, properties


def excess_cpu(row):
    """The document's build in CPU seconds, less the fixed cost."""
    return float(row["cpu_s_per_1000"]) * int(row["lines"]) / 1000


def fit(rows, columns):
    """The seconds per unit of each column that bring the documents' fitted CPU nearest their
    measured CPU, in relative terms; None when the columns can't be told apart."""
    points = []
    for r in rows:
        cpu = excess_cpu(r)
        if cpu > 0:
            points.append([int(r[c]) / cpu for c in columns])
    n = len(columns)
    if len(points) < n:
        return None
    # The normal equations of sum((x . coefficients - 1)^2), solved by Gaussian elimination.
    matrix = [[sum(p[i] * p[j] for p in points) for j in range(n)] + [sum(p[i] for p in points)]
              for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda k: abs(matrix[k][i]))
        matrix[i], matrix[pivot] = matrix[pivot], matrix[i]
        if matrix[i][i] == 0:
            return None
        for k in range(n):
            if k != i:
                factor = matrix[k][i] / matrix[i][i]
                matrix[k] = [a - factor * b for a, b in zip(matrix[k], matrix[i])]
    return [matrix[i][n] / matrix[i][i] for i in range(n)]


def ratio_to_fit(row, columns, coefficients):
    fitted = sum(c * int(row[name]) for c, name in zip(coefficients, columns))
    return excess_cpu(row) / fitted if fitted > 0 else float("nan")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--count":
        print("\t".join(str(count) for count in counts(sys.argv[2])))
        return
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    path = sys.argv[1]
    min_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    work = sys.argv[3] if len(sys.argv) > 3 else None
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    for index, row in enumerate(rows):
        if any(not row.get(column) for column in COUNTED) and work is not None:
            found = counts(os.path.join(work, "out", str(index)))
            for column, count in zip(COUNTED, found):
                row[column] = row.get(column) or str(count)
        if not row.get("code_lines"):
            print(f"{path} has no code lines: give the run's WORK folder", file=sys.stderr)
            sys.exit(64)
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
    declarations = ("types", "properties")
    fitted = fit(rows, declarations) if all(r.get("types") and r.get("properties") for r in rows) else None
    if fitted:
        by_lines = fit(rows, ("lines",))
        for r in rows:
            r["fit"] = ratio_to_fit(r, declarations, fitted)
            r["fit_by_lines"] = ratio_to_fit(r, ("lines",), by_lines)
        print(f"fitted to types and stored properties: {fitted[0] * 1000:.1f} ms CPU a type and "
              f"{fitted[1] * 1000:.2f} ms a stored property")
    over = over_code = 0
    for r in sorted(rows, key=lambda r: -r["cpu_s_per_1000_code"]):
        rw, rc = float(r["wall_s_per_1000"]) / wall, float(r["cpu_s_per_1000"]) / cpu
        rk = r["cpu_s_per_1000_code"] / code
        share = int(r["code_lines"]) / int(r["lines"])
        mark = "  over 1.5x per line" if rc > 1.5 else ""
        mark += "  over 1.5x per line of code" if rk > 1.5 else ""
        over += rc > 1.5
        over_code += rk > 1.5
        against_fit = f"  {r['fit']:5.2f}x the fit" if fitted else ""
        print(f"  {r['document']:<60} {int(r['lines']):>8} lines ({share:4.0%} code)  {rw:5.2f}x wall  "
              f"{rc:5.2f}x CPU  {rk:5.2f}x CPU per code line{against_fit}{mark}")
    print(f"{over} of {len(rows)} over 1.5x the median CPU per line; {over_code} of {len(rows)} per line of code")
    if fitted:
        spread = [r["fit"] for r in rows]
        line_spread = [r["fit_by_lines"] for r in rows]
        print(f"measured CPU over the fit to types and stored properties: {min(spread):.2f}x to "
              f"{max(spread):.2f}x; over a fit to lines alone: {min(line_spread):.2f}x to {max(line_spread):.2f}x")


if __name__ == "__main__":
    main()
