# `make` sets everything up and validates every game; `make test` runs the whole suite.
VENV   := .venv
BIN    := $(VENV)/bin
PYTHON ?= python3
STAMP  := $(VENV)/.installed

.PHONY: all validate test lint bench clean

all: validate

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

validate: $(STAMP)
	$(BIN)/authoring validate

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy authoring/

test: lint
	$(BIN)/pytest -q

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/validate_100k.py

clean:
	rm -rf $(VENV) output bench/data
