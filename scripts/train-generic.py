#!/usr/bin/env python3
"""Trains the semantic tier's generic emission weights: those of drills without a trained
sentence classifier (free talk, the default drill, and drills of your own in drills.json).

Deterministic (numpy only, the same fit as scripts/train-structure.py's `train_emission`):
the same dev set gives the same weights, written as a generated Swift table
(Sources/SavvyCoach/Semantic/GenericWeights.swift); `--check` retrains and exits 1 unless the
table is the committed one (each number within CHECK_TOLERANCE).

Why: the structure weights (SemanticWeights) were learned with each built-in drill's sentence
classifier as an input, and lean on it. A drill without one had those weights with that input
at zero, and what was left put a free talk's Opening in its middle, its Close before it, and left
its first and last sentences out of every section (on the held-out complete answers spoken by
espeak-ng and by the neural voice, judged as free talks: Opening placed 11/24, Close 5/24, 5
reported out of order). These weights are fitted the same way on the same training sentences with
that input at zero, so they learn what a drill of one's own has: similarity to its exemplars and
purposes, its cue phrases and where a sentence stands. The decoder's costs are tuned for them by
train-structure's `tune` on the same training answers: the structure weights' costs leave
disorder free (outOfOrder 0; built-in drills have the order check), which with these weights
called 26 of the 69 held-out in-order answers out of order, 1 with their own costs. At run time
the sections' windows (`earliest`/`latest`) also bound where each may begin
(StructureDecoder.mayStart).

Reported (JSON on stdout): the held-out split's placement with the structure weights and costs,
their classifier input at zero (what such drills had), and with these weights and costs, no
presence terms; and, leaving each built-in drill out of the fit and the tuning in turn, the same
for that drill's held-out answers (a drill the weights never saw, as a user's is).

Usage: $SAVVY_VENV/bin/python scripts/train-generic.py [--set DIR] [--write | --check]
(needs the sentence model and the set with transcripts, as train-structure.py)
"""

import argparse
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

WEIGHTS = os.path.join(ROOT, "Sources/SavvyCoach/Semantic/GenericWeights.swift")
# The fit's products differ in the last bits between BLAS kernels (as train-relevance's check).
CHECK_TOLERANCE = 1.5e-6


def committed():
    """Emission weights and decoder costs from SemanticWeights.swift (presence left out: its
    models are per built-in drill)."""
    source = open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/SemanticWeights.swift")).read()

    def array(name):
        return np.array([float(x) for x in re.search(rf"static let {name}: \[Double\] = \[(.*?)\]", source).group(1).split(",")])

    params = {name: float(re.search(rf"static let {name} = ([-\d.]+)", source).group(1))
              for name in ("outOfOrder", "skipFirst", "skipMiddle", "skipLast", "change")}
    return array("section"), array("none"), params


def items(set_dir):
    """Per unit of train-structure's `load_units` (held-out answers' Whisper transcripts,
    training answers' transcripts and written sentences, the re-cut variants) the evidence with
    no drill classifier, as its build_items makes it otherwise."""
    _, drills, embed, section_vectors, units = structure.load_units(set_dir)
    embed.save()
    if not any(a["split"] == "train" and source == "whisper" for a, source, *_ in units):
        # Fitted on written sentences alone the weights would be another table, not a retrain.
        sys.exit(f"train-generic: no training answer in {set_dir} has a Whisper transcript; make the set with "
                 "scripts/make-content-set.py --audio --transcribe --split all first")
    result = {"train": [], "test": []}
    for a, source, texts, vectors, _, labels, times, truth_starts in units:
        secs = drills[a["drill"]]
        phi, none, change = structure.evidence(vectors, texts, secs, section_vectors[a["drill"]],
                                               np.zeros((len(texts), len(secs) + 1)))
        result[a["split"]].append({"phi": phi, "none": none, "change": change, "labels": labels, "drill": a["drill"],
                                   "variant": a["variant"], "times": times, "truthStarts": truth_starts, "id": a["id"]})
    return result


def figures(subset, w, v, params):
    r = structure.evaluate_structure(subset, w, v, params)
    return {"placed": round(r["recall"], 3), "precision": round(r["precision"], 3),
            "completeWhole": r["completeWhole"], "inOrderFlagged": r["inOrderFlagged"]}


def swift_table(w, v, costs, report):
    def num(x):
        return f"{x:.6f}"

    return f"""// Generated by scripts/train-generic.py — do not edit by hand.
// Held out, drills without a trained classifier: {report}

/// Emission weights of drills without a trained sentence classifier (free talk, drills of your
/// own): the structure weights' features (`SentenceEvidence.features`) fitted with the drill
/// classifier's input at zero, and the decoder costs tuned for them. See scripts/train-generic.py.
enum GenericWeights {{
    static let section: [Double] = [{", ".join(num(x) for x in w)}]
    static let none: [Double] = [{", ".join(num(x) for x in v)}]
    static let outOfOrder = {num(costs["outOfOrder"])}
    static let skipFirst = {num(costs["skipFirst"])}
    static let skipMiddle = {num(costs["skipMiddle"])}
    static let skipLast = {num(costs["skipLast"])}
    static let change = {num(costs["change"])}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default=os.path.join(ROOT, "bench/out/content"))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write GenericWeights.swift")
    mode.add_argument("--check", action="store_true", help="exit 1 unless retraining gives the committed table")
    args = parser.parse_args()
    data = items(args.set)
    section, none, params = committed()
    w, v = structure.train_emission(data["train"])
    costs = {k: float(x) for k, x in structure.tune(data["train"], w, v).items() if k != "presence"}
    report = {"costs": costs,
              "held out": {"structure weights, classifier input 0": figures(data["test"], section, none, params),
                           "generic weights": figures(data["test"], w, v, costs)},
              "each drill left out of the fit": {}}
    for drill in sorted({it["drill"] for it in data["train"]}):
        rest = [it for it in data["train"] if it["drill"] != drill]
        wd, vd = structure.train_emission(rest)
        subset = [it for it in data["test"] if it["drill"] == drill]
        report["each drill left out of the fit"][drill] = {
            "structure weights, classifier input 0": figures(subset, section, none, params),
            "generic weights without it": figures(subset, wd, vd, structure.tune(rest, wd, vd))}
    print(json.dumps(report, indent=1))
    held = report["held out"]["generic weights"]
    table = swift_table(w, v, costs, f"sections placed {held['placed']:.2f}, precision {held['precision']:.2f}, "
                                     f"in order called out of order {held['inOrderFlagged']}")
    if args.write:
        with open(WEIGHTS, "w") as f:
            f.write(table)
    elif args.check:
        def numbers(text):
            return [float(x) for x in re.findall(r"-?\d+\.\d+", text.split("enum GenericWeights", 1)[1])]
        current = open(WEIGHTS).read() if os.path.exists(WEIGHTS) else ""
        if not current or len(numbers(current)) != len(numbers(table)) or any(
                abs(a - b) > CHECK_TOLERANCE for a, b in zip(numbers(current), numbers(table))):
            sys.exit("train-generic: GenericWeights.swift is not what this script trains from the set; "
                     "rerun with --write and commit it")


if __name__ == "__main__":
    main()
