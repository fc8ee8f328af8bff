# Every target creates .venv itself when it is missing; only python3 is assumed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SEED ?= 1
PAPER ?= a4
KIT_PAPER ?= both

.PHONY: kit test test-browser test-faults test-tour lint bench balance clean

# hatch_build.py compiles the C layered search during the install.
$(BIN)/quarry: pyproject.toml hatch_build.py generator/games/fugitive/layered_search.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,cluster,openspiel,pettingzoo]'
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

# The kit galleries in headless Chromium (tests/browser, marked "browser"; `make test` leaves
# them out). Debian's chromium and chromium-driver are installed first when missing (as root,
# or through sudo).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
test-browser: $(BIN)/quarry
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		echo "test-browser: installing Debian's chromium and chromium-driver"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends chromium chromium-driver; \
	fi
	$(BIN)/pytest -m browser tests/browser

# The fault suite (tests/faults, marked "faults"; `make test` leaves it out): Ctrl-C and
# SIGTERM at several moments of kit, generate and simulate runs, and read-only, forbidden and
# full output folders (a stand-in that makes the OS calls fail). A few minutes, one at a time.
test-faults: $(BIN)/quarry
	$(BIN)/pytest -m faults tests/faults

# The README's tour of the command line (tests/tour, marked "tour"; `make test` checks only
# its order): every command in the README's order, in a fresh folder. Several minutes.
test-tour: $(BIN)/quarry
	$(BIN)/pytest -m tour tests/tour

bench: $(BIN)/quarry
	$(BIN)/python bench/run.py

# The balance every default kit claims, measured into generator/games/balance.json (2,000
# games a figure; several minutes on two cores). Run after changing a default board, a bot
# or a rule, and commit the file: tests/test_balance.py replays its first games.
balance: $(BIN)/quarry
	$(BIN)/python tools/measure_balance.py --jobs 2

clean:
	rm -rf $(VENV) output/* build dist *.egg-info generator/games/fugitive/_layered_search.so
	touch output/.gitkeep
