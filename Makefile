# latbw - GNU make build.
#
#   make                build every program into $(BUILD)/bin
#   make test           build, then run the test suite (tests/run)
#   make asan           the same programs with ASan+UBSan into build-asan/
#   make test-asan      the test suite against the sanitizer build
#   make bench-check    the checks of measured figures against this machine
#                       (tests/bench/t*.sh; not part of make test)
#   make test-cross ARCH=aarch64|riscv64|armhf|musl
#                       build with the Debian cross compiler into
#                       build-cross-$(ARCH) and test under qemu-user (musl:
#                       the static musl build, here)
#   make programs       the programs and their helpers only (no unit tests)
#   make static         statically linked programs and helpers (STATIC=1
#                       programs), into build-static-<compiler>: for boards
#                       without a compiler (latbw-fleet ships them)
#   make results        run the suite and write results/<OS-triple>/<host>.<n>
#                       (HOSTS="a b c": on those hosts over ssh, latbw-fleet)
#   make install        commands, programs and manual pages under $(PREFIX)
#   make install-strip  the same, the programs stripped (install -s)
#   make uninstall      remove what make install installed
#
# Adding a benchmark is adding src/<name>.c: programs are found by wildcard,
# as are library sources (src/lib/*.c), helpers run by benchmarks
# (src/aux/*.c, installed as latbw-<name>) and C unit tests (tests/unit/*.c).

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Wstrict-prototypes -Wshadow -Werror
# The one version string (VERSION), for programs (--version) and scripts.
VERSION := $(shell cat VERSION)
# _FILE_OFFSET_BITS=64: on 32-bit glibc (armhf) off_t and inode numbers
# are 64-bit too, so files past 2 GB work and readdir does not fail with
# EOVERFLOW on file systems with large inode numbers; elsewhere a no-op.
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_FILE_OFFSET_BITS=64 -Isrc/lib -DLATBW_VERSION='"$(VERSION)"'
LDLIBS  += -lm
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/latbw
MANDIR  ?= $(PREFIX)/share/man
# STATIC=1 links statically, into a build directory of its own per
# compiler (make static CC=musl-gcc, make static CC=aarch64-linux-gnu-gcc),
# so that make install STATIC=1 CC=... installs that build.
ifeq ($(STATIC),1)
BUILD   ?= build-static-$(notdir $(firstword $(CC)))
LDFLAGS += -static
endif
BUILD   ?= build

LIB_SRC  := $(wildcard src/lib/*.c)
LIB_HDR  := $(wildcard src/lib/*.h)
PROG_SRC := $(wildcard src/*.c)
AUX_SRC  := $(wildcard src/aux/*.c)
UNIT_SRC := $(wildcard tests/unit/*.c)

LIB_OBJ  := $(patsubst src/lib/%.c,$(BUILD)/obj/lib/%.o,$(LIB_SRC))
PROGS    := $(patsubst src/%.c,$(BUILD)/bin/%,$(PROG_SRC))
AUX      := $(patsubst src/aux/%.c,$(BUILD)/bin/latbw-%,$(AUX_SRC))
UNITS    := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNIT_SRC))
LIBA     := $(BUILD)/liblatbw.a

# -pthread: -T runs copies as threads (part of the C library on glibc
# 2.34 and later and on musl; older glibc needs the flag to link).
ALL_CFLAGS = $(WARN) -pthread $(CFLAGS)

.PHONY: all test bench-check asan test-asan test-cross static programs units results quick rerun install install-strip uninstall clean
.SUFFIXES:

all: $(PROGS) $(AUX) $(UNITS)

$(BUILD)/obj/lib/%.o: src/lib/%.c $(LIB_HDR) VERSION
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/bin/%: src/%.c $(LIBA) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

$(BUILD)/bin/latbw-%: src/aux/%.c $(LIBA) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

$(BUILD)/unit/%: tests/unit/%.c $(LIBA) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

# The build that test, results, quick and bench-check start with uses
# every CPU (a sub-make with -j N), unless make was given a -j of its
# own: from a fresh clone on two CPUs, 7.5 s instead of 15.7 s.
NCPU := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
par_make = $(MAKE) --no-print-directory $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NCPU))
build_all = $(par_make) all

test:
	@$(build_all)
	LATBW_BUILD=$(BUILD) sh tests/run

bench-check:
	@$(build_all)
	LATBW_BUILD=$(BUILD) sh tests/run bench

# What runs on a machine: a static build for a board (make static, what
# latbw-fleet ships) needs no unit tests: 12 links fewer (musl-gcc, from
# scratch: 11.6 s, not 13.0 s).
programs: $(PROGS) $(AUX)

units: $(UNITS)

asan:
	$(par_make) BUILD=build-asan CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" LDFLAGS="-fsanitize=address,undefined" all

test-asan: asan
	LATBW_BUILD=build-asan LATBW_ASAN=1 sh tests/run

# tests/cross.sh builds (from scratch, to see every warning) and runs.
ARCH ?= aarch64
test-cross:
	sh tests/cross.sh $(ARCH)

static:
	$(MAKE) STATIC=1 programs

# make results HOSTS="a b c": the suite on those hosts over ssh, each
# file gathered here (scripts/latbw-fleet; doc/latbw-fleet.1).
results:
	@$(build_all)
	sh scripts/$(if $(strip $(HOSTS)),latbw-fleet $(HOSTS),latbw-run)

quick:
	@$(build_all)
	LATBW_QUICK=1 sh scripts/latbw-run

rerun: all
	LATBW_RERUN=1 sh scripts/latbw-run

# Installed layout.  On PATH ($(BINDIR)) only seven commands, with names no
# other package uses: latbw-run, latbw-fleet, latbw-summary, latbw-compare,
# latbw-graph, latbw-report, latbw-records.
# Each is a small wrapper that starts the script of that name in
# $(LIBEXECDIR), looked for first at ../libexec/latbw beside the wrapper
# (so that a tree staged in DESTDIR, or moved, runs as it is) and then at
# the configured path; it sets LATBW_INSTALLED=1, and the scripts then
# name themselves (usage, errors, --version) as installed: latbw-summary,
# not summary.  The benchmark programs keep lmbench's names (lat_pipe,
# ...), which would collide with lmbench's on PATH: they live in
# $(LIBEXECDIR) with the scripts, their awk programs, the parts latbw-run
# and latbw-fleet source (scripts/*.sh), VERSION and the helpers
# latbw-hello, latbw-quiet and latbw-start, and latbw-run finds them
# beside itself (an installed latbw-fleet ships that directory to hosts
# of this machine's architecture).
#
# Every manual page is installed under a name that starts with "latbw"
# (doc/lat_pipe.1 as man1/latbw-lat_pipe.1, doc/summary.1 as
# latbw-summary.1, doc/results-format.7 as latbw-results-format.7), so that
# none has the name of another package's page (lmbench's lat_pipe(8),
# mhz(8) and line(8), for some), rewritten by doc/installed.awk (one awk
# for them all) to say the installed names (latbw-summary, not
# scripts/summary; latbw-run, not make results; LIBEXECDIR/lat_pipe in a
# program's synopsis).
#
# Files are installed with install(1) ($(INSTALL)): programs and scripts
# mode 755, the rest 644; make install-strip strips the programs
# (install -s).  The directories may hold blanks (DESTDIR="/tmp/a b"): the
# recipes take them from the environment, quoted.  What was installed is
# listed, one path a line (without DESTDIR), in $(LIBEXECDIR)/$(MANIFEST);
# make uninstall removes the files listed there and nothing else (no
# directory but LIBEXECDIR, and that only if it is then empty), so a
# LIBEXECDIR shared with other files keeps them.
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644
MANIFEST := installed-files
COMMANDS := latbw-run latbw-fleet summary compare graph report records
LIBEXEC_DATA := $(notdir $(wildcard scripts/*.awk scripts/*.sh)) registry lkp-names
PAGES := $(wildcard doc/*.[1-9])
# man_name doc/X.N: the installed name of a page, X.N if X starts with
# "latbw", else latbw-X.N.
man_name = $(if $(filter latbw%,$(notdir $1)),,latbw-)$(notdir $1)
MAN_FILES := $(foreach p,$(PAGES),man$(subst .,,$(suffix $p))/$(call man_name,$p))
SECTIONS := $(sort $(subst .,,$(suffix $(PAGES))))

# The directories, to the recipes in the environment (quoted there).
install install-strip uninstall: export LATBW_DESTDIR = $(DESTDIR)
install install-strip uninstall: export LATBW_BINDIR = $(BINDIR)
install install-strip uninstall: export LATBW_LIBEXECDIR = $(LIBEXECDIR)
install install-strip uninstall: export LATBW_MANDIR = $(MANDIR)

# The installed files, one absolute path (without DESTDIR) a line.
define list_installed
for f in $(patsubst latbw-latbw-%,latbw-%,$(addprefix latbw-,$(COMMANDS))); do \
	printf '%s/%s\n' "$$LATBW_BINDIR" "$$f"; done; \
for f in $(notdir $(PROGS) $(AUX)) $(COMMANDS) $(LIBEXEC_DATA) VERSION $(MANIFEST); do \
	printf '%s/%s\n' "$$LATBW_LIBEXECDIR" "$$f"; done; \
for f in $(MAN_FILES); do printf '%s/%s\n' "$$LATBW_MANDIR" "$$f"; done
endef

# The directories must be absolute: the wrappers fall back to LIBEXECDIR
# from anywhere.
define check_dirs
for d in "$$LATBW_BINDIR" "$$LATBW_LIBEXECDIR" "$$LATBW_MANDIR"; do \
	case $$d in \
	/*) ;; \
	*) echo "make: BINDIR, LIBEXECDIR and MANDIR must be absolute paths, not '$$d'" >&2; exit 2 ;; \
	esac; \
done
endef

install: all
	@$(check_dirs)
	rm -rf $(BUILD)/install
	mkdir -p $(addprefix $(BUILD)/install/man,$(SECTIONS))
	@set -e; q=$$(printf '%s' "$$LATBW_LIBEXECDIR" | sed "s/'/'\\\\''/g"); \
	for c in $(COMMANDS); do \
		n=latbw-$${c#latbw-}; \
		{ printf '%s\n' '#!/bin/sh' \
			"# $$n: starts latbw's $$c, installed in $$LATBW_LIBEXECDIR" \
			"# (or in ../libexec/latbw beside this file: a staged or moved tree)," \
			"# under its installed name (LATBW_INSTALLED=1: usage and errors say $$n)." \
			'd=$$(dirname "$$0")/../libexec/latbw' \
			"[ -f \"\$$d/$$c\" ] || d='$$q'" \
			'LATBW_INSTALLED=1' 'export LATBW_INSTALLED' \
			"exec sh \"\$$d/$$c\" \"\$$@\""; } >$(BUILD)/install/$$n; \
	done
	@LATBW_PAGES="$(basename $(notdir $(PAGES)))" \
	LATBW_PROGS="$(notdir $(PROGS))" \
	awk -v outdir='$(BUILD)/install' -f scripts/registry.awk -f doc/installed.awk $(PAGES)
	@{ $(list_installed); } >$(BUILD)/install/$(MANIFEST)
	$(INSTALL) -d "$$LATBW_DESTDIR$$LATBW_BINDIR" "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR" \
		$(foreach s,$(SECTIONS),"$$LATBW_DESTDIR$$LATBW_MANDIR/man$s")
	$(INSTALL_PROGRAM) $(PROGS) $(AUX) "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR"
	$(INSTALL) -m 755 $(addprefix scripts/,$(COMMANDS)) "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR"
	$(INSTALL_DATA) $(addprefix scripts/,$(LIBEXEC_DATA)) VERSION "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR"
	$(INSTALL) -m 755 $(addprefix $(BUILD)/install/,$(patsubst latbw-latbw-%,latbw-%,$(addprefix latbw-,$(COMMANDS)))) \
		"$$LATBW_DESTDIR$$LATBW_BINDIR"
	$(foreach s,$(SECTIONS),$(INSTALL_DATA) $(BUILD)/install/man$s/* "$$LATBW_DESTDIR$$LATBW_MANDIR/man$s" &&) :
	$(INSTALL_DATA) $(BUILD)/install/$(MANIFEST) "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR"

# install -s runs strip(1); for a cross build, name the cross strip:
# make install-strip INSTALL='install --strip-program=aarch64-linux-gnu-strip'
install-strip:
	$(MAKE) INSTALL_PROGRAM='$(INSTALL_PROGRAM) -s' install

# Each path of the manifest (or, without one, of what this tree would
# install) is removed if it is a file under BINDIR, LIBEXECDIR or MANDIR
# (by one rm for them all: one a file was some 160 processes); then
# LIBEXECDIR, if nothing else is in it.
uninstall:
	@$(check_dirs); \
	m="$$LATBW_DESTDIR$$LATBW_LIBEXECDIR/$(MANIFEST)"; \
	if [ -f "$$m" ]; then cat "$$m"; else $(list_installed); fi | { \
	set --; \
	while IFS= read -r f; do \
		case $$f in \
		*/../* | */.. | */./* ) echo "make: $$m: '$$f' not removed" >&2; continue ;; \
		"$$LATBW_BINDIR"/* | "$$LATBW_LIBEXECDIR"/* | "$$LATBW_MANDIR"/*) ;; \
		*) echo "make: $$m: '$$f' is not latbw's, not removed" >&2; continue ;; \
		esac; \
		if [ -f "$$LATBW_DESTDIR$$f" ] || [ -L "$$LATBW_DESTDIR$$f" ]; then \
			echo "rm -f '$$LATBW_DESTDIR$$f'"; set -- "$$@" "$$LATBW_DESTDIR$$f"; \
		fi; \
	done; \
	[ $$# -eq 0 ] || rm -f -- "$$@"; } && \
	{ ! [ -d "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR" ] || \
		rmdir "$$LATBW_DESTDIR$$LATBW_LIBEXECDIR" 2>/dev/null || \
		echo "make: $$LATBW_DESTDIR$$LATBW_LIBEXECDIR: other files in it, kept"; }

clean:
	rm -rf build build-asan build-cross-* build-static-*
