# Splendor Companion. `make run` and `make test` are all a fresh machine needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Debian packages: GL/EGL for Kivy's SDL window (offscreen in tests, KMSDRM on the Pi),
# Mesa's software renderer, and zbar for pyzbar. A comma lists other names of one package:
# Debian 13 renamed libzbar0 to libzbar0t64. gettext: msgfmt compiles the translations;
# fonts-nanum: the Hangul merged into the app's font (companion/i18n/fontbuild.py).
# libllvm19: the LLVM back end of Mitsuba 3, the physically based renderer (extra `render`,
# workbench/physical; it finds /usr/lib/<arch>/libLLVM.so.19.1 itself).
DEB_PACKAGES := libgl1 libegl1 libgl1-mesa-dri libzbar0,libzbar0t64 gettext fonts-nanum libllvm19
# The league's tests: a throwaway PostgreSQL cluster (initdb, pg_ctl) and a headless Chromium
# for its pages (tests/league).
DEB_PACKAGES += postgresql chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run test test-slow bench clean deb-packages locale fonts league league-bench render

install: deb-packages $(STAMP) locale fonts

# Translations: each catalog compiled (and checked: placeholders, plural forms) to its .mo.
PO_FILES := $(wildcard companion/locale/*/LC_MESSAGES/companion.po)
MO_FILES := $(PO_FILES:.po=.mo)
locale: $(MO_FILES)
%.mo: %.po
	msgfmt --check -o $@ $<

# The app's one font: Kivy's Roboto + Debian's NanumGothic Hangul (built once, offline).
FONTS := companion/fonts/CompanionSans-Regular.ttf companion/fonts/CompanionSans-Bold.ttf
fonts: $(FONTS)
$(FONTS): companion/i18n/fontbuild.py | $(STAMP)
	$(BIN)/python -m companion.i18n.fontbuild --force

# Installs only what is missing: `dpkg -s` is quick, apt runs only when something is absent.
deb-packages:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  found=""; for alt in $$(echo $$p | tr , ' '); do \
	    dpkg -s $$alt >/dev/null 2>&1 && found=1; done; \
	  [ -n "$$found" ] || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update -qq; names=""; \
	  for p in $$missing; do for alt in $$(echo $$p | tr , ' '); do \
	    if apt-cache show $$alt >/dev/null 2>&1; then names="$$names $$alt"; break; fi; \
	  done; done; \
	  echo "Installing Debian packages:$$names"; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$names; \
	fi

$(STAMP): pyproject.toml
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

# The physically based renderer's extra (Mitsuba 3): `python -m workbench.physical`.
render: install
	$(BIN)/python -m pip install -q -e '.[test,render]'

run: install
	$(BIN)/splendor-companion

# Two workers (pytest-xdist): the suite is mostly CPU-bound, and this machine and CI have 2 cores.
# Tests go to the two workers two at a time (--maxschedchunk 1), not in a first block of an
# eighth of the suite each: that block put the long Kivy games on one worker, which then ran
# a minute after the other had finished.
test: install
	$(BIN)/python -m pytest -q -m "not slow" -n 2 --maxschedchunk 1

test-slow: install
	$(BIN)/python -m pytest -q -m slow

bench: install
	$(BIN)/splendor-companion bench --players 2
	$(BIN)/splendor-companion bench --players 4

# The league server on its embedded default (a SQLite file in the data folder), on loopback.
# Register a table first: `.venv/bin/splendor-league add-table NAME` prints its token.
league: install
	$(BIN)/splendor-league serve

# The league's load benchmark (a few minutes, nice'd, loopback only; figures on stdout).
league-bench: install
	nice -n 15 $(BIN)/splendor-league bench --db sqlite
	nice -n 15 $(BIN)/splendor-league bench --db postgresql --processes 2

clean:
	rm -rf $(VENV) build *.egg-info $(MO_FILES) $(FONTS)

# ---- On the Raspberry Pi: install-pi, check-install-pi (systemd/, scripts/install-pi.sh) ----
# tests/pi checks the service unit with systemd-analyze (Debian's systemd package).
DEB_PACKAGES += systemd
.PHONY: install-pi check-install-pi

# The app as a service that starts at boot (root; safe to rerun to upgrade).
install-pi:
	$(SUDO) bash scripts/install-pi.sh

# Slow (10+ minutes): install-pi in a fresh debootstrap'd Debian root. Never part of `make test`.
check-install-pi:
	$(SUDO) bash scripts/check-install-pi.sh
