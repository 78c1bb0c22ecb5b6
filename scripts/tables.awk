# tables.awk - the tables of scripts/summary: each declared (title,
# header) and filled row by row from its cells, a line each in
# tables-data.awk, one cell a lookup (cells.awk).
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

# The columns of table t, from its cells (tables-data.awk).
function table_cols(t,    j) {
	for (j = 1; j <= TCN[t]; j++)
		col(TCSEP[t, j], TCW[t, j], TCCOUNT[t, j], TCFW[t, j])
}

# The cells of file i in table t, each as its line in tables-data.awk
# says.
function table_cells(i, t,    j) {
	for (j = 1; j <= TCN[t]; j++)
		data_cell(i, TCHOW[t, j], TCCOL[t, j] == "-" ? "" : COLKEY[TCCOL[t, j]], TCW[t, j])
}

# One cell of file i, width w: how (tables-data.awk) with id, the
# figure or series of its registry column (COLKEY).
function data_cell(i, how, id, w,    a) {
	if (how == "fig")
		fnum(i, fig(i, id), w)
	else if (how == "ifig")
		finum(i, fig(i, id), w)
	else if (how == "scaled")
		fnum(i, scaled(i, fig(i, id)), w)
	else if (how == "last")
		fnum(i, ser_last(i, id), w)
	else if (how ~ /^at[0-9]+$/)
		fnum(i, ser_at(i, id, substr(how, 3) + 0), w)
	else if (how == "desc")
		cell(sprintf("%" w "." w "s", tidy(DESC[i])), 0)
	else if (how == "mhz")
		cell(good(META[i, "MHZ"]) ? sprintf("%" w ".0f", META[i, "MHZ"]) : spaces(w), 0)
	else if (how ~ /^imeta:/)
		inum(META[i, substr(how, 7)], w)
	else if (how == "load")
		inum(LOAD[i], w)
	else if (how == "null-io")
		null_io(i, w)
	else if (how == "tcp-bw")
		fnum(i, tcp_bw(i), w)
	else if (how ~ /^fs-[a-z]+:/) {
		split(substr(how, 4), a, ":")
		fs_cell(i, a[1], a[2], w)
	} else
		printf "%s: internal error: no cell kind %s\n", me, how > "/dev/stderr"
}

function t_basic(    i) {
	table_begin("Basic system parameters",
	    "------------------------------------------------------------------------------",
	    "Host                 OS Description              Mhz  tlb  cache  mem   scal\n" \
	    "                                                     pages line   par   load\n" \
	    "                                                           bytes  \n" \
	    "--------- ------------- ----------------------- ---- ----- ----- ------ ----")
	table_cols("basic")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "basic")
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
	table_cols("proc")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "proc")
		row_end()
	}
	table_end()
}

function t_ops(kind,    i) {
	if (kind == "integer") {
		table_begin("Basic integer operations - times in nanoseconds - smaller is better",
		    "-------------------------------------------------------------------",
		    "Host                 OS  intgr intgr  intgr  intgr  intgr  \n" \
		    "                          bit   add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
	} else if (kind == "int64") {
		table_begin("Basic uint64 operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS int64  int64  int64  int64  int64  \n" \
		    "                         bit    add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
	} else if (kind == "float") {
		table_begin("Basic float operations - times in nanoseconds - smaller is better",
		    "-----------------------------------------------------------------",
		    "Host                 OS  float  float  float  float\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------ ------ ------ ------ ")
	} else {
		table_begin("Basic double operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS  double double double double\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------  ------ ------ ------ ")
	}
	table_cols(kind)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, kind)
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
	table_cols("ctx")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "ctx")
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
	table_cols("local")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "local")
		row_end()
	}
	table_end()
}

# latbw's own table: the driver's cross-CPU runs (one process per CPU),
# the wake-up cost between CPUs.  A one-CPU machine has none, and says so.
function t_cross(    i, n1, kept) {
	table_begin("Cross-CPU communication latencies (latbw, one party per CPU) in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	    "                        ctxsw       UNIX         UDP         TCP conn\n" \
	    "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----")
	table_cols("cross")
	n1 = kept = 0
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "cross")
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
	table_cols("remote")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "remote")
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
	table_cols("filevm")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "filevm")
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
	table_cols("bw")
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		table_cells(i, "bw")
		row_end()
	}
	table_end()
}
