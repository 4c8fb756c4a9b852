"""Serve a GGUF model with llama.cpp's OpenAI-compatible server from the xllamacpp wheel.

Run through scripts/llm-server.sh, which documents the arguments and environment.
"""
import os
import signal
import sys
import threading
import time

import xllamacpp

model, port, threads, ctx = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
params = xllamacpp.CommonParams()
params.model.path = model
params.hostnames = ["127.0.0.1"]  # loopback only: a local model is never exposed to the network
params.port = port
params.cpuparams.n_threads = threads
params.cpuparams_batch.n_threads = threads
params.n_parallel = 1
params.n_ctx = ctx
server = xllamacpp.Server(params)
print("listening " + server.listening_address + "/v1", flush=True)

done = threading.Event()
# The signal handlers only flip a flag: calling done.set() from a handler deadlocks when the
# signal lands while the main thread holds the Event's lock inside done.wait() (seen as a test
# that hung forever in stop(): stdin closed, then SIGTERM, then nothing).
stopping = []
signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
signal.signal(signal.SIGINT, lambda *_: stopping.append(True))


def wait_for_eof():
    sys.stdin.buffer.read()
    done.set()


if os.environ.get("SAVVY_LLM_EXIT_ON_EOF") == "1":
    threading.Thread(target=wait_for_eof, daemon=True).start()

while not stopping and not done.is_set():
    time.sleep(0.2)
del server
