# tables.awk - the tables of scripts/summary: each declared (title,
# header, columns) and filled row by row, one cell a lookup (cells.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- the tables ----------------------------------------------------------

function out_tables(    i) {
	printed = 0
	all_tables()
	# lat_c2c's matrices (table-c2c.awk): tables of their own form, for
	# summary only (compare's tables are all_tables').
	t_c2c()
	# The scaling curves (-G; table-scaling.awk), summary only too.
	t_scaling()
	# lat_mem_load's loaded latency and par_mem -c's MLP curve
	# (table-load.awk), summary only too.
	t_load()
	if (printed == 0) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

# The cells: COLKEY[table.column] is the id of the figure, its registry
# label, which the reader gives it (fig_id), or the name of the
# series: what scripts/registry shows there (its {S} the column's @N), read
# once; LATBW_REGISTRY names the registry (registry.awk reads it).
function reg_columns(    i, n, w, j, c, at, lab) {
	if (COLKEYREAD)
		return
	COLKEYREAD = 1
	reg_read(ENVIRON["LATBW_REGISTRY"])
	for (i = 1; i <= NREG; i++) {
		n = split(REGCOL[i], w, " ")
		for (j = 1; j <= n; j++) {
			c = w[j]
			if (c == "-")
				continue
			at = ""
			if (index(c, "@") > 0) {
				at = substr(c, index(c, "@") + 1)
				c = substr(c, 1, index(c, "@") - 1)
			}
			lab = at == "" ? REGL[i] : reg_subst(REGL[i], "{S}", at)
			if (!(c in COLKEY))
				COLKEY[c] = lab
		}
	}
}

function all_tables() {
	reg_columns()
	t_basic()
	t_proc()
	t_ops("integer")
	t_ops("int64")
	t_ops("float")
	t_ops("double")
	t_ctx()
	t_local()
	t_cross()
	t_remote()
	t_filevm()
	t_bw()
	t_mem()
	t_sizes()
	t_checks()
}

function t_basic(    i) {
	table_begin("Basic system parameters",
	    "------------------------------------------------------------------------------",
	    "Host                 OS Description              Mhz  tlb  cache  mem   scal\n" \
	    "                                                     pages line   par   load\n" \
	    "                                                           bytes  \n" \
	    "--------- ------------- ----------------------- ---- ----- ----- ------ ----")
	col(" ", 23, 0); col(" ", 4, 1); col(" ", 5, 1); col(" ", 5, 1)
	col(" ", 6, 1); col(" ", 4, 0)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		cell(sprintf("%23.23s", tidy(DESC[i])), 0)
		inum(META[i, "MHZ"], 4)
		finum(i, fig(i, COLKEY["basic.tlb"]), 5)
		inum(META[i, "LINE_SIZE"], 5)
		fnum(i, ser_last(i, COLKEY["basic.mem-par"]), 6)
		inum(LOAD[i], 4)
		row_end()
	}
	table_end()
}

function t_proc(    i) {
	table_begin("Processor, Processes - times in microseconds - smaller is better",
	    "------------------------------------------------------------------------------",
	    "Host                 OS  Mhz null null      open slct sig  sig  fork exec sh  \n" \
	    "                             call  I/O stat clos TCP  inst hndl proc proc proc\n" \
	    "--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----")
	col(" ", 4, 0)
	for (i = 1; i <= 10; i++)
		col(" ", 4, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		cell(good(META[i, "MHZ"]) ? sprintf("%4.0f", META[i, "MHZ"]) : spaces(4), 0)
		fnum(i, fig(i, COLKEY["proc.null-call"]), 4)
		null_io(i, 4)
		fnum(i, fig(i, COLKEY["proc.stat"]), 4)
		fnum(i, fig(i, COLKEY["proc.open-close"]), 4)
		fnum(i, fig(i, COLKEY["proc.select-tcp"]), 4)
		fnum(i, fig(i, COLKEY["proc.sig-install"]), 4)
		fnum(i, fig(i, COLKEY["proc.sig-handle"]), 4)
		fnum(i, fig(i, COLKEY["proc.fork"]), 4)
		fnum(i, fig(i, COLKEY["proc.exec"]), 4)
		fnum(i, fig(i, COLKEY["proc.sh"]), 4)
		row_end()
	}
	table_end()
}

function t_ops(kind,    i, ops, n, j) {
	if (kind == "integer") {
		table_begin("Basic integer operations - times in nanoseconds - smaller is better",
		    "-------------------------------------------------------------------",
		    "Host                 OS  intgr intgr  intgr  intgr  intgr  \n" \
		    "                          bit   add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
		n = split("bit add mul div mod", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	} else if (kind == "int64") {
		table_begin("Basic uint64 operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS int64  int64  int64  int64  int64  \n" \
		    "                         bit    add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
		n = split("bit add mul div mod", ops, " ")
		col("  ", 5, 1, 6)
		for (j = 2; j <= n; j++)
			col(" ", 6, 1)
	} else if (kind == "float") {
		table_begin("Basic float operations - times in nanoseconds - smaller is better",
		    "-----------------------------------------------------------------",
		    "Host                 OS  float  float  float  float\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------ ------ ------ ------ ")
		n = split("add mul div bogomflops", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	} else {
		table_begin("Basic double operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS  double double double double\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------  ------ ------ ------ ")
		n = split("add mul div bogomflops", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	}
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		for (j = 1; j <= n; j++)
			fnum(i, scaled(i, fig(i, COLKEY[kind "." ops[j]])), kind == "int64" && j == 1 ? 5 : 6)
		row_end()
	}
	table_end()
}

function t_ctx(    i) {
	table_begin("Context switching - times in microseconds - smaller is better",
	    "-------------------------------------------------------------------------",
	    "Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n" \
	    "                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n" \
	    "--------- ------------- ------ ------ ------ ------ ------ ------- -------")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	col(" ", 6, 1); col(" ", 7, 1); col(" ", 7, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		fnum(i, ser_at(i, COLKEY["ctx.0k"], 2), 6)
		fnum(i, ser_at(i, COLKEY["ctx.16k"], 2), 6)
		fnum(i, ser_at(i, COLKEY["ctx.64k"], 2), 6)
		fnum(i, ser_at(i, COLKEY["ctx.16k"], 8), 6)
		fnum(i, ser_at(i, COLKEY["ctx.64k"], 8), 6)
		fnum(i, ser_at(i, COLKEY["ctx.16k"], 16), 7)
		fnum(i, ser_at(i, COLKEY["ctx.64k"], 16), 7)
		row_end()
	}
	table_end()
}

function t_local(    i) {
	table_begin("*Local* Communication latencies in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	    "                        ctxsw       UNIX         UDP         TCP conn\n" \
	    "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----")
	# TCP conn: made for width 5, shown in 4 (" 77.", lmbench's way).
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1); col(" ", 5, 1)
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1, 5)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		comm_cells(i, "ctx.0k", "local")
		row_end()
	}
	table_end()
}

# The cells of a communication latency row of file i: the 2-process
# ctxsw at 0 KB (series column ctx), then the columns of table t (local,
# cross): pipe, AF_UNIX, UDP, RPC/UDP, TCP, RPC/TCP, TCP connect.
function comm_cells(i, ctx, t) {
	fnum(i, ser_at(i, COLKEY[ctx], 2), 5)
	fnum(i, fig(i, COLKEY[t ".pipe"]), 5)
	fnum(i, fig(i, COLKEY[t ".af-unix"]), 4)
	fnum(i, fig(i, COLKEY[t ".udp"]), 5)
	fnum(i, fig(i, COLKEY[t ".rpc-udp"]), 5)
	fnum(i, fig(i, COLKEY[t ".tcp"]), 5)
	fnum(i, fig(i, COLKEY[t ".rpc-tcp"]), 5)
	fnum(i, scaled(i, fig(i, COLKEY[t ".tcp-conn"])), 4)
}

# latbw's own table: the driver's cross-CPU runs (one process per CPU),
# the wake-up cost between CPUs.  A one-CPU machine has none, and says so.
function t_cross(    i, n1, kept) {
	table_begin("Cross-CPU communication latencies (latbw, one party per CPU) in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	    "                        ctxsw       UNIX         UDP         TCP conn\n" \
	    "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----")
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1); col(" ", 5, 1)
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1)
	n1 = kept = 0
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		comm_cells(i, "cross.ctx", "cross")
		if (row_end())
			kept++
		else if (META[i, "PROCESSORS"] == "1")
			ONECPU[++n1] = i
	}
	table_end()
	if (mode != "table" || n1 == 0)
		return
	if (kept == 0)
		table_heading()
	for (i = 1; i <= n1; i++)
		printf "%-9.9s %13.13s one CPU: same-CPU figures only\n", run_name(ONECPU[i]), tidy(OS_[ONECPU[i]])
}

# Checks between figures that must hold whatever the machine: a violated
# one is flagged (an RPC cannot be faster than the transport it runs on;
# a 2-process switch is part of a pipe round trip).  5 % of slack for
# noise.  Same placement only: the lmbench cells together, and the
# cross-CPU ones together.
function check_le(i, what, lo, lok, hi, hik,    a, b) {
	if (lok ~ /^size=|^cross-CPU ctxsw/)
		a = val(i, ser_at(i, lok, 2))
	else
		a = val(i, fig(i, lok))
	b = val(i, fig(i, hik))
	if (!good(a) || !good(b) || a + 0 <= (b + 0) * 1.05)
		return
	NCHK++
	CHK[NCHK] = sprintf("%-9.9s %s: %s %s > %s %s", run_name(i), what, lo, trim(fmtnum(a, 6)), hi, trim(fmtnum(b, 6)))
}

function t_checks(    i, p, pre, what) {
	NCHK = 0
	for (i = 1; i <= nf; i++) {
		for (p = 1; p <= 2; p++) {
			pre = p == 1 ? "local" : "cross"
			what = p == 1 ? "same CPU" : "cross CPU"
			check_le(i, what, "TCP", COLKEY[pre ".tcp"], "RPC/TCP", COLKEY[pre ".rpc-tcp"])
			check_le(i, what, "UDP", COLKEY[pre ".udp"], "RPC/UDP", COLKEY[pre ".rpc-udp"])
			check_le(i, what, "2p/0K ctxsw", COLKEY[p == 1 ? "ctx.0k" : "cross.ctx"], "Pipe", COLKEY[pre ".pipe"])
		}
		check_le(i, "remote", "TCP", COLKEY["remote.tcp"], "RPC/TCP", COLKEY["remote.rpc-tcp"])
		check_le(i, "remote", "UDP", COLKEY["remote.udp"], "RPC/UDP", COLKEY["remote.rpc-udp"])
	}
	if (NCHK == 0 || mode != "table")
		return
	print ""
	print "Consistency checks - figures that cannot be right"
	print "-------------------------------------------------"
	for (i = 1; i <= NCHK; i++)
		print "! " CHK[i]
}

function t_remote(    i) {
	table_begin("*Remote* Communication latencies in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS   UDP  RPC/  TCP   RPC/ TCP\n" \
	    "                               UDP         TCP  conn\n" \
	    "--------- ------------- ----- ----- ----- ----- ----")
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		fnum(i, fig(i, COLKEY["remote.udp"]), 5)
		fnum(i, fig(i, COLKEY["remote.rpc-udp"]), 5)
		fnum(i, fig(i, COLKEY["remote.tcp"]), 5)
		fnum(i, fig(i, COLKEY["remote.rpc-tcp"]), 5)
		fnum(i, scaled(i, fig(i, COLKEY["remote.tcp-conn"])), 4)
		row_end()
	}
	table_end()
}

function t_filevm(    i) {
	table_begin("File & VM system latencies in microseconds - smaller is better",
	    "-------------------------------------------------------------------------------",
	    "Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd\n" \
	    "                        Create Delete Create Delete Latency Fault  Fault  selct\n" \
	    "--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	col(" ", 7, 1); col(" ", 5, 1); col(" ", 7, 1); col(" ", 5, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		fs_cell(i, "create", "0k", 6)
		fs_cell(i, "delete", "0k", 6)
		fs_cell(i, "create", "10k", 6)
		fs_cell(i, "delete", "10k", 6)
		fnum(i, ser_last(i, COLKEY["filevm.mmap"]), 7)
		fnum(i, fig(i, COLKEY["filevm.prot-fault"]), 5)
		fnum(i, fig(i, COLKEY["filevm.page-fault"]), 7)
		fnum(i, fig(i, COLKEY["filevm.select"]), 5)
		row_end()
	}
	table_end()
}

function t_bw(    i) {
	table_begin("*Local* Communication bandwidths in MB/s - bigger is better",
	    "-----------------------------------------------------------------------------",
	    "Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem\n" \
	    "                             UNIX      reread reread (libc) (hand) read write\n" \
	    "--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----")
	col(" ", 4, 1); col(" ", 4, 1); col(" ", 4, 1); col(" ", 6, 1)
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 4, 1); col(" ", 5, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		fnum(i, fig(i, COLKEY["bw.pipe"]), 4)
		fnum(i, fig(i, COLKEY["bw.af-unix"]), 4)
		fnum(i, tcp_bw(i), 4)
		fnum(i, ser_last(i, COLKEY["bw.file-reread"]), 6)
		fnum(i, ser_last(i, COLKEY["bw.mmap-reread"]), 6)
		fnum(i, ser_last(i, COLKEY["bw.bcopy-libc"]), 6)
		fnum(i, ser_last(i, COLKEY["bw.bcopy-hand"]), 6)
		fnum(i, ser_last(i, COLKEY["bw.mem-read"]), 4)
		fnum(i, ser_last(i, COLKEY["bw.mem-write"]), 5)
		row_end()
	}
	table_end()
}
