#!/usr/bin/env python3
"""Trains the semantic tier's answer gate: does a recording read like an answer of the drill at all?

A recording that answers nothing — a meeting recorded by mistake, a book read aloud, a radio in
the room — still gets sections from the structure decoder, whose evidence is relative to the
answer's own sentences (a section is found where it stands out, whatever the topic): AMI meeting
chatter was told "all sections present, in order and in proportion" (Structure 5/5), and a
LibriVox reading of Sense and Sensibility under "Tell me about a time you disagreed with a
colleague." got Structure 2 and Relevance 4. The gate judges the recording in absolute terms
before any section is looked for, from what every answer of a drill shares and chatter or a
reading lacks:

  like       the mean over the sentences of the best cosine to one of the drill's exemplar
             sentences (SemanticScorer.drillLikeness, the relevance model's `like`)
  sections   the mean over the drill's sections of its best sentence's mean cosine to that
             section's exemplars (how well the best candidate for each part reads like it)
  first      share of first-person words (I, my, we, our…): an answer is the speaker's own
  second     share of second-person words (you, your…): conversation addresses someone
  third      share of third-person words (he, she, they, his…): narration tells of others
  mean       the mean of the sentences' embeddings, scaled to unit length (384 inputs): what the
             recording is as a whole — a story of the speaker's own work, an argued opinion, a
             pitch or a talk, or conversation, a recipe, a novel. Without it (the five inputs
             above alone) the held-out written non-answers stopped were STAR 3/40, PREP 16/40,
             pitch 5/40, impromptu 4/40; with it 36-40/40, no held-out answer stopped either way

Measured outside the project on real recordings (the three AMI meeting clips whose Whisper
transcripts savvy trusts and a LibriVox reading of Sense and Sensibility, each under the four
drills; the recordings cannot be committed): 6 of 16 stopped, by the binary as by this script
(AMI dev01 under every drill, dev00 under PREP, the reading under pitch); AMI tst00, chatter about
the meeting's own agenda, passes under every drill. Tried and not kept (this script's mirror,
the same 16): the written non-answers alone as negatives, 6/16 and held-out 36-40/40 written
(spoken ones, then unseen: the kept model stops 72-80/80 written and spoken); adding every
answer of the set as written to the positives, 4/16, held out 24-39/40 (more positives lower the
least answer-like one, and the cut with it).

P(answer) = logistic(w · features + b), one model per built-in drill, class-balanced, fitted on
the drill's training answers (every variant of scripts/relevance/transcripts.jsonl: the
runtime's sentences of the dev set's Whisper transcripts, the same input as train-relevance.py)
against the training non-answers (scripts/content/nonanswers.py: conversation and things read
aloud or broadcast, written for this, judged under every drill), each as written and as spoken by
espeak-ng with the dev set's voices and transcribed by the Whisper worker's decode
(scripts/content/nonanswer-transcripts.jsonl, committed, made by --export), so that the
recogniser's slips on synthetic voices do not tell the classes apart. A recording is not an answer
below the drill's cut, set a margin (CUT_MARGIN in log-odds) under the least answer-like
training answer of the drill: telling a speaker that a real answer is no answer is far worse
advice than judging chatter, so the gate only acts where no training answer comes close. It
reports the held-out answers and non-answers (every third text, never fitted), which must
pass and be stopped.

Deterministic (numpy only, fixed iteration counts, zero initialisation). Writes
Sources/SavvyCoach/Semantic/AnswerGateWeights.swift with --write; --check retrains and exits 1
unless the result is the committed table, each number within train-relevance.py's tolerance
(1.5e-6: the embeddings round by the CPU's OpenBLAS kernel).

Usage: $SAVVY_VENV/bin/python scripts/train-answer-gate.py [--write | --check | --export [--jobs N]]
(needs the sentence model, see bench/semantic/minilm_ref.py)
"""

import argparse
import importlib.util
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# train-relevance.py's helpers and the modules it loads: the same answers, embeddings, drill
# likeness and committed-table check.
_spec = importlib.util.spec_from_file_location("train_relevance", os.path.join(ROOT, "scripts/train-relevance.py"))
relevance = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(relevance)
structure, content_set = relevance.structure, relevance.content_set
nonanswers = relevance.load_script("nonanswers", "scripts/content/nonanswers.py")
# train-order.py's class-balanced logistic regression (bias last, gradient descent from zero).
order = relevance.load_script("train_order", "scripts/train-order.py")

WEIGHTS = os.path.join(ROOT, "Sources/SavvyCoach/Semantic/AnswerGateWeights.swift")
INPUT = os.path.join(ROOT, "scripts/relevance/transcripts.jsonl")
# The non-answers spoken by espeak-ng and transcribed as the runtime transcribes (--export).
SPOKEN = os.path.join(ROOT, "scripts/content/nonanswer-transcripts.jsonl")
# The same cache as train-relevance.py: the answers' sentences are the same.
CACHE = os.path.join(ROOT, "bench/out/relevance-embeddings.npz")
FEATURES = ["like", "sections", "first", "second", "third", "mean"]
# Word lists (TextNormalizer tokens: lower case, apostrophes dropped). Contractions that collide
# with other words once the apostrophe is gone ("we'll" → "well", "we're" → "were") are left out.
FIRST = {"i", "me", "my", "mine", "myself", "im", "ive", "id", "we", "us", "our", "ours", "ourselves", "weve"}
SECOND = {"you", "your", "yours", "yourself", "yourselves", "youre", "youve", "youd", "youll"}
THIRD = {"he", "she", "him", "her", "his", "hers", "himself", "herself", "they", "them", "their", "theirs",
         "themselves", "hes", "shes", "theyre", "theyve"}
L2 = 1e-3
ITERATIONS = 4000
RATE = 1.0
# Log-odds below the least answer-like training answer of the drill at which the gate acts.
CUT_MARGIN = 1.0


def features(sentence_vectors, texts, section_exemplars):
    """The gate's inputs for one recording (AnswerGate.features in Swift)."""
    v = np.asarray(sentence_vectors, dtype=np.float64)
    like = relevance.drill_likeness(v, np.concatenate(section_exemplars))
    sections = float(np.mean([(v @ e.T).mean(axis=1).max() for e in section_exemplars]))
    words = [w for t in texts for w in structure.tokens(t)]
    total = max(len(words), 1)
    share = [sum(w in group for w in words) / total for group in (FIRST, SECOND, THIRD)]
    mean = v.mean(axis=0)
    return [like, sections] + share + list(mean / max(np.linalg.norm(mean), 1e-12))


def export(jobs):
    """Speaks every non-answer with the dev set's voices (make-content-set's `synthesize`: voice
    and rate drawn from its id) and writes SPOKEN: its runtime sentences as the Whisper worker's
    words give them (make-content-set's `--worker-options` decode). The answers the gate learns
    from are Whisper transcripts of spoken answers; without spoken non-answers the gate could
    tell the two apart by the recogniser's slips instead of by what is said."""
    import hashlib
    import tempfile

    # The decodes run in worker processes, which find their function by its module's name.
    sys.modules.setdefault(content_set.__name__, content_set)
    venv = os.environ.get("SAVVY_VENV", "")
    if not venv:
        sys.exit("train-answer-gate: set SAVVY_VENV to the engines' venv (make venv): --export needs Whisper")
    with tempfile.TemporaryDirectory() as wav_dir:
        todo = []
        for i, t in enumerate(nonanswers.TEXTS):
            answer = {"id": f"nonanswer-{i:03d}", "sentences": [{"text": x} for x in t["sentences"]]}
            with tempfile.TemporaryDirectory() as work:
                content_set.synthesize(answer, wav_dir, work)
            wav = os.path.join(wav_dir, answer["id"] + ".wav")
            todo.append((answer, wav, hashlib.sha256(open(wav, "rb").read()).hexdigest()))
        entries = []
        for answer, _, entry in content_set.worker_transcripts(todo, venv, jobs):
            entries.append({"id": answer["id"], "sentences": structure.sentence_texts(entry["words"])})
    with open(SPOKEN, "w") as f:
        for e in entries:
            f.write(json.dumps(e, sort_keys=True) + "\n")


def logit(coef, f):
    return float(np.dot(coef[:-1], f) + coef[-1])


def load():
    drills = structure.parse_drills()
    embed = structure.Embedder(CACHE)
    exemplars = {d: [embed(s["exemplars"]) for s in secs] for d, secs in drills.items()}
    answers = []
    for line in open(INPUT):
        e = json.loads(line)
        if e["sentences"]:
            answers.append((e["id"], e["drill"], e["split"], e["variant"], e["sentences"]))
    spoken = {e["id"]: e["sentences"] for e in map(json.loads, open(SPOKEN))} if os.path.exists(SPOKEN) else {}
    texts = []
    for i, t in enumerate(nonanswers.TEXTS):
        # every third text is held out, never fitted; each as written and as transcribed
        ident = f"nonanswer-{i:03d}"
        split = "test" if i % 3 == 2 else "train"
        texts.append((ident, t["kind"], split, [structure.transcript_like(s) for s in t["sentences"]]))
        if spoken.get(ident):
            texts.append((ident + "-spoken", t["kind"], split, spoken[ident]))
    rows = {d: [] for d in drills}
    for ident, drill, split, variant, sentences in answers:
        rows[drill].append((ident, split, variant, 1, features(embed(sentences), sentences, exemplars[drill])))
    for ident, kind, split, sentences in texts:
        vectors = embed(sentences)
        for drill in drills:
            rows[drill].append((ident, split, kind, 0, features(vectors, sentences, exemplars[drill])))
    embed.save()
    return rows


def fit(rows):
    table = {}
    report = {}
    for drill, items in sorted(rows.items()):
        train_items = [r for r in items if r[1] == "train"]
        if not any(r[3] for r in train_items):
            continue
        coef = order.logistic([r[4] for r in train_items], [r[3] for r in train_items],
                              iterations=ITERATIONS, rate=RATE, l2=L2)
        least = min(logit(coef, r[4]) for r in train_items if r[3] == 1)
        cut = least - CUT_MARGIN
        table[drill] = (coef, cut)

        def stopped(split, label):
            chosen = [r for r in items if r[1] == split and r[3] == label]
            return sum(logit(coef, r[4]) < cut for r in chosen), len(chosen)

        report[drill] = {
            "train answers stopped": "%d/%d" % stopped("train", 1),
            "train non-answers stopped": "%d/%d" % stopped("train", 0),
            "held-out answers stopped": "%d/%d" % stopped("test", 1),
            "held-out non-answers stopped": "%d/%d" % stopped("test", 0),
            "least answer-like training answer (log-odds)": round(least, 3),
            "least answer-like held-out answer (log-odds)": round(min(logit(coef, r[4]) for r in items
                                                                     if r[1] == "test" and r[3] == 1), 3),
            "most answer-like held-out non-answer (log-odds)": round(max(logit(coef, r[4]) for r in items
                                                                        if r[1] == "test" and r[3] == 0), 3),
        }
    return table, report


def swift_table(table, report):
    def num(x):
        return f"{x:.6f}"

    held = {d: (r["held-out answers stopped"], r["held-out non-answers stopped"]) for d, r in report.items()}
    lines = [
        "// Generated by scripts/train-answer-gate.py; do not edit by hand.",
        "// Held out: " + "; ".join(f"{d} answers stopped {a}, non-answers stopped {n}" for d, (a, n) in held.items()) + ".",
        "",
        "/// Learned weights of the answer gate (see `AnswerGate`), per built-in drill.",
        "enum AnswerGateWeights {",
        "    /// The inputs, in the order of each drill's weights: " + ", ".join(FEATURES) + " (the sentences'",
        "    /// mean embedding at unit length, one weight per dimension).",
        "    static let features = [" + ", ".join(f'"{f}"' for f in FEATURES) + "]",
        "    /// Log-odds that the recording is an answer of the drill: these weights over the inputs, then the bias.",
        "    static let logistic: [String: [Double]] = [",
    ]
    for drill, (coef, _) in sorted(table.items()):
        lines.append(f'        "{drill}": [')
        for start in range(0, len(coef), 8):
            lines.append("            " + ", ".join(num(c) for c in coef[start:start + 8]) + ",")
        lines.append("        ],")
    lines += [
        "    ]",
        "    /// Below this log-odds the recording is not an answer: a margin under the least answer-like",
        "    /// training answer of the drill.",
        "    static let cut: [String: Double] = [",
    ]
    for drill, (_, cut) in sorted(table.items()):
        lines.append(f'        "{drill}": {num(cut)},')
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write AnswerGateWeights.swift")
    mode.add_argument("--check", action="store_true",
                      help="retrain and exit 1 unless the result is the committed AnswerGateWeights.swift")
    mode.add_argument("--export", action="store_true",
                      help="speak and transcribe the non-answers into scripts/content/nonanswer-transcripts.jsonl, then stop")
    parser.add_argument("--jobs", type=int, default=2, help="--export: decodes at a time")
    args = parser.parse_args()
    if args.export:
        export(args.jobs)
        return
    table, report = fit(load())
    print(json.dumps({"checks": {d: {"logistic": np.round(c, 4).tolist(), "cut": round(cut, 4)}
                                 for d, (c, cut) in table.items()}, "report": report}, indent=1))
    text = swift_table(table, report)
    if args.write:
        with open(WEIGHTS, "w") as f:
            f.write(text)
    elif args.check:
        if not relevance.same_table(open(WEIGHTS).read(), text):
            print("train-answer-gate: the committed AnswerGateWeights.swift is not what this script trains; "
                  "rerun it with --write and commit the result", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
