#!/usr/bin/env python3
"""Builds savvy's content dev set: answers with section truth, and optionally their audio.

The answers are written by hand in scripts/content/<drill>.py (one scenario = a prompt and the
sentences of each drill section; optional "pre" and "post" = sentences before and after every
section, such as "Good question." or "That's about it from me."; inside a section's list, an
item ("none", text) is an aside said there that belongs to no section — labelled none, it stays
with its section when sections are dropped or swapped). Each scenario yields several answers:
  complete      every section in drill order
  missing-<id>  the same answer without one section (one answer per section)
  out-of-order  two neighbouring sections swapped (which pair alternates by scenario)
  off-topic     the complete answer given to another scenario's prompt of the same drill and
                split — the one whose prompt shares the most content words with the answer, so
                word overlap alone cannot tell it is off topic; never a scenario the two name in
                "same_topic" (a list of scenario indices of the same drill whose prompts ask the
                same question, e.g. two mentoring-scheme pitches)
Scenarios are split by index (every third, starting with the second, is held out as `test`), so
no sentence of a test answer is ever seen in training; off-topic pairs stay inside a split. A
scenario may name its split ("split": "train"): those added later are training-only, so the
held-out split stays the one earlier figures were reported on.

Output (OUT, default bench/out/content):
  answers.jsonl  one answer per line: id, drill, split, variant, prompt, onTopic,
                 sentences [{text, label}] (label = section id or "none")
  with --audio:  wav/<id>.wav (16 kHz mono; espeak-ng, a voice and rate per answer, sentences
                 joined by seeded pauses of 0.45–0.85 s) and truth.jsonl (sentence start/end
                 times and each section's start).
  with --audio --transcribe:  whisper.jsonl, every answer's words as savvy's content judge
                 receives them, made by the savvy binary (see transcribe()).
Deterministic: fixed seed, sox -R -D. Needs espeak-ng and sox only with --audio; --transcribe
needs a savvy binary and SAVVY_VENV (Whisper).

Usage: scripts/make-content-set.py [--out DIR] [--audio [--transcribe [--savvy PATH] [--jobs N]]]
                                   [--split train|test|all]
"""

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "content"))
import impromptu  # noqa: E402
import pitch  # noqa: E402
import prep  # noqa: E402
import star  # noqa: E402

# Drill id → (section ids in order, scenarios). Must match BuiltInDrills.swift.
DRILLS = {
    "star": (["situation", "task", "action", "result"], star.SCENARIOS),
    "prep": (["point", "reason", "example", "restate"], prep.SCENARIOS),
    "pitch": (["hook", "problem", "solution", "ask"], pitch.SCENARIOS),
    "impromptu": (["opening", "body", "close"], impromptu.SCENARIOS),
}
VOICES = ["en-us", "en-gb", "en-gb-x-rp", "en-us+f3", "en-gb-scotland", "en-us+m3", "en-029", "en-gb+f2",
          "en-us-nyc", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-us+f4", "en-gb+m4"]
RATE = 16000

STOP = set("""a about after all also am an and any are as at be because been but by can could did do does
for from had has have he her his how i if in into is it its just me my no not of on or our out so than
that the their them then there these they this to up us was we were what when which who will with would
you your tell describe time yourself should""".split())


def stems(text):
    words = re.findall(r"[a-z']+", text.lower())
    return {w[:5] for w in words if w not in STOP and len(w) > 2}


def section_sentences(items, section):
    """(text, label) of a section's sentences: a string is the section's, ("none", text) an aside."""
    return [(item, section) if isinstance(item, str) else (item[1], item[0]) for item in items]


def same_topic(scenario, index, other, j):
    """Whether either scenario names the other in "same_topic": their prompts ask the same
    question, so each answer is on topic for the other's prompt and cannot be its off-topic one."""
    return j in scenario.get("same_topic", []) or index in other.get("same_topic", [])


def answers():
    result = []
    for drill, (sections, scenarios) in DRILLS.items():
        built = []
        for index, scenario in enumerate(scenarios):
            split = scenario.get("split") or ("test" if index % 3 == 1 else "train")
            pre = [(text, "none") for text in scenario.get("pre", [])]
            post = [(text, "none") for text in scenario.get("post", [])]
            parts = [section_sentences(scenario[section], section) for section in sections]
            base = f"{drill}-{index:02d}"

            def add(variant, ordered, prompt=scenario["prompt"], on_topic=True):
                sentences = pre + [s for part in ordered for s in part] + post
                built.append({
                    "id": f"{base}-{variant}", "drill": drill, "split": split, "variant": variant,
                    "scenario": base, "prompt": prompt, "onTopic": on_topic,
                    "sentences": [{"text": t, "label": l} for t, l in sentences],
                })

            add("complete", parts)
            for k, section in enumerate(sections):
                add(f"missing-{section}", parts[:k] + parts[k + 1:])
            swap = 1 + index % (len(sections) - 2) if len(sections) > 3 else 0
            swapped = list(parts)
            swapped[swap], swapped[swap + 1] = swapped[swap + 1], swapped[swap]
            add("out-of-order", swapped)
        # Off-topic: the complete answer under the same-split prompt sharing the most words.
        for index, scenario in enumerate(scenarios):
            split = scenario.get("split") or ("test" if index % 3 == 1 else "train")
            text = " ".join(t for s in sections for t, _ in section_sentences(scenario[s], s))
            candidates = [(len(stems(other["prompt"]) & stems(text)), -j, j)
                          for j, other in enumerate(scenarios)
                          if j != index and (other.get("split") or ("test" if j % 3 == 1 else "train")) == split
                          and not same_topic(scenario, index, other, j)]
            _, _, j = max(candidates)
            complete = next(a for a in built if a["id"] == f"{drill}-{index:02d}-complete")
            off = dict(complete, id=f"{drill}-{index:02d}-off-topic", variant="off-topic",
                       prompt=scenarios[j]["prompt"], onTopic=False)
            built.append(off)
        result.extend(built)
    return result


def synthesize(answer, wav_dir, work):
    """Speaks each sentence, joins them with seeded pauses; returns sentence times.

    Voice and rate are drawn from the answer's id, so adding scenarios changes no other answer.
    """
    rng = random.Random(f"content-{answer['id']}")
    voice = rng.choice(VOICES)
    wpm = rng.randrange(135, 190)
    files, times, t = [], [], 0
    for k, sentence in enumerate(answer["sentences"]):
        if k > 0:
            gap = round(rng.uniform(0.45, 0.85), 3)
            gap_file = os.path.join(work, f"gap{k}.wav")
            subprocess.run(["sox", "-R", "-D", "-n", "-r", str(RATE), "-c", "1", "-b", "16", gap_file,
                            "trim", "0", str(gap)], check=True)
            files.append(gap_file)
            t += int(round(gap * RATE))
        raw = os.path.join(work, f"s{k}.raw.wav")
        piece = os.path.join(work, f"s{k}.wav")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", raw, sentence["text"]], check=True)
        subprocess.run(["sox", "-R", "-D", raw, "-r", str(RATE), "-c", "1", "-b", "16", piece,
                        "silence", "1", "0.005", "-50d", "reverse", "silence", "1", "0.005", "-50d", "reverse"],
                       check=True)
        n = int(subprocess.run(["soxi", "-s", piece], check=True, capture_output=True, text=True).stdout)
        times.append((t / RATE, (t + n) / RATE))
        files.append(piece)
        t += n
    out = os.path.join(wav_dir, f"{answer['id']}.wav")
    subprocess.run(["sox", "-R", "-D"] + files + [out], check=True)
    return voice, wpm, times


# Bumped when the way transcripts are made changes: entries made otherwise are made again.
TRANSCRIBER = "savvy-score-json/heuristic"
BATCH = 8  # files per savvy run: one Whisper load per job per batch, progress saved after each


def runtime_words(result):
    """The words of one `savvy score --json` result as the content judge receives them: the
    stored transcript (after the transcript check's merges), the fields the training mirrors
    read. An untrusted transcript is kept with `trusted` false: at run time no content tier
    judges it, so trainers should leave it out or count it as not judged."""
    words = [{"text": w["text"], "display": w.get("display") or w["text"], "start": w["start"], "end": w["end"]}
             for w in result["transcript"]["words"]]
    check = result["transcript"].get("check") or {}
    return words, bool(check.get("trusted", True)), check.get("reason")


def transcribe(out, answers, savvy, jobs):
    """whisper.jsonl: each answer's words exactly as savvy's content judge receives them, made by
    the real binary (`savvy score --json --no-save --coach heuristic`, Whisper engine, in batches
    of BATCH files per drill with --jobs): the worker's beam-5 decode, the verbatim-prompt pass
    and the transcript check's re-decodes and merges, stored at the JSON's precision. The judge
    splits these words into sentences itself (SentenceSegmenter without pauses), as the training
    mirror does. Entries are reused while the audio's SHA-256 and TRANSCRIBER are unchanged
    (decoding is deterministic, and a file gets the same transcript alone or in a batch)."""
    venv = os.environ.get("SAVVY_VENV", "")
    if not venv or not os.path.isdir(venv):
        sys.exit("make-content-set: set SAVVY_VENV to the engines' venv (make venv): the transcripts need Whisper")
    if not os.access(savvy, os.X_OK):
        sys.exit(f"make-content-set: no savvy binary at {savvy} (swift build -c release, or --savvy PATH)")
    path = os.path.join(out, "whisper.jsonl")
    known = {}
    for existing in (path, path + ".partial"):  # .partial: what an interrupted run had done
        if os.path.exists(existing):
            for line in open(existing):
                entry = json.loads(line)
                if entry.get("transcriber") == TRANSCRIBER:
                    known[entry["id"]] = entry
    todo = []
    for answer in sorted(answers, key=lambda a: a["split"] != "test"):  # held-out first: the bench needs them
        wav = os.path.abspath(os.path.join(out, "wav", f"{answer['id']}.wav"))
        sha = hashlib.sha256(open(wav, "rb").read()).hexdigest()
        entry = known.get(answer["id"])
        if entry is None or entry["wavSHA256"] != sha:
            todo.append((answer, wav, sha))
    # Batches of one drill (its id only picks the rubric; the transcript does not depend on it).
    batches = []
    for answer, wav, sha in todo:
        if batches and batches[-1][0] == answer["drill"] and len(batches[-1][1]) < BATCH:
            batches[-1][1].append((answer, wav, sha))
        else:
            batches.append((answer["drill"], [(answer, wav, sha)]))
    env = dict(os.environ, SAVVY_VENV=venv)
    done = 0
    with tempfile.TemporaryDirectory() as home, open(path + ".partial", "a") as partial:
        # A private HOME: no user configuration or store can change what is made.
        env["HOME"] = home
        env.pop("XDG_CONFIG_HOME", None)
        env.pop("XDG_DATA_HOME", None)
        for drill, batch in batches:
            run = subprocess.run([savvy, "score", *[w for _, w, _ in batch], "--json", "--no-save", "--asr", "whisper",
                                  "--coach", "heuristic", "--offline", "--drill", drill, "--jobs", str(jobs)],
                                 env=env, capture_output=True, text=True)
            results = json.loads(run.stdout) if run.stdout.strip() else []
            results = results if isinstance(results, list) else [results]
            by_sha = {r["source"]["sha256"]: r for r in results}
            for answer, wav, sha in batch:
                result = by_sha.get(sha)
                if result is None:
                    sys.exit(f"make-content-set: savvy gave no result for {wav} (exit {run.returncode}): "
                             + run.stderr.strip()[-400:])
                words, trusted, reason = runtime_words(result)
                entry = {"id": answer["id"], "wavSHA256": sha, "transcriber": TRANSCRIBER,
                         "trusted": trusted, "words": words}
                if reason:
                    entry["untrustedReason"] = reason
                known[answer["id"]] = entry
                partial.write(json.dumps(entry, sort_keys=True) + "\n")
            partial.flush()
            done += len(batch)
            print(f"make-content-set: transcribed {done}/{len(todo)} (last {batch[-1][0]['id']})", file=sys.stderr)
    with open(path, "w") as f:
        for answer in answers:
            if answer["id"] in known:
                f.write(json.dumps(known[answer["id"]], sort_keys=True) + "\n")
    os.remove(path + ".partial")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench/out/content")
    parser.add_argument("--audio", action="store_true")
    parser.add_argument("--split", choices=["train", "test", "all"], default="all")
    parser.add_argument("--transcribe", action="store_true",
                        help="also write whisper.jsonl: every answer's words as savvy's content judge receives them")
    parser.add_argument("--savvy", default=os.environ.get("SAVVY", ".build/release/savvy"),
                        help="the savvy binary that transcribes (default $SAVVY or .build/release/savvy)")
    parser.add_argument("--jobs", type=int, default=2, help="savvy score --jobs (default 2)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    everything = answers()
    with open(os.path.join(args.out, "answers.jsonl"), "w") as f:
        for answer in everything:
            f.write(json.dumps(answer, sort_keys=True) + "\n")
    counts = {}
    for a in everything:
        counts[(a["drill"], a["split"])] = counts.get((a["drill"], a["split"]), 0) + 1
    print(f"make-content-set: {len(everything)} answers " + ", ".join(
        f"{d}/{s} {n}" for (d, s), n in sorted(counts.items())), file=sys.stderr)
    if not args.audio:
        return
    wav_dir = os.path.join(args.out, "wav")
    os.makedirs(wav_dir, exist_ok=True)
    truth_path = os.path.join(args.out, "truth.jsonl")
    # An answer whose sentences are unchanged and whose audio exists is not spoken again
    # (synthesis is deterministic; this only saves time).
    previous = {}
    if os.path.exists(truth_path):
        previous = {e["id"]: e for e in map(json.loads, open(truth_path))}
    with open(truth_path, "w") as truth:
        for answer in everything:
            if args.split != "all" and answer["split"] != args.split:
                continue
            source = hashlib.sha256(json.dumps(answer["sentences"], sort_keys=True).encode()).hexdigest()
            old = previous.get(answer["id"])
            if old and old.get("source") == source and os.path.exists(os.path.join(wav_dir, f"{answer['id']}.wav")):
                truth.write(json.dumps(old, sort_keys=True) + "\n")
                continue
            with tempfile.TemporaryDirectory() as work:
                voice, wpm, times = synthesize(answer, wav_dir, work)
            sections = {}
            for sentence, (start, _) in zip(answer["sentences"], times):
                if sentence["label"] != "none":
                    sections.setdefault(sentence["label"], round(start, 3))
            truth.write(json.dumps({
                "id": answer["id"], "voice": voice, "wpm": wpm, "source": source,
                "sentenceTimes": [[round(a, 3), round(b, 3)] for a, b in times],
                "sectionStarts": sections}, sort_keys=True) + "\n")
    if args.transcribe:
        # Every answer, every variant: each is its own recording, and at run time the judge sees
        # what the recogniser made of that recording, not of another variant's sentences.
        transcribe(args.out, [a for a in everything if args.split == "all" or a["split"] == args.split],
                   args.savvy, args.jobs)

if __name__ == "__main__":
    main()
