# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean grammars fixtures capture-tools cluster-test

# make run MASTER=spark://host:7077 runs the Spark pipeline against a cluster
MASTER ?=

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,spark]' --config-settings editable_mode=compat
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m kformat.main $(if $(MASTER),--master $(MASTER))

test: $(STAMP) capture-tools
	$(PY) -m ruff check kformat tests bench
	$(PY) -m pytest -q

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

fixtures: $(STAMP)
	$(PY) -m kformat fixtures generate --out fixtures --committed

clean:
	rm -rf $(VENV) build *.egg-info

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
