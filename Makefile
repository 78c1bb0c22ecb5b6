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
#   make static         statically linked programs (STATIC=1), into
#                       build-static-<compiler>: for boards without a compiler
#   make results        run the suite and write results/<OS-triple>/<host>.<n>
#   make install        commands, programs and manual pages under $(PREFIX)
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

.PHONY: all test bench-check asan test-asan test-cross static units results quick rerun install uninstall clean
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

test: all
	LATBW_BUILD=$(BUILD) sh tests/run

bench-check: all
	LATBW_BUILD=$(BUILD) sh tests/run bench

units: $(UNITS)

asan:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" LDFLAGS="-fsanitize=address,undefined" all

test-asan: asan
	LATBW_BUILD=build-asan LATBW_ASAN=1 sh tests/run

# tests/cross.sh builds (from scratch, to see every warning) and runs.
ARCH ?= aarch64
test-cross:
	sh tests/cross.sh $(ARCH)

static:
	$(MAKE) STATIC=1 all

results: all
	sh scripts/latbw-run

quick: all
	LATBW_QUICK=1 sh scripts/latbw-run

rerun: all
	LATBW_RERUN=1 sh scripts/latbw-run

# Installed layout.  On PATH ($(BINDIR)) only four commands, with names no
# other package uses: latbw-run, latbw-summary, latbw-compare, latbw-graph.
# Each is a small wrapper that starts the script of that name in
# $(LIBEXECDIR), looked for first at ../libexec/latbw beside the wrapper
# (so that a tree staged in DESTDIR, or moved, runs as it is) and then at
# the configured path.  The benchmark programs keep lmbench's names
# (lat_pipe, ...), which would collide with lmbench's on PATH: they live in
# $(LIBEXECDIR) with the scripts, their awk programs, the parts latbw-run
# sources (scripts/*.sh), VERSION and the helpers latbw-hello,
# latbw-quiet and latbw-start, and latbw-run finds them beside itself.  Manual pages
# of the readers are installed under their command names (latbw-summary.1).
COMMANDS := latbw-run summary compare graph

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7
	cp $(PROGS) $(AUX) $(DESTDIR)$(LIBEXECDIR)/
	for c in $(COMMANDS); do \
		cp scripts/$$c $(DESTDIR)$(LIBEXECDIR)/ && \
		chmod 755 $(DESTDIR)$(LIBEXECDIR)/$$c || exit 1; \
	done
	cp scripts/*.awk scripts/*.sh scripts/registry VERSION $(DESTDIR)$(LIBEXECDIR)/
	for c in $(COMMANDS); do \
		n=latbw-$${c#latbw-}; \
		printf '%s\n' '#!/bin/sh' \
			"# $$n: starts latbw's $$c, installed in $(LIBEXECDIR)" \
			"# (or in ../libexec/latbw beside this file: a staged or moved tree)." \
			'd=$$(dirname "$$0")/../libexec/latbw' \
			"[ -f \"\$$d/$$c\" ] || d='$(LIBEXECDIR)'" \
			"exec sh \"\$$d/$$c\" \"\$$@\"" >$(DESTDIR)$(BINDIR)/$$n && \
		chmod 755 $(DESTDIR)$(BINDIR)/$$n || exit 1; \
		if [ -f doc/$$c.1 ] && [ "$$n" != "$$c" ]; then \
			u=$$(printf '%s' "$$c" | tr '[:lower:]' '[:upper:]'); \
			sed -e "s/^\.TH $$u /.TH LATBW-$$u /" \
			    -e "/^\.SH NAME/{n;s/^$$c /$$n /;}" \
			    doc/$$c.1 >$(DESTDIR)$(MANDIR)/man1/$$n.1 || exit 1; \
		fi; \
	done
	for f in doc/*.1; do \
		[ -f $(DESTDIR)$(MANDIR)/man1/latbw-$$(basename $$f) ] || \
		cp $$f $(DESTDIR)$(MANDIR)/man1/ || exit 1; \
	done
	cp doc/*.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
	for c in $(COMMANDS); do \
		rm -f $(DESTDIR)$(BINDIR)/latbw-$${c#latbw-} $(DESTDIR)$(MANDIR)/man1/latbw-$${c#latbw-}.1; \
	done
	rm -rf $(DESTDIR)$(LIBEXECDIR)
	for f in doc/*.1 doc/*.7; do \
		case $$f in \
		*.1) rm -f $(DESTDIR)$(MANDIR)/man1/$$(basename $$f) ;; \
		*.7) rm -f $(DESTDIR)$(MANDIR)/man7/$$(basename $$f) ;; \
		esac; \
	done

clean:
	rm -rf build build-asan build-cross-* build-static-*
