# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean grammars fixtures dist smoke-wheel docs capture-tools

# constraints.txt: the exact codec-library releases the committed fixtures were produced with.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e '.[test,spark]' --config-settings editable_mode=compat
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m kformat.main

# KFORMAT_FIXTURE_LIBS=exact: the fixture regeneration test fails (instead of skipping) when the
# installed codec libraries are not the ones constraints.txt names.
test: $(STAMP) capture-tools
	$(PY) -m ruff check kformat tests bench
	KFORMAT_FIXTURE_LIBS=exact $(PY) -m pytest -q

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

clean:
	rm -rf $(VENV) build dist site *.egg-info
