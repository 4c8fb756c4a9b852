#!/usr/bin/env python3
"""Trains the semantic tier's order check (is a structured answer told out of order?).

Deterministic (numpy only, fixed iteration counts, zero initialisation, ties to the first
candidate): the same dev set and structure weights give the same table, written as
Sources/SavvyCoach/Semantic/OrderWeights.swift. Fits the `train` split of
scripts/make-content-set.py and reports on the `test` split, which it never fits. It sits on top
of scripts/train-structure.py: the decoder costs and the map's evidence come from the committed
SemanticWeights.swift, whose fingerprint OrderWeights records (rerun this script whenever that
file changes; a test fails until then).

Why a separate check: the structure model expects each section at its usual place. Its
emissions carry a position prior and its drill classifier takes the sentence's relative position
and its neighbours as inputs, so a swapped answer is decoded in drill order with its sections
misplaced, and no affordable out-of-order cost changes that. The check therefore judges order
from evidence that knows nothing of position:

  content model  per drill, a multinomial logistic regression from a sentence's embedding, the
                 embedding minus the answer's mean and the mean of its two neighbours' centred
                 embeddings (the same of the middle-layer vector) and which sections' cue phrases
                 it says, and how much closer than the answer's other sentences it is to the
                 prompt, to the drill's sections or none: what the sentence says, how it
                 differs from the rest of the answer and what it is told among. It knows neither
                 where the sentence stands nor which neighbour comes first (told backwards, every
                 sentence reads the same), so it cannot prefer the drill's order.
  hypotheses     the orders one moved section gives (`moves`): the drill's order with a group
                 B of sections told before the group A that precedes it, B or A one section —
                 a neighbouring swap (A = {k}, B = {k+1}), a later section told first across
                 several (a STAR Result before the Situation) or an earlier one told last. Both
                 the drill's order and the hypothesis are decoded strictly (no disorder allowed)
                 over the content model's log-probabilities with StructureDecoder's skip and
                 change costs; the hypothesis counts only when its path has a section of each group.
  features       gain: the hypothesis path's score minus the drill-order path's;
                 lead: where group A's probability mass sits in the answer (its mean relative
                 position) minus where group B's sits: > 0 when B material comes first;
                 mass: log of the smaller of the two groups' total probability (a section the
                 answer hardly has says nothing about order);
                 span: how many sections beyond two the move involves (0 for a swap)
  P(moved)       logistic over those, one per drill (how well neighbouring sections separate
                 differs by drill), fitted on the drill's training hypotheses: positives are the
                 true order of each out-of-order answer, negatives every hypothesis of in-order
                 answers (complete, missing a section, off topic); classes weighted equally
  flag           the most likely hypothesis, from the drill's threshold on, chosen on its training
                 answers to maximise (out-of-order answers flagged) - 4 x (in-order answers
                 flagged): a false "out of order" on a good answer is worse advice than a missed one

Session 28, natural wording of a moved section, measured. The set's out-of-order answers are its
in-order sentences cut and re-joined, so a moved section is always worded as if told in place.
Writers who never saw others.py retold 140 training scenarios out of order in words of their own
(make-content-set.py's retold-<n>: 36 STAR, PREP and pitch answers, 4 in each of the 9 orders one
moved section gives; 32 talks, 8 in each of 4), each spoken and transcribed (139 with a trusted
transcript). The report's "retold" judges them as cross-validation does: by the checks fitted on
the other two folds, with the fold's content models, so neither the retelling nor its scenario
was seen; "right" counts flags that name the order told. The committed check flags 69 of 139
(STAR 15/36, PREP 14/36, pitch 23/35, talks 17/32) against 17 of our 24 held-out cut-and-joined
answers: the held-out figure flatters the check. Fitted on (retellings in training; the same
folds, judged as above: flagged / total out of order, false flags / in order, AUC):
                                   held out            other writers          cross-validated
  committed (retellings unseen)    17/24, 0/69, 0.935  40/60, 12/345, 0.922   595/982, 44/1241
  + retellings                     16/24, 0/69, 0.914  40/60, 13/345, 0.923   657/1122, 41/1241
  + retellings, ×4 in the content  19/24, 0/69, 0.937  42/60, 21/345, 0.926   683/1122, 50/1241
    models' fit
Neither moves the other writers' AUC: more flags come with more false ones, and the
cross-validated criterion prefers weight 1, which changes nothing held out. So they are never
fitted; their figure is the honest one for a speaker's own words. STAR with its Task told after
the Actions is flagged 0 of 8 in either order (situation action task result, situation action
result task), though the content model often reads the late Task sentence as Task (P 0.55-0.66
in three of them) and in 5 of the 8 the order told is the best hypothesis, at P(moved)
0.26-0.68: a one-sentence Task has little mass, and the folds' STAR thresholds (0.87-0.90) are
set by false flags on in-order answers weighing four times a miss.

Session 29, what natural retellings say where they move a section, measured and not kept. A
speaker who tells a section out of its place often says so where the earlier section resumes:
"I should say, this was ...", "Let me back up", "All of that was so I could ...", "To get there
...". A fifth feature, whether the hypothesis path's first sentence of group A after a B sentence
opens (after particles such as "so", "and") with one of 40 such phrases ("this was", "that was",
"all of that", "before that", "for context", "to get there", ...; the committed content costs
throughout), learns weight 0 outside STAR
(the cut-and-joined answers never say them) and 0.37 in STAR: retold 70/139, other writers 40/60,
12/345 false (STAR AUC 0.841 -> 0.859). Fitted with the retellings too: STAR weight 1.6, other
writers' STAR AUC 0.90, but 38/60 in all (pitch and PREP thresholds rise with the retellings'
low-P positives). With the false-flag weight 3 instead of 4 and both: held out 19/24, 0/69, other
writers 45/60, 17/345, cross-validated 759/1121, 89/1241 — a criterion (with weight 4) of 0.390
against the committed 0.450 ((595 + 69) / 1121 - 4 x 44 / 1241). At weight 3 alone: retold
74/139, held out and other writers unchanged, cross-validated false flags 44 -> 64 of 1241. So the
flags a speaker's own words would gain all cost false flags on in-order answers at the policy's
rate; the policy, not the evidence, is what a change here would move.

Session 27, moves the set never made. Its out-of-order answers swapped middle neighbours or told
a later section first; the other writers also tell their first section last (a STAR Situation as
"let me back up", a pitch that ends on its Hook, a talk whose thesis follows its points) and
exchange the first two (Task before Situation, Problem before Hook), and the check had no
positive of either: it flagged 0 of the 6 answers of theirs that end on the first section. So
make-content-set.py now adds, for every training scenario, the answer told with its first section
last and (four sections or more) with its first two exchanged, re-cut here from the complete
transcript like every variant without its own (460 answers more: 2223 training units against
1765). Retrained and judged as above (flagged / total out of order, false flags / in order, AUC):
                                  held out            other writers
  before                          18/24, 1/69, 0.890  35/60, 14/345, 0.904
  + told last, first two swapped  17/24, 0/69, 0.935  40/60, 12/345, 0.922   (kept)
  the same without PREP told last 18/24, 0/69, 0.937  37/60, 14/345, 0.919
PREP told last (Reason, Example, Point again, Point) reads much like an answer without its
opening Point, so it was tried without: held-out PREP 3/6 -> 4/6 flagged, the other writers'
PREP 12/15 with 1 false flag -> 9/15 with 3; kept, on the larger set. The map placed 0.824 ->
0.843 of the other writers' sections, precision 0.782 -> 0.798. Through the binary: held out
18/24 -> 17/24 flagged, in order 1/69 -> 0/69; other writers 34/60 -> 39/60 (pitches ending on
their Hook 1/3 -> 3/3, talks opening with their Close and then the Opening 1/3 -> 3/3, Task before
Situation 0/1 -> 1/1; one talk and one PREP answer fewer elsewhere), 12/345 -> 11/345. Still missed: STAR answers with the Situation last (0/3, "missing
Situation": Situation told last is their best hypothesis, at P(moved) 0.64 / 0.44 / 0.15 under
STAR's threshold of 0.88 — the content model's Situation mass does not sit at their end), Task told after the
Actions (0/3; Task and Action do not separate position-free, see session 15), and pitches that
open with their Problem and then their Hook (0/3).
Also measured and not kept: the prompt's topic (train-relevance.py's prompt_topic, the talk
instruction dropped) as the prompt input instead of the prompt as asked. The other writers' talk
prompts all say "Talk for two minutes about …": their impromptu false flags 2 -> 4 of 75, AUC
0.959 -> 0.948, the rest unchanged (the training prompts have no instruction), so the input stays
the prompt as asked.

Session 26, the penalty chosen on wording that is not ours. Three other writers, who never saw
the set, wrote 60 answers with their own out-of-order tellings (make-content-set.py --writers
others: 60 out of order, 345 in order, spoken and transcribed as the held-out split). The check
retrained at each penalty on this machine's set, judging them (--others; flagged / total out of
order, false flags / in order, pooled AUC):
                      other writers             criterion on them
  1e-2                35/60, 23/345, AUC 0.880  0.317
  3e-3                36/60, 17/345, AUC 0.911  0.403
  1e-3                35/60, 19/345, AUC 0.903  0.363
  1e-4 (kept)         35/60, 14/345, AUC 0.904  0.421
Through the binary (content bench, Whisper): the session-25 table (1e-2, trained on every variant
spoken on an earlier machine) 34/60 with 16/345 false, the 1e-4 table 34/60 with 12/345; on the
held-out split 16/24 -> 18/24 flagged, false 1/69 either way. Of the four STAR answers that lead with
their Result in OrderCheckModelTests (ours and one per writer; written sentences), 1e-2 flags
ours and b's, 1e-4 a's, b's and c's (a's with its Result read as Situation). So the one answer
below that held 1e-2 in place was one writer's case, not the rule; the other writers' answers are
now this choice's validation set, not a pure held-out one.

Session 25, a lower L2 penalty for the content models (CONTENT_L2), measured and not kept. Out
of fold at sentence level they are held close to the class priors at 1e-2 (see CONTENT_L2), and a
lower penalty raises the check's cross-validated criterion well beyond a retrain's noise (about
0.02). On the set as made on this machine (the 93 held-out answers and the 262 complete and 524
out-of-order training answers spoken and transcribed, the missing and off-topic variants re-cut
from those: 1765 training units; content costs re-chosen for each; flagged / total out of order,
false flags / in order):
                      held out                 cross-validated (training)   criterion
  1e-2 (then kept)    18/24, 3/69, AUC 0.901   334/524, 53/1241             0.467
  3e-3                19/24, 2/69, AUC 0.947   353/524, 55/1241             0.496
  1e-3                17/24, 1/69, AUC 0.922   325/524, 37/1241             0.501
  1e-4 (kept since)   18/24, 1/69, AUC 0.890   335/524, 41/1241             0.507
With only the complete training answers spoken (1763 units) 1e-2 / 1e-3 / 3e-4 / 1e-4 / 3e-5 gave
criterion 0.435 / 0.495 / 0.502 / 0.511 / 0.501, held out 14 / 18 / 18 / 16 / 14 of 24 flagged;
the runtime bench at 1e-4 against the committed table 16/24 either way, in order flagged
1 -> 0 of 69, map precision 0.81 -> 0.83. But every lower penalty tried (3e-3 down; 1e-3 and
1e-4 on both training sets) stops flagging the STAR answer that leads with its Result in
OrderCheckModelTests, written for that test and not from the set (its Result is read as
Situation). One answer is little evidence, but it is
the only out-of-order answer we have that is not worded like the set: the set's answers are all
written by us in a few patterns, which a looser fit can learn and cross-validation by scenario
cannot see. Answers the coach will judge are worded by others, so 1e-2 stays until the set holds
wording that is not ours to choose the penalty by.

Session 21, the prompt as content evidence. The content model read an impromptu thesis as one
more point wherever it stood, so a talk that gives its points before its thesis was reported in
order (held out 1 of 6 impromptu answers flagged). A thesis restates the prompt: on the set's
written on-topic answers, a sentence's cosine to the prompt minus its answer's mean is +0.21 for
an impromptu Opening and +0.25 for a PREP Point, against -0.04 and -0.09 for Points and Examples,
and the Opening is the answer's closest sentence in 76 % of answers. With that input (×2), on the
whole set spoken and transcribed (2125 answers, transcripts made on this machine in session 21;
flagged / total out of order, false flags / in order):
                                        held out          cross-validated (training)   criterion
  without the prompt input              11/24, 1/69       304/524, 49/1506             0.450
  prompt input ×1                       13/24, 1/69       319/524, 49/1506             0.479
  prompt input ×2 (kept)                15/24, 1/69       340/524, 60/1506             0.490
  prompt input ×3                       16/24, 2/69       339/524, 66/1506             0.472
  ×2, no prompt given at held-out time  13/24, 1/69
Impromptu held out 1/6 -> 4/6 flagged, cross-validated 55/128 -> 88/128 (false 18 -> 27 of 320);
the held-out placement of the checked map 0.827 -> 0.850, precision 0.793 -> 0.812. The input is
zero when no prompt is given, and the check then does no worse than without it. A sentence's
cosine to the prompt marks Opening against Points, not Task against Action: STAR is unchanged.

Session 18, moves beyond neighbouring swaps. The set's out-of-order answers had only swapped
middle neighbours, so a speaker who leads with the outcome was never seen: the 12 held-out
complete answers re-told that way and spoken (Result, Example, Ask or Close first) were flagged
out of order 2 times by the committed check; 4 were reported in order with every section, 6 as
missing a section they had (a STAR answer opening with its Result: "missing Result").
make-content-set.py now adds such a "told-first" answer per scenario (variant out-of-order).
On that set, with every training variant but the complete ones re-cut (derived_units), trained
and judged the same way (flagged / total out of order, false flags / in order):
                                        held out          cross-validated (training)
  neighbouring swaps only (before)      10/24, 2/69       236/524, 35/1246
  every move, gain + lead + mass        10/24, 0/69       293/524, 50/1246
  every move, + span (kept)             11/24, 0/69       301/524, 38/1246
Without span, a long move's larger gain and lead on in-order answers raised the false flags.
The committed weights: the same comparison with every training variant spoken and transcribed
(2125 answers): swaps only 9/24, 2/69 held out and 257/524, 71/1507 cross-validated; every move
+ span 14/24, 2/69 and 315/524, 64/1507 (each flagged held-out answer with its true order).

Session 15, before the cue inputs (see content_input): one logistic per neighbouring pair instead
of one per drill (same features, folds and criterion; flagged / false flags of the 262 out-of-order and 1246 in-order training
answers out of fold, criterion): per drill 138 / 59, 0.337; per pair 170 / 73, 0.415, but only
because a pair the set never swaps (STAR Situation-Task, impromptu Body-Close, ...) then has no
model and is never flagged. Measured on 725 swaps (the set's out-of-order answers, and its
complete ones re-cut with each other pair exchanged): per drill 357 / 59, 0.303; per pair with the per-drill model for
the unswapped pairs 405 / 80, 0.302; per pair fitted on those re-cut swaps too 418 / 83, 0.310;
held out, 6 / 3, 6 / 2, 5 / 1 of 12 / 69. No refit of these three features helps: Task and
Action do not separate position-free (a Task told after the Actions is flagged 1 / 68 by the
per-drill check, 22 / 68 by a pair model of its own), so the per-drill check was kept.

Session 8, context for the content model (same folds and features; flagged / false flags,
criterion, pooled out-of-fold AUC; content models fitted out of fold):
  sentence alone (session 7)                                  37 / 35, 0.127, AUC 0.769
  + mean of the two neighbours' centred embeddings (kept)     30 / 22, 0.147, AUC 0.774
  + the previous and the next one separately (knows the order)     30 / 24, 0.133, AUC 0.777
  + mean centred embedding of the window i-1..i+1             34 / 29, 0.139, AUC 0.778
  sentence alone, classes weighted equally in the fit         29 / 26, 0.109, AUC 0.803
  + neighbours' mean, classes weighted equally                26 / 20, 0.121, AUC 0.804
Position-free, neighbouring sections separate at sentence level (out-of-fold AUC of the pair's
log-odds on true sentences of either): PREP 0.95-0.97, pitch 0.76 / 0.87 / 0.94, STAR 0.86 /
0.74 / 0.76, impromptu Opening-Points 0.72, Points-Close 0.75, Opening-Close 0.72. Most false
flags come from answers missing a section next to the swapped pair (17 of 22 with context;
PREP without a Restate 4, pitch without a Hook 4).

Session 7, on the runtime transcripts of all 757 answers (every training variant spoken), the
same 3-fold cross-validation (flagged of 100 / false flags of 576, criterion = flagged share -
4 x false share; pooled out-of-fold AUC of the answers' best P(swapped)):
  gain + lead + mass (kept)                                   30 / 24, 0.133, AUC 0.770
  + massMax, log of the larger of the pair's two masses       26 / 24, 0.093, AUC 0.786
  either, threshold chosen on out-of-fold P rather than in-sample   26 / 23, 0.100 and 23 / 21, 0.084
  + the A-vs-B log-odds of the second minus the first half of the pair's span    AUC 0.769
  + their mass-weighted correlation with position                               AUC 0.764
  + whether the drill-order path has both sections                              AUC 0.775
On the earlier transcripts a longer, less penalised content-model fit (1500 steps at 3e-3;
sentence log-loss STAR 1.24 -> 1.12) and the sentence's own lexical inputs lowered the AUC
(0.782 -> 0.762, 0.740). The position-free evidence is the limit: out of fold the content model
labels 1 of 123 impromptu Opening sentences as Opening (it reads a thesis statement as a point
wherever it stands), so body-before-opening swaps are not separable from in-order answers
(impromptu AUC 0.64).
The features were chosen in session 6 by 3-fold cross-validation on the training answers (folds by scenario) against the
previous check (the structure model's decoder-score gain and classifier margin with the position
features recomputed for the swapped order), the same with position-free emissions, and the
structure classifier with its position rows removed. The map of a flagged answer is the
structure model's path for the swapped order (position features recomputed for that order)
when it has both sections, else the content path. Training answers get out-of-fold content
models. Training units are the Whisper transcripts' runtime sentences and the derived variants
(train-structure.py's derived_units); the written sentences only train the content model.

Usage: $SAVVY_VENV/bin/python scripts/train-order.py [--set DIR] [--write] [--diagnose] [--every-pair] [--others DIR]
(needs the sentence model, see bench/semantic/minilm_ref.py, and the set with transcripts:
scripts/make-content-set.py --audio --transcribe)
"""

import argparse
import base64
import hashlib
import importlib.util
import inspect
import json
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("train_structure", os.path.join(ROOT, "scripts/train-structure.py"))
structure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(structure)

FEATURES = ["gain", "lead", "mass", "span"]
STRICT = 1e6  # the disorder cost of a strict-order decode
# Candidate costs of the content decode (skipFirst, skipMiddle, skipLast, change), chosen by the
# cross-validated criterion. They are the check's own: the structure decoder's costs are tuned for
# its emissions, and its retune in session 8 (a free middle skip) let the content decode drop
# the very sections a swap hypothesis needs (CV AUC 0.775 -> 0.666).
CONTENT_COSTS = [(first, middle, last, change) for first in (2.0, 3.0) for middle in (0.0, 1.0, 2.0)
                 for last in (2.0, 3.0) for change in (0.5, 1.0)]
FALSE_FLAG_COST = 4.0
POSITION = [structure.FEATURES.index(name) for name in ("posSq", "first", "last")]


def committed_structure():
    """Emission weights, decoder costs (with the presence weight), drill classifiers and presence
    models (drill → per-section coefficients; empty without them) from SemanticWeights.swift."""
    source = open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/SemanticWeights.swift")).read()

    def array(name):
        return np.array([float(x) for x in re.search(rf"static let {name}: \[Double\] = \[(.*?)\]", source).group(1).split(",")])

    def number(name):
        return float(re.search(rf"static let {name} = ([-\d.]+)", source).group(1))

    params = {name: number(name) for name in ("outOfOrder", "skipFirst", "skipMiddle", "skipLast", "change")}
    models = {}
    for drill, encoded in re.findall(r'"([\w-]+)": "([A-Za-z0-9+/=]+)"', source):
        models[drill] = np.frombuffer(base64.b64decode(encoded), dtype="<f4").astype(np.float64)
    presence = committed_presence(source)
    if presence is not None:
        params["presence"] = presence[0]
    return array("section"), array("none"), params, models, presence[1] if presence else {}


def committed_presence(source):
    """(presenceWeight, drill → per-section coefficient rows) of the structure weights' presence
    models (PresenceModel), or None for weights without them."""
    weight = re.search(r"static let presenceWeight = ([-\d.]+)", source)
    table = re.search(r"static let presence: \[String: \[\[Double\]\]\] = \[(.*?)\n    \]", source, re.S)
    if weight is None or table is None:
        return None
    rows = {}
    for drill, body in re.findall(r'"([\w-]+)": \[(\[.*?\])\],', table.group(1)):
        rows[drill] = [[float(x) for x in row.split(",")] for row in re.findall(r"\[([^\[\]]*)\]", body)]
    return float(weight.group(1)), rows


def fingerprint():
    """FNV-1a (64-bit, hex) over a canonical text of SemanticWeights.swift's emission weights,
    decoder costs and drill classifiers (SemanticWeights.fingerprint): OrderWeights records it,
    so a structure retrain without an order retrain is caught."""
    source = open(os.path.join(ROOT, "Sources/SavvyCoach/Semantic/SemanticWeights.swift")).read()

    def values(name):
        return [float(x) for x in re.search(rf"static let {name}: \[Double\] = \[(.*?)\]", source).group(1).split(",")]

    lines = [f"section {' '.join(f'{x:.6f}' for x in values('section'))}",
             f"none {' '.join(f'{x:.6f}' for x in values('none'))}"]
    for name in ("outOfOrder", "skipFirst", "skipMiddle", "skipLast", "change"):
        value = float(re.search(rf"static let {name} = ([-\d.]+)", source).group(1))
        lines.append(f"{name} {value:.6f}")
    for drill, encoded in sorted(re.findall(r'"([\w-]+)": "([A-Za-z0-9+/=]+)"', source)):
        lines.append(f"drill {drill} {encoded}")
    presence = committed_presence(source)
    if presence is not None:
        lines.append(f"presenceWeight {presence[0]:.6f}")
        for drill in sorted(presence[1]):
            rows = [" ".join(f"{x:.6f}" for x in row) for row in presence[1][drill]]
            lines.append(f"presence {drill} " + " | ".join(rows))
    value = 0xCBF29CE484222325
    for byte in "\n".join(lines).encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def content_blocks(vectors):
    """A sentence's vector, the vector minus the answer's mean, and the mean of the previous and
    the next sentence's centred vectors (zero beyond the answer's edges)."""
    centred = vectors - vectors.mean(axis=0, keepdims=True)
    zero = np.zeros((1, vectors.shape[1]))
    around = (np.concatenate([zero, centred[:-1]]) + np.concatenate([centred[1:], zero])) / 2
    return [vectors, centred, around]


# Scale of the cue inputs (0/1 hits) against the unit-length embedding blocks: the fit's L2
# penalty is the same on every row, so this sets how freely the model may lean on a cue. Chosen
# in session 15 from 0.5, 1 and 2 by the criterion on every neighbouring swap (`--every-pair`,
# out of fold): 0.308, 0.305, 0.298 (no cues 0.289).
CUE_WEIGHT = 0.5


# L2 penalty of the content models' fit (train-structure's train_drill_model, 600 steps at rate 2),
# the check's own setting though the same value as the structure model's. It holds them close to
# the class priors: session 25, sentence-level content model out of fold (folds by scenario;
# log-loss / share right), STAR 0.905 / 0.711 at 1e-2, 0.613 / 0.776 at 1e-3, 0.567 / 0.780 at
# 3e-4; pitch 0.822 -> 0.587 -> 0.564; PREP 0.720 -> 0.493 -> 0.466; impromptu 0.821 -> 0.741 ->
# 0.762 (1500 steps gave the same as 600; bag-of-words inputs gained at most 0.04 in log-loss).
# 1e-4 since session 26: the looser fit was held back for fear it learned the dev set's own
# wording, but on the other writers' answers (make-content-set.py --writers others) it flags as
# many out-of-order answers as 1e-2 with fewer false flags (the module docstring's session-25
# and session-26 tables).
CONTENT_L2 = 1e-4


def cue_inputs(texts, sections):
    """Per sentence, for each section in the drill's order, whether one of its cue phrases occurs
    and whether one starts within the first 3 words (train-structure's cue_features, the
    structure evidence's `cue` and `cueOpen`), times CUE_WEIGHT."""
    rows = []
    for text in texts:
        words = structure.tokens(text)
        rows.append([hit for section in sections for hit in structure.cue_features(words, section["cues"])])
    return CUE_WEIGHT * np.array(rows, dtype=float).reshape(len(texts), 2 * len(sections))


# Scale of the prompt input (a sentence's cosine to the prompt minus the answer's mean, which
# runs about ±0.3) against the other inputs under the fit's shared L2 penalty. Chosen in session
# 21 from 1, 2 and 3 by the cross-validated criterion on the whole set: 0.479, 0.490, 0.472
# (without the input 0.450).
PROMPT_WEIGHT = 2.0


def prompt_inputs(vectors, prompt):
    """Per sentence, its cosine to the prompt minus the answer's mean cosine, times PROMPT_WEIGHT
    (ContentClassifier.promptSimilarity); zero without a prompt. A thesis restates what was asked,
    so it stands out from the answer's other sentences wherever it is told (see content_input)."""
    if prompt is None:
        return np.zeros((len(vectors), 1))
    similarity = vectors @ prompt
    return PROMPT_WEIGHT * (similarity - similarity.mean())[:, None]


def content_input(vectors, middles, cues, prompts):
    """The content model's input per sentence (ContentClassifier.logProbabilities): the
    `content_blocks` of the embedding, then those of the middle-layer vector (how the sentence is
    told: session 10, out of fold, STAR sentences 0.61 -> 0.74 right, impromptu Opening-Close
    AUC 0.881 -> 0.939), then the sentence's `cue_inputs` (session 15: "I needed to", "my job
    was" say Task wherever the sentence stands; the criterion out of fold 0.337 -> 0.375, on
    every neighbouring swap 0.289 -> 0.308, a Task told after the Actions flagged 1/68 -> 9/68,
    held-out AUC 0.790 -> 0.870). The neighbours' mean says what the sentence is told among (a Task among
    Situation and Actions) without saying which comes first or where in the answer it stands, so
    exchanging two sections cannot make a sentence look more like its drill-order self; a cue is
    the sentence's own words. Last, its `prompt_inputs` (session 21: a thesis restates what was
    asked, so an impromptu Opening or a PREP Point stands out wherever it is told)."""
    return np.concatenate(content_blocks(vectors) + content_blocks(middles) + [cues, prompts], axis=1)


class ContentCache:
    """Fitted content models on disk, keyed by the SHA-256 of their training inputs, labels and
    fit settings: the same inputs give the same model, so a rerun after a structure retrain (the
    content models do not depend on the structure weights) skips the slow fits."""

    def __init__(self, path):
        self.path = path
        self.models = {}
        if os.path.exists(path):
            data = np.load(path)
            self.models = {k: data[k] for k in data.files}
        self.used = {}

    def fit(self, x, y, classes, l2):
        digest = hashlib.sha256()
        # The trainer's own code and settings are part of the key: a change to how it fits refits.
        digest.update(inspect.getsource(structure.train_drill_model).encode())
        digest.update(f"{classes} {x.shape} l2={l2!r}".encode())
        digest.update(np.ascontiguousarray(x, dtype="<f8").tobytes())
        digest.update(np.ascontiguousarray(y, dtype="<i8").tobytes())
        key = digest.hexdigest()
        if key not in self.models:
            self.models[key] = structure.train_drill_model(x, y, classes, l2=l2)
        self.used[key] = self.models[key]
        return self.models[key]

    def save(self):
        # Only the models of this run are kept, so the file does not grow with every change.
        np.savez(self.path, **self.used)


def content_logp(W, vectors, middles, cues, prompts):
    logits = np.concatenate([content_input(vectors, middles, cues, prompts), np.ones((len(vectors), 1))], axis=1) @ W
    logits -= logits.max(axis=1, keepdims=True)
    return logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))


def ordered_logp(phi, none, w, v, order):
    """Structure emission log-scores with the position features computed for sections spoken in
    `order`; columns: the sections in `order`, then none (OrderCheck.emissions)."""
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
    """The decoder's score of one in-order path (OrderCheck.score)."""
    K = logp.shape[1] - 1
    score = sum(logp[i, label] for i, label in enumerate(labels))
    for i in range(1, len(labels)):
        if labels[i] != labels[i - 1]:
            score += params["change"] * (change[i] - 0.5)
    skip = [params["skipFirst"] if k == 0 else params["skipLast"] if k == K - 1 else params["skipMiddle"]
            for k in range(K)]
    return score - sum(skip[k] for k in range(K) if k not in labels)


def content_params(costs):
    """Decoder parameters of the strict content decode for (skipFirst, skipMiddle, skipLast,
    change) (OrderCheck.contentDecoder)."""
    first, middle, last, change = costs
    return {"outOfOrder": STRICT, "skipFirst": first, "skipMiddle": middle, "skipLast": last, "change": change}


def moves(K):
    """The hypotheses' orders (OrderCheck.moves): every order the drill's K sections take when one
    of them is told elsewhere, as (order, A, B) — A the sections that come first in the drill's
    order, B those told before them — by span (how many places the section moves), then start;
    a span-1 move is the neighbouring swap (k, k+1), told k+1 first. Then a later section moved
    to the front of the span before the earlier one moved to its end. Ties go to the first."""
    result = []
    for span in range(1, K):
        for start in range(K - span):
            end = start + span
            groups = [(tuple(range(start, end)), (end,))]          # section `end` told first
            if span > 1:
                groups.append(((start,), tuple(range(start + 1, end + 1))))  # section `start` told last
            for a, b in groups:
                order = tuple(range(start)) + b + a + tuple(range(end + 1, K))
                result.append((order, a, b))
    return result


def holds_both(labels, move):
    """Whether a path's `labels` hold a section of each of the move's groups (OrderCheck.holdsBoth)."""
    _, a, b = move
    return any(k in labels for k in a) and any(k in labels for k in b)


def hypotheses(content, change, costs):
    """Per move of `moves`: (the move, features or None when the hypothesis path lacks all of A
    or all of B, the hypothesis path's labels in drill indices, K = none) (OrderCheck.judge),
    decoded with the content decode's `costs`."""
    n, width = content.shape
    K = width - 1
    strict = content_params(costs)
    base = path_score(content, change, structure.decode(content, change, strict), strict)
    probability = np.exp(content)
    position = np.arange(n) / max(n - 1, 1)
    result = []
    for move in moves(K):
        order, a, b = move
        columns = content[:, list(order) + [K]]
        decoded = structure.decode(columns, change, strict)
        labels = [order[label] if label < K else K for label in decoded]
        if not holds_both(labels, move):
            result.append((move, None, labels))
            continue
        gain = path_score(columns, change, decoded, strict) - base
        mass_a, mass_b = probability[:, list(a)].sum(), probability[:, list(b)].sum()
        lead = (probability[:, list(a)].sum(axis=1) @ position) / mass_a \
            - (probability[:, list(b)].sum(axis=1) @ position) / mass_b
        result.append((move, [gain, float(lead), float(np.log(min(mass_a, mass_b) + 1e-3)), float(len(a) + len(b) - 2)], labels))
    return result


def logistic(x, y, iterations=3000, rate=0.5, l2=1e-3):
    """Class-balanced logistic regression with a bias, full-batch gradient descent from zero."""
    x = np.concatenate([np.array(x, float), np.ones((len(x), 1))], axis=1)
    y = np.array(y, float)
    # A class may be absent (a content decode that never holds both sections of a pair).
    weight = np.where(y == 1, 0.5 / max(y.sum(), 1), 0.5 / max(len(y) - y.sum(), 1))
    coef = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ coef)))
        coef -= rate * (x.T @ ((p - y) * weight) + l2 * coef)
    return coef


def true_order(item):
    """The order an out-of-order answer tells its sections in (each at its first sentence), or
    None when that is the drill's order."""
    K = item["K"]
    order = []
    for label in item["labels"]:
        if label < K and label not in order:
            order.append(label)
    return None if order == sorted(order) else tuple(order)


def best_hypothesis(hyps, coef):
    """(probability, move, labels) of the most likely move with sections of both groups found, or None."""
    best = None
    for move, features, labels in hyps:
        if features is None:
            continue
        p = 1 / (1 + np.exp(-(np.dot(features, coef[:-1]) + coef[-1])))
        if best is None or p > best[0] + 1e-12:
            best = (p, move, labels)
    return best


def fold(a):
    return int(a["scenario"].split("-")[1]) % 3


def every_pair_swaps(units, drills):
    """For `--every-pair`: each complete Whisper answer (either split) re-cut once per pair of
    neighbouring sections with that pair exchanged (train-structure's recut, as derived_units
    re-cuts the training variants). The dev set's own
    out-of-order answers swap only the pairs inside a four-part drill (and Opening-Body in
    impromptu), so these measure the check on the swaps it never sees; they are never fitted."""
    result = []
    for a, source, texts, vectors, middles, labels, _, _ in units:
        if source != "whisper" or a["variant"] != "complete":
            continue
        K = len(drills[a["drill"]])
        for k in range(K - 1):
            if k not in labels or k + 1 not in labels:
                continue  # the runtime's sentences lack one of the pair: nothing to exchange
            order = list(range(K))
            order[k], order[k + 1] = order[k + 1], order[k]
            swapped = dict(a, id=f"{a['scenario']}-swap-{k}", variant="out-of-order", everyPair=True)
            result.append(structure.recut(swapped, "every-pair", texts, vectors, middles, labels, order, K))
    return result


def load_items(set_dir, w, v, params, committed_models, committed_presence_models, every_pair=False):
    """Every held-out Whisper answer, every retelling's Whisper transcript (marked "retold") and
    every training unit from Whisper or derived: its
    content model log-probabilities (out of fold for training answers) and hypotheses; held-out
    answers also the structure evidence as the runtime computes it, for the map. With
    `every_pair`, also the `every_pair_swaps` (items marked "everyPair", without the map's
    evidence). Returns the items and the content models trained on every training answer."""
    answers, drills, embed, section_vectors, units = structure.load_units(set_dir, retold=True)
    # Retellings are judged, never fitted (`retold_report`): their own Whisper transcripts only.
    retold = [u for u in units if structure.content_set.is_retold(u[0]) and u[1] == "whisper"]
    units = [u for u in units if not structure.content_set.is_retold(u[0])]
    if every_pair:
        units += every_pair_swaps(units, drills)

    cache = ContentCache(os.path.join(set_dir, "order-content-models.npz"))

    def fit(drill, f):
        # The content model learns from every training answer's own sentences (written and
        # transcribed, every variant): its input does not depend on their order.
        rows = [(x, y) for a, source, texts, vs, ms, ys, _, _ in units
                if a["drill"] == drill and a["split"] == "train" and fold(a) != f and source in ("whisper", "text")
                for x, y in zip(content_input(vs, ms, cue_inputs(texts, drills[drill]), prompt_inputs(vs, prompt_vector(embed, a))), ys)]
        return cache.fit(np.array([r[0] for r in rows]), np.array([r[1] for r in rows]), len(drills[drill]) + 1,
                         CONTENT_L2)

    trained = sorted({a["drill"] for a in answers if a["split"] == "train"})
    # Rounded to the Float32 the Swift table stores, so held-out figures are the runtime's.
    models = {(d, f): fit(d, f).astype("<f4").astype(np.float64) for d in trained for f in (0, 1, 2, None)}
    cache.save()
    items = [item_of(unit, models, embed, drills, section_vectors, w, v, params, committed_models,
                     committed_presence_models)
             for unit in units if unit[1] != "text"]
    # A retelling's content models are its fold's (split train): its scenario's sentences unseen.
    items += [dict(item_of(unit, models, embed, drills, section_vectors, w, v, params, committed_models,
                           committed_presence_models), retold=True) for unit in retold]
    # After the prompts too, so a rerun embeds nothing again.
    embed.save()
    return items, {d: models[(d, None)] for d in trained}


def prompt_vector(embed, a):
    """The prompt as asked (an off-topic answer's is another scenario's), embedded as the runtime
    embeds the one it is given (the embedder remembers it)."""
    return embed([a["prompt"]])[0]


def item_of(unit, models, embed, drills, section_vectors, w, v, params, committed_models, committed_presence_models):
    """One answer's item: its content log-probabilities (a training answer's out of fold), and a
    held-out answer's structure evidence as the runtime computes it, for the map."""
    a, source, texts, vectors, middles, labels, times, truth_starts = unit
    K = len(drills[a["drill"]])
    content = content_logp(models[(a["drill"], None if a["split"] == "test" else fold(a))], vectors, middles,
                           cue_inputs(texts, drills[a["drill"]]), prompt_inputs(vectors, prompt_vector(embed, a)))
    _, _, change = structure.evidence(vectors, texts, drills[a["drill"]], section_vectors[a["drill"]],
                                      np.zeros((len(texts), K + 1)))
    item = {"id": a["id"], "split": a["split"], "variant": a["variant"], "drill": a["drill"], "K": K,
            "scenario": a["scenario"], "change": change, "content": content, "labels": labels,
            "times": times, "truthStarts": truth_starts, "everyPair": bool(a.get("everyPair"))}
    if a["split"] == "test" and not a.get("everyPair"):
        model = committed_models[a["drill"]].reshape(-1, K + 1)
        phi, none, _ = structure.evidence(vectors, texts, drills[a["drill"]], section_vectors[a["drill"]],
                                          structure.drill_model_logp(model, vectors, middles, texts, drills[a["drill"]]))
        item.update(phi=phi, none=none, skip=skip_costs(phi, none, w, v, params, committed_presence_models.get(a["drill"])))
    return item


def load_other_items(set_dir, models, w, v, params, committed_models, committed_presence_models):
    """For `--others`: the answers of another set (make-content-set.py --writers others, all held
    out, with Whisper transcripts) as held-out items, judged by the content models fitted on
    every training answer of the main set (`models`: drill → weights)."""
    _, drills, embed, section_vectors, units = structure.load_units(set_dir)
    fitted = {(d, None): m for d, m in models.items()}
    items = [item_of(unit, fitted, embed, drills, section_vectors, w, v, params, committed_models,
                     committed_presence_models)
             for unit in units if unit[1] == "whisper" and unit[0]["split"] == "test"]
    embed.save()
    return items


def auc(pos, neg):
    pos, neg = np.array(pos), np.array(neg)
    if not len(pos) or not len(neg):
        return float("nan")
    return float(((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum())
                 / (len(pos) * len(neg)))


def skip_costs(phi, none, w, v, params, presence_model):
    """The structure decoder's cost of leaving out each section of this answer (drill order):
    its place's cost plus the presence weight × the answer's presence logit (PresenceModel)
    when the structure weights have presence models, else None (the place's cost alone)."""
    if not presence_model:
        return None
    features = structure.presence_features(phi, none, w, v)
    return structure.skip_costs(params, phi.shape[1], [float(features[k] @ np.array(presence_model[k]))
                                                      for k in range(phi.shape[1])])


def decode(logp, change, params, skip):
    """structure.decode with per-section skip costs when there are (None: the place's costs)."""
    return structure.decode(logp, change, params) if skip is None else structure.decode(logp, change, params, skip)


def checked_labels(item, best, flagged, w, v, params):
    """The map (OrderCheck.labels): the structure model's strict path for the drill's order, or
    for a flagged move its path for the moved order when that has a section of each group, else
    the content path."""
    K = item["K"]
    strict = dict(params, outOfOrder=STRICT)
    order = list(best[1][0]) if flagged else list(range(K))
    # Each section's skip cost follows its column (StructureDecoder.reordered).
    skip = None if item["skip"] is None else [item["skip"][k] for k in order]
    decoded = decode(ordered_logp(item["phi"], item["none"], w, v, order), item["change"], strict, skip)
    labels = [order[label] if label < K else K for label in decoded]
    if flagged and not holds_both(labels, best[1]):
        labels = best[2]
    return labels


def evaluate(items, checks, w=None, v=None, params=None):
    """Flag counts; with the structure weights also the placement (train-structure.placement)
    of the checked map against the structure decoder's own map."""
    out = {"ooo": 0, "oooTotal": 0, "false": 0, "inOrderTotal": 0, "rightPair": 0}
    placed = {"before": [0, 0, 0, 0], "after": [0, 0, 0, 0]}
    scores = ([], [])
    for it in items:
        coef, threshold = checks[it["drill"]]
        best = best_hypothesis(it["hyps"], coef)
        flagged = best is not None and best[0] >= threshold
        swapped = it["variant"] == "out-of-order"
        scores[0 if swapped else 1].append(best[0] if best else 0.0)
        if swapped:
            out["oooTotal"] += 1
            out["ooo"] += int(flagged)
            out["rightPair"] += int(flagged and best[1][0] == true_order(it))
        else:
            out["inOrderTotal"] += 1
            out["false"] += int(flagged)
        if w is not None:
            old = decode(structure.log_softmax_scores(it["phi"], it["none"], w, v), it["change"], params, it["skip"])
            for key, lab in (("before", old), ("after", checked_labels(it, best, flagged, w, v, params))):
                t, p, r, g, disorder = structure.placement(it, lab)
                placed[key] = [a + b for a, b in zip(placed[key], (t, p, r, g))]
                if key == "before":
                    # The structure decoder alone (its own out-of-order cost), for comparison.
                    out["decoder ooo" if swapped else "decoder false"] = \
                        out.get("decoder ooo" if swapped else "decoder false", 0) + int(disorder)
    out["auc"] = round(auc(*scores), 3)
    if w is not None:
        for key, (t, p, r, g) in placed.items():
            out[f"placed {key}"] = round(p / max(t, 1), 3)
            out[f"precision {key}"] = round(g / max(r, 1), 3)
    return out


def fit_check(train):
    """(logistic coefficients, threshold) of one drill's check, from its training answers."""
    x, y = [], []
    for it in train:
        told = true_order(it) if it["variant"] == "out-of-order" else None
        for move, features, _ in it["hyps"]:
            if features is None or (it["variant"] == "out-of-order" and move[0] != told):
                continue
            x.append(features)
            y.append(int(it["variant"] == "out-of-order"))
    if not x:
        # No hypothesis holds both sections of a pair (content costs that drop them): never flag.
        return np.zeros(len(FEATURES) + 1), 1.0
    coef = logistic(x, y)
    # Threshold: the training answers' own best-hypothesis probabilities are the candidates.
    best = []
    for it in train:
        b = best_hypothesis(it["hyps"], coef)
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


def set_costs(items, costs):
    """Every item's hypotheses decoded with the content decode's `costs`."""
    for it in items:
        it["hyps"] = hypotheses(it["content"], it["change"], costs)


def criterion(result):
    """What the threshold maximises: share of out-of-order answers flagged - 4 x share of in-order ones."""
    return result["ooo"] / max(result["oooTotal"], 1) - FALSE_FLAG_COST * result["false"] / max(result["inOrderTotal"], 1)


def choose_costs(train):
    """The content decode's costs with the best cross-validated criterion (ties: the first), and
    every candidate's cross-validation."""
    tried = []
    for costs in CONTENT_COSTS:
        set_costs(train, costs)
        tried.append((costs, cross_validate(train)))
    best = max(range(len(tried)), key=lambda i: (round(criterion(tried[i][1]), 9), -i))
    return tried[best][0], tried


def fold_checks(train):
    """Per fold, the drills' checks fitted on the other two folds' answers (folds by scenario)."""
    checks = {}
    for f in range(3):
        rest = [it for it in train if fold(it) != f]
        checks[f] = {d: fit_check([it for it in rest if it["drill"] == d]) for d in sorted({it["drill"] for it in rest})}
    return checks


def cross_validate(train):
    """Each fold's answers judged by checks fitted on the other two folds (`fold_checks`)."""
    out = {"ooo": 0, "oooTotal": 0, "false": 0, "inOrderTotal": 0}
    for f, checks in fold_checks(train).items():
        result = evaluate([it for it in train if fold(it) == f], checks)
        for key in out:
            out[key] += result[key]
    return out


def judged_unseen(it, checks, by_fold, drills):
    """(best hypothesis, flagged, order told, its section names) of an item never fitted: a
    held-out one by the checks fitted on every training answer (`checks`), a training one by the
    checks fitted on the other two folds (`by_fold`, see `fold_checks`)."""
    coef, threshold = (checks if it["split"] == "test" else by_fold[fold(it)])[it["drill"]]
    best = best_hypothesis(it["hyps"], coef)
    told = true_order(it)
    names = [section["id"] for section in drills[it["drill"]]]
    return best, best is not None and best[0] >= threshold, told, \
        " ".join(names[k] for k in told) if told else "in order"


def retold_report(retold, checks, by_fold, drills):
    """Per drill and order told, how many retellings (make-content-set's retold-<n>: a training
    scenario told out of order in words of its own, never fitted) are flagged, each by the checks
    fitted on the other two folds' answers and with its fold's content models (as
    `cross_validate`), so neither its scenario's sentences nor it were seen; and whether the
    flag names the order told ("right")."""
    report = {}
    for it in retold:
        best, flagged, told, order = judged_unseen(it, checks, by_fold, drills)
        for key in (it["drill"], f"{it['drill']} {order}"):
            counts = report.setdefault(key, [0, 0, 0])
            counts[0] += int(flagged)
            counts[1] += int(flagged and best[1][0] == told)
            counts[2] += 1
    return {key: f"{flagged}/{total} ({right} right)" for key, (flagged, right, total) in sorted(report.items())}


def every_pair_report(swaps, checks, by_fold, drills):
    """Per drill and swapped pair, how many `every_pair_swaps` are flagged with that pair: the
    training answers' by checks fitted on the other two folds (as `cross_validate`), the held-out
    answers' by the checks fitted on every training answer."""
    report = {}
    for it in swaps:
        best, flagged, told, order = judged_unseen(it, checks, by_fold, drills)
        counts = report.setdefault(f"{it['split']} {it['drill']} {order}", [0, 0])
        counts[0] += int(flagged and best[1][0] == told)
        counts[1] += 1
    return {key: f"{flagged}/{total}" for key, (flagged, total) in sorted(report.items())}


def swift_table(checks, models, summary):
    def num(x):
        return f"{x:.6f}"

    def encoded(W):
        return base64.b64encode(W.astype("<f4").tobytes()).decode()

    lines = [
        "// Generated by scripts/train-order.py from the content dev set; do not edit by hand.",
        f"// Trained on {summary['train']} answers on top of SemanticWeights; held-out at training time: {summary['heldOut']}.",
        "",
        "/// Learned weights of the order check (see `OrderCheck`), per built-in drill.",
        "enum OrderWeights {",
        "    /// `SemanticWeights.fingerprint` of the structure weights these were trained on: the check",
        "    /// is used only while they match (retrain with scripts/train-order.py when they do not).",
        f'    static let semanticFingerprint = "{summary["fingerprint"]}"',
        "    /// The content decode's costs (skipFirst, skipMiddle, skipLast, change): the check's own,",
        "    /// chosen by cross-validation (the structure decoder's are tuned for its emissions).",
        "    static let contentCosts: [Double] = [" + ", ".join(num(x) for x in summary["costs"]) + "]",
        "    /// P(moved) = logistic of these weights over " + ", ".join(FEATURES) + ", then the bias.",
        "    static let logistic: [String: [Double]] = [",
    ] + [f'        "{d}": [' + ", ".join(num(x) for x in checks[d][0]) + "]," for d in sorted(checks)] + [
        "    ]",
        "    /// The answer is reported out of order from this P(moved) on.",
        "    static let threshold: [String: Double] = [",
    ] + [f'        "{d}": {num(checks[d][1])},' for d in sorted(checks)] + [
        "    ]",
        "    /// Scale of the cue inputs of the content models (each 0 or this).",
        f"    static let cueWeight = {num(CUE_WEIGHT)}",
        "    /// Scale of the content models' prompt input (a sentence's cosine to the prompt minus the",
        "    /// answer's mean).",
        f"    static let promptWeight = {num(PROMPT_WEIGHT)}",
        "    /// Per-drill content models: drill id → (rows = the embedding's dimensions, the same of the",
        "    /// embedding minus the answer's mean, the same of the neighbours' mean centred embedding,",
        "    /// the same three of the middle-layer vector, per section (drill order) its cue and",
        "    /// opening cue × cueWeight, the prompt input × promptWeight, then bias; columns = the",
        "    /// drill's sections + none), Float32",
        "    /// little-endian, row-major, base64.",
        "    static let contentModels: [String: String] = [",
    ] + [f'        "{d}": "{encoded(models[d])}",' for d in sorted(models)] + [
        "    ]",
        "}",
        "",
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default=os.path.join(ROOT, "bench/out/content"))
    parser.add_argument("--write", action="store_true", help="write OrderWeights.swift")
    parser.add_argument("--output", default=os.path.join(ROOT, "Sources/SavvyCoach/Semantic/OrderWeights.swift"),
                        help="where --write writes the table")
    parser.add_argument("--diagnose", action="store_true", help="print each held-out answer's hypotheses")
    parser.add_argument("--every-pair", action="store_true",
                        help="also report how often a swap of each neighbouring pair is flagged, on every complete "
                             "answer re-cut with that pair exchanged (never fitted)")
    parser.add_argument("--others", metavar="DIR",
                        help="also judge another set's held-out answers with the check trained here (a set made "
                             "with make-content-set.py --writers others --audio --transcribe; never fitted)")
    args = parser.parse_args()
    w, v, params, committed_models, presence_models = committed_structure()
    items, models = load_items(args.set, w, v, params, committed_models, presence_models, args.every_pair)
    swaps = [it for it in items if it["everyPair"]]
    retold = [it for it in items if it.get("retold")]
    items = [it for it in items if not it["everyPair"] and not it.get("retold")]
    train = [it for it in items if it["split"] == "train"]
    test = [it for it in items if it["split"] == "test"]
    if not test:
        print("train-order: no held-out Whisper transcripts (run scripts/make-content-set.py --audio --transcribe)",
              file=sys.stderr)

    costs, tried = choose_costs(train)
    set_costs(items, costs)
    # One check per drill: how well a drill's neighbouring sections separate differs (PREP's
    # Reason and Restate far more than STAR's Task and Action), so a shared threshold flags the
    # weak drills' noise or misses the strong drills' swaps.
    checks = {drill: fit_check([it for it in train if it["drill"] == drill])
              for drill in sorted({it["drill"] for it in train})}
    report = {"train": evaluate(train, checks), "cross-validation": cross_validate(train)}
    for drill in sorted(checks):
        # Each drill's check is fitted on its own answers only, so this is that drill's share of the pooled figure.
        report[f"cross-validation {drill}"] = cross_validate([it for it in train if it["drill"] == drill])

    def held_out(name, judged):
        # Pooled, then per drill.
        report[name] = evaluate(judged, checks, w, v, params)
        for drill in sorted(checks):
            subset = [it for it in judged if it["drill"] == drill]
            if subset:
                report[f"{name} {drill}"] = evaluate(subset, checks, w, v, params)

    held_out("test", test)
    if args.others:
        # Another writers' answers: what of the held-out figures is our own set's wording.
        others = load_other_items(args.others, models, w, v, params, committed_models, presence_models)
        set_costs(others, costs)
        held_out("others", others)
    if args.diagnose:
        for it in test:
            b = best_hypothesis(it["hyps"], checks[it["drill"]][0])
            print(it["id"], "best", None if b is None else (round(b[0], 3), "".join(map(str, b[1][0]))),
                  [("".join(map(str, m[0])), None if f is None else [round(z, 2) for z in f]) for m, f, _ in it["hyps"]])
    if retold or swaps:
        # Both judge training items by the checks of the folds that never saw them.
        by_fold, drills = fold_checks(train), structure.parse_drills()
        set_costs(retold + swaps, costs)
        if retold:
            report["retold"] = retold_report(retold, checks, by_fold, drills)
        if swaps:
            report["every pair"] = every_pair_report(swaps, checks, by_fold, drills)
    report["content costs"] = {" ".join(f"{x:g}" for x in c): [r["ooo"], r["false"], round(criterion(r), 3)]
                               for c, r in tried}
    print(json.dumps({"fingerprint": fingerprint(), "contentCosts": list(costs),
                      "checks": {d: {"logistic": np.round(c, 4).tolist(), "threshold": round(t, 4)}
                                 for d, (c, t) in checks.items()}, "report": report}, indent=1))
    if args.write:
        held = report["test"]
        summary = {"train": len({it["id"] for it in train}), "fingerprint": fingerprint(), "costs": costs,
                   "heldOut": f"out of order flagged {held['ooo']}/{held['oooTotal']}, "
                              f"in order flagged {held['false']}/{held['inOrderTotal']}"}
        with open(args.output, "w") as f:
            f.write(swift_table(checks, models, summary))


if __name__ == "__main__":
    main()
