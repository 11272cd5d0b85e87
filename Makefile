# `make` sets everything up and builds every game's kit into output/; `make test` runs the suite.
VENV   := .venv
BIN    := $(VENV)/bin
PYTHON ?= python3
STAMP  := $(VENV)/.installed

.PHONY: all validate build test lint libreoffice fuzz bench clean

all: build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

validate: $(STAMP)
	$(BIN)/authoring validate

# Building validates first and refuses to print data with errors.
build: $(STAMP)
	mkdir -p output
	@$(BIN)/authoring check --quiet > output/check.txt; status=$$?; \
	grep -E ': (error|warning): ' output/check.txt; \
	echo "check: $$(tail -n 1 output/check.txt) (full report: output/check.txt)"; \
	exit $$status
	$(BIN)/authoring build --paper a4
	$(BIN)/authoring build --paper letter

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy authoring/
	$(BIN)/mypy tests/

test: lint libreoffice
	$(BIN)/pytest -q

# The reader's property tests on 10,000 generated workbooks (`make test` runs a few hundred).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -q tests/test_reader_properties.py

# The LibreOffice round-trip tests need soffice: installed from Debian's packages where the
# machine allows it (CI runs as root); elsewhere those tests are skipped.
libreoffice:
	@command -v soffice >/dev/null || ! command -v apt-get >/dev/null || [ "$$(id -u)" != 0 ] || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends libreoffice-calc-nogui >/dev/null)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/validate_100k.py
	$(BIN)/python bench/annotate_100k.py
	$(BIN)/python bench/render_deck.py
	$(BIN)/python bench/build_kits.py
	$(BIN)/python bench/kit_sheets.py
	$(BIN)/python bench/rebuild_watch.py
	$(BIN)/python bench/simulate_blade.py
	$(BIN)/python bench/simulate_kisscry.py
	$(BIN)/python bench/simulate_biathlon.py
	$(BIN)/python bench/simulate_rinkside.py
	$(BIN)/python bench/search_biathlon.py
	$(BIN)/python bench/workers.py
	$(BIN)/python bench/sweep_biathlon.py
	$(BIN)/python bench/fuzz_reader.py

clean:
	rm -rf $(VENV) output bench/data
