# Training Systems Lab — set up, run, test and package.
#
#   make run    [ARGS="--preset deepseek-v3 --lang zh"]   install what is missing, open the app
#   make test   [PYTEST_ARGS="-k memory"]                 install what is missing, lint, run the tests
#   make lint                                           ruff, the import contracts, mypy on models/
#   make bench | translations | dist | clean
#
# Set-up steps, each skipped when already done:
#   1. Debian/Ubuntu system packages (packaging/install-system-deps.sh)
#   2. .venv from $(PYTHON) (Python >= 3.11)
#   3. pip install -e '.[test]' into .venv (again only when pyproject.toml changes)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
VENV_PY := $(BIN)/python
STAMP  := $(VENV)/.installed-stamp
BUILD_STAMP := $(VENV)/.build-stamp
PIP    := $(VENV_PY) -m pip --disable-pip-version-check

TS := resources/translations/tslab_zh_CN.ts
QM := resources/translations/tslab_zh_CN.qm

# Before .venv exists, also make sure $(PYTHON) can create it (Debian's pythonX.Y-venv).
SYSDEPS_FLAGS = $(if $(wildcard $(VENV_PY)),,--python $(PYTHON))
test: SYSDEPS_FLAGS += --test

.PHONY: run test lint bench translations dist clean check-python sysdeps

# ---- the app -------------------------------------------------------------------------------

run: $(STAMP)
	@if [ "$$(uname -s)" = Linux ] && [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "make run: no display (DISPLAY and WAYLAND_DISPLAY are unset), so no window can open." >&2; \
	  echo "  open it on a virtual display:  xvfb-run make run" >&2; \
	  echo "  or render the figures instead: $(BIN)/tslab export --tab all --format png --out out/" >&2; \
	  exit 1; \
	fi
	$(BIN)/tslab gui $(ARGS)

# Static checks, in this order: ruff's rules, the import contracts of [tool.importlinter] in
# pyproject.toml (desktop > views > models; models never import Qt), the type checker on the
# pure-Python models. All three run so that one pass shows every finding; any failure fails.
LINTERS := "$(BIN)/ruff check ." "$(BIN)/lint-imports --no-cache --no-logo" "$(VENV_PY) -m mypy models"
lint: $(STAMP)
	@status=0; for check in $(LINTERS); do echo "$$check"; $$check || status=1; done; exit $$status

test: lint
	QT_QPA_PLATFORM=offscreen $(VENV_PY) -m pytest -q $(PYTEST_ARGS)

bench: $(STAMP)
	QT_QPA_PLATFORM=$${QT_QPA_PLATFORM:-offscreen} $(VENV_PY) benchmarks/bench.py $(ARGS)

# Chinese UI strings: extract tr() strings into the .ts file, compile it to .qm.
translations: $(STAMP)
	@mkdir -p $(dir $(TS))
	$(BIN)/pyside6-lupdate $$(find models views desktop -name '*.py' -not -path '*/tests/*' | sort) \
	    -no-obsolete -ts $(TS)
	$(BIN)/pyside6-lrelease $(TS) -qm $(QM)

# One-folder app in dist/tslab/ (see packaging/README.md), smoke-tested after the build.
dist: $(BUILD_STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/tslab.spec
	dist/tslab/tslab --version
	dist/tslab/tslab presets >/dev/null

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# ---- set-up --------------------------------------------------------------------------------

# The Python that will run tslab: .venv's if it exists, else $(PYTHON).
check-python:
	@py="$(PYTHON)"; [ -x $(VENV_PY) ] && py=$(VENV_PY); \
	if ! "$$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  ver=$$("$$py" -V 2>&1) || ver="not found"; \
	  echo "tslab needs Python >= 3.11, but $$py is: $$ver" >&2; \
	  echo "Install Python 3.11 or newer and pass it, e.g.: make run PYTHON=python3.12" >&2; \
	  [ "$$py" = $(VENV_PY) ] && echo "(then remove the old $(VENV): rm -rf $(VENV))" >&2; \
	  exit 1; \
	fi

sysdeps: check-python
	@bash packaging/install-system-deps.sh $(SYSDEPS_FLAGS)

$(VENV_PY): | sysdeps
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "could not create $(VENV) with $(PYTHON) -m venv (on Debian/Ubuntu: apt install python3-venv)" >&2; \
	  exit 1; }

# Reinstall only when pyproject.toml changes; sysdeps still runs every time (fast when complete).
$(STAMP): pyproject.toml | sysdeps $(VENV_PY)
	$(PIP) install -e '.[test]'
	@touch $@

$(BUILD_STAMP): pyproject.toml $(STAMP)
	$(PIP) install -e '.[test,build]'
	@touch $@
