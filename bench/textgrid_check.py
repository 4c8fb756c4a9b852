#!/usr/bin/env python3
"""textgrid_check.py - does Praat itself read savvy's TextGrid export, and does it say the same?

    BENCH_VENV/bin/python bench/textgrid_check.py FILE.TextGrid SESSION.json

Reads FILE.TextGrid with Praat (through parselmouth, the reference harness's binding) and
compares what Praat sees with the session JSON from `savvy show ID --json`:
  - the file parses as a TextGrid with tiers words, fillers, pauses;
  - every tier spans 0 .. the recording's duration;
  - the labelled intervals of `words` are the transcript's words in order, those of `fillers`
    the reported fillers, those of `pauses` the VAD pauses (labels normal/long/stall);
  - label times agree with the JSON within 1 ms (the export writes microseconds).
Prints one line per check and a verdict; exits 1 when Praat cannot parse the file or a check
fails, 0 otherwise (and 0 with a message when parselmouth is not installed).
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: textgrid_check.py FILE.TextGrid SESSION.json")
    path, session_path = sys.argv[1:]
    try:
        import parselmouth
        from parselmouth.praat import call
    except ImportError:
        print("textgrid check: skipped - parselmouth not installed in %s" % sys.executable)
        return 0
    session = json.load(open(session_path, encoding="utf-8"))
    try:
        grid = parselmouth.read(path)
    except parselmouth.PraatError as e:
        print("textgrid check: Praat could NOT parse %s: %s" % (path, str(e).strip().splitlines()[0]))
        return 1
    failures = 0

    def check(ok, what):
        nonlocal failures
        failures += not ok
        print("  %-4s %s" % ("ok" if ok else "FAIL", what))

    print("textgrid check: Praat %s read %s as a %s" % (parselmouth.PRAAT_VERSION, path, grid.__class__.__name__))
    if grid.__class__.__name__ != "TextGrid":
        print("textgrid check: Praat read it, but not as a TextGrid")
        return 1
    names = [call(grid, "Get tier name...", i) for i in range(1, call(grid, "Get number of tiers") + 1)]
    check(names == ["words", "fillers", "pauses"], "tiers %s (expected words, fillers, pauses)" % names)
    duration = session["source"]["durationSeconds"]
    check(abs(call(grid, "Get start time")) < 1e-9 and abs(call(grid, "Get end time") - duration) < 1e-3,
          "spans 0 .. %.3f s (recording %.3f s)" % (call(grid, "Get end time"), duration))

    def labelled(tier):
        n = call(grid, "Get number of intervals...", tier)
        out = []
        for k in range(1, n + 1):
            label = call(grid, "Get label of interval...", tier, k)
            if label:
                out.append((label, call(grid, "Get start time of interval...", tier, k),
                            call(grid, "Get end time of interval...", tier, k)))
        return n, out

    expected = {
        "words": [(w["text"], w["start"], w["end"]) for w in session["transcript"]["words"]],
        "fillers": [(f["text"] or "<filled pause>", f["start"], f["end"]) for f in session["metrics"]["fillers"]["items"]],
        "pauses": [(p["kind"], p["start"], p["end"]) for p in session["metrics"]["pauses"]["items"]],
    }
    for tier, name in enumerate(names, start=1):
        if name not in expected:
            continue
        n, got = labelled(tier)
        want = expected[name]
        same_labels = [g[0] for g in got] == [w[0] for w in want]
        # The export repairs overlapping recogniser times (IntervalTier), so times are compared
        # only where the JSON's own spans do not overlap their neighbours.
        clean = [i for i in range(len(want))
                 if (i == 0 or want[i - 1][2] <= want[i][1]) and (i + 1 == len(want) or want[i][2] <= want[i + 1][1])]
        time_ok = same_labels and all(abs(got[i][1] - want[i][1]) < 1e-3 and abs(got[i][2] - min(want[i][2], duration)) < 1e-3
                                      for i in clean)
        check(same_labels and time_ok, "%-8s %3d intervals, %3d labelled = JSON's %3d %s; times within 1 ms on %d non-overlapping"
              % (name, n, len(got), len(want), "(same labels, in order)" if same_labels else "(LABELS DIFFER)", len(clean)))
    print("textgrid check: %s" % ("Praat parsed it and it matches the session" if failures == 0 else "%d check(s) failed" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
