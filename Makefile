# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean grammars fixtures dist smoke-wheel pythons docs capture-tools fuzz-run sanitize fuzz-native \
	cluster-test

# make run MASTER=spark://host:7077 runs the Spark pipeline against a cluster
MASTER ?=

# constraints.txt: the exact codec-library releases the committed fixtures were produced with.
# setuptools>=77 in the venv too: the PEP 639 license field, for `python setup.py build_ext`.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip "setuptools>=77"
	$(PY) -m pip install -q -c constraints.txt -e '.[test,spark]' --config-settings editable_mode=compat
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m kformat.main $(if $(MASTER),--master $(MASTER))

# KFORMAT_FIXTURE_LIBS=exact: the fixture regeneration test fails (instead of skipping) when the
# installed codec libraries are not the ones constraints.txt names.
test: $(STAMP) capture-tools
	$(PY) -m ruff check kformat tests bench
	KFORMAT_FIXTURE_LIBS=exact $(PY) -m pytest -q

# opt-in: a standalone master and two workers on 127.0.0.1 (from the pyspark installation),
# the main job and queries against them, then stopped; bounded by timeouts
cluster-test: $(STAMP)
	timeout 1800 $(PY) -m pytest -q -m cluster tests/spark/test_cluster.py

# tcpdump for the live-capture tests (tests/capture/test_tcpdump.py skip without it or root)
capture-tools:
	@command -v tcpdump >/dev/null 2>&1 || (apt-get install -y -q tcpdump >/dev/null 2>&1 \
		|| (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q tcpdump >/dev/null 2>&1) \
		|| echo "tcpdump not installed: the live-capture tests will be skipped")

lint: $(STAMP)
	$(PY) -m ruff check kformat tests bench

bench: $(STAMP)
	$(PY) -m bench

grammars: $(STAMP)
	$(PY) -m kformat grammars import ../shared/kafka-message-specs
	$(PY) -m kformat grammars types

fixtures: $(STAMP)
	$(PY) -m pip install -q -r constraints.txt
	KFORMAT_FIXTURE_LIBS=exact $(PY) -m pytest -q tests/corpus/test_codec_versions.py
	$(PY) -m kformat fixtures generate --out fixtures --committed

# the documentation site (mkdocs, material theme, API reference from the docstrings) in site/;
# --strict: any warning (a broken link, a missing page, an unresolved reference) fails
docs: $(STAMP)
	$(PY) -m pip install -q -c constraints.txt -e '.[docs]' --config-settings editable_mode=compat
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir site

# sdist and wheel in dist/ (python -m build, warnings shown)
dist: $(STAMP)
	$(PY) -m pip install -q build
	rm -rf dist
	$(PY) -m build --outdir dist .

# the built wheel in a fresh venv with the oldest supported codec libraries, then a smoke test
smoke-wheel: dist
	KFORMAT_WHEEL_SMOKE=1 $(PY) -m pytest -q tests/packaging -p no:randomly

# every supported Python (3.11, 3.12, 3.13): the wheel built from source with that interpreter
# (the C extension compiled for it), installed in a fresh venv, the smoke test on the native engine,
# then tests/engine against that installed wheel
pythons: $(STAMP)
	KFORMAT_PYTHONS=1 $(PY) -m pytest -q tests/packaging/test_pythons.py -p no:randomly

# 100,000 mutated inputs through every parse entry point, on every engine built here: only
# KFormatError may escape, no input may hang, the engines must agree (docs/fuzzing.md).
FUZZ_INPUTS ?= 100000
FUZZ_SEED ?= 1
FUZZ_ENGINES ?= all
FUZZ_OUT ?= build/fuzz
fuzz-run: $(STAMP)
	$(PY) -m kformat fuzz run --inputs $(FUZZ_INPUTS) --seed $(FUZZ_SEED) \
		--engines $(FUZZ_ENGINES) --findings $(FUZZ_OUT)/findings --report $(FUZZ_OUT)/report.json

# The native engine built with AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize,
# the normal build untouched), then the harness self-test, the test suite, the fixture corpus
# and SANITIZE_INPUTS mutated inputs on both engines under it; any report fails
# (tests/sanitize/driver.py explains every choice).
SANITIZE_INPUTS ?= 100000
sanitize: $(STAMP)
	SANITIZE_INPUTS=$(SANITIZE_INPUTS) $(PY) tests/sanitize/driver.py $(SANITIZE_STAGES)

# Coverage-guided differential fuzzing of the native engine with atheris (the `fuzz` extra)
# for FUZZ_SECONDS, seeded from the fixtures, then the corpus replayed under ASan+UBSan
# (tests/sanitize/fuzz_native.py). Output in build/fuzz-native/.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 1
fuzz-native: $(STAMP)
	@$(PY) -c "import atheris" 2>/dev/null || \
		$(PY) -m pip install -q -e '.[fuzz]' --config-settings editable_mode=compat
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) $(PY) tests/sanitize/fuzz_native.py

clean:
	rm -rf $(VENV) build dist site *.egg-info

# Live fuzzing campaigns against real clients and librdkafka's mock cluster (opt-in; each one
# bounded by FUZZ_LIVE_SECONDS plus one run timeout). Findings and figures: FUZZ_LIVE_OUT/*.
FUZZ_LIVE_SECONDS ?= 120
FUZZ_LIVE_OUT ?= build/fuzz-live
FUZZ_LIVE_SEED ?= 1
MOCK_BROKER = $(PY) -m kformat.fuzz.targets.mock_broker
FUZZ_CAMPAIGN = nice -n 10 $(PY) -m kformat fuzz campaign --duration $(FUZZ_LIVE_SECONDS) \
	--seed $(FUZZ_LIVE_SEED) --run-timeout 45 --rss-limit 1024

.PHONY: fuzz-live fuzz-live-librdkafka fuzz-live-python fuzz-live-broker
fuzz-live: fuzz-live-librdkafka fuzz-live-python fuzz-live-broker

fuzz-live-librdkafka: $(STAMP)
	-$(FUZZ_CAMPAIGN) --out $(FUZZ_LIVE_OUT)/librdkafka --upstream-cmd "$(MOCK_BROKER)" \
	  --mutate responses --rate 0.05 \
	  --target-cmd "$(PY) -m kformat.fuzz.targets librdkafka:consumer librdkafka:producer librdkafka:admin"

fuzz-live-python: $(STAMP)
	-$(FUZZ_CAMPAIGN) --out $(FUZZ_LIVE_OUT)/python --upstream-cmd "$(MOCK_BROKER)" \
	  --mutate responses --rate 0.05 \
	  --target-cmd "$(PY) -m kformat.fuzz.targets kafka-python:consumer aiokafka:consumer"

fuzz-live-broker: $(STAMP)
	-$(FUZZ_CAMPAIGN) --out $(FUZZ_LIVE_OUT)/mock-broker --target broker \
	  --upstream-cmd "$(MOCK_BROKER) --messages 10" --mutate requests --rate 0.1 \
	  --target-cmd "$(PY) -m kformat.fuzz.targets librdkafka:producer librdkafka:consumer kafka-python:consumer"
