# latbw - GNU make build.
#
#   make                build every program into $(BUILD)/bin
#   make test           build, then run the test suite (tests/run)
#   make asan           the same programs with ASan+UBSan into build-asan/
#   make test-asan      the test suite against the sanitizer build
#   make results        run the suite and write results/<OS-triple>/<host>.<n>
#   make install        programs, scripts and manual pages under $(PREFIX)
#
# Adding a benchmark is adding src/<name>.c: programs are found by wildcard,
# as are library sources (src/lib/*.c), helpers run by benchmarks
# (src/aux/*.c, installed as latbw-<name>) and C unit tests (tests/unit/*.c).

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Wstrict-prototypes -Wshadow -Werror
# The one version string (VERSION), for programs (--version) and scripts.
VERSION := $(shell cat VERSION)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Isrc/lib -DLATBW_VERSION='"$(VERSION)"'
LDLIBS  += -lm
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
SHAREDIR ?= $(PREFIX)/share/latbw
MANDIR  ?= $(PREFIX)/share/man
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

ALL_CFLAGS = $(WARN) $(CFLAGS)

.PHONY: all test asan test-asan units results quick rerun install clean
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

$(BUILD)/bin/latbw-%: src/aux/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LDLIBS)

$(BUILD)/unit/%: tests/unit/%.c $(LIBA) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

test: all
	LATBW_BUILD=$(BUILD) sh tests/run

units: $(UNITS)

asan:
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" LDFLAGS="-fsanitize=address,undefined" all

test-asan: asan
	LATBW_BUILD=build-asan LATBW_ASAN=1 sh tests/run

results: all
	sh scripts/latbw-run

quick: all
	QUICK=1 sh scripts/latbw-run

rerun: all
	RERUN=1 sh scripts/latbw-run

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(SHAREDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7
	cp $(PROGS) $(AUX) $(DESTDIR)$(BINDIR)/
	for s in scripts/*; do [ ! -f "$$s" ] || cp "$$s" $(DESTDIR)$(SHAREDIR)/; done
	cp doc/*.1 $(DESTDIR)$(MANDIR)/man1/
	cp doc/*.7 $(DESTDIR)$(MANDIR)/man7/

clean:
	rm -rf build build-asan
