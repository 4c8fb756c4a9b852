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

P(answer) = logistic(w · features + b), one model per built-in drill, class-balanced, fitted on
the drill's training answers (every variant of scripts/relevance/transcripts.jsonl: the
runtime's sentences of the dev set's Whisper transcripts, the same input as train-relevance.py)
against the training non-answers (scripts/content/nonanswers.py: conversation and things read
aloud or broadcast, written for this, judged under every drill). A recording is not an answer
below the drill's cut, set a margin (CUT_MARGIN in log-odds) under the least answer-like
training answer of the drill: telling a speaker that a real answer is no answer is far worse
advice than judging chatter, so the gate only acts where no training answer comes close. It
reports the held-out answers and non-answers (every third text, never fitted), which must
pass and be stopped.

Deterministic (numpy only, fixed iteration counts, zero initialisation). Writes
Sources/SavvyCoach/Semantic/AnswerGateWeights.swift with --write; --check retrains and exits 1
unless the result is the committed table (each number to one unit in its last printed place, as
train-relevance.py's check: the embeddings round by the CPU's OpenBLAS kernel).

Usage: $SAVVY_VENV/bin/python scripts/train-answer-gate.py [--write | --check]
(needs the sentence model, see bench/semantic/minilm_ref.py)
"""

import argparse
import importlib.util
import json
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_script(name, path):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


structure = load_script("train_structure", "scripts/train-structure.py")
nonanswers = load_script("nonanswers", "scripts/content/nonanswers.py")

WEIGHTS = os.path.join(ROOT, "Sources/SavvyCoach/Semantic/AnswerGateWeights.swift")
INPUT = os.path.join(ROOT, "scripts/relevance/transcripts.jsonl")
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
    everything = np.concatenate(section_exemplars)
    like = float((v @ everything.T).max(axis=1).mean())
    sections = float(np.mean([(v @ e.T).mean(axis=1).max() for e in section_exemplars]))
    words = [w for t in texts for w in structure.tokens(t)]
    total = max(len(words), 1)
    share = [sum(w in group for w in words) / total for group in (FIRST, SECOND, THIRD)]
    mean = v.mean(axis=0)
    return [like, sections] + share + list(mean / max(np.linalg.norm(mean), 1e-12))


def train(x, y):
    """Class-balanced logistic regression with a bias, full-batch gradient descent from zero."""
    x = np.concatenate([np.asarray(x, float), np.ones((len(x), 1))], axis=1)
    y = np.asarray(y, float)
    weight = np.where(y == 1, 0.5 / y.sum(), 0.5 / (len(y) - y.sum()))
    coef = np.zeros(x.shape[1])
    for _ in range(ITERATIONS):
        p = 1 / (1 + np.exp(-(x @ coef)))
        coef -= RATE * (x.T @ ((p - y) * weight) + L2 * coef)
    return coef


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
    texts = []
    for i, t in enumerate(nonanswers.TEXTS):
        # every third text is held out, never fitted
        split = "test" if i % 3 == 2 else "train"
        texts.append((f"nonanswer-{i:03d}", t["kind"], split, [structure.transcript_like(s) for s in t["sentences"]]))
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
        coef = train([r[4] for r in train_items], [r[3] for r in train_items])
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


def same_table(committed, table):
    """Equal word for word, each number within one unit of its last printed place."""
    number = re.compile(r"-?\d+\.\d+")
    a, b = committed.splitlines(), table.splitlines()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if number.sub("#", x) != number.sub("#", y):
            return False
        for p, q in zip(number.findall(x), number.findall(y)):
            unit = 10 ** -len(p.split(".")[1])
            if abs(float(p) - float(q)) > unit * 1.0001:
                return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write AnswerGateWeights.swift")
    mode.add_argument("--check", action="store_true",
                      help="retrain and exit 1 unless the result is the committed AnswerGateWeights.swift")
    args = parser.parse_args()
    table, report = fit(load())
    print(json.dumps({"checks": {d: {"logistic": np.round(c, 4).tolist(), "cut": round(cut, 4)}
                                 for d, (c, cut) in table.items()}, "report": report}, indent=1))
    text = swift_table(table, report)
    if args.write:
        with open(WEIGHTS, "w") as f:
            f.write(text)
    elif args.check:
        if not same_table(open(WEIGHTS).read(), text):
            print("train-answer-gate: the committed AnswerGateWeights.swift is not what this script trains; "
                  "rerun it with --write and commit the result", file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
