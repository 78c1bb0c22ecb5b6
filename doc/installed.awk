# installed.awk - a manual page of doc/ as make install installs it: under
# the names things have once installed.  The pages are written for the
# source tree (scripts/summary, make results); installed, the commands on
# PATH are latbw-run, latbw-fleet, latbw-summary, latbw-compare,
# latbw-graph, latbw-report and latbw-records, the
# programs and the scripts' parts live in LIBEXECDIR, and every page name
# starts with "latbw" (lat_pipe.1 is installed as latbw-lat_pipe.1, so that
# no page has a name that another package's page has: lmbench's own
# lat_pipe(8), for one).  This program makes that page:
#
#   awk -v page=lat_pipe -f scripts/registry.awk -f doc/installed.awk \
#       doc/lat_pipe.1
#
# or, with -v outdir=DIR instead of page, every page it is given, each
# into DIR/manN under its installed name (DIR/man1/latbw-lat_pipe.1): what
# make install runs, one awk for all the pages rather than one a page.
#
# with, in the environment, LATBW_PAGES (the name of every page in doc/,
# blank-separated), LATBW_PROGS (the programs installed in LIBEXECDIR) and
# LATBW_LIBEXECDIR (where they are, as configured: without DESTDIR).
#
# What it changes, and nothing else:
#   .TH and the NAME line       the page's installed name (LATBW-LAT_PIPE)
#   .B/.BR/.RB NAME (N)         a reference to one of latbw's pages: its
#                               installed name (latbw\-lat_pipe (1))
#   .B/.BR/.RB summary|compare|graph  the command, as the first word of
#                               an argument: latbw\-summary ...
#   SYNOPSIS .B PROG            a program's path: LIBEXECDIR/lat_pipe
#   scripts/summary ...         the command: latbw\-summary, latbw\-run ...
#   scripts/FILE                LIBEXECDIR/FILE (read.awk, registry ...)
#   make results|quick|rerun    latbw\-run (QUICK=1, RERUN=1 in front)
#   make results HOSTS="a b"    latbw\-fleet a b (a SYNOPSIS's ".B make
#                               results" before ".BI HOSTS=...": dropped,
#                               with its .br)

# The installed name of page (or command) n.
function inst(n) {
	return n ~ /^latbw/ ? n : "latbw-" n
}

# s written for troff: backslashes as \e, hyphens as \-.
function troff(s) {
	return repl(repl(s, "\\", "\\e"), "-", "\\-")
}

# s with every "from" replaced by "to" (literal strings, no regex): the
# registry's reg_subst (scripts/registry.awk, loaded before this file).
function repl(s, from, to) {
	return reg_subst(s, from, to)
}

# s with each scripts/FILE in it replaced: a command by its installed
# name, any other file by its path in LIBEXECDIR.
function scripts(s,    out, i, rest, tok, name) {
	out = ""
	while ((i = index(s, "scripts/")) > 0) {
		out = out substr(s, 1, i - 1)
		rest = substr(s, i + 8)
		# the file's name: letters, digits, _, *, hyphens (\- too) and
		# dots followed by a letter (".awk", not a full stop)
		if (!match(rest, /^([A-Za-z0-9_*]|\\-|-|\.[A-Za-z*])+/)) {
			out = out "scripts/"
			s = rest
			continue
		}
		tok = substr(rest, 1, RLENGTH)
		name = repl(tok, "\\-", "-")
		if (name in command)
			out = out troff(inst(name))
		else
			out = out libexec "/" tok
		s = substr(rest, RLENGTH + 1)
	}
	return out s
}

# A line of bold with latbw's page references and commands renamed.
function bold(s,    out, pre, w, name, after, rest) {
	out = ""
	# a word starts at the line's first blank, or after a blank, a quote
	# or an opening parenthesis
	while (match(s, /[ "(]([A-Za-z0-9_]|\\-|-)+/)) {
		pre = substr(s, 1, RSTART)
		w = substr(s, RSTART + 1, RLENGTH - 1)
		rest = substr(s, RSTART + RLENGTH)
		name = repl(w, "\\-", "-")
		if (name !~ /^latbw/ &&
		    (((name in ours) && rest ~ /^ \([1-9]\)/) ||
		     ((name in command) && rest !~ /^ \([1-9]\)/ &&
		      rest ~ /^([ :"]|$)/ &&
		      (pre ~ /^\.[BR]+ "?$/ || substr(pre, length(pre)) == "\""))))
			w = troff(inst(name))
		out = out pre w
		s = rest
	}
	return out s
}

BEGIN {
	if (page == "" && outdir == "") {
		print "installed.awk: no page (-v page=NAME or -v outdir=DIR)" > "/dev/stderr"
		exit 2
	}
	n = split(ENVIRON["LATBW_PAGES"], a, " ")
	for (i = 1; i <= n; i++)
		ours[a[i]] = 1
	n = split(ENVIRON["LATBW_PROGS"], a, " ")
	for (i = 1; i <= n; i++)
		prog[a[i]] = 1
	command["latbw-run"] = command["latbw-fleet"] = command["summary"] = 1
	command["compare"] = command["graph"] = command["report"] = command["records"] = 1
	libexec = troff(ENVIRON["LATBW_LIBEXECDIR"])
	if (libexec == "") {
		print "installed.awk: LATBW_LIBEXECDIR is not set" > "/dev/stderr"
		exit 2
	}
}

# -v outdir=DIR: each file a page, read afresh, into DIR/manN.
outdir != "" && FNR == 1 {
	if (out != "")
		close(out)
	page = FILENAME
	sub(/.*\//, "", page)
	out = page
	sub(/.*\./, "", out)
	out = outdir "/man" out "/" inst(page)
	sub(/\.[^.]*$/, "", page)
	section = held = ""
	named = dropping_br = 0
}

/^\.SH / {
	section = $0
	sub(/^\.SH +/, "", section)
	gsub(/"/, "", section)
	put($0)
	next
}

/^\.TH / {
	$2 = toupper(inst(page))
	put($0)
	next
}

section == "NAME" && !named && page !~ /^latbw/ {
	named = 1
	w = $1
	sub(/,$/, "", w)
	if (repl(w, "\\-", "-") == page)
		$0 = inst(page) substr($0, length(w) + 1)
}

section == "SYNOPSIS" && (page in prog) && $0 == ".B " page {
	$0 = ".B " libexec "/" page
}

# make results HOSTS=... is latbw-fleet's: in a SYNOPSIS, the form with
# make goes (the one with latbw-fleet follows it).
$0 == ".B make results" {
	held = $0
	next
}
held != "" {
	if ($0 ~ /^\.BI HOSTS=/) {
		held = ""
		dropping_br = 1
		next
	}
	emit(held)
	held = ""
}
dropping_br {
	dropping_br = 0
	if ($0 == ".br")
		next
}
match($0, /make results HOSTS="[^"]*"/) {
	$0 = substr($0, 1, RSTART - 1) "latbw\\-fleet " \
		substr($0, RSTART + 20, RLENGTH - 21) substr($0, RSTART + RLENGTH)
}

{
	emit($0)
}

# emit LINE: print it with the names in it changed.  In a line of bold
# (.B, .BR, .RB): a reference to a page of latbw's (NAME (N), anywhere in
# the line), and a command (or its messages' "summary:") as the first
# word of an argument.
function emit(s) {
	if (s ~ /^\.(B|BR|RB) /)
		s = bold(s)
	s = scripts(s)
	s = repl(s, "make results", "latbw\\-run")
	s = repl(s, "make quick", "QUICK=1 latbw\\-run")
	s = repl(s, "make rerun", "RERUN=1 latbw\\-run")
	put(s)
}

# put LINE: a line of the page: into its file (outdir), else on stdout.
function put(s) {
	if (out != "")
		print s > out
	else
		print s
}
