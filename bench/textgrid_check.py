#!/usr/bin/env python3
"""textgrid_check.py - opens a TextGrid written by `savvy show --textgrid` with Praat's own reader.

    python textgrid_check.py session.TextGrid

Uses parselmouth (Praat as a Python library), so a file that passes here opens in Praat. Prints
the grid's time domain and, per tier, its class, name and interval count, then checks that every
interval tier tiles the grid's time domain with no gap or overlap. Exits 0 when the file reads
and tiles, 1 when it does not, 2 when parselmouth is missing.
"""
import sys


def main(argv):
    if len(argv) != 2:
        print("usage: textgrid_check.py FILE.TextGrid", file=sys.stderr)
        return 2
    try:
        import parselmouth
        from parselmouth.praat import call
    except ImportError:
        print("textgrid_check: parselmouth is not installed (pip install praat-parselmouth)", file=sys.stderr)
        return 2
    path = argv[1]
    try:
        grid = parselmouth.read(path)
    except Exception as error:  # Praat reports every parse failure as a PraatError
        print(f"textgrid_check: praat cannot read {path}: {error}", file=sys.stderr)
        return 1
    if not isinstance(grid, parselmouth.TextGrid):
        print(f"textgrid_check: {path} is a {type(grid).__name__}, not a TextGrid", file=sys.stderr)
        return 1
    xmin, xmax = grid.xmin, grid.xmax
    tiers = call(grid, "Get number of tiers")
    print(f"{path}: TextGrid {xmin:g}..{xmax:g} s, {tiers} tiers")
    failed = False
    for t in range(1, tiers + 1):
        name = call(grid, "Get tier name...", t)
        if not call(grid, "Is interval tier...", t):
            points = call(grid, "Get number of points...", t)
            print(f"  {t}: point tier {name!r}: {points} points")
            continue
        count = call(grid, "Get number of intervals...", t)
        labelled = sum(1 for i in range(1, count + 1) if call(grid, "Get label of interval...", t, i) != "")
        print(f"  {t}: interval tier {name!r}: {count} intervals, {labelled} labelled")
        previous = xmin
        for i in range(1, count + 1):
            start = call(grid, "Get start time of interval...", t, i)
            end = call(grid, "Get end time of interval...", t, i)
            if start != previous or not end > start:
                print(f"  tier {name!r} interval {i}: {start:g}..{end:g} does not follow {previous:g}", file=sys.stderr)
                failed = True
                break
            previous = end
        if previous != xmax:
            print(f"  tier {name!r} ends at {previous:g}, not {xmax:g}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
