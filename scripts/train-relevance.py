#!/usr/bin/env python3
"""Trains the semantic tier's relevance calibration on the content dev set.

Deterministic (numpy only, fixed iteration count, zero initialisation): the same dev set and
model give the same weights, written as a generated Swift table
(Sources/SavvyCoach/Semantic/RelevanceWeights.swift). Fits the `train` split of
scripts/make-content-set.py (each answer's written sentences and, where there is one, its Whisper
transcript's runtime sentences) and reports the figures on the `test` split, which it never fits.

The model (mirrored exactly by SemanticScorer.judgeRelevance; keep the two in step):
  centring    every answer of a drill resembles every prompt of that drill (all STAR answers
              are work stories, all STAR prompts say "tell me about a time"), and that shared
              part drowns what one prompt asks. So similarity is measured between centred
              vectors: a sentence minus the mean of the drill's exemplar sentences (its section
              purposes when it has no exemplars), a prompt minus the mean of the drill's prompt
              bank (every built-in prompt when the drill has fewer than two), each renormalised.
  features    best   max over sentences of cos(sentence, prompt) minus the mean over the drill's
                     other prompts of the same maximum
              mean   cos(mean of the centred sentences, prompt) minus its mean over the other
                     prompts
  relevance   P(on topic) = logistic(r0 + r1·best + r2·mean), classes weighted equally (off-topic
              answers are rarer in the set than in the targets); the 1–5 bands are
              SemanticScorer.relevanceScore.

Usage: $SAVVY_VENV/bin/python scripts/train-relevance.py [--set DIR] [--write]
(needs the sentence model, see bench/semantic/minilm_ref.py; the set with transcripts:
scripts/make-content-set.py --audio --transcribe; the sentences are cut as in
scripts/train-structure.py, whose segmenter port this script reuses)
"""

import argparse
import importlib.util
import json
import os
import re

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("train_structure", os.path.join(ROOT, "scripts/train-structure.py"))
structure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(structure)

FEATURES = ["best", "mean"]


def parse_prompts():
    """Each built-in drill's prompt bank, from BuiltInDrills.swift."""
    source = open(os.path.join(ROOT, "Sources/SavvyCoach/Drills/BuiltInDrills.swift")).read()
    banks = {}
    for block in re.split(r"public static let \w+ = Drill\(", source)[1:]:
        drill_id = re.search(r'id: "([\w-]+)"', block).group(1)
        banks[drill_id] = re.findall(r'"((?:[^"\\]|\\.)*)"', block[block.index("prompts: ["):])
    return banks


def other_prompts(banks, drill, prompt):
    """The drill's other prompts; every built-in prompt when the drill has no other (SemanticScorer.otherPrompts)."""
    others = [p for p in banks.get(drill, []) if p != prompt]
    return others or [p for d in sorted(banks) for p in banks[d] if p != prompt]


def unit(x):
    return x / max(np.linalg.norm(x), 1e-12)


def bank(banks, drill):
    """The drill's prompt bank; every built-in prompt when it has fewer than two (SemanticScorer.promptBank)."""
    own = banks.get(drill, [])
    return own if len(own) >= 2 else [p for d in sorted(banks) for p in banks[d]]


def sentence_centre(embed, sections):
    """Mean of the drill's exemplar vectors; of its purpose lines when it has no exemplars."""
    exemplars = [e for s in sections for e in s["exemplars"]]
    return embed(exemplars if exemplars else [s["purpose"] for s in sections]).mean(axis=0)


def relevance_features(sentence_vectors, prompt_vector, other_vectors, sentence_mu, prompt_mu):
    """[1, best, mean] of the module docstring, from unit vectors and the two centres."""
    v = np.array([unit(x - sentence_mu) for x in sentence_vectors])
    p = unit(prompt_vector - prompt_mu)
    o = np.array([unit(x - prompt_mu) for x in other_vectors])
    best = float((v @ p).max()) - float((v @ o.T).max(axis=0).mean())
    m = unit(v.mean(axis=0))
    return np.array([1.0, best, float(m @ p) - float((o @ m).mean())])


def relevance_score(probability):
    """P(on topic) → 1–5 (the bands of SemanticScorer.relevanceScore)."""
    return 5 if probability >= 0.75 else 4 if probability >= 0.5 else 3 if probability >= 0.3 else 2 if probability >= 0.15 else 1


def train(rows, labels, iterations=4000, rate=1.0, l2=1e-3):
    """Weighted logistic regression by gradient descent on standardised features (so one rate
    suits both), returned in raw feature units."""
    x = np.array(rows)
    y = np.array(labels, dtype=float)
    mu = x[:, 1:].mean(axis=0)
    sd = x[:, 1:].std(axis=0) + 1e-9
    xs = x.copy()
    xs[:, 1:] = (x[:, 1:] - mu) / sd
    weight = np.where(y == 1, 0.5 / y.sum(), 0.5 / (len(y) - y.sum()))
    r = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(xs @ r)))
        r -= rate * (xs.T @ (weight * (p - y)) + l2 * r)
    raw = r.copy()
    raw[1:] = r[1:] / sd
    raw[0] = r[0] - float((r[1:] * mu / sd).sum())
    return raw


def swift_table(r, summary):
    def num(x):
        return f"{x:.6f}"
    return "\n".join([
        "// Generated by scripts/train-relevance.py from the content dev set; do not edit by hand.",
        f"// Trained on {summary['train']} answer transcripts; held out: {summary['heldOut']}.",
        "",
        "/// Learned relevance calibration of the semantic tier (see `SemanticScorer.judgeRelevance`).",
        "enum RelevanceWeights {",
        "    /// Logistic over [1, best, mean]: the best sentence's and the mean answer's centred cosine",
        "    /// to the prompt, each minus the same over the drill's other prompts.",
        "    static let logistic: [Double] = [" + ", ".join(num(x) for x in r) + "]",
        "}",
        "",
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default=os.path.join(ROOT, "bench/out/content"))
    parser.add_argument("--write", action="store_true", help="write RelevanceWeights.swift")
    args = parser.parse_args()
    answers = [json.loads(line) for line in open(os.path.join(args.set, "answers.jsonl"))]
    truths = structure.load_jsonl(os.path.join(args.set, "truth.jsonl"))
    whispers = structure.load_jsonl(os.path.join(args.set, "whisper.jsonl"))
    drills = structure.parse_drills()
    banks = parse_prompts()
    embed = structure.Embedder(os.path.join(args.set, "embeddings.npz"))
    data = {"train": ([], [], []), "test": ([], [], [])}
    for a in answers:
        sources = ["whisper"] if a["split"] == "test" else ["text", "whisper"]
        for source in sources:
            whisper = whispers.get(a["id"])
            if source == "whisper" and (whisper is None or not whisper["words"]):
                continue
            texts = structure.answer_units(a, truths.get(a["id"]), whisper, source)[0]
            others = other_prompts(banks, a["drill"], a["prompt"])
            rows, ys, drill_of = data[a["split"]]
            rows.append(relevance_features(
                embed(texts), embed([a["prompt"]])[0], embed(others),
                sentence_centre(embed, drills[a["drill"]]), embed(bank(banks, a["drill"])).mean(axis=0)))
            ys.append(1 if a["onTopic"] else 0)
            drill_of.append(a["drill"])
    embed.save()
    r = train(data["train"][0], data["train"][1])
    report = {}
    for split, (rows, ys, drill_of) in data.items():
        if not rows:
            continue
        scores = [relevance_score(1 / (1 + np.exp(-(np.array(x) @ r)))) for x in rows]
        per = {}
        for drill in sorted(set(drill_of)) + ["all"]:
            pick = [(s, y) for s, y, d in zip(scores, ys, drill_of) if drill in ("all", d)]
            on = [s for s, y in pick if y == 1]
            off = [s for s, y in pick if y == 0]
            per[drill] = {"onTopicGE4": f"{sum(s >= 4 for s in on)}/{len(on)}",
                          "offTopicLE2": f"{sum(s <= 2 for s in off)}/{len(off)}"}
        report[split] = per
    print(json.dumps({"weights": dict(zip(["bias"] + FEATURES, np.round(r, 3).tolist())), "report": report},
                     indent=1))
    if args.write:
        held = report.get("test", {}).get("all")
        summary = {"train": len(data["train"][0]),
                   "heldOut": (f"on-topic Relevance ≥ 4 {held['onTopicGE4']}, off-topic ≤ 2 {held['offTopicLE2']} "
                               "(Whisper transcripts)") if held else "none"}
        with open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/RelevanceWeights.swift"), "w") as f:
            f.write(swift_table(r, summary))


if __name__ == "__main__":
    main()
