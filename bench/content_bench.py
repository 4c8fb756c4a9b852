#!/usr/bin/env python3
"""Content bench (issue 14): section placement, Structure, Relevance and overall scores of the
heuristic tier (before) and the semantic tier (after) on the held-out split of the content dev
set, through the CLI with Whisper transcripts.

Each test answer (scripts/make-content-set.py --audio --split test) is scored once with
`savvy score` into a scratch home (SET/home, kept so later runs only rescore), then rescored from
the stored transcript with `--coach heuristic` and with `--coach auto` (the semantic tier when
the sentence model is installed; no LLM is configured in the scratch home) — so both tiers judge
the same words. Prints, per drill
and overall:
  placed     true sections whose reported start lies within ±1.5 s of the true start (share)
  precision  reported sections that are true and placed within ±1.5 s (share)
  S(compl)   Structure scores of complete answers: mean, and how many got 1
  off≤2      off-topic answers with Relevance ≤ 2
  on≥4       on-topic answers with Relevance ≥ 4
  Δoverall   mean overall of complete on-topic answers minus that of flawed ones
  ooo        out-of-order answers reported out of order (structure.inOrder false)
  s/answer   seconds per rescore (content judged anew; delivery recomputed from the audio)
Then, per kind of answer (complete, missing a section, out of order, off topic), for the semantic
tier: the same placement and precision, and the mean overall, Structure and Relevance; and the
figures the whole set would give at the mix of issue 14's own held-out set (30 complete on-topic
answers, 6 missing a section, 2 out of order, 6 off topic), each kind's totals weighted by its
share there — this set holds mostly answers missing a section (45 of 93), which the mean over
the set weighs far more than that one does.

A set spoken by the neural voice (make-content-set.py --voice neural, as bench/run.sh makes
bench/out/content-neural) is benched the same way with --set: the weights were trained on
espeak-ng voices only, so its figures show what of them is the voice's.

Usage: bench/content_bench.py [--savvy PATH] [--set DIR] [--limit N]
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOLERANCE = 1.5


def run(savvy, args, env):
    started = time.monotonic()
    done = subprocess.run([savvy] + args, capture_output=True, text=True, env=env)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(f"savvy {' '.join(args[:2])} failed: {done.stderr.strip()[:300]}")
    return json.loads(done.stdout), elapsed


def figures(rows):
    placed = true_total = reported = right = 0
    complete_structure, off, on, good, flawed, ooo = [], [], [], [], [], []
    times = []
    for answer, truth, rubric, seconds in rows:
        times.append(seconds)
        starts = truth["sectionStarts"]
        spans = {s["sectionID"]: s for s in rubric["structureMap"] if s.get("start") is not None}
        true_total += len(starts)
        placed += sum(1 for k, t in starts.items() if k in spans and abs(spans[k]["start"] - t) <= TOLERANCE)
        reported += len(spans)
        right += sum(1 for k, s in spans.items() if k in starts and abs(s["start"] - starts[k]) <= TOLERANCE)
        relevance = rubric["relevance"]["score"]
        (on if answer["onTopic"] else off).append(relevance if relevance is not None else 3)
        if answer["variant"] == "complete":
            structure = rubric["structure"]["score"]
            complete_structure.append(structure if structure is not None else 1)
            good.append(rubric["overall"])
        else:
            flawed.append(rubric["overall"])
        if answer["variant"] == "out-of-order":
            ooo.append(rubric["structure"].get("inOrder") is False)

    def share(a, b):
        return f"{a / b:.2f}" if b else "—"

    def mean(xs):
        return sum(xs) / len(xs) if xs else float("nan")

    return {
        "placed": share(placed, true_total),
        "precision": share(right, reported),
        "S(compl)": f"{mean(complete_structure):.1f} ({sum(s == 1 for s in complete_structure)}×1)",
        "off≤2": f"{sum(r <= 2 for r in off)}/{len(off)}",
        "on≥4": f"{sum(r >= 4 for r in on)}/{len(on)}",
        "Δoverall": f"{mean(good) - mean(flawed):+.2f}",
        "ooo": f"{sum(ooo)}/{len(ooo)}",
        "s/answer": f"{mean(times):.2f}",
    }


def kind_of(answer):
    variant = answer["variant"]
    return "missing" if variant.startswith("missing-") else variant


KINDS = ["complete", "missing", "out-of-order", "off-topic"]
# Issue 14's held-out set: 44 answers, 6 fluent but off topic, 8 missing a section or out of order
# (2 of them out of order).
ISSUE_MIX = {"complete": 30, "missing": 6, "out-of-order": 2, "off-topic": 6}


def kind_figures(rows):
    """Per kind: placement/precision totals and mean overall, Structure, Relevance; then the
    figures at ISSUE_MIX (each kind's totals and means weighted by its count there)."""
    totals = {}
    for answer, truth, rubric, _ in rows:
        t = totals.setdefault(kind_of(answer), {"n": 0, "true": 0, "placed": 0, "reported": 0, "right": 0,
                                                "overall": [], "structure": [], "relevance": [], "ooo": 0})
        starts = truth["sectionStarts"]
        spans = {s["sectionID"]: s for s in rubric["structureMap"] if s.get("start") is not None}
        t["n"] += 1
        t["true"] += len(starts)
        t["placed"] += sum(1 for k, v in starts.items() if k in spans and abs(spans[k]["start"] - v) <= TOLERANCE)
        t["reported"] += len(spans)
        t["right"] += sum(1 for k, v in spans.items() if k in starts and abs(v["start"] - starts[k]) <= TOLERANCE)
        t["overall"].append(rubric["overall"])
        for key in ("structure", "relevance"):
            score = rubric[key]["score"]
            t[key].append(score if score is not None else 1)
        t["ooo"] += rubric["structure"].get("inOrder") is False

    def mean(xs):
        return sum(xs) / len(xs) if xs else float("nan")

    lines = [f"{'kind':<14}{'answers':>8}{'placed':>8}{'precision':>10}{'overall':>9}{'Structure':>10}"
             f"{'Relevance':>10}{'ooo':>6}"]
    for kind in KINDS:
        t = totals.get(kind)
        if not t:
            continue
        lines.append(f"{kind:<14}{t['n']:>8}{t['placed'] / max(t['true'], 1):>8.2f}"
                     f"{t['right'] / max(t['reported'], 1):>10.2f}{mean(t['overall']):>9.2f}"
                     f"{mean(t['structure']):>10.2f}{mean(t['relevance']):>10.2f}{t['ooo']:>6}")
    if all(k in totals for k in ISSUE_MIX):
        weight = {k: ISSUE_MIX[k] / totals[k]["n"] for k in ISSUE_MIX}
        placed = sum(weight[k] * totals[k]["placed"] for k in weight) / sum(weight[k] * totals[k]["true"] for k in weight)
        right = sum(weight[k] * totals[k]["right"] for k in weight)
        reported = sum(weight[k] * totals[k]["reported"] for k in weight)
        flawed = [k for k in ISSUE_MIX if k != "complete"]
        flawed_mean = sum(ISSUE_MIX[k] * mean(totals[k]["overall"]) for k in flawed) / sum(ISSUE_MIX[k] for k in flawed)
        lines.append(f"at issue 14's mix ({', '.join(f'{n} {k}' for k, n in ISSUE_MIX.items())}): placed {placed:.2f}, "
                     f"precision {right / max(reported, 1e-9):.2f}, "
                     f"Δoverall {mean(totals['complete']['overall']) - flawed_mean:+.2f}")
    return "\n".join(lines)


def table(title, results):
    columns = ["placed", "precision", "S(compl)", "off≤2", "on≥4", "Δoverall", "ooo", "s/answer"]
    lines = [title, f"{'drill':<10}{'tier':<11}" + "".join(f"{c:>11}" for c in columns)]
    for drill, tiers in results.items():
        for tier, row in tiers.items():
            lines.append(f"{drill:<10}{tier:<11}" + "".join(f"{row[c]:>11}" for c in columns))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--savvy", default=os.path.join(ROOT, ".build/release/savvy"))
    parser.add_argument("--set", default=os.path.join(ROOT, "bench/out/content"))
    parser.add_argument("--limit", type=int, default=0, help="only the first N test answers (quick look)")
    parser.add_argument("--jobs", type=int, default=2, help="answers scored at a time")
    args = parser.parse_args()
    savvy = os.path.abspath(args.savvy)
    truth_path = os.path.join(args.set, "truth.jsonl")
    if not os.path.exists(truth_path):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/make-content-set.py"), "--out", args.set,
                        "--audio", "--split", "test"], check=True)
    answers = {a["id"]: a for a in map(json.loads, open(os.path.join(args.set, "answers.jsonl")))}
    # Held-out answers only: a set made with --split all (for training) has the others too.
    truths = [t for t in map(json.loads, open(truth_path)) if answers[t["id"]]["split"] == "test"]
    if args.limit:
        truths = truths[:args.limit]
    results_path = os.path.join(args.set, "bench-results.jsonl")
    rows = {"heuristic": []}
    # The scratch home keeps the scored sessions, so a second run only rescores (the transcripts
    # are the slow part); delete it to transcribe again.
    home = os.path.join(args.set, "home")
    os.makedirs(os.path.join(home, "tmp"), exist_ok=True)
    sessions_path = os.path.join(home, "sessions.json")
    sessions = json.load(open(sessions_path)) if os.path.exists(sessions_path) else {}
    # A private TMPDIR: the Whisper worker's scratch files are nobody else's to clean up.
    env = dict(os.environ, SAVVY_HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               TMPDIR=os.path.join(home, "tmp"))
    for env_key in ("SAVVY_LLM_LOCAL_URL", "SAVVY_LLM_CLOUD", "GROQ_API_KEY", "OPENAI_API_KEY"):
        env.pop(env_key, None)
    lock = threading.Lock()

    def one(truth):
        answer = answers[truth["id"]]
        wav = os.path.join(args.set, "wav", f"{truth['id']}.wav")
        with lock:
            session = sessions.get(truth["id"])
        if session is None:
            scored, _ = run(savvy, ["score", wav, "--drill", answer["drill"], "--prompt", answer["prompt"],
                                    "--coach", "heuristic", "--json"], env)
            session = scored["session"]
            with lock:
                sessions[truth["id"]] = session
                with open(sessions_path, "w") as f:
                    json.dump(sessions, f, sort_keys=True)
        before, t_before = run(savvy, ["rescore", str(session), "--coach", "heuristic", "--json"], env)
        after, t_after = run(savvy, ["rescore", str(session), "--coach", "auto", "--json"], env)
        with lock:
            print(f"content bench: {truth['id']}", file=sys.stderr)
        return answer, truth, before, t_before, after, t_after

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        done = list(pool.map(one, truths))
    # Without Whisper (SAVVY_VENV unset or not made) `savvy score` falls back to PocketSphinx,
    # whose words on these answers are far worse: figures from them are not this bench's, and
    # the scratch home would keep them for every later run.
    engines = sorted({before["transcript"].get("engine") or "none" for _, _, before, _, _, _ in done} - {"whisper"})
    if engines:
        sys.exit(f"content bench: answers in {home} were transcribed by {', '.join(engines)}, not Whisper: "
                 "set SAVVY_VENV to the engines' venv (make venv) and delete that folder")
    with open(results_path, "w") as out:
        for answer, truth, before, t_before, after, t_after in done:
            # An untrusted transcript is not judged: no tier is asked for its structure, and it
            # counts against every figure below (no sections, relevance neither ≤ 2 nor ≥ 4).
            tier_after = next((o["tier"] for o in after["rubric"]["provenance"]["outcomes"]
                               if o["workload"] == "structureExtraction"), "not-judged")
            rows["heuristic"].append((answer, truth, before["rubric"], t_before))
            after_key = "semantic" if tier_after in ("semantic", "not-judged") else f"auto:{tier_after}"
            rows.setdefault(after_key, []).append((answer, truth, after["rubric"], t_after))
            out.write(json.dumps({"id": truth["id"], "afterTier": tier_after, "transcript": before["transcript"],
                                  "before": before["rubric"], "after": after["rubric"]}, sort_keys=True) + "\n")
    results = {}
    for drill in ["star", "prep", "pitch", "impromptu", "all"]:
        results[drill] = {}
        for tier, tier_rows in rows.items():
            subset = [r for r in tier_rows if drill == "all" or r[0]["drill"] == drill]
            if subset:
                results[drill][tier] = figures(subset)
    # Who spoke them: espeak-ng's voices (the training set's) or the neural voice (--voice neural).
    voices = sorted({t["voice"] for t in truths})
    spoken = voices[0] if len(voices) == 1 and voices[0].startswith("piper:") else f"{len(voices)} espeak-ng voices"
    print(table(f"content bench: {len(truths)} held-out answers, {spoken}, Whisper transcripts, ±{TOLERANCE} s",
                results))
    for tier, tier_rows in rows.items():
        if tier != "heuristic":
            print(f"\nper kind, {tier} tier:")
            print(kind_figures(tier_rows))


if __name__ == "__main__":
    main()
