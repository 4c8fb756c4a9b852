#!/bin/sh
# Start llama.cpp's OpenAI-compatible server (from the prebuilt `xllamacpp` wheel) on loopback.
#
# Usage: scripts/llm-server.sh [MODEL.gguf]
# Environment:
#   SAVVY_VENV       Python venv holding xllamacpp; default the one `make venv` creates and savvy
#                    itself uses: ${XDG_DATA_HOME:-$HOME/.local/share}/savvy/venv
#   SAVVY_LLM_MODEL  path to a .gguf model when no argument is given; default the model
#                    `make venv` unpacks: $SAVVY_VENV/models/SmolLM2-135M-Instruct.Q4_1.gguf
#   SAVVY_LLM_PORT   port to bind on 127.0.0.1 (default 0: the kernel picks a free one)
#   SAVVY_LLM_THREADS  generation threads (default 1: on two cores, two threads are slower)
#   SAVVY_LLM_CTX    context size in tokens (default 4096)
#
# Prints exactly one line on stdout once the model is loaded and the socket listens, with the
# base URL to give savvy (SAVVY_LLM_LOCAL_URL or local_url):
#   listening http://127.0.0.1:PORT/v1
# then serves until it gets SIGTERM/SIGINT, or, with SAVVY_LLM_EXIT_ON_EOF=1, until its stdin
# reaches end of file (a test holds a pipe open, so a test process that dies takes the server
# with it). The server's own log goes to stderr. Exits 2 when the venv or the model is missing.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
data_home=${XDG_DATA_HOME:-${HOME:-}/.local/share}
venv=${SAVVY_VENV:-$data_home/savvy/venv}
model=${1:-${SAVVY_LLM_MODEL:-$venv/models/SmolLM2-135M-Instruct.Q4_1.gguf}}

if [ ! -x "$venv/bin/python" ]; then
    echo "llm-server: no python in venv '$venv'; run 'make venv' or set SAVVY_VENV" >&2
    exit 2
fi
if [ ! -f "$model" ]; then
    echo "llm-server: model file '$model' not found; run 'make venv', pass a .gguf path or set SAVVY_LLM_MODEL" >&2
    exit 2
fi

exec "$venv/bin/python" "$here/scripts/llm-server.py" "$model" "${SAVVY_LLM_PORT:-0}" "${SAVVY_LLM_THREADS:-1}" "${SAVVY_LLM_CTX:-4096}"
