# table-load.awk - summary's tables of lat_mem_load's loaded latency and
# par_mem -c's MLP curve (see lat_mem_load(1), par_mem(1)): one table per
# results file and curve.  read.awk lists a file's series of these kinds
# in LDNAME[i, 1..LDNN[i]]:
#
#	"loaded latency mode=M pages=P	x loaders, y ns per load
#	"loaded bandwidth mode=M		x loaders (from 1), y MB/s
#	"mlp latency pages=P			x chases, y ns each load waits
#	"mlp bandwidth pages=P			x chases, y MB/s
#
# A row per count: the latency, and the bandwidth of the same samples
# ("-" where there is none: no loader at k = 0).
#
# Only POSIX awk.

# One table: latency series lat, bandwidth series bw (may be absent).
function ld_table(i, head, what, lat, bw,    n, j, k, x, v, w, line, rows) {
	n = SN[i, lat] + 0
	if (n == 0)
		return 0
	printed++
	printf "\n%s - %s (%s)\n", head, tidy(ld_run(i)), tidy(HOST[i])
	line = sprintf("%-8s %12s %14s", what, "latency ns", "bandwidth MB/s")
	print line
	gsub(/./, "-", line)
	print line
	rows = 0
	for (j = 1; j <= n; j++) {
		k = SK[i, lat, j]
		x = RX[i, k]
		if (x !~ /^[0-9]+$/ || !good(RV[i, k]))
			continue
		w = bw == "" ? "" : point_at(i, bw, x)
		v = sprintf("%.2f", RV[i, k])
		print rstrip(sprintf("%-8s %12s %14s", x, v, w == "" ? "-" : sprintf("%.2f", w)))
		rows++
	}
	return rows
}

function t_load(    i, j, name, bw, mode, pages, rows) {
	for (i = 1; i <= nf; i++)
		for (j = 1; j <= LDNN[i]; j++) {
			name = LDNAME[i, j]
			if (name ~ /^loaded latency /) {
				mode = name
				sub(/^loaded latency mode=/, "", mode)
				pages = mode
				sub(/ .*/, "", mode)
				sub(/.*pages=/, "", pages)
				bw = "loaded bandwidth mode=" mode
				rows = ld_table(i, "Loaded latency (lat_mem_load) - loaders " \
				    (mode == "write" ? "writing" : "reading") ", chase on " pages " pages", \
				    "loaders", name, (SN[i, bw] + 0 > 0) ? bw : "")
				if (rows == 1)
					print "k = 0 only: one CPU (or -k 0), no loaders."
			} else if (name ~ /^mlp latency /) {
				pages = name
				sub(/.*pages=/, "", pages)
				bw = "mlp bandwidth pages=" pages
				ld_table(i, "Memory-level parallelism (par_mem -c) - chases interleaved on one CPU, " \
				    pages " pages", "chases", name, (SN[i, bw] + 0 > 0) ? bw : "")
			}
		}
}

# The name of file i: host.run.
function ld_run(i,    b) {
	b = PATHS[i]
	sub(/.*\//, "", b)
	return b
}
