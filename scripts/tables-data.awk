# tables-data.awk - the tables of scripts/summary (and compare's), as
# data: a table_def line per table, in the order they are printed, then
# one cell_def line per cell, in the order of its columns.  A new cell is
# one line here (and the figure's registry line, which names its column);
# its table's header grows by its heading.  tables.awk prints them.
#
#   table_def(TABLE, TITLE, RULE, LINES, FLAGS[, HOST])
#
# TITLE its title ("\n" between two lines), RULE the length of the rule
# of dashes under it, LINES the number of header lines (the last is the
# dashes over each column), HOST the header's first 23 characters (over
# the Host and OS columns; "Host                 OS" when left out).
# FLAGS, words: onecpu  a one-CPU machine's row says it has no figure
# here; l3, nol3  shown only when some file has an L3 cache (or none
# has); summary  not in compare; mem, mem-quiet  each row reads the
# memory curves first (mem_figures; -quiet: without its warnings).
#
#   cell_def(TABLE, HOW, COLUMN, WIDTH, COUNTS, HEADING[, MADE_FOR[, SEP]])
#
# The figure a cell shows is named by its registry column (scripts/
# registry, the column field; "-": none), looked up by its id (COLKEY,
# tables.awk's reg_columns).  HOW, for file i's row (cells.awk's
# lookups, layout.awk's cells, tables-mem.awk's for the memory tables):
#   fig      the figure of COLUMN            ifig  the same, a whole number
#   scaled   the figure, blank under load or copies (scaled)
#   last     the last point of series COLUMN
#   atX      the point of series COLUMN at x = X
#   desc     the file's Description          mhz   its clock, whole MHz
#   imeta:K  header line K, a whole number   load  its SYNC_MAX load
#   null-io  the mean of read and write      tcp-bw  TCP bandwidth
#   fs-W:X   lat_fs's W (create, delete) for files of size X
#   mem:K    memory curve point K (L1, L2, L3, main, rand)
#   guess    lmbench's guess at what is wrong with the memory row
#   size:K, measured:K   a cache size (size1..3, meas1..3), short
#   from     where the sizes came from
# WIDTH is the cell's, COUNTS 1 for a figure the table counts (layout.awk,
# col), MADE_FOR the width it is made for when shown narrower (lmbench's
# " 77." in 4 columns), SEP what goes before it (one blank).  HEADING is
# the cell's part of each header line, "|" between lines, from just
# after the column before: blanks first (SEP's, at least), then the words
# (a part that is not empty starts at its column; one may run on over
# the next columns, whose part is then empty).  The last line, the
# dashes, is SEP and WIDTH dashes when left out.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	table_def("basic", "Basic system parameters",
	    78, 4, "")
	cell_def("basic", "desc", "-", 23, 0, " Description||")
	cell_def("basic", "imeta:MHZ", "-", 4, 1, "  Mhz||")
	cell_def("basic", "ifig", "basic.tlb", 5, 1, "  tlb| pages|")
	cell_def("basic", "imeta:LINE_SIZE", "-", 5, 1, " cache| line| bytes")
	cell_def("basic", "last", "basic.mem-par", 6, 1, "  mem|  par|  ")
	cell_def("basic", "load", "-", 4, 0, " scal| load|")

	table_def("proc", "Processor, Processes - times in microseconds - smaller is better",
	    78, 3, "")
	cell_def("proc", "mhz", "-", 4, 0, "  Mhz|")
	cell_def("proc", "fig", "proc.null-call", 4, 1, " null| call")
	cell_def("proc", "null-io", "-", 4, 1, " null|  I/O")
	cell_def("proc", "fig", "proc.stat", 4, 1, "| stat")
	cell_def("proc", "fig", "proc.open-close", 4, 1, " open| clos")
	cell_def("proc", "fig", "proc.select-tcp", 4, 1, " slct| TCP")
	cell_def("proc", "fig", "proc.sig-install", 4, 1, " sig| inst")
	cell_def("proc", "fig", "proc.sig-handle", 4, 1, " sig| hndl")
	cell_def("proc", "fig", "proc.fork", 4, 1, " fork| proc")
	cell_def("proc", "fig", "proc.exec", 4, 1, " exec| proc")
	cell_def("proc", "fig", "proc.sh", 4, 1, " sh  | proc")

	table_def("integer", "Basic integer operations - times in nanoseconds - smaller is better",
	    67, 3, "")
	cell_def("integer", "scaled", "integer.bit", 6, 1, "  intgr|   bit")
	cell_def("integer", "scaled", "integer.add", 6, 1, " intgr|  add")
	cell_def("integer", "scaled", "integer.mul", 6, 1, " intgr|  mul")
	cell_def("integer", "scaled", "integer.div", 6, 1, " intgr|  div")
	cell_def("integer", "scaled", "integer.mod", 6, 1, " intgr  |  mod   | ------ ")

	table_def("int64", "Basic uint64 operations - times in nanoseconds - smaller is better",
	    66, 3, "")
	cell_def("int64", "scaled", "int64.bit", 5, 1, " int64|  bit| ------", 6, "  ")
	cell_def("int64", "scaled", "int64.add", 6, 1, " int64|  add")
	cell_def("int64", "scaled", "int64.mul", 6, 1, " int64|  mul")
	cell_def("int64", "scaled", "int64.div", 6, 1, " int64|  div")
	cell_def("int64", "scaled", "int64.mod", 6, 1, " int64  |  mod   | ------ ")

	table_def("float", "Basic float operations - times in nanoseconds - smaller is better",
	    65, 3, "")
	cell_def("float", "scaled", "float.add", 6, 1, "  float|  add")
	cell_def("float", "scaled", "float.mul", 6, 1, "  float|  mul")
	cell_def("float", "scaled", "float.div", 6, 1, "  float|  div")
	cell_def("float", "scaled", "float.bogomflops", 6, 1, "  float|  bogo| ------ ")

	table_def("double", "Basic double operations - times in nanoseconds - smaller is better",
	    66, 3, "")
	cell_def("double", "scaled", "double.add", 6, 1, "  double|  add")
	cell_def("double", "scaled", "double.mul", 6, 1, " double|  mul|  ------")
	cell_def("double", "scaled", "double.div", 6, 1, " double| div")
	cell_def("double", "scaled", "double.bogomflops", 6, 1, " double| bogo| ------ ")

	table_def("ctx", "Context switching - times in microseconds - smaller is better",
	    73, 3, "")
	cell_def("ctx", "at2", "ctx.0k", 6, 1, "  2p/0K|  ctxsw")
	cell_def("ctx", "at2", "ctx.16k", 6, 1, " 2p/16K|  ctxsw")
	cell_def("ctx", "at2", "ctx.64k", 6, 1, " 2p/64K|  ctxsw")
	cell_def("ctx", "at8", "ctx.16k", 6, 1, " 8p/16K| ctxsw")
	cell_def("ctx", "at8", "ctx.64k", 6, 1, " 8p/64K| ctxsw")
	cell_def("ctx", "at16", "ctx.16k", 7, 1, " 16p/16K|  ctxsw")
	cell_def("ctx", "at16", "ctx.64k", 7, 1, " 16p/64K|  ctxsw")

	table_def("local", "*Local* Communication latencies in microseconds - smaller is better",
	    69, 3, "")
	cell_def("local", "at2", "ctx.0k", 5, 1, " 2p/0K| ctxsw")
	cell_def("local", "fig", "local.pipe", 5, 1, "  Pipe|")
	cell_def("local", "fig", "local.af-unix", 4, 1, " AF| UNIX")
	cell_def("local", "fig", "local.udp", 5, 1, "   UDP|")
	cell_def("local", "fig", "local.rpc-udp", 5, 1, "  RPC/|   UDP")
	cell_def("local", "fig", "local.tcp", 5, 1, "   TCP|")
	cell_def("local", "fig", "local.rpc-tcp", 5, 1, "  RPC/|   TCP")
	cell_def("local", "scaled", "local.tcp-conn", 4, 1, " TCP| conn", 5)

	table_def("cross", "Cross-CPU communication latencies (latbw, one party per CPU) in microseconds - smaller is better",
	    69, 3, "onecpu")
	cell_def("cross", "at2", "cross.ctx", 5, 1, " 2p/0K| ctxsw")
	cell_def("cross", "fig", "cross.pipe", 5, 1, "  Pipe|")
	cell_def("cross", "fig", "cross.af-unix", 4, 1, " AF| UNIX")
	cell_def("cross", "fig", "cross.udp", 5, 1, "   UDP|")
	cell_def("cross", "fig", "cross.rpc-udp", 5, 1, "  RPC/|   UDP")
	cell_def("cross", "fig", "cross.tcp", 5, 1, "   TCP|")
	cell_def("cross", "fig", "cross.rpc-tcp", 5, 1, "  RPC/|   TCP")
	cell_def("cross", "scaled", "cross.tcp-conn", 4, 1, " TCP| conn")

	table_def("remote", "*Remote* Communication latencies in microseconds - smaller is better",
	    69, 3, "")
	cell_def("remote", "fig", "remote.udp", 5, 1, "   UDP|")
	cell_def("remote", "fig", "remote.rpc-udp", 5, 1, "  RPC/|  UDP")
	cell_def("remote", "fig", "remote.tcp", 5, 1, "  TCP|")
	cell_def("remote", "fig", "remote.rpc-tcp", 5, 1, "  RPC/|  TCP")
	cell_def("remote", "scaled", "remote.tcp-conn", 4, 1, " TCP| conn")

	table_def("filevm", "File & VM system latencies in microseconds - smaller is better",
	    79, 3, "")
	cell_def("filevm", "fs-create:0k", "-", 6, 1, "   0K File| Create")
	cell_def("filevm", "fs-delete:0k", "-", 6, 1, "| Delete")
	cell_def("filevm", "fs-create:10k", "-", 6, 1, "  10K File| Create")
	cell_def("filevm", "fs-delete:10k", "-", 6, 1, "| Delete")
	cell_def("filevm", "last", "filevm.mmap", 7, 1, " Mmap| Latency")
	cell_def("filevm", "fig", "filevm.prot-fault", 5, 1, " Prot| Fault")
	cell_def("filevm", "fig", "filevm.page-fault", 7, 1, "  Page|  Fault")
	cell_def("filevm", "fig", "filevm.select", 5, 1, " 100fd| selct")

	table_def("bw", "*Local* Communication bandwidths in MB/s - bigger is better",
	    77, 3, "", "Host                OS ")
	cell_def("bw", "fig", "bw.pipe", 4, 1, " Pipe|")
	cell_def("bw", "fig", "bw.af-unix", 4, 1, " AF| UNIX")
	cell_def("bw", "tcp-bw", "-", 4, 1, "  TCP|")
	cell_def("bw", "last", "bw.file-reread", 6, 1, "  File| reread")
	cell_def("bw", "last", "bw.mmap-reread", 6, 1, "  Mmap| reread")
	cell_def("bw", "last", "bw.bcopy-libc", 6, 1, " Bcopy| (libc)")
	cell_def("bw", "last", "bw.bcopy-hand", 6, 1, " Bcopy| (hand)")
	cell_def("bw", "last", "bw.mem-read", 4, 1, " Mem| read")
	cell_def("bw", "last", "bw.mem-write", 5, 1, "  Mem| write")

	table_def("mem", "Memory latencies in nanoseconds - smaller is better\n    (WARNING - may not be correct, check graphs)",
	    78, 2, "nol3 mem")
	cell_def("mem", "imeta:MHZ", "-", 4, 0, "   Mhz|   ---", "", "  ")
	cell_def("mem", "mem:L1", "-", 6, 1, "   L1 $|   ----")
	cell_def("mem", "mem:L2", "-", 6, 1, "   L2 $|   ----")
	cell_def("mem", "mem:main", "-", 6, 1, "    Main mem|    --------")
	cell_def("mem", "mem:rand", "-", 11, 1, "    Rand mem|    --------", 6)
	cell_def("mem", "guess", "-", 0, 0, "    Guesses|    -------", "", "    ")

	table_def("mem3", "Memory latencies in nanoseconds - smaller is better\n    (WARNING - may not be correct, check graphs)",
	    78, 3, "l3 mem")
	cell_def("mem3", "imeta:MHZ", "-", 4, 0, "   Mhz|", "", "  ")
	cell_def("mem3", "mem:L1", "-", 6, 1, "   L1 $|")
	cell_def("mem3", "mem:L2", "-", 6, 1, "   L2 $|")
	cell_def("mem3", "mem:L3", "-", 6, 1, "   L3 $|")
	cell_def("mem3", "mem:main", "-", 6, 1, "   Main|    mem")
	cell_def("mem3", "mem:rand", "-", 6, 1, "   Rand|    mem")
	cell_def("mem3", "guess", "-", 0, 0, "  Guesses||  -------", "", "  ")

	table_def("sizes", "Cache sizes - the memory latencies above are read inside these",
	    72, 3, "summary mem-quiet")
	cell_def("sizes", "size:size1", "-", 6, 1, "    L1d|")
	cell_def("sizes", "size:size2", "-", 6, 1, "     L2|")
	cell_def("sizes", "size:size3", "-", 6, 1, "     L3|")
	cell_def("sizes", "from", "-", 7, 0, " from|")
	cell_def("sizes", "measured:meas1", "-", 6, 1, "  measured by cache|    L1", "", "  ")
	cell_def("sizes", "measured:meas2", "-", 6, 1, "|   L2")
	cell_def("sizes", "measured:meas3", "-", 6, 1, "|   L3")
}

# Table t (see above): TABN tables, TABNAME[n], TTITLE, TRULEN, TLINES,
# TFLAGS (blanks around) and THOST[t].
function table_def(t, title, rule, lines, flags, host) {
	TABNAME[++TABN] = t
	TTITLE[t] = title
	TRULEN[t] = rule
	TLINES[t] = lines
	TFLAGS[t] = " " flags " "
	THOST[t] = host == "" ? "Host                 OS" : host
}

# One cell of table t (see above): TCN[t] cells, TCHOW, TCCOL, TCW,
# TCCOUNT, TCHEAD, TCFW and TCSEP[t, n].
function cell_def(t, how, column, w, counts, heading, made_for, sep,    n) {
	n = ++TCN[t]
	TCHOW[t, n] = how
	TCCOL[t, n] = column
	TCW[t, n] = w
	TCCOUNT[t, n] = counts
	TCHEAD[t, n] = heading
	TCFW[t, n] = made_for
	TCSEP[t, n] = sep == "" ? " " : sep
}
