#!/usr/bin/env python3
"""Writes the goldens of the SavvySemantic tests into Tests/SavvySemanticTests/Goldens/:
- tokenizer-cases.json: the token ids the HF `tokenizers` library gives with all-MiniLM-L6-v2's
  tokenizer.json, the truth the Swift WordPiece tokenizer is tested against;
- reference-embeddings.json: vectors from the numpy reference (bench/semantic/minilm_ref.py),
  the sentence embedding and the middle layer's pooled state, which the Swift encoder must match
  element by element.

Run with the engines' venv, which has numpy and `tokenizers` (`make venv`):
    $SAVVY_VENV/bin/python scripts/make-semantic-goldens.py [MODEL_DIR]
MODEL_DIR defaults to SAVVY_SEMANTIC_MODEL, else $SAVVY_VENV/models/all-MiniLM-L6-v2.
"""

import json
import os
import sys

from tokenizers import Tokenizer

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "bench", "semantic"))
from minilm_ref import MiniLM  # noqa: E402

# sentence_bert_config.json's max_seq_length (the encoder's limit), not tokenizer.json's 128.
MAX_LENGTH = 256

CASES = [
    ("empty", ""),
    ("spaces only", "   \t\n "),
    ("plain sentence", "The weather is lovely today."),
    ("apostrophes", "It's so sunny outside! Don't you think we'd've gone?"),
    ("curly apostrophe", "I didn\u2019t know \u201cwhy\u201d."),
    ("percent", "Sales grew 40% in Q3."),
    ("currency", "We saved $50,000 and \u20ac1.5m last year."),
    ("decimal", "It took 4.5 hours, not 4,5."),
    ("accents", "Caf\u00e9 na\u00efve r\u00e9sum\u00e9 \u00c5ngstr\u00f6m co\u00f6perate"),
    ("combining accent", "Cafe\u0301 de\u0301ja\u0300 vu"),
    ("upper case", "NASA and the UN met in NEW YORK."),
    ("hyphens and dashes", "A well-known, state-of-the-art fix \u2014 finally \u2013 shipped."),
    ("brackets and symbols", "(a) [b] {c} <d> a+b=c ^_^ ~x | y` @me #tag & more*"),
    ("cjk", "\u6211\u7231\u81ea\u7136\u8bed\u8a00\u5904\u7406 and \u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8"),
    ("korean", "\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8"),
    ("greek and cyrillic", "\u039a\u03b1\u03bb\u03b7\u03bc\u03ad\u03c1\u03b1 \u03a3\u039f\u03a6\u039f\u03a3 \u041f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440"),
    ("unknown chars", "I \u2764 this \U0001f600 \u2603 \u16a0\u16a2\u16a6 \u0f00"),
    ("control chars", "tab\there\x00null\x07bell\u200bzero\u00adsoft\ufeffbom\ufffdrepl"),
    ("whitespace kinds", "a\u00a0b\u2003c\u3000d\u2028e"),
    ("long word", "Pneumonoultramicroscopicsilicovolcanoconiosis antidisestablishmentarianism"),
    ("over 100 chars", "x" * 101 + " ok " + "ab" * 50),
    ("exactly 100 chars", "a" * 100),
    ("literal special tokens", "Fill the [MASK] here [SEP] and [cls] there[UNK]."),
    ("numbers", "In 2019, 3 of 12 teams (25%) hit 99.9% uptime; 1st, 2nd, 3rd."),
    ("email and url", "mail me at jane.doe@example.com or see https://example.org/a?b=c"),
    ("fillers", "Um, so, uh, I mean, like, you know... it was, er, fine."),
    ("turkish dotted", "\u0130stanbul and I\u0307 and \u0131"),
    ("ligatures", "\ufb01nance o\ufb03ce \u2460 \u00bd \u2122"),
    ("truncation", " ".join(["word%d" % i for i in range(200)])),
]

# Sentences whose vectors are pinned: short and long, spoken-answer style, and one cut at 256 tokens.
REFERENCE_SENTENCES = [
    "The weather is lovely today.",
    "So what I did was sit down with the team and agree on a plan for the next two weeks.",
    "In the end we shipped on time, and the error rate fell by 40%.",
    " ".join(["word%d" % i for i in range(200)]),
]


def model_dir():
    if len(sys.argv) > 1:
        return sys.argv[1]
    if os.environ.get("SAVVY_SEMANTIC_MODEL"):
        return os.environ["SAVVY_SEMANTIC_MODEL"]
    venv = os.environ.get("SAVVY_VENV") or os.path.expanduser("~/.local/share/savvy/venv")
    return os.path.join(venv, "models", "all-MiniLM-L6-v2")


def main():
    tokenizer = Tokenizer.from_file(os.path.join(model_dir(), "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_LENGTH)
    cases = []
    for name, text in CASES:
        encoding = tokenizer.encode(text)
        cases.append({"name": name, "text": text, "ids": encoding.ids, "tokens": encoding.tokens})
    goldens = os.path.join(ROOT, "Tests", "SavvySemanticTests", "Goldens")
    out = os.path.join(goldens, "tokenizer-cases.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"maxLength": MAX_LENGTH, "tokenizers": __import__("tokenizers").__version__, "cases": cases},
                  f, ensure_ascii=True, indent=1)
        f.write("\n")
    print("wrote %d cases to %s" % (len(cases), os.path.normpath(out)))

    vectors, middles = MiniLM(model_dir()).vectors(REFERENCE_SENTENCES)
    out = os.path.join(goldens, "reference-embeddings.json")
    with open(out, "w", encoding="utf-8") as f:
        rows = [{"text": text, "vector": [round(float(v), 6) for v in vector],
                 "middle": [round(float(v), 6) for v in middle]}
                for text, vector, middle in zip(REFERENCE_SENTENCES, vectors, middles)]
        json.dump({"source": "bench/semantic/minilm_ref.py", "embeddings": rows}, f)
        f.write("\n")
    print("wrote %d vectors to %s" % (len(rows), os.path.normpath(out)))


if __name__ == "__main__":
    main()
