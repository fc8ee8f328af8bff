# Every target creates .venv itself when it is missing; only python3 is assumed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED ?= 1
PAPER ?= a4
KIT_PAPER ?= both

.PHONY: kit test lint bench clean

# hatch_build.py compiles the C layered search during the install.
$(BIN)/quarry: pyproject.toml hatch_build.py generator/games/fugitive/layered_search.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster]'
	touch $@

kit: $(BIN)/quarry
	$(BIN)/quarry kit all --out output --seed $(SEED) --paper $(KIT_PAPER)
	$(BIN)/quarry cards examples/custom-deck.toml --out output --seed $(SEED) --paper $(PAPER)
	$(BIN)/quarry tile examples/sample-board.svg --out output --seed $(SEED) --paper $(PAPER)

lint: $(BIN)/quarry
	$(BIN)/ruff check generator tests bench tools hatch_build.py
	$(BIN)/ruff format --check generator tests bench tools hatch_build.py

test: lint
	$(BIN)/pytest -n 2 --dist loadfile

bench: $(BIN)/quarry
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) output/* build dist *.egg-info generator/games/fugitive/_layered_search.so
	touch output/.gitkeep
