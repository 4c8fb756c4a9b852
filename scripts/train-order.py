#!/usr/bin/env python3
"""Trains the semantic tier's order check (is a structured answer told out of order?).

Deterministic (numpy only, fixed iteration counts, zero initialisation, fixed grid, ties to the
first candidate): the same dev set and structure weights give the same table, written as
Sources/SavvyCoach/Semantic/OrderWeights.swift. Fits the `train` split of
scripts/make-content-set.py and reports on the `test` split, which it never fits. It sits on top
of scripts/train-structure.py: the evidence, the emission weights and decoder costs are read from
the committed SemanticWeights.swift (rerun this script whenever that file changes).

Why a separate check: the structure decoder's emissions carry a learned position prior (a section
is expected at its nominal place in the drill's order, weight about -5 on the squared distance).
Allowing disorder at a cost cannot overcome that prior, so a swapped answer is decoded in drill
order, its sections misplaced. The check asks instead, for each pair of neighbouring sections
(k, k+1), whether the answer reads better as the drill with those two swapped:

  hypothesis  the drill order with sections k and k+1 exchanged; the same evidence and weights,
              but the position features (posSq, first, last) computed for that order, so the
              prior expects section k+1 where k would be: the prior no longer takes a side
  gain        best strict-order path score under the hypothesis minus under the drill's order
              (both decoded with StructureDecoder's costs, no disorder allowed)
  margin      over the hypothesis path's two swapped blocks, the drill classifier's mean
              log-odds of each block's label against the other swapped section's, summed (how
              clearly the first block is k+1 material and the second k material)
  P(swapped)  logistic(a·gain + b·margin + c), one per drill (how well neighbouring sections
              separate differs by drill), fitted on the drill's training hypotheses: positives
              are the true swap of each out-of-order answer, negatives every hypothesis of
              in-order answers (complete, missing a section); classes weighted equally
  flag        the best hypothesis, when both swapped sections are found in its path and
              P(swapped) ≥ the drill's threshold, chosen on its training answers to maximise
              (out-of-order answers flagged) − 4 × (in-order answers flagged): a false "out of
              order" on a good answer is worse advice than a missed one

The map then comes from the flagged hypothesis's path, else from the drill-order path, so the
report's sections and `inOrder` agree. Training answers use out-of-fold drill classifiers (three
folds by scenario, as train-structure.py does), so the check learns how far to trust the
classifier on sentences it has not seen. Training units are the Whisper transcripts' runtime
sentences and the derived variants (train-structure.py's derived_units); the written sentences
are not used (they are cleaner than anything the runtime sees).

Usage: $SAVVY_VENV/bin/python scripts/train-order.py [--set DIR] [--write] [--diagnose]
(needs the sentence model, see bench/semantic/minilm_ref.py, and the set with transcripts:
scripts/make-content-set.py --audio --transcribe)
"""

import argparse
import base64
import importlib.util
import json
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("train_structure", os.path.join(ROOT, "scripts/train-structure.py"))
structure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(structure)

FEATURES = ["gain", "margin"]
STRICT = 1e6  # the disorder cost of a strict-order decode (StructureDecoder.strict)
FALSE_FLAG_COST = 4.0
POSITION = [structure.FEATURES.index(name) for name in ("posSq", "first", "last")]


def committed_structure():
    """Emission weights, decoder costs and drill classifiers from SemanticWeights.swift."""
    source = open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/SemanticWeights.swift")).read()

    def array(name):
        return np.array([float(x) for x in re.search(rf"static let {name}: \[Double\] = \[(.*?)\]", source).group(1).split(",")])

    def number(name):
        return float(re.search(rf"static let {name} = ([-\d.]+)", source).group(1))

    params = {name: number(name) for name in ("outOfOrder", "skipFirst", "skipMiddle", "skipLast", "change")}
    models = {}
    for drill, encoded in re.findall(r'"([\w-]+)": "([A-Za-z0-9+/=]+)"', source):
        models[drill] = np.frombuffer(base64.b64decode(encoded), dtype="<f4").astype(np.float64)
    return array("section"), array("none"), params, models


def ordered_logp(phi, none, w, v, order):
    """Emission log-scores with the position features computed for sections spoken in `order`;
    columns: the sections in `order`, then none (OrderCheck.emissions)."""
    phi = phi.copy()
    n, K, _ = phi.shape
    for p, k in enumerate(order):
        centre = p / (K - 1) if K > 1 else 0.0
        for i in range(n):
            position = i / (n - 1) if n > 1 else 0.0
            phi[i, k, POSITION[0]] = (position - centre) ** 2
            phi[i, k, POSITION[1]] = float(i == 0 and p == 0)
            phi[i, k, POSITION[2]] = float(i == n - 1 and p == K - 1)
    logp = structure.log_softmax_scores(phi, none, w, v)
    return logp[:, list(order) + [K]]


def path_score(logp, change, labels, params):
    """The decoder's score of one in-order path (StructureDecoder.score)."""
    K = logp.shape[1] - 1
    score = sum(logp[i, label] for i, label in enumerate(labels))
    for i in range(1, len(labels)):
        if labels[i] != labels[i - 1]:
            score += params["change"] * (change[i] - 0.5)
    skip = [params["skipFirst"] if k == 0 else params["skipLast"] if k == K - 1 else params["skipMiddle"]
            for k in range(K)]
    return score - sum(skip[k] for k in range(K) if k not in labels)


def hypotheses(item, w, v, params):
    """The drill-order path (section labels, K = none) and, per neighbouring pair k, the swap
    hypothesis: (k, features or None when a swapped section is missing from its path, labels)."""
    K = item["phi"].shape[1]
    strict = dict(params, outOfOrder=STRICT)
    drill_order = list(range(K))
    logp = ordered_logp(item["phi"], item["none"], w, v, drill_order)
    base_labels = structure.decode(logp, item["change"], strict)
    base = path_score(logp, item["change"], base_labels, strict)
    result = []
    for k in range(K - 1):
        order = drill_order.copy()
        order[k], order[k + 1] = order[k + 1], order[k]
        logp = ordered_logp(item["phi"], item["none"], w, v, order)
        decoded = structure.decode(logp, item["change"], strict)
        labels = [order[label] if label < K else K for label in decoded]
        first = [i for i, label in enumerate(labels) if label == k + 1]
        second = [i for i, label in enumerate(labels) if label == k]
        if not first or not second:
            result.append((k, None, labels))
            continue
        gain = path_score(logp, item["change"], decoded, strict) - base
        model = item["model"]
        margin = float(np.mean(model[first, k + 1] - model[first, k]) + np.mean(model[second, k] - model[second, k + 1]))
        result.append((k, [gain, margin], labels))
    return base_labels, result


def logistic(x, y, iterations=3000, rate=0.5, l2=1e-3):
    """Class-balanced logistic regression with a bias, full-batch gradient descent from zero."""
    x = np.concatenate([np.array(x, float), np.ones((len(x), 1))], axis=1)
    y = np.array(y, float)
    weight = np.where(y == 1, 0.5 / y.sum(), 0.5 / (len(y) - y.sum()))
    coef = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ coef)))
        coef -= rate * (x.T @ ((p - y) * weight) + l2 * coef)
    return coef


def true_swap(item):
    """The k of an out-of-order answer's swapped pair (k+1 spoken right before k), else None."""
    K = item["phi"].shape[1]
    runs = []
    for label in item["labels"]:
        if label < K and (not runs or runs[-1] != label):
            runs.append(label)
    return next((runs[j + 1] for j in range(len(runs) - 1) if runs[j] == runs[j + 1] + 1), None)


def best_hypothesis(hyps, coef):
    """(probability, k, labels) of the most likely swap with both sections found, or None."""
    best = None
    for k, features, labels in hyps:
        if features is None:
            continue
        p = 1 / (1 + np.exp(-(np.dot(features, coef[:-1]) + coef[-1])))
        if best is None or p > best[0] + 1e-12:
            best = (p, k, labels)
    return best


def load_items(set_dir, w, v, committed_models):
    """Every held-out Whisper answer and every training unit from Whisper or derived, with the
    structure evidence as the runtime computes it (out-of-fold drill classifiers for training)."""
    answers = [json.loads(line) for line in open(os.path.join(set_dir, "answers.jsonl"))]
    truths = structure.load_jsonl(os.path.join(set_dir, "truth.jsonl"))
    whispers = structure.load_jsonl(os.path.join(set_dir, "whisper.jsonl"))
    drills = structure.parse_drills()
    embed = structure.Embedder(os.path.join(set_dir, "embeddings.npz"))
    section_vectors = {d: [(embed(s["exemplars"]), embed([s["purpose"]])[0]) for s in secs]
                       for d, secs in drills.items()}
    units = []
    for a in answers:
        ids = [s["id"] for s in drills[a["drill"]]]
        truth, whisper = truths.get(a["id"]), whispers.get(a["id"])
        # Written sentences only to derive the untranscribed training variants, as train-structure does.
        for source in (["whisper"] if a["split"] == "test" else ["whisper", "text"]):
            if source == "whisper" and whisper is None:
                continue
            texts, labels, times, section_starts = structure.answer_units(a, truth, whisper, source)
            label_index = [ids.index(x) if x in ids else len(ids) for x in labels]
            units.append((a, source, texts, embed(texts), label_index, times,
                          {ids.index(k): t for k, t in section_starts.items()}))
    units += structure.derived_units(units, drills)
    embed.save()

    def fold(a):
        return int(a["scenario"].split("-")[1]) % 3

    def fit(drill, f):
        rows = [(x, y) for a, source, _, vs, ys, _, _ in units
                if a["drill"] == drill and a["split"] == "train" and fold(a) != f and source != "derived"
                for x, y in zip(structure.classifier_input(vs), ys)]
        return structure.train_drill_model(np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                                           len(drills[drill]) + 1)

    trained = sorted({a["drill"] for a in answers})
    fold_models = {(d, f): fit(d, f) for d in trained for f in range(3)}
    items = []
    for a, source, texts, vectors, labels, times, truth_starts in units:
        if source == "text":
            continue
        K = len(drills[a["drill"]])
        if a["split"] == "test":
            model = committed_models[a["drill"]].reshape(-1, K + 1)
        else:
            model = fold_models[(a["drill"], fold(a))]
        logp_model = structure.drill_model_logp(model, vectors)
        phi, none, change = structure.evidence(vectors, texts, drills[a["drill"]], section_vectors[a["drill"]], logp_model)
        items.append({"id": a["id"], "split": a["split"], "variant": a["variant"], "drill": a["drill"],
                      "phi": phi, "none": none, "change": change, "model": logp_model, "labels": labels,
                      "times": times, "truthStarts": truth_starts, "texts": texts, "source": source})
    return items, drills


def auc(pos, neg):
    pos, neg = np.array(pos), np.array(neg)
    if not len(pos) or not len(neg):
        return float("nan")
    return float(((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum())
                 / (len(pos) * len(neg)))


def evaluate(items, w, v, params, checks):
    """Flag counts and placement (train-structure.placement) of the checked map against the
    structure decoder's own map."""
    out = {"ooo": 0, "oooTotal": 0, "false": 0, "inOrderTotal": 0, "rightPair": 0}
    placed = {"before": [0, 0, 0, 0], "after": [0, 0, 0, 0]}
    scores = ([], [])
    for it in items:
        coef, threshold = checks[it["drill"]]
        base_labels, hyps = hypotheses(it, w, v, params)
        best = best_hypothesis(hyps, coef)
        flagged = best is not None and best[0] >= threshold
        labels = best[2] if flagged else base_labels
        swapped = it["variant"] == "out-of-order"
        scores[0 if swapped else 1].append(best[0] if best else 0.0)
        if swapped:
            out["oooTotal"] += 1
            out["ooo"] += int(flagged)
            out["rightPair"] += int(flagged and best[1] == true_swap(it))
        else:
            out["inOrderTotal"] += 1
            out["false"] += int(flagged)
        old = structure.decode(structure.log_softmax_scores(it["phi"], it["none"], w, v), it["change"], params)
        for key, lab in (("before", old), ("after", labels)):
            t, p, r, g, _ = structure.placement(it, lab)
            placed[key] = [a + b for a, b in zip(placed[key], (t, p, r, g))]
    out["auc"] = round(auc(*scores), 3)
    for key, (t, p, r, g) in placed.items():
        out[f"placed {key}"] = round(p / max(t, 1), 3)
        out[f"precision {key}"] = round(g / max(r, 1), 3)
    return out


def swift_table(checks, summary):
    def num(x):
        return f"{x:.6f}"
    lines = [
        "// Generated by scripts/train-order.py from the content dev set; do not edit by hand.",
        f"// Trained on {summary['train']} answers on top of SemanticWeights; held-out at training time: {summary['heldOut']}.",
        "",
        "/// Learned weights of the order check (see `OrderCheck`), per built-in drill.",
        "enum OrderWeights {",
        "    /// P(swapped) = logistic of these weights over " + ", ".join(FEATURES) + ", then the bias.",
        "    static let logistic: [String: [Double]] = [",
    ] + [f'        "{d}": [' + ", ".join(num(x) for x in checks[d][0]) + "]," for d in sorted(checks)] + [
        "    ]",
        "    /// The answer is reported out of order from this P(swapped) on.",
        "    static let threshold: [String: Double] = [",
    ] + [f'        "{d}": {num(checks[d][1])},' for d in sorted(checks)] + [
        "    ]",
        "}",
        "",
    ]
    return "\n".join(lines)


def fit_check(train, w, v, params):
    """(logistic coefficients, threshold) of one drill's check, from its training answers."""
    x, y = [], []
    for it in train:
        swap = true_swap(it) if it["variant"] == "out-of-order" else None
        for k, features, _ in hypotheses(it, w, v, params)[1]:
            if features is None or (it["variant"] == "out-of-order" and k != swap):
                continue
            x.append(features)
            y.append(int(it["variant"] == "out-of-order"))
    coef = logistic(x, y)
    # Threshold: the training answers' own best-hypothesis probabilities are the candidates.
    best = []
    for it in train:
        b = best_hypothesis(hypotheses(it, w, v, params)[1], coef)
        best.append((b[0] if b else 0.0, it["variant"] == "out-of-order"))
    swapped = sum(s for _, s in best)
    in_order = len(best) - swapped
    threshold, value = 1.0, 0.0
    for candidate in sorted({p for p, _ in best}):
        flagged = sum(p >= candidate and s for p, s in best) / max(swapped, 1)
        false = sum(p >= candidate and not s for p, s in best) / max(in_order, 1)
        if flagged - FALSE_FLAG_COST * false > value + 1e-12:
            threshold, value = candidate, flagged - FALSE_FLAG_COST * false
    return coef, threshold


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default=os.path.join(ROOT, "bench/out/content"))
    parser.add_argument("--write", action="store_true", help="write OrderWeights.swift")
    parser.add_argument("--diagnose", action="store_true", help="print each held-out answer's hypotheses")
    args = parser.parse_args()
    w, v, params, committed_models = committed_structure()
    items, drills = load_items(args.set, w, v, committed_models)
    train = [it for it in items if it["split"] == "train"]
    test = [it for it in items if it["split"] == "test"]
    if not test:
        print("train-order: no held-out Whisper transcripts (run scripts/make-content-set.py --audio --transcribe)",
              file=sys.stderr)

    # One check per drill: how well a drill's neighbouring sections separate differs (PREP's
    # Reason and Restate far more than STAR's Task and Action), so a shared threshold flags the
    # weak drills' noise or misses the strong drills' swaps.
    checks = {}
    for drill in sorted({it["drill"] for it in train}):
        checks[drill] = fit_check([it for it in train if it["drill"] == drill], w, v, params)

    report = {"train": evaluate(train, w, v, params, checks), "test": evaluate(test, w, v, params, checks)}
    for drill in sorted(checks):
        subset = [it for it in test if it["drill"] == drill]
        if subset:
            report[f"test {drill}"] = evaluate(subset, w, v, params, checks)
    if args.diagnose:
        for it in test:
            base_labels, hyps = hypotheses(it, w, v, params)
            b = best_hypothesis(hyps, checks[it["drill"]][0])
            print(it["id"], "best", None if b is None else (round(b[0], 3), b[1]),
                  [(k, None if f is None else [round(z, 2) for z in f]) for k, f, _ in hyps])
    print(json.dumps({"checks": {d: {"logistic": np.round(c, 4).tolist(), "threshold": round(t, 4)}
                                 for d, (c, t) in checks.items()}, "report": report}, indent=1))
    if args.write:
        held = report["test"]
        summary = {"train": len({it["id"] for it in train}),
                   "heldOut": f"out of order flagged {held['ooo']}/{held['oooTotal']}, "
                              f"in order flagged {held['false']}/{held['inOrderTotal']}"}
        with open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/OrderWeights.swift"), "w") as f:
            f.write(swift_table(checks, summary))


if __name__ == "__main__":
    main()
