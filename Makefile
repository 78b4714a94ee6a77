# make run  — set everything up and serve the casino on http://127.0.0.1:$(PORT)
# make test — set everything up and run the whole suite, browser tests included
#             (in $(TEST_WORKERS) pytest-xdist workers; the timing tests marked solo
#             after, alone), then its database-heavy part (pytest -m postgres)
#             again on PostgreSQL
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# make test's pytest-xdist workers: the browser and server tests mostly wait
# on real rounds' clocks, so four on two cores keep both busy where two left
# them idle between rounds (docs/benchmarks.md gives the measured times). worksteal:
# an idle worker takes tests from another's queue, so the run does not end
# with one worker alone on a long browser module (loadfile did).
TEST_WORKERS ?= 4
export PORT

.PHONY: run test setup venv chromium postgresql nginx axe screenshots lint chaos bench bench-meters bench-broadcast bench-house-way bench-evaluators bench-seven-card bench-lab bench-blackjack-solver bench-load bench-worker bench-render bench-lobby clean

venv: $(VENV)/.installed

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

setup: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_tables
	$(PY) manage.py lab_exact_rows

# supervisord runs Redis, the table worker, Daphne and the bots, and restarts
# any that dies (casino/launcher.py; docs/deploy.md for production).
run: setup
	$(PY) -m casino.launcher

# Debian's Chromium drives the browser tests (never a downloaded browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# Debian's PostgreSQL server for the PostgreSQL pass of make test: a
# throwaway cluster of its binaries per run (casino/embedded_postgres.py).
postgresql: venv
	@$(PY) -c 'from casino.embedded_postgres import bindir; bindir()' >/dev/null 2>&1 || { \
	  echo "Installing Debian's postgresql for the PostgreSQL tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

# Debian's nginx (the light build: proxy and websockets are all it needs),
# run in front of Daphne with docs/deploy.md's own configuration by the test
# that clients cannot choose their address (tests/test_proxy_address.py).
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  echo "Installing Debian's nginx for the reverse proxy test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light; }

# axe-core (npm, pinned in package.json and package-lock.json), which the
# accessibility test injects into every page type (tests/test_browser_axe.py).
axe: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

test: venv chromium postgresql nginx axe
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m casino.embedded_redis -- $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal -m "not solo"
	$(PY) -m casino.embedded_redis -- $(PY) -m pytest -m solo
	$(PY) -m casino.embedded_redis -- $(PY) -m casino.embedded_postgres -- $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal -m "postgres and not soak and not solo"
	$(PY) -m casino.embedded_redis -- $(PY) -m casino.embedded_postgres -- $(PY) -m pytest -m "postgres and solo and not soak"

lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# The README's screenshots (docs/screenshots/): a stacked round at a test
# table of each live game, in Chromium, on a throwaway casino (bench/screenshots.py).
screenshots: venv chromium
	$(PY) bench/screenshots.py

# Not part of make test (which runs one kill of each, tests/test_supervised.py):
# kill -9 the supervised worker, Daphne and Redis 3 times each at random
# moments while bots play every game, checking after each that all heals
# (bench/chaos.py; a few minutes, loopback only).
chaos: venv
	$(PY) bench/chaos.py

# Every bench, each also when an earlier one misses its target (-k); make
# fails if any does.
bench: venv
	$(MAKE) --no-print-directory -k bench-meters bench-broadcast bench-house-way bench-evaluators bench-seven-card bench-lab bench-blackjack-solver

bench-meters: venv
	$(PY) -m casino.embedded_redis -- $(PY) bench/meters.py

bench-broadcast: venv
	$(PY) -m casino.embedded_redis -- $(PY) bench/broadcast.py

# Pure Python, no Redis: hands set per second by the Pai Gow Poker house way.
bench-house-way: venv
	$(PY) bench/house_way.py

# Pure Python, no Redis: hands valued per second by the three-card, best
# four-of-six and best five-of-seven evaluators and DJ Wild Stud's wild-card
# one, against plain baselines.
bench-evaluators: venv
	$(PY) bench/evaluators.py
	$(PY) bench/wild_cards.py

# Pure Python and numpy, no Redis: seven-card hands valued per second by
# games/cards/seven_card.py, one at a time and in batches, against today's
# best_five path and eval7 and phevaluator from PyPI, which only this bench
# installs (bench/requirements.txt), in the same run.
bench-seven-card: $(VENV)/.bench-installed
	$(PY) bench/seven_card.py

$(VENV)/.bench-installed: bench/requirements.txt $(VENV)/.installed
	$(PY) -m pip install --quiet -r bench/requirements.txt
	touch $@

# Pure Python and numpy, no Redis: the paytable lab's simulations, rounds per
# second against plain-Python loops (Dreamcatcher target: 10M spins/s).
bench-lab: venv
	$(PY) bench/lab.py

# Best play for the blackjack main rows (games/blackjack/solver.py): a fresh
# solve of each configuration against the chart's simulation in the same run.
bench-blackjack-solver: venv
	$(PY) bench/blackjack_solver.py

# Not in make bench (about 3 minutes, a throwaway SQLite database; WORKER_ARGS
# such as --database postgres://... for an empty throwaway PostgreSQL one):
# transitions a second that one table worker commits on one core, Dreamcatcher
# bets and Spanish 21 decisions, against the bare cost of the same database
# transaction in the same run (bench/worker.py).
bench-worker: venv
	$(PY) -m casino.embedded_redis -- $(PY) bench/worker.py $(WORKER_ARGS)

# Not in make bench (about 20 seconds): a Daphne's CPU for one push, per
# viewer and version, against rendering every viewer's fragments in full in
# the same run (bench/render.py; process time, so it holds on a noisy VM).
bench-render: venv
	$(PY) bench/render.py $(RENDER_ARGS)

# Not in make bench (about 20 seconds): a Daphne's CPU for one lobby push, per
# lobby viewer and table change, against every viewer rendering the tile
# itself, in the same run (bench/lobby.py; process time).
bench-lobby: venv
	$(PY) bench/lobby.py $(LOBBY_ARGS)

# Not in make bench (about 45 minutes): players betting at Dreamcatcher
# tables against a bare relay at the same rate and fan-out, at 100/10,
# 300/30 and 1,000/100 players/tables (bench/load.py; it starts its own
# Redis, database, worker and Daphne, loopback only). LOAD_ARGS adds options,
# e.g. LOAD_ARGS="--players 1000 --tables 100 --workers 2 --daphnes 2".
bench-load: venv
	$(PY) bench/load.py $(LOAD_ARGS)

clean:
	rm -rf var/test.sqlite3* .pytest_cache
