#!/bin/sh
# scripts/compare on runs of two setups: the header lines that differ
# (CPU, kernel release in full, clocksource, mitigations, MB, quick) come
# first, before any table; a cell read at the end of a sweep is compared
# at the largest size every run has, and a note says which; kernels that
# read alike in the 13 columns of OS are told apart.  Fixtures:
# tests/fixtures/getsummary/x86_64-linux-gnu/vm.0 (a quick run, MB=128:
# Mem read to 67.11 MB) and vm.1 (a full run: to 134.22 MB), made here
# into another machine's run (CPU family 26, another kernel build,
# kvm-clock, PTI, MB=1024).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

G=$TOP/tests/fixtures/getsummary/x86_64-linux-gnu
A=$TRASH/a/x86_64-linux-gnu
B=$TRASH/b/x86_64-linux-gnu
mkdir -p "$A" "$B" "$TRASH/c"
cp "$G/vm.0" "$A/vm.2"
sed -e '1s/6\.18\.44-fc-v669/6.18.44-fc-v1272/' \
	-e 's/^\[RELEASE: .*/[RELEASE: 6.18.44-fc-v1272]/' \
	-e 's/family 25 model 17 stepping 1 microcode 0x1000065/family 26 model 2 stepping 0 microcode 0xb002011/' \
	-e 's/^\[MB: 128\]/[MB: 1024]/' \
	-e 's/^\[CLOCKSOURCE: tsc\]/[CLOCKSOURCE: kvm-clock]/' \
	-e 's/^\[VULN_meltdown: .*/[VULN_meltdown: Mitigation: PTI]/' \
	-e 's/^\[DATE: .*/[DATE: 2026-12-01T10:00:00Z]/' \
	"$G/vm.1" >"$B/vm.4"

# setup: the setup block of $TRASH/out (its lines, title and rule left out).
setup() {
	awk '/^Setup - where the sides differ/ { p = 1; getline; next } p && /^$/ { exit } p' "$TRASH/out"
}

test_expect 'the setup differences come first, each side on its line, the kernel release in full' '
	compare "$A/vm.2" "$B/vm.4" && expect_status 0 &&
	setup >"$TRASH/setup" &&
	printf "%s\n" \
		"RELEASE        vm.2      6.18.44-fc-v669" \
		"               vm.4      6.18.44-fc-v1272" \
		"MB             vm.2      128" \
		"               vm.4      1024" \
		"QUICK          vm.2      YES" \
		"               vm.4      NO" \
		"LATBW_OPTIONS  vm.2      -B 60 -N 3 -E 1000" \
		"               vm.4      -B 300" \
		"CPU_ID         vm.2      vendor AuthenticAMD family 25 model 17 stepping 1 microcode 0x1000065" \
		"               vm.4      vendor AuthenticAMD family 26 model 2 stepping 0 microcode 0xb002011" \
		"CLOCKSOURCE    vm.2      tsc" \
		"               vm.4      kvm-clock" \
		"VULN_meltdown  vm.2      Not affected" \
		"               vm.4      Mitigation: PTI" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/setup" &&
	awk "/^Setup - / { s = NR } /^Basic system parameters/ && !t { t = NR } END { exit !(s && t && s < t) }" "$TRASH/out"
'

test_expect 'what changes from run to run on one setup is not a setup difference (date, load, memory free)' '
	compare "$A/vm.2" "$B/vm.4" &&
	! setup | grep -q "^\\(DATE\\|MEM_AVAILABLE\\|LOAD_\\|STEAL_\\|ELAPSED\\|MHZ\\) "
'

test_expect 'two runs of one setup: no setup block' '
	cp "$G/vm.1" "$TRASH/c/vm.5" &&
	compare "$G/vm.1" "$TRASH/c/vm.5" && ! grep -q "^Setup - " "$TRASH/out"
'

test_expect 'kernels alike in 13 columns: the OS cells end with the releases, which differ' '
	compare "$A/vm.2" "$B/vm.4" &&
	grep -q "^vm\\.2      18\\.44-fc-v669 " "$TRASH/out" &&
	grep -q "^vm\\.4      8\\.44-fc-v1272 " "$TRASH/out"
'

test_expect 'Mem read is compared at 67.11 MB, which both have, not 67.11 against 134.22; the note says so' '
	compare "$A/vm.2" "$B/vm.4" &&
	awk "/^\\*Local\\* Communication bandwidths/ { p = 1 } p && /^vm\\.4 / { print \$(NF - 1); getline; print \$(NF - 1); exit }" \
		"$TRASH/out" >"$TRASH/mem" &&
	[ "$(sed -n 1p "$TRASH/mem")" = "24.K" ] &&
	[ "$(sed -n 2p "$TRASH/mem" | tr -d "~BWS?")" = "-3" ] &&
	grep -qxF "Mem read at 67.11 MB, the largest size every run has." "$TRASH/out" &&
	grep -qxF "Bcopy (libc) at 33.55 MB, the largest size every run has." "$TRASH/out" || fail "$(cat "$TRASH/mem")"
'

test_expect 'the same sweeps: no cell moved, no note' '
	compare "$G/vm.1" "$TRASH/c/vm.5" && ! grep -q "the largest size every run has" "$TRASH/out"
'

test_expect 'a long value (the command line): only the words a side has alone' '
	sed "s/^\\[VIRT: kvm\\]/&\\n[CMDLINE: console=ttyS0 quiet reboot=k panic=1 nomodule random.trust_cpu=1 swiotlb=noforce psi=1 page_reporting.page_reporting_order=11]/" \
		"$G/vm.1" >"$TRASH/c/vm.6" &&
	sed "s/ quiet / pti=on quiet /" "$TRASH/c/vm.6" >"$TRASH/c/vm.7" &&
	compare "$TRASH/c/vm.6" "$TRASH/c/vm.7" && setup >"$TRASH/setup" &&
	printf "%s\n" "CMDLINE        vm.6      (no word of its own)" \
		"               vm.7      only here: pti=on" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/setup"
'

test_expect 'a side whose runs differ: "mixed:" and their values' '
	cp "$B/vm.4" "$TRASH/c/vm.4" &&
	compare "$G/vm.1" "$TRASH/c" && setup >"$TRASH/setup" &&
	grep -qxF "RELEASE        vm.1      6.18.44-fc-v669" "$TRASH/setup" &&
	grep -qxF "               c         mixed: 6.18.44-fc-v1272 | 6.18.44-fc-v669" "$TRASH/setup" || fail "$(cat "$TRASH/setup")"
'

test_expect '-f lkp: the setup differences on stderr, one line each; stdout only LKP'"'"'s lines' '
	compare -f lkp "$A/vm.2" "$B/vm.4" && expect_status 0 &&
	expect_line "^compare: setup differs: RELEASE: vm\\.2 .6\\.18\\.44-fc-v669.; vm\\.4 .6\\.18\\.44-fc-v1272.\$" "$TRASH/err" &&
	expect_line "^compare: setup differs: MB: vm\\.2 .128.; vm\\.4 .1024.\$" "$TRASH/err" &&
	! grep -q "setup\\|Setup" "$TRASH/out"
'

test_done
