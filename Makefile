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
