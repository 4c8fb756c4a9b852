#!/usr/bin/env python3
"""all-MiniLM-L6-v2 sentence embeddings in numpy: the reference for savvy's Swift encoder.

Reads the same files savvy reads (`model.safetensors`, `tokenizer.json` in the model directory
that `make venv` unpacks to `$SAVVY_VENV/models/all-MiniLM-L6-v2`), tokenises with the HF
`tokenizers` package, and runs the 6-layer BERT encoder, mean pooling over the tokens and L2
normalisation, as sentence-transformers does; `vectors` also pools the middle layer's output the
same way (Swift's SentenceVectors). Each sentence is encoded on its own (no padding),
so a sentence's embedding never depends on what it was batched with.

Needs numpy and tokenizers; both are in the engines' venv (`make venv`), so
`$SAVVY_VENV/bin/python bench/semantic/minilm_ref.py …` works without another install.

As a script:
    minilm_ref.py [--model DIR] [--cosine] [SENTENCE …]   (no sentences: one per stdin line)
prints one JSON document: {"model": …, "dimension": 384, "embeddings": [[…], …]} (or, with
--cosine, the cosine matrix). As a module:
    from minilm_ref import MiniLM
    model = MiniLM()                # or MiniLM("/path/to/model")
    vectors = model.embed(["a sentence", …])   # float32 array (n, 384), rows of unit length
    vectors, middle = model.vectors([…])       # and the middle layer's pooled state, same shape
"""

import argparse
import json
import math
import os
import struct
import sys

# One BLAS thread: the machine is shared, and one thread keeps the sums in a fixed order.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after the thread setting, which OpenBLAS reads on load)
from tokenizers import Tokenizer  # noqa: E402

MODEL_NAME = "all-MiniLM-L6-v2"
# sentence_bert_config.json: the model was trained with 256 tokens at most (tokenizer.json says
# 128, which sentence-transformers overrides).
MAX_SEQ_LENGTH = 256
LAYERS = 6
HEADS = 12
HIDDEN = 384
LAYER_NORM_EPS = 1e-12
# The layer whose output is also pooled (BertEncoder.middleLayer: the middle of the 6): it keeps
# how a sentence is told, which the final layer, trained for similarity, smooths away.
MIDDLE_LAYER = (LAYERS + 1) // 2

_DTYPES = {"F32": np.dtype("<f4"), "F16": np.dtype("<f2"), "I64": np.dtype("<i8")}


def default_model_dir(environ=os.environ):
    """`SAVVY_SEMANTIC_MODEL`, else `$SAVVY_VENV/models/all-MiniLM-L6-v2` (savvy's own rule)."""
    explicit = environ.get("SAVVY_SEMANTIC_MODEL")
    if explicit:
        return explicit
    venv = environ.get("SAVVY_VENV")
    if not venv:
        data = environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
        venv = os.path.join(data, "savvy", "venv")
    return os.path.join(venv, "models", MODEL_NAME)


def read_safetensors(path):
    """Tensors by name: an 8-byte little-endian header length, a JSON header, then the data."""
    with open(path, "rb") as f:
        blob = f.read()
    (header_len,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8:8 + header_len])
    base = 8 + header_len
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = _DTYPES[info["dtype"]]
        array = np.frombuffer(blob, dtype=dtype, count=(end - start) // dtype.itemsize, offset=base + start)
        array = array.reshape(info["shape"])
        tensors[name] = array if info["dtype"] == "I64" else array.astype(np.float32)
    return tensors


def erf(x):
    """erf in double precision, vectorised (numpy has none): Abramowitz & Stegun 7.1.26,
    absolute error below 1.5e-7, which is under float32's resolution of GELU's output."""
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return np.sign(x) * (1.0 - poly * np.exp(-x * x))


def gelu(x):
    """GELU with erf (BERT's "gelu", not the tanh approximation), evaluated in double precision."""
    x64 = x.astype(np.float64)
    return (0.5 * x64 * (1.0 + erf(x64 / math.sqrt(2.0)))).astype(np.float32)


def pool(x):
    """Mean over the token rows, in double precision, scaled to unit length (as float32)."""
    pooled = x.astype(np.float64).mean(axis=0)
    return (pooled / max(np.linalg.norm(pooled), 1e-12)).astype(np.float32)


def layer_norm(x, weight, bias):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + LAYER_NORM_EPS)) * weight + bias


class MiniLM:
    def __init__(self, model_dir=None):
        self.model_dir = model_dir or default_model_dir()
        self.tokenizer = Tokenizer.from_file(os.path.join(self.model_dir, "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=MAX_SEQ_LENGTH)
        self.w = read_safetensors(os.path.join(self.model_dir, "model.safetensors"))

    def token_ids(self, sentence):
        return self.tokenizer.encode(sentence).ids

    def _linear(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def vectors_ids(self, ids):
        """One sentence's token ids (with [CLS]/[SEP]) → its unit-length embedding (the final
        layer's mean over the tokens) and the same pooling of layer MIDDLE_LAYER's output
        (SentenceVectors in Swift)."""
        w = self.w
        n = len(ids)
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        head = HIDDEN // HEADS
        middle = None
        for layer in range(LAYERS):
            p = f"encoder.layer.{layer}."
            q = self._linear(x, p + "attention.self.query").reshape(n, HEADS, head).transpose(1, 0, 2)
            k = self._linear(x, p + "attention.self.key").reshape(n, HEADS, head).transpose(1, 0, 2)
            v = self._linear(x, p + "attention.self.value").reshape(n, HEADS, head).transpose(1, 0, 2)
            scores = q @ k.transpose(0, 2, 1) / np.float32(math.sqrt(head))
            scores = scores - scores.max(axis=-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(axis=-1, keepdims=True)
            context = (probs @ v).transpose(1, 0, 2).reshape(n, HIDDEN)
            x = layer_norm(self._linear(context, p + "attention.output.dense") + x,
                           w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            inner = gelu(self._linear(x, p + "intermediate.dense"))
            x = layer_norm(self._linear(inner, p + "output.dense") + x,
                           w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
            if layer + 1 == MIDDLE_LAYER:
                middle = pool(x)
        return pool(x), middle

    def vectors(self, sentences):
        """(embeddings, middle-layer vectors): two float32 arrays (n, 384) of unit rows."""
        if not sentences:
            return np.zeros((0, HIDDEN), dtype=np.float32), np.zeros((0, HIDDEN), dtype=np.float32)
        pairs = [self.vectors_ids(self.token_ids(s)) for s in sentences]
        return np.stack([p[0] for p in pairs]), np.stack([p[1] for p in pairs])

    def embed(self, sentences):
        return self.vectors(sentences)[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="model directory (default: SAVVY_SEMANTIC_MODEL or the venv's)")
    parser.add_argument("--cosine", action="store_true", help="print the cosine matrix instead of the vectors")
    parser.add_argument("sentences", nargs="*")
    args = parser.parse_args()
    sentences = args.sentences or [line.rstrip("\n") for line in sys.stdin]
    model = MiniLM(args.model)
    vectors = model.embed(sentences)
    if args.cosine:
        matrix = vectors.astype(np.float64) @ vectors.T.astype(np.float64)
        out = {"cosine": [[round(float(c), 4) for c in row] for row in matrix]}
    else:
        out = {"model": MODEL_NAME, "dimension": HIDDEN, "embeddings": vectors.tolist()}
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
