# tables-data.awk - the cells of scripts/summary's tables (and compare's),
# as data: one line per cell, in the order of its table's columns.  A new
# cell is a line here and its words in its table's header (tables.awk);
# the figure it shows is named by its registry column (scripts/registry,
# the column field), looked up by its id (COLKEY, reg_columns).
#
#   cell_def(TABLE, HOW, COLUMN, WIDTH, COUNTS[, MADE_FOR[, SEP]])
#
# HOW, for file i's row (cells.awk's lookups, layout.awk's cells):
#   fig      the figure of COLUMN            ifig  the same, a whole number
#   scaled   the figure, blank under load or copies (scaled)
#   last     the last point of series COLUMN
#   atX      the point of series COLUMN at x = X
#   desc     the file's Description          mhz   its clock, whole MHz
#   imeta:K  header line K, a whole number   load  its SYNC_MAX load
#   null-io  the mean of read and write      tcp-bw  TCP bandwidth
#   fs-W:X   lat_fs's W (create, delete) for files of size X
# WIDTH is the cell's, COUNTS 1 for a figure the table counts (layout.awk,
# col), MADE_FOR the width it is made for when shown narrower (lmbench's
# " 77." in 4 columns), SEP what goes before it (one blank).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	cell_def("basic", "desc", "-", 23, 0)
	cell_def("basic", "imeta:MHZ", "-", 4, 1)
	cell_def("basic", "ifig", "basic.tlb", 5, 1)
	cell_def("basic", "imeta:LINE_SIZE", "-", 5, 1)
	cell_def("basic", "last", "basic.mem-par", 6, 1)
	cell_def("basic", "load", "-", 4, 0)

	cell_def("proc", "mhz", "-", 4, 0)
	cell_def("proc", "fig", "proc.null-call", 4, 1)
	cell_def("proc", "null-io", "-", 4, 1)
	cell_def("proc", "fig", "proc.stat", 4, 1)
	cell_def("proc", "fig", "proc.open-close", 4, 1)
	cell_def("proc", "fig", "proc.select-tcp", 4, 1)
	cell_def("proc", "fig", "proc.sig-install", 4, 1)
	cell_def("proc", "fig", "proc.sig-handle", 4, 1)
	cell_def("proc", "fig", "proc.fork", 4, 1)
	cell_def("proc", "fig", "proc.exec", 4, 1)
	cell_def("proc", "fig", "proc.sh", 4, 1)

	cell_def("integer", "scaled", "integer.bit", 6, 1)
	cell_def("integer", "scaled", "integer.add", 6, 1)
	cell_def("integer", "scaled", "integer.mul", 6, 1)
	cell_def("integer", "scaled", "integer.div", 6, 1)
	cell_def("integer", "scaled", "integer.mod", 6, 1)

	cell_def("int64", "scaled", "int64.bit", 5, 1, 6, "  ")
	cell_def("int64", "scaled", "int64.add", 6, 1)
	cell_def("int64", "scaled", "int64.mul", 6, 1)
	cell_def("int64", "scaled", "int64.div", 6, 1)
	cell_def("int64", "scaled", "int64.mod", 6, 1)

	cell_def("float", "scaled", "float.add", 6, 1)
	cell_def("float", "scaled", "float.mul", 6, 1)
	cell_def("float", "scaled", "float.div", 6, 1)
	cell_def("float", "scaled", "float.bogomflops", 6, 1)

	cell_def("double", "scaled", "double.add", 6, 1)
	cell_def("double", "scaled", "double.mul", 6, 1)
	cell_def("double", "scaled", "double.div", 6, 1)
	cell_def("double", "scaled", "double.bogomflops", 6, 1)

	cell_def("ctx", "at2", "ctx.0k", 6, 1)
	cell_def("ctx", "at2", "ctx.16k", 6, 1)
	cell_def("ctx", "at2", "ctx.64k", 6, 1)
	cell_def("ctx", "at8", "ctx.16k", 6, 1)
	cell_def("ctx", "at8", "ctx.64k", 6, 1)
	cell_def("ctx", "at16", "ctx.16k", 7, 1)
	cell_def("ctx", "at16", "ctx.64k", 7, 1)

	cell_def("local", "at2", "ctx.0k", 5, 1)
	cell_def("local", "fig", "local.pipe", 5, 1)
	cell_def("local", "fig", "local.af-unix", 4, 1)
	cell_def("local", "fig", "local.udp", 5, 1)
	cell_def("local", "fig", "local.rpc-udp", 5, 1)
	cell_def("local", "fig", "local.tcp", 5, 1)
	cell_def("local", "fig", "local.rpc-tcp", 5, 1)
	cell_def("local", "scaled", "local.tcp-conn", 4, 1, 5)

	cell_def("cross", "at2", "cross.ctx", 5, 1)
	cell_def("cross", "fig", "cross.pipe", 5, 1)
	cell_def("cross", "fig", "cross.af-unix", 4, 1)
	cell_def("cross", "fig", "cross.udp", 5, 1)
	cell_def("cross", "fig", "cross.rpc-udp", 5, 1)
	cell_def("cross", "fig", "cross.tcp", 5, 1)
	cell_def("cross", "fig", "cross.rpc-tcp", 5, 1)
	cell_def("cross", "scaled", "cross.tcp-conn", 4, 1)

	cell_def("remote", "fig", "remote.udp", 5, 1)
	cell_def("remote", "fig", "remote.rpc-udp", 5, 1)
	cell_def("remote", "fig", "remote.tcp", 5, 1)
	cell_def("remote", "fig", "remote.rpc-tcp", 5, 1)
	cell_def("remote", "scaled", "remote.tcp-conn", 4, 1)

	cell_def("filevm", "fs-create:0k", "-", 6, 1)
	cell_def("filevm", "fs-delete:0k", "-", 6, 1)
	cell_def("filevm", "fs-create:10k", "-", 6, 1)
	cell_def("filevm", "fs-delete:10k", "-", 6, 1)
	cell_def("filevm", "last", "filevm.mmap", 7, 1)
	cell_def("filevm", "fig", "filevm.prot-fault", 5, 1)
	cell_def("filevm", "fig", "filevm.page-fault", 7, 1)
	cell_def("filevm", "fig", "filevm.select", 5, 1)

	cell_def("bw", "fig", "bw.pipe", 4, 1)
	cell_def("bw", "fig", "bw.af-unix", 4, 1)
	cell_def("bw", "tcp-bw", "-", 4, 1)
	cell_def("bw", "last", "bw.file-reread", 6, 1)
	cell_def("bw", "last", "bw.mmap-reread", 6, 1)
	cell_def("bw", "last", "bw.bcopy-libc", 6, 1)
	cell_def("bw", "last", "bw.bcopy-hand", 6, 1)
	cell_def("bw", "last", "bw.mem-read", 4, 1)
	cell_def("bw", "last", "bw.mem-write", 5, 1)
}

# One cell of table t (see above): TCN[t] cells, TCHOW, TCCOL, TCW,
# TCCOUNT, TCFW and TCSEP[t, n].
function cell_def(t, how, column, w, counts, made_for, sep,    n) {
	n = ++TCN[t]
	TCHOW[t, n] = how
	TCCOL[t, n] = column
	TCW[t, n] = w
	TCCOUNT[t, n] = counts
	TCFW[t, n] = made_for
	TCSEP[t, n] = sep == "" ? " " : sep
}
