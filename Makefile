# Training Systems Lab — set up, run, test and package.
#
#   make run    [ARGS="--preset deepseek-v3 --lang zh"]   install what is missing, open the app
#   make test   [PYTEST_ARGS="-k memory"]                 install what is missing, lint, run the tests
#   make lint                                           ruff, the import contracts, mypy (models/, views/, desktop/)
#   make bench | translations | dist | dist-check | clean
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

.PHONY: run test lint bench translations dist dist-check dist-sysdeps clean check-python sysdeps

# ---- the app -------------------------------------------------------------------------------

run: $(STAMP)
	@if [ "$$(uname -s)" = Linux ] && [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "make run: no display (DISPLAY and WAYLAND_DISPLAY are unset), so no window can open." >&2; \
	  echo "  open it on a virtual display:  xvfb-run make run" >&2; \
	  echo "  or render the figures instead: $(BIN)/tslab export --tab all --format png --out out/" >&2; \
	  exit 1; \
	fi
	$(BIN)/tslab gui $(ARGS)

# Static checks, in this order: ruff's rules, the import order ([tool.isort]), the import contracts
# of [tool.importlinter] in pyproject.toml (desktop > views > models; models never import Qt; the
# tab packages stand alone), the type checker on the files of [tool.mypy] (models, views,
# desktop). All four run so that one pass shows every finding; any failure fails.
LINTERS := "$(BIN)/ruff check ." "$(BIN)/isort --check-only --diff ." "$(BIN)/lint-imports --no-cache --no-logo" \
           "$(VENV_PY) -m mypy"
# mypy finds the absolutely imported package `tslab` through this link to the checkout
# ([tool.mypy] mypy_path).
MYPY_LINK := $(VENV)/mypy-path/tslab
$(MYPY_LINK):
	mkdir -p $(dir $@) && ln -sfn ../.. $@
lint: $(STAMP) | $(MYPY_LINK)
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

# ---- installers (packaging/README.md) -------------------------------------------------------

# make dist: the one-folder app dist/tslab/ (its size table printed, smoke-tested), and on
# Debian/Ubuntu the package dist/tslab_VERSION_ARCH.deb. Each is rebuilt only when what it is
# made from changed. make dist-check: the checks of packaging/dist_check.py on both (a headless
# export in a clean environment, start-up against .venv, the .deb's metadata, and an install
# into a fresh minimal Debian root), each step timed.
DIST_VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"$$/\1/p' __init__.py)
DEB_ARCH     := $(shell dpkg --print-architecture 2>/dev/null)
DIST_APP     := dist/tslab/tslab
# Windows and macOS build a windowed `tslab` and a console `tslab-cli`; Linux one console `tslab`.
DIST_CLI     := dist/tslab/$(if $(filter Linux,$(shell uname -s)),tslab,tslab-cli)
DEB          := $(if $(DEB_ARCH),dist/tslab_$(DIST_VERSION)_$(DEB_ARCH).deb)
DIST_SOURCES := $(shell find __init__.py models views desktop resources -type f \
                  -not -path '*/__pycache__/*' -not -name '*.pyc' 2>/dev/null) \
                packaging/tslab.spec packaging/tslab_entry.py packaging/tslab_build.py
DEB_SOURCES  := packaging/debian.py packaging/install-system-deps.sh CHANGELOG.md LICENSE

dist: $(DIST_APP) $(DEB)

$(DIST_APP): $(BUILD_STAMP) $(DIST_SOURCES) | dist-sysdeps
	@started=$$(date +%s); \
	  $(BIN)/pyinstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller packaging/tslab.spec \
	  && echo "PyInstaller build: $$(( $$(date +%s) - started )) s"
	@$(VENV_PY) packaging/tslab_build.py sizes dist/tslab
	$(DIST_CLI) --version
	$(DIST_CLI) presets >/dev/null
	@touch $@

$(DEB): $(DIST_APP) $(DEB_SOURCES)
	$(VENV_PY) packaging/debian.py

dist-check: dist
	$(VENV_PY) packaging/dist_check.py

# strip, xz, the .desktop/AppStream validators and debootstrap (only what is missing).
dist-sysdeps: check-python
	@bash packaging/install-system-deps.sh --dist

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
