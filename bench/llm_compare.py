#!/usr/bin/env python3
"""Compares local LLM judges with the on-device tier on spoken answers with section truth.

For each answer of the dev set (below) the CLI scores the recording once on-device
(`savvy score --coach heuristic`, Whisper transcript), then, for each model, starts
scripts/llm-server.sh on loopback (one thread) and rescores the stored transcript with
`--coach auto` and the local tier pointed at it, so every tier judges the same words. Measured:

  placement   true sections whose reported start is within ±1.5 s of the truth, share of true
              sections (recall) and of reported sections (precision)
  relevance   mean on-topic, mean off-topic, their difference; off-topic ≤ 2, on-topic ≥ 4
  structure   mean Structure score of complete answers minus that of flawed ones
  validity    answers the model answered in the schema; structure, relevance accepted by the
              checks; at least one model tip kept
  time        wall time of one rescore (the model's answer; Whisper is not in it)

"model raw" rows score the model's own map before the checks (its quotes grounded like the
Grounder does), read back from the judgment cache: what the checks saved.

Dev set: the content set's held-out (`test`) STAR and pitch answers, chosen by a fixed rule per
drill (scenario i in order: the complete answer; the answer missing section i mod n; for the first
two scenarios, the out-of-order and off-topic answers) — 10 per drill. The set is made by
scripts/make-content-set.py --audio (espeak-ng voices; default folder bench/out/content,
CONTENT_SET=DIR to use another).

Usage: bench/llm_compare.py [--model NAME=PATH.gguf ...] [--limit NAME=N ...] [--savvy BIN] [--out FILE]
Default models: every .gguf in $SAVVY_VENV/models plus LLM_COMPARE_EXTRA (NAME=PATH, comma-separated).
"""

import argparse
import glob
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TOLERANCE = 1.5
DRILL_SECTIONS = {
    "star": ["situation", "task", "action", "result"],
    "pitch": ["hook", "problem", "solution", "ask"],
}


def pick(answers):
    """The fixed dev-set rule: 10 held-out answers per drill, the drills interleaved so that the
    first N (`--limit`) still mix drills and variants."""
    per_drill = []
    for drill, sections in DRILL_SECTIONS.items():
        scenarios = sorted({a["scenario"] for a in answers if a["drill"] == drill and a["split"] == "test"})
        chosen = []
        for i, scenario in enumerate(scenarios):
            variants = ["complete", "off-topic", "missing-" + sections[i % len(sections)], "out-of-order"]
            if i >= 2:
                variants = variants[0:3:2]
            for variant in variants:
                chosen.append(next(a for a in answers if a["id"] == f"{scenario}-{variant}"))
        per_drill.append(chosen)
    return [a for group in zip(*per_drill) for a in group]


def tokens(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def ground(quote, words):
    """Start time of `quote` as a contiguous run of transcript tokens (3 or more), or None."""
    wanted = tokens(quote)
    if len(wanted) < 3:
        return None
    flat = [(t, w["start"]) for w in words for t in tokens(w["text"])]
    for i in range(len(flat) - len(wanted) + 1):
        if [t for t, _ in flat[i:i + len(wanted)]] == wanted:
            return flat[i][1]
    return None


def placement(reported, truth):
    """(true sections placed right, true sections, reported sections, reported placed right)."""
    right = sum(1 for s, t in truth.items() if s in reported and abs(reported[s] - t) <= TOLERANCE)
    correct_reported = sum(1 for s, t in reported.items() if s in truth and abs(t - truth[s]) <= TOLERANCE)
    return right, len(truth), len(reported), correct_reported


def run(cmd, env, timeout=900):
    started = time.monotonic()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - started


class Server:
    """scripts/llm-server.sh on a free loopback port, stopped by closing its stdin."""

    def __init__(self, model, env):
        server_env = dict(env, SAVVY_LLM_EXIT_ON_EOF="1", SAVVY_LLM_THREADS="1")
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(["sh", os.path.join(REPO, "scripts/llm-server.sh"), model], env=server_env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("listening http://127.0.0.1:") or not line.endswith("/v1"):
            self.stop()
            raise RuntimeError(f"llm-server did not start for {model}: {line!r}")
        self.url = line.split(" ", 1)[1]

    def stop(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            self.process.wait()


def summarize(name, rows):
    """One table row from per-answer results."""
    placed = [r["placement"] for r in rows if r.get("placement")]
    recall = sum(p[0] for p in placed) / max(1, sum(p[1] for p in placed))
    precision = sum(p[3] for p in placed) / max(1, sum(p[2] for p in placed))
    on = [r["relevance"] for r in rows if r.get("relevance") is not None and r["onTopic"]]
    off = [r["relevance"] for r in rows if r.get("relevance") is not None and not r["onTopic"]]
    complete = [r["structure"] for r in rows if r.get("structure") is not None and r["variant"] == "complete"]
    flawed = [r["structure"] for r in rows if r.get("structure") is not None and r["variant"] != "complete"
              and r["variant"] != "off-topic"]
    times = [r["seconds"] for r in rows if r.get("seconds") is not None]
    mean = lambda xs: statistics.mean(xs) if xs else float("nan")
    return {
        "tier": name, "answers": len(rows), "recall": round(recall, 3), "precision": round(precision, 3),
        "relevanceOn": round(mean(on), 2), "relevanceOff": round(mean(off), 2),
        "relevanceGap": round(mean(on) - mean(off), 2),
        "offTopicLow": f"{sum(1 for x in off if x <= 2)}/{len(off)}",
        "onTopicHigh": f"{sum(1 for x in on if x >= 4)}/{len(on)}",
        "structureGap": round(mean(complete) - mean(flawed), 2),
        "schemaValid": f"{sum(1 for r in rows if r.get('answered'))}/{len(rows)}" if any("answered" in r for r in rows) else "-",
        "structureAccepted": f"{sum(1 for r in rows if r.get('structureAccepted'))}/{len(rows)}" if any("structureAccepted" in r for r in rows) else "-",
        "relevanceAccepted": f"{sum(1 for r in rows if r.get('relevanceAccepted'))}/{len(rows)}" if any("relevanceAccepted" in r for r in rows) else "-",
        "tipKept": f"{sum(1 for r in rows if r.get('tipKept'))}/{len(rows)}" if any("tipKept" in r for r in rows) else "-",
        "secondsMedian": round(statistics.median(times), 1) if times else None,
        "secondsMax": round(max(times), 1) if times else None,
    }


def rubric_row(answer, truth, rubric, seconds=None):
    reported = {s["sectionID"]: s["start"] for s in rubric["structureMap"] if s.get("quote") is not None}
    return {
        "id": answer["id"], "variant": answer["variant"], "onTopic": answer["onTopic"],
        "placement": placement(reported, truth) if answer["onTopic"] else None,
        "relevance": rubric["relevance"]["score"], "structure": rubric["structure"]["score"], "seconds": seconds,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", default=[], help="NAME=PATH.gguf (repeatable)")
    parser.add_argument("--savvy", default=os.environ.get("SAVVY", os.path.join(REPO, ".build/release/savvy")))
    parser.add_argument("--out", default=os.path.join(REPO, "bench/out/llm-compare.json"))
    parser.add_argument("--limit", action="append", default=[],
                        help="NAME=N: judge only the first N answers with model NAME (slow models)")
    args = parser.parse_args()

    venv = os.environ.get("SAVVY_VENV") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "savvy/venv")
    models = [m.split("=", 1) for m in args.model]
    if not models:
        models = [(os.path.basename(p).split(".")[0], p) for p in sorted(glob.glob(os.path.join(venv, "models/*.gguf")))]
        extra = os.environ.get("LLM_COMPARE_EXTRA", "")
        models += [m.split("=", 1) for m in extra.split(",") if "=" in m]
    content = os.environ.get("CONTENT_SET", os.path.join(REPO, "bench/out/content"))
    answers_path, truth_path = os.path.join(content, "answers.jsonl"), os.path.join(content, "truth.jsonl")
    if not (os.path.exists(answers_path) and os.path.exists(truth_path)):
        print(f"llm_compare: skipped: no content set with audio in {content} "
              "(scripts/make-content-set.py --audio --split test, or CONTENT_SET=DIR)")
        return 0
    if not os.access(args.savvy, os.X_OK):
        print(f"llm_compare: skipped: no savvy binary at {args.savvy} (swift build -c release)")
        return 0
    answers = [json.loads(line) for line in open(answers_path)]
    truths = {t["id"]: t for t in (json.loads(line) for line in open(truth_path))}
    chosen = [a for a in pick(answers) if a["id"] in truths]

    home = tempfile.mkdtemp(prefix="savvy-llm-compare-")
    env = dict(os.environ, SAVVY_HOME=home, SAVVY_VENV=venv, NO_COLOR="1")
    for name in ["SAVVY_LLM_LOCAL_URL", "SAVVY_LLM_CLOUD", "GROQ_API_KEY", "OPENAI_API_KEY", "SAVVY_LLM_TOKEN"]:
        env.pop(name, None)

    # On-device: one Whisper transcription per answer, stored for the model runs.
    results = {"on-device": []}
    sessions = {}
    for answer in chosen:
        wav = os.path.join(content, "wav", answer["id"] + ".wav")
        done, _ = run([args.savvy, "score", wav, "--drill", answer["drill"], "--prompt", answer["prompt"],
                       "--asr", "whisper", "--coach", "heuristic", "--offline", "--json"], env)
        if done.returncode != 0:
            print(f"llm_compare: {answer['id']}: score failed: {done.stderr.strip()}", file=sys.stderr)
            continue
        doc = json.loads(done.stdout)
        sessions[answer["id"]] = (doc["session"], doc["transcript"]["words"])
        results["on-device"].append(rubric_row(answer, truths[answer["id"]]["sectionStarts"], doc["rubric"]))
    on_device_tier = "on-device (heuristic)"

    limits = {k: int(v) for k, v in (item.split("=", 1) for item in args.limit)}
    for name, path in models:
        config = os.path.join(home, "coach.conf")
        server = Server(path, env)
        try:
            with open(config, "w") as f:
                f.write(f"local_url = {server.url}\nlocal_model = {name}\nlocal_timeout_seconds = 300\n")
            os.chmod(config, 0o600)
            effective, raw = [], []
            for answer in chosen[:limits.get(name, len(chosen))]:
                if answer["id"] not in sessions:
                    continue
                session, words = sessions[answer["id"]]
                truth = truths[answer["id"]]["sectionStarts"]
                db = sqlite3.connect(os.path.join(home, "savvy.db"))
                before = db.execute("SELECT count(*) FROM llm_cache WHERE model = ?", (name,)).fetchone()[0]
                db.close()
                done, seconds = run([args.savvy, "rescore", str(session), "--coach", "auto", "--offline", "--json"], env)
                if done.returncode != 0:
                    print(f"llm_compare: {name} {answer['id']}: rescore failed: {done.stderr.strip()}", file=sys.stderr)
                    continue
                rubric = json.loads(done.stdout)["rubric"]
                outcomes = {o["workload"]: o for o in rubric["provenance"]["outcomes"]}
                notes = outcomes["structureExtraction"]["degraded"] + outcomes["semanticCoaching"]["degraded"]
                answered = not any(n["reason"] not in ("implausible", "failed-checks", "ungrounded") for n in notes)
                row = rubric_row(answer, truth, rubric, seconds)
                row.update({
                    "answered": answered,
                    "structureAccepted": outcomes["structureExtraction"]["tier"] == "llm-local",
                    "relevanceAccepted": rubric["relevance"]["tier"] == "llm-local",
                    "tipKept": any(t["tier"] == "llm-local" for t in rubric["tips"]),
                    "notes": [f"{n['reason']}: {n['detail']}" for n in notes],
                })
                effective.append(row)
                db = sqlite3.connect(os.path.join(home, "savvy.db"))
                rows = db.execute("SELECT response FROM llm_cache WHERE model = ? ORDER BY created_at DESC",
                                  (name,)).fetchall()
                after = len(rows)
                db.close()
                if after > before:
                    judgment = json.loads(rows[0][0])
                    reported = {}
                    for section in judgment["sections"]:
                        start = ground(section["quote"], words)
                        if start is not None and section["section"] not in reported:
                            reported[section["section"]] = start
                    raw.append({"id": answer["id"], "variant": answer["variant"], "onTopic": answer["onTopic"],
                                "placement": placement(reported, truth) if answer["onTopic"] else None,
                                "relevance": judgment["relevance_score"], "structure": judgment["structure_score"]})
            results[f"{name} (tier after checks)"] = effective
            results[f"{name} (model raw)"] = raw
        finally:
            server.stop()

    table = [summarize(on_device_tier if k == "on-device" else k, v) for k, v in results.items()]
    columns = ["tier", "answers", "recall", "precision", "relevanceOn", "relevanceOff", "relevanceGap", "offTopicLow",
               "onTopicHigh", "structureGap", "schemaValid", "structureAccepted", "relevanceAccepted", "tipKept",
               "secondsMedian", "secondsMax"]
    print(f"llm_compare: {len(chosen)} answers (STAR and pitch, held out), placement ±{TOLERANCE} s")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for row in table:
        print("| " + " | ".join(str(row[c]) for c in columns) + " |")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"table": table, "answers": results}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
