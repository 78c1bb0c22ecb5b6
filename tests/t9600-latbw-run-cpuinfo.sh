#!/bin/sh
# The processor lines of the results header (scripts/cpuinfo.awk, run by
# latbw-run on /proc/cpuinfo) on x86, arm64, 32-bit arm and riscv, from
# fixtures of what those kernels print.
. "$(dirname "$0")/lib.sh"

FIX=$TOP/tests/fixtures/cpuinfo

# header_of FIXTURE [MIDR]: the lines cpuinfo.awk makes of a fixture.
header_of() {
	awk -v midr="${2:-}" -f "$TOP/scripts/cpuinfo.awk" "$FIX/$1"
}

# expect_header FIXTURE MIDR LINE...: exactly these lines.
expect_header() {
	eh_fix=$1
	eh_midr=$2
	shift 2
	printf '%s\n' "$@" >"$TRASH/want"
	header_of "$eh_fix" "$eh_midr" >"$TRASH/got" &&
	diff -u "$TRASH/want" "$TRASH/got"
}

test_expect 'x86: model name; vendor, family, model, stepping, microcode' '
	expect_header x86_64-xeon "" \
		"[CPU_MODEL: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz]" \
		"[CPU_ID: vendor GenuineIntel family 6 model 106 stepping 6 microcode 0xd0003a5]"
'

test_expect 'arm64 server: the core named from implementer and part, MIDR from sysfs' '
	expect_header arm64-neoverse-n1 0x00000000413fd0c1 \
		"[CPU_MODEL: ARM Neoverse-N1]" \
		"[CPU_ID: implementer 0x41 variant 0x3 part 0xd0c revision 1 architecture 8 midr 0x00000000413fd0c1]"
'

test_expect 'arm64 big.LITTLE: each kind of core once, with its count' '
	expect_header arm64-big-little "" \
		"[CPU_MODEL: ARM Cortex-A55 x4 + ARM Cortex-A76 x4]" \
		"[CPU_ID: implementer 0x41 variant 0x2 part 0xd05 revision 0 architecture 8]"
'

test_expect 'arm64, a part not in the table: its number, never a guess' '
	expect_header arm64-unknown-part "" \
		"[CPU_MODEL: Qualcomm part 0x001]" \
		"[CPU_ID: implementer 0x51 variant 0x0 part 0x001 revision 2 architecture 8]"
'

test_expect '32-bit arm: the core, not "ARMv7 Processor"' '
	expect_header armv7-rpi3 "" \
		"[CPU_MODEL: ARM Cortex-A53]" \
		"[CPU_ID: implementer 0x41 variant 0x0 part 0xd03 revision 4 architecture 7]"
'

test_expect 'riscv64: uarch; isa, mmu and the machine ids' '
	expect_header riscv64-u74 "" \
		"[CPU_MODEL: sifive,u74-mc]" \
		"[CPU_ID: isa rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb mmu sv39 mvendorid 0x489 marchid 0x8000000000000007 mimpid 0x4210427]"
'

test_expect 'riscv64 without uarch: the machine ids name it' '
	expect_header riscv64-qemu-virt "" \
		"[CPU_MODEL: RISC-V mvendorid 0x0 marchid 0x0]" \
		"[CPU_ID: isa rv64imafdch_zicsr_zifencei_zihintpause_zba_zbb_zbc_zbs mmu sv57 mvendorid 0x0 marchid 0x0 mimpid 0x0]"
'

test_expect 'an empty cpuinfo: no line at all' '
	: >"$TRASH/empty" &&
	awk -v midr= -f "$TOP/scripts/cpuinfo.awk" "$TRASH/empty" >"$TRASH/got" &&
	[ ! -s "$TRASH/got" ] || fail "$(cat "$TRASH/got")"
'

if [ -r /proc/cpuinfo ]
then
	test_expect 'this machine: a CPU_MODEL or CPU_ID line, well formed' '
		awk -v midr= -f "$TOP/scripts/cpuinfo.awk" /proc/cpuinfo >"$TRASH/got" &&
		expect_line "^\[CPU_(MODEL|ID): [^]]+\]$" "$TRASH/got" &&
		! grep -Ev "^\[CPU_(MODEL|ID): [^]]+\]$" "$TRASH/got"
	'
else
	test_skip 'this machine: a CPU_MODEL or CPU_ID line' 'no /proc/cpuinfo'
fi

test_done
