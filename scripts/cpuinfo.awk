# cpuinfo.awk - the processor lines of a results file's header, from
# /proc/cpuinfo, on any architecture Linux describes there.
#
#	awk -v midr=MIDR -f cpuinfo.awk /proc/cpuinfo
#
# Prints [CPU_MODEL: ...] and [CPU_ID: ...] (and nothing it did not read).
# midr is cpu0's MIDR_EL1 from sysfs on arm64, when readable.
#
#   x86:     model name; vendor_id, cpu family, model, stepping, microcode
#   arm64:   no model name in newer kernels: the model is named from
#            CPU implementer and CPU part (a table of the common ones, else
#            the numbers), every kind of core once, with its count
#            ("ARM Cortex-A55 x4 + ARM Cortex-A76 x4" on a big.LITTLE
#            board); the id is cpu0's implementer, variant, part, revision
#            and architecture, and the MIDR
#   arm:     model name or Processor, and the same id fields
#   riscv:   uarch (else the machine ids); isa, mmu, mvendorid, marchid,
#            mimpid
#   others:  cpu model (mips), cpu (powerpc), as the kernel prints them

BEGIN {
	impl["0x41"] = "ARM"
	impl["0x42"] = "Broadcom"
	impl["0x43"] = "Cavium"
	impl["0x46"] = "Fujitsu"
	impl["0x48"] = "HiSilicon"
	impl["0x4e"] = "NVIDIA"
	impl["0x50"] = "APM"
	impl["0x51"] = "Qualcomm"
	impl["0x53"] = "Samsung"
	impl["0x61"] = "Apple"
	impl["0x69"] = "Intel"
	impl["0x6d"] = "Microsoft"
	impl["0xc0"] = "Ampere"

	part["0x41/0xc07"] = "Cortex-A7"
	part["0x41/0xc08"] = "Cortex-A8"
	part["0x41/0xc09"] = "Cortex-A9"
	part["0x41/0xc0d"] = "Cortex-A12"
	part["0x41/0xc0e"] = "Cortex-A17"
	part["0x41/0xc0f"] = "Cortex-A15"
	part["0x41/0xd01"] = "Cortex-A32"
	part["0x41/0xd02"] = "Cortex-A34"
	part["0x41/0xd03"] = "Cortex-A53"
	part["0x41/0xd04"] = "Cortex-A35"
	part["0x41/0xd05"] = "Cortex-A55"
	part["0x41/0xd06"] = "Cortex-A65"
	part["0x41/0xd07"] = "Cortex-A57"
	part["0x41/0xd08"] = "Cortex-A72"
	part["0x41/0xd09"] = "Cortex-A73"
	part["0x41/0xd0a"] = "Cortex-A75"
	part["0x41/0xd0b"] = "Cortex-A76"
	part["0x41/0xd0c"] = "Neoverse-N1"
	part["0x41/0xd0d"] = "Cortex-A77"
	part["0x41/0xd0e"] = "Cortex-A76AE"
	part["0x41/0xd40"] = "Neoverse-V1"
	part["0x41/0xd41"] = "Cortex-A78"
	part["0x41/0xd42"] = "Cortex-A78AE"
	part["0x41/0xd44"] = "Cortex-X1"
	part["0x41/0xd46"] = "Cortex-A510"
	part["0x41/0xd47"] = "Cortex-A710"
	part["0x41/0xd48"] = "Cortex-X2"
	part["0x41/0xd49"] = "Neoverse-N2"
	part["0x41/0xd4a"] = "Neoverse-E1"
	part["0x41/0xd4b"] = "Cortex-A78C"
	part["0x41/0xd4d"] = "Cortex-A715"
	part["0x41/0xd4e"] = "Cortex-X3"
	part["0x41/0xd4f"] = "Neoverse-V2"
	part["0x41/0xd80"] = "Cortex-A520"
	part["0x41/0xd81"] = "Cortex-A720"
	part["0x41/0xd82"] = "Cortex-X4"
	part["0x41/0xd84"] = "Neoverse-V3"
	part["0x41/0xd8e"] = "Neoverse-N3"
	part["0x43/0x0a1"] = "ThunderX"
	part["0x43/0x0af"] = "ThunderX2"
	part["0x46/0x001"] = "A64FX"
	part["0x48/0xd01"] = "TSV110"
	part["0x4e/0x004"] = "Carmel"
	ncore = 0
}

# The first value of each field (cpu0's, on every architecture).
function first(name, value) {
	if (!(name in val))
		val[name] = value
}

# One arm core: its implementer and part, counted once per processor.
function arm_core(   key, name) {
	if (cur_impl == "" || cur_part == "")
		return
	key = tolower(cur_impl) "/" tolower(cur_part)
	if (!(key in count)) {
		order[++ncore] = key
		count[key] = 0
	}
	count[key]++
	cur_impl = cur_part = ""
}

function arm_name(key,   i, p) {
	split(key, i, "/")
	if (key in part)
		p = part[key]
	else
		p = "part " i[2]
	if (i[1] in impl)
		return impl[i[1]] " " p
	return "implementer " i[1] " " p
}

# "key<tabs>: value"; the value may hold colons itself.
{
	if (!match($0, /[ \t]*: */))
		next
	key = substr($0, 1, RSTART - 1)
	value = substr($0, RSTART + RLENGTH)
	sub(/[ \t]+$/, "", value)
}

key == "processor" {
	arm_core()
}

key == "CPU implementer" {
	cur_impl = value
}

key == "CPU part" {
	cur_part = value
}

value != "" {
	first(key, value)
}

function id(name, label) {
	if (name in val)
		cpu_id = cpu_id " " label " " val[name]
}

END {
	arm_core()
	if ("model name" in val)
		model = val["model name"]
	else if ("Processor" in val)
		model = val["Processor"]
	else if ("cpu model" in val)
		model = val["cpu model"]
	else if ("uarch" in val)
		model = val["uarch"]
	else if ("cpu" in val && !("isa" in val))
		model = val["cpu"]
	if (ncore > 0 && (model == "" || model ~ /^(ARMv[0-9]|AArch64 Processor)/)) {
		# arm64 prints no model name; 32-bit arm's (and old arm64's)
		# is only the architecture ("ARMv7 Processor rev 3 (v7l)").
		model = ""
		for (c = 1; c <= ncore; c++) {
			model = model (c > 1 ? " + " : "") arm_name(order[c])
			if (ncore > 1)
				model = model " x" count[order[c]]
		}
	}
	if (model == "" && ("mvendorid" in val || "isa" in val)) {
		model = "RISC-V"
		if ("mvendorid" in val)
			model = model " mvendorid " val["mvendorid"]
		if ("marchid" in val)
			model = model " marchid " val["marchid"]
	}
	if (model != "")
		printf "[CPU_MODEL: %s]\n", model

	cpu_id = ""
	id("vendor_id", "vendor")
	id("cpu family", "family")
	if (!("CPU part" in val))
		id("model", "model")
	id("stepping", "stepping")
	id("microcode", "microcode")
	id("CPU implementer", "implementer")
	id("CPU variant", "variant")
	id("CPU part", "part")
	id("CPU revision", "revision")
	id("CPU architecture", "architecture")
	if (midr != "")
		cpu_id = cpu_id " midr " midr
	id("isa", "isa")
	id("mmu", "mmu")
	id("mvendorid", "mvendorid")
	id("marchid", "marchid")
	id("mimpid", "mimpid")
	if (cpu_id != "")
		printf "[CPU_ID:%s]\n", cpu_id
}
